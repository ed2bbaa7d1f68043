"""From a document part's text to its citations (the citation stage's core).

Who calls it: the citation pipeline (``pipelines/citations.py``), for every part of every
document, from a worker thread. The text is normalized once and searched by the matcher; each
citation becomes a plain dict with the part's member path and header (the paper's first
characters), the matcher's fields, and what explains it to a reader (``context``,
``in_references``: :mod:`citeseeker_scrapy.matching.context`), ready for the feed and success.log.
"""

from __future__ import annotations

import hashlib
from dataclasses import asdict
from typing import Any, Sequence

from .context import explain
from citeseeker_scrapy.matching import CitationMatcher, DocumentText
from .model import AuthorGroup, Citation, MatcherSettings

#: Matcher internals that are not part of a reported citation.
PRIVATE_FIELDS = frozenset({"position"})


class CitationSearch:
    """Matcher + paper header, shared by all documents of one crawl (thread-safe: no state)."""

    def __init__(self, matcher: CitationMatcher, header_length: int) -> None:
        self.matcher = matcher
        self.header_length = header_length

    @classmethod
    def from_spec(cls, spec: dict[str, Any]) -> CitationSearch:
        """The search a :func:`search_spec` describes. Who calls it: the citation pipeline,
        and a parser worker that matches the pages it reads (the same search, built once
        each, from the same plain values)."""
        groups = [AuthorGroup(tuple(g["authors"]), tuple(g["publications"]))
                  for g in spec["groups"]]
        return cls(CitationMatcher(groups, MatcherSettings(**spec["settings"])),
                   int(spec["header_length"]))

    def search(self, member: str, text: str) -> list[dict[str, Any]]:
        """Every publication cited in ``text``: member, header, author, publication, found,
        similarity (and whatever else the matcher tells about a citation), context,
        in_references."""
        return self.search_part(member, text)[0]

    def search_part(self, member: str, text: str) -> tuple[list[dict[str, Any]], str]:
        """The citations of one part and, when there are any, the fingerprint of its text
        (:func:`fingerprint`: the same paper reached under another URL has the same one)."""
        return self.search_document(member, DocumentText(text))

    def search_document(self, member: str, document: DocumentText
                        ) -> tuple[list[dict[str, Any]], str]:
        """:meth:`search_part` of a part read once (``DocumentText``): the matcher and the
        context share its normalized text and its map. Who calls it: :meth:`search_part`,
        and the benchmarks, which search each paper once per query."""
        citations = self.matcher.find_in(document)
        if not citations:
            return [], ""
        header = self.header_of(document.source)
        found = [reported(citation, document, member, header) for citation in citations]
        return found, fingerprint(document.normalized)

    def header_of(self, text: str) -> str:
        """The paper header of §7.4.2: the first characters, white space collapsed."""
        return " ".join(text[: self.header_length * 4].split())[: self.header_length]


def reported(citation: Citation, document: DocumentText, member: str, header: str
             ) -> dict[str, Any]:
    """A citation the matcher found in ``document`` as the crawl reports it: member, header,
    the matcher's fields, context, in_references. Who calls it:
    :meth:`CitationSearch.search_document` for each citation, and ``bench_refstrings.py``, which
    labels the hits of its own search without searching again."""
    fields = asdict(citation)
    why = explain(document.source, document.text_map, fields.get("position", 0), fields["found"])
    return {"member": member, "header": header,
            **{k: v for k, v in fields.items() if k not in PRIVATE_FIELDS},
            "context": why.context, "in_references": why.in_references}


def search_spec(groups: Sequence[AuthorGroup], settings: MatcherSettings,
                header_length: int) -> dict[str, Any]:
    """A crawl's search as JSON-ready values (for :meth:`CitationSearch.from_spec`)."""
    return {"groups": [{"authors": list(g.authors), "publications": list(g.publications)}
                       for g in groups],
            "settings": asdict(settings), "header_length": header_length}


def fingerprint(normalized: str) -> str:
    """A paper's identity: the SHA-1 of its normalized text (case, accents, white space and
    line-end hyphens do not count, so a PDF and its copy in a ZIP, or on a mirror, agree)."""
    return hashlib.sha1(normalized.encode("utf-8", "surrogatepass")).hexdigest()
