"""Printed words as the checks of a hit read them (improved scheme).

Extraction leaves marks inside words ("well-being", "l'état", a soft hyphen), ligature codes
and line-end hyphens, and OCR reads letters as digits. The checks of ``verify`` and
``title_edges`` compare the words around a hit with the title's, and ``capitals`` and
``undecided_ends`` read a printed word through the same marks (:func:`hit_words`,
:func:`whole_word_start`): this module is the one place that says where a printed word starts
and ends, what it reads as, whether the print ends its paragraph or the text after it
(:func:`ends_paragraph`, :func:`ends_paragraph_or_text`) or opens one before it
(:func:`opens_paragraph`), and whether the document prints a
word at all or more than once (:func:`printed_at_all`, :func:`printed_again`).
"""

from __future__ import annotations

import re
from typing import Optional, Sequence

from ...word_edges import SKIPPABLE, PrintedCase
from .per_text_cache import kept_per_text
from .print_counts import whole_prints

#: What extraction leaves inside a word ("well-being", "l'état"): ``word_edges.SKIPPABLE`` but
#: blanks. Dropped when words are compared ("wellbeing"); ``capitals`` reads a printed word
#: through them, and compares it with the query's so too.
IN_WORD_MARKS = SKIPPABLE.replace(" ", "")
DROPPED_IN_WORDS = str.maketrans("", "", IN_WORD_MARKS)
#: pypdf gives an unmapped ligature glyph as its code in the font: TeX's fi, fl, ffi, ffl.
_LIGATURE_CODES = {"\x02": "fi", "\x03": "fl", "\x0e": "ffi", "\x0f": "ffl"}
#: A word as compared: ``IN_WORD_MARKS`` dropped, and the "not sign" some producers print for
#: a line-end hyphen ("sys\u00actems").
_WORD_TEXT = str.maketrans({**{c: None for c in IN_WORD_MARKS + "\u00ac"}, **_LIGATURE_CODES})
#: A word split by a line-end hyphen ("reconna- issance"): one word when the title's own first
#: or last word is read (a dash before a field has a blank before it: "Social Order -Oxford").
_LINE_END_SPLIT = re.compile(r"(?<=[^\W\d_])-\s(?=[^\W\d_])")
_OCR_DIGITS = str.maketrans("015", "ols")  # digits OCR reads for letters


def in_word(char: str) -> bool:
    """Letters, digits and what extraction leaves inside words."""
    return char.isalnum() or (char in SKIPPABLE and char not in " '-\u2019\u2018\u2013")


def word_start(text: str, position: int) -> int:
    """The start of the word ``position`` is in (a hit may begin inside a word)."""
    while position > 0 and in_word(text[position - 1]):
        position -= 1
    return position


def word_end(text: str, position: int) -> int:
    """The end of the word ``position`` is in (or ``position`` between words)."""
    position = min(position, len(text))
    while position < len(text) and in_word(text[position]):
        position += 1
    return position


def word_text(text: str, start: int, end: int) -> str:
    """``text[start:end]`` as words are compared: extraction debris dropped, ligatures back."""
    return text[max(0, start):max(0, end)].translate(_WORD_TEXT)


def joined_word_text(text: str, start: int, end: int) -> str:
    """:func:`word_text` with each word a line-end hyphen split made one again ("reconna-
    issance"): the printed title's own first or last word, read by
    ``longer_titles.longer_title``."""
    return _LINE_END_SPLIT.sub("", text[max(0, start):max(0, end)]).translate(_WORD_TEXT)


def ocr_read(word: str) -> str:
    """A printed word with the common OCR confusions read back: "rn" for "m", "vv" for
    "w", a digit for the letter it looks like ("m0saics", "1ines"). A damaged word is the
    same word: "norrnan" scores 77 against "norman" as it is, 100 read back. Only ever
    compared as a second chance, so "modern" (read "modem") is still found as itself."""
    return word.translate(_OCR_DIGITS).replace("rn", "m").replace("vv", "w")


@kept_per_text
def printed_again(text: str, word: str) -> bool:
    """True if the document ``text`` prints ``word`` twice or more, each time a whole word: the
    author spells it so, a word of the print's own vocabulary, where a misprint or an OCR
    misreading of another word is rarely repeated letter for letter. Kept per text and word
    (a document's hits ask for the same words). Called by ``words._print_s_own`` on a printed
    word one letter from the query's (``counterparts.changed_letter``)."""
    return whole_prints(text, word, 2) == 2


@kept_per_text
def printed_at_all(text: str, word: str) -> bool:
    """True if the document ``text`` prints ``word`` as a whole word anywhere. Kept per text
    and word. Called by ``words._print_s_own`` on the query's word one letter from a printed
    one."""
    return whole_prints(text, word, 1) == 1


#: A word as the word checks split a title and its print: a run of letters and digits. One
#: pattern for both sides: ``verify`` splits the query's title and the print with it too.
WORD = re.compile(r"[^\W_]+")
#: A word as the word checks read it: letters and digits, with what extraction leaves inside
#: words ("well-being", "l'état": ``IN_WORD_MARKS``), compared without it ("wellbeing").
_PRINTED_WORD = re.compile(rf"[^\W_](?:[^\W_]|[{re.escape(IN_WORD_MARKS)}](?=[^\W_]))*")
_WORD_PIECE_BEFORE = re.compile(r"[^\W_]+$")
LEFT_OUT = 2  # query words at a hit's edge that the best substring may leave out ("of")
#: Characters around a hit where its words, the query's last words and the field after them
#: are read (``capitals``, ``undecided_ends``).
HIT_REACH = 80


