"""Matching quality on documents of kinds the first evaluation set lacked.

Each test is one rule, checked on the kind of text where real documents showed it, with a
decoy beside it: what must be found and what must not.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from citeseeker_scrapy.matching import AuthorGroup, CitationMatcher, MatcherSettings
from citeseeker_scrapy.matching.matcher import _one_title_per_span, _overlap
from citeseeker_scrapy.matching.model import Citation

MIKOLOV = "Exploiting similarities among languages for machine translation"


def found(doc: str, author: str, title: str, scheme: str = "improved") -> str | None:
    matcher = CitationMatcher([AuthorGroup((author,), (title,))], MatcherSettings(scheme=scheme))
    hits = matcher.find(doc)
    return hits[0].found if hits else None


@pytest.mark.parametrize("date", ["2013b.", "(2013b).", "2013b,", "(n.d.).", "(in press).",
                                  "forthcoming.", "(2013, June)."])
def test_the_title_after_a_lettered_year_or_another_date_is_attributed(date: str) -> None:
    doc = (f"Tomas Mikolov, Quoc Le, and Ilya Sutskever. {date} Exploiting similarities among "
           "languages for Machine Translation. arXiv preprint.\nJeffrey Pennington, Richard "
           f"Socher. {date} GloVe: Global vectors for word representation. In EMNLP.")
    for author in ("Mikolov", "Sutskever"):
        assert found(doc, author, MIKOLOV) == MIKOLOV.lower()
    assert found(doc, "Sutskever", "GloVe: Global vectors for word representation") is None


def test_a_swapped_pair_of_words_is_a_citation_scrambled_words_are_not() -> None:
    doc = ("[3] Soderland, S., Etzioni, O.: The tradeoffs between traditional and open relation "
           "extraction. In: ACL 2008, pp. 28-36.\n[4] Hearst, M.: Automatic acquisition of "
           "hyponyms from large text corpora. In: COLING 1992.")
    typed = "The Tradeoffs Between Open and Traditional Relation Extraction"
    assert found(doc, "Etzioni", typed, "original") is not None
    assert found(doc, "Etzioni", typed) is not None
    assert found(doc, "Hearst", "Automatic acquisition of corpora from large hyponyms text") is None


@pytest.mark.parametrize("doc, author, title", [
    ("For more see Jeffrey Friedl's Mastering Regular Expressions, published by O'Reilly.",
     "Friedl", "Mastering Regular Expressions"),
    ("Knuth described it in detail, published in his book Digital Typography, and more.",
     "Knuth", "Digital Typography"),
    ("In chapter 18 of The TeXbook, Knuth suggests a macro.", "Knuth", "The TeXbook"),
    ("The classic Mastering Regular Expressions by Jeffrey Friedl is still read.", "Friedl",
     "Mastering Regular Expressions"),
    # given names hyphenated or joined to initials, up to four words
    ("The classic Mastering Regular Expressions by Jean-Pierre Friedl is still read.", "Friedl",
     "Mastering Regular Expressions"),
    ("The classic Mastering Regular Expressions by Jeffrey E.F. Friedl is still read.",
     "Friedl", "Mastering Regular Expressions"),
])
def test_a_short_title_in_running_text_with_its_author_beside_it(doc, author, title) -> None:
    assert found(doc, author, title) is not None


@pytest.mark.parametrize("doc, author, title", [
    ("Friedl's regular expressions are greedy, unlike most.", "Friedl", "Regular expressions"),
    ("Lamport's document preparation system is LaTeX.", "Lamport", "Document preparation"),
    ("Knuth wrote that digital typography needs care.", "Knuth", "Digital Typography"),
])
def test_ordinary_words_beside_a_name_are_no_short_title(doc, author, title) -> None:
    assert found(doc, author, title) is None


def test_a_title_first_numbered_entry_with_a_volume_note() -> None:
    doc = ("[5] The TeX book (Computers and Typesetting, Vol. A), by Donald E. Knuth, "
           "Addison-Wesley, 1984.\n[6] The LaTeX Companion, by Goossens, Mittelbach and Samarin.")
    assert found(doc, "Knuth", "The TeXbook") == "the tex book"
    assert found(doc, "Knuth", "The LaTeX Companion") is None


def test_one_span_is_one_title_and_a_missing_word_is_no_typo() -> None:
    doc = "Goossens, M., Mittelbach, F., Samarin, A.: The LaTeX Companion. Addison-Wesley, 1994."
    titles = ("The LaTeX Companion", "The LaTeX Web Companion")
    original = CitationMatcher([AuthorGroup(("Goossens",), titles)],
                               MatcherSettings(scheme="original")).find(doc)
    assert [c.publication for c in original] == list(titles)  # the 2003 scheme reports both
    improved = CitationMatcher([AuthorGroup(("Goossens",), titles)], MatcherSettings()).find(doc)
    assert [c.publication for c in improved] == ["The LaTeX Companion"]
    assert found(doc, "Goossens", "The LaTeX Web Companion") is None
    apart = CitationMatcher([AuthorGroup(("Goossens",), titles[:1]),
                             AuthorGroup(("Mittelbach",), titles[1:])], MatcherSettings())
    assert [c.publication for c in apart.find(doc)] == ["The LaTeX Companion"]


@pytest.mark.parametrize("doc", [
    "Knuth, Lamport, Mittelbach: Typesetting concepts, TUGboat 1990\nGoossens, Mittelbach, "
    "Samarin: The LaTeX Companion, Addison-Wesley 1994",
    "D. E. Knuth and S. Levy (1993) The CWEB System. Addison-Wesley.\n\nM. Goossens and F. "
    "Mittelbach (1994) The LaTeX Companion. Addison-Wesley.",
    "D. E. Knuth and S. Levy (1993), \u201cThe CWEB System\u201d. Addison-Wesley, ISBN "
    "978-0201575699.\nM. Goossens (1994), \u201cThe LaTeX Companion\u201d. Addison-Wesley.",
])
def test_a_neighbours_title_is_not_lent_to_a_co_author(doc: str) -> None:
    assert found(doc, "Knuth", "The LaTeX Companion") is None
    assert found(doc, "Goossens", "The LaTeX Companion") == "the latex companion"


def test_words_split_by_blanks_in_extracted_text_still_count() -> None:
    doc = ("[KD91] Eleftherios Koutsofios and Da vid Dobkin/. Left y/: A t w o/-view editor for "
           "tec hnical pic/- tures/. In Graphics Interface '91, pages 68-76, 1991.")
    title = "Lefty: A two-view editor for technical pictures"
    assert found(doc, "Dobkin", title, "original") is not None
    assert found(doc, "Dobkin", title) is not None


HITS = st.lists(st.builds(Citation, st.just("Knuth"), st.sampled_from("ABCDE"),
                          st.text(alphabet="ab", min_size=1, max_size=30),
                          st.sampled_from([0.8, 0.85, 0.9, 1.0]), st.integers(0, 120)),
                max_size=40)


@settings(max_examples=500, deadline=None)
@given(HITS)
def test_one_span_one_title_compares_only_hits_that_can_overlap(hits: list[Citation]) -> None:
    # Many hits in one document are compared with their neighbours only: the outcome must be
    # the pairwise rule's.
    pairwise = [c for c in hits
                if not any(o.similarity > c.similarity and _overlap(o, c)
                           for o in hits if o.publication != c.publication)]
    assert _one_title_per_span(hits) == pairwise
