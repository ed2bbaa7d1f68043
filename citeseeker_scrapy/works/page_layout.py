"""Page 1 of a PDF as lines with their type size and place, read from PDFium's text page.

Who calls it: the PDF parser worker (``extraction/processes/worker_main.py``), while page 1's
text page is open; ``first_page.py`` reads the lines. Why lines, not characters: asking PDFium
for every character's size and box cost 40 % of the text extraction of a paper; a line's first
and middle characters tell its size and place for a hundredth of that. Only the few lines
under the title (where authors set side by side share a line) are looked at word by word.
"""

from __future__ import annotations

import re
import unicodedata
from bisect import bisect_left
from typing import Any

from .first_page import Line, author_zone

#: The lines of page 1 looked at, at most (the title and authors are in the first ones).
MAX_LINES = 200
#: PDFium's mark of a hyphen it took for a line end (the halves are joined already).
SOFT_HYPHEN = "\ufffe"
#: A gap between two words wider than this many times the line's type size, and than
#: :data:`GAP_RATIO` times the line's usual word space, parts two blocks set side by side
#: (authors under a title): they are kept apart by :data:`BLOCK_GAP`.
WIDE_GAP = 0.4
GAP_RATIO = 2.5
BLOCK_GAP = "   "
#: TeX's OT1 fonts print an accent as a glyph of its own before its letter ("Jiˇr´ı"): the
#: spacing accent → its combining mark, so that "ˇr" is "ř".
_SPACING_ACCENTS = {"\u02c7": "\u030c", "\u00b4": "\u0301", "\u00a8": "\u0308",
                    "\u02da": "\u030a", "\u00b8": "\u0327", "\u02d8": "\u0306",
                    "\u02dd": "\u030b", "\u02c6": "\u0302", "\u02dc": "\u0303",
                    "\u0060": "\u0300", "\u02cb": "\u0300", "\u00af": "\u0304",
                    "\u02d9": "\u0307", "\u02db": "\u0328"}
#: The cedilla and the ogonek come after their letter ("Franc¸ois"); the others before it.
_AFTER_LETTER = "\u00b8\u02db"
_ACCENT_BEFORE = re.compile(
    "([" + "".join(a for a in _SPACING_ACCENTS if a not in _AFTER_LETTER) + "])\\s?([ıȷ]|[^\\W\\d_])")
_ACCENT_AFTER = re.compile("([^\\W\\d_])([" + _AFTER_LETTER + "])")
#: A character PDFium counts as two (outside the Basic Multilingual Plane).
_ASTRAL = re.compile("[\U00010000-\U0010FFFF]")
_STRAY_ACCENT = re.compile("\\s?[" + "".join(_SPACING_ACCENTS) + "](?![^\\W\\d_])")


def page_lines(textpage: Any, raw_text: str, page_size: tuple[float, float]) -> list[Line]:
    """Page 1's lines (PDFium's ``\\r\\n``-separated text): text, type size (the larger of
    the line's first and middle characters'), where the line starts; the lines under the
    title with their side-by-side blocks apart."""
    import pypdfium2.raw as pdfium_c

    handle = textpage.raw
    offsets = char_offsets(raw_text, textpage.count_chars())
    box = pdfium_c.FS_RECTF()
    width, height = (max(1.0, side) for side in page_size)
    lines: list[Line] = []
    starts: list[int] = []
    start = 0
    for text in raw_text.split("\r\n"):
        first = start + len(text) - len(text.lstrip())
        if text.strip():
            pdfium_c.FPDFText_GetLooseCharBox(handle, offsets(first), box)
            left, top, size = box.left, box.top, box.top - box.bottom
            pdfium_c.FPDFText_GetLooseCharBox(handle, offsets(start + len(text) // 2), box)
            sizes = [s for s in (size, box.top - box.bottom) if s > 0]
            # the smaller: a drop cap or a big first letter does not make a line big
            lines.append([text.strip(), round(min(sizes, default=0.0), 1),
                          round(left / width, 3), round(1 - top / height, 3)])
            starts.append(first)
            if len(lines) >= MAX_LINES:
                break
        start += len(text) + 2
    for index in author_zone(lines):
        lines[index][0] = _blocks_apart(handle, lines[index], starts[index], offsets, box)
    for line in lines:
        line[0] = accents_composed(line[0].replace(SOFT_HYPHEN, ""))
    return lines


def _blocks_apart(handle: Any, line: Line, start: int, offsets: Any, box: Any) -> str:
    """The line with :data:`BLOCK_GAP` where a gap between words is wide."""
    import pypdfium2.raw as pdfium_c

    text = line[0]
    spaces = list(re.finditer(r" +", text))
    gaps = []
    for match in spaces:
        pdfium_c.FPDFText_GetLooseCharBox(handle, offsets(start + match.start() - 1), box)
        right = box.right
        pdfium_c.FPDFText_GetLooseCharBox(handle, offsets(start + match.end()), box)
        gaps.append(box.left - right)
    if not gaps:
        return text
    usual = sorted(gaps)[(len(gaps) - 1) // 2]
    wide = max(line[1] * WIDE_GAP, usual * GAP_RATIO)
    pieces, last = [], 0
    for match, gap in zip(spaces, gaps):
        if gap > wide:
            pieces.append(text[last:match.start()])
            last = match.end()
    return BLOCK_GAP.join([*pieces, text[last:]])


def accents_composed(text: str) -> str:
    """``text`` with TeX's separate accents put on their letters ("Jiˇr´ı" → "Jiří")."""
    if not any(accent in text for accent in _SPACING_ACCENTS):
        return text
    text = _ACCENT_BEFORE.sub(lambda m: _base(m.group(2)) + _SPACING_ACCENTS[m.group(1)], text)
    text = _ACCENT_AFTER.sub(lambda m: m.group(1) + _SPACING_ACCENTS[m.group(2)], text)
    text = _STRAY_ACCENT.sub("", text)  # one PDFium put away from its letter
    return unicodedata.normalize("NFC", text)


def _base(letter: str) -> str:
    return {"ı": "i", "ȷ": "j"}.get(letter, letter)


def char_offsets(text: str, count: int):
    """Index in ``text`` → PDFium's character index (they differ after a character outside
    the Basic Multilingual Plane, which PDFium counts twice). Who calls: :func:`page_lines`
    and ``extraction.pdf_order`` (a line's first and last characters)."""
    if len(text) == count:
        return lambda index: index
    astral = [match.start() for match in _ASTRAL.finditer(text)]
    end = len(text)
    return lambda index: min(index, end) + bisect_left(astral, min(index, end))
