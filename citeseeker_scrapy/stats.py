"""Every statistic CiteSeeker keeps is named here, once: ``citeseeker/<part>/<event>``.

Who reads it: every component that counts or reads a statistic imports its name from here
(``stats.RENDER_CHECKED``), so writer and reader cannot drift apart and a grep for the name
finds every use. An open family (one statistic per scope reason, per frontier structure, per
part kind) is named by its prefix, and the component adds the variable part only
(``f"{SCOPE_REFUSED}/{reason}"``); a family with a fixed event after the variable part has a
function here (:func:`extraction_files`). The one figure summed from two statistics, the
job's responses across resumes, is read here too (:func:`job_responses`). ``tests/test_layout.py`` fails on a statistic's name
spelled anywhere else: a ``"citeseeker/..."`` string, a prefix joined with a literal event
(``f"{RENDER}/checked"``), or a name relative to ``citeseeker/`` (``"documents/searched"``).
The events are listed, with who counts them, in ``docs/keys-and-stats.md``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

#: every statistic of ours starts with it (the frontier's checkpoint keeps them across a resume)
ROOT = "citeseeker"

# --- parts: the prefix of the statistics one component counts --------------------------------
#: the report extension: documents, citations, bytes, archives (``report/logs.document_counts``)
DOCUMENTS = ROOT
#: the scheduler's scope gate: one event per reason a URL was refused
SCOPE_REFUSED = f"{ROOT}/scope/refused"
#: the scheduler's frontier (``keys.FRONTIER`` is the origin of the requests it hands out)
FRONTIER_STATS = f"{ROOT}/frontier"
#: the shared (Redis) frontier's sync and the lease check middleware
SHARED = f"{ROOT}/shared"
#: the redirect middlewares
REDIRECTS = f"{ROOT}/redirects"
#: the adaptive per-server concurrency middleware
ADAPTIVE = f"{ROOT}/adaptive"
#: the outage middleware (429, 5xx, connections refused: retried or given up)
OUTAGES = f"{ROOT}/outages"
#: the robots.txt middleware's Crawl-delay and Request-rate
POLITENESS = f"{ROOT}/politeness"
#: crawler traps: the soft-404 middleware and the scheduler's watch of alike pages
TRAPS = f"{ROOT}/traps"
#: the render middleware (JavaScript pages)
RENDER = f"{ROOT}/render"
#: the site-search spider and the scheduler's result pages
SITE_SEARCH = f"{ROOT}/site_search"
#: the re-crawl middlewares and extension
RECRAWL = f"{ROOT}/recrawl"
#: start points from search engines
PROVIDERS = f"{ROOT}/providers"
#: the cited-by lookup of the providers
CITEDBY = f"{ROOT}/citedby"

# --- documents (the report extension; the crawl command, summary.log, the progress line) ----
DOCUMENTS_SEARCHED = f"{ROOT}/documents/searched"
DOCUMENTS_WITH_CITATIONS = f"{ROOT}/documents/with_citations"
DOCUMENTS_UNSUPPORTED = f"{ROOT}/documents/unsupported"
DOCUMENTS_DUPLICATES = f"{ROOT}/documents/duplicates"
DOCUMENTS_IGNORED = f"{ROOT}/documents/ignored"
#: of those ignored, the ones robots.txt forbids (summary.log, the progress line): Scrapy's
#: RobotsTxtMiddleware refuses them with :data:`ROBOTS_REFUSAL`, and its own
#: ``robotstxt/forbidden`` starts again at 0 on a resume
DOCUMENTS_ROBOTS_REFUSED = f"{ROOT}/documents/robots_refused"
ROBOTS_REFUSAL = "Forbidden by robots.txt"
#: citing documents' citations (the progress line)
CITATIONS = f"{ROOT}/citations"
CITATIONS_SELF = f"{ROOT}/citations/self"
#: of :data:`CITATIONS`, those whose title's end the matcher marks uncertain (``title_end``)
CITATIONS_UNCERTAIN_END = f"{ROOT}/citations/uncertain_end"
BYTES = f"{ROOT}/bytes"
BYTES_PROCESSED = f"{ROOT}/bytes_processed"
ARCHIVES_CHECKED = f"{ROOT}/archives/checked"
#: a document's parts by kind: ``f"{PARTS}/{kind}"``
PARTS = f"{ROOT}/parts"
#: start requests the spider yielded in this run (the crawl command tells "no start point" by
#: it); not carried across a resume, as every run yields its start points again
START_REQUESTS = f"{ROOT}/start/requests"
#: set when a crawl resumed from its JOBDIR (summary.log, the progress line, the exit status)
RESUMED = f"{ROOT}/resumed"
#: responses the job's earlier runs received (Scrapy's :data:`RESPONSES_RECEIVED` starts
#: again at 0 on a resume): see :func:`job_responses`
EARLIER_RESPONSES = f"{ROOT}/earlier_runs/responses"
#: Scrapy's own count of the responses this run received (its core stats)
RESPONSES_RECEIVED = "response_received_count"


def job_responses(stats: Mapping[str, Any]) -> int:
    """Responses the whole job received: its earlier runs' (restored from the checkpoint) and
    this run's. Who calls: the frontier's checkpoints (what the next run restores as
    :data:`EARLIER_RESPONSES`), and the crawl command, which judges "none reachable" on the
    job."""
    return int(stats.get(EARLIER_RESPONSES, 0)) + int(stats.get(RESPONSES_RECEIVED, 0))

#: documents that could not be downloaded (errors.log; the exit status "none reachable")
DOWNLOAD_ERRORS = f"{ROOT}/errors/download"
EXTRACTION_ERRORS = f"{ROOT}/errors/extraction"
PIPELINE_ERRORS = f"{ROOT}/errors/pipeline"
#: documents the progress extension counted (continues across a resume)
PROGRESS_DOCUMENTS = f"{ROOT}/progress/documents"


def extraction_files(kind: str) -> str:
    """PDF or PostScript files read (``kind``: ``pdf``, ``ps``), for summary.log."""
    return f"{ROOT}/extraction/{kind}/files"


def extraction_seconds(kind: str) -> str:
    """Seconds spent reading them, for summary.log's averages."""
    return f"{ROOT}/extraction/{kind}/seconds"


