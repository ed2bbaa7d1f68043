"""The citing work: what each source says of a document, merged into one ``work`` object.

A *candidate* is what one source says: a dict with ``from`` (the source's name, one of
:data:`SOURCES`) and any of :data:`FIELDS`, already cleaned by ``fields.py``. Who makes them:
``html_meta.py`` (in the HTML reader), ``pdf_meta.py`` and ``first_page.py`` (in the PDF
parser worker), ``text_head.py`` (for text without layout), the landing-page store (for a PDF
a repository's record page names). Who merges them: :func:`merged_work`, from the citation
stage (``document/stages.identify_work``), for documents that cite.

The work, as the feed item carries it (``item["work"]``)::

    {"title": str|None, "authors": [str, ...], "year": int|None, "venue": str|None,
     "doi": str|None, "arxiv": str|None, "source": {field: source, ...}}

Each field comes from the most trusted source that gives it (:data:`SOURCES`, most trusted
first); ``source`` names that source for every field that has a value.
"""

from __future__ import annotations

from typing import Any

#: The fields of a work, in the order the feed shows them.
FIELDS = ("title", "authors", "year", "venue", "doi", "arxiv")
#: Sources, most trusted first: a page's scholarly meta tags (Highwire Press, Dublin Core,
#: schema.org), a repository's record page for the PDF it names, the PDF's XMP and its
#: document information, then what the document shows: a page's <title>/heading, a PDF's
#: first page (layout), the head of a text without layout.
SOURCES = ("highwire", "dc", "jsonld", "landing-page", "xmp", "pdf-info", "html-title",
           "first-page", "text-head")
_RANK = {name: rank for rank, name in enumerate(SOURCES)}

Candidate = dict[str, Any]


def empty_work() -> dict[str, Any]:
    """A work nothing is known of (every field empty)."""
    return {"title": None, "authors": [], "year": None, "venue": None, "doi": None,
            "arxiv": None, "source": {}}


def merged_work(candidates: list[Candidate]) -> dict[str, Any]:
    """Each field from the most trusted candidate that has it. A candidate of an unknown
    source is ranked last (a newer worker's source name read by an older crawler)."""
    work = empty_work()
    ranked = sorted(candidates, key=lambda c: _RANK.get(c.get("from", ""), len(SOURCES)))
    for name in FIELDS:
        for candidate in ranked:
            value = candidate.get(name)
            if value:
                work[name] = list(value) if name == "authors" else value
                work["source"][name] = candidate.get("from", "")
                break
    return work


def candidate(source: str, **fields: Any) -> Candidate | None:
    """A candidate of ``source`` with the fields that have a value; None when none has."""
    kept = {name: value for name, value in fields.items() if name in FIELDS and value}
    return {"from": source, **kept} if kept else None
