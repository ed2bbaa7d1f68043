"""What a web page says of the work it shows: scholarly meta tags, JSON-LD, <title>/<h1>.

Who calls it: the HTML reader (``extraction/html.parse_html``), on the parsed page before its
scripts are stripped, so every page read is looked at once, wherever it is read (the crawler's
thread, a parser worker, the event loop's worker). Cheap on pages without scholarly markup: the
``<meta>`` elements and the JSON-LD scripts are all that is visited.

Sources, most trusted first (``work.SOURCES``): Google Scholar's Highwire Press tags
(``citation_*``, what DSpace, EPrints, OJS, arXiv and most publishers print), Dublin Core
(``DC.*``, ``dcterms.*``), schema.org JSON-LD (``ScholarlyArticle``, ``Article``, ``Thesis``,
``Report`` and their kin), then the page's ``<title>`` or first ``<h1>``. ``citation_pdf_url``
names the PDF of a record page (a *landing page*): the crawl gives that PDF this page's work.
"""

from __future__ import annotations

import json
from collections import defaultdict
from typing import Any

from .fields import arxiv_of, clean_title, doi_of, folded, person_names, squeeze, year_of
from .work import Candidate, candidate

#: schema.org types whose JSON-LD object is the page's work.
WORK_TYPES = frozenset({"scholarlyarticle", "article", "thesis", "report", "techarticle",
                        "book", "chapter", "creativework", "medicalscholarlyarticle",
                        "newsarticle", "blogposting", "publicationissue"})
#: The JSON-LD read of one page, at most (a page of megabytes of JSON data is not a record).
MAX_JSONLD_CHARS = 200_000


#: Meta tag names that mark a page with scholarly metadata.
SCHOLARLY_PREFIXES = ("citation_", "dc.", "dcterms.")


def page_meta(root: Any) -> dict[str, Any] | None:
    """The candidates of a parsed page (lxml root) and its ``citation_pdf_url``; None when the
    page has no scholarly metadata (no Highwire or Dublin Core tag, no JSON-LD work): most
    pages, and they then cost a look at <head> and at their scripts. A page without it that
    cites is told by its <title> (``text_head``), its text's first line."""
    tags = _meta_tags(root)
    json_ld = _json_ld(root)
    if json_ld is None and not any(name.startswith(SCHOLARLY_PREFIXES) for name in tags):
        return None
    candidates = [c for c in (_highwire(tags), _dublin_core(tags), json_ld,
                              _html_title(root)) if c]
    pdf_url = (tags.get("citation_pdf_url") or [None])[0]
    if not candidates and not pdf_url:
        return None
    return {"candidates": candidates, "pdf_url": pdf_url}


def _meta_tags(root: Any) -> dict[str, list[str]]:
    """``name`` (lower case) → the ``content`` values of the page's ``<meta>`` tags."""
    tags: dict[str, list[str]] = defaultdict(list)
    for element in root.iter("meta"):
        name = (element.get("name") or element.get("property") or "").strip().lower()
        content = squeeze(element.get("content"))
        if name and content:
            tags[name].append(content)
    return tags


def _first(tags: dict[str, list[str]], *names: str) -> str | None:
    return next((tags[name][0] for name in names if tags.get(name)), None)


def _highwire(tags: dict[str, list[str]]) -> Candidate | None:
    authors = tags.get("citation_author") or tags.get("citation_authors") or []
    return candidate(
        "highwire", title=clean_title(_first(tags, "citation_title")),
        authors=person_names(authors, one_each="citation_author" in tags),
        year=year_of(_first(tags, "citation_publication_date", "citation_date",
                            "citation_cover_date", "citation_year", "citation_online_date")),
        venue=_first(tags, "citation_journal_title", "citation_conference_title",
                     "citation_inbook_title", "citation_book_title",
                     "citation_dissertation_institution", "citation_technical_report_institution"),
        doi=doi_of(_first(tags, "citation_doi")),
        arxiv=arxiv_of("arXiv:" + a if (a := _first(tags, "citation_arxiv_id")) else None))


def _dublin_core(tags: dict[str, list[str]]) -> Candidate | None:
    def values(field: str) -> list[str]:
        return tags.get(f"dc.{field}") or tags.get(f"dcterms.{field}") or []

    identifiers = " ".join(values("identifier"))
    return candidate(
        "dc", title=clean_title(next(iter(values("title")), None)),
        authors=person_names(values("creator"), one_each=True),
        year=year_of(next(iter(values("date") or values("issued") or values("created")), None)),
        venue=next(iter(values("source") or values("ispartof")), None),
        doi=doi_of(identifiers), arxiv=arxiv_of(identifiers))


def _json_ld(root: Any) -> Candidate | None:
    for element in root.iter("script"):
        if (element.get("type") or "").strip().lower() != "application/ld+json":
            continue
        text = element.text or ""
        if len(text) > MAX_JSONLD_CHARS:
            continue
        try:
            data = json.loads(text)
        except ValueError:
            continue
        work = _json_ld_work(data)
        if work is not None:
            return _json_ld_candidate(work)
    return None


def _json_ld_work(data: Any) -> dict[str, Any] | None:
    """The first object of a work type in a JSON-LD document (lists and ``@graph`` walked)."""
    stack = [data]
    while stack:
        node = stack.pop(0)
        if isinstance(node, list):
            stack.extend(node)
        elif isinstance(node, dict):
            types = node.get("@type")
            names = types if isinstance(types, list) else [types]
            if any(isinstance(t, str) and t.lower() in WORK_TYPES for t in names):
                return node
            if isinstance(node.get("@graph"), list):
                stack.extend(node["@graph"])
    return None


def _json_ld_candidate(work: dict[str, Any]) -> Candidate | None:
    part_of = work.get("isPartOf")
    venue = part_of.get("name") if isinstance(part_of, dict) else None
    identifiers = " ".join(str(v) for v in _as_list(work.get("identifier"))
                           + _as_list(work.get("sameAs")) + [work.get("url") or ""])
    return candidate(
        "jsonld", title=clean_title(_text(work.get("headline") or work.get("name"))),
        authors=person_names([n for n in map(_person, _as_list(work.get("author"))) if n],
                             one_each=True),
        year=year_of(work.get("datePublished") or work.get("dateCreated")),
        venue=_text(venue) or None, doi=doi_of(identifiers), arxiv=arxiv_of(identifiers))


def _as_list(value: Any) -> list[Any]:
    return value if isinstance(value, list) else [] if value is None else [value]


def _text(value: Any) -> str:
    return squeeze(value) if isinstance(value, str) else ""


def _person(value: Any) -> str:
    """A JSON-LD author: a string, or a Person with ``name`` or given and family names."""
    if isinstance(value, str):
        return value
    if not isinstance(value, dict):
        return ""
    given, family = _text(value.get("givenName")), _text(value.get("familyName"))
    return f"{given} {family}".strip() if family else _text(value.get("name"))


def _html_title(root: Any) -> Candidate | None:
    """The first ``<h1>`` when the ``<title>`` holds it (a site's name around the work's),
    else the ``<title>``, else the first ``<h1>``."""
    title = clean_title(_element_text(root.find("head/title") if root.find("head") is not None
                                      else None))
    heading = clean_title(_element_text(next(root.iter("h1"), None)))
    if title and heading and folded(heading) in folded(title):
        return candidate("html-title", title=heading)
    return candidate("html-title", title=title or heading)


def _element_text(element: Any) -> str | None:
    return squeeze(element.text_content()) if element is not None else None
