"""The sync loop of a worker of the shared frontier (CITESEEKER_FRONTIER=redis).

Who uses it: :class:`citeseeker_scrapy.scheduler.FrontierScheduler`, which keeps handing out
documents from the worker's :class:`~citeseeker_scrapy.frontier.shared.SharedFrontier` as
usual. This loop runs beside it on the reactor's asyncio loop (redis.asyncio: the reactor never
waits for Redis): every ``CITESEEKER_SYNC_SECONDS`` — sooner after a flush, a finished server,
or when the engine is idle — it sends the frontier's log in one round trip and
brings back leases, takeovers, documents found by other workers and pushed start points.

A Redis that goes away mid-crawl (a restart) is retried with the same batch, so nothing logged
is lost; the worker keeps crawling the servers it holds meanwhile.
"""

from __future__ import annotations

import asyncio
import logging
import os
import socket
import time
from typing import Any, Callable

from citeseeker_scrapy.frontier.redis_backend import (
    RedisFrontierClient, SharedSettings, SyncReply, sync_arguments,
)
from citeseeker_scrapy.frontier.shared import SharedFrontier
from citeseeker_scrapy.stats import (
    SHARED_CITATIONS_FIRST_REPORTED, SHARED_LEASES_EXPIRED_LOCALLY, SHARED_LEASES_LOST,
    SHARED_LINKS_REFUSED, SHARED_SERVERS_HANDED_BACK,
    SHARED_SERVERS_LEASED, SHARED_SERVERS_TAKEN_OVER, SHARED_START_URLS_PULLED, SHARED_SYNCS,
    SHARED_SYNC_ERRORS,
)

#: Start points taken from the shared list per sync (the rest wait for the next one).
START_URLS_PER_SYNC = 100
logger = logging.getLogger(__name__)


