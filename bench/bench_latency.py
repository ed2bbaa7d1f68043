"""Latency benchmark: many servers that answer late, ours at defaults against stock Scrapy.

    .venv/bin/python bench/bench_latency.py                      # 300 hosts x 300 pages, 200 ms
    .venv/bin/python bench/bench_latency.py --preset large       # 3,000 x 30, 500 ms, 1 connection
    .venv/bin/python bench/bench_latency.py --preset both        # both, and their peak RSS ratio
    .venv/bin/python bench/bench_latency.py --hosts 100 --pages 100 --seconds 20 --stock 64
    .venv/bin/python bench/bench_latency.py --redis-workers 2    # also 2 workers on one Redis

The web (``crawlbench/hostweb.py``): ``--hosts`` servers, each at its own address 127.1.x.y (its
own download slot), ``--pages`` pages each (~2 KB, ~10 links, one to another host), every
answer ``--latency`` s ±30 % late, 2 % of the hosts 5x slower and 2 % dropping one connection
in five. Every crawler starts from every host's root and runs ``--seconds`` (CLOSESPIDER_TIMEOUT),
one at a time:

* **ours**: ``scrapy crawl citeseeker`` at the project's defaults (workload A's queries);
* **stock**: ``scrapy runspider crawlbench/stock_spider.py`` (follow every link) at Scrapy's
  defaults (CONCURRENT_REQUESTS=16), then at each ``--stock`` CONCURRENT_REQUESTS: its best
  is the peer of the second ratio;
* **ours, CPU-bound**: ours again on the same web answering at once (the machine's limit);
* with ``--redis-workers N``: ours as N workers of one shared frontier (a redis-server the
  bench starts), each at the project's defaults, against ours as one process.

Both obey robots.txt; ``--per-server N`` sets CONCURRENT_REQUESTS_PER_DOMAIN for both (the
large preset: 1). pages/s: pages (status 200) served / seconds from the first to the last
request of the run; the politeness limit: hosts x the per-server connections ours uses / the
mean latency. CPU ms/page: CPU time of the crawler and its child processes per page (moved
less than pages/s by other load). Peak RSS: the crawler's main process (VmRSS sampled every
0.2 s). Load: the machine's 1-minute load average when the run ended (``uptime``).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import resource
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import urllib.request
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_crawl import BENCH, PYTHON, ROOT, clean_env, sample_rss  # noqa: E402
from crawlbench.bytecode import compile_checkout  # noqa: E402
from crawlbench.hostweb import SLOW_EVERY, SLOW_FACTOR, address  # noqa: E402
from crawlbench.web import searchstrings  # noqa: E402

PRESETS = {
    "small": dict(hosts=300, pages=300, latency=0.2, per_server=0),
    "large": dict(hosts=3000, pages=30, latency=0.5, per_server=1),
}
#: Ours's CONCURRENT_REQUESTS_PER_DOMAIN when --per-server is not given (settings.py).
OURS_PER_SERVER = 4
COMMON = {"ROBOTSTXT_OBEY": "True", "TELNETCONSOLE_ENABLED": "False", "LOG_LEVEL": "INFO"}
WIDTH = re.compile(r"'citeseeker/frontier/width_max': (\d+)")


class HostWebServer:
    """``crawlbench/hostweb.py`` in its own process, driven through its control port."""

    def __init__(self, hosts: int, pages: int, latency: float) -> None:
        self.process = subprocess.Popen(
            [PYTHON, str(BENCH / "crawlbench" / "hostweb.py"), "--hosts", str(hosts),
             "--pages", str(pages), "--latency", str(latency)],
            stdout=subprocess.PIPE, text=True, start_new_session=True)
        ready = json.loads(self.process.stdout.readline())
        self.port, self.control = ready["port"], ready["control"]
        self.hosts, self.latency = hosts, latency
        self._opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))

    def get(self, path: str) -> dict:
        with self._opener.open(f"http://127.0.0.1:{self.control}{path}", timeout=60) as reply:
            return json.loads(reply.read())

    def starts(self) -> list[str]:
        return [f"http://{address(h)}:{self.port}/" for h in range(self.hosts)]

    def stop(self) -> None:
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            self.process.wait(timeout=10)


@dataclass
class Result:
    name: str
    pages: int
    seconds: float
    peak_mib: float
    load: float
    width: int | None = None
    cpu: float = 0.0  # CPU seconds of the crawler and its child processes

    @property
    def cpu_ms(self) -> float:
        """CPU milliseconds per page: less moved than pages/s by other load on the machine."""
        return 1000 * self.cpu / self.pages if self.pages else 0.0

    @property
    def rate(self) -> float:
        return self.pages / self.seconds if self.seconds > 0 else 0.0


def command(crawler: str, starts: Path, queries: Path, workdir: Path,
            settings: dict[str, str]) -> tuple[list[str], Path, dict]:
    if crawler == "ours":
        args = ["crawl", "citeseeker", "-a", f"authors={queries}", "-a", f"startpoints={starts}",
                "-s", f"CITESEEKER_LOG_DIR={workdir / 'logs'}",
                "-s", "CITESEEKER_PROGRESS_LIVE=False"]
        cwd, pythonpath = ROOT, str(ROOT)
    else:
        args = ["runspider", str(BENCH / "crawlbench" / "stock_spider.py"),
                "-a", f"startfile={starts}"]
        cwd, pythonpath = workdir, None
    for name, value in settings.items():
        args += ["-s", f"{name}={value}"]
    return [PYTHON, "-m", "scrapy", *args], cwd, clean_env(pythonpath)


def run(name: str, crawler: str, server: HostWebServer, temp: Path, seconds: float,
        settings: dict[str, str], workers: int = 1) -> Result:
    """One crawler on the web for ``seconds``; ``workers`` processes of it at once (ours as
    workers of one shared frontier: ``settings`` name the Redis). Peak RSS: the first's."""
    workdir = temp / name.replace(" ", "-").replace("=", "").replace(",", "")
    workdir.mkdir()
    starts, queries = temp / "starts.txt", temp / "queries.txt"
    server.get("/reset")
    cpu_before = children_cpu()
    processes, logs = [], []
    for index in range(workers):
        place = workdir / f"w{index}" if workers > 1 else workdir
        place.mkdir(exist_ok=True)
        logs.append(place / "scrapy.log")
        merged = {**COMMON, "CLOSESPIDER_TIMEOUT": str(seconds), "LOG_FILE": str(logs[-1]),
                  **settings}
        argv, cwd, env = command(crawler, starts, queries, place, merged)
        with open(place / "stdout", "w", encoding="utf-8") as output:
            processes.append(subprocess.Popen(argv, cwd=cwd, env=env, stdout=output,
                                              stderr=subprocess.STDOUT,
                                              start_new_session=True))
    done, peak = threading.Event(), [0]
    sampler = threading.Thread(target=sample_rss, args=(processes[0].pid, done, peak),
                               daemon=True)
    sampler.start()
    for process in processes:
        try:
            process.wait(timeout=seconds + 120)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
    done.set()
    sampler.join()
    stats = server.get("/stats")
    first, last = stats.get("first_request"), stats.get("last_request")
    widths = [int(found.group(1)) for log in logs if log.exists()
              for found in [WIDTH.search(log.read_text(encoding="utf-8", errors="replace"))]
              if found]
    return Result(name, stats["status"].get("200", 0), (last - first) if first else 0.0,
                  peak[0] / 1024, os.getloadavg()[0], max(widths) if widths else None,
                  children_cpu() - cpu_before)


