"""Fields a style runs a title into with no punctuation, and the entry's end after them: a
short title (three words or fewer) before the volume and pages where the style prints no
journal's name (``run_on_fields.VOLUME_CLOSING_ENTRY``, read by ``title_edges.stands_alone``; the
next entry perhaps opened with an author-year label, ``entry_grammar.NEXT_ENTRY_OPENING``), or
after the volume printed bare after the run's date (a year, bracketed or closed by a full stop
or a comma), closing its entry, perhaps before the book's count of pages
(``title_edges._volume_after_run_date``); before the book's count of pages that closes the
entry, perhaps joined to the title's last word (``title_edges._PAGE_COUNT_CLOSING_ENTRY``); a
title of any length before a journal of one word joined to the colon of its pages
(``run_on_fields._ONE_WORD_JOURNAL``), not where that word is printed in lower case (the
title's own, ``lower_case_runs.next_field``); a town or publisher that closes its entry before the
next entry's author run printed with its comma joined to the initials ("Maclean,S.A.",
``entry_grammar.NEXT_ENTRY_OPENING``); and a short title right after an organisation's name
that opens its entry after the entry's number or after the same name and its date
(``title_edges._author_field_before``); any field right after a year or a span of years that
closes a title after its comma or colon, or after a preposition of time, a short title's too
(``title_edges.closed_by_date``); a town, publisher or acronym before the closing bracket, comma
and full stop some styles end every entry with (``entry_grammar.ENTRY_CLOSING``); a short title
before the "in" of a chapter's book run up to the chapter's pages
(``run_on_fields.CHAPTER_IN_BOOK_TO_PAGES``), its end marked uncertain.

Each table pairs the entries the original (2003) scheme finds and the improved one must keep
with near-miss decoys beside them that the improved scheme must still reject. Strings of our
own, in the shapes citation styles print them.
"""

from __future__ import annotations

import pytest

from tests.support import matching

_kept = matching.kept_by_both
_turned_down = matching.turned_down

#: The next entry after each row: an author run, as the reference list prints its entries.
_NEXT = "\nLindqvist, K. 2003. Fjord walls of the north 5, 1\u20139."


@pytest.mark.parametrize("doc, author, title", [
    # the volume, a comma and the pages
    ("Okafor, N. 2011. Harbour Silt Budgets 12, 44\u201359.", "Okafor", "Harbour Silt Budgets"),
    # the volume alone, then the entry's end
    ("Okafor, N. 2011. Harbour Silt Budgets 12.", "Okafor", "Harbour Silt Budgets"),
    ("Moreau, A. 1998. Stone bridges 7.", "Moreau", "Stone bridges"),
    # the volume, its issue in brackets, a colon and the pages
    ("Okafor, N. 2011. Harbour silt budgets 12(3):44\u201359.", "Okafor",
     "Harbour silt budgets"),
    # the volume, a colon and one page
    ("Moreau, A. (1998) Pont et rivi\u00e8re 7: 101.", "Moreau", "Pont et rivi\u00e8re"),
    # a numbered list
    ("[4] Kowalski P. 2005. Tidal gauges 31, 210\u2013219.\n[5] Brown K. 2001. Other.",
     "Kowalski", "Tidal gauges"),
    # the volume, a blank and the pages, then the next entry's number
    ("14. Kowalski P (2005) Tidal Gauges 31 210.\n15. Brown K (2001) Other things 4 9.",
     "Kowalski", "Tidal Gauges"),
    ("[3] Okafor N (2011) Harbour Silt Budgets 12 44\u201359.\n[4] Brown K (2001) Other 4 9.",
     "Okafor", "Harbour Silt Budgets"),
    # "vol" with no full stop and the volume
    ("Okafor N 2011 Harbour Silt Budgets vol 12\nBrown K 2001 Other things vol 4", "Okafor",
     "Harbour Silt Budgets"),
])
def test_a_short_title_before_its_volume_stands_alone(doc: str, author: str,
                                                      title: str) -> None:
    _kept(doc + _NEXT, author, title)


@pytest.mark.parametrize("doc, author, title", [
    # the printed title goes on: a longer title before the volume
    ("Okafor, N. 2011. Harbour silt budgets revised 12, 44\u201359.", "Okafor",
     "Harbour silt budgets"),
    ("Okafor, N. 2011. Harbour Silt Budgets Revised 12.", "Okafor", "Harbour Silt Budgets"),
    # a content word changed
    ("Okafor, N. 2011. Harbour silt ledgers 12, 44\u201359.", "Okafor", "Harbour silt budgets"),
    # a part's number, then its own title: a sequel, no volume
    ("Okafor, N. 2011. Harbour silt budgets 2. Dredged channels. Oslo.", "Okafor",
     "Harbour silt budgets"),
    # the same words in a sentence, a count after them
    ("Okafor, N. 2011. We measured harbour silt budgets 12 times. Oslo.", "Okafor",
     "Harbour silt budgets"),
    # the volume, a blank and the pages after a longer title, a changed word, a sentence
    ("14. Kowalski P (2005) Tidal Gauges Revisited 31 210.\n15. Brown K (2001) Other 4 9.",
     "Kowalski", "Tidal Gauges"),
    ("14. Kowalski P (2005) Coastal Tidal Gauges 31 210.\n15. Brown K (2001) Other 4 9.",
     "Kowalski", "Coastal Tidal Stages"),
    ("14. Kowalski P (2005) Readings of the tidal gauges 31 210.\n15. Brown K (2001) Other 4 9.",
     "Kowalski", "Tidal gauges"),
    # the printed title's first word dropped by the query
    ("14. Kowalski P (2005) Coastal Tidal Gauges 31 210.\n15. Brown K (2001) Other 4 9.",
     "Kowalski", "Tidal Gauges"),
    ("Okafor N 2011 Harbour Silt Budgets vol 12\nBrown K 2001 Other vol 4", "Okafor",
     "Silt Budgets"),
    # "vol" and the volume after a longer title, a changed word
    ("Okafor N 2011 Harbour Silt Budgets Revised vol 12\nBrown K 2001 Other vol 4", "Okafor",
     "Harbour Silt Budgets"),
    ("Okafor N 2011 Harbour Silt Ledgers vol 12\nBrown K 2001 Other vol 4", "Okafor",
     "Harbour Silt Budgets"),
])
def test_a_near_miss_before_a_volume_stays_rejected(doc: str, author: str, title: str) -> None:
    _turned_down(doc + _NEXT, author, title)


#: The next entry of a list that opens each entry with an author-year label.
_NEXT_LABELLED = "\n\nLindqvist 2003: K. Lindqvist, Fjord walls of the north 5."


@pytest.mark.parametrize("doc, author, title", [
    ("Okafor 2011: N. Okafor, Harbour Silt Budgets 12.", "Okafor", "Harbour Silt Budgets"),
    ("Okafor et al. 2011: N. Okafor/K. Berg, Harbour silt budgets 3.", "Berg",
     "Harbour silt budgets"),
    ("Moreau/Okafor 1998b: A. Moreau/N. Okafor, Stone Bridges 7.", "Moreau", "Stone Bridges"),
])
def test_a_short_title_before_its_volume_closing_a_labelled_entry(doc: str, author: str,
                                                                  title: str) -> None:
    """The volume's full stop closes the entry where the next one opens with its label, its
    first author's surname and year, and that surname again after its initials
    (``entry_grammar._DATED_LABEL``)."""
    _kept(doc + _NEXT_LABELLED, author, title)


