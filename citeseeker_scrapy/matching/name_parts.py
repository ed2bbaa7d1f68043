"""How a name splits into its parts: surname, initials, particles and suffixes.

The one owner of those readings: :func:`name_forms` reads the surnames to look for from an
author as the user typed it (``names.NameIndex`` finds them in a text), ``persons`` reads a
printed or typed name as a person by the same rules, and ``entry_grammar``, ``name_grammar``,
``place_fields`` and ``context`` read the same shapes (``INITIAL``, ``PARTICLES``) in a
reference list's author runs.
"""

from __future__ import annotations

import re
from typing import Sequence

from .normalize import normalize_text

#: An initial: one letter and its full stop ("j."). Read by ``word_edges`` joined to a name
#: ("linzj." for "LinzJ.": the name's initials if the document prints the letter as a capital
#: after the name's own lower case, ``word_edges.initials_glued_at``), and by ``name_grammar``
#: and ``place_fields`` in the author runs and fields they read.
INITIAL = r"[^\W\d_]\."
#: Particles a surname may open with ("van der Berg", "de la Cruz"): read here, by ``persons``,
#: by ``word_edges`` (a surname joined to its particle), by ``name_grammar`` (an inverted
#: surname's particles before its comma) and by ``context`` (a first entry's author after a
#: reference list's heading).
PARTICLES = frozenset("van von der den de del della dalla di da dos das do du le la ter ten zu "
                      "af av".split())
#: Suffixes a typed name may end with ("Jr.", "III"): no surname, here and in ``persons``.
SUFFIXES = frozenset("jr sr ii iii iv".split())
#: A letter or digit of a name as compared (hyphens, apostrophes and dots dropped): the
#: surnames looked for here, the surnames and given names ``persons`` compares.
NAME_CHARS = re.compile(r"[^\W_]")


def name_forms(typed_author: str) -> tuple[str, ...]:
    """The surnames to look for for one author as the user typed it, normalized, plain letters.

    Initials are dropped ("D. Fiala", "Fiala, D.", "Fiala D", "Smith JA" -> "fiala", "smith")
    since papers print them in either order or not at all; so are given names: before a comma
    the surname stands alone ("Fiala, Dalibor" -> "fiala"); without one the order is unknown
    ("Dalibor Fiala", "Zhang Wei"), so the whole name and its last and first words are looked
    for. A surname with particles is also looked for without them ("van der Maaten",
    "Laurens van der Maaten" -> "maaten"), for styles that print "Maaten, L. van der". A
    surname with "ß" is also looked for with "ss": capitals and small capitals print it so
    ("Meiß" as "MEISS").
    """
    head, comma, _ = typed_author.partition(",")
    if comma and surname_words(head):
        typed_author = head
    surname = surname_words(typed_author) or typed_words(typed_author)
    forms = [" ".join(surname)]
    particle = next((i for i, word in enumerate(surname[:-1]) if word in PARTICLES), None)
    if particle is not None:
        core = surname[particle:]
        forms.append(" ".join(core))
        core = without_particles(core)
        if len("".join(core)) >= 4:
            forms.append(" ".join(core))
    elif len(surname) >= 2 and not comma:
        forms += [surname[-1], surname[0]]
    forms += [form.replace(_SHARP_S, "ss") for form in forms if _SHARP_S in form]
    return tuple(dict.fromkeys(form for form in forms if NAME_CHARS.search(form)))


_SHARP_S = "\u00df"  # "ß", which capitals print as "SS"


def without_particles(surname: Sequence[str]) -> Sequence[str]:
    """A surname's words without the particles it opens with ("van der maaten" -> "maaten");
    a surname of particles alone keeps its last ("van der" -> "der"). The one reading of a
    surname's core: :func:`name_forms` looks for it alone, ``persons`` compares surnames by it."""
    core = surname
    while len(core) > 1 and core[0] in PARTICLES:
        core = core[1:]
    return core


def typed_words(typed_author: str) -> list[str]:
    """The words of a typed name, normalized, in plain letters, without edge punctuation.
    Who calls it: :func:`name_forms` and ``persons`` (a surname's words)."""
    return [word.strip(".,;:") for word in
            normalize_text(typed_author).split()]


def surname_words(typed_author: str) -> list[str]:
    """The words of a typed name that are not initials ("D.", "JA" in "Smith JA") or
    suffixes ("Jr.", "III"). Who calls it: :func:`name_forms` and ``persons``, to tell
    whether the words before a comma are a surname ("Fiala, D.", not "D., Fiala")."""
    typed = [word.strip(".,;:") for word in typed_author.split()]
    capitals = [is_capital_initials(word, typed) for word in typed]
    words = typed_words(typed_author)
    if len(words) != len(typed):  # normalization merged or split words: no capitals test
        capitals = [False] * len(words)
    return [word for word, capital in zip(words, capitals)
            if word and not capital and not is_initials(word) and word not in SUFFIXES]


def is_initials(word: str) -> bool:
    """"d", "d.", "j.-n." are initials; "ma" or "li" are surnames. Who calls it:
    :func:`surname_words` and ``persons`` (which of a name's words are given initials)."""
    letters = [piece for piece in re.split(r"[.\-]", word) if piece]
    return len(letters) >= 1 and all(len(piece) == 1 for piece in letters) and (
        len(letters) == 1 or "." in word)


def is_capital_initials(word: str, words: Sequence[str]) -> bool:
    """"JA" in "Smith JA" (Vancouver style): two or three capitals next to a name that is
    not in capitals; "NG" alone, or in "DEAN JA", may be a surname. Who calls it:
    :func:`surname_words` and ``persons``."""
    return (2 <= len(word) <= 3 and word.isalpha() and word.isupper()
            and any(not other.isupper() for other in words if other.isalpha()))
