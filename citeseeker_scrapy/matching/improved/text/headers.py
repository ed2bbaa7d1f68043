"""Running headers inside an entry: what a page break prints between two of its words.

A page break inside a reference list puts the page number and the next page's running
header (a journal's name and volume, a browser's date and address) between two words of an
entry: between the halves of a title ("...Reinstating 1 Journal of Generated Studies 12
(2024) Citation Styles Inquiry Into...") or between an author list and its date ("..., &
Powledge, P. 1 Journal of Generated Studies 12 (2024) Citation Styles (2005). Title").
:func:`running_headers` is the one definition of such a header; its callers read the entry
again without the headers (:func:`without_spans`): ``verify`` for a title's words,
``superset`` for the entry an original hit lies in and for the fields after its title,
``title_first`` for the author list after a title-first entry's title. A page
break between two entries prints the page number alone too, in a page style with no header
("...South India Shorelines. 1 12. Badjukov DD", "...Stanford University Press) 2 [28]
Badjukov D D": :func:`page_breaks_between_entries`, read by ``superset`` and ``attribution``).
"""

from __future__ import annotations

import re
from bisect import bisect_left
from typing import Callable, Optional, Sequence

from ...word_edges import PrintedCase
from ..grammar.entry_grammar import (
    ENTRY_NUMBER, NEXT_ENTRY_AFTER_BRACKET, NEXT_ENTRY_OPENING,
)
from .per_text_cache import kept_per_text
from .print_counts import Prints, printed_at_least

Span = tuple[int, int]  # (start, end) in the text
#: Whether a word of the text is a word of the title read across the header (``verify``).
TitleWord = Callable[[re.Match[str]], bool]

