"""Where a printed title ends, read from what stands right beside a hit (improved scheme).

A short title matches ordinary words, and a style that prints no mark after a title runs it
into what follows. Two checks of ``verify`` read the print beside a hit here: whether a short
title stands alone (punctuation or nothing on both sides, or a field's mark the style uses in
their place: :func:`stands_alone`, :func:`named_in_sentence`), and where the next entry
starts right after a title with no mark of its own (its author run printed as this one's,
:func:`next_entry_as_this`; the author's name printed again as the publisher,
:func:`name_again`), which ``verify._same_work`` asks before it reads a word after the hit as
more title.
"""

from __future__ import annotations

import functools
import re
from typing import Optional

from ..grammar.entry_grammar import (
    ABBREVIATION, ANY_YEAR, ENTRY_NUMBER, IN_CONTAINER, LISTED_DIGITS, LISTED_ENTRY_NUMBER,
    LISTED_NUMBER, NEXT_ENTRY_OPENING, PARENTHESISED_NUMBER, RANGE_DASH, RUN_DATE,
    RUN_DATE_BEFORE_TITLE, YEAR_DIGITS,
)
from ...context import HEADING_NAME
from ..grammar.name_grammar import AND_WORD, GIVEN_NAMES, NAME
from ..entries.entry_numbers import own_entry_number
from ..text.headers import Span
from ..text.per_text_cache import kept_per_text
from ..text.printed_words import in_word, word_start
from ..fields.run_on_fields import (
    CHAPTER_BOOK_OPENING, CHAPTER_IN_BOOK_HABIT, CHAPTER_IN_BOOK_HOLDING_IN_TO_PAGES,
    CHAPTER_IN_BOOK_TO_PAGES, NEXT_FIELD, VOLUME_CLOSING_ENTRY,
)
from ..entries.running_text import named_beside
from ..entries.windows import Region

#: A backquote after a blank, before a letter: an opening quote in plain text.
_OPENING_BACKQUOTE = re.compile(r"\s+`(?=[^\W\d_])")
_LOOK_AROUND = 40  # characters looked at for the punctuation around a short title
#: The author list's further inverted names after the first one's given names, each after a
#: comma, a semicolon or the word for "and" (", MEISS, Garnet", "; LEE, K.", " a SVOBODA, Petr").
_MORE_INVERTED_NAMES = rf"(?:(?:[,;]| {AND_WORD}) {NAME}, {GIVEN_NAMES})*"
#: After an inverted surname, up to its title: its given names or initials (and the list's
#: further inverted names), a full stop, perhaps a colon, perhaps "et al." (", R. ", ", R.: ",
#: ", Paul-André. ", ", G. et al. ", ", Otto, MEISS, Garnet. ").
_GIVEN_NAMES_RUN = re.compile(
    rf", {GIVEN_NAMES}{_MORE_INVERTED_NAMES}(?:(?<=\.)|\.):? (?:et al\. )?")
#: An inverted name and its given names (perhaps more inverted names) with a full stop, perhaps
#: a colon, opening an entry (" SANDER, Alfred. ", " PRENGEL, Annedore, MEISS, Garnet. ",
#: " Bonnin, J.T.: "; not "methods, vol. 2").
_INVERTED_NAME_RUN = re.compile(
    rf" {NAME},( (?!{ABBREVIATION}){GIVEN_NAMES}){_MORE_INVERTED_NAMES}"
    r"(?:(?<=\.)|\.):? ")
#: What a dated author run looks like, for :func:`_dated_run_again`: each word "a", each number
#: (perhaps a lettered year) "0", then given names or initials in a row one "a" (", P L (2005 ).
#: " and ", J. (1999 ). " are both ", a (0 ). ").
_SHAPE_WORD = re.compile(r"[^\W\d_]+")
_SHAPE_NUMBER = re.compile(r"\d+[^\W\d_]?(?![^\W\d_])")
_SHAPE_GIVEN = re.compile(r"a(?:\.?[ -]a)+")
#: ... and a run's further inverted names after its first name's given names, in that shape
#: (", P & Heitz, F 1992" and ", BKO; Kano, VY and Lee, LA 2013" are both ", a 0"): right after
#: a given name or an initial, a comma, a semicolon, "&" or the word for "and", a surname, its
#: comma and its given names or initials (not the run's first given names themselves: ",
#: Builders, T. C. 1999" stays ", a, a. 0.").
_SHAPE_FURTHER_NAMES = re.compile(r"(?<=[a.])(?:[,;]| &| a) a, a(?:\.?[ -]a)*\.?(?= )")
_SURNAME_AFTER = re.compile(rf" {NAME}")
#: One name after a hit: a word (an organisation's, a surname) and perhaps its initials.
_NAME_AFTER = re.compile(rf" {NAME}(?:, [^\W\d_]\.(?: ?[^\W\d_]\.)*)?")
#: ... or a surname and its given name, right before a date in brackets (", andree (1996)").
_GIVEN_NAME_AFTER = re.compile(rf", {NAME}(?= \()")
#: An author run's initials, then its date, between the name and the title: printed with no
#: full stop (up to three groups of one to three letters: " g (1983): ", " hj 1999 "; group 1),
#: or each with its full stop, perhaps a comma after them (" n. w., 2015, "; group 2).
_INITIALS_THEN_DATE = re.compile(rf"(?:((?: [^\W\d_]{{1,3}}){{1,3}})|((?: [^\W\d_]\.){{1,3}},?))"
                                 + RUN_DATE_BEFORE_TITLE.pattern)
