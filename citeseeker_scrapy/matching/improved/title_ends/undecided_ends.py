"""Where the printed capitals cannot tell a title's last word from the next field's first
(improved scheme).

A title run into the next field with no punctuation (``capitals``) is told apart by its
capitals in some shapes; in others a title that lacks its last word prints the same: one
capitalised word that closes the entry ("...Hopes and Fear Zodiac, 24–35"), or opens a
chapter's book up to the chapter's pages, or a name of capitalised words joined by hyphens
before its full stop and the book's subtitle ("...médiévale Havre-Fécamp-Dieppe. Häfen"), or
a journal abbreviated with its full stops before its words ("...Electron .J .Diff .Equ"), or
two capitalised words in a row or more (a container, a publisher or the next entry's author
run into the title). :func:`undecided_end`
names those runs (:class:`RunOn`), so the hit is read again with the title closed after the
query's last word and, where it passes, reported with its end marked uncertain. Who calls
it: ``superset``, on an original hit a word check turned down, where
``capitals.field_start`` found no field the capitals decide. A hit every check passes as it
stands is marked so too where the query ends with a function word and the print runs on into
a word (:func:`undecided_after_passed_hit`).
"""

from __future__ import annotations

import re
from typing import NamedTuple, Optional, Sequence

from ...word_edges import PrintedCase
from .capitals import (
    acronym, capital_after_lower, prints_publishers_after_commas,
    prints_publishers_before_closing_towns,
    prints_titles_into_containers, prints_titles_into_towns,
    prints_titles_into_publishers_and_towns, prints_titles_into_towns_and_publishers,
    prints_titles_into_towns_and_years, prints_titles_into_towns_before_fields,
)
from ..grammar.content_words import (
    CONTAINER_ARTICLES, FUNCTION_WORDS, SHORT_FUNCTION_WORDS, is_content,
)
from ..grammar.entry_grammar import (
    END_OR_NUMBER_OPENING, NEXT_ENTRY_AFTER_BRACKET, RANGE_DASH, SURNAME_BEFORE_INITIALS,
    YEAR_DIGITS,
)
from ..grammar.name_grammar import INITIALS
from ..fields.place_fields import (
    WORD_BEFORE_TITLES_TOWN, bracketed_place_and_publisher_end, country_after_town,
    empty_field_after_town, name_before_closing_publisher, name_before_closing_town,
    name_before_closing_year, place_and_colon_after,
    place_closes_entry_after, publication_data_close_entry, publisher_and_place_close_entry,
    publisher_and_seat_end, publisher_seat_and_pages_close_entry, town_and_publisher_end,
    town_and_year_close_entry, town_before_comma, towns_after_name_end,
)
from ..text.printed_words import (
    ends_paragraph, ends_paragraph_or_text, folded, hit_words, last_query_word,
)
from ..word_check.counterparts import has_counterpart, letter_typed_in
from ..fields.run_on_fields import (
    BOOK_GOING_ON_TO_CHAPTER_PAGES, BOOK_REST_TO_FULL_STOP, BOOK_SUBTITLE_TO_FULL_STOP,
    BOOK_TO_CHAPTER_PAGES,
    CHAPTER_PAGES_AFTER_BRACKET, COLON_AND_CONTAINER_TO_VOLUME, CONTAINER_KIND_WORD,
    CONTAINER_VOLUME_AND_PAGES, CONTAINER_WITH_ISSUE, NEXT_FIELD,
    ONE_WORD_BOOK_AND_CHAPTER_PAGES, ONE_WORD_JOURNAL_AND_NUMBER, ONE_WORD_JOURNAL_AND_YEAR,
    ONE_WORD_JOURNAL_FULL_STOP_AND_YEAR, STOPS_BEFORE_ABBREVIATIONS, VENUE_AFTER_COMMA,
    VOLUME_NUMERAL_CLOSING_ENTRY,
)

#: Capitalised words in a row after the query's last word that make a field of their own as
#: readily as the title's last word and the next field ("...The Antisocial Network Psychology
#: Today, 49", "...Raccolta Di Scritti Editi E Inediti a Cura"): a title without its last word
#: has that word and the field after it too, so the capitals cannot decide.
_CAPITALISED_RUN = 2
#: The letters of a capitalised short word read as a title's last content word (a name: "Lot").
_SHORT_NOUN_LETTERS = 3
#: The blank between two words of a run, or a blank and a full stop joined to the next word
#: ("...Functions CambridgeUniv .Press, Cambridge.").
_RUN_GAP = re.compile(r" \.?")
#: The hyphen that joins the words of a compound name ("Havre-Fécamp-Dieppe",
#: "Baden-Württemberg": ``_compound_name``).
_NAME_HYPHEN = re.compile("[-\u2010]")
#: One word, then the full stop that ends the entry: the text's end, the next entry's number
#: or its author's surname and initials ("...Attorney-General Gizmodo. 29. Kim", "...Twitter
#: Arxiv. [6] Lee": the first two shapes of ``entry_grammar.NEXT_ENTRY_OPENING``, built from
#: its parts), the initials perhaps joined with no full stop before the year or the next
#: author's surname and initials (``_AFTER_JOINED_INITIALS``: "Moreau AB, Lund K (2001)"; not
#: an acronym before a place, "...Meteor Crater. Fall AGU, Arizona", nor a volume's numeral
#: before its full stop, "...Bergen. Tome II."), and the surname perhaps after a number with
#: none ("...Stanford. 10 Badjukov DD, Nazarov MA", a list numbered in the margin, whose PDF
#: prints the number before the entry). Not two names and a comma: a container's words print
#: so too ("...Middle Ages. Word, Image, Number"); nor a function word before initials: "In"
#: opens a chapter's book after its editor's initials ("...Adult Education. In M. Collins
#: (Ed.)"). The initials (``initials``) must be printed as capitals: "...Testament. Paris, t.
#: VI" holds a volume's mark.
_RUN_YEAR = rf" \(?{YEAR_DIGITS}(?!\d)"
_AFTER_JOINED_INITIALS = (rf"{_RUN_YEAR}"
                          rf"|, [^\W\d_][\w'\u2019-]* [^\W\d_]{{1,3}}(?:[,.]|{_RUN_YEAR})")
