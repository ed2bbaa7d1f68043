"""A generated web of lab servers on 127.0.0.1, some with a site search (tests and the
benchmark ``bench/bench_site_search.py``).

Each server has a home page, section pages, a tree of sub-pages and papers (HTML and plain
text). Some papers cite the searched publications (a reference entry: author + title), some
only mention a searched author (a seminar, a staff list), the rest cite others. A server may
have:

* a site search: GET (``/search?q=..&page=N``) or POST (``/cgi-bin/find`` with a hidden token
  that must come back, and a "Next" button form with a hidden page number), results ranked by
  how often the query's words occur, ten per page, each with its title and a snippet, a
  "Results 1 - 10 of N" line, a "Next" link or form;
* decoy forms: a newsletter sign-up (one e-mail field) and a login (password).

Every request is recorded per server in order (method, path, body), with a sequence number
shared by all servers; what a result page listed is recorded too.
"""

from __future__ import annotations

import html
import itertools
import random
import re
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit

SEARCH_STRINGS = """\
author=Fiala + Jezek
Retrieving citations on the web
A system for citations retrieval on the web

author=Kokaram
Detection and removal of line scratches in degraded motion picture restoration
"""
CITED = [("D. Fiala, K. Ježek", "Retrieving citations on the web", ("fiala", "jezek")),
         ("D. Fiala", "A system for citations retrieval on the web", ("fiala",)),
         ("A. C. Kokaram", "Detection and removal of line scratches in degraded motion picture "
                           "restoration", ("kokaram",))]
OTHERS = ["A. Smith", "B. Jones", "C. Novotny", "E. Weber", "F. Rossi", "G. Tanaka", "H. Dvorak"]
WORDS = ("graph model data query index network learning image texture motion signal kernel "
         "estimation robust sparse parallel system method analysis adaptive filter cluster "
         "semantic retrieval compression wavelet stochastic vision mesh rendering").split()
TOKEN = "t0k3n"
PER_PAGE = 10


def words(rng: random.Random, count: int) -> str:
    return " ".join(rng.choice(WORDS) for _ in range(count))


def title_of(rng: random.Random) -> str:
    return words(rng, rng.randint(3, 6)).capitalize()


@dataclass
class Server:
    """One generated server: its files, its search kind and decoys, what it answered."""

    name: str
    search: str | None            # None, "get" or "post"
    decoys: bool
    pages: dict[str, str] = field(default_factory=dict)      # path -> body
    titles: dict[str, str] = field(default_factory=dict)     # path -> title (searchable)
    citing: set[str] = field(default_factory=set)            # paths that cite (ground truth)
    requests: list[tuple[int, str, str, str]] = field(default_factory=list)  # seq, method, path, body
    listed: set[str] = field(default_factory=set)            # paths a result page listed
    search_index: dict[str, str] = field(default_factory=dict)  # path -> folded text
    post_delay: float = 0.0       # seconds a POST search waits before it is answered
    posts_seen: int = 0           # POSTs received (counted before the delay)
    port: int = 0

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"


def template(server: Server, body: str, title: str, links: list[str]) -> str:
    forms = ""
    if server.search == "get":
        forms += ('<form action="/search" method="get" class="site-search">'
                  '<input type="text" name="q" placeholder="Search this site">'
                  '<button type="submit">Search</button></form>')
    elif server.search == "post":
        forms += ('<form action="/cgi-bin/find" method="post" id="finder">'
                  f'<input type="hidden" name="token" value="{TOKEN}">'
                  '<input type="hidden" name="lang" value="en">'
                  '<label for="kw">Find on this site</label>'
                  '<input type="text" id="kw" name="keywords" size="20">'
                  '<input type="image" src="/go.gif" name="go" alt="Go"></form>')
    if server.decoys:
        forms = ('<form action="/newsletter" method="post"><input type="email" name="email" '
                 'placeholder="Your e-mail"><button>Subscribe</button></form>' + forms +
                 '<form action="/login" method="post"><input type="text" name="user">'
                 '<input type="password" name="pw"><input type="submit" value="Log in"></form>')
    nav = "".join(f'<a href="{p}">{html.escape(p.strip("/") or "home")}</a> '
                  for p in ("/", "/papers/", "/people/", "/news/"))
    items = "".join(f'<li><a href="{href}">{html.escape(text)}</a></li>' for href, text in
                    ((link, server.titles.get(link, link)) for link in links))
    return (f"<html><head><title>{html.escape(title)}</title></head><body><div>{nav}</div>"
            f"{forms}<h1>{html.escape(title)}</h1><p>{body}</p><ul>{items}</ul></body></html>")


