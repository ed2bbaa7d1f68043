"""JOBDIR: Ctrl-C then resume, kill -9 then resume — against one uninterrupted reference crawl."""

from __future__ import annotations

import contextlib
import signal
from collections import Counter
from pathlib import Path

import pytest

from tests.support import docgen
from tests.support.crawl import Crawl, CrawlResult
from tests.support.servers import SiteServer, write_site
from tests.support.crawl import wait_for

SEARCH = ("-a", "authors=Fiala + Jezek",
          "-a", "publications=Retrieving citations on the web|A system for citations retrieval")
SERVERS, PAGES = 3, 40


def site_files(index: int, bases: list[str]) -> dict[str, str]:
    """40 linked pages per server; every 7th cites a title, with the scholarly meta tags of a
    work that each server has a version of (one work, three versions); some link to the other
    servers."""
    files = {}
    for page in range(PAGES):
        links = [f"{(page * 3 + 1) % PAGES}.html", f"{(page + 1) % PAGES}.html"]
        if page % 10 == 5:
            links.append(f"{bases[(index + 1) % SERVERS]}/{page}.html")
        cite = head = ""
        if page % 7 == 3:
            cite = f"<p>[{page}] Fiala, D.: Retrieving citations on the web, {index}.</p>"
            head = (f'<head><meta name="citation_title" content="Crawling study {page}">'
                    '<meta name="citation_author" content="Jana Novak"></head>')
        if page % 11 == 4:
            cite += "<p>J. Ježek: A system for citatons retrieval on the web.</p>"
        anchors = "".join(f'<a href="{href}">x</a>' for href in links)
        files[f"{page}.html"] = (f"<html>{head}<body><h1>Page {index}/{page}</h1>{cite}{anchors}"
                                 "</body></html>")
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
    assert normalize(result.hits(), bases) == hits
    assert len(result.items) == len({(i["url"], i["publication"]) for i in result.items})
    assert len(counts) == SERVERS * (PAGES + 1) + 1
    refetched = [key for key, count in counts.items() if count > 1]
    assert max(counts.values()) <= 2
    assert result.log("summary").count("The search has been") == 1  # the killed run wrote none
    assert len(refetched) <= 10 + 16  # one flush interval + CONCURRENT_REQUESTS in flight
    assert_works_once(result, tmp_path / "job")


def feed_citations(crawl: Crawl) -> list[tuple[str, str, str]]:
    """(url, member, publication) of every citation in the feed, duplicates kept."""
    return [(i["url"], i["member"], i["publication"]) for i in crawl.result(0).items]


def feed_size(crawl: Crawl) -> int:
    """Bytes in the feed: it grows by whole lines, a citing document each (unbuffered writes),
    and a stat is cheap enough to poll every few milliseconds beside a crawl, unlike parsing."""
    return crawl.feed.stat().st_size if crawl.feed.exists() else 0


