"""Shared-frontier benchmark: 1, 2 and 4 workers on one Redis vs stock Scrapy, side by side.

    .venv/bin/python bench/bench_redis.py            # ~5 min here
    .venv/bin/python bench/bench_redis.py --quick    # smaller webs, a smoke run
    .venv/bin/python bench/bench_redis.py --fair     # 2 workers on 4 servers (~1 min)

Two generated webs (``crawlbench/server.py``, one asyncio process, 20 servers):

* **latency**: every answer 100 ms late (``--latency 0.1``), each worker limited to
  ``CONCURRENT_REQUESTS=2`` and one server at a time (``CITESEEKER_CONCURRENT_SERVERS=1``: a
  worker does not lease servers it has no request slots for) so that a worker is
  network-bound, far below the machine's CPU limit: workers should scale ~linearly;
* **none**: no latency, the project's concurrency (16): CPU-bound on this 2-core machine.

For each web, the full crawl by N workers (``scrapy crawl citeseeker`` with
CITESEEKER_FRONTIER=redis, the same start point, a fresh key prefix) and, on the second web, by
the stock spider of ``crawlbench/stock_spider.py`` (Scrapy's scheduler and dupefilter). Pages/s
= requests the web served / seconds from its first to its last request (startup and the close
wait excluded, the same clock for every crawler). Redis cost, measured on the 1-worker run of
each web: round trips (``evalsha`` calls in ``INFO commandstats``) per document and per server,
bytes of a completed server (the skeleton), of a pending server and of a document of a leased
server (peak of ``MEMORY USAGE`` over the keys, sampled every 0.3 s), and Redis CPU time per
document (the scripts' ``usec`` in ``INFO commandstats``).

``--fair``: a web of only 4 servers (100 ms per answer), each worker
allowed all 4 (``CITESEEKER_CONCURRENT_SERVERS=4``): one worker against two, wall time and the
documents each worker fetched. Without a fair share the first worker would lease every server
and the second fetch nothing: two workers would take as long as one.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import redis

ROOT = Path(__file__).resolve().parents[1]
BENCH = ROOT / "bench"
PYTHON = str(ROOT / ".venv" / "bin" / "python") if (ROOT / ".venv").exists() else sys.executable
sys.path.insert(0, str(BENCH))

from crawlbench.bytecode import compile_checkout  # noqa: E402
from crawlbench.web import searchstrings  # noqa: E402

PROXY_VARIABLES = ("http_proxy", "https_proxy", "all_proxy", "no_proxy", "HTTP_PROXY",
                   "HTTPS_PROXY", "ALL_PROXY", "NO_PROXY")


def clean_env(pythonpath: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in PROXY_VARIABLES}
    env.pop("SCRAPY_SETTINGS_MODULE", None)
    env["PYTHONPATH"] = pythonpath
    return env


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Web:
    """The generated web in its own process (``--latency`` seconds per answer)."""

    def __init__(self, servers: int, pages: int, latency: float) -> None:
        self.process = subprocess.Popen(
            [PYTHON, str(BENCH / "crawlbench" / "server.py"), "--servers", str(servers),
             "--pages", str(pages), "--latency", str(latency)],
            stdout=subprocess.PIPE, text=True, start_new_session=True)
        ready = json.loads(self.process.stdout.readline())
        self.ports, self.control = ready["ports"], ready["control"]
        self.opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))

    def get(self, path: str) -> dict:
        with self.opener.open(f"http://127.0.0.1:{self.control}{path}", timeout=30) as reply:
            return json.loads(reply.read())

    def start_url(self) -> str:
        return f"http://127.0.0.1:{self.ports[0]}/"

    def stop(self) -> None:
        os.killpg(self.process.pid, signal.SIGTERM)
        self.process.wait(timeout=10)


class Redis:
    def __init__(self, directory: Path) -> None:
        self.port = free_port()
        self.process = subprocess.Popen(
            ["redis-server", "--bind", "127.0.0.1", "--port", str(self.port), "--dir",
             str(directory), "--save", "", "--appendonly", "no"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.client = redis.Redis.from_url(self.url, decode_responses=True)
        for _ in range(200):
            try:
                self.client.ping()
                return
            except redis.ConnectionError:
                time.sleep(0.05)
        raise RuntimeError("redis-server did not start")

    def stop(self) -> None:
        self.process.kill()
        self.process.wait()


class Sampler:
    """Peak bytes per document of leased servers' keys, sampled while a crawl runs."""

    def __init__(self, client: redis.Redis, prefix: str) -> None:
        self.client, self.prefix = client, prefix
        self.per_document: list[float] = []
        self.per_pending_server: list[float] = []

    def sample(self) -> None:
        c, p = self.client, self.prefix
        size = documents = 0
        for key in c.scan_iter(f"{p}:done:*", count=1000):
            size += c.memory_usage(key) or 0
            documents += c.scard(key)
        for key in c.scan_iter(f"{p}:queued:*", count=1000):
            size += c.memory_usage(key) or 0
            documents += c.hlen(key)
        if documents >= 50:
            self.per_document.append(size / documents)
        pending = c.zcard(f"{p}:pending")
        if pending >= 5:
            size = sum(c.memory_usage(f"{p}:{k}") or 0 for k in ("pending", "refs", "arrival"))
            self.per_pending_server.append(size / pending)