_INITIALS_AFTER = re.compile(r" [^\W\d_]{1,3}(?![^\W_])")
_INITIALS_WITH_FULL_STOPS_AFTER = re.compile(r"(?: [^\W\d_]\.){1,3},?")
#: The number of the next entry of a numbered list ("9. ", "12. ", ``LISTED_ENTRY_NUMBER``)
#: right after a title ("...Nationalism 10. Hebdige D").
_NUMBER_AFTER = re.compile(rf" {LISTED_NUMBER} ")
#: An entry's number printed bare, its digits alone, right after the full stop that closes
#: the entry before (after a number, a bracket or a word of three letters or more, not an
#: abbreviation's: "pp. 12 " is a page, "Vol. 12 " a volume): the digits of a superscript
#: number, as HTML and PDF print a numeric style's ("...Transp. Law J 2000, 27, 317. 28 CAPMAS
#: Egypt in Figures Central Agency..."), or the first entry's "1" right after the reference
#: list's heading (``context.HEADING_NAME``: "Referências 1 CAPMAS Egypt in Figures"). A
#: sentence opens with no bare number before a name.
_BARE_ENTRY_NUMBER = (rf"(?:\d|\)|(?<![^\W_])(?!vols?\.)[^\W\d_]{{3,}})\. {LISTED_DIGITS}"
                      rf"|(?<![^\W_])(?:{HEADING_NAME}):? 1")
#: An entry's number right before its first word: "[25] ", "25. ", "(25) " (``ENTRY_NUMBER``,
#: ``LISTED_NUMBER``, ``PARENTHESISED_NUMBER``), after a blank or at the text's start, or a
#: bare one (``_BARE_ENTRY_NUMBER``).
_ENTRY_NUMBER_BEFORE = re.compile(
    rf"(?:(?:^|(?<=\s))(?:{ENTRY_NUMBER.pattern}|{LISTED_NUMBER}|{PARENTHESISED_NUMBER})"
    rf"|{_BARE_ENTRY_NUMBER}) $")
#: A year right before a short title, perhaps lettered, perhaps joined to the name before it.
_YEAR_BEFORE = re.compile(rf"(?<!\d){YEAR_DIGITS}[a-z]? $")
#: The searched name's author run, its date, then a bare number (a volume), perhaps its page or
#: pages after it, right before a title the style prints after them and closes with the entry
#: (american-political-science-association: "Okafor, Ngozi. 2011. 12 Harbour Silt Budgets.
#: Lindqvist, K."; phytotaxa: "Okafor, N. (2011) 12 Harbour Silt Budgets. 212pp.";
#: international-studies-association: "Okafor, N. (2011) 12 44 Harbour Silt Budgets."): the
#: run holds no digit, so the numbers are the first fields after the date. The date is a year,
#: perhaps lettered, in brackets ("(2011) ", "(2011a). ", "[2011] ") or closed by a full stop
#: or a comma ("2011. ", "2011, "). Read from the searched name's end to the title's start.
_DATED_YEAR = rf"(?<!\d){YEAR_DIGITS}[a-z]?"
_VOLUME_AFTER_RUN_DATE = re.compile(
    rf"\D{{0,{_LOOK_AROUND}}}(?:[(\[]{_DATED_YEAR}[)\]][.,]?|{_DATED_YEAR}[.,]) \d{{1,4}}"
    rf"(?: \d{{1,5}}(?:{RANGE_DASH}\d{{1,5}})?)? ")
#: The searched name's author run, its year closed by a colon, then the pages or a page range
#: right before the title (der-moderne-staat: "Okafor, Ngozi, 1981: 73–100 Harbour Walls,
#: Bergen: Fjord."): a style that prints the pages where a journal's would stand. The name's
#: punctuation opens the run, a comma or a full stop closes it before the year: a sentence
#: ("Okafor counted in 1981: 73 harbour walls") has words after the name.
_PAGES_AFTER_RUN_DATE = re.compile(
    rf"[,./]\D{{0,{_LOOK_AROUND}}}(?<=[,.] ){_DATED_YEAR}: \d{{1,5}}(?:{RANGE_DASH}\d{{1,5}})? ")
