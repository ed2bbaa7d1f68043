"""The improved scheme: find every citation a reader sees in extracted text, and nothing else.

What differs from the original scheme, and why (details in the modules named):

* **Names are whole words, found despite extraction damage** (``names.NameIndex``): "lee" in
  "byerlee" is not Lee; "d ean" (split small capitals), "gr unwald" (a LaTeX accent NFKD made a
  blank), "sk\\ufffeounakis" (PDFium's line-end hyphen), "hajiˇc", "o’neil", "østbye" for
  "Ostbye" are. Initials are dropped from the typed name; particles are optional.
* **The title is looked for where a reference puts it** (``windows``, ``attribution``): after
  the name, through a long author list and ditto entries, up to the end of the name's entry;
  or right before the name (title blocks, reading lists). Every occurrence counts (no merging
  by ``min_author_distance``): overlapping windows are searched as one region.
* **A hit must look like a citation of the title** (``verify``): word coverage in order (the
  token-level check) and, for titles of up to three words, punctuation on both sides.

Similarity, ``found`` and ``position`` mean what they mean in the original scheme: the best
substring of the normalized text, found exactly by the same fast search; the best hit that is
accepted wins (ties: earliest, then longest).
"""

from __future__ import annotations

from bisect import bisect_right
from itertools import accumulate, islice
from typing import Callable, Iterator, NamedTuple, Optional, Sequence

from rapidfuzz import process
from rapidfuzz.distance import LCSseq

from ..model import AuthorGroup, MatcherSettings
from ..name_parts import name_forms
from ..original import Hit, better
from ..similarity import Bounds, Ratio, best_in_part
from ..word_edges import PrintedCase
from .entries.attribution import attributed
from .word_check.checked_title import CheckedTitle
from .text.headers import Span, printed_without, restored, running_headers, without_spans
from .verify import headers_in_title, veto
from .entries.windows import Region, regions_of

_SEARCHES_PER_REGION = 4  # best-substring searches in one region when hits are rejected
_TITLE_SLACK = 20  # a title printed with more characters than typed (blanks, hyphens)
_FIRST_REGIONS = 16  # regions cut out at first; each later batch twice the one before


def forms_of(group: AuthorGroup) -> tuple[tuple[str, str], ...]:
    """(author, name form) for every form of every author of the group."""
    return tuple((author, form) for author in group.authors for form in name_forms(author))


class Found(NamedTuple):
    """What the search of one title in one group's regions gave."""

    hit: Optional[Hit]
    #: Some region reaches the title's LCS cutoff (holds it verbatim, method "exact"): only
    #: then can the original rule fire after a whole-word name (its part lies in a region),
    #: so only then does ``superset`` look at the original's hit when ``hit`` is None.
    reachable: bool


def find_in_group(text: str, forms: Sequence[tuple[str, str]], titles: Sequence[CheckedTitle],
                  settings: MatcherSettings, spans_of: dict[str, list[tuple[int, int]]],
                  printed: Optional[PrintedCase] = None) -> list[Found]:
    """The best accepted hit of each title of one group, and whether the title was in reach.

    ``spans_of`` holds the whole-word occurrences of every name form in the document;
    ``printed`` gives its capitals, if the caller has them (``verify.veto`` reads them).
    """
    names = sorted((start, end, author) for author, form in forms
                   for start, end in spans_of[form])
    if not names:
        return [Found(None, False)] * len(titles)
    longest = max(len(title.title.text) for title in titles) + _TITLE_SLACK
    searched = _Searched(text, regions_of(text, names, settings.part_length, longest),
                         settings.part_length, printed)
    if settings.method == "exact":
        return [_exact(searched, title) for title in titles]
    return [_best_fuzzy(searched, title) for title in titles]


