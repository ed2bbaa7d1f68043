"""The Scrapy SCHEDULER over the CiteSeeker frontier (thesis §6.2–6.4, Algorithm 7.1).

Who calls it: Scrapy's engine (``enqueue_request`` for the spider's start points, redirect
targets, retries and any other component's requests; ``next_request`` whenever the downloader
has room). It replaces Scrapy's scheduler *and* dupefilter: the frontier dedupes per server and
forgets a server's documents when the server completes.

**The one scope gate.** Every URL enters the crawl here, so the crawl's URL scope (canonical
form, protocols, stay-within/forbidden domains, permitted formats, trap URLs; :mod:`.urls`) is
asked here and nowhere else (:meth:`FrontierScheduler.admit`), and every refusal is counted under
one stats name, ``citeseeker/scope/refused/<reason>``: start points, redirect targets, site-search
requests, any other component's requests, and the links of documents. Requests the frontier
handed out (and their retries) passed the gate when they entered.

Links do not come as requests: when a document item has passed the pipelines (scraped, dropped
or failed), its links (archive members' included) are admitted by the gate and
added to the frontier, and only then is the document finished — so no link is lost to a server
that would otherwise be completed too early. A request that failed (errback) is finished on the
spider's ``document_failed`` signal.

**Servers in trouble** (``429``, ``5xx``, a connection refused: the outage middleware's
``server_trouble`` signal) are held, deferred and at last given up by the rules of
:mod:`citeseeker_scrapy.frontier.outages`; the engine is woken when a hold ends. A server given
up gets one errors.log line with the count of its documents not fetched
(``citeseeker/frontier/documents_not_fetched``, which the crawl command's last line reports).

**As many servers at once as the network needs.** A server has at most as many documents out
as its download slot has connections (``CONCURRENT_REQUESTS_PER_DOMAIN``/``_PER_IP``,
``DOWNLOAD_SLOTS``); when every active server has that many out, the next pending server is
activated, up to a width that grows while responses are waited for and the machine has room,
and shrinks when the process is busy and its reactor late, or the pipelines back up
(:mod:`.frontier.width`, one tick every half second). ``CITESEEKER_CONCURRENT_SERVERS`` (0:
none) bounds the width, and Scrapy's engine holds ``CONCURRENT_REQUESTS``. Stats:
``citeseeker/frontier/width`` (now) and ``.../width_max``.

Settings read (in ``from_crawler`` only, through :class:`CrawlConfig`): ``CITESEEKER_CONCURRENT_SERVERS``,
``CITESEEKER_MAX_PENDING_DOCS``, ``CITESEEKER_MAX_DOCS_PER_SERVER``, ``CITESEEKER_MAX_DEPTH``,
``CITESEEKER_FLUSH_INTERVAL``, ``CITESEEKER_KEEP_QUERY``, ``CITESEEKER_SKIP_FILE``,
``CITESEEKER_UNREACHABLE_AFTER``, ``_DEFER_SECONDS``, ``_DEFER_TIMES``, ``_MAX_RETRY_AFTER``,
``JOBDIR``;
``CITESEEKER_FRONTIER=redis`` chooses the frontier shared by many workers
(:mod:`citeseeker_scrapy.frontier.shared`, synced by :mod:`citeseeker_scrapy.frontier.redis_sync`).
With it, :meth:`FrontierScheduler.holds_lease` and :meth:`FrontierScheduler.can_send_at_once`
answer the lease check middleware (``middlewares/lease.py``: fencing at send time), and a
request that middleware returned unsent (meta ``citeseeker_unsent``) is put back, not enqueued.

Writes to JOBDIR: ``frontier.sqlite`` (see :mod:`citeseeker_scrapy.frontier.sqlite_store`).
A checkpoint the disk refuses stops the crawl through the job's storage guard
(:mod:`citeseeker_scrapy.storage`); from then on no document is finished and no checkpoint
written, so the resume starts from the last whole one.
Reads ``skip_servers.txt`` (in JOBDIR, else in CITESEEKER_LOG_DIR) for servers to skip.
"""

from __future__ import annotations

import json
import logging
import os
import pickle
import time
from collections import Counter
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Callable
from urllib.parse import urlsplit

from scrapy import Request, Spider, signals
from scrapy.exceptions import DontCloseSpider
from scrapy.settings import BaseSettings
from scrapy.utils.asyncio import create_looping_call
from scrapy.utils.defer import deferred_from_coro
from scrapy.utils.request import request_from_dict
from scrapy.utils.asyncio import call_later
from twisted.internet.defer import Deferred

