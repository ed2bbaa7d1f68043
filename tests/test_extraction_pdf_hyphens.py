"""PDF text has no U+FFFE: PDFium's mark for a line-end hyphen is dropped, the word joined
(it reached the feed, success.log and the report as ``the latex\\ufffecompanion``)."""

from __future__ import annotations

from citeseeker_scrapy.extraction.pdf import pdf_text
from tests.support import docgen


def test_pdfium_line_end_hyphens_are_dropped_and_words_joined() -> None:
    data = docgen.pdf([["D. Fiala: Retrieving citations on the web, in The LaTeX-",
                        "companion of hyphen-", "ation, 2003."]])
    _, text = pdf_text(data, engines=("pdfium",))
    assert "\ufffe" not in text
    assert "LaTeXcompanion of hyphenation, 2003." in text
