"""Where a document's work runs: on the reactor thread, in a thread, or in a parser process.

The one owner of that choice; the pipelines, the document stages, the extractor and
:mod:`citeseeker_scrapy.threads` ask it and only carry it out. Why three places:

* in the crawler's process, lxml, the charset detection and the office XML hold the GIL, so a
  site of HTML read there would use one core: parts of :data:`WORKER_MIN_BYTES` or more of the
  kinds a parser process reads (:data:`.leaf.WORKER_LEAF_KINDS`) go to one;
* smaller pages cost less to read than to send anywhere: on the reactor thread (or, with a
  search to run, in the event loop's own parser process, :func:`event_worker_page`); a
  hand-off to a thread costs more than their parsing, and on a busy machine a thread may wait
  many milliseconds for the CPU while the document holds its server;
* everything else (archives, PDF, PostScript, DOC, big pages) goes to Scrapy's thread pool,
  which waits there for a parser process or Ghostscript without stalling downloads. The
  reactor thread never waits for a parser process.

Pure: no Scrapy, no Twisted.
"""

from __future__ import annotations

from collections.abc import Iterable

from .leaf import WORKER_LEAF_KINDS

#: A part this large (of a kind a parser process reads) is read in a parser process; smaller
#: work is done where it is (see the module docstring).
WORKER_MIN_BYTES = 8 * 1024
#: The kinds a page of the event loop's parser process may be.
PAGE_KINDS = frozenset({"html", "text"})


def read_in_worker(kind: str, size: int) -> bool:
    """Whether the extractor sends a part of ``kind`` and ``size`` bytes to a parser process."""
    return kind in WORKER_LEAF_KINDS and size >= WORKER_MIN_BYTES


def event_worker_page(kind: str, size: int, member_name: str) -> bool:
    """Whether a document's one part is a small page for the event loop's parser process (an
    archive member is not: it belongs to its archive's walk)."""
    return not member_name and kind in PAGE_KINDS and size < WORKER_MIN_BYTES


def inline(size: int) -> bool:
    """Whether work on ``size`` bytes (or characters) runs on the reactor thread, not in a
    thread of the pool. Who calls: :func:`citeseeker_scrapy.threads.in_thread_if_big`."""
    return size < WORKER_MIN_BYTES


def text_work_size(parts: Iterable[tuple[str, int]]) -> int:
    """The size of a document's text reading, for :func:`inline`: its parts' bytes when all
    are pages or texts; PDF, PostScript, office files and archives count as big (their
    parsers wait for a parser process or Ghostscript, which the reactor thread must not)."""
    total = 0
    for kind, size in parts:
        if kind not in PAGE_KINDS:
            return WORKER_MIN_BYTES
        total += size
    return total
