"""A page's lines painted before the text they stand beside, put back in their place.

Who calls it: ``pdf.py``, on every page PDFium reads of a PDF a browser printed
(:func:`painted_by_a_browser`), with the page's text page still open.

Why: PDFium gives a page's text in the order it was painted. A browser that prints an HTML
page paints every floated box of the page before the page's ordinary text (CSS's painting
order), so a bibliography laid out with a margin column (pandoc's citeproc ``csl-left-margin``:
an entry's number "[24]", an author-date style's year "2002", or a whole entry when it is
only a title) comes out as a run of lines at the top of the page's text, apart from the
entries they belong to. The entries then read "BOZON, Michel Démographie et sexualité"
with no year between the names and the title, and a title cut by the page break has the next
page's "[24] [25] [26]" between its halves.

A browser may also paint the labels last: a style that sets each entry's label on a line of
its own above the entry ("Mendoza-Cervantes et al. 2006", then "K. Mendoza-Cervantes et al.,
“3D Image ...") gives the page's labels after all its entries, and a title cut by the page
break has them between its halves. Each such line goes before the line below it when it sits
in the column between two lines of the text (or right above the page's first one), in a gap
the labels fill; if one has no such place the page stays as painted.

What it decides: a page's text starts with such a run when its text goes back up the page
after at most a third of its lines, and each line before that has a place the page shows: a
label ("[24]", "2002") or a field of words (an author list) on the baseline of a later line
just right of it, or a line in the column between two lines that follow each other in the
text, with no room for more lines there, or a label at the foot of the page's text right
below its entry's first line (the line it labels went to the next page), or a field's
wrapped last line right below the line it goes on from ("...Choo, and Jill", then "Slay.":
it overlaps no line of the text). Then each is put before the line it precedes on the page
(the label at the foot after the line above it, the wrapped line after its first). If any
line of the run has no such place, the page stays as painted (two columns, a footer painted
first, a browser's header painted last: their order is the painter's and the reader's).
"""

from __future__ import annotations

import re
from itertools import accumulate
from typing import Any, NamedTuple

from citeseeker_scrapy.works.page_layout import char_offsets

#: A label a margin column holds: an entry's number ("[24]", "24.", "(24)", "24)") or a year
#: ("2002", "2002a"). A bare number of one to three digits is not one: a column of line
#: numbers (a manuscript's) is no part of its lines' text.
MARGIN_LABEL = re.compile(r"\[\d{1,4}[a-z]?\]|\(\d{1,4}[a-z]?\)|\d{1,4}[a-z]?[.)]|\d{4}[a-z]?")
#: How far right of a label its line may start, in the label's line heights.
LABEL_GAP = 4.0
#: How far right of a margin field of words its line may start, in the field's line heights:
#: the field's text goes on where the field ends (a sidebar's ragged lines beside a column
#: of text start further off, mostly).
FIELD_GAP = 2.0
#: The two kinds of margin part (:func:`margin_kind`) and how far right of each its line may
#: start, in its line heights.
LABEL, FIELD = "label", "field"
MARGIN_GAPS = {LABEL: LABEL_GAP, FIELD: FIELD_GAP}
#: Two lines share a baseline when their bottoms differ by less than this share of a height.
SAME_LINE = 0.5
#: Two lines are of one size when their heights differ by less than this share (a browser's
#: header, 11 points high, is not of a 16-point text's size).
SAME_SIZE = 0.15
#: The room between the lines around a moved line: the moved lines there (a line's pitch
#: in its heights, at most), and at most this many line heights more (the gap between two
#: entries).
LINE_PITCH = 1.5
SPARE_ROOM = 2.5


#: How a PDF's "Producer" starts when a browser printed it (an HTML page, its CSS painting
#: order): Chromium's (Chrome, Edge, headless Chromium), Firefox's (cairo), wkhtmltopdf's
#: (Qt), WeasyPrint's.
BROWSER_PRODUCERS = ("Skia/PDF", "cairo", "Qt ", "WeasyPrint")


