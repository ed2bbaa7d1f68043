"""Which links of a site-search result page are the results, and where the next page is.

Who calls it: the spider's adapter (:mod:`spiders.site_search`) with each result page it gets
back, the links of the page the form was on (``template``) and, when the server answered one,
the links of a page of no results (``no_hits``). Pure: lxml only, no Scrapy or Twisted.

Why structure and not the query's words: many servers show a result as its title,
its first lines or a table row, not the words that matched (DSpace and EPrints lists, most CMS
and wiki searches, library catalogues); the server already did the matching. So a result is a
link that

* is new on this page: not on the page the form was on and not on a page of no results (the
  site's navigation, a "popular documents" box), unless it sits among the results itself;
* is not the search's own machinery: a link to the search page (next page, sort, facets), a
  pager ("2", "Next", "»");
* belongs to the page's largest *repeated structure*: links are grouped by their place in the
  page (the tags and classes of their ancestors, a table column counting as a place of its own)
  and the group with the most distinct links wins, the query's words in a group's items, a
  stated result count matching its size and document-like targets breaking ties. One link per
  item (list item, table row, heading with its text): a direct document link before a title
  link to a landing page.

A page that says it found nothing ("No results", "0 hits") has no results, whatever lists it
shows. The results come in the page's order, the server's rank.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Iterable, Iterator
from urllib.parse import urldefrag, urljoin, urlsplit

from citeseeker_scrapy.extraction.html import INVISIBLE_TAGS, parse_root
from citeseeker_scrapy.extraction.sniff import HTML_EXTENSIONS
from citeseeker_scrapy.matching import normalize_text
from citeseeker_scrapy.urls import extension_of

NEXT_WORDS = ("next", "weiter", "dalsi", "suivant", "siguiente", "successiva", "volgende")
NEXT_SYMBOLS = frozenset({">", ">>", "»", "›", "→", "next >", "next »", "next ›"})
#: Anchors of a pager or of the search's own controls: never a result.
PAGER_WORDS = frozenset({*NEXT_WORDS, "previous", "prev", "back", "first", "last", "more",
                         "zuruck", "predchozi", "precedent", "anterior"})
#: Phrases of a page that found nothing (folded: lower case, no accents).
NO_RESULTS = re.compile(
    r"\b(no (results?|matches|documents|hits|items|records|entries|pages)( were)?( found)?"
    r"|nothing (was )?found|did not match any|returned no|found 0|0 (results?|hits|matches|"
    r"documents|records|items)|keine treffer|zadne vysledky|aucun resultat|sin resultados"
    r"|ningun resultado|geen resultaten)\b")
#: "Results 1 - 5 of 12", "12 results", "Found 12 documents": the page's stated counts.
RANGE_COUNT = re.compile(r"\b(\d[\d,]*)\s*(?:-|–|to)\s*(\d[\d,]*)\s+of\s+(?:about\s+)?(\d[\d,]*)")
TOTAL_COUNT = re.compile(r"\b(\d[\d,]*)\s+(?:results?|hits|matches|documents|records|items)\b")
#: Elements that hold one result each when they repeat.
ITEM_TAGS = frozenset({"li", "tr", "dt", "dd", "article", "section", "h1", "h2", "h3", "h4",
                       "h5", "h6", "p"})
#: Classes that carry a rank or an id ("result-3", "row_odd") are the same place in the page.
_CLASS_NOISE = re.compile(r"[\d_-]*\d[\d_-]*|(?<=[a-z])[-_]?(odd|even|alt|first|last)\b")
#: Column headers of a table of results that name the title column.
TITLE_HEADERS = frozenset({"title", "titles", "document", "publication", "titel", "nazev",
                           "titre", "titulo", "titolo"})
_WORD = re.compile(r"[a-z0-9]+")


@dataclass(frozen=True)
class Result:
    """One result: where it points and the title the page showed for it (what a landing page
    is recognised by, :mod:`citeseeker_scrapy.site_search.landing`)."""

    url: str
    title: str


@dataclass(frozen=True)
class ResultPage:
    """What a result page says: its results in rank order, whether it says it found nothing,
    and the total it states (None when it states none)."""

    results: tuple[Result, ...]
    empty: bool = False
    total: int | None = None


@dataclass(frozen=True)
class NextPage:
    """The next result page: a link (``url``), or a form to submit (``form_index``, with the
    button to click named by ``button``: (attribute, value))."""

    url: str | None = None
    form_index: int | None = None
    button: tuple[str, str] | None = None


@dataclass
class _Group:
    """Links at one place of the page, in page order, by item (the element repeated)."""

    items: dict[str, list[tuple[str, Any]]] = field(default_factory=dict)
    new_urls: set[str] = field(default_factory=set)


# --- links ---------------------------------------------------------------------------------


def page_links(html: str, page_url: str) -> set[str]:
    """Every absolute link target of a page (no fragment): a template to tell results apart."""
    root = parse_root(html)
    if root is None:
        return set()
    return {url for url, _ in anchors(root, page_url)}


def anchors(root: Any, page_url: str) -> Iterator[tuple[str, Any]]:
    """(absolute URL, element) of each visible link, in page order."""
    for element in root.iter("a", "area"):
        if any(ancestor.tag in INVISIBLE_TAGS for ancestor in element.iterancestors()):
            continue
        url = _absolute(element.get("href"), page_url)
        if url is not None:
            yield url, element


def _absolute(href: str | None, page_url: str) -> str | None:
    href = (href or "").strip()
    if not href or href.startswith("#") or href.lower().startswith(
            ("javascript:", "mailto:", "data:", "tel:")):
        return None
    url = urldefrag(urljoin(page_url, href))[0]
    return url if url.startswith(("http://", "https://", "file:")) else None


# --- the result page -----------------------------------------------------------------------


def read_result_page(html: str, page_url: str, query: str, *, template: Iterable[str] = (),
                     no_hits: Iterable[str] = (), search_url: str = "") -> ResultPage:
    """The results of a result page (module docstring), in the page's (rank) order."""
    root = parse_root(html)
    if root is None:
        return ResultPage(())
    text = normalize_text(" ".join(_visible_text(root)))
    total = _stated_total(text)
    if total == 0 or NO_RESULTS.search(text):
        return ResultPage((), empty=True, total=0)
    template = set(template)
    known = template | set(no_hits)
    groups = _groups(root, page_url, _own_paths(page_url, search_url))
    best = _best_group(groups, known, _WORD.findall(normalize_text(query)), _shown_count(text))
    if best is None:
        return ResultPage((), total=total)
    return ResultPage(tuple(_one_per_item(best)), total=total)


