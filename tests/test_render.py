"""The render middleware's decisions, built from a crawler and called directly: which plain
responses are fetched again by the browser, which later requests go to it at once, and that a
failed rendering keeps the plain page. The browser itself is the end-to-end tests' business
(``tests/test_render_e2e.py`` drives a real Chromium): here :meth:`RenderMiddleware.render`, the
one method that asks the engine for the browser's page, answers with a page given by the test.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any, Iterator

import pytest
from scrapy import Request, Spider
from scrapy.exceptions import NotConfigured
from scrapy.http import HtmlResponse, Response
from scrapy.utils.test import get_crawler

from citeseeker_scrapy import signals as citeseeker_signals
from citeseeker_scrapy.extraction.extractor import DocumentExtractor
from citeseeker_scrapy.extraction.model import ExtractionLimits
from citeseeker_scrapy.job.crawl_job import crawl_job
from citeseeker_scrapy.keys import (
    KIND_KEY, ORIGIN_KEY, RENDER_DONE, RENDER_FAILED, RENDER_KEY, SEARCH, SEARCH_KEY,
)
from citeseeker_scrapy.stats import (
    RENDER_CHECKED, RENDER_DIRECT, RENDER_FAILED as RENDER_FAILED_STAT, RENDER_REFETCHED,
    RENDER_SEARCHES_LEARNED, RENDER_SERVERS_LEARNED,
)
from citeseeker_scrapy.addon import CiteSeeker
from citeseeker_scrapy.middlewares.render import MIDDLEWARE, RenderFailed, RenderMiddleware
from tests.support.components import JOB_SETTINGS, job_crawler

A, B = "http://127.0.0.1:8001", "http://127.0.0.2:8001"
SCRIPTED = (b"<html><head><script src='/app.js'></script></head>"
            b"<body><div id='app'>Loading</div></body></html>")
WORDS = " ".join(f"word{i}" for i in range(80))
STATIC = (f"<html><head><script>var x = 1;</script></head><body><p>{WORDS}</p>"
          f"<a href='/a.html'>a</a><a href='/b.pdf'>b</a></body></html>").encode()
DOM = (f"<html><body><p>{WORDS}</p>"
       + "".join(f"<a href='/paper{i}.pdf'>paper {i}</a>" for i in range(5))
       + "</body></html>").encode()


class PageGivenByTheTest(RenderMiddleware):
    """The middleware with its browser request answered by ``dom`` (or failing: None)."""

    dom: bytes | None = DOM

    def __init__(self, crawler: Any, config: Any) -> None:
        super().__init__(crawler, config)
        self.rendered: list[str] = []

    async def render(self, request: Request) -> Response:
        self.rendered.append(request.url)
        if self.dom is None:
            self._failed(request.url, TimeoutError("the page did not load"))
            raise RenderFailed("the page did not load")
        return HtmlResponse(request.url, body=self.dom, encoding="utf-8", request=request)


@pytest.fixture()
def crawler(tmp_path: Path) -> Iterator[Any]:
    """A crawler whose text stage shares its extractor (pages are read as in a crawl)."""
    with job_crawler(CITESEEKER_RENDER="auto") as crawler:
        with DocumentExtractor(ExtractionLimits(), tmp_path) as extractor:
            crawl_job(crawler).extractor = extractor
            yield crawler
            crawl_job(crawler).extractor = None


def plain(url: str, body: bytes, kind: str | None = "html") -> tuple[Request, Response]:
    request = Request(url, meta={KIND_KEY: kind})
    return request, HtmlResponse(url, body=body, encoding="utf-8", request=request)


def run(coroutine: Any) -> Any:
    return asyncio.run(coroutine)


@pytest.mark.parametrize("setting, value, installed, refusal", [
    ("CITESEEKER_RENDER_KEEP_ALIVE", "60", True, None),
    ("CITESEEKER_RENDER_KEEP_ALIVE", "soon", False,
     "CITESEEKER_RENDER_KEEP_ALIVE must be a number, not 'soon'"),
    ("CITESEEKER_RENDER", "alwyas", False, "CITESEEKER_RENDER must be one of"),
])
def test_the_render_add_on_reads_its_settings_with_the_jobs_parser(
        tmp_path: Path, setting: str, value: str, installed: bool, refusal: str | None) -> None:
    """The add-on decides at settings time, before the job: a value the job's parser refuses
    installs no browser, and the job then refuses the crawl with the setting named."""
    crawler = get_crawler(Spider, settings_dict={
        "ADDONS": {CiteSeeker: 0}, "CITESEEKER_LOG_DIR": str(tmp_path), **JOB_SETTINGS,
        "CITESEEKER_RENDER": "auto", setting: value})
    job = crawl_job(crawler)
    try:
        middlewares = crawler.settings.getdict("DOWNLOADER_MIDDLEWARES")
        assert (MIDDLEWARE in middlewares) is installed
        assert job.error is None if refusal is None else job.error.startswith(refusal)
    finally:
        job.close()


def test_never_turns_the_middleware_off() -> None:
    with job_crawler(CITESEEKER_RENDER="never") as crawler, pytest.raises(NotConfigured):
        RenderMiddleware.from_crawler(crawler)


def test_a_scripted_page_with_nothing_to_follow_is_fetched_again_and_its_server_learned(
        crawler) -> None:
    middleware = PageGivenByTheTest.from_crawler(crawler)
    request, response = plain(f"{A}/", SCRIPTED)
    rendered = run(middleware.process_response(request, response))
    assert rendered.body == DOM and rendered.request is request
    assert middleware.rendered == [f"{A}/"] and request.meta[RENDER_KEY] == RENDER_DONE
    stats = crawler.stats
    assert [stats.get_value(name) for name in (RENDER_CHECKED, RENDER_REFETCHED,
                                               RENDER_SERVERS_LEARNED)] == [1, 1, 1]
    later, elsewhere = Request(f"{A}/next.html"), Request(f"{B}/next.html")
    assert run(middleware.process_request(later)).body == DOM    # to the browser at once
    assert run(middleware.process_request(elsewhere)) is None     # another server: plain
    assert run(middleware.process_request(Request(f"{A}/paper.pdf"))) is None  # a document
    assert stats.get_value(RENDER_DIRECT) == 1


def test_a_static_page_and_what_is_no_page_are_left_alone(crawler) -> None:
    middleware = PageGivenByTheTest.from_crawler(crawler)
    static = plain(f"{A}/static.html", STATIC)                 # links and text: read as is
    not_html = plain(f"{A}/data.json", SCRIPTED, kind=None)    # sniffed as no page
    answered = plain(f"{A}/done.html", SCRIPTED)               # the browser's answer already
    answered[0].meta[RENDER_KEY] = RENDER_DONE
    pdf_request = Request(f"{A}/paper.pdf")
    pdf = (pdf_request, Response(pdf_request.url, body=b"%PDF-1.4", request=pdf_request))
    for request, response in (static, not_html, answered, pdf):
        assert run(middleware.process_response(request, response)) is response
    assert middleware.rendered == [] and crawler.stats.get_value(RENDER_CHECKED) == 1


def test_a_page_the_browser_did_not_help_teaches_nothing(crawler) -> None:
    middleware = PageGivenByTheTest.from_crawler(crawler)
    middleware.dom = SCRIPTED
    request, response = plain(f"{A}/", SCRIPTED)
    run(middleware.process_response(request, response))
    assert crawler.stats.get_value(RENDER_SERVERS_LEARNED) is None
    assert run(middleware.process_request(Request(f"{A}/next.html"))) is None


def test_a_failed_rendering_keeps_the_plain_page_and_says_so_once(crawler) -> None:
    middleware = PageGivenByTheTest.from_crawler(crawler)
    middleware.dom = None
    errors = []
    crawler.signals.connect(lambda url, reason, **kw: errors.append((url, reason)),
                            signal=citeseeker_signals.note_error, weak=False)
    request, response = plain(f"{A}/", SCRIPTED)
    assert run(middleware.process_response(request, response)) is response
    assert errors == [(f"{A}/", "render: TimeoutError: the page did not load")]
    assert crawler.stats.get_value(RENDER_FAILED_STAT) == 1
    middleware.planner.learn(f"{A}/")
    direct = Request(f"{A}/next.html")
    assert run(middleware.process_request(direct)) is None        # the plain handler then
    assert direct.meta[RENDER_KEY] == RENDER_FAILED


def test_a_search_result_page_teaches_its_search_not_its_server(crawler) -> None:
    middleware = PageGivenByTheTest.from_crawler(crawler)
    search = {"search_url": f"{A}/search"}
    request = Request(f"{A}/search?q=x", meta={KIND_KEY: "html", ORIGIN_KEY: SEARCH,
                                               SEARCH_KEY: search})
    response = HtmlResponse(request.url, body=SCRIPTED, encoding="utf-8", request=request)
    run(middleware.process_response(request, response))
    assert crawler.stats.get_value(RENDER_SEARCHES_LEARNED) == 1
    assert crawler.stats.get_value(RENDER_SERVERS_LEARNED) is None
    next_page = Request(f"{A}/search?q=x&page=2", meta={ORIGIN_KEY: SEARCH,
                                                        SEARCH_KEY: search})
    assert run(middleware.process_request(next_page)).body == DOM
    assert run(middleware.process_request(Request(f"{A}/other.html"))) is None
