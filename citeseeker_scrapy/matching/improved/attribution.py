"""Which author a title found in a search region cites (the improved scheme's attribution).

After a name, the hit must start before the name's entry ends (the next entry's "[n]", a year
that closes the entry after its title, "..., 2002.", or the next author list's year), and no
other entry may lie between them (unnumbered and "23." lists: two sentence ends, or one and
another author list right before the hit), unless it is the first title a type mark closes
after the name (GB/T 7714: "Title[M]") or the last field of the name's "[n]" entry, after the
article's venue and numbers ("[24] Name, Journal, 1, 142-150 (1992). Title. [25]", or a page
break and the text's end after the title); before a name (title first, ``title_first``), it
must end close to it, with no sentence end in between and no end of another author list right
before the title ("Toman, M.: Title", "2014. Title").
The regions it reads are cut by ``windows``; called by ``search`` (:func:`attributed`) and
``superset`` (:func:`attributed`, :func:`repeated_in_entry`).
"""

from __future__ import annotations

import re
from bisect import bisect_right
from typing import Iterator, Optional

from .author_lists import NAME_PIECE, ends_author_list, year_span, name_start, ends_a_name
from .ditto_entries import (
    MAX_DITTO_ENTRIES, ditto_entry, same_authors_entry, run_date, after_ditto_entries,
    next_same_authors_mark, dated_mark_before, other_run_dated, run_start,
)
from .entry_grammar import (
    PAGES, NAMES_BEFORE_TITLE, SENTENCE_ENDS_IN_GAP, SURNAME_BEFORE_TITLE, DATE_BEFORE_TITLE,
    LETTER, COLON_BEFORE_TITLE, NUMBER_AFTER_YEAR, ANY_YEAR, INITIALS_SURNAME_BEFORE_TITLE,
    IN_CONTAINER, LEGAL_CITATION, CODE_BEFORE_TITLE, RUN_TO_LAST_NAME, TYPE_MARK, YEAR_BEFORE_PAGES,
    GIVEN_OR_INITIALS, NAME, RUN_PIECE,
    VENUE_NUMBERS_BEFORE_TITLE, TITLE_ENDS_ENTRY, ENTRY_TAIL, RUN_AFTER_CLOSING_FIELD,
    GIVEN_FIRST_RUN_BEFORE_TITLE,
)
from .headers import (
    PAGE_BREAK_REACH, page_breaks_between_entries, running_headers, without_spans,
)
from .entry_numbers import (
    ENTRY_START, DITTO_MARK, own_entry_number, next_number_between, next_entry_start,
    next_entry_marker,
)
from .per_text_cache import kept_per_text
from .title_first import title_first
from .windows import Occurrence, Region, widened_start, widened_end

_DATED_WORDS = 8  # letters after an entry's year that are its title or venue, not a name
#: The rest of an inverted name after its surname: the comma, one or two given names or
#: initials and the full stop that ends them ("lindqvist|, karin.", "novak|, jan-petr marie.").
_OWN_GIVEN_NAMES = re.compile(rf", {GIVEN_OR_INITIALS}(?: {GIVEN_OR_INITIALS})?\.")
#: A name's full stop and the next surname of more than one letter, not given names or an
#: initial with a semicolon after them ("paris|. pinheiro f.j.", not "deo|. sarang; jain"
#: nor "deo|. s.; jain": a style that prints each surname with a full stop before its given
#: names).
_SURNAME_AFTER_FULL_STOP = re.compile(rf"\. {NAME}(?![;.])[ ,]")
#: The text between an entry's date in brackets and the last name of an author run ending
#: before a title, where that run opens right after the date: the date's closing bracket and
#: punctuation, the run's pieces, then the last surname up to its initial ("(2009).van den
#: berghe.w & wastiau.|p. Title"). A date in brackets after a name is an author-date style's.
_RUN_RIGHT_AFTER_DATE = re.compile(
    rf"\)[.,:; ]*(?:{RUN_PIECE})+(?:{NAME} ){{0,2}}{NAME}[.,]? ?")


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
    return next(_sentence_ends(text, low, year_end), None) is None


def _sentence_ends(text: str, low: int, high: int) -> Iterator[re.Match[str]]:
    """The sentence ends in ``[low, high)`` but a name's full stop and a contribution's title
    before its container ("In: Editor: Book"). The full stop that closes an author run opened
    by the name ending at ``low`` and going on to its last name after the word for "and"
    (``RUN_TO_LAST_NAME``: "Zissis|, Dimitrios and Dimitrios Lekkas. vol. 28. 2012, Title")
    ends that run, no sentence; not where the name is inside a list of given names and
    surnames ("..., Nenad Ceka|, S. Fadda, and Sara Santoro. Durresi. Title": the words after
    such a list may be a title's own first sentence). So does the full stop that closes the
    given names of an inverted name that opens a run at ``low`` (``_OWN_GIVEN_NAMES``:
    "..., 12, 45-67 Lindqvist|, Karin. Sagas. Title"), which ``ends_a_name`` reads only
    after punctuation."""
    opened = _opens_run(text, low)
    for sentence_end in SENTENCE_ENDS_IN_GAP.finditer(text, low, high):
        stop = sentence_end.end() - 1
        if not (ends_a_name(text, sentence_end.start())
                or IN_CONTAINER.match(text, sentence_end.end())
                or (opened and (_OWN_GIVEN_NAMES.fullmatch(text, low, stop)
                                or RUN_TO_LAST_NAME.fullmatch(text, low, stop)))):
            yield sentence_end