@pytest.mark.parametrize("doc, author, title", [
    # a longer title, a changed word before the volume of a labelled entry
    ("Okafor 2011: N. Okafor, Harbour Silt Budgets Revised 12.", "Okafor",
     "Harbour Silt Budgets"),
    ("Okafor 2011: N. Okafor, Harbour Silt Ledgers 12.", "Okafor", "Harbour Silt Budgets"),
])
def test_a_near_miss_before_the_volume_of_a_labelled_entry_stays_rejected(
        doc: str, author: str, title: str) -> None:
    _turned_down(doc + _NEXT_LABELLED, author, title)


@pytest.mark.parametrize("next_words", [
    # a word and a year, then no author run that prints the word again: no label
    "\n\nLindqvist 2003: see the walls of the north 5.",
    "\n\nLindqvist 2003: K. Berg, Fjord walls of the north 5.",
])
def test_a_word_and_year_without_its_author_run_opens_no_entry(next_words: str) -> None:
    _turned_down("Okafor 2011: N. Okafor, Harbour Silt Budgets 12." + next_words, "Okafor",
                 "Harbour Silt Budgets")


@pytest.mark.parametrize("doc, author, title", [
    # the run's date, the volume, then a title that closes the entry
    ("Okafor, Ngozi. 2011. 12 Harbour Silt Budgets.", "Okafor", "Harbour Silt Budgets"),
    ("Okafor, N., and K. Lindqvist. 2011. 12 harbour silt budgets.", "Okafor",
     "harbour silt budgets"),
    ("Moreau, A. et al. 1998b. 7 Stone Bridges.", "Moreau", "Stone Bridges"),
    # the date in brackets, lettered, with a full stop after it, or closed by a comma
    ("Okafor, N. (2011) 12 Harbour Silt Budgets.", "Okafor", "Harbour Silt Budgets"),
    ("Okafor, N. (2011a) 12 Harbour Silt Budgets.", "Okafor", "Harbour Silt Budgets"),
    ("Okafor, N. (2011). 12 harbour silt budgets.", "Okafor", "harbour silt budgets"),
    ("Okafor, N. [2011] 12 Harbour Silt Budgets.", "Okafor", "Harbour Silt Budgets"),
    ("Okafor, N., 2011, 12 Harbour Silt Budgets.", "Okafor", "Harbour Silt Budgets"),
    # the book's count of pages after the title's full stop, then the next entry
    ("Moreau, A. (1998) 7 Stone Bridges. 212pp.", "Moreau", "Stone Bridges"),
    ("Moreau, A. (1998) 7 Stone Bridges. 212 pp.", "Moreau", "Stone Bridges"),
    ("Moreau, A. 1998. 7 Stone Bridges. 96 p.", "Moreau", "Stone Bridges"),
    # the volume and its page or pages before the title
    ("Okafor, N. (2011) 12 44 Harbour Silt Budgets.", "Okafor", "Harbour Silt Budgets"),
    ("Okafor, Ngozi. 2011. 12 44\u201359 Harbour Silt Budgets.", "Okafor",
     "Harbour Silt Budgets"),
    ("Moreau, A. [1998] 7 212-230 Stone Bridges. 212pp.", "Moreau", "Stone Bridges"),
])
def test_a_short_title_after_its_volume_and_the_run_date_stands_alone(doc: str, author: str,
                                                                      title: str) -> None:
    _kept(doc + _NEXT, author, title)


@pytest.mark.parametrize("doc, author, title", [
    # a content word changed, dropped or added, at either end
    ("Okafor, Ngozi. 2011. 12 Harbour Silt Ledgers.", "Okafor", "Harbour Silt Budgets"),
    ("Okafor, Ngozi. 2011. 12 Harbour Silt Budgets.", "Okafor", "Harbour Sand Budgets"),
    ("Okafor, Ngozi. 2011. 12 Harbour Silt Budgets Revised.", "Okafor", "Harbour Silt Budgets"),
    ("Okafor, Ngozi. 2011. 12 Coastal Harbour Silt Budgets.", "Okafor", "Harbour Silt Budgets"),
    ("Okafor, Ngozi. 2011. 12 Harbour Silt Budgets.", "Okafor", "Harbour Silt"),
    # a longer title before the entry's next field
    ("Okafor, Ngozi. 2011. 12 Harbour Silt Budgets Revised. Oslo: Fjord Press.", "Okafor",
     "Harbour Silt Budgets"),
    # a sentence: a number after a year's full stop, the same words
    ("Okafor was there in 2011. 12 harbour silt budgets were measured.", "Okafor",
     "harbour silt budgets"),
    # the date in brackets: a word changed, dropped or added, at either end
    ("Moreau, A. (1998) 7 Stone Ledgers. 212pp.", "Moreau", "Stone Bridges"),
    ("Moreau, A. (1998) 7 Stone Bridges. 212pp.", "Moreau", "Stone"),
    ("Moreau, A. (1998) 7 Old Stone Bridges. 212pp.", "Moreau", "Stone Bridges"),
    ("Moreau, A. [1998] 7 Stone Bridges Revisited. 212pp.", "Moreau", "Stone Bridges"),
    # a sentence: a bracketed year, a number, the same words
    ("Moreau wrote (1998) 7 stone bridges were built.", "Moreau", "stone bridges"),
    # the volume and a page before the title: a word changed, dropped or added
    ("Okafor, N. (2011) 12 44 Harbour Silt Ledgers.", "Okafor", "Harbour Silt Budgets"),
    ("Okafor, N. (2011) 12 44 Harbour Silt Budgets.", "Okafor", "Harbour Silt"),
    ("Okafor, N. (2011) 12 44 Harbour Silt Budgets Revised.", "Okafor", "Harbour Silt Budgets"),
    ("Okafor, N. (2011) 12 44 Coastal Harbour Silt Budgets.", "Okafor", "Harbour Silt Budgets"),
    # a sentence: a year, two numbers, the same words
    ("Okafor counted (2011) 12 44 harbour silt budgets in all.", "Okafor",
     "harbour silt budgets"),
])
def test_a_near_miss_after_a_volume_and_the_run_date_stays_rejected(doc: str, author: str,
                                                                    title: str) -> None:
    _turned_down(doc + _NEXT, author, title)


#: Next entries that open with no initials printed with full stops: an inverted name with two
#: given names before its year, an organisation's name and its acronym before its year, an
#: organisation's name up to its bracketed year and colon, a surname after a number printed in
#: the margin with no full stop, its initials joined with none, then the year or the next
#: author.
_NEXT_WITHOUT_STOPPED_INITIALS = [
    "\nLindqvist, Karin Maria. 2003. Fjord walls of the north 5, 1\u20139.",
    "\nDepartment of Harbours (DOH). 2003. Fjord walls of the north 5, 1\u20139.",
    "\nNorway. Harbour Office (2003): Fjord walls of the north 5, 1\u20139.",
    "\n4 Lindqvist K (2003) Fjord walls of the north 5, 1\u20139.",
    "\n4 Lindqvist KM & Berg M (2003) Fjord walls of the north 5, 1\u20139.",
    "\n4 Lindqvist K, Berg M (2003) Fjord walls of the north 5, 1\u20139.",
    # ... or an organisation, or a surname and its dotted initial, up to the bracketed year
    "\n4 Fjord & Harbour Board (2003) Fjord walls of the north 5, 1\u20139.",
    "\n4 Lindqvist K. (2003) Fjord walls of the north 5, 1\u20139.",
    # ... or two names with their initials joined up to the last one's full stop and the year
    "\nLindqvist K, Berg MA. 2003. Fjord walls of the north 5, 1\u20139.",
]


