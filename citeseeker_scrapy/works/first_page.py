"""What a paper's first page shows of its work: the title by its type size, the authors below
it, and the DOI, arXiv identifier and year printed on the page.

Who calls it: the PDF parser worker (``extraction/processes/worker_main.py``) while it reads
page 1 (:func:`page_lines`, on PDFium's text page), then ``pdf_meta.pdf_candidates``
(:func:`first_page_candidate`). PostScript is distilled to PDF first, so it is read the same
way. Why lines, not characters: asking PDFium for every character's size and box cost 40 % of
the text extraction of a paper; a line's first and middle characters tell its size and place
for a hundredth of that.
"""

from __future__ import annotations

import re
from typing import Any

from .fields import (
    PARTICLES, arxiv_of, arxiv_year, clean_title, doi_of, folded, person_name, year_of,
)
from .work import Candidate, candidate

#: The lines of page 1 looked at, at most (the title and authors are in the first ones).
MAX_LINES = 120

#: PDFium's mark of a hyphen it took for a line end (the halves are joined already).
SOFT_HYPHEN = "\ufffe"

#: [text, size, left, top]: left and top as fractions of the page's width and height, top
#: from the page's top edge.
Line = list[Any]


def page_lines(textpage: Any, raw_text: str, page_size: tuple[float, float]) -> list[Line]:
    """Page 1's lines (PDFium's ``\\r\\n``-separated text) with the type size of each line's
    first and middle characters (the larger) and where the line starts."""
    import pypdfium2.raw as pdfium_c

    handle = textpage.raw
    offsets = _char_offsets(raw_text, textpage.count_chars())
    box = pdfium_c.FS_RECTF()
    width, height = (max(1.0, side) for side in page_size)
    lines: list[Line] = []
    start = 0
    for text in raw_text.split("\r\n"):
        end = start + len(text)
        stripped = text.replace(SOFT_HYPHEN, "").strip()
        if stripped:
            first = offsets(start + len(text) - len(text.lstrip()))
            pdfium_c.FPDFText_GetLooseCharBox(handle, first, box)
            left, top, size = box.left, box.top, box.top - box.bottom
            pdfium_c.FPDFText_GetLooseCharBox(handle, offsets(start + len(text) // 2), box)
            lines.append([stripped, round(max(size, box.top - box.bottom), 1),
                          round(left / width, 3), round(1 - top / height, 3)])
            if len(lines) >= MAX_LINES:
                break
        start = end + 2
    return lines


def _char_offsets(text: str, count: int):
    """Index in ``text`` → PDFium's character index (they differ after a character outside
    the Basic Multilingual Plane, which PDFium counts twice)."""
    if len(text) == count:
        return lambda index: index
    units = [0] * (len(text) + 1)
    for index, ch in enumerate(text):
        units[index + 1] = units[index] + (2 if ord(ch) > 0xFFFF else 1)
    return lambda index: units[min(index, len(text))]


def first_page_candidate(lines: list[Line] | None, text: str) -> Candidate | None:
    """The work page 1 shows: title and authors from ``lines`` (:func:`page_lines`), the
    DOI, arXiv identifier and year from its ``text``."""
    title, authors = None, []
    if lines:
        title_lines = _title_block(lines)
        if title_lines:
            title = clean_title(" ".join(line[0] for line in title_lines))
            authors = _authors_below(lines, title_lines)
    arxiv = arxiv_of(text)
    return candidate("first-page", title=title, authors=authors,
                     year=printed_year(text) or (arxiv_year(arxiv) if arxiv else None),
                     doi=doi_of(text), arxiv=arxiv)


#: How far down page 1 a title may start (a fraction of the page's height).
TITLE_ZONE = 0.5
#: How far down page 1 the authors may be.
AUTHOR_ZONE = 0.7
#: Lines that are no title: a venue, a date, a licence, a label, a running head.
_NOT_TITLE = re.compile(
    r"@|https?://|www\.|\bdoi\b|arxiv|©|\(c\)|copyright|\bissn\b|\bisbn\b|\bvol(ume)?\b\.?\s*\d"
    r"|^\W*(proceedings|in proceedings|journal|transactions|conference|workshop|symposium"
    r"|research article|original article|article|open access|review|letter|preprint|draft"
    r"|technical report|abstract|keywords|received|accepted|published|submitted|page)\b"
    r"|\bpages?\s+\d", re.IGNORECASE)
#: Where the author lines end.
AUTHORS_END = re.compile(r"^\W*(\d\.?\s*)?(abstract|introduction|summary|keywords|index terms"
                          r"|résumé|zusammenfassung)\b", re.IGNORECASE)
#: Marks after a name that point to an affiliation or a note.
_MARKS = re.compile(r"[\d*†‡§¶☯⋆∗♯♮♭•◦#]+|\b[a-f](?=,|$|\s)|\^\S*")
_EMAIL = re.compile(r"\S*@\S*|\{[^}]*\}\S*|\([^)]*@[^)]*\)")
_YEAR_LINE = re.compile(
    r"©|\(c\)|copyright|proceedings|conference|journal|transactions|workshop|symposium"
    r"|\bvol\b|volume|published|accepted|received|press|\bissn\b|\bdoi\b|magazine|\bin\b.*\d{4}"
    r"|report|thesis|dissertation|university|\bllc\b|ieee|acm|springer|elsevier"
    r"|january|february|march|april|may|june|july|august|september|october|november|december",
    re.IGNORECASE)
_CAPITALISED = re.compile(r"^(?:[A-ZÀ-Þ][\w'’.-]*|[A-ZÀ-Þ]\.)$")


def _body_size(lines: list[Line]) -> float:
    """The type size most of the page's text is set in."""
    weight: dict[float, int] = {}
    for text, size, _, _ in lines:
        weight[size] = weight.get(size, 0) + len(text)
    return max(weight, key=weight.get)


def _title_block(lines: list[Line]) -> list[Line]:
    """The lines of the largest type near the top of the page that read like a title,
    top to bottom (a title of several lines)."""
    zone = [line for line in lines if line[3] <= TITLE_ZONE and _could_be_title(line[0])]
    if not zone:
        return []
    largest = max(line[1] for line in zone)
    if largest <= _body_size(lines) * 1.05:
        return [min(zone, key=lambda line: line[3])]  # one size everywhere: the first line
    big = sorted((line for line in zone if line[1] >= largest * 0.93), key=lambda l: l[3])
    block = [big[0]]
    for line in big[1:]:
        if line[3] - block[-1][3] > 0.06 or len(block) >= 4:
            break
        block.append(line)
    return block


def _could_be_title(text: str) -> bool:
    return (sum(ch.isalpha() for ch in text) >= 3 and not _NOT_TITLE.search(text)
            and not text.strip().isdigit())


def _authors_below(lines: list[Line], title: list[Line]) -> list[str]:
    """The names on the lines between the title and the abstract (or the first lines of
    body text), in reading order: top to bottom, left to right."""
    below = title[-1][3]
    names: list[str] = []
    zone = sorted((line for line in lines if below < line[3] <= AUTHOR_ZONE
                   and line not in title), key=lambda line: (round(line[3], 2), line[2]))
    body = _body_size(lines)
    for text, size, _, _ in zone:
        if AUTHORS_END.search(text) or (size <= body * 1.01 and len(text) > 90):
            break
        names += names_of_line(text)
    return list(dict.fromkeys(names))


def names_of_line(text: str) -> list[str]:
    """The person names of one author line, or none when any part of it is something else
    (an affiliation, an address, a sentence)."""
    text = _MARKS.sub(" ", _EMAIL.sub(" ", text))
    chunks = [c.strip() for c in re.split(r",|;|\s+and\s+|\s*&\s*|\s{3,}", text)]
    names = []
    for chunk in chunks:
        words = chunk.split()
        while words and not _CAPITALISED.match(words[-1]):
            words.pop()  # an e-mail's user part the address was split from
        if not words:
            continue
        name = person_name(" ".join(words))
        if name is None or not all(_CAPITALISED.match(w) or folded(w) in PARTICLES
                                   for w in name.split()) or len(name.split()) > 4:
            return []
        names.append(name)
    return names


def printed_year(text: str) -> int | None:
    """The year page 1 prints in a copyright, venue or date line (the latest: a paper
    received in one year is published in the next); None when none does."""
    years = [year for line in text.splitlines()[:200] if _YEAR_LINE.search(line)
             for year in map(year_of, re.findall(r"(?<!\d)(?:19|20)\d\d(?!\d)", line)) if year]
    return max(years, default=None)
