"""How often a document prints a string, or a word as a whole word, counted up to enough.

``headers`` asks whether a run of words is printed twice (a running header), for each pair of
words in each region searched for a title; ``printed_words`` whether a word is printed whole
at all or twice. Each answer read with ``str.find`` scans the whole text, and a long document
(a book's or a proceedings volume's reference lists) is asked thousands of times: the scans
then cost more than the search. So a text's words are indexed (:class:`_WordIndex`: where each
word starts) once it has been asked ``_QUESTIONS_BEFORE_INDEX`` times, about the cost of
building the index in scans; a short document, or one asked little, is never indexed. Both
ways give the same answers: the index only tells where a string can be printed, and each of
those places is read in the text.
"""

from __future__ import annotations

import re
from array import array
from typing import Iterable, Optional, Sequence

from .per_text_cache import kept_per_text_alone

#: Questions about one text answered by scans before its words are indexed: building the
#: index costs about as much as this many scans of the text.
_QUESTIONS_BEFORE_INDEX = 640
#: Characters a scan reads in the time a Python step takes: a string whose every possible
#: place the index would list takes more steps than this share of the text is read by a scan.
_CHARACTERS_PER_STEP = 1000
#: Characters at a word's start or end by which :class:`_WordIndex` lists the words that
#: begin or end so (a string's first or last word may be a longer word's end or start).
_EDGE = 4
#: Prints of a word inside longer words read one by one (:func:`whole_prints`) before the
#: regex scan takes over: a short word may be part of thousands of words.
_IN_WORD_PRINTS = 32
_WORD = re.compile(r"[^\W_]+")


def printed_at_least(text: str, part: str, times: int) -> bool:
    """True if ``text`` prints ``part`` ``times`` times or more, no two prints overlapping
    (as ``str.count`` counts them). Called by ``headers._counted_repeated``."""
    index = _index_of(text)
    places = None if index is None else index.places(part)
    if places is None:
        return _prints_found(text, part, times) >= times
    return _apart_at_least((start for start in sorted(places) if text.startswith(part, start)),
                           len(part), times)


def _apart_at_least(starts: Iterable[int], length: int, times: int) -> bool:
    """True if ``times`` of the prints starting at ``starts`` (in order), each ``length``
    characters long, do not overlap, as ``str.count`` counts them: read only as far as it
    takes. Called by :func:`printed_at_least` and :meth:`Prints.at_least`."""
    found, free_from = 0, 0
    for start in starts:
        if start >= free_from:
            found, free_from = found + 1, start + length
            if found >= times:
                return True
    return False


class Prints:
    """Every place ``text`` prints ``part``, overlapping prints too, in order: read once, then
    narrowed to the prints of a longer string that holds ``part`` (:meth:`of_longer`), since
    each of those holds a print of ``part``. Who uses it: ``headers._whole_header``, which
    widens a repeated run word by word and asks at each word whether the wider run is
    printed twice too; each answer read from the narrower run's prints costs a few string
    comparisons, where :func:`printed_at_least` reads the index or the whole text."""

    def __init__(self, text: str, part: str, places: Optional[list[int]] = None) -> None:
        self.text, self.part = text, part
        self.places = _every_print(text, part) if places is None else places

    def of_longer(self, longer: str) -> Optional[Prints]:
        """The prints of ``longer``, read from these; None if ``longer`` does not hold
        ``part`` (the caller reads the text)."""
        offset = longer.find(self.part)
        if offset < 0:
            return None
        return Prints(self.text, longer, [place - offset for place in self.places
                                          if self.text.startswith(longer, place - offset)])

    def at_least(self, times: int) -> bool:
        """True if ``times`` of the prints do not overlap (as :func:`printed_at_least`)."""
        return _apart_at_least(self.places, len(self.part), times)


def _every_print(text: str, part: str) -> list[int]:
    """Every place ``text`` prints ``part`` (not empty), overlapping prints too, in order:
    from the index's places where it has them (:func:`_index_of`), else by ``str.find``. A
    place before the text's start is never taken: ``startswith`` reads it from the text's
    end, where fewer characters than ``part``'s are left."""
    index = _index_of(text)
    places = None if index is None else index.places(part)
    if places is not None:
        return sorted(start for start in places if text.startswith(part, start))
    found, at = [], text.find(part)
    while at >= 0:
        found.append(at)
        at = text.find(part, at + 1)
    return found


def _prints_found(text: str, part: str, enough: int) -> int:
    """The prints of ``part`` in ``text`` that do not overlap, counted by ``str.find`` up to
    ``enough``."""
    found, position = 0, 0
    while found < enough:
        at = text.find(part, position)
        if at < 0:
            break
        found, position = found + 1, at + max(1, len(part))
    return found


def whole_prints(text: str, word: str, enough: int) -> int:
    """How many times ``text`` prints ``word`` with no letter or digit on either side, counted
    up to ``enough``. Called by ``printed_words.printed_again`` and ``printed_at_all``."""
    index = _index_of(text)
    if index is not None and _WORD.fullmatch(word):
        return min(enough, len(index.starts.get(word, ())))
    found, inside = 0, 0
    at = text.find(word)
    while at >= 0 and found < enough:
        end = at + len(word)
        if not _letter_at(text, at - 1) and not _letter_at(text, end):
            found += 1
            at = text.find(word, end)
            continue
        inside += 1
        if inside > _IN_WORD_PRINTS:
            return found + _whole_prints_from(text, word, at, enough - found)
        at = text.find(word, at + 1)
    return found


