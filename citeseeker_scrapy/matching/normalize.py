"""Text folding shared by both schemes: what a name or title is compared on.

Both the documents and the search strings go through :func:`normalize_text`; ``found`` and
``position`` of a citation always refer to its output, whichever scheme found it.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from typing import Iterator

from ..hyphens import WORD_GOES_ON

#: A hyphen and a line break between two letters: a word split at the line end. Not before an
#: initial and its full stop (``WORD_GOES_ON``: "FRANKLIN-" newline "G. C. WHITE").
#: ``context`` reads it too (where each such hyphen stands in the original text).
HYPHEN_AT_LINE_END = re.compile(
    r"-(?<=[^\W\d_]-)[^\S\r\n]*(?:\r\n|\r|\n)[^\S\r\n]*" + WORD_GOES_ON
)
_ASCII_SPACES = b"\t\n\r\x0b\x0c\x1c\x1d\x1e\x1f"
_ASCII_CAPITALS = bytes(range(ord("A"), ord("Z") + 1))
#: ASCII capitals to lower case (all ``bytes.lower`` changes) and other white space to blanks:
#: one pass over the text, not two.
_LOWER_CASE_AND_BLANKS = bytes.maketrans(_ASCII_SPACES + _ASCII_CAPITALS,
                                         b" " * len(_ASCII_SPACES) + _ASCII_CAPITALS.lower())
_BLANK_RUN = re.compile(b"  +")
_BLANK = ord(" ")
_FEW_BLANK_RUNS = 256  # runs of blanks squeezed one by one; the regex squeezes the rest
_ASCII_BYTES = bytes(range(128))
# Once other white space is folded to blanks, this finds every place the pattern above can.
_HYPHEN_BREAK_CANDIDATE = re.compile(rb"-[ \t\x0b\x0c\x1c-\x1f]*[\r\n]")
#: The other non-ASCII chars of a run, after its first changing one.
_REST_OF_RUN = rb"(?:[\xc2-\xf4][\x80-\xbf]+)*"
_DENSE_NON_ASCII = 0.08  # above this share of extra UTF-8 bytes, fold the whole text at once
#: Bytes a regex scans in the time of one Python step per place ``bytes.find`` finds: with more
#: unchanged chars of a first byte than the text's length over this, a regex finds its chars.
_REGEX_BYTES_PER_FIND = 500
#: Letters NFKD does not decompose, folded like the accented ones: "Østbye", "Łukasz", "Đoković"
#: print a name a reader also types as "Ostbye"; and the Arabic script's comma and semicolon,
#: which separate the Latin names of a Persian or Arabic bibliography ("Macdonald، F.A.،").
#: One char for one, so positions stay put.
_UNDECOMPOSED_LETTERS = str.maketrans("øłıđðħŧ\u060c\u061b", "oliddht,;")


def normalize_text(text: str) -> str:
    """Fold ``text`` so that typography, accents and case never decide whether a name matches.

    Both the documents and the search strings go through here, hence "Ježek" and "jezek"
    (and "Østbye" and "ostbye") match either way. Line-end hyphens between letters are
    removed because PDF extraction splits words there. Mostly-ASCII text (the usual case)
    only pays for its few other chars.
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
    return " ".join(join_broken_words(text).lower().translate(_UNDECOMPOSED_LETTERS).split())


def _normalize_mostly_ascii(data: bytes) -> str:
    """Fold the few non-ASCII chars first, then the rest as bytes (ASCII-only, fast ops)."""
    if not data.isascii():
        data = _fold_non_ascii_chars(data)
    if _HYPHEN_BREAK_CANDIDATE.search(data):
        data = join_broken_words(data.decode("utf-8")).encode("utf-8")
    return _decoded_inside_blanks(_squeeze_blanks(data.translate(_LOWER_CASE_AND_BLANKS)))


def _decoded_inside_blanks(data: bytes) -> str:
    """``data.strip(b" ").decode("utf-8")``, decoded from a view of ``data``: the text is
    copied once, not twice. Called by :func:`_normalize_mostly_ascii`."""
    low, high = 0, len(data)
    while low < high and data[low] == _BLANK:
        low += 1
    while high > low and data[high - 1] == _BLANK:
        high -= 1
    return str(memoryview(data)[low:high], "utf-8")


def _squeeze_blanks(data: bytes) -> bytes:
    """Runs of blanks as one blank. Runs found by ``bytes.find``, which passes over single
    blanks twice as fast as the regex engine, while they are few; the regex takes the rest
    of a text with many (a layout with aligned columns). The pieces are views of ``data``:
    only their join copies the text."""
    pieces: list[bytes | memoryview] = []
    view, start = memoryview(data), 0
    run = data.find(b"  ")
    while run >= 0:
        if len(pieces) == _FEW_BLANK_RUNS:
            pieces.append(_BLANK_RUN.sub(b" ", data[start:]))
            return b"".join(pieces)
        pieces.append(view[start:run + 1])
        start = _BLANK_RUN.match(data, run).end()
        run = data.find(b"  ", start)
    if not pieces:
        return data
    pieces.append(view[start:])
    return b"".join(pieces)


def join_broken_words(text: str) -> str:
    """Remove a hyphen + line break between two letters ("re-<newline>moval" -> "removal").
    Who calls it: :func:`normalize_text`, and ``context`` for the original text it quotes and
    a heading's line it reads (words made whole again, as the reader reads them)."""
    return HYPHEN_AT_LINE_END.sub("", text) if "-" in text else text


