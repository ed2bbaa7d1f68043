"""The item of a re-crawl's citations that disappeared (a real item, not a forged signal).

Why an item of its own: a gone citation comes from no document searched in this crawl (the
document answered 404, no longer cites the work, or cites nothing and was dropped), so it must
not pass the text and citation pipelines, nor count as a searched document, nor be followed by
the frontier. As a type of its own every component tells it apart by what it is: the pipelines
and the frontier take only :class:`~citeseeker_scrapy.document.item.DocumentItem`, the feed
exports it (same fields: one row per citation, ``status`` ``gone``), the report extension
writes its success.log line.

Who makes it: the re-crawl spider middleware (``middlewares/recrawl_spider.py``), which yields
it in the output of the document's callback or errback, so it reaches the feed and the logs as
any scraped item does. Pure: no Scrapy.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from citeseeker_scrapy.urls import server_of

GONE = "gone"


@dataclass
class GoneCitations:
    """The citations of ``url`` that the previous crawl found and this one no longer does."""

    url: str
    citations: list[dict[str, Any]]
    server: str = ""
    also_at: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.server = self.server or server_of(self.url)
        self.citations = [{**citation, "status": GONE} for citation in self.citations]

    def where(self, member: str) -> str:
        """The original's name of a part: ``archive-url/member`` (as a document item's)."""
        return f"{self.url}/{member}" if member else self.url
