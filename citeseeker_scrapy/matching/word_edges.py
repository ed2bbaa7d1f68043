"""Where a name found in extracted text starts and ends as a word.

A surname is looked for as a whole word ("lee" in "byerlee" is none), but extraction and
styles join words: initials joined to a surname ("LinzJ."), a surname joined to the given name
before it ("Gregory, IanThévenin"), to its particle ("vanDijk, J.") or to the word before a
line-end hyphen ("jasmonate-" newline "POULOT, Dominique"). The readings here decide those
edges, some with the document's capitals (:data:`PrintedCase`). Who calls them:
``names.NameIndex`` at each name it finds (and its scan, with :data:`NAME_ENDS`) and
``superset`` on the original scheme's exact occurrences (:func:`is_whole_word`).
"""

from __future__ import annotations

import re
from typing import Callable, Optional

from .name_parts import INITIAL, PARTICLES

#: The document's capitals for a span of its normalized text, or None where they cannot be read
#: (``matcher.DocumentText.printed_case``, made lazy by the matcher): the normalized text is
#: lower case, and only the capitals tell some word edges (:func:`initials_glued_at`). A blank
#: that stands for a blank line is given as a line break, the span's length unchanged:
#: ``printed_words.ends_paragraph`` reads it; the other callers read letters at their positions, or
#: split words at any white space (``author_run_ends.initials_end_run``).
PrintedCase = Callable[[int, int], Optional[str]]

#: What PDF extraction leaves inside a printed name, skipped between its letters: blanks (split
#: small capitals "d ean", accents NFKD made blanks "gr unwald", pypdf's stray blanks), PDFium's
#: line-end hyphen U+FFFE, the soft hyphen, spacing accents NFKD keeps ("hajiˇc", "m`arquez"),
#: pypdf's U+00A4 for an unmapped umlaut ("h¤olzle"), zero-width characters, apostrophes and
#: hyphens in either form.
SKIPPABLE = (" \ufffe\u00ad\u02c6\u02c7\u02c9\u02ca\u02cb\u02cd\u02d8\u02d9\u02da\u02db\u02dc\u02dd"
             "`\u00a4\u00b4\u00a8\u00b8\u200b\u200c\u200d\u2060\ufeff"
             "'\u2019\u2018\u02bc\u2032-\u2010\u2011\u2013")
#: Skipped when looking for the letter next to a name: an accent belongs to the name's letters.
_DETACHED_ACCENTS = frozenset(SKIPPABLE) - frozenset(" '\u2019\u2018\u02bc\u2032-\u2010\u2011\u2013"
                                                     "\ufffe\u00ad")
#: Inside a word although not letters: a name before or after one of these is not a word.
_WORD_JOINERS = frozenset("\ufffe\u00ad")
#: ``SKIPPABLE`` as a set: what ``names.NamePattern`` lets stand before a name's letters.
SKIPPABLE_CHARS = frozenset(SKIPPABLE)


def _char_class(chars: str) -> str:
    """A regex class of exactly ``chars``."""
    return "[" + "".join("\\" + c if c in "\\]^-" else c for c in sorted(chars)) + "]"


#: Regex source of any run of ``SKIPPABLE`` (possessive): what ``names.NameIndex``'s scans skip
#: between a name's letters.
SKIPPABLE_RUN = _char_class(SKIPPABLE) + "*+"
#: After a name's last letter: not a letter or a word joiner next (detached accents skipped),
#: the test of :func:`_is_word_edge`, made by the scan so that "harrison" stops no scan for
#: "harris" (the possessive ``*+`` skips accents as the function does, with no backtracking).
_WORD_GOES_ON_NOT = (f"(?!{_char_class(''.join(_DETACHED_ACCENTS))}*+"
                     f"(?:[^\\W\\d_]|{_char_class(''.join(_WORD_JOINERS))}))")
#: Regex source of where a name may end, for ``names.NameIndex``'s scans: a word edge, or an
#: initial joined to it (:func:`initials_glued_at` then decides, as :func:`ends_name` does).
NAME_ENDS = f"(?:{_WORD_GOES_ON_NOT}|(?={INITIAL}))"
#: An initial joined to a name's end ("linz|j."), which only :func:`initials_glued_at` lets end
#: a name there.
GLUED_INITIAL = re.compile(INITIAL)


