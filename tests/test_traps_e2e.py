"""Crawler traps: a soft-404 site (200 "not found" for every path, each linking to
more made-up paths), a calendar and a session-id loop end soon and say so; the per-server
budget is told in errors.log."""

from __future__ import annotations

import zlib
from pathlib import Path

import pytest

from tests.support.bad_servers import Answer, ScriptedServer, page
from tests.support.crawl import run_crawl

FIALA = "Retrieving citations on the web"
CITING = f"D. Fiala. {FIALA}. In Proc. of the Web Conference, 2003."


def crawl(tmp_path: Path, start: str, **settings: str):
    authors = tmp_path / "authors.txt"
    authors.write_text(f"author=Fiala\n{FIALA}\n", encoding="utf-8")
    return run_crawl(tmp_path / "run", "-a", f"authors={authors}", "-a", f"startpoints={start}",
                     settings=settings, timeout=150)


def errors_about(result, text: str) -> list[str]:
    return [line for line in result.log("errors").splitlines() if text in line]


def soft_404(path: str, hits: int, elapsed: float) -> Answer:
    """A real home page and paper; any other path: 200 "not found", linking to five more."""
    if path == "/":
        return Answer(body=page("Our lab", ["papers.html", "old/news.html", "people.html"]))
    if path == "/papers.html":
        return Answer(body=page(CITING))
    if path == "/robots.txt":
        return Answer(404, "")
    seed = zlib.crc32(path.encode())
    made_up = [f"/{(seed + i) % 100000}/item{i}.html" for i in range(5)]
    return Answer(body=page(f"Sorry, the page {path} was not found on this server. Try one of "
                            "these popular pages instead.", made_up))


@pytest.mark.parametrize("host", ["127.0.45.1"])
def test_a_soft_404_site_gets_a_few_hundred_requests_at_most(tmp_path: Path, host: str) -> None:
    with ScriptedServer(soft_404, host=host) as site:
        result = crawl(tmp_path, site.base + "/")
    assert result.returncode == 0, result.output[-3000:]
    assert result.hits() == {(f"{site.base}/papers.html", FIALA)}
    assert len(site.hits) <= 300, len(site.hits)
    stats = result.stats()
    assert stats["citeseeker/traps/soft_404_servers"] == 1
    assert stats["citeseeker/traps/soft_404_pages"] >= 1


def calendar(path: str, hits: int, elapsed: float) -> Answer:
    """A calendar: one page per day, each linking to the day before and after; no events."""
    if path == "/":
        return Answer(body=page("Lab home", ["cites.html", "cal/day-1000.html"]))
    if path == "/cites.html":
        return Answer(body=page(CITING))
    if path.startswith("/cal/day-"):
        day = int(path.removeprefix("/cal/day-").removesuffix(".html"))
        return Answer(body=page(f"Events on day {day}: none. Calendar of the lab.",
                                [f"day-{day - 1}.html", f"day-{day + 1}.html"]))
    return Answer(404, "")


def session_ids(path: str, hits: int, elapsed: float) -> Answer:
    """A session id in every link's path (ASP.NET's cookieless sessions): the same page under
    ever new URLs."""
    if path == "/":
        return Answer(body=page("Shop", ["cites.html", "(S(a1))/shop.aspx"]))
    if path == "/cites.html":
        return Answer(body=page(CITING))
    if path.endswith("/shop.aspx"):
        return Answer(body=page("Welcome to the shop. Your basket is empty.",
                                [f"/(S(a{hits}x))/shop.aspx", f"/(S(a{hits}y))/shop.aspx"]))
    return Answer(404, "")


@pytest.mark.parametrize("respond, host", [(calendar, "127.0.45.2"),
                                           (session_ids, "127.0.45.3")])
def test_pages_alike_end_the_servers_crawl_with_one_line(tmp_path: Path, respond,
                                                         host: str) -> None:
    with ScriptedServer(respond, host=host) as site:
        result = crawl(tmp_path, site.base + "/", CITESEEKER_TRAP_PAGES="30")
    assert result.returncode == 0, result.output[-3000:]
    assert result.hits() == {(f"{site.base}/cites.html", FIALA)}
    lines = errors_about(result, "crawler trap")
    assert len(lines) == 1 and lines[0].startswith(f"{site.base}\t"), lines
    assert len(site.hits) <= 30 + 25, len(site.hits)  # the trap's pages, and those on the way


def test_the_per_server_budget_is_told_once(tmp_path: Path) -> None:
    pages = {f"/p{i}.html": Answer(body=page(f"Paper {i}")) for i in range(10)}
    pages["/"] = Answer(body=page(CITING, [path.lstrip("/") for path in pages]))
    with ScriptedServer(lambda path, hits, elapsed: pages.get(path, Answer(404, "")),
                        host="127.0.45.4") as site:
        result = crawl(tmp_path, site.base + "/", CITESEEKER_MAX_DOCS_PER_SERVER="5")
    assert result.returncode == 0, result.output[-3000:]
    lines = errors_about(result, "document budget reached")
    assert len(lines) == 1 and "CITESEEKER_MAX_DOCS_PER_SERVER" in lines[0], lines
    assert len([hit for hit in site.hits if hit.path.startswith("/p")]) == 4  # + the root


def numbered_pages(path: str, hits: int, elapsed: float) -> Answer:
    """A generated list: an index links 80 pages that differ only in their numbers (prev and
    next links among them); the last one cites."""
    if path == "/":
        return Answer(body=page("The list", [f"p{n}.html" for n in range(80)]))
    if path == "/robots.txt":
        return Answer(404, "")
    if path in {f"/p{n}.html" for n in range(80)}:
        number = int(path[2:-5])
        return Answer(body=page(CITING if number == 79 else f"Item {number} of the list.",
                                [f"p{number - 1}.html", f"p{number + 1}.html"]))
    return Answer(404, "")


def test_many_pages_alike_side_by_side_are_crawled(tmp_path: Path) -> None:
    """Pages alike linked from one index are no chain: every one is fetched, no trap said."""
    with ScriptedServer(numbered_pages, host="127.0.45.4") as site:
        result = crawl(tmp_path, site.base + "/", CITESEEKER_TRAP_PAGES="30")
    assert result.returncode == 0, result.output[-3000:]
    assert result.hits() == {(f"{site.base}/p79.html", FIALA)}
    assert errors_about(result, "crawler trap") == []
    assert {hit.path for hit in site.hits} >= {f"/p{n}.html" for n in range(80)}
