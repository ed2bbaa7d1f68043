"""Diagnostics extension (not used by the benchmark's timed runs): what the engine is doing.

    -s EXTENSIONS='{"crawlbench.diag.Diag": 501}' -s CRAWLBENCH_DIAG_OUT=diag.json
       [-s CRAWLBENCH_DIAG_TRACEMALLOC=10000,50000]

Every 0.1 s: requests in the downloader (``downloader.active``), requests being processed by the
spider/scraper, and ``len(scheduler)``; written as a histogram of downloader.active plus a
time line. With ``CRAWLBENCH_DIAG_TRACEMALLOC`` (response counts), tracemalloc snapshots are
taken at those counts and the top growth between the first and the last written out.
"""

from __future__ import annotations

import json
import time
import tracemalloc
from collections import Counter

from scrapy import signals
from twisted.internet import task


class Diag:
    def __init__(self, crawler) -> None:
        self.crawler = crawler
        self.out = crawler.settings.get("CRAWLBENCH_DIAG_OUT")
        self.snap_at = sorted(int(x) for x in crawler.settings.getlist("CRAWLBENCH_DIAG_TRACEMALLOC"))
        self.snapshots: list[tuple[int, tracemalloc.Snapshot]] = []
        self.count = 0
        self.hist: Counter[int] = Counter()
        self.timeline: list[tuple] = []
        self.loop = task.LoopingCall(self.sample)
        if self.snap_at:
            tracemalloc.start(crawler.settings.getint("CRAWLBENCH_DIAG_FRAMES", 1))
        crawler.signals.connect(self.opened, signal=signals.spider_opened)
        crawler.signals.connect(self.response, signal=signals.response_received)
        crawler.signals.connect(self.closed, signal=signals.spider_closed)

    @classmethod
    def from_crawler(cls, crawler) -> "Diag":
        return cls(crawler)

    def opened(self, spider) -> None:
        self.t0 = time.monotonic()
        self.loop.start(0.1, now=False)

    def response(self, response, request, spider) -> None:
        self.count += 1
        if self.snap_at and self.count == self.snap_at[0]:
            self.snap_at.pop(0)
            self.snapshots.append((self.count, tracemalloc.take_snapshot()))

    def sample(self) -> None:
        engine = self.crawler.engine
        active = len(engine.downloader.active)
        scraping = len(getattr(engine.scraper.slot, "active", ()) or ()) if engine.scraper.slot else 0
        try:
            queued = len(engine._slot.scheduler)
        except Exception:
            queued = -1
        self.hist[active] += 1
        self.timeline.append((round(time.monotonic() - self.t0, 2), self.count, active, scraping,
                              queued))

    def closed(self, spider, reason) -> None:
        if self.loop.running:
            self.loop.stop()
        data = {"active_histogram": dict(sorted(self.hist.items())), "timeline": self.timeline}
        if len(self.snapshots) >= 2:
            (a_n, a), (b_n, b) = self.snapshots[0], self.snapshots[-1]
            stats = b.compare_to(a, "traceback")
            data["tracemalloc"] = {
                "from": a_n, "to": b_n,
                "total_growth_kib": sum(s.size_diff for s in stats) / 1024,
                "top": [{"kib": s.size_diff / 1024, "count": s.count_diff,
                         "where": [str(f) for f in s.traceback.format()[-8:]]}
                        for s in stats[:15]],
            }
        if self.out:
            with open(self.out, "w", encoding="utf-8") as f:
                json.dump(data, f, indent=1)
