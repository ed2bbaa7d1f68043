"""A server's own search form, used before (or instead of) crawling the server: the form and
the queries (the result page is :mod:`citeseeker_scrapy.site_search.results`).

Liu & Agah (seed 004, §5.3–5.4) find a local site-search form on ~43% of sites and fetch its
result links with an 88% harvest rate. Here: which form of a page is the site search and which
queries to send. Who calls it: the spider's adapter (:mod:`spiders.site_search`), which submits
the form with form2request (the successor of Scrapy's ``FormRequest.from_response``: hidden
inputs kept, GET and POST) and hands the results to the frontier scheduler. Nothing here
imports Scrapy or Twisted (lxml only, as the HTML extraction does).

Why these rules (docs/site-search.md):

* A form is a site search when it has exactly one visible text input, at most two visible
  fields besides its buttons (the paper: fewer than three inputs), and a search word
  ("search", "find", "query", ...) in its action, names, ids, classes, placeholder, labels or
  button text. The paper uses the word only to choose among candidates; we require it, because
  a newsletter sign-up (one text input, one button) is otherwise indistinguishable. A password
  or e-mail field, a textarea, a file input or a sign-up/login word rejects the form.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Iterable
from urllib.parse import urljoin

from citeseeker_scrapy.extraction.html import parse_root
from citeseeker_scrapy.matching import AuthorGroup, normalize_text

#: The query of the probe sent with a server's queries: its page of no results shows what the
#: server's result pages show whatever the query (navigation, "popular documents").
NO_HITS_QUERY = "qxzvjkwq"
#: Words that make a form a search form (English first; a few of the languages of our users).
SEARCH_WORDS = ("search", "find", "query", "lookup", "suche", "suchen", "hledat", "hledani",
                "vyhledat", "vyhledavani", "recherche", "rechercher", "buscar", "busqueda",
                "cerca", "zoeken", "szukaj", "sok")
#: Words that make a one-field form something else: sign-ups, logins, contact forms.
DECOY_WORDS = ("login", "log in", "sign in", "signin", "sign up", "signup", "subscribe",
               "newsletter", "register", "password", "e-mail", "email", "mailing",
               "comment", "contact", "unsubscribe")
#: Input names that are search boxes on many sites even without a search word around them.
SEARCH_FIELD_NAMES = frozenset({"q", "query", "search", "s", "keyword", "keywords", "term",
                                "terms", "searchtext", "searchterm", "search_query", "qt", "k"})
TEXT_TYPES = frozenset({"", "text", "search"})
BUTTON_TYPES = frozenset({"submit", "image", "button", "reset"})
REJECTING_TYPES = frozenset({"password", "email", "file", "tel"})
STOP_WORDS = frozenset(
    "a an and are as at be by for from in into is it of on or the to with via using based "
    "towards toward new its their our your what how why when".split())


@dataclass(frozen=True)
class SearchForm:
    """The site-search form of a page: ``index`` among the page's ``<form>`` elements (the spider submits
    ``//form[index + 1]``), where and how it submits, the name of
    its text input, its hidden inputs and how sure we are (``score``: search words found)."""

    index: int
    action: str
    method: str
    field: str
    hidden: tuple[tuple[str, str], ...]
    score: int


# --- the form ------------------------------------------------------------------------------


def find_search_form(html: str, page_url: str) -> SearchForm | None:
    """The page's site-search form (the best scored when several qualify), or None."""
    root = parse_root(html)
    if root is None:
        return None
    candidates = [form for form in (_as_search_form(i, f, page_url)
                                    for i, f in enumerate(root.iter("form"))) if form]
    if not candidates:
        return None
    return max(candidates, key=lambda form: (form.score, -form.index))


def count_forms(html: str) -> int:
    root = parse_root(html)
    return 0 if root is None else sum(1 for _ in root.iter("form"))


