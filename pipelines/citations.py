"""Item pipeline 3 of 3: find the citations of the searched publications in every part.

Works with any spider that yields :class:`~citeseeker_scrapy.document.item.DocumentItem` (after the
text pipeline). The searched authors and titles come from ``CITESEEKER_AUTHORS`` (+
``CITESEEKER_PUBLICATIONS``), else ``inputs/searchstrings.txt``; the matcher's settings are
``CITESEEKER_METHOD``, ``_SCHEME``, ``_FUZZY_LIMIT``, ``_PART_LENGTH``,
``_MIN_AUTHOR_DISTANCE``, ``_HEADER_LENGTH``.

A document that cites nothing is dropped here (quietly: the feed holds citing documents).
Whether a citation was reported already is not decided here but by the report-once pipeline
after it (``pipelines/reported_once.py``).
"""

from __future__ import annotations

from typing import Any

from scrapy.exceptions import DropItem

from citeseeker_scrapy.matching.citations import CitationSearch
from citeseeker_scrapy.document.stages import find_citations, identify_work
from citeseeker_scrapy.document.item import DocumentItem
from citeseeker_scrapy.job.start import start_crawl_job_unless_started
from citeseeker_scrapy.threads import in_thread_if_big


class MatchCitationsPipeline:
    """Fills ``citations``; see the module docstring."""

    def __init__(self, search: CitationSearch) -> None:
        self.search = search

    @classmethod
    def from_crawler(cls, crawler: Any) -> MatchCitationsPipeline:
        job = start_crawl_job_unless_started(crawler)
        return cls(CitationSearch.from_spec(job.search_spec()))

    async def process_item(self, item: Any) -> Any:
        if not isinstance(item, DocumentItem):
            return item
        if item.parts:
            size = sum(len(part["text"]) for part in item.parts)
            await in_thread_if_big(size, find_citations, item, self.search)
        if not item.citations:
            raise DropItem(f"no citation in {item.url}", log_level="DEBUG")
        identify_work(item)
        return item
