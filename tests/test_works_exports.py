"""Exports (BibTeX, RIS, CSL-JSON) and ``new-citations.atom``, read back by real parsers: what a
reference manager or a feed reader would get."""

from __future__ import annotations

import argparse
import datetime as dt
import importlib
import io
import json
import subprocess
import sys
from pathlib import Path

import bibtexparser
import feedparser
import pytest
import rispy
from citeproc import (Citation, CitationItem, CitationStylesBibliography, CitationStylesStyle,
                      formatter)
from citeproc.source.json import CiteProcJSON
from scrapy.exceptions import UsageError
from scrapy.settings import Settings

from citeseeker_scrapy.report.results import read_results, remember_job, results_of
from citeseeker_scrapy.report.alerts import ATOM_FILE, atom_feed, write_alerts
from citeseeker_scrapy.report.export import export
from tests.support.crawl import PROJECT_ROOT
from tests.support.works import write_logs

PREPRINT = {"title": "Citation {indexing} on the web: 50% done", "authors":
            ["Jana Novák", "Laurens van der Maaten"], "arxiv": "arXiv:2101.00001v2"}
PUBLISHED = {"title": "Citation indexing on the web: 50% done", "authors": ["J. Novák"],
             "doi": "https://doi.org/10.1000/ABC.1", "venue": "JASIST", "year": 2022}
OTHER = {"title": "A survey of crawling", "authors": ["Wei Zhang"], "year": 2019}


@pytest.fixture
def logs(tmp_path: Path) -> Path:
    """Three documents: a preprint and its published version (one work, a self-citation of
    Paper one), and another work; each cites both papers."""
    write_logs(tmp_path, [("http://a.org/pre.pdf", "w1", PREPRINT, ["Paper one"]),
                          ("http://b.org/pub.html", "w1", PUBLISHED, ["Paper one"]),
                          ("http://c.org/s.ps.gz/s.ps", "w2", OTHER, [])])
    return tmp_path


def test_bibtex_one_entry_per_work(logs: Path) -> None:
    library = bibtexparser.parse_string(export(read_results(logs).works(), "bibtex"))
    assert not library.failed_blocks
    first, second = library.entries
    fields = {key: field.value for key, field in first.fields_dict.items()}
    assert first.entry_type == "article" and first.key == "novak2022citation"
    assert fields["title"] == "Citation indexing on the web: 50% done"  # its own braces gone
    assert fields["author"] == "Novák, Jana and van der Maaten, Laurens"
    assert (fields["year"], fields["journal"], fields["doi"], fields["eprint"]) == \
        ("2022", "JASIST", "10.1000/abc.1", "2101.00001")
    assert "http://a.org/pre.pdf" in fields["note"] and "http://b.org/pub.html" in fields["note"]
    assert "Paper one (self-citation)" in fields["note"]
    assert second.entry_type == "misc" and second.fields_dict["url"].value == "http://c.org/s.ps.gz"


def test_ris_one_entry_per_work(logs: Path) -> None:
    text = export(read_results(logs).works(), "ris")
    assert text.startswith("TY  - JOUR")  # no numbered header line before the first tag
    first, second = rispy.loads(text)
    assert first["title"] == PUBLISHED["title"] or first["title"] == PREPRINT["title"]
    assert first["authors"] == ["Novák, Jana", "van der Maaten, Laurens"]
    assert first["urls"] == ["http://b.org/pub.html", "http://a.org/pre.pdf"]  # published first
    assert (first["doi"], first["year"]) == ("10.1000/abc.1", "2022")
    assert second["type_of_reference"] == "GEN" and second["authors"] == ["Zhang, Wei"]


def test_csl_json_renders_with_citeproc(logs: Path) -> None:
    items = json.loads(export(read_results(logs).works(), "csljson"))
    source = CiteProcJSON(items)
    style = CitationStylesStyle("harvard-cite-them-right", validate=False)
    bibliography = CitationStylesBibliography(style, source, formatter.plain)
    for item in items:
        bibliography.register(Citation([CitationItem(item["id"])]))
    rendered = [str(entry) for entry in bibliography.bibliography()]
    assert any("Novák, J." in entry and "2022" in entry and "JASIST" in entry
               for entry in rendered), rendered
    assert items[0]["issued"] == {"date-parts": [[2022]]} and items[0]["DOI"] == "10.1000/abc.1"
    assert items[1]["author"] == [{"family": "Zhang", "given": "Wei"}]


def test_the_atom_feed_lists_each_new_work_once(logs: Path) -> None:
    now = dt.datetime(2026, 1, 2, 3, 4, 5, tzinfo=dt.timezone.utc)
    parsed = feedparser.parse(atom_feed(read_results(logs).works(), set(), feed_id="urn:x",
                                        now=now))
    assert not parsed.bozo and parsed.version == "atom10"
    first, second = parsed.entries
    assert first.title in (PREPRINT["title"], PUBLISHED["title"])
    assert [a.name for a in first.authors] == PREPRINT["authors"] or \
        [a.name for a in first.authors] == PUBLISHED["authors"]
    assert [link.href for link in first.links] == ["http://b.org/pub.html",
                                                   "http://a.org/pre.pdf"]
    assert sorted(tag.term for tag in first.tags) == ["Paper one", "Paper two"]
    assert "Cites: Paper one (self-citation)" in first.summary
    assert first.id != second.id and second.link == "http://c.org/s.ps.gz"


