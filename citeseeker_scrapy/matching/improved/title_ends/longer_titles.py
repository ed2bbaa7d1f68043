"""Does the printed title go on past the query's first or last word? (improved scheme)

The printed title's own first and last words count (:func:`longer_title`): a content word the
query lacks right before its first word, after the title's opening ("2008. *Survey* of the
tools for web service testing"), or right after its last word, before the title's closing
punctuation ("...junctions in natural *images*,") or a bracket that opens the next field
("...quantum *mechanics* (Princeton University Press"), makes the printed title a longer one
(a word a line-end hyphen split is one word there; a query that ends with a subtitle's colon
lacks the subtitle's first word). The edge words of a title name its topic and its head (a
survey, images, fish); a misquote of a long title leaves out a modifier inside it ("large
[text] corpora"), which ``words.same_work`` reads. ``verify`` asks both on each hit;
``lower_case_runs`` asks :func:`own_word_after_hit` for the first word of a run printed in
lower case.
"""

from __future__ import annotations

import re
from typing import Optional, Sequence

from ..fields import places, publishers
from ..word_check.counterparts import has_counterpart, not_named
from ..grammar.entry_grammar import (
    DITTO_WORDS, EDITION_WORD, RANGE_DASH, TYPE_MARK, VOLUME_ABBREVIATIONS, YEAR_DIGITS,
)
from ..grammar.name_grammar import AND_WORD, NAME
from ..text.printed_words import LEFT_OUT, WORD
from ..fields.run_on_fields import (
    ABBREVIATED_VENUE, MONTH_OF_DATE, ORGANISATION_NAME, REVISION_WORDS,
)

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
#: Not the word before a month where it is a revision's (``run_on_fields.REVISION_WORDS``): a
#: fixed-width look-behind a word.
_NOT_AFTER_REVISION = "".join(f"(?<!{word})" for word in REVISION_WORDS.split("|"))
_WORD_THEN_TITLE_END = re.compile(
    r" (?:& )?([^\W\d_][^\W_]*)"
    rf"(?: ?[.,:;!?\"\u201d\u2019'\u00bb\u300d\u300f)](?! ?(?!{_NO_INITIAL})[^\W\d_]\.| {NAME};)"
    r"|[\u201c\u00ab](?![^\W_])"  # ... or German quotes' close joined to it: "...Hessen“,"
    rf"| (?={NAME}, [^\W\d_]\.)"  # ... or a title-first entry's authors
    rf"|(?={ABBREVIATED_VENUE})"  # ... or an abbreviated journal name: "stars Nucl. Phys."
    rf"|{_NOT_AFTER_REVISION}(?={MONTH_OF_DATE})"  # "Report October."
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
#: (t. 2)": the marks of ``entry_grammar.VOLUME_ABBREVIATIONS``), the language of the text
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
_OPENING_MARK = r"[\"\u201c\u2018(\u00ab] ?"  # an opening quote or bracket before a title
_TITLE_START_THEN_WORD = re.compile(
    r"(?:(?:(?<=[^\W\d_]{2})|(?<=[\d)\]])|(?<=[^\W\d_] [^\W\d_]))[.:;!?] |\] "
    rf"|(?<=(?<![^\W_])[^\W\d_]\.)[,:] |(?<=(?<![^\W_])al\.)[,:] |(?<![^\W_])[^\W\d_]\. {NAME}, "
    rf"|\({YEAR_DIGITS}[a-z]?\) ?|(?<![\d.]){YEAR_DIGITS},? "
    rf"|{_OPENING_MARK})([^\W\d_]+) $")
#: ... or closed by its comma, right after the year (in brackets, or closed by its full stop)
#: or an opening quote ("(2010). Travail, emploi, métier", "2010. Travail, emploi" for a
#: query that opens at "emploi"): not after an initial, another word's full stop or an
#: entry's "[n]", where the word may be a surname before its comma ("n. okafor, Title",
#: "[3] ito, Title").
_TITLE_START_THEN_WORD_AND_COMMA = re.compile(
    rf"(?:\({YEAR_DIGITS}[a-z]?\)[.:]? ?|(?<![\d.]){YEAR_DIGITS}[a-z]?\. "
    rf"|{_OPENING_MARK})([^\W\d_]+), $")
#: ... or a word and its colon right after the year in brackets ("(2012) AuSREM: Australian
#: ...", "et al. (2012) CAM-chem: Description") or after the year and its full stop ("J. 1986.
#: Introduction: Partial Truths"): the title's head word, the query its subtitle only. (A
#: year with no brackets nor full stop may close the entry before: "Wiley 1994 Lamport: LaTeX:
#: A Document ...", an author list ending with a colon; ``verify`` reads no word here when
#: the searched name is the one right before the hit.)
_DATE_THEN_WORD_COLON = re.compile(
    rf"(?:\({YEAR_DIGITS}[a-z]?\)|(?<![\w.-]){YEAR_DIGITS}[a-z]?\.) ([^\W\d_]+): $")
#: ... or right after the initials of an inverted name that opens an entry ("(9) Hartley, J. M.
#: Relationship of", "2012. Hartley, J. Relationship of"; not "S. Davis, K. McDougall Diabetes"
#: nor "J. Aldridge Whitehead, J. Wilken Sound", where the word before the comma is a surname
#: after its initial or its given name, and the word after the initial is the next author's
#: surname: the word before the surname is a whole word, no initial before it,
#: ``_WORD_NOT_AFTER_INITIAL``, or the word for "and" after the names before, "...Jacoby, H.D.
#: et Prinn, R.G. Uncertainty analysis", ``_AND_BEFORE_NAME``), or after an entry's "[n]",
#: a name of two to four words written out and a comma ("[9] de Varga Henri, Petite histoire",
#: "[27] Karin J Lindqvist, Imagining Harbours", "[3] Council of Coastal Towns, Family
#: Support"; not one word before the comma: "[9] Varga, Henri Title" prints a given name there),
#: or after an inverted surname and its given names written out, each closed by a comma (a
#: style that prints the title right after them: "Okafor, Bea, Harbour pilots", "Varga,
#: Jean-Paul, Petite histoire", an empty field's comma after them: "Varga, Henri, , Petite").
_WORD_NOT_AFTER_INITIAL = r"(?<!(?<![^\W_])[^\W\d_]\. )(?<![^\W_])"
_AND_BEFORE_NAME = rf"(?<![^\W_])(?={AND_WORD} )"  # "...jacoby, h.d. et prinn, r.g. Title"
_INVERTED_NAME_THEN_WORD = re.compile(
    rf"(?:(?:(?:{_AND_BEFORE_NAME}|{_WORD_NOT_AFTER_INITIAL})[^\W\d_]{{2,}}|\d|[)\]])[.;]? "
    r"[^\W\d_][\w'\u2019-]+, (?:[^\W\d_]\. ?){0,3}[^\W\d_]\. "
    rf"|\] (?:{NAME} ){{1,3}}{NAME}, "
    rf"|(?<![^\W_]){NAME}, {NAME}(?: {NAME}){{0,2}},(?: ,)? )([^\W\d_]+) $")
#: The word some styles print for the authors of the entry before, where a title's first word
#: would stand: "...Weinheim, 1986. Idem, Einsäuliger Dom", "...2012. Idem: Material Assistance"
#: (``entry_grammar.DITTO_WORDS``) names the authors again; the title opens after it.
_DITTO_WORD = re.compile(DITTO_WORDS)
#: What stands right before a hit as part of its first word: the letters of a printed word the
#: hit starts inside ("unite d" + "habitation"), or an "&" the hit left out ("dubuffet &" +
#: " lart brut"). :func:`longer_title` reads the word before them.
_HIT_WORD_PIECE = re.compile(r"(?:[^\W_]+|& ?)$")


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
    date joined to the title's last word (:data:`_JOINED_YEAR`), nor a ditto word for the
    authors before the title (:data:`_DITTO_WORD`). A word after the hit that
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
        _TITLE_START_THEN_WORD.search(preceding)
        or _TITLE_START_THEN_WORD_AND_COMMA.search(preceding)
        or _INVERTED_NAME_THEN_WORD.search(preceding)
        or _DATE_THEN_WORD_COLON.search(preceding))
    if before is not None and not _DITTO_WORD.fullmatch(before.group(1)) and not_named(
            before.group(1), query):
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
    word is not one of the query's last ``LEFT_OUT`` + 1 words."""
    for left_out in range(min(LEFT_OUT + 1, len(query))):
        if not has_counterpart(query[-1 - left_out], (last,)):
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
    for left_out in range(min(LEFT_OUT + 1, len(query))):
        if not has_counterpart(query[left_out], (first,)):
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
