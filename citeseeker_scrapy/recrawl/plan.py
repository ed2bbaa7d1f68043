"""Which documents a re-crawl fetches, asks conditionally, or skips; and what changed.

Modes (``CITESEEKER_RECRAWL``):

* ``sites`` (the paper's method): the top pages of every site of the previous crawl
  are asked first; a site is re-crawled only when one of its tops changed (new MD5, or not
  there any more). Pages of unchanged sites are not requested at all: their citations still
  hold and their links (kept in the state) are followed, so the crawl still reaches the sites
  behind them. Every document that is fetched and has validators is asked conditionally.
* ``auto`` (default): every document the previous crawl got validators for
  (``ETag``, ``Last-Modified``) is asked conditionally: a 304 costs a request and no body, and
  a document revised in place is seen. A document without validators is decided as in
  ``pages``. So on servers that answer conditional requests every change is found at little
  more than ``pages``'s bytes; elsewhere it costs what ``pages`` costs (``bench/README.md``).
* ``pages``: every page (HTML and the like) is asked, conditionally where
  the server gives validators; documents (PDF, PostScript, archives, office files, text) only
  in sites whose top changed. New documents are always found, since they need a link on some
  page, and pages are small; what it misses is a document revised (or deleted) in place under
  an unchanged top.
* ``hybrid``: ``sites`` on servers that gave no validators in the previous crawl; on servers
  that did, every known document is asked conditionally (a 304 costs a request, no body).
* ``exhaustive``: every known document is asked conditionally (a full GET where the server
  gave no validators): every change is seen.

A document the previous crawl never saw is always fetched. Pure: no Scrapy.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable, Mapping

from ..exceptions import ConfigError
from ..settings_table import SettingsLike, choices_of, read
from ..urls import extension_of, server_of
from .sites import Site, split_sites
from .state import STATE_FILE, DocumentRecord, read_state

SITES, PAGES, HYBRID, EXHAUSTIVE, AUTO = "sites", "pages", "hybrid", "exhaustive", "auto"
MODES = choices_of("CITESEEKER_RECRAWL")
#: What ``pages`` mode takes for a page (the rest are documents: PDF, PS, archives...).
PAGE_EXTENSIONS = frozenset({"", "htm", "html", "shtml", "dhtml", "xhtml", "xml", "php", "php3",
                             "php4", "asp", "aspx", "jsp", "cfm"})
#: Decisions for one request.
FETCH, CONDITIONAL, SKIP, WAIT = "fetch", "conditional", "skip", "wait"
#: What a top page turned out to be.
CHANGED, UNCHANGED = "changed", "unchanged"
#: HTTP statuses that mean the document is gone (its citations disappeared).
GONE_STATUSES = frozenset({404, 410})


@dataclass(frozen=True)
class RecrawlSettings:
    """``CITESEEKER_RECRAWL_FROM`` (the previous JOBDIR; empty: not a re-crawl),
    ``CITESEEKER_RECRAWL`` (mode), ``CITESEEKER_RECRAWL_SPLIT`` (site split)."""

    previous: Path | None
    mode: str
    split: str

    @classmethod
    def from_settings(cls, settings: SettingsLike, jobdir: str | None = None) -> RecrawlSettings:
        mode = read(settings, "CITESEEKER_RECRAWL")
        split = read(settings, "CITESEEKER_RECRAWL_SPLIT")
        raw = read(settings, "CITESEEKER_RECRAWL_FROM").strip()
        previous = Path(raw) if raw else None
        if previous is not None:
            _check_previous(previous, jobdir)
        return cls(previous, mode, split)


def _check_previous(previous: Path, jobdir: str | None) -> None:
    """The previous crawl must be a JOBDIR with a readable state, and not this crawl's own."""
    state = previous / STATE_FILE
    if not previous.is_dir():
        raise ConfigError(f"-a recrawl={previous}: no such directory (give the JOBDIR of the "
                          "previous crawl)")
    if not state.is_file():
        raise ConfigError(f"-a recrawl={previous}: no {STATE_FILE} there; only a crawl run "
                          "with JOBDIR (or -a crawl=NAME) keeps what a re-crawl needs")
    try:
        with open(state, encoding="utf-8") as handle:
            handle.read(1)
    except OSError as error:
        raise ConfigError(f"-a recrawl={previous}: cannot read {state}: {error}") from error
    if jobdir and Path(jobdir).resolve() == previous.resolve():
        raise ConfigError(f"-a recrawl={previous} is this crawl's own JOBDIR; give the "
                          "re-crawl a JOBDIR of its own")


