"""Matching quality on real reference strings, every style, both schemes, in one command.

    .venv/bin/python bench/bench_refstrings.py [--corpus ../shared/refcorpus] [--sample 300]
        [--seed 25] [--mix even|corpus] [--details]
    .venv/bin/python bench/bench_refstrings.py --held-out [1|2]    # once each, at the end

Samples the annotated real reference strings of ``--corpus`` (``quality/refstrings.py``) by
style into generated papers (a reference list of one style each), written as HTML, plain
text (wrapped, hyphenated, running headers), PDF through Ghostscript (the same lines, pages with
running headers and page numbers), gzipped PostScript and (``--mix corpus``) the PDF in a ZIP,
read back by the crawler's own ``DocumentExtractor``. ``--mix even`` draws the same number per
style, 12 entries a paper (the five tuned samples: seeds 25, 7, 99, 1, 2); ``--mix corpus``
each style's share of the corpus, 28 entries a paper, so that reference lists cross pages.
``--held-out`` (the first) and ``--held-out 2`` (the second) each query a fixed share of the
corpus that no other sample draws (``refstrings.held_out``): run each once, when the rules are
final. Each entry is queried once with one of its surnames (author positions in
turn) and its title, as printed or as a true variant (a typo or two swapped words in the query;
OCR damage or a hyphen whose line end was lost in the printed title); an entry also gets a decoy: every fourth a near-miss title (a content word replaced, added or dropped), every
fourth another a title of another paper's entry or the entry before's surname, and every fourth
other the title without its last content word ("last word dropped": the shorter title a title run
into the next field hides; reported apart, "accepted N of M" per title ending, and in no other
figure, since a title without its last word is sometimes a real shorter work; the same entry
also the title cut after its last inner function word, "cut after a function word", reported
apart as accepted, marked uncertain or rejected, "CUT" lines of ``--details``), and every fourth
the last a lookalike near miss (a three-letter content word replaced, or a content word replaced
by a real word that looks like it; reported apart too, "CLOSE" lines of ``--details``). An
entry queried with its title as printed is queried a second time with two typos in the title
(a letter typed twice or a key beside it struck, and a letter dropped: a slip a reader
forgives; reported apart, "TYPO2" lines of ``--details``, its losses "TYPO2 LOST" lines, not
in the exit status, so that every other line compares with runs before it); an entry whose
title is printed as typed is queried once more with a real misspelling or the other spelling
of a word where the title allows one ("discrepency", "analyzed" for "analysed"; reported
apart the same way, "SPELL" and "SPELL LOST" lines). Prints
recall and
precision per style, per format, per variant, per decoy kind and per category of entry (name
shape, title ending, page break; with the citations lost) for the improved scheme and the
original (2003) one (a hit whose title's end the improved scheme marks uncertain counts as
found, and is counted apart: "of the right hits, title end uncertain", and among the "last word
dropped" decoys accepted), the precision and recall of the labels of the right hits
(``in_references``, "self") per format, and every citation the original finds that the improved
misses (exit 1 if there is one). References whose annotated title is not the printed one are left out and
counted (``refstrings.annotation_fault``), and a title or surname the PostScript font cannot
print is not queried in a PDF or PS paper (bench/README.md says why). A benchmark, not a
test: the corpus is not part of the repository.
"""

from __future__ import annotations

import argparse
import dataclasses
import gzip
import io
import random
import sys
import tempfile
import textwrap
import time
import zipfile
from collections import defaultdict
from dataclasses import dataclass
from functools import cached_property
from html import escape
from pathlib import Path
from typing import Callable, Optional

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from rapidfuzz.distance import Indel  # noqa: E402

from citeseeker_scrapy.extraction.extractor import DocumentExtractor  # noqa: E402
from citeseeker_scrapy.extraction.model import ExtractedPart, ExtractionLimits  # noqa: E402
from citeseeker_scrapy.matching.citations import CitationSearch, reported  # noqa: E402
from citeseeker_scrapy.matching.improved.text.headers import (  # noqa: E402
    running_headers, without_spans,
)
from citeseeker_scrapy.matching import (  # noqa: E402
    UNCERTAIN_END, VETOES, AuthorGroup, Citation, CitationMatcher, DocumentText,
    MatcherSettings, normalize_text,
)
from quality import refstrings  # noqa: E402
from quality.refstrings import Reference  # noqa: E402

