"""Entry shapes the improved scheme must read as one entry: each a table of reference strings
(written for these tests) with the searched author and title, found for every author named.

Each shape is a rule of ``windows`` / ``entry_grammar`` / ``verify``, not a case: the tables
hold several styles and languages of it, and queries of the first, a middle and the last
author.
"""

from __future__ import annotations

import pytest

from citeseeker_scrapy.matching import AuthorGroup, CitationMatcher, MatcherSettings

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
]


@pytest.mark.parametrize("entry, authors, title", AND_IN_LANGUAGES)
def test_the_word_for_and_in_the_styles_language(entry: str, authors: tuple[str, ...],
                                                 title: str) -> None:
    # Given names with no full stop between surnames and the year: the "and" of the style's
    # language joins the last two names; the year ends the author list, not the entry.
    assert entries_found([(entry, authors, title)]) == []