def logged_citations(crawl: Crawl) -> list[tuple[str, str]]:
    """(url/member, publication) of every citation in success.log, duplicates kept."""
    path = crawl.log_dir / "success.log"
    lines = path.read_text(encoding="utf-8").splitlines() if path.exists() else []
    return [(fields[1], hit.split(": ", 1)[1]) for fields in
            (line.split("\t") for line in lines if line[:1].isdigit())
            for hit in fields[3:3 + 3 * ((len(fields) - 3) // 6):3]]  # then context columns


def assert_feed_and_log_agree(crawl: Crawl, *, finished: bool) -> None:
    """None twice in either; everything in success.log is in the feed (written first); once the
    crawl is over, the reverse too."""
    feed, logged = feed_citations(crawl), logged_citations(crawl)
    assert len(feed) == len(set(feed)), "a citation twice in the feed"
    assert len(logged) == len(set(logged)), "a citation twice in success.log"
    in_feed = {(f"{url}/{member}" if member else url, title) for url, member, title in feed}
    assert set(logged) <= in_feed
    if finished:
        assert set(logged) == in_feed


@pytest.mark.alone
def test_twenty_kill_9s_lose_no_citation_and_report_none_twice(tmp_path: Path, reference) -> None:
    """SIGKILL at 20 moments spread over the crawl — half of them right after the feed grew —
    and a resume after each: the feed and success.log always agree, and at the end they hold
    exactly the citations of the uninterrupted crawl."""
    hits, lines = reference
    settings_flush = "5"
    with web(tmp_path, delay=0.02) as servers:
        crawl = crawl_for(tmp_path, "run", servers, jobdir=tmp_path / "job")
        crawl.settings["CITESEEKER_FLUSH_INTERVAL"] = settings_flush
        kills = 0
        for moment in range(20):
            process = crawl.start()
            fetched, reported = len(fetch_counts(servers)), feed_size(crawl)
            if moment % 2 == 0:   # right after items are produced (the feed grew)
                wait_for(lambda: feed_size(crawl) > reported or
                         process.poll() is not None, step=0.005)
            else:                 # somewhere while documents are fetched
                wait_for(lambda: len(fetch_counts(servers)) >= fetched + moment or
                         process.poll() is not None, step=0.005)
            if process.poll() is not None:
                break
            process.kill()
            process.wait(timeout=60)
            kills += 1
            assert_feed_and_log_agree(crawl, finished=False)
        returncode = crawl.start().wait(timeout=180)
        result = crawl.result(returncode)
        bases = [s.base for s in servers]
    assert returncode == 0, result.output[-3000:]
    assert kills >= 15, f"the crawl ended after {kills} kills: too short to test"
    assert_feed_and_log_agree(crawl, finished=True)
    assert normalize(result.hits(), bases) == hits
    assert sorted(normalize_lines(success_lines(result), bases)) == lines
    assert_works_once(result, tmp_path / "job")


def assert_works_once(result: CrawlResult, jobdir: Path) -> None:
    """The versions of a work (the same page on each server) share one work_id, other works
    differ; the job's id map names each key once; new-citations.atom lists each work once."""
    import feedparser

    from citeseeker_scrapy.report.alerts import ATOM_FILE
    from citeseeker_scrapy.works.identity import WORKS_FILE

    ids: dict[str, set[str]] = {}
    for document in result.documents:
        if any(c["publication"].startswith("Retrieving") for c in document["citations"]):
            ids.setdefault(document["url"].rsplit("/", 1)[1], set()).add(document["work_id"])
    assert all(len(shared) == 1 for shared in ids.values()), ids
    assert len({work_id for shared in ids.values() for work_id in shared}) == len(ids)
    keys = [line.split("\t")[0] for line in
            (jobdir / WORKS_FILE).read_text(encoding="utf-8").splitlines()]
    assert len(keys) == len(set(keys)) and len(keys) >= len(ids)
    entries = feedparser.parse(str(result.log_dir / ATOM_FILE)).entries
    assert len({entry.id for entry in entries}) == len(entries)
    assert {entry.title for entry in entries} >= {
        f"Crawling study {page.removesuffix('.html')}" for page in ids}


# -- a relative JOBDIR: PostScript and DOC read as with an absolute one --------------------------


def converter_site() -> dict[str, bytes]:
    """A gzipped PostScript paper and a Word 97 file, both citing; both need a converter
    subprocess (Ghostscript, catdoc) that runs inside the job's scratch directory."""
    files = {
        "a47.ps.gz": docgen.gzip_bytes(docgen.postscript(docgen.paper_pages("jobs")), "a47.ps"),
        "memo.doc": docgen.word97_doc(f"Memo\n{docgen.CITATION}"),
    }
    files["index.html"] = docgen.html_page("Papers", list(files))
    return files


@pytest.mark.parametrize("job", [("-s", "JOBDIR=crawls/j1"), ("-a", "crawl=weekly")],
                         ids=["relative-jobdir", "named-crawl"])
def test_relative_job_directories_read_postscript_and_doc(tmp_path: Path, job) -> None:
    with SiteServer(write_site(tmp_path / "site", converter_site())) as site:
        user_dir = tmp_path / "user"
        user_dir.mkdir()
        arguments = ("-a", "authors=Fiala + Jezek", "-a", "publications=Retrieving citations on the web",
                     "-a", f"startpoints={site.url('/index.html')}", *job)
        result = Crawl(tmp_path / "out", arguments, {}, cwd=user_dir).run()
    assert result.returncode == 0, result.output[-3000:]
    found = {(item["url"].rsplit("/", 1)[1], item["member"]) for item in result.items}
    assert found == {("a47.ps.gz", "a47.ps"), ("memo.doc", "")}, result.log("errors")
    assert "failed" not in result.log("errors")
    assert "Average PS extraction time: 0.000 s (0 files)" not in result.log("summary")
    jobdir = user_dir / "crawls" / ("j1" if job[0] == "-s" else "weekly")
    assert (jobdir / "frontier.sqlite").is_file()
    assert not (jobdir / "tmp").exists() or not any((jobdir / "tmp").iterdir())


def test_a_crawl_writes_nothing_in_the_users_home_and_opens_no_remote_control(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Scrapy 2.19 starts a remote-control HTTP server in every crawl (it runs Python sent to
    it) and leaves a job file under ~/.local/state/scrapy; like the telnet console, ours is
    off, and the home and XDG directories stay untouched."""
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    for variable in ("XDG_STATE_HOME", "XDG_CACHE_HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME"):
        monkeypatch.delenv(variable, raising=False)
    with SiteServer(write_site(tmp_path / "site", converter_site())) as site:
        arguments = ("-a", "authors=Fiala + Jezek", "-a", "publications=Retrieving citations on the web",
                     "-a", f"startpoints={site.url('/index.html')}", "-s", f"JOBDIR={tmp_path / 'job'}")
        result = Crawl(tmp_path / "out", arguments, {}).run()
    assert result.returncode == 0, result.output[-3000:]
    assert len(result.items) == 2
    assert "Remote control" not in result.output
    assert sorted(str(p.relative_to(home)) for p in home.rglob("*")) == []
