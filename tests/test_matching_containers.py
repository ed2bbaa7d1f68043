"""A title that runs with no punctuation into the work that contains it: a journal's name
printed abbreviated, then its volume.

Each table pairs the entries the original (2003) scheme finds and the improved one must keep
with near-miss decoys beside them that the improved scheme must still reject (a query that
lacks the printed title's last word, so that word stands before the same container; one
content word changed). Strings of our own, in the shapes citation styles print them.
"""

from __future__ import annotations

import pytest

from tests.support import matching

_kept = matching.kept_by_both
_turned_down = matching.turned_down


# An abbreviated journal name right after the title, the style's full stop stripped from its
# last abbreviation, then the volume (Harvard and physics styles).
_HALVORSEN = ("Halvorsen, K (2004) Tidal mixing in narrow fjords Hydrol. Process 14, 112–130\n"
              "Moreau, A (2001) Stone bridges. Paris.")
_LINDQVIST = ("Lindqvist, E., 1998. Silt transport in harbour basins Quat. Sci. Rev 7, 3–9.\n"
              "Moreau, A., 2001. Stone bridges. Paris.")
_OKAFOR_BERG = ("Okafor N and Berg A 2010 Lead uptake by coastal mangroves Environ. Sci. Technol "
                "40 112–118\nMoreau A 2001 Stone bridges. Paris.")
_NAKAMURA = ("Nakamura, T (2011) Grain growth in copper Phys. Rev 48.\nMoreau, A (2001) Stone "
             "bridges. Paris.")


@pytest.mark.parametrize("doc, author, title", [
    (_HALVORSEN, "Halvorsen", "Tidal mixing in narrow fjords"),
    (_LINDQVIST, "Lindqvist", "Silt transport in harbour basins"),
    (_OKAFOR_BERG, "Berg", "Lead uptake by coastal mangroves"),
    (_NAKAMURA, "Nakamura", "Grain growth in copper"),
])
def test_a_title_before_an_abbreviated_journal_and_its_volume(doc: str, author: str,
                                                              title: str) -> None:
    _kept(doc, author, title)


@pytest.mark.parametrize("doc, author, title", [
    (_HALVORSEN, "Halvorsen", "Tidal mixing in narrow"),
    (_LINDQVIST, "Lindqvist", "Silt transport in harbour"),
    (_OKAFOR_BERG, "Berg", "Lead uptake by coastal"),
    (_NAKAMURA, "Nakamura", "Grain growth in"),
    (_HALVORSEN, "Halvorsen", "Tidal mixing in narrow channels"),
    (_LINDQVIST, "Lindqvist", "Silt transport in harbour docks"),
    (_OKAFOR_BERG, "Berg", "Lead uptake by tropical mangroves"),
])
def test_a_title_word_before_an_abbreviated_journal_is_still_the_titles(doc: str, author: str,
                                                                        title: str) -> None:
    _turned_down(doc, author, title)


# A journal whose name opens with a whole word, its abbreviation right before the volume: the
# word before the abbreviation is the journal's, not the title's.
@pytest.mark.parametrize("doc, author, title", [
    ("Okafor, N. (2004). Lead uptake in rats after oral dosing Life Sci. 39: 81–84.\n"
     "Moreau, A. (2001). Stone bridges. Paris.", "Okafor",
     "Lead uptake in rats after oral dosing"),
])
def test_a_journal_opened_by_a_whole_word_stays_the_next_field(doc: str, author: str,
                                                               title: str) -> None:
    _kept(doc, author, title)


# A journal's name abbreviated as ISO 4 does, opened by a field's, a journal kind's or a nation's
# or region's abbreviation ("Scand.", "Nord.", "Hist.", "Eur."), right after a title in title
# case, then its volume.
_LUND = ("Lund, K. 2004. The Law of Carriage by Sea and Inland Waterways Scand. Stud. Law 48:211.\n"
         "Moreau, A. 2001. Stone bridges. Paris.")
_LUND_COMMAS = ("LUND, K., 2004. The Law of Carriage by Sea and Inland Waterways Scand. Stud. Law, "
                "48, 211\nMOREAU, A., 2001. Stone bridges. Paris.")
_NILSSON = ("Nilsson T (1999) Old Roads of the Northern Forests Nord. Hist. Tidskr. 12, 100-120.\n"
            "Moreau A (2001) Stone bridges. Paris.")
_PARK = ("Park, S. 2003. Shipbuilding Clusters and Regional Growth Jpn. Econ. Rev. 54, 77-95.\n"
         "Moreau, A. 2001. Stone bridges. Paris.")
_BERG = ("Berg, A. 2011. Fisheries policy in coastal communities Eur. J. Law Econ. 31:45-60.\n"
         "Moreau, A. 2001. Stone bridges. Paris.")
