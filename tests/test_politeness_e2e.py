"""robots.txt's ``Crawl-delay`` and ``Request-rate`` are obeyed per server, up to
``CITESEEKER_MAX_CRAWL_DELAY``, with no random jitter that could send a request sooner; a
server that asks nothing is not slowed."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.bad_servers import Answer, ScriptedServer, page
from tests.support.crawl import Crawl

FIALA = "Retrieving citations on the web"
PAGES = 4


def crawl_site(tmp_path: Path, robots: str, host: str, **settings: str):
    """The gaps between the crawl's page requests, timed by when each reached the kernel
    (``Hit.arrived``): the server's thread, woken late on a loaded machine, would see a
    request late and the gap before it short. And the crawl's result. Every
    ``random.uniform`` of the crawl draws its lowest (``tests.support.lowest_draws``): a
    jitter on the delay would shorten every gap, not one now and then."""
    pages = {f"/p{i}.html": Answer(body=page(f"D. Fiala. {FIALA}. 2003. Page {i}"))
             for i in range(PAGES)}
    pages["/"] = Answer(body=page("Home", [path.lstrip("/") for path in pages]))
    pages["/robots.txt"] = Answer(body=robots, headers={"Content-Type": "text/plain"})
    authors = tmp_path / "authors.txt"
    authors.write_text(f"author=Fiala\n{FIALA}\n", encoding="utf-8")
    with ScriptedServer(lambda path, hits, elapsed: pages.get(path, Answer(404)),
                        host=host) as site:
        result = Crawl(tmp_path / "run", ("-a", f"authors={authors}",
                                           "-a", f"startpoints={site.base}/"),
                       settings, module="tests.support.lowest_draws").run()
    assert result.returncode == 0, result.output[-3000:]
    assert len(result.hits()) == PAGES
    times = [hit.arrived for hit in site.hits if hit.path != "/robots.txt"]
    return [later - earlier for earlier, later in zip(times, times[1:])], result


@pytest.mark.alone
@pytest.mark.parametrize("robots, host", [
    ("User-agent: *\nCrawl-delay: 1\n", "127.0.44.1"),
    ("User-agent: *\nRequest-rate: 2/2s\n", "127.0.44.2"),
])
def test_the_delay_robots_txt_asks_for_is_kept_between_requests(tmp_path: Path, robots: str,
                                                                host: str) -> None:
    gaps, result = crawl_site(tmp_path, robots, host)
    assert len(gaps) == PAGES and min(gaps) >= 0.95, gaps
    assert result.stats()["citeseeker/politeness/longest_delay"] == 1.0


@pytest.mark.alone
def test_a_long_crawl_delay_is_cut_to_the_bound(tmp_path: Path) -> None:
    gaps, _ = crawl_site(tmp_path, "User-agent: *\nCrawl-delay: 30\n", "127.0.44.3",
                         CITESEEKER_MAX_CRAWL_DELAY="0.5")
    assert min(gaps) >= 0.45 and max(gaps) < 5, gaps


def test_a_server_that_asks_nothing_is_not_slowed(tmp_path: Path) -> None:
    _, result = crawl_site(tmp_path, "User-agent: *\nDisallow: /private/\n", "127.0.44.4")
    assert "citeseeker/politeness/delayed_servers" not in result.stats()
