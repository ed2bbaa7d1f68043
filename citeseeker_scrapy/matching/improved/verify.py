"""Does a hit look like a citation of the title, not only score like one? (improved scheme)

The edit similarity 1 - D/(M+N) reaches the limit with a whole part of the title missing (a
title sharing a long prefix with a cited one), and a short title reaches 1.0 as ordinary
words. Three checks on top of it:

* **Word coverage** (the token-level check, ``word_coverage``): the title's words must occur
  near the match in the title's order for at least 80 % of its letters;
* **The same work** (:func:`_same_work`): each printed word near the hit is the title's or a
  damaged form of it (``words.same_work``), and the printed title does not go on past the
  query's ends (``longer_titles.longer_title``), read across a running header where a page
  break cut the title;
* **Standing alone**: a title of at most three words must have punctuation (or nothing) on
  both sides ("2015. Deep learning. Nature"), not a word ("...for deep learning in..."),
  unless a searched name is right beside it in the sentence ("Friedl's Mastering Regular
  Expressions,", "The TeXbook, Knuth suggests": ``running_text.named_beside``), or the print
  shows the title's place where a word stands beside it (``title_edges.stands_alone``).
"""

from __future__ import annotations

import functools
import re
from typing import Iterable, Optional

from rapidfuzz import fuzz, process

from .author_runs.bare_surnames import bare_surname_ends_run
from .word_check.checked_title import CheckedTitle, free_quotes
from .word_check.counterparts import has_counterpart
from .entries.entry_numbers import last_entry_start, next_entry_start
from .fields import publishers
from .text.headers import (
    INTERRUPTION, SHORT_WORD, page_numbers_in_words, running_headers, Span, without_spans,
)
from .title_ends.capitals import title_closed
from .title_ends.longer_titles import longer_title
from .title_ends.lower_case_runs import next_field, runs_on_in_lower_case
from ..model import CHANGED_WORD, ORDINARY_WORDS, WORDS_MISSING
from ..word_edges import PrintedCase
from .text.per_text_cache import kept_per_text
from .text.printed_words import (
    WORD, in_word, joined_word_text, ocr_read, opens_paragraph, word_end, word_start, word_text,
)
from .title_ends.title_edges import (
    EDGE_WORD, closed_by_date, name_again, named_in_sentence, next_entry_as_this, stands_alone,
)
from .entries.title_first import names_open_after_title
from .entries.windows import Region
from .word_check.word_coverage import (
    WORD_SCORE, WORD_SLACK, covers_words, reordered, reordered_title_close,
)
from .word_check.words import names_both_ends, same_work

_TITLES_KEPT = 8  # titles whose words' answers are kept (:func:`_title_word_answers`)
#: The colon that opens a subtitle, right after a hit (a query that ends with it lacks that
#: subtitle: "Le travail des femmes a une histoire :" for "... histoire : l'industrialisation").
_SUBTITLE_COLON = re.compile(r"^ ?: ?")
#: A query that ends with a word cut at its hyphen ("A novel jasmonate-"): the rest of the
#: word was on the print's next line.
_CUT_WORD = re.compile(r"[^\W\d_]-$")


