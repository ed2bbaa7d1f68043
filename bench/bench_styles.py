"""Matching quality on bibliographies typeset by real style engines, both schemes, one command.

    .venv/bin/python bench/bench_styles.py [--corpus ../shared/refcorpus] [--works 150]
        [--per-style 30] [--cache DIR] [--styles NAME,...] [--details]
        [--unseen-styles N [--unseen-latex K] --draw-seed S] [--sweep N]

The annotated works of ``--corpus`` become bibliography records (``quality/styleworks.py``: CSL-
JSON and BibTeX, from the refcorpus only) and are typeset by the engines researchers use: CSL
styles through pandoc's citeproc (Debian's ``citation-style-language-styles``, one or more
styles per language the styles cover) as HTML, as PDF printed by headless Chromium, and through
pandoc's LaTeX as PDF (pdflatex) and PostScript (latex + dvips); BibTeX and biblatex styles
through LaTeX as PDF (pdflatex), PostScript (latex + dvips) and a ZIP holding the PDF. A paper
pdflatex prints without characters its fonts lack (CJK, Cyrillic, Arabic script, Vietnamese
letters: mostly a style's own terms and separators) is typeset by LuaLaTeX instead, with Noto
fonts for those characters, its PostScript printed from the PDF by pdftocairo; the formats
are named after the engine that made them ("pdf (lualatex)"). Each
style typesets ``--per-style`` works (taken in turn from the ``--works`` selected, so that each
work meets many styles). The crawler's own ``DocumentExtractor`` reads every document back, and
each work is queried with one of its authors (positions in turn; an author the style left out,
"et al.", is not queried) and its title (not queried where the style prints no title, nor a
work the document prints no entry for: a type the .bst lacks, an entry after a brace the .bst
left open, :func:`printed_entries`; nor a work whose record's title field is not the title its
source string prints, ``Work.fault``: ``bench_refstrings.py`` leaves those strings out), plus
decoys as in ``bench_refstrings.py`` (a near-miss title every fourth work, a title of a work not
in the document every fourth other, and the title without its last content word every fourth
other: reported apart, in no other figure, as is the title cut after a function word on the
same works; a lookalike near miss every fourth other, reported apart too), and every fifth
work's title with two typos and three works' of five misspelled or spelled otherwise (true
queries, reported apart as in ``bench_refstrings.py``: "TYPO2 LOST" and "SPELL LOST" lines,
not in the exit status). Prints recall and precision per engine, format,
language
and style (styles below 0.99 listed), per name shape and per title ending in the typeset entry,
for the improved and the original (2003) scheme (a hit whose title's end the improved scheme
marks uncertain counts as found, and is counted apart under the "all" table and among the "last
word dropped" decoys accepted), what each check of the improved scheme vetoes
(true citations beside false hits), the precision and recall of the labels of the right hits
(``in_references``, "self") per format and language, and every citation the original finds that the improved misses, with its
style and the typeset entry (exit 1 if any).

``--unseen-styles N --draw-seed S`` measures, instead of the fixed styles the rules were
written on, N independent CSL styles drawn by the seed from Debian's styles that are not
among them (a dependent style, a journal's name for its parent's rules, is never drawn: its
parent may be, once), a third English, the rest one per language of the styles' default
locales in an order of the seed, then more to the languages with the most styles; a style
the engines fail on gives its place to the next of its language. ``--unseen-latex K`` adds K
biblatex and K BibTeX styles of TeX Live packages not among the fixed ones
(:func:`latex_slots`). Each drawn style typesets ``--per-style`` works in turn, as the fixed
ones do.

``--sweep N`` is the quick, wide check: N independent CSL styles (:func:`sweep_slots`: as a
draw spreads them over languages, in an order of ``--seed``) typeset as HTML only (pandoc's
citeproc; no Chromium, no LaTeX), with the works of ``--seed`` (another seed than the default's
and more ``--works`` give works the rules were not written on). It leaves out every style the
held-out draws could try (:data:`HELD_OUT_DRAWS`), so they stay unseen.

The typeset documents are cached in ``--cache`` under a key of their inputs (engine, style,
language, records, this file's template version), so a second run only extracts and matches;
runs at once on one cache wait for each other's typesetting of a key (``KEY.lock`` beside it).
Needs Debian's ``pandoc citation-style-language-styles chromium texlive-latex-base
texlive-latex-recommended texlive-fonts-recommended texlive-bibtex-extra texlive-publishers
biber texlive-luatex poppler-utils fonts-noto-cjk fonts-noto-core`` (bench only; the
command says what is missing). A benchmark, not a test: the corpus is
not part of the repository.
"""

from __future__ import annotations

import argparse
import bisect
import fcntl
import functools
import hashlib
import json
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time
import zipfile
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path
from typing import Callable, Iterator, Optional

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from rapidfuzz import fuzz  # noqa: E402

from citeseeker_scrapy.extraction.extractor import DocumentExtractor  # noqa: E402
from citeseeker_scrapy.extraction.model import ExtractedPart, ExtractionLimits  # noqa: E402
from citeseeker_scrapy.matching import normalize_text  # noqa: E402

import bench_refstrings as refbench  # noqa: E402
from bench_refstrings import Outcome, Query  # noqa: E402
from quality import refstrings, styleworks  # noqa: E402
from quality.styleworks import Work  # noqa: E402

CSL_DIR = Path("/usr/share/citation-style-language/styles")
TEMPLATE_VERSION = "3"  # part of the cache key: bump when a template below changes
TOOLS = {"pandoc": "pandoc", "chromium": "chromium",
         "pdflatex": "texlive-latex-base", "latex": "texlive-latex-base",
         "dvips": "texlive-binaries", "bibtex": "texlive-binaries", "biber": "biber",
         "luaotfload-tool": "texlive-luatex", "pdftocairo": "poppler-utils"}
#: Fonts of the LuaLaTeX route (:data:`LUALATEX_FONTS`) -> their Debian package.
FONT_FILES = {"/usr/share/fonts/opentype/noto/NotoSerifCJK-Regular.ttc": "fonts-noto-cjk",
              "/usr/share/fonts/truetype/noto/NotoSerif-Regular.ttf": "fonts-noto-core"}
PACKAGES = ("pandoc citation-style-language-styles chromium texlive-latex-base "
            "texlive-latex-recommended texlive-fonts-recommended texlive-bibtex-extra "
            "texlive-publishers biber texlive-luatex poppler-utils fonts-noto-cjk fonts-noto-core")
FILLER = refbench.FILLER
#: The heading a paper in the language puts above a CSL bibliography (LaTeX's styles print
#: their own: "References", biblatex's language's word). Not Russian: the LaTeX papers
#: have no Cyrillic font.
HEADINGS = {"Czech": "Literatura", "Slovak": "Literatúra", "German": "Literatur",
            "French": "Bibliographie", "Spanish": "Bibliografía", "Portuguese": "Referências",
            "Italian": "Bibliografia", "Polish": "Bibliografia",
            "Dutch": "Literatuur", "Danish": "Litteratur", "Swedish": "Referenser",
            "Norwegian": "Litteratur", "Finnish": "Lähteet", "Turkish": "Kaynakça"}
ZIP_NAME = "paper.zip"


@dataclass(frozen=True)
class Style:
    """One style of one engine: ``spec`` is the CSL file's name, the .bst name, or biblatex's
    package options; ``language`` the language its bibliography is printed in."""

    engine: str  # "CSL", "biblatex", "BibTeX"
    spec: str
    language: str
    lang_tag: str = ""  # pandoc's ``lang`` (CSL locale) or biblatex's ``language=``
    drawn: bool = False  # drawn by ``--unseen-latex``: a BibTeX style gets natbib

    @property
    def name(self) -> str:
        return f"{self.engine} {self.spec}" + (f" ({self.lang_tag})" if self.lang_tag else "")


def _csl(spec: str, language: str, tag: str = "") -> Style:
    return Style("CSL", spec, language, tag)


