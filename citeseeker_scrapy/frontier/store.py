"""Where the frontier's state lives: a small interface, an in-memory and a JOBDIR (SQLite) store.

The frontier keeps its working structures in memory and tells the store about every change; a
store decides what to keep. :class:`MemoryStore` keeps nothing (a crawl without JOBDIR).
:class:`~citeseeker_scrapy.frontier.sqlite_store.SqliteStore` buffers changes and writes them in
one transaction per checkpoint, so a crash loses at most one flush interval of work.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

from .model import ActiveServer, DocumentEntry, PendingServer


@dataclass
class FrontierSnapshot:
    """Everything needed to resume: servers in each state, their documents, counters."""

    pending: list[PendingServer] = field(default_factory=list)
    active: list[ActiveServer] = field(default_factory=list)
    completed: set[str] = field(default_factory=set)
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

    def checkpoint(self, next_arrival: int, next_order: int, extras: dict[str, object]) -> None:
        pass

    def close(self) -> None:
        pass
