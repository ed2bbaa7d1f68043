"""Soft-404 servers: a server that answers ``200`` with a "page not found" page for any path,
each such page linking to more made-up paths, is recognised and its made-up pages not followed.

How: once a server has answered :data:`PROBE_AFTER` HTML pages (a small site is never probed),
one request for a path that cannot exist (random) is sent. An honest server answers 404 (or
anything but a 200 page): nothing more is done for it. A server that answers 200 is a soft-404
server, and its not-found page is kept (as text, without digits and without the path asked):
every later page of the server that is :data:`ALIKE` to it is dropped (``IgnoreRequest``,
counted as ``citeseeker/traps/soft_404_pages``) — not searched, its links not followed.
The probe itself is counted in ``citeseeker/traps/probes``, a soft-404 server in
``citeseeker/traps/soft_404_servers`` (and one debug.log line).

Who calls: Scrapy's downloader, at 540 (after the document type is sniffed at 550, before the
render middleware at 120). The probe is downloaded with ``engine.download_async`` (Scrapy's
public API; the robots.txt middleware fetches robots.txt the same way).
"""

from __future__ import annotations

import asyncio
import difflib
import re
import secrets
from typing import Any

from scrapy import Request
from scrapy.exceptions import IgnoreRequest
from scrapy.http import Response, TextResponse
from w3lib.html import remove_tags, remove_tags_with_content

from citeseeker_scrapy import signals as citeseeker_signals
from citeseeker_scrapy.keys import KIND_KEY, ORIGIN_KEY
from citeseeker_scrapy.stats import (
    TRAPS_PROBES, TRAPS_SOFT_404_PAGES, TRAPS_SOFT_404_SERVERS,
)
from citeseeker_scrapy.urls import server_of

#: HTML pages a server answers before it is probed: a small site costs no extra request.
PROBE_AFTER = 50
#: Similarity (difflib's ratio) at which a page is the server's not-found page.
ALIKE = 0.9
#: Characters of a page's text compared.
COMPARED_CHARS = 2000
DIGITS = re.compile(r"\d+")
#: How a probe's path starts (a server's log shows who asked for it, and why).
PROBE_PREFIX = "citeseeker-no-such-page-"


def page_text(response: TextResponse, path: str) -> str:
    """The text compared: tags, scripts, digits and the path asked (a not-found page often
    says which page was not found) taken out, white space collapsed, lower case."""
    html = remove_tags_with_content(response.text[:4 * COMPARED_CHARS], ("script", "style"))
    text = remove_tags(html).lower().replace(path.lstrip("/").lower(), " ")
    return " ".join(DIGITS.sub("0", text).split())[:COMPARED_CHARS]


class Soft404Middleware:
    """Downloader middleware; see the module docstring."""

    def __init__(self, crawler: Any) -> None:
        self.crawler = crawler
        #: server -> HTML pages answered so far (until it is probed)
        self.pages: dict[str, int] = {}
        #: server -> its not-found text (a soft-404 server), None (honest), or the probe
        self.not_found: dict[str, str | None | asyncio.Future] = {}

    @classmethod
    def from_crawler(cls, crawler: Any) -> Soft404Middleware:
        return cls(crawler)

    async def process_response(self, request: Request, response: Response,
                               spider: Any = None) -> Response:
        if (response.status != 200 or ORIGIN_KEY not in request.meta
                or request.meta.get(KIND_KEY) != "html" or not isinstance(response, TextResponse)):
            return response
        server = server_of(response.url)
        not_found = self.not_found.get(server)
        if not_found is None and server not in self.not_found:
            count = self.pages[server] = self.pages.get(server, 0) + 1
            if count < PROBE_AFTER:
                return response
            del self.pages[server]
            not_found = self.not_found[server] = asyncio.ensure_future(self._probe(server))
        if isinstance(not_found, asyncio.Future):
            not_found = await asyncio.shield(not_found)
        if not_found is not None and self._alike(response, not_found):
            self.crawler.stats.inc_value(TRAPS_SOFT_404_PAGES)
            raise IgnoreRequest(f"soft 404: like {server}'s answer for a page that does not exist")
        return response

    async def _probe(self, server: str) -> str | None:
        """Ask for a page that cannot exist; its text if the server answers 200 HTML."""
        path = f"/{PROBE_PREFIX}{secrets.token_hex(8)}.html"
        probe = Request(server + path, dont_filter=True)  # no origin: its answer is let be
        self.crawler.stats.inc_value(TRAPS_PROBES)
        try:
            answer = await self.crawler.engine.download_async(probe)
        except Exception:  # noqa: BLE001 (any failure: nothing learnt, the server is left alone)
            answer = None
        text = None
        if (answer is not None and answer.status == 200 and isinstance(answer, TextResponse)
                and b"html" in (answer.headers.get(b"Content-Type") or b"html")):
            text = page_text(answer, path)
            self.crawler.stats.inc_value(TRAPS_SOFT_404_SERVERS)
            self.crawler.signals.send_catch_log(
                citeseeker_signals.note_debug,
                message=f"{server} answers 200 for a page that does not exist ({path}): "
                        "pages like that answer are not followed")
        self.not_found[server] = text
        return text

    @staticmethod
    def _alike(response: TextResponse, not_found: str) -> bool:
        text = page_text(response, response.url.split("://", 1)[-1].partition("/")[2])
        matcher = difflib.SequenceMatcher(None, text, not_found, autojunk=False)
        return (matcher.real_quick_ratio() >= ALIKE and matcher.quick_ratio() >= ALIKE
                and matcher.ratio() >= ALIKE)
