"""The one scope gate, and a document's links admitted to the frontier.

Who calls it: the scheduler. Every URL enters the crawl there, so the crawl's URL scope
(canonical form, protocols, stay-within/forbidden domains, permitted formats, trap URLs;
:class:`~citeseeker_scrapy.urls.LinkPolicy`) is asked here and nowhere else
(:meth:`Admission.admit`), and every refusal is counted under one stats name,
``citeseeker/scope/refused/<reason>``: start points, redirect targets, site-search requests,
any other component's requests, and the links of documents. Requests the frontier handed out
(and their retries) passed the gate when they entered. What the frontier then decides of an
admitted URL (a duplicate, a completed server, a budget reached...) is counted under
``citeseeker/frontier/enqueued`` or ``citeseeker/frontier/refused/<outcome>``.

By origin (meta ``citeseeker_origin``): a start point makes its server pending; a redirect
target is a link of the server that redirected, and both URLs count as completed (§7.3.5; a
target already seen, a loop, is dropped); a site-search submission or result page goes on top
of its server's stack, above any link pushed later (results first); anything else is a link
from nowhere (a retry, ``dont_filter``, is queued again although seen).
"""

from __future__ import annotations

import logging
from collections import Counter
from typing import Any, Callable

from scrapy import Request

from citeseeker_scrapy.document.item import DocumentItem
from citeseeker_scrapy.exceptions import UrlRejected
from citeseeker_scrapy.keys import FRONTIER, ORIGIN_KEY, REDIRECT, SEARCH, SEARCH_KEY, START
from citeseeker_scrapy.stats import (FRONTIER_ENQUEUED, FRONTIER_REFUSED, SCOPE_REFUSED,
                                     SEARCH_LINKS_NOT_FOLLOWED, START_REQUESTS)
from citeseeker_scrapy.addresses import is_private_url
from citeseeker_scrapy.urls import WEB_PREFIXES, LinkPolicy, join_url, server_of
from citeseeker_scrapy.works.landing import landing_offer

from .codec import RequestCodec, landing_payload
from .frontier import Frontier
from .model import DocumentEntry
from .rules import ACCEPTED, DUPLICATE, SERVER_FULL

logger = logging.getLogger(__name__)


