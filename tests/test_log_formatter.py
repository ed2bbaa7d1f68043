"""The log formatter: a document is logged as its URL and reason, never its text or bytes."""

from __future__ import annotations

import gzip
import logging
from pathlib import Path

from scrapy.exceptions import DropItem
from scrapy.utils.test import get_crawler

from citeseeker_scrapy.document.item import DocumentItem
from citeseeker_scrapy.extensions.log_formatter import CiteSeekerLogFormatter, summary
from tests.support.crawl import run_crawl
from tests.support.servers import SiteServer, write_site

TEXT = "lorem ipsum dolor sit amet " * 40_000  # ~1 MB per document


def formatter() -> CiteSeekerLogFormatter:
    return CiteSeekerLogFormatter.from_crawler(get_crawler())


def rendered(entry: dict) -> str:
    return entry["msg"] % entry["args"]


def test_a_dropped_document_is_its_reason_and_url_only() -> None:
    crawler = get_crawler()
    item = DocumentItem("http://127.0.0.1/a.html", body=TEXT.encode(), kind="html")
    item.parts = [{"member": "", "kind": "html", "text": TEXT}]
    entry = formatter().dropped(item, DropItem(f"no citation in {item.url}", log_level="DEBUG"),
                                None, crawler._create_spider("x"))
    assert rendered(entry) == "Dropped: no citation in http://127.0.0.1/a.html"
    assert entry["level"] == logging.DEBUG


def test_a_reason_without_the_url_gets_the_documents_summary() -> None:
    item = DocumentItem("http://127.0.0.1/b.pdf", body=b"%PDF" + b"x" * 5000, kind="pdf")
    entry = formatter().dropped(item, DropItem("too big"), None,
                                get_crawler()._create_spider("x"))
    assert rendered(entry) == "Dropped: too big (http://127.0.0.1/b.pdf (pdf, 5004 bytes))"


def test_a_scraped_document_shows_its_url_and_cited_titles_not_its_text() -> None:
    item = DocumentItem("http://127.0.0.1/c.html", body=None, kind="html", size=120)
    item.parts = [{"member": "", "kind": "html", "text": TEXT}]
    item.citations = [{"publication": "Retrieving citations"}, {"publication": "A system"},
                      {"publication": "A system"}]
    text = rendered(formatter().scraped(item, None, None))
    assert text.endswith("http://127.0.0.1/c.html (html, 120 bytes, cites: A system; "
                         "Retrieving citations)")
    assert "lorem" not in text


class CountingItem(dict):
    """A dict item that counts how often its fields are read."""

    reads = 0

    def __getitem__(self, key: str) -> object:
        CountingItem.reads += 1
        return super().__getitem__(key)

    def get(self, key: str, default: object = None) -> object:
        CountingItem.reads += 1
        return super().get(key, default)


def test_summaries_are_written_only_when_the_record_is() -> None:
    """Scrapy asks the formatter for every item at any log level: nothing of the item is read
    until a handler formats the record."""
    item = CountingItem(url="http://127.0.0.1/d.html", kind="html")
    spider = get_crawler()._create_spider("x")
    entries = [formatter().scraped(item, None, spider),
               formatter().dropped(item, DropItem("too big"), None, spider)]
    assert CountingItem.reads == 0
    assert rendered(entries[0]).endswith("\nhttp://127.0.0.1/d.html (html)")
    assert rendered(entries[1]) == "Dropped: too big (http://127.0.0.1/d.html (html))"
    assert CountingItem.reads > 0


def test_records_below_the_log_level_are_not_made() -> None:
    """At LOG_LEVEL=INFO the DEBUG lines of crawled, scraped and dropped documents would not be
    written: Scrapy is told to skip them (None); a drop logged at WARNING is still written."""
    from scrapy.http import HtmlResponse, Request
    quiet = CiteSeekerLogFormatter.from_crawler(get_crawler(settings_dict={"LOG_LEVEL": "INFO"}))
    spider = get_crawler()._create_spider("x")
    item = DocumentItem("http://127.0.0.1/e.html", body=b"<p>x</p>", kind="html")
    response = HtmlResponse(item.url, body=b"<p>x</p>", request=Request(item.url))
    assert quiet.crawled(response.request, response, spider) is None
    assert quiet.scraped(item, response, spider) is None
    assert quiet.dropped(item, DropItem("no citation", log_level="DEBUG"), response, spider) is None
    warning = quiet.dropped(item, DropItem("odd", log_level="WARNING"), response, spider)
    assert rendered(warning) == "Dropped: odd (http://127.0.0.1/e.html (html, 8 bytes))"
    assert quiet.crawled(response.request, response, spider) is None  # and so on, unmade
    verbose = formatter()
    for _ in range(2):  # every response's record, not only the first one's
        assert rendered(verbose.crawled(response.request, response, spider)).startswith(
            "Crawled (200) <GET http://127.0.0.1/e.html>")


def test_other_items_are_shown_bounded() -> None:
    assert summary({"title": "x" * 1000}).endswith("...")
    assert len(summary({"title": "x" * 1000})) == 303
    assert summary({"title": "short"}) == "{'title': 'short'}"


def big_site() -> dict[str, bytes]:
    """Big pages that cite nothing, big text files, a gzipped file we do not read, one citing
    page: what a real documentation tree looks like to the log."""
    files: dict[str, bytes] = {}
    for n in range(6):
        files[f"p{n}.html"] = f"<html><body><p>{TEXT}</p></body></html>".encode()
        files[f"t{n}.txt"] = TEXT.encode()
    files["README.gz"] = gzip.compress(bytes(range(256)) * 4000)
    files["cites.html"] = (b"<html><body><p>Fiala, D.: Retrieving citations on the web. "
                           b"Proc. 2003.</p></body></html>")
    links = "".join(f'<a href="{name}">{name}</a>' for name in files)
    files["index.html"] = f"<html><body>{links}</body></html>".encode()
    return files


def test_the_crawl_log_at_scrapys_default_level_is_a_small_fraction_of_the_bytes_crawled(
        tmp_path: Path) -> None:
    files = big_site()
    crawled = sum(len(content) for content in files.values())
    with SiteServer(write_site(tmp_path / "site", files)) as site:
        result = run_crawl(tmp_path / "out", "-a", "authors=Fiala",
                           "-a", "publications=Retrieving citations on the web",
                           "-a", f"startpoints={site.url('/index.html')}",
                           settings={"LOG_LEVEL": "DEBUG"})
    assert result.returncode == 0, result.output[-3000:]
    assert {item["url"].rsplit("/", 1)[1] for item in result.items} == {"cites.html"}
    log = result.output
    assert len(log.encode()) < crawled / 100, f"{len(log)} bytes of log for {crawled} crawled"
    assert "lorem ipsum" not in log
    assert f"Dropped: no citation in {site.url('/p3.html')}" in log
    assert f"Dropped: no citation in {site.url('/README.gz')}\n" in log
    assert f"Scraped from <200 {site.url('/cites.html')}>" in log
