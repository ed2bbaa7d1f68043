"""A short load on the generated web's server, from a process of its own.

    python bench/crawlbench/load.py --ports 40001,40002 --seconds 3 --connections 32 --pages 2200

Keep-alive connections spread over the ports, each a loop of GET (a pseudo-random page) and read
the whole response. Prints one JSON line: requests, seconds, requests per second. The client is
one Python process too, so the rate is a lower bound of what the server sustains; the benchmark
also reports the server's CPU seconds per request.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import time


async def client(port: int, pages: int, deadline: float, seed: int) -> int:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    rng = random.Random(seed)
    done = 0
    while time.monotonic() < deadline:
        n = rng.randrange(pages)
        path = "/" if n == 0 else f"/p/{n}.html"
        writer.write(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode())
        head = await reader.readuntil(b"\r\n\r\n")
        length = 0
        for line in head.split(b"\r\n"):
            if line[:15].lower() == b"content-length:":
                length = int(line[15:])
        if length:
            await reader.readexactly(length)
        done += 1
    writer.close()
    return done


async def run(ports: list[int], pages: int, seconds: float, connections: int) -> dict:
    started = time.monotonic()
    deadline = started + seconds
    counts = await asyncio.gather(*(client(ports[i % len(ports)], pages, deadline, i)
                                    for i in range(connections)))
    elapsed = time.monotonic() - started
    return {"requests": sum(counts), "seconds": elapsed, "per_second": sum(counts) / elapsed}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--ports", required=True)
    parser.add_argument("--pages", type=int, default=2200)
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--connections", type=int, default=32)
    args = parser.parse_args()
    ports = [int(p) for p in args.ports.split(",")]
    print(json.dumps(asyncio.run(run(ports, args.pages, args.seconds, args.connections))))


if __name__ == "__main__":
    main()