class Admission:
    """The scope gate in front of the frontier; see the module docstring.

    ``follow_same_server`` is False with ``CITESEEKER_SITE_SEARCH=only`` (a server's own links
    are not followed); ``budget_reached(server)`` hears of the links a server's document
    budget refused (the first one is told in errors.log); ``finish(url)`` finishes the
    document whose redirect the scope refused; ``new_start_point(server, url)`` hears of a
    start point accepted for a server this run had not been crawling (the server watch's dead
    start points)."""

    def __init__(self, stats: Any, frontier: Frontier, scope: LinkPolicy, codec: RequestCodec,
                 *, follow_same_server: bool, budget_reached: Callable[[str], None],
                 finish: Callable[[str], None],
                 new_start_point: Callable[[str, str], None] = lambda server, url: None,
                 ) -> None:
        self.stats = stats
        self.frontier = frontier
        self.scope = scope
        self.new_start_point = new_start_point
        self.codec = codec
        self.follow_same_server = follow_same_server
        self.budget_reached = budget_reached
        self.finish = finish

    def offer(self, request: Request) -> bool:
        """A request through the gate to the frontier (by its origin: see the module
        docstring); False (dropped) for duplicates and refusals."""
        origin = request.meta.get(ORIGIN_KEY)
        url = request.url if origin == FRONTIER else self._admitted_request(request, origin)
        if url is None:
            return False
        frontier, codec = self.frontier, self.codec
        if origin == REDIRECT:
            previous = request.meta["redirect_urls"][-1]
            outcome = frontier.add_link(codec.entry(request, url), from_server=server_of(previous))
            frontier.finish(previous)
        elif origin == SEARCH and SEARCH_KEY in request.meta:
            entry = codec.search_entry(request if url == request.url else request.replace(url=url))
            outcome = frontier.add_link(entry, from_server=None, force=request.dont_filter,
                                        front=True)
        elif origin == START and not request.dont_filter:  # a retry is re-queued, as below
            outcome = self._start_point(codec.entry(request, url))
        else:
            outcome = frontier.add_link(codec.entry(request, url), from_server=None,
                                        force=request.dont_filter, front=origin == SEARCH)
        return self.counted(outcome)

    def _admitted_request(self, request: Request, origin: str | None) -> str | None:
        """A request's canonical URL, or None when the scope refuses it (a refused redirect
        still finishes the document that redirected; a refused start point is a warning)."""
        redirected_from = (request.meta.get("redirect_urls") or [None])[-1]
        url = self.admit(request.url, referrer=redirected_from)
        if url is None and origin == REDIRECT:
            self.finish(redirected_from)
        elif url is None and origin == START:
            logger.warning("citeseeker: start point %s refused by the crawl's scope", request.url)
        elif origin == START and not request.meta.get("retry_times"):
            self.stats.inc_value(START_REQUESTS)  # "no start point" is told by it
        return url

    def add_start_point(self, url: str) -> None:
        """A start point pushed to the shared list (``scrapy citeseeker-push``); who calls:
        the shared frontier's sync."""
        admitted = self.admit(url.strip(), referrer=None)
        if admitted is None:
            logger.warning("citeseeker: pushed start point %r refused by the crawl's scope", url)
            return
        self.counted(self._start_point(DocumentEntry(admitted)))

    def _start_point(self, entry: DocumentEntry) -> str:
        """The start point to the frontier; a server it names that this run was not crawling
        yet (a resumed job's servers were) is told to ``new_start_point``."""
        server = server_of(entry.url)
        crawled = self.frontier.is_crawling(server)
        outcome = self.frontier.add_start_point(entry)
        if outcome == ACCEPTED and not crawled:
            self.new_start_point(server, entry.url)
        return outcome

    def root_of(self, server: str) -> str | None:
        """The server's root, if the crawl's policy admits it (never for ``file://``); who
        calls: the frontier, when it activates a server."""
        if server.startswith("file:"):
            return None
        return self.admit(server + "/", referrer=server + "/")

    def admit(self, url: str, referrer: str | None) -> str | None:
        """The one scope gate: the URL's canonical form if the crawl's scope admits it, else
        None, the refusal counted by reason. Who calls: the scheduler (requests, a server's
        root for the frontier, pushed start points for the shared frontier's sync)."""
        admitted, reason = self.verdict(url, referrer)
        if admitted is None:
            self.stats.inc_value(f"{SCOPE_REFUSED}/{reason}")
            logger.debug("citeseeker: %s refused by the scope: %s", url, reason)
        return admitted

    def verdict(self, url: str, referrer: str | None) -> tuple[str | None, str]:
        """(canonical URL, "") or (None, the reason of the refusal), neither counted nor logged."""
        try:
            return self.scope.admit(url, referrer=referrer), ""
        except UrlRejected as rejection:
            return None, rejection.reason
        except ValueError:  # a malformed host in a hand-written link
            return None, "malformed"

    def counted(self, outcome: str) -> bool:
        """Whether the frontier accepted a request; its outcome counted either way."""
        if outcome != ACCEPTED:
            self.stats.inc_value(f"{FRONTIER_REFUSED}/{outcome}")
            return False
        self.stats.inc_value(FRONTIER_ENQUEUED)
        return True

    def add_links(self, item: DocumentItem) -> None:
        """Each link through the scope gate to the frontier; outcomes counted, and refusals
        logged, once per page (not one stats call and log record per link: a documentation
        page has hundreds)."""
        source, depth = item.server, item.depth
        outcomes: Counter[str] = Counter()
        links, landing = self._landing_links(item)
        private_refused = self.scope.refuses_private_links_from(item.url)
        for link in links:
            if self._known(link, source, private_refused):
                outcomes[DUPLICATE] += 1
                continue
            url, reason = self.verdict(link, item.url)
            if url is None:
                outcomes[f"{SCOPE_REFUSED}/{reason}"] += 1
                continue
            server = server_of(url)
            same_server = server == source
            if not self.follow_same_server and same_server and not source.startswith("file:"):
                self.stats.inc_value(SEARCH_LINKS_NOT_FOLLOWED)
                continue
            child = DocumentEntry(url, depth + 1 if same_server else 0, landing.get(url))
            outcome = self.frontier.add_link(child, from_server=source, server=server)
            outcomes[outcome] += 1
            if outcome == SERVER_FULL:
                self.budget_reached(server)
        for key, count in outcomes.items():
            self.stats.inc_value(_link_stat(key), count)
        refused = sum(n for key, n in outcomes.items() if key.startswith(SCOPE_REFUSED))
        if refused:
            logger.debug("citeseeker: %d links of %s refused by the scope", refused, item.url)

    def _known(self, link: str, source: str, private_refused: bool) -> bool:
        """A web link the frontier refuses as a duplicate (``Frontier.known_link``), answered
        before the scope gate and without building its entry. The gate's verdict would be the
        same: a URL a server has seen is canonical and passed this gate, whose verdict on a
        web URL depends on the page only for a private address (``private_refused``: refused
        from this page, so such a link takes the gate); a same-server link not followed
        (``CITESEEKER_SITE_SEARCH=only``) takes the gate too, to be counted as that."""
        if not link.startswith(WEB_PREFIXES):
            return False
        url = link.partition("#")[0]
        server = server_of(url)
        return (self.frontier.known_link(url, server)
                and (self.follow_same_server or server != source)
                and not (private_refused and is_private_url(url)))

    def _landing_links(self, item: DocumentItem) -> tuple[list[str], dict[str, bytes]]:
        """The document's links, with the PDF a record page names (``citation_pdf_url``) among
        them, and that PDF's frontier payload: the page's work, for the PDF's item
        (``works/landing.py``). A PDF the frontier knows already keeps what it had."""
        offer = landing_offer(item.parts) if item.parts else None
        if offer is None:
            return item.links, {}
        try:
            absolute = join_url(item.url, offer[0])
        except ValueError:
            return item.links, {}
        url, _ = self.verdict(absolute, item.url)
        if url is None:
            return item.links, {}
        named = absolute in item.links or url in item.links
        return (item.links if named else [*item.links, url]), {url: landing_payload(offer[1])}


def _link_stat(outcome: str) -> str:
    """The stats name of a link's outcome: a scope refusal is named already, a frontier
    outcome becomes ``citeseeker/frontier/enqueued`` or ``.../refused/<outcome>``."""
    if outcome.startswith(SCOPE_REFUSED):
        return outcome
    return FRONTIER_ENQUEUED if outcome == ACCEPTED else f"{FRONTIER_REFUSED}/{outcome}"
