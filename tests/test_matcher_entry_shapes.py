"""Entry shapes the improved scheme must read as one entry: each a table of reference strings
(written for these tests) with the searched author and title, found for every author named.

Each shape is a rule of ``attribution`` / ``entry_grammar`` / ``verify``, not a case: the tables
hold several styles and languages of it, and queries of the first, a middle and the last
author.
"""

from __future__ import annotations

import pytest

from citeseeker_scrapy.matching import AuthorGroup, CitationMatcher, MatcherSettings
from tests.support.matching import kept_by_both, turned_down

OPENING = ("This study builds on earlier work on the analysis of citations and cites the "
           "studies listed below.\nReferences\n")
NEXT = "\nBrown, Paul. 2001. Other things of the world. Journal of Things.\n"


def found(doc: str, author: str, title: str) -> bool:
    """True if the improved scheme finds ``title`` by ``author`` in ``doc``."""
    matcher = CitationMatcher([AuthorGroup((author,), (title,))], MatcherSettings())
    return bool(matcher.find(OPENING + doc + NEXT))


def entries_found(table: list[tuple[str, tuple[str, ...], str]]) -> list[tuple[str, str]]:
    """(entry, author) of each row's authors that are not found with the row's title."""
    return [(entry, author) for entry, authors, title in table for author in authors
            if not found(entry, author, title)]


TITLE = "Robust indexing of scanned journals"
JOINED_LAST_NAMES = [
    (f"J. Smith and K. Ter-Avest. {TITLE}. In Proc. of JCDL, 2004.", ("Smith", "Ter-Avest")),
    (f"J. Smith, P. Brown, and K. Ter-Avest. {TITLE}. In Proc. of JCDL, 2004.",
     ("Smith", "Brown", "Ter-Avest")),
    (f"A. Lee, P. Brown, and B. Dell'Orto. {TITLE}. Water Res. 12, 2003.",
     ("Lee", "Brown", "Dell'Orto")),
    (f"H. Tanaka, P. Brown, and Y. Ito-oka. {TITLE}. J. Cryst. Growth 5, 1999.",
     ("Tanaka", "Brown", "Ito-oka")),
    (f"M. Novak, J. Smith and A. O'Brien-Lee. {TITLE}. Journal of the Web, 2004.",
     ("Novak", "Smith", "O'Brien-Lee")),
]


@pytest.mark.parametrize("entry, authors", JOINED_LAST_NAMES)
def test_a_joined_last_surname_whose_full_stop_ends_the_author_list(
        entry: str, authors: tuple[str, ...]) -> None:
    # "ter-avest. " is a name's full stop, not a sentence end between two entries.
    assert entries_found([(entry, authors, TITLE)]) == []


CZECH = "Metody vyhledávání citací na webu"
AND_IN_LANGUAGES = [
    # ISO 690 in Czech, author-date and numeric
    (f"NOVÁK, Jan a Petr SVOBODA, 2010. {CZECH}. Praha: Academia.", ("Novák", "Svoboda"), CZECH),
    (f"NOVÁK, Jan a SVOBODA, Petr, 2010. {CZECH}. Praha: Academia.", ("Novák", "Svoboda"), CZECH),
    (f"NOVÁK, Jan, Petr SVOBODA a Karel DVOŘÁK, 2010. {CZECH}. Praha: Academia.",
     ("Novák", "Svoboda", "Dvořák"), CZECH),
    (f"NOVÁK, Jan a Petr SVOBODA. {CZECH}. Praha: Academia, 2010.", ("Novák", "Svoboda"), CZECH),
    ("MÜLLER, Hans und Peter SCHMIDT, 2010. Methoden der Zitationsanalyse im Netz. Berlin.",
     ("Müller", "Schmidt"), "Methoden der Zitationsanalyse im Netz"),
    ("DUPONT, Jean et Pierre MARTIN, 2010. Méthodes d'analyse des citations. Paris : PUF.",
     ("Dupont", "Martin"), "Méthodes d'analyse des citations"),
    ("GARCÍA, Ana y Pedro SANTOS, 2010. Métodos de análisis de citas en la web. Madrid.",
     ("García", "Santos"), "Métodos de análisis de citas en la web"),
    ("ROSSI, Marco e Giulia RUSSO, 2010. Metodi di analisi delle citazioni. Roma.",
     ("Rossi", "Russo"), "Metodi di analisi delle citazioni"),
    ("SILVA, João e Ana SANTOS, 2010. Métodos de análise de citações. Lisboa.",
     ("Silva", "Santos"), "Métodos de análise de citações"),
    ("ИВАНОВ, Иван и Пётр ПЕТРОВ, 2010. Методы анализа цитирования в сети. Москва.",
     ("Иванов", "Петров"), "Методы анализа цитирования в сети"),
    # the last author's initial with no full stop; a given name after an initial
    ("KRAMER, K. a M SOUKUP, 1942. Studie über die Höhlenfauna der Karstgebiete. Brno.",
     ("Kramer", "Soukup"), "Studie über die Höhlenfauna der Karstgebiete"),
    ("HOLLAND, J. Peter, 1991. Walking through the old towns of Europe. Minneapolis : Fortress.",
     ("Holland",), "Walking through the old towns of Europe"),
    ("KING, TC and FRONT, Maya J. Green, 2011. Injuries of hikers in mountain trails. Sports.",
     ("King", "Front"), "Injuries of hikers in mountain trails"),
    ("Berg, M., Lund, D., Nyberg, A., KarinLarsson, 2010. Registres et recensements en Suède. "
     "Paris.", ("Berg", "Nyberg"), "Registres et recensements en Suède"),
]


@pytest.mark.parametrize("entry, authors, title", AND_IN_LANGUAGES)
def test_the_word_for_and_in_the_styles_language(entry: str, authors: tuple[str, ...],
                                                 title: str) -> None:
    # Given names with no full stop between surnames and the year: the "and" of the style's
    # language joins the last two names; the year ends the author list, not the entry.
    assert entries_found([(entry, authors, title)]) == []


