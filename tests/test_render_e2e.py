"""JavaScript pages in a real crawl with a real Chromium (Debian's, driven by scrapy-playwright).

Every page is generated here and served on 127.0.0.1; the crawl is the real ``scrapy crawl``.
"""

from __future__ import annotations

import threading
import time
from pathlib import Path

import pytest

from citeseeker_scrapy.middlewares.browser_provider import DRIVER_STARTED

from tests.support import docgen
from tests.support.crawl import Crawl, run_crawl
from tests.support.servers import SiteServer, write_site

TITLE = "Retrieving citations on the web"
SEARCH = ("-a", "authors=Fiala", "-a", f"publications={TITLE}")


def scripted_page(inner_html_js: str, *, title: str = "Publications", extra: str = "") -> str:
    """A page whose body is empty until its script fills it (after DOMContentLoaded, later)."""
    return (
        f"<!doctype html><html><head><title>{title}</title><script>\n"
        "document.addEventListener('DOMContentLoaded', function () {\n"
        "  setTimeout(function () {\n"
        f"    document.getElementById('app').innerHTML = {inner_html_js};\n"
        "  }, 30);\n"
        f"}});\n{extra}</script></head><body><div id='app'>Loading...</div></body></html>")


#: The links and the citing paragraph exist only after the script ran (split so that no plain
#: reading of the source finds them either).
APP = scripted_page(
    "'<a href=\"pa' + 'per.pdf\">Our paper</a> <a href=\"mo' + 're.html\">More</a>'"
    " + '<p>We build on Fia' + 'la, D.: Retrieving cita' + 'tions on the web. Proc. 2003</p>'")


@pytest.fixture(scope="module")
def paper_pdf() -> bytes:
    return docgen.pdf(docgen.paper_pages("rendering"))


#: A "Load more" button (made by the script) adds the link to the page with the citation.
MORE = scripted_page(
    "'<p>More of our work, added by a script.</p><button id=\"more\">Load more</button>'",
    extra="document.addEventListener('click', function (event) {\n"
          "  if (event.target.id !== 'more') return;\n"
          "  document.getElementById('app').insertAdjacentHTML(\n"
          "    'beforeend', '<a href=\"ex' + 'tra.html\">extra</a>');\n});\n")


def js_site(tmp_path: Path, pdf: bytes) -> SiteServer:
    """The lab page, a page with "Load more", the PDF; the server's root links nowhere."""
    files = {"lab.html": APP, "more.html": MORE, "paper.pdf": pdf,
             "extra.html": docgen.html_page(f"Reading list: {docgen.CITATION}")}
    root = write_site(tmp_path / "site", files)
    return SiteServer(root, pages=lambda path: "<p>Welcome</p>" if path == "/" else None)


@pytest.mark.alone
def test_auto_renders_a_page_made_by_javascript_and_never_renders_its_pdf(
        tmp_path: Path, paper_pdf: bytes) -> None:
    with js_site(tmp_path, paper_pdf) as site:
        result = run_crawl(tmp_path / "run", *SEARCH, "-a", f"startpoints={site.base}/lab.html")
        requests = list(site.requests)
    assert result.returncode == 0, result.output[-3000:]
    assert result.hits() == {(f"{site.base}/lab.html", TITLE), (f"{site.base}/paper.pdf", TITLE),
                             (f"{site.base}/extra.html", TITLE)}   # reached by "Load more"
    assert requests.count("/paper.pdf") == 1 and requests.count("/more.html") == 1
    assert requests.count("/lab.html") == 2            # plain, then once through the browser
    stats = result.stats()
    assert stats["citeseeker/render/refetched"] == 1   # lab.html: scripts and no links
    assert stats["citeseeker/render/servers_learned"] == 1
    assert stats["citeseeker/render/direct"] == 2      # more.html, extra.html: directly
    assert stats["citeseeker/render/pages"] == 3
    assert stats["citeseeker/render/seconds"] > 0
    # The PDF never reached the browser: three navigations, all pages; nothing downloaded.
    assert stats["playwright/request_count/navigation"] == 3
    assert "playwright/download_count" not in stats
    assert f"rendering needed on {site.base}/lab.html" in result.log("debug")
    assert result.output.count("Starting download handler") == 1   # one handler for both schemes
    assert result.output.count(DRIVER_STARTED) == 1                # one driver, when first needed