@pytest.mark.parametrize("next_entry", _NEXT_WITHOUT_STOPPED_INITIALS)
def test_a_short_title_after_its_volume_closing_an_entry_before_one_without_stopped_initials(
        next_entry: str) -> None:
    _kept("Okafor, Ngozi. 2011. 12 Harbour Silt Budgets." + next_entry, "Okafor",
          "Harbour Silt Budgets")


@pytest.mark.parametrize("next_words", [
    # a place and a publisher's name before the year; an organisation's name with two full
    # stops inside (the rest of an entry) or a digit before its acronym
    "\nOxford, Clarendon Press. 2003. Fjord walls of the north 5, 1\u20139.",
    "\nBudapest, Akadémiai Kiadó. 2003. Fjord walls of the north 5, 1\u20139.",  # accented
    "\nNorway. Harbour Office. Department of Harbours (DOH). 2003. Fjord walls 5, 1\u20139.",
    "\nDepartment 12 of Harbours (DOH). 2003. Fjord walls of the north 5, 1\u20139.",
    # a number and words like joined initials, neither the year nor an author after them
    "\n4 Tome II, Paris, 2003. Fjord walls of the north 5, 1\u20139.",
    "\n4 Lindqvist K Fjord walls of the north 5, 1\u20139.",
    # words up to a bracketed year with a full stop or a digit inside: the rest of an entry
    "\n4 Tome II. Paris (2003) Fjord walls of the north 5, 1\u20139.",
    "\n4 Tome 2 Paris (2003) Fjord walls of the north 5, 1\u20139.",
    # names with joined initials and no year after their full stop
    "\nLindqvist K, Berg MA. Fjord walls of the north 5, 1\u20139.",
])
def test_words_like_an_entry_without_stopped_initials_open_no_entry(next_words: str) -> None:
    _turned_down("Okafor, Ngozi. 2011. 12 Harbour Silt Budgets." + next_words, "Okafor",
                 "Harbour Silt Budgets")


@pytest.mark.parametrize("doc, author, title", [
    # the run's year closed by a colon, then the pages or a page range, then the title
    ("Okafor, Ngozi, 1981: 73\u2013100 Harbour Silt Budgets, Bergen: Fjord.", "Okafor",
     "Harbour Silt Budgets"),
    ("Okafor, N./Lund, K., 1981: 528 Harbour Silt Budgets, Bergen: Fjord.", "Okafor",
     "Harbour Silt Budgets"),
    ("Moreau, Anne, 1998a: 7-19 Stone Bridges.", "Moreau", "Stone Bridges"),
])
def test_a_short_title_after_the_run_date_and_its_pages_stands_alone(doc: str, author: str,
                                                                     title: str) -> None:
    _kept(doc + _NEXT, author, title)


@pytest.mark.parametrize("doc, author, title", [
    # a content word changed, dropped or added, at either end
    ("Okafor, Ngozi, 1981: 73\u2013100 Harbour Silt Ledgers, Bergen: Fjord.", "Okafor",
     "Harbour Silt Budgets"),
    ("Okafor, Ngozi, 1981: 73\u2013100 Harbour Silt Budgets, Bergen: Fjord.", "Okafor",
     "Harbour Silt"),
    ("Okafor, Ngozi, 1981: 73\u2013100 Harbour Silt Budgets Revised, Bergen: Fjord.", "Okafor",
     "Harbour Silt Budgets"),
    ("Okafor, Ngozi, 1981: 73\u2013100 Coastal Harbour Silt Budgets, Bergen: Fjord.", "Okafor",
     "Harbour Silt Budgets"),
    # a sentence: words between the name and the year, a number after the year's colon
    ("Okafor counted them in 1981: 73 harbour silt budgets, all of stone.", "Okafor",
     "harbour silt budgets"),
])
def test_a_near_miss_after_the_run_date_and_its_pages_stays_rejected(doc: str, author: str,
                                                                     title: str) -> None:
    _turned_down(doc + _NEXT, author, title)


@pytest.mark.parametrize("doc, author, title", [
    # the book's count of pages after a blank, or joined to the title's last word
    ("OKAFOR, N. 2011. Harbour Silt Budgets 212 pp.", "Okafor", "Harbour Silt Budgets"),
    ("OKAFOR, N. 2011. Harbour Silt Budgets212 pp.", "Okafor", "Harbour Silt Budgets"),
    ("MOREAU, A. 1998. University Press Publishing133 pp.", "Moreau",
     "University Press Publishing"),
    ("Moreau, A. (1998) Steinbr\u00fccken 96 S.", "Moreau", "Steinbr\u00fccken"),
    ("[4] Kowalski P. 2005. Tidal Gauges212pp.\n[5] Brown K. 2001. Other.", "Kowalski",
     "Tidal Gauges"),
    # the count of pages, then the bracketed place and year that close the entry
    ("1. MOREAU, A. Ponts En Pierre 552 (Villers-sur-Fjord, 1983).", "Moreau",
     "Ponts en pierre"),
])
def test_a_short_title_before_the_count_of_pages_that_closes_its_entry_stands_alone(
        doc: str, author: str, title: str) -> None:
    _kept(doc + _NEXT, author, title)


@pytest.mark.parametrize("doc, author, title", [
    # a content word changed, dropped or added, at either end
    ("OKAFOR, N. 2011. Harbour Silt Ledgers212 pp.", "Okafor", "Harbour Silt Budgets"),
    ("OKAFOR, N. 2011. Harbour Silt Budgets212 pp.", "Okafor", "Harbour Silt"),
    ("OKAFOR, N. 2011. Harbour Silt Budgets 212 pp.", "Okafor", "Harbour Silt"),
    ("OKAFOR, N. 2011. Harbour Silt Budgets Revised212 pp.", "Okafor", "Harbour Silt Budgets"),
    ("OKAFOR, N. 2011. Old Harbour Silt Budgets 212 pp.", "Okafor", "Harbour Silt Budgets"),
    # a number joined to the title's last word that is no count of pages
    ("OKAFOR, N. 2011. Harbour Silt Budgets2012 report.", "Okafor", "Harbour Silt Budgets"),
    # the count of pages that does not close the entry: a sentence goes on
    ("Okafor measured the harbour silt budgets 212 pp. were spent on them.", "Okafor",
     "harbour silt budgets"),
    # a word changed before the count of pages and the bracketed year; a sentence's number
    # before an author-year citation, the sentence going on
    ("1. MOREAU, A. Ponts En Bois 552 (Villers-sur-Fjord, 1983).", "Moreau",
     "Ponts en pierre"),
    ("Moreau counted ponts en pierre 552 (Lindqvist, 1983). They were old.", "Moreau",
     "Ponts en pierre"),
])
def test_a_near_miss_before_a_count_of_pages_stays_rejected(doc: str, author: str,
                                                          title: str) -> None:
    _turned_down(doc + _NEXT, author, title)


