"""The citing paper's title, for the report: the real title, not the first 100 characters.
The heading rule itself is :func:`citeseeker_scrapy.works.text_head.title_of`; this module
keeps the file the titles are written to and reads it back.

Who calls it: the report extension, when a citing document is in the feed (its parts still
hold their text), takes the title from ``title_of`` and has the run's report (``report/logs.RunReport``)
write it to ``titles.tsv`` beside success.log (``where<TAB>title``; success.log keeps the
original's columns); :mod:`citeseeker_scrapy.report.results` reads it back.

Which title: an HTML part's text starts with its ``<title>`` (the text extraction keeps it as
the first line); otherwise — PDF, PostScript, office files — the first line of the text that
reads like a heading: a few words, mostly letters, not a date, a page number, a running head
with an e-mail or URL. Titles are cut at
``works.text_head.MAX_TITLE`` characters.
"""

from __future__ import annotations

from pathlib import Path

TITLES_FILE = "titles.tsv"


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
