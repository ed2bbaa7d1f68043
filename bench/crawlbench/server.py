"""The generated web's HTTP/1.1 server: one process, one asyncio loop, ``--servers`` ports.

    python bench/crawlbench/server.py --servers 50 --pages 2200

Binds ``--servers`` listening sockets on 127.0.0.1 (kernel-chosen ports, so parallel runs never
collide) plus a control port, then prints one JSON line ``{"ports": [...], "control": port}``
on stdout. A minimal HTTP/1.1 parser: keep-alive, pipelining, ``Connection: close``; GET/HEAD
only, no request bodies. ``/robots.txt`` is an empty 200, ``/`` and ``/p/<n>.html`` pages,
``/r/<n>`` and ``/x/<s>/<n>`` 302 redirects, anything else 404. ``--latency S`` answers every
request S seconds late (a network-bound crawl), without holding up other connections.

The control port answers ``/stats`` (JSON: counts since the last reset, per status, per server,
requests for the same path more than once, this process's CPU seconds) and ``/reset``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import resource
import sys
import time
from collections import Counter

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from crawlbench.web import Web  # noqa: E402

HTML = b"text/html; charset=utf-8"


def _cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


class Counters:
    """What was served since the last reset (one crawl run)."""

    def __init__(self) -> None:
        self.reset()

    def reset(self) -> None:
        self.status: Counter[str] = Counter()
        self.paths: Counter[tuple[int, str]] = Counter()   # (server, path) of every request
        self.connections = 0
        self.started = time.monotonic()
        self.first_request = self.last_request = None
        self.cpu = _cpu()

    def stamp(self) -> None:
        now = time.monotonic() - self.started
        if self.first_request is None:
            self.first_request = now
        self.last_request = now

    def snapshot(self, servers: int) -> dict:
        pages = Counter()          # distinct 200 pages per server
        for (server, path), _ in self.paths.items():
            if path.startswith("/p/") or path == "/":
                pages[server] += 1
        repeated = {f"{s}{p}": c for (s, p), c in self.paths.items() if c > 1}
        return {
            "status": dict(self.status),
            "requests": sum(self.paths.values()),
            "distinct_paths": len(self.paths),
            "repeated_requests": sum(c - 1 for c in repeated.values()),
            "repeated_examples": dict(sorted(repeated.items(), key=lambda kv: -kv[1])[:10]),
            "distinct_pages_per_server": {str(s): pages.get(s, 0) for s in range(servers)},
            "connections": self.connections,
            "seconds": time.monotonic() - self.started,
            "first_request": self.first_request,
            "last_request": self.last_request,
            "cpu_seconds": _cpu() - self.cpu,
        }


class HttpProtocol(asyncio.Protocol):
    """One connection to one server (port)."""

    def __init__(self, app: "App", server: int) -> None:
        self.app = app
        self.server = server
        self.buffer = b""
        self.transport: asyncio.Transport | None = None

    def connection_made(self, transport) -> None:
        self.transport = transport
        self.app.counters.connections += 1

    def data_received(self, data: bytes) -> None:
        self.buffer += data
        while True:
            end = self.buffer.find(b"\r\n\r\n")
            if end < 0:
                if len(self.buffer) > 65536:
                    self.transport.close()
                return
            head, self.buffer = self.buffer[:end], self.buffer[end + 4:]
            line, _, headers = head.partition(b"\r\n")
            try:
                method, target, version = line.decode("latin-1").split(" ", 2)
            except ValueError:
                self.transport.write(b"HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n"
                                     b"Connection: close\r\n\r\n")
                self.transport.close()
                return
            close = version == "HTTP/1.0" or b"connection: close" in headers.lower()
            reply = self.app.respond(self.server, method, target, close)
            delay = self.app.delay(self.server)
            if delay:
                # answered later without blocking the loop: a slow network or server
                asyncio.get_running_loop().call_later(delay, self._send, reply, close)
            else:
                self._send(reply, close)
            if close:
                return

    def _send(self, reply: bytes | None, close: bool) -> None:
        if self.transport.is_closing():
            return
        if reply is None:  # a dropped answer: the connection closes without one
            self.transport.close()
            return
        self.transport.write(reply)
        if close:
            self.transport.close()


class App:
    def __init__(self, web: Web | None, servers: int, latency: float = 0.0) -> None:
        self.web = web
        self.latency = latency
        self.servers = servers
        self.counters = Counters()

    def delay(self, server: int) -> float:
        """Seconds before the answer to a request to ``server`` (-1: the control port)."""
        return self.latency if server >= 0 else 0.0

    def respond(self, server: int, method: str, target: str, close: bool) -> bytes | None:
        path = target.split("?", 1)[0].split("#", 1)[0]
        if server < 0:
            return self.control(path)
        self.counters.paths[(server, path)] += 1
        self.counters.stamp()
        web = self.web
        extra = b"Connection: close\r\n" if close else b""
        n = web.page_number(path)
        if n is not None:
            status, ctype, body = b"200 OK", HTML, web.page(server, n)
        elif path == "/robots.txt":
            status, ctype, body = b"200 OK", b"text/plain", b""
        else:
            location = web.redirect(server, path)
            if location is not None:
                self.counters.status["302"] += 1
                body = b""
                return (b"HTTP/1.1 302 Found\r\nLocation: " + location.encode() +
                        b"\r\nContent-Length: 0\r\n" + extra + b"\r\n")
            status, ctype, body = b"404 Not Found", HTML, b"<html><body>not found</body></html>"
        self.counters.status[status[:3].decode()] += 1
        if path == "/robots.txt":
            self.counters.status["robots"] += 1
        return (b"HTTP/1.1 " + status + b"\r\nContent-Type: " + ctype + b"\r\nContent-Length: " +
                str(len(body)).encode() + b"\r\n" + extra + b"\r\n" +
                (body if method != "HEAD" else b""))

    def control(self, path: str) -> bytes:
        if path == "/reset":
            self.counters.reset()
            body = b'{"ok": true}'
        elif path == "/stats":
            body = json.dumps(self.counters.snapshot(self.servers)).encode()
        else:
            body = b"{}"
        return (b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: " +
                str(len(body)).encode() + b"\r\nConnection: close\r\n\r\n" + body)


async def serve(servers: int, pages: int, seed: int, latency: float = 0.0) -> None:
    loop = asyncio.get_running_loop()
    app = App(None, servers, latency)
    listeners = []
    for server in range(servers):
        listener = await loop.create_server(lambda s=server: HttpProtocol(app, s), "127.0.0.1", 0,
                                            backlog=1024)
        listeners.append(listener)
    control = await loop.create_server(lambda: HttpProtocol(app, -1), "127.0.0.1", 0)
    ports = [listener.sockets[0].getsockname()[1] for listener in listeners]
    app.web = Web(servers, pages, ports, seed)
    print(json.dumps({"ports": ports, "control": control.sockets[0].getsockname()[1],
                      "pid": os.getpid()}), flush=True)
    await asyncio.Event().wait()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--servers", type=int, default=50)
    parser.add_argument("--pages", type=int, default=2200)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--latency", type=float, default=0.0,
                        help="seconds before each answer (not blocking other connections)")
    args = parser.parse_args()
    try:
        asyncio.run(serve(args.servers, args.pages, args.seed, args.latency))
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
