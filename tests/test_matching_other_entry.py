"""Where a name's entry ends, as the "title of another entry" check reads it: shapes of one
entry that look like two (a title printed after the article's venue and numbers in a numbered
list; author names printed with no comma between them), beside the same shapes where the title
really is another entry's, or a near miss the word checks reject."""

from __future__ import annotations

import pytest

from citeseeker_scrapy.matching import AuthorGroup, CitationMatcher, MatcherSettings
from citeseeker_scrapy.matching.model import CHANGED_WORD, OTHER_ENTRY
from tests.support.matching import kept_by_both, turned_down
from tests.test_matching_superset import original_veto

TOLLS = "Harbour tolls and the trade of the Hanseatic towns"
#: A near miss of ``TOLLS``: one content word changed.
BALTIC = "Harbour tolls and the trade of the Baltic towns"
OTHER = "M. Ostrom, Other things, Vrin, 1990."


def _kept_with_no_veto(doc: str, author: str, title: str) -> None:
    """No check vetoes the original scheme's hit, and both schemes report the citation."""
    assert original_veto(doc, author, title) is None
    kept_by_both(doc, author, title)


def _vetoed_by(doc: str, author: str, title: str, veto: str) -> None:
    """The named check vetoes the original scheme's hit, and the improved scheme turns the
    citation down."""
    assert original_veto(doc, author, title) == veto
    turned_down(doc, author, title)


@pytest.mark.parametrize("doc, author", [
    # the article's journal, volume, pages and year, then its title, then the next "[n]"
    (f"[6] K. Lindqvist, Maritime History Review, 12, 45–67 (1987). {TOLLS}. [7] {OTHER}",
     "Lindqvist"),
    (f"[13] {OTHER} [14] A. B. Moreau and C. Lacour, J. Chem. Phys., 104, 2210–2218 (1996). "
     f"{TOLLS}. [15] {OTHER}", "Lacour"),
    # the last entry of the list, and a page number before the entry's "[n]"
    (f"[2] {OTHER} [3] P. Weiss, Ann. Phys, 7, 1–9 (2003). {TOLLS}.", "Weiss"),
    (f"[8] {OTHER} 4 [9] R. Novak, Zeitschrift fur Geschichte, 3, 211–230 (1979). {TOLLS}? "
     f"[10] {OTHER}", "Novak"),
    # a page break after the title: the page's number, then the text's end (the list's last
    # entry) or the next entry's "[n]"
    (f"[11] {OTHER} [12] T. Okafor, Journal of Coastal Trade, 9, 301–318 (2011). {TOLLS}.\n7\n",
     "Okafor"),
    (f"[4] {OTHER} [5] H. Brandt, Hansische Blatter, 22, 5–19 (1968). {TOLLS}.\n14\n[6] "
     f"{OTHER}", "Brandt"),
    # the issue in brackets after the volume, with no blank or one
    (f"[20] {OTHER} [21] S. Haldane, Scandinavian Economic History Review, 31(2), 88–104 "
     f"(1983). {TOLLS}. [22] {OTHER}", "Haldane"),
    (f"[20] {OTHER} [21] S. Haldane and P. Moreau, Econ. Hist. Rev., 31 (12), 88–104 (1983). "
     f"{TOLLS}. [22] {OTHER}", "Moreau"),
])
def test_a_title_after_the_venue_and_numbers_ends_its_numbered_entry(doc: str,
                                                                    author: str) -> None:
    _kept_with_no_veto(doc, author, TOLLS)


VENUE = "[6] K. Lindqvist, Maritime History Review, 12, 45–67 (1987)"


