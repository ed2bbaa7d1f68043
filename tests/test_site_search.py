"""Site search: the form rules on their own, then real crawls of a generated
web with one server per kind of result page, GET and POST searches, decoy forms and a
robots.txt that forbids a search (``tests/support/search_web.py``)."""

from __future__ import annotations

import contextlib
import os
import signal
import sqlite3
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from citeseeker_scrapy.exceptions import ConfigError
from citeseeker_scrapy.matching import AuthorGroup
from citeseeker_scrapy.site_search.config import SiteSearchConfig
from citeseeker_scrapy.site_search.forms import (
    NO_HITS_QUERY, find_search_form, search_queries, surname_of)
from citeseeker_scrapy.site_search.results import next_page
from tests.support.crawl import Crawl, run_crawl, wait_for
from tests.support.search_web import (
    DECOY_PATHS, KINDS, SEARCH_PATHS, SEARCH_STRINGS, SearchWeb, Server, generate)

BASE = "http://h.example"
NEWSLETTER = ('<form action="/news" method="post"><input type="text" name="email" '
              'placeholder="Your e-mail"><input type="submit" value="Subscribe"></form>')
LOGIN = ('<form action="/login" method="post"><input name="user"><input type="password" '
         'name="pw"><input type="submit" value="Search"></form>')


def test_the_search_form_is_found_among_decoys() -> None:
    html = (f"<html><body>{NEWSLETTER}{LOGIN}<form action='/cgi/s.php' method='POST'>"
            "<input type=hidden name=token value=abc><select name=site><option>all</option>"
            "</select><input type=text name=keyword><input type=image alt=Search></form>")
    form = find_search_form(html, BASE + "/")
    assert form is not None and form.index == 2
    assert (form.action, form.method, form.field) == (BASE + "/cgi/s.php", "post", "keyword")
    assert form.hidden == (("token", "abc"),)


@pytest.mark.parametrize("html", [
    NEWSLETTER, LOGIN,
    "<form action='/go'><input name=q><input type=submit value=Go></form>",  # no search word
    "<form action='/search'><input name=a><input name=b><input type=submit></form>",
    "<form action='/search'><input name=q><textarea name=t></textarea></form>",
    "<form action='javascript:find()'><input name=q><button>Search</button></form>",
    "<html><body><script>document.write('<form action=/search>')</script></body></html>",
])
def test_decoys_and_script_forms_are_not_search_forms(html: str) -> None:
    assert find_search_form(html, BASE + "/") is None


def test_pager_links_and_next_buttons() -> None:
    html = ("<ol><li><a href='/p/1.pdf'>Crawling</a></li></ol>"
            "<a href='/search?q=Fiala&page=2'>2</a> <a href='/search?q=Fiala&page=2'>Next</a>")
    assert next_page(html, BASE + "/search?q=Fiala").url == BASE + "/search?q=Fiala&page=2"
    button = ("<form method=post action=/s><input type=hidden name=page value=2>"
              "<input type=submit name=more value='Next'></form>")
    found = next_page(button, BASE + "/s")
    assert (found.url, found.form_index, found.button) == (None, 0, ("value", "Next"))
    assert next_page("<a href='/next-steps.html'>Next steps in our research</a>", BASE) is None


def test_queries_and_settings() -> None:
    groups = [AuthorGroup(("Fiala", "K. Ježek", "Jezek"), ("Retrieving citations on the web",))]
    assert search_queries(groups) == ["Fiala", "Ježek"]
    assert search_queries(groups, title_words=2) == ["Fiala Retrieving citations",
                                                     "Ježek Retrieving citations"]
    assert search_queries(groups, max_queries=1) == ["Fiala"]
    assert [surname_of(a) for a in ("Fiala, D.", "Dalibor Fiala", "D. Fiala")] == ["Fiala"] * 3
    assert SiteSearchConfig.from_settings({}).mode == "first"
    # Broad searches when the server is crawled anyway, precise ones in a focused crawl.
    assert SiteSearchConfig.from_settings({}).title_words == 0
    assert SiteSearchConfig.from_settings({"CITESEEKER_SITE_SEARCH": "only"}).title_words == 2
    assert SiteSearchConfig.from_settings({"CITESEEKER_SITE_SEARCH": "only",
                                           "CITESEEKER_SITE_SEARCH_TITLE_WORDS": "0"}
                                          ).title_words == 0
    with pytest.raises(ConfigError, match="CITESEEKER_SITE_SEARCH must be one of"):
        SiteSearchConfig.from_settings({"CITESEEKER_SITE_SEARCH": "sometimes"})
    with pytest.raises(ConfigError, match="CITESEEKER_SITE_SEARCH_PAGES"):
        SiteSearchConfig.from_settings({"CITESEEKER_SITE_SEARCH_PAGES": "0"})


