"""From a document part's text to its citations (the citation stage's core).

Who calls it: the citation pipeline (``pipelines/citations.py``), for every part of every
document, from a worker thread. The text is normalized once and searched by the matcher; each
citation becomes a plain dict with the part's member path and header (the paper's first
characters), ready for the feed and success.log.
"""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from .matcher import CitationMatcher, normalize_text
from .report import one_field

#: Matcher internals that are not part of a reported citation.
PRIVATE_FIELDS = frozenset({"position"})


class CitationSearch:
    """Matcher + paper header, shared by all documents of one crawl (thread-safe: no state)."""

    def __init__(self, matcher: CitationMatcher, header_length: int) -> None:
        self.matcher = matcher
        self.header_length = header_length

    def search(self, member: str, text: str) -> list[dict[str, Any]]:
        """Every publication cited in ``text``: member, header, author, publication, found,
        similarity (and whatever else the matcher tells about a citation)."""
        citations = self.matcher.find(normalize_text(text), normalized=True, source=text)
        if not citations:
            return []
        header = self.header_of(text)
        return [{"member": member, "header": header,
                 **{k: v for k, v in asdict(c).items() if k not in PRIVATE_FIELDS}}
                for c in citations]

    def header_of(self, text: str) -> str:
        """The paper header of §7.4.2: the first characters, white space collapsed."""
        return one_field(text[: self.header_length * 4])[: self.header_length]
