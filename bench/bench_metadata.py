"""Citing-work benchmark: title, authors and year of documents, by source, against ground truth.

    .venv/bin/python bench/bench_metadata.py                 # every set (~2 min; LaTeX builds cached)
    .venv/bin/python bench/bench_metadata.py --per-layout 8 --corpus ../shared/corpus/papers
    .venv/bin/python bench/bench_metadata.py --details       # every miss, with what was found

Sets (``quality/metadata_papers.py`` makes the generated ones, deterministically from --seed):

* **meta tags**: generated record pages with Highwire Press tags ("Family, Given" and "Given
  Family" authors), Dublin Core only, or schema.org JSON-LD only, read by the HTML reader;
* **landing pages**: a record page naming its PDF (``citation_pdf_url``) and that PDF without
  metadata: the work the crawl gives the PDF (``works/landing.py`` + the citation stage);
* **good XMP**: the typeset papers with an XMP packet (``dc:title``, ``dc:creator``,
  ``prism:coverDate``), read by the PDF worker (XMP checked against page 1);
* **first page only**: papers typeset with real LaTeX classes of TeX Live (journal,
  conference, thesis, preprint, report; one and two columns), metadata stripped, and the
  papers of ``--corpus`` annotated in ``quality/metadata_truth.json``; only the
  ``first-page`` candidate counts (no XMP, no document information).

Scores: title exact (case, punctuation and spacing ignored), authors exact (the list as
printed: meta-tag sets), first author's surname, all surnames F1, year exact where the page
prints one. The peer is GROBID's header model as its authors report it (no GROBID here): title
F1 0.83-0.86 and first author 0.94-0.96 on PMC and bioRxiv (strict); targets: meta-tag sets
>= 0.99 on title, authors, year; first page: title >= 0.90, first author >= 0.95, surnames F1
>= 0.90, year >= 0.85.
"""

from __future__ import annotations

import argparse
import io
import json
import random
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "bench")]

from quality.metadata_papers import Paper, build, generate  # noqa: E402

from citeseeker_scrapy.document.item import DocumentItem  # noqa: E402
from citeseeker_scrapy.document.stages import identify_work  # noqa: E402
from citeseeker_scrapy.extraction.html import parse_html  # noqa: E402
from citeseeker_scrapy.extraction.pdf import pdf_text  # noqa: E402
from citeseeker_scrapy.works.fields import folded, surname  # noqa: E402
from citeseeker_scrapy.works.landing import landing_offer  # noqa: E402
from citeseeker_scrapy.works.pdf_meta import pdf_candidates  # noqa: E402
from citeseeker_scrapy.works.work import merged_work  # noqa: E402

TRUTH = ROOT / "bench" / "quality" / "metadata_truth.json"
CACHE = Path("/tmp/citeseeker-bench-metadata")
GROBID = "GROBID header model (reported): title F1 0.83-0.86, first author 0.94-0.96"


# -- scoring ----------------------------------------------------------------------------------

def _same_title(found: str | None, truth: str) -> bool:
    return bool(found) and folded(found).replace(" ", "") == folded(truth).replace(" ", "")


def _surnames(names: list[str]) -> list[str]:
    return [folded(surname(n)).replace(" ", "") for n in names]


def _f1(found: list[str], truth: list[str]) -> float:
    if not found and not truth:
        return 1.0
    common = sum((Counter(found) & Counter(truth)).values())
    if not common:
        return 0.0
    precision, recall = common / len(found), common / len(truth)
    return 2 * precision * recall / (precision + recall)


