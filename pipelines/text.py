"""Item pipeline 2 of 3: the text (and links) of every part of a document.

Works with any spider that yields :class:`~citeseeker_scrapy.document.item.DocumentItem` (after the
unpack pipeline). PDF in long-lived PDFium worker processes (pypdf as the fallback), PostScript
through a Ghostscript subprocess, office files, HTML and text. Settings: the extraction limits,
``CITESEEKER_EXTRACTION_WORKERS``, ``CITESEEKER_TEMP_DIR``. Scratch files go to the job's own
directory (``JOBDIR/tmp``, ``CITESEEKER_TEMP_DIR`` or a fresh temporary directory), emptied
when the crawl starts and removed when it closes. A document that is one small page goes to the
parser process the event loop feeds (``stages.read_small_page``), which also searches it for
the citation pipeline; when that process cannot take it, it is read here as before.
"""

from __future__ import annotations

import logging
import os
import shutil
import socket
import tempfile
from pathlib import Path
from typing import Any

from citeseeker_scrapy.config import CrawlConfig
from citeseeker_scrapy.document.stages import read_small_page, read_text
from citeseeker_scrapy.extraction import DocumentExtractor
from citeseeker_scrapy.extraction.processes.event_worker import EventWorker
from citeseeker_scrapy.extraction.shared import share_extractor, unshare_extractor
from citeseeker_scrapy.document.item import DocumentItem
from citeseeker_scrapy.job.crawl_job import crawl_job
from citeseeker_scrapy.threads import INLINE_BYTES, in_thread_if_big

logger = logging.getLogger(__name__)


class ExtractTextPipeline:
    """Fills ``parts`` and ``links`` and releases the bytes; see the module docstring."""

    def __init__(self, config: CrawlConfig, jobdir: str | None, crawler: Any = None,
                 search: dict[str, Any] | None = None) -> None:
        self.config = config
        self.jobdir = jobdir
        self.crawler = crawler
        self.search = search
        self.extractor: DocumentExtractor | None = None
        self.page_worker: EventWorker | None = None
        self.temp_dir: Path | None = None

    @classmethod
    def from_crawler(cls, crawler: Any) -> ExtractTextPipeline:
        job = crawl_job(crawler)
        return cls(job.config_or_defaults(), crawler.settings.get("JOBDIR"), crawler,
                   job.search_spec())

    def open_spider(self) -> None:
        self.temp_dir = fresh_temp_dir(self.config.temp_dir, self.jobdir)
        self.extractor = DocumentExtractor(self.config.extraction, self.temp_dir,
                                           workers=self.config.extraction_workers)
        if self.crawler is not None:  # the render middleware reads scripted pages with it
            share_extractor(self.crawler, self.extractor)
        if self.search is not None:
            self.page_worker = self.extractor.page_worker(self.search)

    def close_spider(self) -> None:
        if self.page_worker is not None and self.page_worker.failures:
            logger.warning("the parser process for small pages failed %d time(s), last: %s; "
                           "the crawler read those pages itself", self.page_worker.failures,
                           self.page_worker.last_failure)
        if self.crawler is not None:
            unshare_extractor(self.crawler)
        if self.extractor is not None:
            self.extractor.close()
        if self.temp_dir is not None:
            shutil.rmtree(self.temp_dir, ignore_errors=True)

    async def process_item(self, item: Any) -> Any:
        if isinstance(item, DocumentItem) and item.members:
            if self.page_worker is None or not await read_small_page(item, self.extractor,
                                                                     self.page_worker):
                await in_thread_if_big(self._work_size(item), read_text, item, self.extractor)
        return item

    @staticmethod
    def _work_size(item: DocumentItem) -> int:
        """Pages and text are parsed here when small; PDF, PostScript and office files always
        go to a thread (their parsers wait for a worker process or Ghostscript), and so do
        big pages and texts (the extractor sends them to a worker process)."""
        if any(member.kind not in ("html", "text") for member in item.members):
            return INLINE_BYTES
        return sum(len(member.data) for member in item.members)


#: A crawl without JOBDIR (or CITESEEKER_TEMP_DIR) reads in
#: ``<system temp>/citeseeker-<pid>@<host>@*`` (``@`` is in no host name: "x" is no prefix of
#: "x-y"'s directories).
SCRATCH_PREFIX = "citeseeker-"


def fresh_temp_dir(temp_dir: str, jobdir: str | None) -> Path:
    """The job's own scratch directory; what a killed run left there is removed first.

    Without a job directory the scratch directory is a new one in the system's temporary
    directory, named with the crawl's process id and host, and those a killed crawl of this
    host left there (its process gone) are removed first: before, every ``kill -9`` left one
    behind for good. The host name keeps a crawl from judging the process ids of another
    machine or container that shares the temporary directory.
    """
    if temp_dir or jobdir:
        path = Path(temp_dir or os.path.join(jobdir, "tmp"))
        shutil.rmtree(path, ignore_errors=True)
        path.mkdir(parents=True)
        return path
    removed = remove_orphaned_scratch(Path(tempfile.gettempdir()))
    if removed:
        logger.info("citeseeker: removed %d scratch director%s left by killed crawls (%s)",
                    len(removed), "y" if len(removed) == 1 else "ies",
                    ", ".join(str(path) for path in removed))
    return Path(tempfile.mkdtemp(prefix=scratch_prefix(os.getpid())))


def scratch_prefix(pid: int) -> str:
    """The name a crawl's scratch directory starts with (its random part follows)."""
    return f"{SCRATCH_PREFIX}{pid}@{socket.gethostname()}@"


def remove_orphaned_scratch(root: Path) -> list[Path]:
    """Remove the scratch directories in ``root`` of crawls whose process is gone (ours only:
    named ``citeseeker-<pid>@<this host>@*`` and owned by this user); the ones removed."""
    removed = []
    for path in root.glob(f"{SCRATCH_PREFIX}*@*@*"):
        number = path.name[len(SCRATCH_PREFIX):].split("@", 1)[0]
        pid = int(number) if number.isdigit() else None
        try:
            if (pid is None or not path.name.startswith(scratch_prefix(pid))
                    or path.is_symlink() or path.stat().st_uid != os.getuid()):
                continue
        except OSError:
            continue
        if not _running(pid):
            shutil.rmtree(path, ignore_errors=True)
            removed.append(path)
    return removed


def _running(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # another user's process: not ours to judge
    return True
