"""Check the matching-quality evaluation set against the papers it was built from.

    .venv/bin/python bench/quality/verify_queries.py --corpus DIR_OF_PDF_PAPERS

For every query in ``queries.json`` (next to this file) the PDF is read with both engines the
crawler uses (pypdfium2 and pypdf) and folded *generously* -- NFKD, accents dropped (also the
detached spacing accents LaTeX PDFs produce, "Gr¨unwald", "Hajiˇc"), PDFium's U+FFFE line-end
hyphen and ordinary line-end hyphens rejoined, control characters dropped, lower-cased,
everything but letters and digits turned into one blank. This is deliberately looser than the
matcher's normalization: it establishes ground truth, it is not the thing being measured.

Expected-true query: ``cited_title`` (the title as printed in the paper) must be found with
rapidfuzz ``partial_ratio`` >= 95 in at least one engine's text (an ``interleaved`` running
header or page number is cut out first); the typed ``title`` must be >= 0.80 similar
(1 - D/(M+N), Indel) to ``cited_title`` and differ from it iff ``typos`` > 0; the author must
occur in at least one engine, as a word or -- when a detached accent or small capitals split
it ("Brostr ¨ om") -- with the blanks removed. Category checks, in every engine that has the
title, at some place the title is printed: ``author_far_before_title`` needs the nearest
author occurrence before it > 200 characters away; ``title_before_authors`` needs the author
within 250 characters after its end and none within 200 characters before its start.

Decoy (``expected: false``): the author must occur in the paper (except kind
``surname_inside_word``, where the surname must occur only inside longer words). Kinds
``same_author_other_title`` and ``shared_prefix`` need ``partial_ratio`` < 80 in both engines
(``shared_prefix`` also names the cited title it shares a prefix with, which must be there);
kind ``short_common_words`` must occur in the text -- that is the trap -- but only inside
longer phrases, never standing alone as a title.

Prints one line per query and exits 1 on any failure.
"""

from __future__ import annotations

import argparse
import collections
import json
import logging
import re
import sys
import unicodedata
from pathlib import Path

from rapidfuzz import fuzz
from rapidfuzz.distance import Indel

HERE = Path(__file__).resolve().parent
ENGINES = ("pdfium", "pypdf")
CATEGORIES = (
    "ligature_accent_typography",
    "small_caps_capitals",
    "author_far_before_title",
    "broken_title",
    "title_before_authors",
    "particles_initials_substrings",
    "plain",
)
DECOY_KINDS = ("same_author_other_title", "shared_prefix", "short_common_words",
               "surname_inside_word")
FIELDS = {"paper", "author", "title", "category", "expected", "note"}

MIN_TRUE, MIN_DECOYS, MIN_PAPERS, MIN_PER_CATEGORY = 80, 20, 30, 8
FOUND, ABSENT, TYPED_SIMILARITY = 95.0, 80.0, 0.80
FAR, AFTER = 200, 250


# ----------------------------------------------------------------------------- text

def pdf_texts(path: Path) -> dict[str, str]:
    """The text of every page, joined by newlines, as the crawler's two PDF engines give it."""
    import pypdf
    import pypdfium2

    logging.getLogger("pypdf").setLevel(logging.ERROR)
    texts = {}
    document = pypdfium2.PdfDocument(str(path))
    pages = []
    for index in range(len(document)):
        page = document[index]
        textpage = page.get_textpage()
        pages.append(textpage.get_text_range().replace("\r\n", "\n"))
        textpage.close()
        page.close()
    document.close()
    texts["pdfium"] = "\n".join(pages)
    reader = pypdf.PdfReader(str(path), strict=False)
    texts["pypdf"] = "\n".join((page.extract_text() or "") for page in reader.pages)
    return texts


_LETTERS = {"ı": "i", "ø": "o", "Ø": "o", "ł": "l", "Ł": "l", "đ": "d", "Đ": "d", "ß": "ss",
            "æ": "ae", "Æ": "ae", "œ": "oe", "Œ": "oe", "ð": "d", "þ": "th"}
_LINE_END_HYPHEN = re.compile(r"(?<=[^\W\d_])-[ \t]*\n\s*(?=[^\W\d_])")
_TYPOGRAPHY = str.maketrans({"’": "'", "‘": "'", "′": "'", "“": '"', "”": '"', "„": '"',
                             "–": "-", "—": "-", "‐": "-", "‑": "-", "−": "-"})


