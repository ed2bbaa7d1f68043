"""A server that is down, deferred, and a crawl that stops meanwhile: killed with ``kill -9``
and resumed on its JOBDIR, or a worker of the shared frontier killed while it held the server.
Real crawls of real servers on 127.x.y.z (a server that is down refuses connections); the
deferred server keeps its deferrals and the rest of its wait, nothing is lost that could be
fetched, and what could not be is said in the last line and the exit status."""

from __future__ import annotations

import json
import re
import signal
import sqlite3
import time
from pathlib import Path

import pytest

from tests.support.bad_servers import Answer, ScriptedServer, free_port, page
from tests.support.crawl import Crawl, wait_for
from tests.support.redis_server import RedisServer

pytestmark = pytest.mark.alone

FIALA = "Retrieving citations on the web"
CITING = f"D. Fiala. {FIALA}. In Proc. of the Web Conference, 2003."
NOT_FOUND = Answer(404, "not found")
#: quick to defer (two refused connections in a row), and the waits short
DEFERRING = {"CITESEEKER_UNREACHABLE_AFTER": "2", "CITESEEKER_DEFER_TIMES": "2"}


def authors_file(tmp_path: Path) -> Path:
    authors = tmp_path / "authors.txt"
    authors.write_text(f"author=Fiala\n{FIALA}\n", encoding="utf-8")
    return authors


def crawl_of(tmp_path: Path, name: str, start: str | None, **settings: str) -> Crawl:
    start_points = ("-a", f"startpoints={start}" if start else "startpoints=")
    return Crawl(tmp_path / name, ("-a", f"authors={authors_file(tmp_path)}", *start_points),
                 {**DEFERRING, **settings})


def late_site(host: str, port: int) -> ScriptedServer:
    """The server that was down, come back: its citing page."""
    def respond(path: str, hits: int, elapsed: float) -> Answer:
        if path == "/cites.html":
            return Answer(body=page(CITING))
        return Answer(body=page("The late server")) if path == "/" else NOT_FOUND
    return ScriptedServer(respond, host=host, port=port)


def home_site(host: str, late: str) -> ScriptedServer:
    """A small server with one citing page, whose pages link to the late server."""
    pages = {"/": Answer(body=page("Home", ["a.html", "b.html"])),
             "/a.html": Answer(body=page(f"Home paper. {CITING}", [f"{late}/cites.html"])),
             "/b.html": Answer(body=page("More", [f"{late}/"]))}
    return ScriptedServer(lambda path, hits, elapsed: pages.get(path, NOT_FOUND), host=host)


def output_of(crawl: Crawl) -> str:
    path = crawl.workdir / "output.txt"
    return path.read_text(encoding="utf-8") if path.exists() else ""


def feed_citations(crawl: Crawl) -> list[tuple[str, str]]:
    """(url, publication) of every citation in the feed, duplicates kept (a worker killed
    mid-line leaves a broken last line)."""
    found = []
    for line in crawl.feed.read_text(encoding="utf-8").splitlines() if crawl.feed.exists() else []:
        try:
            document = json.loads(line)
        except json.JSONDecodeError:
            continue
        found += [(document["url"], citation["publication"]) for citation in document["citations"]]
    return found


def deferral_lines(output: str, server: str) -> list[int]:
    """The deferral numbers the crawl logged for ``server``: "deferred for N s (k of n)"."""
    return [int(k) for k in re.findall(re.escape(server) + r" is down .*?\((\d+) of \d+\)",
                                       output)]


def stored_deferral(jobdir: Path, server: str) -> tuple[int, float, int] | None:
    """(deferrals, next try as an epoch time, waiting) in the job's frontier store."""
    with sqlite3.connect(jobdir / "frontier.sqlite") as db:
        return db.execute("SELECT deferrals, until, waiting FROM deferrals WHERE server = ?",
                          (server,)).fetchone()


def kill_when_deferred(crawl: Crawl, server: str, times: int):
    """Start ``crawl``, kill it with SIGKILL once it has deferred ``server`` ``times`` times."""
    process = crawl.start()
    try:
        wait_for(lambda: len(deferral_lines(output_of(crawl), server)) >= times
                 or process.poll() is not None, timeout=90)
    finally:
        process.kill()
        process.wait(timeout=60)
    assert deferral_lines(output_of(crawl), server) == list(range(1, times + 1)), \
        output_of(crawl)[-3000:]