CORPUS = Path(__file__).resolve().parents[2] / "shared" / "refcorpus"
FORMATS = ("html", "txt", "pdf", "ps.gz")
#: ``--mix corpus``: the formats of the target evaluation, an archive among them.
MIX_FORMATS = FORMATS + ("zip",)
PAGED = ("txt", "pdf", "ps.gz", "zip")
FONT_FORMATS = ("pdf", "ps.gz", "zip")  # printed with the plain PostScript font
SCHEMES = ("improved", "original")
VARIANTS = ("as printed", "typo", "swapped words", "OCR damage", "broken hyphen")
NEAR_MISSES = ("replaced", "added", "dropped")
#: Decoys of other kinds, as a real evaluation set also holds: a title of another paper's entry
#: with this entry's surname, and this title with the surname of the entry before.
OTHER_DECOYS = ("foreign title", "neighbour's author")
#: The title without its last content word (``refstrings.without_last_word``), every fourth
#: entry (its own slot): the shorter title a run-on title hides. Reported apart
#: (:func:`last_word_report`), in no other figure: the near-miss target is about one changed
#: content word, and a title without its last word is sometimes a real shorter work.
LAST_WORD = "last word dropped"
#: Near misses a typo-tolerant comparison is blind to (``refstrings.lookalike_decoy``): a
#: three-letter content word replaced, a content word replaced by a real word that looks like
#: it. Every fourth entry (the slot no other decoy takes), from a random stream of their own;
#: reported apart (:func:`lookalike_report`) and listed as "CLOSE" lines by ``--details``, so
#: that every other figure and DECOY line stays as in runs before them.
LOOKALIKES = refstrings.LOOKALIKE_KINDS
#: The title cut right after a function word inside it (``refstrings.cut_after_function_word``:
#: "...Trade of the" where the print goes on "Northern Coast"), in the last word's slot (no
#: draw, so every other query stays as it was): a query ending with a function word whose
#: print runs on. Reported apart (:func:`function_end_report`: accepted, marked uncertain,
#: rejected) and listed as "CUT" lines by ``--details``.
FUNCTION_END = "cut after a function word"
#: True queries with two typing slips in the title (``refstrings.with_two_typos``): a letter
#: typed twice or a key beside it struck, and a letter dropped. Every entry whose true query
#: is the title as printed (:data:`VARIANTS`' first) gets one beside it, from a random stream
#: of its own; reported apart (:func:`two_typos_report`), their misses listed as "TYPO2"
#: lines by ``--details`` and their losses as "TYPO2 LOST" lines, so that every other
#: figure and line stays as in runs before them.
TWO_TYPOS = "two typos"
#: The true variants whose title is printed as the user types it (the print undamaged).
PRINTED_AS_TYPED = VARIANTS[:3]
#: True queries with a real misspelling or another spelling of the title
#: (``refstrings.misspelled``: "discrepency", "Optimizing ... analyzed" for "Optimising ...
#: analysed"): every entry whose title is printed as typed (:data:`PRINTED_AS_TYPED`) gets one
#: beside it where the title allows one, from a random stream of its own; reported apart
#: (:func:`misspelled_report`), their misses listed as "SPELL" lines by ``--details`` and
#: their losses as "SPELL LOST" lines, so that every other figure and line stays as in runs
#: before them. No typo or OCR confusion makes these: a letter changed where no key or
#: stroke explains it, which a rule telling lookalike words apart must still forgive.
MISSPELLED = "misspelled"
#: The true variants reported apart, each with the mark of its lines in ``--details``.
TRUE_APART = {TWO_TYPOS: "TYPO2", MISSPELLED: "SPELL"}
#: The query kinds in no figure but their own report.
APART = (LAST_WORD, FUNCTION_END, *LOOKALIKES, *TRUE_APART)
PER_PAPER = 12  # entries per generated paper (``--mix even``)
MIX_PER_PAPER = 28  # ``--mix corpus``: about the target evaluation's 1,100 strings in 40 papers
HELD_OUT_SEEDS = {1: 4747, 2: 4748}  # each held-out share's papers and queries
LINE = 88  # characters per line of the text, PDF and PostScript papers
PAGE_LINES = 52
#: The target evaluation: per 300 true queries, 15 near-miss decoys and 60 others.
TARGET_SHARE = {"near miss": 15 / 300, "other": 60 / 300}
RIGHT_PLACE = 0.75  # ``found`` this similar to the printed title: the right place
FILLER = ("This generated paper discusses earlier work on the subject and cites the studies "
          "listed at its end, as a real paper of the field would do in its introduction.")


@dataclass(frozen=True)
class Query:
    """One (surname, title) group searched in one paper, and what it should give."""

    paper: int
    author: str
    title: str
    printed_title: str  # the title as it stands in the paper (damaged where it is)
    expected: bool
    kind: str  # a variant (expected true) or a decoy kind
    style: str
    format: str
    position: str  # the surname's place in the author run
    names: tuple[str, ...] = ()  # ``refstrings.name_shapes`` of the entry
    title_end: tuple[str, ...] = ()  # ``refstrings.title_shapes`` of the entry
    page_break: str = "no pages"  # where a page break falls (:func:`page_breaks`)
    spelling: str = ""  # a :data:`MISSPELLED` query's kind (``refstrings.SPELLING_KINDS``)


# ----------------------------------------------------------------------------- papers


def build(sampled: dict[str, list[Reference]], vocabulary: list[str], seed: int,
          formats: tuple[str, ...] = FORMATS, per_paper: int = PER_PAPER,
          lookalikes: list[str] = ()) -> tuple[list[tuple[str, list[str]]], list[Query]]:
    """Papers (format, entry strings) and the queries on them; the :data:`LOOKALIKES` decoys
    only with a ``lookalikes`` vocabulary (``refstrings.lookalike_vocabulary``)."""
    rng = random.Random(seed)
    alike = Lookalikes(random.Random(f"{seed}-lookalike"), lookalikes)
    typos = TwoTypos(random.Random(f"{seed}-two-typos"))
    spellings = Misspellings(random.Random(f"{seed}-misspelled"))
    papers, queries, counter = [], [], 0
    for style, references in sampled.items():
        for start in range(0, len(references), per_paper):
            paper = len(papers)
            fmt = formats[paper % len(formats)]
            entries, chunk, per_entry = [], references[start:start + per_paper], []
            for at, reference in enumerate(chunk):
                entry, made = _queries_of(rng, reference, paper, fmt, counter, vocabulary,
                                          alike, typos, spellings)
                entries.append(entry)
                if counter % 4 == 2:
                    made += _other_decoy(rng, reference, chunk[at - 1] if at else None,
                                         sampled, paper, fmt, counter)
                per_entry.append(made)
                counter += 1
            numbered = paper % 2 == 0
            entries = [f"[{n}] {e}" if numbered else e for n, e in enumerate(entries, 1)]
            titles = [made[0].printed_title if made else "" for made in per_entry]
            breaks = (page_breaks(entries, titles) if fmt in PAGED
                      else ["no pages"] * len(entries))
            queries += [dataclasses.replace(q, page_break=where)
                        for made, where in zip(per_entry, breaks) for q in made]
            papers.append((fmt, entries))
    return papers, queries


