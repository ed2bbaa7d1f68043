"""Item pipeline 1 of 3: unpack archives (ZIP, GZ, Z, TAR, nested) into the parts to read.

Works with any spider that yields :class:`~citeseeker_scrapy.document.item.DocumentItem`. Settings:
the ``CITESEEKER_MAX_*`` archive limits. A document that is no archive becomes its own single
part; one that is no document at all (an image, an unknown type) is dropped here, quietly.
"""

from __future__ import annotations

from typing import Any

from scrapy.exceptions import DropItem

from citeseeker_scrapy.document.stages import unpack_archives
from citeseeker_scrapy.extraction import ExtractionLimits
from citeseeker_scrapy.extraction.sniff import ARCHIVE_KINDS
from citeseeker_scrapy.document.item import DocumentItem
from citeseeker_scrapy.job.start import start_crawl_job_unless_started
from citeseeker_scrapy.threads import in_thread_if_big


class UnpackArchivesPipeline:
    """Fills ``members``, ``archives`` and ``problems``; see the module docstring."""

    def __init__(self, limits: ExtractionLimits) -> None:
        self.limits = limits

    @classmethod
    def from_crawler(cls, crawler: Any) -> UnpackArchivesPipeline:
        return cls(start_crawl_job_unless_started(crawler).config_or_defaults().extraction)

    async def process_item(self, item: Any) -> Any:
        if not isinstance(item, DocumentItem):
            return item
        if item.kind is None or item.kind in ARCHIVE_KINDS:
            await in_thread_if_big(item.size, unpack_archives, item, self.limits)
        else:  # a plain document is its own part: no thread needed
            unpack_archives(item, self.limits)
        if item.kind is None:
            raise DropItem(f"not a document we read: {item.url}", log_level="DEBUG")
        return item
