"""The place of publication where a title runs into it with no punctuation between (improved
scheme): the shapes of that field, the towns that close an entry, and a place with its publisher
read up to the entry's end.

A style that prints a title and then its place ("...Redevelopment Proposal Chicago.", "...in
Texas Lubbock, USA: Texas Tech University") or only a town ("...les infirmières Talence.",
"...lower delta Cahors; 1978") leaves the place's name alone to tell where the title ends.
``PLACE_FIELDS`` holds the shapes of such a field (a publishing city and what follows it, a
place with its region or its state's code, a publisher before its city), which
``run_on_fields.NEXT_FIELD`` reads among the other fields; :func:`town_closes_entry` and
:func:`towns_closing_entries` tell ``capitals`` where a town closes an entry, and ``capitals``
reads a place and its publisher up to the entry's end (``PLACE_AND_PUBLISHER_TO_ENTRY_END``,
``CONTAINER_AND_PLACE_TO_ENTRY_END``, ``BOOK_TITLE_THEN_PLACE``). ``places`` says what is a
place, ``publishers`` what is a publisher's name, ``entry_grammar`` what closes an entry. Each
pattern's comment names the real strings it was written for.
"""

from __future__ import annotations

import re
from typing import Iterator, Optional

from ...name_parts import INITIAL
from . import places, publishers
from ..grammar.content_words import CONTAINER_ARTICLES
from ..grammar.entry_grammar import (
    ABBREVIATION, EMPTY_FIELD_CLOSING, ENTRY_CLOSING, FULL_STOP_AFTER_EMPTY_FIELD,
    NEXT_ENTRY_OPENING, NUMBERED_FIELD_AFTER_PLACE, RANGE_DASH, YEAR_DIGITS,
)
from ..grammar.name_grammar import NAME
from ..text.printed_words import ends_paragraph, ends_paragraph_or_text
from ...word_edges import PrintedCase

# The place of publication as a field a title runs into, read from the end of the title's last
# word as ``run_on_fields.NEXT_FIELD`` reads each of its fields.
#: The place and year of publication: one or two words and a state's code ("...Atlanta, GA,
#: 1997."; a publishing city and its year, "...nationale de France Paris, 2000.", is
#: ``_CITY_AND_PUNCTUATION``'s). Not any word before ", 2000.": a title's own last word is one
#: ("...der neunziger Jahre, 1986."), where a query that lacks it names another work. The
#: comma after the code may be left out where the code is a listed state's or province's
#: (``places.STATE_CODES``) and the year's full stop closes the field ("...Resource
#: Operations Victoria, BC 1982."): a country's code stands alone as the place after a
#: title's own last word ("...Quantum State Reduction, UK (2001)."), and a year with no full
#: stop after a surname and its initials opens a title ("...Policy Moreau, AB 2001 Stone").
_PLACE_AND_YEAR = (rf" {NAME}(?: {NAME})?, (?:[^\W\d_]{{2}}, \(?{YEAR_DIGITS}(?!\d)"
                   rf"|{places.STATE_CODES} \(?{YEAR_DIGITS}\)?{FULL_STOP_AFTER_EMPTY_FIELD}"
                   r"(?: |$))")
#: A publishing city (perhaps with a state's code) and the punctuation after it: a full stop
#: (the place ends the entry or comes before its publisher: "...Redevelopment Proposal
#: Chicago.", "...Components Atlanta, GA."), perhaps after the comma of a field the style left
#: empty ("...Redevelopment Proposal Chicago,.": a CSL style's "Title Publisher, Place,." with
#: no publisher), a comma or a semicolon before the rest of the publication data
#: ("...nationale de France Paris, 2000.", "...Vols. I and II Denver, 1988.", "...im 2.
#: Jahrhundert Munich, Beck, 1967.", "...from Babylon to Jonestown Chicago, University of
#: Chicago Press, 1982.", "...federal union London, Frederick Muller LTD", "...troubles
#: mentaux Paris, France: Masson; 1980", "Weapons of the Weak Yale; 1985", "...Strategies
#: Athens; 2012"), or a dash or a blank perhaps and the colon before the
#: publisher ("...Einzelfallhilfe Stuttgart -: RAABE-Verlag" (GOST), "...de l'\u00e9tat Paris :
#: Dunod" (French spacing), "...concepts et méthodes Paris: Dunod."; or the colon closing the
#: text, a style's "Title Publisher. Place:" with no publisher: "...des derniers Ottomans
#: Paris:"). The city is the word
#: right after the query's last one: a query that lacks the title's last word has that word
#: before the city. One pattern for every field after a city: the list is long, and read once.
#: A publisher's seats may follow the city after slashes, one word or a listed city each
#: ("...Collections / collectionneurs Strasbourg/Mulhouse.", "...l'art brut Milano/Lausanne:",
#: "...in Sprache und Literatur Amsterdam/ Philadelphie, John Benjamins", "Berlin/New York:");
#: not after a hyphen: a title may end with two places joined so ("...Moscow-Toropets").
#: A publisher's seats may be printed joined by hyphens too where each is a listed city
#: ("...Geschichte und Gegenwart Kassel-Basel-London, Bärenreiter."): a title's two places so
#: joined are seldom both publishing cities. The colon before the publisher may be joined to
#: the publisher's name with no blank ("...Writings on Economics London:Nelson, 1752.").
#: The state's or country's code after the city may have its comma after a blank or joined to
#: both ("Durham,NC:"), or no comma, a listed code then ("...The European Union Cambridge UK:
#: Cambridge University Press": ``places.REGION_CODES``). A closing bracket may stand before the
#: punctuation, where a style left out its opening ("...of a True Believer London), pp. 226-235.").
_SEATS_AFTER_SLASHES = rf"(?: ?/ ?(?:{places.PUBLISHING_CITIES}|[^\W\d_][\w'\u2019-]*)){{0,2}}"
_SEATS_AFTER_HYPHENS = rf"(?:-(?:{places.PUBLISHING_CITIES})(?![^\W_])){{1,2}}"
_CITY_AND_PUNCTUATION = (rf" (?:{places.PUBLISHING_CITIES})"
                         rf"(?:{_SEATS_AFTER_HYPHENS}|{_SEATS_AFTER_SLASHES})"
                         rf"(?: ?, ?[^\W\d_]{{2,3}}| {places.REGION_CODES})?"
                         rf"\)?(?:{FULL_STOP_AFTER_EMPTY_FIELD}(?: |$)|[,;] "
                         r"|(?: [-\u2013\u2014]?)?:(?: |$)|:(?=[^\W\d_]))")
#: A publication field told by its shape, whatever the words: a publisher's one-word name, its
#: colon and the city it publishes in ("...Moral Reasoning Fortress: Minneapolis, 1991",
#: "...II \u00e9d., I t Brockhaus: Leipzig, 1852": styles that print "Publisher: Place").
#: One word, never two, before the city's colon, perhaps after an article that opens the name
#: ("...De hominis dignitate Le Monnier: Firenze, 1941."): the field starts right after the
#: title's last word, so a query that lacks that word ("...Moral [Reasoning] Fortress:
#: Minneapolis") still has a word of the title after it, and no title ends with an article.
#: The city may have a colon after it, the rest of the publisher's name printed past the place
#: ("...Nursery Teaching Ltd: Mumbai: Orient, 1990.": a record whose publisher and place
#: fields split the name around the city). The name is letters only: a word with digits before
#: a city is a report's number, the title's own last word ("...Harbour Dredging Field Manual
#: HD-114-SED: Portland: Coastal Works Office").
_PUBLISHER_THEN_CITY = (rf" (?:(?:{'|'.join(sorted(CONTAINER_ARTICLES))}) )?"
                        rf"[^\W\d_](?:[^\W\d_]|['\u2019&-])*: (?:{places.PUBLISHING_CITIES})"
                        rf"(?:, [^\W\d_]{{2,3}})?(?=[.,;]|: |$| \(?{YEAR_DIGITS})")
#: A publisher named by a person's initials and surname, its comma or its colon and the city it
#: publishes in ("...Non siamo d'accordo F. de Silva, Torino.", "...Hair R. Hale, London, 1958",
#: "...J.B. Lippincott, Philadelphia": styles that print "Title Publisher, Place"; "...Non siamo
#: d'accordo F. de Silva: Torino, 1953.": "Title Publisher: Place, Year"). Up to three initials,
#: then up to three words of the surname ("de Silva"). The field opens with an initial: a
#: query that lacks the title's last word has that word before it, and a title's last word is
#: no single letter with a full stop.
_INITIALLED_PUBLISHER_THEN_CITY = (rf" (?:{INITIAL} ?){{1,3}}(?:{NAME} ){{0,2}}{NAME}[,:] "
                                   rf"(?:{places.PUBLISHING_CITIES})(?![^\W_])")
