"""Long-lived Ghostscript servers (``extraction/processes/ghostscript.py``): one real Ghostscript
distills file after file, and nothing one file does reaches the next.

Every file is PostScript written here; the PDFs are read with PDFium, as the crawl reads them.
"""

from __future__ import annotations

from pathlib import Path

import pypdfium2
import pytest

from citeseeker_scrapy.extraction import DocumentExtractor, ExtractedPart, ExtractionLimits
from citeseeker_scrapy.extraction.document_walk import NO_PAGE_DRAWN
from citeseeker_scrapy.extraction.postscript import distill_to_pdf, server_argv
from citeseeker_scrapy.extraction.processes import ghostscript
from citeseeker_scrapy.extraction.processes.ghostscript import GhostscriptServer, GhostscriptServers
from tests.support import docgen
from tests.support.crawl import wait_for

MEMORY = 1 << 30
OUTPUT = 64 << 20


def pdf_text(pdf: bytes) -> str:
    document = pypdfium2.PdfDocument(pdf)
    try:
        return "\n".join(document[i].get_textpage().get_text_range() for i in range(len(document)))
    finally:
        document.close()


@pytest.fixture()
def servers(tmp_path: Path):
    pool = GhostscriptServers(server_argv(), tmp_path, memory_bytes=MEMORY, max_output=OUTPUT)
    yield pool
    pool.close()


def distill(servers: GhostscriptServers, ps: bytes, timeout: float = 30.0):
    with servers.lease() as server:
        pid = server.process.pid
        finished = distill_to_pdf(ps, server, timeout=timeout, cpu_seconds_per_page=1.0)
    return finished, pid


def test_one_server_distills_file_after_file_each_into_its_own_pdf(servers) -> None:
    pids = set()
    for word in ("alpha", "beta", "gamma", "delta"):
        finished, pid = distill(servers, docgen.postscript([[f"{word} page one"], [f"{word} two"]]))
        pids.add(pid)
        assert finished.failure == ""
        text = pdf_text(finished.output)
        assert f"{word} page one" in text and f"{word} two" in text
        assert all(other not in text for other in {"alpha", "beta", "gamma", "delta"} - {word})
    assert len(pids) == 1 and servers.started == 1


def test_what_a_file_defines_is_gone_for_the_next(servers) -> None:
    """A file that redefines ``show`` in local and global VM (and a font's name) leaves nothing
    behind: the driver's save is the outermost (``-dNOOUTERSAVE``), its restore undoes both."""
    hostile = b"""%!PS
/show { pop } def
true setglobal globaldict /show { pop } put globaldict /moveto { pop pop } put false setglobal
/Times-Roman /Courier findfont definefont pop
/Times-Roman findfont 10 scalefont setfont 72 700 moveto (hostile) show showpage
"""
    first, pid = distill(servers, hostile)
    assert pdf_text(first.output).strip() == ""  # its own show printed nothing
    after, same_pid = distill(servers, docgen.postscript([["the next file and its own words"]]))
    assert same_pid == pid
    assert "the next file and its own words" in pdf_text(after.output)


def page_sizes(pdf: bytes) -> list[tuple[float, float]]:
    document = pypdfium2.PdfDocument(pdf)
    try:
        return [document[i].get_size() for i in range(len(document))]
    finally:
        document.close()


def shown(page_size: bytes, *lines: tuple[int, int, str]) -> bytes:
    """A one-page file asking for ``page_size`` (PostScript, ``b""`` for none) that shows each
    line's text at its x, y (points from the bottom left corner)."""
    body = b"".join(b"%d %d moveto (%s) show\n" % (x, y, text.encode()) for x, y, text in lines)
    return (b"%!PS\n" + page_size + b"\n/Times-Roman findfont 11 scalefont setfont\n" + body
            + b"showpage\n")


@pytest.mark.parametrize("page_size, width, height", [
    (b"", None, None),                                          # the interpreter's default paper
    (b"<< /PageSize [612 792] >> setpagedevice", 612.0, 792.0),
    (b"<< /PageSize [842 595] >> setpagedevice", 842.0, 595.0),  # landscape A4
    (b"statusdict begin letter end", 612.0, 792.0),             # the old paper operators
])
def test_words_set_past_the_paper_s_right_edge_are_kept_on_a_page_of_the_size_asked(
        servers, page_size: bytes, width: float | None, height: float | None) -> None:
    """An overfull line (a title TeX could not break, a long address) runs past the paper's
    right edge; Ghostscript's PDF leaves out what no page holds, so the page is drawn wider and
    taller and cropped back to the paper the file asked for."""
    ps = shown(page_size, (72, 300, "Kept inside the paper"), (900, 300, "overhanging clause"),
               (72, 1000, "over the top edge"))
    for _ in range(2):  # the second file on the same server: the page is not widened twice
        finished, _pid = distill(servers, ps)
        text = pdf_text(finished.output)
        assert "Kept inside the paper" in text
        assert "overhanging clause" in text and "over the top edge" in text
        (size,) = page_sizes(finished.output)
        if width is not None:
            assert size == (width, height)
        assert size[0] < 900 or size[1] < 900


