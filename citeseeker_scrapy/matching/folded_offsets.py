"""The normalized text's characters traced back to the original text they were folded from.

``normalize_text`` folds a document (lower case, accents and line-end hyphens removed, white
space collapsed) and keeps no offsets. :func:`chunk_offsets` cuts the original at plain white
space into chunks whose normalized forms, joined by one blank, are the normalized text; and
:func:`fold_with_offsets` folds one small chunk as ``normalize_text`` does, with each folded
character's offset in the original. Called by ``context.TextMap``, which maps a citation's
position back to the document's own words.
"""

from __future__ import annotations

import itertools
import re
import unicodedata

from .normalize import HYPHEN_AT_LINE_END, normalize_text

#: A word (or a lone white space char) holding a character outside ASCII.
_NON_ASCII_WORD = re.compile(r"(?<!\S)\S*[^\x00-\x7f]\S*")
#: A word and the first white space character after it (where its blank comes from).
_WORD_AND_BLANK = re.compile(r"\S+\s?")


def fold_with_offsets(chunk: str) -> tuple[str, list[int]]:
    """``normalize_text(chunk)`` with, for each character of the result, the offset of the
    original character it came from.

    Who calls it: ``context.TextMap``, once per small chunk holding a citation. Words are taken
    whole (an ASCII word folds to its lower case, one character for one); only a word with
    other characters is folded one character at a time, so a citation's context costs a few
    string operations per word rather than a Python step per character."""
    out: list[str] = []
    offsets: list[int] = []
    blank = True  # no leading blank
    low = 0
    for removed in HYPHEN_AT_LINE_END.finditer(chunk):  # a line-end hyphen joins two words
        blank = _fold_words(chunk, low, removed.start(), out, offsets, blank)
        low = removed.end()
    _fold_words(chunk, low, len(chunk), out, offsets, blank)
    folded = "".join(out)
    if folded.endswith(" "):  # no trailing blank
        folded = folded[:-1]
        offsets.pop()
    return folded, offsets


def _fold_words(chunk: str, low: int, high: int, out: list[str], offsets: list[int],
                blank: bool) -> bool:
    """Fold ``chunk[low:high]`` onto ``out``/``offsets``: each run of white space becomes one
    blank (none after a blank). Returns whether the output now ends with a blank. The ASCII
    stretches go in bulk; only the words holding another character go one by one."""
    start = low
    for word in _NON_ASCII_WORD.finditer(chunk, low, high):
        blank = _fold_ascii(chunk, start, word.start(), out, offsets, blank)
        blank = _fold_word(chunk, word.start(), word.end(), out, offsets, blank)
        start = word.end()
    return _fold_ascii(chunk, start, high, out, offsets, blank)


def _fold_ascii(chunk: str, low: int, high: int, out: list[str], offsets: list[int],
                blank: bool) -> bool:
    """The common case, without a Python step per word: the folded words joined by blanks,
    and the offsets of each word's characters and of the blank after it, as ranges."""
    segment = chunk[low:high]
    if not segment:
        return blank
    if segment[0].isspace() and not blank:
        out.append(" ")
        offsets.append(low)
        blank = True
    words = segment.lower().split()
    if not words:
        return blank
    spans = map(re.Match.span, _WORD_AND_BLANK.finditer(chunk, low, high))
    offsets.extend(itertools.chain.from_iterable(itertools.starmap(range, spans)))
    ends_blank = segment[-1].isspace()
    out.append(" ".join(words) + (" " if ends_blank else ""))
    return ends_blank


def _fold_word(chunk: str, low: int, high: int, out: list[str], offsets: list[int],
               blank: bool) -> bool:
    """A word holding a non-ASCII character, char by char: an accent is dropped, a ligature
    becomes two letters, and a char may fold to a blank (a no-break space, a lone diaeresis)."""
    for index in range(low, high):
        for folded in _fold(chunk[index]):
            if folded == " ":
                if blank:
                    continue
                blank = True
            else:
                blank = False
            out.append(folded)
            offsets.append(index)
    return blank


def _fold(char: str) -> str:
    decomposed = unicodedata.normalize("NFKD", char)
    folded = "".join(c for c in decomposed if not unicodedata.combining(c)).lower()
    return "".join(" " if c.isspace() else c for c in folded)


def chunk_offsets(text: str, low: int, high: int,
                   size: int) -> tuple[list[int], list[int], int]:
    """Original and normalized starts of the non-empty chunks of ``text[low:high]`` (their
    normalized forms joined by one blank are the normalized text), and the normalized length."""
    starts: list[int] = []
    norm_starts: list[int] = []
    offset = 0
    for start, end in _chunks(text, low, high, size):
        folded = normalize_text(text[start:end])
        if not folded:
            continue
        if starts:
            offset += 1  # the blank between two chunks
        starts.append(start)
        norm_starts.append(offset)
        offset += len(folded)
    return starts, norm_starts, offset


def _chunks(text: str, low: int, high: int, size: int) -> list[tuple[int, int]]:
    """``text[low:high]`` cut about every ``size`` characters at a blank or line break that
    no line-end hyphen joins across."""
    bounds: list[tuple[int, int]] = []
    start = low
    while start < high:
        cut = start + size
        while cut < high and not (text[cut].isspace() and _free_cut(text, cut)):
            cut += 1
        bounds.append((start, min(cut, high)))
        start = cut
    return bounds


def _free_cut(text: str, cut: int) -> bool:
    """A cut inside white space is safe unless a hyphen ends the word before it."""
    before = cut - 1
    while before >= 0 and text[before].isspace():
        before -= 1
    return before < 0 or text[before] != "-"
