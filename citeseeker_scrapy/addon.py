"""The CiteSeeker add-on: one line in ``ADDONS`` wires every component of a citation crawl.

    ADDONS = {"citeseeker_scrapy.addon.CiteSeeker": 0}

What it sets (components named as dotted strings: the core never imports them):

* ``SCHEDULER`` — the per-server depth-first frontier (replaces Scrapy's scheduler and
  dupefilter), and the one gate of the crawl's URL scope;
* ``DOWNLOADER_MIDDLEWARES`` — ``file://`` directories, redirects marked for the scheduler's
  scope gate (in place of Scrapy's redirect middlewares; OffsiteMiddleware off: the scope
  decides what is in bounds);
* ``ITEM_PIPELINES`` — unpack archives (100) → extract text (200) → match citations (300) →
  each citation reported once per job (350: not by an earlier run, not a copy of a paper) →
  the citing work's ``work_id`` and self-citations (360);
* ``EXTENSIONS`` — the crawl-job extension, built first of all components (it checks the
  settings and inputs and takes the JOBDIR lock), the report extension (the original's log files, report.html), the progress
  line and live display, the download log filter (Scrapy's ERROR lines and tracebacks of a
  download that failed on the network lowered to DEBUG: the crawl's own line names the URL);
* Scrapy's remote control and cookie middleware, off by this project's settings, left out of
  Scrapy's base components (their imports alone would slow every start); turned on, they stay;
* ``LOG_FORMATTER`` — items logged as their URL and reason, never their text;
* ``DOWNLOAD_HANDLERS`` — http and https through Scrapy's aiohttp handler
  (``middlewares.http_handler``: C-parsed HTTP, no retry hidden from Scrapy);
* ``RETRY_EXCEPTIONS`` — Scrapy's list without the ``TunnelError`` of its HTTP/1.1 handler,
  which the crawl never uses (naming it imported that handler at every start);
* ``STATS_CLASS`` — Scrapy's in-memory stats without its per-call deprecation wrapper;
* feeds — local files written through item by item, CSV flat (one row per citation), the
  fields a document item shows in the feed;
* every ``CITESEEKER_*`` default (:func:`citeseeker_scrapy.settings_table.defaults`);
* JavaScript rendering: the render add-on (``middlewares.render.RenderAddon``, loaded by name)
  installs scrapy-playwright's handler and the render middleware when a browser is there.

Each is set at the ``addon`` priority: a project's own settings and ``-s`` options still win,
and a component set to ``None`` in the project stays off. The exit status 2 on bad input comes
from the project's ``crawl`` command (``COMMANDS_MODULE = "citeseeker_scrapy.commands"``), which
an add-on cannot install.
"""

from __future__ import annotations

from typing import Any

from scrapy.settings import SETTINGS_PRIORITIES
from scrapy.utils.misc import load_object

from citeseeker_scrapy.document.item import FEED_FIELDS
from citeseeker_scrapy.settings_table import defaults

