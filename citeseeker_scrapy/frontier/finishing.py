"""Documents finished: handled (their links offered), failed for good, or a search page read.

Who calls it: the scheduler, when a document item has left the pipelines and its links are in
the frontier; the spider's ``document_failed`` signal (an errback: nothing of the request will
reach the pipelines); site search's ``search_page_done`` (a result page whose results are
queued); the scope gate, for a document whose redirect it refused. A finished document may
complete its server, leaves room for one more of its server's documents (``on_finished``:
the scheduler wakes the engine if it found nothing to hand out), and every
``CITESEEKER_FLUSH_INTERVAL`` documents makes a checkpoint. With the shared frontier, a
checkpoint or a server to complete wakes the sync at once.
"""

from __future__ import annotations

from typing import Any, Callable

from scrapy import Request

from citeseeker_scrapy.keys import ORIGIN_KEY, SEARCH_KEY, TROUBLE_KEY
from citeseeker_scrapy.urls import canonical_url, server_of

from .checkpoints import Checkpoints
from .frontier import Frontier
from .redis_sync import RedisSync
from .trouble import ServerWatch


class Finishing:
    """Finishes documents in the frontier; see the module docstring."""

    def __init__(self, frontier: Frontier, checkpoints: Checkpoints, watch: ServerWatch, *,
                 keep_query: bool, shared: RedisSync | None,
                 on_finished: Callable[[], None]) -> None:
        self.frontier = frontier
        self.checkpoints = checkpoints
        self.watch = watch
        self.keep_query = keep_query
        self.shared = shared
        self.on_finished = on_finished

    def finish(self, url: str) -> None:
        self.frontier.finish(url)
        self.on_finished()  # a document out less: room for one more
        if self.frontier.needs_flush():
            self.checkpoints.flush()
            self.checkpoints.publish_sizes()
            if self.shared is not None:
                self.shared.wake()
        if self.shared is not None and self.frontier.completing:
            self.shared.wake()  # a finished server: complete it and lease the next one now

    def on_document_failed(self, request: Request, reason: str = "", unreachable: bool = False,
                           **kwargs: Any) -> None:
        """The request failed for good (errback): nothing of it will reach the pipelines. An
        answer of its server (a 404) ends the server's failures in a row."""
        if not unreachable and not request.meta.get(TROUBLE_KEY):
            self.watch.answered(server_of(request.url))
        if request.meta.get(SEARCH_KEY):
            self.finish(request.meta[SEARCH_KEY]["key"])
        self.finish(request.url if request.meta.get(ORIGIN_KEY)
                    else canonical_url(request.url, keep_query=self.keep_query))

    def on_search_page_done(self, key: str, url: str, **kwargs: Any) -> None:
        """A search result page was parsed and its results queued: it is finished (under its
        key, and under the URL it was answered from after a redirect)."""
        self.finish(key)
        if url != key:
            self.finish(url)
