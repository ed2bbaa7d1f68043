"""One CiteSeeker crawl: its validated settings, parsed inputs and URL scope, built once.

Who calls it: the crawl-job extension starts the job once (``job/start.py``'s
``start_crawl_job``, the first component Scrapy builds after the add-ons; the JOBDIR lock is
taken there, before any other component exists) and hangs it on the crawler. Every component
then finds it with
:func:`crawl_job` — the spider (start points), the scheduler (links, redirect bookkeeping), the
downloader middlewares (scope, canonical form, redirect targets), the report extension and the
pipelines (searched publications). They all get the same object from the crawler, so no
component reaches into another one's attributes, and the URL rules are decided in one place.
Without the add-on (the document pipelines in a spider of one's own) no extension starts the
job: the first of those pipelines does (``job/start.py``'s ``start_crawl_job_unless_started``).
Pure: no Scrapy here; starting the job on the crawler and refusing a crawl are ``job/start.py``'s.

Inputs come from settings (``CITESEEKER_AUTHORS``, ``CITESEEKER_PUBLICATIONS``,
``CITESEEKER_STARTPOINTS``, ``CITESEEKER_STAYWITHIN``, ``CITESEEKER_FORBIDDEN``; the
citeseeker spider copies its ``-a`` arguments there), so the pipelines work with any spider.

A broken input or setting does not raise here (that would make Scrapy print a traceback and
skip ``spider_closed``): it is kept in :attr:`CrawlJob.error`, logged as one line, and the spider
is closed before its first request with reason :data:`BAD_INPUT_REASON`, which the project's
``crawl`` command turns into exit status 2.
"""

from __future__ import annotations

import logging
import textwrap
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from citeseeker_scrapy.addresses import is_private_url
from citeseeker_scrapy.config import (
    CrawlConfig, check_replaced_scrapy_settings, check_setting_names, check_setting_typos,
    nearest_hint,
)
from citeseeker_scrapy.exceptions import CiteSeekerError, ConfigError, InputError, StorageError
from citeseeker_scrapy.frontier.redis_backend import SharedSettings, frontier_kind
from citeseeker_scrapy.job.directories import CRAWL_ARGUMENT, RECRAWL_ARGUMENT
from citeseeker_scrapy.job.fingerprint import check_inputs, job_inputs
from citeseeker_scrapy.job.inputs import CrawlInputs, resolve_inputs
from citeseeker_scrapy.job.lock import JobDirLock, remove_empty_spider_state
from citeseeker_scrapy.job.scratch import open_scratch, remove_scratch
from citeseeker_scrapy.matching import MatcherSettings
from citeseeker_scrapy.storage import StorageGuard
from citeseeker_scrapy.providers import ProviderConfig
from citeseeker_scrapy.recrawl.plan import RecrawlSettings
from citeseeker_scrapy.recrawl.session import RecrawlSession
from citeseeker_scrapy.rendering.config import RenderConfig, find_browser
from citeseeker_scrapy.report.ledger import ReportLedger
from citeseeker_scrapy.report.logs import JOB_FILE
from citeseeker_scrapy.settings_table import SETTINGS
from citeseeker_scrapy.site_search.config import SiteSearchConfig
from citeseeker_scrapy.urls import LinkPolicy, file_root_of

if TYPE_CHECKING:  # the text pipeline builds it; commands need not load the readers
    from citeseeker_scrapy.extraction import DocumentExtractor

BAD_INPUT_REASON = "citeseeker_bad_input"
#: Spider argument -> the setting that carries it to every component.
ARGUMENT_SETTINGS = {
    "authors": "CITESEEKER_AUTHORS",
    "publications": "CITESEEKER_PUBLICATIONS",
    "startpoints": "CITESEEKER_STARTPOINTS",
    "staywithin": "CITESEEKER_STAYWITHIN",
    "forbidden": "CITESEEKER_FORBIDDEN",
    "search": "CITESEEKER_SEARCH",
    "citedby": "CITESEEKER_CITEDBY",
}

#: What each of our spider arguments is: ``scrapy crawl citeseeker -h`` lists them (the crawl
#: command); README's "Inputs" table says the same at length.
ARGUMENT_HELP = {
    "authors": "a searchstrings.txt (author=Name1 + Name2, then its titles) or inline names "
               "'Fiala + Jezek'; none: the packaged inputs/searchstrings.txt",
    "publications": "the titles of inline authors, '|' between them",
    "startpoints": "a file of URLs, one a line, or URLs separated by spaces (http://, "
                   "https://, file://); none: the packaged inputs/startpoints.txt",
    "staywithin": "URL prefixes or domains (.edu) the crawl stays within: a file or inline",
    "forbidden": "URL prefixes or domains never crawled (when no staywithin): a file or inline",
    "crawl": "NAME of a resumable crawl: its JOBDIR is crawls/NAME",
    "recrawl": "a previous crawl's JOBDIR or name: report only new and gone citations",
    "search": "start points from a search engine: searxng:URL or json:URL (docs/providers.md)",
    "citedby": "start points from a citation index: openalex (docs/providers.md)",
}


