"""A printed word's counterpart: which word of the other side it stands for (improved scheme).

A damaged word is still a spelling variant of the word it stands for, a different word is
not. :func:`has_counterpart` says whether a word has one among printed words (equal, at least
``_VARIANT_SCORE`` similar: a typo, an OCR confusion, British/US spelling; split in two by a
lost hyphen or a stray blank, "retrie val", or by a page number, "gen- 12 der"; inside a
longer printed word, "lineclipping"), :func:`split_in_print` whether two printed neighbours
join into it, :func:`not_named` whether a printed content word is one no query word stands
for, :func:`another_word` whether a similar word is another real word rather than the same
one mistyped or damaged, and :func:`mistyped` (:func:`letter_typed_in`) whether it is that
word with a typist's slips only. The word-by-word check of a hit (``words``) and the reading
of a longer printed title (``longer_titles``) ask these, and ``capitals`` and
``undecided_ends`` for the title's last word where the print runs the next field into it;
``lower_case_runs`` asks ``longer_titles``.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Sequence

from rapidfuzz import fuzz
from rapidfuzz.distance import OSA

from ..grammar.content_words import JOINED_FIELD_OPENINGS, SHORT_FUNCTION_WORDS, is_content
from ..text.printed_words import ocr_read

_VARIANT_SCORE = 70  # fuzz.ratio of a word and its damaged form, at least
_SPLIT_SCORE = 85  # ratio of a word and two printed neighbours joined ("the role" is no "theo")
_JOINED_SCORE = 90  # partial_ratio of a word inside a printed word that joins it to another
_PAGE_DIGITS = 4  # a page number between the halves of a word split at a page break
_OCR_SHORT = 5  # letters of a word whose "m" read as "rn" costs it its variant score


def not_named(word: str, query: Sequence[str]) -> bool:
    """True for a printed content word no query word stands for (nor holds: "nano"; nor holds
    with its OCR confusions read back, ``printed_words.ocr_read``: "r0srio" for a query's
    "Ros\u00b7rio", a word the query's mark cuts in two, "ros" and "rio", that the print
    shows whole and damaged; nor names with a number the style joins to it,
    :func:`_number_joined`: "book2012" of "...Year Book2012.")."""
    joined = "".join(query)
    return is_content(word) and not (has_counterpart(word, query) or word in joined
                                     or ocr_read(word) in joined or _number_joined(word, query))


def _number_joined(word: str, query: Sequence[str]) -> bool:
    """True if the printed ``word`` is a query word with digits after it: a style that prints
    the year or the pages right after the title with no blank ("...Weapons of the Weak1985.").
    Called by :func:`not_named`."""
    letters = word.rstrip("0123456789")
    return letters != word and letters in query


def has_counterpart(word: str, printed: Sequence[str]) -> bool:
    """True if a printed word (or two neighbours a lost hyphen split) is a variant of ``word``.
    A short function word is no variant of a content word ("the" of "theo")."""
    content = is_content(word)
    for i, other in enumerate(printed):
        if other == word or ((fuzz.ratio(word, other, score_cutoff=_VARIANT_SCORE)
                              or _m_read_as_rn(word, other)) and not (
                content and other in SHORT_FUNCTION_WORDS)):
            return True
        if len(other) > len(word) and is_content(word) and fuzz.partial_ratio(
                word, other, score_cutoff=_JOINED_SCORE):
            return True  # joined: "lineclipping" holds "line" and "clipping"
        if i + 1 < len(printed) and len(other) < len(word) and (fuzz.ratio(
                word, other + printed[i + 1], score_cutoff=_SPLIT_SCORE) or _split_at_page(
                word, other, printed, i + 1)):
            return True  # split: "retrie val", "con sciousness", "gen- 12 der"
    return False


#: Endings whose removal leaves one stem: a word and the same word inflected or derived
#: ("economic"/"economics", "study"/"studies", "integration"/"integrated") are one word.
_ENDINGS = tuple(sorted(("ations", "ation", "ings", "ing", "ies", "ied", "ics", "ical", "ally",
                         "ic", "al", "ers", "er", "es", "ed", "ly", "en", "s", "y", "e", "n",
                         "ion", "ions", "ive", "ives", "if", "ifs", "ique", "iques"),
                        key=len, reverse=True))
_STEM_LETTERS = 3  # what an ending leaves of a word at least
#: British and American spellings (and their French forms) of one word, made one
#: ("harbour"/"harbor", "organise"/"organize", "modelling"/"modeling", "centre"/"center",
#: "programme"/"program", "catalogue"/"catalog", "defence"/"defense").
_SPELLINGS = ((re.compile("our"), "or"), (re.compile("is(?=e|ation|ing)"), "iz"),
              (re.compile("ll(?=ing|ed|er)"), "l"), (re.compile("(?<=[bt])re$"), "er"),
              (re.compile("mme$"), "m"), (re.compile("gue$"), "g"),
              (re.compile("(?<=n)ce(?=s?$)"), "se"))
#: Edits (letters dropped, added or changed, two neighbours swapped) a typo or a damaged
#: print makes in one word at most; a word farther from the query's is another word. A word
#: of ``_LONG_WORD`` letters or more may take one more ("etlmomethodology": the OCR reads
#: "hn" as "lm"): no other word is that close to a long one.
_TYPO_EDITS = 1
_LONG_WORD = 12
#: Elided articles and prepositions of French and Italian that an apostrophe joins to the
#: next word ("l'image", "d'une", "qu'il"): the word checks drop the apostrophe, so the
#: query's word holds them where the print may split them off. Only these: a word that
#: starts with another letter ("crowns") is no elided "c'" before "rowns".
_ELIDED = ("qu", "l", "d")
_ELIDED_REST = 4  # letters a word keeps after its elided article at least
#: Letters a word printed whole inside another adds at least to make it another word
#: (:func:`_whole_inside`): one letter more is a typo's ("reponse"), two a word's own
#: ("view"/"review", "rate"/"crater").
_INSIDE_ADDS = 2
#: Keys beside each other on a QWERTY row: a stray key is struck with the one meant
#: (:func:`_two_slips`, :func:`changed_letter`). The bench's typist
#: (``bench/quality/refstrings.py``) has a table of its own on purpose: the core imports
#: nothing from the bench, and the bench's table is what the test types with, kept apart from
#: the rule it tests so that a change to one shows.
_KEYS_BESIDE = {letter: "".join(row[j] for j in (i - 1, i + 1) if 0 <= j < len(row))
                for row in ("qwertyuiop", "asdfghjkl", "zxcvbnm") for i, letter in enumerate(row)}
#: Letters both words have at least where a stray key (a letter typed twice or a key beside
#: it) and a letter dropped still leave the word read as itself: in a shorter one two slips
#: make another word ("brand"/"bread"). A few real words of six letters or more differ so
#: too ("grains"/"grands", "perspective"/"prospective", "distinct"/"district"): read as one
#: word, a title that swaps one for the other passes the word check; a typist's two slips in
#: a word are far more common than such a title.
_SLIPS_LETTERS = 6
#: Letters of like strokes OCR reads one for the other ("centrc" for "centre", "mllitary" for
#: "military", "cbange" for "change"), each pair as (one word's letter, the other's), both
#: ways. No two vowels: "nach"/"noch", "care"/"core" are other words.
_OCR_LETTERS = frozenset(pair for one, other in ("ec", "il", "lt", "ft", "hb", "nu", "uv", "ij")
                         for pair in (one + other, other + one))
#: Letters people write one for the other as they spell a word (:func:`_spelled_otherwise`):
#: the two letters, and where they stand in the printed word, "_" in the letter's place:
#: "-ise"/"-ize" and "-yse"/"-yze" ("analysed"/"analyzed"), "-ce"/"-se" ("practice"/
#: "practise", "licence"/"license"), and the unstressed vowels of "-ance"/"-ence",
#: "-ant"/"-ent" ("discrepency", "independant") and "-able"/"-ible" ("feasable"). A reader
#: takes the word as the one printed; no typing slip or OCR explains the letter.
_SPELLING_CONFUSIONS = (
    ("sz", re.compile(r"[iy]_(?:e|ing|ation)")),
    ("cs", re.compile(r"(?:n|ti)_es?$")),
    ("ae", re.compile(r"[^\W\d_]{3}_n(?:ces?|cy|cies|ts?|tly)$")),
    ("ai", re.compile(r"[^\W\d_]{2}[^\W\d_i]_b(?:le|les|ly|ility|ilities)$")),
)


def another_word(word: str, other: str, first: bool = True, last: bool = True) -> bool:
    """True if ``other``, a word similar to ``word`` (the ratio ``has_counterpart`` reads),
    is another word rather than the same one damaged: both letters only, neither's letters
    all in the other in their order (:func:`_letters_in_order`: letters typed twice or stray
    keys, "systegem" for "system", "eexpressdion" for "expression", or letters left out;
    also a word cut at the hit's edge or joined to the next, "spacetimeproc"), nor the one
    with a stray key and a letter dropped (:func:`_two_slips`: "projjecions"), more than
    ``_TYPO_EDITS`` edits apart (one more for a long word) as printed and with the OCR
    confusions read back on both sides (``printed_words.ocr_read``: "rnodern" is "modern",
    "Bildem" is "Bildern"; an elided article the query joins to the word left off,
    :func:`_without_elision`), and not one stem inflected or spelled the British or American
    way (:func:`_one_stem`: "studies"/"study", "harbour"/"harbor").
    "Eastern" for "Western" is another word (two letters changed), "Wstern" or "Westren" the
    same one mistyped. A word printed whole inside the other, letters added before or after it,
    is another word too (:func:`_whole_inside`: "review" for "view"), but where the place is
    the title's ``first`` or ``last`` word, not as the print joins or cuts a word there; at
    the ``last`` word the printed word may open with the query's word mistyped and go on
    with the word for "in" or a volume's abbreviation the print joins to it
    (:func:`_mistyped_then_joined`: "schulein" for a typed "schulle", "...der modernen
    Schulein Sinn- und Wertorientierung"; "...Special Eurobarometervol. 248."). Called
    by ``words._another_word_in_place`` on the words a hit prints in a query word's place, and
    by ``capitals`` with :func:`mistyped` on the start of a word the print joins to the next
    field."""
    if not (word.isalpha() and other.isalpha()):
        return False
    if _whole_inside(word, other, first, last):
        return not _one_stem(word, other)
    if (_letters_in_order(word, other) or _letters_in_order(other, word)
            or _two_slips(word, other) or (last and _mistyped_then_joined(word, other))):
        return False
    edits = _typo_edits(word)
    if any(_few_edits(own, other, edits) for own in (word, *_without_elision(word, other))):
        return False
    return not _one_stem(word, other)


def mistyped(word: str, other: str) -> bool:
    """True if ``other`` is ``word`` with a typist's slips only: ``_TYPO_EDITS`` edits at most
    (one more for a long word), as printed or with the OCR confusions read back
    (:func:`_few_edits`), or the two slips of :func:`_two_slips`; not a word with letters
    added anywhere, which :func:`another_word` lets pass between words a print joins ("ages"
    of "AgesLondon" is no "ranges"). Called by ``capitals`` on the start of a printed word a
    style joins to the next field, where the query's last word is read as mistyping it."""
    return word.isalpha() and other.isalpha() and (
        _two_slips(word, other) or _few_edits(word, other, _typo_edits(word)))


def mistyped_keeping_end(word: str, other: str) -> bool:
    """True if ``other`` is ``word`` with a typist's slips (:func:`mistyped`) that leave its
    last letter last: a letter changed, added or left out at a word's end makes another
    ending as readily ("sexuality" for "sexualité", "sedimentations" for "sedimentation").
    Called by :func:`_mistyped_then_joined` and by ``capitals`` on the print of a mistyped
    last word, where the print goes on with a field the query does not hold."""
    return other[-1:] == word[-1:] and mistyped(word, other)


def letter_typed_in(typed: str, printed: str) -> bool:
    """True if the query's word ``typed`` is the ``printed`` word with one letter more, not
    its last ("dermattologie", "contemporainne"): a letter typed twice or a key struck beside
    it. A printed word that is the query's cut short ("dermatologi") or another word that
    only looks alike ("model" for "models") is none: a letter typed in leaves the word's own
    last letter last. Called by ``undecided_ends`` on a printed word shorter than the query's
    last word, where :func:`has_counterpart` would also pass a word cut short."""
    return len(typed) == len(printed) + 1 and typed[-1] == printed[-1] and any(
        typed[:at] + typed[at + 1:] == printed for at in range(len(typed) - 1))


def _typo_edits(word: str) -> int:
    """The edits a typist's slips make in ``word``: ``_TYPO_EDITS``, one more for a long word."""
    return _TYPO_EDITS + (len(word) >= _LONG_WORD)


def _few_edits(word: str, other: str, edits: int) -> bool:
    """True if ``word`` and ``other`` are ``edits`` edits apart or fewer, as printed or with
    the OCR confusions read back (``printed_words.ocr_read``: "rnodern" is "modern")."""
    return OSA.distance(word, other) <= edits or OSA.distance(
        ocr_read(word), ocr_read(other)) <= edits


def changed_letter(word: str, other: str) -> bool:
    """True if ``other`` is ``word`` with one letter changed to one no typing slip strikes: not
    a key beside it on its QWERTY row (:data:`_KEYS_BESIDE`), nor a letter beside it in the word
    or a key beside that one (a letter dropped and a stray key struck by its neighbour,
    "consirer" for "consider"), nor an OCR confusion (:data:`_OCR_LETTERS`), nor a letter
    people spell so (:func:`_spelled_otherwise`: "discrepency", "analyzed" for "analysed"),
    nor the same stem (:func:`_one_stem`): "late" for "lake", "work" for "york", "wing" for
    "wind". A real word of like looks differs so, a slip of a typist's hand hardly ever; a
    print's damage may, so the caller asks too whether ``other`` is the print's own word
    (``words._print_s_own``). Called by ``words._another_word_in_place`` on a word
    :func:`another_word` reads as a typo."""
    if len(word) != len(other) or not (word.isalpha() and other.isalpha()):
        return False
    changed = [i for i, (mine, theirs) in enumerate(zip(word, other)) if mine != theirs]
    if len(changed) != 1:
        return False
    at = changed[0]
    typed, meant = word[at], other[at]
    slips = (meant, *other[max(0, at - 1):at], *other[at + 1:at + 2])
    return not (typed + meant in _OCR_LETTERS or _one_stem(word, other)
                or _spelled_otherwise(other, at, typed) or any(
                    typed == key or typed in _KEYS_BESIDE.get(key, "") for key in slips))


def _spelled_otherwise(printed: str, at: int, typed: str) -> bool:
    """True if the ``printed`` word's letter at ``at`` and the query's ``typed`` one there are
    a confusion of :data:`_SPELLING_CONFUSIONS` where it stands in the word: the same word
    misspelled or spelled the other way ("discrepency" for "discrepancy", "analyzed" for
    "analysed"), no lookalike. Called by :func:`changed_letter`."""
    marked = printed[:at] + "_" + printed[at + 1:]
    return any(sorted(letters) == sorted(printed[at] + typed) and where.search(marked)
               for letters, where in _SPELLING_CONFUSIONS)


def _whole_inside(word: str, other: str, first: bool, last: bool) -> bool:
    """True if one word stands whole inside the other, which adds ``_INSIDE_ADDS`` letters or
    more before or after it ("view" in "review", "rate" in "crater", "east" in "breast"): a
    word of its own made from the shorter one, where a typist's stray keys fall between its
    letters ("systegem"). Not the longer one that is the shorter with an ending of
    :data:`_ENDINGS` ("national", "processed") or with an elided article before it
    (:func:`_without_elision`: "quelle"); nor, at the title's ``first`` word, the one that
    ends with the shorter, nor at its ``last`` word the one that starts with it: the print
    joins a title's edge word to the field beside it ("spacetimeproc" for "spacetime") or a
    hit cuts it there. "resources" for a last word "sources" is another word. Called by
    :func:`another_word`."""
    shorter, longer = sorted((word, other), key=len)
    if shorter not in longer or len(longer) - len(shorter) < _INSIDE_ADDS:
        return False
    if longer.startswith(shorter) and (last or longer[len(shorter):] in _ENDINGS):
        return False
    if first and longer.endswith(shorter):
        return False
    return shorter not in _without_elision(longer, shorter)


def _mistyped_then_joined(word: str, printed: str) -> bool:
    """True if the ``printed`` word opens with the query's ``word`` mistyped, its last letter
    kept last (:func:`mistyped_keeping_end`), and goes on with what a style joins to a
    title's last word (``content_words.JOINED_FIELD_OPENINGS``): the word for "in" before a
    chapter's container ("tridentinemin" of "...mezi Kostnicí a Tridentinemin Sacri canones"
    for a typed "tridentinnem", "schulein" for "schulle") or a volume's abbreviation
    ("eurobarometervol" for a typed "eurobarometter"), as :func:`_whole_inside` lets the word
    typed right open it. Not other letters: a longer word's own ending ("philosophers" for a
    typed "philosophie", "professionnelle" for "professionnel"). Called by
    :func:`another_word` at the title's last word."""
    return any(printed.endswith(joined) and len(printed) - len(joined) > 1
               and mistyped_keeping_end(word, printed[:-len(joined)])
               for joined in JOINED_FIELD_OPENINGS)


def _letters_in_order(shorter: str, longer: str) -> bool:
    """True if every letter of ``shorter`` is in ``longer``, in the same order (a subsequence):
    ``longer`` is ``shorter`` with letters added and none changed, as a typist's doubled or
    stray keys make it, where another real word of like looks changes letters ("eastern",
    "western"). Called by :func:`another_word`, both ways round."""
    letters = iter(longer)
    return all(letter in letters for letter in shorter)


def _two_slips(word: str, other: str) -> bool:
    """True if one word is the other typed with two slips: a stray key (a letter struck twice,
    or a key beside the letter before or after it on its QWERTY row, :data:`_KEYS_BESIDE`)
    that read back leaves the other with one inner letter dropped (:func:`_dropped_inside`):
    "projjecions" for "projections", "Kenttucy" for "Kentucky", "welkand" for "wetland" (the
    stray key right where the letter was dropped), both words of ``_SLIPS_LETTERS`` letters
    or more with the same first and last letters. Two edits that make another real word
    mostly change a letter to one no key beside its neighbours strikes ("production"/
    "protection", "reaction"/"relation") or change the first or last letter ("eastern"/
    "western"); the few pairs of real words that do differ by such slips ("failing"/
    "filling", "grains"/"grands") are read as one (``_SLIPS_LETTERS`` says why). Either word
    may be the one typed: the print has slips too. Called by :func:`another_word`."""
    if (min(len(word), len(other)) < _SLIPS_LETTERS or word[0] != other[0]
            or word[-1] != other[-1]):
        return False
    return any(_dropped_inside(read, meant)
               for typed, meant in ((word, other), (other, word))
               for read in _stray_keys_read_back(typed))


def _stray_keys_read_back(typed: str) -> list[str]:
    """``typed`` without one of its inner letters that is a stray key: the same letter as the
    one before or after it, or a key beside it (:data:`_KEYS_BESIDE`). Called by
    :func:`_two_slips`."""
    return [typed[:i] + typed[i + 1:] for i in range(1, len(typed) - 1)
            if any(typed[i] == near or typed[i] in _KEYS_BESIDE.get(near, "")
                   for near in (typed[i - 1], typed[i + 1]))]


def _dropped_inside(read: str, meant: str) -> bool:
    """True if ``read`` is ``meant`` without one inner letter, where a stray key was read
    back. Called by :func:`_two_slips`."""
    return len(read) + 1 == len(meant) and any(
        meant[:at] + meant[at + 1:] == read for at in range(1, len(meant) - 1))


def _without_elision(word: str, other: str) -> list[str]:
    """The word without an elided article or pronoun its apostrophe joined to it
    (:data:`_ELIDED`: the query's "L'miage" is "lmiage", printed "l’image" the word "image"),
    where ``other`` does not start so too. Called by :func:`another_word`."""
    return [word[len(elided):] for elided in _ELIDED
            if word.startswith(elided) and not other.startswith(elided)
            and len(word) - len(elided) >= _ELIDED_REST]


def _one_stem(word: str, other: str) -> bool:
    """True if the two words are one stem with other endings (:data:`_ENDINGS`) or other
    spellings (:data:`_SPELLINGS`). Called by :func:`another_word`."""
    return _stem(_spelled(word)) == _stem(_spelled(other))


def _spelled(word: str) -> str:
    """The word with the spellings of :data:`_SPELLINGS` made one."""
    for spelling, one in _SPELLINGS:
        word = spelling.sub(one, word)
    return word


def _stem(word: str) -> str:
    """The word without its longest ending of :data:`_ENDINGS` that leaves
    ``_STEM_LETTERS`` letters."""
    for ending in _ENDINGS:
        if word.endswith(ending) and len(word) - len(ending) >= _STEM_LETTERS:
            return word[:-len(ending)]
    return word


def _m_read_as_rn(word: str, other: str) -> bool:
    """True if one word holds an "rn" and the other, a short word with an "m", is a variant of
    it with each "rn" read back as "m": the OCR confusion costs a short word too much of its
    similarity ("rncrc" for "mcrc", "tirne" for "time"), where a longer one keeps enough
    ("norrnan"), and reading "rn" back in a longer word that really holds one makes it
    another word's variant by chance ("international" of "institutional"). Either may be the
    printed one: the checks also look for a printed word's counterpart among the query's.
    Called by :func:`has_counterpart`."""
    if ("rn" in other) == ("rn" in word):
        return False
    plain, read = (word, other) if "rn" in other else (other, word)
    return (len(plain) <= _OCR_SHORT and "m" in plain and fuzz.ratio(
        plain, read.replace("rn", "m"), score_cutoff=_VARIANT_SCORE) > 0)


def _split_at_page(word: str, other: str, printed: Sequence[str], at: int) -> bool:
    """True if ``printed[at]`` is a bare page number and ``other`` with the word after it is
    ``word``: a word hyphenated at a page's end, the page number printed between its halves
    ("gen- 12 der"). Called by :func:`has_counterpart`."""
    number = printed[at]
    return (number.isdigit() and len(number) <= _PAGE_DIGITS and at + 1 < len(printed)
            and fuzz.ratio(word, other + printed[at + 1], score_cutoff=_SPLIT_SCORE) > 0)


def split_in_print(word: str, printed: Sequence[str], free: Sequence[str]) -> bool:
    """True if two printed neighbours join into ``word`` (a compound broken at its own hyphen,
    "ethylene- induced" for "ethylene-induced") while the words the query names exactly leave
    both free. ``words._each_has_its_own`` claims one printed occurrence per exact query word, so
    where the query names a piece again ("ethylene-induced ... of ethylene") the occurrence
    it claims may be the one beside the other piece, and ``free`` no longer holds the two
    side by side; here the neighbours are read from the print, the count from ``free``.
    Called by ``words._each_has_its_own`` for a word with no counterpart in ``free``."""
    left = Counter(free)
    for first, second in zip(printed, printed[1:]):
        pieces = Counter((first, second))
        if (len(first) < len(word) and all(left[piece] >= n for piece, n in pieces.items())
                and fuzz.ratio(word, first + second, score_cutoff=_SPLIT_SCORE)):
            return True
    return False
