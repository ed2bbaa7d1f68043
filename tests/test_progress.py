"""The progress extension, built from a crawler and driven through its signal handlers: the
count of documents over a job's runs, the INFO line, and what a resumed or suspended run says."""

from __future__ import annotations

import asyncio
import logging

import pytest
from scrapy import Spider
from scrapy.exceptions import NotConfigured
from scrapy.utils.test import get_crawler

from citeseeker_scrapy import signals as citeseeker_signals
from citeseeker_scrapy.report.progress import FrontierCounts
from citeseeker_scrapy.stats import (
    CITATIONS, PROGRESS_DOCUMENTS, RESUMED, SERVERS_COMPLETED,
)
from citeseeker_scrapy.extensions.progress import ProgressExtension
from tests.support.components import started

QUIET = {"CITESEEKER_PROGRESS_INTERVAL": 0, "CITESEEKER_PROGRESS_LIVE": False}


def progress(**settings) -> ProgressExtension:
    crawler = started(get_crawler(Spider, settings_dict={**QUIET, **settings}))
    crawler.stats.open_spider()
    return ProgressExtension.from_crawler(crawler)


@pytest.mark.parametrize("settings", [{"LOG_ENABLED": False}, {"LOG_LEVEL": "WARNING"}])
def test_a_silenced_log_turns_the_extension_off(settings: dict) -> None:
    with pytest.raises(NotConfigured):
        progress(**settings)


def test_a_resumed_job_goes_on_counting_and_says_what_was_done(caplog) -> None:
    extension = progress(JOBDIR="crawls/run1")
    stats = extension.crawler.stats
    stats.set_value(RESUMED, True)
    stats.set_value(PROGRESS_DOCUMENTS, 120)
    stats.set_value(SERVERS_COMPLETED, 3)
    with caplog.at_level(logging.INFO, logger="citeseeker.progress"):
        extension.spider_opened(None)
    assert caplog.messages == ["Resuming JOBDIR=crawls/run1: 120 documents done, "
                               "3 servers completed"]
    extension.response_received()
    extension.response_received()
    assert stats.get_value(PROGRESS_DOCUMENTS) == 122


def test_a_new_job_counts_from_scrapys_responses_and_says_nothing(caplog) -> None:
    extension = progress()
    extension.crawler.stats.set_value("response_received_count", 7)
    with caplog.at_level(logging.INFO, logger="citeseeker.progress"):
        extension.spider_opened(None)
    assert caplog.messages == []
    assert extension.crawler.stats.get_value(PROGRESS_DOCUMENTS) == 7


def test_the_line_has_the_frontiers_figures_and_the_rate_since_the_last_line(caplog) -> None:
    extension = progress()
    snapshot = FrontierCounts({"pending_servers": 4, "active_servers": 2,
                                 "completed_servers": 5}, ("127.0.0.1:8000",))
    extension.crawler.signals.connect(lambda **kwargs: snapshot,
                                      signal=citeseeker_signals.frontier_snapshot_wanted,
                                      weak=False)
    extension.spider_opened(None)
    stats = extension.crawler.stats
    for _ in range(3):
        extension.response_received()
    stats.set_value(CITATIONS, 2)
    with caplog.at_level(logging.INFO, logger="citeseeker.progress"):
        extension.log_line()
    assert caplog.messages[0].startswith(
        "Servers 4 pending, 2 crawling, 5 completed; 3 documents (at ")
    assert caplog.messages[0].endswith("; 2 citations; 0 errors")
    assert extension.documents_before == 3   # the next line's rate counts from here


@pytest.mark.parametrize("jobdir, reason, said", [
    ("crawls/run1", "shutdown", "Crawl suspended (shutdown) after 2 documents: run the same "
                                "command again (JOBDIR=crawls/run1) to resume it"),
    ("", "closespider_timeout", "Crawl stopped (closespider_timeout) after 2 documents; it "
                                "cannot be resumed: give -s JOBDIR=DIR or -a crawl=NAME to make "
                                "a crawl resumable"),
    ("crawls/run1", "finished", None),
])
def test_a_run_that_did_not_finish_says_how_to_resume_it(caplog, jobdir: str, reason: str,
                                                         said: str | None) -> None:
    extension = progress(JOBDIR=jobdir)
    extension.spider_opened(None)
    extension.response_received()
    extension.response_received()
    with caplog.at_level(logging.WARNING, logger="citeseeker.progress"):
        extension.spider_closed(None, reason)
    assert caplog.messages == ([said] if said else [])


def test_the_line_is_timed_from_the_open_and_stopped_at_the_close() -> None:
    extension = progress(CITESEEKER_PROGRESS_INTERVAL=30)

    async def one_run() -> tuple[list[bool], list[bool]]:  # the timer runs on an event loop
        extension.spider_opened(None)
        opened = [task.running for task in extension.tasks]
        extension.spider_closed(None, "finished")
        return opened, [task.running for task in extension.tasks]

    assert asyncio.run(one_run()) == ([True], [False])