RUN_ON = [
    # a dash before the place closes the title
    ("Giddens, A. 1991. Modernity, Religion and Social Order -Oxford: Blackwell.",
     ("Giddens",), "Modernity, Religion and Social Order"),
    ("Weber, M. 1922. Economy and the Market Society \u2013 Tübingen: Mohr.", ("Weber",),
     "Economy and the Market Society"),
    # an edition, a year, a number or a publisher right after a title with no punctuation
    ("Mullin, J. W. 2001. Crystal growth 3rd ed. Oxford: Butterworth.", ("Mullin",),
     "Crystal growth"),
    ("Kittel, C. 1996. Solid state physics 7th edn. New York: Wiley.", ("Kittel",),
     "Solid state physics"),
    ("Schmidt, H. 2004. Numerische Mathematik 2. Aufl. Berlin: Springer.", ("Schmidt",),
     "Numerische Mathematik"),
    ("Turabian, K. 2017. Manual of Style 2013. Chicago: University of Chicago Press.",
     ("Turabian",), "Manual of Style"),
    ("Smith, J. 2005. Sorting mail pieces US6123456B2. United States Patent Office.",
     ("Smith",), "Sorting mail pieces"),
    ("Jones, K. 2009. Folding bicycle frame US Patent 7,523,991.", ("Jones",),
     "Folding bicycle frame"),
    ("[1] D. Knuth. The Lost Manual Addison-Wesley, 1990.", ("Knuth",), "The Lost Manual"),
    ("[2] R. Sedgewick. Graph Algorithms Cambridge University Press, 2002.", ("Sedgewick",),
     "Graph Algorithms"),
    # the place and year of publication (biblatex's nature style)
    ("4. Moreau, C. Les archives numériques de la Bibliothèque nationale Paris, 2000.",
     ("Moreau",), "Les archives numériques de la Bibliothèque nationale"),
    ("5. Field Research Institute. Phase II: survey of a fuel spill. Vols. I and II Denver, "
     "1988.", ("Field Research Institute",), "Phase II: survey of a fuel spill. Vols. I and II"),
    ("6. Agency for Clean Water. Toxicological profile for lead. PB/97/1011/AS Atlanta, GA, "
     "1997.", ("Agency for Clean Water",), "Toxicological profile for lead. PB/97/1011/AS"),
    ("8. Holt R. Survey of Salmon Streams. Fisheries Branch, Ministry of Lands and Water "
     "Operations Kamloops, BC 1984.", ("Holt",),
     "Survey of Salmon Streams. Fisheries Branch, Ministry of Lands and Water Operations"),
    ("7. Novak, J. Reading lists of the web New York, 2011.", ("Novak",),
     "Reading lists of the web"),
    # an abbreviated journal name (physics styles)
    ("[9] Dyson F J 1949 The radiation theories of Tomonaga and Schwinger Phys. Rev. 75 486",
     ("Dyson",), "The radiation theories of Tomonaga and Schwinger"),
    ("[10] Lieb E H and Liniger W 1963 Exact analysis of an interacting Bose gas Phys. Rev. "
     "Lett. 130 1605", ("Lieb", "Liniger"), "Exact analysis of an interacting Bose gas"),
    ("[12] Bardeen J M 1970 Kerr metric black holes and rotating stars Nucl. Phys. B 12 1",
     ("Bardeen",), "Kerr metric black holes and rotating stars"),
    ("[8] Bondi H and Sachs A W K 1962 Gravitational waves from isolated axisymmetric "
     "systems Proc .R .Soc .A 269 21", ("Bondi", "Sachs"),
     "Gravitational waves from isolated axisymmetric systems"),
]


def test_a_title_that_ends_its_entry_before_the_next_entrys_inverted_names() -> None:
    entry = ("MOREAU, Claire; LAURENT-DUPUIS, Anne - La gestion des archives numériques\n"
             "DUMONT, Béatrice; LACOUR, Stéphanie - Programme de recherche sur les réseaux")
    assert entries_found([(entry, ("Moreau", "Laurent-Dupuis"),
                           "La gestion des archives numériques")]) == []


@pytest.mark.parametrize("entry, authors, title", RUN_ON)
def test_a_title_that_runs_into_the_next_field(entry: str, authors: tuple[str, ...],
                                               title: str) -> None:
    assert entries_found([(entry, authors, title)]) == []


@pytest.mark.parametrize("entry, title", [
    ("[3] J. Smith. Robust indexing of scanned journals archives. Proc. JCDL, 2004.",
     "Robust indexing of scanned journals"),  # the printed title goes on: a longer work
    ("[3] J. Smith. Crystal growth kinetics. Oxford: Butterworth, 2001.", "Crystal growth"),
    ("J. Smith argues that crystal growth is slow in most melts, 2001.", "Crystal growth"),
    # a word before the comma and year that is no place: the title goes on
    ("[3] J. Smith. Crystal growth in cold melts, 2001.", "Crystal growth"),
    ("[3] J. Smith. Crystal growth kinetics, 2001.", "Crystal growth"),
    # a code with no comma before the year is a listed state's: "go 2001" is none, and a
    # country's stands alone as the place after the title's own last word
    ("[3] J. Smith. Crystal growth of melts, go 2001.", "Crystal growth"),
    ("[3] J. Smith. Crystal growth of melts, UK (2001).", "Crystal growth of"),
    ("[3] J. Smith. Crystal growth of melts, USA 2001.", "Crystal growth of"),
])
def test_a_title_that_goes_on_is_still_another_work(entry: str, title: str) -> None:
    assert not found(entry, "Smith", title)


#: A report's or a draft's month (perhaps its day, perhaps its year) printed after its title
#: with no mark (``entry_grammar._MONTH_OF_DATE``): the month opens the date field.
MONTH_AFTER_TITLE = [
    ("Harbour Authority of Oslo. 2011. Coastal Erosion Management Plan September.",
     ("Harbour Authority of Oslo",), "Coastal Erosion Management Plan"),
    ("Lind, K. et al. (2006). Models of Sediment Transport in Fjords. Interim Report October.",
     ("Lind",), "Models of Sediment Transport in Fjords. Interim Report"),
    ("3. Berg A, Holm P. Groundwater Sampling Protocol for Rural Wells March; 2008",
     ("Berg", "Holm"), "Groundwater Sampling Protocol for Rural Wells"),
    ("Lind, K., Berg, A. 2006. Models of Sediment Transport in Fjords. Interim Report April),.",
     ("Lind", "Berg"), "Models of Sediment Transport in Fjords. Interim Report"),
    ("7. Ortega L: Estudio de la vegetación de las dunas costeras noviembre; 2009",
     ("Ortega",), "Estudio de la vegetación de las dunas costeras"),
    ("Weber, M. (2010). Leitfaden zur Sanierung von Uferwegen Juni.", ("Weber",),
     "Leitfaden zur Sanierung von Uferwegen"),
    ("Dupont, J. 2012. Plan de gestion des zones humides du littoral septembre.", ("Dupont",),
     "Plan de gestion des zones humides du littoral"),
]


@pytest.mark.parametrize("entry, authors, title", MONTH_AFTER_TITLE)
def test_a_month_after_a_title_opens_its_date(entry: str, authors: tuple[str, ...],
                                              title: str) -> None:
    assert entries_found([(entry, authors, title)]) == []


@pytest.mark.parametrize("entry, author, title", [
    # the title without its last word: that word stands before the month (the first row's
    # query passes the word check, the others' only there: the printed word before the month
    # is the printed title's own last word, ``longer_titles.longer_title``)
    ("Harbour Authority of Oslo. 2011. Coastal Erosion Management Plan September.",
     "Harbour Authority of Oslo", "Coastal Erosion Management"),
    ("Lind, K. et al. (2006). Models of Sediment Transport in Fjords. Interim Report October.",
     "Lind", "Models of Sediment Transport in Fjords. Interim"),
    ("3. Berg A, Holm P. Groundwater Sampling Protocol for Rural Wells March; 2008", "Berg",
     "Groundwater Sampling Protocol for Rural"),
    # a changed content word
    ("Lind, K. et al. (2006). Models of Sediment Transport in Fjords. Interim Report October.",
     "Lind", "Models of Sediment Transport in Lakes. Interim Report"),
    ("Harbour Authority of Oslo. 2011. Coastal Erosion Management Plan September.",
     "Harbour Authority of Oslo", "Coastal Erosion Monitoring Plan"),
])
def test_a_title_before_a_month_keeps_its_own_words(entry: str, author: str,
                                                    title: str) -> None:
    assert not found(entry, author, title)


#: A report's revision or update date printed after its title with no mark: the word, then the
#: month's date (``run_on_fields._REVISION_DATE``); the word opens the field, it is not the
#: title's last word before a month.
_REVISED_PLAN = ("Harbour Authority of Oslo. 2011. Coastal Erosion Management Plan Revised "
                 "September 2013.")
