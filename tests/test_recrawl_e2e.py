"""Incremental re-crawl end to end: crawl a generated web served on 127.0.0.1, change
one site and one document under an unchanged top page, re-crawl with ``-a recrawl=``, and check
what was fetched (the server's own log), the ``new`` and the ``gone`` citations."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bench.recrawlweb import WebServer, files_of, page, paper
from tests.support.crawl import Crawl, CrawlResult

T1 = "Retrieving citations on the web"
T2 = "A system for citations retrieval on the web"
T3 = "Detection of modified web pages using link structure"


def first_web() -> dict[str, bytes]:
    """``/`` → sites ``/a/`` and ``/b/`` (each an index, a page, PDFs)."""
    return {
        "/": page("Home", ["/a/index.html", "/b/index.html"]),
        "/a/index.html": page("A", ["p1.html", "y.pdf"]),
        "/a/p1.html": page("A1", ["x.pdf"]),
        "/a/x.pdf": paper("x", [T1]),
        "/a/y.pdf": paper("y", [T2]),
        "/b/index.html": page("B", ["p1.html"]),
        "/b/p1.html": page("B1", ["z.pdf", "w.pdf"]),
        "/b/z.pdf": paper("z", [T1]),
        "/b/w.pdf": paper("w", [T2]),
    }


def second_web() -> dict[str, bytes]:
    """Site A changed (its index lists a new paper, y.pdf is withdrawn); under B's unchanged
    index, z.pdf was revised: it cites T3 now, no longer T1."""
    pages = first_web()
    pages["/a/index.html"] = page("A", ["p1.html", "new.pdf"], "News: a new paper")
    pages["/a/new.pdf"] = paper("new", [T3])
    del pages["/a/y.pdf"]
    pages["/b/z.pdf"] = paper("z", [T3])
    return pages


def searchstrings(workdir: Path) -> Path:
    path = workdir / "searchstrings.txt"
    path.write_text(f"author=Fiala + Jezek\n{T1}\n{T2}\nauthor=Kumagai + Yamana\n{T3}\n",
                    encoding="utf-8")
    return path


def crawl(workdir: Path, server: WebServer, *more: str, jobdir: Path,
          settings: dict[str, str] | None = None) -> CrawlResult:
    arguments = ("-a", f"authors={searchstrings(workdir.parent)}",
                 "-a", f"startpoints={server.base}/", *more)
    result = Crawl(workdir, arguments, {"JOBDIR": str(jobdir), **(settings or {})}).run()
    assert result.returncode == 0, result.output[-3000:]
    return result


def fetched(server: WebServer) -> dict[str, int]:
    """Path -> status of this crawl's requests (robots.txt left out)."""
    return {entry.path: entry.status for entry in server.take_log() if entry.path != "/robots.txt"}


def statuses(result: CrawlResult) -> set[tuple[str, str, str]]:
    """(path, publication, status) of the feed's citations."""
    return {(item["url"].split("/", 3)[3], item["publication"], item.get("status", ""))
            for item in result.items}


@pytest.fixture(scope="module", params=[True, False], ids=["validators", "no-validators"])
def changed_web(request, tmp_path_factory):
    """The first crawl done (JOBDIR ``first``), then the web changed; yields the server and
    the directory of the crawls (the re-crawls do not change the web: one first crawl each)."""
    tmp_path = tmp_path_factory.mktemp("recrawl")
    with WebServer(files_of(first_web(), 1_000_000.0), validators=request.param) as server:
        first = crawl(tmp_path / "first", server, jobdir=tmp_path / "first" / "job")
        assert {(p, t) for p, t, _ in statuses(first)} == {
            ("a/x.pdf", T1), ("a/y.pdf", T2), ("b/z.pdf", T1), ("b/w.pdf", T2)}
        assert (tmp_path / "first" / "job" / "recrawl-state.jsonl").exists()
        sites = json.loads((tmp_path / "first" / "job" / "recrawl-sites.json").read_text())
        assert {s["site"] for s in sites["directory"]} >= {f"dir:{server.base}/a/",
                                                           f"dir:{server.base}/b/"}
        server.take_log()
        server.files = files_of(second_web(), 2_000_000.0, server.files)
        yield server, tmp_path


