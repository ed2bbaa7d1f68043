"""Blocking core work (unpacking, parsing, matching) awaited off the reactor thread."""

from __future__ import annotations

from typing import Any, Callable, TypeVar

from scrapy.utils.defer import maybe_deferred_to_future
from twisted.internet.threads import deferToThread

from citeseeker_scrapy.extraction.extractor import WORKER_MIN_BYTES

T = TypeVar("T")

#: Work on fewer bytes than this is done on the reactor thread (a small page's lxml and
#: matching are quick): a hand-off costs more than that, and on a busy machine a worker thread may
#: wait many milliseconds for the CPU while the document holds its server. Bigger work goes to
#: a thread, and from there its HTML, text and office XML to the parser processes (so both
#: cores work). Never more than the worker threshold: the reactor thread must not wait for a
#: worker process.
INLINE_BYTES = WORKER_MIN_BYTES


async def in_thread(function: Callable[..., T], *args: Any) -> T:
    """Run ``function`` in the reactor's thread pool: a big PDF or a page with 100,000 links
    never stalls downloads (the pool's size is REACTOR_THREADPOOL_MAXSIZE)."""
    return await maybe_deferred_to_future(deferToThread(function, *args))


async def in_thread_if_big(size: int, function: Callable[..., T], *args: Any) -> T:
    """``function(*args)`` here when ``size`` (bytes or characters of work) is below
    :data:`INLINE_BYTES`, else in the thread pool."""
    if size < INLINE_BYTES:
        return function(*args)
    return await in_thread(function, *args)
