"""Where one crawl keeps its files: per Scrapyd job, and per named (resumable) crawl.

Why: Scrapyd starts all jobs in its one working directory, so relative defaults would mix the
``.log`` files of all jobs in one ``logs/``, and its ``jobs_dir`` gives each job id a fresh
JOBDIR, so a cancelled job could not be resumed. Scrapyd 1.6 passes the job id as the spider
argument ``_job`` (older versions also set ``SCRAPY_JOB``) and the job's log file as
``LOG_FILE=<logs_dir>/<project>/<spider>/<job>.log``. From these:

* CiteSeeker's ``.log`` files go to ``<logs_dir>/<project>/<spider>-files/<job>/`` — beside
  scrapyd's job logs, served by its web UI under ``/logs/``, but in a folder of their own, so
  scrapyd's ``jobs_to_keep`` neither counts nor deletes them. The jobs of a named crawl share
  ``crawl-NAME/`` there: a resumed job appends (numbers go on, each run has its header) and
  finds what a killed job logged but had not yet recorded in ``JOBDIR/reported.txt``.
* ``-a crawl=NAME`` (``-d crawl=NAME`` with schedule.json; or the setting
  ``CITESEEKER_CRAWL``) makes JOBDIR ``<CITESEEKER_CRAWLS_DIR>/NAME``: the same name resumes
  the same crawl, whatever the job id, and wins over a JOBDIR from scrapyd's ``jobs_dir``.

A non-empty ``CITESEEKER_LOG_DIR`` is kept. Every directory the crawl keeps or hands to a
subprocess (``JOBDIR``, ``CITESEEKER_CRAWLS_DIR``, ``CITESEEKER_LOG_DIR``,
``CITESEEKER_TEMP_DIR``) is made absolute here, once: Ghostscript and catdoc run with the
scratch directory as their working directory, where a relative ``crawls/j1/tmp`` no longer
exists. The spider calls :func:`apply_job_dirs` in its ``from_crawler``, before anything reads
the settings; a bad crawl name is not raised here but
reported by :class:`~.config.CrawlConfig` validation like any bad setting (no JOBDIR is set).

Settings read outside the crawl's job, because the spider's ``from_crawler`` runs before the
job exists and JOBDIR must be set before the settings are frozen: ``CITESEEKER_CRAWLS_DIR``
through the settings table's parser; ``CITESEEKER_CRAWL`` and ``CITESEEKER_LOG_DIR`` only
looked at (a well-formed name, a value given), so that a bad value reaches the job, which
refuses it with the setting named (exit status 2) instead of a traceback here.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Protocol

from citeseeker_scrapy.settings_table import CRAWL_NAME, read

logger = logging.getLogger(__name__)

#: The spider argument that names a resumable crawl, and the setting it is carried in.
CRAWL_ARGUMENT = "crawl"
CRAWL_SETTING = "CITESEEKER_CRAWL"
#: The spider argument ``-a recrawl=PREVIOUS_JOBDIR`` and the setting that carries it.
RECRAWL_ARGUMENT = "recrawl"
RECRAWL_SETTING = "CITESEEKER_RECRAWL_FROM"
#: Settings that name a directory of the job; made absolute at start (see the module docstring).
DIRECTORY_SETTINGS = ("JOBDIR", "CITESEEKER_CRAWLS_DIR", "CITESEEKER_LOG_DIR", "CITESEEKER_TEMP_DIR")
#: Suffix of the folder beside scrapyd's ``<spider>/`` log folder that holds the jobs' files.
FILES_SUFFIX = "-files"
#: A named crawl's log folder there: all its jobs append to it, as resumed runs do to logs/.
CRAWL_FOLDER_PREFIX = "crawl-"


class MutableSettings(Protocol):
    """The part of scrapy.settings.Settings used here (duck-typed: the core imports no Scrapy)."""

    def get(self, name: str, default: Any = None) -> Any: ...

    def set(self, name: str, value: Any, priority: str | int = "project") -> None: ...

    def getpriority(self, name: str) -> int | None: ...


def scrapyd_job(spider_args: Mapping[str, Any], environ: Mapping[str, str]) -> str | None:
    """The Scrapyd job id of this process, or None outside Scrapyd."""
    job = spider_args.get("_job") or environ.get("SCRAPY_JOB")
    return str(job) if job else None


def job_log_dir(folder: str, spider: str, log_file: str | None,
                environ: Mapping[str, str]) -> Path:
    """``<logs_dir>/<project>/<spider>-files/<folder>`` beside scrapyd's ``<job>.log``; without
    a LOG_FILE (scrapyd's ``logs_dir`` empty), the same under ``logs/`` of scrapyd's directory."""
    if log_file:
        spider_logs = Path(log_file).parent
    else:
        spider_logs = Path("logs") / environ.get("SCRAPY_PROJECT", "default") / spider
    return spider_logs.with_name(spider_logs.name + FILES_SUFFIX) / folder


def crawl_dir(name: str, spider: str, settings: MutableSettings,
              environ: Mapping[str, str], under_scrapyd: bool) -> Path:
    """JOBDIR of the crawl called ``name``: ``<CITESEEKER_CRAWLS_DIR>/<name>``."""
    root = read(settings, "CITESEEKER_CRAWLS_DIR")
    if not root:
        root = (Path("crawls") / environ.get("SCRAPY_PROJECT", "default") / spider
                if under_scrapyd else Path("crawls"))
    return Path(root) / name


def apply_job_dirs(settings: MutableSettings, spider: str, spider_args: Mapping[str, Any],
                   environ: Mapping[str, str] = os.environ) -> None:
    """Set JOBDIR for a named crawl and CITESEEKER_LOG_DIR for a Scrapyd job, and make every
    job directory absolute. Must run before the settings are frozen: from the spider's
    ``from_crawler``."""
    make_directories_absolute(settings)
    if spider_args.get(CRAWL_ARGUMENT) is not None:
        settings.set(CRAWL_SETTING, str(spider_args[CRAWL_ARGUMENT]), priority="cmdline")
    name = str(settings.get(CRAWL_SETTING) or "")
    named = bool(CRAWL_NAME.fullmatch(name))
    job = scrapyd_job(spider_args, environ)
    if named:
        jobdir = crawl_dir(name, spider, settings, environ, under_scrapyd=job is not None).absolute()
        previous = settings.get("JOBDIR")
        settings.set("JOBDIR", str(jobdir), priority="cmdline")
        logger.info("crawl %r keeps its state in JOBDIR=%s%s", name, jobdir,
                    f" (instead of {previous})" if previous and previous != str(jobdir) else "")
    if job and not settings.get("CITESEEKER_LOG_DIR"):
        folder = f"{CRAWL_FOLDER_PREFIX}{name}" if named else job
        log_dir = job_log_dir(folder, spider, settings.get("LOG_FILE"), environ)
        settings.set("CITESEEKER_LOG_DIR", str(log_dir.absolute()), priority="cmdline")


def make_directories_absolute(settings: MutableSettings) -> None:
    """Each non-empty :data:`DIRECTORY_SETTINGS` value, relative to the working directory the
    crawl was started in, made absolute (at the priority it was given with)."""
    for name in DIRECTORY_SETTINGS:
        value = settings.get(name)
        if value and not os.path.isabs(str(value)):
            settings.set(name, os.path.abspath(str(value)),
                         priority=settings.getpriority(name) or "cmdline")


def apply_recrawl_argument(settings: MutableSettings, spider_args: Mapping[str, Any],
                           spider: str = "citeseeker",
                           environ: Mapping[str, str] = os.environ) -> None:
    """``-a recrawl=DIR`` becomes ``CITESEEKER_RECRAWL_FROM`` (called by the spider's
    ``from_crawler``, before anything reads the settings). A crawl name that is no directory
    here names a named crawl's JOBDIR (``-a recrawl=may`` after ``-a crawl=may``; under Scrapyd
    too, where relative paths are Scrapyd's)."""
    value = spider_args.get(RECRAWL_ARGUMENT)
    if value is None:
        return
    value = str(value)
    if Path(value).exists():
        value = os.path.abspath(value)  # a directory the crawl reads all along
    elif CRAWL_NAME.fullmatch(value):
        named = crawl_dir(value, spider, settings, environ,
                          under_scrapyd=scrapyd_job(spider_args, environ) is not None)
        value = str(named.absolute()) if named.is_dir() else value
    settings.set(RECRAWL_SETTING, value, priority="spider")
