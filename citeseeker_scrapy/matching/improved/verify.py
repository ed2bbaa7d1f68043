"""Does a hit look like a citation of the title, not only score like one? (improved scheme)

The edit similarity 1 - D/(M+N) reaches the limit with a whole part of the title missing (a
title sharing a long prefix with a cited one), and a short title reaches 1.0 as ordinary
words. Two checks on top of it:

* **Word coverage** (the token-level check): the title's words, weighted by their length,
  must occur near the match *in the title's order* (each exactly, or with ``partial_ratio``
  >= 80, which also finds "lineclipping" and "em beddings") for at least 80 % of the title.
  Words missing at the title's end (start) count if they follow (precede) the match as one
  block within 150 characters and the same "[n]" entry: a running header or page number can
  sit inside a title.
  A misquote with two words swapped passes too when every word of the title is there and
  the hit is at least 0.8 similar (``_reordered``); in a title of up to four words no whole
  word may be missing (another title, not a typo).
* **Standing alone**: a title of at most three words must have punctuation (or nothing) on
  both sides ("2015. Deep learning. Nature"), not a word ("...for deep learning in..."),
  unless a searched name is right beside it in the sentence ("Friedl's Mastering Regular
  Expressions,", "The TeXbook, Knuth suggests": ``running_text.named_beside``), or the print
  shows the title's place where a word stands beside it (:func:`_stands_alone`).
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from typing import Iterable, Optional, Sequence

from rapidfuzz import fuzz, process
from rapidfuzz.distance import Indel

from .entry_grammar import (
    ABBREVIATION, AND_WORD, ANY_YEAR, GIVEN_NAMES, IN_CONTAINER, NEXT_FIELD, RUN_DATE,
    RUN_DATE_BEFORE_TITLE, NAME, VOLUME_CLOSING_ENTRY, YEAR_DIGITS, LISTED_ENTRY_NUMBER,
)
from .entry_numbers import last_entry_start, next_entry_start, own_entry_number
from ..model import CHANGED_WORD, ORDINARY_WORDS, WORDS_MISSING
from ..names import SKIPPABLE
from ..similarity import Title
from .headers import (
    SHORT_WORD, Span, page_numbers_in_words, running_headers, without_spans,
)
from .running_text import named_beside
from .windows import Region
from .words import WORD, longer_title, names_both_ends, same_work

_MIN_WORD_COVERAGE = 0.8
_WORD_SCORE = 80  # partial_ratio of a title word with the text near the match
_JOINED_SCORE = 90  # partial_ratio of a title word inside a printed word joined to another
_WORD_SLACK = 20  # characters around the match where the title's words are looked for
_TITLES_KEPT = 8  # titles whose words' answers are kept (:func:`_title_word_answers`)
_INTERRUPTION = 150  # a running header, footer or page number inside a title (3 lines)
_SHORT_TITLE_WORDS = 3
#: A backquote after a blank, before a letter: an opening quote in plain text.
_OPENING_BACKQUOTE = re.compile(r"\s+`(?=[^\W\d_])")
_WHOLE_WORD_TITLE = 4  # in a title this short every word counts (a missing one is no typo)
_MIN_REORDERED_WORDS = 4  # shorter titles are never accepted with their words reordered
_REORDERED_SIMILARITY = 0.75  # a reordered hit's similarity to the title: the fuzzy limit
_LOOK_AROUND = 40  # characters looked at for the punctuation around a short title
#: The author list's further inverted names after the first one's given names, each after a
#: comma, a semicolon or the word for "and" (", MEISS, Garnet", "; LEE, K.", " a SVOBODA, Petr").
_MORE_INVERTED_NAMES = rf"(?:(?:[,;]| {AND_WORD}) {NAME}, {GIVEN_NAMES})*"
#: After an inverted surname, up to its title: its given names or initials (and the list's
#: further inverted names), a full stop, perhaps a colon, perhaps "et al." (", R. ", ", R.: ",
#: ", Paul-André. ", ", G. et al. ", ", Otto, MEISS, Garnet. ").
_GIVEN_NAMES_RUN = re.compile(
    rf", {GIVEN_NAMES}{_MORE_INVERTED_NAMES}(?:(?<=\.)|\.):? (?:et al\. )?")
#: An inverted name and its given names (perhaps more inverted names) with a full stop, perhaps
#: a colon, opening an entry (" SANDER, Alfred. ", " PRENGEL, Annedore, MEISS, Garnet. ",
#: " Bonnin, J.T.: "; not "methods, vol. 2").
_INVERTED_NAME_RUN = re.compile(
    rf" {NAME},( (?!{ABBREVIATION}){GIVEN_NAMES}){_MORE_INVERTED_NAMES}"
    r"(?:(?<=\.)|\.):? ")
#: What a dated author run looks like, for :func:`_dated_run_again`: each word "a", each number
#: (perhaps a lettered year) "0", then given names or initials in a row one "a" (", P L (2005 ).
#: " and ", J. (1999 ). " are both ", a (0 ). ").
_SHAPE_WORD = re.compile(r"[^\W\d_]+")
_SHAPE_NUMBER = re.compile(r"\d+[^\W\d_]?(?![^\W\d_])")
_SHAPE_GIVEN = re.compile(r"a(?:\.?[ -]a)+")
_SURNAME_AFTER = re.compile(rf" {NAME}")
#: One name after a hit: a word (an organisation's, a surname) and perhaps its initials.
_NAME_AFTER = re.compile(rf" {NAME}(?:, [^\W\d_]\.(?: ?[^\W\d_]\.)*)?")
#: ... or a surname and its given name, right before a date in brackets (", andree (1996)").
_GIVEN_NAME_AFTER = re.compile(rf", {NAME}(?= \()")
#: An author run's initials, then its date, between the name and the title: printed with no
#: full stop (up to three groups of one to three letters: " g (1983): ", " hj 1999 "; group 1),
#: or each with its full stop, perhaps a comma after them (" n. w., 2015, "; group 2).
_INITIALS_THEN_DATE = re.compile(rf"(?:((?: [^\W\d_]{{1,3}}){{1,3}})|((?: [^\W\d_]\.){{1,3}},?))"
                                 + RUN_DATE_BEFORE_TITLE.pattern)
_INITIALS_AFTER = re.compile(r" [^\W\d_]{1,3}(?![^\W_])")
_INITIALS_WITH_FULL_STOPS_AFTER = re.compile(r"(?: [^\W\d_]\.){1,3},?")
#: The number of the next entry of a numbered list ("9. ", "12. ", ``LISTED_ENTRY_NUMBER``)
#: right after a title ("...Nationalism 10. Hebdige D").
_NUMBER_AFTER = re.compile(r" (\d{1,3})\. ")
#: An entry's number right before its first word: "[25] ", "25. " (``LISTED_ENTRY_NUMBER``).
_ENTRY_NUMBER_BEFORE = re.compile(r"(?:^|(?<=\s))(?:\[\d{1,4}\]|\d{1,3}\.) $")
#: A year right before a short title, perhaps lettered, perhaps joined to the name before it.
_YEAR_BEFORE = re.compile(rf"(?<!\d){YEAR_DIGITS}[a-z]? $")
#: The next entry's author list right after a title that ends its entry: three surnames or
#: more joined by slashes, no initials, as German styles print them ("...Writings on Economics
#: Kinney / Maldacena / Minwalla / Raju An index ..."); a title's own words are not joined so,
#: and a responsibility statement's slash (GOST: "Title / A. Hughes") stands right after the
#: title, before initials.
_SLASHED_NAMES_AFTER = re.compile(rf" {NAME}(?: / {NAME}){{2,}} ")
#: ... and the rest of such a list after a searched name, up to its title: " / Tucker-Smith ",
#: or only the blank after the name's own last word.
_SLASHED_NAMES_BEFORE = re.compile(rf"(?: / {NAME})* ")
#: An author run of initials before each surname, then "in" before the title: a style that
#: prints a book's title as a contribution's container ("[7] J.-H. Martin, in Dubuffet & l'art
#: brut; Collection ...", "[15] P. Baines, A. Haslam, in Type and Typography; Laurence King").
#: ``_INITIALS_BEFORE_NAME`` reads the searched name's initials (perhaps a particle between:
#: "G. P. della Mirandola"), ``_NAMES_THEN_IN`` the rest of the list after it, up to the title.
_INITIALS_BEFORE_NAME = re.compile(rf"(?<![^\W_])[^\W\d_]\.[ -]?(?:{NAME} )?$")
_NAMES_THEN_IN = re.compile(rf"(?:, (?:[^\W\d_]\.[ -]?){{1,3}}(?:{NAME} )?{NAME})*, in ")
#: A contribution's container right after a short title, past the title's own closing mark:
#: "...Intelligenz, Leistung, in: Schule und ...", "...gecko glue?, in: Creation 23".
_CONTAINER_AFTER = re.compile(r"[?!]?[,.] " + IN_CONTAINER.pattern)
_EDGE_WORD = 40  # characters before and after a hit where the printed title may go on
#: The single quotes a style prints around a title ("‘Space and Rights’"), the typographic ones
#: or the typewriter one; extraction leaves them inside words too ("l’état", "don't").
_SINGLE_QUOTE = re.compile("[\u2018\u2019']")
#: What extraction leaves inside a word ("well-being", "l'état"): ``names.SKIPPABLE`` but blanks.
#: Dropped when words are compared ("wellbeing"); ``capitals`` reads a printed word through
#: them, and compares it with the query's so too.
IN_WORD_MARKS = SKIPPABLE.replace(" ", "")
DROPPED_IN_WORDS = str.maketrans("", "", IN_WORD_MARKS)
#: pypdf gives an unmapped ligature glyph as its code in the font: TeX's fi, fl, ffi, ffl.
_LIGATURE_CODES = {"\x02": "fi", "\x03": "fl", "\x0e": "ffi", "\x0f": "ffl"}
#: A word as compared: ``IN_WORD_MARKS`` dropped, and the "not sign" some producers print for
#: a line-end hyphen ("sys\u00actems").
_WORD_TEXT = str.maketrans({**{c: None for c in IN_WORD_MARKS + "\u00ac"}, **_LIGATURE_CODES})
#: A word split by a line-end hyphen ("reconna- issance"): one word when the title's own first
#: or last word is read (a dash before a field has a blank before it: "Social Order -Oxford").
_LINE_END_SPLIT = re.compile(r"(?<=[^\W\d_])-\s(?=[^\W\d_])")
#: The colon that opens a subtitle, right after a hit (a query that ends with it lacks that
#: subtitle: "Le travail des femmes a une histoire :" for "... histoire : l'industrialisation").
_SUBTITLE_COLON = re.compile(r"^ ?: ?")
_OCR_DIGITS = str.maketrans("015", "ols")  # digits OCR reads for letters


@dataclass(frozen=True)
class CheckedTitle:
    """A title with what the search and the verification of a hit need."""

    title: Title
    words: tuple[str, ...]
    weight: int  # total length of the words
    short: bool  # few words: they occur as ordinary words, so a hit must stand alone
    quotes_a_phrase: bool  # single quotes of its own (:func:`_text_after` keeps none after a hit)

    @classmethod
    def prepare(cls, title: Title) -> CheckedTitle:
        """Split the normalized title into words (letters and digits, accents dropped)."""
        words = tuple(WORD.findall(title.text.translate(DROPPED_IN_WORDS)))
        return cls(title, words, sum(map(len, words)), len(words) <= _SHORT_TITLE_WORDS,
                   bool(_free_quotes(title.text, 0, len(title.text))))


def veto(text: str, title: CheckedTitle, start: int, end: int,
         region: Optional[Region] = None, across_headers: bool = False,
         after_run: bool = False) -> Optional[str]:
    """The check of the module docstring that a hit ``text[start:end]`` (in ``region``) fails,
    by its name in ``model.VETOES``, or None if it looks like a citation of the title.

    Called by ``search`` on each hit of its own search and by ``superset`` on the original
    scheme's hit. With ``across_headers`` (the original's hit: few, so the search for a
    header is paid rarely) a word check that fails is read again with the running headers
    near the hit left out (:func:`_without_running_header`). ``after_run``: the caller read
    in the printed capitals that the author run ends right before the hit with an initial
    and no full stop (``capitals.initials_end_run``) or with its one given name
    (``capitals.given_name_ends_run``), which delimits a short title there."""
    name_before = _name_before(region, start)
    why = _word_veto(text, title, start, end, name_before, region, after_run)
    if not across_headers or why not in (WORDS_MISSING, CHANGED_WORD):
        return why
    without = _without_running_header(text, title, start, end)
    if without is None:
        return why
    cleaned, start, end = without
    name_before = None if name_before is None else (0, 0)  # it moved with the headers
    return why if _word_veto(cleaned, title, start, end, name_before) else None


def _word_veto(text: str, title: CheckedTitle, start: int, end: int,
               name_before: Optional[Span], region: Optional[Region] = None,
               after_run: bool = False) -> Optional[str]:
    """The checks of :func:`veto` on ``text`` as it is (``region`` None: a short title must
    stand alone)."""
    if not (_covers_words(text, title, start, end) or _reordered(text, title, start, end)):
        return WORDS_MISSING
    if not _same_work(text, title, start, end, name_before):
        return CHANGED_WORD
    if title.short and not (_stands_alone(text, start, end, name_before, after_run) or (
            region is not None and _named_in_sentence(text, region, start, end))):
        return ORDINARY_WORDS
    return None


def _without_running_header(text: str, title: CheckedTitle, start: int, end: int
                            ) -> Optional[tuple[str, int, int]]:
    """``text`` with the running headers within ``_INTERRUPTION`` of the hit left out (and
    the hit's ``start`` and ``end`` in it), or None if there is none.

    A page break inside a title puts the page number and the next page's running header
    between its halves (``headers.running_headers``: the title's words are none of a
    header's own), or only the page number inside a word a line-end hyphen split
    (``headers.page_numbers_in_words``). The title's other words stay, so a title whose
    words are missing is still missing them. Called by :func:`veto` when a word check fails.
    """
    low, high = max(0, start - _INTERRUPTION), min(len(text), end + _INTERRUPTION)
    spans = headers_in_title(text, title, low, high) + page_numbers_in_words(text, low, high)
    if not spans:
        return None
    cleaned, moved = without_spans(text, spans)
    return cleaned, moved(start), moved(end)


def headers_in_title(text: str, title: CheckedTitle, low: int, high: int) -> list[Span]:
    """The running headers in ``text[low:high]`` that stand between two of the title's words
    and hold none of them (``headers.running_headers`` with :func:`_title_word`). Called by
    :func:`_without_running_header` and by ``search`` for a title a page break cut."""
    own = set(title.words)
    known = _title_word_answers(title.words)
    return running_headers(text, low, high, lambda word: _title_word(text, word, own, known))


@functools.lru_cache(maxsize=_TITLES_KEPT)
def _title_word_answers(words: tuple[str, ...]) -> dict[tuple[str, bool], bool]:
    """The answers of :func:`_title_word` for a title's ``words`` so far, (printed word, a
    line-end hyphen after it) -> answer, for the last ``_TITLES_KEPT`` titles: ``search``
    reads every region of a document for a title a page break may have cut, and the same
    words (a journal's name, a publisher's) stand in many regions, each answer costing a
    similarity per title word."""
    return {}


def _title_word(text: str, word: re.Match[str], own: set[str],
                known: dict[tuple[str, bool], bool]) -> bool:
    """True if a printed word of ``text`` is one of the title's words ``own``: as it is, with
    a typo or OCR damage (:func:`_damaged_title_word`), or a piece of one a line-end hyphen
    split at the page break (:func:`_title_word_piece`). Right beside a header ("...Citation
    Styles hyloggcr data", "athab- 1 Journal ... Styles aska area") such a word would make
    the header's run one that is printed only once. The answer depends only on the word and
    whether a hyphen follows it, and is kept in ``known`` (:func:`_title_word_answers`)."""
    printed, split = word.group(), text.startswith("-", word.end())
    answer = known.get((printed, split))
    if answer is None:
        answer = known[printed, split] = printed in own or _damaged_title_word(
            printed, own) or _title_word_piece(printed, split, own)
    return answer


def _damaged_title_word(printed: str, own: set[str]) -> bool:
    """True if ``printed`` is a title word with a typo or OCR damage (at least ``_WORD_SCORE``
    similar, also with its OCR digits read back)."""
    read = _ocr_read(printed)
    return _similar_to_one(printed, own) or (read != printed and _similar_to_one(read, own))


def _title_word_piece(printed: str, split: bool, own: set[str]) -> bool:
    """True if ``printed`` is the first piece of a title word, a line-end hyphen after it
    (``split``: "reinsta-"), or the last piece of one ("ting"); the piece as printed, the
    title word perhaps with a typo (the query's "chraacteristics" for the printed
    "characteri- stics"), as :func:`_damaged_title_word` reads a whole word."""
    if split:
        return _similar_to_one(printed, [title_word[:len(printed)] for title_word in own])
    return _similar_to_one(printed, [title_word[-len(printed):] for title_word in own
                                     if len(title_word) > len(printed)])


def _similar_to_one(printed: str, words: Iterable[str]) -> bool:
    """True if ``printed`` is at least ``_WORD_SCORE`` similar to one of ``words``: one
    rapidfuzz call for them all, as :func:`_title_word` asks it of every word of a region a
    page break may have cut (an equal word scores 100)."""
    return process.extractOne(printed, words, scorer=fuzz.ratio,
                              score_cutoff=_WORD_SCORE) is not None


def _name_before(region: Optional[Region], start: int) -> Optional[Span]:
    """Where the last searched name of the region before the hit starts and ends, or None if
    none lies before it: its author list, not a heading or the entry before (a title-first
    entry), is what the title follows."""
    if region is None:
        return None
    return max(((occurrence[0], occurrence[1]) for occurrence in region.occurrences
                if occurrence[1] <= start), key=lambda span: span[1], default=None)


def _same_work(text: str, title: CheckedTitle, start: int, end: int,
               name_before: Optional[Span] = None) -> bool:
    """``words.same_work`` on the words around the hit: a different word is another work.

    A hit shorter than the title may have its last (first) words beyond a running header or
    page number: then the words of its "[n]" entry up to ``_INTERRUPTION`` characters
    further are looked at too, and where a header stands among them, they alone decide,
    read without it (:func:`_words_across_header`): a header's word is no word of the title
    ("Population | date, Generated Studies ..., page counter | demography of ..." read for
    a query that opens with "genre": the header's "generated" would pass for its variant).
    First ``words.longer_title``: a printed title that goes on past the query's first or last
    word is a longer one (a verbatim hit too); its first word
    is read only after a name (``name_before``: where it is): before a title-first entry
    lies a heading ("References") or the entry before, not the title's opening; and not
    when the name itself is the word right before the hit, only punctuation between ("8.
    ECESR Taqrir ...": GOST prints an organisation with no punctuation before its title;
    "(2010) Bedier: Les chansons ...": a style that closes the entry before with its year
    and prints the name and a colon). Nor is the name the title's last word when it is printed
    again right after the hit (:func:`_name_again`).
    """
    first, last = _words_taken(text, start, end)
    inside = _word_text(text, first, last)
    preceding = ("" if name_before is None or not WORD.search(text, name_before[1], first)
                 else _text_before(text, title, first, name_before[1]))
    after = last - 1 if 1 < last and text[last - 1] == " " and _in_word(text[last - 2]) else last
    after = _past_header(text, title, after, name_before)
    following = "" if NEXT_FIELD.match(text, after) or _next_entry_as_this(
        text, name_before, first, last) or _name_again(text, name_before, after) else (
        _text_after(text, title, first, after))
    if title.title.text.rstrip().endswith(":"):  # the query's subtitle is what follows
        following = _SUBTITLE_COLON.sub(" ", following, count=1)
    if longer_title(title.words, inside, preceding, following):
        return False
    if end - start == len(title.title.text) and text.startswith(title.title.text, start):
        return True  # verbatim
    left_out = max(0, len(title.title.text) - (end - start))
    slack = left_out + _WORD_SLACK  # a word left out may lie past a word the query lacks
    low, high = _word_start(text, max(0, start - slack)), _word_end(text, end + slack)
    before, after = _word_text(text, low, first), _word_text(text, last, high)
    near = _word_text(text, low, high)
    if not left_out or names_both_ends(title.words, inside):
        return same_work(title.words, near, inside, before, after)  # no header cut the hit
        # short: it is as long as the title, or holds both of its ends (a query word missing
        # between them is missing, not past a header)
    low = last_entry_start(text, max(0, low - _INTERRUPTION), start)
    high = next_entry_start(text, end, high + _INTERRUPTION)
    across = _words_across_header(text, title, (low, first, last, high))
    if across is not None:  # the words read without the header decide alone
        before, inside, after = across
        return same_work(title.words, " ".join(across), inside, before, after)
    return (same_work(title.words, near, inside, before, after)
            or same_work(title.words, _word_text(text, low, high), inside, before, after))


def _text_before(text: str, title: CheckedTitle, first: int, name_end: int) -> str:
    """The ``_EDGE_WORD`` characters before a hit's first word, as ``words.longer_title``
    reads them (:func:`_joined_word_text`), read across a running header between the name
    (ending at ``name_end``) and that word, ending right before it (:func:`_entry_headers`):
    a page break between the printed title's first word and the hit ("Resilient | header |
    harbour towns ..." read for a query that lacks "Resilient", or "Resilient harbour |
    header | towns ...", the hit without "harbour") leaves the title's opening before the
    header. Not the name's own author run: the same author's entries one after another
    print it again after the pages of the one before ("s. 12-19 Lund, K., Title"), as a
    header is printed beside its page number. Called by :func:`_same_work`."""
    at = first
    if _after_word(text, first):  # a header ends with a word or its page number
        spans = _entry_headers(text, title, max(name_end, first - _INTERRUPTION), first)
        at = next((a for a, b in reversed(spans) if not text[b:first].strip()), first)
    return _joined_word_text(text, at - _EDGE_WORD, at)


def _text_after(text: str, title: CheckedTitle, first: int, after: int) -> str:
    """The ``_EDGE_WORD`` characters after a hit whose words run from ``first`` to ``after``,
    as ``words.longer_title`` reads them (:func:`_joined_word_text`), but with the quote
    that closes a title opened by a single quote kept (:func:`_closing_quote`): it ends the
    title as a full stop does ("...South India’ Shorelines, Stanford"), so the word before it
    is the title's last one and a capitalised word after it (a book, a series) is none of
    the title's. Dropped with the in-word marks ("l’état") it would leave that word of the
    container right after the title's own last word. Not for a query that quotes a phrase
    of its own ("‘Primary Resistance’ Movements"): its quotes are the title's words' marks.
    Called by :func:`_same_work`."""
    end = after + _EDGE_WORD
    close = None if title.quotes_a_phrase else _closing_quote(text, first, after, end)
    if close is None:
        return _joined_word_text(text, after, end)
    return (_joined_word_text(text, after, close) + text[close]
            + _joined_word_text(text, close + 1, end))


def _closing_quote(text: str, first: int, after: int, end: int) -> Optional[int]:
    """Where the single quote closing a title opened by a single quote stands in
    ``text[after:end]``, or None: the first "’" (or "'") there with no letter or digit after
    it, when the last single quote inside no word ("l’état" holds an apostrophe) from
    ``_EDGE_WORD`` characters before the hit's first word (``first``) up to ``after`` opens
    the title: a letter or digit after it, the field's punctuation or a date before it
    ("2009. ‘Space and Rights", not a phrase quoted inside a title: "Connexions between
    ‘Primary Resistance’ Movements"). A quote closed before the hit's end is another field's.
    Called by :func:`_text_after`."""
    marks = _free_quotes(text, max(0, first - _EDGE_WORD), after)
    if not marks or not text[marks[-1] + 1:marks[-1] + 2].isalnum():
        return None
    if text[max(0, marks[-1] - 2):marks[-1]].rstrip()[-1:].isalpha():
        return None
    return next((at for at in _free_quotes(text, after, end)
                 if text[at] != "\u2018" and not text[at + 1:at + 2].isalnum()), None)


def _free_quotes(text: str, start: int, end: int) -> list[int]:
    """Where the single quotes of ``text[start:end]`` stand that are no apostrophe inside a
    word (a letter or digit on both sides: "l’état"): quotes opening or closing a phrase."""
    return [match.start() for match in _SINGLE_QUOTE.finditer(text, start, end)
            if not (text[match.start() - 1:match.start()].isalnum()
                    and text[match.start() + 1:match.start() + 2].isalnum())]


def _past_header(text: str, title: CheckedTitle, end: int, name: Optional[Span]) -> int:
    """Where the words after a hit ending at ``end`` go on: past a running header that
    starts right there (:func:`_entry_headers`), the blank before it kept; ``end`` if there
    is none. A page break between the hit and the printed title's last word ("...a shared |
    header | approach." read for a query that ends at "shared") leaves that word after the
    header. Not a run that holds the searched name (``name``: where it is printed before
    the hit): the same author's next entry, printed after pages as this one is. Called by
    :func:`_same_work`."""
    if not _before_word(text, end):  # a header starts with a word or its page number
        return end
    spans = _entry_headers(text, title, end, min(len(text), end + _INTERRUPTION))
    own = "" if name is None else text[name[0]:name[1]]
    return next((b - 1 for a, b in spans if not text[end:a].strip() and text[b - 1] == " "
                 and not (own and own in text[a:b])), end)


def _after_word(text: str, at: int) -> bool:
    """True if the last character before ``at`` that is no blank is a letter or a digit:
    where a running header may end (its last word, its page number). Asked before the
    header search of :func:`_text_before`, which most hits, after punctuation, are spared."""
    stripped = text[max(0, at - _EDGE_WORD):at].rstrip()
    return bool(stripped) and stripped[-1].isalnum()


def _before_word(text: str, at: int) -> bool:
    """True if the first character from ``at`` on that is no blank is a letter or a digit:
    where a running header may start (its first word, its page number). Asked before the
    header search of :func:`_past_header`: most titles are closed by punctuation."""
    stripped = text[at:at + _EDGE_WORD].lstrip()
    return bool(stripped) and stripped[0].isalnum()


def _entry_headers(text: str, title: CheckedTitle, low: int, high: int) -> list[Span]:
    """The running headers in ``text[low:high]`` (``headers.running_headers``) that hold none
    of the title's words of ``SHORT_WORD`` letters: words printed twice that hold the
    title's (a container two entries share, "...Ames *Structure* in Northwest Oklahoma...")
    are no header to read across (a word the query changed would go with them). Called by
    :func:`_words_across_header`, :func:`_text_before` and :func:`_past_header`."""
    own = set(title.words)
    return [(a, b) for a, b in running_headers(text, low, high) if not any(
        len(word) >= SHORT_WORD and word in own for word in WORD.findall(_word_text(text, a, b)))]


def _words_across_header(text: str, title: CheckedTitle, bounds: tuple[int, int, int, int]
                         ) -> Optional[tuple[str, str, str]]:
    """The words before, inside and after a hit (``bounds``: its entry's start, the hit's
    first and last word, its entry's end) with the running headers between them left out,
    or None if there is none. Read by :func:`_same_work` beside a hit a header cut short:
    the title's words past the header then bound the printed title, so a word the query
    lacks right before the page break ("...for a *participatory* | header | approach" read
    for "...for a approach") is one of the title's own, not a word past the hit's end, and
    a header's word the hit took ("...in patients *Dat*ta et al. Journal of ...") is none
    of the title's. Any header of :func:`_entry_headers`, not only one between two of the
    title's words (``headers_in_title``): the word the query lacks stands beside it."""
    low, first, last, high = bounds
    spans = _entry_headers(text, title, low, high)
    if not spans:
        return None
    entry, moved = without_spans(text[low:high], [(max(a, low) - low, min(b, high) - low)
                                                  for a, b in spans])
    first, last, high = (moved(at - low) for at in (first, last, high))
    return (_word_text(entry, 0, first), _word_text(entry, first, last),
            _word_text(entry, last, high))


def _next_entry_as_this(text: str, name: Optional[Span], first: int, last: int) -> bool:
    """True if the words after the hit open an entry as the hit's own entry opens: an
    inverted name and its given names or initials, then a full stop ("RIPON, R. Title
    SANDER, Alfred. Title": ISO 690 styles that close no entry ending with its title; the
    hit's entry may be an organisation's, its name and a full stop). The name was searched
    for: its entry's opening (``text[name[1]:first]``) is known to be an author run, so an
    inverted name after the title is the next entry's, not the title's last word; unless what
    stands for the given names is a field (a publisher: "...brány Moravy, Academia. 2004",
    the title's last word then). Called by :func:`_same_work` and :func:`_stands_alone`."""
    if name is None:
        return False
    if _next_number_follows(text, name[0], last) or _dated_run_again(text, name[1], first, last):
        return True
    organisation = " " in text[name[0]:name[1]] and text.startswith(". ", name[1]) and (
        first == name[1] + 2)
    if not (organisation or _GIVEN_NAMES_RUN.fullmatch(text, name[1], first)):
        return False
    run = _INVERTED_NAME_RUN.match(text, last)
    return run is not None and not NEXT_FIELD.match(text, run.start(1))


def _dated_run_again(text: str, name_end: int, first: int, last: int) -> bool:
    """True if the hit's entry opens with an inverted name and a dated run (its given names
    or initials and its year, ``text[name_end:first]``), and the words after the hit are a
    surname and a run of the same shape: the next entry ("O'Connell, P L (2005 ). Title Where
    Observed Uriagereka, J (1999 ). Title": author-year styles that close no entry ending
    with its title); or one name and a date printed as the run's own (:func:`_dated_name_after`:
    a run of several names, an organisation after it; also after an organisation's name and
    its date, "Battelle Institute. 1988, Title Coll. 1867, Title"). A run of surnames joined
    by slashes is read as one with commas ("Syvitski / Burrell / Skei (1987) Title Thibault
    (2010) Title"). Called by :func:`_next_entry_as_this`."""
    own = text[name_end:first]
    if RUN_DATE_BEFORE_TITLE.fullmatch(own):  # an organisation's: "Battelle Institute. 1988, Title"
        return _dated_name_after(text, own, last)
    initials = _INITIALS_THEN_DATE.fullmatch(own)
    if initials is not None:  # "Ernest G (1983): Title"
        return _initials_run_after(text, initials, last)
    if not own.startswith((", ", " / ")) or ANY_YEAR.search(own) is None:
        return False
    surname = _SURNAME_AFTER.match(text, last)
    if surname is not None and len(own) <= _EDGE_WORD and _run_shape(
            text[surname.end():surname.end() + 2 * len(own)]).startswith(_run_shape(own)):
        return True
    return _dated_name_after(text, own, last)


def _next_number_follows(text: str, name_start: int, last: int) -> bool:
    """True if the number after the hit (ending at ``last``) is the next one after the number
    that opens the hit's entry, before its searched name (at ``name_start``;
    ``entry_numbers.own_entry_number``): "9. Ernest G (1983) Nations and Nationalism 10. Hebdige D
    (2003)", a numbered list whose entry ends with its title. A query that lacks the title's
    last word has that word before the number. Called by :func:`_next_entry_as_this`."""
    following = _NUMBER_AFTER.match(text, last)
    return following is not None and (
        own_entry_number(text, name_start, LISTED_ENTRY_NUMBER) == int(following[1]) - 1)


def _initials_run_after(text: str, own: re.Match[str], last: int) -> bool:
    """True if the words after a hit ending at ``last`` are a surname, initials printed as
    the hit's own author run prints them (``own``: ``_INITIALS_THEN_DATE`` on it): as many
    with no full stop, or any number with full stops and the same comma after them; and a
    date printed as its own ("Ernest G (1983): Nations and Nationalism Hebdige D (2003):
    Title", "Federation N. W., 2015, Ecoregions Fleck L., 1981, Title"), or no date and the
    colon that closes the run (:func:`_undated_run_close`): the next entry, in a style that
    closes no entry ending with its title. A query that lacks the title's last
    word has that word as the surname, and the next entry's surname where the initials go.
    Called by :func:`_dated_run_again`."""
    at = _SURNAME_AFTER.match(text, last)
    if at is None:
        return False
    at = at.end()
    if own[2] is not None:  # initials with full stops, no title's word: any number of them
        initials = _INITIALS_WITH_FULL_STOPS_AFTER.match(text, at)
        if initials is None or initials[0].endswith(",") != own[2].endswith(","):
            return False
        at = initials.end()
    for _ in _INITIALS_AFTER.finditer(own[1] or ""):
        initial = _INITIALS_AFTER.match(text, at)
        if initial is None:
            return False
        at = initial.end()
    date = RUN_DATE_BEFORE_TITLE.search(own[0], len(own[1] or own[2]))
    return date is not None and (_date_printed_as(date[1], date[2]).match(text, at) is not None
                                 or _undated_run_close(date[2], text, at))


def _undated_run_close(closing: str, text: str, at: int) -> bool:
    """True if the colon or semicolon that closes the hit's own author run after its date
    (``closing``: the date's closing group, "):") stands at ``at``, right after the next run's
    initials, no date before it: "Ernest G (1983): Nations and Nationalism Feller L: Title", a
    style that prints the date after the names of some entries and at the end of others. A
    comma or a full stop there closes a word as often. Called by :func:`_initials_run_after`."""
    mark = closing[-1:]
    return mark in (":", ";") and text.startswith(mark + " ", at)


def _dated_name_after(text: str, own: str, last: int) -> bool:
    """True if the words after a hit ending at ``last`` are one name, a word (an
    organisation's) or a surname and its initials, then a date printed as the hit's own entry
    prints its date after its author list ``own`` ("Halvorsen, K., Berg, A., et al. 2003,
    Title NORDA. 2013, Title", "... Title Urquhart, J. 1999, Title"), or, where that date is
    in brackets, a surname and its given name right before it ("Agency (GEPA) (2000): Title
    Levesque, Andrée (1996): Title"): the next entry. A query lacking the title's last word
    has that word before the next entry's name, which is no name of one word then the date.
    Called by :func:`_dated_run_again`."""
    date = RUN_DATE_BEFORE_TITLE.search(own)
    name = _NAME_AFTER.match(text, last)
    if date is None or name is None:
        return False
    printed_as = _date_printed_as(date[1], date[2])
    if printed_as.match(text, name.end()) is not None:
        return True
    given = _GIVEN_NAME_AFTER.match(text, name.end()) if date[1] else None
    return given is not None and printed_as.match(text, given.end()) is not None


@functools.lru_cache(maxsize=None)
def _date_printed_as(opening: str, closing: str) -> re.Pattern[str]:
    """A date printed with the brackets and punctuation of ``RUN_DATE_BEFORE_TITLE``'s groups
    ``opening`` and ``closing``, perhaps after a full stop: built once for each print (at most
    18: a bracket or none, a closing bracket or none and one of four marks or none). Called by
    :func:`_dated_name_after`."""
    return re.compile(rf"\.? ?{re.escape(opening)}{RUN_DATE} ?{re.escape(closing)} ")


def _run_shape(run: str) -> str:
    """The shape :func:`_dated_run_again` compares two author runs by."""
    return _SHAPE_GIVEN.sub("a", _SHAPE_WORD.sub("a", _SHAPE_NUMBER.sub("0", run)))


def _name_again(text: str, name: Optional[Span], at: int) -> bool:
    """True if the searched name before the hit (``name``) is printed again at ``at``, right
    after the hit, then punctuation: the entry's publisher, an organisation that publishes
    its own work ("ANCREAI: Favoriser l'accès ... SESSAD ? ANCREAI, Paris (2009)", "WORLD
    HEALTH ORGANIZATION. Title World Health Organization, 2010."). A word the query lacks
    there is the title's last one otherwise (:func:`_same_work`); the author's own name is
    the next field. Called by :func:`_same_work` and :func:`_stands_alone`."""
    if name is None or name[0] == name[1]:
        return False
    printed = text[name[0]:name[1]]
    at += text.startswith(" ", at)
    after = at + len(printed)
    return text.startswith(printed, at) and after < len(text) and text[after] in ".,:;"


def _words_taken(text: str, start: int, end: int) -> tuple[int, int]:
    """Where the hit's words start and end: an edge word the hit takes less than half of is
    left out."""
    low, high = _word_start(text, start), _word_end(text, end)
    if start - low > (_word_end(text, low) - low) / 2:
        low = min(_word_end(text, low) + 1, end)
    if high - end > (high - _word_start(text, high)) / 2:
        high = max(_word_start(text, high), low)
    return low, high


def _word_end(text: str, position: int) -> int:
    """The end of the word ``position`` is in (or ``position`` between words)."""
    position = min(position, len(text))
    while position < len(text) and _in_word(text[position]):
        position += 1
    return position


def _named_in_sentence(text: str, region: Region, start: int, end: int) -> bool:
    """A short title inside a sentence, with the name right beside it (``named_beside``) and
    punctuation on the side the name is not: "Friedl's Mastering Regular Expressions,",
    "In chapter 18 of The TeXbook, Knuth suggests"."""
    start = _word_start(text, start)
    while end < len(text) and _in_word(text[end]):
        end += 1
    if not named_beside(text, region, start, end):
        return False
    after = text[end:end + _LOOK_AROUND].lstrip()[:1]
    before = text[max(0, start - _LOOK_AROUND):start].rstrip()[-1:]
    return (not after or not _in_word(after) or text.startswith(" by ", end)
            or not before or not _in_word(before) or _name_follows(text, region, end))


def _name_follows(text: str, region: Region, end: int) -> bool:
    """True if a name of the region starts within a few words after ``end`` (", Knuth")."""
    return any(0 <= occurrence[0] - end <= 40 for occurrence in region.occurrences)


def _reordered(text: str, title: CheckedTitle, start: int, end: int) -> bool:
    """True for a misquote with words swapped ("...between traditional and open..." for
    "...between open and traditional..."): a person calls it a citation, the order check not.

    Bounded so that the same words scattered around are still no title: a title of
    ``_MIN_REORDERED_WORDS`` words or more, the hit at least ``_REORDERED_SIMILARITY`` similar
    to it, and every one of its words inside the hit or the few characters of the title it
    left out (a swapped word at the end falls outside the best substring), in order but for
    one swap (``_one_short_swap``). The words taken in before the hit may be the end of the
    author list ("...Smith and D. Li, On an endpoint...": "and" would stand for "an"), so
    they are left out one by one until the check passes or the hit's own words remain.
    """
    if len(title.words) < _MIN_REORDERED_WORDS:
        return False
    if Indel.normalized_similarity(title.title.text, text[start:end]) < _REORDERED_SIMILARITY:
        return False
    slack = max(0, len(title.title.text) - (end - start)) + 1
    low = _word_start(text, max(0, start - slack))
    high = min(len(text), end + slack)
    while high < len(text) and _in_word(text[high]):
        high += 1
    printed = WORD.findall(_word_text(text, low, high))
    before = len(WORD.findall(_word_text(text, low, _word_start(text, start))))
    return any(_one_short_swap(title.words, printed[skipped:]) for skipped in range(before + 1))


def _one_short_swap(words: Sequence[str], printed: Sequence[str]) -> bool:
    """True if every title word is among the printed words (each used once, exactly or at
    least ``_WORD_SCORE`` similar) in the title's order but for one swap of two words at most
    two apart ("open and traditional" / "traditional and open"): a bounded reordering."""
    used: set[int] = set()
    at = []
    for word in words:
        match = next((i for i, other in enumerate(printed) if i not in used and (
            other == word or fuzz.ratio(word, other) >= _WORD_SCORE)), None)
        if match is None:
            return False
        used.add(match)
        at.append(match)
    ranks = sorted(range(len(at)), key=at.__getitem__)
    moved = [i for i, rank in enumerate(ranks) if rank != i]
    return not moved or (len(moved) == 2 and moved[1] - moved[0] <= 2
                         and ranks[moved[0]] == moved[1])


def _covers_words(text: str, title: CheckedTitle, start: int, end: int) -> bool:
    """At least ``_MIN_WORD_COVERAGE`` of the title's letters are in words present near the hit.

    "Near" is the hit plus the part of the title it may have left out, plus a little; for a
    title of more than ``_WHOLE_WORD_TITLE`` words also with its blanks removed (pypdf splits
    the words of a kerned Type 3 font: "tec hnical pic/- tures"). When
    the missing words are the title's last (or first) ones, they may lie beyond a running
    header or page number that extraction put inside the title; then they count if they
    follow (precede) the hit as one block, within ``_INTERRUPTION`` characters.
    """
    slack = max(0, len(title.title.text) - (end - start)) + _WORD_SLACK
    nearby = _ampersand_as_and(title.words, _word_text(text, start - slack, end + slack))
    present = _present_words(title.words, nearby)
    if _coverage(title, present):
        return True
    if len(title.words) > _WHOLE_WORD_TITLE and _coverage(
            title, _present_words(title.words, nearby.replace(" ", ""))):
        return True  # words split by blanks: "tec hnical pic/- tures" (kerned Type 3 fonts)
    aligned = _aligned_words(title.words, nearby)
    if _coverage(title, aligned):
        return True
    if _weight(title, aligned) > _weight(title, present):
        present = aligned
    if not any(present):
        return False
    missing = [i for i, here in enumerate(present) if not here]
    if missing[0] > 0 and not _longer_word_present(title, present, missing[0] + 1, len(present)):
        block = " ".join(title.words[missing[0]:])
        stop = next_entry_start(text, end, end + _INTERRUPTION + len(block) + slack)
        nearby = _word_text(text, end, stop)
    elif missing[-1] < len(present) - 1 and not _longer_word_present(title, present, 0,
                                                                       missing[-1]):
        block = " ".join(title.words[:missing[-1] + 1])
        low = max(0, start - _INTERRUPTION - len(block) - slack)
        nearby = _word_text(text, last_entry_start(text, low, start), start)
    else:
        return False
    return fuzz.partial_ratio(block, nearby, score_cutoff=_WORD_SCORE) > 0


def _longer_word_present(title: CheckedTitle, present: Sequence[bool], low: int,
                         high: int) -> bool:
    """True if a title word of ``SHORT_WORD`` letters or more in ``[low, high)`` is present:
    a short one may be the running header's own ("Generated Studies of Citation Styles" inside
    "...Biotransformation of | Mixtures of Chlorinated..."), so it does not tell that the
    title's words go on there. Called by :func:`_covers_words`."""
    return any(present[i] and len(title.words[i]) >= SHORT_WORD for i in range(low, high))


def _aligned_words(words: Sequence[str], nearby: str) -> list[bool]:
    """Which title words have a counterpart among the printed words of ``nearby``, in the
    title's order, aligned so that the most letters have one (a longest common subsequence
    of words, weighted by length; counterparts as :func:`_same_word` reads them).

    The second reading of :func:`_covers_words`: :func:`_present_words` takes each word's
    first exact occurrence, so a later repetition (the venue's "continental" after an
    OCR-damaged "contincntal" in the title; the title's own last words "draw solutes" when
    its first half lies before a page break) takes the cursor past the title's other words.
    """
    printed = WORD.findall(nearby)
    read = [_ocr_read(other) for other in printed]  # once a printed word, not once a pair
    same = [[_same_word(word, other, other_read) for other, other_read in zip(printed, read)]
            for word in words]
    rows, columns = len(words), len(printed)
    best = [[0] * (columns + 1) for _ in range(rows + 1)]
    for i in range(rows - 1, -1, -1):
        for j in range(columns - 1, -1, -1):
            taken = len(words[i]) + best[i + 1][j + 1] if same[i][j] else 0
            best[i][j] = max(best[i + 1][j], best[i][j + 1], taken)
    present, i, j = [], 0, 0
    while i < rows:
        if j < columns and same[i][j] and best[i][j] == len(words[i]) + best[i + 1][j + 1]:
            present.append(True)
            i, j = i + 1, j + 1
        elif j < columns and best[i][j] == best[i][j + 1]:
            j += 1
        else:
            present.append(False)
            i += 1
    return present


def _same_word(word: str, printed: str, read: str) -> bool:
    """True if a printed word stands for a title word: equal, at least ``_WORD_SCORE``
    similar (also with its OCR confusions read back: ``read``, :func:`_ocr_read` of it), or
    holding it (words joined). Called by :func:`_aligned_words` for each pair of a title word
    and a printed word, which reads each printed word back once."""
    return (printed == word or fuzz.ratio(word, printed, score_cutoff=_WORD_SCORE) > 0
            or fuzz.ratio(word, read, score_cutoff=_WORD_SCORE) > 0
            or (len(printed) > len(word) >= 4
                and fuzz.partial_ratio(word, printed, score_cutoff=_JOINED_SCORE) > 0))


def _weight(title: CheckedTitle, present: Sequence[bool]) -> int:
    """The letters of the title's words that are present."""
    return sum(len(word) for word, here in zip(title.words, present) if here)


def _word_text(text: str, start: int, end: int) -> str:
    """``text[start:end]`` as words are compared: extraction debris dropped, ligatures back."""
    return text[max(0, start):max(0, end)].translate(_WORD_TEXT)


def _joined_word_text(text: str, start: int, end: int) -> str:
    """:func:`_word_text` with each word a line-end hyphen split made one again ("reconna-
    issance"): the printed title's own first or last word, read by ``words.longer_title``."""
    return _LINE_END_SPLIT.sub("", text[max(0, start):max(0, end)]).translate(_WORD_TEXT)


#: The word for "and" in the languages titles are printed in, three letters or more (a shorter
#: one may be missing from any title: :func:`_coverage`).
_AND_WORDS = frozenset({"and", "und", "och"})
_AMPERSAND = re.compile(r"(?<!\S)&(?!\S)")


def _ampersand_as_and(words: Sequence[str], nearby: str) -> str:
    """``nearby`` with each printed "&" read as the title's own word for "and": "Sediments &
    Habitats" prints the title "Sediments and Habitats" (a style or a typesetter's choice),
    no word of it missing. Called by :func:`_covers_words`."""
    conjunction = next((word for word in words if word in _AND_WORDS), None)
    return nearby if conjunction is None else _AMPERSAND.sub(conjunction, nearby)


def _present_words(words: Sequence[str], nearby: str) -> list[bool]:
    """Which words occur in ``nearby`` in the title's order, each exactly or with
    ``partial_ratio`` >= ``_WORD_SCORE`` (which also finds "lineclipping" and "em beddings").

    Order matters: the same words scattered around ("pulmonary embolism in patients ...
    trauma") are not the title "Pulmonary embolism in major trauma patients".
    """
    cursor, present = 0, []
    for word in words:
        at = nearby.find(word, cursor)
        if at >= 0:
            cursor = at + len(word)
        elif len(word) <= len(nearby) - cursor and (alignment := fuzz.partial_ratio_alignment(
                word, nearby[cursor:], score_cutoff=_WORD_SCORE)) is not None:
            cursor += alignment.dest_end
        elif (end := _similar_word_end(word, nearby, cursor)) is not None:
            cursor = end
        else:
            present.append(False)
            continue
        present.append(True)
    return present


def _similar_word_end(word: str, nearby: str, cursor: int) -> Optional[int]:
    """Where the first word after ``cursor`` at least ``_WORD_SCORE`` similar to ``word``
    ends. ``partial_ratio`` compares equal lengths, so a short word typed with a letter
    missing ("tpic", "quey") scores 75 against its printed form; the whole words score 89.
    A printed word is also compared with its OCR confusions read back ("norrnan")."""
    for match in WORD.finditer(nearby, cursor):
        printed = match.group()
        if fuzz.ratio(word, printed, score_cutoff=_WORD_SCORE):
            return match.end()
        read = _ocr_read(printed)
        if read != printed and fuzz.ratio(word, read, score_cutoff=_WORD_SCORE):
            return match.end()
    return None


def _ocr_read(word: str) -> str:
    """A printed word with the common OCR confusions read back: "rn" for "m", "vv" for
    "w", a digit for the letter it looks like ("m0saics", "1ines"). A damaged word is the
    same word: "norrnan" scores 77 against "norman" as it is, 100 read back. Only ever
    compared as a second chance, so "modern" (read "modem") is still found as itself."""
    return word.translate(_OCR_DIGITS).replace("rn", "m").replace("vv", "w")


def _coverage(title: CheckedTitle, present: Sequence[bool]) -> bool:
    """True if the present words hold at least ``_MIN_WORD_COVERAGE`` of the title's letters.

    In a title of ``_WHOLE_WORD_TITLE`` words or fewer a whole word missing is another title
    ("The LaTeX Web Companion" is not "The LaTeX Companion"), not a typo: no word of three
    letters or more may be missing.
    """
    if len(title.words) <= _WHOLE_WORD_TITLE and any(
            not here and len(word) >= 3 for word, here in zip(title.words, present)):
        return False
    letters = sum(len(word) for word, here in zip(title.words, present) if here)
    return letters >= _MIN_WORD_COVERAGE * title.weight


def _stands_alone(text: str, start: int, end: int, name: Optional[Span] = None,
                  after_run: bool = False) -> bool:
    """True if the hit, widened to whole words, has punctuation (or nothing) on both sides.

    A short title in a reference is delimited ("2015. Deep learning. Nature"), or follows the
    entry's year with no punctuation (styles that print none: "SMITH J 2015 Deep learning."),
    or its author run's last initials or one given name, printed with no full stop
    (``after_run``, which the caller reads in the capitals: "Rensky M English Verbonominal
    Phrases.", "Hughes, Alan Advising as Teaching, en"), or the searched
    surname alone before its container's "in:" (:func:`_named_contribution`), or opens with a
    number right after the searched name (:func:`_number_after_name`), or follows the
    searched name as its entry's author field, after the entry's number or its dated author
    (:func:`_author_field_before`), or follows the "in"
    that closes an author run of initials and surnames (:func:`_book_after_in`), or ends its
    entry before the next entry's author run opened as its own (:func:`_next_entry_as_this`)
    or before its author's name printed again as the publisher (:func:`_name_again`: "UNESCO
    (2003) Heritage Futures UNESCO, Paris."), or before the next entry's author list joined by
    slashes (``_SLASHED_NAMES_AFTER``), or before a journal's volume and pages or the volume
    and the entry's end, where the style prints no journal's name
    (``entry_grammar.VOLUME_CLOSING_ENTRY``: "2016. The Antisocial Network 49."); the same words in a sentence or inside a longer
    title have a word next to them (given names right before a short title are not read as
    the author run's: "Sawer, Feder- ation under strain" has a title word there). ``name``:
    where the searched name before the hit is, if one is. Punctuation the hit holds at its
    edges is such a delimiter already (a query typed with the separator after its title:
    "Нелинейная фильтрация сигналов. -" in "сигналов. - М.: Политехника").
    """
    while end > start and not _in_word(text[end - 1]):
        end -= 1
    while start < end and not _in_word(text[start]):
        start += 1
    start = _word_start(text, start)
    while end < len(text) and _in_word(text[end]):
        end += 1
    before = text[max(0, start - _LOOK_AROUND):start].rstrip()[-1:]
    after = text[end:end + _LOOK_AROUND].lstrip()[:1]
    if _OPENING_BACKQUOTE.match(text, end):
        after = ""  # TeX's opening quote, not a detached accent: "Title `Venue'"
    if after_run or _YEAR_BEFORE.search(text, max(0, start - _LOOK_AROUND), start) or (
            _named_contribution(text, name, start, end)) or _number_after_name(
            text, name, start) or _book_after_in(text, name, start) or _author_field_before(
            text, name, start):
        before = ""  # the date field the title follows: "BOZON M 2002 Title.", "John1970 Title"
    return not (before and _in_word(before)) and not (
        after and _in_word(after) and not NEXT_FIELD.match(text, end)
        and not VOLUME_CLOSING_ENTRY.match(text, end)
        and not _next_entry_as_this(text, name, start, end) and not _name_again(text, name, end)
        and not _SLASHED_NAMES_AFTER.match(text, end))


def _named_contribution(text: str, name: Optional[Span], start: int, end: int) -> bool:
    """True if the searched name (``name``: where it is printed) stands right before the title
    ``text[start:end]`` (whole words), only a blank or the author list's further surnames
    joined by slashes between (``_SLASHED_NAMES_BEFORE``), and the title is closed by the mark
    of a contribution's container ("Zukofsky Sincerity and Objectification, in: Poetry 1931",
    "Schmaltz / Tucker-Smith Little Higgs review, in: Ann. Rev."): a style that prints the
    surnames alone and no punctuation after them. Both the author list and the container
    bound the words, which in a sentence are neither after a name nor before "in:". Called
    by :func:`_stands_alone`."""
    return (name is not None and _CONTAINER_AFTER.match(text, end) is not None
            and _SLASHED_NAMES_BEFORE.fullmatch(text, name[1], start) is not None)


def _book_after_in(text: str, name: Optional[Span], start: int) -> bool:
    """True if the title at ``start`` (whole words) follows "in" right after the author run
    of the searched name (``name``: where it is printed), each surname after its initials
    (``_INITIALS_BEFORE_NAME``, ``_NAMES_THEN_IN``): a style that prints a book's title as a
    container, so the author field ends with "in" ("[15] P. Baines, A. Haslam, in Type and
    Typography; Laurence King, 2005."). The word "in" is the field's mark there, not a word
    of a sentence; the title's end still needs its own mark. Called by :func:`_stands_alone`."""
    return (name is not None and _NAMES_THEN_IN.fullmatch(text, name[1], start) is not None
            and _INITIALS_BEFORE_NAME.search(text, max(0, name[0] - _LOOK_AROUND), name[0])
            is not None)


def _number_after_name(text: str, name: Optional[Span], start: int) -> bool:
    """True if the title at ``start`` (whole words) opens with a number (a year, a range of
    years: "2013-14 Migration Program", "1948 Constitution") and the searched name (``name``:
    where it is printed) stands right before it, only a blank between: a style that prints an
    organisation's name and its title with no punctuation. A name holds no digits, so the
    number is where the author field ends, as a date before a title is (``_YEAR_BEFORE``).
    Called by :func:`_stands_alone`."""
    return (name is not None and text[start:start + 1].isdigit()
            and name[1] == start - 1 and text[name[1]] == " ")


def _author_field_before(text: str, name: Optional[Span], start: int) -> bool:
    """True if the searched name (``name``: where it is printed) stands right before the title
    at ``start`` (whole words), only a blank between, and is its entry's author field: the
    entry's number opens the entry right before it (``_ENTRY_NUMBER_BEFORE``: "25. HPG Dredging
    in Figures, Harbour Pilots Guild, 2012."), or the entry's author and date, the same name,
    stand right before it ("Harbour Pilots Guild 2011, Harbour Pilots Guild Dredging Plan,
    [s.l.]."): styles that print an organisation and its title with no punctuation between.
    In a sentence a name is neither at an entry's opening nor printed twice around its date.
    The title's end still needs its own mark. Called by :func:`_stands_alone`."""
    if name is None or name[1] != start - 1 or text[name[1]] != " ":
        return False
    before = text[max(0, name[0] - _LOOK_AROUND):name[0]]
    if _ENTRY_NUMBER_BEFORE.search(before):
        return True
    own = re.escape(text[name[0]:name[1]])
    return re.search(rf"(?<![^\W_]){own} \(?{YEAR_DIGITS}[a-z]?\)?,? $", before) is not None


def _word_start(text: str, position: int) -> int:
    """The start of the word ``position`` is in (a hit may begin inside a word)."""
    while position > 0 and _in_word(text[position - 1]):
        position -= 1
    return position


def _in_word(char: str) -> bool:
    """Letters, digits and what extraction leaves inside words."""
    return char.isalnum() or (char in SKIPPABLE and char not in " '-\u2019\u2018\u2013")
