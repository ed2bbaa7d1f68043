"""The frontier scheduler in-process (Scrapy's ``get_crawler``), driven through the real
redirect and retry middlewares: redirect chains, redirects to another server, loops, targets
out of scope, retries — and the frontier's bookkeeping after each."""

from __future__ import annotations

from typing import Any

import pytest
from scrapy import Request, signals
from scrapy.downloadermiddlewares.retry import RetryMiddleware
from scrapy.http import HtmlResponse, Response
from scrapy.utils.test import get_crawler
from twisted.internet.error import TimeoutError as ConnectTimeout

from citeseeker_scrapy import signals as citeseeker_signals
from citeseeker_scrapy.document.item import DocumentItem
from citeseeker_scrapy.keys import DEPTH_KEY, ORIGIN_KEY, START
from citeseeker_scrapy.scheduler import FrontierScheduler
from citeseeker_scrapy.middlewares.redirects import ScopedMetaRefreshMiddleware, ScopedRedirectMiddleware
from citeseeker_scrapy.spiders.citeseeker import CiteSeekerSpider
from tests.support.components import started

A, B = "http://a.example", "http://b.example"


class Crawl:
    """A crawler, the citeseeker spider, the scheduler and the two middlewares, wired as the
    engine would, with a hand-held 'downloader'."""

    def __init__(self, **settings: Any) -> None:
        self.crawler = get_crawler(CiteSeekerSpider, settings_dict={
            "CITESEEKER_AUTHORS": "Fiala", "CITESEEKER_PUBLICATIONS": "A title",
            "CITESEEKER_STARTPOINTS": f"{A}/", "RETRY_TIMES": 1, **settings})
        self.spider = self.crawler.spider = CiteSeekerSpider.from_crawler(self.crawler)
        started(self.crawler)
        self.completed: list[str] = []
        self.crawler.signals.connect(self._completed, signal=citeseeker_signals.server_completed)
        self.scheduler = FrontierScheduler.from_crawler(self.crawler)
        self.scheduler.open(self.spider)
        self.scheduler.on_engine_started()  # what the engine_started signal calls
        self.redirects = ScopedRedirectMiddleware.from_crawler(self.crawler)
        self.refreshes = ScopedMetaRefreshMiddleware.from_crawler(self.crawler)
        self.retries = RetryMiddleware.from_crawler(self.crawler)

    def _completed(self, server: str) -> None:
        self.completed.append(server)

    def start(self, url: str) -> bool:
        return self.scheduler.enqueue_request(Request(url, meta={ORIGIN_KEY: START,
                                                                 DEPTH_KEY: 0}))

    def next(self) -> Request:
        request = self.scheduler.next_request()
        assert request is not None
        return request

    def redirect(self, request: Request, location: str, status: int = 302) -> bool:
        """The server answers with a redirect: the middleware's request goes to the scheduler."""
        response = Response(request.url, status=status, headers={"Location": location},
                            request=request)
        redirected = self.redirects.process_response(request, response)
        assert isinstance(redirected, Request)
        return self.scheduler.enqueue_request(redirected)

    def done(self, request: Request, links: tuple[str, ...] = ()) -> None:
        """The document's item left the pipelines."""
        item = DocumentItem(url=request.url, depth=request.meta[DEPTH_KEY], links=list(links))
        self.crawler.signals.send_catch_log(signals.item_scraped, item=item, response=None,
                                            spider=self.spider)

    def failed(self, request: Request) -> None:
        self.crawler.signals.send_catch_log(citeseeker_signals.document_failed,
                                            request=request, reason="x", ignored=False)

    def stat(self, key: str) -> Any:
        return self.crawler.stats.get_value(key)


