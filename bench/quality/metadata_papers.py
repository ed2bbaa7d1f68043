"""Typeset first pages for ``bench_metadata.py``: generated papers built with real LaTeX
document classes TeX Live ships (journal, conference, thesis, preprint, report; one and two
columns), each with its ground truth (title, authors, the year when the page prints one).

The papers are made deterministically from a seed (titles, names with accents, particles and
hyphens, affiliations, body text with cited years as distractors) and built with ``pdflatex``
once into a cache directory; their metadata is stripped (``pypdf``), so only the first page
tells the work. A class whose build fails (a package TeX Live does not have here) is reported
and left out.
"""

from __future__ import annotations

import hashlib
import random
import shutil
import subprocess
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

TITLE_WORDS = ("Adaptive Sparse Robust Scalable Distributed Probabilistic Incremental Efficient "
               "Bayesian Neural Hierarchical Contrastive Federated Semantic Latent Dynamic "
               "Streaming Approximate Provable Secure Lightweight").split()
TOPICS = ("Citation Graphs|Image Denoising|Query Optimization|Speech Recognition|Protein Folding"
          "|Sensor Networks|Topic Models|Program Synthesis|Wheat Metabolomics|Line Clipping"
          "|Mesh Simplification|Relation Extraction|Graph Partitioning|Cache Coherence"
          "|Dependency Parsing|Trust Propagation|Disk Scheduling|Motion Planning").split("|")
FRAMES = ("{a} {b} for {t}", "{a} Methods for {t}", "On {a} {t}", "{t}: {a} and {b} Approaches",
          "Towards {a} {t} in the Wild", "Learning {a} Representations of {t}",
          "A {a} Framework for {t} with {b} Guarantees", "{t} Revisited")
GIVEN = ("Jana|Wei|María|José|Jiří|Anna|Pierre|Sanjay|Olga|Kwame|Hiroshi|Fatima|Lars|Chen|"
         "Jean-Pierre|Zoë|Ahmed|Ingrid|Rahul|Katarzyna|Tomás|Mei|Dmitri|Amara|Elif").split("|")
MIDDLE = ("", "", "", "J.", "A.", "M.")
FAMILY = ("Novák|Zhang|García|Dvořák|Müller|Smith|Dubois|Ghemawat|Ivanova|Mensah|Tanaka|"
          "Haddad|Andersson|Chen|van der Berg|O'Neill|Schmidt-Lange|Kowalski|Rossi|Nakamura|"
          "Fernández|de Souza|Okafor|Yilmaz|Petrov|Lindqvist|Baroni").split("|")
PLACES = ("University of West Bohemia, Pilsen, Czech Republic|Tsinghua University, Beijing, China"
          "|Universidad de Chile, Santiago|Google Inc., Mountain View, CA|"
          "Department of Computer Science, ETH Zurich, Switzerland|"
          "Institute of Informatics, University of Warsaw, Poland|"
          "School of Computing, National University of Singapore").split("|")
VENUES = ("Journal of Machine Learning Research|IEEE Transactions on Knowledge and Data Engineering"
          "|Information Processing and Management|Physical Review E|Computer Graphics Forum"
          "|Proceedings of the VLDB Endowment").split("|")
SENTENCES = ("Citation indexing has a long history in information science.",
             "Earlier systems (Garfield, 1972; Lawrence et al., 1999) relied on curated sources.",
             "We build on the model of Smith and Jones [4], first published in 2008.",
             "Our experiments use the benchmark of Chen et al. (2015) and its 2019 revision.",
             "The method scales linearly in the number of documents and servers.",
             "Results show a consistent gain over strong baselines on every data set.",
             "Section 2 reviews related work; Section 3 describes the approach.",
             "Formally, let $G=(V,E)$ be a directed graph with $n$ vertices.",
             "This extends our earlier report from 2011 to the distributed setting.")


#: The fonts a paper is set in, in turn: Times (Type 1, T1 encoding: accented letters are
#: glyphs of their own) and TeX's default Computer Modern (OT1: an accent is a glyph of its
#: own before its letter).
FONTS = (r"\usepackage[T1]{fontenc}\usepackage{mathptmx}", "")


@dataclass
class Paper:
    """One generated paper: what the first page must give, and its LaTeX."""

    key: str
    layout: str
    title: str
    authors: list[str]
    year: int | None
    tex: str = ""
    notes: list[str] = field(default_factory=list)