@pytest.mark.parametrize("doc, title, veto", [
    # another work's author, or another work inside the entry, before the title
    (f"{VENUE}. B. Jones, {TOLLS}. [7] {OTHER}", TOLLS, OTHER_ENTRY),
    (f"{VENUE}; B. Jones, Ann. Phys. 3, 4–9 (1988). {TOLLS}. [7] {OTHER}", TOLLS, OTHER_ENTRY),
    # the next entry's title; a number after the title that is not "[n+1]"
    (f"{VENUE}. [7] {TOLLS}, Vrin, 1990. [8] {OTHER}", TOLLS, OTHER_ENTRY),
    (f"{VENUE}. {TOLLS}. [9] {OTHER}", TOLLS, OTHER_ENTRY),
    # a page number after the title, then a number that is not "[n+1]", or words of no entry
    (f"{VENUE}. {TOLLS}.\n4\n[9] {OTHER}", TOLLS, OTHER_ENTRY),
    (f"{VENUE}. {TOLLS}.\n4\nAppendix A. Harbour dues by year", TOLLS, OTHER_ENTRY),
    # the entry's own title, one content word changed (on one page, before a page break)
    (f"{VENUE}. {TOLLS}. [7] {OTHER}", BALTIC, CHANGED_WORD),
    (f"{VENUE}. {TOLLS}.\n4\n", BALTIC, CHANGED_WORD),
    # a year in brackets after the volume (another work's date), a bracket that is no issue
    ("[6] K. Lindqvist, Maritime History Review, 12 (1986), 45–67 (1987). "
     f"{TOLLS}. [7] {OTHER}", TOLLS, OTHER_ENTRY),
    ("[6] K. Lindqvist, Maritime History Review, 12 (reprint), 45–67 (1987). "
     f"{TOLLS}. [7] {OTHER}", TOLLS, OTHER_ENTRY),
    # the shape with the entry's own title, one content word changed
    (f"[6] K. Lindqvist, Maritime History Review, 12(3), 45–67 (1987). {TOLLS}. [7] {OTHER}",
     BALTIC, CHANGED_WORD),
])
def test_near_the_numbered_shape_the_checks_still_veto(doc: str, title: str, veto: str) -> None:
    _vetoed_by(doc, "Lindqvist", title, veto)


BEFORE = "Moreau, Pierre. 2009. Other things. Vrin. "
AFTER = " Weiss, Anne. 2014. Tidal markets. Nature."


@pytest.mark.parametrize("doc, author", [
    # names printed with no comma between them, or a given name and two surnames, before the
    # word for "and": the year after the last name still dates the author run
    (f"{BEFORE}Lindqvist, Karin, Juan Carlos Ortega Ruiz & Marta Silvestrini. 2013. {TOLLS}. "
     f"Arxiv.{AFTER}", "Lindqvist"),
    (f"{BEFORE}Novak, Jan, Maria Jose Garcia Lopez a Petr Dvoracek-Holub. 2010. {TOLLS}. Brno: "
     f"Host.{AFTER}", "Novak"),
    (f"{BEFORE}Novak, Jan, Karin Lindqvist Juan Ortega and Petr Dvorak. 2010. {TOLLS}. Brno: "
     f"Host.{AFTER}", "Novak"),
    # a style that prints only a blank between the names, "und" before the last one
    (f"{BEFORE}Lindqvist, Karin Juan M. Ortega Marta C. Silvestrini und Petr Dvorak. 2013. "
     f"„{TOLLS}“. In: Arxiv.{AFTER}", "Lindqvist"),
    (f"{BEFORE}Novak, JP KL Ortega M Dvorak TW Weiss und JR Moreau. 2010. „{TOLLS}“. Brno: "
     f"Host.{AFTER}", "Novak"),
    # a name inside such a run, its names longer than a name's piece after it
    (f"{BEFORE}Lindqvist, Karin Juan M. Ortega Marta C. Silvestrini Petr Dvorak A. Kowalczyk "
     f"und Skagen Harbour. 2013. „{TOLLS}“. In: Arxiv.{AFTER}", "Ortega"),
    # ... and an organisation after the word for "and", its own function words in its name
    (f"{BEFORE}Lindqvist, Karin Juan M. Ortega Marta C. Silvestrini Petr Dvorak A. Kowalczyk "
     f"and the members of the Skagen Harbour Working Group. 2013. „{TOLLS}“. In: Arxiv."
     f"{AFTER}", "Ortega"),
])
def test_names_with_no_comma_between_them_end_their_run_at_its_year(doc: str,
                                                                   author: str) -> None:
    _kept_with_no_veto(doc, author, TOLLS)


RUN = "Lindqvist, Karin, Juan Carlos Ortega Ruiz & Marta Silvestrini. 2013."


@pytest.mark.parametrize("doc, title, veto", [
    # the title of the next entry, with or without its authors
    (f"{RUN} Other things. Arxiv. Weiss, Anne. 2014. {TOLLS}. Nature.", TOLLS, OTHER_ENTRY),
    (f"{RUN} Other things. Arxiv. 2014. {TOLLS}. Nature.", TOLLS, OTHER_ENTRY),
    # a piece of more words than a run's names: a title, whose year closes the entry
    (f"Lindqvist, Karin, Trade and tolls of the towns of Lubeck and Riga in the north. 2013. "
     f"{TOLLS}. Nature.", TOLLS, OTHER_ENTRY),
    # the entry's own title, one content word changed
    (f"{RUN} {TOLLS}. Arxiv.", BALTIC, CHANGED_WORD),
])
def test_near_the_run_without_commas_the_checks_still_veto(doc: str, title: str,
                                                           veto: str) -> None:
    _vetoed_by(doc, "Lindqvist", title, veto)