_UPDATED_REPORT = "Lind, K. (2006). Tidal Gauge Network Design Report Updated March 2009."
_AMENDED_PROTOCOL = ("3. Berg A, Holm P. Groundwater Sampling Protocol for Rural Wells Amended "
                     "June; 2008")


@pytest.mark.parametrize("entry, authors, title", [
    (_REVISED_PLAN, ("Harbour Authority of Oslo",), "Coastal Erosion Management Plan"),
    (_UPDATED_REPORT, ("Lind",), "Tidal Gauge Network Design Report"),
    (_AMENDED_PROTOCOL, ("Berg", "Holm"), "Groundwater Sampling Protocol for Rural Wells"),
])
def test_a_revision_date_after_a_title_opens_its_field(entry: str, authors: tuple[str, ...],
                                                       title: str) -> None:
    assert entries_found([(entry, authors, title)]) == []


@pytest.mark.parametrize("entry, author, title", [
    (_REVISED_PLAN, "Harbour Authority of Oslo", "Coastal Erosion Monitoring Plan"),  # changed
    (_UPDATED_REPORT, "Lind", "Tidal Gauge Network Design Report Revised"),  # a word added
    (_REVISED_PLAN, "Harbour Authority of Oslo", "Coastal Erosion Management"),  # dropped
])
def test_a_title_before_a_revision_date_keeps_its_own_words(entry: str, author: str,
                                                            title: str) -> None:
    assert not found(entry, author, title)


@pytest.mark.parametrize("entry, author, title", [
    ("[9] Dyson F J 1949 The radiation theories of Tomonaga and Schwinger Phys. Rev. 75 486",
     "Dyson", "The radiation theories of Tomonaga and"),
    ("[11] Wald R M 1984 Black hole entropy in curved spacetimes Ann. Phys. 82 548", "Wald",
     "Black hole entropy in curved"),
    ("[12] Bardeen J M 1970 Kerr metric black holes and rotating stars Nucl. Phys. B 12 1",
     "Bardeen", "Kerr metric black holes and rotating"),
])
def test_a_title_before_an_abbreviated_journal_has_its_own_last_word(entry: str, author: str,
                                                                      title: str) -> None:
    # the word before "Phys. Rev." is the printed title's last: a query lacking it is another
    assert not found(entry, author, title)


AUTHOR_LISTS = [
    # an organisation after the persons
    ("Jones, K., Park, M., and the members of the Citation Metrics Work Group. 2013. "
     "Guidelines for reporting citation counts. J. Inf. 4: 1-9.", ("Jones", "Park"),
     "Guidelines for reporting citation counts"),
    ("Lee, A., Kim, S., and the Open Bibliography Consortium. 2010. Sharing reference "
     "lists openly. Library Journal 8: 3-7.", ("Lee", "Kim"), "Sharing reference lists openly"),
    # an original date before the year
    ("Hume, D. (1997) 2015. Essays on trade and money. London: Pen.", ("Hume",),
     "Essays on trade and money"),
    ("Marx, K., and F. Engels. (1848) 2002. Manifesto of the working people. London: Pen.",
     ("Marx", "Engels"), "Manifesto of the working people"),
    # a number or code before the title
    ("Brown, K. 2001. 04-17: A model of web citation growth. Tech. rep.", ("Brown",),
     "A model of web citation growth"),
    ("[7] K. Brown. RFC 2616: A model of web citation growth. Tech. rep., 2001.", ("Brown",),
     "A model of web citation growth"),
    # long author lists in capitals
    ("SMITH J, BROWN K, WEBER L, ROSSI M, SILVA J, TANAKA H, NOVAK P, FIALA D, JEZEK K, "
     "TOMAN M, BERG A, KIM S, PARK J, SATO T, LEE C. Robust indexing of scanned journals. "
     "J Inf Sci. 2004;12:1-9.", ("Smith", "Tanaka", "Lee"), TITLE),
    ("J. SMITH, K. BROWN, L. WEBER, M. ROSSI, J. SILVA, H. TANAKA, P. NOVAK, D. FIALA, "
     "K. JEZEK, M. TOMAN, A. BERG, S. KIM, J. PARK, T. SATO, AND C. LEE. Robust indexing of "
     "scanned journals. J Inf Sci 12: 1-9, 2004.", ("Smith", "Park", "Lee"), TITLE),
]


@pytest.mark.parametrize("entry, authors, title", AUTHOR_LISTS)
def test_author_lists_and_dates_before_the_title(entry: str, authors: tuple[str, ...],
                                                 title: str) -> None:
    assert entries_found([(entry, authors, title)]) == []


def test_a_neighbours_title_after_an_organisation_is_still_not_lent() -> None:
    doc = ("Jones, K., and the Citation Metrics Work Group. 2013. Guidelines for reporting "
           "citation counts. J. Inf. 4: 1-9.\nPark, M. 2014. Ranking journals by their "
           "readers. J. Inf. 5: 2-8.")
    assert not found(doc, "Jones", "Ranking journals by their readers")


#: Joined initials ("K.L.", "P.-O.") before the word for "and", then a last author of up to
#: three long words (an organisation printed as a name, a double surname) and the year: the
#: piece between the comma and the year is longer than a name, and reads as names joined by
#: "and" (``name_grammar.NAMES_JOINED_BY_AND``), not as a title that the year closes.
JOINED_INITIALS_BEFORE_AND = [
    ("Brandt, K.L. and Skagerrak Sedimentation Laboratories. 2011. ‘Sediment transport in "
     "tidal inlets’. Coastal Eng. 5: 1-9.", ("Brandt",), "Sediment transport in tidal inlets"),
    ("Okafor, C.N. et Marie-Christine Vandenberghe-Lefèvre. 2007. « Les marchés du poisson "
     "fumé ». Cahiers 3 : 4-9.", ("Okafor",), "Les marchés du poisson fumé"),
    ("LINDQVIST, P.-O. und Hochschulrechenzentrum NIEDERSACHSEN-BREMEN. 2015. ‘Archive der "
     "Rechenzentren’. Informatik 8: 1-4.", ("Lindqvist",), "Archive der Rechenzentren"),
    ("Tanaka, H.Y., Sato, K.M. and Kyushu Volcanological Observatory-Network. 2004. ‘Ash fall "
     "records of Sakurajima’. Bull. Volc. 9: 2-7.", ("Tanaka", "Sato"),
     "Ash fall records of Sakurajima"),
]


@pytest.mark.parametrize("entry, authors, title", JOINED_INITIALS_BEFORE_AND)
def test_joined_initials_before_and_a_long_last_author(entry: str, authors: tuple[str, ...],
                                                       title: str) -> None:
    for author in authors:
        kept_by_both(entry, author, title)


@pytest.mark.parametrize("doc, author, title", [
    # a title the year closes, its words joined by "and", after joined initials
    ("Brandt, K.L. Sedimentation and Coastal Morphodynamics. 2011. Oslo: Fjord Press.\n"
     "Park, M. 2014. Ranking journals by their readers. J. Inf. 5: 2-8.", "Brandt",
     "Ranking journals by their readers"),
    # the next entry's title after a long last author
    ("Brandt, K.L. and Skagerrak Sedimentation Laboratories. 2011. ‘Sediment transport in "
     "tidal inlets’. Coastal Eng. 5: 1-9.\nPark, M. 2014. ‘Ranking journals by their "
     "readers’. J. Inf. 5: 2-8.", "Brandt", "Ranking journals by their readers"),
    # one content word changed
    ("Brandt, K.L. and Skagerrak Sedimentation Laboratories. 2011. ‘Sediment transport in "
     "tidal inlets’. Coastal Eng. 5: 1-9.", "Brandt", "Sediment transport in tidal rivers"),
    ("Okafor, C.N. et Marie-Christine Vandenberghe-Lefèvre. 2007. « Les marchés du poisson "
     "fumé ». Cahiers 3 : 4-9.", "Okafor", "Les marchés du poisson salé"),
    ("Tanaka, H.Y., Sato, K.M. and Kyushu Volcanological Observatory-Network. 2004. ‘Ash fall "
     "records of Sakurajima’. Bull. Volc. 9: 2-7.", "Sato", "Ash fall records of Kirishima"),
])
def test_near_misses_after_joined_initials_before_and(doc: str, author: str,
                                                      title: str) -> None:
    turned_down(doc, author, title)


