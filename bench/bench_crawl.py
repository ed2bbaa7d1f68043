"""Crawl benchmark: ``scrapy crawl citeseeker`` against a stock Scrapy spider on a generated web.

    .venv/bin/python bench/bench_crawl.py                  # 10k, 50k, 100k pages (~27 min here)
    .venv/bin/python bench/bench_crawl.py --quick          # smoke run: 2,000 pages, one run each
    .venv/bin/python bench/bench_crawl.py --pages 10000 --repeat 3 --profile 0
    .venv/bin/python bench/bench_crawl.py --defaults-row --profile-stock --keep --json r.json
    .venv/bin/python bench/bench_crawl.py --report r.json[,r2.json]   # the table again

The web (``crawlbench/web.py``): ``--servers`` servers = ports on 127.0.0.1, ``--site-pages``
pages each (~2 KB, ~10 links: tree children, parent and root (loops), random same-server pages,
prev/next, one page of another server, redirects ``/r/<n>`` and cross-server ``/x/<s>/<n>``),
30 % of pages carrying a reference list with workload A's authors and titles. Served by one
asyncio process (``crawlbench/server.py``); its rate is measured first with a load from a
second process. The web has 10 % more pages than the largest target so that reaching the
target never depends on reaching every last page.

Both crawlers run as subprocesses, one at a time (2-core machine), alternating ours/stock:

* **ours**: ``scrapy crawl citeseeker`` from the project root, ``-a authors=<workload A file>
  -a startpoints=http://127.0.0.1:<port0>/``, logs in a temp dir, project settings otherwise
  (servers at once as the frontier finds, ROBOTSTXT_OBEY, matching on);
* **stock**: ``scrapy runspider crawlbench/stock_spider.py`` from a temp dir (Scrapy defaults:
  default scheduler + RFPDupeFilter), following every ``a[href]`` with ``response.follow``.

Both get ``CONCURRENT_REQUESTS=16``, ``CONCURRENT_REQUESTS_PER_DOMAIN=16``, ``ROBOTSTXT_OBEY=True``,
``TELNETCONSOLE_ENABLED=False``, ``LOG_LEVEL=INFO`` (to a file), ``CLOSESPIDER_PAGECOUNT=N``.
PER_DOMAIN=16 because Scrapy's download slot is the *hostname*: all ports of 127.0.0.1 share one
slot, so a per-domain limit of 4 would cap the whole crawl at 4 requests in flight.
``--defaults-row`` adds one run of ours with the project's shipped PER_DOMAIN=4.

Measured with ``crawlbench/probe.py`` (an extension added to both): at every target N, the
seconds from ``spider_opened`` to the N-th ``response_received`` (the count behind
``response_received_count`` and CLOSESPIDER_PAGECOUNT; robots.txt counts, 302s do not), and
the crawler process's peak RSS so far (VmHWM). A run stops at its largest N and reports every
smaller N it passed as a checkpoint, so ``--repeat 3 --big-repeat 1`` makes one run to the
largest N and two to the second largest: 3 samples for each N except the largest (1).
"""

from __future__ import annotations

import argparse
import json
import os
import pstats
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BENCH = ROOT / "bench"
sys.path.insert(0, str(BENCH))

from crawlbench.bytecode import compile_checkout  # noqa: E402
from crawlbench.web import searchstrings  # noqa: E402

#: The interpreter running this benchmark (e.g. the project's ``.venv``) runs both crawlers.
PYTHON = sys.executable
COMMON_SETTINGS = {
    "CONCURRENT_REQUESTS": "16",
    "CONCURRENT_REQUESTS_PER_DOMAIN": "16",
    "ROBOTSTXT_OBEY": "True",
    "TELNETCONSOLE_ENABLED": "False",
    "LOG_LEVEL": "INFO",
    "EXTENSIONS": json.dumps({"crawlbench.probe.Probe": 500}),
}
#: Removed from the crawlers' environment: no proxy may take loopback traffic elsewhere, and a
#: ``no_proxy`` alone makes Scrapy's HttpProxyMiddleware scan os.environ for every request.
PROXY_VARIABLES = ("http_proxy", "https_proxy", "all_proxy", "no_proxy", "HTTP_PROXY",
                   "HTTPS_PROXY", "ALL_PROXY", "NO_PROXY")


# --- the server ---------------------------------------------------------------------------------