SEAFARING = "In: Handbuch der Seefahrt. Brill, Leiden 2013, S. 12–40"


@pytest.mark.parametrize("doc, author", [
    # each inverted name closed by a colon, the next one opened by a slash
    (f"{BEFORE}Lindqvist, Karin: /Ortega, Juan: {TOLLS}. {SEAFARING}{AFTER}", "Lindqvist"),
    (f"{BEFORE}Novak, Jan: /Dvorak: {TOLLS}. Host, Brno 2010{AFTER}", "Novak"),
    (f"{BEFORE}Weber, Lena: /Park, Min: /Novak, Jan: {TOLLS}. {SEAFARING}{AFTER}", "Weber"),
    # a slash before an inverted name, the run closed by its year and a chapter's pages
    (f"{BEFORE}Lindqvist, Karin/Ortega, Juan, 2013: 45–67 {TOLLS}, Leiden: Brill.{AFTER}",
     "Lindqvist"),
    (f"{BEFORE}Weber, Lena/Park, M./Novak, Jan, (2008): 3–19 {TOLLS}, Berlin: Host.{AFTER}",
     "Weber"),
    # a surname with particles, a volume between its given name and the year
    (f"{BEFORE}LE GOFF, Anne. vol. 2. 2013, “{TOLLS}”, In: Revue du Nord. pp. 29–39.{AFTER}",
     "GOFF"),
    (f"{BEFORE}van der Berg, Anna. vol. 4. 2011, “{TOLLS}”, In: Revue du Nord. pp. 3–9.{AFTER}",
     "Berg"),
])
def test_names_separated_by_a_slash_or_with_particles_stay_in_their_run(doc: str,
                                                                        author: str) -> None:
    _kept_with_no_veto(doc, author, TOLLS)


@pytest.mark.parametrize("doc, author, title, veto", [
    # the next entry's title, its run printed alike
    (f"Lindqvist, Karin: /Ortega, Juan: Other things. Vrin, Paris 1990. Weiss, Anne: "
     f"/Moreau, Pierre: {TOLLS}. {SEAFARING}", "Lindqvist", TOLLS, OTHER_ENTRY),
    (f"Lindqvist, Karin: /Ortega, Juan: Typesetting, 1990 Weiss, Anne: /Moreau, Pierre: "
     f"{TOLLS}", "Lindqvist", TOLLS, OTHER_ENTRY),
    (f"Lindqvist, Karin/Ortega, Juan, 2013: 45–67 Other things, Leiden: Brill. Weiss, "
     f"Anne/Moreau, Pierre, 2014: 3–9 {TOLLS}, Berlin: Host.", "Lindqvist", TOLLS, OTHER_ENTRY),
    # a venue with a slash before the year and pages: the entry ends there
    (f"Lindqvist, Karin, Maritime/Harbour History, 2013: 45–67 {TOLLS}, Leiden: Brill.",
     "Lindqvist", TOLLS, OTHER_ENTRY),
    (f"{BEFORE}LE GOFF, Anne. Other things. Revue du Nord. 2013, “{TOLLS}”, In: Revue.", "GOFF",
     TOLLS,
     OTHER_ENTRY),
    # the entry's own title, one content word changed
    (f"Lindqvist, Karin: /Ortega, Juan: {TOLLS}. {SEAFARING}", "Lindqvist", BALTIC,
     CHANGED_WORD),
    (f"Lindqvist, Karin/Ortega, Juan, 2013: 45–67 {TOLLS}, Leiden: Brill.", "Lindqvist", BALTIC,
     CHANGED_WORD),
    (f"{BEFORE}LE GOFF, Anne. vol. 2. 2013, “{TOLLS}”, In: Revue du Nord.", "GOFF", BALTIC,
     CHANGED_WORD),
])
def test_near_slashed_names_and_particles_the_checks_still_veto(doc: str, author: str,
                                                                title: str, veto: str) -> None:
    _vetoed_by(doc, author, title, veto)


UNCOMMAED = "Lindqvist, Karin Juan M. Ortega Marta C. Silvestrini und Petr Dvorak. 2013."


@pytest.mark.parametrize("doc, title, veto", [
    # a title with function words before the year: the year closes the entry
    (f"{BEFORE}Lindqvist, Karin Trade of the towns of Lubeck und Riga. 2013. {TOLLS}. Nature.",
     TOLLS, OTHER_ENTRY),
    (f"{BEFORE}Lindqvist, Karin Trade of the towns of Lubeck and the Riga Harbour Society. "
     f"2013. {TOLLS}. Nature.", TOLLS, OTHER_ENTRY),
    # the title of the next entry
    (f"{UNCOMMAED} „Other things“. Arxiv. Weiss, Anne. 2014. {TOLLS}. Nature.", TOLLS,
     OTHER_ENTRY),
    # the entry's own title, one content word changed
    (f"{UNCOMMAED} „{TOLLS}“. Arxiv.", BALTIC, CHANGED_WORD),
])
def test_near_names_with_only_a_blank_between_the_checks_still_veto(doc: str, title: str,
                                                                    veto: str) -> None:
    _vetoed_by(doc, "Lindqvist", title, veto)