def run(label: str, web: Web, workdir: Path, queries: Path, *, workers: int, store: Redis | None,
        concurrency: int, servers_held: int = 4, sampler_prefix: str | None = None) -> dict:
    """One full crawl by ``workers`` processes (0 = the stock spider); the web's clock."""
    web.get("/reset")
    common = {"CONCURRENT_REQUESTS": concurrency, "CONCURRENT_REQUESTS_PER_DOMAIN": concurrency,
              "ROBOTSTXT_OBEY": True, "TELNETCONSOLE_ENABLED": False, "LOG_LEVEL": "INFO"}
    processes, sampler = [], None
    if workers == 0:
        directory = workdir / "stock"
        directory.mkdir(parents=True)
        command = ["-m", "scrapy", "runspider", str(BENCH / "crawlbench" / "stock_spider.py"),
                   "-a", f"start={web.start_url()}"]
        processes.append(_start(command, common, directory, directory, str(BENCH)))
    else:
        prefix = f"bench-{label}"
        store.client.config_resetstat()
        settings = {**common, "CITESEEKER_FRONTIER": "redis", "REDIS_URL": store.url,
                    "CITESEEKER_REDIS_KEY": prefix, "CITESEEKER_SYNC_SECONDS": 0.2,
                    "CITESEEKER_LEASE_SECONDS": 10, "CITESEEKER_CONCURRENT_SERVERS": servers_held}
        for index in range(workers):
            directory = workdir / f"{label}-w{index}"
            directory.mkdir(parents=True)
            command = ["-m", "scrapy", "crawl", "citeseeker", "-a", f"authors={queries}",
                       "-a", f"startpoints={web.start_url()}",
                       "-s", f"CITESEEKER_LOG_DIR={directory / 'logs'}"]
            processes.append(_start(command, settings, directory, ROOT, str(ROOT)))
        if sampler_prefix is not None:
            sampler = Sampler(store.client, prefix)
    while any(process.poll() is None for process in processes):
        if sampler is not None:
            sampler.sample()
        time.sleep(0.3)
    stats = web.get("/stats")
    seconds = max(stats["last_request"] - stats["first_request"], 1e-9)
    result = {"label": label, "workers": workers, "requests": stats["requests"],
              "repeated": stats["repeated_requests"], "seconds": seconds,
              "pages_per_s": stats["requests"] / seconds,
              "returncodes": [process.returncode for process in processes],
              "per_worker": [_responses(workdir / f"{label}-w{index}")
                             for index in range(workers)]}
    if workers:
        result.update(redis_cost(store, f"bench-{label}", stats["requests"], sampler))
    return result


def _start(command: list[str], settings: dict, directory: Path, cwd: Path,
           pythonpath: str) -> subprocess.Popen:
    arguments = [PYTHON, *command]
    for name, value in settings.items():
        arguments += ["-s", f"{name}={value}"]
    output = open(directory / "output.txt", "w", encoding="utf-8")
    return subprocess.Popen(arguments, cwd=cwd, env=clean_env(pythonpath), stdout=output,
                            stderr=subprocess.STDOUT)


def _responses(directory: Path) -> int:
    """Responses one worker downloaded (its stats dump at the end of its output)."""
    found = re.findall(r"'downloader/response_count': (\d+)",
                       (directory / "output.txt").read_text(encoding="utf-8", errors="replace"))
    return int(found[-1]) if found else 0


def fair_share(workdir: Path, queries: Path, store: Redis) -> list[dict]:
    """One worker, then two, on a web of 4 servers, each worker allowed all 4."""
    web = Web(4, 60, 0.1)
    results = []
    try:
        for workers in (1, 2):
            results.append(run(f"fair-{workers}w", web, workdir, queries, workers=workers,
                               store=store, concurrency=4, servers_held=4))
            _print(results[-1])
    finally:
        web.stop()
    one, two = results
    print("\n| web | workers | wall s | documents per worker | vs 1 worker |")
    print("|---|---|---|---|---|")
    for r in results:
        print(f"| 4 servers, 100 ms | {r['workers']} | {r['seconds']:.1f} | "
              f"{' + '.join(map(str, r['per_worker']))} | {one['seconds'] / r['seconds']:.2f}x |")
    return results


