"""What a running crawl tells its user: one INFO line now and then, a live display on a terminal.

Who calls it: the progress extension (``extensions/progress.py``), every
``CITESEEKER_PROGRESS_INTERVAL`` seconds for the line (Scrapy's LogStats style) and about once a
second for the display. Figures come from the crawl's stats and, when the CiteSeeker scheduler
runs, from a :class:`FrontierCounts` the scheduler answers the ``frontier_snapshot_wanted``
signal with (servers pending / being crawled / completed, and which servers).
The display is drawn by ``rich`` (``Live``): log lines written meanwhile are printed above it,
whole, so the crawl's output stays intact.
"""

from __future__ import annotations

import logging
import sys
from dataclasses import dataclass, field
from typing import IO, Any, Mapping

from rich.console import Console, Group
from rich.live import Live
from rich.table import Table
from rich.text import Text

from citeseeker_scrapy.report.terminal import TerminalConsole
from citeseeker_scrapy.stats import (
    CITATIONS, DOCUMENTS_ROBOTS_REFUSED, DOWNLOAD_ERRORS, EXTRACTION_ERRORS, PIPELINE_ERRORS,
    PROGRESS_DOCUMENTS, RESPONSES_RECEIVED, RESUMED, SERVERS_COMPLETED,
)

MEGABYTE = 1024 * 1024
#: Stats that count as errors in the progress figures.
ERROR_STATS = (DOWNLOAD_ERRORS, EXTRACTION_ERRORS, PIPELINE_ERRORS)


@dataclass(frozen=True)
class ProgressFigures:
    """One snapshot of a crawl's progress."""

    pending_servers: int | None
    active_servers: int | None
    completed_servers: int
    documents: int
    per_minute: float
    megabytes: float
    citations: int
    errors: int
    crawling: tuple[str, ...] = field(default=())
    robots_refused: int = 0


@dataclass(frozen=True)
class FrontierCounts:
    """What the frontier scheduler tells the progress display: its structures' sizes
    (``pending_servers``, ``active_servers``, ``completed_servers``...) and the servers being
    crawled. Built by the scheduler on request (signal ``frontier_snapshot_wanted``)."""

    sizes: Mapping[str, int]
    crawling: tuple[str, ...] = ()




def documents_done(stats: Mapping[str, Any]) -> int:
    """Documents fetched so far by the job (Scrapy's count when the extension did not run)."""
    return int(stats.get(PROGRESS_DOCUMENTS, stats.get(RESPONSES_RECEIVED, 0)))


def resume_line(stats: Mapping[str, Any], jobdir: str) -> str | None:
    """``Resuming JOBDIR=crawls/run1: 120 documents done, 3 servers completed`` when the
    scheduler resumed a job, else None."""
    if not stats.get(RESUMED):
        return None
    return (f"Resuming JOBDIR={jobdir}: {documents_done(stats)} documents done, "
            f"{int(stats.get(SERVERS_COMPLETED, 0))} servers completed")


def stop_line(reason: str, stats: Mapping[str, Any], jobdir: str) -> str | None:
    """What a crawl that did not finish tells its user: how to resume it, or that it cannot
    be resumed. None for a finished crawl (and one that refused to start)."""
    if reason == "finished" or reason.startswith("citeseeker_bad"):
        return None
    done = documents_done(stats)
    if jobdir:
        return (f"Crawl suspended ({reason}) after {done} documents: run the same command "
                f"again (JOBDIR={jobdir}) to resume it")
    return (f"Crawl stopped ({reason}) after {done} documents; it cannot be resumed: give "
            "-s JOBDIR=DIR or -a crawl=NAME to make a crawl resumable")


