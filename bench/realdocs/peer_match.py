"""The peer's last step: OUR matcher over a ``wget -r`` mirror after ``pdftotext`` (bench_realdocs).

    python peer_match.py MIRROR_DIR SEARCHSTRINGS OUT.json

Reads what a user would search after mirroring: ``*.pdf.txt`` written by pdftotext, HTML pages
(text by our own HTML parser, so that only crawling and PDF extraction differ) and ``.txt``
files. Runs the crawl's default matcher (CitationMatcher, improved scheme) on every text and
writes the hits as JSON: ``[[url, publication], ...]``. One process, one thread, as a script.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from citeseeker_scrapy.extraction.decode import decode_html, decode_text  # noqa: E402
from citeseeker_scrapy.extraction.html import parse_html  # noqa: E402
from citeseeker_scrapy.job.inputs import parse_search_strings, read_lines  # noqa: E402
from citeseeker_scrapy.matching import CitationMatcher, MatcherSettings, normalize_text  # noqa: E402


def text_of(path: Path) -> tuple[str, str] | None:
    """(URL path of the document, its text), or None for a file the crawl would not read."""
    name = path.name.lower()
    if name.endswith(".pdf.txt"):
        return str(path)[: -len(".txt")], path.read_text("utf-8", "replace")
    if name.endswith((".html", ".htm")):
        return str(path), parse_html(decode_html(path.read_bytes(), None)).text
    if name.endswith(".txt"):
        return str(path), decode_text(path.read_bytes(), None)
    return None


def url_of(mirror: Path, path: str) -> str:
    """wget's ``host:port/dir/index.html`` back to ``http://host:port/dir/``."""
    relative = os.path.relpath(path, mirror)
    if relative.endswith("/index.html") or relative == "index.html":
        relative = relative[: -len("index.html")]
    return "http://" + relative


def main(mirror: str, searchstrings: str, out: str) -> None:
    parsed = parse_search_strings(read_lines(searchstrings), searchstrings)
    matcher = CitationMatcher(parsed.value, MatcherSettings())
    hits, documents = [], 0
    for directory, _, files in os.walk(mirror):
        for name in sorted(files):
            found = text_of(Path(directory) / name)
            if found is None:
                continue
            documents += 1
            where, text = found
            for citation in matcher.find(normalize_text(text), normalized=True):
                hits.append([url_of(Path(mirror), where), citation.publication])
    Path(out).write_text(json.dumps({"documents": documents, "hits": hits}))


if __name__ == "__main__":
    main(*sys.argv[1:4])
