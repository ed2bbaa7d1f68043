"""A book's title running into its publisher's name with no punctuation between: the name
(``matching.improved.fields.publishers``) tells where the title ends.

Each table pairs the entries the original (2003) scheme finds and the improved one must keep
with near-miss decoys beside them that the improved scheme must still reject. Strings of our
own, in the shapes citation styles print them.
"""

from __future__ import annotations

import re

import pytest

from citeseeker_scrapy.matching.improved.fields import publishers
from citeseeker_scrapy.matching.improved.fields.run_on_fields import NEXT_FIELD
from tests.support import matching

_kept = matching.kept_by_both
_turned_down = matching.turned_down


# A publisher's name no title ends with, then its city, its year or the entry's end; a name
# that is an ordinary word too, then its city or its year; a name told by its closing word
# ("Books") or its opening word ("Éditions").
@pytest.mark.parametrize("doc, author, title", [
    ("14. Lindqvist, E., Hamnar och fyrar längs Bohuslän Gyldendal, Oslo, 1998, pp. 12–19.",
     "Lindqvist", "Hamnar och fyrar längs Bohuslän"),
    ("Rinaldi, C. (1990) Il porto borbonico e la città Laterza, Roma-Bari.\nBerg, M. (1991) "
     "Fjorde. Kiel.", "Rinaldi", "Il porto borbonico e la città"),
    ("Okafor N. (1994): Tidal Markets of the Niger Delta Polity. Cambridge:", "Okafor",
     "Tidal Markets of the Niger Delta"),
    ("Keller, H. Hafen und Handel im Mittelalter Beck, 1967.\nBerg, M. Fjorde. Kiel, 1990.",
     "Keller", "Hafen und Handel im Mittelalter"),
    ("7. Moreau, A. and Berg, M., Decolonizing Harbour Histories Pluto Books, London, 2003.",
     "Berg", "Decolonizing Harbour Histories"),
    ("Dubois, M., Décoloniser les canaux Éditions Sud Ouest, Bordeaux, 2011.", "Dubois",
     "Décoloniser les canaux"),
    # a short title: its publisher after it, not a sentence, bounds it
    ("3 Keller, H.; Berg, M. Harbour Walls Thames & Hudson, 2005.", "Berg", "Harbour Walls"),
    # one word with a publisher's ending, after a title's own last word in capitals
    ("Hartung W. (1994) Am Ufer der Sprache. Von Hafen, Mole und Deich Küsten-Verlag, Kiel.\n"
     "Cole D. (2001) Tidal basins. Fjord Press, Kiel.", "Hartung",
     "Am Ufer der Sprache. Von Hafen, Mole und Deich"),
    ("Lund K. (2003) Die Wattwanderung am Deich Eigenverlag, Husum.\nCole D. (2001) Tidal "
     "basins. Fjord Press, Kiel.", "Lund", "Die Wattwanderung am Deich"),
    ("Berg M. (1999) Havner og fyr i Norge Fiskeriforlaget, Bergen.", "Berg",
     "Havner og fyr i Norge"),
])
def test_a_title_running_into_its_publishers_name(doc: str, author: str, title: str) -> None:
    _kept(doc, author, title)


@pytest.mark.parametrize("doc, author, title", [
    # a word of the title changed before the publisher
    ("14. Lindqvist, E., Hamnar och fyrar längs Bohuslän Gyldendal, Oslo, 1998, pp. 12–19.",
     "Lindqvist", "Hamnar och fyrar längs Halland"),
    ("Rinaldi, C. (1990) Il porto borbonico e la città Laterza, Roma-Bari.", "Rinaldi",
     "Il porto romano e la città"),
    ("Okafor N. (1994): Tidal Markets of the Niger Delta Polity. Cambridge:", "Okafor",
     "Tidal Markets of the Volta Delta"),
    ("7. Moreau, A. and Berg, M., Decolonizing Harbour Histories Pluto Books, London, 2003.",
     "Berg", "Decolonizing Harbour Memories"),
    ("Dubois, M., Décoloniser les canaux Éditions Sud Ouest, Bordeaux, 2011.", "Dubois",
     "Décoloniser les ports"),
    # a publisher's name that is an ordinary word, the title's own last word, no field after it
    ("Berg, M. (2001): Harbour Trade in the Early Polity. Nordic Review 4: 5–19.", "Berg",
     "Harbour Trade in the Early"),
    # a title's own last word that closes publishers' names, the query without it
    ("Lindqvist, E. (1998): Decolonizing Harbour Histories in Books, Oslo.", "Lindqvist",
     "Decolonizing Harbour Histories in"),
    ("Lindqvist, E. (1998): Harbour Towns in Printed Books, Oslo.", "Lindqvist",
     "Harbour Towns in Printed"),
    # a word after a short title, then the publisher
    ("3 Keller, H.; Berg, M. Harbour Walls Revisited Thames & Hudson, 2005.", "Berg",
     "Harbour Walls"),
    # a title's own last word that is a hyphenated compound, the query without it
    ("Lindqvist, E. (1998): Harbour Towns and their E-Books, Oslo.", "Lindqvist",
     "Harbour Towns and their"),
    ("Lindqvist, E. (1998): Harbour Histories in Self-Publishing, Oslo.", "Lindqvist",
     "Harbour Histories in"),
    ("Hartung W. (1994) Geschichte des Küsten-Verlags Eigenverlag, Husum.", "Hartung",
     "Geschichte des"),
])
def test_a_title_word_before_its_publishers_name_is_still_the_titles(doc: str, author: str,
                                                                     title: str) -> None:
    _turned_down(doc, author, title)