_JOINED_INITIALS = rf"[^\W\d_]{{1,3}}(?={_AFTER_JOINED_INITIALS})"
_NEXT_ENTRY_OPENING = (
    rf"(?={END_OR_NUMBER_OPENING}"
    rf"| (?:\d{{1,3}} )?(?!(?:{'|'.join(sorted(SHORT_FUNCTION_WORDS))})[ ,])"
    rf"{SURNAME_BEFORE_INITIALS}(?P<initials>{INITIALS}|{_JOINED_INITIALS}))")
_FULL_STOP_ENDING_ENTRY = re.compile(rf"\.{_NEXT_ENTRY_OPENING}")
#: ... or, after a year that closes the entry, that full stop or none, as a PDF joins the
#: lines ("...Dædalus. 2010 25. Rachidi I.", "...universitaires de; 1994 29. Barnette"):
#: :func:`_journal_and_year_in_list_of_containers` and :func:`_publisher_closes_entry`.
_YEAR_ENDING_ENTRY = re.compile(rf"\.?{_NEXT_ENTRY_OPENING}")
#: Vancouver's year after a publisher's semicolon, perhaps a chapter's pages after its colon
#: ("...Nancy: Presses universitaires de; 1994", "...Bad Heilbrunn: Klinkhardt; 1999:17-34"),
#: where the entry then ends: :func:`_publisher_closes_entry`.
_YEAR_AFTER_PUBLISHER = re.compile(rf"; {YEAR_DIGITS}(?::\d+(?:{RANGE_DASH}\d+)?)?(?!\d)")
#: ... or right after a bracket that closes the entry's last field, with no full stop: a style
#: that ends each entry with its bracketed place and publisher ("...Shorelines (Stanford:
#: Stanford University Press) Timmer J M 2012", as a PDF's text joins the lines).
_BRACKET_ENDING_ENTRY = re.compile(rf"(?<=\)){NEXT_ENTRY_AFTER_BRACKET}")


class RunOn(NamedTuple):
    """Capitalised words run on after the query's last word (:func:`undecided_end`)."""

    title_end: int  # the first character after the query's last word (its blank)
    next_word: tuple[int, int]  # where the first word run on starts and ends
    #: the run's shape tells the field: that word alone closes the entry
    #: (:func:`_entry_ends_at`), or opens a chapter's book up to the chapter's pages
    #: (:func:`_book_to_chapter_pages`); else a field may start right after that word
    field_told: bool


def undecided_end(text: str, query: Sequence[str], start: int, end: int,
                  printed: PrintedCase) -> Optional[RunOn]:
    """The words run on after the query's last word, where the capitals cannot tell them from
    the printed title's own last word and the next field (:class:`RunOn`), or None.

    The query's last word must be a content word, or a short word printed as an acronym and no
    function word ("...Nyimbo Mpya RTD Majira, 9–10": ``capitals.acronym``), and no word that
    makes a capitalised word after it the title's own (``place_fields.WORD_BEFORE_TITLES_TOWN``:
    a title without its last word that ends with "of", "and" or "around" lacks the word after
    it), printed right at the hit's end (or up to two words after it:
    ``printed_words.last_query_word``; or with a typo or OCR damage at the hit's end:
    :func:`_damaged_last_word`), a blank and no punctuation after it, then a word that
    starts with a capital, in a shape
    :func:`_undecided_run` names. A query that lacks the title's last word has that word there
    in the same shapes. Who calls it: ``superset``, on an original hit a word check turned
    down over the words after it, where ``capitals.field_start`` found no field the capitals
    decide; it reads the hit again with the title closed there and, where the run goes on
    past the entry's first word, asks whether a field the rules know starts after that word
    (then the word is the title's own)."""
    if (len(query) < 2 or query[-1] in FUNCTION_WORDS or query[-1].isdigit()
            or WORD_BEFORE_TITLES_TOWN.fullmatch(query[-1])):
        return None
    _, words = hit_words(text, start, end)
    last = last_query_word(query, words, end)
    if last is None:
        last = _damaged_last_word(query, words, end)
    if last is None or last + 1 >= len(words):
        return None
    title_end, run = words[last].end(), words[last + 1:]
    if text[title_end:run[0].start()] != " ":
        return None  # the title's own punctuation closes it: the text decides
    first = words[last].start()
    cased = printed(first, words[-1].end())
    if cased is None or not (is_content(query[-1]) or acronym(cased[:title_end - first])
                             or _short_proper_noun(query[-1], cased[:title_end - first],
                                                   _word_before(words, last, printed))):
        return None
    told = _undecided_run(text, run, [cased[w.start() - first:w.end() - first] for w in run],
                          printed, cased[:1].islower(), words[last].span())
    if told is None:
        return None
    return RunOn(title_end, run[0].span(), told)


def _damaged_last_word(query: Sequence[str], words: list[re.Match[str]],
                       end: int) -> Optional[int]:
    """The index in ``words`` of the hit's last word where it is the query's last word printed
    with a typo or OCR damage (``counterparts.has_counterpart``: "Racco1ta Di Scrltti" for
    "Raccolta Di Scritti"), as long as the query's word or longer, or the query's word with a
    letter typed into it (``counterparts.letter_typed_in``: the query's "dermattologie" for the
    printed "dermatologie"); None else. The word check passes such a word; the words run on
    after it are read as after the word printed whole. Called by :func:`undecided_end` where
    ``printed_words.last_query_word`` finds no word printed exactly."""
    inside = [i for i, word in enumerate(words) if word.start() < end]
    if not inside or words[inside[-1]].end() < end:
        return None
    printed = folded(words[inside[-1]].group())
    if len(printed) < len(query[-1]):
        return inside[-1] if letter_typed_in(query[-1], printed) else None
    return inside[-1] if has_counterpart(query[-1], (printed,)) else None