@pytest.mark.alone
def test_an_idle_browser_is_closed_with_its_driver_and_launched_again_when_needed(
        tmp_path: Path) -> None:
    """Static pages, a scripted one, slow static pages (the browser idles past its keep-alive),
    then a second scripted page: the browser was closed and is launched again for it. Only the
    slow pages wait (4 x 0.6 s against the keep-alive's 1 s, one after the other: each links
    to the next); the rest answer at once."""
    chain = [f"s{n}.html" for n in range(4)] + ["lab.html"] + [f"t{n}.html" for n in range(4)]
    files = {name: docgen.html_page(f"Static page {name}. " * 20, [next_name])
             for name, next_name in zip(chain, chain[1:] + ["app.html"]) if name != "lab.html"}
    files["lab.html"] = scripted_page("'<a href=\"t' + '0.html\">On</a> ' + 'x'.repeat(300)")
    files["app.html"] = scripted_page(
        "'<p>We build on Fia' + 'la, D.: Retrieving cita' + 'tions on the web. Proc. 2003</p>'")

    def slow_pages(path: str) -> str | None:
        if path.startswith("/t"):
            time.sleep(0.6)
        return "<p>Welcome</p>" if path == "/" else None

    with SiteServer(write_site(tmp_path / "site", files), pages=slow_pages) as site:
        result = run_crawl(tmp_path / "run", *SEARCH, "-a", f"startpoints={site.base}/s0.html",
                           settings={"CITESEEKER_RENDER_KEEP_ALIVE": "1",
                                     "CITESEEKER_RENDER_IDLE_TIMEOUT": "0"})
        requests = list(site.requests)
    assert result.returncode == 0, result.output[-3000:]
    assert result.hits() == {(f"{site.base}/app.html", TITLE)}
    assert all(requests.count(f"/{name}") == 1 for name in chain if name != "lab.html")
    stats = result.stats()
    assert stats["citeseeker/render/refetched"] == 2           # lab.html and app.html
    assert "citeseeker/render/servers_learned" not in stats    # 2 of 10 pages needed it
    assert stats["citeseeker/render/browser_idle_closes"] >= 1
    assert stats["playwright/browser_count"] == 2               # launched again for app.html


def test_never_does_not_render_and_finds_nothing(tmp_path: Path, paper_pdf: bytes) -> None:
    with js_site(tmp_path, paper_pdf) as site:
        result = run_crawl(tmp_path / "run", *SEARCH, "-a", f"startpoints={site.base}/lab.html",
                           settings={"CITESEEKER_RENDER": "never"})
        requests = list(site.requests)
    assert result.returncode == 0, result.output[-3000:]
    assert result.items == []
    assert sorted(requests) == ["/", "/lab.html", "/robots.txt"]
    stats = result.stats()
    assert not [key for key in stats if key.startswith(("citeseeker/render/", "playwright/"))]


def test_auto_starts_no_browser_when_no_page_needs_one(tmp_path: Path) -> None:
    static = docgen.html_page(docgen.CITATION, ["b.html"])
    scripted_but_full = (b"<html><script>track()</script><body>" + docgen.html_page(
        "A page with scripts, links and text. " * 10, ["a.html"]) + b"</body></html>")
    files = {"a.html": static, "b.html": scripted_but_full}
    with SiteServer(write_site(tmp_path / "site", files)) as site:
        result = run_crawl(tmp_path / "run", *SEARCH, "-a", f"startpoints={site.base}/a.html")
    assert result.returncode == 0, result.output[-3000:]
    assert result.hits() == {(f"{site.base}/a.html", TITLE)}
    assert DRIVER_STARTED not in result.output
    stats = result.stats()
    assert stats["citeseeker/render/checked"] == 1     # b.html had scripts: looked at, kept
    assert "citeseeker/render/pages" not in stats


#: How long the server holds a busy page's request before it answers: longer than the render
#: timeout, so the page's network never goes quiet while it is rendered.
HOLD_SECONDS = 20


def held_answers(path: str) -> str | None:
    """The server's answer to a busy page's long poll (``/hold``): given only after
    :data:`HOLD_SECONDS`. A request held open keeps the page's network busy however slowly a
    loaded machine runs the page's timers, where a poll on a timer goes quiet when they starve."""
    if not path.startswith("/hold"):
        return None
    time.sleep(HOLD_SECONDS)
    return "held"


