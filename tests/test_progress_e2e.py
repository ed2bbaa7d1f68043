"""Progress of a running crawl: the INFO line, the live display on a terminal (a real
pseudo-terminal through ``script``), and silence with LOG_LEVEL=WARNING or --nolog."""

from __future__ import annotations

import json
import re
import shlex
import signal
import subprocess
import sys
import time
from contextlib import contextmanager
from pathlib import Path

import pytest

from citeseeker_scrapy.report.progress import (
    FrontierCounts, ProgressFigures, figures, progress_line,
)
from tests.support.children import tied
from tests.support.crawl import PROJECT_ROOT, run_crawl
from tests.support.servers import SiteServer, write_site
from tests.support.docgen import page

CITING = "References\n[1] Fiala, D.: Retrieving citations on the web. Proc. 2003"


@contextmanager
def served_site(tmp_path: Path, delay: float):
    files = {"index.html": page("Home", "Papers.", [f"p{i}.html" for i in range(6)])}
    files.update({f"p{i}.html": page(f"P{i}", CITING if i == 3 else "Nothing.")
                  for i in range(6)})
    with SiteServer(write_site(tmp_path / "site", files), delay=delay) as server:
        yield server


@pytest.fixture()
def site(tmp_path: Path):
    """Six pages served slowly enough (0.35 s each) for the 1 s line and display to show."""
    with served_site(tmp_path, 0.35) as server:
        yield server


@pytest.fixture()
def fast_site(tmp_path: Path):
    with served_site(tmp_path, 0.0) as server:
        yield server


def crawl_command(tmp_path: Path, site: SiteServer, *extra: str) -> list[str]:
    return [sys.executable, "-m", "scrapy", "crawl", "citeseeker",
            "-O", str(tmp_path / "out.jsonl"), "-s", f"CITESEEKER_LOG_DIR={tmp_path / 'logs'}",
            "-s", "CITESEEKER_PROGRESS_INTERVAL=1", "-s", "CONCURRENT_REQUESTS_PER_DOMAIN=1",
            "-a", "authors=Fiala", "-a", "publications=Retrieving citations on the web",
            "-a", f"startpoints={site.url('/index.html')}", *extra]