def _short_proper_noun(word: str, cased: str, before: Optional[str]) -> bool:
    """True for a query's last word of three letters (``word``, folded) that no function word
    is, printed with a capital (``cased``) right after a word printed in lower case
    (``before``): a place's or a person's name in a title printed in sentence case ("...préfet
    du Lot", "...am Inn", "...do Rio"), which a title ends with as with any content word. In a
    title printed in title case every word has its capital ("...in Her Own"), so a short word
    there tells nothing. Called by :func:`undecided_end`."""
    return (len(word) == _SHORT_NOUN_LETTERS and word.isalpha()
            and word not in SHORT_FUNCTION_WORDS and cased[:1].isupper()
            and before is not None and before[:1].islower())


def _word_before(words: list[re.Match[str]], last: int, printed: PrintedCase) -> Optional[str]:
    """The word before the query's last one (``words[last]``) as printed, None if the hit
    holds none or its capitals are unknown. Called by :func:`undecided_end`."""
    return printed(*words[last - 1].span()) if last > 0 else None


def undecided_after_passed_hit(text: str, query: Sequence[str], start: int, end: int) -> bool:
    """True if a hit every check passed may still lack the printed title's last word: the
    query ends with a function word printed right at the hit's end (or up to
    ``printed_words.LEFT_OUT`` words after it), and a blank and a word of letters follow it,
    no punctuation between ("...Campaigning on the Internet PoliticalInformation.com",
    "...Where Everything Is Observed Perez, P & Heitz, F 1992"): no title ends with "the" or
    "is", so the word after it is the title's own, run into the next field or entry, and the
    query lacks it. The hit is reported with its end marked uncertain. Not where the query's
    last word is a content word before capitalised words the capitals cannot tell
    (:func:`undecided_end`'s runs): a hit that passed every check there is the whole title
    run into its next field far more often than a title without its last word. Who calls it:
    ``superset.title_end_of_passed_hit``, on each hit ``verify.veto`` passes as it stands."""
    if len(query) < 2 or not (query[-1] in SHORT_FUNCTION_WORDS or query[-1] in FUNCTION_WORDS):
        return False
    _, words = hit_words(text, start, end)
    last = last_query_word(query, words, end)
    if last is None or last + 1 >= len(words):
        return False
    after = words[last + 1]
    return text[words[last].end():after.start()] == " " and after.group()[:1].isalpha()


def word_before_place_after_passed_hit(text: str, query: Sequence[str], start: int, end: int,
                                       printed: PrintedCase) -> bool:
    """True if a hit every check passed may lack the printed title's last word before its
    place: the query ends with a content word printed right at the hit's end (or up to two
    words after it: ``printed_words.last_query_word``), no field the rules know starts right
    after it (``run_on_fields.NEXT_FIELD``), and a blank and one word printed with a capital
    follow it, then the place of publication or a publisher and its place
    (``place_fields.place_closes_entry_after``: "...Mémoire sur les ponts Rouergue Cahors,
    1868." for a query that ends at "ponts"). A style that prints the place after the title
    with no punctuation puts the title's own last word there, so the text cannot tell it from
    a word of the publication data (a publisher's: "...Harbour Walls Seeverlag Hamburg,
    1990."). The hit is reported with its end marked uncertain. Who calls it:
    ``superset.title_end_of_passed_hit``, on each hit ``verify.veto`` passes as it stands."""
    if (len(query) < 2 or query[-1] in FUNCTION_WORDS or query[-1].isdigit()
            or WORD_BEFORE_TITLES_TOWN.fullmatch(query[-1])):
        return False
    _, words = hit_words(text, start, end)
    last = last_query_word(query, words, end)
    if last is None or last + 1 >= len(words):
        return False
    title_end, word = words[last].end(), words[last + 1]
    if text[title_end:word.start()] != " " or NEXT_FIELD.match(text, title_end):
        return False
    cased = printed(word.start(), word.end())
    if cased is None or not cased[:1].isupper() or not is_content(folded(cased)):
        return False
    apart = last + 2 < len(words) and _printed_apart(words[last + 2], printed)
    return place_closes_entry_after(text, word.end(), printed, apart)


