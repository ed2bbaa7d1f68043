"""``scrapy citeseeker-report JOBDIR_or_LOG_DIR``: report.html (and the table) on demand, or the
citing works for a reference manager (``--format bibtex|ris|csljson -o FILE``).

Why a command: a crawl writes report.html when it ends, but a crawl that was killed, or is
still running, has none yet; the report is made from the log files alone, so it can be made
at any time. With a JOBDIR: every run of the job; with a log directory: its last run
(``--all-runs``: every run in it). ``--exclude-self`` leaves self-citations out (of the report,
the table and an export); ``--publication TITLE`` exports only the works citing that searched
publication (its title as searched, case ignored; a title not found is an error naming the
publications there are). Each run also rewrites the job's ``new-citations.atom``
(:mod:`citeseeker_scrapy.report.alerts`).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from scrapy.commands import ScrapyCommand

from citeseeker_scrapy.commands import listed
from scrapy.exceptions import UsageError

from citeseeker_scrapy.commands.errors import BAD_INPUT_STATUS, print_error
from citeseeker_scrapy.report.html import TABLE_ROWS, print_table, render_html
from citeseeker_scrapy.report.citing_works import CitingWork
from citeseeker_scrapy.report.logs import JOB_FILE
from citeseeker_scrapy.report.results import Results, job_log_dirs, results_of
from citeseeker_scrapy.report.alerts import write_alerts
from citeseeker_scrapy.report.export import FORMATS, export


class Command(ScrapyCommand):
    requires_project = False
    default_settings = {"LOG_ENABLED": False}

    def syntax(self) -> str:
        return ("JOBDIR_or_LOG_DIR [-o report.html] [--all-runs] [--quiet] [--rows N] "
                "[--exclude-self] [--format bibtex|ris|csljson [--publication TITLE] -o FILE]")

    def short_desc(self) -> str:
        return listed(self.long_desc())

    def long_desc(self) -> str:
        return "Write report.html of a CiteSeeker job or log directory"

    def add_options(self, parser: argparse.ArgumentParser) -> None:
        super().add_options(parser)
        parser.add_argument("-o", "--output", default="",
                            help="where to write the report (by default LOG_DIR/report.html) "
                                 "or the export (required with --format; - for stdout)")
        parser.add_argument("--format", choices=FORMATS, default=None,
                            help="write the citing works (one entry per work) in this format "
                                 "instead of report.html")
        parser.add_argument("--publication", default=None, metavar="TITLE",
                            help="with --format: only the works citing this searched title")
        parser.add_argument("--exclude-self", action="store_true",
                            help="leave self-citations out (the citing work is by an author "
                                 "of the cited group)")
        parser.add_argument("--all-runs", action="store_true",
                            help="a log directory: every run in it, not only the last")
        parser.add_argument("--quiet", action="store_true", help="do not print the table")
        parser.add_argument("--rows", type=_rows, default=TABLE_ROWS, metavar="N",
                            help="citing documents shown per publication in the table, best "
                                 f"first (default {TABLE_ROWS}; 0: all)")

    def run(self, args: list[str], opts: argparse.Namespace) -> None:
        if len(args) != 1:
            raise UsageError("give one JOBDIR or log directory")
        path = Path(args[0])
        try:
            results = results_of(path, all_runs=opts.all_runs)
        except (FileNotFoundError, ValueError) as error:
            print_error(str(error))
            self.exitcode = BAD_INPUT_STATUS
            return
        if opts.exclude_self:
            results = results.without_self_citations()
        if opts.format or opts.publication:
            self._export(results, opts)
            return
        output = Path(opts.output) if opts.output else _log_dir(path) / "report.html"
        output.write_text(render_html(results), encoding="utf-8")
        write_alerts(_log_dir(path), results)
        if not opts.quiet:
            print_table(results, sys.stdout, opts.rows)
        print(f"report: {output}", file=sys.stderr)


    def _export(self, results: Results, opts: argparse.Namespace) -> None:
        """``--format``: the citing works (of ``--publication``) to ``-o``."""
        if not opts.format or not opts.output:
            raise UsageError("--format and -o FILE go together (--publication needs --format)")
        try:
            works = works_citing(results, opts.publication)
        except ValueError as error:
            print_error(str(error))
            self.exitcode = BAD_INPUT_STATUS
            return
        text = export(works, opts.format)
        if opts.output == "-":
            sys.stdout.write(text)
        else:
            Path(opts.output).write_text(text, encoding="utf-8")
        print(f"{opts.format}: {len(works)} citing work{'' if len(works) == 1 else 's'} "
              f"-> {opts.output}", file=sys.stderr)


def works_citing(results: Results, publication: str | None) -> list[CitingWork]:
    """The citing works, or those citing ``publication`` (case ignored); ValueError names the
    publications there are when it is none of them."""
    works = results.works()
    if publication is None:
        return works
    known = {p.casefold(): p for p in results.by_publication()}
    wanted = known.get(" ".join(publication.split()).casefold())
    if wanted is None:
        raise ValueError(f"--publication {publication!r} is not a publication of this report; "
                         f"there are: {'; '.join(known.values()) or 'none'}")
    return [work for work in works if wanted in work.publications()]


def _rows(value: str) -> int:
    """``--rows``: a count of rows, 0 for all; anything else is a usage error."""
    try:
        rows = int(value)
    except ValueError:
        rows = -1
    if rows < 0:
        raise argparse.ArgumentTypeError(f"expected a number of rows (0: all), got {value!r}")
    return rows


def _log_dir(path: Path) -> Path:
    """A JOBDIR's report goes to the last log directory the job used."""
    return job_log_dirs(path)[-1] if (path / JOB_FILE).exists() else path
