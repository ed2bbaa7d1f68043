"""Where the searched names occur in a normalized text.

:func:`find_name_positions` is the original scheme's exact search (any occurrence, also inside
another word). The improved scheme uses :class:`NamePattern`: whole words only, and tolerant of
what PDF extraction puts inside a name (see its docstring).
"""

from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import dataclass
from functools import cached_property, lru_cache
from itertools import accumulate, compress, count
from typing import Callable, Optional, Sequence

from .normalize import normalize_text

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

#: The document's capitals for a span of its normalized text, or None where they cannot be read
#: (``matcher.DocumentText.printed_case``, made lazy by the matcher): the normalized text is
#: lower case, and only the capitals tell some word edges (:func:`initials_glued_at`). A blank
#: that stands for a blank line is given as a line break, the span's length unchanged:
#: ``printed_words.ends_paragraph`` reads it; the other callers read letters at their positions, or
#: split words at any white space (``author_run_ends.initials_end_run``).
PrintedCase = Callable[[int, int], Optional[str]]

#: What PDF extraction leaves inside a printed name, skipped between its letters: blanks (split
#: small capitals "d ean", accents NFKD made blanks "gr unwald", pypdf's stray blanks), PDFium's
#: line-end hyphen U+FFFE, the soft hyphen, spacing accents NFKD keeps ("hajiˇc", "m`arquez"),
#: pypdf's U+00A4 for an unmapped umlaut ("h¤olzle"), zero-width characters, apostrophes and
#: hyphens in either form.
SKIPPABLE = (" \ufffe\u00ad\u02c6\u02c7\u02c9\u02ca\u02cb\u02cd\u02d8\u02d9\u02da\u02db\u02dc\u02dd"
             "`\u00a4\u00b4\u00a8\u00b8\u200b\u200c\u200d\u2060\ufeff"
             "'\u2019\u2018\u02bc\u2032-\u2010\u2011\u2013")
#: Skipped when looking for the letter next to a name: an accent belongs to the name's letters.
_DETACHED_ACCENTS = frozenset(SKIPPABLE) - frozenset(" '\u2019\u2018\u02bc\u2032-\u2010\u2011\u2013"
                                                     "\ufffe\u00ad")
#: Inside a word although not letters: a name before or after one of these is not a word.
_WORD_JOINERS = frozenset("\ufffe\u00ad")
_SKIPPABLE_SET = frozenset(SKIPPABLE)


def _char_class(chars: str) -> str:
    """A regex class of exactly ``chars``."""
    return "[" + "".join("\\" + c if c in "\\]^-" else c for c in sorted(chars)) + "]"


_SKIP_CLASS = _char_class(SKIPPABLE) + "*+"
#: After a name's last letter: not a letter or a word joiner next (detached accents skipped),
#: the test of :func:`_is_word_edge`, made by the scan so that "harrison" stops no scan for
#: "harris" (the possessive ``*+`` skips accents as the function does, with no backtracking).
_WORD_GOES_ON_NOT = (f"(?!{_char_class(''.join(_DETACHED_ACCENTS))}*+"
                     f"(?:[^\\W\\d_]|{_char_class(''.join(_WORD_JOINERS))}))")