class _Searched:
    """The regions of one group in one document, as texts, and joined for one-scan finds.

    Regions are cut out in growing batches, as they are needed: a title printed verbatim in
    the first regions (the usual case in a reference list that cites it) needs none of the
    rest; a title searched fuzzily needs them all (the verbatim search that comes first has
    cut them all out when it finds nothing). ``printed``: the capitals of ``text``, or None
    (a text with running headers left out has none).
    """

    def __init__(self, text: str, regions: Iterator[Region], length: int,
                 printed: Optional[PrintedCase] = None) -> None:
        self.text = text
        self.length = length  # part_length
        self.printed = printed
        self.regions: list[Region] = []
        self.parts: list[str] = []
        self.offsets: list[int] = []  # where each part starts in ``joined``
        self.joined = ""  # the parts with a NUL between them: a title (no NUL) is in one part
        self._pending = regions
        self._batch = _FIRST_REGIONS
        self.cut_more()

    def cut_more(self) -> bool:
        """Cut out the next batch of regions; False if none was left."""
        regions = list(islice(self._pending, self._batch))
        if not regions:
            return False
        self._batch *= 2
        parts = [self.text[region.start:region.end] for region in regions]
        start = len(self.joined) + 1 if self.parts else 0
        self.offsets += accumulate((len(part) + 1 for part in parts[:-1]), initial=start)
        joined = "\x00".join(parts)
        self.joined = f"{self.joined}\x00{joined}" if self.parts else joined
        self.regions += regions
        self.parts += parts
        return True

    def accepted(self, title: CheckedTitle, region: Region, start: int, end: int
                 ) -> Optional[str]:
        """The author a hit ``text[start:end]`` is a citation of, or None if it is not one."""
        return self.verdict(title, region, start, end)[0]

    def verdict(self, title: CheckedTitle, region: Region, start: int, end: int
                ) -> tuple[Optional[str], bool]:
        """The author a hit ``text[start:end]`` is a citation of (None if it is not one), and
        whether it lies in the entry of a name of ``region`` (``attribution.attributed``: a
        word check may still turn it down)."""
        author = attributed(self.text, region, start, end, self.length)
        if author is None:
            return None, False
        why = veto(self.text, title, start, end, region, printed=self.printed)
        return (None if why else author), True


def _first_verbatim(searched: _Searched, title: CheckedTitle) -> Optional[Hit]:
    """The earliest accepted verbatim occurrence of the title in the regions, if any (None
    only once every region is cut out)."""
    needle = title.title.text
    index = searched.joined.find(needle)
    while True:
        while index >= 0:
            number = bisect_right(searched.offsets, index) - 1
            region = searched.regions[number]
            position = region.start + index - searched.offsets[number]
            author = searched.accepted(title, region, position, position + len(needle))
            if author is not None:
                return author, needle, 1.0, position
            index = searched.joined.find(needle, index + 1)
        done = len(searched.joined)  # new parts start after it: a title holds no NUL
        if not searched.cut_more():
            return None
        index = searched.joined.find(needle, done)


def _exact(searched: _Searched, title: CheckedTitle) -> Found:
    """Method "exact": the earliest accepted verbatim occurrence; in reach if any is there."""
    hit = _first_verbatim(searched, title)
    return Found(hit, hit is not None or title.title.text in searched.joined)


def _best_fuzzy(searched: _Searched, title: CheckedTitle) -> Found:
    """The best accepted hit over all regions; ties go to the earliest, then the longer.

    As in the original scheme, regions are searched in the order of their LCS with the title
    and the search ends once no remaining region can reach the best hit so far.
    """
    verbatim = _first_verbatim(searched, title)
    if verbatim is not None:
        return Found(verbatim, True)
    prepared = title.title
    ranked = process.extract(prepared.text, searched.parts, scorer=LCSseq.similarity,
                             score_cutoff=prepared.at_limit.need, limit=None)
    hit = _best_ranked(searched, title, ranked)
    if hit is None:
        hit = _across_page_break(searched, title, ranked)
    if hit is None:
        hit = _across_page_break_after_name(searched, title, ranked)
    return Found(hit, bool(ranked))


