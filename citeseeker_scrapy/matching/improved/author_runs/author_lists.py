"""How far the author list a name is in reaches, and what ends it.

An author list shows as separators close together: commas, or the slashes, full stops,
semicolons and dashes some styles print between names; a piece that is no name (a title's colon,
a sentence end, pages) ends it, and in author-year styles so does the year after its last names
("..., de magalhaes jp. 2015."). Also where a name of a run starts and whether a full stop ends
one. Read by ``windows`` (how far a search region reaches), ``entry_numbers``, ``ditto_entries``,
``attribution``, ``title_first`` and ``bare_surnames`` (where the searched name starts).
"""

from __future__ import annotations

import re
from typing import Optional

from ..grammar.content_words import FUNCTION_WORDS, SHORT_FUNCTION_WORDS
from ..grammar.entry_grammar import (
    YEAR, AFTER_VENUE, WORD_SENTENCE_END, PAGES, NUMBER_AFTER_YEAR, QUOTE,
)
from ..grammar.name_grammar import (
    GIVEN_NAMES_ONLY, LAST_AUTHOR, NAME_BEFORE_FULL_STOP, PARENTHESES, CORPORATE_AUTHOR,
    NAMES_JOINED_BY_AND, NAME, NAMES_WITHOUT_COMMAS, NAMES_WITHOUT_COMMAS_AFTER_GIVEN_NAME,
)
from ..text.headers import INTERRUPTION, running_headers
from ..text.per_text_cache import kept_per_text

LIST_WINDOW = 200  # characters in which an author list shows as dense commas
LIST_COMMAS = 8  # that many commas in LIST_WINDOW characters: maybe an author list
NAME_PIECE = 40  # longest comma-separated piece of an author list ("and madeleine van zuylen")
_MAX_LIST_COMMAS = 100  # an author list is followed for at most this many names
_LIST_RESUMES = 3  # close commas after a longer gap: the author list goes on
#: Up to ``LIST_COMMAS`` commas right after a name, each within ``NAME_PIECE`` characters of
#: the one before: :func:`_close_commas_after`.
_CLOSE_COMMAS_AFTER = re.compile(rf"(?:[^,]{{0,{NAME_PIECE}}},){{1,{LIST_COMMAS}}}")
_NAME_JOINERS = "-'\u2019"  # join the pieces of one surname: "ter-avest", "dell'orto"
#: Besides a comma, what some styles print between the names of an author list: a slash
#: before a name ("m. kanakidou/j. h. seinfeld/s. n. pandis", "kanakidou, m./seinfeld, j. h."),
#: also with a blank on each side ("forsman / anthony / dugger", and after a page counter:
#: "... paper.html 1/3 / snetsinger"; not a venue's double slash, "title // journal"), or the
#: full stop after a name's last initial where each name is "Surname I I" and the next one
#: follows so ("forsman e d. anthony r g. dugger k m."). Not a slash in an address
#: ("doi.org/10.5194/acp", "example.com/index.html": no blank after the word that follows).
#: Each pattern opens with its character, which the regular expression engine looks for first.
_SLASH_SEPARATOR = re.compile(
    rf"/(?:(?<=[^\W\d_.]/|\./)|(?<=[^\W_.] /|\. /)) ?(?={NAME}[.,]? )")
_FULL_STOP_SEPARATOR = re.compile(
    r"\. (?<=(?<![^\W_])[^\W\d_]\. )(?=[^\W\d_][\w'\u2019-]+(?: [^\W\d_]){1,3}[. ])")
#: A semicolon after a name's last word or initial and before the next name, where a style
#: separates names so and writes each with one comma or none ("forsman, e. d.; r. g. anthony;
#: k. m. dugger;"), or a hyphen or a dash with a blank on each side ("e. d. forsman - r. g.
#: anthony - k. m. dugger", "e. d. forsman – r. g. anthony", deutsches-archaologisches-
#: institut; not a hyphen inside a word, "preuss-lausitz"), the next name perhaps opened by
#: its initials joined ("m. kanakidou - j.h. seinfeld - c.e.l. myhre", polygraphia): too few
#: commas for a list.
_SEMICOLON_SEPARATOR = re.compile(rf";(?<=[^\W\d_];|\.;) (?={NAME}[.,]? )")
_NAME_DASH = r"[-\u2013\u2014]"  # a hyphen, an en dash or an em dash between two names
_DASH_SEPARATOR = re.compile(
    rf"{_NAME_DASH}(?<=[^\W\d_] {_NAME_DASH}|\. {_NAME_DASH}) "
    rf"(?={NAME}[.,]? |(?:[^\W\d_]\.){{2,3}} ?{NAME})")