_LUND_CLOSED = _LUND.replace("Waterways Scand.", "Waterways. Scand.")
# ... its last abbreviation's full stop stripped, a comma before the volume.
_HALVORSEN_COMMA = ("Halvorsen, K., 2009. Salt marsh grazing and bird habitat in western fjords "
                    "Ecol. Soc, 14, 22\nMoreau, A., 2001. Stone bridges. Paris.")
_LUND_BERG = ("Lund, P. and Berg, A., 2003. Measuring the barrier of sun creams Cosmet. Toilet, "
              "118, 63–72\nMoreau, A., 2001. Stone bridges. Paris.")


@pytest.mark.parametrize("doc, author, title", [
    (_LUND, "Lund", "The Law of Carriage by Sea and Inland Waterways"),
    (_LUND_COMMAS, "LUND", "The Law of Carriage by Sea and Inland Waterways"),
    (_NILSSON, "Nilsson", "Old Roads of the Northern Forests"),
    (_PARK, "Park", "Shipbuilding Clusters and Regional Growth"),
    (_HALVORSEN_COMMA, "Halvorsen", "Salt marsh grazing and bird habitat in western fjords"),
    (_LUND_BERG, "Berg", "Measuring the barrier of sun creams"),
])
def test_a_title_before_a_journal_abbreviated_by_iso_4(doc: str, author: str,
                                                      title: str) -> None:
    _kept(doc, author, title)


@pytest.mark.parametrize("doc, author, title", [
    (_LUND, "Lund", "The Law of Carriage by Sea and Inland"),
    (_LUND_COMMAS, "LUND", "The Law of Carriage by Sea and Inland"),
    (_NILSSON, "Nilsson", "Old Roads of the Northern"),
    (_PARK, "Park", "Shipbuilding Clusters and Regional"),
    (_BERG, "Berg", "Fisheries policy in coastal"),
    (_LUND_CLOSED, "Lund", "The Law of Carriage by Sea and Inland"),
    (_LUND, "Lund", "The Law of Carriage by Sea and Coastal Waterways"),
    (_PARK, "Park", "Shipbuilding Clusters and Urban Growth"),
    (_NILSSON, "Nilsson", "Stone bridges"),
    (_HALVORSEN_COMMA, "Halvorsen", "Salt marsh grazing and bird habitat in western"),
    (_LUND_BERG, "Lund", "Measuring the barrier of sun"),
    (_HALVORSEN_COMMA, "Halvorsen", "Salt marsh grazing and bird nesting in western fjords"),
    (_LUND_BERG, "Berg", "Measuring the barrier of skin creams"),
])
def test_a_title_word_before_an_iso_4_journal_is_still_the_titles(doc: str, author: str,
                                                                 title: str) -> None:
    _turned_down(doc, author, title)


# A short title that runs into its container, after its last word in lower case, the container
# a long conference's name, then its volume and pages, with commas or without, the pages marked
# "pp." or not (tropical-animal-health-and-production).
_SILT = "Harbour silt transport"
_SILT_PROCEEDINGS = ("Proceedings of the Annual Meeting of the Northern Association of Harbour "
                     "Engineers and Coastal Surveyors")
_SILT_COMMAS = (f"12. Halvorsen K.: {_SILT} {_SILT_PROCEEDINGS}, 12, pp. 44–59 (1987)\n"
                "13. Moreau A.: Stone bridges. Paris (2001)")
_SILT_BLANKS = (f"12. Halvorsen KT (1987) {_SILT} {_SILT_PROCEEDINGS} 12 44–59.\n"
                "13. Moreau A (2001) Stone bridges. Paris.")
_SILT_NO_MARK = (f"Halvorsen, K.T., 1987. {_SILT} {_SILT_PROCEEDINGS}, 12, 44–59\n\n"
                 "Moreau, A., 2001. Stone bridges. Paris.")


@pytest.mark.parametrize("doc", [
    _SILT_COMMAS, _SILT_BLANKS, _SILT_NO_MARK,
    _SILT_COMMAS.replace("\u2013", "\u2011"),  # a non-breaking hyphen in the pages (French)
])
def test_a_short_title_before_a_long_container_and_its_volume(doc: str) -> None:
    _kept(doc, "Halvorsen", _SILT)


@pytest.mark.parametrize("doc, title", [
    (_SILT_COMMAS, "Harbour silt"),  # the title's last word, in lower case, before the container
    (_SILT_COMMAS, "Harbour silt removal"),
    (_SILT_BLANKS, "Harbour silt"),
    (_SILT_NO_MARK, "Harbour silt"),
    (_SILT_NO_MARK, "Harbour silt removal"),
])
def test_a_title_word_before_a_long_container_is_still_the_titles(doc: str, title: str) -> None:
    _turned_down(doc, "Halvorsen", title)


# An organisation's name right after the title: its word first after a title in title case
# (GOST), or its name's first words capitalised after a title's last word in lower case.
_WALLS = ("7. Lindqvist E. Harbour Walls Revisited Society for the History of Coastal "
          "Engineering. Nordic Press, 2014.\n8. Moreau A. Stone bridges. Paris, 2001.")
