"""A different word is another work, a damaged word is not (issue 25, ``matching/words.py``).

Each row: a reference as printed, the searched author and title, and whether it is a citation.
The strings are written for these tests in the styles real bibliographies print.
"""

from __future__ import annotations

import pytest

from citeseeker_scrapy.matching import AuthorGroup, CitationMatcher, MatcherSettings
from citeseeker_scrapy.matching.words import is_content, same_work

GARFINKEL = "[4] Garfinkel, H.: The classical roots of ethnomethodology. Sociology Press, 1991."
OCEAN = ("Wessel, P., Smith, W. H. F.: Observations of hydrothermal plumes on the Seafloor of the "
         "Pacific. J. Geophys. Res. 96, 1991, pp. 113-125.")
LATEX = "Goossens, M., Rahtz, S.: The LaTeX Companion. Addison-Wesley, 1994."


def found(doc: str, author: str, title: str, scheme: str = "improved") -> bool:
    matcher = CitationMatcher([AuthorGroup((author,), (title,))], MatcherSettings(scheme=scheme))
    return bool(matcher.find(doc))


@pytest.mark.parametrize("doc, author, title", [
    (GARFINKEL, "Garfinkel", "The classical surgery of ethnomethodology"),  # replaced
    (GARFINKEL, "Garfinkel", "The classical roots of radical ethnomethodology"),  # added
    (OCEAN, "Smith", "Observations of hydrothermal plumes on the Control of the Pacific"),
    (OCEAN, "Wessel", "Observations of hydrothermal vents on the Seafloor of the Pacific"),
    (LATEX, "Rahtz", "The LaTeX Graphics Companion"),  # added, a real sequel
    ("Keane, M.: Deep reinforcement learning. Nature, 2015.", "Keane", "Deep learning"),
])
def test_a_changed_content_word_is_another_work(doc: str, author: str, title: str) -> None:
    assert found(doc, author, title, "original")  # the character test alone reports them
    assert not found(doc, author, title)


@pytest.mark.parametrize("doc, author, title", [
    (GARFINKEL, "Garfinkel", "The clasical roots of ethnomethodolgy"),  # typos
    (GARFINKEL, "Garfinkel", "The classical roots of an ethnomethodology"),  # a short word added
    (GARFINKEL.replace("roots", "rools"), "Garfinkel", "The classical roots of ethnomethodology"),
    (GARFINKEL.replace("ethnomethodology", "ethnomethod- ology"), "Garfinkel",
     "The classical roots of ethnomethodology"),  # a hyphen whose line end was lost
    (GARFINKEL.replace("classical", "c1assical").replace("ethno", "etlmo"), "Garfinkel",
     "The classical roots of ethnomethodology"),  # OCR damage
    (OCEAN, "Wessel", "Observations of hydrothermal plumes on the Sea floor of the Pacific"),
    (OCEAN, "Smith", "Observations of plumes hydrothermal on the Seafloor of the Pacific"),
    (OCEAN.replace("Pacific", "Pacifique"), "Smith",
     "Observations of hydrothermal plumes on the Seafloor of the Pacific"),
])
def test_a_damaged_or_misspelt_word_is_the_same_work(doc: str, author: str, title: str) -> None:
    assert found(doc, author, title)


@pytest.mark.parametrize("word, content", [
    ("roots", True), ("ethnomethodology", True), ("the", False), ("of", False),
    ("new", False), ("with", False), ("zwischen", False), ("dans", False), ("2012", False),
])
def test_content_words_are_long_words_that_are_not_function_words(word: str,
                                                                  content: bool) -> None:
    assert is_content(word) is content


@pytest.mark.parametrize("query, nearby, inside, short, same", [
    (("classical", "roots"), "the classical roots of", "classical roots", False, True),
    (("classical", "surgery"), "the classical roots of", "classical roots", False, False),
    (("line", "clipping", "algorithm"), "a lineclipping algorithm", "lineclipping algorithm",
     False, True),
    (("consciousness", "alterations"), "consci ousness alterations", "consci ousness",
     False, True),
    (("of", "the", "in", "roots"), "roots", "roots", False, False),  # three short words missing
    (("of", "the", "roots"), "roots", "roots", False, True),  # two: the allowance
    (("deep", "learning"), "deep reinforcement learning", "deep reinforcement learning", True,
     False),
    (("deep", "learning", "for", "robust", "vision"), "deep reinforcement learning for robust "
     "vision", "deep reinforcement learning for robust vision", False, True),
])
def test_same_work_table(query, nearby, inside, short, same) -> None:
    assert same_work(query, nearby, inside, short=short) is same


# ----------------------------------------------------------------------------- author runs

NEXT = " Brown, A.: Quantum teleportation of photons. Nature, 1997."


@pytest.mark.parametrize("doc, author", [
    ("DUPONT, Marcelle, 2012. Histoire des jardins ouvriers en Lorraine. Paris: Seuil.", "Dupont"),
    ("MARTIN, Jean Claude, LEROY, Anne, 2017. Histoire des jardins ouvriers en Lorraine. Seuil.",
     "Leroy"),
    ("Moreau, Pierre. 1925-1935. Histoire des jardins ouvriers en Lorraine. Paris: Vrin.", "Moreau"),
    ("MOREAU, Pierre. LEROY, Anne. Histoire des jardins ouvriers en Lorraine. Seuil, 2001.",
     "Moreau"),
    ("MOREAU, Pierre. LEROY, Anne. Histoire des jardins ouvriers en Lorraine. Seuil, 2001.", "Leroy"),
    ("Barg, J. J., J. Jones, and R. J. Robertson. 2005. Histoire des jardins ouvriers en Lorraine."
     " J. Anim. Ecol. 74: 139-149.", "Barg"),
    ("Dumont, Claire, Lacour, Anne, 2008-2012, Histoire des jardins ouvriers en Lorraine, ANR.",
     "Lacour"),
])
def test_author_runs_with_given_names_years_and_full_stops(doc: str, author: str) -> None:
    assert found(doc + NEXT, author, "Histoire des jardins ouvriers en Lorraine")


@pytest.mark.parametrize("doc", [
    "[1] Moreau, P.: Histoire des jardins. In: Proc. of DEXA, Springer. Brown, A.: Quantum "
    "teleportation of photons. Nature 1997.",
    "Moreau, P. Histoire des jardins. Journal of Gardens, 12, pp. 1-10. Brown, A.: Quantum "
    "teleportation of photons. Nature 1997.",
])
def test_the_next_entry_title_is_still_not_lent_to_the_author_before(doc: str) -> None:
    assert not found(doc, "Moreau", "Quantum teleportation of photons")