def _undecided_run(text: str, run: list[re.Match[str]], cased: list[str],
                   printed: PrintedCase, after_lower_case: bool,
                   title_word: tuple[int, int]) -> Optional[bool]:
    """Whether the words after a title's last word (``run``, printed ``cased``) open with a
    capital in one of the shapes a title without its last word prints too: True for one
    capitalised word after a title's last word in lower case (``after_lower_case``) that names
    a container's kind (``run_on_fields.CONTAINER_KIND_WORD``: "...Indonesian volcano
    Proceedings -, 2015 4th ...") or is an article that opens a container's name
    (``content_words.CONTAINER_ARTICLES``: "...Précaires et livelli Les transferts ..."), or
    for one that closes the entry (:func:`_entry_ends_at`), or that a journal's abbreviations
    follow with their full stops before their words
    (``run_on_fields.STOPS_BEFORE_ABBREVIATIONS``: "...harbour towns Electron .J .Diff .Equ"),
    or a venue's abbreviations after its comma in a list that runs other titles straight into
    their containers (``run_on_fields.VENUE_AFTER_COMMA``,
    ``capitals.prints_titles_into_containers``: "...Post-Treatment Supplement, Proc. 1993
    Membrane Technology Conf"), or that opens a field the entry ends with
    (:func:`_closes_entry_after_field`: a journal of one word and one number or range after its
    comma or its colon, "...Notes: Gunflints Kewa, 82", "...Objectification Poetry:269.",
    "...Hopes and Fear Zodiac, 24–35", or its bracketed year after a title's last word in lower
    case, ``after_lower_case``; a journal whose first word its colon closes, up to its volume;
    a town, its colon and its publisher; a publisher's name and its place), or that is a
    country's name closed by a full stop or a comma after a town that ends the query
    (``place_fields.country_after_town``: "...Little Stobie deposit, Sudbury Canada. Chemical
    Geology"), or a town closed by its comma before its publisher in a list that runs titles
    into towns or containers (:func:`_town_before_comma_in_list_of_run_on_titles`), or one
    word before its comma and a publisher closing the entry in a list that runs titles into a
    town and its publisher, or into their town
    (:func:`_name_before_publisher_in_list_of_towns`), or, after a
    title's last word in lower case, before its comma and a town in a list that runs titles
    into a publisher and its town (:func:`_name_before_town_in_list_of_publishers`), or,
    after a title's last word in any case, before its comma and the year in a list that runs
    titles into a town and the year (:func:`_name_before_year_in_list_of_towns`), or that
    opens a chapter's book, its comma or
    colon then the book up to the chapter's pages (:func:`_book_to_chapter_pages`); False for
    two capitalised words in a row or more (``_CAPITALISED_RUN``: a container, a publisher or
    the next entry's author run into the title; the first may be an article,
    ``content_words.CONTAINER_ARTICLES``: "...Spelling and Punctuation The Oxford History"), or
    for one that opens a container up to its volume and pages
    (``run_on_fields.CONTAINER_VOLUME_AND_PAGES``: "...Lernbehinderung Behindertenpädagogik in
    Hessen 12:38–45"), or, after a title's last word in lower case, for a name of capitalised
    words joined by hyphens before its full stop and a capitalised word
    (:func:`_compound_name_before_full_stop`: a chapter's book and its subtitle); None for
    neither. A word in lower case there is the title's own (a longer title), and so is another
    function word printed with a capital (a title in title case going on: "...Tidal Markets In
    Coastal Towns"), and one capitalised word before the title's closing punctuation with more
    of the entry after it ("...Mistastin Lake crater Labrador, Planetary", "...Markets
    Revisited: Lagos Traders"). ``title_word``: where the query's last word stands (a town
    there may have its country after it). Called by :func:`undecided_end`."""
    if not cased[0][:1].isupper():
        return None
    if folded(cased[0]) in CONTAINER_ARTICLES:
        if after_lower_case:
            return True
        return False if _capitalised_words(text, run, cased) >= _CAPITALISED_RUN else None
    if not is_content(folded(cased[0])):
        return None
    if after_lower_case and CONTAINER_KIND_WORD.fullmatch(folded(cased[0])):
        return True
    if _entry_ends_at(text, run[0].end(), printed):
        return True
    if STOPS_BEFORE_ABBREVIATIONS.match(text, run[0].end()):
        return True
    if VENUE_AFTER_COMMA.match(text, run[0].end()) and prints_titles_into_containers(
            text, printed, run[0].start() - 1):
        return True
    if _closes_entry_after_field(text, run[0], printed, after_lower_case):
        return True
    if country_after_town(text, title_word, run[0].start()):
        return True
    if _town_before_comma_in_list_of_run_on_titles(text, run[0], printed):
        return True
    if _name_before_publisher_in_list_of_towns(text, run[0], printed) or (
            after_lower_case and _name_before_town_in_list_of_publishers(text, run[0], printed)):
        return True
    if _name_before_year_in_list_of_towns(text, run[0], printed):
        return True
    book = _book_to_chapter_pages(text, run, cased)
    if book is not None:
        return book
    if after_lower_case and _compound_name_before_full_stop(text, run, cased):
        return False
    if (_capitalised_words(text, run, cased) >= _CAPITALISED_RUN
            or CONTAINER_VOLUME_AND_PAGES.match(text, run[0].start())):
        return False
    return None


def _town_before_comma_in_list_of_run_on_titles(text: str, word: re.Match[str],
                                                printed: PrintedCase) -> bool:
    """True if the one word run on after a title (``word``) is a town GeoNames knows closed by
    its comma before a word printed with a capital (``place_fields.town_before_comma``: its
    publisher, "...en Nouvelle-Calédonie Nouméa, Centre culturel Jean-Marie Tjibaou: colloque
    CORAIL 2005."), in a reference list that runs other titles straight into the field after
    them: their town (``capitals.prints_titles_into_towns``), a town, its comma and the
    publisher that closes the entry (``capitals.prints_titles_into_towns_and_publishers``:
    "...in Crisis New York, Columbia University Press."), or their container's capitals
    (``capitals.prints_titles_into_containers``: "...underwear choice based on
    electroencephalography (EEG) Australasian Marketing Journal 24, 331–336", a style that
    prints a book's title into its town as it prints an article's into its journal). Such a
    style puts no mark after a title's own last word, so the town is as likely the place's
    field. Elsewhere a town before a comma right after a title is the title's own ("...harbour
    towns of Lagos, Journal"). A title without its last word prints that word there in such a
    list too, so the end stays uncertain. Called by :func:`_undecided_run`."""
    after = town_before_comma(text, word.start())
    if after is None:
        return False
    cased = printed(after, after + 1)
    at = word.start() - 1
    return (cased is not None and cased.isupper()
            and (prints_titles_into_towns(text, printed, at)
                 or prints_titles_into_towns_and_publishers(text, printed, at)
                 or prints_titles_into_containers(text, printed, at)))


def _name_before_publisher_in_list_of_towns(text: str, word: re.Match[str],
                                            printed: PrintedCase) -> bool:
    """True if the one capitalised word run on after a title (``word``), its comma and a
    publisher close the entry (``place_fields.name_before_closing_publisher``: "...dans la
    poésie contemporaine Colomars, Melis.", or up to its paragraph's end with no full stop,
    "...plan marketing França, Onnaing"), in a reference list that prints other titles
    straight into a town and its publisher so
    (``capitals.prints_titles_into_towns_and_publishers``), or three into the town that
    closes their entry or comes before its publisher's colon or its year
    (``capitals.prints_titles_into_towns_before_fields``: "...nach neuen Begriffen Berlin",
    the record with no publisher): the word is the place's, a town too small for GeoNames'
    list as often as not. A title's own last word prints there too where the query lacks it
    and the record has no place, so the end stays uncertain. Called by
    :func:`_undecided_run`."""
    at = word.start() - 1
    return (name_before_closing_publisher(text, at, printed)
            and (prints_titles_into_towns_and_publishers(text, printed, at)
                 or prints_titles_into_towns_before_fields(text, printed, at)))


