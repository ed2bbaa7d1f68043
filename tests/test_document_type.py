"""The document-type middleware, built by Scrapy and called directly: the type it puts in the
request's meta decides the render middleware's and the spider's way for the response."""

from __future__ import annotations

import pytest
from scrapy import Request, Spider
from scrapy.http import Response
from scrapy.utils.misc import build_from_crawler
from scrapy.utils.test import get_crawler

from citeseeker_scrapy.keys import KIND_KEY
from citeseeker_scrapy.middlewares.document_type import DocumentTypeMiddleware

PDF = b"%PDF-1.4\n1 0 obj\n<< >>\nendobj\n"
HTML = b"<!DOCTYPE html><html><head><title>t</title></head><body><p>x</p></body></html>"


@pytest.fixture()
def middleware() -> DocumentTypeMiddleware:
    return build_from_crawler(DocumentTypeMiddleware, get_crawler(Spider))


def answer(middleware: DocumentTypeMiddleware, url: str, body: bytes,
           content_type: str | None = None) -> tuple[Response, Request]:
    request = Request(url)
    headers = {"Content-Type": content_type} if content_type else {}
    response = Response(url, body=body, headers=headers, request=request)
    return middleware.process_response(request, response), request


@pytest.mark.parametrize("url, body, content_type, kind", [
    ("http://127.0.0.1/paper.html", PDF, "text/html", "pdf"),     # magic bytes before both
    ("http://127.0.0.1/paper", HTML, None, "html"),               # nothing said: the body
    ("http://127.0.0.1/get?id=1", b"%!PS-Adobe-3.0\n", "application/octet-stream", "ps"),
    ("http://127.0.0.1/notes.txt", b"plain words", "text/plain", "text"),
    ("http://127.0.0.1/notes.txt", HTML, "text/html", "text"),    # a .txt is never HTML
    ("http://127.0.0.1/photo.jpg", b"\xff\xd8\xff\xe0JFIF", "image/jpeg", None),
])
def test_the_sniffed_type_goes_into_the_requests_meta(middleware, url: str, body: bytes,
                                                      content_type: str | None,
                                                      kind: str | None) -> None:
    response, request = answer(middleware, url, body, content_type)
    assert request.meta[KIND_KEY] == kind
    assert response.meta[KIND_KEY] == kind   # the render middleware and the spider read this


def test_the_response_passes_unchanged(middleware) -> None:
    request = Request("http://127.0.0.1/a.pdf")
    response = Response(request.url, body=PDF, request=request)
    assert middleware.process_response(request, response) is response
