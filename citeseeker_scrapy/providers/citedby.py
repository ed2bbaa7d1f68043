"""Cited-by start points from an OpenAlex-style citation index.

An index already knows many citing works, but not whether their full text is reachable nor where
the citation sits. For each searched publication (title + authors) the work is resolved
(``/works?filter=title.search:…``, else ``/works?search=…``; the best title match that names one
of the authors), the works citing it are listed (``/works?filter=cites:ID``, ``cursor``
pagination, at most ``max_pages`` pages), and their open-access PDF and landing-page URLs become
the crawl's first start points, so the crawl verifies each citation in the full text.

Polite by default: one request at a time, a ``mailto`` parameter when configured (OpenAlex's
"polite pool"), ``select`` to ask only for the fields used, bounded pages.
"""

from __future__ import annotations

from typing import Any, Iterator
from urllib.parse import urlencode

from rapidfuzz import fuzz

from ..matching.model import AuthorGroup
from ..matching.normalize import normalize_text
from .model import CitingWork, Fetch, ProviderConfig, ProviderError, ProviderSpec
from .search import http_url, surname

#: Title similarity (rapidfuzz ratio of normalized titles) for a work to be "the" publication.
MIN_TITLE_SIMILARITY = 90.0
CANDIDATES = 10
SELECT = "id,title,display_name,open_access,primary_location,best_oa_location,authorships"


class OpenAlexCitedBy:
    """Resolves publications to works and lists the works citing them."""

    def __init__(self, spec: ProviderSpec, config: ProviderConfig, fetch: Fetch) -> None:
        self.base = spec.address
        self.config = config
        self.fetch = fetch

    def citing_works(self, group: AuthorGroup, title: str) -> tuple[str | None, list[CitingWork]]:
        """(the resolved work's id or None, the works citing it)."""
        work = self.resolve(group, title)
        if work is None:
            return None, []
        work_id = short_id(work.get("id"))
        citing = [self._citing(item, title) for item in self._cites_pages(work_id)]
        return work_id, [work for work in citing if work is not None]

    def resolve(self, group: AuthorGroup, title: str) -> dict | None:
        """The best-matching work, by title filter first, then by full-text search."""
        clean = " ".join(title.replace(",", " ").replace("|", " ").split())
        for query in ({"filter": f"title.search:{clean}"}, {"search": clean}):
            answer = self.fetch(self._url({**query, "per-page": CANDIDATES}))
            best = best_match(_results(answer), title, group.authors)
            if best is not None:
                return best
        return None

    def _cites_pages(self, work_id: str) -> Iterator[dict]:
        cursor: str | None = "*"
        for _ in range(self.config.max_pages):
            answer = self.fetch(self._url({"filter": f"cites:{work_id}", "cursor": cursor,
                                           "per-page": self.config.per_page,
                                           "select": SELECT}))
            yield from _results(answer)
            cursor = (answer.get("meta") or {}).get("next_cursor")
            if not cursor:
                return

    def _citing(self, item: Any, cites: str) -> CitingWork | None:
        if not isinstance(item, dict) or not item.get("id"):
            return None
        urls = tuple(dict.fromkeys(u for u in work_urls(item) if http_url(u)))
        title = str(item.get("title") or item.get("display_name") or "")
        return CitingWork(short_id(item["id"]), title, cites, urls)

    def _url(self, params: dict[str, Any]) -> str:
        if self.config.mailto:
            params = {**params, "mailto": self.config.mailto}
        return f"{self.base}/works?{urlencode(params)}"


def work_urls(item: dict) -> list[str]:
    """Full text first (PDFs), then landing pages."""
    primary = item.get("primary_location") or {}
    best = item.get("best_oa_location") or {}
    open_access = item.get("open_access") or {}
    candidates = [primary.get("pdf_url"), best.get("pdf_url"), open_access.get("oa_url"),
                  primary.get("landing_page_url"), best.get("landing_page_url")]
    return [url.strip() for url in candidates if isinstance(url, str) and url.strip()]


def best_match(results: list, title: str, authors: tuple[str, ...]) -> dict | None:
    """The result whose title is most like ``title`` (>= 90) and that names one of
    ``authors`` (when the index lists authors at all)."""
    wanted = normalize_text(title)
    names = {normalize_text(surname(a)) for a in authors if surname(a)}
    best, best_score = None, MIN_TITLE_SIMILARITY
    for work in results:
        if not isinstance(work, dict):
            continue
        score = fuzz.ratio(wanted, normalize_text(str(work.get("title") or
                                                      work.get("display_name") or "")))
        if score >= best_score and _names_an_author(work, names):
            best, best_score = work, score
    return best


def _names_an_author(work: dict, surnames: set[str]) -> bool:
    authorships = work.get("authorships")
    if not authorships or not surnames:
        return True
    listed = " ".join(normalize_text(str((a.get("author") or {}).get("display_name") or ""))
                      for a in authorships if isinstance(a, dict))
    return any(name in listed.split() for name in surnames)


def short_id(work_id: Any) -> str:
    """``https://openalex.org/W2741809807`` → ``W2741809807``."""
    text = str(work_id or "")
    return text.rstrip("/").rsplit("/", 1)[-1]


def _results(answer: Any) -> list:
    results = answer.get("results") if isinstance(answer, dict) else None
    if not isinstance(results, list):
        raise ProviderError("the answer has no 'results' list")
    return results
