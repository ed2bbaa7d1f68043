"""The improved scheme as a superset of the original one: the 2003 rule's hit is reported
unless a named check says why it is no citation.

The improved search (``search``) looks for a title in its own regions and keeps the best hit
it accepts. Where it keeps none, the original rule may still fire (an exact name, the
``part_length`` characters after it, a substring at least ``fuzzy_limit`` similar to the
title): then its hit is reported unless one of the checks of ``model.VETOES`` fails on it:

* ``NAME_IN_WORD``: the name is part of a longer word ("lee" in "byerlee");
* ``NEXT_ENTRY``: the hit holds the "[n]" of the next entry;
* ``OTHER_ENTRY``: the hit lies past the end of the name's entry (``attribution.attributed``), and
  past the end of the entry of every other whole-word occurrence of the group's names that
  the rule fires from too (the hit within ``part_length`` after it): the original scheme
  follows the first such name, which may be the same author's entry before ("Agency. Report
  one. Agency. Report two."), while the title is the entry of a later one; read again
  without the running headers between the name and the hit (a page break inside the entry);
* ``CLOSER_NEARBY``: the title is printed more similar elsewhere around the name (within
  ``part_length`` before it or after the hit): the improved search saw that print and found
  it to be no citation (another entry's title), so this weaker one, a similar title after
  the name ("Ranking analysis" for a typed "Craling analysis" where the entry before holds
  "Crawling analysis"), is none either. A closer print after the hit in the name's own entry
  (``attribution.repeated_in_entry``: a reprint's, a translated title, a series or a URL printing
  the title again) is the same citation and vetoes nothing, and so does a print of the hit's
  own letters anywhere (blanks and hyphens aside: a title printed alone above its entry);
* ``WORDS_MISSING``, ``CHANGED_WORD``, ``ORDINARY_WORDS``: the word checks of ``verify``, read
  again without the running headers near the hit (a title cut by a page break).

So a citation the original finds is lost only for a reason with a name, and a benchmark can
count, per check, the true citations it drops beside the decoys it rejects
(``CitationMatcher.explain``). Who calls it: ``matcher.CitationMatcher``, for a title the
improved search found nothing for but had in reach (``search.Found.reachable``: no region
reaching the title's LCS cutoff means no part after a whole-word name does either, as each
such part lies in a region up to the next entry's "[n]").
"""

from __future__ import annotations

from typing import NamedTuple, Optional, Sequence

from .. import original
from ..model import (
    CERTAIN_END, CHANGED_WORD, CLOSER_NEARBY, NAME_IN_WORD, NEXT_ENTRY, ORDINARY_WORDS,
    OTHER_ENTRY, UNCERTAIN_END, AuthorGroup, MatcherSettings,
)
from ..original import Hit
from ..similarity import Bounds, Title, best_in_part, ratio_of_limit
from ..word_edges import PrintedCase, is_whole_word
from .entries.attribution import attributed, repeated_in_entry
from .author_runs.author_run_ends import given_name_ends_run, initials_end_run, initials_open_run
from .author_runs.bare_surnames import bare_surname_closes_run
from .title_ends.capitals import field_start, title_closed
from .word_check.checked_title import CheckedTitle
from .text.headers import (
    PAGE_BREAK_REACH, page_breaks_between_entries, page_numbers_in_words, printed_without,
    running_headers, without_spans,
)
from .title_ends.longer_titles import longer_title
from .text.printed_words import WORD, paragraph_end_after_query
from .fields.run_on_fields import JOURNAL_WORD_AND_VOLUME, NEXT_FIELD
from .title_ends.title_edges import EDGE_WORD, chapter_book_after, name_again, next_entry_as_this
from .title_ends.undecided_ends import (
    RunOn, undecided_after_passed_hit, undecided_end, word_before_place_after_passed_hit,
)
from .verify import veto
from .entries.entry_numbers import next_entry_start
from .entries.windows import Region

