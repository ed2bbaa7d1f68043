"""The frontier's state in JOBDIR, in SQLite (WAL mode).

Why SQLite rather than pickled snapshots: a checkpoint writes only what changed since the last
one (a few hundred rows), not the whole frontier, and a transaction is atomic by construction —
a crawl killed mid-write leaves the previous checkpoint intact, so a resume never fails on a
half-written file. Changes are buffered in memory and written every ``flush_interval`` documents
(CITESEEKER_FLUSH_INTERVAL, the original's "data flush interval"), and at close.

A deferred server (:mod:`.outages`) keeps its deferrals and its next try across a resume: the
``deferrals`` table holds them with the next try as an epoch time, so a crawl resumed after
the server's wait has passed tries it at once, and one resumed sooner waits the rest.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from ..exceptions import StorageError

from .model import ActiveServer, DocumentEntry, PendingServer
from .store import FrontierSnapshot, monotonic_of, wall_clock_of

SCHEMA = """
CREATE TABLE IF NOT EXISTS servers (
    key TEXT PRIMARY KEY, state TEXT NOT NULL, refs INTEGER NOT NULL, arrival INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS documents (
    server TEXT NOT NULL, url TEXT NOT NULL, depth INTEGER NOT NULL, payload BLOB,
    state TEXT NOT NULL, ord INTEGER NOT NULL, PRIMARY KEY (server, url)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS deferrals (
    server TEXT PRIMARY KEY, deferrals INTEGER NOT NULL, until REAL NOT NULL,
    waiting INTEGER NOT NULL
);
"""
PENDING, ACTIVE, COMPLETED = "pending", "active", "completed"
QUEUED, DONE = "queued", "done"


class SqliteStore:
    """A :class:`~citeseeker_scrapy.frontier.store.FrontierStore` in ``<jobdir>/frontier.sqlite``."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self.db = sqlite3.connect(self.path, isolation_level=None)
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.execute("PRAGMA synchronous=NORMAL")
            self.db.executescript(SCHEMA)
        except (sqlite3.Error, OSError) as error:
            raise StorageError(f"the frontier {self.path}: {error}") from error
        self._reset_buffers()

    def _reset_buffers(self) -> None:
        self._servers: dict[str, tuple[str, int, int]] = {}
        self._documents: dict[tuple[str, str], list] = {}
        self._finished: set[tuple[str, str]] = set()
        self._completed: list[str] = []
        self._deferrals: dict[str, tuple[int, float, int]] = {}

    # --- changes, buffered ------------------------------------------------------------------

    def server_pending(self, server: PendingServer) -> None:
        self._servers[server.key] = (PENDING, server.references, server.arrival)

    def server_active(self, server: str) -> None:
        _, refs, arrival = self._servers.get(server, (PENDING, 0, 0))
        self._servers[server] = (ACTIVE, refs, arrival)

    def server_completed(self, server: str) -> None:
        self._servers[server] = (COMPLETED, 0, 0)
        self._completed.append(server)
        for key in [k for k in self._documents if k[0] == server]:
            del self._documents[key]
        self._finished = {k for k in self._finished if k[0] != server}
        self._deferrals.pop(server, None)

    def server_deferred(self, server: str, deferrals: int, until: float,
                        waiting: bool) -> None:
        self._deferrals[server] = (deferrals, wall_clock_of(until), int(waiting))

    def document_pending(self, server: str, entry: DocumentEntry, order: int) -> None:
        self._documents[(server, entry.url)] = [entry.depth, entry.payload, PENDING, order]

    def document_pushed(self, server: str, entry: DocumentEntry, order: int) -> None:
        self._documents[(server, entry.url)] = [entry.depth, entry.payload, QUEUED, order]

    def document_finished(self, server: str, url: str) -> None:
        buffered = self._documents.get((server, url))
        if buffered is not None:
            buffered[2] = DONE
        else:
            self._finished.add((server, url))

    # --- checkpoint ---------------------------------------------------------------------------

    def checkpoint(self, next_arrival: int, next_order: int, extras: dict[str, object]) -> None:
        """Write every buffered change in one transaction; a full disk rolls it back (the
        previous checkpoint stays whole) and raises :class:`StorageError`."""
        try:
            self._write_checkpoint(next_arrival, next_order, extras)
        except (sqlite3.Error, OSError) as error:
            raise StorageError(f"the frontier {self.path}: {error}") from error
        self._reset_buffers()

    def _write_checkpoint(self, next_arrival: int, next_order: int,
                          extras: dict[str, object]) -> None:
        with self.db:
            self.db.execute("BEGIN")
            completed = [(key,) for key in self._completed]
            self.db.executemany("DELETE FROM documents WHERE server = ?", completed)
            self.db.executemany("DELETE FROM deferrals WHERE server = ?", completed)
            self.db.executemany(
                "INSERT OR REPLACE INTO deferrals (server, deferrals, until, waiting) "
                "VALUES (?, ?, ?, ?)", [(key, *row) for key, row in self._deferrals.items()])
            self.db.executemany(
                "INSERT OR REPLACE INTO servers (key, state, refs, arrival) VALUES (?, ?, ?, ?)",
                [(key, *row) for key, row in self._servers.items()])
            self.db.executemany(
                "INSERT OR REPLACE INTO documents (server, url, depth, payload, state, ord) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                [(server, url, *row) for (server, url), row in self._documents.items()])
            self.db.executemany("UPDATE documents SET state = 'done' WHERE server = ? AND url = ?",
                                list(self._finished))
            meta = {"next_arrival": next_arrival, "next_order": next_order,
                    "extras": json.dumps(extras, default=str)}
            self.db.executemany("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)",
                                [(k, str(v)) for k, v in meta.items()])

    # --- resume -------------------------------------------------------------------------------

    def load(self) -> FrontierSnapshot | None:
        """The last checkpoint, or None for a new JOBDIR. Documents that were in flight (still
        queued in the checkpoint) are back on their server's stack."""
        meta = dict(self.db.execute("SELECT key, value FROM meta"))
        if not meta:
            return None
        snapshot = FrontierSnapshot(next_arrival=int(meta["next_arrival"]),
                                    next_order=int(meta["next_order"]),
                                    extras=json.loads(meta.get("extras", "{}")))
        pending: dict[str, PendingServer] = {}
        active: dict[str, ActiveServer] = {}
        for key, state, refs, arrival in self.db.execute("SELECT * FROM servers"):
            if state == COMPLETED:
                snapshot.completed.add(key)
            elif state == PENDING:
                pending[key] = PendingServer(key, references=refs, arrival=arrival)
            else:
                active[key] = ActiveServer(key)
        self._load_documents(pending, active)
        self._load_deferrals(active, snapshot.deferred)
        snapshot.pending = sorted(pending.values(), key=PendingServer.sort_key)
        snapshot.active = list(active.values())
        return snapshot

    def _load_documents(self, pending: dict[str, PendingServer],
                        active: dict[str, ActiveServer]) -> None:
        rows = self.db.execute("SELECT server, url, depth, payload, state FROM documents "
                               "ORDER BY ord")
        for server, url, depth, payload, state in rows:
            entry = DocumentEntry(url, depth, payload)
            if server in pending and state == PENDING:
                pending[server].documents[url] = entry
            elif server in active:
                active[server].seen.add(url)
                if state == QUEUED:
                    active[server].stack.append(entry)

    def _load_deferrals(self, active: dict[str, ActiveServer], deferred: set[str]) -> None:
        rows = self.db.execute("SELECT server, deferrals, until, waiting FROM deferrals")
        for key, deferrals, until, waiting in rows:
            server = active.get(key)
            if server is None:
                continue
            server.deferrals, server.ready_at = deferrals, monotonic_of(until)
            if waiting:
                deferred.add(key)

    def close(self) -> None:
        try:
            self.db.close()
        except sqlite3.Error as error:
            raise StorageError(f"the frontier {self.path}: {error}") from error
