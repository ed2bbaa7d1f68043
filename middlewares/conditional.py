"""Downloader middleware of the incremental re-crawl: conditional requests, skipped sites.

Every crawl with a JOBDIR: notes each answer's validators (``ETag``, ``Last-Modified``) and
body MD5 for the crawl's state (``citeseeker_scrapy/recrawl``). A re-crawl
(``-a recrawl=PREVIOUS_JOBDIR``) also:

* asks every document it knows conditionally (``If-None-Match`` / ``If-Modified-Since`` from
  the previous crawl's validators); a ``304 Not Modified`` reaches the spider (it is in the
  request's ``handle_httpstatus_list``) and the re-crawl pipeline turns it into "unchanged":
  the previous citations still hold, the previous links are followed. A ``200`` whose body has
  the previous MD5 (a server without validators) is unchanged too;
* in ``sites`` mode, before a page of a site is requested, asks the site's top pages (once
  each, through the engine, while the page waits); a page whose sites all have unchanged tops
  is not requested at all: the middleware answers with a ``304`` of its own (meta
  ``citeseeker_recrawl_skipped``), so it goes the same way as a real one. A top asked early is
  kept until the frontier asks for it, so it is downloaded once.

Why not Scrapy's ``HttpCacheMiddleware`` with the RFC 2616 policy: it does send conditional
requests, but it stores every body (and headers) of the crawl to revalidate against, and
serves the cached body on a 304, which the pipelines would extract and match again. We need
only the validators, the MD5 and what the document gave (links, citations), a few hundred bytes
a document, and an unchanged document must cost nothing after its 304.

Stats ``citeseeker/recrawl/<event>``: ``conditional`` (requests with validators),
``not_modified`` (304s), ``same_body`` (a 200 with the previous MD5), ``skipped`` (not
requested: their site is unchanged), ``probes`` (tops asked before the frontier reached them),
``bytes_saved`` (the previous size of each document not downloaded again).
"""

from __future__ import annotations

from typing import Any

from scrapy import Request
from scrapy.exceptions import NotConfigured
from scrapy.http import Response
from scrapy.utils.defer import deferred_from_coro, maybe_deferred_to_future
from twisted.internet.defer import Deferred, DeferredList

from citeseeker_scrapy.job.crawl_job import crawl_job
from citeseeker_scrapy.recrawl import Answer
from citeseeker_scrapy.recrawl.plan import SKIP, WAIT
from citeseeker_scrapy.recrawl.state import md5_hex
from citeseeker_scrapy.keys import (
    FRONTIER, ORIGIN_KEY, RECRAWL_EARLY_KEY, RECRAWL_PROBE_KEY, RECRAWL_SKIPPED_KEY,
)
from citeseeker_scrapy.stats import (
    RECRAWL_BYTES_SAVED, RECRAWL_CONDITIONAL, RECRAWL_NOT_MODIFIED, RECRAWL_PROBES,
    RECRAWL_SAME_BODY, RECRAWL_SKIPPED,
)


