"""A report's citing documents, and the works they make: one entry per work, several URLs.

Who calls it: :class:`~citeseeker_scrapy.report.results.Results` (counts per work, the report
and the terminal table) and the exports (``scrapy citeseeker-report --format``). Documents are
one work when they share a ``work_id`` (given by the crawl's map, :mod:`citeseeker_scrapy.works.
identity`) or a key of their work (title and first author, DOI, arXiv id: the same keys the
map uses), transitively: a published version found in another run of the job, or a page that
names a preprint's arXiv id and the published DOI, joins them here even when their ids differ.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from citeseeker_scrapy.report.logs import DocumentHit
from citeseeker_scrapy.urls import server_of
from citeseeker_scrapy.works.identity import id_of_key, work_keys

_ARCHIVE_MEMBER = re.compile(r"^(.*?\.(?:zip|tar|tgz|taz|tar\.gz|gz|z))/(.+)$", re.I)


#: One publication found in one reported document: what success.log wrote is what it reads.
Hit = DocumentHit


@dataclass
class CitingDocument:
    """One reported document (``where`` = ``url[/member]``) and what it cites."""

    where: str
    header: str
    hits: list[Hit]
    also_at: list[str] = field(default_factory=list)
    title: str = ""  # the work's title, else titles.tsv's (see report/titles.py), else ""
    work_id: str = ""  # works.jsonl (see works/identity.py); "" for a log without one
    work: dict = field(default_factory=dict)  # the citing work (title, authors, year...)
    self_labels: frozenset[str] = frozenset()  # "author: publication" of its self-citations

    def is_self_citation(self, hit: Hit) -> bool:
        """Whether the citing work is by an author of the group it cites (works.jsonl)."""
        return f"{hit.author}: {hit.publication}" in self.self_labels

    @property
    def cites(self) -> list[Hit]:
        """The citations the report shows: not the searched paper itself, not a re-crawl's
        gone ones; best similarity first."""
        hits = [h for h in self.hits if h.relation != "self" and h.status != "gone"]
        return sorted(hits, key=lambda h: -h.similarity)

    @property
    def self_hits(self) -> list[Hit]:
        return [h for h in self.hits if h.relation == "self" and h.status != "gone"]

    @property
    def url(self) -> str:
        """The fetchable URL: an archive member's archive."""
        match = _ARCHIVE_MEMBER.match(self.where)
        return match.group(1) if match else self.where

    @property
    def member(self) -> str:
        match = _ARCHIVE_MEMBER.match(self.where)
        return match.group(2) if match else ""

    @property
    def server(self) -> str:
        return server_of(self.where)


#: The fields of a work, as the feed's ``work`` object has them.
WORK_FIELDS = ("title", "authors", "year", "venue", "doi", "arxiv")


@dataclass
class CitingWork:
    """One work and its versions (the citing documents), best described first."""

    work_id: str
    documents: list[CitingDocument] = field(default_factory=list)

    @property
    def work(self) -> dict[str, Any]:
        """Each field from the first version that has it (the one with most fields first); the
        authors from the version that names most of them most fully (a preprint's "Jana Novák,
        Laurens van der Maaten" over a journal page's "J. Novák")."""
        merged: dict[str, Any] = {}
        for document in self.documents:
            for name in WORK_FIELDS:
                if not merged.get(name) and document.work.get(name):
                    merged[name] = document.work[name]
        fullest = max((list(d.work.get("authors") or ()) for d in self.documents),
                      key=lambda authors: (len(authors), sum(map(len, map(str, authors)))))
        if fullest:
            merged["authors"] = fullest
        merged.setdefault("title", self.documents[0].title or self.documents[0].header)
        return merged

    @property
    def keys(self) -> set[str]:
        """Every id and key of every version (what joins it to another crawl's works)."""
        return {key for document in self.documents for key in _keys(document)}

    @property
    def urls(self) -> list[str]:
        """Every URL of every version: each document's own, then its copies."""
        urls = [document.url for document in self.documents]
        urls += [copy for document in self.documents for copy in document.also_at]
        return list(dict.fromkeys(urls))

    @property
    def cites(self) -> list[tuple[CitingDocument, Hit]]:
        """Every citation of every version."""
        return [(document, hit) for document in self.documents for hit in document.cites]

    def publications(self) -> dict[str, bool]:
        """The publications it cites, each with whether that citation is a self-citation."""
        cited: dict[str, bool] = {}
        for document, hit in self.cites:
            cited[hit.publication] = cited.get(hit.publication, False) or \
                document.is_self_citation(hit)
        return cited


def group_works(documents: list[CitingDocument]) -> list[CitingWork]:
    """The works of ``documents`` (each a citing part), in the order of their first version."""
    parent = list(range(len(documents)))

    def root(index: int) -> int:
        while parent[index] != index:
            parent[index] = parent[parent[index]]
            index = parent[index]
        return index

    owner: dict[str, int] = {}
    for index, document in enumerate(documents):
        for key in _keys(document):
            if key in owner:
                parent[root(index)] = root(owner[key])
            else:
                owner[key] = index
    works: dict[int, CitingWork] = {}
    for index, document in enumerate(documents):
        top = root(index)
        if top not in works:
            first = documents[top]
            works[top] = CitingWork(first.work_id or id_of_key(f"url:{first.where}"))
        works[top].documents.append(document)
    for work in works.values():
        work.documents.sort(key=lambda d: -sum(1 for name in WORK_FIELDS if d.work.get(name)))
    return list(works.values())


def _keys(document: CitingDocument) -> list[str]:
    keys = work_keys(document.work)
    return [f"id:{document.work_id}", *keys] if document.work_id else keys
