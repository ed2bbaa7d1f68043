"""Matching quality on real papers, both schemes, both PDF engines.

    .venv/bin/python bench/bench_quality.py --corpus DIR_OF_PDF_PAPERS [--details]

Runs the evaluation set ``bench/quality/queries.json`` (see ``bench/quality/README.md``): each
query is one author group (its author, its title) searched in the text of one paper, as the
crawler's two PDF engines give it (pypdfium2 and pypdf, pages joined by newlines as
``citeseeker_scrapy/extraction/processes/worker_main.py`` does), with the original scheme (the baseline) and
the improved one (the default). Prints per category and engine:

* **recall**: expected-true queries found at the cited title (the ``found`` text is at least
  0.75 similar to the title as printed, read with the running headers inside it left out as
  ``bench_refstrings`` and ``bench_styles`` read it); a hit elsewhere counts as a
  *wrong-place* hit;
* **decoy hits**: decoys found (their titles are not cited by that author in that paper);
* **precision**: right hits / all hits (right + wrong-place + decoy hits);
* **cross pairs**: an author and the title of *another* reference of the same paper whose
  printed author list (the query's note) does not show that author. A hit is a possible
  misattribution; some are real co-authors the note abbreviates ("...").
* **labels**: precision and recall of ``in_references`` and "self" on the right hits, as the
  crawl reports them: on the real papers a query whose note names the paper's own title block or
  running header is "self" and outside the reference list, every other one an entry of it; the
  generated cases say theirs in ``quality/generated.py`` (``LABELS``);
* **foreign titles**: each expected-true query's author with every other query's title that
  does not occur in that paper (``partial_ratio`` < 80), as one group: every hit is false.

This is a benchmark, not a test: it needs the corpus, which is not part of the repository.
"""

from __future__ import annotations

import argparse
import dataclasses
import gzip
import json
import logging
import sys
import time
import unicodedata
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterable, Optional

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from rapidfuzz import fuzz  # noqa: E402
from rapidfuzz.distance import Indel  # noqa: E402

from citeseeker_scrapy.extraction.pdf import pdf_text as worker_pdf_text  # noqa: E402
from citeseeker_scrapy.extraction.html import parse_html  # noqa: E402
from quality import generated  # noqa: E402
import bench_refstrings as refbench  # noqa: E402

from citeseeker_scrapy.matching import (  # noqa: E402
    VETOES, AuthorGroup, Citation, CitationMatcher, DocumentText, MatcherSettings,
    normalize_text,
)

QUERIES = Path(__file__).resolve().parent / "quality" / "queries.json"
MANUALS = Path(__file__).resolve().parent / "quality" / "manuals.json"
ENGINES = ("pypdfium2", "pypdf")
SCHEMES = ("original", "improved")
RIGHT_PLACE = 0.75  # similarity of ``found`` to the printed title for a hit at the right place


# ----------------------------------------------------------------------------- texts


def pdf_text(path: Path, engine: str) -> str:
    """The text of a PDF as the crawler's PDF worker reads it, with one engine only."""
    logging.getLogger("pypdf").setLevel(logging.ERROR)
    engines = ("pdfium",) if engine == "pypdfium2" else ("pypdf",)
    data = path.read_bytes()
    if path.name.endswith(".gz"):
        data = gzip.decompress(data)
    return worker_pdf_text(data, engines, max_chars=50_000_000)[1]


def document_text(path: Path, engine: str) -> str:
    """A PDF (also gzipped) with one engine; an HTML page as the crawler reads it (the same
    text for both engine columns)."""
    if path.suffix in (".html", ".htm"):
        return parse_html(path.read_text(encoding="utf-8", errors="replace")).text
    return pdf_text(path, engine)


@dataclass(frozen=True)
class Texts:
    """(document, engine) -> the text as extracted (``raw``, whose lines tell a title block)
    and normalized once, as the crawler does."""

    raw: dict[tuple[str, str], str]
    normalized: dict[tuple[str, str], str]

    @classmethod
    def read(cls, root: Path, documents: Iterable[str], cache: Optional[Path]) -> Texts:
        """Read every document with both engines; ``cache`` (a JSON file) keeps the raw texts
        between runs, since reading the PDFs takes much longer than matching."""
        stored = json.loads(cache.read_text(encoding="utf-8")) if cache and cache.exists() else {}
        raw = {}
        for document in sorted(set(documents)):
            for engine in ENGINES:
                key = f"{root.resolve()}|{document}|{engine}"
                if key not in stored:
                    stored[key] = document_text(root / document, engine)
                raw[document, engine] = stored[key]
        if cache:
            cache.write_text(json.dumps(stored), encoding="utf-8")
        return cls(raw, {key: normalize_text(text) for key, text in raw.items()})


