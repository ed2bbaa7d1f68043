"""Every request meta key the project's components share, defined once.

Why one module: a key written by one component and read by another (the spider sets the
origin, the scheduler and three middlewares read it) must be spelled the same everywhere; a
typo would be a silent no-op. Components import the names from here, never from each other.
Conventions: meta keys ``citeseeker_*``; stats ``citeseeker/<part>/<event>`` (each component
owns its ``STATS`` prefix, listed in ``docs/keys-and-stats.md``).
"""

from __future__ import annotations

#: Where a request came from (one of the origins below). Set by the spider, the frontier
#: scheduler and the redirect middleware; read by the scheduler and the downloader middlewares.
ORIGIN_KEY = "citeseeker_origin"
#: Link depth of a document from its start point (``CITESEEKER_MAX_DEPTH``).
DEPTH_KEY = "citeseeker_depth"

#: Origins: the spider's start points, documents the frontier handed out (and their retries),
#: redirect targets checked by the redirect middleware, site-search submissions and result
#: pages. Requests without one came from elsewhere and are canonicalized by the scheduler.
START, FRONTIER, REDIRECT, SEARCH = "start", "frontier", "redirect", "search"

#: A site-search submission or result page (docs/site-search.md): its frontier key, query and
#: page; ``probe`` with the ``queries`` that wait for it (a query that finds nothing goes
#: first); ``template`` and ``no_hits``, the links of the form's page and of the page of no
#: results (so a resume reads result pages as the first run did); ``listed``, the results of
#: the query's earlier pages (paging stops when a page brings nothing new). A result link
#: carries only the origin.
SEARCH_KEY = "citeseeker_search"
#: A site-search result: the title the result page showed for it (a landing page that offers
#: the titled document is followed one step further).
SEARCH_RESULT_KEY = "citeseeker_search_result"

#: The response's document type (``html``, ``pdf``, ``ps``, ``zip``... or None: not read), sniffed
#: once by the document-type downloader middleware; read by the render middleware and the spider.
KIND_KEY = "citeseeker_kind"

#: The work a repository's record page gives the PDF it names (``citation_pdf_url``): a
#: ``works`` candidate, kept with the PDF's frontier entry (``works/landing.py``); the spider
#: puts it on the PDF's item.
LANDING_KEY = "citeseeker_landing"

#: Browser rendering of a request: ``RENDER_BROWSER`` (the render middleware's own browser
#: request), ``RENDER_DONE`` (rendered, or must reach the spider as the server sent it: a POST
#: result page) or ``RENDER_FAILED``.
RENDER_KEY = "citeseeker_render"
RENDER_BROWSER, RENDER_DONE, RENDER_FAILED = "browser", "done", "failed"

#: Re-crawl (``-a recrawl=``): a conditional probe request, a document skipped as unchanged,
#: and a document fetched before its planned turn.
RECRAWL_PROBE_KEY = "citeseeker_recrawl_probe"
RECRAWL_SKIPPED_KEY = "citeseeker_recrawl_skipped"
RECRAWL_EARLY_KEY = "citeseeker_recrawl_early"

#: A request that only wakes the engine (``engine.crawl``, Scrapy's public way to make it ask
#: the scheduler for requests now): the shared frontier's sync brought new work between the
#: engine's heartbeats. The scheduler drops it without a trace; it is never downloaded.
WAKE_KEY = "citeseeker_wake"

#: The lease (a number, counted by the worker) a request of the shared frontier was handed out
#: under: the lease check sends it only under that same lease (a fencing token).
LEASE_KEY = "citeseeker_lease"

#: A request the frontier handed out that the lease check sent back unsent
#: (``middlewares.lease``): its server's lease can no longer be proven, or its download slot
#: could not send it at once. The scheduler puts it back (:meth:`put_back` of the shared
#: frontier) instead of treating it as a new request.
UNSENT_KEY = "citeseeker_unsent"

#: The download slot whose connection a request holds, set by the adaptive concurrency
#: middleware when it lets the request through and removed when its download ends.
CONNECTION_KEY = "citeseeker_connection"

#: A request the outage middleware gave up (its retries, or its server, are used up): the
#: scheduler does not take its failure for an answer of the server, and Scrapy's retry
#: middleware does not retry it again.
TROUBLE_KEY = "citeseeker_trouble"
