"""Servers on a bad day: a restart (503 with Retry-After), throttling (429 with
Retry-After), a server down for the first part of the crawl, a server that answers 503 forever.
Each crawl runs against real local servers; nothing is lost that could be fetched, the waits
are the server's, and what could not be fetched is said in the last line and the exit status."""

from __future__ import annotations

import time
from pathlib import Path

from tests.support.bad_servers import Answer, ScriptedServer, free_port, page
from tests.support.crawl import run_crawl

FIALA = "Retrieving citations on the web"
CITING = f"D. Fiala. {FIALA}. In Proc. of the Web Conference, 2003."
NOT_FOUND = Answer(404, "not found")


def authors_file(tmp_path: Path) -> Path:
    authors = tmp_path / "authors.txt"
    authors.write_text(f"author=Fiala\n{FIALA}\n", encoding="utf-8")
    return authors


def crawl(tmp_path: Path, start: str, **settings: str):
    return run_crawl(tmp_path / "run", "-a", f"authors={authors_file(tmp_path)}",
                     "-a", f"startpoints={start}", settings=settings)


def waits_after(server: ScriptedServer, status: int) -> list[float]:
    """For each answer ``status`` to a path, the seconds until that path was asked again, from
    request to request as they reached the kernel (``Hit.arrived``): a server thread woken
    late on a loaded machine would see the second request late and the wait short."""
    waits = []
    for index, hit in enumerate(server.hits):
        if hit.status != status:
            continue
        later = [h.arrived for h in server.hits[index + 1:] if h.path == hit.path]
        if later:
            waits.append(later[0] - hit.arrived)
    return waits


def test_a_restarting_server_is_waited_for_as_its_retry_after_says(tmp_path: Path) -> None:
    first: list[float] = []

    def respond(path: str, hits: int, elapsed: float) -> Answer:
        if path == "/robots.txt":
            return NOT_FOUND
        first.append(elapsed)
        if elapsed - first[0] < 8:  # restarting for 8 s from the crawl's first request
            return Answer(503, "restarting", {"Retry-After": "3"})
        return {"/": Answer(body=page("Home", ["cites.html"])),
                "/cites.html": Answer(body=page(CITING))}.get(path, NOT_FOUND)

    with ScriptedServer(respond, host="127.0.43.1") as site:
        result = crawl(tmp_path, site.base + "/", CITESEEKER_DEFER_SECONDS="2")
    assert result.returncode == 0, result.output[-3000:]
    assert result.hits() == {(f"{site.base}/cites.html", FIALA)}
    waits = waits_after(site, 503)
    assert waits and min(waits) >= 2.9, waits  # never sooner than Retry-After
    assert sum(hit.status == 503 for hit in site.hits) <= 4, site.paths()


def test_a_throttling_server_is_waited_for_and_nothing_is_lost(tmp_path: Path) -> None:
    pages = {f"/p{i}.html": Answer(body=page(f"Paper {i}. {CITING}")) for i in range(6)}
    pages["/"] = Answer(body=page("Home", [path.lstrip("/") for path in pages]))

    def respond(path: str, hits: int, elapsed: float) -> Answer:
        if path == "/robots.txt":
            return NOT_FOUND
        if hits % 3 == 2:
            return Answer(429, "slow down", {"Retry-After": "2"})
        return pages.get(path, NOT_FOUND)

    with ScriptedServer(respond, host="127.0.43.2") as site:
        result = crawl(tmp_path, site.base + "/")
    assert result.returncode == 0, result.output[-3000:]
    assert result.hits() == {(f"{site.base}{path}", FIALA) for path in pages if path != "/"}
    waits = waits_after(site, 429)
    assert len(waits) >= 2 and min(waits) >= 1.95, waits
    assert "Gave up retrying" not in result.output


