"""A repository's record page names its PDF (``citation_pdf_url``): the PDF's request carries
the page's work through the frontier, across a JOBDIR reopen and a redirect, to its item."""

from __future__ import annotations

from pathlib import Path

from scrapy import Request, signals
from scrapy.http import Response

from citeseeker_scrapy.document.item import DocumentItem
from citeseeker_scrapy.document.stages import identify_work
from citeseeker_scrapy.extraction.html import parse_html
from citeseeker_scrapy.keys import LANDING_KEY
from tests.test_scheduler import A, Crawl

RECORD = f"""<html><head><title>Record 17 | Lab repository</title>
<meta name="citation_title" content="Retrieving Citations on the Web">
<meta name="citation_author" content="Fiala, Dalibor">
<meta name="citation_author" content="Ježek, Karel">
<meta name="citation_date" content="2003">
<meta name="citation_pdf_url" content="/bitstream/17/paper.pdf">
</head><body><h1>Retrieving Citations on the Web</h1><a href="/about.html">About</a>
</body></html>"""


def record_page_done(crawl: Crawl, request: Request) -> None:
    """The record page's item left the pipelines (read, not citing: dropped)."""
    page = parse_html(RECORD)
    item = DocumentItem(url=request.url, depth=request.meta.get("citeseeker_depth", 0),
                        links=[f"{A}/about.html"])
    item.parts = [{"member": "", "kind": "html", "text": page.text, "meta": page.meta}]
    crawl.crawler.signals.send_catch_log(signals.item_dropped, item=item, response=None,
                                         exception=Exception("no citation"),
                                         spider=crawl.spider)


def handed_out(crawl: Crawl) -> dict[str, Request]:
    requests = {}
    while (request := crawl.scheduler.next_request()) is not None:
        requests[request.url] = request
    return requests


def test_the_pdf_a_record_page_names_gets_its_work_after_a_reopen_and_a_redirect(
        tmp_path: Path) -> None:
    crawl = Crawl(JOBDIR=str(tmp_path / "job"), CITESEEKER_PERMITTED_FORMATS="html pdf")
    crawl.start(f"{A}/record/17")
    record_page_done(crawl, crawl.next())
    crawl.scheduler.close("shutdown")

    crawl = Crawl(JOBDIR=str(tmp_path / "job"), CITESEEKER_PERMITTED_FORMATS="html pdf")
    requests = handed_out(crawl)
    pdf = requests[f"{A}/bitstream/17/paper.pdf"]  # named by the tag only: followed too
    assert LANDING_KEY not in requests[f"{A}/about.html"].meta
    assert crawl.redirect(pdf, f"{A}/bitstream/17/paper-v2.pdf")
    moved = crawl.next()
    landing = moved.meta[LANDING_KEY]

    item = crawl.spider.parse(Response(moved.url, body=b"%PDF-1.4", request=moved))
    item = next(iter(item))
    assert item.landing == landing
    item.parts = [{"member": "", "kind": "pdf", "text": "...", "meta": {"candidates": [
        {"from": "first-page", "title": "Retrieving citations on the web", "year": 2002}]}}]
    item.citations = [{"member": ""}]
    identify_work(item)
    assert item.work["authors"] == ["Dalibor Fiala", "Karel Ježek"]
    assert (item.work["year"], item.work["source"]["year"]) == (2003, "landing-page")
    assert item.work["title"] == "Retrieving Citations on the Web"
