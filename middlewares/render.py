"""JavaScript pages through a real browser (scrapy-playwright), only where a page needs it.

Two components, wired by one line in ``ADDONS``:

* :class:`RenderAddon` decides at start-up whether a browser is used (``CITESEEKER_RENDER``,
  a browser found on PATH or at ``CITESEEKER_BROWSER_PATH``) and, if so, installs
  scrapy-playwright's download handler for http/https and :class:`RenderMiddleware`. The
  handler passes every request without ``playwright`` meta to Scrapy's own HTTP/1.1 handler, so
  pages that are not rendered take the normal path.
* :class:`RenderMiddleware` takes the decision on the response (:mod:`citeseeker_scrapy.rendering.policy`):
  a scripted HTML page with no usable links or little text is fetched once more through the
  browser; later pages of a server where that helped go to the browser directly. The page's
  links and text come from the crawl's extractor (shared by the text pipeline), which keeps
  what it read for the text stage: a page is parsed once, in a parser worker when it is big.

Why the browser request goes through ``engine.download_async`` and not back to the scheduler:
the frontier dedupes URLs and counts documents in flight, so a second request for the same URL
would be refused or counted twice; a direct download is one document's business. Pages are a
bounded pool (``CITESEEKER_RENDER_CONCURRENCY``), each in its own browser context closed after
use, and the browser is closed (and relaunched on demand) after
``CITESEEKER_RENDER_RESTART_AFTER`` pages, so its memory stays bounded over a long crawl; it
is closed too, with Playwright's driver, after ``CITESEEKER_RENDER_KEEP_ALIVE`` seconds with no
page (a crawl that rendered a few pages does not carry ~600 MiB of browser to its end). A
page that hangs or crashes the renderer gives one errors.log line; the plain HTTP response is
used instead, so nothing is lost.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import Counter
from typing import Any

from scrapy import signals
from scrapy.exceptions import IgnoreRequest, NotConfigured
from scrapy.http import Request, Response, TextResponse
from scrapy.utils.defer import maybe_deferred_to_future
from twisted.internet.threads import deferToThread

from citeseeker_scrapy import signals as citeseeker_signals
from citeseeker_scrapy.document.item import reader_encoding
from citeseeker_scrapy.exceptions import ConfigError
from citeseeker_scrapy.job.crawl_job import crawl_job
from citeseeker_scrapy.keys import (
    KIND_KEY, ORIGIN_KEY, RENDER_BROWSER, RENDER_DONE, RENDER_FAILED, RENDER_KEY, SEARCH, SEARCH_KEY)
from citeseeker_scrapy.rendering.config import RenderConfig, find_browser
from citeseeker_scrapy.rendering.policy import (
    PageSignals, RenderPlanner, needs_rendering, page_signals, rendering_helped, signals_of_parts,
)
from citeseeker_scrapy.stats import (
    RENDER_BROWSER_IDLE_CLOSES, RENDER_BROWSER_RESTARTS, RENDER_CHECKED, RENDER_DIRECT,
    RENDER_FAILED as RENDER_FAILURES,  # keys.RENDER_FAILED is the request's meta value
    RENDER_IDLE_TIMEOUTS, RENDER_NOT_HTML, RENDER_PAGES, RENDER_REFETCHED,
    RENDER_SEARCHES_LEARNED, RENDER_SECONDS, RENDER_SERVERS_LEARNED,
)
from citeseeker_scrapy.threads import in_thread_if_big

logger = logging.getLogger(__name__)

HANDLER = "citeseeker_scrapy.middlewares.browser_handler.SharedPlaywrightHandler"
MIDDLEWARE = "citeseeker_scrapy.middlewares.render.RenderMiddleware"
PROVIDER = "citeseeker_scrapy.middlewares.browser_provider.OnDemandBrowserProvider"
#: After robots.txt (100): a request robots.txt forbids never reaches the browser.
MIDDLEWARE_ORDER = 120
#: Pages opened in one browser context before it is retired and closed.
PAGES_PER_CONTEXT = 20
#: Scroll to the bottom and click a visible "load more"-like control that stays on the page (a
#: button, or a link to nowhere: a real link is followed by the crawl, not clicked); returns the
#: element count before, and whether something was clicked.
SCROLL_AND_LOAD_MORE = """() => {
  const before = document.getElementsByTagName('*').length;
  window.scrollTo(0, document.body ? document.body.scrollHeight : 0);
  const inPlace = e => e.tagName !== 'A' || !e.getAttribute('href') ||
    /^\\s*(#|javascript:)/i.test(e.getAttribute('href'));
  const more = [...document.querySelectorAll('button, a, [role=button]')].find(e =>
    /^\\s*(load|show|view|see)\\s+more\\b/i.test(e.innerText || '') &&
    e.offsetParent !== null && inPlace(e));
  if (more) more.click();
  return [before, !!more];
}"""


class RenderAddon:
    """Installs the browser download handler and the middleware when rendering is possible.

    Reads ``CITESEEKER_RENDER*`` and ``CITESEEKER_BROWSER_PATH``; sets ``DOWNLOAD_HANDLERS``
    (http, https), ``PLAYWRIGHT_*`` (launch options, navigation timeout, context bound) and
    ``DOWNLOADER_MIDDLEWARES``. Without a browser ``auto`` becomes ``never`` with one warning;
    ``always`` (and a bad value) is refused by the crawl's job before any request (one clear
    line, exit status 2: :func:`citeseeker_scrapy.job.crawl_job.check_rendering`).
    """

    def update_settings(self, settings) -> None:
        """Read the render settings through their group's parser
        (:meth:`RenderConfig.from_settings`, the one the crawl's job uses) and install the
        browser when it can work. Why here, outside the job: Scrapy calls add-ons before the
        crawler builds any component, and ``DOWNLOAD_HANDLERS`` and ``PLAYWRIGHT_*`` must be
        set now, before they are frozen; the job, started later, parses the same settings
        again with the same parser and refuses a bad value with the setting named (so here a
        bad value only means: install nothing)."""
        try:
            config = RenderConfig.from_settings(settings)
        except ConfigError:  # the crawl's job refuses to start with the setting named
            return
        if config.mode == "never":
            return
        browser = find_browser(config.browser_path)
        if browser is None:
            where = config.browser_path or "chromium on PATH (Debian package 'chromium')"
            if config.mode == "always":  # the crawl's job refuses to start (exit status 2)
                return
            logger.warning("No browser found (%s): JavaScript pages are not rendered "
                           "(CITESEEKER_RENDER=auto works as never)", where)
            settings.set("CITESEEKER_RENDER", "never",
                         priority=settings.getpriority("CITESEEKER_RENDER") or "addon")
            return
        _install(settings, config, browser)


def _install(settings, config: RenderConfig, browser: str) -> None:
    handlers = {"http": HANDLER, "https": HANDLER}
    settings["DOWNLOAD_HANDLERS"].update(handlers, priority="addon")
    settings.set("PLAYWRIGHT_BROWSER_TYPE", "chromium", priority="addon")
    settings.set("PLAYWRIGHT_LAUNCH_OPTIONS", {"executable_path": browser, "headless": True},
                 priority="addon")
    settings.set("PLAYWRIGHT_DEFAULT_NAVIGATION_TIMEOUT", config.timeout * 1000,
                 priority="addon")
    # Contexts are retired and closed by the pool (BrowserPool): nothing accumulates.
    settings.set("PLAYWRIGHT_MAX_PAGES_PER_CONTEXT", config.concurrency, priority="addon")
    settings.set("PLAYWRIGHT_MAX_CONTEXTS", config.concurrency + 1, priority="addon")
    settings.set("PLAYWRIGHT_BROWSER_PROVIDER", PROVIDER, priority="addon")
    settings.set("PLAYWRIGHT_ABORT_REQUEST", "citeseeker_scrapy.middlewares.render.skip_heavy_resource",
                 priority="addon")
    settings["DOWNLOADER_MIDDLEWARES"].update({MIDDLEWARE: MIDDLEWARE_ORDER}, priority="addon")


def skip_heavy_resource(request: Any) -> bool:
    """Images, media and fonts never change a page's links or text: the browser skips them."""
    return request.resource_type in ("image", "media", "font")


class BrowserPool:
    """At most ``size`` pages at once. Pages share a browser context for
    :data:`PAGES_PER_CONTEXT` pages (a new context costs more than the page itself), then the
    context is closed once its last page is; after ``restart_after`` pages the pool drains and
    the browser is closed, and scrapy-playwright launches a fresh one for the next page."""

    def __init__(self, size: int, restart_after: int, close_timeout: float,
                 keep_alive: float = 30.0) -> None:
        self.size = size
        self.restart_after = restart_after
        self.close_timeout = close_timeout
        self.keep_alive = keep_alive
        self.in_use = 0
        self.since_restart = 0
        self.draining = False
        self.restarts = 0
        self.idle_closes = 0
        self.browser: Any = None
        self._generation = 0
        self._assigned = 0
        self._open: Counter[str] = Counter()
        self._changed = asyncio.Condition()
        self._idle_timer: asyncio.TimerHandle | None = None

    async def acquire(self) -> str:
        """Wait for a free page slot; returns the name of the context to open the page in."""
        async with self._changed:
            await self._changed.wait_for(lambda: self.in_use < self.size and not self.draining)
            self.cancel_idle_close()
            self.in_use += 1
            if self._assigned >= PAGES_PER_CONTEXT:
                self._generation, self._assigned = self._generation + 1, 0
            self._assigned += 1
            name = f"citeseeker-{self._generation}"
            self._open[name] += 1
            return name

    async def release(self, context_name: str, page: Any) -> None:
        """Close the page, its context when retired and empty, the browser when it is due."""
        async with self._changed:
            self.in_use -= 1
            self.since_restart += 1
            self._open[context_name] -= 1
            if page is not None:
                self.browser = page.context.browser or self.browser
                await self._close(page, self._retired(context_name))
            if self._open[context_name] <= 0:
                del self._open[context_name]
            if self.since_restart >= self.restart_after:
                self.draining = True
            if self.draining and self.in_use == 0:
                await self._restart()
            elif self.in_use == 0 and self.browser is not None:
                self._idle_timer = asyncio.get_running_loop().call_later(
                    self.keep_alive, lambda: asyncio.ensure_future(self._close_if_idle()))
            self._changed.notify_all()

    def cancel_idle_close(self) -> None:
        """A page is wanted (or the crawl ends): the browser is not closed for being idle."""
        if self._idle_timer is not None:
            self._idle_timer.cancel()
            self._idle_timer = None

    async def _close_if_idle(self) -> None:
        """No page for ``keep_alive`` seconds: close the browser (and with it Playwright's
        driver, :mod:`middlewares.browser_provider`); a later page launches both again."""
        async with self._changed:
            self._idle_timer = None
            if self.in_use == 0 and not self.draining and await self._close_browser():
                self.idle_closes += 1

    def _retired(self, context_name: str) -> bool:
        current = f"citeseeker-{self._generation}"
        return self._open[context_name] <= 0 and (
            context_name != current or self._assigned >= PAGES_PER_CONTEXT)

    async def _close(self, page: Any, with_context: bool) -> None:
        target = page.context if with_context else page
        try:
            await asyncio.wait_for(target.close(), self.close_timeout)
        except Exception as error:  # a renderer that will not close goes with the browser
            logger.debug("closing a browser page/context failed: %r", error)

    async def _restart(self) -> None:
        if await self._close_browser():
            self.restarts += 1

    async def _close_browser(self) -> bool:
        """Close the browser (scrapy-playwright launches a new one for the next page); True
        if there was one to close."""
        browser, self.browser = self.browser, None
        self.since_restart, self.draining = 0, False
        self._generation, self._assigned = self._generation + 1, 0
        if browser is None or not browser.is_connected():
            return False
        try:
            await asyncio.wait_for(browser.close(), 30)
        except Exception as error:  # a browser that will not close is left to the OS
            logger.warning("closing the browser failed: %r", error)
        return True


class RenderFailed(Exception):
    """The browser could not give a page's DOM (timeout, crash, not an HTML page)."""


class NotAnHtmlPage(Exception):
    """The browser's answer was a document (a download, a PDF viewer): never its DOM."""


def _search_url(request: Request) -> str | None:
    """The search (its form's action) a site-search request belongs to, else None."""
    if request.meta.get(ORIGIN_KEY) != SEARCH:
        return None
    search = request.meta.get(SEARCH_KEY)
    return search.get("search_url") if isinstance(search, dict) else None


class RenderMiddleware:
    """Downloader middleware: renders the requests and responses that need a browser.

    Who calls it: Scrapy's downloader (installed by :class:`RenderAddon`). Writes stats under
    ``citeseeker/render/`` and one errors.log line per failed rendering (through the spider's
    report).
    """

    def __init__(self, crawler, config: RenderConfig) -> None:
        self.crawler = crawler
        self.config = config
        self.planner = RenderPlanner(config)
        self.pool = BrowserPool(config.concurrency, config.restart_after, config.timeout,
                                config.keep_alive)
        crawler.signals.connect(self._spider_closed, signal=signals.spider_closed)

    def _spider_closed(self) -> None:
        """The handler closes the browser itself at the end: no idle close may race it."""
        self.pool.cancel_idle_close()
        if self.pool.idle_closes:
            self.crawler.stats.set_value(RENDER_BROWSER_IDLE_CLOSES, self.pool.idle_closes)

    @classmethod
    def from_crawler(cls, crawler) -> "RenderMiddleware":
        config = crawl_job(crawler).render
        if config.mode == "never":
            raise NotConfigured("CITESEEKER_RENDER is never")
        return cls(crawler, config)

    # --- the two decisions ------------------------------------------------------------------

    async def process_request(self, request: Request) -> Response | None:
        """A request of a server known to need rendering, or a result page of a search whose
        pages need it, goes to the browser directly; if the browser fails, the request goes on
        to the plain HTTP handler."""
        if RENDER_KEY in request.meta or not self._renders_directly(request):
            return None
        request.meta[RENDER_KEY] = RENDER_DONE
        try:
            response = await self.render(request)
        except RenderFailed:
            request.meta[RENDER_KEY] = RENDER_FAILED
            return None
        self._stat(RENDER_DIRECT)
        return response

    async def process_response(self, request: Request, response: Response) -> Response:
        """A plain HTML page with scripts and nothing to follow is fetched again by the browser
        (once: the rendered response is marked and never looked at again)."""
        if RENDER_KEY in request.meta or not isinstance(response, TextResponse):
            return response
        kind = request.meta.get(KIND_KEY)  # sniffed by the document-type middleware
        if kind == "html" and response.status == 200:
            self.planner.saw_html(response.url)
        if not self.planner.worth_a_look(response.url, response.status, kind, response.body):
            return response
        plain = await self._signals(response)
        self._stat(RENDER_CHECKED)
        if not needs_rendering(plain, self.config.min_text):
            return response
        request.meta[RENDER_KEY] = RENDER_DONE
        try:
            rendered = await self.render(request)
        except RenderFailed:
            return response
        self._forget(response)
        self._stat(RENDER_REFETCHED)
        if await self._helped(plain, rendered):
            self._learn(request, response.url)
        return rendered

    def _learn(self, request: Request, url: str) -> None:
        """The browser helped on ``url``: a site search learns its search (a search
        application says nothing of the server's other pages), any other page its server."""
        search_url = _search_url(request)
        if search_url is not None:
            if self.planner.learn_search(search_url):
                self._stat(RENDER_SEARCHES_LEARNED)
                self._debug(f"rendering needed on {search_url}: its later pages are rendered")
        elif self.planner.learn(url):
            self._stat(RENDER_SERVERS_LEARNED)
            self._debug(f"rendering needed on {url}: later pages of its server are rendered")

    def _renders_directly(self, request: Request) -> bool:
        search_url = _search_url(request)
        return (self.planner.renders_directly(request.url)
                or (search_url is not None and self.planner.renders_search_directly(search_url)))

    async def _helped(self, plain: PageSignals, rendered: Response) -> bool:
        """The browser's page offers more than the plain one (links or text)."""
        return (isinstance(rendered, TextResponse)
                and rendering_helped(plain, await self._signals(rendered)))

    async def _signals(self, response: TextResponse) -> PageSignals:
        """The page's links and text as the crawl's extractor reads them (kept for the text
        stage, which then does not read the page again); a small page is read here, a big one
        in a thread that hands it to a parser worker. Without the text pipeline (its extractor
        is shared when the spider opens), the page is parsed for this decision alone."""
        extractor = crawl_job(self.crawler).extractor
        if extractor is None:
            return await maybe_deferred_to_future(deferToThread(page_signals, response.text))
        events = await in_thread_if_big(len(response.body), extractor.read_ahead, response.body,
                                        "html", reader_encoding(response), response.url)
        return signals_of_parts(events)

    def _forget(self, response: Response) -> None:
        """The browser's DOM replaces this page: what was read of it will not be asked for."""
        extractor = crawl_job(self.crawler).extractor
        if extractor is not None:
            extractor.forget(response.body)

    # --- rendering --------------------------------------------------------------------------

    async def render(self, request: Request) -> Response:
        """The page's DOM after scripts ran, as an HtmlResponse for ``request``."""
        context_name = await self.pool.acquire()
        browser_request = request.replace(dont_filter=True, meta={
            **request.meta, RENDER_KEY: RENDER_BROWSER, "playwright": True,
            "playwright_include_page": True, "playwright_context": context_name,
            "playwright_page_goto_kwargs": {"wait_until": "domcontentloaded"}})
        started = time.monotonic()
        try:
            response = await self.crawler.engine.download_async(browser_request)
            return await self._dom_response(
                request, response, browser_request.meta.get("playwright_page"))
        except IgnoreRequest:
            raise
        except NotAnHtmlPage as error:  # a document: the plain HTTP handler fetches it
            self._stat(RENDER_NOT_HTML)
            raise RenderFailed("not an HTML page") from error
        except Exception as error:
            self._failed(request.url, error)
            raise RenderFailed(str(error)) from error
        finally:
            await self.pool.release(context_name, browser_request.meta.get("playwright_page"))
            self._stat(RENDER_SECONDS, round(time.monotonic() - started, 3))
            self.crawler.stats.set_value(RENDER_BROWSER_RESTARTS, self.pool.restarts)

    async def _dom_response(self, request: Request, response: Response, page: Any) -> Response:
        if page is None or not isinstance(response, TextResponse) or response.meta.get(
                KIND_KEY) not in ("html", None):
            raise NotAnHtmlPage(response.url)
        await self.settle(page)
        html = await asyncio.wait_for(page.content(), self.config.timeout)
        self._stat(RENDER_PAGES)
        rendered = response.replace(body=html.encode("utf-8"), encoding="utf-8")
        rendered.request = request
        return rendered

    async def settle(self, page: Any) -> None:
        """Wait (bounded) for the network to be idle, then scroll and click "load more" a
        bounded number of times, while the page keeps growing."""
        await self._wait_idle(page)
        for _ in range(self.config.scrolls):
            before, clicked = await asyncio.wait_for(
                page.evaluate(SCROLL_AND_LOAD_MORE), self.config.timeout)
            await self._wait_idle(page)
            after = await asyncio.wait_for(
                page.evaluate("document.getElementsByTagName('*').length"), self.config.timeout)
            if not clicked and after == before:
                return

    async def _wait_idle(self, page: Any) -> None:
        if self.config.idle_timeout <= 0:
            return
        try:
            await page.wait_for_load_state("networkidle", timeout=self.config.idle_timeout * 1000)
        except Exception as error:  # a page that never goes quiet: take the DOM as it is
            if "Timeout" not in type(error).__name__ + str(error):
                raise
            self._stat(RENDER_IDLE_TIMEOUTS)

    # --- reporting --------------------------------------------------------------------------

    def _failed(self, url: str, error: BaseException) -> None:
        self._stat(RENDER_FAILURES)
        message = str(error).strip().splitlines()[0] if str(error).strip() else ""
        self.crawler.signals.send_catch_log(
            citeseeker_signals.note_error, url=url,
            reason=f"render: {type(error).__name__}: {message}"[:500])

    def _debug(self, message: str) -> None:
        self.crawler.signals.send_catch_log(citeseeker_signals.note_debug, message=message)

    def _stat(self, name: str, value: float = 1) -> None:
        self.crawler.stats.inc_value(name, value)

