"""All CITESEEKER_* settings, read once and validated in one place.

Scrapy components call :meth:`CrawlConfig.from_settings` in their ``from_crawler``; everything
else takes plain typed values, so the core is testable without a crawler.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable
from dataclasses import dataclass
from importlib import resources
from importlib.abc import Traversable
from pathlib import Path
from typing import Any, Protocol

from .exceptions import ConfigError
from .extraction.model import ExtractionLimits

#: Table A1 of the thesis plus our additions. ``settings.py`` publishes these to Scrapy.
ORIGINAL_FORMATS = (
    "htm html shtml dhtml xml php php3 php4 asp aspx txt rtf doc ppt pdf ps zip gz z tar tgz taz"
)
#: Formats the original did not know, read by the same machinery (docs/how-it-works.md).
MODERN_FORMATS = "xhtml jsp cfm docx pptx odt eps"

DEFAULT_SETTINGS: dict[str, Any] = {
    "CITESEEKER_METHOD": "fuzzy",
    "CITESEEKER_SCHEME": "improved",
    "CITESEEKER_FUZZY_LIMIT": 0.75,
    "CITESEEKER_PART_LENGTH": 200,
    "CITESEEKER_MIN_AUTHOR_DISTANCE": 30,
    "CITESEEKER_FLUSH_INTERVAL": 100,
    "CITESEEKER_PERMITTED_FORMATS": f"{ORIGINAL_FORMATS} {MODERN_FORMATS}".split(),
    # "" = automatic: logs/, or a directory of the job's own under Scrapyd
    # (job/directories.py).
    "CITESEEKER_LOG_DIR": "",
    # "" = the project's own inputs/ (beside the package, or packaged inside it), wherever the
    # crawl is started from.
    "CITESEEKER_INPUTS_DIR": "",
    # A named crawl (`-a crawl=NAME`): its JOBDIR is CITESEEKER_CRAWLS_DIR/NAME
    # (job/directories.py).
    "CITESEEKER_CRAWL": "",
    # "" = crawls/ (crawls/<project>/<spider>/ under Scrapyd).
    "CITESEEKER_CRAWLS_DIR": "",
    "CITESEEKER_KEEP_QUERY": True,
    "CITESEEKER_MAX_URL_LENGTH": 512,
    "CITESEEKER_MAX_REPEATED_SEGMENTS": 3,
    # links from public pages to loopback, private and link-local addresses (addresses.py):
    # refused unless a start point is on one, or this is True
    "CITESEEKER_ALLOW_PRIVATE_ADDRESSES": False,
    "CITESEEKER_HEADER_LENGTH": 100,
    "CITESEEKER_DEBUG_LOG": True,
    # servers crawled at once: found while crawling (frontier/width.py); a number bounds it
    "CITESEEKER_CONCURRENT_SERVERS": 0,
    "CITESEEKER_MAX_PENDING_DOCS": 10_000,
    "CITESEEKER_MAX_DOCS_PER_SERVER": 50_000,
    "CITESEEKER_MAX_DEPTH": 100,
    "CITESEEKER_SKIP_FILE": "",
    # a server that refuses connections, does not resolve or answers 5xx this many times in a
    # row (no answer in between) is deferred (frontier/outages.py)
    "CITESEEKER_UNREACHABLE_AFTER": 3,
    # a deferred server waits this long, doubled at each deferral; after _DEFER_TIMES
    # deferrals it is completed, its documents counted as not fetched
    "CITESEEKER_DEFER_SECONDS": 30.0,
    "CITESEEKER_DEFER_TIMES": 3,
    # the longest Retry-After (429, 503) obeyed, in seconds
    "CITESEEKER_MAX_RETRY_AFTER": 120.0,
    # the longest robots.txt Crawl-delay (or Request-rate interval) obeyed, in seconds
    "CITESEEKER_MAX_CRAWL_DELAY": 30.0,
    # this many HTML pages of one server alike (numbers aside) end its crawl: a crawler trap
    "CITESEEKER_TRAP_PAGES": 100,
    # per-server concurrency that adapts (AIMD): halved on dropped, refused or timed-out
    # connections and connect-time spikes, grown back by one while the server keeps up
    "CITESEEKER_ADAPTIVE_CONCURRENCY": True,
    "CITESEEKER_MAX_UNPACKED_BYTES": 200 * 1024 * 1024,
    "CITESEEKER_MAX_COMPRESSION_RATIO": 200.0,
    "CITESEEKER_MAX_ARCHIVE_MEMBERS": 10_000,
    "CITESEEKER_MAX_ARCHIVE_DEPTH": 3,
    "CITESEEKER_PDF_TIMEOUT": 60.0,
    "CITESEEKER_PS_TIMEOUT": 60.0,
    "CITESEEKER_PS_CPU_PER_PAGE": 1.0,
    "CITESEEKER_WORKER_MEMORY": 1024 * 1024 * 1024,
    "CITESEEKER_MAX_TEXT_CHARS": 5_000_000,
    "CITESEEKER_EXTRACTION_WORKERS": 2,
    "CITESEEKER_TEMP_DIR": "",
    "CITESEEKER_PROGRESS_INTERVAL": 30.0,
    "CITESEEKER_PROGRESS_LIVE": True,
    "CITESEEKER_REPORT_HTML": True,
    # the end-of-crawl report.html, table and alerts without self-citations
    "CITESEEKER_REPORT_EXCLUDE_SELF": False,
    "CITESEEKER_DISTINCT_PAPERS": True,
    # the shared frontier (docs/many-workers.md); REDIS_URL as in scrapy-redis
    "CITESEEKER_FRONTIER": "local",
    "CITESEEKER_REDIS_KEY": "citeseeker",
    "CITESEEKER_LEASE_SECONDS": 30.0,
    "CITESEEKER_SYNC_SECONDS": 0.5,
    "CITESEEKER_CLOSE_WHEN_IDLE": True,
    # a finished job under CITESEEKER_REDIS_KEY: refused (False) or deleted and crawled anew
    "CITESEEKER_REDIS_REUSE": False,
    # incremental re-crawl (docs/recrawl.md): -a recrawl=PREVIOUS_JOBDIR
    "CITESEEKER_RECRAWL_FROM": "",
    "CITESEEKER_RECRAWL": "auto",
    "CITESEEKER_RECRAWL_SPLIT": "directory",
    # a resume whose inputs differ from the job's first run refuses unless this is True
    "CITESEEKER_RESUME_CHANGED_INPUTS": False,
}


#: A crawl name is one path segment: letters, digits, dot, dash, underscore; no leading dot.
CRAWL_NAME = re.compile(r"[A-Za-z0-9_][A-Za-z0-9._-]{0,99}")
#: Where the .log files go when CITESEEKER_LOG_DIR is empty and no Scrapyd job names another.
DEFAULT_LOG_DIR = "logs"


class SettingsLike(Protocol):
    """The part of scrapy.settings.BaseSettings we use (duck-typed: the core imports no Scrapy)."""

    def get(self, name: str, default: Any = None) -> Any: ...


@dataclass(frozen=True)
class CrawlConfig:
    """Validated crawl settings; see docs/settings.md for each one's meaning."""

    method: str
    scheme: str
    fuzzy_limit: float
    part_length: int
    min_author_distance: int
    flush_interval: int
    permitted_formats: frozenset[str]
    log_dir: Path
    inputs_dir: Path | Traversable
    keep_query: bool
    max_url_length: int
    max_repeated_segments: int
    header_length: int
    debug_log: bool
    concurrent_servers: int
    max_pending_docs: int
    max_docs_per_server: int
    max_depth: int
    skip_file: str
    unreachable_after: int
    defer_seconds: float
    defer_times: int
    max_retry_after: float
    max_crawl_delay: float
    trap_pages: int
    extraction: ExtractionLimits
    extraction_workers: int
    temp_dir: str
    progress_interval: float
    progress_live: bool
    report_html: bool
    report_exclude_self: bool
    distinct_papers: bool
    resume_changed_inputs: bool = False
    adaptive_concurrency: bool = True
    allow_private_addresses: bool = False

    @classmethod
    def from_settings(cls, settings: SettingsLike) -> "CrawlConfig":
        def value(name: str) -> Any:
            return settings.get(name, DEFAULT_SETTINGS[name])

        _check_crawl_name(str(value("CITESEEKER_CRAWL") or ""))
        config = cls(
            method=str(value("CITESEEKER_METHOD")).strip().lower(),
            scheme=str(value("CITESEEKER_SCHEME")).strip().lower(),
            fuzzy_limit=_number(value, "CITESEEKER_FUZZY_LIMIT", float),
            part_length=_number(value, "CITESEEKER_PART_LENGTH", int),
            min_author_distance=_number(value, "CITESEEKER_MIN_AUTHOR_DISTANCE", int),
            flush_interval=_number(value, "CITESEEKER_FLUSH_INTERVAL", int),
            permitted_formats=_formats(value("CITESEEKER_PERMITTED_FORMATS")),
            log_dir=_directory(value, "CITESEEKER_LOG_DIR", DEFAULT_LOG_DIR),
            inputs_dir=(_directory(value, "CITESEEKER_INPUTS_DIR")
                        if value("CITESEEKER_INPUTS_DIR") else project_inputs_dir()),
            keep_query=_boolean(value, "CITESEEKER_KEEP_QUERY"),
            max_url_length=_number(value, "CITESEEKER_MAX_URL_LENGTH", int),
            max_repeated_segments=_number(value, "CITESEEKER_MAX_REPEATED_SEGMENTS", int),
            header_length=_number(value, "CITESEEKER_HEADER_LENGTH", int),
            debug_log=_boolean(value, "CITESEEKER_DEBUG_LOG"),
            concurrent_servers=_number(value, "CITESEEKER_CONCURRENT_SERVERS", int),
            max_pending_docs=_number(value, "CITESEEKER_MAX_PENDING_DOCS", int),
            max_docs_per_server=_number(value, "CITESEEKER_MAX_DOCS_PER_SERVER", int),
            max_depth=_number(value, "CITESEEKER_MAX_DEPTH", int),
            skip_file=str(value("CITESEEKER_SKIP_FILE") or ""),
            unreachable_after=_number(value, "CITESEEKER_UNREACHABLE_AFTER", int),
            defer_seconds=_number(value, "CITESEEKER_DEFER_SECONDS", float),
            defer_times=_number(value, "CITESEEKER_DEFER_TIMES", int),
            max_retry_after=_number(value, "CITESEEKER_MAX_RETRY_AFTER", float),
            max_crawl_delay=_number(value, "CITESEEKER_MAX_CRAWL_DELAY", float),
            trap_pages=_number(value, "CITESEEKER_TRAP_PAGES", int),
            extraction=_extraction_limits(value),
            extraction_workers=_number(value, "CITESEEKER_EXTRACTION_WORKERS", int),
            temp_dir=str(value("CITESEEKER_TEMP_DIR") or ""),
            progress_interval=_number(value, "CITESEEKER_PROGRESS_INTERVAL", float),
            progress_live=_boolean(value, "CITESEEKER_PROGRESS_LIVE"),
            report_html=_boolean(value, "CITESEEKER_REPORT_HTML"),
            report_exclude_self=_boolean(value, "CITESEEKER_REPORT_EXCLUDE_SELF"),
            distinct_papers=_boolean(value, "CITESEEKER_DISTINCT_PAPERS"),
            resume_changed_inputs=_boolean(value, "CITESEEKER_RESUME_CHANGED_INPUTS"),
            adaptive_concurrency=_boolean(value, "CITESEEKER_ADAPTIVE_CONCURRENCY"),
            allow_private_addresses=_boolean(value, "CITESEEKER_ALLOW_PRIVATE_ADDRESSES"),
        )
        config.validate()
        return config

    def validate(self) -> None:
        if self.method not in ("fuzzy", "exact"):
            raise ConfigError(f"CITESEEKER_METHOD must be 'fuzzy' or 'exact', not {self.method!r}")
        if self.scheme not in ("improved", "original"):
            raise ConfigError(
                f"CITESEEKER_SCHEME must be 'improved' or 'original', not {self.scheme!r}")
        if not 0.0 < self.fuzzy_limit <= 1.0:
            raise ConfigError(f"CITESEEKER_FUZZY_LIMIT must be in (0, 1], not {self.fuzzy_limit}")
        for name in ("part_length", "flush_interval", "max_url_length", "max_repeated_segments",
                     "max_pending_docs", "max_docs_per_server",
                     "extraction_workers", "unreachable_after", "trap_pages"):
            if getattr(self, name) < 1:
                raise ConfigError(f"CITESEEKER_{name.upper()} must be at least 1")
        if self.concurrent_servers < 0:
            raise ConfigError("CITESEEKER_CONCURRENT_SERVERS must be >= 0 (0: as many as the "
                              "crawl finds it needs)")
        if min(self.defer_seconds, self.defer_times, self.max_retry_after,
               self.max_crawl_delay) < 0:
            raise ConfigError("CITESEEKER_DEFER_SECONDS, _DEFER_TIMES, _MAX_RETRY_AFTER and "
                              "_MAX_CRAWL_DELAY must be >= 0")
        if self.progress_interval < 0:
            raise ConfigError("CITESEEKER_PROGRESS_INTERVAL must be >= 0 (0: no progress line)")
        if min(self.min_author_distance, self.header_length, self.max_depth) < 0:
            raise ConfigError(
                "CITESEEKER_MIN_AUTHOR_DISTANCE, _HEADER_LENGTH and _MAX_DEPTH must be >= 0")


