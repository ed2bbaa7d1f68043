"""How a style prints the author of an entry: a ditto mark for the authors of the entry before
(printed, or lost by extraction), and the next entry's author run right after a title.

Each table pairs the entries the improved scheme must report with near-miss decoys beside
them that it must still reject. Strings of our own, in the shapes citation styles print them.
"""

from __future__ import annotations

import pytest

from citeseeker_scrapy.matching import (
    AuthorGroup, CitationMatcher, DocumentText, MatcherSettings, word_edges,
)
from citeseeker_scrapy.matching import matcher as matcher_module
from citeseeker_scrapy.matching.improved.author_runs import bare_surnames
from tests.support import matching

OPENING = matching.OPENING
found = matching.found_in_references


# A ditto dash drawn as a rule, not a glyph: extraction keeps only the punctuation after it.
_LOST_DASH = ("Lindqvist, Erik. \u201cHamnst\u00e4der i Norden\u201d. In Stadshistoria, 11\u201324. "
              "Lund: s.n. 1996.\nNordahl, Kari. \u201cKystkultur og fiske i nord\u201d. In Studier "
              "i kulturhistorie, 112\u2013124. Bergen: s.n. 1988.\n{} \u201cFjordene og "
              "fiskeriene\u201d. In Nordnorsk tidsskrift, 3\u201319. Troms\u00f8: s.n. 2012.\n"
              "Okafor, Ngozi. Coastal Trade. Lagos, 2001.")


@pytest.mark.parametrize("mark", [".", ","])
def test_an_entry_whose_ditto_dash_was_lost_goes_on_with_the_authors_before(mark: str) -> None:
    doc = _LOST_DASH.format(mark)
    assert found(doc, "Nordahl", "Fjordene og fiskeriene", "original")
    assert found(doc, "Nordahl", "Fjordene og fiskeriene")


@pytest.mark.parametrize("mark, title", [
    ("Okafor, Ngozi.", "Fjordene og fiskeriene"),  # another author's entry
    (".", "Fjordene og fiskeriene i nord"),  # the same author's, another title
])
def test_another_author_or_title_after_an_entry_is_no_lost_ditto(mark: str, title: str) -> None:
    doc = _LOST_DASH.format(mark)
    assert found(doc, "Nordahl", title, "original")
    assert not found(doc, "Nordahl", title)


# Ditto entries past the part the original scheme looks at after the name (neither scheme
# found their titles): the entries after the mark are the same authors'.
_DITTO_RUN = ("Halvorsen, Kari. \u201cKystkultur og fiske i de nordlige fylkene\u201d. Pages 6-12 in "
              "Studier i kulturhistorie og samfunnsliv langs kysten og fjordene i Nord-Norge og "
              "Svalbard. Bergen: "
              "Universitetsforlaget, "
              "1990.\n{mark} \u201cFjordene og fiskeriene i nord\u201d. In: Nordnorsk tidsskrift 27 "
              "(1989): 27-32.\n{mark} Havnebyenes historie fra middelalderen til i dag. "
              "Tidsskriftserie 1983 ff. Oslo, 1983.\n{next} Coastal Trade Routes. Lagos, 2001.")


@pytest.mark.parametrize("mark, title", [
    (".", "Fjordene og fiskeriene i nord"),
    ("\u2014\u2014\u2014.", "Fjordene og fiskeriene i nord"),
    (".", "Havnebyenes historie fra middelalderen til i dag"),
    ("\u2014", "Havnebyenes historie fra middelalderen til i dag"),
    ("\u2014\u2014\u2014.", "Havnebyenes historie fra middelalderen til i dag"),
])
def test_ditto_entries_past_the_names_part_are_its_authors(mark: str, title: str) -> None:
    doc = _DITTO_RUN.format(mark=mark, next="Okafor, Ngozi.")
    assert not found(doc, "Halvorsen", title, "original")
    assert found(doc, "Halvorsen", title)


@pytest.mark.parametrize("title, cites", [
    ("Fjordene og fiskeriene i nord", True),
    ("Havnebyenes historie fra middelalderen til i dag", True),
    ("Coastal trade routes", False),  # the next numbered entry's, after the ditto entries
])
def test_ditto_entries_inside_a_numbered_entry_end_at_the_next_number(title: str,
                                                                      cites: bool) -> None:
    doc = "[1] " + _DITTO_RUN.format(mark="\u2014", next="[2] Okafor, Ngozi.")
    assert found(doc, "Halvorsen", title) is cites


@pytest.mark.parametrize("title", [
    "Fjordene og skogene i nord",
    "Havnebyenes historie fra oldtiden til i dag",
])
def test_a_title_with_a_word_changed_in_a_ditto_entry_is_still_rejected(title: str) -> None:
    assert not found(_DITTO_RUN.format(mark="\u2014", next="Okafor, Ngozi."), "Halvorsen", title)


def test_a_ditto_entry_after_another_authors_entry_is_not_the_names() -> None:
    doc = ("Halvorsen, Kari. Kystkultur. Bergen, 1990.\nOkafor, Ngozi. Coastal Trade Routes "
           "and Inland Markets of the Niger Delta. Lagos: University Press, 1995.\n\u2014 "
           "Fjordene og fiskeriene i nord. Oslo, 2001.")
    assert not found(doc, "Halvorsen", "Fjordene og fiskeriene i nord")
    assert found(doc, "Okafor", "Fjordene og fiskeriene i nord")


# A short entry (title, year, pages), whose part after the name runs on into the next entry of
# the same author: that entry opens with a ditto mark and prints a year in its venue; the title
# of the third entry is the author's too.
_SHORT_THEN_DITTO = ("Nordahl, Kari. Kystkultur i nord. 1986, 13-28.\n{before}{mark} \u201c"
                     "Havnebyene og handelen. Om byene langs kysten fra middelalderen til i dag og "
                     "om hvordan de vokste\u201d. In: Nordnorsk tidsskrift for kulturhistorie og "
                     "samfunnsliv langs kysten, 29, 1997, 7.\n{between}{mark} \u201cFjordene, "
                     "fiskeriene og folket langs kysten\u201d. In Studier i kulturhistorie, 5-9. "
                     "Bergen, 1989.\nOkafor, Ngozi. Coastal Trade. Lagos, 2001.")
_ANOTHER_ENTRY = "Berg, Anna. Skogar. 1999.\n"


@pytest.mark.parametrize("mark", ["\u2014\u2014\u2014.", "\u2014", "."])
def test_the_third_entry_after_a_short_one_is_the_authors(mark: str) -> None:
    doc = _SHORT_THEN_DITTO.format(mark=mark, before="", between="")
    assert not found(doc, "Nordahl", "Fjordene, fiskeriene og folket langs kysten", "original")
    assert found(doc, "Nordahl", "Fjordene, fiskeriene og folket langs kysten")


@pytest.mark.parametrize("mark, before, between, title", [
    # a content word changed
    ("\u2014\u2014\u2014.", "", "", "Fjordene, skogene og folket langs kysten"),
    (".", "", "", "Fjordene, skogene og folket langs kysten"),
    # another author's entry before the first mark or between the marks: the marks are hers
    ("\u2014\u2014\u2014.", _ANOTHER_ENTRY, "", "Fjordene, fiskeriene og folket langs kysten"),
    (".", _ANOTHER_ENTRY, "", "Fjordene, fiskeriene og folket langs kysten"),
    ("\u2014\u2014\u2014.", "", _ANOTHER_ENTRY, "Fjordene, fiskeriene og folket langs kysten"),
    (".", "", _ANOTHER_ENTRY, "Fjordene, fiskeriene og folket langs kysten"),
])
def test_a_third_entry_of_another_author_or_title_is_not_the_short_ones(
        mark: str, before: str, between: str, title: str) -> None:
    doc = _SHORT_THEN_DITTO.format(mark=mark, before=before, between=between)
    assert not found(doc, "Nordahl", title)


# MLA styles close an entry with its pages and its medium after the year ("1988. 112–124.
# Print."), then print the same author's next entry with a ditto dash.
_MEDIUM_THEN_DITTO = ("Lindqvist, Erik. \u201cHamnst\u00e4der i Norden\u201d. Stadshistoria i "
                      "Norden. Lund: s.n., 1996. 11\u201324. {medium}.\n{entry}\u2013\u2013\u2013. "
                      "\u201cFjordar och fiske i Norrland\u201d. Nordisk tidskrift. Ume\u00e5: "
                      "Norrlandsf\u00f6rlaget, 2001. {medium}.\nOkafor, Ngozi. \u201cCoastal "
                      "Trade\u201d. Lagos: Ibadan Press, 2003. {medium}.")


@pytest.mark.parametrize("medium", ["Print", "Web"])
def test_a_ditto_entry_after_the_pages_and_medium_of_the_entry_before(medium: str) -> None:
    doc = _MEDIUM_THEN_DITTO.format(medium=medium, entry="")
    matching.kept_by_both(doc, "Lindqvist", "Fjordar och fiske i Norrland")


@pytest.mark.parametrize("entry, title", [
    # another author's entry between, with its own pages and medium, or with none
    ("Berg, Anna. \u201cSkogar i Norden\u201d. Bergen: s.n., 1999. 5\u20139. Print.\n",
     "Fjordar och fiske i Norrland"),
    ("Berg, Anna. \u201cSkogar i Norden\u201d. Print.\n", "Fjordar och fiske i Norrland"),
    # the same author's, a content word changed
    ("", "Fjordar och jakt i Norrland"),
])
def test_pages_and_medium_before_a_ditto_entry_hide_no_other_entry(entry: str,
                                                                   title: str) -> None:
    doc = _MEDIUM_THEN_DITTO.format(medium="Print", entry=entry)
    matching.turned_down(doc, "Lindqvist", title)


