"""Site search for the citeseeker spider: submit a server's own search form, follow its results.

Who calls it: :class:`citeseeker_scrapy.spiders.citeseeker.CiteSeekerSpider` — ``parse`` offers each HTML page
(:meth:`SiteSearcher.searches_for`) and each result that is an HTML page
(:meth:`SiteSearcher.landing_requests`), the ``parse_search`` callback hands each result page
over (:meth:`SiteSearcher.follow_results`). The rules (which form, which links are results,
which document a landing page offers) are the core's (:mod:`citeseeker_scrapy.site_search`);
this module builds Scrapy requests with
form2request (Scrapy's successor of ``FormRequest.from_response``: hidden inputs kept, GET and
POST) and keeps per-server counts.

What the frontier scheduler does with them (origin ``search``): they go on top of the server's
depth-first stack and stay above every link pushed later (the frontier's ``front`` entries), so
a server's search results come first whichever of its pages come back first. A submission's
frontier key is its URL plus a hash of the body for a POST (two POST queries to one URL are two
documents, not duplicates), and it is kept whole in JOBDIR (pickled, body included). Of a result
page, the next page is pushed first, then the results in reverse rank order, so the best ranked
is fetched first.

The probe goes first: a query nobody's documents contain, whose page of no results tells the
server's result-page furniture (navigation, a box of popular papers) from its results. The
queries are built with it and ride in its meta; its answer (or its failure:
``CiteSeekerSpider.on_search_error``) sends them, each carrying the links of that page. So no
result page is read before the probe's page is known, and that page is part of every pending
query's JOBDIR state: a resumed crawl reads the result pages left as the first run would have,
without probing again. Nothing of a search is held in memory between requests.

Settings: ``CITESEEKER_SITE_SEARCH*`` (docs/site-search.md). Stats:
``citeseeker/site_search/<event>``.
"""

from __future__ import annotations

import hashlib
import logging
from typing import Any, Iterator

from form2request import form2request
from scrapy import Request
from scrapy.http import Response, TextResponse
from scrapy.utils.request import request_from_dict

from citeseeker_scrapy import signals as citeseeker_signals
from citeseeker_scrapy.job.crawl_job import crawl_job
from citeseeker_scrapy.keys import (
    DEPTH_KEY, ORIGIN_KEY, RENDER_DONE, RENDER_KEY, SEARCH, SEARCH_KEY, SEARCH_RESULT_KEY)
from citeseeker_scrapy.site_search.config import SiteSearchConfig
from citeseeker_scrapy.site_search.forms import (
    NO_HITS_QUERY, count_forms, find_search_form, search_queries)
from citeseeker_scrapy.site_search.landing import landing_documents
from citeseeker_scrapy.site_search.results import next_page, page_links, read_result_page
from citeseeker_scrapy.urls import server_of
from citeseeker_scrapy.stats import (
    SEARCH_FORMS_ELSEWHERE, SEARCH_FORMS_FOUND, SEARCH_FORMS_REJECTED, SEARCH_FORM_ERRORS,
    SEARCH_LANDING_DOCUMENTS, SEARCH_LANDING_PAGES, SEARCH_NEXT_PAGES, SEARCH_PAGES_WITHOUT_FORM,
    SEARCH_PAGES_WITHOUT_RESULTS, SEARCH_PAGING_STOPPED, SEARCH_PROBES_ANSWERED,
    SEARCH_PROBES_FAILED, SEARCH_QUERIES_SENT, SEARCH_RESULTS, SEARCH_RESULT_PAGES,
    search_forms_found,
)

#: A POST result page must reach the spider as the server sent it: a browser navigation would
#: turn it into a GET (the render middleware leaves requests with this meta alone).
AS_SENT = {RENDER_KEY: RENDER_DONE}
#: Tries of a POST submission that failed before any answer (Scrapy's ``max_retry_times``
#: meta, over ``RETRY_TIMES``). Why: an HTTP/1.0 server (``python3 -m http.server``, old CGI
#: hosts) closes each connection after its answer without saying ``Connection: close``, and
#: Twisted's pool keeps the connection for the next request until it notices; a GET sent on it
#: is re-sent on a new connection by Twisted itself, a POST is not (not idempotent) and
#: fails, and Scrapy's retry may meet the next such connection. A search submission has no
#: effect on the server, so repeating it is safe.
SEARCH_POST_RETRIES = 4
#: Template links kept in a search request's meta (enough for a site's navigation).
MAX_TEMPLATE_LINKS = 500
logger = logging.getLogger(__name__)


