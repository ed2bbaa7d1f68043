"""Incremental re-crawl (issue 14, seed paper 002): state of a crawl, site split, decisions.

Pure core (no Scrapy): :mod:`.state` (the state file), :mod:`.sites` (directory and link
split), :mod:`.plan` (modes and decisions, citation diff), :mod:`.session` (one crawl's
shared state). The adapters are ``middlewares/conditional.py``, ``pipelines/recrawl.py`` and
``extensions/recrawl.py``.
"""

from .plan import RecrawlPlan, RecrawlSettings
from .session import Answer, RecrawlSession, recrawl_session
from .sites import Site, split_sites
from .state import DocumentRecord, read_state

__all__ = ["Answer", "DocumentRecord", "RecrawlPlan", "RecrawlSession", "RecrawlSettings",
           "Site", "read_state", "recrawl_session", "split_sites"]

#: The spider argument ``-a recrawl=PREVIOUS_JOBDIR`` and the setting that carries it.
RECRAWL_ARGUMENT = "recrawl"
RECRAWL_SETTING = "CITESEEKER_RECRAWL_FROM"


def apply_recrawl_argument(settings, spider_args) -> None:
    """``-a recrawl=DIR`` becomes ``CITESEEKER_RECRAWL_FROM`` (called by the spider's
    ``from_crawler``, before anything reads the settings)."""
    if spider_args.get(RECRAWL_ARGUMENT) is not None:
        settings.set(RECRAWL_SETTING, str(spider_args[RECRAWL_ARGUMENT]), priority="spider")