#: An initial: one letter and its full stop ("j."). Read here joined to a name ("linzj." for
#: "LinzJ."): the name's initials if the document prints the letter as a capital after the
#: name's own lower case (:func:`initials_glued_at` decides; the scan only lets the place
#: through to it); and by ``entry_grammar`` in the author runs and fields it reads.
INITIAL = r"[^\W\d_]\."
_NAME_ENDS = f"(?:{_WORD_GOES_ON_NOT}|(?={INITIAL}))"
_GLUED = re.compile(INITIAL)
#: Particles a surname may open with ("van der Berg", "de la Cruz"): read here, by ``persons``,
#: by ``entry_grammar`` (an inverted surname's particles before its comma) and by ``context``
#: (a first entry's author after a reference list's heading).
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
        just_before = frozenset(before[-1]) | _SKIPPABLE_SET if before else frozenset()
        return cls(form, chars[at], after, before, just_before)

    @cached_property
    def forward(self) -> re.Pattern[str]:
        """The anchor and the tolerant rest, compiled on first use. Why not with the rest:
        :class:`NameIndex` needs it only for a form whose rest another form's extends, and
        each compiled class of :data:`SKIPPABLE` is slow to compile (a class with characters
        above U+00FF is a big bitmap in Python's ``re`` compiler); the search is built at the
        start of the crawler and of the parser process that matches small pages."""
        return re.compile(re.escape(self.anchor)
                          + "".join(_SKIP_CLASS + c for c in self.after_anchor))


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
        while index >= 0 and text[index] in _SKIPPABLE_SET:
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
        (:func:`initials_glued_at`), and with them again (``glued``: read where the shape asks,
        whatever the document prints elsewhere), of one joined to the given name before it
        (:func:`glued_to_given_name`)."""
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
                        if _GLUED.match(text, end) and not _ends_name(text, end, printed):
                            continue
                    else:
                        match = pattern.forward.match(text, at)
                        if match is None or not _ends_name(text, match.end(), printed):
                            continue
                        end = match.end()
                    start = at - len(before)
                    if before and not (start >= 0 and text.startswith(before, start)):
                        start = _letters_before(text, at, before)  # extraction damage, or none
                    if start is None or (start and text[start - 1] != " "
                                         and not _starts_name(text, start, end, glued)):
                        continue
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
    return _SKIP_CLASS + (alternatives[0] if len(alternatives) == 1
                          else "(?:" + "|".join(alternatives) + ")")


def _child_source(child: dict, path: tuple[str, ...], ends: list[tuple[str, ...]]) -> str:
    """The node after a letter: the longer rests through it first, then the end of the rest
    it completes, right after the letter (so the group's position is where the name ends)."""
    sources = []
    if any(key is not None for key in child):
        sources.append(_trie_source(child, path, ends))
    if None in child:
        ends.append(path)
        sources.append("()" + _NAME_ENDS)
    return sources[0] if len(sources) == 1 else "(?:" + "|".join(sources) + ")"


def is_whole_word(text: str, start: int, end: int,
                  printed: Optional[PrintedCase] = None) -> bool:
    """True if ``text[start:end]`` is no part of a longer word, as :class:`NameIndex` reads
    word edges ("lee" in "byerlee" is not; "linz" in "LinzJ." and "thévenin" in "Gregory,
    IanThévenin, Thomas" are, with the document's capitals ``printed``). Called by
    ``superset`` on the original scheme's exact name occurrences."""
    return _starts_name(text, start, end, printed) and _ends_name(text, end, printed)


def initials_glued_at(text: str, end: int, printed: Optional[PrintedCase]) -> bool:
    """True if the letter and full stop at ``end``, joined to the name that ends there, are
    that name's initials: styles that print "LinzJ., StepanA." (no blank), where the
    normalized text reads "linzj., stepana.", and "HILLC., CABANNEP." for a surname they
    print in capitals.

    The capitals tell (``printed``): the joined letter a capital, after the name's last letter
    printed in lower case ("Linz" and "J."), or in capitals where the initials are closed by
    a comma or a semicolon ("HILLC., ", "BLANCHEJ.-É., ": :func:`_capital_initials_closed`).
    A lower-case continuation ("Linzi.") is a longer word, and so is a word in capitals with
    a joined letter and no comma after its initials ("LINZJ. Title", an acronym), and any
    joined letter where the capitals cannot be read. The one reader of this shape:
    :class:`NameIndex` and :func:`is_whole_word` both ask it where a letter follows a name."""
    if printed is None or end < 1 or _GLUED.match(text, end) is None:
        return False
    cased = printed(end - 1, end + 1)
    if cased is None or not cased[1].isupper():
        return False
    return cased[0].islower() or (cased[0].isupper() and _capital_initials_closed(text, end))


#: Initials joined to a name, each a letter and a full stop (a blank or a hyphen between two of
#: them), then the comma or the semicolon that closes the name: "c., ", "e. d., ", "j.-é., ",
#: "p.;".
_INITIALS_CLOSED = re.compile(r"(?:[^\W\d_]\.[ -]?)+[,;]")


def _capital_initials_closed(text: str, end: int) -> bool:
    """True if the initials joined at ``end`` to a name printed in capitals are closed by a
    comma or a semicolon (``_INITIALS_CLOSED``): as a style that joins the first initial to
    the surname prints the name's end in an author list ("HILLC., Title", "BIZIERN., "). An
    acronym or a word in capitals that ends a sentence has no comma right after its full stop.
    Called by :func:`initials_glued_at`."""
    return _INITIALS_CLOSED.match(text, end) is not None


#: A capital and a full stop right after a letter in lower case, as the extracted text prints
#: it ("LinzJ.", "HurdovaK.", "JoséJ."): a full stop is found at once, the letters before it are
#: then looked at. Latin, Greek and Cyrillic cases, a combining accent between: a superset of
#: what :func:`initials_glued_at` can accept, never fewer.
_LOWER = "a-z\u00df-\u00ff\u0100-\u024f\u03ac-\u03ce\u0430-\u045f\u0300-\u036f"
_UPPER = "A-Z\u00c0-\u00de\u0100-\u024f\u0386-\u03ab\u0400-\u042f"
_JOINED_CAPITAL = re.compile(f"\\.(?:(?<=[{_LOWER}][{_UPPER}]\\.)"
                             f"|(?<=[{_LOWER}][{_UPPER}][\u0300-\u036f]\\.))")


def may_join_initials(source: str) -> bool:
    """True if the extracted ``source`` prints a capital and a full stop right after a letter
    in lower case somewhere: without one, no name in it has its initials joined, and
    :func:`initials_glued_at` need not be asked. Why: the capitals it reads cost a map of the
    whole document (``context.TextMap``), this search a few milliseconds a megabyte. Called by
    ``matcher.DocumentText`` once per document."""
    return _JOINED_CAPITAL.search(source) is not None


#: Letters of a given name a name may be printed joined to, at most.
_GLUED_WORD_LETTERS = 12
#: Surname prefixes printed with a capital inside one surname ("McDonald", "MacArthur",
#: "FitzGerald", "DeLong", "LeBlanc", "VanDyke"): a name after one is no name of its own.
_SURNAME_PREFIXES = PARTICLES | frozenset("mc mac fitz st vander vanden vonder dela".split())
#: An inverted name's comma and a given name of two letters or more written out (no initial).
_GIVEN_NAME = r", [^\W\d_]{2,}"
#: What follows a surname printed joined to the given name before it, no full stop after the
#: given name (:func:`glued_to_given_name`).
_GIVEN_NAME_AFTER = re.compile(_GIVEN_NAME + r"(?![\w.'\u2019-])")


def _joined_word_start(text: str, start: int) -> int:
    """Where the word that a name at ``start`` is joined to begins (its letters right before
    it). Called by :func:`glued_to_given_name` and :func:`joined_after_lower_case`."""
    word = start
    while word > 0 and text[word - 1].isalpha():
        word -= 1
    return word


def glued_to_given_name(text: str, start: int, end: int,
                        printed: Optional[PrintedCase]) -> bool:
    """True if a name at ``text[start:end]`` inside a longer word is a surname printed joined
    to the given name before it, as a style prints an inverted author list whose blank
    between one name's given name and the next surname it drops: "Gregory, IanThévenin,
    Thomas", "Langley, SarahMorasky-Smith, Abbie". The shape is read first, in the normalized
    text: the joined word follows an inverted surname's comma, and the name is inverted too,
    its given name written out after its comma; then the capitals (``printed``): the word
    joined to the name starts with a capital and ends in lower case, the name's first letter
    is a capital, and the word is no surname prefix ("McDonald", "LeBlanc": one surname).

    A name in lower case after letters ("byerlee") is inside a longer word, and so is one
    where the capitals cannot be read (``printed`` None). The shape comes first: the capitals
    cost a map of the document, made when first asked for, and an author list in initials
    ("Campbell, A." for "Bell") never asks. Called by :class:`NameIndex` and
    :func:`is_whole_word`, where a name starts after a letter."""
    if printed is None or _GIVEN_NAME_AFTER.match(text, end) is None:
        return False
    word = _joined_word_start(text, start)
    piece = text[word:start]
    if (not 2 <= len(piece) <= _GLUED_WORD_LETTERS or not text.endswith(", ", 0, word)
            or piece in _SURNAME_PREFIXES):
        return False
    cased = printed(word, start + 1)
    return (cased is not None and cased[0].isupper() and cased[-2].islower()
            and cased[-1].isupper())


#: Letters in lower case the word a name is joined to ends with, at least, for the name to open
#: a word of its own (:func:`joined_after_lower_case`).
_LOWER_CASE_BEFORE = 3
#: ``_GIVEN_NAME``, its full stop after it or not ("poulot|, dominique,", "rambaud|, claude."):
#: what follows a name that opens an entry (:func:`joined_after_lower_case`); an initial
#: ("campbell|, a.") is none.
_GIVEN_NAME_CLOSED = re.compile(_GIVEN_NAME + r"(?![\w'\u2019-])")
#: What follows an author printed in capitals that opens an entry with no given name (an
#: organisation: "CH2M HILL. 2002.", "UNESCO. (1998)"): up to two more words, its full stop,
#: the year (:func:`joined_after_lower_case` reads such a name joined to lower case only where
#: the name is in capitals).
_CAPITALS_NAME_THEN_DATE = re.compile(r"(?: [^\W\d_]+){0,2}\. \(?(?:1[5-9]|20)\d\d(?!\d)")


def joined_after_lower_case(text: str, start: int, end: int,
                            printed: Optional[PrintedCase]) -> bool:
    """True if a name at ``text[start:end]`` inside a longer word opens a word of its own that
    the text joins to the word before it: extraction joins a line ending with a hyphen to the
    next line's first word, so an entry cut at a hyphen runs into the next entry's first
    surname ("...A novel jasmonate-" newline "POULOT, Dominique, Une histoire" reads
    "jasmonatepoulot, dominique, une histoire"). The shape is read first, in the normalized
    text: the name is inverted, its given name written out after its comma (``_GIVEN_NAME_CLOSED``),
    or it is followed by up to two words, a full stop and a year (an organisation that opens
    its entry: "...jasmonate-" newline "CH2M HILL. 2002. Letter Report",
    ``_CAPITALS_NAME_THEN_DATE``), and joined to at least ``_LOWER_CASE_BEFORE`` letters that
    are no surname prefix ("deGroot", "vanDyke"); then the capitals (``printed``): those
    letters are all in lower case and the name's first letter is a capital (with no given
    name after it, the whole name is in capitals: "...survey of hisCompany. 2004." is a
    word of the title). A word printed in lower case goes on in
    lower case; one surname with a capital inside opens with a capital ("McDonald",
    "FitzGerald"), and so does a given name a surname is joined to ("IanThévenin":
    :func:`glued_to_given_name`).

    A name in lower case after letters ("byerlee") is inside a longer word, and so is one
    where the capitals cannot be read (``printed`` None); an author list in initials
    ("Campbell, A." for "Bell") never asks for the capitals, which cost a map of the
    document. Called by :func:`_starts_name`, for :class:`NameIndex` and
    :func:`is_whole_word`."""
    if printed is None:
        return False
    given = _GIVEN_NAME_CLOSED.match(text, end) is not None
    if not given and _CAPITALS_NAME_THEN_DATE.match(text, end) is None:
        return False
    word = _joined_word_start(text, start)
    if start - word < _LOWER_CASE_BEFORE or text[word:start] in _SURNAME_PREFIXES:
        return False
    cased = printed(word, start + 1 if given else end)
    if cased is None or not cased[:start - word].islower():
        return False
    return cased[start - word].isupper() if given else cased[start - word:].isupper()


#: Letters a surname has at least to be read after a particle joined to it
#: (:func:`joined_to_particle`): a shorter one ends too many surnames that open with a
#: particle's letters ("Deng" for "Ng").
_MIN_LETTERS_AFTER_PARTICLE = 4
#: An inverted name's comma and its initials, each a letter and a full stop: what follows a
#: surname printed joined to its particle (:func:`joined_to_particle`): ", g. ", ", j.-p.,".
_INITIALS_AFTER = re.compile(r", (?:[^\W\d_]\.[ -]?){1,3}(?![^\W\d_])")
#: The longest particle a surname is joined to (:func:`joined_to_particle`).
_LONGEST_PARTICLE = max(map(len, PARTICLES))


def joined_to_particle(text: str, start: int, end: int) -> bool:
    """True if a name at ``text[start:end]`` inside a longer word is a surname printed joined
    to its particle: the letters before it in the word are exactly one particle
    (``PARTICLES``), and the name is inverted, its comma and initials right after it. BibTeX
    styles that print an inverted name's "von" part and surname with no blank ("{vv}{ll}{,
    f.}": "duQuébec, G.", "vanDijk, J.") print so; the normalized text reads "duquebec, g.".

    Read in the normalized text alone: the capitals would tell "deGaulle" from "Delong" but
    cost a map of the whole document, and a name met inside longer words is common ("Bell" in
    "Campbell"). The inverted shape and the name's length (``_MIN_LETTERS_AFTER_PARTICLE``)
    keep it narrow; whether the words after the name are the queried title is for the title's
    checks. Called by :func:`_starts_name`, for :class:`NameIndex` and :func:`is_whole_word`."""
    if end - start < _MIN_LETTERS_AFTER_PARTICLE or _INITIALS_AFTER.match(text, end) is None:
        return False
    word = start
    while word > 0 and start - word <= _LONGEST_PARTICLE and text[word - 1].isalpha():
        word -= 1
    return text[word:start] in PARTICLES and _is_word_edge(text, word - 1, -1)


def _starts_name(text: str, start: int, end: int, printed: Optional[PrintedCase]) -> bool:
    """True if a name at ``text[start:end]`` starts there: a word edge, a surname joined to
    its particle (:func:`joined_to_particle`), to the given name before it
    (:func:`glued_to_given_name`) or to a word in lower case (:func:`joined_after_lower_case`)."""
    return (_is_word_edge(text, start - 1, -1) or joined_to_particle(text, start, end)
            or glued_to_given_name(text, start, end, printed)
            or joined_after_lower_case(text, start, end, printed))


def _ends_name(text: str, end: int, printed: Optional[PrintedCase]) -> bool:
    """True if a name ending at ``end`` ends there: a word edge, or initials joined to it."""
    return _is_word_edge(text, end, 1) or initials_glued_at(text, end, printed)


def _is_word_edge(text: str, index: int, step: int) -> bool:
    """True if the char at ``index`` (detached accents skipped, going ``step``) ends a word."""
    while 0 <= index < len(text) and text[index] in _DETACHED_ACCENTS:
        index += step
    if not 0 <= index < len(text):
        return True
    char = text[index]
    return not (char.isalpha() or char in _WORD_JOINERS)

