"""A small conference web site, generated, for ``make demo``.

It looks like the servers CiteSeeker was built for: a proceedings index, paper pages with
reference lists (some with typos, hyphenation and accents), papers as PDF, zipped PDF and gzipped
PostScript, a plain-text reading list, staff pages that name authors without citing them, and a
link loop.
"""

from __future__ import annotations

import gzip
import io
import subprocess
import zipfile
from pathlib import Path

PAPERS = {
    "a11": ("3D-shape reconstruction based on radon transform", [
        "[3] Bosch, T. and Lescure, M.: Three-dimensional object construction using a self-mixing "
        "type scanning laser range finder. IEEE Trans. Instrum. Meas., 1998.",
        "[4] D. Fiala, K. Ježek: Retrieving citations on the web. WSCG 2003.",
    ]),
    "g31": ("Computing geodesic distances on triangular meshes", [
        "[12] P. K. Agarwal, K. R. Varadarajan. Aproximating schortest pahts on a convex polytope "
        "in three dimensions. J. ACM 44, 1997.",
    ]),
    "a47": ("Line scratch detection on digital images", [
        "[1] A. C. Kokaram, Detection and re-\nmoval of line scratches in degraded motion picture "
        "restoration, IEEE Trans. Image Processing, 1996.",
        "[2] J. Shen: Dressing humans in virtual worlds (not the searched title), 2000.",
    ]),
    "b02": ("Facial animation with muscles", [
        "[9] T. Kanade et al.: Recognizing action units for facialexpression analysis. PAMI 2001.",
    ]),
    # by one of the searched authors: a self-citation
    "f05": ("Citation crawling revisited", [
        "[1] D. Fiala, K. Jezek: Retrieving citations on the web. WSCG 2003.",
    ]),
}
#: The journal version of c07 (the PDF preprint below): one work, two versions.
JOURNAL_VERSION = ("c07-journal", "Citation Indexing on the Web", [
    "[2] Fiala, D., Jezek, K.: Retrieving citations on the web. In: Proc. of WSCG 2003.",
])


#: The authors of the paper pages, printed as the Highwire Press tags of a proceedings site.
PAPER_AUTHORS = {"a11": ["Novak, Jana", "Horak, Milan"], "g31": ["Karel Cerny"],
                 "a47": ["Eva Kralova", "Jan Dvorak"], "b02": ["Tomas Marek"],
                 "f05": ["Dalibor Fiala"], "c07-journal": ["Jana Novak", "Petr Dvorak"]}


def _page(title: str, body: str, links: list[tuple[str, str]] = (), meta: str = "") -> str:
    items = "".join(f'<li><a href="{href}">{text}</a></li>' for href, text in links)
    return (f"<!DOCTYPE html><html><head><meta charset='utf-8'><title>{title}</title>{meta}</head>"
            f"<body><h1>{title}</h1>{body}<ul>{items}</ul></body></html>")


def _paper_page(key: str, title: str, references: list[str]) -> str:
    refs = "".join(f"<p>{ref}</p>" for ref in references)
    tags = [("citation_title", title), *(("citation_author", a) for a in PAPER_AUTHORS[key]),
            ("citation_publication_date", "2003/02/03"),
            ("citation_conference_title", "WSCG 2003")]
    meta = "".join(f'<meta name="{name}" content="{value}">' for name, value in tags)
    return _page(title, f"<h2>Abstract</h2><p>We present {title.lower()}.</p>"
                        f"<h2>References</h2>{refs}", [("../index.html", "Proceedings")], meta)


#: Papers published only as PostScript/PDF, some packed, as on the servers of 2003.
DOCUMENT_PAPERS = {
    "c07": ("Citation indexing on the web", "Jana Novak and Petr Dvorak",
            "WSCG 2004, Plzen, Czech Republic. Copyright 2004 UNION Agency", [
        "[2] Fiala, D., Jezek, K.: Retrieving citations on the web. In: Proc. of WSCG 2003.",
        "[5] A. Kokaram. Detection and removal of line scratches in degraded motion",
        "picture restoration. IEEE Transactions on Image Processing, 1996.",
    ]),
    "d13": ("Shading dressed humans", "Hana Svobodova",
            "Technical report DCSE/TR-2004-02, University of West Bohemia, 2004", [
        "[8] Shen, J.: Computer modelling, analysis and synthesis of dressed human. 1999.",
    ]),
}


