"""What a paper's first page shows of its work: the title by its type size, the authors below
it, and the DOI, arXiv identifier and year printed on the page.

Who calls it: ``pdf_meta.pdf_candidates`` in the citation stage, for a PDF part that cites,
with page 1's lines (read in the parser worker by ``page_layout.page_lines``: text, type
size, place) and text; ``page_layout`` asks it where the author lines are (it looks at their
word gaps while PDFium's page is open); ``text_head.py`` uses its rules for one author line
and for the year. PostScript is distilled to PDF first, so it is
read the same way. Pure: the standard library only.

The rules, in the order they run: the title is the largest type in the upper half of the page
among lines that read like a title (not a venue, a date, a licence, a label), with the lines
of the same size right under it; the authors are the names on the lines between the title and
the abstract (or the first line of body text), top to bottom and left to right, each line
taken only when every part of it is a person's name (so affiliations, addresses and e-mails
are left out); the year is the best-placed year of a line that is no body text (a copyright
line first, then a journal or conference line, then a date or preprint line).
"""

from __future__ import annotations

import re
from typing import Any

from .fields import (
    PARTICLES, arxiv_of, arxiv_year, clean_title, doi_of, folded, person_name, year_of,
)
from .work import Candidate, candidate

#: [text, size, left, top]: left and top as fractions of the page's width and height, top
#: from the page's top edge; size in points.
Line = list[Any]

#: How far down page 1 a title may start (a fraction of the page's height).
TITLE_ZONE = 0.5
#: How far down page 1 the authors may be.
AUTHOR_ZONE = 0.7
#: Lines under the title looked at for authors, at most.
AUTHOR_LINES = 40
#: Lines that are no title: a venue, a date, a licence, a label, a running head.
_NOT_TITLE = re.compile(
    r"@|https?://|www\.|\bdoi\b|arxiv|©|\(c\)|copyright|\bissn\b|\bisbn\b|\bvol(ume)?\b\.?\s*\d"
    r"|^\W*(proceedings|in proceedings|journal|transactions|conference|workshop|symposium"
    r"|research article|original article|article|open access|review|letter|preprint|draft"
    r"|technical report|abstract|keywords|received|accepted|published|submitted|page)\b"
    r"|\bpages?\s+\d|^[\W\d]*$|\bjournal of\b|typeset using|\blatex\b|draft version",
    re.IGNORECASE)
#: Where the author lines end.
AUTHORS_END = re.compile(r"^\W*(\d\.?\s*)?(abstract|introduction|summary|keywords|index terms"
                         r"|résumé|zusammenfassung)\b", re.IGNORECASE)
#: Marks after a name that point to an affiliation or a note; followed by a space, they end
#: the name (authors set in a row with only their marks between them).
_MARK_CHARS = "\\d*†‡§¶☯⋆∗♯♮♭•◦#$+"
_MARKS = re.compile(f"[{_MARK_CHARS}]+|(?<!\\S)[a-f](?=[,\\s]|$)|\\^\\S*")
_MARKS_THEN_SPACE = re.compile(f"(?<=[^\\W\\d_.])[{_MARK_CHARS}]+(?:,[{_MARK_CHARS}]+)*\\s+")
#: An IEEE member grade after a name ("Avideh Zakhor, Member, IEEE"); a title before one.
_GRADE = re.compile(r",?\s*(?:(?:student|senior|life)\s+)?(?:member|fellow),?\s+ieee\b"
                    r"|\b(?:dr|prof|professor)\.?\s+(?=[A-Z])", re.IGNORECASE)
_EMAIL = re.compile(r"\S*@\S*|\{[^}]*\}\S*|\([^)]*@[^)]*\)")
_SEPARATORS = re.compile(r",|;|(?:^|\s+)and\s+|\s*&\s*|\s{3,}", re.IGNORECASE)
_CAPITALISED = re.compile(r"^(?:[A-ZÀ-Þ][\w'’.-]*|[A-ZÀ-Þ]\.)$")
_YEAR = re.compile(r"(?<![\d/.-])(?:19|20)\d\d(?![\d/-])")
_COPYRIGHT = re.compile(r"©|\(c\)\s*(19|20)\d\d|copyright", re.I)
#: (pattern of a line, how much a year on it is worth): a copyright first, then the venue.
_YEAR_CLUES = (
    (_COPYRIGHT, 6),
    (re.compile(r"\b(accepted|published|issued|appeared)\b", re.I), 5),
    (re.compile(r"proceedings|conference|journal|transactions|workshop|symposium|\bvol\b"
                r"|volume|\bno\.|magazine|\bissn\b|\bpp\.|[A-Z]{3,}\s+(\d+\s*,|\d{4})", re.I), 4),
    (re.compile(r"\(\s*(19|20)\d\d\s*\)|\d+\s*\(\d+\)\s*:\s*\d+"), 4),
    (re.compile(r"preprint|report|thesis|dissertation|draft|dated|submitted|received"
                r"|^\W*(january|february|march|april|may|june|july|august|september|october"
                r"|november|december)?\W*(19|20)\d\d\W*$", re.I), 3),
)


