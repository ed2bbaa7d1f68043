"""Entries of the same authors after a name's entry: where they open and how far they reach.

Some styles print the authors once and open each entry of theirs after the first with a ditto
mark ("[2] , Title", "——. Title", "Committee — (2012) Title") or with its date alone
("...Basel. 1989 “Title”"): a title in one of them cites the name. Read by ``windows`` (a
search region goes on through them) and ``attribution`` (whether a hit is in one of them).
"""

from __future__ import annotations

import re
from functools import partial
from typing import Callable, Optional

from ..author_runs.author_lists import (
    LIST_WINDOW, NAME_PIECE, author_list_end, dense_separators,
)
from ..grammar.entry_grammar import (
    SENTENCE_ENDS_IN_GAP, DITTO_IN_GAP, ANY_YEAR, DITTO_ENTRY, DATE_AFTER_RUN, DITTO_WORDS,
    DITTO_DASH, YEAR_DIGITS,
)
from .entry_numbers import DITTO_MARK, next_entry_marker
from ..text.per_text_cache import kept_per_text

MAX_DITTO_ENTRIES = 5  # "[2] ," entries followed one after the other
#: What comes before a ``DITTO_ENTRY``: ". " or ") ", perhaps a page's number, then (looked
#: ahead) a dash, a ditto word or a lost mark's punctuation. The regex engine scans quickly for
#: a pattern that opens with a set of characters; ``DITTO_ENTRY`` opens with a lookbehind,
#: which it tries at every position.
_DITTO_ENTRY_OPENING = re.compile(
    f"[.)] (?:\\d{{1,3}} )?(?=[\u2014\u2013\\-_.,:;]|{DITTO_WORDS})")
MarkFinder = Callable[[str, int, int], Optional[re.Match[str]]]
#: A date printed bare after an author run, a word before it and a word or an opening quote
#: after it: "Preuss-Lausitz, Ulf 1986 Title", "Refugee Council of Australia 1905 Title".
_BARE_YEAR = f"{YEAR_DIGITS}[a-z]? (?=[^\\W\\d_]|[\"\u201c\u00ab\u2018])"
_BARE_DATE = re.compile("(?:(?<=[^\\W\\d_] )|(?<=[^\\W\\d_]\\. ))" + _BARE_YEAR)
#: ... and such a date alone after a sentence end ("...Weinheim und Basel. 1989 “Title”",
#: "...p. 5-9. 1997 Title"; not after an initial: "Dudley, S. 2011 Title" is an author run's).
_DATED_ENTRY = re.compile("(?:(?<=[^\\W_]{2}\\. )|(?<=\\d\\. )|(?<=[\"\u201d\u00bb]\\. ))"
                          + _BARE_YEAR)
#: Any of those dates, after a blank: :func:`run_start` tells the two kinds apart.
_ANY_BARE_DATE = re.compile("(?<= )" + _BARE_YEAR)
_DATE_REACH = 2 * NAME_PIECE  # characters after a name in which its run's date is printed
#: A date after an author run printed as the style prints it there (``DATE_AFTER_RUN``), right
#: after a ditto mark ("— (2012), ", "———. 2010. ").
_DATE_AFTER_MARK = re.compile("[.,]? ?" + DATE_AFTER_RUN.pattern)
#: A ditto mark right before such a date ("— (2012), ", "———. 2010. ").
_MARK_BEFORE_DATE = re.compile("[\u2014\u2013\\-_][.,]? ?$")
#: A ditto mark after a word and a blank, no sentence end (:func:`_ditto_or_dated_entry` reads
#: the word before it): styles that close no entry with a full stop ("...Affairs Committee —
#: (2012) Title"). Only a date printed after it as the name's own is printed after its run
#: makes it one (:func:`_ditto_or_dated_entry`): a dash inside a title or between the fields of
#: an entry is followed by words.
_UNPUNCTUATED_MARK = re.compile(f"{DITTO_DASH}(?= )")


def through_ditto_entries(text: str, end: int, high: int, length: int) -> int:
    """Extend ``high`` over the entries right after the name's one that print a ditto mark
    ("[2] , Title", "[2] —— Title": the authors of the entry before), a few in a row."""
    for _ in range(MAX_DITTO_ENTRIES):
        marker = next_entry_marker(text, end, high + length)
        if marker is None or not DITTO_MARK.match(text, marker.end()):
            break
        end, high = marker.end(), max(high, marker.end() + length)
    return high


