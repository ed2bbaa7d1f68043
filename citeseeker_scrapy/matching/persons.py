"""Is a citing work's author one of the searched authors? (self-citations)

Who calls it: :mod:`citeseeker_scrapy.works.citing`, for a citation's ``self_citation``.
Built on :mod:`.name_parts`, the one owner of how a typed name splits into surname, initials,
particles and suffixes: the rules that find a searched name in a text also decide whether a
printed name is that person.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Sequence

from .name_parts import (
    NAME_CHARS, PARTICLES, SUFFIXES, is_capital_initials, is_initials, surname_words, typed_words,
    without_particles,
)
from .normalize import normalize_text


@dataclass(frozen=True)
class PersonName:
    """One reading of a printed or typed name: the surname (particles and hyphens dropped,
    folded) and the given names in order, each an initial ("j") or a whole name ("john");
    ``alternate`` for the less likely reading of an ambiguous name (two alternates never make
    a match: "Dalibor Larsen" read backwards is no "Dalibor LEE" read as Vancouver initials)."""

    surname: str
    given: tuple[str, ...]
    alternate: bool = field(default=False, compare=False)


@lru_cache(maxsize=4096)
def person_readings(name: str, *, either_order: bool = False) -> tuple[PersonName, ...]:
    """The ways ``name`` can be read as surname and given names (cached: a group's authors are
    compared with every citing work's, and names repeat).

    "Fiala, Dalibor" is read one way; "D. Fiala" and "Dalibor Fiala" with the last word(s) as
    the surname (the "Given Family" order of a citing work's authors); ``either_order`` (a
    name the user typed, "Zhang Wei") also reads the first word as the surname. Two or three
    capitals at the end are Vancouver initials ("Smith JA") or a surname in capitals ("Wei
    LEE"): both readings, the typed name's first as initials, a printed name's as a surname.
    A name of one word is a surname without given names.
    """
    head, comma, tail = name.partition(",")
    if comma and surname_words(head):
        return (PersonName(_surname_core(typed_words(head)), _given_parts(tail)),)
    typed = [word.strip(".,;:") for word in name.split() if word.strip(".,;:")]
    typed = [word for word in typed if normalize_text(word) not in SUFFIXES]
    dotted = [is_initials(w.lower()) for w in typed]
    capitals = [flag or is_capital_initials(w, typed) for w, flag in zip(typed, dotted)]
    readings = list(_readings(typed, dotted, either_order))
    if capitals != dotted:
        vancouver = _readings(typed, capitals, either_order)
        if either_order:  # typed: initials first, a surname in capitals the alternate
            readings = vancouver + [replace(r, alternate=True) for r in readings]
        else:
            readings += [replace(r, alternate=True) for r in vancouver]
    return tuple(dict.fromkeys(reading for reading in readings if reading.surname))


def _readings(typed: list[str], initial: list[bool], either_order: bool) -> list[PersonName]:
    """The readings of a name's words (no comma) whose initials are flagged."""
    if not typed or all(initial):
        return []
    if initial[-1]:  # initials after the surname: "Fiala D.", "Smith JA"
        rest = [w for w, flag in zip(typed, initial) if not flag]
        given = [w for w, flag in zip(typed, initial) if flag]
        return [PersonName(_surname_core(typed_words(" ".join(rest))),
                           _given_parts(" ".join(given)))]
    last_initial = max((i for i, flag in enumerate(initial) if flag), default=-1)
    rest = typed[last_initial + 1:]  # the surname is after the last initial: "John A. Smith"
    split = next((i for i, w in enumerate(rest[:-1]) if normalize_text(w) in PARTICLES),
                 len(rest) - 1)
    given = " ".join(typed[:last_initial + 1] + rest[:split])
    readings = [PersonName(_surname_core(typed_words(" ".join(rest[split:]))), _given_parts(given))]
    if either_order and len(typed) == 2 and split == 1 and last_initial < 0:
        readings.append(PersonName(_surname_core(typed_words(rest[0])), _given_parts(rest[1]),
                                   alternate=True))
    return readings


def _surname_core(words: Sequence[str]) -> str:
    """A surname as compared: without leading particles (``name_parts.without_particles``: "van
    der Maaten" -> "maaten"), hyphens and apostrophes ("O'Brien" -> "obrien")."""
    return "".join(NAME_CHARS.findall("".join(without_particles(words))))


def _given_parts(given: str) -> tuple[str, ...]:
    """Given names in order: "John A." -> ("john", "a"), "J.-P." -> ("j", "p"), "JA" (Vancouver
    capitals) -> ("j", "a")."""
    parts: list[str] = []
    for word in given.replace(".", ". ").split():
        bare = word.strip(".,;:")
        if 2 <= len(bare) <= 3 and bare.isalpha() and bare.isupper():
            parts += list(normalize_text(bare))
            continue
        for piece in re.split(r"[-\u2010\u2011]", normalize_text(bare)):
            letters = "".join(NAME_CHARS.findall(piece))
            if letters:
                parts.append(letters)
    return tuple(parts)


def _given_compatible(one: tuple[str, ...], other: tuple[str, ...]) -> bool:
    """Given names agree where both have one: an initial agrees with a name of that letter,
    two whole names when one starts the other ("Dan", "Daniel"). A missing given name ("Smith"
    alone, "John Smith" against "John A. Smith") agrees with any."""
    for mine, theirs in zip(one, other):
        if mine[0] != theirs[0]:
            return False
        if len(mine) > 1 and len(theirs) > 1 and not (
                mine.startswith(theirs) or theirs.startswith(mine)):
            return False
    return True


def same_person(typed: str, printed: str) -> bool:
    """Whether ``printed`` (a citing work's author, "Given Family") can be the author the user
    typed: the same surname (diacritics and case folded) and compatible given names or
    initials ("J. Smith" and "John Smith" yes, "K. Smith" no). Who calls it: the self-citation
    test of :func:`shares_an_author`."""
    return any(mine.surname == theirs.surname and _given_compatible(mine.given, theirs.given)
               and not (mine.alternate and theirs.alternate)
               for mine in person_readings(typed, either_order=True)
               for theirs in person_readings(printed))


def shares_an_author(typed_group: Sequence[str], printed_authors: Sequence[str]) -> bool:
    """Whether a work by ``printed_authors`` is by one of an author group's authors (a
    self-citation when the work cites the group's publication). Who calls it: the citing-work
    pipeline (``pipelines/works.py``), per citation."""
    return any(same_person(typed, printed) for typed in typed_group for printed in printed_authors)

