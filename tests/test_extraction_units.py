"""Units of the extraction package: sniffing, decoding, LZW, size accounting, member names."""

from __future__ import annotations

import shutil
import subprocess

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from citeseeker_scrapy.exceptions import ConfigError, ExtractionError, LimitError
from citeseeker_scrapy.extraction.processes import limits as procs
from citeseeker_scrapy.extraction import ExtractionLimits, postscript, sniff_kind
from citeseeker_scrapy.extraction.pdf import ligatures_restored
from citeseeker_scrapy.extraction.archives import compressed_member_name, safe_member_name
from citeseeker_scrapy.extraction.decode import decode_html, decode_text
from citeseeker_scrapy.extraction.html import parse_html
from citeseeker_scrapy.extraction.html import parse_html
from citeseeker_scrapy.extraction.lzw import decompress_lzw
from citeseeker_scrapy.extraction.model import one_line
from citeseeker_scrapy.extraction.streams import BoundedReader, Budget, ChunkStream, check_ratio
from tests.support import docgen

TAR_HEAD = b"a.txt".ljust(257, b"\0") + b"ustar\x0000"
OLE2 = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\0" * 100

SNIFF_TABLE = [
    # (path, content type, head, kind)
    ("/papers/a.pdf", "application/pdf", b"%PDF-1.4\n", "pdf"),
    ("/download.php", "application/octet-stream", b"%PDF-1.7\n", "pdf"),
    ("/a.pdf", None, b"\r\n" * 10 + b"%PDF-1.3", "pdf"),
    ("/a.html", "text/html", b"%PDF-1.4 html page mentioning the header", "pdf"),
    ("/page.html", "text/html", b"junk %PDF-1.4 mentioned in a page", "html"),
    ("/a.pdf", "application/pdf", b"<!DOCTYPE html><html><body>404 Not Found", "html"),
    ("/a.ps", None, b"%!PS-Adobe-3.0\n", "ps"),
    ("/figure.eps", None, b"\xc5\xd0\xd3\xc6binary eps", "ps"),
    ("/a", None, b"%!\n/Times-Roman findfont", "ps"),
    # TeX editors' magic comments are no PostScript (TeX Live's docs ship hundreds of them)
    ("/doc.tex", None, b"%!TEX program = lualatex\n\\documentclass{article}", None),
    ("/doc.tex", None, b"%!TeX TS-program = pdflatex\n", None),
    ("/notes.txt", None, b"%!BIB program = biber\n", "text"),
    ("/a.ps", None, b"%!TEXT is no magic comment", "ps"),
    ("/a.ps", "application/postscript", b"\x1f\x8b\x08\x00", "gz"),
    ("/a.ps.gz", "application/x-gzip", b"\x1f\x8b\x08\x08", "gz"),
    ("/a.tgz", None, b"\x1f\x8b\x08\x00", "gz"),
    ("/a.Z", None, b"\x1f\x9d\x90", "z"),
    ("/a.taz", None, b"", "z"),
    ("/a.tar", None, TAR_HEAD, "tar"),
    ("/a.zip", None, b"PK\x03\x04", "zip"),
    ("/a.docx", None, b"PK\x03\x04", "docx"),
    (
        "/a",
        None,
        b"PK\x03\x04" + b"\0" * 26 + b"mimetypeapplication/vnd.oasis.opendocument.text",
        "odt",
    ),
    ("/a.doc", None, OLE2, "doc"),
    ("/a.ppt", None, OLE2, "ppt"),
    ("/a", "application/vnd.ms-powerpoint", OLE2, "ppt"),
    ("/a", None, OLE2, "doc"),
    ("/a.rtf", None, b"{\\rtf1\\ansi", "rtf"),
    ("/notes.txt", None, b"plain words", "text"),
    ("/notes.txt", None, b"<html>shown as text</html>", "text"),
    ("/", "text/html; charset=utf-8", b"<p>hello", "html"),
    ("/dir/", None, b"\xef\xbb\xbf  <!doctype html><html>", "html"),
    ("/cgi/show", "text/plain", b"just text", "text"),
    ("/index.PHP", None, b"<p>hi</p>", "html"),
    ("/feed.xml", None, b"<?xml version='1.0'?><rss/>", "html"),
    ("/logo.png", "image/png", b"\x89PNG\r\n\x1a\n", None),
    ("/data.bin", None, b"\x00\x01\x02", None),
    ("/page", None, b"no markup, no type", None),
]


