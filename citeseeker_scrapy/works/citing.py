"""Self-citations, and the record of a citing work that the report reads back.

Who calls it: the citing-work pipeline (``pipelines/works.py``) marks each citation of a
reported document (:func:`mark_self_citations`); the report extension writes one
:func:`work_record` per reported part to ``works.jsonl`` beside success.log
(:class:`citeseeker_scrapy.report.logs.RunReport`), which the report reads back.

A citation is a self-citation when the citing work's authors include one of the cited group's
authors (the group whose author and publication the citation names): the same surname with
compatible initials, diacritics and case folded (:func:`~citeseeker_scrapy.matching.persons.
shares_an_author`, the one owner of that test). A hit that is the searched paper's own copy
(``relation: self``) is no citation: its ``self_citation`` is false.
"""

from __future__ import annotations

from typing import Any, Iterable, Mapping, Sequence

from citeseeker_scrapy.matching.persons import shares_an_author
from citeseeker_scrapy.works.identity import id_of_key

#: A searched author group as the job knows it: (authors, publications).
Group = tuple[Sequence[str], Sequence[str]]


def cited_group_authors(citation: Mapping[str, Any], groups: Iterable[Group]) -> list[str]:
    """The authors of the groups a citation's author and publication belong to."""
    authors: list[str] = []
    for group_authors, publications in groups:
        if citation.get("author") in group_authors and citation.get("publication") in publications:
            authors += [a for a in group_authors if a not in authors]
    return authors


def mark_self_citations(citations: list[dict[str, Any]], work: Mapping[str, Any] | None,
                        groups: Sequence[Group]) -> None:
    """Set ``self_citation`` (true/false) on each citation of one citing work."""
    printed = [str(a) for a in (work or {}).get("authors") or () if a]
    for citation in citations:
        citation["self_citation"] = bool(
            printed and citation.get("relation", "cites") == "cites"
            and shares_an_author(cited_group_authors(citation, groups), printed))


def work_member(item: Any) -> str | None:
    """The citing part the item's ``work`` describes: its first citing part, as
    ``document/stages.identify_work`` takes it (an archive's other citing members have no
    work of their own)."""
    citing = {citation["member"] for citation in item.citations}
    return next((p["member"] for p in item.parts if p["member"] in citing),
                next((c["member"] for c in item.citations), None))


def mark_item(item: Any, groups: Sequence[Group]) -> None:
    """Self-citations of a document's citations: its work's for the part it describes, none
    for an archive's other citing members (whose authors are not known)."""
    member = work_member(item)
    mark_self_citations([c for c in item.citations if c["member"] == member], item.work, groups)
    mark_self_citations([c for c in item.citations if c["member"] != member], None, groups)


def self_labels(citations: Iterable[Mapping[str, Any]]) -> list[str]:
    """``author: publication`` of the self-citations among ``citations`` (success.log's label
    of a hit, so the report can mark them)."""
    return [f"{c['author']}: {c['publication']}" for c in citations if c.get("self_citation")]


def work_record(where: str, work_id: str, work: Mapping[str, Any] | None,
                citations: Iterable[Mapping[str, Any]]) -> dict[str, Any]:
    """One line of ``works.jsonl``: a reported part, its work and its self-citations."""
    return {"where": where, "work_id": work_id, "work": dict(work or {}),
            "self": self_labels(citations)}


def work_records(item: Any) -> list[dict[str, Any]]:
    """The ``works.jsonl`` lines of a reported document, one per citing part. The item's work
    is its first citing part's (``document/stages.identify_work``); another citing member of
    the same archive is a work of its own (its own id, no metadata), so two papers of one ZIP
    are never joined into one work by the report."""
    by_member: dict[str, list[Mapping[str, Any]]] = {}
    for citation in item.citations:
        by_member.setdefault(citation["member"], []).append(citation)
    first = work_member(item)
    return [work_record(item.where(member), item.work_id, item.work, citations)
            if member == first else
            work_record(item.where(member), id_of_key(f"url:{item.where(member)}"), None,
                        citations)
            for member, citations in by_member.items()]
