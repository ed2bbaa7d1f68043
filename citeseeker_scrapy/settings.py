"""Scrapy settings of the CiteSeeker-Scrapy project.

Components are named as dotted strings (the core never imports them). Every ``CITESEEKER_*``
default comes from :data:`citeseeker_scrapy.config.DEFAULT_SETTINGS`, the single source of truth;
override any of them with ``-s NAME=VALUE``.
"""

from citeseeker_scrapy.allocator import tune_allocator
from citeseeker_scrapy.config import DEFAULT_SETTINGS

# Big documents read in many threads: two malloc arenas, big blocks mmapped (allocator.py).
tune_allocator()

BOT_NAME = "citeseeker"
SPIDER_MODULES = ["spiders"]
NEWSPIDER_MODULE = "spiders"

USER_AGENT = "CiteSeeker-Scrapy/0.1 (citation crawler; +https://github.com/citeseeker-scrapy)"
ROBOTSTXT_OBEY = True

# Polite by default: a few requests per server at a time, many servers at once.
CONCURRENT_REQUESTS = 16
CONCURRENT_REQUESTS_PER_DOMAIN = 4
DOWNLOAD_TIMEOUT = 60
DOWNLOAD_MAXSIZE = 64 * 1024 * 1024
DOWNLOAD_WARNSIZE = 16 * 1024 * 1024
REDIRECT_MAX_TIMES = 10
RETRY_TIMES = 1
TELNETCONSOLE_ENABLED = False
# Scrapy starts CONCURRENT_ITEMS tasks per response to process its output; a page yields a few
# citation items at most, and 100 tasks per page cost ~40% of the crawl's CPU (bench_crawl.py).
CONCURRENT_ITEMS = 16
COOKIES_ENABLED = False
FEED_EXPORT_ENCODING = "utf-8"
# Feed items reach the file one by one: a killed crawl keeps every item it reported.
EXTENSIONS = {"pipelines.durable_feeds.FlushFeedsAfterEachItem": 900}

# The thesis's per-server depth-first frontier replaces Scrapy's scheduler and dupefilter.
SCHEDULER = "citeseeker_scrapy.scheduler.FrontierScheduler"

DOWNLOADER_MIDDLEWARES = {
    # Scope is the LinkPolicy's job (stay-within/forbidden rules); Offsite only cost time.
    "scrapy.downloadermiddlewares.offsite.OffsiteMiddleware": None,
    "middlewares.policy.LinkPolicyMiddleware": 40,
    "middlewares.file_directory.FileDirectoryMiddleware": 50,
}

globals().update(DEFAULT_SETTINGS)
