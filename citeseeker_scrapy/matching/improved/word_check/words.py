"""A different word or a damaged word? The word-by-word check of a hit (improved scheme).

The edit similarity cannot tell "The classical *surgery* of ethnomethodology" (another work)
from "The classical *rootes* of ethnomethodology" (a typo): both cost a few characters. A
reader can: a damaged word is still a spelling variant of the word it stands for, a different
word is not. So ``verify.verified`` calls :func:`same_work` on each hit that already passed the
character test (it never runs on the text at large, so it costs little):

* every **content word** of the query (four letters or more, no function word) needs a
  counterpart of its own printed near the hit (a printed word the query names exactly is
  that word's, not another's variant) that is a spelling variant of it: equal, at least
  ``counterparts._VARIANT_SCORE`` similar (a typo, an OCR confusion, British/US spelling),
  or split in two by a lost hyphen or a stray blank ("retrie val"), or inside a longer
  printed word (words joined: "lineclipping"). Order is not checked here (two swapped words
  are the same work); ``verify`` checks it;
* short and function words ("of", "the", "new") may lack one, ``_SHORT_ALLOWANCE`` of them;
  initials a style prints with no full stops, joined to the word after them ("J-C" for
  "J.-C.", "RDoig" for "R.Doig"), are read as the one printed word (:func:`joined_as_printed`);
* no query word may stand where the print has another real word in its place
  (:func:`_another_word_in_place`, ``counterparts.another_word``): "*Eastern* Harbour Towns"
  for "Western Harbour Towns" passes the spelling-variant test but is two letters away, more
  than a typo or a damaged print makes in one word, and no inflection of it; "The *Old*
  Discourse" for "The New Discourse", a short word that is no function word replaced;
* the printed title may hold content words the query lacks only while the query still names
  five in six of the printed title's content words (``_NAMED_PER_EXTRA``; each query word
  stands for one printed word, so a word printed more often than the query names it counts
  too, and so does a variant of a query word printed exactly beside it: "Association Fibers
  Associated"). A misquote drops a word from a long
  descriptive title ("Automatic acquisition of hyponyms from large corpora" for
  "...large *text* corpora", five content words of six); in a title of four content words
  or fewer each word is a quarter or more of what it names ("Statistical analysis of music
  corpora" is not "Statistical of music corpora", "Deep learning" not "Deep reinforcement
  learning"); nor may the query lack a subtitle's first word ("...Lachine. *Souvenirs* et");
* the printed title's own first and last words are ``longer_titles``' (a content word the
  query lacks there makes the printed title a longer one, another work).

What a word's counterpart is (a spelling variant, a split or a joined word) is
``counterparts``'; what a content word is, ``content_words``'. Words are compared as
``verify`` reads them: extraction debris dropped, ligature codes back.
"""

from __future__ import annotations

import re
from difflib import SequenceMatcher
from functools import lru_cache
from typing import AbstractSet, Sequence

from ..grammar.content_words import SHORT_FUNCTION_WORDS, is_content
from .counterparts import (another_word, changed_letter, has_counterpart, not_named,
                           split_in_print)
from ..text.printed_words import LEFT_OUT, WORD, printed_again, printed_at_all

_EDGE_LETTERS = 2  # a query's first or last word this long bounds the printed title it names
_EDGE_REACH = 2  # words before a hit where the query's first word may stand, a word between
_SHORT_ALLOWANCE = 2  # short or function words of the query that may lack a counterpart
_INITIAL_LETTERS = 2  # letters of an initial a style may print joined to the next ("J-Cl")
_PLACED_LETTERS = 3  # a short word whose place in the print another word may not take
_QUERIES_KEPT = 256  # queries whose joinable runs are kept (:func:`_joinable_runs`)
#: Content words the query names for each printed content word it lacks: five in six, a
#: misquote of a long title, not another work.
_NAMED_PER_EXTRA = 5
#: ... and the word it lacks is a short one ("large [text] corpora", a misquote of Hearst's
#: title): a longer one ("[protection]", "[treatment]", "[brain]") names a thing of its own.
_MISQUOTE_LETTERS = 4
#: The first word of a subtitle inside a hit ("...canal de Lachine. Souvenirs et modes"): it
#: names the subtitle's topic as a title's first word does, so the query may not lack it.
_SUBTITLE_HEAD = re.compile(r"[^\W\d_]{3}[.:?!] ([^\W\d_]+)")