def is_whole_word(text: str, start: int, end: int,
                  printed: Optional[PrintedCase] = None) -> bool:
    """True if ``text[start:end]`` is no part of a longer word, as ``names.NameIndex`` reads
    word edges ("lee" in "byerlee" is not; "linz" in "LinzJ." and "thévenin" in "Gregory,
    IanThévenin, Thomas" are, with the document's capitals ``printed``). Called by
    ``superset`` on the original scheme's exact name occurrences."""
    return starts_name(text, start, end, printed) and ends_name(text, end, printed)


def initials_glued_at(text: str, end: int, printed: Optional[PrintedCase]) -> bool:
    """True if the letter and full stop at ``end``, joined to the name that ends there, are
    that name's initials: styles that print "LinzJ., StepanA." (no blank), where the
    normalized text reads "linzj., stepana.", and "HILLC., CABANNEP." for a surname they
    print in capitals.

    The capitals tell (``printed``): the joined letter a capital, after the name's last letter
    printed in lower case ("Linz" and "J."), or in capitals where the initials are closed by
    a comma or a semicolon ("HILLC., ", "BLANCHEJ.-É., ": :func:`_capital_initials_closed`).
    A lower-case continuation ("Linzi.") is a longer word, and so is a word in capitals with
    a joined letter and no comma after its initials ("LINZJ. Title", an acronym), and any
    joined letter where the capitals cannot be read. The one reader of this shape:
    ``names.NameIndex`` and :func:`is_whole_word` both ask it where a letter follows a name."""
    if printed is None or end < 1 or GLUED_INITIAL.match(text, end) is None:
        return False
    cased = printed(end - 1, end + 1)
    if cased is None or not cased[1].isupper():
        return False
    return cased[0].islower() or (cased[0].isupper() and _capital_initials_closed(text, end))


#: Initials joined to a name, each a letter and a full stop (a blank or a hyphen between two of
#: them), then the comma or the semicolon that closes the name: "c., ", "e. d., ", "j.-é., ",
#: "p.;".
_INITIALS_CLOSED = re.compile(r"(?:[^\W\d_]\.[ -]?)+[,;]")


def _capital_initials_closed(text: str, end: int) -> bool:
    """True if the initials joined at ``end`` to a name printed in capitals are closed by a
    comma or a semicolon (``_INITIALS_CLOSED``): as a style that joins the first initial to
    the surname prints the name's end in an author list ("HILLC., Title", "BIZIERN., "). An
    acronym or a word in capitals that ends a sentence has no comma right after its full stop.
    Called by :func:`initials_glued_at`."""
    return _INITIALS_CLOSED.match(text, end) is not None


#: A capital and a full stop right after a letter in lower case, as the extracted text prints
#: it ("LinzJ.", "HurdovaK.", "JoséJ."): a full stop is found at once, the letters before it are
#: then looked at. Latin, Greek and Cyrillic cases, a combining accent between: a superset of
#: what :func:`initials_glued_at` can accept, never fewer.
_LOWER = "a-z\u00df-\u00ff\u0100-\u024f\u03ac-\u03ce\u0430-\u045f\u0300-\u036f"
_UPPER = "A-Z\u00c0-\u00de\u0100-\u024f\u0386-\u03ab\u0400-\u042f"
_JOINED_CAPITAL = re.compile(f"\\.(?:(?<=[{_LOWER}][{_UPPER}]\\.)"
                             f"|(?<=[{_LOWER}][{_UPPER}][\u0300-\u036f]\\.))")


def may_join_initials(source: str) -> bool:
    """True if the extracted ``source`` prints a capital and a full stop right after a letter
    in lower case somewhere: without one, no name in it has its initials joined, and
    :func:`initials_glued_at` need not be asked. Why: the capitals it reads cost a map of the
    whole document (``context.TextMap``), this search a few milliseconds a megabyte. Called by
    ``matcher.DocumentText`` once per document."""
    return _JOINED_CAPITAL.search(source) is not None


#: Letters of a given name a name may be printed joined to, at most.
_GLUED_WORD_LETTERS = 12
#: Surname prefixes printed with a capital inside one surname ("McDonald", "MacArthur",
#: "FitzGerald", "DeLong", "LeBlanc", "VanDyke"): a name after one is no name of its own.
_SURNAME_PREFIXES = PARTICLES | frozenset("mc mac fitz st vander vanden vonder dela".split())
#: An inverted name's comma and a given name of two letters or more written out (no initial).
_GIVEN_NAME = r", [^\W\d_]{2,}"
#: What follows a surname printed joined to the given name before it, no full stop after the
#: given name (:func:`glued_to_given_name`).
_GIVEN_NAME_AFTER = re.compile(_GIVEN_NAME + r"(?![\w.'\u2019-])")


