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

import errno
import io
from pathlib import Path
from typing import IO, Any

from itemadapter import ItemAdapter
from scrapy.exporters import CsvItemExporter
from scrapy.extensions.feedexport import FileFeedStorage

from citeseeker_scrapy.document.item import CITATION_COLUMNS, citation_rows
from citeseeker_scrapy.job.crawl_job import crawl_job
from citeseeker_scrapy.storage import StorageGuard
from citeseeker_scrapy.storage import repair_cut_line


class DurableFileFeedStorage(FileFeedStorage):
    """Scrapy's file storage, unbuffered and guarded; see the module docstring."""

    def __init__(self, uri: str, *, feed_options: dict[str, Any] | None = None,
                 storage: StorageGuard | None = None, refused: bool = False) -> None:
        super().__init__(uri, feed_options=feed_options)
        self.storage = storage or StorageGuard()
        self.refused = refused

    @classmethod
    def from_crawler(cls, crawler: Any, uri: str, *,
                     feed_options: dict[str, Any] | None = None) -> DurableFileFeedStorage:
        job = crawl_job(crawler)
        return cls(uri, feed_options=feed_options, storage=job.storage,
                   refused=job.error is not None)

    def open(self, spider: Any) -> IO[bytes]:
        if self.refused:  # nothing will be exported; the file is left as it is
            return io.BytesIO()
        path = Path(self.path)
        path.parent.mkdir(parents=True, exist_ok=True)
        if self.write_mode == "ab":
            repair_cut_line(path)
        return GuardedFeedFile(path, self.write_mode, self.storage)


class GuardedFeedFile(io.FileIO):
    """An unbuffered feed file whose failed or short writes go to the storage guard.

    Why not raise: Scrapy's feed exporter would log a traceback per item while the crawl goes
    on; the guard logs one line and stops the crawl. Every write after a failure is dropped,
    so the feed ends at its last whole item (or a cut line the resume removes)."""

    def __init__(self, path: Path, mode: str, storage: StorageGuard) -> None:
        super().__init__(path, mode.replace("b", ""))
        self.storage = storage

    def write(self, data: Any) -> int:
        view = memoryview(data).cast("B")
        if self.storage.failed:
            return len(view)
        done = 0
        try:
            while done < len(view):
                written = super().write(view[done:])
                if not written:
                    raise OSError(errno.ENOSPC, "the disk took only part of the item")
                done += written
        except OSError as error:
            self.storage.fail(f"the feed {self.name}", error)
        return len(view)


class CitationCsvItemExporter(CsvItemExporter):
    """One CSV row per citation of each exported document; see the module docstring."""

    def __init__(self, file: Any, **kwargs: Any) -> None:
        kwargs["fields_to_export"] = CITATION_COLUMNS
        super().__init__(file, **kwargs)
        #: the columns are fixed by the first row written (the header is written with it)
        self.columns_fixed = False

    def export_item(self, item: Any) -> None:
        adapter = ItemAdapter(item)
        if "citations" not in adapter:  # not a document item: as Scrapy would write it
            self.columns_fixed = True
            super().export_item(item)
            return
        rows = citation_rows(adapter)
        if not self.columns_fixed and any("status" in row for row in rows):
            self.fields_to_export = [*CITATION_COLUMNS, "status"]  # a re-crawl: new or gone
        for row in rows:
            self.columns_fixed = True
            super().export_item(row)
