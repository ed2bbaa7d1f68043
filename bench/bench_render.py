"""Does the browser cost pages that are not rendered?  ``CITESEEKER_RENDER=auto`` vs ``never``.

    .venv/bin/python bench/bench_render.py                    # 10,000 pages, 3 runs each
    .venv/bin/python bench/bench_render.py --pages 3000 --repeat 1

The generated web of ``bench_crawl.py`` (static pages, no scripts: nothing needs a browser) is
crawled by the real ``scrapy crawl citeseeker``, alternating ``auto`` (scrapy-playwright's
download handler installed, Playwright's driver started, our middleware looking at every
response) and ``never`` (Scrapy's own HTTP/1.1 handler only), all other settings as in
``bench_crawl.py``. Prints pages/s and peak RSS side by side and the ratio auto/never.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_crawl import WebServer, run_crawl  # noqa: E402
from crawlbench.web import searchstrings  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pages", type=int, default=10_000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--servers", type=int, default=20)
    args = parser.parse_args()
    temp = Path(tempfile.mkdtemp(prefix="renderbench-"))
    queries = temp / "queries.txt"
    queries.write_text(searchstrings(), encoding="utf-8")
    server = WebServer(args.servers, int(args.pages * 1.1 / args.servers) + 1)
    rates: dict[str, list[float]] = {"never": [], "auto": []}
    peaks: dict[str, list[float]] = {"never": [], "auto": []}
    try:
        index = 0
        for _ in range(args.repeat):
            for mode in ("never", "auto"):
                run = run_crawl("ours", server, args.pages, [args.pages], temp, queries, index,
                                extra={"CITESEEKER_RENDER": mode})
                index += 1
                rate = run.rate(args.pages)
                if rate is None:
                    sys.exit(f"{mode}: the crawl did not reach {args.pages} pages: {run.logs}")
                rates[mode].append(rate)
                peaks[mode].append(run.hwm_mib(args.pages) or 0.0)
                print(f"  {mode:5}: {rate:,.0f} pages/s, peak RSS {peaks[mode][-1]:.0f} MiB",
                      flush=True)
    finally:
        server.stop()
        shutil.rmtree(temp, ignore_errors=True)
    never, auto = statistics.median(rates["never"]), statistics.median(rates["auto"])
    print(f"\n{args.pages:,} pages, median of {args.repeat} run(s) each, one shared 2-core machine")
    print("| mode | pages/s | peak RSS (crawler process) |")
    print("| --- | ---: | ---: |")
    for mode in ("never", "auto"):
        print(f"| {mode} | {statistics.median(rates[mode]):,.0f} | "
              f"{statistics.median(peaks[mode]):.0f} MiB |")
    print(f"\nauto / never: {auto / never:.2f}x pages/s")


if __name__ == "__main__":
    main()
