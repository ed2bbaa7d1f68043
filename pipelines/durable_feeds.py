"""Feeds (``-o``/``-O``) written through to the file after every item.

Why: Scrapy's feed exporter writes items into a buffered file and flushes it when the crawl
closes. A crawl killed with ``kill -9`` (or by the out-of-memory killer) loses the buffered
items, and the last line may be cut in two; worse, with JOBDIR the resumed crawl never
reports those documents again (``reported.txt`` already names them), so they would be missing
from the feed for good. Citations are few, so one flush per item costs nothing.
"""

from __future__ import annotations

from typing import Any

from scrapy import Spider, signals
from scrapy.crawler import Crawler
from scrapy.extensions.feedexport import FeedExporter
from scrapy.extensions.postprocessing import PostProcessingManager


class FlushFeedsAfterEachItem:
    """An extension listening to ``item_scraped`` after the feed exporter (a higher order in
    EXTENSIONS, so it connects later and its receiver runs after the exporter's)."""

    def __init__(self, crawler: Crawler) -> None:
        self.crawler = crawler
        self._exporter: FeedExporter | None = None
        crawler.signals.connect(self.item_scraped, signal=signals.item_scraped)

    @classmethod
    def from_crawler(cls, crawler: Crawler) -> FlushFeedsAfterEachItem:
        return cls(crawler)

    def item_scraped(self, item: Any, spider: Spider) -> None:
        """Hand what the exporter wrote to the operating system (it survives the process)."""
        exporter = self._exporter or self._find_exporter()
        for slot in getattr(exporter, "slots", ()):
            file = slot.file
            # compressed feeds are whole only when closed; flushing half a stream helps nothing
            if file is not None and not isinstance(file, PostProcessingManager):
                file.flush()

    def _find_exporter(self) -> FeedExporter | None:
        extensions = self.crawler.extensions.middlewares if self.crawler.extensions else ()
        self._exporter = next((e for e in extensions if isinstance(e, FeedExporter)), None)
        return self._exporter
