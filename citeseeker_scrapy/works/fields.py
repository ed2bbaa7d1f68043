"""One field of a citing work, cleaned and judged: titles, person names, years, DOIs, arXiv ids.

Who calls it: every reader of ``works/`` (HTML meta tags, PDF metadata, the first page), so a
title or a name is judged the same way whatever it came from. Pure functions, standard library
only: the parser worker process imports them.
"""

from __future__ import annotations

import re
import unicodedata
from datetime import date

#: The longest title kept (a longer one is a paragraph taken for a title).
MAX_TITLE_CHARS = 300
#: Years a publication can bear.
FIRST_YEAR = 1900
#: Titles that name a file, a program or nothing: never a work's title.
_FILE_TITLE = re.compile(
    r"^(microsoft\s+(word|powerpoint)\s*-|untitled\b|no\s+title\b|title\b\W*$|document\d*$"
    r"|slide\s*\d*$|doi:?\s*$)"
    r"|\.(docx?|dvi|tex|pdf|ps|eps|rtf|odt|pptx?|indd|qxd|wpd|txt)\s*$"
    r"|^[\w.-]*\d[\w.-]*$"
    r"|^\S+\s+\d+\.\.\d+$", re.IGNORECASE)
#: A "title" that names where a work appeared, not the work.
_VENUE_TITLE = re.compile(
    r"^(proceedings\b|in\s+proceedings\b|journal\b|magazine\b|transactions\b|ai\s+magazine$"
    r"|conference\b|workshop\b|symposium\b|[\w\s]+\bmagazine$|[\w\s]+\bjournal$)", re.IGNORECASE)
#: Words that make a "name" an organisation, a role or a placeholder, not a person.
_NOT_A_PERSON = frozenset(
    "association society institute institution university universität université college "
    "school department dept laboratory laboratories lab labs inc corp corporation ltd gmbh "
    "ieee acm springer elsevier journals journal press publishing publisher editor editors "
    "anonymous submission author authors admin administrator user owner unknown staff "
    "center centre group team foundation committee proceedings conference workshop "
    "microsoft word adobe acrobat abstract introduction keywords division science sciences "
    "computer computing engineering research technology technologies systems medical "
    "hospital faculty national international corporation universiteit institut télécom "
    "observatory box street road avenue africa african america american asia europe china "
    "india japan germany france italy usa canada australia republic kingdom objectives "
    "background methods results conclusions google yahoo ibm labs".split())
_DOI = re.compile(r"\b(10\.\d{4,9}/[^\s\"<>]+)", re.IGNORECASE)
_ARXIV_NEW = re.compile(r"\barxiv\s*:\s*(\d{4}\.\d{4,5})(v\d+)?", re.IGNORECASE)
_ARXIV_OLD = re.compile(r"\barxiv\s*:\s*([a-z-]+(?:\.[a-z]{2})?/\d{7})(v\d+)?", re.IGNORECASE)
_ARXIV_URL = re.compile(r"arxiv\.org/(?:abs|pdf)/(\d{4}\.\d{4,5}|[a-z-]+(?:\.[a-z]{2})?/\d{7})",
                        re.IGNORECASE)
_YEAR = re.compile(r"(?<!\d)(1[9]\d\d|20\d\d)(?!\d)")
_SPACES = re.compile(r"\s+")
_ET_AL = re.compile(r"[{(]?\s*\bet\s+al\b\.?\s*[})]?", re.IGNORECASE)
_PARENTHESES = re.compile(r"\([^)]*\)|\[[^\]]*\]")
_NAME_WORD = re.compile(r"^[^\W\d_][^\W\d_'’.-]*(?:[-'’][^\W\d_]+)*\.?$|^[^\W\d_]\.(?:-?[^\W\d_]\.)*$")
PARTICLES = frozenset("van von der den de del della di da du le la dos das ter ten y bin al".split())


#: Letters that Unicode does not decompose into a base letter and a mark, and the spacing
#: accents TeX prints as glyphs of their own ("Dvoˇr´ak"): folded as the letter, or nothing.
_UNDECOMPOSED = str.maketrans({"ı": "i", "ȷ": "j", "ł": "l", "Ł": "L", "ø": "o", "Ø": "O",
                               "đ": "d", "Đ": "D", "ß": "ss", "æ": "ae", "Æ": "AE", "œ": "oe",
                               "Œ": "OE", "þ": "th",
                               **dict.fromkeys("\u02c6\u02c7\u02d8\u02d9\u02da\u02db\u02dc"
                                               "\u02dd\u02cb\u00b4\u00a8\u00af\u00b8", "")})


#: Unicode's combining marks (what NFKD splits off a letter).
_COMBINING = re.compile("[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]")
_WORD_CHARS = re.compile(r"[^\W_]+")


