"""A co-author printed as a bare surname at the end of an author run, right before the title.

Some styles print a co-author with no given names and no full stop after the surname, so the
surname stands where a title's first word would ("Morey; Dukhovskoy Analysis ...", "McHugh,
C.M.G., Snyder, S.W., Miller Upper ..."). The run's separators (semicolons) or the entry's
neighbours (titles after the last initials' full stop) tell that word from the title's own.
The patterns of those shapes and the reading of them, called by ``verify``.
"""

from __future__ import annotations

import re
from functools import partial
from typing import Callable, Iterator, Optional

from ...word_edges import PrintedCase
from .author_lists import NAME_PIECE, name_start
from .author_run_ends import capital_initials, initials_in_capitals
from ..grammar.content_words import FUNCTION_WORDS, SHORT_FUNCTION_WORDS
from ..grammar.entry_grammar import LEGAL_FORM_WORD
from ..grammar.name_grammar import AND_WORD, GENERATIONAL_SUFFIXES, NAME, UNPUNCTUATED_INITIALS
from ..text.per_text_cache import kept_per_text

#: The rest of an author run after a surname, up to its title, where the run separates its
#: names by semicolons and prints a co-author with no given names as a bare surname, with no
#: full stop before the title ("morey; dukhovskoy Title", "bereni; alii Introduction", "morey,
#: s.l.; lee, k.; dukhovskoy Title", "okafor, b.n.; lindqvist; marchetti Title"): the surname's
#: own initials, the run's further names (inverted with their initials, or bare surnames),
#: then the last bare surname and the blank before the title.
_JOINED_INITIALS = r"(?:[^\W\d_]\.[ -]?){0,2}[^\W\d_]\."  # "s.", "s.l.", "j.-p.", "s. k."
BARE_SURNAME_ENDS_RUN = re.compile(rf"(?:,? {_JOINED_INITIALS})?"
                                   rf"(?:; {NAME}(?:,? {_JOINED_INITIALS})?)*; {NAME} ")
#: Two inverted names with their initials joined by a semicolon ("morey, s.l.; dukhovskoy, d.",
#: "bereni, l.; chauvin, s."): a reference list that separates the names of a run so.
SEMICOLON_BETWEEN_NAMES = re.compile(rf"(?<![^\W_]){NAME},? {_JOINED_INITIALS}; {NAME},? "
                                     r"[^\W\d_]\.")
#: The same rest of a run where the run separates its names by commas ("mchugh, c.m.g., snyder,
#: s.w., miller Upper ...", "queija, a., berta Los ..."): the searched surname's own initials or
#: further inverted names with theirs, each after a comma, then the bare surname and the blank
#: before the title. A style that prints a comma before its titles prints the same
#: ("ginzburg, c., threads and ..."): :func:`_bare_surname_after_comma` reads it so only beside
#: entries that print their titles after the last initials' full stop.
_INVERTED_NAME = rf"{NAME},? {_JOINED_INITIALS}"
BARE_SURNAME_AFTER_COMMA = re.compile(rf"(?:,? {_JOINED_INITIALS}(?:, {_INVERTED_NAME})*"
                                      rf"|(?:, {_INVERTED_NAME})+), ({NAME}) ")
#: A run's last name inverted with a comma and its initials, after a comma, a full stop or an
#: entry's number, then a blank and two words, the first no initial, no surname with its
#: initials and not the word for "and", the second not the word for "and" before a further
#: name: an entry printed with its title right after the last initials' full stop ("corbella,
#: j. effects of ...", "bozon, m. demographie et sexualite", "coffey, w.j. multimodalism and
#: the"; not "storer, and r. w. smith", "in a. poole", "bioassays, a. l. buikema, jr." nor
#: "norberg, g. d. peterson et r.").
_NO_FURTHER_NAME = rf"(?![^\W\d_]\.)(?!{_INVERTED_NAME}[ ,;])"
TITLE_AFTER_INITIALS = re.compile(
    rf"(?:^|(?<=[,.\]] )){NAME}, {_JOINED_INITIALS} (?!{AND_WORD} ){_NO_FURTHER_NAME}"
    rf"[^\W\d_]+ (?!{AND_WORD} (?:[^\W\d_]\.|{_INVERTED_NAME}))[^\W\d_]")
