"""PDF text: PDFium first, pypdf as fallback, in worker processes that are limited and replaced."""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path

import pypdfium2
import pytest

from citeseeker_scrapy.exceptions import ExtractionError, LimitError
from citeseeker_scrapy.extraction import (
    DocumentExtractor,
    ExtractedPart,
    ExtractionLimits,
    ExtractionProblem,
)
from citeseeker_scrapy.extraction.leaf import cut_reason
from citeseeker_scrapy.extraction import pdf as pdf_reading
from citeseeker_scrapy.extraction.processes.pool import WorkerPool
from tests.support import docgen
from tests.support.extraction_fixtures import extractor_fixture


extractor = extractor_fixture(workers=1)


def only_text(events: list) -> str:
    (part,) = events
    assert isinstance(part, ExtractedPart), part
    return docgen.normalized(part.text)


def test_encrypted_pdf_with_empty_user_password_is_read(extractor: DocumentExtractor) -> None:
    encrypted = docgen.encrypted_pdf(docgen.paper_pages())
    assert b"/Encrypt" in encrypted
    assert docgen.CITATION_KEY in only_text(list(extractor.extract("/enc.pdf", encrypted)))


def test_pdf_with_a_user_password_is_reported(extractor: DocumentExtractor) -> None:
    locked = docgen.encrypted_pdf(docgen.paper_pages(), user_password="secret")
    events = list(extractor.extract("/locked.pdf", locked))
    assert events == [
        ExtractionProblem(member="", kind="pdf", reason="encrypted PDF needs a password")
    ]


def test_pypdf_fallback_when_pdfium_fails(
    monkeypatch: pytest.MonkeyPatch, paper_pdf: bytes
) -> None:
    def refuse(*args: object, **kwargs: object) -> None:
        raise pypdfium2.PdfiumError("simulated failure")

    monkeypatch.setattr(pypdfium2, "PdfDocument", refuse)
    header, text = pdf_reading.pdf_text(paper_pdf)
    assert header["engine"] == "pypdf"
    assert header["failures"] == ["pdfium: PdfiumError: simulated failure"]
    assert docgen.CITATION_KEY in docgen.normalized(text)


def test_pdfium_is_the_first_engine(paper_pdf: bytes) -> None:
    header, _ = pdf_reading.pdf_text(paper_pdf)
    assert header == {"engine": "pdfium", "pages": 2, "read": range(0, 2), "cut": False,
                      "failures": []}


def test_pypdf_repairs_what_pdfium_refuses(extractor: DocumentExtractor, paper_pdf: bytes) -> None:
    shifted = (
        b"Content-Type: application/pdf\r\n" * 80 + paper_pdf
    )  # junk before %PDF, beyond 1 KiB
    with pytest.raises(pypdfium2.PdfiumError):
        pypdfium2.PdfDocument(shifted)
    assert docgen.CITATION_KEY in only_text(list(extractor.extract("/shifted.pdf", shifted)))


def test_pdf_that_explodes_in_memory_is_reported_and_the_worker_replaced(
    tmp_path: Path, paper_pdf: bytes
) -> None:
    limits = ExtractionLimits(worker_memory_bytes=300 * 1024 * 1024)
    with DocumentExtractor(limits, tmp_path, workers=1) as extractor:
        (problem,) = extractor.extract("/bomb.pdf", docgen.pdf_bomb(400))
        assert problem.kind == "pdf" and "parser process died" in problem.reason
        assert "memory limit 300 MiB" in problem.reason
        assert docgen.CITATION_KEY in only_text(list(extractor.extract("/ok.pdf", paper_pdf)))


def test_workers_run_under_the_memory_limit(tmp_path: Path, paper_pdf: bytes) -> None:
    limits = ExtractionLimits(worker_memory_bytes=700 * 1024 * 1024)
    with DocumentExtractor(limits, tmp_path, workers=1) as extractor:
        list(extractor.extract("/a.pdf", paper_pdf))
        (pid,) = extractor.pool.pids()
        lines = Path(f"/proc/{pid}/limits").read_text().splitlines()
    (address_space,) = [line for line in lines if line.startswith("Max address space")]
    assert address_space.split()[3:5] == [str(700 * 1024 * 1024)] * 2