# A title closing no entry, then the next entry's surname and a run shaped as the one the
# title's own entry opened with (author-year styles printed with no full stop after a title).
@pytest.mark.parametrize("doc, author, title", [
    ("O\u2019Brennan, P L (2005 ). Harbour Towns of the Baltic, Where Trade Began\nUrquhart, J "
     "(1999 ). Coastal routes. Lagos", "O\u2019Brennan", "Harbour towns of the Baltic, where trade began"),
    ("D\u2019Amico, R (2011a) Le mura di Lucca\nZanetti, M A (2003) Porte urbane. Milano",
     "D\u2019Amico", "Le mura di Lucca"),
    # a longer author list: the next entry's one-word name (an organisation's), then its date
    # printed as the list's own ("et al. 2003, " / "NORDA. 2013, ")
    ("Halvorsen, K., Lindqvist, E., Berg, A., et al. 2003, Harbour towns of the Baltic, a guide "
     "to the exhibition, edited by M. Okafor, J. Berg\nNORDA. 2013, Coastal routes. Oslo",
     "Lindqvist", "Harbour towns of the Baltic, a guide to the exhibition, edited by M. Okafor, "
     "J. Berg"),
    ("Halvorsen, K., Lindqvist, E., Berg, A., et al. 2003b, Harbour towns of the Baltic, a guide "
     "to the exhibition\nNORDA. 2013a, Coastal routes. Oslo", "Halvorsen",
     "Harbour towns of the Baltic, a guide to the exhibition"),
    ("Halvorsen, K.; Lindqvist, E.; Berg, A. (2003), Harbour towns of the Baltic, a guide to the "
     "exhibition\nNORDA. (2013), Coastal routes. Oslo", "Berg",
     "Harbour towns of the Baltic, a guide to the exhibition"),
    # an organisation's entry, its name and date: the next entry's one name and date alike
    ("Nordic Harbour Institute. 1988, Harbour towns of the Baltic, a guide to the exhibition\n"
     "Coll. 1867, Coastal routes, Lagos", "Nordic Harbour Institute",
     "Harbour towns of the Baltic, a guide to the exhibition"),
])
def test_a_title_ending_before_the_next_dated_author_run(doc: str, author: str,
                                                         title: str) -> None:
    matching.kept_by_both(doc, author, title)


@pytest.mark.parametrize("doc, author, title", [
    # the next entry opens otherwise (no date): the title's last word is not read as its name
    ("O\u2019Brennan, P L (2005 ). Harbour Towns of the Baltic, Where Trade Began Anew\n"
     "Urquhart, J. Coastal routes (1999). Lagos", "O\u2019Brennan",
     "Harbour towns of the Baltic, where trade began"),
    # what follows the title's word is no author run shaped as the entry's own
    ("D\u2019Amico, R. (2011a). Le mura di Lucca antica, in Storia (2003). Porte. Milano",
     "D\u2019Amico", "Le mura di Lucca"),
    # a query lacking the title's last word: that word before the next entry's name and date
    # (a word then a name is no one name), or before a date printed otherwise than the list's
    ("Halvorsen, K., Lindqvist, E., Berg, A., et al. 2003, Harbour towns of the Baltic, a guide "
     "to the exhibition catalogue Urquhart, J. 1999, Coastal routes. Lagos", "Halvorsen",
     "Harbour towns of the Baltic, a guide to the exhibition"),
    ("Halvorsen, K., Lindqvist, E., Berg, A., et al. 2003, Harbour towns of the Baltic, a guide "
     "to the exhibition catalogue. (2013) Oslo: Press", "Halvorsen",
     "Harbour towns of the Baltic, a guide to the exhibition"),
    ("Halvorsen, K., Lindqvist, E., Berg, A., et al. 2003, Harbour towns of the Baltic, a guide "
     "to the exhibition catalogue, Oslo. 2013, Press", "Lindqvist",
     "Harbour towns of the Baltic, a guide to the exhibition"),
    ("Nordic Harbour Institute. 1988, Harbour towns of the Baltic, a guide to the exhibition "
     "catalogue. Coll. 1867, Coastal routes, Lagos", "Nordic Harbour Institute",
     "Harbour towns of the Baltic, a guide to the exhibition"),
])
def test_a_title_going_on_before_a_dated_run_is_still_longer(doc: str, author: str,
                                                             title: str) -> None:
    matching.turned_down(doc, author, title)


# A title closing no entry whose run joins its surnames by slashes, then the next entry's name
# and a date printed as the run's own.
@pytest.mark.parametrize("doc, author, title", [
    ("Lindqvist / Berg / Okafor (1987) Fjords: Harbours & Towns\nThibault (2010) Coastal routes "
     "of the north\n", "Lindqvist", "Fjords: Harbours & Towns"),
    ("Moretti / Rossi (1991) Porti e città\nBianchi (2004) Le mura urbane\n", "Moretti",
     "Porti e città"),
])
def test_a_title_ending_before_the_next_dated_run_after_slashed_names(doc: str, author: str,
                                                                      title: str) -> None:
    matching.kept_by_both(doc, author, title)


@pytest.mark.parametrize("doc, author, title", [
    # the title goes on after the query's last word, or before its first
    ("Lindqvist / Berg / Okafor (1987) Fjords: Harbours & Towns revisited\nThibault (2010) "
     "Coastal routes of the north\n", "Lindqvist", "Fjords: Harbours & Towns"),
    ("Moretti / Rossi (1991) Nuovi porti e città\nBianchi (2004) Le mura urbane\n", "Moretti",
     "Porti e città"),
    ("Moretti / Rossi (1991) Porti e città nuove\nBianchi (2004) Le mura urbane\n", "Moretti",
     "Porti e città"),
])
def test_a_title_going_on_after_slashed_names_is_still_longer(doc: str, author: str,
                                                              title: str) -> None:
    matching.turned_down(doc, author, title)


# A title closing no entry, then the next entry's surname and initials printed as the title's
# own entry prints them, and the colon (or semicolon) that closes its run with no date (a style
# that prints the date after the names of some entries and at the end of others).
@pytest.mark.parametrize("doc, author, title", [
    ("Ernest G (1983): Nations and Nationalism\nFeller L: Sulla libertà personale. In: "
     "Strategie. Roma 1999\n", "Ernest", "Nations and Nationalism"),
    ("Okafor NK (2004): Coastal Trade Routes\nBello TA: Harbour towns of the delta. Lagos "
     "1999\n", "Okafor", "Coastal Trade Routes"),
    ("Moretti G (1991); Porti e città\nRossi P; Le mura urbane. Milano 1987\n", "Moretti",
     "Porti e città"),
])
def test_a_title_ending_before_the_next_undated_author_run(doc: str, author: str,
                                                           title: str) -> None:
    matching.kept_by_both(doc, author, title)


@pytest.mark.parametrize("doc, author, title", [
    # the title goes on after the query's last word, or before its first
    ("Ernest G (1983): Nations and Nationalism today. Oxford 1990\nFeller L: Sulla libertà. "
     "Roma 1999\n", "Ernest", "Nations and Nationalism"),
    ("Okafor NK (2004): Coastal Trade Routes of Ghana and Togo\nBello TA: Harbour towns. "
     "Lagos 1999\n", "Okafor", "Coastal Trade Routes"),
    ("Okafor NK (2004): Old Coastal Trade Routes\nBello TA: Harbour towns. Lagos 1999\n",
     "Okafor", "Coastal Trade Routes"),
])
def test_a_title_going_on_before_an_undated_run_is_still_longer(doc: str, author: str,
                                                                title: str) -> None:
    matching.turned_down(doc, author, title)


# A title-first entry (GOST) whose title is longer than the part the original scheme looks at
# before a name: the whole title lies before the author list.
_LONG_TITLE = ("Die Entwicklung der Hafenstädte an der Ostsee vom Mittelalter bis in die Gegenwart - "
               "Zwischenbericht der historischen Begleitung von Projekten mit Archiven und "
               "Bibliotheken an Schulen des Küstenraums in Pommern")
_TITLE_FIRST = ("[90] Okafor N. Coastal trade routes. \u2014 Lagos, 2001.\n[91] {title} / H. Lindqvist, "
                "G. Nordahl, K. Berg-Nielsen. \u2014 Bonn : Hanse-Verlag, 1991.\n[92] Moreau A. "
                "Stone bridges. \u2014 Paris, 2001.")


@pytest.mark.parametrize("author", ["Lindqvist", "Nordahl", "Berg-Nielsen"])
def test_a_long_title_before_its_author_list(author: str) -> None:
    assert len(_LONG_TITLE) > 200
    assert found(_TITLE_FIRST.format(title=_LONG_TITLE), author, _LONG_TITLE)


def test_a_long_title_with_a_word_changed_before_the_author_list_is_still_rejected() -> None:
    changed = _LONG_TITLE.replace("Bibliotheken", "Museen")
    assert not found(_TITLE_FIRST.format(title=_LONG_TITLE), "Nordahl", changed)


# A surname with "ß" printed in capitals or small capitals, which spell it "SS".
@pytest.mark.parametrize("doc", [
    "LINDQVIST, ERIK; GROSS, ANNA, \u201eHafenst\u00e4dte und Fernhandel an der Ostsee\u201c, in Studien, "
    "2003.",
    "Lindqvist, E. \u2013 GROSS, A. (2003) Hafenst\u00e4dte und Fernhandel an der Ostsee. In Studien.",
])
def test_a_sharp_s_in_a_surname_printed_in_capitals(doc: str) -> None:
    assert found(doc, "Gro\u00df", "Hafenst\u00e4dte und Fernhandel an der Ostsee")


