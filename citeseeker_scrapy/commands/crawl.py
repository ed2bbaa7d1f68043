"""``scrapy crawl`` that exits with status 2 when CiteSeeker refused to start.

Why: a broken input file or setting closes the spider before its first request, through
Scrapy's normal shutdown (stats, ``spider_closed`` and feeds still run). Scrapy's own command
would then exit 0, and a script or Scrapyd could not tell the run did nothing. This command
watches the close reason and turns :data:`BAD_INPUT_REASON` into exit status 2; everything else
is Scrapy's ``crawl``.
"""

from __future__ import annotations

import argparse

from scrapy import Spider, signals
from scrapy.commands.crawl import Command as ScrapyCrawlCommand
from scrapy.crawler import Crawler

from citeseeker_scrapy.job.crawl_job import BAD_INPUT_REASON, crawl_job
from citeseeker_scrapy.job.storage import STORAGE_ERROR_REASON, STORAGE_ERROR_STATUS

BAD_INPUT_STATUS = 2


class Command(ScrapyCrawlCommand):
    """Scrapy's ``crawl`` plus the bad-input exit status."""

    def _create_crawler(self, spidercls: type[Spider] | str) -> Crawler:
        crawler = super()._create_crawler(spidercls)
        crawler.signals.connect(self._remember_reason, signal=signals.spider_closed)
        return crawler

    def _remember_reason(self, spider: Spider, reason: str) -> None:
        self.close_reason = reason
        self.storage = crawl_job(spider.crawler).storage  # may still fail while closing

    def run(self, args: list[str], opts: argparse.Namespace) -> None:
        self.close_reason = None
        self.storage = None
        super().run(args, opts)
        if self.storage is not None and self.storage.failed:
            self.close_reason = STORAGE_ERROR_REASON
        if self.close_reason == BAD_INPUT_REASON:
            self.exitcode = BAD_INPUT_STATUS
        elif self.close_reason == STORAGE_ERROR_REASON:
            self.exitcode = STORAGE_ERROR_STATUS