def painted_by_a_browser(producer: str) -> bool:
    """True if the PDF's producer is a browser's (:data:`BROWSER_PRODUCERS`): only its pages
    are read by :func:`reading_order`; a typesetter (TeX, a word processor, Distiller) paints
    its text in reading order, or in columns, and its pages are not measured at all."""
    return producer.startswith(BROWSER_PRODUCERS)


class Box(NamedTuple):
    """Where a line starts: its first character's box (PDF units, y up)."""

    left: float
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
    lines = _Lines(textpage, raw_text, raw_text.split("\r\n"))
    painted_first = lines.before_jump()
    if painted_first:
        placed = _margin_painted_first(lines, painted_first)
    else:
        placed = _labels_painted_last(lines)
    if placed is None:
        placed = _one_column_read_down(lines)
    return raw_text if placed is None else placed


def _margin_painted_first(lines: _Lines, painted_first: list[int]) -> str | None:
    """The page's text with each line of ``painted_first`` (:meth:`_Lines.before_jump`) moved
    before the line it is the label or the field of, or the line below it in the column
    (:func:`_place`), or where the line it goes on from goes (:func:`_wraps`); None if one of
    them has no such place. Called by :func:`reading_order`."""
    pieces = lines.pieces
    rest = [index for index in range(painted_first[-1] + 1, len(pieces))
            if pieces[index] and not pieces[index].isspace()]
    before: dict[int, list[int]] = {}
    above: tuple[int, int] | None = None  # the line painted before and its place
    for index in painted_first:
        place = _place(lines, index, rest, painted_first)
        if place is None and above is not None and _wraps(lines, above[0], index):
            place = above[1]
        if place is None:
            return None
        before.setdefault(place, []).append(index)
        above = index, place
    return _reordered(pieces, before)


def _wraps(lines: _Lines, above: int, index: int) -> bool:
    """True if the line ``index`` goes on from the line ``above`` it, both painted first: it
    starts where that line starts, right below it (a field too wide for the margin column,
    wrapped: "Ariffin, Aswami, ... and Jill" above "Slay."). A short last line overlaps no
    line of the text around it, so it goes where the line it ends goes. Called by
    :func:`_margin_painted_first`."""
    line, first = lines.box(index), lines.box(above)
    tolerance = SAME_LINE * line.height
    return abs(line.left - first.left) < tolerance and abs(first.bottom - line.top) < tolerance


def _labels_painted_last(lines: _Lines) -> str | None:
    """The page's text with the lines a margin column painted last moved before the lines
    they sit between: a browser that paints a bibliography's entries before the labels set above
    each ("Mendoza-Cervantes et al. 2006" on its own line, then "K. Mendoza-Cervantes et al.,
    “3D Image ...") gives the page's labels after all its entries, so a title that a page
    break cuts has the page's labels between its halves. Each line of the text's size painted
    after the text goes back up the page (:meth:`_Lines.after_jump`) must sit in the column
    between two lines that follow each other in the text (:func:`_between`); else None (a
    second column, a browser's header painted last). Called by :func:`reading_order` on a page
    with no lines painted first."""
    painted_last, rest = lines.after_jump()
    if not painted_last:
        return None
    before: dict[int, list[int]] = {}
    for index in painted_last:
        place = _between(lines, index, rest, painted_last)
        if place is None and index == painted_last[0] and _right_above(lines, index, rest[0]):
            place = rest[0]  # the label of the page's first entry
        if place is None:
            return None
        before.setdefault(place, []).append(index)
    return _reordered(lines.pieces, before)


def _right_above(lines: _Lines, index: int, first: int) -> bool:
    """True if the line ``index`` stands right above the line ``first`` (the page's first line
    of text), in its column: a gap of at most ``SPARE_ROOM`` of its heights between them.
    Called by :func:`_labels_painted_last` for the first line painted last, which has no line
    of the text above it."""
    line, below = lines.box(index), lines.box(first)
    gap = (line.bottom - below.top) / line.height
    return -SAME_LINE <= gap <= SPARE_ROOM and _overlap(lines, index, first)