#: ... and the title's full stop that closes its entry, before the next entry's opening,
#: perhaps after the book's count of pages, a sentence of its own ("...Budgets. 212pp. ",
#: "...Budgets. 212 p. ").
_CLOSING_FULL_STOP = re.compile(rf"\.(?: \d{{1,5}} ?pp?\.)?{NEXT_ENTRY_OPENING}")
#: A bare number right after a title that closes its entry, then the next entry's opening or
#: the text's end: the volume a style prints with no mark after a title it closes the entry
#: with ("...(1970) Harbour Silt Budgets 2 Okafor, N. (1985)"), or the number of the page
#: that breaks after such a title in a PDF ("...: Harbour Silt Budgets 7 [11] Okafor, N.:").
#: A sentence puts no bare number between its words and an entry's opening. Up to three
#: digits: a page's or a volume's number (a year after a title is a field of ``NEXT_FIELD``).
_NUMBER_CLOSING_ENTRY = re.compile(rf" \d{{1,3}}{NEXT_ENTRY_OPENING}")
#: A book's count of pages right after a title the style prints with no mark before it, the
#: entry's last field before the next entry's opening: after a blank or joined to the title's
#: last word ("...Press Publishing 133 pp.", "...Press Publishing133 pp.", "...Budgets 212 S.").
#: A sentence puts no count of pages after its words, and a query lacking the title's last
#: word has that word before the number.
_PAGE_COUNT_CLOSING_ENTRY = re.compile(rf" ?\d{{1,5}} ?(?:pp?|S|s)\.{NEXT_ENTRY_OPENING}")
#: The word "in" a style prints with no punctuation before a chapter's book, then the book's
#: words up to the entry's full stop, no digit and no other full stop among them: "...English
#: Verbonominal Phrases in Travaux Linguistiques de." (the book's place, publisher and pages
#: left empty). Read only in a list that prints other chapters so up to their pages
#: (:func:`_prints_other_chapters`): elsewhere a title's own words run on with "in".
_IN_BOOK_TO_ENTRY_END = re.compile(rf"{CHAPTER_BOOK_OPENING}[^.\d]{{0,100}}\.{NEXT_ENTRY_OPENING}")
#: Other chapters of a reference list printed "Title in Book, ..., p. 14‑114." that make the
#: list's habit (:func:`_prints_other_chapters`).
_CHAPTERS_IN_BOOKS = 2
#: A bare number right after a title (a book's count of pages or its volume), then the
#: bracketed publisher or place and the year, and the entry's full stop before the next
#: entry's opening: a style that prints a book as "Title 552 (Place, 1983)." (solutions,
#: Nature's way with no mark after the title). A sentence puts no bare number between its
#: words and a bracketed year that closes an entry.
_NUMBER_THEN_BRACKETED_YEAR_CLOSING_ENTRY = re.compile(
    rf" \d{{1,5}} \([^()]*{YEAR_DIGITS}[a-z]?\)\.{NEXT_ENTRY_OPENING}")
#: The next entry's author list right after a title that ends its entry: three surnames or
#: more joined by slashes, no initials, as German styles print them ("...Writings on Economics
#: Kinney / Maldacena / Minwalla / Raju An index ..."); a title's own words are not joined so,
#: and a responsibility statement's slash (GOST: "Title / A. Hughes") stands right after the
#: title, before initials.
_SLASHED_NAMES_AFTER = re.compile(rf" {NAME}(?: / {NAME}){{2,}} ")
#: ... and the rest of such a list after a searched name, up to its title: " / Tucker-Smith ",
#: or only the blank after the name's own last word.
_SLASHED_NAMES_BEFORE = re.compile(rf"(?: / {NAME})* ")
#: An author run of initials before each surname, then "in" before the title: a style that
#: prints a book's title as a contribution's container ("[7] J.-H. Martin, in Dubuffet & l'art
#: brut; Collection ...", "[15] P. Baines, A. Haslam, in Type and Typography; Laurence King").
#: ``_INITIALS_BEFORE_NAME`` reads the searched name's initials (perhaps a particle between:
#: "G. P. della Mirandola"), ``_NAMES_THEN_IN`` the rest of the list after it, up to the title.
_INITIALS_BEFORE_NAME = re.compile(rf"(?<![^\W_])[^\W\d_]\.[ -]?(?:{NAME} )?$")
_NAMES_THEN_IN = re.compile(rf"(?:, (?:[^\W\d_]\.[ -]?){{1,3}}(?:{NAME} )?{NAME})*, in ")
#: A contribution's container right after a short title, past the title's own closing mark:
#: "...Intelligenz, Leistung, in: Schule und ...", "...gecko glue?, in: Creation 23".
_CONTAINER_AFTER = re.compile(r"[?!]?[,.] " + IN_CONTAINER.pattern)
EDGE_WORD = 40  # characters before and after a hit where the printed title may go on
#: A year or a span of years after a comma or a colon, perhaps after the place of the event
#: the title names, or after a preposition of time, closing a title: the dates a title's topic
#: covers ("...of Bohemian Politics, 1848-1948", "...of the Benedictine Abbey, 998-1998",
#: "...northern spotted owls: 1985\u20132008", "...al-sanawi, 2013", "...sur le Danube en
#: 1919-1920", "...in der BRD seit 1970") or a meeting's place and year ("...Vortrag 4. Tagung
#: Tätigkeitstheorie, Marburg 1987"). Read back from a title's end (:func:`closed_by_date`).
_TIME_PREPOSITION = (r"in|en|im|since|seit|depuis|desde|dal|before|after|until|vor|nach|bis"
                     r"|avant|apres|après|to|à|till")
_CLOSING_DATE = re.compile(
    rf"(?:(?:,| ?:) (?:{NAME} )?|(?<![^\W_])(?:{_TIME_PREPOSITION}) )"
    rf"(?:{YEAR_DIGITS}|\d{{3,4}}{RANGE_DASH}\d{{2,4}})$")
