"""Settings, results and the HTTP client of the start-point providers (pure: no Scrapy).

Who calls it: the providers of this package and :mod:`spiders.providers` (the adapter that runs
them before the crawl's first request).
"""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

from ..settings_table import SettingsLike, default_of, read
from ..exceptions import CiteSeekerError, ConfigError

#: fetch(url) -> parsed JSON; raises ProviderError. One call at a time (the providers are polite).
Fetch = Callable[[str], Any]

OPENALEX = "https://api.openalex.org"
MAX_TERMS = 10          # the original's limit (Google Web APIs, thesis Table 5.3)

class ProviderError(CiteSeekerError):
    """A provider that cannot answer (HTTP error, not JSON, unexpected shape)."""


@dataclass(frozen=True)
class ProviderSpec:
    """One provider named by ``kind:address``: ``searxng:http://host:8888``,
    ``json:https://api.example.org/search?q={query}``, ``openalex`` or ``openalex:http://...``."""

    kind: str
    address: str

    @classmethod
    def parse(cls, text: str, kinds: tuple[str, ...]) -> "ProviderSpec":
        kind, _, address = text.strip().partition(":")
        kind = kind.lower()
        if kind not in kinds:
            raise ConfigError(f"unknown provider {text!r}: use one of "
                              + ", ".join(f"{k}:URL" for k in kinds))
        if kind == "openalex" and not address:
            address = OPENALEX
        if not address.lower().startswith(("http://", "https://")):
            raise ConfigError(f"provider {text!r} needs an http(s) address")
        return cls(kind, address.rstrip("/") if kind != "json" else address)


@dataclass(frozen=True)
class ProviderConfig:
    """What to ask whom; read once from settings and the spider's ``search``/``citedby``."""

    search: tuple[ProviderSpec, ...] = ()
    citedby: tuple[ProviderSpec, ...] = ()
    terms: tuple[str, ...] = ()
    operator: str = default_of("CITESEEKER_SEARCH_OPERATOR")
    max_results: int = default_of("CITESEEKER_SEARCH_MAX_RESULTS")
    filter_servers: bool = default_of("CITESEEKER_SEARCH_FILTER")
    results_path: str = default_of("CITESEEKER_SEARCH_RESULTS_PATH")
    url_field: str = default_of("CITESEEKER_SEARCH_URL_FIELD")
    headers: Mapping[str, str] = field(default_factory=dict)
    mailto: str = default_of("CITESEEKER_CITEDBY_MAILTO")
    max_pages: int = default_of("CITESEEKER_CITEDBY_MAX_PAGES")
    per_page: int = default_of("CITESEEKER_CITEDBY_PER_PAGE")
    timeout: float = default_of("CITESEEKER_PROVIDER_TIMEOUT")

    @property
    def enabled(self) -> bool:
        return bool(self.search or self.citedby)

    @classmethod
    def from_settings(cls, settings: SettingsLike, *, search: str | None = None,
                      citedby: str | None = None) -> "ProviderConfig":
        def value(name: str) -> Any:
            return read(settings, name)

        terms = tuple(t.strip() for t in value("CITESEEKER_SEARCH_TERMS").split("|") if t.strip())
        if len(terms) > MAX_TERMS:
            raise ConfigError(f"CITESEEKER_SEARCH_TERMS: at most {MAX_TERMS} terms (the "
                              f"original's limit), not {len(terms)}")
        return cls(
            search=_specs(search or value("CITESEEKER_SEARCH"), ("searxng", "json")),
            citedby=_specs(citedby or value("CITESEEKER_CITEDBY"), ("openalex",)),
            terms=terms,
            operator=value("CITESEEKER_SEARCH_OPERATOR"),
            max_results=value("CITESEEKER_SEARCH_MAX_RESULTS"),
            filter_servers=value("CITESEEKER_SEARCH_FILTER"),
            results_path=value("CITESEEKER_SEARCH_RESULTS_PATH"),
            url_field=value("CITESEEKER_SEARCH_URL_FIELD"),
            headers=value("CITESEEKER_SEARCH_HEADERS"),
            mailto=value("CITESEEKER_CITEDBY_MAILTO"),
            max_pages=value("CITESEEKER_CITEDBY_MAX_PAGES"),
            per_page=value("CITESEEKER_CITEDBY_PER_PAGE"),
            timeout=value("CITESEEKER_PROVIDER_TIMEOUT"),
        )


@dataclass(frozen=True)
class CitingWork:
    """A work an index lists as citing a searched publication, and where its text may be."""

    work_id: str
    title: str
    cites: str                      # the searched publication's title
    urls: tuple[str, ...]


@dataclass
class ProviderOutcome:
    """Everything the providers gave, plus what to tell the user (written by the adapter)."""

    citing: list[CitingWork] = field(default_factory=list)
    search_urls: list[str] = field(default_factory=list)
    listings: list[tuple[str, list[str]]] = field(default_factory=list)   # (provider, urls)
    warnings: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


def http_fetcher(timeout: float, user_agent: str, headers: Mapping[str, str] | None = None,
                 ) -> Fetch:
    """A blocking JSON GET with the standard library, meant for a worker thread: no
    cookies, no robots.txt, nothing of the crawl's (these are API calls, not documents)."""
    base = {"User-Agent": user_agent, "Accept": "application/json", **dict(headers or {})}

    def fetch(url: str) -> Any:
        request = urllib.request.Request(url, headers=base)
        try:
            with urllib.request.urlopen(request, timeout=timeout) as answer:  # noqa: S310
                body = answer.read(16 * 1024 * 1024)
        except urllib.error.HTTPError as error:
            raise ProviderError(f"HTTP {error.code} from {url}") from error
        except (urllib.error.URLError, OSError) as error:
            raise ProviderError(f"{url}: {getattr(error, 'reason', error)}") from error
        try:
            return json.loads(body)
        except ValueError as error:
            raise ProviderError(f"not JSON from {url}: {body[:60]!r}") from error

    return fetch


def _specs(raw: Any, kinds: tuple[str, ...]) -> tuple[ProviderSpec, ...]:
    words = str(raw or "").split()
    return tuple(ProviderSpec.parse(word, kinds) for word in words)
