"""Per-server concurrency that adapts: the AIMD rule on plain values, and a real
crawl of a server that drops connections, through the middleware the add-on installs."""

from __future__ import annotations

import asyncio
import functools
import threading
import time
from http.server import SimpleHTTPRequestHandler
from pathlib import Path

import pytest

from citeseeker_scrapy.middlewares.adaptive_concurrency import (
    HOLD_SECONDS, AdaptiveConcurrency, AdaptiveConcurrencyMiddleware,
)
from tests.support.crawl import run_crawl
from tests.support.servers import LocalServer, write_site

FIALA = "Retrieving citations on the web"
PAGES = 40


# --- a connection sent back unsent ----------------------------------------------------------

def test_a_request_the_lease_check_sends_back_frees_its_connection() -> None:
    """The lease check (later in the chain) returns a request unsent; Scrapy then calls no
    process_response of the middlewares before it, so the connection is freed by a signal."""
    import asyncio

    from scrapy import Request
    from scrapy.utils.test import get_crawler

    from tests.support.components import started

    from citeseeker_scrapy.keys import CONNECTION_KEY
    from citeseeker_scrapy.middlewares.adaptive_concurrency import AdaptiveConcurrencyMiddleware
    from citeseeker_scrapy.middlewares.lease import LeaseCheckMiddleware

    from types import SimpleNamespace

    from scrapy.core.downloader import Downloader

    crawler = started(get_crawler(settings_dict={"CONCURRENT_REQUESTS_PER_DOMAIN": 1}))
    crawler.engine = SimpleNamespace(downloader=Downloader(crawler))  # Scrapy's own downloader
    adaptive = AdaptiveConcurrencyMiddleware.from_crawler(crawler)
    request = Request("http://a.example/x.html")
    asyncio.run(adaptive.process_request(request))
    assert adaptive.gates["a.example"].open == 1 and request.meta[CONNECTION_KEY]
    LeaseCheckMiddleware(crawler)._unsent(request, "fenced_at_send")
    assert adaptive.gates["a.example"].open == 0 and CONNECTION_KEY not in request.meta


# --- the rule -------------------------------------------------------------------------------

def test_congestion_halves_the_concurrency_down_to_one_and_once_per_hold() -> None:
    rule = AdaptiveConcurrency()
    assert rule.congested("a", 8, now=0.0) == 4
    assert rule.congested("a", 4, now=0.5) == 4  # the requests already on the way: same event
    assert rule.congested("a", 4, now=HOLD_SECONDS) == 2
    assert rule.congested("a", 2, now=2 * HOLD_SECONDS) == 1
    assert rule.congested("a", 1, now=3 * HOLD_SECONDS) == 1


def test_a_window_of_normal_answers_adds_one_up_to_the_ceiling() -> None:
    rule = AdaptiveConcurrency()
    assert rule.answered("a", 4, 0.01, now=0.0) == 4  # first seen: 4 is its ceiling
    concurrency = rule.congested("a", 4, now=0.0)
    assert concurrency == 2
    grown = []
    for step in range(20):
        concurrency = rule.answered("a", concurrency, 0.01, now=1.0 + step)
        grown.append(concurrency)
    assert grown[:6] == [2, 3, 3, 3, 4, 4]  # one per window of `concurrency` answers
    assert max(grown) == 4


def test_a_latency_spike_is_congestion_a_slow_server_is_not() -> None:
    rule = AdaptiveConcurrency()
    for _ in range(5):
        assert rule.answered("fast", 4, 0.005, now=0.0) == 4
    assert rule.answered("fast", 4, 1.02, now=0.0) == 2  # a SYN sent again after 1 s
    for _ in range(5):  # a server that always needs 2 s: its usual latency
        assert rule.answered("slow", 4, 2.0, now=0.0) == 4
    assert rule.answered("slow", 4, 2.5, now=0.0) == 4


