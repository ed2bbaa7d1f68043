"""The original's log files (thesis §7.4.2, Appendix E), same names and tab-separated formats.

* ``success.log`` — ``number  url  header  (author: publication  found  similarity)+``
* ``errors.log``  — ``url  error``
* ``completed.log`` — one completed server per line
* ``summary.log`` — statistics of the run
* ``debug.log`` — a mirror of what the crawl is doing (optional)
* ``duplicates.log`` — ``copy  first``: the same paper reached again under another URL
* ``titles.tsv`` — ``where  title``: a citing document's title (:mod:`.titles`), for the report
* ``works.jsonl`` — one JSON object a line, a reported part's citing work: ``where``,
  ``work_id``, ``work`` and ``self`` (its self-citations' ``author: publication`` labels;
  :func:`citeseeker_scrapy.works.citing.work_record`), for the report and the exports

success.log's lines end, after the original's columns, with four more per publication found,
in the same order: ``context``, ``in_references`` (``true``/``false``), ``relation``
(``cites``, or ``self`` when the document is the searched paper itself) and ``title_end``
(``certain``, or ``uncertain`` when the word after the title could be part of it); a line with
n hits has 3 + 7n columns.

Each file gets a ``*****  date time  *****`` header when a run (or a resumed run) starts. Lines
are appended and flushed at once, so a killed crawl loses nothing it already reported.
"""

from __future__ import annotations

import datetime as dt
import threading
import csv
import io
import json
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any, Callable, Iterable, Mapping

from ..matching.model import CERTAIN_END
from ..stats import (
    ARCHIVES_CHECKED, BYTES, BYTES_PROCESSED, CITATIONS, CITATIONS_SELF, CITATIONS_UNCERTAIN_END,
    DOCUMENTS_ROBOTS_REFUSED,
    DOCUMENTS_SEARCHED, DOCUMENTS_UNSUPPORTED, DOCUMENTS_WITH_CITATIONS, DOWNLOAD_ERRORS,
    EXTRACTION_ERRORS, PARTS, SERVERS_COMPLETED, SIZE_COMPLETED_SERVERS, SIZE_PENDING_DOCUMENTS,
    SIZE_PENDING_SERVERS, SIZE_SERVERS_DISCOVERED, extraction_files, extraction_seconds,
)
from ..storage import repair_cut_line
from .titles import TITLES_FILE

LOG_NAMES = ("success", "summary", "completed", "errors", "debug", "duplicates")
#: Written beside the logs, without a run header (``read_titles`` takes every line as a title).
TITLES = "titles"
#: Beside the logs too, without a run header: the last line of a place wins.
WORKS = "works"
WORKS_FILE = "works.jsonl"
#: In JOBDIR: the log directories a job wrote to and the runs each of their files had before
#: (``results`` writes and reads it), and the changes of its inputs (``job.fingerprint``).
JOB_FILE = "citeseeker-job.json"


@dataclass(frozen=True)
class DocumentHit:
    """One publication found in one document, as success.log shows it."""

    author: str
    publication: str
    found: str
    similarity: float
    context: str = ""
    in_references: bool = False
    relation: str = "cites"
    status: str = ""  # a re-crawl's "new" or "gone"
    title_end: str = CERTAIN_END  # UNCERTAIN_END: the word after the title could be part of it


def run_header(now: dt.datetime | None = None) -> str:
    """The original's header: ``*****\\t11.6.2003 23:47:42\\t*****`` (no zero padding)."""
    now = now or dt.datetime.now()
    return f"*****\t{now.day}.{now.month}.{now.year} {now:%H:%M:%S}\t*****"


def one_field(text: str) -> str:
    """Make ``text`` safe as one tab-separated field: no tabs, no line breaks."""
    return " ".join(text.split())


#: Called with what failed to be written and the error (the crawl's storage guard).
FailureCallback = Callable[[str, OSError], None]