def generate(count: int = 30, *, seed: int = 14, documents: int = 60,
             search_share: float = 0.5, decoy_share: float = 1 / 3) -> list[Server]:
    """``count`` servers: the first ``search_share`` with a search (GET and POST alternate),
    every third server with decoy forms (both kinds of servers get them)."""
    rng = random.Random(seed)
    servers = []
    with_search = round(count * search_share)
    for index in range(count):
        search = ("get" if index % 2 == 0 else "post") if index < with_search else None
        decoys = index % round(1 / decoy_share) == 1 if decoy_share else False
        servers.append(_server(rng, f"s{index:02d}", search, decoys, documents))
    return servers


def _server(rng: random.Random, name: str, search: str | None, decoys: bool,
            documents: int) -> Server:
    server = Server(name, search, decoys)
    sections = {"/papers/": [], "/people/": [], "/news/": []}
    dirs = [f"/papers/{topic}/" for topic in rng.sample(WORDS, 5)]
    texts: dict[str, str] = {}
    for number in range(documents):
        directory = rng.choice(dirs)
        depth_dir = directory + ("" if rng.random() < 0.5 else f"y{rng.randint(1998, 2003)}/")
        extension = ".txt" if rng.random() < 0.3 else ".html"
        path = f"{depth_dir}p{number:03d}{extension}"
        title = title_of(rng)
        server.titles[path] = title
        roll = rng.random()
        references = [f"{rng.choice(OTHERS)}: {title_of(rng)}. {rng.randint(1990, 2003)}."
                      for _ in range(rng.randint(3, 6))]
        if roll < 0.15:
            authors, cited, _ = rng.choice(CITED)
            references.insert(rng.randrange(len(references) + 1),
                              f"{authors}: {cited}. In Proc. WSCG, 2003.")
            server.citing.add(path)
        elif roll < 0.18:
            surname = rng.choice(["Fiala", "Ježek", "Kokaram"])
            texts[path] = f"We thank Dr. {surname} for the discussions. " + words(rng, 40)
        body = texts.get(path, "") + words(rng, 80)
        entries = "\n".join(f"[{i + 1}] {ref}" for i, ref in enumerate(references))
        texts[path] = f"{title}\n\n{body}\n\nReferences\n{entries}\n"
    # pages: section indexes -> directory indexes -> documents
    for directory in dirs:
        subdirs = sorted({p[len(directory):].split("/")[0] + "/" for p in texts
                          if p.startswith(directory) and "/" in p[len(directory):]})
        docs = sorted(p for p in texts if p.rsplit("/", 1)[0] + "/" == directory)
        links = [directory + s for s in subdirs] + docs
        server.pages[directory] = template(server, words(rng, 30), f"Topic {directory}", links)
        for sub in subdirs:
            inner = sorted(p for p in texts if p.startswith(directory + sub))
            server.pages[directory + sub] = template(server, words(rng, 20), f"Year {sub}", inner)
    sections["/papers/"] = dirs
    staff = ["Dr. " + rng.choice(["Fiala", "Novak", "Weber"]) for _ in range(3)]
    server.pages["/people/"] = template(server, "Staff: " + ", ".join(staff), "People", [])
    news = [f"/news/n{i}.html" for i in range(4)]
    for path in news:
        server.pages[path] = template(server, words(rng, 50), "News", [])
    sections["/news/"] = news
    server.pages["/papers/"] = template(server, "Our papers.", "Papers", dirs)
    server.pages["/news/"] = template(server, "News.", "News", news)
    server.pages["/"] = template(server, "Welcome to the lab.", f"Lab {name}",
                                 ["/papers/", "/people/", "/news/"])
    for path, text in texts.items():
        title = server.titles[path]
        if path.endswith(".txt"):
            server.pages[path] = text
        else:
            server.pages[path] = template(server, html.escape(text).replace("\n", "<br>"),
                                          title, [])
    server.titles.update({p: "" for p in server.pages if p not in server.titles})
    server.search_index = {path: _fold(texts[path]) for path in texts}
    server.search_index.update({p: _fold(re.sub(r"<[^>]+>", " ", server.pages[p]))
                                for p in ("/people/",)})
    return server