_SPARSE_SEPARATORS = (_SLASH_SEPARATOR, _FULL_STOP_SEPARATOR)  # one or two count
_MARKED_SEPARATORS = (_SEMICOLON_SEPARATOR, _DASH_SEPARATOR)  # ``_SEPARATED_LIST`` count
_OTHER_SEPARATORS = (*_SPARSE_SEPARATORS, *_MARKED_SEPARATORS)
_SEPARATED_LIST = LIST_COMMAS // 2  # semicolons or dashes that tell a list printed with them
_EMPTY_FIELD_COLON = re.compile(r": ?[;,]")  # "kanakidou, m.: ; seinfeld, j.h.: ;"
#: A word of an author run, as a function word is looked up: not an initial, its full stop right
#: after it ("a. kowalczyk" holds no article).
_RUN_WORD = re.compile(r"[^\W\d_]+(?![^\W\d_]|\.)")


def author_list_start(text: str, name: int) -> int:
    """Where the author list a name is in starts: commas at most ``NAME_PIECE`` apart, back
    from the name. A title-first entry's title lies before its list, which may be long (the
    19th of 23 names, 300 characters after the title)."""
    position = name
    for _ in range(_MAX_LIST_COMMAS):
        comma = text.rfind(",", max(0, position - NAME_PIECE - 1), position)
        if comma < 0 or _not_a_name(text, comma + 1, position):
            break
        position = comma
    return position


@kept_per_text
def through_author_list(text: str, end: int, length: int) -> int:
    """``length`` after the name, or after the end of the author list the name is in.

    A list of names shows as commas close together ("keane m, semeiks j, webb ae, ...");
    :func:`author_list_end` follows them. A year with a full stop after names ("..., de
    magalhaes jp. 2015.") ends the list of author-year styles: the title follows it, before
    the next year.
    """
    if not in_long_list(text, end):
        return end + length  # no list: the common case
    list_end = author_list_end(text, end)
    year = _list_end_year(text, end, list_end + length)
    if year is None:
        return list_end + length
    following = year_span(text, year, year + length)
    return year + length if following is None else following[1]


def in_long_list(text: str, end: int) -> bool:
    """True if the name ending at ``end`` is in an author list the window after it shows:
    ``LIST_COMMAS`` separators of names in the ``LIST_WINDOW`` after it
    (:func:`dense_separators`), or a long list that a page break cuts after it
    (:func:`_list_across_header`). Called by ``windows`` for every name of a document (how far
    its search region reaches) and by :func:`through_author_list`: most names are in no list,
    so the commas and slashes after the name, counted in C, are counted once for both tests,
    each of which reads on only where they leave it possible."""
    stop = end + LIST_WINDOW
    commas = text.count(",", end, stop)
    if commas >= LIST_COMMAS:
        return True
    slashes = text.count("/", end, stop)
    if _dense_beyond_commas(text, end, stop, commas, slashes):
        return True
    before = max(0, end - LIST_WINDOW)
    separators_before = text.count(",", before, end) + text.count("/", before, end)
    if commas + slashes + separators_before < LIST_COMMAS:
        return False  # no long list around the name: the common case
    return _list_across_header(text, end, separators_before)