from . import signals as citeseeker_signals
from .exceptions import StorageError, UrlRejected
from .frontier import DocumentEntry, Frontier, FrontierStore, MemoryStore
from .frontier.frontier import ACCEPTED, SERVER_FULL
from .frontier.outages import (
    DEFER, GIVE_UP, GIVE_UP_SERVER, GivenUp, GivenUpServers, OutageLimits, OutagePolicy,
    Verdict,
)
from .frontier.traps import TrapWatch
from .frontier.redis_backend import SharedSettings, unreachable
from .frontier.redis_jobs import refuse_finished_job
from .frontier.shared import SharedFrontier
from .frontier.sqlite_store import SqliteStore
from .frontier.width import TICK_SECONDS, CrawlWidth, Tick
from citeseeker_scrapy.document.item import DocumentItem
from citeseeker_scrapy.job.inputs import CrawlInputs
from citeseeker_scrapy.job.crawl_job import crawl_job, scope_of
from citeseeker_scrapy.job.start import refuse_to_start
from citeseeker_scrapy.storage import StorageGuard
from citeseeker_scrapy.frontier.redis_sync import RedisSync
from citeseeker_scrapy.report.progress import FrontierSnapshot
from citeseeker_scrapy.works.landing import landing_offer
from citeseeker_scrapy.keys import (DEPTH_KEY, FRONTIER, KIND_KEY, LANDING_KEY, LEASE_KEY,
                                    ORIGIN_KEY, REDIRECT, SEARCH, SEARCH_KEY, START, TROUBLE_KEY,
                                    UNSENT_KEY, WAKE_KEY)
from .urls import LinkPolicy, canonical_url, is_plain_url, join_url, server_of
from citeseeker_scrapy.stats import (
    DEFERRALS_RESTORED, DOCUMENTS_NOT_FETCHED, EARLIER_RESPONSES, FRONTIER_ENQUEUED,
    FRONTIER_PICKLED,
    FRONTIER_REFUSED, FRONTIER_SIZE, FRONTIER_WIDTH, FRONTIER_WIDTH_MAX, RESUMED, ROOT, SCOPE_REFUSED as SCOPE_STATS,
    SEARCH_LINKS_NOT_FOLLOWED, SERVERS_COMPLETED, SERVERS_DEFERRED, SERVERS_SKIPPED,
    STALE_IN_FLIGHT, START_REQUESTS, TRAPS_SERVERS, UNREACHABLE_DOCUMENTS_SKIPPED,
    UNREACHABLE_SERVERS,
)

#: Scrapy's meta key for a URL sent as it is (set by ``_request`` for plain URLs only).
VERBATIM_URL = "verbatim_url"
#: Meta a plain document request may carry; what RedirectMiddleware and RetryMiddleware add is
#: kept as a little JSON (so REDIRECT_MAX_TIMES and RETRY_TIMES still bound their chains); a
#: retry's sniffed type and lease are not kept (the next answer and lease are its own).
PLAIN_META = frozenset({ORIGIN_KEY, DEPTH_KEY, KIND_KEY, LEASE_KEY, LANDING_KEY, "depth",
                        "download_slot", "download_latency", "download_timeout",
                        "redirect_times", "redirect_ttl", "redirect_urls", "redirect_reasons",
                        "retry_times", VERBATIM_URL})
KEPT_META = ("redirect_times", "redirect_ttl", "redirect_urls", "redirect_reasons", "retry_times",
             LANDING_KEY)
META_PAYLOAD, REQUEST_PAYLOAD = b"M", b"R"
SKIP_CHECK_SECONDS = 1.0
#: The URL of the engine's wake-up request (never downloaded; see ``wake_engine``).
WAKE_URL = "data:,citeseeker-wake"
#: The reactor's lateness is sampled this often (seconds) for the width's ticks.
LAG_SAMPLE_SECONDS = 0.1
#: Responses waiting in or for the pipelines beyond which the machine, not the network, is
#: the limit (the parser processes' queue): the width shrinks.
BACKLOG_RESPONSES = 64
logger = logging.getLogger(__name__)


