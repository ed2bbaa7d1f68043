"""A real crawl of many slow servers (each its own address on 127.1.0.0/16, so its own
download slot): as many servers are crawled at once as the answers waited for need, by
default, and never more than the user's CITESEEKER_CONCURRENT_SERVERS."""

from __future__ import annotations

import threading
import time
from http.server import BaseHTTPRequestHandler
from pathlib import Path

import pytest

from citeseeker_scrapy.frontier.width import START
from tests.support.crawl import run_crawl
from tests.support.servers import LocalServer

HOSTS = 14
PAGES = 4
LATENCY = 0.4


class SlowWeb:
    """``HOSTS`` servers of ``PAGES`` linked pages each, every answer ``LATENCY`` s late;
    remembers how many hosts were waiting out a request's latency at the same time."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.open: dict[int, int] = {}
        self.most_hosts_at_once = 0
        self.servers = [self._serve(host) for host in range(HOSTS)]

    def _serve(self, host: int) -> LocalServer:
        web = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:  # noqa: N802 (http.server's naming)
                # closed before the answer is written: once it is on the wire the crawler may
                # finish this host and open the next before this thread runs again
                web.opened(host, +1)
                try:
                    time.sleep(LATENCY)
                finally:
                    web.opened(host, -1)
                links = "".join(f'<a href="/p{n}.html">p{n}</a> ' for n in range(PAGES))
                body = f"<html><body>{self.path} {links}</body></html>".encode()
                self.send_response(200 if self.path != "/robots.txt" else 404)
                self.send_header("Content-Type", "text/html")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, format: str, *args) -> None:
                pass

        server = LocalServer((f"127.1.0.{host + 1}", 0), Handler)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        return server

    def opened(self, host: int, change: int) -> None:
        with self.lock:
            self.open[host] = self.open.get(host, 0) + change
            busy = sum(1 for count in self.open.values() if count)
            self.most_hosts_at_once = max(self.most_hosts_at_once, busy)

    def starts(self) -> str:
        return "\n".join(f"http://127.1.0.{h + 1}:{s.server_address[1]}/"
                         for h, s in enumerate(self.servers)) + "\n"

    def close(self) -> None:
        for server in self.servers:
            server.shutdown()
            server.server_close()


@pytest.mark.parametrize("bound", [
    # grown only while the servers are waited for: a neighbour's load may stop the growth early
    pytest.param(None, id="by default more than it starts with", marks=pytest.mark.alone),
    pytest.param(3, id="the user's bound holds")])
def test_slow_servers_are_crawled_side_by_side(tmp_path: Path, bound: int | None) -> None:
    web = SlowWeb()
    try:
        starts = tmp_path / "starts.txt"
        starts.write_text(web.starts(), encoding="utf-8")
        settings = {"CONCURRENT_REQUESTS_PER_DOMAIN": "1", "CITESEEKER_PROGRESS_INTERVAL": "0"}
        if bound is not None:
            settings["CITESEEKER_CONCURRENT_SERVERS"] = str(bound)
        result = run_crawl(tmp_path / "run", "-a", "authors=Fiala",
                           "-a", "publications=Retrieving citations on the web",
                           "-a", f"startpoints={starts}", settings=settings)
    finally:
        web.close()
    assert result.returncode == 0, result.output[-3000:]
    assert result.stats()["citeseeker/frontier/servers_completed"] == HOSTS
    if bound is None:  # grown while servers waited (the machine's load may stop it early)
        assert web.most_hosts_at_once > START
    else:
        assert web.most_hosts_at_once == bound