_GAUGE = ("Okafor, N. (1998). Tidal gauge calibration Norwegian Polytechnic Institute of Marine "
          "Technology.\nMoreau, A. (2001). Stone bridges. Paris.")
_GAUGE_CAPITALS = ("OKAFOR, NNAMDI. 1998. Tidal gauge calibration Norwegian Polytechnic "
                   "Institute of Marine Technology.\nMOREAU, ANNE. 2001. Stone bridges. Paris.")


@pytest.mark.parametrize("doc, author, title", [
    (_WALLS, "Lindqvist", "Harbour Walls Revisited"),
    (_GAUGE, "Okafor", "Tidal gauge calibration"),
    (_GAUGE_CAPITALS, "Okafor", "Tidal gauge calibration"),
])
def test_a_title_before_an_organisations_name(doc: str, author: str, title: str) -> None:
    _kept(doc, author, title)


@pytest.mark.parametrize("doc, author, title", [
    (_WALLS, "Lindqvist", "Harbour Walls"),  # the title's last word before the organisation
    (_WALLS, "Lindqvist", "Harbour Walls Rebuilt"),
    (_GAUGE, "Okafor", "Tidal gauge"),
    (_GAUGE, "Okafor", "Tidal gauge repair"),
])
def test_a_title_word_before_an_organisations_name_is_still_the_titles(doc: str, author: str,
                                                                       title: str) -> None:
    _turned_down(doc, author, title)


# Vancouver: a title not in title case, then its journal, perhaps closed by a full stop, its
# year, a semicolon and its volume.
_ROUTES = "Coastal trade routes"
_ROUTES_DOT = ("5. Okafor N. Coastal trade routes West African Studies. 2004;12:5-17\n"
               "6. Moreau A. Stone bridges. Paris; 2001.")
_ROUTES_BLANK = ("5. Okafor N: Coastal trade routes West African Studies 2004; 12:5–17.\n"
                 "6. Moreau A: Stone bridges. Paris; 2001.")


@pytest.mark.parametrize("doc", [_ROUTES_DOT, _ROUTES_BLANK])
def test_a_title_before_its_journal_year_and_volume(doc: str) -> None:
    _kept(doc, "Okafor", _ROUTES)


@pytest.mark.parametrize("doc, title", [
    (_ROUTES_DOT, "Coastal trade"),  # the title's last word, in lower case, before the journal
    (_ROUTES_DOT, "Coastal trade roads"),
    (_ROUTES_BLANK, "Coastal trade"),
])
def test_a_title_word_before_a_journal_year_and_volume_is_still_the_titles(doc: str,
                                                                           title: str) -> None:
    _turned_down(doc, "Okafor", title)


# A title in title case (or a German one, its nouns capitalised), then a journal whose name is
# one word: Vancouver's full stop and year before a semicolon and the volume, or before a colon
# and the pages; or its comma, its volume and its year in brackets or its pages
# (interaction-design-and-architectures). The capitals cannot tell where such a title ends;
# the one word can: a query that lacks the title's last word has two words before the mark,
# read as a title that runs on into its next field, as before (the first word of a journal's
# name of two words stands there too).
_PENCK = "Die Salzwiesen der Nordsee und Albrecht Penck"
_PENCK_DOC = (f"3. Lindqvist T. {_PENCK} Küstenforschung. 1988;7:41-52\n"
              "4. Moreau A. Stone bridges. Paris; 2001.")
_FJORDS = "Tide Tables of the Northern Fjords"
_FJORDS_DOC = (f"Halvorsen K. {_FJORDS} Hydrographica. 1979;14\n"
               "Moreau A. Stone bridges. Paris; 2001.")
_SONGS = "Harbour Songs of the Delta Coast"
_SONGS_DOC = f"12. Okafor N. {_SONGS} Ngoma. 1996:4-6\n13. Moreau A. Stone bridges. Paris; 2001."
_BIRDS = "Salt Marsh Birds of Western Jutland"
_BIRDS_DOC = (f"7. Berg A. {_BIRDS} Ornis. 2003 Mar;21(2):7-9\n"
              "8. Moreau A. Stone bridges. Paris; 2001.")
_FLINTS = "Gun Flints of the Northern Fjords"
_FLINTS_DOC = (f"9. Halvorsen K.: {_FLINTS} Skipsfart, 82, (1982)\n"
               "10. Moreau A.: Stone bridges, Paris, (2001)")
_DRUMS = "Harbour Drums of the Delta Coast"
_DRUMS_DOC = (f"30. Okafor N.: {_DRUMS} Ngoma, pp. 7 (2002)\n"
              "31. Moreau A.: Stone bridges, Paris, (2001)")


@pytest.mark.parametrize("doc, author, title", [
    (_PENCK_DOC, "Lindqvist", _PENCK),
    (_FJORDS_DOC, "Halvorsen", _FJORDS),
    (_SONGS_DOC, "Okafor", _SONGS),
    (_BIRDS_DOC, "Berg", _BIRDS),
    (_FLINTS_DOC, "Halvorsen", _FLINTS),
    (_DRUMS_DOC, "Okafor", _DRUMS),
])
def test_a_title_case_title_before_a_one_word_journal(doc: str, author: str,
                                                      title: str) -> None:
    _kept(doc, author, title)


