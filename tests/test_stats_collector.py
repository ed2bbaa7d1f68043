"""The add-on's stats collector: Scrapy's counting, looked up without the per-call wrapper."""

from __future__ import annotations

from scrapy.statscollectors import MemoryStatsCollector, StatsCollector
from scrapy.utils.test import get_crawler

from citeseeker_scrapy.addon import CiteSeeker
from citeseeker_scrapy.extensions.stats_collector import PlainStatsCollector


def crawler_with_addon(**settings: object):
    return get_crawler(settings_dict={"ADDONS": {CiteSeeker: 0}, **settings})


def test_the_addon_installs_it_and_it_counts_as_scrapys_does() -> None:
    stats = crawler_with_addon().stats
    assert type(stats) is PlainStatsCollector
    stats.inc_value("a")
    stats.inc_value("a", 2)
    stats.inc_value("b", 5, start=10)
    stats.max_value("m", 3)
    stats.max_value("m", 1)
    stats.min_value("n", 3)
    stats.min_value("n", 1)
    stats.set_value("s", "x")
    assert stats.get_stats() == {"a": 3, "b": 15, "m": 3, "n": 1, "s": "x"}
    assert stats.get_value("missing", 7) == 7


def test_a_stats_call_is_the_method_itself_not_a_wrapper() -> None:
    """Scrapy's collector hands out a deprecation wrapper per call (and raises and catches an
    AttributeError for each attribute it has no wrapper for): what the class exists to skip."""
    stats = crawler_with_addon().stats
    assert stats.inc_value.__func__ is StatsCollector.inc_value
    stock = get_crawler(settings_dict={"STATS_CLASS": MemoryStatsCollector}).stats
    assert getattr(stock.inc_value, "__func__", None) is not StatsCollector.inc_value


def test_a_projects_own_stats_class_still_wins() -> None:
    stats = crawler_with_addon(STATS_CLASS=MemoryStatsCollector).stats
    assert type(stats) is MemoryStatsCollector
