"""Where the printed capitals end a title that runs into the next field (improved scheme).

Some styles print a title and the field after it with no punctuation between: "...et
sexualité Démographie : analyse et synthèse" (a chapter, then its book), "...et sexualité
INED, 2002" (then the publisher), "...Risk AssessmentsWeb site" (no blank either). Normalized
text is lower case, so there the next field's first word reads as one more title word, and
the word checks (``verify``) take the print for a longer title than the query: another work.
The print's capitals tell the two apart in nine shapes:

* **a capital and a colon**: the query's last word is printed in lower case, the word right
  after it starts with a capital and a colon follows it: a place, a publisher or a container
  before its subtitle (a title that goes on to a subtitle there is queried with it);
* **an acronym**: the query's last word is printed in lower case and the word right after it
  in capitals only, then no sentence's end: a publisher or an organisation;
* **joined**: the query's last word is printed joined to a capital ("AssessmentsWeb"), or,
  printed in lower case (or capitalised in a title in title case), to the word for "in"
  before a blank and a container's capital ("...sexualitéin Démographie : analyse");
* **"In" and a container**: the word right after the query's last word (in any case) is "In"
  printed with a capital, then a capital, in a reference list that prints "In" so after a
  word in lower case too ("...der Integration In Handlexikon der Integrationspädagogik (pp.
  82–90)": :func:`prints_in_before_containers`);
* **a container and its issue**: the query's last word is printed in lower case, the word
  right after it starts with a capital and opens a container followed by its year and pages,
  its volume and pages, or its year and volume ("...du semblable L'Homme, 2008, pp. 455-477",
  "...nominal tone Africana Linguistica 16 3-30", "...scientifique Communication.
  2006;149:97-111": ``run_on_fields.CONTAINER_WITH_ISSUE``);
* **a field of one word**: after the query's last word in any case, a capitalised word that
  the entry's publication data follows at once: a journal's name, its volume and its pages
  ("...East Crater Meteoritics, 32, 761–7"), or, after a last word not in lower case in a
  title with letters in lower case, an acronym or a publisher's
  two words joined before what closes the entry ("...aux États-Unis EOLE. 2012", "...Side of
  Internet PublicAffairs.": :func:`_one_word_field`);
* **an organisation**: the query's last word is printed in lower case, the word right after
  it starts with a capital and opens an organisation's name, up to three words and a word
  such as "Institute" before "of" or "for" ("...music recognition Swiss Federal Institute of
  Technology.": ``run_on_fields.ORGANISATION_NAME``; after a title in title case only the
  organisation's word right after the title is read so, by ``run_on_fields.NEXT_FIELD``);
* **a town closing the entry**: the query's last word is printed in lower case, the word right
  after it starts with a capital, is a town GeoNames knows or a listed publisher's name, and
  the entry's end, its year, its pages or a colon follow it ("...les infirmières Talence.",
  "...art techniques Bell.": ``place_fields.town_closes_entry``); not after a word that
  makes the town the title's own ("...of western Wilhelmshaven"), nor a country's name
  ("...in coastal Malta."); after a last word not in lower case ("...d'Antoine Forqueray
  Bilthoven; 1973") where the reference list runs another title so after a word in lower case,
  or three others before their publisher or their year (:func:`prints_titles_into_towns`);
* **publication data to the entry's end**: after a title not in title case, a capital that
  opens the rest of the entry read as its publication data, a place of one word and its
  publisher, and the next entry's opening after it ("...en Nouvelle-Calédonie Nouméa: Île de
  lumière, collection 101 mots."), or after the query's last word printed in lower case, a
  container closed by a full stop and an empty field's comma, then its place ("...of
  well-being Choices, Values and Frames., New York: Cambridge University Press."), also after
  a last word not in lower case where the reference list prints a book's own title closed by
  a comma before its place (:func:`prints_books_with_comma`: "...in South India Shorelines.,
  Stanford:"). A query that lacks the title's last word has it before the place, or a word
  not in lower case or no content word as its own last one
  (:func:`_publication_data_to_entry_end`).

A capital after a title in title case tells nothing ("Tidal Markets Revisited: Lagos Traders",
"Advising as Teaching Society for the Teaching of Psychology"), nor does a capital then other
punctuation or a word short of the entry's publication data: a title that ends with a name,
or a German title's noun, is printed so too ("...a brány Moravy, Academia", "...der
westlichen Ostsee und Nordsee"), and a near miss that leaves the name out would pass; nor a
place alone before the entry's end that is no town (a country, a region): an entry that ends
with its title prints a name there too ("...in coastal Malta."). Who calls
it: ``superset``, on an original hit a word check turned down, with the document's capitals
at hand (``names.PrintedCase``); the hit is then read again with the title closed there.
"""

from __future__ import annotations

import re
from typing import NamedTuple, Optional, Sequence