_ROUNDING = 1e-4  # the original scheme rounds a similarity to four decimals


class OriginalHit(NamedTuple):
    """The original scheme's hit for one title, with the name occurrence it followed."""

    author: str
    found: str
    similarity: float
    position: int
    name_start: int
    name_end: int
    #: (start, end, author) of the group's other exact name occurrences the hit lies within
    #: ``part_length`` after, nearest first: the 2003 rule fires from each of them too.
    other_names: tuple[tuple[int, int, str], ...] = ()

    @property
    def hit(self) -> Hit:
        """(author, found, similarity, position), as the schemes report a hit."""
        return self.author, self.found, self.similarity, self.position


def original_hit(text: str, group: AuthorGroup, names: Sequence[str], title: Title,
                 found: dict[str, list[int]], settings: MatcherSettings
                 ) -> Optional[OriginalHit]:
    """The hit the original scheme reports for ``title`` (``names``: the group's authors
    normalized; ``found``: their exact positions in ``text``), or None."""
    occurrences = original.occurrences(text, group, names, found, settings)
    if not occurrences:
        return None
    hit = (original.best_exact(title.text, occurrences) if settings.method == "exact"
           else original.best_fuzzy(title, occurrences))
    if hit is None:
        return None
    author, text_found, similarity, position = hit
    end = position + len(text_found)
    occurrence = next(o for o in occurrences if o.author == author
                      and o.part_start <= position and end <= o.part_start + len(o.part))
    name = names[group.authors.index(occurrence.author)]
    name_start = occurrence.part_start - len(name)
    others = sorted(((start, start + len(other), its_author)
                     for other, its_author in zip(names, group.authors)
                     for start in found[other]
                     if start != name_start and start + len(other) <= position
                     and end <= start + len(other) + settings.part_length), reverse=True)
    return OriginalHit(author, text_found, similarity, position, name_start,
                       occurrence.part_start, tuple(others))


class Verdict(NamedTuple):
    """What the improved scheme makes of the original's hit: the check of ``model.VETOES``
    that drops it (None: reported), and the reported hit's ``title_end`` (``model.TITLE_ENDS``)."""

    veto: Optional[str]
    title_end: str = CERTAIN_END


def verdict_of(text: str, hit: OriginalHit, title: CheckedTitle, length: int,
               printed: Optional[PrintedCase] = None) -> Verdict:
    """The first check of ``model.VETOES`` the original's hit fails, or none and how sure the
    title's end is (:class:`Verdict`). ``length`` is ``part_length``; ``printed`` gives the
    document's capitals, if the caller has them (:func:`_word_veto`). Who calls it:
    ``matcher.CitationMatcher``, for the hits it reports and for those it explains.

    The name the hit is read after is the original's own occurrence if the hit is in its
    entry, else the nearest other whole-word occurrence it fires from whose entry holds the
    hit (:func:`_attributed_name`).
    """
    end = hit.position + len(hit.found)
    names = [name for name in ((hit.name_start, hit.name_end, hit.author),) + hit.other_names
             if is_whole_word(text, name[0], name[1], printed)]
    if not names:
        return Verdict(NAME_IN_WORD)
    if next_entry_start(text, hit.position, end) < end:
        return Verdict(NEXT_ENTRY)
    region = _attributed_name(text, names, hit.position, end, length)
    if region is None:
        region = _attributed_across_headers(text, names, hit.position, end, length)
    if region is None:
        return Verdict(OTHER_ENTRY)
    if _closer_nearby(text, hit, region, title.title, length):
        return Verdict(CLOSER_NEARBY)
    return _word_veto(text, title, hit.position, end, region, printed)


