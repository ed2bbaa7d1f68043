"""The ``citeseeker`` spider: start points in, one document item per response out.

    scrapy crawl citeseeker -a authors=inputs/searchstrings.txt -a startpoints=inputs/startpoints.txt

Its ``-a`` arguments (``authors``, ``publications``, ``startpoints``, ``staywithin``,
``forbidden``; each a file or an inline value) become ``CITESEEKER_*`` settings, read by the
crawl's job (:mod:`citeseeker_scrapy.job.crawl_job`). Everything else has its own owner: the frontier
scheduler picks the documents, the downloader middlewares check URLs and redirects, the item
pipelines unpack, extract and match, the scheduler follows the links of each document item,
the report extension writes the log files.
"""

from __future__ import annotations

from typing import Any, AsyncIterator, Iterator

import scrapy
from scrapy.exceptions import IgnoreRequest
from scrapy.http import Response
from scrapy.spidermiddlewares.httperror import HttpError
from twisted.python.failure import Failure

from citeseeker_scrapy import signals as citeseeker_signals
from citeseeker_scrapy.exceptions import InputError
from citeseeker_scrapy.document.item import DocumentItem
from citeseeker_scrapy.job.crawl_job import (
    ARGUMENT_SETTINGS, append_to_feeds_of_resumed_job,
    check_spider_arguments, crawl_job,
)
from citeseeker_scrapy.job.directories import apply_job_dirs, apply_recrawl_argument
from citeseeker_scrapy.job.start import refuse_to_start
from citeseeker_scrapy.keys import DEPTH_KEY, KIND_KEY, LANDING_KEY, ORIGIN_KEY, START
from citeseeker_scrapy.spiders.providers import start_points_with_providers
from citeseeker_scrapy.spiders.site_search import SiteSearcher

UNREACHABLE = citeseeker_signals.UNREACHABLE_ERRORS


class CiteSeekerSpider(scrapy.Spider):
    """Finds who cites the publications of ``searchstrings.txt``, starting at ``startpoints.txt``
    (see the module docstring and the README)."""

    name = "citeseeker"
    site_search: SiteSearcher | None = None  # built on first use, once the job is known

    def __init__(self, authors: str | None = None, publications: str | None = None,
                 startpoints: str | None = None, staywithin: str | None = None,
                 forbidden: str | None = None, search: str | None = None,
                 citedby: str | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.arguments = dict(authors=authors, publications=publications,
                              startpoints=startpoints, staywithin=staywithin, forbidden=forbidden,
                              search=search, citedby=citedby)

    @classmethod
    def from_crawler(cls, crawler, *args: Any, **kwargs: Any) -> CiteSeekerSpider:
        """Arguments become settings before any other component reads them."""
        spider = super().from_crawler(crawler, *args, **kwargs)
        try:
            check_spider_arguments(kwargs)  # a typo such as -a author= is an error
        except InputError as error:
            refuse_to_start(crawler, str(error))
        apply_job_dirs(crawler.settings, spider.name, kwargs)  # Scrapyd job, -a crawl=NAME
        apply_recrawl_argument(crawler.settings, kwargs, spider.name)  # -a recrawl=JOBDIR
        append_to_feeds_of_resumed_job(crawler.settings)  # -O on a resumed job: append
        for name, setting in ARGUMENT_SETTINGS.items():
            if spider.arguments[name] is not None:
                crawler.settings.set(setting, spider.arguments[name], priority="spider")
        return spider

    async def start(self) -> AsyncIterator[scrapy.Request]:
        job = crawl_job(self.crawler)
        if job.error is not None:  # the job closes the spider before its first request
            return
        # cited-by URLs first, then the user's start points, then search results (providers);
        # the scheduler's scope gate admits them (or refuses them with a warning)
        for url in await start_points_with_providers(self.crawler, job.inputs.start_points):
            try:
                yield scrapy.Request(url, callback=self.parse, errback=self.on_error,
                                     meta={ORIGIN_KEY: START, DEPTH_KEY: 0})
            except ValueError as error:  # not even a URL Scrapy can request
                self.logger.warning(f"start point {url} refused: {error}")

    def parse(self, response: Response, **kwargs: Any) -> Iterator[DocumentItem]:
        """One document item, with the type the document-type middleware sniffed."""
        item = DocumentItem.from_response(response, depth=int(response.meta.get(DEPTH_KEY, 0)),
                                          kind=response.meta.get(KIND_KEY))
        item.landing = response.meta.get(LANDING_KEY)
        site_search = self._site_search()
        # searches and a landing page's document are queued before the page's own links (the
        # item's), so they go out first and the page's server is not completed before them
        yield from site_search.landing_requests(response, item.kind, item.depth, self)
        yield from site_search.searches_for(response, item.kind, item.depth, self)
        yield item

    def parse_search(self, response: Response, **kwargs: Any) -> None:
        """A site-search result page: its results and next page are queued, in one step with
        finishing the page (docs/site-search.md)."""
        self._site_search().follow_results(response, self)

    def on_search_error(self, failure: Failure) -> None:
        """A site-search probe failed for good: its queries are queued first (they ride in its
        meta), then it fails as any request (docs/site-search.md)."""
        self._site_search().probe_failed(failure.request, self)
        self.on_error(failure)

    def _site_search(self) -> SiteSearcher:
        if self.site_search is None:
            self.site_search = SiteSearcher.from_crawler(self.crawler)
        return self.site_search

    def on_error(self, failure: Failure) -> None:
        """A request failed for good: the frontier finishes it, the report logs it."""
        if failure.check(HttpError):
            reason, ignored = f"HTTP {failure.value.response.status}", False
        elif failure.check(IgnoreRequest):
            reason, ignored = failure.getErrorMessage(), True
        else:  # no server there in a user's words ("connection refused"), else the error
            reason = (citeseeker_signals.no_server_reason(failure.value)
                      or f"{failure.type.__name__}: {failure.getErrorMessage()}")
            ignored = False
        unreachable = bool(failure.check(*UNREACHABLE))
        self.crawler.signals.send_catch_log(citeseeker_signals.document_failed,
                                            request=failure.request, reason=reason,
                                            ignored=ignored, unreachable=unreachable)
