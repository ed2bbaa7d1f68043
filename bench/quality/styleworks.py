"""Bibliography records (CSL-JSON, BibTeX) made from the annotated works of ``../shared/refcorpus``.

``bench_styles.py`` calls :func:`read_works`, :func:`select`, :func:`csl_json` and
:func:`bibtex`: the refcorpus's tagged fields (author, title, date, journal, container, volume,
pages, publisher, place) become one record per work, which the style engines then typeset. Only
works whose author field splits into persons whose family names are the surnames
``refstrings.surnames_of`` reads (the bench's own reading of a printed author run) are kept, so
every record's names are the printed ones. Nothing here reads the corpus at import time.
"""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterator, Optional

from . import refstrings

TEI = "{http://www.tei-c.org/ns/1.0}"
#: Letters the LaTeX papers' fonts print (T1 encoding): Latin-1 and Latin Extended-A, with
#: typographic quotes and dashes.
_LATIN = re.compile(r"^[\u0020-\u017f\u2013\u2014\u2018\u2019\u201c\u201d]*$")
_NAME_WORD = re.compile(r"^[^\W\d_][\w'\u2019-]*$")
_INITIALS = re.compile(r"^(?:[A-Z][a-z]?\.(?:\s|-)?)+$|^[A-Z]{1,3}$")
_PARTICLES = frozenset("van von der den de del della di da dos das du le la ter ten zu".split())
_CONNECTIVES = re.compile(r"\s*;\s*|\s+(?:and|&|et|und|y|e|и)\s+|,\s*(?:and|&)\s+")
_CORPORATE = re.compile(
    r"\b(?:group|committee|association|consortium|society|institute|organi[sz]ation|agency|"
    r"council|collaboration|team|department|ministry|centre|center|foundation|commission|"
    r"office|bureau|board|network|survey|service)\b", re.I)
#: An organisation that ends a list of persons ("..., and the X Work Group").
_GROUP_END = re.compile(r"\b(?:group|committee|consortium|collaboration|team|members)\b", re.I)
#: Styles whose author runs put the family name first ("Smith, J.", "SMITH, John").
_INVERTED = frozenset({"Surname, I.", "Surname, Given", "ALL-CAPS family names",
                       "full given names, year after names", "full-stop separators"})


@dataclass
class Work:
    """One work: its record's fields, its persons, where it came from."""

    key: str
    type: str  # CSL type: article-journal, chapter, book, report
    title: str
    year: str
    authors: list[dict] = field(default_factory=list)  # CSL names: family/given or literal
    fields: dict[str, str] = field(default_factory=dict)  # container-title, volume, page, ...
    source: str = ""
    #: ``refstrings.annotation_fault`` of the string the record was made from: its title field
    #: is not the printed title ("Bone" of "Bone densitometry..." in the author field), so
    #: the record's title is another, shorter one. ``bench_styles`` typesets such a work
    #: (the samples stay as drawn) but queries it not, as ``bench_refstrings`` leaves it out.
    fault: str = ""

    @property
    def families(self) -> list[str]:
        """The persons' family names, as a user types them (the last word, no particle)."""
        return [name["family"].split()[-1] for name in self.authors if "family" in name]

    @property
    def query_names(self) -> list[str]:
        """The author a user types, for each author: a family name or an organisation."""
        return [name["family"].split()[-1] if "family" in name else name["literal"]
                for name in self.authors]


def read_works(root: Path) -> list[Work]:
    """Every work of the corpus that makes a clean record (see the module's docstring)."""
    works = []
    for name in refstrings.ANYSTYLE:
        works += _anystyle(root / name)
    for name in refstrings.GROBID:
        works += _grobid(root / name)
    seen, unique = set(), []
    for work in works:
        if work.title.lower() not in seen:
            seen.add(work.title.lower())
            unique.append(work)
    return unique


def _anystyle(path: Path) -> Iterator[Work]:
    for at, sequence in enumerate(ET.parse(path).getroot().iter("sequence")):
        fields: dict[str, str] = {}
        for child in sequence:
            text = " ".join((child.text or "").split())
            fields.setdefault(child.tag, text)
        tags = [child.tag for child in sequence]
        title_first = "title" in tags and "author" in tags and (
            tags.index("title") < tags.index("author"))
        work = _work(f"{path.stem}-{at}", path.name, fields, title_first)
        if work is not None:
            work.fault = _title_fault(" ".join(t for t in (
                " ".join((child.text or "").split()) for child in sequence) if t), fields)
            yield work


def _grobid(path: Path) -> Iterator[Work]:
    for at, bibl in enumerate(ET.parse(path).getroot().iter(f"{TEI}bibl")):
        fields: dict[str, str] = {}
        for child in bibl:
            text = " ".join("".join(child.itertext()).split())
            tag = child.tag.replace(TEI, "")
            if tag == "title":
                tag = {"a": "title", "m": "title", "j": "journal"}.get(child.get("level"), "")
            elif tag == "biblScope":
                tag = {"volume": "volume", "page": "pages"}.get(child.get("unit"), "")
            elif tag == "pubPlace":
                tag = "location"
            if tag:
                fields.setdefault(tag, text)
        work = _work(f"{path.stem}-{at}", path.name, fields, False, physics=True)
        if work is not None:
            work.fault = _title_fault(" ".join("".join(bibl.itertext()).split()), fields)
            yield work


