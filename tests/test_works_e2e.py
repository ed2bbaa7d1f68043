"""The citing work in a real crawl: self-citations and versions in the feed, the report's
counts per work, ``new-citations.atom`` (read by feedparser), across a resume and a re-crawl."""

from __future__ import annotations

import shutil
from pathlib import Path

import feedparser
import pytest

from citeseeker_scrapy.report.alerts import ATOM_FILE
from citeseeker_scrapy.works.identity import WORKS_FILE
from tests.support.crawl import Crawl, CrawlResult
from tests.support.servers import SiteServer, write_site

CITED = "Retrieving citations on the web"
SEARCH = f"author=D. Fiala + Jezek\n{CITED}\n"
ENTRY = f"<p>References</p><p>[1] Fiala, D., Jezek, K.: {CITED}. Proc. 2003.</p>"


def paper(title: str, authors: list[str], doi: str = "", body: str = ENTRY) -> str:
    """An HTML paper with Highwire Press tags, citing the searched publication."""
    tags = [f'<meta name="citation_title" content="{title}">']
    tags += [f'<meta name="citation_author" content="{author}">' for author in authors]
    if doi:
        tags.append(f'<meta name="citation_doi" content="{doi}">')
    return (f"<html><head><title>{title}</title>{''.join(tags)}</head>"
            f"<body><h1>{title}</h1><p>Some text about crawling.</p>{body}</body></html>")


FIRST_SITE = {
    "index.html": '<a href="pre.html">a</a> <a href="pub.html">b</a> <a href="own.html">c</a> '
                  '<a href="namesake.html">d</a>',
    "pre.html": paper("Citation indexing on the web", ["Novák, Jana", "Peter Liu"]),
    "pub.html": paper("Citation Indexing on the Web.", ["J. Novák"], doi="10.1000/ABC.1"),
    "own.html": paper("Crawling scholarly servers again", ["Dalibor Fiala", "Ann Other"]),
    "namesake.html": paper("A namesake writes on crawling", ["Karl Fiala"]),
}


def crawl(workdir: Path, server: SiteServer, jobdir: Path, *extra: str) -> CrawlResult:
    workdir.mkdir(parents=True, exist_ok=True)
    (workdir / "searchstrings.txt").write_text(SEARCH, encoding="utf-8")
    return Crawl(workdir, ("-a", f"authors={workdir / 'searchstrings.txt'}",
                           "-a", f"startpoints={server.url('/')}", *extra),
                 {"JOBDIR": str(jobdir)}).run()


@pytest.fixture(scope="module")
def first(tmp_path_factory):
    tmp_path = tmp_path_factory.mktemp("works")
    root = write_site(tmp_path / "site", FIRST_SITE)
    with SiteServer(root) as server:
        result = crawl(tmp_path / "run1", server, tmp_path / "job")
        yield tmp_path, root, server, result


def by_page(result: CrawlResult) -> dict[str, dict]:
    return {document["url"].rsplit("/", 1)[1]: document for document in result.documents}


def test_the_feed_marks_self_citations_and_shares_a_work_id_between_versions(first) -> None:
    _, _, _, result = first
    assert result.returncode == 0, result.output[-3000:]
    pages = by_page(result)
    assert set(pages) == {"pre.html", "pub.html", "own.html", "namesake.html"}
    flags = {name: [c["self_citation"] for c in page["citations"]] for name, page in pages.items()}
    assert flags == {"pre.html": [False], "pub.html": [False], "own.html": [True],
                     "namesake.html": [False]}  # "Karl Fiala" is not "D. Fiala"
    ids = {name: page["work_id"] for name, page in pages.items()}
    assert ids["pre.html"] == ids["pub.html"]
    assert len({ids["pre.html"], ids["own.html"], ids["namesake.html"]}) == 3
    assert pages["pub.html"]["work"]["doi"] == "10.1000/abc.1"  # the work object is kept


def test_the_report_counts_works_and_the_atom_file_lists_each_once(first) -> None:
    _, _, _, result = first
    assert f"{CITED}: 4 citing documents, cited by 3 works (1 self-citation)" in result.output
    html = (result.log_dir / "report.html").read_text(encoding="utf-8")
    assert 'data-works="3" data-self="1"' in html
    parsed = feedparser.parse(str(result.log_dir / ATOM_FILE))
    assert not parsed.bozo and parsed.version == "atom10"
    titles = sorted(entry.title for entry in parsed.entries)
    assert len(titles) == 3 and "Crawling scholarly servers again" in titles
    versions = next(e for e in parsed.entries if e.title.lower().startswith("citation indexing"))
    assert sorted(link.href for link in versions.links) == sorted(
        [f"{first[2].url('/pre.html')}", f"{first[2].url('/pub.html')}"])
    assert [tag.term for tag in versions.tags] == [CITED]


def test_a_resume_doubles_nothing_and_a_recrawl_keeps_ids_and_alerts_only_news(first) -> None:
    tmp_path, root, server, result = first
    ids = {name: page["work_id"] for name, page in by_page(result).items()}
    map_lines = (tmp_path / "job" / WORKS_FILE).read_text().splitlines()
    resumed = crawl(tmp_path / "run1", server, tmp_path / "job")  # nothing new to report
    assert resumed.returncode == 0, resumed.output[-3000:]
    assert (tmp_path / "job" / WORKS_FILE).read_text().splitlines() == map_lines
    parsed = feedparser.parse(str(resumed.log_dir / ATOM_FILE))
    assert len(parsed.entries) == 3  # the job's works, each once
    # a month later: a third version of Novák's work and a new citing work
    write_site(root, {"index.html": FIRST_SITE["index.html"] + ' <a href="v3.html">e</a> '
                                                               '<a href="new.html">f</a>',
                      "v3.html": paper("Citation indexing on the web (extended)", ["Jana Novak"],
                                       doi="10.1000/abc.1"),
                      "new.html": paper("Yet another crawler", ["Wei Zhang"])})
    shutil.rmtree(tmp_path / "run2", ignore_errors=True)
    again = crawl(tmp_path / "run2", server, tmp_path / "job2", "-a",
                  f"recrawl={tmp_path / 'job'}")
    assert again.returncode == 0, again.output[-3000:]
    pages = by_page(again)
    assert pages["v3.html"]["work_id"] == ids["pub.html"]  # joined by the DOI, same id
    parsed = feedparser.parse(str(again.log_dir / ATOM_FILE))
    assert [entry.title for entry in parsed.entries] == ["Yet another crawler"]
