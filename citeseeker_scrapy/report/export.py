"""The citing works as BibTeX, RIS or CSL-JSON: one entry per work, for a reference manager.

Who calls it: ``scrapy citeseeker-report JOBDIR_OR_LOGDIR --format bibtex|ris|csljson``, with
the works of a report (:class:`citeseeker_scrapy.report.citing_works.CitingWork`: each work's
versions joined). Written by the libraries that read these formats too: bibtexparser (BibTeX;
Zotero, JabRef and BibDesk read its output), rispy (RIS); CSL-JSON is plain JSON (Zotero,
Zotero-based tools, pandoc and citeproc read it).

Each entry has the work's title, authors ("Family, Given"), year, venue, DOI and arXiv id
where known, its first URL as ``url`` and every version's URL in the note, with the searched
publications it cites ("Cites: ...", a self-citation marked).
"""

from __future__ import annotations

import json
import re
import unicodedata
from typing import Any, Callable

import bibtexparser
import rispy
from bibtexparser import model

from citeseeker_scrapy.report.citing_works import CitingWork
from citeseeker_scrapy.works.fields import surname
from citeseeker_scrapy.works.identity import normalized_arxiv, normalized_doi

FORMATS = ("bibtex", "ris", "csljson")
_KEY_CHARS = re.compile(r"[^A-Za-z0-9]+")
_BRACES = re.compile(r"[{}]")


def export(works: list[CitingWork], export_format: str) -> str:
    """The works in ``export_format`` (one of :data:`FORMATS`)."""
    writers: dict[str, Callable[[list[CitingWork]], str]] = {
        "bibtex": to_bibtex, "ris": to_ris, "csljson": to_csl_json}
    return writers[export_format](works)


def note_of(work: CitingWork) -> str:
    """Every URL of the work's versions and the publications it cites."""
    cited = [f"{publication} (self-citation)" if is_self else publication
             for publication, is_self in work.publications().items()]
    return f"Versions: {' '.join(work.urls)}. Cites: {'; '.join(cited)}."


def _year(work: dict[str, Any]) -> int | None:
    year = work.get("year")
    return int(year) if isinstance(year, int) or str(year or "").isdigit() else None


def citation_keys(works: list[CitingWork]) -> list[str]:
    """``novak2022citation``: the first author's family name, the year and the title's first
    word, in ASCII; a repeated key gets ``a``, ``b``..."""
    keys: list[str] = []
    for work in works:
        meta = work.work
        authors = meta.get("authors") or []
        family = family_and_given(str(authors[0]))[0] if authors else "anon"
        first_word = next(iter(str(meta.get("title") or "").split()), "")
        base = _ascii(f"{family}{_year(meta) or ''}{first_word}").lower() or "work"
        key, suffix = base, 0
        while key in keys:
            key = base + chr(ord("a") + suffix % 26) * (1 + suffix // 26)
            suffix += 1
        keys.append(key)
    return keys


def _ascii(text: str) -> str:
    folded = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    return _KEY_CHARS.sub("", folded)


def _bibtex_value(value: Any) -> str:
    """A field value BibTeX reads: no braces of its own (an unbalanced one breaks the file),
    white space collapsed."""
    return " ".join(_BRACES.sub("", str(value)).split())


def to_bibtex(works: list[CitingWork]) -> str:
    """``@article`` for a work with a venue, ``@misc`` otherwise; ``eprint`` for arXiv."""
    library = bibtexparser.Library()
    for key, work in zip(citation_keys(works), works):
        meta = work.work
        fields = {"title": meta.get("title"),
                  "author": " and ".join(", ".join(p for p in family_and_given(str(a)) if p)
                                         for a in meta.get("authors") or ()),
                  "year": _year(meta), "journal": meta.get("venue"),
                  "doi": normalized_doi(meta.get("doi")), "eprint": normalized_arxiv(
                      meta.get("arxiv")), "url": work.urls[0] if work.urls else "",
                  "note": note_of(work)}
        if fields["eprint"]:
            fields["archiveprefix"] = "arXiv"
        entry_type = "article" if meta.get("venue") else "misc"
        library.add(model.Entry(entry_type, key, [model.Field(name, _bibtex_value(value))
                                                  for name, value in fields.items() if value]))
    return bibtexparser.write_string(library)


class _RisWriter(rispy.RisWriter):
    """rispy's RIS writer without its numbered line before each entry ("1."), which is no
    RIS tag."""

    def set_header(self, count: int) -> str:
        return ""


def to_ris(works: list[CitingWork]) -> str:
    """``JOUR`` for a work with a venue, ``GEN`` otherwise; every URL an ``UR`` line."""
    references = []
    for key, work in zip(citation_keys(works), works):
        meta = work.work
        reference = {"type_of_reference": "JOUR" if meta.get("venue") else "GEN",
                     "id": key, "title": meta.get("title"),
                     "authors": [", ".join(p for p in family_and_given(str(a)) if p)
                                 for a in meta.get("authors") or ()],
                     "year": str(_year(meta) or ""), "secondary_title": meta.get("venue"),
                     "doi": normalized_doi(meta.get("doi")), "urls": work.urls,
                     "notes": [note_of(work)]}
        references.append({name: value for name, value in reference.items() if value})
    return rispy.dumps(references, implementation=_RisWriter)


def to_csl_json(works: list[CitingWork]) -> str:
    """A CSL-JSON array: ``article-journal`` with a venue, ``article`` (a preprint) with an
    arXiv id, ``document`` otherwise."""
    items = []
    for key, work in zip(citation_keys(works), works):
        meta = work.work
        arxiv = normalized_arxiv(meta.get("arxiv"))
        item: dict[str, Any] = {
            "id": key,
            "type": "article-journal" if meta.get("venue") else
                    "article" if arxiv else "document",
            "title": meta.get("title"),
            "author": [_csl_name(str(a)) for a in meta.get("authors") or ()],
            "container-title": meta.get("venue"), "DOI": normalized_doi(meta.get("doi")),
            "URL": work.urls[0] if work.urls else None, "note": note_of(work)}
        if arxiv:
            item.update({"archive": "arXiv", "number": arxiv})
        if year := _year(meta):
            item["issued"] = {"date-parts": [[year]]}
        items.append({name: value for name, value in item.items() if value})
    return json.dumps(items, ensure_ascii=False, indent=1) + "\n"


def family_and_given(printed: str) -> tuple[str, str]:
    """A work's author ("Given Family") as (family, given): the family name as
    :func:`~citeseeker_scrapy.works.fields.surname` tells it, particles kept ("Laurens van der
    Maaten" -> ("van der Maaten", "Laurens")); a "Family, Given" form is taken as it is."""
    head, comma, tail = printed.partition(",")
    if comma:
        return head.strip(), tail.strip()
    family = surname(printed.strip())
    return family, printed.strip()[:-len(family)].strip() if family else ""


def _csl_name(printed: str) -> dict[str, str]:
    family, given = family_and_given(printed)
    return {"family": family, "given": given} if given else {"literal": family}