class Scores:
    """Per set: title, authors exact, first author's surname, surnames F1, year."""

    def __init__(self) -> None:
        self.sums: dict[str, float] = defaultdict(float)
        self.counts: dict[str, int] = defaultdict(int)
        self.misses: list[str] = []

    def add(self, key: str, work: dict, title: str, authors: list[str],
            year: int | None) -> None:
        checks = {"title": _same_title(work.get("title"), title),
                  "authors exact": work.get("authors") == authors,
                  "first author": bool(work.get("authors")) and bool(authors)
                  and _surnames(work["authors"][:1]) == _surnames(authors[:1]),
                  "surnames F1": _f1(_surnames(work.get("authors") or []), _surnames(authors))}
        if year is not None:
            checks["year"] = work.get("year") == year
        for name, value in checks.items():
            self.sums[name] += float(value)
            self.counts[name] += 1
        failed = [n for n, v in checks.items() if v < 1 and n != "authors exact"]
        if failed:
            self.misses.append(f"{key}: {failed}; found {work.get('title')!r} "
                               f"{work.get('authors')} {work.get('year')}; truth {title!r} "
                               f"{authors} {year}")

    def rate(self, name: str) -> str:
        count = self.counts.get(name, 0)
        return f"{self.sums[name] / count:.3f}" if count else "-"


# -- the sets ---------------------------------------------------------------------------------

def _family_first(name: str) -> str:
    family = surname(name)
    return f"{family}, {name[: len(name) - len(family)].strip()}"


def record_page(paper: Paper, style: str, rng: random.Random, pdf_url: str = "") -> str:
    """A repository's record page for ``paper`` in one ``style`` of markup."""
    year = paper.year or 2001
    if style == "highwire":
        authors = [_family_first(n) if rng.random() < 0.5 else n for n in paper.authors]
        tags = [("citation_title", paper.title), *(("citation_author", a) for a in authors),
                ("citation_publication_date", f"{year}/0{rng.randint(1, 9)}/1{rng.randint(0, 9)}"),
                ("citation_journal_title", "Journal of Tests"),
                ("citation_pdf_url", pdf_url)]
        head = "".join(f'<meta name="{n}" content="{v}">' for n, v in tags if v)
    elif style == "dc":
        tags = [("DC.title", paper.title), *(("DC.creator", _family_first(n))
                                             for n in paper.authors), ("DCTERMS.issued", year)]
        head = "".join(f'<meta name="{n}" content="{v}">' for n, v in tags)
    else:
        data = {"@context": "https://schema.org", "@type": "ScholarlyArticle",
                "headline": paper.title, "datePublished": f"{year}-05-01",
                "author": [{"@type": "Person", "name": n} for n in paper.authors]}
        head = f'<script type="application/ld+json">{json.dumps(data)}</script>'
    return (f"<html><head><title>Repository | Item {rng.randint(1, 9999)}</title>{head}</head>"
            f"<body><h1>{paper.title}</h1><p>Abstract. ...</p><a href='/'>Home</a>"
            f"</body></html>")


def meta_tag_set(papers: list[Paper], seed: int) -> Scores:
    rng, scores = random.Random(seed), Scores()
    for index, paper in enumerate(papers):
        style = ("highwire", "dc", "jsonld")[index % 3]
        meta = parse_html(record_page(paper, style, rng)).meta
        work = merged_work(meta["candidates"] if meta else [])
        scores.add(f"{style} {paper.key}", work, paper.title, paper.authors, paper.year or 2001)
    return scores


def landing_set(papers: list[Paper], pdfs: dict[str, bytes], seed: int) -> Scores:
    rng, scores = random.Random(seed), Scores()
    for paper in papers:
        if paper.key not in pdfs:
            continue
        page = parse_html(record_page(paper, "highwire", rng, "/bitstream/1/paper.pdf"))
        offer = landing_offer([{"member": "", "kind": "html", "meta": page.meta}])
        item = DocumentItem(url="http://127.0.0.1/bitstream/1/paper.pdf", body=None)
        header, text = pdf_text(pdfs[paper.key], work=True)
        item.parts = [{"member": "", "kind": "pdf", "text": text, "meta": header.get("work")}]
        item.citations, item.landing = [{"member": ""}], offer[1] if offer else None
        identify_work(item)
        scores.add(paper.key, item.work, paper.title, paper.authors, paper.year or 2001)
    return scores


