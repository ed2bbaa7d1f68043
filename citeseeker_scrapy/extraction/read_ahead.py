"""Pages read before their text stage, kept until the text stage asks for them.

Why: the render middleware must know a scripted page's links and text to decide whether a
browser is needed, before the spider sees the response; the text stage reads the same page a
moment later. Reading it twice would double the crawler's CPU spent reading scripted pages (a
documentation tree has a ``<script>`` on every page). So the middleware reads the page with the
crawl's :class:`~.extractor.DocumentExtractor` (in a parser worker when it is big) and the
extractor keeps the result here; the text stage takes it instead of reading again.

Who calls it: :class:`~.extractor.DocumentExtractor` only (``read_ahead`` puts, ``read``
takes). A page is known by its bytes object itself (``is``, not equality: the text stage gets
the very ``bytes`` of the response the middleware looked at), its declared encoding and URL.
At most :data:`KEEP_PAGES` pages and :data:`KEEP_BYTES` bytes are kept, oldest dropped first:
a page read ahead that never reaches the text stage (a site-search result page, a response a
later middleware drops) costs nothing but its slot.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass

from .model import ExtractedPart, ExtractionProblem

#: Pages kept at most: more than Scrapy's concurrent requests (the window between a response
#: and its text stage holds at most those).
KEEP_PAGES = 64
#: Bytes of page bodies kept at most (in the usual flow they are alive in their responses
#: anyway; a bigger page is read again by the text stage).
KEEP_BYTES = 32 * 1024 * 1024

Events = list[ExtractedPart | ExtractionProblem]


@dataclass(frozen=True)
class _Kept:
    data: bytes
    encoding: str | None
    page_url: str | None
    events: Events


class ReadAhead:
    """The results of pages read ahead, by body; thread-safe (the text stage runs in threads)."""

    def __init__(self, keep_pages: int = KEEP_PAGES, keep_bytes: int = KEEP_BYTES) -> None:
        self.keep_pages = keep_pages
        self.keep_bytes = keep_bytes
        self._kept: OrderedDict[int, _Kept] = OrderedDict()
        self._bytes = 0
        self._lock = threading.Lock()

    def put(self, data: bytes, encoding: str | None, page_url: str | None,
            events: Events) -> None:
        """Keep ``events`` for the text stage's read of ``data``; the oldest go when full."""
        if len(data) > self.keep_bytes:
            return
        with self._lock:
            self._remove(id(data))
            self._kept[id(data)] = _Kept(data, encoding, page_url, events)
            self._bytes += len(data)
            while self._kept and (len(self._kept) > self.keep_pages
                                  or self._bytes > self.keep_bytes):
                self._remove(next(iter(self._kept)))

    def take(self, data: bytes, encoding: str | None, page_url: str | None) -> Events | None:
        """The events kept for this very ``data`` read the same way, once; else None."""
        with self._lock:
            kept = self._kept.get(id(data))
            if kept is None or kept.data is not data:
                return None
            self._remove(id(data))
        if (kept.encoding, kept.page_url) != (encoding, page_url):
            return None
        return kept.events

    def holds(self, data: bytes) -> bool:
        """True when events are kept for this very ``data``."""
        with self._lock:
            kept = self._kept.get(id(data))
            return kept is not None and kept.data is data

    def forget(self, data: bytes) -> None:
        """``data`` will not be read (the browser's DOM replaces the page)."""
        with self._lock:
            kept = self._kept.get(id(data))
            if kept is not None and kept.data is data:
                self._remove(id(data))

    def __len__(self) -> int:
        return len(self._kept)

    def _remove(self, key: int) -> None:
        kept = self._kept.pop(key, None)
        if kept is not None:
            self._bytes -= len(kept.data)
