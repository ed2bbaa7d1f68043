"""Redirects that the frontier can book exactly: the target is marked as a redirect.

Scrapy's RedirectMiddleware (and MetaRefreshMiddleware) build the redirect request; these
subclasses mark it with the origin ``redirect``. The scheduler's scope gate then admits the
target (or refuses it — out of scope, a trap, a ``file://`` URL — counted under
``citeseeker/scope/refused/<reason>``, and finishes the redirecting document), books both URLs
as completed, hands a target on another server to that server, and drops a target already seen
(a loop ends there).
"""

from __future__ import annotations

from typing import Any

from scrapy.downloadermiddlewares.redirect import MetaRefreshMiddleware, RedirectMiddleware
from scrapy.http import Request, Response

from citeseeker_scrapy.keys import ORIGIN_KEY, REDIRECT
from citeseeker_scrapy.stats import REDIRECTS as STATS



class MarkedRedirects:
    """What both redirect middlewares add to Scrapy's: the target's origin marker."""

    def process_response(self, request: Request, response: Response,
                         spider: Any = None) -> Request | Response:
        result = super().process_response(request, response)
        if isinstance(result, Request):
            result.meta[ORIGIN_KEY] = REDIRECT
            self.crawler.stats.inc_value(f"{STATS}/followed")
        return result


class ScopedRedirectMiddleware(MarkedRedirects, RedirectMiddleware):
    """HTTP 301/302/303/307/308 redirects, for the scheduler's scope gate to check."""


class ScopedMetaRefreshMiddleware(MarkedRedirects, MetaRefreshMiddleware):
    """``<meta http-equiv="refresh">`` redirects, for the scheduler's scope gate to check."""