@pytest.mark.parametrize("doc, author, title", [
    (_PENCK_DOC, "Lindqvist", "Die Salzwiesen der Ostsee und Albrecht Penck"),  # a word changed
    (_FJORDS_DOC, "Halvorsen", "Tide Charts of the Northern Fjords"),
    (_SONGS_DOC, "Okafor", "Harbour Songs of the River Coast"),
    (_BIRDS_DOC, "Berg", "Salt Marsh Plants of Western Jutland"),
    (_FLINTS_DOC, "Halvorsen", "Gun Flints of the Southern Fjords"),
    (_DRUMS_DOC, "Okafor", "Harbour Songs of the Delta Coast"),
    # a book's year, or its page, after its title's last word: the query lacks that word
    ("27. J. Okafor, Tide Gauge Records, 1970, p. 133.\n28. A. Moreau, Stone bridges, 2001.",
     "Okafor", "Tide Gauge"),
    ("27. J. Okafor, Tide Gauge Records, p. 133.\n28. A. Moreau, Stone bridges, p. 9.",
     "Okafor", "Tide Gauge"),
])
def test_a_changed_title_before_a_one_word_journal_stays_another_work(doc: str, author: str,
                                                                      title: str) -> None:
    _turned_down(doc, author, title)


# A title in single quotes, then a one-word container and its comma (British styles): the
# closing quote ends the title, so the container is none of the title's words; a query that
# lacks the title's last word has that word before the closing quote.
_FJORDS = ("Halvorsen, K. 2004. ‘Tidal Mixing in Narrow Fjords’ Seascapes, Bergen: Fjord Press.\n"
           "Moreau, A. 2001. ‘Stone bridges’ Paris: Seuil.")
_MANGROVES = ("Okafor, N. 2010. 'Lead uptake by coastal mangroves' Wetlands, Lagos: Delta Books.\n"
              "Moreau, A. 2001. 'Stone bridges' Paris: Seuil.")
_PORTS = ("Moreau, A. 2003. ‘L’état des ports bretons’ Littoraux, Paris: Seuil.\n"
          "Berg, A. 2001. ‘Stone bridges’ Oslo: Fjord Press.")
# ... and a phrase quoted inside a title, or a query quoting one: its closing quote ends no title.
_MOVEMENTS = ("Ranger, T. 1968. Links between ‘Primary Resistance’ Movements. Oxford: Clarendon.\n"
              "Moreau, A. 2001. Stone bridges. Paris: Seuil.")
_REVOLUTION = ("Ranger, T. 1968. ‘Primary Resistance’ Revolution. Oxford: Clarendon.\n"
               "Moreau, A. 2001. Stone bridges. Paris: Seuil.")


@pytest.mark.parametrize("doc, author, title", [
    (_FJORDS, "Halvorsen", "Tidal Mixing in Narrow Fjords"),
    (_MANGROVES, "Okafor", "Lead uptake by coastal mangroves"),
    (_PORTS, "Moreau", "L’état des ports bretons"),
])
def test_a_quoted_title_before_a_one_word_container(doc: str, author: str, title: str) -> None:
    _kept(doc, author, title)


@pytest.mark.parametrize("doc, author, title", [
    (_FJORDS, "Halvorsen", "Tidal Mixing in Narrow"),
    (_FJORDS, "Halvorsen", "Tidal Mixing in Narrow Channels"),
    (_MANGROVES, "Okafor", "Lead uptake by coastal"),
    (_MANGROVES, "Okafor", "Lead uptake by tropical mangroves"),
    (_PORTS, "Moreau", "L’état des ports"),
    (_PORTS, "Moreau", "L’état des ports normands"),
    (_MOVEMENTS, "Ranger", "Links between Primary Resistance"),
    (_MOVEMENTS, "Ranger", "Links between ‘Primary Resistance’"),
    (_REVOLUTION, "Ranger", "‘Primary Resistance’"),
])
def test_a_quoted_titles_last_word_stays_the_titles(doc: str, author: str, title: str) -> None:
    _turned_down(doc, author, title)


# A chapter's title in title case, then its book of one word closed by "., " before the place
# (Lithuanian author-year styles): the reference list prints a book's own title closed by a
# comma before its place, so "., " there closes the book, not the chapter's title.
_COMMA_BOOKS = ("Berg A. 2001. Stone Bridges of the Northern Coast, Bergen: Fjord Press.\n"
                "Moreau A. 1998. Salt Marsh Birds, Paris: Seuil.\n")
_RIGHTS = (_COMMA_BOOKS + "Halvorsen K. 2004. Tidal Rights in Western Norway Seascapes., "
             "Oslo: Fjord Press.\nOkafor N. 2010. Lead uptake, Lagos: Delta Books.")
