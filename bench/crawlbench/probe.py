"""A Scrapy extension the benchmark adds to both crawlers (``-s EXTENSIONS=...``).

At every checkpoint of ``CRAWLBENCH_CHECKPOINTS`` (numbers of ``response_received`` signals, the
count Scrapy's ``response_received_count`` stat and ``CLOSESPIDER_PAGECOUNT`` use) it records the
seconds since ``spider_opened``, the process's CPU seconds and its peak and current RSS
(``VmHWM``/``VmRSS`` of /proc/self/status), and the CPU seconds and current RSS of its child
processes (ours: the parser processes; the ones ended already count by their CPU). At
``spider_closed`` and ``engine_stopped`` it writes them with the crawl's stats to
``CRAWLBENCH_OUT`` (JSON). Cost: one counter per response.
"""

from __future__ import annotations

import datetime
import json
import os
import resource
import time

from scrapy import signals


def memory_kib() -> dict[str, int]:
    values = {}
    with open("/proc/self/status", encoding="ascii") as status:
        for line in status:
            if line.startswith(("VmHWM:", "VmRSS:")):
                key, value = line.split(":", 1)
                values[key] = int(value.split()[0])
    return values


def children_usage() -> tuple[float, int]:
    """CPU seconds of this process's children (live ones from /proc, ended ones as reaped) and
    the resident KiB of the live ones."""
    me, tick = os.getpid(), os.sysconf("SC_CLK_TCK")
    page_kib = os.sysconf("SC_PAGE_SIZE") // 1024
    ended = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu, rss = ended.ru_utime + ended.ru_stime, 0
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit():
            continue
        try:
            with open(f"/proc/{entry.name}/stat", encoding="ascii", errors="replace") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == me:  # after the name: state, ppid, ..., utime 11, stime 12, rss 21
            cpu += (int(fields[11]) + int(fields[12])) / tick
            rss += int(fields[21]) * page_kib
    return cpu, rss


class Probe:
    def __init__(self, crawler) -> None:
        self.crawler = crawler
        settings = crawler.settings
        self.checkpoints = sorted({int(x) for x in settings.getlist("CRAWLBENCH_CHECKPOINTS")})
        self.out = settings.get("CRAWLBENCH_OUT")
        self.count = 0
        self.next = 0
        self.records: list[dict] = []
        self.opened = time.monotonic()
        self.cpu_opened = time.process_time()
        self.reason = None
        self.closed_at = None
        crawler.signals.connect(self.spider_opened, signal=signals.spider_opened)
        crawler.signals.connect(self.response_received, signal=signals.response_received)
        crawler.signals.connect(self.spider_closed, signal=signals.spider_closed)
        crawler.signals.connect(self.engine_stopped, signal=signals.engine_stopped)

    @classmethod
    def from_crawler(cls, crawler) -> "Probe":
        return cls(crawler)

    def spider_opened(self, spider) -> None:
        self.opened = time.monotonic()
        self.cpu_opened = time.process_time()
        self.children_cpu_opened = children_usage()[0]
        self.memory_opened = memory_kib()

    def response_received(self, response, request, spider) -> None:
        self.count += 1
        if self.next < len(self.checkpoints) and self.count >= self.checkpoints[self.next]:
            self.next += 1
            self.records.append(self._record())

    def _record(self) -> dict:
        memory = memory_kib()
        children_cpu, children_rss = children_usage()
        return {"pages": self.count, "seconds": time.monotonic() - self.opened,
                "cpu_seconds": time.process_time() - self.cpu_opened,
                "children_cpu_seconds": children_cpu - self.children_cpu_opened,
                "children_rss_kib": children_rss,
                "hwm_kib": memory.get("VmHWM", 0), "rss_kib": memory.get("VmRSS", 0)}

    def spider_closed(self, spider, reason) -> None:
        self.reason = reason
        self.closed_at = self._record()
        self._write()

    def engine_stopped(self) -> None:
        self._write()

    def _write(self) -> None:
        if not self.out:
            return
        stats = {}
        for key, value in self.crawler.stats.get_stats().items():
            if isinstance(value, (datetime.datetime, datetime.timedelta)):
                value = str(value)
            stats[key] = value
        data = {"checkpoints": self.records, "closed": self.closed_at, "reason": self.reason,
                "responses": self.count, "opened_memory": getattr(self, "memory_opened", None),
                "stats": stats}
        with open(self.out, "w", encoding="utf-8") as out:
            json.dump(data, out, indent=1, default=str)
