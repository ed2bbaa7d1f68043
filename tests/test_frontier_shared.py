"""The shared frontier's own rules, with workers driven directly against a real redis-server:
leases, takeover from the last flush, a lost lease, links to another worker's server, pushed
start points, citations counted once."""

from __future__ import annotations

import itertools
import re
import time

import pytest

from citeseeker_scrapy.frontier import DocumentEntry
from tests.support.shared_frontier import SyncedWorker

PREFIXES = itertools.count(1)


@pytest.fixture
def workers(redis_server):
    prefix = f"s{next(PREFIXES)}"
    return lambda **kw: SyncedWorker(redis_server.url, prefix, **kw)


def seed(worker: SyncedWorker, servers: int) -> None:
    for index in range(servers):
        worker.add_start_point(DocumentEntry(f"http://s{index}.org/"))


def test_no_server_is_leased_to_two_workers(workers) -> None:
    first, second = workers(max_active_servers=3), workers(max_active_servers=3)
    seed(first, 5)
    first.sync()
    second.sync()
    assert len(first.active) == 3 and len(second.active) == 2
    assert not set(first.active) & set(second.active)
    second.sync()
    assert len(second.active) == 2  # nothing left to lease


def test_expired_lease_is_taken_over_from_the_last_flush_and_the_stalled_worker_drops_it(
        workers) -> None:
    dead = workers(lease_ms=300, flush_interval=2)
    dead.add_start_point(DocumentEntry("http://a.org/"))
    root = dead.next_document()
    for name in ("1", "2", "3"):
        dead.add_link(DocumentEntry(f"http://a.org/{name}.html", 1), from_server="http://a.org")
    dead.finish(root.url)
    first = dead.next_document()               # 3.html (depth-first: last pushed first)
    dead.finish(first.url)                     # two finished: the flush is due
    dead.flush()
    unflushed = dead.next_document()
    dead.finish(unflushed.url)                 # finished, never flushed: fetched again
    time.sleep(0.4)                            # the lease expires: the worker "died"
    taker = workers(lease_ms=30_000)
    reply = taker.sync()
    assert reply.granted["http://a.org"][2] is True  # a takeover
    order = []
    while (entry := taker.next_document()) is not None:
        order.append(entry.url)
        taker.finish(entry.url)
    assert order == [unflushed.url, "http://a.org/1.html"]
    assert root.url not in order and first.url not in order
    assert dead.sync().lost == ["http://a.org"] and dead.active == {}


def test_links_to_a_server_another_worker_holds_reach_its_stack(workers) -> None:
    holder, finder = workers(), workers()
    holder.add_start_point(DocumentEntry("http://a.org/"))
    root = holder.next_document()
    finder.add_start_point(DocumentEntry("http://b.org/"))
    page = finder.next_document()
    assert finder.add_link(DocumentEntry("http://a.org/found.html"),
                           from_server="http://b.org") == "accepted"
    holder.finish(root.url)
    assert holder.next_document().url == "http://a.org/found.html"
    assert page.url == "http://b.org/"


def test_pushed_start_points_and_citations_counted_once(workers, redis_server) -> None:
    worker = workers()
    redis_server.client().rpush(f"{worker.prefix}:start_urls", "http://pushed.org/x.html")
    reply = worker.sync()
    assert reply.start_urls == ["http://pushed.org/x.html"]
    assert reply.starting == 1 and not reply.job_finished()  # popped, not yet a pending server
    worker.local.add_start_point(DocumentEntry("http://pushed.org/x.html"))
    worker.sync()
    assert "http://pushed.org" in worker.active
    loop, client = worker.loop, worker.client
    from citeseeker_scrapy.frontier.redis_backend import sync_arguments
    from citeseeker_scrapy.frontier.rules import admission_rules

    def report(keys):
        arguments = sync_arguments({"links": {}, "pushed": {}, "done": {}, "completed": []},
                                   worker="w", renew=[], want=0, ttl_ms=1000,
                                   rules=admission_rules(10), citations=keys)
        return loop.run_until_complete(client.sync(arguments)).new_citations

    assert report(["u1 m1 p1", "u2  p1"]) == [0, 1]
    assert report(["u2  p1", "u1 m2 p1"]) == [1]   # the second worker's copy is not new