@pytest.mark.parametrize("doc, title", [
    # another surname that begins with the same letters
    ("LINDQVIST, ERIK; GROSSMANN, ANNA, \u201eHafenst\u00e4dte und Fernhandel an der Ostsee\u201c, "
     "2003.", "Hafenst\u00e4dte und Fernhandel an der Ostsee"),
    # the right name, a title with a word changed
    ("LINDQVIST, ERIK; GROSS, ANNA, \u201eHafenst\u00e4dte und Fernhandel an der Ostsee\u201c, 2003.",
     "Hafenst\u00e4dte und Binnenhandel an der Ostsee"),
])
def test_a_sharp_s_is_no_wildcard(doc: str, title: str) -> None:
    assert not found(doc, "Gro\u00df", title)


def test_a_hyphen_between_two_names_at_a_line_end_joins_no_word() -> None:
    """A style that joins names with hyphens, one of them at a line end: the next line opens
    with an initial, no half of a word (else the name read "LINDQVISTG.")."""
    doc = ("E. OKAFOR-K. BERG-H. LINDQVIST-\nG. NORDAHL-A. MOREAU, Harbour towns of the Baltic: "
           "1850\u20131914, 2011, 1\u2013118")
    assert found(doc, "Lindqvist", "Harbour towns of the Baltic: 1850\u20131914", "original")
    assert found(doc, "Lindqvist", "Harbour towns of the Baltic: 1850\u20131914")


# A style that prints each surname with its first initial joined ("LinzJ.", "EckausR. S."):
# the entries of a numbered list, each author's title asked for.
_GLUED = ("[4] NovakP., HorvathE. M., ‘Grazing of upland pastures in the Tatra’, Folia "
          "Zootechnica, vol. 12, pp. 3–9, (2010). [5] LindqvistE., OkaforN. K., SaarinenT., "
          "et al., ‘Harbour towns of the northern coast’, (2011). [6] MoreauA., Seasonal "
          "herds of the Jura. Bern: Haupt, 2004, pp. 11–40. [7] BergK., ‘Rivers’, (2001).")


@pytest.mark.parametrize("author, title", [
    ("Novak", "Grazing of upland pastures in the Tatra"),
    ("Horvath", "Grazing of upland pastures in the Tatra"),
    ("Lindqvist", "Harbour towns of the northern coast"),
    ("Okafor", "Harbour towns of the northern coast"),
    ("Saarinen", "Harbour towns of the northern coast"),
    ("Moreau", "Seasonal herds of the Jura"),
])
def test_a_surname_printed_with_its_initials_joined(author: str, title: str) -> None:
    matching.kept_by_both(_GLUED, author, title)


@pytest.mark.parametrize("doc, author, title", [
    # a longer surname that starts with the searched one, its initial joined
    (_GLUED.replace("NovakP.", "NovakovaP."), "Novak", "Grazing of upland pastures in the Tatra"),
    # the searched name with a lower-case letter after it: a longer word
    (_GLUED.replace("NovakP.", "Novaki."), "Novak", "Grazing of upland pastures in the Tatra"),
    # a word in capitals with a joined letter and no comma after it (an acronym), or a longer
    # word in capitals
    (_GLUED.replace("NovakP.,", "NOVAKP."), "Novak", "Grazing of upland pastures in the Tatra"),
    (_GLUED.replace("NovakP.,", "NOVAKOVAP.,"), "Novak",
     "Grazing of upland pastures in the Tatra"),
    # the right name, a title with a word changed, or lacking the title's first word
    (_GLUED, "Novak", "Grazing of lowland pastures in the Tatra"),
    (_GLUED, "Okafor", "towns of the northern coast"),
    (_GLUED.replace("LindqvistE., OkaforN. K., SaarinenT.", "Lindqvist E., Okafor N. K."),
     "Okafor", "towns of the northern coast"),  # "et al., Title" printed with blanks too
    # the right name, the title of the next entry
    (_GLUED, "Okafor", "Seasonal herds of the Jura"),
])
def test_a_joined_letter_that_is_no_initial_or_another_title(doc: str, author: str,
                                                            title: str) -> None:
    matching.turned_down(doc, author, title)


# The same style with surnames printed in capitals ("HILLC.", "CABANNEP."): the comma that
# closes the initials tells them from an acronym's joined letter.
_GLUED_CAPITALS = ("[8] SaarinenT., ‘Rivers’, (2001). [9] OKAFORN., Coastal trade routes of the "
                   "delta. Lagos: Ibadan Press, 2001. [10] LINDQVISTE. K.; BERGA., ‘Harbour "
                   "lights of the north’, (2011). [11] MoreauA., Seasonal herds. Bern, 2004. "
                   "[12] DUPONTJ.-P., Les ports du Levant. Paris, 1990.")


@pytest.mark.parametrize("author, title", [
    ("Okafor", "Coastal trade routes of the delta"),
    ("Lindqvist", "Harbour lights of the north"),
    ("Berg", "Harbour lights of the north"),
    ("Dupont", "Les ports du Levant"),
])
def test_a_surname_in_capitals_printed_with_its_initials_joined(author: str,
                                                                title: str) -> None:
    matching.kept_by_both(_GLUED_CAPITALS, author, title)


@pytest.mark.parametrize("doc, author, title", [
    # an acronym's joined letter and full stop, then a word: no initials closed by a comma
    (_GLUED_CAPITALS.replace("OKAFORN.,", "OKAFORN."), "Okafor",
     "Coastal trade routes of the delta"),
    # a longer word in capitals; a lower-case letter joined
    (_GLUED_CAPITALS.replace("OKAFORN.,", "OKAFORSEN.,"), "Okafor",
     "Coastal trade routes of the delta"),
    (_GLUED_CAPITALS.replace("OKAFORN.,", "OKAFORn.,"), "Okafor",
     "Coastal trade routes of the delta"),
    (_GLUED_CAPITALS.replace("DUPONTJ.-P.,", "DUPONTJ.-P. Vol."), "Dupont",
     "Les ports du Levant"),
    # the right name, a word changed, or the title of the next entry
    (_GLUED_CAPITALS, "Okafor", "Coastal salt routes of the delta"),
    (_GLUED_CAPITALS, "Okafor", "Harbour lights of the north"),
])
def test_near_a_surname_in_capitals_a_joined_letter_is_no_initial(doc: str, author: str,
                                                                  title: str) -> None:
    matching.turned_down(doc, author, title)


@pytest.mark.parametrize("source, joins", [
    ("[4] NovakP., HorvathE. M., Title", True),
    ("[4] Novak\u00e9P., Title", True),  # an accented letter before the capital
    ("[4] NovakE\u0301., Title", True),  # a combining accent after it
    ("[4] \u041d\u043e\u0432\u0430\u043a\u041f., Title", True),  # Cyrillic
    ("[4] Novak P., Horvath E. M., Title", False),
    ("[4] NOVAKP., Title", False),  # capitals alone: no lower-case letter before
    ("She met Anna. They read Lee. A title.", False),
])
def test_a_document_may_join_initials_only_where_it_prints_a_capital_so(source: str,
                                                                        joins: bool) -> None:
    assert word_edges.may_join_initials(source) is joins


def test_a_document_without_joined_initials_is_searched_without_its_map() -> None:
    # "Anna." holds the shape of "Ann" and an initial; the capitals would tell it, but they
    # cost a map of the whole text, and the text prints no capital joined to a lower-case
    # letter, so no name can have its initials joined
    document = DocumentText("[3] Brooks K. Letters to Anna. Oslo, 2001. [4] Berg T. Rivers.")
    matcher = CitationMatcher([AuthorGroup(("Ann",), ("Lakes of the north",))],
                              MatcherSettings())
    assert matcher.find_in(document) == []
    assert "text_map" not in vars(document)
    assert document.name_case(4, 6) is None
    glued = DocumentText("[3] BrooksK. Letters to Anna. Oslo, 2001. [4] Berg T. Rivers.")
    assert glued.name_case(9, 11) == "sK"


@pytest.mark.parametrize("source, asked, found", [
    # "ward" inside "towards": the letter before it is no word's edge, so the "s." after it
    # is never weighed as an initial, and the text is not searched for joined initials
    ("[3] Howard T. Towards. In: Proc. of the Lakes of the north. Oslo, 2001.", 0, 0),
    ("[3] WardS., Lakes of the north. Oslo, 2001.", 1, 1),  # an initial joined to the name
])
def test_the_text_is_searched_for_joined_initials_only_for_a_whole_name_before_one(
        monkeypatch: pytest.MonkeyPatch, source: str, asked: int, found: int) -> None:
    searched: list[str] = []
    monkeypatch.setattr(matcher_module, "may_join_initials",
                        lambda text: searched.append(text) or word_edges.may_join_initials(text))
    matcher = CitationMatcher([AuthorGroup(("Ward",), ("Lakes of the north",))],
                              MatcherSettings())
    assert len(matcher.find_in(DocumentText(source))) == found
    assert len(searched) == asked


# An inverted author list whose blank between one name's given name and the next surname the
# style drops ("Gregory, IanThévenin, Thomas").
_JOINED = ("Moreau, Pierre (2009): Seasonal herds. Bern. Lindqvist, Erik, Berg, AnnaOkafor, "
           "Ngozi (2011): Coastal trade routes of the delta. Lagos: Ibadan Press. Weiss, Anne, "
           "Dupont, MarieNovak-Holm, Jan (2003): Tidal mills of the coast. Brest.")


