"""A title that runs with no punctuation into the work that contains it: a journal's name
printed abbreviated, then its volume.

Each table pairs the entries the original (2003) scheme finds and the improved one must keep
with near-miss decoys beside them that the improved scheme must still reject (a query that
lacks the printed title's last word, so that word stands before the same container; one
content word changed). Strings of our own, in the shapes citation styles print them.
"""

from __future__ import annotations

import pytest

from tests.support import matching

_kept = matching.kept_by_both
_turned_down = matching.turned_down


# An abbreviated journal name right after the title, the style's full stop stripped from its
# last abbreviation, then the volume (Harvard and physics styles).
@pytest.mark.parametrize("doc, author, title", [
    ("Halvorsen, K (2004) Tidal mixing in narrow fjords Hydrol. Process 14, 112–130\n"
     "Moreau, A (2001) Stone bridges. Paris.", "Halvorsen", "Tidal mixing in narrow fjords"),
    ("Lindqvist, E., 1998. Silt transport in harbour basins Quat. Sci. Rev 7, 3–9.\n"
     "Moreau, A., 2001. Stone bridges. Paris.", "Lindqvist", "Silt transport in harbour basins"),
    ("Okafor N and Berg A 2010 Lead uptake by coastal mangroves Environ. Sci. Technol 40 "
     "112–118\nMoreau A 2001 Stone bridges. Paris.", "Berg", "Lead uptake by coastal mangroves"),
    ("Nakamura, T (2011) Grain growth in copper Phys. Rev 48.\nMoreau, A (2001) Stone bridges. "
     "Paris.", "Nakamura", "Grain growth in copper"),
])
def test_a_title_before_an_abbreviated_journal_and_its_volume(doc: str, author: str,
                                                              title: str) -> None:
    _kept(doc, author, title)


@pytest.mark.parametrize("doc, author, title", [
    ("Halvorsen, K (2004) Tidal mixing in narrow fjords Hydrol. Process 14, 112–130\n"
     "Moreau, A (2001) Stone bridges. Paris.", "Halvorsen", "Tidal mixing in narrow"),
    ("Lindqvist, E., 1998. Silt transport in harbour basins Quat. Sci. Rev 7, 3–9.\n"
     "Moreau, A., 2001. Stone bridges. Paris.", "Lindqvist", "Silt transport in harbour"),
    ("Okafor N and Berg A 2010 Lead uptake by coastal mangroves Environ. Sci. Technol 40 "
     "112–118\nMoreau A 2001 Stone bridges. Paris.", "Berg", "Lead uptake by coastal"),
    ("Nakamura, T (2011) Grain growth in copper Phys. Rev 48.\nMoreau, A (2001) Stone bridges. "
     "Paris.", "Nakamura", "Grain growth in"),
    ("Halvorsen, K (2004) Tidal mixing in narrow fjords Hydrol. Process 14, 112–130\n"
     "Moreau, A (2001) Stone bridges. Paris.", "Halvorsen", "Tidal mixing in narrow channels"),
    ("Lindqvist, E., 1998. Silt transport in harbour basins Quat. Sci. Rev 7, 3–9.\n"
     "Moreau, A., 2001. Stone bridges. Paris.", "Lindqvist", "Silt transport in harbour docks"),
    ("Okafor N and Berg A 2010 Lead uptake by coastal mangroves Environ. Sci. Technol 40 "
     "112–118\nMoreau A 2001 Stone bridges. Paris.", "Berg", "Lead uptake by tropical mangroves"),
])
def test_a_title_word_before_an_abbreviated_journal_is_still_the_titles(doc: str, author: str,
                                                                        title: str) -> None:
    _turned_down(doc, author, title)


# A journal whose name opens with a whole word, its abbreviation right before the volume: the
# word before the abbreviation is the journal's, not the title's.
@pytest.mark.parametrize("doc, author, title", [
    ("Okafor, N. (2004). Lead uptake in rats after oral dosing Life Sci. 39: 81–84.\n"
     "Moreau, A. (2001). Stone bridges. Paris.", "Okafor",
     "Lead uptake in rats after oral dosing"),
])
def test_a_journal_opened_by_a_whole_word_stays_the_next_field(doc: str, author: str,
                                                               title: str) -> None:
    _kept(doc, author, title)