def test_a_server_down_for_the_first_part_of_the_crawl_is_tried_again(tmp_path: Path) -> None:
    down_host = "127.0.43.4"
    down_port = free_port(down_host)
    late = f"http://{down_host}:{down_port}"
    home_pages = {f"/a{i}.html": Answer(body=page(f"Page {i}", [f"{late}/cites.html"]))
                  for i in range(12)}
    home_pages["/"] = Answer(body=page("Home", [p.lstrip("/") for p in home_pages]))

    def back(path: str, hits: int, elapsed: float) -> Answer:
        if path == "/cites.html":
            return Answer(body=page(CITING))
        return Answer(body=page("The late server")) if path == "/" else NOT_FOUND

    later: list[ScriptedServer] = []  # built when it comes up (built, it listens)

    def home(path: str, hits: int, elapsed: float) -> Answer:
        """A slow server (one page at a time); the late one comes up before its last page."""
        time.sleep(0.3)
        if hits == len(home_pages):
            later.append(ScriptedServer(back, host=down_host, port=down_port).__enter__())
        return home_pages.get(path, NOT_FOUND)

    with ScriptedServer(home, host="127.0.43.3") as site:
        try:
            result = crawl(tmp_path, site.base + "/", CITESEEKER_DEFER_SECONDS="1")
        finally:
            for server in later:
                server.__exit__()
    assert result.returncode == 0, result.output[-3000:]
    assert result.hits() == {(f"{late}/cites.html", FIALA)}
    assert result.stats()["citeseeker/outages/retried"] >= 3  # it was down when first tried
    assert "not fetched" not in result.output


def forever_503(path: str, hits: int, elapsed: float) -> Answer:
    return NOT_FOUND if path == "/robots.txt" else Answer(503, "unavailable")


GIVE_UP_SOON = {"CITESEEKER_UNREACHABLE_AFTER": "2", "CITESEEKER_DEFER_SECONDS": "0.5",
                "CITESEEKER_DEFER_TIMES": "1"}


def test_a_server_that_answers_503_forever_is_given_up_and_said_so(tmp_path: Path) -> None:
    with ScriptedServer(forever_503, host="127.0.43.5") as site:
        result = crawl(tmp_path, site.base + "/paper.html", **GIVE_UP_SOON)
    assert result.returncode == 1, result.output[-3000:]
    last = result.output.strip().splitlines()[-1]
    assert last.startswith("citeseeker: error: ") and "1 server(s) never answered" in last
    assert "nothing was searched" in last
    not_fetched = int(last.split(" document(s) not fetched")[0].rsplit(" ", 1)[1])
    assert not_fetched == 2  # the start point and the server's root
    errors = [line for line in result.log("errors").splitlines() if "server unreachable" in line]
    assert len(errors) == 1 and errors[0].startswith(f"{site.base}\t"), errors
    assert errors[0].endswith(f"completed, {not_fetched} documents not fetched"), errors
    # tried a bounded number of times, never two tries of a document in the same instant
    assert len(site.hits) <= 12, site.paths()


def test_a_dead_server_beside_a_good_one_is_said_in_the_last_line(tmp_path: Path) -> None:
    with ScriptedServer(forever_503, host="127.0.43.6") as dead, \
            ScriptedServer(lambda path, hits, elapsed: Answer(body=page(
                CITING, [f"{dead.base}/paper.html"])) if path == "/" else NOT_FOUND,
                host="127.0.43.7") as good:
        result = crawl(tmp_path, good.base + "/", **GIVE_UP_SOON)
    assert result.returncode == 0, result.output[-3000:]
    assert result.hits() == {(f"{good.base}/", FIALA)}
    last = result.output.strip().splitlines()[-1]
    assert last == ("citeseeker: warning: 2 document(s) not fetched: 1 server(s) never "
                    "answered (see errors.log)"), last
    errors = [line for line in result.log("errors").splitlines() if "server unreachable" in line]
    assert len(errors) == 1 and errors[0].endswith("completed, 2 documents not fetched"), errors