def squeeze(text: str | None) -> str:
    """``text`` on one line: every run of white space one space, the ends trimmed."""
    return _SPACES.sub(" ", text or "").strip()


def folded(text: str) -> str:
    """Lower case, accents off, only letters and digits left, one space between words: what
    two spellings of a title or name share ("Gyöngyi" = "Gyongyi")."""
    if not text.isascii():
        plain = unicodedata.normalize("NFKD", text.translate(_UNDECOMPOSED))
        text = _COMBINING.sub("", plain)
    return " ".join(_WORD_CHARS.findall(text.lower()))


def clean_title(raw: str | None) -> str | None:
    """A title as printed, on one line, or None when it names a file, a venue or nothing."""
    title = squeeze(raw).strip(" .;,:")
    if not title or len(title) > MAX_TITLE_CHARS or _FILE_TITLE.search(title):
        return None
    if _VENUE_TITLE.search(title):
        return None
    words = re.findall(r"[^\W\d_]{2,}", title)
    if not words or sum(ch.isalpha() for ch in title) < 0.5 * len(title.replace(" ", "")):
        return None
    if len(words) == 1 and len(title) < 4:
        return None
    return title


def person_name(raw: str) -> str | None:
    """A person's name as "Given Family" (a "Family, Given" form turned round), or None for
    what is no person's name: one word, a login name, an organisation, an address."""
    name = squeeze(_PARENTHESES.sub(" ", _ET_AL.sub(" ", raw))).strip(" ,;*†‡§¶")
    if "," in name:
        family, _, given = name.partition(",")
        name = squeeze(f"{given} {family}")
    words = name.split()
    if not 2 <= len(words) <= 6 or any(ch in name for ch in "@/\\_:0123456789"):
        return None
    if any(folded(word) in _NOT_A_PERSON for word in words):
        return None
    if not all(_NAME_WORD.match(word) for word in words):
        return None
    return name


def split_names(raw: str) -> list[str]:
    """The names of one author field: "A B; C D", "A B, C D and E F", "Family, Given; ..."."""
    text = squeeze(_PARENTHESES.sub(" ", _ET_AL.sub(" ", raw)))
    if ";" in text:
        parts = text.split(";")
    else:
        parts = re.split(r",|\s+and\s+|\s*&\s*", text)
    return [part for part in (squeeze(p) for p in parts) if part]


def person_names(raws: list[str], one_each: bool = False) -> list[str]:
    """The authors of a field. With ``one_each`` every value is one name ("Given Family" or
    "Family, Given": a meta tag or an XMP list item per author) unless it holds a ";";
    else a value is a list ("A B, C D and E F", "Family, Given; ..."). Empty when any part
    is no person's name, or the list is cut short ("et al."): a wrong or partial list is
    worse than the next source's full one."""
    if any(_ET_AL.search(raw) for raw in raws):
        return []
    names: list[str] = []
    for raw in raws:
        parts = [raw] if one_each and ";" not in raw else split_names(raw)
        for part in parts:
            name = person_name(part)
            if name is None:
                return []
            names.append(name)
    return list(dict.fromkeys(names))


def surname(name: str) -> str:
    """The family name of a "Given Family" name (particles kept: "van Stokkum")."""
    words = name.split()
    start = len(words) - 1
    while start > 1 and folded(words[start - 1]) in PARTICLES:
        start -= 1
    return " ".join(words[start:])


def year_of(raw: object) -> int | None:
    """The year of a date ("2007", "2007/05/01", "D:20070501...", "May 2007"), or None."""
    if isinstance(raw, int):
        return raw if FIRST_YEAR <= raw <= date.today().year + 1 else None
    text = str(raw or "")
    if text.startswith("D:"):
        text = text[2:6]
    match = _YEAR.search(text)
    if match is None:
        return None
    year = int(match.group(1))
    return year if year <= date.today().year + 1 else None


def doi_of(raw: str | None) -> str | None:
    """The DOI in ``raw`` (a bare DOI, ``doi:``, a doi.org URL), lower-cased, or None."""
    match = _DOI.search(raw or "")
    if match is None:
        return None
    return match.group(1).rstrip(".,;)]}").lower()


def arxiv_of(raw: str | None) -> str | None:
    """The arXiv identifier in ``raw`` ("arXiv:1706.03762v2", an abs/pdf URL), no version."""
    text = raw or ""
    for pattern in (_ARXIV_NEW, _ARXIV_OLD, _ARXIV_URL):
        match = pattern.search(text)
        if match is not None:
            return match.group(1).lower()
    return None


def arxiv_year(identifier: str) -> int | None:
    """The year an arXiv identifier was given: 1706.03762 → 2017, cs/0601001 → 2006."""
    digits = identifier.rsplit("/", 1)[-1]
    yy = int(digits[:2])
    return (1900 if yy >= 91 else 2000) + yy