def _name_before_town_in_list_of_publishers(text: str, word: re.Match[str],
                                            printed: PrintedCase) -> bool:
    """True if the one capitalised word run on after a title's last word printed in lower
    case (``word``), its comma and a town close the entry
    (``place_fields.name_before_closing_town``: "...dans la poésie contemporaine Melis,
    Colomars."), in a reference list that prints other titles straight into a publisher and
    its town so (``capitals.prints_titles_into_publishers_and_towns``): the word is the
    publisher's. A title's own last word prints there too where the query lacks it and the
    record has no publisher, so the end stays uncertain. Called by :func:`_undecided_run`,
    only after a title's last word in lower case."""
    at = word.start() - 1
    return (name_before_closing_town(text, at)
            and prints_titles_into_publishers_and_towns(text, printed, at))


def _name_before_year_in_list_of_towns(text: str, word: re.Match[str],
                                      printed: PrintedCase) -> bool:
    """True if the one capitalised word run on after a title's last word (``word``), its
    comma and the year close the entry
    (``place_fields.name_before_closing_year``, :func:`_entry_ends_at`: "...and his romantic
    world Folcroft, 1978."), in a reference list that prints other titles straight into a
    town and the year so (``capitals.prints_titles_into_towns_and_years``): the word is the
    publisher's or the place's. A title's own last word prints there too where the query
    lacks it and the record has neither, so the end stays uncertain; after a capitalised last
    word too ("...rückläufigem Wortformenverzeichnis Heerle, 1995."): a query that lacks that
    word has it before the place, two words before the comma. Called by
    :func:`_undecided_run`."""
    at = word.start() - 1
    year_end = name_before_closing_year(text, at)
    return (year_end is not None and _entry_ends_at(text, year_end, printed)
            and prints_titles_into_towns_and_years(text, at))


def _compound_name_before_full_stop(text: str, run: list[re.Match[str]],
                                    cased: list[str]) -> bool:
    """True if the run after a title's last word printed in lower case opens with a name of
    two capitalised words or more joined by hyphens (:func:`_compound_name`: "...à l'époque
    médiévale Havre-Fécamp-Dieppe. Häfen zwischen Seine"), then a full stop, a blank and a
    word printed with a capital: the first words of a container whose title goes on after
    its full stop (a book's title and its subtitle), printed where a style puts no "In:"
    before a chapter's book. A title in sentence case that ends with such a name prints it
    so too, so the text cannot tell; ``superset`` still reads whether a field the rules know
    starts right after the first word. Not before a journal up to its volume and pages
    (``run_on_fields.CONTAINER_WITH_ISSUE``: "...Night ferries Oslo-Kiel. Nordic Review 4:
    5–19"): an article's title closes before its journal, so the name is the title's own
    (a route, a region). A single capitalised word there ("...in southern
    Norway. Coastal Review") stays the title's own: a place after a word in lower case ends
    titles far more often than a container opens with one word before its full stop.
    Called by :func:`_undecided_run` (``after_lower_case``)."""
    return (len(run) > 1 and _compound_name(cased[0])
            and text.startswith(". ", run[0].end()) and run[1].start() == run[0].end() + 2
            and cased[1][:1].isupper() and not CONTAINER_WITH_ISSUE.match(text, run[1].start()))


def _compound_name(cased: str) -> bool:
    """True if the printed word ``cased`` is two words or more of letters joined by hyphens,
    each printed with a capital ("Havre-Fécamp-Dieppe"), not a word whose part after a hyphen
    is in lower case ("Re-reading"). Called by :func:`_compound_name_before_full_stop`."""
    parts = _NAME_HYPHEN.split(cased)
    return len(parts) > 1 and all(part.isalpha() and part[:1].isupper() for part in parts)