# --- crawls ------------------------------------------------------------------------------------


KIND_IDS = [kind for kind in KINDS]
ROBOTS = "User-agent: *\nDisallow: /search\n"


@pytest.fixture(scope="module")
def web():
    """One server per kind of result page (``tests/support/search_web.py``), and one whose
    robots.txt forbids its search."""
    servers = generate((*KINDS, "titles"), seed=3, documents=30)
    servers[-1].robots = ROBOTS
    assert [s.search for s in servers[:3]] == ["get", "post", "get"]
    with SearchWeb(servers) as running:
        yield running


@dataclass
class Crawled:
    """One crawl of the whole web, and what each server saw (copied: the web is reused)."""

    result: Any
    requests: dict[str, list[tuple[str, str, str]]]
    listed: dict[str, set[str]]


@pytest.fixture(scope="module")
def crawls(web, tmp_path_factory):
    """Each mode's crawl, run once for all the tests of the module (``CITESEEKER_RENDER=auto``:
    the ``script`` kind's result pages need the browser)."""
    done: dict[str, Crawled] = {}

    def crawled(mode: str) -> Crawled:
        if mode not in done:
            result = crawl(web, tmp_path_factory.mktemp(mode), web.servers,
                           CITESEEKER_SITE_SEARCH=mode, CITESEEKER_RENDER="auto").run()
            assert result.returncode == 0, result.output[-3000:]
            done[mode] = Crawled(result, {s.name: requests_of(s) for s in web.servers},
                                 {s.name: set(s.listed) for s in web.servers})
        return done[mode]
    return crawled


def crawl(web: SearchWeb, workdir: Path, servers: list[Server], **settings: str):
    web.reset()
    (workdir / "s.txt").parent.mkdir(parents=True, exist_ok=True)
    (workdir / "s.txt").write_text(SEARCH_STRINGS, encoding="utf-8")
    arguments = ("-a", f"authors={workdir / 's.txt'}",
                 "-a", "startpoints=" + " ".join(s.base + "/" for s in servers))
    return Crawl(workdir, arguments, {"CITESEEKER_RENDER": "never", **settings})


def found_paths(result, server: Server) -> set[str]:
    return {d["url"][len(server.base):] for d in result.documents
            if d["url"].startswith(server.base + "/")}


def requests_of(server: Server) -> list[tuple[str, str, str]]:
    return [(method, path, body) for _, method, path, body in server.requests
            if path != "/robots.txt"]


def server_of_kind(web: SearchWeb, kind: str) -> Server:
    return next(s for s in web.servers if s.kind == kind and not s.robots)


def no_decoy_submitted(sent: list[tuple[str, str, str]]) -> bool:
    return not [p for _, p, _ in sent if p.startswith(DECOY_PATHS)]


@pytest.mark.parametrize("kind", KIND_IDS)
def test_first_reaches_every_citing_document_within_25_requests(web, crawls, kind: str) -> None:
    server, crawled = server_of_kind(web, kind), crawls("first")
    sent = crawled.requests[server.name]
    paths = [p for _, p, _ in sent]
    assert found_paths(crawled.result, server) == server.citing  # recall never drops
    assert all(paths.index(p) < 25 for p in server.citing), (sorted(server.citing), paths[:30])
    searches = [i for i, p in enumerate(paths) if p.startswith(SEARCH_PATHS)]
    assert NO_HITS_QUERY in paths[1] + sent[1][2], paths[:8]  # the probe first
    queries = [i for i, (_, p, body) in enumerate(sent)
               if p.startswith(SEARCH_PATHS) and "page=" not in p + body]
    assert len({sent[i] for i in queries}) == 4, paths[:8]  # the probe and 3 queries
    results = crawled.listed[server.name] | set(server.files)  # a record page leads to a file
    own = [p for p in paths[1:max(queries)] if not p.startswith(SEARCH_PATHS)]
    assert set(own) <= results, paths[:12]  # no page of the server's own crawl before them
    assert no_decoy_submitted(sent)
    if kind == "empty":  # nothing listed, so the server's own crawl comes right after
        assert paths[max(searches) + 1] in ("/papers/", "/people/", "/news/")
        assert crawled.listed[server.name] == set()