_CLOSING_DATE_REACH = 40  # characters back from a title's end where the date is read
_DATE_WORDS = re.compile(r"[^\W_]+")


def next_entry_as_this(text: str, name: Optional[Span], first: int, last: int) -> bool:
    """True if the words after the hit open an entry as the hit's own entry opens: an
    inverted name and its given names or initials, then a full stop ("RIPON, R. Title
    SANDER, Alfred. Title": ISO 690 styles that close no entry ending with its title; the
    hit's entry may be an organisation's, its name and a full stop). The name was searched
    for: its entry's opening (``text[name[1]:first]``) is known to be an author run, so an
    inverted name after the title is the next entry's, not the title's last word; unless what
    stands for the given names is a field (a publisher: "...brány Moravy, Academia. 2004",
    the title's last word then). Called by ``verify._same_work`` and :func:`stands_alone`."""
    if name is None:
        return False
    if _next_number_follows(text, name[0], last) or _dated_run_again(text, name[1], first, last):
        return True
    organisation = " " in text[name[0]:name[1]] and text.startswith(". ", name[1]) and (
        first == name[1] + 2)
    if not (organisation or _GIVEN_NAMES_RUN.fullmatch(text, name[1], first)):
        return False
    run = _INVERTED_NAME_RUN.match(text, last)
    return run is not None and not NEXT_FIELD.match(text, run.start(1))


def _dated_run_again(text: str, name_end: int, first: int, last: int) -> bool:
    """True if the hit's entry opens with an inverted name and a dated run (its given names
    or initials and its year, ``text[name_end:first]``), and the words after the hit are a
    surname and a run of the same shape: the next entry ("O'Connell, P L (2005 ). Title Where
    Observed Uriagereka, J (1999 ). Title": author-year styles that close no entry ending
    with its title); or one name and a date printed as the run's own (:func:`_dated_name_after`:
    a run of several names, an organisation after it; also after an organisation's name and
    its date, "Battelle Institute. 1988, Title Coll. 1867, Title"). A run of surnames joined
    by slashes is read as one with commas ("Syvitski / Burrell / Skei (1987) Title Thibault
    (2010) Title"), and a run of several inverted names as its first one (:func:`_run_shape`).
    Called by :func:`next_entry_as_this`."""
    own = text[name_end:first]
    if RUN_DATE_BEFORE_TITLE.fullmatch(own):  # an organisation's: "Battelle Institute. 1988, Title"
        return _dated_name_after(text, own, last)
    initials = _INITIALS_THEN_DATE.fullmatch(own)
    if initials is not None:  # "Ernest G (1983): Title"
        return _initials_run_after(text, initials, last)
    if not own.startswith((", ", " / ")) or ANY_YEAR.search(own) is None:
        return False
    surname = _SURNAME_AFTER.match(text, last)
    if surname is not None and len(own) <= EDGE_WORD and _run_shape(
            text[surname.end():surname.end() + 2 * EDGE_WORD]).startswith(_run_shape(own)):
        return True
    return _dated_name_after(text, own, last)


def _next_number_follows(text: str, name_start: int, last: int) -> bool:
    """True if the number after the hit (ending at ``last``) is the next one after the number
    that opens the hit's entry, before its searched name (at ``name_start``;
    ``entry_numbers.own_entry_number``): "9. Ernest G (1983) Nations and Nationalism 10. Hebdige D
    (2003)", a numbered list whose entry ends with its title. A query that lacks the title's
    last word has that word before the number. Called by :func:`next_entry_as_this`."""
    following = _NUMBER_AFTER.match(text, last)
    return following is not None and (
        own_entry_number(text, name_start, LISTED_ENTRY_NUMBER) == int(following[1]) - 1)


def _initials_run_after(text: str, own: re.Match[str], last: int) -> bool:
    """True if the words after a hit ending at ``last`` are a surname, initials printed as
    the hit's own author run prints them (``own``: ``_INITIALS_THEN_DATE`` on it): as many
    with no full stop, or any number with full stops and the same comma after them; and a
    date printed as its own ("Ernest G (1983): Nations and Nationalism Hebdige D (2003):
    Title", "Federation N. W., 2015, Ecoregions Fleck L., 1981, Title"), or no date and the
    colon that closes the run (:func:`_undated_run_close`): the next entry, in a style that
    closes no entry ending with its title. A query that lacks the title's last
    word has that word as the surname, and the next entry's surname where the initials go.
    Called by :func:`_dated_run_again`."""
    at = _SURNAME_AFTER.match(text, last)
    if at is None:
        return False
    at = at.end()
    if own[2] is not None:  # initials with full stops, no title's word: any number of them
        initials = _INITIALS_WITH_FULL_STOPS_AFTER.match(text, at)
        if initials is None or initials[0].endswith(",") != own[2].endswith(","):
            return False
        at = initials.end()
    for _ in _INITIALS_AFTER.finditer(own[1] or ""):
        initial = _INITIALS_AFTER.match(text, at)
        if initial is None:
            return False
        at = initial.end()
    date = RUN_DATE_BEFORE_TITLE.search(own[0], len(own[1] or own[2]))
    return date is not None and (_date_printed_as(date[1], date[2]).match(text, at) is not None
                                 or _undated_run_close(date[2], text, at))


