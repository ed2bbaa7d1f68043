"""A page's lines painted before the text they stand beside, put back in their place.

Who calls it: ``pdf.py``, on every page PDFium reads, with the page's text page still open.

Why: PDFium gives a page's text in the order it was painted. A browser that prints an HTML
page paints every floated box of the page before the page's ordinary text (CSS's painting
order), so a bibliography laid out with a margin column (pandoc's citeproc ``csl-left-margin``:
an entry's number "[24]", an author-date style's year "2002", or a whole entry when it is
only a title) comes out as a run of lines at the top of the page's text, apart from the
entries they belong to. The entries then read "BOZON, Michel Démographie et sexualité"
with no year between the names and the title, and a title cut by the page break has the next
page's "[24] [25] [26]" between its halves.

What it decides: when a page's text starts with such a run, the lines painted before the text
jumps back up the page, and each of them has a place the page shows: a label on the baseline
of a later line just right of it, or a line in the column between two lines that follow each
other in the text, with no room for more lines there. Then each is put before the line it
precedes on the page. If any line of the run has no such place, the page stays as painted
(two columns, a page of running headers: their order is the painter's and the reader's).
"""

from __future__ import annotations

import re
from typing import Any, NamedTuple

from citeseeker_scrapy.works.page_layout import char_offsets

#: A label a margin column holds: an entry's number ("[24]", "24.", "(24)", "24)") or a year
#: ("2002", "2002a"). A bare number of one to three digits is not one: a column of line
#: numbers (a manuscript's) is no part of its lines' text.
MARGIN_LABEL = re.compile(r"\[\d{1,4}[a-z]?\]|\(\d{1,4}[a-z]?\)|\d{1,4}[a-z]?[.)]|\d{4}[a-z]?")
#: How far right of a label its line may start, in the label's line heights.
LABEL_GAP = 4.0
#: Two lines share a baseline when their bottoms differ by less than this share of a height.
SAME_LINE = 0.5
#: The room between the lines around a moved line: the moved lines there (a line's pitch
#: in its heights, at most), and at most this many line heights more (the gap between two
#: entries).
LINE_PITCH = 1.5
SPARE_ROOM = 2.5


class PageLine(NamedTuple):
    """One line of PDFium's page text and its box (PDF units, y up)."""

    text: str
    left: float
    right: float
    top: float
    bottom: float

    @property
    def height(self) -> float:
        return max(self.top - self.bottom, 1e-3)


def reading_order(textpage: Any, raw_text: str) -> str:
    """``raw_text`` (PDFium's ``\\r\\n``-separated text of ``textpage``) with the lines a
    margin column painted first moved before the lines they sit beside or between."""
    if "\r\n" not in raw_text:
        return raw_text
    pieces = raw_text.split("\r\n")
    boxes = _LineBoxes(textpage, raw_text, pieces)
    painted_first = _lines_before_jump(boxes)
    if not painted_first:
        return raw_text
    rest = [index for index in range(painted_first[-1] + 1, len(pieces)) if boxes.line(index)]
    if len(painted_first) * 2 > len(rest):  # a margin column: fewer lines than its text
        return raw_text
    moved_lines = [boxes.line(index) for index in painted_first]
    rest_lines = [boxes.line(index) for index in rest]
    places = [_place(line, rest_lines, moved_lines) for line in moved_lines]
    if any(place is None for place in places):
        return raw_text
    before: dict[int, list[int]] = {}
    for index, place in zip(painted_first, places):
        before.setdefault(rest[place], []).append(index)
    moved = set(painted_first)
    order = [index for at in range(len(pieces)) if at not in moved
             for index in (*before.get(at, ()), at)]
    return "\r\n".join(pieces[index] for index in order)


class _LineBoxes:
    """The boxes of a page's lines, asked of PDFium when first needed (two characters a
    line: the first and the last)."""

    def __init__(self, textpage: Any, raw_text: str, pieces: list[str]) -> None:
        import pypdfium2.raw as pdfium_c

        self._pdfium = pdfium_c
        self._handle = textpage.raw
        self._offsets = char_offsets(raw_text, textpage.count_chars())
        self._pieces = pieces
        self._starts = [0] * len(pieces)
        for index in range(1, len(pieces)):
            self._starts[index] = self._starts[index - 1] + len(pieces[index - 1]) + 2
        self._lines: dict[int, PageLine | None] = {}
        self._box = pdfium_c.FS_RECTF()

    def __len__(self) -> int:
        return len(self._pieces)

    def line(self, index: int) -> PageLine | None:
        """The line at ``index`` with its box; None for a blank one."""
        if index not in self._lines:
            self._lines[index] = self._measure(index)
        return self._lines[index]

    def _measure(self, index: int) -> PageLine | None:
        piece = self._pieces[index]
        text = piece.strip()
        if not text:
            return None
        first = self._starts[index] + len(piece) - len(piece.lstrip())
        last = self._starts[index] + len(piece.rstrip()) - 1
        get_box = self._pdfium.FPDFText_GetLooseCharBox
        get_box(self._handle, self._offsets(first), self._box)
        left, top, bottom = self._box.left, self._box.top, self._box.bottom
        get_box(self._handle, self._offsets(last), self._box)
        return PageLine(text, left, max(left, self._box.right), top, bottom)


def _lines_before_jump(boxes: _LineBoxes) -> list[int]:
    """The indexes of the page's first lines, painted before the text goes back up the page
    (a line above the one before it by more than half a height); none if it never does."""
    seen: list[int] = []
    for index in range(len(boxes)):
        line = boxes.line(index)
        if line is None:
            continue
        if seen:
            previous = boxes.line(seen[-1])
            if line.bottom > previous.top - SAME_LINE * previous.height:
                return seen
        seen.append(index)
    return []


def _place(line: PageLine, rest: list[PageLine], moved: list[PageLine]) -> int | None:
    """Where ``line`` goes among ``rest`` (the index of the line it goes before): beside a
    line as its label, or between two lines in the column; None when the page shows no such
    place."""
    if MARGIN_LABEL.fullmatch(line.text):
        for at, other in enumerate(rest):
            if _beside(line, other):
                return at
    return _between(line, rest, moved)


def _beside(label: PageLine, other: PageLine) -> bool:
    """True if ``other`` starts on the label's baseline, just right of it."""
    gap = other.left - label.right
    return (abs(other.bottom - label.bottom) < SAME_LINE * label.height
            and -SAME_LINE * label.height <= gap <= LABEL_GAP * label.height)


def _between(line: PageLine, rest: list[PageLine], moved: list[PageLine]) -> int | None:
    """The index of the line ``line`` goes before when it sits in the column between two
    lines that follow each other in ``rest`` (the one above and the one below it, both
    overlapping it across the page), in a gap the ``moved`` lines there fill; else None."""
    for at in range(1, len(rest)):
        above, below = rest[at - 1], rest[at]
        if not (above.bottom >= line.top - SAME_LINE * line.height
                and below.top <= line.bottom + SAME_LINE * line.height):
            continue
        room = (above.bottom - below.top) / line.height
        inside = sum(below.top <= (m.top + m.bottom) / 2 <= above.bottom for m in moved)
        if (_overlap(line, above) and _overlap(line, below)
                and room <= inside * LINE_PITCH + SPARE_ROOM):
            return at
    return None


def _overlap(one: PageLine, other: PageLine) -> bool:
    """True if the two lines share more than half of the narrower one's width."""
    shared = min(one.right, other.right) - max(one.left, other.left)
    return shared > 0.5 * min(one.right - one.left, other.right - other.left)