from ..names import PrintedCase
from .entry_grammar import (
    AND_WORD, END_OR_NUMBER_OPENING, INITIALS, INITIALS_FIRST_RUN_FROM_NAME,
    INITIALS_FIRST_RUN_TO_NAME, NAME, NUMBER_MARK, ONE_GIVEN_NAME_RUN, SURNAME_BEFORE_INITIALS,
    UNPUNCTUATED_INITIALS_RUN,
)
from .per_text_cache import kept_per_text, kept_per_text_alone
from .place_fields import (
    BOOK_TITLE_THEN_PLACE, CONTAINER_AND_PLACE_TO_ENTRY_END, PLACE_AND_PUBLISHER_TO_ENTRY_END,
    WORD_BEFORE_TITLES_TOWN, town_closes_entry, towns_closing_entries,
)
from .printed_words import DROPPED_IN_WORDS, IN_WORD_MARKS
from .run_on_fields import (
    ACRONYM_CLOSING_ENTRY, BOOK_GOING_ON_TO_CHAPTER_PAGES, BOOK_TO_CHAPTER_PAGES,
    CONTAINER_VOLUME_AND_PAGES, CONTAINER_WITH_ISSUE, ONE_WORD_JOURNAL_AND_NUMBER,
    ONE_WORD_JOURNAL_AND_PAGES, ORGANISATION_NAME,
)
from .words import CONTAINER_ARTICLES, SHORT_FUNCTION_WORDS, is_content

#: A word as the word checks read it: letters and digits, with what extraction leaves inside
#: words ("well-being", "l'état": ``printed_words.IN_WORD_MARKS``), compared without it ("wellbeing").
_WORDS = re.compile(rf"[^\W_](?:[^\W_]|[{re.escape(IN_WORD_MARKS)}](?=[^\W_]))*")
_WORD_PIECE_BEFORE = re.compile(r"[^\W_]+$")
_LEFT_OUT = 2  # query words after the hit that the best substring may leave out
_REACH = 80  # characters after the hit where the query's last words and the field are read
_ACRONYM_LETTERS = 2  # an acronym has this many capitals or more
_ROMAN_NUMERAL = re.compile(r"[IVXLCDM]+")
#: Two capitalised words printed joined, the first of four letters or more, the second of
#: three or more: a publisher's or a product's name ("PublicAffairs", "GraphPad"), not a
#: name's prefix ("McCarthy", "MacArthur", "DeVito", "LeBlanc") nor a title's last word and
#: the word "In" joined to it ("...Western Cretaceous SeawayIn: Perspectives").
_JOINED_CAPITALISED_WORDS = re.compile(r"[^\W\d_][^\W\d_A-Z]{3,}[A-Z][^\W\d_A-Z]{2,}")
#: Places of a reference list run straight after a title's word in lower case that make the
#: list's habit (:func:`prints_titles_into_towns`), or ...
_TOWNS_AFTER_LOWER_CASE = 1
#: ... places run straight after a word in any case, before a publisher's colon or a year's
#: semicolon.
_TOWNS_BEFORE_PUBLISHER_OR_YEAR = 3
#: A capitalised word and a colon right after the query's last word printed in lower case: a
#: field and its colon ("...sexualité Démographie : analyse", "...coastal towns Bodø: Nordland
#: Press"), not the title's own last word: a title that goes on to a subtitle after it would be
#: queried with its subtitle, so a query that lacks the word lacks the subtitle too.
_COLON = re.compile(r" ?:")
#: ... or an acronym right after the query's last word printed in lower case, then anything
#: but a sentence's end: "...sexualité INED, 2002" (a title that ends with an acronym after a
#: word in lower case is rarer than one that ends with a name).
_SENTENCE_CLOSE = re.compile(r" ?[.;!?]")
#: The word for "in" that opens a chapter's container, then a blank and the container's first
#: letter (normalized: "in h"; printed "In H", read by :func:`_container_after_capital_in`).
_IN_THEN_LETTER = re.compile(r"in (?=[^\W\d_])")
_CAPITAL_IN = "In "
#: A word, then the word for "in" and a letter, anywhere in a reference list: where
#: :func:`prints_in_before_containers` looks for a container opened so after a lower-case word.
_WORD_THEN_IN = re.compile(r"(?<![^\W_])[^\W\d_][\w'\u2019-]* in (?=[^\W\d_])")