#: A place and the colon of a publisher the style left empty, then the year: "...und die
#: Gesamtschule Hannover:, 1996." (GOST styles). One word ("Praha", "Frankfurt/Main",
#: "Moisburg"): a query that lacks the title's last word has that word before the place. The
#: colon and the comma together are no title's print, so the place's word may be any.
_PLACE_AND_EMPTY_PUBLISHER = rf" [^\W\d_][\w'\u2019/-]* ?:, \(?{YEAR_DIGITS}(?!\d)"
#: Any place (one or two words) with its state's or country's code, then the colon before its
#: publisher ("...in Texas Lubbock, USA: Texas Tech University", "Thousand Oaks, CA: Sage"); not
#: the word for "in" before a container, an editor's "ed" or "hg", nor a Roman numeral.
_PLACE_AND_CODE_THEN_PUBLISHER = (
    rf" {NAME}(?: {NAME})?, (?!(?:in|en|im|em|ed|hg|ii|iv|vi|ix|xi):)"
    r"(?:[^\W\d_]{2}|usa|u\.s\.a\.): ")
#: A place of one word (perhaps hyphenated: "Saint-André"), the comma, its region or country
#: from the lists above, and the punctuation after it: "...at Hazardous Waste Sites
#: EPA/600/R-92/183 Corvallis, OR. September.", "...Legacy of West Gwillimbury Bradford,
#: Ontario: Local History Association.", "...for shooting and conservation England, United
#: Kingdom: The Wildfowl Trust", "...entre Zanzibar et l'Allemagne » in Saint-André, Réunion:
#: Océan Editions.", "...Groundwater Englewood, N.J.: Prentice-Hall" (styles that print the
#: place's region or country after it). One word, then its comma: a query that lacks the
#: title's last word has that word before the place, no comma between. The comma may stand
#: after a blank, joined to the region, as a style prints its prefix ("...homology 3-spheres
#: Princeton ,NJ: Princeton University Press."), or between the two with no blank ("...of
#: 3-and 4-dimensional manifolds Durham,NC: Amer. Math. Soc."). The full stop may follow the
#: comma of a field the style left empty, as after a city
#: (``entry_grammar.FULL_STOP_AFTER_EMPTY_FIELD``: "...plan marketing Onnaing, França,.").
_PLACE_AND_REGION = (rf" [^\W\d_][\w'\u2019-]* ?, ?{places.REGIONS}"
                     rf"(?:\.?[,:;]|{FULL_STOP_AFTER_EMPTY_FIELD})(?: |$)")
#: The author named as the publisher, in lower case as styles print it, then the field's
#: punctuation before the place: "...Bibliothèque du roi l'auteur. Paris:", "...chez l'auteur,
#: 1841", "...Seegeschichte Selbstverlag. Kiel:", "...the author, London". A query that lacks
#: the title's last word has that word before it; a title that ends with these words ("La mort
#: de l'auteur") has a function word before them, which ``undecided_ends`` reads as an end it
#: cannot decide.
_AUTHOR_AS_PUBLISHER = (r" (?:(?:chez )?l['\u2019]auteur|(?:a )?compte d['\u2019]auteur"
                        r"|(?:im )?selbstverlag|eigenverlag|the author)[.,:;](?: |$)")
#: The shapes above, in the order ``run_on_fields.NEXT_FIELD`` tries them.
PLACE_FIELDS = (_PLACE_AND_YEAR, _CITY_AND_PUNCTUATION, _PUBLISHER_THEN_CITY,
                _INITIALLED_PUBLISHER_THEN_CITY, _PLACE_AND_EMPTY_PUBLISHER,
                _PLACE_AND_CODE_THEN_PUBLISHER, _PLACE_AND_REGION, _AUTHOR_AS_PUBLISHER)

# A town that closes its entry right after a title's last word, with no punctuation between.
#: A word that opens a place's name of two words: "New York", "North Carolina", "Central
#: America", "San Diego", "São Paulo", "St. Paul" (perhaps with an abbreviation's full stop).
_PLACE_NAME_OPENER = (
    r"new|north|south|east|west|northern|southern|eastern|western|central|upper|lower|great"
    r"|little|latin|san|sao|santa|saint|st|sainte|ste|port|mount|lake|fort|bad|nueva|nuevo"
    r"|nova|novo|neu")
#: A town's name, one word or two after a word that opens a place's name ("...Law Dictionary
#: St. Paul: West Publishing Co."), then what closes the entry (:func:`town_closes_entry`).
_TOWN_CLOSING_ENTRY = re.compile(
    rf" ((?:(?:{_PLACE_NAME_OPENER})\.? )?{NAME})(?:{ENTRY_CLOSING}|{EMPTY_FIELD_CLOSING})")
#: The word before a town that makes the town a word of the title: a preposition, an article
#: or a conjunction ("...Death in Venice.", "...la bataille de Cahors.", "...Thames and
#: Hudson."), a number ("...Vols. I and II"), or a word that opens a place's name of two
#: words ("...New York.", "...North Carolina.", "...Central America.", "...San Diego.").
#: ``undecided_ends.undecided_end`` reads it too: a query that ends with such a word lacks the
#: capitalised word after it, whatever closes the entry.
WORD_BEFORE_TITLES_TOWN = re.compile(
    r"(?<![^\W_])(?:in|at|of|from|near|to|into|around|across|for|on|by|the|a|an|and|or"
    r"|de|du|des|di|da|do|del|della|von|van|aus|zu|zur|bei|im|nach|en|au|aux|et|und|y|e|la|le"
    r"|les|el|los|las|der|die|das|dem|den|il|lo"
    rf"|{_PLACE_NAME_OPENER}|\d+|[ivxlc]+)$")
#: A town's name as a title prints it: three letters or more, no Roman numeral.
_TOWN_WORD = re.compile(r"(?![ivxlc]+(?: |$))[^\W\d_]{3}")


def town_closes_entry(text: str, at: int) -> bool:
    """True if the word right after ``at`` (the end of a title's last word), or two words after
    a word that opens a place's name ("St. Paul", "Fort Worth"), are a town GeoNames knows
    (``places.is_town``) or a listed publisher's name, and close the entry (``ENTRY_CLOSING``):
    "...les infirmières Talence.", "...lower delta Cahors; 1978", "...leurs familles Talence,
    118-121.", "...art techniques Bell." (a style that prints the title with no closing
    punctuation and then one place or publisher). Not after a word that makes the town the
    title's own (``WORD_BEFORE_TITLES_TOWN``: "...Death in Venice.", "...New York."). Called
    by ``capitals.field_start``, which asks it only after a title's last word printed in lower
    case and of a capitalised town: on normalized text alone a title's own last word is a
    town as often ("...Abtei Prüm.", "...Universität Bremen.", "...Understanding and Managing
    Change.").
    """
    town = _TOWN_CLOSING_ENTRY.match(text, at)
    return town is not None and _closes_as_town(text, town)


def _closes_as_town(text: str, town: re.Match[str], joined_names: bool = False) -> bool:
    """True if ``town`` (a ``_TOWN_CLOSING_ENTRY`` match: a word or two, then what closes the
    entry) is a town's name (:func:`_is_seat`: a publishing city, "Bruxelles" and "Praha" as
    their own languages print them, or a town GeoNames knows) or a listed publisher's name,
    and no word before it makes it the title's own (``WORD_BEFORE_TITLES_TOWN``). A name of
    two words is printed as a town's (``_TOWN_WORD``) by its last word: the first may be an
    abbreviation, "St.". With ``joined_names`` a name printed as a town's whose parts hyphens
    join (``places.is_joined_town_name``) counts too. Called by :func:`town_closes_entry`,
    :func:`town_and_year_close_entry` and :func:`towns_closing_entries`."""
    at = town.start()
    if WORD_BEFORE_TITLES_TOWN.search(text, max(0, at - 12), at):
        return False
    last_word = town[1].rpartition(" ")[2]
    return _TOWN_WORD.match(last_word) is not None and (
        _is_seat(town[1]) or publishers.is_publisher(town[1])
        or joined_names and places.is_joined_town_name(town[1]))