class FrontierScheduler:
    """Per-server depth-first scheduling with skeletons; see the module docstring."""

    def __init__(self, crawler, frontier: Frontier, *, scope: LinkPolicy, keep_query: bool,
                 skip_file: Path, outages: OutageLimits | None = None, trap_pages: int = 100,
                 follow_same_server: bool = True, storage: StorageGuard | None = None,
                 shared: SharedSettings | None = None,
                 width: CrawlWidth | None = None) -> None:
        """Built in one step by :meth:`from_crawler` (or by a test, from plain values):
        ``outages`` are the limits of servers in trouble; ``trap_pages`` the pages alike that
        end a server's crawl (:mod:`.frontier.traps`); ``follow_same_server`` is False with
        ``CITESEEKER_SITE_SEARCH=only``; ``storage`` is the job's guard (a failed checkpoint
        stops the crawl); ``shared`` makes this a worker of the Redis frontier
        (``CITESEEKER_FRONTIER=redis``); ``width`` adapts the frontier's ``max_active_servers``
        while the crawl runs (None: it stays as given)."""
        self.crawler = crawler
        self.outages = OutagePolicy(outages or OutageLimits())
        self.given_up = GivenUpServers()
        self.traps = TrapWatch(trap_pages)
        self._over_budget: set[str] = set()  # servers whose budget errors.log has told
        self.frontier = frontier
        self.scope = scope
        self.keep_query = keep_query
        self.skip_file = skip_file
        self.spider: Spider | None = None
        self.callbacks: tuple[Any, Any] = (None, None)  # the spider's parse and on_error
        self._skip_checked_at = 0.0
        self._skip_mtime = 0.0
        self.follow_same_server = follow_same_server
        self.storage = storage or StorageGuard()
        self.width = width
        self._pacing: Any = None  # the looping call sampling the reactor's lateness
        self._ticked_at = 0.0
        self._cpu_at = 0.0  # the process's CPU time at the tick's start
        self._samples = 0  # reactor calls sampled in this tick
        self._starved = False  # the last next_request found nothing while work waited
        self._engine_started = False
        frontier.root_of = self.root_of
        frontier.on_completed = self.on_server_completed
        frontier.on_deferral_restored = self.on_deferral_restored
        self.shared: RedisSync | None = None if shared is None else RedisSync(
            crawler, frontier, shared, add_start_point=self.add_pushed_start_point,
            wake_engine=self.wake_engine)

    @classmethod
    def from_crawler(cls, crawler) -> "FrontierScheduler":
        job = crawl_job(crawler)
        # a job that refused to start closes before its first request: leave JOBDIR untouched
        config = job.config_or_defaults()
        scope = job.scope or scope_of(config, CrawlInputs((), (), (), (), ()))
        jobdir = crawler.settings.get("JOBDIR") if job.error is None else None
        shared = _reachable_shared_frontier(crawler, job.shared) if job.error is None else None
        width = CrawlWidth(config.concurrent_servers or None)
        limits = dict(max_active_servers=width.servers, connections_of=_connections_of(crawler.settings),
                      max_pending_docs=config.max_pending_docs,
                      max_docs_per_server=config.max_docs_per_server,
                      max_depth=config.max_depth, flush_interval=config.flush_interval)
        if shared is not None:
            frontier: Frontier = SharedFrontier(**limits)
        else:
            store = _frontier_store(job, jobdir)
            frontier = Frontier(store, **limits)
        skip = config.skip_file or os.path.join(jobdir or config.log_dir, "skip_servers.txt")
        outages = OutageLimits(unreachable_after=config.unreachable_after,
                               defer_seconds=config.defer_seconds,
                               defer_times=config.defer_times,
                               max_retry_after=config.max_retry_after)
        return cls(crawler, frontier, scope=scope, keep_query=config.keep_query,
                   skip_file=Path(skip), outages=outages, trap_pages=config.trap_pages,
                   follow_same_server=job.site_search.mode != "only",
                   storage=job.storage, shared=shared, width=width)

    # --- engine interface ---------------------------------------------------------------------

    def open(self, spider: Spider) -> None:
        self.spider = spider
        # One bound method each, given to every request: Scrapy caches "is this callback a
        # generator with a return value?" (it reads the callback's source and parses it) per
        # callback object, weakly, so a new bound method per request would make it parse the
        # spider's source again for every page.
        self.callbacks = (getattr(spider, "parse", None), getattr(spider, "on_error", None))
        connect = self.crawler.signals.connect
        connect(self.listen_to_items, signal=signals.engine_started)
        connect(self.on_engine_started, signal=signals.engine_started)
        connect(self.on_document_failed, signal=citeseeker_signals.document_failed)
        connect(self.on_server_trouble, signal=citeseeker_signals.server_trouble)
        connect(self.on_search_page_done, signal=citeseeker_signals.search_page_done)
        connect(self.frontier_snapshot, signal=citeseeker_signals.frontier_snapshot_wanted)
        connect(self.refusal_to_send, signal=citeseeker_signals.request_leaving)
        self.crawler.signals.connect(self.on_idle, signal=signals.spider_idle)
        snapshot = self.frontier.restore()
        if snapshot is not None:
            self._restore_stats(snapshot.extras)
        if self.shared is not None:
            self.shared.start()

    def close(self, reason: str) -> Deferred | None:
        for server, given_up in self.given_up.remaining().items():  # documents still out
            self._tell_given_up(server, given_up)
        if self._pacing is not None and self._pacing.running:
            self._pacing.stop()
        if self.shared is not None:  # its last sync flushes and hands the servers back
            self._publish_sizes()
            return deferred_from_coro(self.shared.close())
        self._flush()
        self._publish_sizes()
        try:
            self.frontier.store.close()
        except StorageError as error:
            self.storage.fail("the frontier", error)

    def has_pending_requests(self) -> bool:
        frontier = self.frontier
        if any(server.stack for server in frontier.active.values()):
            return True
        return bool(frontier.pending) and frontier.crawling() < frontier.max_active_servers

    def __len__(self) -> int:
        sizes = self.frontier.sizes()
        return sizes["active_stack"] + sizes["pending_documents"]

    def enqueue_request(self, request: Request) -> bool:
        """Offer a request to the frontier; False (dropped) for duplicates and refusals.
        Everything but the frontier's own requests passes the scope gate first."""
        if request.meta.get(WAKE_KEY):
            return False  # only woke the engine (see wake_engine): not a document
        if request.meta.get(UNSENT_KEY) and self.shared is not None:
            return self._put_back(request)
        origin = request.meta.get(ORIGIN_KEY)
        url = request.url if origin == FRONTIER else self._admitted_request(request, origin)
        if url is None:
            return False
        if origin == REDIRECT:
            return self._enqueue_redirect(request, url)
        if origin == SEARCH and SEARCH_KEY in request.meta:
            return self._enqueue_search(request if url == request.url
                                        else request.replace(url=url))
        entry = self._entry(request, url)
        if origin == START and not request.dont_filter:  # a retry is re-queued, as below
            outcome = self.frontier.add_start_point(entry)
        else:
            outcome = self.frontier.add_link(entry, from_server=None, force=request.dont_filter,
                                             front=origin == SEARCH)
        return self._counted(outcome)

    def admit(self, url: str, referrer: str | None) -> str | None:
        """The one scope gate: the URL's canonical form if the crawl's scope admits it, else
        None, the refusal counted by reason. Who calls: :meth:`enqueue_request` (requests) and
        :meth:`on_document_done` (the links of documents), the frontier (a server's root) and
        the shared frontier's sync (pushed start points)."""
        admitted, reason = self._scope_verdict(url, referrer)
        if admitted is None:
            self.crawler.stats.inc_value(f"{SCOPE_STATS}/{reason}")
            logger.debug("citeseeker: %s refused by the scope: %s", url, reason)
        return admitted

    def _scope_verdict(self, url: str, referrer: str | None) -> tuple[str | None, str]:
        """(canonical URL, "") or (None, the reason of the refusal), neither counted nor logged."""
        try:
            return self.scope.admit(url, referrer=referrer), ""
        except UrlRejected as rejection:
            return None, rejection.reason
        except ValueError:  # a malformed host in a hand-written link
            return None, "malformed"

    def _admitted_request(self, request: Request, origin: str | None) -> str | None:
        """A request's canonical URL, or None when the scope refuses it (a refused redirect
        still finishes the document that redirected; a refused start point is a warning)."""
        redirected_from = (request.meta.get("redirect_urls") or [None])[-1]
        url = self.admit(request.url, referrer=redirected_from)
        if url is None and origin == REDIRECT:
            self._finish(redirected_from)
        elif url is None and origin == START:
            logger.warning("citeseeker: start point %s refused by the crawl's scope", request.url)
        elif origin == START and not request.meta.get("retry_times"):
            self.crawler.stats.inc_value(START_REQUESTS)  # "no start point" is told by it
        return url

    def _enqueue_redirect(self, request: Request, url: str) -> bool:
        """Both URLs count as completed (§7.3.5); a target on another server goes to that
        server's pending documents; a target already seen (a loop) is dropped."""
        previous = request.meta["redirect_urls"][-1]
        outcome = self.frontier.add_link(self._entry(request, url),
                                         from_server=server_of(previous))
        self.frontier.finish(previous)
        return self._counted(outcome)

    def _enqueue_search(self, request: Request) -> bool:
        """A site-search submission or result page, kept whole (a POST body survives JOBDIR)
        under its own key (a POST's key hashes its body), on top of its server's stack and
        above any link pushed later (``front``): results first."""
        search = request.meta[SEARCH_KEY]
        blob = pickle.dumps(request.to_dict(spider=self.spider), protocol=5)
        entry = DocumentEntry(search["key"], int(request.meta.get(DEPTH_KEY, 0)),
                              REQUEST_PAYLOAD + blob)
        return self._counted(self.frontier.add_link(entry, from_server=None,
                                                    force=request.dont_filter, front=True))

    def frontier_snapshot(self, **kwargs: Any) -> FrontierSnapshot:
        """The progress display's figures (signal ``frontier_snapshot_wanted``)."""
        return FrontierSnapshot(self.frontier.sizes(), tuple(self.frontier.active))

    def on_search_page_done(self, key: str, url: str, **kwargs: Any) -> None:
        """A search result page was parsed and its results queued: it is finished (under its
        key, and under the URL it was answered from after a redirect)."""
        self._finish(key)
        if url != key:
            self._finish(url)

    def _counted(self, outcome: str) -> bool:
        if outcome != ACCEPTED:
            self.crawler.stats.inc_value(f"{FRONTIER_REFUSED}/{outcome}")
            return False
        self.crawler.stats.inc_value(FRONTIER_ENQUEUED)
        return True

    def next_request(self) -> Request | None:
        self._check_skip_file()
        ready = self._can_send_at_once if self.shared is not None else None
        entry = self.frontier.next_document(ready)
        if entry is None:
            self._starved = True
            return None
        request = self._request(entry)
        if SEARCH_KEY in request.meta:
            self.frontier.hold_for_search(entry.url)
        if self.shared is not None:  # its fencing token: the lease it is handed out under
            request.meta[LEASE_KEY] = self.frontier.lease_of(server_of(request.url))
        return request

    # --- fencing at send time (CITESEEKER_FRONTIER=redis) -------------------------------------

    def refusal_to_send(self, url: str, lease: int | None = None, **kwargs: Any) -> str | None:
        """The answer to ``request_leaving`` (the lease check middleware): None to send the
        request now, else why it goes back to the frontier unsent. ``lease``: the lease the
        request was handed out under (its ``LEASE_KEY``)."""
        if not self.holds_lease(url, lease):
            return "fenced_at_send"
        if not self.can_send_at_once(url):
            return "returned_slot_full"
        return None

    def holds_lease(self, url: str, lease: int | None = None) -> bool:
        """Whether this worker may still send a request for ``url`` now: always without the
        shared frontier; with it, only while the lease of the URL's server can be proven.
        Who calls: :meth:`refusal_to_send`, just before a request goes to the download slot
        (a worker paused past its lease sends nothing another worker took over)."""
        if self.shared is None:
            return True
        return self.frontier.holds(server_of(url), lease)

    def can_send_at_once(self, url: str) -> bool:
        """Whether the download slot of ``url`` has a free transfer slot for one more request
        (nothing waits in its queue). Who calls: :meth:`refusal_to_send`, for requests that
        waited in the middleware chain (robots.txt) while the slot filled up."""
        return self._can_send_at_once(server_of(url))

    def _put_back(self, request: Request) -> bool:
        """A request the lease check returned unsent: back to the frontier, as it was."""
        meta = {k: v for k, v in request.meta.items() if k not in (UNSENT_KEY, LEASE_KEY)}
        self.frontier.put_back(self._entry(request.replace(meta=meta), request.url))
        return True

    def _can_send_at_once(self, server: str) -> bool:
        """With the shared frontier a document is handed out only when its download slot can
        send it at once: a request never waits in a slot's queue, where the lease check could
        no longer stop it (Scrapy runs the downloader middlewares before that queue)."""
        downloader = self.crawler.engine.downloader
        key = downloader.get_slot_key(Request(server + "/"))
        slot = downloader.slots.get(key)
        return slot is None or slot.free_transfer_slots() > len(slot.queue)

    # --- requests <-> entries -----------------------------------------------------------------

    def _entry(self, request: Request, url: str) -> DocumentEntry:
        """URL and depth for a plain document request, plus its redirect/retry meta as a little
        JSON; anything else (a POST, another callback, cookies) is kept whole, pickled."""
        depth = int(request.meta.get(DEPTH_KEY, 0))
        if not self._is_plain(request):
            self.crawler.stats.inc_value(FRONTIER_PICKLED)
            whole = request.replace(url=url).to_dict(spider=self.spider)
            return DocumentEntry(url, depth, REQUEST_PAYLOAD + pickle.dumps(whole, protocol=5))
        kept = {k: request.meta[k] for k in KEPT_META if k in request.meta}
        if request.dont_filter:
            kept["dont_filter"] = True
        if not kept:
            return DocumentEntry(url, depth)
        return DocumentEntry(url, depth, META_PAYLOAD + json.dumps(kept).encode())

    def _is_plain(self, request: Request) -> bool:
        """A GET for the spider's own callbacks (headers are re-added on the way out)."""
        callback, errback = self.callbacks
        return (request.method == "GET" and not request.body and not request.cookies
                and request.callback in (None, callback) and request.errback in (None, errback)
                and request.meta.keys() <= PLAIN_META)

    def _request(self, entry: DocumentEntry) -> Request:
        payload = entry.payload
        if payload is not None and payload.startswith(REQUEST_PAYLOAD):
            return request_from_dict(pickle.loads(payload[1:]), spider=self.spider)
        meta: dict[str, Any] = {ORIGIN_KEY: FRONTIER, DEPTH_KEY: entry.depth}
        if is_plain_url(entry.url):
            meta[VERBATIM_URL] = True  # nothing to quote: Scrapy and aiohttp skip their quoting
        if payload is not None:
            meta.update(json.loads(payload[1:]))
        dont_filter = bool(meta.pop("dont_filter", False))
        callback, errback = self.callbacks
        return Request(entry.url, callback=callback, errback=errback, meta=meta,
                       dont_filter=dont_filter)

    # --- notifications ------------------------------------------------------------------------

    def listen_to_items(self) -> None:
        """Connected when the engine starts, after every extension and spider_opened handler:
        the frontier hears of a document last, once the feed and the report have it, so a
        checkpoint never counts a document done whose citations are not yet on disk."""
        for signal in (signals.item_scraped, signals.item_dropped, signals.item_error):
            self.crawler.signals.connect(self.on_document_done, signal=signal)

    def on_document_done(self, item: Any, **kwargs: Any) -> None:
        """A document item left the pipelines (scraped, dropped or failed): its links go to the
        frontier, then the document is finished."""
        if not isinstance(item, DocumentItem):
            return  # e.g. a re-crawl's gone citations: no document of the frontier
        self.outages.answered(item.server)
        if self.storage.failed:
            return  # its feed or log write may have failed: the resume fetches it again
        if (item.kind == "html" and item.parts
                and self.traps.is_trap(item.server, item.parts[0]["text"])):
            self._end_trap(item.server)
        if item.links or item.parts:  # a record page may name its PDF in a tag only
            self._add_links(item)
        if self.shared is not None and item.citations:
            self.shared.report_citations([f"{item.url} {c.get('member', '')} {c.get('publication')}"
                                          for c in item.citations])
        self._finish(item.url)

    def _add_links(self, item: DocumentItem) -> None:
        """Each link through the scope gate to the frontier; outcomes counted, and refusals
        logged, once per page (not one stats call and log record per link: a documentation
        page has hundreds)."""
        stats = self.crawler.stats
        source, depth = item.server, item.depth
        outcomes: Counter[str] = Counter()
        links, landing = self._landing_links(item)
        for link in links:
            url, reason = self._scope_verdict(link, item.url)
            if url is None:
                outcomes[f"{SCOPE_STATS}/{reason}"] += 1
                continue
            server = server_of(url)
            same_server = server == source
            if not self.follow_same_server and same_server and not source.startswith("file:"):
                stats.inc_value(SEARCH_LINKS_NOT_FOLLOWED)
                continue
            child = DocumentEntry(url, depth + 1 if same_server else 0, landing.get(url))
            outcome = self.frontier.add_link(child, from_server=source, server=server)
            outcomes[outcome] += 1
            if outcome == SERVER_FULL and server not in self._over_budget:
                self._tell_budget_reached(server)
        for key, count in outcomes.items():
            stats.inc_value(_link_stat(key), count)
        refused = sum(n for key, n in outcomes.items() if key.startswith(SCOPE_STATS))
        if refused:
            logger.debug("citeseeker: %d links of %s refused by the scope", refused, item.url)

    def _landing_links(self, item: DocumentItem) -> tuple[list[str], dict[str, bytes]]:
        """The document's links, with the PDF a record page names (``citation_pdf_url``) among
        them, and that PDF's frontier payload: the page's work, for the PDF's item
        (``works/landing.py``). A PDF the frontier knows already keeps what it had."""
        offer = landing_offer(item.parts) if item.parts else None
        if offer is None:
            return item.links, {}
        try:
            absolute = join_url(item.url, offer[0])
        except ValueError:
            return item.links, {}
        url, _ = self._scope_verdict(absolute, item.url)
        if url is None:
            return item.links, {}
        payload = META_PAYLOAD + json.dumps({LANDING_KEY: offer[1]}).encode()
        named = absolute in item.links or url in item.links
        return (item.links if named else [*item.links, url]), {url: payload}

    def on_document_failed(self, request: Request, reason: str = "", unreachable: bool = False,
                           **kwargs: Any) -> None:
        """The request failed for good (errback): nothing of it will reach the pipelines. An
        answer of its server (a 404) ends the server's failures in a row."""
        if not unreachable and not request.meta.get(TROUBLE_KEY):
            self.outages.answered(server_of(request.url))
        origin = request.meta.get(ORIGIN_KEY)
        search = request.meta.get(SEARCH_KEY)
        if search:
            self._finish(search["key"])
        self._finish(request.url if origin else canonical_url(request.url,
                                                               keep_query=self.keep_query))

    def on_server_trouble(self, request: Request, reason: str, retry_after: float | None = None,
                          down: bool = True, **kwargs: Any) -> float | None:
        """The answer to ``server_trouble`` (the outage middleware): until when the request's
        retry waits (its server is held or deferred till then), or None to give it up."""
        return self._trouble_verdict(server_of(request.url), request, reason, retry_after, down)

    def _trouble_verdict(self, server: str, request: Request, reason: str,
                         retry_after: float | None, down: bool) -> float | None:
        if not self.frontier.is_crawling(server):  # completed or skipped meanwhile
            self._not_fetched(server, 1)
            return None
        now = time.monotonic()
        verdict = self.outages.trouble(
            server, now=now, held_until=self.frontier.held_until(server),
            deferrals=self.frontier.deferrals(server),
            retries=int(request.meta.get("retry_times", 0)), retry_after=retry_after, down=down)
        if verdict.action == GIVE_UP:
            self._not_fetched(server, 1)
            return None
        if verdict.action == GIVE_UP_SERVER:
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
        self._flush()
        if self.shared is not None:
            self.shared.wake()
        logger.info("citeseeker: %s is down (%d failures in a row, last: %s): deferred for "
                    "%.0f s (%d of %d)", server, verdict.failures, reason,
                    verdict.until - now, self.frontier.deferrals(server),
                    self.outages.limits.defer_times)

    def on_deferral_restored(self, server: str, deferrals: int, until: float) -> None:
        """A server deferred before (an earlier run of the job, or the worker that held it):
        said once, and the engine woken when its wait ends (else the next request would wait
        for the engine's heartbeat). Who calls: the frontier, when it restores JOBDIR or
        adopts a server from the shared frontier."""
        wait = max(0.0, until - time.monotonic())
        self.crawler.stats.inc_value(DEFERRALS_RESTORED)
        logger.info("citeseeker: %s was deferred %d of %d times before: next try in %.0f s",
                    server, deferrals, self.outages.limits.defer_times, wait)
        call_later(wait, self.wake_engine)

    def _give_up_server(self, server: str, failures: int, reason: str) -> None:
        """Deferred as often as allowed and still down: completed at once. Its documents not
        fetched are the one that failed last, those waiting, and those out that fail as they
        come back; its errors.log line says them all when it completes
        (:meth:`on_server_completed`)."""
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
        self.crawler.signals.send_catch_log(citeseeker_signals.note_error, url=server,
                                            reason=given_up.line())

    def _finish(self, url: str) -> None:
        self.frontier.finish(url)
        if self._starved and self._engine_started:  # a document out less: room for one more
            self._starved = False
            self.wake_engine()
        if self.frontier.needs_flush():
            self._flush()
            self._publish_sizes()
            if self.shared is not None:
                self.shared.wake()
        if self.shared is not None and self.frontier.completing:
            self.shared.wake()  # a finished server: complete it and lease the next one now

    def _flush(self) -> None:
        """A checkpoint, unless the storage failed (then the last whole one is the state)."""
        if self.storage.failed:
            return
        try:
            self.frontier.flush(self._stats_snapshot())
        except StorageError as error:
            self.storage.fail("the frontier", error)

    def on_idle(self, spider: Spider) -> None:
        """Nothing is downloading or being parsed: whatever is "in flight" is stale."""
        stale = self.frontier.finish_all_in_flight()
        if stale:
            self.crawler.stats.inc_value(STALE_IN_FLIGHT, stale)
        if self.frontier.has_work():
            raise DontCloseSpider
        if self.shared is not None and not self.shared.job_finished():
            self.shared.wake()  # other workers may still find links to servers for us
            raise DontCloseSpider

    def wake_engine(self) -> None:
        """Make the engine ask for requests (or find the spider idle) now, not at its next
        heartbeat: ``engine.crawl`` is Scrapy's public way, and the request it carries is
        dropped by :meth:`enqueue_request`. Called by the shared frontier's sync."""
        if self.spider is not None and self.crawler.engine.spider is not None:
            self.crawler.engine.crawl(Request(WAKE_URL, meta={WAKE_KEY: True},
                                              dont_filter=True))

    # --- the width: servers crawled at once --------------------------------------------------

    def on_engine_started(self) -> None:
        """From now on the engine can be woken, and the width ticks (the reactor's lateness
        sampled every :data:`LAG_SAMPLE_SECONDS`)."""
        self._engine_started = True
        if self.width is None:
            return
        self._ticked_at, self._cpu_at = time.monotonic(), time.process_time()
        self._pacing = create_looping_call(self.sample_lag)
        self._pacing.start(LAG_SAMPLE_SECONDS, now=False)

    def sample_lag(self) -> None:
        """Called every :data:`LAG_SAMPLE_SECONDS` by the reactor; every tick, the width is
        adjusted by the reactor's mean lateness over the tick (one slow page is no trend) and
        the CPU time the process used in it."""
        now = time.monotonic()
        self._samples += 1
        elapsed = now - self._ticked_at
        if elapsed >= TICK_SECONDS:
            cpu = time.process_time()
            tick = Tick(held_back=self.frontier.held_back,
                        lag=elapsed / self._samples - LAG_SAMPLE_SECONDS,
                        backed_up=self._backed_up(), busy=(cpu - self._cpu_at) / elapsed)
            self._ticked_at, self._cpu_at, self._samples = now, cpu, 0
            self.tick(tick)

    def tick(self, tick: Tick) -> None:
        """The width after ``tick`` becomes the frontier's ``max_active_servers``; a wider
        crawl wakes the engine (a pending server may start now)."""
        assert self.width is not None
        self.frontier.held_back = False
        before = self.frontier.max_active_servers
        servers = self.frontier.max_active_servers = self.width.adjust(tick)
        stats = self.crawler.stats
        stats.set_value(FRONTIER_WIDTH, servers)
        stats.max_value(FRONTIER_WIDTH_MAX, servers)
        if servers > before and self._starved and self._engine_started:
            self._starved = False
            self.wake_engine()

    def _backed_up(self) -> bool:
        """The pipelines hold more responses than the machine keeps up with, or as many
        bytes as Scrapy allows (``SCRAPER_SLOT_MAX_ACTIVE_SIZE``)."""
        slot = self.crawler.engine.scraper.slot
        if slot is None:
            return False
        return slot.needs_backout() or len(slot.queue) + len(slot.active) > BACKLOG_RESPONSES

    def add_pushed_start_point(self, url: str) -> None:
        """A start point pushed to the shared list (``scrapy citeseeker-push``)."""
        admitted = self.admit(url.strip(), referrer=None)
        if admitted is None:
            logger.warning("citeseeker: pushed start point %r refused by the crawl's scope", url)
            return
        self._counted(self.frontier.add_start_point(DocumentEntry(admitted)))

    def _end_trap(self, server: str) -> None:
        """A crawler trap: the server's crawl ends now, said in one errors.log line."""
        skipped = self.frontier.complete_now(server)
        self.crawler.stats.inc_value(TRAPS_SERVERS)
        self.crawler.signals.send_catch_log(
            citeseeker_signals.note_error, url=server,
            reason=f"crawler trap: {self.traps.alike_limit} pages alike (a calendar, session ids "
                   f"in links, generated pages): its crawl ended, {skipped} documents skipped "
                   "(CITESEEKER_TRAP_PAGES)")

    def _tell_budget_reached(self, server: str) -> None:
        """The first link refused by the server's budget: one errors.log line, so the user
        sees it and may raise the budget."""
        self._over_budget.add(server)
        self.crawler.signals.send_catch_log(
            citeseeker_signals.note_error, url=server,
            reason=f"document budget reached ({self.frontier.max_docs_per_server} documents): "
                   "its further links are not followed (raise CITESEEKER_MAX_DOCS_PER_SERVER)")

    def on_server_completed(self, server: str) -> None:
        given_up = self.given_up.completed(server)
        if given_up is not None:
            self._tell_given_up(server, given_up)
        self.outages.answered(server)
        self.traps.forget(server)
        self._over_budget.discard(server)
        self.crawler.stats.inc_value(SERVERS_COMPLETED)
        self.crawler.signals.send_catch_log(citeseeker_signals.server_completed, server=server)

    def root_of(self, server: str) -> str | None:
        """The server's root, if the crawl's policy admits it (never for ``file://``)."""
        if server.startswith("file:"):
            return None
        return self.admit(server + "/", referrer=server + "/")

    # --- skip file, stats ---------------------------------------------------------------------

    def _check_skip_file(self) -> None:
        """Servers named in the skip file are skipped between documents (Skip Current Server)."""
        now = time.monotonic()
        if now - self._skip_checked_at < SKIP_CHECK_SECONDS:
            return
        self._skip_checked_at = now
        try:
            mtime = self.skip_file.stat().st_mtime
        except OSError:
            return
        if mtime == self._skip_mtime:
            return
        self._skip_mtime = mtime
        for line in self.skip_file.read_text(encoding="utf-8", errors="replace").splitlines():
            name = line.strip()
            if name and not name.startswith("#") and self.frontier.skip(server_of(name)):
                self.crawler.stats.inc_value(SERVERS_SKIPPED)

    def _stats_snapshot(self) -> dict[str, Any]:
        """Our statistics for the checkpoint, the job's responses so far among them: the next
        run restores them as its earlier runs' figures."""
        stats = self.crawler.stats.get_stats()
        snapshot = {k: v for k, v in stats.items() if k.startswith(f"{ROOT}/")
                    and isinstance(v, (int, float))}
        snapshot[EARLIER_RESPONSES] = job_responses(stats)
        return snapshot

    def _restore_stats(self, extras: dict[str, Any]) -> None:
        for key, value in extras.items():
            if key != START_REQUESTS:  # this run yields its start points again
                self.crawler.stats.set_value(key, value)
        self.crawler.stats.inc_value(RESUMED)

    def _publish_sizes(self) -> None:
        for name, value in self.frontier.sizes().items():
            self.crawler.stats.set_value(f"{FRONTIER_SIZE}/{name}", value)


