"""The file:// directory middleware: a listing for a directory without index.html, its index otherwise."""

from __future__ import annotations

from scrapy import Request
from scrapy.http import HtmlResponse

from citeseeker_scrapy.middlewares.file_directory import FileDirectoryMiddleware


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
