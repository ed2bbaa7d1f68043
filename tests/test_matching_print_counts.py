"""``print_counts``: how often a document prints a string (``headers``' running headers) or a
whole word (``printed_words``), the same answers whether read by scans or, once a text has
been asked often, from the index of its words."""

from __future__ import annotations

import re

import pytest

from citeseeker_scrapy.matching.improved.text import print_counts
from citeseeker_scrapy.matching.improved.text.per_text_cache import forget_texts
from citeseeker_scrapy.matching.improved.text.print_counts import (
    Prints, printed_at_least, whole_prints,
)

_PAGES = (
    "Journal of Generated Studies 12 (2024) 1 [1] A. Author. Reinstating the journalist's "
    "craft. XJournal of Generated Studiesx 2 [2] B. Writer. Studies of ababab and abab. "
    "Journal of Generated Studies 12 (2024) 3 [3] C. Poet. Well-being, l'état, Écoles_Studies. "
    "a-a-a. ab, ab, ab, end."
)
#: Words printed once each, so that the index is read for the strings above: it is not for a
#: string whose every possible place takes longer to read than a scan of the text.
_FILLER = " ".join(f"w{number}x" for number in range(8000))

#: (string, times): a run at the text's start and across a longer word's end ("XJournal") and
#: start ("Studiesx"), overlapping prints ("abab" in "ababab" and "ab, ab," in "ab, ab, ab,"
#: are each printed once), a word inside another ("urnal"), marks inside words, and strings
#: the text never prints.
_QUESTIONS = [
    ("Journal of Generated Studies", 3), ("Journal of Generated Studies", 4),
    ("Journal of", 3), ("of Generated", 3), ("Generated Studies 12 (2024)", 2),
    ("abab", 2), ("abab", 3), ("bab and", 1), ("urnal", 4), ("Studies", 5), ("Studies", 6),
    ("Well-being, l'état", 1), ("Écoles_Studies", 1), ("s_Stud", 1), ("Studies x", 1),
    ("Journal of Invented", 1), ("12 (2024) 3", 1), (". ", 8), ("a-a", 2),
    ("ab, ab,", 2),
]


def _whole_word_prints(text: str, word: str) -> int:
    """The definition: prints of ``word`` with no letter or digit on either side."""
    return len(re.findall(rf"(?<![^\W_]){re.escape(word)}(?![^\W_])", text))


def _asked_until_indexed(text: str) -> None:
    """Ask ``text`` as many questions as it takes to have its words indexed, and make sure
    they did (else the "indexed" cases would read the text by scans as the others do)."""
    assert print_counts._asked(text).index is None
    for number in range(print_counts._QUESTIONS_BEFORE_INDEX):
        printed_at_least(text, f"question {number}", 1)
    assert print_counts._asked(text).index is not None


def _paged_text(indexed: bool) -> str:
    """A new text of the pages and the filler, its words indexed if ``indexed``, every text's
    answers forgotten first."""
    forget_texts()
    text = f"{_PAGES} {_FILLER}"
    if indexed:
        _asked_until_indexed(text)
    return text


@pytest.mark.parametrize("indexed", [False, True], ids=["scanned", "indexed"])
def test_a_string_printed_so_many_times_is_counted_as_str_count_counts(indexed: bool) -> None:
    text = _paged_text(indexed)
    for part, times in _QUESTIONS:
        assert printed_at_least(text, part, times) == (text.count(part) >= times), (part, times)


def _every_place(text: str, part: str) -> list[int]:
    """The definition: every start of ``part`` in ``text``, overlapping prints too."""
    return [at for at in range(len(text)) if text.startswith(part, at)]


#: (shorter, longer): a run widened after and before its words, over a number, into an
#: overlapping run ("ab" into "abab"), and into strings that hold it elsewhere or not at all.
_WIDENINGS = [
    ("of Generated", "Journal of Generated Studies 12 (2024)"), ("ab", "abab"),
    ("Studies", "Generated Studies 12 (2024) 3"), ("ab, ab", "ab, ab, ab"),
    ("Journal", "Studies Journal"), ("Journal", "Journal of Invented"), ("abab", "ab"),
]


@pytest.mark.parametrize("indexed", [False, True], ids=["scanned", "indexed"])
def test_the_prints_of_a_wider_string_are_read_from_those_of_a_string_it_holds(
        indexed: bool) -> None:
    text = _paged_text(indexed)
    for shorter, longer in _WIDENINGS:
        prints = Prints(text, shorter)
        assert prints.places == _every_place(text, shorter), shorter
        wider = prints.of_longer(longer)
        if shorter not in longer:
            assert wider is None, (shorter, longer)
            continue
        assert wider is not None and wider.places == _every_place(text, longer), longer
        for times in (1, 2, 3):
            assert wider.at_least(times) == (text.count(longer) >= times), (longer, times)


@pytest.mark.parametrize("indexed", [False, True], ids=["scanned", "indexed"])
def test_a_whole_word_is_counted_apart_from_its_prints_inside_longer_words(
        indexed: bool) -> None:
    text = _paged_text(indexed)
    for word in ("Journal", "Studies", "abab", "urnal", "état", "Écoles", "of", "being",
                 "Studiesx", "Invented", "a-a", "a"):
        assert whole_prints(text, word, 10) == _whole_word_prints(text, word), word
    assert whole_prints(text, "Journal", 2) == 2  # counted up to enough


def test_a_word_printed_inside_many_longer_words_is_still_found_whole_after_them() -> None:
    forget_texts()
    inside = " ".join(f"pre{n}post" for n in range(3 * print_counts._IN_WORD_PRINTS))
    text = f"{inside} post, {inside} post."
    assert whole_prints(text, "post", 5) == 2
    assert whole_prints(text, "pre", 1) == 0
