"""Where one crawl keeps its files: per Scrapyd job, and per named (resumable) crawl.

Why: Scrapyd starts every job in its own working directory, so relative defaults would mix the
``.log`` files of all jobs in one ``logs/``, and its ``jobs_dir`` gives each job id a fresh
JOBDIR, so a cancelled job could not be resumed. Scrapyd 1.6 passes the job id as the spider
argument ``_job`` (older versions also set ``SCRAPY_JOB``) and the job's log file as
``LOG_FILE=<logs_dir>/<project>/<spider>/<job>.log``. From these:

* CiteSeeker's ``.log`` files go to ``<logs_dir>/<project>/<spider>-files/<job>/`` — beside
  scrapyd's job logs, served by its web UI under ``/logs/``, but in a folder of their own, so
  scrapyd's ``jobs_to_keep`` neither counts nor deletes them.
* ``-a crawl=NAME`` (``-d crawl=NAME`` with schedule.json) makes JOBDIR
  ``<CITESEEKER_CRAWLS_DIR>/NAME``: the same name resumes the same crawl, whatever the job id.

Both apply only where the user has not chosen: a non-empty ``CITESEEKER_LOG_DIR`` is kept.
The spider calls :func:`apply_job_places` before it reads its configuration.
"""

from __future__ import annotations

import logging
import os
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Protocol

from .exceptions import ConfigError

logger = logging.getLogger(__name__)

#: A crawl name is one path segment: letters, digits, dot, dash, underscore; no leading dot.
CRAWL_NAME = re.compile(r"[A-Za-z0-9_][A-Za-z0-9._-]{0,99}")
#: The spider argument that names a resumable crawl.
CRAWL_ARGUMENT = "crawl"
#: Suffix of the folder beside scrapyd's ``<spider>/`` log folder that holds the jobs' files.
FILES_SUFFIX = "-files"


class MutableSettings(Protocol):
    """The part of scrapy.settings.Settings used here (duck-typed: the core imports no Scrapy)."""

    def get(self, name: str, default: Any = None) -> Any: ...

    def set(self, name: str, value: Any, priority: str = "project") -> None: ...


def scrapyd_job(spider_args: Mapping[str, Any], environ: Mapping[str, str]) -> str | None:
    """The Scrapyd job id of this process, or None outside Scrapyd."""
    job = spider_args.get("_job") or environ.get("SCRAPY_JOB")
    return str(job) if job else None


def job_log_dir(job: str, spider: str, log_file: str | None,
                environ: Mapping[str, str]) -> Path:
    """``<logs_dir>/<project>/<spider>-files/<job>`` beside scrapyd's ``<job>.log``; without a
    LOG_FILE (scrapyd's ``logs_dir`` empty), the same under ``logs/`` of scrapyd's directory."""
    if log_file:
        spider_logs = Path(log_file).parent
    else:
        spider_logs = Path("logs") / environ.get("SCRAPY_PROJECT", "default") / spider
    return spider_logs.with_name(spider_logs.name + FILES_SUFFIX) / job


def crawl_dir(name: str, spider: str, settings: MutableSettings,
              environ: Mapping[str, str], under_scrapyd: bool) -> Path:
    """JOBDIR of the crawl called ``name``: ``<CITESEEKER_CRAWLS_DIR>/<name>``."""
    if not CRAWL_NAME.fullmatch(name):
        raise ConfigError(f"-a crawl={name!r}: a crawl name is letters, digits, '.', '-' and '_' "
                          "(at most 100, not starting with '.')")
    root = settings.get("CITESEEKER_CRAWLS_DIR") or ""
    if not root:
        root = (Path("crawls") / environ.get("SCRAPY_PROJECT", "default") / spider
                if under_scrapyd else Path("crawls"))
    return Path(root) / name


def apply_job_places(settings: MutableSettings, spider: str, spider_args: Mapping[str, Any],
                     environ: Mapping[str, str] = os.environ) -> None:
    """Set CITESEEKER_LOG_DIR for a Scrapyd job and JOBDIR for a named crawl (ConfigError on a
    bad name). Must run before the settings are frozen: from the spider's ``from_crawler``."""
    job = scrapyd_job(spider_args, environ)
    if job and not settings.get("CITESEEKER_LOG_DIR"):
        log_dir = job_log_dir(job, spider, settings.get("LOG_FILE"), environ)
        settings.set("CITESEEKER_LOG_DIR", str(log_dir), priority="cmdline")
    name = spider_args.get(CRAWL_ARGUMENT)
    if name is not None:
        jobdir = crawl_dir(str(name), spider, settings, environ, under_scrapyd=job is not None)
        previous = settings.get("JOBDIR")
        settings.set("JOBDIR", str(jobdir), priority="cmdline")
        logger.info("crawl %r keeps its state in JOBDIR=%s%s", name, jobdir,
                    f" (instead of {previous})" if previous and previous != str(jobdir) else "")