def test_timeout_kills_the_worker_and_the_next_task_gets_a_new_one(
    tmp_path: Path, paper_pdf: bytes
) -> None:
    pool = WorkerPool(1, 1024**3, tmp_path)
    request = {"task": "pdf", "max_chars": 100_000}
    try:
        pool.run(request, paper_pdf, 30.0, 100_000)
        (first,) = pool.pids()
        with pytest.raises(LimitError, match=r"^pdf timed out after 1e-06 s$"):
            pool.run(request, docgen.pdf_bomb(100), 0.000001, 100_000)
        assert pool.pids() == [] and not Path(f"/proc/{first}").exists()
        header, text = pool.run(request, paper_pdf, 30.0, 100_000)
        assert header["ok"] and "Fiala" in text and pool.pids() != [first]
    finally:
        pool.close()


def test_a_worker_killed_while_idle_is_replaced(tmp_path: Path, paper_pdf: bytes) -> None:
    with DocumentExtractor(ExtractionLimits(), tmp_path, workers=1) as extractor:
        list(extractor.extract("/a.pdf", paper_pdf))
        (pid,) = extractor.pool.pids()
        os.kill(pid, signal.SIGKILL)
        time.sleep(0.1)
        assert docgen.CITATION_KEY in only_text(list(extractor.extract("/b.pdf", paper_pdf)))
        assert extractor.pool.pids() != [pid]


def test_close_stops_the_workers(tmp_path: Path, paper_pdf: bytes) -> None:
    extractor = DocumentExtractor(ExtractionLimits(), tmp_path, workers=2)
    list(extractor.extract("/a.pdf", paper_pdf))
    pids = extractor.pool.pids()
    extractor.close()
    assert pids and not any(Path(f"/proc/{pid}").exists() for pid in pids)
    assert list(extractor.extract("/b.pdf", paper_pdf)) == [
        ExtractionProblem(member="", kind="pdf", reason="extractor is closed")
    ]


def test_worker_reports_errors_without_dying(tmp_path: Path) -> None:
    pool = WorkerPool(1, 1024**3, tmp_path)
    try:
        with pytest.raises(ExtractionError, match="unknown task 'nope'"):
            pool.run({"task": "nope", "max_chars": 10}, b"", 10.0, 10)
        (pid,) = pool.pids()
        with pytest.raises(ExtractionError, match=r"^unreadable PDF \(pdfium: .*; pypdf: .*\)$"):
            pool.run({"task": "pdf", "max_chars": 10}, b"%PDF-1.4 nonsense", 10.0, 10)
        assert pool.pids() == [pid]
    finally:
        pool.close()


def test_a_text_over_the_limit_keeps_its_start_and_its_end(tmp_path: Path) -> None:
    """The reference list closes a paper: a text cut at the limit keeps its last characters
    (the end's share) with its start, and says so; the middle pages are not even read."""
    lines = [f"{n:04d} " + "word " * 15 for n in range(60)]
    pages = [lines] * 4 + [[*lines[:30], docgen.CITATION]]
    document = docgen.pdf(pages)
    with DocumentExtractor(ExtractionLimits(max_text_chars=1000), tmp_path, workers=1) as extractor:
        part, problem = extractor.extract("/long.pdf", document)
    assert len(part.text) == 1000 and part.text.startswith("0000 word")
    assert part.text.rstrip().endswith(docgen.CITATION)
    assert problem == ExtractionProblem(member="", kind="pdf", reason=cut_reason(1000))
    header, text = pdf_reading.pdf_text(document, max_chars=1000)
    assert header["cut"] and len(text) == 1000 and header["pages"] == 5


def test_a_pdf_read_in_parts_keeps_the_end_of_its_last_part(tmp_path: Path) -> None:
    lines = [f"{n:04d} " + "word " * 15 for n in range(60)]
    document = docgen.pdf([lines] * 6 + [[*lines[:10], docgen.CITATION]])
    limits = ExtractionLimits(max_text_chars=2000)
    with DocumentExtractor(limits, tmp_path, workers=2, split_pdf_bytes=1) as extractor:
        part, problem = extractor.extract("/long.pdf", document)
    assert part.text.startswith("0000 word") and docgen.CITATION in part.text
    assert len(part.text) == 2000 and problem.reason == cut_reason(2000)