def _word_veto(text: str, title: CheckedTitle, start: int, end: int, region: Region,
               printed: Optional[PrintedCase]) -> Verdict:
    """:func:`_word_veto_on` the text, and where a word check turns the hit down, on the
    text with the page breaks after the hit left out: between two entries
    (``headers.page_breaks_between_entries``) or inside a word a line-end hyphen split
    (``headers.page_numbers_in_words``). The fields after the title are read as the same
    entry prints them on one page ("...South India Shorelines. 1 12. Badjukov DD" reads
    "...Shorelines. 12. Badjukov DD", a word that closes its entry; "...Shorelines. Stanford
    Univer- 2 sity Press, Stanford." reads "...Stanford University Press, Stanford.", a
    publisher and its seat). The text before the hit's end is the same in both, so are the
    hit's and its name's positions."""
    verdict = _word_veto_on(text, title, start, end, region, printed)
    if verdict.veto not in (CHANGED_WORD, ORDINARY_WORDS) or printed is None:
        return verdict
    high = min(len(text), end + PAGE_BREAK_REACH)
    spans = sorted(page_breaks_between_entries(text, end, high)
                   + page_numbers_in_words(text, end, high))
    if not spans:
        return verdict
    again = _word_veto_on(without_spans(text, spans)[0], title, start, end, region,
                          printed_without(printed, spans))
    return verdict if again.veto is not None else again


def _word_veto_on(text: str, title: CheckedTitle, start: int, end: int, region: Region,
                  printed: Optional[PrintedCase]) -> Verdict:
    """``verify.veto`` on the hit ``text[start:end]``; where a word after the hit reads as the
    title's own, but the document's capitals (``printed``) say a field starts there
    (``capitals.field_start``), the hit is read again with that field punctuated; where a
    short title reads as ordinary words after an initial of the name's author run printed
    with no full stop (``author_run_ends.initials_end_run``), after its one given name
    (``author_run_ends.given_name_ends_run``) or after the last surname of a run that prints the
    initials first with no full stop (``author_run_ends.initials_open_run``), or after a
    co-author's bare surname that closes the run (``bare_surnames.bare_surname_closes_run``),
    it is read again as delimited there;
    where it ends its paragraph, or the query's last words the hit left out end it right after
    the hit (``printed_words.paragraph_end_after_query``: the entry's end), it is read
    again with that end punctuated: the next paragraph's first word (the next entry's author)
    is then no added title word. Each punctuated reading is of a copy of the text
    (``capitals.title_closed``: every check of ``verify.veto`` reads the mark where it
    stands); a hit read again at its paragraph's end is not read at a field's start too, so
    a hit costs one copy at most, and only a hit whose capitals say its title ends there.
    Where no field is told, or the hit is turned down with it too, :func:`_uncertain_end`
    reads whether only the words after the hit turn it down."""
    why = veto(text, title, start, end, region, across_headers=True, printed=printed)
    if why is None:
        return Verdict(None, title_end_of_passed_hit(text, title, start, end, printed=printed))
    if why not in (CHANGED_WORD, ORDINARY_WORDS) or printed is None:
        return Verdict(why)
    name = region.occurrences[0][:2]
    after_run = why == ORDINARY_WORDS and (initials_end_run(text, name[1], start, printed)
                                           or given_name_ends_run(text, name, start, printed)
                                           or initials_open_run(text, name, start, printed)
                                           or bare_surname_closes_run(text, name, start, printed))
    if after_run:
        why = veto(text, title, start, end, region, across_headers=True, after_run=True,
                   printed=printed)
        if why != ORDINARY_WORDS:
            return (_uncertain_end(text, title, (start, end), region, printed, why, after_run)
                    if why == CHANGED_WORD else Verdict(why))
    paragraph_end = paragraph_end_after_query(text, title.words, start, end, printed)
    if paragraph_end is not None:
        closed = title_closed(text, paragraph_end + 1)
        return Verdict(veto(closed, title, start, end, region, across_headers=True))
    field = field_start(text, title.words, start, end, printed, region.occurrences[0][2])
    if field is not None:
        closed = title_closed(text, field)
        if veto(closed, title, start, end, region, across_headers=True) is None:
            return Verdict(None)
    return _uncertain_end(text, title, (start, end), region, printed, why, after_run)