def in_terminal(command: list[str]) -> str:
    """Run ``command`` with stdout and stderr on a pseudo-terminal (util-linux ``script``)."""
    shell = f"cd {shlex.quote(str(PROJECT_ROOT))} && PYTHONPATH=. {shlex.join(command)}"
    done = subprocess.run(["script", "-qfec", shell, "/dev/null"], capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stdout[-3000:]
    return done.stdout


def test_a_terminal_gets_the_live_display_and_intact_log_lines(tmp_path, site) -> None:
    output = in_terminal(crawl_command(tmp_path, site, "-s", "LOG_LEVEL=INFO"))
    plain = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", output)
    assert "\x1b[" in output  # drawn with terminal control sequences (rich)
    assert re.search(r"CiteSeeker\s+Servers \d+ pending, 1 crawling", plain)
    assert f"crawling {site.base}" in plain  # the server being crawled
    # the log lines are whole lines, the INFO progress line among them
    lines = plain.replace("\r", "").splitlines()
    assert any(re.match(r"\d{4}-\d\d-\d\d [\d:]+ \[citeseeker.progress\] INFO: Servers \d+ "
                        r"pending, \d+ crawling, \d+ completed; \d+ documents \(at \d+/min\)",
                        line) for line in lines), plain[-3000:]
    assert any(line.endswith("[scrapy.core.engine] INFO: Spider closed (finished)")
               for line in lines)
    documents = [json.loads(line) for line in (tmp_path / "out.jsonl").read_text().splitlines()]
    assert [d["url"] for d in documents] == [site.url("/p3.html")]


@pytest.mark.parametrize("silence", [["-s", "LOG_LEVEL=WARNING"], ["--nolog"]])
def test_warning_level_and_nolog_silence_the_progress(tmp_path, fast_site, silence) -> None:
    output = in_terminal(crawl_command(tmp_path, fast_site, *silence))
    assert "CiteSeeker" not in output and "crawling" not in output
    assert "citeseeker.progress" not in output
    assert (tmp_path / "out.jsonl").read_text().count("\n") == 1  # the crawl itself still ran


def test_without_a_terminal_only_the_line_is_written(tmp_path, site) -> None:
    done = subprocess.run(crawl_command(tmp_path, site, "-s", "LOG_LEVEL=INFO"),
                          cwd=PROJECT_ROOT, capture_output=True, text=True, timeout=120)
    assert "[citeseeker.progress] INFO: Servers" in done.stderr
    assert "\x1b[" not in done.stderr


def test_the_figures_and_the_line() -> None:
    stats = {"response_received_count": 130, "downloader/response_bytes": 3 * 1024 * 1024,
             "citeseeker/citations": 4, "citeseeker/errors/download": 1,
             "citeseeker/errors/extraction": 2}
    snapshot = FrontierCounts({"pending_servers": 3, "active_servers": 2, "completed_servers": 5},
                                ("http://b.org", "http://a.org"))
    now = figures(stats, snapshot, documents_before=100, seconds=30)
    assert now == ProgressFigures(3, 2, 5, 130, 60.0, 3.0, 4, 3, ("http://a.org", "http://b.org"))
    assert progress_line(now) == ("Servers 3 pending, 2 crawling, 5 completed; 130 documents "
                                  "(at 60/min), 3.0 MB; 4 citations; 3 errors")
    without_frontier = figures(stats, None, documents_before=0, seconds=0)
    assert progress_line(without_frontier).startswith("Servers ? pending, ? crawling, 0 completed")


def test_suspend_says_how_to_resume_and_the_resumed_count_goes_on(tmp_path, site) -> None:
    """Ctrl-C: the last line says how to resume; the resumed run says what was done, and its
    progress counts on from there instead of from 0."""
    command = crawl_command(tmp_path, site, "-s", "LOG_LEVEL=INFO",
                            "-s", f"JOBDIR={tmp_path / 'job'}")
    process = subprocess.Popen(command, cwd=PROJECT_ROOT, stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE, text=True, **tied())
    deadline = time.monotonic() + 60
    while len([r for r in site.requests if r != "/robots.txt"]) < 3:
        assert time.monotonic() < deadline and process.poll() is None
        time.sleep(0.05)
    process.send_signal(signal.SIGINT)
    suspended = process.communicate(timeout=60)[1]
    stopped = re.search(r"Crawl suspended \(shutdown\) after (\d+) documents: run the same "
                        r"command again \(JOBDIR=(.+)\) to resume it", suspended)
    assert stopped and stopped.group(2) == str(tmp_path / "job"), suspended[-3000:]
    before = int(stopped.group(1))
    assert before >= 3
    resumed = subprocess.run(command, cwd=PROJECT_ROOT, capture_output=True, text=True,
                             timeout=120).stderr
    assert f"Resuming JOBDIR={tmp_path / 'job'}: {before} documents done" in resumed
    counts = [int(n) for n in re.findall(r"INFO: Servers .*?; (\d+) documents", resumed)]
    assert all(count >= before for count in counts), resumed[-3000:]
    total = len(site.requests)  # robots.txt answers count as documents, as in Scrapy's stats
    final = re.search(r"'citeseeker/progress/documents': (\d+)", resumed)
    assert final and int(final.group(1)) == total, (total, resumed[-2000:])
    assert "Crawl suspended" not in resumed


def test_documents_refused_by_robots_txt_are_counted(tmp_path) -> None:
    """robots.txt forbids two of the site's documents: summary.log counts them (they were a
    debug.log line only), and so does the progress line."""
    files = {"robots.txt": "User-agent: *\nDisallow: /private/\n",
             "index.html": page("Home", "Papers.", ["private/a.html", "private/b.html", "c.html"]),
             "private/a.html": page("A", "a"), "private/b.html": page("B", "b"),
             "c.html": page("C", "c")}
    with SiteServer(write_site(tmp_path / "site", files)) as server:
        result = run_crawl(tmp_path / "run", "-a", "authors=Fiala",
                           "-a", "publications=Retrieving citations on the web",
                           "-a", f"startpoints={server.base}/index.html")
    assert result.returncode == 0, result.output[-2000:]
    assert "Documents refused by robots.txt:\t2" in result.log("summary")
    assert not any(path.startswith("/private/") for path in server.requests)
    stats = {"citeseeker/documents/robots_refused": 2}
    assert progress_line(figures(stats, None, documents_before=0, seconds=1)).endswith(
        "0 errors; 2 refused by robots.txt")