@pytest.mark.parametrize("doc, author, title", [
    # a capitalised last word, then the journal
    ("OKAFOR, N. 2011. The Silt Budgets of the Harbour Towns of Ghana Portus:18\u201322.",
     "Okafor", "The Silt Budgets of the Harbour Towns of Ghana"),
    # a span of years that ends the title, then the journal
    ("LINDQVIST, K. 2003. Hanseatic harbour law, 1300\u20131500 HGBll:45\u201367.",
     "Lindqvist", "Hanseatic harbour law, 1300\u20131500"),
    ("Moreau, A. 1998. Les ponts de pierre en Provence, 1700-1850 Annales:101\u2013117. Paris.",
     "Moreau", "Les ponts de pierre en Provence, 1700-1850"),
])
def test_a_title_before_a_one_word_journal_and_its_pages_after_a_colon(
        doc: str, author: str, title: str) -> None:
    _kept(doc + _NEXT, author, title)


@pytest.mark.parametrize("doc, author, title", [
    # the printed title goes on: a longer title before the journal
    ("OKAFOR, N. 2011. Tidal Harbour Towns Revisited Portus:18\u201322.", "Okafor",
     "Tidal Harbour Towns"),
    # a content word changed
    ("OKAFOR, N. 2011. The Silt Budgets of the Harbour Towns of Ghana Portus:18\u201322.",
     "Okafor", "The Silt Budgets of the Harbour Cities of Ghana"),
    # a span of years after a colon is the title's own: the title without its last word
    ("OKAFOR, N. 2011. Silt and Sand in the Harbours of Modern Europe:1900\u20131939. Oslo.",
     "Okafor", "Silt and Sand in the Harbours of Modern"),
])
def test_a_near_miss_before_a_one_word_journal_stays_rejected(doc: str, author: str,
                                                            title: str) -> None:
    _turned_down(doc + _NEXT, author, title)


#: Entries that print the title in sentence case with no journal's name, its last word in
#: lower case before the shapes a one-word journal prints (Vancouver's date, its volume and
#: bracketed year, pages joined to a colon); and one with a journal of one word after it.
_LOWER_CASE_LAST_WORD = [
    "12. Okafor N. Dredging records of the west african lagoons. 2011;18:7\u201329.",
    "Okafor, N. Dredging records of the west african lagoons, 18, (2011).",
    "OKAFOR, N. 2011. Dredging records of the west african lagoons:18\u201322.",
    "12. Okafor N. Dredging records of the west african lagoons Portus. 2011;18:7\u201329.",
]


@pytest.mark.parametrize("doc", _LOWER_CASE_LAST_WORD)
def test_a_word_in_lower_case_is_no_one_word_journal(doc: str) -> None:
    _kept(doc + _NEXT, "Okafor", "Dredging records of the west african lagoons")
    # a query that lacks the title's last word, or that changes it
    _turned_down(doc + _NEXT, "Okafor", "Dredging records of the west african")
    _turned_down(doc + _NEXT, "Okafor", "Dredging records of the west african coasts")


#: The next entry as styles that join each name's comma to its initials print it.
_NEXT_JOINED = "\nMaclean,S.A. (1990) Other things of the world. Journal, 4, 1\u20139."


@pytest.mark.parametrize("doc, author, title", [
    # a publisher's name, then the entry's end
    ("Lindqvist,K. (1975) Harbour walls and their building techniques Bell.", "Lindqvist",
     "Harbour walls and their building techniques"),
    # a town, then the entry's end; the first and the last author
    ("Okafor,N. and Moreau,A. (2004) Silt budgets of the west african coast Talence.",
     "Okafor", "Silt budgets of the west african coast"),
    ("Okafor,N. and Moreau,A. (2004) Silt budgets of the west african coast Talence.",
     "Moreau", "Silt budgets of the west african coast"),
])
def test_a_field_closes_its_entry_before_names_joined_to_their_initials(
        doc: str, author: str, title: str) -> None:
    _kept(doc + _NEXT_JOINED, author, title)


@pytest.mark.parametrize("doc, author, title", [
    # a content word changed
    ("Lindqvist,K. (1975) Harbour walls and their building techniques Bell.", "Lindqvist",
     "Harbour walls and their mooring techniques"),
    ("Okafor,N. and Moreau,A. (2004) Silt budgets of the west african coast Talence.",
     "Moreau", "Silt budgets of the west african lagoons"),
    # the next entry's title
    ("Lindqvist,K. (1975) Harbour walls and their building techniques Bell.", "Lindqvist",
     "Other things of the world"),
])
def test_a_near_miss_before_names_joined_to_their_initials_stays_rejected(
        doc: str, author: str, title: str) -> None:
    _turned_down(doc + _NEXT_JOINED, author, title)


#: The next entry of a numbered list.
_NEXT_NUMBERED = "\n26. Brown K. Other things of the world. Journal, 4, 1\u20139."


@pytest.mark.parametrize("doc, author, title", [
    # the entry's number, the organisation, its title
    ("25. HPG Dredging in Figures, Harbour Pilots Guild, 2012.", "HPG", "Dredging in Figures"),
    ("[25] HPG Dredging in Figures, Harbour Pilots Guild, 2012.", "HPG",
     "Dredging in Figures"),
    ("(25) HPG Dredging in Figures. Harbour Pilots Guild; 2012.", "HPG", "Dredging in Figures"),
    # the number printed bare (a superscript's digits) after the entry before's full stop
    ("24 Brown K. Harbour walls. Harbour Rev. 4, 1\u20139. 25 HPG Dredging in Figures Central "
     "Agency of Harbour Statistics, 2012.", "HPG", "Dredging in Figures"),
    ("24 Brown K. Harbour walls (Lagos, 2011). 25 HPG Dredging in Figures, Harbour Pilots "
     "Guild, 2012.", "HPG", "Dredging in Figures"),
    ("24 Brown K. Harbour walls. Lagos: Harbour Press. 25 HPG Dredging in Figures, Harbour "
     "Pilots Guild, 2012.", "HPG", "Dredging in Figures"),
    # the first entry's bare "1" right after the list's heading (printed above each row)
    ("1 HPG Dredging in Figures Central Agency of Harbour Statistics, 2012.", "HPG",
     "Dredging in Figures"),
    # the organisation and its date, the organisation again, its title
    ("Harbour Pilots Guild 2011, Harbour Pilots Guild Dredging Plan, [s.l.].",
     "Harbour Pilots Guild", "Dredging Plan"),
    ("Harbour Pilots Guild (2011), Harbour Pilots Guild Dredging Plan, [s.l.].",
     "Harbour Pilots Guild", "Dredging Plan"),
    # the author and its date, the title run into the organisation that publishes it, its
    # name opened by a word such as "Central"
    ("HPG (2012): Dredging in Figures Central Agency of Harbour Statistics:", "HPG",
     "Dredging in Figures"),
    ("HPG (2012): Dredging in Figures National Institute for Harbour Studies:", "HPG",
     "Dredging in Figures"),
    ("HPG. 2012. Dredging in Figures Swiss Federal Institute of Technology.", "HPG",
     "Dredging in Figures"),
    # ... in the language of the record
    ("25 Okafor, N. A. Raccolta Di Scritti Istituto per l'Oriente: Roma, 1939.", "Okafor",
     "Raccolta Di Scritti"),
    ("HPG (2012): Dredging in Figures Institut für Meereskunde:", "HPG", "Dredging in Figures"),
    ("HPG (2012): Dredging in Figures Instituto Nacional de Estadística:", "HPG",
     "Dredging in Figures"),
])
def test_a_short_title_right_after_its_entrys_author_field(doc: str, author: str,
                                                            title: str) -> None:
    _kept(doc + _NEXT_NUMBERED, author, title)