@pytest.mark.parametrize("author, title", [
    ("Okafor", "Coastal trade routes of the delta"),
    ("Novak-Holm", "Tidal mills of the coast"),
])
def test_a_surname_printed_joined_to_the_given_name_before_it(author: str, title: str) -> None:
    matching.kept_by_both(_JOINED, author, title)


@pytest.mark.parametrize("doc, author, title", [
    # a surname prefix printed with a capital inside one surname; a name in lower case
    (_JOINED.replace("AnnaOkafor", "McOkafor"), "Okafor", "Coastal trade routes of the delta"),
    (_JOINED.replace("AnnaOkafor", "LeOkafor"), "Okafor", "Coastal trade routes of the delta"),
    (_JOINED.replace("AnnaOkafor", "Annaokafor"), "Okafor", "Coastal trade routes of the delta"),
    # no inverted names around the joined word: a word of a title, an initial after the name
    (_JOINED.replace("Berg, AnnaOkafor", "Berg and AnnaOkafor"), "Okafor",
     "Coastal trade routes of the delta"),
    (_JOINED.replace("AnnaOkafor, Ngozi", "AnnaOkafor, N."), "Okafor",
     "Coastal trade routes of the delta"),
    # the right name, a word changed, or the title of the next entry
    (_JOINED, "Okafor", "Coastal salt routes of the delta"),
    (_JOINED, "Okafor", "Tidal mills of the coast"),
])
def test_near_a_joined_surname_a_longer_word_or_another_title(doc: str, author: str,
                                                             title: str) -> None:
    matching.turned_down(doc, author, title)


# BibTeX styles that print an inverted name's particle and surname with no blank ("{vv}{ll}{,
# f.}"): "duQuébec, G.", "vanDijk, J.".
_PARTICLE_JOINED = ("Moreau, P. 2009. Seasonal herds. Bern: Haupt.\nduQu\u00e9bec, G. 2013. "
                    "Services et programmes d\u2019\u00e9tudes en formation des adultes. "
                    "Qu\u00e9bec : Minist\u00e8re.\nvanDijk, J. and K. Berg. 2010. Tidal mills "
                    "of the Frisian coast. Leeuwarden: Fryske.\nWeiss, A. 2003. Coastal trade "
                    "routes. Brest.")


@pytest.mark.parametrize("author, title", [
    ("Qu\u00e9bec", "Services et programmes d\u2019\u00e9tudes en formation des adultes"),
    ("Dijk", "Tidal mills of the Frisian coast"),
])
def test_a_surname_printed_joined_to_its_particle(author: str, title: str) -> None:
    matching.kept_by_both(_PARTICLE_JOINED, author, title)


@pytest.mark.parametrize("doc, author, title", [
    # letters before the name that are no particle, or two particles; a given name written out
    (_PARTICLE_JOINED.replace("vanDijk", "vosDijk"), "Dijk", "Tidal mills of the Frisian coast"),
    (_PARTICLE_JOINED.replace("vanDijk", "vanderDijk"), "Dijk",
     "Tidal mills of the Frisian coast"),
    (_PARTICLE_JOINED.replace("vanDijk, J.", "vanDijk, Jan"), "Dijk",
     "Tidal mills of the Frisian coast"),
    # a name of three letters after a particle's letters: a surname of its own ("Deng")
    (_PARTICLE_JOINED.replace("vanDijk", "Deng"), "Ng", "Tidal mills of the Frisian coast"),
    # the right name, a word changed, or the title of the next entry
    (_PARTICLE_JOINED, "Dijk", "Tidal mills of the Danish coast"),
    (_PARTICLE_JOINED, "Dijk", "Coastal trade routes"),
])
def test_near_a_particle_joined_surname_a_longer_word_or_another_title(doc: str, author: str,
                                                                       title: str) -> None:
    matching.turned_down(doc, author, title)


def test_an_author_list_in_initials_is_searched_without_the_map() -> None:
    # "Bell" ends "Campbell", an inverted surname; its initial says it is no surname joined to
    # a given name, so the capitals (a map of the whole text) are not read for it
    document = DocumentText("[3] Campbell, A., Ward, K. Letters to Anna. Oslo, 2001. [4] Berg T.")
    matcher = CitationMatcher([AuthorGroup(("Bell",), ("Letters to Anna",))], MatcherSettings())
    assert matcher.find_in(document) == []
    assert "text_map" not in vars(document)


# A style that prints initials as capitals with no full stop and nothing between the author
# run and a short title (Vancouver names, "Surname I I Title").
_BARE_INITIALS = ("(12) Okafor N Coastal Trade Routes. Lagos: Ibadan Press; 2001. (13) Lindqvist "
                  "E K, Moreau A The Baltic Herring. Lund: Gleerup; 2011. (14) Berg K. Rivers. "
                  "2001.")


@pytest.mark.parametrize("doc, author, title", [
    (_BARE_INITIALS, "Okafor", "Coastal Trade Routes"),
    (_BARE_INITIALS, "Lindqvist", "The Baltic Herring"),
    (_BARE_INITIALS, "Moreau", "The Baltic Herring"),
    # two initials joined by a hyphen, as French given names print theirs ("J-H")
    (_BARE_INITIALS.replace("Okafor N Coastal", "Okafor J-N Coastal"), "Okafor",
     "Coastal Trade Routes"),
])
def test_a_short_title_right_after_initials_with_no_full_stop(doc: str, author: str,
                                                              title: str) -> None:
    matching.kept_by_both(doc, author, title)


@pytest.mark.parametrize("doc, author, title", [
    # a word of one letter in lower case is no initial: Czech "a" ("and") before the title
    (_BARE_INITIALS.replace("Okafor N Coastal", "Okafor a Coastal"), "Okafor",
     "Coastal Trade Routes"),
    # ... nor a hyphenated word in lower case ("x-y")
    (_BARE_INITIALS.replace("Okafor N Coastal", "Okafor j-n Coastal"), "Okafor",
     "Coastal Trade Routes"),
    # a longer title printed there, the query lacks its first or last word
    (_BARE_INITIALS.replace("N Coastal", "N Old Coastal"), "Okafor", "Coastal Trade Routes"),
    (_BARE_INITIALS.replace("Routes.", "Routes Revisited."), "Okafor", "Coastal Trade Routes"),
    # the right name, a word changed, or the title of the next entry
    (_BARE_INITIALS, "Okafor", "Coastal Trade Winds"),
    (_BARE_INITIALS, "Okafor", "The Baltic Herring"),
])
def test_bare_initials_delimit_no_other_short_title(doc: str, author: str, title: str) -> None:
    matching.turned_down(doc, author, title)


# A style that prints an inverted name on a line of its own and the date in the margin beside
# it, which leaves the line when a PDF is made: the given name right before a short title.
_NAME_ABOVE_TITLE = ("Berg, Anna\nSeasonal herds of the Alps. Bern: Haupt.\nLindqvist, Erik\n"
                     "Harbour Town Planning, en Historia del mar. Madrid: Akal.\nOkafor, Ngozi\n"
                     "Coastal Trade Routes. Lagos: Ibadan Press.")


@pytest.mark.parametrize("author, title", [
    ("Lindqvist", "Harbour Town Planning"),
    ("Okafor", "Coastal Trade Routes"),
])
def test_a_short_title_right_after_one_given_name(author: str, title: str) -> None:
    matching.kept_by_both(_NAME_ABOVE_TITLE, author, title)


@pytest.mark.parametrize("doc, title", [
    # a title in lower case: words of a sentence after a name
    (_NAME_ABOVE_TITLE.replace("Harbour Town Planning", "harbour town planning"),
     "Harbour Town Planning"),
    # a second word between the name and the hit: a title's own first word
    (_NAME_ABOVE_TITLE.replace("Harbour Town", "Maritime Harbour Town"), "Harbour Town Planning"),
    # the right name, a word changed, or the title of the next entry
    (_NAME_ABOVE_TITLE, "Harbour Town Building"),
    (_NAME_ABOVE_TITLE, "Coastal Trade Routes"),
])
def test_one_given_name_delimits_no_other_short_title(doc: str, title: str) -> None:
    matching.turned_down(doc, "Lindqvist", title)


# A style that prints a book's title as a container: its author run of initials and surnames,
# then "in" before the title (``title_edges._book_after_in``).
_BOOK_AFTER_IN = ("[7] K. Lindqvist, in Harbour Towns; Gleerup, Lund, 2005.\n[8] N. Okafor, "
                  "A. E. Moreau, in Coastal Trade Routes; Ibadan Press, Lagos, 2001.\n[9] G. P. "
                  "della Berg, in De portibus maris; Le Monnier, Firenze, 1941.\n[10] T. Brown, "
                  "Rivers of the North; Oslo, 2001.")


@pytest.mark.parametrize("author, title", [
    ("Lindqvist", "Harbour Towns"),
    ("Okafor", "Coastal Trade Routes"),
    ("Moreau", "Coastal Trade Routes"),
    ("della Berg", "De portibus maris"),
])
def test_a_short_title_after_the_in_that_closes_an_author_run(author: str, title: str) -> None:
    matching.kept_by_both(_BOOK_AFTER_IN, author, title)


@pytest.mark.parametrize("doc, author, title", [
    # "in" after a name with no initials: words of a sentence
    ("As Lindqvist argues, in harbour towns; the quays came first. [10] T. Brown, Rivers.",
     "Lindqvist", "Harbour Towns"),
    # a longer title printed there, the query lacks its first or last word
    (_BOOK_AFTER_IN.replace("in Harbour Towns;", "in Old Harbour Towns;"), "Lindqvist",
     "Harbour Towns"),
    (_BOOK_AFTER_IN.replace("in Harbour Towns;", "in Harbour Towns Revisited;"), "Lindqvist",
     "Harbour Towns"),
    # the right name, a word changed, or the title of the next entry
    (_BOOK_AFTER_IN, "Lindqvist", "Harbour Cities"),
    (_BOOK_AFTER_IN, "Lindqvist", "Coastal Trade Routes"),
])
def test_the_in_after_an_author_run_delimits_no_other_short_title(doc: str, author: str,
                                                                   title: str) -> None:
    matching.turned_down(doc, author, title)


