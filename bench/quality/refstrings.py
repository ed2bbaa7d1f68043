"""Real reference strings (``../shared/refcorpus``) as queries: who, which title, which style.

``bench_refstrings.py`` calls :func:`read_corpus` and :func:`sample`; this module knows the two
annotation formats (AnyStyle's ``<sequence>`` of tagged fields, GROBID's TEI ``<bibl>``), the
style of an entry's author run, the surnames a user would type, and how a queried title is
varied (true variants: a typo, two swapped words, two typos, a misspelling or another spelling;
decoys: a content word replaced, added or dropped; lookalikes: a three-letter word replaced, a
word replaced by one that looks like it). Nothing here reads the corpus at import time; nothing is copied into the project.
"""

from __future__ import annotations

import hashlib
import random
import re
import unicodedata
import xml.etree.ElementTree as ET
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator, Optional

from rapidfuzz.distance import Indel

ANYSTYLE = ("anystyle-ugly.xml", "anystyle-bad.xml")
GROBID = ("grobid-eval-arxiv.tei.xml", "grobid-eval-inspire.tei.xml")
_PARTICLES = frozenset("van von der den de del della di da dos das du le la ter ten zu".split())
#: Words of an author field that are no surname: connectives, editors' marks, degrees and
#: suffixes ("Jr", "MD", "PhD"), and "Int" of a journal ("Int J") the annotators left there.
_NOT_NAMES = frozenset("and et und al eds ed dir hrsg coord trans edited by with the in sous "
                       "avec jr sr md phd dr int".split())
#: Function words of the corpus's languages: never replaced, added or dropped by a decoy.
FUNCTION_WORDS = frozenset(
    "a an the of and or in on at to for by with from into over under about between through "
    "as is are its their this that these those via de la le les des du et en un une au aux "
    "dans pour par sur avec sans sous der die das des dem den und im in zu zur zum von mit "
    "für fur ein eine einer über el los las y del con para por di il lo gli e per nel della "
    "delle".split())
#: Words a cut title field ends with besides the function words above ("Repéré le", "», dans").
_TRAILING_WORDS = frozenset("dans le les und and or of on".split())
_WORD = re.compile(r"[^\W\d_][\w'\u2019-]*")


@dataclass(frozen=True)
class Reference:
    """One printed reference: its text, its title as printed, its surnames, its style."""

    source: str
    printed: str
    title: str
    surnames: tuple[str, ...]
    style: str
    authors: str = ""  # the annotated author field (what :func:`name_shapes` reads)


#: A printed word right after the annotated title, then the title's closing punctuation: the
#: title field stopped one word short ("...of Nelson | Mandela,", "...Mineralogy and |
#: Petrology,"), unless an inverted name's initial follows (a title-first entry's authors).
_TITLE_WORD_AFTER = re.compile(r" ([^\W\d_]{4,})[.,:;!?\"\u201d\u2019)](?! ?[^\W\d_]\.)")
#: Why a reference of the corpus is left out (``read_corpus`` counts them): its annotated
#: title is not the printed title.
CUT_SHORT, STARTS_LATE, CUT_AT_FUNCTION_WORD = (
    "title field stops a word before the printed title does",
    "title field starts after a printed word (no delimiter before it)",
    "title field ends with a function word (cut inside the title or holding the venue)")


def read_corpus(root: Path, excluded: Optional[dict[str, int]] = None) -> list[Reference]:
    """Every usable reference of the four files (a title of three words or more and at least
    one surname printed before... or after it). References whose title annotation is not
    the printed title (:func:`annotation_fault`) are left out and counted in ``excluded``."""
    found = []
    for name in ANYSTYLE:
        found += _anystyle(root / name)
    for name in GROBID:
        found += _grobid(root / name)
    usable = []
    for reference in found:
        fault = annotation_fault(reference)
        if fault is None:
            usable.append(reference)
        elif excluded is not None:
            excluded[fault] = excluded.get(fault, 0) + 1
    return usable


def annotation_fault(reference: Reference) -> Optional[str]:
    """Why the annotated title is not the title as printed, or None (a bench rule).

    The annotators' title field sometimes stops a word early ("Long walk to freedom: the
    autobiography of Nelson" in "...of Nelson Mandela, London"), starts a word late (the
    author field takes "Bone" of "Bone densitometry for technologists"), or ends in "and",
    "on", "dans" (cut inside the title, or holding the start of the venue). Querying such a
    field measures the annotation, not the matcher: a query that leaves out the printed
    title's first or last word is another, shorter title
    (``matching/improved/word_check/words.py``).
    """
    at = reference.printed.find(reference.title)
    before = reference.printed[:at].rstrip()
    after = reference.printed[at + len(reference.title):]
    last = reference.title.split()[-1].lower()
    if last in FUNCTION_WORDS or last in _TRAILING_WORDS:
        return CUT_AT_FUNCTION_WORD
    if before and before[-1].isalpha():
        return STARTS_LATE
    if _TITLE_WORD_AFTER.match(after) and after.split()[0].strip(".,:;!?\"\u201d\u2019)").lower(
            ) not in FUNCTION_WORDS:
        return CUT_SHORT
    return None


#: Two printed words running on from a short title field to the closing punctuation.
_TWO_WORDS_AFTER = re.compile(r" [^\W\d_]{4,} [^\W\d_]{4,}[.,:;!?\"\u201d\u2019)]")
_SHORT_FIELD_WORDS = 4


