"""The report ledger (``citeseeker_scrapy/report/ledger.py``): each citation reported once per
job. One paper, one result: the same paper served four ways (and more) is reported once; its
other URLs are in duplicates.log, in ``also_at`` when they are in the same document, and a
resumed job still knows the documents (JOBDIR/reported.txt) and papers (JOBDIR/papers.txt) an
earlier run reported."""

from __future__ import annotations

import json
import re
import subprocess
import sys

from citeseeker_scrapy.document.item import DocumentItem
from citeseeker_scrapy.report.ledger import ReportLedger, read_papers, reported_papers
from citeseeker_scrapy.report.logs import DocumentHit, RunReport
from tests.support import docgen
from tests.support.crawl import PROJECT_ROOT, run_crawl
from tests.support.servers import SiteServer, write_site
from tests.support.docgen import page

TITLE = "Retrieving citations on the web"
ARGUMENTS = ("-a", "authors=Fiala", "-a", f"publications={TITLE}")


def duplicates(log_dir) -> list[tuple[str, str]]:
    path = log_dir / "duplicates.log"
    return [tuple(line.split("\t")) for line in path.read_text().splitlines()
            if not line.startswith("*****")]


def test_the_same_paper_four_ways_is_one_result(tmp_path) -> None:
    ps = docgen.postscript(docgen.paper_pages("citation crawling"))
    pdf = docgen.ghostscript_pdf(ps)
    mirror_root = write_site(tmp_path / "mirror", {"index.html": page("Mirror", "Copies.",
                                                                      ["pub/x.pdf"]),
                                                   "pub/x.pdf": pdf})
    with SiteServer(mirror_root) as mirror:
        files = {"index.html": page("Lab", "Papers.", [
                     "papers/x.pdf", "papers/x.zip", "old/x.pdf", "ps/x.ps", "ps/x.ps.gz",
                     mirror.url("/index.html")]),
                 "papers/x.pdf": pdf, "papers/x.zip": docgen.zip_bytes({"x.pdf": pdf}),
                 "final/x-2003.pdf": pdf, "ps/x.ps": ps,
                 "ps/x.ps.gz": docgen.gzip_bytes(ps, "x.ps")}
        root = write_site(tmp_path / "lab", files)
        with SiteServer(root, redirects={"/old/x.pdf": "/final/x-2003.pdf"}) as lab:
            result = run_crawl(tmp_path / "run", *ARGUMENTS,
                               "-a", f"startpoints={lab.url('/index.html')}")
    assert result.returncode == 0, result.output[-3000:]
    copies = {lab.url("/papers/x.pdf"), lab.url("/papers/x.zip/x.pdf"),
              lab.url("/final/x-2003.pdf"), lab.url("/ps/x.ps"), lab.url("/ps/x.ps.gz/x.ps"),
              mirror.url("/pub/x.pdf")}
    [document] = result.documents  # one citing document in the feed
    [row] = result.items
    first = DocumentItem(url=row["url"]).where(row["member"])
    assert first in copies
    # success.log: one line; duplicates.log: every other copy, pointing at the first
    lines = [line for line in result.log("success").splitlines() if line[:1].isdigit()]
    assert len(lines) == 1 and lines[0].split("\t")[1] == first
    assert sorted(duplicates(result.log_dir)) == sorted((copy, first) for copy in copies - {first})
    assert result.stats()["citeseeker/documents/duplicates"] == len(copies) - 1


def test_copies_inside_one_archive_are_listed_in_also_at(tmp_path) -> None:
    pdf = docgen.pdf(docgen.paper_pages())
    files = {"index.html": page("Lab", "Papers.", ["both.zip"]),
             "both.zip": docgen.zip_bytes({"a/paper.pdf": pdf, "b/paper.pdf": pdf})}
    with SiteServer(write_site(tmp_path / "site", files)) as site:
        result = run_crawl(tmp_path / "run", *ARGUMENTS,
                           "-a", f"startpoints={site.url('/index.html')}")
    [document] = result.documents
    assert [c["member"] for c in document["citations"]] == ["a/paper.pdf"]
    assert document["also_at"] == [site.url("/both.zip/b/paper.pdf")]


