"""Why a citation was found: the text around it, and whether it lies in the reference list.

Who calls it: :class:`citeseeker_scrapy.matching.citations.CitationSearch`, for every
citation found.
The matcher searches the *normalized* text (lower case, accents and line-end hyphens removed,
white space collapsed) and tells where ``found`` starts there. A reader wants the document's
own words, so that position is mapped back to the original text (``folded_offsets``): the
text is cut into chunks at plain white space, each chunk is normalized on its own (their
normalized forms, joined by one blank, are the normalized text), and inside the one chunk that
holds the position each character is folded alone, which gives the exact original offset.
When the chunks do not line up (a normalization rule we do not mirror), ``found`` is searched
near the estimated place instead, so a context is always taken from around the real match.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass

from .improved.grammar.entry_grammar import YEAR_DIGITS
from .name_parts import PARTICLES
from .folded_offsets import chunk_offsets, fold_with_offsets
from .normalize import join_broken_words, normalize_text

#: Characters of context at most.
CONTEXT_LENGTH = 300
_CHUNK = 512
_BIG_CHUNK = 65536
#: Reference-list headings as papers print them, in the languages of the styles researchers use:
#: compared folded (``normalize_text``: case and accents off), so "Referências", "Literatúra"
#: and "Bibliografía" are read as "referencias", "literatura" and "bibliografia".
HEADING_NAMES = (
    "references", "reference list", "references cited", "references and notes",
    "notes and references", "bibliography", "literature", "literature cited",
    "cited literature", "works cited", "sources",  # English
    "literatur", "literaturverzeichnis", "quellenverzeichnis",  # German
    "bibliographie", "références", "références bibliographiques",  # French
    "bibliografía", "referencias", "referencias bibliográficas",  # Spanish
    "referências", "bibliografia", "referências bibliográficas",  # Portuguese, Italian, Polish
    "riferimenti bibliografici",  # Italian
    "literatuur", "literatuurlijst", "referenties",  # Dutch
    "litteratur", "referencer", "referanser", "litteraturliste",  # Danish, Norwegian
    "referenser", "källor", "källförteckning", "litteraturförteckning",  # Swedish
    "lähteet", "kirjallisuus", "viitteet",  # Finnish
    "kirjandus", "viited",  # Estonian
    "literatūra", "šaltiniai",  # Lithuanian, Latvian
    "literatura", "seznam literatury", "použitá literatura", "odkazy",  # Czech, Polish, ...
    "literatúra", "zoznam literatúry", "použitá literatúra", "referencie",  # Slovak
    "reference", "referencje",  # Czech, Polish
    "bibliografija", "piśmiennictwo",  # Croatian, Serbian, Polish
    "irodalom", "irodalomjegyzék", "hivatkozások", "felhasznált irodalom",  # Hungarian
    "bibliografie", "referințe",  # Romanian
    "kaynakça", "kaynaklar",  # Turkish
    "daftar pustaka", "referensi",  # Indonesian
    "heimildir",  # Icelandic
    "erreferentziak", "referències",  # Basque, Catalan
    "литература", "список литературы", "библиография", "література",  # Russian, Ukrainian
    "βιβλιογραφία", "参考文献",  # Greek, Chinese and Japanese
)
#: The folded names, longest first (a name that opens a longer one must not end the match
#: early), names of one length by their text, so that ``_HEADING``'s text is the same in every
#: run whatever ``PYTHONHASHSEED`` orders the set by.
_FOLDED_NAMES = sorted({normalize_text(name) for name in HEADING_NAMES},
                       key=lambda name: (-len(name), name))
#: Any folded name, as a pattern (longest first): ``title_edges`` reads the bare number of a
#: numbered list's first entry right after one ("Referências 1 CAPMAS Egypt in Figures").
HEADING_NAME = "|".join(re.escape(name) for name in _FOLDED_NAMES)
#: A reference-list name at the start of its folded line (optionally numbered; small capitals
#: split after their first letter by PDF extraction, "R EFERENCES", too), then the line's end or
#: a colon (``closed``: a heading), or a blank and more words: a heading only if they open the
#: first entry (:func:`_opens_entry`, read in the original text).
_HEADING = re.compile(
    r"^ ?(?:\d{1,2}\.?|[ivx]{1,5}\.)? ?(?:"
    + "|".join(rf"{re.escape(name[0])} ?{re.escape(name[1:])}" for name in _FOLDED_NAMES)
    + r")(?: ?(?P<closed>:|$)| (?=\S))")
#: Upper- and lower-case letters of the scripts papers print (``re`` has no class for them).
_UPPER, _LOWER = ("[" + re.escape("".join(c for c in map(chr, range(0x2000)) if case(c))) + "]"
                  for case in (str.isupper, str.islower))
_NAME_WORD = rf"{_UPPER}(?:[^\W\d_]|['’-](?=[^\W\d_]))*"
_INITIALS = rf"{_UPPER}\.(?: ?-?{_UPPER}\.)*"
#: What a surname may open with, in lower case, in the first entry after a heading: the
#: particles ``name_parts.PARTICLES`` owns ("van Dijk, A.", "de la Cruz, J."), and the articles of
#: Arabic and Spanish surnames ("al Hassan, M.", "el Said, A."), which it does not hold.
_SURNAME_OPENERS = PARTICLES | {"al", "el"}
_PARTICLES = rf"(?:(?:{'|'.join(sorted(_SURNAME_OPENERS))}) )"
_YEAR = rf"\(?{YEAR_DIGITS}"
#: An alphabetic style's label inside its brackets: "Knu86b", "GMS94", "ABC+99".
_KEY_LABEL = r"[^\W\d_]{1,8}\+?\d{2,4}[a-z]?"
#: How the first entry of a reference list starts, right after its heading on the same line:
#: a label ("[1]", "1.", "(1)", "1)", "[Knu84]") before a word that is not lower case, or the
#: first author: "Smith, J." / "Smith, John," / "van Dijk, A." (surname first), "Smith JA," /
#: "Garcia Lopez J." (Vancouver), "J. Smith" / "D. E. Knuth" (initials first), "Percy Liang, " /
#: "Jane Doe and" / "Percy Liang. 2005" (given name first), "Smith et al.", "Smith (2001)" /
#: "Technology Council (ITC). 2001" / "Associated Press 05/21/07" (a name before the date),
#: "Environmental Protection Agency, ..." (up to six capitalized words, then a comma); or a
#: title first, its authors after its full stop ("Multiple networks in the brain. Smith JA,").
#: A sentence that begins with the heading's word ("References to earlier work ...",
#: "Literature Review and ...") starts none of these.
_ENTRY_OPENING = re.compile(
    rf"(?:\[(?:1|{_KEY_LABEL})\]|\(1\)|1[.)]) "
    rf"(?!{_LOWER})"
    rf"|{_PARTICLES}{{0,2}}{_NAME_WORD}(?: {_NAME_WORD})?, ?(?:{_INITIALS}|{_NAME_WORD}[ ,.(])"
    rf"|{_NAME_WORD}(?: {_NAME_WORD})? {_UPPER}{{1,3}}[,.]"
    rf"|{_INITIALS} ?{_PARTICLES}{{0,2}}{_NAME_WORD}"
    rf"|{_NAME_WORD}(?: {_INITIALS})? {_PARTICLES}{{0,2}}{_NAME_WORD}(?:,| and | & |\. {_YEAR})"
    rf"|{_NAME_WORD} et al\."
    rf"|(?:{_NAME_WORD} ){{0,5}}{_NAME_WORD}(?: \({_UPPER}+\))?\.? (?:{_YEAR}|\d\d?/\d\d?/\d\d)"
    rf"|(?:{_NAME_WORD} ){{1,5}}{_NAME_WORD}(?: \({_UPPER}+\))?, "
    rf"|{_UPPER}[^.\n]{{10,200}}\. (?:{_NAME_WORD}(?: {_NAME_WORD})? {_UPPER}{{1,3}}[*,.]"
    rf"|{_NAME_WORD}, {_INITIALS}|{_INITIALS} ?{_NAME_WORD})")
#: How much of the text after a heading ``_opens_entry`` reads.
_OPENING_CHARS = 260


def _search_stems(names: tuple[str, ...]) -> tuple[str, ...]:
    """Where to look for a heading: in each name, the longest stretch that prints the same
    folded or not, and none holding another (a plain search in the lower-cased text finds
    them; the candidate's line is then folded and checked by ``_HEADING``)."""
    stems = {max(re.findall(r"[a-z]+(?: [a-z]+)*", name), key=len, default=name)
             for name in (n.lower() for n in names)} | {"r eferences", "b ibliograph"}
    return tuple(sorted(s for s in stems if not any(o != s and o in s for o in stems)))


_HEADING_WORDS = _search_stems(HEADING_NAMES)
#: A heading starts this close to its line's start (a number, blanks): a name found further in
#: is part of a sentence, and only this much of the line is folded to check it.
_HEADING_INDENT, _HEADING_LINE = 40, 100
_APPENDIX_WORDS = ("appendix", "anhang", "annex")
#: What ends a reference list: an appendix heading on a line of its own ("Appendix A",
#: "ANHANG", "Annex: Tables"); not a line of an entry that opens with the word and a word in
#: lower case after it ("Annex to Global Commission on International Migration Report:", a
#: report's title wrapped there), which continues a sentence.
_SECTION_AFTER = re.compile(
    r"(?im)^[^\S\n]*(?:appendix|anhang|annex)\b(?![^\S\n]+(?-i:[a-z]))[^\n]{0,60}$")
#: A reference entry's "[n]" or "[Knu86]" label at the start of a line (after the entry's
#: number, "15. [Knu86b]", too): the line and the ones after it, up to a blank line, are a
#: reference entry, whatever heading the list has (or none found).
_LABELLED_LINE = re.compile(
    rf"(?m)^[^\S\n]*(?:\d{{1,3}}\.[^\S\n]+)?\[(?:\d{{1,4}}|{_KEY_LABEL})\][^\S\n]")
_ENTRY_REACH = 600  # characters from an entry's label to a hit inside it, at most
_BLANK_LINE = re.compile(r"\n[^\S\n]*\n")
#: Where a reference entry begins (inside a reference list).
_ENTRY_START = re.compile(
    rf"(?m)(?:^[^\S\n]*(?:\[(?:\d{{1,3}}|{_KEY_LABEL})\]|\d{{1,3}}\.(?=\s))"
    rf"|\[(?:\d{{1,3}}|{_KEY_LABEL})\]\s|\n[^\S\n]*\n)")
#: Where a sentence or paragraph begins (in running text).
_SENTENCE_START = re.compile(r"(?:(?<=[a-z0-9)\]\"'][.!?])\s+(?=[A-Z\[\"'(])|\n[^\S\n]*\n)")


@dataclass(frozen=True)
class Explanation:
    """What a reader needs to judge a citation without opening the document."""

    context: str
    in_references: bool


class TextMap:
    """Maps positions in ``normalize_text(text)`` back to ``text``; see the module docstring.

    Two levels of chunks keep it cheap for a long document: big chunks (64 KiB) are normalized
    once to know where each starts in the normalized text; only the big chunk holding a
    citation is cut into small ones (512 characters), and only the small one holding the
    position is folded (citations cluster in the reference list)."""

    def __init__(self, text: str, normalized: str) -> None:
        self.text = text
        self.normalized = normalized
        self.starts, self.norm_starts, total = chunk_offsets(text, 0, len(text), _BIG_CHUNK)
        self.lined_up = total == len(normalized)
        self._small: dict[int, tuple[list[int], list[int]]] = {}
        self._folded: dict[int, list[int]] = {}
        self._headings: list[int] | None = None
        self._appendices: list[int] = []

    def span(self, position: int, found: str) -> tuple[int, int]:
        """Original ``[start, end)`` of ``found`` at ``position`` of the normalized text."""
        if self.lined_up and found:
            start = self.original(position)
            end = self.original(position + len(found) - 1) + 1
            if normalize_text(self.text[start:end]) == found:
                return start, end
        return self._search(position, found)

    def original(self, position: int) -> int:
        """The original offset of the character at normalized ``position``."""
        return self._originals(position, position + 1)[0]

    def printed_case(self, start: int, end: int) -> str | None:
        """``normalized[start:end]`` with each letter in the case the document prints it in
        ("well-being Choices"), and each blank that stands for a blank line (a paragraph's
        end: :meth:`_paragraph_break`) as a line break; None where the map does not line up
        with the text.

        Normalization folds case and line breaks away; a title that runs into the next field
        with no punctuation is told from a longer title only by the capitals the field starts
        with, and one that ends its entry with none only by the paragraph's end (HTML and
        plain text print each entry as a paragraph). Who calls it: the matcher, for the few
        words around a hit a word check turned down, and the name index, for the letters
        beside a name joined to another word (``word_edges.PrintedCase``)."""
        if not self.lined_up or not 0 <= start < end <= len(self.normalized):
            return None
        first = max(0, start - 1)  # the letters beside the span tell a blank line at its edge
        originals = self._originals(first, min(len(self.normalized), end + 1))
        low, high = originals[start - first], originals[end - 1 - first] + 1
        if normalize_text(self.text[low:high]) != self.normalized[start:end]:
            return None
        chars = []
        for position in range(start, end):
            char = self.normalized[position]
            if char == " ":
                chars.append("\n" if self._paragraph_break(position, originals, first) else char)
                continue
            upper = char.upper()
            at = originals[position - first]
            chars.append(upper if self.text[at].isupper() and len(upper) == 1 else char)
        return "".join(chars)

    def _originals(self, start: int, end: int) -> list[int]:
        """The original offset of each character at a normalized position in ``[start, end)``:
        the chunks that map them are looked up once for each run of positions one small chunk
        maps (:meth:`printed_case` reads every letter of a span; :meth:`original` one)."""
        found: list[int] = []
        position = start
        while position < end:
            chunk, offsets, first, stop = self._small_chunk_at(position, end)
            last = len(offsets) - 1
            found += ([chunk + offsets[min(max(at - first, 0), last)]
                       for at in range(position, stop)] if offsets
                      else [chunk] * (stop - position))
            position = stop
        return found

    def _small_chunk_at(self, position: int, end: int) -> tuple[int, list[int], int, int]:
        """The small chunk that maps normalized ``position``: where it starts in the text, the
        offsets of its folded characters, the normalized position it starts at, and the first
        normalized position past those it maps (where the next small or big chunk starts), or
        ``end`` if that comes first.
        The big chunk holding it is cut into small ones, and the small one folded, on first
        need. Called by :meth:`_originals`."""
        following_big = bisect.bisect_right(self.norm_starts, position)
        big = max(0, following_big - 1)
        if big not in self._small:
            end = self.starts[big + 1] if big + 1 < len(self.starts) else len(self.text)
            starts, norm_starts, _ = chunk_offsets(self.text, self.starts[big], end, _CHUNK)
            self._small[big] = (starts + [end], [self.norm_starts[big] + n for n in norm_starts])
        starts, norm_starts = self._small[big]
        following_small = bisect.bisect_right(norm_starts, position)
        small = max(0, following_small - 1)
        start = starts[small]
        if start not in self._folded:
            self._folded[start] = fold_with_offsets(self.text[start:starts[small + 1]])[1]
        stop = end
        if following_big < len(self.norm_starts):
            stop = min(stop, self.norm_starts[following_big])
        if following_small < len(norm_starts):
            stop = min(stop, norm_starts[following_small])
        return start, self._folded[start], norm_starts[small], stop

    def _paragraph_break(self, position: int, originals: list[int], first: int) -> bool:
        """True if the blank at normalized ``position``, between two words, stands for white
        space that holds a blank line (two line breaks or more). ``originals``: the original
        offset of each normalized position from ``first`` on, the letters on both sides of
        ``position`` among them. Called by :meth:`printed_case`."""
        if not 0 < position < len(self.normalized) - 1:
            return False
        low, high = originals[position - 1 - first] + 1, originals[position + 1 - first]
        return self.text.count("\n", low, high) >= 2 and not self.text[low:high].strip()

    def in_references(self, position: int) -> bool:
        """:func:`in_references`, with the headings found once per text (a document citing
        many publications is scanned once, not once per citation)."""
        if self._headings is None:
            self._headings = _heading_ends(self.text)
            self._appendices = _appendix_starts(self.text)
        index = bisect.bisect_right(self._headings, position)
        if index == 0:
            return in_labelled_entry(self.text, position)
        heading_end = self._headings[index - 1]
        after = bisect.bisect_left(self._appendices, heading_end)
        return (after == len(self._appendices) or self._appendices[after] >= position
                or in_labelled_entry(self.text, position))

    def _search(self, position: int, found: str) -> tuple[int, int]:
        """Fallback: ``found`` nearest to the proportional estimate, in a window around it."""
        ratio = len(self.text) / max(len(self.normalized), 1)
        guess = int(position * ratio)
        low = max(0, guess - 4 * _CHUNK)
        folded, offsets = fold_with_offsets(self.text[low:guess + 4 * _CHUNK])
        hits = [m.start() for m in re.finditer(re.escape(found), folded)] if found else []
        if not hits or not offsets:
            return guess, min(len(self.text), guess + len(found))
        best = min(hits, key=lambda h: abs(low + offsets[h] - guess))
        return low + offsets[best], low + offsets[best + len(found) - 1] + 1


def explain(text: str, text_map: TextMap, position: int, found: str,
            length: int = CONTEXT_LENGTH) -> Explanation:
    """The context (reference entry or sentence, up to ``length`` characters, white space
    collapsed, case kept) and whether the match lies in a detected reference list."""
    start, end = text_map.span(position, found)
    in_refs = text_map.in_references(start)
    return Explanation(context_of(text, start, end, in_refs, length), in_refs)


def _heading_ends(text: str) -> list[int]:
    """Ends of the reference-list headings: the names are found by a plain search (fast), and
    only their own line, folded, is checked against the heading pattern."""
    ends = []
    for start in _word_starts(text, _HEADING_WORDS):
        line_start = max(text.rfind("\n", 0, start), text.rfind(".", 0, start)) + 1
        if start - line_start > _HEADING_INDENT:
            continue
        line_end = text.find("\n", start, line_start + _HEADING_LINE)
        line_end = min(len(text), line_start + _HEADING_LINE) if line_end < 0 else line_end
        folded, offsets = fold_with_offsets(text[line_start:line_end])
        match = _HEADING.match(folded)
        if not match or match.end() == 0:
            continue
        end = line_start + offsets[match.end() - 1] + 1
        if end > start and (match.group("closed") is not None or _opens_entry(text, end)):
            ends.append(end)
    return sorted(set(ends))


def _opens_entry(text: str, position: int) -> bool:
    """True if the words at ``position`` (right after a heading's name, on its line) start a
    reference entry (``_ENTRY_OPENING``): "References [1] A. Smith ...", "REFERENCES Smith,
    J. ...", as text extracted from PDF or PostScript, plain-text papers and flattened HTML
    print a heading and the first entry. Only the heading's line is read (a word broken at
    its end whole): a heading alone on its line followed by a paragraph is not read here."""
    line = join_broken_words(text[position:position + _OPENING_CHARS]).split("\n", 1)[0]
    return _ENTRY_OPENING.match(" ".join(line.split())) is not None


def _appendix_starts(text: str) -> list[int]:
    starts = []
    for start in _word_starts(text, _APPENDIX_WORDS):
        line_start = text.rfind("\n", 0, start) + 1
        match = _SECTION_AFTER.match(text, line_start)
        if match:
            starts.append(match.start())
    return sorted(set(starts))


def _word_starts(text: str, words: tuple[str, ...]) -> list[int]:
    """Where any of ``words`` (lower case) occurs, case-insensitively: ``str.find`` on the
    lower-cased text is far faster than a case-insensitive alternation over megabytes."""
    lowered = text.lower()
    if len(lowered) != len(text):  # a rare char that lower-cases to two: search the slow way
        pattern = re.compile("|".join(map(re.escape, words)), re.I)
        return [m.start() for m in pattern.finditer(text)]
    starts = []
    for word in words:
        index = lowered.find(word)
        while index >= 0:
            starts.append(index)
            index = lowered.find(word, index + 1)
    return starts


def in_labelled_entry(text: str, position: int) -> bool:
    """True if ``position`` lies in a reference entry whose line starts with its label
    ("[12] D. Knuth. The TeXbook...", "[Knu86b] D. Knuth. ...", ``_LABELLED_LINE``), at most
    ``_ENTRY_REACH`` characters after it and with no blank line between: a numbered or an
    alphabetic bibliography, whatever its heading."""
    low = max(0, position - _ENTRY_REACH)
    label = None
    for label in _LABELLED_LINE.finditer(text, low, position):
        pass
    return label is not None and _BLANK_LINE.search(text, label.end(), position) is None


def context_of(text: str, start: int, end: int, in_refs: bool,
               length: int = CONTEXT_LENGTH) -> str:
    """The entry (in a reference list) or sentence around ``text[start:end]``, trimmed to
    ``length`` characters around the match at word boundaries (``…`` marks a cut)."""
    boundary = _ENTRY_START if in_refs else _SENTENCE_START
    low = max(0, start - length)
    left = low
    for match in boundary.finditer(text, low, start):
        left = match.end() if match.group().isspace() else match.start()
    right = min(len(text), end + length)
    following = boundary.search(text, end, right)
    if following:
        right = following.start()
    marked = f"{text[left:start]}\x00{text[start:end]}\x00{text[end:right]}"
    before, match_text, after = " ".join(join_broken_words(marked).split()).split("\x00")
    return _trim(before, match_text, after, length)


def _trim(before: str, match_text: str, after: str, length: int) -> str:
    """Keep the match whole (cut only if longer than ``length``) and share the rest fairly."""
    joined = before + match_text + after
    if len(joined) <= length:
        return joined.strip()
    before, after = before.rstrip(), after.lstrip()
    match_text = match_text.strip()
    if len(match_text) >= length:
        return match_text[:length - 1] + "…"
    room = length - len(match_text) - 2
    left_room = min(len(before), room // 2)
    right_room = min(len(after), room - left_room)
    left_room = min(len(before), room - right_room)
    head = before[len(before) - left_room:] if left_room else ""
    tail = after[:right_room]
    if left_room < len(before):
        head = "…" + head.split(" ", 1)[-1] if " " in head else "…"
    if right_room < len(after):
        tail = tail.rsplit(" ", 1)[0] + "…" if " " in tail else "…"
    return " ".join(part for part in (head, match_text, tail) if part.strip("…") or part)
