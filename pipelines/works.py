"""Item pipeline 5 (360, after report-once): the citing work's id and its self-citations.

For every document about to be reported: each citation gets ``self_citation`` (the citing
work's authors include one of the cited group's authors: :mod:`citeseeker_scrapy.works.citing`)
and the item gets ``work_id``, shared by the versions of one work (a preprint and its published
version: :mod:`citeseeker_scrapy.works.identity`). The work is the item's ``work`` (its
title, authors, DOI, arXiv id), set by the citation stage; a document whose work has none of
them is a work of its own. After report-once, so only what is reported enters the job's map of ids
(``JOBDIR/works.tsv``), and on the reactor thread, one document at a time.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from citeseeker_scrapy.document.item import DocumentItem
from citeseeker_scrapy.job.crawl_job import crawl_job
from citeseeker_scrapy.works.citing import Group, mark_item
from citeseeker_scrapy.works.identity import WorkIds, work_keys


class CitingWorkPipeline:
    """Fills ``work_id`` and ``self_citation``; see the module docstring."""

    def __init__(self, ids: WorkIds, groups: list[Group]) -> None:
        self.ids = ids
        self.groups = groups

    @classmethod
    def from_crawler(cls, crawler: Any) -> CitingWorkPipeline:
        job = crawl_job(crawler)
        session = job.recrawl
        previous = session.settings.previous if session and session.recrawling else None
        groups = [(tuple(g.authors), tuple(g.publications))
                  for g in (job.inputs.groups if job.inputs else ())]
        state_dir = job.ledger.state_dir if job.ledger else None
        return cls(WorkIds(Path(state_dir) if state_dir else None, previous,
                           on_failure=job.storage.fail), groups)

    def close_spider(self) -> None:
        self.ids.close()

    def process_item(self, item: Any) -> Any:
        if not isinstance(item, DocumentItem) or not item.citations:
            return item
        mark_item(item, self.groups)
        item.work_id = self.ids.assign(work_keys(item.work), item.url)
        return item
