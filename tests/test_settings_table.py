"""The settings table: one declaration per CITESEEKER_* setting, read by one strict parser per
type, and docs/settings.md written from it."""

from __future__ import annotations

import pytest
from scrapy.settings import Settings

from citeseeker_scrapy import settings_doc
from citeseeker_scrapy.addon import CiteSeeker
from citeseeker_scrapy.exceptions import ConfigError
from citeseeker_scrapy.setting_kinds import (
    BOOLEAN, INTEGER, NUMBER, parse_boolean, parse_integer, parse_number,
)
from citeseeker_scrapy.settings_table import SETTINGS, defaults, read


def test_the_settings_page_is_what_the_table_writes() -> None:
    """Each section's first line, type, default and example come from the table; run
    ``python -m citeseeker_scrapy.settings_doc`` after changing it."""
    text = settings_doc.DOC.read_text(encoding="utf-8")
    assert settings_doc.render(text) == text


def test_a_setting_without_a_section_or_a_section_without_a_setting_is_named() -> None:
    text = settings_doc.DOC.read_text(encoding="utf-8")
    without = text.replace("### `CITESEEKER_TRAP_PAGES`", "### `CITESEEKER_TRAPS`")
    with pytest.raises(ValueError, match=r"\['CITESEEKER_TRAP_PAGES'\].*\['CITESEEKER_TRAPS'\]"):
        settings_doc.render(without)


def test_the_page_follows_a_change_of_the_table() -> None:
    text = settings_doc.DOC.read_text(encoding="utf-8")
    changed = settings_doc.render(text.replace("* Default: `100`\n* Example: `-s "
                                               "CITESEEKER_TRAP_PAGES", "* Default: `7`\n"
                                               "* Example: `-s CITESEEKER_TRAP_PAGES"))
    assert changed == text


@pytest.mark.parametrize("name", sorted(SETTINGS))
def test_every_default_and_example_passes_its_own_check(name: str) -> None:
    setting = SETTINGS[name]
    assert read({}, name) == setting.parse(setting.default)
    example = setting.example_text()
    if example.startswith(f"-s {name}="):
        setting.parse(example.removeprefix(f"-s {name}=").strip('"'))


def test_the_addon_publishes_every_default_of_the_table() -> None:
    settings = Settings()
    CiteSeeker().update_settings(settings)
    published = {name: settings.get(name) for name in SETTINGS}
    assert published == defaults()


@pytest.mark.parametrize("parse, raw", [
    (parse_boolean, "Ture"), (parse_boolean, "2"), (parse_boolean, 0.5), (parse_boolean, None),
    (parse_integer, "1.5"), (parse_integer, 2.5), (parse_integer, True), (parse_integer, "ten"),
    (parse_number, "soon"), (parse_number, False), (parse_number, None),
])
def test_each_parser_refuses_what_it_cannot_read_exactly(parse, raw) -> None:
    with pytest.raises(ConfigError, match="^CITESEEKER_X must be"):
        parse(raw, "CITESEEKER_X")


def test_command_line_strings_are_read_by_type() -> None:
    assert parse_boolean(" Yes ", "X") is True and parse_boolean("off", "X") is False
    assert parse_integer("12", "X") == 12 and parse_integer(3.0, "X") == 3
    assert parse_number("0.5", "X") == 0.5


@pytest.mark.parametrize("kind", [BOOLEAN, INTEGER, NUMBER], ids=lambda kind: kind.doc)
def test_every_setting_of_a_type_is_read_by_its_one_parser(kind) -> None:
    """No group reads a value on its own: a setting of the type given junk is refused by the
    type's parser, named."""
    names = [name for name, setting in SETTINGS.items() if setting.kind is kind]
    assert names
    for name in names:
        with pytest.raises(ConfigError, match=f"^{name} must be"):
            read({name: "junk"}, name)


def test_a_choice_is_read_without_regard_to_case_and_kept_as_declared() -> None:
    assert read({"CITESEEKER_SEARCH_OPERATOR": "or"}, "CITESEEKER_SEARCH_OPERATOR") == "OR"
    assert read({"CITESEEKER_RENDER": " Never "}, "CITESEEKER_RENDER") == "never"
    with pytest.raises(ConfigError, match="^CITESEEKER_RENDER must be one of never, auto, "
                                          "always, not 'sometimes'$"):
        read({"CITESEEKER_RENDER": "sometimes"}, "CITESEEKER_RENDER")


#: Where a group of settings may be parsed besides the crawl job (which parses every group once,
#: before any request): each place runs where no crawl job exists.
PARSED_OUTSIDE_THE_JOB = {
    "middlewares/render.py": "the render add-on decides at settings time, before the crawler",
    "citeseeker_scrapy/commands/citeseeker-push.py": "a command, not a crawl",
}


def test_each_group_of_settings_is_parsed_once_by_the_crawl_job() -> None:
    """Components read the job's parsed groups (``crawl_job(crawler).site_search``, ``.render``,
    ``.shared``...), never the settings again: a second parse could disagree with the first."""
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    parse = re.compile(r"\b(?:CrawlConfig|SiteSearchConfig|RenderConfig|ProviderConfig|"
                       r"RecrawlSettings|SharedSettings)\.from_settings\(")
    places = {str(path.relative_to(root))
              for folder in ("citeseeker_scrapy", "spiders", "middlewares", "pipelines",
                             "extensions")
              for path in (root / folder).rglob("*.py") if parse.search(path.read_text())}
    assert places - {"citeseeker_scrapy/job/crawl_job.py"} <= set(PARSED_OUTSIDE_THE_JOB)
