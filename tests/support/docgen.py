"""Fixture generators for the extraction tests and benchmark: every file is made here, from code.

PostScript is written as text and distilled to PDF by Ghostscript (stdin to stdout, no files);
archives come from the standard library; .Z files from a small LZW encoder; DOCX/PPTX/ODT are
zips of minimal XML; DOC/PPT are minimal MS-CFB (OLE2) containers with a Word 97 text stream /
a PowerPoint TextBytesAtom, which is all catdoc/catppt read.
"""

from __future__ import annotations

import gzip
import io
import random
import struct
import subprocess
import tarfile
import zipfile
import zlib
from collections.abc import Iterable, Mapping, Sequence

CITATION = "Fiala, D.: Retrieving citations on the web. Proc. 2003"
#: The citation as the matcher sees it (lower case, single spaces).
CITATION_KEY = "fiala, d.: retrieving citations on the web. proc. 2003"

GS = ["gs", "-dSAFER", "-dBATCH", "-dNOPAUSE", "-q", "-sstdout=%stderr"]


def normalized(text: str) -> str:
    """Lower case, runs of white space as one space (what the matcher searches)."""
    return " ".join(text.lower().split())


# -- PostScript and PDF --------------------------------------------------------------------


def ps_string(text: str) -> str:
    """A PostScript string literal."""
    escaped = text.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")
    return f"({escaped})"


def postscript(pages: Sequence[Sequence[str]]) -> bytes:
    """A DSC-conforming PostScript file: one line of Times-Roman per string, top to bottom."""
    out = ["%!PS-Adobe-3.0", f"%%Pages: {len(pages)}", "%%EndComments"]
    for number, lines in enumerate(pages, 1):
        out += [f"%%Page: {number} {number}", "/Times-Roman findfont 10 scalefont setfont"]
        out += [
            f"72 {740 - 12 * row} moveto {ps_string(line)} show" for row, line in enumerate(lines)
        ]
        out.append("showpage")
    out.append("%%EOF")
    return ("\n".join(out) + "\n").encode("latin-1")


def two_column_postscript(pages: Sequence[tuple[Sequence[str], Sequence[str]]]) -> bytes:
    """PostScript pages with a left and a right column (the layout of most papers)."""
    out = ["%!PS-Adobe-3.0", f"%%Pages: {len(pages)}", "%%EndComments"]
    for number, (left, right) in enumerate(pages, 1):
        out += [f"%%Page: {number} {number}", "/Times-Roman findfont 9 scalefont setfont"]
        for x, column in ((54, left), (312, right)):
            out += [
                f"{x} {740 - 11 * row} moveto {ps_string(line)} show"
                for row, line in enumerate(column)
            ]
        out.append("showpage")
    out.append("%%EOF")
    return ("\n".join(out) + "\n").encode("latin-1")


def postscript_with_error(pages: Sequence[Sequence[str]]) -> bytes:
    """PostScript whose last page calls an undefined operator (Ghostscript stops there)."""
    head, _, tail = postscript(pages).rpartition(b"showpage")
    return head + b"no_such_operator\nshowpage" + tail


def looping_postscript() -> bytes:
    """A PostScript program that never ends (``{} loop``)."""
    return b"%!PS-Adobe-3.0\n%%Pages: 1\n%%EndComments\n{} loop\nshowpage\n%%EOF\n"


def slow_figure_postscript(iterations: int = 2_000_000_000) -> bytes:
    """A one-page EPS figure whose program computes for minutes before it draws its label
    (as a dense PSTricks plot can: TeX Live's fig_NoiseData_*.eps take ~10 s of CPU)."""
    return (b"%!PS-Adobe-3.0 EPSF-3.0\n%%BoundingBox: 0 0 200 50\n%%Pages: 1\n%%EndComments\n"
            + f"0 1 {iterations} {{ pop }} for\n".encode()
            + b"/Times-Roman findfont 10 scalefont setfont 10 10 moveto (label) show\n"
            + b"showpage\n%%EOF\n")


def ghostscript_pdf(ps: bytes, *extra_args: str) -> bytes:
    """Distill PostScript to PDF with Ghostscript's pdfwrite (stdin to stdout)."""
    argv = [*GS, "-sDEVICE=pdfwrite", *extra_args, "-sOutputFile=-", "-_"]
    result = subprocess.run(argv, input=ps, capture_output=True, check=True, timeout=120)
    return result.stdout


