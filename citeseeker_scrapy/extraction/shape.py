"""A page's *shape*: what its text says once its numbers and spacing are taken out, hashed.

Pages of a crawler trap (a calendar's days, one page under ever new session ids) differ only
in their numbers, so they share a shape. It is a property of the text read from a page, so it
lives with reading: the parser process that read a small page computes it beside the page's
text (``extraction.processes.worker_main``), and the crawler's trap watch
(:mod:`citeseeker_scrapy.frontier.traps`) compares shapes, computing one itself for a page read
in the crawler. Pure (no Scrapy).
"""

from __future__ import annotations

import re
import zlib

#: Characters of a page's text that make its shape.
SHAPE_CHARS = 4000
DIGITS = re.compile(r"\d+")
#: An ASCII text's digits as zeros (:func:`page_shape`), then each run of zeros one zero.
ASCII_DIGITS_AS_ZEROS = bytes.maketrans(b"123456789", b"000000000")
ZERO_RUNS = re.compile(rb"00+")


def page_shape(text: str) -> int:
    """The first :data:`SHAPE_CHARS` characters of the page's text in lower case, every run
    of digits one ``0`` (dates, ids, page numbers), white space collapsed, hashed.

    Asked for every HTML page, so an ASCII text (the usual case) takes a byte-level way that
    gives the same bytes as ``DIGITS.sub``, whose scan of every character would be most of
    this function's time."""
    flat = " ".join(text[:SHAPE_CHARS].lower().split())
    if flat.isascii():
        zeros = flat.encode("ascii").translate(ASCII_DIGITS_AS_ZEROS)
        return zlib.crc32(ZERO_RUNS.sub(b"0", zeros))
    return zlib.crc32(DIGITS.sub("0", flat).encode("utf-8", "replace"))
