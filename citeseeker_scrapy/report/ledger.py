"""What this job has reported: the one owner of "already reported?" and "a copy of a paper?".

Who calls it: the report-once pipeline (``pipelines/reported_once.py``) asks
:meth:`ReportLedger.screen` for every citing document, on the reactor thread (so two copies in
flight at once cannot both pass); the report extension calls :meth:`ReportLedger.record` once
a document is in the feed and success.log, and :meth:`ReportLedger.recover` when a job resumes.
Nothing else reads or writes ``reported.txt`` or ``papers.txt``. The crawl job builds one
ledger per crawl (:class:`citeseeker_scrapy.job.crawl_job.CrawlJob`), so both ask the same one.

Three questions, one answer each:

* **Reported by an earlier run of this job?** With ``JOBDIR`` a reported document is named in
  ``JOBDIR/reported.txt`` (``url`` or ``url/member``, one a line), after the feed and
  success.log. A resumed crawl that fetches it again does not report it twice.
* **A copy of a paper already reported?** A part's identity is the fingerprint of its
  normalized text (:func:`citeseeker_scrapy.matching.citations.fingerprint`): a mirror, a
  redirect, the PDF inside and outside a ZIP, ``.ps`` and ``.ps.gz`` all give the same text.
  The first copy is the result; a later copy's citations are removed and the pair
  ``(copy, first)`` goes to ``item.duplicates`` (duplicates.log). ``JOBDIR/papers.txt``
  (``fingerprint<TAB>where``) keeps the fingerprints across a resume.
  ``CITESEEKER_DISTINCT_PAPERS = False`` reports every copy.
* **Reported by the previous crawl?** In a re-crawl (``-a recrawl=``) a citation the previous
  crawl already had for the same document still holds and is not reported again; a new one is
  marked ``status: new``. The pipeline hands over the previous crawl's citations of the
  document (:mod:`citeseeker_scrapy.recrawl`); the ledger decides.

The feed is written item by item (a kill loses nothing), so a document already in the feed
cannot be amended: its ``also_at`` lists the copies known when it is reported. A kill between
the feed and papers.txt can at worst let one later copy of that one paper be reported again:
we prefer a duplicate to a lost result.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

from citeseeker_scrapy.storage import StorageGuard, repair_cut_line
from citeseeker_scrapy.recrawl.plan import new_citations
from citeseeker_scrapy.report.logs import previous_run_reports

REPORTED_FILE = "reported.txt"
PAPERS_FILE = "papers.txt"
FINGERPRINT_LENGTH = 40


class ReportLedger:
    """The documents and papers this job reported, in memory and (with a state directory,
    i.e. ``JOBDIR``) on disk."""

    def __init__(self, state_dir: Path | None = None, *, distinct_papers: bool = True,
                 storage: StorageGuard | None = None) -> None:
        """Built by the crawl job; call :meth:`load` before the crawl asks anything."""
        self.state_dir = state_dir
        self.distinct_papers = distinct_papers
        self.storage = storage or StorageGuard()
        self.reported: set[str] = set()
        #: fingerprint -> where the paper was first reported (``url[/member]``)
        self.first_copy: dict[str, str] = {}

    @property
    def reported_file(self) -> Path | None:
        return self.state_dir / REPORTED_FILE if self.state_dir else None

    @property
    def papers_file(self) -> Path | None:
        return self.state_dir / PAPERS_FILE if self.state_dir else None

    def load(self) -> None:
        """Read what earlier runs recorded; a last line a kill or a full disk cut is dropped
        first. Raises OSError when the state cannot be read (the job refuses to start)."""
        if self.state_dir is None:
            return
        for path in (self.reported_file, self.papers_file):
            repair_cut_line(path)
        self.reported = set(read_lines(self.reported_file))
        self.first_copy = read_papers(self.papers_file)

    # --- the questions ------------------------------------------------------------------------

    def is_reported(self, where: str) -> bool:
        return where in self.reported

    def screen(self, item: Any, previous_crawl: Iterable[dict] | None = None) -> str | None:
        """Remove the citations this job has reported already: by an earlier run, by the
        previous crawl of a re-crawl (``previous_crawl``: that crawl's citations of this
        document; None when this crawl is no re-crawl), or as another copy of the same paper.
        Returns why nothing is left to report, else None."""
        earlier = {c["member"] for c in item.citations if item.where(c["member"]) in self.reported}
        if earlier:
            item.citations = [c for c in item.citations if c["member"] not in earlier]
            if not item.citations:
                return f"reported by an earlier run of this job: {item.url}"
        if previous_crawl is not None:
            item.citations = new_citations(item.citations, previous_crawl)
            if not item.citations:
                return f"no new citation since the previous crawl: {item.url}"
            for citation in item.citations:
                citation["status"] = "new"
        if self.distinct_papers:
            self._drop_copies(item)
            if not item.citations:
                return f"same text as {item.duplicates[0][1]}: {item.url}"
        return None

    def _drop_copies(self, item: Any) -> None:
        """Keep the citations of parts seen for the first time; move the others to
        ``item.duplicates`` (and to ``item.also_at`` when the first copy is in this item)."""
        kept_here: dict[str, str] = {}
        dropped: set[str] = set()
        for part in item.parts:
            key = part.get("fingerprint")
            if not key:
                continue
            where = item.where(part["member"])
            first = kept_here.get(key) or self.first_copy.get(key)
            if first is None or first == where:  # new, or this very copy refetched after a kill
                kept_here[key] = self.first_copy[key] = where
                continue
            dropped.add(part["member"])
            item.duplicates.append((where, first))
            if key in kept_here:
                item.also_at.append(where)
        if dropped:
            item.citations = [c for c in item.citations if c["member"] not in dropped]

    # --- what the report extension records ----------------------------------------------------

    def record(self, wheres: Iterable[str], item: Any = None) -> None:
        """``wheres`` are in the feed and success.log: name them in reported.txt, then the
        fingerprints of ``item``'s reported papers in papers.txt. A failed write stops the crawl
        (the storage guard); after a failure nothing more is recorded."""
        wheres = [where for where in wheres if where not in self.reported]
        self.reported.update(wheres)
        self._append(self.reported_file, [f"{where}\n" for where in wheres])
        if item is not None:
            self._append(self.papers_file,
                         [f"{key}\t{where}\n" for key, where in reported_papers(item)])

    def recover(self, success_log: Path) -> list[str]:
        """Name in reported.txt what the previous run wrote to success.log after the last
        document it named there: a kill between the two files leaves at most the last
        document's lines unnamed. Returns what was added."""
        missing: list[str] = []
        for where in reversed(previous_run_reports(success_log)):
            if where in self.reported:
                break
            missing.append(where)
        missing.reverse()
        self.record(missing)
        return missing

    def _append(self, path: Path | None, lines: list[str]) -> None:
        if path is None or not lines or self.storage.failed:
            return
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            with open(path, "a", encoding="utf-8") as handle:
                handle.write("".join(lines))
        except OSError as error:
            self.storage.fail(str(path), error)


def reported_papers(item: Any) -> list[tuple[str, str]]:
    """``(fingerprint, where)`` of the parts a reported document reports."""
    citing = {c["member"] for c in item.citations}
    return [(part["fingerprint"], item.where(part["member"])) for part in item.parts
            if part.get("fingerprint") and part["member"] in citing]


def read_lines(path: Path | None) -> list[str]:
    if path is None or not path.exists():
        return []
    return path.read_text(encoding="utf-8", errors="replace").splitlines()


def read_papers(path: Path | None) -> dict[str, str]:
    """``JOBDIR/papers.txt``: the first line of a fingerprint wins; a malformed line is
    skipped."""
    first: dict[str, str] = {}
    for line in read_lines(path):
        key, _, where = line.partition("\t")
        if len(key) == FINGERPRINT_LENGTH and where:
            first.setdefault(key, where)
    return first