#: The same with a comma between the last initials and a word or an opening quote that opens no
#: further name (nor "and" before one): an entry printed with a comma before its title
#: ("ginzburg, c., threads and ...", "banks, t., a critique ...", "lambert, d., \u2018robots
#: autonomes ..."), or one with a bare co-author after its initials. Not a company's legal
#: form after the comma (``entry_grammar.LEGAL_FORM_WORD``): an organisation's name printed
#: as an inverted one ("tech, e., inc work plan ..."), whose comma is the name's own.
COMMA_AFTER_INITIALS = re.compile(
    rf"(?<![^\W_]){_INVERTED_NAME}, (?!{AND_WORD} (?:[^\W\d_]\.|{_INVERTED_NAME}))"
    rf"(?!{LEGAL_FORM_WORD}(?![^\W_])){_NO_FURTHER_NAME}(?:[^\W\d_]|[\"'\u2018\u201c\u00ab])")

#: The rest of an author run after a surname where a style prints each name's initials with
#: no full stop (``name_grammar.UNPUNCTUATED_INITIALS``) and the run's last name is a
#: co-author's bare surname after a comma (group 1), then the blank before the title (" fa,
#: bunting ja, cina se, yarrabubba Western ..."): read so only where the initials are printed
#: in capitals and the entry's neighbours print their titles right after their initials.
BARE_SURNAME_AFTER_UNPUNCTUATED = re.compile(
    rf"{UNPUNCTUATED_INITIALS}(?:, {NAME}(?: {NAME})?{UNPUNCTUATED_INITIALS}){{0,5}}, ({NAME}) ")
#: A run's last name with its initials printed so (group 1), after a comma, a full stop, a
#: bracket or an entry's number, then the title's first word, of two letters or more and not
#: the word for "and", perhaps after a full stop that closes the run ("(24) prengel a, meiss g
#: Geschlechterkonflikte", "wheaton h Elements", Vancouver's "(7) brown k, smith j. Other"): an
#: entry printed with its title right after the last initials. Such a run's last name printed
#: with no initials has no full stop either ("(8) amico l, osterloh a, vedral Entanglement"):
#: the full stop is the initials'. Lower case cannot tell initials from a short word ("...).
#: the us army"): the capitals are read too (group 2 the title's first letter). The title may
#: open with an article elided before its apostrophe ("denis m L’homéopathie en ..."), and
#: the last initials may have a generational suffix joined to them ("mudrey mgjr The").
TITLE_AFTER_UNPUNCTUATED = re.compile(
    rf"(?:^|(?<=[,.\])] )){NAME}({UNPUNCTUATED_INITIALS}(?:{GENERATIONAL_SUFFIXES})?)\.? "
    rf"(?!{AND_WORD} )([^\W\d_])"
    r"(?:[^\W\d_]{0,3}['\u2019])?[^\W\d_]+")
#: The same initials (group 1) with a comma after them, then a word: a comma before the title
#: ("ginzburg c, Threads and ..."), or a further name when that word has initials after it
#: (group 2, perhaps hyphenated, perhaps the run's last with its full stop: "tversky a,
#: griffin d Endowments", "stern rj, sun c-h Basement", "brown k, smith j. Other"), or after
#: that word and a second one, a name of two words (group 3: "cassiago c, la paglia g,
#: pogliano u"), told by their capitals; not the word for "and" before a last name or "et al.".
#: The name opens a run as the entry's first (after its number, the entry before or the text's
#: start) or after a comma: not a journal's abbreviated words ("...Nucl Instrum Methods Phys
#: Res A, Accel Spectrom ...": "Res A" is no name).
#: The words and their initials are read ahead, each reading apart (the second word of "la
#: osei k" is no four initials), so that the further name's own comma is matched next ("osei
#: k, Salt"); a generational suffix may be joined to the initials
#: ("mclaughlin g, mchone jfjr Astronaut's"); a further name may join four initials ("iskandar
#: aa, hoekstra hjwm, tjia mo Performance": Dutch names print so).
_FURTHER_INITIALS = (rf"(?: [^\W\d_]{{2,4}}(?:{GENERATIONAL_SUFFIXES})?"
                     r"|(?: [^\W\d_](?:-[^\W\d_])?){1,3})[ ,.]")
