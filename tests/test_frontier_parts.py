"""The scheduler's parts alone: requests as frontier records and back (``frontier/codec.py``),
and the skip file read only when it changed (``frontier/skip_file.py``)."""

from __future__ import annotations

import logging
import os
from pathlib import Path

import pytest
from scrapy import FormRequest, Request, Spider
from scrapy.utils.test import get_crawler

from citeseeker_scrapy.frontier import skip_file
from citeseeker_scrapy.frontier.codec import META_PAYLOAD, REQUEST_PAYLOAD, RequestCodec
from citeseeker_scrapy.frontier.skip_file import SkipFile
from citeseeker_scrapy.keys import DEPTH_KEY, FRONTIER, LEASE_KEY, ORIGIN_KEY, UNSENT_KEY
from citeseeker_scrapy.stats import FRONTIER_PICKLED


class PagesSpider(Spider):
    name = "pages"

    def parse(self, response):  # pragma: no cover - never called: the codec only names it
        yield from ()

    def on_error(self, failure):  # pragma: no cover
        pass


@pytest.fixture
def codec() -> RequestCodec:
    codec = RequestCodec(get_crawler(PagesSpider).stats)
    codec.open(PagesSpider())
    return codec


def test_a_plain_request_is_its_url_and_depth_and_comes_back_for_the_spider(codec) -> None:
    entry = codec.entry(Request("http://a.example/p.html", meta={DEPTH_KEY: 2}),
                        "http://a.example/p.html")
    assert (entry.url, entry.depth, entry.payload) == ("http://a.example/p.html", 2, None)
    request = codec.request(entry)
    assert request.meta[ORIGIN_KEY] == FRONTIER and request.meta[DEPTH_KEY] == 2
    assert request.callback == codec.callbacks[0] and request.errback == codec.callbacks[1]


def test_redirect_and_retry_meta_are_kept_as_json_and_a_lease_is_not(codec) -> None:
    sent = Request("http://a.example/b", dont_filter=True,
                   meta={"redirect_times": 1, "redirect_urls": ["http://a.example/a"],
                         "retry_times": 2, LEASE_KEY: 7, UNSENT_KEY: True})
    entry = codec.unsent_entry(sent)
    assert entry.payload is not None and entry.payload.startswith(META_PAYLOAD)
    request = codec.request(entry)
    assert request.meta["redirect_urls"] == ["http://a.example/a"]
    assert request.meta["retry_times"] == 2 and request.dont_filter
    assert LEASE_KEY not in request.meta and UNSENT_KEY not in request.meta


def test_a_post_is_kept_whole_and_counted(codec) -> None:
    form = FormRequest("http://a.example/search", formdata={"q": "Fiala"})
    entry = codec.entry(form, form.url)
    assert entry.payload is not None and entry.payload.startswith(REQUEST_PAYLOAD)
    assert codec.stats.get_value(FRONTIER_PICKLED) == 1
    again = codec.request(entry)
    assert (again.method, again.body) == ("POST", form.body)


def test_the_skip_file_names_servers_once_and_again_only_when_it_changed(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(skip_file, "SKIP_CHECK_SECONDS", 0.0)
    path = tmp_path / "skip_servers.txt"
    skipping = SkipFile(path)
    assert skipping.servers_named() == []  # no file yet
    path.write_text("# servers to skip\nhttp://a.example/some/page.html\n\n"
                    " http://b.example:8080\n", encoding="utf-8")
    assert skipping.servers_named() == ["http://a.example", "http://b.example:8080"]
    assert skipping.servers_named() == []  # unchanged
    path.write_text("http://c.example/\n", encoding="utf-8")
    os.utime(path, (1, path.stat().st_mtime + 5))
    assert skipping.servers_named() == ["http://c.example"]


def test_a_skip_file_line_is_read_as_a_user_spells_a_server(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    """Upper case, a default port, a bare host name: each names the server as the frontier
    spells it; a line naming no web server is said in the log, and the others still count."""
    monkeypatch.setattr(skip_file, "SKIP_CHECK_SECONDS", 0.0)
    path = tmp_path / "skip_servers.txt"
    path.write_text("HTTP://A.Example:80/Some/Page.html\nwww.b.example\nftp://c.example/\n"
                    "https://d.example:443\n", encoding="utf-8")
    with caplog.at_level(logging.WARNING):
        named = SkipFile(path).servers_named()
    assert named == ["http://a.example", "http://www.b.example", "https://www.b.example",
                     "https://d.example"]
    assert "line 3, 'ftp://c.example/', names no web server" in caplog.text
