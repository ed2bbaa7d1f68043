"""Every ``CITESEEKER_*`` setting, declared once: its name, type, default, check and one line
of doc.

Who reads it: the add-on publishes :func:`defaults` to Scrapy; the crawl job refuses any
``CITESEEKER_*`` name not in :data:`SETTINGS` (a typo); each typed group of settings
(:class:`citeseeker_scrapy.config.CrawlConfig`, the render, site-search, provider, re-crawl
and shared-frontier settings) reads its values through :func:`read`, which parses with the one
parser of the setting's type and applies its check; each setting's first line, type, default
and example in ``docs/settings.md`` are written from it by :mod:`citeseeker_scrapy.settings_doc`
(a test keeps the page equal). What a setting is (its kind's parser, bounds, check and how
the docs state it) is :mod:`citeseeker_scrapy.setting_kinds`'s. A rule that ties two
settings together (the lease and the sync interval) stays with its group.

Pure: no Scrapy import, so every group is testable with a plain dict of settings.
"""

from __future__ import annotations

import re
from typing import Any, Protocol

from .exceptions import ConfigError
from .setting_kinds import (
    BOOLEAN, CHOICE, DIRECTORY, INTEGER, MAPPING, NUMBER, OPTIONAL_INTEGER, TEXT, WORDS, Setting,
)


class SettingsLike(Protocol):
    """The part of scrapy.settings.BaseSettings we use (duck-typed: the core imports no Scrapy)."""

    def get(self, name: str, default: Any = None) -> Any: ...


# --- the table -------------------------------------------------------------------------------

#: A crawl name is one path segment: letters, digits, dot, dash, underscore; no leading dot.
CRAWL_NAME = re.compile(r"[A-Za-z0-9_][A-Za-z0-9._-]{0,99}")


def check_crawl_name(name: str, value: str) -> None:
    """A crawl name becomes a directory name: one safe path segment (job/directories.py)."""
    if value and not CRAWL_NAME.fullmatch(value):
        raise ConfigError(f"crawl name {value!r} (-a crawl= or {name}) must be letters, "
                          "digits, '.', '-' and '_', at most 100, not starting with '.'")


#: Table A1 of the thesis plus our additions.
ORIGINAL_FORMATS = (
    "htm html shtml dhtml xml php php3 php4 asp aspx txt rtf doc ppt pdf ps zip gz z tar tgz taz"
)
#: Formats the original did not know, read by the same machinery (docs/how-it-works.md).
MODERN_FORMATS = "xhtml jsp cfm docx pptx odt eps"
MIB = 1024 * 1024

