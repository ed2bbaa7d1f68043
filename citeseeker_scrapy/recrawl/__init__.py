"""Incremental re-crawl (issue 14, seed paper 002): state of a crawl, site split, decisions.

Pure core (no Scrapy): :mod:`.state` (the state file), :mod:`.sites` (directory and link
split), :mod:`.plan` (modes and decisions, citation diff), :mod:`.session` (one crawl's
shared state). The adapters are ``middlewares/conditional.py``, ``pipelines/recrawl.py`` and
``extensions/recrawl.py``.
"""

import os
from pathlib import Path

from ..config import CRAWL_NAME
from citeseeker_scrapy.job.directories import crawl_dir, scrapyd_job
from .plan import RecrawlPlan, RecrawlSettings
from .session import Answer, RecrawlSession, recrawl_session
from .sites import Site, split_sites
from .state import DocumentRecord, read_state

__all__ = ["Answer", "DocumentRecord", "RecrawlPlan", "RecrawlSession", "RecrawlSettings",
           "Site", "read_state", "recrawl_session", "split_sites"]

#: The spider argument ``-a recrawl=PREVIOUS_JOBDIR`` and the setting that carries it.
RECRAWL_ARGUMENT = "recrawl"
RECRAWL_SETTING = "CITESEEKER_RECRAWL_FROM"


def apply_recrawl_argument(settings, spider_args, spider: str = "citeseeker",
                           environ=os.environ) -> None:
    """``-a recrawl=DIR`` becomes ``CITESEEKER_RECRAWL_FROM`` (called by the spider's
    ``from_crawler``, before anything reads the settings). A crawl name that is no directory
    here names a named crawl's JOBDIR (``-a recrawl=may`` after ``-a crawl=may``; under Scrapyd
    too, where relative paths are Scrapyd's)."""
    value = spider_args.get(RECRAWL_ARGUMENT)
    if value is None:
        return
    value = str(value)
    if not Path(value).exists() and CRAWL_NAME.fullmatch(value):
        named = crawl_dir(value, spider, settings, environ,
                          under_scrapyd=scrapyd_job(spider_args, environ) is not None)
        value = str(named) if named.is_dir() else value
    settings.set(RECRAWL_SETTING, value, priority="spider")
