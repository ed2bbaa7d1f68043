"""The frontier scheduler in real crawls: redirects, traps, skip, many servers (127.0.0.1 only)."""

from __future__ import annotations

import contextlib
import random
import time
from collections import Counter
from pathlib import Path

from citeseeker_scrapy.middlewares.soft_404 import PROBE_PREFIX
from tests.support.crawl import Crawl, peak_child_rss_mb, run_crawl, wait_for
from tests.support.servers import SiteServer, write_site

SEARCH = ("-a", "authors=Fiala", "-a", "publications=Retrieving citations on the web")
CITING = "<p>[1] D. Fiala: Retrieving citations on the web. 2003.</p>"


def html(body: str, links=()) -> str:
    anchors = "".join(f'<a href="{href}">{href}</a> ' for href in links)
    return f"<html><body>{body}<p>{anchors}</p></body></html>"


def fetched(server: SiteServer) -> Counter:
    """Documents asked for: not robots.txt, nor the soft-404 probe of a made-up path."""
    return Counter(path for path in server.requests
                   if path != "/robots.txt" and PROBE_PREFIX not in path)


def test_redirects_same_server_other_server_loop_and_completed(tmp_path: Path) -> None:
    with SiteServer(write_site(tmp_path / "b", {"landing.html": html(CITING)})) as other:
        redirects = {"/r/same": "/target.html", "/r/other": f"{other.base}/landing.html",
                     "/r/loop1": "/r/loop2", "/r/loop2": "/r/loop1", "/r/done": "/index.html",
                     "/r/twice": "/target.html"}
        site = write_site(tmp_path / "a", {
            "index.html": html("Home", ["r/done", "target.html", "r/twice", "r/same",
                                        "r/other", "r/loop1"]),
            "target.html": html(CITING)})
        with SiteServer(site, redirects) as home:
            result = run_crawl(tmp_path / "run", *SEARCH, "-a", f"startpoints={home.base}/index.html",
                               # both pages hold the same text: report each (this test is
                               # about fetching, not about one result per paper)
                               settings={"CITESEEKER_CONCURRENT_SERVERS": "1",
                                         "CITESEEKER_DISTINCT_PAPERS": "False"})
    assert result.returncode == 0, result.output
    assert fetched(home) == Counter({"/index.html": 1, "/target.html": 1, "/r/same": 1,
                                     "/r/twice": 1, "/r/other": 1, "/r/loop1": 1, "/r/loop2": 1,
                                     "/r/done": 1, "/": 1})
    assert fetched(other) == Counter({"/landing.html": 1, "/": 1})
    assert result.hits() == {(f"{home.base}/target.html", "Retrieving citations on the web"),
                             (f"{other.base}/landing.html", "Retrieving citations on the web")}
    # one server at a time: the other server's target waited until this one was completed
    assert result.log("completed").splitlines()[1:] == [home.base, other.base]


def test_two_spellings_of_one_url_are_fetched_once(tmp_path: Path) -> None:
    site = write_site(tmp_path / "site", {"page.html": html(CITING), "sub/x.html": html("x")})
    with SiteServer(site) as server:
        host = server.base.replace("http://127.0.0.1", "HTTP://127.0.0.1")
        spellings = ["page.html", "./page.html", "page.html#top", "page.html?session=1",
                     "sub/../page.html", "%70age.html", f"{host}/page.html", "/sub/./x.html",
                     "sub//x.html".replace("//", "/")]
        write_site(site, {"index.html": html("Home", spellings)})
        result = run_crawl(tmp_path / "run", *SEARCH, "-a", f"startpoints={server.base}/index.html")
    assert result.returncode == 0, result.output[-3000:]
    assert fetched(server) == Counter({"/index.html": 1, "/page.html": 1, "/sub/x.html": 1, "/": 1})
    assert len(result.items) == 1


