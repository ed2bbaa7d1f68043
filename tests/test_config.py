"""Settings are read once and validated in one place (CrawlConfig)."""

from __future__ import annotations

from pathlib import Path

import pytest

from citeseeker_scrapy.config import CrawlConfig
from citeseeker_scrapy.exceptions import ConfigError
from citeseeker_scrapy.setting_kinds import BOOLEAN
from citeseeker_scrapy.settings_table import SETTINGS


def test_defaults_are_the_originals_table_a1() -> None:
    config = CrawlConfig.from_settings({})
    assert (config.method, config.fuzzy_limit, config.part_length, config.min_author_distance,
            config.flush_interval) == ("fuzzy", 0.75, 200, 30, 100)
    original = set("htm html shtml dhtml xml php php3 php4 asp aspx txt rtf doc ppt pdf ps zip gz "
                   "z tar tgz taz".split())
    assert original <= config.permitted_formats
    assert config.scheme == "improved" and config.extraction.max_archive_depth == 3


def test_values_given_as_strings_on_the_command_line_are_converted() -> None:
    config = CrawlConfig.from_settings({"CITESEEKER_FUZZY_LIMIT": "0.8",
                                        "CITESEEKER_PERMITTED_FORMATS": "pdf, .HTML ps",
                                        "CITESEEKER_KEEP_QUERY": "true",
                                        "CITESEEKER_SCHEME": "Original"})
    assert config.fuzzy_limit == 0.8 and config.keep_query is True
    assert config.permitted_formats == frozenset({"pdf", "html", "ps"})
    assert config.scheme == "original"


@pytest.mark.parametrize("name, value, message", [
    ("CITESEEKER_METHOD", "regex", "CITESEEKER_METHOD must be"),
    ("CITESEEKER_SCHEME", "best", "CITESEEKER_SCHEME must be"),
    ("CITESEEKER_FUZZY_LIMIT", "1.5", "CITESEEKER_FUZZY_LIMIT must be in"),
    ("CITESEEKER_FUZZY_LIMIT", "high", "CITESEEKER_FUZZY_LIMIT must be a number"),
    ("CITESEEKER_PART_LENGTH", "0", "CITESEEKER_PART_LENGTH must be at least 1"),
    ("CITESEEKER_PS_TIMEOUT", "-1", "CITESEEKER_PS_TIMEOUT must be above 0"),
    ("CITESEEKER_PS_CPU_PER_PAGE", "0", "CITESEEKER_PS_CPU_PER_PAGE must be above 0"),
    ("CITESEEKER_KEEP_QUERY", "Ture", "CITESEEKER_KEEP_QUERY must be True or False"),
    ("CITESEEKER_DEBUG_LOG", "2", "CITESEEKER_DEBUG_LOG must be True or False"),
    ("CITESEEKER_LOG_DIR", __file__, "CITESEEKER_LOG_DIR must be a directory"),
])
def test_bad_values_are_refused_with_the_setting_named(name: str, value: str, message: str) -> None:
    assert name in SETTINGS
    with pytest.raises(ConfigError, match=message):
        CrawlConfig.from_settings({name: value})


def test_the_addon_keeps_downloading_while_a_big_manual_is_read() -> None:
    """Scrapy's 5 MB scraper limit stopped every download while one 10 MB PDF was read; the
    add-on raises it, and a project's own value still wins."""
    from scrapy.settings import Settings

    from citeseeker_scrapy.addon import CiteSeeker

    settings = Settings()
    CiteSeeker().update_settings(settings)
    assert settings.getint("SCRAPER_SLOT_MAX_ACTIVE_SIZE") == 12 * 1024 * 1024
    own = Settings({"SCRAPER_SLOT_MAX_ACTIVE_SIZE": 1000}, priority="project")
    CiteSeeker().update_settings(own)
    assert own.getint("SCRAPER_SLOT_MAX_ACTIVE_SIZE") == 1000