def _best_ranked(searched: _Searched, title: CheckedTitle,
                 ranked: list[tuple[str, float, int]]) -> Optional[Hit]:
    """The best accepted hit in the ``ranked`` regions (best LCS first), if any."""
    prepared = title.title
    best: Optional[tuple[Ratio, tuple[int, int], str]] = None
    floor = prepared.at_limit
    for _, lcs, index in ranked:
        if lcs < floor.need:
            break
        hit = _accepted_in_part(searched, title, index, floor)
        if hit is not None:
            ratio, position, size, author = hit
            if best is None or better(ratio, (position, -size), best[0], best[1]):
                best = (ratio, (position, -size), author)
                floor = Bounds.at(ratio, len(prepared.text))
    if best is None:
        return None
    (num, den), (position, negative_size), author = best
    found = searched.text[position:position - negative_size]
    return author, found, round(num / den, 4), position


def _across_page_break(searched: _Searched, title: CheckedTitle,
                       ranked: list[tuple[str, float, int]]) -> Optional[Hit]:
    """The first ranked region's hit found with the running headers inside the title left
    out (``verify.headers_in_title``), or None.

    A page break inside a long title prints the page number and the next page's header (a
    browser's date, the document's title, its address and page counter: 120 characters and
    more) between its halves, so no substring of the text reaches the limit, though the
    title's letters are all there (its LCS with the region reaches the cutoff: ``ranked``).
    Only a region holding such a header is searched again, with the header left out: the
    hit must pass the same checks there, and is reported as the text from its first word to
    its last, the header inside it. Called by :func:`_best_fuzzy` when no hit was accepted,
    mostly for near-miss titles (``headers`` passes over a region with no repeated pair of
    words first and keeps its answers per document: a document searched for many titles
    reads its runs once).
    """
    for _, _, index in ranked:
        region = searched.regions[index]
        spans = headers_in_title(searched.text, title, region.start, region.end)
        if not spans:
            continue
        cleaned, moved = without_spans(searched.text, spans)
        shifted = Region(moved(region.start), moved(region.end), tuple(
            (moved(start), moved(end), author, moved(reach))
            for start, end, author, reach in region.occurrences))
        again = _Searched(cleaned, iter((shifted,)), searched.length)
        hit = _accepted_in_part(again, title, 0, title.title.at_limit)
        if hit is not None:
            (num, den), position, size, author = hit
            start, end = restored(spans, position), restored(spans, position + size - 1) + 1
            return author, searched.text[start:end], round(num / den, 4), start
    return None


def _across_page_break_after_name(searched: _Searched, title: CheckedTitle,
                                  ranked: list[tuple[str, float, int]]) -> Optional[Hit]:
    """The first ranked region's hit found with the running headers between a name and the
    end of its search left out (:func:`_headers_after_names`), the windows cut again on that
    text (``windows.regions_of``), or None.

    A page break between an entry's name and its title prints the page number and the next
    page's header there ("[20] Department of the Navy (DON). Web site. URL: <...>. Navy
    Environmental Health 12/6/26, 2:03 PM Generated Studies of Citation Styles file:///...
    2/3 Center. 22 November, 2004. Navy Guidance for ..."): 120 characters and more that
    the page holds, not the entry, and that push a title printed after a long field past
    how far after its name a title may start. Read without them, the entry is as it is on
    one page (a name printed inside a header is the header's word, left out with it), and
    the hit must pass the same checks there, then be attributed again on the text as
    printed with the names' reach stretched over the headers (:func:`_stretched`); it is
    reported as found in the text, its position restored. Called by :func:`_best_fuzzy`
    when no other hit was accepted, after :func:`_across_page_break` (a header inside the
    title).
    """
    longest = len(title.title.text) + _TITLE_SLACK
    for _, _, index in ranked:
        region = searched.regions[index]
        spans = _headers_after_names(searched.text, region)
        if not spans:
            continue
        cleaned, moved = without_spans(searched.text, spans)
        names = [(moved(start), moved(end), author)
                 for start, end, author, _ in region.occurrences if moved(end) > moved(start)]
        printed = None if searched.printed is None else printed_without(searched.printed, spans)
        again = _Searched(cleaned, regions_of(cleaned, names, searched.length, longest),
                          searched.length, printed)
        number = 0
        while number < len(again.regions) or again.cut_more():
            hit = _accepted_in_part(again, title, number, title.title.at_limit)
            number += 1
            if hit is None:
                continue
            (num, den), position, size, author = hit
            start, end = restored(spans, position), restored(spans, position + size - 1) + 1
            if _past_search_end(region, start) and author == attributed(
                    searched.text, _stretched(region, spans, moved), start, end,
                    searched.length):
                return author, searched.text[start:end], round(num / den, 4), start
    return None