def test_the_word_after_an_organisations_comma_is_no_given_name() -> None:
    # an organisation has no given name: the word after its comma opens its title
    doc = ("Berg, Anna\nSeasonal herds of the Alps. Bern: Haupt.\nNordic Harbour Institute, "
           "Maritime Harbour Town Planning (1964).\nOkafor, Ngozi\nCoastal Trade Routes.")
    matching.turned_down(doc, "Nordic Harbour Institute", "Harbour Town Planning")


# An entry cut at a hyphen, at its line's end: extraction joins the line to the next entry's
# first surname ("...of tidal-" newline "MOREAU, Pierre," reads "tidalmoreau, pierre,"; PDF
# text has lost the hyphen already: "tidalMOREAU").
_CUT_BEFORE = ("LAMBERT, Odile, Les ports de la Manche, Rennes, PUR, 2004.\nOkafor N, Berg K. "
               "2001. A coastal survey of tidal-\nMOREAU, Pierre, Histoire des moulins bretons, "
               "Brest, Ouest, 1998.\nVIDAL, Anne, Le commerce du sel de Guérande, Nantes, 2003.")
_MILLS = "Histoire des moulins bretons"


@pytest.mark.parametrize("doc", [
    _CUT_BEFORE,
    _CUT_BEFORE.replace("tidal-\nMOREAU", "tidalMOREAU"),
    _CUT_BEFORE.replace("tidal-\nMOREAU", "tidal-\nMoreau"),
    _CUT_BEFORE.replace("MOREAU, Pierre,", "MOREAU, Pierre."),
])
def test_a_surname_joined_to_the_lower_case_word_before_it(doc: str) -> None:
    matching.kept_by_both(doc, "Moreau", _MILLS)


@pytest.mark.parametrize("doc, title", [
    # the name in lower case; letters opening with a capital or a prefix before it (one
    # surname); an initial, not a given name, after it
    (_CUT_BEFORE.replace("MOREAU", "moreau"), _MILLS),
    (_CUT_BEFORE.replace("tidal-\nMOREAU", "TidalMOREAU"), _MILLS),
    (_CUT_BEFORE.replace("tidal-\nMOREAU", "vanderMOREAU"), _MILLS),
    (_CUT_BEFORE.replace("MOREAU, Pierre", "MOREAU, P."), _MILLS),
    # the right name, a word changed, the title without its last word, the next entry's title
    (_CUT_BEFORE, "Histoire des moulins normands"),
    (_CUT_BEFORE, "Histoire des moulins"),
    (_CUT_BEFORE, "Le commerce du sel de Guérande"),
])
def test_near_a_surname_joined_after_lower_case_a_longer_word_or_another_title(
        doc: str, title: str) -> None:
    matching.turned_down(doc, "Moreau", title)


# ... or to the next entry's organisation in capitals, no given name, then its year.
_CUT_BEFORE_FIRM = ("Okafor N, Berg K. 2001. A coastal survey of tidal-\nHARBOURTEC Marine. 2004. "
                    "Dredging report, Lagos lagoon inlet. Lagos: Ports Authority.\nVIDAL, Anne, "
                    "Le commerce du sel de Guérande, Nantes, 2003.")
_DREDGING = "Dredging report, Lagos lagoon inlet"


@pytest.mark.parametrize("doc", [
    _CUT_BEFORE_FIRM,
    _CUT_BEFORE_FIRM.replace("tidal-\nHARBOURTEC", "tidalHARBOURTEC"),
    _CUT_BEFORE_FIRM.replace("Marine. 2004.", "MARINE. (2004)."),
])
def test_an_organisation_in_capitals_joined_to_the_lower_case_word_before_it(doc: str) -> None:
    matching.kept_by_both(doc, "HARBOURTEC", _DREDGING)


@pytest.mark.parametrize("doc, title", [
    # the name not all in capitals, or no year after it; a prefix before it (one name)
    (_CUT_BEFORE_FIRM.replace("HARBOURTEC", "Harbourtec"), _DREDGING),
    (_CUT_BEFORE_FIRM.replace("Marine. 2004. ", "Marine, "), _DREDGING),
    (_CUT_BEFORE_FIRM.replace("tidal-\nHARBOURTEC", "macHARBOURTEC"), _DREDGING),
    # the right name, a word changed, the title without its last word, the next entry's title
    (_CUT_BEFORE_FIRM, "Dredging report, Lagos harbour inlet"),
    (_CUT_BEFORE_FIRM, "Dredging report, Lagos lagoon"),
    (_CUT_BEFORE_FIRM, "Le commerce du sel de Guérande"),
])
def test_near_an_organisation_joined_after_lower_case_another_word_or_title(
        doc: str, title: str) -> None:
    matching.turned_down(doc, "HARBOURTEC", title)


def test_a_name_inside_a_word_before_initials_is_read_without_the_map() -> None:
    # "Bell" ends "Campbell", an inverted surname with its initials: no given name written
    # out, so the capitals (a map of the whole text) are not read for it
    document = DocumentText("[3] Campbell, A., Ward, K. Letters to Anna. Oslo, 2001. [4] Berg T.")
    assert not word_edges.joined_after_lower_case(document.normalized, 8, 12, document.printed_case)
    assert "text_map" not in vars(document)


# Styles that print "Surname, I.; Surname, I. Title." print a co-author with no given names as a
# bare surname after the semicolon, with no full stop before the title: the word is the run's.
_SEMICOLON_LIST = ("7. Brown, P.; Lee, K.L. Ferry routes of the northern isles. J. Isles 2001, "
                   "3, 14-20.\n{}\n10. Nwosu, A.; Park, M. Lighthouse keepers of the west coast; "
                   "Coast Press: Lagos, 2004.")
_FJORD = "Tidal mixing in shallow fjord basins"
_MOULINS = "Petite histoire des moulins à vent"
BARE_SURNAME_CO_AUTHORS = [
    (f"8. Halvorsen; Ekdahl {_FJORD}. Estuar. Coast. Res. 2015, 7, 11-19.", "Halvorsen", _FJORD),
    (f"8. Okafor, B.N.; Lindqvist; Marchetti {_FJORD}. Marit. Stud. 2019, 4, 55-70.",
     "Okafor", _FJORD),
    (f"8. Okafor, B.N.; Lindqvist; Marchetti {_FJORD}. Marit. Stud. 2019, 4, 55-70.",
     "Lindqvist", _FJORD),
    (f"8. Varga; Ruiz {_MOULINS}; Éditions Ouest: Nantes, 1998.", "Varga", _MOULINS),
    (f"8. Dupont; alii {_MOULINS}. Moulins et meuniers; Presses: Rennes, 2004.", "Dupont",
     _MOULINS),
]


@pytest.mark.parametrize("entry, author, title", BARE_SURNAME_CO_AUTHORS)
def test_a_bare_co_author_surname_after_a_semicolon_ends_the_run(entry: str, author: str,
                                                                  title: str) -> None:
    matching.kept_by_both(_SEMICOLON_LIST.format(entry), author, title)


@pytest.mark.parametrize("doc, author, title", [
    # a list that prints its titles after a semicolon: the word there is the title's own
    ("7. Brown, P.; Ferry routes of the northern isles. J. Isles 2001, 3, 14-20.\n8. Halvorsen; "
     f"Extended {_FJORD}. Estuar. Coast. Res. 2015, 7, 11-19.", "Halvorsen", _FJORD),
    # a changed content word after the bare co-author
    (_SEMICOLON_LIST.format(f"8. Halvorsen; Ekdahl {_FJORD}. Estuar. 2015, 7, 11-19."),
     "Halvorsen", "Tidal mixing in shallow lake basins"),
    # another entry's title
    (_SEMICOLON_LIST.format(f"8. Halvorsen; Ekdahl {_FJORD}. Estuar. 2015, 7, 11-19."),
     "Halvorsen", "Lighthouse keepers of the west coast"),
])
def test_near_misses_beside_a_bare_co_author_are_still_rejected(doc: str, author: str,
                                                                title: str) -> None:
    assert not found(doc, author, title)


# Styles that print "Surname, I., Surname, I. Title." (commas between the names, the title right
# after the last initials) and those that print a comma before the title: the word after an
# author's initials and a comma is read as the title's, so a query without it is another work.
_COMMA_LIST = ("7. Brown, P., Lee, K.L. Ferry routes of the northern isles. J. Isles. 3, 14-20 "
               "(2001).\n{}\n10. Nwosu, A., Park, M. Lighthouse keepers of the west coast. "
               "Coast Press. Lagos. (2004).")


