"""Item pipelines of the incremental re-crawl (``citeseeker_scrapy/recrawl``).

* :class:`UnchangedDocumentsPipeline` (50, before anything reads the body): a document the
  server said is unchanged (a 304, the previous body MD5, or a page of an unchanged site that
  was not requested at all) is dropped with the previous crawl's links, which the scheduler
  then follows as if the page had been read: the crawl still reaches what lies behind it. Its
  citations still hold and are not reported again.
* :class:`CrawlRecordPipeline` (340, after the citations): keeps every citation of a document
  for the crawl's state (what the next re-crawl compares with, and what tells a citation gone).
  Which of them are new is decided by the report ledger, asked by the report-once pipeline
  (350). Citations that disappeared are reported by the re-crawl extension (``status:
  gone``).

Both are off (NotConfigured) when the crawl records nothing (no JOBDIR, no ``-a recrawl``).
"""

from __future__ import annotations

from typing import Any

from scrapy.exceptions import DropItem, NotConfigured

from citeseeker_scrapy.document.item import DocumentItem
from citeseeker_scrapy.job.crawl_job import crawl_job


def _session_or_off(crawler: Any) -> Any:
    session = crawl_job(crawler).recrawl
    if session is None:  # also when the job refused to start
        # No JOBDIR and no -a recrawl: nothing to record. Silently: Scrapy logs a warning for
        # a NotConfigured with a message, and this is every plain crawl.
        raise NotConfigured
    return session


class UnchangedDocumentsPipeline:
    """See the module docstring."""

    def __init__(self, session: Any) -> None:
        self.session = session

    @classmethod
    def from_crawler(cls, crawler: Any) -> UnchangedDocumentsPipeline:
        session = _session_or_off(crawler)
        if not session.recrawling:
            raise NotConfigured  # not a re-crawl (silently, as above)
        return cls(session)

    def process_item(self, item: Any) -> Any:
        if not isinstance(item, DocumentItem) or not self.session.is_unchanged(item.url):
            return item
        item.links = list(self.session.previous(item.url).links)
        item.body = b""
        raise DropItem(f"unchanged since the previous crawl: {item.url}", log_level="DEBUG")


class CrawlRecordPipeline:
    """See the module docstring."""

    def __init__(self, session: Any) -> None:
        self.session = session

    @classmethod
    def from_crawler(cls, crawler: Any) -> CrawlRecordPipeline:
        return cls(_session_or_off(crawler))

    def process_item(self, item: Any) -> Any:
        if isinstance(item, DocumentItem):
            self.session.current[item.url] = list(item.citations)
        return item