class WebServer:
    """The generated web in its own process; ``stats()``/``reset()`` through its control port."""

    def __init__(self, servers: int, pages: int) -> None:
        self.process = subprocess.Popen(
            [PYTHON, str(BENCH / "crawlbench" / "server.py"), "--servers", str(servers),
             "--pages", str(pages)], stdout=subprocess.PIPE, text=True, start_new_session=True)
        ready = json.loads(self.process.stdout.readline())
        self.ports: list[int] = ready["ports"]
        self.control: int = ready["control"]
        self.servers = servers
        self.pages = pages
        self._opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))

    def _get(self, path: str) -> dict:
        with self._opener.open(f"http://127.0.0.1:{self.control}{path}", timeout=30) as reply:
            return json.loads(reply.read())

    def stats(self) -> dict:
        return self._get("/stats")

    def reset(self) -> None:
        self._get("/reset")

    def start_url(self) -> str:
        return f"http://127.0.0.1:{self.ports[0]}/"

    def stop(self) -> None:
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            self.process.wait(timeout=10)


def measure_server(server: WebServer, seconds: float) -> dict:
    server.reset()
    out = subprocess.run(
        [PYTHON, str(BENCH / "crawlbench" / "load.py"), "--ports",
         ",".join(map(str, server.ports)), "--pages", str(server.pages), "--seconds", str(seconds),
         "--connections", "32"], capture_output=True, text=True, check=True, env=clean_env(None))
    load = json.loads(out.stdout)
    stats = server.stats()
    load["server_cpu_seconds"] = stats["cpu_seconds"]
    load["per_cpu_second"] = stats["requests"] / max(stats["cpu_seconds"], 1e-9)
    return load


# --- one crawl ----------------------------------------------------------------------------------

@dataclass
class Run:
    crawler: str            # "ours", "stock", "ours-defaults"
    stop: int
    checkpoints: dict[int, dict] = field(default_factory=dict)   # N -> probe record
    reason: str | None = None
    responses: int = 0
    wall: float = 0.0
    sampled_peak_kib: int = 0
    server: dict = field(default_factory=dict)
    stats: dict = field(default_factory=dict)
    logs: dict = field(default_factory=dict)
    returncode: int | None = None

    def rate(self, n: int) -> float | None:
        record = self.checkpoints.get(n)
        return record["pages"] / record["seconds"] if record else None

    def hwm_mib(self, n: int) -> float | None:
        record = self.checkpoints.get(n)
        return record["hwm_kib"] / 1024 if record else None

    def cpu_ms(self, n: int) -> float | None:
        """CPU milliseconds per page up to the N-th page of the crawler process and of its
        child processes (ours: the parser processes, which read and match small pages)."""
        record = self.checkpoints.get(n)
        if not record:
            return None
        return 1000 * (record["cpu_seconds"] + record.get("children_cpu_seconds", 0)) / record["pages"]


def clean_env(pythonpath: str | None) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in PROXY_VARIABLES}
    env.pop("SCRAPY_SETTINGS_MODULE", None)
    if pythonpath is None:
        env.pop("PYTHONPATH", None)
    else:
        env["PYTHONPATH"] = pythonpath
    return env


def crawl_command(crawler: str, server: WebServer, stop: int, checkpoints: list[int],
                  workdir: Path, queries: Path, extra: dict[str, str]) -> tuple[list[str], Path, dict]:
    settings = dict(COMMON_SETTINGS)
    settings.update({
        "CLOSESPIDER_PAGECOUNT": str(stop),
        "LOG_FILE": str(workdir / "scrapy.log"),
        "CRAWLBENCH_CHECKPOINTS": ",".join(map(str, checkpoints)),
        "CRAWLBENCH_OUT": str(workdir / "probe.json"),
    })
    if crawler.startswith("ours"):
        settings["CITESEEKER_LOG_DIR"] = str(workdir / "logs")
        if crawler == "ours-defaults":
            del settings["CONCURRENT_REQUESTS_PER_DOMAIN"]   # the project's 4
        args = ["crawl", "citeseeker", "-a", f"authors={queries}",
                "-a", f"startpoints={server.start_url()}"]
        cwd, pythonpath = ROOT, f"{ROOT}{os.pathsep}{BENCH}"
    else:
        args = ["runspider", str(BENCH / "crawlbench" / "stock_spider.py"),
                "-a", f"start={server.start_url()}"]
        cwd, pythonpath = workdir, str(BENCH)
    settings.update(extra)
    for name, value in settings.items():
        args += ["-s", f"{name}={value}"]
    return args, cwd, clean_env(pythonpath)


