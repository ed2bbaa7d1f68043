"""The frontier of thesis §6.2–6.4, driven directly (no Scrapy), in memory and across reopens."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from citeseeker_scrapy.frontier import DocumentEntry, Frontier
from citeseeker_scrapy.frontier.rules import (
    ACCEPTED, COMPLETED_SERVER, COMPLETED_SERVERS, DUPLICATE, HAS, MEMBER, PENDING_DOCUMENTS,
    PENDING_FULL, SERVER_FULL, TOO_DEEP, AdmissionRules, Rule, admission_rules,
)
from citeseeker_scrapy.frontier.sqlite_store import SqliteStore
from citeseeker_scrapy.urls import server_of
from tests.support.shared_frontier import SyncedWorker

PREFIXES = itertools.count(1)


class Web:
    """A generated web: url -> links. Crawls it through a frontier, like the spider would."""

    def __init__(self, links: dict[str, list[str]]) -> None:
        self.links = links

    def crawl(self, frontier: Frontier, *, reopen=None, limit: int = 100_000) -> list[str]:
        order: list[str] = []
        while len(order) < limit:
            entry = frontier.next_document()
            if entry is None:
                break
            order.append(entry.url)
            self.handle(frontier, entry)
            if reopen is not None:
                frontier = reopen(frontier)
        self.frontier = frontier  # the last one, after reopens
        return order

    def handle(self, frontier: Frontier, entry: DocumentEntry) -> None:
        source = server_of(entry.url)
        for link in self.links.get(entry.url, []):
            same = server_of(link) == source
            frontier.add_link(DocumentEntry(link, entry.depth + 1 if same else 0),
                              from_server=source)
        frontier.finish(entry.url)
        if frontier.needs_flush():  # as the scheduler does
            frontier.flush()


def tree(server: str, fanout: int, depth: int) -> dict[str, list[str]]:
    """A complete tree of pages: / -> /1.html, /2.html; /1.html -> /1-1.html ..."""
    links: dict[str, list[str]] = {}

    def grow(name: str, level: int) -> None:
        url = f"{server}/{name}.html" if name else f"{server}/"
        if level == depth:
            return
        children = [f"{name}-{i}" if name else str(i) for i in range(1, fanout + 1)]
        links[url] = [f"{server}/{c}.html" for c in children]
        for child in children:
            grow(child, level + 1)

    grow("", 0)
    return links


def memory_frontier(**kwargs) -> Frontier:
    return Frontier(max_active_servers=kwargs.pop("max_active_servers", 1), **kwargs)


@pytest.fixture(params=["memory", "sqlite-reopened", "redis", "redis-taken-over"])
def make(request, tmp_path: Path):
    """A frontier factory and a ``reopen`` step: close and reopen the JOBDIR after every
    document (the flush interval is 1), as a resumed crawl would; for Redis, a worker hands
    its servers back after every document and a new worker takes them over."""
    if request.param == "memory":
        return lambda **kw: (memory_frontier(**kw), None)
    if request.param.startswith("redis"):
        server = request.getfixturevalue("redis_server")
        prefix = f"t{next(PREFIXES)}"

        def worker(**kwargs) -> SyncedWorker:
            kwargs.setdefault("max_active_servers", 1)
            return SyncedWorker(server.url, prefix, flush_interval=1, **kwargs)

        def take_over(frontier: SyncedWorker) -> SyncedWorker:
            frontier.close()
            return worker(**frontier_options)

        frontier_options: dict = {}

        def factory(**kwargs):
            frontier_options.update(kwargs)
            return worker(**kwargs), (take_over if request.param == "redis-taken-over" else None)

        return factory

    def factory(**kwargs):
        def build() -> Frontier:
            frontier = Frontier(SqliteStore(tmp_path / "f.sqlite"), flush_interval=1,
                                max_active_servers=kwargs.get("max_active_servers", 1),
                                **{k: v for k, v in kwargs.items() if k != "max_active_servers"})
            frontier.restore()
            return frontier

        def reopen(frontier: Frontier) -> Frontier:
            frontier.flush()
            frontier.store.close()
            return build()

        return build(), reopen

    return factory


def test_depth_first_order_on_a_tree(make) -> None:
    frontier, reopen = make()
    web = Web(tree("http://a.org", fanout=2, depth=3))
    frontier.add_start_point(DocumentEntry("http://a.org/"))
    order = web.crawl(frontier, reopen=reopen)
    names = [url.rsplit("/", 1)[1] for url in order]
    assert names == ["", "2.html", "2-2.html", "2-2-2.html", "2-2-1.html", "2-1.html",
                     "2-1-2.html", "2-1-1.html", "1.html", "1-2.html", "1-2-2.html",
                     "1-2-1.html", "1-1.html", "1-1-2.html", "1-1-1.html"]


def test_servers_in_order_of_references_then_arrival(make) -> None:
    frontier, reopen = make()
    links = {"http://start.org/": ["http://b.org/x.html", "http://c.org/x.html",
                                   "http://c.org/y.html", "http://d.org/x.html",
                                   "http://c.org/z.html", "http://d.org/y.html"]}
    frontier.add_start_point(DocumentEntry("http://start.org/"))
    order = Web(links).crawl(frontier, reopen=reopen)
    servers = list(dict.fromkeys(server_of(u) for u in order))
    assert servers == ["http://start.org", "http://c.org", "http://d.org", "http://b.org"]


def test_pending_documents_are_fetched_first_then_the_root(make) -> None:
    frontier, reopen = make()
    links = {"http://start.org/": ["http://b.org/deep/p1.html", "http://b.org/deep/p2.html"],
             "http://b.org/": ["http://b.org/deep/p1.html", "http://b.org/other.html"]}
    frontier.add_start_point(DocumentEntry("http://start.org/"))
    order = Web(links).crawl(frontier, reopen=reopen)
    assert order == ["http://start.org/", "http://b.org/deep/p1.html",
                     "http://b.org/deep/p2.html", "http://b.org/", "http://b.org/other.html"]


def test_completed_servers_are_skeletons_that_ignore_later_links(make) -> None:
    frontier, reopen = make()
    links = {"http://a.org/": ["http://a.org/1.html"],
             "http://a.org/1.html": ["http://b.org/"],
             "http://b.org/": ["http://a.org/", "http://a.org/new.html"]}
    frontier.add_start_point(DocumentEntry("http://a.org/"))
    web = Web(links)
    order = web.crawl(frontier, reopen=reopen)
    assert order == ["http://a.org/", "http://a.org/1.html", "http://b.org/"]
    frontier = web.frontier
    assert frontier.completed == {"http://a.org", "http://b.org"}
    assert frontier.add_link(DocumentEntry("http://a.org/new.html"),
                             from_server="http://b.org") == COMPLETED_SERVER
    assert frontier.active == {} and frontier.pending == {}


def test_start_points_algorithm_7_1(make) -> None:
    frontier, reopen = make()
    assert frontier.add_start_point(DocumentEntry("http://a.org/")) == ACCEPTED
    assert frontier.add_start_point(DocumentEntry("http://a.org/papers/x.pdf")) == ACCEPTED
    assert frontier.add_start_point(DocumentEntry("http://a.org/papers/x.pdf")) == DUPLICATE
    assert list(frontier.pending) == ["http://a.org"]
    assert list(frontier.pending["http://a.org"].documents) == ["http://a.org/papers/x.pdf"]
    assert frontier.pending["http://a.org"].references == 0


def test_per_document_state_is_released_when_servers_complete() -> None:
    """Memory follows servers, not documents: 50 servers x 40 pages, 2 crawled at once."""
    links: dict[str, list[str]] = {}
    servers = [f"http://s{i}.org" for i in range(50)]
    for index, server in enumerate(servers):
        links.update(tree(server, fanout=3, depth=3))
        links[f"{server}/"].append(f"{servers[(index + 1) % 50]}/")
    frontier = memory_frontier(max_active_servers=2)
    frontier.add_start_point(DocumentEntry(servers[0] + "/"))
    peak_seen = 0

    class Watch(Web):
        def handle(self, frontier, entry):
            nonlocal peak_seen
            super().handle(frontier, entry)
            peak_seen = max(peak_seen, frontier.sizes()["active_seen_documents"])

    order = Watch(links).crawl(frontier)
    assert len(order) == 50 * 40
    sizes = frontier.sizes()
    assert sizes["completed_servers"] == 50
    assert sizes["active_seen_documents"] == sizes["pending_documents"] == 0
    assert sizes["active_servers"] == sizes["pending_servers"] == 0
    assert peak_seen <= 2 * 40


def test_several_servers_at_once_each_depth_first() -> None:
    frontier = memory_frontier(max_active_servers=2)
    links = {**tree("http://a.org", 2, 2), **tree("http://b.org", 2, 2)}
    frontier.add_start_point(DocumentEntry("http://a.org/"))
    frontier.add_start_point(DocumentEntry("http://b.org/"))
    first = frontier.next_document()
    second = frontier.next_document()
    assert {server_of(first.url), server_of(second.url)} == {"http://a.org", "http://b.org"}
    assert frontier.next_document() is None  # both roots in flight, nothing else known yet
    web = Web(links)
    web.handle(frontier, first)
    web.handle(frontier, second)
    order = web.crawl(frontier)
    per_server = {s: [u for u in order if u.startswith(s)] for s in ("http://a.org", "http://b.org")}
    assert [u.rsplit("/", 1)[1] for u in per_server["http://a.org"]] == [
        "2.html", "2-2.html", "2-1.html", "1.html", "1-2.html", "1-1.html"]
    assert [server_of(u) for u in order[:2]] in (["http://a.org", "http://b.org"],
                                                 ["http://b.org", "http://a.org"])


def test_a_server_is_not_completed_while_documents_are_in_flight() -> None:
    frontier = memory_frontier()
    frontier.add_start_point(DocumentEntry("http://a.org/"))
    root = frontier.next_document()
    assert frontier.next_document() is None
    assert "http://a.org" in frontier.active and frontier.completed == set()
    frontier.add_link(DocumentEntry("http://a.org/x.html", 1), from_server="http://a.org")
    frontier.finish(root.url)
    assert frontier.next_document().url == "http://a.org/x.html"
    frontier.finish("http://a.org/x.html")
    assert frontier.completed == {"http://a.org"}


def test_limits_depth_documents_per_server_pending_documents() -> None:
    frontier = memory_frontier(max_depth=2, max_docs_per_server=3, max_pending_docs=2)
    frontier.add_start_point(DocumentEntry("http://a.org/"))
    frontier.next_document()
    assert frontier.add_link(DocumentEntry("http://a.org/d3.html", 3), from_server="http://a.org") == TOO_DEEP
    assert frontier.add_link(DocumentEntry("http://a.org/1.html", 1), from_server="http://a.org") == ACCEPTED
    assert frontier.add_link(DocumentEntry("http://a.org/2.html", 2), from_server="http://a.org") == ACCEPTED
    assert frontier.add_link(DocumentEntry("http://a.org/3.html", 1), from_server="http://a.org") == SERVER_FULL
    for name in ("1", "2"):
        assert frontier.add_link(DocumentEntry(f"http://b.org/{name}.html"),
                                 from_server="http://a.org") == ACCEPTED
    assert frontier.add_link(DocumentEntry("http://b.org/3.html"), from_server="http://a.org") == PENDING_FULL
    assert frontier.pending["http://b.org"].references == 3
    assert frontier.refused == {TOO_DEEP: 1, SERVER_FULL: 1, PENDING_FULL: 1}


def test_a_link_already_pending_is_a_duplicate_even_when_its_server_is_full(make) -> None:
    """One rule order for every store: a pending document offered again is a duplicate, a new
    one beyond the server's pending limit is refused as full."""
    frontier, _ = make(max_pending_docs=2)
    frontier.add_start_point(DocumentEntry("http://a.org/"))
    frontier.next_document()
    for name in ("1", "2"):
        assert frontier.add_link(DocumentEntry(f"http://b.org/{name}.html"),
                                 from_server="http://a.org") == ACCEPTED
    assert frontier.add_link(DocumentEntry("http://b.org/1.html"),
                             from_server="http://a.org") == DUPLICATE
    assert frontier.add_link(DocumentEntry("http://b.org/3.html"),
                             from_server="http://a.org") == PENDING_FULL