SHORT_WORD = 4  # letters of a word a running header is likely to hold too ("of", "and")
#: Characters a page break's print takes inside an entry at most (a running header, a footer, a
#: page number: three lines): how far past it ``verify``, ``word_coverage`` and ``author_lists``
#: read a title's or an author list's words on.
INTERRUPTION = 150
_HEADER_PAGES = 2  # a running header: the same words (numbers aside) on this many pages
_HEADER_WORDS = 2  # words of its own a running header holds at least
_HEADER_SPAN = 12  # words a running header holds at most beside its own
_EDGE = 40  # characters before a header read for its page number or a word every print holds
#: A word of ``SHORT_WORD`` characters or more (letters, digits), whole: a shorter word's
#: characters never start a match, so no piece of one is found.
_LONG_WORD = re.compile(rf"[^\W_]{{{SHORT_WORD},}}")
_DIGITS = re.compile(r"\d+")
_ANY_NUMBER = r"\d+"  # a number in a run's pattern of prints (:func:`_prints_of`)
_LAST_TOKEN = re.compile(r"\S+\s*$")
_TOKEN = re.compile(r"\S+")
#: A page number: a bare number of up to four digits, or a browser's page counter ("1/3").
_PAGE = re.compile(r"\d{1,4}(?:/\d{1,4})?")
_PAGE_NUMBER_BEFORE = re.compile(rf"(?<!\S){_PAGE.pattern} (?:{_PAGE.pattern} )?$")
_PAGE_NUMBER_AFTER = re.compile(rf" {_PAGE.pattern}(?= |$)")
#: A number a header's print may take as its page number (:func:`_header_around`), found
#: from its digits: a bare number is one with a blank or the text's start before it
#: (:func:`_page_numbers_in_chunk`).
_NUMBER_AT_WORD_END = re.compile(rf"{_PAGE.pattern}(?!\S)")
#: The words a header's widening reads forward, and the page number after them
#: (:func:`_page_number_within_reach`).
_WORDS_READ_FORWARD = re.compile(rf"(?:\s*\S+){{1,{_HEADER_SPAN + 1}}}")
_CHUNK = 1 << 14  # characters of a text whose page numbers are listed at once
_LONGEST_PAGE = len("1234/1234")  # characters of the longest page number ``_PAGE`` matches
#: A page number that ends a header's print, and two in a row (the second is the next line's:
#: :func:`_one_page_number_at_end`).
_PAGE_NUMBER_AT_END = re.compile(rf"(?<!\S){_PAGE.pattern}$")
_TWO_PAGE_NUMBERS_AT_END = re.compile(rf"(?<!\S){_PAGE.pattern}( {_PAGE.pattern})$")
#: A bare page number between the two halves of a word a line-end hyphen split ("pro- 1 posal"):
#: a page break where the page prints its number and no running header (LaTeX's plain style).
#: The hyphen, the number and the blanks are what the break put inside the word.
_PAGE_IN_SPLIT_WORD = re.compile(rf"(?<=[^\W\d_])- {_PAGE.pattern} (?=[^\W\d_])")
#: A number closed by a full stop right before a header closes the entry before it (its year
#: or its pages: "...Principles of Morals 1975. | 11/30/26, 1:43 AM ..."), no header's word: in
#: a style that closes its entries with their year every page break has one there, printed
#: with other numbers. (After a header such numbers are the page's labels: "1/3 3. 4.")
_NUMBER_AND_FULL_STOP = re.compile(r"\d+\.")
#: A bare page number of up to three digits (or a browser's page counter) with the blank
#: before it, where a page break falls after an entry's closing mark: what follows it is read
#: for the next entry's opening (:func:`page_breaks_between_entries`), or the text's end (the
#: list's last page: "...Title. 3"). Not four digits: a style that prints the year last
#: closes an entry with it after a full stop ("...CERN. 2013 4.").
_PAGE_AFTER_CLOSING = re.compile(r" (?:\d{1,3}|\d{1,4}/\d{1,4})(?= |$)")
_NEXT_ENTRY = re.compile(NEXT_ENTRY_OPENING)
_NEXT_ENTRY_AFTER_BRACKET = re.compile(NEXT_ENTRY_AFTER_BRACKET)
#: Characters after a title its callers read for a page break between two entries
#: (:func:`page_breaks_between_entries`): the run-on rules read the fields up to 80 characters
#: after it, and a page break may print a browser's header and footer (a date, the page's
#: title, its address) between them.
PAGE_BREAK_REACH = 400
#: The mark an entry closes with before a page break between two entries: its full stop, or
#: the bracket of its last field in a style that prints no full stop after it ("...Shorelines
#: (Stanford: Stanford University Press) 2 [28] Badjukov D D").
_ENTRY_CLOSING_MARK = re.compile(r"[.)]")


def running_headers(text: str, low: int, high: int,
                    title_word: Optional[TitleWord] = None) -> list[Span]:
    """(start, end) of each running header in ``[low, high)``, with its page number.

    A running header is a run of ``_HEADER_WORDS`` or more words of ``SHORT_WORD`` letters
    (short words and numbers may stand among them) that the document prints, numbers aside,
    at least ``_HEADER_PAGES`` times, with no comma nor sentence end in it (an author list
    printed twice, the same authors' two entries, has them), widened over what every print
    of it holds (:func:`_whole_header`), and a page number among its words or beside it.
    With ``title_word``, a word of the title read across the header is none of the header's
    own words (a title printed twice is no header), though the widening may take title
    words the header holds too ("... Reference Lists" after "Annals of Invented
    Bibliometrics"), so a title cannot borrow its missing words from a header; and the
    header stands between two of the title's words (:func:`_between_title_words`).

    Called by ``verify`` for a title cut by a page break, with ``title_word``, by
    ``superset`` for an original hit that lies past the end of its name's entry, and by
    ``title_first`` for a title-first entry cut between its title and its authors, to read
    the entry again without the headers; by ``entries_between`` and ``author_lists`` to
    step over a header inside an author list or before its date.
    """
    if not _page_number_within_reach(text, low, high):
        return []
    spans: list[Span] = []
    long_words = _long_words(text, low, high)
    for words in _runs_with_pair(text, long_words, title_word):
        first = 0
        while first + _HEADER_WORDS <= len(words):
            last = first + _HEADER_WORDS - 1
            if not _header_run(text, words[first].start(), words[last].end()):
                first += 1
                continue
            while last + 1 < len(words) and last - first < _HEADER_SPAN and _header_run(
                    text, words[first].start(), words[last + 1].end()):
                last += 1
            span = _header_around(text, (words[first].start(), words[last].end()),
                                  spans[-1][1] if spans else low)
            if span is not None and (title_word is None or _between_title_words(span, words)):
                spans.append(span)
            first = last + 1
    return spans