def _stretched(region: Region, spans: list[Span], moved: Callable[[int], int]) -> Region:
    """``region`` with each name's search end moved on over the headers ``spans`` (left out
    by ``headers.without_spans``, which gave ``moved``) after the name: as far after it as
    without them. Called by :func:`_across_page_break_after_name`, which asks
    ``attribution.attributed`` again on the text as printed: only the distance is read
    without the headers; what closes an entry before the hit (its pages, a sentence end, the
    next "[n]") is read where the page prints it, as a run printed twice that passes for a
    header may hold it ("...Diabetes Educ., 39 (2013), pp. 504-514 W. Enkelmann, Title")."""
    return Region(region.start, region.end, tuple(
        (start, end, author, restored(spans, moved(end) + reach - end))
        for start, end, author, reach in region.occurrences))


def _past_search_end(region: Region, start: int) -> bool:
    """True if a hit at ``start`` lies past the search end of the last name of ``region``
    before it: out of the name's reach only for the page break's print between them. A hit
    within reach was judged on the text as printed already, and turned down there.
    Called by :func:`_across_page_break_after_name`."""
    before = [reach for _, end, _, reach in region.occurrences if end <= start]
    return bool(before) and before[-1] <= start


def _headers_after_names(text: str, region: Region) -> list[Span]:
    """The running headers (``headers.running_headers``) of ``region`` that start after one
    of its names and before that name's search end: what a page break prints between a name
    and where its title may start. Only the text from the first name's end to the last
    search end is read for them. Called by :func:`_across_page_break_after_name`."""
    occurrences = region.occurrences
    low, high = occurrences[0][1], max(reach for _, _, _, reach in occurrences)
    return [span for span in running_headers(text, low, high)
            if any(end <= span[0] < reach for _, end, _, reach in occurrences)]


def _accepted_in_part(searched: _Searched, title: CheckedTitle, index: int,
                      floor: Bounds) -> Optional[tuple[Ratio, int, int, str]]:
    """The best accepted substring of part ``index`` at ``floor`` or above, with its author.

    A rejected best substring splits the part: the text before its end and the text after
    its start are searched again, a few times at most (a short title as ordinary words
    first and standing alone later; another entry's title next to this author's one). A
    substring that lies in no name's entry is followed by the text before its start, not
    its end: the substrings that start where it starts lie in no name's entry either, and a
    print of the title before it in the name's entry is looked at next (a title printed
    again after a date read as the entry's end: "Pilar, D. Poesía de gotán: The Poetry of
    the Tango. N.p., 2009. Web. 28 Mar. 2011. <Poesía de gotán: The Poetry of the
    Tango>.", the first print damaged, the second one not).
    """
    region, part = searched.regions[index], searched.parts[index]
    pending = [(0, len(part))]
    best: Optional[tuple[Ratio, int, int, str]] = None
    for _ in range(_SEARCHES_PER_REGION):
        if not pending:
            break
        low, high = pending.pop(0)  # both sides of a rejected hit in turn
        hit = best_in_part(title.title, part[low:high], floor)
        if hit is None:
            continue
        ratio, start, size = hit
        position = region.start + low + start
        author, in_entry = searched.verdict(title, region, position, position + size)
        if author is None:
            before = low + start + size - 1 if in_entry else low + start
            pending += [(low, before), (low + start + 1, high)]
        elif best is None or better(ratio, (position, -size), best[0], (best[1], -best[2])):
            best = (ratio, position, size, author)
    return best