def test_retry_leaves_out_only_the_tunnel_error_of_a_handler_the_crawl_never_uses() -> None:
    """Naming Scrapy's HTTP/1.1 TunnelError made every crawl import that handler and its TLS
    stack (~0.1 s of a one-page crawl); a project's own list or own handler keeps it."""
    from scrapy.settings import Settings

    from citeseeker_scrapy.addon import TUNNEL_ERROR, CiteSeeker

    default = Settings().getlist("RETRY_EXCEPTIONS")
    assert TUNNEL_ERROR in default
    settings = Settings()
    CiteSeeker().update_settings(settings)
    assert settings.getlist("RETRY_EXCEPTIONS") == [e for e in default if e != TUNNEL_ERROR]
    own_list = Settings({"RETRY_EXCEPTIONS": [TUNNEL_ERROR]}, priority="project")
    CiteSeeker().update_settings(own_list)
    assert own_list.getlist("RETRY_EXCEPTIONS") == [TUNNEL_ERROR]
    twisted = "scrapy.core.downloader.handlers.http11.HTTP11DownloadHandler"
    own_handler = Settings({"DOWNLOAD_HANDLERS": {"https": twisted}}, priority="project")
    CiteSeeker().update_settings(own_handler)
    assert own_handler.getlist("RETRY_EXCEPTIONS") == default


@pytest.mark.parametrize("base, on", [("EXTENSIONS", "REMOTE_CONTROL_ENABLED"),
                                      ("DOWNLOADER_MIDDLEWARES", "COOKIES_ENABLED")])
def test_a_component_turned_off_by_its_setting_is_not_even_loaded(base: str, on: str) -> None:
    """Scrapy imports every component named in a setting or its base, even one set to None:
    the remote control's module imports aiohttp's web server (~0.04 s of every crawl's start),
    the cookie middleware's tldextract. A project that turns one on keeps it."""
    from scrapy.settings import Settings
    from scrapy.utils.conf import build_component_list

    from citeseeker_scrapy import settings as project
    from citeseeker_scrapy.addon import OFF_BY_SETTING, CiteSeeker

    component = next(path for path, (_, setting) in OFF_BY_SETTING.items() if setting == on)

    def components(**own: object) -> list:
        settings = Settings()
        settings.setmodule(project, priority="project")
        settings.setdict(own, priority="cmdline")
        CiteSeeker().update_settings(settings)
        return build_component_list(settings.getwithbase(base))

    assert component in build_component_list(Settings().getwithbase(base))
    assert component not in components()
    assert component in components(**{on: True})


def test_a_mistyped_setting_is_refused_with_the_nearest_name() -> None:
    from citeseeker_scrapy.job.crawl_job import CrawlJob

    job = CrawlJob.from_settings({"CITESEEKER_FUZY_LIMIT": "0.9", "LOG_LEVEL": "INFO"})
    assert job.error == ("unknown setting CITESEEKER_FUZY_LIMIT; "
                         "did you mean CITESEEKER_FUZZY_LIMIT?")


@pytest.mark.parametrize("name, ours", [("DEPTH_LIMIT", "CITESEEKER_MAX_DEPTH"),
                                        ("URLLENGTH_LIMIT", "CITESEEKER_MAX_URL_LENGTH")])
def test_a_scrapy_setting_the_crawl_does_not_read_is_refused(name: str, ours: str) -> None:
    from scrapy.settings import Settings

    from citeseeker_scrapy.config import check_replaced_scrapy_settings
    from citeseeker_scrapy.job.crawl_job import CrawlJob

    check_replaced_scrapy_settings(Settings())  # Scrapy's own default: not the user's word
    with pytest.raises(ConfigError, match=rf"^{name} is not read by this crawl: use {ours}$"):
        check_replaced_scrapy_settings(Settings({name: 3}, priority="cmdline"))
    assert CrawlJob.from_settings({name: "3"}).error == f"{name} is not read by this crawl: use {ours}"


def test_settings_of_scrapy_and_other_plugins_are_not_ours_to_refuse() -> None:
    from citeseeker_scrapy.config import check_setting_names

    check_setting_names(["LOG_LEVEL", "PLAYWRIGHT_BROWSER_TYPE", "CITESEEKER_METHOD"],
                        {"CITESEEKER_METHOD"})
    with pytest.raises(ConfigError, match=r"unknown setting CITESEEKER_XYZZY$"):
        check_setting_names(["CITESEEKER_XYZZY"], {"CITESEEKER_METHOD"})


