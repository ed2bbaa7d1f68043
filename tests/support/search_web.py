"""A generated web of lab servers on 127.0.0.1 whose site searches answer as real servers do
(tests and the benchmark ``bench/bench_site_search.py``).

Each server has a home page, section pages, a tree of topic directories and papers (HTML and
plain text). Some papers cite the searched publications (a reference entry: author + title),
some only mention a searched author (a seminar, a staff list), the rest cite others. A server
with a search lists the documents holding every word of the query, ranked by how often the
words occur (a title counts thrice), five a page, and shows its results as one ``kind`` of result page:

* ``titles``: a list of titles, nothing else (no count, no snippet);
* ``lines``: ``<li><a>Document 17</a> first 80 characters of the document</li>``;
* ``kwic``: headings with links, keyword-in-context snippets with ``<b>`` highlighted words;
* ``table``: author / title / year columns, the author linking to a person page;
* ``landing``: titles linking to a record page that links to the file (``/files/...txt``);
* ``script``: an empty page whose script builds the list (needs a browser);
* ``empty``: a search whose index holds none of the searched names (no results, ever).

Every server answers a query without hits with a "No results" page that lists popular papers
in its result markup (a trap for a reader that trusts structure alone); with ``sidebar``, every
search page, with results or none, also shows that many popular papers in a box of its own (a
trap only the page of no results tells apart). GET searches page with
numbered links and "Next"; POST searches (``lines``, ``table``, ``empty``) with a "Next" button
form and a hidden token that must come back. Decoy forms (every other server): a newsletter
sign-up, a login, a comment form. Every request is recorded per server in order (method, path,
body), with a sequence number shared by all servers; what result pages listed is recorded too.
"""

from __future__ import annotations

import html
import itertools
import json
import random
import re
import threading
import time
import unicodedata
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler
from typing import Sequence
from urllib.parse import parse_qs, quote_plus, urlsplit

from tests.support.servers import LocalServer

SEARCH_STRINGS = """\
author=Fiala + Jezek
Retrieving citations on the web
A system for citations retrieval on the web

author=Kokaram
Detection and removal of line scratches in degraded motion picture restoration
"""
CITED = [("D. Fiala, K. Ježek", "Retrieving citations on the web"),
         ("D. Fiala", "A system for citations retrieval on the web"),
         ("A. C. Kokaram", "Detection and removal of line scratches in degraded motion picture "
                           "restoration")]
OTHERS = ["A. Smith", "B. Jones", "C. Novotny", "E. Weber", "F. Rossi", "G. Tanaka", "H. Dvorak"]
WORDS = ("graph model data query index network learning image texture motion signal kernel "
         "estimation robust sparse parallel system method analysis adaptive filter cluster "
         "semantic compression wavelet stochastic vision mesh rendering").split()
KINDS = ("titles", "lines", "kwic", "table", "landing", "script", "empty")
POST_KINDS = frozenset({"lines", "table", "empty"})
TOKEN = "t0k3n"
PER_PAGE = 5
#: Popular papers a "No results" page lists in its result markup; a sidebar shows up to
#: MAX_POPULAR.
POPULAR_LISTED, MAX_POPULAR = 3, 8
SEARCH_PATHS = ("/search", "/cgi-bin/find")
DECOY_PATHS = ("/newsletter", "/login", "/comment")


def words(rng: random.Random, count: int) -> str:
    return " ".join(rng.choice(WORDS) for _ in range(count))


def title_of(rng: random.Random) -> str:
    return words(rng, rng.randint(3, 6)).capitalize()


@dataclass
class Server:
    """One generated server: its files, its kind of search and decoys, what it answered."""

    name: str
    kind: str | None              # one of KINDS, or None (no search)
    decoys: bool
    pages: dict[str, str] = field(default_factory=dict)      # path -> body
    titles: dict[str, str] = field(default_factory=dict)     # searchable path -> title
    authors: dict[str, str] = field(default_factory=dict)    # searchable path -> its author
    years: dict[str, int] = field(default_factory=dict)      # searchable path -> year
    files: dict[str, str] = field(default_factory=dict)      # record path -> its file (landing)
    homes: dict[str, str] = field(default_factory=dict)      # searchable path -> its directory
    citing: set[str] = field(default_factory=set)            # paths that cite (ground truth)
    requests: list[tuple[int, str, str, str]] = field(default_factory=list)  # seq, method, path, body
    listed: set[str] = field(default_factory=set)            # documents a result page listed
    popular: list[str] = field(default_factory=list)         # shown on "no results" pages
    search_index: dict[str, str] = field(default_factory=dict)  # searchable path -> folded text
    robots: str = ""              # robots.txt ("" answers 404)
    post_delay: float = 0.0       # seconds a POST search waits before it is answered
    posts_seen: int = 0           # POSTs received (counted before the delay)
    sidebar: int = 0              # popular papers boxed beside every search page
    hit_delay: float = 0.0        # seconds a search with hits waits (one without answers at once)
    close_delay: float = 0.0      # seconds between an answer and closing its connection
    hits_seen: int = 0            # searches with hits received (counted before the delay)
    miss_delay: float = 0.0       # seconds a search without hits waits
    port: int = 0

    @property
    def search(self) -> str | None:
        """"get", "post" or None: how the server's search form submits."""
        if self.kind is None:
            return None
        return "post" if self.kind in POST_KINDS else "get"

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def document_of(self, path: str) -> str:
        """The document a searchable path stands for (a record page's file)."""
        return self.files.get(path, path)


