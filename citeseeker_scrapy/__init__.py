"""CiteSeeker-Scrapy: crawl the web from start points and find who cites given publications.

The package is the core: input parsing, URL rules, the matcher, text extraction, the frontier
and the report files. It never imports the Scrapy components in ``spiders/``, ``pipelines/``
or ``middlewares/``; those are thin adapters that call into it.
"""

__version__ = "0.1.0"
