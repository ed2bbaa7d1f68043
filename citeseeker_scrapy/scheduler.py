"""The Scrapy SCHEDULER over the CiteSeeker frontier (thesis §6.2–6.4, Algorithm 7.1).

Who calls it: Scrapy's engine (``enqueue_request`` for start points, redirect targets, retries
and other components' requests; ``next_request`` whenever the downloader has room). It replaces
Scrapy's scheduler *and* dupefilter: the frontier dedupes per server and forgets a server's
documents when it completes. Its parts live in ``frontier/``: the one scope gate
(``admission``), requests as records (``codec``), documents finished (``finishing``), servers
held or ended early (``trouble``), servers crawled at once (``pacing``), ``checkpoints``, the
``skip_file``, fencing at send time (``fencing``), the engine's wake-up (``wake``). A document
is finished only once its item left the pipelines and its links are in the frontier, so no
link is lost to a server completed too early.

Settings read (in ``from_crawler`` only, through :class:`CrawlConfig` and ``frontier/build``):
``CITESEEKER_CONCURRENT_SERVERS``, ``_MAX_PENDING_DOCS``, ``_MAX_DOCS_PER_SERVER``,
``_MAX_DEPTH``, ``_FLUSH_INTERVAL``, ``_KEEP_QUERY``, ``_SKIP_FILE``, ``_TRAP_PAGES``,
``_UNREACHABLE_AFTER``, ``_DEFER_*``, ``_MAX_RETRY_AFTER``, ``_SITE_SEARCH``, ``_FRONTIER``
(``redis``: a worker of the shared frontier), ``JOBDIR`` (writes ``frontier.sqlite`` there).
"""

from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import Any

from scrapy import Request, Spider, signals
from scrapy.exceptions import DontCloseSpider
from scrapy.utils.defer import deferred_from_coro
from twisted.internet.defer import Deferred

from . import signals as crawl_signals
from .document.item import DocumentItem
from .frontier import Frontier
from .frontier.admission import Admission
from .frontier.build import (build_frontier, outage_limits, reachable_shared_frontier,
                             skip_file_path)
from .frontier.checkpoints import Checkpoints
from .frontier.codec import RequestCodec
from .frontier.fencing import LeaseFence
from .frontier.finishing import Finishing
from .frontier.outages import OutageLimits
from .frontier.pacing import WidthPacer
from .frontier.redis_backend import SharedSettings
from .frontier.redis_sync import RedisSync
from .frontier.skip_file import SkipFile
from .frontier.trouble import ServerWatch
from .frontier.wake import is_wake, wake_engine
from .frontier.width import CrawlWidth
from .job.crawl_job import crawl_job, scope_of
from .job.start import refuse_to_start
from .job.inputs import CrawlInputs
from .keys import LEASE_KEY, SEARCH_KEY, UNSENT_KEY
from .stats import SERVERS_SKIPPED, STALE_IN_FLIGHT
from .storage import StorageGuard
from .urls import LinkPolicy, server_of