def veto(text: str, title: CheckedTitle, start: int, end: int,
         region: Optional[Region] = None, across_headers: bool = False,
         after_run: bool = False, printed: Optional[PrintedCase] = None) -> Optional[str]:
    """The check of the module docstring that a hit ``text[start:end]`` (in ``region``) fails,
    by its name in ``model.VETOES``, or None if it looks like a citation of the title.

    Called by ``search`` on each hit of its own search and by ``superset`` on the original
    scheme's hit. With ``across_headers`` (the original's hit: few, so the search for a
    header is paid rarely) a word check that fails is read again with the running headers
    near the hit left out (:func:`_without_running_header`). ``after_run``: the caller read
    in the printed capitals that the author run ends right before the hit with an initial
    and no full stop (``author_run_ends.initials_end_run``), with its one given name
    (``author_run_ends.given_name_ends_run``), with a surname after initials printed first with
    no full stop (``author_run_ends.initials_open_run``) or with a co-author's bare surname
    (``bare_surnames.bare_surname_closes_run``), which delimits a short title there.
    ``printed``: the document's capitals for ``text``, if the caller has them (then words in
    lower case run on after the hit are read as the title's: :func:`_runs_on`)."""
    name_before = _name_before(region, start)
    why = _word_veto(text, title, start, end, name_before, region, after_run, printed)
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
               after_run: bool = False, printed: Optional[PrintedCase] = None
               ) -> Optional[str]:
    """The checks of :func:`veto` on ``text`` as it is (``region`` None: a short title must
    stand alone (:func:`_short_title_alone`); ``printed``: its capitals, or None)."""
    if not (covers_words(text, title, start, end) or reordered(text, title, start, end)):
        return WORDS_MISSING
    if not (_same_work(text, title, start, end, name_before, printed, _name_after(region, end))
            or _same_work_as_queried(text, title, start, end, name_before, printed)):
        return CHANGED_WORD
    if title.short and not (_short_title_alone(text, title, (start, end), name_before,
                                               after_run, printed) or (
            region is not None and named_in_sentence(text, region, start, end))):
        return ORDINARY_WORDS
    return None


def _short_title_alone(text: str, title: CheckedTitle, hit: Span, name_before: Optional[Span],
                       after_run: bool, printed: Optional[PrintedCase]) -> bool:
    """``title_edges.stands_alone`` for a short title's hit, delimited before it where the
    caller read its author run's end there (``after_run``), or, for a hit with no searched
    name before it (a title-first entry's), where it opens its paragraph in the print
    (``printed_words.opens_paragraph``). Called by :func:`_word_veto`. The print's paragraphs
    are read last, for a title-first short title the punctuation does not delimit: the map of
    the print they need is made once per text, which most texts never pay for."""
    start, end = hit
    if stands_alone(text, start, end, name_before, after_run, title.title.text):
        return True
    return (not after_run and name_before is None and printed is not None
            and opens_paragraph(text, start, printed)
            and stands_alone(text, start, end, name_before, True, title.title.text))


def _same_work_as_queried(text: str, title: CheckedTitle, start: int, end: int,
                          name_before: Optional[Span], printed: Optional[PrintedCase] = None
                          ) -> bool:
    """:func:`_same_work` on the hit read where the query's own shape says the print closes
    the title: a query with its words reordered, at the title's close inside the hit
    (``word_coverage.reordered_title_close``: "...The New Discourse. New York" for "...The
    Discourse New"), the words the hit took past the close being the next field's; or a query
    that ends with a word cut at its hyphen (:data:`_CUT_WORD`: "A novel jasmonate-"), its
    hit ending inside a printed word, read with the title closed there
    (``capitals.title_closed``): the line-end hyphen the query keeps was dropped in print,
    which joined the word to the next line's first ("jasmonaterambaud, claude"); or a query
    annotated with its publisher's name after the title's own punctuation
    (``publishers.ends_title``: "...environnementale. Éditions Yvon Blais"), read with the
    title closed at the hit's end where the word printed after the name has a capital
    (:func:`_capital_after`: its place, "...Yvon Blais Cowansville, Québec, 2013"; a word in
    lower case there goes on a title that holds the name). Else the document's capitals are
    not read (the mark moves the text after it). Called by :func:`_word_veto` on a hit :func:`_same_work` turns down."""
    close = reordered_title_close(text, title, start, end)
    if close is not None:
        return _same_work(text, title, start, close, name_before)
    if _cut_in_print(text, title, end) or (publishers.ends_title(title.title.text)
                                           and _capital_after(text, end, printed)):
        return _same_work(title_closed(text, end), title, start, end, name_before)
    return False


def _capital_after(text: str, end: int, printed: Optional[PrintedCase]) -> bool:
    """True if the first word after ``end`` is printed with a capital (``printed``: the
    document's capitals; False without them). Called by :func:`_same_work_as_queried`."""
    word = WORD.search(text, end)
    cased = None if word is None or printed is None else printed(*word.span())
    return bool(cased) and cased[:1].isupper()


