"""A page's lines painted before the text they belong to (a browser paints a margin column
first) are read at their place; a page painted in reading order, or in columns, stays as it is.

Each PDF is made by Ghostscript from PostScript that paints its lines in the order given, at
the places given, so the order PDFium reads is the painting order of the test; pypdf then
names its producer (a browser's, or a typesetter's).
"""

from __future__ import annotations

import io
from collections.abc import Sequence

import pypdf
import pytest

from citeseeker_scrapy.extraction.pdf import pdf_text
from tests.support import docgen

Painted = tuple[float | str, float, str]  # x (or PostScript that computes it), y, text
ROW = 14  # the distance between two lines


BROWSER = "Skia/PDF m120"  # Chromium's producer


def painted_pdf(lines: Sequence[Painted], producer: str = BROWSER) -> bytes:
    """A one-page PDF whose lines are painted in the order given, in 10 pt Times."""
    out = ["%!PS-Adobe-3.0", "%%Pages: 1", "%%EndComments", "%%Page: 1 1",
           "/Times-Roman findfont 10 scalefont setfont"]
    out += [f"{x} {y} moveto {docgen.ps_string(text)} show" for x, y, text in lines]
    out += ["showpage", "%%EOF"]
    writer = pypdf.PdfWriter(clone_from=io.BytesIO(
        docgen.ghostscript_pdf(("\n".join(out) + "\n").encode("latin-1"))))
    writer.add_metadata({"/Producer": producer})
    named = io.BytesIO()
    writer.write(named)
    return named.getvalue()


def read(lines: Sequence[Painted], producer: str = BROWSER) -> str:
    return docgen.normalized(pdf_text(painted_pdf(lines, producer))[1])


def entries(top: float, left: float, rows: Sequence[str]) -> list[Painted]:
    return [(left, top - ROW * at, text) for at, text in enumerate(rows)]


#: An author-date list: a name block, then the year in a margin column beside the title.
NAMES_THEN_TITLES = ["Hollis, Maren", "Quiet harbours of the northern coast. Tidewater Press.",
                     "Okafor, Jide and Lena Brandt", "Salt marsh hydrology in practice.",
                     "Second edition, Fenland Books."]
YEARS = [(72, 700 - ROW, "2004"), (72, 700 - 3 * ROW, "1998")]
#: A numbered list whose numbers stand in a margin column.
NUMBERED = ["Hollis M. Quiet harbours of the northern coast. Tidewater Press; 2004.",
            "Okafor J, Brandt L. Salt marsh hydrology in practice.", "Fenland Books; 1998.",
            "Varga T. Counting gulls at dawn. Shoreline; 2011.", "Second printing with a new",
            "preface and an index of", "the birds counted."]
LABELS = [(72, 700, "[7]"), (72, 700 - ROW, "[8]"), (72, 700 - 3 * ROW, "[9]")]


def after(left: float, field: str) -> str:
    """PostScript for the x where ``field``, painted at ``left`` in the 10 pt Times of
    :func:`painted_pdf`, ends: where a margin column's field of words leaves off."""
    return f"{left} {docgen.ps_string(field)} stringwidth pop add"


#: Author fields a style prints in a margin column (painted first), each entry's text going
#: on where its field ends, its next lines indented.
FIELDS = ["Hollis, Maren,", "Okafor, Jide and Lena Brandt,", "Varga, Tamas,"]
FIELD_TEXTS = [["Quiet harbours of the northern coast", "and the islands off it, second",
                "edition (Tidewater Press, 2004)."],
               ["Salt marsh hydrology in practice", "and in theory, with maps (Fenland",
                "Books, 1998)."],
               ["Counting gulls at dawn", "(Shoreline, 2011)."]]


def fields_beside(fields: Sequence[str], gap: float = 0, alone: Sequence[Painted] = ()
                  ) -> list[Painted]:
    """The fields painted first (then the lines ``alone``), then their entries' text, ``gap``
    points right of them."""
    rows = [(700 - 4 * ROW * at, field, texts)
            for at, (field, texts) in enumerate(zip(fields, FIELD_TEXTS))]
    painted: list[Painted] = [(72, top, field) for top, field, _ in rows] + list(alone)
    for top, field, texts in rows:
        painted.append((f"{after(72, field)} {gap} add", top, texts[0]))
        painted += entries(top - ROW, 100, texts[1:])
    return painted