@pytest.mark.parametrize("entry, authors", [
    ("[1] Typesetting tables with care: by Fiala, Jezek (Springer, 1994)", ("Fiala", "Jezek")),
    ("Typesetting tables with care: by D. Fiala, K. Jezek (Springer, 1994)", ("Fiala", "Jezek")),
])
def test_title_first_with_by(entry: str, authors: tuple[str, ...]) -> None:
    assert entries_found([(entry, authors, "Typesetting tables with care")]) == []


# A title-first style that prints the title on one line and the authors on the next, no mark
# between: an organisation's parts as bare surnames, each closed by its comma, the last after
# the word for "and" (perhaps after initials), then the year.
_TITLE_FIRST_BARE_SURNAMES = (
    "Tidal Records of the Wadden Sea\nK. Jansen\n (1996), Noordzee Press\n\n{}\n\n"
    "Winter Harbours\nP. Moreau\n (2004)\n")
_BARE_SURNAMES_AFTER_TITLE = [
    ("Harbour Pilotage Charts of the Baltic\nLindqvist, Berg und K.E. Holm\n (2003)",
     ("Lindqvist", "Berg", "Holm"), "Harbour Pilotage Charts of the Baltic"),
    ("Coastal Fog and Shipping Losses\nOkafor, Adeyemi & Bello\n (2010), Lagos",
     ("Okafor", "Adeyemi", "Bello"), "Coastal Fog and Shipping Losses"),
]


@pytest.mark.parametrize("entry, authors, title", _BARE_SURNAMES_AFTER_TITLE)
def test_a_title_first_entry_with_its_bare_surnames_on_the_next_line(
        entry: str, authors: tuple[str, ...], title: str) -> None:
    for author in authors:
        assert found(_TITLE_FIRST_BARE_SURNAMES.format(entry), author, title)


@pytest.mark.parametrize("entry, author, title", [
    # the query leaves out the title's first word: the hit does not open its paragraph
    (_BARE_SURNAMES_AFTER_TITLE[0][0], "Berg", "Pilotage Charts of the Baltic"),
    (_BARE_SURNAMES_AFTER_TITLE[1][0], "Okafor", "Fog and Shipping Losses"),
    # a content word changed
    (_BARE_SURNAMES_AFTER_TITLE[0][0], "Holm", "Harbour Pilotage Maps of the Baltic"),
])
def test_a_shorter_or_changed_title_before_bare_surnames_stays_rejected(
        entry: str, author: str, title: str) -> None:
    assert not found(_TITLE_FIRST_BARE_SURNAMES.format(entry), author, title)


MORE_DATES_AND_RUNS = [
    # a span of old years is a date, not pages
    ("DUVAL Jean et MOREAU Pierre, 1730-1739 : Carte du diocèse de Rouen dressée par ordre "
     "du roi. Paris.", ("Duval", "Moreau"), "Carte du diocèse de Rouen dressée par ordre du roi"),
    # the first edition's year in brackets after the year
    ("Saussure, F. (1959) [1916]. Course in general linguistics. New York: Philosophical "
     "Library.", ("Saussure",), "Course in general linguistics"),
    # an organisation after "&" and an initial
    ("Horn, A. D. & Delta Drilling Mid-Continent, 2009. Mobile treatment of "
     "drilling fluids at the well. SPE Conference.", ("Horn",),
     "Mobile treatment of drilling fluids at the well"),
    # organisations with long names, then APA's date
    ("Agencia Metropolitana del Valle, Alcaldía de la Ciudad, Programa de las Naciones Unidas "
     "para el Desarrollo. (1997). Plan de movilidad para la región. Medellín.", ("Valle",),
     "Plan de movilidad para la región"),
]


@pytest.mark.parametrize("entry, authors, title", MORE_DATES_AND_RUNS)
def test_dates_and_author_runs_of_old_and_institutional_works(
        entry: str, authors: tuple[str, ...], title: str) -> None:
    assert entries_found([(entry, authors, title)]) == []


def test_a_short_title_before_its_container() -> None:
    entry = ("[13] Georg Feuser: Geschichte der Integration In: Sabine Meier (Hrsg.): "
             "Handlexikon. Stuttgart 2009, 12-20.")
    assert entries_found([(entry, ("Feuser",), "Geschichte der Integration")]) == []


# A title-first list that prints each entry as a paragraph, some entries closed by their pages
# with no full stop: a short title that opens its paragraph is its entry's first field, not
# words of a sentence run on from the pages before.
_TITLE_FIRST_PARAGRAPHS = (
    "Harbour lights of the south coast.\nAbeyta R.\nIn: Coast and Sea, London: 1999, p.\n"
    "7\u201312\n\n{}\n\nPorts et navires du Levant.\nCastel M.\nÉditions du Port, Paris: "
    "1987, p. 41")
_SHORT_TITLE_FIRST = [
    ("Behold! I Stand.\nGrigg J.\nLyra Britannica, London: Longmans, 1867, p. 254",
     "Grigg", "Behold! I Stand"),
    ("Salt Marshes.\nOkafor N.\nIn: Coastal Studies, Lagos: 2001, p. 12\u201318",
     "Okafor", "Salt Marshes"),
    ("Hafen und Stadt.\nBerg A., Lindqvist E.\nIn: Nordsee, Kiel: 2004, S. 3",
     "Lindqvist", "Hafen und Stadt"),
]


@pytest.mark.parametrize("entry, author, title", _SHORT_TITLE_FIRST)
def test_a_short_title_opening_its_paragraph_after_pages_with_no_full_stop(
        entry: str, author: str, title: str) -> None:
    assert found(_TITLE_FIRST_PARAGRAPHS.format(entry), author, title)


@pytest.mark.parametrize("doc, author, title", [
    # the same words run on from the pages on the same paragraph: words of a sentence
    (_TITLE_FIRST_PARAGRAPHS.format(_SHORT_TITLE_FIRST[1][0]).replace("\u201312\n\n", "\u201312 "),
     "Okafor", "Salt Marshes"),
    # a longer title opens the paragraph: the query lacks its first word, or its last
    (_TITLE_FIRST_PARAGRAPHS.format(_SHORT_TITLE_FIRST[1][0].replace("Salt", "Tidal Salt")),
     "Okafor", "Salt Marshes"),
    (_TITLE_FIRST_PARAGRAPHS.format(_SHORT_TITLE_FIRST[1][0].replace(".", " Today.", 1)),
     "Okafor", "Salt Marshes"),
    # a word changed, or another entry's title
    (_TITLE_FIRST_PARAGRAPHS.format(_SHORT_TITLE_FIRST[1][0]), "Okafor", "Salt Flats"),
    (_TITLE_FIRST_PARAGRAPHS.format(_SHORT_TITLE_FIRST[0][0]), "Grigg", "Salt Marshes"),
])
def test_a_paragraphs_start_delimits_no_other_short_title(doc: str, author: str,
                                                          title: str) -> None:
    assert not found(doc, author, title)


