"""A generated web that changes between two crawls, served on 127.0.0.1 (for the re-crawl).

Used by ``bench/bench_recrawl.py`` and ``tests/test_recrawl_e2e.py``.

* :class:`WebServer` serves one server's files from memory on a free port, with HTTP
  validators (``ETag`` = MD5 of the body, ``Last-Modified`` = the file's time) and ``304 Not
  Modified`` answers to ``If-None-Match`` / ``If-Modified-Since`` — or, for a server
  "without validators", neither. It logs every request: path, status, body bytes sent.
* :func:`text_pdf` writes a real one-page-per-60-lines PDF (Helvetica text) from Python.
* :func:`generate_web` and :func:`change_web` make the benchmark's web: servers of
  directories ("sites": a person's or a lab's pages), each with an index page, a few pages and
  citing and non-citing PDFs; then the changes of a month (Kumagai & Yamana: ~10% of the
  documents), with the truth: which citations are new and which are gone.
"""

from __future__ import annotations

import email.utils
import hashlib
import random
import threading
import zlib
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from tests.support.docgen import pdf_file  # the project root is on sys.path (bench_recrawl.py)

#: The searched works (author group + title) and how a citing document cites each.
WORKS = {
    "Retrieving citations on the web": ("Fiala + Jezek", "Fiala, D., Jezek, K.: Retrieving "
                                        "citations on the web. Proc. DATAKON 2003"),
    "A system for citations retrieval on the web": (
        "Fiala + Jezek", "Fiala, D.: A system for citations retrieval on the web. Thesis 2003"),
    "Detection of modified web pages using link structure": (
        "Kumagai + Yamana", "Kumagai, K., Yamana, H.: Detection of modified web pages using "
        "link structure. DEWS 2004"),
    "Harvesting sites with local search forms": (
        "Liu + Agah", "Liu, Y., Agah, A.: Harvesting sites with local search forms. WI 2009"),
}
_WORDS = ("crawler frontier index page server link update freshness archive text query "
          "ranking cluster graph sample revisit change detect web document citation").split()


def searchstrings() -> str:
    """``searchstrings.txt`` of the searched works (one author group per line of works)."""
    groups: dict[str, list[str]] = {}
    for title, (authors, _) in WORKS.items():
        groups.setdefault(authors, []).append(title)
    return "".join(f"author={authors}\n" + "".join(f"{t}\n" for t in titles)
                   for authors, titles in groups.items())


# --- documents -------------------------------------------------------------------------------


def _pdf_string(text: str) -> str:
    return "(" + text.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)") + ")"


