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
from scrapy.http import HtmlResponse, Request, Response

from citeseeker_scrapy.keys import ORIGIN_KEY, REDIRECT
from citeseeker_scrapy.stats import REDIRECTS as STATS

#: Characters of a page Scrapy's meta refresh middleware reads (``get_meta_refresh``).
META_REFRESH_SCAN = 4096


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

    def process_response(self, request: Request, response: Response,
                         spider: Any = None) -> Request | Response:
        if isinstance(response, HtmlResponse) and not may_refresh(response.text):
            return response
        return super().process_response(request, response)


def may_refresh(text: str) -> bool:
    """False when the part of a page Scrapy scans for a refresh (its first 4,096 characters)
    cannot declare one: the word is not there, nor a numeric character reference that could
    spell it. Why: Scrapy finds the page's base URL and scans it for every HTML response, and
    almost no page has a refresh (~1 % of a small page's CPU in the crawler)."""
    head = text[:META_REFRESH_SCAN].lower()
    return "refresh" in head or "&#" in head
