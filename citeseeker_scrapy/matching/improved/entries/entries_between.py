"""Whether another reference entry lies between a name and a title found after it.

For lists with no "[n]" nothing but the rest of the name's author list and perhaps its date
stands between a name and its own title: a title and a venue going by (two sentence ends),
the pages or the year that close an entry, or another author list (and its date) right before
the title show the title is the next entry's. ``attribution`` asks it for a hit after a name
(:func:`another_entry_between`), and reads the sentence ends and the author list before a
title with it (:func:`sentence_ends`, :func:`names_before_title`).
"""

from __future__ import annotations

import re
from typing import Iterator, Optional

from ..author_runs.author_lists import (
    NAME_PIECE, ends_author_list, name_start, ends_a_name, given_name_stop_in_run,
)
from .ditto_entries import run_start
from ..grammar.entry_grammar import (
    PAGES, NAMES_BEFORE_TITLE, SENTENCE_ENDS_IN_GAP, SURNAME_BEFORE_TITLE, DATE_BEFORE_TITLE,
    LETTER, COLON_BEFORE_TITLE, NUMBER_AFTER_YEAR, ANY_YEAR, INITIALS_SURNAME_BEFORE_TITLE,
    IN_CONTAINER, LEGAL_CITATION, YEAR_BEFORE_PAGES, RUN_AFTER_CLOSING_FIELD,
    GIVEN_FIRST_RUN_BEFORE_TITLE,
)
from ..grammar.name_grammar import (
    BARE_SURNAMES_RUN, RUN_TO_LAST_NAME, GIVEN_OR_INITIALS, NAME, RUN_PIECE,
)
from ..text.headers import running_headers, without_spans
from ..text.per_text_cache import kept_per_text
from .windows import widened_start

_DATED_WORDS = 8  # letters after an entry's year that are its title or venue, not a name
#: A name's given names in brackets right after its surname, as some styles print every name
#: of a run ("Kuchenbuch (Ludolf), Title", "Dixon (B.) et Mangieri (T.), Title"): up to four
#: words or initials, no digit (not a year, not a bracketed place and its publisher).
_OWN_BRACKETED_GIVEN_NAMES = re.compile(
    r" \([^\W\d_][^\W\d_.'\u2019-]*\.?(?:[ -][^\W\d_][^\W\d_.'\u2019-]*\.?){0,3}\)")
#: The rest of an inverted name after its surname: the comma, one or two given names or
#: initials and the full stop that ends them ("lindqvist|, karin.", "novak|, jan-petr marie.").
_OWN_GIVEN_NAMES = re.compile(rf", {GIVEN_OR_INITIALS}(?: {GIVEN_OR_INITIALS})?\.")
#: ... and only one given name or initials, where the name follows a word with no punctuation
#: ("...Technische Universität Lindqvist|, Karin."): the entry before closed with no full stop.
#: Two given names there may be the next name of a run printed given names first ("Anna
#: Lindqvist|, Karin Moe.").
_ONE_OWN_GIVEN_NAME = re.compile(rf", {GIVEN_OR_INITIALS}\.")
#: A name's full stop and the next surname of more than one letter, not given names or an
#: initial with a semicolon after them ("paris|. pinheiro f.j.", not "deo|. sarang; jain"
#: nor "deo|. s.; jain": a style that prints each surname with a full stop before its given
#: names).
_SURNAME_AFTER_FULL_STOP = re.compile(rf"\. {NAME}(?![;.])[ ,]")
#: The text between an entry's date in brackets and the last name of an author run ending
#: before a title, where that run opens right after the date: the date's closing bracket and
#: punctuation, the run's pieces, then the last surname up to its initial ("(2009).van den
#: berghe.w & wastiau.|p. Title"). A date in brackets after a name is an author-date style's.
_RUN_RIGHT_AFTER_DATE = re.compile(
    rf"\)[.,:; ]*(?:{RUN_PIECE})+(?:{NAME} ){{0,2}}{NAME}[.,]? ?")