def field_start(text: str, query: Sequence[str], start: int, end: int,
                printed: PrintedCase) -> Optional[int]:
    """Where the field after the title starts, told by the capitals (module docstring): the
    position in ``text`` of the first character after the query's last word, or None.

    ``query`` is the title's words, ``text[start:end]`` the hit. The field must follow the
    query's last word with a blank and no punctuation (punctuation ends a title already), or
    inside the same printed word."""
    if len(query) < 2 or not is_content(query[-1]):
        return None
    piece = _WORD_PIECE_BEFORE.search(text, max(0, start - _REACH), start)
    low = start if piece is None else piece.start()  # the hit may begin inside a word
    words = list(_WORDS.finditer(text, low, min(len(text), end + _REACH)))
    joined = _joined_field(query[-1], words, end, printed)
    if joined is not None:
        return joined
    last = _last_query_word(query, words, end)
    if last is None or last + 1 >= len(words):
        return None
    title_end, field = words[last], words[last + 1]
    if text[title_end.end():field.start()] != " ":
        return None
    cased = printed(low, field.end())
    if cased is None:
        return None
    title = [cased[w.start() - low:w.end() - low] for w in words[:last + 1]]
    first = cased[field.start() - low:]
    if _container_after_capital_in(text, field, printed):
        return field.start()
    if first[0].isupper() and _one_word_field(text, field, first, title, printed):
        return field.start()
    if title[-1].islower():  # else a title's own capital: "Tidal Markets Revisited: Lagos"
        if first[0].isupper() and _COLON.match(text, field.end()):
            return field.start()
        if _acronym(first) and not _SENTENCE_CLOSE.match(text, field.end()):
            return field.start()
        if first[0].isupper() and CONTAINER_WITH_ISSUE.match(text, field.start()):
            return field.start()
        if first[0].isupper() and ORGANISATION_NAME.match(text, field.start()):
            return field.start()
        if first[0].isupper() and town_closes_entry(text, title_end.end()):
            return field.start()
    elif (first[0].isupper() and town_closes_entry(text, title_end.end())
          and prints_titles_into_towns(text, printed, title_end.end())):
        return field.start()
    if first[0].isupper() and _publication_data_to_entry_end(text, field.start(), title):
        return field.start()
    return None


