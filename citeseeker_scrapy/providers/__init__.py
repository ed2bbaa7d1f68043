"""Start points others know: a search engine (the original's "Invoke Google") and a citation
index's cited-by lists. Pure: no Scrapy, no Twisted; HTTP through an injected ``fetch``.
Who calls it: :mod:`spiders.providers` runs :func:`run_providers` in a worker thread before the
first request and hands :func:`merge_start_points`'s list to the spider.

The names below are loaded when first asked for (``lazy_names``, PEP 562): the crawl job
reads only the providers' settings (``model.ProviderConfig``) at every ``scrapy`` command's
start; the index's title matching (``citedby``, with its fuzzy matcher) and the search
queries are the providers' run's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..lazy_names import lazy_names

if TYPE_CHECKING:  # what type checkers and readers see; at run time __getattr__ loads them
    from .model import (
        CitingWork, ProviderConfig, ProviderError, ProviderOutcome, ProviderSpec, http_fetcher,
    )
    from .search import build_query, queries_for
    from .start_points import citedby_summary, merge_start_points, run_providers

__getattr__ = lazy_names(__name__)