def test_a_resumed_job_remembers_the_papers_it_reported(tmp_path) -> None:
    pdf = docgen.pdf(docgen.paper_pages())
    jobdir = tmp_path / "job"
    with SiteServer(write_site(tmp_path / "a", {"x.pdf": pdf})) as first_site, \
            SiteServer(write_site(tmp_path / "b", {"copy.pdf": pdf})) as second_site:
        settings = {"JOBDIR": str(jobdir)}
        one = run_crawl(tmp_path / "one", *ARGUMENTS, "-a",
                        f"startpoints={first_site.url('/x.pdf')}", settings=settings)
        # other start points: a change of inputs the resume must be told to accept
        two = run_crawl(tmp_path / "two", *ARGUMENTS, "-a",
                        f"startpoints={second_site.url('/copy.pdf')}",
                        settings={**settings, "CITESEEKER_RESUME_CHANGED_INPUTS": "True"})
    assert [d["url"] for d in one.documents] == [first_site.url("/x.pdf")]
    assert len(read_papers(jobdir / "papers.txt")) == 1
    assert two.documents == []  # the copy on another server, after the resume: not again
    assert duplicates(two.log_dir) == [(second_site.url("/copy.pdf"), first_site.url("/x.pdf"))]
    # the job's report covers both runs: the first run's result, the copy as "also at"
    report = (two.log_dir / "report.html").read_text(encoding="utf-8")
    assert re.findall(r'data-count="(\d+)"', report) == ["1"]
    assert f"also at: <a href=\"{second_site.url('/copy.pdf')}\"" in report
    (two.log_dir / "report.html").unlink()
    done = subprocess.run([sys.executable, "-m", "scrapy", "citeseeker-report", str(jobdir),
                           "--quiet"], cwd=PROJECT_ROOT, capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stderr
    assert re.findall(r'data-count="(\d+)"', (two.log_dir / "report.html").read_text()) == ["1"]


def _item(url: str, *parts: tuple[str, str]) -> DocumentItem:
    item = DocumentItem(url=url)
    for member, key in parts:
        item.parts.append({"member": member, "fingerprint": key})
        item.citations.append({"member": member, "publication": "P"})
    return item


def test_the_ledger_keeps_the_first_copy_and_a_refetched_first_copy() -> None:
    ledger = ReportLedger()
    ledger.first_copy = {"k1" * 20: "http://a.org/x.pdf"}
    again = _item("http://a.org/x.pdf", ("", "k1" * 20))  # refetched after a kill: reported
    assert ledger.screen(again) is None
    assert again.citations and not again.duplicates
    mixed = _item("http://b.org/y.zip", ("x.pdf", "k1" * 20), ("new.pdf", "k2" * 20))
    assert ledger.screen(mixed) is None
    assert [c["member"] for c in mixed.citations] == ["new.pdf"]
    assert mixed.duplicates == [("http://b.org/y.zip/x.pdf", "http://a.org/x.pdf")]
    assert reported_papers(mixed) == [("k2" * 20, "http://b.org/y.zip/new.pdf")]
    copy = _item("http://c.org/z.pdf", ("", "k2" * 20))
    assert ledger.screen(copy) == "same text as http://b.org/y.zip/new.pdf: http://c.org/z.pdf"
    assert copy.citations == []


def test_every_copy_is_kept_when_distinct_papers_is_off() -> None:
    ledger = ReportLedger(distinct_papers=False)
    first, copy = _item("http://a.org/x.pdf", ("", "k1" * 20)), _item("http://b.org/x.pdf",
                                                                        ("", "k1" * 20))
    assert ledger.screen(first) is None and ledger.screen(copy) is None
    assert copy.citations and not copy.duplicates


def test_parts_an_earlier_run_reported_are_screened_out(tmp_path) -> None:
    (tmp_path / "reported.txt").write_text("http://a.org/y.zip/old.pdf\nhttp://a.org/1.html\n")
    ledger = ReportLedger(tmp_path)
    ledger.load()
    mixed = _item("http://a.org/y.zip", ("old.pdf", "k1" * 20), ("new.pdf", "k2" * 20))
    assert ledger.screen(mixed) is None
    assert [c["member"] for c in mixed.citations] == ["new.pdf"]
    page_again = _item("http://a.org/1.html", ("", "k3" * 20))
    assert ledger.screen(page_again) == ("reported by an earlier run of this job: "
                                         "http://a.org/1.html")


def test_recording_appends_documents_then_papers_and_each_once(tmp_path) -> None:
    ledger = ReportLedger(tmp_path / "job")
    item = _item("http://a.org/y.zip", ("a.pdf", "k1" * 20))
    ledger.record([item.where("a.pdf")], item)
    ledger.record([item.where("a.pdf")])  # recorded again (a recovery): not written twice
    assert (tmp_path / "job" / "reported.txt").read_text() == "http://a.org/y.zip/a.pdf\n"
    assert read_papers(tmp_path / "job" / "papers.txt") == {"k1" * 20: "http://a.org/y.zip/a.pdf"}
    reloaded = ReportLedger(tmp_path / "job")
    reloaded.load()
    assert reloaded.is_reported("http://a.org/y.zip/a.pdf")
    assert reloaded.first_copy == {"k1" * 20: "http://a.org/y.zip/a.pdf"}


def test_recovery_names_the_last_success_lines_a_kill_left_unrecorded(tmp_path) -> None:
    report = RunReport(tmp_path / "logs")
    for page_number in ("1", "2", "3"):
        report.success(f"http://a.org/{page_number}.html", "A paper",
                       [DocumentHit("Fiala", "P", "p", 1.0)])
    report.close()
    (tmp_path / "reported.txt").write_text("http://a.org/1.html\nhttp://a.org/2.html\nhttp://a.or")
    ledger = ReportLedger(tmp_path)
    ledger.load()  # the cut last line is dropped first
    assert ledger.recover(tmp_path / "logs" / "success.log") == ["http://a.org/3.html"]
    assert (tmp_path / "reported.txt").read_text().splitlines() == [
        "http://a.org/1.html", "http://a.org/2.html", "http://a.org/3.html"]


def test_a_papers_line_cut_by_a_kill_is_skipped(tmp_path) -> None:
    path = tmp_path / "papers.txt"
    path.write_text(f"{'a' * 40}\thttp://a.org/1.pdf\n{'b' * 40}\thttp://a.org/2.pdf\n{'c' * 17}")
    assert read_papers(path) == {"a" * 40: "http://a.org/1.pdf", "b" * 40: "http://a.org/2.pdf"}
    assert json.dumps(read_papers(tmp_path / "none.txt")) == "{}"


def test_a_recrawl_reports_only_citations_the_previous_crawl_did_not_have() -> None:
    ledger = ReportLedger()
    item = _item("http://a.org/y.zip", ("old.pdf", "k1" * 20), ("new.pdf", "k2" * 20))
    previous = [{"member": "old.pdf", "publication": "P"}]
    assert ledger.screen(item, previous) is None
    assert [(c["member"], c["status"]) for c in item.citations] == [("new.pdf", "new")]
    unchanged = _item("http://a.org/z.pdf", ("", "k3" * 20))
    assert ledger.screen(unchanged, [{"member": "", "publication": "P"}]) == (
        "no new citation since the previous crawl: http://a.org/z.pdf")
    first_seen = _item("http://a.org/w.pdf", ("", "k4" * 20))
    assert ledger.screen(first_seen, []) is None and first_seen.citations[0]["status"] == "new"
    not_a_recrawl = _item("http://a.org/v.pdf", ("", "k5" * 20))
    assert ledger.screen(not_a_recrawl) is None and "status" not in not_a_recrawl.citations[0]
