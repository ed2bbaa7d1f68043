"""Serve a ``file://`` directory as an index page, as a web server's autoindex would.

Why: a ``file://`` start point may name a directory (a local mirror of a conference site);
Scrapy's file handler cannot read directories. A directory with an index.html shows that page,
as a web server would. The listing links only to the directory's own
entries. Whether a ``file://`` URL may be crawled at all (inside a start point's tree) is
decided by the scope gate alone (:class:`citeseeker_scrapy.urls.LinkPolicy`): this middleware
serves what reached it.
"""

from __future__ import annotations

import html
import os
from urllib.parse import quote, unquote, urlsplit

from scrapy.http import HtmlResponse, Request


class FileDirectoryMiddleware:
    """Downloader middleware: answers requests for ``file://`` directories with a listing."""

    def process_request(self, request: Request) -> HtmlResponse | None:
        if not request.url.startswith("file:"):
            return None
        path = unquote(urlsplit(request.url).path)
        if not os.path.isdir(path):
            return None
        base = request.url if request.url.endswith("/") else request.url + "/"
        index = os.path.join(path, "index.html")
        if os.path.isfile(index):
            with open(index, "rb") as handle:
                return HtmlResponse(base, body=handle.read(), request=request)
        return HtmlResponse(base, body=_listing(path).encode(), encoding="utf-8", request=request)


def _listing(path: str) -> str:
    entries = sorted(os.listdir(path))
    rows = []
    for name in entries:
        suffix = "/" if os.path.isdir(os.path.join(path, name)) else ""
        rows.append(f'<li><a href="{quote(name)}{suffix}">{html.escape(name)}</a></li>')
    return f"<html><body><ul>{''.join(rows)}</ul></body></html>"