# ----------------------------------------------------------------------------- evaluation


@dataclass(frozen=True)
class Outcome:
    """One query searched in one engine's text with one scheme."""

    query: dict
    engine: str
    scheme: str
    hit: Optional[Citation]
    #: the hit's ``found`` with the running headers inside it left out, where a page break cut
    #: the title (``bench_refstrings.read_across_headers``); None where none is.
    read: Optional[str] = None

    @property
    def group(self) -> str:
        """The table row: the category, or the kind of decoy."""
        return self.query["category"] if self.query["expected"] else self.query["decoy_kind"]

    @property
    def right(self) -> bool:
        """A hit on an expected-true query, at the title as printed (read across a page
        break's running header, as the other benches read it)."""
        return bool(self.hit) and self.query["expected"] and Indel.normalized_similarity(
            normalize_text(self.query["cited_title"]), self.read or self.hit.found) >= RIGHT_PLACE

    @property
    def wrong(self) -> bool:
        """A hit that is not a right one: a decoy, or a true query found elsewhere."""
        return bool(self.hit) and not self.right


def search(text: str, author: str, title: str, scheme: str,
           source: Optional[str] = None) -> Optional[Citation]:
    """The citation of one (author, title) group in a normalized text, if found; ``source``
    (the text as extracted) gives it its relation ("self": the document's own title)."""
    matcher = CitationMatcher([AuthorGroup((author,), (title,))], MatcherSettings(scheme=scheme))
    found = find(matcher, text, source)
    return found[0] if found else None


def find(matcher: CitationMatcher, text: str, source: Optional[str]) -> list[Citation]:
    """``matcher.find`` on a normalized text, with its source where the matcher takes one (an
    older checkout, run as the peer, does not)."""
    try:
        return matcher.find(text, normalized=True, source=source)
    except TypeError:
        return matcher.find(text, normalized=True)


def relation_of(hit: Optional[Citation]) -> str:
    """"self" or "cites" ("cites" for a matcher that does not classify)."""
    return getattr(hit, "relation", "cites")


def evaluate(queries: list[dict], texts: Texts) -> tuple[list[Outcome], dict[str, float]]:
    """Every query in every engine's text with every scheme, and the seconds each scheme took."""
    outcomes, seconds = [], defaultdict(float)
    for query in queries:
        for engine in ENGINES:
            text, source = texts.normalized[query["paper"], engine], texts.raw[query["paper"], engine]
            for scheme in SCHEMES:
                started = time.perf_counter()
                hit = search(text, query["author"], query["title"], scheme, source)
                seconds[scheme] += time.perf_counter() - started
                outcome = Outcome(query, engine, scheme, hit)
                if hit and query["expected"] and not outcome.right:
                    outcome = dataclasses.replace(outcome, read=refbench.read_across_headers(
                        text, hit.position, hit.found))
                outcomes.append(outcome)
    return outcomes, dict(seconds)


def cross_pairs(queries: list[dict]) -> list[tuple[dict, dict]]:
    """(author query, title query) on one paper whose printed author list lacks the author."""
    by_paper = defaultdict(list)
    for query in queries:
        if query["expected"]:
            by_paper[query["paper"]].append(query)
    return [(author, title) for same_paper in by_paper.values()
            for author in same_paper for title in same_paper
            if _folded(author["author"]) != _folded(title["author"])
            and _folded(author["author"])[:4] not in _folded(title["note"])
            and _folded(author["title"]) != _folded(title["title"])]


def _folded(text: str) -> str:
    """Letters only, accents and case gone: for comparing names and notes loosely."""
    decomposed = unicodedata.normalize("NFKD", text.lower())
    return "".join(c for c in decomposed if c.isalpha() and not unicodedata.combining(c))


# ----------------------------------------------------------------------------- tables


