"""Incremental re-crawl (seed paper 002): state of a crawl, site split, decisions.

Pure core (no Scrapy): :mod:`.state` (the state file), :mod:`.sites` (directory and link
split), :mod:`.plan` (modes and decisions, citation diff), :mod:`.session` (one crawl's
shared state). The adapters are ``middlewares/conditional.py``, ``pipelines/recrawl.py`` and
``extensions/recrawl.py``; ``-a recrawl=`` is resolved with the job's other directories
(:func:`citeseeker_scrapy.job.directories.apply_recrawl_argument`).
"""

from .plan import RecrawlPlan, RecrawlSettings
from .session import Answer, RecrawlSession
from .sites import Site, split_sites
from .state import DocumentRecord, read_state

__all__ = ["Answer", "DocumentRecord", "RecrawlPlan", "RecrawlSession", "RecrawlSettings",
           "Site", "read_state", "split_sites"]