COMPONENTS: dict[str, dict[str, int | None]] = {
    "DOWNLOADER_MIDDLEWARES": {
        "scrapy.downloadermiddlewares.offsite.OffsiteMiddleware": None,
        # robots.txt's Crawl-delay and Request-rate obeyed as well (its place: Scrapy's, 100)
        "scrapy.downloadermiddlewares.robotstxt.RobotsTxtMiddleware": None,
        "citeseeker_scrapy.middlewares.politeness.PoliteRobotsTxtMiddleware": 100,
        "citeseeker_scrapy.middlewares.file_directory.FileDirectoryMiddleware": 50,
        "citeseeker_scrapy.middlewares.document_type.DocumentTypeMiddleware": 550,  # the type, sniffed once
        "citeseeker_scrapy.middlewares.soft_404.Soft404Middleware": 540,  # pages like a made-up path's: dropped
        "scrapy.downloadermiddlewares.redirect.MetaRefreshMiddleware": None,
        "citeseeker_scrapy.middlewares.redirects.ScopedMetaRefreshMiddleware": 580,
        "scrapy.downloadermiddlewares.redirect.RedirectMiddleware": None,
        "citeseeker_scrapy.middlewares.redirects.ScopedRedirectMiddleware": 600,
        "citeseeker_scrapy.middlewares.conditional.ConditionalRequestMiddleware": 560,  # re-crawl
        "citeseeker_scrapy.middlewares.outages.ServerTroubleMiddleware": 570,  # before Scrapy's retry (550)
        "citeseeker_scrapy.middlewares.lease.LeaseCheckMiddleware": 990,  # Redis workers: fencing at send time
        "citeseeker_scrapy.middlewares.adaptive_concurrency.AdaptiveConcurrencyMiddleware": 950,
    },
    "SPIDER_MIDDLEWARES": {
        # the spider yields documents, not links: depth and URL length are the scope gate's
        # (CITESEEKER_MAX_DEPTH, _MAX_URL_LENGTH; Scrapy's DEPTH_LIMIT/URLLENGTH_LIMIT refused)
        "scrapy.spidermiddlewares.depth.DepthMiddleware": None,
        "scrapy.spidermiddlewares.urllength.UrlLengthMiddleware": None,
        # the start-request marker feeds Scrapy's own queues (the frontier has its own), and
        # the meta-copy check is a lint for hand-written spiders: each wrapped every item
        "scrapy.spidermiddlewares.start.StartSpiderMiddleware": None,
        "scrapy.spidermiddlewares.metacopy.MetaCopyDetectionMiddleware": None,
        "citeseeker_scrapy.middlewares.recrawl_spider.RecrawlSpiderMiddleware": 45,  # re-crawl: gone citations
    },
    "ITEM_PIPELINES": {
        "citeseeker_scrapy.pipelines.archives.UnpackArchivesPipeline": 100,
        "citeseeker_scrapy.pipelines.text.ExtractTextPipeline": 200,
        "citeseeker_scrapy.pipelines.citations.MatchCitationsPipeline": 300,
        "citeseeker_scrapy.pipelines.reported_once.ReportOncePipeline": 350,
        "citeseeker_scrapy.pipelines.works.CitingWorkPipeline": 360,
        "citeseeker_scrapy.pipelines.recrawl.UnchangedDocumentsPipeline": 50,   # re-crawl
        "citeseeker_scrapy.pipelines.recrawl.CrawlRecordPipeline": 340,         # re-crawl
    },
    "EXTENSIONS": {
        # the crawl's job (its checks, the JOBDIR lock): built before every other component
        "citeseeker_scrapy.extensions.crawl_job.CrawlJobExtension": -1000,
        "citeseeker_scrapy.extensions.report.ReportExtension": 500,
        "citeseeker_scrapy.extensions.progress.ProgressExtension": 510,
        "citeseeker_scrapy.extensions.recrawl.RecrawlExtension": 520,  # re-crawl state
        # Scrapy's ERROR lines of a network failure lowered to DEBUG (ours name the URL)
        "citeseeker_scrapy.extensions.download_log.DownloadLogExtension": 530,
        "scrapy.extensions.spiderstate.SpiderState": None,
        "citeseeker_scrapy.extensions.spider_state.DurableSpiderState": 0,  # spider.state whole or not at all
    },
}

DURABLE_FILES = "citeseeker_scrapy.extensions.feeds.DurableFileFeedStorage"
RENDER_ADDON = "citeseeker_scrapy.middlewares.render.RenderAddon"
#: http and https: Scrapy's aiohttp handler, lazy, without aiohttp's hidden retry (its module
#: says why); the render add-on puts the browser's handler in front of it.
HTTP_HANDLER = "citeseeker_scrapy.middlewares.http_handler.HttpHandler"
#: Raised only by Scrapy's HTTP/1.1 handler (by its proxy tunnel), which never downloads an
#: http or https request of a crawl whose handlers are ours. Named in ``RETRY_EXCEPTIONS``, it
#: made the retry middleware import that handler and its TLS stack at every crawl's start,
#: a noticeable part of a short crawl (``-X importtime`` shows it).
TUNNEL_ERROR = "scrapy.core.downloader.handlers.http11.TunnelError"
#: Scrapy's components that this project turns off by a setting (``settings.py``), each with
#: its base setting and that setting. Scrapy imports every component named in a base, on or
#: off: the remote control's module (an HTTP server that runs the Python sent to it) imports
#: aiohttp's web server, the cookie middleware's tldextract: time at every crawl's start for
#: components that are off.
OFF_BY_SETTING = {
    "scrapy.extensions.remote_control.RemoteControl": ("EXTENSIONS_BASE",
                                                       "REMOTE_CONTROL_ENABLED"),
    "scrapy.downloadermiddlewares.cookies.CookiesMiddleware": ("DOWNLOADER_MIDDLEWARES_BASE",
                                                               "COOKIES_ENABLED"),
}

