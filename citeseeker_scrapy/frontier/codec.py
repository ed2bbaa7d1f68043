"""A Scrapy request as a frontier record (:class:`DocumentEntry`) and back.

Who calls it: the scheduler, for every request it is offered (:meth:`RequestCodec.entry`) and
every document it hands out (:meth:`RequestCodec.request`). Why a codec: the frontier keeps
millions of documents (in SQLite or Redis across a resume), so a plain document is its URL and
depth only, plus the little meta Scrapy's redirect and retry middlewares added (as JSON, so
``REDIRECT_MAX_TIMES`` and ``RETRY_TIMES`` still bound their chains). Anything else (a POST,
another callback, cookies) is kept whole, pickled (``citeseeker/frontier/pickled``).
"""

from __future__ import annotations

import json
import pickle
from typing import Any

from scrapy import Request, Spider
from scrapy.utils.request import request_from_dict

from citeseeker_scrapy.keys import (DEPTH_KEY, FRONTIER, KIND_KEY, LANDING_KEY, LEASE_KEY,
                                    ORIGIN_KEY, SEARCH_KEY, UNSENT_KEY)
from citeseeker_scrapy.stats import FRONTIER_PICKLED
from citeseeker_scrapy.urls import is_plain_url

from .model import DocumentEntry

#: Scrapy's meta key for a URL sent as it is (set by :meth:`RequestCodec.request` for plain
#: URLs only).
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
#: The first byte of an entry's payload: the kept meta as JSON, or the whole request pickled.
META_PAYLOAD, REQUEST_PAYLOAD = b"M", b"R"


def landing_payload(work: Any) -> bytes:
    """The payload of a PDF a record page names: the page's work, for the PDF's item
    (``works/landing.py``)."""
    return META_PAYLOAD + json.dumps({LANDING_KEY: work}).encode()


class RequestCodec:
    """Requests to frontier entries and back; see the module docstring."""

    def __init__(self, stats: Any) -> None:
        self.stats = stats
        self.spider: Spider | None = None
        self.callbacks: tuple[Any, Any] = (None, None)  # the spider's parse and on_error

    def open(self, spider: Spider) -> None:
        """One bound method each, given to every request: Scrapy caches "is this callback a
        generator with a return value?" (it reads the callback's source and parses it) per
        callback object, weakly, so a new bound method per request would make it parse the
        spider's source again for every page."""
        self.spider = spider
        self.callbacks = (getattr(spider, "parse", None), getattr(spider, "on_error", None))

    def entry(self, request: Request, url: str) -> DocumentEntry:
        """URL and depth for a plain document request, plus its redirect/retry meta as a little
        JSON; anything else (a POST, another callback, cookies) is kept whole, pickled."""
        depth = int(request.meta.get(DEPTH_KEY, 0))
        if not self.is_plain(request):
            self.stats.inc_value(FRONTIER_PICKLED)
            whole = request.replace(url=url).to_dict(spider=self.spider)
            return DocumentEntry(url, depth, REQUEST_PAYLOAD + pickle.dumps(whole, protocol=5))
        kept = {k: request.meta[k] for k in KEPT_META if k in request.meta}
        if request.dont_filter:
            kept["dont_filter"] = True
        if not kept:
            return DocumentEntry(url, depth)
        return DocumentEntry(url, depth, META_PAYLOAD + json.dumps(kept).encode())

    def unsent_entry(self, request: Request) -> DocumentEntry:
        """A request the lease check returned unsent, as it was before it was handed out."""
        meta = {k: v for k, v in request.meta.items() if k not in (UNSENT_KEY, LEASE_KEY)}
        return self.entry(request.replace(meta=meta), request.url)

    def search_entry(self, request: Request) -> DocumentEntry:
        """A site-search submission or result page, kept whole (a POST body survives JOBDIR)
        under its own key (a POST's key hashes its body)."""
        blob = pickle.dumps(request.to_dict(spider=self.spider), protocol=5)
        return DocumentEntry(request.meta[SEARCH_KEY]["key"], int(request.meta.get(DEPTH_KEY, 0)),
                             REQUEST_PAYLOAD + blob)

    def is_plain(self, request: Request) -> bool:
        """A GET for the spider's own callbacks (headers are re-added on the way out)."""
        callback, errback = self.callbacks
        return (request.method == "GET" and not request.body and not request.cookies
                and request.callback in (None, callback) and request.errback in (None, errback)
                and request.meta.keys() <= PLAIN_META)

    def request(self, entry: DocumentEntry) -> Request:
        """The request of a document the frontier hands out (origin ``frontier``)."""
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
