"""``per_text_cache.kept_per_text``: a reading's answers kept per document text, found again by
identity, also for an equal text that is another object (the same document normalized again);
``kept_per_text_alone``: one answer per text, whatever else each call hands it."""

from __future__ import annotations

from citeseeker_scrapy.matching.improved.text import per_text_cache
from citeseeker_scrapy.matching.improved.text.per_text_cache import (
    kept_per_text, kept_per_text_alone,
)


def _counting_reading():
    calls: list[tuple[str, int]] = []

    @kept_per_text
    def letters_from(text: str, at: int) -> int:
        calls.append((text, at))
        return len(text) - at
    return letters_from, calls


def test_an_equal_text_read_again_takes_the_kept_answers() -> None:
    letters_from, calls = _counting_reading()
    first = "".join(["reference ", "list"])
    again = "".join(["reference ", "list"])  # the same characters, another object
    assert first is not again
    assert letters_from(first, 4) == letters_from(again, 4) == letters_from(first, 4) == 10
    assert letters_from(again, 0) == 14
    assert calls == [(first, 4), (again, 0)]


def test_only_the_last_texts_are_kept() -> None:
    letters_from, calls = _counting_reading()
    texts = [f"document {n}" for n in range(per_text_cache._TEXTS_KEPT + 1)]
    for text in texts:
        letters_from(text, 1)
    letters_from(texts[-1], 1)
    assert len(calls) == len(texts)
    letters_from(texts[0], 1)  # the oldest was dropped: read again
    assert calls[-1] == (texts[0], 1)


class _SameHash(str):
    def __hash__(self) -> int:
        return 0


def test_texts_whose_hashes_collide_get_answers_of_their_own() -> None:
    letters_from, _ = _counting_reading()
    assert (letters_from(_SameHash("one"), 0), letters_from(_SameHash("three"), 0)) == (3, 5)


def test_a_habit_of_the_whole_text_is_read_once_whatever_each_call_hands_it() -> None:
    """The printed capitals come as a new object with each query: not part of the key."""
    calls: list[str] = []

    @kept_per_text_alone
    def capitals_in(text: str, printed) -> int:
        calls.append(text)
        return printed(text).count("L")

    def upper(text: str) -> str:
        return text.upper()

    text = "a list of lists"
    assert capitals_in(text, upper) == capitals_in(text, lambda t: t.upper()) == 2
    assert capitals_in("".join(["a list ", "of lists"]), str.lower) == 2  # an equal text
    assert capitals_in("another list", upper) == 1
    assert calls == [text, "another list"]


def test_forgotten_texts_are_read_again_by_every_reading() -> None:
    """``forget_texts``: what a benchmark calls so that each timed search of the same text
    costs a new document's search."""
    letters_from, calls = _counting_reading()
    alone_calls: list[str] = []

    @kept_per_text_alone
    def capitals_in(text: str, printed) -> int:
        alone_calls.append(text)
        return 0

    text = "reference list"
    letters_from(text, 4), capitals_in(text, None)
    letters_from(text, 4), capitals_in(text, None)
    assert (len(calls), len(alone_calls)) == (1, 1)
    per_text_cache.forget_texts()
    assert letters_from(text, 4) == 10 and capitals_in(text, None) == 0
    assert (len(calls), len(alone_calls)) == (2, 2)
