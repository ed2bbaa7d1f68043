"""Documents behind query-string URLs: kept by default, bounded by the caps."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from citeseeker_scrapy.settings_table import defaults
from citeseeker_scrapy.urls import LinkPolicy, canonical_url
from citeseeker_scrapy.middlewares.soft_404 import PROBE_PREFIX
from tests.support.crawl import run_crawl
from tests.support.docgen import pdf, paper_pages
from tests.support.servers import SiteServer, write_site

FORMATS = frozenset("html php pdf".split())
TITLE = "Retrieving citations on the web"
SEARCH = ("-a", "authors=Fiala", "-a", f"publications={TITLE}")
CITING = "<p>References: [1] D. Fiala: Retrieving citations on the web. 2003.</p>"


@pytest.mark.parametrize("url, expected", [
    ("http://e.org/cgi/fetch?doc=48", "http://e.org/cgi/fetch?doc=48"),
    ("http://e.org/a.php?b=2&a=1", "http://e.org/a.php?a=1&b=2"),
    ("http://e.org/download.php?id=7&PHPSESSID=f00d", "http://e.org/download.php?id=7"),
    ("http://e.org/b/1/p.pdf?sequence=1&sid=9&utm_source=x&UTM_Medium=y",
     "http://e.org/b/1/p.pdf?sequence=1"),
    ("http://e.org/p.html?jsessionid=1&session=2&fbclid=3", "http://e.org/p.html"),
    ("http://e.org/list?q=&page=2", "http://e.org/list?page=2&q="),
    ("http://e.org/a.php?sidebar=1", "http://e.org/a.php?sidebar=1"),  # not "sid"
])
def test_kept_query_is_sorted_without_session_parameters(url: str, expected: str) -> None:
    assert canonical_url(url, keep_query=True) == expected


def test_queries_are_kept_by_default_and_can_be_dropped() -> None:
    assert defaults()["CITESEEKER_KEEP_QUERY"] is True
    url = "http://e.org/download.php?id=48&sid=1"
    assert LinkPolicy(FORMATS).admit(url) == "http://e.org/download.php?id=48"
    assert LinkPolicy(FORMATS, keep_query=False).admit(url) == "http://e.org/download.php"


def calendar_pages(path: str) -> str | None:
    """A home page, an endless calendar (?year=&month=, each month links the next, the one
    before and a day view) and a repository download script that serves a citing page."""
    page, _, query = path.partition("?")
    if page in ("/", "/index.html"):
        return _html("Home", ["calendar.php?month=11&year=2026", "download.php?id=48",
                              "download.php?PHPSESSID=abc&id=48", "download.php?id=48&utm_source=x",
                              "bitstream/paper.pdf?sequence=1", "bitstream/paper.pdf?sequence=1&sid=2"])
    if page == "/calendar.php":
        fields = dict(pair.split("=") for pair in query.split("&"))
        year, month = int(fields["year"]), int(fields["month"])
        following = (year + month // 12, month % 12 + 1)
        previous = (year - (month == 1), (month - 2) % 12 + 1)
        return _html("Calendar", [f"calendar.php?year={following[0]}&month={following[1]}",
                                  f"calendar.php?month={previous[1]}&year={previous[0]}",
                                  f"calendar.php?year={year}&month={month}&day=1"])
    if page == "/download.php" and query == "id=48":
        return _html(CITING)
    return None


def _html(body: str, links=()) -> str:
    anchors = "".join(f'<a href="{href}">{href}</a> ' for href in links)
    return f"<html><body>{body}<p>{anchors}</p></body></html>"


def test_a_calendar_query_space_stays_bounded_and_query_documents_are_found(
        tmp_path: Path) -> None:
    citing_pdf = pdf(paper_pages(citation=f"Fiala, D.: {TITLE}. Proc. 2003"))
    root = write_site(tmp_path / "site", {"bitstream/paper.pdf": citing_pdf})
    with SiteServer(root, pages=calendar_pages) as site:
        result = run_crawl(tmp_path / "run", *SEARCH, "-a", f"startpoints={site.base}/",
                           settings={"CITESEEKER_MAX_DOCS_PER_SERVER": "60"}, timeout=240)
    assert result.returncode == 0, result.output[-3000:]
    fetched = Counter(path for path in site.requests if path != "/robots.txt"
                      and PROBE_PREFIX not in path)  # the soft-404 probe of a server
    assert sum(fetched.values()) <= 60
    assert max(fetched.values()) == 1, "one document, one URL: session parameters dropped"
    assert sum(path.startswith("/calendar.php") for path in fetched) >= 30
    assert result.hits() == {(f"{site.base}/download.php?id=48", TITLE),
                             (f"{site.base}/bitstream/paper.pdf?sequence=1", TITLE)}
    assert result.stats()["citeseeker/frontier/refused/server_full"] > 0


def test_keep_query_false_is_the_original_behaviour(tmp_path: Path) -> None:
    root = write_site(tmp_path / "site", {})
    with SiteServer(root, pages=calendar_pages) as site:
        result = run_crawl(tmp_path / "run", *SEARCH, "-a", f"startpoints={site.base}/",
                           settings={"CITESEEKER_KEEP_QUERY": "False"})
    assert result.returncode == 0, result.output[-3000:]
    fetched = Counter(path for path in site.requests if path != "/robots.txt")
    assert set(fetched) <= {"/", "/calendar.php", "/download.php", "/bitstream/paper.pdf"}
    assert result.hits() == set()