class RunReport:
    """Appends to the log files of one crawl; thread-safe, every line flushed when written.

    Owned by the report extension (``extensions/report.py``), the only writer of the files.
    A write the disk refuses goes to ``on_failure`` (the crawl stops) and nothing is written
    after it: a log never holds a line written after a hole.
    """

    def __init__(self, log_dir: Path, *, debug: bool = True,
                 on_failure: FailureCallback | None = None) -> None:
        self.log_dir = Path(log_dir)
        self.log_dir.mkdir(parents=True, exist_ok=True)
        self._lock = threading.Lock()
        self._on_failure = on_failure
        self.failed = False
        names = LOG_NAMES if debug else tuple(n for n in LOG_NAMES if n != "debug")
        self._paths = {name: self.log_dir / f"{name}.log" for name in names}
        self._paths[TITLES] = self.log_dir / TITLES_FILE
        self._paths[WORKS] = self.log_dir / WORKS_FILE
        for path in self._paths.values():
            repair_cut_line(path)
        self._success_number = self._read_success_log()
        self._files: dict[str, IO[str]] = {name: self._open(name) for name in self._paths}
        for name in names:
            self._write(name, run_header())

    def _open(self, name: str) -> IO[str]:
        return open(self._paths[name], "a", encoding="utf-8", newline="\n")

    def _fail(self, name: str, error: OSError) -> None:
        self.failed = True
        if self._on_failure is None:
            raise error
        self._on_failure(str(self._paths[name]), error)

    def _read_success_log(self) -> int:
        """Numbers continue across resumed runs: count the numbered lines already there."""
        path = self.log_dir / "success.log"
        if not path.exists():
            return 0
        with open(path, encoding="utf-8", errors="replace") as handle:
            return sum(1 for line in handle if line[:1].isdigit())

    def _write(self, name: str, line: str) -> None:
        handle = self._files.get(name)
        if handle is None:
            return
        with self._lock:
            if self.failed:
                return
            try:
                handle.write(line + "\n")
                handle.flush()
                return
            except OSError as error:
                self.failed, failure = True, error
        self._fail(name, failure)  # outside the lock: the callback stops the crawl

    def success(self, url: str, header: str, hits: Iterable[DocumentHit]) -> int:
        """One success.log line for a document; returns its number."""
        hits = list(hits)
        fields = []
        for hit in hits:
            fields += [one_field(f"{hit.author}: {hit.publication}"), one_field(hit.found),
                       f"{hit.similarity:.4f}"]
        for hit in hits:  # ours, after the original's columns
            fields += [one_field(hit.context), "true" if hit.in_references else "false",
                       hit.relation, hit.title_end]
            if any(h.status for h in hits):  # a re-crawl: new or gone
                fields.append(hit.status or "new")
        with self._lock:
            self._success_number += 1
            number = self._success_number
        self._write("success", "\t".join([str(number), url, one_field(header), *fields]))
        return number

    def titles(self, titles: Iterable[tuple[str, str]]) -> None:
        """titles.tsv lines ``where<TAB>title`` for a citing document's parts (an empty title
        is left out). Kept open like the logs: a crawl of small pages has many citing
        documents, and opening the file for each would be a cost of its own."""
        lines = [f"{where}\t{one_field(title)}" for where, title in titles if title]
        if lines:
            self._write(TITLES, "\n".join(lines))

    def works(self, records: Iterable[Mapping[str, Any]]) -> None:
        """works.jsonl lines: the citing work of each reported part."""
        lines = [json.dumps(record, ensure_ascii=False, separators=(",", ":"))
                 for record in records]
        if lines:
            self._write(WORKS, "\n".join(lines))

    def error(self, url: str, reason: str) -> None:
        self._write("errors", f"{url}\t{one_field(reason)}")

    def duplicate(self, where: str, first: str) -> None:
        self._write("duplicates", f"{where}\t{first}")

    def completed(self, server: str) -> None:
        self._write("completed", server)

    def debug(self, message: str) -> None:
        self._write("debug", one_field(message))

    def summary(self, lines: Mapping[str, object], state: str) -> None:
        """``state`` is the original's sentence: finished, suspended, stopped."""
        self._write("summary", f"The search has been {state}.")
        for label, value in lines.items():
            self._write("summary", f"{label}:\t{value}")

    def close(self) -> None:
        with self._lock:
            for handle in self._files.values():
                try:
                    handle.close()
                except OSError:  # the buffer of a failed write: already reported
                    self.failed = True
            self._files = {}


def format_duration(seconds: float) -> str:
    """The original's ``d.h:m:s:ms`` execution time, minutes and seconds in two digits and
    milliseconds in three (``0.0:03:46:535``): unpadded, 54.070 s read ``0.0:0:54:70``."""
    millis = int(round(seconds * 1000))
    days, millis = divmod(millis, 86_400_000)
    hours, millis = divmod(millis, 3_600_000)
    minutes, millis = divmod(millis, 60_000)
    secs, millis = divmod(millis, 1000)
    return f"{days}.{hours}:{minutes:02d}:{secs:02d}:{millis:03d}"


def previous_run_reports(success_log: Path) -> list[str]:
    """The documents (``url[/member]``) of success.log's last run, after its run header.
    Who calls it: the report ledger's recovery on a resume."""
    if not success_log.exists():
        return []
    wheres: list[str] = []
    with open(success_log, encoding="utf-8", errors="replace") as handle:
        for line in handle:
            if line.startswith("*****"):
                wheres = []
            elif line[:1].isdigit():
                wheres.append(line.split("\t", 2)[1])
    return wheres


