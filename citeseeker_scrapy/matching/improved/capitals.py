"""Where the printed capitals end a title that runs into the next field (improved scheme).

Some styles print a title and the field after it with no punctuation between: "...et
sexualité Démographie : analyse et synthèse" (a chapter, then its book), "...et sexualité
INED, 2002" (then the publisher), "...Risk AssessmentsWeb site" (no blank either). Normalized
text is lower case, so there the next field's first word reads as one more title word, and
the word checks (``verify``) take the print for a longer title than the query: another work.
The print's capitals tell the two apart in three shapes:

* **a capital and a colon**: the query's last word is printed in lower case, the word right
  after it starts with a capital and a colon follows it: a place, a publisher or a container
  before its subtitle (a title that goes on to a subtitle there is queried with it);
* **an acronym**: the query's last word is printed in lower case and the word right after it
  in capitals only, then no sentence's end: a publisher or an organisation;
* **joined**: the query's last word is printed joined to a capital ("AssessmentsWeb").

A capital after a title in title case tells nothing by itself ("Tidal Markets Revisited:
Lagos Traders"), nor does a capital then other punctuation or a word: a title that ends with
a name, or a German title's noun, is printed so too ("...a brány Moravy, Academia", "...der
westlichen Ostsee und Nordsee"), and a near miss that leaves the name out would pass. The
next field's whole shape tells it in two more shapes, each longer than the one word a near
miss leaves out:

* **an organisation's name** after a title in any case: a head word, its preposition and a
  capitalised word ("Advising as Teaching Society for the Teaching of Psychology. American
  Psychological Association, 2014"): a series, a publisher, a report's body;
* **a series in title case** after the query's last word printed in lower case: a word, a
  comma, more words and the word for "and", then a sentence end ("...judgments of well-being
  Choices, Values and Frames., New York"): a book's title, the container of a chapter.

Who calls it: ``superset``, on an original hit a word check turned down, with the document's
capitals at hand (:data:`PrintedCase`); the hit is then read again with the title closed
there.
"""

from __future__ import annotations

import re
from typing import Callable, Optional, Sequence

from ..names import SKIPPABLE
from .entry_grammar import AND_WORD
from .verify import DROPPED_IN_WORDS
from .words import SHORT_FUNCTION_WORDS, is_content

#: The normalized text's ``[start:end]`` with the document's own capitals, or None where they
#: cannot be read (``context.TextMap.printed_case``, made lazy by the matcher).
PrintedCase = Callable[[int, int], Optional[str]]

_IN_WORDS = re.escape(SKIPPABLE.replace(" ", ""))
#: A word as the word checks read it: letters and digits, with what extraction leaves inside
#: words ("well-being", "l'état"), compared without it ("wellbeing").
_WORDS = re.compile(rf"[^\W_](?:[^\W_]|[{_IN_WORDS}](?=[^\W_]))*")
_WORD_PIECE_BEFORE = re.compile(r"[^\W_]+$")
_LEFT_OUT = 2  # query words after the hit that the best substring may leave out
_REACH = 80  # characters after the hit where the query's last words and the field are read
_ACRONYM_LETTERS = 2  # an acronym has this many capitals or more
#: A capitalised word and a colon right after the query's last word printed in lower case: a
#: field and its colon ("...sexualité Démographie : analyse", "...coastal towns Bodø: Nordland
#: Press"), not the title's own last word: a title that goes on to a subtitle after it would be
#: queried with its subtitle, so a query that lacks the word lacks the subtitle too.
_COLON = re.compile(r" ?:")
#: ... or an acronym right after the query's last word printed in lower case, then anything
#: but a sentence's end: "...sexualité INED, 2002" (a title that ends with an acronym after a
#: word in lower case is rarer than one that ends with a name).
_SENTENCE_CLOSE = re.compile(r" ?[.;!?]")
#: ... or, after a title in any case, an organisation's name (:func:`_organisation_opens`): a
#: head word, its preposition, perhaps an article, a word (its capitals checked there).
_ORGANISATION = re.compile(
    r"((?i:society|association|institute|institution|academy|council|committee|commission"
    r"|foundation|federation|agency|department|ministry|bureau|centre|center|organi[sz]ation"
    r"|gesellschaft|institut|verein|verband|akademie|societe|sociedad|societa|asociacion"
    r"|associacao|associazione|academie|istituto|instituto|ministerio|ministere|ministerium))"
    r" (?i:for|of|on|fur|zur|de|des|du|di|del|della|do|da|dos|das)"
    r"(?: (?i:the|la|les|le|el|los|las|der|die|das))? ([^\W\d_])")
#: ... or, after a title in sentence case, a series in title case (:func:`_series_opens`): a
#: word and a comma, up to five words, the word for "and", a word and a sentence end.
_NOUNS_CAPITALISED = frozenset({"und"})  # German's "and": every noun there has a capital
_SERIES = re.compile(
    rf"[^\W\d_][\w'-]*, (?:[^\W\d_][\w'-]*,? ){{0,5}}?({AND_WORD}) [^\W\d_][\w'-]* ?\.")


