"""Where the printed capitals end a title that runs into the next field (improved scheme).

Some styles print a title and the field after it with no punctuation between: "...et
sexualité Démographie : analyse et synthèse" (a chapter, then its book), "...et sexualité
INED, 2002" (then the publisher), "...Risk AssessmentsWeb site" (no blank either). Normalized
text is lower case, so there the next field's first word reads as one more title word, and
the word checks (``verify``) take the print for a longer title than the query: another work.
The print tells the two apart in thirteen shapes, twelve by its capitals and one by its
paragraph's end (each read after the print of the query's last word, also where the query
mistypes that word: :func:`_mistyped_last_word`):

* **a capital and a colon**: the query's last word is printed in lower case, the word right
  after it starts with a capital and a colon follows it: a place, a publisher or a container
  before its subtitle (a title that goes on to a subtitle there is queried with it);
* **an acronym**: the query's last word is printed in lower case and the word right after it
  in capitals only, then no sentence's end: a publisher or an organisation;
* **the author's acronym**: after the query's last word in any case, the acronym of the
  organisation the entry is read after, then a publisher's punctuation ("...CADTH
  Therapeutic Review CADTH, Ottawa.": an organisation publishing its own report);
* **joined**: the query's last word is printed joined to a capital ("AssessmentsWeb"), or,
  printed in lower case (or capitalised in a title in title case), to the word for "in"
  before a blank and a container's capital ("...sexualitéin Démographie : analyse"), or to a
  function word in a list that joins other fields so; a query that mistypes it names the
  printed start ("Fouccault" for "FoucaultDit", "Soceity" for "Societyin");
* **"In" and a container**: the word right after the query's last word (in any case) is "In"
  printed with a capital, then a capital, in a reference list that prints "In" so after a
  word in lower case too ("...der Integration In Handlexikon der Integrationspädagogik (pp.
  82–90)": :func:`prints_in_before_containers`), or "In" and its colon in any list
  ("...Précaires Et Livelli In : Les transferts");
* **a container and its issue**: the query's last word is printed in lower case, the word
  right after it starts with a capital and opens a container followed by its year and pages,
  its volume and pages, or its year and volume ("...du semblable L'Homme, 2008, pp. 455-477",
  "...nominal tone Africana Linguistica 16 3-30", "...scientifique Communication.
  2006;149:97-111": ``run_on_fields.CONTAINER_WITH_ISSUE``), or one whose name holds commas
  before its volume (after a blank or a comma), a comma and its pages, in a list that runs
  another title into its journal so ("...boundary Palaeogeography, Palaeoclimatology,
  Palaeoecology 255, 4–21", "...Palaeoecology, 255, 4–21":
  ``run_on_fields.CONTAINER_WITH_COMMAS_TO_VOLUME_AND_PAGES``,
  :func:`prints_titles_into_containers`);
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
* **the title's town again**: the query's last word is a town GeoNames knows, and the word
  right after it, with a capital, is the same town closed by its comma ("...Ritual Andino En
  Otavalo Otavalo, Ediciones Abya-Yala": ``place_fields.town_again_after_title``): no title
  ends with its last word twice, so the second is the place of publication;
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
  (:func:`_publication_data_to_entry_end`);
* **a publisher named after a person**: after the query's last word in any case, a capital
  initial and its full stop that open a publisher's name up to its place and the entry's end
  ("...Non siamo d’accordo F. de Silva. Torino:":
  ``place_fields.publisher_named_after_person_closes_entry``);
* **pages closing the paragraph**: after the query's last word in any case, a book's page or
  pages marked "p.", "pp." or "S." whose full stop ends the entry's paragraph or the text
  ("...L'homéopathie en dermatologie S. 552." before an organisation's entry, whose opening no
  grammar reads: :func:`_pages_close_paragraph`).

A capital after a title in title case tells nothing ("Tidal Markets Revisited: Lagos Traders",
"Advising as Teaching Society for the Teaching of Psychology"), nor does a capital then other
punctuation or a word short of the entry's publication data: a title that ends with a name,
or a German title's noun, is printed so too ("...a brány Moravy, Academia", "...der
westlichen Ostsee und Nordsee"), and a near miss that leaves the name out would pass; nor a
place alone before the entry's end that is no town (a country, a region): an entry that ends
with its title prints a name there too ("...in coastal Malta."). Who calls
it: ``superset``, on an original hit a word check turned down, with the document's capitals
at hand (``word_edges.PrintedCase``); the hit is then read again with the title closed there.
Where the capitals cannot decide, ``undecided_ends`` names the run; where an author run ends
before a short title, ``author_run_ends``.
"""

from __future__ import annotations

import re
from typing import Iterable, Optional, Sequence

