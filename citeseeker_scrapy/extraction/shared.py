"""The crawl's one :class:`~.extractor.DocumentExtractor`, found by the components that use it.

Why: the text pipeline owns the extractor (its parser processes, its scratch directory), and
the render middleware must read scripted pages with the same extractor so that the text stage
does not read them again (``read_ahead.py``). Adapters do not import each other, so the
pipeline puts its extractor in the crawl job's :class:`SharedExtractor`
(:attr:`citeseeker_scrapy.job.crawl_job.CrawlJob.extractor`), and the middleware finds it there.

Who calls it: ``pipelines/text.py`` (:meth:`SharedExtractor.share` when the spider opens,
:meth:`SharedExtractor.withdraw` when it closes) and ``middlewares/render.py``
(:attr:`SharedExtractor.current`).
"""

from __future__ import annotations

from .extractor import DocumentExtractor


class SharedExtractor:
    """One crawl's extractor while its text stage has it open; see the module docstring."""

    def __init__(self) -> None:
        self._extractor: DocumentExtractor | None = None

    def share(self, extractor: DocumentExtractor) -> None:
        """``extractor`` is the crawl's until :meth:`withdraw`."""
        self._extractor = extractor

    def withdraw(self) -> None:
        self._extractor = None

    @property
    def current(self) -> DocumentExtractor | None:
        """The extractor the crawl's text stage uses, or None (no text pipeline, or closed)."""
        return self._extractor
