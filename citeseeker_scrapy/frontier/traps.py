"""Crawler traps made of pages that say the same thing: a calendar (a page per day, each
linking to the next), a session id in every link (the same page under ever new URLs), a chain
of near-identical generated pages. Each page looks new to the frontier (a new URL), so neither
the duplicate check nor the depth limit stops them soon.

What is compared is a page's *shape*: its text in lower case, every run of digits one ``0``
(dates, ids, page numbers), white space collapsed, the first :data:`SHAPE_CHARS` characters,
hashed. When :attr:`TrapWatch.alike_limit` HTML pages of one server have the same shape, the
server is a trap: the scheduler ends its crawl (its waiting documents skipped) with one
errors.log line. Memory: one counter per page of the servers being crawled, released when a
server completes.

Pure (no Scrapy): who calls it is the scheduler's server watch (:mod:`.trouble`), for each
HTML document done.
"""

from __future__ import annotations

import re
import zlib
from collections import Counter
from dataclasses import dataclass, field

#: Characters of a page's text that make its shape.
SHAPE_CHARS = 4000
DIGITS = re.compile(r"\d+")
#: An ASCII text's digits as zeros (:func:`page_shape`), then each run of zeros one zero.
ASCII_DIGITS_AS_ZEROS = bytes.maketrans(b"123456789", b"000000000")
ZERO_RUNS = re.compile(rb"00+")


def page_shape(text: str) -> int:
    """The page's text with its numbers and spacing taken out, hashed.

    Asked for every HTML page in the crawler's main thread: an ASCII text (the usual case)
    takes a byte-level way that gives the same bytes as ``DIGITS.sub`` (whose scan of every
    character was most of this function's time)."""
    flat = " ".join(text[:SHAPE_CHARS].lower().split())
    if flat.isascii():
        zeros = flat.encode("ascii").translate(ASCII_DIGITS_AS_ZEROS)
        return zlib.crc32(ZERO_RUNS.sub(b"0", zeros))
    return zlib.crc32(DIGITS.sub("0", flat).encode("utf-8", "replace"))


@dataclass
class TrapWatch:
    """Shapes of each server's pages; ``alike_limit`` is ``CITESEEKER_TRAP_PAGES``."""

    alike_limit: int
    shapes: dict[str, Counter[int]] = field(default_factory=dict)

    def is_trap(self, server: str, text: str) -> bool:
        """Count one page of ``server``; True exactly when its shape reaches the limit."""
        counter = self.shapes.setdefault(server, Counter())
        shape = page_shape(text)
        counter[shape] += 1
        return counter[shape] == self.alike_limit

    def forget(self, server: str) -> None:
        self.shapes.pop(server, None)
