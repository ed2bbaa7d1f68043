"""What counts as a running header inside an entry (``matching.improved.text.headers``): the one
definition the word checks and the entry check read an entry across a page break with."""

from __future__ import annotations

import re
from typing import Optional

import pytest

from citeseeker_scrapy.matching import normalize_text
from citeseeker_scrapy.matching.improved.text import headers, print_counts
from citeseeker_scrapy.matching.improved.text.headers import running_headers, without_spans
from citeseeker_scrapy.matching.improved.text.per_text_cache import forget_texts

CHROMIUM = "11/29/26, 10:41 AM Studies of Invented Styles file:///tmp/render/paper.html"
RUNNING = "Annals of Invented Bibliometrics {} (2031) Reference Lists"
FIRST_PAGE = (f"{RUNNING.format(4)}\n{CHROMIUM} 1/3 1. 2.\n[1] Brown, P. Other things. "
              "Journal of Things, 2001.\n")
SPREAD = "Measuring the spread of open lecture notes"


def _read_across(doc: str, title: Optional[str]) -> str:
    """``doc`` as the matcher reads it, with the headers found after its first page left out
    (``title``: the title read across them, whose words are none of a header's own)."""
    text = normalize_text(FIRST_PAGE + doc)
    own = None if title is None else set(normalize_text(title).split())
    spans = running_headers(text, len(normalize_text(FIRST_PAGE)), len(text),
                            None if own is None else lambda word: word.group() in own)
    return without_spans(text, spans)[0][len(normalize_text(FIRST_PAGE)) + 1:]


@pytest.mark.parametrize("doc, title, read", [
    # the page number, then the next page's header, inside a title
    (f"[2] Okafor, N. Measuring the spread of\n1\n{RUNNING.format(5)}\nopen lecture notes. "
     "Bath, 2010.", SPREAD, "okafor, n. measuring the spread of open lecture notes. bath, 2010."),
    # the header first, its page number after it
    (f"[2] Okafor, N. Measuring the spread of\n{RUNNING.format(5)} 18\nopen lecture notes. "
     "Bath, 2010.", SPREAD, "okafor, n. measuring the spread of open lecture notes. bath, 2010."),
    # between an author list and its date, no title read across it
    (f"[2] Okafor, N. and Lindqvist, T.\n1\n{RUNNING.format(5)}\n(2010). {SPREAD}.", None,
     "okafor, n. and lindqvist, t. (2010). measuring the spread of open lecture notes."),
    # the words of the next page after it are none of the header's
    (f"[2] Okafor, N. {SPREAD}.\n1\n{RUNNING.format(5)}\nPoster presented at Bath.", None,
     "okafor, n. measuring the spread of open lecture notes. poster presented at bath."),
    # a browser's page counter for its page number, the page's labels after it
    (f"[2] Okafor, N. Measuring the spread of\n{CHROMIUM} 2/3 3. 4.\nopen lecture notes. "
     "Bath, 2010.", SPREAD, "okafor, n. measuring the spread of open lecture notes. bath, 2010."),
    # the title's second half and its container printed in another entry too, the volume
    # between the container's name and its date: the same number in both prints is no page's,
    # so what they share is no second header
    (f"[2] Okafor, N. Measuring the spread of\n{CHROMIUM} 2/3\nopen lecture notes, Harbour "
     "Survey, Bath 12 (2010) 5–9.\n[3] Lund, T. Tides of open lecture notes, Harbour Survey, "
     "Bath 12 (2010) 10–19.", SPREAD, "okafor, n. measuring the spread of open lecture notes, "
     "harbour survey, bath 12 (2010) 5–9. [3] lund, t. tides of open lecture notes, harbour "
     "survey, bath 12 (2010) 10–19."),
    # the page counter, then the year a year-first style opens the entry's next line with:
    # the header ends with its one page number, the year is the entry's
    (f"[2] Okafor, Nnamdi\n{CHROMIUM} 2/3\n2010 {SPREAD}. Bath.", None,
     "okafor, nnamdi 2010 measuring the spread of open lecture notes. bath."),
])
def test_a_running_header_and_its_page_number_are_left_out(doc: str, title: Optional[str],
                                                           read: str) -> None:
    assert _read_across(doc, title) == "[2] " + read