@kept_per_text
def another_entry_between(text: str, name_end: int, start: int) -> bool:
    """True if a title at ``start`` belongs to an entry after the one a name ends at.

    For lists with no "[n]": between a name and its title lie only the rest of the author
    list and perhaps the year, so two sentence ends ("...of authors. In: Proc. of DEXA...")
    mean a title and a venue went by, and so does one followed by another author list right
    before the hit ("...authors. Springer (2005) Brown, A.: Title"), or two author lists ending
    with a colon ("Knuth, Lamport: Typesetting, 1990 Goossens, Samarin: Title"), or one
    followed by another author list and its date ("...Addison-Wesley. K. Kline and D. Kline
    (2001) Title"; the sentence may end with an ISBN); so do the pages of an
    entry ("..., 12, pp. 382-395. Haddad, J., n.d., Title": styles with commas only have no
    other sentence end; "...pp. 271-278 (2011) 2. Haddad, M.: Title"), but not the pages
    printed right after the year that closes the name's run (:func:`_pages_of_another_entry`);
    so does another dated author run right before the hit after the name's own date and words,
    with no sentence end between (:func:`_dated_run_before_title`), and so does a run printed
    given names first right after a field that closed the name's entry
    (:func:`_given_first_run_before_title`: "..., Bari, 2008 Nora Ferri, Title"). The count
    starts after the author list the name is in (a footnote may interrupt a long one) and
    again after a ditto mark (that entry goes on with the same authors). Called by
    ``attribution.attributed``.
    """
    start = widened_start(text, start, name_end)
    gap_start = run_start(text, name_end, start)
    if (_title_after_legal_citation(text, gap_start, start)
            or _inside_template(text, name_end, start)):
        return False
    if (_pages_of_another_entry(text, name_end, gap_start, start)
            or NUMBER_AFTER_YEAR.search(text, gap_start, start)
            or _run_after_closing_field(text, name_end, start)):
        return True
    ends, last_end = 0, gap_start
    for sentence_end in sentence_ends(text, gap_start, start):
        ends, last_end = ends + 1, sentence_end.end()
        if ends == 2:
            return True
    date = DATE_BEFORE_TITLE.search(text, max(last_end, start - 25), start)
    if ends and date is not None and LETTER.search(text, last_end, date.start()):
        return True  # "...Addison-Wesley. K. Kline and D. Kline (2001) Title"
    names_end, two_lists = names_before_title(text, gap_start, start)
    if names_end is None:
        return (_dated_run_before_title(text, name_end, gap_start, date)
                or _given_first_run_before_title(text, name_end, gap_start, start, ends))
    return ends + two_lists >= 1 or _dated_entry_before(text, name_end, names_end.start())


#: How far before a name the opening of a wiki citation template is looked for.
_TEMPLATE_REACH = 300


def _inside_template(text: str, name_end: int, start: int) -> bool:
    """True if the name ending at ``name_end`` and the title at ``start`` lie inside one wiki
    citation template, its "{{" opened before the name and its "}}" not yet printed before the
    title ("{{cite journal | vauthors=((Bueno, J.)), ((Day, P. K.)) | journal=Appl. Phys. Lett
    | title=Proof of concept ... }}": wikipedia-templates): the braces bound the entry, so
    the abbreviations of a field before the title ("Appl. Phys.") close no entry. Called by
    :func:`another_entry_between`."""
    opening = text.rfind("{{", max(0, name_end - _TEMPLATE_REACH), name_end)
    return (opening >= 0 and text.find("}}", opening, name_end) < 0
            and text.find("}}", name_end, start) < 0)


