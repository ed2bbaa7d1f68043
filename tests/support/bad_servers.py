"""Real HTTP servers on 127.x.y.z that behave as servers do on a bad day: throttling (429),
restarting (503 with ``Retry-After``), down (connections refused), silent (a connection
accepted and never answered), or answering 200 for every path (soft-404 sites, calendars).
Each answer comes from a function the test gives, and every request is recorded with its time,
so tests can assert how politely the crawler waited."""

from __future__ import annotations

import socket
import struct
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler
from typing import Callable

from tests.support.servers import LocalServer


@dataclass
class Answer:
    """What a scripted server sends: a status, headers and a body (HTML unless told)."""

    status: int = 200
    body: str = ""
    headers: dict[str, str] = field(default_factory=dict)


@dataclass
class Hit:
    """One request the server received: when (``time.monotonic``), which path, what it sent;
    ``arrived``: when its first bytes reached this machine's network stack (``time.time``'s
    clock), a time no lag of the server's threads moves (see :func:`arrival_time`)."""

    at: float
    path: str
    status: int
    arrived: float = 0.0


#: ``respond(path, hits_so_far, seconds_since_start) -> Answer``
Responder = Callable[[str, int, float], Answer]


#: Linux's SO_TIMESTAMPNS (asm-generic/socket.h; Python's socket module does not name it):
#: the kernel stamps each packet a socket receives with the time it arrived.
SO_TIMESTAMPNS = 35


def arrival_time(connection: socket.socket) -> float:
    """When the bytes waiting on ``connection`` (a socket with SO_TIMESTAMPNS) reached the
    kernel, on ``time.time``'s clock; it waits for them and leaves them to be read. On
    loopback that is when the client sent them: a loaded machine that wakes the server's
    thread late moves the time the thread sees, not this one. ``time.time()`` when the kernel
    gave no stamp (the connection closed). Who calls: :class:`ScriptedHandler`, before each
    request on a connection."""
    _, ancillary, _, _ = connection.recvmsg(1, socket.CMSG_SPACE(16), socket.MSG_PEEK)
    for level, kind, payload in ancillary:
        if level == socket.SOL_SOCKET and kind == SO_TIMESTAMPNS:
            seconds, nanoseconds = struct.unpack("qq", payload[:16])
            return seconds + nanoseconds / 1e9
    return time.time()


class ScriptedHandler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    #: unbuffered: a request's bytes stay in the socket until it is read, so
    #: :func:`arrival_time` sees the next request's, not the buffer's
    rbufsize = 0

    def handle_one_request(self) -> None:
        self.arrived = arrival_time(self.connection)
        super().handle_one_request()

    def do_GET(self) -> None:  # noqa: N802 (http.server's naming)
        server: ScriptedServer = self.server.owner
        with server.lock:
            now = time.monotonic()
            answer = server.respond(self.path, len(server.hits), now - server.started)
            server.hits.append(Hit(now, self.path, answer.status, self.arrived))
        data = answer.body.encode("utf-8")
        self.send_response(answer.status)
        headers = {"Content-Type": "text/html; charset=utf-8", **answer.headers}
        for name, value in headers.items():
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, format: str, *args) -> None:  # keep test output quiet
        pass


class ScriptedServer:
    """``with ScriptedServer(respond, host="127.0.4.1") as site: site.base``; ``port`` may be
    given (a server that comes up later on the port a crawl already knows)."""

    def __init__(self, respond: Responder, *, host: str = "127.0.0.1", port: int = 0) -> None:
        self.respond = respond
        self.hits: list[Hit] = []
        self.lock = threading.Lock()
        self.started = time.monotonic()
        self.httpd = LocalServer((host, port), ScriptedHandler)
        self.httpd.owner = self
        # the connections it accepts inherit it: their first packets are stamped as well
        self.httpd.socket.setsockopt(socket.SOL_SOCKET, SO_TIMESTAMPNS, 1)
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    @property
    def base(self) -> str:
        host, port = self.httpd.server_address[:2]
        return f"http://{host}:{port}"

    def paths(self) -> list[str]:
        return [hit.path for hit in self.hits]

    def __enter__(self) -> "ScriptedServer":
        self.started = time.monotonic()
        self.thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


class SilentServer:
    """A server that accepts every connection and never answers: alive, but slow beyond any
    timeout. ``held`` has, for each connection the client closed, how long it was open."""

    def __init__(self, host: str = "127.0.0.1") -> None:
        self.listener = socket.create_server((host, 0))
        self.held: list[float] = []
        self.open: list[socket.socket] = []
        self.thread = threading.Thread(target=self._accept, daemon=True)

    @property
    def base(self) -> str:
        host, port = self.listener.getsockname()[:2]
        return f"http://{host}:{port}"

    def _accept(self) -> None:
        while True:
            try:
                connection, _ = self.listener.accept()
            except OSError:  # closed by __exit__
                return
            accepted = time.monotonic()  # here, not in the thread: its start may lag
            self.open.append(connection)
            threading.Thread(target=self._hold, args=(connection, accepted), daemon=True).start()

    def _hold(self, connection: socket.socket, accepted: float) -> None:
        """Read the request and whatever follows until the client gives up (EOF); ``accepted``
        is when the accepting thread took the connection."""
        try:
            while connection.recv(4096):
                pass
        except OSError:
            return
        self.held.append(time.monotonic() - accepted)

    def __enter__(self) -> "SilentServer":
        self.thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self.listener.close()
        for connection in self.open:
            connection.close()


def free_port(host: str = "127.0.0.1") -> int:
    """A port nothing listens on (bound, then released: connections to it are refused)."""
    with socket.socket() as probe:
        probe.bind((host, 0))
        return probe.getsockname()[1]


def page(body: str, links: list[str] = ()) -> str:
    anchors = "".join(f'<a href="{link}">{link}</a> ' for link in links)
    return f"<html><body><p>{body}</p>{anchors}</body></html>"
