"""Where a reference puts a title relative to an author's name (the improved scheme).

Two steps, so that the many names a document holds cost little and the few hits decide well:

* **Search regions** (:func:`regions_of`), generous and cheap: ``part_length`` (or the longest
  title's length) before each name and ``part_length`` after it or after the end of the
  author list it is in (dense commas; in author-year styles the year that ends the list),
  on through entries that print a ditto mark for the same authors, but within the name's
  numbered entry ("[n]" to "[n+1]") where there is one. Overlapping windows are merged.
* **Attribution of a hit** (:func:`attributed`), exact: after a name, the hit must start
  before the name's entry ends (the next entry's "[n]", a year that closes the entry after
  its title, "..., 2002.", or the next author list's year), and no other entry may lie
  between them (unnumbered and "23." lists: two sentence ends, or one and another author
  list right before the hit), unless it is the first title a type mark closes after the name
  (GB/T 7714: "Title[M]") or the last field of the name's "[n]" entry, after the article's
  venue and numbers ("[24] Name, Journal, 1, 142-150 (1992). Title. [25]"); before a name
  (title first), it must end close to it, with no sentence end in between and no end of
  another author list right before the title ("Toman, M.: Title", "2014. Title").
"""

from __future__ import annotations

import re
from bisect import bisect_right
from functools import partial, wraps
from itertools import repeat
from threading import Lock
from typing import Callable, Iterator, NamedTuple, Optional, Sequence, TypeVar

from .entry_grammar import (
    YEAR, LIST_BEFORE_TITLE, AFTER_VENUE, AFTER_PAGES, AFTER_TITLE_MARK_OR_CODE, CODE_REACH,
    GIVEN_NAMES_ONLY, LAST_AUTHOR, WORD_SENTENCE_END, PAGES, NAMES_BEFORE_TITLE,
    SENTENCE_ENDS_IN_GAP, NAME_BEFORE_FULL_STOP,
    SURNAME_BEFORE_TITLE, ENTRY_NUMBER, DATE_BEFORE_TITLE, LETTER, COLON_BEFORE_TITLE,
    DITTO_IN_GAP, SENTENCE_END, NUMBER_AFTER_YEAR, ANY_YEAR, QUOTE,
    INITIALS_SURNAME_BEFORE_TITLE, IN_CONTAINER, PARENTHESES, LEGAL_CITATION, FULL_STOP_NAMES,
    CORPORATE_AUTHOR, DITTO_ENTRY, CODE_BEFORE_TITLE, NAMES_JOINED_BY_AND, RUN_TO_LAST_NAME,
    PLACE_BEFORE_YEAR, DATE_AFTER_RUN, DITTO_WORDS, DITTO_DASH, YEAR_DIGITS, NAME,
    NAME_WITH_INITIALS, TYPE_MARK, YEAR_BEFORE_PAGES, FIELD_NUMBER, VENUE_NUMBERS_BEFORE_TITLE,
    TITLE_ENDS_ENTRY, BRACKETED_ENTRY_NUMBER, NAMES_WITHOUT_COMMAS, ENTRY_TAIL,
    RUN_AFTER_CLOSING_FIELD,
)
from .headers import running_headers
from .words import FUNCTION_WORDS, SHORT_FUNCTION_WORDS

_LIST_WINDOW = 200  # characters in which an author list shows as dense commas
_LIST_COMMAS = 8  # that many commas in _LIST_WINDOW characters: maybe an author list
_NAME_PIECE = 40  # longest comma-separated piece of an author list ("and madeleine van zuylen")
_MAX_LIST_COMMAS = 100  # an author list is followed for at most this many names
_LIST_RESUMES = 3  # close commas after a longer gap: the author list goes on
_INTERRUPTION = 150  # a footnote or running header inside an author list
_MAX_DITTO_ENTRIES = 5  # "[2] ," entries followed one after the other
_DATED_WORDS = 8  # letters after an entry's year that are its title or venue, not a name
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
_ENTRY_START = re.compile(r"\[(?:(?<=^\[)|(?<=[.;)\]]\[)|(?<=[.;)\]] \[))"
                          rf"(?!{YEAR_DIGITS}\] [12]\d{{3}}"
                          rf"|{YEAR_DIGITS}\][.,:;]"
                          r"|(?:(?<=\d\) \[)|(?<=(?<![^\W_])[^\W\d_]\. \[)"
                          r"|(?<=\b(?:al|jr|sr)\. \[))"
                          rf"{YEAR_DIGITS}\]"
                          rf"|(?:(?<=[^\W\d_]\. \[)|(?<=\)\. \[)){YEAR_DIGITS}\] "
                          r"(?!" + NAME_WITH_INITIALS + r"))\d{1,4}\]")
_DITTO_MARK = re.compile(r" ?(?:,|\u2014|\u2013|-{2,}|_{2,})")
#: An entry's "[n]" and, in a group, the ditto mark after it: one search instead of three calls.
_ENTRY_START_DITTO = re.compile(_ENTRY_START.pattern + "(" + _DITTO_MARK.pattern + ")?")
_NAME_JOINERS = "-'\u2019"  # join the pieces of one surname: "ter-avest", "dell'orto"
#: Besides a comma, what some styles print between the names of an author list: a slash
#: before a name ("m. kanakidou/j. h. seinfeld/s. n. pandis", "kanakidou, m./seinfeld, j. h."),
#: or the full stop after a name's last initial where each name is "Surname I I" and the next
#: one follows so ("forsman e d. anthony r g. dugger k m."). Not a slash in an address
#: ("doi.org/10.5194/acp", "example.com/index.html": no blank after the word that follows).
#: Each pattern opens with its character, which the regular expression engine looks for first.
_SLASH_SEPARATOR = re.compile(rf"/(?<=[^\W\d_.]/|\./) ?(?={NAME}[.,]? )")
_FULL_STOP_SEPARATOR = re.compile(
    r"\. (?<=(?<![^\W_])[^\W\d_]\. )(?=[^\W\d_][\w'\u2019-]+(?: [^\W\d_]){1,3}[. ])")
_OTHER_SEPARATORS = (_SLASH_SEPARATOR, _FULL_STOP_SEPARATOR)
#: The slash that opens a statement of responsibility right after a title (GOST 7.1: "Title
#: / B. Coüasnon, J. Camillerapp // Container"), not a container's double slash.
_RESPONSIBILITY = re.compile(r" ?[.,:;]? ?/ (?!/)")
#: What ends a statement of responsibility: the container's double slash, the next field's
#: dash ("... / K. Ozols. — Riga, 2005."), an entry's "[n]".
_STATEMENT_END = re.compile(r"//| [\u2014\u2013-] |\[\d")
_INITIALS = r"(?:[^\W\d_]\. ?){1,3}"  # "b.", "e. n.", "l.m."
#: The first name of a statement of responsibility: initials, then the surname ("e. n.
#: matyushkin"), in group 2.
_STATEMENT_NAME = re.compile(rf"({_INITIALS}) ?({NAME})")
#: An inverted name's initials after its surname, up to the end: ", B. " (:func:`_inverted_at_end`).
_INITIALS_TO_END = re.compile(rf",? {_INITIALS} ?$")
_RUN_WORD = re.compile(r"[^\W\d_]+")  # a word of an author run, as a function word is looked up
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
    #: made per document and few are ever looked at (:func:`attributed` names the fields).
    occurrences: tuple[tuple[int, int, str, int], ...]


#: Builds a Region from a tuple in C (the named tuple's own constructor is Python code).
_new_region = partial(tuple.__new__, Region)


Answer = TypeVar("Answer")
_TEXTS_KEPT = 4  # texts whose answers :func:`_kept_per_text` keeps (the documents matched now)


def _kept_per_text(read: Callable[..., Answer]) -> Callable[..., Answer]:
    """``read(text, *where)``, a reading of the text at a place, with its answers kept per
    text for the last ``_TEXTS_KEPT`` texts asked about. Why: a name's entry is read from
    its end again for each region cut around it and each hit attributed to it (its date
    after the author run, the entries of the same authors after it, where it ends), and a
    document is searched for many titles whose regions hold the same names. The text is
    known by identity (``DocumentText`` gives every query of a document the same text
    object), not by its hash: hashing a long text costs more than its few readings do in a
    document searched once. Wraps the readings of a name's entry that a document asks again
    most: :func:`_through_author_list`, :func:`_author_list_end`, :func:`_own_bare_date`,
    :func:`_run_date`, :func:`_in_entry`, :func:`_entry_end` and
    :func:`_another_entry_between`. Scrapy's thread pool matches several documents at once:
    the list of texts changes under a lock; a text's answers are the same in every thread."""
    texts: list[tuple[str, dict[tuple[object, ...], Answer]]] = []  # the newest last
    lock = Lock()

    @wraps(read)
    def kept(text: str, *where: object) -> Answer:
        newest = texts[-1] if texts else None
        if newest is not None and newest[0] is text:
            known = newest[1]
        else:
            with lock:
                known = _answers_of(texts, text)
        if where in known:
            return known[where]
        answer = known[where] = read(text, *where)
        return answer

    return kept


