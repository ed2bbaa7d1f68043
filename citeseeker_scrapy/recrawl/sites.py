"""A server split into sites, as Kumagai & Yamana do it (seed paper 002, §5).

Why sites: the top page of a server mirrors most of the server's changes (63–88% of the changed
pages sit on servers whose top page changed), and the same holds for the smaller units a server
is made of (a person's pages, a lab's pages). Each site has one or more top pages; a re-crawl
fetches the tops and goes into a site only when one of its tops changed.

* **Depth** (§5.1): the server's top page (its root, else the crawl's start points on it) has
  depth 1; a page is one deeper than the shallowest page linking to it (breadth-first).
* **Directory split, method A** (§5.2): one site per directory; its top pages are the
  directory's shallowest pages (all of them when several share the smallest depth).
* **Link split, method B** (§5.3): inside each directory, the candidates for a top page are the
  pages linked from another directory (and the server's entry pages); a candidate that links
  to no page of its directory is not a top: the same-directory pages linking to it are (the
  paper's ``(E,F)``). A site is its top and the pages of the directory linked from it; we
  extend this to the pages reachable from the top through same-directory links without
  passing another top (so a chain ``T → B → C`` keeps ``C`` in ``T``'s site; the paper leaves
  such pages out, which would make them unreachable for a re-crawl). Sites may overlap.
  Pages no site reaches (not linked at all in the last crawl) form one more site per
  directory, its shallowest pages as tops, as in method A.

Pure: no Scrapy; works on :class:`~.state.DocumentRecord` values.
"""

from __future__ import annotations

import math
from collections import deque
from dataclasses import dataclass, field
from typing import Iterable, Mapping
from urllib.parse import urlsplit

from ..settings_table import choices_of
from ..urls import server_of
from .state import DocumentRecord

DIRECTORY, LINKS = "directory", "links"
METHODS = choices_of("CITESEEKER_RECRAWL_SPLIT")


@dataclass
class Site:
    """``key`` names it (``dir:URL`` or ``link:URL``); ``members`` include the tops."""

    key: str
    tops: list[str]
    members: list[str] = field(default_factory=list)


def directory_of(url: str) -> str:
    """``http://h/a/b/c.html`` -> ``http://h/a/b/``; the query is not part of it."""
    parts = urlsplit(url)
    path = parts.path or "/"
    return f"{parts.scheme}://{parts.netloc}{path[:path.rfind('/') + 1]}"


def split_sites(records: Mapping[str, DocumentRecord], method: str) -> list[Site]:
    """Every server's sites by ``method`` (``directory`` or ``links``)."""
    if method not in METHODS:
        raise ValueError(f"unknown site split {method!r}")
    by_server: dict[str, list[str]] = {}
    for url, record in records.items():
        if record.status == 200:
            by_server.setdefault(server_of(url), []).append(url)
    sites: list[Site] = []
    for server, urls in sorted(by_server.items()):
        graph = _server_graph(records, urls)
        depths = page_depths(server, graph, records)
        split = _by_directory if method == DIRECTORY else _by_links
        sites += split(sorted(urls), graph, depths)
    return sites


def _server_graph(records: Mapping[str, DocumentRecord], urls: list[str]) -> dict[str, list[str]]:
    """Links between the server's recorded pages (each target once, in page order)."""
    known = set(urls)
    return {u: list(dict.fromkeys(t for t in records[u].links if t in known and t != u))
            for u in urls}


def page_depths(server: str, graph: Mapping[str, list[str]],
                records: Mapping[str, DocumentRecord]) -> dict[str, float]:
    """§5.1: the entry pages have depth 1, each link followed adds 1 (the shortest path)."""
    entries = [server + "/"] if server + "/" in graph else []
    entries += [u for u in graph if records[u].depth == 0 and u not in entries]
    if not entries and graph:
        shallowest = min(records[u].depth for u in graph)
        entries = [u for u in graph if records[u].depth == shallowest]
    depths: dict[str, float] = {u: math.inf for u in graph}
    queue = deque(entries)
    for entry in entries:
        depths[entry] = 1
    while queue:
        page = queue.popleft()
        for target in graph[page]:
            if depths[target] == math.inf:
                depths[target] = depths[page] + 1
                queue.append(target)
    return depths


def _directories(urls: Iterable[str]) -> dict[str, list[str]]:
    groups: dict[str, list[str]] = {}
    for url in urls:
        groups.setdefault(directory_of(url), []).append(url)
    return groups


def _shallowest(urls: list[str], depths: Mapping[str, float]) -> list[str]:
    best = min(depths[u] for u in urls)
    return [u for u in urls if depths[u] == best]


def _by_directory(urls: list[str], graph: Mapping[str, list[str]],
                  depths: Mapping[str, float]) -> list[Site]:
    return [Site(f"dir:{directory}", _shallowest(pages, depths), pages)
            for directory, pages in _directories(urls).items()]


def _by_links(urls: list[str], graph: Mapping[str, list[str]],
              depths: Mapping[str, float]) -> list[Site]:
    sites: list[Site] = []
    for directory, pages in _directories(urls).items():
        tops = _link_tops(directory, pages, graph, depths)
        covered: set[str] = set()
        for top in tops:
            members = _reach_in_directory(top, directory, graph, set(tops))
            covered.update(members)
            sites.append(Site(f"link:{top}", [top], members))
        rest = [u for u in pages if u not in covered]
        if rest:
            sites.append(Site(f"dir:{directory}", _shallowest(rest, depths), rest))
    return sites


def _link_tops(directory: str, pages: list[str], graph: Mapping[str, list[str]],
               depths: Mapping[str, float]) -> list[str]:
    """§5.3's top pages of one directory (see the module docstring)."""
    in_directory = set(pages)
    parents: dict[str, list[str]] = {u: [] for u in pages}
    from_outside: set[str] = set()
    for source, targets in graph.items():
        for target in targets:
            if target in in_directory:
                (parents[target].append(source) if source in in_directory
                 else from_outside.add(target))
    candidates = [u for u in pages if u in from_outside or depths[u] == 1]
    tops: list[str] = []
    for page in candidates:
        has_children = any(t in in_directory for t in graph[page])
        replacement = [page] if has_children or not parents[page] else parents[page]
        tops += [t for t in replacement if t not in tops]
    return tops


def _reach_in_directory(top: str, directory: str, graph: Mapping[str, list[str]],
                        tops: set[str]) -> list[str]:
    """The top and the same-directory pages reachable from it without passing another top."""
    seen, queue = [top], deque([top])
    while queue:
        for target in graph[queue.popleft()]:
            if target in seen or directory_of(target) != directory:
                continue
            seen.append(target)
            if target not in tops:
                queue.append(target)
    return seen