def job_responses(stats: Mapping[str, Any]) -> int:
    """Responses the whole job received: its earlier runs' (restored from the checkpoint) and
    this run's. Who calls: the scheduler, for the checkpoint (what the next run restores as
    ``EARLIER_RESPONSES``), and the crawl command, which judges "none reachable" on the job."""
    return int(stats.get(EARLIER_RESPONSES, 0)) + int(stats.get("response_received_count", 0))


def _link_stat(outcome: str) -> str:
    """The stats name of a link's outcome: a scope refusal is named already, a frontier
    outcome becomes ``citeseeker/frontier/enqueued`` or ``.../refused/<outcome>``."""
    if outcome.startswith(SCOPE_STATS):
        return outcome
    return FRONTIER_ENQUEUED if outcome == ACCEPTED else f"{FRONTIER_REFUSED}/{outcome}"


def _connections_of(settings: BaseSettings) -> Callable[[str], int]:
    """A server's connections as Scrapy's downloader gives its download slot (keyed by host
    name): ``DOWNLOAD_SLOTS``' concurrency, else ``CONCURRENT_REQUESTS_PER_IP`` or
    ``_PER_DOMAIN``. The frontier hands out no more of a server's documents at once."""
    default = (settings.getint("CONCURRENT_REQUESTS_PER_IP")
               or settings.getint("CONCURRENT_REQUESTS_PER_DOMAIN"))
    slots = settings.getdict("DOWNLOAD_SLOTS")

    def connections(server: str) -> int:
        host = urlsplit(server).hostname or ""
        return max(1, int(slots.get(host, {}).get("concurrency", default)))
    return connections


def _frontier_store(job, jobdir: str | None) -> FrontierStore:
    """SQLite in JOBDIR (a disk that refuses it stops the crawl), else memory."""
    if not jobdir:
        return MemoryStore()
    try:
        return SqliteStore(Path(jobdir) / "frontier.sqlite")
    except StorageError as error:
        job.storage.fail("the frontier", error)
        return MemoryStore()


def _reachable_shared_frontier(crawler, shared: SharedSettings | None) -> SharedSettings | None:
    """The job's shared-frontier settings (None: a local frontier) when Redis answers; an
    unreachable Redis, or a finished job under the key, refuses the job (exit status 2), before
    any request."""
    if shared is None:
        return None
    problem = unreachable(shared.redis_url)
    if problem is None:  # a finished job key: refused unless CITESEEKER_REDIS_REUSE
        problem = refuse_finished_job(shared.redis_url, shared.prefix, reuse=shared.reuse_finished)
    if problem is not None:
        refuse_to_start(crawler, problem)
        return None
    return shared