def _joined_word_start(text: str, start: int) -> int:
    """Where the word that a name at ``start`` is joined to begins (its letters right before
    it). Called by :func:`glued_to_given_name` and :func:`joined_after_lower_case`."""
    word = start
    while word > 0 and text[word - 1].isalpha():
        word -= 1
    return word


def glued_to_given_name(text: str, start: int, end: int,
                        printed: Optional[PrintedCase]) -> bool:
    """True if a name at ``text[start:end]`` inside a longer word is a surname printed joined
    to the given name before it, as a style prints an inverted author list whose blank
    between one name's given name and the next surname it drops: "Gregory, IanThévenin,
    Thomas", "Langley, SarahMorasky-Smith, Abbie". The shape is read first, in the normalized
    text: the joined word follows an inverted surname's comma, and the name is inverted too,
    its given name written out after its comma; then the capitals (``printed``): the word
    joined to the name starts with a capital and ends in lower case, the name's first letter
    is a capital, and the word is no surname prefix ("McDonald", "LeBlanc": one surname).

    A name in lower case after letters ("byerlee") is inside a longer word, and so is one
    where the capitals cannot be read (``printed`` None). The shape comes first: the capitals
    cost a map of the document, made when first asked for, and an author list in initials
    ("Campbell, A." for "Bell") never asks. Called by ``names.NameIndex`` and
    :func:`is_whole_word`, where a name starts after a letter."""
    if printed is None or _GIVEN_NAME_AFTER.match(text, end) is None:
        return False
    word = _joined_word_start(text, start)
    piece = text[word:start]
    if (not 2 <= len(piece) <= _GLUED_WORD_LETTERS or not text.endswith(", ", 0, word)
            or piece in _SURNAME_PREFIXES):
        return False
    cased = printed(word, start + 1)
    return (cased is not None and cased[0].isupper() and cased[-2].islower()
            and cased[-1].isupper())


#: Letters in lower case the word a name is joined to ends with, at least, for the name to open
#: a word of its own (:func:`joined_after_lower_case`).
_LOWER_CASE_BEFORE = 3
#: ``_GIVEN_NAME``, its full stop after it or not ("poulot|, dominique,", "rambaud|, claude."):
#: what follows a name that opens an entry (:func:`joined_after_lower_case`); an initial
#: ("campbell|, a.") is none.
_GIVEN_NAME_CLOSED = re.compile(_GIVEN_NAME + r"(?![\w'\u2019-])")
#: What follows an author printed in capitals that opens an entry with no given name (an
#: organisation: "CH2M HILL. 2002.", "UNESCO. (1998)"): up to two more words, its full stop,
#: the year (:func:`joined_after_lower_case` reads such a name joined to lower case only where
#: the name is in capitals).
_CAPITALS_NAME_THEN_DATE = re.compile(r"(?: [^\W\d_]+){0,2}\. \(?(?:1[5-9]|20)\d\d(?!\d)")