def _opens_run(text: str, name_end: int) -> bool:
    """True if the word ending at ``name_end`` (its pieces a hyphen or an apostrophe joins
    with it) opens an author run: at the text's start or right after a full stop, a bracket,
    a colon or a semicolon, or a number (the entry before ends with its pages or its year and
    no full stop: "..., 12, 45-67 Lindqvist, Karin."); not after another word or a comma.
    Called by :func:`_sentence_ends`."""
    start = name_start(text, name_end)
    before = text[max(0, start - 2):start].rstrip()
    return not before or before[-1] in ".)]:;" or before[-1].isdigit()


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


@kept_per_text
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
    printed right after the year that closes the name's run (:func:`_pages_of_another_entry`);
    so does another dated author run right before the hit after the name's own date and words,
    with no sentence end between (:func:`_dated_run_before_title`), and so does a run printed
    given names first right after a field that closed the name's entry
    (:func:`_given_first_run_before_title`: "..., Bari, 2008 Nora Ferri, Title"). The count
    starts after the author list the name is in (a footnote may interrupt a long one) and
    again after a ditto mark (that entry goes on with the same authors).
    """
    start = widened_start(text, start, name_end)
    gap_start = run_start(text, name_end, start)
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
    if names_end is None:
        return (_dated_run_before_title(text, name_end, gap_start, date)
                or _given_first_run_before_title(text, name_end, gap_start, start, ends))
    return ends + two_lists >= 1 or _dated_entry_before(text, name_end, names_end.start())


def _dated_run_before_title(text: str, name_end: int, gap_start: int,
                            date: Optional[re.Match[str]]) -> bool:
    """True if an author run and its date (``date``, ``DATE_BEFORE_TITLE``) stand right
    before a title, after the name's own date and words (its title, its venue:
    :func:`_dated_entry_before`): the next entry's run, even where nothing closes the name's
    entry, as styles print it with no punctuation after a title, its pages or a bracketed
    place ("Lindqvist, P. (2001). Drift techniques are coming Maclean, S. A. (1999). Title",
    "...(2001). Drift techniques (Oslo: Bell),. Maclean, S. A. (1999). Title"). A run of
    the same entry has no date and no words between the name and it ("Lindqvist, P.,
    Maclean, S. A. (1999). Title"). So is a run after the name's own full stop, where the
    name closes its entry as its place or publisher ("...V. Palme, Paris. Pinheiro F.J. 2015.
    Title"): a surname in a run is followed by its given names, a comma or the run's date
    (``_SURNAME_AFTER_FULL_STOP``). A running header between the name and the run (a page
    break inside the author list) is left out first: its date and words are the page's, not
    the name's entry's ("...and A. | 1 Journal of Studies 12 (2024) Styles | M. Sporn. 2004.
    Title"). Called by :func:`_another_entry_between` when no author list ends right before
    the title."""
    if date is None:
        return False
    headers = running_headers(text, name_end, date.start())
    if headers:
        text, moved = without_spans(text, headers)
        name_end, gap_start = moved(name_end), moved(gap_start)
        date = DATE_BEFORE_TITLE.match(text, moved(date.start()))
        if date is None:
            return False
    names_end = _names_before_title(text, gap_start, date.start())[0]
    return names_end is not None and (_SURNAME_AFTER_FULL_STOP.match(text, name_end) is not None
                                      or _dated_entry_before(text, name_end, names_end.start()))


def _given_first_run_before_title(text: str, name_end: int, gap_start: int, start: int,
                                  ends: int) -> bool:
    """True if a run of names printed given names first stands right before a title at
    ``start`` after a field that closes an entry (``GIVEN_FIRST_RUN_BEFORE_TITLE``), and a
    sentence end (``ends``) or the name's own date and words (:func:`_dated_entry_before`) lie
    between the name's author list and it: the name's entry went on to its title and venue,
    so the run is the next entry's ("Ugo Bassi, Title, Milano, 2008 Nora Ferri, Title"). The
    run's own name is no title's first words there: a title follows the name's run or its date,
    not a comma after a closing field. Called by :func:`_another_entry_between` when no
    author list with initials or a colon ends right before the title."""
    run = GIVEN_FIRST_RUN_BEFORE_TITLE.search(text, max(gap_start, start - 3 * NAME_PIECE), start)
    return run is not None and (ends > 0 or _dated_entry_before(text, name_end, run.start()))


def _run_after_closing_field(text: str, name_end: int, start: int) -> bool:
    """True if another entry's author run stands right before a title at ``start``, after a
    year or pages that closed the name's entry with no punctuation (``RUN_AFTER_CLOSING_FIELD``),
    words before them (its title and venue). Read from the name itself, not from the end of
    its author list: an entry that prints its fields with commas only ("Jenkins, David,
    Title, London, Phaidon Press, 1993 Hengo, Ally, Title") reads as one long author list.
    Called by :func:`_another_entry_between`."""
    run = RUN_AFTER_CLOSING_FIELD.search(text, max(name_end, start - 3 * NAME_PIECE), start)
    return run is not None and len(LETTER.findall(text, name_end, run.start())) >= _DATED_WORDS


def _pages_of_another_entry(text: str, name_end: int, gap_start: int, start: int) -> bool:
    """True if ``PAGES`` lie in ``[gap_start, start)`` that close an entry: not the pages some
    styles print right after the year that closes an author run and right before the title,
    with only a bracket between them and the year ("Doleman, PM, 2012: 93–124 Title", "Name,
    Jutta, (2008): 155–164 Title": a chapter's pages beside its date;
    ``author_lists.ends_author_list`` reads the run from ``name_end`` to the year, with no
    sentence end before it). An entry
    closed by its pages has its title and venue before them, and anything after its pages
    ("..., Toubert (2004), 145-217). Next entry"): the next entry. Called by
    :func:`_another_entry_between`."""
    pages = PAGES.search(text, gap_start, start)
    if pages is None:
        return False
    year = YEAR_BEFORE_PAGES.search(text, max(gap_start, pages.start() - 8), pages.start())
    own = (year is not None and not text[pages.end():start].strip()
           and next(_sentence_ends(text, gap_start, year.start()), None) is None
           and ends_author_list(text, name_end, year.start()))
    return not own


def _names_before_title(text: str, gap_start: int, start: int
                        ) -> tuple[Optional[re.Match[str]], bool]:
    """The end of an author list right before a title at ``start`` (after ``gap_start``),
    or None; and True if it ends with a colon and another such list lies before it ("...:
    Title, 1990 Goossens, Samarin: Title": two lists). Called by
    :func:`_another_entry_between` and :func:`repeated_in_entry`."""
    names_end = NAMES_BEFORE_TITLE.search(text, max(gap_start, start - 12), start)
    if names_end is None:  # "...Phys. Rev. Lett. 96 (2006). W. H. Zurek. Title"
        names_end = SURNAME_BEFORE_TITLE.search(text, max(gap_start, start - NAME_PIECE), start)
        if names_end is not None and not ends_a_name(text, names_end.start()):
            names_end = None
    if names_end is None:
        names_end = COLON_BEFORE_TITLE.search(text, max(gap_start, start - 4), start)
        if names_end is not None:
            return names_end, COLON_BEFORE_TITLE.search(
                text, gap_start, names_end.start()) is not None
    if names_end is None:
        names_end = INITIALS_SURNAME_BEFORE_TITLE.search(
            text, max(gap_start, start - NAME_PIECE), start)
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
            and ditto_entry(text, hit_end, start) is None
            and not next_number_between(text, occurrence.start, start)
            and _names_before_title(text, hit_end, start)[0] is None)


def _title_after_legal_citation(text: str, gap_start: int, start: int) -> bool:
    """True if a legal citation follows the name's run and the title follows it right away
    ("Phillips, Nathan. 19 Law. & Banker & S. Bench & B. Rev. 311 (1926) Title"): one entry,
    although the reporter's abbreviations look like sentence ends and its year like the
    next entry's. Anything after the citation but its punctuation ("(1926). Moreau, J.
    Title") leaves the decision to the other rules. Called by
    :func:`_another_entry_between`."""
    legal = LEGAL_CITATION.search(text, gap_start, start)
    return (legal is not None and legal.start() - gap_start <= NAME_PIECE
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
    Preuss: Title", are counted with the run); nor is a run of names with their initials
    that opens right after that year (``_RUN_RIGHT_AFTER_DATE``: "Kowal.J,(2011).Van der
    Berg.M & Ostrom.E. Title", the date printed after the first author): no title went by
    there either, the name's own entry would have none."""
    year = ANY_YEAR.search(text, name_end, names_end)
    if year is None:
        return False
    if not ends_author_list(text, name_end, year.start()):
        return True
    if _RUN_RIGHT_AFTER_DATE.fullmatch(text, year.end(), names_end):
        return False
    return (LETTER.search(text, year.end(), name_start(text, names_end)) is not None
            and len(LETTER.findall(text, year.end(), names_end)) >= _DATED_WORDS)
