"""Parser worker: a long-lived process that turns PDF and RTF bytes into text.

Why a separate process: PDF libraries hang or exhaust memory on hostile files, and neither a
thread nor Python code can stop C code that loops. :class:`~.workers.WorkerPool` starts a fresh
interpreter that imports :func:`main` by module name (``python -I -B -c <bootstrap> <package root>
<memory bytes>``, so it works from a directory, an egg or a zip), sends tasks over stdin and reads
replies on stdout; on a timeout it kills the process and starts another. The address space is
limited with RLIMIT_AS here, before any parser is loaded.

This module imports only the standard library, the parsers and the text-cut rule of
``..model``. Its functions are importable for in-process tests.

Protocol: each message is a ``multiprocessing.connection`` frame. Request = JSON header
(``task``, ``max_chars``, ``engines``, ``retire_above_bytes``, ``part``, ``path``) + payload
bytes. Reply = JSON header (``ok``, ``engine``, ``pages``, ``read``, ``cut``, ``error``,
``limit``, ``retire``) + UTF-8 text; ``cut``: the text was over ``max_chars`` and its start and
end were kept (``model.ends_kept``). ``part`` = [index, parts] asks for the index-th of ``parts`` equal
runs of pages (``read`` = [first, stop) says which); ``path`` names a PDF file in the
crawler's scratch directory to read instead of the payload. JSON rather than pickle so that
a worker taken over by a malicious file cannot make the crawler run code.

Besides PDF and RTF, a worker reads HTML, text and office XML parts (task ``leaf``: ``member``,
``kind``, ``declared``; the reply header carries ``links``, ``base``, ``problems``). Why: in the
crawler's process that work held the GIL, so a site of HTML used one core however many there
were. It needs the extraction limits, sent once per worker by the pool (task ``setup``:
``limits``) before its first task. The worker the crawler's event loop feeds with small pages
(``event_worker.py``) also gets the crawl's search (``setup``: ``search``, a
``matching.citations.search_spec``) and matches what it reads (``leaf`` with ``match``: the
reply header carries ``citations`` and ``fingerprint``): on a crawl of small pages, reading
and matching are a large share of the crawler's CPU on the reactor thread. The pool's
workers do not match: for big documents matching in the crawler's threads is as fast, and a
search in every worker would add its memory to the crawl's peak.
"""

from __future__ import annotations

import io
import json
import logging
import os
import re
import resource
import sys
import warnings
from collections.abc import Callable, Sequence
from multiprocessing.connection import Connection
from typing import Any, NamedTuple

from ..model import end_chars, ends_kept

READY = b"ready"
PDF_ENGINES = ("pdfium", "pypdf")

Header = dict[str, Any]


class TaskError(Exception):
    """An expected failure; its message goes to the crawler's error log as is."""


class PasswordRequired(TaskError):
    """The PDF is encrypted with a user password (an empty one is tried first)."""

    def __init__(self) -> None:
        super().__init__("encrypted PDF needs a password")


def pdf_text(
    data: bytes | str, engines: Sequence[str] = PDF_ENGINES, max_chars: int = 5_000_000,
    part: tuple[int, int] = (0, 1), work: bool = False,
) -> tuple[Header, str]:
    """Text of a PDF (of its ``part`` = (index, parts) share of the pages) from the first
    engine that can read it: PDFium (fast), then pypdf. ``data`` is the PDF or its file's path.
    With ``work``, the part that holds page 1 read by PDFium also gives what the PDF says of
    its work (header ``work``: ``works.pdf_meta.pdf_meta``, judged by the citation stage).

    Why the fallback: PDFium refuses some damaged files that pypdf's lenient parser repairs
    (e.g. junk before the header, beyond PDFium's 1 KiB window).
    """
    failures: list[str] = []
    for engine in engines:
        try:
            texts, meta = _read_pdf(engine, data, max_chars, part, work)
        except PasswordRequired:
            raise  # every engine has tried the empty password: pypdf would only cost time
        except Exception as e:
            failures.append(f"{engine}: {_message(e)}")
            continue
        header = {"engine": engine, "pages": texts.count, "read": texts.read, "cut": texts.cut,
                  "failures": failures}
        if meta is not None:
            header["work"] = meta
        return header, texts.text
    if any("PasswordRequired" in failure for failure in failures):
        raise PasswordRequired()
    raise TaskError("unreadable PDF (" + "; ".join(failures) + ")")