@pytest.mark.parametrize("doc", [
    "HPG (2012): Dredging in Figures Central Agency of Harbour Statistics:",
    "HPG. 2012. Dredging in Figures Swiss Federal Institute of Technology.",
])
def test_a_public_bodys_name_after_a_title_is_read_as_the_next_field(doc: str) -> None:
    # the name is a field the rules know, so the title's end is told, not guessed
    assert matching.title_end_of(doc + _NEXT_NUMBERED, "HPG", "Dredging in Figures") == "certain"


@pytest.mark.parametrize("doc, author, title", [
    # a content word changed
    ("25. HPG Dredging in Figures, Harbour Pilots Guild, 2012.", "HPG", "Dredging in Numbers"),
    # the printed title goes on, or opens with a word the query lacks
    ("25. HPG Dredging in Figures Revised, Harbour Pilots Guild, 2012.", "HPG",
     "Dredging in Figures"),
    ("25. HPG Annual Dredging Plan, Harbour Pilots Guild, 2012.", "HPG", "Dredging Plan"),
    ("(25) HPG Dredging in Numbers. Harbour Pilots Guild; 2012.", "HPG", "Dredging in Figures"),
    ("(25) HPG Annual Dredging Plan. Harbour Pilots Guild; 2012.", "HPG", "Dredging Plan"),
    # run into a capitalised word that opens no public body's name, or the body's name
    # after a changed content word
    ("HPG (2012): Dredging in Figures Annual Agency of Harbour Statistics:", "HPG",
     "Dredging in Figures"),
    ("HPG (2012): Dredging in Figures Central Agency of Harbour Statistics:", "HPG",
     "Dredging in Numbers"),
    ("25 Okafor, N. A. Raccolta Di Scritti Istituto per l'Oriente: Roma, 1939.", "Okafor",
     "Raccolta Di Lettere"),
    ("25 Okafor, N. A. Raccolta Di Scritti Istituto Orientale: Roma, 1939.", "Okafor",
     "Raccolta Di Scritti"),  # no word for "of" after it: no organisation's name told
    ("(25) HPG Dredging in Figures Revised. Harbour Pilots Guild; 2012.", "HPG",
     "Dredging in Figures"),
    ("Harbour Pilots Guild 2011, Harbour Pilots Guild Dredging Plan Review, [s.l.].",
     "Harbour Pilots Guild", "Dredging Plan"),
    # the name inside a sentence of another entry
    ("25. Brown K. In this report the Guild dredging plan was used, 2012.", "Guild",
     "Dredging Plan"),
    # a bare number after the entry before, a content word changed; a page's or a volume's
    # number after its abbreviation is no entry's
    ("Harbour Rev. 4, 1\u20139. 25 HPG Dredging in Numbers, Harbour Pilots Guild, 2012.", "HPG",
     "Dredging in Figures"),
    ("Brown K. Harbour walls. Harbour Rev., pp. 12 HPG Dredging in Figures, 2012.", "HPG",
     "Dredging in Figures"),
    ("Brown K. Harbour walls. Harbour Rev., Vol. 12 HPG Dredging in Figures, 2012.", "HPG",
     "Dredging in Figures"),
    # the first entry's bare "1" after the heading, a content word changed; a bare "1" after
    # a word that is no heading's
    ("1 HPG Dredging in Numbers Central Agency of Harbour Statistics, 2012.", "HPG",
     "Dredging in Figures"),
    ("As Table 1 HPG dredging in figures central to the plan shows, 2012.", "HPG",
     "Dredging in Figures"),
])
def test_a_near_miss_after_its_entrys_author_field_stays_rejected(doc: str, author: str,
                                                                   title: str) -> None:
    _turned_down(doc + _NEXT_NUMBERED, author, title)


@pytest.mark.parametrize("doc, author, title", [
    # a span of years after a comma, then a place no list knows and the entry's end
    ("Okafor, N. (2011). Harbour Pilots of the Guinea Coast, 1850-1914 Ebute.", "Okafor",
     "Harbour Pilots of the Guinea Coast, 1850-1914"),
    # a span whose first year has three digits
    ("Moreau, A. 1998. Les moulins du prieuré de Saint-Gilles, 987-1987 Vauvert, 12-30.",
     "Moreau", "Les moulins du prieuré de Saint-Gilles, 987-1987"),
    # a span after a colon, then a publisher's name of one word and the year
    ("BERG, T. Sealing grounds of the north: 1985\u20131999 Kestrel, 2003.",
     "Berg", "Sealing grounds of the north: 1985\u20131999"),
    # a year alone after a comma, then the publisher's name of one word
    ("[4] Varga H. Yearly report on harbour strikes, 2013 Dockfront.", "Varga",
     "Yearly report on harbour strikes, 2013"),
    # a meeting's place and year after a comma, then the publisher and its town
    ("Okafor,N. (1990) Tide gauges of the delta, talk at the Third Harbour Meeting, Calabar "
     "1989 Polytechnic, Calabar.", "Okafor",
     "Tide gauges of the delta, talk at the Third Harbour Meeting, Calabar 1989"),
    # a span of years after a preposition of time, then a journal of one word and its volume
    ("Okafor, N., 2008. Crues et digues des ports fluviaux en 1919-1920 Deltaïques, 10",
     "Okafor", "Crues et digues des ports fluviaux en 1919-1920"),
    ("Berg, T. (1999) Harbour pilots in the Baltic since 1950 Kestrel.", "Berg",
     "Harbour pilots in the Baltic since 1950"),
    # a short title so closed, then a thesis's mark
    ("8 Okafor, C. H. Harbour Lights, 1850\u20131900 diss., Univ. of Lagos, 1987.", "Okafor",
     "Harbour Lights, 1850\u20131900"),
])
def test_a_date_that_closes_the_title_before_the_next_field(
        doc: str, author: str, title: str) -> None:
    _kept(doc + _NEXT, author, title)


