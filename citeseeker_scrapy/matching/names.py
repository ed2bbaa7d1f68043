"""Where the searched names occur in a normalized text.

:func:`find_name_positions` is the original scheme's exact search (any occurrence, also inside
another word). The improved scheme uses :class:`NameIndex`: whole words only, and tolerant of
what PDF extraction puts inside a name (see :class:`NamePattern`). The surnames looked for are
read from the typed names by ``name_parts.name_forms``; where a name found starts and ends as a
word is read by ``word_edges``.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import dataclass
from functools import cached_property, lru_cache
from itertools import accumulate, compress, count
from typing import Optional, Sequence

from .name_parts import NAME_CHARS
from .word_edges import (
    GLUED_INITIAL, NAME_ENDS, SKIPPABLE_CHARS, SKIPPABLE_RUN, PrintedCase, ends_name, starts_name,
)

# ----------------------------------------------------------------------------- exact (original)

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


# --------------------------------------------------------------------------- whole words (improved)

#: Share of each letter in English text, in percent: a scan for a letter stops at each of its
#: occurrences, so the letters a query's names are looked for from are chosen among rare ones.
_LETTER_PERCENT = {
    "e": 12.7, "t": 9.1, "a": 8.2, "o": 7.5, "i": 7.0, "n": 6.7, "s": 6.3, "h": 6.1, "r": 6.0,
    "d": 4.3, "l": 4.0, "c": 2.8, "u": 2.8, "m": 2.4, "w": 2.4, "f": 2.2, "g": 2.0, "y": 2.0,
    "p": 1.9, "b": 1.5, "v": 1.0, "k": 0.8, "j": 0.15, "x": 0.15, "q": 0.1, "z": 0.07}
_RARE_PERCENT = 0.05  # digits and other letters
#: One more scan over the whole text costs about as much as stopping at this share of it (a
#: scan is one C call over the text; a stop is a Python step).
_SCAN_PERCENT = 0.6


@dataclass(frozen=True)
class NamePattern:
    """A surname found as a whole word, whatever extraction put between its letters.

    The text is scanned for one of the name's rare letters (the anchor, chosen with the other
    names' by :func:`choose_anchors`: the regex engine scans for a literal fast), the letters
    after it are matched by a tolerant regex and the letters before it are checked backwards.
    Letters NFKD does not decompose (ø, ł, ı, đ...) are folded by ``normalize_text``, as
    accents are: the text searched is its output, and every letter here is a literal.
    """

    form: str
    anchor: str  # the anchor letter
    after_anchor: tuple[str, ...]  # regex source of each letter after the anchor
    before_anchor: str  # the letters before the anchor
    just_before: frozenset[str]  # what may precede the anchor: most candidates stop here

    @classmethod
    def compile(cls, form: str, anchors: frozenset[str]) -> NamePattern:
        """Build the tolerant regex of the letters after the anchor: the rarest of the form's
        letters that are among ``anchors`` (the scans a query makes, :func:`choose_anchors`)
        and have two letters after them."""
        chars = NAME_CHARS.findall(form)
        at = _anchor_index(chars, anchors)
        after = tuple(re.escape(c) for c in chars[at + 1:])
        before = "".join(chars[:at])
        just_before = frozenset(before[-1]) | SKIPPABLE_CHARS if before else frozenset()
        return cls(form, chars[at], after, before, just_before)

    @cached_property
    def forward(self) -> re.Pattern[str]:
        """The anchor and the tolerant rest, compiled on first use. Why not with the rest:
        :class:`NameIndex` needs it only for a form whose rest another form's extends, and
        each compiled class of ``word_edges.SKIPPABLE`` is slow to compile (a class with characters
        above U+00FF is a big bitmap in Python's ``re`` compiler); the search is built at the
        start of the crawler and of the parser process that matches small pages."""
        return re.compile(re.escape(self.anchor)
                          + "".join(SKIPPABLE_RUN + c for c in self.after_anchor))


def _anchor_index(chars: Sequence[str], anchors: frozenset[str]) -> int:
    """The rarest allowed letter with two letters after it (the lookahead then rejects most
    places)."""
    roomy = [i for i in _roomy(chars) if chars[i] in anchors]
    return min(roomy, key=lambda i: (_percent(chars[i]), i))


def _roomy(chars: Sequence[str]) -> range:
    """Where an anchor may be: two letters after it, unless the name is shorter."""
    return range(max(1, len(chars) - 2))


def _percent(char: str) -> float:
    """How often ``char`` occurs in English text, in percent."""
    return _LETTER_PERCENT.get(char, _RARE_PERCENT)


def choose_anchors(forms: Sequence[str]) -> frozenset[str]:
    """Few, rare letters such that every form has one of them where an anchor may be.

    Each distinct anchor letter is one scan of the text, stopping at every occurrence of the
    letter; the greedy set cover takes the letter with the lowest cost (scan plus stops) per
    form it newly covers, until every form is covered.
    """
    options = {form: {chars[i] for i in _roomy(chars)}
               for form in forms if (chars := NAME_CHARS.findall(form))}
    chosen: set[str] = set()
    while options:
        letters = set().union(*options.values())
        best = min(sorted(letters), key=lambda letter: (_SCAN_PERCENT + _percent(letter)) / sum(
            letter in choices for choices in options.values()))
        chosen.add(best)
        options = {form: choices for form, choices in options.items() if best not in choices}
    return frozenset(chosen)


def _letters_before(text: str, at: int, letters: str) -> Optional[int]:
    """Start of ``letters`` ending right before ``text[at]`` (skippable chars allowed), or None."""
    index = at - 1
    for letter in reversed(letters):
        while index >= 0 and text[index] in SKIPPABLE_CHARS:
            index -= 1
        if index < 0 or text[index] != letter:
            return None
        index -= 1
    return index + 1


class NameIndex:
    """All name forms of a query, found in a document by one scan per distinct anchor letter.

    Forms that share an anchor letter share a scan: a lookahead of their tolerant rests (each
    starting with a literal, which the regex engine rejects at once) finds candidate anchors
    and tells which rest matched; only the forms with that rest then check their letters
    before the anchor.
    """

    def __init__(self, forms: Sequence[str]) -> None:
        """Compile every distinct form and group them by their anchor letter
        (:func:`_compiled_forms`)."""
        self.patterns, self._scans = _compiled_forms(tuple(dict.fromkeys(forms)))

    def spans(self, text: str, printed: Optional[PrintedCase] = None,
              glued: Optional[PrintedCase] = None) -> dict[str, list[tuple[int, int]]]:
        """(start, end) of every whole-word occurrence of each form, in text order; with the
        document's capitals (``printed``), also of a form its initials are joined to
        (``word_edges.initials_glued_at``), and with them again (``glued``: read where the
        shape asks, whatever the document prints elsewhere), of one joined to the given name
        before it (``word_edges.glued_to_given_name``)."""
        found: dict[str, list[tuple[int, int]]] = {form: [] for form in self.patterns}
        for scan, checks in self._scans:
            for candidate in scan.finditer(text):
                at = candidate.start()
                number = candidate.lastindex or 0
                previous = text[at - 1] if at else ""
                for form, just_before, before, ends_there, pattern in checks[number]:
                    if just_before and previous not in just_before:
                        continue  # "human" for "toman": the letter before "man" is wrong
                    if ends_there:  # the scan matched this form's rest and the word end
                        end = candidate.end(number)  # or a letter and a full stop after it
                    else:
                        match = pattern.forward.match(text, at)
                        if match is None:
                            continue
                        end = match.end()
                    start = at - len(before)
                    if before and not (start >= 0 and text.startswith(before, start)):
                        start = _letters_before(text, at, before)  # extraction damage, or none
                    if start is None or (start and text[start - 1] != " "
                                         and not starts_name(text, start, end, glued)):
                        continue
                    if ((not ends_there or GLUED_INITIAL.match(text, end))
                            and not ends_name(text, end, printed)):
                        continue  # the end last: a joined initial asks the capitals
                    found[form].append((start, end))
        return {form: sorted(spans) for form, spans in found.items()}


#: Lists of distinct forms whose compiled scans are kept (:func:`_compiled_forms`): a document's
#: relation and reference list ask again for the names of each group a citation was found for.
_FORM_LISTS_KEPT = 256


@lru_cache(maxsize=_FORM_LISTS_KEPT)
def _compiled_forms(forms: tuple[str, ...]
                    ) -> tuple[dict[str, NamePattern], list[tuple[re.Pattern[str],
                                                                 dict[int, list[_Check]]]]]:
    """The patterns of the distinct ``forms`` and the scan of each anchor letter, for
    :class:`NameIndex`. Kept for the last ``_FORM_LISTS_KEPT`` lists of forms: building the
    scans' regex source and compiling it costs more than a short document's search, and the
    same names are indexed again for every citation's relation (``relation``), for the
    reference list a citation lies in (``matcher``), and for each query of a benchmark. Read
    only by :meth:`NameIndex.spans`, which changes none of it."""
    anchors = choose_anchors(list(forms))
    patterns = {form: NamePattern.compile(form, anchors) for form in forms}
    by_anchor: dict[str, list[NamePattern]] = {}
    for pattern in patterns.values():
        by_anchor.setdefault(pattern.anchor, []).append(pattern)
    return patterns, [_anchor_scan(anchor, group) for anchor, group in by_anchor.items()]


def _anchor_scan(anchor: str, group: Sequence[NamePattern]
                 ) -> tuple[re.Pattern[str], dict[int, list[_Check]]]:
    """The scan for one anchor letter and, per rest that matched, the forms to check there.

    The rests after the anchor form a trie, so the engine tests each following letter once,
    whatever the number of names; every rest ends in an empty capturing group and a word
    end, longer rests first, so ``lastindex`` names the longest rest that matched, and the
    group's position is where it ends. Rests of literal letters match at one place only if
    one extends the other, hence the forms to check are those whose rest the matched one
    extends; a form whose rest it is (the flag) needs no second match.
    """
    rests = sorted({p.after_anchor for p in group})
    if rests[0] == ():
        return re.compile(re.escape(anchor)), {0: [_check(p, False) for p in group]}
    ends: list[tuple[str, ...]] = []
    lookahead = _trie_source(_trie(rests), (), ends)
    scan = re.compile(re.escape(anchor) + "(?=" + lookahead + ")")
    checks = {number: [_check(p, rest == p.after_anchor) for p in group
                       if rest[:len(p.after_anchor)] == p.after_anchor]
              for number, rest in enumerate(ends, start=1)}
    return scan, checks


#: What :meth:`NameIndex.spans` checks at a candidate anchor for one form: the form, what may
#: precede the anchor, the letters before it, whether the scan matched the form's whole rest,
#: and the form's pattern (its forward regex, when it did not). A tuple: thousands of
#: candidates.
_Check = tuple[str, frozenset[str], str, bool, "NamePattern"]


def _check(pattern: NamePattern, ends_there: bool) -> _Check:
    """The check of ``pattern`` at the candidates of one matched rest."""
    return pattern.form, pattern.just_before, pattern.before_anchor, ends_there, pattern


def _trie(rests: Sequence[tuple[str, ...]]) -> dict:
    """Nested dicts of letters; the key ``None`` marks the end of a rest."""
    root: dict = {}
    for rest in rests:
        node = root
        for letter in rest:
            node = node.setdefault(letter, {})
        node[None] = {}
    return root


def _trie_source(node: dict, path: tuple[str, ...], ends: list[tuple[str, ...]]) -> str:
    """Regex source of the letters that may follow a trie node, skippable chars before them."""
    alternatives = [letter + _child_source(node[letter], path + (letter,), ends)
                    for letter in sorted(key for key in node if key is not None)]
    return SKIPPABLE_RUN + (alternatives[0] if len(alternatives) == 1
                          else "(?:" + "|".join(alternatives) + ")")


def _child_source(child: dict, path: tuple[str, ...], ends: list[tuple[str, ...]]) -> str:
    """The node after a letter: the longer rests through it first, then the end of the rest
    it completes, right after the letter (so the group's position is where the name ends)."""
    sources = []
    if any(key is not None for key in child):
        sources.append(_trie_source(child, path, ends))
    if None in child:
        ends.append(path)
        sources.append("()" + NAME_ENDS)
    return sources[0] if len(sources) == 1 else "(?:" + "|".join(sources) + ")"
