"""When a page must be rendered by a browser: the pure decisions behind JavaScript rendering.

Who calls it: :mod:`middlewares.render` (the downloader middleware and add-on that drive
scrapy-playwright) and its tests; the settings it follows are ``config``'s. Nothing here
imports Scrapy, Twisted or Playwright.

The decision is taken on the *response*, never guessed from the URL alone: a plain HTTP fetch
comes first; an HTML page that carries scripts and yields no usable link or little text is
fetched once more through the browser. Its links and text are what the crawl's extractor read
(:func:`signals_of_parts`): the page is parsed once, for this decision and the text stage. A
server where rendering revealed more than the plain page had is remembered, and its later pages
go to the browser directly — except URLs that name a document format (PDF, PostScript, archives,
office files), which a browser never renders. Why: a rendered response's body is the DOM, so a
document must never go through the browser.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from citeseeker_scrapy.extraction.html import (
    has_scripts, parse_html, usable_links, visible_chars,
)
from citeseeker_scrapy.extraction.model import ExtractedPart
from citeseeker_scrapy.rendering.config import RenderConfig
from citeseeker_scrapy.urls import extension_of, scheme_of, server_of

#: Extensions of documents a browser would download or show in a viewer instead of a DOM.
NEVER_RENDERED = frozenset(
    "pdf ps eps zip gz z tar tgz taz rtf doc ppt docx pptx odt odp txt".split())


@dataclass(frozen=True)
class PageSignals:
    """What a plain HTML page offers the crawl: usable links and visible text."""

    links: int
    text_chars: int


def page_signals(html: str) -> PageSignals:
    """Usable links and visible characters of an HTML page (lxml; call off the reactor).
    For a page without the crawl's extractor; else see :func:`signals_of_parts`."""
    content = parse_html(html)
    return PageSignals(usable_links(content.links), visible_chars(content.text))


def signals_of_parts(events: Iterable[object]) -> PageSignals:
    """The signals of a page from what the extractor read of it (its parts; problems aside):
    the same counts as :func:`page_signals`, without parsing the page again."""
    parts = [event for event in events if isinstance(event, ExtractedPart)]
    return PageSignals(sum(part.usable_links for part in parts),
                       sum(part.visible_chars for part in parts))


def needs_rendering(signals: PageSignals, min_text: int) -> bool:
    """A scripted page (the caller checked) with no usable link or little text."""
    return signals.links == 0 or signals.text_chars < min_text


def rendering_helped(plain: PageSignals, rendered: PageSignals) -> bool:
    """The browser showed more than the plain page: the server's pages are made by scripts."""
    return rendered.links > plain.links or rendered.text_chars > max(2 * plain.text_chars, 50)


class RenderPlanner:
    """Which requests go to the browser directly, which responses are worth a second look.

    Remembers the servers seen to need rendering (one string per server, like the frontier's
    skeletons), so memory follows servers, not pages.

    A server is learned only when the pages the browser helped on are at least half of its
    HTML pages seen so far. Why not at the first: a documentation server of hundreds of static
    pages may hold one JavaScript page (an interactive demo); learning the server there sent
    every later page of it through the browser (directory listings included, with the
    browser's memory). A site made by scripts shows it on its first pages, so it is still
    learned at once.
    """

    def __init__(self, config: RenderConfig) -> None:
        self.config = config
        self.learned: set[str] = set()
        self.learned_searches: set[str] = set()
        self._html_pages: Counter[str] = Counter()
        self._helped: Counter[str] = Counter()

    def saw_html(self, url: str) -> None:
        """Count a plain HTML page of the URL's server (what :meth:`learn` compares with)."""
        if self.config.mode == "auto":
            self._html_pages[server_of(url.lower())] += 1

    def renders_directly(self, url: str) -> bool:
        """``always``, a listed server or a learned one; never a document's URL. Asked for
        every request: the cheap answers first (most crawls know no such server)."""
        if self.config.mode == "always":
            return renderable_url(url)
        return (self.config.mode == "auto" and self.known_to_need_rendering(url)
                and renderable_url(url))

    def renders_search_directly(self, search_url: str) -> bool:
        """A result page of the search at ``search_url`` (its form's action) goes to the
        browser directly once a page of that search needed it (:meth:`learn_search`): its
        other pages are written by the same script, and fetching each one twice doubled the
        search's requests to the server."""
        return self.config.mode == "auto" and search_url in self.learned_searches

    def learn_search(self, search_url: str) -> bool:
        """The browser showed more than the plain result page of the search at
        ``search_url``; True when it is new. Why apart from :meth:`learn`: a search
        application says nothing of the server's other pages."""
        if search_url in self.learned_searches:
            return False
        self.learned_searches.add(search_url)
        return True

    def known_to_need_rendering(self, url: str) -> bool:
        if not self.learned and not self.config.servers:
            return False
        server = server_of(url.lower())
        if server in self.learned or server in self.config.servers:
            return True
        host = server.split("://", 1)[-1]
        return host in self.config.servers or host.split(":")[0] in self.config.servers

    def worth_a_look(self, url: str, status: int, kind: str | None, body: bytes) -> bool:
        """A plain response that may need the browser: an auto-mode HTML page with scripts."""
        return (self.config.mode == "auto" and status == 200 and kind == "html"
                and has_scripts(body) and renderable_url(url))

    def learn(self, url: str) -> bool:
        """The browser showed more than the plain page at ``url``: remember its server as
        needing rendering once such pages are half of its HTML pages; True when it is learned.
        """
        server = server_of(url.lower())
        if server in self.learned:
            return False
        self._helped[server] += 1
        if 2 * self._helped[server] < self._html_pages[server]:
            return False
        self.learned.add(server)
        del self._helped[server], self._html_pages[server]
        return True


def renderable_url(url: str) -> bool:
    """http(s) only (``file://`` stays with Scrapy's file handler), never a document format."""
    return scheme_of(url) in ("http", "https") and extension_of(url) not in NEVER_RENDERED