# --- the frontier (the scheduler) ------------------------------------------------------------
FRONTIER_ENQUEUED = f"{FRONTIER_STATS}/enqueued"
#: a link the frontier refused, by outcome: ``f"{FRONTIER_REFUSED}/{outcome}"``
FRONTIER_REFUSED = f"{FRONTIER_STATS}/refused"
FRONTIER_PICKLED = f"{FRONTIER_STATS}/pickled"
#: servers whose every document was searched (the progress line, summary.log)
SERVERS_COMPLETED = f"{FRONTIER_STATS}/servers_completed"
SERVERS_SKIPPED = f"{FRONTIER_STATS}/servers_skipped"
UNREACHABLE_SERVERS = f"{FRONTIER_STATS}/unreachable_servers"
UNREACHABLE_DOCUMENTS_SKIPPED = f"{FRONTIER_STATS}/unreachable_documents_skipped"
#: servers deferred as down (frontier/outages.py)
SERVERS_DEFERRED = f"{FRONTIER_STATS}/deferred"
#: deferred servers found deferred in JOBDIR or in the shared frontier (a resume, a takeover)
DEFERRALS_RESTORED = f"{FRONTIER_STATS}/deferrals_restored"
#: documents not fetched because their server was down or kept failing them (the crawl
#: command's last line and exit status)
DOCUMENTS_NOT_FETCHED = f"{FRONTIER_STATS}/documents_not_fetched"
STALE_IN_FLIGHT = f"{FRONTIER_STATS}/stale_in_flight"
#: servers crawled at once: allowed now, and the most allowed so far (frontier/width.py)
FRONTIER_WIDTH = f"{FRONTIER_STATS}/width"
FRONTIER_WIDTH_MAX = f"{FRONTIER_STATS}/width_max"
#: the frontier's structures: ``f"{FRONTIER_SIZE}/{structure}"``
FRONTIER_SIZE = f"{FRONTIER_STATS}/size"
SIZE_PENDING_SERVERS = f"{FRONTIER_SIZE}/pending_servers"
SIZE_PENDING_DOCUMENTS = f"{FRONTIER_SIZE}/pending_documents"
SIZE_COMPLETED_SERVERS = f"{FRONTIER_SIZE}/completed_servers"
SIZE_SERVERS_DISCOVERED = f"{FRONTIER_SIZE}/servers_discovered"

# --- the shared frontier (its sync; the lease check adds ``f"{SHARED}/{refusal}"``) ------------
SHARED_SYNCS = f"{SHARED}/syncs"
SHARED_SYNC_ERRORS = f"{SHARED}/sync_errors"
SHARED_SERVERS_LEASED = f"{SHARED}/servers_leased"
SHARED_SERVERS_TAKEN_OVER = f"{SHARED}/servers_taken_over"
SHARED_SERVERS_HANDED_BACK = f"{SHARED}/servers_handed_back"
SHARED_LEASES_LOST = f"{SHARED}/leases_lost"
SHARED_LEASES_EXPIRED_LOCALLY = f"{SHARED}/leases_expired_locally"
SHARED_START_URLS_PULLED = f"{SHARED}/start_urls_pulled"
#: a link Redis refused by an admission rule: ``f"{SHARED_LINKS_REFUSED}/{outcome}"``
SHARED_LINKS_REFUSED = f"{SHARED}/links_refused"
SHARED_CITATIONS_FIRST_REPORTED = f"{SHARED}/citations_first_reported"

