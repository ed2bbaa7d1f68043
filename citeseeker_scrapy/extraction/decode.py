"""Bytes to text: the one owner of the text encoding of what the crawl reads.

Who calls it: the text readers (:func:`decode_html`, :func:`decode_text`), the document item
for the encoding it tells them (:func:`reader_encoding`), and the input files' reader
(``job/inputs.py``: :func:`bom_encoding`, :func:`is_utf8`). One table of byte-order marks, one
test of "valid UTF-8", one reading of a Content-Type's charset (:func:`charset_of`).

Why the cp1252 fallback: the pages CiteSeeker reads are often old hand-written HTML and text
files without any declared encoding; when they are not UTF-8 they are almost always Windows
Western (a superset of Latin-1 for printable text), and a wrong guess costs only the accented
letters, never the ASCII author names and titles the matcher needs.
"""

from __future__ import annotations

import codecs
from typing import Callable

from w3lib.encoding import html_to_unicode

FALLBACK_ENCODING = "cp1252"
#: Byte-order marks and the codec that reads past them (UTF-32 before UTF-16: the UTF-16 LE
#: mark is the start of the UTF-32 LE one).
BOMS = (
    (codecs.BOM_UTF32_LE, "utf-32"),
    (codecs.BOM_UTF32_BE, "utf-32"),
    (codecs.BOM_UTF8, "utf-8-sig"),
    (codecs.BOM_UTF16_LE, "utf-16"),
    (codecs.BOM_UTF16_BE, "utf-16"),
)


def charset_of(content_type: str | None) -> str | None:
    """The ``charset`` parameter of a Content-Type header value, if any."""
    for parameter in (content_type or "").split(";")[1:]:
        key, _, value = parameter.partition("=")
        if key.strip().lower() == "charset" and value.strip():
            return value.strip().strip("\"'")
    return None


def bom_encoding(body: bytes) -> str | None:
    """The codec a byte-order mark at the start of ``body`` names, or None."""
    return next((codec for bom, codec in BOMS if body.startswith(bom)), None)


def bytes_spell_ascii(head: bytes) -> bool:
    """Whether an ASCII word in this text is the same bytes (a search of the bytes finds it):
    not in UTF-16 or UTF-32, which put NULs beside each ASCII character. Who calls: the
    redirect middleware, looking for a refresh in a page's first bytes."""
    return b"\0" not in head


def is_utf8(body: bytes) -> bool:
    """Whether ``body`` is valid UTF-8 (ASCII is, at once)."""
    if body.isascii():
        return True
    try:
        body.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


def reader_encoding(content_type: str | None, body: bytes, guess: Callable[[], str]) -> str | None:
    """The encoding a document's text readers are told, or None: the readers then find the
    BOM or ``<meta>`` charset themselves, or decode UTF-8.

    Who calls it: ``DocumentItem.from_response`` and the render middleware's read-ahead
    (through ``document.item.reader_encoding``: both must give the same answer, it keys what
    was read). ``guess`` is Scrapy's ``response.encoding`` (the HTTP charset, else a BOM or a
    charset the body declares, else a guess), asked only when it is needed. Why not always:
    Scrapy's guess runs charset_normalizer over the whole body, on the crawler's main thread,
    to answer UTF-8 or ASCII (or worse) for a body that is valid UTF-8 and declares nothing
    over HTTP; for other bytes its guess (cp1250 for an undeclared Czech text, say) is still
    taken over the readers' cp1252 fallback."""
    if charset_of(content_type) is None and is_utf8(body):
        return None
    return guess()


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
    marked = bom_encoding(body)
    if marked is not None:
        return body.decode(marked, errors="replace")
    if declared and _known(declared):
        return body.decode(declared, errors="replace")
    try:
        return body.decode("utf-8")
    except UnicodeDecodeError:
        return body.decode(FALLBACK_ENCODING, errors="replace")


def _utf8_or_none(body: bytes) -> str | None:
    """Auto-detection for w3lib: UTF-8 when the bytes are valid UTF-8, else let it fall back."""
    return "utf-8" if is_utf8(body) else None


def _known(encoding: str) -> bool:
    """Whether Python knows ``encoding`` (servers declare made-up names)."""
    try:
        codecs.lookup(encoding)
    except LookupError:
        return False
    return True