def ditto_entry(text: str, pos: int, endpos: int) -> Optional[re.Match[str]]:
    """The first ``DITTO_ENTRY`` from ``pos`` to ``endpos``, as ``DITTO_ENTRY.search(text, pos,
    endpos)`` finds it, in about half its time. Why: the search regions look for one after
    every name occurrence of a document that no near "[n]" follows (``windows._search_highs``),
    where it is rare."""
    for opening in _DITTO_ENTRY_OPENING.finditer(text, max(0, pos - 2), endpos):
        found = DITTO_ENTRY.match(text, opening.end(), endpos)
        if found is not None and found.start() >= pos:
            return found
    return None


def same_authors_entry(text: str, name_end: int, own: Optional[re.Match[str]]) -> MarkFinder:
    """How the entries of the same authors after a name's entry open: with a ditto mark
    (:func:`ditto_entry`); where the name's own entry prints its date after its author run
    (``own``: :func:`run_date` of ``name_end``, which the caller reads), also with a dash and a
    date printed alike, after an entry the style closes with no punctuation ("Refugee Council
    (2011) Title. Senate Committee — (2012) Title"); where that date is bare, also with that
    date alone after the entry before's sentence end (styles that print the authors once, above
    their works: "Preuss-Lausitz, Ulf 1986 Title, Basel. 1989 “Title”, Frankfurt. 1997 Title").
    Called by ``windows._through_unnumbered_ditto``, ``attribution._on_to_ditto_entry`` and
    ``attribution._in_entry``."""
    bare = _own_bare_date(text, name_end) is not None
    if own is None and not bare:
        return ditto_entry
    return partial(_ditto_or_dated_entry, form=None if own is None else own.group(1, 2),
                   bare=bare)


@kept_per_text
def _own_bare_date(text: str, name_end: int) -> Optional[re.Match[str]]:
    """The date printed bare after the author run of a name ending at ``name_end``, with no
    sentence end between them (``_BARE_DATE``), or None."""
    date = _BARE_DATE.search(text, name_end, name_end + _DATE_REACH)
    if date is None or SENTENCE_ENDS_IN_GAP.search(text, name_end, date.start()):
        return None
    return date


@kept_per_text
def run_date(text: str, run_end: int) -> Optional[re.Match[str]]:
    """The date printed after an author run (or a ditto mark) ending at ``run_end``, with no
    sentence end between them (``DATE_AFTER_RUN``: its groups 1 and 2 say how it is
    printed), or None."""
    date = DATE_AFTER_RUN.search(text, run_end, run_end + _DATE_REACH)
    if date is None or SENTENCE_ENDS_IN_GAP.search(text, run_end, date.start()):
        return None
    return date


def _ditto_or_dated_entry(text: str, pos: int, endpos: int, form: Optional[tuple[str, str]],
                          bare: bool) -> Optional[re.Match[str]]:
    """The first ditto mark (:func:`ditto_entry`), unpunctuated mark followed by a date
    printed as ``form`` (``_UNPUNCTUATED_MARK``, if ``form``) or, if ``bare``,
    ``_DATED_ENTRY`` from ``pos`` to ``endpos`` (the first letter of the entry after its date
    may lie at ``endpos``: a title starting there)."""
    ditto = ditto_entry(text, pos, endpos)
    stop = endpos if ditto is None else ditto.start()
    if bare:
        dated = _DATED_ENTRY.search(text, pos, stop + 1)
        if dated is not None and dated.end() <= stop:
            ditto, stop = dated, dated.start()
    if form is None:
        return ditto
    for mark in _UNPUNCTUATED_MARK.finditer(text, pos, stop):
        date = _DATE_AFTER_MARK.match(text, mark.end())
        if (mark.start() >= 2 and text[mark.start() - 1] == " " and text[mark.start() - 2].isalpha()
                and date is not None and date.group(1, 2) == form):
            return mark
    return ditto


