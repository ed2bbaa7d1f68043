"""Is a hit the document's own title ("self") or a citation of the title ("cites")?

A search for "MapReduce: Simplified Data Processing on Large Clusters" by Dean finds the
MapReduce paper itself: its title page prints the title with Dean's name under it. A user who
asks "who cites my paper" needs to see that hit apart, so each hit gets a relation:

* ``"self"``: the title is the document's own title: it fills whole lines among the document's
  first lines (a few header lines may come first: journal, conference, arXiv stamp), before the
  abstract, the keywords or the first section; a name of one of the searched authors is in the
  byline, the few lines right after the title; and no searched name is in the title's lines or
  before them (then the title is an entry of a list of that author's works, as on a thesis's
  title page, which prints its author's name above such a list).
* ``"cites"``: everything else: the title inside a sentence of the first paragraph, in a list of
  the author's earlier works on a thesis's title page ("Fiala, D.: Title. 2003." fills its line
  with more than the title), in the references.

Lines matter (a title block is a block of lines), so this reads the document text as extracted,
before :func:`normalize_text` joins its lines; only the head of the document is looked at, so a
hit costs microseconds. A text with no line breaks (already normalized) is one long line: its
hits are all ``"cites"``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Sequence

from rapidfuzz.distance import Indel

from .name_parts import name_forms
from .names import NameIndex
from .normalize import normalize_text

SELF = "self"
CITES = "cites"
RELATIONS = (SELF, CITES)

_HEAD_LINES = 40  # non-blank lines of the head looked at, at most
_RAW_LINES = 200  # raw lines read to find them (blank lines, page furniture)
_LINE_CHARS = 400  # a longer line is running text, never a title line
_FIRST_CHUNK = 16_384  # characters split into lines first (more only if they are too few)
_HEADER_LINES = 8  # lines that may precede the title: journal, conference, arXiv stamp, <title>
_TITLE_LINES = 4  # a title printed over this many lines at most
_BYLINE_LINES = 8  # lines after the title where its authors are printed
_TITLE_SIMILARITY = 0.8  # the title's lines against the searched title (typos, footnote marks)
#: The end of a title page's head: the abstract, keywords, contents or the first section.
_HEAD_END = re.compile(
    r"(?:abstract|summary|keywords|key words|index terms|contents|table of contents|"
    r"references|bibliography|(?:\d{1,2}\.?|[ivx]{1,4}\.) ?introduction|introduction)\b")


def citation_relation(text: str, title: str, authors: Sequence[str]) -> str:
    """``"self"`` if ``title`` is the own title of the document ``text`` (as extracted, lines
    kept) with one of ``authors`` in its byline, else ``"cites"`` (see the module docstring)."""
    return DocumentHead.of(text).relation(title, authors)


@dataclass(frozen=True)
class DocumentHead:
    """The normalized non-blank lines of a document before its abstract or first section."""

    lines: tuple[str, ...]

    @classmethod
    def of(cls, text: str) -> DocumentHead:
        """Read at most ``_RAW_LINES`` lines: the head is at the top of the first page."""
        head = []
        for raw in _first_lines(text, _RAW_LINES):
            line = normalize_text(raw[:_LINE_CHARS + 1])
            if not line:
                continue
            if _HEAD_END.match(line) or len(head) == _HEAD_LINES:
                break
            head.append(line)
        return cls(tuple(head))

    def relation(self, title: str, authors: Sequence[str]) -> str:
        """See :func:`citation_relation`."""
        wanted = normalize_text(title)
        if not wanted or not self.lines:
            return CITES
        index = None
        for start, count in self._title_blocks(wanted):
            if index is None:
                index = NameIndex([form for author in authors for form in name_forms(author)])
            if self._is_title_block(index, start, count):
                return SELF
        return CITES

    def _title_blocks(self, title: str):
        """(first line, line count) of every run of whole lines that reads as ``title``."""
        for start in range(min(_HEADER_LINES + 1, len(self.lines))):
            joined = ""
            for count in range(1, _TITLE_LINES + 1):
                if start + count > len(self.lines):
                    break
                line = self.lines[start + count - 1]
                if len(line) > _LINE_CHARS:
                    break
                joined = f"{joined} {line}" if joined else line
                if len(joined) > 2 * len(title) + 20:
                    break
                if Indel.normalized_similarity(joined, title) >= _TITLE_SIMILARITY:
                    yield start, count
                    break

    def _is_title_block(self, index: NameIndex, start: int, count: int) -> bool:
        """True if no searched name is in or before the title's lines, and one is in the
        lines right after them (the byline)."""
        if _has_name(index, self.lines[:start + count]):
            return False  # "Fiala, D.: Title. 2003.", or the list of a thesis author's works
        return _has_name(index, self.lines[start + count:start + count + _BYLINE_LINES])


def _first_lines(text: str, count: int) -> list[str]:
    """``text.splitlines()[:count]``, splitting only as much of the text as they need: a
    document may be megabytes, its head a few kilobytes."""
    size = _FIRST_CHUNK
    while True:
        lines = text[:size].splitlines()
        if len(lines) > count + 1 or size >= len(text):  # the first ``count`` lines are whole
            return lines[:count]
        size *= 4


def _has_name(index: NameIndex, lines: Sequence[str]) -> bool:
    """True if a whole-word name of the index is in one of ``lines``."""
    return bool(lines) and any(index.spans(" | ".join(lines)).values())