def _page_number_within_reach(text: str, low: int, high: int) -> bool:
    """True if a page number (:func:`_page_number_between`) stands where a header found in
    ``[low, high)`` could take it: every header has one (:func:`_header_around`), so a region
    with none in reach holds none, and its runs are not counted in the whole text. Its reach:
    back, a header's widening (:func:`_whole_header`) reads ``_HEADER_SPAN`` words, each
    within ``_EDGE`` characters, and a page number among them is the header's; one before the
    header is read only inside the region (:func:`_header_around` reads it from ``low`` on).
    Forward, the widening reads ``_HEADER_SPAN`` words, and the page number is the word after
    them. Called by :func:`running_headers`."""
    if _page_number_between(text, max(0, low - _HEADER_SPAN * _EDGE), high):
        return True
    forward = _WORDS_READ_FORWARD.match(text, high)
    return forward is not None and _page_number_between(text, high, forward.end())


def _page_number_between(text: str, low: int, high: int) -> bool:
    """True if a number a header may take as its page number starts in ``[low, high)``
    (:func:`_page_numbers_in_chunk`). Called by :func:`_page_number_within_reach`."""
    for chunk in range(low // _CHUNK, (high - 1) // _CHUNK + 1):
        starts = _page_numbers_in_chunk(text, chunk)
        at = bisect_left(starts, low)
        if at < len(starts) and starts[at] < high:
            return True
    return False


@kept_per_text
def _page_numbers_in_chunk(text: str, chunk: int) -> list[int]:
    """Where each number that a header may take as its page number starts in the ``chunk``-th
    ``_CHUNK`` characters of ``text``: a bare number (``_PAGE``, a whole word), or one with
    more than one blank after it, where the cut of the window :func:`_whole_header` reads
    back (``_EDGE`` characters) may leave it alone. A number the chunk's end cuts is read
    whole past it and listed in this chunk. The digits are found by a scan that the regex
    engine runs fast, and the character before them is read here; kept per text and chunk,
    as the regions of one document's hits overlap. Called by :func:`_page_number_between`."""
    starts = []
    chunk_end = (chunk + 1) * _CHUNK
    for number in _NUMBER_AT_WORD_END.finditer(text, chunk * _CHUNK, chunk_end + _LONGEST_PAGE):
        start, end = number.span()
        if start >= chunk_end:
            break
        if start == 0 or text[start - 1].isspace() or text[end:end + 2].isspace():
            starts.append(start)
    return starts


def page_numbers_in_words(text: str, low: int, high: int) -> list[Span]:
    """(start, end) of each bare page number in ``[low, high)`` that stands between the two
    halves of a word split by a line-end hyphen, with the hyphen and the blanks: left out
    (:func:`without_spans`), the word is whole again ("redevelopment pro- 1 posal" reads
    "redevelopment proposal"). A running header there is found by :func:`running_headers`;
    a page style that prints only the page's number leaves no header to find. Called by
    ``verify`` for an original hit whose title words a page break cut."""
    return [match.span() for match in _PAGE_IN_SPLIT_WORD.finditer(text, low, high)]


def page_breaks_between_entries(text: str, low: int, high: int) -> list[Span]:
    """(start, end) of each page break in ``[low, high)`` that stands between an entry's
    closing full stop and the next entry's opening (``entry_grammar.NEXT_ENTRY_OPENING``),
    or between the bracket that closes an entry's last field in a style with no full stop
    after it and the opening such a style prints next (``NEXT_ENTRY_AFTER_BRACKET``):
    the page number alone ("...Shorelines. 1 12. Badjukov DD", "...University Press) 2 [28]
    Badjukov D D", a page style with no header), or running headers
    (:func:`running_headers`) and page numbers in a row, each span with the blank before
    it, so that left out (:func:`without_spans`) the two entries meet as they do on one
    page ("...Shorelines. 12. Badjukov DD"). A number right before the next entry's opening
    is read as a page's only there: an entry that closes so prints no bare number after
    it. Who calls: ``superset``, for the fields after an
    original hit's title, read as the run-on rules read an entry's end on one page;
    ``attribution``, for what follows a title printed last in its numbered entry (the next
    "[n]" or the text's end)."""
    headers = {start - 1: end - (text[end - 1] == " ")
               for start, end in running_headers(text, low, high) if start > low}
    spans: list[Span] = []
    for stop in _ENTRY_CLOSING_MARK.finditer(text, low, high):
        at = stop.end()
        while True:
            number = _PAGE_AFTER_CLOSING.match(text, at)
            after = headers.get(at, number.end() if number else None)
            if after is None or after <= at:
                break
            at = after
        opening = _NEXT_ENTRY_AFTER_BRACKET if stop.group() == ")" else _NEXT_ENTRY
        if at > stop.end() and opening.match(text, at):
            spans.append((stop.end(), at))
    return spans


def printed_without(printed: PrintedCase, spans: Sequence[Span]) -> PrintedCase:
    """The document's capitals (``printed``, read on ``text``) read on ``text`` with
    ``spans`` left out (:func:`without_spans`): a stretch across a span left out is read
    with the span, and the span's print is then cut out of it. Who calls: ``superset``, with
    the spans of :func:`page_breaks_between_entries`."""
    merged = _merged(spans)

    def cased(start: int, end: int) -> Optional[str]:
        low, high = restored(merged, start), restored(merged, end - 1) + 1
        whole = printed(low, high)  # one reading: a piece alone may open with a blank
        if whole is None:
            return None
        kept, at = [], low
        for left, right in merged:
            if low < left < high:
                kept.append(whole[at - low:left - low])
                at = right
        kept.append(whole[at - low:])
        return "".join(kept)

    return cased


def _between_title_words(span: Span, words: Sequence[re.Match[str]]) -> bool:
    """True if the header ``span`` holds every word of its run, the words between two of the
    title's: a header inside a title stands between two of its words, and a word the title
    lacks right beside it ("...a participatory | header | approach" read for a title without
    "participatory") is a word of another title."""
    return span[0] <= words[0].start() and words[-1].end() <= span[1]


def without_spans(text: str, spans: Sequence[Span]) -> tuple[str, Callable[[int], int]]:
    """``text`` with ``spans`` left out (overlapping ones as one), and where a position of
    ``text`` lands in what is left (a position inside a span lands where the span was).
    Who calls: ``verify``, ``superset``, ``search``, ``entries_between`` and ``title_first``,
    with the spans of :func:`running_headers`."""
    merged = _merged(spans)
    kept = [text[at:low] for at, low in zip([0] + [high for _, high in merged],
                                            [low for low, _ in merged])]
    kept.append(text[merged[-1][1] if merged else 0:])

    def moved(position: int) -> int:
        return position - sum(min(position, high) - low for low, high in merged if low < position)

    return "".join(kept), moved


def restored(spans: Sequence[Span], position: int) -> int:
    """Where a position of the text :func:`without_spans` left (the same ``spans``) was in
    the text: a position where a span was left out lands after it. Who calls: ``search``,
    for a hit found in the text without the running headers."""
    for low, high in _merged(spans):
        if low > position:
            break
        position += high - low
    return position


def _merged(spans: Sequence[Span]) -> list[Span]:
    """``spans`` sorted, overlapping ones as one, empty ones left out."""
    merged: list[Span] = []
    for low, high in sorted(spans):
        if merged and low <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(merged[-1][1], high))
        elif low < high:
            merged.append((low, high))
    return merged