def title_end_of_passed_hit(text: str, title: CheckedTitle, start: int, end: int, *,
                            printed: Optional[PrintedCase]) -> str:
    """The ``title_end`` (``model.TITLE_ENDS``) of a hit ``text[start:end]`` every check
    passed as it stands: uncertain where the query ends with a function word and the print
    runs on past it into a word (``undecided_ends.undecided_after_passed_hit``), where one
    capitalised word and then the place of publication follow its content word
    (``undecided_ends.word_before_place_after_passed_hit``, which reads that word's capital in
    ``printed``), or where a short title stands alone before a chapter's "in" and its book
    (``title_edges.chapter_book_after``), else certain; always certain where the caller has
    not the document's capitals (``printed`` None: a text searched with no source to read).
    Called by :func:`_word_veto_on` and by ``matcher.CitationMatcher`` for its search's hits."""
    if printed is not None and (
            undecided_after_passed_hit(text, title.words, start, end)
            or word_before_place_after_passed_hit(text, title.words, start, end, printed)
            or title.short and chapter_book_after(text, start, end)):
        return UNCERTAIN_END
    return CERTAIN_END


def _uncertain_end(text: str, title: CheckedTitle, hit: tuple[int, int], region: Region,
                   printed: PrintedCase, why: str, after_run: bool) -> Verdict:
    """The hit ``text[hit[0]:hit[1]]`` that a word check turned down (``why``) reported with
    its end marked uncertain (``model.UNCERTAIN_END``), if only the words after it turn it
    down and the text cannot tell them from the printed title's own last word
    (``undecided_ends.undecided_end``): read again with the title closed after the query's last
    word, every check passes; and where the run's shape does not tell the field after the
    title (``undecided_ends.RunOn.field_told``: the first word run on closes the entry, or opens a
    chapter's book up to the chapter's pages), the rules find no field right after that
    first word (:func:`_field_after_next_word`). Else the veto stands. ``after_run``: the
    name's author run ends right before the hit with its initials or its given name (as
    ``verify.veto`` reads it). Called by :func:`_word_veto`."""
    start, end = hit
    run_on = undecided_end(text, title.words, start, end, printed)
    if run_on is None:
        return Verdict(why)
    closed = title_closed(text, run_on.title_end + 1)
    if veto(closed, title, start, end, region, across_headers=True, after_run=after_run):
        return Verdict(why)
    if not run_on.field_told and _field_after_next_word(text, title, start, run_on, region,
                                                          printed):
        return Verdict(why)
    return Verdict(None, UNCERTAIN_END)


def _field_after_next_word(text: str, title: CheckedTitle, start: int, run_on: RunOn,
                           region: Region, printed: PrintedCase) -> bool:
    """True if a field the rules know starts right after the first word run on after the
    query's last word (``run_on.next_word``), so the text decides that word is the printed
    title's own last word and the query lacks it: the word, then a mark that closes a
    title or a bracketed field (``longer_titles.longer_title``: a month, an abbreviated journal, a
    title-first entry's authors, ...), or a field ``verify`` reads right after a title
    (``run_on_fields.NEXT_FIELD``, the searched name again: ``title_edges.name_again``, the
    next entry opened as this one: ``title_edges.next_entry_as_this``), or
    one the capitals tell after it (``capitals.field_start`` for the title with that word:
    an organisation, a container and its issue, a town closing the entry, ...). Not a
    journal of one word, its comma and its volume or its Vancouver date
    (``run_on_fields.JOURNAL_WORD_AND_VOLUME``): the word before it may open a journal of two
    words ("...The Antisocial Network Psychology Today, 49, (2016)", "...Psychology Today.
    2016;49"), so that tells nothing. Called by
    :func:`_uncertain_end`."""
    word_start, word_end = run_on.next_word
    word = text[word_start:word_end]
    if JOURNAL_WORD_AND_VOLUME.match(text, word_end):
        return False  # "...Network Psychology Today, 49, ": a journal of one word or of two
    following = text[run_on.title_end:run_on.title_end + EDGE_WORD]
    name = region.occurrences[0][:2]
    return bool(NEXT_FIELD.match(text, word_end) or name_again(text, name, word_end)
                or next_entry_as_this(text, name, start, word_end)
                or longer_title(title.words, text[start:run_on.title_end], "", following)
                or field_start(text, (*title.words, *WORD.findall(word)), start, word_end,
                               printed) is not None)


