"""A query that stops short of the printed title's last words, where the print shows the title
going on past the hit: a word the query names only where the hit prints it already
(``longer_titles.longer_title``, ``longer_titles._not_printed``), or words printed in lower case
up to the title's close or the next field's capital
(``improved/title_ends/lower_case_runs.py``, read with the document's capitals in the
improved search's checks too).

Each table pairs the near-miss decoys the improved scheme now rejects (the title without its
last word, reported by both schemes before) with the whole titles both schemes keep in the
same prints, and with decoys that stay rejected (a changed content word, another entry's
title). Strings of our own, in the shapes citation styles print them.
"""

from __future__ import annotations

import pytest

from tests.support import matching

#: Entries printed under a reference list's heading (``matching.OPENING``); each table row
#: searches one of them.
REPEATED = (
    "Varga, H. (2004). Mills and rivers: the tide mills of northern rivers. Baltic Review 12, "
    "3–9.\n"
    "Lund, K. (1999). Quays of the Hanseatic ports. Bergen: Fjord.\n"
    "Okafor, B. (2011). Harbour towns, river towns and the trade of market towns. Lagos: "
    "Ibadan Press.\n")


@pytest.mark.parametrize("author, title", [
    ("Varga", "Mills and rivers: the tide mills of northern"),
    ("Okafor", "Harbour towns, river towns and the trade of market"),
])
def test_a_word_printed_again_after_the_hit_is_the_title_s_last(author: str, title: str
                                                                 ) -> None:
    """The query names the word once (twice), where the hit prints it: the print after the
    hit is one more, the printed title's own last word."""
    matching.turned_down(REPEATED, author, title)


@pytest.mark.parametrize("author, title, cites", [
    # the whole titles
    ("Varga", "Mills and rivers: the tide mills of northern rivers", True),
    ("Okafor", "Harbour towns, river towns and the trade of market towns", True),
    # a changed content word, another entry's title: rejected as before
    ("Varga", "Mills and rivers: the tide mills of western rivers", False),
    ("Varga", "Quays of the Hanseatic ports", False),
])
def test_whole_titles_with_a_word_printed_twice_stay_found(author: str, title: str,
                                                           cites: bool) -> None:
    (matching.kept_by_both if cites else matching.turned_down)(REPEATED, author, title)


LOWER_CASE = (
    "Lindqvist, E. (2004). When a spring tide floods the harbour walls. Baltic Review 12, "
    "3–9.\n"
    "Okafor B (2014) Calls for harbour dredging permit requirement (2014)\n"
    "Marsh T (2010) Coastal trade routes and river markets Harbour Studies 12, 3–9.\n"
    "Ruiz, M. (2008). Tide mills of the north edited by K. Lund. Bergen: Fjord.\n"
    "Soto, A. (2012). Wave loads on harbour walls arXiv preprint (2012)\n"
    "Lund K (2001) When a Spring Tide Floods the Harbour Walls. Fjord Review 3, 1–9.\n")


@pytest.mark.parametrize("author, title", [
    # words in lower case run on after a hit whose last word is in lower case: up to the
    # title's full stop, a bracket, or the next field's capital
    ("Lindqvist", "When a spring tide"),
    ("Okafor", "Calls for harbour dredging permit"),
    ("Marsh", "Coastal trade routes and river"),
])
def test_words_in_lower_case_after_the_hit_are_the_title_s_own(author: str, title: str
                                                                ) -> None:
    matching.turned_down(LOWER_CASE, author, title)


@pytest.mark.parametrize("author, title, cites", [
    # the whole titles
    ("Lindqvist", "When a spring tide floods the harbour walls", True),
    ("Okafor", "Calls for harbour dredging permit requirement", True),
    ("Marsh", "Coastal trade routes and river markets", True),
    # a field in lower case: a role and "by", a word with a capital inside
    ("Ruiz", "Tide mills of the north", True),
    ("Soto", "Wave loads on harbour walls", True),
    # a changed content word, another entry's title: rejected as before
    ("Lindqvist", "When a spring tide floods the harbour gates", False),
    ("Marsh", "Tide mills of the north", False),
])
def test_titles_before_a_field_in_lower_case_stay_found(author: str, title: str,
                                                        cites: bool) -> None:
    (matching.kept_by_both if cites else matching.turned_down)(LOWER_CASE, author, title)


#: A journal abbreviated right after the title, its first word an abbreviation of a title word.
ABBREVIATED = (
    "Walker, B., 1999. Coastal trade routes. Ports Review, 12, 3-9.\n"
    "Donovan, A., 2000. Intermodal transportation in harbour perspective Transp. Law J, 27, "
    "317\n"
    "Ellis, C., 2001. Tide mills of the north. Harbour Studies, 4, 1-2.\n")


@pytest.mark.parametrize("title, cites", [
    ("Intermodal transportation in harbour perspective", True),
    # the title without its last word, a changed content word: rejected as before
    ("Intermodal transportation in harbour", False),
    ("Intermodal transportation in river perspective", False),
])
def test_a_journal_abbreviating_a_title_word_after_the_title_is_no_longer_title(
        title: str, cites: bool) -> None:
    """"Transp." abbreviates the query's "transportation": the query holds it inside one of
    its words, so it is named, not read as the printed title's own last word."""
    (matching.kept_by_both if cites else matching.turned_down)(ABBREVIATED, "Donovan", title)


def test_a_title_in_title_case_tells_nothing() -> None:
    """The same run in a title printed in title case: the capitals cannot tell the title's
    words from a field's, so the near miss is reported as before (no rule reads it)."""
    assert matching.found_in_references(LOWER_CASE, "Lund", "When a Spring Tide")