@pytest.mark.parametrize("kind", KIND_IDS)
def test_only_fetches_the_results_and_finds_every_citing_one(web, crawls, kind: str) -> None:
    server, crawled = server_of_kind(web, kind), crawls("only")
    sent = crawled.requests[server.name]
    documents = {p for m, p, _ in sent if m == "GET" and not p.startswith(SEARCH_PATHS)} - {"/"}
    listed = crawled.listed[server.name]
    records = {record for record, file in server.files.items() if file in listed}
    assert documents <= listed | records  # nothing but results (and their landing pages)
    assert found_paths(crawled.result, server) == server.citing
    assert no_decoy_submitted(sent)
    assert not set(server.popular) & documents - listed
    if kind == "empty":
        assert documents == set()
    if kind == "landing":
        assert {p for p in documents if p.startswith("/files/")} == {
            p for p in listed if p.startswith("/files/")}  # every record to its file


def test_a_search_whose_pages_need_the_browser_fetches_each_page_once_after_the_first(
        web, crawls) -> None:
    """The search's first page (the probe's page of no results, written by a script) is
    fetched plainly and then by the browser; its later pages go to the browser at once.
    Before, every result page of the ``script`` kind was fetched twice."""
    server, crawled = server_of_kind(web, "script"), crawls("only")
    searches = [request for request in crawled.requests[server.name]
                if request[1].startswith(SEARCH_PATHS)]
    assert len(set(searches)) >= 4, searches  # the probe and three queries at least
    assert len(searches) - len(set(searches)) == 1, searches
    assert searches[0] == searches[1] and NO_HITS_QUERY in searches[0][1] + searches[0][2]
    assert crawled.result.stats()["citeseeker/render/searches_learned"] == 1
    assert found_paths(crawled.result, server) == server.citing


def test_robots_txt_forbids_the_search(web, crawls) -> None:
    server = web.servers[-1]
    for mode in ("first", "only"):
        sent = crawls(mode).requests[server.name]
        assert not [p for _, p, _ in sent if p.startswith(SEARCH_PATHS)]
    assert found_paths(crawls("first").result, server) == server.citing
    assert crawls("only").result.stats()["citeseeker/site_search/forms_found"] == len(KINDS) + 1


def test_first_sends_the_queries_once_with_the_hidden_inputs(web, crawls) -> None:
    crawled = crawls("first")
    post = server_of_kind(web, "lines")
    posts = [body for method, _, body in crawled.requests[post.name] if method == "POST"]
    assert {b for b in posts if "page=" not in b} == {
        f"token=t0k3n&lang=en&keywords={q}" for q in ("Fiala", "Jezek", "Kokaram", NO_HITS_QUERY)}
    stats = crawled.result.stats()
    assert stats["citeseeker/site_search/queries_sent"] == 3 * (len(KINDS) + 1)
    landing = server_of_kind(web, "landing")
    assert stats["citeseeker/site_search/landing_pages"] >= len(landing.citing)
    assert stats["citeseeker/site_search/pages_without_results"] >= 3  # the empty kind's


