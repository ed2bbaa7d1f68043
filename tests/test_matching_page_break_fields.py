"""A page break between two entries, right after the fields that follow a title: the page's
number alone (a page style with no header), or the page's footer and the next page's header,
stands between the entry's closing full stop (or the bracket of its last field, in a style
that prints no full stop after it) and the next entry's opening. The run-on rules
read the fields after an original hit's title as the same entry prints them on one page
(``headers.page_breaks_between_entries``, read by ``superset``); near misses stay rejected."""

from __future__ import annotations

import pytest

from citeseeker_scrapy.extraction.pdf import pdf_text
from citeseeker_scrapy.matching import AuthorGroup, CitationMatcher, MatcherSettings
from tests.support import docgen

TITLE = "Salt Roads and the Fishing Rights of Northern Coasts"
#: A style that runs a title into its one-word container, no punctuation between.
NUMBERED = ("10. Okafor B (2001) Tidal markets of the Niger delta Riverine.\n"
            "11. Halvorsen K (2009) Salt Roads and the Fishing Rights of Northern Coasts{tail}\n"
            "{break_}\n"
            "12. Brandt DD, Keller MA (1992) Drift ice and the winter harbour Polar Research "
            "51-52.\n13. Zimmer K (2001) Later things Bergen.\n")
AUTHOR_DATE = ("Okafor, B. (2001) Tidal markets of the Niger delta Riverine.\n"
               "Halvorsen, K. (2009) Salt Roads and the Fishing Rights of Northern Coasts{tail}\n"
               "{break_}\n"
               "Iversen, T. (1990) Drift ice and the winter harbour Polar Research 51-52.\n")
#: A style that closes each entry with its bracketed place and publisher, no full stop after.
BRACKETED = ("[10] Okafor B 2001 Tidal markets of the Niger delta Riverine (Lagos: Delta Press)\n"
             "[11] Halvorsen K 2009 Salt Roads and the Fishing Rights of Northern Coasts{tail}\n"
             "{break_}\n"
             "[12] Brandt D D and Keller M A 1992 Drift ice and the winter harbour Polar "
             "Research 51–2\n[13] Zimmer K 2001 Later things (Bergen: Nordic Press)\n")
BRACKETED_AUTHOR_DATE = (
    "Okafor B 2001 Tidal markets of the Niger delta Riverine (Lagos: Delta Press)\n"
    "Halvorsen K 2009 Salt Roads and the Fishing Rights of Northern Coasts{tail}\n"
    "{break_}\n"
    "Iversen T 1990 Drift ice and the winter harbour (Tromsø: Polar Press)\n")
JOURNAL = "Quarterly of Unwritten Reviews 7 (2038) Selected Bibliography {page}"
BROWSER = ("file:///home/reader/lists/harbour-reading.html {page}/2\n"
           "11/30/26, 9:12 AM Printed Reading Lists of Imaginary Harbours")


def _document(entries: str, tail: str, break_: str, header: str = "") -> str:
    """A reference list whose entry of Halvorsen closes with ``tail``, a page break
    ``break_`` after it; ``header`` is the first page's running header."""
    return f"{header}\nReferences\n" + entries.format(tail=tail, break_=break_)


def _found(doc: str, query: str, scheme: str = "improved", author: str = "Halvorsen") -> bool:
    matcher = CitationMatcher([AuthorGroup((author,), (query,))], MatcherSettings(scheme=scheme))
    return bool(matcher.find(doc))


PAGE_BREAKS = [
    # the page's number alone, numbered entries and author-date entries
    (NUMBERED, " Fjordlands.", "1", ""),
    (AUTHOR_DATE, " Fjordlands.", "3", ""),
    # a one-word journal, its volume, then the entry's end
    (NUMBERED, " Fjordlands, 82.", "1", ""),
    # a journal's running header and its page number
    (NUMBERED, " Fjordlands.", JOURNAL.format(page=2), JOURNAL.format(page=1)),
    # a browser's footer (its address and page counter) and the next page's header
    (AUTHOR_DATE, " Fjordlands.", BROWSER.format(page=1), BROWSER.format(page=0)),
    # a one-word book, then its bracketed place and publisher closing the entry: no full stop
    (BRACKETED, " Fjordlands (Bergen: Nordic Press)", "2", ""),
    (BRACKETED_AUTHOR_DATE, " Fjordlands (Bergen: Nordic Press)", "2", ""),
]


