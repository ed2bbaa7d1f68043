"""A worker of the shared frontier driven synchronously against a real redis-server.

The frontier test suite runs over it as over the in-process frontier: every call that changes
the frontier is followed by a sync (one real round trip), and ``pending``/``completed`` are
read back from Redis, so the suite checks what Redis holds, not what the worker remembers.
"""

from __future__ import annotations

import asyncio
import itertools

import redis

from citeseeker_scrapy.frontier import DocumentEntry
from citeseeker_scrapy.frontier.rules import ACCEPTED
from citeseeker_scrapy.frontier.model import PendingServer
from citeseeker_scrapy.frontier.redis_backend import RedisFrontierClient, sync_arguments
from citeseeker_scrapy.frontier.shared import SharedFrontier, decode_entry

_workers = itertools.count(1)


class SyncedWorker:
    """``SharedFrontier`` + ``RedisFrontierClient`` with a sync after every change."""

    def __init__(self, url: str, prefix: str, *, lease_ms: int = 30_000, **kwargs) -> None:
        self.local = SharedFrontier(**kwargs)
        self.client = RedisFrontierClient(url, prefix)
        self.redis = redis.Redis.from_url(url, decode_responses=True)
        self.prefix = prefix
        self.worker = f"test-worker-{next(_workers)}"
        self.lease_ms = lease_ms
        self.loop = asyncio.new_event_loop()
        self.last = None

    def sync(self, *, want: bool = True, release: bool = False):
        local = self.local
        arguments = sync_arguments(
            local.store.take_batch(), worker=self.worker, renew=list(local.active),
            want=local.wanted_servers() if want else 0, ttl_ms=self.lease_ms,
            rules=local.rules, start_urls=10 if want else 0,
            release=list(local.active) if release else [])
        self.last = self.loop.run_until_complete(self.client.sync(arguments))
        local.apply(self.last)
        return self.last

    # --- the Frontier's interface -----------------------------------------------------------

    def _offered(self, outcome: str) -> str:
        """The local outcome, or the one Redis gave the link (one link per sync)."""
        if outcome != ACCEPTED:
            return outcome
        refused = [name for name, count in self.sync(want=False).refused.items() if count]
        return refused[0] if refused else ACCEPTED

    def add_start_point(self, entry: DocumentEntry) -> str:
        return self._offered(self.local.add_start_point(entry))

    def add_link(self, entry: DocumentEntry, *, from_server, force: bool = False) -> str:
        return self._offered(self.local.add_link(entry, from_server=from_server, force=force))

    def next_document(self) -> DocumentEntry | None:
        self.sync()
        return self.local.next_document()

    def finish(self, url: str) -> None:
        self.local.finish(url)

    def needs_flush(self) -> bool:
        return self.local.needs_flush()

    def flush(self) -> None:
        self.local.flush()
        self.sync(want=False)

    def close(self) -> None:
        """A graceful stop: everything flushed, leases handed back."""
        self.local.flush()
        self.sync(want=False, release=True)
        self.loop.run_until_complete(self.client.close())
        self.loop.close()

    @property
    def active(self):
        return self.local.active

    @property
    def completed(self) -> set[str]:
        return self.redis.smembers(f"{self.prefix}:completed")

    @property
    def pending(self) -> dict[str, PendingServer]:
        """The shared Pending Servers, most referenced first, with their documents."""
        p = self.prefix
        servers = {}
        for key in self.redis.zrevrange(f"{p}:pending", 0, -1):
            pending = PendingServer(key, int(self.redis.hget(f"{p}:refs", key) or 0),
                                    int(self.redis.hget(f"{p}:arrival", key) or 0))
            documents = sorted((decode_entry(url, value) for url, value
                                in self.redis.hgetall(f"{p}:pdocs:{key}").items()),
                               key=lambda pair: -pair[0])
            pending.documents = {entry.url: entry for _, entry in documents}
            servers[key] = pending
        return servers
