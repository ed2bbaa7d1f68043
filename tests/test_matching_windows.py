"""Where one reference entry ends and the next begins
(``matching/improved/entries/attribution.py``).

An author's window must never lend the next entry's title to the author of the entry before.
Each row: a run of references as printed (written for these tests, in the styles real
bibliographies print), the searched author and title, and whether it is a citation. Every rule
has a row where the boundary is there (the title is the next entry's) and one where it is not
(the same author's own title, still found).
"""

from __future__ import annotations

import pytest

from citeseeker_scrapy.matching import AuthorGroup, CitationMatcher, MatcherSettings
from citeseeker_scrapy.matching.improved.author_runs.author_lists import LIST_WINDOW
from tests.support.matching import kept_by_both, turned_down

TITLE = "Knots as stable solitons in a classical field theory"


def found(doc: str, author: str, title: str) -> bool:
    matcher = CitationMatcher([AuthorGroup((author,), (title,))], MatcherSettings())
    return bool(matcher.find(doc))


#: Two entries each, the second one's title searched: the first entry's author must not get it.
ADELBERGER_BATTYE = (
    'Adelberger, E., Dvali, G., Gruzinov, A. 2007, "Photon mass bound destroyed by vortices," '
    f"Phys.Rev.Lett.98,010402 R. A. Battye and P. M. Sutcliffe, {TITLE}, Phys. Rev. 81")
KOEHNE_SALVO = (f"Koehne E, 1884, Les lythrariees italiennes, Giornale botanico (16) : p 100-104 "
                f"Mark N. Salvo, {TITLE}, 5 Envtl. L. J. 141.")
JENKINS_HENGO = ("Jenkins, David, Unite d'habitation, London, Phaidon Press, 1993 Hengo, Ally, "
                 f"\"{TITLE}\", Majira 1995")
WOODCOCK_ECO = ("Woodcock, R., Wyborn, L., Petascale computing and beyond, IGC conference, "
                f"August 2012 Eco, U. (1988). {TITLE}. Bruxelles: Labor.")
VERNEILH_PEPLINSKI = ("Verneilh, F., de 1853 \"Notes sur divers objets\" Le chroniqueur du "
                      "Perigord 264-265 Peplinski, D.K. & Ducoste, J.J., 2002. "
                      f"{TITLE}. Journal of Hydraulics")
BRION_KOSASIH = ("P. Brion, Clint Eastwood, La Martiniere, Paris, 2001 17. S. Kosasih, C. Rovelli, "
                 f"F. P. Zen (2016): {TITLE}. In: arXiv e-prints, 2016.")


@pytest.mark.parametrize("doc, author, cites", [
    # a year, then the entry's quoted title and venue, then the next entry's initials-and-
    # surname run with no sentence end between (physics styles print no full stops there)
    (ADELBERGER_BATTYE, "Adelberger", False),
    (ADELBERGER_BATTYE, "Battye", True),
    (KOEHNE_SALVO, "Koehne", False),
    (KOEHNE_SALVO, "Salvo", True),
    # a year right after a venue closes the entry: the run after it is the next entry's
    (f"Capmas, The statistical year book, Central agency of statistics, 2012 Chr. Moreau, "
     f"\" {TITLE} \" in C. H. Johnson (dir.), Blood and kinship", "Capmas", False),
    # ... and so does a year with no full stop after the entry's title and venue: the
    # inverted names (given names or initials, each closed by a comma) after it, perhaps
    # their date, open the next entry
    (JENKINS_HENGO, "Jenkins", False),
    (JENKINS_HENGO, "Hengo", True),
    (f"Mauclair, Camille, La farce de l'art vivant, Nouvelle Revue, 1930 Leon, Paul, "
     f"\u00ab {TITLE} \u00bb, Gazette des beaux-arts", "Mauclair", False),
    (WOODCOCK_ECO, "Woodcock", False),
    (WOODCOCK_ECO, "Eco", True),
    (f"Linz, Juan, Problems of democratic transition, Hopkins University Press, 1996 Capmas, "
     f"{TITLE}, Central agency of statistics, 2012", "Linz", False),
    # ... or pages with no full stop after them, the next entry's run and its date after them
    (VERNEILH_PEPLINSKI, "Verneilh", False),
    (VERNEILH_PEPLINSKI, "Ducoste", True),
    (VERNEILH_PEPLINSKI.replace("264-265", "264\u2011265"), "Verneilh", False),
    (f"Roumejoux, A. de 1879 \"Les numeros 62 et 6\" Bulletin de la societe 6 390-391 Preston, "
     f"C. R. and R. D. Beane. 1993. {TITLE}. Ithaca: Cornell", "Roumejoux", False),
    # ... but a year that closes an author list is followed by that list's own title
    (f"Battye, R. A., Sutcliffe, P. M., 1998, {TITLE}, Phys. Rev. Lett. 81.", "Battye", True),
    (f"Battye, Richard, Sutcliffe, Paul, 1998 {TITLE}, Phys. Rev. Lett. 81.", "Sutcliffe", True),
    (f"Schmidt, H. and Berg, K., 2019, June, {TITLE}, Journal of the Web, 12.", "Berg", True),
    (f"R. A. Battye and P. M. Sutcliffe (1998) {TITLE}. Phys. Rev. Lett. 81.", "Sutcliffe", True),
    # the searched name inside the run that ends before the title: its own entry
    (f"Dvali G, 2007, Phys. Rev. 98. R. A. Battye, G. Dvali, P. M. Sutcliffe, {TITLE}, 1998",
     "Dvali", True),
])
def test_a_dated_entry_then_another_name_run_is_another_entry(doc: str, author: str,
                                                              cites: bool) -> None:
    assert found(doc, author, TITLE) is cites