def _cut_in_print(text: str, title: CheckedTitle, end: int) -> bool:
    """True if the query ends with a word cut at its hyphen (:data:`_CUT_WORD`) and the hit
    ends inside a printed word after as many letters as that word has at least, those letters
    a variant of it (``counterparts.has_counterpart``): the word is read whole, not a shorter
    piece of it the hit happens to end at ("jasmon" would pass for the query's "jasmonic"),
    nor another word's start ("lo" of "loss" for the "-R-" that closes "On the Khwarezmian
    loss of -R-"). Called by :func:`_same_work_as_queried`."""
    if not (_CUT_WORD.search(title.title.text) and title.words and 0 < end < len(text)
            and in_word(text[end - 1]) and in_word(text[end])):
        return False
    piece = "".join(WORD.findall(word_text(text, word_start(text, end), end)))
    last = title.words[-1]
    return len(piece) >= len(last) and has_counterpart(last, [piece])


def _without_running_header(text: str, title: CheckedTitle, start: int, end: int
                            ) -> Optional[tuple[str, int, int]]:
    """``text`` with the running headers within ``INTERRUPTION`` of the hit left out (and
    the hit's ``start`` and ``end`` in it), or None if there is none.

    A page break inside a title puts the page number and the next page's running header
    between its halves (``headers.running_headers``: the title's words are none of a
    header's own), or only the page number inside a word a line-end hyphen split
    (``headers.page_numbers_in_words``). The title's other words stay, so a title whose
    words are missing is still missing them. Called by :func:`veto` when a word check fails.
    """
    low, high = max(0, start - INTERRUPTION), min(len(text), end + INTERRUPTION)
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
    """True if ``printed`` is a title word with a typo or OCR damage (at least ``WORD_SCORE``
    similar, also with its OCR digits read back)."""
    read = ocr_read(printed)
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
    """True if ``printed`` is at least ``WORD_SCORE`` similar to one of ``words``: one
    rapidfuzz call for them all, as :func:`_title_word` asks it of every word of a region a
    page break may have cut (an equal word scores 100)."""
    return process.extractOne(printed, words, scorer=fuzz.ratio,
                              score_cutoff=WORD_SCORE) is not None


def _name_after(region: Optional[Region], end: int) -> Optional[Span]:
    """Where the first searched name of the region after the hit's end starts and ends, or
    None if none lies after it: a title-first entry's author run holds it."""
    if region is None:
        return None
    return min(((occurrence[0], occurrence[1]) for occurrence in region.occurrences
                if occurrence[0] >= end), default=None)


def _name_before(region: Optional[Region], start: int) -> Optional[Span]:
    """Where the last searched name of the region before the hit starts and ends, or None if
    none lies before it: its author list, not a heading or the entry before (a title-first
    entry), is what the title follows."""
    if region is None:
        return None
    return max(((occurrence[0], occurrence[1]) for occurrence in region.occurrences
                if occurrence[1] <= start), key=lambda span: span[1], default=None)


def _same_work(text: str, title: CheckedTitle, start: int, end: int,
               name_before: Optional[Span] = None, printed: Optional[PrintedCase] = None,
               name_after: Optional[Span] = None) -> bool:
    """``words.same_work`` on the words around the hit: a different word is another work.
    First whether the printed title goes on past the query's first or last word
    (:func:`_goes_on_past_hit`: a longer title, another work, a verbatim hit too), then
    whether the words near the hit are the title's or damaged forms of them
    (:func:`_words_near_hit_alike`). Called by :func:`_word_veto`."""
    words = _words_taken(text, start, end)
    inside = word_text(text, *words)
    if _goes_on_past_hit(text, title, words, inside, (name_before, name_after), printed):
        return False
    return _words_near_hit_alike(text, title, (start, end), words, inside)