#: 45 CSL styles: the common English ones and at least one for each language the Debian
#: styles' default locales cover (ISO 690 in Czech and Slovak, DIN 1505 in German, ...).
CSL_STYLES = (
    _csl("apa", "English"), _csl("chicago-author-date", "English"), _csl("ieee", "English"),
    _csl("nature", "English"), _csl("vancouver", "English"),
    _csl("american-medical-association", "English"),
    _csl("modern-language-association", "English"), _csl("harvard-cite-them-right", "English"),
    _csl("elsevier-harvard", "English"), _csl("springer-basic-author-date", "English"),
    _csl("american-chemical-society", "English"), _csl("american-sociological-association",
                                                       "English"),
    _csl("american-physics-society", "English"), _csl("cell", "English"),
    _csl("iso690-author-date-en", "English"),
    _csl("iso690-author-date-cs", "Czech"), _csl("iso690-numeric-cs", "Czech"),
    _csl("iso690-author-date-sk", "Slovak"),
    _csl("din-1505-2", "German"), _csl("chicago-author-date-de", "German"),
    _csl("iso690-author-date-fr", "French"), _csl("apa-fr-provost", "French"),
    _csl("iso690-author-date-es", "Spanish"), _csl("chicago-author-date", "Spanish", "es-ES"),
    _csl("associacao-brasileira-de-normas-tecnicas", "Portuguese"),
    _csl("norma-portuguesa-405", "Portuguese"),
    _csl("bibliothecae-it", "Italian"), _csl("chicago-author-date", "Italian", "it-IT"),
    _csl("gost-r-7-0-5-2008", "Russian"), _csl("gost-r-7-0-5-2008-numeric", "Russian"),
    _csl("nowa-audiofonologia", "Polish"), _csl("apa-tr", "Turkish"),
    _csl("tijdschrift-voor-geneeskunde", "Dutch"), _csl("ugeskrift-for-laeger", "Danish"),
    _csl("karlstad-universitet-harvard", "Swedish"), _csl("apa", "Norwegian", "nb-NO"),
    _csl("metropolia-university-of-applied-sciences-harvard", "Finnish"),
    _csl("urbani-izziv", "Slovenian"), _csl("romanian-humanities", "Romanian"),
    _csl("iso690-numeric-lt", "Lithuanian"), _csl("szociologiai-szemle", "Hungarian"),
    _csl("keel-ja-kirjandus", "Estonian"), _csl("chicago-author-date-basque", "Basque"),
    _csl("institut-pertanian-bogor", "Indonesian"),
    _csl("china-national-standard-gb-t-7714-2015-numeric", "Chinese"),
)

#: biblatex styles (options of ``\usepackage[...]{biblatex}``; every name printed).
BIBLATEX_STYLES = (
    Style("biblatex", "numeric", "English"), Style("biblatex", "authoryear", "German", "german"),
    Style("biblatex", "alphabetic", "French", "french"), Style("biblatex", "ieee", "English"),
    Style("biblatex", "apa", "English"), Style("biblatex", "chem-acs", "English"),
    Style("biblatex", "nature", "English"), Style("biblatex", "phys", "English"),
    Style("biblatex", "iso-authoryear", "Czech", "czech"),
    Style("biblatex", "iso-numeric", "Slovak", "slovak"),
    Style("biblatex", "authoryear-comp", "Spanish", "spanish"),
    Style("biblatex", "numeric-comp", "Italian", "italian"),
    Style("biblatex", "authortitle", "Portuguese", "portuguese"),
)

#: BibTeX styles (.bst); natbib loaded for the author-year ones.
BIBTEX_STYLES = tuple(Style("BibTeX", spec, language) for spec, language in (
    ("plain", "English"), ("unsrt", "English"), ("alpha", "English"), ("abbrv", "English"),
    ("acm", "English"), ("ieeetr", "English"), ("siam", "English"), ("apalike", "English"),
    ("IEEEtran", "English"), ("plainnat", "English"), ("abbrvnat", "English"),
    ("elsarticle-harv", "English"), ("plaindin", "German"), ("francais", "French"),
    ("dk-plain", "Danish"), ("is-plain", "Icelandic")))
NATBIB = frozenset({"plainnat", "abbrvnat", "elsarticle-harv", "apalike"})
STYLES = CSL_STYLES + BIBLATEX_STYLES + BIBTEX_STYLES

#: The language of a CSL style's ``default-locale`` (its primary subtag; none: English), for
#: the styles ``--unseen-styles`` draws.
LOCALE_LANGUAGES = {
    "en": "English", "fr": "French", "de": "German", "es": "Spanish", "pt": "Portuguese",
    "it": "Italian", "tr": "Turkish", "cs": "Czech", "zh": "Chinese", "pl": "Polish",
    "id": "Indonesian", "da": "Danish", "nl": "Dutch", "sk": "Slovak", "ru": "Russian",
    "sv": "Swedish", "sl": "Slovenian", "ro": "Romanian", "ja": "Japanese", "fi": "Finnish",
    "nb": "Norwegian", "nn": "Norwegian", "no": "Norwegian", "lt": "Lithuanian",
    "is": "Icelandic", "fa": "Persian", "vi": "Vietnamese", "hu": "Hungarian", "eu": "Basque",
    "et": "Estonian", "uk": "Ukrainian", "hr": "Croatian", "sr": "Serbian", "ca": "Catalan",
    "el": "Greek", "ko": "Korean", "ar": "Arabic", "he": "Hebrew", "lv": "Latvian",
    "bg": "Bulgarian", "th": "Thai", "af": "Afrikaans", "mn": "Mongolian", "km": "Khmer"}
#: The share of a draw given to English styles (three in four of Debian's independent styles);
#: the rest goes one style per other language in turn, so that a draw covers many languages.
ENGLISH_SHARE = 1 / 3


def csl_language(path: Path) -> str:
    """The language a CSL style prints its bibliography in by default."""
    found = re.search(r'default-locale="([A-Za-z]+)', path.read_text("utf-8", "replace"))
    tag = found.group(1).lower() if found else "en"
    return LOCALE_LANGUAGES.get(tag, tag)


@functools.lru_cache(maxsize=None)
def _csl_catalogue(folder: Path, fixed: frozenset[str]) -> tuple[tuple[str, str], ...]:
    """(name, language) of each CSL style in ``folder`` that prints a bibliography and is not
    in ``fixed``, by name. Read once a process: :func:`held_out_specs` alone makes dozens of
    draws (:func:`unseen_candidates`), each over the same folder."""
    return tuple((path.stem, csl_language(path)) for path in sorted(folder.glob("*.csl"))
                 if path.stem not in fixed
                 and "<bibliography" in path.read_text("utf-8", "replace"))


def unseen_candidates(seed: int) -> dict[str, list[Style]]:
    """Language -> the independent CSL styles of that language not among :data:`CSL_STYLES`
    that print a bibliography, in the order of ``seed``. A dependent style (Debian's
    ``dependent/`` folder: a journal's name pointing to its parent's rules) is never drawn:
    its parent is, once."""
    by_language: dict[str, list[Style]] = {}
    for name, language in _csl_catalogue(CSL_DIR, frozenset(s.spec for s in CSL_STYLES)):
        by_language.setdefault(language, []).append(_csl(name, language))
    rng = random.Random(seed)
    for styles in by_language.values():
        rng.shuffle(styles)
    return by_language


TEXMF = Path("/usr/share/texlive/texmf-dist")
#: Languages a drawn biblatex style prints its bibliography in (biblatex's own language files),
#: in turn: those of the fixed biblatex styles.
BIBLATEX_LANGUAGES = (("English", ""), ("German", "german"), ("French", "french"),
                      ("Czech", "czech"), ("Spanish", "spanish"), ("Italian", "italian"),
                      ("Portuguese", "portuguese"), ("Slovak", "slovak"))
#: .bst and .bbx files that are no bibliography style of their own (helpers, test styles).
_NOT_STYLES = re.compile(r"debug|draft|standard|^ext-|^dw-|bibexport|^index|multibib"
                         r"|^sort-by-letters|^figbib|^bestpapers|^bibhtml|^biblatex$")


_TRIES_PER_FAMILY = 2
#: LaTeX's errors of a style that needs what the paper does not load (a missing glyph is no
#: such error: the page prints without it).
_BROKEN_STYLE = re.compile(r"^! (?:Undefined control sequence|Package biblatex Error)", re.M)


