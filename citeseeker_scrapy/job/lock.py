"""One crawl per job directory: an exclusive lock on JOBDIR.

Why: two ``scrapy crawl … -s JOBDIR=D`` (or two Scrapyd jobs of one named crawl, ``-a
crawl=NAME``) would otherwise run side by side on one frontier, fetching everything twice and
reporting every citation twice. The first crawl takes ``fcntl.flock`` on
``JOBDIR/citeseeker.lock`` and holds it until its process ends (the kernel releases it even
after ``kill -9``, so a stale lock never blocks a resume); the file names the holder's process,
so the second crawl's refusal can say which one runs.

Who calls it: :meth:`citeseeker_scrapy.job.crawl_job.CrawlJob.from_settings`, before any
component writes to JOBDIR. A refusal is a :class:`~citeseeker_scrapy.exceptions.JobDirInUse`,
which the job turns into exit status 2.
"""

from __future__ import annotations

import fcntl
import os
import socket
from pathlib import Path
from typing import IO

from citeseeker_scrapy.exceptions import JobDirInUse

LOCK_FILE = "citeseeker.lock"
#: Locks this process holds, by directory: flock excludes other processes; a later crawl of
#: this same process (tests, a script running crawls one after another) shares the lock.
_HELD: dict[Path, "JobDirLock"] = {}


class JobDirLock:
    """The held lock of one job directory; kept open for the life of the crawl."""

    def __init__(self, jobdir: Path, handle: IO[str]) -> None:
        self.jobdir = jobdir
        self.handle = handle

    @classmethod
    def acquire(cls, jobdir: Path) -> JobDirLock:
        """Take the lock or raise :class:`JobDirInUse` naming the running process."""
        jobdir = jobdir.absolute()
        if jobdir in _HELD and not _HELD[jobdir].handle.closed:
            return _HELD[jobdir]
        jobdir.mkdir(parents=True, exist_ok=True)
        handle = open(jobdir / LOCK_FILE, "a+", encoding="utf-8")
        try:
            fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            handle.seek(0)
            holder = handle.read().strip() or "unknown"
            handle.close()
            raise JobDirInUse(f"JOBDIR {jobdir} is in use by another crawl (process {holder}); "
                              "wait for it to finish or stop it, then run this command again")
        handle.seek(0)
        handle.truncate()
        handle.write(f"{os.getpid()} on {socket.gethostname()}\n")
        handle.flush()
        _HELD[jobdir] = cls(jobdir, handle)
        return _HELD[jobdir]

    def release(self) -> None:
        """Let another crawl have the directory (closing the file drops the flock)."""
        if _HELD.get(self.jobdir) is self:
            del _HELD[self.jobdir]
        if not self.handle.closed:
            self.handle.close()


def remove_empty_spider_state(jobdir: Path) -> bool:
    """Scrapy's ``spider.state`` left empty by a full disk makes every later resume fail at
    open and close; an empty file holds no state, so it is removed (the lock is held)."""
    path = jobdir / "spider.state"
    if path.exists() and path.stat().st_size == 0:
        path.unlink()
        return True
    return False
