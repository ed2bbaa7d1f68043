"""Per-server concurrency that adapts to what the server can take (AIMD, issue 27).

A small server — a lab's machine, a student's ``python3 -m http.server`` (listen queue 5), an
old appliance — drops the connections it cannot accept: the kernel discards the SYN, the
client sends it again after a second, and with 4 connections per server the drops never stop
(3,000 pages: 133 s, against 1.5 s one connection at a time). So, per download slot (Scrapy's
per-server queue), like TCP's congestion window:

* **multiplicative decrease** — a connection refused, lost, dropped or timed out, or a
  response whose latency spiked (at least :data:`SPIKE_SECONDS` and :data:`SPIKE_FACTOR` times
  the server's usual latency: a SYN sent again), halves the slot's concurrency (never below
  one), at most once per :data:`HOLD_SECONDS` or per spiked latency (the requests already on
  the way when it was halved report the same congestion);
* **additive increase** — a full window of normal answers (as many as the concurrency) adds
  one connection, back up to what the settings gave the slot (``CONCURRENT_REQUESTS_PER_DOMAIN``
  or ``DOWNLOAD_SLOTS``): a server that keeps up is never held below the politeness limit.

Beside the existing politeness settings, not instead: it only lowers a slot's limit. Reads
``CITESEEKER_ADAPTIVE_CONCURRENCY`` (off: ``NotConfigured``). Writes stats
``citeseeker/adaptive/decreased``, ``/increased`` and ``/lowest`` (the smallest concurrency any
slot had). Uses Scrapy's public downloader API, as AutoThrottle does:
``crawler.engine.downloader.slots``, ``Slot.concurrency``, request meta ``download_slot`` and
``download_latency``. Installed by the add-on (``citeseeker_scrapy/addon.py``) at 610: nearer the
downloader than the retry (550) and redirect (580, 600) middlewares, so it sees every failed
attempt and every response, redirects included, before they act.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass
from typing import Any

from scrapy.exceptions import NotConfigured
from scrapy.http import Request, Response
from twisted.internet import error
from twisted.web.client import ResponseFailed, ResponseNeverReceived

from citeseeker_scrapy.job.crawl_job import crawl_job

logger = logging.getLogger(__name__)

STATS = "citeseeker/adaptive"
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
#: Failures that say the server could not take the connection. Not DNS errors (a name, not
#: a load) nor HTTP errors (the server answered).
CONGESTION_ERRORS = (error.TimeoutError, error.ConnectionRefusedError, error.ConnectError,
                     error.ConnectionLost, ResponseNeverReceived, ResponseFailed)


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


class AdaptiveConcurrencyMiddleware:
    """Downloader middleware applying :class:`AdaptiveConcurrency` to Scrapy's download slots;
    see the module docstring."""

    def __init__(self, crawler: Any) -> None:
        self.crawler = crawler
        self.rule = AdaptiveConcurrency()
        self.lowest: int | None = None
        self._answers = 0

    @classmethod
    def from_crawler(cls, crawler: Any) -> AdaptiveConcurrencyMiddleware:
        if not crawl_job(crawler).config_or_defaults().adaptive_concurrency:
            raise NotConfigured("CITESEEKER_ADAPTIVE_CONCURRENCY is off")
        return cls(crawler)

    def process_response(self, request: Request, response: Response,
                         spider: Any = None) -> Response:
        key, slot = self._slot(request)
        if slot is not None:
            latency = request.meta.get("download_latency")
            self._set(key, slot, self.rule.answered(key, slot.concurrency, latency,
                                                    time.monotonic()))
        self._answers += 1
        if self._answers % PRUNE_EVERY == 0:
            self.rule.forget_except(self.crawler.engine.downloader.slots)
        return response

    def process_exception(self, request: Request, exception: BaseException,
                          spider: Any = None) -> None:
        if isinstance(exception, CONGESTION_ERRORS) and not isinstance(exception,
                                                                        error.DNSLookupError):
            key, slot = self._slot(request)
            if slot is not None:
                self._set(key, slot, self.rule.congested(key, slot.concurrency,
                                                         time.monotonic()))
        return None  # the retry middleware and the errback go on as before

    def _slot(self, request: Request) -> tuple[str, Any]:
        key = request.meta.get("download_slot")
        if key is None:
            return "", None
        return key, self.crawler.engine.downloader.slots.get(key)

    def _set(self, key: str, slot: Any, concurrency: int) -> None:
        if concurrency == slot.concurrency:
            return
        stats = self.crawler.stats
        change = "increased" if concurrency > slot.concurrency else "decreased"
        stats.inc_value(f"{STATS}/{change}")
        logger.debug("citeseeker: %s concurrency %d -> %d", key, slot.concurrency, concurrency)
        slot.concurrency = concurrency
        if self.lowest is None or concurrency < self.lowest:
            self.lowest = concurrency
            stats.set_value(f"{STATS}/lowest", concurrency)
