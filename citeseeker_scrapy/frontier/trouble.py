"""Servers whose crawl is held or ended early: down, a crawler trap, a document budget reached.

Who calls it: the scheduler, which hears the crawl's signals and hands this watch what it
heard. **Servers in trouble** (``429``, ``5xx``, a connection refused: the outage middleware's
``server_trouble`` signal) are held, deferred and at last given up by the rules of
:mod:`.outages` (the one owner of those rules; this module applies its verdicts to the
frontier); the engine is woken when a hold ends. A start point's server that has not answered
in this run (:meth:`ServerWatch.new_start_point`) is a dead start point when no server is there
(:mod:`.outages`): given up without deferral, and named in the log. A server given up gets one
errors.log line
with the count of its documents not fetched (``citeseeker/frontier/documents_not_fetched``,
which the crawl command's last line reports). A **crawler trap** (:mod:`.traps`) ends its
server's crawl the same way; a **document budget** reached is told once per server. A server
the frontier completes is counted (``citeseeker/frontier/servers_completed``) and told by the
CiteSeeker signal ``server_completed``.
"""

from __future__ import annotations

import logging
import time
from typing import Any, Callable

from scrapy import Request
from scrapy.utils.asyncio import call_later

from citeseeker_scrapy import signals as citeseeker_signals
from citeseeker_scrapy.document.item import DocumentItem
from citeseeker_scrapy.stats import (DEFERRALS_RESTORED, DOCUMENTS_NOT_FETCHED, SERVERS_COMPLETED,
                                     SERVERS_DEFERRED, TRAPS_SERVERS,
                                     UNREACHABLE_DOCUMENTS_SKIPPED, UNREACHABLE_SERVERS)
from citeseeker_scrapy.urls import server_of

from .checkpoints import Checkpoints
from .frontier import Frontier
from .outages import (DEFER, GIVE_UP, GIVE_UP_SERVER, GivenUp, GivenUpServers, OutageLimits,
                      OutagePolicy, Verdict)
from .redis_sync import RedisSync
from .traps import TrapWatch

logger = logging.getLogger(__name__)