def citation_key(citation: Mapping[str, Any]) -> tuple[str, str]:
    """A citation is the same when the same part cites the same publication."""
    return (str(citation.get("member") or ""), str(citation.get("publication") or ""))


def new_citations(current: Iterable[dict], previous: Iterable[dict]) -> list[dict]:
    before = {citation_key(c) for c in previous}
    return [c for c in current if citation_key(c) not in before]


def gone_citations(current: Iterable[dict], previous: Iterable[dict]) -> list[dict]:
    now = {citation_key(c) for c in current}
    return [c for c in previous if citation_key(c) not in now]


@dataclass
class RecrawlPlan:
    """The previous crawl's documents and sites, and what this re-crawl learned of the tops."""

    previous: dict[str, DocumentRecord]
    mode: str
    sites: list[Site]
    sites_of: dict[str, list[int]] = field(default_factory=dict)
    tops: dict[str, list[int]] = field(default_factory=dict)
    top_state: dict[str, str] = field(default_factory=dict)
    validating_servers: frozenset[str] = frozenset()

    @classmethod
    def load(cls, settings: RecrawlSettings) -> RecrawlPlan:
        previous = read_state(settings.previous / STATE_FILE)
        return cls.of(previous, settings.mode, settings.split)

    @classmethod
    def of(cls, previous: dict[str, DocumentRecord], mode: str, split: str) -> RecrawlPlan:
        sites = split_sites(previous, split)
        plan = cls(previous, mode, sites)
        for index, site in enumerate(sites):
            for url in site.members:
                plan.sites_of.setdefault(url, []).append(index)
            for url in site.tops:
                plan.tops.setdefault(url, []).append(index)
        plan.validating_servers = frozenset(server_of(u) for u, r in previous.items()
                                            if r.has_validators)
        return plan

    # --- decisions ----------------------------------------------------------------------------

    def decide(self, url: str) -> str:
        """FETCH (unknown to the previous crawl), CONDITIONAL (ask it, with validators when
        there are some), SKIP (its sites are unchanged), WAIT (a top of its site is not
        known yet: ask the tops first)."""
        record = self.previous.get(url)
        if record is None:
            return FETCH
        if not self._uses_sites(url) or url in self.tops or url not in self.sites_of:
            return CONDITIONAL
        states = [self.site_state(index) for index in self.sites_of[url]]
        if CHANGED in states:
            return CONDITIONAL
        return WAIT if None in states else SKIP

    def _uses_sites(self, url: str) -> bool:
        if self.mode == SITES:
            return True
        if self.mode == AUTO and self.previous[url].has_validators:
            return False
        if self.mode in (PAGES, AUTO):
            return extension_of(url) not in PAGE_EXTENSIONS
        return self.mode == HYBRID and server_of(url) not in self.validating_servers

    def site_state(self, index: int) -> str | None:
        """CHANGED when a top changed, UNCHANGED when all are known unchanged, else None."""
        states = [self.top_state.get(top) for top in self.sites[index].tops]
        if CHANGED in states:
            return CHANGED
        return None if None in states else UNCHANGED

    def unknown_tops(self, url: str) -> list[str]:
        """The tops to ask before deciding on ``url``."""
        tops = [top for index in self.sites_of.get(url, ())
                for top in self.sites[index].tops if top not in self.top_state]
        return list(dict.fromkeys(tops))

    def note_top(self, url: str, changed: bool) -> None:
        """What a top page's answer showed (a top that is no top is ignored)."""
        if url in self.tops:
            self.top_state[url] = CHANGED if changed else UNCHANGED

    def is_top(self, url: str) -> bool:
        return url in self.tops

    def unchanged_body(self, url: str, body_md5: str) -> bool:
        record = self.previous.get(url)
        return record is not None and record.status == 200 and record.body_md5 == body_md5

    def site_counts(self) -> dict[str, int]:
        """Sites whose tops were all unchanged (skipped) and sites with a changed top."""
        states = [self.site_state(i) for i in range(len(self.sites))]
        return {"sites_skipped": states.count(UNCHANGED), "sites_changed": states.count(CHANGED)}