@pytest.mark.parametrize("change, outcomes", [
    ("reversed", [ACCEPTED, ACCEPTED, PENDING_FULL, PENDING_FULL]),
    ("without the limit", [ACCEPTED, ACCEPTED, DUPLICATE, ACCEPTED]),
])
def test_every_store_follows_the_admission_rules_it_is_given(make, change, outcomes) -> None:
    """The rules are data: with the document's rules reversed (the limit first), a pending
    document offered again to a full server is refused as full; with the limit dropped, a
    third document is accepted; Redis decides as the frontier in memory and in SQLite."""
    rules = admission_rules(2)
    document = rules.document[::-1] if change == "reversed" else rules.document[:1]
    frontier, _ = make(rules=AdmissionRules(rules.server, document))
    frontier.add_start_point(DocumentEntry("http://a.org/"))
    frontier.next_document()
    offered = [frontier.add_link(DocumentEntry(f"http://b.org/{name}.html"),
                                 from_server="http://a.org") for name in ("1", "2", "1", "3")]
    assert offered == outcomes


def test_an_admission_rule_that_cannot_be_checked_is_refused() -> None:
    """A misspelt check, a check over a structure it cannot look at, or a document's check
    among the server's rules is an error when the table is built, not a rule that never holds."""
    with pytest.raises(ValueError, match="no check 'membr'"):
        Rule(COMPLETED_SERVER, "membr", COMPLETED_SERVERS)
    with pytest.raises(ValueError, match="over 'pending_documents'"):
        Rule(COMPLETED_SERVER, MEMBER, PENDING_DOCUMENTS)
    with pytest.raises(ValueError, match="not at its documents"):
        AdmissionRules(server=(Rule(DUPLICATE, HAS, PENDING_DOCUMENTS),), document=())