#: The prefix that marks a setting as CiteSeeker's: a name with it that no component reads is a
#: typo (``CITESEEKER_FUZY_LIMIT``), refused by :func:`check_setting_names`.
SETTING_PREFIX = "CITESEEKER_"


def check_setting_names(names: Iterable[str], known: Iterable[str]) -> None:
    """A ``CITESEEKER_*`` name that is not ``known`` is a :class:`ConfigError` naming the nearest
    known one. Why: Scrapy keeps any ``-s NAME=VALUE``, so a typo was a silent no-op. Called by
    the crawl job (:mod:`citeseeker_scrapy.job.crawl_job`) with every component's setting names."""
    known = frozenset(known)
    for name in sorted(str(n) for n in names):
        if name.startswith(SETTING_PREFIX) and name not in known:
            raise ConfigError(f"unknown setting {name}{nearest_hint(name, known)}")


#: Scrapy settings whose spider middleware the add-on leaves out, and the setting that does
#: their job here: the spider yields documents, not links, so Scrapy's depth and URL-length
#: checks never saw the crawl's links (the frontier's scope gate does).
REPLACED_SCRAPY_SETTINGS = {
    "DEPTH_LIMIT": "CITESEEKER_MAX_DEPTH",
    "URLLENGTH_LIMIT": "CITESEEKER_MAX_URL_LENGTH",
}