def _dated_run_before_title(text: str, name_end: int, gap_start: int,
                            date: Optional[re.Match[str]]) -> bool:
    """True if an author run and its date (``date``, ``DATE_BEFORE_TITLE``) stand right
    before a title, after the name's own date and words (its title, its venue:
    :func:`_dated_entry_before`): the next entry's run, even where nothing closes the name's
    entry, as styles print it with no punctuation after a title, its pages or a bracketed
    place ("Lindqvist, P. (2001). Drift techniques are coming Maclean, S. A. (1999). Title",
    "...(2001). Drift techniques (Oslo: Bell),. Maclean, S. A. (1999). Title"). A run of
    the same entry has no date and no words between the name and it ("Lindqvist, P.,
    Maclean, S. A. (1999). Title"). So is a run after the name's own full stop, where the
    name closes its entry as its place or publisher ("...V. Palme, Paris. Pinheiro F.J. 2015.
    Title"): a surname in a run is followed by its given names, a comma or the run's date
    (``_SURNAME_AFTER_FULL_STOP``). A running header between the name and the run (a page
    break inside the author list) is left out first: its date and words are the page's, not
    the name's entry's ("...and A. | 1 Journal of Studies 12 (2024) Styles | M. Sporn. 2004.
    Title"). Called by :func:`another_entry_between` when no author list ends right before
    the title."""
    if date is None:
        return False
    headers = running_headers(text, name_end, date.start())
    if headers:
        text, moved = without_spans(text, headers)
        name_end, gap_start = moved(name_end), moved(gap_start)
        date = DATE_BEFORE_TITLE.match(text, moved(date.start()))
        if date is None:
            return False
    names_end = names_before_title(text, gap_start, date.start())[0]
    return names_end is not None and (_SURNAME_AFTER_FULL_STOP.match(text, name_end) is not None
                                      or _dated_entry_before(text, name_end, names_end.start()))


def _given_first_run_before_title(text: str, name_end: int, gap_start: int, start: int,
                                  ends: int) -> bool:
    """True if a run of names printed given names first stands right before a title at
    ``start`` after a field that closes an entry (``GIVEN_FIRST_RUN_BEFORE_TITLE``), and a
    sentence end (``ends``), the name's own date and words (:func:`_dated_entry_before`) or
    words enough for a title and a venue (twice ``_DATED_WORDS`` letters: "Bassi, Ugo,
    Bonifiche: fiumi, Laterza (Bari), x+281. Ferri Nora, Title", where no sentence end shows)
    lie between the name's author list and it: the name's entry went on to its title and venue,
    so the run is the next entry's ("Ugo Bassi, Title, Milano, 2008 Nora Ferri, Title"). The
    run's own name is no title's first words there: a title follows the name's run or its date,
    not a comma after a closing field. The name's own given names in brackets right after it
    (``_OWN_BRACKETED_GIVEN_NAMES``: "Initiative (Sustainable Forestry) et Inc, Title") are
    neither a title nor a field their bracket closes, so the words are counted after them.
    Called by :func:`another_entry_between` when no author list with initials or a colon ends
    right before the title."""
    own = _OWN_BRACKETED_GIVEN_NAMES.match(text, name_end)
    if own is not None:
        gap_start = max(gap_start, own.end())
    run = GIVEN_FIRST_RUN_BEFORE_TITLE.search(text, max(gap_start, start - 3 * NAME_PIECE), start)
    return run is not None and (
        ends > 0 or _dated_entry_before(text, name_end, run.start())
        or len(LETTER.findall(text, gap_start, run.start())) >= 2 * _DATED_WORDS)


def _run_after_closing_field(text: str, name_end: int, start: int) -> bool:
    """True if another entry's author run stands right before a title at ``start``, after a
    year or pages that closed the name's entry with no punctuation (``RUN_AFTER_CLOSING_FIELD``),
    words before them (its title and venue). Read from the name itself, not from the end of
    its author list: an entry that prints its fields with commas only ("Jenkins, David,
    Title, London, Phaidon Press, 1993 Hengo, Ally, Title") reads as one long author list.
    Called by :func:`another_entry_between`."""
    run = RUN_AFTER_CLOSING_FIELD.search(text, max(name_end, start - 3 * NAME_PIECE), start)
    return run is not None and len(LETTER.findall(text, name_end, run.start())) >= _DATED_WORDS


