"""scrapy-playwright's download handler, one instance shared by http and https.

Why: Scrapy builds one download handler per scheme, and each scrapy-playwright handler has its
own browser provider, so a crawl that renders an http page and an https page would launch two
browsers (and two Playwright drivers, ~125 MiB each). Scrapy builds handlers through their
public ``from_crawler``; this one returns the same instance for both schemes of a crawl (kept
in the crawl job, :attr:`citeseeker_scrapy.job.crawl_job.CrawlJob.browser_handler`), and
closes it once. Laziness comes from the public ``PLAYWRIGHT_BROWSER_PROVIDER`` setting
(:class:`citeseeker_scrapy.middlewares.browser_provider.OnDemandBrowserProvider`): the handler's start-up only
creates the provider, and the driver starts with the first page that needs a browser.

Requests without ``playwright`` meta go to the crawl's HTTP client
(:class:`citeseeker_scrapy.middlewares.http_handler.HttpHandler`, built at the first such request), as they would
without rendering; the stock handler sent them to Twisted's. Installed for http and https by
:class:`citeseeker_scrapy.middlewares.render.RenderAddon`.
"""

from __future__ import annotations

from typing import Any

from scrapy_playwright.handler import ScrapyPlaywrightDownloadHandler

from citeseeker_scrapy.job.crawl_job import crawl_job
from citeseeker_scrapy.middlewares.http_handler import HttpHandler


class SharedPlaywrightHandler(ScrapyPlaywrightDownloadHandler):
    """scrapy-playwright's handler, one per crawler whatever the number of schemes."""

    @classmethod
    def from_crawler(cls, crawler: Any) -> SharedPlaywrightHandler:
        """Called by Scrapy once per scheme: the first call builds, the others share."""
        job = crawl_job(crawler)
        handler = job.browser_handler
        if handler is None:
            handler = job.browser_handler = cls(crawler)
            handler.citeseeker_closed = False
            handler.citeseeker_crawler = crawler
            handler.citeseeker_http = None
        return handler

    async def download_request(self, request: Any) -> Any:
        """Called by Scrapy for each http(s) request: the browser's if it asks for one."""
        if request.meta.get("playwright"):
            return await super().download_request(request)
        if self.citeseeker_http is None:
            self.citeseeker_http = HttpHandler(self.citeseeker_crawler)
        return await self.citeseeker_http.download_request(request)

    async def close(self) -> None:
        """Called once per scheme; the shared handler closes once."""
        if self.citeseeker_closed:
            return
        self.citeseeker_closed = True
        if self.citeseeker_http is not None:
            await self.citeseeker_http.close()
        await super().close()