@pytest.mark.parametrize("doc, author, title", [
    # the title without its last word: the date is printed after a word the query lacks
    ("Okafor, N. (2011). Harbour Pilots of the Guinea Coast, 1850-1914 Ebute.", "Okafor",
     "Harbour Pilots of the Guinea"),
    # a content word changed
    ("Okafor, N. (2011). Harbour Pilots of the Guinea Coast, 1850-1914 Ebute.", "Okafor",
     "Harbour Pilots of the Gabon Coast, 1850-1914"),
    # another span of years than the printed one
    ("Okafor, N. (2011). Harbour Pilots of the Guinea Coast, 1850-1914 Ebute.", "Okafor",
     "Harbour Pilots of the Guinea Coast, 1850-1880"),
    # a date with no comma or colon before it is a title's word like another
    ("BERG, T. 2003. Sealing grounds of the north 1985\u20131999 Revisited. Oslo.",
     "Berg", "Sealing grounds of the north 1985\u20131999"),
    # another place before the year than the printed one
    ("Okafor,N. (1990) Tide gauges of the delta, talk at the Third Harbour Meeting, Calabar "
     "1989 Polytechnic, Calabar.", "Okafor",
     "Tide gauges of the delta, talk at the Third Harbour Meeting, Lagos 1989"),
    ("Okafor, N., 2008. Crues et digues des ports fluviaux en 1919-1920 Deltaïques, 10",
     "Okafor", "Crues et digues des ports maritimes en 1919-1920"),
    # the next entry's title
    ("Okafor, N. (2011). Harbour Pilots of the Guinea Coast, 1850-1914 Ebute.", "Okafor",
     "Fjord walls of the north"),
    # a short title: a word changed, another span, a word dropped before the date
    ("8 Okafor, C. H. Harbour Lights, 1850\u20131900 diss., Univ. of Lagos, 1987.", "Okafor",
     "Harbour Towers, 1850\u20131900"),
    ("8 Okafor, C. H. Harbour Lights, 1850\u20131900 diss., Univ. of Lagos, 1987.", "Okafor",
     "Harbour Lights, 1850\u20131950"),
    ("8 Okafor, C. H. Old Harbour Lights, 1850\u20131900 diss., Univ. of Lagos, 1987.",
     "Okafor", "Harbour Lights, 1850\u20131900"),
])
def test_a_near_miss_before_a_date_that_closes_a_title_stays_rejected(
        doc: str, author: str, title: str) -> None:
    _turned_down(doc + _NEXT, author, title)


#: The next entry as a style that closes every entry with a bracket, a comma and a full stop
#: prints it.
_NEXT_CLOSED = "\nMaclean, S. A. (1999). Fjord walls of the north. Oslo),."


@pytest.mark.parametrize("doc, author, title", [
    # a publisher's name after a title's last word in lower case
    ("Lindqvist, K. (1975). Harbour walls and their building techniques Bell),.", "Lindqvist",
     "Harbour walls and their building techniques"),
    # an acronym after a title's last word not in lower case; the first and the last author
    ("Okafor, N., Berg, T. (2012). Harbour Trade: Risk, Reward NIOMR),.", "Okafor",
     "Harbour Trade: Risk, Reward"),
    ("Okafor, N., Berg, T. (2012). Harbour Trade: Risk, Reward NIOMR),.", "Berg",
     "Harbour Trade: Risk, Reward"),
])
def test_a_field_closes_its_entry_with_a_bracket_and_a_comma(doc: str, author: str,
                                                              title: str) -> None:
    _kept(doc + _NEXT_CLOSED, author, title)


@pytest.mark.parametrize("doc, author, title", [
    # a content word changed
    ("Lindqvist, K. (1975). Harbour walls and their building techniques Bell),.", "Lindqvist",
     "Harbour walls and their mooring techniques"),
    ("Okafor, N., Berg, T. (2012). Harbour Trade: Risk, Reward NIOMR),.", "Okafor",
     "Harbour Trade: Risk, Revenue"),
    # the next entry's title
    ("Lindqvist, K. (1975). Harbour walls and their building techniques Bell),.", "Lindqvist",
     "Fjord walls of the north"),
    # the title's own last word, an acronym, before an empty field's comma, the query without
    # it, and a next entry that opens with no name the rules know
    ("Okafor, N., Berg, T. (2015) High Luminosity Harbour Cranes HL-HC,.\nAustralia. "
     "Department of Harbours (1913) Report.", "Okafor", "High Luminosity Harbour Cranes"),
])
def test_a_near_miss_before_a_bracket_and_a_comma_that_close_an_entry_stays_rejected(
        doc: str, author: str, title: str) -> None:
    _turned_down(doc + _NEXT_CLOSED, author, title)


@pytest.mark.parametrize("doc, author, title", [
    # "In:" and the comma of the editors' field the style left empty, then the container
    ("Okafor, N., 2004. Harbour Guilds In:, Studies of the West African Coast, (Delta Press: "
     "Lagos), 12\u201330", "Okafor", "Harbour Guilds"),
    ("Keller, H., 1997. Hafenrecht und Seefahrt In:, in: Kiel - Geschichte einer Hafenstadt, "
     "(Kiel), 40\u201352", "Keller", "Hafenrecht und Seefahrt"),
    ("Moreau, A., 1861. Behold! The Harbour In:, Songs of the Sea: A Collection, (Fjord Press: "
     "London), 25", "Moreau", "Behold! The Harbour"),
])
def test_a_title_before_in_and_an_empty_editors_field(doc: str, author: str,
                                                      title: str) -> None:
    _kept(doc + _NEXT, author, title)


@pytest.mark.parametrize("doc, author, title", [
    # a content word changed, a longer title, the title without its last word
    ("Okafor, N., 2004. Harbour Guilds In:, Studies of the West African Coast, (Delta Press: "
     "Lagos), 12\u201330", "Okafor", "Harbour Unions"),
    ("Okafor, N., 2004. Harbour Guilds Revisited In:, Studies of the West African Coast, "
     "(Delta Press: Lagos), 12\u201330", "Okafor", "Harbour Guilds"),
    ("Keller, H., 1997. Hafenrecht und Seefahrt In:, in: Kiel - Geschichte einer Hafenstadt, "
     "(Kiel), 40\u201352", "Keller", "Hafenrecht und"),
    # the next entry's title
    ("Okafor, N., 2004. Harbour Guilds In:, Studies of the West African Coast, (Delta Press: "
     "Lagos), 12\u201330", "Okafor", "Fjord walls of the north"),
])
def test_a_near_miss_before_in_and_an_empty_editors_field_stays_rejected(
        doc: str, author: str, title: str) -> None:
    _turned_down(doc + _NEXT, author, title)


# A short title run into its chapter's pages, then "In:" and the book (journal-of-threatened-
# taxa prints a chapter so), or into its book's pages and the entry's end: the pages open the
# next field, so the title stands alone.
_HYMNS = ("Halvorsen, K. (2002). Tides and Songs pp. 303\u2013321. In: Coastal Hymns of the "
          "North. Fjord Press.")
_QUAY = "Okafor, N. (1867). Behold the Quay p. 254. In: Lyra Borealis. Bergen: Nordsee."


#: A short title run into its book's pages, then its place and the entry's end, or the end
#: right after the pages ("Title p. Pages. Place.").
_SILT = "Lund, K., 1983: L'envasement des ports p. 552. Saint-Malo-sur-Rance."
_BASINS = "Moreau, A., 1991: Tidal Basins pp. 12\u201330."
#: ... or its page or pages after "p" or "pp" with no full stop and the bracketed year closing
#: the entry, the initials printed first with no full stop (indian-journal-of-physics).
_QUAY_PAGE = "[19] N Okafor Behold the Quay p 254 (1867)."
_BASINS_PAGES = "[4] A Moreau and K Lund Tidal Basins pp 12\u201330 (1991)."
#: ... or a volume's bare number before its page, closing the entry
#: (harvard-durham-university-business-school).
_QUAY_VOLUME = "Okafor, N. (1867) Behold the Quay 1 p.254. Lund, K. (1983) L'envasement. Paris."
#: ... or its page after German "S." (Seite), the entry's last field (soziologie), before the
#: next entry's opening or, where that entry opens with a name the grammar does not read (an
#: organisation's), at the paragraph's end: HTML and plain text print each entry as one.
_SILT_SEITE = "LUND, K., 1983: L'envasement des ports S. 552."
_AGENCY = "\n\nNorth Sea Harbour Agency, 2003: Tidal walls of the north."