def latex_slots(count: int, seed: int) -> list[list[Style]]:
    """``count`` biblatex and ``count`` BibTeX slots of a draw (:func:`draw_slots`' rules):
    the TeX Live packages that ship styles (biblatex-*, .bst folders) not among the fixed ones,
    one package a slot in an order of ``seed`` (a package is a family: biblatex-ext's 40
    variants are one parent), two of its styles tried in turn, then the next package's (a
    package that fails, needing another engine or language, fails for most). A biblatex
    style prints in a language of :data:`BIBLATEX_LANGUAGES` in turn; a BibTeX style in
    English, natbib loaded (author-year styles need it)."""
    fixed = {s.spec for s in BIBLATEX_STYLES + BIBTEX_STYLES}
    rng = random.Random(seed)
    slots: list[list[Style]] = []
    for engine, pattern, root in (("biblatex", "*.bbx", TEXMF / "tex" / "latex"),
                                  ("BibTeX", "*.bst", TEXMF / "bibtex" / "bst")):
        families: dict[str, list[str]] = {}
        for path in sorted(root.rglob(pattern)):
            if path.stem not in fixed and not _NOT_STYLES.search(path.stem):
                families.setdefault(path.relative_to(root).parts[0], []).append(path.stem)
        order = sorted(families)
        rng.shuffle(order)
        for names in families.values():
            rng.shuffle(names)
        for at in range(min(count, len(order))):
            specs = [spec for family in order[at::count]
                     for spec in families[family][:_TRIES_PER_FAMILY]]
            language, tag = (BIBLATEX_LANGUAGES[at % len(BIBLATEX_LANGUAGES)]
                             if engine == "biblatex" else ("English", ""))
            slots.append([Style(engine, spec, language, tag, drawn=True) for spec in specs])
    return slots


def typeset_whole(style: Style, folder: Path) -> bool:
    """True if the engines made a bibliography of the records: BibTeX's ``\\bibitem``s were
    read, biber wrote the entries, and LaTeX met no command it lacks (a .bst or .bbx that
    needs a package or macros the paper does not load prints none, or prints its data raw,
    "family=Smith, given=J.": the draw takes the next style). No fixed style fails these."""
    log = folder / "paper.log"
    if log.exists() and _BROKEN_STYLE.search(log.read_text("utf-8", "replace")):
        return False
    if style.engine == "BibTeX":
        return bool(json.loads((folder / "entries.json").read_text()))
    if style.engine == "biblatex":
        bbl = folder / "paper.bbl"
        return bbl.exists() and "\\entry{" in bbl.read_text("utf-8", "replace")
    return True


def draw_slots(count: int, seed: int, excluded: frozenset[str] = frozenset()
               ) -> list[list[Style]]:
    """``count`` slots of the draw, each a list of styles of one language to try in turn (a
    style the engines fail on gives its place to the next): English gets
    :data:`ENGLISH_SHARE` of them, the other languages one slot each in an order of ``seed``,
    then more to the languages with the most styles (French, German, Spanish, ...), and
    English the rest once they have no more. Styles named in ``excluded`` (a sweep's
    :func:`held_out_specs`) are not drawn."""
    candidates = {language: kept for language, styles in unseen_candidates(seed).items()
                  if (kept := [s for s in styles if s.spec not in excluded])}
    others = sorted(language for language in candidates if language != "English")
    random.Random(seed).shuffle(others)
    shares = {"English": min(round(count * ENGLISH_SHARE), len(candidates.get("English", [])))}
    total = shares["English"]
    while total < count and any(shares.get(l, 0) < len(candidates[l]) for l in others):
        for language in others:
            if total < count and shares.get(language, 0) < len(candidates[language]):
                shares[language] = shares.get(language, 0) + 1
                total += 1
        others.sort(key=lambda language: -len(candidates[language]))
    if total < count and "English" in candidates:  # the others' styles all taken
        shares["English"] = min(shares["English"] + count - total, len(candidates["English"]))
    return [candidates[language][at::share] for language, share in shares.items()
            for at in range(share)]


#: Draws a sweep never looks at: the unseen final check and the validation draws not yet read,
#: as the lead runs them (``--unseen-styles 40``). A draw read at a round's end is development
#: from then on, and its styles go back to the sweeps: left out for good, they had taken all
#: but 285 of the CSL styles. A draw takes the first style of a slot the engines typeset (no
#: CSL style has failed yet), so each slot's first :data:`HELD_OUT_TRIES` styles are left out.
HELD_OUT_DRAWS = (283, 284, 285)
HELD_OUT_DRAW_SIZE = 40
HELD_OUT_TRIES = 5


def held_out_specs() -> frozenset[str]:
    """The CSL styles any of :data:`HELD_OUT_DRAWS` could try: computed to be left out of a
    sweep, never printed."""
    return frozenset(style.spec for seed in HELD_OUT_DRAWS
                     for slot in draw_slots(HELD_OUT_DRAW_SIZE, seed)
                     for style in slot[:HELD_OUT_TRIES])


def sweep_slots(count: int, seed: int) -> list[list[Style]]:
    """``--sweep``'s ``count`` slots: a draw's (:func:`draw_slots`) over the CSL styles no
    held-out draw could try."""
    return draw_slots(count, seed, held_out_specs())


#: The PDF and PostScript of the LaTeX route, by the engine that typeset them
#: (:func:`latex_engine`): pdflatex and latex + dvips, or LuaLaTeX (:func:`_render_unlocked`)
#: and its PDF printed to PostScript by poppler's cairo backend (dvips reads no OpenType).
LATEX_FORMATS = {"pdflatex": ("pdf (pdflatex)", "ps (dvips)"),
                 "lualatex": ("pdf (lualatex)", "ps (lualatex, pdftocairo)")}
FILES = {"html": "paper.html", "pdf (Chromium)": "chromium.pdf", "pdf (pdflatex)": "paper.pdf",
         "ps (dvips)": "paper.ps", "pdf (lualatex)": "paper.pdf",
         "ps (lualatex, pdftocairo)": "paper.ps", "zip": ZIP_NAME}
#: biblatex styles that leave an article's title out unless told to print it.
ARTICLE_TITLE_OPTION = frozenset({"chem-acs", "phys"})


# ----------------------------------------------------------------------------- rendering


def missing_tools() -> list[str]:
    """The Debian packages whose commands or files are missing."""
    packages = {package for tool, package in TOOLS.items() if shutil.which(tool) is None}
    packages |= {package for font, package in FONT_FILES.items() if not Path(font).exists()}
    if not CSL_DIR.is_dir():
        packages.add("citation-style-language-styles")
    if shutil.which("kpsewhich") and subprocess.run(
            ["kpsewhich", "biblatex.sty"], capture_output=True).returncode != 0:
        packages.add("texlive-bibtex-extra")
    return sorted(packages)


def cache_key(style: Style, works: list[Work], html_only: bool = False) -> str:
    """A key of everything a style's documents are made from: a sweep's HTML-only folder
    (``html_only``) has a key of its own, never taken for a folder of every format."""
    digest = hashlib.sha256()
    for part in (TEMPLATE_VERSION, style.name, json.dumps(styleworks.csl_json(works)),
                 (CSL_DIR / f"{style.spec}.csl").read_text() if style.engine == "CSL" else "",
                 *(["HTML only"] if html_only else [])):
        digest.update(part.encode("utf-8"))
    return digest.hexdigest()[:20]


@contextmanager
def key_lock(cache: Path, key: str) -> Iterator[None]:
    """Hold ``KEY.lock`` beside the cache key's folder while one run makes, reads or marks
    as failed that key's documents. Runs of the bench at once on one cache (engineers
    measuring the same draw) then wait for the first one's typesetting and reuse its
    documents, instead of typesetting them twice and replacing the folder under the other
    run's feet (a folder read while being replaced looked like a style that typeset no
    bibliography, and was cached as failed). :func:`render` and :func:`render_first` take it;
    ``flock`` is released by the kernel when a run dies."""
    with open(cache / f"{key}.lock", "a") as handle:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            print(f"waiting for another run typesetting {key} in {cache}", file=sys.stderr)
            fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def render(style: Style, works: list[Work], cache: Path) -> Path:
    """The directory holding the style's documents and its typeset entries (``entries.json``:
    key -> entry text), made once per :func:`cache_key` (under its :func:`key_lock`)."""
    key = cache_key(style, works)
    with key_lock(cache, key):
        return _render_unlocked(style, works, cache, key)


def _render_unlocked(style: Style, works: list[Work], cache: Path, key: str) -> Path:
    """:func:`render` for a caller that holds the key's lock. The LaTeX route is pdflatex's
    unless pdflatex printed the paper without characters its fonts lack (CJK punctuation
    and terms, Cyrillic, Arabic script, Vietnamese letters: a style's terms and separators,
    "＝" between a Japanese style's names): then LuaLaTeX typesets it again with fonts that
    have them (:data:`LUALATEX_FONTS`), under the key with :data:`LUALATEX_SUFFIX`, so that
    pdflatex's documents stay as they were for a run of the code before."""
    done, wide = cache / key, cache / f"{key}{LUALATEX_SUFFIX}"
    if (wide / "entries.json").exists():
        return wide
    if (done / "entries.json").exists() and not glyphs_lost(done):
        return done
    work = Path(tempfile.mkdtemp(prefix="render-", dir=cache))
    try:
        if (done / "entries.json").exists():
            shutil.copytree(done, work, dirs_exist_ok=True)
        else:
            entries = (_render_csl if style.engine == "CSL" else _render_latex)(style, works, work)
            (work / "entries.json").write_text(json.dumps(entries, ensure_ascii=False))
        if glyphs_lost(work):
            (work / "paper.dvi").unlink(missing_ok=True)
            if style.engine == "CSL":
                _csl_latex(style, work, "lualatex")
            else:
                _render_latex(style, works, work, "lualatex")
            done = wide
    except BaseException:
        shutil.rmtree(work, ignore_errors=True)
        raise
    if (done / "entries.json").exists():  # made meanwhile by a run that takes no lock
        shutil.rmtree(work, ignore_errors=True)
        return done
    shutil.rmtree(done, ignore_errors=True)
    work.rename(done)
    return done


