"""Per-server concurrency that adapts to what the server can take (AIMD).

A small server — a lab's machine, a student's ``python3 -m http.server`` (listen queue 5), an
old appliance — drops the connections it cannot accept: the kernel discards the SYN, the
client sends it again after a second, and with 4 connections per server the drops never stop
(such a crawl is then far slower than one connection at a time). So, per download slot (Scrapy's
per-server queue), like TCP's congestion window:

* **multiplicative decrease** — a connection refused, lost, dropped or timed out, an answer
  that asks the crawler to slow down (``429``, ``503``), or a response whose latency spiked (at least :data:`SPIKE_SECONDS` and :data:`SPIKE_FACTOR` times
  the server's usual latency: a SYN sent again), halves the slot's concurrency (never below
  one), at most once per :data:`HOLD_SECONDS` or per spiked latency (the requests already on
  the way when it was halved report the same congestion);
* **additive increase** — a full window of normal answers (as many as the concurrency) adds
  one connection, back up to what the settings gave the slot (``CONCURRENT_REQUESTS_PER_DOMAIN``
  or ``DOWNLOAD_SLOTS``): a server that keeps up is never held below the politeness limit.

Beside the existing politeness settings, not instead: it only ever holds a server below
its configured limit. Reads ``CITESEEKER_ADAPTIVE_CONCURRENCY`` (off: ``NotConfigured``).
Writes stats ``citeseeker/adaptive/decreased``, ``/increased`` and ``/lowest`` (the smallest
limit any slot had). Uses Scrapy's public downloader API, as AutoThrottle does:
``crawler.engine.downloader`` (``get_slot_key``, ``slots``, ``per_slot_settings``,
``domain_concurrency``, ``ip_concurrency``) and request meta ``download_latency``. Installed by
the add-on (``citeseeker_scrapy/addon.py``) at 950: its ``process_request`` is the last before
the download (a response from the HTTP cache never takes a connection), and it sees every
response and failure before the retry and redirect middlewares act on them.
"""

from __future__ import annotations

import logging
import time
from collections import deque
from dataclasses import dataclass, field
from typing import Any

from scrapy.exceptions import (
    DownloadConnectionRefusedError, DownloadFailedError, DownloadTimeoutError, NotConfigured,
    ResponseDataLossError,
)
from scrapy.http import Request, Response
from scrapy.utils.defer import maybe_deferred_to_future
from twisted.internet import error
from twisted.internet.defer import Deferred
from twisted.web.client import ResponseFailed, ResponseNeverReceived

from citeseeker_scrapy import signals as citeseeker_signals
from citeseeker_scrapy.job.crawl_job import crawl_job
from citeseeker_scrapy.keys import CONNECTION_KEY
from citeseeker_scrapy.stats import ADAPTIVE_DECREASED, ADAPTIVE_INCREASED, ADAPTIVE_LOWEST

logger = logging.getLogger(__name__)

#: A latency below this is never a spike: the kernel's first SYN retransmission comes after 1 s.
SPIKE_SECONDS = 0.75
#: ... and a spike is this many times the server's usual latency.
SPIKE_FACTOR = 4.0
#: The least time between two decreases of one slot.
HOLD_SECONDS = 1.0
#: Weight of a new latency in the server's usual latency (an exponential moving average).
LATENCY_WEIGHT = 0.2
#: Forget the slots Scrapy no longer has (idle for a minute) every this many answers.
PRUNE_EVERY = 1000
#: Answers that say the server cannot take more now (Too Many Requests, Service Unavailable).
SLOW_DOWN_STATUSES = (429, 503)
#: Failures that say the server could not take the connection (Scrapy's own since 2.13, and
#: Twisted's). Not DNS errors (a name, not a load) nor HTTP errors (the server answered).
CONGESTION_ERRORS = (DownloadConnectionRefusedError, DownloadTimeoutError, DownloadFailedError,
                     ResponseDataLossError, error.TimeoutError, error.ConnectError,
                     error.ConnectionLost, error.ConnectionDone, ResponseNeverReceived,
                     ResponseFailed)


@dataclass
class SlotWindow:
    """What the controller remembers of one slot."""

    ceiling: int
    usual_latency: float | None = None
    good: int = 0
    calm_until: float = 0.0