def _latex(text: str) -> str:
    return text.replace("&", r"\&").replace("%", r"\%").replace("_", r"\_")


def _body(rng: random.Random, paragraphs: int = 8) -> str:
    return "\n\n".join(" ".join(rng.choice(SENTENCES) for _ in range(7))
                       for _ in range(paragraphs))


def _people(rng: random.Random, count: int) -> list[str]:
    names = []
    while len(names) < count:
        middle = rng.choice(MIDDLE)
        name = " ".join(p for p in (rng.choice(GIVEN), middle, rng.choice(FAMILY)) if p)
        if name.split()[-1] not in {n.split()[-1] for n in names}:
            names.append(name)
    return names


def _title(rng: random.Random) -> str:
    a, b = rng.sample(TITLE_WORDS, 2)
    return rng.choice(FRAMES).format(a=a, b=b, t=rng.choice(TOPICS))


def _and_list(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _article(p: Paper, rng: random.Random, two_columns: bool) -> str:
    option = "twocolumn," if two_columns else ""
    authors = r" \and ".join(f"{_latex(n)}\\\\ {{\\small {rng.choice(PLACES)}}}"
                             for n in p.authors)
    date = f"Technical Report TR-{p.year}-{rng.randint(1, 40):02d}, {p.year}" if p.year else ""
    return (f"\\documentclass[{option}10pt]{{article}}FONTS"
            f"\\title{{{_latex(p.title)}}}\\author{{{authors}}}\\date{{{date}}}"
            f"\\begin{{document}}\\maketitle\\begin{{abstract}}{_body(rng, 1)}\\end{{abstract}}"
            f"\\section{{Introduction}}{_body(rng)}\\end{{document}}")


def _ieee_conference(p: Paper, rng: random.Random) -> str:
    blocks = r" \and ".join(
        f"\\IEEEauthorblockN{{{_latex(n)}}}\\IEEEauthorblockA{{{rng.choice(PLACES)}\\\\"
        f" {n.split()[-1].lower().replace(' ', '')}@example.org}}" for n in p.authors)
    return (r"\documentclass[conference]{IEEEtran}FONTS"
            r"\IEEEoverridecommandlockouts"
            f"\\begin{{document}}\\title{{{_latex(p.title)}}}\\author{{{blocks}}}"
            f"\\maketitle\\IEEEpubid{{\\makebox[\\columnwidth]{{978-1-6654-{rng.randint(1000, 9999)}"
            f"-1/{p.year % 100}/\\$31.00~\\copyright~{p.year} IEEE \\hfill}}"
            r"\hspace{\columnsep}\makebox[\columnwidth]{}}"
            f"\\begin{{abstract}}{_body(rng, 1)}\\end{{abstract}}"
            f"\\section{{Introduction}}{_body(rng)}\\end{{document}}")


def _ieee_journal(p: Paper, rng: random.Random) -> str:
    thanks = f"\\thanks{{{_and_list(p.authors)} are with {rng.choice(PLACES)}.}}"
    month = rng.choice(("January", "May", "August", "December"))
    return (r"\documentclass[journal]{IEEEtran}FONTS"
            f"\\begin{{document}}\\title{{{_latex(p.title)}}}"
            f"\\author{{{_latex(_and_list(p.authors))}{thanks}}}"
            f"\\markboth{{IEEE Transactions on Knowledge and Data Engineering,~Vol.~{rng.randint(10, 35)},"
            f" No.~{rng.randint(1, 12)}, {month}~{p.year}}}{{Authors}}"
            f"\\maketitle\\begin{{abstract}}{_body(rng, 1)}\\end{{abstract}}"
            f"\\section{{Introduction}}{_body(rng)}\\end{{document}}")


def _elsarticle(p: Paper, rng: random.Random, option: str) -> str:
    authors = "".join(f"\\author[a{i % 2}]{{{_latex(n)}}}" for i, n in enumerate(p.authors))
    return (f"\\documentclass[{option}]{{elsarticle}}FONTS"
            f"\\journal{{{rng.choice(VENUES)}}}\\begin{{document}}\\begin{{frontmatter}}"
            f"\\title{{{_latex(p.title)}}}{authors}"
            f"\\address[a0]{{{rng.choice(PLACES)}}}\\address[a1]{{{rng.choice(PLACES)}}}"
            f"\\begin{{abstract}}{_body(rng, 1)}\\end{{abstract}}\\end{{frontmatter}}"
            f"\\section{{Introduction}}{_body(rng)}\\end{{document}}")


def _revtex(p: Paper, rng: random.Random) -> str:
    authors = "".join(f"\\author{{{_latex(n)}}}\\affiliation{{{rng.choice(PLACES)}}}"
                      for n in p.authors)
    return (r"\documentclass[aps,pre,twocolumn]{revtex4-2}FONTS"
            f"\\begin{{document}}\\title{{{_latex(p.title)}}}{authors}"
            f"\\date{{Received 3 March {p.year}; published {p.year}}}"
            f"\\begin{{abstract}}{_body(rng, 1)}\\end{{abstract}}\\maketitle"
            f"\\section{{Introduction}}{_body(rng)}\\end{{document}}")


def _llncs(p: Paper, rng: random.Random) -> str:
    authors = r" \and ".join(f"{_latex(n)}\\inst{{{i % 2 + 1}}}" for i, n in enumerate(p.authors))
    return (r"\documentclass{llncs}FONTS"
            f"\\begin{{document}}\\title{{{_latex(p.title)}}}\\author{{{authors}}}"
            f"\\institute{{{rng.choice(PLACES)} \\and {rng.choice(PLACES)}}}\\maketitle"
            f"\\begin{{abstract}}{_body(rng, 1)}\\end{{abstract}}"
            f"\\section{{Introduction}}{_body(rng)}\\end{{document}}")


def _amsart(p: Paper, rng: random.Random) -> str:
    authors = "".join(f"\\author{{{_latex(n)}}}\\address{{{rng.choice(PLACES)}}}"
                      for n in p.authors)
    return (r"\documentclass{amsart}FONTS"
            f"\\begin{{document}}\\title{{{_latex(p.title)}}}{authors}\\date{{}}"
            f"\\begin{{abstract}}{_body(rng, 1)}\\end{{abstract}}\\maketitle"
            f"\\section{{Introduction}}{_body(rng)}\\end{{document}}")


def _koma(p: Paper, rng: random.Random) -> str:
    authors = r" \and ".join(map(_latex, p.authors))
    return (r"\documentclass{scrartcl}FONTS"
            f"\\title{{{_latex(p.title)}}}\\author{{{authors}}}"
            f"\\date{{Preprint, {p.year}}}")


def _thesis(p: Paper, rng: random.Random) -> str:
    return (r"\documentclass[12pt]{report}FONTS"
            f"\\title{{{_latex(p.title)}}}\\author{{{_latex(p.authors[0])}}}"
            f"\\date{{A thesis submitted for the degree of Doctor of Philosophy\\\\"
            f" {rng.choice(PLACES)}\\\\ {p.year}}}"
            f"\\begin{{document}}\\maketitle\\chapter{{Introduction}}{_body(rng)}\\end{{document}}")


def _mnras(p: Paper, rng: random.Random) -> str:
    authors = ", ".join(f"{_latex(n)}$^{{{i + 1}}}$" for i, n in enumerate(p.authors))
    return (r"\documentclass[fleqn,usenatbib]{mnras}FONTS"
            f"\\title{{{_latex(p.title)}}}\\author[{_latex(p.authors[0])} et al.]{{{authors}\\\\"
            f"$^{{1}}${rng.choice(PLACES)}}}\\date{{Accepted {p.year} March 3. Received {p.year - 1}"
            f" December 1}}\\pubyear{{{p.year}}}"
            f"\\begin{{document}}\\label{{firstpage}}\\pagerange{{\\pageref{{firstpage}}--"
            f"\\pageref{{lastpage}}}}\\maketitle\\begin{{abstract}}{_body(rng, 1)}\\end{{abstract}}"
            f"\\section{{Introduction}}{_body(rng)}\\label{{lastpage}}\\end{{document}}")


def _aastex(p: Paper, rng: random.Random) -> str:
    authors = "".join(f"\\author{{{_latex(n)}}}\\affiliation{{{rng.choice(PLACES)}}}"
                      for n in p.authors)
    return (r"\documentclass[twocolumn]{aastex631}FONTS"
            f"\\begin{{document}}\\title{{{_latex(p.title)}}}{authors}"
            f"\\begin{{abstract}}{_body(rng, 1)}\\end{{abstract}}"
            f"\\section{{Introduction}}{_body(rng)}\\end{{document}}")


def _koma_full(p: Paper, rng: random.Random) -> str:
    return (_koma(p, rng) + f"\\begin{{document}}\\maketitle\\begin{{abstract}}{_body(rng, 1)}"
            f"\\end{{abstract}}\\section{{Introduction}}{_body(rng)}\\end{{document}}")


#: layout name -> (builder, authors range, prints the year)
LAYOUTS = {
    "article, one column (report)": (lambda p, r: _article(p, r, False), (1, 3), True),
    "article, two columns": (lambda p, r: _article(p, r, True), (2, 3), False),
    "IEEEtran conference": (_ieee_conference, (2, 4), True),
    "IEEEtran journal": (_ieee_journal, (2, 5), True),
    "elsarticle preprint": (lambda p, r: _elsarticle(p, r, "preprint,12pt"), (2, 4), False),
    "elsarticle 5p two columns": (lambda p, r: _elsarticle(p, r, "5p,times"), (2, 4), False),
    "revtex4-2 (APS)": (_revtex, (1, 3), True),
    "llncs (Springer LNCS)": (_llncs, (2, 4), False),
    "amsart": (_amsart, (1, 2), False),
    "scrartcl (KOMA preprint)": (_koma_full, (1, 3), True),
    "report (thesis title page)": (_thesis, (1, 1), True),
    "mnras": (_mnras, (2, 4), True),
    "aastex631": (_aastex, (2, 4), False),
}


def generate(seed: int, per_layout: int) -> list[Paper]:
    """``per_layout`` papers of every layout."""
    rng = random.Random(seed)
    papers = []
    for layout, (build, (low, high), prints_year) in LAYOUTS.items():
        for index in range(per_layout):
            paper = Paper(f"{layout}#{index}", layout, _title(rng),
                          _people(rng, rng.randint(low, high)), rng.randint(1995, 2024))
            paper.tex = build(paper, rng).replace("FONTS", FONTS[index % len(FONTS)])
            if not prints_year:
                paper.year = None
            papers.append(paper)
    return papers


def build(papers: list[Paper], cache: Path) -> tuple[dict[str, bytes], dict[str, str]]:
    """Each paper's PDF (metadata stripped), from ``cache`` or built now; and the layouts
    whose build failed, with pdflatex's first error."""
    cache.mkdir(parents=True, exist_ok=True)
    pdfs: dict[str, bytes] = {}
    failed: dict[str, str] = {}
    for paper in papers:
        if paper.layout in failed:
            continue
        digest = hashlib.sha256(paper.tex.encode()).hexdigest()[:20]
        path = cache / f"{digest}.pdf"
        if not path.exists():
            error = _pdflatex(paper.tex, path)
            if error:
                failed[paper.layout] = error
                continue
        pdfs[paper.key] = path.read_bytes()
    return pdfs, failed


def _pdflatex(tex: str, target: Path) -> str:
    """Build ``tex`` into ``target`` without metadata; "" or the first error line."""
    if shutil.which("pdflatex") is None:
        return "pdflatex missing (apt-get install texlive-latex-base texlive-publishers)"
    with tempfile.TemporaryDirectory() as work:
        source = Path(work) / "paper.tex"
        source.write_text(tex, encoding="utf-8")
        subprocess.run(["pdflatex", "-interaction=batchmode", "-halt-on-error", "paper.tex"],
                       cwd=work, capture_output=True, timeout=180)
        built = Path(work) / "paper.pdf"
        if not built.exists():
            log = (Path(work) / "paper.log").read_text(errors="replace").splitlines()
            return next((line for line in log if line.startswith("!")), "no PDF")
        target.write_bytes(strip_metadata(built.read_bytes()))
    return ""


def strip_metadata(data: bytes) -> bytes:
    """The PDF without its document information and XMP (what "no usable metadata" means)."""
    import io

    import pypdf

    writer = pypdf.PdfWriter(clone_from=pypdf.PdfReader(io.BytesIO(data)))
    if "/Metadata" in writer.root_object:
        del writer.root_object["/Metadata"]
    writer.metadata = None
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()