def sample_rss(pid: int, stop: threading.Event, peak: list[int]) -> None:
    """VmRSS of the crawler every 0.2 s (a cross-check of the probe's VmHWM)."""
    path = f"/proc/{pid}/status"
    while not stop.wait(0.2):
        try:
            with open(path, encoding="ascii") as status:
                for line in status:
                    if line.startswith("VmRSS:"):
                        peak[0] = max(peak[0], int(line.split()[1]))
        except OSError:
            return


def run_crawl(crawler: str, server: WebServer, stop: int, checkpoints: list[int], temp: Path,
              queries: Path, index: int, profile_out: Path | None = None,
              extra: dict[str, str] | None = None) -> Run:
    workdir = temp / f"run{index:02d}-{crawler}-{stop}"
    workdir.mkdir(parents=True)
    args, cwd, env = crawl_command(crawler, server, stop, checkpoints, workdir, queries,
                                   extra or {})
    command = ([PYTHON, str(BENCH / "crawlbench" / "profile_ours.py"), str(profile_out), *args]
               if profile_out else [PYTHON, "-m", "scrapy", *args])
    (workdir / "command.txt").write_text(" ".join(command) + "\n", encoding="utf-8")
    server.reset()
    started = time.monotonic()
    with open(workdir / "stdout", "w", encoding="utf-8") as output:
        process = subprocess.Popen(command, cwd=cwd, env=env, stdout=output,
                                   stderr=subprocess.STDOUT, start_new_session=True)
    done, peak = threading.Event(), [0]
    sampler = threading.Thread(target=sample_rss, args=(process.pid, done, peak), daemon=True)
    sampler.start()
    timeout = 300 + stop / 40
    try:
        returncode = process.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        returncode = process.wait()
    done.set()
    sampler.join()
    run = Run(crawler, stop, wall=time.monotonic() - started, sampled_peak_kib=peak[0],
              returncode=returncode, server=server.stats())
    probe_file = workdir / "probe.json"
    if probe_file.exists():
        probe = json.loads(probe_file.read_text(encoding="utf-8"))
        run.checkpoints = {c: r for c in checkpoints for r in probe["checkpoints"]
                           if r["pages"] == c}
        run.reason, run.responses, run.stats = probe["reason"], probe["responses"], probe["stats"]
    run.logs = read_logs(workdir)
    return run


def read_logs(workdir: Path) -> dict:
    """Problems worth a look: ERROR lines and tracebacks, our errors.log and completed.log."""
    logs: dict = {}
    text = ""
    for name in ("scrapy.log", "stdout"):
        path = workdir / name
        if path.exists():
            text += path.read_text(encoding="utf-8", errors="replace")
    lines = text.splitlines()
    logs["error_lines"] = [line for line in lines if "] ERROR:" in line or "Traceback" in line][:5]
    logs["error_count"] = sum(1 for line in lines if "] ERROR:" in line)
    for name in ("errors.log", "completed.log"):
        path = workdir / "logs" / name
        if path.exists():
            entries = [line for line in path.read_text(encoding="utf-8").splitlines()
                       if line and not line.startswith("*****")]
            logs[name] = entries
    return logs


# --- plan, table, report ------------------------------------------------------------------------

def plan(pages: list[int], repeat: int, big_repeat: int) -> list[tuple[str, int]]:
    """(crawler, stop) in run order: ours and stock alternate; every N gets ``repeat`` samples
    as end points or checkpoints, the largest N ``big_repeat``."""
    largest = pages[-1]
    second = pages[-2] if len(pages) > 1 else largest
    runs = []
    for i in range(repeat):
        stop = largest if i < big_repeat else second
        first, other = ("ours", "stock") if i % 2 == 0 else ("stock", "ours")
        runs += [(first, stop), (other, stop)]
    return runs


def median(values: list[float | None]) -> float | None:
    values = [v for v in values if v is not None]
    return statistics.median(values) if values else None


def fmt(value: float | None, spec: str = ",.0f") -> str:
    return "-" if value is None else format(value, spec)


def growth(runs: list[Run], n: int, base: int) -> float | None:
    """Median over runs of peak RSS at ``n`` / peak RSS at ``base`` *within the same run*."""
    return median([r.hwm_mib(n) / r.hwm_mib(base) for r in runs
                   if r.hwm_mib(n) and r.hwm_mib(base)])