def arguments_help(width: int = 79) -> str:
    """The spider's ``-a`` arguments, each with its text wrapped beside it, for the crawl
    command's help."""
    column = max(map(len, ARGUMENT_HELP)) + len("  -a =  ")
    return "\n".join(textwrap.fill(text, width, initial_indent=f"  -a {name}=".ljust(column),
                                   subsequent_indent=" " * column)
                     for name, text in ARGUMENT_HELP.items())


#: The arguments that name the crawl's inputs (the rest configure start-point providers).
INPUT_ARGUMENTS = ("authors", "publications", "startpoints", "staywithin", "forbidden")
#: Every CITESEEKER_* setting, as the settings table declares them; any other CITESEEKER_* name
#: is refused as a typo (config.check_setting_names).
KNOWN_SETTINGS = frozenset(SETTINGS)
#: Spider arguments besides ours that a crawl may be given: Scrapyd's job id, and the spider
#: attributes Scrapy 2.19's own components still read (``-a user_agent=...``). Others Scrapy
#: once read (``start_urls``, ``allowed_domains``, ``download_delay``) would be no-ops here.
SCRAPYD_ARGUMENTS = ("_job", "_version")
SCRAPY_SPIDER_ARGUMENTS = ("user_agent", "download_timeout", "download_maxsize",
                           "download_warnsize", "http_user", "http_pass", "http_auth_domain")
KNOWN_ARGUMENTS = frozenset({*ARGUMENT_SETTINGS, CRAWL_ARGUMENT, RECRAWL_ARGUMENT,
                             *SCRAPYD_ARGUMENTS, *SCRAPY_SPIDER_ARGUMENTS})

#: The crawler's attribute that holds its :class:`CrawlJob` (set by ``job/start.py``).
CRAWLER_ATTRIBUTE = "citeseeker_job"

logger = logging.getLogger(__name__)


def check_spider_arguments(names: Any) -> None:
    """An ``-a`` name no component reads is an :class:`InputError` with the nearest known name.
    Why: ``-a author=ok.txt`` (for ``authors``) silently searched the sample titles. Called by
    the citeseeker spider's ``from_crawler``."""
    for name in sorted(str(n) for n in names):
        if name not in KNOWN_ARGUMENTS:
            ours = {*ARGUMENT_SETTINGS, CRAWL_ARGUMENT, RECRAWL_ARGUMENT}
            raise InputError(f"unknown spider argument -a {name}=...{nearest_hint(name, ours)}"
                             f" (arguments: {', '.join(sorted(ours))})")


