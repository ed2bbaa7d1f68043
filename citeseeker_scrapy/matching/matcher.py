"""The citation matcher: one object per query, applied to every downloaded document."""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from dataclasses import replace
from functools import cached_property
from typing import NamedTuple, Optional, Sequence

from citeseeker_scrapy.exceptions import ConfigError

from . import original
from .improved import search, superset
from .improved.word_check.checked_title import CheckedTitle
from .model import (
    BETTER_TITLE, OUT_OF_REACH, AuthorGroup, Citation, MatcherSettings,
)
from .names import NameIndex, find_name_positions
from .normalize import normalize_text
from .context import TextMap
from .relation import CITES, SELF, DocumentHead
from .similarity import Title, ratio_of_limit
from .word_edges import PrintedCase, may_join_initials


_MAX_REPRINTS = 64  # later prints of a title looked at (a running header repeats it per page)
_NAME_BESIDE = 200  # characters around a reference entry's title where its author is named


class CitationMatcher:
    """Algorithm 7.3 for a fixed query, in the scheme the settings name (see ``model.SCHEMES``)."""

    def __init__(self, groups: Sequence[AuthorGroup], settings: MatcherSettings) -> None:
        """Normalize every name and title once; empty ones would match everywhere: refuse them."""
        self._settings = settings
        limit = ratio_of_limit(settings.fuzzy_limit)
        self._groups = [_PreparedGroup(group, limit) for group in groups]
        self._names = list(dict.fromkeys(name for g in self._groups for name in g.names))
        self._name_index = NameIndex([form for g in self._groups for _, form in g.forms])

    def find(self, text: str, *, normalized: bool = False,
             source: Optional[str] = None) -> list[Citation]:
        """The best citation of each (group, publication) in ``text``, in input order.

        ``normalized=True`` promises that ``text`` is ``normalize_text`` of the document;
        ``found`` and ``position`` refer to that text in both schemes. Each citation's
        ``relation`` ("self": the document's own title; "cites") is read from the document's
        first lines: from ``text`` itself if it is not normalized, else from ``source``, the
        text as extracted (without it, every hit is "cites").
        """
        if not normalized:
            return self.find_in(DocumentText(text))
        if source is None:
            return self._find_normalized(text, None)
        return self.find_in(DocumentText(source, text))

    def find_in(self, document: DocumentText) -> list[Citation]:
        """:meth:`find` in a document whose readings (its normalized text, head and map) are
        made once for every matcher that searches it (``DocumentText``)."""
        citations = self._find_normalized(document.normalized, document)
        if citations and document.source:
            return self._with_relations(citations, document)
        return citations

    def _find_normalized(self, text: str, document: Optional[DocumentText]) -> list[Citation]:
        """The hits of the settings' scheme in the normalized ``text`` (``document``: its
        readings, whose capitals only the improved scheme reads; None: not known)."""
        if self._settings.scheme == "original":
            return self._find_original(text)
        return self._find_improved(text, document)

    def _with_relations(self, citations: list[Citation],
                        document: DocumentText) -> list[Citation]:
        """Mark the hits that are the document's own title (``relation.citation_relation``),
        unless the document also prints the title in its reference list: a paper does not
        cite itself there, so its title page only names the cited work ("...: An homage to
        The TeXbook"); then the reference entry is the citation reported."""
        related = []
        for citation in citations:
            relation = document.head.relation(citation.publication, self._authors_of(citation))
            if relation == SELF:
                entry = _in_reference_list(document.normalized, document.text_map, citation,
                                           self._name_index_of(citation))
                if entry is not None:
                    citation, relation = replace(citation, position=entry), CITES
            related.append(replace(citation, relation=relation))
        return related

    def _name_index_of(self, citation: Citation) -> NameIndex:
        """The name forms of the group a citation was found for."""
        return NameIndex([form for g in self._groups if citation.author in g.group.authors
                          and citation.publication in g.group.publications
                          for _, form in g.forms])

    def _authors_of(self, citation: Citation) -> tuple[str, ...]:
        """The authors of the group a citation was found for (any of them is a byline name)."""
        return next(g.group.authors for g in self._groups
                    if citation.author in g.group.authors
                    and citation.publication in g.group.publications)

    def _find_original(self, text: str) -> list[Citation]:
        """The baseline: exact names (also inside words), ``part_length`` after each."""
        found = dict(zip(self._names, find_name_positions(text, self._names)))
        citations: list[Citation] = []
        for prepared in self._groups:
            occurrences = original.occurrences(text, prepared.group, prepared.names, found,
                                               self._settings)
            if not occurrences:
                continue
            for publication, title in zip(prepared.group.publications, prepared.titles):
                hit = (original.best_exact(title.text, occurrences)
                       if self._settings.method == "exact"
                       else original.best_fuzzy(title, occurrences))
                if hit is not None:
                    citations.append(Citation(hit[0], publication, *hit[1:]))
        return citations

    def explain(self, text: str) -> list[Explained]:
        """Every hit the original scheme makes in ``text`` (normalized here), with the check
        of ``model.VETOES`` that kept the improved scheme from reporting it (None if it
        reports the publication). For benchmarks: the cost of each check in true citations.
        """
        return self.explain_in(DocumentText(text))

    def explain_in(self, document: DocumentText) -> list[Explained]:
        """:meth:`explain` in a document read once for every matcher that searches it (the
        benchmarks' papers, each searched by many queries)."""
        text, printed = document.normalized, document.printed_case
        out_of_reach: set[tuple[int, int]] = set()
        candidates = self._improved_candidates(text, document, out_of_reach)
        searched = {(c.author, c.publication): c.title_end for c in candidates}
        reported = {(c.author, c.publication) for c in _one_title_per_span(candidates)}
        found = dict(zip(self._names, find_name_positions(text, self._names)))
        explained = []
        for number, prepared in enumerate(self._groups):
            for index, (publication, title, checked) in enumerate(zip(
                    prepared.group.publications, prepared.titles, prepared.checked)):
                hit = superset.original_hit(text, prepared.group, prepared.names, title,
                                            found, self._settings)
                if hit is None:
                    continue
                keys = [(author, publication) for author in prepared.group.authors]
                if any(key in searched for key in keys):
                    why = None if any(key in reported for key in keys) else BETTER_TITLE
                    title_end = next(searched[key] for key in keys if key in searched)
                else:
                    why, title_end = superset.verdict_of(text, hit, checked,
                                                         self._settings.part_length, printed)
                    why = _unreported_why(why, (number, index) in out_of_reach, hit)
                explained.append(Explained(Citation(hit.author, publication, *hit.hit[1:],
                                                    title_end=title_end), why))
        return explained

    def _find_improved(self, text: str, document: Optional[DocumentText]) -> list[Citation]:
        """Whole-word tolerant names, reference-shaped regions, verified hits; and the
        original scheme's hit where none was accepted but one may be (``superset``).
        ``document`` gives the document's capitals (None: the caller passed no source)."""
        return _one_title_per_span(self._improved_candidates(text, document))

    def _improved_candidates(self, text: str, document: Optional[DocumentText],
                             out_of_reach: Optional[set[tuple[int, int]]] = None
                             ) -> list[Citation]:
        """The improved scheme's hits before ``_one_title_per_span``. ``document``, if known,
        gives the capitals the checks read (``DocumentText.printed_case``; the name index too,
        for a surname joined to a given name) and those the name index reads for initials
        (``DocumentText.name_case``). ``out_of_reach``, if given, receives
        (group, title) numbers of the titles no search region reached
        (``search.Found.reachable``): the original's hit is not looked at for them, and
        :meth:`explain_in` names that drop (``model.OUT_OF_REACH``, where no check does)."""
        printed = None if document is None else document.printed_case
        spans_of = self._name_index.spans(text, None if document is None else document.name_case,
                                          printed)
        exact: dict[str, list[int]] = {}
        citations: list[Citation] = []
        for number, prepared in enumerate(self._groups):
            results = search.find_in_group(text, prepared.forms, prepared.checked,
                                             self._settings, spans_of, printed)
            for index, (publication, result) in enumerate(
                    zip(prepared.group.publications, results)):
                hit = result.hit
                if hit is not None:
                    end = superset.title_end_of_passed_hit(
                        text, prepared.checked[index], hit[3], hit[3] + len(hit[1]),
                        printed=printed)
                    citations.append(Citation(hit[0], publication, *hit[1:], title_end=end))
                elif result.reachable:
                    citations.extend(self._original_unless_vetoed(
                        text, prepared, index, exact, printed))
                elif out_of_reach is not None:
                    out_of_reach.add((number, index))
        return citations

    def _original_unless_vetoed(self, text: str, prepared: _PreparedGroup, index: int,
                                exact: dict[str, list[int]],
                                printed: Optional[PrintedCase]) -> list[Citation]:
        """The original scheme's hit for title ``index`` of a group as a citation (with its
        ``title_end``: ``superset.verdict_of``), unless a check of ``model.VETOES`` names why
        it is none (then no citation). ``exact`` caches the names' exact positions in
        ``text`` (found on first need: most documents never need them)."""
        if not exact:
            exact.update(zip(self._names, find_name_positions(text, self._names)))
        hit = superset.original_hit(text, prepared.group, prepared.names,
                                    prepared.titles[index], exact, self._settings)
        if hit is None:
            return []
        verdict = superset.verdict_of(text, hit, prepared.checked[index],
                                      self._settings.part_length, printed)
        if verdict.veto is not None:
            return []
        return [Citation(hit.author, prepared.group.publications[index], *hit.hit[1:],
                         title_end=verdict.title_end)]


