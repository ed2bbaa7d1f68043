"""The one place a response's document type is decided: sniffed once, carried in its meta.

Why: the render middleware must know whether a response is an HTML page before the spider sees
it, and the spider must tell the pipelines what the document is. Sniffing in both (and again in
the pipelines) made three owners of one decision. This middleware sniffs every response once —
magic bytes first, then Content-Type, then the URL's extension
(:func:`citeseeker_scrapy.extraction.sniff.document_kind`) — and puts the result under
``KIND_KEY`` of the response's meta; the render middleware and the spider (its document item)
read it from there.

Order: after Scrapy's HttpCompressionMiddleware (590) has decoded the body, before the render
middleware (120) looks at it: responses pass the middlewares from high numbers to low.
"""

from __future__ import annotations

from scrapy.http import Request, Response

from citeseeker_scrapy.extraction.sniff import document_kind
from citeseeker_scrapy.keys import KIND_KEY

#: Between decompression (590) and rendering (120).
MIDDLEWARE_ORDER = 550


class DocumentTypeMiddleware:
    """Downloader middleware: ``response.meta[KIND_KEY]`` = the sniffed type (or None: a
    document we do not read)."""

    def process_response(self, request: Request, response: Response) -> Response:
        raw_type = response.headers.get(b"Content-Type")
        content_type = raw_type.decode("latin-1") if raw_type else None
        request.meta[KIND_KEY] = document_kind(response.url, content_type, response.body)
        return response
