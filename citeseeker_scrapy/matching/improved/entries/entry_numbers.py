"""Where a numbered reference entry ("[n]") starts, and the number of the entry a name is in.

:data:`ENTRY_START` tells an entry's "[n]" from a citation in running text and from a year in
brackets; :data:`DITTO_MARK` is the mark after the "[n]" of an entry with the authors of the
one before ("[2] ,", "[2] ——"). Read by ``windows`` (a search region ends at the next entry),
``ditto_entries``, ``attribution``, ``verify`` and ``superset``.
"""

from __future__ import annotations

import re
from typing import Optional

from ..author_runs.author_lists import LIST_WINDOW, NAME_PIECE
from ..grammar.entry_grammar import (
    BRACKETED_DIGITS, BRACKETED_ENTRY_NUMBER, ENTRY_NUMBER, YEAR_DIGITS,
)
from ..grammar.name_grammar import NAME_WITH_INITIALS

#: The "[n]" that opens a reference entry: after ". ", ") ", "] " or "; " (or at the start of
#: the text), with or without the blank. After a word ("as shown in [12]") it is a citation; a
#: year before a year is a first edition's ("Hume, David. [1752] 1955. Writings on Economics"),
#: and so is one after a year ("Hjelmslev, L. (1961) [1943]. Prolegomena"); a year in brackets
#: with punctuation after it is the entry's own date, supplied by the cataloguer ("Kolsteren,
#: A. [1945]. Het rijk", "Name, J. [1950], Title"): an entry's number is followed by its text.
#: A year in brackets right after an initial, "et al.", "Jr." or "Sr." closes an author run: the
#: entry's date as some styles print it before the title ("Breslow, N. E. [1987] Title"); an
#: entry's number follows the entry before's end, and a bibliography numbered past 1500 is rare.
#: So does one after another word's full stop (an organisation, a name printed as one word:
#: "Tech, E., and Inc. [1999] Title", "Kopelev. [1977] Title", "Center (PWC). [2001] Title"),
#: unless a name with initials follows it: a list labelled by year, each label before its
#: entry's authors ("...Journal. [2003] D. Fiala: Title", ``NAME_WITH_INITIALS``).
#: A "[n]" after any word starts no entry here, though some are entries' numbers: after a
#: heading's word, a page number or the year of the entry before ("References [1] T. Hopf",
#: "...Title. 4 [9] R. Novak", "...Nature, 2015 [3] Title"): where an entry starts is read from
#: the text alone, and running text prints a citation so. :func:`own_entry_number` answers
#: another question, the number of the entry a name is read in, and takes any "[n]" but a
#: year before the name (a second rule, not a second reader of this one).
ENTRY_START = re.compile(r"\[(?:(?<=^\[)|(?<=[.;)\]]\[)|(?<=[.;)\]] \[))"
                         rf"(?!{YEAR_DIGITS}\] [12]\d{{3}}"
                         rf"|{YEAR_DIGITS}\][.,:;]"
                         r"|(?:(?<=\d\) \[)|(?<=(?<![^\W_])[^\W\d_]\. \[)"
                         r"|(?<=\b(?:al|jr|sr)\. \[))"
                         rf"{YEAR_DIGITS}\]"
                         rf"|(?:(?<=[^\W\d_]\. \[)|(?<=\)\. \[)){YEAR_DIGITS}\] "
                         r"(?!" + NAME_WITH_INITIALS + r"))" + BRACKETED_DIGITS + r"\]")
DITTO_MARK = re.compile(r" ?(?:,|\u2014|\u2013|-{2,}|_{2,})")
#: An entry's "[n]" and, in a group, the ditto mark after it: one search instead of three calls.
ENTRY_START_DITTO = re.compile(ENTRY_START.pattern + "(" + DITTO_MARK.pattern + ")?")


