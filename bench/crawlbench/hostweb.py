"""A many-host web with latency: ``--hosts`` servers, each its own address 127.1.x.y.

    python bench/crawlbench/hostweb.py --hosts 300 --pages 300 --latency 0.2

One asyncio process listens on one port at every host's address (127.1.0.1, 127.1.0.2, ...,
250 per /24), so each host is its own server *and* its own download slot for a crawler, like
hosts on the web. The pages are ``crawlbench/web.py``'s (~2 KB, ~10 links, one to another
host, redirects), the host in their absolute links being the address. Every answer waits
``--latency`` seconds ±30 % (uniform) without holding up other connections; every
:data:`SLOW_EVERY`-th host answers :data:`SLOW_FACTOR` times slower, and every
:data:`DROP_EVERY`-th host (offset by half) closes one connection in :data:`DROP_ONE_IN`
without an answer. Prints one JSON line ``{"port": P, "control": C, "addresses": [...]}``;
the control port (127.0.0.1) answers ``/stats``, ``/reset`` and ``/latency?s=X`` (the base
latency from now on: the benchmark's CPU-bound run sets 0).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from crawlbench.server import App, HttpProtocol  # noqa: E402
from crawlbench.web import Web  # noqa: E402

SPREAD = 0.3
SLOW_EVERY, SLOW_FACTOR = 50, 5.0
DROP_EVERY, DROP_ONE_IN = 50, 5
HOSTS_PER_NET = 250


def address(host: int) -> str:
    """Host ``host``'s loopback address: 127.1.0.1 .. 127.1.0.250, 127.1.1.1 ..."""
    return f"127.1.{host // HOSTS_PER_NET}.{host % HOSTS_PER_NET + 1}"


class HostWeb(Web):
    """``web.py``'s pages with each server at its own address on one port."""

    def origin(self, server: int) -> str:
        return f"http://{address(server)}:{self.ports[0]}"


class LatencyApp(App):
    """Answers late (per host), some hosts slow, some dropping connections."""

    def __init__(self, web: Web | None, servers: int, latency: float, seed: int) -> None:
        super().__init__(web, servers, latency)
        self.rng = random.Random(seed)

    def delay(self, server: int) -> float:
        if server < 0 or not self.latency:
            return 0.0
        slow = SLOW_FACTOR if server % SLOW_EVERY == SLOW_EVERY - 1 else 1.0
        return self.latency * slow * self.rng.uniform(1 - SPREAD, 1 + SPREAD)

    def respond(self, server: int, method: str, target: str, close: bool) -> bytes | None:
        if server < 0 and target.startswith("/latency?s="):
            self.latency = float(target.split("=", 1)[1])
            return self.control("/stats-none")
        dropping = server >= 0 and server % DROP_EVERY == DROP_EVERY // 2
        if dropping and self.rng.randrange(DROP_ONE_IN) == 0:
            self.counters.status["dropped"] += 1
            return None
        return super().respond(server, method, target, close)


async def serve(hosts: int, pages: int, latency: float, seed: int) -> None:
    loop = asyncio.get_running_loop()
    app = LatencyApp(None, hosts, latency, seed)
    first = await loop.create_server(lambda: HttpProtocol(app, 0), address(0), 0, backlog=1024)
    port = first.sockets[0].getsockname()[1]
    for host in range(1, hosts):
        await loop.create_server(lambda h=host: HttpProtocol(app, h), address(host), port,
                                 backlog=1024)
    control = await loop.create_server(lambda: HttpProtocol(app, -1), "127.0.0.1", 0)
    app.web = HostWeb(hosts, pages, [port], seed)
    print(json.dumps({"port": port, "control": control.sockets[0].getsockname()[1],
                      "pid": os.getpid()}), flush=True)
    await asyncio.Event().wait()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hosts", type=int, default=300)
    parser.add_argument("--pages", type=int, default=300)
    parser.add_argument("--latency", type=float, default=0.2)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    try:
        asyncio.run(serve(args.hosts, args.pages, args.latency, args.seed))
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