def _pages_of_another_entry(text: str, name_end: int, gap_start: int, start: int) -> bool:
    """True if ``PAGES`` lie in ``[gap_start, start)`` that close an entry: not the pages some
    styles print right after the year that closes an author run and right before the title,
    with only a bracket between them and the year ("Doleman, PM, 2012: 93–124 Title", "Name,
    Jutta, (2008): 155–164 Title": a chapter's pages beside its date;
    ``author_lists.ends_author_list`` reads the run from ``name_end`` to the year, with no
    sentence end before it). An entry
    closed by its pages has its title and venue before them, and anything after its pages
    ("..., Toubert (2004), 145-217). Next entry"): the next entry. Called by
    :func:`another_entry_between`."""
    pages = PAGES.search(text, gap_start, start)
    if pages is None:
        return False
    year = YEAR_BEFORE_PAGES.search(text, max(gap_start, pages.start() - 8), pages.start())
    own = (year is not None and not text[pages.end():start].strip()
           and next(sentence_ends(text, gap_start, year.start()), None) is None
           and ends_author_list(text, name_end, year.start()))
    return not own


def names_before_title(text: str, gap_start: int, start: int
                        ) -> tuple[Optional[re.Match[str]], bool]:
    """The end of an author list right before a title at ``start`` (after ``gap_start``),
    or None; and True if it ends with a colon and another such list lies before it ("...:
    Title, 1990 Goossens, Samarin: Title": two lists). Called by
    :func:`another_entry_between` and ``attribution.repeated_in_entry``."""
    names_end = NAMES_BEFORE_TITLE.search(text, max(gap_start, start - 12), start)
    if names_end is None:  # "...Phys. Rev. Lett. 96 (2006). W. H. Zurek. Title"
        names_end = SURNAME_BEFORE_TITLE.search(text, max(gap_start, start - NAME_PIECE), start)
        if names_end is not None and not ends_a_name(text, names_end.start()):
            names_end = None
    if names_end is None:
        names_end = COLON_BEFORE_TITLE.search(text, max(gap_start, start - 4), start)
        if names_end is not None:
            return names_end, COLON_BEFORE_TITLE.search(
                text, gap_start, names_end.start()) is not None
    if names_end is None:
        names_end = INITIALS_SURNAME_BEFORE_TITLE.search(
            text, max(gap_start, start - NAME_PIECE), start)
    return names_end, False


def _title_after_legal_citation(text: str, gap_start: int, start: int) -> bool:
    """True if a legal citation follows the name's run and the title follows it right away
    ("Phillips, Nathan. 19 Law. & Banker & S. Bench & B. Rev. 311 (1926) Title"): one entry,
    although the reporter's abbreviations look like sentence ends and its year like the
    next entry's. Anything after the citation but its punctuation ("(1926). Moreau, J.
    Title") leaves the decision to the other rules. Called by
    :func:`another_entry_between`."""
    legal = LEGAL_CITATION.search(text, gap_start, start)
    return (legal is not None and legal.start() - gap_start <= NAME_PIECE
            and not text[legal.end():start].strip(" .,;:"))


def _dated_entry_before(text: str, name_end: int, names_end: int) -> bool:
    """True if a year, then words, lie between a name's author list and the name run that ends
    right before a title: the name's entry was dated and went on (its title, its venue), so
    the run is the next entry's authors even where no sentence end shows it ("Koehne E, 1884,
    Les lythrariees, Giornale (16): p 100-104 Mark N. Salvo, Title", "Adelberger, E. 2007,
    \"Title,\" Phys. Rev. Lett. 98, 010402 R. A. Battye and P. M. Sutcliffe, Title").
    Called by :func:`another_entry_between` only when such a run was found. A single word
    right after the year that dates the name's author list is no other entry's run: a main
    title before its subtitle's colon ("Subramanian, A. (2009): Shorelines: Space and
    Rights") looks like a list of surnames ending with a colon ("Goossens: Title"), but no
    title and venue went by between the year and it (words there, "..., 2005. 1995: Ulf
    Preuss: Title", are counted with the run); nor is a run of names with their initials
    that opens right after that year (``_RUN_RIGHT_AFTER_DATE``: "Kowal.J,(2011).Van der
    Berg.M & Ostrom.E. Title", the date printed after the first author): no title went by
    there either, the name's own entry would have none."""
    year = ANY_YEAR.search(text, name_end, names_end)
    if year is None:
        return False
    if not ends_author_list(text, name_end, year.start()):
        return True
    if _RUN_RIGHT_AFTER_DATE.fullmatch(text, year.end(), names_end):
        return False
    return (LETTER.search(text, year.end(), name_start(text, names_end)) is not None
            and len(LETTER.findall(text, year.end(), names_end)) >= _DATED_WORDS)


