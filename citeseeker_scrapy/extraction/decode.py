"""Bytes to text for HTML-like and plain-text documents.

Why the cp1252 fallback: the pages CiteSeeker reads are often old hand-written HTML and text
files without any declared encoding; when they are not UTF-8 they are almost always Windows
Western (a superset of Latin-1 for printable text), and a wrong guess costs only the accented
letters, never the ASCII author names and titles the matcher needs.
"""

from __future__ import annotations

import codecs

from w3lib.encoding import html_to_unicode

FALLBACK_ENCODING = "cp1252"
_BOM_ENCODINGS = (
    (codecs.BOM_UTF32_LE, "utf-32"),
    (codecs.BOM_UTF32_BE, "utf-32"),
    (codecs.BOM_UTF8, "utf-8-sig"),
    (codecs.BOM_UTF16_LE, "utf-16"),
    (codecs.BOM_UTF16_BE, "utf-16"),
)


def decode_html(body: bytes, declared: str | None = None) -> str:
    """Decode HTML like a browser: BOM, declared (HTTP) charset, <meta> charset, UTF-8, cp1252."""
    header = f"text/html; charset={declared}" if declared and _known(declared) else None
    _, text = html_to_unicode(
        header, body, default_encoding=FALLBACK_ENCODING, auto_detect_fun=_utf8_or_none
    )
    return text


def decode_text(body: bytes, declared: str | None = None) -> str:
    """Decode a plain-text file: BOM, declared encoding, strict UTF-8, else cp1252.

    Why the BOM before the declared encoding: as in :func:`decode_html` and in browsers, a BOM
    is the file's own word and a server's charset is often a site-wide default; a UTF-16 text
    served as ``charset=iso-8859-1`` would otherwise be read as every other byte a NUL, and no
    name in it would match."""
    for bom, encoding in _BOM_ENCODINGS:
        if body.startswith(bom):
            return body.decode(encoding, errors="replace")
    if declared and _known(declared):
        return body.decode(declared, errors="replace")
    try:
        return body.decode("utf-8")
    except UnicodeDecodeError:
        return body.decode(FALLBACK_ENCODING, errors="replace")


def _utf8_or_none(body: bytes) -> str | None:
    """Auto-detection for w3lib: UTF-8 when the bytes are valid UTF-8, else let it fall back."""
    try:
        body.decode("utf-8")
    except UnicodeDecodeError:
        return None
    return "utf-8"


def _known(encoding: str) -> bool:
    """Whether Python knows ``encoding`` (servers declare made-up names)."""
    try:
        codecs.lookup(encoding)
    except LookupError:
        return False
    return True