@pytest.mark.parametrize("entry, title", [
    # an OCR-damaged title word printed undamaged again in the venue: the greedy reading takes
    # the venue's word and loses the title's order
    ("[4] Koeberl, C., Berg, B., Contincntal drilling and the study of irnpact craters, in: "
     "Continental Drilling (eds. Harms, U.), Springer, 2007.",
     "Continental drilling and the study of impact craters"),
])
def test_title_words_read_in_the_order_that_aligns_most(entry: str, title: str) -> None:
    author = entry.split()[1].rstrip(",")
    assert found(entry, author, title)


READING = "Reading lists of the web"
DITTO_ENTRIES = [
    # biblatex's dash for the authors of the entry before: author-year and author-title
    (f"Weber, Lena (2009). Earlier work on the subject. Berlin: Verlag. — (2012). {READING}. "
     "Bonn: Press.", ("Weber",)),
    (f"Weber, Lena. Earlier work on the subject. Berlin und Bonn, 2009. — “{READING}”. In: "
     "Zeitschrift 4 (2012), p. 7.", ("Weber",)),
    (f"Open Science Council (2011). A first report. Senate Affairs Committee. — (2012). "
     f"{READING}. Government.", ("Open Science Council",)),
    (f"Open Science Council. A first report. Joint committee on the subject, 2011. — {READING}. "
     "Department of Affairs, 2012.", ("Open Science Council",)),
    # a page break between the two entries: the page's number, then the next page's dash
    (f"Weber, Lena. “Earlier work on the subject.” In Papers, 112–124. Berlin: Verlag, 1988. "
     f"2 — . “{READING}”. In Collected Lists. Bonn: Press, 2003.", ("Weber",)),
    (f"Weber, Lena (2009). Earlier work on the subject. Berlin: Verlag. 17 — (2012). {READING}. "
     "Bonn: Press.", ("Weber",)),
    # Chicago's three em dashes, two dittos in a row
    (f"Weber, Lena, and Jan Novak. 2009. Earlier work. Berlin: Verlag.\n———. 2010. More work. "
     f"Bonn: Press.\n———. 2012. {READING}. Bonn: Press.", ("Weber", "Novak")),
]


@pytest.mark.parametrize("entry, authors", DITTO_ENTRIES)
def test_a_dash_for_the_authors_of_the_entry_before(entry: str,
                                                    authors: tuple[str, ...]) -> None:
    assert entries_found([(entry, authors, READING)]) == []


@pytest.mark.parametrize("doc", [
    (f"Weber, Lena (2009). Earlier work on the subject. Berlin: Verlag.\nPark, Min (2010). "
     f"Other things. Bonn: Academia. — (2012). {READING}. Bonn: Academia."),
    # the name's entry, a ditto entry within its reach, then another author's entry (dated as
    # the style dates entries) and that author's ditto entry
    ("Weber, Lena (1998), Earlier work on the reading of the world, Department of Affairs and "
     "Culture. — (2011), Library amendment (strengthening the lending rules) bill, Senate "
     "Committee, report 2011.\nPark, Min (2010), Other things of the world, Bonn: Academia. — "
     f"(2012), {READING}, Government of the Commonwealth."),
    # ... after a page's number too
    (f"Weber, Lena. “Earlier work on the subject.” Berlin: Verlag, 1988. Park, Min. “Other "
     f"things.” Bonn: Academia, 2010. 2 — . “{READING}”. Bonn: Press, 2003."),
    # GOST's dash between the fields of one entry is no ditto mark for the next entry
    ("Weber L. Earlier work on the reading of the world / L. Weber. — Berlin : Verlag, 2009. — "
     "300 p.\nPark M. Other things of the world / M. Park. — Bonn : Academia, 2010. — 120 p.\n"
     f"Park M. {READING} / M. Park. — Bonn : Press, 2012. — 90 p."),
])
def test_a_dash_after_another_authors_entry_is_not_lent(doc: str) -> None:
    assert not found(doc, "Weber", READING)


# The authors printed once, above their works, each later work opening with its date alone
# (biblatex's philosophy styles): the name's own date printed bare after its author run.
DATED_ENTRIES = [
    ("Open Science Council 1998 A first report on the reading of the web, Department of Affairs "
     "and Culture. 2011 Library amendment (strengthening the lending rules and other provisions) "
     f"bill, Senate Legal and Constitutional Affairs Committee. 2012 {READING}, Government.",
     ("Open Science Council",)),
    ("Weber, Lena 1986 Earlier work on the reading of the world and its lists, Weinheim und "
     "Basel. 1989 “Lists and readers of the world: the tasks of a library”, in Kann denn Lesen "
     f"schöner sein?, s.n., Frankfurt/M, p. 5-9. 1997 “{READING}”, in: Zeitung, 29, p. 7.",
     ("Weber",)),
]


@pytest.mark.parametrize("entry, authors", DATED_ENTRIES)
def test_a_date_alone_for_the_authors_of_the_entry_before(entry: str,
                                                          authors: tuple[str, ...]) -> None:
    assert entries_found([(entry, authors, READING)]) == []


@pytest.mark.parametrize("doc", [
    # a date after a sentence end where the name's entry prints no bare date: a journal's
    # issue (Vancouver), and the next author's entry after it
    ("Weber L, Novak J. Earlier work on the reading of the world. J Libr Stud. 2011 Mar;12(3):"
     f"45-9. Park M. {READING}. J Libr Stud. 2012 Apr;13(1):1-9."),
    # the name's date bare, but another author's entry (its own bare date) before the title
    ("Weber, Lena 1986 Earlier work on the reading of the world, Basel. Park, Min 1989 Other "
     f"things of the world, Bonn. 1997 {READING}, Bonn: Press."),
])
def test_a_date_after_another_authors_entry_is_not_lent(doc: str) -> None:
    assert not found(doc, "Weber", READING)



# Styles that close no entry with a full stop (biblatex's spbasic): the dash for the authors
# of the entry before follows the last word of that entry; the date after it, printed as the
# name's own date after its run, tells it from a dash inside an entry. The entry before ends
# with a year the entry's end is read at ("bill 2011.", "Report 2009.").
UNPUNCTUATED_DITTO_ENTRIES = [
    (f"Open Science Council (2011) Library amendment (strengthening the lending rules) bill "
     f"2011. Senate Affairs Committee — (2012) {READING}. Government Weber L, Park M (1999) "
     "Other things", "Open Science Council"),
    (f"Weber L, Novak J (2009) Earlier work on the subject, 2nd edn. Verlag, Berlin, 2009. "
     f"Verlag — (2012) {READING}. Press, Bonn Park M (2010) Other things", "Novak"),
    (f"Weber, L. and Novak, J. (2009) Earlier work on the subject. Report 2009. Berlin -- (2012) "
     f"{READING}. Press, Bonn Park M (2010) Other things", "Weber"),
]


@pytest.mark.parametrize("entry, author", UNPUNCTUATED_DITTO_ENTRIES)
def test_a_dash_and_a_date_after_an_entry_with_no_full_stop(entry: str, author: str) -> None:
    kept_by_both(entry, author, READING)