# --- generating ------------------------------------------------------------------------------


def generate(kinds: Sequence[str | None], *, seed: int = 14, documents: int = 60,
             cite_rate: float = 0.12, mention_rate: float = 0.04) -> list[Server]:
    """One server per entry of ``kinds`` (None: no search); every other server has decoys."""
    rng = random.Random(seed)
    return [_server(rng, f"s{index:02d}", kind, index % 2 == 1, documents, cite_rate,
                    mention_rate) for index, kind in enumerate(kinds)]


def _server(rng: random.Random, name: str, kind: str | None, decoys: bool, documents: int,
            cite_rate: float, mention_rate: float) -> Server:
    server = Server(name, kind, decoys)
    dirs = [f"/papers/{topic}/" for topic in rng.sample(WORDS, 5)]
    texts: dict[str, str] = {}
    for number in range(documents):
        directory = rng.choice(dirs) + ("" if rng.random() < 0.5 else
                                        f"y{rng.randint(1998, 2003)}/")
        extension = ".txt" if rng.random() < 0.3 else ".html"
        path = f"{directory}p{number:03d}{extension}"
        server.homes[path] = directory
        server.titles[path] = title_of(rng)
        server.authors[path] = rng.choice(OTHERS)
        server.years[path] = rng.randint(1995, 2004)
        texts[path] = _paper(rng, server, path, kind != "empty", cite_rate, mention_rate)
    if kind == "landing":
        texts = _records(server, texts)
    _tree(rng, server, dirs, texts)
    server.search_index = {path: _fold(text) for path, text in texts.items()}
    if kind != "empty":
        server.search_index["/people/"] = _fold(re.sub(r"<[^>]+>", " ",
                                                       server.pages["/people/"]))
        server.titles["/people/"] = "People"
        server.authors["/people/"], server.years["/people/"] = OTHERS[-1], 2004
    server.popular = sorted(p for p in texts
                            if server.document_of(p) not in server.citing)[:MAX_POPULAR]
    return server


def _paper(rng: random.Random, server: Server, path: str, names: bool, cite_rate: float,
           mention_rate: float) -> str:
    references = [f"{rng.choice(OTHERS)}: {title_of(rng)}. {rng.randint(1990, 2003)}."
                  for _ in range(rng.randint(3, 6))]
    roll, thanks = rng.random(), ""
    if names and roll < cite_rate:
        authors, cited = rng.choice(CITED)
        references.insert(rng.randrange(len(references) + 1),
                          f"{authors}: {cited}. In Proc. WSCG, 2003.")
        server.citing.add(path)
    elif names and roll < cite_rate + mention_rate:
        thanks = f"We thank Dr. {rng.choice(['Fiala', 'Ježek', 'Kokaram'])} for discussions. "
    entries = "\n".join(f"[{i + 1}] {ref}" for i, ref in enumerate(references))
    return (f"{server.titles[path]}\n{server.authors[path]}, {server.years[path]}\n\n"
            f"{thanks}{words(rng, 80)}\n\nReferences\n{entries}\n")


def _records(server: Server, texts: dict[str, str]) -> dict[str, str]:
    """Landing kind: each paper becomes a record page linking to its file under /files/."""
    records: dict[str, str] = {}
    for path, text in texts.items():
        number = re.search(r"p(\d+)\.", path).group(1)
        title = server.titles[path]
        file = f"/files/p{number}-{'-'.join(title.lower().split()[:3])}.txt"
        record = f"/record/{number}"
        server.pages[file] = text
        server.files[record] = file
        for table in (server.titles, server.authors, server.years, server.homes):
            table[record] = table.pop(path)
        if path in server.citing:
            server.citing.discard(path)
            server.citing.add(file)
        abstract = html.escape(" ".join(text.split("\n\n")[1].split()[:30]))
        server.pages[record] = template(
            server, f"{html.escape(server.authors[record])}, {server.years[record]}."
                    f"<br>{abstract}<br>Files: <a href='{file}'>{file.rsplit('/', 1)[1]}</a>"
                    f" ({len(text)} bytes)", title, [])
        records[record] = text
    return records


