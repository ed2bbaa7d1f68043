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

from citeseeker_scrapy.extraction.decode import bytes_spell_ascii
from citeseeker_scrapy.keys import ORIGIN_KEY, REDIRECT
from citeseeker_scrapy.stats import REDIRECTS_FOLLOWED

#: Characters of a page Scrapy's meta refresh middleware reads (``get_meta_refresh``).
META_REFRESH_SCAN = 4096
#: Bytes that hold at least :data:`META_REFRESH_SCAN` characters in any encoding whose
#: characters below 128 are single bytes (UTF-8 and GB 18030 take at most 4 per character).
META_REFRESH_SCAN_BYTES = 4 * META_REFRESH_SCAN


class MarkedRedirects:
    """What both redirect middlewares add to Scrapy's: the target's origin marker."""

    def process_response(self, request: Request, response: Response,
                         spider: Any = None) -> Request | Response:
        result = super().process_response(request, response)
        if isinstance(result, Request):
            result.meta[ORIGIN_KEY] = REDIRECT
            self.crawler.stats.inc_value(REDIRECTS_FOLLOWED)
        return result


class ScopedRedirectMiddleware(MarkedRedirects, RedirectMiddleware):
    """HTTP 301/302/303/307/308 redirects, for the scheduler's scope gate to check."""


class ScopedMetaRefreshMiddleware(MarkedRedirects, MetaRefreshMiddleware):
    """``<meta http-equiv="refresh">`` redirects, for the scheduler's scope gate to check."""

    def process_response(self, request: Request, response: Response,
                         spider: Any = None) -> Request | Response:
        if isinstance(response, HtmlResponse) and not may_refresh(response):
            return response
        return super().process_response(request, response)


def may_refresh(response: HtmlResponse) -> bool:
    """False when the part of a page Scrapy scans for a refresh (its first 4,096 characters)
    cannot declare one: the word is not there, nor a numeric character reference that could
    spell it. Why: Scrapy finds the page's base URL and scans it for every HTML response, and
    almost no page has a refresh.

    Why the bytes: ``response.text`` decodes the whole page (an undeclared encoding guessed
    over the whole body first) to look at its start, and a page of the crawl is read by the
    parser processes, not as ``response.text`` (only site search's own pages are). Looking at
    a few more bytes than Scrapy reads characters only lets Scrapy decide more often. A page
    with NUL bytes in its head (UTF-16, UTF-32) is looked at as text.
    """
    head = response.body[:META_REFRESH_SCAN_BYTES]
    if not bytes_spell_ascii(head):
        text = response.text[:META_REFRESH_SCAN].lower()
        return "refresh" in text or "&#" in text
    head = head.lower()
    return b"refresh" in head or b"&#" in head