@dataclass
class CrawlJob:
    """What one crawl searches for and where it may go; ``error`` when it cannot start.

    The crawl's context: every field is set by :meth:`from_settings` at the crawl's start,
    except the two that components fill while the crawl runs (``extractor``,
    ``browser_handler``), each by its one owner. Something else a crawl owns is one more
    field here, made in :meth:`from_settings` (after the lock when it touches JOBDIR), never a
    registry keyed by the crawler."""

    config: CrawlConfig | None
    inputs: CrawlInputs | None
    scope: LinkPolicy | None
    error: str | None = None
    providers: ProviderConfig | None = None
    #: JOBDIR's lock, held for the life of the crawl (None without JOBDIR or when refused)
    lock: JobDirLock | None = None
    #: input changes a resume accepted (CITESEEKER_RESUME_CHANGED_INPUTS)
    input_changes: tuple[str, ...] = ()
    storage: StorageGuard = field(default_factory=StorageGuard)
    #: what this job reported (the one owner of "already reported?"), shared by the
    #: report-once pipeline, which asks, and the report extension, which records
    ledger: ReportLedger = field(default_factory=ReportLedger)
    #: extraction's scratch directory (``job/scratch.py``), made after the lock is held;
    #: None when the job refused to start
    scratch: Path | None = None
    #: the other groups of settings, each parsed once here with the rest (their defaults when
    #: the job refused): components read these, never the settings again
    site_search: SiteSearchConfig = field(default_factory=SiteSearchConfig)
    render: RenderConfig = field(default_factory=RenderConfig)
    #: the shared frontier's settings; None unless CITESEEKER_FRONTIER=redis
    shared: SharedSettings | None = None
    #: what this crawl records of its documents (what a later re-crawl compares with), and
    #: the previous crawl it re-crawls (``recrawl/session.py``); None when there is nothing
    #: to record or compare (no JOBDIR, no ``-a recrawl``), and for a refused crawl, which
    #: may touch nothing of the job
    recrawl: RecrawlSession | None = None
    #: the text pipeline's extractor while the spider is open (set and cleared by that
    #: pipeline, its owner): the render middleware reads scripted pages with it, so the text
    #: stage does not read them again (``extraction/read_ahead.py``); None without one
    extractor: DocumentExtractor | None = None
    #: the browser's download handler, one for http and https: built for the first scheme
    #: and kept here for the second (``middlewares/browser_handler.py``, its owner)
    browser_handler: Any = None

    @classmethod
    def from_settings(cls, settings: Any, framework_names: Iterable[str] = ()) -> CrawlJob:
        """Validate settings, read the inputs and build the scope, then take the job's places
        in one order, the JOBDIR lock first: a refused crawl creates, empties or removes no
        file of the job that holds it. Never raises for bad input. ``framework_names``: the
        settings Scrapy declares (the Scrapy side passes them), so that a near miss of one of
        them or of ours is refused as a typo."""
        try:
            check_setting_names(settings, KNOWN_SETTINGS)
            check_setting_typos(settings, KNOWN_SETTINGS | frozenset(framework_names))
            check_replaced_scrapy_settings(settings)
            config = CrawlConfig.from_settings(settings)
            arguments = {name: settings.get(ARGUMENT_SETTINGS[name]) for name in INPUT_ARGUMENTS}
            inputs = resolve_inputs(config.inputs_dir, **arguments)
            providers = ProviderConfig.from_settings(settings)
            render = check_rendering(settings)
            site_search = SiteSearchConfig.from_settings(settings)
            recrawl = RecrawlSettings.from_settings(settings, settings.get("JOBDIR"))
            shared = shared_frontier_settings(settings)
        except CiteSeekerError as error:
            return cls(None, None, None, str(error))
        jobdir = settings.get("JOBDIR")
        storage = StorageGuard()
        ledger = ReportLedger(Path(jobdir) if jobdir else None,
                              distinct_papers=config.distinct_papers, storage=storage)
        try:
            lock, accepted = open_job_dir(jobdir, config, inputs, ledger)
        except CiteSeekerError as error:
            return cls(None, None, None, str(error))
        try:
            scratch = open_scratch(config.temp_dir, jobdir)
        except OSError as error:
            if lock is not None:
                lock.release()
            return cls(None, None, None, f"cannot make the scratch directory: {error}")
        try:
            session = open_recrawl(recrawl, jobdir)
        except OSError as error:
            remove_scratch(scratch)
            if lock is not None:
                lock.release()
            return cls(None, None, None, f"cannot read the re-crawl state: {error}")
        return cls(config, inputs, scope_of(config, inputs), providers=providers, lock=lock,
                   input_changes=tuple(accepted), storage=storage, ledger=ledger,
                   scratch=scratch, recrawl=session, site_search=site_search, render=render,
                   shared=shared)

    def close(self) -> None:
        """The crawl is over: its scratch files go, then the lock (so another crawl of the
        JOBDIR starts only when nothing of this one is left). Called at ``engine_stopped``."""
        if self.scratch is not None:
            remove_scratch(self.scratch)
        if self.lock is not None:
            self.lock.release()

    def config_or_defaults(self) -> CrawlConfig:
        """The settings, or the defaults when the job refused to start (components are still
        built then, and closed again before any request)."""
        return self.config or CrawlConfig.from_settings({})

    def search_spec(self) -> dict[str, Any]:
        """The crawl's citation search as plain values (``matching.citations.search_spec``):
        who builds it, the citation pipeline and the parser worker that matches small pages,
        builds the same search from it. The matcher's modules are loaded here, by the crawl
        that asks, not by every ``scrapy`` command that imports this module."""
        from citeseeker_scrapy.matching.citations import search_spec

        config = self.config_or_defaults()
        return search_spec(self.inputs.groups if self.inputs else (), MatcherSettings(
            method=config.method, scheme=config.scheme, fuzzy_limit=config.fuzzy_limit,
            part_length=config.part_length, min_author_distance=config.min_author_distance),
            config.header_length)


def open_job_dir(jobdir: str | None, config: CrawlConfig, inputs: CrawlInputs,
                 ledger: ReportLedger) -> tuple[JobDirLock | None, list[str]]:
    """One crawl per JOBDIR (its lock), and the same inputs on a resume: before
    any component writes there; then what earlier runs reported is read into ``ledger``.
    Raises a CiteSeekerError (the job refuses, exit status 2)."""
    if not jobdir:
        return None, []
    lock = JobDirLock.acquire(Path(jobdir))
    try:
        if remove_empty_spider_state(lock.jobdir):
            logger.warning("citeseeker: removed the empty spider.state a full disk left in %s",
                           jobdir)
        publications = list(dict.fromkeys(t for g in inputs.groups for t in g.publications))
        accepted = check_inputs(lock.jobdir, job_inputs(config, inputs), publications,
                                allow_changes=config.resume_changed_inputs)
        ledger.load()
    except CiteSeekerError:
        lock.release()
        raise
    except OSError as error:
        lock.release()
        raise StorageError(f"cannot write the job's inputs or read its state in {jobdir}: "
                           f"{error}") from error
    for change in accepted:
        logger.warning("citeseeker: resumed with changed inputs (CITESEEKER_RESUME_CHANGED_"
                       "INPUTS): %s", change)
    return lock, accepted