class ServerWatch:
    """Failures in a row, page shapes and budgets told, per server; see the module docstring.
    A deferral is written down at once: a checkpoint (``checkpoints``), and with the shared
    frontier (``shared``) a sync."""

    def __init__(self, crawler: Any, frontier: Frontier, *, outages: OutageLimits,
                 trap_pages: int, wake_engine: Callable[[], None], checkpoints: Checkpoints,
                 shared: RedisSync | None) -> None:
        self.crawler = crawler
        self.frontier = frontier
        self.checkpoints = checkpoints
        self.shared = shared
        self.outages = OutagePolicy(outages)
        self.given_up = GivenUpServers()
        self.traps = TrapWatch(trap_pages)
        self.wake_engine = wake_engine
        self.over_budget: set[str] = set()  # servers whose budget errors.log has told
        #: start points' servers not crawled before this run and not answered yet: server ->
        #: its first start point
        self.unanswered_starts: dict[str, str] = {}

    def new_start_point(self, server: str, url: str) -> None:
        """A start point of a server this run was not crawling (who calls: the scope gate):
        until the server answers, no server there makes it a dead start point."""
        self.unanswered_starts.setdefault(server, url)

    def crawled_before(self, server: str) -> None:
        """A server this worker of the shared frontier took over from another, or found
        deferred (who calls: the shared frontier's ``on_crawled_before``): another worker
        crawled it, so it is no dead start point here, whatever start point this worker read."""
        self.unanswered_starts.pop(server, None)

    def answered(self, server: str) -> None:
        """The server answered (a page, or a 404): its failures in a row end."""
        self.outages.answered(server)
        self.unanswered_starts.pop(server, None)

    def server_completed(self, server: str) -> None:
        """The frontier completed the server (its ``on_completed``): nothing of it is watched
        any longer; counted, and told by the CiteSeeker signal ``server_completed``."""
        given_up = self.given_up.completed(server)
        if given_up is not None:
            self._tell_given_up(server, given_up)
        self.outages.answered(server)
        self.unanswered_starts.pop(server, None)
        self.traps.forget(server)
        self.over_budget.discard(server)
        self.crawler.stats.inc_value(SERVERS_COMPLETED)
        self.crawler.signals.send_catch_log(citeseeker_signals.server_completed, server=server)

    def close(self) -> None:
        """The crawl ends: servers given up whose documents were still out are told now."""
        for server, given_up in self.given_up.remaining().items():
            self._tell_given_up(server, given_up)

    def on_server_trouble(self, request: Request, reason: str, retry_after: float | None = None,
                          down: bool = True, no_server: bool = False,
                          **kwargs: Any) -> float | None:
        """The answer to ``server_trouble`` (the outage middleware): until when the request's
        retry waits (its server is held or deferred till then), or None to give it up."""
        server = server_of(request.url)
        dead_start = no_server and server in self.unanswered_starts
        return self._verdict(server, request, reason, retry_after, down, dead_start)

    def _verdict(self, server: str, request: Request, reason: str,
                 retry_after: float | None, down: bool, dead_start: bool) -> float | None:
        if not self.frontier.is_crawling(server):  # completed or skipped meanwhile
            self._not_fetched(server, 1)
            return None
        now = time.monotonic()
        verdict = self.outages.trouble(
            server, now=now, held_until=self.frontier.held_until(server),
            deferrals=self.frontier.deferrals(server),
            retries=int(request.meta.get("retry_times", 0)), retry_after=retry_after, down=down,
            dead_start=dead_start)
        if verdict.action == GIVE_UP:
            self._not_fetched(server, 1)
            return None
        if verdict.action == GIVE_UP_SERVER:
            if dead_start:
                logger.error("citeseeker: start point %s cannot be reached: %s (%d tries "
                             "in a row); given up", self.unanswered_starts[server], reason,
                             verdict.failures)
            self._give_up_server(server, verdict.failures, reason)  # this document counted
            return None
        if verdict.action == DEFER:
            self._defer(server, verdict, reason, now)
        else:
            self.frontier.hold(server, verdict.until)
        call_later(max(0.0, verdict.until - now), self.wake_engine)
        return verdict.until

    def _defer(self, server: str, verdict: Verdict, reason: str, now: float) -> None:
        """Defer ``server`` and write it down at once (a checkpoint, a sync): a crawl killed
        while the server waits resumes with its deferrals and its next try, not afresh."""
        self.frontier.defer(server, verdict.until)
        self.crawler.stats.inc_value(SERVERS_DEFERRED)
        self.checkpoints.flush()
        if self.shared is not None:
            self.shared.wake()
        logger.info("citeseeker: %s is down (%d failures in a row, last: %s): deferred for "
                    "%.0f s (%d of %d)", server, verdict.failures, reason,
                    verdict.until - now, self.frontier.deferrals(server),
                    self.outages.limits.defer_times)

    def deferral_restored(self, server: str, deferrals: int, until: float) -> None:
        """A server deferred before (an earlier run of the job, or the worker that held it):
        said once, and the engine woken when its wait ends (else the next request would wait
        for the engine's heartbeat). Who calls: the frontier (its ``on_deferral_restored``),
        when it restores JOBDIR or adopts a server from the shared frontier."""
        wait = max(0.0, until - time.monotonic())
        self.crawler.stats.inc_value(DEFERRALS_RESTORED)
        logger.info("citeseeker: %s was deferred %d of %d times before: next try in %.0f s",
                    server, deferrals, self.outages.limits.defer_times, wait)
        call_later(wait, self.wake_engine)

    def _give_up_server(self, server: str, failures: int, reason: str) -> None:
        """Deferred as often as allowed and still down: completed at once. Its documents not
        fetched are the one that failed last, those waiting, and those out that fail as they
        come back; its errors.log line says them all when it completes
        (:meth:`server_completed`)."""
        deferrals = self.frontier.deferrals(server)
        self.given_up.give_up(server, f"server unreachable ({failures} failures in a row after "
                                      f"{deferrals} deferrals, last: {reason})")
        self.crawler.stats.inc_value(UNREACHABLE_SERVERS)
        self._not_fetched(server, 1 + self.frontier.waiting(server))
        self.frontier.skip(server)

    def _not_fetched(self, server: str, documents: int) -> None:
        """The one count of documents not fetched: the stats (the crawl command's last line),
        and the errors.log line of their server when it was given up."""
        self.crawler.stats.inc_value(DOCUMENTS_NOT_FETCHED, documents)
        self.given_up.count(server, documents)

    def _tell_given_up(self, server: str, given_up: GivenUp) -> None:
        """The errors.log line of a server given up as down, once its tally is final."""
        self.crawler.stats.inc_value(UNREACHABLE_DOCUMENTS_SKIPPED, given_up.not_fetched)
        self._note_error(server, given_up.line())

    def watch_page(self, item: DocumentItem) -> None:
        """An HTML page of the server: a crawler trap when too many pages look alike, and
        then the server's crawl ends now, said in one errors.log line."""
        if not (item.kind == "html" and item.parts
                and self.traps.is_trap(item.server, item.parts[0]["text"], item.depth,
                                       shape=item.shape)):
            return
        skipped = self.frontier.complete_now(item.server)
        self.crawler.stats.inc_value(TRAPS_SERVERS)
        self._note_error(item.server,
                         f"crawler trap: a chain of {self.traps.alike_limit} pages alike (a calendar, "
                         f"session ids in links, generated pages): its crawl ended, {skipped} "
                         "documents skipped (CITESEEKER_TRAP_PAGES)")

    def budget_reached(self, server: str) -> None:
        """A link refused by the server's budget: the first one gets one errors.log line, so
        the user sees it and may raise the budget."""
        if server in self.over_budget:
            return
        self.over_budget.add(server)
        self._note_error(server, f"document budget reached ({self.frontier.max_docs_per_server} "
                                 "documents): its further links are not followed (raise "
                                 "CITESEEKER_MAX_DOCS_PER_SERVER)")

    def _note_error(self, server: str, reason: str) -> None:
        self.crawler.signals.send_catch_log(citeseeker_signals.note_error, url=server,
                                            reason=reason)