@kept_per_text
def _goes_on_past_hit(text: str, title: CheckedTitle, words: tuple[int, int], inside: str,
                      names: tuple[Optional[Span], Optional[Span]],
                      printed: Optional[PrintedCase]) -> bool:
    """True if the printed title goes on past the hit's words (``words``: where its first
    starts and its last ends; ``inside``: their text): ``longer_titles.longer_title`` on the
    words before the hit (:func:`_words_before_hit`) and after it (:func:`_words_after_hit`),
    or, with the document's capitals (``printed``), words in lower case run on after the hit
    up to the title's close (:func:`_runs_on`). ``names``: the searched names right before
    and after the hit in its region, or None. Called by :func:`_same_work`; kept per text
    (``per_text_cache``): the search splits a part at a turned-down hit and finds substrings
    of it again, whose words are the same, and ``superset`` checks the original's hit again."""
    first, last = words
    name_before, name_after = names
    preceding = _words_before_hit(text, title, first, name_before, printed)
    following, at_hit, after = _words_after_hit(text, title, words, names, printed)
    return longer_title(title.words, inside, preceding, following, after != at_hit) or bool(
        following and after == at_hit and _runs_on(text, title, inside, after, printed))


def _words_before_hit(text: str, title: CheckedTitle, first: int, name_before: Optional[Span],
                      printed: Optional[PrintedCase]) -> str:
    """The text before the hit's first word (at ``first``) that ``longer_title`` reads, or ""
    where the title's first word is not to be read there: only after a name (``name_before``:
    where it is), since before a title-first entry lies a heading ("References") or the entry
    before, not the title's opening; and not when the name itself is the word right before
    the hit, only punctuation between ("8. ECESR Taqrir ...": GOST prints an organisation with
    no punctuation before its title; "(2010) Bedier: Les chansons ...": a style that closes the
    entry before with its year and prints the name and a colon), nor when the rest of the
    author run ends with a co-author's bare surname (``bare_surnames.bare_surname_ends_run``:
    that word is the run's; before a title's first word in lower case where the query opens
    so, ``CheckedTitle.opens_in_lower_case``). Called by :func:`_goes_on_past_hit`."""
    if name_before is None or not WORD.search(text, name_before[1], first) or (
            bare_surname_ends_run(text, name_before[1], first, printed,
                                  title.opens_in_lower_case)):
        return ""
    return _text_before(text, title, first, name_before[1])


def _words_after_hit(text: str, title: CheckedTitle, words: tuple[int, int],
                     names: tuple[Optional[Span], Optional[Span]],
                     printed: Optional[PrintedCase]) -> tuple[str, int, int]:
    """(the text after the hit that ``longer_title`` reads, where the hit's words end, where
    the words after it go on: past a running header that starts there,
    :func:`_past_header`). The text is "" where a field, the next entry or a date closes the
    title right after the hit: a field the rules know (``run_on_fields.next_field``), the next
    entry printed as this one (``title_edges.next_entry_as_this``), the searched name printed
    again (``title_edges.name_again``: the name is not the title's last word), the author run
    of a title-first entry that holds the searched name after a hit that opens its paragraph
    (``title_first.names_open_after_title``: "...Proposal Draper, Kramer und T.C. Builders
    (1999)"), a year or span of years that closes the query's title after its comma or colon
    (perhaps after a place) or after a preposition of time (``title_edges.closed_by_date``).
    After a query that ends with a colon the subtitle that follows is its own (its colon read
    as a blank). ``names``: the searched names right before and after the hit, or None.
    Called by :func:`_goes_on_past_hit`."""
    first, last = words
    name_before, name_after = names
    after = last - 1 if 1 < last and text[last - 1] == " " and in_word(text[last - 2]) else last
    dated = closed_by_date(title.title.text, text, after)
    at_hit, after = after, _past_header(text, title, after, name_before)
    following = "" if dated or next_field(text, after, printed) or next_entry_as_this(
        text, name_before, first, last) or name_again(text, name_before, after) or (
        name_after is not None and printed is not None
        and names_open_after_title(text, (first, after), name_after, printed)) else (
        _text_after(text, title, first, after))
    if title.title.text.rstrip().endswith(":"):  # the query's subtitle is what follows
        following = _SUBTITLE_COLON.sub(" ", following, count=1)
    return following, at_hit, after