#: Capitalised words in a row after the query's last word that make a field of their own as
#: readily as the title's last word and the next field ("...The Antisocial Network Psychology
#: Today, 49", "...Raccolta Di Scritti Editi E Inediti a Cura"): a title without its last word
#: has that word and the field after it too, so the capitals cannot decide.
_CAPITALISED_RUN = 2
#: The blank between two words of a run, or a blank and a full stop joined to the next word
#: ("...Functions CambridgeUniv .Press, Cambridge.").
_RUN_GAP = re.compile(r" \.?")
#: One word, then the full stop that ends the entry: the text's end, the next entry's number
#: or its author's surname and initials ("...Attorney-General Gizmodo. 29. Kim", "...Twitter
#: Arxiv. [6] Lee": the first two shapes of ``entry_grammar.NEXT_ENTRY_OPENING``, built from
#: its parts). Not two names and a comma: a container's words print so too ("...Middle Ages.
#: Word, Image, Number"); nor a function word before initials: "In" opens a chapter's book
#: after its editor's initials ("...Adult Education. In M. Collins (Ed.)"). The initials
#: (``initials``) must be printed as capitals: "...Testament. Paris, t. VI" holds a volume's
#: mark.
_FULL_STOP_ENDING_ENTRY = re.compile(
    rf"\.(?={END_OR_NUMBER_OPENING}"
    rf"| (?!(?:{'|'.join(sorted(SHORT_FUNCTION_WORDS))})[ ,]){SURNAME_BEFORE_INITIALS}"
    rf"(?P<initials>{INITIALS}))")


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

    The query's last word must be a content word and no word that makes a capitalised word
    after it the title's own (``place_fields.WORD_BEFORE_TITLES_TOWN``: a title without its
    last word that ends with "of", "and" or "around" lacks the word after it), printed right
    at the hit's end (or up to ``_LEFT_OUT`` words after it), a blank and no punctuation
    after it, then a word that
    starts with a capital, in a shape :func:`_undecided_run` names. A query that lacks the
    title's last word has that word there in the same shapes. Who calls it: ``superset``, on
    an original hit a word check turned down over the words after it, where
    :func:`field_start` found no field the capitals decide; it reads the hit again with the
    title closed there and, where the run goes on past the entry's first word, asks whether
    a field the rules know starts after that word (then the word is the title's own)."""
    if (len(query) < 2 or not is_content(query[-1])
            or WORD_BEFORE_TITLES_TOWN.fullmatch(query[-1])):
        return None
    piece = _WORD_PIECE_BEFORE.search(text, max(0, start - _REACH), start)
    low = start if piece is None else piece.start()
    words = list(_WORDS.finditer(text, low, min(len(text), end + _REACH)))
    last = _last_query_word(query, words, end)
    if last is None or last + 1 >= len(words):
        return None
    title_end, run = words[last].end(), words[last + 1:]
    if text[title_end:run[0].start()] != " ":
        return None  # the title's own punctuation closes it: the text decides
    first = words[last].start()
    cased = printed(first, words[-1].end())
    if cased is None:
        return None
    told = _undecided_run(text, run, [cased[w.start() - first:w.end() - first] for w in run],
                          printed)
    if told is None:
        return None
    return RunOn(title_end, run[0].span(), told)


def _undecided_run(text: str, run: list[re.Match[str]], cased: list[str],
                   printed: PrintedCase) -> Optional[bool]:
    """Whether the words after a title's last word (``run``, printed ``cased``) open with a
    capital in one of the shapes a title without its last word prints too: True for one
    capitalised word that closes the entry (:func:`_entry_ends_at`), alone or with one
    number or range after its comma or its colon ("...Notes: Gunflints Kewa, 82",
    "...Objectification Poetry:269.", "...Hopes and Fear Zodiac, 24–35":
    ``run_on_fields.ONE_WORD_JOURNAL_AND_NUMBER``, a journal's volume, single page or
    pages, or the number a style prints after a title's own last word), or that opens a
    chapter's book, its comma or colon then the book up to the chapter's pages
    (:func:`_book_to_chapter_pages`); False for two capitalised words in a row or more
    (``_CAPITALISED_RUN``: a container, a publisher or the next entry's author run into the
    title; the first may be an article, ``words.CONTAINER_ARTICLES``: "...Spelling and
    Punctuation The Oxford History"), or for one that opens a container up to its volume and
    pages (``run_on_fields.CONTAINER_VOLUME_AND_PAGES``: "...Lernbehinderung
    Behindertenpädagogik in Hessen 12:38–45"); None for neither. A word in lower case there is
    the title's own (a longer title), and so is another function word printed with a capital (a
    title in title case going on: "...Tidal Markets In Coastal Towns"), and one
    capitalised word before the title's closing punctuation with more of the entry after it
    ("...Mistastin Lake crater Labrador, Planetary", "...Markets Revisited: Lagos Traders").
    Called by :func:`undecided_end`."""
    if not cased[0][:1].isupper():
        return None
    if _folded(cased[0]) in CONTAINER_ARTICLES:
        return False if _capitalised_words(text, run, cased) >= _CAPITALISED_RUN else None
    if not is_content(_folded(cased[0])):
        return None
    if _entry_ends_at(text, run[0].end(), printed):
        return True
    number = ONE_WORD_JOURNAL_AND_NUMBER.match(text, run[0].start())
    if number is not None and _entry_ends_at(text, number.end(), printed):
        return True
    book = _book_to_chapter_pages(text, run, cased)
    if book is not None:
        return book
    if (_capitalised_words(text, run, cased) >= _CAPITALISED_RUN
            or CONTAINER_VOLUME_AND_PAGES.match(text, run[0].start())):
        return False
    return None


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


def _entry_ends_at(text: str, at: int, printed: PrintedCase) -> bool:
    """True if the entry ends right after ``at`` (after a word or a number): a full stop, then
    the next entry (``_FULL_STOP_ENDING_ENTRY``) or the paragraph's end, or the paragraph's
    end right there. Not a comma or a colon: a title in title case closed by one before its
    place prints its own last word so ("...Pastures Revisited, Bern: Haupt"). Called by
    :func:`_undecided_run`, after one word run on after a title or after its number."""
    ending = _FULL_STOP_ENDING_ENTRY.match(text, at)
    if ending is not None and ending["initials"] is None:
        return True
    if ending is not None:
        low, high = ending.span("initials")
        initials = printed(low, high - (text[high - 1] in " -"))  # no blank at the edge
        return initials is not None and all(c.isupper() for c in initials if c.isalpha())
    if text.startswith(".", at) and ends_paragraph(text, at + 1, printed):
        return True
    return ends_paragraph(text, at, printed)


def initials_end_run(text: str, name_end: int, start: int, printed: PrintedCase) -> bool:
    """True if the author run of the name ending at ``name_end`` ends right before a title at
    ``start`` with initials printed as capitals and no full stop ("Rensky M English
    Verbonominal Phrases.", "Josling T, Swinbank A The European Union.", "Nallino CA Raccolta
    Di Scritti.", "Abercrombie N, Hill S, Turner BS Dictionary of Sociology."): the shape of
    ``UNPUNCTUATED_INITIALS_RUN`` between them, printed as :func:`_initials_in_capitals`
    says. Who calls it: ``superset``, for a short title the word checks read as ordinary
    words after a word."""
    if UNPUNCTUATED_INITIALS_RUN.fullmatch(text, name_end, start) is None:
        return False
    cased = printed(name_end + 1, start - 1)  # the blanks at its ends: normalization's own
    return cased is not None and _initials_in_capitals(cased)


#: A surname of one word, perhaps hyphenated ("hughes", "beck-gernsheim"): a person's.
_ONE_WORD = re.compile(NAME)


def given_name_ends_run(text: str, name: tuple[int, int], start: int,
                        printed: PrintedCase) -> bool:
    """True if the author run of a person's surname at ``text[name[0]:name[1]]`` (one word)
    ends right before a title at ``start`` with one given name written out and no punctuation
    ("Hughes, Alan Advising as Teaching, en ...": ``ONE_GIVEN_NAME_RUN``, a style that prints
    the date apart from the name), the given name printed as a name (its first letter a
    capital) and the title's first letter a capital: a title in lower case ("Okonkwo, Chidi
    harbour town planning") is words of a sentence, and a second word between the name and
    the title is a title's word or a second given name, which the capitals cannot tell apart.
    An organisation has no given name: the word after its comma is its title's first
    ("Geological Survey (USGS), General Geology of Guam"). Who calls it: ``superset``, for a
    short title the word checks read as ordinary words after a word."""
    name_start, name_end = name
    if (_ONE_WORD.fullmatch(text, name_start, name_end) is None
            or ONE_GIVEN_NAME_RUN.fullmatch(text, name_end, start) is None):
        return False
    cased = printed(name_end + 2, start + 1)  # the given name, the blank, the title's letter
    return cased is not None and cased[0].isupper() and cased[-1].isupper()


#: What stands right before an author run that opens its entry: the entry's number, "[8] ",
#: "12. " (not a year's last digits nor a page's: "1953. ", "p.12. "), or where no number is
#: printed (a PDF may lose the list's numbers), the full stop that closes the entry before after
#: a bracket or a word ("...(1993). W R Smith", "...Brill. B Barringer"), not an initial's.
_ENTRY_OPENED = re.compile(rf"(?:{NUMBER_MARK}|(?:[^\W_]{{2}}|\))[.?!]) $")
_OPENING_REACH = 8  # characters before an author run where what opens its entry is read
_RUN_REACH = 300  # characters before the searched surname where its run's opening is looked for
_WORD_OPENING = re.compile(r"(?<![^\W_])[^\W\d_]")
_RUN_WORD = re.compile(NAME)
_AND = re.compile(AND_WORD)


def initials_open_run(text: str, name: tuple[int, int], start: int,
                      printed: PrintedCase) -> bool:
    """True if the searched surname at ``text[name[0]:name[1]]`` is a name of an author run
    that prints each name's initials first with no full stop and the title right after the
    run's last surname ("[8] D Z Saltini Non siamo d'accordo (Torino", "[13] A Robertson and A
    Plummer The International ...": ``entry_grammar.INITIALS_FIRST_RUN_TO_NAME`` before the
    surname, ``INITIALS_FIRST_RUN_FROM_NAME`` from it to the title at ``start``), the run
    opening its entry (:func:`_run_opening`) and printed as names (:func:`_names_in_capitals`).
    In a sentence such words have neither an entry's opening before them nor initials in
    capitals. Who calls it: ``superset``, for a short title the word checks read as ordinary
    words after a word."""
    name_start, name_end = name
    if INITIALS_FIRST_RUN_FROM_NAME.fullmatch(text, name_end, start) is None:
        return False
    opening = _run_opening(text, name_start, printed)
    if opening is None:
        return False
    cased = printed(opening, start - 1)
    return cased is not None and _names_in_capitals(cased)


def _run_opening(text: str, name_start: int, printed: PrintedCase) -> Optional[int]:
    """Where the author run of initials first that ends with the surname at ``name_start``
    opens its entry: right after the entry's number or the entry before's close
    (``_ENTRY_OPENED``), at a paragraph's start (:func:`ends_paragraph`: HTML and plain text
    print each entry as one) or at the text's; None if no such run reaches the surname.
    Called by :func:`initials_open_run`."""
    for word in _WORD_OPENING.finditer(text, max(0, name_start - _RUN_REACH), name_start):
        at = word.start()
        if INITIALS_FIRST_RUN_TO_NAME.fullmatch(text, at, name_start) and (
                at == 0 or _ENTRY_OPENED.search(text, max(0, at - _OPENING_REACH), at)
                or ends_paragraph(text, at - 1, printed)):
            return at
    return None


def _names_in_capitals(run: str) -> bool:
    """True if each word of an author run (``run``, as printed) is an initial or a surname
    printed with a capital first ("D Z Saltini", "J-P Postel"), or the word for "and" in
    lower case: not an article or a title's word in lower case ("a study"). Called by
    :func:`initials_open_run`."""
    return all(word[0].isupper() or (word.islower() and _AND.fullmatch(word))
               for word in _RUN_WORD.findall(run))


def ends_paragraph(text: str, at: int, printed: PrintedCase) -> bool:
    """True if the blank at ``at`` (right after a hit's last word) stands for a paragraph's end
    in the print (``printed`` gives it as a line break: ``context.TextMap.printed_case``): in
    HTML and plain text each entry is a paragraph, so a title printed last in its entry with
    no punctuation ends there ("HUME (1752) Writings on Economics" before the next entry's
    "Kinney Title, in: ..."), which a sentence's words or a longer title's do not. Who calls
    it: ``superset``, for a title the word checks turned down over the word after it (an added
    title word, or a short title read as ordinary words)."""
    if not text.startswith(" ", at) or at == 0:
        return False
    cased = printed(at - 1, at + 2)  # with the letters beside it: a blank alone is no text
    return cased is not None and cased[1] == "\n"


#: A word of one letter (an initial with no full stop, or an article).
_ONE_LETTER = re.compile(r"(?<![^\W_])[^\W\d_](?![^\W_])")


def _initials_in_capitals(run: str) -> bool:
    """True if an author run after its first surname (``run``: "CA", "N, Hill S, Turner BS",
    as printed) has each name's initials, its last word before a comma or the run's end,
    printed in capitals, and every word of one letter too: not an article, the word for "and"
    or a preposition ("Rensky a English ...", "Nallino in Raccolta ..."). Called by
    :func:`initials_end_run`."""
    names = [segment.split() for segment in run.split(",")]
    return all(words and words[-1].isupper() for words in names) and all(
        letter.isupper() for letter in _ONE_LETTER.findall(run))


def _publication_data_to_entry_end(text: str, at: int, title: list[str]) -> bool:
    """True if the words from ``at`` (a capital after the title: ``title`` is its printed
    words) to the entry's end are the entry's own publication data: after a title not in
    title case, a place of one word and its publisher (``PLACE_AND_PUBLISHER_TO_ENTRY_END``);
    a query that lacks the title's last word has that word before them, two words before the
    place's colon. Or,
    after the query's last word printed in lower case, a container closed by a full stop and
    the comma of an empty field, then its place ("...of well-being Choices, Values and
    Frames., New York: Press.": ``CONTAINER_AND_PLACE_TO_ENTRY_END``): a title's proper noun
    before the container would be read with it, but a query that lacks it ends with a word
    in lower case only after another content word ("...across medieval [Europe]"), rarely
    ("...of [Europe]": ``field_start`` reads no field after a function word). After a last
    word not in lower case (a title in title case, or one that ends with a name) the
    container is read so only where the reference list prints a book's own title closed by a
    comma (:func:`prints_books_with_comma`)."""
    container = CONTAINER_AND_PLACE_TO_ENTRY_END.match(text, at) is not None
    if _in_title_case(title):  # "Advising as Teaching Society for the Teaching of ..."
        return container and prints_books_with_comma(text)
    return PLACE_AND_PUBLISHER_TO_ENTRY_END.match(text, at) is not None or (
        container and (title[-1].islower() or prints_books_with_comma(text)))


@kept_per_text
def prints_books_with_comma(text: str) -> bool:
    """True if the reference list in ``text`` prints a book's own title closed by a comma
    before its place and publisher (``place_fields.BOOK_TITLE_THEN_PLACE``: "2004. Title of
    the Book, Berlin: Lehmanns."). Such a style prints "., " before a place only after a
    chapter's container ("2009. Space and Rights in South India Shorelines., Stanford:"), so
    there the container's first word is no title's last word, whatever its capitals. A style
    that closes a book's own title by "., " ("2000: Marked Men: White Masculinity in Crisis.,
    New York:") prints no book so, and a query that lacks such a title's last word stays
    another work. Who calls it: :func:`_publication_data_to_entry_end`, for a title in title
    case or one whose last word is a name, only on an original hit a word check turned down;
    the answer is kept for the last texts asked about (``per_text_cache``: asking again with
    the same text costs a look-up)."""
    return BOOK_TITLE_THEN_PLACE.search(text) is not None


def prints_titles_into_towns(text: str, printed: PrintedCase, at: int) -> bool:
    """True if the reference list in ``text`` runs other entries' titles straight into the
    town that closes them (:func:`_titles_into_towns`; not the town after ``at``, the end of
    the title asked about): ``_TOWNS_AFTER_LOWER_CASE`` places where a word printed in lower
    case stands right before a town ("...their families Bilthoven; 2004"), or
    ``_TOWNS_BEFORE_PUBLISHER_OR_YEAR`` right after a word in any case and before their
    publisher's colon or their year's semicolon ("...Libertés Et Droits Fondamentaux Paris:
    Ellipses; 2012", a style that prints every title in title case). Such a style prints a
    title in title case, or one ending with a German noun or a name, so too ("...Marin Marais
    Et d'Antoine Forqueray Bilthoven; 1973"), so there the town after a capitalised word
    starts the next field. A list that punctuates a title's end prints a town after a
    title's lower-case word only as the title's own, after a preposition ("...Death in
    Venice."), which ``place_fields.town_closes_entry`` leaves out, and a title's own town
    before a colon or a semicolon rarely ("...der Universität Bremen: Eine Chronik"), not
    three times in one list. Who calls it: :func:`field_start`, for a title whose last word
    is not in lower case before such a town, only on an original hit a word check turned
    down; the list's places are read once per text (:func:`_titles_into_towns`)."""
    places = _titles_into_towns(text, printed)
    after_lower_case, before_publisher_or_year = (
        [place for place in kind if place != at] for kind in places)
    return (len(after_lower_case) >= _TOWNS_AFTER_LOWER_CASE
            or len(before_publisher_or_year) >= _TOWNS_BEFORE_PUBLISHER_OR_YEAR)


@kept_per_text_alone
def _titles_into_towns(text: str, printed: PrintedCase) -> tuple[list[int], list[int]]:
    """Where the list in ``text`` prints a town closing an entry
    (``place_fields.towns_closing_entries``) with a capital: the ends of the words before
    those it prints right after a word in lower case (the shape :func:`field_start` reads
    after a title in lower case), and of those right after a word in any case and before
    their publisher or their year. Called by :func:`prints_titles_into_towns`; read once per
    text (``per_text_cache.kept_per_text_alone``: the hits of a document ask again)."""
    after_lower_case, before_publisher_or_year = [], []
    for at, publisher_or_year in towns_closing_entries(text):
        word = _WORD_PIECE_BEFORE.search(text, max(0, at - _REACH), at)
        cased = None if word is None else printed(word.start(), at + 2)
        if cased is None or not cased[-1].isupper():
            continue
        if cased[:-2].islower():
            after_lower_case.append(at)
        if publisher_or_year:
            before_publisher_or_year.append(at)
    return after_lower_case, before_publisher_or_year


def _container_after_capital_in(text: str, field: re.Match[str], printed: PrintedCase) -> bool:
    """True if the word after the query's last word (``field``) is "In" printed with a capital,
    then a capital, in a reference list that opens a chapter's container so
    (:func:`prints_in_before_containers`): "...Ideengeschichte der Integration In Handlexikon
    der Integrationspädagogik (pp. 82–90)", "...Homeland as Borderland In Postcolonial
    Theologies". The title's own last word may be in any case there: a query that lacks it
    has that word, not "In", right after its hit, and a title that goes on with "in" prints
    it in lower case in such a list. Called by :func:`field_start`."""
    if field.group() != "in" or _IN_THEN_LETTER.match(text, field.start()) is None:
        return False
    cased = printed(field.start(), field.end() + 2)
    return (cased is not None and cased.startswith(_CAPITAL_IN) and cased[-1].isupper()
            and prints_in_before_containers(text, printed))


def _one_word_field(text: str, field: re.Match[str], first: str, title: list[str],
                    printed: PrintedCase) -> bool:
    """True if the word right after the query's last word (``field``, printed ``first`` with a
    capital) is a field of one word that the entry's publication data follows at once, after a
    title's last word in any case: a journal's name, its volume and pages after commas
    ("...Clearwater East Crater Meteoritics, 32, 761–7": ``ONE_WORD_JOURNAL_AND_PAGES``), or,
    after a last word not in lower case of a title
    printed with letters in lower case (``title``), an acronym or a publisher's name of two
    words joined (:func:`_names_a_field`) before what closes the entry or at its paragraph's
    end, perhaps after its full stop ("...aux États-Unis EOLE. 2012", "...Love, Earth
    INSEAD; 2012", "...Side of Internet PublicAffairs.": ``ACRONYM_CLOSING_ENTRY``).
    After a last word in lower case an acronym before a sentence's end is as often the
    title's own ("...experiment at CERN."). A query that lacks the title's last word has that
    word right after its hit, and the field's word after it: two words before the comma, the
    full stop or the paragraph's end. Called by :func:`field_start`."""
    if ONE_WORD_JOURNAL_AND_PAGES.match(text, field.start()):
        return True
    if not _names_a_field(first) or title[-1].islower() or not any(
            letter.islower() for word in title for letter in word):
        return False
    stop = field.end() + 1 if text.startswith(".", field.end()) else field.end()
    return (ACRONYM_CLOSING_ENTRY.match(text, field.end()) is not None
            or ends_paragraph(text, stop, printed))


def _names_a_field(word: str) -> bool:
    """True if a printed word names an organisation or a publisher: an acronym, not a Roman
    numeral ("...World War II.") nor a code with digits ("...Special Report SP-2056-ENV,
    1999.": the title's own), or two capitalised words joined (``_JOINED_CAPITALISED_WORDS``:
    "PublicAffairs"). Called by :func:`_one_word_field`."""
    if _acronym(word):
        return (_ROMAN_NUMERAL.fullmatch(word) is None
                and not any(letter.isdigit() for letter in word))
    return _JOINED_CAPITALISED_WORDS.fullmatch(word) is not None


@kept_per_text_alone
def prints_in_before_containers(text: str, printed: PrintedCase) -> bool:
    """True if the reference list in ``text`` prints "In" with a capital, then a capital,
    right after a word printed in lower case (``_WORD_THEN_IN``: "...in early
    Iceland In Coastal Trade Routes (pp. 5–17)"): a style that runs a chapter's title into
    "In" and its container with no punctuation. A title in lower case prints its own "in" so
    only as "in", so there "In" and a capital open the container after any title, one in
    title case or ending with a German noun or a name too. A style that capitalises every
    word of a title ("...Worst In The World For Piracy") prints no "In" after a word in lower
    case. Who calls it: :func:`_container_after_capital_in`, only on an original hit a word
    check turned down; the answer is kept per text (``per_text_cache.kept_per_text_alone``)."""
    for place in _WORD_THEN_IN.finditer(text):
        cased = printed(place.start(), place.end() + 1)
        if cased is None:
            continue
        word, _, rest = cased.partition(" ")
        if word.islower() and rest.startswith(_CAPITAL_IN) and rest[-1].isupper():
            return True
    return False


def title_closed(text: str, field: int) -> str:
    """``text`` with a full stop closing the title before the field at ``field`` ("...well-being.
    Choices", "...Assessments. Web site"): positions before ``field`` stay put. Called by
    ``superset`` to read a hit again as the capitals say the entry is punctuated."""
    if text[field - 1:field] == " ":
        return text[:field - 1] + "." + text[field - 1:]
    return text[:field] + ". " + text[field:]


def _joined_field(last: str, words: list[re.Match[str]], end: int,
                  printed: PrintedCase) -> Optional[int]:
    """Where a field joined to the query's ``last`` word starts inside the hit's last printed
    word: at a capital right after the word's own lower-case letters ("...Risk
    AssessmentsWeb site": the style printed no blank), or at the word for "in" joined to
    them before a container (:func:`_joined_in`), or None."""
    inside = [word for word in words if word.start() < end]
    if not inside or not inside[-1].group().startswith(last) or inside[-1].group() == last:
        return None
    at = inside[-1].start() + len(last)
    if _joined_in(inside, at, printed):
        return at
    cased = printed(at - 1, at + 1)
    return at if cased is not None and cased[0].islower() and cased[1].isupper() else None


#: The word for "in" before a chapter's container, as a style joins it to the title's last
#: word with no blank (read by :func:`_joined_in`).
_JOINED_IN = "in"


def _joined_in(hit: list[re.Match[str]], at: int, printed: PrintedCase) -> bool:
    """True if the hit's last printed word (``hit``: its words) is the query's last word (up
    to ``at``) with the word for "in" joined to it, then a blank and a capital: a style that
    prints a chapter's container after "in" with no blank before it ("...et sexualitéin
    Démographie : analyse", "...Mechanical Reproductionin Illuminations, 217–252"). The word
    printed in lower case, or with a capital only first in a title in title case
    (:func:`_in_title_case`): in a title not in title case a capitalised word may be a German
    noun that ends so itself ("Die neue Lehrerin Schule"); a title's word in lower case that
    is the query's word and "in" ("plugin", "terrain") rarely stands before a capital.
    Called by :func:`_joined_field`."""
    word = hit[-1]
    text, low = word.string, hit[0].start()
    if text[at:word.end()] != _JOINED_IN or not text.startswith(" ", word.end()):
        return False
    cased = printed(low, word.end() + 2)
    if cased is None or not cased[-1].isupper():
        return False
    title = [cased[w.start() - low:w.end() - low] for w in hit]
    return title[-1].islower() or (title[-1][1:].islower() and _in_title_case(title))


def _in_title_case(title: list[str]) -> bool:
    """True if no content word of a printed title (``title``: its words) but its first is
    printed in lower case: "Advising as Teaching Society", not "Die neue Lehrerin" (a German
    title's adjective) nor "Coastal trade routes". Called by :func:`_joined_in` and
    :func:`_publication_data_to_entry_end`."""
    return not any(word.islower() for word in title[1:] if is_content(_folded(word)))


def _last_query_word(query: Sequence[str], words: list[re.Match[str]],
                     end: int) -> Optional[int]:
    """The index in ``words`` of the query's last word: the hit's last word if it is, or up
    to ``_LEFT_OUT`` words further when the hit left the query's last words out."""
    inside = [i for i, word in enumerate(words) if word.start() < end]
    if not inside:
        return None
    at = inside[-1]
    for left_out in range(min(_LEFT_OUT, len(query) - 1) + 1):
        tail = query[len(query) - 1 - left_out:]
        printed = [_word(word) for word in words[at:at + len(tail)]]
        if printed == list(tail):
            return at + left_out
    return None


def _word(match: re.Match[str]) -> str:
    """A printed word as the query's words are compared: "well-being" is "wellbeing"."""
    return match.group().translate(DROPPED_IN_WORDS)


def _folded(printed: str) -> str:
    """A word with the document's capitals as the query's words are compared (:func:`_word`)."""
    return printed.lower().translate(DROPPED_IN_WORDS)


def _acronym(word: str) -> bool:
    """True for a word printed in capitals only, ``_ACRONYM_LETTERS`` or more: "INED"."""
    letters = [c for c in word if c.isalpha()]
    return len(letters) >= _ACRONYM_LETTERS and all(c.isupper() for c in letters)

