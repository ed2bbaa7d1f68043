"""End to end: the real ``scrapy crawl citeseeker`` against generated sites on 127.0.0.1 and file://."""

from __future__ import annotations

import os
import re
import socket
import subprocess
import time
from pathlib import Path

import pytest

from tests.support.crawl import run_crawl
from tests.support.docgen import page
from tests.support.servers import SiteServer, write_site

SEARCH_STRINGS = """\
# sample search strings (comment lines start with '#')
author=Fiala + Jezek
Retrieving citations on the web
A system for citations retrieval on the web

author=Kokaram
Detection and removal of line scratches in degraded motion picture restoration
"""

FIALA = "Retrieving citations on the web"
THESIS = "A system for citations retrieval on the web"
KOKARAM = "Detection and removal of line scratches in degraded motion picture restoration"


def demo_site(forbidden_base: str) -> dict[str, str]:
    """22 pages in nested directories with a loop, a text file, typos, decoys and a 404."""
    files = {
        "index.html": page("Lab of graphics", "Welcome.", [
            "papers/", "people/staff.html", "a/loop1.html", "notes/refs.txt",
            "d1/d2/d3/d4/deep.html", "papers/2003/typo.html#section-2", "missing.html",
            "mailto:someone@example.org", "javascript:void(0)", "photo.jpg",
            f"{forbidden_base}/cites.html",
        ]),
        "papers/index.html": page("Papers", "Our papers.", ["2003/exact.html", "2003/typo.html",
                                                            "../index.html"]),
        "papers/2003/exact.html": page("A paper", "References: [1] D. Fiala, K. Ježek. "
                                       "Retrieving Citations on the Web. In Proc. of WSCG, 2003."),
        "papers/2003/typo.html": page("Another paper", "[7] Fiala, D.: Retreiving citatons on "
                                      "teh web. Technical report, Pilsen."),
        "people/staff.html": page("Staff", "Dalibor Fiala lives in Pilsen and likes crawling.",
                                  ["../people/../index.html", "decoy.html"]),
        "people/decoy.html": page("Decoy", "Fiala, D.: Mining the deep ocean for fish. 2001."),
        "a/loop1.html": page("Loop 1", "Loop.", ["loop2.html"]),
        "a/loop2.html": page("Loop 2", "Loop.", ["loop1.html", "./loop1.html"]),
        "notes/refs.txt": "Reading list\n\nKokaram, A. C.: Detection and removal of line\n"
                          "scratches in degraded motion picture restoration. IEEE 1998.\n",
        "d1/d2/d3/d4/deep.html": page("Deep", "J. Ježek and D. Fiala: A system for citations "
                                      "retrie-\nval on the web, diploma thesis."),
    }
    for number in range(12):
        files[f"filler/page{number}.html"] = page(f"Filler {number}", "Nothing to see.",
                                                 [f"page{(number + 1) % 12}.html"])
    files["index.html"] = files["index.html"].replace("</ul>", '<li><a href="filler/page0.html">'
                                                     "f</a></li></ul>")
    return files


def expected_hits(base: str) -> set[tuple[str, str]]:
    return {
        (f"{base}/papers/2003/exact.html", FIALA),
        (f"{base}/papers/2003/typo.html", FIALA),
        (f"{base}/notes/refs.txt", KOKARAM),
        (f"{base}/d1/d2/d3/d4/deep.html", THESIS),
    }


@pytest.fixture()
def inputs(tmp_path: Path) -> Path:
    path = tmp_path / "searchstrings.txt"
    path.write_text(SEARCH_STRINGS, encoding="utf-8")
    return path


def test_http_crawl_finds_exactly_the_citations(tmp_path: Path, inputs: Path) -> None:
    forbidden_root = write_site(tmp_path / "forbidden", {"cites.html": page(
        "Forbidden", "D. Fiala. Retrieving citations on the web.")})
    with SiteServer(forbidden_root) as forbidden:
        site_root = write_site(tmp_path / "site", demo_site(forbidden.base))
        with SiteServer(site_root) as site:
            result = run_crawl(tmp_path / "run", "-a", f"authors={inputs}",
                               "-a", f"startpoints={site.base}/",
                               "-a", f"forbidden={forbidden.base}")
        assert result.returncode == 0, result.output
        assert forbidden.requests == []
    assert result.hits() == expected_hits(site.base)
    # A clean crawl warns about nothing (Scrapy's "HttpHandler is experimental" was the first
    # line of every crawl: middlewares/http_handler.py).
    assert [line for line in result.output.splitlines() if "WARNING" in line] == []
    fetched = [p for p in site.requests if p != "/robots.txt"]
    assert len(fetched) == len(set(fetched)), "a document was fetched twice"
    assert len(fetched) >= 22
    typo = next(i for i in result.items if i["url"].endswith("typo.html"))
    assert typo["found"] == "retreiving citatons on teh web"
    assert 0.75 <= typo["similarity"] < 1.0
    assert typo["author"] == "Fiala" and typo["member"] == "" and typo["server"] == site.base
    exact = next(i for i in result.items if i["url"].endswith("exact.html"))
    assert exact["similarity"] == 1.0 and exact["header"].startswith("A paper")
    assert_log_formats(result, site.base)


