"""The citing work in a real crawl's feed: the demo's c07.pdf told by its first page (a
PostScript paper distilled by Ghostscript, no metadata), a repository's PDF told by its record
page (``citation_pdf_url``), and a page whose meta tags are junk (told by its heading)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from tests.support.crawl import Crawl, CrawlResult
from tests.support.docgen import ghostscript_pdf, postscript
from tests.support.servers import SiteServer, write_site

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "demo"))
from demo_site import document_files  # noqa: E402

CITED = "Retrieving citations on the web"
SEARCH = f"author=D. Fiala + Jezek\n{CITED}\n"
RECORD = """<html><head><title>Repository item 17</title>
<meta name="citation_title" content="Harvesting Grey Literature for Citation Indexes">
<meta name="citation_author" content="Svobodová, Hana">
<meta name="citation_author" content="Karel Ježek">
<meta name="citation_publication_date" content="2005/06/01">
<meta name="citation_journal_title" content="Journal of Digital Libraries">
<meta name="citation_pdf_url" content="/bitstream/17/paper.pdf">
</head><body><h1>Harvesting Grey Literature</h1><p>Abstract only.</p></body></html>"""
JUNK = ("<html><head><title>Notes | Lab</title><meta name='citation_author' content='admin'>"
        "<meta name='citation_title' content='Microsoft Word - notes.doc'>"
        "<script type='application/ld+json'>{broken</script></head><body><h1>Notes</h1>"
        f"<p>[3] D. Fiala, K. Jezek: {CITED}. WSCG 2003.</p></body></html>")


@pytest.fixture(scope="module")
def result(tmp_path_factory) -> CrawlResult:
    tmp_path = tmp_path_factory.mktemp("feed-works")
    repository_pdf = ghostscript_pdf(postscript([[
        "harvesting grey literature", "We crawl repositories.", "References",
        f"[1] Fiala, D., Jezek, K.: {CITED}. WSCG 2003."]]))
    site = {"index.html": '<a href="papers/c07.pdf">c07</a> <a href="record.html">item</a> '
                          '<a href="notes.html">notes</a>',
            "papers/c07.pdf": document_files()["papers/c07.pdf"],
            "record.html": RECORD, "bitstream/17/paper.pdf": repository_pdf, "notes.html": JUNK}
    root = write_site(tmp_path / "site", site)
    (tmp_path / "searchstrings.txt").write_text(SEARCH, encoding="utf-8")
    with SiteServer(root) as server:
        return Crawl(tmp_path, ("-a", f"authors={tmp_path / 'searchstrings.txt'}",
                                "-a", f"startpoints={server.url('/')}"),
                     {"JOBDIR": str(tmp_path / "job")}).run()


def works(result: CrawlResult) -> dict[str, dict]:
    return {d["url"].split("/", 3)[-1]: d["work"] for d in result.documents}


def test_the_demo_paper_is_told_by_its_first_page(result: CrawlResult) -> None:
    work = works(result)["papers/c07.pdf"]
    assert (work["title"], work["authors"], work["year"]) == (
        "Citation indexing on the web", ["Jana Novak", "Petr Dvorak"], 2004)
    assert work["source"] == {"title": "first-page", "authors": "first-page",
                              "year": "first-page"}


def test_a_repository_pdf_gets_its_record_pages_work(result: CrawlResult) -> None:
    work = works(result)["bitstream/17/paper.pdf"]
    assert work["title"] == "Harvesting Grey Literature for Citation Indexes"
    assert work["authors"] == ["Hana Svobodová", "Karel Ježek"]
    assert (work["year"], work["venue"]) == (2005, "Journal of Digital Libraries")
    assert set(work["source"].values()) == {"landing-page"}
    assert "record.html" not in works(result)  # the record page cites nothing itself


def test_junk_meta_tags_leave_the_heading_and_stop_nothing(result: CrawlResult) -> None:
    assert works(result)["notes.html"] == {
        "title": "Notes", "authors": [], "year": None, "venue": None, "doi": None,
        "arxiv": None, "source": {"title": "html-title"}}
    assert result.returncode == 0
