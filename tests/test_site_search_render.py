"""A search form made by a script: submitted when the page was rendered by the
browser (real Chromium through scrapy-playwright), skipped when it was not."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest

from tests.support.crawl import run_crawl
from tests.support.servers import SiteServer

TITLE = "Retrieving citations on the web"
SEARCH = ("-a", "authors=Fiala", "-a", f"publications={TITLE}")
#: The form exists only once the script ran (split so that no reading of the source finds it).
HOME = ("<!doctype html><html><head><title>Lab</title><script>\n"
        "document.addEventListener('DOMContentLoaded', function () {\n"
        "  document.getElementById('box').innerHTML = '<fo' + 'rm action=\"/find\">' +\n"
        "    '<input type=\"text\" name=\"q\" placeholder=\"Search the lab\">' +\n"
        "    '<button type=\"submit\">Search</button></fo' + 'rm>';\n"
        "});</script></head><body><div id='box'></div><p>Welcome to our lab, where we study"
        " crawling, indexing and many other things worth a long paragraph of text here.</p>"
        "<a href='/about.html'>About us</a></body></html>")
RESULTS = ("<html><body><h1>Results</h1><ol><li><a href='/hidden/paper.html'>Crawling</a> "
           "... [3] D. Fiala: Retrieving citations ...</li></ol></body></html>")
PAPER = ("<html><body><h1>Crawling</h1><p>References</p><p>[3] D. Fiala: Retrieving citations"
         " on the web. Proc. WSCG, 2003.</p></body></html>")


def pages(path: str) -> str | None:
    parts = urlsplit(path)
    if parts.path == "/":
        return HOME
    if parts.path == "/find" and parse_qs(parts.query).get("q") == ["Fiala"]:
        return RESULTS
    if parts.path == "/hidden/paper.html":  # linked from the results only
        return PAPER
    if parts.path == "/about.html":
        return "<html><body><p>About.</p></body></html>"
    return None


@pytest.mark.parametrize("rendered", [True, False], ids=["rendered", "not-rendered"])
def test_a_form_made_by_a_script(tmp_path: Path, rendered: bool) -> None:
    (tmp_path / "site").mkdir()
    with SiteServer(tmp_path / "site", pages=pages) as site:
        render = ({"CITESEEKER_RENDER": "auto", "CITESEEKER_RENDER_SERVERS": site.base}
                  if rendered else {"CITESEEKER_RENDER": "never"})
        result = run_crawl(tmp_path / "crawl", *SEARCH, "-a", f"startpoints={site.base}/",
                           settings={**render, "CITESEEKER_SITE_SEARCH": "only",
                                     "CITESEEKER_SITE_SEARCH_TITLE_WORDS": "0"})
        assert result.returncode == 0, result.output[-3000:]
        if rendered:
            assert "/find?q=Fiala" in site.requests
            assert [d["url"] for d in result.documents] == [site.url("/hidden/paper.html")]
        else:
            assert not [p for p in site.requests if p.startswith("/find")]
            assert result.documents == []