def first_page_candidate(lines: list[Line] | None, text: str) -> Candidate | None:
    """The work page 1 shows: title and authors from ``lines`` (``page_layout``), the DOI,
    arXiv identifier and year from its ``text`` (and the lines: the year of a body line,
    a cited work's, does not count)."""
    title, authors = None, []
    if lines:
        body = _body_size(lines)
        title_lines = _title_block(lines, body)
        if title_lines:
            title = clean_title(" ".join(line[0] for line in title_lines))
            authors = _authors_below(lines, author_zone(lines, title_lines, body))
    arxiv = arxiv_of(text)
    year = printed_year(_not_body(lines) if lines else [(t, False) for t in text.splitlines()[:60]])
    return candidate("first-page", title=title, authors=authors,
                     year=year or (arxiv_year(arxiv) if arxiv else None),
                     doi=doi_of(text), arxiv=arxiv)


def _body_size(lines: list[Line]) -> float:
    """The type size most of the page's text is set in."""
    weight: dict[float, int] = {}
    for text, size, _, _ in lines:
        weight[size] = weight.get(size, 0) + len(text)
    return max(weight, key=weight.get, default=0.0)


def _title_block(lines: list[Line], body: float) -> list[Line]:
    """The lines of the largest type near the top of the page that read like a title,
    top to bottom (a title of several lines). Lines are judged largest first, so that few
    are (the rule's regular expression is most of this module's time)."""
    zone = sorted((line for line in lines if line[3] <= TITLE_ZONE), key=lambda l: -l[1])
    largest = next((line[1] for line in zone if _could_be_title(line[0])), None)
    if largest is None:
        return []
    if largest <= body * 1.05:
        return _first_title_lines(sorted((l for l in zone if l[1] >= body * 0.95),
                                         key=lambda line: line[3]))
    big = sorted((line for line in zone if line[1] >= largest * 0.88
                  and _could_be_title(line[0])), key=lambda l: l[3])
    block = [big[0]]
    for line in big[1:]:
        if line[3] - block[-1][3] > 0.06 or len(block) >= 6:
            break
        block.append(line)
    return block


def _first_title_lines(zone: list[Line]) -> list[Line]:
    """A title in the body's type size (amsart sets it in bold capitals): the first line
    that reads like a title, with the capitals right under it."""
    start = next((i for i, line in enumerate(zone) if _could_be_title(line[0])), None)
    if start is None:
        return []
    block = [zone[start]]
    for line in zone[start + 1:start + 4]:
        if not (block[0][0].isupper() and line[0].isupper()) or line[3] - block[-1][3] > 0.03:
            break
        block.append(line)
    return block


def _could_be_title(text: str) -> bool:
    return sum(ch.isalpha() for ch in text) >= 3 and not _NOT_TITLE.search(text)


def author_zone(lines: list[Line], title: list[Line] | None = None,
                body: float | None = None) -> list[int]:
    """Indices of the lines where the authors may be: under the title (found here unless
    given), above the abstract. Who calls it: ``page_layout.page_lines``, which looks at
    these lines word by word, and :func:`first_page_candidate`."""
    body = _body_size(lines) if body is None else body
    title = _title_block(lines, body) if title is None else title
    if not title:
        return []
    below = title[-1][3]
    zone = sorted((i for i, line in enumerate(lines)
                   if below < line[3] <= AUTHOR_ZONE and line not in title),
                  key=lambda i: (round(lines[i][3], 2), lines[i][2]))
    kept = []
    for index in zone[:AUTHOR_LINES]:
        text, size = lines[index][0], lines[index][1]
        if AUTHORS_END.search(text) or (abs(size - body) <= body * 0.03 and len(text) > 90):
            break
        kept.append(index)
    return kept


def _authors_below(lines: list[Line], zone: list[int]) -> list[str]:
    """The names on the lines of the author ``zone``, in reading order; once a line of names
    was found, only lines in its type size (names further down in a grid of author blocks,
    not the addresses under them)."""
    names: list[str] = []
    size = None
    for index in zone:
        if size is not None and abs(lines[index][1] - size) > size * 0.1:
            continue
        found = names_of_line(lines[index][0])
        if found and size is None:
            size = lines[index][1]
        names += found
    return list(dict.fromkeys(names))


