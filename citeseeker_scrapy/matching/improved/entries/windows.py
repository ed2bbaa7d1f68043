"""Where a title is looked for around an author's name (the improved scheme's search regions).

Two steps, so that the many names a document holds cost little and the few hits decide well:

* **Search regions** (:func:`regions_of`, here), generous and cheap: ``part_length`` (or the
  longest title's length) before each name and ``part_length`` after it or after the end of
  the author list it is in (dense commas, ``author_lists``; in author-year styles the year
  that ends the list), on through entries that print a ditto mark for the same authors
  (``ditto_entries``), but within the name's numbered entry ("[n]" to "[n+1]",
  ``entry_numbers``) where there is one. Overlapping windows are merged.
* **Attribution of a hit** (``attribution.attributed``), exact: whether the hit lies in the
  entry of a name before it, or (``title_first``) ends right before a name's author list.

Here also what the two steps share: the :class:`Region` and :class:`Occurrence` types and a
hit's word edges (:func:`widened_start`, :func:`widened_end`). Called by ``search``;
``verify``, ``superset`` and ``running_text`` read the regions.
"""

from __future__ import annotations

from functools import partial
from itertools import repeat
from typing import Iterator, NamedTuple, Sequence

from ..author_runs.author_lists import (
    LIST_WINDOW, LIST_COMMAS, author_list_start, in_long_list, through_author_list,
)
from ..grammar.name_grammar import DOTTED_INITIALS_RUN_TO_NAME
from .ditto_entries import (
    through_ditto_entries, ditto_entry, same_authors_entry, run_date, after_ditto_entries,
)
from .entry_numbers import (
    ENTRY_START, DITTO_MARK, ENTRY_START_DITTO, last_entry_start, next_entry_marker,
)

_MARKER_CHARS = 9  # the longest "[n]" and the shortest ditto marks after it: "[9999] --"
_FIRST_NAMES, _MOST_NAMES = 32, 1024  # name occurrences per batch of regions: first, largest


class Occurrence(NamedTuple):
    """A whole-word occurrence of an author's name and how far after it the search went."""

    start: int
    end: int
    author: str
    search_end: int


class Region(NamedTuple):
    """A stretch of text searched for titles, with the name occurrences that opened it."""

    start: int
    end: int
    #: (start, end, author, search_end) of each, in text order: plain tuples, as thousands are
    #: made per document and few are ever looked at (``attribution.attributed`` names the fields).
    occurrences: tuple[tuple[int, int, str, int], ...]


#: Builds a Region from a tuple in C (the named tuple's own constructor is Python code).
_new_region = partial(tuple.__new__, Region)


def regions_of(text: str, names: Sequence[tuple[int, int, str]], length: int,
               longest_title: int) -> Iterator[Region]:
    """Merged search regions around sorted (start, end, author) name occurrences, in order.

    A title may start up to an occurrence's ``search_end``, so the region holds
    ``longest_title`` characters more; but a numbered entry's title lies between its "[n]"
    and the next one, which bound the region when they are there (the cheap part of
    ``attribution.attributed``'s checks, done early because it makes the regions smaller, and the
    search's cost grows with them). A document may hold thousands of name occurrences, so
    the string searches are made for a batch of names at a time (``map`` calls C without a
    line of Python per name), in growing batches: a caller that has found what it looks for
    in the first regions (a title printed verbatim) stops paying. The usual case (no author
    list, no ditto entry) is written out; :func:`_search_ends` and the marker functions do
    the rest.
    """
    low = high = 0
    found: list[tuple[int, int, str, int]] = []
    at, batch = 0, _FIRST_NAMES
    while at < len(names):
        names_batch = names[at:at + batch]
        at, batch = at + batch, min(2 * batch, _MOST_NAMES)
        lows = _entry_starts_before(text, names_batch, length, longest_title)
        highs = _search_highs(text, names_batch, length, longest_title)
        for (start, end, author), its_low, (reach, its_high) in zip(names_batch, lows, highs):
            if not found:
                low, high = its_low, its_high
            elif its_low > high:
                yield _new_region((low, high, tuple(found)))
                low, high, found = its_low, its_high, []
            elif its_high > high:
                high = its_high
            found.append((start, end, author, reach))
    if found:
        yield _new_region((low, high, tuple(found)))


def _entry_starts_before(text: str, names: Sequence[tuple[int, int, str]], length: int,
                         longest_title: int) -> list[int]:
    """Where each name's window starts: its entry's "[n]", else ``length`` before the name, or
    before the first initial of the run printed initials first that it closes
    (:func:`_run_opening`), or before the start of the long author list it is in. A title
    longer than ``length`` is looked for that far before the start of any author list: a
    title-first entry prints its whole title before its names ("Title of 200 characters / H.
    Reiser, G. Cowlan, H. Kron. — Bonn, 1991.")."""
    starts = [name[0] for name in names]
    openings = [_run_opening(text, start) for start in starts]
    if longest_title > length:
        return _bounded_by_entry(text, starts, [max(0, author_list_start(text, opening)
                                                    - longest_title) for opening in openings])
    lists = map(text.count, repeat(",", len(names)), [max(0, s - LIST_WINDOW) for s in starts],
                starts)
    lows = [max(0, (opening if commas < LIST_COMMAS else author_list_start(text, opening))
                - length) for opening, commas in zip(openings, lists)]
    return _bounded_by_entry(text, starts, lows)