from ...word_edges import PrintedCase
from ..grammar.content_words import FUNCTION_WORDS, JOINED_IN, SHORT_FUNCTION_WORDS, is_content
from ..text.per_text_cache import kept_per_text, kept_per_text_alone
from ..fields.places import is_town
from ..word_check.counterparts import another_word, mistyped, mistyped_keeping_end
from ..fields.place_fields import (
    BOOK_TITLE_THEN_PLACE, CONTAINER_AND_PLACE_TO_ENTRY_END, PLACE_AND_PUBLISHER_TO_ENTRY_END,
    publisher_and_seat_end, publisher_named_after_person_closes_entry,
    publisher_seat_and_pages_end, town_again_after_title, town_closes_entry,
    towns_after_full_stops_closing_entries, towns_before_blanks, towns_before_closing_publishers,
    towns_before_closing_years, towns_closing_entries, words_before_comma_closing_entries,
)
from ..text.printed_words import (
    ends_paragraph, ends_paragraph_or_text, folded, hit_words, last_query_word, piece_before,
    whole_word_start,
)
from ..fields.run_on_fields import (
    ACRONYM_CLOSING_ENTRY, CONTAINER_CLOSE_BEFORE_EMPTY_FIELD,
    CONTAINER_WITH_COMMAS_TO_VOLUME_AND_PAGES, CONTAINER_WITH_ISSUE,
    JOURNAL_NAME_CLOSE, ONE_WORD_JOURNAL_AND_PAGES, ORGANISATION_NAME, PAGES_AFTER_TITLE,
    PUBLISHER_NAME, VOLUME_AND_PAGES_CLOSE,
)

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
#: semicolon, or closing their entry at its paragraph's end with no full stop.
_TOWNS_BEFORE_PUBLISHER_OR_YEAR = 3
#: Entries of a reference list that run a title straight into a town, its comma and a
#: publisher closing the entry, that make the list's habit of printing "Title Place,
#: Publisher." (:func:`prints_titles_into_towns_and_publishers`).
_TOWNS_BEFORE_CLOSING_PUBLISHERS = 2
#: ... and entries that run a title's last word in lower case into a publisher's name in
#: capitals, its comma and a town closing the entry, that make the habit of printing "Title
#: Publisher, Place." (:func:`prints_titles_into_publishers_and_towns`): one, as the capitals
#: leave out a title's own last word closed by a comma before its place, and a list prints a
#: publisher of one word in capitals for few of its books.
_TITLES_INTO_PUBLISHERS = 1
#: ... or that run a title straight into a publisher's name told by its words or listed
#: (:func:`_titles_into_listed_publishers`): such a name may follow a title in title case, and
#: a title may end with "Books" or "Press", so it takes two.
_TITLES_INTO_LISTED_PUBLISHERS = 2
#: Entries of a reference list that run a title straight into a town or a listed publisher,
#: its comma and the year closing the entry, that make the list's habit of printing "Title
#: Place, Year." (:func:`prints_titles_into_towns_and_years`).
_TOWNS_BEFORE_CLOSING_YEARS = 2
#: ... or one, in a list that runs other titles into publishers' names
#: (``_TITLES_INTO_LISTED_PUBLISHERS`` of them): "Title Publisher: Place, Year." with the
#: publisher left out.
_TOWNS_BEFORE_CLOSING_YEARS_BESIDE_PUBLISHERS = 1
#: Entries of a reference list closed by a word's full stop and a town's colon that make the
#: list's habit of printing a book's publisher before its closing place
#: (:func:`prints_publishers_before_closing_towns`).
_PUBLISHERS_BEFORE_CLOSING_TOWNS = 3
#: Entries of a reference list that run a title's last word in lower case straight into a
#: container's capitalised words, its volume or its publisher and seat after them, that make
#: the list's habit of printing "Title Container." (:func:`prints_titles_into_containers`).
_TITLES_INTO_CONTAINERS = 1
#: ... or chapters (a publisher or none, its seat and the pages closing the entry) whose title
#: and book print as one sentence right after the author's initials, that make the same habit
#: without the capitals (:func:`_chapters_in_one_sentence`): two, as a chapter whose record
#: lacks its book prints so in any style.
_CHAPTERS_IN_ONE_SENTENCE = 2
#: A name's initials printed joined after its surname, perhaps with a hyphen ("J", "WTS",
#: "J-P"), the last word before a sentence that opens an entry's title; read in the print's
#: capitals (``undecided_ends._JOINED_INITIALS`` reads such initials in the normalized text,
#: before a year or a co-author).
_PRINTED_JOINED_INITIALS = re.compile(r"[A-Z]{1,3}(?:-[A-Z])?")
#: The most words of a container's name run into a title that
#: :func:`_lower_case_before_container` reads back over.
_CONTAINER_NAME_WORDS = 16
#: A word of a container's name as printed, or its "&" (:func:`_lower_case_before_container`).
_CONTAINER_NAME_WORD = re.compile(r"[^\W\d_]+(?:['\u2019-][^\W\d_]+)*|&")
#: A container's full stop and the capital after it, where a publisher's name may start.
_FULL_STOP_BEFORE_NAME = re.compile(r"\. (?=[^\W\d_])")
#: A field's comma and the capital after it, where a publisher's name may start.
_COMMA_BEFORE_NAME = re.compile(r", (?=[^\W\d_])")
#: A capitalised word and a colon right after the query's last word printed in lower case: a
#: field and its colon ("...sexualité Démographie : analyse", "...coastal towns Bodø: Nordland
#: Press"), not the title's own last word: a title that goes on to a subtitle after it would be
#: queried with its subtitle, so a query that lacks the word lacks the subtitle too.
_COLON = re.compile(r" ?:")
#: ... or an acronym right after the query's last word printed in lower case, then anything
#: but a sentence's end: "...sexualité INED, 2002" (a title that ends with an acronym after a
#: word in lower case is rarer than one that ends with a name).
_SENTENCE_CLOSE = re.compile(r" ?[.;!?]")
#: A word of an author's name, read for its initial unless it is a function word
#: (:func:`_author_acronym`).
_AUTHOR_WORD = re.compile(r"[^\W\d_]+")
_ANY_FUNCTION_WORD = FUNCTION_WORDS | SHORT_FUNCTION_WORDS
#: The punctuation that closes a publisher's name before its place or the entry's end.
_FIELD_MARK = re.compile(r" ?[.,:;]")
#: ... or, after the query's last word in any case, the next entry's inverted name as a style
#: that prints family names in capitals opens it: the surname in capitals, its comma, one
#: given name written out and its comma ("...Colors of Indonesia GREEN, Christopher, Art in
#: France"), the given name no town's ("...Systems UNESCO, Paris, 1998" prints a place).
_GIVEN_NAME_AND_COMMA = re.compile(r", ([^\W\d_]{2,}(?:-[^\W\d_]{2,})?), (?=[^\W\d_])")
#: ... the surname: letters only, perhaps two parts joined by a hyphen or an apostrophe.
_CAPITALS_SURNAME = re.compile(r"[^\W\d_]{3,}(?:[-'\u2019][^\W\d_]{2,})?")
#: The word for "in" that opens a chapter's container, then a blank and the container's first
#: letter (normalized: "in h"; printed "In H", read by :func:`_container_after_capital_in`).
_IN_THEN_LETTER = re.compile(r"in (?=[^\W\d_])")
_IN_COLON_THEN_LETTER = re.compile(r"in ?: (?=[^\W\d_])")
_CAPITAL_IN = "In "
#: A word, then the word for "in" and a letter, anywhere in a reference list: where
#: :func:`prints_in_before_containers` looks for a container opened so after a lower-case word.
_WORD_THEN_IN = re.compile(r"(?<![^\W_])[^\W\d_][\w'\u2019-]* in (?=[^\W\d_])")


