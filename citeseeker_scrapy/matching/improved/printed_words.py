"""Printed words as the checks of a hit read them (improved scheme).

Extraction leaves marks inside words ("well-being", "l'état", a soft hyphen), ligature codes
and line-end hyphens, and OCR reads letters as digits. The checks of ``verify`` and
``title_edges`` compare the words around a hit with the title's, and ``capitals`` reads a
printed word through the same marks: this module is the one place that says where a printed
word starts and ends and what it reads as.
"""

from __future__ import annotations

import re

from ..names import SKIPPABLE

#: What extraction leaves inside a word ("well-being", "l'état"): ``names.SKIPPABLE`` but blanks.
#: Dropped when words are compared ("wellbeing"); ``capitals`` reads a printed word through
#: them, and compares it with the query's so too.
IN_WORD_MARKS = SKIPPABLE.replace(" ", "")
DROPPED_IN_WORDS = str.maketrans("", "", IN_WORD_MARKS)
#: pypdf gives an unmapped ligature glyph as its code in the font: TeX's fi, fl, ffi, ffl.
_LIGATURE_CODES = {"\x02": "fi", "\x03": "fl", "\x0e": "ffi", "\x0f": "ffl"}
#: A word as compared: ``IN_WORD_MARKS`` dropped, and the "not sign" some producers print for
#: a line-end hyphen ("sys\u00actems").
_WORD_TEXT = str.maketrans({**{c: None for c in IN_WORD_MARKS + "\u00ac"}, **_LIGATURE_CODES})
#: A word split by a line-end hyphen ("reconna- issance"): one word when the title's own first
#: or last word is read (a dash before a field has a blank before it: "Social Order -Oxford").
_LINE_END_SPLIT = re.compile(r"(?<=[^\W\d_])-\s(?=[^\W\d_])")
_OCR_DIGITS = str.maketrans("015", "ols")  # digits OCR reads for letters


def in_word(char: str) -> bool:
    """Letters, digits and what extraction leaves inside words."""
    return char.isalnum() or (char in SKIPPABLE and char not in " '-\u2019\u2018\u2013")


def word_start(text: str, position: int) -> int:
    """The start of the word ``position`` is in (a hit may begin inside a word)."""
    while position > 0 and in_word(text[position - 1]):
        position -= 1
    return position


def word_end(text: str, position: int) -> int:
    """The end of the word ``position`` is in (or ``position`` between words)."""
    position = min(position, len(text))
    while position < len(text) and in_word(text[position]):
        position += 1
    return position


def word_text(text: str, start: int, end: int) -> str:
    """``text[start:end]`` as words are compared: extraction debris dropped, ligatures back."""
    return text[max(0, start):max(0, end)].translate(_WORD_TEXT)


def joined_word_text(text: str, start: int, end: int) -> str:
    """:func:`word_text` with each word a line-end hyphen split made one again ("reconna-
    issance"): the printed title's own first or last word, read by ``words.longer_title``."""
    return _LINE_END_SPLIT.sub("", text[max(0, start):max(0, end)]).translate(_WORD_TEXT)


def ocr_read(word: str) -> str:
    """A printed word with the common OCR confusions read back: "rn" for "m", "vv" for
    "w", a digit for the letter it looks like ("m0saics", "1ines"). A damaged word is the
    same word: "norrnan" scores 77 against "norman" as it is, 100 read back. Only ever
    compared as a second chance, so "modern" (read "modem") is still found as itself."""
    return word.translate(_OCR_DIGITS).replace("rn", "m").replace("vv", "w")