@pytest.mark.parametrize("entries, tail, break_, header", PAGE_BREAKS)
def test_a_field_closing_its_entry_before_a_page_break_is_read_as_on_one_page(
        entries: str, tail: str, break_: str, header: str) -> None:
    doc = _document(entries, tail, break_, header)
    assert _found(doc, TITLE, "original")
    assert _found(doc, TITLE)


@pytest.mark.parametrize("entries, tail, break_, header", PAGE_BREAKS)
@pytest.mark.parametrize("query", [
    TITLE.replace("Fishing", "Hunting"),  # a changed content word
    "Tidal markets of the Niger delta",  # the entry before's title
])
def test_a_near_miss_before_a_page_break_stays_rejected(
        entries: str, tail: str, break_: str, header: str, query: str) -> None:
    assert not _found(_document(entries, tail, break_, header), query)


@pytest.mark.parametrize("entries, break_, header", [row[::2] + row[3:] for row in PAGE_BREAKS])
def test_a_title_without_its_last_word_before_a_page_break_stays_rejected(
        entries: str, break_: str, header: str) -> None:
    # the title closed by its full stop before the one-word field: the shape one page
    # rejects the shorter query in
    doc = _document(entries, ". Fjordlands.", break_, header)
    assert _found(doc, TITLE.removesuffix(" Coasts"), "original")
    assert not _found(doc, TITLE.removesuffix(" Coasts"))


@pytest.mark.parametrize("entries, tail, break_", [
    # a number inside the entry, no page's: the next field follows it, not the next entry
    (NUMBERED, " Fjordlands. 3 vols.", ""),
    (BRACKETED, " Fjordlands (Bergen: Nordic Press)", "2 vols"),
    # a page number after a field the entry goes on from: not between two entries
    (NUMBERED, " Fjordlands.", "2\nBergen: Nordic Press."),
    # the year a style prints last, after a full stop or a bracket: four digits are no page's
    (NUMBERED, " Fjordlands.", "2009"),
    (BRACKETED, " Fjordlands (Bergen: Nordic Press)", "2009"),
])
def test_a_number_that_is_no_page_break_between_entries_changes_nothing(
        entries: str, tail: str, break_: str) -> None:
    doc = _document(entries, tail, break_, "")
    assert _found(doc, TITLE, "original")
    assert not _found(doc, TITLE)


@pytest.mark.parametrize("first_entries, second_entries", [
    (["10. Okafor B (2001) Tidal markets of the Niger delta Riverine.",
      "11. Halvorsen K (2009) Salt Roads and the Fishing Rights of Northern Coasts Fjordlands."],
     ["12. Brandt DD, Keller MA (1992) Drift ice and the winter harbour Polar Research 51-52.",
      "13. Zimmer K (2001) Later things Bergen."]),
    (["[10] Okafor B 2001 Tidal markets of the Niger delta Riverine (Lagos: Delta Press)",
      "[11] Halvorsen K 2009 Salt Roads and the Fishing Rights of Northern Coasts Fjordlands",
      "(Bergen: Nordic Press)"],
     ["[12] Brandt D D and Keller M A 1992 Drift ice and the winter harbour Polar Research 51-2",
      "[13] Zimmer K 2001 Later things (Bergen: Nordic Press)"]),
])
def test_a_two_page_pdf_with_the_page_number_between_two_entries(
        first_entries: list[str], second_entries: list[str]) -> None:
    first = ["A Paper on Harbours", "References", *first_entries, "", "", "1"]
    second = [*second_entries, "", "", "2"]
    _, text = pdf_text(docgen.pdf([first, second]))
    # the page's number between the two entries
    assert f"{first_entries[-1]}\n1\n{second_entries[0]}" in text
    assert _found(text, TITLE, "original")
    assert _found(text, TITLE)
    assert not _found(text, TITLE.replace("Fishing", "Hunting"))
