"""Text folding shared by both schemes: what a name or title is compared on.

Both the documents and the search strings go through :func:`normalize_text`; ``found`` and
``position`` of a citation always refer to its output, whichever scheme found it.
"""

from __future__ import annotations

import functools
import re
import unicodedata

_HYPHEN_AT_LINE_END = re.compile(
    r"-(?<=[^\W\d_]-)[^\S\r\n]*(?:\r\n|\r|\n)[^\S\r\n]*(?=[^\W\d_])"
)
_ASCII_SPACES = b"\t\n\r\x0b\x0c\x1c\x1d\x1e\x1f"
_ASCII_SPACES_TO_BLANK = bytes.maketrans(_ASCII_SPACES, b" " * len(_ASCII_SPACES))
_BLANK_RUN = re.compile(b"  +")  # a literal prefix lets the regex engine skip ahead fast
_ASCII_BYTES = bytes(range(128))
# Once other white space is folded to blanks, this finds every place the pattern above can.
_HYPHEN_BREAK_CANDIDATE = re.compile(rb"-[ \t\x0b\x0c\x1c-\x1f]*[\r\n]")
_DENSE_NON_ASCII = 0.08  # above this share of extra UTF-8 bytes, fold the whole text at once
#: Letters NFKD does not decompose, folded like the accented ones: "Østbye", "Łukasz", "Đoković"
#: print a name a reader also types as "Ostbye"; one char for one, so positions stay put.
_UNDECOMPOSED_LETTERS = str.maketrans("øłıđðħŧ", "olidd" "ht")


def normalize_text(text: str) -> str:
    """Fold ``text`` so that typography, accents and case never decide whether a name matches.

    Both the documents and the search strings go through here, hence "Ježek" and "jezek"
    (and "Østbye" and "ostbye") match either way. Line-end hyphens between letters are removed because PDF extraction
    splits words there. Mostly-ASCII text (the usual case) only pays for its few other chars.
    """
    try:
        data = text.encode("utf-8")
    except UnicodeEncodeError:  # lone surrogates from a lenient decoder
        return _normalize_dense(text)
    if len(data) - len(text) > _DENSE_NON_ASCII * len(text):
        return _normalize_dense(text)
    return _normalize_mostly_ascii(data)


def _normalize_dense(text: str) -> str:
    """Whole-text path: one NFKD, then case and every Unicode white space."""
    text = _strip_combining_marks(unicodedata.normalize("NFKD", text))
    return " ".join(_join_broken_words(text).lower().translate(_UNDECOMPOSED_LETTERS).split())


def _normalize_mostly_ascii(data: bytes) -> str:
    """Fold the few non-ASCII chars first, then the rest as bytes (ASCII-only, fast ops)."""
    if not data.isascii():
        data = _fold_non_ascii_chars(data)
    if _HYPHEN_BREAK_CANDIDATE.search(data):
        data = _join_broken_words(data.decode("utf-8")).encode("utf-8")
    data = data.lower().translate(_ASCII_SPACES_TO_BLANK)
    if b"  " in data:
        data = _BLANK_RUN.sub(b" ", data)
    return data.strip(b" ").decode("utf-8")


def _join_broken_words(text: str) -> str:
    """Remove a hyphen + line break between two letters ("re-<newline>moval" -> "removal")."""
    return _HYPHEN_AT_LINE_END.sub("", text) if "-" in text else text


def _fold_non_ascii_chars(data: bytes) -> bytes:
    """Fold (in UTF-8) the non-ASCII chars that change: accents, ligatures, capitals, spaces.

    A regex of just those chars skips ahead fast; dashes and quotes are never visited.
    """
    distinct = set(data.translate(None, _ASCII_BYTES).decode("utf-8"))
    changing = [c.encode("utf-8") for c in distinct if _fold_non_ascii(c) != c]
    if not changing:
        return data
    one = b"(?:" + b"|".join(map(re.escape, changing)) + b")"
    return re.sub(one + one + b"*", _fold_run, data)  # (?:...)+ would defeat the fast scan


def _fold_run(match: re.Match[bytes]) -> bytes:
    """Fold one run of changing chars, as the whole-text path would."""
    return _fold_non_ascii(match.group().decode("utf-8")).encode("utf-8")


@functools.lru_cache(maxsize=4096)
def _fold_non_ascii(run: str) -> str:
    """NFKD without combining marks, lower case, undecomposed letters folded, and white space
    as plain blanks."""
    decomposed = unicodedata.normalize("NFKD", run)
    folded = "".join(c for c in decomposed if not unicodedata.combining(c)).lower()
    folded = folded.translate(_UNDECOMPOSED_LETTERS)
    return "".join(" " if c.isspace() else c for c in folded)


def _strip_combining_marks(text: str) -> str:
    """Drop the accents NFKD split off (a class of just the marks present keeps regex fast)."""
    if text.isascii():
        return text
    marks = "".join(c for c in set(text) if unicodedata.combining(c))
    return re.sub("[" + re.escape(marks) + "]", "", text) if marks else text