def check_replaced_scrapy_settings(settings: Any) -> None:
    """A Scrapy setting the crawl does not read, given by the user, is a :class:`ConfigError`
    naming the setting that does its job (it would be a silent no-op). Called by the crawl job
    beside :func:`check_setting_names`."""
    priority = getattr(settings, "getpriority", None)  # Scrapy settings, or a plain mapping
    for name, ours in REPLACED_SCRAPY_SETTINGS.items():
        given = (priority(name) or 0) > 0 if priority else name in settings
        if given:
            raise ConfigError(f"{name} is not read by this crawl: use {ours}")


def nearest_hint(name: str, known: Iterable[str]) -> str:
    """``"; did you mean X?"`` for the closest of ``known``, or ``""`` when none is close (the
    shared ``CITESEEKER_`` prefix is not counted as a likeness)."""
    def bare(text: str) -> str:
        return text.removeprefix(SETTING_PREFIX)

    by_bare = {bare(candidate): candidate for candidate in sorted(known)}
    close = difflib.get_close_matches(bare(name), list(by_bare), n=1, cutoff=0.6)
    return f"; did you mean {by_bare[close[0]]}?" if close else ""


def project_inputs_dir() -> Path | Traversable:
    """The project's default inputs, never the working directory's: the copy packaged as
    ``citeseeker_scrapy/inputs`` once installed (a wheel, or scrapyd's egg, where it is inside a
    zip and read through importlib.resources), else ``inputs/`` of the source checkout."""
    packaged = resources.files(__package__) / "inputs"
    if packaged.is_dir():
        return packaged
    return Path(__file__).resolve().parent.parent / "inputs"