def print_table(runs: list[Run], pages: list[int]) -> None:
    ours = [r for r in runs if r.crawler == "ours"]
    stock = [r for r in runs if r.crawler == "stock"]
    base = f"RSS@{pages[0] // 1000}k" if pages[0] >= 1000 else f"RSS@{pages[0]}"
    header = (f"{'pages':>8} {'ours p/s':>9} {'stock p/s':>9} {'ratio':>6} {'ours MiB':>9} "
              f"{'stock MiB':>9} {'ours RSS/' + base:>16} {'stock RSS/' + base:>17} "
              f"{'samples o/s':>11} {'CPU ms/page o/s':>15} {'CPU ratio':>9}")
    print(header)
    print("-" * len(header))
    for n in pages:
        o_rate, s_rate = median([r.rate(n) for r in ours]), median([r.rate(n) for r in stock])
        o_mem, s_mem = median([r.hwm_mib(n) for r in ours]), median([r.hwm_mib(n) for r in stock])
        ratio = o_rate / s_rate if o_rate and s_rate else None
        samples = (f"{sum(1 for r in ours if n in r.checkpoints)}/"
                   f"{sum(1 for r in stock if n in r.checkpoints)}")
        o_cpu, s_cpu = median([r.cpu_ms(n) for r in ours]), median([r.cpu_ms(n) for r in stock])
        cpu_ratio = s_cpu / o_cpu if o_cpu and s_cpu else None
        print(f"{n:>8,} {fmt(o_rate):>9} {fmt(s_rate):>9} {fmt(ratio, '.2f'):>6} "
              f"{fmt(o_mem):>9} {fmt(s_mem):>9} {fmt(growth(ours, n, pages[0]), '.2f'):>16} "
              f"{fmt(growth(stock, n, pages[0]), '.2f'):>17} {samples:>11} "
              f"{fmt(o_cpu, '.2f') + '/' + fmt(s_cpu, '.2f'):>15} {fmt(cpu_ratio, '.2f'):>9}")


def load_runs(path: str) -> list[Run]:
    """Runs written by ``--json`` (to print the table again with ``--report``)."""
    runs = []
    for data in json.loads(Path(path).read_text(encoding="utf-8")):
        data["checkpoints"] = {int(k): v for k, v in data["checkpoints"].items()}
        runs.append(Run(**data))
    return runs


def describe_run(run: Run, server: WebServer) -> str:
    stats, srv = run.stats, run.server
    last = max(run.checkpoints) if run.checkpoints else None
    record = run.checkpoints.get(last) if last else None
    cpu = f"{record['cpu_seconds'] / record['seconds']:.0%}" if record else "-"
    if record and record.get("children_rss_kib"):
        cpu += (f", child processes CPU {record['children_cpu_seconds'] / record['seconds']:.0%}"
                f" and RSS {record['children_rss_kib'] / 1024:.0f} MiB at the last checkpoint")
    rates = " ".join(f"{n // 1000}k:{run.rate(n):.0f}/s,{run.hwm_mib(n):.0f}MiB"
                     for n in sorted(run.checkpoints))
    status = srv.get("status", {})
    line = (f"  {run.crawler:<13} stop={run.stop:<7,} reason={run.reason} responses={run.responses:,}"
            f" rc={run.returncode} wall={run.wall:.0f}s crawler-CPU={cpu} | {rates}"
            f" | sampled peak RSS {run.sampled_peak_kib / 1024:.0f} MiB"
            f"\n      server: {srv.get('requests', 0):,} requests (200: {status.get('200', 0):,},"
            f" 302: {status.get('302', 0):,}, robots: {status.get('robots', 0)},"
            f" 404: {status.get('404', 0)}), same path requested again: "
            f"{srv.get('repeated_requests', 0):,}, connections: {srv.get('connections', 0)},"
            f" server CPU {srv.get('cpu_seconds', 0) / max(srv.get('seconds', 1), 1e-9):.0%} of a core")
    if run.crawler.startswith("ours"):
        completed = run.logs.get("completed.log", [])
        per_server = srv.get("distinct_pages_per_server", {})
        ports = {f"http://127.0.0.1:{p}": i for i, p in enumerate(server.ports)}
        short = [(s, per_server.get(str(ports.get(s.split("\t")[-1].strip(), -1)), 0))
                 for s in completed]
        partial = [(s, n) for s, n in short if n < server.pages]
        refused = {k.rsplit("/", 1)[-1]: v for k, v in stats.items()
                   if k.startswith("citeseeker/frontier/refused/")}
        line += (f"\n      ours: searched {stats.get('citeseeker/documents/searched', 0):,},"
                 f" citations {stats.get('citeseeker/citations', 0):,} in"
                 f" {stats.get('citeseeker/documents/with_citations', 0):,} documents,"
                 f" servers completed {len(completed)}"
                 f" (of them fetched < {server.pages:,} pages: {len(partial)}),"
                 f" errors.log lines {len(run.logs.get('errors.log', []))},"
                 f" frontier refusals {refused}")
        if partial:
            line += f"\n      partially crawled completed servers (first 3): {partial[:3]}"
    else:
        line += (f"\n      stock: dupefilter/filtered {stats.get('dupefilter/filtered', 0):,},"
                 f" scheduler/enqueued {stats.get('scheduler/enqueued', 0):,}")
    if run.logs.get("error_count"):
        line += f"\n      ERROR lines: {run.logs['error_count']}, first: {run.logs['error_lines'][:2]}"
    return line