def _list_across_header(text: str, end: int, separators_before: int) -> bool:
    """True if the name ending at ``end`` is inside a long author list that a page break
    cuts after it: a running header (``headers.running_headers``) lies in the
    ``LIST_WINDOW`` after it, and the list holds ``LIST_COMMAS`` names before the name
    (commas or slashes: :func:`names_before`; "..., Herter, D. R.; Higley, J. M.; Horn, R.
    B.; | date, document title, address, page counter | Schaberl, J.; ...", "... / Gremel /
    Herter | date, ... | / Higley / ...") or that many before it and after it up to the
    header ("Kanakidou M. , ... , Facchini M. C. , Van Dingenen R. , ... , Nielsen C. J. , |
    date, ... | Swietlicki E. , ..."). The header's words take the window's room, so the
    separators after the name are too few for a list, and the title lies further than the
    name's reach. ``separators_before``: the commas and slashes in the ``LIST_WINDOW``
    before the name. Called by :func:`in_long_list` where the commas and slashes on both
    sides of the name are ``LIST_COMMAS`` or more (either side alone holds no more where no
    long list stands around it); the headers are read only for a name with a long list's
    names before it or around it (:func:`_long_list_around`)."""
    if not ((separators_before >= LIST_COMMAS and names_before(text, end) >= LIST_COMMAS)
            or _long_list_around(text, end)):
        return False
    return bool(running_headers(text, end, end + LIST_WINDOW))


def _long_list_around(text: str, end: int) -> bool:
    """True if the names of its list before the name ending at ``end`` (:func:`names_before`)
    and the close commas right after it are ``LIST_COMMAS`` together: a name early in a long
    list. The close commas on both sides (:func:`_close_commas_after`,
    :func:`_close_commas_before`) are counted first, cheaply: an entry's own few names, its
    other fields far after them, leave fewer. Called by :func:`_list_across_header`."""
    after = _close_commas_after(text, end)
    if after + _close_commas_before(text, end) < LIST_COMMAS:
        return False
    return after + names_before(text, end) >= LIST_COMMAS


def _close_commas_after(text: str, end: int) -> int:
    """How many commas follow ``end``, each within ``NAME_PIECE`` of the one before, up to
    ``LIST_COMMAS`` (``_CLOSE_COMMAS_AFTER``, one match in C): the names of a list after a
    name, and those of a running header that cuts it, as a page break prints them. Called
    by :func:`_long_list_around`."""
    run = _CLOSE_COMMAS_AFTER.match(text, end)
    return 0 if run is None else run.group().count(",")


def _close_commas_before(text: str, end: int) -> int:
    """How many commas precede ``end``, each within ``NAME_PIECE`` of the one after, up to
    ``LIST_COMMAS``: the names of a list before a name. Called by
    :func:`_long_list_around`."""
    count, position = 0, end
    while count < LIST_COMMAS:
        position = text.rfind(",", max(0, position - NAME_PIECE - 1), position)
        if position < 0:
            break
        count += 1
    return count


def names_before(text: str, name: int) -> int:
    """How many names of its author list stand before the name ending at ``name``: the
    commas back to the list's start (:func:`author_list_start`), or in a list that
    separates its names by slashes (:data:`_SLASH_SEPARATOR`: "forsman / anthony /
    dugger"), those slashes, each at most ``NAME_PIECE`` from the next. Called by
    :func:`_list_across_header` and :func:`_past_interruption`, for a name a page break
    may cut off from its title."""
    commas = text.count(",", author_list_start(text, name), name)
    if commas >= LIST_COMMAS:
        return commas
    slashes, position = 0, name
    for _ in range(_MAX_LIST_COMMAS):
        slash = text.rfind("/", max(0, position - NAME_PIECE - 1), position)
        if slash < 0 or _SLASH_SEPARATOR.match(text, slash) is None:
            break
        slashes, position = slashes + 1, slash
    return max(commas, slashes)


@kept_per_text
def author_list_end(text: str, start: int) -> int:
    """Where the commas of an author list stop being at most ``NAME_PIECE`` apart.

    A piece that is no name ends the list (short titles and venues have commas close
    together too; so do the pages, "pp. 64-79,", of a style with commas only). One longer
    gap is passed over if at least ``_LIST_RESUMES`` close commas follow it: a footnote or a
    running header that extraction put inside a long author list (:func:`_past_interruption`).
    """
    position, interruptions = start, 1
    for seen in range(_MAX_LIST_COMMAS):
        comma = _next_separator(text, position, position + NAME_PIECE + 1)
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


