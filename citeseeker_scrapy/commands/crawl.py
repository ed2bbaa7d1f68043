"""``scrapy crawl`` with CiteSeeker's exit status and its error as the last line printed.

Why: a broken input file or setting closes the spider before its first request, through
Scrapy's normal shutdown (stats, ``spider_closed`` and feeds still run). Scrapy's own command
would then exit 0, and a script or Scrapyd could not tell the run did nothing; the one error
line would be buried in Scrapy's banner and stats, and with ``--nolog`` not printed at all. This
command builds the crawler through the public ``CrawlerProcess`` API, watches its close reason
and stats, and at the end prints ``citeseeker: error: ...`` on stderr (after everything else,
also with ``--nolog``) with the exit status of :func:`crawl_ending`:

* 2 — the crawl refused to start (bad input, argument or setting), or had no start point;
* 1 — none of its start points could be reached, or nothing was searched because the servers
  never answered (or Scrapy itself failed to start);
* 3 — writing the job's files failed (a full disk, an I/O error): :mod:`..job.storage`.

A crawl that searched something but could not fetch some documents (their servers never
answered, or kept failing them: :mod:`citeseeker_scrapy.frontier.outages`) exits 0 with a last
line ``citeseeker: warning: ...`` giving the count. Everything else is Scrapy's ``crawl``.
"""

from __future__ import annotations

import argparse
import gc
import logging
from collections.abc import Mapping
from typing import Any

from scrapy import Spider, signals
from scrapy.commands import ScrapyHelpFormatter
from scrapy.commands.crawl import Command as ScrapyCrawlCommand
from scrapy.exceptions import UsageError

from citeseeker_scrapy.commands.errors import (
    BAD_INPUT_STATUS, ERROR_PREFIX, WARNING_PREFIX, print_error,
)
from citeseeker_scrapy.job.crawl_job import (
    BAD_INPUT_REASON, arguments_help, crawl_job,
)
from citeseeker_scrapy.report.terminal import flush_standard_streams
from citeseeker_scrapy.signals import crawl_refused
from citeseeker_scrapy.storage import STORAGE_ERROR_STATUS, StorageGuard
from citeseeker_scrapy.stats import (
    DOCUMENTS_NOT_FETCHED, DOCUMENTS_SEARCHED, DOWNLOAD_ERRORS, RESUMED, START_REQUESTS,
    UNREACHABLE_SERVERS, job_responses,
)

logger = logging.getLogger(__name__)
UNREACHABLE_STATUS = 1


def crawl_ending(reason: str | None, stats: Mapping[str, Any], refusals: list[str], *,
                 shared_frontier: bool) -> tuple[int, list[str]]:
    """(exit status, error lines) of a finished crawl, judged on the whole job: a resumed run
    has its earlier runs' figures in the stats (the frontier's checkpoint carries them), so the
    same state of a job ends with the same line whichever run it is. "None reachable": not one
    response in the job, and the start points' downloads failed or their documents were not
    fetched. A worker of a shared frontier may start with no start point of its own
    (``citeseeker-push`` adds them); a resumed run with none has its job's."""
    if reason == BAD_INPUT_REASON:
        return BAD_INPUT_STATUS, refusals or ["the crawl refused to start (see the log)"]
    if reason != "finished":
        return 0, []
    requests, lost = stats.get(START_REQUESTS, 0), stats.get(DOCUMENTS_NOT_FETCHED, 0)
    # a document searched was answered (a checkpoint may lack the earlier runs' responses)
    answered = job_responses(stats) or stats.get(DOCUMENTS_SEARCHED, 0)
    if requests and not answered and (stats.get(DOWNLOAD_ERRORS, 0) or lost):
        return UNREACHABLE_STATUS, [f"none of the {requests} start point(s) could be reached "
                                    "(see errors.log); nothing was crawled"
                                    + (f": {lost} document(s) not fetched" if lost else "")]
    if lost:
        return _documents_not_fetched(stats)
    if not (requests or answered or shared_frontier or stats.get(RESUMED)):
        return BAD_INPUT_STATUS, ["no start point: give -a startpoints=URL (or a file of URLs); "
                                  "nothing was crawled"]
    return 0, []


def _documents_not_fetched(stats: Mapping[str, Any]) -> tuple[int, list[str]]:
    """The last line of a crawl that could not fetch some documents: status 1 when the job
    searched nothing at all."""
    servers, documents = stats.get(UNREACHABLE_SERVERS, 0), stats[DOCUMENTS_NOT_FETCHED]
    why = (f"{servers} server(s) never answered" if servers
           else "their servers kept failing them")
    line = f"{documents} document(s) not fetched: {why} (see errors.log)"
    if stats.get(DOCUMENTS_SEARCHED, 0):
        return 0, [line]
    return UNREACHABLE_STATUS, [f"{line}; nothing was searched"]


