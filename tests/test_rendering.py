"""The pure rendering decisions, and what happens without a browser (real crawls, no Chromium)."""

from __future__ import annotations

from pathlib import Path

import pytest

from citeseeker_scrapy.exceptions import ConfigError
from citeseeker_scrapy.extraction.html import has_scripts
from citeseeker_scrapy.rendering.config import RenderConfig, find_browser, server_patterns
from citeseeker_scrapy.rendering.policy import (
    PageSignals, RenderPlanner, needs_rendering, page_signals, rendering_helped,
)
from tests.support import docgen
from tests.support.crawl import run_crawl
from tests.support.servers import SiteServer, write_site


@pytest.mark.parametrize("html, links, short", [
    ("<html><body><div id=app></div><script>x()</script></body></html>", 0, True),
    ("<body><a href='javascript:void(0)'>x</a><a href='#top'>top</a></body>", 0, True),
    ("<body><a href='paper.pdf'>paper</a>" + "<p>word </p>" * 60 + "</body>", 1, False),
])
def test_page_signals_count_usable_links_and_visible_text(html, links, short) -> None:
    signals = page_signals(html)
    assert signals.links == links
    assert (signals.text_chars < 200) is short


def test_a_page_needs_rendering_without_links_or_with_little_text() -> None:
    assert needs_rendering(PageSignals(0, 5000), 200)
    assert needs_rendering(PageSignals(3, 20), 200)
    assert not needs_rendering(PageSignals(3, 5000), 200)


def test_rendering_helped_only_when_the_browser_showed_more() -> None:
    assert rendering_helped(PageSignals(0, 10), PageSignals(2, 10))
    assert rendering_helped(PageSignals(1, 100), PageSignals(1, 900))
    assert not rendering_helped(PageSignals(1, 100), PageSignals(1, 120))


def test_scripts_are_found_without_parsing() -> None:
    assert has_scripts(b"<html><SCRIPT src=a.js></SCRIPT>")
    assert not has_scripts(b"<html><p>scripture</p><noscript>")


def planner(**kwargs) -> RenderPlanner:
    return RenderPlanner(RenderConfig(**kwargs))


def test_documents_and_file_urls_are_never_rendered_directly() -> None:
    always = planner(mode="always")
    assert always.renders_directly("http://a.org/lab/")
    assert always.renders_directly("https://a.org/papers.php")
    for url in ("http://a.org/p.pdf", "http://a.org/p.ps.gz", "http://a.org/x.zip",
                "http://a.org/p.DOCX", "file:///tmp/site/index.html"):
        assert not always.renders_directly(url), url


def test_listed_and_learned_servers_are_rendered_directly_in_auto_only() -> None:
    auto = planner(mode="auto", servers=server_patterns(("http://a.org:8080", "b.org")))
    assert auto.renders_directly("http://a.org:8080/x.html")
    assert not auto.renders_directly("http://a.org/x.html")       # another port
    assert auto.renders_directly("https://b.org/x") and auto.renders_directly("http://b.org:81/")
    assert not auto.renders_directly("http://c.org/")
    assert auto.learn("http://c.org/one.html") and not auto.learn("http://C.org/two.html")
    assert auto.renders_directly("http://c.org/three.html")
    never = planner(mode="never", servers=server_patterns(("b.org",)))
    assert not never.renders_directly("http://b.org/")


def test_a_learned_search_sends_its_pages_and_nothing_else_to_the_browser() -> None:
    auto = planner(mode="auto")
    assert not auto.renders_search_directly("http://c.org/search")
    assert auto.learn_search("http://c.org/search") and not auto.learn_search("http://c.org/search")
    assert auto.renders_search_directly("http://c.org/search")
    assert not auto.renders_search_directly("http://c.org/find")      # another search
    assert not auto.renders_directly("http://c.org/papers/a.html")     # the server's pages
    never = planner(mode="never")
    never.learn_search("http://c.org/search")
    assert not never.renders_search_directly("http://c.org/search")