def _unreported_why(veto: Optional[str], unreached: bool, hit: superset.OriginalHit) -> str:
    """Why the improved scheme does not report the original's ``hit`` that its search did not
    accept: the check of ``model.VETOES`` that names it (``veto``), else ``OUT_OF_REACH`` if
    the search never weighed it (``unreached``: no region reached the title). Called by
    ``CitationMatcher.explain_in``, which mirrors ``_improved_candidates``: a reached hit
    that no check vetoes is reported there, so none can come here."""
    if veto is not None:
        return veto
    if unreached:
        return OUT_OF_REACH
    raise AssertionError(f"no check vetoes the original's hit {hit}, yet the improved scheme "
                         "does not report it")


class DocumentText:
    """A document's text as extracted (``source``) and normalized, with what is read from it
    once however many matchers search it: its head (``relation.DocumentHead``, a hit's "self"
    label) and its map to the extracted text (``context.TextMap``: the capitals a word check
    reads, a citation's context and ``in_references``), each made on first need (few
    documents have a hit that needs them). Who makes it: ``CitationSearch`` for each part it
    searches (with every query at once), and the benchmarks for each paper, which they
    search once per query."""

    def __init__(self, source: str, normalized: Optional[str] = None) -> None:
        """``normalized`` promises to be ``normalize_text(source)`` (made here if None)."""
        self.source = source
        self.normalized = normalize_text(source) if normalized is None else normalized

    @cached_property
    def head(self) -> DocumentHead:
        """The document's first lines, as :meth:`CitationMatcher.find` reads a hit's relation."""
        return DocumentHead.of(self.source)

    @cached_property
    def text_map(self) -> TextMap:
        """Positions of the normalized text in the extracted one."""
        return TextMap(self.source, self.normalized)

    def printed_case(self, start: int, end: int) -> Optional[str]:
        """The document's capitals for a span of its normalized text
        (``context.TextMap.printed_case``; a ``word_edges.PrintedCase``)."""
        return self.text_map.printed_case(start, end)

    def name_case(self, start: int, end: int) -> Optional[str]:
        """The capitals the name index reads (:meth:`printed_case`), or None where the text
        prints no capital joined to a lower-case letter before a full stop
        (``word_edges.may_join_initials``): the index reads them only for initials joined to a
        name ("LinzJ."), and the map they cost is then not made for a document without one.
        A ``word_edges.PrintedCase``; the text is searched for that shape on the first
        question, so a document none of whose names has a letter and a full stop joined to
        its end is never searched for it."""
        return self.printed_case(start, end) if self._may_join_initials else None

    @cached_property
    def _may_join_initials(self) -> bool:
        """``word_edges.may_join_initials`` of the extracted text, for :meth:`name_case`."""
        return may_join_initials(self.source)


