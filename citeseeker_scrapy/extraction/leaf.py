"""One readable part (a leaf of the document's archive tree): its text, links and problems.

Why a module of its own: the same reading runs in two places — in the crawler's threads, for
every kind (``document_walk.py``), and in a parser worker process for big HTML,
text and office XML parts (``processes/worker_main.py``, through :func:`read_here`). The
worker imports this module, not the extractor that starts the workers.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass

from ..exceptions import ExtractionError, StorageError, is_storage_failure
from .decode import decode_html, decode_text
from .html import absolute_links, has_scripts, parse_html, usable_links, visible_chars
from .model import (
    ExtractedPart, ExtractionEvent, ExtractionLimits, end_chars, ends_kept, problem,
)
from .office import package_text
from .sniff import OFFICE_ZIP_KINDS
from .streams import Budget

#: Kinds a parser worker reads itself (no scratch file, no subprocess of its own).
WORKER_LEAF_KINDS = frozenset({"html", "text", *OFFICE_ZIP_KINDS})


@dataclass(frozen=True)
class Content:
    """What a reader got; ``damage`` says what failed after part of the text was read."""

    text: str
    links: tuple[str, ...] = ()
    base: str | None = None
    damage: str = ""
    meta: dict | None = None
    cut: bool = False


def read_markup(kind: str, data: bytes, declared: str | None, budget: Budget,
                limits: ExtractionLimits) -> Content:
    """An HTML, text or office XML part; ``declared`` is the server's charset (top part only).
    Called by the document walk's readers and by :func:`read_here`."""
    if kind == "html":
        page = parse_html(decode_html(data, declared))
        return Content(page.text, page.links, page.base, meta=page.meta)
    if kind == "text":
        return Content(decode_text(data, declared))
    return Content(package_text(kind, data, budget, limits))


def leaf_events(member: str, kind: str, data: bytes, read: Callable[[bytes], Content],
                limits: ExtractionLimits, page_url: str | None) -> Iterator[ExtractionEvent]:
    """The part ``read`` gets from ``data`` and its problems. A reader's failure is a problem
    of this part (the others go on); a full disk is a StorageError (the crawl stops). Links
    are made absolute against ``page_url`` when given (in the worker that read the part)."""
    started = time.perf_counter()
    try:
        content = read(data)
    except StorageError:
        raise  # the disk, not the document (a converter found the scratch directory full)
    except ExtractionError as e:
        yield problem(member, kind, str(e))
        return
    except OSError as e:  # scratch directory trouble (disk full, removed by close())
        if is_storage_failure(e):  # the disk, not the document: the crawl stops
            raise StorageError(f"the scratch directory: {e}") from e
        yield problem(member, kind, f"I/O error: {e}")
        return
    except Exception as e:  # noqa: BLE001 - a library choking on hostile input
        yield problem(member, kind, f"unexpected {type(e).__name__}: {e}")
        return
    limit = limits.max_text_chars
    links, base = content.links, content.base
    if page_url is not None:
        links, base = absolute_links(links, page_url, base), None
    yield ExtractedPart(
        member=member, kind=kind, text=ends_kept(content.text, limit), links=links,
        seconds=time.perf_counter() - started, size=len(data), base=base,
        usable_links=usable_links(content.links),
        visible_chars=(visible_chars(content.text)
                       if kind == "html" and has_scripts(data) else 0),
        meta=content.meta,
    )
    if content.damage:
        yield problem(member, kind, content.damage)
    if content.cut or len(content.text) > limit:
        yield problem(member, kind, cut_reason(limit))


def cut_reason(limit: int) -> str:
    """The item's problem for a text over the limit: what of it was searched."""
    return (f"text over {limit} characters (CITESEEKER_MAX_TEXT_CHARS): its start and its last "
            f"{end_chars(limit)} characters (the reference list) searched, the middle left out")


def read_here(
    limits: ExtractionLimits, member: str, kind: str, data: bytes, declared: str | None,
    page_url: str | None = None,
) -> tuple[dict[str, object] | None, list[dict[str, str]]]:
    """The part and the problems of one HTML, text or office XML part, as JSON-ready dicts.

    Called by the parser worker's ``leaf`` task (``processes/worker_main.py``) for
    :meth:`DocumentExtractor.read`: the same reader as in the calling thread, run elsewhere.
    """
    if kind not in WORKER_LEAF_KINDS:
        raise ExtractionError(f"a parser worker does not read {kind!r} parts")
    budget = Budget(limits.max_unpacked_bytes)
    charset = declared if not member else None

    def read(body: bytes) -> Content:
        return read_markup(kind, body, charset, budget, limits)

    part: dict[str, object] | None = None
    problems: list[dict[str, str]] = []
    for event in leaf_events(member, kind, data, read, limits, page_url):
        if isinstance(event, ExtractedPart):
            part = asdict(event)
        else:
            problems.append(asdict(event))
    return part, problems
