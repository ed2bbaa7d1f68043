"""The local half of a frontier shared by many crawler processes (CITESEEKER_FRONTIER=redis).

The shared half lives in Redis (:mod:`citeseeker_scrapy.frontier.redis_backend`): Pending
Servers with their references, each server's Pending Documents, Completed Servers, leases, and
for every leased server its stack and completed documents as of the last flush. This module is
what one worker holds: the servers it has **leased**, crawled depth-first exactly as the
one-process :class:`~citeseeker_scrapy.frontier.frontier.Frontier` does (it *is* one, with no
local Pending Servers), and a :class:`SharedLog` of changes waiting for the next sync.

Why a log and not direct writes: the frontier is called from the crawl's hot path and must not
wait for the network. Every change is buffered and one sync (one Redis round trip) carries a
whole batch. Order matters for "nothing lost": a document is marked done only in a sync that
also carries (or follows) the links it produced, because the log is sent whole and links are
logged before their document is finished. Done marks travel every ``flush_interval`` documents
(the checkpoint), links every sync, so a worker killed with ``kill -9`` costs at most one flush
interval of re-fetches plus what was in flight.

A deferred server (:mod:`.outages`) keeps its deferrals and its next try in Redis too (sent
with every sync as the seconds left, kept by Redis's clock), so the worker that takes it over
— after a ``kill -9``, a graceful stop or a fair-share hand-back — waits the rest of the wait
and counts on from there.
"""

from __future__ import annotations

import base64
import time
from dataclasses import dataclass, field
from typing import Callable, Iterable

from ..urls import server_of
from .frontier import Frontier
from .model import ActiveServer, Deferral, DocumentEntry
from .rules import ACCEPTED
from .store import MemoryStore


def encode_entry(entry: DocumentEntry, order: int) -> str:
    """``order depth [payload-base64]``: one Redis hash value per document."""
    head = f"{order} {entry.depth}"
    if entry.payload is None:
        return head
    return f"{head} {base64.b64encode(entry.payload).decode('ascii')}"


def decode_entry(url: str, value: str) -> tuple[int, DocumentEntry]:
    parts = value.split(" ", 2)
    payload = base64.b64decode(parts[2]) if len(parts) == 3 else None
    return int(parts[0]), DocumentEntry(url, int(parts[1]), payload)


@dataclass
class ServerLinks:
    """Links to one server this worker does not hold: references and named documents."""

    references: int = 0
    documents: dict[str, str] = field(default_factory=dict)   # url -> "depth [payload]"