def after_ditto_entries(text: str, ditto: re.Match[str], length: int,
                        find: MarkFinder = ditto_entry) -> int:
    """How far after an unnumbered entry's ditto mark ("...1991. — Title", "...1988. . Title")
    a title may start: ``length`` after the last of the marks that follow each other within
    ``length``, a few in a row (each found by ``find``: :func:`same_authors_entry`). The same
    authors' entries go on there; ``attribution._in_entry`` decides whether a title is in one
    of them."""
    for _ in range(MAX_DITTO_ENTRIES):
        following = find(text, ditto.end(), ditto.end() + length)
        if following is None:
            break
        ditto = following
    return ditto.end() + length


def next_same_authors_mark(text: str, run_end: int, end: int, start: int, find: MarkFinder
                           ) -> Optional[re.Match[str]]:
    """The mark (``find``) that opens the next entry of the same authors before a title at
    ``start``, after an entry whose run (a name or a mark) ends at ``run_end`` and whose reach
    ends at ``end``: the first one inside that reach, if at most one year lies between the run
    and it (the entry's own date: another author's entry between would print its own), else
    the first one after ``end``, which ``attribution._in_entry`` checks. An entry shorter than
    its reach has the next entry's mark inside it ("Name, Ulf. Title. 1986, 13-28. ———.
    “Title”. In: Journal, 29, 1997, 7. ———. “Title”"). Called by ``attribution._in_entry``."""
    early = find(text, run_end, min(end, start))
    if early is not None and len(ANY_YEAR.findall(text, run_end, early.start())) <= 1:
        return early
    return find(text, end, start)


def dated_mark_before(text: str, own: Optional[re.Match[str]], start: int, find: MarkFinder
                      ) -> Optional[re.Match[str]]:
    """The first mark of the same authors (``find``) after an entry's own date ``own`` and before a
    title at ``start``, if that entry prints its date after its author run or mark (``own``:
    :func:`run_date`, None if it prints none) and the mark is followed by a date printed alike,
    with no date printed so between them (another author run's: "(1998), Title, Culture. Park,
    Min (2010), Title. — (2012)"); else None. The entry ends at that mark, which opens the next
    one of the same authors, whatever years and sentence ends its title and venue hold ("(1905),
    Title, Affairs. — (2011), Amendment bill 2011, Senate Committee. — (2012), Title": read from
    the entry's end, "bill 2011" is another entry's date). Called by ``attribution._in_entry``,
    which keeps the name's own date to read the entries after the mark."""
    if own is None:
        return None
    mark = find(text, own.end(), start)
    if mark is None:
        return None
    date = _DATE_AFTER_MARK.match(text, mark.end())
    if date is None or date.group(1, 2) != own.group(1, 2):
        return None
    return None if other_run_dated(text, own, mark.start()) else mark


def other_run_dated(text: str, own: re.Match[str], stop: int) -> bool:
    """True if a date printed as ``own`` (:func:`run_date`) lies between it and ``stop``, not
    right after a ditto mark: another author run's. Called by :func:`dated_mark_before` and
    ``attribution._in_entry`` for the entries a mark in a name's reach opens."""
    form = own.group(1, 2)
    return any(date.group(1, 2) == form and _MARK_BEFORE_DATE.search(
                   text, max(0, date.start() - 4), date.start()) is None
               for date in DATE_AFTER_RUN.finditer(text, own.end(), stop))


def run_start(text: str, name_end: int, end: int) -> int:
    """Where the run of names a name ends at goes on with no other entry in ``[name_end,
    end)``: after its author list (a footnote may interrupt a long one) and after the last
    ditto mark (that entry goes on with the same authors), or the last date that opens an
    entry of the same authors (:func:`same_authors_entry`) with no other author run's bare
    date before it ("Weber, Lena 1986 Title. Park, Min 1989 Title. 1997 Title": Park's)."""
    start = name_end
    if dense_separators(text, name_end, name_end + LIST_WINDOW):
        start = max(start, author_list_end(text, name_end))
    for ditto in DITTO_IN_GAP.finditer(text, name_end, end):
        start = ditto.end()
    own = _own_bare_date(text, name_end)
    if own is not None:
        for date in _ANY_BARE_DATE.finditer(text, own.end(), min(len(text), end + 1)):
            if date.end() > end or not _DATED_ENTRY.match(text, date.start()):
                break
            start = max(start, date.end())
    return start
