"""One crawl's re-crawl state, shared by the components that need it (built once per crawl).

Who uses it: the conditional-request downloader middleware (decisions, validators and body MD5
of each response), the re-crawl pipelines (unchanged documents, new citations), the re-crawl
extension (the state file, statistics) and the re-crawl spider middleware (the previous crawl's
citing documents as start points; the ``gone`` citations of a document, handed out once its
outcome is recorded). They find it as the crawl job's ``recrawl``
(:meth:`citeseeker_scrapy.job.crawl_job.CrawlJob.from_settings` builds it, after the JOBDIR lock
is held). Pure: no Scrapy.

Every crawl with a JOBDIR records its documents (so it can be re-crawled later); a crawl with
``CITESEEKER_RECRAWL_FROM`` (``-a recrawl=PREVIOUS_JOBDIR``) also has a :class:`RecrawlPlan`.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from .plan import GONE_STATUSES, RecrawlPlan, RecrawlSettings, gone_citations
from .state import STATE_FILE, DocumentRecord, StateWriter, kept_citations, md5_hex, read_state


@dataclass
class Answer:
    """What the server said of a document in this crawl (set by the middleware)."""

    status: int
    etag: str = ""
    last_modified: str = ""
    body_md5: str = ""
    size: int = 0
    unchanged: bool = False   # a 304, an equal body, or not asked at all (skipped)


class RecrawlSession:
    """See the module docstring."""

    def __init__(self, settings: RecrawlSettings, jobdir: Path | None) -> None:
        self.settings = settings
        self.plan = RecrawlPlan.load(settings) if settings.previous else None
        self.state_path = jobdir / STATE_FILE if jobdir else None
        self.writer: StateWriter | None = None
        self.visited: set[str] = set()
        if self.state_path is not None:
            self.visited = set(read_state(self.state_path))  # a resumed job's earlier runs
        self.answers: dict[str, Answer] = {}
        self.current: dict[str, list[dict[str, Any]]] = {}
        self.waiting: dict[str, Callable[[tuple[str, list[dict[str, Any]]]], None]] = {}
        self.unclaimed: dict[str, list[dict[str, Any]]] = {}

    @property
    def recrawling(self) -> bool:
        return self.plan is not None

    def open(self) -> None:
        if self.state_path is not None and self.writer is None:
            self.writer = StateWriter(self.state_path)

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()

    def previous(self, url: str) -> DocumentRecord | None:
        return self.plan.previous.get(url) if self.plan else None

    # --- what happened to a document ----------------------------------------------------------

    def note_answer(self, url: str, answer: Answer) -> None:
        self.answers[url] = answer

    def is_unchanged(self, url: str) -> bool:
        answer = self.answers.get(url)
        return bool(answer and answer.unchanged and self.previous(url) is not None)

    def record_unchanged(self, url: str) -> DocumentRecord:
        """The previous record again, with the validators of this answer when it gave new ones."""
        record = dataclasses.replace(self.previous(url))
        answer = self.answers.pop(url, None)
        if answer is not None:
            record.etag = answer.etag or record.etag
            record.last_modified = answer.last_modified or record.last_modified
        self._write(record)
        self._settle(url, [])
        return record

    def record_document(self, url: str, *, depth: int, links: list[str],
                        parts: list[dict[str, Any]],
                        citations: list[dict[str, Any]] | None) -> list[dict[str, Any]]:
        """A fetched document's new record; returns its citations that are gone since the
        previous crawl. ``citations`` None: take what the citation-changes pipeline kept."""
        answer = self.answers.pop(url, None) or Answer(200)
        found = self.current.pop(url, None)
        found = kept_citations(found if found is not None else (citations or []))
        text = "\n".join(str(part.get("text") or "") for part in parts)
        record = DocumentRecord(url, answer.status, answer.etag, answer.last_modified,
                                answer.body_md5, md5_hex(text), answer.size, depth,
                                list(dict.fromkeys(links)), found)
        self._write(record)
        previous = self.previous(url)
        gone = gone_citations(found, previous.citations) if previous else []
        self._settle(url, gone)
        return gone

    def record_failed(self, url: str, status: int | None) -> list[dict[str, Any]]:
        """A request that failed for good. HTTP 404/410: the document is gone, and so are its
        citations. Any other failure (a timeout, a 500) says nothing about the document: its
        previous record is carried over and nothing is reported gone."""
        self.answers.pop(url, None)
        previous = self.previous(url)
        gone: list[dict[str, Any]] = []
        if status in GONE_STATUSES:
            self._write(DocumentRecord(url, status))
            gone = list(previous.citations) if previous else []
        elif previous is not None:
            self._write(dataclasses.replace(previous))
        self._settle(url, gone)
        return gone

    # --- gone citations, handed to the spider side --------------------------------------------

    def citing_documents(self) -> list[DocumentRecord]:
        """The previous crawl's documents with citations: the re-crawl asks each of them (as a
        start point), so a citing document no page links to any more is still asked, and a
        404 or 410 tells that it is gone."""
        if self.plan is None:
            return []
        return [record for record in self.plan.previous.values()
                if record.citations and record.status == 200]

    def expect_outcome(self, url: str,
                       callback: Callable[[tuple[str, list[dict[str, Any]]]], None]) -> None:
        """Call ``callback((url, gone citations))`` once the document's outcome is recorded (its item
        scraped, dropped or failed). Registered by the re-crawl spider middleware before the
        document's item goes to the pipelines."""
        self.waiting[url] = callback

    def take_gone(self, url: str) -> list[dict[str, Any]]:
        """Gone citations recorded with nobody waiting (a 404 answered to the errback)."""
        return self.unclaimed.pop(url, [])

    def cancel_waiting(self) -> None:
        """The crawl is closing: nobody will record the rest; release who waits."""
        waiting, self.waiting = self.waiting, {}
        for url, callback in waiting.items():
            callback((url, []))

    def _settle(self, url: str, gone: list[dict[str, Any]]) -> None:
        callback = self.waiting.pop(url, None)
        if callback is not None:
            callback((url, gone))
        elif gone and self.recrawling:
            self.unclaimed[url] = gone

    def _write(self, record: DocumentRecord) -> None:
        self.visited.add(record.url)
        if self.writer is not None:
            self.writer.write(record)
