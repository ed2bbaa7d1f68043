"""Feed plumbing, through Scrapy's public extension points (FEED_STORAGES, FEED_EXPORTERS).

* :class:`DurableFileFeedStorage` — local feeds (``-o``/``-O`` with a path or ``file://``)
  opened unbuffered, so every item the exporter writes is handed to the operating system at
  once. Why: Scrapy's file storage buffers, and a crawl killed with ``kill -9`` (or by the
  out-of-memory killer) loses the buffered items; with JOBDIR the resumed crawl would never
  report them again (``reported.txt`` names them). Citing documents are few; one write per
  item costs nothing. (A compressed feed, ``postprocessing``, is whole only when closed.)
* :class:`CitationCsvItemExporter` — CSV is flat: one row per citation, the original's columns
  (url, member, server, header, author, publication, found, similarity), whatever the feed's
  nested shape (one JSON object per citing document with its ``citations`` list).
"""

from __future__ import annotations

from pathlib import Path
from typing import IO, Any

from itemadapter import ItemAdapter
from scrapy.exporters import CsvItemExporter
from scrapy.extensions.feedexport import FileFeedStorage

from citeseeker_scrapy.document.item import CITATION_COLUMNS, citation_rows


class DurableFileFeedStorage(FileFeedStorage):
    """Scrapy's file storage, unbuffered; see the module docstring."""

    def open(self, spider: Any) -> IO[bytes]:
        path = Path(self.path)
        path.parent.mkdir(parents=True, exist_ok=True)
        return open(path, self.write_mode, buffering=0)


class CitationCsvItemExporter(CsvItemExporter):
    """One CSV row per citation of each exported document; see the module docstring."""

    def __init__(self, file: Any, **kwargs: Any) -> None:
        kwargs["fields_to_export"] = CITATION_COLUMNS
        super().__init__(file, **kwargs)

    def export_item(self, item: Any) -> None:
        adapter = ItemAdapter(item)
        if "citations" not in adapter:  # not a document item: as Scrapy would write it
            super().export_item(item)
            return
        rows = citation_rows(adapter)
        if self._headers_not_written and any("status" in row for row in rows):
            self.fields_to_export = [*CITATION_COLUMNS, "status"]  # a re-crawl: new or gone
        for row in rows:
            super().export_item(row)
