"""The crawl frontier of thesis §6.2–6.4 and Algorithm 7.1, free of Scrapy.

* **Pending Servers** — no duplicates, most referenced first (ties by arrival), each with the
  documents other servers named (its Pending Documents), admitted by the rules of
  :mod:`.rules` (a completed server, a duplicate, a pending limit), which Redis applies alike.
* **Active servers** — up to ``max_active_servers`` crawled at once (§8.3's first improvement),
  each depth-first from a stack: its pending documents first, then its root. A server has at
  most ``connections_of(server)`` documents out at once (its download slot's connections);
  when every active server has as many out, the next pending server is activated, so the
  servers crawled at once are as many as the responses being waited for need, up to
  ``max_active_servers`` (which the scheduler adapts: :mod:`.width`).
* **Completed Servers** — the skeletons: names only. A server whose stack is empty and which has
  nothing in flight is completed and all its per-document state released, so memory follows the
  number of servers, not of documents (formula 6.2).
* **Held and deferred servers** — an active server may be *held* until a time (a Retry-After, a
  backoff after a failure): none of its documents is handed out before. A server that is down is
  *deferred*: held longer, and it stops counting against ``max_active_servers`` so other
  servers are crawled meanwhile; when its time has come it waits for a free place and for the
  pending servers to be taken first, then goes on where it stopped (its stack and completed
  documents are kept, in the store too: a resume or another worker of the shared frontier
  finds it as an active server). Its deferrals so far and its next try go to the store as
  well, so a resume (or the worker that takes it over) neither tries it sooner nor grants it
  more deferrals than one uninterrupted crawl would (``on_deferral_restored`` tells the
  scheduler, which wakes the engine when the wait ends).

Who calls it: :class:`citeseeker_scrapy.scheduler.FrontierScheduler` (Scrapy's SCHEDULER), and
the benchmarks and tests directly.
"""

from __future__ import annotations

import heapq
import time
from collections import Counter
from typing import Callable, Collection

from ..settings_table import default_of
from ..urls import server_of
from .model import ActiveServer, DocumentEntry, PendingServer
from .rules import (
    ACCEPTED, DUPLICATE, HAS, MEMBER, PROMOTED, SERVER_FULL, SKIPPED_SERVER, TOO_DEEP,
    AdmissionRules, Rule, admission_rules,
)
from .store import FrontierSnapshot, FrontierStore, MemoryStore

#: A server's limit of documents out at once when ``connections_of`` gives none.
UNLIMITED = 1 << 30
#: An admission rule's check: (server, document URL, the server's Pending Documents) -> whether
#: it refuses (a server's rules are given no document)
Check = Callable[[str, "str | None", "Collection[str]"], bool]