def assert_log_formats(result, base: str) -> None:
    header = re.compile(r"^\*{5}\t\d{1,2}\.\d{1,2}\.\d{4} \d\d:\d\d:\d\d\t\*{5}$")
    for name in ("success", "summary", "completed", "errors"):
        assert header.match(result.log(name).splitlines()[0]), name
    success = result.log("success").splitlines()[1:]
    assert len(success) == 4
    numbers = sorted(int(line.split("\t")[0]) for line in success)
    assert numbers == [1, 2, 3, 4]
    for line in success:
        fields = line.split("\t")
        # the original's six columns, then ours: context, in_references, relation, title_end
        assert len(fields) == 10 and fields[1].startswith(base)
        assert re.fullmatch(r"[01]\.\d{4}", fields[5])
        assert fields[7] in ("true", "false") and fields[6] and fields[8] == "cites"
        assert fields[9] == "certain"
    typo_line = next(line for line in success if "typo.html" in line).split("\t")
    assert typo_line[3] == f"Fiala: {FIALA}"
    errors = result.log("errors").splitlines()[1:]
    assert f"{base}/missing.html\tHTTP 404" in errors
    assert result.log("completed").splitlines()[1:] == [base]
    summary = result.log("summary")
    assert "The search has been finished." in summary
    assert "Documents successfully searched:\t4" in summary


def test_file_start_point_stays_inside_its_tree(tmp_path: Path, inputs: Path) -> None:
    outside = write_site(tmp_path, {"outside.html": page("Out", "D. Fiala. Retrieving "
                                                         "citations on the web.")})
    site_root = write_site(tmp_path / "site", demo_site("http://127.0.0.1:9"))
    (site_root / "index.html").write_text(page("Lab", "Welcome.", [
        "papers/", "notes/refs.txt", "d1/d2/d3/d4/deep.html", "../outside.html",
        "people/staff.html"]), encoding="utf-8")
    result = run_crawl(tmp_path / "run", "-a", f"authors={inputs}",
                       "-a", f"startpoints={site_root.as_uri()}/")
    assert result.returncode == 0, result.output
    base = site_root.as_uri()
    assert result.hits() == expected_hits(base)
    assert (outside / "outside.html").exists()
    assert not any("outside" in item["url"] for item in result.items)


def test_inline_arguments_and_exact_method(tmp_path: Path) -> None:
    site_root = write_site(tmp_path / "site", demo_site("http://127.0.0.1:9"))
    with SiteServer(site_root) as site:
        result = run_crawl(tmp_path / "run", "-a", "authors=Fiala + Jezek",
                           "-a", f"publications={FIALA}|{THESIS}",
                           "-a", f"startpoints={site.base}/ {site.base}/people/staff.html",
                           settings={"CITESEEKER_METHOD": "exact",
                                     # its link to a dead server: given up without deferrals
                                     "CITESEEKER_DEFER_TIMES": "0"})
    assert result.returncode == 0, result.output
    assert result.hits() == {(f"{site.base}/papers/2003/exact.html", FIALA),
                             (f"{site.base}/d1/d2/d3/d4/deep.html", THESIS)}