@pytest.mark.parametrize(("path", "content_type", "head", "kind"), SNIFF_TABLE)
def test_sniff_kind(path: str, content_type: str | None, head: bytes, kind: str | None) -> None:
    assert sniff_kind(path, content_type, head) == kind


@pytest.mark.parametrize(
    ("raw", "safe"),
    [
        ("dir/paper.pdf", "dir/paper.pdf"),
        ("./dir//paper.pdf", "dir/paper.pdf"),
        ("dir\\sub\\paper.pdf", "dir/sub/paper.pdf"),
        ("../paper.pdf", None),
        ("dir/../../paper.pdf", None),
        ("/etc/passwd", None),
        ("C:/boot.ini", None),
        ("new\nline.pdf", "new?line.pdf"),
        ("", None),
    ],
)
def test_safe_member_name(raw: str, safe: str | None) -> None:
    assert safe_member_name(raw) == safe


@pytest.mark.parametrize(
    ("data", "archive", "member"),
    [
        (docgen.gzip_bytes(b"x", "a47.ps"), "a47.ps.gz", "a47.ps"),
        (docgen.gzip_bytes(b"x", "../../etc/a47.ps"), "x.gz", "a47.ps"),
        (docgen.gzip_bytes(b"x"), "a47.ps.gz", "a47.ps"),
        (docgen.gzip_bytes(b"x"), "A47.PS.GZ", "A47.PS"),
        (docgen.gzip_bytes(b"x"), "bundle.tgz", "bundle.tar"),
        (docgen.compress_lzw(b"x"), "bundle.taz", "bundle.tar"),
        (docgen.compress_lzw(b"x"), "paper.ps.Z", "paper.ps"),
        (docgen.gzip_bytes(b"x"), "download", "download"),
    ],
)
def test_compressed_member_name(data: bytes, archive: str, member: str) -> None:
    assert compressed_member_name(data, archive) == member


def test_decode_text_fallbacks() -> None:
    assert decode_text("café".encode("cp1252")) == "café"
    assert decode_text("café".encode()) == "café"
    assert decode_text("\ufeffcafé".encode("utf-8")) == "café"
    assert decode_text("café".encode("iso-8859-2"), "iso-8859-2") == "café"
    assert decode_text(b"caf\xe9", "no-such-encoding") == "café"
    assert decode_text(b"\x81\x8d") == "\ufffd\ufffd"


def test_decode_text_takes_a_bom_over_a_declared_charset() -> None:
    """A site-wide ``charset=iso-8859-1`` must not turn a UTF-16 or UTF-8 file with a BOM
    into NULs and mojibake (decode_html and browsers do the same)."""
    assert decode_text("Fiala, café".encode("utf-16"), "iso-8859-1") == "Fiala, café"
    assert decode_text("\ufeffFiala, café".encode("utf-8"), "iso-8859-1") == "Fiala, café"
    assert decode_text("café".encode("iso-8859-2"), "iso-8859-2") == "café"


def test_decode_html_prefers_the_declared_header_to_meta() -> None:
    page = '<meta charset="utf-8"><p>Žluť</p>'.encode("iso-8859-2")
    assert "Žluť" in decode_html(page, "iso-8859-2")
    assert "Žluť" in decode_html('<meta charset="iso-8859-2"><p>Žluť</p>'.encode("iso-8859-2"))


@pytest.mark.parametrize("html, lines", [
    # a block after text, after an inline element, as its parent's first child after text
    ('<div class="csl-entry">Okafor 2006<div class="csl-block">Okafor, N. Tidal silt</div></div>',
     ["Okafor 2006", "Okafor, N. Tidal silt"]),
    ("<div><span>2006</span><div>European Commission</div></div>",
     ["2006", "European Commission"]),
    ("<div>Lagos<p>Harbour basins</p>, 1999</div>", ["Lagos", "Harbour basins", ", 1999"]),
    # blocks side by side, a list's items, a table's cells
    ('<div class="csl-left-margin">2006 </div><div class="csl-right-inline">Title</div>',
     ["2006", "Title"]),
    ("<ul><li>one</li><li>two</li></ul>", ["one", "two"]),
    ("<table><tr><td>1999</td><td>Tides</td></tr></table>", ["1999", "Tides"]),
    # inline elements run together as a reader sees them
    ("<p>Tid<b>al</b> <i>silt</i>, 1999</p>", ["Tidal silt, 1999"]),
])
def test_html_text_breaks_before_and_after_blocks(html: str, lines: list[str]) -> None:
    text = parse_html(f"<html><body>{html}</body></html>").text
    assert [line.strip() for line in text.split("\n") if line.strip()] == lines