def test_skip_a_server_being_crawled_and_a_pending_one() -> None:
    completed: list[str] = []
    frontier = memory_frontier(on_completed=completed.append)
    web = Web({**tree("http://a.org", 3, 3), "http://a.org/": ["http://a.org/1.html", "http://b.org/",
                                                               "http://c.org/"]})
    frontier.add_start_point(DocumentEntry("http://a.org/"))
    root = frontier.next_document()
    web.handle(frontier, root)
    in_flight = frontier.next_document()
    assert frontier.skip("http://a.org") and "http://a.org" in frontier.active
    assert frontier.skip("http://c.org") and completed == ["http://c.org"]
    frontier.finish(in_flight.url)
    assert completed == ["http://c.org", "http://a.org"]
    assert web.crawl(frontier) == ["http://b.org/"]


def test_a_crash_between_checkpoints_loses_at_most_one_interval(tmp_path: Path) -> None:
    """Documents finished after the last checkpoint, and those in flight, are handed out again."""
    web = Web(tree("http://a.org", 3, 3))
    frontier = Frontier(SqliteStore(tmp_path / "f.sqlite"), flush_interval=5)
    frontier.add_start_point(DocumentEntry("http://a.org/"))
    fetched = web.crawl(frontier, limit=12)
    in_flight = frontier.next_document()
    frontier.store.db.close()  # "kill -9": no flush, no close
    resumed = Frontier(SqliteStore(tmp_path / "f.sqlite"), flush_interval=5)
    resumed.restore()
    rest = web.crawl(resumed)
    assert sorted(set(fetched + rest)) == sorted(set(web.links) | {u for v in web.links.values() for u in v})
    assert in_flight.url in rest
    refetched = set(fetched) & set(rest)
    assert 1 <= len(refetched) <= 5