#: An author-date list with its years in a margin column: the last entry's names at the page's
#: foot, its year below them, its title on the next page.
FOOT_YEARS = [(72, 700 - ROW, "2004"), (72, 700 - 4 * ROW, "1998"), (72, 700 - 7 * ROW, "2011")]
FOOT_TEXT = (entries(700, 72, NAMES_THEN_TITLES[:1]) + [(110, 700 - ROW, NAMES_THEN_TITLES[1])]
             + entries(700 - 3 * ROW, 72, NAMES_THEN_TITLES[2:3])
             + entries(700 - 4 * ROW, 110, NAMES_THEN_TITLES[3:])
             + entries(700 - 6 * ROW, 72, ["Varga, Tamas"]))


#: Author fields in a margin column as wide as the text, painted first: a short one beside its
#: entry's first line, a long one wrapped onto a short second line, both in the gap above its
#: entry's text (``wrapped_left`` is where that second line starts, ``wrapped_row`` its row).
def wrapped_fields(wrapped_left: float = 72, wrapped_row: int = 3) -> list[Painted]:
    return [(72, 700, "Hollis, Maren."),
            (72, 700 - 2 * ROW, "Okafor, Jide, Lena Brandt, Ann Moe, Kari Holm, Per"),
            (wrapped_left, 700 - wrapped_row * ROW, "Vik."),
            (f"{after(72, 'Hollis, Maren.')} 6 add", 700, "2004. Quiet harbours of the north."),
            (100, 700 - ROW, "Tidewater Press."),
            (100, 700 - 4 * ROW, "1998. Salt marsh hydrology in practice and theory."),
            (100, 700 - 5 * ROW, "Fenland Books."),
            *entries(700 - 6 * ROW, 72, ["Varga, Tamas. 2011. Counting gulls at dawn.",
                                         "Shoreline.", "Moe, Ann. 2012. Tides of the fjords."])]


@pytest.mark.parametrize("painted, reads", [
    # a field wrapped onto a short line that overlaps no line of the text: read with its field
    (wrapped_fields(),
     "tidewater press. okafor, jide, lena brandt, ann moe, kari holm, per vik. 1998. salt "
     "marsh hydrology"),
    # a year at the page's foot, its entry's title on the next page: after the names above it
    (FOOT_YEARS + FOOT_TEXT,
     "hollis, maren 2004 quiet harbours of the northern coast. tidewater press. okafor, jide "
     "and lena brandt 1998 salt marsh hydrology in practice. second edition, fenland books. "
     "varga, tamas 2011"),
    # author fields painted before the titles that go on where they end
    (fields_beside(FIELDS),
     "hollis, maren, quiet harbours of the northern coast and the islands off it, second "
     "edition (tidewater press, 2004). okafor, jide and lena brandt, salt marsh hydrology in "
     "practice and in theory, with maps (fenland books, 1998). varga, tamas, counting gulls "
     "at dawn (shoreline, 2011)."),
    # a field shorter than the indent its entry's text starts at
    (fields_beside(["Vey,", *FIELDS[1:]], gap=12),
     "vey, quiet harbours of the northern coast"),
    # years painted before the names and titles they stand beside
    (YEARS + entries(700, 72, NAMES_THEN_TITLES[:1]) + [(110, 700 - ROW, NAMES_THEN_TITLES[1])]
     + entries(700 - 2 * ROW, 72, NAMES_THEN_TITLES[2:3])
     + entries(700 - 3 * ROW, 110, NAMES_THEN_TITLES[3:]),
     "hollis, maren 2004 quiet harbours of the northern coast. tidewater press. "
     "okafor, jide and lena brandt 1998 salt marsh hydrology in practice. second edition"),
    # entry numbers painted before the entries
    (LABELS + entries(700, 100, NUMBERED),
     "[7] hollis m. quiet harbours of the northern coast. tidewater press; 2004. "
     "[8] okafor j, brandt l. salt marsh hydrology in practice. fenland books; 1998. "
     "[9] varga t."),
    # an entry printed in the column between two entries, painted first
    ([(72, 700 - 2 * ROW, "Tide tables of the lower estuary.")]
     + entries(700, 72, NUMBERED[:2]) + entries(700 - 3 * ROW, 72, NUMBERED[3:]),
     "salt marsh hydrology in practice. tide tables of the lower estuary. varga t."),
])
def test_a_margin_column_painted_first_is_read_beside_its_lines(
        painted: list[Painted], reads: str) -> None:
    assert reads in read(painted)


