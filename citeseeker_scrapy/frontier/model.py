"""The data structures of thesis §6.2: pending servers, their documents, the server being crawled.

Only URLs are held (as the original did), plus a depth and, for the rare request that is not a
plain "fetch this URL" (a redirect hop, a retry), its serialized form.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class DocumentEntry:
    """One document to fetch: its canonical URL, its depth in the server's tree, extra state."""

    url: str
    depth: int = 0
    payload: bytes | None = None   # a serialized request when it is more than URL + depth


@dataclass(slots=True)
class PendingServer:
    """A server not crawled yet: how often others referenced it, and the documents they named."""

    key: str
    references: int
    arrival: int
    documents: dict[str, DocumentEntry] = field(default_factory=dict)

    def sort_key(self) -> tuple[int, int]:
        """Most referenced first, ties by arrival (§6.2 PopMostReferencedServer)."""
        return (-self.references, self.arrival)


@dataclass(frozen=True, slots=True)
class Deferral:
    """A deferred server as the shared frontier hands it to the worker that leases it next:
    its deferrals so far, the seconds left of its wait, whether it still waits for the other
    servers to be taken first (see :mod:`.outages`)."""

    deferrals: int
    seconds_left: float
    waiting: bool


@dataclass(slots=True)
class ActiveServer:
    """A server being crawled depth-first: its stack, every URL it has seen, what is in flight.

    ``seen`` is the thesis's Completed Documents table plus the URLs waiting on the stack (so a
    page linked twice is pushed once). All of it is released when the server completes.
    ``front`` counts the entries on top of the stack that stay on top (site-search requests and
    results): later links are pushed below them, so results come first whatever the order in
    which the server's pages come back.
    """

    key: str
    stack: list[DocumentEntry] = field(default_factory=list)
    seen: set[str] = field(default_factory=set)
    in_flight: set[str] = field(default_factory=set)
    #: which lease of the server this is (a worker of the shared frontier counts its leases: a
    #: request handed out under an earlier lease must not be sent under a later one)
    lease: int = 0
    #: site-search submissions in flight: while one is out and no result waits on top, the
    #: server's own crawl waits (its results come first even when a result page is slow)
    searching: set[str] = field(default_factory=set)
    skipped: bool = False
    front: int = 0
    #: no document is handed out before this time (``time.monotonic``): a Retry-After, a
    #: backoff after a failure, or the end of a deferral (:meth:`Frontier.hold`, ``defer``)
    ready_at: float = 0.0
    #: how many times the server was deferred as down (bounded by the scheduler)
    deferrals: int = 0
    #: how many of its documents may be out at once (its download slot's connections, known
    #: from the first time it is asked for one; 0: not known yet)
    connections: int = 0

    def push(self, entry: DocumentEntry, *, front: bool = False) -> None:
        if front or not self.front:
            self.stack.append(entry)
            self.front += front
        else:
            self.stack.insert(len(self.stack) - self.front, entry)

    def promote(self, url: str) -> bool:
        """Move ``url``, waiting below the front entries, on top of them; False if it is not
        waiting there. Why: a search result the server's own crawl had already pushed deep in
        the stack would otherwise wait there, whichever response came back first."""
        for index in range(len(self.stack) - self.front - 1, -1, -1):
            if self.stack[index].url == url:
                self.stack.append(self.stack.pop(index))
                self.front += 1
                return True
        return False

    def pop(self) -> DocumentEntry:
        if self.front:
            self.front -= 1
        return self.stack.pop()

    def clear(self) -> None:
        self.stack.clear()
        self.front = 0

    def is_finished(self) -> bool:
        return not self.stack and not self.in_flight
