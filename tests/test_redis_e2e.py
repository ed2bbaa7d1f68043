"""Many workers on one real redis-server (CITESEEKER_FRONTIER=redis), real crawls of a generated
20-server web on 127.0.0.1: same citations as one process, each document fetched once, kill -9
and takeover, a late worker, start points pushed mid-crawl, Redis restarted with AOF."""

from __future__ import annotations

import contextlib
import functools
import json
import signal
import subprocess
import sys
import threading
import time
from collections import Counter
from pathlib import Path
from typing import Callable

import pytest

from citeseeker_scrapy.frontier.width import START
from tests.support.crawl import PROJECT_ROOT, Crawl, _environment, wait_for
from tests.support.redis_server import RedisServer, free_port
from tests.support.servers import RecordingHandler, SiteServer, write_site

PUBLICATION = "Retrieving citations on the web"
SEARCH = ("-a", "authors=Fiala", "-a", f"publications={PUBLICATION}")
CITING = f"<p>[1] D. Fiala: {PUBLICATION}. 2003.</p>"
SERVERS = 20


def html(body: str, links=()) -> str:
    anchors = "".join(f'<a href="{href}">{href}</a> ' for href in links)
    return f"<html><body>{body}<p>{anchors}</p></body></html>"


def site_files(index: int, bases: list[str]) -> dict[str, str]:
    """7 documents a server; every third page cites; links chain the servers and cross over.
    Every citing page names its server, so no two are the same paper (one paper, one result)."""
    pages = {"index.html": html("Home", ["p1.html", "p2.html", "p3.html"])}
    for page in range(1, 6):
        body = f"{CITING} Site {index}, page {page}." if (index + page) % 3 == 0 \
            else f"Page {page}"
        pages[f"p{page}.html"] = html(body, [f"p{page + 1}.html" if page < 5 else "deep/x.html"])
    pages["p1.html"] = html("Page 1", ["p2.html", f"{bases[(index + 1) % SERVERS]}/",
                                       f"{bases[(index + 7) % SERVERS]}/deep/x.html"])
    pages["deep/x.html"] = html(f"{CITING} Site {index}, deep." if index % 2 else "Deep",
                                ["../p4.html"])
    return pages


@contextlib.contextmanager
def web(tmp_path: Path, delay: float = 0.0, servers: int = SERVERS,
        first_pages: Callable[[str], str | None] | None = None):
    """The generated web; ``first_pages`` is the first server's ``pages`` hook (a gate)."""
    with contextlib.ExitStack() as stack:
        sites = [stack.enter_context(SiteServer(tmp_path / f"site{i}", delay=delay,
                                                pages=None if i else first_pages))
                 for i in range(servers)]
        bases = [site.base for site in sites]
        for index in range(servers):
            write_site(tmp_path / f"site{index}", site_files(index, bases))
        yield sites


def expected_hits(sites: list[SiteServer]) -> set[tuple[str, str]]:
    hits = set()
    for index, site in enumerate(sites):
        for page in range(1, 6):
            if page != 1 and (index + page) % 3 == 0:
                hits.add((f"{site.base}/p{page}.html", PUBLICATION))
        if index % 2:
            hits.add((f"{site.base}/deep/x.html", PUBLICATION))
    return hits


def fetches(sites: list[SiteServer]) -> Counter:
    return Counter(site.base + path for site in sites for path in site.requests
                   if path != "/robots.txt")


def worker(tmp_path: Path, name: str, redis: RedisServer, start: str | None, **settings) -> Crawl:
    arguments = SEARCH + (("-a", f"startpoints={start}") if start else ("-a", "startpoints="))
    return Crawl(tmp_path / name, arguments, {
        "CITESEEKER_FRONTIER": "redis", "REDIS_URL": redis.url, "CITESEEKER_SYNC_SECONDS": "0.2",
        "CITESEEKER_LEASE_SECONDS": "3", "CITESEEKER_CONCURRENT_SERVERS": "2",
        **{k: str(v) for k, v in settings.items()}})


def feed_citations(crawl: Crawl) -> list[tuple[str, str, str]]:
    """Citations in a worker's feed (a worker killed mid-line leaves a broken last line)."""
    found = []
    if crawl.feed.exists():
        for line in crawl.feed.read_text(encoding="utf-8").splitlines():
            try:
                document = json.loads(line)
            except json.JSONDecodeError:
                continue
            found += [(document["url"], c.get("member", ""), c["publication"])
                      for c in document["citations"]]
    return found