PLAIN_SETTINGS: dict[str, Any] = {
    "SCHEDULER": "citeseeker_scrapy.scheduler.FrontierScheduler",
    # Scrapy's in-memory stats without the deprecation wrapper on every lookup
    # (extensions/stats_collector.py says why)
    "STATS_CLASS": "citeseeker_scrapy.extensions.stats_collector.PlainStatsCollector",
    # Scrapy starts CONCURRENT_ITEMS + 1 asyncio tasks per response, whatever it yields; a
    # response yields one document item (and, rarely, a few site-search requests), so one
    # worker does it all: every task more per page is CPU spent on nothing. Responses are
    # still processed side by side.
    "CONCURRENT_ITEMS": 1,
    # How many requests are out at once is the frontier's to find (servers crawled at once x
    # each server's connections, frontier/width.py); Scrapy's 16 would cap a crawl that waits
    # on the network at 16 answers in flight. This bounds the open connections (and sockets).
    "CONCURRENT_REQUESTS": 512,
    # Scrapy stops downloading while the responses being processed hold more than this many
    # bytes (its default, 5 MB, suits HTML). A single 10 MB PDF manual then holds every
    # download until it is read, and a parser worker idles. Each MiB here is a MiB of bodies
    # the crawler may hold: 12 MiB keeps both parser workers busy on documentation trees and
    # the process tree's peak under the 400 MiB bound (bench_realdocs.py measures both).
    "SCRAPER_SLOT_MAX_ACTIVE_SIZE": 12 * 1024 * 1024,
    "FEED_EXPORT_FIELDS": FEED_FIELDS,
    # a document is logged as its URL and reason, never its text (extensions/log_formatter.py)
    "LOG_FORMATTER": "citeseeker_scrapy.extensions.log_formatter.CiteSeekerLogFormatter",
    "FEED_EXPORT_ENCODING": "utf-8",
    **defaults(),
}


class CiteSeeker:
    """Scrapy add-on; see the module docstring."""

    def update_settings(self, settings: Any) -> None:
        for name, components in COMPONENTS.items():
            _add_components(settings, name, components)
        for name, value in PLAIN_SETTINGS.items():
            settings.set(name, value, priority="addon")
        storages = settings.getdict("FEED_STORAGES")
        for scheme in ("", "file"):
            storages.setdefault(scheme, DURABLE_FILES)
        settings.set("FEED_STORAGES", storages, priority="addon")
        exporters = settings.getdict("FEED_EXPORTERS")
        exporters.setdefault("csv", "citeseeker_scrapy.extensions.feeds.CitationCsvItemExporter")
        settings.set("FEED_EXPORTERS", exporters, priority="addon")
        settings["DOWNLOAD_HANDLERS"].update({"http": HTTP_HANDLER, "https": HTTP_HANDLER},
                                             priority="addon")
        _retry_without_the_tunnel_error(settings)
        _unnamed_while_off(settings)
        load_object(RENDER_ADDON)().update_settings(settings)


def _retry_without_the_tunnel_error(settings: Any) -> None:
    """Scrapy's ``RETRY_EXCEPTIONS`` without :data:`TUNNEL_ERROR`, when http and https are
    ours (the render add-on only puts the browser's handler in front of ours) and the list is
    Scrapy's default: a project's own list, or its own HTTP handler, keeps it as it is."""
    handlers = settings.getdict("DOWNLOAD_HANDLERS")
    if handlers.get("http") != HTTP_HANDLER or handlers.get("https") != HTTP_HANDLER:
        return
    if settings.getpriority("RETRY_EXCEPTIONS") != SETTINGS_PRIORITIES["default"]:
        return  # the project's or the command line's list
    kept = [name for name in settings.getlist("RETRY_EXCEPTIONS") if name != TUNNEL_ERROR]
    settings.set("RETRY_EXCEPTIONS", kept, priority="addon")


def _unnamed_while_off(settings: Any) -> None:
    """Scrapy's base components without those of :data:`OFF_BY_SETTING` whose setting is off.
    Why the base: Scrapy imports every component named in a base or its setting, also one set
    to ``None`` there. A project that turns one on keeps it."""
    for component, (base_setting, on_setting) in OFF_BY_SETTING.items():
        if settings.getbool(on_setting):
            continue
        base = settings.getdict(base_setting)
        if component in base:
            del base[component]
            settings.set(base_setting, base, priority="addon")


def _add_components(settings: Any, name: str, components: dict[str, int | None]) -> None:
    """Add to a component priority dict, keeping whatever the project said of a component."""
    current = settings.getdict(name)
    for path, order in components.items():
        current.setdefault(path, order)
    settings.set(name, current, priority=max(settings.getpriority(name) or 0, 15))
