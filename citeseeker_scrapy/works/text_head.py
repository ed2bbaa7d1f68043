"""What the head of a text without layout shows of its work: office files, plain text, and
any part whose reader gave no candidates.

Who calls it: the citation stage (``document/stages.identify_work``), for a citing part only.
The title is the heading rule :func:`title_of` (also the report's title of a citing document); the authors are the name
lines after it (``first_page``'s rule for one line); DOI, arXiv identifier and year as on a
PDF's first page.
"""

from __future__ import annotations

import re
from itertools import chain, islice

from .fields import arxiv_of, arxiv_year, clean_title, doi_of, squeeze
from .first_page import AUTHORS_END, names_of_line, printed_year
from .work import Candidate, candidate

#: The head of a text read for its work (a first page's worth).
HEAD_CHARS = 4000
#: Lines after the title looked at for names.
AUTHOR_LINES = 8


#: The longest title a report shows.
MAX_TITLE = 160
#: How many lines of a text are looked at for a heading.
LINES_LOOKED_AT = 12
#: How much of the head of a text is split into lines first (enough for 48 lines of a page).
TITLE_HEAD_CHARS = 16384
_WORD = re.compile(r"[^\W\d_]{2,}")
_NOT_A_TITLE = re.compile(r"@|https?://|www\.|^\W*(page|vol\.?|volume|issn|isbn|doi)\b"
                          r"|^\W*(january|february|march|april|may|june|july|august|september"
                          r"|october|november|december)\W+\d", re.I)


def title_of(text: str, kind: str = "") -> str:
    """An HTML part's first line (its ``<title>``), else the first heading-like line of
    ``text``; "" when none looks like one."""
    # lazily: a page's title is its first line, and the first heading-like line ends the look
    squeezed = (" ".join(raw.replace("\ufffe", "").split())
                for raw in _first_lines(text, LINES_LOOKED_AT * 4))
    lines = islice(filter(None, squeezed), LINES_LOOKED_AT)
    first = next(lines, None)
    if first is None:
        return ""
    if kind == "html" and any(ch.isalpha() for ch in first):
        return _cut(first)
    return next((_cut(line) for line in chain((first,), lines) if _looks_like_title(line)), "")


def _first_lines(text: str, count: int) -> list[str]:
    """The first ``count`` lines of ``text``, split from its head only: the report extension
    asks for the title of every citing document in the crawl's main thread, and splitting a
    whole 10 MB manual into lines there would stall the crawl for a dozen of them."""
    head = text[:TITLE_HEAD_CHARS]
    lines = head.splitlines()
    if len(lines) > count or len(head) == len(text):
        return lines[:count]
    return text.splitlines()[:count]  # a few very long lines: the whole text after all


def _cut(line: str) -> str:
    return line if len(line) <= MAX_TITLE else line[:MAX_TITLE - 1].rstrip() + "…"


def _looks_like_title(line: str) -> bool:
    words = _WORD.findall(line)
    if len(words) < 2 or len(line) < 8 or _NOT_A_TITLE.search(line):
        return False
    letters = sum(ch.isalpha() for ch in line)
    return letters >= 0.6 * len(line.replace(" ", ""))


def text_head_candidate(text: str, kind: str) -> Candidate | None:
    """The work the first lines of ``text`` show. A page's text starts with its <title>: for
    a page without scholarly metadata that is all (``html-title``), its text's names and dates
    being anyone's."""
    head = text[:HEAD_CHARS]
    title = clean_title(title_of(head, kind))
    if kind == "html":
        return candidate("html-title", title=title)
    authors: list[str] = []
    if title:
        lines = [squeeze(line) for line in head.splitlines() if line.strip()]
        start = next((i for i, line in enumerate(lines) if title in line), None)
        for line in lines[start + 1: start + 1 + AUTHOR_LINES] if start is not None else ():
            if AUTHORS_END.search(line):
                break
            authors += names_of_line(line)
    arxiv = arxiv_of(head)
    return candidate("text-head", title=title, authors=list(dict.fromkeys(authors)),
                     year=printed_year([(line, False) for line in head.splitlines()[:60]])
                     or (arxiv_year(arxiv) if arxiv else None),
                     doi=doi_of(head), arxiv=arxiv)