@dataclass(frozen=True)
class Lookalikes:
    """The :data:`LOOKALIKES` decoys' own random stream and vocabulary (no decoys without
    one)."""

    rng: random.Random
    vocabulary: list[str]

    def decoy(self, title: str, counter: int) -> Optional[tuple[str, str]]:
        """(kind, near-miss title) of the entry numbered ``counter``, every fourth entry (the
        slot after the other decoys'), the kinds in turn; None where it gets none. Called by
        this bench's :func:`build` and ``bench_styles.queries_of``."""
        if counter % 4 != 3 or not self.vocabulary:
            return None
        kind = LOOKALIKES[(counter // 4) % len(LOOKALIKES)]
        near = refstrings.lookalike_decoy(self.rng, title, kind, self.vocabulary)
        return (kind, near) if near is not None else None


@dataclass(frozen=True)
class TwoTypos:
    """The :data:`TWO_TYPOS` queries' own random stream."""

    rng: random.Random

    def title(self, title: str, counter: int) -> Optional[str]:
        """The typed ``title`` with two typos for the entry numbered ``counter``, if its true
        query is the title as printed (every fifth entry); None where it gets none. Called
        by this bench's :func:`build` and ``bench_styles.queries_of``."""
        if counter % len(VARIANTS) != 0:
            return None
        return refstrings.with_two_typos(self.rng, title)


@dataclass(frozen=True)
class Misspellings:
    """The :data:`MISSPELLED` queries' own random stream."""

    rng: random.Random

    def title(self, title: str, counter: int) -> Optional[tuple[str, str]]:
        """(spelling kind, the typed ``title`` misspelled or spelled otherwise) for the entry
        numbered ``counter``, if its title is printed as typed (three entries of five,
        :data:`PRINTED_AS_TYPED`) and a word of it allows one; None where it gets none.
        Called by this bench's :func:`build` and ``bench_styles.queries_of``."""
        if VARIANTS[counter % len(VARIANTS)] not in PRINTED_AS_TYPED:
            return None
        return refstrings.misspelled(self.rng, title)


def _queries_of(rng: random.Random, reference: Reference, paper: int, fmt: str, counter: int,
                vocabulary: list[str], alike: Optional[Lookalikes] = None,
                typos: Optional[TwoTypos] = None, spellings: Optional[Misspellings] = None
                ) -> tuple[str, list[Query]]:
    """The entry as printed in the paper and its true query (and a near miss, every fourth;
    the title without its last word, every fourth other; a lookalike near miss, every fourth
    other; the title with two typos, every fifth; the title misspelled, three of five)."""
    variant = VARIANTS[counter % len(VARIANTS)]
    printed_title, title = reference.title, reference.title.replace("\u00ac", "")  # typed
    if variant == "typo":
        title = refstrings.with_typo(rng, title)
    elif variant == "swapped words":
        title = refstrings.with_swap(rng, title) or title
    elif variant == "OCR damage":
        printed_title = refstrings.ocr_damaged(rng, title)
    elif variant == "broken hyphen":
        printed_title = refstrings.broken_hyphen(title)
    entry = reference.printed.replace(reference.title, printed_title, 1)
    names = reference.surnames
    at = counter % len(names)
    if fmt in FONT_FORMATS:
        if not (refstrings.printable(reference.title) and refstrings.printable(names[at])):
            return refstrings.latin1(entry), []  # the font has no such letters: not queried
        entry, printed_title = refstrings.latin1(entry), refstrings.latin1(printed_title)
    position = ("only" if len(names) == 1 else "first" if at == 0
                else "last" if at == len(names) - 1 else "middle")
    shapes = {"names": refstrings.name_shapes(reference),
              "title_end": refstrings.title_shapes(reference)}
    made = [Query(paper, names[at], title, printed_title, True, variant, reference.style, fmt,
                  position, **shapes)]
    if counter % 4 == 0:
        kind = NEAR_MISSES[(counter // 4) % len(NEAR_MISSES)]
        near = refstrings.decoy(rng, reference.title, kind, vocabulary)
        if near is not None:
            made.append(Query(paper, names[at], near, printed_title, False, kind,
                              reference.style, fmt, position, **shapes))
    shorter = refstrings.without_last_word(reference.title) if counter % 4 == 1 else None
    if shorter is not None:
        made.append(Query(paper, names[at], shorter, printed_title, False, LAST_WORD,
                          reference.style, fmt, position, **shapes))
    cut = refstrings.cut_after_function_word(reference.title) if counter % 4 == 1 else None
    if cut is not None:
        made.append(Query(paper, names[at], cut, printed_title, False, FUNCTION_END,
                          reference.style, fmt, position, **shapes))
    close = alike.decoy(reference.title, counter) if alike else None
    if close is not None:
        made.append(Query(paper, names[at], close[1], printed_title, False, close[0],
                          reference.style, fmt, position, **shapes))
    typed = typos.title(title, counter) if typos else None
    if typed is not None:
        made.append(Query(paper, names[at], typed, printed_title, True, TWO_TYPOS,
                          reference.style, fmt, position, **shapes))
    spelled = (spellings.title(reference.title.replace("\u00ac", ""), counter) if spellings
               else None)
    if spelled is not None:
        made.append(Query(paper, names[at], spelled[1], printed_title, True, MISSPELLED,
                          reference.style, fmt, position, spelling=spelled[0], **shapes))
    if refstrings.short_title_runs_on(reference):
        return entry, []  # printed, not queried (after the draws: the next entries keep theirs)
    return entry, made


def _other_decoy(rng: random.Random, reference: Reference, before: Optional[Reference],
                 sampled: dict[str, list[Reference]], paper: int, fmt: str, counter: int
                 ) -> list[Query]:
    """A foreign title with this entry's surname, or this title with the entry before's
    surname (if that surname is not among this entry's)."""
    kind = OTHER_DECOYS[(counter // 4) % len(OTHER_DECOYS)]
    if kind == "foreign title":
        pool = [r for refs in sampled.values() for r in refs if r.style != reference.style]
        other = rng.choice(pool)
        return [Query(paper, reference.surnames[0], other.title, other.title, False, kind,
                      reference.style, fmt, "first", refstrings.name_shapes(reference),
                      refstrings.title_shapes(reference))]
    names = [n for n in (before.surnames if before else ()) if n not in reference.printed]
    if not names:
        return []
    return [Query(paper, names[0], reference.title, reference.title, False, kind,
                  reference.style, fmt, "first", refstrings.name_shapes(reference),
                  refstrings.title_shapes(reference))]


def wrapped_lines(entries: list[str]) -> list[str]:
    """A paper's lines: a title block, a paragraph, the reference list wrapped at ``LINE``
    characters with long words hyphenated at line ends, inside each entry (a paragraph of its
    own: typesetting never breaks an entry's first word onto the heading's line or the last
    line of the entry before)."""
    lines = _front_lines()
    for entry in entries:
        lines += _hyphenated(_entry_lines(entry))
    return lines


def _front_lines() -> list[str]:
    """A paper's lines before its reference list."""
    return (["Generated Studies of Citation Styles", "A. Nonymous, Example University", ""]
            + textwrap.wrap(" ".join([FILLER] * 4), LINE) + ["", "References"])


def _entry_lines(entry: str) -> list[str]:
    """One entry wrapped at ``LINE`` characters."""
    return textwrap.wrap(entry, LINE, break_long_words=False, break_on_hyphens=False)


def page_breaks(entries: list[str], titles: list[str]) -> list[str]:
    """For each entry of a paged paper (:func:`paged`): "page break in title" if the page ends
    between two lines of its title, "page break in entry" if elsewhere inside the entry,
    else "no page break" (a category of the tables; the running header and page number then stand
    inside the entry)."""
    line, found = len(_front_lines()), []
    for entry, title in zip(entries, titles):
        lines = _entry_lines(entry)
        starts, offset = [], 0
        for text in lines:
            offset = entry.find(text, offset)
            starts.append(offset)
        begin = entry.find(title) if title else -1
        first = sum(1 for s in starts if s <= begin) - 1
        last = sum(1 for s in starts if s < begin + len(title)) - 1
        page_ends = [at for at in range(len(lines) - 1) if (line + at + 1) % PAGE_LINES == 0]
        if begin >= 0 and any(first <= at < last for at in page_ends):
            found.append("page break in title")
        elif page_ends:
            found.append("page break in entry")
        else:
            found.append("no page break")
        line += len(lines)
    return found


def _hyphenated(lines: list[str]) -> list[str]:
    """Break the first word of a line onto the line before when it fits with a hyphen, as
    typesetting does (the reader sees "retrie-" at one line's end and "val" on the next)."""
    out = list(lines)
    for i in range(1, len(out)):
        first, _, rest = out[i].partition(" ")
        room = LINE - len(out[i - 1]) - 2
        if out[i - 1] and first.isalpha() and len(first) >= 8 and room >= 4:
            cut = min(room, len(first) - 3)
            out[i - 1] += f" {first[:cut]}-"
            out[i] = first[cut:] + (f" {rest}" if rest else "")
    return out


def paged(lines: list[str]) -> list[list[str]]:
    """Pages of ``PAGE_LINES`` lines with a running header and a page number at the foot."""
    pages = []
    for number, start in enumerate(range(0, len(lines), PAGE_LINES), 1):
        pages.append(["Journal of Generated Studies 12 (2024) Citation Styles", ""]
                     + lines[start:start + PAGE_LINES] + ["", str(number)])
    return pages


def document(fmt: str, entries: list[str]) -> tuple[str, bytes]:
    """(file name, bytes) of one paper in one format."""
    if fmt == "html":
        items = "".join(f"<li>{escape(entry)}</li>\n" for entry in entries)
        body = (f"<html><head><title>Generated paper</title></head><body><h1>Generated "
                f"Studies</h1><p>{FILLER}</p><h2>References</h2><ol>\n{items}</ol></body></html>")
        return "paper.html", body.encode("utf-8")
    pages = paged(wrapped_lines(entries))
    if fmt == "txt":
        return "paper.txt", "\n\f".join("\n".join(page) for page in pages).encode("utf-8")
    from tests.support import docgen  # the project's PostScript and Ghostscript helpers
    ps = docgen.postscript(pages)
    if fmt == "pdf":
        return "paper.pdf", docgen.ghostscript_pdf(ps)
    if fmt == "zip":
        return "paper.zip", zipped({"paper/paper.pdf": docgen.ghostscript_pdf(ps)})
    return "paper.ps.gz", gzip.compress(ps)


def zipped(members: dict[str, bytes]) -> bytes:
    """A ZIP archive of ``members`` (name -> bytes), as a paper's sources are shipped."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in members.items():
            archive.writestr(name, data)
    return buffer.getvalue()


def documents_of(texts: list[str]) -> list[DocumentText]:
    """Each paper's text read once (``DocumentText``: normalized, its head and its map made on
    first need) for every query and scheme that searches it, as a crawl reads a document once
    for all its queries. Called by this bench and by ``bench_styles.py``."""
    return [DocumentText(text) for text in texts]


def extracted_texts(papers: list[tuple[str, list[str]]]) -> list[str]:
    """Each paper through the crawler's extraction (HTML parser, PDFium, Ghostscript)."""
    texts = []
    with tempfile.TemporaryDirectory() as work, DocumentExtractor(
            ExtractionLimits(), Path(work), workers=1) as extractor:
        for fmt, entries in papers:
            name, body = document(fmt, entries)
            parts = [e.text for e in extractor.extract(name, body)
                     if isinstance(e, ExtractedPart)]
            texts.append("\n".join(parts))
    return texts


# ----------------------------------------------------------------------------- evaluation


@dataclass(frozen=True)
class Outcome:
    query: Query
    scheme: str
    found: Optional[str]

    #: ``found`` with the running headers inside it left out, where a page break cut the
    #: title (:func:`read_across_headers`); None where none is.
    read: Optional[str] = None
    #: The hit ``found`` is the text of, as the search returned it (:func:`label_table` reads
    #: its labels); None where there is none.
    citation: Optional[Citation] = None

    @cached_property
    def right(self) -> bool:
        """A hit of an expected-true query at the title as printed (read across a page
        break's running header); computed once (every table of the report asks it)."""
        return bool(self.found) and self.query.expected and Indel.normalized_similarity(
            normalize_text(self.query.printed_title), self.read or self.found) >= RIGHT_PLACE

    @property
    def wrong(self) -> bool:
        """A hit that is no right one: a decoy's, or a true query's found elsewhere."""
        return bool(self.found) and not self.right


def evaluate(queries: list[Query], documents: list[DocumentText]
             ) -> tuple[list[Outcome], dict[str, float]]:
    """Every query in its paper with both schemes, and the seconds each scheme took (the
    search alone: each paper is normalized once, :func:`documents_of`)."""
    outcomes, seconds = [], defaultdict(float)
    for query in queries:
        document = documents[query.paper]
        for scheme in SCHEMES:
            matcher = CitationMatcher([AuthorGroup((query.author,), (query.title,))],
                                      MatcherSettings(scheme=scheme))
            started = time.perf_counter()
            hits = matcher.find_in(document)
            seconds[scheme] += time.perf_counter() - started
            outcome = Outcome(query, scheme, hits[0].found if hits else None,
                              citation=hits[0] if hits else None)
            if outcome.found and query.expected and not outcome.right:
                outcome = dataclasses.replace(outcome, read=read_across_headers(
                    document.normalized, hits[0].position, outcome.found))
            outcomes.append(outcome)
    return outcomes, seconds


def read_across_headers(normalized: str, position: int, found: str) -> Optional[str]:
    """``found`` (at ``position`` of the ``normalized`` text) with the running headers inside
    it left out, or None if it holds none: a title a page break cut is found with the page's
    header between its halves, at the right place though the header makes it read less like
    the title. Called by this bench and ``bench_quality.py`` for the hits of true queries
    not at the right place as they are."""
    spans = running_headers(normalized, position, position + len(found))
    if not spans:
        return None
    cleaned, moved = without_spans(normalized, spans)
    return cleaned[moved(position):moved(position + len(found))]


def scores(outcomes: list[Outcome]) -> str:
    """"found/true recall precision" of one cell, or the decoys rejected."""
    trues = [o for o in outcomes if o.query.expected]
    hits = [o for o in outcomes if o.found]
    right = sum(o.right for o in trues)
    recall = f"{right}/{len(trues)} {right / len(trues):.3f}" if trues else "-"
    precision = f"{right / len(hits):.3f}" if hits else "-"
    return f"{recall:>13} {precision:>6}"


def decoys_rejected(outcomes: list[Outcome]) -> str:
    """Decoys not found / decoys."""
    decoys = [o for o in outcomes if not o.query.expected]
    rejected = sum(not o.found for o in decoys)
    return f"{rejected}/{len(decoys)} {rejected / len(decoys):.2f}" if decoys else "-"


def table(outcomes: list[Outcome], title: str, key: Callable[[Query], str],
          cell: Callable[[list[Outcome]], str]) -> list[str]:
    """A markdown table: one row per value of ``key``, one column per scheme."""
    rows = [f"| {title} | " + " | ".join(SCHEMES) + " |", "|---|" + "---:|" * len(SCHEMES)]
    for value in sorted({key(o.query) for o in outcomes}):
        row = [cell([o for o in outcomes if o.scheme == scheme and key(o.query) == value])
               for scheme in SCHEMES]
        rows.append(f"| {value} | " + " | ".join(row) + " |")
    return rows


def precision_at_target_share(outcomes: list[Outcome]) -> str:
    """Precision if the decoys were as many as in the target evaluation (``TARGET_SHARE``):
    each kind's false hits scaled by its share; the true queries' wrong-place hits as they
    are. The raw precision weighs near misses five times as much as the target evaluation does."""
    trues = [o for o in outcomes if o.query.expected]
    right = sum(o.right for o in trues)
    false_hits = sum(o.wrong for o in trues)
    for kind, share in TARGET_SHARE.items():
        decoys = [o for o in outcomes if not o.query.expected
                  and (o.query.kind in NEAR_MISSES) == (kind == "near miss")]
        if decoys:
            false_hits += sum(bool(o.found) for o in decoys) / len(decoys) * share * len(trues)
    return f"{right / (right + false_hits):.3f}" if right else "-"


def uncertain(outcomes: list[Outcome]) -> int:
    """The hits among ``outcomes`` reported with the title's end marked uncertain
    (``model.UNCERTAIN_END``: the word after the hit could be the printed title's own)."""
    return sum(o.citation is not None and o.citation.title_end == UNCERTAIN_END
               for o in outcomes if o.found)


def uncertain_row(outcomes: list[Outcome]) -> str:
    """The row under the "all" table: of the right hits (each counted found above), how many
    the improved scheme reported with the title's end marked uncertain, per scheme. Called
    by this bench's and ``bench_styles.py``'s report."""
    cells = []
    for scheme in SCHEMES:
        right = [o for o in outcomes if o.scheme == scheme and o.right]
        cells.append(f"{uncertain(right)} of {len(right)}")
    return "| of the right hits, title end uncertain | " + " | ".join(cells) + " |"


def report(outcomes: list[Outcome]) -> list[str]:
    """All tables: per style, format, author position, variant (recall, precision), per decoy
    kind (rejected), and the total."""
    trues = [o for o in outcomes if o.query.expected]
    lines = ["recall as found/true queries, then precision (right hits / all hits)", ""]
    for title, key in (("style", lambda q: q.style), ("format", lambda q: q.format),
                       ("author position", lambda q: q.position)):
        lines += table(outcomes, title, key, scores) + [""]
    lines += table(trues, "true variant", lambda q: q.kind, scores) + [""]
    decoys = [o for o in outcomes if not o.query.expected]
    lines += table(decoys, "decoy kind (rejected)", lambda q: q.kind, decoys_rejected)
    near = [o for o in decoys if o.query.kind in NEAR_MISSES]
    lines += table(near, "near-miss decoys", lambda q: "all near misses", decoys_rejected)[2:]
    lines += table(decoys, "all decoys", lambda q: "all decoys", decoys_rejected)[2:] + [""]
    lines += table(outcomes, "all", lambda q: "all", scores)
    lines += ["| precision at the target decoy share (15 near misses, 60 other decoys per 300) | "
              + " | ".join(precision_at_target_share([o for o in outcomes if o.scheme == s])
                           for s in SCHEMES) + " |", uncertain_row(outcomes)]
    return lines


def counted(outcomes: list[Outcome]) -> list[Outcome]:
    """The outcomes every figure but :func:`last_word_report` and :func:`lookalike_report`
    counts: all but the :data:`APART` decoys' (reported apart, so the other figures stay
    comparable with runs that had none). Called by this bench's and ``bench_styles.py``'s
    ``main``."""
    return [o for o in outcomes if o.query.kind not in APART]


def lookalike_report(outcomes: list[Outcome]) -> list[str]:
    """The :data:`LOOKALIKES` decoys apart: rejected of made per kind and scheme, and how many
    of the improved scheme's accepted ones carry the mark that the title's end is uncertain.
    Called by this bench's and ``bench_styles.py``'s ``main``."""
    close = [o for o in outcomes if o.query.kind in LOOKALIKES]
    lines = ["lookalike near misses (a three-letter content word replaced; a content word "
             "replaced by a real word that looks like it; in no figure above): rejected", ""]
    lines += table(close, "lookalike kind (rejected)", lambda q: q.kind, decoys_rejected)
    lines += table(close, "", lambda q: "all lookalikes", decoys_rejected)[2:]
    return lines + ["| accepted, title end uncertain | " + " | ".join(
        str(uncertain([o for o in close if o.scheme == scheme])) for scheme in SCHEMES) + " |"]


def function_end_report(outcomes: list[Outcome]) -> list[str]:
    """The :data:`FUNCTION_END` decoys apart: per scheme, of those made, how many are accepted
    with the title's end certain, accepted marked uncertain, and rejected. Called by this
    bench's and ``bench_styles.py``'s ``main``."""
    cut = [o for o in outcomes if o.query.kind == FUNCTION_END]
    lines = [f'"{FUNCTION_END}" decoys (the title cut after a function word inside it, the '
             "print going on with the title; in no figure above)", "",
             "| outcome | " + " | ".join(SCHEMES) + " |", "|---|" + "---:|" * len(SCHEMES)]
    for label, test in (("accepted, title end certain", lambda o: o.found and not uncertain([o])),
                        ("accepted, title end uncertain", lambda o: uncertain([o])),
                        ("rejected", lambda o: not o.found)):
        lines.append(f"| {label} | " + " | ".join(
            f"{sum(bool(test(o)) for o in cut if o.scheme == scheme)} of "
            f"{sum(o.scheme == scheme for o in cut)}" for scheme in SCHEMES) + " |")
    return lines


def apart(outcomes: list[Outcome], kind: str) -> tuple[list[Outcome], list[Outcome]]:
    """(every outcome but the queries' of ``kind``, theirs): a kind of :data:`TRUE_APART`,
    every figure and line of runs before it printed from the first list. Called by this
    bench's and ``bench_styles.py``'s ``main``."""
    return ([o for o in outcomes if o.query.kind != kind],
            [o for o in outcomes if o.query.kind == kind])


def two_typos_report(typos: list[Outcome]) -> list[str]:
    """The :data:`TWO_TYPOS` queries apart: found of made per format and scheme, and the
    original's finds the improved scheme lost (then listed by :func:`lost_apart`). Called
    by this bench's and ``bench_styles.py``'s ``main``."""
    lines = ['"two typos" queries (a letter typed twice or a key beside it struck, and a '
             "letter dropped; in no figure above): found/true recall precision", ""]
    lines += table(typos, "two typos, format", lambda q: q.format, scores)
    lines += table(typos, "", lambda q: "all two-typo queries", scores)[2:]
    kept = sum(o.right for o in typos if o.scheme == "original")
    return lines + [f"| found by the original, lost by the improved | "
                    f"{len(regressions(typos))} of {kept} |"]


def misspelled_report(spelled: list[Outcome]) -> list[str]:
    """The :data:`MISSPELLED` queries apart: found of made per format and per spelling kind
    and scheme, and the original's finds the improved scheme lost (then listed by
    :func:`lost_apart`). Called by this bench's and ``bench_styles.py``'s ``main``."""
    lines = ['"misspelled" queries (a real misspelling or the other spelling of a word: '
             "-ise/-ize, -our/-or, -ance/-ence, a consonant doubled or single, ie/ei...; in "
             "no figure above): found/true recall precision", ""]
    lines += table(spelled, "misspelled, format", lambda q: q.format, scores)
    lines += table(spelled, "", lambda q: "all misspelled queries", scores)[2:] + [""]
    lines += table(spelled, "misspelled, spelling", lambda q: q.spelling, scores)
    kept = sum(o.right for o in spelled if o.scheme == "original")
    return lines + [f"| found by the original, lost by the improved | "
                    f"{len(regressions(spelled))} of {kept} |"]


def lost_apart(outcomes: list[Outcome], documents: list[DocumentText]) -> list[str]:
    """A "TYPO2 LOST" or "SPELL LOST" line (:data:`TRUE_APART`) for each query of a true
    variant reported apart that the original finds and the improved scheme does not, with the
    checks that kept it (a loss all the same: apart only so that the other lost lines compare
    with runs before these queries). Called by this bench's and ``bench_styles.py``'s
    ``main``."""
    return [f"  {TRUE_APART[o.query.kind]} LOST {o.query.style} / {o.query.format}: "
            f"{o.query.author!r} {o.query.title!r} (printed {o.query.printed_title!r}) "
            "vetoed by: " + vetoes_of(o.query, documents) for o in regressions(outcomes)]


def last_word_report(outcomes: list[Outcome], documents: list[DocumentText]) -> list[str]:
    """The :data:`LAST_WORD` decoys apart: accepted (a hit) of made, per scheme and per title
    ending (what follows the title in the entry: "runs into next field" is the blind spot),
    how many of those accepted carry the mark that the title's end is uncertain, and the
    checks of ``VETOES`` that reject the original's hits on them."""
    cut = [o for o in outcomes if o.query.kind == LAST_WORD]
    lines = [f'"{LAST_WORD}" decoys (the title without its last content word; in no figure '
             "above): accepted (a hit) of made", "",
             "| title ending | " + " | ".join(SCHEMES) + " |", "|---|" + "---:|" * len(SCHEMES)]
    endings = sorted({o.query.title_end[0] for o in cut if o.query.title_end})
    for value in endings + ["all"]:
        row = []
        for scheme in SCHEMES:
            made = [o for o in cut if o.scheme == scheme
                    and value in (*o.query.title_end[:1], "all")]
            row.append(f"{sum(bool(o.found) for o in made)} of {len(made)}")
        lines.append(f"| {value} | " + " | ".join(row) + " |")
    lines.append("| all accepted, title end uncertain | " + " | ".join(
        str(uncertain([o for o in cut if o.scheme == scheme])) for scheme in SCHEMES) + " |")
    queries = list({id(o.query): o.query for o in cut}.values())
    vetoes = veto_table(queries, documents)
    return lines + ["", f'checks rejecting the original\'s hits on the "{LAST_WORD}" decoys',
                    ""] + [row for row in vetoes if not row.endswith("| 0 | 0 |")]


def veto_table(queries: list[Query], documents: list[DocumentText]) -> list[str]:
    """Per check of ``VETOES``: the original scheme's hits it keeps the improved scheme from
    reporting, true citations (at the right place) beside decoys."""
    dropped: dict[str, list[int]] = {veto: [0, 0] for veto in VETOES}
    for query in queries:
        matcher = CitationMatcher([AuthorGroup((query.author,), (query.title,))],
                                  MatcherSettings())
        for explained in matcher.explain_in(documents[query.paper]):
            if explained.veto is None:
                continue
            right = query.expected and Outcome(query, "original",
                                               explained.citation.found).right
            dropped[explained.veto][0 if right else 1] += 1
    rows = ["| check (vetoes an original hit) | true citations dropped | false hits rejected |",
            "|---|---:|---:|"]
    rows += [f"| {veto} | {true} | {decoys} |" for veto, (true, decoys) in dropped.items()]
    return rows


#: The categories an entry is sorted by: one table each (a query can be in several rows).
CATEGORIES: dict[str, Callable[[Query], tuple[str, ...]]] = {
    "name shape": lambda q: q.names,
    "title ending, before the title": lambda q: q.title_end,
    "page break": lambda q: (q.page_break,),
    "format": lambda q: (q.format,),
}


def category_table(outcomes: list[Outcome], title: str,
                   key: Callable[[Query], tuple[str, ...]]) -> list[str]:
    """A markdown table per category value: both schemes' recall and precision, and the
    citations the original finds that the improved misses ("lost")."""
    lost = {id(o.query) for o in regressions(outcomes)}
    rows = [f"| {title} | " + " | ".join(SCHEMES) + " | lost |", "|---|" + "---:|" * 3]
    for value in sorted({v for o in outcomes for v in key(o.query)}):
        cell = [o for o in outcomes if value in key(o.query)]
        row = [scores([o for o in cell if o.scheme == scheme]) for scheme in SCHEMES]
        gone = len({id(o.query) for o in cell} & lost)
        rows.append(f"| {value} | " + " | ".join(row) + f" | {gone} |")
    return rows


def category_report(outcomes: list[Outcome]) -> list[str]:
    """Every category table of :data:`CATEGORIES`."""
    lines = []
    for title, key in CATEGORIES.items():
        lines += category_table(outcomes, title, key) + [""]
    return lines


def categories_of(query: Query) -> str:
    """The query's categories in one line (for the list of lost citations)."""
    return "; ".join(", ".join(key(query)) for title, key in CATEGORIES.items())


#: The two labels a reader sees on a citation, read from a hit's dict (``CitationSearch``).
LABELS = {"in_references": lambda found: bool(found["in_references"]),
          "self": lambda found: found.get("relation") == "self"}


def labels_of(author: str, title: str, scheme: str, document: DocumentText
              ) -> Optional[dict[str, bool]]:
    """The labels of the citation of (author, title) in ``document`` as the crawl reports it
    (``CitationSearch``), None if there is none. Called by this bench and by
    ``bench_quality.py`` and ``bench_styles.py``."""
    search = CitationSearch(CitationMatcher([AuthorGroup((author,), (title,))],
                                            MatcherSettings(scheme=scheme)), header_length=200)
    found, _ = search.search_document("paper", document)
    return {label: read(found[0]) for label, read in LABELS.items()} if found else None


def labels_of_hit(citation: Optional[Citation], document: DocumentText
                  ) -> Optional[dict[str, bool]]:
    """The labels of a hit the search found in ``document`` (None if there is none), as
    :func:`labels_of` reads them from the crawl's report of the same search: the first hit
    of ``CitationSearch`` is the matcher's first. Called by :func:`label_table`."""
    if citation is None:
        return None
    found = reported(citation, document, "paper", "")
    return {label: read(found) for label, read in LABELS.items()}


def label_cells(pairs: list[tuple[dict[str, Optional[bool]], dict[str, bool]]]
                ) -> list[str]:
    """Per label of :data:`LABELS`, from (truth, labels) pairs of the right hits: precision
    (true ones among the labelled) and recall (labelled among the true ones), "-" where the
    set has none to count; a truth of None (not known) is not counted."""
    cells = []
    for label in LABELS:
        known = [(truth[label], given[label]) for truth, given in pairs
                 if truth[label] is not None]
        hit = sum(truth and given for truth, given in known)
        labelled = sum(given for _, given in known)
        true = sum(truth for truth, _ in known)
        cells += [f"{hit / labelled:.3f} ({hit}/{labelled})" if labelled else "-",
                  f"{hit / true:.3f} ({hit}/{true})" if true else "-"]
    return cells


LABEL_HEADER = ("| scheme | right hits | in_references precision | in_references recall "
                "| self precision | self recall |")


def label_table(outcomes: list[Outcome], documents: list[DocumentText], title: str,
                key: Callable[[Query], str]) -> list[str]:
    """The labels a reader sees on each right hit, against their truth: every true citation of
    these papers stands in their reference list and none is the paper's own title (no
    generated paper is the cited work). So every hit here counts for ``in_references``'s
    recall and none against its precision, and every "self" label is a wrong one. The labels
    are read from the hit of :func:`evaluate`'s search (:func:`labels_of_hit`), as the crawl
    reports it."""
    rows = [f"| {title} " + LABEL_HEADER, "|---|---|" + "---:|" * 5]
    pairs: dict[tuple[str, str], list] = defaultdict(list)
    truth = {"in_references": True, "self": False}
    for o in outcomes:
        if o.right:
            given = labels_of_hit(o.citation, documents[o.query.paper])
            for value in (key(o.query), "all"):
                pairs[(value, o.scheme)].append(
                    (truth, given or {"in_references": False, "self": False}))
    for (value, scheme), found in sorted(pairs.items(), key=lambda item: (
            item[0][0] == "all", item[0])):
        rows.append(f"| {value} | {scheme} | {len(found)} | " + " | ".join(label_cells(found))
                    + " |")
    return rows


def regressions(outcomes: list[Outcome]) -> list[Outcome]:
    """True queries the original finds at the right place and the improved does not."""
    improved = {id(o.query): o for o in outcomes if o.scheme == "improved"}
    return [improved[id(o.query)] for o in outcomes
            if o.scheme == "original" and o.right and not improved[id(o.query)].right]


def details(outcomes: list[Outcome], documents: list[DocumentText]) -> None:
    """Every miss and false hit of the improved scheme, with the entry's text around it."""
    for o in outcomes:
        if o.scheme != "improved" or o.right or (not o.query.expected and not o.found):
            continue
        q = o.query
        what = (TRUE_APART[q.kind] if q.kind in TRUE_APART else "MISS " if q.expected
                else "CLOSE" if q.kind in LOOKALIKES
                else "CUT  " if q.kind == FUNCTION_END else "DECOY")
        text = documents[q.paper].normalized
        at = text.find(normalize_text(q.author))
        mark = " (title end uncertain)" if uncertain([o]) else ""
        print(f"{what} {q.style} / {q.format} / {q.kind}: {q.author!r} {q.title!r}"
              f" -> {o.found!r}{mark}\n      printed {q.printed_title!r}\n      text "
              f"{text[max(0, at - 60):at + 260]!r}")


def main(argv: Optional[list[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--corpus", type=Path, default=CORPUS,
                        help="directory of the annotated reference strings (default %(default)s)")
    parser.add_argument("--sample", type=int, default=None,
                        help="references (default 300; --held-out: all it holds)")
    parser.add_argument("--seed", type=int, default=None, help="default 25")
    parser.add_argument("--mix", choices=("even", "corpus"), default=None,
                        help="even: the same number per style, 12 entries a paper (default); "
                             "corpus: each style's share of the corpus, 28 a paper, + ZIP")
    parser.add_argument("--held-out", nargs="?", const=1, type=int, choices=(1, 2),
                        help="a held-out sample (corpus mix; the first, or 2 for the second): "
                             "run each once, at the end")
    parser.add_argument("--details", action="store_true", help="list misses and false hits")
    args = parser.parse_args(argv)
    if args.held_out is not None and (args.seed is not None or args.mix is not None
                          or args.sample is not None):
        parser.error("--held-out is one fixed sample: no --seed, --mix or --sample with it")
    excluded: dict[str, int] = {}
    references = refstrings.read_corpus(args.corpus, excluded)
    sampled, formats, per_paper = drawn(references, args)
    papers, queries = build(sampled, refstrings.vocabulary_of(references),
                            HELD_OUT_SEEDS[args.held_out] if args.held_out else args.seed or 25,
                            formats, per_paper, refstrings.lookalike_vocabulary(references))
    started = time.perf_counter()
    documents = documents_of(extracted_texts(papers))
    outcomes, seconds = evaluate(queries, documents)
    outcomes, typos = apart(outcomes, TWO_TYPOS)
    outcomes, spelled = apart(outcomes, MISSPELLED)
    queries = [q for q in queries if q.kind not in TRUE_APART]
    trues = sum(q.expected for q in queries)
    shorter = sum(q.kind == LAST_WORD for q in queries)
    close = sum(q.kind in LOOKALIKES for q in queries)
    cut = sum(q.kind == FUNCTION_END for q in queries)
    count = sum(map(len, sampled.values()))
    print(f"{len(references)} usable references (left out, the annotated title is not the "
          "printed one: " + "; ".join(f"{reason} {n}" for reason, n in excluded.items())
          + f"); {count} sampled into {len(papers)} papers, {count - trues} of them not queried "
          "(in a PDF/PS paper, a title or surname the font cannot print; or a short title "
          "field the printed words run on from); "
          f"{trues} true queries, {len(queries) - trues - shorter - close - cut} decoys "
          f"(and {shorter} {LAST_WORD!r}, {close} lookalikes); "
          f"extraction {time.perf_counter() - started - sum(seconds.values()):.1f} s, matching "
          + ", ".join(f"{s} {seconds[s]:.2f} s" for s in SCHEMES) + "\n")
    print("\n".join(report(counted(outcomes))))
    print("\n" + "\n".join(veto_table([q for q in queries if q.kind not in APART],
                                       documents)))
    print("\n" + "\n".join(last_word_report(outcomes, documents)))
    print("\n" + "\n".join(lookalike_report(outcomes)))
    print("\n" + "\n".join(function_end_report(outcomes)))
    print("\n" + "\n".join(two_typos_report(typos)))
    print("\n" + "\n".join(misspelled_report(spelled)))
    print("\nby category (recall, precision; lost = found by the original only)\n")
    print("\n".join(category_report(counted(outcomes))))
    print("\n".join(label_table(outcomes, documents, "format", lambda q: q.format)) + "\n")
    lost = regressions(outcomes)
    kept = sum(o.right for o in outcomes if o.scheme == "original")
    print(f"no regression: {kept - len(lost)}/{kept} citations the original finds are found "
          "by the improved scheme" + ("" if lost else ": OK"))
    for o in lost:
        print(f"  LOST {o.query.style} / {o.query.format}: {o.query.author!r} "
              f"{o.query.title!r} [{categories_of(o.query)}] vetoed by: "
              + vetoes_of(o.query, documents))
    for line in lost_apart(typos, documents) + lost_apart(spelled, documents):
        print(line)
    if args.details:
        details(outcomes, documents)
        details(typos, documents)
        details(spelled, documents)
    return 1 if lost else 0


def vetoes_of(query: Query, documents: list[DocumentText]) -> str:
    """The checks of ``VETOES`` that kept the improved scheme from reporting the original's
    hit for ``query`` (a lost citation's reason), comma-separated. Called by both benches'
    list of lost citations."""
    matcher = CitationMatcher([AuthorGroup((query.author,), (query.title,))], MatcherSettings())
    return ", ".join(str(e.veto) for e in matcher.explain_in(documents[query.paper]))


def drawn(references: list[Reference], args: argparse.Namespace
          ) -> tuple[dict[str, list[Reference]], tuple[str, ...], int]:
    """The sample of the command line (by style), its formats and entries per paper. The
    held-out references are in no sample but their held-out one (``refstrings.held_out``)."""
    held = refstrings.held_out_all(references)
    if args.held_out:
        chosen = refstrings.held_out(references, args.held_out)
        pool = [r for r in references if r.printed in chosen]
        print(f"HELD-OUT SAMPLE {args.held_out} ({len(pool)} references): run once, when the "
              "rules are final\n")
        return (refstrings.sample_mix(pool, len(pool), HELD_OUT_SEEDS[args.held_out]),
                MIX_FORMATS, MIX_PER_PAPER)
    size, seed = args.sample or 300, args.seed or 25
    if args.mix == "corpus":
        pool = [r for r in references if r.printed not in held]
        return refstrings.sample_mix(pool, size, seed), MIX_FORMATS, MIX_PER_PAPER
    sampled = refstrings.sample(references, size, seed)
    return ({style: [r for r in found if r.printed not in held]
             for style, found in sampled.items()}, FORMATS, PER_PAPER)


if __name__ == "__main__":
    sys.exit(main())
