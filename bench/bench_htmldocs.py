"""HTML-only tree: documents/s and where the CPU goes, ours now against ours at another commit.

    /work/main/.venv/bin/python bench/bench_htmldocs.py --before /tmp/speed-before
    /work/main/.venv/bin/python bench/bench_htmldocs.py --other main=/tmp/main --other step=/tmp/s1
    /work/main/.venv/bin/python bench/bench_htmldocs.py --set CITESEEKER_RENDER=never --repeat 2

The tree (default: Debian's ``python3.11-doc``, 530 pages, ~50 MB of HTML; ``apt-get install
python3.11-doc``) is served by ``realdocs/serve.py`` (Python's static server, listen queue
128). Each project root (this checkout, and ``--before``: e.g. ``git archive <commit> | tar -x
-C DIR``) crawls it with ``scrapy crawl citeseeker`` (the TeX classics as queries, rendering
off, staying within the tree: its pages link to python.org), alternating, ``--repeat`` rounds. Printed per run: wall seconds, documents/s, CPU
seconds of the crawler's main process and of its children (the parser and match workers),
and the ratio of each side's documents/s to the first other side's in the same round; the
machine's load average before each round (the machine is shared). ``--set NAME=VALUE`` is
passed to every side's crawl as ``-s`` (e.g. rendering off, as ``bench_realdocs.py`` runs).
Why CPU by process: the parser processes are there so that the main process stops being the
one busy core.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BENCH = ROOT / "bench"
sys.path.insert(0, str(BENCH))

from crawlbench.bytecode import compile_checkout  # noqa: E402

PYTHON = sys.executable
CLOCK_TICKS = os.sysconf("SC_CLK_TCK")
QUERIES = "author=Knuth\nThe TeXbook\nLiterate Programming\nauthor=van Rossum\nPython Reference Manual\n"


def cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of one process (0 once it is gone)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / CLOCK_TICKS


def crawl(project: Path, start: str, workdir: Path, settings: list[str]) -> dict[str, float]:
    """One crawl; wall time, the main process's CPU (sampled until it exits), all children's."""
    authors = workdir / "authors.txt"
    authors.write_text(QUERIES)
    command = [PYTHON, "-m", "scrapy", "crawl", "citeseeker", "-a", f"authors={authors}",
               "-a", f"startpoints={start}", "-a", f"staywithin={start.rsplit('/', 1)[0]}/",
               "-O", str(workdir / "feed.jsonl"),
               "-s", f"CITESEEKER_LOG_DIR={workdir / 'logs'}", "-s", "LOG_LEVEL=WARNING",
               "-s", "TELNETCONSOLE_ENABLED=False"]
    for setting in settings:
        command += ["-s", setting]
    before = os.times()
    started = time.perf_counter()
    process = subprocess.Popen(command, cwd=project, env=dict(os.environ, PYTHONPATH=str(project)),
                               stdout=subprocess.DEVNULL, stderr=open(workdir / "err.txt", "w"))
    main_cpu = [0.0]

    def sample() -> None:
        while process.poll() is None:
            main_cpu[0] = max(main_cpu[0], cpu_seconds(process.pid))
            time.sleep(0.1)

    sampler = threading.Thread(target=sample)
    sampler.start()
    process.wait()
    wall = time.perf_counter() - started
    sampler.join()
    after = os.times()
    total = (after.children_user - before.children_user
             + after.children_system - before.children_system)
    documents = _documents(workdir / "logs" / "summary.log")
    return {"wall": wall, "main_cpu": main_cpu[0], "children_cpu": total - main_cpu[0],
            "documents": documents, "rate": documents / wall}


def _documents(summary: Path) -> int:
    found = re.search(r"Documents searched\D*(\d+)", summary.read_text(errors="replace"))
    if found is None:
        raise SystemExit(f"no 'Documents searched' line in {summary}")
    return int(found.group(1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tree", default="/usr/share/doc/python3.11/html")
    parser.add_argument("--before", type=Path, help="another project root to compare with")
    parser.add_argument("--other", action="append", default=[], metavar="NAME=DIR",
                        help="another project root, named (repeatable)")
    parser.add_argument("--set", action="append", default=[], metavar="NAME=VALUE")
    parser.add_argument("--repeat", type=int, default=1)
    args = parser.parse_args()
    sides = [("now", ROOT)] + ([("before", args.before)] if args.before else [])
    sides += [(name, Path(path)) for name, _, path in (o.partition("=") for o in args.other)]
    for _, project in sides:
        compile_checkout(project)
    server = subprocess.Popen([PYTHON, str(BENCH / "realdocs" / "serve.py"), args.tree],
                              stdout=subprocess.PIPE, text=True)
    try:
        port = json.loads(server.stdout.readline())["ports"][0]
        start = f"http://127.0.0.1:{port}/index.html"
        for round_ in range(args.repeat):
            print(f"round {round_ + 1} load average {os.getloadavg()[0]:.1f}, "
                  f"{os.cpu_count()} cores", flush=True)
            rates = {}
            for name, project in sides:
                with tempfile.TemporaryDirectory(prefix="htmldocs-") as workdir:
                    result = crawl(project, start, Path(workdir), args.set)
                rates[name] = result["rate"]
                print(f"round {round_ + 1} {name:6s} {result['documents']} documents "
                      f"in {result['wall']:.1f} s = {result['rate']:.1f}/s; CPU main "
                      f"{result['main_cpu']:.1f} s, children {result['children_cpu']:.1f} s",
                      flush=True)
            for name, _ in sides[1:]:
                print(f"round {round_ + 1} documents/s now/{name}: "
                      f"{rates['now'] / rates[name]:.2f}x", flush=True)
    finally:
        server.terminate()
        server.wait()


if __name__ == "__main__":
    main()