#: A cache key's folder of documents LuaLaTeX typeset (:func:`_render_unlocked`).
LUALATEX_SUFFIX = "-lualatex"
#: pdflatex's (and latex's) words for a character its fonts cannot print: the page goes on
#: without it (``nonstopmode``).
_LOST_GLYPH = re.compile(r"^(?:! LaTeX Error: Unicode character |Missing character: There is no )",
                         re.M)


def glyphs_lost(folder: Path) -> bool:
    """True if pdflatex typeset the folder's paper without a character of its text."""
    log = folder / "paper.log"
    return (latex_engine(folder) == "pdflatex" and log.exists()
            and _LOST_GLYPH.search(log.read_text("utf-8", "replace")) is not None)


def latex_engine(folder: Path) -> str:
    """The engine that typeset the folder's paper.pdf, as its log names it."""
    log = folder / "paper.log"
    first = log.read_text("utf-8", "replace")[:40] if log.exists() else ""
    return "lualatex" if first.startswith("This is Lua") else "pdflatex"


def formats_of(style: Style, folder: Path) -> tuple[str, ...]:
    """The formats of a style's documents in its folder (:data:`FILES` names their files)."""
    latex = LATEX_FORMATS[latex_engine(folder)]
    if style.engine == "CSL":
        return ("html", "pdf (Chromium)") + latex
    return latex + ("zip",)


#: Styles of a draw's slot tried before the slot is left empty.
TRIES_PER_SLOT = 10


def render_first(slot: list[Style], works: list[Work], cache: Path, html_only: bool = False
                 ) -> tuple[Optional[Style], Optional[Path], list[str]]:
    """The first style of a draw's slot that the engines typeset (with its folder; a sweep's
    HTML alone with ``html_only``), and why the ones before failed. A failure of the style (a
    tool's error, no bibliography) is cached beside the documents (``KEY.failed``), so a
    second run draws the same styles without typesetting again; a command that ran out of
    time is not (a loaded machine's, not the style's: the next run tries the style again)."""
    failures = []
    for style in slot[:TRIES_PER_SLOT]:
        key = cache_key(style, works, html_only)
        failed = cache / f"{key}.failed"
        with key_lock(cache, key):
            if failed.exists():
                failures.append(failed.read_text())
                continue
            try:
                folder = (_render_html_unlocked if html_only
                          else _render_unlocked)(style, works, cache, key)
                if not typeset_whole(style, folder):
                    raise RuntimeError("no bibliography typeset")
                return style, folder, failures
            except RuntimeError as error:
                failed.write_text(f"{style.name}: {str(error)[:200]}")
                failures.append(failed.read_text())
            except subprocess.TimeoutExpired as error:
                failures.append(f"{style.name}: {error} (not cached)")
    return None, None, failures


#: Seconds a typesetting command may take. A hung command is stopped; LuaLaTeX loading the CJK
#: fonts on a machine shared by several runs takes minutes, which is no hang.
TYPESETTING_TIMEOUT = 900


def _run(command: list[str], cwd: Path, timeout: float = TYPESETTING_TIMEOUT
         ) -> subprocess.CompletedProcess:
    """One typesetting command in the style's folder (its output kept for the error)."""
    return subprocess.run(command, cwd=cwd, capture_output=True, timeout=timeout,
                          stdin=subprocess.DEVNULL)


def _render_csl(style: Style, works: list[Work], work: Path) -> dict[str, str]:
    """pandoc + citeproc to HTML (printed to PDF by Chromium) and to LaTeX (pdflatex to PDF,
    latex + dvips to PostScript)."""
    _csl_html(style, works, work)
    _checked(_run(["chromium", "--headless", "--disable-gpu", "--no-sandbox",
                   f"--user-data-dir={work / 'profile'}", "--print-to-pdf=chromium.pdf",
                   (work / "paper.html").as_uri()], work), style)
    shutil.rmtree(work / "profile", ignore_errors=True)
    _csl_latex(style, work, "pdflatex")
    return csl_entries((work / "paper.html").read_text("utf-8"))


def _render_html_unlocked(style: Style, works: list[Work], cache: Path, key: str) -> Path:
    """A sweep's folder (:func:`render_first` holds the key's lock): pandoc's HTML alone."""
    done = cache / key
    if (done / "entries.json").exists():
        return done
    work = Path(tempfile.mkdtemp(prefix="render-", dir=cache))
    try:
        _csl_html(style, works, work)
        entries = csl_entries((work / "paper.html").read_text("utf-8"))
        (work / "entries.json").write_text(json.dumps(entries, ensure_ascii=False))
    except BaseException:
        shutil.rmtree(work, ignore_errors=True)
        raise
    shutil.rmtree(done, ignore_errors=True)
    work.rename(done)
    return done


def _csl_html(style: Style, works: list[Work], work: Path) -> None:
    """pandoc + citeproc to ``paper.html`` (and the ``paper.md`` the LaTeX route reads)."""
    (work / "works.json").write_text(json.dumps(styleworks.csl_json(works), ensure_ascii=False))
    meta = ["---", "title: Generated Studies of Citation Styles", "nocite: '@*'"]
    meta += [f"lang: {style.lang_tag}"] if style.lang_tag else []
    heading = HEADINGS.get(style.language, "References")
    (work / "paper.md").write_text("\n".join(meta + ["---", "", FILLER, "", f"# {heading}", ""]))
    _checked(_run(["pandoc", "paper.md", "--citeproc", f"--csl={CSL_DIR / style.spec}.csl",
                   "--bibliography=works.json", "-s", "-o", "paper.html"], work), style)


def _csl_latex(style: Style, work: Path, engine: str) -> None:
    """pandoc + citeproc to LaTeX (pandoc's template, its font Times), typeset by
    ``engine`` (:func:`_typeset`)."""
    fonts = ["-V", "fontfamily=times"]
    if engine == "lualatex":
        fonts += ["-V", f"mainfont={MAIN_FONT}", "-V", f"mainfontoptions={MAIN_FONT_OPTIONS}"]
    _checked(_run(["pandoc", "paper.md", "--citeproc", f"--csl={CSL_DIR / style.spec}.csl",
                   "--bibliography=works.json", "-s", *fonts, "-o", "paper.tex"], work), style)
    if engine == "lualatex":
        tex = work / "paper.tex"
        tex.write_text(LUALATEX_FALLBACK + tex.read_text("utf-8"), "utf-8")
    _typeset(style, work, [], engine)


class _Entries(HTMLParser):
    """The text of each ``<div id="ref-KEY" class="csl-entry">`` of pandoc's HTML."""

    def __init__(self) -> None:
        super().__init__()
        self.entries: dict[str, list[str]] = {}
        self.key: Optional[str] = None
        self.depth = 0

    def handle_starttag(self, tag: str, attrs: list) -> None:
        found = dict(attrs)
        if tag == "div" and "csl-entry" in (found.get("class") or ""):
            self.key, self.depth = (found.get("id") or "")[len("ref-"):], 0
            self.entries[self.key] = []
        elif tag == "div" and self.key is not None:
            self.depth += 1

    def handle_endtag(self, tag: str) -> None:
        if tag == "div" and self.key is not None:
            if self.depth == 0:
                self.key = None
            else:
                self.depth -= 1

    def handle_data(self, data: str) -> None:
        if self.key is not None:
            self.entries[self.key].append(data)


def csl_entries(html: str) -> dict[str, str]:
    """Work key -> the entry as citeproc typeset it (plain text)."""
    parser = _Entries()
    parser.feed(html)
    return {key: " ".join("".join(parts).split()) for key, parts in parser.entries.items()}