_NGOMA = (_COMMA_BOOKS + "Okafor N. 2002. Harbour Drums of the Delta Coast Ngoma., Lagos: "
          "Delta Books.\nLindqvist T. 1988. Die Salzwiesen, Hamburg: Meer Verlag.")
_TRUTHS = (_COMMA_BOOKS + "Lindqvist T. 1986. Introduction: Tidal Truths Harbour Culture: The "
           "Poetics of Fjords., Bergen: Fjord Press.\nOkafor N. 2010. Lead uptake, Lagos: Delta "
           "Books.")
# ... and a style that prints a book's own title closed by "., " itself: the word before it
# is the title's last one, whatever its capitals.
_DOT_COMMA_BOOKS = ("Berg, A., 2001: Stone Bridges of the Northern Coast., Bergen: Fjord Press.\n"
                    "Halvorsen, K., 2004: Tidal Rights in Western Norway., Oslo: Fjord Press.\n"
                    "Moreau, A., 1998: Salt Marsh Birds., Paris: Seuil.")


@pytest.mark.parametrize("doc, author, title", [
    (_RIGHTS, "Halvorsen", "Tidal Rights in Western Norway"),
    (_NGOMA, "Okafor", "Harbour Drums of the Delta Coast"),
    (_TRUTHS, "Lindqvist", "Introduction: Tidal Truths"),
    # a ditto word and its colon after the year that closes the entry before: no title's word
    ("Okafor, N.: Harbour Drums of the Delta Coast, 2012. Idem: Salt Marsh Birds of the Delta "
     "Coast, 2013.\nMoreau, A.: Stone bridges, 2001.", "Okafor",
     "Salt Marsh Birds of the Delta Coast"),
])
def test_a_title_case_title_before_its_one_word_book_and_place(doc: str, author: str,
                                                                title: str) -> None:
    _kept(doc, author, title)


@pytest.mark.parametrize("doc, author, title", [
    (_RIGHTS, "Halvorsen", "Tidal Rights in Coastal Norway"),
    (_NGOMA, "Okafor", "Harbour Drums of the Rocky Coast"),
    (_TRUTHS, "Lindqvist", "Tidal Truths"),  # the title's head word before its colon left out
    (_DOT_COMMA_BOOKS, "Halvorsen", "Tidal Rights in Western"),
    (_DOT_COMMA_BOOKS, "Berg", "Stone Bridges of the Northern"),
    (_DOT_COMMA_BOOKS, "Halvorsen", "Tidal Rights in Coastal Norway"),
])
def test_a_title_case_titles_last_word_before_its_place_stays_the_titles(
        doc: str, author: str, title: str) -> None:
    _turned_down(doc, author, title)


# A chapter's title run into "In" and its container with no punctuation, in a list that prints
# "In" so after a title's last word in lower case too ("...of the delta In Coastal"): there "In"
# and a capital open the container after a title in title case or ending with a German noun.
_IN_CHAPTERS = ("Okafor, Nnamdi (2004). Harbour walls of the delta In Coastal Trade Routes "
                "(pp. 5–17). Lagos: Delta Books.\n\n"
                "Lindqvist, Erik (2008). Geschichte der Küstenfischerei In Nordische "
                "Meereskunde (pp. 82–90). Kiel: Meer Verlag.\n\n"
                "Halvorsen, Kari (1999). Tidal Markets Revisited In Studies of Coastal Towns "
                "(pp. 44–59). Bergen: Fjord Press.\n\n"
                "Moreau, Anne (2001). Stone bridges. Paris: Seuil.")
# A list that capitalises every word of a title prints no "In" after a word in lower case: a
# title that goes on with "In" there is a longer title.
_IN_TITLES = ("Okafor, Nnamdi (2004). Harbour Walls Of The Delta. Lagos: Delta Books.\n\n"
              "Halvorsen, Kari (1999). Tidal Markets In Coastal Towns (pp. 44–59). "
              "Bergen: Fjord Press.\n\n"
              "Moreau, Anne (2001). Stone bridges. Paris: Seuil.")


@pytest.mark.parametrize("doc, author, title", [
    (_IN_CHAPTERS, "Lindqvist", "Geschichte der Küstenfischerei"),
    (_IN_CHAPTERS, "Halvorsen", "Tidal Markets Revisited"),
    (_IN_CHAPTERS, "Okafor", "Harbour walls of the delta"),
])
def test_a_title_before_in_and_its_container(doc: str, author: str, title: str) -> None:
    _kept(doc, author, title)


# A journal whose name holds commas, then its volume after a blank or a comma, a comma and
# its pages, in a list that runs another title straight into its container so
# (south-african-actuarial-journal, tropical-animal-health-and-production): the journal
# starts the field. Not in a list that closes its titles with a full stop, where a comma may
# close the title before a container.
_COMMA_JOURNALS = ("Hays, HM (2008) Transformation of the harbour rites Journal of Coastal "
                   "Studies 139, 175\u2013200\n"
                   "Kring, DA (2007) Tidal consequences at the coastal boundary Palaeogeography, "
                   "Palaeoclimatology, Palaeoecology 255, 4\u201321\n"
                   "Moreau, A (2001) Stone bridges. Paris.")
