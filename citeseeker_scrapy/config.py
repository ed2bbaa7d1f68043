"""The crawl's own group of CITESEEKER_* settings (:class:`CrawlConfig`), and the checks of
setting names the crawl job runs before any value is read.

Each setting is declared once in :mod:`citeseeker_scrapy.settings_table` (type, default,
check, doc); this module only gathers the crawl's values from it into one typed object.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from dataclasses import dataclass
from importlib import resources
from importlib.abc import Traversable
from pathlib import Path
from typing import Any

from .exceptions import ConfigError
from .extraction.model import ExtractionLimits
from .settings_table import SettingsLike, read

#: Where the .log files go when CITESEEKER_LOG_DIR is empty and no Scrapyd job names another.
DEFAULT_LOG_DIR = "logs"


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
    defer_dead_start_points: bool
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
        """Every value read through the settings table (its parser and check). Called once per
        crawl by the crawl job; elsewhere by tests and tools that need a crawl's settings."""
        def value(name: str) -> Any:
            return read(settings, f"CITESEEKER_{name.upper()}")

        read(settings, "CITESEEKER_CRAWL")  # a crawl name is one safe path segment
        plain = {name: value(name) for name in PLAIN_FIELDS}
        return cls(
            **plain,
            permitted_formats=frozenset(word.lstrip(".").lower()
                                        for word in value("permitted_formats")),
            log_dir=Path(value("log_dir") or DEFAULT_LOG_DIR),
            inputs_dir=(Path(value("inputs_dir")) if value("inputs_dir")
                        else project_inputs_dir()),
            extraction=_extraction_limits(settings),
        )


#: CrawlConfig fields read as they are from CITESEEKER_<FIELD> (the settings table parses and
#: checks them).
PLAIN_FIELDS = (
    "method", "scheme", "fuzzy_limit", "part_length", "min_author_distance", "flush_interval",
    "keep_query", "max_url_length", "max_repeated_segments", "header_length", "debug_log",
    "concurrent_servers", "max_pending_docs", "max_docs_per_server", "max_depth", "skip_file",
    "unreachable_after", "defer_seconds", "defer_times", "defer_dead_start_points",
    "max_retry_after", "max_crawl_delay", "trap_pages", "extraction_workers", "temp_dir",
    "progress_interval", "progress_live", "report_html", "report_exclude_self",
    "distinct_papers", "resume_changed_inputs", "adaptive_concurrency",
    "allow_private_addresses",
)


#: The prefix that marks a setting as CiteSeeker's: a name with it that no component reads is a
#: typo (``CITESEEKER_FUZY_LIMIT``), refused by :func:`check_setting_names`.
SETTING_PREFIX = "CITESEEKER_"


def check_setting_names(names: Iterable[str], known: Iterable[str]) -> None:
    """A ``CITESEEKER_*`` name that is not ``known`` is a :class:`ConfigError` naming the nearest
    known one. Why: Scrapy keeps any ``-s NAME=VALUE``, so a typo would be a silent no-op. Called by
    the crawl job (:mod:`citeseeker_scrapy.job.crawl_job`) and by ``citeseeker-push``, with the
    settings table's names."""
    known = frozenset(known)
    for name in sorted(str(n) for n in names):
        if name.startswith(SETTING_PREFIX) and name not in known:
            raise ConfigError(f"unknown setting {name}{nearest_hint(name, known)}")


#: Settings the crawl reads that neither Scrapy's defaults nor the settings table declare:
#: the shared frontier's Redis address, and the per-address limit Scrapy still honours.
OTHER_SETTINGS_READ = frozenset({"REDIS_URL", "CONCURRENT_REQUESTS_PER_IP"})
#: How alike (difflib's ratio) an unknown name must be to a known one to be taken for its typo:
#: one letter swapped, dropped or doubled in a name of eight letters or more.
TYPO_LIKENESS = 0.85
#: Scrapy's priority of the project's settings module: the user's own word from there up
#: (project, spider, ``-s``, Scrapyd's ``-d setting=``).
_USER_PRIORITY = 20


def check_setting_typos(settings: Any, known: Iterable[str]) -> None:
    """A setting the user gave that nothing reads, spelled almost like one that is read
    (``REDIS_ULR``, ``CONCURENT_REQUESTS``), is a :class:`ConfigError` naming the real one.
    Why: Scrapy keeps any name, so the typo would leave the real setting at its default. A name
    like none known passes (another add-on of the user's may read it); ``CITESEEKER_*`` names
    are :func:`check_setting_names`'s. Called by the crawl job and by ``citeseeker-push``, with
    the settings table's names and the framework's (``scrapy.settings.default_settings``, which
    the Scrapy side passes: this module imports no Scrapy)."""
    known = frozenset(known) | OTHER_SETTINGS_READ
    priority = getattr(settings, "getpriority", None)  # Scrapy settings, or a plain mapping
    for name in sorted(str(n) for n in settings):
        if name in known or name.startswith(SETTING_PREFIX):
            continue
        if priority and (priority(name) or 0) < _USER_PRIORITY:
            continue
        close = difflib.get_close_matches(name, sorted(known), n=1, cutoff=TYPO_LIKENESS)
        if close:
            meant = REPLACED_SCRAPY_SETTINGS.get(close[0], close[0])
            raise ConfigError(f"unknown setting {name}; did you mean {meant}?")


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


def _extraction_limits(settings: SettingsLike) -> ExtractionLimits:
    """The safety limits of text extraction, one field per CITESEEKER_* setting."""
    return ExtractionLimits(**{field: read(settings, name)
                               for field, name in EXTRACTION_SETTINGS.items()})


#: ExtractionLimits' fields and their settings.
EXTRACTION_SETTINGS = {
    "max_unpacked_bytes": "CITESEEKER_MAX_UNPACKED_BYTES",
    "max_compression_ratio": "CITESEEKER_MAX_COMPRESSION_RATIO",
    "max_archive_members": "CITESEEKER_MAX_ARCHIVE_MEMBERS",
    "max_archive_depth": "CITESEEKER_MAX_ARCHIVE_DEPTH",
    "pdf_timeout": "CITESEEKER_PDF_TIMEOUT",
    "ps_timeout": "CITESEEKER_PS_TIMEOUT",
    "ps_cpu_per_page": "CITESEEKER_PS_CPU_PER_PAGE",
    "worker_memory_bytes": "CITESEEKER_WORKER_MEMORY",
    "max_text_chars": "CITESEEKER_MAX_TEXT_CHARS",
}