def cell(outcomes: list[Outcome]) -> str:
    """"right/queries" for expected-true rows, "hits/queries" for decoy rows."""
    if not outcomes:
        return "-"
    if outcomes[0].query["expected"]:
        wrong = sum(o.wrong for o in outcomes)
        right = f"{sum(o.right for o in outcomes)}/{len(outcomes)}"
        return right + (f" ({wrong}w)" if wrong else "")
    return f"{sum(bool(o.hit) for o in outcomes)}/{len(outcomes)}"


def print_table(outcomes: list[Outcome]) -> None:
    """Rows: categories and decoy kinds; columns: engine x scheme."""
    columns = [(engine, scheme) for engine in ENGINES for scheme in SCHEMES]
    print(f"{'':32}" + "".join(f"{engine[:9] + ' ' + scheme[:4]:>16}"
                                for engine, scheme in columns))
    print(f"{'found (right place) / queries':32}")
    categories = list(dict.fromkeys(o.group for o in outcomes if o.query["expected"]))
    kinds = list(dict.fromkeys(o.group for o in outcomes if not o.query["expected"]))
    for group in categories + ["-"] + kinds:
        if group == "-":
            print(f"{'decoy hits / decoys':32}")
            continue
        row = [cell([o for o in outcomes if o.group == group and (o.engine, o.scheme) == column])
               for column in columns]
        print(f"  {group:30}" + "".join(f"{value:>16}" for value in row))
    print()
    for label, value in (("recall", recall), ("precision", precision), ("decoy hits", decoy_hits),
                         ("wrong-place hits", wrong_place), ("self-hits (own title)", self_hits)):
        row = [value([o for o in outcomes if (o.engine, o.scheme) == column]) for column in columns]
        print(f"  {label:30}" + "".join(f"{item:>16}" for item in row))


def recall(outcomes: list[Outcome]) -> str:
    """Right hits / expected-true queries."""
    trues = [o for o in outcomes if o.query["expected"]]
    return f"{sum(o.right for o in trues) / len(trues):.3f}"


def precision(outcomes: list[Outcome]) -> str:
    """Right hits / all hits."""
    hits = [o for o in outcomes if o.hit]
    return f"{sum(o.right for o in hits) / len(hits):.3f}" if hits else "-"


def decoy_hits(outcomes: list[Outcome]) -> str:
    """Decoys found."""
    decoys = [o for o in outcomes if not o.query["expected"]]
    return f"{sum(bool(o.hit) for o in decoys)}/{len(decoys)}"


def self_hits(outcomes: list[Outcome]) -> str:
    """Hits classified "self": the document's own title with the author in its byline."""
    return str(sum(relation_of(o.hit) == "self" for o in outcomes if o.hit))


def regressions(outcomes: list[Outcome]) -> list[Outcome]:
    """Original-scheme right hits on non-decoy queries that the improved scheme misses."""
    right = {(id(o.query), o.engine): o for o in outcomes if o.scheme == "improved"}
    return [right[id(o.query), o.engine] for o in outcomes
            if o.scheme == "original" and o.right and not right[id(o.query), o.engine].right]


def print_no_regression(outcomes: list[Outcome], label: str) -> int:
    """The "no regression" check: every citation the original finds, the improved finds."""
    lost = regressions(outcomes)
    kept = sum(o.right for o in outcomes if o.scheme == "original")
    print(f"\nno regression ({label}): {kept - len(lost)}/{kept} citations the original "
          "finds are found by the improved scheme" + ("" if lost else ": OK"))
    for o in lost:
        print(f"  LOST  {o.engine:9} {o.query['paper']} {o.query['author']!r}: "
              f"{o.query['title'][:60]!r}")
    return len(lost)


def print_vetoes(queries: list[dict], texts: Texts) -> None:
    """Per check of ``VETOES`` (``CitationMatcher.explain``): the original's hits it keeps the
    improved scheme from reporting, true citations (at the right place) beside false hits."""
    dropped = {veto: [0, 0] for veto in VETOES}
    for query in queries:
        matcher = CitationMatcher([AuthorGroup((query["author"],), (query["title"],))],
                                  MatcherSettings())
        for engine in ENGINES:
            for explained in matcher.explain(texts.raw[query["paper"], engine]):
                if explained.veto is not None:
                    right = Outcome(query, engine, "original", explained.citation).right
                    dropped[explained.veto][0 if right else 1] += 1
    print("\nchecks vetoing an original hit (both engines): true citations dropped / false hits "
          "rejected")
    for veto, (true, false) in dropped.items():
        print(f"  {veto:40} {true:5} / {false}")