def _tree(rng: random.Random, server: Server, dirs: list[str], texts: dict[str, str]) -> None:
    """Home, sections, topic directories (and year subdirectories) down to the papers."""
    for directory in dirs:
        inside = sorted(p for p in texts if server.homes[p].startswith(directory))
        subdirs = sorted({server.homes[p] for p in inside} - {directory})
        here = [p for p in inside if server.homes[p] == directory]
        server.pages[directory] = template(server, words(rng, 30), f"Topic {directory}",
                                           subdirs + here)
        for sub in subdirs:
            server.pages[sub] = template(server, words(rng, 20), f"Year {sub}",
                                         [p for p in inside if server.homes[p] == sub])
    staff = ", ".join("Dr. " + rng.choice(["Fiala", "Novak", "Weber"]) for _ in range(3))
    server.pages["/people/"] = template(server, "Staff: " + staff, "People", [])
    for author in OTHERS:
        server.pages[_person(author)] = template(server, f"Pages of {author}.", author, [])
    news = [f"/news/n{i}.html" for i in range(4)]
    for path in news:
        server.pages[path] = template(server, words(rng, 50), "News", [])
    server.pages["/papers/"] = template(server, "Our papers.", "Papers", dirs)
    server.pages["/news/"] = template(server, "News.", "News", news)
    server.pages["/"] = template(server, "Welcome to the lab.", f"Lab {server.name}",
                                 ["/papers/", "/people/", "/news/"])
    for path, text in texts.items():
        if path.startswith("/record/"):
            continue
        if path.endswith(".txt"):
            server.pages[path] = text
        else:
            server.pages[path] = template(server, html.escape(text).replace("\n", "<br>"),
                                          server.titles[path], [])


def _person(author: str) -> str:
    return "/people/" + re.sub(r"\W+", "-", author.lower()).strip("-")


def _fold(text: str) -> str:
    text = unicodedata.normalize("NFKD", text)
    return "".join(c for c in text if not unicodedata.combining(c)).lower()


# --- pages -----------------------------------------------------------------------------------


def search_form(server: Server) -> str:
    if server.search == "get":
        return ('<form action="/search" method="get" class="site-search">'
                '<input type="text" name="q" placeholder="Search this site">'
                '<button type="submit">Search</button></form>')
    if server.search == "post":
        return ('<form action="/cgi-bin/find" method="post" id="finder">'
                f'<input type="hidden" name="token" value="{TOKEN}">'
                '<input type="hidden" name="lang" value="en">'
                '<label for="kw">Find on this site</label>'
                '<input type="text" id="kw" name="keywords" size="20">'
                '<input type="image" src="/go.gif" name="go" alt="Go"></form>')
    return ""


DECOY_FORMS = (
    '<form action="/newsletter" method="post"><input type="email" name="email" '
    'placeholder="Your e-mail"><button>Subscribe</button></form>',
    '<form action="/login" method="post"><input type="text" name="user">'
    '<input type="password" name="pw"><input type="submit" value="Log in"></form>',
    '<form action="/comment" method="post"><input type="text" name="name">'
    '<textarea name="comment"></textarea><button>Post comment</button></form>')


def template(server: Server, body: str, title: str, links: list[str]) -> str:
    forms = search_form(server)
    if server.decoys:
        forms = DECOY_FORMS[0] + forms + DECOY_FORMS[1]
    nav = "".join(f'<a href="{p}">{html.escape(p.strip("/") or "home")}</a> '
                  for p in ("/", "/papers/", "/people/", "/news/"))
    items = "".join(f'<li><a href="{href}">{html.escape(server.titles.get(href) or href)}</a>'
                    f'</li>' for href in links)
    footer = DECOY_FORMS[2] if server.decoys else ""
    return (f"<html><head><title>{html.escape(title)}</title></head><body><div>{nav}</div>"
            f"{forms}<h1>{html.escape(title)}</h1><p>{body}</p><ul>{items}</ul>{footer}"
            "</body></html>")


