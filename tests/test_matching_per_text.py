"""``per_text.kept_per_text``: answers kept per document text, found again by identity."""

from __future__ import annotations

from citeseeker_scrapy.matching.per_text import kept_per_text


def _counting(texts_kept: int):
    calls: list[str] = []

    @kept_per_text(texts_kept)
    def length_of(text: str) -> int:
        calls.append(text)
        return len(text)
    return length_of, calls


def test_an_equal_text_read_again_shares_the_answer_and_is_asked_once() -> None:
    length_of, calls = _counting(2)
    first = "".join(["reference ", "list"])
    again = "".join(["reference ", "list"])  # the same characters, another object
    assert first is not again
    assert length_of(first) == length_of(again) == length_of(first) == 14
    assert calls == [first]


def test_only_the_last_texts_are_kept() -> None:
    length_of, calls = _counting(2)
    for text in ("a", "bb", "ccc", "a"):
        length_of(text)
    assert calls == ["a", "bb", "ccc", "a"]  # "a" was the oldest of three: dropped
    length_of("ccc")
    assert calls[-1] == "a"


class _SameHash(str):
    def __hash__(self) -> int:
        return 0


def test_texts_whose_hashes_collide_get_answers_of_their_own() -> None:
    length_of, _ = _counting(4)
    assert (length_of(_SameHash("one")), length_of(_SameHash("three"))) == (3, 5)