def redis_workers_run(args: argparse.Namespace, server: HostWebServer, temp: Path,
                      settings: dict[str, str]) -> Result:
    """Ours as ``--redis-workers`` workers of one shared frontier on a redis-server of its own."""
    from bench_redis import Redis  # redis-py: only this run needs it

    store = Redis(temp)
    try:
        shared = {**settings, "CITESEEKER_FRONTIER": "redis", "REDIS_URL": store.url,
                  "CITESEEKER_REDIS_KEY": "latencybench"}
        return run(f"ours, {args.redis_workers} Redis workers", "ours", server, temp,
                   args.seconds, shared, workers=args.redis_workers)
    finally:
        store.stop()


def children_cpu() -> float:
    """CPU seconds of the child processes waited for so far (the crawlers and theirs)."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def raise_open_files() -> int:
    """The soft limit of open files up to the hard one (inherited by the server and the
    crawlers: thousands of listening sockets and connections)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < hard:
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    return hard


def one_case(args: argparse.Namespace, temp: Path) -> list[Result]:
    """Every crawler on one web; prints each run's line as it ends."""
    per_server = {"CONCURRENT_REQUESTS_PER_DOMAIN": str(args.per_server)} if args.per_server else {}
    server = HostWebServer(args.hosts, args.pages, args.latency)
    try:
        (temp / "starts.txt").write_text("\n".join(server.starts()) + "\n", encoding="utf-8")
        plan = [("ours, defaults", "ours", per_server),
                ("stock, defaults (16)", "stock", per_server)]
        plan += [(f"stock, CONCURRENT_REQUESTS={n}", "stock",
                  {**per_server, "CONCURRENT_REQUESTS": str(n)}) for n in args.stock]
        results = []
        for name, crawler, settings in plan:
            results.append(run(name, crawler, server, temp, args.seconds, settings))
            print_result(results[-1])
        if args.redis_workers:
            results.append(redis_workers_run(args, server, temp, per_server))
            print_result(results[-1])
        server.get("/latency?s=0")
        results.append(run("ours, CPU-bound (no latency)", "ours", server, temp,
                           args.cpu_seconds, per_server))
        print_result(results[-1])
    finally:
        server.stop()
    return results


