"""Site search (issue 14): the form rules on their own, then real crawls of generated servers
with GET and POST search endpoints and decoy forms (``tests/search_web.py``)."""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path

import pytest

from citeseeker_scrapy.exceptions import ConfigError
from citeseeker_scrapy.matching import AuthorGroup
from citeseeker_scrapy.site_search.forms import (
    SiteSearchConfig, find_search_form, search_queries, surname_of)
from citeseeker_scrapy.site_search.results import next_page
from tests.crawl import Crawl, run_crawl
from tests.search_web import SEARCH_STRINGS, SearchWeb, Server, generate

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


@pytest.fixture(scope="module")
def web():
    """Four servers: GET search, POST search (+ decoys), decoys only, plain."""
    servers = generate(4, seed=3, documents=24, search_share=0.5, decoy_share=0.5)
    assert [s.search for s in servers] == ["get", "post", None, None]
    assert [s.decoys for s in servers] == [False, True, False, True]
    with SearchWeb(servers) as running:
        yield running


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


def test_first_searches_first_and_finds_everything(web: SearchWeb, tmp_path: Path) -> None:
    get, post, decoys, plain = web.servers
    result = crawl(web, tmp_path, web.servers, CITESEEKER_SITE_SEARCH_PAGES="2").run()
    assert result.returncode == 0, result.output[-3000:]
    for server in web.servers:
        assert found_paths(result, server) == server.citing  # recall never drops
    # GET: the searches right after the home page (the first query first), results before the
    # server's own crawl reaches them
    sent = requests_of(get)
    order = [p for _, p, _ in sent]
    assert order[0] == "/" and set(order[1:4]) & {"/search?q=Fiala", "/search?q=Jezek"}
    # (the searches go out together, 4 requests at once: the server sees them in any order)
    assert {p for p in order if p.startswith("/search")} >= {
        "/search?q=Fiala", "/search?q=Jezek", "/search?q=Kokaram"}
    last_citation = max(order.index(p) for p in get.citing)
    assert last_citation < len(order) // 2, (sorted(get.citing), order)
    # POST: hidden inputs sent back, one request per query (none deduplicated away)
    posts = [body for method, _, body in requests_of(post) if method == "POST"]
    assert {b for b in posts if "page=" not in b} == {
        f"token=t0k3n&lang=en&keywords={q}" for q in ("Fiala", "Jezek", "Kokaram")}
    # decoys never submitted, on servers with and without a search
    for server in (post, decoys, plain):
        assert not [p for m, p, _ in requests_of(server) if m == "POST" and "find" not in p]
    stats = result.stats()
    assert stats["citeseeker/site_search/forms_found"] == 2
    assert stats["citeseeker/site_search/queries_sent"] == 6
    assert stats["citeseeker/site_search/forms_rejected"] >= 1  # the decoy-only server


def test_only_stays_focused_and_pagination_is_bounded(web: SearchWeb, tmp_path: Path) -> None:
    get, post, decoys, plain = web.servers
    result = crawl(web, tmp_path, [get, post, plain], CITESEEKER_SITE_SEARCH="only",
                   CITESEEKER_SITE_SEARCH_PAGES="1").run()
    assert result.returncode == 0, result.output[-3000:]
    for server in (get, post):
        fetched = {p for m, p, _ in requests_of(server) if m == "GET"} - {"/"}
        documents = {p for p in fetched if not p.startswith("/search")}
        assert documents <= server.listed  # nothing but results
        assert found_paths(result, server) == server.citing & server.listed
        assert not [b for _, p, b in requests_of(server) if "page=2" in p or "page=2" in b]
    assert [p for _, p, _ in requests_of(plain)] == ["/"]  # no search: its entry page only
    assert result.stats()["citeseeker/site_search/links_not_followed"] > 0


def test_a_bad_mode_refuses_to_start(web: SearchWeb, tmp_path: Path) -> None:
    result = crawl(web, tmp_path, web.servers[:1], CITESEEKER_SITE_SEARCH="sometimes").run()
    assert result.returncode == 2
    assert "CITESEEKER_SITE_SEARCH must be one of first, only, off, not 'sometimes'" \
        in result.output
    assert requests_of(web.servers[0]) == []


def test_a_pending_post_search_survives_a_kill(web: SearchWeb, tmp_path: Path) -> None:
    post = web.servers[1]
    run = crawl(web, tmp_path, [post], JOBDIR=str(tmp_path / "job"),
                CITESEEKER_FLUSH_INTERVAL="1")
    post.post_delay, post.posts_seen = 30.0, 0
    process = run.start()
    try:
        deadline = time.monotonic() + 60
        while post.posts_seen == 0 and time.monotonic() < deadline:
            time.sleep(0.05)
        assert post.posts_seen > 0, "no POST search was sent"
        time.sleep(2.0)  # the checkpoints after the home page (a loaded machine is slow to write)
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
    from tests.servers import SiteServer

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
