"""Title-first entries: a title printed before the author list that holds a name.

A hit before a name cites it if the name's author list follows the title closely ("Title /
H. Reiser, G. Cowlan", "Title. Demertzi A, Gomez F, ..."), with no sentence end between and
no end of another author list right before the title ("Toman, M.: Title", "2014. Title"),
unless the entry before closes so that a title-first entry starts there (a statement of
responsibility, a place and year, a year after a field's full stop). Called by
``attribution.attributed`` for the first name after a hit.
"""

from __future__ import annotations

import re
from typing import Iterator, Optional

from ..author_runs.author_lists import NAME_PIECE, author_list_end, ends_a_name
from ..grammar.entry_grammar import (
    LIST_BEFORE_TITLE, AFTER_VENUE, AFTER_PAGES, AFTER_TITLE_MARK_OR_CODE, CODE_REACH, PAGES,
    LETTER, SENTENCE_END, FULL_STOP_NAMES, PLACE_BEFORE_YEAR, YEAR_DIGITS, FIELD_NUMBER,
    EDITOR_ROLE,
)
from ..grammar.name_grammar import AND_WORD, BY_GIVEN_NAMES, NAME
from ..text.headers import INTERRUPTION, running_headers, without_spans
from ..text.printed_words import opens_paragraph
from ...word_edges import PrintedCase
from .windows import widened_start, widened_end

#: The slash that opens a statement of responsibility right after a title (GOST 7.1: "Title
#: / B. Coüasnon, J. Camillerapp // Container"), not a container's double slash.
_RESPONSIBILITY = re.compile(r" ?[.,:;]? ?/ (?!/)")
#: What ends a statement of responsibility: the container's double slash, the next field's
#: dash ("... / K. Ozols. — Riga, 2005."), an entry's "[n]".
_STATEMENT_END = re.compile(r"//| [\u2014\u2013-] |\[\d")
_INITIALS = r"(?:[^\W\d_]\. ?){1,3}"  # "b.", "e. n.", "l.m."
#: The first name of a statement of responsibility: initials, then the surname ("e. n.
#: matyushkin"), in group 2.
_STATEMENT_NAME = re.compile(rf"({_INITIALS}) ?({NAME})")
#: An inverted name's initials after its surname, up to the end: ", B. " (:func:`_inverted_at_end`).
_INITIALS_TO_END = re.compile(rf",? {_INITIALS} ?$")
#: A date after an author run printed with brackets or punctuation ("Fiala, D. 2011. ",
#: "Fiala D (2011) "), not bare ("Hume D. 1975 Title": a bare year may close the entry).
_PRINTED_RUN_DATE = re.compile(
    rf"(?:\(|(?<![\w.-])){YEAR_DIGITS}[a-z]?(?:\)| ?[.,:;])(?= )")
_PRINTED_DATE_LENGTH = 8  # "(2011a) ": the longest date ``_PRINTED_RUN_DATE`` reads
#: An initial's full stop with a listed name after it, its comma ending that name ("m. holm,"):
#: an author run goes on past it (:func:`_run_end`), ...
_INITIAL_THEN_LISTED_NAME = re.compile(r"(?<![^\W_])[^\W\d_]\. [^\W\d_][\w'\u2019-]*,")
#: ... but not past the searched surname's own initials right after it, the last one's full
#: stop closing an inverted name ("subramanian a. shorelines, stanford:", "nygaard o.k.
#: seaboards,"): the word after it is the next field's, a container closed by its comma.
_OWN_INITIALS = re.compile(r" (?:[^\W\d_]\.? ?){0,2}[^\W\d_]\. ")
#: A place after a comma, right before a year ("P. Chiron, Paris 1923.", "..., Bad Heilbrunn
#: 2007"): the publication data that close a title-first entry, not an author run's date.
_PLACE_AFTER_COMMA = re.compile(r", [^\W\d_][\w/-]*(?: [^\W\d_][\w/-]*){0,2} $")
#: A field's full stop right before a year: a word of two letters or more ("Echo. 2010."),
#: not an initial nor "et al" ("Toman, M. 2014.", "Toman et al. 2014.": an author run's date).
_FIELD_BEFORE_YEAR = re.compile(r"(?<!\bet )[^\W\d_]{2}\. \(?$")

