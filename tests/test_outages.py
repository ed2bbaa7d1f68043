"""The rules for servers in trouble (frontier/outages.py) and the frontier's held and deferred
servers, on plain values."""

from __future__ import annotations

import time

import pytest

from citeseeker_scrapy.frontier import DocumentEntry, Frontier
from citeseeker_scrapy.frontier.outages import (
    DEFER, GIVE_UP, GIVE_UP_SERVER, RETRY, OutageLimits, OutagePolicy, retry_after_seconds,
)

NOW = 1_000_000.0  # an epoch time for HTTP dates


@pytest.mark.parametrize("value, expected", [
    (b"3", 3.0), ("120", 120.0), (b" 7 ", 7.0),
    ("Mon, 12 Jan 1970 13:46:40 GMT", 0.0),                  # in the past: at once
    ("Mon, 12 Jan 1970 13:47:00 GMT", 20.0),                 # 20 s after NOW
    (None, None), (b"soon", None), (b"-5", None), (b"", None),
])
def test_retry_after_is_read_as_seconds_or_an_http_date(value, expected) -> None:
    assert retry_after_seconds(value, NOW) == expected


def policy(**limits) -> OutagePolicy:
    return OutagePolicy(OutageLimits(**limits), uniform=lambda low, high: 0.0)


def test_retry_after_is_obeyed_up_to_its_bound() -> None:
    rules = policy(max_retry_after=10.0)
    busy = dict(now=0.0, held_until=0.0, deferrals=0, retries=0, down=False)
    assert rules.trouble("s", retry_after=2.0, **busy).until == 2.0
    assert rules.trouble("s", retry_after=3600.0, **busy).until == 10.0
    assert rules.failures == {}  # 429 is busy, not down: never counted


def test_failures_back_off_then_defer_with_a_growing_delay_then_give_up() -> None:
    rules = policy(unreachable_after=3, defer_seconds=30.0, defer_times=2)
    now, verdicts = 0.0, []
    for deferrals in range(3):
        for _ in range(3):
            verdict = rules.trouble("s", now=now, held_until=0.0, deferrals=deferrals,
                                    retries=0, retry_after=None, down=True)
            verdicts.append((verdict.action, max(0.0, verdict.until - now)))
            now += 100.0
    assert verdicts == [(RETRY, 1.0), (RETRY, 2.0), (DEFER, 30.0),
                        (RETRY, 1.0), (RETRY, 2.0), (DEFER, 60.0),
                        (RETRY, 1.0), (RETRY, 2.0), (GIVE_UP_SERVER, 0.0)]


@pytest.mark.parametrize("defer_dead_start_points, third", [(False, GIVE_UP_SERVER),
                                                             (True, DEFER)])
def test_a_dead_start_point_is_given_up_where_another_server_is_deferred(
        defer_dead_start_points: bool, third: str) -> None:
    rules = policy(unreachable_after=3, defer_times=3,
                   defer_dead_start_points=defer_dead_start_points)
    actions = [rules.trouble("s", now=100.0 * n, held_until=0.0, deferrals=0, retries=n,
                             retry_after=None, down=True, dead_start=True).action
               for n in range(3)]
    assert actions == [RETRY, RETRY, third]


def test_failures_on_the_way_before_a_hold_are_not_counted_again() -> None:
    rules = policy(unreachable_after=2)
    first = rules.trouble("s", now=0.0, held_until=0.0, deferrals=0, retries=0,
                          retry_after=3.0, down=True)
    echo = rules.trouble("s", now=0.1, held_until=first.until, deferrals=0, retries=0,
                         retry_after=3.0, down=True)
    assert echo.action == RETRY and echo.until >= first.until
    assert rules.failures == {"s": 1}
    rules.answered("s")
    assert rules.failures == {}