def test_a_spike_holds_decreases_for_as_long_as_it_lasted() -> None:
    rule = AdaptiveConcurrency()
    rule.answered("a", 8, 0.01, now=0.0)
    assert rule.answered("a", 8, 3.0, now=10.0) == 4
    assert rule.answered("a", 4, 3.0, now=12.0) == 4  # sent before the decrease
    assert rule.answered("a", 4, 3.0, now=13.0) == 2


def test_slots_that_are_gone_are_forgotten() -> None:
    rule = AdaptiveConcurrency()
    for key in ("a", "b", "c"):
        rule.congested(key, 4, now=0.0)
    rule.forget_except({"b": object()})
    assert set(rule.windows) == {"b"}


# --- a crawl --------------------------------------------------------------------------------

class DroppingHandler(SimpleHTTPRequestHandler):
    """Closes the connection without an answer the first time each path is asked for (a
    server that cannot take more), answers the second time."""

    def do_GET(self) -> None:  # noqa: N802 (http.server's naming)
        with self.server.lock:
            first = self.path not in self.server.seen
            self.server.seen.add(self.path)
        if first and self.path != "/robots.txt":
            self.close_connection = True
            return
        super().do_GET()

    def log_message(self, format: str, *args) -> None:  # noqa: A002
        pass


def dropping_server(root: Path) -> LocalServer:
    server = LocalServer(("127.0.0.1", 0),
                                 functools.partial(DroppingHandler, directory=str(root)))
    server.seen, server.lock = set(), threading.Lock()
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def write_pages(root: Path) -> Path:
    links = "".join(f'<a href="p{i}.html">p{i}</a> ' for i in range(PAGES))
    files = {"index.html": f"<html><body>{links}</body></html>"}
    for i in range(PAGES):
        text = f"D. Fiala. {FIALA}. 2003." if i == 7 else f"page {i}"
        files[f"p{i}.html"] = f"<html><body><p>{text}</p></body></html>"
    return write_site(root, files)


def crawl_dropping_server(tmp_path: Path, *, retries: str, adaptive: str):
    """Crawl :func:`write_pages` from a :func:`dropping_server`: the stopped server (what it
    was asked for), its base URL and the crawl's result."""
    root = write_pages(tmp_path / "site")
    authors = tmp_path / "authors.txt"
    authors.write_text(f"author=Fiala\n{FIALA}\n", encoding="utf-8")
    server = dropping_server(root)
    base = f"http://127.0.0.1:{server.server_address[1]}"
    try:
        result = run_crawl(tmp_path / "run", "-a", f"authors={authors}",
                           "-a", f"startpoints={base}/index.html",
                           settings={"RETRY_TIMES": retries, "CITESEEKER_RENDER": "never",
                                     "CITESEEKER_ADAPTIVE_CONCURRENCY": adaptive})
    finally:
        server.shutdown()
        server.server_close()
    return server, base, result


@pytest.mark.parametrize("adaptive", ["True", "False"])
def test_a_server_that_drops_connections_gets_fewer_and_loses_nothing(tmp_path: Path,
                                                                      adaptive: str) -> None:
    server, base, result = crawl_dropping_server(tmp_path, retries="1", adaptive=adaptive)
    assert result.returncode == 0, result.output[-3000:]
    assert result.hits() == {(f"{base}/p7.html", FIALA)}
    stats = result.stats()
    assert stats["citeseeker/frontier/enqueued"] >= PAGES + 1
    # every page on its retry: the 40 pages, the start point and the server's root
    assert "Documents searched:\t42" in result.log("summary")
    if adaptive == "True":
        assert stats["citeseeker/adaptive/decreased"] >= 1
        assert stats["citeseeker/adaptive/lowest"] <= 2  # halved from 4
    else:
        assert not any(key.startswith("citeseeker/adaptive/") for key in stats)


