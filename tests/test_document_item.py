"""document.item.reader_encoding: what a response's text readers are told about its bytes."""

from __future__ import annotations

from scrapy.http import HtmlResponse, Response, TextResponse

from citeseeker_scrapy.document.item import DocumentItem, reader_encoding
from citeseeker_scrapy.extraction.decode import decode_html, decode_text

URL = "http://lab.example.org/refs.txt"
CZECH = "J. Ježek, Č. Řehoř: Vyhledávání citací na webu. Plzeň, 2003. Příliš žluťoučký kůň.\n" * 40


def text_response(body: bytes, content_type: str = "text/plain") -> TextResponse:
    return TextResponse(URL, body=body, headers={"Content-Type": content_type})


def test_an_undeclared_utf8_text_is_left_to_the_readers_who_decode_it_as_utf8() -> None:
    response = text_response(CZECH.encode("utf-8"))
    assert reader_encoding(response) is None  # Scrapy's guess (charset_normalizer) not asked
    assert DocumentItem.from_response(response).encoding is None
    assert decode_text(response.body, reader_encoding(response)) == CZECH
    assert reader_encoding(text_response(b"plain ascii, Fiala 2003\n")) is None


def test_an_undeclared_czech_text_keeps_scrapys_guess_over_the_cp1252_fallback() -> None:
    response = text_response(CZECH.encode("cp1250"))
    encoding = reader_encoding(response)
    assert encoding == response.encoding and encoding is not None
    assert "Ježek" in decode_text(response.body, encoding)
    assert DocumentItem.from_response(response).encoding == encoding


def test_a_declared_charset_is_told_as_declared() -> None:
    response = text_response(CZECH.encode("iso-8859-2"), "text/plain; charset=ISO-8859-2")
    assert reader_encoding(response) == response.encoding == "iso8859-2"
    assert decode_text(response.body, reader_encoding(response)) == CZECH
    # declared over HTTP, even when the bytes would also read as UTF-8
    ascii_declared = text_response(b"Fiala 2003", "text/plain; charset=utf-16")
    assert reader_encoding(ascii_declared) == ascii_declared.encoding


def test_a_page_whose_meta_declares_latin2_is_read_as_latin2_either_way() -> None:
    body = ('<html><head><meta charset="iso-8859-2"></head><body><p>'
            + CZECH + "</p></body></html>").encode("iso-8859-2")
    page = HtmlResponse(URL.replace(".txt", ".html"), body=body,
                        headers={"Content-Type": "text/html"})
    assert reader_encoding(page) == page.encoding  # not UTF-8: Scrapy's (the meta's) answer
    assert CZECH.strip() in decode_html(page.body, reader_encoding(page))
    ascii_page = HtmlResponse(page.url, body=b'<html><head><meta charset="iso-8859-2">'
                                            b"</head><body>Fiala</body></html>")
    assert reader_encoding(ascii_page) is None
    assert "Fiala" in decode_html(ascii_page.body, None)


def test_a_binary_response_has_no_encoding_to_tell() -> None:
    pdf = Response("http://lab.example.org/a.pdf", body=b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
    assert reader_encoding(pdf) is None
    assert DocumentItem.from_response(pdf).encoding is None
