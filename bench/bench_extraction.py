"""Benchmark of the PDF engines and the PostScript routes, side by side, in one command.

    python bench/bench_extraction.py                       # generated two-column papers
    python bench/bench_extraction.py --corpus /work/shared/corpus/papers \\
                                     --ps-corpus /work/shared/corpus/ps

PDF: pypdfium2 through our worker processes (1 thread, and as many threads as workers),
pypdfium2 called directly, pypdf called directly. PostScript: our route (Ghostscript pdfwrite
without images and line art, then PDFium in a worker), the same without the filters, and a
bare ``gs -sDEVICE=txtwrite``. Quality: for generated documents, how many planted citations a
normalized substring search finds in each route's text; for a PS corpus whose PDF originals
are in ``--corpus``, the share of 40-character windows of the original's text found.
"""

from __future__ import annotations

import argparse
import gzip
import io
import logging
import os
import re
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pypdf
import pypdfium2

from citeseeker_scrapy.extraction import DocumentExtractor, ExtractedPart, ExtractionLimits
from citeseeker_scrapy.extraction.postscript import GHOSTSCRIPT, PDFWRITE_ARGS, SAFE_ARGS, TXTWRITE_ARGS
from tests.support import docgen

WINDOW_CHARS = 40
#: Runs per route by default; the table shows the fastest.
REPEAT = 3
WINDOW_STEP = 97


@dataclass
class Document:
    name: str
    data: bytes
    pages: int
    planted: list[str]
    reference: str = ""  # text of the original PDF (PS corpus only)


@dataclass
class Row:
    route: str
    seconds: float
    texts: list[str]


# -- inputs ----------------------------------------------------------------------------------


def generated_ps(count: int, pages: int) -> list[Document]:
    docs = []
    for seed in range(count):
        ps, planted = docgen.two_column_paper(seed, pages=pages, citations=6)
        docs.append(Document(f"gen{seed:02d}.ps", ps, pages, planted))
    return docs


def generated_pdfs(ps_docs: list[Document]) -> list[Document]:
    return [
        Document(d.name.replace(".ps", ".pdf"), docgen.ghostscript_pdf(d.data), d.pages, d.planted)
        for d in ps_docs
    ]


def pdf_corpus(directory: Path) -> list[Document]:
    docs = []
    for path in sorted(directory.glob("*.pdf")):
        data = path.read_bytes()
        docs.append(Document(path.name, data, len(pypdfium2.PdfDocument(data)), []))
    return docs


def ps_corpus(directory: Path, originals: Path | None) -> list[Document]:
    docs = []
    for path in sorted([*directory.glob("*.ps"), *directory.glob("*.ps.gz")]):
        data = path.read_bytes()
        data = gzip.decompress(data) if path.suffix == ".gz" else data
        pages = len(re.findall(rb"^%%Page:", data, re.M))
        original = originals / (path.name.split(".")[0] + ".pdf") if originals else None
        reference = pdfium_text(original.read_bytes()) if original and original.exists() else ""
        docs.append(Document(path.name.removesuffix(".gz"), data, pages, [], reference))
    return docs


# -- engines ---------------------------------------------------------------------------------


def pdfium_text(data: bytes) -> str:
    document = pypdfium2.PdfDocument(data)
    try:
        return "\n".join(document[i].get_textpage().get_text_range() for i in range(len(document)))
    finally:
        document.close()


def pypdf_text(data: bytes) -> str:
    reader = pypdf.PdfReader(io.BytesIO(data))
    return "\n".join(page.extract_text() or "" for page in reader.pages)


def ghostscript_once(data: bytes, device_args: Sequence[str]) -> bytes:
    """What one Ghostscript started for ``data`` alone writes to stdout with ``device_args``."""
    with tempfile.TemporaryDirectory() as scratch:
        source = Path(scratch) / "doc.ps"
        source.write_bytes(data)
        argv = [GHOSTSCRIPT, *SAFE_ARGS, "-dBATCH", "-sstdout=%stderr", *device_args, str(source)]
        return subprocess.run(argv, capture_output=True, timeout=300, cwd=scratch).stdout


def txtwrite_text(data: bytes) -> str:
    return ghostscript_once(data, TXTWRITE_ARGS).decode("utf-8", "replace")


def extractor_text(extractor: DocumentExtractor, name: str, data: bytes) -> str:
    texts = [e.text for e in extractor.extract(f"/{name}", data) if isinstance(e, ExtractedPart)]
    return "\n".join(texts)


def timed(
    route: str,
    docs: list[Document],
    read: Callable[[Document], str],
    threads: int = 1,
    repeat: int = REPEAT,
) -> Row:
    """Best of ``repeat`` runs (the machine may be shared; the minimum is the real cost)."""
    best: Row | None = None
    for _ in range(repeat):
        started = time.perf_counter()
        if threads == 1:
            texts = [read(doc) for doc in docs]
        else:
            with ThreadPoolExecutor(max_workers=threads) as pool:
                texts = list(pool.map(read, docs))
        seconds = time.perf_counter() - started
        if best is None or seconds < best.seconds:
            best = Row(route, seconds, texts)
    assert best is not None
    return best


def unfiltered_route(extractor: DocumentExtractor) -> Callable[[Document], str]:
    """Ghostscript pdfwrite with images and vectors kept, then the same PDF worker."""
    def read(doc: Document) -> str:
        args = [a for a in PDFWRITE_ARGS if not a.startswith("-dFILTER")]
        return extractor_text(extractor, "x.pdf", ghostscript_once(doc.data, [*args, "-sOutputFile=-"]))

    return read


# -- quality and report ----------------------------------------------------------------------


