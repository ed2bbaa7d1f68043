"""scrapy-playwright's browser provider, with Playwright's driver living only as long as a browser.

Why: the stock provider starts the driver (a Node.js process of its own) once and keeps
it to the end of the crawl. A crawl that renders a few JavaScript pages among thousands of
documents then carries the driver for hours. This provider starts the driver when a browser is
launched and stops it when that browser is gone (closed by :class:`citeseeker_scrapy.middlewares.render.BrowserPool`
after a quiet spell or for a restart, or crashed); the next page needing a browser starts both
again, through scrapy-playwright's own relaunch of a disconnected browser.

Installed through scrapy-playwright's public ``PLAYWRIGHT_BROWSER_PROVIDER`` setting by
:class:`citeseeker_scrapy.middlewares.render.RenderAddon`.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any, Optional

from playwright.async_api import Browser, BrowserContext, Playwright, async_playwright
from scrapy.exceptions import NotSupported

logger = logging.getLogger(__name__)
#: Logged each time the driver starts (tests look for it: no page needed a browser, no line).
DRIVER_STARTED = "Starting Playwright's driver for a page that needs a browser"


class OnDemandBrowserProvider:
    """Launches a local browser (the only kind the crawl configures), driver included."""

    def __init__(self, config: Any) -> None:
        self.config = config
        self._manager: Any = None
        self._playwright: Optional[Playwright] = None
        self._browsers = 0  # browsers launched and not yet disconnected
        self._lock = asyncio.Lock()

    async def start(self) -> None:
        """Nothing to start before the first browser is needed."""

    async def launch_browser(self) -> Browser:
        async with self._lock:
            if self._playwright is None:
                logger.info(DRIVER_STARTED)
                self._manager = async_playwright()
                self._playwright = await self._manager.start()
            browser_type = getattr(self._playwright, self.config.browser_type_name)
            browser = await browser_type.launch(**self.config.launch_options)
            self._browsers += 1
            browser.on("disconnected", self._browser_gone)
            return browser

    async def launch_persistent_context(self, context_kwargs: dict) -> BrowserContext:
        raise NotSupported("the crawl renders pages in fresh contexts only")

    async def _browser_gone(self, _browser: Browser) -> None:
        """The last browser is gone: stop the driver too (the next launch starts it again)."""
        async with self._lock:
            self._browsers -= 1
            if self._browsers <= 0:
                await self._stop_driver()

    async def close(self) -> None:
        async with self._lock:
            await self._stop_driver()

    async def _stop_driver(self) -> None:
        playwright, self._playwright = self._playwright, None
        self._manager = None
        if playwright is not None:
            try:
                await playwright.stop()
            except Exception as error:  # a driver that is already gone
                logger.debug("stopping Playwright's driver failed: %r", error)
