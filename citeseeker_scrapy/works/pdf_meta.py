"""What a PDF's own metadata says of its work: XMP and the document information dictionary.

Who calls it: the PDF parser worker (``extraction/processes/worker_main.py``) reads it
(:func:`pdf_meta`: the XMP packet parsed there, with the document PDFium opened, so nothing is
parsed twice and untrusted XML stays in the worker); the citation stage judges that reading
for a part that cites (:func:`pdf_candidates`), so a PDF that cites nothing costs only the
reading. Each value
is kept only when plausible: a title that names a file ("Microsoft Word - draft3.doc",
"paper.dvi"), a venue ("Proceedings of ...") or nothing ("untitled") is dropped, and so are
authors that are a login name, an organisation or a partial list. The information dictionary
is written by whatever program made the file, so its title and authors count only when the
first page prints them too. So does XMP: publishers' tools and hyperxmp write it on purpose,
but office programs and converters fill it from the same stale properties (Ghostscript copies
the information dictionary into it). A page 1 without text (a scan) checks nothing.
"""

from __future__ import annotations

import xml.etree.ElementTree as ElementTree
from functools import lru_cache
from typing import Any

from .fields import arxiv_of, clean_title, doi_of, folded, person_names, squeeze, surname, year_of
from .work import Candidate, candidate

#: Fewer characters of text than this on page 1: a scan, whose printed title cannot be checked.
MIN_PAGE_CHARS = 200
#: XMP packets of one PDF looked at, at most (images carry packets of their own).
MAX_PACKETS = 8
#: The longest XMP packet parsed.
MAX_PACKET_BYTES = 256 * 1024
_OPEN, _CLOSE = b"<x:xmpmeta", b"</x:xmpmeta>"
_NS = {"rdf": "http://www.w3.org/1999/02/22-rdf-syntax-ns#",
       "dc": "http://purl.org/dc/elements/1.1/",
       "prism": "http://prismstandard.org/namespaces/basic/2.0/",
       "prism1": "http://prismstandard.org/namespaces/basic/1.0/",
       "prism3": "http://prismstandard.org/namespaces/basic/3.0/",
       "pdfx": "http://ns.adobe.com/pdfx/1.3/"}


def xmp_candidate(data: bytes | memoryview, first_page: str | None = None) -> Candidate | None:
    """The work of the PDF's document XMP packet (found in its bytes: XMP is stored
    uncompressed so that any tool can find it), or None; with ``first_page`` (page 1's
    text), title and authors only when page 1 prints them."""
    found = []
    for packet in _packets(data):
        work = _packet_candidate(packet)
        if work is not None:
            found.append(work)
    best = max(found, key=len, default=None)
    return _printed_on(best, first_page) if best and first_page is not None else best


def _packets(data: bytes | memoryview) -> list[bytes]:
    """The XMP packets of a PDF's bytes (at most :data:`MAX_PACKETS`), found with
    ``bytes.find`` (a regular expression over a whole PDF cost milliseconds)."""
    packets: list[bytes] = []
    start = data.find(_OPEN)
    while start >= 0 and len(packets) < MAX_PACKETS:
        end = data.find(_CLOSE, start)
        if end < 0:
            break
        end += len(_CLOSE)
        if end - start <= MAX_PACKET_BYTES:
            packets.append(bytes(data[start:end]))
        start = data.find(_OPEN, end)
    return packets


def _packet_candidate(packet: bytes) -> Candidate | None:
    try:
        root = ElementTree.fromstring(packet)
    except ElementTree.ParseError:
        return None
    texts = _PacketTexts(root)
    identifiers = " ".join(texts.all("dc:identifier") + texts.all("prism:doi")
                           + texts.all("pdfx:doi"))
    return candidate(
        "xmp", title=clean_title(texts.first("dc:title")),
        authors=person_names(texts.all("dc:creator"), one_each=True),
        year=year_of(texts.first("prism:publicationDate") or texts.first("prism:coverDate")
                     or texts.first("dc:date")),
        venue=texts.first("prism:publicationName"),
        doi=doi_of(identifiers), arxiv=arxiv_of(identifiers))