#: Entries of a style that prints the first name inverted with no comma, its given name
#: closed by a full stop when more names follow, the others given name first with no comma.
DATED_BEFORE = "Moreau Pierre (2009). “Other things”. Vrin.\n"
DATED_AFTER = "\nWeiss Anne (2014). “Tidal markets”. Nature."


@pytest.mark.parametrize("doc, author", [
    (f"{DATED_BEFORE}Lindqvist Karin. Juan Ortega Marta Silvestrini y Petr Dvorak (2013). "
     f"“{TOLLS}”. Arxiv.{DATED_AFTER}", "Lindqvist"),
    (f"{DATED_BEFORE}Novak Jan. Maria Lopez and Petr Dvorak-Holub (2010). “{TOLLS}”. Brno. "
     f"Host.{DATED_AFTER}", "Novak"),
    (f"{DATED_BEFORE}Okafor Tunde. K. L. Weiss und Anne Moreau (2011). {TOLLS}. Leiden."
     f"{DATED_AFTER}", "Okafor"),
])
def test_a_given_name_full_stop_inside_a_run_without_commas_ends_no_entry(doc: str,
                                                                        author: str) -> None:
    _kept_with_no_veto(doc, author, TOLLS)


@pytest.mark.parametrize("doc, title, veto", [
    # the next entry's title, its run printed alike after the given name's entry
    (f"{DATED_BEFORE}Lindqvist Karin. Sagas. Vrin. Juan Ortega y Petr Dvorak (2013). "
     f"“{TOLLS}”. Arxiv.", TOLLS, OTHER_ENTRY),
    (f"{DATED_BEFORE}Lindqvist Karin (2009). “Sagas”. Vrin. Juan Ortega y Petr Dvorak (2013). "
     f"“{TOLLS}”.", TOLLS, OTHER_ENTRY),
    # words of a title, not names, between the full stop and the date
    (f"{DATED_BEFORE}Lindqvist Karin. Trade of the towns y Riga (2013). “{TOLLS}”. Arxiv.",
     TOLLS, OTHER_ENTRY),
    # the entry's own title, one content word changed
    (f"{DATED_BEFORE}Lindqvist Karin. Juan Ortega Marta Silvestrini y Petr Dvorak (2013). "
     f"“{TOLLS}”. Arxiv.", BALTIC, CHANGED_WORD),
])
def test_near_a_given_name_full_stop_the_checks_still_veto(doc: str, title: str,
                                                           veto: str) -> None:
    _vetoed_by(doc, "Lindqvist", title, veto)


#: An entry that ends with its pages and no full stop: only a blank before the next name.
UNCLOSED = "Moreau, Pierre. Other things. Revue du Nord 12, 45–67"
SAGAS = "Sagas and skerries"


@pytest.mark.parametrize("doc, author", [
    # a main title before the title searched, after the entry before's pages; a run to its
    # last name after the word for "and"
    (f"{UNCLOSED} Lindqvist, Karin. {SAGAS}. {TOLLS}. Bergen: Nordvik, 1998.", "Lindqvist"),
    (f"{UNCLOSED} Lindqvist, Karin, and Per Moe. {SAGAS}. {TOLLS}. Bergen: Nordvik, 1998.",
     "Lindqvist"),
    # two given names, a series and its volume before the title
    (f"{UNCLOSED} Lindqvist, Karin Marie. Nordic studies. Band 3. {TOLLS}. Bergen, 1998.",
     "Lindqvist"),
    # an editor's word as a sentence of its own; a hyphenated given name after a year
    (f"{UNCLOSED} Lindqvist, Karin. Hrsg. {TOLLS}. Bergen: Nordvik, 1998.", "Lindqvist"),
    (f"Weber, Lena. Other things. Vrin, 1990 Novak, Jan-Petr. Edited. {TOLLS}. Brno: Host, "
     "2010.", "Novak"),
])
def test_the_full_stop_after_the_searched_names_given_names_ends_no_sentence(
        doc: str, author: str) -> None:
    _kept_with_no_veto(doc, author, TOLLS)