@pytest.mark.parametrize("doc, author, title", [
    # a list that prints a comma before its titles: the word after it is the title's own
    ("7. Brown, P., Lee, K.L., Ferry routes of the northern isles, J. Isles 3 (2001).\n8. "
     f"Varga, T., Extended {_FJORD}, Estuar. Coast. Res. 7 (2015).", "Varga", _FJORD),
    # one author, a comma and the title: its first word dropped by the query is another work,
    # in a list that prints other entries' titles right after their initials
    (_COMMA_LIST.format(f"8. Varga, T., Extended {_FJORD}. Estuar. 7, 11-19 (2015)."),
     "Varga", _FJORD),
    # two authors, a comma and the title: the same
    (_COMMA_LIST.format(f"8. Varga, T., Ruiz, P., Extended {_FJORD}. Estuar. 7 (2015)."),
     "Varga", _FJORD),
    # a changed content word after a bare co-author's surname
    (_COMMA_LIST.format(f"8. Varga, T., Ruiz {_FJORD}. Estuar. 7, 11-19 (2015)."), "Varga",
     "Tidal mixing in shallow lake basins"),
    # the title's last word dropped by the query, after a bare co-author's surname
    (_COMMA_LIST.format(f"8. Varga, T., Ruiz {_FJORD} revisited. Estuar. 7, 11-19 (2015)."),
     "Varga", _FJORD),
    # another entry's title
    (_COMMA_LIST.format(f"8. Varga, T., Ruiz {_FJORD}. Estuar. 7, 11-19 (2015)."), "Varga",
     "Lighthouse keepers of the west coast"),
])
def test_near_misses_after_a_comma_separated_author_run_are_rejected(
        doc: str, author: str, title: str) -> None:
    matching.turned_down(doc, author, title)


# A list of four or more entries that print "Surname, I., Surname, I. Title." prints a
# co-author with no given names as a bare surname after a comma, with no full stop before the
# title: among such neighbours (and no neighbour printing a comma before its title), the word
# is the run's.
_NEIGHBOURS_LIST = (
    "5. Brown, P., Lee, K.L. Ferry routes of the northern isles. J. Isles. 3, 14-20 (2001).\n"
    "6. Tanaka, H., Osei, K. Salt marsh birds of the lower delta. Wetl. Ecol. 9, 1-12 (2003).\n"
    "{}\n"
    "9. Nwosu, A., Park, M. Lighthouse keepers of the west coast. Coast Press. Lagos. (2004).\n"
    "10. Ibsen, L., Moreau, C. Harbour cranes and their keepers. Port Hist. 2, 40-51 (2008).")
_ENTRY_AFTER_FURTHER_NAMES = (f"8. Okafor, B.N., Lindqvist, E., Marchetti {_FJORD}. Estuar. 7 "
                              "(2015).")
_ENTRY_AFTER_OWN_INITIALS = f"8. Haugland, R., Tveit {_MOULINS}. Éditions Ouest. Nantes. (1998)."


@pytest.mark.parametrize("entry, author, title", [
    (_ENTRY_AFTER_FURTHER_NAMES, "Okafor", _FJORD),
    (_ENTRY_AFTER_FURTHER_NAMES, "Lindqvist", _FJORD),
    (_ENTRY_AFTER_OWN_INITIALS, "Haugland", _MOULINS),
])
def test_a_bare_co_author_after_a_comma_among_neighbours_printed_so_ends_the_run(
        entry: str, author: str, title: str) -> None:
    matching.kept_by_both(_NEIGHBOURS_LIST.format(entry), author, title)


@pytest.mark.parametrize("doc, author, title", [
    # a changed content word after the bare co-author
    (_NEIGHBOURS_LIST.format(_ENTRY_AFTER_FURTHER_NAMES), "Okafor",
     "Tidal mixing in shallow lake basins"),
    # the title's last word dropped by the query
    (_NEIGHBOURS_LIST.format(_ENTRY_AFTER_OWN_INITIALS), "Haugland",
     "Petite histoire des moulins à"),
    # one author, a comma and a title in sentence case: its second word has no capital, so the
    # word before it is the title's first, not a name
    (_NEIGHBOURS_LIST.format(f"8. Haugland, R., Extended {_FJORD.lower()}. Estuar. 7 (2015)."),
     "Haugland", _FJORD.lower()),
    # a neighbour printing a comma before its title: a list that mixes styles
    (_NEIGHBOURS_LIST.replace("Osei, K. Salt", "Osei, K., Salt").format(
        f"8. Haugland, R., Extended {_FJORD}. Estuar. 7 (2015)."), "Haugland", _FJORD),
    # neighbours that print a comma before their titles
    ("5. Brown, P., Lee, K.L., Ferry routes of the northern isles, J. Isles 3 (2001).\n6. "
     "Tanaka, H., Osei, K., Salt marsh birds of the lower delta, Wetl. Ecol. 9 (2003).\n8. "
     f"Haugland, R., Extended {_FJORD}, Estuar. 7 (2015).\n9. Nwosu, A., Park, M., Lighthouse "
     "keepers of the west coast, Coast Press, 2004.\n10. Ibsen, L., Moreau, C., Harbour cranes "
     "and their keepers, Port Hist. 2 (2008).", "Haugland", _FJORD),
])
def test_near_misses_beside_a_bare_co_author_among_neighbours_are_rejected(
        doc: str, author: str, title: str) -> None:
    matching.turned_down(doc, author, title)


# A neighbour that is an organisation printed as an inverted name, its legal form after the
# name's comma with no full stop ("Harbour, S., Inc Dredging ..."): that comma is the name's,
# no comma before a title, so the list still prints its titles after the last initials.
_ORGANISATION_NEIGHBOUR = "7. Harbour, S., Inc Dredging plan for the lower quays. Lagos. (2009)."
_WITH_ORGANISATION = _NEIGHBOURS_LIST.replace("\n{}", f"\n{_ORGANISATION_NEIGHBOUR}\n{{}}")


@pytest.mark.parametrize("author", ["Okafor", "Lindqvist"])
def test_a_bare_co_author_beside_an_organisations_legal_form_ends_the_run(author: str) -> None:
    matching.kept_by_both(_WITH_ORGANISATION.format(_ENTRY_AFTER_FURTHER_NAMES), author, _FJORD)


@pytest.mark.parametrize("doc, title", [
    # a changed content word, an added last word after the bare co-author
    (_WITH_ORGANISATION.format(_ENTRY_AFTER_FURTHER_NAMES), "Tidal mixing in shallow lake basins"),
    (_WITH_ORGANISATION.format(
        _ENTRY_AFTER_FURTHER_NAMES.replace(f"{_FJORD}.", f"{_FJORD} today.")), _FJORD),
    # one author, a comma and a title: a neighbour printing a comma before its title still
    # tells a list that mixes styles
    (_WITH_ORGANISATION.replace("Osei, K. Salt", "Osei, K., Salt").format(
        f"8. Okafor, B.N., Extended {_FJORD}. Estuar. 7 (2015)."), _FJORD),
])
def test_near_misses_beside_an_organisations_legal_form_are_rejected(doc: str,
                                                                     title: str) -> None:
    matching.turned_down(doc, "Okafor", title)


# A neighbour is read whole where the stretch in which an entry's neighbours are read ends inside
# it: a further name after a comma ("Nwosu, A., Park, M. Lighthouse"), cut after "Nwosu, A., P",
# is no comma before a title, and a comma before a title ("Nwosu, A., Lighthouse"), cut before
# its word, still is one.
_LIST_BEFORE_CUT = (
    "1. Abeyta, R. Harbour lights of the south coast and their keepers. Coast Press, 1999.\n"
    "2. Castel, M. Ports and ships of the eastern sea in the age of sail. Port Hist. 4 (1987).\n"
    "3. Brandt, K. Ships and harbours of the old northern league. Hanse Verlag, 2001.\n"
    "4. Duarte, L. Lighthouses and ports of the southern ocean. Lisboa, 1995.\n"
    "5. Brown, P., Lee, K.L. Ferry routes of the northern isles. J. Isles. 3, 14-20 (2001).\n"
    "6. Tanaka, H. Salt marsh birds of the lower delta. Wetl. Ecol. 9, 1-12 (2003).\n"
    "7. Sato, Y. Quays and cranes of the inner harbour. Port Hist. 5, 7-9 (2010).\n")
_FURTHER_NAME_NEIGHBOUR = "10. Nwosu, A., Park, M. Lighthouse keepers of the west coast. Lagos."
_COMMA_NEIGHBOUR = "10. Nwosu, A., Lighthouse keepers of the west coast. Coast Press. Lagos."


def _cut_inside(neighbour: str, cut: int, entry: str, title: str) -> str:
    """A list with ``entry`` after ``_LIST_BEFORE_CUT`` (longer than the stretch read before
    an entry) whose stretch read after the title's first word ends ``cut`` characters into
    ``neighbour``: a filler entry between them takes up the difference. From ``cut`` 5 on,
    the neighbour's name ("10. N...") starts inside the stretch."""
    reach = bare_surnames._NEIGHBOURS_REACH
    head = f"{matching.OPENING}{_LIST_BEFORE_CUT}{entry}\n"
    filler = "9. Ibsen, L. Harbour cranes and their keepers. Port Hist. 2, 1{} (2008).\n"
    zeros = head.index(title) + reach - cut - len(head) - len(filler.format(""))
    assert zeros >= 0 and head.index(entry) >= reach
    return f"{_LIST_BEFORE_CUT}{entry}\n{filler.format('0' * zeros)}{neighbour}"


@pytest.mark.parametrize("cut", range(len("10. N"), len("10. Nwosu, A., Park, M. L") + 1))
def test_a_further_name_cut_by_the_neighbours_reach_is_no_comma_before_a_title(cut: int) -> None:
    entry = f"8. Haugland, R., Tveit {_MOULINS}. Éditions Ouest. Nantes. (1998)."
    doc = _cut_inside(_FURTHER_NAME_NEIGHBOUR, cut, entry, _MOULINS)
    matching.kept_by_both(doc, "Haugland", _MOULINS)


@pytest.mark.parametrize("cut", range(len("10. N"), len("10. Nwosu, A., L") + 1))
def test_a_comma_before_a_title_cut_by_the_neighbours_reach_still_tells_the_list(
        cut: int) -> None:
    entry = f"8. Haugland, R., Extended {_FJORD}. Estuar. 7 (2015)."
    matching.turned_down(_cut_inside(_COMMA_NEIGHBOUR, cut, entry, _FJORD), "Haugland", _FJORD)