# A publisher's name in the style's "Title Publisher, Place" or "Title Publisher." print, per
# language: Belgian, German, Italian, American and British houses, and names that are words too
# (Bell, Autrement, Scala) before their city or year.
@pytest.mark.parametrize("doc, author, title", [
    ("Dumont, P. (2004). Précis de droit maritime belge Larcier, Bruxelles.\nBerg, M. (1991). "
     "Fjorde. Kiel.", "Dumont", "Précis de droit maritime belge"),
    ("Lemaire, J. (1999). Les ports francs et l'Union européenne Bruylant, Bruxelles.",
     "Lemaire", "Les ports francs et l'Union européenne"),
    ("Keller, H. Hafenrecht und Seehandel der Hansestädte Brockhaus, Leipzig, 1871.", "Keller",
     "Hafenrecht und Seehandel der Hansestädte"),
    ("Rinaldi, C. (1990). Porti e fari della costa toscana Passigli, Firenze.", "Rinaldi",
     "Porti e fari della costa toscana"),
    ("Moore, A. (1962). Harbour lights of the Channel coast Bell, 1962.", "Moore",
     "Harbour lights of the Channel coast"),
    ("Dubois, M. (2011). Vivre sur les quais du port Autrement, Paris.", "Dubois",
     "Vivre sur les quais du port"),
    ("Berg, M. (1983). Harbour pilots and the psychology of their craft Baywood.\nKeller, H. "
     "(1990). Fjorde. Kiel.", "Berg", "Harbour pilots and the psychology of their craft"),
    # a name that is a word too before its series, opened by the word for "collection"
    ("Dubois, M. (2011) Les quais du port de Marseille par les dockers Seuil, coll. « Points "
     "», Paris.", "Dubois", "Les quais du port de Marseille par les dockers"),
    ("Rinaldi, C. (1990) Porti e fari Colin, collection « Cursus », Paris.", "Rinaldi",
     "Porti e fari"),
])
def test_a_title_running_into_a_publishers_name_of_its_language(doc: str, author: str,
                                                                 title: str) -> None:
    _kept(doc, author, title)


@pytest.mark.parametrize("doc, author, title", [
    # a word of the title changed before the publisher
    ("Dumont, P. (2004). Précis de droit maritime belge Larcier, Bruxelles.", "Dumont",
     "Précis de droit fluvial belge"),
    ("Rinaldi, C. (1990). Porti e fari della costa toscana Passigli, Firenze.", "Rinaldi",
     "Porti e fari della costa ligure"),
    ("Moore, A. (1962). Harbour lights of the Channel coast Bell, 1962.", "Moore",
     "Harbour lights of the Biscay coast"),
    # a name that is a word too, the title's own last word with no field after it
    ("Berg, M. (2001). Harbour signals and the church Bell. Nordic Review 4: 5–19.", "Berg",
     "Harbour signals and the church"),
    # a word after a short title, then the publisher
    ("Keller, H. Hafenrecht revidiert Brockhaus, Leipzig, 1871.", "Keller", "Hafenrecht"),
    # a word of the title changed before the publisher and its series; a name that is a word
    # too, the title's own last word, before no series
    ("Dubois, M. (2011) Les quais du port de Marseille par les dockers Seuil, coll. « Points "
     "», Paris.", "Dubois", "Les quais du port de Toulon par les dockers"),
    ("Berg, M. (2001) Harbour signals and the church Bell, Nordic Review 4: 5–19.", "Berg",
     "Harbour signals and the church"),
])
def test_a_title_word_before_a_publishers_name_of_its_language_is_still_the_titles(
        doc: str, author: str, title: str) -> None:
    _turned_down(doc, author, title)


# A publisher named by a person's initials and surname, its comma and its city: the initial
# that opens the field tells where the title ends.
@pytest.mark.parametrize("doc, author, title", [
    ("Rinaldi C (1953) Tra due porti F. de Silva, Torino,.", "Rinaldi", "Tra due porti"),
    ("Berg, M. Fjords W.W. Norton, New York, 1990.", "Berg", "Fjords"),
    ("Keller, H. (1967) Hansehäfen C. H. Beck, München.", "Keller", "Hansehäfen"),
])
def test_a_title_running_into_a_publisher_named_by_initials(doc: str, author: str,
                                                            title: str) -> None:
    _kept(doc, author, title)


