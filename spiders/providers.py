"""Start points from search engines and citation indexes, for the citeseeker spider.

Who calls it: ``CiteSeekerSpider.start()`` (one call, before the first request) and
``CiteSeekerSpider.summary_lines()`` (one line for summary.log).

Why the providers' HTTP calls do not go through Scrapy: they are API calls, not documents — the
frontier must not schedule, dedupe or count them, the crawl's scope rules and robots.txt are not
theirs (SearXNG's robots.txt disallows ``/search``), and their answers are JSON for us, not pages
to search. They run one at a time with the standard library's client in a worker thread
(``deferToThread``), so the reactor never waits on them.
"""

from __future__ import annotations

import logging
import os
import sys
from typing import Any, Sequence

from itemadapter import ItemAdapter
from scrapy import signals
from scrapy.utils.defer import maybe_deferred_to_future
from twisted.internet.threads import deferToThread

from citeseeker_scrapy.exceptions import ConfigError
from citeseeker_scrapy.providers import (
    CitingWork, ProviderConfig, ProviderOutcome, http_fetcher, merge_start_points, run_providers,
)
from citeseeker_scrapy.urls import canonical_url

logger = logging.getLogger(__name__)
STATS = "citeseeker/citedby"


async def start_points_with_providers(spider, start_points: Sequence[str]) -> list[str]:
    """The user's start points merged with the providers' (cited-by first, search last)."""
    settings = spider.crawler.settings
    try:
        config = ProviderConfig.from_settings(settings, search=getattr(spider, "search", None),
                                              citedby=getattr(spider, "citedby", None))
    except ConfigError as error:
        sys.stderr.write(f"citeseeker: error: {error}\n")
        sys.stderr.flush()
        os._exit(2)
    if not config.enabled:
        return list(start_points)
    outcome = await maybe_deferred_to_future(deferToThread(_ask, config, spider, settings))
    _report(spider, outcome)
    if config.citedby:
        CitedByTracker(spider.crawler, outcome.citing, spider.config.keep_query)
    return merge_start_points(outcome.citing, start_points, outcome.search_urls)


def _ask(config: ProviderConfig, spider, settings) -> ProviderOutcome:
    agent = settings.get("USER_AGENT")
    return run_providers(config, spider.inputs.groups,
                         http_fetcher(config.timeout, agent, config.headers),
                         http_fetcher(config.timeout, agent))


def _report(spider, outcome: ProviderOutcome) -> None:
    """Warnings to the log, and each provider's URLs in debug.log between BEGIN/END markers
    (the original's "BEGIN OF GOOGLE OUTPUT")."""
    stats, report = spider.crawler.stats, spider.report
    for warning in outcome.warnings:
        logger.warning(warning)
        report.debug(f"warning: {warning}")
        stats.inc_value("citeseeker/providers/failed")
    for note in outcome.notes:
        report.debug(note)
    for name, urls in outcome.listings:
        report.debug(f"BEGIN OF PROVIDER OUTPUT ({name})")
        for url in urls:
            report.debug(url)
        report.debug(f"END OF PROVIDER OUTPUT ({name})")
    stats.set_value("citeseeker/providers/search_results", len(outcome.search_urls))


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
        self.stats.set_value(f"{STATS}/listed", len({work.work_id for work in citing}))
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
        self.stats.set_value(f"{STATS}/reachable", len(self.reachable))
        self.stats.set_value(f"{STATS}/confirmed", len(self.confirmed))

    def on_closed(self, spider, **_: Any) -> None:
        logger.info("Cited-by works: %s", summary_value(self.stats))


def summary_value(stats) -> str:
    value = lambda key: stats.get_value(f"{STATS}/{key}", 0)  # noqa: E731
    return (f"{value('listed')} listed, {value('reachable')} reachable, "
            f"{value('confirmed')} confirmed")


def provider_summary_lines(stats) -> dict[str, str]:
    """summary.log's line, when a cited-by provider was asked."""
    if stats.get_value(f"{STATS}/listed") is None:
        return {}
    return {"Cited-by works (index)": summary_value(stats)}
