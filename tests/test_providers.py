"""The pure parts of the start-point providers: queries, settings, result paths, matching, merge."""

from __future__ import annotations

import pytest

from citeseeker_scrapy.exceptions import ConfigError
from citeseeker_scrapy.matching.model import AuthorGroup
from citeseeker_scrapy.providers import (
    CitingWork, ProviderConfig, ProviderError, ProviderSpec, build_query, merge_start_points,
    queries_for, run_providers,
)
from citeseeker_scrapy.providers.citedby import best_match, short_id, work_urls
from citeseeker_scrapy.providers.search import dig, phrase, search, surname


@pytest.mark.parametrize("terms, operator, query", [
    (["computer graphics", "visualization", "parallel processing"], "AND",
     '"computer graphics" visualization "parallel processing"'),
    (["computer graphics", "visualization"], "OR", '"computer graphics" OR visualization'),
    (['"already quoted phrase"', "site:wscg.zcu.cz", "  spaced   out  "], "AND",
     '"already quoted phrase" site:wscg.zcu.cz "spaced out"'),
    ([f"t{n}" for n in range(12)], "AND", " ".join(f"t{n}" for n in range(10))),
])
def test_queries_follow_the_originals_options(terms, operator, query) -> None:
    assert build_query(terms, operator) == query


def test_a_phrase_never_carries_stray_quotes() -> None:
    assert phrase('say "hi" there') == '"say hi there"'


@pytest.mark.parametrize("author, name", [
    ("Fiala", "Fiala"), ("D. Fiala", "Fiala"), ("Fiala, D.", "Fiala"), ("van der Maaten", "Maaten"),
])
def test_surnames(author, name) -> None:
    assert surname(author) == name


def test_without_terms_one_query_per_publication_with_its_authors() -> None:
    groups = [AuthorGroup(("Fiala", "V. Skala"), ("Retrieving citations on the web", "A system")),
              AuthorGroup(("Jezek",), ("A system",))]
    assert queries_for(groups, ProviderConfig()) == [
        '"Retrieving citations on the web" Fiala Skala', '"A system" Fiala Skala',
        '"A system" Jezek']
    config = ProviderConfig(terms=("citations", "web crawler"), operator="OR")
    assert queries_for(groups, config) == ['citations OR "web crawler"']


def test_provider_settings_and_arguments() -> None:
    config = ProviderConfig.from_settings(
        {"CITESEEKER_SEARCH_TERMS": "a|b c", "CITESEEKER_SEARCH_HEADERS": '{"X-Key": "k"}'},
        search="searxng:http://127.0.0.1:8888/ json:https://api.example.org/s?q={query}",
        citedby="openalex")
    assert config.search == (ProviderSpec("searxng", "http://127.0.0.1:8888"),
                             ProviderSpec("json", "https://api.example.org/s?q={query}"))
    assert config.citedby == (ProviderSpec("openalex", "https://api.openalex.org"),)
    assert config.terms == ("a", "b c") and config.headers == {"X-Key": "k"}
    assert not ProviderConfig.from_settings({}).enabled


@pytest.mark.parametrize("settings, arguments, message", [
    ({}, {"search": "google:http://x"}, "unknown provider"),
    ({}, {"search": "searxng:ftp://x"}, "needs an http"),
    ({}, {"citedby": "searxng:http://x"}, "unknown provider"),
    ({"CITESEEKER_SEARCH_OPERATOR": "XOR"}, {}, "CITESEEKER_SEARCH_OPERATOR must be one of AND, OR"),
    ({"CITESEEKER_SEARCH_MAX_RESULTS": "0"}, {}, "CITESEEKER_SEARCH_MAX_RESULTS must be at least 1"),
    ({"CITESEEKER_SEARCH_TERMS": "|".join("abcdefghijk")}, {}, "at most 10 terms"),
    ({"CITESEEKER_SEARCH_HEADERS": "{not json"}, {}, "CITESEEKER_SEARCH_HEADERS must be a JSON object"),
])
def test_bad_provider_settings_are_refused(settings, arguments, message) -> None:
    with pytest.raises(ConfigError, match=message):
        ProviderConfig.from_settings(settings, **arguments)


