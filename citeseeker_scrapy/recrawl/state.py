"""What a crawl remembers of each document for the next re-crawl: ``JOBDIR/recrawl-state.jsonl``.

One JSON object a line, appended (and flushed) as each document's outcome is known: its URL,
HTTP status, validators (``ETag``, ``Last-Modified``), MD5 of the body and of the text, size,
depth, the links it had (so a re-crawl can descend through a page it did not download again)
and the citations found in it (so a re-crawl can tell which ones are new and which are gone).

Why JSON lines and not one JSON document or a database: appending never rewrites what is
there, so a crawl killed in the middle of a write leaves at worst one torn last line, which
:func:`read_state` skips; a resumed job appends, and the last line of a URL wins. The site
split (:mod:`.sites`) is derived from these records, and written beside them at the end of a
finished crawl (``recrawl-sites.json``, replaced atomically) for people and tools to read.
"""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, IO, Iterable

STATE_FILE = "recrawl-state.jsonl"
SITES_FILE = "recrawl-sites.json"
#: The fields of a citation kept in the state (what a ``gone`` report shows again).
CITATION_FIELDS = ("member", "header", "author", "publication", "found", "similarity",
                   "relation", "context", "in_references", "title_end")


@dataclass
class DocumentRecord:
    """One document as the crawl last saw it."""

    url: str
    status: int = 200
    etag: str = ""
    last_modified: str = ""
    body_md5: str = ""
    text_md5: str = ""
    size: int = 0
    depth: int = 0
    links: list[str] = field(default_factory=list)
    citations: list[dict[str, Any]] = field(default_factory=list)

    @property
    def has_validators(self) -> bool:
        return bool(self.etag or self.last_modified)

    def to_json(self) -> str:
        return json.dumps(asdict(self), ensure_ascii=False, separators=(",", ":"))


def md5_hex(data: bytes | str) -> str:
    """MD5 as the paper uses it: a checksum of the content, not a security measure."""
    raw = data.encode("utf-8", "surrogatepass") if isinstance(data, str) else data
    return hashlib.md5(raw, usedforsecurity=False).hexdigest()


def kept_citations(citations: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    """The citation fields worth keeping (no working state such as fingerprints)."""
    return [{k: c.get(k) for k in CITATION_FIELDS if k in c} for c in citations]


def read_state(path: Path) -> dict[str, DocumentRecord]:
    """Every document of a state file, the last line of a URL winning; a torn or foreign line
    (a crawl killed while writing) is skipped."""
    records: dict[str, DocumentRecord] = {}
    if not path.exists():
        return records
    known = set(DocumentRecord.__dataclass_fields__)
    with open(path, encoding="utf-8", errors="replace") as handle:
        for line in handle:
            try:
                data = json.loads(line)
                record = DocumentRecord(**{k: v for k, v in data.items() if k in known})
            except (ValueError, TypeError):
                continue
            if isinstance(record.url, str) and record.url:
                records[record.url] = record
    return records


class StateWriter:
    """Appends records, one flushed line each; ``sync`` forces them to disk (checkpoints)."""

    def __init__(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        self.path = path
        self._handle: IO[str] | None = open(path, "a", encoding="utf-8", newline="\n")
        if path.stat().st_size and not _ends_with_newline(path):
            self._handle.write("\n")  # a killed run's torn line stays alone (and is skipped)

    def write(self, record: DocumentRecord) -> None:
        if self._handle is None:
            return
        self._handle.write(record.to_json() + "\n")
        self._handle.flush()

    def sync(self) -> None:
        if self._handle is not None:
            os.fsync(self._handle.fileno())

    def close(self) -> None:
        if self._handle is not None:
            self.sync()
            self._handle.close()
            self._handle = None


def write_json_atomically(path: Path, data: Any) -> None:
    """Write a whole JSON file so that a reader sees the old one or the new one, never half."""
    temporary = path.with_name(path.name + ".tmp")
    with open(temporary, "w", encoding="utf-8") as handle:
        json.dump(data, handle, indent=1, ensure_ascii=False)
        handle.flush()
        os.fsync(handle.fileno())
    os.replace(temporary, path)


def _ends_with_newline(path: Path) -> bool:
    with open(path, "rb") as handle:
        handle.seek(-1, os.SEEK_END)
        return handle.read(1) == b"\n"