class SiteSearcher:
    """Per crawl: the queries, and per server how many pages were looked at for a form and
    whether it was searched. Lost on a resume on purpose: the frontier's keys make a repeated
    search a duplicate, so a resumed crawl never sends a query twice; what a search needs
    (the form page's links, the page of no results) travels in its requests' meta."""

    def __init__(self, crawler: Any, config: SiteSearchConfig, queries: list[str]) -> None:
        self.crawler = crawler
        self.config = config
        self.queries = queries
        self.probed: dict[str, int] = {}
        self.searched: set[str] = set()

    @classmethod
    def from_crawler(cls, crawler: Any) -> "SiteSearcher":
        job = crawl_job(crawler)
        config = job.site_search if job.error is None else SiteSearchConfig(mode="off")
        groups = job.inputs.groups if job.inputs else ()
        queries = search_queries(groups, title_words=config.title_words,
                                 max_queries=config.max_queries)
        return cls(crawler, config, queries)

    # --- the form page ------------------------------------------------------------------------

    def searches_for(self, response: Response, kind: str | None, depth: int,
                     spider: Any) -> list[Request]:
        """The search requests for one of a server's first HTML pages, or none."""
        server = server_of(response.url)
        if (not self.config.enabled or not self.queries or kind != "html"
                or not isinstance(response, TextResponse) or server in self.searched
                or server.startswith("file:")
                or self.probed.get(server, 0) >= self.config.probe_pages):
            return []
        self.probed[server] = self.probed.get(server, 0) + 1
        form = find_search_form(response.text, response.url)
        if form is None:
            self._inc(SEARCH_PAGES_WITHOUT_FORM if count_forms(response.text) == 0
                      else SEARCH_FORMS_REJECTED)
            return []
        self.searched.add(server)
        if server_of(form.action) != server:  # a web search engine's box, or another host
            self._inc(SEARCH_FORMS_ELSEWHERE)
            return []
        self._inc(SEARCH_FORMS_FOUND)
        self._inc(search_forms_found(form.method))
        template = sorted(page_links(response.text, response.url))[:MAX_TEMPLATE_LINKS]
        queries = []
        for query in reversed(self.queries):  # the first query ends on top of the stack
            search = dict(query=query, page=1, search_url=form.action)
            request = self._submit(response, spider, form.index, {form.field: query}, search,
                                   depth)
            if request is not None:
                queries.append(request)
        probe = self._submit(response, spider, form.index, {form.field: NO_HITS_QUERY},
                             dict(query=NO_HITS_QUERY, page=1, search_url=form.action,
                                  probe=True, template=template,
                                  queries=[q.to_dict(spider=spider) for q in queries]), depth)
        if probe is None:  # the form takes no probe: the queries go at once, read without it
            return list(self._with_pages(queries, template, ()))
        return [probe.replace(errback=spider.on_search_error)]

    def _with_pages(self, queries: list[Request], template: list[str],
                    no_hits: list[str]) -> Iterator[Request]:
        """The queries, each carrying the form page's links and the page of no results'."""
        self._inc(SEARCH_QUERIES_SENT, len(queries))
        for query in queries:
            search = dict(query.meta[SEARCH_KEY], template=template, no_hits=no_hits)
            yield query.replace(meta={**query.meta, SEARCH_KEY: search})

    def _queries_after(self, probe: dict[str, Any], spider: Any,
                       no_hits: list[str]) -> Iterator[Request]:
        """The probe's queries, rebuilt from its meta (a JOBDIR resume may have pickled it)."""
        queries = [request_from_dict(query, spider=spider) for query in probe.get("queries", ())]
        return self._with_pages(queries, probe.get("template", []), no_hits)

    def probe_failed(self, request: Request, spider: Any) -> None:
        """A probe that failed for good (robots.txt, HTTP error, no answer): its queries go
        anyway, read with the form page alone (a forbidden search is refused as the probe
        was). Who calls: ``CiteSeekerSpider.on_search_error``, before the failure finishes the
        probe in the frontier (so the server is not completed before the queries are queued)."""
        search = request.meta.get(SEARCH_KEY) or {}
        if not search.get("probe"):
            return
        self._inc(SEARCH_PROBES_FAILED)
        for query in self._queries_after(search, spider, []):
            self.crawler.engine.crawl(query)

    def _submit(self, response: TextResponse, spider: Any, form_index: int,
                formdata: dict[str, str], search: dict[str, Any], depth: int, *,
                clickdata: dict[str, str] | None = None) -> Request | None:
        try:
            request = form_request(response, form_index, formdata, clickdata).to_scrapy(
                callback=spider.parse_search, errback=spider.on_error)
        except (ValueError, IndexError) as error:  # a form lxml and form2request read differently
            self._inc(SEARCH_FORM_ERRORS)
            logger.debug("site search: form %s of %s not submitted: %s", form_index,
                         response.url, error)
            return None
        search["key"] = search_key(request)
        meta = {ORIGIN_KEY: SEARCH, DEPTH_KEY: depth + 1, SEARCH_KEY: search}
        if request.method == "POST":
            meta.update(AS_SENT, max_retry_times=SEARCH_POST_RETRIES)
        return request.replace(meta=meta)

    # --- the result page ----------------------------------------------------------------------

    def follow_results(self, response: Response, spider: Any) -> None:
        """Queue the next page first, then the results best-ranked last (the stack pops it
        first); then the result page is finished in the frontier (it is not a document of the
        crawl). Queued through the engine here rather than yielded: a spider middleware chain
        may collect a callback's whole output before the engine sees any of it, and the page
        must not be finished (its server possibly completed) before its results are queued."""
        search = response.meta[SEARCH_KEY]
        depth = int(response.meta.get(DEPTH_KEY, 1))
        for request in self._requests_of(response, spider, search, depth):
            self.crawler.engine.crawl(request)
        self.crawler.signals.send_catch_log(citeseeker_signals.search_page_done,
                                            key=search["key"], url=response.url)

    def _requests_of(self, response: Response, spider: Any, search: dict[str, Any],
                     depth: int) -> Iterator[Request]:
        text = response.text if isinstance(response, TextResponse) else ""
        if search.get("probe"):
            self._inc(SEARCH_PROBES_ANSWERED)
            links = sorted(page_links(text, response.url))[:MAX_TEMPLATE_LINKS] if text else []
            yield from self._queries_after(search, spider, links)
            return
        if not text:
            return
        self._inc(SEARCH_RESULT_PAGES)
        page = read_result_page(text, response.url, search["query"],
                                template=search.get("template", ()),
                                no_hits=search.get("no_hits", ()),
                                search_url=search.get("search_url", ""))
        if page.empty:
            self._inc(SEARCH_PAGES_WITHOUT_RESULTS)
            return
        titles = {result.url: result.title for result in page.results}
        following = self._next_page(response, spider, search, depth, list(titles))
        if following is not None:
            yield following
        self._inc(SEARCH_RESULTS, len(page.results))
        # the scheduler's scope gate admits each (stay-within, traps) as any link
        for url, title in reversed(list(titles.items())):
            yield Request(url, callback=spider.parse, errback=spider.on_error,
                          meta={ORIGIN_KEY: SEARCH, DEPTH_KEY: depth, SEARCH_RESULT_KEY: title})

    # --- a result that is a landing page ------------------------------------------------------

    def landing_requests(self, response: Response, kind: str | None, depth: int,
                         spider: Any) -> list[Request]:
        """A result that is an HTML page offering the titled document: the document, on top of
        the server's stack like a result (followed in ``only`` mode too). One step only: the
        document's request carries no title."""
        title = response.meta.get(SEARCH_RESULT_KEY)
        if not title or kind != "html" or not isinstance(response, TextResponse):
            return []
        documents = landing_documents(response.text, response.url, title)
        if not documents:
            return []
        self._inc(SEARCH_LANDING_PAGES)
        self._inc(SEARCH_LANDING_DOCUMENTS, len(documents))
        return [Request(url, callback=spider.parse, errback=spider.on_error,
                        meta={ORIGIN_KEY: SEARCH, DEPTH_KEY: depth + 1})
                for url in reversed(documents)]

    def _next_page(self, response: TextResponse, spider: Any, search: dict[str, Any],
                   depth: int, results: list[str]) -> Request | None:
        """The query's next result page, unless the limit is reached or this page listed
        nothing its query's earlier pages had not (a pager that repeats itself, a server that
        ignores the page asked for): the pages after it would bring nothing either."""
        if search["page"] >= self.config.pages:
            return None
        listed = search.get("listed", [])
        if not set(results) - set(listed):
            self._inc(SEARCH_PAGING_STOPPED)
            return None
        found = next_page(response.text, response.url)
        if found is None:
            return None
        following = dict(search, page=search["page"] + 1, listed=[*listed, *results])
        if found.url is not None:
            request = Request(found.url, callback=spider.parse_search, errback=spider.on_error)
            following["key"] = search_key(request)
            self._inc(SEARCH_NEXT_PAGES)
            return request.replace(meta={ORIGIN_KEY: SEARCH, DEPTH_KEY: depth,
                                         SEARCH_KEY: following})
        attribute, value = found.button
        request = self._submit(response, spider, found.form_index, {}, following, depth - 1,
                               clickdata={attribute: value})
        if request is not None:
            self._inc(SEARCH_NEXT_PAGES)
        return request

    def _inc(self, event: str, count: int = 1) -> None:
        if count:
            self.crawler.stats.inc_value(event, count)


def form_request(response: TextResponse, form_index: int, formdata: dict[str, str],
                 clickdata: dict[str, str] | None) -> Any:
    """The form's submission (form2request, the successor of Scrapy's deprecated
    ``FormRequest.from_response``): every field as the page has it (hidden inputs included),
    ``formdata`` over them, the first button clicked or the one ``clickdata`` names."""
    form = response.xpath("//form")[form_index]
    click = None
    if clickdata:
        (attribute, value), = clickdata.items()
        buttons = form.root.xpath(f".//*[@{attribute}=$value]", value=value)
        if not buttons:
            raise ValueError(f"no button with {attribute}={value!r}")
        click = buttons[0]
    return form2request(form, formdata, click=click)


def search_key(request: Request) -> str:
    """The frontier's name for a search request: its URL, plus a hash of the body for a POST
    (one URL answers every query). The fragment never reaches the server."""
    if request.method == "GET" or not request.body:
        return request.url
    digest = hashlib.sha1(request.method.encode() + b" " + request.body).hexdigest()[:16]
    return f"{request.url}#citeseeker-post-{digest}"
