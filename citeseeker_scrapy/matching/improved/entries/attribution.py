"""Which author a title found in a search region cites (the improved scheme's attribution).

After a name, the hit must start before the name's entry ends (the next entry's "[n]", a year
that closes the entry after its title, "..., 2002.", or the next author list's year), and no
other entry may lie between them (unnumbered and "23." lists: two sentence ends, or one and
another author list right before the hit: ``entries_between``), unless it is the first title
a type mark closes after the name (GB/T 7714: "Title[M]") or the last field of the name's
"[n]" entry, after the article's venue and numbers ("[24] Name, Journal, 1, 142-150 (1992).
Title. [25]", or a page break and the text's end after the title); before a name (title
first, ``title_first``), it must end close to it, with no sentence end in between and no end
of another author list right before the title ("Toman, M.: Title", "2014. Title").
The regions it reads are cut by ``windows``; called by ``search`` (:func:`attributed`) and
``superset`` (:func:`attributed`, :func:`repeated_in_entry`).
"""

from __future__ import annotations

import re
from bisect import bisect_right
from typing import Optional

from ..author_runs.author_lists import year_span, ends_author_list
from .ditto_entries import (
    MAX_DITTO_ENTRIES, ditto_entry, same_authors_entry, run_date, after_ditto_entries,
    next_same_authors_mark, dated_mark_before, other_run_dated, run_start,
)
from .entries_between import another_entry_between, names_before_title, sentence_ends
from ..grammar.entry_grammar import (
    SENTENCE_ENDS_IN_GAP, ANY_YEAR, CODE_BEFORE_TITLE, TYPE_MARK, VENUE_NUMBERS_BEFORE_TITLE,
    TITLE_ENDS_ENTRY, ENTRY_TAIL,
)
from ..text.headers import PAGE_BREAK_REACH, page_breaks_between_entries
from .entry_numbers import (
    ENTRY_START, DITTO_MARK, own_entry_number, next_number_between, next_entry_start,
    next_entry_marker,
)
from ..text.per_text_cache import kept_per_text
from .title_first import title_first
from .windows import Occurrence, Region, widened_start, widened_end


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
                and not another_entry_between(text, occurrence.end, start))
                or _title_ends_numbered_entry(text, occurrence, start, end))
                and not next_number_between(text, occurrence.start, start)):
            return occurrence.author
    following = occurrences[len(before):]
    if following and title_first(text, start, end, following[0][:2], length // 2):
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
    end = widened_end(text, end, len(text))
    return (TYPE_MARK.match(text, end) is not None
            and TYPE_MARK.search(text, occurrence.end, start) is None
            and next_entry_start(text, occurrence.end, start) == start)


def _title_ends_numbered_entry(text: str, occurrence: Occurrence, start: int, end: int) -> bool:
    """True if a hit ``text[start:end]`` after a name is the last field of the name's numbered
    entry, printed after the article's venue and numbers: the name's "[n]" opens the entry
    (``entry_numbers.own_entry_number``: a page number may precede it), only the rest of its
    author run, the journal, volume (its issue in brackets), pages and the bracketed year lie
    between the name and the hit (``VENUE_NUMBERS_BEFORE_TITLE``, one year), and the hit's
    full stop is followed by "[n+1]" or by nothing, perhaps after a page break
    (:func:`_past_page_break`: the page's number under the list's last entry).

    Some BibTeX styles print an article so ("[24] R. Balzaretti, Past and Present, 1,
    142--150 (1992). Debate: Trade industry. [25] ..."): read as an unnumbered list, the pages
    and the year would close the entry before its title. Another work inside the same entry
    ("(1990). B. Jones, Title") has a name between the year and the hit, which this shape
    does not hold. Called by :func:`attributed`.
    """
    if start >= occurrence.search_end:
        return False
    start = widened_start(text, start, occurrence.end)
    if not text.endswith("). ", occurrence.end, start):
        return False
    gap = VENUE_NUMBERS_BEFORE_TITLE.fullmatch(text, occurrence.end, start)
    if gap is None or len(ANY_YEAR.findall(text, occurrence.end, start)) != 1:
        return False
    own = own_entry_number(text, occurrence.start)
    if own is None:
        return False
    end = _past_page_break(text, widened_end(text, end, len(text)))
    if not text[end:].strip(" .?!"):
        return True
    following = TITLE_ENDS_ENTRY.match(text, end)
    return following is not None and int(following.group(1)) == own + 1


def _past_page_break(text: str, title_end: int) -> int:
    """``title_end``, or the end of the page break right after the title's full stop
    (``headers.page_breaks_between_entries``: the page number, running headers), where the
    next entry's "[n]" or the text's end follows it: the title closes its entry and its
    page ("...(1992). Debate: Trade industry. 3" at the list's end, "...Title. 4 [31] Name").
    Called by :func:`_title_ends_numbered_entry`, which then reads what follows the break
    as it reads what follows the title on one page."""
    high = min(len(text), title_end + PAGE_BREAK_REACH)
    for low, break_end in page_breaks_between_entries(text, title_end, high):
        if low == title_end + 1 and text[title_end] == ".":
            return break_end
    return title_end


def _on_to_ditto_entry(text: str, occurrence: Occurrence, start: int, length: int
                       ) -> Optional[Occurrence]:
    """The name's occurrence with its entry read on up to the first unnumbered ditto mark
    before a title at ``start`` past its search end, or None if there is none: the entries
    after the mark (``ditto_entries.after_ditto_entries``) are followed from the name's entry,
    and :func:`_in_entry` decides whether the title is in one of them."""
    if start - occurrence.end > (MAX_DITTO_ENTRIES + 3) * length:
        return None  # past the ditto entries that can follow (``after_ditto_entries``)
    find = same_authors_entry(text, occurrence.end, run_date(text, occurrence.end))
    ditto = find(text, occurrence.end, min(start, occurrence.end + 2 * length))
    if ditto is None or start >= after_ditto_entries(text, ditto, length, find):
        return None
    return occurrence._replace(search_end=max(occurrence.search_end, ditto.start()))


@kept_per_text
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
    (``ditto_entries.next_same_authors_mark``). Called by :func:`attributed`.
    """
    date = run_date(text, occurrence.end)  # after ``occurrence``: the run, then each mark
    find = same_authors_entry(text, occurrence.end, date)
    own: Optional[re.Match[str]] = None  # the name's date, once a mark in its reach is followed
    for _ in range(MAX_DITTO_ENTRIES + 1):
        end = _entry_end(text, occurrence, length)
        if start < end:
            return own is None or not other_run_dated(text, own, start)
        mark = dated_mark_before(text, date, start, find)
        if mark is not None:
            own = own or date
            occurrence = Occurrence(mark.start(), mark.end(), occurrence.author,
                                    mark.end() + length)
            date = run_date(text, occurrence.end)
            continue
        ditto = next_same_authors_mark(text, occurrence.end, end, start, find)
        if ditto is None:
            return (CODE_BEFORE_TITLE.fullmatch(text, end, start) is not None
                    and ENTRY_START.match(text, end) is None
                    and _names_then_year(text, occurrence, end))
        if ditto.start() >= end and (ANY_YEAR.search(text, end, ditto.start())
                                     or _sentences_before_tail(text, end, ditto.start()) > 1):
            return False
        occurrence = Occurrence(ditto.start(), ditto.end(), occurrence.author,
                                ditto.end() + length)
        date = run_date(text, occurrence.end)
    return False


def _sentences_before_tail(text: str, end: int, mark: int) -> int:
    """The sentence ends between an entry's end at ``end`` (the year that closes it) and a
    ditto mark at ``mark``, but those of the entry's last fields right before the mark
    (``ENTRY_TAIL``: its pages and its medium, "...1988. 112–124. print. –––."): the rest
    of that entry is one sentence at most (its publisher), where another author's entry
    would show its title and venue. Called by :func:`_in_entry`."""
    tail = ENTRY_TAIL.search(text, end, mark)
    return len(SENTENCE_ENDS_IN_GAP.findall(text, end, mark if tail is None else tail.start()))


def _names_then_year(text: str, occurrence: Occurrence, year_end: int) -> bool:
    """True if no sentence end but a name's full stop lies between the name (its own full stop
    included: "Title. Giulia Rossi. Venue, 2014.") and the year ending at ``year_end``."""
    low = run_start(text, occurrence.end, year_end)
    if low == occurrence.end:
        low = occurrence.start
    return next(sentence_ends(text, low, year_end), None) is None


@kept_per_text
def _entry_end(text: str, occurrence: Occurrence, length: int) -> int:
    """Where the entry of a name ends at the latest: its search end, clipped at the next
    entry's "[n]" (ditto entries go on), at a year that closes an entry after its title
    ("..., 2002.") and at the second year that ends an author list (the next entry's; also
    Harvard's "Smith, J. (2009) 'Title'"), unless it follows the first right away: an
    original date before the edition's year ("Hume, D. (1997) 2015. Title")."""
    limit = _before_next_entry(text, occurrence.end, occurrence.search_end)
    lists_ended, after_date = 0, -1
    year = year_span(text, occurrence.end, limit)
    while year is not None:
        if not ends_author_list(text, occurrence.end, year[0]):
            if text[year[1] - 1] == ".":  # "(2009)" with no full stop closes no entry
                return year[1]
        elif year[0] != after_date:  # "(1997) 2015.": an original date and the year, one date
            lists_ended += 1
            if lists_ended == 2:
                return year[0]
        after_date = year[1] + 1
        year = year_span(text, year[1], limit)
    return limit


def _before_next_entry(text: str, start: int, limit: int) -> int:
    """``limit``, or the start of the first entry after ``start`` that is not a ditto entry."""
    for _ in range(MAX_DITTO_ENTRIES + 1):
        marker = next_entry_marker(text, start, limit)
        if marker is None:
            return limit
        if not DITTO_MARK.match(text, marker.end()):
            return marker.start()
        start = marker.end()
    return limit


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
            and ditto_entry(text, hit_end, start) is None
            and not next_number_between(text, occurrence.start, start)
            and names_before_title(text, hit_end, start)[0] is None)