def _fold_non_ascii_chars(data: bytes) -> bytes:
    """Fold (in UTF-8) the non-ASCII chars that change: accents, ligatures, capitals, spaces.

    Only the distinct chars present are folded, once each (dashes and quotes never change).
    Where a char folds the same alone as in its run of non-ASCII chars, which is every text
    but the rare ones :func:`_folds_alone` names, each is replaced where it stands
    (:func:`_fold_each_char`); elsewhere its run is folded whole (:func:`_fold_runs`), as the
    whole-text path folds it. Both give the same output wherever the first applies.
    """
    non_ascii = data.translate(None, _ASCII_BYTES)
    folds = {char: _fold_non_ascii(char) for char in sorted(set(non_ascii.decode("utf-8")))}
    changing = {char: folded for char, folded in folds.items() if folded != char}
    if _folds_alone(changing):
        return _fold_each_char(data, non_ascii, changing)
    return _fold_runs(data, changing)


def _folds_alone(changing: dict[str, str]) -> bool:
    """Whether folding each of these chars alone gives what folding their runs gives: no fold
    changes when folded again (a run folded whole may take an earlier fold's output along),
    and no capital sigma (its lower case depends on the letters beside it). Every other step
    of :func:`_fold_non_ascii` maps one char at a time. Called by
    :func:`_fold_non_ascii_chars`."""
    if "\u03a3" in unicodedata.normalize("NFKD", "".join(changing)):
        return False
    return all(_fold_non_ascii(folded) == folded for folded in changing.values())


def _fold_each_char(data: bytes, non_ascii: bytes, changing: dict[str, str]) -> bytes:
    """Each changing char replaced by its fold where it stands (``non_ascii``: the text's
    non-ASCII bytes, for counting them), the text copied once, by one join of views. Called
    by :func:`_fold_non_ascii_chars`."""
    folds_by_lead: dict[bytes, dict[bytes, bytes]] = {}
    for char, folded in changing.items():
        encoded = char.encode("utf-8")
        folds_by_lead.setdefault(encoded[:1], {})[encoded] = folded.encode("utf-8")
    replaced: dict[int, tuple[int, bytes]] = {}
    for lead, folds in folds_by_lead.items():
        unchanged = non_ascii.count(lead) - sum(map(non_ascii.count, folds))
        if unchanged * _REGEX_BYTES_PER_FIND > len(data):
            replaced.update(_places_by_regex(data, lead, folds))
        else:
            replaced.update(_places_by_find(data, lead, folds))
    if not replaced:
        return data
    pieces: list[bytes | memoryview] = []
    view, start = memoryview(data), 0
    for at in sorted(replaced):
        width, folded = replaced[at]
        pieces += (view[start:at], folded)
        start = at + width
    pieces.append(view[start:])
    return b"".join(pieces)


def _places_by_find(data: bytes, lead: bytes, folds: dict[bytes, bytes]
                    ) -> Iterator[tuple[int, tuple[int, bytes]]]:
    """Where each char of ``folds`` (all of first byte ``lead``, hence of one width) stands,
    with its width and fold: every place of ``lead`` found by ``bytes.find`` (a ``memchr``,
    about ten times faster than a regex's scan), then its char looked up. Called by
    :func:`_fold_each_char` where few unchanged chars share the first byte."""
    width = len(next(iter(folds)))
    at = data.find(lead)
    while at >= 0:
        folded = folds.get(data[at:at + width])
        if folded is not None:
            yield at, (width, folded)
        at = data.find(lead, at + width)


def _places_by_regex(data: bytes, lead: bytes, folds: dict[bytes, bytes]
                     ) -> Iterator[tuple[int, tuple[int, bytes]]]:
    """As :func:`_places_by_find`, by one regex that tests the chars' other bytes itself: for a
    first byte many unchanged chars share (the en dash's and the quotes' ``\\xe2``), where a
    Python step for each would cost more than the regex's scan of the text."""
    width = len(next(iter(folds)))
    tails = b"|".join(re.escape(encoded[1:]) for encoded in folds)
    for match in re.finditer(re.escape(lead) + b"(?:" + tails + b")", data):
        yield match.start(), (width, folds[match.group()])


def _fold_runs(data: bytes, changing: dict[str, str]) -> bytes:
    """Each run of non-ASCII chars from its first changing char on, folded whole.

    One regex pass per first byte of the changing chars ("\\xc3" for "é", "ü", "Á"...): a
    pattern that starts with one literal byte skips ahead fast, one with alternatives of
    several first bytes tests every byte. A match takes the rest of its run of non-ASCII chars
    along, so a run is folded whole, as the whole-text path folds it. Called by
    :func:`_fold_non_ascii_chars` where a char's fold depends on its neighbours.
    """
    tails_by_lead: dict[bytes, list[bytes]] = {}
    for char in changing:
        encoded = char.encode("utf-8")
        tails_by_lead.setdefault(encoded[:1], []).append(encoded[1:])
    for lead, tails in tails_by_lead.items():
        pattern = re.escape(lead) + b"(?:" + b"|".join(map(re.escape, tails)) + b")"
        data = re.sub(pattern + _REST_OF_RUN, _fold_run, data)
    return data


def _fold_run(match: re.Match[bytes]) -> bytes:
    """Fold one run of non-ASCII chars, as the whole-text path would."""
    return _fold_utf8(match.group())


@functools.lru_cache(maxsize=4096)
def _fold_utf8(run: bytes) -> bytes:
    """:func:`_fold_non_ascii` of UTF-8 bytes (names repeat: most runs are cached)."""
    return _fold_non_ascii(run.decode("utf-8")).encode("utf-8")


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
