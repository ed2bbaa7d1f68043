"""A shared frontier's job key that has already finished: refused, or cleared when asked.

Why: all the state of a Redis job lives under its key (``CITESEEKER_REDIS_KEY``); a second
crawl started with the same key would find every server completed and "finish" in half a
second with 0 documents, saying nothing. So a worker refuses a finished job key (exit status 2)
unless ``CITESEEKER_REDIS_REUSE`` is true, in which case the old job's keys are deleted and the
crawl starts anew. Who calls it: the frontier scheduler when it opens with
``CITESEEKER_FRONTIER=redis``, once, before any request (blocking calls: at start only).
"""

from __future__ import annotations

import logging
from typing import Any

logger = logging.getLogger(__name__)


def finished(client: Any, prefix: str) -> bool:
    """The job under ``prefix`` started and has nothing pending, leased, pushed or starting
    (the same test as ``SyncReply.job_finished``, read with plain commands)."""
    seconds, micros = client.time()
    now_ms = int(seconds) * 1000 + int(micros) // 1000
    return bool(client.exists(f"{prefix}:next_arrival")) and not any((
        client.zcard(f"{prefix}:pending"), client.zcard(f"{prefix}:leased"),
        client.llen(f"{prefix}:start_urls"), client.zcount(f"{prefix}:starting", now_ms, "+inf")))


def clear(client: Any, prefix: str) -> int:
    """Delete every key of the job; returns how many."""
    keys = list(client.scan_iter(match=f"{prefix}:*", count=1000))
    return int(client.delete(*keys)) if keys else 0


def refuse_finished_job(url: str, prefix: str, *, reuse: bool) -> str | None:
    """Why the job key cannot be used (a message for the user), or None. With ``reuse`` a
    finished job is cleared instead (logged with the count of its completed servers)."""
    import redis

    client = redis.Redis.from_url(url, socket_connect_timeout=3.0, decode_responses=True)
    try:
        if not finished(client, prefix):
            return None
        servers = client.scard(f"{prefix}:completed")
        if not reuse:
            return (f"the Redis job {prefix!r} has already finished ({servers} servers "
                    "completed): use another CITESEEKER_REDIS_KEY, or -s CITESEEKER_REDIS_REUSE="
                    "True to delete it and crawl anew")
        logger.warning("Redis job %r had finished (%d servers completed): deleted %d keys, "
                       "crawling anew (CITESEEKER_REDIS_REUSE)", prefix, servers,
                       clear(client, prefix))
        return None
    finally:
        client.close()
