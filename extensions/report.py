"""The report extension: the one owner of the original's log files.

Listens to signals only: ``item_scraped`` (success.log, then the job's report ledger records
the document in ``reported.txt`` and ``papers.txt``; connected when the spider opens, so after
the feed exporter, which connects when it is built: a document is recorded as reported only
once it is in the feed; the frontier hears of it after both), ``item_dropped`` / ``item_error``
(statistics, errors.log, duplicates.log for a copy of a paper already reported), CiteSeeker's ``document_failed`` (errors.log, or debug.log for a
refusal) and ``server_completed`` (completed.log), ``spider_closed`` (summary.log).

Settings: ``CITESEEKER_LOG_DIR``, ``CITESEEKER_DEBUG_LOG``, ``CITESEEKER_FLUSH_INTERVAL``,
``JOBDIR``, ``CITESEEKER_REPORT_HTML``, ``CITESEEKER_REPORT_EXCLUDE_SELF``. At the end: report.html and the per-publication table
(:mod:`citeseeker_scrapy.report.html`), and ``new-citations.atom``
(:mod:`citeseeker_scrapy.report.alerts`). Disabled (NotConfigured) when the crawl refused to start: no file is written then.

Storage failures: a write the disk refuses — a log line, the ledger's reported.txt
and papers.txt, the job's files, report.html, or the scratch directory of the text pipeline —
goes to the job's
storage guard (:mod:`citeseeker_scrapy.storage`), which stops the crawl with one error
line; from then on nothing more is recorded as reported (a document whose feed write failed is
never named in success.log or reported.txt). A resume first cuts off the last line a full disk
left without its newline in each log, feeds.txt and the local feeds (the ledger does so for its
own files when the job opens).
"""

from __future__ import annotations

import logging
import sys
import time
from pathlib import Path
from typing import Any

from scrapy import signals
from scrapy.exceptions import NotConfigured

from citeseeker_scrapy import signals as citeseeker_signals
from citeseeker_scrapy.document.item import DocumentItem
from citeseeker_scrapy.exceptions import StorageError
from citeseeker_scrapy.job.crawl_job import crawl_job
from citeseeker_scrapy.storage import StorageGuard, repair_cut_line
from citeseeker_scrapy.providers import citedby_summary
from citeseeker_scrapy.recrawl.gone import GoneCitations
from citeseeker_scrapy.report.html import print_table, render_html
from citeseeker_scrapy.report.ledger import ReportLedger
from citeseeker_scrapy.report.progress import wants_progress
from citeseeker_scrapy.report.results import read_results, remember_job, results_of
from citeseeker_scrapy.report.logs import (
    RunReport, document_counts, document_hits, feed_citations, summary_lines,
)
from citeseeker_scrapy.stats import (
    DOCUMENTS_DUPLICATES, DOCUMENTS_IGNORED, DOCUMENTS_ROBOTS_REFUSED, DOCUMENTS_SEARCHED,
    DOWNLOAD_ERRORS, FRONTIER_SIZE, PIPELINE_ERRORS, RESUMED, ROBOTS_REFUSAL,
)
from citeseeker_scrapy.report.alerts import write_alerts
from citeseeker_scrapy.works.citing import work_record, work_records
from citeseeker_scrapy.works.text_head import title_of

logger = logging.getLogger(__name__)


