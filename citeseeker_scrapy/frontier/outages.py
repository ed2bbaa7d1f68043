"""A server in trouble: how long its next request waits, when it is deferred, when given up.

Trouble is an answer that says "not now" (``429``, ``503``, any other ``5xx``) or a connection
that could not be made (refused, a name that does not resolve). The document is never lost to
it: it goes back on its server's stack and the server is *held* (:meth:`Frontier.hold`) for

* the server's ``Retry-After`` (seconds or an HTTP date) on ``429`` and ``503``, at most
  ``max_retry_after`` seconds, or else
* an exponential backoff with jitter (:data:`BACKOFF_BASE` doubled per failure in a row, at
  most :data:`BACKOFF_CAP`).

``unreachable_after`` failures in a row that say the server is down (everything but ``429``)
*defer* it (:meth:`Frontier.defer`): ``defer_seconds``, doubled at each deferral, while the
crawl's other servers go on; after ``defer_times`` deferrals the next such run gives it up (the
scheduler completes it, its documents counted as not fetched). A request is retried at most
:attr:`OutageLimits.max_retries` times, so a page that fails on a server that keeps answering
its other pages ends too. Failures reported while the server is held were on the way before it
was held: they are retried but not counted again.

A **dead start point** (a server named by a start point that has not answered in this run, and
whose last failure says no server is there: the connection refused, the name not resolved) is
given up at the point where another server would be deferred: after ``unreachable_after`` tries
in a row, a few seconds of backoff, so a mistyped or dead start point ends the crawl (or leaves
the others to it) within seconds. ``defer_dead_start_points`` defers it like any other server. A
server that answered once, a timeout (a slow server), a ``5xx`` and a server of an earlier run of
the job keep the rules above.

Pure (no Scrapy): the scheduler's server watch (:mod:`.trouble`) asks
:meth:`OutagePolicy.trouble` and applies the verdict.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from email.utils import parsedate_to_datetime
from typing import Callable

from ..settings_table import default_of

#: The first backoff after a failure, in seconds; doubled for each further failure in a row.
BACKOFF_BASE = 1.0
#: The longest backoff between two tries of a server, in seconds.
BACKOFF_CAP = 60.0
#: Each wait is stretched by up to this fraction at random, so the retries of many documents
#: (or many crawlers) do not arrive at a recovering server at the same instant.
JITTER = 0.25

RETRY, DEFER, GIVE_UP, GIVE_UP_SERVER = "retry", "defer", "give_up", "give_up_server"


def retry_after_seconds(value: bytes | str | None, now: float) -> float | None:
    """Seconds to wait from a ``Retry-After`` header (delay-seconds or an HTTP date; ``now``:
    the epoch time), or None when there is none or it cannot be read. A date in the past is 0."""
    if value is None:
        return None
    text = value.decode("latin-1") if isinstance(value, bytes) else value
    text = text.strip()
    if text.isdigit():
        return float(text)
    try:
        when = parsedate_to_datetime(text)
    except (TypeError, ValueError, IndexError):
        return None
    if when.tzinfo is None:
        return None
    return max(0.0, when.timestamp() - now)


@dataclass(frozen=True)
class OutageLimits:
    """The settings of the policy (``CITESEEKER_UNREACHABLE_AFTER``, ``_DEFER_SECONDS``,
    ``_DEFER_TIMES``, ``_MAX_RETRY_AFTER``, ``_DEFER_DEAD_START_POINTS``; docs/settings.md)."""

    unreachable_after: int = default_of("CITESEEKER_UNREACHABLE_AFTER")
    defer_seconds: float = default_of("CITESEEKER_DEFER_SECONDS")
    defer_times: int = default_of("CITESEEKER_DEFER_TIMES")
    max_retry_after: float = default_of("CITESEEKER_MAX_RETRY_AFTER")
    defer_dead_start_points: bool = default_of("CITESEEKER_DEFER_DEAD_START_POINTS")

    @property
    def max_retries(self) -> int:
        """A request's retries at most: as many as its server's whole allowance, so a document
        is given up on its own only when it alone keeps failing."""
        return self.unreachable_after * (self.defer_times + 1)


@dataclass(frozen=True)
class Verdict:
    """What to do with a request in trouble and its server: ``action`` (:data:`RETRY`,
    :data:`DEFER`, :data:`GIVE_UP` the request, :data:`GIVE_UP_SERVER`), the time
    (``time.monotonic``) until which the server is held, the failures in a row counted."""

    action: str
    until: float = 0.0
    failures: int = 0


@dataclass
class OutagePolicy:
    """Failures in a row per server, and the verdict on each new one. Who calls: the frontier
    scheduler (the ``server_trouble`` signal of the outage middleware, and every answer)."""

    limits: OutageLimits
    uniform: Callable[[float, float], float] = random.uniform
    failures: dict[str, int] = field(default_factory=dict)

    def answered(self, server: str) -> None:
        """The server answered a request well: its failures in a row start again from 0."""
        self.failures.pop(server, None)

    def trouble(self, server: str, *, now: float, held_until: float, deferrals: int,
                retries: int, retry_after: float | None, down: bool,
                dead_start: bool = False) -> Verdict:
        """The verdict on one request in trouble. ``held_until``: the server's hold so far;
        ``retries``: the request's retries so far; ``down``: the trouble says the server is
        down (everything but 429); ``dead_start``: the server is a dead start point (see the
        module docstring)."""
        limits = self.limits
        if retries >= limits.max_retries:
            return Verdict(GIVE_UP)
        counted = down and held_until <= now  # else it was on the way before the hold
        failures = self.failures.get(server, 0) + counted
        if counted:
            self.failures[server] = failures
        if retry_after is not None:
            wait = min(retry_after, limits.max_retry_after)
        else:
            wait = min(BACKOFF_CAP, BACKOFF_BASE * 2 ** max(0, failures - 1))
        if counted and failures >= limits.unreachable_after:
            self.failures.pop(server, None)
            if deferrals >= limits.defer_times or (dead_start
                                                   and not limits.defer_dead_start_points):
                return Verdict(GIVE_UP_SERVER, failures=failures)
            wait = max(wait, limits.defer_seconds * 2 ** deferrals)
            return Verdict(DEFER, now + self._stretched(wait), failures)
        return Verdict(RETRY, max(held_until, now + self._stretched(wait)), failures)

    def _stretched(self, seconds: float) -> float:
        return seconds * (1.0 + self.uniform(0.0, JITTER))


@dataclass
class GivenUp:
    """One server given up as down, until it completes: why, and its documents not fetched."""

    why: str
    not_fetched: int = 0

    def line(self) -> str:
        """Its errors.log line: what the user lost on it."""
        return f"{self.why}: completed, {self.not_fetched} documents not fetched"


@dataclass
class GivenUpServers:
    """What each server given up as down cost, counted in one place: its documents waiting in
    the frontier when it was given up, and those out in the downloader then, which fail after
    (a document out that is answered after all is searched, not counted). The server's
    errors.log line is told when the server completes, its last document back.

    Who calls: the scheduler — :meth:`give_up` when the outage policy gives the server up,
    :meth:`count` for each document given up, :meth:`completed` when the frontier completes a
    server, :meth:`remaining` when the crawl closes first."""

    servers: dict[str, GivenUp] = field(default_factory=dict)

    def give_up(self, server: str, why: str) -> None:
        self.servers[server] = GivenUp(why)

    def count(self, server: str, documents: int) -> None:
        """``documents`` of ``server`` were not fetched (counted only for a server given up)."""
        given_up = self.servers.get(server)
        if given_up is not None:
            given_up.not_fetched += documents

    def completed(self, server: str) -> GivenUp | None:
        """The server, if it was given up: its tally is final now."""
        return self.servers.pop(server, None)

    def remaining(self) -> dict[str, GivenUp]:
        """Servers given up whose documents out never came back (the crawl closes)."""
        remaining, self.servers = self.servers, {}
        return remaining
