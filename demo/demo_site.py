"""A small conference web site, generated, for ``make demo``.

It looks like the servers CiteSeeker was built for: a proceedings index, paper pages with
reference lists (some with typos, hyphenation and accents), a plain-text reading list, staff pages
that name authors without citing them, and a link loop.
"""

from __future__ import annotations

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
}


def _page(title: str, body: str, links: list[tuple[str, str]] = ()) -> str:
    items = "".join(f'<li><a href="{href}">{text}</a></li>' for href, text in links)
    return (f"<!DOCTYPE html><html><head><meta charset='utf-8'><title>{title}</title></head>"
            f"<body><h1>{title}</h1>{body}<ul>{items}</ul></body></html>")


def _paper_page(key: str, title: str, references: list[str]) -> str:
    refs = "".join(f"<p>{ref}</p>" for ref in references)
    return _page(title, f"<h2>Abstract</h2><p>We present {title.lower()}.</p>"
                        f"<h2>References</h2>{refs}", [("../index.html", "Proceedings")])


def build_demo_site(root: Path) -> Path:
    """Write the site under ``root`` and return it."""
    files = {
        "index.html": _page("WSCG 2003 Proceedings", "<p>Papers of the conference.</p>",
                            [(f"papers/{k}.html", t) for k, (t, _) in PAPERS.items()]
                            + [("people/committee.html", "Committee"),
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
    for key, (title, references) in PAPERS.items():
        files[f"papers/{key}.html"] = _paper_page(key, title, references)
    for relative, content in files.items():
        path = root / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(content, encoding="utf-8")
    return root