#: An entry printed given names first, closed by its year with no full stop, then the next
#: entry's run printed the same way: one name, or two joined by "and".
BASSI_FERRI = ("Ugo Bassi, Storia delle bonifiche, Laterza, Bari, 2008 Nora Ferri and Lia Conti, "
               f"{TITLE}, Einaudi, 2011.")
#: ... closed by its pages and a full stop after an inverted run and its date.
BASSI_PAGES = ("Bassi, U. (2008). \"Storia delle bonifiche\", Rivista storica, 4 (2), 12 - 30. "
               f"Nora Ferri, {TITLE}, Einaudi, 2011.")
#: ... a physics entry closed by an arXiv number, the next run cut short by "et al.,".
ROSSI_VERDI = ("M. Rossi, Onde e particelle, Nuovo Cimento 12 (1990) 45, arxiv:hep-ph/9001234. "
               f"S. Verdi, et al., {TITLE}, Phys. Rev. 81 (1998) 4798.")
#: ... closed by its page count (no sentence end), the next run its surname first, capitals
#: lost, as a given-first run reads in lower case.
BASSI_PAGE_COUNT = ("Bassi, Ugo, Bonifiche: fiumi e paludi in Italia, Laterza (Bari), x+281. "
                    f"Ferri Nora, \u00ab {TITLE} \u00bb, in: L. Conti (ed.), Studi, 2011.")
#: A run printed with every name inverted and no commas, an initial among the given names.
INVERTED_NO_COMMAS = "Bassi Marianna Ferri Annalisa A. Conti Filippo et Rossi Mario"
#: ``TITLE`` with one content word changed: a near miss.
QUANTUM = TITLE.replace("classical", "quantum")


@pytest.mark.parametrize("doc, author, title, cites", [
    # the run after the closing field is the next entry's: the name before gets no title
    (BASSI_FERRI, "Bassi", TITLE, False),
    (BASSI_PAGES, "Bassi", TITLE, False),
    (ROSSI_VERDI, "Rossi", TITLE, False),
    (BASSI_PAGE_COUNT, "Bassi", TITLE, False),
    # ... the run's own names keep it, and reject a near miss of it
    (BASSI_FERRI, "Ferri", TITLE, True),
    (BASSI_FERRI, "Conti", TITLE, True),
    (BASSI_PAGES, "Ferri", TITLE, True),
    (ROSSI_VERDI, "Verdi", TITLE, True),
    (BASSI_PAGE_COUNT, "Ferri", TITLE, True),
    (BASSI_PAGE_COUNT, "Ferri", QUANTUM, False),
    (BASSI_FERRI, "Conti", QUANTUM, False),
    (ROSSI_VERDI, "Verdi", QUANTUM, False),
    # a run printed so right after the name's own run, or its date, is the name's own
    (f"Ugo Bassi, Nora Ferri and Lia Conti, {TITLE}, Einaudi, 2011.", "Bassi", TITLE, True),
    (f"Ugo Bassi and Nora Ferri, 2011, {TITLE}, Einaudi.", "Bassi", TITLE, True),
    (f"Rossi, M., Verdi, S., et al., {TITLE}, Phys. Rev. 81 (1998).", "Rossi", TITLE, True),
    (f"Rossi, M., Verdi, S., et al.: {TITLE}. Phys. Rev. 81 (1998).", "Rossi", TITLE, True),
    # a run that prints given names in brackets after each surname: the bracket closes no
    # field, and the bare name after "et" is a co-author ("Initiative (Sustainable Forestry) et
    # Inc, Title"); after the name's title and venue the run is the next entry's
    (f"Okafor (Adaeze Chiamaka Nkem) et Fjordlab, {TITLE}, Oslo, 2010.", "Okafor", TITLE, True),
    (f"Okafor (Adaeze Chiamaka Nkem) et Fjordlab, {TITLE}, Oslo, 2010.", "Okafor", QUANTUM, False),
    (f"Okafor (Ada Nkem), Storia delle bonifiche, Laterza (Bari) Nora Ferri, {TITLE}, Oslo, "
     "2010.", "Okafor", TITLE, False),
    # a run that prints its names inverted with no commas: an initial's full stop closes no field
    (f"{INVERTED_NO_COMMAS}, {TITLE}, Einaudi, 2011.", "Bassi", TITLE, True),
    (f"{INVERTED_NO_COMMAS}, {TITLE}, Einaudi, 2011.", "Bassi", QUANTUM, False),
])
def test_a_closed_entry_then_a_given_first_run_or_et_al_is_another_entry(
        doc: str, author: str, title: str, cites: bool) -> None:
    assert found(doc, author, title) is cites


@pytest.mark.parametrize("doc, author, cites", [
    # the next entry's number after the year that closed the entry ("Paris, 2001 17. ")
    (BRION_KOSASIH, "Brion", False),
    (BRION_KOSASIH, "Rovelli", True),
    (f"Irmtraud Schnell, Gewerkschaft Erziehung (Hrsg.) Frankfurt 2003 [5] {TITLE} Death, J.L., "
     "F. Monteiro 2014 Biogeosciences, 11.", "Schnell", False),
    # a single page with no blank ("p.149") and a page count ("40 p.") end an entry
    (f"L. D. Faddeev, in: A. Connes et al. (eds.), Les Houches lectures, North Holland, 1998, "
     f"p.149 . S. Banerjee, B. P. Carlin, and A. E. Gelfand. {TITLE}. CRC Press, 2015.",
     "Faddeev", False),
    (f"Convery, F., D. Ellerman and C. de Perthuis, Interim report, June, 40 p. 2008 \" {TITLE} "
     "\", Emery van Donsel, Proceedings of the 2nd meeting", "Convery", False),
    # a number after a year that ends no entry (a volume after the title) changes nothing
    (f"F. P. Zen, C. Rovelli, {TITLE}, arXiv e-prints 2016 17, 1-20.", "Zen", True),
])
def test_an_entry_number_or_pages_end_the_entry(doc: str, author: str, cites: bool) -> None:
    assert found(doc, author, TITLE) is cites


