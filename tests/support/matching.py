"""One title searched in one text, for the matcher's table tests: does a scheme report it?

Who calls it: the table tests of the word checks and entry shapes (``tests/test_matching_*.py``),
which each pair entries a scheme must report with near-miss decoys it must not.
"""

from __future__ import annotations

from typing import Callable

from citeseeker_scrapy.matching import (
    UNCERTAIN_END, AuthorGroup, CitationMatcher, MatcherSettings,
)


def found(doc: str, author: str, title: str, scheme: str = "improved") -> bool:
    """True if ``scheme`` ("improved" or "original") reports ``title`` by ``author`` in ``doc``."""
    matcher = CitationMatcher([AuthorGroup((author,), (title,))], MatcherSettings(scheme=scheme))
    return bool(matcher.find(doc))


#: A paper's text before its reference list: the entries of a table test are printed under it.
OPENING = "The studies this paper builds on are listed below.\nReferences\n"


def found_in_references(doc: str, author: str, title: str, scheme: str = "improved") -> bool:
    """:func:`found` with ``doc`` printed under a reference list's heading (``OPENING``)."""
    return found(OPENING + doc, author, title, scheme)


#: :func:`found` or :func:`found_in_references`: how a table test prints its entries.
Lookup = Callable[[str, str, str, str], bool]


def kept_by_both(doc: str, author: str, title: str, lookup: Lookup = found_in_references) -> None:
    """Assert both schemes report ``title``: the improved scheme keeps what the 2003 scheme
    finds (an entry a style prints). Called by the table tests' positive rows."""
    assert lookup(doc, author, title, "original")
    assert lookup(doc, author, title, "improved")


def turned_down(doc: str, author: str, title: str, lookup: Lookup = found_in_references) -> None:
    """Assert the 2003 scheme reports ``title`` and the improved scheme does not: a near-miss
    decoy one of its checks rejects. Called by the table tests' decoy rows."""
    assert lookup(doc, author, title, "original")
    assert not lookup(doc, author, title, "improved")


def title_end_of(doc: str, author: str, title: str) -> str | None:
    """The ``title_end`` of the improved scheme's citation of ``title`` by ``author`` in
    ``doc`` printed under a reference list's heading (``OPENING``), None if it reports none."""
    matcher = CitationMatcher([AuthorGroup((author,), (title,))], MatcherSettings())
    citations = matcher.find(OPENING + doc)
    return citations[0].title_end if citations else None


def marked_uncertain(doc: str, author: str, title: str) -> None:
    """Assert the 2003 scheme reports ``title`` and the improved scheme reports it with its end
    marked uncertain (``model.UNCERTAIN_END``): the word after the hit could be the printed
    title's own last word, and the text cannot tell. Called by the table tests' rows of a
    title run into the next field, and of a title without its last word printed so."""
    assert found_in_references(doc, author, title, "original")
    assert title_end_of(doc, author, title) == UNCERTAIN_END