def _words_near_hit_alike(text: str, title: CheckedTitle, hit: tuple[int, int],
                          words: tuple[int, int], inside: str) -> bool:
    """``words.same_work`` on the words near the hit ``text[hit[0]:hit[1]]`` (``words``: where
    its first word starts and its last ends; ``inside``: their text); True for a verbatim hit.
    A hit shorter than the title may have its last (first) words beyond a running header or
    page number: then the words of its "[n]" entry up to ``INTERRUPTION`` characters further
    are looked at too, and where a header stands among them, they alone decide, read without
    it (:func:`_words_across_header`): a header's word is no word of the title ("Population |
    date, Generated Studies ..., page counter | demography of ..." read for a query that opens
    with "genre": the header's "generated" would pass for its variant). Called by
    :func:`_same_work`."""
    (start, end), (first, last) = hit, words
    if end - start == len(title.title.text) and text.startswith(title.title.text, start):
        return True  # verbatim
    left_out = max(0, len(title.title.text) - (end - start))
    slack = left_out + WORD_SLACK  # a word left out may lie past a word the query lacks
    low, high = word_start(text, max(0, start - slack)), word_end(text, end + slack)
    before, after = word_text(text, low, first), word_text(text, last, high)
    near = word_text(text, low, high)
    if not left_out or names_both_ends(title.words, inside):
        return same_work(title.words, near, inside, before, after, text)  # no header cut it
        # short: it is as long as the title, or holds both of its ends (a query word missing
        # between them is missing, not past a header)
    low = last_entry_start(text, max(0, low - INTERRUPTION), start)
    high = next_entry_start(text, end, high + INTERRUPTION)
    across = _words_across_header(text, title, (low, first, last, high))
    if across is not None:  # the words read without the header decide alone
        before, inside, after = across
        return same_work(title.words, " ".join(across), inside, before, after, text)
    return (same_work(title.words, near, inside, before, after, text)
            or same_work(title.words, word_text(text, low, high), inside, before, after, text))


def _runs_on(text: str, title: CheckedTitle, inside: str, after: int,
             printed: Optional[PrintedCase]) -> bool:
    """True if words printed in lower case run on from ``after`` (the end of the hit's words
    ``inside``, whose last is the query's last word) to the title's close: the printed
    title's own (``lower_case_runs.runs_on_in_lower_case``). Called by :func:`_same_work` on
    a hit whose words after it no field nor date claims; False with no capitals at hand."""
    words = WORD.findall(inside)
    if printed is None or not words or words[-1] != title.words[-1] or not text.endswith(
            words[-1], 0, after):
        return False
    return runs_on_in_lower_case(text, title.words, after - len(words[-1]), after, printed)


def _text_before(text: str, title: CheckedTitle, first: int, name_end: int) -> str:
    """The ``title_edges.EDGE_WORD`` characters before a hit's first word, as
    ``longer_titles.longer_title`` reads them (``printed_words.joined_word_text``), read across
    a running header between the name (ending at ``name_end``) and that word, ending right
    before it (:func:`_entry_headers`): a page break between the printed title's first word and
    the hit ("Resilient | header | harbour towns ..." read for a query that lacks "Resilient",
    or "Resilient harbour | header | towns ...", the hit without "harbour") leaves the title's
    opening before the header. Not the name's own author run: the same author's entries one
    after another print it again after the pages of the one before ("s. 12-19 Lund, K., Title"),
    as a header is printed beside its page number. Called by :func:`_same_work`."""
    at = first
    if _after_word(text, first):  # a header ends with a word or its page number
        spans = _entry_headers(text, title, max(name_end, first - INTERRUPTION), first)
        at = next((a for a, b in reversed(spans) if not text[b:first].strip()), first)
    return joined_word_text(text, at - EDGE_WORD, at)