def field_start(text: str, query: Sequence[str], start: int, end: int,
                printed: PrintedCase, author: str = "") -> Optional[int]:
    """Where the field after the title starts, told by the capitals (module docstring): the
    position in ``text`` of the first character after the query's last word, or None.

    ``query`` is the title's words, ``text[start:end]`` the hit, ``author`` the name the hit
    is read after (:func:`_author_acronym`). The field must follow the query's last word with
    a blank and no punctuation (punctuation ends a title already), or inside the same printed
    word."""
    if len(query) < 2 or not is_content(query[-1]):
        return None
    low, words = hit_words(text, start, end)
    joined = _joined_field(query[-1], words, end, printed)
    if joined is not None:
        return joined
    last = last_query_word(query, words, end)
    if last is None:
        last = _mistyped_last_word(query[-1], words, end)
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
    if _author_acronym(first, author) and _FIELD_MARK.match(text, field.end()):
        return field.start()
    if first[0].isupper() and _one_word_field(text, field, first, title, printed):
        return field.start()
    if _next_entry_in_capitals(text, field, first, printed):
        return field.start()
    if first[0].isupper() and town_again_after_title(text, title_end.span(), field.start()):
        return field.start()
    if title[-1].islower():  # else a title's own capital: "Tidal Markets Revisited: Lagos"
        if first[0].isupper() and _COLON.match(text, field.end()):
            return field.start()
        if acronym(first) and not _SENTENCE_CLOSE.match(text, field.end()):
            return field.start()
        if first[0].isupper() and CONTAINER_WITH_ISSUE.match(text, field.start()):
            return field.start()
        if (first[0].isupper()
                and CONTAINER_WITH_COMMAS_TO_VOLUME_AND_PAGES.match(text, field.start())
                and prints_titles_into_containers(text, printed, title_end.end())):
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
    if first.isupper() and publisher_named_after_person_closes_entry(text, field.start(),
                                                                     printed):
        return field.start()
    if _pages_close_paragraph(text, field.start(), printed):
        return field.start()
    return None


def _pages_close_paragraph(text: str, at: int, printed: PrintedCase) -> bool:
    """True if the book's page or pages open at ``at`` (the word right after the query's last
    word), marked "p.", "pp." or German "S." (``run_on_fields.PAGES_AFTER_TITLE``), and their
    full stop ends the entry's paragraph or the text (soziologie: "DENIS, M., 1983:
    L'homéopathie en dermatologie S. 552." before an organisation's entry): the entry's last
    field. ``run_on_fields.NEXT_FIELD`` reads the same pages before the next entry's opening
    the grammar knows; where the next entry opens with a name the grammar does not read, the
    paragraph's end (HTML and plain text print each entry as one) still tells the entry's end.
    A sentence's words do not close a paragraph with a page so, and a query that lacks the
    title's last word has that word before the pages. Called by :func:`field_start`."""
    pages = PAGES_AFTER_TITLE.match(text, at - 1)
    return pages is not None and ends_paragraph_or_text(text, pages.end(), printed)



def _author_acronym(first: str, author: str) -> bool:
    """True if the word after the title, printed ``first``, is in capitals the initials of the
    ``author``'s words, function words left out ("CADTH" of "Canadian Agency for Drugs and
    Technologies in Health", "WHO" of "World Health Organization"): an organisation that
    publishes its own report, named as its publisher after the title with no punctuation
    between ("...CADTH Therapeutic Review CADTH, Ottawa."). No title ends with its author's
    acronym right before a publisher's punctuation. Called by :func:`field_start`."""
    initials = "".join(word[0] for word in _AUTHOR_WORD.findall(author)
                       if word.lower() not in _ANY_FUNCTION_WORD)
    return acronym(first) and len(initials) >= _ACRONYM_LETTERS and first == initials.upper()


def _mistyped_last_word(last: str, words: list[re.Match[str]], end: int) -> Optional[int]:
    """The index in ``words`` of the hit's last printed word if it is the query's ``last``
    word mistyped, its last letter kept last (``counterparts.mistyped_keeping_end``, and no
    other word by the word check's reading, ``counterparts.another_word``), else None: "...in
    public cloud computing NIST: Gaithersburg" for a typed "computting", where
    ``printed_words.last_query_word`` finds no print of the query's word. A letter changed,
    added or left out at the end is another ending as readily ("sexuality" for "...et
    sexualité INED"). Called by :func:`field_start`, which then reads the field after it as
    after the word typed right; the word check still reads the word itself."""
    inside = [i for i, word in enumerate(words) if word.start() < end]
    if not inside:
        return None
    printed = folded(words[inside[-1]].group())
    if printed == last or not mistyped_keeping_end(last, printed) or another_word(
            last, printed, first=False, last=False):
        return None
    return inside[-1]


def _next_entry_in_capitals(text: str, field: re.Match[str], first: str,
                            printed: PrintedCase) -> bool:
    """True if the word after the title (``field``, printed ``first``) opens the next entry
    as a style that prints family names in capitals does (:data:`_GIVEN_NAME_AND_COMMA`): a
    surname of three capitals or more and letters only (a report's number holds digits: "...Special
    Report SP-2056-ENV, Washington"), a given name with only its first letter a capital.
    Called by :func:`field_start`."""
    if not (_CAPITALS_SURNAME.fullmatch(first) and acronym(first)):
        return False
    given = _GIVEN_NAME_AND_COMMA.match(text, field.end())
    if given is None or is_town(given.group(1)):
        return False
    shown = printed(given.start(1), given.end(1))
    return shown is not None and shown[0].isupper() and shown[1:].islower()


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


def prints_titles_into_towns_and_publishers(text: str, printed: PrintedCase, at: int) -> bool:
    """True if the reference list in ``text`` runs other entries' titles straight into a town,
    its comma and a publisher closing the entry
    (``place_fields.towns_before_closing_publishers``; not the place after ``at``, the end of
    the title asked about), ``_TOWNS_BEFORE_CLOSING_PUBLISHERS`` times or more: "...The World
    and Other Writings New York, Cambridge University Press.", a style that prints "Title
    Place, Publisher." with no punctuation after the title (or no full stop either, the
    paragraph's end closing the entry: "...and Logic New York, Dover Publications", read with
    the print's paragraphs, ``printed``). There a title without its last word prints that
    word before the place, never right before the comma, so one word closed by the comma
    before the entry's publisher is the place's, known town or not. Called by
    ``undecided_ends._name_before_publisher_in_list_of_towns``; the list's towns are read once
    per text (:func:`_towns_before_closing_publishers`)."""
    return (_others(_towns_before_closing_publishers(text, printed), at)
            >= _TOWNS_BEFORE_CLOSING_PUBLISHERS)