class Frontier:
    """Pending/active/completed servers and documents; see the module docstring."""

    def __init__(
        self,
        store: FrontierStore | None = None,
        *,
        max_active_servers: int = 4,
        max_pending_docs: int = default_of("CITESEEKER_MAX_PENDING_DOCS"),
        max_docs_per_server: int = default_of("CITESEEKER_MAX_DOCS_PER_SERVER"),
        max_depth: int = default_of("CITESEEKER_MAX_DEPTH"),
        flush_interval: int = default_of("CITESEEKER_FLUSH_INTERVAL"),
        root_of: Callable[[str], str | None] = lambda server: server + "/",
        on_completed: Callable[[str], None] = lambda server: None,
        on_deferral_restored: Callable[[str, int, float], None] = lambda *deferral: None,
        on_crawled_before: Callable[[str], None] = lambda server: None,
        connections_of: Callable[[str], int] = lambda server: 0,
        rules: AdmissionRules | None = None,
    ) -> None:
        self.store = store or MemoryStore()
        self.max_active_servers = max_active_servers
        self._rules = rules or admission_rules(max_pending_docs)
        self._server_checks = self._checks(self._rules.server)
        self._document_checks = self._checks(self._rules.document)
        self.max_docs_per_server = max_docs_per_server
        self.max_depth = max_depth
        self.flush_interval = flush_interval
        self.root_of = root_of
        self.on_completed = on_completed
        #: ``(server, deferrals, until)`` of a deferred server found in the store
        self.on_deferral_restored = on_deferral_restored
        #: told the key of a server adopted from a worker that crawled it before (a takeover,
        #: a deferral; only a shared frontier adopts servers): it keeps the rules of a server
        #: that was crawled (the scheduler's watch)
        self.on_crawled_before = on_crawled_before
        self.connections_of = connections_of  # 0: no limit of its own
        #: set when a pending server waited because ``max_active_servers`` were active and
        #: each had all the documents out it may have (read and reset by the scheduler)
        self.held_back = False
        self.pending: dict[str, PendingServer] = {}
        self.active: dict[str, ActiveServer] = {}
        self.deferred: set[str] = set()
        self.completed: set[str] = set()
        self.refused: Counter[str] = Counter()
        self._heap: list[tuple[int, int, str]] = []
        #: active servers that may have a document to hand out and room for it, in turn
        #: (offered again by whatever may change that: a push, a finished document)
        self._candidates: dict[str, None] = {}
        self._pending_documents = 0
        self._next_arrival = 0
        self._next_order = 0
        self._finished_since_flush = 0

    # --- adding documents ---------------------------------------------------------------------

    def add_start_point(self, entry: DocumentEntry) -> str:
        """Algorithm 7.1: the start point's server becomes pending; a non-root URL its document."""
        server = server_of(entry.url)
        refusal = self._refusal(self._server_checks, server)
        if refusal is not None:
            return refusal
        if server in self.active:
            return self._push(self.active[server], entry, force=False)
        is_root = entry.url == self.root_of(server)
        return self._add_pending(server, None if is_root else entry, reference=False)

    def add_link(self, entry: DocumentEntry, *, from_server: str | None, force: bool = False,
                 front: bool = False, server: str | None = None) -> str:
        """A link found on ``from_server``: a child if on the same server, else the target
        server's pending document (§6.2.2 step 2). ``force`` re-queues a URL already seen (a
        retry of a document in flight); ``front`` keeps it above later links of its (active)
        server (site search); ``server``: the entry's server, when the caller knows it
        already (the scheduler, for every link of a page)."""
        server = server or server_of(entry.url)
        refusal = self._refusal(self._server_checks, server)
        if refusal is not None:
            return refusal
        if server in self.active:
            return self._push(self.active[server], entry, force=force, front=front)
        return self._add_pending(server, entry,
                                 reference=from_server is not None and from_server != server)

    def known_link(self, url: str, server: str) -> bool:
        """Whether :meth:`add_link` would refuse ``url`` (of ``server``) as a duplicate: the
        server is being crawled here, no server rule refuses it (:mod:`.rules`), it is not
        skipped, and it has seen ``url``. Nothing changes (the caller counts the refusal).
        Who calls: the scope gate, for every link of a page before it checks the link and
        builds its entry (most links of a page are links its server has seen: its
        navigation, its tree). A link of a pending server is not answered here: a link from
        another server is one more reference to it even when the document waits already."""
        server_state = self.active.get(server)
        if server_state is None or server_state.skipped or url not in server_state.seen:
            return False
        for _, holds in self._server_checks:  # a loop, not any(): asked ~8 times a page
            if holds(server, None, ()):
                return False
        return True

    def _add_pending(self, server: str, entry: DocumentEntry | None, *, reference: bool) -> str:
        """A document (None: only the server, its root) of a server not crawled here: the
        server becomes pending, once more referenced when the link came from another server,
        and the document one of its Pending Documents. The shared frontier overrides this one
        step (Redis keeps the Pending Servers and applies the document's rules there)."""
        pending = self._pending_server(server)
        if reference:
            self._reference(pending)
        if entry is None:
            return ACCEPTED
        return self._add_pending_document(pending, entry)

    def _refuse(self, reason: str) -> str:
        self.refused[reason] += 1
        return reason

    @property
    def rules(self) -> AdmissionRules:
        """What a link to a server not crawled here goes through (:mod:`.rules`): given at
        construction, by default the crawl's rules with ``max_pending_docs`` as the pending
        limit. Who reads it: the shared frontier's sync, which sends it to Redis."""
        return self._rules

    def _checks(self, rules: tuple[Rule, ...]) -> tuple[tuple[str, Check], ...]:
        """Each rule as its outcome and its check over this frontier's structures: the
        primitives the Redis script applies to its keys (``member``, ``has``, ``at_least``)."""
        def check(rule: Rule) -> Check:
            if rule.check == MEMBER:  # of the Completed Servers
                return lambda server, url, documents: server in self.completed
            if rule.check == HAS:  # one of the server's Pending Documents
                return lambda server, url, documents: url in documents
            limit = rule.limit
            return lambda server, url, documents: len(documents) >= limit

        return tuple((rule.outcome, check(rule)) for rule in rules)

    def _refusal(self, checks: tuple[tuple[str, Check], ...], server: str,
                 url: str | None = None, documents: Collection[str] = ()) -> str | None:
        """The outcome of the first rule whose check holds (counted), or None: admitted.
        ``url`` and ``documents`` (its server's Pending Documents): for a document's rules."""
        for outcome, holds in checks:
            if holds(server, url, documents):
                return self._refuse(outcome)
        return None

    def _pending_server(self, server: str) -> PendingServer:
        pending = self.pending.get(server)
        if pending is None:
            pending = PendingServer(server, references=0, arrival=self._next_arrival)
            self._next_arrival += 1
            self.pending[server] = pending
            self._push_heap(pending)
            self.store.server_pending(pending)
        return pending

    def _reference(self, pending: PendingServer) -> None:
        pending.references += 1
        self._push_heap(pending)
        self.store.server_pending(pending)

    def _push_heap(self, pending: PendingServer) -> None:
        """Lazy priority queue: stale entries (old reference counts) are skipped when popped,
        and the heap is rebuilt when they outnumber the live ones (memory stays O(servers))."""
        heapq.heappush(self._heap, (-pending.references, pending.arrival, pending.key))
        if len(self._heap) > 2 * len(self.pending) + 64:
            self._heap = [(*p.sort_key(), p.key) for p in self.pending.values()]
            heapq.heapify(self._heap)

    def _add_pending_document(self, pending: PendingServer, entry: DocumentEntry) -> str:
        refusal = self._refusal(self._document_checks, pending.key, entry.url, pending.documents)
        if refusal is not None:
            return refusal
        pending.documents[entry.url] = entry
        self._pending_documents += 1
        self.store.document_pending(pending.key, entry, self._order())
        return ACCEPTED

    def _push(self, server: ActiveServer, entry: DocumentEntry, *, force: bool,
              front: bool = False) -> str:
        if server.skipped:
            return self._refuse(SKIPPED_SERVER)
        if entry.url in server.seen and not force:
            if front and server.promote(entry.url):
                return self._refuse(PROMOTED)  # waiting already: moved on top, not queued twice
            return self._refuse(DUPLICATE)
        if entry.depth > self.max_depth:
            return self._refuse(TOO_DEEP)
        if len(server.seen) >= self.max_docs_per_server and entry.url not in server.seen:
            return self._refuse(SERVER_FULL)
        server.seen.add(entry.url)
        server.in_flight.discard(entry.url)  # a retry: back on the stack, no longer out
        server.push(entry, front=front)
        self._offer(server.key)
        self.store.document_pushed(server.key, entry, self._order())
        return ACCEPTED

    def _order(self) -> int:
        self._next_order += 1
        return self._next_order

    # --- handing out documents ----------------------------------------------------------------

    def next_document(self, ready: Callable[[str], bool] | None = None,
                      now: float | None = None) -> DocumentEntry | None:
        """The next document to fetch, round-robin over the active servers, each depth-first,
        from a server with room for one more document out; when none has, from the next
        pending server. ``ready(server)`` False passes an active server over this time (the
        shared frontier's scheduler: its download slot cannot send a request at once); so does
        a server held past ``now`` (``time.monotonic()`` when not given), or deferred and not
        yet let back in (:meth:`_end_deferral`)."""
        now = time.monotonic() if now is None else now
        passed: list[str] = []
        try:
            while self._candidates:
                key = next(iter(self._candidates))
                del self._candidates[key]
                server = self.active.get(key)
                if server is None or not server.stack or not self._has_room(server):
                    continue  # offered again when that changes
                if (server.ready_at > now or (ready is not None and not ready(key))
                        or (key in self.deferred and not self._end_deferral(key))):
                    passed.append(key)
                    continue
                entry = self._pop(server)
                if entry is None:
                    continue  # its site search holds it: offered again when that ends
                if server.stack and self._has_room(server):
                    self._candidates[key] = None  # behind the others: round-robin
                return entry
            return self._activate_next()
        finally:
            for key in passed:
                self._candidates[key] = None

    def crawling(self) -> int:
        """Active servers that count against ``max_active_servers`` (the deferred do not)."""
        return len(self.active) - len(self.deferred)

    def _end_deferral(self, key: str) -> bool:
        """A deferred server whose time has come is crawled again once there is room and no
        pending server waits for it (the crawl's other servers first)."""
        if self.crawling() >= self.max_active_servers or self.pending:
            return False
        self.deferred.discard(key)
        server = self.active[key]
        self.store.server_deferred(key, server.deferrals, server.ready_at, waiting=False)
        return True

    def hold(self, key: str, until: float) -> None:
        """Hand out no document of ``key`` before ``until`` (a Retry-After, a backoff)."""
        server = self.active.get(key)
        if server is not None:
            server.ready_at = max(server.ready_at, until)

    def defer(self, key: str, until: float) -> None:
        """``key`` is down: held until ``until``, its place given to other servers meanwhile
        (see the module docstring). Who calls: the scheduler, after failures in a row."""
        server = self.active.get(key)
        if server is not None:
            server.ready_at = until
            server.deferrals += 1
            self.deferred.add(key)
            self.store.server_deferred(key, server.deferrals, until, waiting=True)

    def is_crawling(self, key: str) -> bool:
        """Whether ``key`` is active (deferred or not) and not being skipped."""
        server = self.active.get(key)
        return server is not None and not server.skipped

    def held_until(self, key: str) -> float:
        """Until when ``key`` is held (0.0: not held, or not active)."""
        server = self.active.get(key)
        return 0.0 if server is None else server.ready_at

    def deferrals(self, key: str) -> int:
        """How many times ``key`` was deferred (in earlier runs of the job too)."""
        server = self.active.get(key)
        return 0 if server is None else server.deferrals

    def _offer(self, key: str) -> None:
        """``key`` may have a document to hand out and room for it now."""
        self._candidates[key] = None

    def _has_room(self, server: ActiveServer) -> bool:
        """Fewer of its documents out than its connections (asked once per server)."""
        if not server.connections:
            server.connections = self.connections_of(server.key) or UNLIMITED
        return len(server.in_flight) < server.connections

    def _activate_next(self) -> DocumentEntry | None:
        """The first document of the most referenced pending server, activated now, unless
        ``max_active_servers`` are active (then :attr:`held_back` tells the scheduler)."""
        while self._heap:
            if self.crawling() >= self.max_active_servers:
                self.held_back = self.held_back or bool(self.pending)
                return None
            server = self._activate_most_referenced()
            if server is None:
                continue
            entry = self._pop(server)
            if entry is not None:
                return entry
        return None

    def _pop(self, server: ActiveServer) -> DocumentEntry | None:
        if not server.stack or (server.searching and not server.front):
            return None
        entry = server.pop()
        server.in_flight.add(entry.url)
        return entry

    def _activate_most_referenced(self) -> ActiveServer | None:
        references, arrival, key = heapq.heappop(self._heap)
        pending = self.pending.get(key)
        if pending is None or pending.sort_key() != (references, arrival):
            return None
        del self.pending[key]
        self._pending_documents -= len(pending.documents)
        server = ActiveServer(key)
        self.active[key] = server
        self.store.server_active(key)
        root = self.root_of(key)
        if root is not None:
            self._push(server, DocumentEntry(root), force=False)
        for entry in reversed(list(pending.documents.values())):
            self._push(server, entry, force=False)
        self._complete_if_finished(server)
        return server if key in self.active else None

    # --- documents done -----------------------------------------------------------------------

    def finish(self, url: str) -> None:
        """The document at ``url`` was handled (its links offered) or failed for good."""
        server = self.active.get(server_of(url))
        if server is None or url not in server.in_flight:
            return
        server.in_flight.discard(url)
        server.searching.discard(url)
        self.store.document_finished(server.key, url)
        self._finished_since_flush += 1
        self._offer(server.key)
        self._complete_if_finished(server)

    def hold_for_search(self, key: str) -> None:
        """The site-search submission ``key`` was handed out: its server's own crawl waits
        until it is finished (called by the scheduler)."""
        server = self.active.get(server_of(key))
        if server is not None and key in server.in_flight:
            server.searching.add(key)

    def finish_all_in_flight(self) -> int:
        """Safety net when the engine is idle: nothing can still be in flight."""
        stale = [url for server in self.active.values() for url in server.in_flight]
        for url in stale:
            self.finish(url)
        return len(stale)

    def _complete_if_finished(self, server: ActiveServer) -> None:
        if server.is_finished():
            self._complete(server)

    def _complete(self, server: ActiveServer) -> None:
        """The server becomes a skeleton: its name stays, its documents are released."""
        del self.active[server.key]
        self._candidates.pop(server.key, None)
        self.deferred.discard(server.key)
        self._record_completed(server.key)

    def _record_completed(self, key: str) -> None:
        """The server's name kept as completed, here and in the store (a restart reads it
        there), and told to ``on_completed`` (the scheduler's watch: counted, the signal sent).
        Called by :meth:`_complete` and :meth:`skip`, and by ``SharedFrontier.skip`` for a
        server pending anywhere."""
        self.completed.add(key)
        self.store.server_completed(key)
        self.on_completed(key)

    def skip(self, key: str) -> bool:
        """The original's "Skip Current Server": stop handing out its documents, complete it."""
        if key in self.active:
            server = self.active[key]
            server.skipped = True
            server.clear()
            self._complete_if_finished(server)
            return True
        pending = self.pending.pop(key, None)
        if pending is None:
            return False
        self._pending_documents -= len(pending.documents)
        self._record_completed(key)
        return True

    def complete_now(self, key: str) -> int:
        """Complete a server at once: how many of its documents were waiting (skipped). Called
        by the scheduler for a server given up as down (a dead host costs a few tries, not one
        per document) and for a crawler trap."""
        waiting = self.waiting(key)
        self.skip(key)
        return waiting

    def waiting(self, key: str) -> int:
        """How many documents of ``key`` wait to be handed out (on its stack, or pending)."""
        if key in self.active:
            return len(self.active[key].stack)
        pending = self.pending.get(key)
        return len(pending.documents) if pending is not None else 0

    # --- state --------------------------------------------------------------------------------

    def has_documents_ready(self) -> bool:
        """A document waits on an active server's stack, or a pending server may be activated
        (Scrapy's ``has_pending_requests``, asked by its engine)."""
        if any(server.stack for server in self.active.values()):
            return True
        return bool(self.pending) and self.crawling() < self.max_active_servers

    def has_work(self) -> bool:
        return bool(self.pending) or any(not s.is_finished() for s in self.active.values())

    def in_flight(self) -> int:
        return sum(len(s.in_flight) for s in self.active.values())

    def sizes(self) -> dict[str, int]:
        """Element counts of each structure (the original's Memory Usage form)."""
        return {
            "pending_servers": len(self.pending),
            "pending_documents": self._pending_documents,
            "active_servers": len(self.active),
            "deferred_servers": len(self.deferred),
            "active_stack": sum(len(s.stack) for s in self.active.values()),
            "active_seen_documents": sum(len(s.seen) for s in self.active.values()),
            "in_flight": self.in_flight(),
            "completed_servers": len(self.completed),
            "priority_heap": len(self._heap),
            "servers_discovered": self._next_arrival,
        }

    def needs_flush(self) -> bool:
        return self._finished_since_flush >= self.flush_interval

    def flush(self, extras: dict[str, object] | None = None) -> None:
        """Write a checkpoint through the store (every ``flush_interval`` documents, and at close)."""
        self.store.checkpoint(self._next_arrival, self._next_order, extras or {})
        self._finished_since_flush = 0

    def restore(self) -> FrontierSnapshot | None:
        """Load the store's snapshot (a resumed JOBDIR); documents in flight go back on stacks."""
        snapshot = self.store.load()
        if snapshot is None:
            return None
        self.completed = set(snapshot.completed)
        for pending in snapshot.pending:
            self.pending[pending.key] = pending
            self._pending_documents += len(pending.documents)
            self._push_heap(pending)
        for server in snapshot.active:
            self.active[server.key] = server
            self._offer(server.key)
            self._restore_deferral(server, waiting=server.key in snapshot.deferred)
        self._next_arrival = snapshot.next_arrival
        self._next_order = snapshot.next_order
        return snapshot

    def _restore_deferral(self, server: ActiveServer, *, waiting: bool) -> None:
        """A server the store (or the shared frontier) knew as deferred: it goes on waiting."""
        if waiting:
            self.deferred.add(server.key)
        if server.deferrals:
            self.on_deferral_restored(server.key, server.deferrals, server.ready_at)
