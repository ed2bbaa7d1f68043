"""A page read once: links resolved where the page was read, and a page read ahead (by the
render middleware) not read again by the text stage.

Real parser workers; "not read again" is shown by the result being the very object the
read-ahead returned, and by a worker killed in between not mattering.
"""

from __future__ import annotations

from pathlib import Path
from urllib.parse import urldefrag, urljoin

import pytest

from citeseeker_scrapy.extraction import ExtractedPart, ExtractionLimits, UnpackedMember
from citeseeker_scrapy.extraction.extractor import DocumentExtractor
from citeseeker_scrapy.extraction.placement import WORKER_MIN_BYTES
from citeseeker_scrapy.extraction.html import absolute_links, usable_links
from citeseeker_scrapy.extraction.read_ahead import ReadAhead
from citeseeker_scrapy.rendering.policy import page_signals, signals_of_parts

PAGE_URL = "http://lab.example.org/people/fiala/index.html"


def page(paragraphs: int, base: str = "") -> bytes:
    head = f"<base href='{base}'>" if base else ""
    links = "".join(f"<p>Paper {i} <a href='p{i}.pdf'>pdf</a> <a href='#s{i}'>here</a></p>"
                    for i in range(paragraphs))
    return (f"<html><head>{head}<script>x()</script></head><body>{links}"
            "<a href='mailto:d@x.org'>mail</a><a href='http://[bad'>bad</a></body></html>"
            ).encode()


@pytest.fixture
def extractor(tmp_path: Path):
    with DocumentExtractor(ExtractionLimits(), tmp_path, workers=1) as extractor:
        yield extractor


@pytest.mark.parametrize("links, base, expected", [
    (("a.pdf", "../b.html", "/c.ps"), None,
     ("http://lab.example.org/people/fiala/a.pdf", "http://lab.example.org/people/b.html",
      "http://lab.example.org/c.ps")),
    (("a.pdf",), "/docs/", ("http://lab.example.org/docs/a.pdf",)),
    (("a.pdf",), "http://other.org/x/", ("http://other.org/x/a.pdf",)),
    (("#top", "mailto:d@x.org"), None, (PAGE_URL, "mailto:d@x.org")),
    # without fragments, each document once (Python's documentation: 99,119 links, 23,060)
    (("../g.html#term-a", "../g.html#term-b", "../g.html", "a.pdf#page=2", "#top", "#"), None,
     ("http://lab.example.org/people/g.html", "http://lab.example.org/people/fiala/a.pdf",
      PAGE_URL)),
    (("#top", "x.html#y"), "/docs/", ("http://lab.example.org/docs/",
                                      "http://lab.example.org/docs/x.html")),
    (("http://[bad", "ok.html"), None, ("http://lab.example.org/people/fiala/ok.html",)),
    (("a.pdf",), "http://[bad/", ("http://lab.example.org/people/fiala/a.pdf",)),
])
def test_links_are_resolved_against_the_base_or_the_page(links, base, expected) -> None:
    assert absolute_links(links, PAGE_URL, base) == expected


def test_usable_links_leave_out_scripts_addresses_and_fragments() -> None:
    assert usable_links(("a.pdf", "JavaScript:go()", "#top", "mailto:x", "data:x", "b")) == 2


@pytest.mark.parametrize("paragraphs", [3, 400])  # read here, and in a worker
def test_a_page_read_with_its_url_gives_absolute_links_like_urljoin(
        extractor: DocumentExtractor, paragraphs: int) -> None:
    data = page(paragraphs, base="/docs/")
    assert (len(data) >= WORKER_MIN_BYTES) == (paragraphs == 400)
    (relative,) = extractor.read(UnpackedMember("", "html", data))
    (part,) = extractor.read(UnpackedMember("", "html", data), None, page_url=PAGE_URL)
    base = urljoin(PAGE_URL, relative.base)
    assert part.base is None and relative.base == "/docs/"
    # what the text stage did before with the relative links (a malformed host dropped),
    # without fragments, each document once
    assert part.links == tuple(dict.fromkeys(urldefrag(urljoin(base, link)).url
                                             for link in relative.links
                                             if not link.startswith("http://[")))
    assert len(part.links) == paragraphs + 2  # p0.pdf..., the base (for #s0...), mailto
    assert part.usable_links == relative.usable_links == paragraphs + 1
    assert bool(extractor.pool.pids()) == (paragraphs == 400)


