"""Real documents end to end: ``scrapy crawl citeseeker`` vs ``wget -r`` + ``pdftotext`` + our matcher.

    .venv/bin/python bench/bench_realdocs.py                       # texlive-pictures-doc, 1 run each
    .venv/bin/python bench/bench_realdocs.py --packages texlive-publishers-doc --repeat 2
    .venv/bin/python bench/bench_realdocs.py --set CITESEEKER_EXTRACTION_WORKERS=3 --keep

The tree (``realdocs/tree.py``): a Debian TeX Live documentation package, installed with
``apt-get -o DPkg::Lock::Timeout=600`` if missing (with ``wget``, ``poppler-utils``), linked into
two directories served on two 127.0.0.1 ports by Python's static server with directory listings
(``realdocs/serve.py``). Queries: works from the tree's ``.bib`` files plus TeX classics.

* **ours**: ``scrapy crawl citeseeker -a authors=Q -a startpoints="URL0 URL1"`` with the
  project's settings (a log file, a feed, and ``realdocs/probe.py`` added);
* **peer**: ``wget -r -l inf -np`` of both servers, then ``pdftotext`` on every PDF (one at a
  time, as ``find -exec``), then ``realdocs/peer_match.py``: OUR matcher over the pdftotext text,
  the HTML pages and ``.txt`` files — so only fetching and extraction differ. The peer does not
  read PostScript or archives; ours does (its figures include that work).

Measured for each, in the same run, alternating: wall time, CPU seconds of the whole process
tree (``wait4`` rusage: every child reaped), peak memory of the whole process tree sampled
every 0.1 s — summed VmRSS (shared pages counted in every process: an upper bound), and every
second summed PSS (shared pages divided between the processes: the tree's real use; reading it
costs a tenth of a core at 0.1 s, see ``tree_rss_kib``); a child not yet
exec'd (a fork of its parent) is not counted — PDF pages/s and documents/s (over the whole wall
time), the citations found (and which were found by only one side), the largest process of
each command, and ours's time split from the probe. The machine is shared: run ``--repeat``
and read the ratios of the same round.

Where a core idles (ours, last round): every second the sampler reads the CPU seconds of the
crawler's main thread (the reactor: Scrapy, HTML, matching, feeds), its other threads and its
children (parser workers, Ghostscript), and the machine's idle seconds (``/proc/stat``: what
neither we nor other jobs used); the probe samples the engine (requests in the downloader,
bytes the scraper holds, documents being read, parser workers and Ghostscripts busy). Both are
printed per 5 s and kept in ``--json``.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BENCH = ROOT / "bench"
sys.path.insert(0, str(BENCH))

from crawlbench.bytecode import compile_checkout  # noqa: E402
from realdocs import tree  # noqa: E402

#: The checkout's own virtual environment, else the Python running this (a git worktree has
#: no ``.venv`` of its own: ``/work/main/.venv/bin/python bench/bench_realdocs.py`` there).
PYTHON = str(ROOT / ".venv" / "bin" / "python") if (ROOT / ".venv").exists() else sys.executable
SCRAPY = [PYTHON, "-m", "scrapy"]
PAGE_BYTES = os.sysconf("SC_PAGE_SIZE")
CLOCK_TICKS = os.sysconf("SC_CLK_TCK")
#: Seconds between two points of the CPU timeline.
TIMELINE_STEP = 1.0
PROXY_VARIABLES = ("http_proxy", "https_proxy", "all_proxy", "no_proxy", "HTTP_PROXY",
                   "HTTPS_PROXY", "ALL_PROXY", "NO_PROXY")


# --- measuring a process tree ----------------------------------------------------------------

@dataclass
class Measured:
    wall: float = 0.0
    cpu: float = 0.0
    peak_rss_kib: int = 0
    peak_pss_kib: int = 0
    peak_processes: int = 0
    returncode: int = 0
    #: The largest single process of each command (a name), for "where is the memory".
    peak_by_command: dict[str, int] = field(default_factory=dict)
    #: The processes (command, MiB) at the moment of the peak.
    at_peak: list = field(default_factory=list)
    #: Cumulative CPU seconds by part every TIMELINE_STEP (see ``tree_cpu``): where a core idles.
    timeline: list = field(default_factory=list)

    def add(self, other: Measured) -> None:
        """Sequential stages: times add up, the peak is the largest stage's."""
        self.wall += other.wall
        self.cpu += other.cpu
        self.peak_rss_kib = max(self.peak_rss_kib, other.peak_rss_kib)
        self.peak_pss_kib = max(self.peak_pss_kib, other.peak_pss_kib)
        self.peak_processes = max(self.peak_processes, other.peak_processes)
        self.returncode = self.returncode or other.returncode
        for command, kib in other.peak_by_command.items():
            self.peak_by_command[command] = max(kib, self.peak_by_command.get(command, 0))