def hits_of(*crawls: Crawl) -> set[tuple[str, str]]:
    return {(url, publication) for crawl in crawls for url, _, publication in feed_citations(crawl)}


def push(redis: RedisServer, url: str) -> None:
    """``scrapy citeseeker-push URL``: a start point for the job's running workers."""
    done = subprocess.run([sys.executable, "-m", "scrapy", "citeseeker-push",
                           "-s", f"REDIS_URL={redis.url}", url],
                          cwd=PROJECT_ROOT, env=_environment(), capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 0, done.stdout + done.stderr


def finish(process: subprocess.Popen, crawl: Crawl, timeout: float = 120):
    result = crawl.result(process.wait(timeout=timeout))
    assert result.returncode == 0, result.output[-3000:]
    return result


@pytest.mark.alone
def test_two_workers_equal_one_process_and_fetch_each_document_once(tmp_path: Path) -> None:
    with web(tmp_path) as sites, RedisServer(tmp_path / "redis") as redis:
        start = f"{sites[0].base}/"
        single = Crawl(tmp_path / "single", SEARCH + ("-a", f"startpoints={start}"), {}).run()
        assert single.returncode == 0, single.output[-3000:]
        single_fetches = fetches(sites)
        for site in sites:
            site.requests.clear()
        # both workers start idle and the start point is pushed once both are live: a worker
        # that joined after the other had finished the job would be refused
        crawls = [worker(tmp_path, f"w{i}", redis, None) for i in range(2)]
        processes = [crawl.start() for crawl in crawls]
        wait_for(lambda: redis.client().zcard("citeseeker:workers") == 2)
        push(redis, start)
        results = [finish(process, crawl) for process, crawl in zip(processes, crawls)]
        shared_fetches = fetches(sites)
        keys = redis.client().keys("*")
        distinct = redis.client().scard("citeseeker:citations")
        completed = redis.client().scard("citeseeker:completed")
    assert single.hits() == expected_hits(sites) and len(single.hits()) > 20
    assert hits_of(*crawls) == single.hits()
    assert set(shared_fetches) == set(single_fetches)
    assert max(shared_fetches.values()) == 1
    leased = [r.stats().get("citeseeker/shared/servers_leased", 0) for r in results]
    assert sum(leased) == SERVERS and min(leased) > 0, leased
    assert distinct == len(single.items)
    # what stays in Redis is the skeleton: completed servers and counters, no documents
    assert not [k for k in keys if ":pdocs:" in k or ":queued:" in k or ":done:" in k]
    assert completed == SERVERS


@pytest.mark.alone
def test_kill_9_of_a_worker_its_servers_are_taken_over(tmp_path: Path) -> None:
    flush = 5
    with web(tmp_path, delay=0.15) as sites, RedisServer(tmp_path / "redis") as redis:
        start = f"{sites[0].base}/"
        settings = {"CITESEEKER_FLUSH_INTERVAL": flush, "CONCURRENT_REQUESTS_PER_DOMAIN": 1}
        crawls = [worker(tmp_path, f"w{i}", redis, start, **settings) for i in range(2)]
        victim, survivor = crawls[0].start(), crawls[1].start()
        wait_for(lambda: len(redis.client().hkeys("citeseeker:owner")) >= 3
                 and sum(fetches(sites).values()) >= 30)
        held = {k for k, v in redis.client().hgetall("citeseeker:owner").items()
                if v.endswith(f":{victim.pid}")}
        victim.send_signal(signal.SIGKILL)
        victim.wait()
        result = finish(survivor, crawls[1])
        counts = fetches(sites)
    assert held, "the victim held no server when killed"
    assert hits_of(*crawls) == expected_hits(sites)
    merged = tmp_path / "merged.jsonl"
    merge = subprocess.run([sys.executable, "-m", "scrapy", "citeseeker-merge", "-o", str(merged),
                            str(crawls[0].feed), str(crawls[1].feed)], cwd=PROJECT_ROOT,
                           env=_environment(), capture_output=True, text=True, timeout=60)
    assert merge.returncode == 0, merge.stdout + merge.stderr
    rows = [(d["url"], c.get("member", ""), c["publication"])
            for d in map(json.loads, merged.read_text().splitlines()) for c in d["citations"]]
    assert len(rows) == len(set(rows)) == len(expected_hits(sites))
    assert len(counts) == 7 * SERVERS
    refetched = sum(n - 1 for n in counts.values())
    assert refetched <= flush + 2 * len(held), (refetched, counts.most_common(5))
    assert result.stats()["citeseeker/shared/servers_taken_over"] >= len(held)


class Gate:
    """A ``pages`` hook that holds one page's answer until :meth:`open`: the crawl that asked
    for it waits, its server stays leased, so the job cannot finish meanwhile."""

    def __init__(self, path: str) -> None:
        self.path = path
        self._open = threading.Event()

    def __call__(self, path: str) -> None:
        if path == self.path:
            self._open.wait(GATE_SECONDS)
        return None  # the file itself is served

    def open(self) -> None:
        self._open.set()


#: Longest a gated page is held (the test opens it as soon as the late worker is live).
GATE_SECONDS = 150


@pytest.mark.alone
def test_a_late_worker_joins_and_pushed_start_points_are_crawled(tmp_path: Path) -> None:
    """The first worker crawls until it asks for the first server's p1.html, the one page that
    links the other servers; that answer waits until the late worker is live, so the job it
    joins has started (documents fetched) and cannot have finished, however slowly it starts."""
    gate = Gate("/p1.html")
    with web(tmp_path, delay=0.1, first_pages=gate) as sites, \
            RedisServer(tmp_path / "redis") as redis, \
            SiteServer(write_site(tmp_path / "pushed", {"index.html": html("Pushed"),
                                                         "paper.html": html(CITING)})) as pushed:
        try:
            settings = {"CONCURRENT_REQUESTS_PER_DOMAIN": 1,
                        "DOWNLOAD_TIMEOUT": GATE_SECONDS + 30}
            first = worker(tmp_path, "first", redis, f"{sites[0].base}/", **settings)
            late = worker(tmp_path, "late", redis, None, **settings)
            processes = [first.start()]
            wait_for(lambda: gate.path in sites[0].requests, GATE_SECONDS)
            assert redis.client().exists("citeseeker:next_arrival")  # the job has started
            fetched_before = sum(fetches(sites).values())
            processes.append(late.start())
            wait_for(lambda: redis.client().zcard("citeseeker:workers") == 2, GATE_SECONDS)
            push(redis, f"{pushed.base}/paper.html")
        finally:
            gate.open()
        results = [finish(p, c) for p, c in zip(processes, (first, late))]
        counts = fetches(sites)
        pushed_fetches = Counter(pushed.requests)
    assert fetched_before >= 2  # the site's root and the gated page, at least
    assert results[1].stats().get("citeseeker/shared/servers_leased", 0) >= 1
    assert pushed_fetches["/paper.html"] == pushed_fetches["/"] == 1
    assert hits_of(first, late) == expected_hits(sites) | {(f"{pushed.base}/paper.html",
                                                            PUBLICATION)}
    assert max(counts.values()) == 1 and len(counts) == 7 * SERVERS


@pytest.mark.alone
def test_redis_restarted_with_aof_loses_nothing(tmp_path: Path) -> None:
    with web(tmp_path, delay=0.1) as sites, \
            RedisServer(tmp_path / "redis", appendonly=True) as redis:
        crawls = [worker(tmp_path, f"w{i}", redis, None, CITESEEKER_FLUSH_INTERVAL=3)
                  for i in range(2)]
        processes = [crawl.start() for crawl in crawls]
        # both live before Redis goes down: a worker still starting would find it unreachable
        # and exit, however long the other had been crawling
        wait_for(lambda: redis.client().zcard("citeseeker:workers") == 2)
        push(redis, f"{sites[0].base}/")
        wait_for(lambda: redis.client().scard("citeseeker:completed") >= 4)
        redis.restart(down_seconds=1.0)
        results = [finish(p, c) for p, c in zip(processes, crawls)]
        counts = fetches(sites)
    assert hits_of(*crawls) == expected_hits(sites)
    assert len(counts) == 7 * SERVERS
    assert sum(r.stats().get("citeseeker/shared/sync_errors", 0) for r in results) >= 1


def test_unreachable_redis_is_a_clear_error_and_exit_status_2(tmp_path: Path) -> None:
    dead = RedisServer(tmp_path / "none", port=free_port())  # never started
    crawl = worker(tmp_path, "w", dead, "http://127.0.0.1:9/")
    result = crawl.run(timeout=60)
    assert result.returncode == 2, result.output[-3000:]
    assert f"Redis at {dead.url} is unreachable" in result.output
    assert "Traceback" not in result.output


# --- fencing at send time and fair share -------------------------------------------------


class WhoHandler(RecordingHandler):
    """Records (time, user agent, path) of every request: which worker fetched what, when.
    The time is when its connection was accepted (one connection a request: HTTP/1.0), so a
    request a worker had begun to send before it was paused counts as sent before."""

    def setup(self) -> None:
        self.accepted = time.monotonic()
        super().setup()

    def do_GET(self) -> None:  # noqa: N802
        self.server.who.append((self.accepted, self.headers.get("User-Agent", ""), self.path))
        if self.server.held is not None and self.path not in ("/", "/robots.txt"):
            self.server.held.wait(GATE_SECONDS)
        super().do_GET()


@contextlib.contextmanager
def small_web(tmp_path: Path, servers: int, pages: int, delay: float, hosts: bool = False,
              held: threading.Event | None = None):
    """``servers`` servers of ``pages`` pages each (every third cites), all linked from their
    index page, which links every server (a wide stack: many requests ready at once); every
    request recorded with the worker's user agent. ``hosts``: each server at its own address
    127.9.0.x (its own download slot, as on the web), not only its own port. ``held``: the
    pages (not the index pages or robots.txt) are answered only once it is set."""
    with contextlib.ExitStack() as stack:
        sites = []
        for index in range(servers):
            host = f"127.9.0.{index + 1}" if hosts else "127.0.0.1"
            site = SiteServer(tmp_path / f"small{index}", delay=delay, host=host)
            site.httpd.RequestHandlerClass = functools.partial(
                WhoHandler, directory=str(tmp_path / f"small{index}"))
            site.httpd.who = []
            site.httpd.held = held
            sites.append(stack.enter_context(site))
        for index, site in enumerate(sites):
            files = {"index.html": html("Home", [f"p{page}.html" for page in range(1, pages)]
                                        + [f"{s.base}/" for s in sites])}
            for page in range(1, pages):
                body = f"{CITING} Site {index} page {page}." if page % 3 == 0 else f"Page {page}"
                files[f"p{page}.html"] = html(body)
            write_site(tmp_path / f"small{index}", files)
        yield sites


def small_hits(sites: list[SiteServer], pages: int) -> set[tuple[str, str]]:
    return {(f"{site.base}/p{page}.html", PUBLICATION) for site in sites
            for page in range(1, pages) if page % 3 == 0}


def fetched_by(sites: list[SiteServer]) -> dict[str, list[tuple[float, str]]]:
    """url -> [(time, worker's user agent)] for every document request."""
    table: dict[str, list[tuple[float, str]]] = {}
    for site in sites:
        for moment, agent, path in site.httpd.who:
            if path != "/robots.txt":
                table.setdefault(site.base + path, []).append((moment, agent))
    return table


#: After a paused worker wakes up, how long the requests that had passed the lease check
#: before it froze may take to leave (they are on their way: no check is left to stop them).
IN_FLIGHT_GRACE_SECONDS = 0.5


@pytest.mark.alone
def test_a_worker_paused_past_its_lease_sends_nothing_taken_over(tmp_path: Path) -> None:
    pages, lease = 16, 2.0
    with small_web(tmp_path, servers=4, pages=pages, delay=0.3) as sites, \
            RedisServer(tmp_path / "redis") as redis:
        settings = {"CITESEEKER_LEASE_SECONDS": lease, "CITESEEKER_CONCURRENT_SERVERS": 4,
                    "CONCURRENT_REQUESTS_PER_DOMAIN": 2, "CITESEEKER_FLUSH_INTERVAL": 1}
        starts = tmp_path / "starts.txt"
        starts.write_text("".join(f"{site.base}/\n" for site in sites))
        crawls = [worker(tmp_path, name, redis, str(starts), USER_AGENT=name, **settings)
                  for name in ("victim", "survivor")]
        victim, survivor = (crawl.start() for crawl in crawls)
        owner = lambda: redis.client().hgetall("citeseeker:owner")  # noqa: E731
        wait_for(lambda: sum(1 for v in owner().values() if v.endswith(f":{victim.pid}")) >= 1
                 and sum(agent == "victim" and not url.endswith("/")  # its stacks are full
                         for url, r in fetched_by(sites).items() for _, agent in r) >= 3)
        victim.send_signal(signal.SIGSTOP)
        held = {k for k, v in owner().items() if v.endswith(f":{victim.pid}")}
        try:  # the survivor takes the paused worker's servers over
            wait_for(lambda: held and all(not owner().get(k, "").endswith(f":{victim.pid}")
                                          for k in held), timeout=30)
            time.sleep(0.5)
        finally:
            continued_at = time.monotonic()
            victim.send_signal(signal.SIGCONT)
        finish(victim, crawls[0])
        finish(survivor, crawls[1])
        table = fetched_by(sites)
    assert hits_of(*crawls) == small_hits(sites, pages)           # nothing lost
    assert len(table) == 4 * pages
    # The fence is the lease check at send time (a downloader middleware): a request that had
    # passed it when the worker froze may still open its connection as the worker wakes up
    # (seen once in ~6 runs on a busy machine); anything it hands out later must be refused.
    resumed = continued_at + IN_FLIGHT_GRACE_SECONDS
    after = {url: fetches for url, fetches in table.items()
             if any(agent == "victim" and moment >= resumed for moment, agent in fetches)}
    both = {url for url in after if any(agent == "survivor" for _, agent in table[url])}
    assert not both, f"sent after SIGCONT although taken over: {sorted(both)}"


@pytest.mark.alone
def test_a_worker_that_holds_every_server_hands_back_a_fair_share(tmp_path: Path) -> None:
    """The first worker leases all 4 servers (it is alone); a second one joins and gets its
    share (the first hands unstarted or drained servers back), nothing twice. The servers
    answer the first worker's page requests only once the second is live: what is left for
    the second does not hang on how long it takes to start (on a loaded machine, long enough
    for the first to fetch most pages). Until then the first has at most 4 requests of a
    server in flight (CONCURRENT_REQUESTS_PER_DOMAIN), so the 2 servers it hands back keep
    more than one server's pages. The lease outlasts the wait: the second gets servers handed
    back, not servers whose lease ran out while the first's syncs were starved of CPU."""
    pages, held = 32, threading.Event()
    with small_web(tmp_path, servers=4, pages=pages, delay=0.05, held=held) as sites, \
            RedisServer(tmp_path / "redis") as redis:
        settings = {"CITESEEKER_CONCURRENT_SERVERS": 4, "DOWNLOAD_DELAY": 0.25,
                    "DOWNLOAD_TIMEOUT": GATE_SECONDS + 30,
                    "CITESEEKER_LEASE_SECONDS": GATE_SECONDS + 30}
        starts = tmp_path / "starts.txt"
        starts.write_text("".join(f"{site.base}/\n" for site in sites))
        crawls = [worker(tmp_path, name, redis, str(starts) if name == "first" else None,
                         USER_AGENT=name, **settings) for name in ("first", "second")]
        processes = [crawls[0].start()]
        try:
            wait_for(lambda: len(redis.client().hkeys("citeseeker:owner")) == 4, GATE_SECONDS)
            processes.append(crawls[1].start())
            wait_for(lambda: redis.client().zcard("citeseeker:workers") == 2, GATE_SECONDS)
        finally:
            held.set()
        results = [finish(process, crawl) for process, crawl in zip(processes, crawls)]
        table = fetched_by(sites)
    assert hits_of(*crawls) == small_hits(sites, pages)
    assert len(table) == 4 * pages and max(len(fetches) for fetches in table.values()) == 1
    agents = Counter(agent for fetches in table.values() for _, agent in fetches)
    assert agents["second"] >= pages, agents  # at least one whole server
    assert results[0].stats().get("citeseeker/shared/servers_handed_back", 0) >= 1


@pytest.mark.alone
def test_a_worker_crawls_more_servers_at_once_while_they_answer_slowly(tmp_path: Path) -> None:
    """A worker's width adapts as one process's does: on 30 servers that answer 0.2 s late it
    leases more servers than it started with, with no CITESEEKER_CONCURRENT_SERVERS set."""
    pages = 8
    with small_web(tmp_path, servers=30, pages=pages, delay=0.2, hosts=True) as sites, \
            RedisServer(tmp_path / "redis") as redis:
        starts = tmp_path / "starts.txt"
        starts.write_text("".join(f"{site.base}/\n" for site in sites))
        crawl = worker(tmp_path, "wide", redis, str(starts), CITESEEKER_CONCURRENT_SERVERS=0)
        result = finish(crawl.start(), crawl)
        table = fetched_by(sites)
    assert hits_of(crawl) == small_hits(sites, pages)
    assert len(table) == 30 * pages
    assert result.stats()["citeseeker/frontier/width_max"] > START
