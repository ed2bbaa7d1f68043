"""Redirects that the frontier can book exactly: targets admitted and made canonical here.

Scrapy's RedirectMiddleware (and MetaRefreshMiddleware) build the redirect request; these
subclasses then pass its URL through the crawl's URL scope: a target out of scope, a trap or a
``file://`` URL is refused (IgnoreRequest, counted by reason; the spider's errback tells the
frontier the redirecting document is done), an admitted one gets its canonical URL and the
origin marker ``redirect``. The scheduler then books both URLs as completed, hands a target on
another server to that server, and drops a target already seen (a loop ends there).
"""

from __future__ import annotations

from typing import Any

from scrapy.downloadermiddlewares.redirect import MetaRefreshMiddleware, RedirectMiddleware
from scrapy.exceptions import IgnoreRequest
from scrapy.http import Request, Response

from citeseeker_scrapy.exceptions import UrlRejected
from citeseeker_scrapy.job.crawl_job import crawl_job
from citeseeker_scrapy.keys import ORIGIN_KEY, REDIRECT

STATS = "citeseeker/redirects"


class _ScopedRedirects:
    """What both redirect middlewares add to Scrapy's: the scope check of the target."""

    def process_response(self, request: Request, response: Response,
                         spider: Any = None) -> Request | Response:
        result = super().process_response(request, response)
        if isinstance(result, Request):
            return self._scoped(result, request)
        return result

    def _scoped(self, redirected: Request, request: Request) -> Request:
        try:
            url = crawl_job(self.crawler).scope.admit(redirected.url, referrer=request.url)
        except UrlRejected as rejection:
            self.crawler.stats.inc_value(f"{STATS}/refused/{rejection.reason}")
            raise IgnoreRequest(f"redirect refused ({rejection.reason}): {redirected.url}") \
                from None
        redirected.meta[ORIGIN_KEY] = REDIRECT
        self.crawler.stats.inc_value(f"{STATS}/followed")
        return redirected if url == redirected.url else redirected.replace(url=url)


class ScopedRedirectMiddleware(_ScopedRedirects, RedirectMiddleware):
    """HTTP 301/302/303/307/308 redirects, checked by the crawl's URL scope."""


class ScopedMetaRefreshMiddleware(_ScopedRedirects, MetaRefreshMiddleware):
    """``<meta http-equiv="refresh">`` redirects, checked by the crawl's URL scope."""
