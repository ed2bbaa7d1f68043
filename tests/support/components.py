"""A crawler for testing one component in-process, as Scrapy's own tests do: built with
``scrapy.utils.test.get_crawler``, never started; the component is made with its
``from_crawler`` and called directly."""

from __future__ import annotations

from typing import Any, Iterator
from contextlib import contextmanager

from scrapy.utils.test import get_crawler

from citeseeker_scrapy.job.start import start_crawl_job
from citeseeker_scrapy.spiders.citeseeker import CiteSeekerSpider

#: The least a crawl job needs to start: one searched paper and one start point.
JOB_SETTINGS = {"CITESEEKER_AUTHORS": "Fiala", "CITESEEKER_PUBLICATIONS": "A title",
                "CITESEEKER_STARTPOINTS": "http://127.0.0.1:1/"}


@contextmanager
def job_crawler(**settings: Any) -> Iterator[Any]:
    """A crawler of the project's spider whose job has started (its JOBDIR locked, when one is
    set); the job is closed on leaving, as ``engine_stopped`` would."""
    crawler = get_crawler(CiteSeekerSpider, settings_dict={**JOB_SETTINGS, **settings})
    job = start_crawl_job(crawler)
    assert job.error is None, job.error
    try:
        yield crawler
    finally:
        job.close()


def started(crawler: Any) -> Any:
    """``crawler`` with its job started, as the crawl-job extension starts it at a crawl's
    start (for a component test whose crawler is not :func:`job_crawler`'s)."""
    start_crawl_job(crawler)
    return crawler
