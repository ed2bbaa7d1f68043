"""Start points others know, asked before the crawl's first request: every configured
provider in turn (a citation index's cited-by lists, a search engine), then one list in
Algorithm 7.1's order. Who calls it: :mod:`spiders.providers` (:func:`run_providers` in a
worker thread, then :func:`merge_start_points`), and the report extension
(:func:`citedby_summary`).
"""

from __future__ import annotations

from typing import Iterable, Sequence

from ..matching.model import AuthorGroup
from ..stats import CITEDBY_CONFIRMED, CITEDBY_LISTED, CITEDBY_REACHABLE
from .citedby import OpenAlexCitedBy
from .model import CitingWork, Fetch, ProviderConfig, ProviderError, ProviderOutcome, ProviderSpec
from .search import queries_for, search


def run_providers(config: ProviderConfig, groups: Sequence[AuthorGroup], fetch: Fetch,
                  index_fetch: Fetch | None = None) -> ProviderOutcome:
    """Ask every configured provider, one request at a time (``index_fetch`` for the citation
    indexes, so search API keys in headers never reach them); a provider that fails adds one
    warning, and what it found before failing is kept."""
    outcome = ProviderOutcome()
    for spec in config.citedby:
        _cited_by(spec, config, groups, index_fetch or fetch, outcome)
    queries = queries_for(groups, config) if config.search else []
    for spec in config.search:
        name = f"{spec.kind} {spec.address}"
        try:
            urls = search(spec, queries, config, fetch)
        except ProviderError as error:
            outcome.warnings.append(f"search provider {name} failed: {error}")
            continue
        outcome.notes.append(f"{name}: {len(urls)} result(s) for {len(queries)} query(ies): "
                             + " | ".join(queries))
        outcome.listings.append((name, urls))
        outcome.search_urls += urls
    return outcome


def _cited_by(spec: ProviderSpec, config: ProviderConfig, groups: Sequence[AuthorGroup],
              fetch: Fetch, outcome: ProviderOutcome) -> None:
    index = OpenAlexCitedBy(spec, config, fetch)
    name = f"cited-by {spec.kind} {spec.address}"
    found: list[CitingWork] = []
    try:
        for group in groups:
            for title in group.publications:
                work_id, citing = index.citing_works(group, title)
                outcome.notes.append(f"{name}: {title!r} is "
                                     + (f"{work_id}, cited by {len(citing)} listed work(s)"
                                        if work_id else "not in the index"))
                found += citing
    except ProviderError as error:
        outcome.warnings.append(f"{name} failed: {error}")
    outcome.citing += found
    outcome.listings.append((name, [url for work in found for url in work.urls]))


def merge_start_points(citing: Iterable[CitingWork], user: Iterable[str],
                       search_urls: Iterable[str]) -> list[str]:
    """Algorithm 7.1's input, in priority order: cited-by URLs first, then the user's start
    points, then search results; each URL once."""
    ordered = [url for work in citing for url in work.urls]
    return list(dict.fromkeys([*ordered, *user, *search_urls]))


def citedby_summary(value) -> dict[str, str]:
    """summary.log's line when a cited-by provider was asked; ``value(name)`` reads a
    statistic, None when absent."""
    if value(CITEDBY_LISTED) is None:
        return {}
    listed, reachable, confirmed = (value(name) or 0 for name in (
        CITEDBY_LISTED, CITEDBY_REACHABLE, CITEDBY_CONFIRMED))
    return {"Cited-by works (index)": f"{listed} listed, {reachable} reachable, "
                                      f"{confirmed} confirmed"}