def _undated_run_close(closing: str, text: str, at: int) -> bool:
    """True if the colon or semicolon that closes the hit's own author run after its date
    (``closing``: the date's closing group, "):") stands at ``at``, right after the next run's
    initials, no date before it: "Ernest G (1983): Nations and Nationalism Feller L: Title", a
    style that prints the date after the names of some entries and at the end of others. A
    comma or a full stop there closes a word as often. Called by :func:`_initials_run_after`."""
    mark = closing[-1:]
    return mark in (":", ";") and text.startswith(mark + " ", at)


def _dated_name_after(text: str, own: str, last: int) -> bool:
    """True if the words after a hit ending at ``last`` are one name, a word (an
    organisation's) or a surname and its initials, then a date printed as the hit's own entry
    prints its date after its author list ``own`` ("Halvorsen, K., Berg, A., et al. 2003,
    Title NORDA. 2013, Title", "... Title Urquhart, J. 1999, Title"), or, where that date is
    in brackets, a surname and its given name right before it ("Agency (GEPA) (2000): Title
    Levesque, Andrée (1996): Title"): the next entry. A query lacking the title's last word
    has that word before the next entry's name, which is no name of one word then the date.
    Called by :func:`_dated_run_again`."""
    date = RUN_DATE_BEFORE_TITLE.search(own)
    name = _NAME_AFTER.match(text, last)
    if date is None or name is None:
        return False
    printed_as = _date_printed_as(date[1], date[2])
    if printed_as.match(text, name.end()) is not None:
        return True
    given = _GIVEN_NAME_AFTER.match(text, name.end()) if date[1] else None
    return given is not None and printed_as.match(text, given.end()) is not None


@functools.lru_cache(maxsize=None)
def _date_printed_as(opening: str, closing: str) -> re.Pattern[str]:
    """A date printed with the brackets and punctuation of ``RUN_DATE_BEFORE_TITLE``'s groups
    ``opening`` and ``closing``, perhaps after a full stop: built once for each print (at most
    18: a bracket or none, a closing bracket or none and one of four marks or none). Called by
    :func:`_dated_name_after`."""
    return re.compile(rf"\.? ?{re.escape(opening)}{RUN_DATE} ?{re.escape(closing)} ")


def _run_shape(run: str) -> str:
    """The shape :func:`_dated_run_again` compares two author runs by: a run of several names
    has the shape of its first one (``_SHAPE_FURTHER_NAMES``), so that the next entry's run
    of two authors matches the hit's of one ("O'Connell, PL 2005 Title Perez, P & Heitz, F
    1992 Title") and the other way round."""
    shape = _SHAPE_FURTHER_NAMES.sub("", _SHAPE_WORD.sub("a", _SHAPE_NUMBER.sub("0", run)))
    return _SHAPE_GIVEN.sub("a", shape)


def closed_by_date(query: str, text: str, at: int) -> bool:
    """True if the query (its normalized title, ``query``) and the print up to ``at`` (the end
    of the hit's last word) both end with the same year or span of years after a comma or a
    colon, perhaps after a place, or after a preposition of time (``_CLOSING_DATE``): such a
    date closes its title, so a word right after it opens the next field ("...Benedictine
    Abbey, 998-1998 Hinton.", "...Tagung Tätigkeitstheorie, Marburg 1987 Universität,
    Marburg.", "...sur le Danube en 1919-1920 Balkanologie, 10"), whatever its shape. A title
    that goes on after such a date is rare, and a query that lacks a title's last word ends
    with that word, not with the date. Called by ``verify._same_work`` before it reads a word
    after the hit as more title."""
    asked = _CLOSING_DATE.search(query)
    printed = _CLOSING_DATE.search(text, max(0, at - _CLOSING_DATE_REACH), at)
    return (asked is not None and printed is not None
            and _DATE_WORDS.findall(asked.group()) == _DATE_WORDS.findall(printed.group()))


def name_again(text: str, name: Optional[Span], at: int) -> bool:
    """True if the searched name before the hit (``name``) is printed again at ``at``, right
    after the hit, then punctuation: the entry's publisher, an organisation that publishes
    its own work ("ANCREAI: Favoriser l'accès ... SESSAD ? ANCREAI, Paris (2009)", "WORLD
    HEALTH ORGANIZATION. Title World Health Organization, 2010."). A word the query lacks
    there is the title's last one otherwise (``verify._same_work``); the author's own name is
    the next field. Called by ``verify._same_work`` and :func:`stands_alone`."""
    if name is None or name[0] == name[1]:
        return False
    printed = text[name[0]:name[1]]
    at += text.startswith(" ", at)
    after = at + len(printed)
    return text.startswith(printed, at) and after < len(text) and text[after] in ".,:;"


def named_in_sentence(text: str, region: Region, start: int, end: int) -> bool:
    """A short title inside a sentence, with the name right beside it (``named_beside``) and
    punctuation on the side the name is not: "Friedl's Mastering Regular Expressions,",
    "In chapter 18 of The TeXbook, Knuth suggests"."""
    start = word_start(text, start)
    while end < len(text) and in_word(text[end]):
        end += 1
    if not named_beside(text, region, start, end):
        return False
    after = text[end:end + _LOOK_AROUND].lstrip()[:1]
    before = text[max(0, start - _LOOK_AROUND):start].rstrip()[-1:]
    return (not after or not in_word(after) or text.startswith(" by ", end)
            or not before or not in_word(before) or _name_follows(text, region, end))