COMMA_AFTER_UNPUNCTUATED = re.compile(
    rf"(?:^|(?<=[\d,.\])] )){NAME}({UNPUNCTUATED_INITIALS}), (?!{AND_WORD} )"
    rf"(?={NAME}({_FURTHER_INITIALS})?)(?:(?={NAME} {NAME}({_FURTHER_INITIALS})))?")


def bare_surname_ends_run(text: str, name_end: int, first: int,
                          printed: Optional[PrintedCase] = None,
                          lower_case_title: bool = False) -> bool:
    """True if only the rest of the author run of the name ending at ``name_end`` lies between
    it and a title's first word at ``first``, its last name a co-author's bare surname: after a
    semicolon (``BARE_SURNAME_ENDS_RUN``: "Morey; Dukhovskoy Analysis ..."), in a reference list
    that separates its names by semicolons (:func:`_semicolons_between_names`), or after a
    comma and a name's initials among neighbours that print their titles after the last
    initials' full stop (:func:`_bare_surname_after_comma`: "McHugh, C.M.G., Snyder, S.W.,
    Miller Upper ..."), or after the last initials with no punctuation
    (:func:`_bare_surname_after_unpunctuated`: "Macdonald FA, Cina SE, Yarrabubba Western
    ..."). A style that prints "Surname, I.; Surname, I. Title" or "Surname, I.,
    Surname, I. Title" prints a co-author with no given names so, with no full stop after the
    surname: the word is the run's, not the title's first word. Called by ``verify``, which
    then reads no word before the hit as the title's own (``printed``: the document's capitals,
    which the comma forms need; ``lower_case_title``: the query opens in lower case, as the
    print may, :func:`_bare_word_before_title`)."""
    if BARE_SURNAME_ENDS_RUN.fullmatch(text, name_end, first) is not None:
        return _semicolons_between_names(text)
    return printed is not None and (
        _bare_surname_after_comma(text, name_end, first, printed, lower_case_title)
        or _bare_surname_after_unpunctuated(text, name_end, first, printed, lower_case_title))


#: The name before a bare surname, ending right before it, with what a run prints between two
#: names (group 1 the name): its initials with no full stop and a comma ("lindqvist e, "), its
#: initials with their full stops and a comma ("snyder, s.w., "), or a semicolon ("morey; ").
_NAME_BEFORE_BARE = re.compile(rf"(?<![^\W_])({NAME})(?:{UNPUNCTUATED_INITIALS}, "
                               rf"|,? {_JOINED_INITIALS}, |(?:,? {_JOINED_INITIALS})?; )$")
_NAME_BEFORE_REACH = 60  # characters before a surname where the name before it is read


def bare_surname_closes_run(text: str, name: tuple[int, int], first: int,
                            printed: PrintedCase) -> bool:
    """True if the author run of the searched surname at ``text[name[0]:name[1]]`` ends right
    before a title's first word at ``first`` with a co-author's bare surname, as
    :func:`bare_surname_ends_run` reads it: after the searched name ("Okafor BN, Lindqvist E,
    Marchetti Salt marshes." for "Okafor"), or the searched name being that bare surname, read
    from the name before it (``_NAME_BEFORE_BARE``: the same entry for "Marchetti"). Who calls
    it: ``superset``, for a short title the word checks read as ordinary words after a word:
    the bare surname, not a word of a sentence, stands before it."""
    name_start, name_end = name
    if bare_surname_ends_run(text, name_end, first, printed):
        return True
    if text[name_end:first] != " ":
        return False
    before = _NAME_BEFORE_BARE.search(text, max(0, name_start - _NAME_BEFORE_REACH), name_start)
    return before is not None and bare_surname_ends_run(text, before.end(1), first, printed)