def descendants(pid: int) -> list[tuple[int, int]]:
    """``(process, parent)`` for ``pid`` and every process below it (``task/*/children``)."""
    found, queue = [], [(pid, 0)]
    while queue:
        current, parent = queue.pop()
        found.append((current, parent))
        try:
            for task in os.listdir(f"/proc/{current}/task"):
                with open(f"/proc/{current}/task/{task}/children", encoding="ascii") as f:
                    queue += [(int(child), current) for child in f.read().split()]
        except OSError:
            continue
    return found


def tree_rss_kib(pid: int, peaks: dict[str, int], now: list,
                 with_pss: bool = True) -> tuple[int, int, int]:
    """Summed RSS, summed PSS (0 unless ``with_pss``) and number of processes of the tree;
    ``peaks`` gets each command's largest RSS, ``now`` each process's (command, RSS MiB).

    A child that is still its parent's copy (forked, not yet exec'd: same command line, and
    with vfork the same memory) is not counted: its pages are the parent's. PSS divides shared
    pages (libraries, copy-on-write) between the processes that map them: the tree's real use.
    Why PSS is optional: ``statm`` is a counter, but ``smaps_rollup`` walks every page table of
    the process. Read ten times a second for six processes, it costs about a tenth of a core,
    taken from the side being measured, and more from ours (six processes) than from the peer
    (two).
    """
    total, proportional, count, commands = 0, 0, 0, {}
    for process, parent in descendants(pid):
        try:
            with open(f"/proc/{process}/cmdline", "rb") as f:
                commands[process] = f.read()
            if parent and commands[process] == commands.get(parent):
                continue
            with open(f"/proc/{process}/statm", encoding="ascii") as f:
                rss = int(f.read().split()[1]) * PAGE_BYTES // 1024
            pss = _pss_kib(process) if with_pss else 0
        except (OSError, IndexError, ValueError):
            continue
        command = _command_name(commands[process])
        total += rss
        proportional += pss
        count += 1
        peaks[command] = max(rss, peaks.get(command, 0))
        now.append((command, rss // 1024))
    return total, proportional, count


def _pss_kib(process: int) -> int:
    with open(f"/proc/{process}/smaps_rollup", encoding="ascii") as f:
        return next((int(line.split()[1]) for line in f if line.startswith("Pss:")), 0)


def _stat_ticks(path: str) -> list[int]:
    """utime, stime, cutime, cstime (clock ticks) of ``/proc/.../stat``."""
    with open(path, encoding="ascii", errors="replace") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return [int(value) for value in fields[11:15]]


def machine_idle() -> float:
    """Idle CPU seconds of the whole machine so far (``/proc/stat``: idle + iowait): a core
    that neither we nor the machine's other jobs use."""
    with open("/proc/stat", encoding="ascii") as f:
        fields = f.readline().split()
    return (int(fields[4]) + int(fields[5])) / CLOCK_TICKS


def tree_cpu(pid: int) -> dict[str, float]:
    """Cumulative CPU seconds of the tree now, by part: the root's main thread (Scrapy's
    reactor: parsing, matching, feeds), its other threads (the thread pool), and its children
    (parser workers, Ghostscript; a reaped child's seconds are in its parent's cutime); and
    the machine's idle seconds."""
    parts = {"main thread": 0.0, "other threads": 0.0, "children": 0.0}
    parts["idle machine"] = machine_idle()
    for process, parent in descendants(pid):
        try:
            user, system, child_user, child_system = _stat_ticks(f"/proc/{process}/stat")
            if parent:
                parts["children"] += (user + system + child_user + child_system) / CLOCK_TICKS
                continue
            main = sum(_stat_ticks(f"/proc/{process}/task/{process}/stat")[:2]) / CLOCK_TICKS
        except (OSError, IndexError, ValueError):
            continue
        parts["main thread"] += main
        parts["other threads"] += (user + system) / CLOCK_TICKS - main
        parts["children"] += (child_user + child_system) / CLOCK_TICKS
    return parts


def _command_name(cmdline: bytes) -> str:
    """"scrapy", "_worker.py", "gs", ...: the program, or the script a Python runs."""
    words = [os.path.basename(w.decode(errors="replace")) for w in cmdline.split(b"\0") if w]
    if words and words[0].startswith("python"):
        scripts = [w for w in words[1:] if not w.startswith("-")]
        return scripts[0] if scripts else words[0]
    return words[0] if words else "?"


def run_measured(argv: list[str], cwd: Path, env: dict[str, str], log: Path) -> Measured:
    """Run ``argv`` to its end; wall, CPU of the reaped tree, peak RSS of the live tree."""
    result = Measured()
    stop = threading.Event()
    with open(log, "ab") as output:
        started = time.monotonic()
        process = subprocess.Popen(argv, cwd=cwd, env=env, stdout=output, stderr=output,
                                   start_new_session=True)

        def sample() -> None:
            next_point = time.monotonic()
            while not stop.wait(0.1):
                on_the_second = time.monotonic() >= next_point
                if on_the_second:
                    next_point += TIMELINE_STEP
                    result.timeline.append((time.monotonic() - started, tree_cpu(process.pid)))
                now: list = []
                rss, pss, count = tree_rss_kib(process.pid, result.peak_by_command, now,
                                               with_pss=on_the_second)
                if rss > result.peak_rss_kib:
                    result.at_peak = now
                result.peak_rss_kib = max(result.peak_rss_kib, rss)
                result.peak_pss_kib = max(result.peak_pss_kib, pss)
                result.peak_processes = max(result.peak_processes, count)

        sampler = threading.Thread(target=sample, daemon=True)
        sampler.start()
        _, status, usage = os.wait4(process.pid, 0)
        result.wall = time.monotonic() - started
        stop.set()
        sampler.join()
        process.returncode = os.waitstatus_to_exitcode(status)
    result.cpu = usage.ru_utime + usage.ru_stime
    result.returncode = process.returncode
    return result


def clean_env(pythonpath: str | None = None) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in PROXY_VARIABLES}
    env.pop("SCRAPY_SETTINGS_MODULE", None)
    env.pop("PYTHONPATH", None)
    if pythonpath:
        env["PYTHONPATH"] = pythonpath
    return env


# --- the two sides -------------------------------------------------------------------------

@dataclass
class Outcome:
    name: str
    measured: Measured
    documents: int
    hits: set[tuple[str, str]]
    archive_hits: int = 0
    split: dict = field(default_factory=dict)
    stages: dict[str, Measured] = field(default_factory=dict)
    #: The probe's samples: (seconds, downloading, scraper bytes, documents read, workers busy,
    #: converters running).
    engine: list = field(default_factory=list)


def run_ours(urls: list[str], queries: Path, workdir: Path, extra: dict[str, str],
             extra_env: dict[str, str] | None = None) -> Outcome:
    run = workdir / f"ours-{time.monotonic_ns()}"
    run.mkdir()
    extensions = {"realdocs.probe.Probe": 500}
    settings = {"LOG_FILE": str(run / "scrapy.log"), "LOG_LEVEL": "INFO",
                "CITESEEKER_LOG_DIR": str(run / "logs"), "TELNETCONSOLE_ENABLED": "False",
                "EXTENSIONS": json.dumps(extensions), "REALDOCS_PROBE_OUT": str(run / "probe.json"),
                **extra}
    argv = [*SCRAPY, "crawl", "citeseeker", "-a", f"authors={queries}",
            "-a", f"startpoints={' '.join(urls)}", "-a", f"staywithin={' '.join(urls)}", "-O", f"{run / 'items.jsonl'}:jsonlines"]
    for name, value in settings.items():
        argv += ["-s", f"{name}={value}"]
    env = {**clean_env(f"{ROOT}{os.pathsep}{BENCH}"), **(extra_env or {})}
    measured = run_measured(argv, ROOT, env, run / "out.log")
    probe = json.loads((run / "probe.json").read_text())
    hits, archive_hits = set(), 0
    for line in (run / "items.jsonl").read_text().splitlines():
        document = json.loads(line)  # one item per citing document; every
        # relation counts, as the peer's matcher (given no document head) reports self hits too
        for citation in document["citations"]:
            if citation.get("member") or document["url"].endswith(
                    (".gz", ".zip", ".tar", ".Z")):
                archive_hits += 1
            else:
                hits.add((document["url"], citation["publication"]))
    documents = int(probe["stats"].get("citeseeker/documents/searched", 0))
    return Outcome("ours", measured, documents, hits, archive_hits,
                   split=time_split(probe, measured), engine=probe.get("timeline", []))


def time_split(probe: dict, measured: Measured) -> dict:
    """Ours's seconds by part; thread seconds overlap, so they may sum to more than the wall."""
    stats = probe["stats"]
    reads = probe["read_seconds"]
    matching = sum(probe["match_seconds"].values())
    split = {
        f"crawler RSS MiB at open {probe['rss_opened_mib']}, largest sampled (1/s), after "
        f"{probe['rss_peak_mib_and_last_url']}": 0.0,
        "download (summed latency)": probe["download_latency"],
        "matching": matching,
        **{f"extraction {kind} ({probe['read_count'].get(kind, 0)} docs)": seconds
           for kind, seconds in sorted(reads.items(), key=lambda kv: -kv[1])},
        f"parser workers started: {probe.get('worker_starts', '?')}": 0.0,
        "CPU: crawler process": probe["cpu_self"],
        # no "crawler CPU minus its reading" line any more: HTML and text are read outside
        # the crawler process too (big parts in the parser workers, small pages in the page
        # worker), so the reading seconds above are waits, not the crawler's CPU
        "CPU: parser processes + Ghostscript": measured.cpu - probe["cpu_self"],
    }
    for kind in ("pdf", "ps"):
        files = stats.get(f"citeseeker/extraction/{kind}/files", 0)
        if files:
            seconds = stats.get(f"citeseeker/extraction/{kind}/seconds", 0.0)
            split[f"{kind} part extraction, summed ({files} parts, {seconds / files:.3f} s each)"] = seconds
    return split


def run_peer(urls: list[str], queries: Path, workdir: Path) -> Outcome:
    run = workdir / f"peer-{time.monotonic_ns()}"
    mirror = run / "mirror"
    mirror.mkdir(parents=True)
    env, log = clean_env(), run / "out.log"
    stages = {
        "wget -r": ["wget", "-r", "-l", "inf", "-np", "-q", "-P", str(mirror), *urls],
        "pdftotext": ["find", str(mirror), "-type", "f", "-name", "*.pdf", "-exec",
                      "pdftotext", "-q", "-enc", "UTF-8", "{}", "{}.txt", ";"],
        "our matcher": [PYTHON, str(BENCH / "realdocs" / "peer_match.py"), str(mirror),
                        str(queries), str(run / "hits.json")],
    }
    total, measured_stages = Measured(), {}
    for name, argv in stages.items():
        measured_stages[name] = run_measured(argv, run, env, log)
        total.add(measured_stages[name])
    result = json.loads((run / "hits.json").read_text())
    fetched = sum(len(files) for _, _, files in os.walk(mirror)) - sum(
        1 for p in mirror.rglob("*.pdf.txt"))
    hits = {(url, publication) for url, publication in result["hits"]}
    return Outcome("peer", total, fetched, hits, stages=measured_stages)


# --- the tree ------------------------------------------------------------------------------

@dataclass
class Corpus:
    files: list[str]
    pdfs: int
    pdf_pages: int
    megabytes: float
    kinds: dict[str, int]


def describe(files: list[str]) -> Corpus:
    import pypdfium2 as pdfium

    kinds: dict[str, int] = {}
    pages = pdfs = 0
    for path in files:
        name = path.lower()
        kind = name.rsplit(".", 2)[-2] + ".gz" if name.endswith(".gz") and name.count(".") > 1 \
            else name.rsplit(".", 1)[-1] if "." in os.path.basename(name) else "(none)"
        kinds[kind] = kinds.get(kind, 0) + 1
        if name.endswith(".pdf"):
            pdfs += 1
            try:
                document = pdfium.PdfDocument(path)
                pages += len(document)
                document.close()
            except pdfium.PdfiumError:
                pass
    size = sum(os.path.getsize(f) for f in files) / 1e6
    return Corpus(files, pdfs, pages, size, kinds)


class Server:
    def __init__(self, roots: list[Path]) -> None:
        self.process = subprocess.Popen(
            [PYTHON, str(BENCH / "realdocs" / "serve.py"), *map(str, roots)],
            stdout=subprocess.PIPE, text=True, start_new_session=True)
        self.ports = json.loads(self.process.stdout.readline())["ports"]
        self.urls = [f"http://127.0.0.1:{port}/" for port in self.ports]

    def stop(self) -> None:
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            self.process.wait(timeout=10)


# --- the report ----------------------------------------------------------------------------

def row(outcome: Outcome, corpus: Corpus) -> dict:
    m = outcome.measured
    return {
        "wall s": f"{m.wall:.1f}",
        "CPU s": f"{m.cpu:.1f}",
        "PDF pages/s": f"{corpus.pdf_pages / m.wall:.0f}",
        "docs/s": f"{outcome.documents / m.wall:.1f}",
        "documents": str(outcome.documents),
        "peak RSS MiB": f"{m.peak_rss_kib / 1024:.0f}",
        "peak PSS MiB": f"{m.peak_pss_kib / 1024:.0f}",
        "processes": str(m.peak_processes),
        "citations": str(len(outcome.hits)),
    }


def print_report(corpus: Corpus, rounds: list[tuple[Outcome, Outcome]]) -> None:
    kinds = ", ".join(f"{n} {k}" for k, n in sorted(corpus.kinds.items(), key=lambda kv: -kv[1])[:10])
    print(f"\ntree: {len(corpus.files)} files, {corpus.megabytes:.0f} MB; {corpus.pdfs} PDFs, "
          f"{corpus.pdf_pages} pages; most common: {kinds}\n")
    header = ["run", "side", *row(*rounds[0][:1], corpus).keys()]
    print(" | ".join(header))
    for index, (ours, peer) in enumerate(rounds, 1):
        for outcome in (ours, peer):
            print(" | ".join([str(index), outcome.name, *row(outcome, corpus).values()]))
        print(f"{index} | ours/peer | wall {ours.measured.wall / peer.measured.wall:.2f}x, "
              f"CPU {ours.measured.cpu / peer.measured.cpu:.2f}x, "
              f"peak RSS {ours.measured.peak_rss_kib / peer.measured.peak_rss_kib:.2f}x, "
              f"peak PSS {ours.measured.peak_pss_kib / peer.measured.peak_pss_kib:.2f}x")
    if len(rounds) > 1:  # this machine's speed moves within minutes: say how far the ratio did
        walls = sorted(ours.measured.wall / peer.measured.wall for ours, peer in rounds)
        print(f"ours/peer over {len(rounds)} rounds: wall median {statistics.median(walls):.2f}x, "
              f"{walls[0]:.2f}x to {walls[-1]:.2f}x")
    ours, peer = rounds[-1]
    print(f"\ncitations (last run, PDF/HTML/text documents): both {len(ours.hits & peer.hits)}, "
          f"ours only {len(ours.hits - peer.hits)}, peer only {len(peer.hits - ours.hits)}; "
          f"ours also in archives/PS: {ours.archive_hits}")
    for url, publication in sorted(ours.hits ^ peer.hits)[:12]:
        side = "ours" if (url, publication) in ours.hits else "peer"
        print(f"  only {side}: {url} :: {publication}")
    print("\nlargest single process of each command (MiB): " + "; ".join(
        f"{outcome.name}: " + ", ".join(f"{c} {kib / 1024:.0f}" for c, kib in sorted(
            outcome.measured.peak_by_command.items(), key=lambda kv: -kv[1]))
        for outcome in (ours, peer)))
    print(f"ours at its peak: {ours.measured.at_peak}")
    print("\npeer stages (last run): " + ", ".join(
        f"{name} {m.wall:.1f} s wall / {m.cpu:.1f} s CPU / {m.peak_rss_kib / 1024:.0f} MiB"
        for name, m in peer.stages.items()))
    print_timeline(ours.measured.timeline)
    print_engine(ours.engine)
    print("\nours, time split (last run; thread seconds overlap, wall "
          f"{ours.measured.wall:.1f} s):")
    for name, seconds in ours.split.items():
        print(f"  {seconds:8.2f} s  {name}")


def print_timeline(timeline: list, bucket: float = 5.0) -> None:
    """Cores used by part, per ``bucket`` seconds of ours's last run: is a core idle at the
    start or the end, is the main thread (one core at most) the bottleneck?"""
    if len(timeline) < 2:
        return
    parts = list(timeline[0][1])
    print(f"\nours, cores used per {bucket:g} s (last run; 2 cores = 2.00): "
          + " / ".join(["ours", *parts]))
    steps = [(t1, {k: (b[k] - a[k]) / (t1 - t0) for k in parts})
             for (t0, a), (t1, b) in zip(timeline, timeline[1:], strict=False)]
    for start in range(0, int(steps[-1][0] + bucket), int(bucket)):
        window = [used for t, used in steps if start < t <= start + bucket]
        if window:
            mean = {k: sum(w[k] for w in window) / len(window) for k in parts}
            ours = sum(v for k, v in mean.items() if k != "idle machine")
            print(f"  {start:4d}-{start + bucket:<4g} s  {ours:4.2f}  "
                  + "  ".join(f"{mean[k]:4.2f}" for k in parts))
    idle = sum(1 for _, used in steps if used["idle machine"] > 0.5)
    saturated = sum(1 for _, used in steps if used["main thread"] > 0.9)
    print(f"  seconds with over half a core idle on the machine: {idle} of {len(steps)}; "
          f"with the main thread over 0.9 of a core: {saturated}")


def print_engine(samples: list, bucket: float = 5.0) -> None:
    """The probe's engine samples, averaged per ``bucket`` seconds: are the parser workers
    starved because Scrapy stopped downloading (scraper bytes above its limit)?"""
    if not samples:
        return
    print(f"\nours, engine per {bucket:g} s (probe samples, averaged): "
          "downloading / scraper MB / documents being read / workers busy / converters running")
    for start in range(0, int(samples[-1][0] + bucket), int(bucket)):
        window = [s[1:] for s in samples if start < s[0] <= start + bucket]
        if window:
            mean = [sum(column) / len(window) for column in zip(*window, strict=True)]
            print(f"  {start:4d}-{start + bucket:<4g} s  {mean[0]:5.1f}  {mean[1] / 1e6:6.1f}  "
                  f"{mean[2]:5.1f}  {mean[3]:4.2f}  {mean[4]:4.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--packages", default="texlive-pictures-doc",
                        help="Debian documentation packages, comma separated")
    parser.add_argument("--servers", type=int, default=2)
    parser.add_argument("--repeat", type=int, default=1, help="rounds of ours then peer")
    parser.add_argument("--set", action="append", default=[], metavar="NAME=VALUE",
                        help="extra Scrapy setting for ours (repeatable)")
    parser.add_argument("--env", action="append", default=[], metavar="NAME=VALUE",
                        help="extra environment variable for ours (repeatable)")
    parser.add_argument("--only", choices=("ours", "peer"), help="run one side (profiling)")
    parser.add_argument("--keep", action="store_true", help="keep the work directory")
    parser.add_argument("--json", type=Path, help="write the figures here too")
    args = parser.parse_args()
    compile_checkout(ROOT)
    packages = args.packages.split(",")
    tree.ensure_packages(packages)
    extra = dict(item.split("=", 1) for item in args.set)
    extra_env = dict(item.split("=", 1) for item in args.env)
    workdir = Path(tempfile.mkdtemp(prefix="bench-realdocs-"))
    queries = workdir / "searchstrings.txt"
    files = tree.package_files(packages)
    queries.write_text(tree.queries(files))
    corpus = describe(files)
    server = Server(tree.build_sites(files, workdir, args.servers))
    rounds = []
    try:
        for index in range(args.repeat):
            ours = run_ours(server.urls, queries, workdir, extra, extra_env) if args.only != "peer" else None
            peer = run_peer(server.urls, queries, workdir) if args.only != "ours" else None
            rounds.append((ours or peer, peer or ours))
            for side in (ours, peer):
                if side:
                    print(f"round {index + 1} {side.name}: {side.measured.wall:.1f} s wall",
                          flush=True)
    finally:
        server.stop()
        if not args.keep:
            shutil.rmtree(workdir, ignore_errors=True)
        else:
            print(f"kept {workdir}")
    print_report(corpus, rounds)
    if args.json:
        args.json.write_text(json.dumps({
            "corpus": {k: v for k, v in vars(corpus).items() if k != "files"},
            "rounds": [{o.name: {**vars(o.measured), "documents": o.documents,
                                 "citations": len(o.hits), "split": o.split, "engine": o.engine}
                        for o in pair} for pair in rounds]}, indent=1))


if __name__ == "__main__":
    main()