def dense_separators(text: str, start: int, stop: int) -> bool:
    """True if ``text[start:stop]`` holds ``LIST_COMMAS`` separators of names: its commas, and
    where they are too few for a list, the slashes and full stops some styles separate names
    with, and their semicolons or dashes where a list prints at least ``_SEPARATED_LIST`` of
    them (:data:`_OTHER_SEPARATORS`): a semicolon or two also join the names of a short run to
    the commas of the entry before ("...(rpt. in poulton, 1908a.) barfuss, s.l.; johnson,
    m.c.; & nielsen, m.a., 2011.": no list from "poulton" on). Called where a list is told by
    dense separators (``ditto_entries``; :func:`in_long_list`, which counts the commas and
    slashes itself)."""
    commas = text.count(",", start, stop)
    return commas >= LIST_COMMAS or _dense_beyond_commas(
        text, start, stop, commas, text.count("/", start, stop))


def _dense_beyond_commas(text: str, start: int, stop: int, commas: int, slashes: int) -> bool:
    """:func:`dense_separators` for a window with fewer than ``LIST_COMMAS`` ``commas`` and
    ``slashes`` slashes. Each separator's pattern is run only where the characters it opens
    with are there, and the semicolons and dashes only where they can be ``_SEPARATED_LIST``
    (counts in C: a reference list's every name is asked)."""
    stops, semicolons = text.count(". ", start, stop), text.count(";", start, stop)
    hyphens = text.count(" - ", start, stop)
    if commas + slashes + stops + semicolons + hyphens < LIST_COMMAS:
        return False
    separators = commas + (slashes and len(_SLASH_SEPARATOR.findall(text, start, stop))) + (
        stops and len(_FULL_STOP_SEPARATOR.findall(text, start, stop)))
    return separators >= LIST_COMMAS or separators + _marked_separators(
        text, (start, stop), hyphens) >= LIST_COMMAS


def _marked_separators(text: str, window: tuple[int, int], hyphens: int) -> int:
    """The semicolons and dashes between names in ``text[start:stop]`` (``window``;
    ``_MARKED_SEPARATORS``), 0 where they are fewer than ``_SEPARATED_LIST``: each is printed
    with a blank after it (a dash with one before it too), so where those prints are fewer,
    the patterns are not run. ``hyphens``: the window's hyphens between blanks, which
    :func:`_dense_beyond_commas` counted. Called by :func:`_dense_beyond_commas`."""
    start, stop = window
    dashes = text.count(" \u2013 ", start, stop) + text.count(" \u2014 ", start, stop)
    if text.count("; ", start, stop) + hyphens + dashes < _SEPARATED_LIST:
        return 0
    marked = (len(_SEMICOLON_SEPARATOR.findall(text, start, stop))
              + len(_DASH_SEPARATOR.findall(text, start, stop)))
    return marked if marked >= _SEPARATED_LIST else 0


def _next_separator(text: str, start: int, stop: int) -> int:
    """Where the first separator of names (a comma, or a slash, a full stop, a semicolon or a
    dash of :data:`_OTHER_SEPARATORS`) in ``[start, stop)`` is, or -1. Called by
    :func:`author_list_end`, and past a gap in the list by :func:`_past_interruption`."""
    comma = text.find(",", start, stop)
    before = stop if comma < 0 else comma
    others = [match.start() for match in (separator.search(text, start, before)
                                          for separator in _OTHER_SEPARATORS) if match]
    return min(others) if others else comma


def _past_interruption(text: str, start: int, position: int, seen: int) -> int:
    """The separator of names (a comma, a slash: :func:`_next_separator`) after the gap at
    ``position`` in the author list followed from a name ending at ``start`` (``seen`` names
    after it so far), if the list goes on past the gap, else -1. Only inside a long list:
    after a short one the gap is the rest of its entry, and the close separators are the
    next entry's authors. Past ``LIST_COMMAS`` names after
    the name, any gap (a footnote); with the list's names before the name counted, only a
    running header (``headers.running_headers``): a page break right after the searched
    name or a few names later ("..., ERVENS, B., | date, document title, address, page
    counter | NENES, A., ...", "... / schaberl | date, ..., page counter | / snetsinger /
    ..."; the names before counted by :func:`names_before`), where the list goes on and
    its title lies further than the name's reach. Called by :func:`author_list_end`."""
    comma = _next_separator(text, position, position + INTERRUPTION)
    if comma < 0 or not _close_separators_follow(text, comma + 1):
        return -1
    if seen >= LIST_COMMAS:
        return comma
    if seen + names_before(text, start) >= LIST_COMMAS and running_headers(text, position,
                                                                            comma):
        return comma
    return -1