#: "By" between a title (its closing quote or mark) and the name, perhaps after the name's
#: given names or initials: "“Title” by Ulf Preuss-Lausitz", "“Title” by C. M. G. McHugh"
#: (arlisna-reviews). The work's authors, named in words after its title, whatever run ends
#: before the title: the entry before may close with its year ("...(GEPA), 2000. “Title” by").
_BY_AUTHORS = re.compile(rf"[^\w\s]{{0,3}}{BY_GIVEN_NAMES}")
#: ... for a hit that starts where its title opens: after an opening quote, a sentence's end
#: or the text's start; a hit that leaves out the title's first words has them before it
#: ("“Verschiedenes, |Das Einander Nicht Untergeordnet Ist” by").
_TITLE_OPENS = re.compile(r"(?:^|[.?!)] |[\"\u201c\u2018\u00ab] ?)$")
#: A title-first entry's publication data in brackets, perhaps its year again, then an
#: editor's role opening its names, right after its title: "Title (2016, s.l.). 2016. ed.
#: Newmark, G. s.l.," (a CSL style that prints a work with no container so, its names as
#: editors'). Up to its names (:func:`_edited_after_date`).
_DATED_EDITORS = re.compile(
    rf" \([^()]{{1,60}}\)\. (?:{YEAR_DIGITS}\. )?(?:{EDITOR_ROLE}) (?=[^\W\d_])")
#: An author run of bare surnames that opens right after a title-first entry's title, with no
#: mark between, up to the searched name: "...Redevelopment Proposal Draper, Kramer und T.C.
#: Builders (1999)" (a style that prints the authors on the line after the title, as an
#: organisation's parts are named, each closed by its comma, the last after the word for "and"
#: and perhaps its initials). No name closed by a blank alone: that is the title's next word
#: ("...Redevelopment Proposal Draper," read for a query without "Proposal").
_BARE_SURNAMES_UP_TO_NAME = re.compile(
    rf" ?(?:{NAME}, ){{0,4}}(?:{NAME},? {AND_WORD} )?(?:{_INITIALS} ?)?")
#: What closes the searched name in that run: a comma or a full stop, its bracketed year, the
#: word for "and" before the run's last name.
_NAME_CLOSED = re.compile(rf" ?[,.;:(]| {AND_WORD} ")


def names_open_after_title(text: str, hit: tuple[int, int], name_span: tuple[int, int],
                           printed: PrintedCase) -> bool:
    """True if a hit that opens its paragraph in the print (``hit``: its first word's start,
    its end; ``printed_words.opens_paragraph``: the entry's first field) is followed right at
    its end by the author run that holds the searched name at ``name_span``: the name itself,
    or bare surnames up to it (``_BARE_SURNAMES_UP_TO_NAME``), closed after it
    (``_NAME_CLOSED``). The words there are the title-first entry's names, not more words of
    its title; a hit that leaves out the title's first words does not open the paragraph.
    Called by ``verify._words_after_hit`` for a hit with the searched name after it."""
    first, at = hit
    return (at <= name_span[0]
            and _BARE_SURNAMES_UP_TO_NAME.fullmatch(text, at, name_span[0]) is not None
            and _NAME_CLOSED.match(text, name_span[1]) is not None
            and opens_paragraph(text, first, printed))


def title_first(text: str, start: int, end: int, name_span: tuple[int, int], gap: int
                ) -> bool:
    """True if a title at ``text[start:end]`` is followed by the author list holding the name
    at ``name_span`` (:func:`_names_follow_title`), read as printed or, where a page break
    falls between them, without the page's running header and footer
    (:func:`_names_follow_title_across_page_break`). Called by ``attribution.attributed``
    for the first name after a hit."""
    return (_names_follow_title(text, start, end, name_span, gap)
            or _names_follow_title_across_page_break(text, start, end, name_span, gap))