def same_work(query: Sequence[str], nearby: str, inside: str, before: str = "",
              after: str = "", document: str = "") -> bool:
    """True if the printed words tell the same work as the query's words (module docstring).

    ``nearby`` is the printed text around the hit (the hit, the part of the title it may
    have left out, whole words); ``inside`` the words of the hit itself (a word the hit
    takes less than half of is not in it); ``before`` and ``after`` the words of ``nearby``
    on either side of it, where the query's first or last word may lie when the hit left it
    out (the best substring of "statistical of music corpora" in "statistical analysis of
    music corpora" is "sis of music corpora"); ``document`` the whole text, where a printed
    word one letter from the query's may stand again (:func:`_another_word_in_place`).
    """
    printed = WORD.findall(nearby)
    shown = set(printed)
    query = joined_as_printed(query, shown)
    if not _each_has_its_own(query, printed, shown) or not _last_word_past_the_start(
            query, nearby, inside):
        return False
    if any(not_named(word, query) for word in _SUBTITLE_HEAD.findall(inside)):
        return False
    span = _title_span(query, WORD.findall(before), WORD.findall(inside),
                       WORD.findall(after))
    return _names_enough(query, span) and not _another_word_in_place(query, span, document)


def _another_word_in_place(query: Sequence[str], printed: Sequence[str],
                           document: str = "") -> bool:
    """True if the printed title holds, in the place of a query word it does not print, a word
    that is another word (``counterparts.another_word``): a content word or a short word of
    ``_PLACED_LETTERS`` letters that is no function word ("The *Old* Discourse" for "The New
    Discourse", "*Eastern* Harbour Towns" for "Western Harbour Towns"). The place is the
    word's between the same neighbours the query names exactly (one word for one, a word
    split or joined in print is none: "archeo logique", "timeproc"). A typo or
    a damaged print is one edit from the word; a content word's spelling variant already
    stands as its counterpart, and a short word may lack one (``_SHORT_ALLOWANCE``), but one
    printed in its place as another word names another work. So is a word printed whole
    inside the other ("The *Review* of Harbours" for "The View of Harbours"), but at the
    title's first or last word (on either side) as the print joins or a hit cuts a word there
    ("spacetimeproc"). A word one letter from the query's is another word where that letter
    is none a typing slip or OCR strikes (``counterparts.changed_letter``) and the word is the
    print's own (:func:`_print_s_own`): "Late Harbour Towns" for "Lake Harbour Towns". Called
    by :func:`same_work` on the printed title as the query's words bound it
    (:func:`_title_span`)."""
    if len(query) < 2:
        return False
    named, shown = set(query), set(printed)
    if not _lookalike_pair(named - shown, shown - named):
        return False  # no word in another's place could be one (the alignment costs more)
    aligned = SequenceMatcher(None, list(query), list(printed), autojunk=False)
    for kind, q_start, q_end, p_start, p_end in aligned.get_opcodes():
        if kind != "replace" or q_end - q_start != 1 or p_end - p_start != 1:
            continue
        word, other = query[q_start], printed[p_start]
        first, last = q_start == 0 or p_start == 0, q_end == len(query) or p_end == len(printed)
        if word not in shown and other not in named and _lookalike(word, other) and (
                another_word(word, other, first, last) or (
                    changed_letter(word, other) and _print_s_own(other, word, document))):
            return True
    return False


def _lookalike_pair(unprinted: AbstractSet[str], unnamed: AbstractSet[str]) -> bool:
    """True if a query word the print lacks (one of ``unprinted``) looks like a printed word
    the query lacks (one of ``unnamed``: :func:`_lookalike`): only such a pair can stand in
    the one-for-one place :func:`_another_word_in_place` reads, so where there is none (a
    verbatim title, a typo no lookalike reads, another word of its own) the alignment of the
    two word lists is not made."""
    return any(_lookalike(word, other) for word in unprinted for other in unnamed)


def _print_s_own(printed: str, word: str, document: str) -> bool:
    """True if the ``printed`` word, one letter from the query's ``word``, is the print's own
    word, no misprint of the query's: the ``document`` prints it again
    (``printed_words.printed_again``: a misprint is rarely repeated letter for letter), or
    never prints the query's word (``printed_words.printed_at_all``: where the print does, its
    author knows that word, and a misprint of it here is the likelier reading). False with no
    document at hand. Called by :func:`_another_word_in_place`."""
    return bool(document) and (printed_again(document, printed)
                               or not printed_at_all(document, word))