def test_a_request_handed_out_under_an_earlier_lease_is_not_sent_under_a_later_one() -> None:
    """Fencing token: a worker paused past its lease may be granted the server again (fair
    share hands servers back); what it handed out before the pause was fetched by the other
    worker meanwhile, so only requests of the current lease may go out."""
    from citeseeker_scrapy.frontier.shared import SharedFrontier

    now = [0.0]
    frontier = SharedFrontier(clock=lambda: now[0])
    frontier.adopt("http://a.example", {}, [])
    frontier.leases_proven(["http://a.example"], until=10.0)
    first = frontier.lease_of("http://a.example")
    assert frontier.holds("http://a.example", first)
    frontier.abandon("http://a.example")                  # the lease was lost meanwhile
    frontier.adopt("http://a.example", {}, [])            # and granted again later
    frontier.leases_proven(["http://a.example"], until=20.0)
    assert frontier.holds("http://a.example")
    assert not frontier.holds("http://a.example", first)
    assert frontier.holds("http://a.example", frontier.lease_of("http://a.example"))


def test_a_worker_whose_leased_servers_all_wait_says_more_servers_wait(workers) -> None:
    """The width of a worker grows on the frontier's ``held_back``: set when every leased
    server has its documents out while Redis holds pending servers, not while the worker
    still has room or nothing else is pending."""
    worker = workers(max_active_servers=2, connections_of=lambda server: 1)
    seed(worker, 5)
    out = [worker.next_document(), worker.next_document()]
    assert all(entry is not None for entry in out)
    assert worker.local.next_document() is None
    assert worker.local.held_back  # 3 servers pending in Redis, no room for them
    worker.local.held_back = False
    worker.local.max_active_servers = 5  # the width grew: room for the others
    out += [worker.next_document() for _ in range(3)]
    assert len({entry.url for entry in out if entry is not None}) == 5
    assert worker.next_document() is None
    assert not worker.local.held_back  # all five leased, none pending: no reason to grow


def test_a_deferred_server_taken_over_keeps_its_deferrals_and_the_rest_of_its_wait(
        workers) -> None:
    dead = workers(lease_ms=300)
    dead.add_start_point(DocumentEntry("http://down.org/paper.html"))
    handed_out = dead.next_document()
    dead.local.add_link(handed_out, from_server=None, force=True)  # its retry, back on the stack
    dead.local.defer("http://down.org", time.monotonic() + 3)
    dead.local.defer("http://down.org", time.monotonic() + 60)
    dead.sync(want=False)
    time.sleep(0.4)                            # the lease expires: the worker "died"
    restored = []
    taker = workers(on_deferral_restored=lambda *deferral: restored.append(deferral))
    taker.sync()
    assert [(server, deferrals) for server, deferrals, _ in restored] == [("http://down.org", 2)]
    assert taker.local.deferrals("http://down.org") == 2
    assert 55 < taker.local.held_until("http://down.org") - time.monotonic() <= 60
    assert taker.local.sizes()["deferred_servers"] == 1
    assert taker.local.next_document() is None  # it goes on waiting
    taker.local.active["http://down.org"].ready_at = 0.0  # its wait is over
    urls = []
    while (entry := taker.local.next_document()) is not None:
        urls.append(entry.url)
        taker.finish(entry.url)
    assert sorted(urls) == ["http://down.org/", "http://down.org/paper.html"]
    taker.flush()
    taker.sync()
    assert "http://down.org" in taker.completed
    assert not taker.redis.hgetall(f"{taker.prefix}:deferred")  # nothing left behind


def test_the_sync_script_applies_admission_rules_it_does_not_name() -> None:
    """Redis decides a link by the rules the worker sends (tests/test_frontier.py has every
    store follow a changed table): the script names no rule's outcome, and its links step makes
    no check of its own (a completed server, a count of pending documents)."""
    from citeseeker_scrapy.frontier.redis_backend import SYNC_SCRIPT
    from citeseeker_scrapy.frontier.rules import admission_rules

    rules = admission_rules(10)
    assert [rule.outcome for rule in (*rules.server, *rules.document)
            if re.search(rf"\b{rule.outcome}\b", SYNC_SCRIPT)] == []
    links_step = SYNC_SCRIPT.split("\n-- 2.")[1].split("\n-- 3.")[0]
    assert [command for command in ("SISMEMBER", "HLEN", "max_pending")
            if command in links_step] == []


def test_a_server_crawled_by_another_worker_before_is_told_when_adopted() -> None:
    """A takeover or a deferral: the scheduler's watch then keeps the rules of a server that
    was crawled (no dead start point); a fresh lease is not told."""
    from citeseeker_scrapy.frontier.model import Deferral
    from citeseeker_scrapy.frontier.shared import SharedFrontier

    told: list[str] = []
    frontier = SharedFrontier(max_active_servers=3)
    frontier.on_crawled_before = told.append
    frontier.adopt("http://fresh.example", {}, [])
    frontier.adopt("http://taken.example", {}, ["http://taken.example/"], takeover=True)
    frontier.adopt("http://waiting.example", {}, [], deferral=Deferral(1, 30.0, True))
    assert told == ["http://taken.example", "http://waiting.example"]
