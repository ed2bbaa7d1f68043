"""A different word or a damaged word? The word-by-word check of a hit (improved scheme).

The edit similarity cannot tell "The classical *surgery* of ethnomethodology" (another work)
from "The classical *rootes* of ethnomethodology" (a typo): both cost a few characters. A
reader can: a damaged word is still a spelling variant of the word it stands for, a different
word is not. So ``verify.verified`` calls :func:`same_work` on each hit that already passed the
character test (it never runs on the text at large, so it costs little):

* every **content word** of the query (four letters or more, no function word) needs a
  counterpart of its own printed near the hit (a printed word the query names exactly is
  that word's, not another's variant) that is a spelling variant of it: equal, at least
  ``_VARIANT_SCORE`` similar (a typo, an OCR confusion, British/US spelling), or split in two
  by a lost hyphen or a stray blank ("retrie val"), or inside a longer printed word (words
  joined: "lineclipping"). Order is not checked here (two swapped words are the same work);
  ``verify`` checks it;
* short and function words ("of", "the", "new") may lack one, ``_SHORT_ALLOWANCE`` of them;
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
* the printed title's own first and last words count too (:func:`longer_title`): a content
  word the query lacks right before its first word, after the title's opening ("2008. *Survey*
  of the tools for web service testing"), or right after its last word, before the title's
  closing punctuation ("...junctions in natural *images*,") or a bracket that opens the next
  field ("...quantum *mechanics* (Princeton University Press"), makes the printed title a longer
  one (a word a line-end hyphen split is one word there; a query that ends with a subtitle's
  colon lacks the subtitle's first word). The edge words of a title name its topic and its
  head (a survey, images, fish); a misquote of a long title leaves out a modifier inside it
  ("large [text] corpora").

Words are compared as ``verify`` reads them: extraction debris dropped, ligature codes back.
"""

from __future__ import annotations

import re
from collections import Counter
from difflib import SequenceMatcher
from typing import Optional, Sequence

from rapidfuzz import fuzz

from . import places, publishers
from .printed_words import ocr_read
from .entry_grammar import DITTO_WORDS, EDITION_WORD, NAME, RANGE_DASH, TYPE_MARK, YEAR_DIGITS
from .run_on_fields import (
    ABBREVIATED_VENUE, MONTH_OF_DATE, ORGANISATION_NAME, REVISION_WORDS, VOLUME_ABBREVIATIONS,
)

