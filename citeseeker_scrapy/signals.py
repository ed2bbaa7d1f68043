"""CiteSeeker's own signals (plain objects, as Scrapy's are).

* :data:`document_failed` — the spider's errback: a request failed for good (download error,
  HTTP error, refused by a middleware). The scheduler finishes the document; the report
  extension writes errors.log (or debug.log for a refusal). kwargs: ``request``, ``reason``,
  ``ignored`` (True when a component refused it rather than the server failing),
  ``unreachable`` (True when no connection was made: the name did not resolve, the
  connection was refused or timed out).
* :data:`server_trouble` — the outage middleware: a server answered 429 or 5xx, or no
  connection could be made. The scheduler answers until when (``time.monotonic``) the request's
  retry waits, its server held meanwhile, or None: give the request up
  (:mod:`citeseeker_scrapy.frontier.outages`). kwargs: ``request``, ``reason``,
  ``retry_after`` (seconds or None), ``down`` (False for 429: busy, not down), ``no_server``
  (True when the failure says no server is there: :data:`NO_SERVER_ERRORS`).
* :data:`server_completed` — the scheduler: a server became a skeleton (completed.log).
  kwargs: ``server``.

* :data:`search_page_done` — the spider: a site-search result page was parsed and its results
  queued; the scheduler finishes it (it is not a document: no item). kwargs: ``key`` (its
  frontier key), ``url`` (where it was answered from).

* :data:`note_error` / :data:`note_debug` — any component: one errors.log line (kwargs ``url``,
  ``reason``) or one debug.log line (kwarg ``message``), written by the report extension, the
  one owner of the log files (the browser's render failures, the start-point providers).

* :data:`frontier_snapshot_wanted` — the progress extension: the frontier scheduler answers
  with a :class:`~citeseeker_scrapy.report.progress.FrontierCounts` (``send_catch_log``'s
  responses), so no component reads the scheduler's frontier. No kwargs.

* :data:`request_leaving` — the lease check middleware, just before a frontier request goes to
  its download slot: the scheduler answers None (send it) or why it must go back unsent
  (``fenced_at_send``: its lease cannot be proven; ``returned_slot_full``). kwarg ``url``.

* :data:`connection_unused` — the lease check middleware, when it sends a request back
  unsent after the adaptive concurrency middleware (earlier in the chain) gave it a connection:
  that middleware frees the connection (a request returned from ``process_request`` never
  reaches the other middlewares' ``process_response``). kwarg ``request``.

* :data:`crawl_refused` — :func:`citeseeker_scrapy.job.start.refuse_to_start`, the moment a
  component (the spider for its arguments, the crawl job for its inputs, the scheduler for its
  frontier) decides the crawl cannot start; the ``crawl`` command collects the messages to print
  as its last lines. kwarg ``message``.

A document that was fetched needs no signal of ours: Scrapy's ``item_scraped``,
``item_dropped`` and ``item_error`` tell when its item has left the pipelines.
"""

from scrapy.exceptions import (
    CannotResolveHostError, DownloadConnectionRefusedError, DownloadFailedError,
    DownloadTimeoutError, ResponseDataLossError,
)
from twisted.internet.error import (
    ConnectError, ConnectionDone, ConnectionLost, ConnectionRefusedError, DNSLookupError,
    TimeoutError as TwistedTimeoutError,
)

#: Failures that say no connection could be made: ``document_failed``'s ``unreachable``, and
#: the outage middleware's "server down".
UNREACHABLE_ERRORS = (CannotResolveHostError, DownloadConnectionRefusedError, DNSLookupError,
                      ConnectError)
#: Of those, the ones that say no server is there at all (a connect timeout says nothing of
#: the kind), each as the words a user reads: what makes a start point dead
#: (:mod:`citeseeker_scrapy.frontier.outages`).
NO_SERVER_ERRORS = {CannotResolveHostError: "the name does not resolve",
                    DNSLookupError: "the name does not resolve",
                    DownloadConnectionRefusedError: "connection refused",
                    ConnectionRefusedError: "connection refused"}
#: Failures of a download on the network (no connection, none kept, no answer in time, an
#: answer cut short), which the crawl's own rules report in its words: the download log filter
#: (``extensions/download_log.py``) lowers Scrapy's ERROR lines of them to DEBUG. Not here:
#: any other exception, a bug's included, whose traceback is wanted.
NETWORK_FAILURES = (*UNREACHABLE_ERRORS, DownloadTimeoutError, DownloadFailedError,
                    ResponseDataLossError, ConnectionDone, ConnectionLost, TwistedTimeoutError)


def no_server_reason(exception: BaseException) -> str | None:
    """What a failure says in a user's words when it says no server is there, else None.
    Who calls: the outage middleware (the reason of a ``server_trouble``)."""
    return next((words for kind, words in NO_SERVER_ERRORS.items()
                 if isinstance(exception, kind)), None)

document_failed = object()
server_trouble = object()
server_completed = object()
search_page_done = object()
note_error = object()
note_debug = object()
frontier_snapshot_wanted = object()
request_leaving = object()
connection_unused = object()
crawl_refused = object()