def text_pdf(lines: list[str]) -> bytes:
    """A PDF with ``lines`` of Helvetica text, 60 a page (what PDF engines read as text)."""
    pages = [lines[i:i + 60] for i in range(0, len(lines), 60)] or [[]]
    objects = [b"<< /Type /Catalog /Pages 2 0 R >>", b""]
    font = 3 + 2 * len(pages)
    kids = []
    for page in pages:
        content = "BT /F1 9 Tf 11 TL 56 760 Td " + " ".join(
            f"{_pdf_string(line)} Tj T*" for line in page) + " ET"
        stream = zlib.compress(content.encode("latin-1", "replace"))
        kids.append(len(objects) + 1)
        objects.append(b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents %d 0 R "
                       b"/Resources << /Font << /F1 %d 0 R >> >> >>" % (len(objects) + 2, font))
        objects.append(b"<< /Length %d /Filter /FlateDecode >>\nstream\n" % len(stream)
                       + stream + b"\nendstream")
    objects[1] = b"<< /Type /Pages /Kids [%s] /Count %d >>" % (
        b" ".join(b"%d 0 R" % k for k in kids), len(kids))
    objects.append(b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>")
    return pdf_file(objects)


def paper(seed: str, cites: list[str], lines: int = 120) -> bytes:
    """A generated paper (unique text per ``seed``) whose references cite ``cites`` (titles
    of :data:`WORKS`) and otherwise only made-up works."""
    rng = random.Random(seed)
    body = [" ".join(rng.choice(_WORDS) for _ in range(12)) for _ in range(lines)]
    references = ["References"]
    for number, title in enumerate(cites, 1):
        references.append(f"[{number}] {WORKS[title][1]}")
    references.append(f"[{len(cites) + 1}] Smith, J.: On {rng.choice(_WORDS)} "
                      f"{rng.choice(_WORDS)}. Proc. {rng.randint(1990, 2020)}")
    return text_pdf([f"Paper {seed}", *body, *references])


def page(title: str, links: list[str], note: str = "") -> bytes:
    anchors = "".join(f'<li><a href="{href}">{href}</a></li>' for href in links)
    return (f"<html><head><title>{title}</title></head><body><h1>{title}</h1><p>{note}</p>"
            f"<ul>{anchors}</ul></body></html>").encode()


# --- serving ---------------------------------------------------------------------------------


@dataclass
class File:
    body: bytes
    mtime: float
    content_type: str


@dataclass
class Logged:
    path: str
    status: int
    size: int


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def do_GET(self) -> None:  # noqa: N802
        site: WebServer = self.server.site  # type: ignore[attr-defined]
        path = self.path.split("?", 1)[0]
        found = site.files.get(path)
        if found is None:
            self._answer(404, b"not found", "text/plain", {})
            return
        headers = {}
        etag = '"%s"' % hashlib.md5(found.body).hexdigest()
        modified = email.utils.formatdate(found.mtime, usegmt=True)
        if site.validators:
            headers = {"ETag": etag, "Last-Modified": modified}
            if self._not_modified(etag, found.mtime):
                self._answer(304, b"", None, headers)
                return
        self._answer(200, found.body, found.content_type, headers)

    def _not_modified(self, etag: str, mtime: float) -> bool:
        match = self.headers.get("If-None-Match")
        if match is not None:
            return etag in [tag.strip() for tag in match.split(",")]
        since = self.headers.get("If-Modified-Since")
        if since:
            try:
                return int(mtime) <= email.utils.parsedate_to_datetime(since).timestamp()
            except (TypeError, ValueError):
                return False
        return False

    def _answer(self, status: int, body: bytes, content_type: str | None,
                headers: dict[str, str]) -> None:
        self.server.site.log.append(Logged(self.path, status, len(body)))  # type: ignore
        self.send_response(status)
        for name, value in headers.items():
            self.send_header(name, value)
        if status != 304:
            self.send_header("Content-Type", content_type or "application/octet-stream")
            self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if status != 304:
            self.wfile.write(body)

    def log_message(self, format: str, *args: object) -> None:
        pass


class WebServer:
    """One server of the web on 127.0.0.1 (a free port); ``files`` can be replaced at will."""

    def __init__(self, files: dict[str, File], validators: bool = True) -> None:
        self.files = files
        self.validators = validators
        self.log: list[Logged] = []
        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), _Handler)
        self.httpd.site = self  # type: ignore[attr-defined]
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    @property
    def base(self) -> str:
        host, port = self.httpd.server_address[:2]
        return f"http://{host}:{port}"

    def __enter__(self) -> WebServer:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()

    def take_log(self) -> list[Logged]:
        log, self.log = self.log, []
        return log


def files_of(pages: dict[str, bytes], mtime: float, before: dict[str, File] | None = None
             ) -> dict[str, File]:
    """Files for ``{path: body}``; a body equal to ``before``'s keeps its old time."""
    files = {}
    for path, body in pages.items():
        old = (before or {}).get(path)
        kind = "application/pdf" if path.endswith(".pdf") else "text/html; charset=utf-8"
        files[path] = old if old is not None and old.body == body else File(body, mtime, kind)
    return files


# --- the benchmark's web and its changes -----------------------------------------------------


@dataclass
class SiteModel:
    """One directory: its index page links its pages, each page links its PDFs."""

    directory: str
    pages: dict[str, list[str]]                 # page path -> its PDF paths
    cites: dict[str, list[str]]                 # PDF path -> titles it cites
    notes: dict[str, str] = field(default_factory=dict)


@dataclass
class ServerModel:
    validators: bool
    sites: list[SiteModel]
    name: str = "s"   # in each paper's text: no two servers serve the same paper

    def render(self) -> dict[str, bytes]:
        """The pages; the home page links each site's index, and every other site's last page
        too ("featured": a directory entered from two places, as in the paper's figure 4)."""
        featured = [list(s.pages)[-1] for s in self.sites[1::2]]
        out = {"/": page("Home", [s.directory + "index.html" for s in self.sites] + featured)}
        for site in self.sites:
            out[site.directory + "index.html"] = page(
                f"Site {site.directory}", list(site.pages), site.notes.get("index", ""))
            for path, pdfs in site.pages.items():
                out[path] = page(f"Page {path}", pdfs, site.notes.get(path, ""))
                for pdf in pdfs:
                    out[pdf] = paper(f"{self.name}{pdf}|{'|'.join(site.cites[pdf])}"
                                     f"|{site.notes.get(pdf, '')}", site.cites[pdf])
        return out


def generate_web(seed: int, servers: int = 8, sites: int = 5, pages: int = 3, pdfs: int = 3,
                 without_validators: int = 2) -> list[ServerModel]:
    """``servers`` servers (the last ``without_validators`` give no validators) of ``sites``
    directories, each with ``pages`` pages of ``pdfs`` PDFs; about half of the PDFs cite a
    searched work."""
    rng = random.Random(seed)
    titles = list(WORKS)
    web = []
    for number in range(servers):
        models = []
        for s in range(sites):
            directory = f"/~user{s}/" if s else "/lab/"
            site = SiteModel(directory, {}, {})
            for p in range(pages):
                path = f"{directory}p{p}.html"
                site.pages[path] = [f"{directory}paper{p}_{k}.pdf" for k in range(pdfs)]
                for pdf in site.pages[path]:
                    site.cites[pdf] = rng.sample(titles, 1) if rng.random() < 0.5 else []
            models.append(site)
        web.append(ServerModel(number < servers - without_validators, models, f"s{number}"))
    return web


