"""What the head of a text without layout shows of its work: office files, plain text, and
any part whose reader gave no candidates.

Who calls it: the citation stage (``document/stages.identify_work``), for a citing part only.
The title is the report's heading rule (``report/titles.title_of``); the authors are the name
lines after it (``first_page``'s rule for one line); DOI, arXiv identifier and year as on a
PDF's first page.
"""

from __future__ import annotations

from citeseeker_scrapy.report.titles import title_of

from .fields import arxiv_of, arxiv_year, clean_title, doi_of, squeeze
from .first_page import AUTHORS_END, names_of_line, printed_year
from .work import Candidate, candidate

#: The head of a text read for its work (a first page's worth).
HEAD_CHARS = 4000
#: Lines after the title looked at for names.
AUTHOR_LINES = 8


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