#: LuaLaTeX's fonts: the Times of pdflatex's ``times`` (URW's Nimbus Roman), then for the
#: characters it lacks Noto (Vietnamese letters, Cyrillic, Greek; CJK; Arabic script), as
#: luaotfload's fallback fonts. No "fi"/"fl" ligatures: pdftocairo names a glyph that stands
#: for two letters by its number (``/g27``), and the PostScript would read "field" as "\x1beld".
MAIN_FONT = "Nimbus Roman"
MAIN_FONT_OPTIONS = "Ligatures=NoCommon,RawFeature={fallback=bench}"
LUALATEX_FALLBACK = ('\\directlua{luaotfload.add_fallback("bench", {"Noto Serif:mode=node;", '
                     '"Noto Serif CJK JP:mode=node;", "Noto Naskh Arabic:mode=node;"})}\n')
#: The font lines of :data:`LATEX` for each engine.
LATEX_FONTS = {
    "pdflatex": "\\usepackage[T1]{fontenc}\n\\usepackage[utf8]{inputenc}\n\\usepackage{times}",
    "lualatex": (f"{LUALATEX_FALLBACK}\\usepackage{{fontspec}}\n"
                 f"\\setmainfont{{{MAIN_FONT}}}[{MAIN_FONT_OPTIONS}]")}
LATEX = r"""\documentclass[11pt]{article}
%(fonts)s
\usepackage{url}
%(preamble)s
\begin{document}
\section*{Generated Studies of Citation Styles}
%(filler)s
\nocite{*}
%(bibliography)s
\end{document}
"""


