"""Which frontier a crawl gets, from its settings: local (memory, or SQLite in JOBDIR) or
shared (Redis), its limits (the crawl's and those Scrapy's settings put on it), and the width
that adapts its servers crawled at once (:mod:`.width`).

Who calls it: the scheduler's ``from_crawler``, once, before any request.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Callable
from urllib.parse import urlsplit

from citeseeker_scrapy.config import CrawlConfig
from citeseeker_scrapy.exceptions import StorageError
from citeseeker_scrapy.storage import StorageGuard

from .frontier import Frontier
from .outages import OutageLimits
from .redis_backend import SharedSettings, unreachable
from .redis_jobs import refuse_finished_job
from .shared import SharedFrontier
from .sqlite_store import SqliteStore
from .store import FrontierStore, MemoryStore
from .width import CrawlWidth


def build_frontier(config: CrawlConfig, settings: Any, *, jobdir: str | None,
                   storage: StorageGuard, shared: SharedSettings | None
                   ) -> tuple[Frontier, CrawlWidth]:
    """The crawl's frontier (shared with ``shared``, else local) and the width that adapts
    its servers crawled (or, shared, leased) at once."""
    width = CrawlWidth(config.concurrent_servers or None)
    limits: dict[str, Any] = dict(
        max_active_servers=width.servers, connections_of=connections_of(settings),
        max_pending_docs=config.max_pending_docs, max_docs_per_server=config.max_docs_per_server,
        max_depth=config.max_depth, flush_interval=config.flush_interval)
    if shared is not None:
        return SharedFrontier(**limits), width
    return Frontier(frontier_store(jobdir, storage), **limits), width


def outage_limits(config: CrawlConfig) -> OutageLimits:
    """The limits of servers in trouble (:mod:`.outages`)."""
    return OutageLimits(unreachable_after=config.unreachable_after,
                        defer_seconds=config.defer_seconds, defer_times=config.defer_times,
                        max_retry_after=config.max_retry_after,
                        defer_dead_start_points=config.defer_dead_start_points)


def skip_file_path(config: CrawlConfig, jobdir: str | None) -> Path:
    """``CITESEEKER_SKIP_FILE``, else ``skip_servers.txt`` in JOBDIR, else in the log dir."""
    return Path(config.skip_file or os.path.join(jobdir or config.log_dir, "skip_servers.txt"))


def connections_of(settings: Any) -> Callable[[str], int]:
    """A server's connections as Scrapy's downloader gives its download slot (keyed by host
    name): ``DOWNLOAD_SLOTS``' concurrency, else ``CONCURRENT_REQUESTS_PER_IP`` or
    ``_PER_DOMAIN``. The frontier hands out no more of a server's documents at once."""
    default = (settings.getint("CONCURRENT_REQUESTS_PER_IP")
               or settings.getint("CONCURRENT_REQUESTS_PER_DOMAIN"))
    slots = settings.getdict("DOWNLOAD_SLOTS")

    def connections(server: str) -> int:
        host = urlsplit(server).hostname or ""
        return max(1, int(slots.get(host, {}).get("concurrency", default)))
    return connections


def frontier_store(jobdir: str | None, storage: StorageGuard) -> FrontierStore:
    """SQLite in JOBDIR (a disk that refuses it stops the crawl), else memory."""
    if not jobdir:
        return MemoryStore()
    try:
        return SqliteStore(Path(jobdir) / "frontier.sqlite")
    except StorageError as error:
        storage.fail("the frontier", error)
        return MemoryStore()


def reachable_shared_frontier(shared: SharedSettings | None,
                              refuse: Callable[[str], None]) -> SharedSettings | None:
    """The job's shared-frontier settings (None: a local frontier) when Redis answers; an
    unreachable Redis, or a finished job under the key (unless CITESEEKER_REDIS_REUSE), is
    told to ``refuse`` (the job refuses to start: exit status 2, before any request)."""
    if shared is None:
        return None
    problem = unreachable(shared.redis_url)
    if problem is None:  # a finished job key: refused unless CITESEEKER_REDIS_REUSE
        problem = refuse_finished_job(shared.redis_url, shared.prefix, reuse=shared.reuse_finished)
    if problem is not None:
        refuse(problem)
        return None
    return shared