class ReportExtension:
    """success.log, errors.log, completed.log, summary.log and debug.log."""

    def __init__(self, crawler: Any, log_dir: Path, *, debug: bool, flush_interval: int,
                 ledger: ReportLedger, storage: StorageGuard | None = None,
                 publications: Any = (), groups: Any = (),
                 input_changes: tuple[str, ...] = (), html: bool = True,
                 print_table: bool = True, exclude_self: bool = False) -> None:
        """Built in one step by :meth:`from_crawler`: ``publications`` and ``groups`` are what
        the job searched (for the report), ``input_changes`` what a resume accepted
        (``CITESEEKER_RESUME_CHANGED_INPUTS``), ``html`` writes report.html, ``print_table``
        prints the final table on the terminal, ``exclude_self`` leaves self-citations out of
        both and of the alerts (``CITESEEKER_REPORT_EXCLUDE_SELF``)."""
        self.crawler = crawler
        self.publications = publications
        self.groups = groups
        self.input_changes = input_changes
        self.html = html
        self.print_table = print_table
        self.exclude_self = exclude_self
        self.storage = storage or StorageGuard()
        self.stats = crawler.stats
        self.log_dir = log_dir
        self.debug_enabled = debug
        self.flush_interval = flush_interval
        self.ledger = ledger
        self.report: RunReport | None = None
        self.started_at = time.monotonic()

    @classmethod
    def from_crawler(cls, crawler: Any) -> ReportExtension:
        job = crawl_job(crawler)
        if job.error is not None:
            raise NotConfigured("the crawl refused to start")
        jobdir = crawler.settings.get("JOBDIR")
        extension = cls(crawler, job.config.log_dir, debug=job.config.debug_log,
                        flush_interval=job.config.flush_interval, ledger=job.ledger,
                        storage=job.storage, publications=searched_publications(job),
                        groups=searched_groups(job), input_changes=job.input_changes,
                        html=job.config.report_html,
                        exclude_self=job.config.report_exclude_self,
                        print_table=wants_progress(crawler.settings))
        if jobdir:
            try:
                remember_job(Path(jobdir), job.config.log_dir, extension.publications,
                             extension.groups, recrawl_from(crawler))
                feeds = remember_feeds(Path(jobdir) / "feeds.txt",
                                       local_feeds(crawler.settings.getdict("FEEDS")))
                extension.recover(feeds)
            except OSError as error:
                job.storage.fail(f"the job's state in {jobdir}", error)
        connect = crawler.signals.connect
        connect(extension.spider_opened, signal=signals.spider_opened)
        connect(extension.spider_closed, signal=signals.spider_closed)
        connect(extension.item_dropped, signal=signals.item_dropped)
        connect(extension.item_error, signal=signals.item_error)
        connect(extension.document_failed, signal=citeseeker_signals.document_failed)
        connect(extension.server_completed, signal=citeseeker_signals.server_completed)
        connect(extension.note_error, signal=citeseeker_signals.note_error)
        connect(extension.note_debug, signal=citeseeker_signals.note_debug)
        return extension

    def recover(self, feeds: list[tuple[Path, str]]) -> None:
        """Make a resumed job's files agree after a kill: what success.log has is recorded in
        the ledger (reported.txt); what a local feed has (the feed is written first) is in
        success.log and the ledger. Otherwise the resumed crawl would fetch those documents
        again and report them a second time. Called before any document is searched."""
        for path in [*self.log_dir.glob("*.log"), *(path for path, _ in feeds)]:
            repair_cut_line(path)
        self.ledger.recover(self.log_dir / "success.log")
        rows = [row for path, feed_format in feeds for row in feed_citations(path, feed_format)
                if not self.ledger.is_reported(DocumentItem(url=row["url"]).where(row["member"]))]
        if not rows:
            return
        self.report = self._run_report()
        by_where: dict[str, list[dict[str, Any]]] = {}
        for row in rows:
            by_where.setdefault(DocumentItem(url=row["url"]).where(row["member"]), []).append(row)
        for where, citations in by_where.items():
            self.report.success(where, citations[0]["header"],
                                [hit for hits in document_hits(citations).values() for hit in hits])
            self.report.works([work_record(where, citations[0].get("work_id") or "",
                                           citations[0].get("work"), citations)])
        self.ledger.record(by_where)

    def _run_report(self) -> RunReport:
        return RunReport(self.log_dir, debug=self.debug_enabled, on_failure=self.storage.fail)

    def spider_opened(self, spider: Any) -> None:
        self.report = self.report or self._run_report()
        self.started_at = time.monotonic()
        # the job's log names the files (under Scrapyd they are in a folder of the job's own)
        logger.info("CiteSeeker log files (success, errors, summary...): %s",
                    self.log_dir.resolve())
        # connected now, after every extension (the feed exporter among them) was built
        self.crawler.signals.connect(self.item_scraped, signal=signals.item_scraped)

    # --- documents ----------------------------------------------------------------------------

    def item_scraped(self, item: Any, **kwargs: Any) -> None:
        """The document is in the feed: success.log, then the ledger records it (reported.txt,
        then its papers' fingerprints in papers.txt). A re-crawl's gone citations (their own
        item type: no document was searched) have no paper to record. After a storage failure
        nothing is recorded: this item's feed write may be the one that failed."""
        if self.storage.failed:
            return
        if isinstance(item, GoneCitations):
            self.ledger.record(self._report_citations(item))
        elif isinstance(item, DocumentItem):
            self._account(item)
            self.ledger.record(self._report_citations(item), item)

    def _report_citations(self, item: DocumentItem | GoneCitations) -> list[str]:
        """success.log lines (and titles.tsv); returns the documents (``url[/member]``)."""
        wheres = []
        for member, hits in document_hits(item.citations).items():
            header = next(c["header"] for c in item.citations if c["member"] == member)
            wheres.append(item.where(member))
            self.report.success(wheres[-1], header, hits)
        if isinstance(item, DocumentItem):
            self.report.titles((where, title_of(part["text"], part["kind"]))
                               for part in item.parts
                               if (where := item.where(part["member"])) in wheres)
            self.report.works(work_records(item))
        return wheres

    def item_dropped(self, item: Any, exception: BaseException, **kwargs: Any) -> None:
        if isinstance(item, DocumentItem):
            self._account(item)

    def item_error(self, item: Any, failure: Any, **kwargs: Any) -> None:
        if failure.check(StorageError):  # the scratch directory: the disk, not the document
            self.storage.fail("the scratch directory", failure.value)
            return
        if isinstance(item, DocumentItem):
            self.stats.inc_value(PIPELINE_ERRORS)
            self.report.error(item.url, f"{failure.type.__name__}: {failure.getErrorMessage()}")
            self._account(item)

    def _account(self, item: DocumentItem) -> None:
        for key, value in document_counts(item).items():
            self.stats.inc_value(key, value)
        for where, first in item.duplicates:
            self.stats.inc_value(DOCUMENTS_DUPLICATES)
            self.report.duplicate(where, first)
        for problem in item.problems:
            self.report.error(item.where(problem["member"]),
                              f"{problem['kind']}: {problem['reason']}")
        self._debug_document(item)

    def _debug_document(self, item: DocumentItem) -> None:
        """debug.log mirrors the crawl, as the original's window did: one line per document,
        and the frontier's sizes every CITESEEKER_FLUSH_INTERVAL documents."""
        if not self.debug_enabled:
            return
        if item.kind is None:
            self.report.debug(f"not a document we read: {item.url}")
        self.report.debug(f"searched {item.url} ({item.kind or 'not a document'}): "
                          f"{len(item.citations)} citation(s), {len(item.links)} link(s)")
        searched = self.stats.get_value(DOCUMENTS_SEARCHED, 0)
        if searched % self.flush_interval == 0:
            sizes = {k.rsplit("/", 1)[1]: v for k, v in self.stats.get_stats().items()
                     if k.startswith(f"{FRONTIER_SIZE}/")}
            self.report.debug(f"after {searched} documents, frontier sizes: {sizes}")

    def document_failed(self, request: Any, reason: str, ignored: bool = False,
                        **kwargs: Any) -> None:
        """One errors.log line per failed document; a refusal is only a debug.log line."""
        if ignored:
            self.stats.inc_value(DOCUMENTS_IGNORED)
            if reason == ROBOTS_REFUSAL:
                self.stats.inc_value(DOCUMENTS_ROBOTS_REFUSED)
            self.report.debug(f"ignored {request.url}: {reason}")
        else:
            self.stats.inc_value(DOWNLOAD_ERRORS)
            self.report.error(request.url, reason)

    def server_completed(self, server: str, **kwargs: Any) -> None:
        self.report.completed(server)

    def note_error(self, url: str, reason: str, **kwargs: Any) -> None:
        self.report.error(url, reason)

    def note_debug(self, message: str, **kwargs: Any) -> None:
        if self.debug_enabled:
            self.report.debug(message)

    # --- end of the crawl ---------------------------------------------------------------------

    def spider_closed(self, spider: Any, reason: str) -> None:
        if self.report is None:
            return
        state = "finished" if reason == "finished" else f"suspended ({reason})"
        if self.storage.failed:
            state = f"stopped by a storage error ({self.storage.failure})"
        if self.stats.get_value(RESUMED):
            state += ", after being resumed"
        value = lambda name: self.stats.get_value(name, 0)  # noqa: E731
        lines = summary_lines(value, time.monotonic() - self.started_at,
                              citedby_summary(self.stats.get_value))
        if self.input_changes:  # CITESEEKER_RESUME_CHANGED_INPUTS: what this run searched
            lines["Inputs changed when resumed"] = " | ".join(self.input_changes)
        self.report.summary(lines, state)
        self.report.close()
        logger.info("The search has been %s. %s. Log files: %s", state,
                    "; ".join(f"{label}: {number}" for label, number in lines.items()),
                    self.log_dir.resolve())
        if self.storage.failed:  # the job's files end at the failure: no report from them
            return
        try:
            self.write_results()
        except OSError as error:
            self.storage.fail(f"the report in {self.log_dir}", error)

    def write_results(self) -> None:
        """report.html in the log directory, and the per-publication table on stderr; both
        read back from the files just written (as ``scrapy citeseeker-report`` does)."""
        if self.ledger.state_dir is not None:
            results = results_of(self.ledger.state_dir)
        else:
            results = read_results(self.log_dir, publications=self.publications,
                                   groups=self.groups,
                                   exports=[path for path, _ in
                                            local_feeds(self.crawler.settings.getdict("FEEDS"))])
        if self.exclude_self:
            results = results.without_self_citations()
        if self.html:
            path = self.log_dir / "report.html"
            path.write_text(render_html(results), encoding="utf-8")
            logger.info("report: %s", path)
        logger.info("new citing works: %s", write_alerts(self.log_dir, results))
        if self.print_table:
            print_table(results, sys.stderr)


