"""Fencing at send time for a worker of the shared frontier (``CITESEEKER_FRONTIER=redis``).

Who calls it: the lease check middleware (``middlewares/lease.py``), through the CiteSeeker
signal ``request_leaving``, just before a document request enters its download slot, and the
scheduler when it hands a document out (:meth:`LeaseFence.slot_can_send`). A worker paused
past its lease sends nothing another worker took over; and a document is handed out only when
its download slot can send it at once, so no request waits in a slot's queue, where the lease
check could no longer stop it (Scrapy runs the downloader middlewares before that queue).
Without the shared frontier every request may leave.
"""

from __future__ import annotations

from typing import Any

from scrapy import Request

from citeseeker_scrapy.urls import server_of

from .shared import SharedFrontier


class LeaseFence:
    """The answers of the lease check; ``frontier`` is None without the shared frontier."""

    def __init__(self, crawler: Any, frontier: SharedFrontier | None) -> None:
        self.crawler = crawler
        self.frontier = frontier

    def refusal_to_send(self, url: str, lease: int | None = None, **kwargs: Any) -> str | None:
        """The answer to ``request_leaving``: None to send the request now, else why it goes
        back to the frontier unsent. ``lease``: the lease the request was handed out under
        (its ``LEASE_KEY``)."""
        if not self.holds_lease(url, lease):
            return "fenced_at_send"
        if not self.can_send_at_once(url):
            return "returned_slot_full"
        return None

    def holds_lease(self, url: str, lease: int | None = None) -> bool:
        """Whether this worker may still send a request for ``url`` now: always without the
        shared frontier; with it, only while the lease of the URL's server can be proven."""
        if self.frontier is None:
            return True
        return self.frontier.holds(server_of(url), lease)

    def can_send_at_once(self, url: str) -> bool:
        """Whether the download slot of ``url`` has a free transfer slot for one more request
        (for requests that waited in the middleware chain, for robots.txt, while the slot
        filled up)."""
        return self.slot_can_send(server_of(url))

    def slot_can_send(self, server: str) -> bool:
        """Whether the download slot of ``server`` can send one more request at once (nothing
        waits in its queue)."""
        downloader = self.crawler.engine.downloader
        key = downloader.get_slot_key(Request(server + "/"))
        slot = downloader.slots.get(key)
        return slot is None or slot.free_transfer_slots() > len(slot.queue)
