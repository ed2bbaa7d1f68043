"""The improved scheme reports every hit of the original (2003) scheme but those a named check
of ``model.VETOES`` drops, and ``CitationMatcher.explain`` names that check."""

from __future__ import annotations

import random

import pytest

from citeseeker_scrapy.matching import (
    VETOES, AuthorGroup, CitationMatcher, MatcherSettings, normalize_text,
)
from citeseeker_scrapy.matching.model import (
    BETTER_TITLE, CHANGED_WORD, CLOSER_NEARBY, NAME_IN_WORD, NEXT_ENTRY, ORDINARY_WORDS,
    OTHER_ENTRY, WORDS_MISSING,
)

OPENING = ("This study builds on earlier work on the analysis of citations and cites the "
           "studies listed below.\nReferences\n")


def explained(doc: str, author: str, *titles: str) -> list[tuple[str, str | None]]:
    """(title, veto) of every hit the original scheme makes for the titles by ``author``."""
    matcher = CitationMatcher([AuthorGroup((author,), titles)], MatcherSettings())
    return [(e.citation.publication, e.veto) for e in matcher.explain(OPENING + doc)]


@pytest.mark.parametrize("entry, author, title, veto", [
    ("Fischer R, Byerlee D. 1990. Wheat trends in warmer areas of Asia. Field Crops Res. 2: 1-9.",
     "Lee", "Wheat trends in warmer areas of Asia", NAME_IN_WORD),
    ("[1] J. Smith. Methods for the web. [2] Graph crawling of the deep web. Journal, 2001.",
     "Smith", "Methods for the web graph crawling", NEXT_ENTRY),
    ("Smith, J. 2001. Graph ranking methods. Journal A, 3, pp. 1-9. Brown, K. 2003. Scalable "
     "crawling of the web. Journal B.", "Smith", "Scalable crawling of the web", OTHER_ENTRY),
    # the typed title is a typo of the entry before's; the searched author's title is similar
    ("Visser, P. and Rossi, M. (1999) \u2018Crawling analysis\u2019, Scientometrics, 12, pp. "
     "233\u2013240.\nPetrov, M. (2012) \u2018Ranking analysis\u2019, Information Processing, "
     "12, pp. 26\u201341.", "Petrov", "Craling analysis", CLOSER_NEARBY),
    ("[3] J. Smith. 2001. Pulmonary embolism in patients with severe trauma. Journal.",
     "Smith", "Pulmonary embolism in major trauma patients", WORDS_MISSING),
    ("[3] J. Smith. 2001. Scalable crawling of the deep web. Journal of the Web, 3.",
     "Smith", "Scalable crawling of the open web", CHANGED_WORD),
    ("J. Smith has shown in many studies that deep learning helps the indexing of the web.",
     "Smith", "Deep learning", ORDINARY_WORDS),
])
def test_each_check_names_the_hits_it_drops(entry: str, author: str, title: str,
                                            veto: str) -> None:
    assert explained(entry, author, title) == [(title, veto)]
    matcher = CitationMatcher([AuthorGroup((author,), (title,))], MatcherSettings())
    assert matcher.find(OPENING + entry) == []


def test_one_span_one_title_is_a_named_check_too() -> None:
    # The same work typed twice, once with a typo: the printed title is the better one's.
    doc = "[4] M. Goossens and S. Rahtz. Scalable crawling of the deep web. Springer, 1994.\n"
    typo = "Scalable crawlng of the deep web"
    vetoes = dict(explained(doc, "Goossens", "Scalable crawling of the deep web", typo))
    assert vetoes == {"Scalable crawling of the deep web": None, typo: BETTER_TITLE}


def test_the_checks_are_distinct_names() -> None:
    assert len(set(VETOES)) == len(VETOES) == 8


@pytest.mark.parametrize("seed", range(6))
def test_every_original_hit_is_reported_or_vetoed(seed: int) -> None:
    # Reference lists of random titles, searched with their own titles, typos, other entries'
    # titles and neighbours' names: every hit of the original scheme is either reported by
    # the improved one or dropped by a named check (``explain`` raises otherwise).
    rng = random.Random(seed)
    words = ("graph crawling ranking citation analysis web index robust model semantic "
             "retrieval learning networks query topic scalable sparse mining").split()
    names = "Fiala Jezek Toman Novak Smith Brown Weber Rossi Silva Tanaka".split()
    entries = []
    for n in range(1, 9):
        title = " ".join(rng.sample(words, rng.randint(2, 6))).capitalize()
        authors = rng.sample(names, rng.randint(1, 3))
        entries.append((authors, title))
    doc = OPENING + "\n".join(
        f"[{n}] " + ", ".join(f"{a[0]}. {a}" for a in authors) + f". {title}. Journal, {2000 + n}."
        for n, (authors, title) in enumerate(entries, 1))
    text = normalize_text(doc)
    for author in names:
        titles = tuple(title for _, title in entries)
        matcher = CitationMatcher([AuthorGroup((author,), titles)], MatcherSettings())
        reported = {c.publication for c in matcher.find(text, normalized=True)}
        for e in matcher.explain(doc):
            assert e.veto in VETOES or (e.veto is None and e.citation.publication in reported)
