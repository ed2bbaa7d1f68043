"""Servers that drop connections: the same small pages from a listen queue of 5 and of 128.

    /work/main/.venv/bin/python bench/bench_dropweb.py                      # 3,000 pages
    /work/main/.venv/bin/python bench/bench_dropweb.py --other main=/tmp/main --repeat 2
    /work/main/.venv/bin/python bench/bench_dropweb.py --pages 600 --only ours  # a quick look

The web: ``--pages`` small pages (~1 KB: a root, sections of 100 pages, each page linking its
neighbours, its section and the root), generated into a temporary directory and served twice
on 127.0.0.1 by Python's plain ``http.server`` (``ThreadingHTTPServer``, HTTP/1.0: one
connection per page): once with its default listen queue of 5 (``request_queue_size``, as
``python3 -m http.server``), once with 128. A queue of 5 overflows when connections come
faster than the server's one thread accepts them; the kernel then drops the SYN and the
client retries it after 1 s: a crawler that opens many connections at once waits that second
again and again, ``wget -r`` (one connection at a time) hardly ever.

Crawled, one at a time, alternating, for each queue: **ours** (``scrapy crawl citeseeker``
from this checkout, the project's settings, rendering off), each ``--other NAME=DIR`` project
root (e.g. ``git archive main | tar -x -C DIR``: "today"), **stock** Scrapy (``scrapy runspider
crawlbench/stock_spider.py`` from a temporary directory: Scrapy's defaults, 8 connections per
server) and ``wget -r`` (one connection at a time). Printed: wall seconds, pages fetched, the
kernel's listen overflows during the run (``/proc/net/netstat``, the whole machine), ours's
smallest per-server concurrency (stats ``citeseeker/adaptive/...``), and the ratios that
answer the question: ours / stock per queue, queue 5 / queue 128 per crawler.
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BENCH = ROOT / "bench"
sys.path.insert(0, str(BENCH))

from crawlbench.bytecode import compile_checkout  # noqa: E402

PYTHON = sys.executable
SECTION_PAGES = 100
QUERIES = "author=Knuth\nThe TeXbook\n"


# --- the web --------------------------------------------------------------------------------

def generate(directory: Path, pages: int) -> None:
    """``index.html`` → ``s<k>/index.html`` → ``s<k>/p<i>.html`` (prev, next, section, root)."""
    sections = (pages + SECTION_PAGES - 1) // SECTION_PAGES
    links = "".join(f'<li><a href="s{k}/index.html">section {k}</a></li>' for k in range(sections))
    (directory / "index.html").write_text(f"<html><body><h1>Root</h1><ul>{links}</ul></body></html>")
    for k in range(sections):
        section = directory / f"s{k}"
        section.mkdir()
        count = min(SECTION_PAGES, pages - k * SECTION_PAGES)
        items = "".join(f'<li><a href="p{i}.html">page {i}</a></li>' for i in range(count))
        (section / "index.html").write_text(
            f"<html><body><h1>Section {k}</h1><ul>{items}</ul></body></html>")
        for i in range(count):
            (section / f"p{i}.html").write_text(_page(k, i, count))


def _page(section: int, number: int, count: int) -> str:
    neighbours = "".join(f'<a href="p{j}.html">page {j}</a> ' for j in (number - 1, number + 1)
                         if 0 <= j < count)
    words = " ".join(f"word{(section * 7 + number * 13 + w) % 997}" for w in range(120))
    return (f"<html><head><title>Page {section}.{number}</title></head><body>"
            f"<h1>Page {number} of section {section}</h1><p>{words}</p>"
            f'<p>{neighbours}<a href="index.html">section</a> <a href="../index.html">root</a>'
            f"</p></body></html>")


class QueueServer(ThreadingHTTPServer):
    """``http.server``'s threaded server; ``request_queue_size`` is set per instance."""

    daemon_threads = True


class QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:  # noqa: A002
        pass


def serve(directory: str, queues: list[int]) -> None:
    """One server per listen queue, in this process; prints their ports, serves until killed."""
    servers = []
    for queue in queues:
        server_class = type(f"Queue{queue}Server", (QueueServer,), {"request_queue_size": queue})
        handler = functools.partial(QuietHandler, directory=directory)
        server = server_class(("127.0.0.1", 0), handler)
        servers.append(server)
        threading.Thread(target=server.serve_forever, daemon=True).start()
    print(json.dumps({"ports": [s.server_address[1] for s in servers]}), flush=True)
    threading.Event().wait()


# --- the crawlers ---------------------------------------------------------------------------

def listen_overflows() -> int:
    """TcpExt ListenOverflows of the whole machine (SYNs dropped by a full accept queue)."""
    lines = Path("/proc/net/netstat").read_text().splitlines()
    for names, values in zip(lines[::2], lines[1::2]):
        if names.startswith("TcpExt:"):
            table = dict(zip(names.split()[1:], values.split()[1:]))
            return int(table.get("ListenOverflows", 0))
    return 0


def ours(project: Path, start: str, workdir: Path) -> tuple[list[str], Path]:
    authors = workdir / "authors.txt"
    authors.write_text(QUERIES)
    command = [PYTHON, "-m", "scrapy", "crawl", "citeseeker", "-a", f"authors={authors}",
               "-a", f"startpoints={start}", "-O", str(workdir / "feed.jsonl"),
               "-s", f"CITESEEKER_LOG_DIR={workdir / 'logs'}", "-s", "LOG_LEVEL=INFO",
               "-s", f"LOG_FILE={workdir / 'scrapy.log'}", "-s", "CITESEEKER_RENDER=never",
               "-s", "TELNETCONSOLE_ENABLED=False"]
    return command, project


