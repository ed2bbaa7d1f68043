"""The Scrapy SCHEDULER over the CiteSeeker frontier (thesis §6.2–6.4, Algorithm 7.1).

Who calls it: Scrapy's engine (``enqueue_request`` for every request the spider, a middleware or a
redirect produces; ``next_request`` whenever the downloader has room). It replaces Scrapy's
scheduler *and* dupefilter: the frontier dedupes per server and forgets a server's documents when
the server completes.

Settings read (in ``from_crawler`` only, through :class:`CrawlConfig`): ``CITESEEKER_CONCURRENT_SERVERS``,
``CITESEEKER_MAX_PENDING_DOCS``, ``CITESEEKER_MAX_DOCS_PER_SERVER``, ``CITESEEKER_MAX_DEPTH``,
``CITESEEKER_FLUSH_INTERVAL``, ``CITESEEKER_KEEP_QUERY``, ``CITESEEKER_SKIP_FILE``, ``JOBDIR``.

Writes to JOBDIR: ``frontier.sqlite`` (see :mod:`citeseeker_scrapy.frontier.sqlite_store`).
Reads ``skip_servers.txt`` (in JOBDIR, else in CITESEEKER_LOG_DIR) for servers to skip.
"""

from __future__ import annotations

import json
import os
import pickle
import time
from pathlib import Path
from typing import Any

from scrapy import Request, Spider, signals
from scrapy.exceptions import DontCloseSpider
from scrapy.utils.request import request_from_dict

from . import signals as citeseeker_signals
from .config import CrawlConfig
from .exceptions import UrlRejected
from .frontier import DocumentEntry, Frontier, FrontierStore, MemoryStore
from .frontier.frontier import ACCEPTED
from .frontier.sqlite_store import SqliteStore
from .job import crawl_job
from .urls import canonical_url, server_of

DEPTH_KEY = "citeseeker_depth"
START_KEY = "citeseeker_start"
FROM_KEY = "citeseeker_from"
PLAIN_META = frozenset({DEPTH_KEY, START_KEY, FROM_KEY, "depth", "download_slot",
                        "download_latency", "download_timeout"})
#: What RedirectMiddleware adds; kept (as JSON) so REDIRECT_MAX_TIMES still ends long chains.
REDIRECT_META = frozenset({"redirect_times", "redirect_ttl", "redirect_urls", "redirect_reasons"})
META_PAYLOAD, REQUEST_PAYLOAD = b"M", b"R"
STATS = "citeseeker/frontier"
SKIP_CHECK_SECONDS = 1.0