@pytest.mark.parametrize("doc, author, title", [
    (_HYMNS, "Halvorsen", "Tides and Songs"),
    (_QUAY, "Okafor", "Behold the Quay"),
    (_SILT, "Lund", "L'envasement des ports"),
    (_BASINS, "Moreau", "Tidal Basins"),
    (_QUAY_PAGE, "Okafor", "Behold the Quay"),
    (_BASINS_PAGES, "Lund", "Tidal Basins"),
    (_QUAY_VOLUME, "Okafor", "Behold the Quay"),
    (_SILT_SEITE, "LUND", "L'envasement des ports"),
])
def test_a_short_title_before_its_pages_and_book_or_entry_end_stands_alone(
        doc: str, author: str, title: str) -> None:
    _kept(doc + _NEXT, author, title)


@pytest.mark.parametrize("doc", [_SILT_SEITE, _SILT_SEITE.replace("S. 552.", "p. 552."),
                                 _SILT_SEITE.replace("S. 552.", "pp. 12\u201330.")])
def test_a_short_title_before_its_pages_closing_the_paragraph_stands_alone(doc: str) -> None:
    _kept(doc + _AGENCY, "LUND", "L'envasement des ports")


@pytest.mark.parametrize("doc, title", [
    (_SILT_SEITE + _AGENCY, "L'envasement des"),  # the title without its last word
    (_SILT_SEITE + _AGENCY, "L'envasement des digues"),
    # more of the entry after the pages in their paragraph
    (_SILT_SEITE.replace("S. 552.", "S. 552. reprinted in Tidal walls.") + _AGENCY,
     "L'envasement des ports"),
    # a line's end inside the paragraph, not the paragraph's end
    (_SILT_SEITE + _AGENCY.replace("\n\n", "\n"), "L'envasement des ports"),
])
def test_a_near_miss_before_pages_closing_the_paragraph_stays_rejected(doc: str,
                                                                       title: str) -> None:
    _turned_down(doc, "LUND", title)


@pytest.mark.parametrize("doc, author, title", [
    (_HYMNS, "Halvorsen", "Tides and Ballads"),  # a content word changed
    (_QUAY, "Okafor", "Behold the Pier"),
    (_HYMNS, "Halvorsen", "Tides and Songs revisited"),  # a word added
    (_QUAY, "Okafor", "Behold the Old Quay"),
    (_SILT, "Lund", "L'envasement des digues"),
    (_SILT, "Lund", "L'envasement des"),  # the title without its last word
    (_QUAY_PAGE, "Okafor", "Behold the"),
    (_QUAY_PAGE, "Okafor", "Behold the Pier"),
    (_QUAY_VOLUME, "Okafor", "Behold the Pier"),
    (_SILT_SEITE, "LUND", "L'envasement des"),
    (_SILT_SEITE, "LUND", "L'envasement des digues"),
    # the volume and page with more of the entry after them: no entry's end
    (_QUAY_VOLUME.replace("p.254.", "p.254. Reprinted in Lyra Borealis."), "Okafor",
     "Behold the Quay"),
    # the pages and year with more of the entry after them: no entry's end
    (_QUAY_PAGE.replace("(1867).", "(1867). Reprinted in Lyra Borealis."), "Okafor",
     "Behold the Quay"),
])
def test_a_near_miss_before_chapter_pages_stays_rejected(doc: str, author: str,
                                                         title: str) -> None:
    _turned_down(doc + _NEXT, author, title)


#: A journal's name abbreviated with linking words between its abbreviations
#: (``run_on_fields._LINKED_ABBREVIATIONS``), run on after a title (current-science's shape).
_LINKED_JOURNAL = ("3. Okafor, N., Hunt, R. B., Tidal sediment budgets of northern harbour "
                   "basins Trans. in Coastal Eng. and Harbour Res. 41: 12\u201319, 1999.")
_LINKED_BULLETIN = ("8. Moreau, A., Salt marsh grazing by wintering geese Bull. of Coastal Ecol. "
                    "and Wildl. Manag. 7, 101\u2013110, 2004.")


@pytest.mark.parametrize("doc, author, title", [
    (_LINKED_JOURNAL, "Hunt", "Tidal sediment budgets of northern harbour basins"),
    (_LINKED_BULLETIN, "Moreau", "Salt marsh grazing by wintering geese"),
])
def test_a_title_before_a_journal_abbreviated_with_linking_words(doc: str, author: str,
                                                                  title: str) -> None:
    _kept(doc + _NEXT, author, title)


@pytest.mark.parametrize("doc, author, title", [
    # the title's last word dropped, changed, or one inside it dropped
    (_LINKED_JOURNAL, "Hunt", "Tidal sediment budgets of northern harbour"),
    (_LINKED_JOURNAL, "Hunt", "Tidal sediment budgets of northern harbour towns"),
    (_LINKED_JOURNAL, "Hunt", "Tidal sediment budgets of northern basins"),
    (_LINKED_BULLETIN, "Moreau", "Salt marsh grazing by wintering"),
])
def test_a_near_miss_before_a_journal_abbreviated_with_linking_words_stays_rejected(
        doc: str, author: str, title: str) -> None:
    _turned_down(doc + _NEXT, author, title)


# A title run into the web domain that publishes it, no punctuation between: the domain (a word
# joined to a top-level domain by a full stop) opens the next field.
_PORTLOG = ("3. Halvorsen, K., Mooring lines in the harbours of the north PortInformation.com, "
            "2011.")
_WHARF = "3. Okafor, N., Wharf Cranes www.portlog.com, 2008."


@pytest.mark.parametrize("doc, author, title", [
    (_PORTLOG, "Halvorsen", "Mooring lines in the harbours of the north"),
    (_WHARF, "Okafor", "Wharf Cranes"),
])
def test_a_title_run_into_a_web_domain_ends_before_it(doc: str, author: str,
                                                      title: str) -> None:
    _kept(doc + _NEXT, author, title)


@pytest.mark.parametrize("doc, author, title", [
    (_PORTLOG, "Halvorsen", "Mooring lines in the harbours of the south"),  # a word changed
    (_PORTLOG.replace("north", "north today"), "Halvorsen",  # the title's last word dropped
     "Mooring lines in the harbours of the north"),
    (_WHARF.replace("Cranes", "Cranes Today"), "Okafor", "Wharf Cranes"),
])
def test_a_near_miss_before_a_web_domain_stays_rejected(doc: str, author: str,
                                                        title: str) -> None:
    _turned_down(doc + _NEXT, author, title)


# A short title run into the "in" a style prints before a chapter's book with no punctuation,
# the book's fields up to the chapter's pages (gallia-prehistoire's "Title in Book, Place,
# Publisher, p. 82-90."), perhaps before the record's own "in:": the short title stands alone,
# its end marked uncertain (a title whose own words run on after "in" prints so for a query
# that lacks them).
_CHAPTER_IN = ("Okafor N. 2008 – Harbour Silt Budgets in Küsten der Nordsee, Kiel/Hamburg, "
               "fjord verlag, p. 82\u201190.")