@dataclass
class Truth:
    """What changed: citations ``(server, path, title)`` that are new and that are gone;
    ``quiet``: the new ones under an index page that did not change; ``in_place``: the
    changes of documents under an unchanged index (the held-out web: deleted,
    rewritten without their citation, with a second citation)."""

    new: set[tuple[int, str, str]] = field(default_factory=set)
    gone: set[tuple[int, str, str]] = field(default_factory=set)
    quiet: set[tuple[int, str, str]] = field(default_factory=set)
    in_place: set[tuple[int, str, str]] = field(default_factory=set)


def change_web(web: list[ServerModel], seed: int) -> tuple[list[ServerModel], Truth]:
    """A month of changes, as Kumagai & Yamana saw them: most changes in a few sites whose
    index page changed (news, new papers listed there, papers revised or withdrawn), some under
    index pages that did not change (a paper added to a deeper page, a paper revised in
    place)."""
    import copy
    rng = random.Random(seed)
    titles = list(WORKS)
    new_web = copy.deepcopy(web)
    truth = Truth()
    all_sites = [(n, site) for n, server in enumerate(new_web) for site in server.sites]
    changed = rng.sample(all_sites, max(1, len(all_sites) // 5))
    quiet = [entry for entry in all_sites if entry not in changed]
    for n, site in changed:  # the index changed: news, new papers, revisions, withdrawals
        first_page = next(iter(site.pages))
        new_pdf = f"{site.directory}new_{rng.randrange(10**6)}.pdf"
        title = rng.choice(titles)
        site.pages[first_page].append(new_pdf)
        site.cites[new_pdf] = [title]
        site.notes["index"] = f"News: {new_pdf} added"
        for path in site.pages:  # the site's pages are edited too
            site.notes[path] = "updated"
        truth.new.add((n, new_pdf, title))
        pdfs = [pdf for pdfs in site.pages.values() for pdf in pdfs if pdf != new_pdf]
        revised = rng.choice(pdfs)
        extra = [t for t in titles if t not in site.cites[revised]][0]
        site.cites[revised] = site.cites[revised] + [extra]
        truth.new.add((n, revised, extra))
        withdrawn = rng.choice([p for p in pdfs if p != revised and site.cites[p]] or [revised])
        if withdrawn != revised:
            for path, listed in site.pages.items():
                if withdrawn in listed:
                    listed.remove(withdrawn)
                    site.notes[path] = "updated"
            truth.gone.update((n, withdrawn, t) for t in site.cites.pop(withdrawn))
    _change_in_place(rng, quiet, truth)
    for n, site in rng.sample(quiet, max(1, len(quiet) // 8)):  # under an unchanged index
        deep_page = list(site.pages)[-1]
        new_pdf = f"{site.directory}late_{rng.randrange(10**6)}.pdf"
        title = rng.choice(titles)
        site.pages[deep_page].append(new_pdf)
        site.cites[new_pdf] = [title]
        site.notes[deep_page] = "one more"
        truth.new.add((n, new_pdf, title))
        truth.quiet.add((n, new_pdf, title))
    return new_web, truth


def _change_in_place(rng: random.Random, quiet: list, truth: Truth) -> None:
    """Under index pages that did not change: in a few sites one citing paper is
    deleted (and unlisted), one rewritten without its citation, one given a second citation.
    The paper's ``notes`` change its text, so its body (and validators) change."""
    titles = list(WORKS)
    for n, site in rng.sample(quiet, max(1, len(quiet) // 6)):
        citing = [pdf for pdf, cited in site.cites.items() if cited]
        if len(citing) < 3:
            continue
        deleted, rewritten, extended = rng.sample(citing, 3)
        for path, listed in site.pages.items():
            if deleted in listed:
                listed.remove(deleted)
                site.notes[path] = "one less"
        for title in site.cites.pop(deleted):
            truth.gone.add((n, deleted, title))
            truth.in_place.add((n, deleted, title))
        for title in site.cites[rewritten]:
            truth.gone.add((n, rewritten, title))
            truth.in_place.add((n, rewritten, title))
        site.cites[rewritten] = []
        site.notes[rewritten] = "rewritten"
        extra = next(t for t in titles if t not in site.cites[extended])
        site.cites[extended] = site.cites[extended] + [extra]
        truth.new.add((n, extended, extra))
        truth.in_place.add((n, extended, extra))
