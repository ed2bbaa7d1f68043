"""Word coverage: are the title's words printed near a hit, in the title's order? (improved scheme)

The edit similarity 1 - D/(M+N) reaches the limit with a whole part of the title missing (a
title sharing a long prefix with a cited one). So the title's words, weighted by their
length, must occur near the match *in the title's order* (each exactly, or with
``partial_ratio`` >= 80, which also finds "lineclipping" and "em beddings") for at least 80 %
of the title (:func:`covers_words`). Words missing at the title's end (start) count if they
follow (precede) the match as one block within ``headers.INTERRUPTION`` characters and the
same "[n]" entry: a running header or page number can sit inside a title. A misquote with two
words swapped passes too when every word of the title is there and the hit is at least 0.8
similar (:func:`reordered`); in a title of up to four words no whole word may be missing
(another title, not a typo). ``verify`` asks both first of each hit.
"""

from __future__ import annotations

import re
from typing import Optional, Sequence

from rapidfuzz import fuzz
from rapidfuzz.distance import Indel

from .checked_title import CheckedTitle
from ..entries.entry_numbers import last_entry_start, next_entry_start
from ..text.headers import INTERRUPTION, SHORT_WORD
from ..text.printed_words import WORD, in_word, ocr_read, word_start, word_text

_MIN_WORD_COVERAGE = 0.8
WORD_SCORE = 80  # partial_ratio of a title word with the text near the match
_JOINED_SCORE = 90  # partial_ratio of a title word inside a printed word joined to another
WORD_SLACK = 20  # characters around the match where the title's words are looked for
_WHOLE_WORD_TITLE = 4  # in a title this short every word counts (a missing one is no typo)
_MIN_REORDERED_WORDS = 4  # shorter titles are never accepted with their words reordered
_REORDERED_SIMILARITY = 0.75  # a reordered hit's similarity to the title: the fuzzy limit


def reordered(text: str, title: CheckedTitle, start: int, end: int) -> bool:
    """True for a misquote with words swapped ("...between traditional and open..." for
    "...between open and traditional..."): a person calls it a citation, the order check not.

    Bounded so that the same words scattered around are still no title: a title of
    ``_MIN_REORDERED_WORDS`` words or more, the hit at least ``_REORDERED_SIMILARITY`` similar
    to it, and every one of its words inside the hit or the few characters of the title it
    left out (a swapped word at the end falls outside the best substring), in order but for
    one swap (``_one_short_swap``). The words taken in before the hit may be the end of the
    author list ("...Smith and D. Li, On an endpoint...": "and" would stand for "an"), so
    they are left out one by one until the check passes or the hit's own words remain.
    """
    if len(title.words) < _MIN_REORDERED_WORDS:
        return False
    if Indel.normalized_similarity(title.title.text, text[start:end]) < _REORDERED_SIMILARITY:
        return False
    slack = max(0, len(title.title.text) - (end - start)) + 1
    low = word_start(text, max(0, start - slack))
    high = min(len(text), end + slack)
    while high < len(text) and in_word(text[high]):
        high += 1
    printed = WORD.findall(word_text(text, low, high))
    before = len(WORD.findall(word_text(text, low, word_start(text, start))))
    return any(_one_short_swap(title.words, printed[skipped:]) for skipped in range(before + 1))


#: A title's closing punctuation inside a hit, a blank after it: a full stop, a question or
#: exclamation mark, a closing quote ("...The New Discourse. New York", "...in Angola’ in
#: Fall"). Not a comma, colon or semicolon: a title holds them inside.
_TITLE_CLOSE = re.compile("[.!?\"\u201d\u2019'\u00bb] ")


def reordered_title_close(text: str, title: CheckedTitle, start: int, end: int
                          ) -> Optional[int]:
    """Where a title closes inside the hit ``text[start:end]`` when the printed words from the
    hit's start to that close are the query's words, each as often, in another order, or None.

    A misquote that moves a word to the title's end ("Cranbrook Design: The Discourse New"
    for "...The New Discourse") is matched past the close where the next field opens with the
    moved word ("...The New Discourse. New York"): the hit takes that field's word, and the
    word after it reads as the printed title's own. The words up to the close are the whole
    title, none replaced, dropped or added, and the hit's words past the close are the query's
    last ones (the moved word printed again), so the hit is read as ending there. Only a
    title of ``_MIN_REORDERED_WORDS`` words or more (a shorter one is never accepted
    reordered: :func:`reordered`). Called by ``verify`` on a hit the word check turns down."""
    if len(title.words) < _MIN_REORDERED_WORDS:
        return None
    wanted = sorted(title.words)
    for close in _TITLE_CLOSE.finditer(text, start, end):
        printed = WORD.findall(word_text(text, start, close.start()))
        past = WORD.findall(word_text(text, close.end(), end))
        if (sorted(printed) == wanted and tuple(printed) != title.words and past
                and tuple(past) == title.words[-len(past):]):
            return close.start()
    return None