@pytest.mark.parametrize("render", ["never", "auto"])
def test_post_searches_reach_a_server_that_closes_its_connections_late(web, tmp_path,
                                                                       render) -> None:
    """An HTTP/1.0 server closes each connection 0.2 s after its answer without saying so.
    Twisted's pool sends the next request on such a connection before it notices the close (a
    POST then fails and must be retried, or its query is lost). The crawl's HTTP client (``middlewares/http_handler.py``) never reuses an
    HTTP/1.0 connection: each search reaches the server once, at the first try. With a browser
    installed (``auto``) the browser's handler sends these requests to the same client."""
    post = server_of_kind(web, "lines")
    post.close_delay = 0.2
    try:
        result = crawl(web, tmp_path, [post], CITESEEKER_RENDER=render).run()
    finally:
        post.close_delay = 0.0
    assert result.returncode == 0, result.output[-3000:]
    sent = requests_of(post)
    posts = [body for method, _, body in sent if method == "POST"]
    searches = [b for b in posts if "page=" not in b]
    assert sorted(searches) == sorted(
        f"token=t0k3n&lang=en&keywords={q}" for q in ("Fiala", "Jezek", "Kokaram", NO_HITS_QUERY))
    stats = result.stats()
    assert "retry/count" not in stats  # nothing failed on a closing connection ...
    assert len(sent) == len(set(sent)), sent  # ... nor was sent twice
    assert found_paths(result, post) == post.citing


def test_a_bad_mode_refuses_to_start(web: SearchWeb, tmp_path: Path) -> None:
    result = crawl(web, tmp_path, web.servers[:1], CITESEEKER_SITE_SEARCH="sometimes").run()
    assert result.returncode == 2
    assert "CITESEEKER_SITE_SEARCH must be one of first, only, off, not 'sometimes'" \
        in result.output
    assert requests_of(web.servers[0]) == []


def checkpointed_as_done(jobdir: Path) -> set[str]:
    """The URLs the job's last checkpoint has searched. A test kills a crawl only once the
    document it needs is among them: the checkpoint after a document comes a moment after
    the requests it queued may have reached their server, and seconds later on a loaded
    machine."""
    path = jobdir / "frontier.sqlite"
    if not path.exists():
        return set()
    try:
        with contextlib.closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as db:
            rows = db.execute("SELECT url FROM documents WHERE state = 'done'").fetchall()
    except sqlite3.OperationalError:  # created, its tables not yet
        return set()
    return {url for url, in rows}


def test_a_pending_post_search_survives_a_kill(web: SearchWeb, tmp_path: Path) -> None:
    post = web.servers[1]
    run = crawl(web, tmp_path, [post], JOBDIR=str(tmp_path / "job"),
                CITESEEKER_FLUSH_INTERVAL="1")
    post.post_delay, post.posts_seen = 30.0, 0
    process = run.start()
    try:
        wait_for(lambda: post.posts_seen > 0)  # a POST search was sent
        wait_for(lambda: post.base + "/" in checkpointed_as_done(tmp_path / "job"), timeout=120)
    finally:
        os.kill(process.pid, signal.SIGKILL)
        process.wait()
    assert not [m for m, _, _ in requests_of(post) if m == "POST"]  # none answered
    post.post_delay = 0.0
    web.reset()
    resumed = run.run(feed_option="-o")
    assert resumed.returncode == 0, resumed.output[-3000:]
    posts = [body for method, _, body in requests_of(post) if method == "POST"]
    assert "token=t0k3n&lang=en&keywords=Fiala" in posts
    assert "/" not in [p for _, p, _ in requests_of(post)]  # resumed, not restarted
    assert found_paths(resumed, post) == post.citing


def test_front_entries_stay_above_links_pushed_later() -> None:
    """Results come first whichever of the server's pages come back first."""
    from citeseeker_scrapy.frontier import DocumentEntry, Frontier

    frontier = Frontier()
    frontier.add_start_point(DocumentEntry("http://a.example/"))
    assert frontier.next_document().url == "http://a.example/"
    frontier.add_link(DocumentEntry("http://a.example/x.html", 1), from_server="http://a.example")
    for name in ("r2", "r1"):
        frontier.add_link(DocumentEntry(f"http://a.example/{name}.pdf", 1), from_server=None,
                          front=True)
    frontier.add_link(DocumentEntry("http://a.example/y.html", 1), from_server="http://a.example")
    order = [frontier.next_document().url.rsplit("/", 1)[1] for _ in range(4)]
    assert order == ["r1.pdf", "r2.pdf", "y.html", "x.html"]
    # A result the server's own crawl pushed first moves on top when a result page lists it.
    for name in ("deep", "z"):
        frontier.add_link(DocumentEntry(f"http://a.example/{name}.pdf", 2),
                          from_server="http://a.example")
    frontier.add_link(DocumentEntry("http://a.example/deep.pdf", 1), from_server=None, front=True)
    assert [frontier.next_document().url.rsplit("/", 1)[1] for _ in range(2)] == [
        "deep.pdf", "z.pdf"]