_RUN_REACH = 200  # characters before a name in which the initials-first run it closes is read


def _run_opening(text: str, start: int) -> int:
    """Where the author run that the name at ``start`` closes opens, if the name follows its
    initials and the run is printed initials first with full stops
    (``name_grammar.DOTTED_INITIALS_RUN_TO_NAME``: "r. sandridge und k. " before "ainsworth"),
    else ``start``: a title-first entry prints its whole title before the run ("...(1995
    Symposium) R. Sandridge und K. Ainsworth Oklahoma Geological Survey"), so the window before
    the name reaches back from there. Called by :func:`_entry_starts_before`."""
    if not text.endswith(". ", 0, start):
        return start
    run = DOTTED_INITIALS_RUN_TO_NAME.search(text, max(0, start - _RUN_REACH), start)
    return start if run is None else run.start()


def _bounded_by_entry(text: str, starts: list[int], lows: list[int]) -> list[int]:
    """Each window start in ``lows`` moved up to the "[n]" of the entry of the name starting
    at the same place of ``starts``, if one lies between them."""
    brackets = list(map(text.rfind, repeat("[", len(starts)), lows, starts))
    opens = map(ENTRY_START.match, repeat(text), brackets)  # the usual case: nearest "["
    return [low if bracket < 0 else bracket if entry else last_entry_start(text, low, bracket)
            for low, bracket, entry in zip(lows, brackets, opens)]


def _search_highs(text: str, names: Sequence[tuple[int, int, str]], length: int,
                  longest_title: int) -> list[tuple[int, int]]:
    """(search end, region end) after each name, as :func:`_search_ends` gives them."""
    size = len(text)
    ends = [name[1] for name in names]
    markers = map(ENTRY_START_DITTO.search, repeat(text), ends,
                  [end + 2 * length + _MARKER_CHARS for end in ends])
    highs = []
    for end, marker in zip(ends, markers):
        if marker is not None and marker.start() >= end + 2 * length:
            marker = None
        if (marker is not None and marker.start(1) >= 0) or in_long_list(text, end):
            highs.append(_search_ends(text, end, length, longest_title))  # list or ditto
            continue
        reach = end + length if end + length < size else size
        high = reach + longest_title if reach + longest_title < size else size
        if marker is not None and marker.start() <= high:
            high = marker.start()  # a ditto entry would only move the end past the "[n]"
        else:
            high = _through_unnumbered_ditto(text, end, length, longest_title, high)
            if marker is not None and marker.start() < high:
                high = marker.start()
        highs.append((reach, high))
    return highs


def _through_unnumbered_ditto(text: str, end: int, length: int, longest_title: int,
                              high: int) -> int:
    """``high``, or further: past the unnumbered ditto entries
    (``ditto_entries.after_ditto_entries``) after a name ending at ``end``, if one opens within
    ``2 * length``. Called by
    :func:`_search_highs` only where the next entry's "[n]" is not before ``high``: a ditto
    entry can only move the end further out, so where that "[n]" is before ``high`` it ends the
    region either way, and the scan of ``2 * length`` characters after the name is saved."""
    ditto = ditto_entry(text, end, end + 2 * length)
    find = ditto_entry
    if ditto is None:
        find = same_authors_entry(text, end, run_date(text, end))
        if find is ditto_entry:
            return high
        ditto = find(text, end, end + 2 * length)
        if ditto is None:
            return high
    return min(len(text), after_ditto_entries(text, ditto, length, find) + longest_title)


def _search_ends(text: str, end: int, length: int, longest_title: int) -> tuple[int, int]:
    """How far after a name a title may start, and where the text searched for it ends.

    The first through an author list and ditto entries; the second ``longest_title`` later,
    but not past the next entry's "[n]" (a numbered entry holds its whole title).
    """
    reach = through_author_list(text, end, length)
    marker = next_entry_marker(text, end, reach + length)
    if marker is not None and DITTO_MARK.match(text, marker.end()):
        reach = through_ditto_entries(text, end, reach, length)
        marker = next_entry_marker(text, end, reach + longest_title)
        while marker is not None and DITTO_MARK.match(text, marker.end()):
            marker = next_entry_marker(text, marker.end(), reach + longest_title)
    reach = min(len(text), reach)
    high = min(len(text), reach + longest_title)
    return reach, high if marker is None else min(high, marker.start())


def widened_start(text: str, start: int, low: int) -> int:
    """``start`` moved back to the start of the word it is in, not before ``low``: a fuzzy hit
    may begin inside the title's first word. Letters and digits only (``verify``'s word edges
    also step over what extraction leaves inside words). Called by the attribution checks
    (``attribution``, ``title_first``)."""
    while start > low and text[start - 1].isalnum():
        start -= 1
    return start


def widened_end(text: str, end: int, high: int) -> int:
    """``end`` moved on to the end of the word it is in, not past ``high``: a fuzzy hit may
    end inside the title's last word. Called by the attribution checks (``attribution``,
    ``title_first``)."""
    while end < high and text[end].isalnum():
        end += 1
    return end
