"""The crawl's start on its crawler: the job built, hung on the crawler and wired to the crawl.

Who calls it: the crawl-job extension (``extensions/crawl_job.py``) starts the job with
:func:`start_crawl_job`, the first component Scrapy builds once the add-ons have completed the
settings. The three document pipelines call :func:`start_crawl_job_unless_started`: with the
add-on they get the extension's job; without it (the pipelines in a spider of one's own) the
first of them Scrapy builds starts it. Starting happens here and nowhere else; the getter
:func:`~citeseeker_scrapy.job.crawl_job.crawl_job` only finds.
The spider, the job itself and the scheduler refuse a crawl that cannot start with
:func:`refuse_to_start`. This is the Scrapy side of the job (signals, closing the spider); the
job (``crawl_job.py``) is plain data the components find with
:func:`~citeseeker_scrapy.job.crawl_job.crawl_job`.
"""

from __future__ import annotations

import logging
import weakref
from typing import Any

from scrapy import signals
from scrapy.settings import default_settings
from scrapy.exceptions import CloseSpider
from scrapy.utils.defer import deferred_from_coro

from citeseeker_scrapy.job.crawl_job import BAD_INPUT_REASON, CRAWLER_ATTRIBUTE, CrawlJob
from citeseeker_scrapy.signals import crawl_refused
from citeseeker_scrapy.storage import STORAGE_ERROR_REASON

logger = logging.getLogger(__name__)

#: The setting names Scrapy declares: with the settings table's, what a user's setting may be
#: named without being taken for a typo (``config.check_setting_typos``).
SCRAPY_SETTING_NAMES = frozenset(name for name in vars(default_settings) if name.isupper())


def start_crawl_job(crawler: Any) -> CrawlJob:
    """Build the crawler's job and hang it on the crawler as :data:`CRAWLER_ATTRIBUTE`: the
    settings checked, the inputs read, then the JOBDIR lock taken before anything else of the
    job is touched. Called once per crawl, by the crawl-job extension
    (``extensions/crawl_job.py``), the first component Scrapy builds after the add-ons have
    completed the settings; every other component finds the job with
    :func:`~citeseeker_scrapy.job.crawl_job.crawl_job`."""
    if getattr(crawler, CRAWLER_ATTRIBUTE, None) is not None:
        raise RuntimeError("this crawler's CiteSeeker job has already started")
    job = CrawlJob.from_settings(crawler.settings, SCRAPY_SETTING_NAMES)
    setattr(crawler, CRAWLER_ATTRIBUTE, job)
    _bind_storage(crawler, job)
    # another crawl of this process may use the JOBDIR next
    crawler.signals.connect(job.close, signal=signals.engine_stopped, weak=False)
    _announce(crawler, job)
    return job


def start_crawl_job_unless_started(crawler: Any) -> CrawlJob:
    """The job of this crawl, started here if no extension started it. With the add-on the
    crawl-job extension has started it and this returns it. In a crawl without the add-on (the
    document pipelines in a spider of one's own: docs/how-it-works.md, "The pipelines with any
    spider") nothing has, and the first caller starts it with :func:`start_crawl_job`, in the
    add-on's order (settings checked and inputs read before anything else); later callers get
    that job. Who calls: the ``from_crawler`` of the three document pipelines (archives, text,
    citations), which work with or without the add-on; every other component requires the
    add-on and finds the job with :func:`~citeseeker_scrapy.job.crawl_job.crawl_job`."""
    job = getattr(crawler, CRAWLER_ATTRIBUTE, None)
    return job if job is not None else start_crawl_job(crawler)


def _bind_storage(crawler: Any, job: CrawlJob) -> None:
    """A storage failure closes the crawl with its own reason: at once while the spider is
    open, else as soon as it opens (a failure while the components are built)."""
    crawler_ref = weakref.ref(crawler)  # the job is the crawler's: no cycle through it
    spider_open = [False]

    def opened(spider: Any) -> None:
        spider_open[0] = True
        if job.storage.failed:
            raise CloseSpider(STORAGE_ERROR_REASON)

    def closed(spider: Any) -> None:
        spider_open[0] = False

    def stop() -> None:
        current = crawler_ref()
        if current is not None and spider_open[0]:
            spider_open[0] = False
            deferred_from_coro(current.engine.close_spider_async(reason=STORAGE_ERROR_REASON))

    crawler.signals.connect(opened, signal=signals.spider_opened, weak=False)
    crawler.signals.connect(closed, signal=signals.spider_closed, weak=False)
    job.storage.bind(stop)


def _announce(crawler: Any, job: CrawlJob) -> None:
    """Warnings about skipped input lines once, and which packaged titles a crawl without
    ``-a authors`` searches; a broken job closes the spider when it opens."""
    if job.error is not None:
        refuse_to_start(crawler, job.error)
        return
    for warning in job.inputs.warnings:
        logger.warning(warning)
    if job.inputs.default_search is not None:
        titles = sum(len(group.publications) for group in job.inputs.groups)
        logger.info("citeseeker: no -a authors given: searching the %d title(s) of %d author "
                    "group(s) in %s", titles, len(job.inputs.groups), job.inputs.default_search)


def refuse_to_start(crawler: Any, message: str) -> None:
    """Close the spider when it opens, with one error line and :data:`BAD_INPUT_REASON` (exit
    status 2): for a broken input, and for a component that cannot work (an unreachable Redis).
    The message goes out at once as :data:`~citeseeker_scrapy.signals.crawl_refused`: the
    ``crawl`` command collects it to print as the last lines, also with ``--nolog``."""
    crawler.signals.send_catch_log(crawl_refused, message=message)

    def refuse(spider: Any) -> None:
        logger.error("citeseeker: error: %s", message)
        raise CloseSpider(BAD_INPUT_REASON)

    crawler.signals.connect(refuse, signal=signals.spider_opened, weak=False)
