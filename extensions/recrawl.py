"""The re-crawl extension: the crawl's state file and the re-crawl's stats.

Every crawl with a JOBDIR appends one line per document to ``JOBDIR/recrawl-state.jsonl``
when the document's outcome is known (item scraped, dropped or failed; see
:mod:`citeseeker_scrapy.recrawl.state`), and at the end of a finished crawl writes its sites
(``recrawl-sites.json``: both splits, each site's tops with their MD5).

In a re-crawl (``-a recrawl=PREVIOUS_JOBDIR``) recording a document also tells which of its
citations are gone (it answers 404 or 410, or no longer cites a work it cited); the session
hands them to the re-crawl spider middleware, which yields them as real items
(:class:`~citeseeker_scrapy.recrawl.gone.GoneCitations`) to the feed and the report extension.

The state file is one of the job's files: a write the disk refuses goes to the job's storage
guard (:mod:`citeseeker_scrapy.storage`: one ERROR line, the crawl stops with exit status
3), and nothing more is written to it after that.

Stats ``citeseeker/recrawl/``: ``unchanged`` (documents whose citations still hold),
``citations_new``, ``documents_gone``, ``sites``, ``sites_skipped``, ``sites_changed``
(``citations_gone`` is counted by the spider middleware).
"""

from __future__ import annotations

import logging
import re
from pathlib import Path
from typing import Any, Callable

from scrapy import signals
from scrapy.exceptions import NotConfigured

from citeseeker_scrapy import signals as citeseeker_signals
from citeseeker_scrapy.document.item import DocumentItem
from citeseeker_scrapy.exceptions import is_storage_failure
from citeseeker_scrapy.job.crawl_job import crawl_job
from citeseeker_scrapy.storage import StorageGuard
from citeseeker_scrapy.recrawl import read_state
from citeseeker_scrapy.recrawl.sites import METHODS, split_sites
from citeseeker_scrapy.recrawl.state import SITES_FILE, write_json_atomically
from citeseeker_scrapy.stats import (
    RECRAWL as STATS, RECRAWL_CITATIONS_NEW, RECRAWL_DOCUMENTS_GONE, RECRAWL_SITES,
    RECRAWL_UNCHANGED,
)

_HTTP_STATUS = re.compile(r"^HTTP (\d{3})\b")
logger = logging.getLogger(__name__)


class RecrawlExtension:
    """See the module docstring."""

    def __init__(self, crawler: Any, session: Any, storage: StorageGuard) -> None:
        self.crawler = crawler
        self.stats = crawler.stats
        self.session = session
        self.storage = storage

    def _guarded(self, write: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        """Run a write of the state file; a disk failure goes to the job's storage guard
        (one ERROR line, the crawl stops) instead of a traceback per document. After a
        storage failure nothing more is written (None)."""
        if self.storage.failed:
            return None
        try:
            return write(*args, **kwargs)
        except OSError as error:
            if not is_storage_failure(error):
                raise
            self.storage.fail(f"the re-crawl state {self.session.state_path}", error)
            return None

    @classmethod
    def from_crawler(cls, crawler: Any) -> RecrawlExtension:
        job = crawl_job(crawler)
        session = job.recrawl
        if session is None:  # also when the job refused to start
            # No JOBDIR and no -a recrawl: nothing to record. Silently: Scrapy logs a warning
            # for a NotConfigured with a message, and this is every plain crawl.
            raise NotConfigured
        extension = cls(crawler, session, job.storage)
        connect = crawler.signals.connect
        connect(extension.spider_opened, signal=signals.spider_opened)
        connect(extension.item_scraped, signal=signals.item_scraped)
        connect(extension.item_left, signal=signals.item_dropped)
        connect(extension.item_left, signal=signals.item_error)
        connect(extension.document_failed, signal=citeseeker_signals.document_failed)
        connect(extension.spider_closed, signal=signals.spider_closed)
        return extension

    def spider_opened(self, spider: Any) -> None:
        self._guarded(self.session.open)
        plan = self.session.plan
        if plan is not None:
            settings = self.session.settings
            self.stats.set_value(RECRAWL_SITES, len(plan.sites))
            logger.info("re-crawl of %s (%s mode, %s split): %d documents, %d sites known",
                        settings.previous, settings.mode, settings.split, len(plan.previous),
                        len(plan.sites))

    # --- documents ----------------------------------------------------------------------------

    def item_scraped(self, item: Any, **kwargs: Any) -> None:
        if not isinstance(item, DocumentItem):
            return
        if self.session.recrawling:
            self.stats.inc_value(RECRAWL_CITATIONS_NEW, len(item.citations))
        self._record(item)

    def item_left(self, item: Any, **kwargs: Any) -> None:
        """Dropped (unchanged, citing nothing, nothing new, a copy) or failed in a pipeline."""
        if not isinstance(item, DocumentItem):
            return
        if self.session.is_unchanged(item.url):
            self._guarded(self.session.record_unchanged, item.url)
            self.stats.inc_value(RECRAWL_UNCHANGED)
            return
        self._record(item)

    def _record(self, item: DocumentItem) -> None:
        self._guarded(self.session.record_document, item.url, depth=item.depth,
                      links=item.links, parts=item.parts, citations=item.citations)

    def document_failed(self, request: Any, reason: str, ignored: bool = False,
                        **kwargs: Any) -> None:
        match = _HTTP_STATUS.match(reason)
        status = None if ignored or match is None else int(match.group(1))
        gone = self._guarded(self.session.record_failed, request.url, status) or []
        if gone:
            self.stats.inc_value(RECRAWL_DOCUMENTS_GONE)

    # --- the end ------------------------------------------------------------------------------

    def spider_closed(self, spider: Any, reason: str) -> None:
        plan = self.session.plan
        if plan is not None:
            for key, value in plan.site_counts().items():
                self.stats.set_value(f"{STATS}/{key}", value)
        if self.storage.failed:
            self._close_after_failure()
        else:
            self._guarded(self.session.close)
        if reason == "finished" and self.session.state_path is not None:
            self._guarded(write_sites, self.session.state_path.parent)


    def _close_after_failure(self) -> None:
        """The file is closed all the same (what it buffered may fail again: already said)."""
        try:
            self.session.close()
        except OSError:
            pass


def write_sites(jobdir: Path) -> None:
    """``recrawl-sites.json``: the finished crawl's sites by both splits, each top's MD5."""
    records = read_state(jobdir / "recrawl-state.jsonl")
    sites = {method: [{"site": site.key,
                       "tops": {top: records[top].body_md5 for top in site.tops},
                       "members": len(site.members)} for site in split_sites(records, method)]
             for method in METHODS}
    write_json_atomically(jobdir / SITES_FILE, sites)