IDLE = ("acquire' of '_thread.lock", "poll' of 'select.epoll", "'select' of 'select")


def without_idle(stats: pstats.Stats) -> pstats.Stats:
    """Drop the waits (idle pool threads on their queue lock, the reactor in epoll): they are
    wall time, not work, and would top every list."""
    for key in [k for k in stats.stats if any(w in k[2] for w in IDLE)]:
        del stats.stats[key]
    stats.total_tt = sum(v[2] for v in stats.stats.values())
    return stats


def profile_report(prefix: Path, top: int = 15, project: bool = True) -> None:
    threads = sorted(prefix.parent.glob(prefix.name + ".thread[0-9]*"),
                     key=lambda p: int(p.name.rsplit("thread", 1)[1]))
    main = without_idle(pstats.Stats(str(prefix) + ".main"))
    busy = [without_idle(pstats.Stats(str(t))).total_tt for t in threads]
    print(f"  CPU time (thread_time) without idle waits: main (reactor) thread {main.total_tt:.1f} s, "
          f"{len(threads)} pool threads {sum(busy):.1f} s")
    merged = pstats.Stats(str(prefix) + ".main")
    for t in threads:
        merged.add(str(t))
    merged = without_idle(merged)
    merged.files = []
    print(f"  all threads merged, top {top} by own time (tottime), idle waits removed:")
    merged.sort_stats("tottime").print_stats(top)
    if project:
        print(f"  all threads merged, the project's functions by cumulative time (top {top}):")
        merged.sort_stats("cumulative").print_stats(r"citeseeker_scrapy|spiders|middlewares", top)


# --- main ---------------------------------------------------------------------------------------

