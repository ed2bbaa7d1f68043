"""PDF reading: the text of a PDF (or of a share of its pages) from PDFium, then pypdf.

Who calls it: the parser worker's ``pdf`` task (``processes/worker_main.py``), which runs it in
a separate process because PDF libraries hang or exhaust memory on hostile files; tests and
benchmarks call :func:`pdf_text` in-process. It imports only the standard library, the parsers
(when first needed) and the text-cut rule of ``model``, so a worker stays small.

What it decides: which engine reads (PDFium, pypdf as the lenient fallback), which pages are read
of a long document (its two ends, ``model.end_chars``), a page's lines in reading order where a
browser painted a margin column first (``pdf_order``), PDFium's soft hyphens and pypdf's
unmapped ligature codes, and what page 1 says of its work (``works.pdf_meta``) when asked.
"""

from __future__ import annotations

import io
import re
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any, NamedTuple

from ..hyphens import WORD_GOES_ON
from ..settings_table import default_of
from .model import end_chars, ends_kept, error_text
from .pdf_order import painted_by_a_browser, reading_order

PDF_ENGINES = ("pdfium", "pypdf")

Header = dict[str, Any]


class PdfError(Exception):
    """A PDF no engine could read, or a share of pages that does not exist; its message goes
    to the crawler's error log as is."""


class PasswordRequired(PdfError):
    """The PDF is encrypted with a user password (an empty one is tried first)."""

    def __init__(self) -> None:
        super().__init__("encrypted PDF needs a password")



def pdf_text(
    data: bytes | str, engines: Sequence[str] = PDF_ENGINES, max_chars: int = default_of("CITESEEKER_MAX_TEXT_CHARS"),
    part: tuple[int, int] = (0, 1), work: bool = False,
) -> tuple[Header, str]:
    """Text of a PDF (of its ``part`` = (index, parts) share of the pages) from the first
    engine that can read it: PDFium (fast), then pypdf. ``data`` is the PDF or its file's path.
    With ``work``, the part that holds page 1 read by PDFium also gives what the PDF says of
    its work (header ``work``: ``works.pdf_meta.pdf_meta``, judged by the citation stage).

    Why the fallback: PDFium refuses some damaged files that pypdf's lenient parser repairs
    (e.g. junk before the header, beyond PDFium's 1 KiB window).
    """
    failures: list[str] = []
    for engine in engines:
        try:
            texts, meta = _read_pdf(engine, data, max_chars, part, work)
        except PasswordRequired:
            raise  # every engine has tried the empty password: pypdf would only cost time
        except Exception as e:
            failures.append(f"{engine}: {error_text(e)}")
            continue
        header = {"engine": engine, "pages": texts.count, "read": texts.read, "cut": texts.cut,
                  "failures": failures}
        if meta is not None:
            header["work"] = meta
        return header, texts.text
    if any("PasswordRequired" in failure for failure in failures):
        raise PasswordRequired()
    raise PdfError("unreadable PDF (" + "; ".join(failures) + ")")


def _read_pdf(engine: str, data: bytes | str, max_chars: int, part: tuple[int, int],
              work: bool) -> tuple[PageTexts, Header | None]:
    """One engine's text of ``part``, and with ``work`` (PDFium only) the work's candidates."""
    if engine == "pdfium":
        return _pdfium_text(data, max_chars, part, work)
    return PDF_READERS[engine](data, max_chars, part), None


#: PDFium's document keeps every font, image and object it has parsed until it is closed, so
#: a long manual grows the worker page after page for the same text. Reopening the document
#: every so many pages bounds it, at no measurable CPU cost.
REOPEN_PAGES = 100


