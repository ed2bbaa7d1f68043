"""One document's walk (Algorithm 7.2 of the thesis): its archives opened, nested ones too,
each member handled by its own type, and each readable part (a leaf) read by its kind.

Who calls it: :class:`.extractor.DocumentExtractor` makes a :class:`DocumentWalk` for each
document or part it reads, handing it the crawl-wide resources it owns (the parser
:class:`WorkerPool`, the :class:`ScratchDirs`, the external :class:`Converters` and the
:class:`PdfSplit`); :func:`.extractor.unpack` walks a document's archives with none of them.
A member that fails becomes an :class:`ExtractionProblem` and the others go on; the bytes
unpacked are bounded by the document's :class:`Budget`, and its scratch files live in one
directory, removed when the walk is done.
"""

from __future__ import annotations

import io
import os
import posixpath
import shutil
import tempfile
import threading
from collections.abc import Callable, Iterator
from concurrent.futures import Executor, ThreadPoolExecutor, wait
from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar

from ..exceptions import ExtractionError, StorageError
from .archives import (
    Entry,
    Member,
    Skipped,
    compressed_member_name,
    gzip_reader,
    is_tar,
    lzw_reader,
    single_member,
    tar_in_stream,
    tar_members,
    zip_members,
)
from .model import (
    ArchiveChecked,
    ExtractionEvent,
    ExtractionLimits,
    UnpackedMember,
    UnpackEvent,
    problem,
)
from .office import binary_office_text, office_kind_of_zip
from .postscript import distill_to_pdf
from .leaf import Content, leaf_events, read_markup
from .sniff import ARCHIVE_KINDS, HEAD_BYTES, OFFICE_ZIP_KINDS, sniff_kind
from .streams import Budget, BoundedReader
from citeseeker_scrapy.extraction.processes.ghostscript import GhostscriptServers
from citeseeker_scrapy.extraction.processes.pool import WorkerPool

#: Bytes of a decompressed stream read to recognise a TAR inside it (the ustar magic).
TAR_HEAD_BYTES = 512
#: A converter (Ghostscript, catdoc) that fails with less than this free in the scratch
#: directory failed for want of room: a storage error, not an error of the document.
SCRATCH_MIN_FREE_BYTES = 1024 * 1024
#: The problem of a PostScript file from which Ghostscript made no PDF, and said no more.
NO_PAGE_DRAWN = "ghostscript drew no page: nothing to read"


def _sniffed_member(name: str, head: bytes, reader: BoundedReader) -> Iterator[Entry]:
    """The one file of a gzip/.Z stream whose name and first bytes say nothing we read.

    Why: documentation trees serve hundreds of ``.tex.gz``/``.dvi.gz``; their kind is known
    from :data:`HEAD_BYTES` bytes, so they cost a sniff, not an unpack (a bomb of TeX source
    is then no error either). Read on only when the first bytes say it is something we read.
    """
    try:
        head += reader.read(HEAD_BYTES - len(head))
    except ExtractionError as e:  # damaged within its first bytes: said, as for any member
        yield Member(name, head, str(e))
        return
    if sniff_kind(name, None, head) is None:
        yield Member(name, head)
    else:
        yield from single_member(name, head, reader)


class ScratchDirs:
    """Per-document scratch directories inside ``workdir``; thread-safe."""

    def __init__(self, workdir: Path) -> None:
        self._workdir = workdir
        self._lock = threading.Lock()
        self._dirs: set[Path] = set()

    def create(self) -> Path:
        path = Path(tempfile.mkdtemp(prefix="doc-", dir=self._workdir))
        with self._lock:
            self._dirs.add(path)
        return path

    def remove(self, path: Path) -> None:
        shutil.rmtree(path, ignore_errors=True)
        with self._lock:
            self._dirs.discard(path)

    def remove_all(self) -> None:
        with self._lock:
            paths, self._dirs = list(self._dirs), set()
        for path in paths:
            shutil.rmtree(path, ignore_errors=True)


@dataclass(frozen=True)
class Converters:
    """What a document's external converters run under: the extractor's converter slots and
    its Ghostscript servers."""

    slots: threading.BoundedSemaphore
    ghostscripts: GhostscriptServers


class PdfSplit:
    """When and how a big PDF is read in parts: the size, the parts, threads for all but one."""

    def __init__(self, min_bytes: int, parts: int) -> None:
        self.min_bytes = min_bytes
        self.parts = parts
        self.threads: Executor | None = (
            ThreadPoolExecutor(parts - 1, thread_name_prefix="pdf-part") if parts > 1 else None)

    def big(self, size: int) -> bool:
        return size >= self.min_bytes

    def close(self) -> None:
        if self.threads is not None:
            self.threads.shutdown(wait=False)