def _lookalike(word: str, other: str) -> bool:
    """True if a printed word in a query word's place looks like it, as
    :func:`_another_word_in_place` reads the two: a content word and its spelling variant
    (``counterparts.has_counterpart``, which the word took as its counterpart), or two short
    words of ``_PLACED_LETTERS`` letters, neither a short function word."""
    if is_content(word):
        return has_counterpart(word, (other,))
    return _placed_short_word(word) and _placed_short_word(other)


def _placed_short_word(word: str) -> bool:
    """True if ``word`` is a short word whose place another word may not take: of
    ``_PLACED_LETTERS`` letters, no short function word. Called by :func:`_lookalike` and
    :func:`_short_word_in_place`."""
    return len(word) == _PLACED_LETTERS and word not in SHORT_FUNCTION_WORDS


def joined_as_printed(query: Sequence[str], shown: AbstractSet[str]) -> Sequence[str]:
    """The query's words with each run that the print holds joined read as that one word,
    where a style drops the full stops (and blanks) between them: a run of two numbers or
    more ("2", "2", "1" of "Area 2.2.1" printed "Area 221", the same number), or initials with
    the word after them, two or three query words (:func:`_initial`: "J.-C." printed "J-C",
    read "jc" where the query reads "j" and "c"; "R.Doig" printed "RDoig"; "A-F.M.and"
    printed "A-FMand", a title that holds its authors' initials). Joined, the run must still
    equal a printed word (one of ``shown``) letter for letter ("Area 2.2.2" is not "Area 221",
    "J.-K." not "JC"). Called by :func:`same_work` before it looks for each word's
    counterpart, for every hit, with the set of printed words it builds once for the word
    checks: a query none of whose runs the print holds joined (:func:`_joinable_runs`: none,
    most often) is handed back as it is."""
    if shown.isdisjoint(_joinable_runs(tuple(query))):
        return query
    joined: list[str] = []
    at = 0
    while at < len(query):
        length, printed_joined = _run_as_printed(query, at, shown)
        run = query[at:at + length]
        joined.extend(["".join(run)] if printed_joined else run)
        at += length
    return joined


@lru_cache(maxsize=_QUERIES_KEPT)
def _joinable_runs(query: tuple[str, ...]) -> frozenset[str]:
    """Every run of ``query`` that :func:`_run_as_printed` may read joined, joined: from each
    word, the numbers up to the last of a run of two or more, and the three and two words
    whose all but last are initials. Where the print holds none of them, no run is joined and
    :func:`joined_as_printed` hands the query back: one test of two sets in C, for every hit,
    where the runs' words would be joined and looked up one by one (a query's short words,
    "of", "in", are initials to :func:`_initial`). Kept for the last ``_QUERIES_KEPT``
    queries: a document's hits are checked against the same few titles."""
    runs = set()
    for at in range(len(query)):
        numbers = _number_run(query, at)
        if len(numbers) >= 2:
            runs.add("".join(numbers))
        runs.update("".join(run) for run in _initial_runs(query, at))
    return frozenset(runs)


def _run_as_printed(query: Sequence[str], at: int, shown: AbstractSet[str]) -> tuple[int, bool]:
    """How many query words from ``at`` :func:`joined_as_printed` reads together, and whether
    the print (its words ``shown``) holds them joined: a whole run of numbers, joined or each
    on its own; initials and the word after them, only where printed joined; else one word."""
    numbers = _number_run(query, at)
    if len(numbers) >= 2:
        return len(numbers), "".join(numbers) in shown
    joined = next((run for run in _initial_runs(query, at) if "".join(run) in shown), None)
    return (1, False) if joined is None else (len(joined), True)


def _number_run(query: Sequence[str], at: int) -> Sequence[str]:
    """The query's words from ``at`` up to the last of the numbers that start there (none
    where the word at ``at`` is no number). Read by :func:`_run_as_printed` and
    :func:`_joinable_runs`."""
    end = at
    while end < len(query) and query[end].isdigit():
        end += 1
    return query[at:end]


def _initial_runs(query: Sequence[str], at: int) -> list[Sequence[str]]:
    """The three, then the two query words from ``at`` whose all but last are initials
    (:func:`_initial`), as a style may print them joined. Read by :func:`_run_as_printed` and
    :func:`_joinable_runs`."""
    return [query[at:at + length] for length in (3, 2)
            if at + length <= len(query) and all(map(_initial, query[at:at + length - 1]))]