@pytest.mark.parametrize("doc, title, veto", [
    # the next entry's title: a venue, a year or pages, or another run between
    (f"{UNCLOSED} Lindqvist, Karin. {SAGAS}. Bergen: Nordvik. Weiss, A. {TOLLS}. Nature.", TOLLS,
     OTHER_ENTRY),
    (f"{UNCLOSED} Lindqvist, Karin. {SAGAS}. Bergen, 1998. Weiss, Anne. {TOLLS}. Nature.", TOLLS,
     OTHER_ENTRY),
    (f"{UNCLOSED} Lindqvist, Karin. {SAGAS} 12–19 Weiss, Anne. {TOLLS}. Nature.", TOLLS,
     OTHER_ENTRY),
    (f"{UNCLOSED} Lindqvist, Karin. {SAGAS}. Bergen. {TOLLS}. Nature.", TOLLS, OTHER_ENTRY),
    # the entry's own title, one content word changed or its last word dropped
    (f"{UNCLOSED} Lindqvist, Karin. {SAGAS}. {TOLLS}. Bergen: Nordvik, 1998.", BALTIC,
     CHANGED_WORD),
    (f"{UNCLOSED} Lindqvist, Karin. {SAGAS}. {TOLLS}. Bergen: Nordvik, 1998.",
     TOLLS.rsplit(" ", 1)[0], CHANGED_WORD),
])
def test_near_the_searched_names_given_names_the_checks_still_veto(doc: str, title: str,
                                                                   veto: str) -> None:
    _vetoed_by(doc, "Lindqvist", title, veto)


#: A run of bare surnames joined by semicolons, as ABNT prints names it has no given names
#: for, the last one's full stop before its given names ("DRAPER; KRAMER; BUILDERS. The
#: Community."), then the title: that full stop ends the run, no sentence.
BARE_RUN = f"LINDQVIST; MOE; BUILDERS. The Harbour. {TOLLS}. Bergen: Nordvik, 1998."


@pytest.mark.parametrize("doc, author", [
    (f"{OTHER}\n{BARE_RUN}\n{OTHER}", "Lindqvist"),
    (f"{OTHER}\n{BARE_RUN.replace('MOE; ', '')}\n{OTHER}", "Lindqvist"),
])
def test_a_run_of_bare_surnames_joined_by_semicolons_ends_at_its_last_full_stop(
        doc: str, author: str) -> None:
    _kept_with_no_veto(doc, author, TOLLS)


@pytest.mark.parametrize("doc, title, veto", [
    # the next entry's title: a title and a venue after the run
    (f"{OTHER}\nLINDQVIST; MOE. {SAGAS}. Bergen: Nordvik. {TOLLS}. Nature.", TOLLS,
     OTHER_ENTRY),
    (f"{OTHER}\n{BARE_RUN}\n{OTHER}", BALTIC, CHANGED_WORD),
])
def test_near_a_run_of_bare_surnames_the_checks_still_veto(doc: str, title: str,
                                                           veto: str) -> None:
    _vetoed_by(doc, "Lindqvist", title, veto)


#: An entry that ends with a word and no full stop (its publisher, its institution).
OPEN_ENDED = "Moreau, Pierre. Other things. Lille: Presses du Septentrion"


@pytest.mark.parametrize("doc, author", [
    # a main title before the title searched: a book's series, a volume's own title
    (f"{OPEN_ENDED} Lindqvist, Karin. {SAGAS}. {TOLLS}. Bergen: Nordvik, 1998.", "Lindqvist"),
    (f"{OPEN_ENDED} Lindqvist, K. {SAGAS}. {TOLLS} 3. Bergen: Nordvik, 1998.", "Lindqvist"),
    (f"{OPEN_ENDED} Novak, Jan-Petr. Edited. {TOLLS}. Brno: Host, 2010.", "Novak"),
])
def test_one_given_names_full_stop_after_an_entry_with_no_full_stop_ends_no_sentence(
        doc: str, author: str) -> None:
    _kept_with_no_veto(doc, author, TOLLS)


@pytest.mark.parametrize("doc, title, veto", [
    # the next entry's title: a venue between, or another run before it
    (f"{OPEN_ENDED} Lindqvist, Karin. {SAGAS}. Bergen: Nordvik. {TOLLS}. Nature.", TOLLS,
     OTHER_ENTRY),
    (f"{OPEN_ENDED} Lindqvist, Karin. {SAGAS}. Weiss, Anne. {TOLLS}. Nature.", TOLLS,
     OTHER_ENTRY),
    # two given names after a word: a run printed given names first ("Anna Lindqvist, Karin
    # Moe."), whose full stop may end a sentence
    (f"Weiss, Anne. Anna Lindqvist, Karin Moe. {SAGAS}. Vrin. {TOLLS}. Nature.", TOLLS,
     OTHER_ENTRY),
    # the entry's own title, one content word changed
    (f"{OPEN_ENDED} Lindqvist, Karin. {SAGAS}. {TOLLS}. Bergen: Nordvik, 1998.", BALTIC,
     CHANGED_WORD),
])
def test_near_one_given_name_after_an_entry_with_no_full_stop_the_checks_still_veto(
        doc: str, title: str, veto: str) -> None:
    _vetoed_by(doc, "Lindqvist", title, veto)


