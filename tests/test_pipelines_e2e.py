"""The card's three item pipelines with a plain stock Scrapy spider (no CiteSeeker scheduler),
and the guarantee that links inside archives reach the frontier before a server completes."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support import docgen
from tests.support.crawl import PROJECT_ROOT, run_crawl
from tests.support.servers import SiteServer, write_site

TITLE = "Retrieving citations on the web"

#: About twenty lines, as a Scrapy user would write them: no CiteSeeker component but the item.
STOCK_SPIDER = '''
import scrapy
from citeseeker_scrapy.document.item import DocumentItem


class Papers(scrapy.Spider):
    name = "papers"

    def __init__(self, start="", **kwargs):
        super().__init__(**kwargs)
        self.start_urls = [start]

    def parse(self, response):
        yield DocumentItem.from_response(response)
        if response.url.endswith(".html"):
            for href in response.css("a::attr(href)").getall():
                yield response.follow(href, callback=self.parse)


class SeesCitations:
    """A stage added after the matcher: it sees every citing document."""

    def process_item(self, item):
        with open("seen.txt", "a") as seen:
            seen.write(f"{item.url} {len(item.citations)}\\n")
        return item
'''

PIPELINES = {"citeseeker_scrapy.pipelines.archives.UnpackArchivesPipeline": 100,
             "citeseeker_scrapy.pipelines.text.ExtractTextPipeline": 200,
             "citeseeker_scrapy.pipelines.citations.MatchCitationsPipeline": 300}


@pytest.fixture(scope="module")
def paper_pdf() -> bytes:
    return docgen.pdf(docgen.paper_pages("stock spiders"))


@pytest.fixture(scope="module")
def paper_ps() -> bytes:
    return docgen.postscript(docgen.paper_pages("postscript"))


def paper_site(root: Path, pdf: bytes, ps: bytes) -> Path:
    files = {
        "p.zip": docgen.zip_bytes({"inside.pdf": pdf}),
        "q.ps.gz": docgen.gzip_bytes(ps, name="q.ps"),
        "plain.html": docgen.html_page(f"D. Fiala. {TITLE}. In a plain page."),
        "other.html": docgen.html_page("Nothing to see here."),
    }
    files["index.html"] = docgen.html_page("Papers", list(files))
    return write_site(root, files)


def run_stock_spider(workdir: Path, start: str, pipelines: dict[str, int],
                     fields: str = "url,server,citations") -> list[dict]:
    """``scrapy runspider`` outside the project (no project settings), the feed as JSON lines."""
    workdir.mkdir(parents=True, exist_ok=True)
    (workdir / "papers.py").write_text(STOCK_SPIDER)
    command = [sys.executable, "-m", "scrapy", "runspider", "papers.py", "-a", f"start={start}",
               "-O", "out.jsonl", "-s", f"ITEM_PIPELINES={json.dumps(pipelines)}",
               "-s", "CITESEEKER_AUTHORS=Fiala", "-s", f"CITESEEKER_PUBLICATIONS={TITLE}",
               "-s", "CITESEEKER_STARTPOINTS=", "-s", f"FEED_EXPORT_FIELDS={fields}",
               "-s", "LOG_LEVEL=INFO"]
    env = dict(os.environ, PYTHONPATH=f"{PROJECT_ROOT}{os.pathsep}{workdir}")
    done = subprocess.run(command, cwd=workdir, env=env, capture_output=True, text=True,
                          timeout=180)
    assert done.returncode == 0, done.stderr[-3000:]
    return [json.loads(line) for line in (workdir / "out.jsonl").read_text().splitlines()]


def test_a_stock_spider_with_the_three_pipelines_finds_the_citations(
        tmp_path: Path, paper_pdf: bytes, paper_ps: bytes) -> None:
    after = {**PIPELINES, "papers.SeesCitations": 400}
    with SiteServer(paper_site(tmp_path / "site", paper_pdf, paper_ps)) as site:
        documents = run_stock_spider(tmp_path / "run", site.url("/index.html"), after)
    found = {(d["url"], c["member"], c["publication"]) for d in documents for c in d["citations"]}
    assert found == {(site.url("/p.zip"), "inside.pdf", TITLE),
                     (site.url("/q.ps.gz"), "q.ps", TITLE),
                     (site.url("/plain.html"), "", TITLE)}
    seen = (tmp_path / "run" / "seen.txt").read_text().split()
    assert sorted(seen[0::2]) == sorted(d["url"] for d in documents)   # the added stage saw them


def test_without_the_matcher_the_text_of_every_part_is_kept(
        tmp_path: Path, paper_pdf: bytes, paper_ps: bytes) -> None:
    two = {k: v for k, v in PIPELINES.items() if "Match" not in k}
    with SiteServer(paper_site(tmp_path / "site", paper_pdf, paper_ps)) as site:
        documents = run_stock_spider(tmp_path / "run", site.url("/index.html"), two,
                                     fields="url,parts")
    by_url = {d["url"]: d for d in documents}
    assert len(by_url) == 5   # every document, citing or not
    [zipped] = by_url[site.url("/p.zip")]["parts"]
    assert zipped["member"] == "inside.pdf" and zipped["kind"] == "pdf"
    assert f"Fiala, D.: {TITLE}" in " ".join(zipped["text"].split())
    [postscript] = by_url[site.url("/q.ps.gz")]["parts"]
    assert postscript["member"] == "q.ps" and "Fiala" in postscript["text"]


def test_links_inside_the_last_document_of_a_server_are_crawled(tmp_path: Path) -> None:
    """The server's last document is a zip whose HTML member links to two more documents: the
    frontier must hear of them before it completes the server."""
    member = docgen.html_page("Inside the bundle", ["more/a.html", "more/b.html"])
    files = {
        "index.html": docgen.html_page("Home", ["bundle.zip"]),
        "bundle.zip": docgen.zip_bytes({"page.html": member}),
        "more/a.html": docgen.html_page("A page with nothing."),
        "more/b.html": docgen.html_page(f"Fiala, D.: {TITLE}. Behind the archive."),
    }
    with SiteServer(write_site(tmp_path / "site", files)) as site:
        result = run_crawl(tmp_path / "run", "-a", "authors=Fiala", "-a", f"publications={TITLE}",
                           "-a", f"startpoints={site.base}/")
        fetched = [p for p in site.requests if p != "/robots.txt"]
    assert result.returncode == 0, result.output[-3000:]
    assert sorted(fetched) == ["/", "/bundle.zip", "/more/a.html", "/more/b.html"]
    assert result.hits() == {(site.url("/more/b.html"), TITLE)}
    assert result.log("completed").splitlines()[1:] == [site.base]