def _letter_at(text: str, position: int) -> bool:
    """True if ``text[position]`` is a letter or a digit (``[^\\W_]``; False off the text)."""
    return 0 <= position < len(text) and text[position].isalnum()


def _whole_prints_from(text: str, word: str, start: int, enough: int) -> int:
    """:func:`whole_prints` from ``start`` on, up to ``enough``, by one regex scan
    (:func:`_whole_word`)."""
    found = 0
    for _ in _whole_word(word).finditer(text, start):
        found += 1
        if found >= enough:
            break
    return found


def _whole_word(word: str) -> re.Pattern[str]:
    """``word`` as a whole word: no letter or digit on either side. The word comes first and
    the letter before it is looked at from its end: a pattern that opens with its letters is
    found by a fast scan for them, where one that opens with a look back tries every
    position of the document."""
    escaped = re.escape(word)
    return re.compile(rf"{escaped}(?<![^\W_]{escaped})(?![^\W_])")


class _QuestionsAsked:
    """How many questions a text has been asked, and its word index once built."""

    def __init__(self) -> None:
        self.count = 0
        self.index: Optional[_WordIndex] = None


@kept_per_text_alone
def _asked(text: str) -> _QuestionsAsked:
    """The questions ``text`` has been asked so far (``per_text_cache``: the documents
    matched now)."""
    return _QuestionsAsked()


def _index_of(text: str) -> Optional[_WordIndex]:
    """The word index of ``text`` if it has been asked enough to pay for one (built now, on the
    ``_QUESTIONS_BEFORE_INDEX``-th question), else None: the caller scans the text. Two of
    Scrapy's threads matching one text may both count a question or build the index: the
    index is the same, and a count off by one only moves when it is built."""
    asked = _asked(text)
    if asked.index is None:
        asked.count += 1
        if asked.count < _QUESTIONS_BEFORE_INDEX:
            return None
        asked.index = _WordIndex(text)
    return asked.index


class _WordIndex:
    """Where each word (a run of letters and digits) of a text starts: every place a string
    can be printed, read from one of its words. A word inside the string, with a mark on
    each side, is that word of the text too; the string's first word may be a longer word's
    end, its last a longer word's start, so those are looked up by their last or first
    ``_EDGE`` characters (:meth:`places`)."""

    def __init__(self, text: str) -> None:
        """Each word's starts in an array of machine integers: a long document's index is
        kept while it is searched, and Python integers in lists take several times the room."""
        self.length = len(text)
        self.starts: dict[str, array[int]] = {}
        for word in _WORD.finditer(text):
            found = self.starts.get(word.group())
            if found is None:
                self.starts[word.group()] = array("i", (word.start(),))
            else:
                found.append(word.start())
        self._by_edge: Optional[dict[tuple[bool, str], list[str]]] = None
        self._places_by_edge: dict[tuple[bool, str], array[int]] = {}

    def places(self, part: str) -> Optional[list[int]]:
        """Every place ``part`` may start in the text, a superset of where it does (some may
        be negative), from its word with the fewest places; None if no word of it anchors it
        (one word from end to end, or none) or a scan costs less than reading every place."""
        best: Optional[tuple[Sequence[int], int]] = None
        for word in _WORD.finditer(part):
            anchor = self._anchor(part, word)
            if anchor is not None and (best is None or len(anchor[0]) < len(best[0])):
                best = anchor
        if best is None or len(best[0]) * _CHARACTERS_PER_STEP > self.length:
            return None
        positions, offset = best
        return [position - offset for position in positions]

    def _anchor(self, part: str, word: re.Match[str]) -> Optional[tuple[Sequence[int], int]]:
        """Where the text prints ``word``, one of ``part``'s words, as the index lists it, and
        the offset in ``part`` those positions stand for. A word with a mark on each side is
        a whole word of the text (its starts); one that ends ``part`` starts a word of the
        text (its starts), one that starts it ends one (its ends), by ``_EDGE`` characters:
        None if shorter."""
        start, end = word.span()
        marked_before, marked_after = start > 0, end < len(part)
        if marked_before and marked_after:
            return self.starts.get(word.group(), ()), start
        if (not marked_before and not marked_after) or end - start < _EDGE:
            return None
        if marked_before:
            return self._edge_places((True, word.group()[:_EDGE]), 0), start
        return self._edge_places((False, word.group()[-_EDGE:]), 1), end

    def _edge_places(self, edge: tuple[bool, str], past_start: int) -> array[int]:
        """Where the words that start (or end) with ``edge``'s characters start (or end:
        ``past_start`` 1 adds each word's length), kept per edge: runs share their words."""
        places = self._places_by_edge.get(edge)
        if places is None:
            places = self._places_by_edge[edge] = array("i")
            for word in self._words_by_edge().get(edge, ()):
                shift = past_start * len(word)
                places.extend(start + shift for start in self.starts[word])
        return places

    def _words_by_edge(self) -> dict[tuple[bool, str], list[str]]:
        """(True, first ``_EDGE`` characters) -> the words that start so, (False, last ones)
        -> those that end so: made on first need."""
        if self._by_edge is None:
            edges: dict[tuple[bool, str], list[str]] = {}
            for word in self.starts:
                if len(word) >= _EDGE:
                    edges.setdefault((True, word[:_EDGE]), []).append(word)
                    edges.setdefault((False, word[-_EDGE:]), []).append(word)
            self._by_edge = edges
        return self._by_edge