#: An entry that closes with no punctuation after its title, or with what some styles print for
#: an empty field ("),." after a bracketed place, ",." after a venue), or with a number alone;
#: the next entry's run, inverted and dated, follows on the same line.
DATED = "Lindqvist, P. (2001). "
NEXT_RUN = "Moreau, C. J. (1999). "


@pytest.mark.parametrize("doc", [
    f"{DATED}Drift nets along the coast are changing {NEXT_RUN}{TOLLS}. Nature.",
    f"{DATED}Drift nets along the coast (Bergen: Nordvik),. {NEXT_RUN}{TOLLS}. (Riga: Vox),.",
    f"{DATED}Drift nets along the coast in Tromsø museum,. {NEXT_RUN}{TOLLS} 12, 3–9.",
    f"{DATED}Drift nets along the coast 450, 20. {NEXT_RUN}{TOLLS} 12, 3–9.",
    # the date unbracketed, or bracketed with no full stop; names in capitals
    f"Lindqvist, P. 2001. Drift nets along the coast Moreau, C. J. 1999. {TOLLS}. Nature.",
    f"Lindqvist, P. (2001) Drift nets along the coast Moreau, C. J. (1999) {TOLLS}. Nature.",
    f"LINDQVIST, P. (2001). Drift nets along the coast MOREAU, C. J. (1999). {TOLLS}. Nature.",
])
def test_the_next_entrys_dated_run_before_a_title_ends_the_names_entry(doc: str) -> None:
    _vetoed_by(doc, "Lindqvist", TOLLS, OTHER_ENTRY)


@pytest.mark.parametrize("doc, author", [
    # the searched name is the place or the publisher that closes the entry before
    (f"Moreau, C. J. (1999). Drift nets. Bergen: Lindqvist. {NEXT_RUN}{TOLLS}. Nature.",
     "Lindqvist"),
    (f"Moreau C.J. 1999. Drift nets. K. Nordvik, Tromsø. Weber P.A. 2001. {TOLLS}. Nature.",
     "Tromsø"),
    (f"Moreau, C. J. 1999. Drift nets. Bergen: Nordvik. Weber, P. A. 2001. {TOLLS}. Nature.",
     "Nordvik"),
])
def test_a_dated_run_after_the_names_own_full_stop_is_another_entrys(doc: str,
                                                                     author: str) -> None:
    _vetoed_by(doc, author, TOLLS, OTHER_ENTRY)


@pytest.mark.parametrize("doc, author", [
    # the searched name's own run, its date after the last name
    (f"Lindqvist, P., Moreau, C. J. (1999). {TOLLS}. Nature.", "Lindqvist"),
    (f"Lindqvist, P. and Moreau, C. J. (1999). {TOLLS}. Nature.", "Lindqvist"),
    # the searched name's run after the entry before, closed with no punctuation or by ",."
    (f"Moreau, C. J. (1999). Drift nets along the coast {DATED}{TOLLS}. Nature.", "Lindqvist"),
    (f"Moreau, C. J. (1999). Drift nets (Bergen: Nordvik),. {DATED}{TOLLS}. (Riga: Vox),.",
     "Lindqvist"),
    # a second entry of the same author
    (f"Lindqvist, P. (2001a). Drift nets. Nature. Lindqvist, P. (2001b). {TOLLS}. Nature.",
     "Lindqvist"),
    # the searched name's full stop closes its run: its date, or the next name's, after it
    (f"P. Lindqvist. 2001. {TOLLS}. Nature.", "Lindqvist"),
    (f"LINDQVIST, P. MOREAU, C. J. (1999). {TOLLS}. Nature.", "Moreau"),
    (f"Harbour Pilots Guild. (2001). {TOLLS}. Nature.", "Harbour Pilots Guild"),
    # each surname printed with a full stop before its given names or initials
    (f"Lindqvist. Per; Moreau. C. J. (1999). {TOLLS}. Nature.", "Lindqvist"),
    (f"Lindqvist. P.; Moreau. C. J. (1999). {TOLLS}. Nature.", "Lindqvist"),
])
def test_a_dated_run_before_its_own_title_stays_the_names(doc: str, author: str) -> None:
    _kept_with_no_veto(doc, author, TOLLS)


