"""The original scheme (thesis Algorithm 7.3), kept as the baseline: exact names, parts after.

Every exact occurrence of each author's name is found (also inside another word); occurrences
closer than ``min_author_distance`` to a kept one are merged; the ``part_length`` characters
after each kept occurrence are searched for the group's titles.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from rapidfuzz import process
from rapidfuzz.distance import LCSseq

from .model import AuthorGroup, MatcherSettings
from .similarity import Bounds, Ratio, Title, at_least, best_in_part

Hit = tuple[str, str, float, int]  # author, found, similarity, position


@dataclass(frozen=True)
class Occurrence:
    """A kept author occurrence: who, and the part of the text searched after the name."""

    author: str
    part_start: int
    part: str


def occurrences(text: str, group: AuthorGroup, names: tuple[str, ...],
                found: dict[str, list[int]], settings: MatcherSettings) -> list[Occurrence]:
    """Kept occurrences: one closer than ``min_author_distance`` to a kept one is merged."""
    hits = sorted((pos, order) for order, name in enumerate(names) for pos in found[name])
    kept: list[Occurrence] = []
    last_kept = None
    for pos, order in hits:
        if last_kept is None or pos - last_kept >= settings.min_author_distance:
            last_kept = pos
            end = pos + len(names[order])
            kept.append(Occurrence(group.authors[order], end, text[end:end + settings.part_length]))
    return kept


def best_fuzzy(title: Title, occurrences: list[Occurrence]) -> Optional[Hit]:
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
        hit = best_in_part(title, part, floor)
        if hit is not None:
            ratio, start, length = hit
            order = (occurrences[index].part_start + start, -length, index)
            if best is None or better(ratio, order, best[0], best[1]):
                best = (ratio, order, part[start:start + length], occurrences[index].author)
                floor = Bounds.at(ratio, len(title.text))
    if best is None:
        return None
    (num, den), (position, _, _), found, author = best
    return author, found, round(num / den, 4), position


def better(ratio: Ratio, order: tuple[int, ...], best_ratio: Ratio,
           best_order: tuple[int, ...]) -> bool:
    """Strictly higher similarity, or the same one with a smaller (position, -length, ...)."""
    if at_least(best_ratio, ratio):
        return at_least(ratio, best_ratio) and order < best_order
    return True


def best_exact(title: str, occurrences: list[Occurrence]) -> Optional[Hit]:
    """Method "exact": the first part holding the title verbatim has its earliest occurrence."""
    for occurrence in occurrences:
        index = occurrence.part.find(title)
        if index >= 0:
            return occurrence.author, title, 1.0, occurrence.part_start + index
    return None
