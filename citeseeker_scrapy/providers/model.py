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

from ..config import SettingsLike, parse_boolean
from ..exceptions import CiteSeekerError, ConfigError

#: fetch(url) -> parsed JSON; raises ProviderError. One call at a time (the providers are polite).
Fetch = Callable[[str], Any]

OPENALEX = "https://api.openalex.org"
MAX_TERMS = 10          # the original's limit (Google Web APIs, thesis Table 5.3)

PROVIDER_DEFAULTS: dict[str, Any] = {
    "CITESEEKER_SEARCH": "",
    "CITESEEKER_SEARCH_TERMS": "",
    "CITESEEKER_SEARCH_OPERATOR": "AND",
    "CITESEEKER_SEARCH_MAX_RESULTS": 10,
    "CITESEEKER_SEARCH_FILTER": True,
    "CITESEEKER_SEARCH_RESULTS_PATH": "results",
    "CITESEEKER_SEARCH_URL_FIELD": "url",
    "CITESEEKER_SEARCH_HEADERS": "",
    "CITESEEKER_CITEDBY": "",
    "CITESEEKER_CITEDBY_MAILTO": "",
    "CITESEEKER_CITEDBY_MAX_PAGES": 5,
    "CITESEEKER_CITEDBY_PER_PAGE": 50,
    "CITESEEKER_PROVIDER_TIMEOUT": 30.0,
}


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
    operator: str = "AND"
    max_results: int = 10
    filter_servers: bool = True
    results_path: str = "results"
    url_field: str = "url"
    headers: Mapping[str, str] = field(default_factory=dict)
    mailto: str = ""
    max_pages: int = 5
    per_page: int = 50
    timeout: float = 30.0

    @property
    def enabled(self) -> bool:
        return bool(self.search or self.citedby)

    @classmethod
    def from_settings(cls, settings: SettingsLike, *, search: str | None = None,
                      citedby: str | None = None) -> "ProviderConfig":
        def value(name: str) -> Any:
            raw = settings.get(name)
            return PROVIDER_DEFAULTS[name] if raw is None else raw

        try:
            config = cls(
                search=_specs(search or value("CITESEEKER_SEARCH"), ("searxng", "json")),
                citedby=_specs(citedby or value("CITESEEKER_CITEDBY"), ("openalex",)),
                terms=tuple(t.strip() for t in str(value("CITESEEKER_SEARCH_TERMS")).split("|")
                            if t.strip()),
                operator=str(value("CITESEEKER_SEARCH_OPERATOR")).strip().upper(),
                max_results=int(value("CITESEEKER_SEARCH_MAX_RESULTS")),
                filter_servers=parse_boolean(value("CITESEEKER_SEARCH_FILTER"),
                                             "CITESEEKER_SEARCH_FILTER"),
                results_path=str(value("CITESEEKER_SEARCH_RESULTS_PATH")),
                url_field=str(value("CITESEEKER_SEARCH_URL_FIELD")),
                headers=_headers(value("CITESEEKER_SEARCH_HEADERS")),
                mailto=str(value("CITESEEKER_CITEDBY_MAILTO")),
                max_pages=int(value("CITESEEKER_CITEDBY_MAX_PAGES")),
                per_page=int(value("CITESEEKER_CITEDBY_PER_PAGE")),
                timeout=float(value("CITESEEKER_PROVIDER_TIMEOUT")),
            )
        except (TypeError, ValueError) as error:
            raise ConfigError(f"a CITESEEKER_SEARCH/CITEDBY setting is invalid: {error}") from error
        config.validate()
        return config

    def validate(self) -> None:
        if self.operator not in ("AND", "OR"):
            raise ConfigError(
                f"CITESEEKER_SEARCH_OPERATOR must be AND or OR, not {self.operator!r}")
        if min(self.max_results, self.max_pages, self.per_page) < 1 or self.timeout <= 0:
            raise ConfigError("CITESEEKER_SEARCH_MAX_RESULTS, CITESEEKER_CITEDBY_MAX_PAGES, "
                              "_PER_PAGE and CITESEEKER_PROVIDER_TIMEOUT must be positive")
        if len(self.terms) > MAX_TERMS:
            raise ConfigError(f"CITESEEKER_SEARCH_TERMS: at most {MAX_TERMS} terms (the original's "
                              f"limit), not {len(self.terms)}")


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


def _headers(raw: Any) -> dict[str, str]:
    if not raw:
        return {}
    if isinstance(raw, str):
        raw = json.loads(raw)
    return {str(k): str(v) for k, v in dict(raw).items()}
