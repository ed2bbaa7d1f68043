"""Scrapy's in-memory stats collector without its per-call deprecation wrapper.

Why: since Scrapy 2.13 every attribute looked up on the stats collector goes through a
``__getattribute__`` that first tries a cached wrapper (which warns when a caller still passes
a ``spider`` argument) and raises and catches an ``AttributeError`` when there is none — also
for the collector's own ``self._stats`` inside each ``inc_value``. A crawl makes about a dozen
stats calls per page (Scrapy's downloader stats, ours), so that lookup is a visible share of
the crawler's CPU. Here attribute lookup is Python's own; the counting is
Scrapy's, unchanged. What is lost: the deprecation warning for a component that still passes
``spider=`` (the argument is accepted and ignored, as before).

Who uses it: Scrapy builds it from ``STATS_CLASS``, which the add-on sets
(``citeseeker_scrapy/addon.py``); a project's own ``STATS_CLASS`` still wins.
"""

from __future__ import annotations

from scrapy.statscollectors import MemoryStatsCollector


class PlainStatsCollector(MemoryStatsCollector):
    """:class:`scrapy.statscollectors.MemoryStatsCollector`, looked up as a plain object."""

    __getattribute__ = object.__getattribute__