@pytest.mark.parametrize("entry", [
    # a dash inside the entry, words after it
    (f"Open Science Council (2011) Library amendment (strengthening the lending rules) bill "
     f"2011. Senate Affairs Committee — the {READING}. Government Weber L (1999) Other things"),
    # another author's run and date, no dash
    (f"Open Science Council (2011) Library amendment (strengthening the lending rules) bill "
     f"2011. Senate Affairs Committee Park M (2012) {READING}. Government Weber L (1999) Other"),
])
def test_no_dash_and_date_alike_opens_no_entry_of_the_same_authors(entry: str) -> None:
    turned_down(entry, "Open Science Council", READING)


TOLLS = "Harbour tolls of the northern coast"
# Ditto entries one after the other where the first mark lies within the name's reach and the
# title past it: the middle entry's title and venue hold a year or sentence ends, read from
# the name's reach they looked like another entry.
DATED_DITTO_CHAINS = [
    ("Weber, Lena (1998), Earlier work on the reading of the world and its many lists, "
     "Department of Affairs and Culture of the Commonwealth. — (2011), Library amendment "
     "(strengthening the lending rules and other provisions) bill 2011, Senate Legal and "
     f"Constitutional Affairs Committee. — (2012), {TOLLS}, Government.", "Weber"),
    ("Open Science Council 1998 : A first report on the reading of the world and its many "
     "lists. Department of Affairs and Culture. — 2011 : Lists and readers of the world: the "
     "tasks of a library. In : Kann denn Lesen schöner sein? Frankfurt/M : s.n., 5-9. — 2012 : "
     f"{TOLLS}. Government.", "Open Science Council"),
]


@pytest.mark.parametrize("entry, author", DATED_DITTO_CHAINS)
def test_ditto_entries_read_from_the_mark_in_the_names_reach(entry: str, author: str) -> None:
    assert entries_found([(entry, (author,), TOLLS)]) == []


@pytest.mark.parametrize("doc", [
    # another author's run, dated as the name's, between the marks: the last mark is its
    ("Weber, Lena (1998), Earlier work on the reading of the world and its many lists, "
     "Department of Affairs. — (2011), Library amendment bill, Senate Committee. Park, Min "
     f"(2010), Other things of the world, Bonn: Academia and Culture Press. — (2012), {TOLLS}, "
     "Government."),
    ("Novak, Jan (1986): Earlier work on the reading of the world in the nineties. Weinheim und "
     "Basel. — (1989): Lists and readers of the world. Frankfurt/M: s.n., 5-9. Park, Min "
     f"(1990): Other things. Bonn. — (1997): {TOLLS}. Berlin."),
])
def test_a_mark_after_another_dated_run_is_not_followed(doc: str) -> None:
    author = doc.split(",")[0]
    assert not found(doc, author, TOLLS)


NAMES_THEN_YEAR = [
    # ISO 690 in Czech: the second author's given names before the surname
    (f"ROY, TC a Seay J. Low BACK, 2011. {READING}. Medicine & Science. 43.", ("Roy",)),
    (f"NOVÁK, Jan a Karel Petr DVOŘÁK, 2011. {READING}. Praha: Academia.", ("Novák",)),
    # biblatex's ISO author-year: names separated by semicolons
    (f"Agrosi, G.; Cavalieri, M; Hoti, A.; Santoro, Sara, 2003. {READING}. Tirana.",
     ("Agrosi", "Cavalieri", "Hoti")),
]


@pytest.mark.parametrize("entry, authors", NAMES_THEN_YEAR)
def test_a_title_right_after_the_names_and_year(entry: str, authors: tuple[str, ...]) -> None:
    # whatever the shape of the names, a year is followed by the next entry's authors,
    # never by a title, where it closes an entry
    assert entries_found([(entry, authors, READING)]) == []


# Author runs whose names print full stops (names separated by semicolons, each its surname,
# a full stop and its given name; an initial joined to the given name): near misses of their
# entries, and a title after a venue's semicolon and volume, stay turned down.
WORKS = ("Earlier work. Berlin, 2009. NOVAK. Jan; DVORAK. Karel; SVOBODA. Petr. Lists and "
         "readers of the world. [S.l: s.n.], 2015. PARK. Min. Other things. Bonn, 2012.\n"
         "Weber, LN and Novak J.Karel Petr. vol. 2. 2011, “Lists and readers of the world”, "
         "Journal of Things. Park, Min. 2012, “Other things”, Press.\n"
         "Lee, M., Developing the harbour tolls of the coast, Journal of Things; vol. 34, no. 4, "
         "supp. p. a32. 1999. Jan Novak, Karel Weber, Reading lists of the web, Future Systems.")


@pytest.mark.parametrize("author, title", [
    ("Novak", "Lists and readers of the globe"),  # a changed word
    ("Weber", "Tables and readers of the world"),
    ("Svoboda", "Other things"),  # the next entry's title
    ("Lee", READING),  # after a venue's semicolon and volume
])
def test_near_misses_after_full_stops_inside_an_author_run(author: str, title: str) -> None:
    turned_down(WORKS, author, title)


def test_the_next_entrys_title_after_its_authors_and_year_is_not_lent() -> None:
    doc = (f"ROY, TC a Seay J. Low BACK, 2011. Earlier work. Medicine. 43.\nPARK, Min, 2012. "
           f"{READING}. Praha: Academia.")
    assert not found(doc, "Roy", READING)


def test_a_title_first_entry_after_a_closing_year_is_not_lent() -> None:
    # the name's full stop is a sentence end: the year closes its title-first entry
    doc = (f"Earlier work on the subject. Giulia Rossi. Journal of the Web, 2014.\n{READING}. "
           "Karel Kim. Journal of the Web, 2015.")
    assert not found(doc, "Rossi", READING)


GROWTH = "Reading lists of scanned journals and the growth of citation indexes in Europe"
HEADER = "11/29/26, 12:14 AM Generated Studies of Citation Styles file:///tmp/paper.html 1/3"
PAGE_BREAKS = [
    # a browser's page header and footer inside the title, holding short title words ("of")
    f"[9] Mason, A., Edwards, E. A. Reading lists of scanned journals and the growth of\n"
    f"{HEADER}\ncitation indexes in Europe. Applied Microbiology 72: 7849-7856, 2006.",
    f"[9] Mason, A., Edwards, E. A. Reading lists of\n{HEADER}\nscanned journals and the "
    f"growth of citation indexes in Europe. Applied Microbiology 72: 7849-7856, 2006.",
    f"9. MASON A., EDWARDS E. A. Reading lists of scanned journals and the growth of\n"
    f"Page 4 of 12 Journal of the Studies of Things\ncitation indexes in Europe. Microbiology.",
]


@pytest.mark.parametrize("entry", PAGE_BREAKS)
def test_a_page_header_with_short_title_words_inside_the_title(entry: str) -> None:
    assert entries_found([(entry, ("Mason", "Edwards"), GROWTH)]) == []


@pytest.mark.parametrize("entry, title", [
    ("[2] Koehne E, 1884, Les rosiers italiens `Nuovo giornale botanico' (16): p 100-104",
     "Les rosiers italiens"),
    ("[4] Berg A. Web crawling `Proceedings of the Web Conference', 2001, 1-9", "Web crawling"),
])
def test_a_short_title_before_a_tex_opening_quote(entry: str, title: str) -> None:
    # a backquote after a blank opens the venue's quotation: the short title stands alone
    author = entry.split()[1]
    assert found(entry, author, title)