#: A town's colon before its publisher or semicolon before its year ("...Rheinstetten:
#: Schindele Verlag; 1979", "...Bilthoven; 1973"): what follows a place, not a title's end.
_PUBLISHER_OR_YEAR_AFTER = re.compile(rf" ?: (?=[^\W\d_])|; \(?{YEAR_DIGITS}(?![\d\]])")


#: A town's year, pages or volume after its comma ("...Cahors, 1868.", "...dermatologie
#: Moulins-lès-Metz, p. 552.", "...Turnhout, Vol. 6."), or an empty field's comma and the entry's
#: full stop, where a style closes every book's entry with a comma after its place
#: ("...dermatologie Moulins-lès-Metz,."), where a town that closes an entry alone ("...der
#: Universität Bremen.") is a title's last word as often.
_FIELD_AFTER_TOWN = re.compile(rf"{NUMBERED_FIELD_AFTER_PLACE}|{EMPTY_FIELD_CLOSING}")
#: A town's name (as :data:`_TOWN_CLOSING_ENTRY` reads it, or any one word), perhaps its
#: region or country after a comma ("...relations humaines Paris, France, Presses
#: universitaires de France."), its comma and a publisher's name after it: the fields of a
#: style that prints "Title Place, Publisher" with no punctuation after the title, closed as
#: the two patterns below read them.
_TOWN_COMMA_PUBLISHER = (rf" ((?:(?:{_PLACE_NAME_OPENER})\.? )?{NAME})(?:, {places.REGIONS})?"
                         rf", (?P<publisher>[^\W\d_][^.;:(),]{{0,60}})")
#: A town, its comma, its publisher (perhaps a series after another comma), the year, and the
#: entry ends: "...Burn-Out Levallois-Perret, StudyramaPro, 2016.", "...en Nouvelle-Calédonie
#: Nouméa, Île de lumière, collection 101 mots pour comprendre, 1999." ("Title Place,
#: Publisher, Year.").
_TOWN_BEFORE_PUBLISHER_AND_YEAR = re.compile(
    rf"{_TOWN_COMMA_PUBLISHER}(?:, (?P<series>[^.;:()]{{1,60}}?))?"
    rf", \(?{YEAR_DIGITS}\)?\.{NEXT_ENTRY_OPENING}")
#: One word or a town's name, its comma, a publisher's name and the entry's full stop: "...The
#: World and Other Writings New York, Cambridge University Press.", "...dans la poésie
#: contemporaine Colomars, Melis." ("Title Place, Publisher." with the year after the authors).
_PLACE_BEFORE_CLOSING_PUBLISHER = re.compile(rf"{_TOWN_COMMA_PUBLISHER}\.{NEXT_ENTRY_OPENING}")
#: ... or its publisher's words up to its paragraph's end, with no full stop, where a style
#: closes no entry with one: "...and Logic New York, Dover Publications", "...plan marketing
#: França, Onnaing" before the next entry's paragraph (south-african-actuarial-journal,
#: "Title Place, Publisher"). :func:`_publisher_closes_paragraph` finds that end.
_PLACE_BEFORE_PUBLISHER = re.compile(_TOWN_COMMA_PUBLISHER)


def towns_before_closing_publishers(text: str, printed: PrintedCase) -> Iterator[int]:
    """The end of each word in ``text`` that a town closed by its comma, a publisher and the
    entry's end follow with no punctuation between (:func:`_places_before_closing_publishers`:
    "...Other Writings| New York, Cambridge University Press.", "...and Logic| New York, Dover
    Publications" at its paragraph's end): a publisher's seat (:func:`_is_seat`), no word
    before it that makes it the title's own (``WORD_BEFORE_TITLES_TOWN``) nor a place or an
    institution with it (:func:`_named_with_word_before`: "...Life, Hong Kong,"), the
    publisher no place (:func:`_is_place`: "...Otto Fuel II and its Components Atlanta, GA."
    is a town and its state). Called by ``capitals.prints_titles_into_towns_and_publishers``
    to tell a list that prints "Title Place, Publisher." (or the same with no full stop)."""
    for town in _places_before_closing_publishers(text, printed):
        at = town.start()
        if (at > 0 and text[at - 1].isalnum() and _is_seat(town[1]) and _place_field(text, town)
                and not _named_with_word_before(text, at, town[1])):
            yield at


def _places_before_closing_publishers(text: str, printed: PrintedCase
                                      ) -> Iterator[re.Match[str]]:
    """Each place in ``text`` that its comma and a publisher follow up to the entry's full
    stop (``_PLACE_BEFORE_CLOSING_PUBLISHER``), then each that they follow up to its
    paragraph's end (``_PLACE_BEFORE_PUBLISHER``, :func:`_publisher_closes_paragraph`), the
    same place at most once. Called by :func:`towns_before_closing_publishers`."""
    closed_by_full_stops = set()
    for place in _PLACE_BEFORE_CLOSING_PUBLISHER.finditer(text):
        closed_by_full_stops.add(place.start())
        yield place
    for place in _PLACE_BEFORE_PUBLISHER.finditer(text):
        if (place.start() not in closed_by_full_stops
                and _publisher_closes_paragraph(text, place, printed)):
            yield place


def name_before_closing_publisher(text: str, at: int, printed: PrintedCase) -> bool:
    """True if one word right after ``at`` (the end of a title's last word), its comma, a
    publisher's name that is no place (:func:`_is_place`) and the entry's full stop close the
    entry ("...dans la poésie contemporaine Colomars, Melis."), or the publisher's words and
    its paragraph's end with no full stop ("...plan marketing França, Onnaing"): whatever the
    word (a town too small for GeoNames' list, a country). ``undecided_ends`` reads it so
    only in a list that prints other titles into a town and its publisher so
    (``capitals.prints_titles_into_towns_and_publishers``) or into their town
    (``capitals.prints_titles_into_towns_before_fields``): elsewhere a title's own last word
    before a comma and its publisher prints the same ("...Tidal Flats, Fjord Press.")."""
    place = _PLACE_BEFORE_CLOSING_PUBLISHER.match(text, at)
    if place is None:
        place = _PLACE_BEFORE_PUBLISHER.match(text, at)
        if place is None or not _publisher_closes_paragraph(text, place, printed):
            return False
    return " " not in place[1] and _place_field(text, place)


def _publisher_closes_paragraph(text: str, place: re.Match[str], printed: PrintedCase) -> bool:
    """True if the paragraph ends among the publisher's words of ``place`` (a
    ``_PLACE_BEFORE_PUBLISHER`` match) or right after them, or the text does: the pattern
    reads on over a paragraph's end into the next entry's first words ("Onnaing Coates" up to
    "Coates, J (1994)"), so each blank among them is asked (``printed_words.ends_paragraph``).
    Called by :func:`_places_before_closing_publishers` and
    :func:`name_before_closing_publisher`."""
    start, end = place.span("publisher")
    if end == len(text):
        return True
    return any(text[blank] == " " and ends_paragraph(text, blank, printed)
               for blank in range(start, end + 1))


def _place_field(text: str, place: re.Match[str]) -> bool:
    """True if ``place`` (a ``_PLACE_BEFORE_CLOSING_PUBLISHER`` match) reads as the place's
    field: no word before it makes it the title's own (``WORD_BEFORE_TITLES_TOWN``: "...Death
    in Venice, Fjord Press."), and what follows its comma is no place (:func:`_is_place`).
    Called by :func:`towns_before_closing_publishers` and
    :func:`name_before_closing_publisher`."""
    at = place.start()
    return (not WORD_BEFORE_TITLES_TOWN.search(text, max(0, at - 12), at)
            and not _is_place(place["publisher"]))


def words_before_comma_closing_entries(text: str) -> Iterator[tuple[int, int, bool]]:
    """Each word in ``text`` that its comma, one or two words and the entry's full stop follow
    (``_NAME_COMMA_TOWN_TO_ENTRY_END``: "...art |techniques|, Bell.", "...et méthodes
    |DUNOD|, Paris."): where it starts and ends, and whether it may be a publisher's name of
    one word (or a longer name's last word) before its seat, after a blank and a word: the
    words after the comma a publisher's seat (:func:`_is_seat`), the word no place
    (:func:`_is_place`: "...II and its Components Atlanta, GA." is a town and its state).
    Called by ``capitals``, which reads the word's capitals to tell a list that prints
    "Title Publisher, Place." (the name in capitals) from one that prints "Title, Place." (a
    title's own last word in lower case before the comma)."""
    for field in _NAME_COMMA_TOWN_TO_ENTRY_END.finditer(text):
        at = field.start() - 1
        publisher = (at > 0 and text[at] == " " and text[at - 1].isalnum()
                     and _is_seat(field["town"]) and not _is_place(field["name"]))
        yield field.start(), field.end("name"), publisher