def _names_follow_title_across_page_break(text: str, start: int, end: int,
                                          name_span: tuple[int, int], gap: int) -> bool:
    """True if running headers (``headers.running_headers``: a browser's date, the page's
    title, its address and page counter) stand between a title ending at ``end`` and the
    name at ``name_span``, within ``gap`` and a page break's print (``headers.INTERRUPTION``)
    after the title, and with them left out the title is followed by the author list
    holding the name (:func:`_names_follow_title`): "...Marked Men: White Masculinity in
    Crisis | 12/6/26, 4:17 PM Studies ... paper.html 2/4 | S. Robinson (2000), ...", a
    title-first entry a page break cut after its title. Called by :func:`title_first` when
    the text as printed gives no author list after the title."""
    spans = running_headers(text, end, min(name_span[0], end + gap + INTERRUPTION))
    if not spans:
        return False
    cleaned, moved = without_spans(text, spans)
    return _names_follow_title(cleaned, moved(start), moved(end),
                               (moved(name_span[0]), moved(name_span[1])), gap)


def _names_follow_title(text: str, start: int, end: int, name_span: tuple[int, int], gap: int
                        ) -> bool:
    """True if a title at ``text[start:end]`` is followed by the author list holding the name
    at ``name_span``, as the text prints them.

    Between them at most ``gap`` characters, or the author list that starts there, and no
    sentence end but a name's full stop ("...embeddings. In ICLR.
    Iz Beltagy", "...118. 24. Øvretveit", "...1996. [4] E. Chang": the title belongs to the
    entry before) nor pages ("...In: Proc. of DEXA, pp. 18-29 (2006) 8. Svoboda": a venue
    and its pages close an entry; a title-first entry has its authors before them), and
    right before the title no end of an author list ("Toman, M.: Web crawling. Fiala, D.",
    "2014. Adam: ..."): that title has its authors in front of it; unless "by" names the
    authors after a title the hit opens (``_BY_AUTHORS``, ``_TITLE_OPENS``), a statement of
    responsibility holds the name (:func:`_responsibility_holds`), or the entry before closes
    with a year after a place
    (:func:`_after_place_and_year`) or after a field's full stop and the name's run prints
    no date (:func:`_undated_run_after`). The author list before the title is read once
    (:func:`_list_end_before`), for the last three.
    """
    name = name_span[0]
    if _edited_after_date(text, end, name, gap):
        return True
    if not _names_right_after(text, end, name, gap):
        return False
    word_start = widened_start(text, start, 0)
    if (_BY_AUTHORS.fullmatch(text, widened_end(text, end, name), name)
            and _TITLE_OPENS.search(text, max(0, word_start - 4), word_start)):
        return True
    year = _list_end_before(text, word_start)
    if year is None:
        return True
    return (_responsibility_holds(text, (word_start, end), name)
            or year >= 0 and (_after_place_and_year(text, year, end, name)
                              or _undated_run_after(text, year, name_span[1], name + gap)))


def _edited_after_date(text: str, end: int, name: int, gap: int) -> bool:
    """True if the title ending at ``end`` is followed by its publication data in brackets,
    perhaps its year again, and an editor's role (``_DATED_EDITORS``), and ``name`` is in the
    list of names that opens right after that role, within ``gap`` or through the list: the
    title's own statement of responsibility, whatever the entry before ends with ("ed. Murphy,
    K. s.l., Title (2016, s.l.). 2016. ed. Newmark, G."). Called by :func:`_names_follow_title`
    first."""
    edited = _DATED_EDITORS.match(text, widened_end(text, end, name))
    if edited is None or name < edited.end():
        return False
    return name - edited.end() <= gap or _in_list_after(text, edited.end(), name, gap)


def _names_right_after(text: str, end: int, name: int, gap: int) -> bool:
    """True if ``name`` follows a title ending at ``end`` within ``gap`` characters or in the
    author list that starts there, with no pages and no sentence end but a name's full stop
    between them (:func:`_names_follow_title`'s first half, read before the text before the
    title)."""
    return ((name - end <= gap or _in_list_after(text, end, name, gap))
            and PAGES.search(text, end, name) is None
            and (FULL_STOP_NAMES.fullmatch(text, end, name) is not None
                 or not any(_sentence_ends_before_names(text, end, name))))