@kept_per_text_alone
def _towns_before_closing_publishers(text: str, printed: PrintedCase) -> tuple[int, ...]:
    """Where the list in ``text`` runs a title into a town, its comma and a publisher closing
    the entry (``place_fields.towns_before_closing_publishers``). Called by
    :func:`prints_titles_into_towns_and_publishers`; read once per text, with the print's
    paragraphs ``printed`` (``per_text_cache.kept_per_text_alone``: the hits of a document ask
    again)."""
    return tuple(towns_before_closing_publishers(text, printed))


def prints_titles_into_towns_and_years(text: str, at: int) -> bool:
    """True if the reference list in ``text`` runs other entries' titles straight into a
    town or a listed publisher's name, its comma and the year closing the entry
    (``place_fields.towns_before_closing_years``; not the one after ``at``, the end of the
    title asked about), ``_TOWNS_BEFORE_CLOSING_YEARS`` times or more: "...des Mittelalters
    Leipzig, 1943.", "...Grand Rapids Eerdmans, 2000.", a style that prints "Title Place,
    Year." or "Title Publisher, Year." with no punctuation after the title, and "Title
    Year." where the record has neither. There a title without its last word prints that
    word before the place, so one word closed by the comma before the entry's year is the
    place's or the publisher's, known or not. One such entry is enough where the list runs
    other titles straight into a publisher's name told by its words or listed
    (:func:`_titles_into_listed_publishers`), ``_TITLES_INTO_LISTED_PUBLISHERS`` times or
    more: a style that prints "Title Publisher: Place, Year." prints the place alone so where
    the record has no publisher ("...curriculumrevision Kassel, 1975." beside "...und
    Sonderpädagogik Klinkhardt: Bad Heilbrunn, 2008."). Called by
    ``undecided_ends._name_before_year_in_list_of_towns``; the list's towns and publishers
    are read once per text (:func:`_towns_before_closing_years`,
    :func:`_titles_into_listed_publishers`)."""
    towns = _others(_towns_before_closing_years(text), at)
    return towns >= _TOWNS_BEFORE_CLOSING_YEARS or (
        towns >= _TOWNS_BEFORE_CLOSING_YEARS_BESIDE_PUBLISHERS
        and _others(_titles_into_listed_publishers(text), at) >= _TITLES_INTO_LISTED_PUBLISHERS)


@kept_per_text
def _towns_before_closing_years(text: str) -> tuple[int, ...]:
    """Where the list in ``text`` runs a title into a town, its comma and the year closing
    the entry (``place_fields.towns_before_closing_years``). Called by
    :func:`prints_titles_into_towns_and_years`; read once per text."""
    return tuple(towns_before_closing_years(text))


def prints_titles_into_publishers_and_towns(text: str, printed: PrintedCase, at: int) -> bool:
    """True if the reference list in ``text`` runs other entries' titles (not the one whose
    last word ends at ``at``, the title asked about) straight into a publisher's name: one
    printed in capitals after a title's last word in lower case, before its comma and a town
    closing the entry (:func:`_words_before_closing_commas`: "...modèles concepts et méthodes
    DUNOD, Paris."), ``_TITLES_INTO_PUBLISHERS`` times or more, or a name told by its words or
    listed, whatever follows it (:func:`_titles_into_listed_publishers`: "...d'un concept
    Editions Labor, Bruxelles.", "...Other Writings Cambridge University Press, New York."),
    ``_TITLES_INTO_LISTED_PUBLISHERS`` times or more: a style that prints "Title Publisher,
    Place." with no punctuation after the title. There a title without its last word prints
    that word before the publisher's name, so one word closed by the comma before the entry's
    town is the publisher's, the town known or not. Not in a list that closes as many titles'
    own last words printed in lower case with their comma before the entry's last field
    ("...art techniques, Bell."): such a list prints "Title, Place.", and a title there that
    ends with a capitalised noun or name prints the same as a publisher ("...rückläufigem
    Wortformenverzeichnis, Heerle.", "...derniers Ottomans, Paris."); a series' name may end
    so in the other ("...Barthes Seuil, coll. « Traces écrites, Paris."). Called by
    ``undecided_ends._name_before_town_in_list_of_publishers`` and
    ``undecided_ends._publisher_before_closing_place``; the list's fields are read
    once per text (:func:`_words_before_closing_commas`,
    :func:`_titles_into_listed_publishers`)."""
    in_capitals, titles_closed_by_commas = _words_before_closing_commas(text, printed)
    in_capitals = _others(in_capitals, at)
    listed = _others(_titles_into_listed_publishers(text), at)
    return ((in_capitals >= _TITLES_INTO_PUBLISHERS or listed >= _TITLES_INTO_LISTED_PUBLISHERS)
            and titles_closed_by_commas < in_capitals + listed)


@kept_per_text_alone
def _words_before_closing_commas(text: str,
                                 printed: PrintedCase) -> tuple[tuple[int, ...], int]:
    """The words of the list in ``text`` that a comma, one or two words and the entry's full
    stop follow (``place_fields.words_before_comma_closing_entries``), read in the document's
    capitals ``printed``: the ends of the titles' last words in lower case run into a
    publisher's name in capitals before its seat (:func:`_lower_case_before_acronym`:
    "...et méthodes DUNOD, Paris."), and how many words printed in lower case stand before
    such a comma ("...art techniques, Bell.": a title's own last word closed by it). Called
    by :func:`prints_titles_into_publishers_and_towns`; read once per text."""
    publishers, titles_closed_by_commas = [], 0
    for start, end, publisher in words_before_comma_closing_entries(text):
        cased = printed(start, end)
        if cased is None:
            continue
        if cased.islower():
            titles_closed_by_commas += 1
        elif publisher and _lower_case_before_acronym(text, start - 1, cased, printed):
            publishers.append(start - 1)
    return tuple(publishers), titles_closed_by_commas