#: One word right after a title, its comma, the year and a full stop: "...romantic world
#: Folcroft, 1978." (a style that prints "Title Publisher, Year."), read by
#: :func:`name_before_closing_year` and :func:`towns_before_closing_years`.
_NAME_COMMA_YEAR = re.compile(rf" ({NAME}), \(?{YEAR_DIGITS}\)?(?=\.)")
#: One word or two right after a field's punctuation (or the text's start), up to the blank
#: before a name: a name of two or three words whose first words open the field ("...29-41,
#: Springer Berlin| Heidelberg, 2006.", "...Bad Heilbrunn, Julius| Klinkhardt, 2008.",
#: "...University Press: Hong| Kong, 2003."), not a title run into its town.
_NAME_OPENING_FIELD = re.compile(r"(?:^|[^\w\s'’-] ?)(?:[\w'’-]+ )?[\w'’-]+\Z")
_NAME_OPENING_FIELD_REACH = 60  # characters before a name that its first words may fill


def name_before_closing_year(text: str, at: int) -> int | None:
    """Where the year ends if one word after the blank at ``at`` (the end of a title's last
    word), its comma, the year and a full stop follow (``_NAME_COMMA_YEAR``: "...and his
    romantic world Folcroft, 1978."), the word any (a publisher, a town too small for
    GeoNames' list), else None; the caller reads whether the entry ends there.
    ``undecided_ends`` reads it so only in a list that runs other titles into their town and
    year (``capitals.prints_titles_into_towns_and_years``): elsewhere a title's own last word
    before its comma and its year prints the same ("...of the Outer Skerries, 1999.")."""
    field = _NAME_COMMA_YEAR.match(text, at)
    return None if field is None else field.end()


def towns_before_closing_years(text: str) -> Iterator[int]:
    """The end of each word in ``text`` that a town or a listed publisher's name follows with
    no punctuation between (:func:`_closes_as_town`), then its comma and the year closing the
    entry (a full stop after it): "...des Mittelalters| Leipzig, 1943.", "...Grand Rapids|
    Eerdmans, 2000."; not where one word or two before it open their field
    (``_NAME_OPENING_FIELD``: "...29-41, Springer Berlin| Heidelberg, 2006."), a name's own
    first words. Called by ``capitals.prints_titles_into_towns_and_years`` to tell a list that
    prints "Title Place, Year."."""
    for town in _NAME_COMMA_YEAR.finditer(text):
        at = town.start()
        if (at > 0 and text[at - 1].isalnum() and _closes_as_town(text, town)
                and not _opens_field_before(text, at)):
            yield at


def _opens_field_before(text: str, at: int) -> bool:
    """True if the one word or two right before ``at`` (the blank before a name) follow a
    field's punctuation (``_NAME_OPENING_FIELD``): the first words of the name's own field.
    Called by :func:`towns_before_closing_years`."""
    return _NAME_OPENING_FIELD.search(
        text, max(0, at - _NAME_OPENING_FIELD_REACH), at) is not None


def name_before_closing_town(text: str, at: int) -> bool:
    """True if one word after the blank at ``at`` (the end of a title's last word), its comma,
    a town of one word or two and the entry's full stop close the entry
    (``_NAME_COMMA_TOWN_TO_ENTRY_END``: "...dans la poésie contemporaine Melis, Colomars."),
    the word no place (:func:`_is_place`), the town any (one too small for GeoNames' list).
    ``undecided_ends`` reads it so only in a list that prints other titles into a publisher
    and its town so (``capitals.prints_titles_into_publishers_and_towns``): elsewhere a title's
    own last word before a comma and its place prints the same ("...Outer Skerries,
    Bergen.")."""
    field = _NAME_COMMA_TOWN_TO_ENTRY_END.match(text, at + 1)
    return text.startswith(" ", at) and field is not None and not _is_place(field["name"])


#: A region's or a country's name, or a region's code: what follows a town's comma as the
#: town's own (``places.REGIONS``).
_REGION = re.compile(places.REGIONS)


def town_and_year_close_entry(text: str, at: int) -> bool:
    """True if :func:`town_closes_entry` reads a town right after ``at`` (the end of a title's
    last word), or a name printed as a town's whose parts hyphens join
    (``places.is_joined_town_name``: "...en dermatologie Moulins-lès-Metz, 1983, p. 552.", a
    town too small for GeoNames' list), and the year of publication, the pages or the volume
    follow the town after its comma (the year after a semicolon too), or an empty field's comma
    closes the entry (``_FIELD_AFTER_TOWN``: "...préfet du Lot Cahors, 1868.", "...Northern
    Fjords Bergen; 2004", "...en dermatologie Moulins-lès-Metz, p. 552.", "...Horst Schneider
    Turnhout, Vol. 6.", "...en dermatologie Moulins-lès-Metz,."), or after its comma and its
    publisher, the year closing the entry (``_TOWN_BEFORE_PUBLISHER_AND_YEAR``:
    "...Professionnel Levallois-Perret, StudyramaPro, 2016."; not where a place follows the
    comma or the publisher, :func:`_is_place`). Called by ``undecided_ends``, which marks the
    title's end uncertain there: after a capitalised word the town may be the title's own last
    word ("...Fjords Bergen")."""
    town = _TOWN_CLOSING_ENTRY.match(text, at)
    if town is None or _FIELD_AFTER_TOWN.match(text, town.end(1)) is None:
        town = _TOWN_BEFORE_PUBLISHER_AND_YEAR.match(text, at)
        fields = () if town is None else town.group("publisher", "series")
        if any(field is not None and _is_place(field) for field in fields):
            return False
    return town is not None and _closes_as_town(text, town, joined_names=True)


def _is_place(name: str) -> bool:
    """True if ``name`` (normalized) is a town, a publishing city, a region or a country: after
    a town's comma, or after the publisher that follows it, it makes that town the title's own
    last word, the place's field following ("...of the Niger Delta, Paris, Karthala, 1994.",
    "...der Universität Bremen, Lehmanns, Berlin, 2004.", "...the Peruvian Andes, VVB Verlag,
    Germany, 2014."). Called by :func:`town_and_year_close_entry` and :func:`_place_field`."""
    return _is_seat(name) or _REGION.fullmatch(name) is not None


#: A town (as :data:`_TOWN_CLOSING_ENTRY` reads it), its comma, its region or country and the
#: publisher's colon: "...des troubles mentaux Paris, France: Masson", "...et se construire
#: Genève, Suisse: Médecine et hygiène" (:func:`towns_closing_entries`).
_TOWN_AND_REGION_BEFORE_PUBLISHER = re.compile(
    rf" ((?:(?:{_PLACE_NAME_OPENER})\.? )?{NAME}), (?:{places.REGIONS}) ?: (?=[^\W\d_])")


def towns_closing_entries(text: str) -> Iterator[tuple[int, bool]]:
    """Each town in ``text`` that closes its entry as :func:`town_closes_entry` reads it right
    after a word with no punctuation between, or that its region or country and its
    publisher's colon follow (``_TOWN_AND_REGION_BEFORE_PUBLISHER``: "...des troubles mentaux
    Paris, France: Masson"): the end of that word ("...their families| Bilthoven; 2004"), and
    whether the town's publisher (its colon, perhaps after its region) or its year (a
    semicolon) follows it (``_PUBLISHER_OR_YEAR_AFTER``, not the entry's full stop). Called by
    ``capitals.prints_titles_into_towns`` to tell a list that runs titles straight into their
    place: a title's own last word is a town before its region as rarely as before a colon."""
    for town in _TOWN_CLOSING_ENTRY.finditer(text):
        if town.start() > 0 and _closes_as_town(text, town):
            after = _PUBLISHER_OR_YEAR_AFTER.match(text, town.end(1)) is not None
            yield town.start(), after
    for town in _TOWN_AND_REGION_BEFORE_PUBLISHER.finditer(text):
        if town.start() > 0 and _closes_as_town(text, town):
            yield town.start(), True


#: A town's name as :data:`_TOWN_CLOSING_ENTRY` reads it, then a blank or the text's end: where
#: a paragraph may end (:func:`towns_before_blanks`).
_TOWN_BEFORE_BLANK = re.compile(rf" ((?:(?:{_PLACE_NAME_OPENER})\.? )?{NAME})(?= |$)")


