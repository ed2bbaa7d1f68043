"""A short title in running text that a searched name owns (the improved scheme).

"Friedl's Mastering Regular Expressions", "The TeXbook, Knuth suggests": a title of three
words or fewer inside a sentence is a citation only with the name right beside it (or in the
author list right after it: a title-first entry, "Kyoto's unfinished business Jacoby, H.D.").
``verify`` asks :func:`named_beside` for such hits; the reference-list rules are in
``attribution``.
"""

from __future__ import annotations

import re

from ..grammar.entry_grammar import SENTENCE_END
from ..grammar.name_grammar import AND_WORD, BY_GIVEN_NAMES, INITIALS, NAME
from ...name_parts import PARTICLES
from .windows import Occurrence, Region

#: What may stand between a name and a short title it owns in a sentence: "friedl's ",
#: "knuth's book ", "his book " (the name is then earlier in the sentence).
_WORK = r"(?:book|paper|article|classic|textbook|manual|essay|monograph|thesis|report|text)"
_POSSESSIVE_BEFORE = re.compile(rf"['\u2019]s?(?: {_WORK})? $")  # used with match()
_PRONOUN_BEFORE = re.compile(rf"\b(?:his|her|their) {_WORK} $")
_SENTENCE_WITH_NAME = 100  # "his book Title" this far after the name, in the same sentence
#: ... and between a short title and the name after it: "Title by Jeffrey E. F. Friedl",
#: "The TeXbook, Knuth suggests".
_BY_AFTER = re.compile(rf"(?:,?{BY_GIVEN_NAMES}|, )$")  # used with match()
#: ... and a title-first entry's author list after a short title, the name in it ("Kyoto's
#: unfinished business Jacoby, H.D., R.G. Prinn and ..."): inverted names with initials before
#: the name, then names printed initials first, each closed by a comma or the word for "and"
#: ("S.R. de Groot und L.G. Suttorp", "..., R.G. Prinn and R. Schmalensee"), then perhaps the
#: name's own initials, joined, and particles ("G.P. della Mirandola"); a name right after the
#: title needs its initial. After "by" the name's own initials may be spaced ("Groundwater.
#: Englewood Cliffs by R. A. Freeze, and J. A. Cherry": arlisna-reviews); with no "by" they
#: may be a label's, a short title printed before the entry that repeats it ("Foundations of
#: Electrodynamics S. R. de Groot und L. G. Suttorp, Foundations of Electrodynamics, ...":
#: journal-fur-kunstgeschichte), whose last words a query lacking the first one matches.
_PARTICLE = rf"(?:(?:{'|'.join(sorted(PARTICLES))}) )"
_NAMES_BEFORE = (rf"(?:{NAME}, (?:[^\W\d_]\.){{1,3}},? )*"
                 rf"(?:{INITIALS}{_PARTICLE}{{0,2}}{NAME}(?:,|,? {AND_WORD}) )*")
_LIST_AFTER = re.compile(rf" (?:by {_NAMES_BEFORE}(?:{INITIALS})?"  # used with match()
                         rf"|{_NAMES_BEFORE}(?:[^\W\d_]\.){{0,3}} ?){_PARTICLE}{{0,2}}$")
_INITIAL_AFTER_NAME = re.compile(r",? (?:[^\W\d_]\.)")  # used with match(): "prinn, r."


def named_beside(text: str, region: Region, start: int, end: int) -> bool:
    """True if a searched name is right beside a short title in running text: possessive
    before it ("Friedl's Mastering Regular Expressions", "Knuth's book Digital Typography",
    "his book Digital Typography" after the name), or "by Name" / ", Name" after it ("The
    TeXbook, Knuth suggests"). ``start``/``end`` are the hit widened to whole words."""
    for occurrence in map(Occurrence._make, region.occurrences):
        if occurrence.end <= start:
            if _POSSESSIVE_BEFORE.match(text, occurrence.end, start) or (
                    start - occurrence.end <= _SENTENCE_WITH_NAME
                    and _PRONOUN_BEFORE.search(text, max(occurrence.end, start - 20), start)
                    and not SENTENCE_END.search(text, occurrence.end, start)):
                return True
        elif occurrence.start - end <= 40 and (
                _BY_AFTER.match(text, end, occurrence.start)
                or _in_list_after(text, end, occurrence.start, occurrence.end)):
            return True
    return False



def _in_list_after(text: str, end: int, name: int, name_end: int) -> bool:
    """True if the name is in a title-first entry's author list right after a short title
    (``_LIST_AFTER``): after other inverted names, or first with its initial after it."""
    between = _LIST_AFTER.match(text, end, name)
    return between is not None and (between.end() - between.start() > 2
                                    or _INITIAL_AFTER_NAME.match(text, name_end) is not None)