def field_start(text: str, query: Sequence[str], start: int, end: int,
                printed: PrintedCase) -> Optional[int]:
    """Where the field after the title starts, told by the capitals (module docstring): the
    position in ``text`` of the first character after the query's last word, or None.

    ``query`` is the title's words, ``text[start:end]`` the hit. The field must follow the
    query's last word with a blank and no punctuation (punctuation ends a title already), or
    inside the same printed word."""
    if len(query) < 2 or not is_content(query[-1]):
        return None
    piece = _WORD_PIECE_BEFORE.search(text, max(0, start - _REACH), start)
    low = start if piece is None else piece.start()  # the hit may begin inside a word
    words = list(_WORDS.finditer(text, low, min(len(text), end + _REACH)))
    joined = _joined_field(query[-1], words, end, printed)
    if joined is not None:
        return joined
    last = _last_query_word(query, words, end)
    if last is None or last + 1 >= len(words):
        return None
    title_end, field = words[last], words[last + 1]
    if text[title_end.end():field.start()] != " ":
        return None
    cased = printed(low, field.end())
    if cased is None:
        return None
    title = [cased[w.start() - low:w.end() - low] for w in words[:last + 1]]
    first = cased[field.start() - low:]
    lower_before = title[-1].islower()  # else a title's own capital: "...Revisited: Lagos"
    if lower_before and first[0].isupper() and _COLON.match(text, field.end()):
        return field.start()
    if lower_before and _acronym(first) and not _SENTENCE_CLOSE.match(text, field.end()):
        return field.start()
    following = _printed_to_sentence_end(text, field.start(), printed)
    if following is None:
        return None
    if _organisation_opens(following) or (lower_before and _series_opens(following)):
        return field.start()
    return None


def title_closed(text: str, field: int) -> str:
    """``text`` with a full stop closing the title before the field at ``field`` ("...well-being.
    Choices", "...Assessments. Web site"): positions before ``field`` stay put. Called by
    ``superset`` to read a hit again as the capitals say the entry is punctuated."""
    if text[field - 1:field] == " ":
        return text[:field - 1] + "." + text[field - 1:]
    return text[:field] + ". " + text[field:]


def _joined_field(last: str, words: list[re.Match[str]], end: int,
                  printed: PrintedCase) -> Optional[int]:
    """Where a field joined to the query's ``last`` word starts inside the hit's last printed
    word: at a capital right after the word's own lower-case letters ("...Risk
    AssessmentsWeb site": the style printed no blank), or None."""
    inside = [word for word in words if word.start() < end]
    if not inside or not inside[-1].group().startswith(last) or inside[-1].group() == last:
        return None
    at = inside[-1].start() + len(last)
    cased = printed(at - 1, at + 1)
    return at if cased is not None and cased[0].islower() and cased[1].isupper() else None


def _last_query_word(query: Sequence[str], words: list[re.Match[str]],
                     end: int) -> Optional[int]:
    """The index in ``words`` of the query's last word: the hit's last word if it is, or up
    to ``_LEFT_OUT`` words further when the hit left the query's last words out."""
    inside = [i for i, word in enumerate(words) if word.start() < end]
    if not inside:
        return None
    at = inside[-1]
    for left_out in range(min(_LEFT_OUT, len(query) - 1) + 1):
        tail = query[len(query) - 1 - left_out:]
        printed = [_word(word) for word in words[at:at + len(tail)]]
        if printed == list(tail):
            return at + left_out
    return None


def _word(match: re.Match[str]) -> str:
    """A printed word as the query's words are compared: "well-being" is "wellbeing"."""
    return match.group().translate(DROPPED_IN_WORDS)


def _printed_to_sentence_end(text: str, at: int, printed: PrintedCase) -> Optional[str]:
    """``text`` from ``at`` to its first full stop (included; at most ``_REACH`` characters)
    in the document's capitals, or None: only as far as the field's shapes are read, as the
    printed case is given only where the text's normalization lines up over the whole span
    (an initial further on, "e.t.", may not)."""
    stop = text.find(".", at, at + _REACH)
    return printed(at, stop + 1 if stop >= 0 else min(len(text), at + _REACH))


def _organisation_opens(following: str) -> bool:
    """True if ``following`` (the printed text where the field would start) opens with an
    organisation's name: a capitalised head word, its preposition and a capitalised word
    ("Society for the Teaching of Psychology", "Institute of Physics", "Gesellschaft für
    Erdkunde"): a publisher, a series or a report's body, after a title in any case.

    A query that lacks the title's last word never has such a name after its last one: the
    name is two content words at least, so the title would go on past both."""
    opened = _ORGANISATION.match(following)
    return opened is not None and opened.group(1)[0].isupper() and opened.group(2)[0].isupper()


def _series_opens(following: str) -> bool:
    """True if ``following`` opens with a series of words in title case, a comma after the
    first one, closed by the word for "and", a capitalised word and a sentence end, no
    colon: a book's title ("Choices, Values and Frames., New York"), a container after a
    title in sentence case.

    A name that ends a longer title is followed by its closing comma and the next field
    ("...harbour towns Lagos, Ibadan: University Press"), not by a series that ends the field
    before the place of publication. Not in German, whose titles print every noun with a
    capital ("...der westlichen Ostsee, Nordsee und Elbe."): there title case says nothing.
    A title that itself ends with such a series of names right after a word in lower case
    ("...harbour towns Lagos, Ibadan and Benin.") would be read so too: such a title names
    its places after a preposition or a colon as a rule ("...in Lagos, Ibadan and Benin")."""
    series = _SERIES.match(following)
    if series is None or series.group(1) in _NOUNS_CAPITALISED:
        return False
    words = _WORDS.findall(series.group(0))
    conjunction = series.group(1)
    return all(word[0].isupper() or word in SHORT_FUNCTION_WORDS or word == conjunction
               for word in words)


def _acronym(word: str) -> bool:
    """True for a word printed in capitals only, ``_ACRONYM_LETTERS`` or more: "INED"."""
    letters = [c for c in word if c.isalpha()]
    return len(letters) >= _ACRONYM_LETTERS and all(c.isupper() for c in letters)

