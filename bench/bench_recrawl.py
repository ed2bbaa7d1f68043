"""Incremental re-crawl against a full re-crawl, on a generated web that changes.

    .venv/bin/python bench/bench_recrawl.py [--servers 8] [--sites 5] [--seed 1]

A web of ``--servers`` servers on 127.0.0.1 (two of them give no HTTP validators), each of
``--sites`` directories with an index page, pages and PDFs (about half cite a searched work),
is crawled once (JOBDIR ``first``). Then a month of changes (``recrawlweb.change_web``: sites
whose index changed with new, revised and withdrawn papers, and new papers under unchanged
index pages), and, one after the other on the same changed web:

* ``full``: a fresh crawl (what one would do without this feature); its new and gone
  citations are the difference of its feed and the first crawl's;
* ``sites/directory``, ``sites/links``: ``-a recrawl=first`` with the paper's method (tops of
  the sites first, only sites whose top changed), directory split (method A) and link split
  (method B), with conditional requests;
* ``auto`` (the default): every document with validators asked conditionally,
  the others as in ``pages``;
* ``pages``: every page asked (conditionally where possible), documents only in changed sites;
* ``hybrid``: conditional requests for every document of servers with validators, the
  directory split on the servers without;
* ``exhaustive``: every known document asked conditionally.

Cost is read from the servers' own logs (robots.txt left out): requests, bodies downloaded
(200 answers) and their bytes. Coverage: new citations found / new citations of the truth;
gone likewise. Ratios are against ``full`` of the same run.
"""

from __future__ import annotations

import argparse
import contextlib
import shutil
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.recrawlweb import (  # noqa: E402
    WebServer, change_web, files_of, generate_web, searchstrings,
)
from tests.support.crawl import Crawl  # noqa: E402

RUNS = {
    "full": {},
    "auto/default": {},
    "sites/directory": {"CITESEEKER_RECRAWL": "sites", "CITESEEKER_RECRAWL_SPLIT": "directory"},
    "sites/links": {"CITESEEKER_RECRAWL": "sites", "CITESEEKER_RECRAWL_SPLIT": "links"},
    "pages/directory": {"CITESEEKER_RECRAWL": "pages", "CITESEEKER_RECRAWL_SPLIT": "directory"},
    "hybrid/directory": {"CITESEEKER_RECRAWL": "hybrid", "CITESEEKER_RECRAWL_SPLIT": "directory"},
    "exhaustive": {"CITESEEKER_RECRAWL": "exhaustive"},
}


@dataclass
class Cost:
    requests: int
    bodies: int
    bytes: int
    seconds: float


def run_crawl(workdir: Path, servers: list[WebServer], inputs: Path,
              settings: dict[str, str], recrawl: Path | None) -> tuple[set, set, Cost]:
    """One crawl; returns its (url, title) citations marked new, gone (or all, for a plain
    crawl) and its cost from the servers' logs."""
    settings = {**settings, "CITESEEKER_RECRAWL": settings.get("CITESEEKER_RECRAWL", "auto")} \
        if recrawl is not None else settings
    arguments = ["-a", f"authors={inputs}",
                 "-a", "startpoints=" + " ".join(s.base + "/" for s in servers)]
    if recrawl is not None:
        arguments += ["-a", f"recrawl={recrawl}"]
    for server in servers:
        server.take_log()
    started = time.monotonic()
    result = Crawl(workdir, tuple(arguments),
                   {"JOBDIR": str(workdir / "job"), "CITESEEKER_CONCURRENT_SERVERS": "8",
                    "CITESEEKER_PROGRESS_INTERVAL": "0", **settings}).run(timeout=1800)
    seconds = time.monotonic() - started
    if result.returncode != 0:
        raise SystemExit(result.output[-3000:])
    log = [entry for s in servers for entry in s.take_log() if entry.path != "/robots.txt"]
    cost = Cost(len(log), sum(1 for e in log if e.status == 200),
                sum(e.size for e in log if e.status == 200), seconds)
    new = {(i["url"], i["publication"]) for i in result.items if i.get("status") in ("new", None)}
    gone = {(i["url"], i["publication"]) for i in result.items if i.get("status") == "gone"}
    return new, gone, cost


