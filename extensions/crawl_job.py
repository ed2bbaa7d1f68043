"""Starts the crawl's job: the one moment a CiteSeeker crawl takes its places.

Why an extension: Scrapy builds the extensions right after the add-ons have completed the
settings and before the engine builds any middleware, pipeline or the scheduler; the add-on
gives this one the lowest order, so it is built first of them all. Its ``from_crawler`` checks
the settings, reads the inputs and takes the JOBDIR lock before anything else of the job is
touched (:func:`citeseeker_scrapy.job.start.start_crawl_job`): a refused crawl creates,
empties or removes no file of the job that holds the lock. Every other component then finds the
job on the crawler (:func:`~citeseeker_scrapy.job.crawl_job.crawl_job`), which builds nothing.
"""

from __future__ import annotations

from typing import Any

from citeseeker_scrapy.job.crawl_job import CrawlJob
from citeseeker_scrapy.job.start import start_crawl_job


class CrawlJobExtension:
    """Holds the crawl's job (``job``); built by Scrapy once per crawl, first of the
    extensions (``EXTENSIONS`` in the add-on)."""

    def __init__(self, job: CrawlJob) -> None:
        self.job = job

    @classmethod
    def from_crawler(cls, crawler: Any) -> CrawlJobExtension:
        return cls(start_crawl_job(crawler))