@pytest.mark.parametrize("doc, title, veto", [
    # the entry's own title, one content word changed or its last word dropped
    (f"Moreau, C. J. (1999). Drift nets along the coast {DATED}{TOLLS}. Nature.", BALTIC,
     CHANGED_WORD),
    (f"Lindqvist, P., Moreau, C. J. (1999). {TOLLS}. Nature.", TOLLS.rsplit(" ", 1)[0],
     CHANGED_WORD),
])
def test_near_a_dated_run_before_its_own_title_the_checks_still_veto(doc: str, title: str,
                                                                     veto: str) -> None:
    _vetoed_by(doc, "Lindqvist", title, veto)


# A web page's entry: its title printed again after the access date, the first print damaged
# (typos), the second one as typed; the date before it reads as the entry's end.
_WEB = ("Okafor, Ngozi. Tidal mils of te Rance: A costal hstory. Ed. Ngozi Okafor. N.p., 2009. "
        "Web. 12 Mar. 2011. <Tidal mills of the Rance: A coastal history>.\nWeiss, Anne. "
        "Coastal trade routes of the delta. Brest, 2003.")
_RANCE = "Tidal mills of the Rance: A coastal history"


def test_a_damaged_print_before_a_repeat_past_the_entry_end_is_the_citation() -> None:
    kept_by_both(_WEB, "Okafor", _RANCE)
    matcher = CitationMatcher([AuthorGroup(("Okafor",), (_RANCE,))], MatcherSettings())
    assert [c.found for c in matcher.find(_WEB)] == ["tidal mils of te rance: a costal hstory"]


@pytest.mark.parametrize("title", [
    # a word changed, the title without its last word, the next entry's title
    "Tidal mills of the Seine: A coastal history",
    "Tidal mills of the Rance: A coastal",
    "Coastal trade routes of the delta",
])
def test_near_a_repeated_print_the_checks_still_veto(title: str) -> None:
    turned_down(_WEB, "Okafor", title)


@pytest.mark.parametrize("doc, author", [
    # a second initial "P." before a year not read as a date (a work of the 19th century):
    # the name's initials, no page's mark that closes an entry before the title
    (f"{BEFORE}Lindqvist, K.P. 1861. {TOLLS}. Kiel.{AFTER}", "Lindqvist"),
    (f"{BEFORE}Lindqvist, K. P. 1861. {TOLLS}. Vol. 2. Kiel.{AFTER}", "Lindqvist"),
    (f"{BEFORE}Lindqvist, K. P. 1861: {TOLLS}. – Kiel.{AFTER}", "Lindqvist"),
])
def test_a_second_initial_p_before_an_old_year_is_no_pages_mark(doc: str, author: str) -> None:
    _kept_with_no_veto(doc, author, TOLLS)


@pytest.mark.parametrize("doc, title, veto", [
    # a page's mark after an abbreviation or the entry's own comma closes the entry before
    (f"Lindqvist, K. 1861. Other things. Kiel, p. 1841. {TOLLS}. Kiel.{AFTER}", TOLLS,
     OTHER_ENTRY),
    (f"Lindqvist, K. 1861. Other things. Ann. Phys. p. 1841. {TOLLS}. Kiel.{AFTER}", TOLLS,
     OTHER_ENTRY),
    # the name's own title, one content word changed
    (f"{BEFORE}Lindqvist, K.P. 1861. {TOLLS}. Kiel.{AFTER}", BALTIC, CHANGED_WORD),
])
def test_near_a_second_initial_p_the_checks_still_veto(doc: str, title: str, veto: str) -> None:
    _vetoed_by(doc, "Lindqvist", title, veto)


#: An author-date entry whose date in brackets follows its first author, the other authors
#: after it, each surname with its initial after a full stop or a comma.
CARTES = "Comment lire les cartes marines en classe ?"
KOWAL = ("Moreau, A. (2010). Autre chose. Paris: Vrin.\nKowal.J,(2011).Van der Berg.M & "
         f"Ostrom.E. {CARTES} Lyon: Alpes.\nWeiss, A. (2014). Tidal markets. Nature.")


@pytest.mark.parametrize("doc", [
    KOWAL,
    KOWAL.replace("Kowal.J,(2011).Van der Berg.M & Ostrom.E.",
                  "Kowal, J. (2011). Van der Berg, M. & Ostrom, E."),
    KOWAL.replace("Kowal.J,(2011).Van der Berg.M & Ostrom.E.",
                  "Kowal, J. (2011), Berg, M., Lind, K. and Ostrom, E."),
])
def test_co_authors_printed_right_after_the_first_author_s_date_stay_in_its_entry(
        doc: str) -> None:
    _kept_with_no_veto(doc, "Kowal", CARTES)