class SharedLog(MemoryStore):
    """A :class:`~citeseeker_scrapy.frontier.store.FrontierStore` that buffers for Redis.

    ``take_batch`` hands the sync everything buffered; done marks only once a checkpoint
    released them (see the module docstring)."""

    def __init__(self) -> None:
        self.links: dict[str, ServerLinks] = {}
        self.pushed: dict[str, dict[str, str]] = {}
        self.done: dict[str, list[str]] = {}
        self.done_released: dict[str, list[str]] = {}
        self.completed: list[str] = []
        #: server -> (deferrals, until as ``time.monotonic``, still waiting for the others)
        self.deferred: dict[str, tuple[int, float, bool]] = {}

    # --- FrontierStore ------------------------------------------------------------------------

    def document_pushed(self, server: str, entry: DocumentEntry, order: int) -> None:
        self.pushed.setdefault(server, {})[entry.url] = encode_entry(entry, order)

    def document_finished(self, server: str, url: str) -> None:
        self.done.setdefault(server, []).append(url)

    def server_completed(self, server: str) -> None:
        """A request: Redis completes the server unless a document for it arrived meanwhile."""
        self.completed.append(server)

    def server_deferred(self, server: str, deferrals: int, until: float,
                        waiting: bool) -> None:
        self.deferred[server] = (deferrals, until, waiting)

    def checkpoint(self, next_arrival: int, next_order: int, extras: dict[str, object]) -> None:
        for server, urls in self.done.items():
            self.done_released.setdefault(server, []).extend(urls)
        self.done = {}

    def close(self) -> None:
        pass

    # --- links to servers held elsewhere ------------------------------------------------------

    def link(self, server: str, entry: DocumentEntry | None, *, reference: bool) -> None:
        links = self.links.setdefault(server, ServerLinks())
        links.references += int(reference)
        if entry is not None:
            links.documents.setdefault(entry.url, encode_entry(entry, 0).split(" ", 1)[1])

    def forget(self, server: str) -> None:
        """A lost lease: what this worker knew of the server is the new owner's now."""
        self.pushed.pop(server, None)
        self.done.pop(server, None)
        self.done_released.pop(server, None)
        self.deferred.pop(server, None)

    def has_unsent(self) -> bool:
        return bool(self.links or self.pushed or self.done_released or self.completed
                    or self.deferred)

    def take_batch(self) -> dict[str, object]:
        """Everything ready to send, as plain JSON-able data; the log starts empty again."""
        batch = {
            "links": {server: {"refs": links.references,
                               "docs": [x for item in links.documents.items() for x in item]}
                      for server, links in self.links.items()},
            "pushed": {server: [x for item in docs.items() for x in item]
                       for server, docs in self.pushed.items()},
            "done": self.done_released,
            "completed": self.completed,
            "deferred": {server: [deferrals, remaining_ms(until), int(waiting)]
                         for server, (deferrals, until, waiting) in self.deferred.items()},
        }
        self.links, self.pushed, self.done_released, self.completed = {}, {}, {}, []
        self.deferred = {}
        return batch


def remaining_ms(until: float) -> int:
    """Milliseconds from now to ``until`` (a ``time.monotonic`` time), 0 when past."""
    return max(0, round((until - time.monotonic()) * 1000))


