"""A Scrapy extension bench_realdocs.py adds to ``scrapy crawl citeseeker``: where time goes.

At ``spider_opened`` it wraps the spider's ``reader.read`` (extraction + matching of one
document, in Scrapy's thread pool) and ``reader.citations.search`` (matching) with timers, per
document kind; ``response_received`` sums the download latency Scrapy measured. At
``spider_closed`` it writes JSON to ``REALDOCS_PROBE_OUT``: those sums, the crawl's stats and
this process's CPU seconds (Scrapy + HTML + matching; the parser workers and Ghostscript are
child processes, measured by the benchmark). Bench-only: the project never loads it.

If the spider has no ``reader`` (the dispatch moved elsewhere), only latency, stats and CPU are
written.
"""

from __future__ import annotations

import json
import resource
import threading
import time
from collections import defaultdict
from functools import wraps

from scrapy import signals


def resident_mib() -> int:
    with open("/proc/self/statm", "rb") as statm:
        return int(statm.read().split()[1]) * resource.getpagesize() // 2**20


class Probe:
    def __init__(self, crawler) -> None:
        self.crawler = crawler
        self.out = crawler.settings.get("REALDOCS_PROBE_OUT")
        self.lock = threading.Lock()
        self.local = threading.local()
        self.read_seconds: dict[str, float] = defaultdict(float)
        self.read_count: dict[str, int] = defaultdict(int)
        self.match_seconds: dict[str, float] = defaultdict(float)
        self.latency = 0.0
        self.responses = 0
        self.rss_opened = 0
        self.rss_peak = (0, "")
        self.opened = time.monotonic()
        crawler.signals.connect(self.spider_opened, signal=signals.spider_opened)
        crawler.signals.connect(self.response_received, signal=signals.response_received)
        crawler.signals.connect(self.spider_closed, signal=signals.spider_closed)

    @classmethod
    def from_crawler(cls, crawler) -> Probe:
        return cls(crawler)

    def spider_opened(self, spider) -> None:
        self.opened = time.monotonic()
        self.rss_opened = resident_mib()
        reader = getattr(spider, "reader", None)
        if reader is None:
            return
        reader.read = self._timed_read(reader.read)
        reader.citations.search = self._timed_search(reader.citations.search)

    def _timed_read(self, read):
        @wraps(read)
        def timed(*args, **kwargs):
            self.local.matching = 0.0
            started = time.perf_counter()
            outcome = read(*args, **kwargs)
            spent = time.perf_counter() - started
            kind = outcome.kind or "none"
            with self.lock:
                self.read_seconds[kind] += spent - self.local.matching
                self.match_seconds[kind] += self.local.matching
                self.read_count[kind] += 1
            return outcome
        return timed

    def _timed_search(self, search):
        @wraps(search)
        def timed(*args, **kwargs):
            started = time.perf_counter()
            try:
                return search(*args, **kwargs)
            finally:
                self.local.matching = (getattr(self.local, "matching", 0.0)
                                       + time.perf_counter() - started)
        return timed

    def response_received(self, response, request, spider) -> None:
        self.responses += 1
        self.latency += float(request.meta.get("download_latency", 0.0))
        rss = resident_mib()
        if rss > self.rss_peak[0]:
            self.rss_peak = (rss, response.url)

    def spider_closed(self, spider, reason) -> None:
        usage = resource.getrusage(resource.RUSAGE_SELF)
        record = {
            "seconds": time.monotonic() - self.opened,
            "cpu_self": usage.ru_utime + usage.ru_stime,
            "responses": self.responses,
            "rss_opened_mib": self.rss_opened,
            "rss_peak_mib_and_last_url": self.rss_peak,
            "download_latency": self.latency,
            "read_seconds": dict(self.read_seconds),
            "read_count": dict(self.read_count),
            "match_seconds": dict(self.match_seconds),
            "stats": {k: (v if isinstance(v, int | float | str) else str(v))
                      for k, v in self.crawler.stats.get_stats().items()},
        }
        if self.out:
            with open(self.out, "w", encoding="utf-8") as out:
                json.dump(record, out)