_COMMA_VOLUMES = _COMMA_JOURNALS.replace("Studies 139", "Studies, 139").replace(
    "Palaeoecology 255", "Palaeoecology, 255")


@pytest.mark.parametrize("doc", [_COMMA_JOURNALS, _COMMA_VOLUMES])
def test_a_title_run_into_a_journal_whose_name_holds_commas(doc: str) -> None:
    _kept(doc, "Kring", "Tidal consequences at the coastal boundary")


@pytest.mark.parametrize("doc, title", [
    (_COMMA_JOURNALS, "Tidal consequences at the coastal margin"),  # a word changed
    (_COMMA_JOURNALS.replace("harbour rites Journal", "harbour rites. Journal"),
     "Tidal consequences at the coastal boundary"),  # no other title run into its journal
    (_COMMA_VOLUMES, "Tidal consequences at the coastal margin"),
    (_COMMA_VOLUMES.replace("harbour rites Journal", "harbour rites. Journal"),
     "Tidal consequences at the coastal boundary"),
])
def test_a_journal_with_commas_starts_no_field_otherwise(doc: str, title: str) -> None:
    _turned_down(doc, "Kring", title)


# "In" and its colon (a blank before it, as French typography prints it, or none) open the
# container in any list, one that capitalises every word of a title too.
_IN_COLON_TITLES = _IN_TITLES.replace("Markets In Coastal", "Markets In : Coastal")


@pytest.mark.parametrize("doc", [
    _IN_COLON_TITLES,
    _IN_COLON_TITLES.replace("In : Coastal", "In: Coastal"),
])
def test_a_title_before_in_and_its_colon_in_any_list(doc: str) -> None:
    _kept(doc, "Halvorsen", "Tidal Markets")


@pytest.mark.parametrize("doc, title", [
    (_IN_COLON_TITLES.replace("In : Coastal", "in : Coastal"), "Tidal Markets"),  # lower case
    (_IN_COLON_TITLES.replace("In : Coastal", "In Coastal"), "Tidal Markets"),  # no colon
])
def test_in_and_its_colon_open_no_container_otherwise(doc: str, title: str) -> None:
    _turned_down(doc, "Halvorsen", title)


@pytest.mark.parametrize("doc, author, title", [
    (_IN_CHAPTERS, "Halvorsen", "Tidal Markets"),  # the title's last word left out
    (_IN_CHAPTERS, "Halvorsen", "Tidal Markets Reconsidered"),
    (_IN_CHAPTERS, "Lindqvist", "Geschichte der Hochseefischerei"),
    (_IN_TITLES, "Halvorsen", "Tidal Markets"),
])
def test_a_title_word_before_in_stays_the_titles(doc: str, author: str, title: str) -> None:
    _turned_down(doc, author, title)


# A field of one word right after a title's last word in any case, then at once the entry's
# publication data: a conference's name after "Proc.", a one-word journal with its volume and
# bare pages, or an acronym or a publisher's name of two joined words before the entry's close.
_PROC_YEAR = ("Okafor, N., 2011. Sediment Budgets in Tidal Harbour Basins Proc. 2009 Coastal "
              "Engineering Conference, Delft, 44–59\nMoreau, A., 2001. Stone bridges. Paris.")
_PROC_WORDS = ("Berg, A. (2010) Lead Uptake by Coastal Mangroves Proc. CoastalWorks Symposium "
               "2008, Bergen\nMoreau, A. (2001) Stone bridges. Paris.")
_JOURNAL_PAGES = ("Halvorsen, K., 2004. Tidal Mixing in the Northern Fjords Hydrologia, 14, "
                  "112–130\nLindqvist, E., 1998. Silt transport in harbour basins Sedimenta, 7, "
                  "3–9\nSvensson, L., 2009. Stress in ageing harbour pilots: a randomized "
                  "controlled study, 36, 543–549.\nMoreau, A., 2001. Stone bridges. Paris.")
_ACRONYMS = ("1. Moreau A. Stone Bridges of the Upper Loire Valley CNRS. 2011\n"
             "2. Okafor N. Harbour Trade: Risk, Reward NIOMR; 2012\n"
             "3. Berg A. Plasma wakefield acceleration experiment CERN. 2013\n"
             "4. Halvorsen K. Harbour Sediment Quality Manual. Special Report SP-2056-ENV, "
             "1999.\n5. Lindqvist E. Stone bridges. Paris; 2001.")
_JOINED_PUBLISHER = ("BERG A (2013) The Quiet Harbour: Stories of the Northern Coast NorthLight."
                     "\n\nHALVORSEN K (2001) Sediment budgets on the margin of the Northern "
                     "Coastal SeawayIn: Perspectives on the Coastal Basin. Fjord Press."
                     "\n\nMOREAU A (2001) Stone bridges. Paris.")