def ranked(site: Server, query: str) -> list[str]:
    """Searchable paths holding every word of the query (as most site searches match: WordPress,
    Drupal, DSpace, Google's site search), by occurrences of the words (a title counts
    thrice)."""
    terms = re.findall(r"\w+", _fold(query))
    scored = []
    for path, text in site.search_index.items():
        score = sum(text.count(t) for t in terms) + 3 * sum(
            _fold(site.titles.get(path, "")).count(t) for t in terms)
        if terms and score and all(t in text for t in terms):
            scored.append((-score, path))
    return [path for _, path in sorted(scored)]


def results_page(site: Server, query: str, page: int) -> str:
    found = ranked(site, query)
    if found and site.hit_delay:
        with _LOCK:
            site.hits_seen += 1
        time.sleep(site.hit_delay)
    if not found:
        time.sleep(site.miss_delay)
    if not found:
        return _page(site, query, f"No results for <i>{html.escape(query)}</i>.",
                     "<h2>Popular papers</h2>" + _rows(site, site.popular[:POPULAR_LISTED], []),
                     "")
    shown = found[(page - 1) * PER_PAGE: page * PER_PAGE]
    with _LOCK:
        site.listed.update(site.document_of(p) for p in shown)
    first, last, total = (page - 1) * PER_PAGE + 1, (page - 1) * PER_PAGE + len(shown), len(found)
    summary = {"titles": "Search results",
               "kwic": f"{total} results for <i>{html.escape(query)}</i>",
               "table": f"{total} records found",
               "landing": f"Showing {first}-{last} of {total}"}.get(
        site.kind, f"Results {first} - {last} of {total} for {html.escape(query)}")
    pager = _pager(site, query, page, last < total)
    return _page(site, query, summary, _rows(site, shown, re.findall(r"\w+", _fold(query))),
                 pager)


def _page(site: Server, query: str, summary: str, rows: str, pager: str) -> str:
    if site.kind == "script":
        return _script_page(summary, rows + pager + _sidebar(site))
    return template(site, f"{summary}</p>{rows}<p>{pager}</p>{_sidebar(site)}<p>",
                    "Search results", [])


def _sidebar(site: Server) -> str:
    """The box of popular papers beside every search page (``sidebar``), as many sites have."""
    if not site.sidebar:
        return ""
    items = "".join(f"<li><a href='{p}'>{html.escape(site.titles[p])}</a></li>"
                    for p in site.popular[:site.sidebar])
    return f"<div class='sidebar'><h2>Popular</h2><ul>{items}</ul></div>"


def _rows(site: Server, paths: list[str], terms: list[str]) -> str:
    kind = site.kind
    if kind == "table":
        return ("<table class='results'><tr><th>Author</th><th>Title</th><th>Year</th></tr>" +
                "".join(f"<tr><td><a href='{_person(site.authors[p])}'>"
                        f"{html.escape(site.authors[p])}</a></td><td><a href='{p}'>"
                        f"{html.escape(site.titles[p])}</a></td><td>{site.years.get(p, '')}"
                        f"</td></tr>" for p in paths) + "</table>")
    if kind == "kwic":
        return "".join(f"<div class='hit'><h3><a href='{p}'>{html.escape(site.titles[p])}</a>"
                       f"</h3><p class='kwic'>{_kwic(site.search_index[p], terms)}</p>"
                       f"<span class='url'>{p}</span></div>" for p in paths)
    if kind in ("lines", "empty"):
        return "<ol>" + "".join(
            f"<li><a href='{p}'>Document {_number(p)}</a> "
            f"{html.escape(site.search_index[p][:80])}</li>" for p in paths) + "</ol>"
    if kind == "landing":
        return "<ul>" + "".join(
            f"<li class='record'><a href='{p}'>{html.escape(site.titles[p])}</a><br>"
            f"{html.escape(site.authors[p])} ({site.years[p]})</li>" for p in paths) + "</ul>"
    return "<ul class='results'>" + "".join(
        f"<li><a href='{p}'>{html.escape(site.titles[p])}</a></li>" for p in paths) + "</ul>"


def _number(path: str) -> str:
    digits = re.findall(r"\d+", path.rsplit("/", 2)[-1] or path)
    return str(int(digits[-1])) if digits else path.strip("/")


def _kwic(text: str, terms: list[str]) -> str:
    found = [text.find(t) for t in terms if t in text]
    start = max(0, min(found) - 60) if found else 0
    snippet = html.escape(" ".join(text[start:start + 160].split()))
    for term in terms:
        snippet = re.sub(rf"\b({re.escape(term)})\b", r"<b>\1</b>", snippet)
    return f"... {snippet} ..."


