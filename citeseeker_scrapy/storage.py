"""One owner of "the disk failed": a storage failure stops the crawl, once, cleanly.

Why: left to each writer, a full disk is a stream of tracebacks while the crawl goes on to
"finished" with exit status 0, success.log and reported.txt naming documents the feed never got,
and a resume appending to cut lines. So the first failed write of anything the job cannot do
without — the frontier's checkpoint (SQLite in JOBDIR), a feed, a log file, the job's state, the
scratch directory — is reported here; the guard logs ONE error line, asks the crawl to close
with :data:`STORAGE_ERROR_REASON` (exit status :data:`STORAGE_ERROR_STATUS`), and from then on
every writer asks :attr:`StorageGuard.failed` and records nothing more: the job's files stay as
they were at the last whole write, and the resume (on a disk with room) continues from there.

Who calls it: the feed storage (``extensions/feeds.py``), the report extension (log files,
the job file), the report ledger (reported.txt, papers.txt), the frontier scheduler
(checkpoints). The guard of a crawl is :attr:`citeseeker_scrapy.job.crawl_job.CrawlJob.storage`,
bound to the crawler there. A core module below ``job/`` and ``report/``: both use it.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import IO, Callable

#: Close reason of a crawl stopped by a storage failure; the crawl command exits with
#: :data:`STORAGE_ERROR_STATUS`.
STORAGE_ERROR_REASON = "citeseeker_storage_error"
STORAGE_ERROR_STATUS = 3

logger = logging.getLogger(__name__)


class StorageGuard:
    """Remembers the first storage failure of a crawl and stops it; see the module docstring."""

    def __init__(self) -> None:
        self.failure: str | None = None
        self._stop: Callable[[], None] = lambda: None

    def bind(self, stop: Callable[[], None]) -> None:
        """``stop`` closes the crawl with :data:`STORAGE_ERROR_REASON` (set by crawl_job)."""
        self._stop = stop

    @property
    def failed(self) -> bool:
        return self.failure is not None

    def fail(self, what: str, error: BaseException) -> None:
        """The first failure: one error line, then the crawl stops; later ones are its echoes."""
        if self.failure is not None:
            return
        self.failure = f"{what}: {error}"
        logger.error("citeseeker: error: storage failed writing %s (%s); the crawl stops "
                     "(close reason %s). Nothing after this write was recorded as reported: "
                     "make room and run the same command again to resume.",
                     what, error, STORAGE_ERROR_REASON)
        self._stop()


def repair_cut_line(path: Path) -> bool:
    """Cut off a last line a full disk (or a kill) left without its newline, so that what is
    appended next starts on a line of its own instead of being glued to a broken one (and
    lost with it). Who calls it: the report extension on a resume (logs, feeds), the
    report ledger (reported.txt, papers.txt), :class:`RunReport`, and the feed storage before
    it appends."""
    try:
        size = path.stat().st_size
    except FileNotFoundError:
        return False
    if size == 0:
        return False
    with open(path, "rb+") as handle:
        handle.seek(-1, 2)
        if handle.read(1) == b"\n":
            return False
        keep = _after_last_newline(handle, size)
        handle.truncate(keep)
    return True


def _after_last_newline(handle: IO[bytes], size: int, block: int = 65536) -> int:
    """The length of the file up to and including its last newline (0 if it has none)."""
    end = size
    while end > 0:
        start = max(0, end - block)
        handle.seek(start)
        found = handle.read(end - start).rfind(b"\n")
        if found >= 0:
            return start + found + 1
        end = start
    return 0