def _one_short_swap(words: Sequence[str], printed: Sequence[str]) -> bool:
    """True if every title word is among the printed words (each used once, exactly or at
    least ``WORD_SCORE`` similar) in the title's order but for one swap of two words at most
    two apart ("open and traditional" / "traditional and open"): a bounded reordering."""
    used: set[int] = set()
    at = []
    for word in words:
        match = next((i for i, other in enumerate(printed) if i not in used and (
            other == word or fuzz.ratio(word, other) >= WORD_SCORE)), None)
        if match is None:
            return False
        used.add(match)
        at.append(match)
    ranks = sorted(range(len(at)), key=at.__getitem__)
    moved = [i for i, rank in enumerate(ranks) if rank != i]
    return not moved or (len(moved) == 2 and moved[1] - moved[0] <= 2
                         and ranks[moved[0]] == moved[1])


def covers_words(text: str, title: CheckedTitle, start: int, end: int) -> bool:
    """At least ``_MIN_WORD_COVERAGE`` of the title's letters are in words present near the hit.

    "Near" is the hit plus the part of the title it may have left out, plus a little; for a
    title of more than ``_WHOLE_WORD_TITLE`` words also with its blanks removed (pypdf splits
    the words of a kerned Type 3 font: "tec hnical pic/- tures"). When
    the missing words are the title's last (or first) ones, they may lie beyond a running
    header or page number that extraction put inside the title; then they count if they
    follow (precede) the hit as one block, within ``INTERRUPTION`` characters.
    """
    slack = max(0, len(title.title.text) - (end - start)) + WORD_SLACK
    nearby = _ampersand_as_and(title.words, word_text(text, start - slack, end + slack))
    present = _present_words(title.words, nearby)
    if _coverage(title, present):
        return True
    if len(title.words) > _WHOLE_WORD_TITLE and _coverage(
            title, _present_words(title.words, nearby.replace(" ", ""))):
        return True  # words split by blanks: "tec hnical pic/- tures" (kerned Type 3 fonts)
    aligned = _aligned_words(title.words, nearby)
    if _coverage(title, aligned):
        return True
    if _weight(title, aligned) > _weight(title, present):
        present = aligned
    if not any(present):
        return False
    missing = [i for i, here in enumerate(present) if not here]
    if missing[0] > 0 and not _longer_word_present(title, present, missing[0] + 1, len(present)):
        block = " ".join(title.words[missing[0]:])
        stop = next_entry_start(text, end, end + INTERRUPTION + len(block) + slack)
        nearby = word_text(text, end, stop)
    elif missing[-1] < len(present) - 1 and not _longer_word_present(title, present, 0,
                                                                       missing[-1]):
        block = " ".join(title.words[:missing[-1] + 1])
        low = max(0, start - INTERRUPTION - len(block) - slack)
        nearby = word_text(text, last_entry_start(text, low, start), start)
    else:
        return False
    return fuzz.partial_ratio(block, nearby, score_cutoff=WORD_SCORE) > 0


def _longer_word_present(title: CheckedTitle, present: Sequence[bool], low: int,
                         high: int) -> bool:
    """True if a title word of ``SHORT_WORD`` letters or more in ``[low, high)`` is present:
    a short one may be the running header's own ("Generated Studies of Citation Styles" inside
    "...Biotransformation of | Mixtures of Chlorinated..."), so it does not tell that the
    title's words go on there. Called by :func:`covers_words`."""
    return any(present[i] and len(title.words[i]) >= SHORT_WORD for i in range(low, high))


def _aligned_words(words: Sequence[str], nearby: str) -> list[bool]:
    """Which title words have a counterpart among the printed words of ``nearby``, in the
    title's order, aligned so that the most letters have one (a longest common subsequence
    of words, weighted by length; counterparts as :func:`_same_word` reads them).

    The second reading of :func:`covers_words`: :func:`_present_words` takes each word's
    first exact occurrence, so a later repetition (the venue's "continental" after an
    OCR-damaged "contincntal" in the title; the title's own last words "draw solutes" when
    its first half lies before a page break) takes the cursor past the title's other words.
    """
    printed = WORD.findall(nearby)
    read = [ocr_read(other) for other in printed]  # once a printed word, not once a pair
    same = [[_same_word(word, other, other_read) for other, other_read in zip(printed, read)]
            for word in words]
    rows, columns = len(words), len(printed)
    best = [[0] * (columns + 1) for _ in range(rows + 1)]
    for i in range(rows - 1, -1, -1):
        for j in range(columns - 1, -1, -1):
            taken = len(words[i]) + best[i + 1][j + 1] if same[i][j] else 0
            best[i][j] = max(best[i + 1][j], best[i][j + 1], taken)
    present, i, j = [], 0, 0
    while i < rows:
        if j < columns and same[i][j] and best[i][j] == len(words[i]) + best[i + 1][j + 1]:
            present.append(True)
            i, j = i + 1, j + 1
        elif j < columns and best[i][j] == best[i][j + 1]:
            j += 1
        else:
            present.append(False)
            i += 1
    return present