def open_recrawl(recrawl: RecrawlSettings, jobdir: str | None) -> RecrawlSession | None:
    """The crawl's :class:`RecrawlSession`. Opened only after the lock is taken, because it
    reads and writes this JOBDIR's record of its earlier runs (and reads the previous crawl's);
    None when there is nothing to record or re-crawl (no JOBDIR and no ``-a recrawl``)."""
    if not jobdir and recrawl.previous is None:
        return None
    return RecrawlSession(recrawl, Path(jobdir) if jobdir else None)


def check_rendering(settings: Any) -> RenderConfig:
    """The CITESEEKER_RENDER* settings; a bad value, or ``always`` with no browser, refuses the
    crawl (the render add-on only installs the browser when it can)."""
    render = RenderConfig.from_settings(settings)
    if render.mode == "always" and find_browser(render.browser_path) is None:
        where = render.browser_path or "chromium on PATH (Debian package 'chromium')"
        raise ConfigError(f"CITESEEKER_RENDER=always needs a browser, but {where} was not "
                          "found; install it or set CITESEEKER_BROWSER_PATH")
    return render


def shared_frontier_settings(settings: Any) -> SharedSettings | None:
    """The shared frontier's settings when CITESEEKER_FRONTIER=redis, else None; checked in
    either case, so a bad many-workers setting refuses a local crawl too."""
    shared = SharedSettings.from_settings(settings)
    return shared if frontier_kind(settings) == "redis" else None


def scope_of(config: CrawlConfig, inputs: CrawlInputs) -> LinkPolicy:
    """The crawl's URL rules: formats, domains, ``file://`` roots of the start points, traps,
    and whether links may lead to private addresses (``addresses.py``)."""
    return LinkPolicy(
        permitted_formats=config.permitted_formats,
        stay_within=inputs.stay_within,
        forbidden=inputs.forbidden,
        file_roots=tuple(file_root_of(u) for u in inputs.start_points
                         if u.lower().startswith("file:")),
        keep_query=config.keep_query,
        max_url_length=config.max_url_length,
        max_repeated_segments=config.max_repeated_segments,
        private_addresses=(config.allow_private_addresses
                           or any(is_private_url(url) for url in inputs.start_points)),
    )


def crawl_job(crawler: Any) -> CrawlJob:
    """The crawler's job, started by :func:`citeseeker_scrapy.job.start.start_crawl_job`;
    finds, never builds or starts. A crawler without one is a crawl set up without the add-on
    (or without its crawl-job extension). Who calls: every component but the three document
    pipelines, which start the job themselves when no extension did
    (:func:`~citeseeker_scrapy.job.start.start_crawl_job_unless_started`)."""
    job = getattr(crawler, CRAWLER_ATTRIBUTE, None)
    if job is None:
        raise RuntimeError("this crawler has no CiteSeeker job: enable the add-on "
                           "(ADDONS = {\"citeseeker_scrapy.addon.CiteSeeker\": 0}), whose "
                           "crawl-job extension starts it")
    return job


def append_to_feeds_of_resumed_job(settings: Any) -> list[str]:
    """``-O FEED`` on a resumed JOBDIR becomes ``-o FEED`` (append), with a warning; returns the
    feeds changed. Why: the earlier runs' items are in that feed and the resumed job will not
    find them again, so overwriting silently lost them (6 items became 2). A resumed JOBDIR is
    one with the job file of an earlier run. Called by the citeseeker spider's
    ``from_crawler``, after JOBDIR is known and before the feed exporter opens its files."""
    jobdir = settings.get("JOBDIR")
    if not jobdir or not (Path(jobdir) / JOB_FILE).is_file():
        return []
    feeds = settings.getdict("FEEDS")
    overwritten = [uri for uri, options in feeds.items() if (options or {}).get("overwrite")]
    if not overwritten:
        return []
    appended = {uri: {**(options or {}), "overwrite": uri not in overwritten}
                for uri, options in feeds.items()}
    settings.set("FEEDS", appended, priority=settings.getpriority("FEEDS") or "cmdline")
    for uri in overwritten:
        logger.warning("JOBDIR %s is resumed: items are appended to %s, not overwritten "
                       "(-O would lose what the earlier runs found; delete the file yourself "
                       "to start it anew)", jobdir, uri)
    return [str(uri) for uri in overwritten]