class FrontierScheduler:
    """Per-server depth-first scheduling with skeletons; see the module docstring."""

    def __init__(self, crawler, frontier: Frontier, *, scope: LinkPolicy, keep_query: bool,
                 skip_file: Path, outages: OutageLimits | None = None, trap_pages: int = 100,
                 follow_same_server: bool = True, storage: StorageGuard | None = None,
                 shared: SharedSettings | None = None, width: CrawlWidth | None = None) -> None:
        """Built by :meth:`from_crawler` (or a test, from plain values): ``shared`` makes this a
        worker of the Redis frontier; ``width`` adapts the frontier's ``max_active_servers``
        while the crawl runs (None: it stays as given)."""
        self.crawler, self.frontier = crawler, frontier
        self.wake_engine = partial(wake_engine, crawler)
        self.codec = RequestCodec(crawler.stats)
        self.storage = storage or StorageGuard()
        self.checkpoints = Checkpoints(crawler.stats, frontier, self.storage)
        self.skip_file = SkipFile(skip_file)
        self.pacer = None if width is None else WidthPacer(crawler, frontier, width,
                                                           self._wake_if_starved)
        self._starved = False  # the last next_request found nothing while work waited
        self._engine_started = False
        self.shared: RedisSync | None = None if shared is None else RedisSync(
            crawler, frontier, shared, wake_engine=self.wake_engine,
            add_start_point=lambda url: self.admission.add_start_point(url))  # built below
        self.watch = ServerWatch(crawler, frontier, outages=outages or OutageLimits(),
                                 trap_pages=trap_pages, wake_engine=self.wake_engine,
                                 checkpoints=self.checkpoints, shared=self.shared)
        self.finishing = Finishing(frontier, self.checkpoints, self.watch, keep_query=keep_query,
                                   shared=self.shared, on_finished=self._wake_if_starved)
        self.admission = Admission(crawler.stats, frontier, scope, self.codec,
                                   follow_same_server=follow_same_server,
                                   budget_reached=self.watch.budget_reached,
                                   finish=self.finishing.finish,
                                   new_start_point=self.watch.new_start_point)
        self.fence = LeaseFence(crawler, None if shared is None else frontier)
        frontier.root_of = self.admission.root_of
        frontier.on_completed = self.watch.server_completed
        frontier.on_deferral_restored = self.watch.deferral_restored
        frontier.on_crawled_before = self.watch.crawled_before

    @classmethod
    def from_crawler(cls, crawler) -> FrontierScheduler:
        job = crawl_job(crawler)
        # a job that refused to start closes before its first request: leave JOBDIR untouched
        config = job.config_or_defaults()
        jobdir, shared = None, None
        if job.error is None:
            jobdir = crawler.settings.get("JOBDIR")
            shared = reachable_shared_frontier(job.shared, partial(refuse_to_start, crawler))
        frontier, width = build_frontier(config, crawler.settings, jobdir=jobdir,
                                         storage=job.storage, shared=shared)
        return cls(crawler, frontier, keep_query=config.keep_query,
                   scope=job.scope or scope_of(config, CrawlInputs((), (), (), (), ())),
                   skip_file=skip_file_path(config, jobdir), outages=outage_limits(config),
                   trap_pages=config.trap_pages, storage=job.storage, shared=shared, width=width,
                   follow_same_server=job.site_search.mode != "only")

    def open(self, spider: Spider) -> None:
        self.codec.open(spider)
        connect = self.crawler.signals.connect
        connect(self.on_engine_started, signal=signals.engine_started)
        if self.pacer is not None:
            connect(self.pacer.start, signal=signals.engine_started)
        connect(self.finishing.on_document_failed, signal=crawl_signals.document_failed)
        connect(self.watch.on_server_trouble, signal=crawl_signals.server_trouble)
        connect(self.finishing.on_search_page_done, signal=crawl_signals.search_page_done)
        connect(self.checkpoints.progress_snapshot, signal=crawl_signals.frontier_snapshot_wanted)
        connect(self.fence.refusal_to_send, signal=crawl_signals.request_leaving)
        connect(self.on_idle, signal=signals.spider_idle)
        self.checkpoints.restore()
        if self.shared is not None:
            self.shared.start()

    def close(self, reason: str) -> Deferred | None:
        self.watch.close()
        if self.pacer is not None:
            self.pacer.stop()
        if self.shared is None:
            return self.checkpoints.close()
        # the sizes first: the closing sync flushes and hands the servers back, which
        # empties this worker's frontier
        self.checkpoints.publish_sizes()
        return deferred_from_coro(self.shared.close())

    def has_pending_requests(self) -> bool:
        return self.frontier.has_documents_ready()

    def __len__(self) -> int:
        sizes = self.frontier.sizes()
        return sizes["active_stack"] + sizes["pending_documents"]

    def enqueue_request(self, request: Request) -> bool:
        """Offer a request to the frontier through the scope gate; False (dropped) for
        duplicates and refusals. A request the lease check returned unsent goes back as it was."""
        if is_wake(request):
            return False
        if request.meta.get(UNSENT_KEY):
            self.frontier.put_back(self.codec.unsent_entry(request))
            return True
        return self.admission.offer(request)

    def next_request(self) -> Request | None:
        for server in self.skip_file.servers_named():
            if self.frontier.skip(server):
                self.crawler.stats.inc_value(SERVERS_SKIPPED)
        ready = self.fence.slot_can_send if self.shared is not None else None
        entry = self.frontier.next_document(ready)
        if entry is None:
            self._starved = True
            return None
        request = self.codec.request(entry)
        if SEARCH_KEY in request.meta:
            self.frontier.hold_for_search(entry.url)
        if self.shared is not None:  # its fencing token: the lease it is handed out under
            request.meta[LEASE_KEY] = self.frontier.lease_of(server_of(request.url))
        return request

    def on_document_done(self, item: Any, **kwargs: Any) -> None:
        """A document item left the pipelines (scraped, dropped or failed): its links go to the
        frontier, then the document is finished."""
        if not isinstance(item, DocumentItem):
            return  # e.g. a re-crawl's gone citations: no document of the frontier
        self.watch.answered(item.server)
        if self.storage.failed:
            return  # its feed or log write may have failed: the resume fetches it again
        self.watch.watch_page(item)
        if item.links or item.parts:  # a record page may name its PDF in a tag only
            self.admission.add_links(item)
        if self.shared is not None and item.citations:
            self.shared.report_citations([f"{item.url} {c.get('member', '')} {c.get('publication')}"
                                          for c in item.citations])
        self.finishing.finish(item.url)

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

    def on_engine_started(self) -> None:
        """From now on the engine can be woken, and the frontier hears of documents. The item
        signals are connected now, after every extension and spider_opened handler: the
        frontier hears of a document last, once the feed and the report have it, so a
        checkpoint never counts a document done whose citations are not yet on disk."""
        self._engine_started = True
        for signal in (signals.item_scraped, signals.item_dropped, signals.item_error):
            self.crawler.signals.connect(self.on_document_done, signal=signal)

    def _wake_if_starved(self) -> None:
        if self._starved and self._engine_started:
            self._starved = False
            wake_engine(self.crawler)
