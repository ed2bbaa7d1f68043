"""The project's ``crawl`` command: what a new user meets when a crawl cannot do what was asked.

Typos in arguments and settings, no start point, none reachable: a non-zero exit status and
``citeseeker: error: ...`` as the last line, also with ``--nolog``. Plus the rules behind it
(argument and setting names, the exit status of a finished crawl) as unit tests.
"""

from __future__ import annotations

import socket
import subprocess
import sys
from pathlib import Path

import pytest

from citeseeker_scrapy.commands.crawl import crawl_ending
from citeseeker_scrapy.exceptions import InputError
from citeseeker_scrapy.job.crawl_job import (
    ARGUMENT_HELP, ARGUMENT_SETTINGS, BAD_INPUT_REASON, check_spider_arguments,
)
from citeseeker_scrapy.job.directories import CRAWL_ARGUMENT, RECRAWL_ARGUMENT
from tests.support.crawl import PROJECT_ROOT, _environment, run_crawl
from tests.support.servers import SiteServer, write_site

SEARCH = "author=Fiala\nRetrieving citations on the web\n"
CITING = "<html><body><p>[1] D. Fiala: Retrieving citations on the web. 2003.</p>" \
         "<a href='b.html'>b</a></body></html>"


def crawl_nolog(tmp_path: Path, *arguments: str) -> subprocess.CompletedProcess:
    """``scrapy crawl citeseeker --nolog``: nothing but what the command itself prints."""
    command = [sys.executable, "-m", "scrapy", "crawl", "citeseeker", "--nolog",
               "-s", f"CITESEEKER_LOG_DIR={tmp_path / 'logs'}", *arguments]
    return subprocess.run(command, cwd=PROJECT_ROOT, env=_environment(), capture_output=True,
                          text=True, timeout=120)


def last_line(text: str) -> str:
    return text.strip().splitlines()[-1] if text.strip() else ""


def free_port() -> int:
    """A port nothing listens on (bound, then released)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture()
def search_file(tmp_path: Path) -> Path:
    path = tmp_path / "s.txt"
    path.write_text(SEARCH, encoding="utf-8")
    return path


def test_a_mistyped_argument_is_the_last_line_and_exit_status_2(tmp_path, search_file) -> None:
    with SiteServer(write_site(tmp_path / "site", {"index.html": CITING})) as site:
        result = run_crawl(tmp_path / "run", "-a", f"author={search_file}",
                           "-a", f"startpoints={site.base}/")
        assert site.requests == []
    assert result.returncode == 2, result.output[-2000:]
    assert last_line(result.output) == (
        "citeseeker: error: unknown spider argument -a author=...; did you mean authors? "
        "(arguments: authors, citedby, crawl, forbidden, publications, recrawl, search, "
        "startpoints, staywithin)")


@pytest.mark.parametrize("setting, meant", [
    ("CITESEEKER_FUZY_LIMIT=0.9", "CITESEEKER_FUZZY_LIMIT"),
    ("REDIS_ULR=redis://127.0.0.1:1/0", "REDIS_URL"),  # a near miss of a setting not ours
])
def test_a_mistyped_setting_is_an_error_also_with_nolog(tmp_path, search_file, setting: str,
                                                         meant: str) -> None:
    done = crawl_nolog(tmp_path, "-a", f"authors={search_file}",
                       "-a", "startpoints=http://127.0.0.1:9/", "-s", setting)
    assert done.returncode == 2
    name = setting.partition("=")[0]
    assert done.stderr.strip() == f"citeseeker: error: unknown setting {name}; did you mean {meant}?"


def test_no_start_point_at_all_is_an_error(tmp_path, search_file) -> None:
    done = crawl_nolog(tmp_path, "-a", f"authors={search_file}")  # inputs/startpoints.txt: none
    assert done.returncode == 2
    assert last_line(done.stderr).startswith("citeseeker: error: no start point")


def test_no_reachable_start_point_is_an_error(tmp_path, search_file) -> None:
    nobody = f"http://127.0.0.1:{free_port()}"
    done = crawl_nolog(tmp_path, "-a", f"authors={search_file}",
                       "-a", f"startpoints={nobody}/ {nobody}/a.html")
    assert done.returncode == 1
    assert last_line(done.stderr) == ("citeseeker: error: none of the 2 start point(s) could be "
                                      "reached (see errors.log); nothing was crawled: 2 "
                                      "document(s) not fetched")


def test_overwriting_the_feed_of_a_resumed_job_appends_instead(tmp_path, search_file) -> None:
    """-O on a resumed JOBDIR would truncate the earlier runs' items: it appends and warns."""
    files = {"index.html": CITING.replace("b.html", "a.html"),
             "a.html": CITING.replace("[1]", "<h1>Another paper</h1> [4]")}
    arguments = ("-a", f"authors={search_file}", "-s", f"JOBDIR={tmp_path / 'job'}")
    with SiteServer(write_site(tmp_path / "site", files)) as site:
        first = run_crawl(tmp_path / "run", *arguments, "-a", f"startpoints={site.base}/")
        assert first.returncode == 0 and len(first.documents) == 2, first.output[-2000:]
        again = run_crawl(tmp_path / "run", *arguments, "-a", f"startpoints={site.base}/")
    assert again.returncode == 0, again.output[-2000:]
    assert len(again.documents) == 2
    assert "is resumed: items are appended to" in again.output