def _closes_entry_after_field(text: str, word: re.Match[str], printed: PrintedCase,
                             after_lower_case: bool) -> bool:
    """True if the one capitalised word run on after a title (``word``) opens a field that the
    entry ends with: a journal of one word and its number
    (``run_on_fields.ONE_WORD_JOURNAL_AND_NUMBER``: "...Hopes and Fear Zodiac, 24–35"), or
    its bracketed year after a title's last word printed in lower case (``after_lower_case``,
    ``run_on_fields.ONE_WORD_JOURNAL_AND_YEAR``: "...of a gamespace Kinephanos, (2016)") or,
    in a list that runs other titles into their container, its full stop and the year
    (:func:`_journal_and_year_in_list_of_containers`: "...social inequality Dædalus. 2010"), a
    journal whose first word its colon closes, up to its volume
    (``run_on_fields.COLON_AND_CONTAINER_TO_VOLUME``: "...The Rx6-Method Voices: A World
    Forum for Music Therapy, 17"), or a chapter's book of one word and the chapter's pages
    (``run_on_fields.ONE_WORD_BOOK_AND_CHAPTER_PAGES``: "...Reproduction Illuminations, pp.
    217–252. Schoken Books, New York."), or the word's full stop, or its colon or its comma
    and the book's further words up to its full stop (``run_on_fields.BOOK_REST_TO_FULL_STOP``),
    then a publisher, its seat and the chapter's pages
    (``place_fields.publisher_seat_and_pages_close_entry``: "...Reproduction Illuminations.
    Schoken Books, New York: 217–252.", "...Children Individualization: Institutionalized
    Individualism and its Social and Political Consequences. Sage, London: 119–128."), each
    up to the entry's end, or those further words, after a title's last word in lower case,
    then a publisher and its seat closing the entry (:func:`_publisher_and_seat_close_entry`:
    "...judgments of well-being Choices, Values and Frames. Cambridge University Press, New
    York."; a title without its last word has one word there before its own closing mark),
    or a town, its colon and its publisher up to its full stop, Vancouver's
    year after its semicolon or a paragraph's end (:func:`_publisher_closes_entry`:
    "...Economic Lifeline Arlington: National Rural Electric Cooperative Association."), or,
    in a list that runs titles into their towns, the word's full stop before such a town and
    publisher (:func:`_field_before_town_closes_entry`: "...of language Whitfield. Madison: The
    University of Wisconsin Press"), or, in a list that closes other entries with a word's
    full stop and a town's colon, the word's full stop before a place closed by its colon at
    the entry's end (:func:`_publisher_before_closing_place`: "...Persian Mazda. Costa Mesa,
    California:"), or, in a list that runs other titles straight into their container, the
    word's full stop before a publisher, its seat and perhaps its year closing the entry
    (:func:`_book_before_publisher_in_list_of_containers`: "...South India Shorelines.
    Stanford University Press, Stanford."), or, after a word of letters only (a series' name,
    not a report's number), the place and the publisher in brackets closing the entry, perhaps
    with a chapter's pages after them (:func:`_closes_after_bracket`: "...South India
    Shorelines (Stanford: Stanford University Press)"), or a town GeoNames knows or a listed
    publisher's name and the year, the pages or the volume after it
    (``place_fields.town_and_year_close_entry``: "...préfet du Lot Cahors, 1868.",
    "...Northern Fjords Bergen; 2004", "...en dermatologie Moulins-lès-Metz, p. 552.",
    "...Horst Schneider Turnhout, Vol. 6.": after
    a capitalised word the capitals cannot tell it from the title's own last place name),
    or, after a title's last word
    printed in lower case or before a name that opens with an abbreviation, a publisher's name
    and its place up to the entry's end (``place_fields.publisher_and_place_close_entry``:
    "...l'art brut Collection de l'Art Brut, Milano/Lausanne, 2005.", "...Correlation Functions
    CambridgeUniv
    .Press: Cambridge, 1993.", "...Dusty PlasmasPhysics Inst.of Physics. Bristol:"), or a
    volume's Roman numeral and the entry's year (:func:`_volume_numeral_closing_entry`), or,
    after a title's last word printed in lower case, a publisher's name joined by hyphens and
    its seats up to the entry's end (:func:`_name_and_towns_close_entry`: "...une histoire
    Fjord-Verlag, Lagos, Ibadan."). A title without its
    last word prints that word there in each (a proper noun before the publisher's name: "...of
    rural Hedmark Fjord Museum, Oslo, 2011."), so the end stays uncertain. Called by
    :func:`_undecided_run`."""
    number = ONE_WORD_JOURNAL_AND_NUMBER.match(text, word.start())
    if number is not None and _entry_ends_at(text, number.end(), printed):
        return True
    pages = ONE_WORD_BOOK_AND_CHAPTER_PAGES.match(text, word.start())
    if pages is not None and (_entry_ends_at(text, pages.end() - 1, printed)
                              or publication_data_close_entry(text, pages.end())):
        return True
    if text.startswith(". ", word.end()) and publisher_seat_and_pages_close_entry(
            text, word.end() + 2):
        return True
    book = BOOK_REST_TO_FULL_STOP.match(text, word.end())
    if book is not None and (
            publisher_seat_and_pages_close_entry(text, book.end())
            or after_lower_case and _publisher_and_seat_close_entry(text, book.end(), printed)):
        return True
    subtitle = None if book is None else BOOK_SUBTITLE_TO_FULL_STOP.match(text, book.end())
    if subtitle is not None and publisher_seat_and_pages_close_entry(text, subtitle.end()):
        return True
    year = ONE_WORD_JOURNAL_AND_YEAR.match(text, word.start()) if after_lower_case else None
    if year is not None and _entry_ends_at(text, year.end(), printed):
        return True
    if after_lower_case and _journal_and_year_in_list_of_containers(text, word, printed):
        return True
    journal = COLON_AND_CONTAINER_TO_VOLUME.match(text, word.end())
    if journal is not None and _entry_ends_at(text, journal.end(), printed):
        return True
    publisher = town_and_publisher_end(text, word.start())
    if publisher is not None and _publisher_closes_entry(text, publisher, printed):
        return True
    bracket_end = bracketed_place_and_publisher_end(text, word.end())
    if bracket_end is not None and word.group().isalpha() and _closes_after_bracket(
            text, bracket_end, printed):
        return True
    if _volume_numeral_closing_entry(text, word, printed):
        return True
    if after_lower_case and _name_and_towns_close_entry(text, word, printed):
        return True
    if _field_before_town_closes_entry(text, word, printed):
        return True
    if _publisher_before_closing_place(text, word, printed):
        return True
    if _book_before_publisher_in_list_of_containers(text, word, printed):
        return True
    if town_and_year_close_entry(text, word.start() - 1):
        return True
    return publisher_and_place_close_entry(text, word.start(), printed, after_lower_case,
                                           _printed_apart(word, printed))


def _publisher_closes_entry(text: str, publisher: tuple[int, int], printed: PrintedCase) -> bool:
    """True if the entry ends with the publisher whose colon and words span ``publisher``
    (``place_fields.town_and_publisher_end``): at its full stop (:func:`_entry_ends_at`), or
    after Vancouver's year after its semicolon (``_YEAR_AFTER_PUBLISHER``, "...Atlantique
    Nancy: Presses universitaires de; 1994", its full stop or none before the next entry:
    ``_YEAR_ENDING_ENTRY``), or at a paragraph's end among its words, where a style closes a
    book's entry with the publisher and no full stop and prints each entry as a paragraph
    (embo-press: "...une histoire Gossau, Zürich: Nord-Süd", then the next entry). The words
    after such an end are the next entry's, up to its first mark. Called by
    :func:`_closes_entry_after_field`."""
    low, high = publisher
    if _entry_ends_at(text, high, printed):
        return True
    year = _YEAR_AFTER_PUBLISHER.match(text, high)
    if year is not None and _entry_ends_at(text, year.end(), printed, _YEAR_ENDING_ENTRY):
        return True
    return any(ends_paragraph(text, at, printed)
               for at in range(low + 1, high) if text[at] == " ")