# --- organisations, contributions, legal citations, full stops between authors ----------

ORGANISATION = ("World Health Organization (Department of Mental Health and Substance Abuse), "
                f"2014. \u201c{TITLE}\u201d. Geneva: WHO Press.")
AGENCIES = ("Ministry of Environment, Water and Natural Forests; and Kenya National Bureau of "
            "Statistics, Republic of Kenya (MEWNF and KNBS). 2010. "
            f"{TITLE}. Nairobi: Government Printer. August.")


@pytest.mark.parametrize("doc, author, cites", [
    # an organisation's expansion or acronym in brackets, then the year: one author run
    (ORGANISATION, "Organization", True),
    (f"[4] {ORGANISATION}", "Organization", True),
    # organisations separated by semicolons, their acronyms in brackets, then "2010."
    (AGENCIES, "Forests", True),
    (AGENCIES, "Statistics", True),
    # the organisation's entry ends with its own title: the next entry's title is not its
    ("World Health Organization (Department of Mental Health and Substance Abuse), 2014. "
     f"Mental health atlas. Geneva: WHO Press. Barnes, K. (2016). {TITLE}. Lancet.",
     "Organization", False),
])
def test_an_organisation_is_an_author_run(doc: str, author: str, cites: bool) -> None:
    assert found(doc, author, TITLE) is cites


@pytest.mark.parametrize("doc, author, cites", [
    # a foreword or chapter "In:" a book: the names after "In:" are the book's, one entry
    (f"Wolfgang Keller: Geleitwort. In: M. Vogel: {TITLE}. Berlin: Springer, 2004, 5-9.",
     "Keller", True),
    (f"Keller, W.: Geleitwort. In: Vogel, M. (Hrsg.): {TITLE}. Berlin 2004.", "Keller", True),
    # without "In:" the run after the full stop is the next entry's authors
    (f"Wolfgang Keller: Geleitwort. Springer. M. Vogel: {TITLE}. Berlin 2004.", "Keller", False),
    # a legal citation (volume, reporter, page, year) right after the name, then the title
    (f"Phillips, Nathan. 12 Harv. L. & Pol. Rev. 311 (1899) {TITLE}; Moreau, Jean.",
     "Phillips", True),
    # ... but after the citation another author run: the next entry
    (f"Phillips, Nathan. 12 Harv. L. & Pol. Rev. 311 (1899). Moreau, J. {TITLE}. Paris.",
     "Phillips", False),
])
def test_a_contribution_and_a_legal_citation_keep_their_title(doc: str, author: str,
                                                              cites: bool) -> None:
    assert found(doc, author, TITLE) is cites


@pytest.mark.parametrize("doc, author, title, cites", [
    # a title-first entry's authors separated by full stops: any of them owns the title
    (f"{TITLE}. Anna Berger. Maria Keller. Vienna: Bohlau 2011", "Keller", TITLE, True),
    (f"{TITLE}. Anna Berger. Maria Keller. Vienna: Bohlau 2011", "Berger", TITLE, True),
    (f"{TITLE} Ch (Christos) Berger. Maria Keller. Athens : Kapon 2012", "Keller", TITLE, True),
    (f"{TITLE}. J Ruiz, KL. Keller Brain Res. 2(5): 12-19. 2012.", "Keller", TITLE, True),
    # an author-first entry's title, then its publisher, then the next entry's authors
    (f"Berger, A.: {TITLE}. Springer. Keller, M.: Other things. Wiley.", "Keller", TITLE, False),
    # the words before "Dr." are the title's own last ones: the query lacks one of them
    ("Care of the elderly in diabetic and non diabetic adults. Dr. Berger. A, Dr. Keller. M",
     "Berger", "Care of the elderly in diabetic and non adults", False),
])
def test_a_title_first_entry_with_full_stops_between_its_authors(doc: str, author: str,
                                                                 title: str, cites: bool) -> None:
    assert found(doc, author, title) is cites


#: A title-first entry that prints a long title (near ``part_length``) and then its names
#: initials first with full stops, the searched name last ("...(1995 Symposium) R. Sandridge
#: und K. Ainsworth Oklahoma Geological Survey"): the window before the name reaches back from
#: the run's first initial, so the whole title is searched.
LONG_TITLE = ("Harbour tolls, quay dues and the trade of the Hanseatic towns of the Baltic and "
              "the North Sea in the later Middle Ages: customs registers of Lubeck, Hamburg "
              "and Bremen (1995 Symposium)")
LONG_TITLE_FIRST = (f"\n{LONG_TITLE}\nR. Sandridge\nund K. Halvorsen\nHansische Blatter 100\n"
                    "(1997): 120–132\n\n")


@pytest.mark.parametrize("doc, author, title, cites", [
    (LONG_TITLE_FIRST, "Halvorsen", LONG_TITLE, True),
    (LONG_TITLE_FIRST, "Halvorsen", LONG_TITLE.replace("Baltic", "Adriatic"), False),
])
def test_a_long_title_before_a_run_printed_initials_first_is_searched_whole(
        doc: str, author: str, title: str, cites: bool) -> None:
    assert len(LONG_TITLE) < MatcherSettings().part_length
    assert found(doc, author, title) is cites


HYPHENATED = ("Dupont, Jean-Luc. Histoire des ponts de Paris. Paris: Seuil, 1990. Martin, "
              f"Anne-Claire. {TITLE}. Lyon, 1992.")