def _as_search_form(index: int, form: Any, page_url: str) -> SearchForm | None:
    action = (form.get("action") or "").strip()
    if action.lower().startswith("javascript:"):
        return None  # submitted by a script: only a rendered page can tell where
    fields, text_fields, buttons, hidden = [], [], [], []
    for element in form.iter("input", "select", "textarea", "button"):
        kind = (element.get("type") or "").strip().lower()
        if element.tag == "textarea" or kind in REJECTING_TYPES:
            return None
        if element.tag == "button" or kind in BUTTON_TYPES:
            buttons.append(element)
        elif kind == "hidden":
            hidden.append((element.get("name") or "", element.get("value") or ""))
        else:
            fields.append(element)
            if element.tag == "input" and kind in TEXT_TYPES:
                text_fields.append(element)
    if len(text_fields) != 1 or len(fields) > 2 or not text_fields[0].get("name"):
        return None
    words = _form_words(form, text_fields[0], buttons)
    if any(decoy in words for decoy in DECOY_WORDS):
        return None
    score = sum(word in words for word in SEARCH_WORDS)
    field = text_fields[0].get("name")
    score += field.lower() in SEARCH_FIELD_NAMES
    if not any(word in words for word in SEARCH_WORDS):
        return None
    method = (form.get("method") or "get").strip().lower()
    return SearchForm(index=index, action=urljoin(page_url, action) if action else page_url,
                      method="post" if method == "post" else "get", field=field,
                      hidden=tuple(h for h in hidden if h[0]), score=score)


def _form_words(form: Any, text_field: Any, buttons: list[Any]) -> str:
    """Everything a person (or the paper's heuristic) reads as the form's purpose, folded."""
    pieces = [form.get(name) or "" for name in ("action", "id", "name", "class", "role",
                                                 "aria-label", "title")]
    for element in (text_field, *buttons):
        pieces += [element.get(name) or "" for name in ("name", "id", "class", "placeholder",
                                                        "aria-label", "title", "value", "alt")]
    pieces += [button.text_content() for button in buttons if button.tag == "button"]
    pieces += [label.text_content() for label in form.iter("label")]
    text = " ".join(pieces).lower().replace("_", " ").replace("-", " ")
    return " " + normalize_text(text) + " " + text.replace(" ", "") + " "


# --- the queries ---------------------------------------------------------------------------


def surname_of(author: str) -> str:
    """``Fiala``, ``D. Fiala``, ``Fiala, D.``, ``Dalibor Fiala`` -> ``Fiala``."""
    author = author.strip()
    if "," in author:
        return author.split(",", 1)[0].strip()
    words = [w for w in author.split() if not re.fullmatch(r"\w\.?(-\w\.?)?", w)]
    return words[-1] if words else author


def distinctive_words(title: str, count: int) -> list[str]:
    """The ``count`` longest words of a title that are not stop words (rarest in practice)."""
    words = [w for w in re.findall(r"\w+", title) if w.lower() not in STOP_WORDS and len(w) > 2]
    ranked = sorted(dict.fromkeys(words), key=lambda w: (-len(w), words.index(w)))
    chosen = set(ranked[:count])
    return [w for w in dict.fromkeys(words) if w in chosen]


def search_queries(groups: Iterable[AuthorGroup], *, title_words: int = 0,
                   max_queries: int = 10) -> list[str]:
    """Each searched author's surname once; with ``title_words``, the surname followed by that
    many distinctive words of each of the group's titles (one query per author and title: a
    narrower query whose results must name most of its words, §5.5's longer learned query).
    At most ``max_queries``, in input order; spellings that fold alike are one."""
    queries: dict[str, str] = {}
    for group in groups:
        for author in group.authors:
            surname = surname_of(author)
            if not surname:
                continue
            titles = group.publications if title_words else ("",)
            for title in titles:
                query = " ".join([surname, *distinctive_words(title, title_words)])
                queries.setdefault(normalize_text(query), query)
    return list(queries.values())[:max_queries]