def test_a_file_with_its_own_end_page_procedure_keeps_it(servers) -> None:
    """A file's own EndPage decides which pages are output (here: none after the first); the
    crop back to the asked paper is left out of that file, its text still kept."""
    ps = (b"%!PS\n<< /PageSize [612 792] /EndPage { exch 0 eq exch 2 ne and } >> setpagedevice\n"
          b"/Times-Roman findfont 11 scalefont setfont\n"
          b"72 300 moveto (first page) show 700 300 moveto (past the edge) show showpage\n"
          b"72 300 moveto (second page) show showpage\n")
    finished, _pid = distill(servers, ps)
    text = pdf_text(finished.output)
    assert "past the edge" in text and "second page" not in text
    assert len(page_sizes(finished.output)) == 1


def test_a_postscript_error_keeps_the_pages_before_it_and_the_server(servers) -> None:
    broken = docgen.postscript_with_error([["before the error"], ["second page"], ["never"]])
    finished, pid = distill(servers, broken)
    assert finished.failure == "ghostscript failed: Error: /undefined in no_such_operator"
    text = pdf_text(finished.output)
    assert "before the error" in text and "second page" in text and "never" not in text
    after, same_pid = distill(servers, docgen.postscript([["fine again"]]))
    assert same_pid == pid and after.failure == "" and "fine again" in pdf_text(after.output)


def test_a_file_that_quits_keeps_its_pdf_and_the_next_file_gets_a_new_server(servers) -> None:
    quitting = docgen.postscript([["said before quit"]]).replace(b"%%EOF", b"quit\n%%EOF")
    finished, pid = distill(servers, quitting)
    assert finished.failure == "" and "said before quit" in pdf_text(finished.output)
    after, new_pid = distill(servers, docgen.postscript([["next"]]))
    assert new_pid != pid and "next" in pdf_text(after.output)
    assert servers.started == 2


def test_a_device_complaint_retires_the_server_before_it_reaches_the_next_pdf(servers) -> None:
    """pdfwrite keeps a pdfmark pointing past the last page in the device itself (seen on a
    TeX Live manual: every later PDF of that Ghostscript repeated the complaint); a file after
    which Ghostscript wrote to stderr gets its server replaced."""
    marked = docgen.postscript([["marked file"]]).replace(
        b"showpage", b"[ /Dest /far /Page 9 /View [/XYZ null null null] /DEST pdfmark showpage")
    finished, pid = distill(servers, marked)
    assert "marked file" in pdf_text(finished.output)
    after, new_pid = distill(servers, docgen.postscript([["clean file"]]))
    assert new_pid != pid and "clean file" in pdf_text(after.output)


def test_a_file_printing_driver_like_lines_does_not_end_early(servers) -> None:
    lines = [f"line {n}" for n in range(40)]
    noisy = docgen.postscript([lines]).replace(
        b"showpage", b"(\\n0123456789abcdef-done\\nready\\n) print flush showpage")
    finished, _ = distill(servers, noisy)
    text = pdf_text(finished.output)
    assert finished.failure == "" and all(line in text for line in lines)


def test_a_file_cannot_read_or_write_outside_its_server_directory(servers, tmp_path: Path) -> None:
    secret = tmp_path / "secret.txt"
    secret.write_text("do not read me")
    outside = tmp_path / "written.txt"
    spying = (b"%!PS\n/Times-Roman findfont 10 scalefont setfont 72 700 moveto\n"
              + docgen.ps_string(str(secret)).encode() + b" (r) file 100 string readstring pop show\n"
              + b"showpage\n")
    writing = b"%!PS\n" + docgen.ps_string(str(outside)).encode() + b" (w) file closefile\n"
    for hostile in (spying, writing):
        finished, _ = distill(servers, hostile)
        assert finished.failure.startswith("ghostscript failed: Error: /invalidfileaccess")
        assert b"do not read me" not in finished.output
    assert not outside.exists()


def test_a_memory_hungry_server_is_replaced(servers, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ghostscript, "RETIRE_ABOVE_BYTES", 1)
    pids = {distill(servers, docgen.postscript([[f"file {n}"]]))[1] for n in range(3)}
    assert len(pids) == 3 and servers.started == 3


