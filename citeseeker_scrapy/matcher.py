"""Find citations of given publications in document text (CiteSeeker, Fiala 2003, Algorithm 7.3).

After each exact occurrence of an author's name, the next ``part_length`` characters are
searched for the group's titles. Fuzzy similarity is ``1 - D/(M+N)`` (D = Indel distance),
maximized over *every* substring of the part, not only title-long windows as in the thesis.
Speed comes from LCS bounds computed in C by rapidfuzz that can never change the result; the
slow ``reference_*`` functions are the plain definitions the fast path is tested against.
"""

from __future__ import annotations

import functools
import math
import re
import unicodedata
from bisect import bisect_right
from dataclasses import dataclass
from fractions import Fraction
from itertools import accumulate, compress, count
from typing import Optional, Sequence

from rapidfuzz import fuzz, process
from rapidfuzz.distance import Indel, LCSseq

from citeseeker_scrapy.exceptions import ConfigError

# ----------------------------------------------------------------------------- normalization

_HYPHEN_AT_LINE_END = re.compile(
    r"-(?<=[^\W\d_]-)[^\S\r\n]*(?:\r\n|\r|\n)[^\S\r\n]*(?=[^\W\d_])"
)
_ASCII_SPACES = b"\t\n\r\x0b\x0c\x1c\x1d\x1e\x1f"
_ASCII_SPACES_TO_BLANK = bytes.maketrans(_ASCII_SPACES, b" " * len(_ASCII_SPACES))
_BLANK_RUN = re.compile(b"  +")  # a literal prefix lets the regex engine skip ahead fast
_ASCII_BYTES = bytes(range(128))
# Once other white space is folded to blanks, this finds every place the pattern above can.
_HYPHEN_BREAK_CANDIDATE = re.compile(rb"-[ \t\x0b\x0c\x1c-\x1f]*[\r\n]")
_DENSE_NON_ASCII = 0.08  # above this share of extra UTF-8 bytes, fold the whole text at once


def normalize_text(text: str) -> str:
    """Fold ``text`` so that typography, accents and case never decide whether a name matches.

    Both the documents and the search strings go through here, hence "Ježek" and "jezek"
    match either way. Line-end hyphens between letters are removed because PDF extraction
    splits words there. Mostly-ASCII text (the usual case) only pays for its few other chars.
    """
    try:
        data = text.encode("utf-8")
    except UnicodeEncodeError:  # lone surrogates from a lenient decoder
        return _normalize_dense(text)
    if len(data) - len(text) > _DENSE_NON_ASCII * len(text):
        return _normalize_dense(text)
    return _normalize_mostly_ascii(data)


def _normalize_dense(text: str) -> str:
    """Whole-text path: one NFKD, then case and every Unicode white space."""
    text = _strip_combining_marks(unicodedata.normalize("NFKD", text))
    return " ".join(_join_broken_words(text).lower().split())


def _normalize_mostly_ascii(data: bytes) -> str:
    """Fold the few non-ASCII chars first, then the rest as bytes (ASCII-only, fast ops)."""
    if not data.isascii():
        data = _fold_non_ascii_chars(data)
    if _HYPHEN_BREAK_CANDIDATE.search(data):
        data = _join_broken_words(data.decode("utf-8")).encode("utf-8")
    data = data.lower().translate(_ASCII_SPACES_TO_BLANK)
    if b"  " in data:
        data = _BLANK_RUN.sub(b" ", data)
    return data.strip(b" ").decode("utf-8")


def _join_broken_words(text: str) -> str:
    """Remove a hyphen + line break between two letters ("re-<newline>moval" -> "removal")."""
    return _HYPHEN_AT_LINE_END.sub("", text) if "-" in text else text