def recrawl_from(crawler: Any) -> Path | None:
    """A re-crawl's previous JOBDIR (``-a recrawl=``), else None."""
    session = crawl_job(crawler).recrawl
    return session.settings.previous if session and session.recrawling else None


def searched_groups(job: Any) -> list[tuple[tuple[str, ...], list[str]]]:
    """The searched author groups (authors, titles), for the report's totals."""
    groups = job.inputs.groups if job.inputs else ()
    return [(tuple(group.authors), list(group.publications)) for group in groups]


def searched_publications(job: Any) -> list[str]:
    """The searched titles in input order, each once."""
    groups = job.inputs.groups if job.inputs else ()
    return list(dict.fromkeys(title for group in groups for title in group.publications))


def local_feeds(feeds: dict[str, Any]) -> list[tuple[Path, str]]:
    """The feeds of FEEDS that are local files in a format we can read back."""
    local = []
    for uri, options in feeds.items():
        feed_format = (options or {}).get("format", "")
        path = uri[len("file://"):] if uri.startswith("file://") else uri
        if "://" in path or "%(" in path or feed_format not in ("jsonlines", "jsonl", "csv"):
            continue
        local.append((Path(path), "csv" if feed_format == "csv" else "jsonlines"))
    return local


def remember_feeds(feeds_file: Path, current: list[tuple[Path, str]]) -> list[tuple[Path, str]]:
    """Every local feed any run of this job wrote to (``JOBDIR/feeds.txt``), this run's added:
    a resumed run may write elsewhere (each Scrapyd job has its own items file), and a document
    killed between an earlier run's feed and success.log must still be recovered."""
    known: list[tuple[Path, str]] = []
    if feeds_file.exists():
        for line in feeds_file.read_text(encoding="utf-8").splitlines():
            feed_format, _, path = line.partition("\t")
            known.append((Path(path), feed_format))
    new = [(path.resolve(), feed_format) for path, feed_format in current
           if (path.resolve(), feed_format) not in known]
    if new:
        feeds_file.parent.mkdir(parents=True, exist_ok=True)
        with open(feeds_file, "a", encoding="utf-8") as handle:
            handle.write("".join(f"{feed_format}\t{path}\n" for path, feed_format in new))
    return known + new
