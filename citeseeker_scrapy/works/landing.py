"""A repository's record page (a *landing page*) and the PDF it names: the PDF gets the page's
work.

DSpace, EPrints, OJS, arXiv's abstract pages and most publishers print Highwire Press tags on
the record page and name the full text in ``citation_pdf_url``; the PDF itself often has no
usable metadata. Who calls it: the scheduler (:func:`landing_offer`, when a document's links go
to the frontier), which stores the page's work with the frontier entry of that PDF (under
:data:`citeseeker_scrapy.keys.LANDING_KEY` in the entry's request meta): so it survives a
resume, and a kill -9 loses or doubles nothing the frontier itself does not. The spider puts
it on the PDF's item (``DocumentItem.landing``) and the citation stage merges it as the
``landing-page`` source.
"""

from __future__ import annotations

from typing import Any

from .work import FIELDS, Candidate, candidate, merged_work

#: The source name of a work taken from a record page.
LANDING_SOURCE = "landing-page"
#: Sources of a record page that speak for its PDF (a page's <title> does not).
RECORD_SOURCES = frozenset({"highwire", "dc", "jsonld"})


def landing_offer(parts: list[dict[str, Any]]) -> tuple[str, Candidate] | None:
    """The PDF a page names (its ``citation_pdf_url``, as written: relative or absolute) and
    the work the page gives it; None when the document is no record page. Only the document
    itself counts (``member`` ""), not an archive's pages."""
    for part in parts:
        meta = part.get("meta") or {}
        if part.get("member") or not meta.get("pdf_url"):
            continue
        records = [c for c in meta.get("candidates") or () if c.get("from") in RECORD_SOURCES]
        work = merged_work(records)
        found = candidate(LANDING_SOURCE, **{name: work[name] for name in FIELDS})
        if found is not None:
            return meta["pdf_url"], found
    return None
