"""A real HTTP server on 127.0.0.1 (random port) serving a directory the test generated.

It records every request path, so tests can assert what the crawler fetched and how often.
"""

from __future__ import annotations

import functools
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path


class RecordingHandler(SimpleHTTPRequestHandler):
    """Serves files; remembers request paths; answers ``/redirect/...`` paths from a table."""

    def do_GET(self) -> None:  # noqa: N802 (http.server's naming)
        self.server.requests.append(self.path)
        target = self.server.redirects.get(self.path)
        if target is not None:
            self.send_response(302)
            self.send_header("Location", target)
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        super().do_GET()

    def log_message(self, format: str, *args) -> None:  # keep test output quiet
        pass


class SiteServer:
    """Context manager: ``with SiteServer(root) as site: site.url('/a.html')``."""

    def __init__(self, root: Path, redirects: dict[str, str] | None = None) -> None:
        handler = functools.partial(RecordingHandler, directory=str(root))
        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.httpd.requests = []
        self.httpd.redirects = dict(redirects or {})
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