def towns_before_blanks(text: str) -> Iterator[tuple[int, int]]:
    """Each town in ``text`` that :func:`_closes_as_town` reads right after a word with no
    punctuation between, a blank or the text's end after it: the end of that word and the
    town's end ("...räumliche Ordnung der Wirtschaft| Jena|" before the next entry's
    paragraph). Called by ``capitals.prints_titles_into_towns``, which keeps those the
    paragraph ends after: a style that closes an entry with its town and no full stop."""
    for town in _TOWN_BEFORE_BLANK.finditer(text):
        if town.start() > 0 and text[town.start() - 1].isalnum() and _closes_as_town(text, town):
            yield town.start(), town.end(1)


# A place and its publisher, read up to the entry's end.
_PLACE_WORD = r"[^\W\d_][\w'\u2019/-]*"  # "Athens", "Nouméa", "Frankfurt/Main"
_PUBLISHER = r" ?: [^.:;?!]+"  # its colon, the publisher, perhaps a series or a year after it
#: A place of one word, its publisher, and the entry ends: "...en Nouvelle-Calédonie Nouméa: Île
#: de lumière, collection 101 mots.". One word: a query that lacks the title's last word has
#: that word before the place. (A place alone, "...security strategies Athens.", is not read
#: so: an entry that ends with its title prints its last word so too, "...in coastal Malta.")
PLACE_AND_PUBLISHER_TO_ENTRY_END = re.compile(
    rf"{_PLACE_WORD}{_PUBLISHER}\.{NEXT_ENTRY_OPENING}")
#: A place of one word closed by its comma, then the next field's first word: "...en
#: Nouvelle-Calédonie Nouméa, Centre culturel Jean-Marie Tjibaou: colloque CORAIL 2005."
_TOWN_BEFORE_COMMA = re.compile(rf"({_PLACE_WORD}), (?=[^\W\d_])")


def town_before_comma(text: str, at: int) -> int | None:
    """Where the word after the comma starts if the word at ``at`` is a town GeoNames knows
    (``places.is_town``) closed by its comma, else None: the place a style prints right after
    a title, before its publisher ("...en Nouvelle-Calédonie Nouméa, Centre culturel
    Jean-Marie Tjibaou"). A title's own last word is a town as often; ``undecided_ends`` reads
    it so only in a list that runs other titles into their towns."""
    town = _TOWN_BEFORE_COMMA.match(text, at)
    return town.end() if town is not None and places.is_town(town[1]) else None


def _named_with_word_before(text: str, at: int, town: str) -> bool:
    """True if the word before the blank at ``at`` and ``town`` after it name a place
    together ("...Monastic Life, Hong Kong," is no title run into "Kong"), or an institution
    of that town ("...der Universität Bremen, Lehmanns 2004.": a title's own words). Called
    by :func:`towns_before_closing_publishers`."""
    word = _WORD_BEFORE.search(text, max(0, at - 20), at)
    return word is not None and (_is_seat(f"{word[0]} {town}")
                                 or _INSTITUTION_WORD.fullmatch(word[0]) is not None)


#: A word an institution's name holds right before its town, folded as the text is:
#: "Universität Bremen", "University College Dublin", "Institut Pasteur Lille".
_INSTITUTION_WORD = re.compile(
    r"univers\w*|institut\w*|college|colegio|hochschule|akademie|academy|museum|museo"
    r"|musee|klinikum|hospital|hopital|bibliothek|library|bibliotheque|biblioteca")


#: The word right before a blank (:func:`_named_with_word_before`).
_WORD_BEFORE = re.compile(r"[^\W\d_]+$")


#: A word of a publisher's name, perhaps an abbreviation with its full stop after it or, as
#: some records print them, before it ("Dept.", "Amer .Math .Soc").
_PUBLISHER_NAME_WORD = r"\.?[^\W\d_][\w'\u2019/-]*\.?"
#: A publisher's name of two words or more, its comma or colon, its publishing city (perhaps
#: other seats after slashes, or its region's code after a comma): "...Dubuffet & l'art brut
#: Collection de l'Art Brut, Milano/Lausanne, 2005." (current-science), "...Dubuffet & l'art
#: brut Collection de l'Art Brut, Milano/Lausanne." (bioinformatics), "...of 3-and
#: 4-dimensional manifolds Amer .Math .Soc: Durham,NC, 1987." (revista-virtual-de-quimica):
#: styles that print a book's publisher so after its title, with no punctuation. The entry
#: ends after it (:func:`_entry_ends_after_city`). ``undecided_ends`` reads it after a title's
#: last word printed in lower case, from a capital: a title's own proper noun prints so before
#: the name too ("...of rural Hedmark Fjord Museum, Oslo, 2011."), so the end stays uncertain.
_PUBLISHER_AND_CITY = re.compile(
    rf"{_PUBLISHER_NAME_WORD}(?:(?: |(?<=\.)){_PUBLISHER_NAME_WORD}){{1,6}}[,:] "
    rf"(?:{places.PUBLISHING_CITIES})"
    rf"{_SEATS_AFTER_SLASHES}(?: ?, ?[^\W\d_]{{2,3}}(?=[,.]))?")
#: ... then a comma, the year and the entry's end, or the city's full stop, perhaps after an
#: empty field's comma ("...Milano/Lausanne,.": embnet-journal prints the year after the
#: authors), and the next entry (:func:`_entry_ends_after_city`; ``_NEXT_ENTRY`` is read after a
#: chapter's pages too: :func:`publisher_seat_and_pages_close_entry`).
_YEAR_AFTER_CITY = re.compile(rf", \(?{YEAR_DIGITS}\)?\.(?: |$)")
_CITY_FULL_STOP = re.compile(FULL_STOP_AFTER_EMPTY_FIELD)
_NEXT_ENTRY = re.compile(NEXT_ENTRY_OPENING)
#: A person's initial and its full stop before a word: a publisher named after its founder
#: ("...Non siamo d’accordo F. de Silva. Torino:"). Read in ``_ABBREVIATION_OPENING_NAME``
#: and by :func:`publisher_named_after_person_closes_entry`.
_PERSONS_INITIAL = r"[^\W\d_]\. (?=[^\W\d_])"
_PERSONS_INITIAL_OPENING_NAME = re.compile(_PERSONS_INITIAL)
#: The abbreviation of an organisation's word that opens a publisher's name, with its full stop
#: ("...transfer to the Commonwealth Dept. of External Affairs: Melbourne, 1913."), or a word
#: and the full stop of the next word's abbreviation printed before it, as some records print
#: them ("...Correlation Functions CambridgeUniv .Press: Cambridge, 1993."), or a person's
#: initial (``_PERSONS_INITIAL``): no title's own last word, run on after the title with a
#: blank, prints so (:func:`publisher_and_place_close_entry`).
_ORGANISATION_ABBREVIATIONS = r"dept|univ|inst|soc|assoc|acad|natl|govt|amer|intl|bur|publ|corp"
_ABBREVIATION_OPENING_NAME = re.compile(
    rf"(?:{_ORGANISATION_ABBREVIATIONS})\. ?(?=[^\W\d_])|[^\W\d_]+ \.(?=[^\W\d_])"
    rf"|{_PERSONS_INITIAL}")


#: A publisher's name, its full stop, its town and the town's colon, and the entry ends (perhaps
#: after the "S." of an empty pages' field): "...Dusty PlasmasPhysics Inst.of Physics. Bristol:",
#: "...in public cloud computing NIST. Gaithersburg:" (natur-und-landschaft: a style that
#: prints "Title Publisher. Place:"). The town may have other seats after slashes
#: ("...Ein Vorwort AFRA. Butzbach/Griedel: S.") or its state's code after a comma
#: ("...manifolds Amer .Math .Soc. Durham,NC: S."; not the word for "in" before a
#: container's colon: "...Begriffe, in: Berg, M. (Hrsg.)"). Read by
#: :func:`publisher_and_place_close_entry`, which asks whether the town (its first seat,
#: group "town") is one and how many words the name (group "name") holds.
_PUBLISHER_THEN_TOWN_TO_ENTRY_END = re.compile(
    rf"(?P<name>{_PUBLISHER_NAME_WORD}(?:(?: |(?<=\.)){_PUBLISHER_NAME_WORD}){{0,6}})\. "
    rf"(?P<town>{_PLACE_WORD})(?:, ?(?!(?:in|en|im|em|ed|hg):)[^\W\d_]{{2}})?:(?: s\.)?"
    rf"{NEXT_ENTRY_OPENING}")
