"""Text and links of an HTML-like document (HTML, XHTML, XML, PHP/ASP output).

Why not Scrapy's LinkExtractor: the core must stay usable without Scrapy (archive members are
parsed here too, far from any Response). lxml is already a Scrapy dependency and tolerates the
broken markup found on old lab pages.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import lxml.etree
import lxml.html

from citeseeker_scrapy.urls import join_url, url_joiner
from citeseeker_scrapy.works.html_meta import page_meta

#: Elements whose text is never shown to a reader, so it cannot hold a citation.
INVISIBLE_TAGS = ("script", "style", "noscript", "template")
#: (tag, attribute) pairs that point at other documents a crawler should visit.
LINK_ATTRIBUTES = (("a", "href"), ("area", "href"), ("frame", "src"), ("iframe", "src"))
#: Raw hrefs that lead to no other page (a script, an address, a fragment of the page itself).
NOT_A_PAGE = ("javascript:", "#", "mailto:", "data:", "about:")
#: What every page made by scripts carries (a first look at the bytes, no parsing).
_SCRIPT = re.compile(rb"<script\b", re.IGNORECASE)
#: Elements before and after which a reader sees a break, so words on either side must not run
#: together.
BLOCK_TAGS = frozenset(
    "p div br li ul ol tr td th table h1 h2 h3 h4 h5 h6 dt dd dl pre blockquote title "
    "section article header footer nav address hr form option".split()
)


@dataclass(frozen=True)
class HtmlContent:
    """What the crawler needs from a page: its visible text, raw hrefs, a <base href>, and
    what it says of its work (``works.html_meta.page_meta``)."""

    text: str
    links: tuple[str, ...]
    base: str | None = None
    meta: dict | None = None


def parse_html(html: str) -> HtmlContent:
    """Parse ``html`` leniently; an unparsable or empty document gives empty content."""
    root = parse_root(html)
    if root is None:
        return HtmlContent(text="", links=())
    links = _links(root)
    base = _base_href(root)
    meta = page_meta(root)  # before the text: it strips the JSON-LD scripts
    return HtmlContent(text=_visible_text(root), links=links, base=base, meta=meta)


def parse_root(html: str) -> lxml.html.HtmlElement | None:
    """A lenient parse of a page, or None for an empty or unparsable one."""
    if not html or not html.strip():
        return None
    if html.lstrip().startswith("<?xml"):
        # lxml refuses str input with an encoding declaration; the declaration is moot here.
        html = html.split("?>", 1)[-1]
    try:
        return lxml.html.document_fromstring(html)
    except (lxml.etree.ParserError, ValueError):
        return None


def _links(root: lxml.html.HtmlElement) -> tuple[str, ...]:
    found: list[str] = []
    for tag, attribute in LINK_ATTRIBUTES:
        for element in root.iter(tag):
            value = element.get(attribute)
            if value and value.strip():
                found.append(value.strip())
    return tuple(dict.fromkeys(found))


def _base_href(root: lxml.html.HtmlElement) -> str | None:
    for element in root.iter("base"):
        href = element.get("href")
        if href and href.strip():
            return href.strip()
    return None


def _visible_text(root: lxml.html.HtmlElement) -> str:
    """Text a reader sees, with a break before and after block elements and nothing from
    scripts. A block starts on a line of its own after text that runs up to it ("Smith 2006<div
    class="csl-block">Smith, J. Title</div>": pandoc's CSL bibliographies print a year-first
    label so, and the year must not join the name after it). The breaks go into the text or
    tail that runs up to a block element and into its own tail, and lxml joins the text in C
    (a walk of every element's start and end in Python cost a third more on small pages);
    the tree is changed, so :func:`parse_html` reads it last."""
    lxml.etree.strip_elements(root, *INVISIBLE_TAGS, lxml.etree.Comment, with_tail=False)
    for element in root.iter(*BLOCK_TAGS):
        _break_before(element)
        element.tail = "\n" + element.tail if element.tail else "\n"
    return lxml.etree.tostring(root, method="text", encoding="unicode", with_tail=True)


def _break_before(element: lxml.html.HtmlElement) -> None:
    """End what runs up to a block ``element`` with a break: its previous sibling (an inline
    element's text, "<span>2006</span><div>", or the text after it), or its parent's own
    text where it is the first child. Called by :func:`_visible_text` for each block
    element, in document order: a previous block sibling already ends with its break."""
    before = element.getprevious()
    if before is not None:
        if not (before.tail or "").endswith("\n"):
            before.tail = (before.tail or "") + "\n"
        return
    parent = element.getparent()
    if parent is not None and parent.text and not parent.text.endswith("\n"):
        parent.text += "\n"


def usable_links(links: tuple[str, ...]) -> int:
    """How many raw hrefs lead to a page (:data:`NOT_A_PAGE` aside): what the render policy
    weighs to tell a page made by scripts (none) from a static one."""
    return sum(1 for link in links if not link.lower().startswith(NOT_A_PAGE))


def has_scripts(body: bytes) -> bool:
    """A cheap first look (no parsing): only a page with ``<script`` can be made by JavaScript.
    The render policy asks it of every plain HTML response; the part reader asks it before it
    counts a page's visible characters, which only a scripted page is judged by."""
    return _SCRIPT.search(body) is not None


def visible_chars(text: str) -> int:
    """Characters of a page's text once every run of white space is one space: what the
    render policy calls "little text"."""
    return len(" ".join(text.split()))


def absolute_links(links: tuple[str, ...], page_url: str, base: str | None) -> tuple[str, ...]:
    """The hrefs as absolute URLs without their fragments, each once: against the page's
    ``<base href>`` (itself relative to the page) or the page's URL. A link with a malformed
    host (a hand-written ``http://[x``) is dropped. Why here: the parser worker that read the
    page resolves its links too, so the crawler's process does not join every link of a big page.

    Why without fragments: a fragment never reaches the server, and the crawler's scope gate
    and frontier would judge ``../glossary.html#term-a`` and ``#term-b`` as one document
    anyway. Python's documentation has 99,119 links in 530 pages, 23,060 once their fragments
    are gone: a quarter of the joins here and of the links the crawler's event loop takes in.
    A fragment-only link (``#top``) is the page (or its base) itself.
    """
    try:
        start = join_url(page_url, base) if base else page_url
    except ValueError:
        start = page_url
    join = url_joiner(start)
    resolved = []
    for link in dict.fromkeys(link.partition("#")[0] for link in links):
        try:
            resolved.append(join(link))
        except ValueError:
            continue
    return tuple(resolved)