_VARIANT_SCORE = 70  # fuzz.ratio of a word and its damaged form, at least
_SPLIT_SCORE = 85  # ratio of a word and two printed neighbours joined ("the role" is no "theo")
_JOINED_SCORE = 90  # partial_ratio of a word inside a printed word that joins it to another
_CONTENT_LETTERS = 4  # shorter words are short words
_EDGE_LETTERS = 2  # a query's first or last word this long bounds the printed title it names
_LEFT_OUT = 2  # query words at a hit's edge that the best substring may leave out ("of")
_EDGE_REACH = 2  # words before a hit where the query's first word may stand, a word between
_PAGE_DIGITS = 4  # a page number between the halves of a word split at a page break
_SHORT_ALLOWANCE = 2  # short or function words of the query that may lack a counterpart
_OCR_SHORT = 5  # letters of a word whose "m" read as "rn" costs it its variant score
#: Content words the query names for each printed content word it lacks: five in six, a
#: misquote of a long title, not another work.
_NAMED_PER_EXTRA = 5
#: ... and the word it lacks is a short one ("large [text] corpora", a misquote of Hearst's
#: title): a longer one ("[protection]", "[treatment]", "[brain]") names a thing of its own.
_MISQUOTE_LETTERS = 4
#: The place or publisher a bibliography names as not known, in ISO 690's abbreviations: Czech
#: and Slovak "b.m." (no place) and "b.r." (no year), Latin "s.l." and "s.n.", German "o.O.",
#: French "s.d.", before the colon or comma that closes the field.
_NOT_NAMED = r"(?:b\. ?m|b\. ?r|s\. ?l|s\. ?n|o\. ?o|s\. ?d)\. ?[:,]"
#: A letter and a full stop after a title's punctuation that are no inverted name's initial:
#: such an abbreviation (:data:`_NOT_NAMED`), or a page mark before its number ("p. 61",
#: "s. 569", "c. 197"); not before a year, where an initial stands too (a title-first entry's
#: "...climate model Ekman, A. 2002 Tellus").
_NO_INITIAL = rf"{_NOT_NAMED}|[psc\u0441]\. ?(?!{YEAR_DIGITS}(?!\d))\d"
#: The printed title's own last word right after a hit: a word, then the title's closing
#: punctuation ("natural images,", "Puget Sound Fish.", a Japanese style's corner bracket:
#: "...Risk Assessments』"), but not an inverted name's initial after it (``_NO_INITIAL``
#: says which are none; "...policy response Webster, M., C. Forest": a title-first entry's
#: authors) nor its given name before a semicolon (a title that ends its entry, the next
#: entry's "DUMONT, Béatrice; LACOUR, ..." after it: NBR 6023 prints no full stop there); or a
#: word, then such an entry's first inverted name ("...copolymer with TrFE Kavarnos, G."), an
#: abbreviated journal name ("...rotating stars Nucl. Phys. B"), a date's month ("...Interim
#: Report October.", ``run_on_fields.MONTH_OF_DATE``), or the mark a style prints right after
#: a title: GB/T 7714's type mark ("...tre melarance[M]//In", ``entry_grammar.TYPE_MARK``),
#: GOST's double slash before the container ("...und nichtbehinderter Schüler // Langer") or
#: its slash before the authors' initials ("...Ramp Area / C. Hill").
#: The word may hold an OCR digit ("string c0mpactifications."), the punctuation follow a
#: blank (a quote: '...pour la Guyane ", Antianechos'; physics: "...field theory ,Phys."), an
#: "&" stand before it ("Fjords: Processes & Products." for a query that ends at "&").
#: German quotes close a title with the marks other languages open one with ("„...Hessen“,",
#: "»...Hessen«,"): read as closing only joined to the word, with no letter after them.
_REVISED, _UPDATED, _AMENDED = REVISION_WORDS.split("|")  # not before a month: a field's word
_WORD_THEN_TITLE_END = re.compile(
    r" (?:& )?([^\W\d_][^\W_]*)"
    rf"(?: ?[.,:;!?\"\u201d\u2019'\u00bb\u300d\u300f)](?! ?(?!{_NO_INITIAL})[^\W\d_]\.| {NAME};)"
    r"|[\u201c\u00ab](?![^\W_])"  # ... or German quotes' close joined to it: "...Hessen“,"
    rf"| (?={NAME}, [^\W\d_]\.)"  # ... or a title-first entry's authors
    rf"|(?={ABBREVIATED_VENUE})"  # ... or an abbreviated journal name: "stars Nucl. Phys."
    rf"|(?<!{_REVISED})(?<!{_UPDATED})(?<!{_AMENDED})(?={MONTH_OF_DATE})"  # "Report October."
    rf"|(?={TYPE_MARK.pattern}| ?// | / [^\W\d_]\.))")
