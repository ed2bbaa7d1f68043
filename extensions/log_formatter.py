"""Scrapy's log formatter, with a document shown as its URL and reason, never its text.

Why: Scrapy's own formatter logs every scraped and every dropped item whole. A document item
carries the document's extracted text (and, for a document we do not read, its raw bytes), so
at Scrapy's default log level a crawl of a documentation tree copies most of the tree's text
into its log, hundreds of megabytes on a big one. Here an item is shown as a short summary
(:func:`summary`): the URL, the kind and size, and the citations' titles.

Installed by the CiteSeeker add-on as ``LOG_FORMATTER`` (a project's own value wins). Scrapy
calls it for every scraped, dropped and failed item, whatever the log level: the summaries are
therefore lazy (:class:`Summary`, :class:`DropReason`), written only if a handler prints the
record (at the default INFO level the DEBUG lines of scraped and dropped documents never are,
and summarising each anyway would be work for nothing). For the same
reason a ``Crawled``, ``Scraped`` or ``Dropped`` record below ``LOG_LEVEL`` (the level of
Scrapy's log handler) is not made at all: Scrapy skips a record its formatter returns None for.
"""

from __future__ import annotations

import logging
from typing import Any

from itemadapter import ItemAdapter
from scrapy.logformatter import LogFormatter, LogFormatterResult

from citeseeker_scrapy.exceptions import StorageError

#: An item that is not a document: at most this many characters of its repr.
MAX_OTHER_ITEM_CHARS = 300


class CiteSeekerLogFormatter(LogFormatter):
    """:class:`scrapy.logformatter.LogFormatter` with items summarised; see the module.

    Built by Scrapy (``LOG_FORMATTER``) through :meth:`from_crawler`; ``threshold`` is the
    numeric ``LOG_LEVEL`` (records below it are not made; NOTSET keeps every record)."""

    def __init__(self, threshold: int = logging.NOTSET) -> None:
        self.threshold = threshold
        #: The level of Scrapy's ``Crawled`` record (the same for every response), learnt from
        #: its first: below ``threshold``, later responses are not formatted at all.
        self.crawled_level: int | None = None

    @classmethod
    def from_crawler(cls, crawler: Any) -> CiteSeekerLogFormatter:
        return cls(log_level_number(crawler.settings.get("LOG_LEVEL")))

    def crawled(self, request: Any, response: Any, spider: Any) -> LogFormatterResult | None:
        """Called by the engine for every response: once its level is known to be below the
        threshold, not even made (Scrapy's entry looks up the referer for it)."""
        if self.crawled_level is not None and self.crawled_level < self.threshold:
            return None
        entry = super().crawled(request, response, spider)
        self.crawled_level = entry["level"]
        return self._written(entry)

    def scraped(self, item: Any, response: Any, spider: Any) -> LogFormatterResult | None:
        entry = super().scraped(item, response, spider)
        entry["args"] = {**entry["args"], "item": Summary(item)}
        return self._written(entry)

    def dropped(self, item: Any, exception: BaseException, response: Any,
                spider: Any) -> LogFormatterResult | None:
        """``Dropped: <reason>`` — the reasons of the project's pipelines name the URL; any
        other reason gets the item's summary after it (:class:`DropReason`)."""
        entry = super().dropped(item, exception, response, spider)
        entry["msg"] = "Dropped: %(reason)s"
        entry["args"] = {"exception": exception, "reason": DropReason(item, exception)}
        return self._written(entry)

    def _written(self, entry: LogFormatterResult) -> LogFormatterResult | None:
        """The entry, or None when Scrapy's log handler would not write it (below LOG_LEVEL)."""
        return entry if entry["level"] >= self.threshold else None

    def item_error(self, item: Any, exception: BaseException, response: Any,
                   spider: Any) -> LogFormatterResult:
        entry = super().item_error(item, exception, response, spider)
        entry["args"] = {**entry["args"], "item": Summary(item)}
        if isinstance(exception, StorageError):  # the storage guard's one ERROR line says it
            entry["level"] = logging.DEBUG
        return entry


def log_level_number(level: Any) -> int:
    """``LOG_LEVEL`` ("INFO", 20...) as a number; NOTSET (write everything) if unknown."""
    if isinstance(level, str):
        level = logging.getLevelName(level.upper())
    return level if isinstance(level, int) else logging.NOTSET


class Summary:
    """An item's :func:`summary`, computed when the log record is written (if ever)."""

    __slots__ = ("item",)

    def __init__(self, item: Any) -> None:
        self.item = item

    def __str__(self) -> str:
        return summary(self.item)


class DropReason:
    """Why an item was dropped, as written when the log record is (if ever): the exception's
    message, followed by the item's summary unless the message names the item's URL."""

    __slots__ = ("item", "exception")

    def __init__(self, item: Any, exception: BaseException) -> None:
        self.item = item
        self.exception = exception

    def __str__(self) -> str:
        reason, url = str(self.exception), _url(self.item)
        return reason if url and url in reason else f"{reason} ({summary(self.item)})"


def summary(item: Any) -> str:
    """``<url> (kind, N bytes, cites: title; title)`` for a document; a bounded repr else."""
    url = _url(item)
    if not url:
        text = repr(item)
        return text if len(text) <= MAX_OTHER_ITEM_CHARS else text[:MAX_OTHER_ITEM_CHARS] + "..."
    adapter = ItemAdapter(item)
    details = [str(adapter.get("kind") or "document")]
    if adapter.get("size"):
        details.append(f"{adapter['size']} bytes")
    titles = sorted({str(c.get("publication", "")) for c in adapter.get("citations") or ()})
    if titles:
        details.append("cites: " + "; ".join(titles))
    return f"{url} ({', '.join(details)})"


def _url(item: Any) -> str:
    """The item's ``url`` field, or "" for an item without one."""
    if not ItemAdapter.is_item(item):
        return ""
    adapter = ItemAdapter(item)
    return str(adapter.get("url") or "") if "url" in adapter.field_names() else ""