def pdf(pages: Sequence[Sequence[str]]) -> bytes:
    return ghostscript_pdf(postscript(pages))


def encrypted_pdf(pages: Sequence[Sequence[str]], user_password: str = "") -> bytes:
    """A PDF encrypted with an owner password (RC4 128) and the given user password."""
    args = ["-sOwnerPassword=owner-secret", "-dEncryptionR=3", "-dKeyLength=128"]
    if user_password:
        args.append(f"-sUserPassword={user_password}")
    return ghostscript_pdf(postscript(pages), *args)


def paper_pages(topic: str = "web crawling", citation: str = CITATION) -> list[list[str]]:
    """Two pages of a small paper whose reference list holds ``citation``."""
    filler = f"This paper is about {topic} and the retrieval of scientific documents."
    return [
        ["A Small Paper", "J. Author", *([filler] * 20)],
        [*([filler] * 5), "References", "[1] Smith, J.: Another paper. 1999", f"[2] {citation}"],
    ]


# -- archives ------------------------------------------------------------------------------


def gzip_bytes(data: bytes, name: str | None = None) -> bytes:
    """gzip ``data``; ``name`` goes into the FNAME header field (None: no name stored)."""
    buffer = io.BytesIO()
    with gzip.GzipFile(filename=name or "", fileobj=buffer, mode="wb", mtime=0) as stream:
        stream.write(data)
    return buffer.getvalue()


def zip_bytes(members: Mapping[str, bytes] | Iterable[tuple[str, bytes]]) -> bytes:
    """A deflated ZIP archive of the given (name, data) members."""
    items = members.items() if isinstance(members, Mapping) else members
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in items:
            archive.writestr(name, data)
    return buffer.getvalue()


def tar_bytes(members: Mapping[str, bytes], compression: str = "") -> bytes:
    """A TAR archive ("" plain, "gz" gzipped) of regular files."""
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode=f"w:{compression}") as archive:
        for name, data in members.items():
            info = tarfile.TarInfo(name)
            info.size = len(data)
            archive.addfile(info, io.BytesIO(data))
    return buffer.getvalue()


def hostile_tar(good_name: str, good_data: bytes) -> bytes:
    """A TAR with ``../`` and absolute paths, a symlink, a hard link and devices, plus one
    good member in the middle."""
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w", format=tarfile.GNU_FORMAT) as archive:
        _add_file(archive, "../../escape.html", b"<html><body>escaped</body></html>")
        _add_file(archive, "/etc/evil.txt", b"absolute")
        _add_file(archive, good_name, good_data)
        _add_special(archive, "link.pdf", tarfile.SYMTYPE, linkname="/etc/passwd")
        _add_special(archive, "hard.pdf", tarfile.LNKTYPE, linkname=good_name)
        _add_special(archive, "dev/sda", tarfile.BLKTYPE)
        _add_special(archive, "dev/tty", tarfile.CHRTYPE)
        _add_special(archive, "pipe", tarfile.FIFOTYPE)
    return buffer.getvalue()


def _add_file(archive: tarfile.TarFile, name: str, data: bytes) -> None:
    info = tarfile.TarInfo(name)
    info.size = len(data)
    archive.addfile(info, io.BytesIO(data))


def _add_special(archive: tarfile.TarFile, name: str, kind: bytes, linkname: str = "") -> None:
    info = tarfile.TarInfo(name)
    info.type = kind
    info.linkname = linkname
    archive.addfile(info)