def _not_a_name(text: str, start: int, end: int) -> bool:
    """True if the piece between two commas cannot be (part of) a name: it holds a colon a
    word follows (:func:`_field_colon`), a double quote (a quoted title: 'a. 2007, "Photon
    mass destroyed by vortices," '), a sentence end ("h.: topic web. in: proc. of dexa,") or
    pages ("pp. 64-79. visser,"), as a short title and venue do."""
    return (_field_colon(text, start, end)
            or QUOTE.search(text, start, end) is not None
            or WORD_SENTENCE_END.search(text, start, end + 1) is not None
            or PAGES.search(text, start, end) is not None
            or NUMBER_AFTER_YEAR.search(text, start, end + 1) is not None)


def _field_colon(text: str, start: int, end: int) -> bool:
    """True if ``text[start:end]`` holds a colon a word follows, as a title's or a venue's
    does; not the colon of an empty field that some styles print after each name, right
    before the separator of the next one ("kanakidou, m.: ; seinfeld, j.h.: ; ..."). Called
    by :func:`_not_a_name`."""
    colon = text.find(":", start, end)
    while colon >= 0:
        if _EMPTY_FIELD_COLON.match(text, colon) is None:
            return True
        colon = text.find(":", colon + 1, end)
    return False


def _close_separators_follow(text: str, position: int) -> bool:
    """True if ``_LIST_RESUMES`` separators of names (:func:`_next_separator`) follow, each
    within ``NAME_PIECE`` of the last."""
    for _ in range(_LIST_RESUMES):
        comma = _next_separator(text, position, position + NAME_PIECE + 1)
        if comma < 0:
            return False
        position = comma + 1
    return True


def _list_end_year(text: str, name_end: int, high: int) -> Optional[int]:
    """The end of the first "2015." in ``[name_end, high)`` that closes an author list."""
    year = year_span(text, name_end, high)
    while year is not None:
        if ends_author_list(text, name_end, year[0]):
            return year[1]
        year = year_span(text, year[1], high)
    return None


def ends_author_list(text: str, name_end: int, year: int) -> bool:
    """True if the last two comma-separated pieces before a year are short, like names ("...,
    and oren etzioni. 2018."), not like a title or venue ("...machine intelligence, 19 (4):
    380–393, 2002.": the year then ends the entry), and the year does not follow a venue.
    """
    if GIVEN_NAMES_ONLY.fullmatch(text, name_end, year) or LAST_AUTHOR.search(
            text, max(name_end, year - NAME_PIECE), year) or _names_without_commas(
            text, name_end, year):
        return True  # "dupont, marcelle, 2012.", "...; & mathworks, 1998.": names, then the year
    if AFTER_VENUE.search(text, max(name_end, year - 8), year):
        return False  # "kwame fiala. journal of the web, 2024."
    if _bracketed_after_full_stop(text, year) and not any(map(str.isdigit,
                                                               text[name_end:year])):
        return True  # "..., programa de las naciones unidas. (1997).": organisations, APA's date
    return all(len(piece.strip()) <= NAME_PIECE or CORPORATE_AUTHOR.fullmatch(piece.strip())
               or NAMES_JOINED_BY_AND.fullmatch(piece.strip())
               for piece in _last_pieces(text, name_end, year))


def _names_without_commas(text: str, name_end: int, year: int) -> bool:
    """True if the author run after a name ending at ``name_end`` goes on to the year at
    ``year`` with no comma between its names (``NAMES_WITHOUT_COMMAS``: "Fritz, Thomas Elaine
    M. Huang Gail C. Murphy und Thomas Zimmermann. 2014."; and after the first name's one
    given name and its full stop, ``NAMES_WITHOUT_COMMAS_AFTER_GIVEN_NAME``: "Gonzalez
    Roberto. Angel Cuevas Ruben Cuevas y Carmen Guerrero (2011).") and none of its persons'
    words is a function word of a title ("Lindqvist, Karin Trade of the towns of Lubeck und
    Riga. 2013." is a title its year closes); an organisation that closes the run has its
    own ("...P.J. Hancox and the members of the Kgagodi Basin Group. 2000."). Called by
    :func:`ends_author_list`."""
    run = (NAMES_WITHOUT_COMMAS.fullmatch(text, name_end, year)
           or NAMES_WITHOUT_COMMAS_AFTER_GIVEN_NAME.fullmatch(text, name_end, year))
    if run is None:
        return False
    words = [word for group in (1, 2) if run.group(group) is not None
             for word in _RUN_WORD.findall(text, run.start(group), run.end(group))]
    return not any(word in SHORT_FUNCTION_WORDS or word in FUNCTION_WORDS for word in words)


