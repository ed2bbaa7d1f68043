"""The CITESEEKER_SITE_SEARCH* settings, read and validated (docs/site-search.md).

Who reads it: the crawl's job (``job/crawl_job.py``, which parses every settings group once;
the spider's adapter, :mod:`spiders.site_search`, takes them from the job). Apart from
:mod:`citeseeker_scrapy.site_search.forms` because the job needs the settings only: the forms'
rules parse HTML (``extraction.html``, lxml), which a job that never searches a site need not
load.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from citeseeker_scrapy.settings_table import SettingsLike, default_of, read

#: Title words added to each surname in ``only`` mode unless set. Why: a focused crawl keeps
#: only what the searches list, and a bare surname also lists every page that merely names the
#: author, below the harvest the paper reached; a surname and two title words lists the
#: citing documents, with the same recall (bench_site_search.py measures both). ``first``
#: crawls the server anyway, so its searches stay broad (surnames).
FOCUSED_TITLE_WORDS = 2


@dataclass(frozen=True)
class SiteSearchConfig:
    """The CITESEEKER_SITE_SEARCH* settings, validated (docs/site-search.md)."""

    mode: str = default_of("CITESEEKER_SITE_SEARCH")
    probe_pages: int = default_of("CITESEEKER_SITE_SEARCH_PROBE_PAGES")
    pages: int = default_of("CITESEEKER_SITE_SEARCH_PAGES")
    max_queries: int = default_of("CITESEEKER_SITE_SEARCH_MAX_QUERIES")
    #: title words of each query; the setting's empty default: chosen by the mode
    title_words: int = 0

    @classmethod
    def from_settings(cls, settings: SettingsLike) -> "SiteSearchConfig":
        def value(name: str) -> Any:
            return read(settings, f"CITESEEKER_SITE_SEARCH{name}")

        mode = value("")
        title_words = value("_TITLE_WORDS")
        if title_words is None:
            title_words = FOCUSED_TITLE_WORDS if mode == "only" else 0
        return cls(mode=mode, probe_pages=value("_PROBE_PAGES"), pages=value("_PAGES"),
                   max_queries=value("_MAX_QUERIES"), title_words=title_words)

    @property
    def enabled(self) -> bool:
        return self.mode != "off"
