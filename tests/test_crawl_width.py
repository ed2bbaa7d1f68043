"""Servers crawled at once: each server has at most its connections' worth of documents out,
the next pending server starts when every active one is full, and the number of servers grows
while responses are waited for, shrinks when the machine is the limit, and never passes the
user's CITESEEKER_CONCURRENT_SERVERS."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from scrapy import Request
from scrapy.utils.test import get_crawler

from citeseeker_scrapy.frontier import DocumentEntry, Frontier
from citeseeker_scrapy.frontier.width import FLOOR, START, CrawlWidth, Tick
from citeseeker_scrapy.keys import DEPTH_KEY, ORIGIN_KEY, START as START_ORIGIN
from citeseeker_scrapy.scheduler import FrontierScheduler
from citeseeker_scrapy.stats import FRONTIER_WIDTH_MAX
from citeseeker_scrapy.spiders.citeseeker import CiteSeekerSpider
from tests.support.components import started

WAITING = Tick(held_back=True, lag=0.0, backed_up=False, busy=0.3)
LATE = Tick(held_back=True, lag=0.5, backed_up=False, busy=1.0)
BACKED_UP = Tick(held_back=True, lag=0.0, backed_up=True, busy=0.3)
CALM = Tick(held_back=False, lag=0.0, backed_up=False, busy=0.3)
BUSY = Tick(held_back=True, lag=0.0, backed_up=False, busy=1.0)
OTHERS_LOAD = Tick(held_back=True, lag=0.5, backed_up=False, busy=0.2)


def server(n: int) -> str:
    return f"http://s{n}.example"


def scheduler(servers: int, documents: int, **settings: Any) -> FrontierScheduler:
    """The real scheduler (no engine), ``servers`` start servers of ``documents`` start
    documents each."""
    crawler = get_crawler(CiteSeekerSpider, settings_dict={
        "CITESEEKER_AUTHORS": "Fiala", "CITESEEKER_PUBLICATIONS": "A title",
        "CITESEEKER_STARTPOINTS": f"{server(0)}/", **settings})
    spider = crawler.spider = CiteSeekerSpider.from_crawler(crawler)
    started(crawler)
    frontier_scheduler = FrontierScheduler.from_crawler(crawler)
    frontier_scheduler.open(spider)
    for n in range(servers):
        for d in range(documents):
            url = f"{server(n)}/doc{d}.html"
            assert frontier_scheduler.enqueue_request(
                Request(url, meta={ORIGIN_KEY: START_ORIGIN, DEPTH_KEY: 0}))
    return frontier_scheduler


def hand_out(frontier_scheduler: FrontierScheduler, at_most: int) -> Counter[str]:
    """Requests as the engine takes them while nothing comes back (slow servers), up to its
    CONCURRENT_REQUESTS: how many per server."""
    out: Counter[str] = Counter()
    for _ in range(at_most):
        request = frontier_scheduler.next_request()
        if request is None:
            break
        out[request.url.split("/doc")[0].split("/", 3)[2]] += 1
    return out


def test_as_many_servers_as_the_setting_are_crawled_at_once_with_slow_answers() -> None:
    """30 servers of 20 documents each, 8 allowed at once, 2 connections each: the engine's 16
    requests go to 8 servers (a server's whole stack no longer fills the downloader)."""
    crawl = scheduler(30, 20, CITESEEKER_CONCURRENT_SERVERS=8,
                      CONCURRENT_REQUESTS_PER_DOMAIN=2)
    out = hand_out(crawl, at_most=16)
    assert len(out) == 8
    assert set(out.values()) == {2}
    assert crawl.next_request() is None  # every server full and the setting reached
    assert crawl.frontier.held_back


def test_a_server_gets_its_next_document_when_one_of_its_own_is_done() -> None:
    crawl = scheduler(2, 5, CITESEEKER_CONCURRENT_SERVERS=1, CONCURRENT_REQUESTS_PER_DOMAIN=2)
    first, second = crawl.next_request(), crawl.next_request()
    assert crawl.next_request() is None
    crawl.finishing.on_document_failed(first)
    third = crawl.next_request()
    assert third is not None and third.url.split("/doc")[0] == first.url.split("/doc")[0]
    assert second is not None


def test_retries_of_a_full_server_go_out_again() -> None:
    """A retried request goes back on its server's stack: it is no longer out, so a server
    whose every document out failed is not held full by its own retries."""
    crawl = scheduler(1, 5, CITESEEKER_CONCURRENT_SERVERS=1, CONCURRENT_REQUESTS_PER_DOMAIN=2)
    out = [crawl.next_request(), crawl.next_request()]
    for request in out:
        assert crawl.enqueue_request(request.replace(dont_filter=True,
                                                     meta={**request.meta, "retry_times": 1}))
    again = {crawl.next_request().url, crawl.next_request().url}
    assert again == {request.url for request in out}


def test_download_slots_concurrency_is_a_servers_limit() -> None:
    crawl = scheduler(2, 6, CITESEEKER_CONCURRENT_SERVERS=1, CONCURRENT_REQUESTS_PER_DOMAIN=2,
                      DOWNLOAD_SLOTS={"s0.example": {"concurrency": 5}})
    assert hand_out(crawl, at_most=20) == Counter({"s0.example": 5})


def test_by_default_the_width_grows_while_servers_wait_and_the_machine_has_room() -> None:
    crawl = scheduler(60, 10, CONCURRENT_REQUESTS_PER_DOMAIN=1)
    assert len(hand_out(crawl, at_most=1000)) == START
    crawl.pacer.tick(WAITING)
    wider = crawl.frontier.max_active_servers
    assert wider > START
    assert len(hand_out(crawl, at_most=1000)) == wider - START
    assert crawl.crawler.stats.get_value(FRONTIER_WIDTH_MAX) == wider


@pytest.mark.parametrize("busy", [LATE, BACKED_UP],
                         ids=["busy and reactor late", "pipelines backed up"])
def test_the_width_shrinks_when_the_machine_is_the_limit(busy: Tick) -> None:
    crawl = scheduler(60, 10, CONCURRENT_REQUESTS_PER_DOMAIN=1)
    hand_out(crawl, at_most=1000)
    crawl.pacer.tick(busy)
    assert crawl.frontier.max_active_servers < START
    assert crawl.next_request() is None  # no new server while the active ones are crawled


def test_the_users_number_of_servers_is_a_bound_that_holds() -> None:
    crawl = scheduler(60, 10, CITESEEKER_CONCURRENT_SERVERS=11, CONCURRENT_REQUESTS_PER_DOMAIN=1)
    for _ in range(10):
        crawl.pacer.tick(WAITING)
    assert crawl.frontier.max_active_servers == 11
    assert len(hand_out(crawl, at_most=1000)) == 11


@pytest.mark.parametrize("ticks, expected", [
    ([WAITING], int(START * 1.5)),
    ([WAITING, WAITING], int(int(START * 1.5) * 1.5)),
    ([CALM, CALM], START),                      # nothing waited: no reason to grow
    ([LATE], int(START * 0.75)),
    ([BACKED_UP] * 20, FLOOR),
    ([LATE] * 20 + [WAITING], FLOOR + 1),
    ([BUSY], START),                            # no CPU to spare: no more servers
    ([OTHERS_LOAD], int(START * 1.5)),          # late, but not from its own work
])
def test_width_rule(ticks: list[Tick], expected: int) -> None:
    width = CrawlWidth()
    for tick in ticks:
        width.adjust(tick)
    assert width.servers == expected


def test_width_rule_under_a_ceiling_of_one() -> None:
    width = CrawlWidth(ceiling=1)
    assert width.servers == 1
    assert width.adjust(WAITING) == 1
    assert width.adjust(LATE) == 1


def test_the_frontier_alone_has_no_per_server_limit_unless_given_one() -> None:
    frontier = Frontier(max_active_servers=1)
    for d in range(5):
        frontier.add_start_point(DocumentEntry(f"{server(0)}/doc{d}.html"))
    assert sum(1 for _ in iter(frontier.next_document, None)) == 6  # 5 + the root