def test_a_form_for_another_server_is_not_submitted(tmp_path: Path) -> None:
    """A box that searches the site through someone else's engine is not the site's search."""
    from tests.support.servers import SiteServer

    (tmp_path / "site").mkdir()
    with SiteServer(tmp_path / "site", pages=lambda path: "<p>results</p>") as engine:
        home = (f"<html><body><form action='{engine.base}/search'><input type=hidden "
                "name=sitesearch value=lab><input name=q><button>Search</button></form>"
                "<p>Welcome.</p></body></html>")
        with SiteServer(tmp_path / "site", pages=lambda path: home) as lab:
            workdir = tmp_path / "crawl"
            workdir.mkdir()
            (workdir / "s.txt").write_text(SEARCH_STRINGS, encoding="utf-8")
            result = run_crawl(workdir, "-a", f"authors={workdir / 's.txt'}",
                               "-a", f"startpoints={lab.base}/",
                               settings={"CITESEEKER_RENDER": "never",
                                         "CITESEEKER_STAYWITHIN": lab.base})
            assert result.returncode == 0, result.output[-3000:]
            assert engine.requests == []
            stats = result.stats()
            assert stats["citeseeker/site_search/forms_elsewhere"] == 1
            assert "citeseeker/site_search/queries_sent" not in stats


def test_no_result_page_is_read_before_the_probe_answered(tmp_path: Path) -> None:
    """The probe's page of no results is slow to come: the queries wait for it, so the box of
    popular papers beside the results is never taken for results."""
    server, = generate(("titles",), seed=5, documents=30)
    server.sidebar, server.miss_delay = 8, 2.0
    with SearchWeb([server]) as web:
        result = crawl(web, tmp_path, [server], CITESEEKER_SITE_SEARCH="only").run()
        assert result.returncode == 0, result.output[-3000:]
    sent = [p for _, p, _ in requests_of(server)]
    searches = [p for p in sent if p.startswith(SEARCH_PATHS)]
    assert NO_HITS_QUERY in searches[0] and len(searches) > 1
    fetched = {p for p in sent if not p.startswith(SEARCH_PATHS)}
    assert not (set(server.popular) - server.listed) & fetched, sorted(fetched)
    assert server.citing and found_paths(result, server) == server.citing


def test_the_page_of_no_results_survives_a_kill(tmp_path: Path) -> None:
    """Every search page of this server boxes eight popular papers beside its results: only the
    probe's page of no results tells the box from the results. Killed while the queries wait,
    the resumed crawl still reads their pages with it (it travels with the pending queries in
    JOBDIR) and neither probes again nor fetches the box."""
    server, = generate(("titles",), seed=5, documents=30)
    server.sidebar, server.hit_delay = 8, 30.0
    with SearchWeb([server]) as web:
        run = crawl(web, tmp_path, [server], JOBDIR=str(tmp_path / "job"),
                    CITESEEKER_FLUSH_INTERVAL="1", CITESEEKER_SITE_SEARCH="only")
        process = run.start()
        try:
            wait_for(lambda: server.hits_seen > 0)  # a query with hits was sent
            wait_for(lambda: any(NO_HITS_QUERY in url  # the probe's answer is kept
                                 for url in checkpointed_as_done(tmp_path / "job")), timeout=120)
        finally:
            os.kill(process.pid, signal.SIGKILL)
            process.wait()
        before = [p for _, p, _ in requests_of(server)]
        assert [p for p in before if NO_HITS_QUERY in p]  # the probe was answered
        assert not [p for p in before if p.startswith("/papers/")]  # no result yet
        server.hit_delay = 0.0
        web.reset()
        resumed = run.run(feed_option="-o")
        assert resumed.returncode == 0, resumed.output[-3000:]
    after = [p for _, p, _ in requests_of(server)]
    assert not [p for p in after if NO_HITS_QUERY in p]  # not probed again
    fetched = {p for p in after if not p.startswith(SEARCH_PATHS)}
    assert not (set(server.popular) - server.listed) & fetched, sorted(fetched)
    assert server.citing and found_paths(resumed, server) == server.citing