def _same_word(word: str, printed: str, read: str) -> bool:
    """True if a printed word stands for a title word: equal, at least ``WORD_SCORE``
    similar (also with its OCR confusions read back: ``read``, ``printed_words.ocr_read`` of it), or
    holding it (words joined). Called by :func:`_aligned_words` for each pair of a title word
    and a printed word, which reads each printed word back once."""
    return (printed == word or fuzz.ratio(word, printed, score_cutoff=WORD_SCORE) > 0
            or fuzz.ratio(word, read, score_cutoff=WORD_SCORE) > 0
            or (len(printed) > len(word) >= 4
                and fuzz.partial_ratio(word, printed, score_cutoff=_JOINED_SCORE) > 0))


def _weight(title: CheckedTitle, present: Sequence[bool]) -> int:
    """The letters of the title's words that are present."""
    return sum(len(word) for word, here in zip(title.words, present) if here)


#: The word for "and" in the languages titles are printed in, three letters or more (a shorter
#: one may be missing from any title: :func:`_coverage`).
_AND_WORDS = frozenset({"and", "und", "och"})
_AMPERSAND = re.compile(r"(?<!\S)&(?!\S)")


def _ampersand_as_and(words: Sequence[str], nearby: str) -> str:
    """``nearby`` with each printed "&" read as the title's own word for "and": "Sediments &
    Habitats" prints the title "Sediments and Habitats" (a style or a typesetter's choice),
    no word of it missing. Called by :func:`covers_words`."""
    conjunction = next((word for word in words if word in _AND_WORDS), None)
    return nearby if conjunction is None else _AMPERSAND.sub(conjunction, nearby)


def _present_words(words: Sequence[str], nearby: str) -> list[bool]:
    """Which words occur in ``nearby`` in the title's order, each exactly or with
    ``partial_ratio`` >= ``WORD_SCORE`` (which also finds "lineclipping" and "em beddings").

    Order matters: the same words scattered around ("pulmonary embolism in patients ...
    trauma") are not the title "Pulmonary embolism in major trauma patients".
    """
    cursor, present = 0, []
    for word in words:
        at = nearby.find(word, cursor)
        if at >= 0:
            cursor = at + len(word)
        elif len(word) <= len(nearby) - cursor and (alignment := fuzz.partial_ratio_alignment(
                word, nearby[cursor:], score_cutoff=WORD_SCORE)) is not None:
            cursor += alignment.dest_end
        elif (end := _similar_word_end(word, nearby, cursor)) is not None:
            cursor = end
        else:
            present.append(False)
            continue
        present.append(True)
    return present


def _similar_word_end(word: str, nearby: str, cursor: int) -> Optional[int]:
    """Where the first word after ``cursor`` at least ``WORD_SCORE`` similar to ``word``
    ends. ``partial_ratio`` compares equal lengths, so a short word typed with a letter
    missing ("tpic", "quey") scores 75 against its printed form; the whole words score 89.
    A printed word is also compared with its OCR confusions read back ("norrnan")."""
    for match in WORD.finditer(nearby, cursor):
        printed = match.group()
        if fuzz.ratio(word, printed, score_cutoff=WORD_SCORE):
            return match.end()
        read = ocr_read(printed)
        if read != printed and fuzz.ratio(word, read, score_cutoff=WORD_SCORE):
            return match.end()
    return None


def _coverage(title: CheckedTitle, present: Sequence[bool]) -> bool:
    """True if the present words hold at least ``_MIN_WORD_COVERAGE`` of the title's letters.

    In a title of ``_WHOLE_WORD_TITLE`` words or fewer a whole word missing is another title
    ("The LaTeX Web Companion" is not "The LaTeX Companion"), not a typo: no word of three
    letters or more may be missing.
    """
    if len(title.words) <= _WHOLE_WORD_TITLE and any(
            not here and len(word) >= 3 for word, here in zip(title.words, present)):
        return False
    letters = sum(len(word) for word, here in zip(title.words, present) if here)
    return letters >= _MIN_WORD_COVERAGE * title.weight