def test_a_crawl_killed_while_a_server_is_deferred_resumes_with_its_deferrals(
        tmp_path: Path) -> None:
    host = "127.0.43.21"
    port = free_port(host)
    late = f"http://{host}:{port}"
    jobdir = tmp_path / "job"
    with home_site("127.0.43.20", late) as home:
        crawl = crawl_of(tmp_path, "run", home.base + "/", JOBDIR=str(jobdir),
                         CITESEEKER_UNREACHABLE_AFTER="1", CITESEEKER_DEFER_SECONDS="4",
                         CITESEEKER_FLUSH_INTERVAL="1")
        kill_when_deferred(crawl, late, times=2)
        deferrals, until, waiting = stored_deferral(jobdir, late)
        assert (deferrals, waiting) == (2, 1)
        first_run = len(output_of(crawl))
        with late_site(host, port) as back:
            # the second wait (8-10 s) outlasts a resume's start: a resume that forgot it
            # would try the server before its time
            resumed_at = time.time()
            assert resumed_at < until - 3, "the wait was over before the resume: no test"
            process = crawl.start()
            result = crawl.result(process.wait(timeout=120))
            first_try = min(hit.at for hit in back.hits if hit.path != "/robots.txt")
            first_try_epoch = first_try - time.monotonic() + time.time()
    output = result.output[first_run:]
    assert result.returncode == 0, output[-3000:]
    assert result.hits() == {(f"{home.base}/a.html", FIALA), (f"{late}/cites.html", FIALA)}
    assert f"{late} was deferred 2 of 2 times before: next try in" in output
    assert first_try_epoch >= until - 0.1  # the rest of its wait, not at once
    stats = result.stats()
    assert stats["citeseeker/resumed"] == 1
    assert stats["citeseeker/frontier/deferrals_restored"] == 1
    assert stats["citeseeker/frontier/deferred"] == 2
    assert "not fetched" not in output


#: the last line of a job whose only start point never answered, in any run of the job
NONE_REACHABLE = ("citeseeker: error: none of the 1 start point(s) could be reached (see "
                  "errors.log); nothing was crawled: 2 document(s) not fetched")


def test_a_server_down_for_the_whole_resumed_crawl_is_given_up_after_its_deferrals(
        tmp_path: Path) -> None:
    host = "127.0.43.22"
    dead = f"http://{host}:{free_port(host)}"  # nothing listens: every connection refused
    jobdir = tmp_path / "job"
    crawl = crawl_of(tmp_path, "run", dead + "/paper.html", JOBDIR=str(jobdir),
                     CITESEEKER_DEFER_SECONDS="1", CITESEEKER_DEFER_DEAD_START_POINTS="True")
    kill_when_deferred(crawl, dead, times=1)
    assert stored_deferral(jobdir, dead)[0] == 1
    first_run = len(output_of(crawl))
    process = crawl.start()
    result = crawl.result(process.wait(timeout=120))
    output = result.output[first_run:]
    assert result.returncode == 1, output[-3000:]
    assert f"{dead} was deferred 1 of 2 times before" in output
    assert deferral_lines(output, dead) == [2]  # counted on, not from 1 again
    assert output.strip().splitlines()[-1] == NONE_REACHABLE
    errors = [line for line in result.log("errors").splitlines() if "server unreachable" in line]
    assert len(errors) == 1 and "after 2 deferrals" in errors[0], errors
    assert errors[0].endswith("completed, 2 documents not fetched"), errors
    # the same dead start point crawled in one run ends with the same line (given up at once)
    fresh = crawl_of(tmp_path, "fresh", dead + "/paper.html")
    once = fresh.run(timeout=120)
    assert once.returncode == 1, once.output[-3000:]
    assert once.output.strip().splitlines()[-1] == NONE_REACHABLE


def test_a_worker_killed_while_its_server_is_deferred_the_other_counts_on(
        tmp_path: Path) -> None:
    host = "127.0.43.24"
    port = free_port(host)
    late = f"http://{host}:{port}"
    with home_site("127.0.43.23", late) as home, RedisServer(tmp_path / "redis") as redis:
        client = redis.client()
        settings = {"CITESEEKER_FRONTIER": "redis", "REDIS_URL": redis.url,
                    "CITESEEKER_SYNC_SECONDS": "0.2", "CITESEEKER_LEASE_SECONDS": "3",
                    "CITESEEKER_CONCURRENT_SERVERS": "2", "CITESEEKER_DEFER_SECONDS": "2",
                    "CITESEEKER_DEFER_TIMES": "3"}
        crawls = [crawl_of(tmp_path, f"w{i}", home.base + "/", **settings) for i in range(2)]
        processes = [crawl.start() for crawl in crawls]
        try:
            wait_for(lambda: client.hget("citeseeker:deferred", late) is not None
                     and client.sismember("citeseeker:completed", home.base), timeout=90)
            owner = client.hget("citeseeker:owner", late)
            victim = next(i for i, p in enumerate(processes) if owner.endswith(f":{p.pid}"))
            processes[victim].send_signal(signal.SIGKILL)
            processes[victim].wait(timeout=60)
            survivor = crawls[1 - victim]
            # taken over, still down: deferred once more, counting on from the first worker's
            wait_for(lambda: 2 in deferral_lines(output_of(survivor), late), timeout=90)
            with late_site(host, port):
                result = survivor.result(processes[1 - victim].wait(timeout=120))
            left = client.hgetall("citeseeker:deferred")
        finally:
            for process in processes:
                if process.poll() is None:
                    process.kill()
                    process.wait()
    assert result.returncode == 0, result.output[-3000:]
    assert deferral_lines(output_of(crawls[victim]), late) == [1]
    assert deferral_lines(result.output, late) == [2]
    assert f"{late} was deferred 1 of 3 times before: next try in" in result.output
    assert result.stats()["citeseeker/frontier/deferrals_restored"] == 1
    found = feed_citations(crawls[0]) + feed_citations(crawls[1])
    assert sorted(found) == sorted([(f"{home.base}/a.html", FIALA),
                                    (f"{late}/cites.html", FIALA)])  # each once
    assert "not fetched" not in result.output and "server unreachable" not in result.output
    assert not left  # a completed server leaves no deferral behind
