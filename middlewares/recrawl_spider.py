"""Spider middleware of the incremental re-crawl: what the spider side adds to a re-crawl.

* ``process_start``: after the spider's own start points, the previous crawl's citing
  documents, each as a start point of its server (the frontier merges it with the same URL
  found as a link). So every citation the previous crawl found is asked about again — decided
  like any known document by the conditional-request middleware — even when no page links to
  its document any more: a 404 or 410 tells that it is gone, a document still served keeps its
  citations.
* ``process_spider_output``: after a document's output (its item, and any site-search
  request), the citations that are gone from it, as a
  :class:`~citeseeker_scrapy.recrawl.gone.GoneCitations` item. The spider's errback output
  for a 404/410 gets them too. Why here: a spider's output is Scrapy's public way for an item to
  reach the pipelines, the feed and the report extension (``item_scraped``, sent by the
  engine); what is gone is known only once the document's item has left the pipelines
  (recorded by the re-crawl extension), so the middleware waits for that outcome after the
  output and before the response is done.

Off (NotConfigured) when the crawl is not a re-crawl. Stats ``citeseeker/recrawl/``:
``citing_asked`` (previous citing documents added as start points), ``citations_gone``.
"""

from __future__ import annotations

from typing import Any, AsyncIterator

from scrapy import Request, signals
from scrapy.exceptions import NotConfigured
from scrapy.utils.defer import maybe_deferred_to_future
from twisted.internet.defer import Deferred

from citeseeker_scrapy.document.item import DocumentItem
from citeseeker_scrapy.job.crawl_job import crawl_job
from citeseeker_scrapy.keys import DEPTH_KEY, ORIGIN_KEY, START
from citeseeker_scrapy.recrawl.gone import GoneCitations
from citeseeker_scrapy.stats import RECRAWL_CITATIONS_GONE, RECRAWL_CITING_ASKED



class RecrawlSpiderMiddleware:
    """See the module docstring."""

    def __init__(self, crawler: Any, session: Any) -> None:
        self.crawler = crawler
        self.stats = crawler.stats
        self.session = session

    @classmethod
    def from_crawler(cls, crawler: Any) -> RecrawlSpiderMiddleware:
        session = crawl_job(crawler).recrawl  # None also when the job refused to start
        if session is None or not session.recrawling:
            raise NotConfigured  # silently, as the other re-crawl components
        middleware = cls(crawler, session)
        crawler.signals.connect(middleware.spider_closed, signal=signals.spider_closed)
        return middleware

    async def process_start(self, start: AsyncIterator[Any]) -> AsyncIterator[Any]:
        async for request_or_item in start:
            yield request_or_item
        errback = getattr(self.crawler.spider, "on_error", None)
        for record in self.session.citing_documents():
            self.stats.inc_value(RECRAWL_CITING_ASKED)
            yield Request(record.url, errback=errback,
                          meta={ORIGIN_KEY: START, DEPTH_KEY: record.depth})

    async def process_spider_output(self, response: Any, result: AsyncIterator[Any]
                                    ) -> AsyncIterator[Any]:
        outcomes: list[Deferred] = []
        async for output in result:
            if isinstance(output, DocumentItem):
                outcomes.append(Deferred())
                self.session.expect_outcome(output.url, outcomes[-1].callback)
            yield output
        if not outcomes:  # an errback's output: a 404/410 was recorded already
            gone = self.session.take_gone(response.url)
            if gone:
                yield self._gone(response.url, gone)
            return
        for outcome in outcomes:
            url, gone = await maybe_deferred_to_future(outcome)
            if gone:
                yield self._gone(url, gone)

    def _gone(self, url: str, citations: list[dict[str, Any]]) -> GoneCitations:
        self.stats.inc_value(RECRAWL_CITATIONS_GONE, len(citations))
        return GoneCitations(url, citations)

    def spider_closed(self, spider: Any, reason: str) -> None:
        self.session.cancel_waiting()
