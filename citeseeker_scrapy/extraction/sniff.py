"""Decide what a document (or an archive member) is, from its name, Content-Type and first bytes.

Why magic bytes first: web servers mislabel files all the time (PDFs as text/plain,
``.ps`` files served gzipped, PHP scripts returning PDFs), while a file's first bytes rarely lie.
Why an HTML check before a binary extension: a ``.pdf`` URL that answers with an HTML error page
is common, and that page is worth reading (and following) as HTML.
"""

from __future__ import annotations

import posixpath
import re

from ..urls import path_of
from .decode import BOMS

#: How many leading bytes the sniffer looks at (ustar sits at 257; %PDF may follow junk).
HEAD_BYTES = 2048
#: Where PDF readers accept the %PDF header (PDFium's own window).
PDF_HEADER_WINDOW = 1024

ARCHIVE_KINDS = frozenset({"zip", "gz", "z", "tar"})
OFFICE_ZIP_KINDS = frozenset({"docx", "pptx", "odt", "odp"})

#: Pages that servers generate or serve as HTML/XML (the thesis's list plus a few newer ones).
HTML_EXTENSIONS = (
    *("htm", "html", "shtml", "dhtml", "xhtml", "xml"),
    *("php", "php3", "php4", "php5", "phtml", "asp", "aspx", "jsp", "cfm"),
)
EXTENSION_KINDS: dict[str, str] = {
    **dict.fromkeys(HTML_EXTENSIONS, "html"),
    **dict.fromkeys(["txt", "text"], "text"),
    "pdf": "pdf",
    **dict.fromkeys(["ps", "eps"], "ps"),
    "rtf": "rtf",
    **dict.fromkeys(["doc", "dot"], "doc"),
    **dict.fromkeys(["ppt", "pps", "pot"], "ppt"),
    "docx": "docx",
    "pptx": "pptx",
    "odt": "odt",
    "odp": "odp",
    "zip": "zip",
    **dict.fromkeys(["gz", "tgz"], "gz"),
    **dict.fromkeys(["z", "taz"], "z"),
    "tar": "tar",
}

CONTENT_TYPE_KINDS: dict[str, str] = {
    **dict.fromkeys(["text/html", "application/xhtml+xml", "text/xml", "application/xml"], "html"),
    "text/plain": "text",
    **dict.fromkeys(["application/pdf", "application/x-pdf", "application/acrobat"], "pdf"),
    **dict.fromkeys(["application/postscript", "application/ps", "application/x-postscript"], "ps"),
    **dict.fromkeys(["application/rtf", "application/x-rtf", "text/rtf", "text/richtext"], "rtf"),
    "application/msword": "doc",
    **dict.fromkeys(["application/vnd.ms-powerpoint", "application/mspowerpoint"], "ppt"),
    "application/vnd.openxmlformats-officedocument.wordprocessingml.document": "docx",
    "application/vnd.openxmlformats-officedocument.presentationml.presentation": "pptx",
    "application/vnd.oasis.opendocument.text": "odt",
    "application/vnd.oasis.opendocument.presentation": "odp",
    **dict.fromkeys(
        ["application/zip", "application/x-zip", "application/x-zip-compressed"], "zip"
    ),
    **dict.fromkeys(["application/gzip", "application/x-gzip", "application/x-gunzip"], "gz"),
    "application/x-compress": "z",
    **dict.fromkeys(["application/x-tar", "application/x-gtar", "application/x-ustar"], "tar"),
}

_OLE2_MAGIC = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
_EPS_BINARY_MAGIC = b"\xc5\xd0\xd3\xc6"
_HTML_OPENINGS = (b"<!doctype html", b"<html", b"<head", b"<body", b"<?xml", b"<title", b"<!--")
_TEX_MAGIC_COMMENT = re.compile(rb"%!(?:TEX|BIB)\b", re.IGNORECASE)