def _field_before_town_closes_entry(text: str, word: re.Match[str], printed: PrintedCase) -> bool:
    """True if the one word run on after a title (``word``) closes a field of its own with a
    full stop, and a town, its colon and its publisher follow up to the entry's end
    (``place_fields.town_and_publisher_end``, :func:`_publisher_closes_entry`), in a reference
    list that runs other titles straight into their town
    (``capitals.prints_titles_into_towns``): a style that prints a book's title with no
    punctuation before the fields after it, such as an edition's or a place's own words
    closed by a full stop ("...theory of language Whitfield. Madison: The University of
    Wisconsin Press", embo-press's "Title Edition. Place: Publisher"). Such a style puts no
    full stop after a title's own last word, so the word is as likely the next field's.
    Elsewhere a title closed by its full stop before its place prints its own last word so
    ("...harbour towns Lagos. Ibadan: University Press."), and the veto stands. A title
    without its last word prints that word there in such a list too, so the end stays
    uncertain. Called by :func:`_closes_entry_after_field`."""
    if not text.startswith(". ", word.end()):
        return False
    publisher = town_and_publisher_end(text, word.end() + 2)
    return (publisher is not None and _publisher_closes_entry(text, publisher, printed)
            and prints_titles_into_towns(text, printed, word.start() - 1))


def _publisher_before_closing_place(text: str, word: re.Match[str], printed: PrintedCase) -> bool:
    """True if the one word run on after a title (``word``) closes a field with its full stop
    and a place closed by its colon ends the entry there, at its paragraph's or the text's
    end (``place_fields.place_and_colon_after``: "...contemporary Persian Mazda. Costa Mesa,
    California:", "...plan marketing Onnaing. França:"), in a reference list that closes other
    entries so after a town (``capitals.prints_publishers_before_closing_towns``): a style that
    prints a book's publisher right after its title, no punctuation between, and the place
    last; or in one that runs three other titles straight into their town before its colon
    (``capitals.prints_titles_into_towns_before_fields``: "...Ottomans Paris:",
    "...Curriculumrevision Kassel: S."), a style that puts no full stop after a title's own
    last word. The word is as likely the publisher's as the title's own, so the end stays
    uncertain. Or in one that runs other titles straight into a publisher's name
    (``capitals.prints_titles_into_publishers_and_towns``: "...an ICDP Perspective Springer,
    Heidelberg:"): the publisher run on after the title is the style's habit, whatever
    punctuation follows the name. Called by :func:`_closes_entry_after_field`."""
    end = place_and_colon_after(text, word.end())
    at = word.start() - 1
    return (end is not None and _entry_ends_at(text, end, printed)
            and (prints_publishers_before_closing_towns(text, printed, word.end())
                 or prints_titles_into_towns_before_fields(text, printed, at)
                 or prints_titles_into_publishers_and_towns(text, printed, at)))


def _journal_and_year_in_list_of_containers(text: str, word: re.Match[str],
                                            printed: PrintedCase) -> bool:
    """True if the one word run on after a title's last word printed in lower case (``word``)
    is a journal's name, its full stop and the year closing the entry
    (``run_on_fields.ONE_WORD_JOURNAL_FULL_STOP_AND_YEAR``: "...Incarceration & social
    inequality Dædalus. 2010"; the year's full stop, or none before the next entry's opening
    as a PDF joins the lines: ``_YEAR_ENDING_ENTRY``), in a reference list that runs other
    titles straight into their container (``capitals.prints_titles_into_containers``).
    Elsewhere a report's title that ends with a place prints so ("...in northern Norway.
    1999."), and the veto stands; a title in sentence case that ends with a name prints so in
    such a list too, so the end stays uncertain. Called by :func:`_closes_entry_after_field`."""
    year = ONE_WORD_JOURNAL_FULL_STOP_AND_YEAR.match(text, word.start())
    return (year is not None and _entry_ends_at(text, year.end(), printed, _YEAR_ENDING_ENTRY)
            and prints_titles_into_containers(text, printed, word.start() - 1))


def _book_before_publisher_in_list_of_containers(text: str, word: re.Match[str],
                                                 printed: PrintedCase) -> bool:
    """True if the one word run on after a title (``word``) closes a field with its full stop
    or its comma and a publisher's name, its comma and its seat follow up to the entry's end,
    perhaps with the year in brackets (``place_fields.publisher_and_seat_end``: "...in South
    India Shorelines. Stanford University Press, Stanford.", "...India Shorelines, Stanford
    University Press, Stanford."), in a reference list that runs other titles straight into
    their container (``capitals.prints_titles_into_containers``): a chapter's book of one word
    there prints as a title's own last word would; the comma only in a list that closes no
    other entry with a comma before its publisher and seat
    (``capitals.prints_publishers_after_commas``: a style that closes a book's title so prints
    a title's own last word there). Elsewhere a book's title closed by its full stop or its
    comma before its publisher prints its own last word so, far more often, and the veto
    stands; in such a list too, so the end stays uncertain.
    Called by :func:`_closes_entry_after_field`."""
    closing = text[word.end():word.end() + 2]
    if closing != ". " and (closing != ", " or prints_publishers_after_commas(text, word.end())):
        return False
    return (_publisher_and_seat_close_entry(text, word.end() + 2, printed)
            and prints_titles_into_containers(text, printed, word.start() - 1))


def _publisher_and_seat_close_entry(text: str, at: int, printed: PrintedCase) -> bool:
    """True if a publisher's name, its comma, its seat and perhaps its bracketed year start at
    ``at`` (``place_fields.publisher_and_seat_end``) and the entry ends right after them.
    Called by :func:`_book_before_publisher_in_list_of_containers` and
    :func:`_closes_entry_after_field`."""
    end = publisher_and_seat_end(text, at)
    if end is None:
        return False
    closing = _BRACKET_ENDING_ENTRY if text[end - 1] == ")" else _FULL_STOP_ENDING_ENTRY
    return _entry_ends_at(text, end, printed, closing)


def _name_and_towns_close_entry(text: str, word: re.Match[str], printed: PrintedCase) -> bool:
    """True if the one word run on after a title's last word printed in lower case (``word``)
    is a name of capitalised words joined by hyphens (:func:`_compound_name`: a publisher's,
    "Fjord-Verlag") and its seats follow, a comma and a town, one or two of them, up to the
    entry's end (``place_fields.towns_after_name_end``: "...une histoire Fjord-Verlag, Lagos,
    Ibadan.", or "...Ibadan,." where a style closes every book's entry with an empty field's
    comma: ``place_fields.empty_field_after_town``). A title in sentence case that ends with
    such a name (a region, a route) prints the same before its place, so the end stays
    uncertain. Not a plain word before the towns: a title's own last place name prints so far
    more often. Called by :func:`_closes_entry_after_field`."""
    cased = printed(word.start(), word.end())
    if cased is None or not _compound_name(cased):
        return False
    towns_end = towns_after_name_end(text, word.end())
    return towns_end is not None and (
        _entry_ends_at(text, towns_end, printed)
        or empty_field_after_town(text, towns_end))


