"""Serve document trees on 127.0.0.1, one port per tree, in one process (bench_realdocs.py).

    python serve.py DIR [DIR ...]     # prints {"ports": [...]} on stdout, then serves until killed

Python's own static file server with directory listings: listings are the HTML pages a crawler
(or ``wget -r``) follows, as on a real documentation mirror. Quiet, threaded, HTTP/1.0.
"""

from __future__ import annotations

import functools
import json
import sys
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer


class MirrorServer(ThreadingHTTPServer):
    """Python's threaded server with a listen backlog of 128 instead of 5.

    Why: with 5, Scrapy's downloads stall for a second now and then (TCP retries a refused
    connection after 1 s), even one request at a time, and the benchmark would measure the
    server's queue rather than the crawlers. Real servers queue more (nginx: 511).
    """

    request_queue_size = 128


class QuietHandler(SimpleHTTPRequestHandler):
    """No access log on stderr (thousands of lines would cost the benchmark's CPU)."""

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002
        pass


def main(roots: list[str]) -> None:
    servers = []
    for root in roots:
        handler = functools.partial(QuietHandler, directory=root)
        server = MirrorServer(("127.0.0.1", 0), handler)
        server.daemon_threads = True
        servers.append(server)
        threading.Thread(target=server.serve_forever, daemon=True).start()
    print(json.dumps({"ports": [s.server_address[1] for s in servers]}), flush=True)
    threading.Event().wait()


if __name__ == "__main__":
    main(sys.argv[1:])