def _initial(word: str) -> bool:
    """True if ``word`` may be an initial a style prints joined to the next word: a letter or
    two (``_INITIAL_LETTERS``). A short word of the title so joined ("in sight" printed
    "insight") is the same letters in the same order, no other word."""
    return len(word) <= _INITIAL_LETTERS and word.isalpha()


def _each_has_its_own(query: Sequence[str], printed: list[str],
                      exact: AbstractSet[str]) -> bool:
    """True if each content word of the query has a printed counterpart of its own, and at
    most ``_SHORT_ALLOWANCE`` short words lack one (``exact``: the ``printed`` words as a set,
    which the caller has built). A printed word the query names exactly is that word's, not
    another's variant ("tumeurs" added to "...novel tumour suppressors", "social tapes" for
    "collected papers ... social reality")."""
    free = list(printed)
    for word in query:
        if word in free:
            free.remove(word)
    missing_short = 0
    for word in query:
        if (word in exact or has_counterpart(word, free)
                or split_in_print(word, printed, free)):
            continue
        if is_content(word):
            return False
        missing_short += 1
    return missing_short <= _SHORT_ALLOWANCE


def _last_word_past_the_start(query: Sequence[str], nearby: str, inside: str) -> bool:
    """True if the query's last word has a counterpart of its own from the hit's start on: the
    words before a hit are the first words it left out, or the author run's and the entry
    before's, no variant of the title's last word (the given name "Anne" right before "Les
    moulins de Bretagne, côtes et rivières" is no counterpart of "années" put in for
    "rivières", nor a co-author "Persing" of "opening"). Only the last word: a misquote that
    swaps inner words may print one of them before the hit's start. Read only where the hit
    lies in ``nearby`` and the query is longer than the words a hit may leave out. Called by
    :func:`same_work`."""
    at = nearby.find(inside) if inside else -1
    if at <= 0 or len(query) <= LEFT_OUT:
        return True
    printed = WORD.findall(nearby, at)
    return _each_has_its_own(query[-1:], printed, set(printed))


def names_both_ends(query: Sequence[str], inside: str) -> bool:
    """True if the hit's words ``inside`` hold a counterpart of the query's first and of its
    last word (of ``_EDGE_LETTERS`` or more). Called by ``verify``, which looks past a
    running header for the query's words only when the hit lacks one of its ends: a header
    cuts a title in two, so the words beyond it are the title's first or last ones, never
    words between two that the hit holds ("...at Superfund [emergence] Sites")."""
    edges = [word for word in query if len(word) >= _EDGE_LETTERS]
    printed = WORD.findall(inside)
    return len(edges) >= 2 and all(has_counterpart(word, printed)
                                   for word in (edges[0], edges[-1]))


def _title_span(query: Sequence[str], before: Sequence[str], inside: Sequence[str],
                after: Sequence[str]) -> list[str]:
    """The printed title as the query's words bound it: the hit's words, widened back to the
    counterpart of the query's first word (and on to its last one's) when the hit left that
    word out ("softly broken su" for "Softly broken and SU(5)": "...supersymmetry and su 5").
    Words of one letter are no bound (they have counterparts everywhere). A first word the
    hit holds only further in ("the" of "...into the nature") bounds it too, if one of the
    ``_EDGE_REACH`` words before the hit stands for it: "The Reader" is printed "The
    *Patient* Reader", the hit starting at the dropped word's last letter. A short last word
    of the query printed nowhere near ends it at the word after the hit
    (:func:`_short_word_in_place`)."""
    edges = [word for word in query if len(word) >= _EDGE_LETTERS]
    if not edges:
        return list(inside)
    head: Sequence[str] = ()
    tail: Sequence[str] = ()
    if not has_counterpart(edges[0], inside):
        at = [i for i, other in enumerate(before) if has_counterpart(edges[0], (other,))]
        head = before[at[-1]:] if at else ()
    elif not has_counterpart(edges[0], inside[:1]):
        at = [i for i in range(max(0, len(before) - _EDGE_REACH), len(before))
              if has_counterpart(edges[0], (before[i],))]
        head = before[at[-1]:] if at else ()
    if not has_counterpart(edges[-1], inside):
        at = [i for i, other in enumerate(after) if has_counterpart(edges[-1], (other,))]
        tail = after[:at[0] + 1] if at else _short_word_in_place(query, after)
    return [*head, *inside, *tail]