def citations_found(docs: Sequence[Document], texts: Sequence[str]) -> tuple[int, int]:
    found = total = 0
    for doc, text in zip(docs, texts, strict=True):
        haystack = docgen.normalized(text)
        total += len(doc.planted)
        found += sum(docgen.normalized(citation) in haystack for citation in doc.planted)
    return found, total


def windows_found(docs: Sequence[Document], texts: Sequence[str]) -> tuple[int, int]:
    found = total = 0
    for doc, text in zip(docs, texts, strict=True):
        reference = docgen.normalized(doc.reference)
        windows = [
            reference[i : i + WINDOW_CHARS]
            for i in range(0, len(reference) - WINDOW_CHARS, WINDOW_STEP)
        ]
        haystack = docgen.normalized(text)
        total += len(windows)
        found += sum(window in haystack for window in windows)
    return found, total


def quality(docs: Sequence[Document], texts: Sequence[str]) -> str:
    if any(doc.planted for doc in docs):
        found, total = citations_found(docs, texts)
        return f"{found}/{total} citations"
    if any(doc.reference for doc in docs):
        found, total = windows_found(docs, texts)
        return f"{found}/{total} windows ({found / max(total, 1):.0%})"
    return f"{sum(len(t) for t in texts):,} chars"


def print_table(title: str, docs: Sequence[Document], rows: Sequence[Row], baseline: str) -> None:
    pages = sum(doc.pages for doc in docs)
    base = next(row for row in rows if row.route == baseline)
    print(f"\n{title}: {len(docs)} documents, {pages} pages (speedup relative to: {baseline})")
    print(f"{'route':<52} {'seconds':>8} {'pages/s':>9} {'s/doc':>8} {'speedup':>8}  found")
    for row in rows:
        speedup = base.seconds / row.seconds if row.seconds else float("inf")
        rate, per_doc = pages / row.seconds, row.seconds / len(docs)
        print(
            f"{row.route:<52} {row.seconds:8.2f} {rate:9.0f} {per_doc:8.4f} "
            f"{speedup:8.2f}  {quality(docs, row.texts)}"
        )


def bench_pdf(
    docs: list[Document], extractor: DocumentExtractor, workers: int, repeat: int
) -> None:
    list(extractor.extract("/warm.pdf", docs[0].data))  # start the workers outside the timing
    ours = "pypdfium2 via worker processes"
    rows = [
        *routes_on_threads(ours, docs, ours_read(extractor), workers, repeat),
        timed("pypdfium2 direct (in-process)", docs, lambda d: pdfium_text(d.data), repeat=repeat),
        timed("pypdf direct (in-process)", docs, lambda d: pypdf_text(d.data), repeat=repeat),
    ]
    print_table("PDF engines", docs, rows, "pypdf direct (in-process)")


def bench_ps(docs: list[Document], extractor: DocumentExtractor, workers: int, repeat: int) -> None:
    ours = "ours: gs pdfwrite (filtered) -> pdfium worker"
    unfiltered = unfiltered_route(extractor)
    rows = [
        *routes_on_threads(ours, docs, ours_read(extractor), workers, repeat),
        timed("gs pdfwrite (unfiltered) -> pdfium worker", docs, unfiltered, repeat=repeat),
        timed("bare gs -sDEVICE=txtwrite", docs, lambda d: txtwrite_text(d.data), repeat=repeat),
    ]
    print_table("PostScript routes", docs, rows, "bare gs -sDEVICE=txtwrite")


def ours_read(extractor: DocumentExtractor) -> Callable[[Document], str]:
    """Our path: the document through DocumentExtractor.extract, as the spider calls it."""
    return lambda doc: extractor_text(extractor, doc.name, doc.data)


def routes_on_threads(
    route: str, docs: list[Document], read: Callable[[Document], str], workers: int, repeat: int
) -> list[Row]:
    """``read`` timed on one thread, and on ``workers`` threads (as Scrapy's pool calls it)."""
    rows = [timed(f"{route}, 1 thread", docs, read, repeat=repeat)]
    if workers > 1:
        rows.append(timed(f"{route}, {workers} threads", docs, read, workers, repeat))
    return rows


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--corpus", type=Path, help="directory of PDFs (default: generated)")
    parser.add_argument(
        "--ps-corpus", type=Path, help="directory of .ps/.ps.gz (default: generated)"
    )
    parser.add_argument("--docs", type=int, default=20, help="generated documents per format")
    parser.add_argument("--pages", type=int, default=8, help="pages per generated document")
    parser.add_argument("--workers", type=int, default=min(4, os.cpu_count() or 1))
    parser.add_argument("--repeat", type=int, default=REPEAT, help="runs per route (best shown)")
    args = parser.parse_args(argv)
    logging.getLogger("pypdf").setLevel(logging.ERROR)  # font warnings would bury the table
    versions = f"pypdfium2 {metadata.version('pypdfium2')}, pypdf {pypdf.__version__}"
    print(
        f"CPUs: {os.cpu_count()}, workers: {args.workers}, best of {args.repeat} runs, {versions}"
    )
    generated = generated_ps(args.docs, args.pages) if not (args.corpus and args.ps_corpus) else []
    pdf_docs = pdf_corpus(args.corpus) if args.corpus else generated_pdfs(generated)
    ps_docs = ps_corpus(args.ps_corpus, args.corpus) if args.ps_corpus else generated
    with (
        tempfile.TemporaryDirectory() as workdir,
        DocumentExtractor(ExtractionLimits(), Path(workdir), workers=args.workers) as extractor,
    ):
        bench_pdf(pdf_docs, extractor, args.workers, max(1, args.repeat))
        bench_ps(ps_docs, extractor, args.workers, max(1, args.repeat))


if __name__ == "__main__":
    main()
