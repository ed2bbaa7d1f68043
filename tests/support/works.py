"""Log files of reported citing works, as the report extension writes them (for report,
export and alert tests that need no crawl)."""

from __future__ import annotations

from pathlib import Path

from citeseeker_scrapy.report.logs import DocumentHit, RunReport
from citeseeker_scrapy.works.citing import work_record

PUBLICATIONS = ("Paper one", "Paper two")


def write_logs(log_dir: Path, documents: list[tuple[str, str, dict, list[str]]],
               publications: tuple[str, ...] = PUBLICATIONS) -> None:
    """success.log and works.jsonl as the report extension writes them; ``documents`` are
    (where, work_id, work, self-cited publications), each citing every one of
    ``publications``."""
    report = RunReport(log_dir, debug=False)
    for where, work_id, work, selves in documents:
        hits = [DocumentHit("Fiala", p, p.lower(), 1.0) for p in publications]
        report.success(where, "header", hits)
        citations = [{"author": "Fiala", "publication": p,
                      "self_citation": p in selves} for p in publications]
        report.works([work_record(where, work_id, work, citations)])
    report.close()
