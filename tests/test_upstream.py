"""The private APIs of Scrapy and aiohttp fenced in ``citeseeker_scrapy/upstream.py`` are
still there and still do what the project relies on. When one of these fails after a version
bump, redo the fenced reach (or drop it), not the test."""

from __future__ import annotations

import asyncio
import inspect

import aiohttp
import pytest
from scrapy.utils.test import get_crawler

from citeseeker_scrapy.upstream import RETRY_SWITCH, AiohttpDownloadHandler, without_hidden_retry
from citeseeker_scrapy.middlewares.http_handler import HttpHandler


def test_scrapy_names_its_aiohttp_handler_by_the_fenced_path() -> None:
    """Scrapy itself uses this path for its reactorless HTTP handler; if it moves, the
    import in upstream.py breaks here first."""
    from scrapy.core.downloader.handlers.base import BaseDownloadHandler

    assert issubclass(AiohttpDownloadHandler, BaseDownloadHandler)
    assert issubclass(HttpHandler, AiohttpDownloadHandler)


def test_aiohttp_still_retries_behind_the_callers_back_unless_switched_off() -> None:
    """The switch is a boolean, True by default, and aiohttp's request loop reads it."""
    source = inspect.getsource(aiohttp.ClientSession._request)
    assert f"self.{RETRY_SWITCH}" in source

    async def default() -> object:
        async with aiohttp.ClientSession() as session:
            return getattr(session, RETRY_SWITCH, None)

    assert asyncio.run(default()) is True


def test_the_crawls_handler_has_the_hidden_retry_off() -> None:
    async def switch() -> object:
        handler = HttpHandler(get_crawler())
        try:
            return getattr(handler._session, RETRY_SWITCH, None)
        finally:
            await handler.close()

    assert asyncio.run(switch()) is False


def test_a_moved_switch_is_an_error_not_a_silent_retry() -> None:
    class Moved:
        _session = object()  # a session without the switch: what a changed aiohttp would give

    with pytest.raises(AttributeError, match=RETRY_SWITCH):
        without_hidden_retry(Moved())  # type: ignore[arg-type]