#: A place or a publisher alone, one word and its colon, and the entry ends (perhaps after the
#: "S." of an empty pages' field): "...Kooperation zwischen Schule und Jugendhilfe Oberbiel:"
#: (natur-und-landschaft's "Title Publisher. Place:" with one of the two left empty). A title
#: prints no colon of its own at its entry's end: a query that lacks the title's last word has
#: that word and a blank before the place. One word, no state's code after a comma: "...Notable
#: Harbour Women, in: The A.B. Review" is a title's own last word before a container. Read by
#: :func:`publisher_and_place_close_entry`.
_PLACE_ALONE_TO_ENTRY_END = re.compile(rf"{_PLACE_WORD}:(?: s\.)?{NEXT_ENTRY_OPENING}")
#: A publisher's name of one word, its comma, its town (of one word or two), and the entry
#: ends: "...Therapeutic Review CADTH, Ottawa." (a style that prints "Title Publisher,
#: Place."), or an empty field's comma and the full stop, whatever opens the next entry
#: (``entry_grammar.EMPTY_FIELD_CLOSING``: "...Sonderschule Beltz, Weinheim,.", embnet-journal).
#: Read by :func:`publisher_and_place_close_entry` only where the name is printed as no
#: title's word is (in capitals, two names joined), and by
#: :func:`words_before_comma_closing_entries` and :func:`name_before_closing_town`, in a
#: list that prints so: a title's own last word before its place prints "...Outer Skerries,
#: Bergen." where a style prints no publisher.
_SEAT = rf"(?P<town>{_PLACE_WORD}(?: {_PLACE_WORD})?)"  # a town of one word or two
_COMMA_SEAT_TO_ENTRY_END = rf", {_SEAT}(?:\.{NEXT_ENTRY_OPENING}|{EMPTY_FIELD_CLOSING})"
_NAME_COMMA_TOWN_TO_ENTRY_END = re.compile(rf"(?P<name>{_PLACE_WORD}){_COMMA_SEAT_TO_ENTRY_END}")
#: ... and a publisher's name of up to six words there (``_PUBLISHER_NAME``): "...Illuminations,
#: pp. 217–252. Schoken Books, New York." (a style that prints "Publisher, Place." last). Read
#: by :func:`publication_data_close_entry`, which asks whether the seat is a town.
_PUBLISHER_NAME = rf"{_PUBLISHER_NAME_WORD}(?: {_PUBLISHER_NAME_WORD}){{0,5}}"
_PUBLISHER_COMMA_TOWN_TO_ENTRY_END = re.compile(rf"{_PUBLISHER_NAME}{_COMMA_SEAT_TO_ENTRY_END}")


#: ... or a publisher's name and its comma (or no publisher, where the record has none), its
#: seat and the chapter's pages after the seat's colon, or marked "pp" after its full stop, up
#: to the pages' full stop: "...Reproduction Illuminations. Schoken Books, New York: 217–252.",
#: "...Middle Ages Word, Image, Number. Communication in the Middle Ages. Firenze: 43–83."
#: (hydrobiologia, a chapter's book run into the chapter's title), "...Practice: The
#: Anthropology of Medicine and Everyday Life. University of California Press, Berkeley. pp
#: 305–29." (canadian-journal-of-physics). Read by :func:`publisher_seat_and_pages_end`.
_PAGES_AFTER_SEAT = r"(?:: |\. pp\.? )"
_PUBLISHER_SEAT_AND_PAGES = re.compile(
    rf"(?:{_PUBLISHER_NAME}, )?{_SEAT}{_PAGES_AFTER_SEAT}\d+{RANGE_DASH}\d+\.")


def publisher_seat_and_pages_close_entry(text: str, at: int) -> bool:
    """True if the words at ``at`` (after a field's full stop and its blank) are a publisher's
    name (or none), its seat (a town) and a chapter's pages up to the entry's end
    (:func:`publisher_seat_and_pages_end`: "...Illuminations. Schoken Books, New York:
    217–252.", "...in the Middle Ages. Firenze: 43–83.", "...Everyday Life. University of
    California Press, Berkeley. pp 305–29.", then the next entry's opening,
    ``entry_grammar.NEXT_ENTRY_OPENING``): a book prints no range of pages there, so the field
    before is a chapter's book.
    Called by ``undecided_ends`` after one word run on after a title and its full stop."""
    end = publisher_seat_and_pages_end(text, at)
    return end is not None and _NEXT_ENTRY.match(text, end) is not None


def publisher_seat_and_pages_end(text: str, at: int) -> Optional[int]:
    """Where a publisher's name (or none), its seat (a town) and a chapter's pages that start at
    ``at`` end, with the pages' full stop (``_PUBLISHER_SEAT_AND_PAGES``), or None, whatever
    follows. ``capitals`` reads a list's chapters with it, whatever opens the next entry (a
    margin's number and a surname: "...Reims. pp 81–94. 27 Morgan J, ...");
    :func:`publisher_seat_and_pages_close_entry` asks for the next entry's opening too."""
    named = _PUBLISHER_SEAT_AND_PAGES.match(text, at)
    return named.end() if named is not None and _is_seat(named["town"]) else None


#: A publisher's name of up to six words, its comma and its seat (a town of one word or two),
#: perhaps the year in brackets after it, up to the field's full stop, its bracket or a blank:
#: "...Shorelines. Stanford University Press, Stanford (2009)", "...Plastic Surgery.
#: Lippincott Williams, Philadelphia. p 235". Read by :func:`publisher_and_seat_end`.
_PUBLISHER_COMMA_SEAT = re.compile(
    rf"{_PUBLISHER_NAME}, {_SEAT}(?: \({YEAR_DIGITS}\))?(?=[. ]|$)")


def publisher_and_seat_end(text: str, at: int) -> Optional[int]:
    """Where the publisher's name, its comma, its seat and perhaps its bracketed year that
    start at ``at`` end (``_PUBLISHER_COMMA_SEAT``; the seat a town :func:`_is_seat` knows),
    or None. The caller asks what follows: ``undecided_ends``, after a one-word book's full
    stop, whether the entry ends there; ``capitals``, reading a list's habit of running
    titles into their containers, nothing (a chapter's pages may follow)."""
    named = _PUBLISHER_COMMA_SEAT.match(text, at)
    return named.end() if named is not None and _is_seat(named["town"]) else None


def publication_data_close_entry(text: str, at: int) -> bool:
    """True if the words after ``at`` (the blank after a field's full stop) are the entry's
    publication data up to its end: a place field (``PLACE_FIELDS``: "...pp. 217–252. New
    York: Schoken Books.") or a publisher's name, its comma and its seat
    (``_PUBLISHER_COMMA_TOWN_TO_ENTRY_END``: "...pp. 217–252. Schoken Books, New York.").
    Called by ``undecided_ends`` after a chapter's book of one word and its pages, where
    those fields tell the book's word from the title's own."""
    if _PLACE_FIELD.match(text, at) is not None:
        return True
    named = _PUBLISHER_COMMA_TOWN_TO_ENTRY_END.match(text, at + 1)
    return named is not None and _is_seat(named["town"])