def _attributed_name(text: str, names: list[tuple[int, int, str]], start: int, end: int,
                     length: int) -> Optional[Region]:
    """The search region of the first name (start, end, author) in ``names`` whose entry holds
    the hit ``text[start:end]`` (``attribution.attributed``), or None if none does."""
    for name_start, name_end, author in names:
        region = Region(name_start, end, ((name_start, name_end, author, name_end + length),))
        if attributed(text, region, start, end, length) is not None:
            return region
    return None


def _attributed_across_headers(text: str, names: list[tuple[int, int, str]], start: int,
                               end: int, length: int) -> Optional[Region]:
    """:func:`_attributed_name` read again with the running headers (and their page numbers)
    between the first name and the hit left out (``headers.running_headers``): a page break
    inside an entry puts a header's date and words where the entry's year and title are
    read. The region returned is the name's in ``text``; None if there is no header or the
    hit is still past the name's entry."""
    spans = running_headers(text, min(name[0] for name in names), start)
    if not spans:
        return None
    cleaned, moved = without_spans(text, spans)
    for name_start, name_end, author in names:
        shifted = [(moved(name_start), moved(name_end), author)]
        if _attributed_name(cleaned, shifted, moved(start), moved(end), length) is not None:
            return Region(name_start, end, ((name_start, name_end, author, name_end + length),))
    return None


def _closer_nearby(text: str, hit: OriginalHit, region: Region, title: Title,
                   length: int) -> bool:
    """True if a substring clearly more similar to the title than the hit (by more than the
    rounding of its similarity), not overlapping it, lies within ``length`` before the name
    that opens ``region`` or after the hit, and not in the name's entry after the hit.

    A better print after the hit in the name's own entry (``attribution.repeated_in_entry``) is
    the same citation printed again ("Title. Journal, 39. Title (1997)"): it says nothing
    against the hit, and the search goes on in the rest of the window after it. So is a
    better print of the hit's own letters on either side (:func:`_same_letters`): the same
    words, only a blank or a hyphen more or less, as where a style prints the title alone
    above its entry and the entry's print lost a hyphen at a line's end ("Endowments ... of
    well-being A. Tversky und D. Griffin, „Endowments ... of wellbeing“").
    """
    end = hit.position + len(hit.found)
    floor = Bounds.at(ratio_of_limit(hit.similarity), len(title.text))
    for start, stop in ((max(0, region.start - length), hit.position), (end, end + length)):
        while start < stop:
            better = best_in_part(title, text[start:stop], floor)
            if better is None or better[0][0] / better[0][1] <= hit.similarity + _ROUNDING:
                break
            better_start = start + better[1]
            better_end = better_start + better[2]
            if not _same_letters(text[better_start:better_end], hit.found) and (
                    start < end or not repeated_in_entry(text, region, end, better_start, length)):
                return True
            start = better_end
    return False


def _same_letters(one: str, other: str) -> bool:
    """True if ``one`` and ``other`` hold the same letters and digits in the same order: the
    same words printed twice, blanks, hyphens and other marks aside. Called by
    :func:`_closer_nearby`: a print more similar only by such marks is no other title."""
    return [c for c in one if c.isalnum()] == [c for c in other if c.isalnum()]