def sentence_ends(text: str, low: int, high: int) -> Iterator[re.Match[str]]:
    """The sentence ends in ``[low, high)`` but a name's full stop and a contribution's title
    before its container ("In: Editor: Book"). The full stop that closes an author run opened
    by the name ending at ``low`` and going on to its last name after the word for "and"
    (``RUN_TO_LAST_NAME``: "Zissis|, Dimitrios and Dimitrios Lekkas. vol. 28. 2012, Title")
    ends that run, no sentence, and so does the full stop after the last of bare surnames
    joined by semicolons (``BARE_SURNAMES_RUN``: "DRAPER|; KRAMER; BUILDERS. The Community.
    Title"); not where the name is inside a list of given names and
    surnames ("..., Nenad Ceka|, S. Fadda, and Sara Santoro. Durresi. Title": the words after
    such a list may be a title's own first sentence). So does the full stop that closes the
    given names of an inverted name that opens a run at ``low`` (``_OWN_GIVEN_NAMES``:
    "..., 12, 45-67 Lindqvist|, Karin. Sagas. Title"), which ``ends_a_name`` reads only
    after punctuation; so does that of its one given name or initials where the name follows
    a word, the entry before closed with no full stop (``_ONE_OWN_GIVEN_NAME``, "...Technische
    Universität Lindqvist|, Karin. Sagas. Title"); or its one given name with no comma where
    the run goes on given names first to its date (``author_lists.given_name_stop_in_run``:
    "Gonzalez| Roberto. Angel Cuevas y Carmen Guerrero (2011). Title"). Called here and by
    ``attribution._names_then_year``."""
    opened = _opens_run(text, low)
    after_word = not opened and _follows_word(text, low)
    for sentence_end in SENTENCE_ENDS_IN_GAP.finditer(text, low, high):
        stop = sentence_end.end() - 1
        if not (ends_a_name(text, sentence_end.start())
                or IN_CONTAINER.match(text, sentence_end.end())
                or (opened and (_OWN_GIVEN_NAMES.fullmatch(text, low, stop)
                                or RUN_TO_LAST_NAME.fullmatch(text, low, stop)
                                or BARE_SURNAMES_RUN.fullmatch(text, low, stop)
                                or given_name_stop_in_run(text, low, high)))
                or (after_word and _ONE_OWN_GIVEN_NAME.fullmatch(text, low, stop))):
            yield sentence_end


def _follows_word(text: str, name_end: int) -> bool:
    """True if the word ending at ``name_end`` (with the pieces a hyphen or an apostrophe
    joins to it) follows another word with only a blank between: where an entry closes with
    no punctuation ("...Technische Universität Lindqvist, Karin."), or inside a run printed
    given names first. Called by :func:`sentence_ends`."""
    start = name_start(text, name_end)
    return start > 1 and text[start - 1] == " " and text[start - 2].isalpha()


def _opens_run(text: str, name_end: int) -> bool:
    """True if the word ending at ``name_end`` (its pieces a hyphen or an apostrophe joins
    with it) opens an author run: at the text's start or right after a full stop, a bracket,
    a colon or a semicolon, or a number (the entry before ends with its pages or its year and
    no full stop: "..., 12, 45-67 Lindqvist, Karin."); not after another word or a comma.
    Called by :func:`sentence_ends`."""
    start = name_start(text, name_end)
    before = text[max(0, start - 2):start].rstrip()
    return not before or before[-1] in ".)]:;" or before[-1].isdigit()