def publisher_and_place_close_entry(text: str, at: int, printed: PrintedCase,
                                    after_lower_case: bool,
                                    name_printed_apart: bool = False) -> bool:
    """True if the words from ``at`` (a capital right after a title's last word) are a
    publisher's name and its place up to the entry's end: its city, perhaps its year
    (``_PUBLISHER_AND_CITY``, :func:`_entry_ends_after_city`), or its full stop and a town
    with its colon (``_PUBLISHER_THEN_TOWN_TO_ENTRY_END``: a publishing city or a town
    GeoNames knows);
    after a title's last word printed in lower case (``after_lower_case``), or after one in
    any case where the name opens with an abbreviation or an initial
    (``_ABBREVIATION_OPENING_NAME``: "...Functions CambridgeUniv .Press: Cambridge, 1993.",
    "...Dusty PlasmasPhysics Inst.of Physics. Bristol:", "...d’accordo F. de Silva. Torino:"),
    or where it is one word before its full stop and its town, printed as no title's word is
    (``name_printed_apart``: in capitals, or with a capital inside, two names joined: "...Ein
    Vorwort AFRA. Butzbach/Griedel: S.", "...in One Dimension ClarendonPress. Oxford:"; a
    title's own last word, then its full stop, prints "...Outer Skerries. Bergen:" where a style
    prints no publisher), or so before its comma and its town up to the entry's end
    (``_NAME_COMMA_TOWN_TO_ENTRY_END``: "...Therapeutic Review CADTH, Ottawa."); or one word
    alone, its colon and the entry's end (``_PLACE_ALONE_TO_ENTRY_END``). A title in title case
    without its last word prints that word before the name ("...Correlation Functions
    CambridgeUniv .Press"), a word with a blank after it: the abbreviation, or the full stop or
    the colon right after the one word, tells the name's first word. Called by
    ``undecided_ends``, which marks the end uncertain: a title's proper noun after a word in
    lower case prints so before the name too; and by
    :func:`publisher_named_after_person_closes_entry`."""
    opened = after_lower_case or _ABBREVIATION_OPENING_NAME.match(text, at) is not None
    city = _PUBLISHER_AND_CITY.match(text, at) if opened else None
    if city is not None and _entry_ends_after_city(text, city.end(), printed):
        return True
    if _PLACE_ALONE_TO_ENTRY_END.match(text, at) is not None:
        return True
    named = _NAME_COMMA_TOWN_TO_ENTRY_END.match(text, at) if name_printed_apart else None
    if named is not None and _is_seat(named["town"]):
        return True
    town = _PUBLISHER_THEN_TOWN_TO_ENTRY_END.match(text, at)
    if town is None or not (opened or name_printed_apart and " " not in town["name"]):
        return False
    return _is_seat(town["town"].partition("/")[0])


def _entry_ends_after_city(text: str, at: int, printed: PrintedCase) -> bool:
    """True if the entry ends right after a publisher's city that ends at ``at``
    (``_PUBLISHER_AND_CITY``): a comma and the year closing it (``_YEAR_AFTER_CITY``), or the
    city's full stop, perhaps after an empty field's comma (``_CITY_FULL_STOP``), then the next
    entry (``entry_grammar.NEXT_ENTRY_OPENING``) or the paragraph's end (each entry a
    paragraph in HTML: "...Milano/Lausanne,." before "Pearson (2011) Versant English Test",
    whose author has no initials) or the text's (``printed_words.ends_paragraph_or_text``).
    Called by :func:`publisher_and_place_close_entry`."""
    if _YEAR_AFTER_CITY.match(text, at) is not None:
        return True
    stop = _CITY_FULL_STOP.match(text, at)
    if stop is None:
        return False
    end = stop.end()
    return _NEXT_ENTRY.match(text, end) is not None or ends_paragraph_or_text(text, end, printed)


def publisher_named_after_person_closes_entry(text: str, at: int, printed: PrintedCase) -> bool:
    """True if an initial and its full stop at ``at`` (right after a title's last word and its
    blank) open a publisher's name up to its place and the entry's end
    (:func:`publisher_and_place_close_entry`: "...Non siamo d’accordo F. de Silva. Torino:"): a
    publisher named after its founder. No title's own last word is an initial, so the title
    ends before it whatever the case of its last word. Called by ``capitals.field_start``,
    which reads the text as printed and asks only where the initial is a capital."""
    return (_PERSONS_INITIAL_OPENING_NAME.match(text, at) is not None
            and publisher_and_place_close_entry(text, at, printed, False))


def _is_seat(town: str) -> bool:
    """True if ``town`` (normalized) is a publishing city or a town GeoNames knows: where a
    publisher printed before it has its seat. Called by :func:`publisher_and_place_close_entry`,
    :func:`publisher_seat_and_pages_close_entry`, :func:`towns_after_name_end`,
    :func:`towns_after_full_stops_closing_entries`, :func:`_closes_as_town` and
    :func:`_is_place`."""
    return _PUBLISHING_CITY.fullmatch(town) is not None or places.is_town(town)


_PUBLISHING_CITY = re.compile(places.PUBLISHING_CITIES)
#: Any of ``PLACE_FIELDS``, read after a word run on after a title
#: (:func:`place_closes_entry_after`).
_PLACE_FIELD = re.compile("|".join(PLACE_FIELDS))


def place_closes_entry_after(text: str, at: int, printed: PrintedCase,
                             name_printed_apart: bool = False) -> bool:
    """True if the place of publication, or a publisher and its place, start right after
    ``at`` (the end of one capitalised word run on after a title): a town that closes the
    entry (:func:`town_closes_entry`: "...Sight Reading Cahors, 1868."), a place field
    (``PLACE_FIELDS``: "...Outer Skerries Bergen: Fjord."), or a publisher's name and its
    place up to the entry's end (:func:`publisher_and_place_close_entry`, told whether the next
    word is printed as a publisher's one-word name, ``name_printed_apart``: "...Harbour
    Functions FjordUniv .Press: Oslo, 1994."). The word before is then where a title's own
    last word stands: ``undecided_ends`` marks the end of a hit that passed every check
    uncertain where the query's last word comes right before that word."""
    return (town_closes_entry(text, at) or _PLACE_FIELD.match(text, at) is not None
            or text.startswith(" ", at)
            and publisher_and_place_close_entry(text, at + 1, printed, False,
                                                name_printed_apart))




#: A full stop, then a place closed by its colon, perhaps an abbreviation its style leaves
#: with no number after it, and a blank or the text's end: "...contemporary Persian Mazda.
#: Costa Mesa, California:", "...and the Market Libri Mundi. Quito: S." (natur-und-landschaft's
#: "Title Publisher. Place:" for a book). A place of up to four words, commas between them (a
#: town and its region or country) or a colon, as a record's place field may hold its
#: publisher too ("...Nursery Education House. New Delhi: Doaba:").
_PLACE_AND_COLON = re.compile(
    rf"\. ((?:{_PLACE_WORD}[,:]? ){{0,3}}{_PLACE_WORD}):(?: [^\W\d_]{{1,3}}\.)?(?= |$)")


#: The place's first name, up to its first comma or colon: its town.
_FIRST_PLACE = re.compile(r"[^,:]*")


def place_and_colon_after(text: str, at: int) -> int | None:
    """Where the place's colon (or the abbreviation after it) ends if the full stop at ``at``
    opens a place closed by its colon (``_PLACE_AND_COLON``: "...Persian Mazda|. Costa Mesa,
    California:|"), else None. Any capitalised place counts ("...plan marketing Onnaing.
    França:"): ``undecided_ends`` reads it only in a list that closes other entries so after a
    town (:func:`towns_after_full_stops_closing_entries`), and asks whether the entry ends
    there."""
    place = _PLACE_AND_COLON.match(text, at)
    return None if place is None else place.end()


def towns_after_full_stops_closing_entries(text: str) -> Iterator[tuple[int, int]]:
    """Each place in ``text`` of the shape :func:`place_and_colon_after` reads, right after a
    word's full stop, whose name up to its first comma or colon is a town GeoNames knows or a
    publishing city ("...Springer. New York, NY, USA:", "...Larcier. Bruxelles:"): the full
    stop's place and the end of the last colon (or of the abbreviation after it). Called by
    ``capitals.prints_publishers_before_closing_towns``, which keeps those the paragraph ends
    after: a style that closes a book's entry with its publisher's full stop and its place."""
    for place in _PLACE_AND_COLON.finditer(text):
        town = _FIRST_PLACE.match(place[1])[0]
        if place.start() > 0 and text[place.start() - 1].isalnum() and _is_seat(town):
            yield place.start(), place.end()


#: A country's or a region's name after the town a title ends with, then its full stop or its
#: comma ("...the Little Stobie deposit, Sudbury Canada. Chemical Geology": a style that
#: prints the work's place after its title with no punctuation), read by
#: :func:`country_after_town`.
_COUNTRY_CLOSING_FIELD = re.compile(rf"{places.REGION_NAMES}(?=[.,](?: |$))")


def country_after_town(text: str, town: tuple[int, int], at: int) -> bool:
    """True if the query's last word (``text[town[0]:town[1]]``) is a town GeoNames knows
    (``places.is_town``), printed as a town's name (``_TOWN_WORD``: not "SE", a compass
    point, "...central Ribeira Belt - SE Brazil."), after no word that makes a place the
    title's own (``WORD_BEFORE_TITLES_TOWN``: "...Society in Imperial Austria, 1848-1918"),
    and the words at ``at`` (the next word, run on with a blank) are a country's or a
    region's name closed by a full stop or a comma (``_COUNTRY_CLOSING_FIELD``). A title in
    title case without its last word prints that word there, not a country after a town,
    unless the title itself ends with both ("...deposit, Sudbury Canada"): so
    ``undecided_ends``, who calls it, marks the end uncertain."""
    return (_COUNTRY_CLOSING_FIELD.match(text, at) is not None
            and not WORD_BEFORE_TITLES_TOWN.search(text, max(0, town[0] - 13), town[0] - 1)
            and _printed_as_town(text[town[0]:town[1]]))


