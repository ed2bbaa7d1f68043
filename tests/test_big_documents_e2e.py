"""Big documents: a text cut at CITESEEKER_MAX_TEXT_CHARS keeps its end, where a paper's
reference list is, and the item says it was cut.

A real crawl against a real HTTP server on 127.0.0.1: a long PDF and a long plain text, each
citing the searched paper only in its last lines, are both reported, and errors.log names
each as cut (with what was searched).
"""

from __future__ import annotations

from tests.support import docgen
from tests.support.crawl import run_crawl
from tests.support.servers import SiteServer, write_site

from citeseeker_scrapy.extraction.leaf import cut_reason

TITLE = "Retrieving citations on the web"
LIMIT = 20_000


def long_pages(count: int, subject: str) -> list[list[str]]:
    """``count`` pages of numbered filler, the citation on the last one's last line."""
    lines = [f"Line {n:03d} of a long manual about {subject}." for n in range(45)]
    return [lines] * (count - 1) + [[*lines[:20], "References", f"[7] {docgen.CITATION}"]]


def test_the_citation_at_the_end_of_a_document_over_the_limit_is_found(tmp_path) -> None:
    pages = long_pages(40, "crawling the web and its servers")  # five times the limit
    manual = "\n".join(line for page in long_pages(40, "reading the documents it finds")
                       for line in page)  # another paper: each is reported
    assert len(manual) > 4 * LIMIT
    files = {"manual.pdf": docgen.pdf(pages), "manual.txt": manual,
             "index.html": docgen.page("Manuals", "Long ones.", ["manual.pdf", "manual.txt"])}
    with SiteServer(write_site(tmp_path / "site", files)) as site:
        result = run_crawl(tmp_path / "run", "-a", "authors=Fiala", "-a", f"publications={TITLE}",
                           "-a", f"startpoints={site.url('/index.html')}",
                           settings={"CITESEEKER_MAX_TEXT_CHARS": str(LIMIT)})
    assert result.returncode == 0, result.output[-3000:]
    assert result.hits() == {(site.url("/manual.pdf"), TITLE), (site.url("/manual.txt"), TITLE)}
    errors = result.log("errors")
    for name, kind in (("manual.pdf", "pdf"), ("manual.txt", "text")):
        assert f"{site.url('/' + name)}\t{kind}: {cut_reason(LIMIT)}" in errors