@settings(max_examples=60, deadline=None)
@given(data=st.binary(max_size=3000), max_bits=st.integers(min_value=10, max_value=16))
def test_lzw_round_trip(data: bytes, max_bits: int) -> None:
    assert b"".join(decompress_lzw(docgen.compress_lzw(data, max_bits))) == data


@settings(max_examples=20, deadline=None)
@given(
    data=st.lists(
        st.sampled_from([b"ab", b"abc", b"\0" * 50, b"xyz", bytes(range(256))]), max_size=400
    ).map(b"".join)
)
def test_lzw_round_trip_through_table_resets(data: bytes) -> None:
    assert b"".join(decompress_lzw(docgen.compress_lzw(data, 10))) == data


@pytest.mark.parametrize("max_bits", [10, 12, 16])
def test_lzw_encoder_agrees_with_gzip(max_bits: int) -> None:
    """The fixture encoder is checked by gzip's own .Z decoder, so both sides are independent."""
    data = b"".join(f"line {n} of the reference list {n * n}\n".encode() for n in range(20000))
    packed = docgen.compress_lzw(data, max_bits)
    assert (
        subprocess.run(["gzip", "-dc"], input=packed, capture_output=True, check=True).stdout
        == data
    )
    assert b"".join(decompress_lzw(packed)) == data


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"\x1f\x8b\x90", "not a .Z file"),
        (b"\x1f\x9d\x88", "corrupt .Z header"),
        (b"\x1f\x9d\xf0", "corrupt .Z header"),
        (b"\x1f\x9d\x90\xff\xff\xff\xff", "corrupt .Z data"),
    ],
)
def test_lzw_rejects_corrupt_input(data: bytes, message: str) -> None:
    with pytest.raises(ExtractionError, match=message):
        b"".join(decompress_lzw(data))


def test_lzw_output_is_streamed_in_chunks() -> None:
    chunks = decompress_lzw(docgen.compress_lzw(b"\0" * 3_000_000))
    first = next(chunks)
    assert 0 < len(first) < 3_000_000


def test_bounded_reader_stops_a_bomb_early() -> None:
    produced = []

    def endless(size: int) -> bytes:
        produced.append(size)
        return b"\0" * size

    reader = BoundedReader(
        endless, packed_size=10_000, budget=Budget(10**9), max_ratio=200, label="gzip"
    )
    with pytest.raises(LimitError, match=r"^gzip bomb: compression ratio \d+ > 200$"):
        reader.read()
    assert sum(produced) <= 3 * 1024 * 1024


def test_budget_is_shared_by_readers() -> None:
    budget = Budget(3 * 1024 * 1024)
    for _ in range(3):
        BoundedReader(
            ChunkStream(iter([b"x" * 1024 * 1024])).read,
            packed_size=10**9,
            budget=budget,
            max_ratio=200,
            label="zip",
        ).read()
    with pytest.raises(LimitError, match="unpacked size over the limit of 3145728 bytes"):
        BoundedReader(
            lambda size: b"x", packed_size=1, budget=budget, max_ratio=200, label="zip"
        ).read(1)
    assert budget.exhausted


def test_small_files_never_count_as_bombs() -> None:
    check_ratio(500_000, 10, 200, "zip")
    with pytest.raises(LimitError):
        check_ratio(2_000_000, 10, 200, "zip")


def test_one_line() -> None:
    assert one_line("a\tb\r\nc\x00d") == "a b c d"
    assert len(one_line("x" * 1000)) == 300


@pytest.mark.parametrize("field", ["max_unpacked_bytes", "pdf_timeout", "max_archive_depth"])
@pytest.mark.parametrize("value", [0, -1, "10", True])
def test_limits_must_be_positive_numbers(field: str, value: object) -> None:
    with pytest.raises(ConfigError, match=f"extraction limit {field} must be a positive number"):
        ExtractionLimits(**{field: value})  # type: ignore[arg-type]