def test_sites_mode_recrawls_the_changed_site_only(changed_web) -> None:
    server, tmp_path = changed_web
    result = crawl(tmp_path / "sites", server, "-a", f"recrawl={tmp_path / 'first' / 'job'}",
                   jobdir=tmp_path / "sites" / "job", settings={"CITESEEKER_RECRAWL": "sites"})
    log = fetched(server)
    unchanged = 304 if server.validators else 200
    # the tops of every site are asked; only site A (its top changed) is gone into
    # the previous citing documents are asked again (y.pdf answers 404: gone); those of B not
    assert log == {"/": unchanged, "/a/index.html": 200, "/b/index.html": unchanged,
                   "/a/p1.html": unchanged, "/a/x.pdf": unchanged, "/a/new.pdf": 200,
                   "/a/y.pdf": 404}
    # the change under B's unchanged top is the paper's blind spot: not seen in this mode
    assert statuses(result) == {("a/new.pdf", T3, "new"), ("a/y.pdf", T2, "gone")}
    success = result.log("success")
    assert "\tnew\n" in success and "\tgone\n" in success
    stats = result.stats()
    assert stats["citeseeker/recrawl/skipped"] == 3          # b/p1.html, b/z.pdf, b/w.pdf
    assert stats["citeseeker/recrawl/sites_skipped"] >= 2    # / and /b/
    if server.validators:
        assert stats["citeseeker/recrawl/not_modified"] == 4


def test_pages_mode_asks_every_page_and_the_documents_of_the_changed_site(changed_web) -> None:
    """Pages are asked everywhere, documents only in sites whose top changed."""
    server, tmp_path = changed_web
    result = crawl(tmp_path / "pages", server, "-a", f"recrawl={tmp_path / 'first' / 'job'}",
                   jobdir=tmp_path / "pages" / "job", settings={"CITESEEKER_RECRAWL": "pages"})
    unchanged = 304 if server.validators else 200
    assert fetched(server) == {"/": unchanged, "/a/index.html": 200, "/b/index.html": unchanged,
                               "/a/p1.html": unchanged, "/b/p1.html": unchanged,
                               "/a/x.pdf": unchanged, "/a/new.pdf": 200, "/a/y.pdf": 404}
    # z.pdf, revised in place under B's unchanged top, is what this mode does not see
    assert statuses(result) == {("a/new.pdf", T3, "new"), ("a/y.pdf", T2, "gone")}


def test_exhaustive_mode_sees_the_change_under_an_unchanged_top(changed_web) -> None:
    server, tmp_path = changed_web
    result = crawl(tmp_path / "exhaustive", server,
                   "-a", f"recrawl={tmp_path / 'first' / 'job'}",
                   jobdir=tmp_path / "exhaustive" / "job",
                   settings={"CITESEEKER_RECRAWL": "exhaustive"})
    log = fetched(server)
    assert set(log) == {"/", "/a/index.html", "/a/p1.html", "/a/x.pdf", "/a/new.pdf",
                        "/b/index.html", "/b/p1.html", "/b/z.pdf", "/b/w.pdf", "/a/y.pdf"}
    if server.validators:
        assert sorted(p for p, s in log.items() if s == 200) == [
            "/a/index.html", "/a/new.pdf", "/b/z.pdf"]
    assert statuses(result) == {("a/new.pdf", T3, "new"), ("a/y.pdf", T2, "gone"),
                                ("b/z.pdf", T3, "new"), ("b/z.pdf", T1, "gone")}
    if not server.validators:
        return
    # a re-crawl of the re-crawl: nothing changed, nothing reported, no body downloaded
    again = crawl(tmp_path / "again", server, "-a", f"recrawl={tmp_path / 'exhaustive' / 'job'}",
                  jobdir=tmp_path / "again" / "job", settings={"CITESEEKER_RECRAWL": "exhaustive"})
    assert statuses(again) == set()
    assert set(fetched(server).values()) == {304}