class DocumentWalk:
    """One document: its unpacked-bytes budget, its scratch directory, the walk through it."""

    def __init__(self, limits: ExtractionLimits, pool: WorkerPool | None,
                 scratch: ScratchDirs | None, declared: str | None,
                 converters: Converters | None = None,
                 split: PdfSplit | None = None, page_url: str | None = None) -> None:
        self.limits = limits
        self.pool = pool
        self.declared = declared
        self.page_url = page_url
        self.budget = Budget(self.limits.max_unpacked_bytes)
        self._converters = converters
        self._split = split
        self._scratch_dirs = scratch
        self._scratch: Path | None = None

    def run(self, name: str, kind: str, body: bytes) -> Iterator[ExtractionEvent]:
        try:
            for event in self.unpack("", name, kind, body, depth=0):
                if isinstance(event, UnpackedMember):
                    yield from self.leaf(event.member, event.kind, event.data)
                else:
                    yield event
        finally:
            self.release_scratch()

    def release_scratch(self) -> None:
        if self._scratch is not None:
            self._scratch_dirs.remove(self._scratch)
            self._scratch = None

    def unpack(
        self, member: str, name: str, kind: str, data: bytes, depth: int
    ) -> Iterator[UnpackEvent]:
        if kind == "zip":
            kind = office_kind_of_zip(data) or kind
        if kind in ARCHIVE_KINDS:
            yield from self._archive(member, name, kind, data, depth)
        else:
            yield UnpackedMember(member, kind, data)

    # -- archives -------------------------------------------------------------------------

    def _archive(
        self, member: str, name: str, kind: str, data: bytes, depth: int
    ) -> Iterator[UnpackEvent]:
        """Algorithm 7.2: each member by its own type; then one ArchiveChecked."""
        if depth >= self.limits.max_archive_depth:
            yield problem(
                member, kind, f"archive nested deeper than {self.limits.max_archive_depth} levels"
            )
            return
        label, count = kind, 0
        try:
            label, entries = self._open(name, kind, data)
            for entry in entries:
                count += bool(entry.name)
                yield from self._entry(member, entry, label, depth + 1)
                if self.budget.exhausted:
                    break
        except ExtractionError as e:
            yield problem(member, label, str(e))
        yield ArchiveChecked(member=member, kind=label, members=count)

    def _open(self, name: str, kind: str, data: bytes) -> tuple[str, Iterator[Entry]]:
        """The archive's label ("zip", "tar", "gz", "z", "tar.gz", "tar.z") and its entries."""
        if kind == "zip":
            return "zip", zip_members(data, self.budget, self.limits)
        if kind == "tar":
            return "tar", tar_members(io.BytesIO(data).read, self.limits)
        opener = gzip_reader if kind == "gz" else lzw_reader
        reader = opener(data, self.budget, self.limits)
        inner = compressed_member_name(data, name)
        head = reader.read(TAR_HEAD_BYTES)
        if is_tar(head, inner):
            return f"tar.{kind}", tar_in_stream(inner, head, reader, self.limits)
        if sniff_kind(inner, None, head) is None:
            return kind, _sniffed_member(inner, head, reader)
        return kind, single_member(inner, head, reader)

    def _entry(
        self, parent: str, entry: Entry, archive_kind: str, depth: int
    ) -> Iterator[UnpackEvent]:
        path = f"{parent}/{entry.name}" if parent and entry.name else parent or entry.name
        if isinstance(entry, Skipped):
            yield problem(path, archive_kind, entry.reason)
            return
        if entry.damage:
            yield problem(path, archive_kind, entry.damage)
        kind = sniff_kind(entry.name, None, entry.data[:HEAD_BYTES])
        if kind is not None:
            yield from self.unpack(path, posixpath.basename(entry.name), kind, entry.data, depth)

    # -- leaves ---------------------------------------------------------------------------

    def leaf(self, member: str, kind: str, data: bytes) -> Iterator[ExtractionEvent]:
        def read(body: bytes) -> Content:
            return self._READERS[kind](self, body, not member)

        yield from leaf_events(member, kind, data, read, self.limits, self.page_url)

    def _markup(self, kind: str, data: bytes, top: bool) -> Content:
        return read_markup(kind, data, self.declared if top else None, self.budget, self.limits)

    def _pdf(self, data: bytes, top: bool = False) -> Content:
        """Text of a PDF, and what it says of its work (the worker that reads page 1 reads
        its metadata and layout too: ``works.pdf_meta``)."""
        if self._split is None or not self._split.big(len(data)):
            header, text = self._worker_reply("pdf", data)
            return Content(text, meta=header.get("work"), cut=bool(header.get("cut")))
        handle, name = tempfile.mkstemp(suffix=".pdf", dir=self._scratch_dir())
        with os.fdopen(handle, "wb") as source:
            source.write(data)
        try:
            return self._pdf_in_parts(name, self._split.parts)
        finally:
            os.unlink(name)

    def _pdf_in_parts(self, path: str, parts: int) -> Content:
        """Every worker reads its share of the pages at once; the texts joined in page order
        are the whole document's. A part that fails fails the document (the first error)."""
        threads = self._split.threads
        others = [threads.submit(self._pdf_part, path, index, parts)
                  for index in range(1, parts)] if threads else []
        try:
            results = [self._pdf_part(path, 0, parts if threads else 1)]
        finally:
            wait(others)
        results += [future.result() for future in others]
        return Content("\n".join(text for text, pages, _, _ in results if pages),
                       meta=results[0][2], cut=any(cut for _, _, _, cut in results))

    def _pdf_part(self, path: str, index: int,
                  parts: int) -> tuple[str, int, dict | None, bool]:
        """Text of one part, how many pages it had (a part of a short PDF may have none),
        for the part with page 1 the work's candidates, and whether its middle was left out
        (``model.ends_kept``)."""
        max_chars = self.limits.max_text_chars
        request = {"task": "pdf", "max_chars": max_chars, "part": [index, parts], "path": path,
                   "work": index == 0}
        header, text = self.pool.run(request, b"", self.limits.pdf_timeout, max_chars)
        first, stop = header.get("read") or (0, 1)
        return text, stop - first, header.get("work"), bool(header.get("cut"))

    def _rtf(self, data: bytes, top: bool) -> Content:
        return Content(self._worker_reply("rtf", data)[1])

    def _ps(self, data: bytes, top: bool) -> Content:
        """Ghostscript → PDF → text; after a PostScript error, the pages before it still count."""
        assert self._converters is not None
        with self._converters.slots, self._converters.ghostscripts.lease() as server:
            try:
                distilled = distill_to_pdf(data, server, timeout=self.limits.ps_timeout,
                                           cpu_seconds_per_page=self.limits.ps_cpu_per_page)
            except OSError as e:  # its files could not be written: the disk, or a bad scratch
                self._fail_if_scratch_full(str(e))
                raise ExtractionError(f"cannot run ghostscript: {e}") from e
        if distilled.failure:
            self._fail_if_scratch_full(distilled.failure)
        if not distilled.output.startswith(b"%PDF"):
            # A file that draws no page (junk named .eps, a prolog without its document) makes
            # no PDF: said as such, not as PDFium's and pypdf's complaints about empty bytes.
            raise ExtractionError(distilled.failure or NO_PAGE_DRAWN)
        try:
            header, text = self._worker_reply("pdf", distilled.output)
        except ExtractionError as e:
            raise ExtractionError(distilled.failure or str(e)) from e
        damage = (
            f"{distilled.failure}; text of the pages before it kept" if distilled.failure else ""
        )
        return Content(text, damage=damage, meta=header.get("work"), cut=bool(header.get("cut")))

    def _doc(self, data: bytes, top: bool) -> Content:
        return self._catdoc("doc", data)

    def _ppt(self, data: bytes, top: bool) -> Content:
        return self._catdoc("ppt", data)

    def _catdoc(self, kind: str, data: bytes) -> Content:
        assert self._converters is not None
        with self._converters.slots:
            try:
                text, failure = binary_office_text(
                    kind,
                    data,
                    self._scratch_dir(),
                    timeout=self.limits.pdf_timeout,
                    max_output=self.limits.max_unpacked_bytes,
                    memory_bytes=self.limits.worker_memory_bytes,
                )
            except ExtractionError as e:
                self._fail_if_scratch_full(str(e))
                raise
        if failure:
            self._fail_if_scratch_full(failure)
        return Content(text, damage=failure)

    def _fail_if_scratch_full(self, failure: str) -> None:
        """Ghostscript or catdoc failed: for want of room in the scratch directory (the disk,
        not the document: a StorageError stops the crawl) when less than
        :data:`SCRATCH_MIN_FREE_BYTES` is left there. They say so only as an exit status
        and a message of their own, so the disk is asked."""
        try:
            stat = os.statvfs(self._scratch_dir())
        except OSError:
            return
        free = stat.f_bavail * stat.f_frsize
        if free < SCRATCH_MIN_FREE_BYTES:
            raise StorageError(f"the scratch directory {self._scratch_dir().parent} is full "
                               f"({free} bytes free; {failure})")

    def _worker_reply(self, task: str, data: bytes) -> tuple[dict, str]:
        """A parser worker's reply header and text; a PDF's also says what it tells of its
        work (header ``work``)."""
        max_chars = self.limits.max_text_chars
        request = {"task": task, "max_chars": max_chars, "work": task == "pdf"}
        return self.pool.run(request, data, self.limits.pdf_timeout, max_chars)

    def _scratch_dir(self) -> Path:
        if self._scratch is None:
            self._scratch = self._scratch_dirs.create()
        return self._scratch

    _READERS: ClassVar[
        dict[str, Callable[[DocumentWalk, bytes, bool], Content]]] = {
        "html": lambda walk, data, top: walk._markup("html", data, top),
        "text": lambda walk, data, top: walk._markup("text", data, top),
        "pdf": _pdf,
        "ps": _ps,
        "rtf": _rtf,
        "doc": _doc,
        "ppt": _ppt,
        **{
            kind: (lambda walk, data, top, kind=kind: walk._markup(kind, data, top))
            for kind in OFFICE_ZIP_KINDS
        },
    }