def wrong_place(outcomes: list[Outcome]) -> str:
    """Expected-true queries found somewhere else than at the cited title."""
    return str(sum(o.wrong for o in outcomes if o.query["expected"]))


def print_cross_pairs(pairs: list[tuple[dict, dict]], texts: Texts,
                      details: bool) -> None:
    """Hits of authors with titles of other references of the same paper, per scheme."""
    print(f"\ncross pairs (author of one reference, title of another; {len(pairs)} pairs "
          "per engine): hits are possible misattributions")
    for engine in ENGINES:
        counts = []
        for scheme in SCHEMES:
            hits = [(a, t, hit) for a, t in pairs
                    if (hit := search(texts.normalized[a["paper"], engine], a["author"],
                                      t["title"], scheme))]
            counts.append(f"{scheme} {len(hits)}")
            if details and scheme == "improved":
                for author, title, hit in hits:
                    print(f"    {engine} {author['paper']} {author['author']!r} + "
                          f"{title['title'][:50]!r} -> {hit.found[:50]!r}")
        print(f"  {engine:12} " + ", ".join(counts))


def print_foreign_titles(queries: list[dict], texts: Texts,
                         details: bool) -> None:
    """Hits of each cited author with titles that are not in the paper at all."""
    titles = list(dict.fromkeys(q["title"] for q in queries if q["expected"]))
    print("\nforeign titles (an author cited in the paper, titles that are not in it):")
    for engine in ENGINES:
        pairs, hits = 0, defaultdict(list)
        for query in (q for q in queries if q["expected"]):
            text = texts.normalized[query["paper"], engine]
            absent = tuple(t for t in titles
                           if fuzz.partial_ratio(normalize_text(t), text) < 80)
            pairs += len(absent)
            for scheme in SCHEMES:
                group = AuthorGroup((query["author"],), absent)
                found = CitationMatcher([group], MatcherSettings(scheme=scheme)).find(
                    text, normalized=True)
                hits[scheme] += [(query, citation) for citation in found]
        print(f"  {engine:12} {pairs} pairs: false hits "
              + ", ".join(f"{scheme} {len(hits[scheme])}" for scheme in SCHEMES))
        if details:
            for query, citation in hits["improved"]:
                print(f"    {query['paper']} {query['author']!r} + {citation.publication[:40]!r}"
                      f" -> {citation.found[:40]!r}")


def print_details(outcomes: list[Outcome]) -> None:
    """Every miss of the improved scheme and every wrong or decoy hit of either."""
    print("\ndetails")
    for o in outcomes:
        if o.query["expected"] and not o.right and o.scheme == "improved":
            elsewhere = f" (found {o.hit.found[:40]!r})" if o.hit else ""
            print(f"  MISS  {o.engine:9} {o.query['paper']} {o.query['author']!r}: "
                  f"{o.query['title'][:60]!r}{elsewhere}")
        elif o.wrong and not o.query["expected"]:
            print(f"  DECOY {o.engine:9} {o.scheme:8} {o.query['paper']} {o.query['author']!r}: "
                  f"{o.query['title'][:50]!r} -> {o.hit.found[:50]!r}")


def real_label_truth(query: dict) -> dict[str, Optional[bool]]:
    """What a reader should see on a right hit of a real paper: "self" where the query is the
    paper's own title (its title block or running header, as the query's note says), which
    stands outside its reference list; every other query is an entry of the reference list
    (the note names it)."""
    own = "the paper's own" in query["note"]
    return {"in_references": not own, "self": own}


def generated_label_truth(query: dict) -> dict[str, Optional[bool]]:
    """The same for the generated cases (``generated.LABELS``)."""
    in_references, own = generated.LABELS.get(query["paper"], generated.UNSCORED)
    return {"in_references": in_references, "self": own}


def print_labels(outcomes: list[Outcome], texts: Texts,
                 truth_of: Callable[[dict], dict[str, Optional[bool]]]) -> None:
    """Precision and recall of the labels a reader sees on the right hits (``in_references``,
    "self"; ``bench_refstrings.labels_of``), per engine and scheme, against ``truth_of``."""
    print("\nlabels of the right hits against the truth\n")
    print("| engine " + refbench.LABEL_HEADER)
    print("|---|---|---:|" + "---:|" * 4)
    for engine in ENGINES:
        for scheme in SCHEMES:
            pairs = []
            for o in outcomes:
                if o.right and (o.engine, o.scheme) == (engine, scheme):
                    key = o.query["paper"], engine
                    given = refbench.labels_of(o.query["author"], o.query["title"], scheme,
                                               DocumentText(texts.raw[key], texts.normalized[key]))
                    pairs.append((truth_of(o.query),
                                  given or {"in_references": False, "self": False}))
            print(f"| {engine} | {scheme} | {len(pairs)} | "
                  + " | ".join(refbench.label_cells(pairs)) + " |")