#: What an opening bracket after a word holds where it opens the next field, so that the word
#: is the title's last one ("...plan de marketing stratégique (2.a ed.)" for a query that ends
#: at "marketing"): a date (a span of years, its dash perhaps dropped with the marks inside
#: words, a month and its day: "...Heideggers (1919–1927)", "...finite duration (February 2,
#: 2015)"; not a year alone: an author-date style opens the next entry with its author and
#: the year in brackets, "...the coastal model Harbourmaster (1867) Charters", where a title
#: that ends its entry has no mark of its own), an edition ("(2nd ed.,", "( thirdedition )",
#: "(2-е изд."), the publication data (a publisher's word, after its place or not; a
#: publishing city and the colon or comma after it; a few words and the year that closes the
#: bracket; a place and the year: "...quantum mechanics (Princeton University Press",
#: "...moral reasoning (Fortress: Minneapolis", "...firing ranges (zp 2003)", "...in early
#: modern Europe (New York, 2004)", a publisher known by its name: "...Universität Bremen
#: (Lehmanns)"; an organisation that publishes it: "...program entrants (Department of
#: Immigration"; who prepared a report: "...firing ranges (Prepared by the"; the medium:
#: "...risk assessments (Web site."), an editor ("(A. Poole, ed.)"), the pages or the volume
#: ("...der Universität Bremen (S. 13–16)", "...stream ecosystems (Vol. 36)", "...de Provence
#: (t. 2)": the marks of ``run_on_fields.VOLUME_ABBREVIATIONS``), the language of the text
#: ("(in Russian)"), or a status ("(abstract)", "(submitted to ...)", an arXiv number). Words
#: of a title in brackets ("...mice (gavage studies)") are none of these, nor a journal's town
#: ("...Chroniques féministes (Bruxelles) 5").
_PUBLISHER_CLOSING = publishers.alternation(publishers.NAME_CLOSING_WORDS)
_PUBLISHER_NAME = publishers.alternation(publishers.DISTINCT_NAMES)
_BRACKETED_FIELD = (
    rf"\d{{3,4}} ?(?:{RANGE_DASH}+ ?)?\d{{3,4}}(?!\d)"
    rf"|{MONTH_OF_DATE.removeprefix(' ')}"
    rf"|\d{{1,2}}\S{{0,4}} ?{EDITION_WORD}(?![^\W_])"
    r"|[^\W\d_]* ?edition(?![^\W_])"
    rf"|(?:[^\W\d_]+[:,]? ){{0,3}}[^\W\d_]*(?:{_PUBLISHER_CLOSING})(?![^\W_])"
    rf"|(?:{places.PUBLISHING_CITIES}) ?[:,]"
    rf"|(?:{NAME}[.,:;]? ){{1,5}}{YEAR_DIGITS}[a-z]? ?\)"
    rf"|(?:{NAME} ){{0,2}}{NAME}[,:] (?:{NAME}, )?\(?{YEAR_DIGITS}(?!\d)"
    rf"|(?:[^\W\d_]\. ?){{1,3}}(?:{NAME} ){{0,2}}{NAME},? eds?\."
    rf"|(?:the )?{ORGANISATION_NAME.pattern}|(?:, )?(?:pp?|ss?|c|{VOLUME_ABBREVIATIONS})\. ?\d"
    rf"|(?:{_PUBLISHER_NAME})(?![^\W_])|prepared (?:by|for) |(?:web ?site|online|url)\b"
    r"|in [^\W\d_]+ ?\)|abs(?:tract)?[.)]|submitted(?![^\W_])|arxiv ?:")
#: ... read after a hit: the printed title's own last word, then such a bracket. Not a publishing
#: city's name before it: a place, then the publisher and the year in brackets ("...modern Europe
#: Oxford (Clarendon, 2004)"), is the field after the title.
_WORD_THEN_BRACKETED_FIELD = re.compile(
    rf" (?!(?:{places.PUBLISHING_CITIES}) \()([^\W\d_][^\W_]*) \( ?(?:{_BRACKETED_FIELD})")