class Explained(NamedTuple):
    """A hit of the original scheme and the check that vetoed it (None: reported)."""

    citation: Citation
    veto: Optional[str]


class _PreparedGroup:
    """A group with its names and titles normalized once, in the forms both schemes use."""

    def __init__(self, group: AuthorGroup, limit: tuple[int, int]) -> None:
        """Normalize and prepare; both schemes' forms are cheap, so both are kept."""
        self.group = group
        self.names = tuple(_normalized_or_fail(author, "author") for author in group.authors)
        self.titles = tuple(Title.prepare(_normalized_or_fail(title, "title"), limit)
                            for title in group.publications)
        self.forms = search.forms_of(group)
        self.checked = tuple(CheckedTitle.prepare(title, typed)
                             for title, typed in zip(self.titles, group.publications))


def _one_title_per_span(citations: list[Citation]) -> list[Citation]:
    """Drop a hit whose text another searched title (of any group) matches better.

    One span of text cites one title: "The LaTeX Companion" printed once is not also a
    citation of the searched "The LaTeX Web Companion" (0.90). Hits as good as the best
    stay (the same title searched in two groups).
    """
    if len(citations) < 2:
        return citations
    by_start = sorted(citations, key=lambda c: c.position)
    starts = [c.position for c in by_start]
    longest = max(len(c.found) for c in citations)
    return [c for c in citations
            if not any(other.similarity > c.similarity and _overlap(other, c)
                       for other in _near(by_start, starts, c, longest)
                       if other.publication != c.publication)]