def fold(text: str, keep_punctuation: bool = False) -> str:
    """Generous folding for ground truth: lower case, accents gone, one blank between words.

    Without ``keep_punctuation`` only letters and digits are left (used for the scores); with it,
    punctuation stays (typographic quotes and dashes made ASCII), which keeps distances close to
    those in the matcher's normalized text (used to measure author-to-title gaps).
    """
    text = text.replace("\ufffe", "").replace("\u00ad", "")  # PDFium's line-end hyphen; soft hyphen
    if keep_punctuation:
        text = text.translate(_TYPOGRAPHY)
    # Detached spacing accents ("Gr¨unwald", "Hajiˇc", "Pas¸ca") and control characters (pypdf's
    # unmapped ligature glyphs) vanish; before NFKD, which would make some of them a blank.
    text = "".join(c for c in text if not (unicodedata.category(c) in ("Sk", "Cc", "Cf", "Co", "Cn")
                                          or c in "ˇˆˉˊˋ˘˙˚˛˜˝")
                   or c in "\n\t")
    text = _LINE_END_HYPHEN.sub("", text)
    text = unicodedata.normalize("NFKD", text)
    text = "".join(_LETTERS.get(c, c) for c in text if not unicodedata.combining(c))
    text = text.lower()
    if keep_punctuation:
        return " ".join(text.split())
    return re.sub(r"[^a-z0-9]+", " ", text).strip()


def word_positions(needle: str, haystack: str) -> list[tuple[int, int]]:
    """(start, end) of ``needle`` standing as whole words in folded ``haystack``.

    Only letters bound a word: a superscript affiliation digit glued to a name ("NEMATBAKHSH1",
    pypdf) does not hide it.
    """
    pattern = re.compile(r"(?<![a-z])" + re.escape(needle) + r"(?![a-z])")
    return [(m.start(), m.end()) for m in pattern.finditer(haystack)]


def similarity(a: str, b: str) -> float:
    """The matcher's measure, 1 - D/(M+N) with D the insert/delete distance."""
    return Indel.normalized_similarity(a, b)


# ----------------------------------------------------------------------------- checks

def check_schema(queries: list[dict]) -> list[str]:
    errors = []
    for number, query in enumerate(queries, 1):
        missing = FIELDS - query.keys()
        if missing:
            errors.append(f"#{number}: missing {sorted(missing)}")
            continue
        if query["category"] not in CATEGORIES + ("decoy",):
            errors.append(f"#{number}: unknown category {query['category']!r}")
        if (query["category"] == "decoy") == bool(query["expected"]):
            errors.append(f"#{number}: category decoy <=> expected false")
        if query["expected"]:
            if not query.get("cited_title"):
                errors.append(f"#{number}: expected-true query without cited_title")
            if not isinstance(query.get("typos"), int) or not 0 <= query["typos"] <= 3:
                errors.append(f"#{number}: typos must be 0..3")
        elif query.get("decoy_kind") not in DECOY_KINDS:
            errors.append(f"#{number}: decoy_kind must be one of {DECOY_KINDS}")
        if not re.fullmatch(r"p\d\d\.pdf", query["paper"]):
            errors.append(f"#{number}: paper {query['paper']!r}")
    trues = [q for q in queries if q.get("expected")]
    decoys = [q for q in queries if q.get("expected") is False]
    papers = {q["paper"] for q in queries}
    if len(trues) < MIN_TRUE:
        errors.append(f"only {len(trues)} expected-true queries (< {MIN_TRUE})")
    if len(decoys) < MIN_DECOYS:
        errors.append(f"only {len(decoys)} decoys (< {MIN_DECOYS})")
    if len(papers) < MIN_PAPERS:
        errors.append(f"only {len(papers)} papers (< {MIN_PAPERS})")
    per_category = collections.Counter(q["category"] for q in trues)
    for category in CATEGORIES:
        if per_category[category] < MIN_PER_CATEGORY:
            errors.append(f"category {category}: {per_category[category]} queries "
                          f"(< {MIN_PER_CATEGORY})")
    keys = collections.Counter((q["paper"], fold(q["author"]), fold(q["title"])) for q in queries)
    errors += [f"duplicate query {key}" for key, count in keys.items() if count > 1]
    return errors