# --- downloader middlewares ------------------------------------------------------------------
OUTAGES_RETRIED = f"{OUTAGES}/retried"
OUTAGES_GIVEN_UP = f"{OUTAGES}/given_up"
POLITENESS_DELAYED_SERVERS = f"{POLITENESS}/delayed_servers"
POLITENESS_LONGEST_DELAY = f"{POLITENESS}/longest_delay"
TRAPS_PROBES = f"{TRAPS}/probes"
TRAPS_SOFT_404_SERVERS = f"{TRAPS}/soft_404_servers"
TRAPS_SOFT_404_PAGES = f"{TRAPS}/soft_404_pages"
#: servers whose crawl ended as a trap (the scheduler)
TRAPS_SERVERS = f"{TRAPS}/servers"
REDIRECTS_FOLLOWED = f"{REDIRECTS}/followed"
ADAPTIVE_INCREASED = f"{ADAPTIVE}/increased"
ADAPTIVE_DECREASED = f"{ADAPTIVE}/decreased"
ADAPTIVE_LOWEST = f"{ADAPTIVE}/lowest"
RENDER_CHECKED = f"{RENDER}/checked"
RENDER_REFETCHED = f"{RENDER}/refetched"
RENDER_DIRECT = f"{RENDER}/direct"
RENDER_PAGES = f"{RENDER}/pages"
RENDER_SECONDS = f"{RENDER}/seconds"
RENDER_SERVERS_LEARNED = f"{RENDER}/servers_learned"
RENDER_SEARCHES_LEARNED = f"{RENDER}/searches_learned"
RENDER_NOT_HTML = f"{RENDER}/not_html"
RENDER_IDLE_TIMEOUTS = f"{RENDER}/idle_timeouts"
RENDER_FAILED = f"{RENDER}/failed"
RENDER_BROWSER_RESTARTS = f"{RENDER}/browser_restarts"
RENDER_BROWSER_IDLE_CLOSES = f"{RENDER}/browser_idle_closes"

# --- site search (the spider; the scheduler counts the result links it refused) -------------
SEARCH_FORMS_FOUND = f"{SITE_SEARCH}/forms_found"
SEARCH_FORMS_ELSEWHERE = f"{SITE_SEARCH}/forms_elsewhere"
SEARCH_FORM_ERRORS = f"{SITE_SEARCH}/form_errors"
SEARCH_PAGES_WITHOUT_FORM = f"{SITE_SEARCH}/pages_without_form"
SEARCH_FORMS_REJECTED = f"{SITE_SEARCH}/forms_rejected"
SEARCH_PROBES_ANSWERED = f"{SITE_SEARCH}/probes_answered"
SEARCH_PROBES_FAILED = f"{SITE_SEARCH}/probes_failed"
SEARCH_QUERIES_SENT = f"{SITE_SEARCH}/queries_sent"
SEARCH_RESULT_PAGES = f"{SITE_SEARCH}/result_pages"
SEARCH_PAGES_WITHOUT_RESULTS = f"{SITE_SEARCH}/pages_without_results"
SEARCH_RESULTS = f"{SITE_SEARCH}/results"
SEARCH_NEXT_PAGES = f"{SITE_SEARCH}/next_pages"
SEARCH_PAGING_STOPPED = f"{SITE_SEARCH}/paging_stopped"
SEARCH_LANDING_PAGES = f"{SITE_SEARCH}/landing_pages"
SEARCH_LANDING_DOCUMENTS = f"{SITE_SEARCH}/landing_documents"
#: links of result pages the scope or the frontier refused
SEARCH_LINKS_NOT_FOLLOWED = f"{SITE_SEARCH}/links_not_followed"


def search_forms_found(method: str) -> str:
    """Search forms found, by method (``get``, ``post``)."""
    return f"{SEARCH_FORMS_FOUND}/{method}"


# --- re-crawl (the middlewares; the extension adds the plan's ``f"{RECRAWL}/{count}"``) ------
RECRAWL_CONDITIONAL = f"{RECRAWL}/conditional"
RECRAWL_NOT_MODIFIED = f"{RECRAWL}/not_modified"
RECRAWL_SAME_BODY = f"{RECRAWL}/same_body"
RECRAWL_SKIPPED = f"{RECRAWL}/skipped"
RECRAWL_PROBES = f"{RECRAWL}/probes"
RECRAWL_BYTES_SAVED = f"{RECRAWL}/bytes_saved"
RECRAWL_UNCHANGED = f"{RECRAWL}/unchanged"
RECRAWL_CITATIONS_NEW = f"{RECRAWL}/citations_new"
RECRAWL_CITATIONS_GONE = f"{RECRAWL}/citations_gone"
RECRAWL_CITING_ASKED = f"{RECRAWL}/citing_asked"
RECRAWL_DOCUMENTS_GONE = f"{RECRAWL}/documents_gone"
RECRAWL_SITES = f"{RECRAWL}/sites"

# --- providers ----------------------------------------------------------------------------------
PROVIDERS_SEARCH_RESULTS = f"{PROVIDERS}/search_results"
PROVIDERS_FAILED = f"{PROVIDERS}/failed"
CITEDBY_LISTED = f"{CITEDBY}/listed"
CITEDBY_REACHABLE = f"{CITEDBY}/reachable"
CITEDBY_CONFIRMED = f"{CITEDBY}/confirmed"