def test_a_redirect_chain_books_every_hop_and_ends_at_the_target() -> None:
    crawl = Crawl()
    assert crawl.start(f"{A}/")
    root = crawl.next()
    assert root.url == f"{A}/"
    assert crawl.redirect(root, "/b")
    hop = crawl.next()
    assert (hop.url, hop.meta[ORIGIN_KEY]) == (f"{A}/b", "frontier")
    assert hop.meta["redirect_urls"] == [f"{A}/"] and hop.meta["redirect_times"] == 1
    # a messy Location is made canonical by the middleware, through the crawl's scope
    assert crawl.redirect(hop, "HTTP://A.EXAMPLE:80/x/../c.html#part", status=301)
    target = crawl.next()
    assert target.url == f"{A}/c.html" and target.meta["redirect_times"] == 2
    # both earlier URLs count as completed: offered again as links, they are duplicates
    crawl.done(target, links=(f"{A}/", f"{A}/b", f"{A}/d.html"))
    assert crawl.stat("citeseeker/frontier/refused/duplicate") == 2
    last = crawl.next()
    assert last.url == f"{A}/d.html"
    crawl.done(last)
    assert crawl.completed == [A]
    assert crawl.scheduler.next_request() is None
    assert crawl.stat("citeseeker/frontier/pickled") is None   # hops kept as URL + JSON


def test_a_redirect_to_another_server_hands_the_target_to_that_server() -> None:
    crawl = Crawl()
    crawl.start(f"{A}/")
    root = crawl.next()
    assert crawl.redirect(root, f"{B}/moved.html")
    # A has nothing left: it is completed; B is pending with the target as its document
    assert crawl.completed == [A]
    moved = crawl.next()
    assert moved.url == f"{B}/moved.html"
    crawl.done(moved)
    nxt = crawl.next()   # then B's root, depth-first from its pending documents
    assert nxt.url == f"{B}/"
    crawl.done(nxt)
    assert crawl.completed == [A, B]


def test_a_redirect_loop_ends_at_the_first_url_seen_again() -> None:
    crawl = Crawl()
    crawl.start(f"{A}/")
    root = crawl.next()
    assert crawl.redirect(root, "/loop1")
    first = crawl.next()
    assert crawl.redirect(first, "/loop2")
    second = crawl.next()
    assert not crawl.redirect(second, "/loop1")      # seen: dropped, the loop ends
    assert crawl.scheduler.next_request() is None
    assert crawl.completed == [A]
    assert crawl.stat("citeseeker/frontier/refused/duplicate") == 1


def test_a_meta_refresh_is_booked_like_a_redirect() -> None:
    crawl = Crawl()
    crawl.start(f"{A}/")
    root = crawl.next()
    page = HtmlResponse(root.url, request=root, encoding="utf-8", body=(
        b'<html><head><meta http-equiv="refresh" content="0; url=/new.html"></head></html>'))
    refreshed = crawl.refreshes.process_response(root, page)
    assert isinstance(refreshed, Request)
    assert crawl.scheduler.enqueue_request(refreshed)
    assert crawl.next().url == f"{A}/new.html"


@pytest.mark.parametrize("head, scanned, refreshes", [
    (b'<meta http-equiv="refresh" content="0; url=/new.html">', True, True),
    (b'<META HTTP-EQUIV="Refresh" CONTENT="0;URL=/new.html">', True, True),
    # the word, or a numeric reference that may spell it: Scrapy's own scan decides (w3lib,
    # pinned in requirements.txt, reads "&#114;efresh" as "refresh", as a browser does)
    (b'<title>No refresh here</title>', True, False),
    (b'<meta http-equiv="&#114;efresh" content="0; url=/new.html">', True, True),
    (b'<meta charset="utf-8"><title>Here &amp; there</title>', False, False),
    (b'<title>x</title>' + b' ' * 5000 + b'<meta http-equiv="refresh" content="0; url=/n">',
     True, False),  # looked at (a few more bytes than Scrapy reads characters), not followed
    (b'<title>x</title>' + b' ' * 20000 + b'<meta http-equiv="refresh" content="0; url=/n">',
     False, False),  # beyond what Scrapy reads
])
def test_a_page_that_cannot_declare_a_refresh_is_not_scanned(
        head: bytes, scanned: bool, refreshes: bool) -> None:
    from citeseeker_scrapy.middlewares.redirects import may_refresh
    crawl = Crawl()
    crawl.start(f"{A}/")
    root = crawl.next()
    page = HtmlResponse(root.url, request=root, encoding="utf-8",
                        body=b"<html><head>" + head + b"</head><body>text</body></html>")
    assert may_refresh(page) is scanned
    answer = crawl.refreshes.process_response(root, page)
    assert isinstance(answer, Request) is refreshes