#: A year joined to the end of a word, with no blank: a style that prints the date right after
#: the title ("...endolithic habitats2002 Epub.", "...en émergence2014 Epub."). The date ends
#: the title: the word before the year is the title's last one, the words after it are none
#: (unless the query's own word holds the year: "Migrating to Windows2000").
_JOINED_YEAR = re.compile(rf"(?<=[^\W\d_]{{2}}){YEAR_DIGITS}[a-z]?$")
#: ... read after a hit: the printed title's own last word, the date joined to it ("...coastal
#: towns2011 Epub." for a query that ends at "coastal").
_WORD_THEN_JOINED_YEAR = re.compile(rf" (?:& )?([^\W\d_]+){YEAR_DIGITS}[a-z]?(?![^\W_])")
#: The printed title's own first word right before a hit: after the title's opening, a sentence
#: end (not an initial's that starts a name: "k. mcdougall diabetes..." has its author's name
#: there; but "charles e. Explaining", the last initial of a name; or an initial or "et al."
#: and a comma or a colon: "naumov, m. v., Zeolitization of", "vafa, c.: Quantum geometry",
#: "glenn e. m., et al., Population demography"; or a name with its initial first and a
#: comma: "t. grance, Guidelines on"), a colon, an entry's "[n]", an
#: opening quote or bracket, a year ("2008. Survey of", "1985. Magnificent Voyages", "(2011)
#: Uncertainty analysis", "(1956)L'agriculture vivrière": a style that prints no blank after
#: it, "prinn 2001 Uncertainty analysis", "byrd, 2007, Towards MusicDiff").
_TITLE_START_THEN_WORD = re.compile(
    r"(?:(?:(?<=[^\W\d_]{2})|(?<=[\d)\]])|(?<=[^\W\d_] [^\W\d_]))[.:;!?] |\] "
    rf"|(?<=(?<![^\W_])[^\W\d_]\.)[,:] |(?<=(?<![^\W_])al\.)[,:] |(?<![^\W_])[^\W\d_]\. {NAME}, "
    rf"|\({YEAR_DIGITS}[a-z]?\) ?|(?<![\d.]){YEAR_DIGITS},? "
    r"|[\"\u201c\u2018(\u00ab] ?)([^\W\d_]+) $")
#: ... or a word and its colon right after the year in brackets ("(2012) AuSREM: Australian
#: ...", "et al. (2012) CAM-chem: Description") or after the year and its full stop ("J. 1986.
#: Introduction: Partial Truths"): the title's head word, the query its subtitle only. (A
#: year with no brackets nor full stop may close the entry before: "Wiley 1994 Lamport: LaTeX:
#: A Document ...", an author list ending with a colon; ``verify`` reads no word here when
#: the searched name is the one right before the hit; nor is a ditto word for the authors of
#: the entry before one: "...Future Directions 2012. Idem: Material Assistance".)
_DATE_THEN_WORD_COLON = re.compile(
    rf"(?:\({YEAR_DIGITS}[a-z]?\)|(?<![\w.-]){YEAR_DIGITS}[a-z]?\.) (?!{DITTO_WORDS}:)"
    r"([^\W\d_]+): $")
#: ... or right after the initials of an inverted name that opens an entry ("(9) Hartley, J. M.
#: Relationship of", "2012. Hartley, J. Relationship of"; not "S. Davis, K. McDougall Diabetes",
#: where the word after the initial is the next author's surname), or after an entry's "[n]",
#: a name of two to four words written out and a comma ("[9] de Varga Henri, Petite histoire",
#: "[27] Karin J Lindqvist, Imagining Harbours", "[3] Council of Coastal Towns, Family
#: Support"; not one word before the comma: "[9] Varga, Henri Title" prints a given name there),
#: or after an inverted surname and its given names written out, each closed by a comma (a
#: style that prints the title right after them: "Okafor, Bea, Harbour pilots", "Varga,
#: Jean-Paul, Petite histoire", an empty field's comma after them: "Varga, Henri, , Petite").
_INVERTED_NAME_THEN_WORD = re.compile(
    r"(?:(?:[^\W\d_]{2}|\d|[)\]])[.;]? [^\W\d_][\w'\u2019-]+, (?:[^\W\d_]\. ?){0,3}[^\W\d_]\. "
    rf"|\] (?:{NAME} ){{1,3}}{NAME}, "
    rf"|(?<![^\W_]){NAME}, {NAME}(?: {NAME}){{0,2}},(?: ,)? )([^\W\d_]+) $")