@pytest.mark.parametrize("names", [
    {"authors", "startpoints", "crawl", "recrawl", "_job", "search", "citedby"},
    {"user_agent", "download_timeout", "http_user", "http_pass"},   # read by Scrapy itself
])
def test_known_arguments_are_accepted(names: set[str]) -> None:
    check_spider_arguments(names)


@pytest.mark.parametrize("name, hint", [
    ("author", "did you mean authors?"), ("startpoint", "did you mean startpoints?"),
    ("stay_within", "did you mean staywithin?"), ("zzz", "(arguments: authors,"),
    ("start_urls", "(arguments: authors,"),  # Scrapy's, but this spider does not read it
])
def test_unknown_arguments_are_refused_with_the_nearest(name: str, hint: str) -> None:
    with pytest.raises(InputError, match=f"-a {name}=.*{hint.replace('(', '[(]')}"):
        check_spider_arguments({"authors", name})


NONE_REACHABLE = ("none of the 1 start point(s) could be reached (see errors.log); nothing "
                  "was crawled: 2 document(s) not fetched")
NEVER_ANSWERED = "2 document(s) not fetched: 1 server(s) never answered (see errors.log)"
#: a dead start point whose server was given up: 2 documents (it and the server's root) lost
DEAD_START = {"citeseeker/start/requests": 1, "citeseeker/errors/download": 2,
              "citeseeker/frontier/documents_not_fetched": 2,
              "citeseeker/frontier/unreachable_servers": 1}
RESUMED_RUN = {"citeseeker/resumed": 1}


