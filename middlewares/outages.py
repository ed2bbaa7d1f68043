"""Servers in trouble: a 429 or 5xx answer, or a connection that could not be made, is retried
when its server is ready again, never at once and never given up on the first tries.

Who decides: the frontier scheduler (``server_trouble`` signal; the rules are in
``citeseeker_scrapy/frontier/outages.py``: ``Retry-After`` obeyed up to
``CITESEEKER_MAX_RETRY_AFTER``, else backoff with jitter; a server down for
``CITESEEKER_UNREACHABLE_AFTER`` tries in a row deferred, at last given up; a dead start point
given up at once). This middleware only reports the trouble (a connection refused or a name not
resolved in those words, marked as saying no server is there) and, when the scheduler answers
with a time, returns the retry — a copy of the request marked ``dont_filter`` that the
scheduler puts back on its server's stack, held until then. A request given up goes on as before (``HttpError``, or the download error, to the
spider's errback), marked so that Scrapy's retry middleware does not retry it once more.

Installed by the add-on at 570: after the redirect middlewares (600) and before Scrapy's retry
middleware (550) on the way back, so it sees 429 and 5xx answers and connection failures first.
Stats: ``citeseeker/outages/retried``, ``/given_up``.
"""

from __future__ import annotations

import logging
import time
from typing import Any

from scrapy.http import Request, Response

from citeseeker_scrapy import signals as citeseeker_signals
from citeseeker_scrapy.frontier.outages import retry_after_seconds
from citeseeker_scrapy.keys import ORIGIN_KEY, TROUBLE_KEY
from citeseeker_scrapy.stats import OUTAGES_GIVEN_UP, OUTAGES_RETRIED

logger = logging.getLogger(__name__)
#: Answers whose ``Retry-After`` is obeyed (RFC 9110 §10.2.3).
RETRY_AFTER_STATUSES = (429, 503)
TOO_MANY_REQUESTS = 429


class ServerTroubleMiddleware:
    """Downloader middleware; see the module docstring."""

    def __init__(self, crawler: Any) -> None:
        self.crawler = crawler

    @classmethod
    def from_crawler(cls, crawler: Any) -> ServerTroubleMiddleware:
        return cls(crawler)

    def process_response(self, request: Request, response: Response,
                         spider: Any = None) -> Request | Response:
        status = response.status
        if (status != TOO_MANY_REQUESTS and status < 500) or not self._ours(request):
            return response
        retry_after = None
        if status in RETRY_AFTER_STATUSES:
            retry_after = retry_after_seconds(response.headers.get(b"Retry-After"), time.time())
        return self._retry(request, f"HTTP {status}", retry_after,
                           down=status != TOO_MANY_REQUESTS) or response

    def process_exception(self, request: Request, exception: BaseException,
                          spider: Any = None) -> Request | None:
        if (not isinstance(exception, citeseeker_signals.UNREACHABLE_ERRORS)
                or not self._ours(request)):
            return None
        words = citeseeker_signals.no_server_reason(exception)
        reason = words or f"{type(exception).__name__}: {exception}"
        return self._retry(request, reason, None, down=True, no_server=words is not None)

    @staticmethod
    def _ours(request: Request) -> bool:
        """A document request that went through the scheduler (a robots.txt request, sent by
        ``engine.download_async``, would be downloaded again at once) and may be retried."""
        return ORIGIN_KEY in request.meta and not request.meta.get("dont_retry")

    def _retry(self, request: Request, reason: str, retry_after: float | None,
               down: bool, no_server: bool = False) -> Request | None:
        """The retry of ``request`` if the scheduler holds its server for it, else None (the
        request is given up, marked for the scheduler and Scrapy's retry middleware)."""
        answers = self.crawler.signals.send_catch_log(
            citeseeker_signals.server_trouble, request=request, reason=reason,
            retry_after=retry_after, down=down, no_server=no_server)
        until = next((answer for _, answer in answers if isinstance(answer, float)), None)
        stats = self.crawler.stats
        if until is None:
            request.meta[TROUBLE_KEY] = True
            request.meta["dont_retry"] = True
            stats.inc_value(OUTAGES_GIVEN_UP)
            return None
        stats.inc_value(OUTAGES_RETRIED)
        logger.debug("citeseeker: %s: %s, retried in %.1f s", request.url, reason,
                     until - time.monotonic())
        retry = request.replace(dont_filter=True)
        retry.meta["retry_times"] = int(request.meta.get("retry_times", 0)) + 1
        return retry
