"""Scrapy's ``spider.state`` in JOBDIR, written whole or not at all.

Why: Scrapy's SpiderState extension writes ``JOBDIR/spider.state`` in place at close; on a
full disk it left a 0-byte file, and every later resume logged an error when reading it and
another at close. This subclass writes a temporary file and renames it (atomic), and
writes nothing once the job's storage guard has stopped the crawl (the previous state stays).
The add-on puts it in place of Scrapy's (``EXTENSIONS``).
"""

from __future__ import annotations

import os
import pickle
from typing import Any

from scrapy.exceptions import NotConfigured
from scrapy.extensions.spiderstate import SpiderState

from citeseeker_scrapy.job.crawl_job import crawl_job
from citeseeker_scrapy.storage import StorageGuard


class DurableSpiderState(SpiderState):
    """SpiderState with an atomic write; see the module docstring."""

    storage: StorageGuard

    @classmethod
    def from_crawler(cls, crawler: Any) -> DurableSpiderState:
        job = crawl_job(crawler)
        if job.error is not None:  # refused (maybe another crawl holds the JOBDIR): hands off
            raise NotConfigured("the crawl refused to start")
        extension = super().from_crawler(crawler)
        extension.storage = job.storage
        return extension

    def spider_closed(self, spider: Any) -> None:
        if not self.jobdir or self.storage.failed:
            return
        partial = f"{self.statefn}.part"
        try:
            with open(partial, "wb") as handle:
                pickle.dump(spider.state, handle, protocol=4)
            os.replace(partial, self.statefn)
        except OSError as error:
            self.storage.fail(self.statefn, error)