def ratio(part: float, whole: float) -> str:
    return f"{part / whole:.3f}" if whole else "-"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--servers", type=int, default=8)
    parser.add_argument("--sites", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--keep", action="store_true", help="keep the crawls' directories")
    args = parser.parse_args(argv)
    work = Path(tempfile.mkdtemp(prefix="bench-recrawl-"))
    before = generate_web(args.seed, servers=args.servers, sites=args.sites)
    after, truth = change_web(before, args.seed + 1)
    inputs = work / "searchstrings.txt"
    inputs.write_text(searchstrings(), encoding="utf-8")
    with contextlib.ExitStack() as stack:
        servers = [stack.enter_context(WebServer(files_of(model.render(), 1_000_000.0),
                                                 validators=model.validators))
                   for model in before]
        first, _, first_cost = run_crawl(work / "first", servers, inputs, {}, None)
        old_pages = [s.files for s in servers]
        changed = added = 0
        for server, model, old in zip(servers, after, old_pages):
            server.files = files_of(model.render(), 2_000_000.0, old)
            changed += sum(1 for p, f in server.files.items() if p in old and old[p] is not f)
            added += sum(1 for p in server.files if p not in old)
        total = sum(len(old) for old in old_pages)
        removed = sum(1 for s, old in zip(servers, old_pages) for p in old if p not in s.files)
        true_new = {(servers[n].base + path, title) for n, path, title in truth.new}
        true_gone = {(servers[n].base + path, title) for n, path, title in truth.gone}
        validating = {s.base for s in servers if s.validators}
        on_validating = lambda found: sum(1 for url, _ in found  # noqa: E731
                                          if url[:url.index("/", 8)] in validating)
        print(f"web: {args.servers} servers ({sum(not m.validators for m in before)} without "
              f"validators), {total} documents; first crawl: {len(first)} citations, "
              f"{first_cost.requests} requests, {first_cost.bytes} bytes, "
              f"{first_cost.seconds:.1f} s")
        print(f"changes: {changed} documents changed, {added} added, {removed} removed "
              f"({(changed + added) / total:.1%} of the first crawl's documents changed or "
              f"new); truth: {len(true_new)} new citations ({len(truth.quiet)} under an "
              f"unchanged index page, {sum(not before[n].validators for n, _, _ in truth.quiet)}"
              f" of these on servers without validators), {len(true_gone)} gone; "
              f"{len(truth.in_place)} changes in place under an unchanged index "
              f"({sum(not before[n].validators for n, _, _ in truth.in_place)} without "
              f"validators)")
        rows = {}
        for name, settings in RUNS.items():
            recrawl = None if name == "full" else work / "first" / "job"
            new, gone, cost = run_crawl(work / name.replace("/", "-"), servers, inputs,
                                        settings, recrawl)
            if name == "full":
                new, gone = new - first, first - new
            rows[name] = (len(new & true_new), len(gone & true_gone), len(new - true_new), cost,
                          on_validating(new & true_new), on_validating(gone & true_gone))
    full = rows["full"][3]
    print()
    print("| run | new found | coverage | gone found | new, gone found where validators "
          "| false new | requests | bodies | "
          "bytes | requests / full | bodies / full | bytes / full | bytes / first | wall s |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: "
          "| ---: | ---: |")
    truth_validating = (on_validating(true_new), on_validating(true_gone))
    for name, (found, gone, false_new, cost, new_v, gone_v) in rows.items():
        print(f"| {name} | {found}/{len(true_new)} | {ratio(found, len(true_new))} | "
              f"{gone}/{len(true_gone)} | {new_v}/{truth_validating[0]}, "
              f"{gone_v}/{truth_validating[1]} | {false_new} | {cost.requests} | {cost.bodies} | "
              f"{cost.bytes} | {ratio(cost.requests, full.requests)} | "
              f"{ratio(cost.bodies, full.bodies)} | {ratio(cost.bytes, full.bytes)} | "
              f"{ratio(cost.bytes, first_cost.bytes)} | {cost.seconds:.1f} |")
    if args.keep:
        print(f"\ncrawls kept in {work}")
    else:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
