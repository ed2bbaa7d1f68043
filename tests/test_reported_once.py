"""The report-once pipeline, built from a crawler and called directly: what an earlier run, the
previous crawl or another copy of the paper reported is not reported again."""

from __future__ import annotations

from pathlib import Path

import pytest
from scrapy.exceptions import DropItem

from citeseeker_scrapy.document.item import DocumentItem
from citeseeker_scrapy.recrawl import DocumentRecord
from citeseeker_scrapy.recrawl.state import STATE_FILE, StateWriter
from citeseeker_scrapy.report.ledger import REPORTED_FILE
from citeseeker_scrapy.pipelines.reported_once import ReportOncePipeline
from tests.support.components import job_crawler

H = "http://127.0.0.1:8000"


def citing(url: str, *publications: str, fingerprint: str = "") -> DocumentItem:
    item = DocumentItem(url, body=b"", kind="pdf")
    item.parts = [{"member": "", "kind": "pdf", "text": "t", "fingerprint": fingerprint}]
    item.citations = [{"member": "", "publication": p, "header": "h"} for p in publications]
    return item


def test_a_document_an_earlier_run_reported_is_dropped(tmp_path: Path) -> None:
    jobdir = tmp_path / "job"
    jobdir.mkdir()
    (jobdir / REPORTED_FILE).write_text(f"{H}/old.pdf\n", encoding="utf-8")
    with job_crawler(JOBDIR=str(jobdir)) as crawler:
        pipeline = ReportOncePipeline.from_crawler(crawler)
        with pytest.raises(DropItem, match="reported by an earlier run of this job"):
            pipeline.process_item(citing(f"{H}/old.pdf", "A title"))
        fresh = citing(f"{H}/new.pdf", "A title")
        assert pipeline.process_item(fresh) is fresh and len(fresh.citations) == 1


def test_a_second_copy_of_a_paper_is_dropped_and_points_at_the_first(tmp_path: Path) -> None:
    with job_crawler() as crawler:
        pipeline = ReportOncePipeline.from_crawler(crawler)
        first = citing(f"{H}/a.pdf", "A title", fingerprint="f1")
        assert pipeline.process_item(first) is first
        with pytest.raises(DropItem, match=f"same text as {H}/a.pdf"):
            pipeline.process_item(citing(f"{H}/mirror/a.pdf", "A title", fingerprint="f1"))
        other = citing(f"{H}/b.pdf", "A title", fingerprint="f2")
        assert pipeline.process_item(other) is other


def test_without_distinct_papers_a_copy_is_reported_too() -> None:
    with job_crawler(CITESEEKER_DISTINCT_PAPERS=False) as crawler:
        pipeline = ReportOncePipeline.from_crawler(crawler)
        for url in (f"{H}/a.pdf", f"{H}/mirror/a.pdf"):
            item = citing(url, "A title", fingerprint="f1")
            assert pipeline.process_item(item) is item


def test_a_recrawl_reports_only_citations_the_previous_crawl_did_not_find(tmp_path: Path
                                                                           ) -> None:
    previous = tmp_path / "previous"
    writer = StateWriter(previous / STATE_FILE)
    writer.write(DocumentRecord(f"{H}/a.pdf", citations=[
        {"member": "", "publication": "A title", "header": "h"}]))
    writer.close()
    with job_crawler(JOBDIR=str(tmp_path / "now"),
                     CITESEEKER_RECRAWL_FROM=str(previous)) as crawler:
        pipeline = ReportOncePipeline.from_crawler(crawler)
        with pytest.raises(DropItem, match="no new citation since the previous crawl"):
            pipeline.process_item(citing(f"{H}/a.pdf", "A title"))
        item = pipeline.process_item(citing(f"{H}/a.pdf", "A title", "B title"))
        assert [(c["publication"], c["status"]) for c in item.citations] == [("B title", "new")]
        unseen = pipeline.process_item(citing(f"{H}/c.pdf", "A title"))
        assert [c["status"] for c in unseen.citations] == ["new"]   # a new document


def test_what_cites_nothing_or_is_no_document_passes_untouched() -> None:
    with job_crawler() as crawler:
        pipeline = ReportOncePipeline.from_crawler(crawler)
        silent = DocumentItem(f"{H}/x.pdf", body=b"", kind="pdf")
        assert pipeline.process_item(silent) is silent
        other = {"url": f"{H}/x.pdf"}
        assert pipeline.process_item(other) is other
