"""DocumentExtractor: one downloaded document in, its texts, archives and problems out.

Called by the pipelines from Scrapy's thread pool, several threads at once: the unpack stage
calls :func:`unpack` (archives opened, no parser process needed), the text stage
:meth:`DocumentExtractor.read` for each part; :meth:`DocumentExtractor.extract` does both in one
call (benchmarks, tests, other callers). The render middleware reads a scripted page early
with :meth:`DocumentExtractor.read_ahead`; the text stage then gets that result (``read_ahead.py``).
It follows Algorithm 7.2 of the thesis (the walk of one document is
:class:`.document_walk.DocumentWalk`'s): an archive's members are each handled by their own
type, nested archives included; PDF and PostScript are leaves (text only); HTML-like members
also give links; a member that fails becomes an :class:`ExtractionProblem` and the others go on.
The extractor owns what its walks share: the parser processes, the converter slots and
Ghostscript servers, the scratch directories and the threads that read a big PDF in parts.

Where the work happens: archives in the calling thread (bounded by :class:`ExtractionLimits`);
PDF, RTF, and HTML, text and office XML of :data:`.placement.WORKER_MIN_BYTES` or more in the
:class:`WorkerPool` processes (timeout, memory limit; smaller parts in the calling thread);
PostScript in Ghostscript and DOC/PPT in catdoc/catppt subprocesses (timeout, killed with their
process group). Files are written only to a scratch directory per document inside
``workdir``, removed when the document is done and on :meth:`close`.
"""

from __future__ import annotations

import os
import posixpath
import threading
from collections.abc import Iterator
from dataclasses import asdict
from pathlib import Path

from ..exceptions import ExtractionError
from .document_walk import Converters, DocumentWalk, PdfSplit, ScratchDirs
from .model import (
    ExtractedPart,
    ExtractionEvent,
    ExtractionLimits,
    ExtractionProblem,
    UnpackedMember,
    UnpackEvent,
    problem,
)
from .postscript import server_argv
from .placement import read_in_worker
from .read_ahead import ReadAhead
from .decode import charset_of
from .sniff import HEAD_BYTES, sniff_kind
from citeseeker_scrapy.extraction.processes.event_worker import EventWorker
from citeseeker_scrapy.extraction.processes.ghostscript import GhostscriptServers
from citeseeker_scrapy.extraction.processes.pool import REPLY_SLACK_BYTES, WorkerPool

#: Parser processes for PDF/RTF: enough to keep a few Scrapy threads busy, few enough for RAM.
DEFAULT_WORKERS = max(1, min(4, os.cpu_count() or 1))
#: A PDF this large is read by every parser worker at once, each its share of the pages, from
#: a scratch file. Why parts: a long manual that comes last would keep one worker busy while
#: the others have nothing left to do; its parts cost no more CPU together and give the same
#: text. Why a file: PDFium then reads only what it needs instead of a copy of the whole body
#: sent through the pipe, which lowers the worker's peak. Smaller files are mostly short.
SPLIT_PDF_BYTES = 2 * 1024 * 1024