@kept_per_text
def _titles_into_listed_publishers(text: str) -> tuple[int, ...]:
    """The ends of the words in ``text`` run straight into a publisher's name told by its
    words or listed (:func:`_name_run_into_word`). Called by
    :func:`prints_titles_into_publishers_and_towns`; read once per text."""
    return tuple(at for name in PUBLISHER_NAME.finditer(text)
                 if (at := _name_run_into_word(text, name.start())) is not None)


def _name_run_into_word(text: str, at: int) -> Optional[int]:
    """Where the title's word ends that the publisher's name from the blank at ``at``
    (``run_on_fields.PUBLISHER_NAME``) runs straight after, no mark between, or None. That
    word follows another word (:func:`_word_after_word`): after a mark it may be the name's own
    first word ("...walls. Johns| Hopkins University Press"). After a function word the name
    opens at its second word where that reads as a name ("...walls and quays| Fjord Books":
    the title's "quays" read as the name's), else the name holds the function word
    ("...University of| Toronto Press"). Called by :func:`_titles_into_listed_publishers`."""
    word = _word_after_word(text, at)
    if word is None:
        return None
    if word.group() not in SHORT_FUNCTION_WORDS:
        return at
    second = text.find(" ", at + 1)
    word = _word_after_word(text, second) if PUBLISHER_NAME.match(text, second) else None
    return second if word is not None and word.group() not in SHORT_FUNCTION_WORDS else None


def _word_after_word(text: str, at: int) -> Optional[re.Match[str]]:
    """The word that ends right at ``at`` (:func:`printed_words.piece_before`: its last piece,
    the whole word read back through its hyphens, ``printed_words.whole_word_start``:
    "...perspectives psycho-sociales| Presses universitaires") after a blank and a letter or
    a digit, or None: a mark or a blank at ``at``, or a mark before the word. Called by
    :func:`_name_run_into_word`."""
    word = piece_before(text, at)
    if word is None or word.end() != at:
        return None
    start = whole_word_start(text, word)
    return word if start >= 2 and text[start - 1] == " " and text[start - 2].isalnum() else None


def _lower_case_before_acronym(text: str, at: int, name: str, printed: PrintedCase) -> bool:
    """True if the word that ends at ``at`` is printed in lower case and the ``name`` after
    its blank (as printed) in capitals (:func:`acronym`: "...et méthodes DUNOD, Paris."): a
    publisher's name printed as no title's word is, where a title's own last word there (a
    noun, a name: "...sinnbildender Strukturen, Bielefeld.") prints with one capital. Called
    by :func:`_words_before_closing_commas`."""
    word = piece_before(text, at)
    cased = None if word is None else printed(word.start(), at)
    return cased is not None and cased.islower() and acronym(name)


def _others(places: Iterable[int], at: int) -> int:
    """How many of ``places`` (ends of titles' last words) are not ``at``, the title asked
    about: a list's habit is read from its other entries. Called by
    :func:`prints_titles_into_towns_and_publishers`,
    :func:`prints_titles_into_towns_and_years`, :func:`prints_titles_into_towns`,
    :func:`prints_titles_into_towns_before_fields`,
    :func:`prints_titles_into_publishers_and_towns` and
    :func:`prints_publishers_before_closing_towns`."""
    return sum(place != at for place in places)


def prints_publishers_after_commas(text: str, at: int) -> bool:
    """True if the reference list in ``text`` closes another entry than the one whose comma
    stands at ``at`` with a word's comma, a publisher, its seat and the entry's full stop
    (:func:`_commas_before_publishers`): a style that closes a book's title with its comma
    ("...Paul's Moral Reasoning, Fortress, Minneapolis."), where a title's own last word
    prints before them as a chapter's book of one word would ("...in South India Shorelines,
    Stanford University Press, Stanford."). Who calls it: ``undecided_ends``, on the rare hit
    that shape turned down."""
    return _others(_commas_before_publishers(text), at) > 0


@kept_per_text_alone
def _commas_before_publishers(text: str) -> tuple[int, ...]:
    """Where a comma stands before a publisher, its seat (``place_fields.publisher_and_seat_end``)
    and the entry's full stop in ``text``. Called by :func:`prints_publishers_after_commas`;
    read once per text."""
    commas = []
    for comma in _COMMA_BEFORE_NAME.finditer(text):
        end = publisher_and_seat_end(text, comma.end())
        if end is not None and text.startswith(".", end):
            commas.append(comma.start())
    return tuple(commas)


def prints_titles_into_containers(text: str, printed: PrintedCase, at: int) -> bool:
    """True if the reference list in ``text`` runs ``_TITLES_INTO_CONTAINERS`` other entries'
    titles (not the one whose last word ends at ``at``), their last word printed in lower case,
    straight into their container's capitalised words (:func:`_titles_into_containers`): a
    journal up to its volume between commas ("...approach Conservation Ecology, 6, (2002)") or
    its volume and pages with no mark ("...New investigations Special Paper of the Geological
    Society of America 465 609–18") or its Vancouver date before the volume ("...southern
    Alberta Proceedings of the Biennial Symposium. 1984;4:356"), or a book up to its full stop
    and its publisher and seat ("...plagiocephaly Grabb and Smith's Plastic Surgery. Lippincott
    Williams, Philadelphia.") or the empty field's colon before its pages ("...recognition
    International Conference on Document Analysis and Recognition. : 1092–1097."), a style that
    prints no punctuation after a title; or ``_CHAPTERS_IN_ONE_SENTENCE`` other chapters whose
    title and book print as one sentence (:func:`_chapters_in_one_sentence`), where the
    capitals cannot tell it. There a chapter's book or a journal of one word prints
    as the title's own last word would. Who calls it: ``undecided_ends`` and
    :func:`field_start` (a journal whose name holds commas before its volume, a comma and its
    pages), only on an original hit a word check turned down; the list's containers are read
    once per text."""
    return (_others(_titles_into_containers(text, printed), at) >= _TITLES_INTO_CONTAINERS
            or sum(not start <= at < end for start, end in _chapters_in_one_sentence(
                text, printed)) >= _CHAPTERS_IN_ONE_SENTENCE)