def redis_cost(store: Redis, prefix: str, documents: int, sampler: Sampler | None) -> dict:
    info = store.client.info("commandstats")
    scripts = [info.get(name, {}) for name in ("cmdstat_evalsha", "cmdstat_eval")]
    trips = sum(stat.get("calls", 0) for stat in scripts)
    busy_usec = sum(stat.get("usec", 0) for stat in scripts)
    completed = store.client.scard(f"{prefix}:completed")
    skeleton = store.client.memory_usage(f"{prefix}:completed") or 0
    cost = {"round_trips": trips, "round_trips_per_document": trips / max(documents, 1),
            "round_trips_per_server": trips / max(completed, 1), "servers": completed,
            "skeleton_bytes_per_server": skeleton / max(completed, 1),
            "redis_usec_per_document": busy_usec / max(documents, 1),
            "redis_usec_per_sync": busy_usec / max(trips, 1)}
    if sampler is not None and sampler.per_document:
        cost["leased_bytes_per_document"] = max(sampler.per_document)
    if sampler is not None and sampler.per_pending_server:
        cost["pending_bytes_per_server"] = max(sampler.per_pending_server)
    return cost


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--json", type=Path)
    parser.add_argument("--fair", action="store_true", help="only the fair-share comparison")
    args = parser.parse_args()
    compile_checkout(ROOT)
    servers = 20
    latency_pages, plain_pages = (15, 60) if args.quick else (40, 200)
    workdir = Path(tempfile.mkdtemp(prefix="bench-redis-"))
    queries = workdir / "authors.txt"
    queries.write_text(searchstrings(), encoding="utf-8")
    store = Redis(workdir)
    results: list[dict] = []
    if args.fair:
        try:
            fair_share(workdir, queries, store)
        finally:
            store.stop()
            shutil.rmtree(workdir, ignore_errors=True)
        return
    try:
        for name, latency, pages, concurrency, held in (("latency", 0.1, latency_pages, 2, 1),
                                                        ("none", 0.0, plain_pages, 16, 4)):
            web = Web(servers, pages, latency)
            try:
                for workers in (1, 2, 4):
                    label = f"{name}-{workers}w"
                    results.append(run(label, web, workdir, queries, workers=workers, store=store,
                                       concurrency=concurrency, servers_held=held,
                                       sampler_prefix=label if workers == 1 else None))
                    _print(results[-1])
                if name == "none":
                    results.append(run(f"{name}-stock", web, workdir, queries, workers=0,
                                       store=None, concurrency=concurrency))
                    _print(results[-1])
            finally:
                web.stop()
    finally:
        store.stop()
        shutil.rmtree(workdir, ignore_errors=True)
    report(results)
    if args.json:
        args.json.write_text(json.dumps(results, indent=1), encoding="utf-8")


def _print(result: dict) -> None:
    print(f"  {result['label']:<12} {result['requests']:>6} requests in {result['seconds']:6.1f} s"
          f" = {result['pages_per_s']:7.1f} pages/s  (repeated {result['repeated']}, exit "
          f"{result['returncodes']})", flush=True)


def report(results: list[dict]) -> None:
    by = {r["label"]: r for r in results}
    print("\n| web | workers | pages/s | vs 1 worker | requests | repeated |")
    print("|---|---|---|---|---|---|")
    for r in results:
        web = r["label"].split("-")[0]
        one = by.get(f"{web}-1w")
        ratio = r["pages_per_s"] / one["pages_per_s"] if one else 0
        name = "stock Scrapy" if r["workers"] == 0 else str(r["workers"])
        print(f"| {web} | {name} | {r['pages_per_s']:.1f} | {ratio:.2f}x | {r['requests']} "
              f"| {r['repeated']} |")
    stock = by.get("none-stock")
    if stock:
        for workers in (1, 2, 4):
            ours = by.get(f"none-{workers}w")
            if ours:
                print(f"none: {workers} worker(s) / stock = "
                      f"{ours['pages_per_s'] / stock['pages_per_s']:.2f}x")
    print("\nRedis cost (1-worker runs):")
    for label in ("latency-1w", "none-1w"):
        r = by.get(label)
        if r:
            costs = {k: round(v, 3) if isinstance(v, float) else v for k, v in r.items()
                     if k.startswith(("round_trips", "skeleton", "leased", "pending", "servers",
                                         "redis_usec"))}
            print(f"  {label}: {costs}")


if __name__ == "__main__":
    main()