@pytest.mark.parametrize("doc, title", [
    # the same authors' two entries: an author list printed twice holds commas
    ("[2] Okafor, N., Lindqvist, T. Other work. 2009.\n[3] Okafor, N., Lindqvist, T. "
     f"{SPREAD}. 2010.", None),
    # a venue printed in two entries, no page number beside it
    (f"[2] Lee, K. {SPREAD}. Journal of Things, 2010.", None),
    # the title printed twice, a number beside it: the title read across it is no header
    (f"[2] Lee, K. Open lecture notes 12\n[3] Lee, K. Open lecture notes 14\n", "Open lecture "
     "notes"),
    # a word the title lacks beside the header: it stands between two words of another title
    (f"[2] Okafor, N. Measuring the spread of plain\n1\n{RUNNING.format(5)}\nopen lecture "
     "notes. Bath, 2010.", SPREAD),
    # a year between its own words is no page number: the same author's two entries
    ("[2] Lee 1909 : Lee, K. Open notes.\n[3] Lee 1911 : Lee, K. Closed notes.", None),
    # words printed once between a title's halves
    ("[2] Okafor, N. Measuring the spread of\n1\nCollected Papers Abroad\nopen lecture notes.",
     SPREAD),
])
def test_what_is_no_running_header(doc: str, title: Optional[str]) -> None:
    assert _read_across(doc, title) == normalize_text(doc)


def test_a_title_printed_twice_is_a_header_only_for_a_reader_of_another_title() -> None:
    doc = "[2] Lee, K. Open lecture notes 12\n[3] Lee, K. Open lecture notes 14\n"
    assert re.search(r"notes 12", _read_across(doc, "Open lecture notes"))
    assert not re.search(r"notes 12", _read_across(doc, None))


class _SameHash(str):
    """A text whose hash every other such text shares: two documents whose hashes collide."""

    def __hash__(self) -> int:
        return 0


def test_texts_whose_hashes_collide_keep_their_own_answers() -> None:
    # the answers are kept per text (``headers._repeats_in``), keyed on the text itself: a
    # text with another's hash is compared with it and gets answers of its own
    run = "annals of invented bibliometrics"
    printed = _SameHash(f"{run} 4 [1] brown, p. title. {run} 5 [2] smith, j. other.")
    not_printed = _SameHash("[1] brown, p. title. [2] smith, j. other. [3] lee, k. more.")
    assert hash(printed) == hash(not_printed)
    assert headers._repeated(printed, run)
    assert not headers._repeated(not_printed, run)
    assert headers._repeats_in(printed) is not headers._repeats_in(not_printed)


def test_a_run_is_printed_twice_numbers_aside_whichever_run_was_asked_first() -> None:
    # a run with digits makes the text read with every number as one digit; the runs asked
    # after it are counted there, with the same answers as in the text as it is
    def text() -> str:  # a new text object each time: no answers kept from another call
        return ("annals of invented studies 12 (2031) 3 [1] brown, p. a title. "
                "annals of invented studies 13 (2031) 4 [2] smith, j. other title 2031.")

    runs = {"invented studies 12 (2031)": True, "studies 99 (1999) 7": True,
            "invented studies": True, "brown, p. a title": False, "a title": False,
            "other title 2031": False, "invented studies 12 [1]": False}
    for first in runs:
        printed = text()
        order = [first, *(run for run in runs if run != first)]
        assert {run: headers._repeated(printed, run) for run in order} == runs, first