_CHAPTER_IN_IN = ("Berg M. 1992 – Entscheidung am Hafen in in: Bergen - Geschichte einer Stadt, "
                  "St. Paul, Fjord Press, p. 146\u2011154.")
_TITLE_IN_CHAPTER_IN = ("Okafor N. 2008 – Harbour Silt Budgets in Lagos in Studies in Coastal "
                        "Trade, Kiel, Fjord, p. 1\u201120.")


@pytest.mark.parametrize("doc, author, title", [
    (_CHAPTER_IN, "Okafor", "Harbour Silt Budgets"),
    (_CHAPTER_IN_IN, "Berg", "Entscheidung am Hafen"),
    # the book's first word elided, its apostrophe printed as a closing quote
    (_CHAPTER_IN.replace("Küsten der Nordsee", "L\u2019Année des ports"), "Okafor",
     "Harbour Silt Budgets"),
])
def test_a_short_title_before_a_chapters_in_and_its_book_is_reported_marked(
        doc: str, author: str, title: str) -> None:
    matching.marked_uncertain(doc + _NEXT, author, title)


@pytest.mark.parametrize("doc, author, title", [
    (_CHAPTER_IN, "Okafor", "Harbour Sand Budgets"),  # a word changed
    (_CHAPTER_IN.replace("Budgets in", "Budgets Revised in"), "Okafor",  # a word added
     "Harbour Silt Budgets"),
    # the title's own "in" and a place before the chapter's "in": the book's first field
    # holds an "in"
    (_TITLE_IN_CHAPTER_IN, "Okafor", "Harbour Silt Budgets"),
    # no chapter's pages after the book
    (_CHAPTER_IN.replace(", p. 82\u201190.", "."), "Okafor", "Harbour Silt Budgets"),
    # the title's own "in" before a journal: its closing quote, its volume
    ("Okafor N. 2008 « Harbour Silt Budgets in the fjords », Port Studies, vol. 12, p. "
     "1\u201159.", "Okafor", "Harbour Silt Budgets"),
    ("Okafor N. 2008 – Harbour Silt Budgets in the fjords, Port Studies, 12, p. 1\u201159.",
     "Okafor", "Harbour Silt Budgets"),
    ("Okafor N. 2008 \u2018Harbour Silt Budgets in the fjords\u2019, Port Studies, p. "
     "1\u201159.", "Okafor", "Harbour Silt Budgets"),
    # a sentence
    ("Okafor counted harbour silt budgets in many ports, so p. 4\u20115.", "Okafor",
     "harbour silt budgets"),
])
def test_a_short_title_before_in_and_no_chapters_book_stays_rejected(
        doc: str, author: str, title: str) -> None:
    _turned_down(doc + _NEXT, author, title)


# The same "in" and the book alone up to the entry's end, its other fields left empty ("Title
# in Book."), or a book whose first field holds an "in" of its own ("Title in Studies in
# Trade, Place, p. 1-20.": which "in" opens the book the print cannot tell), in a list that
# prints two other chapters with their pages so: the short title stands alone, its end marked
# uncertain. One other chapter so, or none, is no habit; the entry's own book, read from its
# "in", is none of them.
_CHAPTER_NO_PAGES = "Okafor N. 2008 – Harbour Silt Budgets in Küsten der Nordsee.\n"
_BOOK_HOLDING_IN = ("Okafor N. 2008 – Harbour Silt Budgets in Studies in Coastal Trade: Ports, "
                    "Kiel, Fjord, p. 1\u201120.\n")
_CHAPTERS_WITH_PAGES = (
    "Lund K. 1990 – Tidal Walls in Studies of the Sea, Oslo, Fjord, p. 3‑9.\n"
    "Berg M. 1992 – Entscheidung am Hafen in Bergen - Geschichte einer Stadt, Bergen, Fjord, "
    "p. 146‑154.\n")
#: ... the other chapter's book printed with a subtitle's or an editor's full stop: a chapter
#: still (with a digit among its fields, before the pages, none).
_CHAPTER_WITH_SUBTITLE = ("Berg M. 1992 – Entscheidung am Hafen in Bergen: Geschichte. Beiträge "
                          "zur Stadt, Bergen, Fjord, p. 146‑154.\n")
_CHAPTER_WITH_EDITOR = "Berg M. 1992 – Hafen in In M. Lund (Ed.), Die Stadt, Fjord, p. 14‑54.\n"
_ONE_CHAPTER = _CHAPTERS_WITH_PAGES.partition("\n")[0] + "\n"


@pytest.mark.parametrize("doc, author, title", [
    (_CHAPTERS_WITH_PAGES + _CHAPTER_NO_PAGES, "Okafor", "Harbour Silt Budgets"),
    (_CHAPTER_NO_PAGES + _CHAPTERS_WITH_PAGES, "Okafor", "Harbour Silt Budgets"),
    (_CHAPTERS_WITH_PAGES + _BOOK_HOLDING_IN, "Okafor", "Harbour Silt Budgets"),
    (_ONE_CHAPTER + _CHAPTER_WITH_SUBTITLE + _BOOK_HOLDING_IN, "Okafor", "Harbour Silt Budgets"),
    (_ONE_CHAPTER + _CHAPTER_WITH_EDITOR + _BOOK_HOLDING_IN, "Okafor", "Harbour Silt Budgets"),
])
def test_a_short_title_before_a_chapters_in_and_its_book_alone_is_reported_marked(
        doc: str, author: str, title: str) -> None:
    matching.marked_uncertain(doc + _NEXT, author, title)


@pytest.mark.parametrize("doc, author, title", [
    (_CHAPTERS_WITH_PAGES + _CHAPTER_NO_PAGES, "Okafor", "Harbour Sand Budgets"),
    (_CHAPTERS_WITH_PAGES + _CHAPTER_NO_PAGES.replace("Budgets in", "Budgets Revised in"),
     "Okafor", "Harbour Silt Budgets"),
    # a list with one other chapter printed so
    (_CHAPTERS_WITH_PAGES.partition("\n")[0] + "\n" + _CHAPTER_NO_PAGES, "Okafor",
     "Harbour Silt Budgets"),
    # the book's words hold a year: another field, not the book alone
    (_CHAPTERS_WITH_PAGES + _CHAPTER_NO_PAGES.replace("Nordsee.", "Nordsee 1990."), "Okafor",
     "Harbour Silt Budgets"),
    (_CHAPTERS_WITH_PAGES + _BOOK_HOLDING_IN, "Okafor", "Harbour Sand Budgets"),
    # one other chapter printed so, besides the book's own "in" read as a chapter's
    (_CHAPTERS_WITH_PAGES.partition("\n")[0] + "\n" + _BOOK_HOLDING_IN, "Okafor",
     "Harbour Silt Budgets"),
    # ... and another whose book's fields hold a digit before its pages: no chapter printed so
    (_ONE_CHAPTER + _CHAPTER_WITH_SUBTITLE.replace("Geschichte.", "Geschichte 1990.")
     + _BOOK_HOLDING_IN, "Okafor", "Harbour Silt Budgets"),
])
def test_a_short_title_before_in_and_a_book_alone_elsewhere_stays_rejected(
        doc: str, author: str, title: str) -> None:
    _turned_down(doc + _NEXT, author, title)