def _sentence_ends_before_names(text: str, end: int, name: int) -> Iterator[re.Match[str]]:
    """The sentence ends between a title ending at ``end`` and ``name`` after it, but a name's
    full stop and those of a field's number (``FIELD_NUMBER``: "...ecosystems. Bd. 36 / C. J.
    Walsh", "...Vestnik. Vol. 10. A. I. Dabizha/ M.S. Krass"): a title-first entry may print
    its volume between its title and its names. Called by :func:`_names_follow_title`."""
    low = min(end + 2, name)
    fields = [match.span() for match in FIELD_NUMBER.finditer(text, low, name)]
    for match in SENTENCE_END.finditer(text, low, name):
        if not (ends_a_name(text, match.start())
                or any(field_start <= match.start() < field_end
                       for field_start, field_end in fields)):
            yield match


def _responsibility_holds(text: str, hit: tuple[int, int], name: int) -> bool:
    """True if the title at ``hit`` (its first word's start, its end) is followed by a
    statement of responsibility that holds ``name``: a slash, then the work's authors, up to
    the container's double slash or the next field's dash (GOST 7.1: "Coüasnon, B. Title /
    B. Coüasnon, J. Camillerapp // Container. — 1995."). Every author of the work is named
    there, the first one also right before the title, inverted ("Coüasnon, B."): so the
    author run that ends before the hit is this title's own, and so is a later name of the
    statement. Only where the hit starts right after that run: a hit that leaves out the
    title's first words ("Numbers, distribution and ..." read for a query without
    "Numbers,") has them between. Called by :func:`_names_follow_title`."""
    slash = _RESPONSIBILITY.match(text, hit[1])
    if slash is None or _STATEMENT_END.search(text, slash.end(), name):
        return False
    first = _STATEMENT_NAME.match(text, slash.end())
    return first is not None and _inverted_at_end(text[max(0, hit[0] - NAME_PIECE):hit[0]],
                                                  first.group(2))


def _inverted_at_end(before: str, surname: str) -> bool:
    """True if ``before`` ends with ``surname`` (at a word's start) and its initials, inverted
    ("Coüasnon, B. "). Called by :func:`_responsibility_holds` with the statement's first
    surname."""
    at = before.find(surname)
    while at >= 0:
        if (at == 0 or not before[at - 1].isalnum()) and _INITIALS_TO_END.match(
                before, at + len(surname)):
            return True
        at = before.find(surname, at + 1)
    return False


def _after_place_and_year(text: str, year: int, end: int, name: int) -> bool:
    """True if the year at ``year``, right before a title (:func:`_list_end_before`; the
    title's end at ``end``), follows a place with no punctuation between, as the entry before
    closes its publication data ("..., Pennsylvania, USA 1999. Title", "Rio de Janeiro 1999.
    Title"), and ``name`` follows the title after other words of its own run: a title-first
    entry names its authors or body after the title ("Title. British Standards Institution,
    UK 2007.", "Title. Perry Anderson, Rio de Janeiro 1999."). A name right after the title's
    punctuation opens the next entry ("Smith 1999. Title. Fiala, D. 2000.";
    :func:`_undated_run_after` reads the one whose run prints no date), and a name before the
    year is an author run's ("Smith, J. 1999.", "et al. 1999."). Called by
    :func:`_names_follow_title`."""
    if PLACE_BEFORE_YEAR.search(text, max(0, year - 8), year) is None:
        return False
    end = widened_end(text, end, name)
    return LETTER.search(text, end, name) is not None


def _undated_run_after(text: str, year: int, name_end: int, high: int) -> bool:
    """True if the year at ``year``, right before a title (:func:`_list_end_before`), follows a
    field's full stop ("...Glen Echo. 2010. Title", "...Cosmochimica Acta. 1994. Title") and
    the run of the name ending at ``name_end`` after the title prints no date of its own
    before or right after its first full stop (``_PRINTED_RUN_DATE``; a place after a comma
    and its year are the entry's publication data, ``_PLACE_AFTER_COMMA``): a style that
    prints a run's date after the run prints it after every run, so the year before the title
    closes the entry before and the name is the title-first entry's ("Title.Goetsch H.
    American Marketing Association. 1994.", "Title.Hume D. 1975 Title", "...Earth. 2012.
    Title. P. Chiron, Paris 1923."). So does a year after a place ("...Laterza 1995. Title.
    Battelle Memorial Institute, Denver 1988."). A run with its date after it
    opens the next entry ("Smith, John. 2010. Title. Fiala, D. 2011. Title", "..., and Kari
    Holm. 2011."); a year after an initial or "et al" is an author run's ("Toman, M. 2014.
    Title"). Called by :func:`_names_follow_title`."""
    if (_FIELD_BEFORE_YEAR.search(text, max(0, year - 5), year) is None
            and PLACE_BEFORE_YEAR.search(text, max(0, year - 8), year) is None):
        return False
    run_end = _run_end(text, name_end, high)
    if run_end < 0:
        return False
    dates = _PRINTED_RUN_DATE.finditer(text, name_end, run_end + _PRINTED_DATE_LENGTH)
    return not any(date.start() <= run_end and not _after_place(text, date) for date in dates)