class ConditionalRequestMiddleware:
    """See the module docstring."""

    def __init__(self, crawler: Any, session: Any) -> None:
        self.crawler = crawler
        self.stats = crawler.stats
        self.session = session
        self.plan = session.plan
        self.probed: dict[str, Response] = {}           # tops asked early, until requested
        self.waiting: dict[str, list[Deferred]] = {}    # tops in flight -> pages waiting

    @classmethod
    def from_crawler(cls, crawler: Any) -> ConditionalRequestMiddleware:
        session = crawl_job(crawler).recrawl
        if session is None:  # also when the job refused to start
            # No JOBDIR and no -a recrawl: nothing to record. Silently: Scrapy logs a warning
            # for a NotConfigured with a message, and this is every plain crawl.
            raise NotConfigured
        return cls(crawler, session)

    # --- requests -----------------------------------------------------------------------------

    async def process_request(self, request: Request) -> Response | None:
        plan = self.plan
        if plan is None:
            return None
        url = request.url
        if request.meta.get("redirect_urls"):  # not the validators of the redirecting URL
            request.headers.pop(b"If-None-Match", None)
            request.headers.pop(b"If-Modified-Since", None)
        if request.meta.get(RECRAWL_PROBE_KEY):
            self._ask_conditionally(request)
            return None
        if url in self.waiting:  # a top being asked early: take that answer, not a second one
            await self._ask_tops([url])
        early = self.probed.pop(url, None)
        if early is not None:
            request.meta["handle_httpstatus_list"] = [304]
            request.meta[RECRAWL_EARLY_KEY] = True
            return early.replace(request=request)
        decision = plan.decide(url)
        if decision == WAIT:
            await self._ask_tops(plan.unknown_tops(url))
            decision = plan.decide(url)
        if decision == SKIP:
            return self._skipped(request)
        self._ask_conditionally(request)
        return None

    def _ask_conditionally(self, request: Request) -> None:
        previous = self.session.previous(request.url)
        if previous is None:
            return
        request.meta["handle_httpstatus_list"] = [304]
        if previous.etag:
            request.headers[b"If-None-Match"] = previous.etag
        if previous.last_modified:
            request.headers[b"If-Modified-Since"] = previous.last_modified
        if previous.has_validators:
            self.stats.inc_value(RECRAWL_CONDITIONAL)

    def _skipped(self, request: Request) -> Response:
        """The answer a page of an unchanged site gets without a request: a 304 of our own."""
        request.meta["handle_httpstatus_list"] = [304]
        request.meta[RECRAWL_SKIPPED_KEY] = True
        self.stats.inc_value(RECRAWL_SKIPPED)
        self._saved(request.url)
        return Response(request.url, status=304, request=request)

    async def _ask_tops(self, tops: list[str]) -> None:
        """Wait for the answers of the site tops a page depends on, asked now (probes) unless a
        probe is in flight already. A top the frontier is fetching at this moment is asked
        again: its answer may never come back here (a redirect ends in another request), and a
        page waiting for it would wait for ever; it is rare (pages are mostly reached from
        their top, once it has been read)."""
        waits = []
        for top in tops:
            if top in self.waiting:
                waits.append(Deferred())
                self.waiting[top].append(waits[-1])
            else:
                self.waiting[top] = []
                waits.append(deferred_from_coro(self._probe(top)))
        if waits:
            await maybe_deferred_to_future(DeferredList(waits, consumeErrors=True))

    async def _probe(self, top: str) -> None:
        self.stats.inc_value(RECRAWL_PROBES)
        request = Request(top, meta={RECRAWL_PROBE_KEY: True, ORIGIN_KEY: FRONTIER, "dont_redirect": True,
                                     "handle_httpstatus_all": True}, dont_filter=True)
        try:
            response = await self.crawler.engine.download_async(request)
        except Exception:  # noqa: BLE001 - the frontier's own request will report the error
            self._top_answered(top, changed=True)
            return
        if _is_redirect(response.status):  # not followed here: the frontier's request will be
            self._top_answered(top, changed=True)
        # else process_response has kept the answer and released the waiting pages

    # --- responses ----------------------------------------------------------------------------

    def process_response(self, request: Request, response: Response) -> Response:
        if request.meta.get(RECRAWL_SKIPPED_KEY):
            self.session.note_answer(response.url, Answer(304, unchanged=True))
            return response
        if request.meta.get(RECRAWL_EARLY_KEY):
            return response  # a top asked early, handed over: noted when it came
        answer = self._answer(response)
        self.session.note_answer(response.url, answer)
        if request.meta.get(RECRAWL_PROBE_KEY) and not _is_redirect(response.status):
            self.probed[response.url] = response  # before the pages waiting for it go on
        if self.plan is not None and self.plan.is_top(response.url):
            self._top_answered(response.url, changed=not answer.unchanged)
        return response

    def _answer(self, response: Response) -> Answer:
        headers = response.headers
        etag = (headers.get(b"ETag") or b"").decode("latin-1")
        modified = (headers.get(b"Last-Modified") or b"").decode("latin-1")
        if response.status == 304 and self.plan is not None:
            self.stats.inc_value(RECRAWL_NOT_MODIFIED)
            self._saved(response.url)
            return Answer(304, etag, modified, unchanged=True)
        digest = md5_hex(response.body)
        unchanged = (self.plan is not None and response.status == 200
                     and self.plan.unchanged_body(response.url, digest))
        if unchanged:
            self.stats.inc_value(RECRAWL_SAME_BODY)
        return Answer(response.status, etag, modified, digest, len(response.body), unchanged)

    def process_exception(self, request: Request, exception: BaseException) -> None:
        if self.plan is not None and self.plan.is_top(request.url):
            self._top_answered(request.url, changed=True)  # not known unchanged: go in

    def _top_answered(self, top: str, *, changed: bool) -> None:
        self.plan.note_top(top, changed=changed)
        for waiter in self.waiting.pop(top, []):
            waiter.callback(None)

    def _saved(self, url: str) -> None:
        previous = self.session.previous(url)
        if previous is not None and previous.size:
            self.stats.inc_value(RECRAWL_BYTES_SAVED, previous.size)


def _is_redirect(status: int) -> bool:
    """A 3xx that leads elsewhere (a 304 is an answer: not modified)."""
    return 300 <= status < 400 and status != 304
