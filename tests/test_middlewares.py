"""Downloader middlewares, each alone, with a real Scrapy crawler object."""

from __future__ import annotations

import pytest
from scrapy import Request
from scrapy.exceptions import IgnoreRequest
from scrapy.http import HtmlResponse
from scrapy.utils.test import get_crawler

from middlewares.file_directory import FileDirectoryMiddleware
from middlewares.policy import LinkPolicyMiddleware


def policy_middleware(forbidden: str = "") -> tuple[LinkPolicyMiddleware, object]:
    """The middleware gets the crawl's scope from the crawler's job (settings + inputs)."""
    crawler = get_crawler(settings_dict={
        "CITESEEKER_PERMITTED_FORMATS": "html", "CITESEEKER_FORBIDDEN": forbidden,
        "CITESEEKER_AUTHORS": "Fiala", "CITESEEKER_PUBLICATIONS": "A title",
        "CITESEEKER_STARTPOINTS": "http://ok.org/"})
    return LinkPolicyMiddleware.from_crawler(crawler), crawler


@pytest.mark.parametrize("url, meta, reason", [
    ("http://bad.com/a.html", {}, "forbidden_domain"),
    ("http://ok.org/a.pdf", {}, "format_not_permitted"),
    ("file:///etc/passwd", {"redirect_urls": ["http://ok.org/r"]}, "file_link_from_web"),
    ("http://ok.org/a/a/a/a/x.html", {}, "repeated_segments"),
])
def test_policy_middleware_refuses_and_counts(url: str, meta: dict, reason: str) -> None:
    middleware, crawler = policy_middleware(forbidden=".com")
    with pytest.raises(IgnoreRequest, match=reason):
        middleware.process_request(Request(url, meta=meta))
    assert crawler.stats.get_value(f"citeseeker/downloader/refused/{reason}") == 1


def test_policy_middleware_lets_admitted_requests_through() -> None:
    middleware, crawler = policy_middleware(forbidden=".com")
    assert middleware.process_request(Request("http://ok.org/a.html")) is None


def test_policy_middleware_replaces_a_spelling_by_its_canonical_url() -> None:
    middleware, crawler = policy_middleware()
    replaced = middleware.process_request(Request("HTTP://OK.org:80/x/../%61.html#top"))
    assert replaced.url == "http://ok.org/a.html"
    assert crawler.stats.get_value("citeseeker/downloader/canonicalized") == 1


def test_file_directory_listing_and_index(tmp_path) -> None:
    (tmp_path / "sub").mkdir()
    (tmp_path / "a b.html").write_text("x")
    middleware = FileDirectoryMiddleware()
    listing = middleware.process_request(Request(tmp_path.as_uri()))
    assert isinstance(listing, HtmlResponse)
    assert listing.url == tmp_path.as_uri() + "/"
    assert listing.css("a::attr(href)").getall() == ["a%20b.html", "sub/"]
    (tmp_path / "index.html").write_text("<html><body>home</body></html>")
    index = middleware.process_request(Request(tmp_path.as_uri() + "/"))
    assert b"home" in index.body
    assert middleware.process_request(Request((tmp_path / "a b.html").as_uri())) is None
    assert middleware.process_request(Request("http://ok.org/")) is None
