"""The scope gate's remembered verdicts: the same answers as without the memory,
refusals included, and ``file:`` links always judged with their referrer."""

from __future__ import annotations

import pytest

from citeseeker_scrapy.exceptions import UrlRejected
from citeseeker_scrapy.urls import LinkPolicy

POLICY = dict(permitted_formats=frozenset({"html", "pdf"}),
              stay_within=("http://example.org/",), file_roots=("file:///data/",))


@pytest.mark.parametrize("url, expected", [
    ("http://EXAMPLE.org/a/../b.html#top", "http://example.org/b.html"),
    ("http://example.org/b.html#other", "http://example.org/b.html"),
    ("http://example.org/x.exe", "format_not_permitted"),
    ("http://elsewhere.org/", "outside_stay_within"),
    ("mailto:someone@example.org", "not_a_document"),
])
def test_a_verdict_is_the_same_the_second_time(url: str, expected: str) -> None:
    policy = LinkPolicy(**POLICY)
    for _ in range(2):
        try:
            verdict = policy.admit(url, referrer="http://example.org/")
        except UrlRejected as rejection:
            assert rejection.url == url  # the refused spelling, not the remembered one
            verdict = rejection.reason
        assert verdict == expected


def test_file_links_depend_on_their_referrer_every_time() -> None:
    policy = LinkPolicy(**POLICY)
    assert policy.admit("file:///data/a.html", referrer="file:///data/") == "file:///data/a.html"
    with pytest.raises(UrlRejected, match="file_link_from_web"):
        policy.admit("file:///data/a.html", referrer="http://example.org/")


def test_policies_do_not_share_verdicts() -> None:
    wide = LinkPolicy(permitted_formats=frozenset({"html"}))
    narrow = LinkPolicy(permitted_formats=frozenset({"html"}), stay_within=(".edu",))
    assert wide.admit("http://example.org/") == "http://example.org/"
    with pytest.raises(UrlRejected, match="outside_stay_within"):
        narrow.admit("http://example.org/")