def _read_pdf(engine: str, data: bytes | str, max_chars: int, part: tuple[int, int],
              work: bool) -> tuple[PageTexts, Header | None]:
    """One engine's text of ``part``, and with ``work`` (PDFium only) the work's candidates."""
    if engine == "pdfium":
        return _pdfium_text(data, max_chars, part, work)
    return PDF_READERS[engine](data, max_chars, part), None


#: PDFium's document keeps every font, image and object it has parsed until it is closed, so
#: a long manual grows the worker page after page for the same text. Reopening the document
#: every so many pages bounds it, at no measurable CPU cost.
REOPEN_PAGES = 100


class _PdfiumPages:
    """Page texts of one PDF, the document reopened every :data:`REOPEN_PAGES` pages."""

    def __init__(self, data: bytes | str, first_page_layout: bool = False) -> None:
        self._data = data
        self._opened_at = 0
        self.document = self._open()
        self.count = len(self.document)
        #: Page 1's text, and its lines with their type sizes when ``first_page_layout``
        #: (``works.first_page.page_lines``), once page 1 is read.
        self.first_text: str | None = None
        self.first_lines: list[Any] | None = None
        self.layout_error = ""
        self._first_page_layout = first_page_layout

    def start_at(self, index: int) -> None:
        """The first page read will be ``index`` (a part of the document): count from there."""
        self._opened_at = index

    def _open(self) -> Any:
        import pypdfium2 as pdfium

        try:
            return pdfium.PdfDocument(self._data)
        except pdfium.PdfiumError as e:
            if "password" in str(e).lower():
                raise PasswordRequired() from e
            raise

    def text(self, index: int) -> str:
        if abs(index - self._opened_at) >= REOPEN_PAGES:  # the end is read backwards
            self.document.close()
            self.document, self._opened_at = self._open(), index
        if index == 0:
            self.first_text, self.first_lines, self.layout_error = _pdfium_first_page(
                self.document, self._first_page_layout)
            return self.first_text
        return _pdfium_page(self.document, index)

    def work(self) -> Header:
        """What the PDF says of its work: XMP, the information dictionary, page 1's layout.
        A failure here is said (``error``), never the text's failure: metadata of any shape
        must not cost a document its text."""
        from citeseeker_scrapy.works.pdf_meta import pdf_meta

        try:
            meta = pdf_meta(self._data, self.document.get_metadata_dict(),
                            self.first_text or "", self.first_lines)
        except MemoryError:
            raise
        except Exception as e:  # noqa: BLE001 - a hostile file's metadata
            return {"error": _message(e)}
        return {**meta, "error": self.layout_error} if self.layout_error else meta

    def close(self) -> None:
        self.document.close()


def _pdfium_text(
    data: bytes | str, max_chars: int, part: tuple[int, int], work: bool = False,
) -> tuple[PageTexts, Header | None]:
    pages = _PdfiumPages(data, first_page_layout=work)
    try:
        read = page_range(pages.count, part)
        pages.start_at(read.start)
        texts = _collect_pages(pages.count, read, pages.text, max_chars)
        meta = pages.work() if work and read.start == 0 else None
        return texts, meta
    finally:
        pages.close()


#: What PDFium's text gives for a soft (line-end) hyphen: a noncharacter, never real text.
PDFIUM_SOFT_HYPHEN = "\ufffe"


