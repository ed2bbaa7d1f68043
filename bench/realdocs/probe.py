"""A Scrapy extension bench_realdocs.py adds to ``scrapy crawl citeseeker``: where time goes.

At ``spider_opened`` it wraps the three pipelines' stage functions (unpacking and text
extraction of one document, and its matching) with timers, per document kind; ``response_received`` sums the download latency Scrapy measured. At
``spider_closed`` it writes JSON to ``REALDOCS_PROBE_OUT``: those sums, the crawl's stats and
this process's CPU seconds (Scrapy + HTML + matching; the parser workers and Ghostscript are
child processes, measured by the benchmark). Every second it also samples the engine: requests
being downloaded, the bytes the scraper holds (Scrapy stops downloading above
``SCRAPER_SLOT_MAX_ACTIVE_SIZE``), documents being read, parser workers busy (the ``timeline``),
and the crawler's resident size, with the response received last. (It read ``statm`` at every
response before: ~2 % of the crawler's main thread in a py-spy profile, a cost of the
measuring charged to the side measured.)
Bench-only: the project never loads it.

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
        self.read_seconds: dict[str, float] = defaultdict(float)
        self.read_count: dict[str, int] = defaultdict(int)
        self.match_seconds: dict[str, float] = defaultdict(float)
        self.latency = 0.0
        self.responses = 0
        self.rss_opened = 0
        self.rss_peak = (0, "")
        self.last_url = ""
        self.opened = time.monotonic()
        self.reading = 0
        self.worker_starts = 0
        self.timeline: list[tuple[float, int, int, int, int]] = []
        self.stop = threading.Event()
        crawler.signals.connect(self.spider_opened, signal=signals.spider_opened)
        crawler.signals.connect(self.response_received, signal=signals.response_received)
        crawler.signals.connect(self.spider_closed, signal=signals.spider_closed)

    @classmethod
    def from_crawler(cls, crawler) -> Probe:
        return cls(crawler)

    def spider_opened(self, spider) -> None:
        self.opened = time.monotonic()
        self.rss_opened = resident_mib()
        import citeseeker_scrapy.pipelines.archives as unpack_stage
        import citeseeker_scrapy.pipelines.citations as citation_stage
        import citeseeker_scrapy.pipelines.text as text_stage
        unpack_stage.unpack_archives = self._timed(self.read_seconds, unpack_stage.unpack_archives)
        text_stage.read_text = self._timed(self.read_seconds, text_stage.read_text, count=True)
        citation_stage.find_citations = self._timed(self.match_seconds,
                                                    citation_stage.find_citations)
        threading.Thread(target=self._sample, daemon=True).start()

    def _sample(self) -> None:
        """(seconds, downloading, scraper bytes, documents being read, workers busy,
        Ghostscript/catdoc running); worker starts are counted on the side."""
        engine = self.crawler.engine
        extractor = next((getattr(m, "extractor", None) for m in engine.scraper.itemproc.middlewares
                          if getattr(m, "extractor", None)), None)
        if extractor is not None:
            start = extractor.pool._start

            def counted_start():
                self.worker_starts += 1
                return start()
            extractor.pool._start = counted_start
        while not self.stop.wait(1.0):
            rss = resident_mib()
            if rss > self.rss_peak[0]:
                self.rss_peak = (rss, self.last_url)
            slot = engine.scraper.slot
            busy = converting = 0
            if extractor is not None:
                busy = len(extractor.pool._busy)
                slots = extractor.converter_slots
                converting = slots._initial_value - slots._value
            self.timeline.append((time.monotonic() - self.opened, len(engine.downloader.active),
                                  slot.active_size if slot else 0, self.reading, busy,
                                  converting))

    def _timed(self, seconds: dict[str, float], stage, count: bool = False):
        """``stage(item, ...)`` timed per document kind (whatever thread it runs in)."""
        @wraps(stage)
        def timed(item, *args, **kwargs):
            started = time.perf_counter()
            with self.lock:
                self.reading += count
            try:
                return stage(item, *args, **kwargs)
            finally:
                kind = item.kind or "none"
                with self.lock:
                    self.reading -= count
                    seconds[kind] += time.perf_counter() - started
                    if count:
                        self.read_count[kind] += 1
        return timed

    def response_received(self, response, request, spider) -> None:
        self.responses += 1
        self.latency += float(request.meta.get("download_latency", 0.0))
        self.last_url = response.url

    def spider_closed(self, spider, reason) -> None:
        self.stop.set()
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
            "timeline": self.timeline,
            "worker_starts": self.worker_starts,
            "stats": {k: (v if isinstance(v, int | float | str) else str(v))
                      for k, v in self.crawler.stats.get_stats().items()},
        }
        if self.out:
            with open(self.out, "w", encoding="utf-8") as out:
                json.dump(record, out)