#: Characters on each side of an entry in which its neighbours' prints are read: about two or
#: three entries before its run and after its title's first word (twice as many on one side
#: where the text ends on the other: :func:`_neighbouring_sides`).
_NEIGHBOURS_REACH = 600
#: The stretches before and after an entry where its neighbours are read (``(low, high)`` each).
_Sides = tuple[tuple[int, int], ...]
#: Neighbouring runs that print their title right after the last initials' full stop, at least:
#: a list's style read from one or two entries is no list's.
_TITLES_AFTER_INITIALS = 3
#: Characters past a side's end read to finish a neighbour's print that starts in it: the
#: further name and its initials that tell a run's comma from a title's.
_PRINT_REACH = 2 * NAME_PIECE


def _bare_word_before_title(run: re.Match[str], first: int, printed: PrintedCase,
                            lower_case_title: bool) -> bool:
    """True if the bare word of a run's rest (``run``'s group 1) is no function word, and that
    word's first letter and the title's at ``first`` are printed as capitals: what both comma
    forms ask of the word before they read the neighbours. A title's second word in lower case
    ("Threads and", "Transient crater") is no title's first word; a title's first word in
    lower case is, where the query opens so too (``lower_case_title``: "Powell RA, Petrology
    mineralogy, geochemistry, ..." for "mineralogy, geochemistry, ..."). Called by
    :func:`_bare_surname_after_comma` and :func:`_bare_surname_after_unpunctuated`."""
    if run.group(1) in FUNCTION_WORDS or run.group(1) in SHORT_FUNCTION_WORDS:
        return False
    cased = printed(run.start(1), first + 1)
    return cased is not None and cased[0].isupper() and (cased[-1].isupper()
                                                         or lower_case_title)


def _neighbours_print_titles_after_initials(text: str, name_end: int, first: int,
                                            comma_after: Callable[[_Sides], bool],
                                            titles_after: Callable[[int, int], int]) -> bool:
    """True if the entries around a run print their titles right after their last initials:
    in ``_NEIGHBOURS_REACH`` characters before the run's first name (the name ending at
    ``name_end``) and after the title's first word at ``first``, ``titles_after`` counts
    ``_TITLES_AFTER_INITIALS`` titles at least and ``comma_after`` finds no habit of a comma
    and a title after a name's initials on both sides together. What tells a bare co-author
    ("Queija, A., Berta Los corazas") from one author, a comma and the title ("Ginzburg, C.,
    Threads and Traces"): where a paper's lists mix styles, the whole text cannot. Each form
    reads the initials it prints. Called by :func:`_bare_surname_after_comma` and
    :func:`_bare_surname_after_unpunctuated`."""
    sides = _neighbouring_sides(len(text), name_start(text, name_end), first)
    return (not comma_after(sides)
            and sum(titles_after(low, high) for low, high in sides) >= _TITLES_AFTER_INITIALS)


def _neighbouring_sides(length: int, start: int, first: int) -> _Sides:
    """The stretch of a text of ``length`` characters before a run (starting at ``start``) and
    the one after its title's first word (at ``first``) in which its neighbours are read:
    ``_NEIGHBOURS_REACH`` characters each, and where the text's start or end cuts one side
    short, the other side longer by as much. A page that opens with its reference list (a
    publication list, a bibliography's page) has its second entry's neighbours after it
    alone: those count as the entries on both sides would ("(2) Holker Th, Deutsch A,
    Masaitis Nd-Sr Isotope ..." among runs printed so after it). Called by
    :func:`_neighbours_print_titles_after_initials`."""
    short_before = max(0, _NEIGHBOURS_REACH - start)
    short_after = max(0, first + _NEIGHBOURS_REACH - length)
    return ((max(0, start - _NEIGHBOURS_REACH - short_after), start),
            (first, min(length, first + _NEIGHBOURS_REACH + short_before)))


