"""Blocking core work (unpacking, parsing, matching) awaited off the reactor thread; whether a
piece of work goes is :mod:`citeseeker_scrapy.extraction.placement`'s choice."""

from __future__ import annotations

from typing import Any, Callable, TypeVar

from scrapy.utils.defer import maybe_deferred_to_future
from twisted.internet.threads import deferToThread

from citeseeker_scrapy.extraction.placement import inline

T = TypeVar("T")


async def in_thread(function: Callable[..., T], *args: Any) -> T:
    """Run ``function`` in the reactor's thread pool: a big PDF or a page with 100,000 links
    never stalls downloads (the pool's size is REACTOR_THREADPOOL_MAXSIZE)."""
    return await maybe_deferred_to_future(deferToThread(function, *args))


async def in_thread_if_big(size: int, function: Callable[..., T], *args: Any) -> T:
    """``function(*args)`` here when work on ``size`` bytes (or characters) runs on the
    reactor thread (:func:`.extraction.placement.inline` decides), else in the thread pool."""
    if inline(size):
        return function(*args)
    return await in_thread(function, *args)