@pytest.mark.parametrize("paragraphs", [3, 400])
def test_the_render_decision_sees_what_parsing_for_it_alone_saw(
        extractor: DocumentExtractor, paragraphs: int) -> None:
    data = page(paragraphs)
    events = extractor.read_ahead(data, "html", "utf-8", PAGE_URL)
    assert signals_of_parts(events) == page_signals(data.decode())


def test_visible_text_is_counted_only_on_a_page_with_scripts(
        extractor: DocumentExtractor) -> None:
    """The render policy judges only scripted pages by their text: the others skip the count."""
    scripted = page(3)
    plain = scripted.replace(b"<script>x()</script>", b"")
    (with_scripts,) = extractor.read(UnpackedMember("", "html", scripted))
    (without,) = extractor.read(UnpackedMember("", "html", plain))
    assert with_scripts.visible_chars == page_signals(scripted.decode()).text_chars > 0
    assert without.visible_chars == 0 and without.text == with_scripts.text


def test_a_page_read_ahead_is_not_read_again(extractor: DocumentExtractor) -> None:
    data = page(400)
    events = extractor.read_ahead(data, "html", "utf-8", PAGE_URL)
    extractor.pool.close()  # a second read would fail now ("extractor is closed")
    assert extractor.read(UnpackedMember("", "html", data), "utf-8", PAGE_URL) is events


def test_only_the_same_bytes_read_the_same_way_take_the_kept_result(
        extractor: DocumentExtractor) -> None:
    data = page(3)
    events = extractor.read_ahead(data, "html", "utf-8", PAGE_URL)
    equal_copy = bytes(bytearray(data))
    assert extractor.read(UnpackedMember("", "html", equal_copy), "utf-8", PAGE_URL) is not events
    assert extractor.read(UnpackedMember("", "html", data), "cp1252", PAGE_URL) is not events
    # taken once: a second read of the same bytes reads again (with the same outcome)
    again = extractor.read(UnpackedMember("", "html", data), "utf-8", PAGE_URL)
    assert again is not events and again[0].links == events[0].links


def test_a_forgotten_page_is_read_again(extractor: DocumentExtractor) -> None:
    data = page(3)
    events = extractor.read_ahead(data, "html", None, PAGE_URL)
    extractor.forget(data)
    assert extractor.read(UnpackedMember("", "html", data), None, PAGE_URL) is not events


def test_pages_never_asked_for_are_dropped_oldest_first() -> None:
    kept = ReadAhead(keep_pages=3, keep_bytes=1000)
    bodies = [bytes([i]) * 100 for i in range(5)]
    for body in bodies:
        kept.put(body, None, None, [])
    assert len(kept) == 3
    assert kept.take(bodies[1], None, None) is None and kept.take(bodies[4], None, None) == []
    kept.put(b"x" * 950, None, None, [])  # over the byte bound: only the newest stays
    assert len(kept) == 1
    kept.put(b"y" * 1001, None, None, [])  # bigger than the bound: not kept, nothing dropped
    assert len(kept) == 1


def test_a_read_ahead_part_is_a_part_with_its_problems(extractor: DocumentExtractor) -> None:
    events = extractor.read_ahead(b"<html><body><p>only text</p></body></html>", "html", None,
                                  PAGE_URL)
    assert [type(event) for event in events] == [ExtractedPart]
    assert signals_of_parts(events).links == 0