def _fold_non_ascii_chars(data: bytes) -> bytes:
    """Fold (in UTF-8) the non-ASCII chars that change: accents, ligatures, capitals, spaces.

    A regex of just those chars skips ahead fast; dashes and quotes are never visited.
    """
    distinct = set(data.translate(None, _ASCII_BYTES).decode("utf-8"))
    changing = [c.encode("utf-8") for c in distinct if _fold_non_ascii(c) != c]
    if not changing:
        return data
    one = b"(?:" + b"|".join(map(re.escape, changing)) + b")"
    return re.sub(one + one + b"*", _fold_run, data)  # (?:...)+ would defeat the fast scan


def _fold_run(match: re.Match[bytes]) -> bytes:
    """Fold one run of changing chars, as the whole-text path would."""
    return _fold_non_ascii(match.group().decode("utf-8")).encode("utf-8")


@functools.lru_cache(maxsize=4096)
def _fold_non_ascii(run: str) -> str:
    """NFKD without combining marks, lower case, and white space as plain blanks."""
    decomposed = unicodedata.normalize("NFKD", run)
    folded = "".join(c for c in decomposed if not unicodedata.combining(c)).lower()
    return "".join(" " if c.isspace() else c for c in folded)


def _strip_combining_marks(text: str) -> str:
    """Drop the accents NFKD split off (a class of just the marks present keeps regex fast)."""
    if text.isascii():
        return text
    marks = "".join(c for c in set(text) if unicodedata.combining(c))
    return re.sub("[" + re.escape(marks) + "]", "", text) if marks else text


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
        if type(limit) not in (int, float) or not 0 < limit <= 1:
            raise ConfigError(f"fuzzy_limit must be a number in (0, 1], not {limit!r}")
        for name, lowest in (("part_length", 1), ("min_author_distance", 0)):
            value = getattr(self, name)
            if type(value) is not int or value < lowest:
                raise ConfigError(f"{name} must be an integer >= {lowest}, not {value!r}")


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
_PAD = "\x00"  # pads a title for partial_ratio; if a part has it too, the bound only loosens
_SHORT_NEEDLE = 64  # rapidfuzz's partial_ratio is exhaustive only for needles up to this
_SCORE_MARGIN = 1e-6  # below the gap between distinct ratios, above rapidfuzz's rounding


def _ratio_of_limit(limit: float) -> Ratio:
    """The limit as the user wrote it (0.7, not the binary float below it), as a ratio."""
    exact = Fraction(repr(float(limit)))
    return exact.numerator, exact.denominator


def _at_least(a: Ratio, b: Ratio) -> bool:
    """Exact ``a >= b`` for two ratios."""
    return a[0] * b[1] >= b[0] * a[1]


