"""Text of office documents: Word/PowerPoint 97 (catdoc, catppt) and DOCX, PPTX, ODT, ODP.

Why catdoc/catppt: the binary Office formats need a real parser, and these small C tools
(Debian package ``catdoc``) print just the text, fast; they run as subprocesses with a timeout,
a memory limit and their own process group, like Ghostscript.
Why no library for the XML formats: they are zips of XML; the standard zip reader (through our
bomb-safe member reader) and lxml with entities and network disabled are enough and safe.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import lxml.etree

from ..exceptions import ExtractionError
from .archives import CORRUPTION_ERRORS, Member, Skipped, open_zip, zip_members, zip_names
from .model import ExtractionLimits
from citeseeker_scrapy.extraction.processes.limits import child_environment, resource_limited, run_bounded
from .streams import Budget

_W = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"
_A = "{http://schemas.openxmlformats.org/drawingml/2006/main}"
_TEXT = "{urn:oasis:names:tc:opendocument:xmlns:text:1.0}"
_ODF_MIMETYPES = {
    b"application/vnd.oasis.opendocument.text": "odt",
    b"application/vnd.oasis.opendocument.presentation": "odp",
}
#: DOCX parts that hold running text (footnotes and endnotes often hold the references).
DOCX_PARTS = re.compile(r"^word/(document|footnotes|endnotes)\.xml$")
PPTX_SLIDE = re.compile(r"^ppt/slides/slide(\d+)\.xml$")
CATDOC_PROGRAMS = {"doc": "catdoc", "ppt": "catppt"}
MAX_MIMETYPE_BYTES = 200


def office_kind_of_zip(data: bytes) -> str | None:
    """The office format of a zip ("docx", "pptx", "odt", "odp"), else None."""
    try:
        names = set(zip_names(data))
    except ExtractionError:
        return None
    if "word/document.xml" in names:
        return "docx"
    if "ppt/presentation.xml" in names:
        return "pptx"
    if "content.xml" in names and "mimetype" in names:
        return _ODF_MIMETYPES.get(_odf_mimetype(data), "odt")
    return None


def _odf_mimetype(data: bytes) -> bytes:
    """The ODF ``mimetype`` member (stored uncompressed first, by the ODF rules)."""
    with open_zip(data) as archive:
        info = archive.getinfo("mimetype")
        if info.file_size > MAX_MIMETYPE_BYTES:
            return b""
        try:
            return archive.read(info).strip()
        except (*CORRUPTION_ERRORS, NotImplementedError, RuntimeError):
            return b""


def package_text(kind: str, data: bytes, budget: Budget, limits: ExtractionLimits) -> str:
    """Text of a DOCX, PPTX, ODT or ODP package, in reading order."""
    if kind == "docx":
        parts = _parts(data, budget, limits, lambda name: bool(DOCX_PARTS.match(name)))
        return "\n".join(_ooxml_text(part.data, _W) for part in _docx_order(parts))
    if kind == "pptx":
        parts = _parts(data, budget, limits, lambda name: bool(PPTX_SLIDE.match(name)))
        return "\n".join(_ooxml_text(part.data, _A) for part in _slide_order(parts))
    parts = _parts(data, budget, limits, lambda name: name == "content.xml")
    return "\n".join(_odf_text(part.data) for part in parts)


def _parts(
    data: bytes, budget: Budget, limits: ExtractionLimits, select: Callable[[str], bool]
) -> list[Member]:
    parts: list[Member] = []
    for entry in zip_members(data, budget, limits, select=select):
        if isinstance(entry, Skipped):
            raise ExtractionError(f"{entry.name}: {entry.reason}")
        parts.append(entry)
    if not parts:
        raise ExtractionError("office package without text parts")
    return parts


def _docx_order(parts: Iterable[Member]) -> list[Member]:
    order = {"word/document.xml": 0, "word/footnotes.xml": 1, "word/endnotes.xml": 2}
    return sorted(parts, key=lambda part: order.get(part.name, 3))


def _slide_order(parts: Iterable[Member]) -> list[Member]:
    return sorted(parts, key=lambda part: int(PPTX_SLIDE.match(part.name).group(1)))  # type: ignore[union-attr]


def _parse_xml(data: bytes) -> Any:  # an lxml element (its class is private to lxml)
    """Parse untrusted XML: no DTDs, no entity expansion, no network (no XXE, no billion laughs)."""
    parser = lxml.etree.XMLParser(
        resolve_entities=False, no_network=True, load_dtd=False, huge_tree=False, recover=True
    )
    try:
        root = lxml.etree.fromstring(data, parser)
    except lxml.etree.XMLSyntaxError as e:
        raise ExtractionError(f"corrupt office XML: {e}") from e
    if root is None:
        raise ExtractionError("corrupt office XML: empty document")
    return root


def _ooxml_text(data: bytes, namespace: str) -> str:
    """Text of w:t / a:t runs, a line break after each paragraph, tabs and breaks kept."""
    text_tag, paragraph, tab, line_break = (namespace + tag for tag in ("t", "p", "tab", "br"))
    chunks: list[str] = []
    for event, element in lxml.etree.iterwalk(_parse_xml(data), events=("start", "end")):
        if event == "start" and element.tag == text_tag:
            chunks.append(element.text or "")
        elif event == "start" and element.tag in (tab, line_break):
            chunks.append("\t" if element.tag == tab else "\n")
        elif event == "end" and element.tag == paragraph:
            chunks.append("\n")
    return "".join(chunks)


def _odf_text(data: bytes) -> str:
    """All text of an ODF content.xml, a line break after each paragraph or heading."""
    blocks = {_TEXT + "p", _TEXT + "h", _TEXT + "line-break"}
    spaces = {_TEXT + "s": " ", _TEXT + "tab": "\t"}
    chunks: list[str] = []
    for event, element in lxml.etree.iterwalk(_parse_xml(data), events=("start", "end")):
        if event == "start":
            count = int(element.get(_TEXT + "c", "1") or 1) if element.tag == _TEXT + "s" else 1
            chunks.append(spaces.get(element.tag, "") * min(count, 100) + (element.text or ""))
            continue
        if element.tag in blocks:
            chunks.append("\n")
        chunks.append(element.tail or "")
    return "".join(chunks)


def binary_office_text(
    kind: str, data: bytes, scratch: Path, *, timeout: float, max_output: int, memory_bytes: int
) -> tuple[str, str]:
    """Text of a Word 97 (.doc) or PowerPoint 97 (.ppt) file via catdoc/catppt, and the
    program's failure ("" if none) when it printed some text before failing."""
    program = CATDOC_PROGRAMS[kind]
    source = scratch / f"document.{kind}"
    source.write_bytes(data)
    try:
        argv = [program, "-d", "utf-8", *(["-w"] if kind == "doc" else []), str(source)]
        finished = run_bounded(
            resource_limited(argv, memory_bytes=memory_bytes, file_bytes=max_output),
            timeout=timeout,
            max_output=max_output,
            cwd=scratch,
            env=child_environment(scratch),
            what=program,
        )
    finally:
        source.unlink(missing_ok=True)
    text = finished.output.decode("utf-8", "replace")
    if finished.failure and not text.strip():
        raise ExtractionError(finished.failure)
    return text, finished.failure