def _own_paths(page_url: str, search_url: str) -> set[str]:
    return {urlsplit(url).path for url in (page_url, search_url) if url}


def _groups(root: Any, page_url: str, search_paths: set[str]) -> dict[tuple, _Group]:
    """Candidate links (not the search's own machinery) by their place in the page."""
    groups: dict[tuple, _Group] = {}
    tree = root.getroottree()
    for url, element in anchors(root, page_url):
        if urlsplit(url).path in search_paths or _is_pager(element.text_content()):
            continue
        place, item = _place_of(element)
        group = groups.setdefault(place, _Group())
        group.items.setdefault(tree.getpath(item), []).append((url, element))
    return groups


def _place_of(element: Any) -> tuple[tuple, Any]:
    """The link's place (its ancestors' tags and classes, a table cell's column) and the element
    that holds one result (the nearest repeated kind of element)."""
    place, item = [], None
    for node in (element, *element.iterancestors()):
        tag = node.tag if isinstance(node.tag, str) else ""
        classes = " ".join(sorted(_CLASS_NOISE.sub("", c)
                                  for c in (node.get("class") or "").lower().split()))
        column = _column_of(node) if tag in ("td", "th") else None
        place.append((tag, classes, column))
        if item is None and tag in ITEM_TAGS and node is not element:
            item = node
    return tuple(place), (item if item is not None else element.getparent())


def _column_of(cell: Any) -> int:
    return sum(1 for sibling in cell.itersiblings(preceding=True)
               if sibling.tag in ("td", "th"))


def _best_group(groups: dict[tuple, _Group], known: set[str], words: list[str],
                shown: int | None) -> _Group | None:
    """The group with the most distinct new links; ties go to query words in its items, to a
    size the page states, to document targets, then to the first in the page."""
    scored = []
    for order, group in enumerate(groups.values()):
        urls = {url for links in group.items.values() for url, _ in links}
        group.new_urls = urls - known
        if not group.new_urls:
            continue
        items = len([links for links in group.items.values()
                     if any(url in group.new_urls for url, _ in links)])
        named = sum(_names_query(links, words) for links in group.items.values())
        documents = sum(is_document(url) for url in group.new_urls)
        titled = _column_says_title(next(iter(group.items.values()))[0][1])
        score = len(group.new_urls) + (items == shown) + 0.5 * (named > 0) + titled
        scored.append(((score, named, documents, _anchor_words(group), -order), group))
    return max(scored, key=lambda pair: pair[0])[1] if scored else None


