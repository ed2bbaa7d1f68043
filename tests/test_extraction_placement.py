"""Where a document's work runs (extraction/placement.py): the one rule the pipelines, the
document stages, the extractor and the thread hand-off follow."""

from __future__ import annotations

import pytest

from citeseeker_scrapy.extraction.placement import (
    WORKER_MIN_BYTES, event_worker_page, inline, read_in_worker, text_work_size,
)

SMALL, BIG = WORKER_MIN_BYTES - 1, WORKER_MIN_BYTES


@pytest.mark.parametrize(("kind", "size", "expected"), [
    ("html", BIG, True), ("text", BIG, True), ("docx", BIG, True),
    ("html", SMALL, False), ("docx", SMALL, False),
    ("pdf", BIG, False),   # PDF has its own parser-process path (page ranges, a scratch file)
    ("ps", BIG, False),    # PostScript goes to Ghostscript
])
def test_big_parts_of_the_kinds_a_parser_process_reads_go_there(kind, size, expected) -> None:
    assert read_in_worker(kind, size) is expected


@pytest.mark.parametrize(("kind", "size", "member", "expected"), [
    ("html", SMALL, "", True), ("text", SMALL, "", True),
    ("html", BIG, "", False),           # the extractor sends it to a parser process itself
    ("pdf", SMALL, "", False),
    ("html", SMALL, "site/index.html", False),  # an archive's member: its archive's walk
])
def test_small_pages_go_to_the_event_loops_parser_process(kind, size, member, expected) -> None:
    assert event_worker_page(kind, size, member) is expected


def test_text_of_pages_is_read_inline_when_small_and_anything_else_goes_to_a_thread() -> None:
    assert inline(text_work_size([("html", 100), ("text", 200)]))
    assert not inline(text_work_size([("html", SMALL), ("text", 1)]))
    assert not inline(text_work_size([("pdf", 10)]))  # waits for a parser process
    assert not inline(text_work_size([("html", 10), ("ps", 10)]))