def trap_pages(path: str) -> str | None:
    """Infinite calendar, session ids in paths, a 10,000-deep chain, a page of 100,000 links."""
    if path in ("/", "/index.html"):
        return html("Traps", ["cal/2026/11.html", "s/a1/p.html", "chain/1.html", "big.html"])
    if path.startswith("/cal/"):
        year, month = (int(x) for x in path[5:-5].split("/"))
        nxt = (year + month // 12, month % 12 + 1)
        prev = (year - (month == 1), (month - 2) % 12 + 1)
        return html("Calendar", [f"/cal/{nxt[0]}/{nxt[1]}.html", f"/cal/{prev[0]}/{prev[1]}.html"])
    if path.startswith("/s/"):
        return html("Session", [f"/s/{random.getrandbits(40):x}/p.html" for _ in range(3)])
    if path.startswith("/chain/"):
        number = int(path[7:-5])
        return html("Chain", [f"/chain/{number + 1}.html"] if number < 10_000 else [])
    if path == "/big.html":
        return html("Big", [f"/big/{i}.html" for i in range(100_000)])
    if path.startswith("/big/"):
        return html("Leaf")
    return None


def test_crawler_traps_end_within_bounded_requests_and_memory(tmp_path: Path) -> None:
    with SiteServer(tmp_path, pages=trap_pages) as traps:
        started = time.monotonic()
        result = run_crawl(tmp_path / "run", *SEARCH, "-a", f"startpoints={traps.base}/",
                           settings={"CITESEEKER_MAX_DEPTH": "30",
                                     "CITESEEKER_MAX_DOCS_PER_SERVER": "400"}, timeout=300)
        elapsed = time.monotonic() - started
    assert result.returncode == 0, result.output[-3000:]
    requests = fetched(traps)
    assert 300 <= sum(requests.values()) <= 400
    assert max(requests.values()) == 1
    chain = [p for p in requests if p.startswith("/chain/")]
    assert len(chain) <= 31
    stats = result.stats()
    assert stats["citeseeker/frontier/refused/server_full"] > 0
    budget = [line for line in result.log("errors").splitlines() if "budget reached" in line]
    assert len(budget) == 1 and budget[0].startswith(f"{traps.base}\t"), budget
    assert elapsed < 240
    assert peak_child_rss_mb() < 400


def test_skip_file_skips_the_server_being_crawled(tmp_path: Path) -> None:
    slow_pages = {f"p{i}.html": html("Page", [f"p{i + 1}.html"]) for i in range(200)}
    slow_pages["index.html"] = html("Home", ["p0.html"])
    with SiteServer(write_site(tmp_path / "other", {"index.html": html(CITING)})) as other:
        slow_pages["p0.html"] = html("Page", ["p1.html", f"{other.base}/index.html"])
        with SiteServer(write_site(tmp_path / "slow", slow_pages), delay=0.05) as slow:
            crawl = Crawl(tmp_path / "run", SEARCH + ("-a", f"startpoints={slow.base}/index.html"),
                          {"JOBDIR": str(tmp_path / "job"), "CITESEEKER_MAX_DEPTH": "500"})
            process = crawl.start()
            wait_for(lambda: len(slow.requests) >= 10)
            (tmp_path / "job" / "skip_servers.txt").write_text(f"{slow.base}/\n")
            returncode = process.wait(timeout=120)
    result = crawl.result(returncode)
    assert returncode == 0, result.output[-3000:]
    assert len(fetched(slow)) < 100
    assert fetched(other) == Counter({"/index.html": 1, "/": 1})
    assert sorted(result.log("completed").splitlines()[1:]) == sorted([slow.base, other.base])
    assert result.stats()["citeseeker/frontier/servers_skipped"] == 1


def test_many_servers_release_their_documents(tmp_path: Path) -> None:
    """20 servers x 15 pages: at the end every server is a skeleton and no document is held."""
    with contextlib.ExitStack() as stack:
        servers = []
        for index in range(20):
            root = tmp_path / f"s{index}"
            servers.append(stack.enter_context(SiteServer(root)))
        for index, server in enumerate(servers):
            pages = {f"{i}.html": html("Page", [f"{i + 1}.html", f"{(i * 7) % 15}.html"])
                     for i in range(15)}
            pages["index.html"] = html(CITING, ["0.html", f"{servers[(index + 1) % 20].base}/",
                                                f"{servers[(index + 3) % 20].base}/3.html"])
            write_site(tmp_path / f"s{index}", pages)
        result = run_crawl(tmp_path / "run", *SEARCH, "-a", f"startpoints={servers[0].base}/",
                           settings={"CITESEEKER_CONCURRENT_SERVERS": "3"})
    assert result.returncode == 0, result.output[-3000:]
    for server in servers:
        assert max(fetched(server).values()) == 1
        assert len(fetched(server)) == 17
    stats = result.stats()
    assert stats["citeseeker/frontier/size/completed_servers"] == 20
    for structure in ("active_seen_documents", "active_stack", "pending_documents",
                      "active_servers", "pending_servers", "in_flight"):
        assert stats[f"citeseeker/frontier/size/{structure}"] == 0, structure
    assert len(result.items) == 20