@kept_per_text
def _long_words(text: str, low: int, high: int) -> list[re.Match[str]]:
    """The words of ``SHORT_WORD`` letters or more in ``[low, high)``, numbers left out. Kept
    per text (``per_text_cache``), as the widened headers of :func:`_whole_header` are: the
    regions of a document's many titles overlap, and each is read for headers again. The
    list is shared: its readers copy what they keep."""
    return [word for word in _LONG_WORD.finditer(text, low, high) if not word.group().isdigit()]


def _runs_with_pair(text: str, words: Sequence[re.Match[str]],
                    title_word: Optional[TitleWord]) -> list[list[re.Match[str]]]:
    """The runs of ``words`` (:func:`_long_words`) that the title's words (``title_word``)
    end and that hold two words next to each other that are a header's run
    (:func:`_header_run`): every header :func:`running_headers` finds starts with such a
    pair, so a run without one holds none. Without ``title_word``, ``words`` are one run.
    The pairs are asked first and the title only about the words of a pair that is a
    header's run and about the words out from it to the nearest title word on each side:
    comparing a word with the title's words costs more than the pair's answer, which is
    kept per text (:func:`_repeated`). Who calls: :func:`running_headers`."""
    runs: list[list[re.Match[str]]] = []
    taken = 0  # the words before this one are in a run already listed or before one
    for first in range(len(words) - 1):
        if first < taken or not _header_run(text, words[first].start(), words[first + 1].end()):
            continue
        if title_word is None:
            return [list(words)]
        if title_word(words[first]) or title_word(words[first + 1]):
            continue
        start, stop = first, first + 2
        while start > taken and not title_word(words[start - 1]):
            start -= 1
        while stop < len(words) and not title_word(words[stop]):
            stop += 1
        runs.append(list(words[start:stop]))
        taken = stop
    return runs


