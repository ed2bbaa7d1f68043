"""The citing paper's title, for the report: the real title, not the first 100 characters.

Who calls it: the report extension, when a citing document is in the feed (its parts still
hold their text), takes the title here and has the run's report (``report/logs.RunReport``)
write it to ``titles.tsv`` beside success.log (``where<TAB>title``; success.log keeps the
original's columns); :mod:`citeseeker_scrapy.report.results` reads it back.

Which title: an HTML part's text starts with its ``<title>`` (the text extraction keeps it as
the first line); otherwise — PDF, PostScript, office files — the first line of the text that
reads like a heading: a few words, mostly letters, not a date, a page number, a running head
with an e-mail or URL. Titles are cut at :data:`MAX_TITLE` characters.
"""

from __future__ import annotations

import re
from pathlib import Path

TITLES_FILE = "titles.tsv"
MAX_TITLE = 160
#: How many lines of a text are looked at for a heading.
LINES_LOOKED_AT = 12
#: How much of the head of a text is split into lines first (enough for 48 lines of a page).
HEAD_CHARS = 16384
_WORD = re.compile(r"[^\W\d_]{2,}")
_NOT_A_TITLE = re.compile(r"@|https?://|www\.|^\W*(page|vol\.?|volume|issn|isbn|doi)\b"
                          r"|^\W*(january|february|march|april|may|june|july|august|september"
                          r"|october|november|december)\W+\d", re.I)


def title_of(text: str, kind: str = "") -> str:
    """An HTML part's first line (its ``<title>``), else the first heading-like line of
    ``text``; "" when none looks like one."""
    lines = [" ".join(raw.replace("\ufffe", "").split())
             for raw in _first_lines(text, LINES_LOOKED_AT * 4)]
    lines = [line for line in lines if line][:LINES_LOOKED_AT]
    if kind == "html" and lines and any(ch.isalpha() for ch in lines[0]):
        return _cut(lines[0])
    return next((_cut(line) for line in lines if _looks_like_title(line)), "")


def _first_lines(text: str, count: int) -> list[str]:
    """The first ``count`` lines of ``text``, split from its head only: the report extension
    asks for the title of every citing document in the crawl's main thread, and splitting a
    whole 10 MB manual into lines there took tens of milliseconds for a dozen of them."""
    head = text[:HEAD_CHARS]
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


def read_titles(log_dirs: list[Path]) -> dict[str, str]:
    """``where -> title`` from every log directory given; the last line of a place wins."""
    titles: dict[str, str] = {}
    for directory in log_dirs:
        path = Path(directory) / TITLES_FILE
        if path.exists():
            for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
                where, _, title = line.partition("\t")
                if where and title:
                    titles[where] = title
    return titles