def last_entry_start(text: str, low: int, stop: int) -> int:
    """The last "[n]" that starts an entry in ``[low, stop)`` (the name's own, if ``stop`` is
    where the name starts), or ``low`` if there is none."""
    bracket = text.rfind("[", low, stop)
    while bracket >= 0 and not ENTRY_START.match(text, bracket):
        bracket = text.rfind("[", low, bracket)
    return low if bracket < 0 else bracket


def own_entry_number(text: str, name: int, numbers: re.Pattern[str] = BRACKETED_ENTRY_NUMBER
                     ) -> Optional[int]:
    """The number of the numbered entry a name at ``name`` is in: the last entry number
    (``numbers``: "[n]", or ``LISTED_ENTRY_NUMBER``'s "n. ") within ``LIST_WINDOW`` before the
    name, wherever it stands (after a page number a page break left: "...Title. 4 [9] R. Novak"),
    or None. Read by ``attribution._title_ends_numbered_entry``, which compares the "[n+1]" after a
    title with it, and by ``verify`` for the "n+1. " after a title; :func:`next_number_between`
    reads the name's "[n]" as the search regions do (its docstring says why)."""
    found = numbers.findall(text, max(0, name - LIST_WINDOW), name)
    return int(found[-1]) if found else None


def next_number_between(text: str, name: int, start: int) -> bool:
    """True if the number after the name's own "[n]" ("[n+1]") lies between the name and a
    title: the next entry of the list, even where ``ENTRY_START`` cannot tell it from a
    citation in running text ("...Nancy, 1994 [11] P. Brion, Clint Eastwood"). The name's own
    "[n]" is the last that starts an entry (``last_entry_start``, as the search regions read
    it), or a later one (no year, ``BRACKETED_ENTRY_NUMBER``) right before the name's author
    run (within ``NAME_PIECE`` characters of the name): printed after the page or the date of
    the entry before it starts no entry for ``ENTRY_START``, yet it numbers the entry the
    name opens ("...[8] Title, Blatter 3/1973 [9] Wambura, B. Title, 2002 p 19 [10] Parkins,
    W., Title"). Not one further before the name, which may be the publisher that ends a
    title-first entry ("...[14] Title. Otto Demus. New York, Philosophical Library 1950 [15]
    ... [16] Title, 1960. Eisenhower Library": the title after "[15]" is no citation of entry
    14's name, but the search finds none of entry 16's either). Where no "[n]" starts an entry
    in the window, its first character is no entry's start either, whatever bracket stands
    there (a year label: "Kamiyama, M. [2014]. ..." then "Lévesque, K. [2015]. Title" would
    read as "[n]" and "[n+1]"). Nor can ``ENTRY_START`` be a pattern :func:`own_entry_number`
    reads up to the name: it reads past the "[n]", into the name (a year label starts an entry
    only before a name with initials: "...Journal. [2003] D. Fiala")."""
    own = last_entry_start(text, max(0, name - LIST_WINDOW), name)
    number = ENTRY_NUMBER.match(text, own) if ENTRY_START.match(text, own) else None
    for later in BRACKETED_ENTRY_NUMBER.finditer(text, own + (number is not None), name):
        if name - later.end() <= NAME_PIECE:
            number = later  # a "[n]" after the entry's start, right before the name
    if number is None:
        return False
    following = f"[{int(number.group(1)) + 1}]"
    at = text.find(following, name, start)
    return at >= 0 and not DITTO_MARK.match(text, at + len(following))  # "[2] ——": same authors


def next_entry_start(text: str, start: int, stop: int) -> int:
    """Where the first reference entry ("[n]") in ``[start, stop)`` starts, or ``stop``."""
    marker = next_entry_marker(text, start, stop)
    return stop if marker is None else marker.start()


def next_entry_marker(text: str, start: int, stop: int) -> Optional[re.Match[str]]:
    """The first "[n]" that starts a reference entry between ``start`` and ``stop``."""
    bracket = text.find("[", start, stop)
    while bracket >= 0:
        marker = ENTRY_START.match(text, bracket)
        if marker is not None:
            return marker
        bracket = text.find("[", bracket + 1, stop)
    return None