#: What stands right before a hit as part of its first word: the letters of a printed word the
#: hit starts inside ("unite d" + "habitation"), or an "&" the hit left out ("dubuffet &" +
#: " lart brut"). :func:`longer_title` reads the word before them.
_HIT_WORD_PIECE = re.compile(r"(?:[^\W_]+|& ?)$")
#: The first word of a subtitle inside a hit ("...canal de Lachine. Souvenirs et modes"): it
#: names the subtitle's topic as a title's first word does, so the query may not lack it.
_SUBTITLE_HEAD = re.compile(r"[^\W\d_]{3}[.:?!] ([^\W\d_]+)")
#: Function words of the languages bibliographies are printed in (English, French, German,
#: Spanish, Portuguese, Italian) that have four letters or more.
FUNCTION_WORDS = frozenset(
    "with from into over under upon about between through their these those this that than "
    "when where which while what some such each both also other after before during within "
    "without among against towards toward dans pour avec sans sous vers chez entre leur leurs "
    "cette elle elles sont mais über uber eine einer einem einen eines durch nach oder sowie "
    "zwischen gegen unter ihre dieser diese entre para sobre como desde hasta della delle degli "
    "dello nella nelle negli sulla sulle dalla dalle degli pelo pela pelos pelas".split())
#: Function words of three letters or fewer, of those languages: never a content word's variant.
SHORT_FUNCTION_WORDS = frozenset(
    "a an the of and or in on at to for by as is its de la le les des du et en un une au aux "
    "der die das dem den und im zu zur zum von mit ein el los las y del con por di il lo gli e "
    "per nel".split())
#: Articles that open a container's name printed with a capital right after a title's last
#: word ("...Spelling and Punctuation The Oxford History of Harbours. pp. 13–55"): a title
#: without its last word has that content word there, not an article (``undecided_ends``).
CONTAINER_ARTICLES = frozenset({"the", "der", "die", "das", "le", "la", "les"})
#: A word as the word checks split a title and its print: a run of letters and digits. One
#: pattern for both sides: ``verify`` splits the query's title and the print with it too.
WORD = re.compile(r"[^\W_]+")


def is_content(word: str) -> bool:
    """True for a word that carries a title's meaning: long enough and no function word."""
    return len(word) >= _CONTENT_LETTERS and word not in FUNCTION_WORDS and not word.isdigit()


def same_work(query: Sequence[str], nearby: str, inside: str, before: str = "",
              after: str = "") -> bool:
    """True if the printed words tell the same work as the query's words (module docstring).

    ``nearby`` is the printed text around the hit (the hit, the part of the title it may
    have left out, whole words); ``inside`` the words of the hit itself (a word the hit
    takes less than half of is not in it); ``before`` and ``after`` the words of ``nearby``
    on either side of it, where the query's first or last word may lie when the hit left it
    out (the best substring of "statistical of music corpora" in "statistical analysis of
    music corpora" is "sis of music corpora").
    """
    printed = WORD.findall(nearby)
    if not _each_has_its_own(query, printed) or not _last_word_past_the_start(
            query, nearby, inside):
        return False
    if any(not_named(word, query) for word in _SUBTITLE_HEAD.findall(inside)):
        return False
    span = _title_span(query, WORD.findall(before), WORD.findall(inside),
                       WORD.findall(after))
    return _names_enough(query, span)


def _each_has_its_own(query: Sequence[str], printed: list[str]) -> bool:
    """True if each content word of the query has a printed counterpart of its own, and at
    most ``_SHORT_ALLOWANCE`` short words lack one. A printed word the query names exactly
    is that word's, not another's variant ("tumeurs" added to "...novel tumour suppressors",
    "social tapes" for "collected papers ... social reality")."""
    free = list(printed)
    for word in query:
        if word in free:
            free.remove(word)
    exact = set(printed)
    missing_short = 0
    for word in query:
        if word in exact or _has_counterpart(word, free) or _split_in_print(word, printed, free):
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
    if at <= 0 or len(query) <= _LEFT_OUT:
        return True
    return _each_has_its_own(query[-1:], WORD.findall(nearby, at))