def _render_latex(style: Style, works: list[Work], work: Path, engine: str = "pdflatex"
                  ) -> dict[str, str]:
    """pdflatex (or LuaLaTeX) + BibTeX/biber to PDF, latex + dvips (or pdftocairo) to
    PostScript, the PDF in a ZIP."""
    (work / "works.bib").write_text(styleworks.bibtex(works))
    if style.engine == "biblatex":
        options = f"backend=biber,style={style.spec},maxbibnames=99,minbibnames=99"
        options += f",language={style.lang_tag}" if style.lang_tag else ""
        options += ",articletitle=true" if style.spec in ARTICLE_TITLE_OPTION else ""
        preamble = f"\\usepackage[{options}]{{biblatex}}\n\\addbibresource{{works.bib}}"
        bibliography, tool = r"\printbibliography", ["biber", "paper"]
    else:
        preamble = r"\usepackage{natbib}" if style.spec in NATBIB or style.drawn else ""
        bibliography = f"\\bibliographystyle{{{style.spec}}}\n\\bibliography{{works}}"
        tool = ["bibtex", "paper"]
    (work / "paper.tex").write_text(LATEX % {"fonts": LATEX_FONTS[engine], "preamble": preamble,
                                             "filler": FILLER, "bibliography": bibliography})
    _typeset(style, work, tool, engine)
    with zipfile.ZipFile(work / ZIP_NAME, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.write(work / "paper.pdf", "paper/paper.pdf")
    return latex_entries(works, (work / "paper.bbl").read_text("utf-8", "replace"),
                         style.engine)


def _typeset(style: Style, work: Path, bibliography_tool: list[str], engine: str) -> None:
    """paper.tex to paper.pdf (``engine``: pdflatex or lualatex) and paper.ps (latex + dvips;
    LuaLaTeX's PDF through pdftocairo), running the bibliography tool (BibTeX, biber)
    between the first two runs. Errors of a letter the fonts lack do not stop LaTeX
    (``nonstopmode``): the page prints without it."""
    latex = ["-interaction=nonstopmode", "paper.tex"]
    if bibliography_tool:
        _run([engine, *latex], work)
        _run(bibliography_tool, work)
    for _ in range(2):
        _run([engine, *latex], work)
    if not (work / "paper.pdf").exists():
        raise RuntimeError(f"{style.name}: {engine} made no PDF (see {work / 'paper.log'})")
    if engine == "lualatex":
        _checked(_run(["pdftocairo", "-ps", "paper.pdf", "paper.ps"], work), style)
        return
    for _ in range(2):
        _run(["latex", *latex], work)
    _checked(_run(["dvips", "-q", "-o", "paper.ps", "paper.dvi"], work), style)


def latex_entries(works: list[Work], bbl: str, engine: str) -> dict[str, str]:
    """Work key -> the entry's text as far as the .bbl shows it: BibTeX's ``\\bibitem``
    text with its commands dropped. Biber's .bbl holds data, not the printed entry: for
    biblatex, :func:`main` reads the typeset PDF instead (:func:`biblatex_entries`)."""
    if engine == "biblatex":
        return {}
    entries = {}
    for chunk in re.split(r"\\bibitem", bbl)[1:]:
        key = _BIBITEM_KEY.match(chunk)
        if key:
            entries[key.group(1)] = detex(chunk[key.end():])
    return entries


#: A ``\bibitem``'s optional label and its key, right after the command.
_BIBITEM_KEY = re.compile(r"\s*(?:\[(?:[^\[\]]|\[[^\]]*\])*\])?\s*\{([^}]*)\}")
#: What TeX counts when it matches braces: an escaped brace, percent sign or backslash (no
#: group), a comment to the end of its line, a brace.
_BRACE_OR_ESCAPE = re.compile(r"\\[{}%\\]|%[^\n]*|[{}]")


def printed_entries(style: Style, folder: Path) -> dict[str, str]:
    """The folder's typeset entries (``entries.json``) that its document prints: for a BibTeX
    style, those before any entry whose brace the style left open (:func:`unprinted_keys`).
    :func:`main` queries these, so that an entry missing from every format of the document
    is no miss of either scheme."""
    entries = json.loads((folder / "entries.json").read_text())
    if style.engine != "BibTeX":
        return entries
    unprinted = unprinted_keys((folder / "paper.bbl").read_text("utf-8", "replace"))
    return {key: text for key, text in entries.items() if key not in unprinted}


def unprinted_keys(bbl: str) -> set[str]:
    """The keys of the ``\\bibitem``s after the .bbl's first brace never closed. A .bst can
    write a command's opening brace and not its closing one when a field is missing (cell.bst
    puts an article's volume in ``"\\emph{" volume "}"``: with no volume BibTeX reports an
    error and writes ``\\emph{.`` alone): TeX then reads the rest of the file as that
    command's argument, the file ends inside it ("File ended while scanning use of \\emph",
    the bibliography "ended by \\end{document}") and no entry after it is printed in the
    PDF, the PostScript or the ZIP. LaTeX stops at that error for a user who typesets
    the paper by hand; the bench runs it in ``nonstopmode`` (:func:`_typeset`)."""
    opened: list[int] = []
    for token in _BRACE_OR_ESCAPE.finditer(bbl):
        if token.group() == "{":
            opened.append(token.start())
        elif token.group() == "}" and opened:
            opened.pop()
    if not opened:
        return set()
    rest = bbl[opened[0]:].split("\\bibitem")[1:]
    return {key.group(1) for key in map(_BIBITEM_KEY.match, rest) if key}


def biblatex_entries(works: list[Work], pdf_text: str) -> dict[str, str]:
    """Work key -> its entry in the typeset PDF, for a biblatex style: every name is printed
    (``maxbibnames=99``), and :func:`title_printed` finds whether the style printed the title
    (biblatex-nature prints none for a chapter). Lines are joined, a line-end hyphen's mark
    dropped, so that :func:`title_ending` finds the title too; each entry is cut out of the
    joined lines (:func:`entries_in`), so that a name is looked for in its entry alone
    (:func:`_printed_name`), not in the whole bibliography."""
    joined, line_starts = [], []
    at = 0
    for line in pdf_text.replace("\ufffe", "").replace("\u00ad", "").splitlines():
        words = line.split()
        if words:
            line_starts.append(at)
            joined.append(" ".join(words))
            at += len(joined[-1]) + 1
    return entries_in(works, " ".join(joined), line_starts)


def entries_in(works: list[Work], text: str, line_starts: list[int]) -> dict[str, str]:
    """Work key -> its entry in ``text``, a typeset bibliography whose entries each start a
    line (``line_starts``: where the lines start in ``text``), wrapped lines too. The works
    are put in the order their titles stand in (found as :func:`title_printed` finds them);
    each entry starts at the start of its line that holds the first of its authors' names
    after the title before, or else the title (:func:`_entry_start`), and runs up to the next
    entry's start. A ditto entry (its line opens with a mark for the authors of the entry
    before, ``_DITTO_OPENING``) is read with the entries before it, back to the one that
    prints the names. A work whose title is not found keeps the whole text."""
    lowered = text.lower()
    if len(lowered) != len(text):  # a letter whose lower case is longer: positions must hold
        lowered = text
    titles = []
    for work in works:
        found = fuzz.partial_ratio_alignment(work.title.lower(), lowered)
        if found is not None and found.score >= TITLE_PRINTED:
            titles.append((found.dest_start, found.dest_end, work))
    titles.sort(key=lambda title: title[:2])
    starts, ditto, low = [], [], 0
    for start, end, work in titles:
        at = _entry_start(lowered, line_starts, low, start, work)
        starts.append(at)
        ditto.append(_DITTO_OPENING.fullmatch(lowered, at, start) is not None)
        low = end
    entries = {work.key: text for work in works}
    for k, (_, _, work) in enumerate(titles):
        first = k
        while first > 0 and ditto[first]:
            first -= 1
        entries[work.key] = text[starts[first]:starts[k + 1] if k + 1 < len(starts) else None]
    return entries


def _entry_start(text: str, line_starts: list[int], low: int, title: int, work: Work) -> int:
    """Where the entry of ``work`` starts in ``text`` (lower case), its title at ``title``,
    the title before ending at ``low``: the start of the line that holds the first of its
    authors' names after ``low``, or else of the line its title starts on; not before
    ``low``. Called by :func:`entries_in`."""
    names = [text.find(name.lower(), low, title) for name in work.query_names]
    first = min((at for at in names if at >= 0), default=title)
    return max(low, line_starts[bisect.bisect_right(line_starts, first) - 1])


#: A dash a style prints for the authors of the entry before: em dashes, a run of en dashes,
#: "---" or "___"; not "--", an en dash in a BibTeX entry's source ("Name -- Title"). The
#: bench's own reading, not the matcher's (``entry_grammar.DITTO_DASH`` takes "--"): the labels
#: are not made by the code they score.
_DITTO_DASH = r"(?:\u2014+|\u2013{2,}|-{3,}|_{2,})"
#: What a ditto entry prints before its title at the start of its line, for the authors of the
#: entry before: a dash, a ditto word or the punctuation a dash drawn as a rule leaves ("— (2012),
#: “", "———. ", "Idem : ", ". “"), perhaps the date; or the date alone ("1997 “Title”": styles
#: that print an author's name once, above the works).
_DITTO_OPENING = re.compile(
    rf"(?=\S)(?:(?:{_DITTO_DASH}|(?:ders|dies|idem|eadem|iidem)\.?|[.,:;])"
    r"[^\w]*)?(?:\(?\d{4}[a-z]?\)?[^\w]*)?")


def detex(text: str) -> str:
    """LaTeX source as the reader sees it, near enough to find a name in it."""
    text = re.sub(r"\\end\{thebibliography\}.*", "", text, flags=re.S)
    text = re.sub(r"\\(?:newblock|em|it|bf|sc|relax|natexlab|penalty\d*|url)\b", " ", text)
    text = re.sub(r"\\[a-zA-Z@]+\*?", " ", text).replace("~", " ")
    return " ".join(re.sub(r"[{}]", "", text).split())


def _checked(done: subprocess.CompletedProcess, style: Style) -> None:
    """Stop the bench with the command's error when a tool failed (no half-made set)."""
    if done.returncode != 0:
        raise RuntimeError(f"{style.name}: {' '.join(map(str, done.args))[:80]} failed: "
                           f"{done.stderr.decode(errors='replace')[-400:]}")


# ----------------------------------------------------------------------------- queries


@dataclass(frozen=True)
class Document:
    """One typeset file: its style, its format, where it is."""

    style: Style
    format: str
    path: Path


def assign(works: list[Work], styles: tuple[Style, ...], per_style: int
           ) -> dict[Style, list[Work]]:
    """Each style's works: ``per_style`` taken in turn from the selection, so that every
    work is typeset by about ``len(styles) * per_style / len(works)`` styles."""
    step = max(1, len(works) // len(styles)) if len(styles) < len(works) else 1
    return {style: [works[(at * step + n) % len(works)] for n in range(min(per_style,
                                                                             len(works)))]
            for at, style in enumerate(styles)}


def queries_of(documents: list[Document], chosen: dict[Style, list[Work]],
               entries: dict[Style, dict[str, str]], vocabulary: list[str], seed: int,
               skipped: dict[str, int], lookalikes: list[str] = ()) -> list[Query]:
    """The queries on each document: one author of each work (in turn) with its title, and
    decoys (a near miss every fourth work, the title without its last word and the title cut
    after a function word every fourth other, a title of another work every fourth other, a
    lookalike near miss every fourth other, with a ``lookalikes`` vocabulary, from a random
    stream of its own), the title with two typos every fifth work
    (``refbench.TwoTypos``, a stream of its own too) and the title misspelled three works of
    five (``refbench.Misspellings``, its own stream too); the same queries on each format of
    a style."""
    made = []
    for style, works in chosen.items():
        rng = random.Random(f"{seed}-{style.name}")
        alike = refbench.Lookalikes(random.Random(f"{seed}-{style.name}-lookalike"),
                                    lookalikes)
        typos = refbench.TwoTypos(random.Random(f"{seed}-{style.name}-two-typos"))
        spellings = refbench.Misspellings(random.Random(f"{seed}-{style.name}-misspelled"))
        typeset = entries[style]
        others = [w for s in chosen for w in chosen[s] if w not in works]
        planned = []
        for counter, work in enumerate(works):
            if work.fault:  # the record's title is not the one its source string prints
                skipped["annotated title not the printed one"] = skipped.get(
                    "annotated title not the printed one", 0) + 1
                continue
            if work.key not in typeset:  # a type the .bst lacks, a brace left open before it
                skipped["entry not printed"] = skipped.get("entry not printed", 0) + 1
                continue
            entry = typeset[work.key]
            names = work.query_names
            position, name = _printed_name(names, counter, entry, work.title)
            if name is None or not title_printed(entry, work.title):
                why = "no author printed" if name is None else "no title printed"
                skipped[why] = skipped.get(why, 0) + 1
                continue
            if dashed(entry, work.title, name):
                position = "repeated author printed as a dash"
            common = dict(style=style.name, position=position,
                          names=tuple(styleworks.shapes(work)) or ("plain names",),
                          title_end=(title_ending(entry, work.title),))
            planned.append(dict(author=name, title=work.title, printed_title=work.title,
                                expected=True, kind="as typeset", **common))
            if counter % 4 == 0:
                kind = refbench.NEAR_MISSES[(counter // 4) % len(refbench.NEAR_MISSES)]
                near = refstrings.decoy(rng, work.title, kind, vocabulary)
                if near is not None:
                    planned.append(dict(author=name, title=near, printed_title=work.title,
                                        expected=False, kind=kind, **common))
            shorter = refstrings.without_last_word(work.title) if counter % 4 == 1 else None
            if shorter is not None:
                planned.append(dict(author=name, title=shorter, printed_title=work.title,
                                    expected=False, kind=refbench.LAST_WORD, **common))
            cut = refstrings.cut_after_function_word(work.title) if counter % 4 == 1 else None
            if cut is not None:
                planned.append(dict(author=name, title=cut, printed_title=work.title,
                                    expected=False, kind=refbench.FUNCTION_END, **common))
            close = alike.decoy(work.title, counter)
            if close is not None:
                planned.append(dict(author=name, title=close[1], printed_title=work.title,
                                    expected=False, kind=close[0], **common))
            if counter % 4 == 2 and others:
                foreign = rng.choice(others)
                planned.append(dict(author=name, title=foreign.title,
                                    printed_title=foreign.title, expected=False,
                                    kind="foreign title", **common))
            typed = typos.title(work.title, counter)
            if typed is not None:
                planned.append(dict(author=name, title=typed, printed_title=work.title,
                                    expected=True, kind=refbench.TWO_TYPOS, **common))
            spelled = spellings.title(work.title, counter)
            if spelled is not None:
                planned.append(dict(author=name, title=spelled[1], printed_title=work.title,
                                    expected=True, kind=refbench.MISSPELLED,
                                    spelling=spelled[0], **common))
        for index, document in enumerate(documents):
            if document.style == style:
                made += [Query(paper=index, format=document.format, **plan) for plan in planned]
    return made


def _printed_name(names: list[str], counter: int, entry: str, title: str
                  ) -> tuple[str, Optional[str]]:
    """The author queried (position ``counter`` in turn) if the entry prints it; else the
    first author (the style cut the list: "et al."). A name printed only inside the title
    ("...fouilles de T. Bonnin", in a style that prints no author for the work) is no
    author printed: the entry names no author for a reader either, and the matcher credits
    a title to the authors around it, never to a word of it."""
    at = counter % len(names)
    position = ("only" if len(names) == 1 else "first" if at == 0
                else "last" if at == len(names) - 1 else "middle")
    folded = _without_title(normalize_text(entry), normalize_text(title))
    if _printed_as_name(names[at], entry, folded):
        return position, names[at]
    if at and _printed_as_name(names[0], entry, folded):
        return "first (a later one not printed)", names[0]
    return position, None


def _printed_as_name(name: str, entry: str, folded: str) -> bool:
    """True if ``name`` stands in ``folded`` (the normalized entry without its title) and is
    not only the start or end of a longer word of ``entry``: "Li" is no author printed in
    "Liu M, et al." (the style cut the list before Li), though "Linz" is in "LinzJ.", whose
    initial a style glues to the name."""
    if normalize_text(name) not in folded:
        return False
    joined = re.compile(rf"(?i:{re.escape(name)})")
    spans = [found.span() for found in joined.finditer(entry)]
    return not spans or any(
        not (start and entry[start - 1].isalpha()) and not (
            end < len(entry) and entry[end].islower()) for start, end in spans)


def _without_title(entry: str, title: str) -> str:
    """The normalized ``entry`` with the part that prints the normalized ``title`` (as
    :func:`title_printed` finds it: its quotes and apostrophes the style's) left out."""
    found = fuzz.partial_ratio_alignment(title, entry)
    if found is None or found.score < TITLE_PRINTED:
        return entry
    return entry[:found.dest_start] + " " + entry[found.dest_end:]


#: ``fuzz.partial_ratio`` of a printed title (line-end hyphens, escapes, quotes and case
#: the style's) against the entry.
TITLE_PRINTED = 90


#: A ditto mark right before a title: a dash standing for the entry's authors (``_DITTO_DASH``),
#: then perhaps the entry's date, up to the title's opening quote: "— (2012), “Title",
#: "———. Title", "——— 2012. Title", "— 1989 : Title", "–––. “Title". Not a dash between two
#: fields of the entry before, as GOST prints them ("...Berlin. — Moscow, 1996. Title", "... —
#: S. 5–9. Title"): words stand between that dash and the title.
_DITTO_BEFORE_TITLE = re.compile(
    rf"(?:^|(?<= )){_DITTO_DASH} ?[.,:;]? ?"
    r"(?:(?:\(\d{4}[a-z]?\)|\d{4}[a-z]?) ?[.,:;]? ?)?"
    "[\"\u201c\u201e\u00ab\u2018']? ?$")


def dashed(entry: str, title: str, name: str) -> bool:
    """True if the style printed the entry's author as a dash ("— (2012). Title"): the
    name stands only on an entry before (biblatex's author-year and author-title styles).
    Only a ditto mark (``_DITTO_BEFORE_TITLE``), with the name not printed right before it
    (a dash after the name is its run's end: "Name (U.) — Title"), counts: not a dash between
    two fields of the entry before, as GOST prints them."""
    at = entry.lower().find(title.lower())
    if at <= 0:
        return False
    before = entry[max(0, at - 40):at]
    return (_DITTO_BEFORE_TITLE.search(entry, max(0, at - 40), at) is not None
            and normalize_text(name) not in normalize_text(before))


def title_printed(entry: str, title: str) -> bool:
    """True if the typeset entry holds the title (cased, quoted or escaped as the style does):
    a style that prints no article title ("chem-acs", "american-physics-society") gives no
    title query."""
    return fuzz.partial_ratio(normalize_text(title), normalize_text(entry)) >= TITLE_PRINTED


def title_ending(entry: str, title: str) -> str:
    """What follows the title in the typeset entry (``refstrings``' categories)."""
    folded, wanted = entry.lower(), title.lower()
    at = folded.find(wanted)
    if at < 0:
        return "title changed by the style"
    return refstrings.title_ending(title, entry[at + len(title):])


# ----------------------------------------------------------------------------- main


def extracted(documents: list[Document]) -> list[str]:
    """Each document through the crawler's extraction."""
    texts = []
    with tempfile.TemporaryDirectory() as scratch, DocumentExtractor(
            ExtractionLimits(), Path(scratch), workers=1) as extractor:
        for document in documents:
            parts = [e.text for e in extractor.extract(document.path.name,
                                                       document.path.read_bytes())
                     if isinstance(e, ExtractedPart)]
            texts.append("\n".join(parts))
    return texts


def recall_of(outcomes: list[Outcome]) -> float:
    """Right hits / true queries (1.0 without any), to list the styles below 0.99."""
    trues = [o for o in outcomes if o.query.expected]
    return sum(o.right for o in trues) / len(trues) if trues else 1.0


def report(outcomes: list[Outcome], styles: tuple[Style, ...]) -> list[str]:
    """Tables per engine, format, language, per style below 0.99, per category."""
    def table(title: str, key: Callable[[Query], str]) -> list[str]:
        return refbench.category_table(outcomes, title, lambda q: (key(q),)) + [""]
    language = {s.name: s.language for s in styles}
    engine_of = {s.name: s.engine for s in styles}
    lines = table("engine", lambda q: engine_of[q.style])
    lines += table("format", lambda q: f"{engine_of[q.style]}: {q.format}")
    lines += table("language", lambda q: language[q.style])
    by_style: dict[str, list[Outcome]] = {}
    for o in outcomes:
        if o.scheme == "improved":
            by_style.setdefault(o.query.style, []).append(o)
    low = sorted(style for style, found in by_style.items() if recall_of(found) < 0.99)
    lines += ["styles with recall below 0.99 (improved):", ""]
    lines += refbench.category_table([o for o in outcomes if o.query.style in low], "style",
                                     lambda q: (q.style,)) + [""]
    lines += table("author position", lambda q: q.position)
    lines += refbench.category_table(outcomes, "name shape", lambda q: q.names) + [""]
    lines += table("title ending (typeset)", lambda q: q.title_end[0])
    decoys = [o for o in outcomes if not o.query.expected]
    lines += refbench.table(decoys, "decoy kind (rejected)", lambda q: q.kind,
                            refbench.decoys_rejected) + [""]
    lines += refbench.table(outcomes, "all", lambda q: "all", refbench.scores)
    lines += ["| precision at the target decoy share | " + " | ".join(
        refbench.precision_at_target_share([o for o in outcomes if o.scheme == s])
        for s in refbench.SCHEMES) + " |", refbench.uncertain_row(outcomes)]
    return lines


def main(argv: Optional[list[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--corpus", type=Path, default=refbench.CORPUS)
    parser.add_argument("--works", type=int, default=150, help="works selected (default 150)")
    parser.add_argument("--per-style", type=int, default=30, help="works a style typesets")
    parser.add_argument("--seed", type=int, default=47)
    parser.add_argument("--cache", type=Path,
                        default=Path(tempfile.gettempdir()) / "citeseeker-bench-styles",
                        help="typeset documents, reused across runs (default %(default)s)")
    parser.add_argument("--styles", default="", help="only styles whose name holds one of "
                        "these comma-separated words")
    parser.add_argument("--jobs", type=int, default=2, help="styles typeset at once")
    parser.add_argument("--details", action="store_true", help="list misses and false hits")
    parser.add_argument("--unseen-styles", type=int, default=0, metavar="N",
                        help="instead of the fixed styles, N independent CSL styles not among "
                        "them, drawn by --draw-seed over the languages of their locales")
    parser.add_argument("--unseen-latex", type=int, default=0, metavar="K",
                        help="with the draw, K biblatex and K BibTeX styles from TeX Live not "
                        "among the fixed ones too")
    parser.add_argument("--draw-seed", type=int, default=None,
                        help="the seed of --unseen-styles' draw (required with it)")
    parser.add_argument("--sweep", type=int, default=0, metavar="N",
                        help="instead of the fixed styles, N CSL styles no held-out draw can "
                        "try, as HTML only, spread over languages in an order of --seed")
    args = parser.parse_args(argv)
    if args.unseen_styles < 0 or args.unseen_latex < 0 or args.sweep < 0:
        parser.error("--unseen-styles, --unseen-latex and --sweep must be 0 or more")
    if args.sweep and args.draw_seed is not None:
        parser.error("--sweep draws its own styles: not with --unseen-styles or --draw-seed")
    if (args.draw_seed is None) != (args.unseen_styles == 0 and args.unseen_latex == 0):
        parser.error("--unseen-styles N (or --unseen-latex K) and --draw-seed S go together")
    missing = missing_tools()
    if missing:
        print("bench_styles.py needs Debian packages that are missing: "
              + " ".join(missing) + f"\n  apt-get install -y --no-install-recommends {PACKAGES}",
              file=sys.stderr)
        return 2
    wanted = wanted_words(args.styles)
    args.cache.mkdir(parents=True, exist_ok=True)
    works = styleworks.select(styleworks.read_works(args.corpus), args.works, args.seed)
    started = time.perf_counter()
    if args.sweep:
        chosen, folders = _typeset_slots(sweep_slots(args.sweep, args.seed), works, args,
                                         f"swept (seed {args.seed}, HTML only)", html_only=True)
    elif args.draw_seed is not None:
        chosen, folders = _typeset_draw(args.draw_seed, works, args)
    else:
        chosen, folders = _typeset_fixed(works, args)
    chosen = {s: chosen[s] for s in folders if named(s, wanted)}
    folders = {s: folders[s] for s in chosen}
    styles = tuple(chosen)
    if not styles:
        parser.error(f"--styles {args.styles!r} names no style")
    rendered = time.perf_counter() - started
    entries = {s: printed_entries(s, folders[s]) for s in styles}
    documents = [Document(s, fmt, folders[s] / FILES[fmt])
                 for s in styles
                 for fmt in (("html",) if args.sweep else formats_of(s, folders[s]))]
    started = time.perf_counter()
    texts = extracted(documents)
    extraction = time.perf_counter() - started
    for document, text in zip(documents, texts):
        if document.style.engine == "biblatex" and document.path.name == "paper.pdf":
            entries[document.style] = biblatex_entries(chosen[document.style], text)
    corpus = refstrings.read_corpus(args.corpus)
    skipped: dict[str, int] = {}
    queries = queries_of(documents, chosen, entries, refstrings.vocabulary_of(corpus),
                         args.seed, skipped, refstrings.lookalike_vocabulary(corpus))
    papers = refbench.documents_of(texts)
    outcomes, seconds = refbench.evaluate(queries, papers)
    outcomes, typos = refbench.apart(outcomes, refbench.TWO_TYPOS)
    outcomes, spelled = refbench.apart(outcomes, refbench.MISSPELLED)
    queries = [q for q in queries if q.kind not in refbench.TRUE_APART]
    engine_of = {s.name: s.engine for s in styles}
    trues = sum(q.expected for q in queries)
    shorter = sum(q.kind == refbench.LAST_WORD for q in queries)
    close = sum(q.kind in refbench.LOOKALIKES for q in queries)
    cut = sum(q.kind == refbench.FUNCTION_END for q in queries)
    print(f"{len(works)} works, {len(styles)} styles ({sum(s.engine == 'CSL' for s in styles)} "
          f"CSL, {sum(s.engine == 'biblatex' for s in styles)} biblatex, "
          f"{sum(s.engine == 'BibTeX' for s in styles)} BibTeX; "
          f"{len({s.language for s in styles})} languages), {len(documents)} documents; "
          f"{trues} true queries, {len(queries) - trues - shorter - close - cut} decoys (and "
          f"{shorter} {refbench.LAST_WORD!r}, {close} lookalikes; entries not queried, the "
          "style printed: " + ", ".join(f"{k} {v}" for k, v in skipped.items()) + "); "
          f"typesetting {rendered:.0f} s "
          f"(cache {args.cache}), extraction {extraction:.0f} s, matching "
          + ", ".join(f"{s} {seconds[s]:.1f} s" for s in refbench.SCHEMES) + "\n")
    print("\n".join(report(refbench.counted(outcomes), styles)))
    print("\n" + "\n".join(refbench.veto_table(
        [q for q in queries if q.kind not in refbench.APART], papers)))
    print("\n" + "\n".join(refbench.last_word_report(outcomes, papers)))
    print("\n" + "\n".join(refbench.lookalike_report(outcomes)))
    print("\n" + "\n".join(refbench.function_end_report(outcomes)))
    print("\n" + "\n".join(refbench.two_typos_report(typos)))
    print("\n" + "\n".join(refbench.misspelled_report(spelled)))
    language = {s.name: s.language for s in styles}
    print("\nlabels of the right hits (the bibliography's heading is the style's, in its "
          "language)\n")
    print("\n".join(refbench.label_table(outcomes, papers, "format",
                                         lambda q: f"{engine_of[q.style]}: {q.format}")))
    print("\n" + "\n".join(refbench.label_table(outcomes, papers, "language",
                                                 lambda q: language[q.style])))
    lost = refbench.regressions(outcomes)
    kept = sum(o.right for o in outcomes if o.scheme == "original")
    print(f"\nno regression: {kept - len(lost)}/{kept} citations the original finds are found "
          "by the improved scheme" + ("" if lost else ": OK"))
    by_style = {s.name: s for s in styles}
    for o in lost:
        q = o.query
        entry = entries[by_style[q.style]].get(_key_of(chosen[by_style[q.style]], q.title), "")
        if by_style[q.style].engine == "biblatex":  # the whole bibliography: the entry's part
            at = max(0, entry.find(q.author))
            entry = " ".join(entry[max(0, at - 40):at + 300].split())
        print(f"  LOST {q.style} / {q.format} [{', '.join(q.names)}; {q.title_end[0]}; "
              f"{q.position}]: {q.author!r} {q.title!r} vetoed by: "
              f"{refbench.vetoes_of(q, papers)}\n       entry: {entry}")
    for line in refbench.lost_apart(typos, papers) + refbench.lost_apart(spelled, papers):
        print(line)
    if args.details:
        refbench.details(outcomes, papers)
        refbench.details(typos, papers)
        refbench.details(spelled, papers)
    return 1 if lost else 0


def _typeset_fixed(works: list[Work], args: argparse.Namespace
                   ) -> tuple[dict[Style, list[Work]], dict[Style, Path]]:
    """The fixed styles' works and folders (works assigned over every fixed style, so that
    ``--styles`` keeps each style's own)."""
    wanted = wanted_words(args.styles)
    chosen = assign(works, STYLES, args.per_style)
    styles = [s for s in STYLES if named(s, wanted)]
    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        folders = dict(zip(styles, pool.map(lambda s: render(s, chosen[s], args.cache),
                                            styles)))
    return chosen, folders


def _typeset_draw(seed: int, works: list[Work], args: argparse.Namespace
                  ) -> tuple[dict[Style, list[Work]], dict[Style, Path]]:
    """The drawn styles' works and folders (:func:`draw_slots`, :func:`latex_slots`)."""
    slots = draw_slots(args.unseen_styles, seed) + latex_slots(args.unseen_latex, seed)
    return _typeset_slots(slots, works, args, f"drawn (seed {seed})")


def _typeset_slots(slots: list[list[Style]], works: list[Work], args: argparse.Namespace,
                   label: str, html_only: bool = False
                   ) -> tuple[dict[Style, list[Work]], dict[Style, Path]]:
    """Each slot's first style the engines typeset, with its works and folder (a slot whose
    styles all fail is named and left out); a sweep's HTML alone with ``html_only``.

    With ``--styles`` only the slots that may take a named style are typeset (works are
    assigned over every slot first, so a style keeps the works of the whole draw): checking
    one style of a draw or sweep costs that style's typesetting. The styles before the named
    one in its slot are tried first, as in the whole draw; :func:`main` drops a slot's style
    that is not named. Called by :func:`main` and :func:`_typeset_draw`."""
    per_slot = assign(works, tuple(range(len(slots))), args.per_style)
    wanted = wanted_words(args.styles)
    kept = [at for at, slot in enumerate(slots)
            if any(named(style, wanted) for style in slot[:TRIES_PER_SLOT])]
    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        made = list(pool.map(lambda at: (at, *render_first(slots[at], per_slot[at], args.cache,
                                                            html_only)), kept))
    chosen, folders = {}, {}
    for at, style, folder, failures in made:
        for failure in failures:
            print(f"drawn style not typeset, the next of its language drawn: {failure}",
                  file=sys.stderr)
        if style is not None:
            chosen[style], folders[style] = per_slot[at], folder
    print(f"{label}: " + ", ".join(s.name + f" [{s.language}]" for s in chosen)
          + "\n")
    return chosen, folders


def wanted_words(styles: str) -> list[str]:
    """The words of ``--styles`` (comma-separated), for :func:`named`."""
    return [word.strip() for word in styles.split(",") if word.strip()]


def named(style: Style, wanted: list[str]) -> bool:
    """True if ``--styles`` keeps the style: its name holds one of the words, or none was
    given. Read before typesetting (:func:`_typeset_fixed`, :func:`_typeset_slots`) and on
    the styles typeset (:func:`main`)."""
    return not wanted or any(word in style.name for word in wanted)


def _key_of(works: list[Work], title: str) -> str:
    """The key of the work with this title (to print a lost citation's typeset entry)."""
    return next((w.key for w in works if w.title == title), "")


if __name__ == "__main__":
    sys.exit(main())