def test_a_request_alone_in_trouble_is_given_up_after_its_retries() -> None:
    rules = policy(unreachable_after=2, defer_times=1)
    assert OutageLimits(unreachable_after=2, defer_times=1).max_retries == 4
    verdict = rules.trouble("s", now=0.0, held_until=0.0, deferrals=0, retries=4,
                            retry_after=None, down=True)
    assert verdict.action == GIVE_UP


def test_a_held_server_hands_out_nothing_until_its_time() -> None:
    frontier = Frontier(max_active_servers=1)
    frontier.add_start_point(DocumentEntry("http://a/1"))
    first = frontier.next_document(now=0.0)
    frontier.hold("http://a", 5.0)
    assert frontier.next_document(now=4.9) is None
    assert frontier.next_document(now=5.0) is not None
    assert first is not None


def test_a_deferred_server_gives_its_place_and_comes_back_after_the_others() -> None:
    frontier = Frontier(max_active_servers=1)
    frontier.add_start_point(DocumentEntry("http://a/1"))
    assert frontier.next_document(now=0.0).url == "http://a/1"
    frontier.add_link(DocumentEntry("http://b/1"), from_server="http://a")
    frontier.defer("http://a", 10.0)
    # a's place goes to b at once
    assert frontier.next_document(now=1.0).url == "http://b/1"
    assert frontier.sizes()["deferred_servers"] == 1
    # a's time has come, but b holds the one place: a waits
    assert frontier.next_document(now=11.0).url == "http://b/"
    frontier.finish("http://b/")
    frontier.finish("http://b/1")
    # b completed: a goes on where it stopped (its start point is not fetched again)
    assert frontier.next_document(now=12.0).url == "http://a/"
    assert frontier.sizes()["deferred_servers"] == 0
    frontier.finish("http://a/")
    frontier.finish("http://a/1")
    assert not frontier.has_work()


def test_a_deferred_server_is_kept_by_the_jobdir_store(tmp_path) -> None:
    """A resume (or a kill -9 after the checkpoint) finds the deferred server with its
    documents, its deferrals so far and the rest of its wait; a server deferred once more and
    then completed leaves nothing behind."""
    from citeseeker_scrapy.frontier.sqlite_store import SqliteStore

    frontier = Frontier(SqliteStore(tmp_path / "frontier.sqlite"), max_active_servers=1)
    frontier.add_start_point(DocumentEntry("http://a/1"))
    handed_out = frontier.next_document(now=0.0)
    frontier.add_link(handed_out, from_server=None, force=True)  # its retry, back on the stack
    frontier.defer("http://a", time.monotonic() + 5)
    frontier.defer("http://a", time.monotonic() + 100)
    frontier.flush()
    frontier.store.close()

    restored = []
    resumed = Frontier(SqliteStore(tmp_path / "frontier.sqlite"), max_active_servers=1,
                       on_deferral_restored=lambda *deferral: restored.append(deferral))
    resumed.restore()
    assert [(server, deferrals) for server, deferrals, _ in restored] == [("http://a", 2)]
    assert resumed.deferrals("http://a") == 2
    assert 99 < resumed.held_until("http://a") - time.monotonic() <= 100
    assert resumed.sizes()["deferred_servers"] == 1
    assert resumed.next_document() is None  # still waiting
    urls = []
    later = time.monotonic() + 101
    while (entry := resumed.next_document(now=later)) is not None:
        urls.append(entry.url)
    assert sorted(urls) == ["http://a/", "http://a/1"]
    for url in urls:
        resumed.finish(url)
    resumed.flush()
    assert resumed.store.db.execute("SELECT COUNT(*) FROM deferrals").fetchone() == (0,)


def test_a_worker_of_the_shared_frontier_keeps_its_deferred_server_and_takes_another() -> None:
    from citeseeker_scrapy.frontier.shared import SharedFrontier

    worker = SharedFrontier(max_active_servers=1)
    worker.adopt("http://a", {}, [])
    assert worker.wanted_servers() == 0
    worker.defer("http://a", 1e9)
    assert worker.wanted_servers() == 1  # its place is free for another server
    assert "http://a" in worker.active  # still leased: its documents stay with it