def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--pages", default="10000,50000,100000",
                        help="targets N (pages = response_received), comma-separated")
    parser.add_argument("--repeat", type=int, default=3, help="samples per N (median)")
    parser.add_argument("--big-repeat", type=int, default=1,
                        help="runs going all the way to the largest N (the rest stop at the "
                             "second largest)")
    parser.add_argument("--servers", type=int, default=50)
    parser.add_argument("--site-pages", type=int, default=0,
                        help="pages per server (default: 1.1 x largest N / servers, >= 2,000)")
    parser.add_argument("--profile", type=int, default=10000,
                        help="profile ours once at this many pages (0: no profile)")
    parser.add_argument("--profile-stock", action="store_true",
                        help="also profile the stock peer at --profile pages (a reference for "
                             "what Scrapy itself costs)")
    parser.add_argument("--defaults-row", action="store_true",
                        help="also run ours once at the smallest N with the project's "
                             "CONCURRENT_REQUESTS_PER_DOMAIN=4")
    parser.add_argument("--quick", action="store_true",
                        help="smoke run: 2,000 pages, one run each, profile at 2,000")
    parser.add_argument("--load-seconds", type=float, default=3.0)
    parser.add_argument("--keep", action="store_true", help="keep the temp dir (logs, probes)")
    parser.add_argument("--json", help="write every run's measurements to this file")
    parser.add_argument("--report", metavar="JSON[,JSON...]",
                        help="only print the table again from files written by --json")
    args = parser.parse_args()
    if args.report:
        runs = [run for path in args.report.split(",") for run in load_runs(path)]
        print_table(runs, sorted({n for r in runs if r.crawler != "ours-defaults"
                                  for n in r.checkpoints}))
        return
    if args.quick:
        args.pages, args.repeat, args.big_repeat = "2000", 1, 1
        args.profile = 2000 if args.profile else 0
    compile_checkout(ROOT)
    pages = sorted({int(p) for p in args.pages.split(",")})
    site_pages = args.site_pages or max(2000, -(-int(pages[-1] * 1.1) // args.servers))
    temp = Path(tempfile.mkdtemp(prefix="crawlbench-"))
    queries = temp / "queries.txt"
    queries.write_text(searchstrings(), encoding="utf-8")
    runs_plan = plan(pages, max(1, args.repeat), max(1, min(args.big_repeat, args.repeat)))

    print(f"Crawl benchmark: {args.servers} servers (ports on 127.0.0.1) x {site_pages:,} pages "
          f"(~2 KB, ~10 links) = {args.servers * site_pages:,} pages; targets {pages}")
    print(f"queries: workload A (10 authors x 20 titles) in {queries}")
    server = WebServer(args.servers, site_pages)
    results: list[Run] = []
    try:
        load = measure_server(server, args.load_seconds)
        print(f"server alone: {load['per_second']:,.0f} requests/s from one Python client process "
              f"(32 keep-alive connections, {load['seconds']:.1f} s); server CPU "
              f"{1e6 / load['per_cpu_second']:.0f} us/request = {load['per_cpu_second']:,.0f} "
              f"requests per server-CPU-second")
        print("settings, both: " + " ".join(f"{k}={v}" for k, v in COMMON_SETTINGS.items()
                                            if k != "EXTENSIONS")
              + " CLOSESPIDER_PAGECOUNT=<N> + probe extension; ours: project settings otherwise "
                "(servers at once as the frontier finds, matching on); stock: Scrapy defaults "
                "otherwise")
        print(f"runs ({len(runs_plan)}, one at a time): "
              + ", ".join(f"{c}->{s // 1000}k" for c, s in runs_plan), flush=True)
        for index, (crawler, stop) in enumerate(runs_plan):
            checkpoints = [n for n in pages if n <= stop]
            run = run_crawl(crawler, server, stop, checkpoints, temp, queries, index)
            results.append(run)
            print(describe_run(run, server), flush=True)
        if args.defaults_row:
            run = run_crawl("ours-defaults", server, pages[0], [pages[0]], temp, queries,
                            len(results))
            results.append(run)
            print(describe_run(run, server), flush=True)
        print()
        print_table(results, pages)
        if pages[-1] >= 100_000 and args.big_repeat < args.repeat:
            print(f"(the {pages[-1]:,}-page row is {min(args.big_repeat, args.repeat)} run(s) per "
                  f"crawler: a full repeat would take too long; the other rows are medians of "
                  f"checkpoints, see the samples column)")
        print("pages/s: N / seconds from spider_opened to the N-th response; MiB: VmHWM (peak "
              "RSS) of the crawler process at the N-th response (medians); ratio: ours/stock; "
              "RSS/RSS@: median over runs of the same run's peak RSS at N over at the first N; "
              "CPU ms/page: CPU time per page of the crawler and its child processes (ours: the "
              "parser process that reads and matches small pages; less sensitive than pages/s to "
              "other load on a shared machine), CPU ratio: stock's over ours")
        for extra in (r for r in results if r.crawler == "ours-defaults"):
            print(f"ours with the project's CONCURRENT_REQUESTS_PER_DOMAIN=4 (one run): "
                  f"{extra.rate(pages[0]) or 0:,.0f} pages/s, {extra.hwm_mib(pages[0]) or 0:.0f} MiB"
                  f" at {pages[0]:,}")
        if args.profile:
            print(f"\nProfile of ours at {args.profile:,} pages (cProfile in every thread; the "
                  f"profiler slows the crawl, look at the shares):", flush=True)
            prefix = temp / "profile" / "ours.prof"
            prefix.parent.mkdir()
            run = run_crawl("ours", server, args.profile, [args.profile], temp, queries,
                            len(results) + 1, profile_out=prefix)
            print(describe_run(run, server))
            profile_report(prefix)
        if args.profile and args.profile_stock:
            print(f"\nProfile of stock at {args.profile:,} pages (reference):", flush=True)
            prefix = temp / "profile-stock" / "stock.prof"
            prefix.parent.mkdir()
            run = run_crawl("stock", server, args.profile, [args.profile], temp, queries,
                            len(results) + 2, profile_out=prefix)
            print(describe_run(run, server))
            profile_report(prefix, project=False)
    finally:
        server.stop()
        if args.json:
            Path(args.json).write_text(json.dumps([r.__dict__ for r in results], indent=1,
                                                  default=str), encoding="utf-8")
        if args.keep:
            print(f"kept: {temp}")
        else:
            shutil.rmtree(temp, ignore_errors=True)


if __name__ == "__main__":
    main()