def _short_word_in_place(query: Sequence[str], after: Sequence[str]) -> Sequence[str]:
    """The printed word right after a hit as the place of the query's last word, where both
    are short words of ``_PLACED_LETTERS`` letters, no function word, and the query's is
    printed nowhere near (:func:`_title_span` found no counterpart): the hit stopped before
    the title's last word, another short one ("...a series of 20 *men*" for "...of 20 art"),
    which :func:`_another_word_in_place` reads in its place. A short word has no counterpart
    a letter away (a typo, OCR damage: "a1t", "arc"); ``counterparts.another_word`` tells
    those from another word. Empty otherwise."""
    if after and _placed_short_word(query[-1]) and _placed_short_word(after[0]):
        return after[:1]
    return ()


def _names_enough(query: Sequence[str], printed: Sequence[str]) -> bool:
    """True if the query names five in six (``_NAMED_PER_EXTRA``) of the content words printed
    inside the hit, and none it lacks inside the title is longer than ``_MISQUOTE_LETTERS``
    (:func:`_inner`; called by :func:`same_work`). Each printed content word the query does
    not name (:func:`_unnamed`) counts against it."""
    extras = _unnamed(query, printed)
    if any(len(printed[i]) > _MISQUOTE_LETTERS for i in _inner(extras, len(printed))):
        return False  # "...traumatic [brain] injury": a word of its own, another work
    named = sum(1 for word in query if is_content(word))
    return named >= _NAMED_PER_EXTRA * len(extras)


def _unnamed(query: Sequence[str], printed: Sequence[str]) -> set[int]:
    """The positions of the printed content words that no query word stands for.

    Each query word stands for one printed word: the one it names exactly first (in the
    title's order, then anywhere: two swapped words are still named), else a spelling
    variant of it (a typo, OCR damage) that no other query word took. So a word printed more
    often than the query names it is one of the title's own ("The CANTUS Database and CANTUS
    Index" for "...Database and Index"), the print out of the query's order ("Southern
    *Europe*, South America and Post-Communist Europe" for "Southern South America and
    Post-Communist Europe"), and so is a printed word that
    is a variant of a query word printed exactly beside it ("Tractography of Association
    Fibers Associated with ..." for "Tractography of Fibers Associated with ...", "Of
    Revelation and Revolution" for "Of and Revolution"). A printed word that is a piece of a
    query word the text split ("nano technologies"), or two of them joined, is named too.
    """
    left = list(query)
    taken = [False] * len(printed)
    if len(set(printed)) < len(printed):  # else each word is named where it is printed
        _name_in_order(query, printed, left, taken)
    for i, word in enumerate(printed):
        if not taken[i] and word in left:
            left.remove(word)
            taken[i] = True
    unprinted = tuple(left)
    extras = set()
    for i, word in enumerate(printed):
        if taken[i] or not is_content(word):
            continue
        variant = next((other for other in left if has_counterpart(word, (other,))), None)
        if variant is not None:
            left.remove(variant)
        elif not_named(word, unprinted):
            extras.add(i)
    return extras


def _name_in_order(query: Sequence[str], printed: Sequence[str], left: list[str],
                   taken: list[bool]) -> None:
    """Mark the printed words the query names exactly in the title's order as ``taken`` and
    remove their query words from ``left``. Called by :func:`_unnamed` only for a print that
    holds a word twice: which of the two a query word names is the one in its order."""
    in_order = SequenceMatcher(None, list(query), list(printed), autojunk=False)
    for block in in_order.get_matching_blocks():
        for k in range(block.size):
            left.remove(query[block.a + k])
            taken[block.b + k] = True


def _inner(extras: set[int], count: int) -> list[int]:
    """The positions in ``extras`` that lie between two of the ``count`` printed words that
    the query names: a word the query lacks inside its title. One at an edge of the hit is the
    title's first or last word (``longer_titles.longer_title`` reads those) or a running
    header's last word that extraction put before the title's rest ("...citation styles and
    interpretation: ...")."""
    named = [i for i in range(count) if i not in extras]
    if len(named) < 2:
        return []
    return [i for i in range(named[0] + 1, named[-1]) if i in extras]