class RedisSync:
    """One worker's link to the shared frontier; see the module docstring."""

    def __init__(self, crawler: Any, frontier: SharedFrontier, settings: SharedSettings, *,
                 add_start_point: Callable[[str], None],
                 wake_engine: Callable[[], None] = lambda: None) -> None:
        self.crawler = crawler
        self.frontier = frontier
        self.settings = settings
        self.add_start_point = add_start_point
        self.wake_engine = wake_engine
        self.client = RedisFrontierClient(settings.redis_url, settings.prefix)
        self.worker = f"{socket.gethostname()}:{os.getpid()}"
        self.last: SyncReply | None = None
        self.finished_syncs = 0
        self._citations: list[str] = []
        self._unsent: str | None = None
        self._unsent_renew: list[str] = []
        self._granted_until: tuple[list[str], float] = ([], 0.0)
        self._wake = asyncio.Event()
        self._task: asyncio.Task | None = None
        self._closing = False

    # --- the loop -----------------------------------------------------------------------------

    def start(self) -> None:
        self._task = asyncio.ensure_future(self._run())

    def wake(self) -> None:
        self._wake.set()

    async def _run(self) -> None:
        while not self._closing:
            try:
                await self.sync_once()
            except Exception as error:  # Redis restarting, a network hiccup: retry the batch
                self.crawler.stats.inc_value(SHARED_SYNC_ERRORS)
                logger.warning("citeseeker: Redis sync failed, retrying: %s", error)
            try:
                await asyncio.wait_for(self._wake.wait(), self.settings.sync_seconds)
            except asyncio.TimeoutError:
                pass
            self._wake.clear()

    async def sync_once(self, *, release: bool = False) -> SyncReply:
        """Send the log (or the batch a failed sync could not deliver) and apply the reply."""
        frontier = self.frontier
        if self._unsent is None:
            handed_back = [] if release else self._hand_back()
            room = frontier.wanted_servers() if not (release or frontier.draining) else 0
            batch = frontier.store.take_batch()
            if handed_back:  # their log is in this batch; now they are no longer ours
                frontier.forget_handed_back(handed_back)
            self._unsent_renew = list(frontier.active)
            self._unsent = sync_arguments(
                batch, worker=self.worker, renew=list(frontier.active),
                want=room, ttl_ms=int(self.settings.lease_seconds * 1000),
                rules=frontier.rules,
                start_urls=START_URLS_PER_SYNC if room and not release else 0,
                citations=self._citations,
                release=list(frontier.active) if release else handed_back, leaving=release)
            self._citations = []
        sent_at = time.monotonic()
        reply = await self.client.sync(self._unsent)
        self._unsent = None
        self._prove_leases(reply, sent_at)
        self._apply(reply)
        return reply

    def _hand_back(self) -> list[str]:
        """Fair share: servers this worker holds beyond its share (the last
        reply's) start draining when other workers asked for servers; those drained are
        flushed and handed back in this sync (returned)."""
        last, frontier = self.last, self.frontier
        if last is not None and last.live_workers > 1 and last.others_room > 0:
            held = len(frontier.active) - len(frontier.draining) - len(frontier.completing)
            extra = min(held - last.share, last.others_room - len(frontier.draining))
            if extra > 0:
                chosen = frontier.hand_back(extra)
                logger.info("citeseeker: handing %s back to other workers (fair share: %d "
                            "servers each for %d live workers)", ", ".join(chosen), last.share,
                            last.live_workers)
        drained = frontier.drained_servers()
        if drained:
            frontier.flush()  # their completed documents travel with the release
            self.crawler.stats.inc_value(SHARED_SERVERS_HANDED_BACK, len(drained))
        return drained

    def _prove_leases(self, reply: SyncReply, sent_at: float) -> None:
        """Fencing: a lease renewed or granted by a sync sent at ``sent_at`` holds until
        ``sent_at + lease`` by Redis's clock (it was set after the send); one sync interval
        less, so a worker stops fetching a server before another may take it over."""
        until = sent_at + self.settings.lease_seconds - self.settings.sync_seconds
        lost = set(reply.lost)
        renewed = [key for key in self._unsent_renew if key not in lost]
        self.frontier.leases_proven(renewed, until)
        granted = list(reply.granted)
        self._granted_until = (granted, until)

    def _apply(self, reply: SyncReply) -> None:
        stats = self.crawler.stats
        stats.inc_value(SHARED_SYNCS)
        taken_over = self.frontier.taken_over
        for url in self.frontier.apply(reply):
            self.add_start_point(url)
        stats.inc_value(SHARED_SERVERS_LEASED, len(reply.granted))
        stats.inc_value(SHARED_SERVERS_TAKEN_OVER, self.frontier.taken_over - taken_over)
        stats.inc_value(SHARED_LEASES_LOST, len(reply.lost))
        stats.set_value(SHARED_LEASES_EXPIRED_LOCALLY, self.frontier.expired_locally)
        stats.inc_value(SHARED_START_URLS_PULLED, len(reply.start_urls))
        for outcome, count in reply.refused.items():
            stats.inc_value(f"{SHARED_LINKS_REFUSED}/{outcome}", count)
        stats.inc_value(SHARED_CITATIONS_FIRST_REPORTED, len(reply.new_citations))
        self.frontier.leases_proven(*self._granted_until)  # adopted by apply() just now
        for key in reply.lost:
            logger.warning("citeseeker: lease on %s lost (this worker stalled past "
                           "CITESEEKER_LEASE_SECONDS); another worker continues it", key)
        idle = not self.frontier.active and not self.frontier.store.has_unsent()
        self.finished_syncs = self.finished_syncs + 1 if idle and reply.job_finished() else 0
        self.last = reply
        if reply.granted or reply.arrived or reply.start_urls or self.job_finished():
            self._nudge_engine()

    def _nudge_engine(self) -> None:
        """New work arrived, or the job finished, between the engine's heartbeats (5 s): the
        scheduler wakes the engine (through Scrapy's public API) to ask for requests now."""
        self.wake_engine()

    # --- what the scheduler asks --------------------------------------------------------------

    def report_citations(self, keys: list[str]) -> None:
        """Citations a document's item carried out (after the feed): counted once job-wide."""
        self._citations.extend(keys)

    def job_finished(self) -> bool:
        """Two syncs in a row saw this worker idle and the whole shared frontier empty."""
        return self.settings.close_when_idle and self.finished_syncs >= 2

    async def close(self) -> None:
        """Stop the loop; a last sync flushes everything and hands the servers held back."""
        self._closing = True
        self._wake.set()
        if self._task is not None:
            await asyncio.gather(self._task, return_exceptions=True)
        self.frontier.flush()
        try:
            for _ in range(2):  # the batch a failed sync kept, then the rest
                await self.sync_once(release=True)
                if not self.frontier.store.has_unsent():
                    break
        except Exception as error:
            logger.error("citeseeker: last Redis sync failed (the leases expire and another "
                         "worker continues from the last flush): %s", error)
        await self.client.close()