def test_one_scripted_page_among_many_static_ones_does_not_send_the_server_to_the_browser(
        ) -> None:
    auto = planner(mode="auto")
    for number in range(9):  # a documentation server: static pages first
        auto.saw_html(f"http://docs.org/{number}.html")
    auto.saw_html("http://docs.org/demo.html")
    assert not auto.learn("http://docs.org/demo.html")           # 1 of 10 pages needed it
    assert not auto.renders_directly("http://docs.org/next.html")
    for number in range(4):                                        # then most pages need it
        auto.saw_html(f"http://docs.org/app{number}.html")
        learned = auto.learn(f"http://docs.org/app{number}.html")
    assert not learned and not auto.renders_directly("http://docs.org/next.html")  # 5 of 14
    for number in range(4, 8):
        auto.saw_html(f"http://docs.org/app{number}.html")
        if auto.learn(f"http://docs.org/app{number}.html"):
            break
    assert number == 7 and auto.renders_directly("http://docs.org/next.html")      # 9 of 18
    spa = planner(mode="auto")
    spa.saw_html("http://spa.org/")            # the server's root (a plain page), then the app
    spa.saw_html("http://spa.org/app.html")
    assert spa.learn("http://spa.org/app.html") and spa.renders_directly("http://spa.org/x")


def test_only_plain_scripted_html_in_auto_is_worth_a_look() -> None:
    auto, always = planner(mode="auto"), planner(mode="always")
    body = b"<script>app()</script>"
    assert auto.worth_a_look("http://a.org/", 200, "html", body)
    assert not auto.worth_a_look("http://a.org/", 404, "html", body)
    assert not auto.worth_a_look("http://a.org/p.pdf", 200, "pdf", body)
    assert not auto.worth_a_look("http://a.org/", 200, "html", b"<p>static</p>")
    assert not always.worth_a_look("http://a.org/", 200, "html", body)


@pytest.mark.parametrize("settings, message", [
    ({"CITESEEKER_RENDER": "sometimes"}, "CITESEEKER_RENDER must be one of"),
    ({"CITESEEKER_RENDER_CONCURRENCY": 0}, "CITESEEKER_RENDER_CONCURRENCY must be at least 1"),
    ({"CITESEEKER_RENDER_TIMEOUT": "soon"}, "CITESEEKER_RENDER_TIMEOUT must be a number"),
])
def test_bad_render_settings_are_refused(settings, message) -> None:
    with pytest.raises(ConfigError, match=message):
        RenderConfig.from_settings(settings)


def test_the_listed_servers_are_read_from_words_separated_by_spaces_or_commas() -> None:
    config = RenderConfig.from_settings({"CITESEEKER_RENDER_SERVERS": "http://a.org:8080, b.org"})
    assert config.servers == {"http://a.org:8080", "b.org"}


def test_a_browser_is_found_on_path_or_at_the_configured_place(tmp_path: Path) -> None:
    assert find_browser() is not None                     # Debian's chromium (system-deps.sh)
    assert find_browser("/usr/bin/chromium") == "/usr/bin/chromium"
    assert find_browser(str(tmp_path / "no-such-browser")) is None


def scripted_site(tmp_path: Path) -> Path:
    page = "<html><script>document.write('<a href=x.html>x</a>')</script><body></body></html>"
    return write_site(tmp_path / "site", {"index.html": page,
                                          "x.html": docgen.html_page(docgen.CITATION)})


def test_without_a_browser_auto_works_as_never_with_one_warning(tmp_path: Path) -> None:
    with SiteServer(scripted_site(tmp_path)) as site:
        result = run_crawl(tmp_path / "run", "-a", "authors=Fiala", "-a",
                           "publications=Retrieving citations on the web",
                           "-a", f"startpoints={site.base}/index.html",
                           settings={"CITESEEKER_BROWSER_PATH": str(tmp_path / "none")})
    assert result.returncode == 0, result.output[-3000:]
    assert result.output.count("No browser found") == 1
    assert "auto works as never" in result.output
    stats = result.stats()
    assert not [key for key in stats if key.startswith(("citeseeker/render", "playwright"))]


def test_without_a_browser_always_is_a_clear_error_before_any_request(tmp_path: Path) -> None:
    with SiteServer(scripted_site(tmp_path)) as site:
        result = run_crawl(tmp_path / "run", "-a", "authors=Fiala", "-a", "publications=A title",
                           "-a", f"startpoints={site.base}/index.html",
                           settings={"CITESEEKER_RENDER": "always",
                                     "CITESEEKER_BROWSER_PATH": str(tmp_path / "none")})
        requests = list(site.requests)
    assert result.returncode == 2
    assert "citeseeker: error: CITESEEKER_RENDER=always needs a browser" in result.output
    assert "Traceback" not in result.output
    assert requests == []