class DocumentExtractor:
    """Extracts text and links from downloaded documents; see the module docstring.

    ``workers`` is the number of parser processes (default :data:`DEFAULT_WORKERS`); a PDF of
    ``split_pdf_bytes`` or more is read by all of them at once (:data:`SPLIT_PDF_BYTES`).
    """

    def __init__(
        self, limits: ExtractionLimits, workdir: Path, *, workers: int | None = None,
        split_pdf_bytes: int = SPLIT_PDF_BYTES,
    ) -> None:
        self.limits = limits
        # absolute: Ghostscript and catdoc run inside a scratch directory (cwd), where a
        # relative path given to them would name nothing
        self.workdir = Path(workdir).absolute()
        self.workdir.mkdir(parents=True, exist_ok=True)
        self.pool = WorkerPool(workers or DEFAULT_WORKERS, limits.worker_memory_bytes, self.workdir,
                               setup={"task": "setup", "limits": asdict(limits)})
        self.scratch = ScratchDirs(self.workdir)
        # Ghostscript and catdoc run in the calling thread: as many at once as parser workers.
        # Why: Scrapy's 10 threads would start as many Ghostscripts, each holding its memory,
        # for no more throughput than the cores give.
        self.converter_slots = threading.BoundedSemaphore(workers or DEFAULT_WORKERS)
        # Ghostscript distills in long-lived servers, one leased per converter slot in use.
        self.ghostscripts = GhostscriptServers(
            server_argv(), self.workdir, memory_bytes=limits.worker_memory_bytes,
            max_output=limits.max_unpacked_bytes)
        self._converters = Converters(self.converter_slots, self.ghostscripts)
        self._split = PdfSplit(split_pdf_bytes, max(1, workers or DEFAULT_WORKERS))
        self._read_ahead = ReadAhead()
        self._page_workers: list[EventWorker] = []

    def page_worker(self, search: dict | None = None) -> EventWorker:
        """A parser process for the event loop to feed with small pages (``event_worker.py``),
        set up with these limits and, to match what it reads, a crawl's ``search``
        (``matching.citations.search_spec``); started on first use, stopped by :meth:`close`.
        Who calls it: the text pipeline, once per crawl."""
        worker = EventWorker(
            self.limits.worker_memory_bytes, self.workdir,
            {"task": "setup", "limits": asdict(self.limits), "search": search},
            timeout=self.limits.pdf_timeout,
            max_reply=4 * self.limits.max_text_chars + REPLY_SLACK_BYTES)
        self._page_workers.append(worker)
        return worker

    def extract(
        self, path: str, body: bytes, content_type: str | None = None, encoding: str | None = None
    ) -> Iterator[ExtractionEvent]:
        """Events for one document: parts, archives opened, problems (in document order).

        ``path`` is the URL path (its extension and base name are used); ``encoding`` the
        declared encoding of the response, used for the document itself, not its members.
        All the work is done before this returns (so that calling it in a thread keeps the
        reactor free, whoever iterates the result), and its scratch files are gone by then.
        """
        kind = sniff_kind(path, content_type, body[:HEAD_BYTES])
        if kind is None:
            return iter(())
        walk = DocumentWalk(self.limits, self.pool, self.scratch,
                            encoding or charset_of(content_type), self._converters, self._split)
        return iter(list(walk.run(posixpath.basename(path.rstrip("/")), kind, body)))

    def read(
        self, member: UnpackedMember, encoding: str | None = None, page_url: str | None = None
    ) -> list[ExtractedPart | ExtractionProblem]:
        """Text (and links) of one part that :func:`unpack` gave; ``encoding`` is the declared
        encoding of the document, used only for the document itself (member "").

        With ``page_url`` (the document's URL) the links come back absolute, resolved where
        the part was read (archive members as if unpacked at the document's URL). A document
        :meth:`read_ahead` read is not read again: its kept result is returned."""
        if not member.member:
            kept = self._read_ahead.take(member.data, encoding, page_url)
            if kept is not None:
                return kept
        return self._read(member, encoding, page_url)

    def read_ahead(
        self, data: bytes, kind: str, encoding: str | None, page_url: str | None
    ) -> list[ExtractedPart | ExtractionProblem]:
        """Read a document before its text stage and keep the result for :meth:`read` of the
        same ``data`` (see :mod:`.read_ahead`). Who calls it: the render middleware, which
        decides from the links and text whether a browser must render the page."""
        events = self._read(UnpackedMember("", kind, data), encoding, page_url)
        self._read_ahead.put(data, encoding, page_url, events)
        return events

    def forget(self, data: bytes) -> None:
        """``data`` read ahead will not reach the text stage (a browser's DOM replaces it)."""
        self._read_ahead.forget(data)

    def _read(
        self, member: UnpackedMember, encoding: str | None, page_url: str | None
    ) -> list[ExtractedPart | ExtractionProblem]:
        if read_in_worker(member.kind, len(member.data)):
            return self._read_in_worker(member, encoding, page_url)
        walk = DocumentWalk(self.limits, self.pool, self.scratch, encoding, self._converters,
                            self._split, page_url)
        try:
            return list(walk.leaf(member.member, member.kind, member.data))
        finally:
            walk.release_scratch()

    def _read_in_worker(
        self, member: UnpackedMember, encoding: str | None, page_url: str | None
    ) -> list[ExtractedPart | ExtractionProblem]:
        """:meth:`read` in a parser worker (see :func:`.leaf.read_here`); a worker that dies or
        times out on the part makes it a problem, as any parser failure."""
        max_chars = self.limits.max_text_chars
        request = leaf_request(member, encoding, page_url, max_chars)
        try:
            header, text = self.pool.run(request, member.data, self.limits.pdf_timeout,
                                         max_chars)
        except ExtractionError as e:
            return [problem(member.member, member.kind, str(e))]
        return leaf_reply_events(header, text)

    def was_read_ahead(self, data: bytes) -> bool:
        """True when :meth:`read` of ``data`` will return a kept result (read ahead)."""
        return self._read_ahead.holds(data)

    def close(self) -> None:
        """Stop the parser processes and remove every scratch file."""
        for worker in self._page_workers:
            worker.close()
        self.pool.close()
        self.ghostscripts.close()
        self._split.close()
        self.scratch.remove_all()

    def __enter__(self) -> DocumentExtractor:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()


def leaf_request(member: UnpackedMember, encoding: str | None, page_url: str | None,
                 max_chars: int) -> dict[str, object]:
    """A parser worker's ``leaf`` task for ``member`` (the payload is ``member.data``). Who
    calls it: :meth:`DocumentExtractor.read` for big parts, the text stage for small pages it
    gives the event loop's worker."""
    return {"task": "leaf", "member": member.member, "kind": member.kind,
            "declared": encoding, "max_chars": max_chars, "page_url": page_url}


def leaf_reply_events(header: dict, text: str) -> list[ExtractedPart | ExtractionProblem]:
    """The part and problems a worker's reply to :func:`leaf_request` carries."""
    events: list[ExtractedPart | ExtractionProblem] = []
    if header.get("part"):
        part = header["part"]
        events.append(ExtractedPart(text=text, **{**part, "links": tuple(part["links"])}))
    events += [ExtractionProblem(**fields) for fields in header.get("problems") or ()]
    return events


def unpack(
    path: str, body: bytes, kind: str | None, limits: ExtractionLimits
) -> list[UnpackEvent]:
    """Open a document's archives (nested, Algorithm 7.2): its readable parts, the archives
    checked and the problems met. A document that is no archive is its own single part.
    ``kind`` is the document's type as the item carries it (None: nothing we read); only the
    members are sniffed here.

    Runs in the caller's thread and needs no parser process, so the unpack stage can run
    apart from text extraction; the bytes unpacked are bounded by ``limits``.
    """
    if kind is None:
        return []
    walk = DocumentWalk(limits, None, None, None)
    return list(walk.unpack("", posixpath.basename(path.rstrip("/")), kind, body, depth=0))