def _one_column_read_down(lines: _Lines) -> str | None:
    """The page's text read down its one column when the browser painted it in runs that
    interleave there; None when the page shows no such column. Called by
    :func:`reading_order` on a page the margin rules leave as painted.

    Why: a style that sets an entry's names on a line of their own and floats the rest of
    the entry below them (citeproc's ``left-margin`` group holding the year, the title and
    all that follows, as in many anthropology and archaeology styles) has its floats painted
    first: the page's text is every entry's year and title, going down the page, then every
    entry's names, going down again. The names are no margin column: they are a third of the
    page's lines or more, and the last one may stand at the page's foot with its float on the
    next page, so the margin rules cannot place them all.

    What it decides: the lines painted before the browser's header and footer (the lines of
    another size than the text's painted last, which stay last) are read from the page's top
    down when that order is a column's: no two of them side by side (each starts below the
    one above it ends, :data:`SAME_LINE`), and where it joins two lines not painted one after
    the other, the two overlap across the page (:func:`_overlap`) with at most
    :data:`SPARE_ROOM` line heights between them (a gap between entries, not the room above a
    header or below a footer of the text's size). Two columns side by side, a label beside
    its line, a header painted last at the page's top: the page stays as painted."""
    body = lines.nonblank()
    size = lines.text_size(body)
    while body and not lines.of_size(body[-1], size):
        body.pop()  # the browser's header and footer, painted last
    painted_at = {index: at for at, index in enumerate(body)}
    down = sorted(body, key=lambda index: -lines.box(index).top)
    if down == body:
        return None
    for high, low in zip(down, down[1:]):
        upper, lower = lines.box(high), lines.box(low)
        if lower.top > upper.bottom + SAME_LINE * min(upper.height, lower.height):
            return None
        if painted_at[low] != painted_at[high] + 1 and not (
                upper.bottom - lower.top <= SPARE_ROOM * lower.height
                and _overlap(lines, high, low)):
            return None
    return _read_in_order(lines.pieces, down)


def _read_in_order(pieces: list[str], order: list[int]) -> str:
    """The page's lines (``pieces``) with its non-blank lines in ``order`` (each blank one
    after the line it follows on the page, the lines not in ``order`` at the end as they
    were painted)."""
    after: dict[int, list[int]] = {}
    leading: list[int] = []
    last = None
    for index, piece in enumerate(pieces):
        if piece and not piece.isspace():
            last = index
        else:
            (after.setdefault(last, []) if last is not None else leading).append(index)
    placed = set(order)
    rest = [index for index in range(len(pieces)) if index not in placed
            and pieces[index] and not pieces[index].isspace()]
    indexes = leading + [index for line in (*order, *rest)
                         for index in (line, *after.get(line, ()))]
    return "\r\n".join(pieces[index] for index in indexes)


def _reordered(pieces: list[str], before: dict[int, list[int]]) -> str:
    """The page's lines (``pieces``) with each line of ``before``'s lists moved before the line
    it is listed under (or to the page's end, under ``len(pieces)``)."""
    moved = {index for indexes in before.values() for index in indexes}
    order = [index for at in range(len(pieces)) if at not in moved
             for index in (*before.get(at, ()), at)] + before.get(len(pieces), [])
    return "\r\n".join(pieces[index] for index in order)