def _check_crawl_name(name: str) -> None:
    """A crawl name becomes a directory name: one safe path segment (job/directories.py uses it)."""
    if name and not CRAWL_NAME.fullmatch(name):
        raise ConfigError(f"crawl name {name!r} (-a crawl= or CITESEEKER_CRAWL) must be letters, "
                          "digits, '.', '-' and '_', at most 100, not starting with '.'")


def _number(value, name: str, kind: type) -> Any:
    raw = value(name)
    try:
        return kind(raw)
    except (TypeError, ValueError) as error:
        raise ConfigError(f"{name} must be a {kind.__name__}, not {raw!r}") from error


def _extraction_limits(value) -> ExtractionLimits:
    """The safety limits of text extraction (documents issue), validated by ExtractionLimits."""
    return ExtractionLimits(
        max_unpacked_bytes=_number(value, "CITESEEKER_MAX_UNPACKED_BYTES", int),
        max_compression_ratio=_number(value, "CITESEEKER_MAX_COMPRESSION_RATIO", float),
        max_archive_members=_number(value, "CITESEEKER_MAX_ARCHIVE_MEMBERS", int),
        max_archive_depth=_number(value, "CITESEEKER_MAX_ARCHIVE_DEPTH", int),
        pdf_timeout=_number(value, "CITESEEKER_PDF_TIMEOUT", float),
        ps_timeout=_number(value, "CITESEEKER_PS_TIMEOUT", float),
        ps_cpu_per_page=_number(value, "CITESEEKER_PS_CPU_PER_PAGE", float),
        worker_memory_bytes=_number(value, "CITESEEKER_WORKER_MEMORY", int),
        max_text_chars=_number(value, "CITESEEKER_MAX_TEXT_CHARS", int),
    )


