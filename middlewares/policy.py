"""Apply the crawl's LinkPolicy to every request that reaches the downloader: canonical URLs,
scope and loop safety.

Start points are checked by the spider, links found in documents by the scheduler, redirect
targets by the redirect middlewares: requests that carry CiteSeeker's origin marker pass. This
middleware is the last gate for anything else (a request from another component, or any
request when the frontier scheduler is swapped out): unsupported protocols,
forbidden or out-of-scope domains, ``file://`` outside its root, formats not permitted, trap
URLs. A request whose URL is admitted but not in canonical form is replaced by its canonical
twin (which the frontier dedupes), so two spellings of one URL are never fetched twice. Refusals
raise IgnoreRequest and are counted by reason.
"""

from __future__ import annotations

from scrapy.exceptions import IgnoreRequest
from scrapy.http import Request

from citeseeker_scrapy.exceptions import UrlRejected
from citeseeker_scrapy.job.crawl_job import crawl_job
from citeseeker_scrapy.keys import ORIGIN_KEY


class LinkPolicyMiddleware:
    """Downloader middleware: drops requests the spider's LinkPolicy refuses."""

    def __init__(self, crawler) -> None:
        self.crawler = crawler

    @classmethod
    def from_crawler(cls, crawler) -> "LinkPolicyMiddleware":
        return cls(crawler)

    def process_request(self, request: Request) -> Request | None:
        policy = crawl_job(self.crawler).scope
        if policy is None or ORIGIN_KEY in request.meta:
            return None
        referrer = (request.meta.get("redirect_urls") or [None])[0]
        try:
            canonical = policy.admit(request.url, referrer=referrer)
        except UrlRejected as rejection:
            self.crawler.stats.inc_value(f"citeseeker/downloader/refused/{rejection.reason}")
            raise IgnoreRequest(f"refused ({rejection.reason}): {request.url}") from None
        if canonical != request.url:
            self.crawler.stats.inc_value("citeseeker/downloader/canonicalized")
            return request.replace(url=canonical)
        return None