@pytest.mark.parametrize("doc, title, veto", [
    # the name's own title between its date and the next run; a date with no brackets after a
    # name that ends the entry before (an editor's), the next entry's run after it
    (KOWAL.replace("(2011).", "(2011). Harbour tolls.\n"), CARTES, OTHER_ENTRY),
    ("Moreau, A. Autre chose. In: Proc. of the Tides, ed. by J. Kowal, 2011.\nBerg, M. & "
     f"Ostrom, E. {CARTES} Lyon: Alpes, 2012.", CARTES, OTHER_ENTRY),
    # the name's own title and venue after its date, words of one letter or two among them,
    # then the next entry's name and a colon
    ("Kowal, J.(2011) Le culte de la vitesse, la ville malade du temps, Paris, Seuil. Irma "
     f"Lind: {CARTES} In: Revue, 2012.", CARTES, OTHER_ENTRY),
    # the entry's own title, one content word changed; the next entry's title
    (KOWAL, "Comment lire les cartes marines en ville ?", CHANGED_WORD),
    (KOWAL, "Tidal markets", OTHER_ENTRY),
])
def test_a_run_after_the_date_keeps_the_checks_that_veto_near_it(doc: str, title: str,
                                                                 veto: str) -> None:
    _vetoed_by(doc, "Kowal", title, veto)


#: Entries printed as wiki citation templates (wikipedia-templates): the name's author field,
#: then a journal abbreviated with full stops, then the title, all inside one template's braces.
_TEMPLATES = (
    "{{cite book | vauthors=((Ostrom, M.)) | title=Other things | date= 1990}}\n"
    "{{cite journal | vauthors=((Berg, M.)), ((Lindqvist, K. L.)), ((Moreau, A. P.)) | "
    f"journal=Mar. Hist. Rev | title={TOLLS} | volume=12 | date= 2010}}}}\n"
    "{{cite book | vauthors=((Okafor, N.)) | title=Salt marsh birds of the lower delta}}")


@pytest.mark.parametrize("author", ["Berg", "Lindqvist", "Moreau"])
def test_a_title_inside_the_names_citation_template_is_its_entrys(author: str) -> None:
    _kept_with_no_veto(_TEMPLATES, author, TOLLS)


@pytest.mark.parametrize("title, veto", [
    # the next template's title, after the braces close; the name's own, a word changed
    ("Salt marsh birds of the lower delta", OTHER_ENTRY),
    (BALTIC, CHANGED_WORD),
])
def test_a_title_past_the_names_citation_template_stays_another_entrys(title: str,
                                                                        veto: str) -> None:
    _vetoed_by(_TEMPLATES, "Moreau", title, veto)



#: An entry before, and the one after, in a list printed with an author's initials after
#: the surname: a page break may put the page's number alone between two initials.
_BEFORE_RUN = "Okafor, N. Salt marsh birds. Lagos: Delta Press, 2007. p. 235.\n"
_AFTER_RUN = ". [s.l: s.n.].\nWheaton, H. Other things. Leipzig: Brockhaus, 1852."


@pytest.mark.parametrize("run", [
    # an initial "P." and the page's number, then the name's other initials and the next name
    "Lindqvist, K.; Moreau, A. B.; Stone, P.\n2\nH.; Berg, H. D.; Prinn, R. G.",
    "Lindqvist, K.; Stone, P.\n14\nM. R.; Prinn, R. G.",
    "Lindqvist, K., Stone, P.\n3\nH., Prinn, R. G.",
])
def test_a_page_number_between_an_initial_p_and_the_next_is_no_pages_mark(run: str) -> None:
    doc = f"{_BEFORE_RUN}{run} {TOLLS}{_AFTER_RUN}"
    _kept_with_no_veto(doc, "Lindqvist", TOLLS)


@pytest.mark.parametrize("run, title, veto", [
    # a page's mark that closes the name's entry, then the next entry opening with initials
    ("Lindqvist, K. Other things. Kiel, p. 12\nH. Berg and R. G. Prinn.", TOLLS, OTHER_ENTRY),
    ("Lindqvist, K. Other things. Kiel, p. 12 H. Berg, Prinn, R. G.", TOLLS, OTHER_ENTRY),
    # the name's own title after a page number in the run, one content word changed
    ("Lindqvist, K.; Moreau, A. B.; Stone, P.\n2\nH.; Berg, H. D.; Prinn, R. G.",
     BALTIC, CHANGED_WORD),
])
def test_near_a_page_number_after_an_initial_p_the_checks_still_veto(run: str, title: str,
                                                                      veto: str) -> None:
    doc = f"{_BEFORE_RUN}{run} {TOLLS}{_AFTER_RUN}"
    _vetoed_by(doc, "Lindqvist", title, veto)