def _header_run(text: str, low: int, high: int) -> bool:
    """True if ``text[low:high]`` holds no comma nor full stop and is printed, numbers
    aside, ``_HEADER_PAGES`` times (:func:`_repeated`, whose answers are kept per text)."""
    run = text[low:high]
    return "," not in run and "." not in run and _repeated(text, run)


def _header_around(text: str, own: Span, taken: int) -> Optional[Span]:
    """The header whose own words span ``own``, widened over what every print of it holds
    (:func:`_whole_header`), then over the bare page number right before or after that, and
    the blank after it; None if no page number stands beside it or among the words every
    print holds beside its own ("... paper.html 1/3": :func:`_page_number_among_words`).
    Only a bare number: "(2005)." after a header is the entry's date. A page number before
    ``taken`` (the end of the header found before this one) is that header's: words printed
    twice right after a page break (the container two entries share, "... paper.html 2/3
    Ames Structure in Northwest Oklahoma ...") are no second header."""
    low, high = _whole_header(text, *own)
    high = _one_page_number_at_end(text, own[1], high)
    before = _PAGE_NUMBER_BEFORE.search(text, max(0, low - _EDGE, taken), low)
    after = None if _PAGE_NUMBER_AT_END.search(text, own[1], high) else (
        _PAGE_NUMBER_AFTER.match(text, high))
    if before is None and after is None and not _page_number_among_words(text, own, (low, high)):
        return None
    low = low if before is None else before.start()
    return low, min(len(text), (high if after is None else after.end()) + 1)


def _page_number_among_words(text: str, own: Span, widened: Span) -> bool:
    """True if a bare page number stands among the words every print of the header holds
    beside its own (``own``, widened to ``widened``) and the prints number it differently
    ("... paper.html 1/3", "... paper.html 2/3"): a page's number changes from page to page.
    A number between its own words is no page's ("Beaupré 1909 : Beaupré"), nor one every
    print holds the same: a container two entries share prints its volume between its name
    and its date ("...Oklahoma Geological Survey, Norman, Oklahoma 100 (1997) 120–132.").
    Called by :func:`_header_around`."""
    tokens = text[widened[0]:widened[1]].split()
    own_tokens = range(len(text[widened[0]:own[0]].split()),
                       len(tokens) - len(text[own[1]:widened[1]].split()))
    pages = [at for at, token in enumerate(tokens)
             if at not in own_tokens and _PAGE.fullmatch(token)]
    if not pages:
        return False
    prints = [found.split() for found in _prints_of(text, text[widened[0]:widened[1]])]
    return any(len({print_[at] for print_ in prints if len(print_) == len(tokens)}) > 1
               for at in pages)