def stock(start: str, workdir: Path) -> tuple[list[str], Path]:
    command = [PYTHON, "-m", "scrapy", "runspider", str(BENCH / "crawlbench" / "stock_spider.py"),
               "-a", f"start={start}", "-s", "LOG_LEVEL=INFO",
               "-s", f"LOG_FILE={workdir / 'scrapy.log'}", "-s", "TELNETCONSOLE_ENABLED=False"]
    return command, workdir


def wget(start: str, workdir: Path) -> tuple[list[str], Path]:
    return ["wget", "-r", "-l", "inf", "-np", "-q", "-P", str(workdir / "mirror"), start], workdir


def run(name: str, command: list[str], cwd: Path, workdir: Path, env: dict[str, str]) -> dict:
    overflows = listen_overflows()
    started = time.perf_counter()
    subprocess.run(command, cwd=cwd, env=env, stdout=subprocess.DEVNULL,
                   stderr=open(workdir / "stderr.txt", "w"), check=False)
    wall = time.perf_counter() - started
    return {"wall": wall, "pages": _pages(name, workdir),
            "overflows": listen_overflows() - overflows, "smallest": _smallest(workdir)}


def _pages(name: str, workdir: Path) -> int:
    if name == "wget":
        return sum(1 for _ in (workdir / "mirror").rglob("*.html"))
    log = (workdir / "scrapy.log").read_text(errors="replace")
    found = re.findall(r"'response_received_count': (\d+)", log)
    return int(found[-1]) if found else 0


def _smallest(workdir: Path) -> str:
    log = workdir / "scrapy.log"
    if not log.exists():
        return ""
    found = re.findall(r"'citeseeker/adaptive/([a-z_]+)': (\d+)", log.read_text(errors="replace"))
    return ", ".join(f"{key} {value}" for key, value in found)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--pages", type=int, default=3000)
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--other", action="append", default=[], metavar="NAME=DIR")
    parser.add_argument("--only", action="append", choices=("ours", "stock", "wget", "other"))
    parser.add_argument("--queues", default="5,128", help="listen queues to serve and crawl")
    parser.add_argument("--serve", nargs="+", help=argparse.SUPPRESS)  # DIR QUEUE...
    args = parser.parse_args()
    if args.serve:
        serve(args.serve[0], [int(q) for q in args.serve[1:]])
        return
    work = Path(tempfile.mkdtemp(prefix="dropweb-"))
    (work / "web").mkdir()
    generate(work / "web", args.pages)
    queues = [int(q) for q in args.queues.split(",")]
    server = subprocess.Popen([PYTHON, __file__, "--serve", str(work / "web"), *map(str, queues)],
                              stdout=subprocess.PIPE, text=True)
    try:
        ports = json.loads(server.stdout.readline())["ports"]
        _rounds(args, dict(zip(queues, ports)), work)
    finally:
        server.terminate()
        server.wait()
        shutil.rmtree(work, ignore_errors=True)


def _sides(args: argparse.Namespace) -> list[tuple[str, str | Path]]:
    only = set(args.only or ("ours", "stock", "wget", "other"))
    sides: list[tuple[str, str | Path]] = [("ours", ROOT)] if "ours" in only else []
    if "other" in only:
        sides += [(name, Path(path)) for name, _, path in (o.partition("=") for o in args.other)]
    sides += [(name, name) for name in ("stock", "wget") if name in only]
    return sides


def _rounds(args: argparse.Namespace, ports: dict[int, int], work: Path) -> None:
    for _, project in _sides(args):
        if isinstance(project, Path):
            compile_checkout(project)
    print(f"{args.pages} pages; load average {os.getloadavg()[0]:.1f}, {os.cpu_count()} cores",
          flush=True)
    for round_ in range(args.repeat):
        walls: dict[tuple[str, int], float] = {}
        for queue, port in ports.items():
            start = f"http://127.0.0.1:{port}/index.html"
            for name, side in _sides(args):
                workdir = Path(tempfile.mkdtemp(prefix=f"{name}-", dir=work))
                command, cwd = _command(name, side, start, workdir)
                env = dict(os.environ, PYTHONPATH=str(side)) if isinstance(side, Path) else \
                    {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
                result = run(name, command, cwd, workdir, env)
                walls[name, queue] = result["wall"]
                print(f"round {round_ + 1} queue {queue:3d} {name:8s} {result['wall']:6.1f} s "
                      f"{result['pages']:5d} pages, listen overflows {result['overflows']:6d} "
                      f"{result['smallest']}", flush=True)
        _ratios(round_ + 1, walls)


def _command(name: str, side: str | Path, start: str, workdir: Path) -> tuple[list[str], Path]:
    if name == "stock":
        return stock(start, workdir)
    if name == "wget":
        return wget(start, workdir)
    return ours(Path(side), start, workdir)


def _ratios(round_: int, walls: dict[tuple[str, int], float]) -> None:
    names = sorted({name for name, _ in walls})
    for name in names:
        if (name, 5) in walls and (name, 128) in walls:
            print(f"round {round_} {name}: queue 5 / queue 128 = "
                  f"{walls[name, 5] / walls[name, 128]:.2f}x", flush=True)
    for queue in (5, 128):
        for name in names:
            if name != "ours" and (name, queue) in walls and ("ours", queue) in walls:
                print(f"round {round_} queue {queue}: ours / {name} = "
                      f"{walls['ours', queue] / walls[name, queue]:.2f}x", flush=True)


if __name__ == "__main__":
    main()