@pytest.mark.parametrize("reason, stats, shared, expected", [
    ("finished", {"response_received_count": 3, "citeseeker/start/requests": 1}, False, (0, [])),
    ("finished", {}, False, (2, ["no start point: give -a startpoints=URL (or a file of URLs); "
                                 "nothing was crawled"])),
    ("finished", {}, True, (0, [])),                              # a worker waiting for pushes
    ("finished", {"response_received_count": 4}, False, (0, [])),  # a site search, no start point
    ("finished", {"citeseeker/start/requests": 2, "citeseeker/errors/download": 2}, False,
     (1, ["none of the 2 start point(s) could be reached (see errors.log); nothing was crawled"])),
    ("finished", {"citeseeker/start/requests": 2}, False, (0, [])),  # all known already
    ("shutdown", DEAD_START, False, (0, [])),                       # Ctrl-C
    (BAD_INPUT_REASON, {}, False, (2, ["the crawl refused to start (see the log)"])),
    # the same state of a job ends with the same line, whichever run of the job it is
    ("finished", DEAD_START, False, (1, [NONE_REACHABLE])),
    ("finished", {**DEAD_START, **RESUMED_RUN}, False, (1, [NONE_REACHABLE])),
    ("finished", {**DEAD_START, **RESUMED_RUN, "citeseeker/earlier_runs/responses": 0},
     False, (1, [NONE_REACHABLE])),
    ("finished", {**DEAD_START, "response_received_count": 2}, False,
     (1, [f"{NEVER_ANSWERED}; nothing was searched"])),            # it answered 503
    ("finished", {**DEAD_START, **RESUMED_RUN, "citeseeker/earlier_runs/responses": 2}, False,
     (1, [f"{NEVER_ANSWERED}; nothing was searched"])),            # it answered in a run before
    ("finished", {**DEAD_START, **RESUMED_RUN, "citeseeker/earlier_runs/responses": 5,
                  "citeseeker/documents/searched": 3}, False, (0, [NEVER_ANSWERED])),
    ("finished", {"citeseeker/start/requests": 1, "citeseeker/errors/download": 1,
                  **RESUMED_RUN, "citeseeker/earlier_runs/responses": 5}, False, (0, [])),
    ("finished", {"citeseeker/resumed": 1, "citeseeker/errors/download": 1}, False, (0, [])),
    ("finished", {"citeseeker/start/requests": 1, "citeseeker/errors/download": 1,
                  **RESUMED_RUN, "citeseeker/documents/searched": 3}, False, (0, [])),
    ("finished", {"citeseeker/frontier/documents_not_fetched": 2, "citeseeker/documents/searched": 5,
                  "response_received_count": 7, "citeseeker/start/requests": 1}, False,
     (0, ["2 document(s) not fetched: their servers kept failing them (see errors.log)"])),
])
def test_the_ending_of_a_crawl(reason, stats, shared, expected) -> None:
    """The exit status and last line of every kind of ending, from the job's figures."""
    assert crawl_ending(reason, stats, [], shared_frontier=shared) == expected


def test_the_crawl_settles_its_set_up_out_of_the_collectors_sight() -> None:
    import gc

    from citeseeker_scrapy.commands.crawl import YOUNG_OBJECTS, settle_long_lived_objects
    before, threshold = gc.get_freeze_count(), gc.get_threshold()
    try:
        settle_long_lived_objects()
        assert gc.get_freeze_count() > before  # the objects alive now are no longer walked
        assert gc.get_threshold() == (YOUNG_OBJECTS, *threshold[1:])
    finally:
        gc.unfreeze()
        gc.set_threshold(*threshold)


@pytest.mark.parametrize("command", [
    ("-m", "scrapy", "crawl", "citeseeker", "-h"),
    ("-c", "from citeseeker_scrapy.cli import main; main()", "-h"),  # the citeseeker script
])
def test_the_help_lists_the_spiders_arguments(command: tuple[str, ...]) -> None:
    done = subprocess.run([sys.executable, *command], cwd=PROJECT_ROOT, env=_environment(),
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert set(ARGUMENT_HELP) == {*ARGUMENT_SETTINGS, CRAWL_ARGUMENT, RECRAWL_ARGUMENT}
    for name, text in ARGUMENT_HELP.items():
        line = next(line for line in done.stdout.splitlines() if f"-a {name}=" in line)
        assert text.split()[0] in line  # the argument's text begins beside it


def test_a_crawl_without_authors_says_which_titles_it_searches(tmp_path) -> None:
    with SiteServer(write_site(tmp_path / "site", {"a.html": CITING})) as site:
        result = run_crawl(tmp_path / "run", "-a", f"startpoints={site.base}/a.html")
    assert result.returncode == 0, result.output[-2000:]
    [line] = [line for line in result.output.splitlines() if "no -a authors given" in line]
    assert str(PROJECT_ROOT / "inputs" / "searchstrings.txt") in line
    assert "INFO" in line and " title(s) of " in line