def test_a_dropped_connection_is_retried_by_scrapy_alone(tmp_path: Path) -> None:
    """aiohttp would send a GET again, unseen, when the server closes the connection without
    an answer (middlewares/http_handler.py turns that off): with ``RETRY_TIMES=0`` the server
    gets one attempt per document, and the drop is the crawl's error to report."""
    server, _, result = crawl_dropping_server(tmp_path, retries="0", adaptive="False")
    assert result.returncode == 0, result.output[-3000:]
    # a second try of the start point would have been answered, and its pages asked for
    assert server.seen == {"/robots.txt", "/index.html", "/"}
    stats = result.stats()
    assert stats["downloader/exception_count"] == 2, stats  # the start point and the root
    assert result.hits() == set()


def test_a_typo_in_the_setting_is_an_error(tmp_path: Path) -> None:
    result = run_crawl(tmp_path / "run", "-a", "authors=Fiala", "-a", f"publications={FIALA}",
                       "-a", "startpoints=http://127.0.0.1:9/",
                       settings={"CITESEEKER_ADAPTIVE_CONCURRENCY": "ture"})
    assert result.returncode == 2
    assert "CITESEEKER_ADAPTIVE_CONCURRENCY must be True or False" in result.output


class CountingHandler(SimpleHTTPRequestHandler):
    """Answers slowly and records the most requests it held unanswered at once. A request
    stops counting before its answer is written: once the crawler has read an answer it may
    send the next request, which a loaded machine can start in another thread before this
    one runs again, so counting until after the write would count one request twice."""

    def do_GET(self) -> None:  # noqa: N802 (http.server's naming)
        with self.server.lock:
            self.server.busy += 1
            self.server.most = max(self.server.most, self.server.busy)
        try:
            time.sleep(0.05)
        finally:
            with self.server.lock:
                self.server.busy -= 1
        super().do_GET()

    def log_message(self, format: str, *args) -> None:  # noqa: A002
        pass


@pytest.mark.alone
def test_a_server_never_gets_more_connections_than_its_limit(tmp_path: Path) -> None:
    """Scrapy 2.19's downloader may start every request queued for a slot at once (its
    transfer count is updated when each download task runs); the middleware holds them."""
    root = write_pages(tmp_path / "site")
    server = LocalServer(("127.0.0.1", 0),
                                 functools.partial(CountingHandler, directory=str(root)))
    server.lock, server.busy, server.most = threading.Lock(), 0, 0
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}"
    try:
        result = run_crawl(tmp_path / "run", "-a", "authors=Fiala", "-a", f"publications={FIALA}",
                           "-a", f"startpoints={base}/index.html",
                           settings={"CONCURRENT_REQUESTS_PER_DOMAIN": "3",
                                     "CITESEEKER_RENDER": "never"})
    finally:
        server.shutdown()
        server.server_close()
    assert result.returncode == 0, result.output[-3000:]
    assert result.hits() == {(f"{base}/p7.html", FIALA)}
    assert 2 <= server.most <= 3


@pytest.mark.alone
def test_an_answer_that_asks_to_slow_down_halves_the_connections() -> None:
    """429 and 503 are the server saying what a dropped connection says without words."""
    from types import SimpleNamespace

    from scrapy import Request
    from scrapy.core.downloader import Downloader
    from scrapy.http import HtmlResponse
    from scrapy.utils.test import get_crawler

    from tests.support.components import started

    crawler = started(get_crawler(settings_dict={"CONCURRENT_REQUESTS_PER_DOMAIN": 8}))
    crawler.engine = SimpleNamespace(downloader=Downloader(crawler))
    adaptive = AdaptiveConcurrencyMiddleware.from_crawler(crawler)
    limits = []
    for status in (200, 429, 503):
        request = Request("http://a.example/x.html")
        asyncio.run(adaptive.process_request(request))
        adaptive.process_response(request, HtmlResponse(request.url, status=status))
        limits.append(adaptive.gates["a.example"].limit)
    assert limits == [8, 4, 4]  # the second within the hold: the same event