class TextCountingResponse(HtmlResponse):
    """An HTML response that counts how often its whole text is decoded."""

    decoded = 0

    @property
    def text(self) -> str:
        type(self).decoded += 1
        return super().text


def test_a_refresh_in_a_utf16_page_is_followed_and_a_page_without_one_is_never_decoded() -> None:
    """The refresh check reads bytes; a page in UTF-16 (NUL bytes in its head) is read as
    text, as Scrapy reads it. A page without a refresh is never decoded for it."""
    from citeseeker_scrapy.middlewares.redirects import may_refresh
    crawl = Crawl()
    crawl.start(f"{A}/")
    root = crawl.next()
    html = '<html><head><meta http-equiv="refresh" content="0; url=/new.html"></head></html>'
    page = HtmlResponse(root.url, request=root, body=html.encode("utf-16"))
    assert may_refresh(page)
    answer = crawl.refreshes.process_response(root, page)
    assert isinstance(answer, Request) and answer.url == f"{A}/new.html"
    plain = TextCountingResponse(root.url, request=root, body=b"<html><title>x</title></html>")
    assert crawl.refreshes.process_response(root, plain) is plain
    assert TextCountingResponse.decoded == 0


@pytest.mark.parametrize("location, reason", [
    ("http://forbidden.example.com/x.html", "forbidden_domain"),
    ("file:///etc/passwd", "file_link_from_web"),
    (f"{A}/a/a/a/a/trap.html", "repeated_segments"),
])
def test_a_redirect_out_of_scope_is_refused_and_the_document_still_finishes(
        location: str, reason: str) -> None:
    crawl = Crawl(CITESEEKER_FORBIDDEN=".com")
    crawl.start(f"{A}/")
    root = crawl.next()
    response = Response(root.url, status=302, headers={"Location": location}, request=root)
    if location.startswith("file:"):   # Scrapy itself does not follow non-HTTP redirects
        assert crawl.redirects.process_response(root, response) is response
        crawl.done(root)
    else:
        assert not crawl.redirect(root, location)   # the scheduler's scope gate refuses it
        assert crawl.stat(f"citeseeker/scope/refused/{reason}") == 1
    assert crawl.completed == [A]    # the redirecting document finished all the same


def test_a_retry_goes_back_through_the_frontier_with_its_count() -> None:
    crawl = Crawl()
    crawl.start(f"{A}/")
    root = crawl.next()
    retry = crawl.retries.process_exception(root, ConnectTimeout())
    assert isinstance(retry, Request) and retry.dont_filter
    assert crawl.scheduler.enqueue_request(retry)   # in flight, but a retry is re-queued
    again = crawl.next()
    assert again.url == f"{A}/" and again.meta["retry_times"] == 1 and again.dont_filter
    assert crawl.retries.process_exception(again, ConnectTimeout()) is None  # gives up
    crawl.failed(again)
    assert crawl.completed == [A]
    assert crawl.stat("citeseeker/frontier/pickled") is None


def test_a_start_point_kept_whole_is_retried_not_lost() -> None:
    """A start request with meta of its own (pickled whole, its origin kept) came back from
    the frontier as a start point; its retry was then refused as a duplicate of itself, and
    the start point was never fetched again (nor reported failed)."""
    crawl = Crawl()
    assert crawl.scheduler.enqueue_request(Request(f"{A}/index.html", meta={
        ORIGIN_KEY: START, DEPTH_KEY: 0, "custom": 1}))
    first = crawl.next()
    assert first.url == f"{A}/index.html" and first.meta[ORIGIN_KEY] == START
    retry = crawl.retries.process_exception(first, ConnectTimeout())
    assert isinstance(retry, Request)
    assert crawl.scheduler.enqueue_request(retry)
    again = crawl.next()
    assert again.url == f"{A}/index.html" and again.meta["retry_times"] == 1
    assert crawl.stat("citeseeker/frontier/refused/duplicate") is None