@kept_per_text
def _prints_of(text: str, run: str) -> tuple[str, ...]:
    """Each print of ``run`` in ``text`` with its own numbers (:func:`_repeated` counts them,
    numbers aside): read by :func:`_page_number_among_words`, on the rare header with no page
    number beside it, for each region searched for a title a page break cut, so the prints of
    a run are read once per text. A run that opens with a number is read from the rest of it
    (:func:`_prints_after_number`)."""
    pattern = _DIGITS.sub(lambda _: _ANY_NUMBER, re.escape(run))
    number = _DIGITS.match(run)
    if number is None or number.end() == len(run):
        return tuple(found.group() for found in re.finditer(pattern, text))
    return _prints_after_number(text, re.compile(pattern[len(_ANY_NUMBER):]))


def _prints_after_number(text: str, rest: re.Pattern[str]) -> tuple[str, ...]:
    """The prints of a run that opens with a number, ``rest`` the pattern of what follows the
    number (its first character no digit): each print of ``rest`` with digits right before
    it, from where they start (past the print before), as a scan for the whole run's pattern
    finds them one after another; read so because a pattern that opens with a number has no
    letters for the regex engine to scan the text for, and tries every position. Called by
    :func:`_prints_of`."""
    prints: list[str] = []
    taken = at = 0  # the end of the last print; where the next search starts
    while (found := rest.search(text, at)) is not None:
        start = first = found.start()
        while first > taken and text[first - 1].isdecimal():
            first -= 1
        if first == start:
            at = start + 1
            continue
        prints.append(text[first:found.end()])
        taken = at = found.end()
    return tuple(prints)


def _one_page_number_at_end(text: str, own_end: int, high: int) -> int:
    """``high`` moved back before the last of two page numbers that end a header widened by
    :func:`_whole_header` past its own words (ending at ``own_end``): a header prints one page
    number, and the number after it opens the next line, an entry's date where a style prints
    the year first ("... paper.html 2/3 1967 Chinese Buddhist ...": every page opens with a
    year, so every print of the header holds a number there). Called by
    :func:`_header_around`."""
    two = _TWO_PAGE_NUMBERS_AT_END.search(text, own_end, high)
    return high if two is None else two.start(1)


@kept_per_text
def _whole_header(text: str, low: int, high: int) -> Span:
    """``[low, high)``, a repeated run, widened word by word over what every print of it
    holds too ("... Reference Lists" after "Annals of Invented Bibliometrics"), but never
    over an entry's "[n]": what every print holds after it is an author's name (the same
    author's entries, "[6] Wolfgang Jantzen: ... [17] Wolfgang Jantzen:"), no header; nor
    back over a number closed by a full stop (``_NUMBER_AND_FULL_STOP``)."""
    widening = _Widening(text)
    for _ in range(_HEADER_SPAN):
        word = _TOKEN.search(text, high)
        if word is None or ENTRY_NUMBER.fullmatch(word.group()) or not widening.repeated(
                text[low:word.end()]):
            break
        high = word.end()
    for _ in range(_HEADER_SPAN):
        word = _LAST_TOKEN.search(text[max(0, low - _EDGE):low])
        if word is None or _entry_mark(word.group().rstrip()) or not widening.repeated(
                text[low - len(word.group()):high]):
            break
        low -= len(word.group())
    return low, high


