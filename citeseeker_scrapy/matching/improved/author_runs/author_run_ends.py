"""Where an author run ends right before a short title, told by the printed capitals
(improved scheme).

A style that prints initials with no full stop, or one given name with no punctuation, runs
the author run straight into the title ("Rensky M English Verbonominal Phrases.", "Hughes,
Alan Advising as Teaching", "[8] D Z Saltini Non siamo d'accordo"): normalized, the title's
words read as ordinary words after a word, as in a sentence. The capitals tell a run of
names (initials in capitals, a given name and a title's first letter with a capital, the
run opening its entry) from a sentence's words. The shapes are ``entry_grammar``'s; how far
an author list reaches is ``author_lists``'. Who calls it: ``superset``, for a short title
the word checks read as ordinary words after a word.
"""

from __future__ import annotations

import re
from typing import Optional

from ...word_edges import PrintedCase
from ..grammar.entry_grammar import NUMBER_MARK
from ..grammar.name_grammar import (
    AND_WORD, INITIALS_FIRST_RUN_FROM_NAME, INITIALS_FIRST_RUN_TO_NAME, NAME,
    ONE_GIVEN_NAME_RUN, UNPUNCTUATED_INITIALS_RUN,
)
from ..text.printed_words import opens_paragraph

def initials_end_run(text: str, name_end: int, start: int, printed: PrintedCase) -> bool:
    """True if the author run of the name ending at ``name_end`` ends right before a title at
    ``start`` with initials printed as capitals and no full stop ("Rensky M English
    Verbonominal Phrases.", "Josling T, Swinbank A The European Union.", "Nallino CA Raccolta
    Di Scritti.", "Abercrombie N, Hill S, Turner BS Dictionary of Sociology."): the shape of
    ``UNPUNCTUATED_INITIALS_RUN`` between them, printed as :func:`initials_in_capitals`
    says. Who calls it: ``superset``, for a short title the word checks read as ordinary
    words after a word."""
    if UNPUNCTUATED_INITIALS_RUN.fullmatch(text, name_end, start) is None:
        return False
    cased = printed(name_end + 1, start - 1)  # the blanks at its ends: normalization's own
    return cased is not None and initials_in_capitals(cased)


#: A surname of one word, perhaps hyphenated ("hughes", "beck-gernsheim"): a person's.
_ONE_WORD = re.compile(NAME)


def given_name_ends_run(text: str, name: tuple[int, int], start: int,
                        printed: PrintedCase) -> bool:
    """True if the author run of a person's surname at ``text[name[0]:name[1]]`` (one word)
    ends right before a title at ``start`` with one given name written out and no punctuation
    ("Hughes, Alan Advising as Teaching, en ...": ``ONE_GIVEN_NAME_RUN``, a style that prints
    the date apart from the name), the given name printed as a name (its first letter a
    capital) and the title's first letter a capital: a title in lower case ("Okonkwo, Chidi
    harbour town planning") is words of a sentence, and a second word between the name and
    the title is a title's word or a second given name, which the capitals cannot tell apart.
    An organisation has no given name: the word after its comma is its title's first
    ("Geological Survey (USGS), General Geology of Guam"). Who calls it: ``superset``, for a
    short title the word checks read as ordinary words after a word."""
    name_start, name_end = name
    if (_ONE_WORD.fullmatch(text, name_start, name_end) is None
            or ONE_GIVEN_NAME_RUN.fullmatch(text, name_end, start) is None):
        return False
    cased = printed(name_end + 2, start + 1)  # the given name, the blank, the title's letter
    return cased is not None and cased[0].isupper() and cased[-1].isupper()


#: What stands right before an author run that opens its entry: the entry's number, "[8] ",
#: "12. " (not a year's last digits nor a page's: "1953. ", "p.12. "), or where no number is
#: printed (a PDF may lose the list's numbers), the full stop that closes the entry before after
#: a bracket or a word ("...(1993). W R Smith", "...Brill. B Barringer"), not an initial's.
_ENTRY_OPENED = re.compile(rf"(?:{NUMBER_MARK}|(?:[^\W_]{{2}}|\))[.?!]) $")
_OPENING_REACH = 8  # characters before an author run where what opens its entry is read
_RUN_REACH = 300  # characters before the searched surname where its run's opening is looked for
_WORD_OPENING = re.compile(r"(?<![^\W_])[^\W\d_]")
_RUN_WORD = re.compile(NAME)
_AND = re.compile(AND_WORD)