def _split_in_print(word: str, printed: Sequence[str], free: Sequence[str]) -> bool:
    """True if two printed neighbours join into ``word`` (a compound broken at its own hyphen,
    "ethylene- induced" for "ethylene-induced") while the words the query names exactly leave
    both free. :func:`_each_has_its_own` claims one printed occurrence per exact query word, so
    where the query names a piece again ("ethylene-induced ... of ethylene") the occurrence
    it claims may be the one beside the other piece, and ``free`` no longer holds the two
    side by side; here the neighbours are read from the print, the count from ``free``.
    Called by :func:`_each_has_its_own` for a word with no counterpart in ``free``."""
    left = Counter(free)
    for first, second in zip(printed, printed[1:]):
        pieces = Counter((first, second))
        if (len(first) < len(word) and all(left[piece] >= n for piece, n in pieces.items())
                and fuzz.ratio(word, first + second, score_cutoff=_SPLIT_SCORE)):
            return True
    return False


def longer_title(query: Sequence[str], inside: str, preceding: str, following: str,
                 past_header: bool = False) -> bool:
    """True if the printed title goes on past the query's first or last word: another work.

    ``inside`` is the hit as words, ``preceding`` / ``following`` the text right before its
    first word and right after its last one. Read only where the hit's edge word is the
    query's edge word; then a content word the query lacks, between the title's opening and
    the hit ("...h. survey of the tools") or between the hit and the title's closing
    punctuation ("...in natural images,"), is the printed title's own first or last word. A
    subtitle (": ...") is punctuation first, and a title-first entry's author run has its
    initials after the name, so neither is read as a longer title; nor the words after a
    date joined to the title's last word (:data:`_JOINED_YEAR`). A word after the hit that
    is one of the query's words, which the query holds only where the hit prints it already,
    is the printed title's own too (:func:`own_word_after_hit`), unless ``past_header``: the words
    after the hit were read past a running header, a run printed again that may be another
    entry's field (a journal's name before a list of keywords that repeats the title's
    words). A word the query holds only inside one of its words stays named by it: a
    journal's abbreviation of a title word ("...historical perspective Transp. Law J" for
    "Intermodal transportation ..."). Called by ``verify`` on each hit, verbatim ones
    included.
    """
    printed = WORD.findall(inside)
    if not query or not printed:
        return False
    joined = _JOINED_YEAR.search(printed[-1])
    if joined is not None and printed[-1] not in query:  # "habitats2002", not "windows2000"
        printed[-1], following = printed[-1][:joined.start()], joined.group() + following
    rest = _after_left_out(query, printed[-1], following)
    if rest is None and len(printed) > 1:  # "...platteriv- ervalley," is one word split
        rest = _after_left_out(query, "".join(printed[-2:]), following)
    preceding = _before_left_out(query, printed[0], _HIT_WORD_PIECE.sub("", preceding))
    after = None if rest is None else (
        _WORD_THEN_JOINED_YEAR.match(rest) or _WORD_THEN_TITLE_END.match(rest)
        or _WORD_THEN_BRACKETED_FIELD.match(rest))
    before = None if preceding is None else (
        _TITLE_START_THEN_WORD.search(preceding) or _INVERTED_NAME_THEN_WORD.search(preceding)
        or _DATE_THEN_WORD_COLON.search(preceding))
    if before is not None and not_named(before.group(1), query):
        return True
    if after is None:
        return False
    word = after.group(1)
    if past_header:
        return not_named(word, query)
    return own_word_after_hit(
        word, query, [*printed, *WORD.findall(following[:len(following) - len(rest)])])


def own_word_after_hit(word: str, query: Sequence[str], shown: Sequence[str] = ()) -> bool:
    """True if ``word``, printed right after a hit with no punctuation between, is the printed
    title's own next word, one the query lacks: a content word no query word stands for
    (:func:`not_named`), or a word the query holds exactly only where the hit prints it
    already (``shown``: the hit's words and the query's last words it left out, printed right
    after it; :func:`_not_printed`). The one owner of that question; who asks it:
    :func:`longer_title` for one word before the title's close, and
    ``lower_case_runs.runs_on_in_lower_case`` for the first word of a run printed in lower
    case (with no ``shown``: any query word names it)."""
    return not_named(word, query if word not in query else _not_printed(query, shown))


