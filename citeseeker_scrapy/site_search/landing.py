"""A search result that is a landing page: the document it offers is what we search.

Repositories (DSpace, EPrints, Invenio), catalogues and many CMSs list a record page per result,
and the record page links to the file (``/bitstream/.../paper.pdf``). With
``CITESEEKER_SITE_SEARCH=only`` the crawl follows no link of the server but the results, so
without this step it would stop at the record page; in ``first`` mode the file would wait below
every pending result. Who calls it: the spider's adapter (:mod:`spiders.site_search`), with
each HTML page that a result page listed and the title the result page showed for it.

A page is a landing page for a title when it links to a document of its own server (a file of
a document format, not a page) whose file name or link text carries the title's words, or,
when its own heading carries the title, when it offers only a few documents ("Download PDF").
Pure: lxml only.
"""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import unquote, urlsplit

from citeseeker_scrapy.extraction.html import parse_root
from citeseeker_scrapy.matching import normalize_text
from citeseeker_scrapy.site_search.forms import STOP_WORDS
from citeseeker_scrapy.site_search.results import anchors, is_document
from citeseeker_scrapy.urls import server_of

#: A record page offering more documents than this (a listing, a directory) is not one
#: result's landing page unless a link names the title.
MAX_OFFERED = 3
_WORD = re.compile(r"[a-z0-9]+")


def landing_documents(html: str, page_url: str, title: str) -> list[str]:
    """The documents a landing page offers for the result titled ``title``, in page order
    (empty when the page is not a landing page for it)."""
    words = title_words(title)
    root = parse_root(html)
    if root is None or not words:
        return []
    offered = _offered_documents(root, page_url)
    named = [url for url, label in offered.items() if _carries(label, words)]
    if named:
        return named
    if len(offered) <= MAX_OFFERED and _carries(_heading(root), words):
        return list(offered)
    return []


def title_words(title: str) -> list[str]:
    """The words that identify a title: folded, no stop words, no one- or two-letter words."""
    return [w for w in dict.fromkeys(_WORD.findall(normalize_text(title)))
            if len(w) > 2 and w not in STOP_WORDS]


def _offered_documents(root: Any, page_url: str) -> dict[str, str]:
    """Same-server document links -> their label (link text, title and file name)."""
    server, offered = server_of(page_url), {}
    for url, element in anchors(root, page_url):
        if url == page_url or server_of(url) != server or not is_document(url):
            continue
        name = unquote(urlsplit(url).path.rsplit("/", 1)[-1])
        label = " ".join((element.text_content(), element.get("title") or "", name))
        offered[url] = offered.get(url, "") + " " + label
    return offered


def _carries(text: str, words: list[str]) -> bool:
    """Two of the title's words (its only word, for a one-word title) are in ``text``."""
    present = set(_WORD.findall(normalize_text(text.replace("_", " "))))
    return sum(word in present for word in words) >= min(2, len(words))


def _heading(root: Any) -> str:
    parts = [element.text_content() for element in root.iter("title", "h1", "h2")]
    return " ".join(parts)
