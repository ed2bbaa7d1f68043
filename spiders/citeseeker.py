"""The ``citeseeker`` spider: a thin Scrapy adapter over the core.

It turns spider arguments and settings into the core's objects, fetches documents, hands their
text to :class:`CitationSearch`, and follows the links the :class:`LinkPolicy` admits.

    scrapy crawl citeseeker -a authors=inputs/searchstrings.txt -a startpoints=inputs/startpoints.txt
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path
from typing import Any, AsyncIterator, Iterator
from urllib.parse import urljoin

import scrapy
from scrapy.http import Response, TextResponse
from scrapy.exceptions import IgnoreRequest
from scrapy.spidermiddlewares.httperror import HttpError
from twisted.python.failure import Failure

from citeseeker_scrapy import signals as citeseeker_signals
from citeseeker_scrapy.citations import CitationSearch
from citeseeker_scrapy.config import CrawlConfig
from citeseeker_scrapy.exceptions import CiteSeekerError, UrlRejected
from citeseeker_scrapy.extraction.html import parse_html
from citeseeker_scrapy.input_parser import CrawlInputs, resolve_inputs
from citeseeker_scrapy.matcher import CitationMatcher, MatcherSettings
from citeseeker_scrapy.report import RunReport, format_duration
from citeseeker_scrapy.scheduler import DEPTH_KEY, FROM_KEY, START_KEY
from citeseeker_scrapy.urls import LinkPolicy, extension_of, file_root_of, server_of

#: Extensions read as HTML-like pages (text and links); anything else textual is plain text.
HTML_EXTENSIONS = frozenset("htm html shtml dhtml xhtml xml php php3 php4 asp aspx jsp cfm".split())
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
    Writes the log files of the original into ``CITESEEKER_LOG_DIR``.
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
        crawler.signals.connect(spider.on_closed, signal=scrapy.signals.spider_closed)
        crawler.signals.connect(spider.on_server_completed, signal=citeseeker_signals.server_completed)
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
            method=config.method, fuzzy_limit=config.fuzzy_limit,
            part_length=config.part_length, min_author_distance=config.min_author_distance))
        self.report = RunReport(config.log_dir, debug=config.debug_log)
        jobdir = self.crawler.settings.get("JOBDIR")
        self.citations = CitationSearch(matcher, self.report, config.header_length,
                                        Path(jobdir) / "reported.txt" if jobdir else None)
        self.started_at = time.monotonic()

    # --- requests ---------------------------------------------------------------------------

    async def start(self) -> AsyncIterator[scrapy.Request]:
        for url in self.inputs.start_points:
            request = self.request_for(url, referrer=None)
            if request is not None:
                request.meta[START_KEY] = True
                yield request

    def request_for(self, url: str, referrer: str | None, depth: int = 0) -> scrapy.Request | None:
        """A request for ``url`` if the policy admits it; refusals are counted, not fatal.

        ``depth`` counts links followed inside one server (a link to another server starts at
        0 there); the frontier refuses documents deeper than CITESEEKER_MAX_DEPTH.
        """
        try:
            canonical = self.policy.admit(url, referrer=referrer)
        except UrlRejected as rejection:
            self.crawler.stats.inc_value(f"{STATS}/links/rejected/{rejection.reason}")
            return None
        meta: dict[str, Any] = {DEPTH_KEY: 0}
        if referrer is not None:
            source = server_of(referrer)
            meta[FROM_KEY] = source
            meta[DEPTH_KEY] = depth + 1 if source == server_of(canonical) else 0
        return scrapy.Request(canonical, callback=self.parse, errback=self.on_error, meta=meta)

    # --- responses --------------------------------------------------------------------------

    def parse(self, response: Response, **kwargs: Any) -> Iterator[Any]:
        """Search the document, yield its citations and schedule its links; then tell the
        frontier the document is handled.

        Links go to the engine directly rather than being yielded: Scrapy consumes a callback's
        output in parallel batches, so only a direct ``engine.crawl`` guarantees that every
        child is in the frontier before the frontier hears that the parent is done (and may
        complete the server)."""
        try:
            yield from self.search_document(response)
        finally:
            self.document_handled(response.request)

    def search_document(self, response: Response) -> Iterator[Any]:
        stats = self.crawler.stats
        stats.inc_value(f"{STATS}/documents/searched")
        stats.inc_value(f"{STATS}/bytes", len(response.body))
        if not isinstance(response, TextResponse):
            stats.inc_value(f"{STATS}/documents/unsupported")
            self.report.debug(f"not read (binary, not supported yet): {response.url}")
            return
        text, links, base = self.text_and_links(response)
        items = self.citations.search(response.url, "", server_of(response.url), text)
        if items:
            stats.inc_value(f"{STATS}/documents/with_citations")
            stats.inc_value(f"{STATS}/citations", len(items))
        depth = int(response.meta.get(DEPTH_KEY, 0))
        for request in self.follow(links, base or response.url, response.url, depth):
            self.crawler.engine.crawl(request)
        yield from items

    def text_and_links(self, response: TextResponse) -> tuple[str, tuple[str, ...], str | None]:
        """HTML-like pages give text and links; plain text files only text (a leaf)."""
        is_html = response.__class__.__name__ in ("HtmlResponse", "XmlResponse")
        if is_html or extension_of(response.url) in HTML_EXTENSIONS:
            content = parse_html(response.text)
            base = response.urljoin(content.base) if content.base else None
            return content.text, content.links, base
        return response.text, (), None

    def follow(self, links: tuple[str, ...], base: str, referrer: str,
               depth: int) -> Iterator[scrapy.Request]:
        for link in links:
            try:
                absolute = urljoin(base, link)
            except ValueError:  # e.g. a malformed IPv6 host in a hand-written link
                self.crawler.stats.inc_value(f"{STATS}/links/rejected/malformed")
                continue
            request = self.request_for(absolute, referrer=referrer, depth=depth)
            if request is not None:
                yield request

    def document_handled(self, request: scrapy.Request) -> None:
        self.crawler.signals.send_catch_log(citeseeker_signals.document_handled, request=request)

    def on_error(self, failure: Failure) -> None:
        """One errors.log line per failed document; the crawl goes on."""
        request = failure.request
        if failure.check(HttpError):
            reason = f"HTTP {failure.value.response.status}"
        else:
            reason = f"{failure.type.__name__}: {failure.getErrorMessage()}"
        if failure.check(IgnoreRequest) and not failure.check(HttpError):
            self.crawler.stats.inc_value(f"{STATS}/documents/ignored")
            self.report.debug(f"ignored {request.url}: {failure.getErrorMessage()}")
        else:
            self.crawler.stats.inc_value(f"{STATS}/errors/download")
            self.report.error(request.url, reason)
        self.document_handled(request)

    def on_server_completed(self, server: str) -> None:
        self.report.completed(server)

    # --- end of the crawl -------------------------------------------------------------------

    def on_closed(self, spider: scrapy.Spider, reason: str) -> None:
        if spider is not self:
            return
        state = "finished" if reason == "finished" else f"suspended ({reason})"
        if self.crawler.stats.get_value(f"{STATS}/resumed"):
            state += ", after being resumed"
        self.report.summary(self.summary_lines(), state)
        self.report.close()

    def summary_lines(self) -> dict[str, object]:
        stats = self.crawler.stats
        value = lambda key: stats.get_value(f"{STATS}/{key}", 0)  # noqa: E731
        return {
            "Execution time": format_duration(time.monotonic() - self.started_at),
            "Servers searched": value("frontier/servers_completed"),
            "Documents searched": value("documents/searched"),
            "Documents successfully searched": value("documents/with_citations"),
            "Citations found": value("citations"),
            "New servers found": value("frontier/size/servers_discovered"),
            "Kilobytes downloaded": value("bytes") // 1024,
            "Download errors": value("errors/download"),
            "Pending Servers queue": value("frontier/size/pending_servers"),
            "Pending Documents": value("frontier/size/pending_documents"),
            "Accomplished Servers table": value("frontier/size/completed_servers"),
        }