class FrontierScheduler:
    """Per-server depth-first scheduling with skeletons; see the module docstring."""

    def __init__(self, crawler, frontier: Frontier, *, keep_query: bool,
                 skip_file: Path) -> None:
        self.crawler = crawler
        self.frontier = frontier
        self.keep_query = keep_query
        self.skip_file = skip_file
        self.spider: Spider | None = None
        self._skip_checked_at = 0.0
        self._skip_mtime = 0.0

    @classmethod
    def from_crawler(cls, crawler) -> "FrontierScheduler":
        job = crawl_job(crawler)
        # a job that refused to start closes before its first request: leave JOBDIR untouched
        config = job.config or CrawlConfig.from_settings({})
        jobdir = crawler.settings.get("JOBDIR") if job.error is None else None
        store: FrontierStore = SqliteStore(Path(jobdir) / "frontier.sqlite") if jobdir else MemoryStore()
        frontier = Frontier(
            store,
            max_active_servers=config.concurrent_servers,
            max_pending_docs=config.max_pending_docs,
            max_docs_per_server=config.max_docs_per_server,
            max_depth=config.max_depth,
            flush_interval=config.flush_interval,
        )
        skip = config.skip_file or os.path.join(jobdir or config.log_dir, "skip_servers.txt")
        scheduler = cls(crawler, frontier, keep_query=config.keep_query, skip_file=Path(skip))
        frontier.root_of = scheduler.root_of
        frontier.on_completed = scheduler.on_server_completed
        return scheduler

    # --- engine interface ---------------------------------------------------------------------

    def open(self, spider: Spider) -> None:
        self.spider = spider
        self.crawler.signals.connect(self.on_document_handled,
                                     signal=citeseeker_signals.document_handled)
        self.crawler.signals.connect(self.on_idle, signal=signals.spider_idle)
        snapshot = self.frontier.restore()
        if snapshot is not None:
            self._restore_stats(snapshot.extras)

    def close(self, reason: str) -> None:
        self.frontier.flush(self._stats_snapshot())
        self._publish_sizes()
        self.frontier.store.close()

    def has_pending_requests(self) -> bool:
        frontier = self.frontier
        if any(server.stack for server in frontier.active.values()):
            return True
        return bool(frontier.pending) and len(frontier.active) < frontier.max_active_servers

    def __len__(self) -> int:
        sizes = self.frontier.sizes()
        return sizes["active_stack"] + sizes["pending_documents"]

    def enqueue_request(self, request: Request) -> bool:
        """Offer a request to the frontier; False (dropped) for duplicates and refusals."""
        redirected_from = (request.meta.get("redirect_urls") or [None])[-1]
        if redirected_from is not None:
            return self._enqueue_redirect(request, redirected_from)
        url = request.url if FROM_KEY in request.meta else canonical_url(
            request.url, keep_query=self.keep_query)  # the spider's links are canonical already
        entry = self._entry(request, url)
        if request.meta.get(START_KEY):
            outcome = self.frontier.add_start_point(entry)
        else:
            outcome = self.frontier.add_link(entry, from_server=request.meta.get(FROM_KEY),
                                             force=request.dont_filter)
        return self._counted(outcome)

    def _enqueue_redirect(self, request: Request, previous: str) -> bool:
        """Both URLs count as completed (§7.3.5); a target on another server goes to that
        server's pending documents; a target already seen (a loop) is dropped."""
        try:
            url = self._admit(request.url, previous)
        except UrlRejected as rejection:
            self.crawler.stats.inc_value(f"{STATS}/refused/redirect_{rejection.reason}")
            outcome = None
        else:
            entry = self._entry(request, url)
            outcome = self.frontier.add_link(entry, from_server=server_of(previous))
            self._counted(outcome)
        self.frontier.finish(canonical_url(previous, keep_query=self.keep_query))
        return outcome == ACCEPTED

    def _admit(self, url: str, referrer: str) -> str:
        scope = crawl_job(self.crawler).scope
        if scope is None:
            return canonical_url(url, keep_query=self.keep_query)
        return scope.admit(url, referrer=referrer)

    def _counted(self, outcome: str) -> bool:
        if outcome != ACCEPTED:
            self.crawler.stats.inc_value(f"{STATS}/refused/{outcome}")
            return False
        self.crawler.stats.inc_value(f"{STATS}/enqueued")
        return True

    def next_request(self) -> Request | None:
        self._check_skip_file()
        entry = self.frontier.next_document()
        if entry is None:
            return None
        return self._request(entry)

    # --- requests <-> entries -----------------------------------------------------------------

    def _entry(self, request: Request, url: str) -> DocumentEntry:
        """URL and depth only for the spider's own requests; a redirect hop adds its redirect
        meta as a little JSON; anything else (a retry, a POST) is kept whole, pickled."""
        depth = int(request.meta.get(DEPTH_KEY, 0))
        if self._is_spiders_own(request):
            extra = {k: v for k, v in request.meta.items() if k in REDIRECT_META}
            if not extra:
                return DocumentEntry(url, depth)
            return DocumentEntry(url, depth, META_PAYLOAD + json.dumps(extra).encode())
        whole = request.replace(url=url).to_dict(spider=self.spider)
        return DocumentEntry(url, depth, REQUEST_PAYLOAD + pickle.dumps(whole, protocol=5))

    def _is_spiders_own(self, request: Request) -> bool:
        """A GET the spider built (headers are re-added by the middlewares on the way out)."""
        spider = self.spider
        return (request.method == "GET" and not request.body and not request.dont_filter
                and request.callback == getattr(spider, "parse", None)
                and request.errback == getattr(spider, "on_error", None)
                and request.priority == 0 and not request.cookies
                and set(request.meta) <= PLAIN_META | REDIRECT_META)

    def _request(self, entry: DocumentEntry) -> Request:
        payload = entry.payload
        if payload is not None and payload.startswith(REQUEST_PAYLOAD):
            return request_from_dict(pickle.loads(payload[1:]), spider=self.spider)
        meta: dict[str, Any] = {DEPTH_KEY: entry.depth}
        if payload is not None:
            meta.update(json.loads(payload[1:]))
        spider = self.spider
        return Request(entry.url, callback=spider.parse, errback=getattr(spider, "on_error", None),
                       meta=meta)

    # --- notifications ------------------------------------------------------------------------

    def on_document_handled(self, request: Request) -> None:
        url = request.url if DEPTH_KEY in request.meta else canonical_url(
            request.url, keep_query=self.keep_query)  # requests we hand out are canonical
        self.frontier.finish(url)
        if self.frontier.needs_flush():
            self.frontier.flush(self._stats_snapshot())
            self._publish_sizes()

    def on_idle(self, spider: Spider) -> None:
        """Nothing is downloading or being parsed: whatever is "in flight" is stale."""
        stale = self.frontier.finish_all_in_flight()
        if stale:
            self.crawler.stats.inc_value(f"{STATS}/stale_in_flight", stale)
        if self.frontier.has_work():
            raise DontCloseSpider

    def on_server_completed(self, server: str) -> None:
        self.crawler.stats.inc_value(f"{STATS}/servers_completed")
        self.crawler.signals.send_catch_log(citeseeker_signals.server_completed, server=server)

    def root_of(self, server: str) -> str | None:
        """The server's root, if the crawl's policy admits it (never for ``file://``)."""
        if server.startswith("file:"):
            return None
        try:
            return self._admit(server + "/", referrer=server + "/")
        except UrlRejected:
            return None

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
                self.crawler.stats.inc_value(f"{STATS}/servers_skipped")

    def _stats_snapshot(self) -> dict[str, Any]:
        stats = self.crawler.stats.get_stats()
        return {k: v for k, v in stats.items() if k.startswith("citeseeker/")
                and isinstance(v, (int, float))}

    def _restore_stats(self, extras: dict[str, Any]) -> None:
        for key, value in extras.items():
            self.crawler.stats.set_value(key, value)
        self.crawler.stats.inc_value("citeseeker/resumed")

    def _publish_sizes(self) -> None:
        for name, value in self.frontier.sizes().items():
            self.crawler.stats.set_value(f"{STATS}/size/{name}", value)
