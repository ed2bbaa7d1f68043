"""Site search (issue 14): today's crawl (``off``) against ``first`` and ``only``, side by side.

    .venv/bin/python bench/bench_site_search.py [--servers 30] [--documents 60] [--seed 14]

A generated web (``tests/search_web.py``) of N lab servers on 127.0.0.1: half with a site
search (GET and POST alternating; ranked results with snippets, ten a page, "Next" links or
forms, a hidden token the POST form must send back), a third with decoy forms (newsletter,
login). The same web is crawled three times by the real ``scrapy crawl citeseeker``; each
server records every request. Printed per mode:

* harvest rate: documents with citations / documents fetched (every GET of a page or file; the
  search result pages are not documents), on all servers, and as the paper measures it: among
  the documents fetched that a result page listed;
* recall: citing documents found / citing documents, on servers with a search and overall;
* fetches until the last citation, summed over the servers with a search (each server's own
  requests counted in order, result pages included, until the last citing document);
* decoy submissions (must be 0).

Columns: ``off`` (today's crawl), ``first``, ``only``, and ``only+t2`` (``only`` with
``CITESEEKER_SITE_SEARCH_TITLE_WORDS=2``: each query is a surname and two words of a title).
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

from tests.crawl import run_crawl  # noqa: E402
from tests.search_web import SEARCH_STRINGS, SearchWeb, Server, generate  # noqa: E402

#: column -> (CITESEEKER_SITE_SEARCH, CITESEEKER_SITE_SEARCH_TITLE_WORDS)
MODES = {"off": ("off", 0), "first": ("first", 0), "only": ("only", 0),
         "only+t2": ("only", 2)}
SEARCH_PATHS = ("/search", "/cgi-bin/find")


def fetched_documents(server: Server) -> list[str]:
    return [path for _, method, path, _ in server.requests if method == "GET"
            and path != "/robots.txt" and not path.startswith(SEARCH_PATHS)]


def fetches_until_last_citation(server: Server, found: set[str]) -> int:
    """The server's own requests (result pages included), in order, until the last citing
    document it answered (the whole count when it has none found)."""
    requests = [r for r in server.requests if r[2] != "/robots.txt"]
    last = 0
    for position, (_, _, path, _) in enumerate(requests, 1):
        if path in found:
            last = position
    return last


def measure(servers: list[Server], documents: list[dict]) -> dict[str, float]:
    found_by_server = {s.name: {d["url"][len(s.base):] for d in documents
                                if d["url"].startswith(s.base + "/")} for s in servers}
    searchable = [s for s in servers if s.search]
    figures: dict[str, float] = {}
    fetched = [p for s in servers for p in fetched_documents(s)]
    citing_fetched = sum(len(set(fetched_documents(s)) & found_by_server[s.name]) for s in servers)
    figures["fetches"] = sum(len([r for r in s.requests if r[2] != "/robots.txt"])
                             for s in servers)
    figures["documents"] = len(fetched)
    figures["harvest"] = citing_fetched / max(1, len(fetched))
    listed = [(s, p) for s in searchable for p in set(fetched_documents(s)) if p in s.listed]
    figures["harvest_results"] = (sum(p in found_by_server[s.name] for s, p in listed)
                                  / max(1, len(listed)))
    figures["result_documents"] = len(listed)
    figures["recall_search"] = (sum(len(found_by_server[s.name] & s.citing) for s in searchable)
                                / max(1, sum(len(s.citing) for s in searchable)))
    figures["recall_all"] = (sum(len(found_by_server[s.name] & s.citing) for s in servers)
                             / max(1, sum(len(s.citing) for s in servers)))
    figures["until_last"] = sum(fetches_until_last_citation(s, found_by_server[s.name] & s.citing)
                                for s in searchable)
    figures["decoys"] = sum(1 for s in servers for r in s.requests
                            if r[2].startswith(("/newsletter", "/login")))
    figures["false"] = sum(len(found_by_server[s.name] - s.citing) for s in servers)
    return figures


def main(argv: list[str] | None = None) -> dict[str, dict[str, float]]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--servers", type=int, default=30)
    parser.add_argument("--documents", type=int, default=60)
    parser.add_argument("--seed", type=int, default=14)
    parser.add_argument("--per-domain", type=int, default=16,
                        help="CONCURRENT_REQUESTS_PER_DOMAIN (all servers share 127.0.0.1)")
    options = parser.parse_args(argv)
    servers = generate(options.servers, seed=options.seed, documents=options.documents)
    results: dict[str, dict[str, float]] = {}
    with tempfile.TemporaryDirectory() as scratch, SearchWeb(servers) as web:
        work = Path(scratch)
        (work / "searchstrings.txt").write_text(SEARCH_STRINGS, encoding="utf-8")
        starts = " ".join(s.base + "/" for s in servers)
        for mode, (setting, title_words) in MODES.items():
            web.reset()
            began = time.monotonic()
            crawl = run_crawl(work / mode, "-a", f"authors={work / 'searchstrings.txt'}",
                              "-a", f"startpoints={starts}", timeout=900,
                              settings={"CITESEEKER_SITE_SEARCH": setting,
                                        "CITESEEKER_SITE_SEARCH_TITLE_WORDS": str(title_words),
                                        "CITESEEKER_RENDER": "never",
                                        "CITESEEKER_PROGRESS_INTERVAL": "0",
                                        "CONCURRENT_REQUESTS_PER_DOMAIN":
                                            str(options.per_domain)})
            if crawl.returncode != 0:
                raise SystemExit(f"{mode}: crawl failed\n{crawl.output[-3000:]}")
            results[mode] = measure(servers, crawl.documents)
            results[mode]["seconds"] = time.monotonic() - began
    report(servers, results)
    return results


def report(servers: list[Server], results: dict[str, dict[str, float]]) -> None:
    searchable = [s for s in servers if s.search]
    print(f"{len(servers)} servers, {len(searchable)} with a site search "
          f"({sum(s.search == 'post' for s in searchable)} POST), "
          f"{sum(s.decoys for s in servers)} with decoy forms; "
          f"{sum(len(s.citing) for s in servers)} citing documents "
          f"({sum(len(s.citing) for s in searchable)} on servers with search)")
    rows = [("requests (all servers)", "fetches", "{:.0f}"),
            ("documents fetched", "documents", "{:.0f}"),
            ("harvest rate (all documents)", "harvest", "{:.3f}"),
            ("harvest rate (result documents)", "harvest_results", "{:.3f}"),
            ("result documents fetched", "result_documents", "{:.0f}"),
            ("recall, servers with search", "recall_search", "{:.3f}"),
            ("recall, all servers", "recall_all", "{:.3f}"),
            ("fetches until last citation (search servers)", "until_last", "{:.0f}"),
            ("decoy form submissions", "decoys", "{:.0f}"),
            ("documents reported that do not cite", "false", "{:.0f}"),
            ("wall seconds", "seconds", "{:.1f}")]
    print(f"| {'figure':<46} | " + " | ".join(f"{m:>7}" for m in MODES) + " |")
    print("| " + "-" * 46 + " | " + " | ".join("-" * 7 for _ in MODES) + " |")
    for label, key, form in rows:
        print(f"| {label:<46} | " + " | ".join(f"{form.format(results[m][key]):>7}"
                                                for m in MODES) + " |")
    base = results["off"]
    for mode in ("first", "only", "only+t2"):
        print(f"{mode} / off: fetches until last citation "
              f"{results[mode]['until_last'] / max(1, base['until_last']):.2f}x, requests "
              f"{results[mode]['fetches'] / max(1, base['fetches']):.2f}x, harvest "
              f"{results[mode]['harvest'] / max(1e-9, base['harvest']):.2f}x")


if __name__ == "__main__":
    main()