@pytest.mark.parametrize("name, meant", [
    ("REDIS_ULR", "REDIS_URL"),                    # read by the shared frontier, not Scrapy
    ("CONCURENT_REQUESTS", "CONCURRENT_REQUESTS"),  # Scrapy's own
    ("DOWNLOAD_DELAYS", "DOWNLOAD_DELAY"),
    ("DEPTH_LIMT", "CITESEEKER_MAX_DEPTH"),        # Scrapy's, not read here: ours is named
])
def test_a_near_miss_of_a_setting_that_is_read_is_refused_as_a_typo(name: str, meant: str) -> None:
    from scrapy.settings import Settings

    from citeseeker_scrapy.job.crawl_job import CrawlJob
    from citeseeker_scrapy.job.start import SCRAPY_SETTING_NAMES

    given = Settings()
    given.set(name, "1", priority="cmdline")
    job = CrawlJob.from_settings(given, SCRAPY_SETTING_NAMES)
    assert job.error == f"unknown setting {name}; did you mean {meant}?"


@pytest.mark.parametrize("name, priority", [
    ("SPIDER_MIDDLEWARES", "cmdline"),   # Scrapy's, though close to SPIDER_MIDDLEWARES_BASE
    ("SCRAPEOPS_API_KEY", "cmdline"),    # like no setting read here: another add-on's
    ("DOWNLOAD_DELAYS", "addon"),        # an add-on's own name, not the user's word
])
def test_settings_that_are_not_a_users_typo_pass(name: str, priority: str) -> None:
    from scrapy.settings import Settings

    from citeseeker_scrapy.config import check_setting_typos
    from citeseeker_scrapy.job.start import SCRAPY_SETTING_NAMES

    given = Settings()
    given.set(name, {} if name.endswith("MIDDLEWARES") else "1", priority=priority)
    check_setting_typos(given, SCRAPY_SETTING_NAMES)


def test_every_setting_a_component_reads_is_known() -> None:
    """A setting named in the code but missing from the known names would be refused as a
    typo: each is declared in the settings table, which gives the add-on its default."""
    import re
    from pathlib import Path

    from citeseeker_scrapy.job.crawl_job import KNOWN_SETTINGS

    root = Path(__file__).resolve().parent.parent
    sources = [p for folder in ("citeseeker_scrapy", "spiders", "pipelines", "middlewares",
                                "extensions") for p in (root / folder).rglob("*.py")]
    named = {name for path in sources
             for name in re.findall(r"[\"'](CITESEEKER_[A-Z0-9_]*[A-Z0-9])[\"']", path.read_text())}
    assert named - KNOWN_SETTINGS == set()


def test_every_setting_is_documented_with_type_default_and_example() -> None:
    """docs/settings.md has a section for every CITESEEKER_* setting a component reads, and
    each says its type and default and gives an example."""
    import re

    from citeseeker_scrapy.job.crawl_job import KNOWN_SETTINGS

    text = (Path(__file__).resolve().parent.parent / "docs" / "settings.md").read_text()
    sections = dict(re.findall(r"### `([A-Z_]+)`[^\n]*\n(.*?)(?=\n### |\n## |\Z)", text, re.S))
    ours = {name for name in KNOWN_SETTINGS if name.startswith("CITESEEKER_")}
    assert sorted(ours - set(sections)) == []
    for name in ours:
        assert all(f"* {field}:" in sections[name] for field in ("Type", "Default", "Example")), name


def boolean_settings() -> list[str]:
    return sorted(name for name, setting in SETTINGS.items() if setting.kind is BOOLEAN)


def test_the_boolean_settings_of_every_group_are_checked_below() -> None:
    assert {"CITESEEKER_KEEP_QUERY", "CITESEEKER_SEARCH_FILTER", "CITESEEKER_CLOSE_WHEN_IDLE",
            "CITESEEKER_REDIS_REUSE"} <= set(boolean_settings())


@pytest.mark.parametrize("name", boolean_settings())
def test_a_mistyped_boolean_refuses_the_crawl_whichever_group_reads_it(name: str) -> None:
    """``-s CITESEEKER_SEARCH_FILTER=Ture`` is a typo, not False: every group of settings reads
    True/False with the one strict parser, and the job refuses before its first request."""
    from citeseeker_scrapy.job.crawl_job import CrawlJob

    inputs = {"CITESEEKER_AUTHORS": "Fiala", "CITESEEKER_PUBLICATIONS": "Retrieving citations",
              "CITESEEKER_STARTPOINTS": "http://127.0.0.1:1/"}
    job = CrawlJob.from_settings({**inputs, name: "Ture"})
    assert job.error is not None and job.error.endswith(
        f"{name} must be True or False (or 1/0, yes/no, on/off), not 'Ture'")
