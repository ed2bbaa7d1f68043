"""Item pipeline 2 of 3: the text (and links) of every part of a document.

Works with any spider that yields :class:`~citeseeker_scrapy.document.item.DocumentItem` (after the
unpack pipeline). PDF in long-lived PDFium worker processes (pypdf as the fallback), PostScript
through a Ghostscript subprocess, office files, HTML and text. Settings: the extraction limits,
``CITESEEKER_EXTRACTION_WORKERS``. Scratch files go to the job's scratch directory, which
the job takes after its JOBDIR lock (``citeseeker_scrapy/job/scratch.py``); a crawl refused
at start has none, and this stage is off then. A document that is one small page goes to the
parser process the event loop feeds (``stages.read_small_page``), which also searches it for
the citation pipeline; when that process cannot take it, it is read here as before.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

from scrapy.exceptions import NotConfigured

from citeseeker_scrapy.config import CrawlConfig
from citeseeker_scrapy.document.stages import read_small_page, read_text
from citeseeker_scrapy.extraction import DocumentExtractor
from citeseeker_scrapy.extraction.processes.event_worker import EventWorker
from citeseeker_scrapy.document.item import DocumentItem
from citeseeker_scrapy.job.crawl_job import CrawlJob
from citeseeker_scrapy.job.start import start_crawl_job_unless_started
from citeseeker_scrapy.extraction.placement import text_work_size
from citeseeker_scrapy.threads import in_thread_if_big

logger = logging.getLogger(__name__)


class ExtractTextPipeline:
    """Fills ``parts`` and ``links`` and releases the bytes; see the module docstring."""

    def __init__(self, config: CrawlConfig, scratch: Path, job: CrawlJob | None = None,
                 search: dict[str, Any] | None = None) -> None:
        self.config = config
        self.scratch = scratch
        self.job = job
        self.search = search
        self.extractor: DocumentExtractor | None = None
        self.page_worker: EventWorker | None = None

    @classmethod
    def from_crawler(cls, crawler: Any) -> ExtractTextPipeline:
        job = start_crawl_job_unless_started(crawler)
        if job.scratch is None:  # refused: it reads nothing, and must touch no file
            raise NotConfigured("the crawl refused to start")
        return cls(job.config_or_defaults(), job.scratch, job, job.search_spec())

    def open_spider(self) -> None:
        self.extractor = DocumentExtractor(self.config.extraction, self.scratch,
                                           workers=self.config.extraction_workers)
        if self.job is not None:  # the render middleware reads scripted pages with it
            self.job.extractor = self.extractor
        if self.search is not None:
            self.page_worker = self.extractor.page_worker(self.search)

    def close_spider(self) -> None:
        if self.page_worker is not None:
            self.page_worker.close()  # first: a worker that ended while starting counts too
        if self.page_worker is not None and self.page_worker.failures:
            logger.warning("the parser process for small pages failed %d time(s), last: %s; "
                           "the crawler read those pages itself", self.page_worker.failures,
                           self.page_worker.last_failure)
        if self.job is not None:
            self.job.extractor = None
        if self.extractor is not None:
            self.extractor.close()  # its scratch files go; the directory is the job's

    async def process_item(self, item: Any) -> Any:
        if isinstance(item, DocumentItem) and item.members:
            if self.page_worker is None or not await read_small_page(item, self.extractor,
                                                                     self.page_worker):
                size = text_work_size((m.kind, len(m.data)) for m in item.members)
                await in_thread_if_big(size, read_text, item, self.extractor)
        return item