def _printed_apart(word: re.Match[str], printed: PrintedCase) -> bool:
    """True if ``word`` is printed in capitals ("AFRA", ``capitals.acronym``) or holds a capital
    after a letter in lower case (``capitals.capital_after_lower``, "ClarendonPress": two names
    joined): no title's last word in title case prints so, so the word may open a publisher's
    name of one word (``place_fields.publisher_and_place_close_entry``). Called by
    :func:`_closes_entry_after_field`."""
    cased = printed(word.start(), word.end())
    return cased is not None and (acronym(cased) or capital_after_lower(cased) is not None)


def _volume_numeral_closing_entry(text: str, word: re.Match[str], printed: PrintedCase) -> bool:
    """True if the one word run on after a title (``word``) is a volume's Roman numeral printed
    in capitals and the entry closes after it with its year
    (``run_on_fields.VOLUME_NUMERAL_CLOSING_ENTRY``: "...Harbour Crater, Lagos XXXIV, [s.l.],
    1999."). Called by :func:`_closes_entry_after_field`."""
    if VOLUME_NUMERAL_CLOSING_ENTRY.match(text, word.start()) is None:
        return False
    cased = printed(word.start(), word.end())
    return cased is not None and cased.isupper()


def _capitalised_words(text: str, run: list[re.Match[str]], cased: list[str]) -> int:
    """How many words in a row open the run after a title's last word (``run``, printed
    ``cased``) with a capital, each after a blank (``_RUN_GAP``). For :func:`_undecided_run`."""
    capitalised = 1
    for before, word, printed_word in zip(run, run[1:], cased[1:]):
        if (not _RUN_GAP.fullmatch(text, before.end(), word.start())
                or not printed_word[:1].isupper()):
            break
        capitalised += 1
    return capitalised


def _book_to_chapter_pages(text: str, run: list[re.Match[str]],
                           cased: list[str]) -> Optional[bool]:
    """Whether the one capitalised word run on after a title (``run[0]``) opens a chapter's
    book up to the chapter's pages: True before its comma or colon and a capital (``cased``:
    the run printed; ``run_on_fields.BOOK_TO_CHAPTER_PAGES``: "...Middle Ages Word, Image,
    Number. Communication in the Middle Ages, pp. 43–83"), a shape that tells the field;
    False before a blank and a word in lower case (``BOOK_GOING_ON_TO_CHAPTER_PAGES``: "...of
    Harbour Work Studies in Coastal Trade: Ports, pp. 1–20"), where a field the rules know
    may still start after the word ("...Fishing Fleets in: Coastal Review, pp. 43–83": the
    word is the title's, ``superset`` reads it so); None for neither. A title's own last word
    before a comma and a journal has the journal's volume or year before the pages
    ("...crater Labrador, Planetary Science, 58, pp. 552–573"). Called by
    :func:`_undecided_run`."""
    if len(run) < 2:
        return None
    if (cased[1][:1].isupper() and run[1].start() == run[0].end() + 2
            and BOOK_TO_CHAPTER_PAGES.match(text, run[0].end()) is not None):
        return True
    if (cased[1][:1].islower() and run[1].start() == run[0].end() + 1
            and BOOK_GOING_ON_TO_CHAPTER_PAGES.match(text, run[0].end()) is not None):
        return False
    return None


def _closes_after_bracket(text: str, bracket_end: int, printed: PrintedCase) -> bool:
    """True if the entry ends right after the bracketed place and publisher that close at
    ``bracket_end`` (``_BRACKET_ENDING_ENTRY``: "...South India Shorelines (Stanford: Stanford
    University Press)"), or right after a chapter's pages printed after them
    (``run_on_fields.CHAPTER_PAGES_AFTER_BRACKET``: "...Mechanical Reproduction Illuminations
    (New York: Schoken Books) pp 217–52", the word before the bracket a chapter's book of one
    word). Called by :func:`_undecided_run`."""
    if _entry_ends_at(text, bracket_end, printed, _BRACKET_ENDING_ENTRY):
        return True
    pages = CHAPTER_PAGES_AFTER_BRACKET.match(text, bracket_end)
    return pages is not None and _entry_ends_at(text, pages.end(), printed)


def _entry_ends_at(text: str, at: int, printed: PrintedCase,
                   closing: re.Pattern[str] = _FULL_STOP_ENDING_ENTRY) -> bool:
    """True if the entry ends right after ``at`` (after a word or a number): a full stop, then
    the next entry (``_FULL_STOP_ENDING_ENTRY``; after a closing bracket ``closing`` may be
    ``_BRACKET_ENDING_ENTRY``, and after a year ``_YEAR_ENDING_ENTRY``, the next entry with no
    full stop before it) or the paragraph's end, or the paragraph's end or the text's right
    there (the list's last entry, printed with no full stop, ends the document). Not a
    comma or a colon: a title in title case closed by one before its place prints its own last
    word so ("...Pastures Revisited, Bern: Haupt"). Called by :func:`_undecided_run`, after
    one word run on after a title or after its number, and by the readings of the fields that
    close an entry after such a word (:func:`_closes_entry_after_field` and the functions it
    calls)."""
    ending = closing.match(text, at)
    if ending is not None and ending["initials"] is None:
        return True
    if ending is not None:
        low, high = ending.span("initials")
        initials = printed(low, high - (text[high - 1] in " -"))  # no blank at the edge
        return initials is not None and all(c.isupper() for c in initials if c.isalpha())
    if text.startswith(".", at) and ends_paragraph(text, at + 1, printed):
        return True
    return ends_paragraph_or_text(text, at, printed)