@kept_per_text_alone
def _titles_into_containers(text: str, printed: PrintedCase) -> tuple[int, ...]:
    """The ends of the titles' last words in ``text`` that run straight into a container
    (:func:`_lower_case_before_container`) closed by its volume or its date before it
    (``run_on_fields.JOURNAL_NAME_CLOSE``), by its volume and pages with no mark
    (``run_on_fields.VOLUME_AND_PAGES_CLOSE``), by its full stop before an empty field and the
    pages (``run_on_fields.CONTAINER_CLOSE_BEFORE_EMPTY_FIELD``) or before a publisher and its
    seat (``place_fields.publisher_and_seat_end``). Called by
    :func:`prints_titles_into_containers`; read once per text."""
    closes = [journal.start() for journal in JOURNAL_NAME_CLOSE.finditer(text)]
    closes += [book.start() for book in CONTAINER_CLOSE_BEFORE_EMPTY_FIELD.finditer(text)]
    closes += [volume.start() for volume in VOLUME_AND_PAGES_CLOSE.finditer(text)]
    closes += [stop.start() for stop in _FULL_STOP_BEFORE_NAME.finditer(text)
               if publisher_and_seat_end(text, stop.end()) is not None]
    ends = (_lower_case_before_container(text, close, printed) for close in closes)
    return tuple(end for end in ends if end is not None)


@kept_per_text_alone
def _chapters_in_one_sentence(text: str, printed: PrintedCase) -> tuple[tuple[int, int], ...]:
    """The spans of the chapters in ``text`` whose title and book print as one sentence: a
    publisher (or none), its seat and the chapter's pages follow the book's full stop
    (``place_fields.publisher_seat_and_pages_end``), and the sentence before
    that full stop opens right after the author's initials printed joined
    (``_PRINTED_JOINED_INITIALS``, after a capitalised surname): canadian-journal-of-physics,
    "Devroey J-P. La démographie du polyptyque de Saint-Remi de Reims Compter les Champenois.
    Reims. pp 81–94.". A style that closes a chapter's title with a full stop prints two
    sentences there ("...Title. Book. Reims. pp 81–94."), one that names the book after "In"
    prints that word. Called by :func:`prints_titles_into_containers`; read once per text."""
    spans = []
    for stop in _FULL_STOP_BEFORE_NAME.finditer(text):
        if publisher_seat_and_pages_end(text, stop.end()) is None:
            continue
        opening = text.rfind(". ", 0, stop.start())
        if opening > 0 and _initials_after_surname(text, opening, printed):
            spans.append((opening, stop.start()))
    return tuple(spans)


def _initials_after_surname(text: str, end: int, printed: PrintedCase) -> bool:
    """True if the word that ends at ``end`` is a name's initials printed joined
    (``_PRINTED_JOINED_INITIALS``) after a capitalised surname. Called by
    :func:`_chapters_in_one_sentence`."""
    start = text.rfind(" ", 0, end) + 1
    surname_start = text.rfind(" ", 0, start - 1) + 1
    initials = printed(start, end) if 0 < start < end else None
    surname = printed(surname_start, start - 1) if surname_start < start - 1 else None
    return (initials is not None and _PRINTED_JOINED_INITIALS.fullmatch(initials) is not None
            and surname is not None and surname[:1].isupper() and not surname.isupper())


def _lower_case_before_container(text: str, close: int, printed: PrintedCase) -> Optional[int]:
    """The end of the word printed in lower case (no function word) right before the
    container's name that ends at ``close``, or None: the name's words, up to
    ``_CONTAINER_NAME_WORDS``, are printed with a capital or are function words in lower case
    ("Journal of Management Studies", "Grabb and Smith's Plastic Surgery"), the first with a
    capital, with no punctuation among them. A function word before the capitals ("...in
    Texas. Texas Tech University, Lubbock") keeps them the title's own: a place or a name the
    title ends with. Called by :func:`_titles_into_containers`."""
    end, opens_with_capital = close, False
    for _ in range(_CONTAINER_NAME_WORDS + 1):
        start = text.rfind(" ", 0, end) + 1
        cased = printed(start, end) if 0 < start < end else None
        if cased is None or _CONTAINER_NAME_WORD.fullmatch(cased) is None:
            return None
        if cased[0].isupper():
            opens_with_capital = True
        elif text[start:end] in _ANY_FUNCTION_WORD or cased == "&":
            opens_with_capital = False
        elif cased.islower():
            return end if opens_with_capital else None
        else:
            return None
        end = start - 1
    return None


def prints_titles_into_towns(text: str, printed: PrintedCase, at: int) -> bool:
    """True if the reference list in ``text`` runs other entries' titles straight into the
    town that closes them (:func:`_titles_into_towns`; not the town after ``at``, the end of
    the title asked about): ``_TOWNS_AFTER_LOWER_CASE`` places where a word printed in lower
    case stands right before a town ("...their families Bilthoven; 2004"), or
    ``_TOWNS_BEFORE_PUBLISHER_OR_YEAR`` right after a word in any case and before their
    publisher's colon or their year's semicolon ("...Libertés Et Droits Fondamentaux Paris:
    Ellipses; 2012", a style that prints every title in title case) or at their paragraph's
    end, no full stop after them ("...Die räumliche Ordnung der Wirtschaft Jena", a style
    that closes a book's entry with its town). Such a style prints a
    title in title case, or one ending with a German noun or a name, so too ("...Marin Marais
    Et d'Antoine Forqueray Bilthoven; 1973"), so there the town after a capitalised word
    starts the next field. A list that punctuates a title's end prints a town after a
    title's lower-case word only as the title's own, after a preposition ("...Death in
    Venice."), which ``place_fields.town_closes_entry`` leaves out, and a title's own town
    before a colon or a semicolon rarely ("...der Universität Bremen: Eine Chronik"), not
    three times in one list. Who calls it: :func:`field_start`, for a title whose last word
    is not in lower case before such a town, only on an original hit a word check turned
    down; the list's places are read once per text (:func:`_titles_into_towns`)."""
    after_lower_case = _others(_titles_into_towns(text, printed)[0], at)
    return (after_lower_case >= _TOWNS_AFTER_LOWER_CASE
            or prints_titles_into_towns_before_fields(text, printed, at))


