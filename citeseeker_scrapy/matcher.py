"""Find citations of given publications in document text (CiteSeeker, Fiala 2003, Algorithm 7.3).

For every author group the matcher finds the exact occurrences of the authors' names in the
normalized text and searches the ``part_length`` characters after each occurrence for the
group's titles. Fuzzy similarity is ``1 - D/(M+N)`` with D the Indel distance, maximized over
*every* substring of the part (not only windows as long as the title, which the thesis used).

Speed comes from bounds that can never change the result: a title is compared with the part
by C-speed LCS routines of rapidfuzz first, and only pairs that could still reach the limit
get the exact search, which itself only scores substrings that the bounds cannot exclude.
The slow ``reference_*`` functions are the plain definitions the fast path is tested against.
"""

from __future__ import annotations

import functools
import re
import sys
import unicodedata
from bisect import bisect_right
from dataclasses import dataclass
from fractions import Fraction
from itertools import accumulate, compress, count, islice
from typing import Iterable, Optional, Sequence

from rapidfuzz import fuzz, process
from rapidfuzz.distance import Indel, LCSseq

from citeseeker_scrapy.exceptions import ConfigError

# ----------------------------------------------------------------------------- normalization

_HYPHEN_AT_LINE_END = re.compile(
    r"-(?<=[^\W\d_]-)[^\S\r\n]*(?:\r\n|\r|\n)[^\S\r\n]*(?=[^\W\d_])"
)
_WHITESPACE_RUN = re.compile(r"\s+")
_ASCII_SPACES_TO_BLANK = str.maketrans({c: " " for c in "\t\n\r\x0b\x0c\x1c\x1d\x1e\x1f"})
_BLANK_RUN = re.compile(" {2,}")


def normalize_text(text: str) -> str:
    """Fold ``text`` so that typography, accents and case never decide whether a name matches.

    Both the documents and the search strings go through here, hence "Ježek" and "jezek"
    match either way. Line-end hyphens between letters are removed first because PDF
    extraction splits words there; ASCII text skips the costly Unicode decomposition.
    """
    if not text.isascii():
        text = _strip_combining_marks(unicodedata.normalize("NFKD", text))
    if "-" in text:
        text = _HYPHEN_AT_LINE_END.sub("", text)
    text = text.lower()
    if text.isascii():
        text = _BLANK_RUN.sub(" ", text.translate(_ASCII_SPACES_TO_BLANK))
    else:
        text = _WHITESPACE_RUN.sub(" ", text)
    return text.strip(" ")


def _strip_combining_marks(text: str) -> str:
    """Drop the accents NFKD split off; a regex class is far faster than a per-char loop."""
    if text.isascii():
        return text
    return _combining_mark_pattern().sub("", text)


@functools.lru_cache(maxsize=1)
def _combining_mark_pattern() -> re.Pattern[str]:
    """Build (once, lazily: it scans all code points) a class of every combining character."""
    ranges: list[str] = []
    start = previous = -2
    for code in range(sys.maxunicode + 1):
        if unicodedata.combining(chr(code)):
            if code != previous + 1:
                if start >= 0:
                    ranges.append(_char_range(start, previous))
                start = code
            previous = code
    ranges.append(_char_range(start, previous))
    return re.compile("[" + "".join(ranges) + "]")


def _char_range(first: int, last: int) -> str:
    """One escaped ``a-b`` item of a regex character class."""
    return re.escape(chr(first)) + "-" + re.escape(chr(last))


# ----------------------------------------------------------------------------- query model


@dataclass(frozen=True)
class AuthorGroup:
    """Authors who share a list of publications: any of their names may precede a citation."""

    authors: tuple[str, ...]
    publications: tuple[str, ...]


