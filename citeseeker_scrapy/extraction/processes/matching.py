"""The crawl's citation search, run in worker processes so that matching uses every core.

Who calls it: the citation pipeline (``pipelines/citations.py``), from Scrapy's thread pool,
through :func:`citeseeker_scrapy.document.stages.find_citations` (it has the interface of
:class:`~citeseeker_scrapy.matching.citations.CitationSearch`). Why: in the crawler's process
the matcher holds the GIL, so HTML-only sites used one core. Texts shorter than
``min_chars`` are searched in the calling thread (sending them costs more than searching);
a worker that dies or times out on a text makes the calling thread search it instead, so
no citation is lost to a broken worker.
"""

from __future__ import annotations

import tempfile
from dataclasses import asdict
from pathlib import Path
from typing import Any, Sequence

from citeseeker_scrapy.exceptions import ExtractionError
from citeseeker_scrapy.extraction.processes.pool import WorkerPool
from citeseeker_scrapy.matching import AuthorGroup, MatcherSettings
from citeseeker_scrapy.matching.citations import CitationSearch

#: A text this long or longer is searched in a worker (a 2 KB page's text stays here).
MIN_WORKER_CHARS = 8 * 1024
#: Match processes. Why one: the parser workers already keep the other core busy, and on
#: bench_realdocs.py a second match process took the peak summed RSS from ~390 to 442 MiB
#: (the target is 400).
MATCH_WORKERS = 1
#: How long one text may take in a worker before it is searched here instead.
MATCH_TIMEOUT_SECONDS = 120.0


class CitationSearchProcesses:
    """:meth:`search_part` of ``search`` in ``workers`` processes (see the module docstring)."""

    def __init__(self, search: CitationSearch, groups: Sequence[AuthorGroup],
                 settings: MatcherSettings, *, workers: int, memory_bytes: int,
                 min_chars: int = MIN_WORKER_CHARS) -> None:
        self.search = search
        self.min_chars = min_chars
        spec = {"groups": [[list(g.authors), list(g.publications)] for g in groups],
                "settings": asdict(settings), "header_length": search.header_length}
        self.pool = WorkerPool(workers, memory_bytes, Path(tempfile.gettempdir()),
                               setup={"task": "setup", "matcher": spec}, role="match")

    @property
    def header_length(self) -> int:
        return self.search.header_length

    def search_part(self, member: str, text: str) -> tuple[list[dict[str, Any]], str]:
        """The citations of one part and its fingerprint, as ``CitationSearch.search_part``."""
        if len(text) < self.min_chars:
            return self.search.search_part(member, text)
        payload = text.encode("utf-8", "surrogatepass")
        try:
            header, _ = self.pool.run({"task": "match", "member": member}, payload,
                                      MATCH_TIMEOUT_SECONDS, len(text))
        except ExtractionError:
            return self.search.search_part(member, text)
        return header["citations"], header["fingerprint"]

    def close(self) -> None:
        """Stop the worker processes (the citation pipeline's ``close_spider``)."""
        self.pool.close()