def run_set(label: str, queries: list[dict], texts: Texts, details: bool,
            truth_of: Optional[Callable[[dict], dict[str, Optional[bool]]]] = None) -> int:
    """One evaluation set: its table, the labels' precision and recall (where ``truth_of``
    says what they should be), its no-regression check; returns the regressions."""
    outcomes, seconds = evaluate(queries, texts)
    trues = sum(1 for q in queries if q["expected"])
    print(f"\n=== {label}: {len(queries)} queries ({trues} expected true, {len(queries) - trues} "
          f"decoys) on {len({q['paper'] for q in queries})} documents; matching "
          + ", ".join(f"{scheme} {seconds[scheme]:.2f} s" for scheme in SCHEMES) + "\n")
    print_table(outcomes)
    print_vetoes(queries, texts)
    if truth_of:
        print_labels(outcomes, texts, truth_of)
    lost = print_no_regression(outcomes, label)
    if details:
        print_details(outcomes)
    return lost


def generated_texts() -> tuple[list[dict], Texts]:
    """The generated cases (``quality/generated.py``): the same text for both
    engine columns."""
    raw = {(name, engine): text for name, text in generated.DOCUMENTS.items()
           for engine in ENGINES}
    return generated.QUERIES, Texts(raw, {key: normalize_text(text) for key, text in raw.items()})


def print_one_span(texts: Texts) -> None:
    """Category 7 with both titles searched in one group: only the better may be reported."""
    paper, authors, titles = generated.ONE_SPAN_GROUP
    print("\none span, one title (both titles searched in one group, reported per scheme):")
    for scheme in SCHEMES:
        matcher = CitationMatcher([AuthorGroup(authors, titles)], MatcherSettings(scheme=scheme))
        found = find(matcher, texts.normalized[paper, ENGINES[0]], None)
        print(f"  {scheme:9} " + ", ".join(f"{c.publication!r} {c.similarity}" for c in found))


def main(argv: Optional[list[str]] = None) -> int:
    """Read the corpus, run every set, print the tables; exit 1 if the improved scheme loses
    a citation the original finds."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--corpus", required=True, type=Path, help="directory with pNN.pdf")
    parser.add_argument("--queries", type=Path, default=QUERIES)
    parser.add_argument("--manuals", type=Path, default=MANUALS,
                        help="the second set (real non-paper documents); its paths are under /")
    parser.add_argument("--text-cache", type=Path, help="JSON file keeping extracted texts")
    parser.add_argument("--details", action="store_true", help="list misses and false hits")
    args = parser.parse_args(argv)
    queries = json.loads(args.queries.read_text(encoding="utf-8"))
    started = time.perf_counter()
    texts = Texts.read(args.corpus, (q["paper"] for q in queries), args.text_cache)
    print(f"papers read in {time.perf_counter() - started:.1f} s")
    lost = run_set("real papers", queries, texts, args.details, real_label_truth)
    print_cross_pairs(cross_pairs(queries), texts, args.details)
    print_foreign_titles(queries, texts, args.details)
    made_queries, made_texts = generated_texts()
    lost += run_set("generated cases", made_queries, made_texts, args.details,
                    generated_label_truth)
    print_one_span(made_texts)
    manuals = json.loads(args.manuals.read_text(encoding="utf-8"))
    if not manuals:
        return 1 if lost else 0
    missing = sorted({q["paper"] for q in manuals if not Path("/", q["paper"]).exists()})
    if missing:
        print(f"\nsecond set skipped: {len(missing)} documents missing (install the Debian "
              "packages named in quality/README.md), e.g. " + missing[0])
    else:
        lost += run_set("real manuals and documentation (second set)", manuals,
                        Texts.read(Path("/"), (q["paper"] for q in manuals), args.text_cache),
                        args.details)
    return 1 if lost else 0


if __name__ == "__main__":
    sys.exit(main())
