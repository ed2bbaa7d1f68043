"""Start points from search engines and a citation index, in real crawls.

Local HTTP servers speak SearXNG's JSON API, a differently shaped generic search API and an
OpenAlex-shaped ``/works`` API; their results point at generated sites on other local servers.
"""

from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler
from pathlib import Path
from typing import Callable
from urllib.parse import parse_qs, urlsplit

import pytest

from tests.support import docgen
from tests.support.crawl import run_crawl
from tests.support.servers import LocalServer, SiteServer, write_site

TITLE = "Retrieving citations on the web"
SEARCH = ("-a", "authors=Fiala", "-a", f"publications={TITLE}")
#: (status, body) for (path, query parameters)
Route = Callable[[str, dict[str, str]], tuple[int, bytes]]


class ApiServer:
    """A JSON API on 127.0.0.1: ``route(path, params)`` answers; every request is recorded."""

    def __init__(self, route: Route) -> None:
        self.requests: list[tuple[str, dict[str, str]]] = []
        outer = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:  # noqa: N802
                parts = urlsplit(self.path)
                params = {k: v[0] for k, v in parse_qs(parts.query).items()}
                outer.requests.append((parts.path, params))
                status, body = route(parts.path, params)
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args) -> None:
                pass

        self.httpd = LocalServer(("127.0.0.1", 0), Handler)
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.httpd.server_address[1]}"

    def __enter__(self) -> "ApiServer":
        self.thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


def answer(data: object, status: int = 200) -> tuple[int, bytes]:
    return status, json.dumps(data).encode()


@pytest.fixture(scope="module")
def citing_pdf() -> bytes:
    return docgen.pdf(docgen.paper_pages("search engines"))


@pytest.fixture(scope="module")
def other_pdf() -> bytes:
    return docgen.pdf(docgen.paper_pages("other things", citation="Smith, J.: Unrelated. 2001"))


def paper_site(tmp_path: Path, name: str, pdf: bytes) -> SiteServer:
    """A server with one citing page and one PDF, reachable only through the providers."""
    files = {"talk.html": docgen.html_page(f"Slides. {docgen.CITATION}"), "paper.pdf": pdf}
    return SiteServer(write_site(tmp_path / name, files),
                      pages=lambda path: "<p>nothing here</p>" if path == "/" else None)


def empty_startpoints(tmp_path: Path) -> str:
    path = tmp_path / "startpoints.txt"
    path.write_text("# only the providers' start points\n")
    return str(path)


def debug_block(debug_log: str, name: str) -> list[str]:
    lines = debug_log.splitlines()
    begin = lines.index(f"BEGIN OF PROVIDER OUTPUT ({name})")
    end = lines.index(f"END OF PROVIDER OUTPUT ({name})")
    return lines[begin + 1:end]


def test_searxng_results_are_crawled_and_listed_in_debug_log(
        tmp_path: Path, citing_pdf: bytes) -> None:
    with paper_site(tmp_path, "site", citing_pdf) as site:
        hits = [{"url": site.url("/talk.html"), "title": "Slides", "content": "..."},
                {"url": site.url("/paper.pdf"), "title": "Paper", "content": "..."},
                {"url": "file:///etc/passwd", "title": "never a start point"}]

        def searxng(path: str, params: dict[str, str]) -> tuple[int, bytes]:
            page = int(params.get("pageno", "1"))
            return answer({"query": params["q"], "results": hits if page == 1 else []})

        with ApiServer(searxng) as engine:
            result = run_crawl(tmp_path / "run", *SEARCH,
                               "-a", f"startpoints={empty_startpoints(tmp_path)}",
                               "-a", f"search=searxng:{engine.base}")
            asked = list(engine.requests)
    assert result.returncode == 0, result.output[-3000:]
    assert result.hits() == {(site.url("/talk.html"), TITLE), (site.url("/paper.pdf"), TITLE)}
    assert asked[0] == ("/search", {"q": f'"{TITLE}" Fiala', "format": "json", "pageno": "1"})
    assert len(asked) == 2                      # page 2 was empty: the provider stops there
    listed = debug_block(result.log("debug"), f"searxng {engine.base}")
    assert listed == [site.url("/talk.html"), site.url("/paper.pdf")]
    assert result.stats()["citeseeker/providers/search_results"] == 2


def test_a_generic_json_api_with_user_terms_or_and_a_result_limit(tmp_path: Path) -> None:
    with paper_site(tmp_path, "site", b"%PDF-1.4 not needed") as site:
        pages = [[site.url("/talk.html"), site.url("/a.html")], [site.url("/b.html")],
                 [site.url("/c.html")]]

        def api(path: str, params: dict[str, str]) -> tuple[int, bytes]:
            urls = pages[int(params["page"]) - 1]
            return answer({"data": {"hits": [{"link": {"href": u}} for u in urls]}})

        with ApiServer(api) as engine:
            template = f"{engine.base}/v2/find?query={{query}}&count={{max}}&page={{page}}"
            result = run_crawl(
                tmp_path / "run", *SEARCH, "-a", f"startpoints={empty_startpoints(tmp_path)}",
                "-a", f"search=json:{template}",
                settings={"CITESEEKER_SEARCH_TERMS": "citation retrieval|web|Fiala",
                          "CITESEEKER_SEARCH_OPERATOR": "OR", "CITESEEKER_SEARCH_MAX_RESULTS": "3",
                          "CITESEEKER_SEARCH_RESULTS_PATH": "data.hits",
                          "CITESEEKER_SEARCH_URL_FIELD": "link.href",
                          "CITESEEKER_SEARCH_FILTER": "False"})
            asked = list(engine.requests)
    assert result.returncode == 0, result.output[-3000:]
    assert [params["query"] for _, params in asked] == ['"citation retrieval" OR web OR Fiala'] * 2
    assert [params["count"] for _, params in asked] == ["3", "3"]
    assert result.hits() == {(site.url("/talk.html"), TITLE)}
    listed = debug_block(result.log("debug"), f"json {template}")
    assert listed == [site.url("/talk.html"), site.url("/a.html"), site.url("/b.html")]


