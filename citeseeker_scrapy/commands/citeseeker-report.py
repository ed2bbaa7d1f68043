"""``scrapy citeseeker-report JOBDIR_or_LOG_DIR``: report.html (and the table) on demand.

Why a command: a crawl writes report.html when it ends, but a crawl that was killed, or is
still running, has none yet; the report is made from the log files alone, so it can be made
at any time. With a JOBDIR: every run of the job; with a log directory: its last run
(``--all-runs``: every run in it).
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
from citeseeker_scrapy.report.results import JOB_FILE, job_log_dirs, results_of


class Command(ScrapyCommand):
    requires_project = False
    default_settings = {"LOG_ENABLED": False}

    def syntax(self) -> str:
        return "JOBDIR_or_LOG_DIR [-o report.html] [--all-runs] [--quiet] [--rows N]"

    def short_desc(self) -> str:
        return listed(self.long_desc())

    def long_desc(self) -> str:
        return "Write report.html of a CiteSeeker job or log directory"

    def add_options(self, parser: argparse.ArgumentParser) -> None:
        super().add_options(parser)
        parser.add_argument("-o", "--output", default="",
                            help="where to write the report (by default LOG_DIR/report.html)")
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
        output = Path(opts.output) if opts.output else _log_dir(path) / "report.html"
        output.write_text(render_html(results), encoding="utf-8")
        if not opts.quiet:
            print_table(results, sys.stdout, opts.rows)
        print(f"report: {output}", file=sys.stderr)


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