def short_title_runs_on(reference: Reference) -> bool:
    """True if a title field of at most four words is followed, with no delimiter, by two
    printed words (not function words) and then the closing punctuation: the annotators cut
    a longer name in two ("Academy of Marketing | Science Review,", "Criteria for Municipal
    Solid | Waste Landfills."). A bench rule: such an entry stays in its paper but is
    not queried. A short title must stand alone and a query without the printed title's
    last words is another title, so querying the head measures
    the annotation. (Left in the corpus, not excluded like :func:`annotation_fault`'s
    cases, so that the other entries of every seed keep their sample and variants.)
    """
    if len(reference.title.split()) > _SHORT_FIELD_WORDS:
        return False
    after = reference.printed[reference.printed.find(reference.title) + len(reference.title):]
    match = _TWO_WORDS_AFTER.match(after)
    return match is not None and not any(
        word.strip(".,:;!?\"\u201d\u2019)").lower() in FUNCTION_WORDS
        for word in match.group().split())


def _anystyle(path: Path) -> Iterator[Reference]:
    """AnyStyle: the printed string is the fields' texts joined by one space."""
    for sequence in ET.parse(path).getroot().iter("sequence"):
        fields = [(child.tag, " ".join((child.text or "").split())) for child in sequence]
        printed = " ".join(text for _, text in fields if text)
        title = next((text for tag, text in fields if tag == "title"), None)
        authors = next((text for tag, text in fields if tag == "author"), None)
        tags = [tag for tag, _ in fields]
        first_title = "title" in tags and (
            "author" not in tags or tags.index("title") < tags.index("author"))
        reference = _reference(path.name, printed, title, authors, first_title,
                               _year_after_names(tags))
        if reference is not None:
            yield reference


def _grobid(path: Path) -> Iterator[Reference]:
    """GROBID TEI: the printed string is the ``<bibl>``'s whole text; physics styles."""
    for bibl in ET.parse(path).getroot().iter("{http://www.tei-c.org/ns/1.0}bibl"):
        printed = " ".join("".join(bibl.itertext()).split())
        titles = [t for t in bibl if t.tag.endswith("title") and t.get("level") in ("a", "m")]
        authors = [" ".join("".join(a.itertext()).split()) for a in bibl
                   if a.tag.endswith("author")]
        title = " ".join("".join(titles[0].itertext()).split()) if titles else None
        reference = _reference(path.name, printed, title, ", ".join(authors) or None, False,
                               False, physics=True)
        if reference is not None:
            yield reference


def _year_after_names(tags: list[str]) -> bool:
    """True if the date follows the author run (author-year styles)."""
    return "author" in tags and "date" in tags and tags.index("date") == tags.index("author") + 1


def _reference(source: str, printed: str, title: Optional[str], authors: Optional[str],
               title_first: bool, year_after: bool, physics: bool = False
               ) -> Optional[Reference]:
    """A Reference if the entry can be a query: a title of 3+ words, printed, and surnames."""
    if not title or not authors:
        return None
    title = clean_title(title)
    if not readable_title(title) or title not in printed:
        return None
    surnames = tuple(name for name in surnames_of(authors)
                     if name in printed and name[0].isupper() and name.lower() not in title.lower())
    if not surnames:
        return None
    style = "physics (arXiv, INSPIRE)" if physics else style_of(authors, title_first, year_after)
    return Reference(source, printed, title, surnames, style, authors)


def readable_title(title: str) -> bool:
    """A title a reader would recognise: three words or more, no annotation debris (brackets,
    quotes inside, a dangling "in")."""
    return (len(title.split()) >= 3 and len(title) >= 15 and not re.search(r"[\[\]{}<>\"\u201c\u201d]", title)
            and not re.search(r"[,;:] ?in$", title, re.I))


def clean_title(title: str) -> str:
    """The title as a user would type it: no quotes or trailing punctuation around it."""
    return title.strip(" \"'\u201c\u201d\u2018\u2019\u00ab\u00bb.,;:").strip()


def style_of(authors: str, title_first: bool, year_after: bool) -> str:
    """The style of an author run, as the evaluation's groups name them."""
    text = authors.strip()
    if title_first:
        return "title first"
    if _caps_words(text):
        return "ALL-CAPS family names"
    if year_after and re.match(r"^[^\W\d_][\w'\u2019-]+, [^\W\d_]{2,}", text):
        return "full given names, year after names"
    if re.search(r"[^\W\d_]{2,}, [^\W\d_]{2,}[^,]*\. [^\W\d_]", text):
        return "full-stop separators"
    if re.match(r"^[^\W\d_][\w'\u2019-]+ [A-Z]{1,3}\b", text):
        return "Vancouver (Smith JA)"
    if re.match(r"^[^\W\d_][\w'\u2019-]+, [A-Z]\.", text):
        return "Surname, I."
    if re.match(r"^(?:[A-Z]\.[ -]?)+ ?[^\W\d_]", text):
        return "I. Surname"
    if re.match(r"^[^\W\d_][\w'\u2019-]+, [^\W\d_]{2,}", text):
        return "Surname, Given"
    return "Given Surname and others"


def _caps_words(text: str) -> list[str]:
    """Family names in capitals next to given names in mixed case ("SEVEGRAND, Martine")."""
    words = _WORD.findall(text)
    caps = [w for w in words if len(w) >= 3 and w.isupper() and w.lower() not in _NOT_NAMES]
    return caps if caps and any(not w.isupper() for w in words) else []


def surnames_of(authors: str) -> list[str]:
    """The family names of an author run, as printed, in order (heuristic, see the tests of
    the bench: given names after an inverted surname, initials, particles are left out)."""
    text = re.sub(r"\([^)]*\)|\bet al\b\.?", " ", authors)
    caps = _caps_words(text)
    if caps:
        return list(dict.fromkeys(caps))
    found = []
    for chunk in re.split(r";| and | & | et | und | y |, and ", text):
        expecting_given = False
        for piece in chunk.split(","):
            full = [w for w in _WORD.findall(piece) if _is_name_word(w, piece)]
            if not full:
                expecting_given = False
            elif expecting_given and len(full) <= 2:
                expecting_given = False
            elif len(full) == 1:
                found.append(full[0])
                expecting_given = not re.search(r"\b[A-Z]\.", piece)
            else:
                found.append(full[-1])
    return list(dict.fromkeys(found))