def locate(title: str, text: str) -> tuple[float, int, int]:
    alignment = fuzz.partial_ratio_alignment(title, text)
    return alignment.score, alignment.dest_start, alignment.dest_end


def occurrences_of(title: str, text: str, floor: float, limit: int = 12) -> list[tuple[int, int]]:
    """(start, end) of each place ``title`` is found with partial_ratio >= ``floor``."""
    found = []
    for _ in range(limit):
        score, start, end = locate(title, text)
        if score < floor or end <= start:
            break
        found.append((start, end))
        text = text[:start] + " " * (end - start) + text[end:]  # mask it, keep the positions
    return sorted(found)


def check_true(query: dict, folded: dict[str, str]) -> tuple[str, list[str]]:
    errors = []
    cited, typed, author = fold(query["cited_title"]), fold(query["title"]), fold(query["author"])
    typed_sim = similarity(typed, cited)
    if typed_sim < TYPED_SIMILARITY:
        errors.append(f"typed title only {typed_sim:.3f} similar to cited_title")
    if (typed != cited) != (query["typos"] > 0):
        errors.append("typos > 0 but the typed title folds to cited_title (or the reverse)")
    light_cited, light_author = fold(query["cited_title"], True), fold(query["author"], True)
    interleaved = query.get("interleaved")
    cells, found_in, author_in, shapes = [], [], [], set()
    for engine in ENGINES:
        text, light = folded[engine], folded["light_" + engine]
        if interleaved:  # a running header or page number extraction put inside the title
            text = text.replace(fold(interleaved), " ")
            light = light.replace(fold(interleaved, True), " ")
        score = fuzz.partial_ratio(cited, text)
        typed_score = fuzz.partial_ratio(typed, text)
        occurrences = word_positions(light_author, light) or word_positions(author, text) or (
            # small capitals split a name ("D EAN"): accept it with the blanks removed
            [(-1, -1)] if author.replace(" ", "") in text.replace(" ", "") else [])
        if occurrences:
            author_in.append(engine)
        # gaps are measured in the lightly folded text, whose lengths are close to the matcher's;
        # a title printed more than once (body text, running header) is judged at each place
        places = occurrences_of(light_cited, light, max(85.0, locate(light_cited, light)[0] - 3))
        gaps = []
        for start, end in places:
            before = [start - s for s, e in occurrences if 0 <= s <= start]
            after = [s - end for s, e in occurrences if s >= end]
            gaps.append((min(before) if before else None, min(after) if after else None))
        cells.append(f"{engine}={score:5.1f}/{typed_score:5.1f} gap<-/->"
                     + ",".join(f"{b}/{a}" for b, a in gaps[:3])
                     + ("" if occurrences else " NO-AUTHOR"))
        if score >= FOUND:
            found_in.append(engine)
            for before, after in gaps:
                if before is not None and before > FAR:
                    shapes.add((engine, "far"))
                if after is not None and after <= AFTER and (before is None or before > FAR):
                    shapes.add((engine, "title_first"))
    if not author_in:
        errors.append(f"author {author!r} not found in any engine")
    for engine in found_in:
        if query["category"] == "author_far_before_title" and (engine, "far") not in shapes:
            errors.append(f"{engine}: no occurrence with the author more than {FAR} "
                          "characters before")
        if query["category"] == "title_before_authors" and (engine, "title_first") not in shapes:
            errors.append(f"{engine}: no occurrence with the author within {AFTER} "
                          f"characters after the title and none within {FAR} before")
    if not found_in:
        errors.append(f"cited_title not found (partial_ratio < {FOUND}) in any engine")
    return f"sim={typed_sim:.3f} " + " | ".join(cells), errors


