"""Fuzzy title search: the best-matching substring of a part, exactly and fast.

Similarity is ``1 - D/(M+N)`` (D = Indel distance), maximized over *every* substring of the
part, not only title-long windows as in the thesis. Speed comes from LCS bounds computed in C
by rapidfuzz that can never change the result; the slow ``reference_*`` functions are the plain
definitions the fast path is tested against.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from operator import itemgetter
from typing import Optional

from rapidfuzz import fuzz, process
from rapidfuzz.distance import Indel, LCSseq

# A similarity 2*LCS/(M+N) is kept as the exact pair (2*LCS, M+N): ties must be exact ties.
Ratio = tuple[int, int]
_PAD = "\x00"  # pads a title for partial_ratio; if a part has it too, the bound only loosens
_SHORT_NEEDLE = 64  # rapidfuzz's partial_ratio is exhaustive only for needles up to this
_SCORE_MARGIN = 1e-6  # below the gap between distinct ratios, above rapidfuzz's rounding


def ratio_of_limit(limit: float) -> Ratio:
    """The limit as the user wrote it (0.7, not the binary float below it), as a ratio."""
    exact = Fraction(repr(float(limit)))
    return exact.numerator, exact.denominator


def at_least(a: Ratio, b: Ratio) -> bool:
    """Exact ``a >= b`` for two ratios."""
    return a[0] * b[1] >= b[0] * a[1]


@dataclass(frozen=True)
class Bounds:
    """What every substring scoring ``ratio`` or more must satisfy, for one title length."""

    ratio: Ratio
    need: int  # its LCS with the title is at least this (2*LCS >= r*(M+N) and N >= LCS)
    longest: int  # it is at most this long (LCS <= M)
    long_band: int  # its LCS is at least this if it is longer than the title (N >= M+1)

    @classmethod
    def at(cls, ratio: Ratio, m: int) -> Bounds:
        """Derive the thresholds from the ratio r = num/den, in exact integer arithmetic."""
        num, den = ratio
        need = -(-num * m // (2 * den - num))
        long_band = max(need, -(-num * (2 * m + 1) // (2 * den)))
        return cls(ratio, need, m * (2 * den - num) // num, long_band)


@dataclass(frozen=True)
class Title:
    """A normalized title with what the fast search reuses for every part."""

    text: str
    charset: frozenset[str]
    at_limit: Bounds

    @classmethod
    def prepare(cls, text: str, limit: Ratio) -> Title:
        """Precompute the bounds at the fuzzy limit (most parts are rejected by these)."""
        return cls(text, frozenset(text), Bounds.at(limit, len(text)))


def _window_lcs_bound(title: str, part: str, width: int, threshold: int) -> int:
    """Upper bound of the LCS of ``title`` with any substring of at most ``width`` chars.

    0 if that is surely below ``threshold``. partial_ratio scans every window in C (the
    title padded to ``width`` with a char that scores nothing); beyond the range where it
    is exhaustive, longer overlapping windows give a looser bound.
    """
    if len(part) <= width:
        return LCSseq.similarity(title, part, score_cutoff=threshold)
    if len(title) <= width <= _SHORT_NEEDLE:
        needle = title + _PAD * (width - len(title))
        # Full windows score 100*LCS/width; half a step of margin absorbs float rounding.
        score = fuzz.partial_ratio(needle, part, score_cutoff=100 * (threshold - 0.5) / width)
        return math.ceil(score * width / 100 - 1e-6)
    step = max(1, width // 4)
    windows = [part[s:s + width + step - 1] for s in range(0, len(part) - threshold + 1, step)]
    best = process.extractOne(title, windows, scorer=LCSseq.similarity, score_cutoff=threshold)
    return 0 if best is None else best[1]


def _could_reach(title: str, part: str, bounds: Bounds) -> bool:
    """Cheap bounds, cheapest first: False means no substring of ``part`` reaches the ratio.

    Substrings longer than the title need a higher LCS (``long_band``); the windows that
    hold them hold the shorter ones too, so one scan often settles both cases.
    """
    if len(part) < bounds.need or LCSseq.similarity(title, part, score_cutoff=bounds.need) == 0:
        return False
    longest = min(bounds.longest, len(part))
    if longest > len(title):
        lcs = _window_lcs_bound(title, part, longest, bounds.need)
        if lcs < bounds.need or lcs >= bounds.long_band:
            return lcs >= bounds.need
    return _window_lcs_bound(title, part, len(title), bounds.need) >= bounds.need


def _seed_bounds(title: Title, part: str, floor: Bounds) -> Bounds:
    """Bounds at a ratio some substring really has (rapidfuzz's best window), if above ``floor``.

    A high seed shrinks every later bound, which is what keeps the exact search small.
    """
    alignment = fuzz.partial_ratio_alignment(title.text, part)
    window = part[alignment.dest_start:alignment.dest_end]
    seed = (2 * LCSseq.similarity(title.text, window), len(title.text) + len(window))
    if at_least(floor.ratio, seed):
        return floor
    return Bounds.at(seed, len(title.text))


def _candidate_starts(title: Title, part: str, need: int, longest: int) -> list[int]:
    """Starts in coarse windows that pass the LCS bound, and holding a character of the title.

    (A best substring never starts with an unmatched character: trimming it scores higher.)
    """
    step = max(1, longest // 4)
    last = len(part) - need
    coarse = [part[s:s + longest + step - 1] for s in range(0, last + 1, step)]
    hits = process.extract(title.text, coarse, scorer=LCSseq.similarity,
                           score_cutoff=need, limit=None)
    charset = title.charset
    return sorted({s for _, _, index in hits
                   for s in range(index * step, min(index * step + step, last + 1))
                   if part[s] in charset})


def _exact_best(title: Title, part: str, floor: Bounds) -> Optional[tuple[Ratio, int, int]]:
    """Ratio, start and length of the best substring scoring at least ``floor``, or None.

    Only substrings that survive the bounds are scored, by one C call that keeps the first
    maximum; listing them by start, then longest first, implements the tie rule.
    """
    bounds = _seed_bounds(title, part, floor)
    (num, den), need, m = bounds.ratio, bounds.need, len(title.text)
    longest = min(bounds.longest, len(part))
    starts = _candidate_starts(title, part, need, longest)
    windows = [part[s:s + longest] for s in starts]
    reachable = process.extract(title.text, windows, scorer=LCSseq.similarity,
                                score_cutoff=need, limit=None)
    charset = title.charset
    substrings: list[str] = []
    substring_starts: list[int] = []
    for _, lcs, index in sorted(reachable, key=itemgetter(2)):
        start = starts[index]
        top = min(longest, len(part) - start, 2 * lcs * den // num - m)
        window = part[start:start + top]
        prefixes = [window[:n] for n in range(top, need - 1, -1) if window[n - 1] in charset]
        substrings += prefixes
        substring_starts += [start] * len(prefixes)
    if not substrings:
        return None
    # rapidfuzz may drop a score equal to the cutoff, hence the margin and the exact re-check.
    best = process.extractOne(title.text, substrings, scorer=Indel.normalized_similarity,
                              score_cutoff=num / den - _SCORE_MARGIN)
    if best is None:
        return None
    ratio = (2 * LCSseq.similarity(title.text, best[0]), m + len(best[0]))
    return (ratio, substring_starts[best[2]], len(best[0])) if at_least(
        ratio, bounds.ratio) else None


def best_in_part(title: Title, part: str, floor: Bounds) -> Optional[tuple[Ratio, int, int]]:
    """The best substring of ``part`` scoring ``floor`` or better: (ratio, start, length)."""
    exact = part.find(title.text)
    if exact >= 0:
        return (1, 1), exact, len(title.text)
    if not _could_reach(title.text, part, floor):
        return None
    return _exact_best(title, part, floor)


def best_substring(title: str, part: str, fuzzy_limit: float) -> Optional[tuple[float, str, int]]:
    """The fast path alone, on normalized strings: (similarity, substring, offset) or None.

    Equals ``reference_best_substring`` whenever that reaches ``fuzzy_limit``.
    """
    prepared = Title.prepare(title, ratio_of_limit(fuzzy_limit))
    hit = best_in_part(prepared, part, prepared.at_limit) if title else None
    if hit is None:
        return None
    (num, den), start, length = hit
    return num / den, part[start:start + length], start


# ----------------------------------------------------------------------------- references


def indel_distance(a: str, b: str) -> int:
    """Plain dynamic-programming Indel distance (inserts and deletes only)."""
    column = list(range(len(a) + 1))
    for char in b:
        column = _indel_next_column(a, column, char)
    return column[-1]


def _indel_next_column(a: str, column: list[int], char: str) -> list[int]:
    """The DP column after one more character of the second string."""
    new = [column[0] + 1]
    for i, a_char in enumerate(a, start=1):
        best = min(column[i] + 1, new[i - 1] + 1)
        if a_char == char:
            best = min(best, column[i - 1])
        new.append(best)
    return new


def reference_best_substring(title: str, part: str) -> tuple[float, str, int]:
    """Slow, obviously correct definition: the best of *all* substrings by plain DP.

    Returns (similarity, substring, offset); ties go to the earliest start, then the longer
    substring. (0.0, "", 0) when nothing matches at all.
    """
    m = len(title)
    best: tuple[Ratio, int, int] = ((0, 1), 0, 0)
    for start in range(len(part)):
        column = list(range(m + 1))
        for end in range(start + 1, len(part) + 1):
            column = _indel_next_column(title, column, part[end - 1])
            ratio = (m + end - start - column[-1], m + end - start)
            if ratio[0] * best[0][1] > best[0][0] * ratio[1]:
                best = (ratio, start, end - start)
            elif ratio[0] and ratio[0] * best[0][1] == best[0][0] * ratio[1] and start == best[1]:
                best = (ratio, start, end - start)
    (num, den), start, length = best
    return num / den, part[start:start + length], start


def reference_original_scheme(title: str, part: str) -> tuple[float, str, int]:
    """The thesis's own scheme: windows exactly as long as the title at every start.

    Windows get shorter towards the end of the part; ties go to the earliest start.
    """
    m = len(title)
    best: tuple[float, str, int] = (0.0, "", 0)
    for start in range(len(part)):
        window = part[start:start + m]
        similarity = 1 - indel_distance(title, window) / (m + len(window))
        if similarity > best[0]:
            best = (similarity, window, start)
    return best