def test_a_memory_limit_too_small_to_start_a_parser_is_reported(tmp_path: Path) -> None:
    limits = ExtractionLimits(worker_memory_bytes=16 * 1024 * 1024)
    with DocumentExtractor(limits, tmp_path, workers=1) as extractor:
        (problem,) = extractor.extract("/a.pdf", b"%PDF-1.4\n")
    assert problem.reason.startswith("starting parser process died (exit 1; memory limit 16 MiB)")


def test_a_pdf_reopened_every_few_pages_gives_the_same_text(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The worker reopens long PDFs (PDFium's caches grow with every page parsed): no page
    may be lost, repeated or reordered at the seams."""
    pages = [[f"Page {n} says word{n}x and cites nothing"] for n in range(7)]
    pdf = docgen.pdf(pages)
    whole = pdf_reading.pdf_text(pdf)
    monkeypatch.setattr(pdf_reading, "REOPEN_PAGES", 2)
    reopened = pdf_reading.pdf_text(pdf)
    assert reopened == whole
    words = [word for word in reopened[1].split() if word.startswith("word")]
    assert words == [f"word{n}x" for n in range(7)]


def test_a_password_protected_pdf_is_not_handed_to_pypdf(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """PDFium already tried the empty password; pypdf could only repeat that, slowly."""
    calls: list[int] = []

    def pypdf_called(data: bytes, max_chars: int, part: tuple[int, int]) -> tuple[str, int, range]:
        calls.append(len(data))
        raise pdf_reading.PasswordRequired()

    monkeypatch.setitem(pdf_reading.PDF_READERS, "pypdf", pypdf_called)
    locked = docgen.encrypted_pdf(docgen.paper_pages(), user_password="secret")
    with pytest.raises(pdf_reading.PasswordRequired):
        pdf_reading.pdf_text(locked)
    assert calls == []


def test_a_part_of_a_pdf_is_its_share_of_the_pages() -> None:
    pdf = docgen.pdf([[f"Page {n} says word{n}x"] for n in range(5)])
    header, text = pdf_reading.pdf_text(pdf, part=(1, 2))
    assert header["pages"] == 5 and header["read"] == range(2, 5)
    assert [w for w in text.split() if w.startswith("word")] == ["word2x", "word3x", "word4x"]
    assert pdf_reading.page_range(1, (0, 2)) == range(0, 0)  # a short PDF: one part has no page


def test_a_big_pdf_is_read_by_both_workers_and_gives_the_same_text(tmp_path: Path) -> None:
    """Every PDF counts as big here (split_pdf_bytes=1): the parts joined are the whole text,
    also for a one-page PDF (one part empty) and the error of a broken one is the same."""
    seven = docgen.pdf([[f"Page {n} says word{n}x"] for n in range(7)])
    one = docgen.pdf([["A single page that cites nothing"]])
    broken = b"%PDF-1.4 nonsense"
    with DocumentExtractor(ExtractionLimits(), tmp_path / "whole", workers=2) as whole:
        expected = [list(whole.extract("/a.pdf", pdf)) for pdf in (seven, one, broken)]
        assert len(whole.pool.pids()) == 1  # one PDF at a time: one worker was enough
    with DocumentExtractor(ExtractionLimits(), tmp_path / "split", workers=2,
                           split_pdf_bytes=1) as split:
        events = [list(split.extract("/a.pdf", pdf)) for pdf in (seven, one, broken)]
        assert len(split.pool.pids()) == 2
    strip = [[(type(e).__name__, getattr(e, "text", getattr(e, "reason", ""))) for e in doc]
             for doc in events]
    assert strip == [[(type(e).__name__, getattr(e, "text", getattr(e, "reason", ""))) for e in doc]
                     for doc in expected]
    assert [type(e) for e in events[2]] == [ExtractionProblem]