def given_name_stop_in_run(text: str, name_end: int, limit: int) -> bool:
    """True if the full stop after the one given name that follows the surname ending at
    ``name_end`` is inside its author run: the run goes on given names first with no comma up
    to its date in brackets before ``limit`` (:func:`_names_without_commas`, "Gonzalez
    Roberto. Angel Cuevas Ruben Cuevas y Carmen Guerrero (2011). Title"), as a style prints
    a run whose first name alone is inverted. An entry's end there would have its title and
    venue between the name and the full stop. Called by ``entries_between.sentence_ends``."""
    year = year_span(text, name_end, limit)
    return (year is not None
            and NAMES_WITHOUT_COMMAS_AFTER_GIVEN_NAME.fullmatch(text, name_end, year[0])
            is not None and _names_without_commas(text, name_end, year[0]))


def _bracketed_after_full_stop(text: str, year: int) -> bool:
    """True if the year at ``year`` is in brackets right after a full stop ("... Pública.
    (1997)."): APA's date after its author run, which may be organisations with long names
    (called by :func:`ends_author_list` when no digit precedes it in the run)."""
    opening = year if text.startswith("(", year) else year - 1
    return text.startswith("(", opening) and text.endswith(". ", 0, opening)


def _last_pieces(text: str, name_end: int, year: int) -> list[str]:
    """The last two pieces before a year, split at commas, semicolons (";" separates
    names too: "Command, Pacific; and Environmental Protection Agency, ...") and the slashes
    between names (:data:`_SLASH_SEPARATOR`: "... / strand / toll (2005)"), parentheses
    left out: an organisation's expansion or acronym is part of its name ("CIDEHUM
    (International Centre for the Human Rights of Migrants), 2012.")."""
    run = _SLASH_SEPARATOR.sub(",", PARENTHESES.sub("", text[name_end:year])).replace(";", ",")
    return [piece for piece in run.split(",") if piece.strip()][-2:]


def year_span(text: str, start: int, stop: int) -> Optional[tuple[int, int]]:
    """The first "2015."-like year in ``[start, stop)``, not the end of a longer number nor of
    a code ("ASTM. 2012. F2927. Standard test method": a standard's or a report's number)."""
    match = YEAR.search(text, start, stop)
    while match is not None and match.start() > 0 and text[match.start() - 1].isalnum():
        match = YEAR.search(text, match.start() + 1, stop)
    return None if match is None else match.span()


def name_start(text: str, at: int) -> int:
    """Where the name whose letters run up to or through ``at`` starts, with the pieces a
    hyphen or an apostrophe joins to it (:func:`_joined_name_start`)."""
    while at > 0 and text[at - 1].isalpha():
        at -= 1
    return _joined_name_start(text, at)


def ends_a_name(text: str, word: int) -> bool:
    """True if the word with a full stop at ``word`` ends a name of an author run
    (``NAME_BEFORE_FULL_STOP``), so that it ends no sentence. The name is read from its
    first piece when a hyphen or an apostrophe joins it ("k. ter-avest. ", "b. dell'orto. ",
    "y. ito-oka. ": the word with the full stop is its last piece)."""
    word = _joined_name_start(text, word)
    return NAME_BEFORE_FULL_STOP.search(text, max(0, word - NAME_PIECE), word) is not None


def _joined_name_start(text: str, word: int) -> int:
    """Where the name whose last piece starts at ``word`` starts: back over the pieces a
    hyphen or an apostrophe joins to it."""
    while word >= 2 and text[word - 1] in _NAME_JOINERS and text[word - 2].isalpha():
        word -= 1
        while word > 0 and text[word - 1].isalpha():
            word -= 1
    return word
