"""A server that refuses every connection, or whose name does not resolve, is deferred after
``CITESEEKER_UNREACHABLE_AFTER`` failures in a row and completed once its deferrals
(``CITESEEKER_DEFER_TIMES``) are used up: one errors.log line with the count of its documents
not fetched (waiting, or out in the downloader then), instead of every document tried on its
own."""

from __future__ import annotations

import socket
from pathlib import Path

import pytest

from tests.support.crawl import run_crawl
from tests.support.servers import SiteServer, write_site

FIALA = "Retrieving citations on the web"
DEAD_DOCUMENTS = 80
#: More than the dead server's documents out at once (its connections,
#: CONCURRENT_REQUESTS_PER_DOMAIN=4, each retried once).
IN_DOWNLOADER = 16


def closed_port() -> int:
    """A 127.0.0.1 port nothing listens on (bound, then released: connections are refused)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def page(body: str, links: list[str]) -> str:
    anchors = "".join(f'<a href="{link}">{link}</a> ' for link in links)
    return f"<html><body><p>{body}</p>{anchors}</body></html>"


@pytest.mark.parametrize("dead_host", ["refused", "unresolvable"])
def test_an_unreachable_server_is_completed_after_a_few_failures(tmp_path: Path,
                                                                 dead_host: str) -> None:
    dead = (f"http://127.0.0.1:{closed_port()}" if dead_host == "refused"
            else "http://no-such-host.invalid")
    links = [f"{dead}/paper{i}.html" for i in range(DEAD_DOCUMENTS)] + ["cites.html"]
    root = write_site(tmp_path / "site", {
        "index.html": page("Home", links),
        "cites.html": page(f"D. Fiala. {FIALA}. 2003.", [])})
    authors = tmp_path / "authors.txt"
    authors.write_text(f"author=Fiala\n{FIALA}\n", encoding="utf-8")
    with SiteServer(root) as site:
        result = run_crawl(tmp_path / "run", "-a", f"authors={authors}",
                           "-a", f"startpoints={site.base}/index.html",
                           settings={"CITESEEKER_UNREACHABLE_AFTER": "3", "RETRY_TIMES": "1",
                                     "CITESEEKER_DEFER_SECONDS": "0.2",
                                     "CITESEEKER_DEFER_TIMES": "1"})
    assert result.returncode == 0, result.output[-3000:]
    assert result.hits() == {(f"{site.base}/cites.html", FIALA)}
    errors = result.log("errors").splitlines()[1:]
    summary = [line for line in errors if line.startswith(f"{dead}\t")]
    assert len(summary) == 1, errors
    failed = [line for line in errors if line.startswith(f"{dead}/")]
    not_fetched = int(summary[0].split(" documents not fetched")[0].rsplit(" ", 1)[1])
    assert "server unreachable (3 failures in a row after 1 deferrals" in summary[0]
    assert len(failed) <= IN_DOWNLOADER + 3  # those counted, plus what was in flight
    assert not_fetched == DEAD_DOCUMENTS + 1, summary  # its root is a document of it too
    stats = result.stats()
    assert stats["citeseeker/frontier/unreachable_servers"] == 1
    assert stats["citeseeker/frontier/unreachable_documents_skipped"] == not_fetched
    assert stats["citeseeker/frontier/deferred"] == 1
    assert stats["citeseeker/frontier/documents_not_fetched"] == not_fetched
    last = result.output.strip().splitlines()[-1]
    assert last == (f"citeseeker: warning: {not_fetched} document(s) not fetched: 1 server(s) "
                    "never answered (see errors.log)"), last
