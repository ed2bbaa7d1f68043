"""The ``citeseeker`` spider: a thin Scrapy adapter over the core.

It turns spider arguments and settings into the core's objects, hands every fetched document to
:class:`DocumentReader` in a thread (extraction, citation search, link admission), and turns the
outcome into items, stats, log lines and scheduled requests.

    scrapy crawl citeseeker -a authors=inputs/searchstrings.txt -a startpoints=inputs/startpoints.txt
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, AsyncIterator

import scrapy
from scrapy.exceptions import IgnoreRequest
from scrapy.http import Response, TextResponse
from scrapy.spidermiddlewares.httperror import HttpError
from scrapy.utils.defer import maybe_deferred_to_future
from twisted.internet.threads import deferToThread
from twisted.python.failure import Failure

from citeseeker_scrapy import signals as citeseeker_signals
from citeseeker_scrapy.citations import CitationSearch
from citeseeker_scrapy.config import CrawlConfig
from citeseeker_scrapy.documents import DocumentOutcome, DocumentReader
from citeseeker_scrapy.exceptions import CiteSeekerError, UrlRejected
from citeseeker_scrapy.extraction import DocumentExtractor
from citeseeker_scrapy.input_parser import CrawlInputs, resolve_inputs
from citeseeker_scrapy.matcher import CitationMatcher, MatcherSettings
from citeseeker_scrapy.report import RunReport, format_duration
from citeseeker_scrapy.scheduler import DEPTH_KEY, FROM_KEY, START_KEY
from citeseeker_scrapy.urls import LinkPolicy, file_root_of
from spiders.providers import provider_summary_lines, start_points_with_providers

STATS = "citeseeker"


def exit_on_bad_input(error: CiteSeekerError) -> None:
    """One clear line and exit status 2, before any request or output file exists.

    Raising would make Scrapy print an asyncio traceback around the message; the user needs only
    the file, the line and what is wrong with it.
    """
    sys.stderr.write(f"citeseeker: error: {error}\n")
    sys.stderr.flush()
    os._exit(2)


class CiteSeekerSpider(scrapy.Spider):
    """Finds who cites the publications of ``searchstrings.txt``, starting at ``startpoints.txt``.

    Arguments (``-a``), each a file or an inline value: ``authors`` (+ ``publications``),
    ``startpoints``, ``staywithin``, ``forbidden``. Settings: ``CITESEEKER_*`` (see README).
    Writes the log files of the original into ``CITESEEKER_LOG_DIR``; extraction scratch files
    into a per-job temporary directory (``JOBDIR/tmp`` or ``CITESEEKER_TEMP_DIR``), removed at
    the end.
    """

    name = "citeseeker"

    def __init__(self, authors: str | None = None, publications: str | None = None,
                 startpoints: str | None = None, staywithin: str | None = None,
                 forbidden: str | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.arguments = dict(authors=authors, publications=publications,
                              startpoints=startpoints, staywithin=staywithin, forbidden=forbidden)

    @classmethod
    def from_crawler(cls, crawler, *args: Any, **kwargs: Any) -> "CiteSeekerSpider":
        spider = super().from_crawler(crawler, *args, **kwargs)
        try:
            spider.configure(CrawlConfig.from_settings(crawler.settings))
        except CiteSeekerError as error:
            exit_on_bad_input(error)
        signals = crawler.signals
        signals.connect(spider.on_closed, signal=scrapy.signals.spider_closed)
        signals.connect(spider.on_server_completed, signal=citeseeker_signals.server_completed)
        return spider

    def configure(self, config: CrawlConfig) -> None:
        """Parse inputs and build the core objects; broken inputs fail here, before any request."""
        self.config = config
        self.inputs: CrawlInputs = resolve_inputs(config.inputs_dir, **self.arguments)
        for warning in self.inputs.warnings:
            self.logger.warning(warning)
        self.policy = LinkPolicy(
            permitted_formats=config.permitted_formats,
            stay_within=self.inputs.stay_within,
            forbidden=self.inputs.forbidden,
            file_roots=tuple(file_root_of(u) for u in self.inputs.start_points
                             if u.lower().startswith("file:")),
            keep_query=config.keep_query,
            max_url_length=config.max_url_length,
            max_repeated_segments=config.max_repeated_segments,
        )
        matcher = CitationMatcher(self.inputs.groups, MatcherSettings(
            method=config.method, scheme=config.scheme, fuzzy_limit=config.fuzzy_limit,
            part_length=config.part_length, min_author_distance=config.min_author_distance))
        jobdir = self.crawler.settings.get("JOBDIR")
        self.report = RunReport(config.log_dir, debug=config.debug_log)
        citations = CitationSearch(matcher, self.report, config.header_length,
                                   Path(jobdir) / "reported.txt" if jobdir else None)
        self.temp_dir = self.fresh_temp_dir(config, jobdir)
        extractor = DocumentExtractor(config.extraction, self.temp_dir,
                                      workers=config.extraction_workers)
        self.reader = DocumentReader(citations, self.policy, extractor)
        self.started_at = time.monotonic()

    @staticmethod
    def fresh_temp_dir(config: CrawlConfig, jobdir: str | None) -> Path:
        """The job's own scratch directory; what a killed run left there is removed first."""
        if config.temp_dir or jobdir:
            path = Path(config.temp_dir or os.path.join(jobdir, "tmp"))
            shutil.rmtree(path, ignore_errors=True)
            path.mkdir(parents=True)
            return path
        return Path(tempfile.mkdtemp(prefix="citeseeker-"))

    # --- requests ---------------------------------------------------------------------------

    async def start(self) -> AsyncIterator[scrapy.Request]:
        # Issue 13: cited-by URLs first, then the user's start points, then search results.
        for url in await start_points_with_providers(self, self.inputs.start_points):
            try:
                canonical = self.policy.admit(url)
            except UrlRejected as rejection:
                self.crawler.stats.inc_value(f"{STATS}/links/rejected/{rejection.reason}")
                self.logger.warning(f"start point {url} refused: {rejection.reason}")
                continue
            yield scrapy.Request(canonical, callback=self.parse, errback=self.on_error,
                                 meta={DEPTH_KEY: 0, START_KEY: True})

    def schedule(self, outcome: DocumentOutcome) -> None:
        """Hand the document's links to the engine now, before the frontier hears the document
        is done: Scrapy consumes a callback's yielded output in parallel batches, so only a
        direct ``engine.crawl`` guarantees every child is in the frontier first."""
        for link in outcome.links:
            meta = {DEPTH_KEY: link.depth, FROM_KEY: link.source_server}
            self.crawler.engine.crawl(scrapy.Request(link.url, callback=self.parse,
                                                     errback=self.on_error, meta=meta))

    # --- responses --------------------------------------------------------------------------

    async def parse(self, response: Response, **kwargs: Any) -> AsyncIterator[Any]:
        """Read the document in a thread, then report, schedule its links and yield its items;
        finally tell the frontier the document is handled."""
        try:
            outcome = await maybe_deferred_to_future(deferToThread(
                self.reader.read, response.url, response.body, _content_type(response),
                getattr(response, "encoding", None),
                response.text if isinstance(response, TextResponse) else None,
                int(response.meta.get(DEPTH_KEY, 0))))
            self.account(response, outcome)
            self.schedule(outcome)
            for item in outcome.items:
                yield item
        finally:
            self.document_handled(response.request)

    def account(self, response: Response, outcome: DocumentOutcome) -> None:
        """Statistics of §7.3.8 and one errors.log line per extraction problem."""
        stats = self.crawler.stats
        stats.inc_value(f"{STATS}/documents/searched")
        stats.inc_value(f"{STATS}/bytes", len(response.body))
        if outcome.kind is None:
            stats.inc_value(f"{STATS}/documents/unsupported")
            self.report.debug(f"not a document we read: {response.url}")
        for kind, seconds, size in outcome.parts:
            stats.inc_value(f"{STATS}/parts/{kind}")
            stats.inc_value(f"{STATS}/bytes_processed", size)
            if kind in ("pdf", "ps"):
                stats.inc_value(f"{STATS}/extraction/{kind}/files")
                stats.inc_value(f"{STATS}/extraction/{kind}/seconds", seconds)
        stats.inc_value(f"{STATS}/archives/checked", len(outcome.archives))
        for problem in outcome.problems:
            stats.inc_value(f"{STATS}/errors/extraction")
            where = f"{response.url}/{problem.member}" if problem.member else response.url
            self.report.error(where, f"{problem.kind}: {problem.reason}")
        for reason, count in outcome.refused.items():
            stats.inc_value(f"{STATS}/links/rejected/{reason}", count)
        if outcome.items:
            stats.inc_value(f"{STATS}/documents/with_citations")
            stats.inc_value(f"{STATS}/citations", len(outcome.items))
        self.debug_progress(response.url, outcome)

    def debug_progress(self, url: str, outcome: DocumentOutcome) -> None:
        """debug.log mirrors the crawl, as the original's window did: one line per document,
        and the frontier's sizes every CITESEEKER_FLUSH_INTERVAL documents."""
        self.report.debug(f"searched {url} ({outcome.kind or 'not a document'}): "
                          f"{len(outcome.items)} citation(s), {len(outcome.links)} link(s)")
        searched = self.crawler.stats.get_value(f"{STATS}/documents/searched", 0)
        if searched % self.config.flush_interval == 0:
            sizes = {k.rsplit("/", 1)[1]: v for k, v in self.crawler.stats.get_stats().items()
                     if k.startswith(f"{STATS}/frontier/size/")}
            self.report.debug(f"after {searched} documents, frontier sizes: {sizes}")

    def document_handled(self, request: scrapy.Request) -> None:
        self.crawler.signals.send_catch_log(citeseeker_signals.document_handled, request=request)

    def on_error(self, failure: Failure) -> None:
        """One errors.log line per failed document; the crawl goes on."""
        request = failure.request
        if failure.check(HttpError):
            self.crawler.stats.inc_value(f"{STATS}/errors/download")
            self.report.error(request.url, f"HTTP {failure.value.response.status}")
        elif failure.check(IgnoreRequest):
            self.crawler.stats.inc_value(f"{STATS}/documents/ignored")
            self.report.debug(f"ignored {request.url}: {failure.getErrorMessage()}")
        else:
            self.crawler.stats.inc_value(f"{STATS}/errors/download")
            self.report.error(request.url, f"{failure.type.__name__}: {failure.getErrorMessage()}")
        self.document_handled(request)

    def on_server_completed(self, server: str) -> None:
        self.report.completed(server)

    # --- end of the crawl -------------------------------------------------------------------

    def on_closed(self, spider: scrapy.Spider, reason: str) -> None:
        if spider is not self:
            return
        self.reader.extractor.close()
        shutil.rmtree(self.temp_dir, ignore_errors=True)
        state = "finished" if reason == "finished" else f"suspended ({reason})"
        if self.crawler.stats.get_value(f"{STATS}/resumed"):
            state += ", after being resumed"
        self.report.summary(self.summary_lines(), state)
        self.report.close()

    def summary_lines(self) -> dict[str, object]:
        """The original's summary.log lines (Appendix E), from the crawl's stats."""
        stats = self.crawler.stats
        value = lambda key: stats.get_value(f"{STATS}/{key}", 0)  # noqa: E731
        lines = {
            "Execution time": format_duration(time.monotonic() - self.started_at),
            "Servers searched": value("frontier/servers_completed"),
            "Documents searched": value("documents/searched"),
            "Documents successfully searched": value("documents/with_citations"),
            "Citations found": value("citations"),
            "New servers found": value("frontier/size/servers_discovered"),
            "Kilobytes downloaded": value("bytes") // 1024,
            "Kilobytes processed": value("bytes_processed") // 1024,
            "Archives checked": value("archives/checked"),
            "PS and PDF checked": value("extraction/pdf/files") + value("extraction/ps/files"),
            "Extraction errors": value("errors/extraction"),
            "Download errors": value("errors/download"),
        }
        for kind in ("pdf", "ps"):
            files = value(f"extraction/{kind}/files")
            average = value(f"extraction/{kind}/seconds") / files if files else 0.0
            lines[f"Average {kind.upper()} extraction time"] = f"{average:.3f} s ({files} files)"
        lines.update(provider_summary_lines(stats))  # issue 13: cited-by listed/reachable/confirmed
        lines.update({
            "Pending Servers queue": value("frontier/size/pending_servers"),
            "Pending Documents": value("frontier/size/pending_documents"),
            "Accomplished Servers table": value("frontier/size/completed_servers"),
        })
        return lines


def _content_type(response: Response) -> str | None:
    raw = response.headers.get(b"Content-Type")
    return raw.decode("latin-1") if raw else None