def _not_printed(query: Sequence[str], shown: Sequence[str]) -> list[str]:
    """The query's words left once each word the hit prints exactly (``shown``: its own
    words and the query's last words it left out, printed right after it) has taken one.
    A word printed past the hit that the query names only where the hit prints it already
    is one the query lacks: "Collected Papers I. The Problem of Social *Reality*" for a query
    that ends at "Social" holds "Reality" once, in "Symbol, Reality and Society", and the
    hit prints that one; the word after it is the printed title's own last word. Called
    by :func:`own_word_after_hit`, for a word after the hit only (the word before it is
    named by any query word: the query's first word printed twice, a container's and the
    title's, stands there as readily as a word the query lacks)."""
    left = list(query)
    for word in shown:
        if word in left:
            left.remove(word)
    return left


def names_both_ends(query: Sequence[str], inside: str) -> bool:
    """True if the hit's words ``inside`` hold a counterpart of the query's first and of its
    last word (of ``_EDGE_LETTERS`` or more). Called by ``verify``, which looks past a
    running header for the query's words only when the hit lacks one of its ends: a header
    cuts a title in two, so the words beyond it are the title's first or last ones, never
    words between two that the hit holds ("...at Superfund [emergence] Sites")."""
    edges = [word for word in query if len(word) >= _EDGE_LETTERS]
    printed = WORD.findall(inside)
    return len(edges) >= 2 and all(_has_counterpart(word, printed)
                                   for word in (edges[0], edges[-1]))


def _past_word_rest(word: str, last: str, following: str) -> str:
    """``following`` past the rest of the query's ``word`` where the hit's ``last`` word is
    only its first piece, the rest printed right after the hit: a hit that ends at the
    hyphen inside a compound ("...de France, XVIIIe-" for the query's "XVIIIe-XXe", then
    "XXe siècles,") is read as the whole word, so the word after it ("siècles") is the one
    a longer title shows. ``following`` as it is otherwise. Called by
    :func:`_after_left_out`."""
    piece = word[len(last):] if len(last) < len(word) and word.startswith(last) else ""
    if piece and following.startswith(piece) and not following[len(piece):][:1].isalnum():
        return following[len(piece):]
    return following


def _after_left_out(query: Sequence[str], last: str, following: str) -> Optional[str]:
    """The text after the hit past the query's last words that the hit left out ("...tragic
    view" + " of architecture,": " architecture,"), and past the rest of its last word
    where the hit ends inside it (:func:`_past_word_rest`), or None if the hit's ``last``
    word is not one of the query's last ``_LEFT_OUT`` + 1 words."""
    for left_out in range(min(_LEFT_OUT + 1, len(query))):
        if not _has_counterpart(query[-1 - left_out], (last,)):
            continue
        rest = _past_word_rest(query[-1 - left_out], last, following)
        for word in query[len(query) - left_out:]:
            match = re.match(r" ?" + re.escape(word) + r"(?![^\W_])", rest)  # " la", "la"
            if match is None:
                break
            rest = rest[match.end():]
        else:
            return rest
    return None


def _before_left_out(query: Sequence[str], first: str, preceding: str) -> Optional[str]:
    """The text before the hit short of the query's first words that the hit left out
    ("2008. survey of " + "the tools": "2008. survey "; "Phase I: " + "Remedial ...": a
    subtitle's colon after the left-out word, "Phase "); see :func:`_after_left_out`."""
    for left_out in range(min(_LEFT_OUT + 1, len(query))):
        if not _has_counterpart(query[left_out], (first,)):
            continue
        rest = preceding
        for word in reversed(query[:left_out]):
            match = re.search(r"(?<![^\W_])" + re.escape(word) + r"[:;,.]? ?$", rest)
            if match is None:
                break
            rest = rest[:match.start()]
        else:
            return rest
    return None


