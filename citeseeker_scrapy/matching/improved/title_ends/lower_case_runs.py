"""Words in lower case run on after a hit: the printed title's own, by its capitals (improved
scheme).

``longer_titles.longer_title`` reads one word after a hit, then the title's closing punctuation, as
the printed title's own last word ("...in natural *images*,"). A title printed in sentence
case may go on for several words after the place where a query stops, with no punctuation
until the title's close: "When a cosmic impact *strikes the sea bed*. Geol. Mag." for a query
that ends at "impact", or a word and then the bracket of the next field: "...calls for
metadata warrant *requirement* (2014)". Normalized text is lower case, so those words read
as a field's as readily as the title's; the print's capitals tell them apart. A field a
title runs into with no punctuation starts with a capital (a journal, a publisher, a place,
``capitals`` reads those), or is a mark the checks know ("in:", "pp."); a run of words in
lower case that the title's closing punctuation ends, after a hit whose own last word is
printed in lower case too, is more of the same title.

The run: two to four words, each printed in lower case, then the title's closing mark (a
full stop, comma, colon, semicolon, question mark, a closing quote or bracket) or a bracket
opening the next field; or one to four such words right before that bracket or before a word
that starts with a capital, the next field's ("...and river *markets* Harbour Studies 12";
one word before the closing punctuation is ``longer_titles.longer_title``'s). Its first word is a
word the query lacks (``longer_titles.own_word_after_hit``, the one owner of that question, which
``longer_titles.longer_title`` asks too): an edition, an "in" or the name of a series in lower case
are none; and no word of it is the word for "by" after a role ("...of the north edited by K.
Lund"). A word with a capital inside ("arXiv") is none of a
run nor a field's capital. The same capitals tell a journal's name of one word
(``run_on_fields.ONE_WORD_JOURNAL``: "...coastal towns Portus:18–22.") from the title's own
last word printed in lower case before a style's date or volume ("...coastal towns.
2003;18:7", "...coastal towns:18–22.", :func:`next_field`). Who calls it: ``verify``
(``_same_work``), with the document's capitals
(``word_edges.PrintedCase``) where the caller has them: the improved search and ``superset``.
"""

from __future__ import annotations

import re
from typing import Optional, Sequence

from ...word_edges import PrintedCase
from .longer_titles import own_word_after_hit
from ..text.printed_words import WORD
from ..fields.run_on_fields import NEXT_FIELD, NEXT_FIELD_BUT_ONE_WORD_JOURNAL, ONE_WORD_JOURNAL

_RUN_WORDS = 4  # words in lower case that a run holds at most
#: The word for "by" after a role in lower case ("edited by", "prepared by", "hrsg. von",
#: "traduit par"): a field's words, not the title's.
_BY_WORDS = frozenset({"by", "von", "par", "por", "door"})

#: A word of letters, perhaps with an apostrophe or a hyphen inside ("l'homme", "well-being").
_WORD = re.compile(r"[^\W\d_](?:[^\W_]|['\u2019-](?=[^\W_]))*")
#: Up to one word more than a run holds, each after a blank, right after the hit's last word.
_WORDS_AFTER = re.compile(rf"(?: {_WORD.pattern}){{1,{_RUN_WORDS + 1}}}")
#: What closes a run of two words or more: the title's closing punctuation (perhaps after a
#: blank: a quote), or a bracket that opens the next field ("...warrant requirement (2014)").
_TITLE_CLOSE = re.compile(r" ?[.,:;?!\"\u201c\u201d\u2019\u00bb)\]]| [(\[]")
#: ... and what closes a run of one word: that bracket (one word before the title's closing
#: punctuation is ``longer_titles.longer_title``'s).
_BRACKET = re.compile(r" [(\[]")


def runs_on_in_lower_case(text: str, query: Sequence[str], last_start: int, after: int,
                          printed: Optional[PrintedCase]) -> bool:
    """True if the words after a hit are the printed title's own, by their capitals (module
    docstring): the hit's last word (``text[last_start:after]``, the query's last word) and
    the run after it printed with no capital, the run's first word one the query lacks.
    ``printed`` None: no capitals at hand, False. Asked for the document's capitals only when
    the normalized text holds such a word, which few hits have."""
    seen = _WORDS_AFTER.match(text, after)
    if printed is None or seen is None:
        return False
    first = WORD.match(text, after + 1)
    if first is None or not own_word_after_hit(first.group(), query):
        return False
    case = printed(last_start, seen.end())
    if case is None or case[:after - last_start] != text[last_start:after]:
        return False
    words = list(_WORD.finditer(text, after, seen.end()))
    if any(word.group() in _BY_WORDS for word in words):
        return False
    for count, word in enumerate(words):
        shown = case[word.start() - last_start:word.end() - last_start]
        if shown != shown.lower():  # a capital: the next field's first word, or none of a run
            return count > 0 and shown[:1].isupper()
    if len(words) > _RUN_WORDS:
        return False
    close = (_TITLE_CLOSE if len(words) > 1 else _BRACKET).match(text, seen.end())
    return close is not None


def next_field(text: str, at: int, printed: Optional[PrintedCase]) -> bool:
    """True if a field starts at ``at``, right after a hit's last word
    (``run_on_fields.NEXT_FIELD``), but not where only the one-word journal's shape reads one
    and its word is printed in lower case: a journal's name has a capital, so that word is the
    printed title's own last word ("...northern coastal towns. 2003;18:7-29." for a query
    that ends at "coastal"). ``printed`` None: no capitals at hand, ``NEXT_FIELD`` as it
    reads. Called by ``verify`` (``_same_work``) for the words after a hit."""
    if printed is None:
        return NEXT_FIELD.match(text, at) is not None
    if NEXT_FIELD_BUT_ONE_WORD_JOURNAL.match(text, at):
        return True
    journal = ONE_WORD_JOURNAL.match(text, at)
    if journal is None:
        return False
    word = WORD.match(text, at + 1)
    shown = None if word is None else printed(word.start(), word.end())
    return shown is None or not shown.islower()