#: Allocations (net of frees) between two collections of the youngest generation (Python: 700).
YOUNG_OBJECTS = 7000


def settle_long_lived_objects() -> None:
    """Move what the crawl's set-up made (Scrapy, Twisted, lxml, the matcher's prepared
    titles: objects that live as long as the process) out of the garbage collector's sight.

    Why: each full collection would walk them all again; frozen, only what the crawl makes
    is walked. The first
    generation is collected every :data:`YOUNG_OBJECTS` allocations rather than 700: a page
    makes thousands of short-lived objects (Deferreds, headers, lxml proxies) that reference
    counting frees anyway, and each early collection promotes the survivors to be walked
    again (the peak RSS is the same). Who calls: Scrapy's
    ``engine_started`` signal, once, when the command owns the process (a program that embeds
    the spider keeps its own collector settings).

    Why no full collection first: it would delay every crawl's start to free almost nothing;
    the few cycles frozen with the rest are never freed, a few KB."""
    gc.freeze()
    gc.set_threshold(YOUNG_OBJECTS, *gc.get_threshold()[1:])


def stop_reactor_threads() -> None:
    """Stop the reactor's thread pool when the reactor left it running. Why: something raised
    out of the reactor (a ``SystemExit`` in a signal handler) skips the reactor's own shutdown;
    the pool's threads are no daemons, so the process then waited for them forever, deaf to
    SIGINT and SIGTERM (their handlers need the reactor). Called by :class:`Command` after the
    crawl, whatever happened."""
    from twisted.internet import reactor

    pool = getattr(reactor, "threadpool", None)
    if pool is not None and pool.started:
        pool.stop()


class HelpFormatter(argparse.RawDescriptionHelpFormatter, ScrapyHelpFormatter):
    """Scrapy's help layout, the description printed as written (the arguments' table)."""


class Command(ScrapyCrawlCommand):
    """Scrapy's ``crawl`` plus CiteSeeker's exit status and final error line, and the
    citeseeker spider's ``-a`` arguments in its help (``-h``; also ``citeseeker -h``)."""

    def short_desc(self) -> str:
        return "Run a spider (citeseeker: exit status 2 on bad input)"

    def long_desc(self) -> str:
        return (f"{self.short_desc()}.\n\nArguments of the citeseeker spider "
                f"(-a NAME=VALUE):\n{arguments_help()}")

    def add_options(self, parser: argparse.ArgumentParser) -> None:
        super().add_options(parser)
        parser.formatter_class = HelpFormatter  # keeps the arguments' table of long_desc

    def run(self, args: list[str], opts: argparse.Namespace) -> None:
        if len(args) != 1:
            raise UsageError("give one spider: scrapy crawl citeseeker -a authors=... "
                             "-a startpoints=...")
        assert self.crawler_process is not None
        crawler = self.crawler_process.create_crawler(args[0])
        self.close_reason: str | None = None
        self.storage: StorageGuard | None = None
        self.shared_frontier = False
        self.refusals: list[str] = []
        crawler.signals.connect(self._remember_refusal, signal=crawl_refused)
        crawler.signals.connect(self._remember_reason, signal=signals.spider_closed)
        crawler.signals.connect(settle_long_lived_objects, signal=signals.engine_started)
        self.crawler_process.crawl(crawler, **opts.spargs)
        try:
            self.crawler_process.start()
        finally:
            stop_reactor_threads()
            flush_standard_streams()
        if self.crawler_process.bootstrap_failed:
            self.exitcode = 1
            return
        if self.storage is not None and self.storage.failed:  # its ERROR line is in the log
            self.exitcode = STORAGE_ERROR_STATUS
            print_error(f"storage failed writing {self.storage.failure}; make room and run "
                        "the same command again to resume")
            return
        refusals = self.refusals  # already in the log, when the crawl refused to start
        self.exitcode, problems = crawl_ending(self.close_reason, crawler.stats.get_stats(),
                                               refusals, shared_frontier=self.shared_frontier)
        prefix = ERROR_PREFIX if self.exitcode else WARNING_PREFIX
        for problem in problems:
            if problem not in refusals:  # the job's log (Scrapyd's too) says it as well
                logger.log(logging.ERROR if self.exitcode else logging.WARNING, "%s%s",
                           prefix, problem)
            print_error(problem, prefix=prefix)

    def _remember_refusal(self, message: str) -> None:
        self.refusals.append(message)

    def _remember_reason(self, spider: Spider, reason: str) -> None:
        self.close_reason = reason
        job = crawl_job(spider.crawler)
        self.storage = job.storage  # may still fail while closing
        self.shared_frontier = job.shared is not None