class SharedFrontier(Frontier):
    """A worker's leased servers; links to any other server go to the shared Pending Servers.

    The sync adopts the servers Redis leased to this worker (:meth:`adopt`), hands it documents
    other workers found for them (:meth:`receive`), and takes away a server whose lease was lost
    (:meth:`abandon`). ``completed`` holds only the servers this worker completed; Redis knows
    the rest and applies the same rules to links to them.
    """

    store: SharedLog

    def __init__(self, *, clock: Callable[[], float] = time.monotonic, **kwargs) -> None:
        super().__init__(SharedLog(), **kwargs)
        self.taken_over = 0
        self.completing: set[str] = set()
        self.clock = clock
        #: leased server -> until when (``clock``) this worker can prove it holds the lease
        self.lease_until: dict[str, float] = {}
        #: leases taken so far: each adopted server gets the next number (its fencing token)
        self.leases_taken = 0
        self.expired_locally = 0
        #: held servers of which this worker has handed out a document (the others can be
        #: handed back to a worker with fewer servers at no cost: see :meth:`hand_back`)
        self.started: set[str] = set()
        self.draining: set[str] = set()
        self.handed_back = 0
        #: servers pending in Redis at the last sync: the ones this worker could lease if it
        #: had room (its width, :mod:`.width`, grows while they wait)
        self.pending_elsewhere = 0

    # --- fencing: no document of a server whose lease may be gone ---------------------------

    def leases_proven(self, keys: Iterable[str], until: float) -> None:
        """The sync renewed or granted these leases; they hold at least until ``until``."""
        for key in keys:
            if key in self.active:
                self.lease_until[key] = until

    def next_document(self, ready: Callable[[str], bool] | None = None) -> DocumentEntry | None:
        """As the one-process frontier, but never from a server whose lease this worker can no
        longer prove (it stalled past the expiry: another worker may have taken it over)."""
        self.drop_expired_leases()
        own = self.ready if ready is None else (lambda key: self.ready(key) and ready(key))
        entry = super().next_document(own)
        if entry is not None:
            self.started.add(server_of(entry.url))
        elif self.pending_elsewhere and not self.wanted_servers():
            self.held_back = True  # every leased server has its documents out; more wait
        return entry

    def drop_expired_leases(self) -> list[str]:
        """Servers whose lease expired locally are given up before Redis says so."""
        now = self.clock()
        expired = [key for key, until in self.lease_until.items() if until <= now]
        for key in expired:
            self.abandon(key)
        self.expired_locally += len(expired)
        return expired

    def hand_back(self, count: int) -> list[str]:
        """Fair share: ``count`` held servers are to go to other workers (who calls: the sync,
        when this worker holds more than its share and others asked for servers). Unstarted
        ones first. They are *drained*: no new document of them is handed out; once none is in
        flight, :meth:`drained_servers` gives them to the sync, which releases them with their stack
        and completed documents, so the taker fetches nothing twice."""
        candidates = [key for key in self.active
                      if key not in self.draining and key not in self.completing]
        candidates.sort(key=lambda key: key in self.started)
        chosen = candidates[:max(0, count)]
        self.draining.update(chosen)
        return chosen

    def drained_servers(self) -> list[str]:
        """Servers being handed back with nothing in flight: the sync flushes, takes the log
        (theirs included) and then calls :meth:`forget_handed_back` before sending."""
        return [key for key in self.draining if key in self.active
                and not self.active[key].in_flight and key not in self.completing]

    def forget_handed_back(self, keys: list[str]) -> None:
        """Their log is in the batch being sent with their release: they are no longer ours."""
        for key in keys:
            self.abandon(key)
        self.handed_back += len(keys)

    def ready(self, key: str) -> bool:
        """Whether a document of ``key`` may be handed out (not while it is being handed back)."""
        return key not in self.draining

    def put_back(self, entry: DocumentEntry) -> None:
        """A document handed out but not sent (the lease check at send time returned it).
        Still held: back on top of its stack. Lease gone: named to the shared frontier, so
        the server's new owner fetches it (unless it is done there already)."""
        key = server_of(entry.url)
        server = self.active.get(key)
        if server is not None:
            server.in_flight.discard(entry.url)
        if server is not None and self.holds(key) and not server.skipped:
            server.push(entry)
            self._offer(key)
            return
        self.store.link(key, entry, reference=False)

    def holds(self, key: str, lease: int | None = None) -> bool:
        """Whether a document of ``key`` may still be fetched by this worker now; with
        ``lease`` (the lease a request was handed out under), only under that same lease: a
        worker paused past its lease may have leased the server again since, after another
        worker fetched what was handed out before."""
        server = self.active.get(key)
        return (server is not None and self.lease_until.get(key, 0.0) > self.clock()
                and (lease is None or server.lease == lease))

    def lease_of(self, key: str) -> int | None:
        """The number of this worker's current lease of ``key`` (None: not held)."""
        server = self.active.get(key)
        return None if server is None else server.lease

    def _add_pending(self, server: str, entry: DocumentEntry | None, *, reference: bool) -> str:
        """A server held elsewhere or pending: the link goes to Redis with the next sync, which
        decides it there by this frontier's admission rules (:mod:`.rules`, sent as data)."""
        self.store.link(server, entry, reference=reference)
        return ACCEPTED

    def skip(self, key: str) -> bool:
        """Skip a server held here, or (completed in Redis) one pending anywhere."""
        if key in self.active:
            return super().skip(key)
        if key in self.completed:
            return False
        self._record_completed(key)
        return True

    def _complete(self, server: ActiveServer) -> None:
        """Finished here: ask Redis to complete it. Another worker may have named a document
        for it since the last sync; the server stays held (and idle) until the reply says."""
        if server.key not in self.completing:
            self.completing.add(server.key)
            self.store.server_completed(server.key)

    def _confirm_completed(self, key: str) -> None:
        """Redis completed the server: now it is a skeleton here too."""
        self.completing.discard(key)
        server = self.active.get(key)
        if server is None or not server.is_finished():
            return
        del self.active[key]
        self._candidates.pop(key, None)
        self.deferred.discard(key)
        self.lease_until.pop(key, None)
        self.started.discard(key)
        self.draining.discard(key)
        self.completed.add(key)
        self.store.forget(key)
        self.on_completed(key)

    # --- what the sync brings -----------------------------------------------------------------

    def wanted_servers(self) -> int:
        """Room for servers; one waiting for its completion to be confirmed counts as free
        (the same sync confirms it and leases the next one)."""
        return max(0, self.max_active_servers - self.crawling() + len(self.completing))

    def adopt(self, key: str, queued: dict[str, str], done: list[str], *,
              takeover: bool = False, deferral: Deferral | None = None) -> None:
        """A server leased to this worker: its stack as of the last flush (a takeover) or its
        pending documents (a fresh lease), its completed documents; the root goes at the bottom
        when it is neither done nor queued. Orders continue above the previous owner's, so a
        later takeover rebuilds the same stack. ``deferral``: the server was deferred by its
        previous owner (it goes on waiting here). A takeover or a deferral is told to
        ``on_crawled_before``."""
        if key in self.active:  # granted again by a retried sync: it is ours already
            return
        self.leases_taken += 1
        server = ActiveServer(key, lease=self.leases_taken)
        server.seen.update(done)
        self.active[key] = server
        self._offer(key)
        if deferral is not None:
            server.deferrals = deferral.deferrals
            server.ready_at = time.monotonic() + deferral.seconds_left
            self._restore_deferral(server, waiting=deferral.waiting)
        self.taken_over += int(takeover)
        if takeover or deferral is not None:
            self.on_crawled_before(key)
        entries = sorted((decode_entry(url, value) for url, value in queued.items()),
                         key=lambda pair: pair[0])
        lowest = entries[0][0] if entries else 0
        self._next_order = max([self._next_order] + [order for order, _ in entries])
        root = self.root_of(key)
        if root is not None and root not in server.seen and root not in queued:
            entry = DocumentEntry(root)
            server.seen.add(root)
            server.stack.append(entry)
            self.store.document_pushed(key, entry, min(lowest, 0) - 1)
        for _, entry in entries:
            if entry.url not in server.seen:
                server.seen.add(entry.url)
                server.stack.append(entry)
        self._complete_if_finished(server)

    def receive(self, key: str, queued: dict[str, str]) -> None:
        """Documents other workers named for a server held here (already on its Redis stack)."""
        server = self.active.get(key)
        if server is None:
            return
        entries = sorted((decode_entry(url, value) for url, value in queued.items()),
                         key=lambda pair: pair[0])
        for _, entry in entries:
            if entry.url not in server.seen and not server.skipped:
                server.seen.add(entry.url)
                server.push(entry)  # below site-search results, if any
        self._offer(key)
        self.completing.discard(key)
        self._complete_if_finished(server)  # nothing new after all: ask again

    def abandon(self, key: str) -> None:
        """The lease was lost (this worker stalled past its expiry): another worker owns it."""
        if self.active.pop(key, None) is not None:
            self._candidates.pop(key, None)
        self.deferred.discard(key)
        self.completing.discard(key)
        self.lease_until.pop(key, None)
        self.started.discard(key)
        self.draining.discard(key)
        self.store.forget(key)

    def apply(self, reply) -> list[str]:
        """Bring a :class:`~citeseeker_scrapy.frontier.redis_backend.SyncReply` in; returns
        the start points pushed by users (the caller admits them by the crawl's scope)."""
        for key in reply.lost:
            self.abandon(key)
        for key in reply.completed:
            self._confirm_completed(key)
        for key, (queued, done, takeover, deferral) in reply.granted.items():
            self.adopt(key, queued, done, takeover=takeover, deferral=deferral)
        for key, queued in reply.arrived.items():
            self.receive(key, queued)
        self.pending_elsewhere = reply.pending
        return reply.start_urls
