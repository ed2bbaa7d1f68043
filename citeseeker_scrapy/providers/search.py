"""Start points from a search engine: the original's "Invoke Google" (thesis §5, Appendix A).

The query follows the original's options: terms (a term of several words is a phrase, no quotes
needed), joined by AND (juxtaposition) or OR, at most ten terms, a maximum number of results, and
the "filter" (at most two results from one server). Without user terms, one query is built per
searched publication: its title as a phrase AND the surnames of its authors.

Providers: **SearXNG** (``GET /search?q=…&format=json&pageno=N`` →
``{"results": [{"url", "title", "content"}]}``) and a **generic JSON API** (a URL template with
``{query}``, ``{max}``, and optionally ``{page}`` or ``{offset}``; the result list and the URL
inside each result are named by dotted paths).
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Iterable, Iterator, Sequence
from urllib.parse import quote, quote_plus, urlsplit

from ..matching.model import AuthorGroup
from .model import MAX_TERMS, Fetch, ProviderConfig, ProviderError, ProviderSpec

#: Results pages asked of one engine for one query at most, whatever max_results says.
MAX_RESULT_PAGES = 10
PER_SERVER_WITH_FILTER = 2


def phrase(term: str) -> str:
    """A term of several words is a phrase (the original quoted it for the user)."""
    term = " ".join(term.split())
    if " " in term and not (term.startswith('"') and term.endswith('"')):
        return f'"{term.replace(chr(34), "")}"'
    return term


def build_query(terms: Sequence[str], operator: str = "AND") -> str:
    """``"a phrase" word`` (AND) or ``"a phrase" OR word`` (OR); at most ten terms."""
    parts = [phrase(term) for term in terms if term.strip()][:MAX_TERMS]
    return (" OR " if operator.upper() == "OR" else " ").join(parts)


def surname(author: str) -> str:
    """``Fiala``, ``D. Fiala`` and ``Fiala, D.`` all give ``Fiala``."""
    name = author.split(",")[0] if "," in author else author
    words = name.split()
    return words[-1] if words else ""


def queries_for(groups: Iterable[AuthorGroup], config: ProviderConfig) -> list[str]:
    """The user's terms as one query, or one query per searched publication."""
    if config.terms:
        return [build_query(config.terms, config.operator)]
    queries = []
    for group in groups:
        names = [surname(author) for author in group.authors if surname(author)]
        for title in group.publications:
            queries.append(build_query([title, *names[:MAX_TERMS - 1]], "AND"))
    return list(dict.fromkeys(queries))


def search(spec: ProviderSpec, queries: Sequence[str], config: ProviderConfig,
           fetch: Fetch) -> list[str]:
    """Result URLs (http/https only, no duplicates, filtered per server) for all queries."""
    found: list[str] = []
    for query in queries:
        pages = _result_pages(spec, query, config, fetch)
        found += _take(pages, config.max_results)
    return _filtered(dict.fromkeys(found), config.filter_servers)


def _result_pages(spec: ProviderSpec, query: str, config: ProviderConfig,
                  fetch: Fetch) -> Iterator[list[str]]:
    for page in range(1, MAX_RESULT_PAGES + 1):
        if spec.kind == "searxng":
            url = f"{spec.address}/search?q={quote_plus(query)}&format=json&pageno={page}"
            yield _urls(fetch(url), "results", "url")
        else:
            url = _fill(spec.address, query, config.max_results, page)
            yield _urls(fetch(url), config.results_path, config.url_field)
            if "{page}" not in spec.address and "{offset}" not in spec.address:
                return


def _take(pages: Iterator[list[str]], limit: int) -> list[str]:
    taken: list[str] = []
    for urls in pages:
        if not urls:
            break
        taken += urls[: limit - len(taken)]
        if len(taken) >= limit:
            break
    return taken


def _fill(template: str, query: str, max_results: int, page: int) -> str:
    per_page = max_results
    return (template.replace("{query}", quote(query, safe=""))
            .replace("{max}", str(max_results))
            .replace("{page}", str(page))
            .replace("{offset}", str((page - 1) * per_page)))


def dig(data: Any, path: str) -> Any:
    """``dig({"web": {"results": [...]}}, "web.results")``; an empty path is ``data``."""
    for key in filter(None, path.split(".")):
        if isinstance(data, list) and key.isdigit():
            data = data[int(key)] if int(key) < len(data) else None
        elif isinstance(data, dict):
            data = data.get(key)
        else:
            return None
    return data


def _urls(answer: Any, results_path: str, url_field: str) -> list[str]:
    results = dig(answer, results_path)
    if not isinstance(results, list):
        raise ProviderError(f"the answer has no result list at {results_path or 'its top'!r}")
    urls = []
    for result in results:
        url = dig(result, url_field)
        if isinstance(url, str) and http_url(url):
            urls.append(url.strip())
    return urls


def http_url(url: str) -> bool:
    """Only web addresses become start points: a result must never name a local file."""
    return urlsplit(url.strip()).scheme.lower() in ("http", "https")


def _filtered(urls: Iterable[str], filter_servers: bool) -> list[str]:
    """The original's Google filter: at most two results from one server."""
    if not filter_servers:
        return list(urls)
    per_server: Counter[str] = Counter()
    kept = []
    for url in urls:
        server = urlsplit(url).netloc.lower()
        per_server[server] += 1
        if per_server[server] <= PER_SERVER_WITH_FILTER:
            kept.append(url)
    return kept