def _pdfium_page(document: Any, index: int) -> str:
    page = document[index]
    try:
        textpage = page.get_textpage()
        text = textpage.get_text_range()
        textpage.close()
        return _plain(text)
    finally:
        page.close()


def _plain(text: str) -> str:
    # PDFium marks a hyphen it took for a line-end one as U+FFFE ("the latex\ufffecompanion"
    # reached the feed and report): drop it, the word's halves are already joined.
    return text.replace("\r\n", "\n").replace(PDFIUM_SOFT_HYPHEN, "")


def _pdfium_first_page(document: Any, layout: bool) -> tuple[str, list[Any] | None, str]:
    """Page 1's text and, with ``layout``, its lines with their type sizes (read from the
    same text page: ``works.page_layout.page_lines``), and why they could not be read."""
    page = document[0]
    try:
        textpage = page.get_textpage()
        try:
            raw_text = textpage.get_text_range()
            return (_plain(raw_text), *_first_page_lines(textpage, raw_text, page, layout))
        finally:
            textpage.close()
    finally:
        page.close()


def _first_page_lines(textpage: Any, raw_text: str, page: Any,
                      layout: bool) -> tuple[list[Any] | None, str]:
    if not layout:
        return None, ""
    from citeseeker_scrapy.works.page_layout import page_lines

    try:
        return page_lines(textpage, raw_text, page.get_size()), ""
    except MemoryError:
        raise
    except Exception as e:  # noqa: BLE001 - the text stays the page's, whatever its layout
        return None, _message(e)


def _pypdf_text(data: bytes | str, max_chars: int, part: tuple[int, int]) -> PageTexts:
    import pypdf

    reader = pypdf.PdfReader(data if isinstance(data, str) else io.BytesIO(data), strict=False)
    if reader.is_encrypted and not reader.decrypt(""):
        raise PasswordRequired()
    pages = reader.pages
    return _collect_pages(
        len(pages), page_range(len(pages), part),
        lambda index: ligatures_restored(pages[index].extract_text() or ""), max_chars)


#: What pypdf prints for a ligature glyph it cannot map to Unicode (a font with a built-in
#: encoding and no ToUnicode map): the glyph's code. TeX's OT1 fonts put ff, fi, ffi, ffl at
#: 0x0B, 0x0C, 0x0E, 0x0F; other Type 1 fonts put fi, fl at 0x02, 0x03 (seen in the corpus:
#: "signi\x02cant", "shuf\x03ing", "e\x0bective", "e\x0ecient"). 0x0D (OT1 fl) is left alone:
#: it is also a line end.
_LIGATURE_CODES = {"\x02": "fi", "\x03": "fl", "\x0b": "ff", "\x0c": "fi", "\x0e": "ffi",
                   "\x0f": "ffl"}
#: A code inside or at the start of a word, before a letter: "e\x0bective", " \x0crst".
_LIGATURE_CODE = re.compile(r"(?:(?<=[^\W\d_])|(?<!\S))[\x02\x03\x0b\x0c\x0e\x0f](?=[^\W\d_])")


def ligatures_restored(text: str) -> str:
    """``text`` with pypdf's unmapped ligature codes in words put back as letters.

    Else "Gri\x0eths" is no "Griffiths" and "\x0b" (a vertical tab) splits "e ective".
    """
    if not any(code in text for code in _LIGATURE_CODES):
        return text
    return _LIGATURE_CODE.sub(lambda code: _LIGATURE_CODES[code.group()], text)


