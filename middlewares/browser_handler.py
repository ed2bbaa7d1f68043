"""scrapy-playwright's download handler, started on first use and shared by http and https.

Why: the stock handler starts Playwright's driver (a Node.js process) when the engine starts, and
Scrapy builds one handler per scheme, so every crawl paid for two drivers (seconds per crawl on
a loaded machine, measured) even when no page needed a browser, and an https page would have
launched a second browser. This handler starts the driver when the first page is rendered, and
one instance serves both schemes of a crawl. Requests without ``playwright`` meta go to Scrapy's
HTTP/1.1 handler exactly as with the stock handler.

Relies on three methods of scrapy-playwright 0.0.48 (pinned in requirements.txt):
``_maybe_launch_in_thread`` (the engine-start hook), ``_launch`` and ``_download_request``.
"""

from __future__ import annotations

import asyncio
from typing import Any
from weakref import WeakKeyDictionary

from scrapy.http import Request, Response
from scrapy_playwright.handler import ScrapyPlaywrightDownloadHandler

_SHARED: "WeakKeyDictionary[Any, LazyPlaywrightHandler]" = WeakKeyDictionary()


class LazyPlaywrightHandler(ScrapyPlaywrightDownloadHandler):
    """Installed for http and https by :class:`middlewares.render.RenderAddon`."""

    @classmethod
    def from_crawler(cls, crawler) -> "LazyPlaywrightHandler":
        handler = _SHARED.get(crawler)
        if handler is None:
            handler = _SHARED[crawler] = cls(crawler)
        return handler

    def __init__(self, crawler) -> None:
        super().__init__(crawler)
        self._launched = False
        self._launching = asyncio.Lock()
        self._closed = False

    async def _maybe_launch_in_thread(self) -> None:
        """Engine start: nothing to do until a page needs the browser."""

    async def _download_request(self, request: Request, spider: Any = None) -> Response:
        if not self._launched:
            async with self._launching:
                if not self._launched:
                    await self._launch()
                    self._launched = True
        return await super()._download_request(request, spider)

    async def close(self) -> None:
        """Called once per scheme; the shared handler closes once."""
        if self._closed:
            return
        self._closed = True
        await super().close()