def test_a_known_link_is_what_add_link_refuses_as_a_duplicate() -> None:
    """``known_link`` answers "duplicate" where ``add_link`` would refuse a link as one and do
    nothing else: a document its active server has seen (in flight or on the stack); not a
    pending server's document (``add_link`` counts one more reference to the server), a
    skipped or completed server's (refused for that), nor a new one. It changes nothing."""
    frontier = memory_frontier()
    frontier.add_start_point(DocumentEntry("http://a.org/"))
    root = frontier.next_document()
    frontier.add_link(DocumentEntry("http://a.org/1.html", 1), from_server="http://a.org")
    frontier.add_link(DocumentEntry("http://b.org/x.html"), from_server="http://a.org")
    sizes = frontier.sizes()
    assert frontier.known_link(root.url, "http://a.org")                  # in flight
    assert frontier.known_link("http://a.org/1.html", "http://a.org")     # on the stack
    assert not frontier.known_link("http://a.org/2.html", "http://a.org")
    assert not frontier.known_link("http://b.org/x.html", "http://b.org")  # pending server
    assert frontier.sizes() == sizes and not frontier.refused
    assert frontier.add_link(DocumentEntry("http://a.org/1.html"),
                             from_server="http://c.org") == DUPLICATE
    references = frontier.pending["http://b.org"].references
    assert frontier.add_link(DocumentEntry("http://b.org/x.html"),
                             from_server="http://c.org") == DUPLICATE
    assert frontier.pending["http://b.org"].references == references + 1  # why b.org is not known
    frontier.skip("http://a.org")
    assert not frontier.known_link("http://a.org/1.html", "http://a.org")  # skipped: its own answer
    frontier.finish(root.url)
    assert "http://a.org" in frontier.completed
    assert not frontier.known_link(root.url, "http://a.org")