def piece_before(text: str, at: int) -> Optional[re.Match[str]]:
    """The letters and digits right before ``at`` (up to ``HIT_REACH`` of them), or None: the
    piece of a word a hit may begin inside, or the word before a town. Called by
    :func:`hit_words` and ``capitals``."""
    return _WORD_PIECE_BEFORE.search(text, max(0, at - HIT_REACH), at)


def whole_word_start(text: str, piece: re.Match[str]) -> int:
    """Where the printed word starts whose last piece is ``piece`` (:func:`piece_before`), read
    back through what extraction leaves inside a word (``IN_WORD_MARKS``: "psycho-sociales",
    "l'état"), as :func:`hit_words` reads words forward. Called by ``capitals``, which asks
    whether a publisher's name runs straight after a title's last word."""
    start = piece.start()
    while start >= 2 and text[start - 1] in IN_WORD_MARKS and text[start - 2].isalnum():
        start = piece_before(text, start - 1).start()
    return start


def hit_words(text: str, start: int, end: int) -> tuple[int, list[re.Match[str]]]:
    """The printed words of the hit ``text[start:end]`` and of up to ``HIT_REACH`` characters
    after it, from the start of the word the hit begins inside: that start and the words.
    Who calls it: ``capitals.field_start`` and ``undecided_ends.undecided_end``, which read
    the capitals of the words after the query's last word."""
    piece = piece_before(text, start)
    low = start if piece is None else piece.start()  # the hit may begin inside a word
    return low, list(_PRINTED_WORD.finditer(text, low, min(len(text), end + HIT_REACH)))


def last_query_word(query: Sequence[str], words: list[re.Match[str]],
                     end: int) -> Optional[int]:
    """The index in ``words`` of the query's last word: the hit's last word if it is, or up
    to ``LEFT_OUT`` words further when the hit left the query's last words out. Called by
    ``capitals.field_start`` and ``undecided_ends.undecided_end`` on :func:`hit_words`."""
    inside = [i for i, word in enumerate(words) if word.start() < end]
    if not inside:
        return None
    at = inside[-1]
    for left_out in range(min(LEFT_OUT, len(query) - 1) + 1):
        tail = query[len(query) - 1 - left_out:]
        printed = [_word(word) for word in words[at:at + len(tail)]]
        if printed == list(tail):
            return at + left_out
    return None


def _word(match: re.Match[str]) -> str:
    """A printed word as the query's words are compared: "well-being" is "wellbeing"."""
    return match.group().translate(DROPPED_IN_WORDS)


def folded(printed: str) -> str:
    """A word with the document's capitals as the query's words are compared (:func:`_word`)."""
    return printed.lower().translate(DROPPED_IN_WORDS)


def paragraph_end_after_query(text: str, query: Sequence[str], start: int, end: int,
                              printed: PrintedCase) -> Optional[int]:
    """Where the print of the query's last word ends, if its paragraph ends right there
    (:func:`ends_paragraph`), else None: at the hit ``text[start:end]``'s end, or up to
    ``LEFT_OUT`` words after it where the hit left the query's last words out
    (:func:`last_query_word`), as the 2003 rule's part, cut at its length, leaves a long
    title's last words out ("...dans une perspective de développement territ|orial durable"
    before the next entry's paragraph). The print holds every word of the query's end there,
    so the paragraph's end closes the title. Called by ``superset`` for a hit a word check
    turned down over the words after it."""
    if ends_paragraph(text, end, printed):
        return end
    _, words = hit_words(text, start, end)
    last = last_query_word(query, words, end)
    if last is None or words[last].end() <= end:
        return None
    at = words[last].end()
    return at if ends_paragraph(text, at, printed) else None


def ends_paragraph(text: str, at: int, printed: PrintedCase) -> bool:
    """True if the blank at ``at`` (right after a hit's last word) stands for a paragraph's end
    in the print (``printed`` gives it as a line break: ``context.TextMap.printed_case``): in
    HTML and plain text each entry is a paragraph, so a title printed last in its entry with
    no punctuation ends there ("HUME (1752) Writings on Economics" before the next entry's
    "Kinney Title, in: ..."), which a sentence's words or a longer title's do not. Who calls
    it: ``superset``, for a title the word checks turned down over the word after it (an added
    title word, or a short title read as ordinary words); ``capitals``, ``undecided_ends`` and
    ``author_run_ends``, for an entry's end or start."""
    if not text.startswith(" ", at) or at == 0:
        return False
    cased = printed(at - 1, at + 2)  # with the letters beside it: a blank alone is no text
    return cased is not None and cased[1] == "\n"


def opens_paragraph(text: str, at: int, printed: PrintedCase) -> bool:
    """True if the word at ``at`` opens a paragraph in the print: the blank right before it
    stands for a paragraph's end (:func:`ends_paragraph`). In HTML and plain text each entry is
    a paragraph, so its first word is its first field's, whatever the entry before ends with
    (pages with no full stop: "...Hannover: 1996, p. 7–12" then "Behold! I Stand. Grigg J.").
    Who calls it: ``verify``, for a short title's start, and ``author_run_ends``, for where
    an author run opens its entry."""
    return at > 0 and ends_paragraph(text, at - 1, printed)


def ends_paragraph_or_text(text: str, at: int, printed: PrintedCase) -> bool:
    """True if ``at`` is the text's end or a blank that stands for a paragraph's end in the
    print (:func:`ends_paragraph`): where an entry ends when it is the list's last or the next
    entry opens a paragraph with a name no grammar reads (an organisation's). Who calls it:
    ``capitals``, ``place_fields`` and ``undecided_ends``, after the field that closes an
    entry."""
    return at == len(text) or ends_paragraph(text, at, printed)
