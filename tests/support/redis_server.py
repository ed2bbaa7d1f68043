"""A real redis-server started by the tests on a free 127.0.0.1 port, in a temp directory."""

from __future__ import annotations

import socket
import subprocess
import time
from pathlib import Path

import redis

from tests.support.children import tied


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class RedisServer:
    """``with RedisServer(tmp) as server: server.url``; ``restart()`` keeps port and files
    (with ``appendonly`` the data survives, as it would for a production Redis)."""

    def __init__(self, directory: Path, *, appendonly: bool = False, port: int = 0) -> None:
        self.directory = Path(directory)
        self.directory.mkdir(parents=True, exist_ok=True)
        self.appendonly = appendonly
        self.port = port or free_port()
        self.process: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def client(self) -> redis.Redis:
        return redis.Redis.from_url(self.url, decode_responses=True)

    def start(self) -> "RedisServer":
        command = ["redis-server", "--bind", "127.0.0.1", "--port", str(self.port),
                   "--dir", str(self.directory), "--save", "",
                   "--appendonly", "yes" if self.appendonly else "no",
                   "--appendfsync", "always", "--protected-mode", "no"]
        self.process = subprocess.Popen(command, stdout=subprocess.DEVNULL,
                                        stderr=subprocess.DEVNULL, **tied())
        deadline = time.monotonic() + 10
        while True:
            try:
                if self.client().ping():
                    return self
            except redis.ConnectionError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.05)

    def stop(self) -> None:
        if self.process is not None:
            self.process.kill()
            self.process.wait()
            self.process = None

    def restart(self, down_seconds: float = 0.0) -> None:
        self.stop()
        time.sleep(down_seconds)
        self.start()

    def __enter__(self) -> "RedisServer":
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()