def joined_after_lower_case(text: str, start: int, end: int,
                            printed: Optional[PrintedCase]) -> bool:
    """True if a name at ``text[start:end]`` inside a longer word opens a word of its own that
    the text joins to the word before it: extraction joins a line ending with a hyphen to the
    next line's first word, so an entry cut at a hyphen runs into the next entry's first
    surname ("...A novel jasmonate-" newline "POULOT, Dominique, Une histoire" reads
    "jasmonatepoulot, dominique, une histoire"). The shape is read first, in the normalized
    text: the name is inverted, its given name written out after its comma (``_GIVEN_NAME_CLOSED``),
    or it is followed by up to two words, a full stop and a year (an organisation that opens
    its entry: "...jasmonate-" newline "CH2M HILL. 2002. Letter Report",
    ``_CAPITALS_NAME_THEN_DATE``), and joined to at least ``_LOWER_CASE_BEFORE`` letters that
    are no surname prefix ("deGroot", "vanDyke"); then the capitals (``printed``): those
    letters are all in lower case and the name's first letter is a capital (with no given
    name after it, the whole name is in capitals: "...survey of hisCompany. 2004." is a
    word of the title). A word printed in lower case goes on in
    lower case; one surname with a capital inside opens with a capital ("McDonald",
    "FitzGerald"), and so does a given name a surname is joined to ("IanThévenin":
    :func:`glued_to_given_name`).

    A name in lower case after letters ("byerlee") is inside a longer word, and so is one
    where the capitals cannot be read (``printed`` None); an author list in initials
    ("Campbell, A." for "Bell") never asks for the capitals, which cost a map of the
    document. Called by :func:`starts_name`, for ``names.NameIndex`` and
    :func:`is_whole_word`."""
    if printed is None:
        return False
    given = _GIVEN_NAME_CLOSED.match(text, end) is not None
    if not given and _CAPITALS_NAME_THEN_DATE.match(text, end) is None:
        return False
    word = _joined_word_start(text, start)
    if start - word < _LOWER_CASE_BEFORE or text[word:start] in _SURNAME_PREFIXES:
        return False
    cased = printed(word, start + 1 if given else end)
    if cased is None or not cased[:start - word].islower():
        return False
    return cased[start - word].isupper() if given else cased[start - word:].isupper()


#: Letters a surname has at least to be read after a particle joined to it
#: (:func:`joined_to_particle`): a shorter one ends too many surnames that open with a
#: particle's letters ("Deng" for "Ng").
_MIN_LETTERS_AFTER_PARTICLE = 4
#: An inverted name's comma and its initials, each a letter and a full stop: what follows a
#: surname printed joined to its particle (:func:`joined_to_particle`): ", g. ", ", j.-p.,".
_INITIALS_AFTER = re.compile(r", (?:[^\W\d_]\.[ -]?){1,3}(?![^\W\d_])")
#: The longest particle a surname is joined to (:func:`joined_to_particle`).
_LONGEST_PARTICLE = max(map(len, PARTICLES))


def joined_to_particle(text: str, start: int, end: int) -> bool:
    """True if a name at ``text[start:end]`` inside a longer word is a surname printed joined
    to its particle: the letters before it in the word are exactly one particle
    (``PARTICLES``), and the name is inverted, its comma and initials right after it. BibTeX
    styles that print an inverted name's "von" part and surname with no blank ("{vv}{ll}{,
    f.}": "duQuébec, G.", "vanDijk, J.") print so; the normalized text reads "duquebec, g.".

    Read in the normalized text alone: the capitals would tell "deGaulle" from "Delong" but
    cost a map of the whole document, and a name met inside longer words is common ("Bell" in
    "Campbell"). The inverted shape and the name's length (``_MIN_LETTERS_AFTER_PARTICLE``)
    keep it narrow; whether the words after the name are the queried title is for the title's
    checks. Called by :func:`starts_name`, for ``names.NameIndex`` and :func:`is_whole_word`."""
    if end - start < _MIN_LETTERS_AFTER_PARTICLE or _INITIALS_AFTER.match(text, end) is None:
        return False
    word = start
    while word > 0 and start - word <= _LONGEST_PARTICLE and text[word - 1].isalpha():
        word -= 1
    return text[word:start] in PARTICLES and _is_word_edge(text, word - 1, -1)


def starts_name(text: str, start: int, end: int, printed: Optional[PrintedCase]) -> bool:
    """True if a name at ``text[start:end]`` starts there: a word edge, a surname joined to
    its particle (:func:`joined_to_particle`), to the given name before it
    (:func:`glued_to_given_name`) or to a word in lower case (:func:`joined_after_lower_case`)."""
    return (_is_word_edge(text, start - 1, -1) or joined_to_particle(text, start, end)
            or glued_to_given_name(text, start, end, printed)
            or joined_after_lower_case(text, start, end, printed))


def ends_name(text: str, end: int, printed: Optional[PrintedCase]) -> bool:
    """True if a name ending at ``end`` ends there: a word edge, or initials joined to it."""
    return _is_word_edge(text, end, 1) or initials_glued_at(text, end, printed)


def _is_word_edge(text: str, index: int, step: int) -> bool:
    """True if the char at ``index`` (detached accents skipped, going ``step``) ends a word."""
    while 0 <= index < len(text) and text[index] in _DETACHED_ACCENTS:
        index += step
    if not 0 <= index < len(text):
        return True
    char = text[index]
    return not (char.isalpha() or char in _WORD_JOINERS)