def prints_titles_into_towns_before_fields(text: str, printed: PrintedCase, at: int) -> bool:
    """True if the reference list in ``text`` runs ``_TOWNS_BEFORE_PUBLISHER_OR_YEAR`` other
    entries' titles straight into their town before its publisher's colon or its year's
    semicolon, or closing its paragraph (:func:`_titles_into_towns`; not the town after
    ``at``): the half of :func:`prints_titles_into_towns` that one title's own town does not
    pass ("...de la mer Rouge : traditions" is one town after a word in lower case). Called by
    :func:`prints_titles_into_towns` and by ``undecided_ends._publisher_before_closing_place``,
    which reads a word's full stop before a place as a publisher's in such a list, and
    ``undecided_ends._name_before_publisher_in_list_of_towns``, which reads a word's comma
    before a publisher closing the entry as a place's."""
    before_publisher_or_year = _titles_into_towns(text, printed)[1]
    return _others(before_publisher_or_year, at) >= _TOWNS_BEFORE_PUBLISHER_OR_YEAR


@kept_per_text_alone
def _titles_into_towns(text: str, printed: PrintedCase) -> tuple[list[int], list[int]]:
    """Where the list in ``text`` prints a town closing an entry
    (``place_fields.towns_closing_entries``) with a capital: the ends of the words before
    those it prints right after a word in lower case (the shape :func:`field_start` reads
    after a title in lower case), and of those right after a word in any case and before
    their publisher or their year, or at their paragraph's end or the text's, the list's last
    entry (``place_fields.towns_before_blanks``, ``printed_words.ends_paragraph_or_text``).
    Called by :func:`prints_titles_into_towns`; read once per text
    (``per_text_cache.kept_per_text_alone``: the hits of a document ask again)."""
    after_lower_case, before_publisher_or_year = [], []
    for at, publisher_or_year in towns_closing_entries(text):
        cased = _word_before_town(text, at, printed)
        if cased is None:
            continue
        if cased[:-2].islower():
            after_lower_case.append(at)
        if publisher_or_year:
            before_publisher_or_year.append(at)
    for at, town_end in towns_before_blanks(text):
        if (ends_paragraph_or_text(text, town_end, printed)
                and _word_before_town(text, at, printed)):
            before_publisher_or_year.append(at)
    return after_lower_case, before_publisher_or_year


def prints_publishers_before_closing_towns(text: str, printed: PrintedCase, at: int) -> bool:
    """True if the reference list in ``text`` closes ``_PUBLISHERS_BEFORE_CLOSING_TOWNS`` other
    entries (not the one whose full stop is at ``at``) with a word's full stop and a town
    closed by its colon at their paragraph's end (:func:`_publishers_before_closing_towns`:
    "...for Technologists Springer. New York, NY, USA:", "...du travail Larcier. Bruxelles:"):
    a style that prints a book's publisher right after its title with no punctuation and
    closes the entry with the place (natur-und-landschaft's "Title Publisher. Place:"). There
    the one word before such a place is a publisher's as likely as a title's own last word.
    Elsewhere an entry rarely closes with a colon, and a title closed by its full stop before
    its place prints its own last word so. Who calls it: ``undecided_ends``, only on an
    original hit a word check turned down."""
    return (_others(_publishers_before_closing_towns(text, printed), at)
            >= _PUBLISHERS_BEFORE_CLOSING_TOWNS)


@kept_per_text_alone
def _publishers_before_closing_towns(text: str, printed: PrintedCase) -> list[int]:
    """The full stops in ``text`` a town closed by its colon follows up to its paragraph's end
    (``place_fields.towns_after_full_stops_closing_entries``, ``printed_words.ends_paragraph``).
    Called by :func:`prints_publishers_before_closing_towns`; read once per text."""
    return [stop for stop, end in towns_after_full_stops_closing_entries(text)
            if ends_paragraph_or_text(text, end, printed)]


def _word_before_town(text: str, at: int, printed: PrintedCase) -> Optional[str]:
    """The word that ends at ``at`` and the town's first letter after its blank, as printed,
    if the town has its capital there, else None. Called by :func:`_titles_into_towns`."""
    word = piece_before(text, at)
    cased = None if word is None else printed(word.start(), at + 2)
    return cased if cased is not None and cased[-1].isupper() else None


