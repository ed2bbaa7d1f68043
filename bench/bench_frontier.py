"""Frontier-only memory benchmark: our frontier vs Scrapy's scheduler + dupefilter, same stream.

A synthetic web of ``--servers`` servers with ``--documents`` documents in all; every document
links to five documents of its own server and one of another server. Both peers are driven
in-process (no HTTP): take the next request, "download" it, offer its links. Memory is what
tracemalloc sees allocated, sampled as the crawl goes.

    .venv/bin/python bench/bench_frontier.py                 # 1,000,000 documents, 10,000 servers
    .venv/bin/python bench/bench_frontier.py --documents 200000 --servers 2000

Target: ours <= 1/5 of stock at 1M documents, flat once servers complete.
The stock peer uses ScrapyPriorityQueue (DownloaderAwarePriorityQueue needs a running
downloader); requests are the same Request objects a spider would yield.
"""

from __future__ import annotations

import argparse
import gc
import sys
import time
import tracemalloc
from pathlib import Path
from typing import Callable, Iterator

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from citeseeker_scrapy.frontier import DocumentEntry, Frontier  # noqa: E402
from citeseeker_scrapy.urls import server_of  # noqa: E402


class SyntheticWeb:
    """Deterministic links: five on the same server, one to another server."""

    def __init__(self, documents: int, servers: int) -> None:
        self.servers = servers
        self.pages = max(1, documents // servers)

    def url(self, server: int, page: int) -> str:
        return f"http://s{server}.bench.test/d{page // 100}/p{page}.html"

    def links(self, url: str) -> Iterator[str]:
        host, _, path = url[7:].partition("/")
        server = int(host.split(".")[0][1:])
        page = int(path.rsplit("p", 1)[1][:-5]) if path.endswith(".html") else 0
        pages = self.pages
        for step in ((page + 1) % pages, (page * 7 + 1) % pages, (page * 13 + 5) % pages,
                     (page * 3) % pages, (page + pages // 2) % pages):
            yield self.url(server, step)
        yield self.url((server * 31 + page + 1) % self.servers, (page * 17) % pages)


def drive(next_url: Callable[[], str | None], offer: Callable[[str, str], None],
          done: Callable[[str], None], web: SyntheticWeb, limit: int,
          samples: int = 10) -> list[tuple[int, int]]:
    """Crawl until ``limit`` documents; returns (documents, traced bytes) samples."""
    every = max(1, limit // samples)
    points: list[tuple[int, int]] = []
    count = 0
    while count < limit:
        url = next_url()
        if url is None:
            break
        for link in web.links(url):
            offer(link, url)
        done(url)
        count += 1
        if count % every == 0:
            points.append((count, tracemalloc.get_traced_memory()[0]))
    return points


def run_ours(web: SyntheticWeb, limit: int) -> list[tuple[int, int]]:
    frontier = Frontier(max_active_servers=4, max_pending_docs=10_000)
    frontier.add_start_point(DocumentEntry(web.url(0, 0)))

    def next_url() -> str | None:
        entry = frontier.next_document()
        return None if entry is None else entry.url

    def offer(link: str, source: str) -> None:
        frontier.add_link(DocumentEntry(link), from_server=server_of(source))

    return drive(next_url, offer, frontier.finish, web, limit)


def run_stock(web: SyntheticWeb, limit: int) -> list[tuple[int, int]]:
    from scrapy import Request, Spider
    from scrapy.utils.test import get_crawler

    crawler = get_crawler(Spider, {"SCHEDULER_PRIORITY_QUEUE": "scrapy.pqueues.ScrapyPriorityQueue",
                                   "LOG_ENABLED": False})
    from scrapy.core.scheduler import Scheduler

    crawler.spider = Spider.from_crawler(crawler, name="stock")

    scheduler = Scheduler.from_crawler(crawler)
    scheduler.open(crawler.spider)
    scheduler.enqueue_request(Request(web.url(0, 0)))

    def next_url() -> str | None:
        request = scheduler.next_request()
        return None if request is None else request.url

    return drive(next_url, lambda link, source: scheduler.enqueue_request(Request(link)),
                 lambda url: None, web, limit)


def measure(name: str, runner, web: SyntheticWeb, limit: int) -> tuple[list, float]:
    gc.collect()
    tracemalloc.start()
    started = time.perf_counter()
    points = runner(web, limit)
    seconds = time.perf_counter() - started
    tracemalloc.stop()
    print(f"  {name}: {points[-1][0]:,} documents in {seconds:.1f} s", flush=True)
    return points, seconds


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--documents", type=int, default=1_000_000)
    parser.add_argument("--servers", type=int, default=10_000)
    args = parser.parse_args()
    web = SyntheticWeb(args.documents, args.servers)
    print(f"Synthetic web: {args.servers:,} servers x {web.pages:,} documents, 6 links each")
    ours, ours_seconds = measure("ours ", run_ours, web, args.documents)
    stock, stock_seconds = measure("stock", run_stock, web, args.documents)
    print(f"\n{'documents':>12} {'ours MB':>9} {'stock MB':>9} {'ours/stock':>11}")
    for (count, mine), (_, theirs) in zip(ours, stock):
        print(f"{count:>12,} {mine / 1e6:>9.1f} {theirs / 1e6:>9.1f} {mine / theirs:>11.3f}")
    final_ratio = ours[-1][1] / stock[-1][1]
    ours_peak, stock_peak = max(m for _, m in ours), max(m for _, m in stock)
    print(f"\nat {ours[-1][0]:,} documents: ours/stock = {final_ratio:.3f} (target <= 0.200)")
    print(f"peaks: ours {ours_peak / 1e6:.1f} MB, stock {stock_peak / 1e6:.1f} MB, "
          f"ours/stock = {ours_peak / stock_peak:.3f}")
    second_half = [m for _, m in ours[len(ours) // 2:]]
    print(f"ours over the second half: {min(second_half) / 1e6:.1f}-{max(second_half) / 1e6:.1f} MB "
          "(flat or falling once servers complete: it never grows with documents crawled)")
    print(f"documents/s: ours {ours[-1][0] / ours_seconds:,.0f}, "
          f"stock {stock[-1][0] / stock_seconds:,.0f} (under tracemalloc)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