class AdaptiveConcurrency:
    """The AIMD rule on plain values (no Scrapy): given a slot's key, its current concurrency
    and what happened, the concurrency it should have. Who calls: the middleware below."""

    def __init__(self) -> None:
        self.windows: dict[str, SlotWindow] = {}

    def answered(self, key: str, concurrency: int, latency: float | None, now: float) -> int:
        """A response came: a spiked latency is congestion, a normal one counts towards
        one more connection."""
        window = self._window(key, concurrency)
        if latency is not None and self._spiked(window, latency):
            return self._decrease(window, concurrency, now, latency)
        if latency is not None:
            usual = window.usual_latency
            window.usual_latency = latency if usual is None else (
                usual + LATENCY_WEIGHT * (latency - usual))
        window.good += 1
        if window.good >= concurrency and concurrency < window.ceiling:
            window.good = 0
            return concurrency + 1
        return concurrency

    def congested(self, key: str, concurrency: int, now: float) -> int:
        """A connection failed (refused, dropped, timed out)."""
        return self._decrease(self._window(key, concurrency), concurrency, now, 0.0)

    def forget_except(self, keys: Any) -> None:
        """Drop the windows of slots that are gone (memory follows the active servers)."""
        self.windows = {k: w for k, w in self.windows.items() if k in keys}

    def _window(self, key: str, concurrency: int) -> SlotWindow:
        window = self.windows.get(key)
        if window is None:
            window = self.windows[key] = SlotWindow(ceiling=concurrency)
        return window

    @staticmethod
    def _spiked(window: SlotWindow, latency: float) -> bool:
        usual = window.usual_latency
        return usual is not None and latency >= SPIKE_SECONDS and latency >= SPIKE_FACTOR * usual

    @staticmethod
    def _decrease(window: SlotWindow, concurrency: int, now: float, latency: float) -> int:
        window.good = 0
        if now < window.calm_until:
            return concurrency
        window.calm_until = now + max(HOLD_SECONDS, latency)
        return max(1, concurrency // 2)


@dataclass
class SlotGate:
    """One slot's connections: how many may be open, how many are, who waits for one."""

    limit: int
    open: int = 0
    waiting: deque = field(default_factory=deque)

    def admit_waiting(self) -> None:
        while self.waiting and self.open < self.limit:
            self.open += 1
            self.waiting.popleft().callback(None)


class AdaptiveConcurrencyMiddleware:
    """Downloader middleware applying :class:`AdaptiveConcurrency` to every download slot;
    see the module docstring.

    Why it holds requests itself rather than lowering ``Slot.concurrency``: Scrapy 2.19's
    downloader (asyncio reactor) starts each download as a task and counts it in
    ``Slot.transferring`` only when the task runs, so one pass over a slot's queue starts every
    request queued there, up to ``CONCURRENT_REQUESTS``: a server limited to 4 can get twice as
    many connection attempts at once — exactly what overflows a listen queue of 5. So its
    ``process_request`` (last before the download) waits until the slot has a free connection
    under the adapted limit, and the response or the failure frees it.
    """

    def __init__(self, crawler: Any) -> None:
        self.crawler = crawler
        self.rule = AdaptiveConcurrency()
        self.gates: dict[str, SlotGate] = {}
        self.lowest: int | None = None
        self._answers = 0

    @classmethod
    def from_crawler(cls, crawler: Any) -> AdaptiveConcurrencyMiddleware:
        if not crawl_job(crawler).config_or_defaults().adaptive_concurrency:
            raise NotConfigured("CITESEEKER_ADAPTIVE_CONCURRENCY is off")
        middleware = cls(crawler)
        crawler.signals.connect(middleware.connection_unused,
                                signal=citeseeker_signals.connection_unused)
        return middleware

    def connection_unused(self, request: Request, **kwargs: Any) -> None:
        """A later middleware sent the request back unsent (the lease check): its connection
        is free again, and says nothing of the server."""
        key = request.meta.pop(CONNECTION_KEY, None)
        if key is not None:
            self._free(self.gates[key])

    async def process_request(self, request: Request, spider: Any = None) -> None:
        key = self.crawler.engine.downloader.get_slot_key(request)
        gate = self._gate(key)
        if gate.open < gate.limit and not gate.waiting:
            gate.open += 1
        else:
            turn: Deferred = Deferred()
            gate.waiting.append(turn)
            await maybe_deferred_to_future(turn)
        request.meta[CONNECTION_KEY] = key
        return None

    def process_response(self, request: Request, response: Response,
                         spider: Any = None) -> Response:
        key = request.meta.pop(CONNECTION_KEY, None)
        if key is not None:
            latency = request.meta.get("download_latency")
            gate = self.gates[key]
            now = time.monotonic()
            if response.status in SLOW_DOWN_STATUSES:
                self._set(key, gate, self.rule.congested(key, gate.limit, now))
            else:
                self._set(key, gate, self.rule.answered(key, gate.limit, latency, now))
            self._free(gate)
        self._answers += 1
        if self._answers % PRUNE_EVERY == 0:
            self._prune()
        return response

    def process_exception(self, request: Request, exception: BaseException,
                          spider: Any = None) -> None:
        key = request.meta.pop(CONNECTION_KEY, None)
        if key is None:
            return None
        gate = self.gates[key]
        if isinstance(exception, CONGESTION_ERRORS) and not isinstance(exception,
                                                                        error.DNSLookupError):
            self._set(key, gate, self.rule.congested(key, gate.limit, time.monotonic()))
        self._free(gate)
        return None  # the retry middleware and the errback go on as before

    def _gate(self, key: str) -> SlotGate:
        gate = self.gates.get(key)
        if gate is None:
            gate = self.gates[key] = SlotGate(self._configured_limit(key))
        return gate

    def _configured_limit(self, key: str) -> int:
        """What Scrapy gives the slot: DOWNLOAD_SLOTS, else the per-IP or per-domain limit."""
        downloader = self.crawler.engine.downloader
        default = downloader.ip_concurrency or downloader.domain_concurrency
        return max(1, int(downloader.per_slot_settings.get(key, {}).get("concurrency", default)))

    @staticmethod
    def _free(gate: SlotGate) -> None:
        gate.open -= 1
        gate.admit_waiting()

    def _prune(self) -> None:
        """Forget idle slots Scrapy forgot too (a minute without a request)."""
        slots = self.crawler.engine.downloader.slots
        self.gates = {k: g for k, g in self.gates.items()
                      if k in slots or g.open or g.waiting}
        self.rule.forget_except(self.gates)

    def _set(self, key: str, gate: SlotGate, limit: int) -> None:
        if limit == gate.limit:
            return
        stats = self.crawler.stats
        stats.inc_value(ADAPTIVE_INCREASED if limit > gate.limit else ADAPTIVE_DECREASED)
        logger.debug("citeseeker: %s connections %d -> %d", key, gate.limit, limit)
        gate.limit = limit
        if self.lowest is None or limit < self.lowest:
            self.lowest = limit
            stats.set_value(ADAPTIVE_LOWEST, limit)