class _PacketTexts:
    """The values of an XMP packet's properties, as elements or attributes, any PRISM
    version."""

    def __init__(self, root: ElementTree.Element) -> None:
        self.root = root

    def all(self, name: str) -> list[str]:
        prefix, local = name.split(":")
        spaces = [uri for key, uri in _NS.items() if key.rstrip("13") == prefix]
        values: list[str] = []
        for uri in spaces:
            tag = f"{{{uri}}}{local}"
            for element in self.root.iter(tag):
                items = [squeeze(li.text) for li in element.iter(f"{{{_NS['rdf']}}}li")]
                values += [v for v in items if v] or [v for v in [squeeze(element.text)] if v]
            for element in self.root.iter(f"{{{_NS['rdf']}}}Description"):
                if element.get(tag):
                    values.append(squeeze(element.get(tag)))
        return values

    def first(self, name: str) -> str | None:
        return next(iter(self.all(name)), None)


def info_candidate(info: dict[str, Any], first_page: str) -> Candidate | None:
    """The work of the document information dictionary (PDFium's ``Title``, ``Author``,
    ``Subject``, ``Keywords``): title and authors only when page 1 prints them."""
    subject = " ".join(str(info.get(key) or "") for key in ("Subject", "Keywords"))
    found = candidate("pdf-info", title=clean_title(info.get("Title")),
                      authors=person_names([info["Author"]]) if info.get("Author") else [],
                      doi=doi_of(subject), arxiv=arxiv_of(subject))
    return _printed_on(found, first_page) if found else None


def _printed_on(found: Candidate, first_page: str) -> Candidate | None:
    """``found`` without the title or authors page 1 does not print (all of them, by
    surname); None when nothing is left. A page with little text checks nothing."""
    if len(first_page.strip()) < MIN_PAGE_CHARS:
        return found
    page = _squashed_page(first_page)
    checked = dict(found)
    if "title" in checked and _squashed(checked["title"]) not in page:
        del checked["title"]
    if "authors" in checked and not all(_squashed(surname(a)) in page
                                        for a in checked["authors"]):
        del checked["authors"]
    return checked if len(checked) > 1 else None


def _squashed(text: str) -> str:
    return folded(text).replace(" ", "")


@lru_cache(maxsize=2)
def _squashed_page(text: str) -> str:
    """Page 1's text squashed once for both the XMP's and the document information's check."""
    return _squashed(text)


#: The information dictionary's entries a work is read from.
INFO_KEYS = ("Title", "Author", "Subject", "Keywords")


def pdf_meta(data: bytes | str, info: dict[str, Any], first_page: str,
             lines: list[Any] | None) -> dict[str, Any]:
    """What the parser worker hands back of a PDF (``data``: its bytes, or its file's path)
    for its work: the XMP packet's work (parsed there: untrusted XML stays in the worker),
    the information dictionary's entries, page 1's lines and the length of page 1's text.
    Who calls it: the parser worker, for every PDF. What it costs there is the reading; the
    judging (:func:`pdf_candidates`) waits for the documents that cite."""
    return {"xmp": _xmp_of(data), "info": {k: str(info[k]) for k in INFO_KEYS if info.get(k)},
            "lines": lines, "page_chars": len(first_page)}


def pdf_candidates(meta: dict[str, Any], text: str) -> list[Candidate]:
    """The candidates of a PDF part from what its worker handed back (:func:`pdf_meta`) and
    its ``text`` (page 1 is its head): XMP and the information dictionary as far as page 1
    prints them, page 1's layout. Who calls it: the citation stage, for a citing part."""
    from .first_page import first_page_candidate

    page = text[: int(meta.get("page_chars") or 0)]
    xmp = meta.get("xmp")
    found = [_printed_on(xmp, page) if xmp else None, info_candidate(meta.get("info") or {}, page),
             first_page_candidate(meta.get("lines"), page)]
    return [c for c in found if c]


def _xmp_of(data: bytes | str) -> Candidate | None:
    if isinstance(data, bytes):
        return xmp_candidate(data)
    import mmap

    try:
        with open(data, "rb") as file, mmap.mmap(file.fileno(), 0, access=mmap.ACCESS_READ) as m:
            return xmp_candidate(m)
    except (OSError, ValueError):
        return None