def not_named(word: str, query: Sequence[str]) -> bool:
    """True for a printed content word no query word stands for (nor holds: "nano"; nor holds
    with its OCR confusions read back, ``printed_words.ocr_read``: "r0srio" for a query's
    "Ros\u00b7rio", a word the query's mark cuts in two, "ros" and "rio", that the print
    shows whole and damaged)."""
    joined = "".join(query)
    return is_content(word) and not (_has_counterpart(word, query) or word in joined
                                     or ocr_read(word) in joined)


def _has_counterpart(word: str, printed: Sequence[str]) -> bool:
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


def _m_read_as_rn(word: str, other: str) -> bool:
    """True if one word holds an "rn" and the other, a short word with an "m", is a variant of
    it with each "rn" read back as "m": the OCR confusion costs a short word too much of its
    similarity ("rncrc" for "mcrc", "tirne" for "time"), where a longer one keeps enough
    ("norrnan"), and reading "rn" back in a longer word that really holds one makes it
    another word's variant by chance ("international" of "institutional"). Either may be the
    printed one: the checks also look for a printed word's counterpart among the query's.
    Called by :func:`_has_counterpart`."""
    if ("rn" in other) == ("rn" in word):
        return False
    plain, read = (word, other) if "rn" in other else (other, word)
    return (len(plain) <= _OCR_SHORT and "m" in plain and fuzz.ratio(
        plain, read.replace("rn", "m"), score_cutoff=_VARIANT_SCORE) > 0)


def _split_at_page(word: str, other: str, printed: Sequence[str], at: int) -> bool:
    """True if ``printed[at]`` is a bare page number and ``other`` with the word after it is
    ``word``: a word hyphenated at a page's end, the page number printed between its halves
    ("gen- 12 der"). Called by :func:`_has_counterpart`."""
    number = printed[at]
    return (number.isdigit() and len(number) <= _PAGE_DIGITS and at + 1 < len(printed)
            and fuzz.ratio(word, other + printed[at + 1], score_cutoff=_SPLIT_SCORE) > 0)


def _title_span(query: Sequence[str], before: Sequence[str], inside: Sequence[str],
                after: Sequence[str]) -> list[str]:
    """The printed title as the query's words bound it: the hit's words, widened back to the
    counterpart of the query's first word (and on to its last one's) when the hit left that
    word out ("softly broken su" for "Softly broken and SU(5)": "...supersymmetry and su 5").
    Words of one letter are no bound (they have counterparts everywhere). A first word the
    hit holds only further in ("the" of "...into the nature") bounds it too, if one of the
    ``_EDGE_REACH`` words before the hit stands for it: "The Reader" is printed "The
    *Patient* Reader", the hit starting at the dropped word's last letter."""
    edges = [word for word in query if len(word) >= _EDGE_LETTERS]
    if not edges:
        return list(inside)
    head: Sequence[str] = ()
    tail: Sequence[str] = ()
    if not _has_counterpart(edges[0], inside):
        at = [i for i, other in enumerate(before) if _has_counterpart(edges[0], (other,))]
        head = before[at[-1]:] if at else ()
    elif not _has_counterpart(edges[0], inside[:1]):
        at = [i for i in range(max(0, len(before) - _EDGE_REACH), len(before))
              if _has_counterpart(edges[0], (before[i],))]
        head = before[at[-1]:] if at else ()
    if not _has_counterpart(edges[-1], inside):
        at = [i for i, other in enumerate(after) if _has_counterpart(edges[-1], (other,))]
        tail = after[:at[0] + 1] if at else ()
    return [*head, *inside, *tail]


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
        variant = next((other for other in left if _has_counterpart(word, (other,))), None)
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
    title's first or last word (:func:`longer_title` reads those) or a running header's last
    word that extraction put before the title's rest ("...citation styles and interpretation:
    ...")."""
    named = [i for i in range(count) if i not in extras]
    if len(named) < 2:
        return []
    return [i for i in range(named[0] + 1, named[-1]) if i in extras]