@pytest.mark.parametrize("entry, author", [
    ("[27] ASTM. 2012. F2927. Standard test method for door systems. West Conshohocken.",
     "ASTM"),
    ("Weber, L. 2009. TR1994. Standard test method for door systems. Bonn: Academia.",
     "Weber"),
])
def test_a_code_ending_in_a_year_like_number_is_no_year(entry: str, author: str) -> None:
    # "f2927." and "tr1994." are codes: they close no entry before the title
    assert found(entry, author, "Standard test method for door systems")


def test_a_query_without_the_titles_first_word_before_a_subtitle_colon() -> None:
    # "I: Survey ..." lacks "Phase": the printed title is a longer one, though the hit leaves
    # out the query's "I:" and a place and year follow the title
    doc = ("9. Field Research Institute. Phase I: Survey of a fuel spill at the old power plant "
           "Denver, 1988.\n10. Gonzalez, R. Where are my followers? Arxiv (2011).")
    assert not found(doc, "Field Research Institute",
                     "I: Survey of a fuel spill at the old power plant")
    assert found(doc, "Field Research Institute",
                 "Phase I: Survey of a fuel spill at the old power plant")



SPREAD = ("Measuring the Spread of Open Lecture Notes: Reinstating Inquiry Into Regional "
          "Teaching Archives")
RUNNING = "Annals of Invented Bibliometrics {} (2031) Reference Lists"


def _paged_entry(first_half: str, between: str, second_half: str) -> str:
    """A reference list whose second entry's title is cut by ``between`` (a page number and
    the next page's running header); the first page opens with the same header."""
    return (f"{RUNNING.format(4)}\n[1] Brown, P. Other things of the world. Journal of Things, "
            f'2001.\n[2] Okafor, N. and Lindqvist, T., "{first_half}\n{between}\n{second_half},"'
            " in a lecture to the School of Education, University of Bath, UK, March 2010.\n")


RUNNING_HEADERS = [
    # the page number, then the next page's header with content words of its own
    _paged_entry("Measuring the Spread of Open Lecture Notes: Reinstating",
                 f"1\n{RUNNING.format(4)}", "Inquiry Into Regional Teaching Archives"),
    _paged_entry("Measuring the Spread of Open Lecture Notes: Reinstating",
                 f"1\n{RUNNING.format(5)}", "Inquiry Into Reg1onal Teaching Arch1ves"),
    # the header first, its page number after it
    _paged_entry("Measuring the Spread of Open Lecture Notes: Reinstating",
                 f"{RUNNING.format(4)} 18", "Inquiry Into Regional Teaching Archives"),
    # a title word damaged (a typo, OCR) right after the header is still the title's
    _paged_entry("Measuring the Spread of Open Lecture Notes: Reinstating",
                 f"1\n{RUNNING.format(5)}", "Inqulry Into Regional Teaching Archives"),
    _paged_entry("Measuring the Spread of Open Lecture Notes: Reinstating",
                 f"{RUNNING.format(4)} 18", "1nquiry Into Regional Teaching Archives"),
]


@pytest.mark.parametrize("entry", RUNNING_HEADERS)
def test_a_running_header_with_words_of_its_own_inside_the_title(entry: str) -> None:
    assert found(entry, "Okafor", SPREAD)
    assert found(entry, "Lindqvist", SPREAD.replace("Spread", "Sprad"))  # a typo in the query


@pytest.mark.parametrize("entry, title", [
    (RUNNING_HEADERS[0], SPREAD.replace("Regional", "National")),  # a content word changed
    (RUNNING_HEADERS[1], SPREAD.replace("Lecture", "Video")),
    (RUNNING_HEADERS[2], SPREAD.replace("Archives", "Libraries")),
    # the title's last words missing: the print ends at the page break
    (_paged_entry("Measuring the Spread of Open Lecture Notes: Reinstating Inquiry Into",
                  f"1\n{RUNNING.format(4)}", "Bath"), SPREAD),
])
def test_a_running_header_lends_no_title_its_missing_words(entry: str, title: str) -> None:
    assert not found(entry, "Okafor", title)


@pytest.mark.parametrize("entry", [
    # a title word split by a line-end hyphen at the page break, the header between its pieces
    _paged_entry("Measuring the Spread of Open Lecture Notes: Reinsta-",
                 f"1\n{RUNNING.format(5)}", "ting Inquiry Into Regional Teaching Archives"),
    _paged_entry("Measuring the Spread of Open Lecture Notes: Reinstating Inquiry Into Reg-",
                 f"{RUNNING.format(4)} 18", "ional Teaching Archives"),
])
def test_a_title_word_split_at_a_running_header(entry: str) -> None:
    assert found(entry, "Okafor", SPREAD)
    assert found(entry, "Lindqvist", SPREAD)


POLLEN = ("Palynological investigations of late glacial sediments from the Kemijoki river "
          "basin, northern Finland")


@pytest.mark.parametrize("typed, cites", [
    # the query's typo lies in the first piece ("investi-" for "invesitgations"): the piece is
    # still the title's, so the header beside it is found and left out
    ("invesitgations", True),
    ("investigations", True),
    # ... but another word is no typo of the split one, header or not
    ("examinations", False),
])
def test_a_typo_in_the_word_split_at_a_running_header(typed: str, cites: bool) -> None:
    entry = _paged_entry("Palynological investi-", f"1\n{RUNNING.format(5)}",
                         POLLEN.replace("Palynological investi", ""))
    assert found(entry, "Okafor", POLLEN.replace("investigations", typed)) is cites


@pytest.mark.parametrize("title", [
    SPREAD.replace("Regional ", ""),  # a title word missing
    SPREAD.replace("Regional", "National"),  # a title word changed
    SPREAD.replace("Reinstating", "Restoring"),  # the split word changed
])
def test_a_word_split_at_the_header_lends_no_title_its_missing_words(title: str) -> None:
    entry = _paged_entry("Measuring the Spread of Open Lecture Notes: Reinsta-",
                         f"1\n{RUNNING.format(5)}", "ting Inquiry Into Regional Teaching Archives")
    assert not found(entry, "Lindqvist", title)


def test_words_printed_once_between_the_halves_are_the_titles_own() -> None:
    # not a running header: the document prints "Invented Bibliometrics" only there
    entry = _paged_entry("Measuring the Spread of Open Lecture Notes: Reinstating",
                         "1\nInvented Bibliometrics", "Inquiry Into Regional Teaching Archives")
    assert not found(entry.replace(RUNNING.format(4), "Journal"), "Okafor", SPREAD)


HARBOUR = "Annual monitoring report for the northern harbour site"
LEGAL_FORMS = [
    (f"Pacific Coast Environmental Services, Inc. (PCES). 2012. {HARBOUR}. Honolulu.",
     ("Services",)),
    (f"Pacific Coast Environmental Services, Inc. (PCES). 2012. {HARBOUR} (1 October through 30 "
     "December 2011). Honolulu.", ("Services",)),
    (f"Northwind Engineering Associates, Ltd. (NEA). 2014. {HARBOUR}. Aberdeen.",
     ("Associates",)),
    (f"Baltic Shipping Corp. (BSC). 2009. {HARBOUR}. Riga.", ("Shipping",)),
    (f"Harbour Analytics LLC. (HA). 2016. {HARBOUR}. Boston.", ("Analytics",)),
    (f"Harbour Analytics Pty. Ltd. 2016. {HARBOUR}. Sydney.", ("Analytics",)),
    (f"Rheinische Umwelttechnik GmbH. (RUT). 2016. {HARBOUR}. Köln.", ("Umwelttechnik",)),
    (f"Brown, K. and Coastal Services, Inc. (CSI). 2016. {HARBOUR}. Sydney.",
     ("Brown", "Services")),
]


