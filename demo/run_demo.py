"""``make demo``: generate a conference site, serve it on 127.0.0.1, crawl it for real, show hits.

Runs the same command a user types (``scrapy crawl citeseeker ...``) against
``inputs/searchstrings.txt`` and prints the citations found as a table, plus where the result
files are.
"""

from __future__ import annotations

import functools
import json
import shutil
import subprocess
import sys
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from demo_site import build_demo_site  # noqa: E402

from citeseeker_scrapy.document.item import citation_rows  # noqa: E402

PROJECT = Path(__file__).resolve().parent.parent
OUTPUT = PROJECT / "demo-output"


class QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args) -> None:
        pass


def serve(root: Path) -> ThreadingHTTPServer:
    handler = functools.partial(QuietHandler, directory=str(root))
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def crawl(start: str) -> int:
    command = [sys.executable, "-m", "scrapy", "crawl", "citeseeker",
               "-a", f"authors={PROJECT / 'inputs' / 'searchstrings.txt'}",
               "-a", f"startpoints={start}",
               "-O", str(OUTPUT / "citations.jsonl"),
               "-s", f"CITESEEKER_LOG_DIR={OUTPUT / 'logs'}",
               "-s", "LOG_LEVEL=WARNING"]
    print("$", " ".join(command[2:]))
    return subprocess.run(command, cwd=PROJECT).returncode


def print_table(feed: Path) -> None:
    documents = [json.loads(line) for line in feed.read_text().splitlines() if line.strip()]
    items = [row for document in documents for row in citation_rows(document)]
    print(f"\n{len(items)} citation(s) found:\n")
    print(f"{'sim':>6}  {'cited publication':<48}  {'found in':<40}  text found")
    for item in sorted(items, key=lambda i: (i["url"], i["member"], -i["similarity"])):
        where = item["url"].split("/", 3)[-1] + (f"/{item['member']}" if item["member"] else "")
        cited = f"{item['author']}: {item['publication']}"
        print(f"{item['similarity']:>6.4f}  {cited[:48]:<48}  {where[:40]:<40}  {item['found'][:60]}")
    print("\nThe citing works (versions of one work share a work_id):\n")
    for document in sorted(documents, key=lambda d: (d.get("work_id", ""), d["url"])):
        work = document.get("work") or {}
        authors = ", ".join(work.get("authors") or ()) or "(authors unknown)"
        own = " [self-citation]" if any(c.get("self_citation")
                                         for c in document["citations"]) else ""
        print(f"  {document.get('work_id', '')}  {document['url'].split('/', 3)[-1]}: "
              f"{work.get('title') or '(no title)'} - {authors} "
              f"({work.get('year') or 'year unknown'}){own}")


def main() -> int:
    shutil.rmtree(OUTPUT, ignore_errors=True)
    site = build_demo_site(OUTPUT / "site")
    server = serve(site)
    start = f"http://127.0.0.1:{server.server_address[1]}/"
    print(f"Demo site generated in {site} and served at {start}")
    try:
        status = crawl(start)
    finally:
        server.shutdown()
    if status != 0:
        print(f"crawl failed with exit status {status}", file=sys.stderr)
        return status
    print_table(OUTPUT / "citations.jsonl")
    print(f"\nResults: {OUTPUT / 'citations.jsonl'}")
    print(f"Logs (success, errors, completed, summary, debug): {OUTPUT / 'logs'}/")
    print(f"Report: {OUTPUT / 'logs' / 'report.html'}; new citing works as Atom 1.0: "
          f"{OUTPUT / 'logs' / 'new-citations.atom'}")
    print(f"For a reference manager: scrapy citeseeker-report {OUTPUT / 'logs'} --format bibtex "
          "-o citing.bib")
    return 0


if __name__ == "__main__":
    sys.exit(main())
