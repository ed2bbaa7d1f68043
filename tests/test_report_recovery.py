"""A resumed job's report files are made to agree after a kill -9 (report extension)."""

from __future__ import annotations

import json
from pathlib import Path

from scrapy.utils.test import get_crawler

from citeseeker_scrapy.report.logs import RunReport, DocumentHit
from citeseeker_scrapy.extensions.report import ReportExtension
from tests.support.components import started

CITATION = {"member": "", "header": "A paper", "author": "Fiala",
            "publication": "Retrieving citations on the web",
            "found": "retrieving citations on the web", "similarity": 1.0}


def extension_for(tmp_path: Path, feed: Path, **settings: str) -> ReportExtension:
    crawler = started(get_crawler(settings_dict={
        "JOBDIR": str(tmp_path / "job"), "CITESEEKER_LOG_DIR": str(tmp_path / "logs"),
        "FEEDS": {str(feed): {"format": "jsonlines"}},
        "CITESEEKER_AUTHORS": "Fiala", "CITESEEKER_PUBLICATIONS": CITATION["publication"],
        "CITESEEKER_STARTPOINTS": "", "CITESEEKER_PROGRESS_LIVE": "False", **settings}))
    return ReportExtension.from_crawler(crawler)


def success_wheres(tmp_path: Path) -> list[str]:
    lines = (tmp_path / "logs" / "success.log").read_text().splitlines()
    return [line.split("\t")[1] for line in lines if line[:1].isdigit()]


def test_a_document_in_the_feed_but_not_in_the_report_is_reported_on_resume(tmp_path) -> None:
    """Killed between the feed and success.log: the feed wins, nothing is reported twice."""
    feed = tmp_path / "citations.jsonl"
    documents = [{"url": "http://a.org/1.html", "server": "http://a.org", "citations": [CITATION]},
                 {"url": "http://a.org/z.zip", "server": "http://a.org",
                  "citations": [{**CITATION, "member": "p.pdf"}]}]
    feed.write_text("".join(json.dumps(d) + "\n" for d in documents) + '{"url": "http://a.or')
    report = RunReport(tmp_path / "logs")
    report.success("http://a.org/1.html", "A paper", [DocumentHit(
        "Fiala", CITATION["publication"], CITATION["found"], 1.0)])
    report.close()
    (tmp_path / "job").mkdir()
    (tmp_path / "job" / "reported.txt").write_text("http://a.org/1.html\n")
    extension_for(tmp_path, feed)
    assert success_wheres(tmp_path) == ["http://a.org/1.html", "http://a.org/z.zip/p.pdf"]
    reported = (tmp_path / "job" / "reported.txt").read_text().splitlines()
    assert reported == ["http://a.org/1.html", "http://a.org/z.zip/p.pdf"]
    extension_for(tmp_path, feed)   # a second resume changes nothing
    assert len(success_wheres(tmp_path)) == 2


def test_a_document_in_success_log_but_not_in_reported_txt_is_named(tmp_path) -> None:
    """Killed between success.log and reported.txt."""
    report = RunReport(tmp_path / "logs")
    for page in ("1", "2"):
        report.success(f"http://a.org/{page}.html", "A paper", [DocumentHit(
            "Fiala", CITATION["publication"], CITATION["found"], 1.0)])
    report.close()
    (tmp_path / "job").mkdir()
    (tmp_path / "job" / "reported.txt").write_text("http://a.org/1.html\n")
    extension_for(tmp_path, tmp_path / "no-feed.jsonl")
    reported = (tmp_path / "job" / "reported.txt").read_text().splitlines()
    assert reported == ["http://a.org/1.html", "http://a.org/2.html"]
    assert len(success_wheres(tmp_path)) == 2


def test_a_feed_of_an_earlier_run_is_recovered_too(tmp_path) -> None:
    """Each Scrapyd job writes its own items file: the next run of the same JOBDIR still reads
    the earlier one back."""
    first = tmp_path / "items-1.jsonl"
    first.write_text(json.dumps({"url": "http://a.org/1.html", "server": "http://a.org",
                                 "citations": [CITATION]}) + "\n")
    extension_for(tmp_path, first)                      # run 1 (its feed is remembered)
    (tmp_path / "logs" / "success.log").unlink()        # as if killed before success.log
    (tmp_path / "job" / "reported.txt").unlink()
    extension_for(tmp_path, tmp_path / "items-2.jsonl")  # run 2, another items file
    assert success_wheres(tmp_path) == ["http://a.org/1.html"]


def test_a_recovered_document_keeps_its_work_and_self_citations(tmp_path) -> None:
    """Killed between the feed and success.log: works.jsonl gets the feed's work, work_id and
    self-citations too, so the report and the alerts count the document as the feed has it."""
    from citeseeker_scrapy.report.results import results_of

    feed = tmp_path / "citations.jsonl"
    work = {"title": "Own work", "authors": ["Dalibor Fiala"], "year": 2004}
    feed.write_text(json.dumps({"url": "http://a.org/own.html", "server": "http://a.org",
                                "citations": [{**CITATION, "self_citation": True}],
                                "work": work, "work_id": "w0123456789abcdef"}) + "\n")
    extension_for(tmp_path, feed).spider_closed(None, "finished")
    [document] = results_of(tmp_path / "job").documents
    assert (document.work_id, document.work, document.title) == \
        ("w0123456789abcdef", work, "Own work")
    assert results_of(tmp_path / "job").work_counts() == {CITATION["publication"]: (1, 1)}


def test_the_end_of_a_crawl_can_leave_self_citations_out(tmp_path) -> None:
    """CITESEEKER_REPORT_EXCLUDE_SELF: report.html and the alerts without the self-citing
    work; the feed and works.jsonl keep it."""
    import feedparser

    feed = tmp_path / "citations.jsonl"
    feed.write_text(json.dumps({"url": "http://a.org/own.html", "server": "http://a.org",
                                "citations": [{**CITATION, "self_citation": True}],
                                "work": {"title": "Own work", "authors": ["Dalibor Fiala"]},
                                "work_id": "w0123456789abcdef"}) + "\n")
    extension = extension_for(tmp_path, feed, CITESEEKER_REPORT_EXCLUDE_SELF="True")
    extension.spider_closed(None, "finished")
    html = (tmp_path / "logs" / "report.html").read_text(encoding="utf-8")
    assert "No citing work found." in html and "1 publication never cited" in html
    assert feedparser.parse(str(tmp_path / "logs" / "new-citations.atom")).entries == []
    assert "w0123456789abcdef" in (tmp_path / "logs" / "works.jsonl").read_text()