def test_result_paths_reach_into_nested_answers() -> None:
    answer = {"web": {"results": [{"link": {"href": "http://a.org/"}}]}}
    assert dig(answer, "web.results.0.link.href") == "http://a.org/"
    assert dig(answer, "web.missing") is None and dig([1, 2], "") == [1, 2]


def fake_engine(pages: dict[int, list[str]]):
    asked = []

    def fetch(url: str):
        asked.append(url)
        page = int(url.rsplit("pageno=", 1)[1])
        return {"results": [{"url": u} for u in pages.get(page, [])]}
    return fetch, asked


def test_search_stops_at_max_results_keeps_web_urls_and_filters_servers() -> None:
    fetch, asked = fake_engine({1: ["http://a.org/1", "file:///etc/passwd", "http://a.org/2"],
                                2: ["http://a.org/3", "https://b.org/1", "javascript:x()"],
                                3: ["http://c.org/1"]})
    spec = ProviderSpec("searxng", "http://engine")
    found = search(spec, ["q"], ProviderConfig(max_results=4), fetch)
    assert found == ["http://a.org/1", "http://a.org/2", "https://b.org/1"]  # 2 per server
    assert len(asked) == 2
    unfiltered = search(spec, ["q"], ProviderConfig(max_results=4, filter_servers=False), fetch)
    assert unfiltered == ["http://a.org/1", "http://a.org/2", "http://a.org/3", "https://b.org/1"]


def test_a_failing_provider_is_one_warning_and_the_others_still_answer() -> None:
    def fetch(url: str):
        if "broken" in url:
            raise ProviderError("HTTP 500 from " + url)
        return {"results": [{"url": "http://found.org/"}]}
    config = ProviderConfig(search=(ProviderSpec("searxng", "http://broken"),
                                    ProviderSpec("searxng", "http://fine")))
    outcome = run_providers(config, [AuthorGroup(("Fiala",), ("Title",))], fetch)
    assert outcome.search_urls == ["http://found.org/"]
    assert len(outcome.warnings) == 1 and "HTTP 500" in outcome.warnings[0]


def test_the_publication_is_the_best_title_that_names_an_author() -> None:
    mine = {"id": "W1", "title": "Retrieving Citations on the Web",
            "authorships": [{"author": {"display_name": "Dalibor Fiala"}}]}
    other = {"id": "W2", "title": "Retrieving citations on the web",
             "authorships": [{"author": {"display_name": "A. Nother"}}]}
    near = {"id": "W3", "title": "Retrieving citations on the deep web and elsewhere"}
    assert best_match([other, near, mine], "Retrieving citations on the web", ("Fiala",)) is mine
    assert best_match([other, near], "Retrieving citations on the web", ("Fiala",)) is None
    assert short_id("https://openalex.org/W2741809807") == "W2741809807"


def test_citing_work_urls_put_full_text_first() -> None:
    item = {"primary_location": {"pdf_url": "http://a.org/p.pdf",
                                 "landing_page_url": "http://a.org/p"},
            "best_oa_location": {"pdf_url": "http://mirror.org/p.pdf"},
            "open_access": {"oa_url": "http://a.org/p.pdf"}}
    assert work_urls(item) == ["http://a.org/p.pdf", "http://mirror.org/p.pdf",
                               "http://a.org/p.pdf", "http://a.org/p"]
    assert work_urls({"primary_location": None}) == []


def test_merge_puts_cited_by_first_then_the_users_then_search_results() -> None:
    citing = [CitingWork("W10", "t", "T", ("http://c.org/p.pdf", "http://c.org/")),
              CitingWork("W11", "t", "T", ("http://u.org/",))]
    merged = merge_start_points(citing, ["http://u.org/", "http://v.org/"],
                                ["http://s.org/", "http://c.org/"])
    assert merged == ["http://c.org/p.pdf", "http://c.org/", "http://u.org/", "http://v.org/",
                      "http://s.org/"]
