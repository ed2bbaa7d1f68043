"""Fencing at send time for workers of the shared frontier (CITESEEKER_FRONTIER=redis).

Why: a worker paused (SIGSTOP, a long GC, a suspended VM) past its lease finds, when it
continues, requests it had already handed to the downloader for servers another worker has
since taken over; unchecked, they go out within milliseconds, before its next sync learns that
the leases are gone, and those documents are fetched twice. This middleware asks the
scheduler (:class:`~citeseeker_scrapy.frontier.fencing.LeaseFence`) just before a
document request enters its download slot (the CiteSeeker signal ``request_leaving``, which
the scheduler answers: no component reads another's insides), and sends a request whose lease cannot be proven
back to the frontier unsent (meta ``citeseeker_unsent``): the frontier names it to the shared
frontier, and the server's new owner fetches it.

Where in the chain: last before the download slot (priority 990, after robots.txt, which may
keep a request waiting). Scrapy runs the middlewares before a request waits in its slot's
queue, so the scheduler hands a document out only when its slot can send it at once, and a
request that finds its slot full here (it waited for robots.txt meanwhile) goes back to the top
of its server's stack too. Only requests the frontier handed out are checked (robots.txt is
not a document). Off (NotConfigured) without the shared frontier.

Stats ``citeseeker/shared/``: ``fenced_at_send`` (returned: lease not proven),
``returned_slot_full`` (returned: the slot had no room).
"""

from __future__ import annotations

from typing import Any

from scrapy import Request
from scrapy.exceptions import NotConfigured

from citeseeker_scrapy import signals as citeseeker_signals
from citeseeker_scrapy.job.crawl_job import crawl_job
from citeseeker_scrapy.keys import LEASE_KEY, ORIGIN_KEY, UNSENT_KEY
from citeseeker_scrapy.stats import SHARED as STATS



class LeaseCheckMiddleware:
    """See the module docstring."""

    def __init__(self, crawler: Any) -> None:
        self.crawler = crawler

    @classmethod
    def from_crawler(cls, crawler: Any) -> LeaseCheckMiddleware:
        if crawl_job(crawler).shared is None:  # a local frontier (or a job that refused)
            raise NotConfigured
        return cls(crawler)

    def process_request(self, request: Request) -> Request | None:
        if ORIGIN_KEY not in request.meta:
            return None  # not a document of the frontier (robots.txt, a browser's request)
        answers = self.crawler.signals.send_catch_log(citeseeker_signals.request_leaving,
                                                      url=request.url,
                                                      lease=request.meta.get(LEASE_KEY))
        refusal = next((answer for _, answer in answers if isinstance(answer, str)), None)
        return None if refusal is None else self._unsent(request, refusal)

    def _unsent(self, request: Request, event: str) -> Request:
        self.crawler.stats.inc_value(f"{STATS}/{event}")
        # a connection the adaptive concurrency middleware gave it goes back to its server
        self.crawler.signals.send_catch_log(citeseeker_signals.connection_unused,
                                            request=request)
        return request.replace(meta={**request.meta, UNSENT_KEY: True}, dont_filter=True)