class _Widening:
    """:func:`_repeated` for the runs one header's widening asks about (:func:`_whole_header`),
    each holding the last run found repeated: its answer is read from that run's prints
    (``print_counts.Prints``) instead of the whole text. The answers are those of
    :func:`_repeated` and kept with its own."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.repeats = _repeats_in(text)
        self.prints: Optional[Prints] = None  # those of the last run found repeated

    def repeated(self, run: str) -> bool:
        """:func:`_repeated` for ``run``, which holds every run this widening found repeated."""
        answer = self.repeats.answers.get(run)
        if answer is None:
            answer = self.repeats.answers[run] = self._counted(run)
        return answer

    def _counted(self, run: str) -> bool:
        """``run`` counted (:func:`_counted_form`) among the prints of the last run found
        repeated, where it is counted in the same text and holds that run."""
        form = _counted_form(self.text, run, self.repeats)
        if form is None:
            return False
        counted_in, counted = form
        prints = None
        if self.prints is not None and self.prints.text is counted_in:
            prints = self.prints.of_longer(counted)
        if prints is None:
            prints = Prints(counted_in, counted)
        answer = prints.at_least(_HEADER_PAGES)
        if answer:
            self.prints = prints
        return answer


def _entry_mark(token: str) -> bool:
    """True if ``token`` (a word with no blank) right before a header is an entry's mark: its
    "[n]", or a number closed by a full stop (``_NUMBER_AND_FULL_STOP``), none of the header's
    words. Called by :func:`_whole_header`."""
    return bool(ENTRY_NUMBER.fullmatch(token) or _NUMBER_AND_FULL_STOP.fullmatch(token))


def _repeated(text: str, run: str) -> bool:
    """True if ``text`` prints ``run``, numbers aside, at least ``_HEADER_PAGES`` times.
    Each answer reads the whole text, and one document is searched for many titles whose
    regions hold the same runs (mostly near-miss titles, every region of which is searched
    for headers: ``search``), so the answers are kept per text (:func:`_repeats_in`).
    Who calls: :func:`_header_run` and :func:`_whole_header`."""
    repeats = _repeats_in(text)
    answer = repeats.answers.get(run)
    if answer is None:
        answer = repeats.answers[run] = _counted_repeated(text, run, repeats)
    return answer


class _Repeats:
    """What :func:`_repeated` has read from one text: its answers so far, run -> answer, and
    the text with every number written as one digit once a run with digits needed it."""

    def __init__(self) -> None:
        self.answers: dict[str, bool] = {}
        self.numbers_as_one: Optional[str] = None


@kept_per_text
def _repeats_in(text: str) -> _Repeats:
    """What :func:`_repeated` has read from ``text`` so far, for the last texts asked about
    (the documents being matched now: ``per_text_cache``)."""
    return _Repeats()


def _counted_repeated(text: str, run: str, repeats: _Repeats) -> bool:
    """:func:`_repeated` read from the text where :func:`_counted_form` counts the run."""
    form = _counted_form(text, run, repeats)
    return form is not None and printed_at_least(*form, _HEADER_PAGES)


def _counted_form(text: str, run: str, repeats: _Repeats) -> Optional[tuple[str, str]]:
    """The text ``run`` is counted in and the run as counted there; None if it is known to be
    printed fewer than ``_HEADER_PAGES`` times. A run is counted in the text with every number
    written as one digit, the run too (``repeats.numbers_as_one``): a print of the run with
    other numbers is then the run itself, as each number of a print is the whole number (the
    run's other characters are no digits). A run without digits is printed there as often as
    in the text, so before that text is made (it costs a pass over the whole text) a run
    is counted in the text as it is: its longest part without digits first, where most runs
    fail; a run without digits is that part. Once made, every run is counted there alone:
    the words of one text are indexed once (``print_counts``). Who calls:
    :func:`_counted_repeated` and :class:`_Widening`."""
    if repeats.numbers_as_one is None:
        longest = max(_DIGITS.split(run), key=len)
        if longest == run:
            return text, run
        if not printed_at_least(text, longest, _HEADER_PAGES):
            return None
        repeats.numbers_as_one = _DIGITS.sub("0", text)
    return repeats.numbers_as_one, _DIGITS.sub("0", run)
