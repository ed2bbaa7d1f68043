"""Parser worker: a long-lived process that turns PDF and RTF bytes into text.

Why a separate process: PDF libraries hang or exhaust memory on hostile files, and neither a
thread nor Python code can stop C code that loops. :class:`~.workers.WorkerPool` starts a fresh
interpreter that imports :func:`main` by module name (``python -I -B -c <bootstrap> <package root>
<memory bytes>``, so it works from a directory, an egg or a zip), sends tasks over stdin and reads
replies on stdout; on a timeout it kills the process and starts another. The address space is
limited with RLIMIT_AS here, before any parser is loaded.

This module imports only the standard library, the parsers, PDF reading (``..pdf``, which
holds every rule of reading a PDF) and ``..model``. Its functions are importable for
in-process tests.

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
reply header carries ``citations`` and ``fingerprint``, and for an HTML page its ``shape``,
which the crawler-trap watch compares: ``extraction.shape.page_shape``): on a crawl of small
pages, reading and matching are a large share of the crawler's CPU on the reactor thread. The pool's
workers do not match: for big documents matching in the crawler's threads is as fast, and a
search in every worker would add its memory to the crawl's peak.
"""

from __future__ import annotations

import json
import logging
import os
import resource
import sys
import warnings
from collections.abc import Callable, Sequence
from multiprocessing.connection import Connection
from typing import Any

from ..model import error_text
from ..pdf import PDF_ENGINES, PdfError, pdf_text

READY = b"ready"

Header = dict[str, Any]


class TaskError(Exception):
    """An expected failure; its message goes to the crawler's error log as is."""


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
        if request["kind"] == "html":
            from citeseeker_scrapy.extraction.shape import page_shape

            header["shape"] = page_shape(text)
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
    except (TaskError, PdfError) as e:
        return {"ok": False, "error": str(e)}, ""
    except Exception as e:
        return {"ok": False, "error": error_text(e)}, ""


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