def _title_fault(printed: str, fields: dict[str, str]) -> str:
    """Why the annotated title field of the string ``printed`` is not its printed title
    (``refstrings.annotation_fault``), or "": the same rule the refstrings bench reads."""
    title = refstrings.clean_title(fields.get("title", ""))
    if not title or title not in printed:
        return ""
    return refstrings.annotation_fault(refstrings.Reference("", printed, title, (), "")) or ""


def _work(key: str, source: str, fields: dict[str, str], title_first: bool,
          physics: bool = False) -> Optional[Work]:
    """A Work if the fields make a clean record: a readable title, a year, persons."""
    title, authors, date = fields.get("title"), fields.get("author"), fields.get("date", "")
    year = re.search(r"\b(?:1[5-9]|20)\d\d\b", date)
    if not title or not authors or not year or title_first:
        return None
    title = refstrings.clean_title(title)
    if re.match(r"[A-Z]{1,2}[:.] ", title):  # an initial the annotators left in the title
        return None
    if not refstrings.readable_title(title) or not all(
            _LATIN.match(text) for text in (title, authors, *fields.values())):
        return None
    inverted = not physics and refstrings.style_of(authors, False, False) in _INVERTED
    names = people(authors, inverted)
    if not names:
        return None
    literals = " ".join(n["literal"] for n in names if "literal" in n)
    wanted = [n for n in refstrings.surnames_of(authors) if n not in literals]
    if [n["family"].split()[-1] for n in names if "family" in n] != wanted:
        return None
    kept = {"container-title": _field(fields.get("journal") or fields.get("container-title")),
            "volume": _number(fields.get("volume")),
            "page": _pages(fields.get("pages")),
            "publisher": _field(fields.get("publisher")),
            "publisher-place": _field(fields.get("location"))}
    kind = ("article-journal" if fields.get("journal") else
            "chapter" if fields.get("container-title") else
            "book" if fields.get("publisher") else "report")
    return Work(key, kind, title, year.group(), names,
                {k: v for k, v in kept.items() if v}, source)


def _field(text: Optional[str]) -> str:
    """A field without the punctuation the printed entry put around it."""
    return (text or "").strip(" .,;:()[]").strip()


def _number(text: Optional[str]) -> str:
    found = re.search(r"\d+", text or "")
    return found.group() if found else ""


def _pages(text: Optional[str]) -> str:
    found = re.search(r"\d+(?:\s*[-\u2013]+\s*\d+)?", text or "")
    return re.sub(r"\s*[-\u2013]+\s*", "-", found.group()) if found else ""


def people(authors: str, inverted: bool) -> Optional[list[dict]]:
    """CSL names of an author run ("Smith, J., K. Lee and the X Group"), or None if a piece is
    neither a person nor an organisation."""
    text = re.sub(r"\bet al\b\.?|\((?:eds?|hrsg|dir|coord)\.?\)|\beds?\.$", " ", authors,
                  flags=re.I)
    text = _without_full_stop(text.strip(" ,;:"))
    if _CORPORATE.search(text) and not re.search(r"\b[A-Z]\.|,", text):
        return [{"literal": text}]  # an organisation alone
    names: list[dict] = []
    chunks = [_without_full_stop(c.strip(" ,;:")) for c in _CONNECTIVES.split(text)]
    chunks = [c for c in chunks if c]
    for number, chunk in enumerate(chunks):
        if _CORPORATE.search(chunk):
            if number == len(chunks) - 1 and number and _GROUP_END.search(chunk) and (
                    "," not in chunk):
                names.append({"literal": chunk})  # a group after the persons
                continue
            return None
        parts = [p.strip() for p in chunk.split(",") if p.strip()]
        at = 0
        while at < len(parts):
            part = parts[at]
            if (inverted and at + 1 < len(parts) and _family_like(part)
                    and _given_like(parts[at + 1])):
                names.append({"family": part, "given": parts[at + 1]})
                at += 2
                continue
            person = _one_piece(part)
            if person is None:
                return None
            names.append(person)
            at += 1
    return names


def _without_full_stop(chunk: str) -> str:
    """A piece of an author run without the full stop that ends it, unless an initial's."""
    words = chunk.split()
    if chunk.endswith(".") and words and not _INITIALS.match(words[-1].split(",")[-1]):
        return chunk[:-1].rstrip(" ,;:")
    return chunk


def _family_like(text: str) -> bool:
    words = text.split()
    return 1 <= len(words) <= 3 and all(_NAME_WORD.match(w) for w in words) and (
        not _INITIALS.match(words[-1]))


