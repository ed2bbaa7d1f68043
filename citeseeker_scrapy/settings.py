"""Scrapy settings of the CiteSeeker-Scrapy project.

The CiteSeeker add-on (:mod:`citeseeker_scrapy.addon`) wires the scheduler, middlewares,
pipelines, extensions, feeds and every ``CITESEEKER_*`` default; another Scrapy project gets
the same with the one ``ADDONS`` line below. What stays here is this project's own choice:
politeness, timeouts, and the ``crawl`` command with CiteSeeker's exit status. Override any
setting with ``-s NAME=VALUE``.
"""

from citeseeker_scrapy.allocator import tune_allocator

# Big documents read in many threads: two malloc arenas, big blocks mmapped (allocator.py).
tune_allocator()

BOT_NAME = "citeseeker"
SPIDER_MODULES = ["citeseeker_scrapy.spiders"]
NEWSPIDER_MODULE = "citeseeker_scrapy.spiders"
COMMANDS_MODULE = "citeseeker_scrapy.commands"

ADDONS = {"citeseeker_scrapy.addon.CiteSeeker": 0}

USER_AGENT = "CiteSeeker-Scrapy/0.1 (citation crawler; +https://github.com/citeseeker-scrapy)"
ROBOTSTXT_OBEY = True

# Polite by default: a few requests per server at a time, as many servers at once as the
# responses waited for need (the add-on's CONCURRENT_REQUESTS is only a bound on connections).
CONCURRENT_REQUESTS_PER_DOMAIN = 4
DOWNLOAD_TIMEOUT = 60
DOWNLOAD_MAXSIZE = 64 * 1024 * 1024
DOWNLOAD_WARNSIZE = 16 * 1024 * 1024
REDIRECT_MAX_TIMES = 10
RETRY_TIMES = 1
TELNETCONSOLE_ENABLED = False
# Scrapy 2.19's remote control (an HTTP server on 127.0.0.1 that runs the Python sent to it,
# announced by a job file left in ~/.local/state/scrapy): off like the telnet console. A crawl
# writes nothing outside its own directories. (Off, the add-on also takes it out of the
# extensions: Scrapy imports every extension named, and this one imports aiohttp's web server.)
REMOTE_CONTROL_ENABLED = False
COOKIES_ENABLED = False