def print_result(result: Result) -> None:
    width = f", servers at once up to {result.width}" if result.width else ""
    print(f"  {result.name:<32} {result.rate:7,.0f} pages/s ({result.pages:,} pages in "
          f"{result.seconds:.0f} s), {result.cpu_ms:.1f} CPU ms/page, peak RSS "
          f"{result.peak_mib:.0f} MiB, load {result.load:.1f}{width}", flush=True)


def summary(args: argparse.Namespace, results: list[Result]) -> dict[str, float]:
    """The compact table: each crawler's rate, the limits and the ratios."""
    ours, stock_default = results[0], results[1]
    stock_best = max((r for r in results if r.name.startswith("stock")), key=lambda r: r.rate)
    cpu = results[-1]
    connections = args.per_server or OURS_PER_SERVER
    slow = args.hosts // SLOW_EVERY
    mean_latency = args.latency * ((args.hosts - slow) + slow * SLOW_FACTOR) / args.hosts
    politeness = args.hosts * connections / mean_latency
    limit = min(politeness, cpu.rate)
    print(f"\n{args.hosts:,} hosts x {args.pages:,} pages, {args.latency * 1000:.0f} ms "
          f"±30 %, {'%d connection(s) per server' % connections}, {args.seconds:.0f} s per run")
    print(f"{'':<34}{'pages/s':>9}{'CPU ms/page':>12}{'RSS MiB':>9}{'load':>6}")
    for result in results:
        print(f"{result.name:<34}{result.rate:9,.0f}{result.cpu_ms:12.1f}{result.peak_mib:9.0f}"
              f"{result.load:6.1f}")
    print(f"{'politeness limit (hosts x conn./latency)':<34}{politeness:9,.0f}")
    ratios = {"ours / stock defaults": ours.rate / max(stock_default.rate, 1e-9),
              f"ours / stock best ({stock_best.name.split(', ')[1]})":
                  ours.rate / max(stock_best.rate, 1e-9),
              "ours / min(politeness, ours CPU-bound)": ours.rate / max(limit, 1e-9)}
    shared = [r for r in results if "Redis workers" in r.name]
    if shared:
        ratios[f"{shared[0].name.removeprefix('ours, ')} / ours one process"] = (
            shared[0].rate / max(ours.rate, 1e-9))
    for name, value in ratios.items():
        print(f"{name:<42}{value:6.2f}")
    return {"rss": ours.peak_mib}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--preset", choices=["small", "large", "both"], default=None)
    parser.add_argument("--hosts", type=int)
    parser.add_argument("--pages", type=int)
    parser.add_argument("--latency", type=float)
    parser.add_argument("--per-server", type=int,
                        help="CONCURRENT_REQUESTS_PER_DOMAIN for both crawlers (default: each "
                             "its own)")
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--cpu-seconds", type=float, default=30.0)
    parser.add_argument("--stock", default="64,256",
                        help="stock's CONCURRENT_REQUESTS to try besides its default 16")
    parser.add_argument("--redis-workers", type=int, default=0,
                        help="also ours as this many workers of one Redis frontier")
    parser.add_argument("--keep", action="store_true", help="keep the logs")
    args = parser.parse_args()
    args.stock = [int(n) for n in args.stock.split(",") if n]
    presets = ["small", "large"] if args.preset == "both" else [args.preset or "small"]
    compile_checkout(ROOT)
    print(f"open files allowed: {raise_open_files():,}; ephemeral ports "
          f"{Path('/proc/sys/net/ipv4/ip_local_port_range').read_text().split()}; "
          f"listen backlog 1024 (somaxconn "
          f"{Path('/proc/sys/net/core/somaxconn').read_text().strip()})")
    rss = []
    for preset in presets:
        case = argparse.Namespace(**{**vars(args), **{
            k: getattr(args, k) if getattr(args, k) is not None else v
            for k, v in PRESETS[preset].items()}})
        temp = Path(tempfile.mkdtemp(prefix="latencybench-"))
        (temp / "queries.txt").write_text(searchstrings(), encoding="utf-8")
        try:
            rss.append(summary(case, one_case(case, temp))["rss"])
        finally:
            if args.keep:
                print(f"kept: {temp}")
            else:
                shutil.rmtree(temp, ignore_errors=True)
    if len(rss) == 2:
        print(f"peak RSS of ours, large / small: {rss[1] / rss[0]:.2f}")


if __name__ == "__main__":
    main()