def _near(by_start: list[Citation], starts: list[int], citation: Citation,
          longest: int) -> list[Citation]:
    """The hits that may overlap ``citation`` (none further than the longest hit): a document
    citing many searched titles is not compared pair by pair."""
    low = bisect_left(starts, citation.position - longest)
    return by_start[low:bisect_right(starts, citation.position + len(citation.found))]


def _overlap(a: Citation, b: Citation) -> bool:
    """True if the two hits share at least half of the shorter one's text."""
    shared = min(a.position + len(a.found), b.position + len(b.found)) - max(a.position,
                                                                            b.position)
    return shared * 2 >= min(len(a.found), len(b.found))


def _in_reference_list(text: str, text_map: TextMap, citation: Citation,
                       names: NameIndex) -> Optional[int]:
    """Where ``citation.found`` is printed (there or later) as an entry of the reference list
    of the normalized ``text`` (``context``'s reading of headings and "[n]" entries) with a
    searched name beside it (``names``; the paper's own running header, which repeats its
    title on the reference list's pages too, has none), or None."""
    position = text.find(citation.found, citation.position)
    for _ in range(_MAX_REPRINTS):
        if position < 0:
            return None
        beside = text[max(0, position - _NAME_BESIDE):position + len(citation.found)
                      + _NAME_BESIDE]
        if (text_map.in_references(text_map.original(position))
                and any(names.spans(beside).values())):
            return position
        position = text.find(citation.found, position + 1)
    return None


def _normalized_or_fail(value: str, what: str) -> str:
    """Normalize a search string; an empty one is a configuration mistake."""
    normalized = normalize_text(value)
    if not normalized:
        raise ConfigError(f"{what} {value!r} is empty after normalization")
    return normalized