@pytest.mark.parametrize("entry, authors", LEGAL_FORMS)
def test_a_companys_legal_form_ends_no_sentence_in_its_author_run(
        entry: str, authors: tuple[str, ...]) -> None:
    # "Inc." and the acronym after it are the organisation's name, not its entry's title and
    # venue: the title after the year is the organisation's.
    assert entries_found([(entry, authors, HARBOUR)]) == []


@pytest.mark.parametrize("entry, author", [
    (f"Pacific Coast Environmental Services, Inc. 2011. Quarterly report on the old harbour. "
     f"Journal of Reports 3. Brown, K. 2012. {HARBOUR}. Honolulu.", "Services"),
    (f"Pacific Coast Environmental Services, Inc. (PCES). 2011. Quarterly report. Honolulu: "
     f"PCES. Brown, K. 2012. {HARBOUR}. Honolulu.", "Services"),
    (f"Harbour Analytics Ltd. Quarterly report on the old harbour. Boston. K. Brown. {HARBOUR}. "
     "Honolulu, 2012.", "Analytics"),
])
def test_a_title_after_a_companys_own_entry_is_not_lent(entry: str, author: str) -> None:
    assert not found(entry, author, HARBOUR)


KATO = "[10] J. Smith and D. Li, On an endpoint Kato-Ponce inequality, Differ. Integral Equ. 27"
SWAPS_AFTER_AND = [
    # a swapped pair of words whose title starts with a word like the "and" of the author list
    (f"{KATO} (2014), no. 11-12, 1037-1072.", ("Smith", "Li"), "On an endpoint inequality Kato-Ponce"),
    (f"{KATO} (2014), no. 11-12, 1037-1072.", ("Smith", "Li"), "On an Kato-Ponce endpoint inequality"),
    ("[4] A. Meyer und B. Li, Und die Grenze des Navier-Stokes Systems, Math. Ann. 3 (2001).",
     ("Meyer", "Li"), "Und die Grenze des Systems Navier-Stokes"),
    ("[4] A. Meyer und B. Li, Und die Grenze des Navier-Stokes Systems, Math. Ann. 3 (2001).",
     ("Meyer", "Li"), "Und die des Grenze Navier-Stokes Systems"),
    ("[5] P. Roux et M. Lo, Et la stabilite des ondes auto-similaires, C. R. Acad. 3 (2001).",
     ("Roux", "Lo"), "Et la stabilite des auto-similaires ondes"),
    ("[6] P. Roux und M. Lo, Un modele des ondes auto-similaires, Ann. Phys. 3 (2001).",
     ("Roux", "Lo"), "Un modele des auto-similaires ondes"),
]


@pytest.mark.parametrize("entry, authors, title", SWAPS_AFTER_AND)
def test_a_swapped_pair_of_words_after_an_author_lists_and(
        entry: str, authors: tuple[str, ...], title: str) -> None:
    assert entries_found([(entry, authors, title)]) == []


@pytest.mark.parametrize("title", [
    "On an endpoint inequality Ponce-Kato estimate",  # a word added
    "On an inequality Kato-Ponce endpoint",  # words moved further than one swap
    "On a Kato-Ponce endpoint inequality",  # a word changed
])
def test_more_than_one_swap_after_an_author_lists_and_is_no_citation(title: str) -> None:
    assert not found(f"{KATO} (2014), no. 11-12, 1037-1072.", "Smith", title)


TEXTILE = "Histoire des ouvriers du textile en France"
EDITOR_ROLES = [
    (f"LEQUIN Yves. (dir). {TEXTILE}. Paris : Armand Colin, 1983.", "LEQUIN", TEXTILE),
    (f"LEQUIN Yves. (dir.). {TEXTILE}. Paris : Armand Colin, 1983.", "LEQUIN", TEXTILE),
    (f"Smith John. (eds). {TEXTILE}. Paris, 1983.", "Smith", TEXTILE),
    ("Müller Hans. (Hrsg.). Geschichte der Textilarbeiter in Frankreich. Berlin, 1983.", "Müller",
     "Geschichte der Textilarbeiter in Frankreich"),
    ("Rossi Marco. (a cura di). Storia degli operai tessili in Francia. Roma, 1983.", "Rossi",
     "Storia degli operai tessili in Francia"),
    ("Silva João. (org.). História dos operários têxteis na França. Lisboa, 1983.", "Silva",
     "História dos operários têxteis na França"),
    ("García Ana. (coord.). Historia de los obreros textiles en Francia. Madrid, 1983.", "García",
     "Historia de los obreros textiles en Francia"),
]


@pytest.mark.parametrize("entry, author, title", EDITOR_ROLES)
def test_an_editors_role_in_brackets_ends_no_sentence(entry: str, author: str,
                                                      title: str) -> None:
    # "(dir)." after the names is the author run's, not the end of a title or a venue
    assert found(entry, author, title)


@pytest.mark.parametrize("entry", [
    f"LEQUIN Yves. (dir). Histoire des Français. Paris : Armand Colin, 1983. Brown, K. {TEXTILE}. "
    "Paris, 1990.",
    f"LEQUIN Yves. Histoire des Français (abstract). Brown, K. (ed.). {TEXTILE}. Paris, 1990.",
])
def test_an_editors_entry_lends_no_title_to_the_next(entry: str) -> None:
    assert not found(entry, "LEQUIN", TEXTILE)


#: An organisation's name and a short title that opens with a number (a year, a range of
#: years), printed with no punctuation between: (entry, author, title).
NUMBER_AFTER_AN_ORGANISATION = [
    ("Harbour Pilots Guild of Ghana 2017-18 Dredging Plan. Accra: Ports Authority, 2016.",
     "Harbour Pilots Guild of Ghana", "2017-18 Dredging Plan"),
    ("Harbour Pilots Guild 2016, Harbour Pilots Guild 2017–18 Dredging Plan, [s.l.].",
     "Harbour Pilots Guild", "2017–18 Dredging Plan"),
    ("Baltic Ports Board 1990–2000 Cargo Statistics, Riga: BPB.", "Baltic Ports Board",
     "1990–2000 Cargo Statistics"),
    ("Volta River Authority 1961 Dam Report. Akosombo, 1962.", "Volta River Authority",
     "1961 Dam Report"),
]


@pytest.mark.parametrize("entry, author, title", NUMBER_AFTER_AN_ORGANISATION)
def test_a_title_opening_with_a_number_after_an_organisation(entry: str, author: str,
                                                              title: str) -> None:
    # a name holds no digits: the number is where the author field ends
    kept_by_both(entry, author, title)


@pytest.mark.parametrize("entry, title", [
    # the printed title goes on: a longer title
    ("Harbour Pilots Guild of Ghana 2017-18 Dredging Plan Review. Accra, 2016.",
     "2017-18 Dredging Plan"),
    ("Harbour Pilots Guild of Ghana 2017-18 Dredging Plan and Budget. Accra, 2016.",
     "2017-18 Dredging Plan"),
    # a content word changed
    ("Harbour Pilots Guild of Ghana 2017-18 Dredging Plan. Accra, 2016.",
     "2017-18 Dredging Budget"),
])
def test_a_near_miss_of_a_title_opening_with_a_number_stays_rejected(entry: str,
                                                                     title: str) -> None:
    turned_down(entry, "Harbour Pilots Guild of Ghana", title)
