"""What a PDF's own metadata says of its work: XMP and the document information dictionary.

Who calls it: the PDF parser worker (``extraction/processes/worker_main.py``), with the
document PDFium opened and the text of its first page, so nothing is parsed twice. Each value
is kept only when plausible: a title that names a file ("Microsoft Word - draft3.doc",
"paper.dvi"), a venue ("Proceedings of ...") or nothing ("untitled") is dropped, and so are
authors that are a login name, an organisation or a partial list. The information dictionary
is written by whatever program made the file, so its title and authors count only when the
first page prints them too. So does XMP: publishers' tools and hyperxmp write it on purpose,
but office programs and converters fill it from the same stale properties (Ghostscript copies
the information dictionary into it). A page 1 without text (a scan) checks nothing.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ElementTree
from typing import Any

from .fields import arxiv_of, clean_title, doi_of, folded, person_names, squeeze, surname, year_of
from .work import Candidate, candidate

#: Fewer characters of text than this on page 1: a scan, whose printed title cannot be checked.
MIN_PAGE_CHARS = 200
#: XMP packets of one PDF looked at, at most (images carry packets of their own).
MAX_PACKETS = 8
#: The longest XMP packet parsed.
MAX_PACKET_BYTES = 256 * 1024
_PACKET = re.compile(rb"<x:xmpmeta\b.*?</x:xmpmeta>", re.DOTALL)
_NS = {"rdf": "http://www.w3.org/1999/02/22-rdf-syntax-ns#",
       "dc": "http://purl.org/dc/elements/1.1/",
       "prism": "http://prismstandard.org/namespaces/basic/2.0/",
       "prism1": "http://prismstandard.org/namespaces/basic/1.0/",
       "prism3": "http://prismstandard.org/namespaces/basic/3.0/",
       "pdfx": "http://ns.adobe.com/pdfx/1.3/"}


def xmp_candidate(data: bytes | memoryview, first_page: str = "") -> Candidate | None:
    """The work of the PDF's document XMP packet (found in its bytes: XMP is stored
    uncompressed so that any tool can find it), title and authors only when page 1
    (``first_page``, its text) prints them; or None."""
    found = []
    for count, match in enumerate(_PACKET.finditer(data)):
        if count >= MAX_PACKETS:
            break
        if len(match.group()) <= MAX_PACKET_BYTES:
            work = _packet_candidate(bytes(match.group()))
            if work is not None:
                found.append(work)
    best = max(found, key=len, default=None)
    return _printed_on(best, first_page) if best else None


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
    page = _squashed(first_page)
    checked = dict(found)
    if "title" in checked and _squashed(checked["title"]) not in page:
        del checked["title"]
    if "authors" in checked and not all(_squashed(surname(a)) in page
                                        for a in checked["authors"]):
        del checked["authors"]
    return checked if len(checked) > 1 else None


def _squashed(text: str) -> str:
    return folded(text).replace(" ", "")


def pdf_candidates(data: bytes | str, info: dict[str, Any], first_page: str,
                   lines: list[Any] | None) -> list[Candidate]:
    """Every candidate of one PDF (``data``: its bytes, or its file's path): XMP, the
    information dictionary, the first page. Who calls it: the parser worker."""
    from .first_page import first_page_candidate

    found = [_xmp_of(data, first_page), info_candidate(info, first_page),
             first_page_candidate(lines, first_page)]
    return [c for c in found if c]


def _xmp_of(data: bytes | str, first_page: str) -> Candidate | None:
    if isinstance(data, bytes):
        return xmp_candidate(data, first_page)
    import mmap

    try:
        with open(data, "rb") as file, mmap.mmap(file.fileno(), 0, access=mmap.ACCESS_READ) as m:
            return xmp_candidate(m, first_page)
    except (OSError, ValueError):
        return None
