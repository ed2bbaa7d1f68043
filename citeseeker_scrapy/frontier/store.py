"""Where the frontier's state lives: a small interface, an in-memory and a JOBDIR (SQLite) store.

The frontier keeps its working structures in memory and tells the store about every change; a
store decides what to keep. :class:`MemoryStore` keeps nothing (a crawl without JOBDIR).
:class:`~citeseeker_scrapy.frontier.sqlite_store.SqliteStore` buffers changes and writes them in
one transaction per checkpoint, so a crash loses at most one flush interval of work.

A deferred server's state (its deferrals so far, when it may be tried again, whether it still
waits for the other servers) is stored as the frontier reports it: what to do with a server in
trouble is decided in :mod:`.outages` only. Times cross processes, so a store keeps them in a
clock of its own (the wall clock for SQLite, Redis's clock for the shared frontier); the
frontier sees ``time.monotonic`` times (:func:`wall_clock_of`, :func:`monotonic_of`).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Protocol

from .model import ActiveServer, DocumentEntry, PendingServer


@dataclass
class FrontierSnapshot:
    """Everything needed to resume: servers in each state, their documents, counters."""

    pending: list[PendingServer] = field(default_factory=list)
    active: list[ActiveServer] = field(default_factory=list)
    completed: set[str] = field(default_factory=set)
    #: active servers deferred and still waiting for the other servers to be taken first
    deferred: set[str] = field(default_factory=set)
    next_arrival: int = 0
    next_order: int = 0
    extras: dict[str, object] = field(default_factory=dict)


class FrontierStore(Protocol):
    """What the frontier reports to its storage. Every method is cheap; ``checkpoint`` writes."""

    def load(self) -> FrontierSnapshot | None: ...
    def server_pending(self, server: PendingServer) -> None: ...
    def document_pending(self, server: str, entry: DocumentEntry, order: int) -> None: ...
    def server_active(self, server: str) -> None: ...
    def document_pushed(self, server: str, entry: DocumentEntry, order: int) -> None: ...
    def document_finished(self, server: str, url: str) -> None: ...
    def server_completed(self, server: str) -> None: ...
    def server_deferred(self, server: str, deferrals: int, until: float,
                        waiting: bool) -> None: ...
    def checkpoint(self, next_arrival: int, next_order: int, extras: dict[str, object]) -> None: ...
    def close(self) -> None: ...


class MemoryStore:
    """Keeps nothing: the frontier's own structures are the state (no JOBDIR)."""

    def load(self) -> FrontierSnapshot | None:
        return None

    def server_pending(self, server: PendingServer) -> None:
        pass

    def document_pending(self, server: str, entry: DocumentEntry, order: int) -> None:
        pass

    def server_active(self, server: str) -> None:
        pass

    def document_pushed(self, server: str, entry: DocumentEntry, order: int) -> None:
        pass

    def document_finished(self, server: str, url: str) -> None:
        pass

    def server_completed(self, server: str) -> None:
        pass

    def server_deferred(self, server: str, deferrals: int, until: float,
                        waiting: bool) -> None:
        pass

    def checkpoint(self, next_arrival: int, next_order: int, extras: dict[str, object]) -> None:
        pass

    def close(self) -> None:
        pass


def wall_clock_of(until: float) -> float:
    """A ``time.monotonic`` time as an epoch time (what a later process can read)."""
    return time.time() + (until - time.monotonic())


def monotonic_of(wall_clock: float) -> float:
    """An epoch time as a ``time.monotonic`` time of this process; a time past is now."""
    return time.monotonic() + max(0.0, wall_clock - time.time())
