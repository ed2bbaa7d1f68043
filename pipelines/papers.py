"""Item pipeline 4: one paper, one result (after the citation pipeline).

The same text reached under another URL (a mirror, a redirect, the PDF inside and outside an
archive, ``.ps`` and ``.ps.gz``) is not reported again: its citations are removed, and a
document left with none is dropped (quietly; the report extension writes the pair to
``duplicates.log``). With ``JOBDIR`` the fingerprints of papers reported by earlier runs are
read from ``JOBDIR/papers.txt``. ``CITESEEKER_DISTINCT_PAPERS = False`` reports every copy. See :mod:`citeseeker_scrapy.report.papers`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from scrapy.exceptions import DropItem, NotConfigured

from citeseeker_scrapy.document.item import DocumentItem
from citeseeker_scrapy.job.crawl_job import crawl_job
from citeseeker_scrapy.report.papers import PAPERS_FILE, PaperRegistry, read_papers


class DistinctPapersPipeline:
    """Fills ``also_at`` and ``duplicates``; see the module docstring."""

    def __init__(self, registry: PaperRegistry) -> None:
        self.registry = registry

    @classmethod
    def from_crawler(cls, crawler: Any) -> DistinctPapersPipeline:
        if not crawl_job(crawler).config_or_defaults().distinct_papers:
            raise NotConfigured("CITESEEKER_DISTINCT_PAPERS is off: every copy is reported")
        jobdir = crawler.settings.get("JOBDIR")
        return cls(PaperRegistry(read_papers(Path(jobdir) / PAPERS_FILE) if jobdir else None))

    def process_item(self, item: Any) -> Any:
        if not isinstance(item, DocumentItem) or not item.citations:
            return item
        self.registry.admit(item)  # on the reactor thread: two copies in flight never both pass
        if not item.citations:
            first = item.duplicates[0][1]
            raise DropItem(f"same text as {first}: {item.url}", log_level="DEBUG")
        return item