def check_decoy(query: dict, folded: dict[str, str]) -> tuple[str, list[str]]:
    errors, cells = [], []
    title, author, kind = fold(query["title"]), fold(query["author"]), query["decoy_kind"]
    for engine in ENGINES:
        text = folded[engine]
        score = fuzz.partial_ratio(title, text)
        words = word_positions(author, text)
        inside = text.count(author) - len(words)
        cells.append(f"{engine}={score:5.1f} author words={len(words)} in-word={inside}")
        if kind == "surname_inside_word":
            if words:
                errors.append(f"{engine}: {author!r} occurs as a word")
            if not inside:
                errors.append(f"{engine}: {author!r} does not occur inside a word")
            continue
        if not words:
            errors.append(f"{engine}: author {author!r} not found (decoys are for cited authors)")
        if kind in ("same_author_other_title", "shared_prefix") and score >= ABSENT:
            errors.append(f"{engine}: decoy title found, partial_ratio {score:.1f} >= {ABSENT}")
        if kind == "shared_prefix":
            cited = fold(query.get("shares_prefix_with", ""))
            if not cited or fuzz.partial_ratio(cited, text) < FOUND:
                errors.append(f"{engine}: shares_prefix_with title not in the paper")
        if kind == "short_common_words":
            spots = word_positions(title, text)
            if not spots:
                errors.append(f"{engine}: short title does not occur as words (no trap)")
            raw = folded["raw_" + engine]
            alone = [m for m in re.finditer(_loose_phrase(query["title"]), raw)
                     if _stands_alone(raw, m.start(), m.end())]
            if alone:
                errors.append(f"{engine}: short title stands alone (as a title?) at "
                              f"{raw[max(0, alone[0].start() - 40):alone[0].end() + 40]!r}")
            gaps = [s - a for s, _ in spots for a, _ in words if a <= s]
            cells[-1] += f" as-words={len(spots)} nearest-author-before={min(gaps, default=None)}"
    return " | ".join(cells), errors


def _loose_phrase(phrase: str) -> re.Pattern:
    words = fold(phrase).split()
    return re.compile(r"(?i)(?<![^\W_])" + r"[\W_]+".join(map(re.escape, words)) + r"(?![^\W_])")


def _stands_alone(raw: str, start: int, end: int) -> bool:
    """True when punctuation, not a word, is the nearest thing on both sides of the phrase.

    A title in a reference list is delimited ("...2015. Deep learning. Nature"); ordinary words
    inside a longer title or sentence have a letter or digit next to them on at least one side
    (line breaks and blanks are skipped: they continue the sentence).
    """
    left = raw[max(0, start - 200):start].rstrip()[-1:]
    right = raw[end:end + 200].lstrip()[:1]
    return not (left.isalnum() or right.isalnum())


# ----------------------------------------------------------------------------- main

def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--corpus", required=True, type=Path, help="directory with pNN.pdf")
    parser.add_argument("--queries", type=Path, default=HERE / "queries.json")
    args = parser.parse_args(argv)

    queries = json.loads(args.queries.read_text(encoding="utf-8"))
    failures = [f"schema: {error}" for error in check_schema(queries)]
    cache: dict[str, dict[str, str]] = {}
    for number, query in enumerate(queries, 1):
        paper = query["paper"]
        if paper not in cache:
            raw = pdf_texts(args.corpus / paper)
            cache[paper] = {engine: fold(raw[engine]) for engine in ENGINES}
            cache[paper].update({"light_" + engine: fold(raw[engine], True) for engine in ENGINES})
            cache[paper].update({"raw_" + engine: unicodedata.normalize("NFKC", raw[engine].replace(
                "\ufffe", "")) for engine in ENGINES})
        check = check_true if query["expected"] else check_decoy
        detail, errors = check(query, cache[paper])
        status = "FAIL" if errors else "ok"
        print(f"{number:3d} {status:4s} {paper} {query['category'][:12]:12s} "
              f"{query['author'][:16]!r:18s} {detail}")
        for error in errors:
            print(f"         ! {error}")
            failures.append(f"#{number} {paper} {query['author']!r}: {error}")

    trues = [q for q in queries if q["expected"]]
    print()
    print(f"{len(queries)} queries: {len(trues)} expected true, "
          f"{len(queries) - len(trues)} decoys, {len({q['paper'] for q in queries})} papers")
    for category, count in sorted(collections.Counter(q["category"] for q in queries).items()):
        print(f"  {category:30s} {count:3d}")
    print(f"  typed with typos: {sum(1 for q in trues if q['typos'])} of {len(trues)}")
    if failures:
        print(f"\n{len(failures)} FAILURES")
        for failure in failures:
            print("  " + failure)
        return 1
    print("\nall checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