def _run_end(text: str, name_end: int, high: int) -> int:
    """Where the run of the name ending at ``name_end`` ends: after its first full stop and
    blank before ``high``, past an initial's full stop with a listed name after it ("Kari M.
    Holm, Per Moe, and Ola Vik. 2011.": the list goes on). A full stop after an initial that
    no listed name follows ends the run ("Goetsch H. American Marketing Association. 1994.").
    -1 if the run goes on past ``high``: a long author list whose date lies beyond the search
    region tells nothing. The searched surname's own initials right after it, inverted, end the
    run at their full stop whatever follows (``_OWN_INITIALS``: atlas-of-genetics, "Title.
    Subramanian A. Shorelines, Stanford: ..."). Called by :func:`_undated_run_after`."""
    stop = text.find(". ", name_end, high)
    if stop > 0 and _OWN_INITIALS.fullmatch(text, name_end, stop + 2):
        return stop + 2
    while stop > 0 and _INITIAL_THEN_LISTED_NAME.match(text, stop - 1):
        stop = text.find(". ", stop + 2, high)
    return -1 if stop < 0 else stop + 2


def _after_place(text: str, date: re.Match[str]) -> bool:
    """True if an unbracketed ``date`` follows a place after a comma (``_PLACE_AFTER_COMMA``:
    "P. Chiron, Paris 1923."): a title-first entry's publication data, not an author run's date
    ("Nygaard, Olaf (2011)"). Called by :func:`_undated_run_after`."""
    return not date.group().startswith("(") and _PLACE_AFTER_COMMA.search(
        text, max(0, date.start() - NAME_PIECE), date.start()) is not None


def _in_list_after(text: str, end: int, name: int, gap: int) -> bool:
    """True if ``name`` is in an author list that starts within ``gap`` after a title: a
    title-first entry lists all its authors there, the twelfth as well as the first
    ("...alterations. Demertzi A, Gomez F, Crone JS, ..., Kirsch M, Laureys S")."""
    comma = text.find(",", end + 1, end + gap)
    return comma >= 0 and name <= author_list_end(text, comma + 1) + NAME_PIECE


def _list_end_before(text: str, at: int) -> Optional[int]:
    """Where the year that ends an author list right before ``at`` starts (``LIST_BEFORE_TITLE``:
    "2014. "), -1 if that list ends with no year ("Toman, M.: "); None if no author list ends
    there: none, or a year after a venue ("Journal of the Web, 2024. ", where a title-first
    entry starts) or pages ("52: 35-46. 2014. ": the entry before ends there). Called by
    :func:`_names_follow_title`, which hands the year on to :func:`_after_place_and_year` and
    :func:`_undated_run_after`."""
    match = LIST_BEFORE_TITLE.search(text, max(0, at - 12), at)
    if match is None:
        return None
    year = match.start("year")
    return None if year >= 0 and _year_closes_entry_before(text, year) else year


def _year_closes_entry_before(text: str, year: int) -> bool:
    """True if the year at ``year`` follows a field no author run ends with: a venue
    (``AFTER_VENUE``), pages or a volume (``AFTER_PAGES``), a title's question mark or a
    report's code (``AFTER_TITLE_MARK_OR_CODE``). The year then closes the entry before, and
    a title after it may be a title-first entry's. Called by :func:`_list_end_before`."""
    return (AFTER_VENUE.search(text, max(0, year - 6), year) is not None
            or AFTER_PAGES.search(text, max(0, year - 5), year) is not None
            or AFTER_TITLE_MARK_OR_CODE.search(text, max(0, year - CODE_REACH), year) is not None)
