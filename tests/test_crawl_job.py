"""The crawl's job on its crawler: started once by the crawl-job extension, first of the
components, with the JOBDIR lock; found by every other component without building anything."""

from __future__ import annotations

from pathlib import Path

import pytest
from scrapy import Spider
from scrapy.utils.test import get_crawler

from citeseeker_scrapy.addon import CiteSeeker
from citeseeker_scrapy.job.crawl_job import crawl_job, refuse_to_start, start_crawl_job
from citeseeker_scrapy.job.lock import LOCK_FILE
from citeseeker_scrapy.signals import crawl_refused
from citeseeker_scrapy.extensions.crawl_job import CrawlJobExtension
from tests.support.components import JOB_SETTINGS


def test_the_add_on_starts_the_job_first_of_the_extensions_with_the_lock(tmp_path: Path) -> None:
    jobdir = tmp_path / "job"
    crawler = get_crawler(Spider, settings_dict={
        "ADDONS": {CiteSeeker: 0}, "JOBDIR": str(jobdir), "CITESEEKER_LOG_DIR": str(tmp_path),
        **JOB_SETTINGS})
    job = crawl_job(crawler)
    try:
        first = crawler.extensions.middlewares[0]
        assert isinstance(first, CrawlJobExtension) and first.job is job
        assert job.error is None and job.lock is not None and (jobdir / LOCK_FILE).is_file()
    finally:
        job.close()


def test_finding_the_job_builds_nothing() -> None:
    crawler = get_crawler(Spider, settings_dict=JOB_SETTINGS)
    with pytest.raises(RuntimeError, match="has no CiteSeeker job: enable the add-on"):
        crawl_job(crawler)
    with pytest.raises(RuntimeError):  # still none: the failed look-up made no job
        crawl_job(crawler)


def test_a_job_starts_once_per_crawler() -> None:
    crawler = get_crawler(Spider, settings_dict=JOB_SETTINGS)
    job = start_crawl_job(crawler)
    try:
        assert crawl_job(crawler) is job
        with pytest.raises(RuntimeError, match="already started"):
            start_crawl_job(crawler)
        assert crawl_job(crawler) is job
    finally:
        job.close()


def test_a_refusal_is_announced_at_once_for_the_crawl_command() -> None:
    crawler = get_crawler(Spider)
    heard: list[str] = []

    def hear(message: str) -> None:
        heard.append(message)

    crawler.signals.connect(hear, signal=crawl_refused)
    refuse_to_start(crawler, "no start point")
    assert heard == ["no start point"]
