"""PDF text has no U+FFFE: PDFium's mark for a line-end hyphen is dropped, the word joined
(it reached the feed, success.log and the report as ``the latex\\ufffecompanion``), unless
the text PDFium joined is no half of the word (a page number): then the hyphen stays."""

from __future__ import annotations

from citeseeker_scrapy.extraction.pdf import pdf_text
from tests.support import docgen


def test_pdfium_line_end_hyphens_are_dropped_and_words_joined() -> None:
    data = docgen.pdf([["D. Fiala: Retrieving citations on the web, in The LaTeX-",
                        "companion of hyphen-", "ation, 2003."]])
    _, text = pdf_text(data, engines=("pdfium",))
    assert "\ufffe" not in text
    assert "LaTeXcompanion of hyphenation, 2003." in text


def test_pdfium_line_end_hyphen_before_a_page_number_is_kept_apart() -> None:
    """A hyphen ending a page's last line, with the page number under it: PDFium joins the
    line to the number; the hyphen and the line break stay, the number is no half of the word
    (else the title read "self1 management")."""
    data = docgen.pdf([["Haas, L. (2012). National standards for diabetes self-", "1"],
                       ["management education and support. Diabetes Educ, 38, 619-629."]])
    _, text = pdf_text(data, engines=("pdfium",))
    assert "\ufffe" not in text
    assert "diabetes self-\n1\nmanagement education" in text
    assert "self1" not in text


def test_pdfium_line_end_hyphen_before_an_initial_is_kept_apart() -> None:
    """A style's hyphen between two names at a line end: the next line opens with an
    initial, no half of a word (else the name read "FRANKLING.")."""
    data = docgen.pdf([["E. D. FORSMAN-R. G. ANTHONY-A. B. FRANKLIN-",
                        "G. C. WHITE, Population demography of owls, 2011."]])
    _, text = pdf_text(data, engines=("pdfium",))
    assert "\ufffe" not in text
    assert "A. B. FRANKLIN-\nG. C. WHITE" in text