def test_two_files_at_once_get_two_servers_one_waits_idle_and_not_for_long(
    servers, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(ghostscript, "IDLE_SECONDS", 0.3)
    ps = docgen.postscript([["a page"]])
    with servers.lease() as first, servers.lease() as second:
        assert first.process.pid != second.process.pid
        for server in (first, second):
            assert "a page" in pdf_text(distill_to_pdf(ps, server, timeout=30.0).output)
    assert servers.pids() == [second.process.pid]  # given back first; the other one stopped
    assert first.process.poll() is not None
    # The idle one, after IDLE_SECONDS: the timer takes it off the list, then stops it and
    # removes its directory (on a loaded machine the test may look in between).
    wait_for(lambda: second.process.poll() is not None and not second.directory.exists(),
             timeout=10.0)
    assert servers.pids() == []
    finished, pid = distill(servers, ps)
    assert "a page" in pdf_text(finished.output) and servers.started == 3


def test_a_server_that_cannot_start_is_an_extraction_error(tmp_path: Path) -> None:
    from citeseeker_scrapy.exceptions import ExtractionError

    with pytest.raises(ExtractionError, match="cannot start ghostscript"):
        GhostscriptServer(["/nonexistent/gs"], tmp_path, memory_bytes=MEMORY, max_output=OUTPUT)
    assert list(tmp_path.iterdir()) == []


def test_the_extractor_reads_many_postscript_files_with_one_ghostscript(tmp_path: Path) -> None:
    files = {f"f{n}.ps": docgen.postscript([[f"figure {n} caption"]]) for n in range(12)}
    with DocumentExtractor(ExtractionLimits(), tmp_path, workers=2) as extractor:
        events = list(extractor.extract("/figures.zip", docgen.zip_bytes(files)))
        started = extractor.ghostscripts.started
    parts = {e.member: e.text for e in events if isinstance(e, ExtractedPart)}
    assert all(f"figure {n} caption" in parts[f"f{n}.ps"] for n in range(12))
    assert started == 1
    assert list(tmp_path.iterdir()) == []


def test_a_pdf_over_the_output_limit_is_a_limit_error_and_the_server_replaced(
    tmp_path: Path
) -> None:
    from citeseeker_scrapy.exceptions import LimitError

    pool = GhostscriptServers(server_argv(), tmp_path, memory_bytes=MEMORY, max_output=20_000)
    try:
        long = docgen.postscript([[f"page {n} line {row}" for row in range(50)] for n in range(40)])
        with pytest.raises(LimitError, match="ghostscript output over 20000 bytes"):
            distill(pool, long)
        finished, _ = distill(pool, docgen.postscript([["small again"]]))
        assert "small again" in pdf_text(finished.output) and pool.started == 2
    finally:
        pool.close()


def test_a_file_that_prints_a_flood_without_newlines_is_read_and_the_buffer_stays_small(
    servers
) -> None:
    flood = docgen.postscript([["after the flood"]]).replace(
        b"showpage", b"20000 { (0123456789abcdef0123456789abcdef0123456789abcdef) print } repeat "
                     b"showpage")
    with servers.lease() as server:
        finished = distill_to_pdf(flood, server, timeout=30.0)
        kept = len(server._stdout)
    assert finished.failure == "" and "after the flood" in pdf_text(finished.output)
    assert kept <= ghostscript.MAX_LINE_BYTES


def test_a_file_that_waits_on_stdin_is_killed_at_the_timeout_and_the_server_replaced(
    servers
) -> None:
    from citeseeker_scrapy.exceptions import LimitError

    waiting = b"%!PS\n(%stdin) (r) file 100 string readstring pop pop\n"
    with pytest.raises(LimitError, match="ghostscript timed out after 1 s"):
        distill(servers, waiting, timeout=1.0)
    assert servers.pids() == []
    finished, _ = distill(servers, docgen.postscript([["read after the timeout"]]))
    assert "read after the timeout" in pdf_text(finished.output) and servers.started == 2


@pytest.mark.parametrize("body", [
    b"%%BoundingBox: -52429%%EOF\n9 52429 52429\n",      # junk named .eps (TeX Live has one)
    b"%%BoundingBox: -52429 -52429 52429 52429\n%%HiResBoundingBox: -52428.8 -52428.8 "
    b"52428.8 52428.8\n%\n",                             # only comments, a page out of range
])
def test_a_file_that_draws_no_page_is_one_clear_problem_without_a_pdf_reader(
        body: bytes, tmp_path: Path) -> None:
    with DocumentExtractor(ExtractionLimits(), tmp_path, workers=1) as extractor:
        events = list(extractor.extract("/figure.eps", body))
    # Before: "unreadable PDF (pdfium: ... Data format error; pypdf: EmptyFileError ...)",
    # after a parser process had imported pypdf to read empty bytes as a PDF.
    assert [(e.kind, e.reason) for e in events] == [("ps", NO_PAGE_DRAWN)]
