"""Scrapy's ERROR lines of a download that failed on the network, lowered to DEBUG.

Why: for a start point whose server is not there (a host name or port mistyped), Scrapy's
robots.txt middleware logs the failure of its robots.txt as an ERROR with three chained
tracebacks, about a hundred lines, and Scrapy's retry middleware a ``Gave up retrying`` ERROR,
both before the crawl's own line that names the start point
(:mod:`citeseeker_scrapy.frontier.trouble`). Such failures are the crawl's to report, in its
words: a page that could not be fetched goes to errors.log, a server that never answered is
named once in the log (the outage rules); a robots.txt that could not be fetched only means
that its server's pages are fetched without its rules, and they fail or not on their own.

What: a logging filter (:class:`NetworkFailureFilter`) on those two loggers of Scrapy's
(:data:`QUIETED_LOGGERS`) lowers to DEBUG a record whose failure is a network failure
(:data:`citeseeker_scrapy.signals.NETWORK_FAILURES`), without its traceback: its line names
the failure already, and the traceback is the network library's own path to it (three chained
ones for a connection refused), nothing of the crawl's. At ``LOG_LEVEL`` DEBUG, Scrapy's
default, it is one DEBUG line. A record of any other failure (a bug in a middleware the
robots.txt request went through, a status the retry middleware gave up on) keeps its level and
its traceback. The lowered line reads without aiohttp's words for the connection's TLS settings
(``ssl:<ssl.SSLContext object at 0x...>``, printed for an ``http://`` URL too, since Scrapy
hands its TLS context to every request): they name no cause, an object's address at most.

Installed by the add-on (``EXTENSIONS``): the filter is on the loggers while the engine runs
(a crawl refused before it starts leaves them as they were).
"""

from __future__ import annotations

import logging
import re
from collections.abc import Mapping
from typing import Any

from scrapy import signals

from citeseeker_scrapy.signals import NETWORK_FAILURES

#: Scrapy's loggers whose ERROR lines of a network failure are lowered: the robots.txt
#: middleware's ``Error downloading`` and the retry middleware's ``Gave up retrying``.
QUIETED_LOGGERS = ("scrapy.downloadermiddlewares.robotstxt",
                   "scrapy.downloadermiddlewares.retry")


class NetworkFailureFilter(logging.Filter):
    """Lowers a record of a network failure to DEBUG without its traceback, and lets every
    record through (a logger's filter runs before its handlers compare the record's level with
    theirs)."""

    def filter(self, record: logging.LogRecord) -> bool:
        failure = failure_of(record)
        if isinstance(failure, NETWORK_FAILURES):
            record.levelno = logging.DEBUG
            record.levelname = logging.getLevelName(logging.DEBUG)
            record.exc_info = record.exc_text = None
            record.args = without_tls_settings(record.args, failure)
        return True


#: aiohttp's words for the TLS settings in the text of a connection it could not open ("Cannot
#: connect to host a.test:80 ssl:<ssl.SSLContext object at 0x7f...> [Connect call failed ...]",
#: also ``ssl:default`` or ``ssl:False``), before the bracketed cause.
TLS_SETTINGS = re.compile(r" ssl:(?:<[^<>]*>|\w+)(?= \[)")


def without_tls_settings(args: Any, failure: BaseException) -> Any:
    """The record's arguments with ``failure`` given as its text less :data:`TLS_SETTINGS`
    (host, port and cause kept); unchanged when its text has none. Who calls: the filter, for
    the records it lowers (both Scrapy middlewares pass the failure in a mapping)."""
    message = str(failure)
    text = TLS_SETTINGS.sub("", message)
    if text == message or not isinstance(args, Mapping):
        return args
    return {key: text if value is failure else value for key, value in args.items()}


def failure_of(record: logging.LogRecord) -> BaseException | None:
    """The exception a record is about: the one it logs with its traceback (the robots.txt
    middleware's), else its ``reason`` argument when that is an exception (the retry
    middleware's); None for a record of no exception."""
    if record.exc_info and record.exc_info[1] is not None:
        return record.exc_info[1]
    reason = record.args.get("reason") if isinstance(record.args, Mapping) else None
    return reason if isinstance(reason, BaseException) else None


class DownloadLogExtension:
    """Puts the filter on :data:`QUIETED_LOGGERS` when the engine starts and takes it off when
    it stops (another crawl in the same process has its own). Built by Scrapy from the
    add-on's ``EXTENSIONS``."""

    def __init__(self) -> None:
        self.filter = NetworkFailureFilter()

    @classmethod
    def from_crawler(cls, crawler: Any) -> DownloadLogExtension:
        extension = cls()
        crawler.signals.connect(extension.engine_started, signal=signals.engine_started)
        crawler.signals.connect(extension.engine_stopped, signal=signals.engine_stopped)
        return extension

    def engine_started(self) -> None:
        for name in QUIETED_LOGGERS:
            logging.getLogger(name).addFilter(self.filter)

    def engine_stopped(self) -> None:
        for name in QUIETED_LOGGERS:
            logging.getLogger(name).removeFilter(self.filter)
