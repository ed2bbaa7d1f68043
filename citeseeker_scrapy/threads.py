"""Blocking core work (unpacking, parsing, matching) awaited off the reactor thread."""

from __future__ import annotations

from typing import Any, Callable, TypeVar

from scrapy.utils.defer import maybe_deferred_to_future
from twisted.internet.threads import deferToThread

T = TypeVar("T")

#: Work on fewer bytes than this is done on the reactor thread (about a millisecond of lxml or
#: matching): a hand-off to the thread pool costs more than that, and on a busy machine a
#: worker thread may wait many milliseconds for the CPU while the document holds its server.
INLINE_BYTES = 64 * 1024


async def in_thread(function: Callable[..., T], *args: Any) -> T:
    """Run ``function`` in the reactor's thread pool: a big PDF or a page with 100,000 links
    never stalls downloads (the pool's size is REACTOR_THREADPOOL_MAXSIZE)."""
    return await maybe_deferred_to_future(deferToThread(function, *args))


async def in_thread_if_big(size: int, function: Callable[..., T], *args: Any) -> T:
    """``function(*args)`` here when ``size`` (bytes or characters of work) is small, else in
    the thread pool."""
    if size <= INLINE_BYTES:
        return function(*args)
    return await in_thread(function, *args)
