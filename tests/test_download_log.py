"""The download log filter: Scrapy's ERROR lines of a network failure become one DEBUG line
each, without a traceback; any other failure keeps its level and traceback."""

from __future__ import annotations

import logging

import pytest
from scrapy import signals
from scrapy.exceptions import (
    CannotResolveHostError, DownloadConnectionRefusedError, DownloadTimeoutError,
)
from scrapy.utils.test import get_crawler

from citeseeker_scrapy.extensions.download_log import (
    QUIETED_LOGGERS, DownloadLogExtension, NetworkFailureFilter,
)

ROBOTS, RETRY = QUIETED_LOGGERS


class Records(logging.Handler):
    """Every record that reaches a handler at ``level``, as the handler sees it."""

    def __init__(self, level: int) -> None:
        super().__init__(level)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


@pytest.fixture()
def quieted():
    """The filter on both loggers, and what an INFO handler and a DEBUG handler receive."""
    info, debug = Records(logging.INFO), Records(logging.DEBUG)
    extension = DownloadLogExtension()
    extension.engine_started()
    loggers = [logging.getLogger(name) for name in QUIETED_LOGGERS]
    levels = [logger.level for logger in loggers]
    for logger in loggers:
        logger.addHandler(info)
        logger.addHandler(debug)
        logger.setLevel(logging.DEBUG)
    yield info, debug
    extension.engine_stopped()
    for logger, level in zip(loggers, levels):
        logger.removeHandler(info)
        logger.removeHandler(debug)
        logger.setLevel(level)


def robots_error(exception: Exception) -> None:
    """As Scrapy's robots.txt middleware logs a robots.txt it could not download."""
    try:
        raise exception
    except Exception as error:
        logging.getLogger(ROBOTS).error("Error downloading %(request)s: %(f_exception)s",
                                        {"request": "<GET http://a.test/>", "f_exception": error},
                                        exc_info=True)


def gave_up(reason: object) -> None:
    """As Scrapy's retry middleware logs a request it gives up on."""
    logging.getLogger(RETRY).error(
        "Gave up retrying %(request)s (failed %(retry_times)d times): %(reason)s",
        {"request": "<GET http://a.test/robots.txt>", "retry_times": 2, "reason": reason})


@pytest.mark.parametrize("failure", [
    DownloadConnectionRefusedError("Cannot connect to host a.test:80"),
    CannotResolveHostError("a.test"),
    DownloadTimeoutError("took longer than 1 seconds"),
])
def test_a_network_failure_is_one_debug_line_without_its_traceback(quieted, failure) -> None:
    info, debug = quieted
    robots_error(failure)
    gave_up(failure)
    assert info.records == []
    assert [(record.levelname, record.exc_info) for record in debug.records] == [
        ("DEBUG", None), ("DEBUG", None)]
    assert "http://a.test/" in debug.records[0].getMessage()


def test_a_bug_keeps_its_error_and_traceback(quieted) -> None:
    info, _ = quieted
    robots_error(AttributeError("'NoneType' object has no attribute 'meta'"))
    [record] = info.records
    assert record.levelno == logging.ERROR
    assert record.exc_info is not None and isinstance(record.exc_info[1], AttributeError)


def test_a_status_given_up_on_keeps_its_error(quieted) -> None:
    info, _ = quieted
    gave_up("503 Service Unavailable")
    assert [record.levelno for record in info.records] == [logging.ERROR]


def test_other_loggers_are_not_filtered(quieted) -> None:
    info = Records(logging.INFO)
    other = logging.getLogger("scrapy.core.scraper")
    other.addHandler(info)
    try:
        other.error("Error downloading", exc_info=(DownloadConnectionRefusedError,
                                                   DownloadConnectionRefusedError("x"), None))
    finally:
        other.removeHandler(info)
    assert [record.levelno for record in info.records] == [logging.ERROR]


def test_the_filter_is_on_while_the_engine_runs() -> None:
    crawler = get_crawler()
    extension = DownloadLogExtension.from_crawler(crawler)
    assert isinstance(extension.filter, NetworkFailureFilter)
    filters = [logging.getLogger(name).filters for name in QUIETED_LOGGERS]
    assert not any(extension.filter in found for found in filters)
    crawler.signals.send_catch_log(signals.engine_started)
    assert all(extension.filter in found for found in filters)
    crawler.signals.send_catch_log(signals.engine_stopped)
    assert not any(extension.filter in found for found in filters)


REFUSED = ("Cannot connect to host a.test:80 ssl:<ssl.SSLContext object at 0x7f3a5c0de2b0> "
           "[Connect call failed ('127.0.0.1', 80)]")


@pytest.mark.parametrize("failure, text", [
    (DownloadConnectionRefusedError(REFUSED),
     "Cannot connect to host a.test:80 [Connect call failed ('127.0.0.1', 80)]"),
    (CannotResolveHostError(
        "Cannot connect to host b.test:443 ssl:default [Name or service not known]"),
     "Cannot connect to host b.test:443 [Name or service not known]"),
    (DownloadTimeoutError("Getting http://a.test/x took longer than 1 seconds."),
     "Getting http://a.test/x took longer than 1 seconds."),
])
def test_a_lowered_line_names_host_and_cause_without_aiohttps_tls_settings(
        quieted, failure, text) -> None:
    _, debug = quieted
    robots_error(failure)
    gave_up(failure)
    assert [record.getMessage() for record in debug.records] == [
        f"Error downloading <GET http://a.test/>: {text}",
        f"Gave up retrying <GET http://a.test/robots.txt> (failed 2 times): {text}"]


def test_a_kept_error_keeps_its_text(quieted) -> None:
    info, _ = quieted
    robots_error(AttributeError(REFUSED))
    [record] = info.records
    assert REFUSED in record.getMessage()
