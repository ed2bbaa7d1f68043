"""From a document's text to citation items and success.log lines.

The spider calls :class:`CitationSearch` for every document (and archive member) it reads; the
search normalizes the text once, runs the matcher and remembers which documents were already
reported, so a document reached twice (redirects, two spellings) is reported once.
"""

from __future__ import annotations

import threading
from pathlib import Path

from .items import CitationItem
from .matcher import CitationMatcher, normalize_text
from .report import DocumentHit, RunReport, one_field


class CitationSearch:
    """Matcher + header + success.log, shared by all documents of one crawl (thread-safe)."""

    def __init__(self, matcher: CitationMatcher, report: RunReport, header_length: int,
                 reported_file: Path | None = None) -> None:
        self.matcher = matcher
        self.report = report
        self.header_length = header_length
        self._lock = threading.Lock()
        self._reported_file = reported_file
        self._reported: set[str] = self._load_reported()

    def _load_reported(self) -> set[str]:
        """Documents reported by earlier runs of the same job (JOBDIR), so a resumed crawl that
        fetches a document again does not report it twice."""
        if self._reported_file is None or not self._reported_file.exists():
            return set()
        return set(self._reported_file.read_text(encoding="utf-8").splitlines())

    def search(self, url: str, member: str, server: str, text: str) -> list[CitationItem]:
        """Items for every publication cited in ``text``; success.log gets one line for them."""
        normalized = normalize_text(text)
        citations = self.matcher.find(normalized, normalized=True, source=text)
        where = f"{url}/{member}" if member else url
        if not citations or not self._first_report(where):
            return []
        header = self.header_of(text)
        self.report.success(
            where, header,
            [DocumentHit(c.author, c.publication, c.found, c.similarity) for c in citations],
        )
        self._remember(where)
        return [
            CitationItem(url=url, member=member, server=server, header=header, author=c.author,
                         publication=c.publication, found=c.found, similarity=c.similarity,
                         relation=c.relation)
            for c in citations
        ]

    def header_of(self, text: str) -> str:
        """The paper header of §7.4.2: the first characters, white space collapsed."""
        return one_field(text[: self.header_length * 4])[: self.header_length]

    def _first_report(self, where: str) -> bool:
        """Within one run the frontier never hands out a document twice; only a resumed job
        (``reported_file``) can meet a document again, so only then is the set kept."""
        if self._reported_file is None:
            return True
        with self._lock:
            if where in self._reported:
                return False
            self._reported.add(where)
            return True

    def _remember(self, where: str) -> None:
        """Appended after success.log is written: a crash between the two can repeat a line,
        never lose one."""
        if self._reported_file is None:
            return
        with self._lock, open(self._reported_file, "a", encoding="utf-8") as handle:
            handle.write(where + "\n")