@pytest.mark.parametrize("painted, reads", [
    # two columns side by side, the left one painted first: its lines stay together
    (entries(700, 72, NUMBERED) + entries(700, 320, ["Right column line one.",
                                                     "Right column line two."]),
     "the birds counted. right column line one. right column line two."),
    # a browser's running header painted last at the page's top: the page is read as painted
    (entries(700, 72, NUMBERED) + [(72, 760, "11/29/26, 10:44 AM Generated Page"),
                                   (72, 40, "file:///tmp/page.html 1/2")],
     "the birds counted. 11/29/26, 10:44 am generated page file:///tmp/page.html 1/2"),
    # line numbers in the margin (no entry's label): not moved into the lines
    ([(60, 700 - ROW * at, str(at + 1)) for at in range(4)] + entries(700, 100, NUMBERED),
     "1 2 3 4 hollis m. quiet harbours"),
    # a year painted first with no line beside it (too far right): the page stays as painted
    ([(72, 700 - ROW, "2004")] + entries(700, 200, NUMBERED[:2]),
     "2004 hollis m. quiet harbours"),
    # a year at the foot of the margin column with a line of the text below it: no page foot
    (FOOT_YEARS + FOOT_TEXT + [(110, 700 - 8 * ROW, "Counting gulls at dawn.")],
     "2004 1998 2011 hollis, maren"),
    # ... nor one far below the line above it
    ([*FOOT_YEARS[:2], (72, 700 - 10 * ROW, "2011")] + FOOT_TEXT, "2004 1998 2011 hollis, maren"),
    # a sidebar of words whose lines end far from the text beside them: stays as painted
    (fields_beside(FIELDS, gap=30),
     "hollis, maren, okafor, jide and lena brandt, varga, tamas, quiet harbours"),
    # a short line painted first that starts elsewhere than the field above it, or far below
    # it: no field's second line, the page stays as painted
    (wrapped_fields(wrapped_left=200), "hollis, maren. okafor, jide"),
    (wrapped_fields(wrapped_row=9), "hollis, maren. okafor, jide"),
    # one field of the run with no line beside it: the page stays as painted
    (fields_beside(FIELDS[:2], alone=[(72, 700 - 8 * ROW, "Nemeth, Anna,")]),
     "okafor, jide and lena brandt, nemeth, anna, quiet harbours"),
    # a line painted first with room for many lines around it: no gap of the column
    ([(72, 500, "Tide tables of the lower estuary.")] + entries(700, 72, NUMBERED[:2])
     + entries(300, 72, NUMBERED[2:]),
     "tide tables of the lower estuary. hollis m."),
])
def test_a_page_painted_in_reading_order_or_in_columns_stays_as_painted(
        painted: list[Painted], reads: str) -> None:
    assert reads in read(painted)


def test_a_typesetter_s_page_is_read_as_painted() -> None:
    """A typesetter paints a page's text in its order, or in columns: its pages are not
    measured, a line painted first stays first."""
    painted = LABELS + entries(700, 100, NUMBERED)
    assert read(painted, BROWSER).startswith("[7] hollis m.")
    assert read(painted, "pdfTeX-1.40.25").startswith("[7] [8] [9] hollis m.")


#: An author-date list that sets each entry's label on a line of its own above the entry, in
#: the gap between entries: a browser paints the entries first and the labels last.
LABELS_ABOVE = (entries(700 - ROW, 72, ["Hollis M. Quiet harbours of the northern coast.",
                                        "Tidewater Press; 2004."])
                + entries(700 - 4 * ROW, 72, ["Okafor J, Brandt L. Salt marsh hydrology",
                                              "in practice. Fenland Books; 1998."]))
LABELS_LAST = [(72, 700, "Hollis 2004"), (72, 700 - 3 * ROW, "Okafor and Brandt 1998")]
#: PostScript that paints the lines after it in 7 pt, as a browser prints its header and footer.
SMALLER = "/Times-Roman findfont 7 scalefont setfont"


