"""The frontier's checkpoints and the crawl's statistics kept in them.

Who calls it: the scheduler, every ``CITESEEKER_FLUSH_INTERVAL`` documents and at close
(:meth:`Checkpoints.flush`), and when it opens (:meth:`Checkpoints.restore`). A checkpoint
keeps every numeric statistic of ours (``citeseeker/...``), so a resumed crawl counts on from
where it stopped (``citeseeker/resumed`` counts the resumes). A checkpoint the disk refuses
stops the crawl through the job's storage guard (:mod:`citeseeker_scrapy.storage`); from then
on none is written, so the resume starts from the last whole one. The frontier's sizes are
published as ``citeseeker/frontier/size/<structure>`` with each checkpoint, and given to the
progress display when it asks (:meth:`Checkpoints.progress_snapshot`).
"""

from __future__ import annotations

from typing import Any

from citeseeker_scrapy.exceptions import StorageError
from citeseeker_scrapy.report.progress import FrontierCounts
from citeseeker_scrapy.stats import (EARLIER_RESPONSES, FRONTIER_SIZE, RESUMED, ROOT,
                                     START_REQUESTS, job_responses)
from citeseeker_scrapy.storage import StorageGuard

from .frontier import Frontier


class Checkpoints:
    """Checkpoints of ``frontier`` with the crawl's ``stats``; see the module docstring."""

    def __init__(self, stats: Any, frontier: Frontier, storage: StorageGuard) -> None:
        self.stats = stats
        self.frontier = frontier
        self.storage = storage

    def restore(self) -> None:
        """The last checkpoint of a resumed JOBDIR, its statistics with it."""
        snapshot = self.frontier.restore()
        if snapshot is None:
            return
        for key, value in snapshot.extras.items():
            if key != START_REQUESTS:  # this run yields its start points again
                self.stats.set_value(key, value)
        self.stats.inc_value(RESUMED)

    def flush(self) -> None:
        """A checkpoint, unless the storage failed (then the last whole one is the state)."""
        if self.storage.failed:
            return
        try:
            self.frontier.flush(self._snapshot())
        except StorageError as error:
            self.storage.fail("the frontier", error)

    def close(self) -> None:
        """The last checkpoint, and the store closed."""
        self.flush()
        self.publish_sizes()
        try:
            self.frontier.store.close()
        except StorageError as error:
            self.storage.fail("the frontier", error)

    def publish_sizes(self) -> None:
        for name, value in self.frontier.sizes().items():
            self.stats.set_value(f"{FRONTIER_SIZE}/{name}", value)

    def progress_snapshot(self, **kwargs: Any) -> FrontierCounts:
        """The progress display's figures (signal ``frontier_snapshot_wanted``)."""
        return FrontierCounts(self.frontier.sizes(), tuple(self.frontier.active))

    def _snapshot(self) -> dict[str, Any]:
        """Our statistics for the checkpoint, the job's responses so far among them: the next
        run restores them as its earlier runs' figures."""
        stats = self.stats.get_stats()
        snapshot = {k: v for k, v in stats.items() if k.startswith(f"{ROOT}/")
                    and isinstance(v, (int, float))}
        snapshot[EARLIER_RESPONSES] = job_responses(stats)
        return snapshot
