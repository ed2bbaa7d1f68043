"""Scrapy's robots.txt middleware, plus the robots.txt ``Crawl-delay`` and ``Request-rate``.

Scrapy obeys what robots.txt allows but not how fast it asks to be crawled: three requests went
to a server with ``Crawl-delay: 1`` within a millisecond. This subclass reads both from the
parser Scrapy already built (Protego; ``Request-rate: n/s`` is one request per ``s/n``
seconds, the slower of the two wins) the first time it checks a request of a server, and
gives that server's download slot the delay, at most ``CITESEEKER_MAX_CRAWL_DELAY`` seconds,
without Scrapy's random jitter (which would send some requests sooner than asked): one request
at a time, one delay apart. Once a server's slot is decided, its requests cost one set look-up
(the slot key, a parse of the URL, is asked again only for a request that names its own slot,
or when slots are per IP address).

Uses Scrapy's public downloader API as AutoThrottle does (``crawler.engine.downloader``:
``get_slot_key``, ``slots``, ``per_slot_settings``; ``Slot.delay`` and ``Slot.jitter``).
Installed by the add-on in place of ``RobotsTxtMiddleware`` (same place, 100).
Stats: ``citeseeker/politeness/delayed_servers``, ``/longest_delay``.
"""

from __future__ import annotations

import logging
from typing import Any

from protego import Protego
from scrapy.core.downloader import Downloader
from scrapy.downloadermiddlewares.robotstxt import RobotsTxtMiddleware
from scrapy.http import Request
from scrapy.robotstxt import RobotParser

from citeseeker_scrapy.job.crawl_job import crawl_job
from citeseeker_scrapy.stats import POLITENESS_DELAYED_SERVERS, POLITENESS_LONGEST_DELAY

logger = logging.getLogger(__name__)


class PoliteRobotsTxtMiddleware(RobotsTxtMiddleware):
    """Downloader middleware; see the module docstring."""

    def __init__(self, crawler: Any) -> None:
        super().__init__(crawler)
        self.max_delay = crawl_job(crawler).config_or_defaults().max_crawl_delay
        settings = crawler.settings
        self.user_agent = str(settings.get("ROBOTSTXT_USER_AGENT")
                              or settings.get("USER_AGENT") or "")
        #: slot key -> the delay its robots.txt asked for (0.0: none)
        self.delays: dict[str, float] = {}
        #: robots.txt parsers (one per server) whose requests' slot is decided already: their
        #: slot key is the host name, the same for every request (see ``process_request_2``)
        self.decided: set[RobotParser] = set()

    def process_request_2(self, rp: RobotParser | None, request: Request) -> None:
        super().process_request_2(rp, request)
        if rp is None:
            return
        own_slot = Downloader.DOWNLOAD_SLOT in request.meta
        if not own_slot and rp in self.decided:
            return
        downloader = self.crawler.engine.downloader
        key = downloader.get_slot_key(request)
        if key not in self.delays:
            self.delays[key] = delay = min(self.max_delay, asked_delay(rp, self.user_agent))
            if delay > 0:
                self._slow_down(downloader, key, delay)
        if not own_slot and not downloader.ip_concurrency:  # per IP, the key may change
            self.decided.add(rp)

    def _slow_down(self, downloader: Any, key: str, delay: float) -> None:
        """The slot's delay, for the slot Scrapy has now and any it makes later for the key."""
        downloader.per_slot_settings.setdefault(key, {}).update(delay=delay, jitter=0.0)
        slot = downloader.slots.get(key)
        if slot is not None:
            slot.delay, slot.jitter = delay, 0.0
        stats = self.crawler.stats
        stats.inc_value(POLITENESS_DELAYED_SERVERS)
        stats.max_value(POLITENESS_LONGEST_DELAY, delay)
        logger.info("citeseeker: %s asks for %.3g s between requests (robots.txt)", key, delay)


def asked_delay(rp: RobotParser, user_agent: str) -> float:
    """Seconds between two requests that robots.txt asks of ``user_agent``: its
    ``Crawl-delay``, or its ``Request-rate`` (Protego's parser only), the larger; 0.0 if none."""
    delay = rp.crawl_delay(user_agent) or 0.0
    protego = getattr(rp, "rp", None)
    if isinstance(protego, Protego):
        rate = protego.request_rate(user_agent)
        if rate is not None and rate.requests > 0:
            delay = max(delay, rate.seconds / rate.requests)
    return max(0.0, float(delay))