def _fold(text: str) -> str:
    import unicodedata
    text = unicodedata.normalize("NFKD", text)
    return "".join(c for c in text if not unicodedata.combining(c)).lower()


# --- serving ---------------------------------------------------------------------------------

_SEQUENCE = itertools.count(1)
_LOCK = threading.Lock()


class Handler(BaseHTTPRequestHandler):
    server_version = "SearchWeb/1.0"

    def log_message(self, format: str, *args) -> None:
        pass

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
        if parts.path == "/search" and site.search == "get" and method == "GET":
            query = parse_qs(parts.query)
            return self._send(results_page(site, query.get("q", [""])[0],
                                           int(query.get("page", ["1"])[0]), "get"))
        if parts.path == "/cgi-bin/find" and site.search == "post" and method == "POST":
            form = parse_qs(body.decode("utf-8"))
            if form.get("token", [""])[0] != TOKEN:
                return self._send("<html><body>Session expired.</body></html>", 403)
            return self._send(results_page(site, form.get("keywords", [""])[0],
                                           int(form.get("page", ["1"])[0]), "post"))
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


def results_page(site: Server, query: str, page: int, kind: str) -> str:
    """Ranked by occurrences of the query's words (title counts thrice), ten a page."""
    terms = re.findall(r"\w+", _fold(query))
    scored = []
    for path, text in site.search_index.items():
        score = sum(text.count(t) for t in terms) + 3 * sum(
            _fold(site.titles.get(path, "")).count(t) for t in terms)
        if terms and score:
            scored.append((-score, path))
    scored.sort()
    shown = [path for _, path in scored[(page - 1) * PER_PAGE: page * PER_PAGE]]
    with _LOCK:
        site.listed.update(shown)
    rows = "".join(f'<li><a href="{p}">{html.escape(site.titles.get(p) or p)}</a>'
                   f'<div class="snippet">{html.escape(_snippet(site.search_index[p], terms))}'
                   f'</div></li>' for p in shown)
    total = len(scored)
    more = page * PER_PAGE < total
    if not more:
        pager = ""
    elif kind == "get":
        pager = f'<a href="/search?q={html.escape(query)}&amp;page={page + 1}">Next</a>'
    else:
        pager = ('<form action="/cgi-bin/find" method="post">'
                 f'<input type="hidden" name="token" value="{TOKEN}">'
                 f'<input type="hidden" name="keywords" value="{html.escape(query)}">'
                 f'<input type="hidden" name="page" value="{page + 1}">'
                 '<input type="submit" name="more" value="Next"></form>')
    summary = (f"Results {min(total, (page - 1) * PER_PAGE + 1)} - "
               f"{min(total, page * PER_PAGE)} of {total} for {html.escape(query)}")
    return template(site, f"{summary}<ol>{rows}</ol>{pager}", "Search results", [])


def _snippet(text: str, terms: list[str]) -> str:
    found = [text.find(t) for t in terms if t in text]
    start = max(0, min(found) - 80) if found else 0
    return "... " + " ".join(text[start:start + 200].split()) + " ..."


class SearchWeb:
    """Context manager serving ``servers`` on free ports of 127.0.0.1."""

    def __init__(self, servers: list[Server]) -> None:
        self.servers = servers
        self.httpds: list[ThreadingHTTPServer] = []

    def __enter__(self) -> "SearchWeb":
        for server in self.servers:
            httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
            httpd.site = server
            httpd.daemon_threads = True
            server.port = httpd.server_address[1]
            threading.Thread(target=httpd.serve_forever, daemon=True).start()
            self.httpds.append(httpd)
        # cross links: each home page names the next two servers
        for index, server in enumerate(self.servers):
            others = [self.servers[(index + k) % len(self.servers)] for k in (1, 2)]
            extra = "".join(f'<a href="{o.base}/">{o.name}</a> ' for o in others if o is not server)
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
