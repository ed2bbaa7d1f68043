"""The width's clock: every tick, what the crawl showed becomes the servers crawled at once.

Who calls it: the engine_started signal starts it (:meth:`WidthPacer.start`, connected by the
scheduler when it opens) and the scheduler stops it at close; tests call :meth:`WidthPacer.tick`. The reactor's lateness is sampled every :data:`LAG_SAMPLE_SECONDS`; every
:data:`~.width.TICK_SECONDS` the mean lateness (one slow page is no trend), the CPU time the
process used, whether the pipelines backed up and whether a pending server waited make a
:class:`~.width.Tick`, and the width it gives (:class:`~.width.CrawlWidth`, pure) becomes the
frontier's ``max_active_servers``. Stats: ``citeseeker/frontier/width`` (now) and
``.../width_max``.
"""

from __future__ import annotations

import time
from typing import Any, Callable

from scrapy.utils.asyncio import create_looping_call

from citeseeker_scrapy.stats import FRONTIER_WIDTH, FRONTIER_WIDTH_MAX

from .frontier import Frontier
from .width import TICK_SECONDS, CrawlWidth, Tick

#: The reactor's lateness is sampled this often (seconds) for the width's ticks.
LAG_SAMPLE_SECONDS = 0.1
#: Responses waiting in or for the pipelines beyond which the machine, not the network, is
#: the limit (the parser processes' queue): the width shrinks.
BACKLOG_RESPONSES = 64


class WidthPacer:
    """Ticks of the crawl's width; ``on_wider`` is called when the width grew (a pending server
    may start now: the scheduler wakes the engine)."""

    def __init__(self, crawler: Any, frontier: Frontier, width: CrawlWidth,
                 on_wider: Callable[[], None]) -> None:
        self.crawler = crawler
        self.frontier = frontier
        self.width = width
        self.on_wider = on_wider
        self._looping: Any = None  # the looping call sampling the reactor's lateness
        self._ticked_at = 0.0
        self._cpu_at = 0.0  # the process's CPU time at the tick's start
        self._samples = 0  # reactor calls sampled in this tick

    def start(self) -> None:
        self._ticked_at, self._cpu_at = time.monotonic(), time.process_time()
        self._looping = create_looping_call(self.sample_lag)
        self._looping.start(LAG_SAMPLE_SECONDS, now=False)

    def stop(self) -> None:
        if self._looping is not None and self._looping.running:
            self._looping.stop()

    def sample_lag(self) -> None:
        """Called every :data:`LAG_SAMPLE_SECONDS` by the reactor; every tick, the width is
        adjusted by the reactor's mean lateness over the tick and the CPU time the process
        used in it."""
        now = time.monotonic()
        self._samples += 1
        elapsed = now - self._ticked_at
        if elapsed >= TICK_SECONDS:
            cpu = time.process_time()
            tick = Tick(held_back=self.frontier.held_back,
                        lag=elapsed / self._samples - LAG_SAMPLE_SECONDS,
                        backed_up=self._backed_up(), busy=(cpu - self._cpu_at) / elapsed)
            self._ticked_at, self._cpu_at, self._samples = now, cpu, 0
            self.tick(tick)

    def tick(self, tick: Tick) -> None:
        """The width after ``tick`` becomes the frontier's ``max_active_servers``."""
        self.frontier.held_back = False
        before = self.frontier.max_active_servers
        servers = self.frontier.max_active_servers = self.width.adjust(tick)
        stats = self.crawler.stats
        stats.set_value(FRONTIER_WIDTH, servers)
        stats.max_value(FRONTIER_WIDTH_MAX, servers)
        if servers > before:
            self.on_wider()

    def _backed_up(self) -> bool:
        """The pipelines hold more responses than the machine keeps up with, or as many
        bytes as Scrapy allows (``SCRAPER_SLOT_MAX_ACTIVE_SIZE``)."""
        slot = self.crawler.engine.scraper.slot
        if slot is None:
            return False
        return slot.needs_backout() or len(slot.queue) + len(slot.active) > BACKLOG_RESPONSES
