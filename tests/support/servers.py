"""A real HTTP server on 127.0.0.1 (random port) serving a directory the test generated.

It records every request path, so tests can assert what the crawler fetched and how often.
"""

from __future__ import annotations

import functools
import sys
import threading
import time
from typing import Callable
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path


class RecordingHandler(SimpleHTTPRequestHandler):
    """Serves files; remembers request paths; answers redirects from a table and dynamic pages
    from ``pages(path) -> html | None`` (for generated crawler traps); may sleep per request."""

    def do_GET(self) -> None:  # noqa: N802 (http.server's naming)
        self.server.requests.append(self.path)
        if self.server.delay:
            time.sleep(self.server.delay)
        target = self.server.redirects.get(self.path)
        if target is not None:
            self.send_response(302)
            self.send_header("Location", target)
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        body = self.server.pages(self.path) if self.server.pages else None
        if body is not None:
            self._send_html(body.encode("utf-8"))
            return
        super().do_GET()

    def _send_html(self, data: bytes) -> None:
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, format: str, *args) -> None:  # keep test output quiet
        pass


#: How often a serving thread looks whether it was asked to stop: ``shutdown()`` waits up to
#: this long, once per server (the standard library's half second, times the dozens of servers
#: some tests start, added up to seconds of the suite's run).
SHUTDOWN_POLL_SECONDS = 0.05


class LocalServer(ThreadingHTTPServer):
    """A threading HTTP server for tests whose crawler may hang up mid-answer (a kill, a
    cancelled download, the crawl's end): that is no server error, so it is not printed (the
    standard library prints a traceback into the test run's output); any other error is.
    It stops within :data:`SHUTDOWN_POLL_SECONDS` of ``shutdown()``."""

    def serve_forever(self, poll_interval: float = SHUTDOWN_POLL_SECONDS) -> None:
        super().serve_forever(poll_interval)

    def handle_error(self, request, client_address) -> None:
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


class SiteServer:
    """Context manager: ``with SiteServer(root) as site: site.url('/a.html')``."""

    def __init__(self, root: Path, redirects: dict[str, str] | None = None, *,
                 pages: Callable[[str], str | None] | None = None, delay: float = 0.0,
                 port: int = 0, host: str = "127.0.0.1") -> None:
        handler = functools.partial(RecordingHandler, directory=str(root))
        self.httpd = LocalServer((host, port), handler)
        self.httpd.requests = []
        self.httpd.redirects = dict(redirects or {})
        self.httpd.pages = pages
        self.httpd.delay = delay
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    @property
    def base(self) -> str:
        host, port = self.httpd.server_address[:2]
        return f"http://{host}:{port}"

    @property
    def requests(self) -> list[str]:
        return self.httpd.requests

    def url(self, path: str) -> str:
        return self.base + path

    def __enter__(self) -> "SiteServer":
        self.thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


def write_site(root: Path, files: dict[str, str | bytes]) -> Path:
    """Write ``{relative path: content}`` under ``root``; returns ``root``."""
    for relative, content in files.items():
        path = root / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, encoding="utf-8")
    return root