@pytest.mark.parametrize("doc, author, title", [
    (_PROC_YEAR, "Okafor", "Sediment Budgets in Tidal Harbour Basins"),
    (_PROC_WORDS, "Berg", "Lead Uptake by Coastal Mangroves"),
    (_JOURNAL_PAGES, "Halvorsen", "Tidal Mixing in the Northern Fjords"),
    (_JOURNAL_PAGES, "Lindqvist", "Silt transport in harbour basins"),
    (_ACRONYMS, "Moreau", "Stone Bridges of the Upper Loire Valley"),
    (_ACRONYMS, "Okafor", "Harbour Trade: Risk, Reward"),
    (_JOINED_PUBLISHER, "BERG", "The Quiet Harbour: Stories of the Northern Coast"),
])
def test_a_title_before_a_one_word_field_and_its_publication_data(doc: str, author: str,
                                                                   title: str) -> None:
    _kept(doc, author, title)


@pytest.mark.parametrize("doc, author, title", [
    (_PROC_YEAR, "Okafor", "Sediment Budgets in Tidal Harbour"),  # the last word left out
    (_PROC_YEAR, "Okafor", "Sediment Budgets in Tidal Harbour Channels"),
    (_PROC_WORDS, "Berg", "Lead Uptake by Tropical Mangroves"),
    (_JOURNAL_PAGES, "Halvorsen", "Tidal Mixing in the Southern Fjords"),
    (_JOURNAL_PAGES, "Lindqvist", "Silt transport in river basins"),
    # a title's own last word in lower case before its volume and pages: no journal's
    (_JOURNAL_PAGES, "Svensson", "Stress in ageing harbour pilots: a randomized controlled"),
    (_ACRONYMS, "Moreau", "Stone Bridges of the Lower Loire Valley"),
    (_ACRONYMS, "Okafor", "Harbour Trade: Risk, Return"),
    # an acronym after a title's last word in lower case, then a full stop: the title's own
    (_ACRONYMS, "Berg", "Plasma wakefield acceleration experiment"),
    # a report's code with digits after the title's last word: the title's own
    (_ACRONYMS, "Halvorsen", "Harbour Sediment Quality Manual. Special Report"),
    (_JOINED_PUBLISHER, "BERG", "The Quiet Harbour: Legends of the Northern Coast"),
    # a title's last word and the word "In" joined before a container: no publisher's name
    (_JOINED_PUBLISHER, "HALVORSEN", "Sediment budgets on the margin of the Northern Coastal"),
])
def test_a_title_word_before_a_one_word_field_stays_the_titles(doc: str, author: str,
                                                               title: str) -> None:
    _turned_down(doc, author, title)




# A journal whose name opens with the word for its kind, written out ("Revue", "Zeitschrift",
# "Annales") or abbreviated as ISO 4 does ("Bull.", "Front."), right after a title with no
# punctuation, then its volume and pages or its pages alone: the kind's word starts the
# journal's name, after a title's last word in any case (a short title ending with a name or
# a German noun too). A blank may stand before an abbreviation's full stop ("Phys .Rev").
_NEXT = "\nBerg, A. 2001. Stone bridges. Paris."
_ARLES = "Le port d'Arles"
_ARLES_COMMA = f"Moreau, A., 1998. {_ARLES} Revue d'histoire maritime et portuaire, 101–117{_NEXT}"
_ARLES_COLON = f"Moreau, A. 1998. {_ARLES} Revue d'histoire maritime et portuaire:101–117.{_NEXT}"
_QUAIS = "Moreau, A. 1998. Les quais d'Arles Annales du Midi, 101–117" + _NEXT
_DEICH = "Küstenbau und Deichrecht"
_DEICH_DOC = f"Lindqvist, T. 2003. {_DEICH} Zeitschrift für Küstenkunde 12:38–45.{_NEXT}"
_TIDES = "On the tides of narrow fjords"
_TIDES_DOC = f"Halvorsen, K., and A. Berg. 2011. {_TIDES} Front. Mar. Sci. 6:581–606.{_NEXT}"
_GRASSES = "Salt tolerance of marsh grasses"
_GRASSES_DOC = (f"7. Berg A.: {_GRASSES} Bull. Coastal Bot. Club, 53, pp. 385–401 (1926)\n"
                "8. Moreau A.: Stone bridges, Paris, (2001)")
_COPPER = "Grain growth in copper by a microwave method"
_COPPER_DOC = f"Nakamura, T. 1947. {_COPPER} Phys .Rev 72:241–243.{_NEXT}"


@pytest.mark.parametrize("doc, author, title", [
    (_ARLES_COMMA, "Moreau", _ARLES),
    (_ARLES_COLON, "Moreau", _ARLES),
    (_QUAIS, "Moreau", "Les quais d'Arles"),
    (_DEICH_DOC, "Lindqvist", _DEICH),
    (_TIDES_DOC, "Halvorsen", _TIDES),
    (_GRASSES_DOC, "Berg", _GRASSES),
    (_COPPER_DOC, "Nakamura", _COPPER),
])
def test_a_title_before_a_journal_opened_by_its_kind(doc: str, author: str, title: str) -> None:
    _kept(doc, author, title)


