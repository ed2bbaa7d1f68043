"""Blocking core work (unpacking, parsing, matching) awaited off the reactor thread."""

from __future__ import annotations

from typing import Any, Callable, TypeVar

from scrapy.utils.defer import maybe_deferred_to_future
from twisted.internet.threads import deferToThread

T = TypeVar("T")


async def in_thread(function: Callable[..., T], *args: Any) -> T:
    """Run ``function`` in the reactor's thread pool: a big PDF or a page with 100,000 links
    never stalls downloads (the pool's size is REACTOR_THREADPOOL_MAXSIZE)."""
    return await maybe_deferred_to_future(deferToThread(function, *args))
