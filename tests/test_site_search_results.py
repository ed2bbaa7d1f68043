"""Reading a site-search result page by its structure, and landing pages: the core
rules on the pages of the generated web (``tests/support/search_web.py``) and on hand-written pages."""

from __future__ import annotations

import json
import re

import pytest

from citeseeker_scrapy.site_search.forms import NO_HITS_QUERY
from citeseeker_scrapy.site_search.landing import landing_documents
from citeseeker_scrapy.site_search.results import page_links, read_result_page
from tests.support.search_web import KINDS, POPULAR_LISTED, generate, ranked, results_page

BASE = "http://h.example"
SERVERS = {server.kind: server for server in generate(KINDS, seed=3, documents=40)}


def as_rendered(html: str) -> str:
    """What the browser shows of a ``script`` page (its data written into the page)."""
    data = re.search(r"var data = (\{.*\});", html)
    if data is None:
        return html
    values = json.loads(data.group(1))
    return f"<html><body><div id=app><p>{values['summary']}</p>{values['rows']}</div></body></html>"


def read(kind: str, query: str, page: int, *, probe: bool = True) -> list[str]:
    server = SERVERS[kind]
    no_hits = (page_links(as_rendered(results_page(server, NO_HITS_QUERY, 1)), BASE + "/search")
               if probe else ())
    found = read_result_page(as_rendered(results_page(server, query, page)),
                             f"{BASE}/search?q={query}", query,
                             template=page_links(server.pages["/"], BASE + "/"),
                             no_hits=no_hits, search_url=BASE + "/search")
    return [result.url[len(BASE):] for result in found.results]


@pytest.mark.parametrize("probe", [True, False], ids=["with-probe", "form-page-only"])
@pytest.mark.parametrize("kind", KINDS)
def test_every_kind_of_result_page_is_read_in_rank_order(kind: str, probe: bool) -> None:
    server = SERVERS[kind]
    for query in ("Fiala", "Jezek", "Kokaram", "Fiala Retrieving citations"):
        expected = ranked(server, query)
        for page in (1, 2):
            assert read(kind, query, page, probe=probe) == expected[(page - 1) * 5: page * 5]
    if kind != "empty":
        assert read(kind, "Fiala", 1)  # the test reads something


@pytest.mark.parametrize("kind", KINDS)
def test_a_page_of_no_results_lists_nothing_though_it_shows_popular_papers(kind: str) -> None:
    server = SERVERS[kind]
    page = as_rendered(results_page(server, "Nobody", 1))
    assert all(path in page for path in server.popular[:POPULAR_LISTED])
    found = read_result_page(page, BASE + "/search?q=Nobody", "Nobody",
                             template=page_links(server.pages["/"], BASE + "/"))
    assert (found.results, found.empty) == ((), True)


def test_a_box_every_result_page_shows_is_not_a_result() -> None:
    """Without a "no results" phrase, the page of no results tells the furniture apart."""
    box = ("<div class=side><h4>Recent</h4><ul><li><a href='/news/1.html'>Open day</a></li>"
           "<li><a href='/news/2.html'>New grant</a></li><li><a href='/news/3.html'>Seminar "
           "series</a></li></ul></div>")
    hits = "".join(f"<p class=hit><a href='/d/{n}.pdf'>Paper {n}</a></p>" for n in (7, 9))
    page = f"<html><body><a href='/'>Home</a>{box}<div id=results>{hits}</div></body></html>"
    empty = f"<html><body><a href='/'>Home</a>{box}<div id=results></div></body></html>"
    found = read_result_page(page, BASE + "/search?q=x", "x", template={BASE + "/"},
                             no_hits=page_links(empty, BASE + "/search?q=" + NO_HITS_QUERY))
    assert [r.url for r in found.results] == [BASE + "/d/7.pdf", BASE + "/d/9.pdf"]


def test_one_result_per_item_the_document_before_its_record() -> None:
    page = ("<html><body><ol>" + "".join(
        f"<li><a href='/record/{n}'>Title {n} of a paper</a> <a href='/files/{n}.pdf'>PDF</a>"
        f" <a href='/search?q=x&amp;similar={n}'>Similar</a></li>" for n in (1, 2, 3)) +
        "</ol><a href='/search?q=x&amp;page=2'>2</a></body></html>")
    found = read_result_page(page, BASE + "/search?q=x", "x", search_url=BASE + "/search")
    assert [(r.url, r.title) for r in found.results] == [
        (f"{BASE}/files/{n}.pdf", f"Title {n} of a paper") for n in (1, 2, 3)]


@pytest.mark.parametrize("label, offered", [
    ("<a href='/files/p5-retrieving-citations-web.pdf'>p5-retrieving-citations-web.pdf</a>",
     ["/files/p5-retrieving-citations-web.pdf"]),
    ("<a href='/bitstream/5/paper.pdf'>Retrieving citations (full text)</a>",
     ["/bitstream/5/paper.pdf"]),
    # the page's heading names the title: the few documents it offers
    ("<h1>Retrieving citations on the web</h1><a href='/b/5/1.pdf'>Download</a>",
     ["/b/5/1.pdf", "/files/x.pdf"]),
    # a listing of many documents, none named by the title: not this result's landing page
    ("<h1>Retrieving citations on the web</h1>" + "".join(
        f"<a href='/b/{n}.pdf'>Download</a>" for n in range(5)), []),
    ("<a href='http://other.example/retrieving-citations.pdf'>Retrieving citations</a>", []),
    ("<a href='/about-retrieving-citations.html'>Retrieving citations</a>", []),
])
def test_landing_pages(label: str, offered: list[str]) -> None:
    page = f"<html><body><a href='/'>Home</a>{label}<a href='/files/x.pdf'>Other</a></body></html>"
    found = landing_documents(page, BASE + "/record/5", "Retrieving citations on the web")
    assert found == [BASE + path for path in offered]
