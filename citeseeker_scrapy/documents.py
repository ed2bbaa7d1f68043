"""One fetched document in, everything the crawl learns from it out — off the reactor thread.

The spider hands each response to :meth:`DocumentReader.read` in a worker thread: text
extraction (archives, PDF, PostScript, office files), the citation search of every part, and the
admission of every link by the :class:`LinkPolicy` all happen there, so a huge PDF or a page
with 100,000 links never stalls downloads. What comes back is plain data; the spider turns it
into stats, errors.log lines and scheduled requests on the reactor thread.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from urllib.parse import urljoin, urlsplit

from .citations import CitationSearch
from .exceptions import UrlRejected
from .extraction import (
    ArchiveChecked, DocumentExtractor, ExtractedPart, ExtractionProblem, sniff_kind,
)
from .extraction.html import parse_html
from .extraction.sniff import HEAD_BYTES
from .items import CitationItem
from .urls import LinkPolicy, server_of

TEXT_KINDS = ("html", "text")


@dataclass(frozen=True)
class Link:
    """An admitted link: its canonical URL, depth inside its server, the server it was on."""

    url: str
    depth: int
    source_server: str


@dataclass
class DocumentOutcome:
    """What one document gave: citations, links to follow, statistics and problems."""

    kind: str | None = None
    items: list[CitationItem] = field(default_factory=list)
    links: list[Link] = field(default_factory=list)
    refused: Counter = field(default_factory=Counter)
    parts: list[tuple[str, float, int]] = field(default_factory=list)   # kind, seconds, size
    archives: list[ArchiveChecked] = field(default_factory=list)
    problems: list[ExtractionProblem] = field(default_factory=list)


class DocumentReader:
    """Extraction + citation search + link admission for one crawl (thread-safe)."""

    def __init__(self, citations: CitationSearch, policy: LinkPolicy,
                 extractor: DocumentExtractor) -> None:
        self.citations = citations
        self.policy = policy
        self.extractor = extractor

    def read(self, url: str, body: bytes, content_type: str | None, encoding: str | None,
             text: str | None, depth: int) -> DocumentOutcome:
        """``text`` is the response decoded by Scrapy, when it is an HTML/text response."""
        path = urlsplit(url).path
        outcome = DocumentOutcome(kind=sniff_kind(path, content_type, body[:HEAD_BYTES]))
        if outcome.kind is None:
            return outcome
        if outcome.kind in TEXT_KINDS and text is not None:
            self._read_part(url, self._decoded_part(outcome.kind, text, len(body)), depth, outcome)
            return outcome
        for event in self.extractor.extract(path, body, content_type, encoding):
            if isinstance(event, ExtractedPart):
                self._read_part(url, event, depth, outcome)
            elif isinstance(event, ArchiveChecked):
                outcome.archives.append(event)
            else:
                outcome.problems.append(event)
        return outcome

    @staticmethod
    def _decoded_part(kind: str, text: str, size: int) -> ExtractedPart:
        if kind == "html":
            content = parse_html(text)
            return ExtractedPart("", kind, content.text, content.links, 0.0, size, content.base)
        return ExtractedPart("", kind, text, (), 0.0, size)

    def _read_part(self, url: str, part: ExtractedPart, depth: int,
                   outcome: DocumentOutcome) -> None:
        outcome.parts.append((part.kind, part.seconds, part.size))
        source = server_of(url)
        outcome.items += self.citations.search(url, part.member, source, part.text)
        base = urljoin(url, part.base) if part.base else url
        for link in part.links:
            self._admit(link, base, url, source, depth, outcome)

    def _admit(self, link: str, base: str, referrer: str, source: str, depth: int,
               outcome: DocumentOutcome) -> None:
        """Links of archive members resolve against the archive's URL (as if unpacked there)."""
        try:
            canonical = self.policy.admit(urljoin(base, link), referrer=referrer)
        except UrlRejected as rejection:
            outcome.refused[rejection.reason] += 1
            return
        except ValueError:  # a malformed host in a hand-written link
            outcome.refused["malformed"] += 1
            return
        same = server_of(canonical) == source
        outcome.links.append(Link(canonical, depth + 1 if same else 0, source))
