"""A crawl's results read back from its log files, for ``report.html`` and the final table.

Who calls it: the report extension at the end of a crawl, and the ``citeseeker-report``
command on demand (with a JOBDIR or a log directory). Everything comes from the files the
report extension wrote (success.log with its context columns, duplicates.log, errors.log,
summary.log), so the report made on demand is the one made at the end of the crawl.

Which runs: every file gets a ``*****  date  *****`` header per run. A job (``JOBDIR``)
remembers in ``JOBDIR/citeseeker-job.json`` each log directory it wrote to and how many runs
each file there had before, so its report covers all its runs (a resumed job's documents once
each, in whichever log directory). Without JOBDIR, the
last run only; ``all_runs`` takes every run in the directory.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field, replace
from pathlib import Path

from citeseeker_scrapy.matching.model import CERTAIN_END, TITLE_ENDS
from citeseeker_scrapy.report.citing_works import CitingDocument, CitingWork, Hit, group_works
from citeseeker_scrapy.report.logs import JOB_FILE, WORKS_FILE
from citeseeker_scrapy.report.titles import read_titles

@dataclass
class Results:
    """What a report shows."""

    documents: list[CitingDocument]
    publications: list[str]
    summary: dict[str, str]
    errors_by_kind: Counter
    #: The searched author groups, ``(authors, titles)`` (empty when the job is not known).
    groups: list[tuple[tuple[str, ...], list[str]]] = field(default_factory=list)
    #: The job's local feeds (CSV, JSON lines), for links to the exports.
    exports: list[Path] = field(default_factory=list)
    #: A re-crawl's previous JOBDIR (what its alerts do not repeat); None otherwise.
    previous_job: Path | None = None
    _works: list[CitingWork] | None = field(default=None, init=False, repr=False, compare=False)

    def works(self) -> list[CitingWork]:
        """The citing works, each with its versions (:mod:`.citing_works`); joined once (the
        page, the table and the alerts all ask)."""
        if self._works is None:
            self._works = group_works(self.citing_papers())
        return self._works

    def work_counts(self) -> dict[str, tuple[int, int]]:
        """Per publication: (works citing it, those of them that are self-citations)."""
        counts: dict[str, tuple[int, int]] = {}
        for work in self.works():
            for publication, is_self in work.publications().items():
                works, selves = counts.get(publication, (0, 0))
                counts[publication] = (works + 1, selves + is_self)
        return counts

    def work_totals(self, authors: tuple[str, ...], titles: list[str],
                    works: list[CitingWork]) -> tuple[int, int]:
        """(citing works, those with a self-citation) of a group's titles, or of one author
        (``titles`` empty), as :meth:`totals` selects the citations."""
        wanted = set(titles)
        counted = selves = 0
        for work in works:
            hits = [(d, h) for d, h in work.cites
                    if (h.publication in wanted if wanted else h.author in authors)]
            counted += bool(hits)
            selves += any(d.is_self_citation(h) for d, h in hits)
        return counted, selves

    def without_self_citations(self) -> Results:
        """The same results with every self-citation left out (``--exclude-self``)."""
        documents = [replace(d, hits=[h for h in d.hits if not d.is_self_citation(h)])
                     for d in self.documents]
        return replace(self, documents=documents)

    def citing_papers(self) -> list[CitingDocument]:
        """One entry per citing paper (a document part), with all it cites."""
        return [document for document in self.documents if document.cites]

    def author_groups(self) -> list[tuple[tuple[str, ...], list[str]]]:
        """The searched groups; without them (a log directory alone) one group per author
        name found, with the titles found for it."""
        if self.groups:
            return self.groups
        found: dict[str, list[str]] = {}
        for document in self.documents:
            for hit in document.cites:
                titles = found.setdefault(hit.author, [])
                if hit.publication not in titles:
                    titles.append(hit.publication)
        return [((author,), titles) for author, titles in found.items()]

    def totals(self, authors: tuple[str, ...], titles: list[str]) -> tuple[int, int, int]:
        """(titles cited, citing papers, citations) of a group's titles, or of one author
        (``titles`` empty: every title, counted where that author's name was found)."""
        wanted = set(titles)
        hits = [(d.where, h) for d in self.documents for h in d.cites
                if (h.publication in wanted if wanted else h.author in authors)]
        return (len({h.publication for _, h in hits}), len({where for where, _ in hits}),
                len(hits))

    def by_publication(self) -> dict[str, list[tuple[CitingDocument, Hit]]]:
        """Each publication (the searched ones first, in their order; others by number of
        citing documents) and its citing documents, best similarity first. A hit that is the
        searched paper itself (``relation`` self) is no citation and is left out."""
        table: dict[str, list[tuple[CitingDocument, Hit]]] = {p: [] for p in self.publications}
        for document in self.documents:
            for hit in document.cites:
                table.setdefault(hit.publication, []).append((document, hit))
        for rows in table.values():
            rows.sort(key=lambda row: (-row[1].similarity, row[0].where))
        searched = {p: table[p] for p in self.publications}
        others = sorted((p for p in table if p not in searched),
                        key=lambda p: (-len({d.where for d, _ in table[p]}), p))
        return {**searched, **{p: table[p] for p in others}}


def read_results(log_dir: Path, *, runs_before: dict[str, int] | None = None,
                 publications: list[str] | None = None,
                 more: list[tuple[Path, dict[str, int]]] = (),
                 groups: list[tuple[tuple[str, ...], list[str]]] = (),
                 exports: list[Path] = ()) -> Results:
    """The results of the runs after ``runs_before[name]`` headers of each file (None: the last
    run of each file); ``more`` adds other log directories a job used, with theirs."""
    sources = [(Path(log_dir), runs_before), *((Path(d), b) for d, b in more)]

    def lines(name: str) -> list[str]:
        return [line for directory, before in sources
                for line in _lines_of_runs(directory / f"{name}.log",
                                           None if before is None else before.get(name, 0))]

    documents: dict[str, CitingDocument] = {}
    for line in lines("success"):
        document = parse_success_line(line)
        if document is not None:
            documents.setdefault(document.where, document)  # a resumed job: once
    for line in lines("duplicates"):
        copy, _, first = line.partition("\t")
        if first in documents and copy not in documents[first].also_at:
            documents[first].also_at.append(copy)
    titles = read_titles([directory for directory, _ in sources])
    works = read_works([directory for directory, _ in sources])
    for where, document in documents.items():
        record = works.get(where, {})
        document.work_id = str(record.get("work_id") or "")
        document.work = dict(record.get("work") or {})
        document.self_labels = frozenset(record.get("self") or ())
        document.title = str(document.work.get("title") or "") or titles.get(where, "")
    errors = Counter(error_kind(line.split("\t", 1)[-1]) for line in lines("errors"))
    return Results(list(documents.values()), list(publications or ()),
                   _last_summary(lines("summary")), errors, list(groups), list(exports))


def results_of(path: Path, *, all_runs: bool = False) -> Results:
    """The results of a JOBDIR (all its runs, in every log directory it used) or of a log
    directory (its last run, or all)."""
    job_file = path / JOB_FILE
    if job_file.exists():
        job = json.loads(job_file.read_text(encoding="utf-8"))
        (first, before), *more = [(Path(d["log_dir"]), d["runs_before"]) for d in job["logs"]]
        groups = [(tuple(g["authors"]), list(g["publications"])) for g in job.get("groups", ())]
        results = read_results(first, runs_before=before, publications=job.get("publications"),
                               more=more, groups=groups, exports=job_feeds(path))
        results.previous_job = Path(job["recrawl_from"]) if job.get("recrawl_from") else None
        return results
    if not (path / "success.log").exists():
        raise FileNotFoundError(f"{path}: neither a JOBDIR of CiteSeeker (no {JOB_FILE}) "
                                "nor a log directory (no success.log)")
    return read_results(path, runs_before={} if all_runs else None)


def job_log_dirs(jobdir: Path) -> list[Path]:
    """The log directories a job has written to, first one first."""
    job = json.loads((jobdir / JOB_FILE).read_text(encoding="utf-8"))
    return [Path(d["log_dir"]) for d in job["logs"]]


def job_feeds(jobdir: Path) -> list[Path]:
    """The local feeds every run of a job wrote to (``JOBDIR/feeds.txt``, kept by the report
    extension), for the report's links to the exports."""
    path = jobdir / "feeds.txt"
    if not path.exists():
        return []
    return [Path(line.partition("\t")[2]) for line in
            path.read_text(encoding="utf-8").splitlines() if "\t" in line]


def remember_job(jobdir: Path, log_dir: Path, publications: list[str],
                 groups: list[tuple[tuple[str, ...], list[str]]] = (),
                 recrawl_from: Path | None = None) -> None:
    """A job notes in ``JOBDIR/citeseeker-job.json`` its searched titles (and author groups,
    for the report's totals) and, for each log directory it writes to (a resumed run may use
    another), how many runs each log file had before the job first wrote there: its report
    covers its own runs only. A re-crawl notes its previous JOBDIR (``recrawl_from``), whose
    citations its alerts do not repeat."""
    path = jobdir / JOB_FILE
    job = json.loads(path.read_text(encoding="utf-8")) if path.exists() else \
        {"publications": publications, "logs": []}
    job.setdefault("groups", [{"authors": list(a), "publications": list(t)} for a, t in groups])
    previous = str(Path(recrawl_from).resolve()) if recrawl_from else None
    directory = str(Path(log_dir).resolve())
    if any(d["log_dir"] == directory for d in job["logs"]) and \
            job.get("recrawl_from") == previous:
        return
    job["recrawl_from"] = previous
    if not any(d["log_dir"] == directory for d in job["logs"]):
        job["logs"].append({"log_dir": directory, "runs_before": _runs_in(Path(log_dir))})
    jobdir.mkdir(parents=True, exist_ok=True)
    partial = path.with_name(path.name + ".part")  # whole or not at all (a full disk)
    partial.write_text(json.dumps(job, indent=1), encoding="utf-8")
    partial.replace(path)


def _runs_in(log_dir: Path) -> dict[str, int]:
    before = {}
    for path in log_dir.glob("*.log"):
        with open(path, encoding="utf-8", errors="replace") as handle:
            before[path.stem] = sum(1 for line in handle if line.startswith("*****"))
    return before


def parse_success_line(line: str) -> CitingDocument | None:
    """``number url header (author: publication, found, similarity)×n (context,
    in_references, relation, title_end)×n``, a re-crawl's status after each hit's last
    column; lines of the original format (no extra columns) and of the earlier forms (no
    title_end, no relation) are read too (:func:`_extra_width`)."""
    fields = line.split("\t")
    if not line[:1].isdigit() or len(fields) < 6:
        return None
    rest = fields[3:]
    width, names = _extra_width(rest)
    count = len(rest) // width
    extras = width - 3
    hits = []
    for index in range(count):
        label, found, similarity = rest[3 * index: 3 * index + 3]
        author, _, publication = label.partition(": ")
        extra = dict(zip(names, rest[3 * count + extras * index:
                                     3 * count + extras * (index + 1)]))
        try:
            score = float(similarity)
        except ValueError:
            return None
        hits.append(Hit(author, publication, found, score, extra.get("context", ""),
                        extra.get("in_references") == "true", extra.get("relation", "cites"),
                        extra.get("status", ""), extra.get("title_end", CERTAIN_END)))
    return CitingDocument(fields[1], fields[2], hits)


#: success.log's columns after the original's three per hit, each with the values it may hold
#: (None: any text).
_CONTEXT = ("context", None)
_IN_REFERENCES = ("in_references", ("true", "false"))
_RELATION = ("relation", ("cites", "self"))
_TITLE_END = ("title_end", TITLE_ENDS)
_STATUS = ("status", ("new", "gone"))
#: The forms a line's extra columns take, widest first: each older form lacks a later column.
_EXTRA_FORMS = (
    (_CONTEXT, _IN_REFERENCES, _RELATION, _TITLE_END, _STATUS),
    (_CONTEXT, _IN_REFERENCES, _RELATION, _TITLE_END),
    (_CONTEXT, _IN_REFERENCES, _RELATION, _STATUS),
    (_CONTEXT, _IN_REFERENCES, _RELATION),
    (_CONTEXT, _IN_REFERENCES),
)


def _extra_width(rest: list[str]) -> tuple[int, tuple[str, ...]]:
    """The columns per hit of a success.log line's fields after its header (``rest``) and the
    names of its extra ones: the widest form of ``_EXTRA_FORMS`` whose every hit's columns
    hold the values that form allows; the original's 3 (no extras) if none fits. Called by
    :func:`parse_success_line`."""
    for form in _EXTRA_FORMS:
        width = 3 + len(form)
        if len(rest) % width:
            continue
        count = len(rest) // width
        extras = rest[3 * count:]
        if all(allowed is None or extras[len(form) * index + at] in allowed
               for index in range(count) for at, (_, allowed) in enumerate(form)):
            return width, tuple(name for name, _ in form)
    return 3, ()


def read_works(log_dirs: list[Path]) -> dict[str, dict]:
    """``where -> works.jsonl record`` from every log directory given; the last line of a
    place wins, a line a kill cut is skipped."""
    works: dict[str, dict] = {}
    for directory in log_dirs:
        path = Path(directory) / WORKS_FILE
        if not path.exists():
            continue
        for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
            try:
                record = json.loads(line)
            except ValueError:
                continue
            if isinstance(record, dict) and isinstance(record.get("where"), str):
                works[record["where"]] = record
    return works


def error_kind(reason: str) -> str:
    """``pdf: ...`` -> ``pdf``; ``HTTP 404`` stays; a long message is cut."""
    head = reason.split(":", 1)[0].strip()
    return head[:40] or "unknown"


def _lines_of_runs(path: Path, runs_before: int | None) -> list[str]:
    """The lines after the ``runs_before``-th run header (None: after the last one)."""
    if not path.exists():
        return []
    runs: list[list[str]] = []
    with open(path, encoding="utf-8", errors="replace") as handle:
        for line in handle:
            line = line.rstrip("\n")
            if line.startswith("*****"):
                runs.append([])
            elif runs:
                runs[-1].append(line)
    chosen = runs[-1:] if runs_before is None else runs[runs_before:]
    return [line for run in chosen for line in run]


def _last_summary(lines: list[str]) -> dict[str, str]:
    """The last ``The search has been ...`` block of summary.log."""
    summary: dict[str, str] = {}
    for line in lines:
        if line.startswith("The search has been"):
            summary = {"State": line[len("The search has been "):].rstrip(".")}
        elif ":\t" in line:
            label, _, value = line.partition(":\t")
            summary[label] = value
    return summary
