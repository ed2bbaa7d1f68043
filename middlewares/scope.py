"""Apply the crawl's LinkPolicy to redirect targets.

Links found in pages are checked by the spider before they are scheduled; a redirect creates a
new request behind the spider's back, so a server could redirect the crawl to a forbidden
domain or out of a ``file://`` root. This middleware closes that hole: one behaviour, one file.
"""

from __future__ import annotations

from scrapy.exceptions import IgnoreRequest
from scrapy.http import Request

from citeseeker_scrapy.exceptions import UrlRejected


class RedirectScopeMiddleware:
    """Downloader middleware: drops redirected requests the spider's policy refuses."""

    def __init__(self, crawler) -> None:
        self.crawler = crawler

    @classmethod
    def from_crawler(cls, crawler) -> "RedirectScopeMiddleware":
        return cls(crawler)

    def process_request(self, request: Request) -> None:
        redirects = request.meta.get("redirect_urls")
        policy = getattr(self.crawler.spider, "policy", None)
        if not redirects or policy is None:
            return None
        try:
            policy.admit(request.url, referrer=redirects[0])
        except UrlRejected as rejection:
            self.crawler.stats.inc_value(f"citeseeker/redirects/rejected/{rejection.reason}")
            raise IgnoreRequest(f"redirect refused ({rejection.reason}): {request.url}") from None
        return None