@pytest.mark.parametrize("doc, author, title", [
    # a word of the title changed before the publisher
    ("Rinaldi C (1953) Tra due porti F. de Silva, Torino,.", "Rinaldi", "Tra tre porti"),
    ("Rinaldi, C. (1953) Il porto borbonico e la città F. de Silva, Torino.", "Rinaldi",
     "Il porto romano e la città"),
    # the title's own last word before the publisher, the query without it
    ("Keller, H., Die Häfen der Hanse C. H. Beck, München, 1967.", "Keller", "Die Häfen der"),
    # a word after a short title, then the publisher
    ("Berg, M. Fjords and Firths W.W. Norton, New York, 1990.", "Berg", "Fjords"),
])
def test_a_title_word_before_a_publisher_named_by_initials_is_still_the_titles(
        doc: str, author: str, title: str) -> None:
    _turned_down(doc, author, title)


@pytest.mark.parametrize("names, printed, matches", [
    (("Lippincott", "Lehmanns", "Lang", "Lang Verlag"), "lang verlag", True),
    (("Lippincott", "Lehmanns", "Lang", "Lang Verlag"), "lang", True),
    (("Lippincott", "Lehmanns", "Lang", "Lang Verlag"), "lan", False),
    (("O'Reilly",), "o\u2019reilly", True),
    (("Schöningh", "Éditions du Seuil"), "editions du seuil", True),
    (("Schöningh",), "schoningh", True),
])
def test_the_names_alternation_reads_them_as_normalized_text_prints_them(
        names: tuple[str, ...], printed: str, matches: bool) -> None:
    assert bool(re.fullmatch(publishers.alternation(names), printed)) is matches


@pytest.mark.parametrize("after_title, is_field", [
    (" lehmanns, berlin", True),
    (" polity. cambridge:", True),
    (" polity, 2005", True),
    (" polity. nordic review", False),  # an ordinary word: its field must follow
    (" zed books: london", True),
    (" books, oslo", False),  # the closing word alone is no name
    (" in books, oslo", False),  # ... nor after "in"
    (" editions yvon blais", True),
    (" bdwi-verlag, marburg", True),
    (" eigenverlag, husum", True),
    (" universitetsforlaget, oslo", True),
    (" eigenverlag lagos", True),  # the ending alone tells: no town, no listed name after it
    (" fiskeriforlaget lagos", True),
    (" verlag, berlin", False),  # the ending alone is no name
    (" insel-verlags, berlin", False),  # a genitive is a title's word
    (" e-books, oslo", False),  # a closing word's compound is a title's word
])
def test_a_publishers_name_opens_the_next_field(after_title: str, is_field: bool) -> None:
    assert bool(NEXT_FIELD.match(after_title)) is is_field


# A query annotated with its publisher's name after the title's own full stop or comma: the
# name closes the title, so the place and date printed after it ("...Yvon Blais Sherbrooke,
# Estrie, 2014") are no words of a longer title. A listed name of two words, or one after a
# word that opens a name, or two words that a closing word ends.
_ANNOTATED = (
    "12. LINDQVIST K: Le droit des ports de pêche. Éditions Yvon Blais Sherbrooke, Estrie, "
    "2014:312.\n13. OKAFOR N: Tidal markets of the delta, Zed Books Ashford, Kent, 2003.\n"
    "14. BERG M: Harbour walls of the north. Fjord Press Tromsø, Troms, 1999.\n"
    "15. MOREAU A: Ponts de pierre. Éditions Yvon Blais revisitées, Paris, 2001.")


@pytest.mark.parametrize("doc, author, title", [
    (_ANNOTATED, "Lindqvist", "Le droit des ports de pêche. Éditions Yvon Blais"),
    (_ANNOTATED, "Okafor", "Tidal markets of the delta, Zed Books"),
    (_ANNOTATED, "Berg", "Harbour walls of the north. Fjord Press"),
])
def test_a_query_annotated_with_its_publisher_is_closed_by_the_name(doc: str, author: str,
                                                                    title: str) -> None:
    _kept(doc, author, title)


@pytest.mark.parametrize("doc, author, title", [
    # a content word changed, dropped or added before the name
    (_ANNOTATED, "Lindqvist", "Le droit des ports de plaisance. Éditions Yvon Blais"),
    (_ANNOTATED, "Lindqvist", "Le droit de pêche. Éditions Yvon Blais"),
    (_ANNOTATED, "Okafor", "Tidal markets of the upper delta, Zed Books"),
    (_ANNOTATED, "Berg", "Harbour walls of the south. Fjord Press"),
    # the name with no mark before it: the title's own words
    (_ANNOTATED, "Okafor", "Tidal markets of the delta Zed Books"),
    # the print's name goes on in lower case: a longer title
    (_ANNOTATED, "Moreau", "Ponts de pierre. Éditions Yvon Blais"),
])
def test_a_query_annotated_with_a_name_the_print_does_not_close_stays_rejected(
        doc: str, author: str, title: str) -> None:
    _turned_down(doc, author, title)