def _name_follows(text: str, region: Region, end: int) -> bool:
    """True if a name of the region starts within a few words after ``end`` (", Knuth")."""
    return any(0 <= occurrence[0] - end <= 40 for occurrence in region.occurrences)


def stands_alone(text: str, start: int, end: int, name: Optional[Span] = None,
                  after_run: bool = False, query: str = "") -> bool:
    """True if the hit, widened to whole words, has punctuation (or nothing) on both sides.

    A short title in a reference is delimited ("2015. Deep learning. Nature"), or follows the
    entry's year with no punctuation (styles that print none: "SMITH J 2015 Deep learning."), or
    its author run's last initials or one given name, printed with no full stop (``after_run``,
    which the caller reads in the capitals: "Rensky M English Verbonominal Phrases.", "Hughes,
    Alan Advising as Teaching, en"), or the searched surname alone before its container's "in:"
    (:func:`_named_contribution`), or opens with a number right after the searched name
    (:func:`_number_after_name`), or follows the searched name as its entry's author field,
    after the entry's number or its dated author (:func:`_author_field_before`), or follows the
    "in" that closes an author run of initials and surnames (:func:`_book_after_in`), or ends
    its entry before the next entry's author run opened as its own (:func:`next_entry_as_this`)
    or before its author's name printed again as the publisher (:func:`name_again`: "UNESCO
    (2003) Heritage Futures UNESCO, Paris."), or before the next entry's author list joined by
    slashes (``_SLASHED_NAMES_AFTER``), or before a journal's volume and pages or the volume and
    the entry's end, where the style prints no journal's name
    (``run_on_fields.VOLUME_CLOSING_ENTRY``: "2016. The Antisocial Network 49."), or before a
    bare number and the next entry's opening (``_NUMBER_CLOSING_ENTRY``: a volume printed with
    no mark, a PDF's page number), or before the book's count of pages that closes the entry,
    perhaps joined to the title's last word (``_PAGE_COUNT_CLOSING_ENTRY``: "BROWN, J. 1970.
    University Press Publishing133 pp."), or after the
    year or span of years that closes both the query (``query``: its normalized title) and the
    print (:func:`closed_by_date`: "Okafor, N. Harbour Lights, 1850–1900 diss., Univ. of Lagos,
    1987."); the same words
    in a sentence or inside a longer title have a word next to them (given names right before a
    short title are not read as the author run's: "Sawer, Feder- ation under strain" has a title
    word there). ``name``: where the searched name before the hit is, if one is. Punctuation the
    hit holds at its edges is such a delimiter already (a query typed with the separator after
    its title: "Нелинейная фильтрация сигналов. -" in "сигналов. - М.: Политехника"). """
    start, end = _whole_words(text, start, end)
    before = text[max(0, start - _LOOK_AROUND):start].rstrip()[-1:]
    after = text[end:end + _LOOK_AROUND].lstrip()[:1]
    if _OPENING_BACKQUOTE.match(text, end):
        after = ""  # TeX's opening quote, not a detached accent: "Title `Venue'"
    if after_run or _unpunctuated_field_before(text, name, start, end):
        before = ""  # the date field the title follows: "BOZON M 2002 Title.", "John1970 Title"
    return not (before and in_word(before)) and not (
        after and in_word(after) and not _unpunctuated_field_after(text, name, start, end)
        and not closed_by_date(query, text, end))


def chapter_book_after(text: str, start: int, end: int) -> bool:
    """True if the hit ``text[start:end]``, widened to whole words, runs into the "in" a style
    prints with no punctuation before a chapter's book, and the book's fields up to the
    chapter's pages or the entry's end (:func:`_chapter_book_at`: "...Ideengeschichte der
    Integration in Handlexikon der Integrationspädagogik, Bochum/Freiburg, projekt verlag, p.
    82‑90."): where a short title stands alone so (:func:`stands_alone`), a title whose own
    words run on with "in" prints the same for a query that lacks them, so
    ``superset.title_end_of_passed_hit`` marks such a short title's end uncertain."""
    return _chapter_book_at(text, _whole_words(text, start, end)[1])


def _chapter_book_at(text: str, end: int) -> bool:
    """True if the "in" before a chapter's book follows ``end`` (a title's last word): the
    book's fields up to the chapter's pages (``run_on_fields.CHAPTER_IN_BOOK_TO_PAGES``), or,
    in a list that prints other chapters with their pages so (:func:`_prints_other_chapters`),
    the book alone up to the entry's end (``_IN_BOOK_TO_ENTRY_END``: gallia-prehistoire,
    "...English Verbonominal Phrases in Travaux Linguistiques de.") or a book whose first field
    holds an "in" of its own (``run_on_fields.CHAPTER_IN_BOOK_HOLDING_IN_TO_PAGES``: "...Varieties
    of Childhood in Studies in Modern Childhood: Society, ..., p. 1‑20."). Called by
    :func:`chapter_book_after` and :func:`_unpunctuated_field_after`."""
    if CHAPTER_IN_BOOK_TO_PAGES.match(text, end) is not None:
        return True
    book = (_IN_BOOK_TO_ENTRY_END.match(text, end)
            or CHAPTER_IN_BOOK_HOLDING_IN_TO_PAGES.match(text, end))
    return book is not None and _prints_other_chapters(text, book.end())