def _bare_surname_after_comma(text: str, name_end: int, first: int,
                              printed: PrintedCase, lower_case_title: bool) -> bool:
    """True if the rest of the run after the surname ending at ``name_end`` is its initials or
    further inverted names, a comma and a bare surname right before ``first``
    (``BARE_SURNAME_AFTER_COMMA``), that surname and the title's first letter printed as
    capitals (:func:`_bare_word_before_title`, ``lower_case_title``) and the surname no function
    word, and the entry's neighbours print their titles right after the last initials' full
    stop (:func:`_titles_after_initials`, three times at least) and none after a comma
    (:func:`_comma_after_initials`): only the neighbours tell
    (:func:`_neighbours_print_titles_after_initials`). Called by :func:`bare_surname_ends_run`."""
    run = BARE_SURNAME_AFTER_COMMA.fullmatch(text, name_end, first)
    return (run is not None and _bare_word_before_title(run, first, printed, lower_case_title)
            and _neighbours_print_titles_after_initials(
                text, name_end, first, partial(_comma_after_initials, text),
                partial(_titles_after_initials, text)))


def _prints_in(pattern: re.Pattern[str], text: str, low: int,
               high: int) -> Iterator[re.Match[str]]:
    """The neighbours' prints ``pattern`` finds that start between ``low`` and ``high``, each
    read whole: what a print's lookaheads ask of the words after it (a further name after a
    comma: "Ciesielski, A., Plante, L.") is read past ``high`` (``_PRINT_REACH``), and what
    its lookbehinds ask of the mark before it, before ``low``. A side cut in the middle of a
    name would read "Ciesielski, A., P" as a comma before a title. Called by the four readings
    of a list's habits for :func:`_neighbours_print_titles_after_initials`."""
    for print_ in pattern.finditer(text, low, min(len(text), high + _PRINT_REACH)):
        if print_.start() >= high:
            return
        yield print_


def _comma_after_initials(text: str, sides: _Sides) -> bool:
    """True if one of the ``sides`` prints a comma after a name's initials and a word that
    opens no further name (``COMMA_AFTER_INITIALS``). Called by
    :func:`_neighbours_print_titles_after_initials` for :func:`_bare_surname_after_comma`."""
    return any(next(_prints_in(COMMA_AFTER_INITIALS, text, low, high), None) is not None
               for low, high in sides)


def _titles_after_initials(text: str, low: int, high: int) -> int:
    """How many titles start between ``low`` and ``high`` printed right after the last
    initials' full stop (``TITLE_AFTER_INITIALS``). Called by
    :func:`_neighbours_print_titles_after_initials` for :func:`_bare_surname_after_comma`."""
    return sum(1 for _ in _prints_in(TITLE_AFTER_INITIALS, text, low, high))


def _bare_surname_after_unpunctuated(text: str, name_end: int, first: int,
                                     printed: PrintedCase, lower_case_title: bool) -> bool:
    """The same as :func:`_bare_surname_after_comma` where a style prints each name's
    initials with no full stop and the title right after the last ones ("Okafor BN, Lindqvist
    E, Marchetti Tidal mixing ..."): the run's rest after the surname ending at ``name_end``
    is initials and further names with theirs, a comma and a bare surname right before
    ``first`` (``BARE_SURNAME_AFTER_UNPUNCTUATED``), the initials printed in capitals
    (``author_run_ends.initials_in_capitals``), the bare surname and the title's first letter
    too, and the entry's neighbours print their titles right after their initials
    (:func:`_titles_after_unpunctuated`, none with a comma after them:
    :func:`_comma_after_unpunctuated`). Such a print is also one author, a comma and a title
    ("Ginzburg C, Threads and Traces"): only the neighbours tell. Called by
    :func:`bare_surname_ends_run`."""
    run = BARE_SURNAME_AFTER_UNPUNCTUATED.fullmatch(text, name_end, first)
    if run is None or not _bare_word_before_title(run, first, printed, lower_case_title):
        return False
    initials = printed(name_end + 1, run.start(1) - 2)
    return (initials is not None and initials_in_capitals(initials)
            and _neighbours_print_titles_after_initials(
                text, name_end, first, partial(_comma_after_unpunctuated, text, printed),
                partial(_titles_after_unpunctuated, text, printed)))