def document_kind(url: str, content_type: str | None, body: bytes) -> str | None:
    """The type of a fetched document, decided once for the whole crawl. Who calls it: the
    document-type middleware for every response (so the render middleware and the spider read
    the type from the response's meta), and :class:`DocumentItem` for an item made without
    that middleware (another spider's); the pipelines and the extractor take the item's type
    as given. Archive members are sniffed where they are unpacked (:func:`sniff_kind`)."""
    return sniff_kind(path_of(url), content_type, body[:HEAD_BYTES])


def sniff_kind(path: str, content_type: str | None, head: bytes) -> str | None:
    """Kind of a document: "html", "text", "pdf", "ps", "rtf", "doc", "ppt", "docx", "pptx",
    "odt", "odp", "zip", "gz", "z" or "tar"; None when it is nothing we read.

    ``path`` is the URL path or member name (only its extension is used), ``head`` the first
    bytes of the body (:data:`HEAD_BYTES` are enough).
    """
    by_name = kind_from_name(path)
    by_type = kind_from_content_type(content_type)
    by_magic = kind_from_magic(head, by_name or by_type)
    if by_magic is not None:
        return by_magic
    if looks_like_html(head) and by_name not in ("text", "rtf"):
        return "html"
    return by_name or by_type


def kind_from_name(path: str) -> str | None:
    """Kind implied by the last path segment's extension (case-insensitive)."""
    name = posixpath.basename(path.rstrip("/")) if path else ""
    if "." not in name:
        return None
    return EXTENSION_KINDS.get(name.rsplit(".", 1)[1].lower())


def kind_from_content_type(content_type: str | None) -> str | None:
    """Kind implied by a Content-Type header value (parameters ignored)."""
    if not content_type:
        return None
    return CONTENT_TYPE_KINDS.get(content_type.split(";", 1)[0].strip().lower())


def kind_from_magic(head: bytes, hint: str | None) -> str | None:
    """Kind proven by the first bytes; ``hint`` only splits look-alike containers (OLE2, ZIP)."""
    if head.startswith((b"%!", b"\x04%!", _EPS_BINARY_MAGIC)) and not is_tex_magic_comment(head):
        return "ps"
    if head.startswith(b"%PDF-") or (hint == "pdf" and b"%PDF-" in head[:PDF_HEADER_WINDOW]):
        return "pdf"
    if head.startswith((b"PK\x03\x04", b"PK\x05\x06")):
        return _zip_flavour(head, hint)
    if head.startswith(b"\x1f\x8b"):
        return "gz"
    if head.startswith(b"\x1f\x9d"):
        return "z"
    if head[257:262] == b"ustar":
        return "tar"
    if head.startswith(b"{\\rtf"):
        return "rtf"
    if head.startswith(_OLE2_MAGIC):
        return hint if hint in ("doc", "ppt") else "doc"
    return None


def is_tex_magic_comment(head: bytes) -> bool:
    """A TeX source opening with an editor's magic comment ("%!TEX program = lualatex",
    "%!BIB ..."), not PostScript. Why: TeX Live's own documentation ships hundreds of such
    ``.tex.gz`` files; taken for PostScript, each cost a Ghostscript run and an errors.log line.
    """
    return _TEX_MAGIC_COMMENT.match(head) is not None


def _zip_flavour(head: bytes, hint: str | None) -> str:
    """Office packages are zips: trust the hint, else the ODF ``mimetype`` member's content."""
    if hint in OFFICE_ZIP_KINDS:
        return hint
    if b"application/vnd.oasis.opendocument.text" in head[:200]:
        return "odt"
    if b"application/vnd.oasis.opendocument.presentation" in head[:200]:
        return "odp"
    return "zip"


def looks_like_html(head: bytes) -> bool:
    """True when the first non-blank bytes open an HTML or XML document."""
    for bom, _ in BOMS:
        if head.startswith(bom):
            head = head[len(bom) :]
            break
    start = head[:1024].replace(b"\x00", b"").lstrip().lower()
    return start.startswith(_HTML_OPENINGS) or b"<html" in start