@dataclass(frozen=True)
class MatcherSettings:
    """Tuning of Algorithm 7.3; validated here so that a bad value fails at start-up."""

    method: str = "fuzzy"
    fuzzy_limit: float = 0.75
    part_length: int = 200
    min_author_distance: int = 30

    def __post_init__(self) -> None:
        """Reject values the algorithm cannot work with, naming the setting at fault."""
        if self.method not in ("fuzzy", "exact"):
            raise ConfigError(f"method must be 'fuzzy' or 'exact', not {self.method!r}")
        limit = self.fuzzy_limit
        if isinstance(limit, bool) or not isinstance(limit, (int, float)) or not 0 < limit <= 1:
            raise ConfigError(f"fuzzy_limit must be a number in (0, 1], not {limit!r}")
        for name in ("part_length", "min_author_distance"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise ConfigError(f"{name} must be a non-negative integer, not {value!r}")
        if self.part_length == 0:
            raise ConfigError("part_length must be at least 1")


@dataclass(frozen=True)
class Citation:
    """The best place in one document where a publication of a group is cited."""

    author: str
    publication: str
    found: str
    similarity: float
    position: int


# ----------------------------------------------------------------------------- similarity core

# A similarity 2*LCS/(M+N) is kept as the exact pair (2*LCS, M+N): ties must be exact ties.
Ratio = tuple[int, int]
_PAD = "\x00"  # pads a title for partial_ratio; parts containing it take the generic path
_SHORT_NEEDLE = 64  # rapidfuzz's partial_ratio is exhaustive only for needles up to this
_SCORE_MARGIN = 1e-6


def _ratio_of_limit(limit: float) -> Ratio:
    """The limit as the user wrote it (0.7, not the binary float below it), as a ratio."""
    exact = Fraction(repr(float(limit)))
    return exact.numerator, exact.denominator


def _at_least(a: Ratio, b: Ratio) -> bool:
    """Exact ``a >= b`` for two ratios."""
    return a[0] * b[1] >= b[0] * a[1]


def _min_lcs(bound: Ratio, m: int) -> int:
    """Smallest LCS a substring needs to reach ``bound`` (since N >= LCS)."""
    num, den = bound
    return -(-num * m // (2 * den - num))


def _max_length(bound: Ratio, m: int) -> int:
    """Longest substring that can still reach ``bound`` (since LCS <= M)."""
    num, den = bound
    return m * (2 * den - num) // num


def _band_threshold(bound: Ratio, m: int, shortest: int) -> int:
    """LCS a window must have to hold a substring of at least ``shortest`` chars at ``bound``."""
    num, den = bound
    return max(_min_lcs(bound, m), -(-num * (m + shortest) // (2 * den)))


@dataclass(frozen=True)
class _Title:
    """A normalized title with everything the fast search reuses for every part."""

    text: str
    charset: frozenset[str]
    limit: Ratio
    need: int
    longest: int
    short_band: int
    long_band: int

    @classmethod
    def prepare(cls, text: str, limit: Ratio) -> _Title:
        """Precompute the LCS thresholds of the two length bands (N <= M and N > M)."""
        m = len(text)
        longest = _max_length(limit, m)
        return cls(text, frozenset(text), limit, _min_lcs(limit, m), longest,
                   _min_lcs(limit, m), _band_threshold(limit, m, m + 1))


def _windows_reach(title: str, part: str, width: int, threshold: int) -> bool:
    """Whether some ``width``-char window of ``part`` has LCS >= ``threshold`` with ``title``.

    Every substring of at most ``width`` chars lies in such a window, so a False here rules
    the whole band out. partial_ratio scans all windows in C when the (padded) needle is
    short; otherwise overlapping windows are checked, which can only be more permissive.
    """
    if len(part) <= width:
        return LCSseq.similarity(title, part, score_cutoff=threshold) >= threshold
    if len(title) <= width <= _SHORT_NEEDLE and _PAD not in part:
        needle = title + _PAD * (width - len(title))
        # Full windows score 100*LCS/width; half a step of margin absorbs float rounding.
        return fuzz.partial_ratio(needle, part, score_cutoff=100 * (threshold - 0.5) / width) > 0
    step = max(1, width // 4)
    windows = [part[s:s + width + step - 1] for s in range(0, len(part) - threshold + 1, step)]
    return process.extractOne(title, windows, scorer=LCSseq.similarity,
                              score_cutoff=threshold) is not None


def _could_reach_limit(title: _Title, part: str) -> bool:
    """Cheap bounds, cheapest first: a False means no substring of ``part`` reaches the limit."""
    text = title.text
    if len(part) < title.need or LCSseq.similarity(text, part, score_cutoff=title.need) == 0:
        return False
    if _windows_reach(text, part, len(text), title.short_band):
        return True
    longest = min(title.longest, len(part))
    return longest > len(text) and _windows_reach(text, part, longest, title.long_band)


def _seed_ratio(title: _Title, part: str) -> Ratio:
    """A similarity some substring really has (rapidfuzz's best window), or the limit if higher.

    A high seed shrinks every later bound, which is what keeps the exact search small.
    """
    alignment = fuzz.partial_ratio_alignment(title.text, part)
    window = part[alignment.dest_start:alignment.dest_end]
    seed = (2 * LCSseq.similarity(title.text, window), len(title.text) + len(window))
    return seed if _at_least(seed, title.limit) else title.limit


def _candidate_starts(title: _Title, part: str, need: int, longest: int) -> list[int]:
    """Starts whose next ``longest`` chars could hold a good enough substring.

    A best substring starts with a character of the title (an unmatched first character
    could be trimmed for a higher score), and overlapping coarse windows rule out whole
    stretches before the per-start windows are measured.
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


def _exact_best(title: _Title, part: str, floor: Ratio) -> Optional[tuple[Ratio, int, int]]:
    """Ratio, start and length of the best substring with ratio >= ``floor``, or None.

    Only substrings that survive the bounds are scored, by one C call that keeps the first
    maximum; listing them by start, then longest first, implements the tie rule.
    """
    seed = _seed_ratio(title, part)
    bound = seed if _at_least(seed, floor) else floor
    m = len(title.text)
    need, longest = _min_lcs(bound, m), min(_max_length(bound, m), len(part))
    starts = _candidate_starts(title, part, need, longest)
    windows = [part[s:s + longest] for s in starts]
    reachable = process.extract(title.text, windows, scorer=LCSseq.similarity,
                                score_cutoff=need, limit=None)
    candidates: list[tuple[int, int]] = []
    for _, lcs, index in sorted(reachable, key=lambda hit: hit[2]):
        start = starts[index]
        top = min(longest, len(part) - start, 2 * lcs * bound[1] // bound[0] - m)
        candidates.extend((start, n) for n in range(top, need - 1, -1)
                          if part[start + n - 1] in title.charset)
    if not candidates:
        return None
    substrings = [part[s:s + n] for s, n in candidates]
    # rapidfuzz may drop a score equal to the cutoff (float rounding), hence the margin; it is
    # far below the gap between two distinct ratios, and the winner is re-checked exactly.
    best = process.extractOne(title.text, substrings, scorer=Indel.normalized_similarity,
                              score_cutoff=bound[0] / bound[1] - _SCORE_MARGIN)
    if best is None:
        return None
    ratio = (2 * LCSseq.similarity(title.text, best[0]), m + len(best[0]))
    return (ratio, *candidates[best[2]]) if _at_least(ratio, bound) else None


def _best_in_part(title: _Title, part: str, floor: Ratio) -> Optional[tuple[Ratio, int, int]]:
    """The best substring of ``part`` at ``floor`` or better: (ratio, start, length), or None."""
    text = title.text
    exact = part.find(text)
    if exact >= 0:
        return (1, 1), exact, len(text)
    if not _could_reach_limit(title, part):
        return None
    return _exact_best(title, part, floor)


def best_substring(title: str, part: str, fuzzy_limit: float) -> Optional[tuple[float, str, int]]:
    """Fast path on its own: (similarity, substring, offset) of the best hit in ``part``, or None.

    Both strings must already be normalized; the result equals ``reference_best_substring``
    whenever that reaches ``fuzzy_limit``.
    """
    if not title:
        return None
    limit = _ratio_of_limit(fuzzy_limit)
    hit = _best_in_part(_Title.prepare(title, limit), part, limit)
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


# ----------------------------------------------------------------------------- author search

_TOKEN_INDEX_MIN_NAMES = 16  # below this, one str.find pass per name is cheaper


def find_name_positions(text: str, names: Sequence[str]) -> list[list[int]]:
    """Start offsets of every exact occurrence of each name, one sorted list per name.

    Few names: repeated ``str.find``. Many names: a name without blanks lies inside one
    blank-separated token, so one pass over the distinct tokens finds which tokens hold
    which names and the positions follow from token lengths, all at C speed.
    """
    single = [i for i, name in enumerate(names) if " " not in name]
    if len(single) < _TOKEN_INDEX_MIN_NAMES:
        single = []
    result = _positions_by_tokens(text, [names[i] for i in single])
    positions = [[] for _ in names]  # type: list[list[int]]
    for i, found in zip(single, result):
        positions[i] = found
    for i in set(range(len(names))) - set(single):
        positions[i] = _positions_by_find(text, names[i])
    return positions


def _positions_by_find(text: str, name: str) -> list[int]:
    """Every (possibly overlapping) occurrence of ``name`` by repeated ``str.find``."""
    positions = []
    index = text.find(name)
    while index >= 0:
        positions.append(index)
        index = text.find(name, index + 1)
    return positions


def _positions_by_tokens(text: str, names: Sequence[str]) -> list[list[int]]:
    """Occurrences of blank-free names via the distinct tokens of ``text`` (see caller)."""
    if not names:
        return []
    tokens = text.split(" ")
    hits = _names_in_tokens(sorted(set(tokens)), names)
    positions = [[] for _ in names]  # type: list[list[int]]
    offset, previous = 0, 0
    for index in compress(count(), map(hits.__contains__, tokens)):
        offset += sum(map(len, islice(tokens, previous, index))) + index - previous
        previous = index
        for name_index, inner in hits[tokens[index]]:
            positions[name_index].append(offset + inner)
    return positions


def _names_in_tokens(distinct: list[str], names: Sequence[str]) -> dict[str, list[tuple[int, int]]]:
    """Map each distinct token to the (name index, offset in token) of the names inside it."""
    joined = " ".join(distinct)
    starts = list(accumulate((len(token) + 1 for token in distinct), initial=0))
    hits: dict[str, list[tuple[int, int]]] = {}
    for name_index, name in enumerate(names):
        for at in _positions_by_find(joined, name):
            token_index = bisect_right(starts, at) - 1
            hits.setdefault(distinct[token_index], []).append(
                (name_index, at - starts[token_index]))
    for found in hits.values():
        found.sort(key=lambda hit: hit[1])
    return hits


# ----------------------------------------------------------------------------- the matcher


@dataclass(frozen=True)
class _PreparedGroup:
    """A group with names and titles normalized once, as indexes into shared tables."""

    author_names: tuple[int, ...]
    name_lengths: tuple[int, ...]
    authors: tuple[str, ...]
    publications: tuple[str, ...]
    titles: tuple[_Title, ...]


@dataclass(frozen=True)
class _Occurrence:
    """A kept author occurrence and the part of the text searched after it."""

    author: str
    part_start: int
    part: str


class CitationMatcher:
    """Algorithm 7.3 for a fixed query, built once and applied to every downloaded document."""

    def __init__(self, groups: Sequence[AuthorGroup], settings: MatcherSettings) -> None:
        """Normalize every name and title once and precompute the per-title bounds."""
        self._settings = settings
        self._limit = _ratio_of_limit(settings.fuzzy_limit)
        self._names: dict[str, int] = {}
        self._groups = [self._prepare(group) for group in groups]

    def _prepare(self, group: AuthorGroup) -> _PreparedGroup:
        """Normalize one group; empty names or titles would match everywhere, so refuse them."""
        names = [_normalized_or_fail(author, "author") for author in group.authors]
        titles = tuple(_Title.prepare(_normalized_or_fail(p, "title"), self._limit)
                       for p in group.publications)
        return _PreparedGroup(tuple(self._name_index(name) for name in names),
                              tuple(len(name) for name in names), tuple(group.authors),
                              tuple(group.publications), titles)

    def _name_index(self, name: str) -> int:
        """Share one search per distinct name across groups."""
        return self._names.setdefault(name, len(self._names))

    def find(self, text: str, *, normalized: bool = False) -> list[Citation]:
        """The best citation of each (group, publication) in ``text``, in input order."""
        if not normalized:
            text = normalize_text(text)
        positions = find_name_positions(text, list(self._names))
        citations: list[Citation] = []
        for group in self._groups:
            occurrences = self._occurrences(text, group, positions)
            if occurrences:
                citations.extend(self._search_group(group, occurrences))
        return citations

    def _occurrences(self, text: str, group: _PreparedGroup,
                     positions: list[list[int]]) -> list[_Occurrence]:
        """Merge the group's name occurrences closer than ``min_author_distance`` to a kept one."""
        hits = sorted((pos, order) for order, name_index in enumerate(group.author_names)
                      for pos in positions[name_index])
        kept: list[_Occurrence] = []
        last = None
        for pos, order in hits:
            if last is None or pos - last >= self._settings.min_author_distance:
                last = pos
                end = pos + group.name_lengths[order]
                part = text[end:end + self._settings.part_length]
                kept.append(_Occurrence(group.authors[order], end, part))
        return kept

    def _search_group(self, group: _PreparedGroup,
                      occurrences: list[_Occurrence]) -> Iterable[Citation]:
        """Search every part for every title of the group, keeping the best hit per title."""
        for publication, title in zip(group.publications, group.titles):
            if self._settings.method == "exact":
                citation = _best_exact(title.text, occurrences)
            else:
                citation = self._best_fuzzy(title, occurrences)
            if citation is not None:
                author, found, similarity, position = citation
                yield Citation(author, publication, found, similarity, position)

    def _best_fuzzy(self, title: _Title,
                    occurrences: list[_Occurrence]) -> Optional[tuple[str, str, float, int]]:
        """Best over all parts: higher ratio wins, then the earlier position in the text."""
        best: Optional[tuple[Ratio, int, str, str]] = None
        for occurrence in occurrences:
            floor = self._limit if best is None else best[0]
            hit = _best_in_part(title, occurrence.part, floor)
            if hit is None:
                continue
            ratio, start, length = hit
            position = occurrence.part_start + start
            if best is None or _better(ratio, position, best[0], best[1]):
                found = occurrence.part[start:start + length]
                best = (ratio, position, found, occurrence.author)
            if ratio == (1, 1):
                break
        if best is None:
            return None
        (num, den), position, found, author = best
        return author, found, round(num / den, 4), position


def _better(ratio: Ratio, position: int, best_ratio: Ratio, best_position: int) -> bool:
    """Strictly higher similarity, or the same one earlier in the text."""
    if ratio[0] * best_ratio[1] != best_ratio[0] * ratio[1]:
        return ratio[0] * best_ratio[1] > best_ratio[0] * ratio[1]
    return position < best_position


def _best_exact(title: str, occurrences: list[_Occurrence]) -> Optional[tuple[str, str, float, int]]:
    """Method "exact": the first part holding the title verbatim has its earliest occurrence."""
    for occurrence in occurrences:
        index = occurrence.part.find(title)
        if index >= 0:
            return occurrence.author, title, 1.0, occurrence.part_start + index
    return None


def _normalized_or_fail(value: str, what: str) -> str:
    """Normalize a search string; an empty one is a configuration mistake."""
    normalized = normalize_text(value)
    if not normalized:
        raise ConfigError(f"{what} {value!r} is empty after normalization")
    return normalized
