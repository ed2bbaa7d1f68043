"""Titles in French guillemets ("« Titre »", with or without the blank French spacing puts
inside them), and in German quotes, which close a title with the marks other languages open
one with ("„Titel“", "»Titel«"): the checks read them as they read a title in curly or
straight double quotes.
The entry's own title is kept; another entry's title after its own author run, and a title
the query lacks a word of, are turned down as they are with the other quotes."""

from __future__ import annotations

import pytest

from citeseeker_scrapy.matching.model import OTHER_ENTRY
from tests.support.matching import kept_by_both, turned_down
from tests.test_matching_superset import original_veto

DOCKS = "Les docks flottants et le commerce des ports fluviaux"
#: ``DOCKS`` without its last word: a shorter title, another work.
DOCKS_CUT = "Les docks flottants et le commerce des ports"
BEFORE = "Aubert, Claire, 2001. Les halles du Rhône. Lyon: Presses du Rhône.\n"
AFTER = "\nZeller, Odile, 1998. Tanneurs et teinturiers. Paris: Belin.\n"
#: Guillemets as French typography prints them (a no-break space inside, a plain blank once
#: extracted), with no blank, and the curly double quotes the rows are compared with.
QUOTES = [("\u00ab\u00a0", "\u00a0\u00bb"), ("\u00ab ", " \u00bb"), ("\u00ab", "\u00bb"),
          ("\u201c", "\u201d")]
#: An entry of the queried author, Berthier, with the title in the quotes.
OWN_ENTRIES = [
    "Berthier, L., 2004. {o}{t}{c}. Revue d'histoire urbaine, 12, 33-45.",
    "L. Berthier, {o}{t}{c}, Revue d'histoire urbaine, 12, 2004, p. 33-45.",
    "BERTHIER, Louis. {o}{t}{c}. Revue d'histoire urbaine. 2004, vol. 12, p. 33-45.",
    "Berthier, Louis, {o}{t}{c}, Revue d'histoire urbaine, 2004.",
    "BERTHIER L., {o}{t}{c}, in Revue d'histoire urbaine, 2004.",
]
#: Berthier's entry, then Quintal's with the queried title after Quintal's own author run.
BERTHIER = "Berthier, L., 2004. {o}Les quais de Saône{c}. Revue d'histoire urbaine, 12."
OTHER_RUNS = [
    "QUINTAL, Paul. {o}{t}{c}. Lyon, 2010.",
    "P. Quintal, {o}{t}{c}, Lyon, 2010.",
]


@pytest.mark.parametrize("quotes", QUOTES)
@pytest.mark.parametrize("entry", OWN_ENTRIES)
def test_a_title_in_guillemets_is_kept(entry: str, quotes: tuple[str, str]) -> None:
    opening, closing = quotes
    doc = BEFORE + entry.format(o=opening, c=closing, t=DOCKS) + AFTER
    kept_by_both(doc, "Berthier", DOCKS)


@pytest.mark.parametrize("quotes", QUOTES)
@pytest.mark.parametrize("entry", OWN_ENTRIES)
def test_a_query_that_lacks_the_last_word_in_guillemets_is_another_work(
        entry: str, quotes: tuple[str, str]) -> None:
    opening, closing = quotes
    doc = BEFORE + entry.format(o=opening, c=closing, t=DOCKS) + AFTER
    turned_down(doc, "Berthier", DOCKS_CUT)


@pytest.mark.parametrize("quotes", QUOTES)
@pytest.mark.parametrize("other", OTHER_RUNS)
def test_a_title_in_guillemets_after_another_author_run_is_that_entry_s(
        other: str, quotes: tuple[str, str]) -> None:
    opening, closing = quotes
    doc = (BEFORE + BERTHIER.format(o=opening, c=closing) + "\n"
           + other.format(o=opening, c=closing, t=DOCKS) + AFTER)
    assert original_veto(doc, "Berthier", DOCKS) == OTHER_ENTRY
    turned_down(doc, "Berthier", DOCKS)


HAFEN = "Die Speicherstädte der Hansehäfen an der Ostsee"
#: ``HAFEN`` without its last word, and with its last word changed: other works.
HAFEN_NEAR = ["Die Speicherstädte der Hansehäfen an der",
              "Die Speicherstädte der Hansehäfen an der Nordsee"]
#: German quotes, low-high and pointing inwards, joined to the title's words.
GERMAN_QUOTES = [("\u201e", "\u201c"), ("\u00bb", "\u00ab")]
#: Entries of the queried author, Vogler, with the title in the quotes.
GERMAN_ENTRIES = [
    "Vogler, Heike (2003): {o}{t}{c}, in: Hansische Blätter 18, S. 7–29.",
    "VOGLER, H.: {o}{t}{c}. Lübeck 2003.",
    "H. Vogler, {o}{t}{c} Hansische Blätter 18 (2003), 7–29.",
]


@pytest.mark.parametrize("quotes", GERMAN_QUOTES)
@pytest.mark.parametrize("entry", GERMAN_ENTRIES)
def test_a_title_in_german_quotes_is_kept_and_a_near_miss_turned_down(
        entry: str, quotes: tuple[str, str]) -> None:
    opening, closing = quotes
    doc = BEFORE + entry.format(o=opening, c=closing, t=HAFEN) + AFTER
    kept_by_both(doc, "Vogler", HAFEN)
    for near in HAFEN_NEAR:
        turned_down(doc, "Vogler", near)