def test_a_request_of_another_kind_is_kept_whole() -> None:
    crawl = Crawl()
    crawl.start(f"{A}/")
    root = crawl.next()
    form = Request(f"{A}/search", method="POST", body=b"q=fiala", meta={"custom": 1})
    assert crawl.scheduler.enqueue_request(form)
    crawl.done(root)
    again = crawl.next()
    assert (again.method, again.body, again.meta["custom"]) == ("POST", b"q=fiala", 1)
    assert crawl.stat("citeseeker/frontier/pickled") == 1


# -- the one scope gate: every request and every link, one stats name ----------------------------


@pytest.mark.parametrize("url, meta, reason", [
    ("http://bad.com/a.html", {}, "forbidden_domain"),
    ("http://a.example/a.pdf", {}, "format_not_permitted"),
    ("file:///etc/passwd", {"redirect_urls": [f"{A}/r"]}, "file_link_from_web"),
    (f"{A}/a/a/a/a/x.html", {}, "repeated_segments"),
    ("http://bad.com/start.html", {ORIGIN_KEY: START, DEPTH_KEY: 0}, "forbidden_domain"),
])
def test_the_scope_gate_refuses_any_request_and_counts_it_under_one_name(
        url: str, meta: dict, reason: str) -> None:
    crawl = Crawl(CITESEEKER_FORBIDDEN=".com", CITESEEKER_PERMITTED_FORMATS="html")
    assert not crawl.scheduler.enqueue_request(Request(url, meta=meta))
    assert crawl.stat(f"citeseeker/scope/refused/{reason}") == 1
    assert crawl.scheduler.next_request() is None


def test_the_scope_gate_enqueues_a_spelling_under_its_canonical_url() -> None:
    crawl = Crawl()
    assert crawl.scheduler.enqueue_request(Request("HTTP://A.example:80/x/../%61.html#top"))
    assert crawl.next().url == f"{A}/a.html"
    assert not crawl.scheduler.enqueue_request(Request(f"{A}/a.html"))   # the same document


def test_links_of_documents_pass_the_same_gate() -> None:
    crawl = Crawl(CITESEEKER_FORBIDDEN=".com")
    crawl.start(f"{A}/")
    crawl.done(crawl.next(), links=("http://bad.com/x.html", f"{A}/b.html", "mailto:x@a.example"))
    assert crawl.stat("citeseeker/scope/refused/forbidden_domain") == 1
    assert crawl.next().url == f"{A}/b.html"


def test_every_request_handed_out_carries_the_same_callback_objects() -> None:
    """Scrapy remembers, per callback object and weakly, whether a generator callback returns
    a value (it parses the callback's source to know): one bound method for all requests keeps
    that answer remembered, where a new one per request made Scrapy parse the source per page."""
    crawl = Crawl()
    assert crawl.start(f"{A}/")
    root = crawl.next()
    crawl.done(root, links=(f"{A}/x.html", f"{A}/y.html"))
    first, second = crawl.next(), crawl.next()
    assert first.callback is second.callback is root.callback == crawl.spider.parse
    assert first.errback is second.errback == crawl.spider.on_error


def test_a_plain_url_is_sent_verbatim_and_its_redirect_stays_plain() -> None:
    """The frontier's plain URLs skip Scrapy's and aiohttp's quoting (``verbatim_url``); any
    other is quoted as usual; a redirect of a verbatim request is booked like any other."""
    crawl = Crawl()
    crawl.start(f"{A}/")
    root = crawl.next()
    assert root.meta.get("verbatim_url") is True
    assert crawl.redirect(root, "/my paper.html")
    moved = crawl.next()
    assert moved.url == f"{A}/my%20paper.html" and not moved.meta.get("verbatim_url")
    assert moved.meta["redirect_urls"] == [f"{A}/"]
    assert crawl.redirect(moved, "/final.html")
    final = crawl.next()
    assert final.url == f"{A}/final.html" and final.meta.get("verbatim_url") is True
    assert crawl.stat("citeseeker/frontier/pickled") is None