def _prints_other_chapters(text: str, book_end: int) -> bool:
    """True if the list in ``text`` prints at least ``_CHAPTERS_IN_BOOKS`` chapters as "Title
    in Book, ..., p. 14‑114." besides the one whose book ends at ``book_end`` (the entry asked
    about: its book's own "in" reads as another chapter's). Called by :func:`_chapter_book_at`."""
    return sum(1 for other_end in _chapters_in_books(text)
               if other_end != book_end) >= _CHAPTERS_IN_BOOKS


@kept_per_text
def _chapters_in_books(text: str) -> tuple[int, ...]:
    """Where each chapter that the list in ``text`` prints as "Title in Book, ..., p. 14‑114."
    ends (``run_on_fields.CHAPTER_IN_BOOK_HABIT``, each up to its own full stop: its book's
    fields may hold a subtitle's or an editor's full stop). Called by
    :func:`_prints_other_chapters`; read once per text (``per_text_cache.kept_per_text``)."""
    return tuple(chapter.end() for chapter in CHAPTER_IN_BOOK_HABIT.finditer(text))


def _whole_words(text: str, start: int, end: int) -> tuple[int, int]:
    """The hit ``text[start:end]`` without the punctuation it holds at its edges, widened to
    the whole words it cuts (a word's letters end where a count of pages is joined to them:
    :func:`_page_count_joined`): the span whose neighbours :func:`stands_alone` reads."""
    while end > start and not in_word(text[end - 1]):
        end -= 1
    while start < end and not in_word(text[start]):
        start += 1
    start = word_start(text, start)
    while end < len(text) and in_word(text[end]) and not _page_count_joined(text, end):
        end += 1
    return start, end


def _page_count_joined(text: str, at: int) -> bool:
    """True if a word's letters end at ``at`` and the book's count of pages that closes the
    entry is joined to them there (``_PAGE_COUNT_CLOSING_ENTRY``: "Publishing133 pp."): the
    title's last word ends there. Called by :func:`_whole_words`."""
    return (text[at].isdigit() and text[at - 1].isalpha()
            and _PAGE_COUNT_CLOSING_ENTRY.match(text, at) is not None)


def _unpunctuated_field_before(text: str, name: Optional[Span], start: int, end: int) -> bool:
    """True if the title ``text[start:end]`` (whole words) follows a field a style closes with
    no punctuation: the entry's year (``_YEAR_BEFORE``), the volume or the pages after the
    searched name's date, or the searched name (``name``) as a
    contribution's author, before a number, before "in" or as the entry's author field. Called
    by :func:`stands_alone`."""
    return bool(_YEAR_BEFORE.search(text, max(0, start - _LOOK_AROUND), start)
                or _volume_after_run_date(text, name, start, end)
                or _pages_after_run_date(text, name, start)
                or _named_contribution(text, name, start, end)
                or _number_after_name(text, name, start) or _book_after_in(text, name, start)
                or _author_field_before(text, name, start))


def _unpunctuated_field_after(text: str, name: Optional[Span], start: int, end: int) -> bool:
    """True if the word right after the title ``text[start:end]`` (whole words) opens what a
    style prints there with no punctuation: the next field (``run_on_fields.NEXT_FIELD``), a
    volume closing the entry, a bare number before the next entry's opening
    (``_NUMBER_CLOSING_ENTRY``: a volume, a page's number), the book's count of pages closing
    the entry (``_PAGE_COUNT_CLOSING_ENTRY``), or before its bracketed place and year closing it
    (``_NUMBER_THEN_BRACKETED_YEAR_CLOSING_ENTRY``), a chapter's "in" and its book up to the
    chapter's pages, or up to the entry's end in a list that prints chapters so
    (:func:`_chapter_book_at`), the next entry's author run
    printed as this one's, the author's name again as the publisher, or the next entry's names
    joined by slashes. Called by :func:`stands_alone`."""
    return bool(NEXT_FIELD.match(text, end) or VOLUME_CLOSING_ENTRY.match(text, end)
                or _chapter_book_at(text, end)
                or _NUMBER_CLOSING_ENTRY.match(text, end)
                or _PAGE_COUNT_CLOSING_ENTRY.match(text, end)
                or _NUMBER_THEN_BRACKETED_YEAR_CLOSING_ENTRY.match(text, end)
                or next_entry_as_this(text, name, start, end) or name_again(text, name, end)
                or _SLASHED_NAMES_AFTER.match(text, end))