def zip_bomb(unpacked_size: int = 50 * 1024 * 1024, name: str = "bomb.txt") -> bytes:
    """A ZIP whose one member is ``unpacked_size`` zero bytes (ratio about 1000:1)."""
    buffer = io.BytesIO()
    block = b"\0" * (1024 * 1024)
    with (
        zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive,
        archive.open(name, "w", force_zip64=True) as member,
    ):
        for _ in range(unpacked_size // len(block)):
            member.write(block)
    return buffer.getvalue()


def gzip_bomb(unpacked_size: int = 50 * 1024 * 1024, name: str = "bomb.ps") -> bytes:
    """A gzip file of ``unpacked_size`` zero bytes."""
    buffer = io.BytesIO()
    with gzip.GzipFile(filename=name, fileobj=buffer, mode="wb", mtime=0) as stream:
        block = b"\0" * (1024 * 1024)
        for _ in range(unpacked_size // len(block)):
            stream.write(block)
    return buffer.getvalue()


def compress_lzw(data: bytes, max_bits: int = 16) -> bytes:
    """Unix ``compress`` (.Z, block mode): LZW codes of 9..max_bits bits; when the table is full
    a CLEAR code resets it. Readable by ``gzip -d`` and ``uncompress``."""
    writer = _CodeWriter()
    table = {bytes([i]): i for i in range(256)}
    next_code, current = 257, b""
    for value in data:
        candidate = current + bytes([value])
        if candidate in table:
            current = candidate
            continue
        writer.write(table[current])
        if next_code > (1 << writer.width) - 1 and writer.width < max_bits:
            writer.set_width(writer.width + 1)
        if next_code < (1 << max_bits):
            table[candidate] = next_code
            next_code += 1
        else:
            writer.write(256)
            writer.set_width(9)
            table = {bytes([i]): i for i in range(256)}
            next_code = 257
        current = bytes([value])
    if current:
        writer.write(table[current])
    return b"\x1f\x9d" + bytes([0x80 | max_bits]) + writer.finish()


class _CodeWriter:
    """Little-endian bit packing of codes; a width change pads to a whole group of 8 codes."""

    def __init__(self) -> None:
        self.width = 9
        self._out = bytearray()
        self._bits = 0
        self._count = 0
        self._in_group = 0

    def write(self, code: int) -> None:
        self._bits |= code << self._count
        self._count += self.width
        self._in_group = (self._in_group + 1) % 8
        self._flush_bytes()

    def set_width(self, width: int) -> None:
        if self._in_group:
            self._count += (8 - self._in_group) * self.width
            self._in_group = 0
        self._flush_bytes()
        self.width = width

    def _flush_bytes(self) -> None:
        while self._count >= 8:
            self._out.append(self._bits & 0xFF)
            self._bits >>= 8
            self._count -= 8

    def finish(self) -> bytes:
        if self._count:
            self._out.append(self._bits & 0xFF)
        return bytes(self._out)


# -- HTML, text and office formats ---------------------------------------------------------


def html_page(text: str, links: Sequence[str] = (), charset: str = "utf-8") -> bytes:
    anchors = "".join(f'<li><a href="{href}">link</a></li>' for href in links)
    page = (
        f'<html><head><meta charset="{charset}"><title>Papers</title></head>'
        f"<body><h1>Publications</h1><p>{text}</p><ul>{anchors}</ul></body></html>"
    )
    return page.encode(charset)


def rtf(paragraphs: Sequence[str]) -> bytes:
    body = "".join(f"{{\\pard {p.replace(chr(92), chr(92) * 2)}\\par}}\n" for p in paragraphs)
    return (
        "{\\rtf1\\ansi\\ansicpg1252\\deff0{\\fonttbl{\\f0 Times New Roman;}}\n" + body + "}"
    ).encode("ascii")


def _xml_escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


_CONTENT_TYPES = b'<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>'
_PRESENTATION_NS = "http://schemas.openxmlformats.org/presentationml/2006/main"


def docx(paragraphs: Sequence[str]) -> bytes:
    w = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
    body = "".join(f"<w:p><w:r><w:t>{_xml_escape(p)}</w:t></w:r></w:p>" for p in paragraphs)
    document = f'<w:document xmlns:w="{w}"><w:body>{body}</w:body></w:document>'
    return zip_bytes(
        {"[Content_Types].xml": _CONTENT_TYPES, "word/document.xml": document.encode()}
    )


def pptx(slides: Sequence[str]) -> bytes:
    a = "http://schemas.openxmlformats.org/drawingml/2006/main"
    members = {
        "[Content_Types].xml": _CONTENT_TYPES,
        "ppt/presentation.xml": f'<p:presentation xmlns:p="{_PRESENTATION_NS}"/>'.encode(),
    }
    for number, text in enumerate(slides, 1):
        run = f"<a:p><a:r><a:t>{_xml_escape(text)}</a:t></a:r></a:p>"
        xml = (
            f'<p:sld xmlns:p="{_PRESENTATION_NS}" xmlns:a="{a}"><p:cSld><p:spTree><p:sp>'
            f"<p:txBody>{run}</p:txBody></p:sp></p:spTree></p:cSld></p:sld>"
        )
        members[f"ppt/slides/slide{number}.xml"] = xml.encode()
    return zip_bytes(members)


def odt(paragraphs: Sequence[str]) -> bytes:
    ns = (
        'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
        'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"'
    )
    body = "".join(f"<text:p>{_xml_escape(p)}</text:p>" for p in paragraphs)
    content = (
        f"<office:document-content {ns}><office:body><office:text>{body}</office:text>"
        "</office:body></office:document-content>"
    )
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("mimetype", b"application/vnd.oasis.opendocument.text", zipfile.ZIP_STORED)
        archive.writestr("content.xml", content.encode(), zipfile.ZIP_DEFLATED)
    return buffer.getvalue()


# -- Word 97 and PowerPoint 97 in a minimal MS-CFB (OLE2) container ------------------------

_ENDOFCHAIN, _FATSECT, _FREESECT, _NOSTREAM = 0xFFFFFFFE, 0xFFFFFFFD, 0xFFFFFFFF, 0xFFFFFFFF
_SECTOR = 512
_MIN_STREAM = 4096  # smaller streams would live in the mini stream, which we do not write


def ole2(streams: Mapping[str, bytes]) -> bytes:
    """A version-3 compound file: FAT in sector 0, directory in sector 1, then the streams
    (each padded with zero bytes to at least 4096, the size below which readers expect it in
    the mini stream)."""
    assert 1 <= len(streams) <= 3
    padded = [_pad(data, max(_MIN_STREAM, len(data))) for data in streams.values()]
    fat, starts, sector = [_FATSECT, _ENDOFCHAIN], [], 2
    for data in padded:
        count = len(data) // _SECTOR
        starts.append(sector)
        fat += [sector + i + 1 for i in range(count - 1)] + [_ENDOFCHAIN]
        sector += count
    assert len(fat) <= _SECTOR // 4
    fat_sector = struct.pack(f"<{_SECTOR // 4}I", *(fat + [_FREESECT] * (_SECTOR // 4 - len(fat))))
    entries = [_dir_entry("Root Entry", 5, _ENDOFCHAIN, 0, child=1)]
    for index, (name, data) in enumerate(zip(streams, padded, strict=True), 1):
        right = index + 1 if index < len(streams) else _NOSTREAM
        entries.append(_dir_entry(name, 2, starts[index - 1], len(data), right=right))
    directory = _pad(b"".join(entries), _SECTOR, filler=b"\0")
    return _ole_header() + fat_sector + directory + b"".join(padded)


def _pad(data: bytes, size: int, filler: bytes = b"\0") -> bytes:
    size = -(-size // _SECTOR) * _SECTOR
    return data + filler * (size - len(data))


def _ole_header() -> bytes:
    head = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\0" * 16
    head += struct.pack(
        "<HHHHH6sIIIIIIIII",
        0x3E,
        3,
        0xFFFE,
        9,
        6,
        b"\0" * 6,
        0,
        1,
        1,
        0,
        4096,
        _ENDOFCHAIN,
        0,
        _ENDOFCHAIN,
        0,
    )
    difat = [0] + [_FREESECT] * 108
    return head + struct.pack("<109I", *difat)


def _dir_entry(
    name: str, kind: int, start: int, size: int, child: int = _NOSTREAM, right: int = _NOSTREAM
) -> bytes:
    encoded = name.encode("utf-16-le") + b"\0\0"
    return struct.pack(
        "<64sHBBIII16sIQQIQ",
        encoded,
        len(encoded),
        kind,
        1,
        _NOSTREAM,
        right,
        child,
        b"\0" * 16,
        0,
        0,
        0,
        start,
        size,
    )


def word97_doc(text: str) -> bytes:
    """A Word 97 .doc: a FIB (magic A5EC, 8-bit text, not fast-saved) and the text at fcMin."""
    body = (text.replace("\n", "\r") + "\r").encode("cp1252")  # a paragraph mark ends the text
    fc_min = 1024
    fib = bytearray(fc_min)
    struct.pack_into("<HHHHH", fib, 0, 0xA5EC, 0x00C1, 0x2000, 0x0409, 0)
    struct.pack_into("<II", fib, 24, fc_min, fc_min + len(body))
    return ole2({"WordDocument": bytes(fib) + body})


def powerpoint97_ppt(slides: Sequence[str]) -> bytes:
    """A PowerPoint 97 .ppt whose "PowerPoint Document" stream holds one TextBytesAtom per slide."""
    records = b"".join(
        struct.pack("<HHI", 0, 0x0FA8, len(s.encode("cp1252"))) + s.encode("cp1252") for s in slides
    )
    return ole2({"PowerPoint Document": records})


# -- benchmark documents -------------------------------------------------------------------

_SURNAMES = (
    "Novak Svoboda Dvorak Cerny Prochazka Kucera Vesely Horak Nemec Pokorny Marek Pospisil"
).split()
_WORDS = (
    "adaptive mesh rendering texture volume curvature shadow lighting fractal spline surface "
    "radiosity geodesic polygon scattering illumination sampling filtering wavelet compression "
    "reconstruction segmentation tracking motion silhouette visibility occlusion"
).split()


def planted_citations(seed: int, count: int) -> list[str]:
    """Citation strings "Surname, X.: Title words. Proc. Year" to plant in generated papers."""
    rng = random.Random(seed)
    return [
        f"{rng.choice(_SURNAMES)}, {rng.choice('ABCDEFGHJKLMNPRST')}.: "
        f"{' '.join(rng.choice(_WORDS) for _ in range(rng.randint(4, 7))).capitalize()}. "
        f"Proc. {rng.randint(1985, 2002)}"
        for _ in range(count)
    ]


def two_column_paper(seed: int, pages: int = 8, citations: int = 6) -> tuple[bytes, list[str]]:
    """A two-column PostScript paper whose last page's right column lists planted references,
    each wrapped over two lines; returns (PostScript, citations)."""
    rng = random.Random(seed)
    planted = planted_citations(seed, citations)

    def filler_line() -> str:
        return " ".join(rng.choice(_WORDS) for _ in range(7))

    layout = [
        ([filler_line() for _ in range(60)], [filler_line() for _ in range(60)])
        for _ in range(pages - 1)
    ]
    references = ["References"]
    for number, citation in enumerate(planted, 1):
        words = f"[{number}] {citation}".split()
        references += [" ".join(words[: len(words) // 2]), " ".join(words[len(words) // 2 :])]
    layout.append(([filler_line() for _ in range(60)], references))
    return two_column_postscript(layout), planted


# -- hostile files ---------------------------------------------------------------------------


def pdf_with_content(content_stream: bytes) -> bytes:
    """A one-page PDF whose page content is ``content_stream`` (already Flate-compressed)."""
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << >> >>",
        b"<< /Length %d /Filter /FlateDecode >>\nstream\n" % len(content_stream)
        + content_stream
        + b"\nendstream",
    ]
    return pdf_file(objects)


def pdf_file(objects: list[bytes]) -> bytes:
    """A PDF file of ``objects`` (numbered from 1, the catalog first), with its xref table."""
    out, offsets = bytearray(b"%PDF-1.4\n"), []
    for number, body in enumerate(objects, 1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % number + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % offset for offset in offsets)
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (
        len(objects) + 1,
        xref,
    )
    return bytes(out)


def pdf_bomb(unpacked_mib: int = 400) -> bytes:
    """A PDF whose page content inflates to ``unpacked_mib`` MiB of drawing commands: a PDF
    engine must hold it all, so it exceeds a small parser memory limit."""
    compressor = zlib.compressobj(9)
    chunk = b"0 0 m 1 1 l S\n" * 74898  # ~1 MiB
    body = b"".join(compressor.compress(chunk) for _ in range(unpacked_mib)) + compressor.flush()
    return pdf_with_content(body)


def unsafe_zip(good_name: str, good_data: bytes) -> bytes:
    """A ZIP with a ``../`` path, an absolute path and a Unix symlink around one good member."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("../../escape.html", b"<html>escaped</html>")
        archive.writestr("/tmp/absolute.txt", b"absolute")
        archive.writestr(good_name, good_data)
        link = zipfile.ZipInfo("link.pdf")
        link.create_system = 3
        link.external_attr = 0o120777 << 16
        archive.writestr(link, b"/etc/passwd")
    return buffer.getvalue()


def nested_zips(depth: int, leaf_name: str, leaf_data: bytes) -> bytes:
    """``depth`` zips inside each other: level1.zip holds level2.zip ... holds the leaf."""
    data = zip_bytes({leaf_name: leaf_data})
    for level in range(depth - 1, 0, -1):
        data = zip_bytes(
            {f"level{level + 1}.zip": data, f"page{level}.html": html_page(f"level {level}")}
        )
    return data


def page(title: str, body: str, links: Sequence[str] = ()) -> str:
    """An HTML page with a title, a heading, a paragraph and a list of links."""
    anchors = "".join(f'<li><a href="{href}">{href}</a></li>' for href in links)
    return f"<html><head><title>{title}</title></head><body><h1>{title}</h1>" \
           f"<p>{body}</p><ul>{anchors}</ul></body></html>"