def _given_like(text: str) -> bool:
    words = text.split()
    return bool(_INITIALS.match(text)) or (1 <= len(words) <= 3 and all(
        _NAME_WORD.match(w) and w[0].isupper() for w in words))


def _one_piece(text: str) -> Optional[dict]:
    """A person written in one piece: "J. A. Smith", "John van Dyke", "Smith JA", "Smith"."""
    words = text.split()
    vancouver = re.fullmatch(r"(.+?)\s+([A-Z]{1,3})", text)
    if vancouver and all(_NAME_WORD.match(w) for w in vancouver.group(1).split()):
        return {"family": vancouver.group(1), "given": vancouver.group(2)}
    if len(words) == 1 and _NAME_WORD.match(words[0]) and not _INITIALS.match(words[0]):
        return {"family": words[0]}
    if len(words) >= 2 and _NAME_WORD.match(words[-1]) and not _INITIALS.match(words[-1]):
        family = [words[-1]]
        rest = words[:-1]
        while rest and rest[-1].lower() in _PARTICLES:
            family.insert(0, rest.pop())
        if rest and len(rest) <= 3 and all(
                _INITIALS.match(w) or (_NAME_WORD.match(w) and w[0].isupper()) for w in rest):
            return {"family": " ".join(family), "given": " ".join(rest)}
    return None


# ----------------------------------------------------------------------------- selection


#: The name shapes the benchmark sorts entries by, each kept in the selection up to
#: ``_PER_SHAPE`` works.
_PER_SHAPE = 20


def shapes(work: Work) -> list[str]:
    """The name shapes of a work that :func:`select` makes sure to hold."""
    found = []
    if any(re.search(r"\w[-'\u2019]\w", f) for f in work.families):
        found.append("hyphen/apostrophe surname")
    if any("literal" in n for n in work.authors):
        found.append("corporate author")
    if len(work.authors) >= refstrings.MANY_AUTHORS:
        found.append("many authors")
    if any(f.isupper() and len(f) > 2 for f in work.families):
        found.append("all-caps names")
    if any(not f.isascii() for f in work.families):
        found.append("accented surname")
    return found


def select(works: list[Work], size: int, seed: int) -> list[Work]:
    """``size`` works: first up to ``_PER_SHAPE`` of each name shape (:func:`shapes`), then
    the rest drawn at random, sorted by key."""
    rng = random.Random(seed)
    pool = list(works)
    rng.shuffle(pool)
    chosen: dict[str, Work] = {}
    for shape in ("hyphen/apostrophe surname", "corporate author", "many authors",
                  "all-caps names", "accented surname"):
        for work in [w for w in pool if shape in shapes(w)][:_PER_SHAPE]:
            chosen[work.key] = work
    for work in pool:
        if len(chosen) >= size:
            break
        chosen.setdefault(work.key, work)
    return sorted(list(chosen.values())[:size], key=lambda w: w.key)


# ----------------------------------------------------------------------------- records


def csl_json(works: list[Work]) -> list[dict]:
    """CSL-JSON items (what pandoc's citeproc reads)."""
    items = []
    for work in works:
        item = {"id": work.key, "type": work.type, "title": work.title,
                "author": work.authors, "issued": {"date-parts": [[int(work.year)]]}}
        item.update(work.fields)
        items.append(item)
    return items


_BIBTEX_TYPES = {"article-journal": "article", "chapter": "incollection", "book": "book",
                 "report": "misc"}
_BIBTEX_FIELDS = {"container-title": {"article": "journal", "incollection": "booktitle"},
                  "volume": "volume", "page": "pages", "publisher": "publisher",
                  "publisher-place": "address"}
_TEX_SPECIALS = str.maketrans({"\\": r"\textbackslash{}", "{": r"\{", "}": r"\}", "$": r"\$",
                               "&": r"\&", "%": r"\%", "#": r"\#", "_": r"\_",
                               "^": r"\^{}", "~": r"\~{}"})


def tex(text: str) -> str:
    """Text with LaTeX's special characters escaped."""
    return text.translate(_TEX_SPECIALS)


def bibtex(works: list[Work]) -> str:
    """A .bib file of the works (BibTeX and biber read it)."""
    entries = []
    for work in works:
        kind = _BIBTEX_TYPES[work.type]
        names = " and ".join(
            "{" + tex(n["literal"]) + "}" if "literal" in n
            else tex(n["family"]) + (", " + tex(n["given"]) if n.get("given") else "")
            for n in work.authors)
        lines = [f"@{kind}{{{work.key},", f"  author = {{{names}}},",
                 f"  title = {{{tex(work.title)}}},", f"  year = {{{work.year}}},"]
        for name, value in work.fields.items():
            target = _BIBTEX_FIELDS[name]
            target = target.get(kind) if isinstance(target, dict) else target
            if target:
                lines.append(f"  {target} = {{{tex(value)}}},")
        if kind == "incollection" and "publisher" not in work.fields:
            lines.append("  publisher = {s.n.},")
        entries.append("\n".join(lines) + "\n}\n")
    return "\n".join(entries)
