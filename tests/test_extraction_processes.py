"""HTML, text and office parts read in the parser processes, so that a crawl uses
every core rather than one.

Real worker processes; each test checks that the work went where it should (a worker's pid
exists only once a task needed one) and that the answer is the one the calling thread gives.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from citeseeker_scrapy.extraction import ExtractionLimits, UnpackedMember
from citeseeker_scrapy.extraction.extractor import DocumentExtractor
from citeseeker_scrapy.extraction.placement import WORKER_MIN_BYTES
from citeseeker_scrapy.extraction.leaf import cut_reason, read_here


CITING = "References. [1] D. Fiala: Retrieving citations on the web. Plzen, 2003. "


def page(paragraphs: int, extra: str = "") -> bytes:
    body = "".join(f"<p>Paragraph {i} about crawling <a href='p{i}.html'>next</a></p>"
                   for i in range(paragraphs))
    return (f"<html><head><meta charset='windows-1250'><base href='/docs/'></head><body>"
            f"{body}<p>Je\u017eek. {extra}</p></body></html>").encode("cp1250")


@pytest.fixture
def extractor(tmp_path: Path):
    with DocumentExtractor(ExtractionLimits(), tmp_path, workers=2) as extractor:
        yield extractor


def test_big_page_is_read_in_a_worker_like_here(extractor: DocumentExtractor) -> None:
    data = page(400, CITING)
    assert len(data) >= WORKER_MIN_BYTES
    events = extractor.read(UnpackedMember("", "html", data), None)
    assert extractor.pool.pids(), "the page was not sent to a worker"
    assert all(pid != os.getpid() for pid in extractor.pool.pids())
    here, problems = read_here(ExtractionLimits(), "", "html", data, None)
    (part,) = events
    assert part.text == here["text"] and "Ježek" in part.text and not problems
    assert part.links == tuple(here["links"]) and len(part.links) == 400
    assert part.base == "/docs/" and part.size == len(data)


def test_small_page_stays_in_the_calling_thread(extractor: DocumentExtractor) -> None:
    events = extractor.read(UnpackedMember("", "html", page(3)), None)
    assert events[0].links == ("p0.html", "p1.html", "p2.html")
    assert extractor.pool.pids() == []


def test_declared_encoding_reaches_the_worker(extractor: DocumentExtractor) -> None:
    text = ("Ježek a Šťastný " * 2000).encode("cp1250")
    (part,) = extractor.read(UnpackedMember("", "text", text), "windows-1250")
    assert part.text.startswith("Ježek a Šťastný") and extractor.pool.pids()


def test_worker_problem_and_truncation_come_back(tmp_path: Path) -> None:
    limits = ExtractionLimits(max_text_chars=1000)
    with DocumentExtractor(limits, tmp_path, workers=1) as extractor:
        events = extractor.read(UnpackedMember("a.html", "html", page(400)), None)
    part, truncated = events
    assert len(part.text) == 1000 and part.member == "a.html"
    assert truncated.reason == cut_reason(1000)


def test_a_killed_worker_makes_a_problem_not_a_crash(tmp_path: Path) -> None:
    extractor = DocumentExtractor(ExtractionLimits(), tmp_path, workers=1)
    extractor.close()  # every later task meets a closed pool, as one killed mid-crawl
    (failure,) = extractor.read(UnpackedMember("", "html", page(400)), None)
    assert failure.kind == "html" and "closed" in failure.reason


def test_office_xml_part_is_read_in_a_worker(extractor: DocumentExtractor) -> None:
    from tests.support import docgen

    data = docgen.docx([f"Fiala {i * 7919 % 104729:x} {i ** 3:o} retrieving citations"
                        for i in range(2000)])
    assert len(data) >= WORKER_MIN_BYTES
    (part,) = extractor.read(UnpackedMember("", "docx", data), None)
    assert "retrieving citations" in part.text and extractor.pool.pids()