def _postscript(title: str, authors: str, venue: str, lines: list[str]) -> bytes:
    """A one-page PostScript paper as a typesetter prints it: the title in large type, the
    authors, the venue, an abstract and its references (no metadata: the first page is all
    that tells the work)."""
    head = [f"/Times-Bold findfont 17 scalefont setfont 72 720 moveto ({_ps_escape(title)}) show",
            f"/Times-Roman findfont 12 scalefont setfont 72 696 moveto ({_ps_escape(authors)}) show",
            f"/Times-Italic findfont 9 scalefont setfont 72 682 moveto ({_ps_escape(venue)}) show",
            "/Times-Roman findfont 11 scalefont setfont"]
    body = ["Abstract. We study " + title.lower() + ".", "", "References", *lines]
    shows = [f"72 {650 - 14 * i} moveto ({_ps_escape(t)}) show" for i, t in enumerate(body)]
    return ("%!PS-Adobe-3.0\n%%Title: paper.dvi\n" + "\n".join(head + shows)
            + "\nshowpage\n").encode("latin-1")


def _ps_escape(text: str) -> str:
    return text.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")


def _pdf_from(postscript: bytes) -> bytes:
    """Ghostscript (installed by `make demo`) distills the PostScript into a real PDF."""
    command = ["gs", "-dSAFER", "-dBATCH", "-dNOPAUSE", "-q", "-sDEVICE=pdfwrite",
               "-sOutputFile=-", "-"]
    return subprocess.run(command, input=postscript, capture_output=True, check=True).stdout


def _zip(name: str, data: bytes) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr(name, data)
    return buffer.getvalue()


def document_files() -> dict[str, bytes]:
    """c07 as PDF and zipped PDF; d13 as gzipped PostScript (``d13.ps.gz/d13.ps``)."""
    c07 = _postscript(*DOCUMENT_PAPERS["c07"])
    d13 = _postscript(*DOCUMENT_PAPERS["d13"])
    pdf = _pdf_from(c07)
    return {"papers/c07.pdf": pdf, "papers/c07.zip": _zip("c07.pdf", pdf),
            "papers/d13.ps.gz": gzip.compress(d13)}


def build_demo_site(root: Path) -> Path:
    """Write the site under ``root`` and return it."""
    files = {
        "index.html": _page("WSCG 2003 Proceedings", "<p>Papers of the conference.</p>",
                            [(f"papers/{k}.html", t) for k, (t, _) in PAPERS.items()]
                            + [("papers/c07.pdf", "c07 (PDF)"), ("papers/c07.zip", "c07 (ZIP)"),
                               ("papers/c07-journal.html", "c07 (journal version)"),
                               ("papers/d13.ps.gz", "d13 (PostScript, gzipped)"),
                               ("people/committee.html", "Committee"),
                               ("notes/reading-list.txt", "Reading list"),
                               ("archive/2002/index.html", "Last year")]),
        "people/committee.html": _page("Committee", "<p>Chair: Dalibor Fiala (Pilsen). "
                                       "Members: A. Kokaram, T. Kanade.</p>",
                                       [("../index.html", "Home")]),
        "notes/reading-list.txt": "Reading list for the graphics seminar\n\n"
                                  "Fiala D.: A system for citations retrieval on the web.\n"
                                  "Diploma thesis, University of West Bohemia, 2003.\n",
        "archive/2002/index.html": _page("WSCG 2002", "<p>Nothing cited here.</p>",
                                         [("../../index.html", "Home"),
                                          ("../2002/index.html", "Loop")]),
    }
    for key, (title, references) in [*PAPERS.items(), (JOURNAL_VERSION[0], JOURNAL_VERSION[1:])]:
        files[f"papers/{key}.html"] = _paper_page(key, title, references)
    for relative, content in {**files, **document_files()}.items():
        path = root / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(content if isinstance(content, bytes) else content.encode("utf-8"))
    return root
