"""Dead start points: a start point that refuses connections, or whose name does not resolve,
fails within seconds at the defaults, named in one line of the log (no traceback), and the crawl of the other start
points goes on; a start point that accepts connections and never answers is slow, not dead,
and keeps Scrapy's full ``DOWNLOAD_TIMEOUT`` (``CITESEEKER_DEFER_DEAD_START_POINTS``). Real
crawls of real servers on 127.x.y.z."""

from __future__ import annotations

from pathlib import Path

from tests.support.bad_servers import Answer, ScriptedServer, SilentServer, free_port, page
from tests.support.crawl import run_crawl

FIALA = "Retrieving citations on the web"
CITING = f"D. Fiala. {FIALA}. In Proc. of the Web Conference, 2003."
NOT_FOUND = Answer(404, "not found")
#: a dead start point deferred at the defaults would keep the crawl for about four minutes
WITHIN_SECONDS = 90


def crawl(tmp_path: Path, *start_points: str, **settings: str):
    authors = tmp_path / "authors.txt"
    authors.write_text(f"author=Fiala\n{FIALA}\n", encoding="utf-8")
    return run_crawl(tmp_path / "run", "-a", f"authors={authors}",
                     "-a", f"startpoints={' '.join(start_points)}", settings=settings,
                     timeout=WITHIN_SECONDS)


def test_dead_start_points_are_given_up_at_once_and_the_others_crawled(tmp_path: Path) -> None:
    refused = f"http://127.0.43.31:{free_port('127.0.43.31')}"
    unresolvable = "http://no-such-host.invalid"
    with ScriptedServer(lambda path, hits, elapsed: Answer(body=page(CITING)) if path == "/"
                        else NOT_FOUND, host="127.0.43.30") as good:
        result = crawl(tmp_path, f"{refused}/", f"{unresolvable}/", f"{good.base}/")
    assert result.returncode == 0, result.output[-3000:]
    assert result.hits() == {(f"{good.base}/", FIALA)}
    for dead, words in ((refused, "connection refused"),
                        (unresolvable, "the name does not resolve")):
        assert (f"citeseeker: start point {dead}/ cannot be reached: {words} (3 tries in a "
                "row); given up") in result.output, result.output[-3000:]
        summary = [line for line in result.log("errors").splitlines()
                   if line.startswith(f"{dead}\tserver unreachable")]
        assert summary == [f"{dead}\tserver unreachable (3 failures in a row after 0 deferrals, "
                           f"last: {words}): completed, 1 documents not fetched"], summary
    assert "citeseeker/frontier/deferred" not in result.stats()
    last = result.output.strip().splitlines()[-1]
    assert last == ("citeseeker: warning: 2 document(s) not fetched: 2 server(s) never "
                    "answered (see errors.log)"), last
    assert_one_line_each(result.output, refused, unresolvable)


def assert_one_line_each(output: str, *dead: str) -> None:
    """No traceback in the log, and each dead start point named in one ERROR or WARNING line:
    ours (Scrapy's robots.txt and retry lines of it are DEBUG, extensions/download_log.py)."""
    assert "Traceback" not in output, output[-3000:]
    loud = [line for line in output.splitlines() if " ERROR: " in line or " WARNING: " in line]
    for server in dead:
        named = [line for line in loud if server in line]
        assert len(named) == 1 and "citeseeker: start point" in named[0], loud


def test_a_start_point_that_accepts_and_never_answers_keeps_its_timeout(tmp_path: Path) -> None:
    with SilentServer("127.0.43.32") as silent:
        result = crawl(tmp_path, f"{silent.base}/", DOWNLOAD_TIMEOUT="1")
    assert result.returncode == 1, result.output[-3000:]
    assert "cannot be reached" not in result.output
    assert "took longer than 1" in result.log("errors"), result.log("errors")
    # robots.txt and the page, each tried twice (RETRY_TIMES): every try waited its timeout
    # (the client's clock starts before the server's accepting thread takes the connection,
    # by up to a few tenths of a second on a loaded machine)
    assert len(silent.held) >= 4 and min(silent.held) >= 0.75, silent.held
