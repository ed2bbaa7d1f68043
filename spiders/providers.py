"""Start points from search engines and citation indexes, for the citeseeker spider.

Who calls it: ``CiteSeekerSpider.start()`` (one call, before the first request). Provider
settings are validated by the crawl's job (a bad one refuses the crawl, exit status 2); the
debug.log lines go through the report extension (``note_debug``), and the cited-by counts are
stats that summary.log shows.

Why the providers' HTTP calls do not go through Scrapy: they are API calls, not documents — the
frontier must not schedule, dedupe or count them, the crawl's scope rules and robots.txt are not
theirs (SearXNG's robots.txt disallows ``/search``), and their answers are JSON for us, not pages
to search. They run one at a time with the standard library's client in a worker thread
(``deferToThread``), so the reactor never waits on them.
"""

from __future__ import annotations

import logging
from typing import Any, Sequence

from itemadapter import ItemAdapter
from scrapy import signals
from scrapy.utils.defer import maybe_deferred_to_future
from twisted.internet.threads import deferToThread

from citeseeker_scrapy import signals as citeseeker_signals
from citeseeker_scrapy.job.crawl_job import crawl_job
from citeseeker_scrapy.providers import (
    CitingWork, ProviderConfig, ProviderOutcome, citedby_summary, http_fetcher,
    merge_start_points, run_providers,
)
from citeseeker_scrapy.stats import (
    CITEDBY_CONFIRMED, CITEDBY_LISTED, CITEDBY_REACHABLE, PROVIDERS_FAILED,
    PROVIDERS_SEARCH_RESULTS,
)
from citeseeker_scrapy.urls import canonical_url

logger = logging.getLogger(__name__)


async def start_points_with_providers(crawler, start_points: Sequence[str]) -> list[str]:
    """The user's start points merged with the providers' (cited-by first, search last)."""
    job = crawl_job(crawler)
    config = job.providers
    if config is None or not config.enabled:
        return list(start_points)
    outcome = await maybe_deferred_to_future(deferToThread(
        _ask, config, job.inputs.groups, crawler.settings.get("USER_AGENT")))
    _report(crawler, outcome)
    if config.citedby:
        CitedByTracker(crawler, outcome.citing, job.config.keep_query)
    return merge_start_points(outcome.citing, start_points, outcome.search_urls)


def _ask(config: ProviderConfig, groups, agent: str) -> ProviderOutcome:
    return run_providers(config, groups, http_fetcher(config.timeout, agent, config.headers),
                         http_fetcher(config.timeout, agent))


def _report(crawler, outcome: ProviderOutcome) -> None:
    """Warnings to the log, and each provider's URLs in debug.log between BEGIN/END markers
    (the original's "BEGIN OF GOOGLE OUTPUT")."""
    stats = crawler.stats
    debug = lambda message: crawler.signals.send_catch_log(  # noqa: E731
        citeseeker_signals.note_debug, message=message)
    for warning in outcome.warnings:
        logger.warning(warning)
        debug(f"warning: {warning}")
        stats.inc_value(PROVIDERS_FAILED)
    for note in outcome.notes:
        debug(note)
    for name, urls in outcome.listings:
        debug(f"BEGIN OF PROVIDER OUTPUT ({name})")
        for url in urls:
            debug(url)
        debug(f"END OF PROVIDER OUTPUT ({name})")
    stats.set_value(PROVIDERS_SEARCH_RESULTS, len(outcome.search_urls))


class CitedByTracker:
    """Counts the citing works the index listed, those whose URL answered 200 (reachable) and
    those in which the crawl found a citation (confirmed), as stats under citeseeker/citedby/."""

    def __init__(self, crawler, citing: Sequence[CitingWork], keep_query: bool) -> None:
        self.stats = crawler.stats
        self.keep_query = keep_query
        self.work_of: dict[str, str] = {}
        for work in citing:
            for url in work.urls:
                self.work_of.setdefault(self._key(url), work.work_id)
        self.reachable: set[str] = set()
        self.confirmed: set[str] = set()
        self.stats.set_value(CITEDBY_LISTED, len({work.work_id for work in citing}))
        self._publish()
        # weak=False: nothing else holds the tracker; it lives as long as the crawl.
        for handler, signal in ((self.on_response, signals.response_received),
                                (self.on_item, signals.item_scraped),
                                (self.on_closed, signals.spider_closed)):
            crawler.signals.connect(handler, signal=signal, weak=False)

    def _key(self, url: str) -> str:
        try:
            return canonical_url(url, keep_query=self.keep_query)
        except ValueError:
            return url

    def on_response(self, response, request, **_: Any) -> None:
        if response.status != 200:
            return
        for url in (request.url, *(request.meta.get("redirect_urls") or ())):
            work = self.work_of.get(self._key(url))
            if work is not None:
                self.reachable.add(work)
                self.work_of.setdefault(self._key(response.url), work)
                self._publish()
                return

    def on_item(self, item, **_: Any) -> None:
        work = self.work_of.get(self._key(str(ItemAdapter(item).get("url", ""))))
        if work is not None and work not in self.confirmed:
            self.confirmed.add(work)
            self._publish()

    def _publish(self) -> None:
        self.stats.set_value(CITEDBY_REACHABLE, len(self.reachable))
        self.stats.set_value(CITEDBY_CONFIRMED, len(self.confirmed))

    def on_closed(self, spider, **_: Any) -> None:
        for label, line in citedby_summary(self.stats.get_value).items():
            logger.info("%s: %s", label, line)


