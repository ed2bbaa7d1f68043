"""JOBDIR: Ctrl-C then resume, kill -9 then resume — against one uninterrupted reference crawl."""

from __future__ import annotations

import contextlib
import signal
from collections import Counter
from pathlib import Path

import pytest

from tests.crawl import Crawl, CrawlResult
from tests.servers import SiteServer, write_site
from tests.test_frontier_e2e import wait_for

SEARCH = ("-a", "authors=Fiala + Jezek",
          "-a", "publications=Retrieving citations on the web|A system for citations retrieval")
SERVERS, PAGES = 3, 40


def site_files(index: int, bases: list[str]) -> dict[str, str]:
    """40 linked pages per server; every 7th cites a title; some link to the other servers."""
    files = {}
    for page in range(PAGES):
        links = [f"{(page * 3 + 1) % PAGES}.html", f"{(page + 1) % PAGES}.html"]
        if page % 10 == 5:
            links.append(f"{bases[(index + 1) % SERVERS]}/{page}.html")
        cite = ""
        if page % 7 == 3:
            cite = f"<p>[{page}] Fiala, D.: Retrieving citations on the web, {index}.</p>"
        if page % 11 == 4:
            cite += "<p>J. Ježek: A system for citatons retrieval on the web.</p>"
        anchors = "".join(f'<a href="{href}">x</a>' for href in links)
        files[f"{page}.html"] = f"<html><body><h1>Page {index}/{page}</h1>{cite}{anchors}</body></html>"
    files["index.html"] = '<html><body><a href="0.html">start</a></body></html>'
    return files


@contextlib.contextmanager
def web(tmp_path: Path, delay: float):
    with contextlib.ExitStack() as stack:
        servers = [stack.enter_context(SiteServer(tmp_path / f"site{i}", delay=delay))
                   for i in range(SERVERS)]
        bases = [s.base for s in servers]
        for index in range(SERVERS):
            write_site(tmp_path / f"site{index}", site_files(index, bases))
        yield servers


def success_lines(result: CrawlResult) -> list[tuple[str, ...]]:
    """success.log lines without their numbers and run headers: (url, header, hits...)."""
    lines = result.log("success").splitlines()
    return [tuple(line.split("\t")[1:]) for line in lines if line[:1].isdigit()]


def fetch_counts(servers: list[SiteServer]) -> Counter:
    return Counter((s.base, p) for s in servers for p in s.requests if p != "/robots.txt")


def crawl_for(tmp_path: Path, name: str, servers: list[SiteServer], jobdir: Path | None) -> Crawl:
    settings = {"CITESEEKER_FLUSH_INTERVAL": "10", "CITESEEKER_CONCURRENT_SERVERS": "2"}
    if jobdir is not None:
        settings["JOBDIR"] = str(jobdir)
    start = servers[0].base + "/index.html"
    return Crawl(tmp_path / name, SEARCH + ("-a", f"startpoints={start}"), settings)


@pytest.fixture(scope="module")
def reference(tmp_path_factory) -> tuple[set, list]:
    """Citations and success lines of one uninterrupted crawl of the same web."""
    tmp_path = tmp_path_factory.mktemp("reference")
    with web(tmp_path, delay=0) as servers:
        result = crawl_for(tmp_path, "run", servers, jobdir=None).run()
        bases = [s.base for s in servers]
        assert result.returncode == 0, result.output[-3000:]
        assert max(fetch_counts(servers).values()) == 1
    return normalize(result.hits(), bases), sorted(normalize_lines(success_lines(result), bases))


def normalize(hits: set, bases: list[str]) -> set:
    """Server ports differ between webs: name servers by their index."""
    return {(_by_index(url, bases), publication) for url, publication in hits}


def normalize_lines(lines: list[tuple[str, ...]], bases: list[str]) -> list[tuple[str, ...]]:
    return [(_by_index(line[0], bases), *line[1:]) for line in lines]


def _by_index(url: str, bases: list[str]) -> str:
    for index, base in enumerate(bases):
        if url.startswith(base + "/"):
            return f"server{index}{url[len(base):]}"
    return url


def interrupt_and_resume(tmp_path: Path, send: signal.Signals, after: int):
    with web(tmp_path, delay=0.03) as servers:
        first = crawl_for(tmp_path, "run", servers, jobdir=tmp_path / "job")
        process = first.start()
        wait_for(lambda: sum(len(s.requests) for s in servers) >= after)
        process.send_signal(send)
        process.wait(timeout=60)
        fetched_before = len(fetch_counts(servers))
        assert fetched_before < SERVERS * (PAGES + 1) + 1, "the first run was not interrupted"
        resumed = first.start()
        returncode = resumed.wait(timeout=180)
        result = first.result(returncode)
        assert returncode == 0, result.output[-3000:]
        return result, fetch_counts(servers), [s.base for s in servers]


def test_ctrl_c_then_resume_equals_one_uninterrupted_crawl(tmp_path: Path, reference) -> None:
    result, counts, bases = interrupt_and_resume(tmp_path, signal.SIGINT, after=25)
    hits, lines = reference
    assert normalize(result.hits(), bases) == hits
    assert sorted(normalize_lines(success_lines(result), bases)) == lines
    assert max(counts.values()) == 1, [k for k, v in counts.items() if v > 1]
    assert len(counts) == SERVERS * (PAGES + 1) + 1
    summary = result.log("summary")
    assert "The search has been suspended (shutdown)." in summary
    assert "The search has been finished, after being resumed." in summary
    stats = result.stats()
    assert stats["citeseeker/documents/searched"] == SERVERS * (PAGES + 1) + 1
    assert stats["citeseeker/resumed"] == 1


def test_kill_9_then_resume_loses_nothing_and_refetches_little(tmp_path: Path, reference) -> None:
    result, counts, bases = interrupt_and_resume(tmp_path, signal.SIGKILL, after=45)
    hits, lines = reference
    assert sorted(normalize_lines(success_lines(result), bases)) == lines  # none lost or twice
    # the feed too: the killed run's items reached the file one by one (reported.txt keeps the
    # resumed run from reporting them again, so a buffered item would be lost for good)
    assert normalize(result.hits(), bases) == hits
    assert len(result.items) == len({(i["url"], i["publication"]) for i in result.items})
    assert len(counts) == SERVERS * (PAGES + 1) + 1
    refetched = [key for key, count in counts.items() if count > 1]
    assert max(counts.values()) <= 2
    assert result.log("summary").count("The search has been") == 1  # the killed run wrote none
    assert len(refetched) <= 10 + 16  # one flush interval + CONCURRENT_REQUESTS in flight