class _Lines:
    """A page's lines and their boxes, asked of PDFium when first needed: the first
    character's box of a line, its last character's right edge only where a place is
    weighed."""

    def __init__(self, textpage: Any, raw_text: str, pieces: list[str]) -> None:
        import pypdfium2.raw as pdfium_c

        self._get_box = pdfium_c.FPDFText_GetLooseCharBox
        self._handle = textpage.raw
        self._box = pdfium_c.FS_RECTF()
        self._offsets = char_offsets(raw_text, textpage.count_chars())
        self.pieces = pieces
        self._starts = list(accumulate((len(piece) + 2 for piece in pieces[:-1]), initial=0))
        self._boxes: dict[int, Box] = {}
        self._rights: dict[int, float] = {}
        self._listed: list[int] | None = None
        self._listed_boxes: list[Box] = []

    def text(self, index: int) -> str:
        return self.pieces[index].strip()

    def box(self, index: int) -> Box:
        """The box of the (non-blank) line's first character."""
        known = self._boxes.get(index)
        if known is None:
            piece = self.pieces[index]
            at = self._starts[index] + len(piece) - len(piece.lstrip())
            self._get_box(self._handle, self._offsets(at), self._box)
            known = self._boxes[index] = Box(self._box.left, self._box.top, self._box.bottom)
        return known

    def boxes(self, indexes: list[int]) -> list[Box]:
        """The boxes of the lines ``indexes`` (the same list is asked for again: kept)."""
        if self._listed is not indexes:
            self._listed, self._listed_boxes = indexes, [self.box(index) for index in indexes]
        return self._listed_boxes

    def right(self, index: int) -> float:
        """Where the (non-blank) line ends: its last character's right edge."""
        known = self._rights.get(index)
        if known is None:
            piece = self.pieces[index]
            self._get_box(self._handle,
                          self._offsets(self._starts[index] + len(piece.rstrip()) - 1), self._box)
            known = self._rights[index] = max(self._box.right, self.box(index).left)
        return known

    def nonblank(self) -> list[int]:
        """The indexes of the page's lines that hold a character other than a space."""
        return [index for index, piece in enumerate(self.pieces) if piece and not piece.isspace()]

    def text_size(self, indexes: list[int]) -> float:
        """The height most of the lines ``indexes`` have: the size of the page's text."""
        heights = [round(self.box(index).height, 1) for index in indexes]
        return max(set(heights), key=heights.count, default=0.0)

    def of_size(self, index: int, size: float) -> bool:
        """True if the line is of the size ``size`` (:data:`SAME_SIZE`)."""
        return abs(round(self.box(index).height, 1) - size) < SAME_SIZE * size

    def before_jump(self) -> list[int]:
        """The indexes of the page's first lines, painted before the text goes back up the
        page (a line above the one before it by more than half a height), if they are a
        third of the page's lines at most (a margin column holds fewer lines than the text
        beside it: two columns side by side, a browser's header painted last, are no margin
        column); else none. Most pages never go back up: only the first third of their lines
        is measured."""
        lines = self.nonblank()
        seen: list[int] = []
        above = 0.0  # a line starting higher than this is above the one before
        for index in lines[:len(lines) // 3 + 1]:
            box = self.box(index)
            if seen and box.bottom > above:
                return seen
            seen.append(index)
            above = box.top - SAME_LINE * box.height
        return []

    def after_jump(self) -> tuple[list[int], list[int]]:
        """The page's lines of the text's size (the height most of its lines have) painted
        after the text goes back up the page once, and those before, if the lines after go
        down the page from there and are fewer than those before (a margin column holds fewer
        lines than the text beside it); else none. Lines of another size (a browser's header
        and footer) are in neither list: they stay where they were painted. Called by
        :func:`_labels_painted_last`; every line of a page with no lines painted first is
        measured."""
        lines = self.nonblank()
        size = self.text_size(lines)
        text = [index for index in lines if self.of_size(index, size)]
        jumps = [at for at in range(1, len(text)) if self.box(text[at]).bottom
                 > self.box(text[at - 1]).top - SAME_LINE * self.box(text[at - 1]).height]
        if len(jumps) != 1 or len(text) - jumps[0] >= jumps[0]:
            return [], []
        return text[jumps[0]:], text[:jumps[0]]


def _place(lines: _Lines, index: int, rest: list[int], painted: list[int]) -> int | None:
    """The line of ``rest`` the line ``index`` (one of the lines ``painted`` first) goes
    before: the line it is the label or the first field of, or the line below it in the
    column; None when the page shows no such place."""
    kind = margin_kind(lines.text(index))
    if kind is not None:
        label = lines.box(index)
        for other in rest:
            if _beside(lines, index, label, other, MARGIN_GAPS[kind]):
                return other
    place = _between(lines, index, rest, painted)
    if place is None and kind == LABEL and index == painted[-1]:
        return _at_page_foot(lines, index, rest)
    return place


def margin_kind(text: str) -> str | None:
    """What a line painted first holds, as the margin part of a line: a label
    (:data:`MARGIN_LABEL`), :data:`LABEL`; a field of words, :data:`FIELD`, as a style that
    puts an entry's first field in the margin column prints its authors there, the entry's
    text going on where they end ("W. Cloonan and J.-P. Postel," then the title); a bare
    number None (a column of line numbers holds no letter and is no part of its lines).
    :data:`MARGIN_GAPS` says how far right of it its line may start. Called by
    :func:`_place`."""
    if MARGIN_LABEL.fullmatch(text):
        return LABEL
    return FIELD if any(char.isalpha() for char in text) else None


def _beside(lines: _Lines, index: int, label: Box, other: int, widest: float) -> bool:
    """True if the line ``other`` starts on the label's baseline, just right of it (at most
    ``widest`` of its heights)."""
    line = lines.box(other)
    if abs(line.bottom - label.bottom) >= SAME_LINE * label.height or line.left <= label.left:
        return False
    gap = line.left - lines.right(index)
    return -SAME_LINE * label.height <= gap <= widest * label.height


def _between(lines: _Lines, index: int, rest: list[int], painted: list[int]) -> int | None:
    """The line of ``rest`` that the line ``index`` goes before when it sits in the column
    between two lines that follow each other in ``rest`` (the one above and the one below
    it, both overlapping it across the page), in a gap that the lines ``painted`` first
    there fill; else None."""
    line = lines.box(index)
    tolerance = SAME_LINE * line.height
    boxes = lines.boxes(rest)
    for at in range(1, len(rest)):
        high, low = boxes[at - 1], boxes[at]
        if not (high.bottom >= line.top - tolerance and low.top <= line.bottom + tolerance):
            continue
        room = (high.bottom - low.top) / line.height
        centres = ((lines.box(other).top + lines.box(other).bottom) / 2 for other in painted)
        inside = sum(low.top <= centre <= high.bottom for centre in centres)
        if room <= inside * LINE_PITCH + SPARE_ROOM and _overlap(
                lines, index, rest[at - 1]) and _overlap(lines, index, rest[at]):
            return rest[at]
    return None


def _at_page_foot(lines: _Lines, index: int, rest: list[int]) -> int | None:
    """The line of ``rest`` (or the page's end) a label, the last line painted first, goes
    before when it stands at the foot of the page's text with no line beside it: its entry's
    line went to the next page, the entry's first line (its names) right above it in its
    column ("Joesting, H. R."
    above "1958", "Geophysical studies ..." on the next page). It goes right after that line,
    so the year reads after the names, before the next page's text. None if a line of the
    text's size is on its baseline or below it (the page's text goes on there: no foot), or
    if the line above it is not right above in its column. Lines of another size (a browser's
    header and footer) are no part of the text. Called by :func:`_place`."""
    label = lines.box(index)
    tolerance = SAME_LINE * label.height
    boxes = lines.boxes(rest)
    text_size = [at for at, box in enumerate(boxes)
                 if abs(box.height - label.height) < tolerance]
    if any(boxes[at].bottom < label.bottom + tolerance for at in text_size):
        return None
    above = min(text_size, key=lambda at: boxes[at].bottom, default=None)
    if above is None:
        return None
    line = boxes[above]
    if (line.bottom - label.bottom > (LINE_PITCH + SAME_LINE) * label.height
            or abs(line.left - label.left) > label.height):
        return None
    return rest[above + 1] if above + 1 < len(rest) else len(lines.pieces)


def _overlap(lines: _Lines, one: int, other: int) -> bool:
    """True if the two lines share more than half of the narrower one's width."""
    left_one, left_other = lines.box(one).left, lines.box(other).left
    right_one, right_other = lines.right(one), lines.right(other)
    shared = min(right_one, right_other) - max(left_one, left_other)
    return shared > 0.5 * min(right_one - left_one, right_other - left_other)