# The same list where the neighbours' titles have the word for "and" second ("Ports et
# navires ...", "Ships and harbours ..."): those are titles after the last initials too (the
# word for "and" before a further name's initials is a run's: "Brandt, K. Moser and L. Ruiz").
# The bare co-author's given name may be printed joined to the surname.
_AND_TITLES_LIST = (
    "1. Abeyta, R. Harbour lights of the south. Coast Press, 1999.\n{}\n"
    "3. Castel, M. Ports et navires du Levant. Éditions du Port, 1987.\n"
    "4. Brandt, K. Ships and harbours of the Hansa. Hanse Verlag, 2001.\n"
    "5. Duarte, L. Faróis e portos do Atlântico. Lisboa, 1995.")
_AND_TITLES_ENTRY = f"2. Okafor, B.N., Lindqvist, E., AnnaMarchetti {_FJORD}. Estuar. 7 (2015)."


@pytest.mark.parametrize("author", ["Okafor", "Lindqvist"])
def test_a_bare_co_author_among_neighbours_with_and_in_their_titles_ends_the_run(
        author: str) -> None:
    matching.kept_by_both(_AND_TITLES_LIST.format(_AND_TITLES_ENTRY), author, _FJORD)


@pytest.mark.parametrize("doc, title", [
    # a changed content word, the title's last word dropped
    (_AND_TITLES_LIST.format(_AND_TITLES_ENTRY), "Tidal mixing in shallow lake basins"),
    (_AND_TITLES_LIST.format(_AND_TITLES_ENTRY.replace(f"{_FJORD}.", f"{_FJORD} today.")),
     _FJORD),
    # neighbours whose "and" joins further names: no titles after initials, so the word after
    # the comma is the title's own first word
    (_AND_TITLES_LIST.replace("Ports et navires", "Moser et L. Ruiz, Ports").replace(
        "Ships and harbours", "Vogel and P. Lee, Ships").format(
        f"2. Okafor, B.N., Extended {_FJORD}. Estuar. 7 (2015)."), _FJORD),
])
def test_near_misses_beside_a_bare_co_author_among_neighbours_with_and_are_rejected(
        doc: str, title: str) -> None:
    matching.turned_down(doc, "Okafor", title)


# The same bare co-author where a style prints each name's initials with no full stop and the
# title right after the last ones ("Surname AB, Surname C Title."): among four or more such
# neighbours (none printing a comma before its title) the bare word is the run's.
_UNPUNCTUATED_LIST = (
    "(5) Brown P, Lee KL Ferry routes of the northern isles. J Isles. 2001;3:14-20.\n"
    "(6) Tanaka H, Osei K Salt marsh birds of the lower delta. Wetl Ecol. 2003;9:1-8.\n"
    "(7) Moreau C Harbour cranes and their keepers. Port Hist. 2008;2:40-51.\n"
    "{}\n"
    "(9) Nwosu A, Park M Lighthouse keepers of the west coast. Lagos: Coast Press; 2004.\n"
    "(10) Ibsen L Coastal trade routes of the Baltic. Oslo; 1999.")
_UNPUNCTUATED_ENTRY = f"(8) Okafor BN, Lindqvist E, Marchetti {_FJORD}. Estuar. 2015;7:11-19."


#: ... the first name's initial printed as its first two letters ("Holker Th, Deutsch A,
#: Masaitis Nd-Sr Isotope ..."), or a neighbour's ("Gordina LS, Limonad MYu Noospheric ...").
_TWO_LETTER_INITIAL_ENTRY = _UNPUNCTUATED_ENTRY.replace("Okafor BN", "Okafor Th")
_TWO_LETTER_INITIAL_LIST = _UNPUNCTUATED_LIST.replace("Osei K Salt", "Osei KYu Salt")
#: ... or four initials joined ("Iskandar AA, Hoekstra HJWM, Tjia MO Performance").
_FOUR_INITIALS_LIST = _UNPUNCTUATED_LIST.replace("Tanaka H, Osei K Salt",
                                                 "Tanaka H, Osei HJWM, Lund MO Salt")
#: ... or a generational suffix joined to a neighbour's initials ("McHone JFJr Astronaut's").
_JOINED_SUFFIX_LIST = _UNPUNCTUATED_LIST.replace("Tanaka H, Osei K Salt",
                                                 "Tanaka H, Osei KLJr Salt")


#: ... or three neighbours, one of them opening its title with an elided article
#: ("DENIS M L’homéopathie en dermatologie.").
_ELIDED_ARTICLE_LIST = (
    "(6) Tanaka H, Osei K Salt marsh birds of the lower delta. Wetl Ecol. 2003;9:1-8.\n"
    "(7) Moreau C L’estuaire et ses ports. Nantes; 2008.\n{}\n"
    "(9) Nwosu A, Park M Lighthouse keepers of the west coast. Lagos: Coast Press; 2004.")


@pytest.mark.parametrize("doc, author", [
    (_UNPUNCTUATED_LIST.format(_UNPUNCTUATED_ENTRY), "Okafor"),
    (_UNPUNCTUATED_LIST.format(_UNPUNCTUATED_ENTRY), "Lindqvist"),
    (_ELIDED_ARTICLE_LIST.format(_UNPUNCTUATED_ENTRY), "Lindqvist"),
    (_UNPUNCTUATED_LIST.format(_TWO_LETTER_INITIAL_ENTRY), "Okafor"),
    (_TWO_LETTER_INITIAL_LIST.format(_UNPUNCTUATED_ENTRY), "Okafor"),
    (_JOINED_SUFFIX_LIST.format(_UNPUNCTUATED_ENTRY), "Okafor"),
    (_FOUR_INITIALS_LIST.format(_UNPUNCTUATED_ENTRY), "Okafor"),
    # a neighbour's journal whose abbreviated words end with a letter before a comma ("Phys
    # Res A, Accel Detect"): no name and its initials before a title
    (_UNPUNCTUATED_LIST.replace("J Isles. 2001", "Nucl Instrum Phys Res A, Accel Detect. "
                                "2001").format(_UNPUNCTUATED_ENTRY), "Okafor"),
    # one of three neighbours with a generational suffix joined to its initials ("Mudrey MGJr
    # The potential ...")
    (_ELIDED_ARTICLE_LIST.replace("Moreau C L’estuaire", "Moreau MGJr L’estuaire").format(
        _UNPUNCTUATED_ENTRY), "Lindqvist"),
    # one neighbour with a bare co-author of its own ("Handayani AH, Ramli Developmentof Ground
    # ..."): two capitalised words after a comma, alone, show no habit of commas before titles
    (_UNPUNCTUATED_LIST.replace("Osei K Salt marsh", "Osei Salt Marsh").format(
        _UNPUNCTUATED_ENTRY), "Okafor"),
])
def test_a_bare_co_author_after_undotted_initials_among_neighbours_printed_so_ends_the_run(
        doc: str, author: str) -> None:
    matching.kept_by_both(doc, author, _FJORD)


# A text that opens with its reference list (a publication list's page): the second entry has
# one neighbour before it, so its neighbours are read further after it. Where a page of prose
# comes first, the same list's second entry has too few within reach.
_HARBOUR_BOARD = ("(4) Harbour Board of the Northern Isles. Annual report on the ferry routes, "
                  "the piers and the breakwaters of the northern isles, with the tide tables of "
                  "the year, the tolls charged at each pier, the repairs carried out on the "
                  "breakwaters after the winter storms, the accounts of the harbour dues and "
                  "the list of the vessels registered at the ports of the isles, their owners "
                  "and their tonnage, the wrecks reported on the reefs and the lights kept "
                  "on the headlands. Kirkwall: Harbour Board; 1998.\n")
_LIST_OPENING_TEXT = (
    "(1) Moreau C Harbour cranes and their keepers. Port Hist. 2008;2:40-51.\n"
    + _UNPUNCTUATED_ENTRY.replace("(8)", "(2)") + "\n"
    "(3) Nwosu A, Park M Lighthouse keepers of the west coast. Lagos: Coast Press; 2004.\n"
    + _HARBOUR_BOARD
    + "(5) Ibsen L Coastal trade routes of the Baltic. Oslo; 1999.\n"
    "(6) Tanaka H, Osei K Salt marsh birds of the lower delta. Wetl Ecol. 2003;9:1-8.\n")
_PROSE_BEFORE = ("The harbours of the northern isles were studied by many, and their ferry "
                 "routes, tides and trade are the subject of the works listed below. " * 5 + "\n")


def test_a_bare_co_author_in_a_list_opening_the_text_is_read_from_the_neighbours_after() -> None:
    matching.kept_by_both(_LIST_OPENING_TEXT, "Okafor", _FJORD)


@pytest.mark.parametrize("doc, title", [
    (_LIST_OPENING_TEXT, "Tidal mixing in shallow lake basins"),
    (_PROSE_BEFORE + _LIST_OPENING_TEXT, _FJORD),
])
def test_a_bare_co_author_with_too_few_neighbours_within_reach_stays_a_title_word(
        doc: str, title: str) -> None:
    matching.turned_down(doc, "Okafor", title)


# The same run before a title whose first word is printed in lower case, as the query opens
# (a subtitle given as the title, "Petrology mineralogy, geochemistry, ..." for "mineralogy,
# geochemistry, ..."): the bare word is the run's. A query typed all in lower case, or one
# that opens with a capital, does not say so.
_LOWER_CASE_TITLE = "tidal mixing in the Oslo fjord basins"
_LOWER_CASE_ENTRY = (f"(8) Okafor BN, Lindqvist E, Marchetti {_LOWER_CASE_TITLE}. Estuar. "
                     "2015;7:11-19.")