def test_a_server_given_up_counts_every_document_it_lost_in_one_line() -> None:
    """A server given up as down: its errors.log line, told when its last document out is back,
    counts the one that failed last, those waiting and those out that failed after; a document
    out that was answered after all is searched, not counted."""
    crawl = Crawl(CITESEEKER_UNREACHABLE_AFTER=1, CITESEEKER_DEFER_TIMES=0,
                  CONCURRENT_REQUESTS_PER_DOMAIN=4)
    lines: list[tuple[str, str]] = []
    crawl.crawler.signals.connect(lambda url, reason, **kwargs: lines.append((url, reason)),
                                  signal=citeseeker_signals.note_error, weak=False)
    crawl.start(f"{A}/")
    root = crawl.next()
    crawl.done(root, links=tuple(f"{A}/{n}.html" for n in range(6)))
    first, second, answered = crawl.next(), crawl.next(), crawl.next()  # 3 waiting

    def trouble(request: Request) -> Any:
        [(_, until)] = crawl.crawler.signals.send_catch_log(
            citeseeker_signals.server_trouble, request=request, reason="refused",
            retry_after=None, down=True)
        return until

    assert trouble(first) is None and trouble(second) is None  # given up, then out of it
    crawl.failed(first)
    crawl.failed(second)
    assert lines == [] and crawl.completed == []  # a document of it is still out
    crawl.done(answered)
    assert crawl.completed == [A]
    assert lines == [(A, "server unreachable (1 failures in a row after 0 deferrals, last: "
                         "refused): completed, 5 documents not fetched")]
    assert crawl.stat("citeseeker/frontier/documents_not_fetched") == 5
    assert crawl.stat("citeseeker/frontier/unreachable_documents_skipped") == 5
    assert crawl.stat("citeseeker/frontier/unreachable_servers") == 1


def test_links_a_server_has_seen_are_counted_once_as_duplicates_in_any_spelling() -> None:
    """A page's links to documents its server has seen (itself, a page waiting, with a
    fragment or spelled otherwise) are refused as duplicates and counted once each; a new link
    is queued once, a link out of scope is refused by the scope as before."""
    crawl = Crawl(CITESEEKER_FORBIDDEN=".com")
    crawl.start(f"{A}/")
    root = crawl.next()
    crawl.done(root, links=(f"{A}/b.html", f"{A}/c.html"))
    page = crawl.next()
    crawl.done(page, links=(f"{A}/", f"{A}/#top", "HTTP://A.EXAMPLE:80/b.html", f"{A}/b.html",
                            f"{A}/c.html#refs", f"{A}/d.html", f"{A}/d.html#x",
                            "http://bad.com/b.html"))
    assert crawl.stat("citeseeker/frontier/refused/duplicate") == 6
    assert crawl.stat("citeseeker/frontier/enqueued") == 1 + 2 + 1  # start, root's 2, d.html
    assert crawl.stat("citeseeker/scope/refused/forbidden_domain") == 1
    waiting = {f"{A}/b.html", f"{A}/c.html"} - {page.url}
    assert {crawl.next().url for _ in range(2)} == {*waiting, f"{A}/d.html"}
    assert crawl.scheduler.next_request() is None


def test_a_seen_link_of_its_own_server_is_not_followed_with_site_search_only() -> None:
    """With CITESEEKER_SITE_SEARCH=only a page's own-server links are counted as not followed,
    those its server has seen too (not as duplicates); a link to another server is followed."""
    crawl = Crawl(CITESEEKER_SITE_SEARCH="only")
    crawl.start(f"{A}/")
    root = crawl.next()
    crawl.done(root, links=(f"{A}/", f"{A}/b.html", f"{B}/x.html"))
    assert crawl.stat("citeseeker/site_search/links_not_followed") == 2
    assert crawl.stat("citeseeker/frontier/refused/duplicate") is None
    assert crawl.next().url == f"{B}/x.html"


