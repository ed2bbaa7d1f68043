"""The improved scheme as a superset of the original one: the 2003 rule's hit is reported
unless a named check says why it is no citation.

The improved search (``search``) looks for a title in its own regions and keeps the best hit
it accepts. Where it keeps none, the original rule may still fire (an exact name, the
``part_length`` characters after it, a substring at least ``fuzzy_limit`` similar to the
title): then its hit is reported unless one of the checks of ``model.VETOES`` fails on it:

* ``NAME_IN_WORD``: the name is part of a longer word ("lee" in "byerlee");
* ``NEXT_ENTRY``: the hit holds the "[n]" of the next entry;
* ``OTHER_ENTRY``: the hit lies past the end of the name's entry (``windows.attributed``);
* ``CLOSER_NEARBY``: the title is printed more similar elsewhere around the name (within
  ``part_length`` before it or after the hit): the improved search saw that print and found
  it to be no citation (another entry's title), so this weaker one, a similar title after
  the name ("Ranking analysis" for a typed "Craling analysis" where the entry before holds
  "Crawling analysis"), is none either;
* ``WORDS_MISSING``, ``CHANGED_WORD``, ``ORDINARY_WORDS``: the word checks of ``verify``, read
  again without the running headers near the hit (a title cut by a page break).

So a citation the original finds is lost only for a reason with a name, and a benchmark can
count, per check, the true citations it drops beside the decoys it rejects
(``CitationMatcher.explain``). Who calls it: ``matcher.CitationMatcher``, for a title the
improved search found nothing for but had in reach (``improved.Found.reachable``: no region
reaching the title's LCS cutoff means no part after a whole-word name does either, as each
such part lies in a region up to the next entry's "[n]").
"""

from __future__ import annotations

from typing import NamedTuple, Optional, Sequence

from .. import original
from ..model import (
    CLOSER_NEARBY, NAME_IN_WORD, NEXT_ENTRY, OTHER_ENTRY, AuthorGroup, MatcherSettings,
)
from ..names import is_whole_word
from ..original import Hit
from ..similarity import Bounds, Title, best_in_part, ratio_of_limit
from .verify import CheckedTitle, veto
from .windows import Region, attributed, next_entry_start

_ROUNDING = 1e-4  # the original scheme rounds a similarity to four decimals


class OriginalHit(NamedTuple):
    """The original scheme's hit for one title, with the name occurrence it followed."""

    author: str
    found: str
    similarity: float
    position: int
    name_start: int
    name_end: int

    @property
    def hit(self) -> Hit:
        """(author, found, similarity, position), as the schemes report a hit."""
        return self.author, self.found, self.similarity, self.position


def original_hit(text: str, group: AuthorGroup, names: Sequence[str], title: Title,
                 found: dict[str, list[int]], settings: MatcherSettings
                 ) -> Optional[OriginalHit]:
    """The hit the original scheme reports for ``title`` (``names``: the group's authors
    normalized; ``found``: their exact positions in ``text``), or None."""
    occurrences = original.occurrences(text, group, names, found, settings)
    if not occurrences:
        return None
    hit = (original.best_exact(title.text, occurrences) if settings.method == "exact"
           else original.best_fuzzy(title, occurrences))
    if hit is None:
        return None
    author, text_found, similarity, position = hit
    end = position + len(text_found)
    occurrence = next(o for o in occurrences if o.author == author
                      and o.part_start <= position and end <= o.part_start + len(o.part))
    name = names[group.authors.index(occurrence.author)]
    return OriginalHit(author, text_found, similarity, position,
                       occurrence.part_start - len(name), occurrence.part_start)


def veto_of(text: str, hit: OriginalHit, title: CheckedTitle, length: int) -> Optional[str]:
    """The first check of ``model.VETOES`` the original's hit fails, or None: then the
    improved scheme reports it. ``length`` is ``part_length``."""
    end = hit.position + len(hit.found)
    if not is_whole_word(text, hit.name_start, hit.name_end):
        return NAME_IN_WORD
    if next_entry_start(text, hit.position, end) < end:
        return NEXT_ENTRY
    region = Region(hit.name_start, end,
                    ((hit.name_start, hit.name_end, hit.author, hit.name_end + length),))
    if attributed(text, region, hit.position, end, length) is None:
        return OTHER_ENTRY
    if _closer_nearby(text, hit, title.title, length):
        return CLOSER_NEARBY
    return veto(text, title, hit.position, end, region, across_headers=True)


def _closer_nearby(text: str, hit: OriginalHit, title: Title, length: int) -> bool:
    """True if a substring clearly more similar to the title than the hit (by more than the
    rounding of its similarity), not overlapping it, lies within ``length`` before the name
    or after the hit."""
    end = hit.position + len(hit.found)
    floor = Bounds.at(ratio_of_limit(hit.similarity), len(title.text))
    low = max(0, hit.name_start - length)
    for start, stop in ((low, hit.position), (end, end + length)):
        better = best_in_part(title, text[start:stop], floor)
        if better is not None and better[0][0] / better[0][1] > hit.similarity + _ROUNDING:
            return True
    return False