def page_range(count: int, part: tuple[int, int]) -> range:
    """The pages of ``part`` = (index, parts): the index-th of ``parts`` runs of equal length."""
    index, parts = part
    if not 0 <= index < parts:
        raise TaskError(f"bad part {index} of {parts}")
    return range(count * index // parts, count * (index + 1) // parts)


class PageTexts(NamedTuple):
    """What a PDF engine read: the text (at most ``max_chars``), the document's page count,
    the pages of the part asked for, and whether the text was cut (``model.ends_kept``)."""

    text: str
    count: int
    read: range
    cut: bool


def _collect_pages(
    count: int, read: range, page_text: Callable[[int], str], max_chars: int
) -> PageTexts:
    """The texts of the pages ``read`` in page order, at most ``max_chars`` characters.

    Pages are read from the first until the start's share of ``max_chars`` is passed, then
    from the last backwards until the end's share is (``model.end_chars``): a paper's
    reference list is at its end. The pages between are not read at all, so a long manual
    costs no more than its two ends."""
    end_budget = end_chars(max_chars)
    head, tail = [], []
    first, last, total = read.start, read.stop, 0
    while first < last and total <= max_chars - end_budget:
        head.append(page_text(first))
        total, first = total + len(head[-1]) + 1, first + 1
    total = 0
    while first < last and total <= end_budget:
        last -= 1
        tail.append(page_text(last))
        total += len(tail[-1]) + 1
    text = "\n".join(head + tail[::-1])
    return PageTexts(ends_kept(text, max_chars), count, read,
                     first < last or len(text) > max_chars)


PDF_READERS: dict[str, Callable[[bytes | str, int, tuple[int, int]], PageTexts]] = {
    "pdfium": lambda data, max_chars, part: _pdfium_text(data, max_chars, part)[0],
    "pypdf": _pypdf_text,
}


def rtf_text(data: bytes) -> str:
    """Text of an RTF file (striprtf; run here because its regular expressions can be slow)."""
    from striprtf.striprtf import rtf_to_text

    return rtf_to_text(data.decode("latin-1"), errors="ignore")


#: What ``setup`` gave this worker: the extraction limits.
_session: dict[str, Any] = {}


def setup(request: Header) -> Header:
    """Keep what later ``leaf`` tasks need: the limits, and the search for ``match``."""
    if request.get("limits") is not None:
        from citeseeker_scrapy.extraction.model import ExtractionLimits

        _session["limits"] = ExtractionLimits(**request["limits"])
    if request.get("search") is not None:
        from citeseeker_scrapy.matching.citations import CitationSearch

        _session["search"] = CitationSearch.from_spec(request["search"])
    return {"ok": True}


def leaf(request: Header, payload: bytes) -> tuple[Header, str]:
    """Text, links and problems of one HTML, text or office XML part."""
    from citeseeker_scrapy.extraction.leaf import read_here

    part, problems = read_here(_needs("limits"), str(request["member"]), str(request["kind"]),
                               payload, request.get("declared"), request.get("page_url"))
    header: Header = {"ok": True, "problems": problems, "part": None}
    if part is None:
        return header, ""
    text = part.pop("text")
    if request.get("match"):
        citations, fingerprint = _needs("search").search_part(str(request["member"]), text)
        header.update(citations=citations, fingerprint=fingerprint)
    return {**header, "part": part}, text


def _needs(name: str) -> Any:
    if name not in _session:
        raise TaskError(f"worker not set up for this task (no {name})")
    return _session[name]


TASKS: dict[str, Callable[[Header, bytes], tuple[Header, str]]] = {
    "setup": lambda request, payload: (setup(request), ""),
    "leaf": leaf,
}


def handle(request: Header, payload: bytes) -> tuple[Header, str]:
    """Run one task; failures become an error header, never an exception."""
    try:
        if request["task"] in TASKS:
            return TASKS[request["task"]](request, payload)
        if request["task"] == "pdf":
            engines = request.get("engines") or PDF_ENGINES
            index, parts = request.get("part") or (0, 1)
            source = str(request["path"]) if request.get("path") else payload
            header, text = pdf_text(source, engines, int(request["max_chars"]),
                                    (int(index), int(parts)), bool(request.get("work")))
            read = header.pop("read")
            return {"ok": True, **header, "read": [read.start, read.stop]}, text
        if request["task"] == "rtf":
            return {"ok": True, "engine": "striprtf"}, rtf_text(payload)
        return {"ok": False, "error": f"unknown task {request['task']!r}"}, ""
    except MemoryError:
        return {
            "ok": False,
            "limit": True,
            "retire": True,
            "error": "parser memory limit exceeded",
        }, ""
    except TaskError as e:
        return {"ok": False, "error": str(e)}, ""
    except Exception as e:
        return {"ok": False, "error": _message(e)}, ""


def _message(error: BaseException) -> str:
    text = " ".join(str(error).split())
    return f"{type(error).__name__}: {text}" if text else type(error).__name__


#: A task that grew the worker's resident memory by this much since the last release is
#: followed by one (``allocator.release_free_memory``): a big PDF's freed heap goes back.
RELEASE_AFTER_GROWTH_BYTES = 8 * 1024 * 1024


def serve(inbox: Connection, outbox: Connection) -> None:
    """Answer requests until the parent closes the pipe or a task asks to retire the worker.
    The retire bound is judged after the free heap went back, so that only memory the worker
    really holds retires it."""
    from citeseeker_scrapy.allocator import release_free_memory

    released_at = resident_bytes()
    while True:
        try:
            request = json.loads(inbox.recv_bytes())
            payload = inbox.recv_bytes()
        except EOFError:
            return
        header, text = handle(request, payload)
        del payload
        resident = resident_bytes()
        released_at = min(released_at, resident)  # big blocks freed on their own count too
        if resident > released_at + RELEASE_AFTER_GROWTH_BYTES:
            release_free_memory()
            resident = released_at = resident_bytes()
        if resident > int(request.get("retire_above_bytes") or sys.maxsize):
            header["retire"] = True
        outbox.send_bytes(json.dumps(header).encode())
        outbox.send_bytes(text.encode("utf-8", "replace"))
        if header.get("retire"):
            return


def resident_bytes(pid: int | str = "self") -> int:
    """Resident memory of this process (or of process ``pid``) now (0 where /proc is missing
    or the process is gone). Who calls it: :func:`serve`, and the Ghostscript servers' owner.

    Why: a big manual leaves PDFium's and Python's heaps large after it is done; a worker
    that asks to retire above ``retire_above_bytes`` bounds the crawl's memory for the price
    of a restart.
    """
    try:
        with open(f"/proc/{pid}/statm", "rb") as statm:
            return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        return 0


def _isolate(memory_bytes: int) -> tuple[Connection, Connection]:
    """Limit memory, forbid core dumps, and keep stdin/stdout for the protocol only."""
    resource.setrlimit(resource.RLIMIT_AS, (memory_bytes, memory_bytes))
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    inbox = Connection(os.dup(0), writable=False)
    outbox = Connection(os.dup(1), readable=False)
    devnull = os.open(os.devnull, os.O_RDWR)
    os.dup2(devnull, 0)
    os.dup2(2, 1)  # a library that prints must not corrupt the protocol
    logging.disable(logging.CRITICAL)
    warnings.simplefilter("ignore")
    return inbox, outbox


#: ``argv[2]`` of a worker that reads only pages and text (``event_worker.py``): no PDFium.
PAGES_ONLY = "pages-only"


def main(argv: Sequence[str]) -> None:
    """Entry point: ``argv[1]`` is the address-space limit in bytes; ``argv[2]``, when
    :data:`PAGES_ONLY`, says no PDF will come (PDFium is not loaded)."""
    inbox, outbox = _isolate(int(argv[1]))
    # PDFium is loaded before "ready" so that the first task's timeout is fair. pypdf is not:
    # it is only the fallback, rarely needed, and importing it would double each worker's
    # resident memory at start; the task that first needs it imports it within its timeout.
    if argv[2:3] != [PAGES_ONLY]:
        import pypdfium2  # noqa: F401

    outbox.send_bytes(READY)
    serve(inbox, outbox)


if __name__ == "__main__":
    main(sys.argv)