@pytest.mark.parametrize("doc, author, title", [
    (_ARLES_COMMA, "Moreau", "Le port"),  # the title's last word left out
    (_ARLES_COLON, "Moreau", "Le port"),
    (_QUAIS, "Moreau", "Les quais"),
    (_TIDES_DOC, "Halvorsen", "On the tides of narrow"),
    (_GRASSES_DOC, "Berg", "Salt tolerance of marsh"),
    (_COPPER_DOC, "Nakamura", "Grain growth in copper by a microwave"),
    (_ARLES_COMMA, "Moreau", "Le port d'Avignon"),  # a word changed
    (_DEICH_DOC, "Lindqvist", "Küstenbau und Deichbau"),
    (_TIDES_DOC, "Halvorsen", "On the tides of narrow channels"),
    (_GRASSES_DOC, "Berg", "Salt tolerance of marsh sedges"),
    (_COPPER_DOC, "Nakamura", "Stone bridges"),  # another entry's title
    # the kind's word closes a title of its own, with no volume or pages after it
    ("Okafor, N. 2004. Harbour Trade in Lagos Bulletin. Lagos: Delta Books." + _NEXT, "Okafor",
     "Harbour Trade in Lagos"),
])
def test_a_title_word_before_a_journal_opened_by_its_kind_stays_the_titles(
        doc: str, author: str, title: str) -> None:
    _turned_down(doc, author, title)


# An abbreviated journal opened by a society's acronym ("IEEE Trans.", "SIAM J."), by the
# abbreviation of a medical field ("Endod.", "Infect.", "Pediatr."), right after a title with
# no punctuation: the journal's name starts right after the title's last word, in any case. A
# query that lacks the title's last word has that word before the journal's name, one word
# then the journal: the title's own last word.
_GPU = "Silt Transport Tracking on Graphics Processors"
_GPU_DOC = (f"7. Okafor N.: {_GPU} IEEE Trans. Geosci. Remote, 41, pp. 1845 (2011)\n"
            "8. Moreau A.: Stone bridges, Paris, (2001)")
_KELP = "Wave damping over kelp canopies"
_KELP_DOC = f"Halvorsen, K. 2010. {_KELP} SIAM J. Appl. Math 58:1845.{_NEXT}"
_REINDEER = "Root resorption in grazing reindeer"
_REINDEER_DOC = f"Lindqvist, E., 1987. {_REINDEER} Endod. Dent. Traumatol, 3, 259–266{_NEXT}"
_MARSH = "Salt Tolerance in Coastal Marsh Patients"
_MARSH_DOC = f"Nakamura, T. 2012. {_MARSH} Infect. Dis. Res. Treat 2012:1–13.{_NEXT}"
_NIGER = "Silt budgets of the Niger delta"
_NIGER_DOC = f"Okafor, N. 2003. {_NIGER} Pediatr. Nephrol. 18:12–19.{_NEXT}"


@pytest.mark.parametrize("doc, author, title", [
    (_GPU_DOC, "Okafor", _GPU),
    (_REINDEER_DOC, "Lindqvist", _REINDEER),
    (_MARSH_DOC, "Nakamura", _MARSH),
    (_NIGER_DOC, "Okafor", _NIGER),
])
def test_a_title_before_a_journal_opened_by_an_acronym_or_a_fields_abbreviation(
        doc: str, author: str, title: str) -> None:
    _kept(doc, author, title)


@pytest.mark.parametrize("doc, author, title", [
    (_GPU_DOC, "Okafor", "Silt Transport Tracking on Graphics"),  # the title's last word left out
    (_KELP_DOC, "Halvorsen", "Wave damping over kelp"),
    (_REINDEER_DOC, "Lindqvist", "Root resorption in grazing"),
    (_MARSH_DOC, "Nakamura", "Salt Tolerance in Coastal Marsh"),
    (_NIGER_DOC, "Okafor", "Silt budgets of the Niger"),
    (_GPU_DOC, "Okafor", "Silt Transport Tracking on Vector Processors"),  # a word changed
    (_KELP_DOC, "Halvorsen", "Wave damping over kelp forests"),
    (_REINDEER_DOC, "Lindqvist", "Root resorption in grazing caribou"),
    (_MARSH_DOC, "Nakamura", "Salt Tolerance in Coastal Marsh Grasses"),
    (_NIGER_DOC, "Okafor", "Silt budgets of the Volta delta"),
    (_REINDEER_DOC, "Lindqvist", "Stone bridges"),  # another entry's title
])
def test_a_title_word_before_a_journal_opened_by_an_acronym_stays_the_titles(
        doc: str, author: str, title: str) -> None:
    _turned_down(doc, author, title)