def _volume_after_run_date(text: str, name: Optional[Span], start: int, end: int) -> bool:
    """True if the title ``text[start:end]`` (whole words) follows its entry's volume, printed
    bare right after the date of the searched name's author run, perhaps with its page or pages
    (``name``: where it is printed; ``_VOLUME_AFTER_RUN_DATE``), and the title's full stop
    closes the entry (``_CLOSING_FULL_STOP``, perhaps after the book's count of pages): a style
    that prints the volume before the title and no journal's name, the date closed by a full
    stop or a comma or bracketed ("Okafor, Ngozi. 2011. 12 Harbour Silt Budgets. Lindqvist, K.
    2003.", "Okafor, N. (2011) 12 Harbour Silt Budgets. 212pp.", "Okafor, N. (2011) 12 44
    Harbour Silt Budgets."). A sentence puts no bare number between a year and its words, and
    a near miss lacking a title's last word has that word before the full stop. A title that
    opens with a number ("12 Angry Men") prints so too: a query lacking that number is read as
    this title. Called by :func:`_unpunctuated_field_before`."""
    return (name is not None
            and _VOLUME_AFTER_RUN_DATE.fullmatch(text, name[1], start) is not None
            and _CLOSING_FULL_STOP.match(text, end) is not None)


def _pages_after_run_date(text: str, name: Optional[Span], start: int) -> bool:
    """True if the title at ``start`` (whole words) follows the searched name's run (``name``:
    where it is printed), its year closed by a colon and the pages or a page range
    (``_PAGES_AFTER_RUN_DATE``: der-moderne-staat, "Okafor, Ngozi, 1981: 73–100 Harbour
    Walls, Bergen: Fjord."). Unlike a bare volume (:func:`_volume_after_run_date`) the title's
    own close is left to the word after it: a page range after a year's colon is no
    sentence's. Called by :func:`_unpunctuated_field_before`."""
    return (name is not None
            and _PAGES_AFTER_RUN_DATE.fullmatch(text, name[1], start) is not None)


def _named_contribution(text: str, name: Optional[Span], start: int, end: int) -> bool:
    """True if the searched name (``name``: where it is printed) stands right before the title
    ``text[start:end]`` (whole words), only a blank or the author list's further surnames
    joined by slashes between (``_SLASHED_NAMES_BEFORE``), and the title is closed by the mark
    of a contribution's container ("Zukofsky Sincerity and Objectification, in: Poetry 1931",
    "Schmaltz / Tucker-Smith Little Higgs review, in: Ann. Rev."): a style that prints the
    surnames alone and no punctuation after them. Both the author list and the container
    bound the words, which in a sentence are neither after a name nor before "in:". Called
    by :func:`stands_alone`."""
    return (name is not None and _CONTAINER_AFTER.match(text, end) is not None
            and _SLASHED_NAMES_BEFORE.fullmatch(text, name[1], start) is not None)


def _book_after_in(text: str, name: Optional[Span], start: int) -> bool:
    """True if the title at ``start`` (whole words) follows "in" right after the author run
    of the searched name (``name``: where it is printed), each surname after its initials
    (``_INITIALS_BEFORE_NAME``, ``_NAMES_THEN_IN``): a style that prints a book's title as a
    container, so the author field ends with "in" ("[15] P. Baines, A. Haslam, in Type and
    Typography; Laurence King, 2005."). The word "in" is the field's mark there, not a word
    of a sentence; the title's end still needs its own mark. Called by :func:`stands_alone`."""
    return (name is not None and _NAMES_THEN_IN.fullmatch(text, name[1], start) is not None
            and _INITIALS_BEFORE_NAME.search(text, max(0, name[0] - _LOOK_AROUND), name[0])
            is not None)


def _number_after_name(text: str, name: Optional[Span], start: int) -> bool:
    """True if the title at ``start`` (whole words) opens with a number (a year, a range of
    years: "2013-14 Migration Program", "1948 Constitution") and the searched name (``name``:
    where it is printed) stands right before it, only a blank between: a style that prints an
    organisation's name and its title with no punctuation. A name holds no digits, so the
    number is where the author field ends, as a date before a title is (``_YEAR_BEFORE``).
    Called by :func:`stands_alone`."""
    return (name is not None and text[start:start + 1].isdigit()
            and name[1] == start - 1 and text[name[1]] == " ")


def _author_field_before(text: str, name: Optional[Span], start: int) -> bool:
    """True if the searched name (``name``: where it is printed) stands right before the title
    at ``start`` (whole words), only a blank between, and is its entry's author field: the
    entry's number opens the entry right before it (``_ENTRY_NUMBER_BEFORE``: "25. HPG Dredging
    in Figures, Harbour Pilots Guild, 2012.", "(25) HPG Dredging in Figures.", a superscript's
    bare digits after the entry before: "...2011. 25 HPG Dredging in Figures"), or the entry's
    author and date, the same name, stand right before it ("Harbour Pilots Guild 2011, Harbour
    Pilots Guild Dredging Plan, [s.l.]."): styles that print an organisation and its title with
    no punctuation between. In a sentence a name is neither at an entry's opening nor printed
    twice around its date. The title's end still needs its own mark. Called by
    :func:`stands_alone`."""
    if name is None or name[1] != start - 1 or text[name[1]] != " ":
        return False
    before = text[max(0, name[0] - _LOOK_AROUND):name[0]]
    if _ENTRY_NUMBER_BEFORE.search(before):
        return True
    own = re.escape(text[name[0]:name[1]])
    return re.search(rf"(?<![^\W_]){own} \(?{YEAR_DIGITS}[a-z]?\)?,? $", before) is not None