_TABLE = (
    # inputs: the spider's arguments, carried as settings (None: not given, which differs from
    # an empty value: ``-a authors=`` is an error)
    Setting("CITESEEKER_AUTHORS", TEXT, None,
            doc="The search strings: a `searchstrings.txt` file, or inline author names (`Fiala "
                "+ Jezek`) whose titles come from `CITESEEKER_PUBLICATIONS`. Also `-a authors=`.",
            example='-a authors="Fiala + Jezek"',
            note="a file or inline names",
            default_doc="empty: the project's `inputs/searchstrings.txt`"),
    Setting("CITESEEKER_PUBLICATIONS", TEXT, None,
            doc="The titles searched for the inline authors, separated by `|`. Also `-a "
                "publications=`.",
            example='-a publications="Retrieving citations on the web|A system for citations '
                    'retrieval on the web"'),
    Setting("CITESEEKER_STARTPOINTS", TEXT, None,
            doc="Where the crawl starts: a file of URLs, one a line, or URLs separated by "
                "spaces. Also `-a startpoints=`.",
            example='-a startpoints="https://example.org/ https://example.org/lab/papers.html"',
            note="a file or inline URLs",
            default_doc="empty: the project's `inputs/startpoints.txt`"),
    Setting("CITESEEKER_STAYWITHIN", TEXT, None,
            doc="URL prefixes or wildcard domains (`.edu`) the crawl stays within. Also `-a "
                "staywithin=`.",
            example="-a staywithin=.example.org",
            note="a file or inline rules",
            default_doc="empty: the project's `inputs/staywithindomains.txt` if it has rules"),
    Setting("CITESEEKER_FORBIDDEN", TEXT, None,
            doc="URL prefixes or wildcard domains never crawled; used only when there are no "
                "stay-within rules. Also `-a forbidden=`.",
            example="-a forbidden=.example.com",
            note="a file or inline rules",
            default_doc="empty: the project's `inputs/forbiddendomains.txt` if it has rules"),
    # matching
    Setting("CITESEEKER_METHOD", CHOICE, "fuzzy",
            doc="`fuzzy` or `exact` title search (Table A1).",
            example="exact",
            choices=("fuzzy", "exact")),
    Setting("CITESEEKER_SCHEME", CHOICE, "improved",
            doc="`improved` matcher, or `original` (the thesis's Algorithm 7.3, the baseline).",
            example="original",
            choices=("improved", "original")),
    Setting("CITESEEKER_FUZZY_LIMIT", NUMBER, 0.75,
            doc="Minimum similarity of a hit (Table A1).",
            example="0.8",
            above=0, at_most=1),
    Setting("CITESEEKER_PART_LENGTH", INTEGER, 200,
            doc="Characters after an author occurrence searched for titles (Table A1).",
            example="400",
            at_least=1),
    Setting("CITESEEKER_MIN_AUTHOR_DISTANCE", INTEGER, 30,
            doc="Occurrences closer than this are one (Table A1; `original` scheme).",
            example="60",
            at_least=0),
    Setting("CITESEEKER_HEADER_LENGTH", INTEGER, 100,
            doc="Characters of the paper header.",
            example="200",
            at_least=0),
    Setting("CITESEEKER_DISTINCT_PAPERS", BOOLEAN, True,
            doc="Report each paper (same normalized text) once; `False`: every copy.",
            example="False"),
    # what is crawled
    Setting("CITESEEKER_PERMITTED_FORMATS", WORDS,
            tuple(f"{ORIGINAL_FORMATS} {MODERN_FORMATS}".split()),
            doc="Extensions followed.",
            example='"html htm pdf ps gz"',
            default_doc=f"Table A1 list + `{MODERN_FORMATS}`"),
    Setting("CITESEEKER_KEEP_QUERY", BOOLEAN, True,
            doc="Keep URL queries, sorted, session-like parameters (`sid`, `PHPSESSID`, "
                "`utm_*`...) dropped; `False`: remove them as the original did.",
            example="False"),
    Setting("CITESEEKER_MAX_URL_LENGTH", INTEGER, 512,
            doc="Longer URLs are skipped as traps. Scrapy's `URLLENGTH_LIMIT` is not read by "
                "this crawl: given, it is refused with a pointer here.",
            example="1024",
            at_least=1),
    Setting("CITESEEKER_MAX_REPEATED_SEGMENTS", INTEGER, 3,
            doc="`/a/a/a/a/` is a trap.",
            example="6",
            at_least=1),
    Setting("CITESEEKER_ALLOW_PRIVATE_ADDRESSES", BOOLEAN, False,
            doc="Follow links (and redirects) from public pages to the crawler's own networks: "
                "loopback (127/8, ::1, `localhost`), private (10/8, 172.16/12, 192.168/16, "
                "fc00::/7), link-local and cloud metadata (169.254/16, fe80::/10).",
            example="True"),
    Setting("CITESEEKER_CONCURRENT_SERVERS", INTEGER, 0,
            doc="The most servers crawled at once; `0`, the default, sets no bound of its own.",
            example="8",
            at_least=0),
    Setting("CITESEEKER_MAX_PENDING_DOCS", INTEGER, 10_000,
            doc="Pending documents kept per not-yet-crawled server (§6.3).",
            example="20000",
            at_least=1),
    Setting("CITESEEKER_MAX_DOCS_PER_SERVER", INTEGER, 50_000,
            doc="Documents fetched per server at most: the per-server budget (against crawler "
                "traps).",
            example="100000",
            at_least=1),
    Setting("CITESEEKER_TRAP_PAGES", INTEGER, 100,
            doc="This many HTML pages of one server alike (the same text once numbers are taken "
                "out), lying over a quarter as many link depths, end its crawl: a crawler trap.",
            example="500",
            at_least=1),
    Setting("CITESEEKER_MAX_DEPTH", INTEGER, 100,
            doc="Links followed inside one server, from its first document. Scrapy's "
                "`DEPTH_LIMIT` is not read by this crawl (the spider yields documents, the "
                "frontier follows their links): given, it is refused with a pointer here.",
            example="200",
            at_least=0),
    Setting("CITESEEKER_SKIP_FILE", TEXT, "",
            doc="Servers to skip.",
            example="/srv/crawl/skip.txt",
            default_doc="`JOBDIR/skip_servers.txt`, else `LOG_DIR/skip_servers.txt`"),
    Setting("CITESEEKER_UNREACHABLE_AFTER", INTEGER, 3,
            doc="Failures in a row that say a server is down before it is deferred.",
            example="5",
            at_least=1),
    Setting("CITESEEKER_DEFER_SECONDS", NUMBER, 30.0,
            doc="How long a server that is down waits before it is tried again (see "
                "`CITESEEKER_UNREACHABLE_AFTER`); doubled at each deferral, stretched by up to a "
                "quarter at random.",
            example="300",
            at_least=0,
            unit="seconds",
            default_doc="`30` (a server that stays down is tried for about four minutes: 30 + 60 "
                        "+ 120 s)"),
    Setting("CITESEEKER_DEFER_TIMES", INTEGER, 3,
            doc="How many times a server that is down is deferred before it is given up (its "
                "documents counted as not fetched).",
            example="5",
            at_least=0),
    Setting("CITESEEKER_DEFER_DEAD_START_POINTS", BOOLEAN, False,
            doc="Defer a start point that has not answered in this crawl and refuses connections "
                "(or whose name does not resolve) like any server that is down. Off: it is given "
                "up after `CITESEEKER_UNREACHABLE_AFTER` tries in a row, within seconds, named in "
                "the log, and the crawl goes on with its other start points.",
            example="True"),
    Setting("CITESEEKER_MAX_RETRY_AFTER", NUMBER, 120.0,
            doc="The longest `Retry-After` (of a `429` or `503` answer) the crawl waits for "
                "before it asks the server again; a longer one is cut to this.",
            example="600",
            at_least=0, unit="seconds"),
    Setting("CITESEEKER_MAX_CRAWL_DELAY", NUMBER, 30.0,
            doc="The longest robots.txt `Crawl-delay` (or `Request-rate` interval) obeyed.",
            example="60",
            at_least=0, unit="seconds"),
    Setting("CITESEEKER_ADAPTIVE_CONCURRENCY", BOOLEAN, True,
            doc="Per-server concurrency that adapts to what the server can take.",
            example="False"),
    # files, jobs and resume
    Setting("CITESEEKER_FLUSH_INTERVAL", INTEGER, 100,
            doc="Documents between JOBDIR checkpoints (Table A1).",
            example="200",
            at_least=1),
    Setting("CITESEEKER_RESUME_CHANGED_INPUTS", BOOLEAN, False,
            doc="Continue a resume whose inputs differ from the job's.",
            example="True"),
    Setting("CITESEEKER_LOG_DIR", DIRECTORY, "",
            doc="Where the `.log` files go.",
            example="/srv/crawl/logs",
            default_doc="empty: `logs`, under Scrapyd "
                        "`<logs_dir>/<project>/<spider>-files/<job>` (named crawl: "
                        "`.../crawl-NAME`)"),
    Setting("CITESEEKER_INPUTS_DIR", DIRECTORY, "",
            doc="Where the default input files are.",
            example="/srv/crawl/inputs",
            default_doc="empty: the project's `inputs/` (packaged in the egg/wheel)"),
    Setting("CITESEEKER_CRAWL", TEXT, "",
            doc="A named crawl (also `-a crawl=NAME`): JOBDIR is `CITESEEKER_CRAWLS_DIR/NAME`.",
            example="-a crawl=weekly",
            check=check_crawl_name),
    Setting("CITESEEKER_CRAWLS_DIR", TEXT, "",
            doc="Where named crawls keep their JOBDIR.",
            example="/srv/crawls",
            default_doc="empty: `crawls`, under Scrapyd `crawls/<project>/<spider>`"),
    Setting("CITESEEKER_TEMP_DIR", TEXT, "",
            doc="Where extraction's scratch files go: each crawl makes its own "
                "`citeseeker-<pid>@<host>@*` directory there (several crawls may share the "
                "setting; none empties another's).",
            example="/scratch/citeseeker",
            default_doc="empty: `JOBDIR/tmp`, or without JOBDIR a new directory in the system's "
                        "temp dir"),
    Setting("CITESEEKER_DEBUG_LOG", BOOLEAN, True,
            doc="Write `debug.log`.",
            example="False"),
    # extraction limits
    Setting("CITESEEKER_MAX_UNPACKED_BYTES", INTEGER, 200 * MIB,
            doc="Bytes unpacked from one document, all members.",
            example="524288000",
            above=0, unit="bytes"),
    Setting("CITESEEKER_MAX_COMPRESSION_RATIO", NUMBER, 200.0,
            doc="Unpacked/packed of one member (bombs).",
            example="400",
            above=0),
    Setting("CITESEEKER_MAX_ARCHIVE_MEMBERS", INTEGER, 10_000,
            doc="Members read per archive.",
            example="20000",
            above=0),
    Setting("CITESEEKER_MAX_ARCHIVE_DEPTH", INTEGER, 3,
            doc="Archives inside archives.",
            example="6",
            above=0),
    Setting("CITESEEKER_PDF_TIMEOUT", NUMBER, 60.0,
            doc="Seconds per PDF, RTF, DOC or PPT.",
            example="120",
            above=0, unit="seconds"),
    Setting("CITESEEKER_PS_TIMEOUT", NUMBER, 60.0,
            doc="Seconds per PostScript file (Ghostscript is killed).",
            example="120",
            above=0, unit="seconds"),
    Setting("CITESEEKER_PS_CPU_PER_PAGE", NUMBER, 1.0,
            doc="CPU seconds Ghostscript may use per page a PostScript file declares "
                "(`%%Pages:`; an EPS is one page; one page at least, also for `%%Pages: 0`); "
                "files that declare nothing get `CITESEEKER_PS_TIMEOUT`.",
            example="2.0",
            above=0, unit="CPU seconds"),
    Setting("CITESEEKER_WORKER_MEMORY", INTEGER, 1024 * MIB,
            doc="Address space of a parser process.",
            example="2147483648",
            above=0, unit="bytes"),
    Setting("CITESEEKER_MAX_TEXT_CHARS", INTEGER, 5_000_000,
            doc="Text kept per document part. A longer text keeps its start and its last fifth "
                "(the reference list closes a paper); the pages of a PDF between the two are not "
                "read, and the item's problems (errors.log) say the text was cut.",
            example="10000000",
            above=0),
    Setting("CITESEEKER_EXTRACTION_WORKERS", INTEGER, 2,
            doc='Parser processes for PDF, RTF and big (8 KiB or more) HTML, text and office '
                'parts. One more process, started with the first small page, reads and matches '
                'the small pages (docs/how-it-works.md, "Documents").',
            example="4",
            at_least=1),
    # report and progress
    Setting("CITESEEKER_PROGRESS_INTERVAL", NUMBER, 30.0,
            doc="Seconds between progress INFO lines (0: none).",
            example="60",
            at_least=0, unit="seconds"),
    Setting("CITESEEKER_PROGRESS_LIVE", BOOLEAN, True,
            doc="Live progress display when stderr is a terminal.",
            example="False"),
    Setting("CITESEEKER_REPORT_HTML", BOOLEAN, True,
            doc="Write `report.html` in the log directory at the end of a crawl.",
            example="False"),
    Setting("CITESEEKER_REPORT_EXCLUDE_SELF", BOOLEAN, False,
            doc="Leave self-citations (the citing work is by an author of the cited group) out "
                "of what the end of a crawl writes:",
            example="True"),
    # many workers on one Redis
    Setting("CITESEEKER_FRONTIER", CHOICE, "local",
            doc="`local` (memory, or SQLite in JOBDIR) or `redis` (many workers, one frontier).",
            example="redis",
            choices=("local", "redis")),
    Setting("CITESEEKER_REDIS_KEY", TEXT, "citeseeker",
            doc="Prefix of the job's keys in Redis; one job per prefix.",
            example="june-crawl"),
    Setting("CITESEEKER_REDIS_REUSE", BOOLEAN, False,
            doc="What a worker of a shared frontier (`CITESEEKER_FRONTIER=redis`) does when the "
                "job under `CITESEEKER_REDIS_KEY` has already finished (it started once, and "
                "nothing is pending, leased, pushed or being started).",
            example="True"),
    Setting("CITESEEKER_LEASE_SECONDS", NUMBER, 30.0,
            doc="A dead worker's servers are taken over after this; renewed every sync.",
            example="60",
            above=0, unit="seconds"),
    Setting("CITESEEKER_SYNC_SECONDS", NUMBER, 0.5,
            doc="Seconds between syncs with Redis (at most a third of the lease).",
            example="1.0",
            above=0, unit="seconds"),
    Setting("CITESEEKER_CLOSE_WHEN_IDLE", BOOLEAN, True,
            doc="Close when the whole shared job is done; `False`: wait for pushed start points.",
            example="False"),
    # re-crawl
    Setting("CITESEEKER_RECRAWL_FROM", TEXT, "",
            doc="The previous crawl's JOBDIR (also `-a recrawl=`): this crawl is a re-crawl.",
            example="-a recrawl=crawls/may"),
    Setting("CITESEEKER_RECRAWL", CHOICE, "auto",
            doc="How a re-crawl (`-a recrawl=PREVIOUS_JOBDIR`) decides which documents of the "
                "previous crawl to ask again.",
            example="pages",
            choices=("auto", "sites", "pages", "hybrid", "exhaustive")),
    Setting("CITESEEKER_RECRAWL_SPLIT", CHOICE, "directory",
            doc="Site split: `directory` (method A) or `links` (method B).",
            example="links",
            choices=("directory", "links")),
    # JavaScript pages
    Setting("CITESEEKER_RENDER", CHOICE, "auto",
            doc="`never`, `auto` (render pages that need it) or `always` (JavaScript pages).",
            example="never",
            choices=("never", "auto", "always")),
    Setting("CITESEEKER_RENDER_SERVERS", WORDS, "",
            doc="Servers rendered directly (`http://host:port` or a bare host; spaces or commas).",
            example='"https://app.example.org lab.example.com"'),
    Setting("CITESEEKER_RENDER_CONCURRENCY", INTEGER, 2,
            doc="Browser pages at once.",
            example="4",
            at_least=1),
    Setting("CITESEEKER_RENDER_TIMEOUT", NUMBER, 30.0,
            doc="Seconds for a page to reach DOMContentLoaded (and for each browser call).",
            example="60",
            above=0, unit="seconds"),
    Setting("CITESEEKER_RENDER_IDLE_TIMEOUT", NUMBER, 5.0,
            doc="Seconds waited for the network to be idle; `0`: no wait.",
            example="10",
            at_least=0, unit="seconds"),
    Setting("CITESEEKER_RENDER_SCROLLS", INTEGER, 3,
            doc='Scroll / "load more" rounds at most.',
            example="6",
            at_least=0),
    Setting("CITESEEKER_RENDER_RESTART_AFTER", INTEGER, 200,
            doc="Pages before the browser is restarted.",
            example="400",
            at_least=1),
    Setting("CITESEEKER_RENDER_KEEP_ALIVE", NUMBER, 30.0,
            doc="Seconds a browser with no page open is kept; then it is closed with "
                "Playwright's driver (started again when a page needs it).",
            example="60",
            at_least=0, unit="seconds"),
    Setting("CITESEEKER_RENDER_MIN_TEXT", INTEGER, 200,
            doc="Visible characters below which a scripted page is rendered.",
            example="400",
            at_least=0),
    Setting("CITESEEKER_BROWSER_PATH", TEXT, "",
            doc="The Chromium/Chrome executable.",
            example="/usr/bin/chromium",
            default_doc="empty: search `PATH`"),
    # search engines and citation indexes
    Setting("CITESEEKER_SEARCH", TEXT, None,
            doc="Search providers (`-a search=` wins).",
            example="-a search=searxng:http://127.0.0.1:8888"),
    Setting("CITESEEKER_SEARCH_TERMS", TEXT, "",
            doc="`|`-separated query terms (at most 10).",
            example='"Fiala citations|CiteSeeker"',
            default_doc="empty: built from the inputs"),
    Setting("CITESEEKER_SEARCH_OPERATOR", CHOICE, "AND",
            doc="`AND` or `OR` between terms.",
            example="OR",
            choices=("AND", "OR")),
    Setting("CITESEEKER_SEARCH_MAX_RESULTS", INTEGER, 10,
            doc="Results per query.",
            example="20",
            at_least=1),
    Setting("CITESEEKER_SEARCH_FILTER", BOOLEAN, True,
            doc="At most two results per server.",
            example="False"),
    Setting("CITESEEKER_SEARCH_RESULTS_PATH", TEXT, "results",
            doc="Generic JSON API: dotted path of the result list.",
            example="data.items"),
    Setting("CITESEEKER_SEARCH_URL_FIELD", TEXT, "url",
            doc="Generic JSON API: dotted path of a result's URL.",
            example="link"),
    Setting("CITESEEKER_SEARCH_HEADERS", MAPPING, "",
            doc="JSON object of headers for search APIs (keys).",
            example="""-s 'CITESEEKER_SEARCH_HEADERS={"X-API-Key": "..."}'"""),
    Setting("CITESEEKER_CITEDBY", TEXT, None,
            doc="Citation index (`-a citedby=` wins).",
            example="-a citedby=openalex"),
    Setting("CITESEEKER_CITEDBY_MAILTO", TEXT, "",
            doc="E-mail sent as `mailto` (OpenAlex's polite pool).",
            example="you@example.org"),
    Setting("CITESEEKER_CITEDBY_MAX_PAGES", INTEGER, 5,
            doc="Pages of citing works per publication.",
            example="10",
            at_least=1),
    Setting("CITESEEKER_CITEDBY_PER_PAGE", INTEGER, 50,
            doc="Citing works per page.",
            example="100",
            at_least=1),
    Setting("CITESEEKER_PROVIDER_TIMEOUT", NUMBER, 30.0,
            doc="Seconds per provider request.",
            example="60",
            above=0, unit="seconds"),
    # site search
    Setting("CITESEEKER_SITE_SEARCH", CHOICE, "first",
            doc="A server's own search form: `first` (its results first, then the whole server), "
                "`only` (results and entry pages only) or `off`.",
            example="only",
            choices=("first", "only", "off")),
    Setting("CITESEEKER_SITE_SEARCH_PROBE_PAGES", INTEGER, 3,
            doc="First HTML pages of a server looked at for a search form.",
            example="6",
            at_least=1),
    Setting("CITESEEKER_SITE_SEARCH_PAGES", INTEGER, 3,
            doc='Result pages fetched per query (the first and its "next" pages).',
            example="6",
            at_least=1),
    Setting("CITESEEKER_SITE_SEARCH_MAX_QUERIES", INTEGER, 10,
            doc="Queries sent to one server's search.",
            example="20",
            at_least=1),
    Setting("CITESEEKER_SITE_SEARCH_TITLE_WORDS", OPTIONAL_INTEGER, None,
            doc="`0`: query the surnames; N: each query is a surname and N distinctive words of "
                "a title.",
            example="3",
            at_least=0, default_doc="`0` in `first`, `2` in `only`"),
)

#: The table by name, in the order of docs/settings.md.
SETTINGS: dict[str, Setting] = {setting.name: setting for setting in _TABLE}


def defaults() -> dict[str, Any]:
    """Every setting's default, as the add-on publishes them to Scrapy."""
    return {name: (list(setting.default) if isinstance(setting.default, tuple)
                   else setting.default) for name, setting in SETTINGS.items()}


def default_of(name: str) -> Any:
    """A setting's default, for a group's dataclass field built without settings."""
    return SETTINGS[name].default


def choices_of(name: str) -> tuple[str, ...]:
    return SETTINGS[name].choices


def read(settings: SettingsLike, name: str) -> Any:
    """The setting ``name`` of ``settings`` (its default when absent), parsed and checked: a
    :class:`ConfigError` names the setting."""
    return SETTINGS[name].parse(settings.get(name))