def names_of_line(text: str) -> list[str]:
    """The person names of one author line, or none when any part of it is something else
    (an affiliation, an address, a sentence)."""
    text = _GRADE.sub(" ", _EMAIL.sub(" ", text))
    text = _MARKS.sub(" ", _MARKS_THEN_SPACE.sub(", ", text))
    names = []
    for chunk in _SEPARATORS.split(text):
        words = chunk.split()
        while words and not _CAPITALISED.match(words[-1]):
            words.pop()  # an e-mail's user part the address was split from
        if not words:
            continue
        name = person_name(" ".join(words))
        if name is None or not _printed_like_a_name(name):
            return []
        names.append(name)
    return names


def _printed_like_a_name(name: str) -> bool:
    """Two to four words besides particles, each capitalised; in a name of mixed case, only
    the family name may be in capitals ("Ross G. DOUGLAS"), and no word is an acronym
    ("CNRS LTCI", "Redmond WA")."""
    words = name.split()
    given = [w for w in words if folded(w) not in PARTICLES]
    if not 2 <= len(given) <= 4 or not all(_CAPITALISED.match(w) for w in given):
        return False
    if name.isupper():
        return True
    capitals = [w for w in given[:-1] if len(w.strip(".")) > 1 and w.isupper()]
    return not capitals and not (given[-1].isupper() and len(given[-1]) < 3)


#: Lines this far down the page are its footer (a column's last lines: a conference's
#: permission block); further down, or this near the top, its margin (running lines).
FOOTER = 0.85
MARGIN = 0.92
HEADER = 0.08
#: What a year in the header or footer is worth with no other clue (a venue's running line).
MARGIN_WORTH = 2


#: A type size with this many long lines is a size of running text (the body, the abstract).
PARAGRAPH_LINES = 3


def _not_body(lines: list[Line]) -> list[tuple[str, bool]]:
    """The texts of lines that are no running text: not in a size of running text (one with
    :data:`PARAGRAPH_LINES` long lines: the body's, the abstract's), or above the first long
    line, or in the footer. What they leave: headers, footers, title, authors, venue,
    copyright and date lines; each with whether it is in the page's margin (header or
    footer)."""
    long_lines = [line for line in lines if len(line[0]) > 50]
    sizes = [line[1] for line in long_lines]
    running = {size for size in set(sizes)
               if sum(abs(size - other) <= size * 0.03 for other in sizes) >= PARAGRAPH_LINES}

    def is_running(size: float) -> bool:
        return any(abs(size - r) <= r * 0.06 for r in running)

    first = _first_paragraph(lines, is_running)
    return [(text, top < HEADER or top > MARGIN) for text, size, _, top in lines
            if not is_running(size) or top < first
            or (top > FOOTER and _COPYRIGHT.search(text))]


def _first_paragraph(lines: list[Line], is_running: Any) -> float:
    """Where the first paragraph of running text starts: the first of
    :data:`PARAGRAPH_LINES` lines in a row, top to bottom, that are long and in a running
    size (an address line as long as a sentence is not one)."""
    streak: list[float] = []
    for text, size, _, top in sorted(lines, key=lambda line: line[3]):
        if len(text) > 50 and is_running(size):
            streak.append(top)
            if len(streak) >= PARAGRAPH_LINES:
                return streak[0]
        else:
            streak = []
    return 1.0


def _clue(line: str) -> int:
    return max((w for pattern, w in _YEAR_CLUES if pattern.search(line)), default=0)


def printed_year(lines: list[tuple[str, bool]]) -> int | None:
    """The year of the line with the best clue (:data:`_YEAR_CLUES`: a copyright, then an
    acceptance, a venue, a date; a line in the margin, ``(text, in_margin)``, is worth
    :data:`MARGIN_WORTH` at least); the latest of equals. None when no line has one."""
    best: tuple[int, int] | None = None
    found = [_YEAR.findall(line) for line, _ in lines]
    for index, (line, in_margin) in enumerate(lines):
        years = [y for y in map(year_of, found[index]) if y]
        if not years:
            continue
        # the clue may be on the line before: "Proceedings of the 30th VLDB Conference," /
        # "Toronto, Canada, 2004"
        before = _clue(lines[index - 1][0]) - 1 if index else 0
        worth = max(_clue(line), before, MARGIN_WORTH if in_margin else 0)
        if worth and (best is None or (worth, max(years)) > best):
            best = (worth, max(years))
    return best[1] if best else None