def figures(stats: Mapping[str, Any], frontier: FrontierCounts | None, *,
            documents_before: int, seconds: float) -> ProgressFigures:
    """The figures now; ``documents_before`` were fetched ``seconds`` ago (for the rate).
    Without a frontier snapshot (another scheduler) the server counts are unknown."""
    documents = documents_done(stats)
    sizes = frontier.sizes if frontier is not None else {}
    active = tuple(sorted(frontier.crawling)) if frontier is not None else ()
    return ProgressFigures(
        pending_servers=sizes.get("pending_servers"),
        active_servers=sizes.get("active_servers"),
        completed_servers=int(sizes.get("completed_servers",
                                        stats.get(SERVERS_COMPLETED, 0))),
        documents=documents,
        per_minute=(documents - documents_before) * 60.0 / seconds if seconds > 0 else 0.0,
        megabytes=stats.get("downloader/response_bytes", 0) / MEGABYTE,
        citations=int(stats.get(CITATIONS, 0)),
        errors=int(sum(stats.get(key, 0) for key in ERROR_STATS)),
        crawling=active,
        robots_refused=int(stats.get(DOCUMENTS_ROBOTS_REFUSED, 0)),
    )


def progress_line(f: ProgressFigures) -> str:
    """The INFO line: ``Servers 3 pending, 2 crawling, 5 completed; 120 documents (at 40/min),
    1.2 MB; 4 citations; 1 error``, then ``; 2 refused by robots.txt`` when some were."""
    def count(value: int | None) -> str:
        return "?" if value is None else str(value)

    return (f"Servers {count(f.pending_servers)} pending, {count(f.active_servers)} crawling, "
            f"{f.completed_servers} completed; {f.documents} documents "
            f"(at {f.per_minute:.0f}/min), {f.megabytes:.1f} MB; {f.citations} citations; "
            f"{f.errors} errors"
            + (f"; {f.robots_refused} refused by robots.txt" if f.robots_refused else ""))


def display(f: ProgressFigures) -> Group:
    """The live display: the figures, then the servers being crawled."""
    table = Table.grid(padding=(0, 2))
    table.add_row(Text("CiteSeeker", style="bold"), Text(progress_line(f)))
    shown = f.crawling[:8]
    lines = [Text(f"  crawling {server}", style="cyan") for server in shown]
    if len(f.crawling) > len(shown):
        lines.append(Text(f"  ... and {len(f.crawling) - len(shown)} more"))
    return Group(table, *lines)


class LiveProgress:
    """A rich ``Live`` display on stderr; log records go above it while it runs."""

    def __init__(self, stream: IO[str] | None = None) -> None:
        self.console = TerminalConsole(file=stream or sys.stderr)
        self.live = Live(console=self.console, auto_refresh=False, redirect_stderr=False,
                         redirect_stdout=False, transient=False)
        self._handlers: list[tuple[logging.StreamHandler, IO[str]]] = []

    def start(self, first: ProgressFigures) -> None:
        self.live.update(display(first))
        self.live.start(refresh=True)
        # Scrapy's log handler writes to stderr: its lines go above the display meanwhile
        above = LinesAbove(self.console)
        for handler in logging.getLogger().handlers:
            if isinstance(handler, logging.StreamHandler) and \
                    handler.stream in (sys.__stderr__, sys.stderr, self.console.file):
                self._handlers.append((handler, handler.setStream(above)))

    def update(self, f: ProgressFigures) -> None:
        self.live.update(display(f), refresh=True)

    def stop(self) -> None:
        for handler, stream in self._handlers:
            handler.setStream(stream)
        self._handlers = []
        self.live.stop()


class LinesAbove:
    """A stream for log handlers: each whole line printed above the live display, unwrapped
    and uncoloured (exactly the bytes the handler would have written)."""

    def __init__(self, console: Console) -> None:
        self.console = console
        self._pending = ""

    def write(self, data: str) -> int:
        lines = (self._pending + data).split("\n")
        self._pending = lines.pop()
        for line in lines:
            self.console.print(Text(line), soft_wrap=True, highlight=False, markup=False)
        return len(data)

    def flush(self) -> None:
        if self._pending:
            self.write("\n")


def wants_progress(settings: Any) -> bool:
    """``--nolog`` (LOG_ENABLED False) or a LOG_LEVEL above INFO silences all progress."""
    if not settings.getbool("LOG_ENABLED", True):
        return False
    level = settings.get("LOG_LEVEL", "DEBUG")
    number = level if isinstance(level, int) else logging.getLevelName(str(level).upper())
    return isinstance(number, int) and number <= logging.INFO