def feed_citations(path: Path, feed_format: str) -> list[dict[str, Any]]:
    """The citations a local feed holds, as flat rows (url, member, header, author,
    publication, found, similarity, ..., the document's work_id and, from JSON, its work).
    JSON lines and CSV only (a JSON array cut by a kill is not readable); a line cut in two by
    a kill is skipped."""
    if not path.exists():
        return []
    text = path.read_text(encoding="utf-8", errors="replace")
    if feed_format == "csv":
        rows = list(csv.DictReader(io.StringIO(text)))
        return [{**row, "similarity": float(row["similarity"]),
                 "in_references": row.get("in_references") == "True",
                 "self_citation": row.get("self_citation") == "True"}
                for row in rows if row.get("similarity")]
    rows: list[dict[str, Any]] = []
    for line in text.splitlines():
        try:
            document = json.loads(line)
        except ValueError:
            continue
        rows += [{"url": document["url"], "work_id": document.get("work_id") or "",
                  "work": document.get("work"), **c} for c in document.get("citations") or ()]
    return rows


def document_hits(citations: Iterable[Mapping[str, Any]]) -> dict[str, list[DocumentHit]]:
    """A document's citations as success.log wants them: by part (member), in order."""
    by_member: dict[str, list[DocumentHit]] = {}
    for c in citations:
        hit = DocumentHit(c["author"], c["publication"], c["found"], c["similarity"],
                          c.get("context") or "", bool(c.get("in_references")),
                          c.get("relation") or "cites", c.get("status") or "",
                          c.get("title_end") or "certain")
        by_member.setdefault(c["member"], []).append(hit)
    return by_member


def document_counts(item: Any) -> Counter:
    """The statistics of §7.3.8 that one document adds, by their names."""
    counts: Counter = Counter({DOCUMENTS_SEARCHED: 1, BYTES: item.size})
    if item.kind is None:
        counts[DOCUMENTS_UNSUPPORTED] += 1
    for part in item.parts:
        counts[f"{PARTS}/{part['kind']}"] += 1
        counts[BYTES_PROCESSED] += part["size"]
        if part["kind"] in ("pdf", "ps"):
            counts[extraction_files(part["kind"])] += 1
            counts[extraction_seconds(part["kind"])] += part["seconds"]
    counts[ARCHIVES_CHECKED] += item.archives
    counts[EXTRACTION_ERRORS] += len(item.problems)
    cites = sum(1 for c in item.citations if c.get("relation", "cites") == "cites")
    if cites:
        counts[DOCUMENTS_WITH_CITATIONS] += 1
        counts[CITATIONS] += cites
        counts[CITATIONS_UNCERTAIN_END] += sum(
            1 for c in item.citations if c.get("relation", "cites") == "cites"
            and c.get("title_end") == "uncertain")
    counts[CITATIONS_SELF] += len(item.citations) - cites
    return +counts


def summary_lines(value: Callable[[str], Any], elapsed: float,
                  extra: Mapping[str, object] | None = None) -> dict[str, object]:
    """The original's summary.log lines (Appendix E), ``extra`` lines before the frontier's
    sizes; ``value(name)`` reads a statistic (0 when absent)."""
    lines = {
        "Execution time": format_duration(elapsed),
        "Servers searched": value(SERVERS_COMPLETED),
        "Documents searched": value(DOCUMENTS_SEARCHED),
        "Documents successfully searched": value(DOCUMENTS_WITH_CITATIONS),
        "Citations found": value(CITATIONS),
        "Of them, title end uncertain (read the entry)": value(CITATIONS_UNCERTAIN_END),
        "Self hits (the searched paper itself)": value(CITATIONS_SELF),
        "New servers found": value(SIZE_SERVERS_DISCOVERED),
        "Kilobytes downloaded": value(BYTES) // 1024,
        "Kilobytes processed": value(BYTES_PROCESSED) // 1024,
        "Archives checked": value(ARCHIVES_CHECKED),
        "PS and PDF checked": value(extraction_files("pdf")) + value(extraction_files("ps")),
        "Extraction errors": value(EXTRACTION_ERRORS),
        "Download errors": value(DOWNLOAD_ERRORS),
        "Documents refused by robots.txt": value(DOCUMENTS_ROBOTS_REFUSED),
    }
    for kind in ("pdf", "ps"):
        files = value(extraction_files(kind))
        average = value(extraction_seconds(kind)) / files if files else 0.0
        lines[f"Average {kind.upper()} extraction time"] = f"{average:.3f} s ({files} files)"
    lines.update(extra or {})
    lines.update({
        "Pending Servers queue": value(SIZE_PENDING_SERVERS),
        "Pending Documents": value(SIZE_PENDING_DOCUMENTS),
        "Accomplished Servers table": value(SIZE_COMPLETED_SERVERS),
    })
    return lines
