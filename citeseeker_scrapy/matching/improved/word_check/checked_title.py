"""A title prepared for the search and the checks of a hit (improved scheme): its words, their
letters and what the checks ask of its print. ``matcher`` prepares one per title; ``search``,
``superset``, ``verify`` and ``word_coverage`` read it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ...similarity import Title
from ..text.printed_words import DROPPED_IN_WORDS, WORD

_SHORT_TITLE_WORDS = 3  # a title of this many words or fewer occurs as ordinary words
#: The single quotes a style prints around a title ("‘Space and Rights’"), the typographic ones
#: or the typewriter one; extraction leaves them inside words too ("l’état", "don't").
_SINGLE_QUOTE = re.compile("[\u2018\u2019']")


@dataclass(frozen=True)
class CheckedTitle:
    """A title with what the search and the verification of a hit need."""

    title: Title
    words: tuple[str, ...]
    weight: int  # total length of the words
    short: bool  # few words: they occur as ordinary words, so a hit must stand alone
    quotes_a_phrase: bool  # single quotes of its own (``verify._text_after`` keeps none after one)
    opens_in_lower_case: bool  # as typed (:func:`_opens_in_lower_case`)

    @classmethod
    def prepare(cls, title: Title, typed: str) -> CheckedTitle:
        """Split the normalized title into words (letters and digits, accents dropped); read
        the title as the user typed it (``typed``) for what normalizing loses."""
        words = tuple(WORD.findall(title.text.translate(DROPPED_IN_WORDS)))
        return cls(title, words, sum(map(len, words)), len(words) <= _SHORT_TITLE_WORDS,
                   bool(free_quotes(title.text, 0, len(title.text))),
                   _opens_in_lower_case(typed))


def _opens_in_lower_case(typed: str) -> bool:
    """True if a title as typed opens with a letter in lower case and has a capital further on
    ("mineralogy, geochemistry, and age of the Ames structure"): the user gives its first word
    as printed in lower case, so a print that opens it in lower case after a capitalised word
    agrees with the query (``bare_surnames`` reads that word as a co-author's bare surname).
    A title typed all in lower case tells nothing. Called by :meth:`CheckedTitle.prepare`."""
    letters = [character for character in typed if character.isalpha()]
    return bool(letters) and letters[0].islower() and any(map(str.isupper, letters))


def free_quotes(text: str, start: int, end: int) -> list[int]:
    """Where the single quotes of ``text[start:end]`` stand that are no apostrophe inside a
    word (a letter or digit on both sides: "l’état"): quotes opening or closing a phrase.
    Called by :meth:`CheckedTitle.prepare` and by ``verify._closing_quote``."""
    return [match.start() for match in _SINGLE_QUOTE.finditer(text, start, end)
            if not (text[match.start() - 1:match.start()].isalnum()
                    and text[match.start() + 1:match.start() + 2].isalnum())]