def _answers_of(texts: list[tuple[str, dict[tuple[object, ...], Answer]]], text: str
                ) -> dict[tuple[object, ...], Answer]:
    """The answers kept for ``text`` in ``texts`` (a :func:`_kept_per_text` reading's), moved
    to the end as the newest; a new empty set of answers if it has none (the oldest of more
    than ``_TEXTS_KEPT`` texts is then dropped). Holding each text keeps its identity from
    passing to another one."""
    for index, (seen, answers) in enumerate(texts):
        if seen is text:
            texts.append(texts.pop(index))
            return answers
    fresh: dict[tuple[object, ...], Answer] = {}
    texts.append((text, fresh))
    del texts[:-_TEXTS_KEPT]
    return fresh


def regions_of(text: str, names: Sequence[tuple[int, int, str]], length: int,
               longest_title: int) -> Iterator[Region]:
    """Merged search regions around sorted (start, end, author) name occurrences, in order.

    A title may start up to an occurrence's ``search_end``, so the region holds
    ``longest_title`` characters more; but a numbered entry's title lies between its "[n]"
    and the next one, which bound the region when they are there (the cheap part of
    :func:`attributed`'s checks, done early because it makes the regions smaller, and the
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
    """Where each name's window starts: its entry's "[n]", else ``length`` before the name or
    before the start of the long author list it is in. A title longer than ``length`` is
    looked for that far before the start of any author list: a title-first entry prints its
    whole title before its names ("Title of 200 characters / H. Reiser, G. Cowlan, H. Kron.
    — Bonn, 1991.")."""
    starts = [name[0] for name in names]
    if longest_title > length:
        return _bounded_by_entry(text, starts, [max(0, _author_list_start(text, start)
                                                    - longest_title) for start in starts])
    lists = map(text.count, repeat(",", len(names)), [max(0, s - _LIST_WINDOW) for s in starts],
                starts)
    lows = [max(0, (start if commas < _LIST_COMMAS else _author_list_start(text, start))
                - length) for start, commas in zip(starts, lists)]
    return _bounded_by_entry(text, starts, lows)


def _bounded_by_entry(text: str, starts: list[int], lows: list[int]) -> list[int]:
    """Each window start in ``lows`` moved up to the "[n]" of the entry of the name starting
    at the same place of ``starts``, if one lies between them."""
    brackets = list(map(text.rfind, repeat("[", len(starts)), lows, starts))
    opens = map(_ENTRY_START.match, repeat(text), brackets)  # the usual case: nearest "["
    return [low if bracket < 0 else bracket if entry else last_entry_start(text, low, bracket)
            for low, bracket, entry in zip(lows, brackets, opens)]


def _author_list_start(text: str, name: int) -> int:
    """Where the author list a name is in starts: commas at most ``_NAME_PIECE`` apart, back
    from the name. A title-first entry's title lies before its list, which may be long (the
    19th of 23 names, 300 characters after the title)."""
    position = name
    for _ in range(_MAX_LIST_COMMAS):
        comma = text.rfind(",", max(0, position - _NAME_PIECE - 1), position)
        if comma < 0 or _not_a_name(text, comma + 1, position):
            break
        position = comma
    return position


def _search_highs(text: str, names: Sequence[tuple[int, int, str]], length: int,
                  longest_title: int) -> list[tuple[int, int]]:
    """(search end, region end) after each name, as :func:`_search_ends` gives them."""
    size = len(text)
    ends = [name[1] for name in names]
    commas = map(_list_separators, repeat(text), ends, [end + _LIST_WINDOW for end in ends])
    before = map(text.count, repeat(",", len(ends)), [max(0, end - _LIST_WINDOW) for end in ends],
                 ends)
    markers = map(_ENTRY_START_DITTO.search, repeat(text), ends,
                  [end + 2 * length + _MARKER_CHARS for end in ends])
    highs = []
    for end, comma_count, commas_before, marker in zip(ends, commas, before, markers):
        if marker is not None and marker.start() >= end + 2 * length:
            marker = None
        if (comma_count >= _LIST_COMMAS or (marker is not None and marker.start(1) >= 0)
                or (comma_count + commas_before >= _LIST_COMMAS
                    and _list_across_header(text, end, comma_count))):
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
    """``high``, or further: past the unnumbered ditto entries (:func:`_after_ditto_entries`)
    after a name ending at ``end``, if one opens within ``2 * length``. Called by
    :func:`_search_highs` only where the next entry's "[n]" is not before ``high``: a ditto
    entry can only move the end further out, so where that "[n]" is before ``high`` it ends the
    region either way, and the scan of ``2 * length`` characters after the name is saved."""
    ditto = _ditto_entry(text, end, end + 2 * length)
    find = _ditto_entry
    if ditto is None:
        find = _same_authors_entry(text, end, _run_date(text, end))
        if find is _ditto_entry:
            return high
        ditto = find(text, end, end + 2 * length)
        if ditto is None:
            return high
    return min(len(text), _after_ditto_entries(text, ditto, length, find) + longest_title)


def attributed(text: str, region: Region, start: int, end: int, length: int) -> Optional[str]:
    """The author a hit ``text[start:end]`` in ``region`` cites, or None (see module doc).

    After a name: the latest name whose entry the hit starts in. Before a name: the next
    name, if the title is followed by its author list.
    """
    occurrences = [Occurrence._make(found) for found in region.occurrences]
    starts = [occurrence.start for occurrence in occurrences]
    before = occurrences[:bisect_right(starts, start)]
    for occurrence in reversed(before):
        if start >= occurrence.search_end:
            occurrence = _on_to_ditto_entry(text, occurrence, start, length)
        if (occurrence is not None and (_typed_title_of_entry(text, occurrence, start, end) or (
                _in_entry(text, occurrence, start, length)
                and not _another_entry_between(text, occurrence.end, start))
                or _title_ends_numbered_entry(text, occurrence, start, end))
                and not _next_number_between(text, occurrence.start, start)):
            return occurrence.author
    following = occurrences[len(before):]
    if following and _title_first(text, start, end, following[0][:2], length // 2):
        return following[0].author
    return None


def _typed_title_of_entry(text: str, occurrence: Occurrence, start: int, end: int) -> bool:
    """True if a hit ``text[start:end]`` after a name is closed by a type mark (``TYPE_MARK``,
    right after the hit's last word) and starts before the name's search end, with no type
    mark and no entry's "[n]" between the name and it.

    GB/T 7714 styles mark each entry's title so, and some print the publisher and the date
    between the author run and the title ("[27] Hughes A. Society for the Teaching of
    Psychology. American Psychological Association, 2014. Advising as Teaching[G]//In ..."):
    read as a title and a venue, those close the name's entry before the title. The first
    title marked after a name is its entry's own; another entry's title after it has this
    one's mark between. Called by :func:`attributed`.
    """
    if start >= occurrence.search_end:
        return False
    end = _widened_end(text, end, len(text))
    return (TYPE_MARK.match(text, end) is not None
            and TYPE_MARK.search(text, occurrence.end, start) is None
            and next_entry_start(text, occurrence.end, start) == start)


def _widened_start(text: str, start: int, low: int) -> int:
    """``start`` moved back to the start of the word it is in, not before ``low``: a fuzzy hit
    may begin inside the title's first word. Letters and digits only (``verify``'s word edges
    also step over what extraction leaves inside words). Called by the attribution checks here."""
    while start > low and text[start - 1].isalnum():
        start -= 1
    return start


def _widened_end(text: str, end: int, high: int) -> int:
    """``end`` moved on to the end of the word it is in, not past ``high``: a fuzzy hit may
    end inside the title's last word. Called by the attribution checks here."""
    while end < high and text[end].isalnum():
        end += 1
    return end


def _title_ends_numbered_entry(text: str, occurrence: Occurrence, start: int, end: int) -> bool:
    """True if a hit ``text[start:end]`` after a name is the last field of the name's numbered
    entry, printed after the article's venue and numbers: the name's "[n]" opens the entry
    (:func:`own_entry_number`: a page number may precede it), only the rest of its author
    run, the journal, volume, pages and the bracketed year lie between the name and the hit
    (``VENUE_NUMBERS_BEFORE_TITLE``, one year), and the hit's full stop is followed by
    "[n+1]" or by nothing.

    Some BibTeX styles print an article so ("[24] R. Balzaretti, Past and Present, 1,
    142--150 (1992). Debate: Trade industry. [25] ..."): read as an unnumbered list, the pages
    and the year would close the entry before its title. Another work inside the same entry
    ("(1990). B. Jones, Title") has a name between the year and the hit, which this shape
    does not hold. Called by :func:`attributed`.
    """
    if start >= occurrence.search_end:
        return False
    start = _widened_start(text, start, occurrence.end)
    if not text.endswith("). ", occurrence.end, start):
        return False
    gap = VENUE_NUMBERS_BEFORE_TITLE.fullmatch(text, occurrence.end, start)
    if gap is None or len(ANY_YEAR.findall(text, occurrence.end, start)) != 1:
        return False
    own = own_entry_number(text, occurrence.start)
    if own is None:
        return False
    end = _widened_end(text, end, len(text))
    if not text[end:].strip(" .?!"):
        return True
    following = TITLE_ENDS_ENTRY.match(text, end)
    return following is not None and int(following.group(1)) == own + 1


# ----------------------------------------------------------------------------- search windows


def last_entry_start(text: str, low: int, stop: int) -> int:
    """The last "[n]" that starts an entry in ``[low, stop)`` (the name's own, if ``stop`` is
    where the name starts), or ``low`` if there is none."""
    bracket = text.rfind("[", low, stop)
    while bracket >= 0 and not _ENTRY_START.match(text, bracket):
        bracket = text.rfind("[", low, bracket)
    return low if bracket < 0 else bracket


def own_entry_number(text: str, name: int, numbers: re.Pattern[str] = BRACKETED_ENTRY_NUMBER
                     ) -> Optional[int]:
    """The number of the numbered entry a name at ``name`` is in: the last entry number
    (``numbers``: "[n]", or ``LISTED_ENTRY_NUMBER``'s "n. ") within ``_LIST_WINDOW`` before the
    name, wherever it stands (after a page number a page break left: "...Title. 4 [9] R. Novak"),
    or None. Read by :func:`_title_ends_numbered_entry`, which compares the "[n+1]" after a
    title with it, and by ``verify`` for the "n+1. " after a title; :func:`_next_number_between`
    reads the name's "[n]" as the search regions do (its docstring says why)."""
    found = numbers.findall(text, max(0, name - _LIST_WINDOW), name)
    return int(found[-1]) if found else None


def _search_ends(text: str, end: int, length: int, longest_title: int) -> tuple[int, int]:
    """How far after a name a title may start, and where the text searched for it ends.

    The first through an author list and ditto entries; the second ``longest_title`` later,
    but not past the next entry's "[n]" (a numbered entry holds its whole title).
    """
    reach = _through_author_list(text, end, length)
    marker = _next_entry_marker(text, end, reach + length)
    if marker is not None and _DITTO_MARK.match(text, marker.end()):
        reach = _through_ditto_entries(text, end, reach, length)
        marker = _next_entry_marker(text, end, reach + longest_title)
        while marker is not None and _DITTO_MARK.match(text, marker.end()):
            marker = _next_entry_marker(text, marker.end(), reach + longest_title)
    reach = min(len(text), reach)
    high = min(len(text), reach + longest_title)
    return reach, high if marker is None else min(high, marker.start())


@_kept_per_text
def _through_author_list(text: str, end: int, length: int) -> int:
    """``length`` after the name, or after the end of the author list the name is in.

    A list of names shows as commas close together ("keane m, semeiks j, webb ae, ...");
    :func:`_author_list_end` follows them. A year with a full stop after names ("..., de
    magalhaes jp. 2015.") ends the list of author-year styles: the title follows it, before
    the next year.
    """
    separators = _list_separators(text, end, end + _LIST_WINDOW)
    if separators < _LIST_COMMAS and not _list_across_header(text, end, separators):
        return end + length  # no list: the common case
    list_end = _author_list_end(text, end)
    year = _list_end_year(text, end, list_end + length)
    if year is None:
        return list_end + length
    following = _year_span(text, year, year + length)
    return year + length if following is None else following[1]


def _list_across_header(text: str, end: int, separators: int) -> bool:
    """True if the name ending at ``end`` is inside a long author list that a page break
    cuts right after it: the list's commas before the name and its ``separators`` after it
    make ``_LIST_COMMAS``, and a running header (``headers.running_headers``) lies in the
    ``_LIST_WINDOW`` after the name ("..., Herter, D. R.; Higley, J. M.; Horn, R. B.; |
    date, document title, address, page counter | Schaberl, J.; ..."). The header's words
    take the window's room, so the separators after the name alone are too few, and the
    title lies further than the name's reach. Called by :func:`_through_author_list` where
    the window after a name shows no list, and by :func:`_search_highs` where the commas
    around the name are enough for a list; the headers are read only for a name with list
    commas before it."""
    if separators + text.count(",", max(0, end - _LIST_WINDOW), end) < _LIST_COMMAS:
        return False  # no long list around the name: the common case
    if separators + text.count(",", _author_list_start(text, end), end) < _LIST_COMMAS:
        return False
    return bool(running_headers(text, end, end + _LIST_WINDOW))


@_kept_per_text
def _author_list_end(text: str, start: int) -> int:
    """Where the commas of an author list stop being at most ``_NAME_PIECE`` apart.

    A piece that is no name ends the list (short titles and venues have commas close
    together too; so do the pages, "pp. 64-79,", of a style with commas only). One longer
    gap is passed over if at least ``_LIST_RESUMES`` close commas follow it: a footnote or a
    running header that extraction put inside a long author list (:func:`_past_interruption`).
    """
    position, interruptions = start, 1
    for seen in range(_MAX_LIST_COMMAS):
        comma = _next_separator(text, position, position + _NAME_PIECE + 1)
        if comma >= 0 and _not_a_name(text, position, comma):
            break
        if comma < 0 and interruptions:
            comma = _past_interruption(text, start, position, seen)
            if comma < 0:
                break
            interruptions -= 1
        if comma < 0:
            break
        position = comma + 1
    return position


def _list_separators(text: str, start: int, stop: int) -> int:
    """How many names' separators ``text[start:stop]`` holds: its commas, and where they are
    too few for a list, the slashes and full stops some styles separate names with
    (:data:`_SLASH_SEPARATOR`, :data:`_FULL_STOP_SEPARATOR`). Called where a list is told by
    dense separators."""
    commas = text.count(",", start, stop)
    if commas >= _LIST_COMMAS or commas + text.count("/", start, stop) + text.count(
            ". ", start, stop) < _LIST_COMMAS:
        return commas
    return commas + sum(len(separator.findall(text, start, stop))
                        for separator in _OTHER_SEPARATORS)


def _next_separator(text: str, start: int, stop: int) -> int:
    """Where the first separator of names (a comma, a slash or a full stop of
    :data:`_OTHER_SEPARATORS`) in ``[start, stop)`` is, or -1. Called by
    :func:`_author_list_end`."""
    comma = text.find(",", start, stop)
    before = stop if comma < 0 else comma
    others = [match.start() for match in (separator.search(text, start, before)
                                          for separator in _OTHER_SEPARATORS) if match]
    return min(others) if others else comma


def _past_interruption(text: str, start: int, position: int, seen: int) -> int:
    """The comma after the gap at ``position`` in the author list followed from a name
    ending at ``start`` (``seen`` names after it so far), if the list goes on past the gap,
    else -1. Only inside a long list: after a short one the gap is the rest of its entry,
    and the close commas are the next entry's authors. Past ``_LIST_COMMAS`` names after
    the name, any gap (a footnote); with the list's names before the name counted, only a
    running header (``headers.running_headers``): a page break right after the searched
    name or a few names later ("..., ERVENS, B., | date, document title, address, page
    counter | NENES, A., ..."), where the list goes on and its title lies further than the
    name's reach. Called by :func:`_author_list_end`."""
    comma = text.find(",", position, position + _INTERRUPTION)
    if comma < 0 or not _close_commas_follow(text, comma + 1):
        return -1
    if seen >= _LIST_COMMAS:
        return comma
    before = text.count(",", _author_list_start(text, start), start)
    if seen + before >= _LIST_COMMAS and running_headers(text, position, comma):
        return comma
    return -1


def _not_a_name(text: str, start: int, end: int) -> bool:
    """True if the piece between two commas cannot be (part of) a name: it holds a colon, a
    double quote (a quoted title: 'a. 2007, "Photon mass destroyed by vortices," '), a
    sentence end ("h.: topic web. in: proc. of dexa,") or pages ("pp. 64-79. visser,"), as a
    short title and venue do."""
    return (text.find(":", start, end) >= 0
            or QUOTE.search(text, start, end) is not None
            or WORD_SENTENCE_END.search(text, start, end + 1) is not None
            or PAGES.search(text, start, end) is not None
            or NUMBER_AFTER_YEAR.search(text, start, end + 1) is not None)


def _close_commas_follow(text: str, position: int) -> bool:
    """True if ``_LIST_RESUMES`` commas follow, each within ``_NAME_PIECE`` of the last."""
    for _ in range(_LIST_RESUMES):
        comma = text.find(",", position, position + _NAME_PIECE + 1)
        if comma < 0:
            return False
        position = comma + 1
    return True


def _list_end_year(text: str, name_end: int, high: int) -> Optional[int]:
    """The end of the first "2015." in ``[name_end, high)`` that closes an author list."""
    year = _year_span(text, name_end, high)
    while year is not None:
        if _ends_author_list(text, name_end, year[0]):
            return year[1]
        year = _year_span(text, year[1], high)
    return None


def _ends_author_list(text: str, name_end: int, year: int) -> bool:
    """True if the last two comma-separated pieces before a year are short, like names ("...,
    and oren etzioni. 2018."), not like a title or venue ("...machine intelligence, 19 (4):
    380–393, 2002.": the year then ends the entry), and the year does not follow a venue.
    """
    if GIVEN_NAMES_ONLY.fullmatch(text, name_end, year) or LAST_AUTHOR.search(
            text, max(name_end, year - _NAME_PIECE), year) or _names_without_commas(
            text, name_end, year):
        return True  # "dupont, marcelle, 2012.", "...; & mathworks, 1998.": names, then the year
    if AFTER_VENUE.search(text, max(name_end, year - 8), year):
        return False  # "kwame fiala. journal of the web, 2024."
    if _bracketed_after_full_stop(text, year) and not any(map(str.isdigit,
                                                               text[name_end:year])):
        return True  # "..., programa de las naciones unidas. (1997).": organisations, APA's date
    return all(len(piece.strip()) <= _NAME_PIECE or CORPORATE_AUTHOR.fullmatch(piece.strip())
               or NAMES_JOINED_BY_AND.fullmatch(piece.strip())
               for piece in _last_pieces(text, name_end, year))


def _names_without_commas(text: str, name_end: int, year: int) -> bool:
    """True if the author run after a name ending at ``name_end`` goes on to the year at
    ``year`` with no comma between its names (``NAMES_WITHOUT_COMMAS``: "Fritz, Thomas Elaine
    M. Huang Gail C. Murphy und Thomas Zimmermann. 2014.") and none of its words is a function
    word of a title ("Lindqvist, Karin Trade of the towns of Lubeck und Riga. 2013." is a title
    its year closes). Called by :func:`_ends_author_list`."""
    run = NAMES_WITHOUT_COMMAS.fullmatch(text, name_end, year)
    if run is None:
        return False
    words = _RUN_WORD.findall(text, run.start(1), run.end(1)) + _RUN_WORD.findall(
        text, run.start(2), run.end(2))
    return not any(word in SHORT_FUNCTION_WORDS or word in FUNCTION_WORDS for word in words)


def _bracketed_after_full_stop(text: str, year: int) -> bool:
    """True if the year at ``year`` is in brackets right after a full stop ("... Pública.
    (1997)."): APA's date after its author run, which may be organisations with long names
    (called by :func:`_ends_author_list` when no digit precedes it in the run)."""
    opening = year if text.startswith("(", year) else year - 1
    return text.startswith("(", opening) and text.endswith(". ", 0, opening)


def _last_pieces(text: str, name_end: int, year: int) -> list[str]:
    """The last two pieces before a year, split at commas and semicolons (";" separates
    names too: "Command, Pacific; and Environmental Protection Agency, ..."), parentheses
    left out: an organisation's expansion or acronym is part of its name ("CIDEHUM
    (International Centre for the Human Rights of Migrants), 2012.")."""
    run = PARENTHESES.sub("", text[name_end:year]).replace(";", ",")
    return [piece for piece in run.split(",") if piece.strip()][-2:]


def _year_span(text: str, start: int, stop: int) -> Optional[tuple[int, int]]:
    """The first "2015."-like year in ``[start, stop)``, not the end of a longer number nor of
    a code ("ASTM. 2012. F2927. Standard test method": a standard's or a report's number)."""
    match = YEAR.search(text, start, stop)
    while match is not None and match.start() > 0 and text[match.start() - 1].isalnum():
        match = YEAR.search(text, match.start() + 1, stop)
    return None if match is None else match.span()


def _through_ditto_entries(text: str, end: int, high: int, length: int) -> int:
    """Extend ``high`` over the entries right after the name's one that print a ditto mark
    ("[2] , Title", "[2] —— Title": the authors of the entry before), a few in a row."""
    for _ in range(_MAX_DITTO_ENTRIES):
        marker = _next_entry_marker(text, end, high + length)
        if marker is None or not _DITTO_MARK.match(text, marker.end()):
            break
        end, high = marker.end(), max(high, marker.end() + length)
    return high


def _on_to_ditto_entry(text: str, occurrence: Occurrence, start: int, length: int
                       ) -> Optional[Occurrence]:
    """The name's occurrence with its entry read on up to the first unnumbered ditto mark
    before a title at ``start`` past its search end, or None if there is none: the entries
    after the mark (:func:`_after_ditto_entries`) are followed from the name's entry, and
    :func:`_in_entry` decides whether the title is in one of them."""
    if start - occurrence.end > (_MAX_DITTO_ENTRIES + 3) * length:
        return None  # past the ditto entries that can follow (:func:`_after_ditto_entries`)
    find = _same_authors_entry(text, occurrence.end, _run_date(text, occurrence.end))
    ditto = find(text, occurrence.end, min(start, occurrence.end + 2 * length))
    if ditto is None or start >= _after_ditto_entries(text, ditto, length, find):
        return None
    return occurrence._replace(search_end=max(occurrence.search_end, ditto.start()))


#: What comes before a ``DITTO_ENTRY``: ". " or ") ", perhaps a page's number, then (looked
#: ahead) a dash, a ditto word or a lost mark's punctuation. The regex engine scans quickly for
#: a pattern that opens with a set of characters; ``DITTO_ENTRY`` opens with a lookbehind,
#: which it tries at every position.
_DITTO_ENTRY_OPENING = re.compile(
    f"[.)] (?:\\d{{1,3}} )?(?=[\u2014\u2013\\-_.,:;]|{DITTO_WORDS})")


def _ditto_entry(text: str, pos: int, endpos: int) -> Optional[re.Match[str]]:
    """The first ``DITTO_ENTRY`` from ``pos`` to ``endpos``, as ``DITTO_ENTRY.search(text, pos,
    endpos)`` finds it, in about half its time. Why: the search regions look for one after
    every name occurrence of a document that no near "[n]" follows (:func:`_search_highs`),
    where it is rare."""
    for opening in _DITTO_ENTRY_OPENING.finditer(text, max(0, pos - 2), endpos):
        found = DITTO_ENTRY.match(text, opening.end(), endpos)
        if found is not None and found.start() >= pos:
            return found
    return None


MarkFinder = Callable[[str, int, int], Optional[re.Match[str]]]

#: A date printed bare after an author run, a word before it and a word or an opening quote
#: after it: "Preuss-Lausitz, Ulf 1986 Title", "Refugee Council of Australia 1905 Title".
_BARE_YEAR = f"{YEAR_DIGITS}[a-z]? (?=[^\\W\\d_]|[\"\u201c\u00ab\u2018])"
_BARE_DATE = re.compile("(?:(?<=[^\\W\\d_] )|(?<=[^\\W\\d_]\\. ))" + _BARE_YEAR)
#: ... and such a date alone after a sentence end ("...Weinheim und Basel. 1989 “Title”",
#: "...p. 5-9. 1997 Title"; not after an initial: "Dudley, S. 2011 Title" is an author run's).
_DATED_ENTRY = re.compile("(?:(?<=[^\\W_]{2}\\. )|(?<=\\d\\. )|(?<=[\"\u201d\u00bb]\\. ))"
                          + _BARE_YEAR)
#: Any of those dates, after a blank: :func:`_run_start` tells the two kinds apart.
_ANY_BARE_DATE = re.compile("(?<= )" + _BARE_YEAR)
_DATE_REACH = 2 * _NAME_PIECE  # characters after a name in which its run's date is printed
#: A date after an author run printed with brackets or punctuation ("Fiala, D. 2011. ",
#: "Fiala D (2011) "), not bare ("Hume D. 1975 Title": a bare year may close the entry).
_PRINTED_RUN_DATE = re.compile(
    rf"(?:\(|(?<![\w.-])){YEAR_DIGITS}[a-z]?(?:\)| ?[.,:;])(?= )")
_PRINTED_DATE_LENGTH = 8  # "(2011a) ": the longest date ``_PRINTED_RUN_DATE`` reads
#: An initial's full stop with a listed name after it, its comma ending that name ("m. holm,"):
#: an author run goes on past it (:func:`_run_end`).
_INITIAL_THEN_LISTED_NAME = re.compile(r"(?<![^\W_])[^\W\d_]\. [^\W\d_][\w'\u2019-]*,")
#: A place after a comma, right before a year ("P. Chiron, Paris 1923.", "..., Bad Heilbrunn
#: 2007"): the publication data that close a title-first entry, not an author run's date.
_PLACE_AFTER_COMMA = re.compile(r", [^\W\d_][\w/-]*(?: [^\W\d_][\w/-]*){0,2} $")
#: A field's full stop right before a year: a word of two letters or more ("Echo. 2010."),
#: not an initial nor "et al" ("Toman, M. 2014.", "Toman et al. 2014.": an author run's date).
_FIELD_BEFORE_YEAR = re.compile(r"(?<!\bet )[^\W\d_]{2}\. \(?$")
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


def _same_authors_entry(text: str, name_end: int, own: Optional[re.Match[str]]) -> MarkFinder:
    """How the entries of the same authors after a name's entry open: with a ditto mark
    (:func:`_ditto_entry`); where the name's own entry prints its date after its author run
    (``own``: :func:`_run_date` of ``name_end``, which the caller reads), also with a dash and a
    date printed alike, after an entry the style closes with no punctuation ("Refugee Council
    (2011) Title. Senate Committee — (2012) Title"); where that date is bare, also with that
    date alone after the entry before's sentence end (styles that print the authors once, above
    their works: "Preuss-Lausitz, Ulf 1986 Title, Basel. 1989 “Title”, Frankfurt. 1997 Title").
    Called by :func:`_through_unnumbered_ditto`, :func:`_on_to_ditto_entry` and
    :func:`_in_entry`."""
    bare = _own_bare_date(text, name_end) is not None
    if own is None and not bare:
        return _ditto_entry
    return partial(_ditto_or_dated_entry, form=None if own is None else own.group(1, 2),
                   bare=bare)


@_kept_per_text
def _own_bare_date(text: str, name_end: int) -> Optional[re.Match[str]]:
    """The date printed bare after the author run of a name ending at ``name_end``, with no
    sentence end between them (``_BARE_DATE``), or None."""
    date = _BARE_DATE.search(text, name_end, name_end + _DATE_REACH)
    if date is None or SENTENCE_ENDS_IN_GAP.search(text, name_end, date.start()):
        return None
    return date


@_kept_per_text
def _run_date(text: str, run_end: int) -> Optional[re.Match[str]]:
    """The date printed after an author run (or a ditto mark) ending at ``run_end``, with no
    sentence end between them (``DATE_AFTER_RUN``: its groups 1 and 2 say how it is
    printed), or None."""
    date = DATE_AFTER_RUN.search(text, run_end, run_end + _DATE_REACH)
    if date is None or SENTENCE_ENDS_IN_GAP.search(text, run_end, date.start()):
        return None
    return date


def _ditto_or_dated_entry(text: str, pos: int, endpos: int, form: Optional[tuple[str, str]],
                          bare: bool) -> Optional[re.Match[str]]:
    """The first ditto mark (:func:`_ditto_entry`), unpunctuated mark followed by a date
    printed as ``form`` (``_UNPUNCTUATED_MARK``, if ``form``) or, if ``bare``,
    ``_DATED_ENTRY`` from ``pos`` to ``endpos`` (the first letter of the entry after its date
    may lie at ``endpos``: a title starting there)."""
    ditto = _ditto_entry(text, pos, endpos)
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


def _after_ditto_entries(text: str, ditto: re.Match[str], length: int,
                         find: MarkFinder = _ditto_entry) -> int:
    """How far after an unnumbered entry's ditto mark ("...1991. — Title", "...1988. . Title")
    a title may start: ``length`` after the last of the marks that follow each other within
    ``length``, a few in a row (each found by ``find``: :func:`_same_authors_entry`). The same
    authors' entries go on there; :func:`_in_entry` decides whether a title is in one of them."""
    for _ in range(_MAX_DITTO_ENTRIES):
        following = find(text, ditto.end(), ditto.end() + length)
        if following is None:
            break
        ditto = following
    return ditto.end() + length


# ----------------------------------------------------------------------------- attribution


@_kept_per_text
def _in_entry(text: str, occurrence: Occurrence, start: int, length: int) -> bool:
    """True if a title at ``start`` is in the entry of the name at ``occurrence``.

    It starts before the entry's end (:func:`_entry_end`), or the end is a year that closes
    the name's run of names with no sentence between ("ROY, TC a Seay J. Low BACK, 2011.
    Title", "Hoti, A.; Santoro, Sara, 2003. Title", "— (1997). “Title”") and the title follows
    it with only punctuation between, or a number or code it opens with ("URS Corporation,
    2012. 2011/2012 Well Survey"; not the next entry's "[n]", where the search regions end):
    that year dates the author list, it closes no entry (an
    entry closed by its year is followed by the next entry's authors or number; a title-first
    entry's name is followed by a sentence end: "Title. Giulia Rossi. Venue, 2014. Title").
    An entry that opens with a ditto mark after a sentence end ("... Committee. — (2012).
    Title", "..., 2011. — Title") has the authors of the one before, so the name's entry goes
    on through it, if only the rest of that entry lies between its end and the mark: one
    sentence at most (its publisher), besides its pages and medium right before the mark
    (:func:`_sentences_before_tail`), and no year (another entry's title and venue, or its
    dated author list, would show); a mark inside the entry's reach opens the next one there
    (:func:`_next_same_authors_mark`). Called by :func:`attributed`.
    """
    date = _run_date(text, occurrence.end)  # after ``occurrence``: the run, then each mark
    find = _same_authors_entry(text, occurrence.end, date)
    own: Optional[re.Match[str]] = None  # the name's date, once a mark in its reach is followed
    for _ in range(_MAX_DITTO_ENTRIES + 1):
        end = _entry_end(text, occurrence, length)
        if start < end:
            return own is None or not _other_run_dated(text, own, start)
        mark = _dated_mark_before(text, date, start, find)
        if mark is not None:
            own = own or date
            occurrence = Occurrence(mark.start(), mark.end(), occurrence.author,
                                    mark.end() + length)
            date = _run_date(text, occurrence.end)
            continue
        ditto = _next_same_authors_mark(text, occurrence.end, end, start, find)
        if ditto is None:
            return (CODE_BEFORE_TITLE.fullmatch(text, end, start) is not None
                    and _ENTRY_START.match(text, end) is None
                    and _names_then_year(text, occurrence, end))
        if ditto.start() >= end and (ANY_YEAR.search(text, end, ditto.start())
                                     or _sentences_before_tail(text, end, ditto.start()) > 1):
            return False
        occurrence = Occurrence(ditto.start(), ditto.end(), occurrence.author,
                                ditto.end() + length)
        date = _run_date(text, occurrence.end)
    return False


def _next_same_authors_mark(text: str, run_end: int, end: int, start: int, find: MarkFinder
                            ) -> Optional[re.Match[str]]:
    """The mark (``find``) that opens the next entry of the same authors before a title at
    ``start``, after an entry whose run (a name or a mark) ends at ``run_end`` and whose reach
    ends at ``end``: the first one inside that reach, if at most one year lies between the run
    and it (the entry's own date: another author's entry between would print its own), else
    the first one after ``end``, which :func:`_in_entry` checks. An entry shorter than its
    reach has the next entry's mark inside it ("Name, Ulf. Title. 1986, 13-28. ———. “Title”.
    In: Journal, 29, 1997, 7. ———. “Title”"). Called by :func:`_in_entry`."""
    early = find(text, run_end, min(end, start))
    if early is not None and len(ANY_YEAR.findall(text, run_end, early.start())) <= 1:
        return early
    return find(text, end, start)


def _sentences_before_tail(text: str, end: int, mark: int) -> int:
    """The sentence ends between an entry's end at ``end`` (the year that closes it) and a
    ditto mark at ``mark``, but those of the entry's last fields right before the mark
    (``ENTRY_TAIL``: its pages and its medium, "...1988. 112–124. print. –––."): the rest
    of that entry is one sentence at most (its publisher), where another author's entry
    would show its title and venue. Called by :func:`_in_entry`."""
    tail = ENTRY_TAIL.search(text, end, mark)
    return len(SENTENCE_ENDS_IN_GAP.findall(text, end, mark if tail is None else tail.start()))


def _dated_mark_before(text: str, own: Optional[re.Match[str]], start: int, find: MarkFinder
                       ) -> Optional[re.Match[str]]:
    """The first mark of the same authors (``find``) after an entry's own date ``own`` and before a
    title at ``start``, if that entry prints its date after its author run or mark (``own``:
    :func:`_run_date`, None if it prints none) and the mark is followed by a date printed alike,
    with no date printed so between them (another author run's: "(1998), Title, Culture. Park,
    Min (2010), Title. — (2012)"); else None. The entry ends at that mark, which opens the next
    one of the same authors, whatever years and sentence ends its title and venue hold ("(1905),
    Title, Affairs. — (2011), Amendment bill 2011, Senate Committee. — (2012), Title": read from
    the entry's end, "bill 2011" is another entry's date). Called by :func:`_in_entry`, which
    keeps the name's own date to read the entries after the mark."""
    if own is None:
        return None
    mark = find(text, own.end(), start)
    if mark is None:
        return None
    date = _DATE_AFTER_MARK.match(text, mark.end())
    if date is None or date.group(1, 2) != own.group(1, 2):
        return None
    return None if _other_run_dated(text, own, mark.start()) else mark


def _other_run_dated(text: str, own: re.Match[str], stop: int) -> bool:
    """True if a date printed as ``own`` (:func:`_run_date`) lies between it and ``stop``, not
    right after a ditto mark: another author run's. Called by :func:`_dated_mark_before` and
    :func:`_in_entry` for the entries a mark in a name's reach opens."""
    form = own.group(1, 2)
    return any(date.group(1, 2) == form and _MARK_BEFORE_DATE.search(
                   text, max(0, date.start() - 4), date.start()) is None
               for date in DATE_AFTER_RUN.finditer(text, own.end(), stop))


def _names_then_year(text: str, occurrence: Occurrence, year_end: int) -> bool:
    """True if no sentence end but a name's full stop lies between the name (its own full stop
    included: "Title. Giulia Rossi. Venue, 2014.") and the year ending at ``year_end``."""
    low = _run_start(text, occurrence.end, year_end)
    if low == occurrence.end:
        low = occurrence.start
    return next(_sentence_ends(text, low, year_end), None) is None


def _run_start(text: str, name_end: int, end: int) -> int:
    """Where the run of names a name ends at goes on with no other entry in ``[name_end,
    end)``: after its author list (a footnote may interrupt a long one) and after the last
    ditto mark (that entry goes on with the same authors), or the last date that opens an
    entry of the same authors (:func:`_same_authors_entry`) with no other author run's bare
    date before it ("Weber, Lena 1986 Title. Park, Min 1989 Title. 1997 Title": Park's)."""
    run_start = name_end
    if _list_separators(text, name_end, name_end + _LIST_WINDOW) >= _LIST_COMMAS:
        run_start = max(run_start, _author_list_end(text, name_end))
    for ditto in DITTO_IN_GAP.finditer(text, name_end, end):
        run_start = ditto.end()
    own = _own_bare_date(text, name_end)
    if own is not None:
        for date in _ANY_BARE_DATE.finditer(text, own.end(), min(len(text), end + 1)):
            if date.end() > end or not _DATED_ENTRY.match(text, date.start()):
                break
            run_start = max(run_start, date.end())
    return run_start


def _sentence_ends(text: str, low: int, high: int) -> Iterator[re.Match[str]]:
    """The sentence ends in ``[low, high)`` but a name's full stop and a contribution's title
    before its container ("In: Editor: Book"). The full stop that closes an author run opened
    by the name ending at ``low`` and going on to its last name after the word for "and"
    (``RUN_TO_LAST_NAME``: "Zissis|, Dimitrios and Dimitrios Lekkas. vol. 28. 2012, Title")
    ends that run, no sentence; not where the name is inside a list of given names and
    surnames ("..., Nenad Ceka|, S. Fadda, and Sara Santoro. Durresi. Title": the words after
    such a list may be a title's own first sentence)."""
    opened = _opens_run(text, low)
    for sentence_end in SENTENCE_ENDS_IN_GAP.finditer(text, low, high):
        if not (_ends_a_name(text, sentence_end.start())
                or IN_CONTAINER.match(text, sentence_end.end())
                or (opened and RUN_TO_LAST_NAME.fullmatch(text, low, sentence_end.end() - 1))):
            yield sentence_end


def _opens_run(text: str, name_end: int) -> bool:
    """True if the word ending at ``name_end`` (its pieces a hyphen or an apostrophe joins
    with it) opens an author run: at the text's start or right after a full stop, a bracket,
    a colon or a semicolon, not after another word or a comma. Called by
    :func:`_sentence_ends`."""
    start = _name_start(text, name_end)
    before = text[max(0, start - 2):start].rstrip()
    return not before or before[-1] in ".)]:;"


@_kept_per_text
def _entry_end(text: str, occurrence: Occurrence, length: int) -> int:
    """Where the entry of a name ends at the latest: its search end, clipped at the next
    entry's "[n]" (ditto entries go on), at a year that closes an entry after its title
    ("..., 2002.") and at the second year that ends an author list (the next entry's; also
    Harvard's "Smith, J. (2009) 'Title'"), unless it follows the first right away: an
    original date before the edition's year ("Hume, D. (1997) 2015. Title")."""
    limit = _before_next_entry(text, occurrence.end, occurrence.search_end)
    lists_ended, after_date = 0, -1
    year = _year_span(text, occurrence.end, limit)
    while year is not None:
        if not _ends_author_list(text, occurrence.end, year[0]):
            if text[year[1] - 1] == ".":  # "(2009)" with no full stop closes no entry
                return year[1]
        elif year[0] != after_date:  # "(1997) 2015.": an original date and the year, one date
            lists_ended += 1
            if lists_ended == 2:
                return year[0]
        after_date = year[1] + 1
        year = _year_span(text, year[1], limit)
    return limit


def _before_next_entry(text: str, start: int, limit: int) -> int:
    """``limit``, or the start of the first entry after ``start`` that is not a ditto entry."""
    for _ in range(_MAX_DITTO_ENTRIES + 1):
        marker = _next_entry_marker(text, start, limit)
        if marker is None:
            return limit
        if not _DITTO_MARK.match(text, marker.end()):
            return marker.start()
        start = marker.end()
    return limit


@_kept_per_text
def _another_entry_between(text: str, name_end: int, start: int) -> bool:
    """True if a title at ``start`` belongs to an entry after the one a name ends at.

    For lists with no "[n]": between a name and its title lie only the rest of the author
    list and perhaps the year, so two sentence ends ("...of authors. In: Proc. of DEXA...")
    mean a title and a venue went by, and so does one followed by another author list right
    before the hit ("...authors. Springer (2005) Brown, A.: Title"), or two author lists ending
    with a colon ("Knuth, Lamport: Typesetting, 1990 Goossens, Samarin: Title"), or one
    followed by another author list and its date ("...Addison-Wesley. K. Kline and D. Kline
    (2001) Title"; the sentence may end with an ISBN); so do the pages of an
    entry ("..., 12, pp. 382-395. Haddad, J., n.d., Title": styles with commas only have no
    other sentence end; "...pp. 271-278 (2011) 2. Haddad, M.: Title"), but not the pages
    printed right after the year that closes the name's run (:func:`_pages_of_another_entry`).
    The count starts after
    the author list the name is in (a footnote may interrupt a long one) and again after a
    ditto mark (that entry goes on with the same authors).
    """
    start = _widened_start(text, start, name_end)
    gap_start = _run_start(text, name_end, start)
    if _title_after_legal_citation(text, gap_start, start):
        return False
    if (_pages_of_another_entry(text, name_end, gap_start, start)
            or NUMBER_AFTER_YEAR.search(text, gap_start, start)
            or _run_after_closing_field(text, name_end, start)):
        return True
    ends, last_end = 0, gap_start
    for sentence_end in _sentence_ends(text, gap_start, start):
        ends, last_end = ends + 1, sentence_end.end()
        if ends == 2:
            return True
    date = DATE_BEFORE_TITLE.search(text, max(last_end, start - 25), start)
    if ends and date is not None and LETTER.search(text, last_end, date.start()):
        return True  # "...Addison-Wesley. K. Kline and D. Kline (2001) Title"
    names_end, two_lists = _names_before_title(text, gap_start, start)
    return names_end is not None and (
        ends + two_lists >= 1 or _dated_entry_before(text, name_end, names_end.start()))


def _run_after_closing_field(text: str, name_end: int, start: int) -> bool:
    """True if another entry's author run stands right before a title at ``start``, after a
    year or pages that closed the name's entry with no punctuation (``RUN_AFTER_CLOSING_FIELD``),
    words before them (its title and venue). Read from the name itself, not from the end of
    its author list: an entry that prints its fields with commas only ("Jenkins, David,
    Title, London, Phaidon Press, 1993 Hengo, Ally, Title") reads as one long author list.
    Called by :func:`_another_entry_between`."""
    run = RUN_AFTER_CLOSING_FIELD.search(text, max(name_end, start - 3 * _NAME_PIECE), start)
    return run is not None and len(LETTER.findall(text, name_end, run.start())) >= _DATED_WORDS


def _pages_of_another_entry(text: str, name_end: int, gap_start: int, start: int) -> bool:
    """True if ``PAGES`` lie in ``[gap_start, start)`` that close an entry: not the pages some
    styles print right after the year that closes an author run and right before the title,
    with only a bracket between them and the year ("Doleman, PM, 2012: 93–124 Title", "Name,
    Jutta, (2008): 155–164 Title": a chapter's pages beside its date; :func:`_ends_author_list`
    reads the run from ``name_end`` to the year, with no sentence end before it). An entry
    closed by its pages has its title and venue before them, and anything after its pages
    ("..., Toubert (2004), 145-217). Next entry"): the next entry. Called by
    :func:`_another_entry_between`."""
    pages = PAGES.search(text, gap_start, start)
    if pages is None:
        return False
    year = YEAR_BEFORE_PAGES.search(text, max(gap_start, pages.start() - 8), pages.start())
    own = (year is not None and not text[pages.end():start].strip()
           and next(_sentence_ends(text, gap_start, year.start()), None) is None
           and _ends_author_list(text, name_end, year.start()))
    return not own


def _names_before_title(text: str, gap_start: int, start: int
                        ) -> tuple[Optional[re.Match[str]], bool]:
    """The end of an author list right before a title at ``start`` (after ``gap_start``),
    or None; and True if it ends with a colon and another such list lies before it ("...:
    Title, 1990 Goossens, Samarin: Title": two lists). Called by
    :func:`_another_entry_between` and :func:`repeated_in_entry`."""
    names_end = NAMES_BEFORE_TITLE.search(text, max(gap_start, start - 12), start)
    if names_end is None:  # "...Phys. Rev. Lett. 96 (2006). W. H. Zurek. Title"
        names_end = SURNAME_BEFORE_TITLE.search(text, max(gap_start, start - _NAME_PIECE), start)
        if names_end is not None and not _ends_a_name(text, names_end.start()):
            names_end = None
    if names_end is None:
        names_end = COLON_BEFORE_TITLE.search(text, max(gap_start, start - 4), start)
        if names_end is not None:
            return names_end, COLON_BEFORE_TITLE.search(
                text, gap_start, names_end.start()) is not None
    if names_end is None:
        names_end = INITIALS_SURNAME_BEFORE_TITLE.search(
            text, max(gap_start, start - _NAME_PIECE), start)
    return names_end, False


def repeated_in_entry(text: str, region: Region, hit_end: int, start: int,
                      length: int) -> bool:
    """True if a title printed at ``start``, after a hit ending at ``hit_end`` in the entry
    of the name that opens ``region``, is that entry's title printed again (a reprint's, a
    translated or the original title, a series or a URL repeating it): it starts before the
    name's entry ends (:func:`_entry_end`: the next "[n]") and nothing between the hit and
    it opens or closes an entry: no year ("..., 1931. Title. Brown, K."), no ditto mark, no
    "[n+1]", no author list right before it. A title and a venue going by (two sentence
    ends, which :func:`attributed` reads as another entry after a name) is what a repeat
    follows. Called by ``superset`` for a print more similar to the title than the hit."""
    occurrence = Occurrence._make(region.occurrences[0])
    return (start < _entry_end(text, occurrence, length)
            and ANY_YEAR.search(text, hit_end, start) is None
            and _ditto_entry(text, hit_end, start) is None
            and not _next_number_between(text, occurrence.start, start)
            and _names_before_title(text, hit_end, start)[0] is None)


def _title_after_legal_citation(text: str, gap_start: int, start: int) -> bool:
    """True if a legal citation follows the name's run and the title follows it right away
    ("Phillips, Nathan. 19 Law. & Banker & S. Bench & B. Rev. 311 (1926) Title"): one entry,
    although the reporter's abbreviations look like sentence ends and its year like the
    next entry's. Anything after the citation but its punctuation ("(1926). Moreau, J.
    Title") leaves the decision to the other rules. Called by
    :func:`_another_entry_between`."""
    legal = LEGAL_CITATION.search(text, gap_start, start)
    return (legal is not None and legal.start() - gap_start <= _NAME_PIECE
            and not text[legal.end():start].strip(" .,;:"))


def _dated_entry_before(text: str, name_end: int, names_end: int) -> bool:
    """True if a year, then words, lie between a name's author list and the name run that ends
    right before a title: the name's entry was dated and went on (its title, its venue), so
    the run is the next entry's authors even where no sentence end shows it ("Koehne E, 1884,
    Les lythrariees, Giornale (16): p 100-104 Mark N. Salvo, Title", "Adelberger, E. 2007,
    \"Title,\" Phys. Rev. Lett. 98, 010402 R. A. Battye and P. M. Sutcliffe, Title").
    Called by :func:`_another_entry_between` only when such a run was found. A single word
    right after the year that dates the name's author list is no other entry's run: a main
    title before its subtitle's colon ("Subramanian, A. (2009): Shorelines: Space and
    Rights") looks like a list of surnames ending with a colon ("Goossens: Title"), but no
    title and venue went by between the year and it (words there, "..., 2005. 1995: Ulf
    Preuss: Title", are counted with the run)."""
    year = ANY_YEAR.search(text, name_end, names_end)
    if year is None:
        return False
    if not _ends_author_list(text, name_end, year.start()):
        return True
    return (LETTER.search(text, year.end(), _name_start(text, names_end)) is not None
            and len(LETTER.findall(text, year.end(), names_end)) >= _DATED_WORDS)


def _name_start(text: str, at: int) -> int:
    """Where the name whose letters run up to or through ``at`` starts, with the pieces a
    hyphen or an apostrophe joins to it (:func:`_joined_name_start`)."""
    while at > 0 and text[at - 1].isalpha():
        at -= 1
    return _joined_name_start(text, at)


def _next_number_between(text: str, name: int, start: int) -> bool:
    """True if the number after the name's own "[n]" ("[n+1]") lies between the name and a
    title: the next entry of the list, even where ``_ENTRY_START`` cannot tell it from a
    citation in running text ("...Nancy, 1994 [11] P. Brion, Clint Eastwood"). The name's own
    "[n]" is the last that starts an entry (``last_entry_start``, as the search regions read
    it), or a later one (no year, ``BRACKETED_ENTRY_NUMBER``) right before the name's author
    run (within ``_NAME_PIECE`` characters of the name): printed after the page or the date of
    the entry before it starts no entry for ``_ENTRY_START``, yet it numbers the entry the
    name opens ("...[8] Title, Blatter 3/1973 [9] Wambura, B. Title, 2002 p 19 [10] Parkins,
    W., Title"). Not one further before the name, which may be the publisher that ends a
    title-first entry ("...[14] Title. Otto Demus. New York, Philosophical Library 1950 [15]
    ... [16] Title, 1960. Eisenhower Library": the title after "[15]" is no citation of entry
    14's name, but the search finds none of entry 16's either). Nor can ``_ENTRY_START`` be a
    pattern :func:`own_entry_number` reads up to the name: it reads past the "[n]", into the
    name (a year label starts an entry only before a name with initials: "...Journal. [2003]
    D. Fiala")."""
    own = last_entry_start(text, max(0, name - _LIST_WINDOW), name)
    number = ENTRY_NUMBER.match(text, own)
    for later in BRACKETED_ENTRY_NUMBER.finditer(text, own + (number is not None), name):
        if name - later.end() <= _NAME_PIECE:
            number = later  # a "[n]" after the entry's start, right before the name
    if number is None:
        return False
    following = f"[{int(number.group(1)) + 1}]"
    at = text.find(following, name, start)
    return at >= 0 and not _DITTO_MARK.match(text, at + len(following))  # "[2] ——": same authors


def _ends_a_name(text: str, word: int) -> bool:
    """True if the word with a full stop at ``word`` ends a name of an author run
    (``NAME_BEFORE_FULL_STOP``), so that it ends no sentence. The name is read from its
    first piece when a hyphen or an apostrophe joins it ("k. ter-avest. ", "b. dell'orto. ",
    "y. ito-oka. ": the word with the full stop is its last piece)."""
    word = _joined_name_start(text, word)
    return NAME_BEFORE_FULL_STOP.search(text, max(0, word - _NAME_PIECE), word) is not None


def _joined_name_start(text: str, word: int) -> int:
    """Where the name whose last piece starts at ``word`` starts: back over the pieces a
    hyphen or an apostrophe joins to it."""
    while word >= 2 and text[word - 1] in _NAME_JOINERS and text[word - 2].isalpha():
        word -= 1
        while word > 0 and text[word - 1].isalpha():
            word -= 1
    return word


def _title_first(text: str, start: int, end: int, name_span: tuple[int, int], gap: int
                 ) -> bool:
    """True if a title at ``text[start:end]`` is followed by the author list holding the name
    at ``name_span``.

    Between them at most ``gap`` characters, or the author list that starts there, and no
    sentence end but a name's full stop ("...embeddings. In ICLR.
    Iz Beltagy", "...118. 24. Øvretveit", "...1996. [4] E. Chang": the title belongs to the
    entry before) nor pages ("...In: Proc. of DEXA, pp. 18-29 (2006) 8. Svoboda": a venue
    and its pages close an entry; a title-first entry has its authors before them), and
    right before the title no end of an author list ("Toman, M.: Web
    crawling. Fiala, D.", "2014. Adam: ..."): that title has its authors in front of it;
    unless a statement of responsibility holds the name (:func:`_responsibility_holds`), or
    the entry before closes with a year after a place (:func:`_after_place_and_year`) or
    after a field's full stop and the name's run prints no date (:func:`_undated_run_after`).
    """
    name = name_span[0]
    word_start = _widened_start(text, start, 0)
    return ((name - end <= gap or _in_list_after(text, end, name, gap))
            and PAGES.search(text, end, name) is None
            and (FULL_STOP_NAMES.fullmatch(text, end, name) is not None
                 or not any(_sentence_ends_before_names(text, end, name)))
            and (not _author_list_ends_before(text, word_start)
                 or _responsibility_holds(text, (word_start, end), name)
                 or _after_place_and_year(text, word_start, end, name)
                 or _undated_run_after(text, word_start, name_span[1], name + gap)))


def _sentence_ends_before_names(text: str, end: int, name: int) -> Iterator[re.Match[str]]:
    """The sentence ends between a title ending at ``end`` and ``name`` after it, but a name's
    full stop and those of a field's number (``FIELD_NUMBER``: "...ecosystems. Bd. 36 / C. J.
    Walsh", "...Vestnik. Vol. 10. A. I. Dabizha/ M.S. Krass"): a title-first entry may print
    its volume between its title and its names. Called by :func:`_title_first`."""
    low = min(end + 2, name)
    fields = [match.span() for match in FIELD_NUMBER.finditer(text, low, name)]
    for match in SENTENCE_END.finditer(text, low, name):
        if not (_ends_a_name(text, match.start())
                or any(field_start <= match.start() < field_end
                       for field_start, field_end in fields)):
            yield match


def _responsibility_holds(text: str, hit: tuple[int, int], name: int) -> bool:
    """True if the title at ``hit`` (its first word's start, its end) is followed by a
    statement of responsibility that holds ``name``: a slash, then the work's authors, up to
    the container's double slash or the next field's dash (GOST 7.1: "Coüasnon, B. Title /
    B. Coüasnon, J. Camillerapp // Container. — 1995."). Every author of the work is named
    there, the first one also right before the title, inverted ("Coüasnon, B."): so the
    author run that ends before the hit is this title's own, and so is a later name of the
    statement. Only where the hit starts right after that run: a hit that leaves out the
    title's first words ("Numbers, distribution and ..." read for a query without
    "Numbers,") has them between. Called by :func:`_title_first`."""
    slash = _RESPONSIBILITY.match(text, hit[1])
    if slash is None or _STATEMENT_END.search(text, slash.end(), name):
        return False
    first = _STATEMENT_NAME.match(text, slash.end())
    return first is not None and _inverted_at_end(text[max(0, hit[0] - _NAME_PIECE):hit[0]],
                                                  first.group(2))


def _inverted_at_end(before: str, surname: str) -> bool:
    """True if ``before`` ends with ``surname`` (at a word's start) and its initials, inverted
    ("Coüasnon, B. "). Called by :func:`_responsibility_holds` with the statement's first
    surname."""
    at = before.find(surname)
    while at >= 0:
        if (at == 0 or not before[at - 1].isalnum()) and _INITIALS_TO_END.match(
                before, at + len(surname)):
            return True
        at = before.find(surname, at + 1)
    return False


def _after_place_and_year(text: str, word_start: int, end: int, name: int) -> bool:
    """True if the year right before a title (its first word at ``word_start``, its end at
    ``end``) follows a place with no punctuation between, as the entry before closes its
    publication data ("..., Pennsylvania, USA 1999. Title", "Rio de Janeiro 1999. Title"), and
    ``name`` follows the title after other words of its own run: a title-first entry names its
    authors or body after the title ("Title. British Standards Institution, UK 2007.", "Title.
    Perry Anderson, Rio de Janeiro 1999."). A name right after the title's punctuation opens
    the next entry ("Smith 1999. Title. Fiala, D. 2000."; :func:`_undated_run_after` reads
    the one whose run prints no date), and a name before the year is an
    author run's ("Smith, J. 1999.", "et al. 1999."). Called by :func:`_title_first`."""
    year = _year_before_title(text, word_start)
    if year < 0 or PLACE_BEFORE_YEAR.search(text, max(0, year - 8), year) is None:
        return False
    end = _widened_end(text, end, name)
    return LETTER.search(text, end, name) is not None


def _undated_run_after(text: str, word_start: int, name_end: int, high: int) -> bool:
    """True if the year right before a title (its first word at ``word_start``) follows a
    field's full stop ("...Glen Echo. 2010. Title", "...Cosmochimica Acta. 1994. Title") and
    the run of the name ending at ``name_end`` after the title prints no date of its own
    before or right after its first full stop (``_PRINTED_RUN_DATE``; a place after a comma
    and its year are the entry's publication data, ``_PLACE_AFTER_COMMA``): a style that
    prints a run's date after the run prints it after every run, so the year before the title
    closes the entry before and the name is the title-first entry's ("Title.Goetsch H.
    American Marketing Association. 1994.", "Title.Hume D. 1975 Title", "...Earth. 2012.
    Title. P. Chiron, Paris 1923."). So does a year after a place ("...Laterza 1995. Title.
    Battelle Memorial Institute, Denver 1988."). A run with its date after it
    opens the next entry ("Smith, John. 2010. Title. Fiala, D. 2011. Title", "..., and Kari
    Holm. 2011."); a year after an initial or "et al" is an author run's ("Toman, M. 2014.
    Title"). Called by :func:`_title_first`."""
    year = _year_before_title(text, word_start)
    if year < 0 or (_FIELD_BEFORE_YEAR.search(text, max(0, year - 5), year) is None
                    and PLACE_BEFORE_YEAR.search(text, max(0, year - 8), year) is None):
        return False
    run_end = _run_end(text, name_end, high)
    if run_end < 0:
        return False
    dates = _PRINTED_RUN_DATE.finditer(text, name_end, run_end + _PRINTED_DATE_LENGTH)
    return not any(date.start() <= run_end and not _after_place(text, date) for date in dates)


def _year_before_title(text: str, word_start: int) -> int:
    """Where the year that ends the author list right before a title (its first word at
    ``word_start``: ``LIST_BEFORE_TITLE``'s ``year``) starts; -1 if no year ends one there.
    Called by :func:`_after_place_and_year` and :func:`_undated_run_after`."""
    match = LIST_BEFORE_TITLE.search(text, max(0, word_start - 12), word_start)
    return -1 if match is None else match.start("year")


def _run_end(text: str, name_end: int, high: int) -> int:
    """Where the run of the name ending at ``name_end`` ends: after its first full stop and
    blank before ``high``, past an initial's full stop with a listed name after it ("Kari M.
    Holm, Per Moe, and Ola Vik. 2011.": the list goes on). A full stop after an initial that
    no listed name follows ends the run ("Goetsch H. American Marketing Association. 1994.").
    -1 if the run goes on past ``high``: a long author list whose date lies beyond the search
    region tells nothing. Called by :func:`_undated_run_after`."""
    stop = text.find(". ", name_end, high)
    while stop > 0 and _INITIAL_THEN_LISTED_NAME.match(text, stop - 1):
        stop = text.find(". ", stop + 2, high)
    return -1 if stop < 0 else stop + 2


def _after_place(text: str, date: re.Match[str]) -> bool:
    """True if an unbracketed ``date`` follows a place after a comma (``_PLACE_AFTER_COMMA``:
    "P. Chiron, Paris 1923."): a title-first entry's publication data, not an author run's date
    ("Nygaard, Olaf (2011)"). Called by :func:`_undated_run_after`."""
    return not date.group().startswith("(") and _PLACE_AFTER_COMMA.search(
        text, max(0, date.start() - _NAME_PIECE), date.start()) is not None


def _in_list_after(text: str, end: int, name: int, gap: int) -> bool:
    """True if ``name`` is in an author list that starts within ``gap`` after a title: a
    title-first entry lists all its authors there, the twelfth as well as the first
    ("...alterations. Demertzi A, Gomez F, Crone JS, ..., Kirsch M, Laureys S")."""
    comma = text.find(",", end + 1, end + gap)
    return comma >= 0 and name <= _author_list_end(text, comma + 1) + _NAME_PIECE


def _author_list_ends_before(text: str, at: int) -> bool:
    """True if an author list ends right before ``at`` ("Toman, M.: ", "2014. "), not a venue
    ("Journal of the Web, 2024. ", where a title-first entry starts) nor pages ("52: 35-46.
    2014. ": the entry before ends there)."""
    match = LIST_BEFORE_TITLE.search(text, max(0, at - 12), at)
    if match is None:
        return False
    year = match.start("year")
    return year < 0 or not _year_closes_entry_before(text, year)


def _year_closes_entry_before(text: str, year: int) -> bool:
    """True if the year at ``year`` follows a field no author run ends with: a venue
    (``AFTER_VENUE``), pages or a volume (``AFTER_PAGES``), a title's question mark or a
    report's code (``AFTER_TITLE_MARK_OR_CODE``). The year then closes the entry before, and
    a title after it may be a title-first entry's. Called by :func:`_author_list_ends_before`."""
    return (AFTER_VENUE.search(text, max(0, year - 6), year) is not None
            or AFTER_PAGES.search(text, max(0, year - 5), year) is not None
            or AFTER_TITLE_MARK_OR_CODE.search(text, max(0, year - CODE_REACH), year) is not None)


def next_entry_start(text: str, start: int, stop: int) -> int:
    """Where the first reference entry ("[n]") in ``[start, stop)`` starts, or ``stop``."""
    marker = _next_entry_marker(text, start, stop)
    return stop if marker is None else marker.start()


def _next_entry_marker(text: str, start: int, stop: int) -> Optional[re.Match[str]]:
    """The first "[n]" that starts a reference entry between ``start`` and ``stop``."""
    bracket = text.find("[", start, stop)
    while bracket >= 0:
        marker = _ENTRY_START.match(text, bracket)
        if marker is not None:
            return marker
        bracket = text.find("[", bracket + 1, stop)
    return None