class _PdfiumPages:
    """Page texts of one PDF, the document reopened every :data:`REOPEN_PAGES` pages."""

    def __init__(self, data: bytes | str, first_page_layout: bool = False) -> None:
        self._data = data
        self._opened_at = 0
        self.document = self._open()
        self.count = len(self.document)
        #: Whether the page texts are put in reading order (``pdf_order``).
        self.browser_printed = painted_by_a_browser(
            self.document.get_metadata_dict().get("Producer", ""))
        #: Page 1's text, and its lines with their type sizes when ``first_page_layout``
        #: (``works.first_page.page_lines``), once page 1 is read.
        self.first_text: str | None = None
        self.first_lines: list[Any] | None = None
        self.layout_error = ""
        self._first_page_layout = first_page_layout

    def start_at(self, index: int) -> None:
        """The first page read will be ``index`` (a part of the document): count from there."""
        self._opened_at = index

    def _open(self) -> Any:
        import pypdfium2 as pdfium

        try:
            return pdfium.PdfDocument(self._data)
        except pdfium.PdfiumError as e:
            if "password" in str(e).lower():
                raise PasswordRequired() from e
            raise

    def text(self, index: int) -> str:
        if abs(index - self._opened_at) >= REOPEN_PAGES:  # the end is read backwards
            self.document.close()
            self.document, self._opened_at = self._open(), index
        if index == 0:
            self.first_text, self.first_lines, self.layout_error = _pdfium_first_page(
                self.document, self._first_page_layout, self.browser_printed)
            return self.first_text
        return _pdfium_page(self.document, index, self.browser_printed)

    def work(self) -> Header:
        """What the PDF says of its work: XMP, the information dictionary, page 1's layout.
        A failure here is said (``error``), never the text's failure: metadata of any shape
        must not cost a document its text."""
        from citeseeker_scrapy.works.pdf_meta import pdf_meta

        try:
            meta = pdf_meta(self._data, self.document.get_metadata_dict(),
                            self.first_text or "", self.first_lines)
        except MemoryError:
            raise
        except Exception as e:  # noqa: BLE001 - a hostile file's metadata
            return {"error": error_text(e)}
        return {**meta, "error": self.layout_error} if self.layout_error else meta

    def close(self) -> None:
        self.document.close()


def _pdfium_text(
    data: bytes | str, max_chars: int, part: tuple[int, int], work: bool = False,
) -> tuple[PageTexts, Header | None]:
    pages = _PdfiumPages(data, first_page_layout=work)
    try:
        read = page_range(pages.count, part)
        pages.start_at(read.start)
        texts = _collect_pages(pages.count, read, pages.text, max_chars)
        meta = pages.work() if work and read.start == 0 else None
        return texts, meta
    finally:
        pages.close()


#: What PDFium's text gives for a soft (line-end) hyphen: a noncharacter, never real text.
PDFIUM_SOFT_HYPHEN = "\ufffe"


@contextmanager
def _text_page(document: Any, index: int) -> Iterator[tuple[Any, Any]]:
    """Page ``index`` of a PDFium document and its text page, both closed when the reader is
    done (PDFium's handles hold the page's memory until closed, whatever Python collects).
    Who opens one: :func:`_pdfium_page` for each page, :func:`_pdfium_first_page` for page 1."""
    page = document[index]
    try:
        textpage = page.get_textpage()
        try:
            yield page, textpage
        finally:
            textpage.close()
    finally:
        page.close()


def _pdfium_page(document: Any, index: int, browser_printed: bool) -> str:
    with _text_page(document, index) as (_, textpage):
        text = textpage.get_text_range()
        return _plain(reading_order(textpage, text) if browser_printed else text)


#: A soft hyphen the word's second half follows (``WORD_GOES_ON``: "the latex\ufffecompanion",
#: not "A. B. FRANKLIN\ufffeG. C. WHITE").
_SOFT_HYPHEN_IN_WORD = re.compile(PDFIUM_SOFT_HYPHEN + WORD_GOES_ON)


def _plain(text: str) -> str:
    """PDFium's page text with Unix line ends and its line-end hyphens resolved.

    PDFium marks a hyphen that ends a line after a letter as U+FFFE and joins the line to the
    next text on the page when that starts with a letter or a digit. A letter is the word's
    second half: the mark is dropped ("latex" + "companion"). A digit is no half of a word (the
    page number under the page's last line: "self\ufffe1", the word's half is on the next
    page), nor is an initial (the next name of an author list a style joins with hyphens):
    the hyphen and the line break are put back as printed ("self-" newline "1").
    """
    text = _SOFT_HYPHEN_IN_WORD.sub("", text.replace("\r\n", "\n"))
    return text.replace(PDFIUM_SOFT_HYPHEN, "-\n")


def _pdfium_first_page(document: Any, layout: bool, browser_printed: bool
                       ) -> tuple[str, list[Any] | None, str]:
    """Page 1's text and, with ``layout``, its lines with their type sizes (read from the
    same text page: ``works.page_layout.page_lines``), and why they could not be read."""
    with _text_page(document, 0) as (page, textpage):
        raw_text = textpage.get_text_range()
        text = reading_order(textpage, raw_text) if browser_printed else raw_text
        return _plain(text), *_first_page_lines(textpage, raw_text, page, layout)