def with_xmp(data: bytes, paper: Paper, year: int) -> bytes:
    """The PDF with an XMP packet (uncompressed, as the format asks) naming its work."""
    import pypdf
    from pypdf.generic import NameObject, StreamObject
    from pypdf.xmp import XmpInformation

    creators = "".join(f"<rdf:li>{n}</rdf:li>" for n in paper.authors)
    packet = (
        '<?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/">'
        '<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description '
        'rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/" '
        'xmlns:prism="http://prismstandard.org/namespaces/basic/2.0/">'
        f'<dc:title><rdf:Alt><rdf:li xml:lang="x-default">{paper.title}</rdf:li></rdf:Alt>'
        f'</dc:title><dc:creator><rdf:Seq>{creators}</rdf:Seq></dc:creator>'
        f'<prism:coverDate>{year}-06-01</prism:coverDate></rdf:Description></rdf:RDF>'
        '</x:xmpmeta><?xpacket end="w"?>').encode("utf-8")
    writer = pypdf.PdfWriter(clone_from=pypdf.PdfReader(io.BytesIO(data)))
    stream = StreamObject()
    stream.set_data(packet)
    stream.update({NameObject("/Type"): NameObject("/Metadata"),
                   NameObject("/Subtype"): NameObject("/XML")})
    writer.xmp_metadata = XmpInformation(stream)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def xmp_set(papers: list[Paper], pdfs: dict[str, bytes]) -> Scores:
    scores = Scores()
    for paper in papers:
        if paper.key in pdfs:
            year = paper.year or 2001
            header, text = pdf_text(with_xmp(pdfs[paper.key], paper, year), work=True)
            work = merged_work(pdf_candidates(header["work"], text))
            scores.add(paper.key, work, paper.title, paper.authors, year)
    return scores


def first_page_work(data: bytes) -> dict:
    header, text = pdf_text(data, work=True)
    return merged_work([c for c in pdf_candidates(header["work"], text)
                        if c.get("from") == "first-page"])


def first_page_sets(papers: list[Paper], pdfs: dict[str, bytes],
                    corpus: Path | None) -> dict[str, Scores]:
    sets: dict[str, Scores] = defaultdict(Scores)
    for paper in papers:
        if paper.key in pdfs:
            work = first_page_work(pdfs[paper.key])
            for name in (paper.layout, "typeset, all layouts"):
                sets[name].add(paper.key, work, paper.title, paper.authors, paper.year)
    if corpus is not None and corpus.is_dir():
        for name, truth in json.loads(TRUTH.read_text(encoding="utf-8")).items():
            if name.startswith("_"):
                continue
            path = corpus / name
            if path.exists():
                sets["../shared/corpus papers"].add(name, first_page_work(path.read_bytes()),
                                                    truth["title"], truth["authors"],
                                                    truth.get("year"))
    return sets


# -- the table --------------------------------------------------------------------------------

COLUMNS = ("title", "authors exact", "first author", "surnames F1", "year")


def print_table(rows: dict[str, Scores]) -> None:
    print(f"\n{'set':<34} {'n':>4}  " + "  ".join(f"{c:>13}" for c in COLUMNS))
    for name, scores in rows.items():
        count = scores.counts.get("title", 0)
        print(f"{name:<34} {count:>4}  " + "  ".join(f"{scores.rate(c):>13}" for c in COLUMNS))
    print(f"\npeer: {GROBID}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seed", type=int, default=45)
    parser.add_argument("--per-layout", type=int, default=6)
    parser.add_argument("--corpus", type=Path, default=ROOT.parent / "shared" / "corpus" / "papers")
    parser.add_argument("--cache", type=Path, default=CACHE)
    parser.add_argument("--details", action="store_true")
    args = parser.parse_args()
    started = time.perf_counter()
    papers = generate(args.seed, args.per_layout)
    pdfs, failed = build(papers, args.cache)
    for layout, error in failed.items():
        print(f"layout left out, its build failed: {layout}: {error}")
    rows = {"meta tags (Highwire, DC, JSON-LD)": meta_tag_set(papers, args.seed),
            "landing page + its PDF": landing_set(papers, pdfs, args.seed),
            "PDF with good XMP": xmp_set(papers, pdfs)}
    rows.update(first_page_sets(papers, pdfs, args.corpus))
    print_table(rows)
    if args.details:
        for name, scores in rows.items():
            for miss in scores.misses:
                print(f"  [{name}] {miss}")
    print(f"\n{time.perf_counter() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