@pytest.mark.parametrize("printed, restored", [
    ("signi\x02cant", "significant"),  # Type 1 fonts: fi at 0x02, fl at 0x03
    ("shuf\x03ing", "shuffling"),
    ("e\x0bective", "effective"),  # TeX OT1: ff, fi, ffi, ffl at 0x0B, 0x0C, 0x0E, 0x0F
    ("T. Gri\x0eths and R. Je\x0berson", "T. Griffiths and R. Jefferson"),
    ("the \x0crst step", "the first step"),
    ("wa\x0fe", "waffle"),
    ("a \x02 b\x0c\n1\x0c2 x\x0c", "a \x02 b\x0c\n1\x0c2 x\x0c"),  # not in a word: left alone
    ("line\rend", "line\rend"),  # 0x0D (OT1 fl) is also a line end
])
def test_pypdf_ligature_codes_are_put_back_in_words(printed: str, restored: str) -> None:
    assert ligatures_restored(printed) == restored


EPS_HEAD = b"%!PS-Adobe-3.0 EPSF-3.0\n%%BoundingBox: 0 0 10 10\n"


@pytest.mark.parametrize("ps, pages", [
    (b"%!PS-Adobe-3.0\n%%Pages: 260\n%%EndComments\nshowpage\n", 260),
    (b"%!PS-Adobe-3.0\n%%Pages: (atend)\n%%EndComments\nshowpage\n%%Trailer\n%%Pages: 7\n", 7),
    (EPS_HEAD + b"%%EndComments\nshowpage\n", 1),  # an EPS file is one page by definition
    (EPS_HEAD + b"%%Pages: 0\n%%EndComments\n", 0),
    (b"%!PS\nshowpage\n", None),
    # an EPS figure embedded after the header declares its own page, not the document's
    (b"%!PS-Adobe-3.0\n%%EndComments\n%%BeginDocument: f.eps\n" + EPS_HEAD + b"%%Pages: 1\n", None),
])
def test_declared_pages(ps: bytes, pages: int | None) -> None:
    assert postscript.declared_pages(ps) == pages


def test_cpu_budget_per_declared_page() -> None:
    eps = EPS_HEAD + b"%%EndComments\n"
    assert postscript.cpu_budget(eps, 1.0, 60.0) == 1  # an EPS is one page
    assert postscript.cpu_budget(b"%!PS\n%%Pages: 0\n", 1.0, 60.0) == 1  # one page at least
    assert postscript.cpu_budget(b"%!PS\n%%Pages: 3\n", 1.0, 60.0) == 3
    assert postscript.cpu_budget(b"%!PS\n%%Pages: 9\n", 0.25, 60.0) == 3  # whole seconds, up
    assert postscript.cpu_budget(b"%!PS\n%%Pages: 260\n", 1.0, 60.0) is None  # the timeout rules
    assert postscript.cpu_budget(b"%!PS\nshowpage\n", 1.0, 60.0) is None


def test_converters_run_under_prlimit() -> None:
    argv = procs.resource_limited(["gs", "x.ps"], memory_bytes=2**30, file_bytes=2**20)
    assert shutil.which("prlimit") and argv[1:4] == [f"--as={2**30}", f"--fsize={2**20}",
                                                     "--core=0"]
    assert argv[-2:] == ["gs", "x.ps"]


def test_cpu_budget_goes_to_the_ghostscript_servers_cpu_limit(tmp_path) -> None:
    """Before each file, the server's soft RLIMIT_CPU is the CPU it used so far plus the
    file's budget (SIGXCPU there); a file without a budget lifts it to the hard limit."""
    import math
    import resource

    from citeseeker_scrapy.extraction.processes.ghostscript import GhostscriptServers, cpu_seconds

    servers = GhostscriptServers(postscript.server_argv(), tmp_path, memory_bytes=2**30,
                                 max_output=2**26)
    try:
        with servers.lease() as server:
            pid = server.process.pid
            _, hard = resource.prlimit(pid, resource.RLIMIT_CPU)
            server._limit_cpu(2)
            soft, kept_hard = resource.prlimit(pid, resource.RLIMIT_CPU)
            assert soft == math.ceil(cpu_seconds(pid)) + 2 and kept_hard == hard
            server._limit_cpu(None)
            assert resource.prlimit(pid, resource.RLIMIT_CPU) == (hard, hard)
    finally:
        servers.close()