@dataclass(frozen=True)
class _Bounds:
    """What every substring scoring ``ratio`` or more must satisfy, for one title length."""

    ratio: Ratio
    need: int  # its LCS with the title is at least this (2*LCS >= r*(M+N) and N >= LCS)
    longest: int  # it is at most this long (LCS <= M)
    long_band: int  # its LCS is at least this if it is longer than the title (N >= M+1)

    @classmethod
    def at(cls, ratio: Ratio, m: int) -> _Bounds:
        """Derive the thresholds from the ratio r = num/den, in exact integer arithmetic."""
        num, den = ratio
        need = -(-num * m // (2 * den - num))
        long_band = max(need, -(-num * (2 * m + 1) // (2 * den)))
        return cls(ratio, need, m * (2 * den - num) // num, long_band)


@dataclass(frozen=True)
class _Title:
    """A normalized title with what the fast search reuses for every part."""

    text: str
    charset: frozenset[str]
    at_limit: _Bounds

    @classmethod
    def prepare(cls, text: str, limit: Ratio) -> _Title:
        """Precompute the bounds at the fuzzy limit (most parts are rejected by these)."""
        return cls(text, frozenset(text), _Bounds.at(limit, len(text)))


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


def _could_reach(title: str, part: str, bounds: _Bounds) -> bool:
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


def _seed_bounds(title: _Title, part: str, floor: _Bounds) -> _Bounds:
    """Bounds at a ratio some substring really has (rapidfuzz's best window), if above ``floor``.

    A high seed shrinks every later bound, which is what keeps the exact search small.
    """
    alignment = fuzz.partial_ratio_alignment(title.text, part)
    window = part[alignment.dest_start:alignment.dest_end]
    seed = (2 * LCSseq.similarity(title.text, window), len(title.text) + len(window))
    if _at_least(floor.ratio, seed):
        return floor
    return _Bounds.at(seed, len(title.text))


def _candidate_starts(title: _Title, part: str, need: int, longest: int) -> list[int]:
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


def _exact_best(title: _Title, part: str, floor: _Bounds) -> Optional[tuple[Ratio, int, int]]:
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
    candidates: list[tuple[int, int]] = []
    for _, lcs, index in sorted(reachable, key=lambda hit: hit[2]):
        start = starts[index]
        top = min(longest, len(part) - start, 2 * lcs * den // num - m)
        candidates.extend((start, n) for n in range(top, need - 1, -1)
                          if part[start + n - 1] in title.charset)
    if not candidates:
        return None
    substrings = [part[s:s + n] for s, n in candidates]
    # rapidfuzz may drop a score equal to the cutoff, hence the margin and the exact re-check.
    best = process.extractOne(title.text, substrings, scorer=Indel.normalized_similarity,
                              score_cutoff=num / den - _SCORE_MARGIN)
    if best is None:
        return None
    ratio = (2 * LCSseq.similarity(title.text, best[0]), m + len(best[0]))
    return (ratio, *candidates[best[2]]) if _at_least(ratio, bounds.ratio) else None


def _best_in_part(title: _Title, part: str, floor: _Bounds) -> Optional[tuple[Ratio, int, int]]:
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
    prepared = _Title.prepare(title, _ratio_of_limit(fuzzy_limit))
    hit = _best_in_part(prepared, part, prepared.at_limit) if title else None
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

    Few names: one ``str.find`` scan per name (faster than a regex alternation). Many names:
    a blank-free name lies inside one blank-separated token, so the distinct tokens tell
    which names occur where, and token lengths give the offsets, all at C speed.
    """
    by_token = [i for i, name in enumerate(names) if " " not in name]
    if len(by_token) < _TOKEN_INDEX_MIN_NAMES:
        by_token = []
    indexed = set(by_token)
    positions = [[] if i in indexed else _positions_by_find(text, name)
                 for i, name in enumerate(names)]
    for i, found in zip(by_token, _positions_by_tokens(text, [names[i] for i in by_token])):
        positions[i] = found
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
    hits = _names_in_tokens(list(set(tokens)), names)
    positions: list[list[int]] = [[] for _ in names]
    offset, previous = 0, 0
    for index in compress(count(), map(hits.__contains__, tokens)):
        offset += sum(map(len, tokens[previous:index])) + index - previous
        previous = index
        for name_index, inner in hits[tokens[index]]:
            positions[name_index].append(offset + inner)
    return positions


def _names_in_tokens(distinct: list[str],
                     names: Sequence[str]) -> dict[str, list[tuple[int, int]]]:
    """Map each distinct token to the (name index, offset in token) of the names inside it."""
    joined = " ".join(distinct)
    starts = list(accumulate((len(token) + 1 for token in distinct), initial=0))
    hits: dict[str, list[tuple[int, int]]] = {}
    for name_index, name in enumerate(names):
        for at in _positions_by_find(joined, name):
            token_index = bisect_right(starts, at) - 1
            hits.setdefault(distinct[token_index], []).append(
                (name_index, at - starts[token_index]))
    return hits


# ----------------------------------------------------------------------------- the matcher


@dataclass(frozen=True)
class _PreparedGroup:
    """A group with its names and titles normalized once."""

    group: AuthorGroup
    names: tuple[str, ...]
    titles: tuple[_Title, ...]


@dataclass(frozen=True)
class _Occurrence:
    """A kept author occurrence: who, and the part of the text searched after the name."""

    author: str
    part_start: int
    part: str


_Hit = tuple[str, str, float, int]  # author, found, similarity, position


class CitationMatcher:
    """Algorithm 7.3 for a fixed query, built once and applied to every downloaded document."""

    def __init__(self, groups: Sequence[AuthorGroup], settings: MatcherSettings) -> None:
        """Normalize every name and title once; empty ones would match everywhere: refuse them."""
        self._settings = settings
        limit = _ratio_of_limit(settings.fuzzy_limit)
        self._groups = [_PreparedGroup(
            group, tuple(_normalized_or_fail(author, "author") for author in group.authors),
            tuple(_Title.prepare(_normalized_or_fail(title, "title"), limit)
                  for title in group.publications),
        ) for group in groups]
        self._names = list(dict.fromkeys(name for g in self._groups for name in g.names))

    def find(self, text: str, *, normalized: bool = False) -> list[Citation]:
        """The best citation of each (group, publication) in ``text``, in input order."""
        if not normalized:
            text = normalize_text(text)
        found = dict(zip(self._names, find_name_positions(text, self._names)))
        citations: list[Citation] = []
        for prepared in self._groups:
            occurrences = self._occurrences(text, prepared, found)
            if not occurrences:
                continue
            for publication, title in zip(prepared.group.publications, prepared.titles):
                hit = (_best_exact(title.text, occurrences) if self._settings.method == "exact"
                       else _best_fuzzy(title, occurrences))
                if hit is not None:
                    citations.append(Citation(hit[0], publication, *hit[1:]))
        return citations

    def _occurrences(self, text: str, prepared: _PreparedGroup,
                     found: dict[str, list[int]]) -> list[_Occurrence]:
        """Kept occurrences: one closer than ``min_author_distance`` to a kept one is merged."""
        hits = sorted((pos, order) for order, name in enumerate(prepared.names)
                      for pos in found[name])
        kept: list[_Occurrence] = []
        last_kept = None
        for pos, order in hits:
            if last_kept is None or pos - last_kept >= self._settings.min_author_distance:
                last_kept = pos
                end = pos + len(prepared.names[order])
                part = text[end:end + self._settings.part_length]
                kept.append(_Occurrence(prepared.group.authors[order], end, part))
        return kept


def _best_fuzzy(title: _Title, occurrences: list[_Occurrence]) -> Optional[_Hit]:
    """Best over all parts: higher ratio wins; ties as within a part, then the first part.

    A verbatim title in the first part that has one cannot be beaten or preceded. Else
    one C call ranks the parts by their LCS with the title; they are searched best first,
    and once a hit is known only parts that could tie it remain, so the loop ends early.
    """
    parts = [occurrence.part for occurrence in occurrences]
    verbatim = next((i for i, part in enumerate(parts) if title.text in part), None)
    if verbatim is not None:
        position = occurrences[verbatim].part_start + parts[verbatim].find(title.text)
        return occurrences[verbatim].author, title.text, 1.0, position
    ranked = process.extract(title.text, parts, scorer=LCSseq.similarity,
                             score_cutoff=title.at_limit.need, limit=None)
    best: Optional[tuple[Ratio, tuple[int, int, int], str, str]] = None
    floor = title.at_limit
    for _, lcs, index in ranked:
        if lcs < floor.need:
            break
        part = parts[index]
        hit = _best_in_part(title, part, floor)
        if hit is not None:
            ratio, start, length = hit
            order = (occurrences[index].part_start + start, -length, index)
            if best is None or _better(ratio, order, best[0], best[1]):
                best = (ratio, order, part[start:start + length], occurrences[index].author)
                floor = _Bounds.at(ratio, len(title.text))
    if best is None:
        return None
    (num, den), (position, _, _), found, author = best
    return author, found, round(num / den, 4), position


def _better(ratio: Ratio, order: tuple[int, int, int], best_ratio: Ratio,
            best_order: tuple[int, int, int]) -> bool:
    """Strictly higher similarity, or the same one with a smaller (position, -length, part)."""
    if _at_least(best_ratio, ratio):
        return _at_least(ratio, best_ratio) and order < best_order
    return True


def _best_exact(title: str, occurrences: list[_Occurrence]) -> Optional[_Hit]:
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