def _container_after_capital_in(text: str, field: re.Match[str], printed: PrintedCase) -> bool:
    """True if the word after the query's last word (``field``) is "In" printed with a capital,
    then a capital, in a reference list that opens a chapter's container so
    (:func:`prints_in_before_containers`): "...Ideengeschichte der Integration In Handlexikon
    der Integrationspädagogik (pp. 82–90)", "...Homeland as Borderland In Postcolonial
    Theologies". The title's own last word may be in any case there: a query that lacks it
    has that word, not "In", right after its hit, and a title that goes on with "in" prints
    it in lower case in such a list. "In" and its colon, a blank before it or none, open the
    container in any list ("...Précaires Et Livelli In : Les transferts", a style that prints
    every title in title case): a title whose own last word is "In" before its subtitle's colon
    ("Logged In: ...") is rare, and one of a single word before it is no query (two words at
    least). Called by :func:`field_start`."""
    if field.group() != "in":
        return False
    if _IN_COLON_THEN_LETTER.match(text, field.start()) is not None:
        cased = printed(field.start(), field.end())
        return cased == _CAPITAL_IN.strip()
    if _IN_THEN_LETTER.match(text, field.start()) is None:
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
    if acronym(word):
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
    them before a container (:func:`_joined_in`), or at a function word joined to them in a
    list that joins other fields so (:func:`_joined_function_word`), or None. The query's
    word is read as the
    query's words are compared, without the marks a word holds inside it ("...une histoire :
    l`industrialisationChroniques féministes": the query's "lindustrialisation";
    :func:`_after_word_read`); a query that mistypes it names the word's start up to the
    join (:func:`_mistyped_start`: "Fouccault" for "...Michel FoucaultDit et écrits",
    "Soceity" for "...Politics and Societyin In The Oxford History")."""
    inside = [word for word in words if word.start() < end]
    if not inside:
        return None
    at = _after_word_read(inside[-1], last)
    if at is None:
        at = _mistyped_start(inside[-1], last, printed)
    if at is None or at == inside[-1].end():
        return None
    if _joined_in(inside, at, printed) or _joined_function_word(inside[-1], at, printed):
        return at
    cased = printed(at - 1, at + 1)
    return at if cased is not None and capital_after_lower(cased) == 1 else None


def capital_after_lower(cased: str) -> Optional[int]:
    """Where in the printed ``cased`` text the first capital right after a lower-case letter
    stands, or None: where a style joins a field to a title's last word with no blank
    ("AssessmentsWeb site"), or two names ("ClarendonPress"). Called by :func:`_joined_field`,
    :func:`_mistyped_start` and ``undecided_ends``."""
    return next((at for at in range(1, len(cased))
                 if cased[at - 1].islower() and cased[at].isupper()), None)


def _mistyped_start(word: re.Match[str], last: str, printed: PrintedCase) -> Optional[int]:
    """Where the query's ``last`` word, mistyped, ends inside the printed ``word`` that opens
    with it and goes on with a joined field: at the word's first capital right after a
    lower-case letter, or before a function word of two or three letters that closes the word
    (the word for "in" of :func:`_joined_in`, the function word of
    :func:`_joined_function_word`), if the word's start up to there is ``last`` with a
    typist's slips (``counterparts.mistyped``, and no other word by the word check's
    reading, ``counterparts.another_word``); else None. Where no capital marks the join, the
    slips leave the word's last letter last: a letter changed at the end before a joined "in"
    is another ending ("sexuality" for "...Démographie et sexualitéin"). A query that holds
    a typo in the title's last word, where the style joins the next field to it
    ("FoucaultDit", "FiguresCentral", "Societyin", "horizonsdu"), is read as the same query
    typed right: :func:`_joined_field`, who calls it, then asks of the join what it asks of
    the word typed right."""
    cased = printed(word.start(), word.end())
    if cased is None:
        return None
    capital = capital_after_lower(cased)
    cuts = [len(cased) - len(joined) for joined in (cased[-3:], cased[-2:])
            if joined.lower() in SHORT_FUNCTION_WORDS and len(cased) > len(joined)
            and cased[-len(joined) - 1].lower() == last[-1]]
    for cut in ([] if capital is None else [capital]) + cuts:
        start = folded(cased[:cut])
        if start != last and mistyped(last, start) and not another_word(
                last, start, first=False, last=False):
            return word.start() + cut
    return None


def _after_word_read(word: re.Match[str], last: str) -> Optional[int]:
    """Where the query's ``last`` word ends inside the printed ``word`` that opens with it, its
    letters read as ``printed_words.folded`` reads them (an apostrophe, a backtick or a hyphen
    inside the print is no letter of the query's word: "l`industrialisation" is
    "lindustrialisation"), or None if the printed word does not open with it. Called by
    :func:`_joined_field`."""
    text, at, read = word.string, word.start(), 0
    while read < len(last) and at < word.end():
        letter = folded(text[at])
        if letter and letter != last[read]:
            return None
        read += len(letter)
        at += 1
    return at if read == len(last) else None


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
    if text[at:word.end()] != JOINED_IN or not text.startswith(" ", word.end()):
        return False
    cased = printed(low, word.end() + 2)
    if cased is None or not cased[-1].isupper():
        return False
    title = [cased[w.start() - low:w.end() - low] for w in hit]
    return title[-1].islower() or (title[-1][1:].islower() and _in_title_case(title))


#: A word's five lower-case letters and a capital right after them, then two lower-case
#: letters: a title's last word and the next field printed with no blank between them
#: ("...ContaminationBoca Raton", "...EntrantsDepartment of"), not a name's prefix
#: ("McDonald") nor a product's name of short parts ("JavaScript", "PowerPoint").
_GLUED_FIELD = re.compile(r"[^\W\d_A-Z]{5}[A-Z][^\W\d_A-Z]{2}")
#: How many such joins make a list's habit: one, as a style joins a field so only where a
#: record lacks the field between (thirty entries may show it once). A product's name
#: ("ScienceDirect") prints so too; a word that holds the query's word and a function word
#: joined, then a blank, is rare enough beside it.
_GLUED_FIELDS_IN_LIST = 1


def _joined_function_word(word: re.Match[str], at: int, printed: PrintedCase) -> bool:
    """True if the hit's last printed ``word`` is the query's last word (up to ``at``) with a
    function word of two letters or more joined to it, then a blank and a letter ("...Les
    horizonsdu détour": a publisher whose name opens with "du"), in a text that joins other
    fields to their titles with no blank (:func:`_glued_fields`: "...ContaminationBoca Raton",
    "...EntrantsDepartment of"): such a style prints no blank after a title, and a field may
    open in lower case. Elsewhere a word that holds the query's word and a function word is
    a longer word of its own ("planet", "season", "format"). Called by
    :func:`_joined_field`."""
    text, end = word.string, word.end()
    joined = text[at:end]
    return (len(joined) > 1 and joined in SHORT_FUNCTION_WORDS and text.startswith(" ", end)
            and text[end + 1:end + 2].isalpha()
            and _glued_fields(text, printed) >= _GLUED_FIELDS_IN_LIST)


@kept_per_text_alone
def _glued_fields(text: str, printed: PrintedCase) -> int:
    """How many fields the text in ``text`` prints joined to the word before them, a capital
    right after a word's lower-case letters (``_GLUED_FIELD``, read in the document's
    capitals ``printed``); 0 where they cannot be read. Read once per text, for
    :func:`_joined_function_word`."""
    cased = printed(0, len(text))
    return 0 if cased is None else len(_GLUED_FIELD.findall(cased))


def _in_title_case(title: list[str]) -> bool:
    """True if no content word of a printed title (``title``: its words) but its first is
    printed in lower case: "Advising as Teaching Society", not "Die neue Lehrerin" (a German
    title's adjective) nor "Coastal trade routes". Called by :func:`_joined_in` and
    :func:`_publication_data_to_entry_end`."""
    return not any(word.islower() for word in title[1:] if is_content(folded(word)))


def acronym(word: str) -> bool:
    """True for a word printed in capitals only, ``_ACRONYM_LETTERS`` or more: "INED"."""
    letters = [c for c in word if c.isalpha()]
    return len(letters) >= _ACRONYM_LETTERS and all(c.isupper() for c in letters)