@pytest.mark.parametrize(
    "arguments, message",
    [
        (["-a", "authors={missing}"], "cannot read input file"),
        (["-a", "authors={empty}"], "no valid author group"),
        (["-a", "authors=Fiala"], "inline authors need -a publications"),
        (["-a", "authors={good}", "-a", "startpoints=www.example.org"], "needs a protocol"),
        (["-a", "authors={good}", "-s", "CITESEEKER_KEEP_QUERY=Ture"],
         "CITESEEKER_KEEP_QUERY must be True or False"),
    ],
)
def test_broken_inputs_fail_before_any_request(tmp_path: Path, arguments, message) -> None:
    empty = tmp_path / "empty.txt"
    empty.write_text("# nothing\n\nTitle without author\n")
    good = tmp_path / "good.txt"
    good.write_text(SEARCH_STRINGS)
    values = dict(missing=tmp_path / "nope.txt", empty=empty, good=good)
    with SiteServer(tmp_path) as site:
        values["site"] = site.base
        arguments = [a.format(**values) for a in arguments]
        if not any(a.startswith("startpoints=") for a in arguments):
            arguments += ["-a", f"startpoints={site.base}/"]
        result = run_crawl(tmp_path / "run", *arguments)
        assert site.requests == []
    assert result.returncode == 2, result.output[-2000:]
    assert message in result.output
    # Scrapy's normal shutdown ran: spider_closed, stats dumped (no os._exit)
    assert "Spider closed (citeseeker_bad_input)" in result.output
    assert "Dumping Scrapy stats" in result.output


def test_a_hanging_server_costs_one_error_line_and_the_crawl_goes_on(tmp_path: Path,
                                                                    inputs: Path) -> None:
    def slow_pages(path: str) -> str | None:
        if path == "/hang.html":
            time.sleep(8)
            return page("Too late", "D. Fiala. Retrieving citations on the web.")
        return None

    site_root = write_site(tmp_path / "site", {
        "index.html": page("Home", "Welcome.", ["hang.html", "papers/2003/exact.html"]),
        "papers/2003/exact.html": demo_site("http://127.0.0.1:9")["papers/2003/exact.html"]})
    with SiteServer(site_root, pages=slow_pages) as site:
        result = run_crawl(tmp_path / "run", "-a", f"authors={inputs}",
                           "-a", f"startpoints={site.base}/index.html",
                           settings={"DOWNLOAD_TIMEOUT": "2", "RETRY_TIMES": "0"})
    assert result.returncode == 0, result.output
    assert result.hits() == {(f"{site.base}/papers/2003/exact.html", FIALA)}
    errors = result.log("errors").splitlines()[1:]
    assert len(errors) == 1 and errors[0].startswith(f"{site.base}/hang.html\t")
    assert "timeout" in errors[0].lower() or "timed out" in errors[0].lower()


def test_a_crawl_without_jobdir_removes_the_scratch_a_killed_crawl_left(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Without JOBDIR the scratch directory is ``<temp>/citeseeker-<pid>@<host>@*``; one whose
    crawl is gone (a ``kill -9`` skips the clean-up) is removed by the next crawl on the same
    host; a running crawl's, another host's (its process ids are not ours to judge) and
    anything not named so are kept, and the crawl removes its own at the end."""
    system_temp = tmp_path / "systemp"
    gone = subprocess.Popen(["true"])
    gone.wait()
    host = socket.gethostname()
    orphan = system_temp / f"citeseeker-{gone.pid}@{host}@k1ll3d"
    running = system_temp / f"citeseeker-{os.getpid()}@{host}@running"
    others = [system_temp / f"citeseeker-{gone.pid}@other-{host}@x",  # other hosts
              system_temp / f"citeseeker-{gone.pid}@{host}-2@x",
              system_temp / f"citeseeker-{gone.pid}-x", system_temp / "citeseeker-notapid@x@y",
              system_temp / "citeseeker-plain"]
    for path in (orphan, running, *others):
        (path / "doc-1").mkdir(parents=True)
        (path / "doc-1" / "body.pdf").write_bytes(b"%PDF-1.4 left behind")
    monkeypatch.setenv("TMPDIR", str(system_temp))
    site_root = write_site(tmp_path / "site", demo_site("http://127.0.0.1:9"))
    with SiteServer(site_root) as site:
        result = run_crawl(tmp_path / "run", "-a", "authors=Fiala",
                           "-a", f"publications={FIALA}", "-a", f"startpoints={site.base}/",
                           settings={"CITESEEKER_DEFER_TIMES": "0"})  # its dead link: no wait
    assert result.returncode == 0, result.output
    assert (f"{site.base}/papers/2003/exact.html", FIALA) in result.hits()
    assert not orphan.exists()
    assert sorted(system_temp.iterdir()) == sorted([running, *others])
    assert f"removed 1 scratch directory left by killed crawls ({orphan})" in result.output
