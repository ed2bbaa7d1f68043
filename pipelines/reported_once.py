"""Item pipeline 4 (350, after the citations): report each citation once per job.

Asks the job's report ledger (:mod:`citeseeker_scrapy.report.ledger`, the one owner of
"already reported?") to remove the citations of parts an earlier run of the job reported
(``JOBDIR/reported.txt``) and of copies of a paper already reported (the same text under
another URL: a mirror, a redirect, the PDF inside and outside an archive; ``papers.txt``).
In a re-crawl (``-a recrawl=``) it hands the ledger the previous crawl's citations of the
document too: only new citations are reported (``status: new``). A document left with nothing
to report is dropped quietly; the report extension writes a copy's pair to ``duplicates.log``.
"""

from __future__ import annotations

from typing import Any

from scrapy.exceptions import DropItem

from citeseeker_scrapy.document.item import DocumentItem
from citeseeker_scrapy.job.crawl_job import crawl_job
from citeseeker_scrapy.recrawl.session import RecrawlSession
from citeseeker_scrapy.report.ledger import ReportLedger


class ReportOncePipeline:
    """Fills ``also_at`` and ``duplicates``; see the module docstring."""

    def __init__(self, ledger: ReportLedger, recrawl: RecrawlSession | None = None) -> None:
        """``recrawl``: the re-crawl's session (None when this crawl is no re-crawl)."""
        self.ledger = ledger
        self.recrawl = recrawl

    @classmethod
    def from_crawler(cls, crawler: Any) -> ReportOncePipeline:
        job = crawl_job(crawler)
        session = job.recrawl
        return cls(job.ledger, session if session and session.recrawling else None)

    def process_item(self, item: Any) -> Any:
        if not isinstance(item, DocumentItem) or not item.citations:
            return item
        # on the reactor thread: two copies in flight never both pass
        reason = self.ledger.screen(item, self._previous_crawl(item.url))
        if reason:
            raise DropItem(reason, log_level="DEBUG")
        return item

    def _previous_crawl(self, url: str) -> list[dict] | None:
        """The previous crawl's citations of ``url`` in a re-crawl (none for a new document)."""
        if self.recrawl is None:
            return None
        record = self.recrawl.previous(url)
        return list(record.citations) if record else []