@pytest.mark.parametrize("doc, author, cites", [
    # a hyphenated given name's full stop ends a name, not a sentence
    (HYPHENATED, "Martin", True),
    (f"[2] RIOUFOL, Marie-Odile. {TITLE}. Soins, avril 2008, n 21. p. 10-11.", "Rioufol", True),
    # ... and the entry before still ends at its own title and venue
    (HYPHENATED, "Dupont", False),
])
def test_a_hyphenated_given_name_ends_a_name(doc: str, author: str, cites: bool) -> None:
    assert found(doc, author, TITLE) is cites


@pytest.mark.parametrize("doc, author, cites", [
    # a year in brackets with a full stop or comma after it is the entry's date, no "[n]"
    (f"Visser, H. [1938]. {TITLE}, deel 4, Leiden, p.1-90. Lamm, F., Other things, 1971.",
     "Visser", True),
    (f"Brandt, K. Old works, 1920. Visser, H. [1938], {TITLE}, Leiden: Brill.", "Visser", True),
    # ... an entry's number is followed by its text: "[1938] " opens the next entry
    (f"Brandt, K. Old works. Leiden, 1920. [1938] H. Visser. {TITLE}. Leiden: Brill.",
     "Brandt", False),
    # a main title and the colon of its subtitle right after the year: no author list
    (f"Raman, K. (2011): Coastlines: {TITLE}, Delhi: Orient Press. Lamm, F. (1971). Other.",
     "Raman", True),
    # ... but after a dated entry's title and venue, surnames with a colon: the next entry
    (f"Raman, K. (2011), Coastlines of Kerala, Orient Press Delhi Lamm: {TITLE}, Leiden 1971",
     "Raman", False),
    # ... or after the year that closes it, another date and a name with a colon
    (f"Raman, K. and Lamm, F., Type and print, Orient Press, 2005. 1998: Olaf Berg-Kranz: {TITLE}"
     ", Leiden.", "Raman", False),
    # a number or code the title opens with, after the year that closes the author run
    (f"Ministry of Works (MOW). June. Harbour Corporation, 2014. 2012/2013 {TITLE}, Port Kelang. "
     "May 2. Delta Services, Inc. 2015. Site sampling report.", "Harbour", True),
    (f"Kumar, R., 2009. 07-15: {TITLE}. Technical note, Pune.", "Kumar", True),
    # ... but an entry's number after the year is the next entry's, as before
    (f"Kumar, R., 2009. 15. {TITLE}. Technical note, Pune.", "Kumar", False),
    # ... and after the entry's title, another author run's year and code: the next entry
    (f"Kumar, R., 2009. Tidal notes. Pune. Delta Services, 2013. 2012/2013 {TITLE}. Report.",
     "Kumar", False),
])
def test_a_date_or_code_is_no_entry_boundary(doc: str, author: str, cites: bool) -> None:
    assert found(doc, author, TITLE) is cites


GOST_TITLE = "Winter ice on shallow lagoons and its hold on their bottom fauna"


@pytest.mark.parametrize("doc, author, cites", [
    # the first author before the title, every author in the statement of responsibility
    # after the slash: a later one is named only there
    (f"[4] Lindqvist, T. {GOST_TITLE} / T. Lindqvist, K. Ozols // Boreal Lagoon Studies. — "
     "2005. — V. 12. — P. 40–51.\n[5] Moreau, A. Stone bridges / A. Moreau. — Paris, 2001.",
     "Ozols", True),
    (f"Lindqvist, T. {GOST_TITLE} / T. Lindqvist, R. Berzins, K. Ozols. — Riga : "
     "Zinatne, 2005. — 212 p.\nMoreau, A. Stone bridges / A. Moreau. — Paris, 2001.",
     "Berzins", True),
    (f"[4] Lindqvist, T. {GOST_TITLE} / T. Lindqvist, K. Ozols // Boreal Lagoon Studies. — "
     "2005. — V. 12. — P. 40–51.", "Lindqvist", True),
    # a name past the statement: the container's editor, the next entry's author
    (f"[4] Lindqvist, T. {GOST_TITLE} / T. Lindqvist // Lagoons / ed. K. Ozols. — Riga, "
     "2005. — P. 40–51.", "Ozols", False),
    (f"Lindqvist, T. {GOST_TITLE} / T. Lindqvist. — Riga, 2005.\nOzols, K. Stone bridges / "
     "K. Ozols. — Paris, 2001.", "Ozols", False),
])
def test_a_statement_of_responsibility_names_the_title_s_authors(doc: str, author: str,
                                                                cites: bool) -> None:
    assert found(doc, author, GOST_TITLE) is cites


#: A title whose first word and its comma look like an author run's end ("Tides, ").
COMMA_TITLE = "Tides, ice and their hold on the bottom fauna of shallow lagoons"
COMMA_ENTRY = (f"[4] Lindqvist, T. {COMMA_TITLE} / T. Lindqvist, K. Ozols, R. Berzins et al. // "
               "Boreal Lagoon Studies. — 2005. — V. 12. — P. 40–51.\n[5] Moreau, A. Stone "
               "bridges / A. Moreau. — Paris, 2001.")


@pytest.mark.parametrize("author, title, cites", [
    ("Ozols", COMMA_TITLE, True),
    ("Berzins", COMMA_TITLE, True),
    # the query lacks the title's first word: the hit starts after it, not right after the
    # author run the statement's first name prints before the title
    ("Ozols", COMMA_TITLE.replace("Tides, ice", "Ice"), False),
    ("Berzins", COMMA_TITLE.replace("Tides, ice", "Ice"), False),
])
def test_a_statement_of_responsibility_names_only_a_title_read_from_its_start(
        author: str, title: str, cites: bool) -> None:
    assert found(COMMA_ENTRY, author, title) is cites


#: A title-first entry's names after its volume: "Title. Bd. 12 / Names", "TITLE. Vol. 12. NAMES".
GOST_NAMES = "T. Lindqvist, K. Ozols, R. Berzins, A. Moreau"
SLASHED_NAMES = "T. LINDQVIST/ K. OZOLS/R. BERZINS"