@pytest.mark.alone
def test_a_hung_renderer_gives_one_error_and_a_busy_page_is_taken_as_it_is(tmp_path: Path) -> None:
    """A page whose script never returns (renderer hung) times out: one errors.log line, and its
    plain HTML is still searched; a page that never goes quiet is rendered after the idle wait."""
    hung = ("<html><head><script>while (true) {}</script></head><body>"
            f"<p>{docgen.CITATION}</p></body></html>")
    busy = scripted_page(
        "'<p>Fia' + 'la, D.: Retrieving citations on the web. Proc. 2003</p>'",
        extra="(function hold() { fetch('/hold?' + Math.random()).finally(hold); })();")
    files = {"index.html": docgen.html_page("Start", ["hung.html", "busy.html"]),
             "hung.html": hung, "busy.html": busy}
    with SiteServer(write_site(tmp_path / "site", files), pages=held_answers) as site:
        started = time.monotonic()
        result = run_crawl(tmp_path / "run", *SEARCH, "-a", f"startpoints={site.base}/index.html",
                           settings={"CITESEEKER_RENDER_SERVERS": site.base,
                                     "CITESEEKER_RENDER_TIMEOUT": "4",
                                     "CITESEEKER_RENDER_IDLE_TIMEOUT": "1"})
        elapsed = time.monotonic() - started
    assert result.returncode == 0, result.output[-3000:]
    assert result.hits() == {(f"{site.base}/hung.html", TITLE), (f"{site.base}/busy.html", TITLE)}
    errors = result.log("errors").splitlines()[1:]
    assert len(errors) == 1 and errors[0].startswith(f"{site.base}/hung.html\trender: "), errors
    assert "Timeout" in errors[0]
    stats = result.stats()
    assert stats["citeseeker/render/failed"] == 1
    assert stats["citeseeker/render/idle_timeouts"] >= 1
    assert elapsed < 90


def chromium_pss_mib() -> float:
    """Proportional set size of every Chromium process on the machine we started (MiB)."""
    total = 0
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            if b"chromium" not in (proc / "cmdline").read_bytes().split(b"\0")[0]:
                continue
            for line in (proc / "smaps_rollup").read_text().splitlines():
                if line.startswith("Pss:"):
                    total += int(line.split()[1])
        except OSError:
            continue
    return total / 1024


def tree_page(number: int, pages: int) -> str:
    children = [n for n in (2 * number + 1, 2 * number + 2) if n < pages]
    links = " + ".join(f"'<a href=\"p{n}.html\">page {n}</a> '" for n in children) or "''"
    return scripted_page(f"'<p>Page {number} of a lab site made by scripts.</p>' + {links}")


@pytest.mark.alone
def test_a_60_page_javascript_site_keeps_the_browser_memory_bounded(tmp_path: Path) -> None:
    """60 pages and a restart every 20: the browser's 2 restarts, page and context bounds as
    with 300 and 100, in a fifth of the time (~0.3 s a page)."""
    pages = 60
    files = {f"p{n}.html": tree_page(n, pages) for n in range(pages)}
    samples: list[float] = []
    with SiteServer(write_site(tmp_path / "site", files)) as site:
        crawl = Crawl(tmp_path / "run", ("-a", "authors=Fiala", "-a", f"publications={TITLE}",
                                         "-a", f"startpoints={site.base}/p0.html"),
                      {"CITESEEKER_RENDER_SERVERS": site.base,
                       "CITESEEKER_RENDER_IDLE_TIMEOUT": "0",
                       "CITESEEKER_RENDER_SCROLLS": "0", "CITESEEKER_RENDER_RESTART_AFTER": "20",
                       "CITESEEKER_RENDER_CONCURRENCY": "4"})
        process = crawl.start(feed_option="-O")
        done = threading.Event()
        sampler = threading.Thread(target=_sample, args=(samples, done), daemon=True)
        sampler.start()
        returncode = process.wait(timeout=300)
        done.set()
        sampler.join()
    result = crawl.result(returncode)
    assert returncode == 0, result.output[-3000:]
    stats = result.stats()
    assert stats["citeseeker/render/pages"] >= pages          # and the server's root listing
    assert stats["citeseeker/render/browser_restarts"] >= 2
    assert stats["playwright/page_count/max_concurrent"] <= 4
    assert stats["playwright/context_count/max_concurrent"] <= 5
    # Chromium's whole process tree (PSS) stays far below what 60 open pages would take.
    assert samples and 0 < max(samples) < 1024, samples
    print(f"chromium PSS MiB: peak {max(samples):.0f}, samples {len(samples)}, "
          f"{stats['elapsed_time_seconds']:.0f} s")


def _sample(samples: list[float], done: threading.Event) -> None:
    while not done.wait(0.5):
        samples.append(chromium_pss_mib())