def _pager(site: Server, query: str, page: int, more: bool) -> str:
    if not more:
        return ""
    if site.search == "post":
        return ('<form action="/cgi-bin/find" method="post">'
                f'<input type="hidden" name="token" value="{TOKEN}">'
                f'<input type="hidden" name="keywords" value="{html.escape(query)}">'
                f'<input type="hidden" name="page" value="{page + 1}">'
                '<input type="submit" name="more" value="Next"></form>')
    link = f"/search?q={quote_plus(query)}&amp;page="
    numbers = " ".join(str(n) if n == page else f'<a href="{link}{n}">{n}</a>'
                       for n in range(1, page + 2))
    return f'<span class="pager">{numbers} <a href="{link}{page + 1}">Next &raquo;</a></span>'


def _script_page(summary: str, rows: str) -> str:
    """An empty page whose script writes the results (a single-page search application)."""
    data = json.dumps({"summary": summary, "rows": rows}).replace("</", "<\\/")
    return ("<!doctype html><html><head><title>Search</title><script>\n"
            f"var data = {data};\n"
            "document.addEventListener('DOMContentLoaded', function () {\n"
            "  document.getElementById('app').innerHTML = '<p>' + data.summary + '</p>' +"
            " data.rows;\n"
            "});</script></head><body><div id='app'>Loading results...</div></body></html>")


# --- serving ---------------------------------------------------------------------------------

_SEQUENCE = itertools.count(1)
_LOCK = threading.Lock()


class Handler(BaseHTTPRequestHandler):
    server_version = "SearchWeb/2.0"

    def log_message(self, format: str, *args) -> None:
        pass

    def finish(self) -> None:
        """HTTP/1.0 without ``Connection: close``: the connection closes after the answer, as
        late as ``close_delay`` says (a busy server; the client may send on it meanwhile)."""
        super().finish()
        time.sleep(self.server.site.close_delay)

    def do_GET(self) -> None:  # noqa: N802
        self._answer("GET", b"")

    def do_POST(self) -> None:  # noqa: N802
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length)
        site: Server = self.server.site
        with _LOCK:
            site.posts_seen += 1
        time.sleep(site.post_delay)
        self._answer("POST", body)

    def _answer(self, method: str, body: bytes) -> None:
        site: Server = self.server.site
        with _LOCK:
            site.requests.append((next(_SEQUENCE), method, self.path, body.decode("latin-1")))
        parts = urlsplit(self.path)
        if parts.path == "/robots.txt" and site.robots:
            return self._send(site.robots, 200, "text/plain")
        if parts.path == "/search" and site.search == "get" and method == "GET":
            query = parse_qs(parts.query)
            return self._send(results_page(site, query.get("q", [""])[0],
                                           int(query.get("page", ["1"])[0])))
        if parts.path == "/cgi-bin/find" and site.search == "post" and method == "POST":
            form = parse_qs(body.decode("utf-8"))
            if form.get("token", [""])[0] != TOKEN:
                return self._send("<html><body>Session expired.</body></html>", 403)
            return self._send(results_page(site, form.get("keywords", [""])[0],
                                           int(form.get("page", ["1"])[0])))
        page = site.pages.get(parts.path)
        if page is None or method != "GET":
            return self._send("<html><body>Not found</body></html>", 404)
        kind = "text/plain" if parts.path.endswith(".txt") else "text/html"
        return self._send(page, 200, kind)

    def _send(self, text: str, status: int = 200, kind: str = "text/html") -> None:
        data = text.encode("utf-8")
        self.send_response(status)
        self.send_header("Content-Type", f"{kind}; charset=utf-8")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)


class SearchWeb:
    """Context manager serving ``servers`` on free ports of 127.0.0.1."""

    def __init__(self, servers: list[Server]) -> None:
        self.servers = servers
        self.httpds: list[LocalServer] = []

    def __enter__(self) -> "SearchWeb":
        for server in self.servers:
            httpd = LocalServer(("127.0.0.1", 0), Handler)
            httpd.site = server
            server.port = httpd.server_address[1]
            threading.Thread(target=httpd.serve_forever, daemon=True).start()
            self.httpds.append(httpd)
        # cross links: each home page names the next two servers
        for index, server in enumerate(self.servers):
            others = [self.servers[(index + k) % len(self.servers)] for k in (1, 2)]
            extra = "".join(f'<a href="{o.base}/">{o.name}</a> ' for o in others
                            if o is not server)
            server.pages["/"] = server.pages["/"].replace("</body>", f"<p>{extra}</p></body>")
        return self

    def __exit__(self, *exc) -> None:
        for httpd in self.httpds:
            httpd.shutdown()
            httpd.server_close()

    def reset(self) -> None:
        for server in self.servers:
            server.requests.clear()
            server.listed.clear()