def _text_after(text: str, title: CheckedTitle, first: int, after: int) -> str:
    """The ``title_edges.EDGE_WORD`` characters after a hit whose words run from ``first`` to
    ``after``, as ``longer_titles.longer_title`` reads them
    (``printed_words.joined_word_text``), but with the quote that closes a title opened by a
    single quote kept (:func:`_closing_quote`): it ends the title as a full stop does ("...South
    India’ Shorelines, Stanford"), so the word before it is the title's last one and a
    capitalised word after it (a book, a series) is none of the title's. Dropped with the
    in-word marks ("l’état") it would leave that word of the container right after the title's
    own last word. Not for a query that quotes a phrase of its own ("‘Primary Resistance’
    Movements"): its quotes are the title's words' marks. Called by :func:`_same_work`."""
    end = after + EDGE_WORD
    close = None if title.quotes_a_phrase else _closing_quote(text, first, after, end)
    if close is None:
        return joined_word_text(text, after, end)
    return (joined_word_text(text, after, close) + text[close]
            + joined_word_text(text, close + 1, end))


def _closing_quote(text: str, first: int, after: int, end: int) -> Optional[int]:
    """Where the single quote closing a title opened by a single quote stands in
    ``text[after:end]``, or None: the first "’" (or "'") there with no letter or digit after it,
    when the last single quote inside no word ("l’état" holds an apostrophe) from
    ``title_edges.EDGE_WORD`` characters before the hit's first word (``first``) up to ``after``
    opens the title: a letter or digit after it, the field's punctuation or a date before it
    ("2009. ‘Space and Rights", not a phrase quoted inside a title: "Connexions between ‘Primary
    Resistance’ Movements"). A quote closed before the hit's end is another field's. Called by
    :func:`_text_after`."""
    marks = free_quotes(text, max(0, first - EDGE_WORD), after)
    if not marks or not text[marks[-1] + 1:marks[-1] + 2].isalnum():
        return None
    if text[max(0, marks[-1] - 2):marks[-1]].rstrip()[-1:].isalpha():
        return None
    return next((at for at in free_quotes(text, after, end)
                 if text[at] != "\u2018" and not text[at + 1:at + 2].isalnum()), None)




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
    spans = _entry_headers(text, title, end, min(len(text), end + INTERRUPTION))
    own = "" if name is None else text[name[0]:name[1]]
    return next((b - 1 for a, b in spans if not text[end:a].strip() and text[b - 1] == " "
                 and not (own and own in text[a:b])), end)


def _after_word(text: str, at: int) -> bool:
    """True if the last character before ``at`` that is no blank is a letter or a digit:
    where a running header may end (its last word, its page number). Asked before the
    header search of :func:`_text_before`, which most hits, after punctuation, are spared."""
    stripped = text[max(0, at - EDGE_WORD):at].rstrip()
    return bool(stripped) and stripped[-1].isalnum()


def _before_word(text: str, at: int) -> bool:
    """True if the first character from ``at`` on that is no blank is a letter or a digit:
    where a running header may start (its first word, its page number). Asked before the
    header search of :func:`_past_header`: most titles are closed by punctuation."""
    stripped = text[at:at + EDGE_WORD].lstrip()
    return bool(stripped) and stripped[0].isalnum()


def _entry_headers(text: str, title: CheckedTitle, low: int, high: int) -> list[Span]:
    """The running headers in ``text[low:high]`` (``headers.running_headers``) that hold none
    of the title's words of ``SHORT_WORD`` letters: words printed twice that hold the
    title's (a container two entries share, "...Ames *Structure* in Northwest Oklahoma...")
    are no header to read across (a word the query changed would go with them). Called by
    :func:`_words_across_header`, :func:`_text_before` and :func:`_past_header`."""
    own = set(title.words)
    return [(a, b) for a, b in running_headers(text, low, high) if not any(
        len(word) >= SHORT_WORD and word in own for word in WORD.findall(word_text(text, a, b)))]


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
    return (word_text(entry, 0, first), word_text(entry, first, last),
            word_text(entry, last, high))


def _words_taken(text: str, start: int, end: int) -> tuple[int, int]:
    """Where the hit's words start and end: an edge word the hit takes less than half of is
    left out."""
    low, high = word_start(text, start), word_end(text, end)
    if start - low > (word_end(text, low) - low) / 2:
        low = min(word_end(text, low) + 1, end)
    if high - end > (high - word_start(text, high)) / 2:
        high = max(word_start(text, high), low)
    return low, high