def _is_name_word(word: str, piece: str) -> bool:
    """Not an initial ("D", "JA" next to a mixed-case name), particle or connective."""
    if word.lower() in _PARTICLES or word.lower() in _NOT_NAMES or len(word) < 2:
        return False
    return not (len(word) <= 3 and word.isupper() and not piece.isupper())


def sample(references: list[Reference], size: int, seed: int) -> dict[str, list[Reference]]:
    """About ``size`` references, the same number from each style (fewer where a style has
    fewer), by style."""
    by_style = defaultdict(list)
    for reference in references:
        by_style[reference.style].append(reference)
    rng = random.Random(seed)
    share = max(1, size // len(by_style))
    return {style: rng.sample(found, min(share, len(found)))
            for style, found in sorted(by_style.items())}


#: The five samples the matcher's rules were tuned on (``sample`` of 300, these seeds): their
#: references are never in the held-out sample.
DEV_SEEDS = (25, 7, 99, 1, 2)
DEV_SIZE = 300
#: One reference in ``HELD_OUT_SHARE`` (by a hash of its printed string) is held out per share,
#: ``HELD_OUT_SAMPLES`` shares (buckets 0 and 1), unless a sample looked at holds it.
HELD_OUT_SHARE = 4
HELD_OUT_SAMPLES = 2
#: Corpus-mix samples (seed, size) looked at while rules were written, before the second share
#: was held out (drawn from everything but the first): the second share leaves them out too.
MIX_LOOKED_AT = ((25, 300), (7, 300), (3, 300), (25, 1100))


def held_out(references: list[Reference], share: int = 1) -> set[str]:
    """Printed strings of held-out sample ``share`` (1 or 2): a fixed hash share of the corpus
    that none of the samples looked at drew (the five tuned ones; for the second, also the
    corpus-mix ones of ``MIX_LOOKED_AT``). ``bench_refstrings.py --held-out [share]`` alone
    queries them; every other sample leaves both shares out, so a rule written from a miss
    never saw them."""
    if not 1 <= share <= HELD_OUT_SAMPLES:
        raise ValueError(f"held-out share must be 1 to {HELD_OUT_SAMPLES}, not {share!r}")
    seen = {reference.printed for seed in DEV_SEEDS
            for drawn in sample(references, DEV_SIZE, seed).values() for reference in drawn}
    if share > 1:
        first = held_out(references, 1)
        pool = [r for r in references if r.printed not in first]
        seen |= {reference.printed for seed, size in MIX_LOOKED_AT
                 for drawn in sample_mix(pool, size, seed).values() for reference in drawn}
    return {r.printed for r in references
            if _bucket(r.printed) == share - 1 and r.printed not in seen}


def held_out_all(references: list[Reference]) -> set[str]:
    """Printed strings of every held-out share: no other sample draws them."""
    return set().union(*(held_out(references, share)
                         for share in range(1, HELD_OUT_SAMPLES + 1)))


def _bucket(printed: str) -> int:
    """A stable bucket of a printed string (the same on every machine and Python)."""
    return int(hashlib.sha256(printed.encode("utf-8")).hexdigest(), 16) % HELD_OUT_SHARE


def sample_mix(references: list[Reference], size: int, seed: int
               ) -> dict[str, list[Reference]]:
    """About ``size`` references with each style's share of the corpus (the mix the two
    corpora publish, not one share per style as :func:`sample` draws), by style."""
    by_style = defaultdict(list)
    for reference in references:
        by_style[reference.style].append(reference)
    rng = random.Random(seed)
    total = len(references)
    return {style: rng.sample(found, min(len(found), max(1, round(size * len(found) / total))))
            for style, found in sorted(by_style.items())}


# ----------------------------------------------------------------------------- categories

#: "and" between two authors in the corpus's other languages (not "et al.").
_FOREIGN_AND = re.compile(r"\s(?:et(?!\s*al\b)|und|y|e|a|i|en|och|og|és|и)\s")
#: Words of an organisation's name in an author field.
_CORPORATE = re.compile(
    r"\b(?:group|committee|association|consortium|society|institute|organi[sz]ation|agency|"
    r"council|collaboration|members|team|department|ministry|centre|center|university|"
    r"foundation|commission|office|bureau|board|network|programme|program|project|survey|"
    r"service|task force|working party|inc|ltd|gmbh)\b", re.I)
MANY_AUTHORS = 10


def name_shapes(reference: Reference) -> tuple[str, ...]:
    """The categories of an entry's author run that the recall tables report (one entry can be in
    several): a surname with a hyphen or an apostrophe, "and" in another language, an
    organisation among the authors, ``MANY_AUTHORS`` names or more, family names in capitals;
    else "plain names". ``bench_refstrings.py`` reports recall per category."""
    authors = reference.authors
    shapes = []
    if any(re.search(r"\w[-'\u2019]\w", name) for name in reference.surnames):
        shapes.append("hyphen/apostrophe surname")
    if _FOREIGN_AND.search(authors):
        shapes.append("non-English \"and\"")
    if _CORPORATE.search(authors):
        shapes.append("corporate author")
    if len(surnames_of(authors)) >= MANY_AUTHORS:
        shapes.append(f"many authors ({MANY_AUTHORS}+)")
    if _caps_words(authors) or (authors.isupper() and len(_letters(authors)) > 3):
        shapes.append("all-caps names")
    return tuple(shapes) or ("plain names",)


_CLOSING_QUOTES = "\"'\u201d\u2019\u00bb"
#: A year as printed before a title ("(2001).", "2001a,", "[1999]").
_YEAR_TOKEN = re.compile(r"[(\[]?(?:1[5-9]|20)\d\d[a-z]?[)\]]?[.,:;]?")


def title_shapes(reference: Reference) -> tuple[str, ...]:
    """How the printed title ends (full stop, dash then a place, other punctuation, running
    into the next field with no punctuation, the entry's end) and what stands right before it
    (a number or code that is no year; an original date before the year)."""
    at = reference.printed.find(reference.title)
    after = reference.printed[at + len(reference.title):]
    shapes = [title_ending(reference.title, after)]
    before = reference.printed[:at].rstrip(" \"'\u201c\u2018\u00ab([")
    last = re.split(r"[,(]", before.split()[-1])[-1] if before.split() else ""
    if re.search(r"\(\d{4}\)\s*\d{4}[a-z]?\W*$", before):
        shapes.append("original date before year")
    elif re.search(r"\d", last) and not _YEAR_TOKEN.fullmatch(last):
        shapes.append("number before title")
    return tuple(shapes)


def title_ending(title: str, after: str) -> str:
    """The category of what follows the title."""
    rest = after.lstrip(_CLOSING_QUOTES)
    if not rest.strip():
        return "title ends the entry"
    if title[-1] in "?!" or rest[0] == ".":
        return "full stop"
    if re.match(r"\s*[-\u2013\u2014]+\s*\S", rest):
        return "dash (place)"
    if rest[0] in ",;:":
        return "comma, colon"
    if rest[0] == " " and rest.lstrip()[0].isalnum() and rest == after:
        return "runs into next field"
    return "bracket, quote, other"


# ----------------------------------------------------------------------------- variants


def content_words(title: str) -> list[int]:
    """Indexes of the title's words that carry its meaning: four letters or more, no function
    word."""
    words = title.split()
    return [i for i, word in enumerate(words)
            if len(_letters(word)) >= 4 and _letters(word).lower() not in FUNCTION_WORDS]


def _letters(word: str) -> str:
    """The letters of a word (its punctuation dropped)."""
    return "".join(c for c in word if c.isalpha())


def with_typo(rng: random.Random, title: str) -> str:
    """A letter of the longest word dropped or two letters of it swapped."""
    words = title.split()
    at = max(range(len(words)), key=lambda i: len(words[i]))
    word = words[at]
    cut = rng.randrange(1, len(word) - 2)
    if rng.random() < 0.5:
        words[at] = word[:cut] + word[cut + 1:]
    else:
        words[at] = word[:cut] + word[cut + 1] + word[cut] + word[cut + 2:]
    return " ".join(words)


#: Letters beside each letter on a QWERTY keyboard: a stray key is one of them, struck with
#: the letter meant.
_KEYS_BESIDE = {
    letter: "".join(row[j] for j in (i - 1, i + 1) if 0 <= j < len(row))
    for row in ("qwertyuiop", "asdfghjkl", "zxcvbnm") for i, letter in enumerate(row)}
#: Letters a word has at least to take two typos and still be read as itself.
TWO_TYPO_LETTERS = 6


def with_two_typos(rng: random.Random, title: str) -> Optional[str]:
    """Two typing slips a reader forgives: a letter typed twice or a neighbouring key struck
    with it, and a letter dropped, in one word or in two (words of
    :data:`TWO_TYPO_LETTERS` letters or more, never their first or last letter; "systegem",
    "approximabkte"). None if the title has no such word. Called by ``bench_refstrings``'s
    ``TwoTypos`` for both benches' "two typos" queries."""
    words = title.split()
    long_words = [i for i, word in enumerate(words) if (plain := _PLAIN_WORD.fullmatch(word))
                  and len(plain[2]) >= TWO_TYPO_LETTERS]
    if not long_words:
        return None
    added, dropped = rng.choice(long_words), rng.choice(long_words)
    words[dropped] = _edited(words[dropped], lambda core: _letter_dropped(rng, core))
    words[added] = _edited(words[added], lambda core: _key_added(rng, core))
    typed = " ".join(words)
    return typed if typed != title else None  # a letter dropped and typed twice at one place


def _edited(word: str, edit) -> str:
    """``word`` with ``edit`` applied to its letters (the punctuation around them kept)."""
    plain = _PLAIN_WORD.fullmatch(word)
    return plain[1] + edit(plain[2]) + plain[3]


def _letter_dropped(rng: random.Random, core: str) -> str:
    """``core`` without one of its inner letters."""
    at = rng.randrange(1, len(core) - 1)
    return core[:at] + core[at + 1:]


def _key_added(rng: random.Random, core: str) -> str:
    """``core`` with a letter typed twice or a key beside it struck too, after one of its
    inner letters (a letter without a key beside it, an accented one, is typed twice)."""
    at = rng.randrange(1, len(core) - 1)
    letter = core[at]
    beside = _KEYS_BESIDE.get(letter.lower(), "")
    extra = rng.choice(beside) if beside and rng.random() < 0.5 else letter.lower()
    return core[:at + 1] + (extra.upper() if letter.isupper() else extra) + core[at + 1:]


#: The kinds of real misspellings and spelling variants :func:`misspelled` makes, each a word
#: a reader takes as the one printed. The first five are a typist's spelling convention, which
#: the typist keeps for every word of the title it fits (British or American: "Optimising
#: the colour of analysed images" typed "Optimizing the color of analyzed images"); the rest
#: are one word misspelled as people do ("discrepency", "accomodate", "recieve").
SPELLING_KINDS = ("-ise/-ize", "-yse/-yze", "-our/-or", "-re/-er", "-ll-/-l-",
                  "-ance/-ence, -ant/-ent", "-able/-ible", "doubled/single consonant",
                  "ie/ei")
#: Words that end in "-ise" or "-ize" in every spelling ("precise", "promise", "supervise",
#: "resize"): how the letters before the "is" of :data:`_ISE_IZE` end, besides a "w"
#: ("otherwise", "pairwise").
_ALWAYS_ISE = frozenset(
    "prec prom prem dem surm exerc conc inc exc circumc expert treat chast enterpr compr surpr "
    "sunr upr adv rev dev superv telev improv franch merchand parad disgu desp pra cru bru "
    "appr turquo torto porpo res overs unders downs ups".split())
#: "-ise"/"-ize" and its derived forms, after three letters at least ("organise",
#: "optimising", "normalisation").
_ISE_IZE = re.compile(r"^([a-z]{3,})i([sz])(e|es|ed|er|ers|ing|ation|ations|ational)$")
#: "-yse"/"-yze": "analyse", "paralysed", "catalysing".
_YSE_YZE = re.compile(r"^([a-z]+l)y([sz])(e|es|ed|er|ers|ing)$")
#: Words spelled "-our" in Britain and "-or" in America, with the endings both keep ("colourful",
#: "favourite", "behavioural"; "rigorous", "humoral", "laboratory" are one spelling).
_OUR_OR = re.compile(
    r"^((?:un|dis|mis)?(?:colo|behavio|favo|hono|labo|neighbo|harbo|humo|vapo|rumo|tumo|"
    r"vigo|flavo|savo|endeavo|armo|odo|parlo|clamo|fervo|splendo|rigo|valo|cando|ardo|"
    r"demeano))(u?)r(s|ed|ing|ism|ist|ists|ful|fully|ite|ites|able|ably|er|ers|less|hood|"
    r"hoods|)$")
_OUR_OR_AL = re.compile(r"^(behavio)(u?)r(al|ally)$")
#: Words spelled "-re" in Britain and "-er" in America ("centre"/"center", "fibres"/"fibers",
#: "centred"/"centered").
_RE_ER = re.compile(r"^((?:epi)?cent|fib|theat|lit|calib|spect|sab|somb|lust|meag|scept)"
                    r"(re|res|red|ring|er|ers|ered|ering)$")
_RE_TO_ER = {"re": "er", "res": "ers", "red": "ered", "ring": "ering"}
_ER_TO_RE = {american: british for british, american in _RE_TO_ER.items()}
#: Words whose "l" Britain doubles before an ending and America does not ("modelling",
#: "labelled", "travellers").
_LL_L = re.compile(
    r"^(model|travel|label|signal|cancel|fuel|channel|level|counsel|dial|tunnel|total|"
    r"marshal|pedal|jewel|duel|quarrel|rival|shovel|panel|kernel|funnel|barrel|parcel|"
    r"pencil|stencil|spiral|equal|libel|marvel|gravel|revel|bevel|chisel|grovel)(l?)"
    r"(ing|ed|er|ers)$")
#: An unstressed "-ance"/"-ence" or "-ant"/"-ent" ending after four letters ("discrepancy",
#: "independent", "relevance"); "-ment" is never misspelled so.
_ANCE_ENCE = re.compile(r"^([a-z]{4,}?)([ae])(nce|nces|ncy|ncies|nt|nts|ntly)$")
#: "-able"/"-ible" after three letters, no "i" before it ("feasible", "available"; "variable"
#: is no "-ible" word misspelled).
_ABLE_IBLE = re.compile(r"^([a-z]{2,}[a-hj-z])([ai])(ble|bles|bly|bility|bilities)$")
_VOWELS = "aeiou"
_DOUBLED = "bcdfgklmnprstz"  # consonants a misspelling doubles or singles
_DOUBLES_INSIDE = "clmnprst"  # ... doubled between two vowels ("reccomend", "comitee")
_SPELLING_LETTERS = 5  # a word misspelled one of the last four ways has as many at least
#: The kind nearly every title allows: drawn only where no other kind fits, so that the
#: others are drawn as often as titles allow them.
_NEARLY_ANY_WORD = "doubled/single consonant"


def misspelled(rng: random.Random, title: str) -> Optional[tuple[str, str]]:
    """(kind, title) with a real misspelling or a spelling variant of :data:`SPELLING_KINDS`,
    the kind drawn among those the title's words allow (:data:`_NEARLY_ANY_WORD` only where
    no other fits), then the word: the conventions change
    every word of the title they fit the same way, the misspellings one word. Only words of
    ASCII letters between punctuation, in lower case or with a capital first letter or all in
    capitals; None if no word of the title allows any kind. Called by ``bench_refstrings``'s
    ``Misspellings`` for both benches' "misspelled" queries."""
    words = title.split()
    options: dict[str, list[tuple[int, str, str]]] = defaultdict(list)
    for at, word in enumerate(words):
        plain = _PLAIN_WORD.fullmatch(word)
        if not plain or not plain[2].isascii() or not _plain_case(plain[2]):
            continue
        for kind in SPELLING_KINDS:
            for direction, respelled in _respellings(plain[2].lower(), kind):
                options[kind].append((at, direction, respelled))
    if not options:
        return None
    kinds = [kind for kind in sorted(options) if kind != _NEARLY_ANY_WORD] or [_NEARLY_ANY_WORD]
    kind = rng.choice(kinds)
    at, direction, respelled = rng.choice(options[kind])
    chosen = [(at, respelled)]
    if SPELLING_KINDS.index(kind) < 5:  # a convention: each word that fits, the same way
        chosen = {where: new for where, way, new in options[kind] if way == direction}.items()
    for where, new in chosen:
        plain = _PLAIN_WORD.fullmatch(words[where])
        words[where] = plain[1] + _cased(new, plain[2]) + plain[3]
    return kind, " ".join(words)


def _plain_case(word: str) -> bool:
    """True if ``word`` is in lower case, capitals or with a capital first letter only (no
    "McArthur" or "iPhone", whose capitals a changed length would move)."""
    return word.islower() or word.isupper() or (word[0].isupper() and word[1:].islower())


def _respellings(word: str, kind: str) -> list[tuple[str, str]]:
    """(direction, word respelled) for each way ``kind`` respells the lower-case ``word``
    (none if it does not fit); the direction tells a convention's two ways apart."""
    if kind == "-ise/-ize":
        found = _ISE_IZE.match(word)
        if not found or found[1].endswith(("w", *_ALWAYS_ISE)):
            return []
        return [(found[2], f"{found[1]}i{'z' if found[2] == 's' else 's'}{found[3]}")]
    if kind == "-yse/-yze":
        found = _YSE_YZE.match(word)
        return [(found[2], f"{found[1]}y{'z' if found[2] == 's' else 's'}{found[3]}")
                ] if found else []
    if kind == "-our/-or":
        found = _OUR_OR.match(word) or _OUR_OR_AL.match(word)
        return [(found[2], f"{found[1]}{'' if found[2] else 'u'}r{found[3]}")
                ] if found else []
    if kind == "-re/-er":
        found = _RE_ER.match(word)
        if not found:
            return []
        british = found[2] in _RE_TO_ER
        ending = _RE_TO_ER[found[2]] if british else _ER_TO_RE[found[2]]
        return [("re" if british else "er", found[1] + ending)]
    if kind == "-ll-/-l-":
        found = _LL_L.match(word)
        return [(found[2], f"{found[1]}{'' if found[2] else 'l'}{found[3]}")
                ] if found else []
    if len(word) < _SPELLING_LETTERS:
        return []
    if kind == "-ance/-ence, -ant/-ent":
        found = _ANCE_ENCE.match(word)
        if not found or (found[3].startswith("nt") and found[1].endswith("m")):
            return []
        return [("", found[1] + ("e" if found[2] == "a" else "a") + found[3])]
    if kind == "-able/-ible":
        found = _ABLE_IBLE.match(word)
        return [("", found[1] + ("i" if found[2] == "a" else "a") + found[3])
                ] if found else []
    if kind == "doubled/single consonant":
        return [("", word[:at] + word[at + 1:]) for at in range(2, len(word) - 1)
                if word[at] == word[at + 1] and word[at] in _DOUBLED] + [
            ("", word[:at] + word[at] + word[at:]) for at in range(2, len(word) - 1)
            if word[at] in _DOUBLES_INSIDE and word[at - 1] in _VOWELS
            and word[at + 1] in _VOWELS]
    return [("", word[:at] + word[at + 1] + word[at] + word[at + 2:])  # ie/ei, no "-ies"
            for at in range(1, len(word) - 2) if word[at:at + 2] == "ei"
            or (word[at:at + 2] == "ie" and at < len(word) - 3)]


def with_swap(rng: random.Random, title: str) -> Optional[str]:
    """Two neighbouring words swapped (a misquote), if the title has four words or more (with
    letters: a dash is no word)."""
    words = title.split()
    if sum(1 for word in words if _letters(word)) < 4:
        return None
    at = rng.randrange(len(words) - 1)
    words[at], words[at + 1] = words[at + 1], words[at]
    return " ".join(words)


def decoy(rng: random.Random, title: str, kind: str, vocabulary: list[str]) -> Optional[str]:
    """A near-miss title: one content word replaced by another, one added, or one dropped."""
    words = title.split()
    content = content_words(title)
    new = next(w for w in (rng.choice(vocabulary) for _ in range(50))
               if w.lower() not in title.lower())
    if kind == "replaced" and content:
        at = rng.choice(content)
        words[at] = new + "".join(c for c in words[at] if not c.isalnum())[-1:]
    elif kind == "added":
        words.insert(rng.randrange(1, len(words)), new)
    elif kind == "dropped" and len(content) >= 2:
        del words[rng.choice(content)]
    else:
        return None
    return " ".join(words)


#: The near misses a typo-tolerant comparison is blind to, drawn by :func:`lookalike_decoy`
#: (their own kinds, apart from :func:`decoy`'s): a short content word (three letters, no
#: function word, below ``content_words``' four) replaced by another ("The New Discourse" ->
#: "The Old Discourse"), and a content word replaced by a real word that looks like it
#: (:func:`lookalike_words`: "Western Harbour" -> "Eastern Harbour").
LOOKALIKE_KINDS = ("short word replaced", "lookalike word")
#: Three-letter words of the corpus's languages that are no content word, besides
#: ``FUNCTION_WORDS`` (which keeps its list: :func:`without_last_word` reads it): never
#: replaced or swapped in by the "short word replaced" decoy.
_SHORT_FUNCTION_WORDS = frozenset(
    "als ans auf aus bei bis dal dei ist his her how who why our one two may can not non was "
    "que qui ses una uno vom del les une sur dem des den der die das".split())
#: A title word the lookalike decoys replace: the word's letters (ASCII or not) between
#: punctuation only ("(New", "Towns,"), no digit, no hyphen, no apostrophe inside.
_PLAIN_WORD = re.compile(r"(\W*)([^\W\d_]+)(\W*)")
#: How much of a word's letters its lookalike shares at least (Indel similarity: "eastern"
#: and "western" 0.86, "heating" and "hearing" 0.86, "cold" and "bold" 0.75).
LOOKALIKE_SHARED = 0.75
#: Titles of the corpus a word of the lookalike decoys' vocabulary stands in at least.
LOOKALIKE_TITLES = 3
#: Endings whose removal leaves the same stem: two words with the same stem are one word
#: inflected or derived ("economic", "economics"; "study", "studies"; "policy", "police"),
#: which a reader takes as the same title (no near miss).
_ENDINGS = ("ations", "ation", "ings", "ing", "ies", "ied", "ics", "ical", "ally", "ic", "al",
            "ers", "er", "es", "ed", "ly", "en", "s", "y", "e", "n")
#: British and American spellings of one word: no near miss either ("harbour"/"harbor",
#: "organise"/"organize", "modelling"/"modeling", "centre"/"center").
_SPELLINGS = ((re.compile("our"), "or"), (re.compile("is(?=e|ation|ing)"), "iz"),
              (re.compile("ll(?=ing|ed|er)"), "l"), (re.compile("(?<=[bt])re$"), "er"))


def short_words(title: str) -> list[int]:
    """Indexes of the title's three-letter content words (no function word, no number):
    the words :func:`content_words` leaves out, which the "short word replaced" decoy
    replaces."""
    words, found = title.split(), []
    for i, word in enumerate(words):
        plain = _PLAIN_WORD.fullmatch(word)
        if (plain and len(plain[2]) == 3 and not _function_word(plain[2].lower())
                and not plain[2].isupper() and not _abbreviated(plain[3], i, words)):
            found.append(i)
    return found


def _function_word(word: str) -> bool:
    """True if the (lower-case) word is a function word of :data:`FUNCTION_WORDS` or
    :data:`_SHORT_FUNCTION_WORDS`."""
    return word in FUNCTION_WORDS or word in _SHORT_FUNCTION_WORDS


def _abbreviated(after: str, at: int, words: list[str]) -> bool:
    """True if a full stop after a word inside the title marks it an abbreviation ("Vol.
    I", "Rev. Mod.")."""
    return after.startswith(".") and at < len(words) - 1


def same_word(one: str, other: str) -> bool:
    """True if two words (lower case) are one word inflected, derived or spelled the British or
    American way (:data:`_ENDINGS`, :data:`_SPELLINGS`): where the lookalike decoys draw the
    line, a changed ending is the same title, a changed letter elsewhere another one."""
    return _stem(_american(one)) == _stem(_american(other))


def _american(word: str) -> str:
    """The word with the British spellings of :data:`_SPELLINGS` made American."""
    for british, american in _SPELLINGS:
        word = british.sub(american, word)
    return word


def _stem(word: str) -> str:
    """The word without the longest ending of :data:`_ENDINGS` that leaves three letters."""
    for ending in sorted(_ENDINGS, key=len, reverse=True):
        if word.endswith(ending) and len(word) - len(ending) >= 3:
            return word[:-len(ending)]
    return word


def lookalike_words(word: str, vocabulary: list[str]) -> list[str]:
    """The words of ``vocabulary`` that look like ``word`` (lower case) and are another word:
    two letters longer or shorter at most, sharing ``LOOKALIKE_SHARED`` of their letters, not
    the same word inflected or spelled otherwise (:func:`same_word`), and not the word with
    one letter more or less ("response"/"reponse"): that is the typo the benches' true
    "typo" variant makes, which no check can tell from another word by its letters."""
    return [other for other in vocabulary
            if abs(len(other) - len(word)) <= 2 and Indel.distance(word, other) > 1
            and Indel.normalized_similarity(word, other) >= LOOKALIKE_SHARED
            and not same_word(word, other)]


def lookalike_decoy(rng: random.Random, title: str, kind: str, vocabulary: list[str]
                    ) -> Optional[str]:
    """A near-miss title of :data:`LOOKALIKE_KINDS`, None if the title has no word to change:
    "short word replaced", a three-letter content word (:func:`short_words`) replaced by
    another three-letter word of ``vocabulary``; "lookalike word", a content word of four
    letters or more replaced by a word of ``vocabulary`` of four letters or more that looks
    like it (:func:`lookalike_words`). The new word takes the old one's case and punctuation.
    ``vocabulary`` is :func:`lookalike_vocabulary`'s; ``rng`` a stream of these decoys' own,
    so that the other queries and decoys stay as they were. Called by ``bench_refstrings.py``
    and ``bench_styles.py``."""
    words = title.split()
    taken = {_letters(w).lower() for w in words}
    if kind == "short word replaced":
        choices = {i: [w for w in vocabulary if len(w) == 3 and w not in taken]
                   for i in short_words(title)}
    else:
        choices = {i: [w for w in lookalike_words(_letters(words[i]).lower(), vocabulary)
                       if w not in taken and len(w) >= 4] for i in content_words(title)
                   if _PLAIN_WORD.fullmatch(words[i])}
    choices = {i: found for i, found in choices.items() if found}
    if not choices:
        return None
    at = rng.choice(sorted(choices))
    before, old, after = _PLAIN_WORD.fullmatch(words[at]).groups()
    words[at] = before + _cased(rng.choice(choices[at]), old) + after
    return " ".join(words)


def _cased(new: str, old: str) -> str:
    """``new`` in the case of ``old`` (all capitals, a capital first, or lower case)."""
    if old.isupper() and len(old) > 1:
        return new.upper()
    return new.capitalize() if old[0].isupper() else new


def lookalike_vocabulary(references: list[Reference]) -> list[str]:
    """Words of three letters or more that ``LOOKALIKE_TITLES`` titles or more print in lower
    case or with a capital first (ASCII letters, no function word; an acronym, a name or a
    misprint of one title is no word a reader knows): what :func:`lookalike_decoy` swaps in.
    Apart from :func:`vocabulary_of` (four letters or more), which the other decoys draw from
    as they always did."""
    titles: dict[str, int] = defaultdict(int)
    for reference in references:
        for word in {_letters(w) for w in reference.title.split() if _PLAIN_WORD.fullmatch(w)}:
            if not (word.isupper() and len(word) > 1):
                titles[word.lower()] += 1
    return sorted(w for w, n in titles.items() if n >= LOOKALIKE_TITLES and len(w) >= 3
                  and w.isascii() and not _function_word(w))


#: Content words a title without its last word (:func:`without_last_word`) keeps at least.
LAST_WORD_KEEPS = 3
#: What the cut leaves at the end of the shorter title and a user would not type: punctuation
#: before the cut word ("Bogs of the Baltic Rim, Origins" -> "... Baltic Rim").
_CUT_END = " ,;:.-\u2013\u2014/(\"'\u201c\u2018\u00ab"
#: Where a title's main part ends: before a subtitle, or a part in brackets ("(Teil 2)").
_MAIN_TITLE_END = ":.?!;-\u2013\u2014(["


def without_last_word(title: str) -> Optional[str]:
    """The title with its last content word and every word after it cut off ("Effects of Heat
    on Cold Mice" -> "Effects of Heat on Cold"): the decoy of a style that runs a title straight
    into the next field, where the next field's first word reads as the title's last one.
    Deterministic (no draw), so the benches' other queries and decoys stay as they were.

    None if it would keep fewer than ``LAST_WORD_KEEPS`` content words (a prefix of one or two
    content words is a generic phrase, often a real shorter work's title, and tells nothing of
    the run-on blind spot); if a function word stands right before the cut word, accented or not
    (no one types a title ending "...education and" or "...français à", and without it the query
    is the title without its last phrase, another question than the word a run-on field hides);
    or if the cut falls right after a colon, full stop or dash, or before a bracket
    (``_MAIN_TITLE_END``): what is left is the work's main title without its subtitle, a true
    way to cite it. Called by ``bench_refstrings.py`` and ``bench_styles.py``."""
    words = title.split()
    content = content_words(title)
    if len(content) <= LAST_WORD_KEEPS:
        return None
    kept = words[:content[-1]]
    before = _letters(kept[-1]).lower()
    if not before or before in FUNCTION_WORDS or _unaccented(before) in FUNCTION_WORDS:
        return None
    shorter = " ".join(kept)
    if words[len(kept)].startswith(tuple(_MAIN_TITLE_END)) or shorter.endswith(
            tuple(_MAIN_TITLE_END)):
        return None
    return shorter.rstrip(_CUT_END)


#: Content words before the cut that :func:`cut_after_function_word` keeps at least (one
#: content word and a function word is a phrase of many titles, no query of this one).
FUNCTION_END_KEEPS = 2


def cut_after_function_word(title: str) -> Optional[str]:
    """The title cut right after its last function word that a content word follows inside
    the title ("Tidal Mills and Harbour Trade of the Northern Coast" -> "Tidal Mills and
    Harbour Trade of the"): a query no one means, whose print goes on with the title's own
    next word, as a title field cut after "the" or "on" ("Campaigning on the") reads. A hit on
    it is a near miss the matcher should reject or mark ``title_end: uncertain``.
    Deterministic (no draw), so the benches' other queries and decoys stay as they were.

    None if no such function word stands after ``FUNCTION_END_KEEPS`` content words, right
    after a word (no punctuation between: "Coast: the" opens a subtitle) and as a plain word
    itself, before a word with letters ("Energy Policy Act of 2005": a query without the year
    is a way to name the act). Called by ``bench_refstrings.py`` and ``bench_styles.py``."""
    words = title.split()
    content = content_words(title)
    for at in range(len(words) - 2, 0, -1):
        plain = _PLAIN_WORD.fullmatch(words[at])
        if (plain and not plain[1] and not plain[3] and _is_function_word(plain[2])
                and _letters(words[at + 1]) and not _is_function_word(_letters(words[at + 1]))
                and words[at - 1][-1].isalnum()
                and sum(i < at for i in content) >= FUNCTION_END_KEEPS):
            return " ".join(words[:at + 1])
    return None


def _is_function_word(word: str) -> bool:
    """True if ``word`` (any case, accented or not) is one of :data:`FUNCTION_WORDS`."""
    return bool(word) and (word.lower() in FUNCTION_WORDS
                           or _unaccented(word.lower()) in FUNCTION_WORDS)


def _unaccented(word: str) -> str:
    """The word without its accents ("à" -> "a"): how a function word is found when the list
    holds it unaccented only."""
    return "".join(c for c in unicodedata.normalize("NFKD", word) if not unicodedata.combining(c))


def vocabulary_of(references: list[Reference]) -> list[str]:
    """Content words of all titles (lower case, letters only): what a decoy adds or swaps in."""
    words = {_letters(w).lower() for r in references for i, w in enumerate(r.title.split())
             if i in set(content_words(r.title))}
    return sorted(w for w in words if len(w) >= 4 and w.isascii())


# ----------------------------------------------------------------------------- printing


_OCR = (("rn", "m"), ("m", "rn"), ("l", "1"), ("o", "0"), ("e", "c"), ("i", "l"))


def ocr_damaged(rng: random.Random, title: str) -> str:
    """Two OCR confusions in the title's longer words ("m" read as "rn", "l" as "1")."""
    words = title.split()
    long_words = [i for i, w in enumerate(words) if len(w) >= 6] or [0]
    for at in rng.sample(long_words, min(2, len(long_words))):
        for wrong, read in rng.sample(_OCR, len(_OCR)):
            if wrong in words[at][1:]:
                words[at] = words[at][0] + words[at][1:].replace(wrong, read, 1)
                break
    return " ".join(words)


def broken_hyphen(title: str) -> str:
    """The longest word broken by a hyphen whose line end extraction lost ("retrie- val")."""
    words = title.split()
    at = max(range(len(words)), key=lambda i: len(words[i]))
    word = words[at]
    if len(word) >= 7:
        words[at] = word[:len(word) // 2] + "- " + word[len(word) // 2:]
    return " ".join(words)


def latin1(text: str) -> str:
    """``text`` as the plain PostScript font of ``tests/support/docgen.py`` prints it (its standard
    encoding has no accented letters at Latin-1 codes): ASCII quotes and dashes, letters
    without their accents (the matcher folds accents either way)."""
    text = text.translate(str.maketrans("\u2018\u2019\u201c\u201d\u2013\u2014\u00ab\u00bb",
                                        "''\"\"--\"\""))
    kept = []
    for char in text:
        if ord(char) < 128:
            kept.append(char)
        else:
            kept.append("".join(c for c in unicodedata.normalize("NFKD", char)
                                if ord(c) < 128 and not unicodedata.combining(c)))
    return "".join(kept)


def printable(title: str) -> bool:
    """True if the PostScript font prints every letter of the title (:func:`latin1` keeps
    them): a Cyrillic title comes out as blanks and cannot be a query in a PDF or PS paper."""
    return len(_letters(latin1(title))) == len(_letters(title))
