"""extract() is called from Scrapy's thread pool: concurrent calls give the sequential results."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from citeseeker_scrapy.extraction import (
    DocumentExtractor,
    ExtractedPart,
    ExtractionLimits,
    ExtractionProblem,
)
from tests.support import docgen


def documents() -> dict[str, bytes]:
    """Distinct documents (each cites a different topic), one of each kind of work."""
    pages = {
        topic: docgen.paper_pages(topic) for topic in ("meshes", "shadows", "splines", "volumes")
    }
    pdfs = {topic: docgen.ghostscript_pdf(docgen.postscript(p)) for topic, p in pages.items()}
    return {
        "/a.pdf": pdfs["meshes"],
        "/b.ps.gz": docgen.gzip_bytes(docgen.postscript(pages["shadows"]), "b.ps"),
        "/c.zip": docgen.zip_bytes(
            {"c1.pdf": pdfs["splines"], "c2.html": docgen.html_page("splines", ["x.pdf"])}
        ),
        "/d.tar.gz": docgen.tar_bytes(
            {"d.pdf": pdfs["volumes"], "d.rtf": docgen.rtf(["volumes"])}, "gz"
        ),
        "/e.doc": docgen.word97_doc("e document about meshes"),
        "/f.ps": docgen.postscript(pages["volumes"]),
        "/g.pdf": b"%PDF-1.4 broken",
    }


def summary(events: list) -> list[tuple]:
    """What must not depend on timing: members, kinds, texts, links, problems."""
    rows = []
    for event in events:
        if isinstance(event, ExtractedPart):
            rows.append((event.member, event.kind, event.text, event.links))
        else:
            rows.append(event)
    return rows


def test_concurrent_extractions_equal_sequential_ones(tmp_path: Path) -> None:
    docs = documents()
    with DocumentExtractor(ExtractionLimits(), tmp_path, workers=2) as extractor:
        expected = {
            path: summary(list(extractor.extract(path, body))) for path, body in docs.items()
        }
        jobs = [path for path in docs for _ in range(4)]
        with ThreadPoolExecutor(max_workers=8) as threads:
            results = list(
                threads.map(
                    lambda path: (path, summary(list(extractor.extract(path, docs[path])))), jobs
                )
            )
        assert len(extractor.pool.pids()) <= 2
    assert all(result == expected[path] for path, result in results)
    assert any(isinstance(row, tuple) and "meshes" in row[2] for row in expected["/a.pdf"])
    assert list(tmp_path.iterdir()) == []


def test_close_during_extraction_does_not_hang(tmp_path: Path) -> None:
    docs = documents()
    extractor = DocumentExtractor(ExtractionLimits(), tmp_path, workers=1)
    outcomes: list[object] = []

    def run() -> None:
        for _ in range(5):
            for path, body in docs.items():
                outcomes.extend(extractor.extract(path, body))

    threads = [threading.Thread(target=run) for _ in range(4)]
    for thread in threads:
        thread.start()
    while not outcomes:
        threading.Event().wait(0.01)
    extractor.close()
    for thread in threads:
        thread.join(timeout=30)
    assert not any(thread.is_alive() for thread in threads)
    assert any(
        isinstance(event, ExtractionProblem) and "closed" in event.reason for event in outcomes
    )
    assert extractor.pool.pids() == []


@pytest.mark.parametrize("workers", [1, 3])
def test_pool_never_exceeds_its_size(tmp_path: Path, workers: int) -> None:
    pdf = docgen.pdf(docgen.paper_pages())
    with DocumentExtractor(ExtractionLimits(), tmp_path, workers=workers) as extractor:
        seen: set[int] = set()
        lock = threading.Lock()

        def run(_: int) -> None:
            list(extractor.extract("/a.pdf", pdf))
            with lock:
                seen.update(extractor.pool.pids())

        with ThreadPoolExecutor(max_workers=6) as threads:
            list(threads.map(run, range(24)))
    assert 1 <= len(seen) <= workers


def test_a_worker_above_its_memory_bound_is_replaced_and_the_text_kept(tmp_path: Path) -> None:
    """After a big manual a worker's heaps stay large; above ``retire_above_bytes`` it is
    replaced after the task (bounding the crawl's memory), with the task's text delivered."""
    pdf = docgen.pdf(docgen.paper_pages())
    with DocumentExtractor(ExtractionLimits(), tmp_path, workers=1) as extractor:
        list(extractor.extract("/warm.pdf", pdf))
        (first,) = extractor.pool.pids()
        list(extractor.extract("/again.pdf", pdf))
        assert extractor.pool.pids() == [first]  # under the default bound: kept
        extractor.pool._retire_above_bytes = 1  # every worker is "too big" now
        (part,) = extractor.extract("/a.pdf", pdf)
        assert docgen.CITATION.split()[0] in part.text
        assert extractor.pool.pids() == []  # retired after the task
        (part,) = extractor.extract("/b.pdf", pdf)
        assert docgen.CITATION.split()[0] in part.text and first not in extractor.pool.pids()


@pytest.mark.parametrize("workers", [1, 2])
def test_ghostscript_runs_at_most_once_per_worker_at_a_time(
    tmp_path: Path, workers: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Scrapy's ten threads must not start ten Ghostscripts (25 MiB each) on two cores."""
    from citeseeker_scrapy.extraction import document_walk

    real_distill = document_walk.distill_to_pdf
    running, most = [0], [0]
    lock = threading.Lock()

    def counted(*args: object, **kwargs: object) -> object:
        with lock:
            running[0] += 1
            most[0] = max(most[0], running[0])
        try:
            return real_distill(*args, **kwargs)
        finally:
            with lock:
                running[0] -= 1

    monkeypatch.setattr(document_walk, "distill_to_pdf", counted)
    ps = docgen.postscript(docgen.paper_pages())
    with DocumentExtractor(ExtractionLimits(), tmp_path, workers=workers) as extractor:
        with ThreadPoolExecutor(max_workers=6) as threads:
            results = list(threads.map(lambda n: list(extractor.extract(f"/{n}.ps", ps)), range(8)))
    assert all(docgen.CITATION.split()[0] in part.text for (part,) in results)
    assert 1 <= most[0] <= workers