def test_failing_providers_give_one_warning_each_and_the_crawl_goes_on(tmp_path: Path) -> None:
    routes = {"forbidden": answer({"error": "no key"}, 403),
              "broken": answer({"error": "oops"}, 500),
              "garbage": (200, b"<html>not json</html>"),
              "shape": answer({"results": "not a list"})}
    with paper_site(tmp_path, "site", b"") as site, \
            ApiServer(lambda path, params: routes[path.strip("/").split("/")[0]]) as api:
        specs = " ".join([f"searxng:{api.base}/forbidden", f"json:{api.base}/broken?q={{query}}",
                          f"json:{api.base}/garbage?q={{query}}", f"searxng:{api.base}/shape"])
        result = run_crawl(tmp_path / "run", *SEARCH, "-a", f"startpoints={site.url('/talk.html')}",
                           "-a", f"search={specs}",
                           "-a", f"citedby=openalex:{api.base}/broken")
    assert result.returncode == 0, result.output[-3000:]
    assert result.hits() == {(site.url("/talk.html"), TITLE)}
    warnings = [line for line in result.output.splitlines()
                if "WARNING" in line and "failed" in line]
    assert len(warnings) == 5, warnings
    for reason in ("HTTP 403", "HTTP 500", "not JSON", "no result list"):
        assert sum(reason in line for line in warnings) >= 1, reason
    assert result.stats()["citeseeker/providers/failed"] == 5


def openalex_route(citing: list[dict]) -> Route:
    """/works: title.search and search find the publication (and a decoy by someone else);
    cites:W1 lists ``citing`` two per page with a cursor."""
    work = {"id": "https://openalex.org/W1", "title": TITLE,
            "authorships": [{"author": {"display_name": "Dalibor Fiala"}}]}
    decoy = {"id": "https://openalex.org/W9", "title": TITLE,
             "authorships": [{"author": {"display_name": "Someone Else"}}]}

    def route(path: str, params: dict[str, str]) -> tuple[int, bytes]:
        assert path == "/works"
        wanted = params.get("filter", "")
        if wanted.startswith("title.search:"):
            return answer({"meta": {"count": 2}, "results": [decoy, work]})
        if wanted == "cites:W1":
            start = 0 if params["cursor"] == "*" else int(params["cursor"])
            following = str(start + 2) if start + 2 < len(citing) else None
            return answer({"meta": {"next_cursor": following},
                           "results": citing[start:start + 2]})
        return answer({"results": []})

    return route


def test_cited_by_works_become_first_start_points_and_are_verified(
        tmp_path: Path, citing_pdf: bytes, other_pdf: bytes) -> None:
    with paper_site(tmp_path, "a", citing_pdf) as first, \
            paper_site(tmp_path, "b", other_pdf) as second:
        citing = [
            {"id": "https://openalex.org/W10", "title": "Cites in full text",
             "primary_location": {"pdf_url": first.url("/paper.pdf"),
                                  "landing_page_url": first.url("/")},
             "open_access": {"oa_url": first.url("/paper.pdf")}},
            {"id": "https://openalex.org/W11", "title": "Listed, but no citation in the text",
             "primary_location": {"pdf_url": second.url("/paper.pdf")}},
            {"id": "https://openalex.org/W12", "title": "Unreachable",
             "open_access": {"oa_url": second.url("/gone.pdf")}},
            {"id": "https://openalex.org/W13", "title": "No open access at all",
             "primary_location": None, "open_access": {"oa_url": None}},
        ]
        with ApiServer(openalex_route(citing)) as index:
            result = run_crawl(tmp_path / "run", *SEARCH,
                               "-a", f"startpoints={second.url('/talk.html')}",
                               "-a", f"citedby=openalex:{index.base}",
                               settings={"CITESEEKER_CITEDBY_MAILTO": "crawl@example.org",
                                         "CITESEEKER_CITEDBY_PER_PAGE": "2"})
            asked = list(index.requests)
    assert result.returncode == 0, result.output[-3000:]
    assert result.hits() == {(first.url("/paper.pdf"), TITLE), (second.url("/talk.html"), TITLE)}
    assert all(params.get("mailto") == "crawl@example.org" for _, params in asked)
    cites = [params for _, params in asked if params.get("filter") == "cites:W1"]
    assert [params["cursor"] for params in cites] == ["*", "2"]
    assert all(params["per-page"] == "2" for params in cites)
    listed = debug_block(result.log("debug"), f"cited-by openalex {index.base}")
    assert listed == [first.url("/paper.pdf"), first.url("/"), second.url("/paper.pdf"),
                      second.url("/gone.pdf")]
    stats = result.stats()
    assert (stats["citeseeker/citedby/listed"], stats["citeseeker/citedby/reachable"],
            stats["citeseeker/citedby/confirmed"]) == (4, 2, 1)
    assert "Cited-by works (index):\t4 listed, 2 reachable, 1 confirmed" in result.log("summary")
    resolved = "'Retrieving citations on the web' is W1, cited by 4 listed work(s)"
    assert resolved in result.log("debug")