def test_a_seen_private_document_linked_from_a_public_page_is_refused_by_the_scope() -> None:
    """A private address the crawl knows (a start point pushed to it) linked from a public
    page is refused by the scope, whose verdict depends on the page, not counted as a
    duplicate; linked from its own server's page, it is a duplicate."""
    crawl = Crawl()
    private = "http://10.1.2.3"
    crawl.scheduler.admission.add_start_point(f"{private}/")
    crawl.start(f"{A}/")
    first = crawl.next()
    assert first.url == f"{private}/"
    crawl.done(first, links=(f"{private}/", f"{private}/a.html"))
    assert crawl.stat("citeseeker/frontier/refused/duplicate") == 1
    out = {crawl.next().url for _ in range(2)}  # the private page stays out: its server active
    assert out == {f"{private}/a.html", f"{A}/"}
    crawl.done(Request(f"{A}/", meta={DEPTH_KEY: 0}), links=(f"{private}/a.html", f"{private}/"))
    assert crawl.stat("citeseeker/scope/refused/private_address") == 2
    assert crawl.stat("citeseeker/frontier/refused/duplicate") == 1


def trouble_of(crawl: Crawl, request: Request, no_server: bool) -> Any:
    """What the scheduler answers the outage middleware: until when the retry waits, or None."""
    [(_, until)] = crawl.crawler.signals.send_catch_log(
        citeseeker_signals.server_trouble, request=request, reason="connection refused",
        retry_after=None, down=True, no_server=no_server)
    return until


@pytest.mark.parametrize("answered_first, no_server, given_up", [
    (False, True, True),     # a dead start point: given up at once
    (True, True, False),     # it answered once: a server that went down, deferred
    (False, False, False),   # a failure that does not say no server is there: deferred
])
def test_only_a_start_point_that_never_answered_and_has_no_server_is_given_up_at_once(
        answered_first: bool, no_server: bool, given_up: bool) -> None:
    crawl = Crawl(CITESEEKER_UNREACHABLE_AFTER=1, CITESEEKER_DEFER_TIMES=2)
    crawl.start(f"{A}/paper.html")
    request = crawl.next()
    if answered_first:
        crawl.done(request, links=(f"{A}/more.html",))
        request = crawl.next()
    until = trouble_of(crawl, request, no_server)
    assert (until is None) == given_up
    assert crawl.stat("citeseeker/frontier/deferred") == (None if given_up else 1)


def test_a_start_point_server_another_worker_crawled_before_is_no_dead_start_point() -> None:
    """The shared frontier tells the watch of a server taken over (or found deferred): it
    keeps the deferrals of a server that went down, though this worker read its start point."""
    crawl = Crawl(CITESEEKER_UNREACHABLE_AFTER=1, CITESEEKER_DEFER_TIMES=2)
    crawl.start(f"{A}/paper.html")
    request = crawl.next()
    crawl.scheduler.watch.crawled_before(A)
    assert trouble_of(crawl, request, no_server=True) is not None
    assert crawl.stat("citeseeker/frontier/deferred") == 1


def test_a_server_reached_by_a_link_before_its_start_point_is_no_new_start_point() -> None:
    """A start point of a server the crawl is already crawling (a resumed job's, or one a link
    reached first) keeps the deferrals of a server that went down."""
    crawl = Crawl(CITESEEKER_UNREACHABLE_AFTER=1, CITESEEKER_DEFER_TIMES=2)
    crawl.start(f"{A}/")
    crawl.done(crawl.next(), links=(f"{B}/",))
    b_root = crawl.next()
    assert b_root.url == f"{B}/"
    crawl.start(f"{B}/paper.html")
    assert trouble_of(crawl, b_root, no_server=True) is not None
    assert crawl.stat("citeseeker/frontier/deferred") == 1
