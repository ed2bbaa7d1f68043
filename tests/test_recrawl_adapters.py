"""The re-crawl's adapters, each built from a crawler (Scrapy's ``get_crawler``) and called
directly: the conditional-request middleware, the re-crawl spider middleware, the two re-crawl
pipelines and the re-crawl extension. They share the crawler's re-crawl session, as in a crawl.
The pure core (plan, sites, state) is tested in ``tests/test_recrawl.py``; what only a crawl
shows (probes through the engine, the feed's ``status`` column) in ``tests/test_recrawl_e2e.py``."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any, AsyncIterator, Callable

import pytest
from scrapy import Request
from scrapy.exceptions import DropItem, NotConfigured
from scrapy.http import Response

from citeseeker_scrapy.document.item import DocumentItem
from citeseeker_scrapy.job.crawl_job import crawl_job
from citeseeker_scrapy.keys import (
    DEPTH_KEY, ORIGIN_KEY, RECRAWL_EARLY_KEY, RECRAWL_PROBE_KEY, RECRAWL_SKIPPED_KEY, START,
)
from citeseeker_scrapy.recrawl import Answer, DocumentRecord, read_state
from citeseeker_scrapy.recrawl.gone import GoneCitations
from citeseeker_scrapy.recrawl.state import SITES_FILE, STATE_FILE, StateWriter, md5_hex
from citeseeker_scrapy.stats import (
    RECRAWL_BYTES_SAVED, RECRAWL_CITATIONS_GONE, RECRAWL_CITATIONS_NEW, RECRAWL_CITING_ASKED,
    RECRAWL_CONDITIONAL, RECRAWL_DOCUMENTS_GONE, RECRAWL_NOT_MODIFIED, RECRAWL_PROBES,
    RECRAWL_SAME_BODY, RECRAWL_SITES, RECRAWL_SKIPPED, RECRAWL_UNCHANGED,
)
from citeseeker_scrapy.extensions.recrawl import RecrawlExtension
from citeseeker_scrapy.middlewares.conditional import ConditionalRequestMiddleware
from citeseeker_scrapy.middlewares.recrawl_spider import RecrawlSpiderMiddleware
from citeseeker_scrapy.pipelines.recrawl import CrawlRecordPipeline, UnchangedDocumentsPipeline
from citeseeker_scrapy.spiders.citeseeker import CiteSeekerSpider
from tests.support.components import job_crawler

H = "http://127.0.0.1:8000"
CITED = {"member": "", "publication": "A title", "header": "h"}
OLD_PDF = b"%PDF-1.4 the previous body"

#: The previous crawl: a page with validators, a PDF that cited the paper (no validators, its
#: body's MD5 known), and a directory /x/ whose top is a.html.
PREVIOUS = [
    DocumentRecord(f"{H}/", etag='"e1"', last_modified="Mon, 02 Jan 2023 10:00:00 GMT",
                   size=500, links=[f"{H}/x/a.html", f"{H}/paper.pdf"]),
    DocumentRecord(f"{H}/paper.pdf", body_md5=md5_hex(OLD_PDF), size=len(OLD_PDF), depth=1,
                   citations=[CITED]),
    DocumentRecord(f"{H}/x/a.html", depth=1, size=300, links=[f"{H}/x/b.html"]),
    DocumentRecord(f"{H}/x/b.html", depth=2, size=200, links=[f"{H}/x/c.pdf"]),
]


@pytest.fixture()
def previous(tmp_path: Path) -> Path:
    jobdir = tmp_path / "previous"
    writer = StateWriter(jobdir / STATE_FILE)
    for record in PREVIOUS:
        writer.write(record)
    writer.close()
    return jobdir


def recrawl(tmp_path: Path, previous: Path, **settings: Any):
    """A re-crawl's crawler (its own JOBDIR, the previous crawl's state)."""
    return job_crawler(JOBDIR=str(tmp_path / "now"), CITESEEKER_RECRAWL_FROM=str(previous),
                       **settings)


def document(url: str, *citations: dict) -> DocumentItem:
    item = DocumentItem(url, body=b"", kind="pdf", depth=1)
    item.citations = list(citations)
    return item


def answer(url: str, status: int = 200, body: bytes = b"", **headers: str) -> Response:
    return Response(url, status=status, body=body, headers=headers, request=Request(url))


def run(coroutine: Any) -> Any:
    return asyncio.run(coroutine)


# --- off when there is nothing to record ----------------------------------------------------

@pytest.mark.parametrize("component", [ConditionalRequestMiddleware, CrawlRecordPipeline,
                                       RecrawlExtension, UnchangedDocumentsPipeline,
                                       RecrawlSpiderMiddleware])
def test_a_crawl_without_jobdir_or_previous_crawl_has_no_recrawl_components(component) -> None:
    with job_crawler() as crawler:
        with pytest.raises(NotConfigured):
            component.from_crawler(crawler)


@pytest.mark.parametrize("component", [UnchangedDocumentsPipeline, RecrawlSpiderMiddleware])
def test_a_crawl_with_jobdir_but_no_previous_crawl_only_records(tmp_path: Path,
                                                                component) -> None:
    with job_crawler(JOBDIR=str(tmp_path / "job")) as crawler:
        with pytest.raises(NotConfigured):
            component.from_crawler(crawler)
        assert isinstance(CrawlRecordPipeline.from_crawler(crawler), CrawlRecordPipeline)


# --- the conditional-request middleware ---------------------------------------------------

def test_a_first_crawl_asks_plainly_and_notes_each_answers_validators(tmp_path: Path) -> None:
    with job_crawler(JOBDIR=str(tmp_path / "job")) as crawler:
        middleware = ConditionalRequestMiddleware.from_crawler(crawler)
        request = Request(f"{H}/paper.pdf")
        assert run(middleware.process_request(request)) is None
        assert b"If-None-Match" not in request.headers
        middleware.process_response(request, answer(request.url, body=OLD_PDF, ETag='"v2"'))
        noted = crawl_job(crawler).recrawl.answers[request.url]
        assert (noted.status, noted.etag, noted.body_md5, noted.size, noted.unchanged) == (
            200, '"v2"', md5_hex(OLD_PDF), len(OLD_PDF), False)


def test_a_known_document_is_asked_with_its_previous_validators(tmp_path: Path,
                                                                previous: Path) -> None:
    with recrawl(tmp_path, previous) as crawler:
        middleware = ConditionalRequestMiddleware.from_crawler(crawler)
        known, unknown = Request(f"{H}/"), Request(f"{H}/new.pdf")
        assert run(middleware.process_request(known)) is None
        assert run(middleware.process_request(unknown)) is None
        assert known.headers[b"If-None-Match"] == b'"e1"'
        assert known.headers[b"If-Modified-Since"] == b"Mon, 02 Jan 2023 10:00:00 GMT"
        assert known.meta["handle_httpstatus_list"] == [304]
        assert b"If-None-Match" not in unknown.headers and "handle_httpstatus_list" not in \
            unknown.meta
        assert crawler.stats.get_value(RECRAWL_CONDITIONAL) == 1


def test_a_redirected_request_does_not_carry_the_first_urls_validators(tmp_path: Path,
                                                                      previous: Path) -> None:
    with recrawl(tmp_path, previous) as crawler:
        middleware = ConditionalRequestMiddleware.from_crawler(crawler)
        request = Request(f"{H}/moved.html", headers={"If-None-Match": '"e1"'},
                          meta={"redirect_urls": [f"{H}/"]})
        run(middleware.process_request(request))
        assert b"If-None-Match" not in request.headers


def test_a_304_and_a_200_with_the_previous_body_are_unchanged(tmp_path: Path,
                                                              previous: Path) -> None:
    with recrawl(tmp_path, previous) as crawler:
        middleware = ConditionalRequestMiddleware.from_crawler(crawler)
        session = crawl_job(crawler).recrawl
        middleware.process_response(Request(f"{H}/"), answer(f"{H}/", 304))
        middleware.process_response(Request(f"{H}/paper.pdf"),
                                    answer(f"{H}/paper.pdf", body=OLD_PDF))
        assert session.is_unchanged(f"{H}/") and session.is_unchanged(f"{H}/paper.pdf")
        middleware.process_response(Request(f"{H}/x/b.html"),
                                    answer(f"{H}/x/b.html", body=b"<p>new</p>"))
        assert not session.is_unchanged(f"{H}/x/b.html")
        stats = crawler.stats
        assert (stats.get_value(RECRAWL_NOT_MODIFIED), stats.get_value(RECRAWL_SAME_BODY),
                stats.get_value(RECRAWL_BYTES_SAVED)) == (1, 1, 500)


def test_a_page_of_an_unchanged_site_is_answered_without_a_request(tmp_path: Path,
                                                                  previous: Path) -> None:
    with recrawl(tmp_path, previous, CITESEEKER_RECRAWL="sites",
                 CITESEEKER_RECRAWL_SPLIT="directory") as crawler:
        middleware = ConditionalRequestMiddleware.from_crawler(crawler)
        top = Request(f"{H}/x/a.html")
        assert run(middleware.process_request(top)) is None       # a top is always asked
        middleware.process_response(top, answer(top.url, 304))    # ... and is unchanged
        page = Request(f"{H}/x/b.html")
        skipped = run(middleware.process_request(page))
        assert (skipped.status, skipped.url, skipped.request) == (304, page.url, page)
        assert page.meta[RECRAWL_SKIPPED_KEY] and page.meta["handle_httpstatus_list"] == [304]
        assert middleware.process_response(page, skipped) is skipped
        assert crawl_job(crawler).recrawl.is_unchanged(page.url)
        assert crawler.stats.get_value(RECRAWL_SKIPPED) == 1
        assert crawler.stats.get_value(RECRAWL_BYTES_SAVED) == 300 + 200


def test_a_top_asked_early_is_handed_to_the_frontiers_request_not_fetched_again(
        tmp_path: Path, previous: Path) -> None:
    with recrawl(tmp_path, previous, CITESEEKER_RECRAWL="sites",
                 CITESEEKER_RECRAWL_SPLIT="directory") as crawler:
        middleware = ConditionalRequestMiddleware.from_crawler(crawler)
        probe = Request(f"{H}/x/a.html", meta={RECRAWL_PROBE_KEY: True}, dont_filter=True)
        assert run(middleware.process_request(probe)) is None
        early = answer(probe.url, 304)
        middleware.process_response(probe, early)
        frontiers = Request(f"{H}/x/a.html")
        handed = run(middleware.process_request(frontiers))
        assert (handed.status, handed.request) == (304, frontiers)
        assert frontiers.meta[RECRAWL_EARLY_KEY] and frontiers.meta["handle_httpstatus_list"] \
            == [304]
        assert middleware.process_response(frontiers, handed) is handed
        assert run(middleware.process_request(Request(f"{H}/x/a.html"))) is None  # once only


def test_a_top_that_fails_counts_as_changed_so_its_pages_are_asked(tmp_path: Path,
                                                                  previous: Path) -> None:
    with recrawl(tmp_path, previous, CITESEEKER_RECRAWL="sites",
                 CITESEEKER_RECRAWL_SPLIT="directory") as crawler:
        middleware = ConditionalRequestMiddleware.from_crawler(crawler)
        middleware.process_exception(Request(f"{H}/x/a.html"), TimeoutError())
        page = Request(f"{H}/x/b.html")
        assert run(middleware.process_request(page)) is None       # requested, not skipped
        assert crawler.stats.get_value(RECRAWL_SKIPPED) is None
        assert crawler.stats.get_value(RECRAWL_PROBES) is None     # the top is not asked again


# --- the re-crawl spider middleware -------------------------------------------------------

async def items(*outputs: Any) -> AsyncIterator[Any]:
    for output in outputs:
        yield output


async def output_of(middleware: RecrawlSpiderMiddleware, item: DocumentItem,
                    after_each: Callable[[Any], None]) -> list[Any]:
    """The middleware's output for ``item``'s response; ``after_each`` runs on each output
    as it comes (what the engine would do meanwhile: record the document, close the spider)."""
    seen = []
    async for each in middleware.process_spider_output(answer(item.url), items(item)):
        seen.append(each)
        after_each(each)
    return seen


def spider_middleware(crawler: Any) -> RecrawlSpiderMiddleware:
    crawler.spider = CiteSeekerSpider.from_crawler(crawler)
    return RecrawlSpiderMiddleware.from_crawler(crawler)


def test_the_previous_citing_documents_follow_the_spiders_start_points(tmp_path: Path,
                                                                      previous: Path) -> None:
    with recrawl(tmp_path, previous) as crawler:
        middleware = spider_middleware(crawler)
        own = Request(f"{H}/")

        async def start() -> list[Any]:
            return [r async for r in middleware.process_start(items(own))]

        first, asked = run(start())
        assert first is own
        assert (asked.url, asked.meta[ORIGIN_KEY], asked.meta[DEPTH_KEY]) == (
            f"{H}/paper.pdf", START, 1)
        assert asked.errback == crawler.spider.on_error
        assert crawler.stats.get_value(RECRAWL_CITING_ASKED) == 1


def test_a_documents_gone_citations_follow_its_item_once_recorded(tmp_path: Path,
                                                                 previous: Path) -> None:
    with recrawl(tmp_path, previous) as crawler:
        middleware = spider_middleware(crawler)
        session = crawl_job(crawler).recrawl
        item = document(f"{H}/paper.pdf")          # no longer cites the paper

        def recorded(each: Any) -> None:
            if each is item:   # the pipelines and the re-crawl extension record it
                session.record_document(item.url, depth=1, links=[], parts=[], citations=[])

        scraped, gone = run(output_of(middleware, item, recorded))
        assert scraped is item and isinstance(gone, GoneCitations)
        assert (gone.url, gone.citations) == (item.url, [{**CITED, "status": "gone"}])
        assert crawler.stats.get_value(RECRAWL_CITATIONS_GONE) == 1


def test_an_errbacks_output_gets_the_citations_of_a_document_gone_404(tmp_path: Path,
                                                                      previous: Path) -> None:
    with recrawl(tmp_path, previous) as crawler:
        middleware = spider_middleware(crawler)
        crawl_job(crawler).recrawl.record_failed(f"{H}/paper.pdf", 404)

        async def output() -> list[Any]:
            return [each async for each in middleware.process_spider_output(
                answer(f"{H}/paper.pdf", 404), items())]

        [gone] = run(output())
        assert (gone.url, [c["publication"] for c in gone.citations]) == (
            f"{H}/paper.pdf", ["A title"])


def test_the_close_releases_a_document_whose_outcome_never_comes(tmp_path: Path,
                                                                previous: Path) -> None:
    with recrawl(tmp_path, previous) as crawler:
        middleware = spider_middleware(crawler)
        item = document(f"{H}/paper.pdf")

        def closed(each: Any) -> None:
            middleware.spider_closed(crawler.spider, "shutdown")

        assert run(asyncio.wait_for(output_of(middleware, item, closed), 10)) == [item]


# --- the re-crawl pipelines ---------------------------------------------------------------

def test_an_unchanged_document_is_dropped_with_its_previous_links(tmp_path: Path,
                                                                 previous: Path) -> None:
    with recrawl(tmp_path, previous) as crawler:
        pipeline = UnchangedDocumentsPipeline.from_crawler(crawler)
        crawl_job(crawler).recrawl.note_answer(f"{H}/", Answer(304, unchanged=True))
        item = DocumentItem(f"{H}/", body=b"<html></html>", kind="html")
        with pytest.raises(DropItem, match="unchanged since the previous crawl"):
            pipeline.process_item(item)
        assert (item.links, item.body) == ([f"{H}/x/a.html", f"{H}/paper.pdf"], b"")
        changed = DocumentItem(f"{H}/x/a.html", body=b"<html>new</html>", kind="html")
        assert pipeline.process_item(changed) is changed and changed.body


def test_the_record_pipeline_keeps_every_citation_for_the_crawls_state(tmp_path: Path) -> None:
    with job_crawler(JOBDIR=str(tmp_path / "job")) as crawler:
        pipeline = CrawlRecordPipeline.from_crawler(crawler)
        item = document(f"{H}/paper.pdf", CITED)
        assert pipeline.process_item(item) is item
        assert crawl_job(crawler).recrawl.current == {item.url: [CITED]}
        other = {"url": f"{H}/x"}
        assert pipeline.process_item(other) is other


# --- the re-crawl extension ---------------------------------------------------------------

def test_the_extension_writes_each_outcome_to_the_state_and_the_sites_at_the_end(
        tmp_path: Path, previous: Path) -> None:
    with recrawl(tmp_path, previous) as crawler:
        extension = RecrawlExtension.from_crawler(crawler)
        session = crawl_job(crawler).recrawl
        extension.spider_opened(None)
        assert crawler.stats.get_value(RECRAWL_SITES) == len(session.plan.sites)
        extension.item_scraped(document(f"{H}/new.pdf", CITED, {**CITED, "header": "h2"}))
        session.note_answer(f"{H}/", Answer(304, etag='"e2"', unchanged=True))
        extension.item_left(DocumentItem(f"{H}/", body=b"", kind="html"))
        extension.document_failed(Request(f"{H}/paper.pdf"), "HTTP 410 Gone")
        extension.document_failed(Request(f"{H}/x/a.html"), "HTTP 503 Service Unavailable")
        extension.spider_closed(None, "finished")
        state = read_state(tmp_path / "now" / STATE_FILE)
        assert (state[f"{H}/new.pdf"].citations, state[f"{H}/"].etag, state[f"{H}/"].links,
                state[f"{H}/paper.pdf"].status, state[f"{H}/x/a.html"].links) == (
            [CITED, {**CITED, "header": "h2"}], '"e2"', PREVIOUS[0].links, 410,
            PREVIOUS[2].links)
        stats = crawler.stats
        assert (stats.get_value(RECRAWL_CITATIONS_NEW), stats.get_value(RECRAWL_UNCHANGED),
                stats.get_value(RECRAWL_DOCUMENTS_GONE)) == (2, 1, 1)
        sites = json.loads((tmp_path / "now" / SITES_FILE).read_text(encoding="utf-8"))
        assert set(sites) == {"links", "directory"}


def test_a_stopped_crawl_writes_no_sites_file(tmp_path: Path, previous: Path) -> None:
    with recrawl(tmp_path, previous) as crawler:
        extension = RecrawlExtension.from_crawler(crawler)
        extension.spider_opened(None)
        extension.item_scraped(document(f"{H}/new.pdf"))
        extension.spider_closed(None, "shutdown")
        assert set(read_state(tmp_path / "now" / STATE_FILE)) == {f"{H}/new.pdf"}
        assert not (tmp_path / "now" / SITES_FILE).exists()