@pytest.mark.parametrize("painted, reads", [
    # each label painted last goes before the entry below it
    (LABELS_ABOVE + LABELS_LAST,
     "hollis 2004 hollis m. quiet harbours of the northern coast. tidewater press; 2004. okafor "
     "and brandt 1998 okafor j, brandt l. salt marsh hydrology in practice."),
    # the page's first line the rest of an entry from the page before: the labels still go in
    (entries(700 + ROW, 72, ["Tide tables of the lower estuary."]) + LABELS_ABOVE
     + LABELS_LAST[1:],
     "tidewater press; 2004. okafor and brandt 1998 okafor j, brandt l."),
    # a browser's header and footer painted after the labels, in a smaller size: left at the end
    (LABELS_ABOVE + LABELS_LAST + [(f"{SMALLER} 72", 760, "11/29/26, 10:44 AM Generated Page"),
                                   (72, 40, "file:///tmp/page.html 1/2")],
     "in practice. fenland books; 1998. 11/29/26, 10:44 am generated page file:///tmp/page.html"),
])
def test_labels_painted_last_are_read_above_their_entries(painted: list[Painted],
                                                           reads: str) -> None:
    assert reads in read(painted)


@pytest.mark.parametrize("painted, reads", [
    # a label painted last with no gap of the column to stand in: the page stays as painted
    (LABELS_ABOVE + [(72, 700 - 3 * ROW, "Okafor and Brandt 1998"), (72, 500, "Varga 2011")],
     "in practice. fenland books; 1998. okafor and brandt 1998 varga 2011"),
    # lines painted last beside the text, in a second column: no gap of its column
    (LABELS_ABOVE + [(320, 700, "Right column line one."), (320, 700 - ROW, "Right column two.")],
     "fenland books; 1998. right column line one. right column two."),
])
def test_lines_painted_last_with_no_place_in_the_text_stay_last(painted: list[Painted],
                                                                reads: str) -> None:
    assert reads in read(painted)


#: An author-date list that sets each entry's names on a line of their own and floats the rest
#: of the entry (its year, title and publisher) below them: a browser paints every float first,
#: then the names in the gaps between them; the last names stand at the page's foot, their
#: float on the next page.
NAMES_ABOVE = [(700, "Hollis, Maren"), (700 - 4 * ROW, "Okafor, Jide and Lena Brandt"),
               (700 - 7 * ROW, "Varga, Tamas")]
FLOATS_BELOW = (entries(700 - ROW, 72, ["2004 Quiet harbours of the northern coast and the",
                                        "islands off it. Tidewater Press."])
                + entries(700 - 5 * ROW, 72, ["1998 Salt marsh hydrology in practice."]))
NAMES_IN_GAPS = [(72, top, names) for top, names in NAMES_ABOVE]
#: A browser's header and footer, painted last in a smaller size.
HEADER_FOOTER = [(f"{SMALLER} 72", 760, "11/29/26, 10:44 AM Generated Page"),
                 (72, 40, "file:///tmp/page.html 1/2")]


@pytest.mark.parametrize("painted, reads", [
    # each entry's float painted first: read below its names
    (FLOATS_BELOW + NAMES_IN_GAPS,
     "hollis, maren 2004 quiet harbours of the northern coast and the islands off it. tidewater "
     "press. okafor, jide and lena brandt 1998 salt marsh hydrology in practice. varga, tamas"),
    # with a browser's header and footer painted last: they stay last
    (FLOATS_BELOW + NAMES_IN_GAPS + HEADER_FOOTER,
     "1998 salt marsh hydrology in practice. varga, tamas 11/29/26, 10:44 am generated page "
     "file:///tmp/page.html 1/2"),
    # the page's heading and first names painted after the floats, above them
    (FLOATS_BELOW + [(72, 700 + 2 * ROW, "References")] + NAMES_IN_GAPS,
     "references hollis, maren 2004 quiet harbours"),
])
def test_runs_painted_in_one_column_are_read_down_it(painted: list[Painted], reads: str) -> None:
    assert reads in read(painted)


@pytest.mark.parametrize("painted, reads", [
    # the names in a second column, between the floats' lines on the page: not one column
    (FLOATS_BELOW + [(320, top, names) for top, names in NAMES_ABOVE],
     "tidewater press. 1998 salt marsh hydrology in practice. hollis, maren okafor"),
    # names painted after, with room for many lines between them and the floats
    (FLOATS_BELOW + [(72, 700 - 12 * ROW, "Varga, Tamas"), (72, 700 + 5 * ROW, "Hollis, Maren")],
     "1998 salt marsh hydrology in practice. varga, tamas hollis, maren"),
    # a float's line and a name on one baseline: not one column
    (FLOATS_BELOW + [(72, 700, "Hollis, Maren"), (300, 700 - 5 * ROW, "Okafor, Jide")],
     "1998 salt marsh hydrology in practice. hollis, maren okafor, jide"),
])
def test_runs_not_in_one_column_stay_as_painted(painted: list[Painted], reads: str) -> None:
    assert reads in read(painted)