def initials_open_run(text: str, name: tuple[int, int], start: int,
                      printed: PrintedCase) -> bool:
    """True if the searched surname at ``text[name[0]:name[1]]`` is a name of an author run
    that prints each name's initials first with no full stop and the title right after the
    run's last surname ("[8] D Z Saltini Non siamo d'accordo (Torino", "[13] A Robertson and A
    Plummer The International ...": ``name_grammar.INITIALS_FIRST_RUN_TO_NAME`` before the
    surname, ``INITIALS_FIRST_RUN_FROM_NAME`` from it to the title at ``start``), the run
    opening its entry (:func:`_run_opening`) and printed as names (:func:`_names_in_capitals`).
    In a sentence such words have neither an entry's opening before them nor initials in
    capitals. Who calls it: ``superset``, for a short title the word checks read as ordinary
    words after a word."""
    name_start, name_end = name
    if INITIALS_FIRST_RUN_FROM_NAME.fullmatch(text, name_end, start) is None:
        return False
    opening = _run_opening(text, name_start, printed)
    if opening is None:
        return False
    cased = printed(opening, start - 1)
    return cased is not None and _names_in_capitals(cased)


def _run_opening(text: str, name_start: int, printed: PrintedCase) -> Optional[int]:
    """Where the author run of initials first that ends with the surname at ``name_start``
    opens its entry: right after the entry's number or the entry before's close
    (``_ENTRY_OPENED``), at a paragraph's start (``printed_words.opens_paragraph``: HTML and
    plain text print each entry as one) or at the text's; None if no such run reaches the surname.
    Called by :func:`initials_open_run`."""
    for word in _WORD_OPENING.finditer(text, max(0, name_start - _RUN_REACH), name_start):
        at = word.start()
        if INITIALS_FIRST_RUN_TO_NAME.fullmatch(text, at, name_start) and (
                at == 0 or _ENTRY_OPENED.search(text, max(0, at - _OPENING_REACH), at)
                or opens_paragraph(text, at, printed)):
            return at
    return None


def _names_in_capitals(run: str) -> bool:
    """True if each word of an author run (``run``, as printed) is an initial or a surname
    printed with a capital first ("D Z Saltini", "J-P Postel"), or the word for "and" in
    lower case: not an article or a title's word in lower case ("a study"). Called by
    :func:`initials_open_run`."""
    return all(word[0].isupper() or (word.islower() and _AND.fullmatch(word))
               for word in _RUN_WORD.findall(run))



#: A word of one letter (an initial with no full stop, or an article).
_ONE_LETTER = re.compile(r"(?<![^\W_])[^\W\d_](?![^\W_])")
#: A given name's initial printed as its first two letters, a capital and a letter in lower
#: case, as German, Dutch and transliterated Russian names print theirs ("Holker Th",
#: "Mironov Yu", "Limonad MYu"): not a word of two letters a title opens with ("In", "On",
#: "De").
_TWO_LETTER_INITIAL = re.compile(r"Th|Ch|Ph|Sh|Zh|Kh|Yu")
#: A generational suffix joined to the initials before it, with no full stops ("McHone JFJr").
_JOINED_SUFFIX = re.compile(r"(?<=[^\W\d_])(?:Jr|Sr)$")


def capital_initials(word: str) -> bool:
    """True if ``word`` (a name's initials printed with no full stops, as printed) is capitals,
    perhaps with initials of two letters among them (``_TWO_LETTER_INITIAL``: "Th", "MYu") or a
    generational suffix joined after them (``_JOINED_SUFFIX``: "JFJr"), so not a word of a
    title ("The", "Noospheric"). Called by :func:`initials_in_capitals` and by
    ``bare_surnames``, which reads the initials of an entry's neighbours."""
    rest = _TWO_LETTER_INITIAL.sub("", _JOINED_SUFFIX.sub("", word))
    return bool(word) and (not rest or rest.isupper())


def initials_in_capitals(run: str) -> bool:
    """True if an author run after its first surname (``run``: "CA", "N, Hill S, Turner BS",
    as printed) has each name's initials, its last word before a comma or the run's end,
    printed in capitals (:func:`capital_initials`, two-letter initials among them: "Th,
    Deutsch A"), and every word of one letter too: not an article, the word for "and" or a
    preposition ("Rensky a English ...", "Nallino in Raccolta ..."). Called by
    :func:`initials_end_run`, and by ``bare_surnames`` for a run that ends with a bare
    co-author's surname."""
    names = [segment.split() for segment in run.split(",")]
    return all(words and capital_initials(words[-1]) for words in names) and all(
        letter.isupper() for letter in _ONE_LETTER.findall(run))