@pytest.mark.parametrize("problem, message", [
    ({"recrawl": "missing"}, "no such directory"),
    ({"recrawl": ".", "CITESEEKER_RECRAWL": "everything"}, "CITESEEKER_RECRAWL must be one of"),
])
def test_bad_recrawl_input_refuses_to_start(tmp_path: Path, problem: dict, message: str) -> None:
    arguments = ("-a", "authors=Fiala + Jezek", "-a", f"publications={T1}",
                 "-a", "startpoints=http://127.0.0.1:9/",
                 "-a", f"recrawl={tmp_path / problem['recrawl']}")
    settings = {k: v for k, v in problem.items() if k != "recrawl"}
    result = Crawl(tmp_path / "run", arguments, settings).run()
    assert result.returncode == 2, result.output[-2000:]
    assert "citeseeker: error: " in result.output and message in result.output


def changed_in_place() -> tuple[dict[str, bytes], dict[str, bytes]]:
    """A web, and the same a month later with every change under an unchanged index page:
    d1 rewritten without its citation, d2 with a second one, d3 deleted (still linked), d4
    deleted and unlinked, new.pdf added."""
    before = {
        "/": page("Home", ["/a/index.html"]),
        "/a/index.html": page("A", ["p1.html"]),
        "/a/p1.html": page("A1", ["d1.pdf", "d2.pdf", "d3.pdf", "d4.pdf", "d5.pdf"]),
        "/a/d1.pdf": paper("d1", [T1]), "/a/d2.pdf": paper("d2", [T1]),
        "/a/d3.pdf": paper("d3", [T2]), "/a/d4.pdf": paper("d4", [T2]),
        "/a/d5.pdf": paper("d5", [T3]),
    }
    after = {**before, "/a/p1.html": page("A1", ["d1.pdf", "d2.pdf", "d3.pdf", "d5.pdf",
                                                 "new.pdf"]),
             "/a/d1.pdf": paper("d1", []), "/a/d2.pdf": paper("d2", [T1, T3]),
             "/a/new.pdf": paper("new", [T2])}
    del after["/a/d3.pdf"], after["/a/d4.pdf"]
    return before, after


def test_the_default_reports_every_change_where_the_server_answers_conditionally(
        tmp_path: Path) -> None:
    before, after = changed_in_place()
    with WebServer(files_of(before, 1_000_000.0)) as server:
        crawl(tmp_path / "first", server, jobdir=tmp_path / "first" / "job")
        first_bytes = sum(e.size for e in server.take_log() if e.status == 200)
        server.files = files_of(after, 2_000_000.0, server.files)
        result = crawl(tmp_path / "again", server, "-a", f"recrawl={tmp_path / 'first' / 'job'}",
                       jobdir=tmp_path / "again" / "job")
        log = server.take_log()
    assert statuses(result) == {("a/d1.pdf", T1, "gone"), ("a/d2.pdf", T3, "new"),
                                ("a/d3.pdf", T2, "gone"), ("a/d4.pdf", T2, "gone"),
                                ("a/new.pdf", T2, "new")}
    bodies = sorted(e.path for e in log if e.status == 200)
    assert bodies == ["/a/d1.pdf", "/a/d2.pdf", "/a/new.pdf", "/a/p1.html"]  # the rest: 304
    assert sum(e.size for e in log if e.status == 200) < 0.75 * first_bytes
    # gone citations reach success.log (and the feed above) as items of their own
    gone_lines = [line for line in result.log("success").splitlines() if line.endswith("gone")]
    assert len(gone_lines) == 3
    assert result.stats()["citeseeker/recrawl/citations_gone"] == 3
