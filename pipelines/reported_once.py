"""Item pipeline 4 (350, after the citations): report each citation once per job.

Asks the job's report ledger (:mod:`citeseeker_scrapy.report.ledger`, the one owner of
"already reported?") to remove the citations of parts an earlier run of the job reported
(``JOBDIR/reported.txt``) and of copies of a paper already reported (the same text under
another URL: a mirror, a redirect, the PDF inside and outside an archive; ``papers.txt``).
A document left with nothing to report is dropped quietly; the report extension writes a
copy's pair to ``duplicates.log``.
"""

from __future__ import annotations

from typing import Any

from scrapy.exceptions import DropItem

from citeseeker_scrapy.document.item import DocumentItem
from citeseeker_scrapy.job.crawl_job import crawl_job
from citeseeker_scrapy.report.ledger import ReportLedger


class ReportOncePipeline:
    """Fills ``also_at`` and ``duplicates``; see the module docstring."""

    def __init__(self, ledger: ReportLedger) -> None:
        self.ledger = ledger

    @classmethod
    def from_crawler(cls, crawler: Any) -> ReportOncePipeline:
        return cls(crawl_job(crawler).ledger)

    def process_item(self, item: Any) -> Any:
        if not isinstance(item, DocumentItem) or not item.citations:
            return item
        reason = self.ledger.screen(item)  # on the reactor thread: two copies never both pass
        if reason:
            raise DropItem(reason, log_level="DEBUG")
        return item