@pytest.mark.parametrize("doc, author, cites", [
    # a volume's field, its word abbreviated in the bibliography's language, between the
    # title and the statement of responsibility of a title-first entry (four authors or more)
    (f"Dunn, P. Tidal marsh. — Riga, 2001. — P. 5–9.\n{GOST_TITLE}. Bd. 12 / {GOST_NAMES}. — "
     "Boreal Lagoon Studies, 2005.\nMoreau, A. Stone bridges. — Paris, 2001.", "Berzins", True),
    (f"Dunn, P. Tidal marsh. — Riga, 2001. — S. 5–9.\n{GOST_TITLE}. Sv. 12 / {GOST_NAMES}. — "
     "Boreal Lagoon Studies, 2005.", "Moreau", True),
    (f"{GOST_TITLE}. Zv. 3 / {GOST_NAMES}. — Boreal Lagoon Studies, 2005.", "Lindqvist", True),
    # ... or the volume's number closed by a full stop, then names separated by slashes
    (f"{GOST_TITLE.upper()}. Vol. 12. {SLASHED_NAMES}, 2005.\nMOREAU, Anne (2001) : Stone "
     "bridges.", "Ozols", True),
    (f"{GOST_TITLE.upper()}. Heft 12. {SLASHED_NAMES}, 2005.", "Berzins", True),
    # the next entry's number after the title's venue: that entry's names
    (f"{GOST_TITLE}. Boreal Lagoon Studies. 12. {SLASHED_NAMES}, 2005.", "Ozols", False),
    # a venue's year closes the entry: the names after it are the next entry's
    (f"Dunn P (2004) {GOST_TITLE}. In Boreal Lagoon Studies 2005. {SLASHED_NAMES} (2006) "
     "Stone bridges.", "Ozols", False),
    # a title with its own author list before it, then the volume and the next entry
    (f"Moreau, A.: {GOST_TITLE}. Bd. 12. Ozols, K.: Stone bridges. Riga, 2001.", "Ozols",
     False),
])
def test_a_volume_between_a_title_first_entry_s_title_and_its_names(doc: str, author: str,
                                                                   cites: bool) -> None:
    assert found(doc, author, GOST_TITLE) is cites


@pytest.mark.parametrize("doc, author", [
    (f"{GOST_TITLE}. Bd. 12 / {GOST_NAMES}. — Boreal Lagoon Studies, 2005.", "Berzins"),
    (f"{GOST_TITLE.upper()}. Vol. 12. {SLASHED_NAMES}, 2005.", "Ozols"),
])
def test_a_volume_before_the_names_lends_them_no_near_miss_title(doc: str, author: str) -> None:
    assert not found(doc, author, GOST_TITLE.replace("fauna", "flora"))
    assert not found(doc, author, GOST_TITLE.replace("shallow", "frozen"))


PEAT = "Soil carbon fluxes in boreal peatlands under repeated drought"
SURNAMES = ("Alder Quist Varga Lindqvist Oduya Ferreira Sato Brandvold Ilic Hammond Petrov "
            "Nakamura Okafor Duval Horvath Mendes Kowalczyk Aaltonen Reyes Baptiste").split()
INITIALS = ["R", "T B", "M", "H J", "P", "C", "L M", "K", "D", "S"] * 2
SLASHED = "/".join(f"{'. '.join(i.split())}. {s}" for s, i in zip(SURNAMES, INITIALS))
STOPPED = ". ".join(f"{s} {i}" for s, i in zip(SURNAMES, INITIALS))
SLASHED_TAIL = SLASHED.split("/", 2)[2]  # the list without its first two names
STOPPED_TAIL = STOPPED.split(". ", 2)[2]


@pytest.mark.parametrize("doc, author, cites", [
    # names separated by slashes, no comma between them: the list is followed to its title
    (f"Weber, Lena, Frankfurt 1988, 12-19. 7 {SLASHED}, {PEAT}, in: Biogeosciences 12, 2015, "
     "44-59. Yoon, K., Title.", "Quist", True),
    (f"{SLASHED}, {PEAT}, in: Biogeosciences 12, 2015.", "Lindqvist", True),
    # ... or by the full stop after each "Surname I I"
    (f"[6] Weber L. Title. [7] {STOPPED} 2015 {PEAT} Biogeosciences 12 44 [8] Yoon K 2016",
     "Quist", True),
    (f"{STOPPED} 2015 {PEAT} Biogeosciences 12 44", "Varga", True),
    # the title of the next entry, after a short slashed list's own title and pages
    (f"R. Alder/T. B. Quist, Fen tables, in: Hydrology 3, 2011, 1-9. {SLASHED_TAIL}, "
     f"{PEAT}, in: Biogeosciences 12, 2015.", "Quist", False),
    # the next numbered entry's title, after a list of full-stopped names
    (f"[7] Quist T B. Varga M. Fen water tables. Hydrology 3 1 [8] {STOPPED_TAIL} 2015 "
     f"{PEAT}", "Quist", False),
])
def test_an_author_list_separated_by_slashes_or_full_stops(doc: str, author: str,
                                                          cites: bool) -> None:
    assert found(doc, author, PEAT) is cites


SEMICOLONED = f"{SURNAMES[0]}, R.; " + "; ".join(
    f"{'. '.join(i.split())}. {s}" for s, i in zip(SURNAMES[1:], INITIALS[1:]))
DASHED = " - ".join(f"{'. '.join(i.split())}. {s}" for s, i in zip(SURNAMES, INITIALS))
EN_DASHED = DASHED.replace(" - ", " \u2013 ")  # the dash a style prints, not a hyphen
JOINED_DASHED = " - ".join(f"J.{i[0]}. {s}" for s, i in zip(SURNAMES, INITIALS))
COLONED = " ; ".join(f"{s.upper()}, {'.'.join(i.split())}.:" for s, i in zip(SURNAMES, INITIALS))
SEMICOLONED_TAIL = SEMICOLONED.split("; ", 2)[2]