#: Words printed right after a neighbour's comma: a word, its blank and the next word's first
#: letter, whose capitals tell a title in sentence case from two capitalised words.
_TWO_WORDS = re.compile(r"[^\W\d_]+ [^\W\d_]")


def _comma_after_unpunctuated(text: str, printed: PrintedCase, sides: _Sides) -> bool:
    """True if on the ``sides`` (``(low, high)`` each) runs print a comma and a word that is no
    further name after their last initials, printed as capitals (``COMMA_AFTER_UNPUNCTUATED``:
    "Ginzburg C, Threads and"; not "Tversky A, Griffin D Endowments"): once where a word in
    lower case follows that word (a title in sentence case), twice where both words are
    capitalised. One neighbour printed "Handayani AH, Ramli Developmentof Ground ..." is
    itself a bare co-author before its title as often as a comma before a title: alone, it
    shows no habit of the list. Called by :func:`_neighbours_print_titles_after_initials` for
    :func:`_bare_surname_after_unpunctuated`."""
    capitalised_pairs = 0
    commas = (comma for low, high in sides
              for comma in _prints_in(COMMA_AFTER_UNPUNCTUATED, text, low, high))
    for comma in commas:
        if not _in_capitals(text, printed, comma.span(1)) or any(
                comma.group(group) and _in_capitals(text, printed, comma.span(group))
                for group in (2, 3)):
            continue
        if not _two_capitalised_words(text, printed, comma.end()):
            return True
        capitalised_pairs += 1
    return capitalised_pairs >= 2


def _two_capitalised_words(text: str, printed: PrintedCase, start: int) -> bool:
    """True if the two words from ``start`` are both printed with a capital first letter
    ("Ramli Developmentof", "Salt Marsh"; not "Salt marsh", "Threads and"). Called by
    :func:`_comma_after_unpunctuated`."""
    words = _TWO_WORDS.match(text, start)
    cased = words and printed(start, words.end())
    return bool(cased) and cased[0].isupper() and cased[-1].isupper()


def _titles_after_unpunctuated(text: str, printed: PrintedCase, low: int, high: int) -> int:
    """How many runs between ``low`` and ``high`` print their title right after their last
    initials with no punctuation, or with the full stop that closes the run
    (``TITLE_AFTER_UNPUNCTUATED``: "Wheaton H Eléments du droit", "Smith J. Other things"),
    initials and title's first letter printed as capitals. Called by
    :func:`_neighbours_print_titles_after_initials` for
    :func:`_bare_surname_after_unpunctuated`."""
    return sum(_in_capitals(text, printed, title.span(1))
               and _in_capitals(text, printed, title.span(2))
               for title in _prints_in(TITLE_AFTER_UNPUNCTUATED, text, low, high))


def _in_capitals(text: str, printed: PrintedCase, span: tuple[int, int]) -> bool:
    """True if the letters of ``text[span]`` (initials after their blank, a title's first
    letter) are printed as capitals (``author_run_ends.capital_initials``: "MYu" too). Called
    by :func:`_titles_after_unpunctuated` and :func:`_comma_after_unpunctuated`."""
    start, end = span
    letters = text[start:end].strip(" ,")
    start = text.find(letters, start, end)
    cased = printed(start, start + len(letters))
    return cased is not None and capital_initials(cased.replace(" ", ""))


@kept_per_text
def _semicolons_between_names(text: str) -> bool:
    """True if the reference list in ``text`` separates two inverted names with initials by a
    semicolon (``SEMICOLON_BETWEEN_NAMES``): where a style prints a semicolon before a title
    ("Surname, I.; Title"), the word after it is the title's. Read once per text."""
    return SEMICOLON_BETWEEN_NAMES.search(text) is not None