def _directory(value, name: str, default: str = "") -> Path:
    """A directory setting that names an existing file cannot work: say so before the crawl.
    An empty setting means ``default``."""
    path = Path(str(value(name) or default))
    if path.exists() and not path.is_dir():
        raise ConfigError(f"{name} must be a directory, but {str(path)!r} is a file")
    return path


TRUE_WORDS = frozenset({"1", "true", "yes", "on"})
FALSE_WORDS = frozenset({"0", "false", "no", "off", ""})


def _boolean(value, name: str) -> bool:
    return parse_boolean(value(name), name)


def parse_boolean(raw: Any, name: str) -> bool:
    """The one reading of a True/False setting, used by every group of settings (crawl,
    providers, many workers): a typo (``Ture``) is an error naming the setting, not a silent
    False."""
    if isinstance(raw, str):
        word = raw.strip().lower()
        if word in TRUE_WORDS | FALSE_WORDS:
            return word in TRUE_WORDS
        raise ConfigError(f"{name} must be True or False (or 1/0, yes/no, on/off), not {raw!r}")
    if isinstance(raw, (bool, int)) and raw in (0, 1):
        return bool(raw)
    raise ConfigError(f"{name} must be True or False, not {raw!r}")


def _formats(raw: Any) -> frozenset[str]:
    words = raw.replace(",", " ").split() if isinstance(raw, str) else list(raw)
    return frozenset(w.strip().lstrip(".").lower() for w in words if w.strip())