@pytest.mark.parametrize("doc, author", [
    # names separated by semicolons, one comma at most in each: the list is followed to its
    # title, 300 characters after the second name
    (f"Weber, L., 1988: Fen tables. {SEMICOLONED} & Z. Ng, 2015: {PEAT}. Vol. 12. Yoon, K., "
     "2016: Title.", "Quist"),
    (f"{SEMICOLONED}, {PEAT}, Biogeosciences 12 (2015) 44-59.", "Quist"),
    # ... by a hyphen or a dash with a blank each side
    (f"1. L. Weber, Fen tables, 12 (1988) 1-9. 2. {DASHED}, {PEAT}, 12 (2015) 44-59. 3. K. "
     "Yoon, Title.", "Quist"),
    (f"1. L. Weber, Fen tables, 12 (1988) 1-9. 2. {EN_DASHED}, {PEAT}, 12 (2015) 44-59. 3. "
     "K. Yoon, Title.", "Quist"),
    # ... the names' initials joined ("j.h. seinfeld")
    (f"1. L. Weber, Fen tables, 12 (1988) 1-9. 2. {JOINED_DASHED}, {PEAT}, 12 (2015) 44-59. 3. "
     "K. Yoon, Title.", "Quist"),
    # ... or by commas, each name followed by an empty field's colon
    (f"WEBER, L.: Fen tables, 1988. {COLONED} ¨{PEAT}¨, Biogeosciences, 12: 44-59, 2015.",
     "Varga"),
])
def test_an_author_list_separated_by_semicolons_or_dashes(doc: str, author: str) -> None:
    assert found(doc, author, PEAT)
    # a near miss: one word changed, one dropped, one added
    assert not found(doc, author, PEAT.replace("drought", "flooding"))
    assert not found(doc, author, PEAT.replace(" repeated", ""))
    assert not found(doc, author, PEAT.replace("boreal", "boreal upland"))


@pytest.mark.parametrize("doc, author", [
    # the next entry's title, after a short semicolon list's own title, volume and pages
    (f"Alder, R.; T. B. Quist, 2011: Fen tables. Hydrology 3, 1-9. {SEMICOLONED_TAIL}, 2015: "
     f"{PEAT}.", "Quist"),
    # the next numbered entry's title, after a short dashed list's own one
    (f"1. R. Alder - T. B. Quist, Fen tables, 3 (2011) 1-9. 2. {DASHED.split(' - ', 2)[2]}, "
     f"{PEAT}, 12 (2015) 44-59.", "Quist"),
])
def test_a_semicolon_or_dash_list_lends_the_next_entry_no_title(doc: str, author: str) -> None:
    assert not found(doc, author, PEAT)


#: A name in a reprint note closes its entry; the next entry's short run prints two semicolons.
REPRINT_NOTE = (
    "Dunn, P. 2001. Tidal marsh of the Baltic coast, First Conference on Lagoons and\nMarshes. "
    "2001.\nWeber, L. K. 1990. \u201cFen water tables.\u201d *Hydrol. Soc. Riga*, pp. xii\u2013xlv.\n"
    "(Rpt. with notes in Weber, 1994a.)\nAlder, R.T.; Quist, T.B.; & Varga, M.A., 2015. Soil "
    "carbon fluxes in boreal peatlands\nunder repeated drought. Report Number 12. Fen Res. "
    "Inst., Oslo.\nYoon, K. 2016. Stone bridges. Leeds.\n")


def test_two_semicolons_after_the_entry_before_make_no_list() -> None:
    # the run's own author keeps its title; the name in the note before gets none
    assert found(REPRINT_NOTE, "Varga", PEAT)
    assert not found(REPRINT_NOTE, "Weber", PEAT)


RIVERS = "Water quality indicators for upland rivers"


@pytest.mark.parametrize("doc, author, cites", [
    # a title-first entry after an entry closed by its place and year: its author or body
    # follows the title
    (f"Haldane, Leeds, UK 2004. {RIVERS}. National Rivers Authority, Bristol 2006.",
     "Authority", True),
    (f"Notes on a coast. Ingrid Solberg, Oslo 2001. {RIVERS}. Erik Dahl, Bergen 2003.",
     "Dahl", True),
    # a name right after the title opens the next entry
    (f"Toman 2014. {RIVERS}. Fiala, D. 2015. Ranking the web.", "Fiala", False),
    # a year after an initial or "et al" ends an author run
    (f"Toman, M 2014. {RIVERS}. Dalibor Fiala, Bergen 2015.", "Fiala", False),
    (f"Toman et al 2014. {RIVERS}. Dalibor Fiala, Bergen 2015.", "Fiala", False),
])
def test_a_title_first_entry_after_a_place_and_year(doc: str, author: str, cites: bool) -> None:
    assert found(doc, author, RIVERS) is cites