def site_dir(tmp_path: Path) -> Path:
    (tmp_path / "site").mkdir()
    return tmp_path / "site"


def crawl_only_search(tmp_path: Path, site: Any, **settings: str) -> Crawl:
    """A crawl of ``site`` for Fiala's paper in ``only`` mode, every result followed (no title
    words asked of a result); it must finish with exit status 0."""
    result = run_crawl(tmp_path / "crawl", "-a", "authors=Fiala", "-a",
                       "publications=Retrieving citations on the web",
                       "-a", f"startpoints={site.base}/",
                       settings={"CITESEEKER_RENDER": "never", "CITESEEKER_SITE_SEARCH": "only",
                                 "CITESEEKER_SITE_SEARCH_TITLE_WORDS": "0", **settings})
    assert result.returncode == 0, result.output[-3000:]
    return result


def test_a_probe_that_fails_still_sends_the_queries(tmp_path: Path) -> None:
    """The queries ride in the probe's meta: a probe answered by an error sends them anyway."""
    from urllib.parse import parse_qs, urlsplit

    from tests.support.servers import SiteServer

    home = ("<html><body><form action='/search'><input name=q><button>Search</button></form>"
            "<p>Welcome.</p></body></html>")
    paper = ("<html><body><p>References</p><p>[1] D. Fiala: Retrieving citations on the web."
             "</p></body></html>")

    def pages(path: str) -> str | None:
        parts = urlsplit(path)
        query = parse_qs(parts.query).get("q", [""])[0]
        if parts.path == "/search" and query == "Fiala":
            return "<html><body><ul><li><a href='/hidden/p.html'>A paper</a></li></ul></body>"
        return {"/": home, "/hidden/p.html": paper}.get(parts.path)  # the probe: 404

    with SiteServer(site_dir(tmp_path), pages=pages) as site:
        result = crawl_only_search(tmp_path, site)
        assert f"/search?q={NO_HITS_QUERY}" in site.requests
        assert [d["url"] for d in result.documents] == [site.url("/hidden/p.html")]
        assert result.stats()["citeseeker/site_search/probes_failed"] == 1


def test_paging_stops_at_a_page_that_brings_nothing_new(tmp_path: Path) -> None:
    """A server that ignores the page asked for answers page 2 as page 1 (with a link to page
    3): page 3 is not asked for."""
    from urllib.parse import parse_qs, urlsplit

    from tests.support.servers import SiteServer

    home = ("<html><body><form action='/search'><input name=q><button>Search</button></form>"
            "</body></html>")

    def results(page: int) -> str:
        return ("<html><body><ul>" + "".join(
            f"<li><a href='/p/{n}.html'>Paper number {n}</a></li>" for n in range(5)) +
            f"</ul><a href='/search?q=Fiala&amp;page={page + 1}'>Next</a></body></html>")

    def pages(path: str) -> str | None:
        parts = urlsplit(path)
        query = parse_qs(parts.query)
        if parts.path == "/search":
            return (results(int(query.get("page", ["1"])[0])) if query["q"] == ["Fiala"]
                    else "<p>No results.</p>")
        if parts.path.startswith("/p/"):
            return "<html><body><p>A paper.</p></body></html>"
        return home if parts.path == "/" else None

    with SiteServer(site_dir(tmp_path), pages=pages) as site:
        result = crawl_only_search(tmp_path, site, CITESEEKER_SITE_SEARCH_PAGES="5")
        searches = [p for p in site.requests if p.startswith("/search") and "Fiala" in p]
        assert searches == ["/search?q=Fiala", "/search?page=2&q=Fiala"]
        assert len([p for p in site.requests if p.startswith("/p/")]) == 5
        assert result.stats()["citeseeker/site_search/paging_stopped"] == 1
