"""A different word or a damaged word? The word-by-word check of a hit (improved scheme).

The edit similarity cannot tell "The classical *surgery* of ethnomethodology" (another work)
from "The classical *rootes* of ethnomethodology" (a typo): both cost a few characters. A
reader can: a damaged word is still a spelling variant of the word it stands for, a different
word is not. So ``verify.verified`` calls :func:`same_work` on each hit that already passed the
character test (it never runs on the text at large, so it costs little):

* every **content word** of the query (four letters or more, no function word) needs a
  counterpart printed near the hit that is a spelling variant of it: equal, at least
  ``_VARIANT_SCORE`` similar (a typo, an OCR confusion, British/US spelling), or split in two
  by a lost hyphen or a stray blank ("retrie val"), or inside a longer printed word (words
  joined: "lineclipping"). Order is not checked here (two swapped words are the same work);
  ``verify`` checks it;
* short and function words ("of", "the", "new") may lack one, ``_SHORT_ALLOWANCE`` of them;
* in a short query (three words or fewer, ``CheckedTitle.short``), every content word
  *printed inside the hit* needs a counterpart in the query too: "Deep learning" is not "Deep
  reinforcement learning". A longer query may be a misquote that lost a word the printed
  title keeps (issue 16: "...hyponyms from large corpora" for "...large text corpora"), so
  there an extra printed word is tolerated; this is the price of that rule.

Words are compared as ``verify`` reads them: extraction debris dropped, ligature codes back.
"""

from __future__ import annotations

import re
from typing import Sequence

from rapidfuzz import fuzz

_VARIANT_SCORE = 70  # fuzz.ratio of a word and its damaged form, at least
_JOINED_SCORE = 90  # partial_ratio of a word inside a printed word that joins it to another
_CONTENT_LETTERS = 4  # shorter words are short words
_SHORT_ALLOWANCE = 2  # short or function words of the query that may lack a counterpart
#: Function words of the languages bibliographies are printed in (English, French, German,
#: Spanish, Portuguese, Italian) that have four letters or more.
FUNCTION_WORDS = frozenset(
    "with from into over under upon about between through their these those this that than "
    "when where which while what some such each both also other after before during within "
    "without among against towards toward dans pour avec sans sous vers chez entre leur leurs "
    "cette elle elles sont mais über uber eine einer einem einen eines durch nach oder sowie "
    "zwischen gegen unter ihre dieser diese entre para sobre como desde hasta della delle degli "
    "dello nella nelle negli sulla sulle dalla dalle degli pelo pela pelos pelas".split())
_WORDS = re.compile(r"[^\W_]+")


def is_content(word: str) -> bool:
    """True for a word that carries a title's meaning: long enough and no function word."""
    return len(word) >= _CONTENT_LETTERS and word not in FUNCTION_WORDS and not word.isdigit()


def same_work(query: Sequence[str], nearby: str, inside: str, *, short: bool) -> bool:
    """True if the printed words tell the same work as the query's words (module docstring).

    ``nearby`` is the printed text around the hit (the hit, the part of the title it may
    have left out, whole words); ``inside`` the words of the hit itself (a word the hit
    takes less than half of is not in it); ``short``: the query is a short title.
    """
    printed = _WORDS.findall(nearby)
    missing_short = 0
    for word in query:
        if _has_counterpart(word, printed):
            continue
        if is_content(word):
            return False
        missing_short += 1
    if missing_short > _SHORT_ALLOWANCE:
        return False
    return not short or _printed_words_in_query(_WORDS.findall(inside), query)


def _has_counterpart(word: str, printed: Sequence[str]) -> bool:
    """True if a printed word (or two neighbours a lost hyphen split) is a variant of ``word``."""
    for i, other in enumerate(printed):
        if other == word or fuzz.ratio(word, other, score_cutoff=_VARIANT_SCORE):
            return True
        if len(other) > len(word) and is_content(word) and fuzz.partial_ratio(
                word, other, score_cutoff=_JOINED_SCORE):
            return True  # joined: "lineclipping" holds "line" and "clipping"
        if i + 1 < len(printed) and len(other) < len(word) and fuzz.ratio(
                word, other + printed[i + 1], score_cutoff=_VARIANT_SCORE):
            return True  # split: "retrie val", "con sciousness"
    return False


def _printed_words_in_query(printed: Sequence[str], query: Sequence[str]) -> bool:
    """True if each content word printed inside the hit is a variant of a query word, or a
    piece of one (a query word split in two by the text: "nano technologies")."""
    joined = "".join(query)
    return all(_has_counterpart(word, query) or word in joined
               for word in printed if is_content(word))