@pytest.mark.parametrize("doc, author, cites", [
    # a title-first entry after an entry closed by its year right after its title's question
    # mark or a report's code: no author run ends there, the body follows the title
    (f"Berg, Ann : Do fjords freeze? 1993. {RIVERS}. National Rivers Authority, Bristol "
     "2006. Dahl, Erik : Tides.", "National Rivers Authority", True),
    (f"Berg, Ann : \u201cDo fjords ever freeze?\u201d 1993. {RIVERS}. Coastal Nature, 2006. "
     "Dahl, Erik : Tides.", "Nature", True),
    (f"Berg, Ann : Fjord tables. Special Report TR-12-ENV. 1993. {RIVERS}. Coastal Nature, "
     "2006. Dahl, Erik : Tides.", "Nature", True),
    (f"Berg, Ann : Fjord tables. Report NW-7b. 1993. {RIVERS}. Ingrid Solberg, Bergen 2006.",
     "Solberg", True),
    # ... or after a volume's colon and a page that reads as a year
    (f"Berg A. Fjord Review. 2003 ; 30 : 1055. {RIVERS}.Nygaard O, Lunde E. Coastal Studies. "
     "1998 ; 4 : 7–9.", "Nygaard", True),
    (f"Berg A. Fjord Review. 2003;30:1055. {RIVERS}.Lunde E. Coastal Studies. 1998;4:7–9.",
     "Lunde", True),
    # near misses: one content word changed ("lakes" for "rivers"), the title of another entry
    ("Berg, Ann : Do fjords freeze? 1993. Water quality indicators for upland lakes. National "
     "Rivers Authority, Bristol 2006.", "National Rivers Authority", False),
    (f"Berg, Ann : Fjord tables. Report TR-12-ENV. 1993. Tides of the north. Coastal Nature, "
     "2006. Dahl, Erik : Tides.", "Nature", False),
    ("Berg A. Fjord Review. 2003 ; 30 : 1055. Water quality indicators for upland lakes."
     "Nygaard O. Coastal Studies. 1998 ; 4 : 7–9.", "Nygaard", False),
    # a year after a name ends an author run: the title is the run's own
    (f"Berg, A. 1993. {RIVERS}. Coastal Nature, 2006. Dahl, Erik : Tides.", "Nature", False),
    (f"Berg, A. 1993. {RIVERS}. Ingrid Solberg, Bergen 2006.", "Solberg", False),
])
def test_a_title_first_entry_after_a_title_mark_or_code_and_year(doc: str, author: str,
                                                                  cites: bool) -> None:
    assert found(doc, author, RIVERS) is cites


@pytest.mark.parametrize("doc, author, cites", [
    # a title-first entry after an entry closed by a field's full stop and its year: the
    # names after the title print no date of their own (a venue follows, or a bare year)
    (f"Tides of the north.Berg A. Coastal Studies. 2010. {RIVERS}.Nygaard O. Fjord Review. "
     "1994. Stone bridges.Dahl E. 1990", "Nygaard", True),
    (f"Tides of the north.Berg A. Coastal Studies. 2010. {RIVERS}.Nygaard O, Lunde E. 1975 "
     "Stone bridges.Dahl E. Bergen: Fjord Press; 1990", "Lunde", True),
    (f"Tides of the north. Berg A. Coastal Studies. 2010. {RIVERS}. National Rivers "
     "Authority (NRA). 2000 Stone bridges. Dahl E. 1990", "National Rivers Authority", True),
    # ... or a place after a comma and the year: the title-first entry's publication data
    (f"Berg, Ann : Tides. Coastal Studies. 2012. {RIVERS}. E. Lunde, Bergen 1923. Dahl, Erik "
     ": Stone bridges.", "Lunde", True),
    (f"Berg, Ann : Tides. Fjord Press 1995. {RIVERS}. National Rivers Authority, Bristol 2006. "
     "Dahl, Erik : Stone bridges.", "National Rivers Authority", True),
    # ... or a run of the name and its own initials, the container after them closed by its
    # comma (atlas-of-genetics prints a chapter "Title. Name I. Book, Place: Publisher; Year")
    (f"Stone bridges. Dahl E. RdP. 1899. {RIVERS}. Nygaard O. Seaboards, Bergen: Fjord Press; "
     "2009 Do the fjords of the north freeze in winter? Lunde E. Coastal Press; 1997", "Nygaard",
     True),
    (f"Stone bridges. Dahl E. RdP. 1899. {RIVERS}. Nygaard O.K. Seaboards, Bergen: Fjord "
     "Press; 2009", "Nygaard", True),
    # near misses: one content word changed, another entry's title
    ("Tides of the north.Berg A. Coastal Studies. 2010. Water quality indicators for upland "
     "lakes.Nygaard O. Fjord Review. 1994.", "Nygaard", False),
    (f"Coastal Studies. 2010. {RIVERS}.Dahl E. Fjord Review. 1990. Stone bridges.Nygaard O. "
     "Fjord Review. 1994.", "Nygaard", False),
    ("Stone bridges. Dahl E. RdP. 1899. Water quality indicators for upland lakes. Nygaard O. "
     "Seaboards, Bergen: Fjord Press; 2009", "Nygaard", False),
    # an author-date style: the names after the title print their date, they open the next
    # entry; the title is the run's before it
    (f"Berg, Ann. 2010. {RIVERS}. Nygaard, Olaf. 2011. Stone bridges. Bergen: Fjord Press.",
     "Nygaard", False),
    (f"Berg, Ann. 2010. {RIVERS}. Nygaard, Olaf (2011) Stone bridges. Bergen: Fjord Press.",
     "Nygaard", False),
    (f"Berg, Ann, and Olaf Nygaard. 2010. {RIVERS}. Lunde, Eva, Erik Dahl, and Kari Holm. "
     "2011. Stone bridges. Bergen: Fjord Press.", "Dahl", False),
    (f"Berg, A. 2010. {RIVERS}. Nygaard O. Fjord Review. 1994.", "Nygaard", False),
    (f"Stone bridges. Dahl E. RdP. 1899. {RIVERS}. Nygaard O. 2011. Seaboards, Bergen: Fjord "
     "Press.", "Nygaard", False),
    (f"Berg 2010. {RIVERS}. Lunde E, Dahl E. 2011. Stone bridges. Bergen.", "Lunde", False),
    (f"Berg, Ann, Bergen 2010. {RIVERS}. Lunde, Eva, 2011. Stone bridges.", "Lunde", False),
    # ... whose run holds a middle initial before its date: the initial's full stop is not
    # the run's end
    (f"Ann Berg, and Olaf Nygaard. 2010. {RIVERS}. Eva Lunde, Erik Dahl, Kari M. Holm, Per "
     "Moe, and Ola Vik. 2011. Stone bridges.", "Lunde", False),
    (f"Ann Berg, and Olaf Nygaard. 2010. {RIVERS}. Eva Lunde, Kari M. Holm, Per Moe, Ola Vik, "
     "Erik Dahl, Nils Aas, and Eli Berg. 2011. Stone bridges.", "Dahl", False),
    # ... or a run longer than the search region: its date is not seen, so nothing is told
    (f"Ann Berg, and Olaf Nygaard. 2010. {RIVERS}. Eva Lunde, "
     + ", ".join(f"Kari {given} Holm{n}" for n in range(30) for given in ("Nils",))
     + ", and Ola Vik. 2011. Stone bridges.", "Lunde", False),
])
def test_a_title_first_entry_after_a_field_and_year(doc: str, author: str, cites: bool
                                                     ) -> None:
    assert found(doc, author, RIVERS) is cites