@pytest.mark.parametrize("run, prints", [
    # a run that opens with a number: each print from the first digit of its own number
    ("12 (2031) Reference Lists", ("12 (2031) Reference Lists", "2024345 (2032) Reference Lists",
                                   "99 (1) Reference Lists")),
    ("1 (1) R", ("12 (2031) R", "2024345 (2032) R", "99 (1) R", "1 (1) R", "1 (2) R", "7 (3) R")),
    # a print that ends with its number: the next one's number starts after it ("x23 x4")
    ("1 x2", ("1 x23",)),
    # a print of what follows the number that starts inside one with no number before it
    ("1 a1 a", ("1 a1 a",)),
    # a run that opens with letters, and one that is a number alone
    ("Reference Lists", ("Reference Lists",) * 4),
    ("2031", ("7", "12", "2031", "2024345", "2032", "1", "99", "1", "1", "1", "1", "2", "7", "3",
              "1", "23", "4", "1", "1")),
])
def test_each_print_of_a_run_is_read_with_its_own_numbers(run: str, prints: tuple) -> None:
    text = ("p. 7 12 (2031) Reference Lists and 2024345 (2032) Reference Lists; x(1) Reference "
            "Lists 99 (1) Reference Lists 1 (1) R1 (2) R (7 (3) R 1 x23 x4 x a1 a1 a")
    pattern = re.sub(r"\d+", lambda _: r"\d+", re.escape(run))
    assert headers._prints_of(text, run) == prints
    assert prints == tuple(found.group() for found in re.finditer(pattern, text))


#: A header of fourteen long words: its widening reads twelve words past its first two, and
#: back each word within 40 characters, as many as these hold with the blank after them.
_LONG_HEADER = " ".join(f"Interdisciplinaryquantitativestudies{letter * 3}"
                        for letter in "abcdefghijklmn")
#: Texts that print it on two pages: between two entries' titles, with a number printed
#: before its words on neither ("(2031)"), its page number after it on one page, or a page
#: counter before it that the widening takes as one of its words (the last of its twelve
#: words back); then two more ways a page number stands (the comments below).
_PAGED_TEXTS = [normalize_text(
    f"[1] Brown, P. Other things of old.\n{first}\n[2] Lund, T. Tides and shores. Bath (2031)."
    f"\n[3] Lee, K. Notes on open lectures.\n{second}\n[4] Okafor, N. The spread. Bath (2031).")
    for first, second in ((f"{_LONG_HEADER} 17", _LONG_HEADER),
                          (f"11/12 {_LONG_HEADER[41:]}", f"12/12 {_LONG_HEADER[41:]}"))] + [
    # the page number opens the text
    normalize_text(f"3 {_LONG_HEADER}\n[1] Brown, P. Other things of old. Bath (2031).\n"
                   f"{_LONG_HEADER}\n[2] Lund, T. Tides and shores."),
    # as the text comes (no blanks squeezed): a number that ends a longer word, with the
    # blanks of a wide line after it, is a word of its own in the window the widening reads
    # back, and a page counter there (the two prints' words before it differ)
    f"[1] Brown, P. Other things. Leaf12{' ' * 38}Annals of Bibliometrics\n[2] Lund, T. "
    f"Tides. Page13{' ' * 38}Annals of Bibliometrics\n[3] Lee, K. Notes."]


@pytest.mark.parametrize("text", _PAGED_TEXTS, ids=[
    "number-after", "counter-among-words", "number-opens-text", "number-in-window-cut"])
@pytest.mark.parametrize("chunk", [headers._CHUNK, 4, 5, 7])
def test_a_region_finds_the_headers_it_would_without_looking_for_a_page_number_first(
        monkeypatch: pytest.MonkeyPatch, text: str, chunk: int) -> None:
    # a region with no page number within a header's reach holds no header, and its runs are
    # not counted in the whole text; every region between two words, the far page number
    # included, finds what it finds when every region's runs are counted, the numbers listed
    # in one chunk of the text or in chunks whose ends cut them
    forget_texts()
    monkeypatch.setattr(headers, "_CHUNK", chunk)
    starts = [word.start() for word in re.finditer(r"\S+", text)]
    regions = [(low, high) for low in starts for high in starts if high > low]
    found = [running_headers(text, low, high) for low, high in regions]
    monkeypatch.setattr(headers, "_page_number_within_reach", lambda *_: True)
    assert found == [running_headers(text, low, high) for low, high in regions]
    assert any(found)


def test_a_region_with_no_page_number_in_reach_is_not_counted_in_the_text() -> None:
    text = normalize_text(f"[1] Lee, K. {SPREAD}. Journal of Things (2010).\n" * 3)
    assert running_headers(text, 0, len(text)) == []
    assert print_counts._asked(text).count == 0
    numbered = text.replace(" (2010).", ". 12")
    assert running_headers(numbered, 0, len(numbered)) == []
    assert print_counts._asked(numbered).count > 0
