"""The engine's wake-up: make Scrapy's engine ask the scheduler for requests now.

Why: the engine asks the scheduler for requests when a download or a parse ends and at its
heartbeat (every 5 s); work that arrives between them (a hold that ended, the shared
frontier's sync bringing servers, a document out less) would wait for the heartbeat. Scrapy
has no public call that only schedules the engine's next loop; ``engine.crawl`` is its public
way to inject a request, and it schedules that loop. So the wake-up is a request that is never
downloaded: the scheduler drops it (:func:`is_wake`) without a trace. Who calls
:func:`wake_engine`: the scheduler, the server watch (a hold ended) and the shared frontier's
sync (through the scheduler).
"""

from __future__ import annotations

from typing import Any

from scrapy import Request

from citeseeker_scrapy.keys import WAKE_KEY

#: The URL of the engine's wake-up request (never downloaded).
WAKE_URL = "data:,citeseeker-wake"


def wake_engine(crawler: Any) -> None:
    """Make the engine of ``crawler`` ask for requests (or find the spider idle) now, if it
    has a spider open."""
    engine = crawler.engine
    if engine is not None and engine.spider is not None:
        engine.crawl(Request(WAKE_URL, meta={WAKE_KEY: True}, dont_filter=True))


def is_wake(request: Request) -> bool:
    """Whether ``request`` only woke the engine (the scheduler drops it)."""
    return bool(request.meta.get(WAKE_KEY))