def _first_page_lines(textpage: Any, raw_text: str, page: Any,
                      layout: bool) -> tuple[list[Any] | None, str]:
    if not layout:
        return None, ""
    from citeseeker_scrapy.works.page_layout import page_lines

    try:
        return page_lines(textpage, raw_text, page.get_size()), ""
    except MemoryError:
        raise
    except Exception as e:  # noqa: BLE001 - the text stays the page's, whatever its layout
        return None, error_text(e)


def _pypdf_text(data: bytes | str, max_chars: int, part: tuple[int, int]) -> PageTexts:
    import pypdf

    reader = pypdf.PdfReader(data if isinstance(data, str) else io.BytesIO(data), strict=False)
    if reader.is_encrypted and not reader.decrypt(""):
        raise PasswordRequired()
    pages = reader.pages
    return _collect_pages(
        len(pages), page_range(len(pages), part),
        lambda index: ligatures_restored(pages[index].extract_text() or ""), max_chars)


#: What pypdf prints for a ligature glyph it cannot map to Unicode (a font with a built-in
#: encoding and no ToUnicode map): the glyph's code. TeX's OT1 fonts put ff, fi, ffi, ffl at
#: 0x0B, 0x0C, 0x0E, 0x0F; other Type 1 fonts put fi, fl at 0x02, 0x03 (seen in the corpus:
#: "signi\x02cant", "shuf\x03ing", "e\x0bective", "e\x0ecient"). 0x0D (OT1 fl) is left alone:
#: it is also a line end.
_LIGATURE_CODES = {"\x02": "fi", "\x03": "fl", "\x0b": "ff", "\x0c": "fi", "\x0e": "ffi",
                   "\x0f": "ffl"}
#: A code inside or at the start of a word, before a letter: "e\x0bective", " \x0crst".
_LIGATURE_CODE = re.compile(r"(?:(?<=[^\W\d_])|(?<!\S))[\x02\x03\x0b\x0c\x0e\x0f](?=[^\W\d_])")


def ligatures_restored(text: str) -> str:
    """``text`` with pypdf's unmapped ligature codes in words put back as letters.

    Else "Gri\x0eths" is no "Griffiths" and "\x0b" (a vertical tab) splits "e ective".
    """
    if not any(code in text for code in _LIGATURE_CODES):
        return text
    return _LIGATURE_CODE.sub(lambda code: _LIGATURE_CODES[code.group()], text)


def page_range(count: int, part: tuple[int, int]) -> range:
    """The pages of ``part`` = (index, parts): the index-th of ``parts`` runs of equal length."""
    index, parts = part
    if not 0 <= index < parts:
        raise PdfError(f"bad part {index} of {parts}")
    return range(count * index // parts, count * (index + 1) // parts)


class PageTexts(NamedTuple):
    """What a PDF engine read: the text (at most ``max_chars``), the document's page count,
    the pages of the part asked for, and whether the text was cut (``model.ends_kept``)."""

    text: str
    count: int
    read: range
    cut: bool


def _collect_pages(
    count: int, read: range, page_text: Callable[[int], str], max_chars: int
) -> PageTexts:
    """The texts of the pages ``read`` in page order, at most ``max_chars`` characters.

    Pages are read from the first until the start's share of ``max_chars`` is passed, then
    from the last backwards until the end's share is (``model.end_chars``): a paper's
    reference list is at its end. The pages between are not read at all, so a long manual
    costs no more than its two ends."""
    end_budget = end_chars(max_chars)
    head, tail = [], []
    first, last, total = read.start, read.stop, 0
    while first < last and total <= max_chars - end_budget:
        head.append(page_text(first))
        total, first = total + len(head[-1]) + 1, first + 1
    total = 0
    while first < last and total <= end_budget:
        last -= 1
        tail.append(page_text(last))
        total += len(tail[-1]) + 1
    text = "\n".join(head + tail[::-1])
    return PageTexts(ends_kept(text, max_chars), count, read,
                     first < last or len(text) > max_chars)


PDF_READERS: dict[str, Callable[[bytes | str, int, tuple[int, int]], PageTexts]] = {
    "pdfium": lambda data, max_chars, part: _pdfium_text(data, max_chars, part)[0],
    "pypdf": _pypdf_text,
}
