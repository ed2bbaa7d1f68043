"""Every statistic CiteSeeker keeps is named here: ``citeseeker/<part>/<event>``.

Who reads it: each component that counts imports its part's prefix from here and adds its own
events under it (the events are listed in ``docs/keys-and-stats.md``); a statistic one module
writes and another reads (the progress line, the crawl command's exit status, summary.log) is
named here in full, so writer and reader cannot drift apart. ``tests/test_layout.py`` fails on
a ``"citeseeker/..."`` string anywhere else.
"""

from __future__ import annotations

#: every statistic of ours starts with it (the frontier's checkpoint keeps them across a resume)
ROOT = "citeseeker"

# --- parts: the prefix of the events one component counts -----------------------------------
#: the report extension: documents, citations, bytes, archives (``report/logs.document_counts``)
DOCUMENTS = ROOT
#: the scheduler's scope gate: one event per reason a URL was refused
SCOPE_REFUSED = f"{ROOT}/scope/refused"
#: the scheduler's frontier: enqueued, refused/<outcome>, servers_completed, size/<structure>
FRONTIER = f"{ROOT}/frontier"
#: the shared (Redis) frontier's sync and the lease check middleware
SHARED = f"{ROOT}/shared"
#: the redirect middlewares
REDIRECTS = f"{ROOT}/redirects"
#: the outage middleware (429, 5xx, connections refused: retried or given up)
OUTAGES = f"{ROOT}/outages"
#: the robots.txt middleware's Crawl-delay and Request-rate
POLITENESS = f"{ROOT}/politeness"
#: crawler traps: the soft-404 middleware and the scheduler's watch of alike pages
TRAPS = f"{ROOT}/traps"
#: the adaptive per-server concurrency middleware
ADAPTIVE = f"{ROOT}/adaptive"
#: the render middleware (JavaScript pages)
RENDER = f"{ROOT}/render"
#: the site-search spider and the scheduler's result pages
SITE_SEARCH = f"{ROOT}/site_search"
#: the re-crawl middlewares and extension
RECRAWL = f"{ROOT}/recrawl"
#: start points from search engines
PROVIDERS = f"{ROOT}/providers"
#: the cited-by lookup of the providers (the events: :data:`CITEDBY_EVENTS`)
CITEDBY_PART = "citedby"
CITEDBY = f"{ROOT}/{CITEDBY_PART}"

# --- statistics one module writes and others read --------------------------------------------
#: start requests the spider yielded (the crawl command tells "no start point" by it)
START_REQUESTS = f"{ROOT}/start/requests"
#: set when a crawl resumed from its JOBDIR (summary.log, the progress line, the exit status)
RESUMED = f"{ROOT}/resumed"
#: documents that could not be downloaded (errors.log; the exit status "none reachable")
DOWNLOAD_ERRORS = f"{ROOT}/errors/download"
EXTRACTION_ERRORS = f"{ROOT}/errors/extraction"
PIPELINE_ERRORS = f"{ROOT}/errors/pipeline"
#: documents searched (the report extension; summary.log, the exit status)
DOCUMENTS_SEARCHED = f"{ROOT}/documents/searched"
#: citing documents' citations (the progress line)
CITATIONS = f"{ROOT}/citations"
#: servers whose every document was searched (the progress line, summary.log)
SERVERS_COMPLETED = f"{FRONTIER}/servers_completed"
#: servers given up as down, and documents not fetched because their server was down or kept
#: failing them (the scheduler; the crawl command's last line and exit status)
UNREACHABLE_SERVERS = f"{FRONTIER}/unreachable_servers"
DOCUMENTS_NOT_FETCHED = f"{FRONTIER}/documents_not_fetched"
#: documents the progress extension counted (continues across a resume)
PROGRESS_DOCUMENTS = f"{ROOT}/progress/documents"
#: links of result pages the scope or the frontier refused
SEARCH_LINKS_NOT_FOLLOWED = f"{SITE_SEARCH}/links_not_followed"
