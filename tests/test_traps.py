"""A page's shape (``frontier/traps.py``): the ASCII way and the general way give one hash."""

from __future__ import annotations

import random
import re
import zlib

from citeseeker_scrapy.extraction.shape import SHAPE_CHARS, page_shape
from citeseeker_scrapy.frontier.traps import TrapWatch

DIGITS = re.compile(r"\d+")


def reference_shape(text: str) -> int:
    """The shape as defined: lower case, white space collapsed, each run of digits one 0."""
    flat = " ".join(text[:SHAPE_CHARS].lower().split())
    return zlib.crc32(DIGITS.sub("0", flat).encode("utf-8", "replace"))


def test_the_shape_is_the_defined_one_for_ascii_and_other_texts():
    rng = random.Random(5)
    pieces = ["0", "00", "7", "2026", "a0b", "x00y", " ", "\n\t", "Page", "day", "-", "١٢",
              "é", "ß", "İ", "\ufffd", "10 0 01", "Calendar"]
    texts = ["", "0", "00", "a00b", "12 34", "no digits at all", "٣٤ 34"]
    texts += ["".join(rng.choice(pieces) for _ in range(rng.randint(1, 60))) for _ in range(500)]
    texts.append("9" * (SHAPE_CHARS + 10))
    for text in texts:
        assert page_shape(text) == reference_shape(text), text


def test_pages_differing_only_in_numbers_have_one_shape():
    assert page_shape("Events on 2026-11-29, page 3") == page_shape("Events on 2026-11-30, page 41")
    assert page_shape("Events on 2026-11-29") != page_shape("Events in 2026-11-29")
    watch = TrapWatch(alike_limit=3)
    verdicts = [watch.is_trap("http://a", f"Day {n} of the calendar", depth=n) for n in range(4)]
    assert verdicts == [False, False, True, False]


def test_pages_alike_side_by_side_are_no_chain():
    """A generated site's numbered pages, each linked from its section's index (one depth):
    crawled; the same pages found one on the other (a calendar's next day) are a trap."""
    watch = TrapWatch(alike_limit=3)
    assert not any(watch.is_trap("http://a", f"Page 3.{n}: page {n - 1} page {n + 1}", depth=2)
                   for n in range(500))
    chain = [watch.is_trap("http://b", f"Day {n} of the calendar", depth=5 + n) for n in range(3)]
    assert chain == [False, False, True]
    wide = [watch.is_trap("http://c", "Basket empty", depth=d) for d in (4, 4, 4, 4, 5, 6)]
    assert wide == [False, False, False, False, True, False]  # over two depths: told once


def test_a_shape_the_reader_computed_is_counted_as_the_texts_own() -> None:
    """A page's shape given with it (the parser process computed it) is what is counted: the
    same verdicts as the texts' own shapes, and the text is not read again."""
    given, computed = TrapWatch(alike_limit=4), TrapWatch(alike_limit=4)
    texts = [f"Day {n} of the calendar" for n in range(4)] + ["Basket empty", "Read on"] * 4
    assert [given.is_trap("http://a", "", depth=n, shape=page_shape(text))
            for n, text in enumerate(texts)] == [computed.is_trap("http://a", text, depth=n)
                                                 for n, text in enumerate(texts)]
    assert given.shapes == computed.shapes and sum(map(len, given.shapes.values())) == 3