def test_a_recrawl_alerts_only_what_the_previous_crawl_did_not_have(tmp_path: Path) -> None:
    """The previous crawl had the preprint citing Paper one; the re-crawl finds the published
    version citing Paper one and Paper two, and a new work: the published version's entry
    names Paper two only."""
    previous_job, previous_logs = tmp_path / "job1", tmp_path / "logs1"
    remember_job(previous_job, previous_logs, ["Paper one", "Paper two"])
    write_logs(previous_logs, [("http://a.org/pre.pdf", "w1", PREPRINT, [])], ("Paper one",))
    assert set(results_of(previous_job).work_counts()) == {"Paper one"}
    job, logs = tmp_path / "job2", tmp_path / "logs2"
    remember_job(job, logs, ["Paper one", "Paper two"], recrawl_from=previous_job)
    assert results_of(job).previous_job == previous_job.resolve()
    write_logs(logs, [("http://b.org/pub.html", "w1", PUBLISHED, []),
                      ("http://c.org/s.ps.gz/s.ps", "w2", OTHER, [])])
    path = write_alerts(logs, results_of(job))
    assert path == logs / ATOM_FILE and not list(logs.glob("*.part"))
    parsed = feedparser.parse(path.read_text(encoding="utf-8"))
    assert not parsed.bozo
    entries = {entry.links[0].href: entry for entry in parsed.entries}
    assert [tag.term for tag in entries["http://b.org/pub.html"].tags] == ["Paper two"]
    assert sorted(tag.term for tag in entries["http://c.org/s.ps.gz"].tags) == \
        ["Paper one", "Paper two"]


def run_report(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "scrapy", "citeseeker-report", *args],
                          cwd=PROJECT_ROOT, capture_output=True, text=True, timeout=120)


def report_command(capsys: pytest.CaptureFixture, *argv: str) -> tuple[int, str, str]:
    """The command run in this process (as Scrapy runs it: options parsed, then ``run``):
    its exit code, stdout and stderr."""
    command = importlib.import_module("citeseeker_scrapy.commands.citeseeker-report").Command()
    command.settings = Settings()
    parser = argparse.ArgumentParser()
    command.add_options(parser)
    opts, args = parser.parse_known_args(argv)
    command.run(args, opts)
    captured = capsys.readouterr()
    return command.exitcode, captured.out, captured.err


def test_the_command_exports_a_publication_without_self_citations(logs: Path) -> None:
    """The real command line: an export to a file, then one to stdout."""
    out = logs / "works.bib"
    done = run_report(str(logs), "--format", "bibtex", "--publication", "paper ONE",
                      "--exclude-self", "-o", str(out))
    assert done.returncode == 0, done.stderr
    entries = bibtexparser.parse_string(out.read_text(encoding="utf-8")).entries
    assert [e.fields_dict["title"].value for e in entries] == [OTHER["title"]]
    done = run_report(str(logs), "--format", "ris", "-o", "-")
    assert len(rispy.load(io.StringIO(done.stdout))) == 2
    assert "ris: 2 citing works" in done.stderr


def test_the_command_refuses_an_unknown_publication_and_a_format_without_output(
        logs: Path, capsys: pytest.CaptureFixture) -> None:
    code, _, err = report_command(capsys, str(logs), "--format", "ris", "--publication",
                                  "Paper three", "-o", str(logs / "x.ris"))
    assert code == 2 and "Paper one; Paper two" in err
    assert not (logs / "x.ris").exists()
    with pytest.raises(SystemExit):
        report_command(capsys, str(logs), "--format", "endnote", "-o", str(logs / "x"))
    assert "invalid choice" in capsys.readouterr().err
    with pytest.raises(UsageError, match="-o FILE"):
        report_command(capsys, str(logs), "--format", "ris")


def test_the_command_writes_the_report_with_work_counts_and_the_atom_file(
        logs: Path, capsys: pytest.CaptureFixture) -> None:
    code, out, _ = report_command(capsys, str(logs), "--rows", "0")
    assert code == 0
    assert "Paper one: 3 citing documents, cited by 2 works (1 self-citation)" in out
    html = (logs / "report.html").read_text(encoding="utf-8")
    assert 'data-works="2" data-self="1"' in html and 'id="hide-self"' in html
    assert '<td class="num works">2 (1)</td>' in html  # the group's citing works (self)
    assert not feedparser.parse(str(logs / ATOM_FILE)).bozo
    _, out, _ = report_command(capsys, str(logs), "--exclude-self", "--rows", "0")
    assert "Paper one: 1 citing document, cited by 1 work (0 self-citations)" in out
