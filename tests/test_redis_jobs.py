"""A finished Redis job key is refused unless CITESEEKER_REDIS_REUSE (real redis-server)."""

from __future__ import annotations

from pathlib import Path

from citeseeker_scrapy.frontier.redis_jobs import refuse_finished_job
from tests.support.crawl import Crawl
from tests.support.redis_server import RedisServer
from tests.support.servers import SiteServer, write_site

PUBLICATION = "Retrieving citations on the web"
CITING = f"<html><body><p>[1] D. Fiala: {PUBLICATION}. 2003.</p></body></html>"


def finished_job(redis: RedisServer, prefix: str) -> None:
    client = redis.client()
    client.set(f"{prefix}:next_arrival", 3)
    client.sadd(f"{prefix}:completed", "http://a", "http://b")
    client.sadd(f"{prefix}:citations", "http://a/x  T")


def test_only_a_finished_job_is_refused_and_reuse_clears_it(tmp_path: Path) -> None:
    with RedisServer(tmp_path / "redis") as redis:
        assert refuse_finished_job(redis.url, "fresh", reuse=False) is None
        finished_job(redis, "running")
        redis.client().zadd("running:leased", {"http://c": 1})
        assert refuse_finished_job(redis.url, "running", reuse=False) is None
        finished_job(redis, "done")
        refusal = refuse_finished_job(redis.url, "done", reuse=False)
        assert refusal is not None and "'done' has already finished (2 servers" in refusal
        assert redis.client().exists("done:completed")  # refused: nothing deleted
        assert refuse_finished_job(redis.url, "done", reuse=True) is None
        assert redis.client().keys("done:*") == []
        assert redis.client().exists("running:leased")  # another job's keys untouched


def test_a_second_crawl_on_a_finished_key_is_refused_then_reused(tmp_path: Path) -> None:
    with RedisServer(tmp_path / "redis") as redis, \
            SiteServer(write_site(tmp_path / "site", {"index.html": CITING})) as site:
        def crawl(name: str, **settings: str):
            return Crawl(tmp_path / name, ("-a", "authors=Fiala", "-a",
                                           f"publications={PUBLICATION}",
                                           "-a", f"startpoints={site.base}/"),
                         {"CITESEEKER_FRONTIER": "redis", "REDIS_URL": redis.url,
                          "CITESEEKER_SYNC_SECONDS": "0.2", **settings}).run(timeout=120)

        first, again = crawl("first"), crawl("again")
        reused = crawl("reused", CITESEEKER_REDIS_REUSE="True")
    assert first.returncode == 0 and len(first.documents) == 1, first.output[-2000:]
    assert again.returncode == 2 and again.documents == []
    assert again.output.strip().splitlines()[-1].startswith(
        "citeseeker: error: the Redis job 'citeseeker' has already finished (1 servers")
    assert reused.returncode == 0 and len(reused.documents) == 1, reused.output[-2000:]