@pytest.mark.parametrize("doc, author, cites", [
    # a title-first entry ("Title" by Name) after an entry closed by its venue's volume and
    # year in brackets: a number ends no author list
    (f"\u201cTides of the north\u201d by Ann Berg. Coastal Studies. 17 (2015). "
     f"\u201c{RIVERS}\u201d by Olaf Nygaard. Fjord Review. 9 (2018).", "Nygaard", True),
    (f"Tides of the north by Ann Berg. Coastal Studies. 4 (1998). {RIVERS} by Olaf Nygaard and "
     "Eva Lunde. Bergen Press, 2001.", "Lunde", True),
    # ... but the title's own authors before it, with a year in brackets, own it
    (f"Berg, Ann (2015). {RIVERS}. Olaf Nygaard, Fjord Review. 9 (2018).", "Nygaard", False),
    # near miss: one content word changed ("lakes" for "rivers") is not the title
    ("Tides of the north by Ann Berg. Coastal Studies. 17 (2015). \u201cWater quality "
     "indicators for upland lakes\u201d by Olaf Nygaard. Fjord Review. 9 (2018).", "Nygaard",
     False),
])
def test_a_title_first_entry_after_a_volume_and_year(doc: str, author: str, cites: bool) -> None:
    assert found(doc, author, RIVERS) is cites


@pytest.mark.parametrize("doc, author, cites", [
    # "by" names the authors after the title, whatever run's year closes the entry before
    (f"\u201cTides of the north\u201d by Coastal Agency (CA), 2015. \u201c{RIVERS}\u201d by "
     "Olaf Nygaard. In Fjord Review, 1990 6\u201312.", "Nygaard", True),
    (f"Tides of the north by Berg, A. 2015. {RIVERS} by O. K. Nygaard et al. Fjord Review 9 "
     "(2018).", "Nygaard", True),
    # near miss: one content word changed
    ("Tides of the north by Ann Berg, 2015. \u201cWater quality indicators for upland "
     "lakes\u201d by Olaf Nygaard. Fjord Review 9 (2018).", "Nygaard", False),
    # the title's first words left out of the query: they stand before the hit
    (f"Berg, A. 2015. \u201cTides, {RIVERS}\u201d by Olaf Nygaard. Fjord Review 9 (2018).",
     "Nygaard", False),
    # words of another field before "by": the title's own run before it owns it
    (f"Berg, A. 2015. {RIVERS}. Review by Olaf Nygaard. Fjord Review 9 (2018).", "Nygaard",
     False),
])
def test_a_title_first_entry_named_by_its_authors(doc: str, author: str, cites: bool) -> None:
    assert found(doc, author, RIVERS) is cites


@pytest.mark.parametrize("date", ["1867.", "1867;", "(1867).", "(2005 ).", "2005 .", "2005;"])
@pytest.mark.parametrize("author, cites", [("Halvorsen", True), ("Lindqvist", False)])
def test_a_title_after_a_dated_author_run_is_the_runs_own(date: str, author: str,
                                                          cites: bool) -> None:
    # the date after the run as styles print it (an old year, a semicolon, a blank before
    # the bracket or the full stop): the title is the run's, not a title-first entry of the
    # name after it
    doc = f"Halvorsen, K. {date} {RIVERS}. Lindqvist, E. 1870. Stone bridges of the fjords."
    assert found(doc, author, RIVERS) is cites


# Year labels in square brackets, one entry's year the next one's minus one ("[2014]", then
# "[2015]"): where the entry before is long enough that the window ``next_number_between`` reads
# before a name starts right on its year label, that label is no entry's "[n]", so the next
# entry's year after the name is no "[n+1]" between the name and its title.
_PORTRAIT = "Le portrait des villes portuaires"


#: The entry before, its year label ``LIST_WINDOW`` (200) characters before the next line.
_BERG = ("Berg, M. [2014]. A study of the changes in the harbour towns of the northern coast over "
         "three years in the fjords most affected by the storm surge of March 2011 in Norway. "
         "Journal of Coastal Studies, 12: 144.")


def _year_labels(title: str) -> str:
    """:data:`_BERG`, then an entry dated 2015 that prints ``title``."""
    return f"{_BERG}\nOkafor, K., and Lindqvist, E. [2015]. {title}. Le Devoir.\n"


def test_the_window_edge_on_a_year_label_is_no_entry_number() -> None:
    doc = _year_labels(_PORTRAIT)
    name = doc.index("Okafor")
    assert doc[name - LIST_WINDOW:].startswith("[2014]")
    kept_by_both(doc, "Okafor", _PORTRAIT)


@pytest.mark.parametrize("title", [
    "Le portrait des villes fluviales",  # a content word changed
    "Le portrait des villes portuaires du nord",  # words added
])
def test_a_near_miss_after_year_labels_stays_rejected(title: str) -> None:
    turned_down(_year_labels(_PORTRAIT), "Okafor", title)