def test_a_bare_co_author_before_a_title_opening_in_lower_case_as_queried_ends_the_run() -> None:
    matching.kept_by_both(_UNPUNCTUATED_LIST.format(_LOWER_CASE_ENTRY), "Okafor",
                          _LOWER_CASE_TITLE)


@pytest.mark.parametrize("entry, title", [
    (_LOWER_CASE_ENTRY, _LOWER_CASE_TITLE.lower()),
    (_LOWER_CASE_ENTRY, "Tidal mixing in the Oslo fjord basins"),
    (_LOWER_CASE_ENTRY, "tidal mixing in the Oslo lake basins"),
])
def test_a_lower_case_title_after_a_capitalised_word_not_read_as_a_run_is_rejected(
        entry: str, title: str) -> None:
    matching.turned_down(_UNPUNCTUATED_LIST.format(entry), "Okafor", title)


@pytest.mark.parametrize("doc, title", [
    # a changed content word, the title's last word dropped, its first word changed
    (_UNPUNCTUATED_LIST.format(_UNPUNCTUATED_ENTRY), "Tidal mixing in shallow lake basins"),
    (_UNPUNCTUATED_LIST.format(_UNPUNCTUATED_ENTRY), "Tidal mixing in shallow fjord"),
    (_UNPUNCTUATED_LIST.format(_UNPUNCTUATED_ENTRY), "Coastal mixing in shallow fjord basins"),
    # a neighbour printing a comma before its title: a list that mixes styles
    (_UNPUNCTUATED_LIST.replace("Osei K Salt", "Osei K, Salt").format(_UNPUNCTUATED_ENTRY),
     _FJORD),
    (_UNPUNCTUATED_LIST.replace("Moreau C Harbour", "Moreau C, Harbour").format(
        _UNPUNCTUATED_ENTRY), _FJORD),
    # two neighbours with two capitalised words after a comma: a habit of the list
    (_UNPUNCTUATED_LIST.replace("Osei K Salt marsh", "Osei Salt Marsh").replace(
        "Park M Lighthouse", "Park Lighthouse Keepers").format(_UNPUNCTUATED_ENTRY), _FJORD),
    # neighbours that all print a comma before their titles
    ("(5) Brown P, Lee KL, Ferry routes of the northern isles, J Isles 3 (2001).\n(6) Tanaka H, "
     f"Osei K, Salt marsh birds of the lower delta, Wetl Ecol 9 (2003).\n{_UNPUNCTUATED_ENTRY}\n"
     "(9) Nwosu A, Park M, Lighthouse keepers of the west coast, Coast Press, 2004.\n(10) Ibsen "
     "L, Coastal trade routes of the Baltic, Oslo, 1999.", _FJORD),
    # two neighbours only
    ("(7) Moreau C Harbour cranes and their keepers. Port Hist. 2008;2:40-51.\n"
     f"{_UNPUNCTUATED_ENTRY}\n(9) Nwosu A, Park M Lighthouse keepers of the west coast. Lagos: "
     "Coast Press; 2004.", _FJORD),
    (_ELIDED_ARTICLE_LIST.replace("C L’estuaire", "C l’estuaire").format(
        _UNPUNCTUATED_ENTRY), _FJORD),
    # initials in lower case, or the bare word: words of a sentence, not a run
    (_UNPUNCTUATED_LIST.format(_UNPUNCTUATED_ENTRY.replace("BN", "bn").replace(" E,", " e,")),
     _FJORD),
    (_UNPUNCTUATED_LIST.format(_UNPUNCTUATED_ENTRY.replace("Marchetti", "marchetti")), _FJORD),
    # a word of two letters no initial prints as: a word of a sentence
    (_UNPUNCTUATED_LIST.format(_UNPUNCTUATED_ENTRY.replace("Okafor BN", "Okafor In")), _FJORD),
    # a neighbour's suffix with no initials before it: a word after its comma, a title's
    (_JOINED_SUFFIX_LIST.replace("KLJr", "Jr").replace("Park M Lighthouse", "Park Jr Lighthouse")
     .format(_UNPUNCTUATED_ENTRY), _FJORD),
])
def test_near_misses_beside_a_bare_co_author_after_undotted_initials_are_rejected(
        doc: str, title: str) -> None:
    matching.turned_down(doc, "Okafor", title)


# A short title after such a run: normalized, its words follow the bare surname as words of a
# sentence follow a word. The run's shape among neighbours printed so says the bare word ends the
# run, for a searched name before it and for the searched name being that bare surname.
_SHORT_AFTER_BARE = "(8) Okafor BN, Lindqvist E, Marchetti Salt marshes. Estuar. 2015;7:11-19."


@pytest.mark.parametrize("author", ["Okafor", "Lindqvist", "Marchetti"])
def test_a_short_title_after_a_bare_co_author_among_neighbours_printed_so_is_found(
        author: str) -> None:
    matching.kept_by_both(_UNPUNCTUATED_LIST.format(_SHORT_AFTER_BARE), author, "Salt marshes")


#: The same neighbours where one prints a co-author's name of two words ("La Paglia G"), or
#: a name of two letters before its initial and a title that opens with a short word ("Li D
#: On ..."), or where each closes its run with the last initials' full stop (Vancouver's "Lee
#: KL. Title"): a run's last name with no initials then has no full stop either.
_TWO_WORD_NAME_LIST = _UNPUNCTUATED_LIST.replace("Tanaka H, Osei K", "Tanaka H, La Osei K")
_SHORT_NAME_LIST = _UNPUNCTUATED_LIST.replace("Tanaka H, Osei K Salt", "Tanaka H, Li D On salt")
_FULL_STOP_LIST = (_UNPUNCTUATED_LIST.replace("Lee KL Ferry", "Lee KL. Ferry")
                   .replace("Osei K Salt", "Osei K. Salt").replace("Moreau C Harbour",
                                                                   "Moreau C. Harbour")
                   .replace("Park M Lighthouse", "Park M. Lighthouse")
                   .replace("Ibsen L Coastal", "Ibsen L. Coastal"))


@pytest.mark.parametrize("doc", [_TWO_WORD_NAME_LIST, _SHORT_NAME_LIST, _FULL_STOP_LIST])
@pytest.mark.parametrize("author", ["Okafor", "Lindqvist", "Marchetti"])
def test_a_short_title_after_a_bare_co_author_among_such_neighbours_is_found(
        doc: str, author: str) -> None:
    matching.kept_by_both(doc.format(_SHORT_AFTER_BARE), author, "Salt marshes")


@pytest.mark.parametrize("doc", [
    # the bare word in lower case: words of a sentence, not a run
    _UNPUNCTUATED_LIST.format(_SHORT_AFTER_BARE.replace("Marchetti", "marchetti")),
    # neighbours closing their runs with a full stop, one printing a comma before its title
    _FULL_STOP_LIST.replace("Osei K. Salt", "Osei K, Salt").format(_SHORT_AFTER_BARE),
    # names of two words with no initials after them: commas before titles
    _UNPUNCTUATED_LIST.replace("Osei K Salt", "Osei K, Salt Marsh birds").replace(
        "Park M Lighthouse", "Park M, Light House keepers").format(_SHORT_AFTER_BARE),
    # two neighbours only: no list's style to read
    "(7) Moreau C Harbour cranes and their keepers. Port Hist. 2008;2:40-51.\n"
    f"{_SHORT_AFTER_BARE}\n(9) Nwosu A, Park M Lighthouse keepers of the west coast. Lagos: "
    "Coast Press; 2004.",
    # neighbours that print a comma before their titles
    _UNPUNCTUATED_LIST.replace("Osei K Salt", "Osei K, Salt").format(_SHORT_AFTER_BARE),
])
@pytest.mark.parametrize("author", ["Lindqvist", "Marchetti"])
def test_a_short_title_after_a_bare_word_no_neighbours_vouch_for_is_ordinary_words(
        doc: str, author: str) -> None:
    matching.turned_down(doc, author, "Salt marshes")


# A style that closes a surname printed with no given names by its full stop, then the run's
# semicolon or its word for "and" before the last name and its initials: those full stops end
# names, no sentence, so the title after the run is the entry's own.
_BARE_SURNAME_RUNS = (
    "22.Draper. ; Kramer. y Builders, T.C. Harbour Site Redevelopment Proposal, Lagos, 1999.\n\n"
    "23.Halvorsen, K. ; Okafor. y Berg, M. Tidal markets of the delta, Bergen, 2001.\n\n"
    "24.Lindqvist. ; Berg. ; Moreau. Quay walls of the north, Oslo, 2004.")
#: The same names before a title that sentences close off: another entry's.
_SENTENCES_BETWEEN = (
    "Draper. ; Kramer. y Builders, T.C. Harbour Site Redevelopment. Lagos Office. "
    "Okafor, N. y Berg, M. Tidal markets of the delta, Bergen, 2001.")


@pytest.mark.parametrize("author, title", [
    ("Draper", "Harbour Site Redevelopment Proposal"),
    ("Kramer", "Harbour Site Redevelopment Proposal"),
    ("Halvorsen", "Tidal markets of the delta"),
    ("Lindqvist", "Quay walls of the north"),
])
def test_a_title_after_surnames_closed_by_full_stops_in_a_run_is_the_entrys(
        author: str, title: str) -> None:
    matching.kept_by_both(_BARE_SURNAME_RUNS, author, title)


def test_a_title_after_two_sentences_past_such_a_run_is_another_entrys() -> None:
    matching.turned_down(_SENTENCES_BETWEEN, "Kramer", "Tidal markets of the delta")