def _one_per_item(group: _Group) -> Iterator[Result]:
    """Each item's result: its document link if it has one, else its first link. A link the
    form's page or a page of no results had too is a result here: it sits among them (those
    pages only tell which place of the page holds the results)."""
    seen: set[str] = set()
    for links in group.items.values():
        fresh = [(url, element) for url, element in links if url not in seen]
        if not fresh:
            continue
        url, element = next(((u, e) for u, e in fresh if is_document(u)), fresh[0])
        title = max((" ".join(e.text_content().split()) for _, e in fresh), key=len)
        seen.update(u for u, _ in fresh)
        yield Result(url, title)


def _column_says_title(link: Any) -> bool:
    """The link is in a table column whose header says it holds titles."""
    cell = next((a for a in link.iterancestors() if a.tag in ("td", "th")), None)
    table = next((a for a in link.iterancestors() if a.tag == "table"), None)
    if cell is None or table is None:
        return False
    column = _column_of(cell)
    for row in table.iter("tr"):
        headers = [c for c in row if c.tag == "th"]
        if headers:
            label = normalize_text(headers[column].text_content()) if column < len(headers) else ""
            return any(word in TITLE_HEADERS for word in _WORD.findall(label))
    return False


def _anchor_words(group: _Group) -> float:
    """Mean words per link (titles are longer than names, years and "PDF")."""
    counts = [len(element.text_content().split()) for links in group.items.values()
              for _, element in links]
    return sum(counts) / max(1, len(counts))


def _names_query(links: list[tuple[str, Any]], words: list[str]) -> bool:
    """The item's text (its links and what follows them) names most of the query's words."""
    if not words:
        return False
    item = links[0][1].getparent()
    text = normalize_text(item.text_content() if item is not None else "")
    present = set(_WORD.findall(text))
    return sum(word in present for word in words) >= len(words) // 2 + 1


def is_document(url: str) -> bool:
    """A file of a document format (PDF, PostScript, text, office, archive), not a page."""
    extension = extension_of(url)
    return bool(extension) and extension not in HTML_EXTENSIONS


def _is_pager(anchor: str) -> bool:
    label = normalize_text(" ".join(anchor.split()))
    if not label or label.isdigit() or label in NEXT_SYMBOLS or label in {"<", "<<", "«", "‹"}:
        return True
    words = _WORD.findall(label)
    return len(words) <= 2 and bool(words) and all(w in PAGER_WORDS or w == "page"
                                                   or w.isdigit() for w in words)


def _visible_text(root: Any) -> Iterator[str]:
    for element in root.iter():
        if not isinstance(element.tag, str):
            continue
        if element.tag not in INVISIBLE_TAGS and element.text:
            yield element.text
        if element.tail:
            yield element.tail


def _number(text: str) -> int:
    return int(text.replace(",", ""))


def _stated_total(text: str) -> int | None:
    ranged = RANGE_COUNT.search(text)
    if ranged:
        return _number(ranged.group(3))
    total = TOTAL_COUNT.search(text)
    return _number(total.group(1)) if total else None


def _shown_count(text: str) -> int | None:
    """How many results this page shows, when it says ("Results 6 - 10 of 12": 5)."""
    ranged = RANGE_COUNT.search(text)
    if not ranged:
        return None
    first, last = _number(ranged.group(1)), _number(ranged.group(2))
    return last - first + 1 if last >= first else None


# --- the next page -------------------------------------------------------------------------


def next_page(html: str, page_url: str) -> NextPage | None:
    """Where the next result page is: a "next" link, or a form whose button says "next"."""
    root = parse_root(html)
    if root is None:
        return None
    for url, element in anchors(root, page_url):
        if "next" in (element.get("rel") or "").lower().split():
            return NextPage(url=url)
    for url, element in anchors(root, page_url):
        if _says_next(element.text_content()) and url != page_url:
            return NextPage(url=url)
    for index, form in enumerate(root.iter("form")):
        for button in form.iter("input", "button"):
            kind = (button.get("type") or ("submit" if button.tag == "button" else "")).lower()
            label = button.get("value") or (button.text_content() if button.tag == "button"
                                            else "") or button.get("alt") or ""
            if kind in ("submit", "image") and _says_next(label):
                attribute = "value" if button.get("value") else "name"
                if button.get(attribute):
                    return NextPage(form_index=index, button=(attribute, button.get(attribute)))
    return None


def _says_next(text: str) -> bool:
    label = " ".join(text.split()).lower()
    if label in NEXT_SYMBOLS:
        return True
    folded = normalize_text(label)
    return len(folded) < 12 and any(word in _WORD.findall(folded) for word in NEXT_WORDS)
