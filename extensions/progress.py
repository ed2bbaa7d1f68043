"""The progress extension: an INFO line every ``CITESEEKER_PROGRESS_INTERVAL`` seconds, and on a
terminal a live display (rich) with the same figures and the servers being crawled.

Settings: ``CITESEEKER_PROGRESS_INTERVAL`` (seconds, default 30; 0 turns the line off),
``CITESEEKER_PROGRESS_LIVE`` (default True: the display when stderr is a terminal).
``--nolog`` or ``LOG_LEVEL=WARNING`` (or above) silences both. It also counts the job's documents
over all its runs (a resumed crawl's count goes on) and says, at the start of a resumed run,
what was done before, and at the end of a suspended one, how to resume it. Logic and drawing
live in :mod:`citeseeker_scrapy.report.progress`.
"""

from __future__ import annotations

import logging
import sys
import time
from typing import Any

from scrapy import signals
from scrapy.exceptions import NotConfigured
from scrapy.utils.asyncio import create_looping_call

from citeseeker_scrapy import signals as citeseeker_signals
from citeseeker_scrapy.job.crawl_job import crawl_job
from citeseeker_scrapy.report.progress import (
    FrontierCounts, LiveProgress, ProgressFigures, documents_done, figures, progress_line,
    resume_line, stop_line, wants_progress,
)
from citeseeker_scrapy.stats import PROGRESS_DOCUMENTS

logger = logging.getLogger("citeseeker.progress")
DISPLAY_SECONDS = 1.0


class ProgressExtension:
    """See the module docstring."""

    def __init__(self, crawler: Any, interval: float, live: bool) -> None:
        self.crawler = crawler
        self.interval = interval
        self.live_wanted = live
        self.live: LiveProgress | None = None
        self.tasks: list[Any] = []
        self.documents_before = self.documents_at_open = 0
        self.line_at = self.opened_at = time.monotonic()

    @classmethod
    def from_crawler(cls, crawler: Any) -> ProgressExtension:
        settings, config = crawler.settings, crawl_job(crawler).config_or_defaults()
        interval = config.progress_interval
        live = config.progress_live and _is_terminal(sys.stderr)
        if not wants_progress(settings):
            raise NotConfigured  # silenced by the user: no warning about it (Scrapy warns
            # about a NotConfigured with a message)
        extension = cls(crawler, interval, live)
        crawler.signals.connect(extension.spider_opened, signal=signals.spider_opened)
        crawler.signals.connect(extension.spider_closed, signal=signals.spider_closed)
        crawler.signals.connect(extension.response_received, signal=signals.response_received)
        return extension

    def response_received(self, **kwargs: Any) -> None:
        self.crawler.stats.inc_value(PROGRESS_DOCUMENTS)

    def figures(self, documents_before: int, seconds: float) -> ProgressFigures:
        return figures(self.crawler.stats.get_stats(), self.frontier_snapshot(),
                       documents_before=documents_before, seconds=seconds)

    def frontier_snapshot(self) -> FrontierCounts | None:
        """Asked of the frontier scheduler by a signal (None with another scheduler)."""
        answers = self.crawler.signals.send_catch_log(citeseeker_signals.frontier_snapshot_wanted)
        return next((answer for _, answer in answers if isinstance(answer, FrontierCounts)),
                    None)

    def spider_opened(self, spider: Any) -> None:
        """After the scheduler opened (and restored a resumed job's counts)."""
        self.line_at = self.opened_at = time.monotonic()
        stats = self.crawler.stats.get_stats()
        self.documents_before = self.documents_at_open = documents_done(stats)
        self.crawler.stats.set_value(PROGRESS_DOCUMENTS, self.documents_at_open)
        resuming = resume_line(stats, self._jobdir())
        if resuming:
            logger.info(resuming)
        if self.interval > 0:
            self._start(self.log_line, self.interval)
        if self.live_wanted:
            self.live = LiveProgress()
            self.live.start(self.figures(self.documents_at_open, 0.0))
            self._start(self.refresh, DISPLAY_SECONDS)

    def _start(self, function: Any, seconds: float) -> None:
        task = create_looping_call(function)
        task.start(seconds, now=False)
        self.tasks.append(task)

    def log_line(self) -> None:
        now = time.monotonic()
        current = self.figures(self.documents_before, now - self.line_at)
        self.documents_before, self.line_at = current.documents, now
        logger.info(progress_line(current))

    def refresh(self) -> None:
        """The display's rate is over the whole run (steadier than the line's interval)."""
        if self.live is not None:
            self.live.update(self.figures(self.documents_at_open,
                                          time.monotonic() - self.opened_at))

    def spider_closed(self, spider: Any, reason: str) -> None:
        for task in self.tasks:
            if task.running:
                task.stop()
        if self.live is not None:
            self.live.stop()
            self.live = None
        stopped = stop_line(reason, self.crawler.stats.get_stats(), self._jobdir())
        if stopped:
            logger.warning(stopped)

    def _jobdir(self) -> str:
        return str(self.crawler.settings.get("JOBDIR") or "")


def _is_terminal(stream: Any) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False