def town_again_after_title(text: str, town: tuple[int, int], at: int) -> bool:
    """True if the query's last word (``text[town[0]:town[1]]``) is a town GeoNames knows
    (``places.is_town``), printed as a town's name (``_TOWN_WORD``), and the word at ``at``
    (the next word, run on with a blank) is the same town closed by its comma: the place of
    publication after a title that ends with its name, printed by a style that puts the place
    right after the title with no punctuation ("...Ritual Andino En Otavalo Otavalo, Ediciones
    Abya-Yala, 1988"). No title ends with its last word twice, so the text decides: the
    second is the place's field. Called by ``capitals.field_start``."""
    word = text[town[0]:town[1]]
    return text.startswith(f"{word}, ", at) and _printed_as_town(word)


def _printed_as_town(word: str) -> bool:
    """True if the query's last word (``word``, normalized) is printed as a town's name
    (``_TOWN_WORD``) and GeoNames knows the town (``places.is_town``). Called by
    :func:`country_after_town` and :func:`town_again_after_title`."""
    return _TOWN_WORD.match(word) is not None and places.is_town(word)


#: A town of one word, perhaps a publishing city after its comma, the publisher's second seat
#: ("Gossau, Zürich"), its colon and its publisher, up to the first mark that may close it
#: (:func:`town_and_publisher_end`).
_TOWN_AND_PUBLISHER = re.compile(
    rf"({_PLACE_WORD})(?:, (?:{places.PUBLISHING_CITIES})(?![^\W_]))?(?P<publisher>{_PUBLISHER})")


def town_and_publisher_end(text: str, at: int) -> tuple[int, int] | None:
    """Where the publisher starts (its colon) and where its words end (before the first full
    stop, colon, semicolon or question mark, or at the text's end) if the word at ``at`` is a
    town GeoNames knows (``places.is_town``) and its colon and its publisher follow it
    ("...Economic Lifeline Arlington: National Rural Electric Cooperative Association.", "...du
    foncier de Canala Nouméa: ADRAF."), else None. Called by ``undecided_ends``, after one
    capitalised word run on after a title, which asks whether the entry ends there: at the
    publisher's full stop, or at a paragraph's end among its words where a style closes a
    book's entry with its publisher and no full stop ("...une histoire Gossau, Zürich:
    Nord-Süd" before the next entry's paragraph). A title's own last word is a town as often
    ("...Life in Ancient Rome"), but a style that prints the place before the publisher prints
    that title's place after it ("...Ancient Rome Paris: Laterza."). A publisher's second
    seat, a publishing city (``places.PUBLISHING_CITIES``), may follow the town after a comma
    ("...une histoire Gossau, Zürich: Nord-Süd."); not any town: a title that ends with a town
    prints a place of its own after its comma ("...harbour towns Lagos, Ibadan: University
    Press.")."""
    town = _TOWN_AND_PUBLISHER.match(text, at)
    if town is None or not places.is_town(town[1]):
        return None
    return town.span("publisher")


#: The places after a publisher's name of one word: a comma and a town, one or two of them,
#: then the mark that may close the entry (:func:`towns_after_name_end`).
_TOWNS_AFTER_NAME = re.compile(rf"(?:, (?P<town>{_PLACE_WORD})){{1,2}}")


def towns_after_name_end(text: str, at: int) -> int | None:
    """Where the towns end if a comma and one or two towns (each a publishing city or a town
    GeoNames knows, the publisher's seats) follow ``at``, the end of a publisher's name run on
    after a title ("...une histoire Fjord-Verlag, Lagos, Ibadan."), else None. Called by
    ``undecided_ends`` after a name of capitalised words joined by hyphens, which then asks
    whether the entry ends there."""
    match = _TOWNS_AFTER_NAME.match(text, at)
    if match is None:
        return None
    towns = text[at:match.end()].split(", ")[1:]
    if not all(_is_seat(town) for town in towns):
        return None
    return match.end()


#: An empty field's comma and the entry's full stop right after a town, read by
#: :func:`empty_field_after_town`.
_EMPTY_FIELD_AFTER_TOWN = re.compile(EMPTY_FIELD_CLOSING)


def empty_field_after_town(text: str, at: int) -> bool:
    """True if an empty field's comma and the entry's full stop follow the town that ends at
    ``at`` (``entry_grammar.EMPTY_FIELD_CLOSING``: "...une histoire Fjord-Verlag, Lagos,
    Ibadan,."), where a style closes every book's entry so: the entry ends there. Called by
    ``undecided_ends`` at the end of :func:`towns_after_name_end`'s towns."""
    return _EMPTY_FIELD_AFTER_TOWN.match(text, at) is not None


#: The place of publication and the publisher in brackets, the place one or two words (perhaps
#: its state's code after a comma) and its colon, the publisher with no full stop (not a
#: report's sponsor and its date: "(San Diego: Systems Center. March)"), up to the closing
#: bracket: " (Stanford: Stanford University Press)", " (Bristol: IOP Publishing)"
#: (institute-of-physics-harvard and the styles like it print a book's series, with no
#: punctuation, between its title and that bracket). Read by
#: :func:`bracketed_place_and_publisher_end`.
_BRACKETED_PLACE_AND_PUBLISHER = re.compile(
    rf" \((?:{_PLACE_WORD} )?{_PLACE_WORD}(?:, [^\W\d_]{{2,3}})? ?: [^().:;?!]+\)")


def bracketed_place_and_publisher_end(text: str, at: int) -> int | None:
    """Where the bracket closes (after its ")") if a blank, then the place of publication and
    the publisher in brackets (:data:`_BRACKETED_PLACE_AND_PUBLISHER`) follow ``at`` (the end
    of one capitalised word run on after a title: "...South India Shorelines (Stanford:
    Stanford University Press)"), else None. Called by ``undecided_ends``, which asks whether
    the entry ends there and then marks the title's end uncertain: the word before the bracket
    is a series' name as readily as the title's own last word ("...Tidal Markets of the Niger
    Delta (Lagos: Harbour Books)" for a query that ends at "Niger")."""
    field = _BRACKETED_PLACE_AND_PUBLISHER.match(text, at)
    return None if field is None else field.end()


#: A container closed by a full stop and the comma of an empty field after it, then its place,
#: perhaps its publisher, and the entry ends: "...of well-being Choices, Values and Frames., New
#: York: Cambridge University Press.", "...Schüler Länger gemeinsam lernen., Frankfurt und
#: Aurich." (styles that print a chapter's book after its title with no punctuation). The
#: container holds no full stop but an abbreviation's ("Vol. 1"); ``capitals`` reads its first
#: word.
CONTAINER_AND_PLACE_TO_ENTRY_END = re.compile(
    rf"(?:{ABBREVIATION}|[^.?!]){{1,200}}?\., {_PLACE_WORD}[^.:;?!]*(?:{_PUBLISHER})?\."
    + NEXT_ENTRY_OPENING)
#: A book's own title closed by a comma, then its place (one or two words, perhaps its region's
#: code), the colon, its publisher, and the entry ends: "2004. Begrüßung durch den Sprecher des
#: Instituts Bremen, Berlin: Lehmanns.", "2012. Relationship of Density to Landscape in Texas,
#: Lubbock, USA: Texas Tech University." The title opens a sentence (after a word's or a year's
#: full stop) and is two words or more with no punctuation, so it is no container after "in:"
#: ("S. 235 in: Plastic Surgery, Philadelphia:") nor one opened by "In" ("In Choices, Values
#: and Frames, New York:"), nor a place before its region ("survey. Austin, USA: Texas Parks").
#: A style that prints a book so prints "., " only after a chapter's container
#: (``CONTAINER_AND_PLACE_TO_ENTRY_END``); ``capitals`` reads a reference list so.
BOOK_TITLE_THEN_PLACE = re.compile(
    rf"(?:[^\W\d_]{{2}}|\d)\. (?!(?:in|en|im|dans) ){NAME}(?: {NAME}){{1,30}}, "
    rf"{_PLACE_WORD}(?: {_PLACE_WORD})?(?:, [^\W\d_]{{2,3}})?{_PUBLISHER}\.{NEXT_ENTRY_OPENING}")
