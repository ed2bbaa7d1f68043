"""Site search on the result pages real servers show: ``off`` against ``first`` and
``only``, side by side, every kind of result page in one run.

    .venv/bin/python bench/bench_site_search.py [--documents 400] [--plain 3] [--seed 26]

A generated web (``tests/support/search_web.py``) on 127.0.0.1: one server per kind of result page
(titles only, first lines, keyword-in-context snippets, an author/title/year table, records
linking to landing pages, a page written by a script, a search that never finds anything),
plus ``--plain`` servers without a search, each a tree of ``--documents`` papers. Searches are
GET or POST (a hidden token, a "Next" button), five results a page; every server answers a
query without hits with a "No results" page listing popular papers; every other server has
newsletter, login and comment forms. The same web is crawled by the real ``scrapy crawl
citeseeker`` once per mode (``CITESEEKER_RENDER=auto``: the script kind needs the browser);
each server records every request it answered. Printed:

* per kind: requests to the server until its last citing document (``first`` and ``off``),
  recall and harvest in ``only`` mode;
* overall: recall on the servers with a search, harvest there (citing documents / documents
  fetched there: every GET but robots.txt and the search requests, the entry page and landing
  pages included), decoy submissions, documents reported that do not cite, requests, seconds;
* the harvest's ceiling on this web: citing / (citing + one page with the form per search
  server + the record page of each citing document of the ``landing`` kind), what a crawl that
  fetched nothing else would reach;
* citing documents per request to the search servers (robots.txt, the probe, result pages and a
  browser's second fetch included): what the search costs the servers;
* harvest among the documents a result page listed (Liu & Agah's measure, a landing page's
  file counted as listed);
* the targets: ``first`` reaches every citing document of a search server within 25 requests
  to it; ``only`` has recall >= 0.95 and harvest >= 0.75 on the search servers.

What counts as a document fetched: robots.txt and the search's own
requests (the probe, queries, result pages) are not documents, as Liu & Agah count fetched
documents, so they stay out of the harvest; their cost is the per-request figure. The page
the form is on is a document the crawl fetched and searched, and so is a record page: both
count.

All servers share the host 127.0.0.1, which Scrapy would put in one download slot; the crawls
set ``CONCURRENT_REQUESTS_PER_DOMAIN=16`` so that the four servers crawled at once get about
four requests each, as four hosts would.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.support.crawl import run_crawl  # noqa: E402
from tests.support.search_web import (  # noqa: E402
    DECOY_PATHS, KINDS, SEARCH_PATHS, SEARCH_STRINGS, SearchWeb, Server, generate)

MODES = ("off", "first", "only")
FIRST_TARGET, RECALL_TARGET, HARVEST_TARGET = 25, 0.95, 0.75


def documents_fetched(server: Server) -> list[str]:
    """Every GET the server answered but robots.txt and its search (result pages)."""
    return [path for _, method, path, _ in server.requests if method == "GET"
            and path != "/robots.txt" and not path.startswith(SEARCH_PATHS)]


def until_last_citation(server: Server, found: set[str]) -> int:
    """The server's requests (result pages included), in order, until the last citing
    document it answered; 0 when it has none."""
    requests = [path for _, _, path, _ in server.requests if path != "/robots.txt"]
    return max((position for position, path in enumerate(requests, 1) if path in found),
               default=0)


def least_fetched(server: Server) -> int:
    """Documents a crawl must fetch to find every citing one through the search: the page the
    form is on, each citing document and, on a server of landing pages, its record page."""
    records = [record for record, file in server.files.items() if file in server.citing]
    return 1 + len(server.citing) + len(records)


def per_server(server: Server, documents: list[dict]) -> dict[str, float]:
    found = {d["url"][len(server.base):] for d in documents
             if d["url"].startswith(server.base + "/")}
    fetched = set(documents_fetched(server))
    return {"citing": len(server.citing), "found": len(found & server.citing),
            "least": least_fetched(server) if server.kind else 0,
            "all_requests": len(server.requests),
            "false": len(found - server.citing), "fetched": len(fetched),
            "citing_fetched": len(fetched & found),
            "results_fetched": len(fetched & server.listed),
            "citing_results": len(fetched & server.listed & found),
            "requests": len([r for r in server.requests if r[2] != "/robots.txt"]),
            "until_last": until_last_citation(server, found & server.citing),
            "decoys": sum(1 for r in server.requests if r[2].startswith(DECOY_PATHS))}


def overall(rows: dict[str, dict[str, float]], servers: list[Server]) -> dict[str, float]:
    search = [s.name for s in servers if s.kind]
    total = {key: sum(rows[s.name][key] for s in servers) for key in rows[servers[0].name]}
    summed = {key: sum(rows[name][key] for name in search) for key in total}
    return {"recall_search": summed["found"] / max(1, summed["citing"]),
            "harvest_search": summed["citing_fetched"] / max(1, summed["fetched"]),
            "harvest_ceiling": summed["citing"] / max(1, summed["least"]),
            "citing_per_request": summed["citing_fetched"] / max(1, summed["all_requests"]),
            "harvest_results": summed["citing_results"] / max(1, summed["results_fetched"]),
            "recall_all": total["found"] / max(1, total["citing"]),
            "worst_until_last": max(rows[name]["until_last"] for name in search),
            "requests": total["requests"], "fetched": total["fetched"],
            "decoys": total["decoys"], "false": total["false"]}


def main(argv: list[str] | None = None) -> dict[str, dict]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--documents", type=int, default=400)
    parser.add_argument("--plain", type=int, default=3, help="servers without a search")
    parser.add_argument("--seed", type=int, default=26)
    parser.add_argument("--workdir", type=Path, default=None,
                        help="keep each crawl's output and logs here (default: a scratch dir)")
    parser.add_argument("--per-domain", type=int, default=16,
                        help="CONCURRENT_REQUESTS_PER_DOMAIN (all servers share 127.0.0.1)")
    options = parser.parse_args(argv)
    # about five citing papers and two that only name an author per server, whatever its size
    servers = generate((*KINDS, *[None] * options.plain), seed=options.seed,
                       documents=options.documents, cite_rate=5 / options.documents,
                       mention_rate=2 / options.documents)
    results: dict[str, dict] = {}
    with tempfile.TemporaryDirectory() as scratch, SearchWeb(servers) as web:
        work = options.workdir or Path(scratch)
        work.mkdir(parents=True, exist_ok=True)
        (work / "searchstrings.txt").write_text(SEARCH_STRINGS, encoding="utf-8")
        starts = " ".join(s.base + "/" for s in servers)
        for mode in MODES:
            web.reset()
            began = time.monotonic()
            crawl = run_crawl(work / mode, "-a", f"authors={work / 'searchstrings.txt'}",
                              "-a", f"startpoints={starts}", timeout=1800,
                              settings={"CITESEEKER_SITE_SEARCH": mode,
                                        "CITESEEKER_RENDER": "auto",
                                        "CITESEEKER_PROGRESS_INTERVAL": "0",
                                        "CONCURRENT_REQUESTS_PER_DOMAIN":
                                            str(options.per_domain)})
            if crawl.returncode != 0:
                raise SystemExit(f"{mode}: crawl failed\n{crawl.output[-3000:]}")
            rows = {s.name: per_server(s, crawl.documents) for s in servers}
            results[mode] = {"rows": rows, "overall": overall(rows, servers),
                             "seconds": time.monotonic() - began}
    report(servers, results)
    return results


def report(servers: list[Server], results: dict[str, dict]) -> None:
    search = [s for s in servers if s.kind]
    print(f"{len(servers)} servers of {len(servers[0].titles)} papers, {len(search)} with a "
          f"site search; {sum(len(s.citing) for s in servers)} citing documents "
          f"({sum(len(s.citing) for s in search)} on servers with search)")
    print("\n| kind | citing | off: requests to last | first: requests to last | first recall "
          "| only: recall | only: documents | only: harvest | only: requests |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    for server in search:
        off, first, only = (results[m]["rows"][server.name] for m in MODES)
        recall = f"{only['found'] / only['citing']:.2f}" if only["citing"] else "-"
        print(f"| {server.kind} ({server.search.upper()}) | {only['citing']} | "
              f"{off['until_last']} | {first['until_last']} | "
              f"{first['found']}/{first['citing']} | {recall} | {only['fetched']} | "
              f"{only['citing_fetched'] / max(1, only['fetched']):.2f} | "
              f"{only['all_requests']} |")
    print("\n| figure | " + " | ".join(MODES) + " |")
    print("|---|" + "---:|" * len(MODES))
    rows = [("recall, servers with search", "recall_search", "{:.3f}"),
            ("harvest, servers with search", "harvest_search", "{:.3f}"),
            ("citing documents per request to the search servers", "citing_per_request",
             "{:.3f}"),
            ("harvest, result documents (the paper's measure)", "harvest_results", "{:.3f}"),
            ("recall, all servers", "recall_all", "{:.3f}"),
            ("worst requests to a search server's last citation", "worst_until_last", "{:.0f}"),
            ("requests (all servers)", "requests", "{:.0f}"),
            ("documents fetched", "fetched", "{:.0f}"),
            ("decoy form submissions", "decoys", "{:.0f}"),
            ("documents reported that do not cite", "false", "{:.0f}")]
    for label, key, form in rows:
        print(f"| {label} | " + " | ".join(form.format(results[m]["overall"][key])
                                           for m in MODES) + " |")
    print("| wall seconds | " + " | ".join(f"{results[m]['seconds']:.1f}" for m in MODES) + " |")
    off, first, only = (results[m]["overall"] for m in MODES)
    print(f"\nfirst / off: requests to the last citation (worst server) "
          f"{first['worst_until_last'] / max(1, off['worst_until_last']):.2f}x; "
          f"only / off: requests {only['requests'] / max(1, off['requests']):.2f}x, harvest "
          f"{only['harvest_search'] / max(1e-9, off['harvest_search']):.2f}x")
    print(f"targets: first <= {FIRST_TARGET} requests: "
          f"{'met' if first['worst_until_last'] <= FIRST_TARGET else 'NOT met'}; only recall "
          f">= {RECALL_TARGET}: {'met' if only['recall_search'] >= RECALL_TARGET else 'NOT met'}"
          f"; only harvest >= {HARVEST_TARGET}: "
          f"{'met' if only['harvest_search'] >= HARVEST_TARGET else 'NOT met'} "
          f"({only['harvest_search']:.3f}; this web's ceiling {only['harvest_ceiling']:.3f}: "
          f"every search server's page with the form and each citing record's page fetched, "
          f"nothing else)")


if __name__ == "__main__":
    main()
