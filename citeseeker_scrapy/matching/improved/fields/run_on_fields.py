"""The fields a title runs into with no punctuation between them (improved scheme):
``NEXT_FIELD``, any of their shapes read right after a title's last word (``verify``,
``title_edges``), and the fields ``capitals`` and ``title_edges`` read up to the entry's end
after such a title (a volume, a container with its issue, a one-word journal and its pages, the
entry's close after an acronym). The place of publication among them is ``place_fields``'s;
``longer_titles`` reads the venue's, the month's and the organisation's shapes too. Patterns
only; each pattern's comment names the real strings it was written for.
"""

from __future__ import annotations

import re

from . import places, publishers
from ..grammar.entry_grammar import (
    EDITION_WORD, EDITOR_ROLE, ENTRY_CLOSING, IN_CONTAINER, NEXT_ENTRY_OPENING, RANGE_DASH,
    VOLUME_ABBREVIATIONS, YEAR_DIGITS, YEAR_SPAN,
)
from ..grammar.name_grammar import NAME
from .place_fields import PLACE_FIELDS

# The fields a title runs into with no punctuation between them, each read from the end of the
# title's last word (the blank before the field, or a dash joined to the word): one shape each
# below (the place of publication's are ``place_fields.PLACE_FIELDS``), ``NEXT_FIELD`` any of
# them. A field's first word is no title word.
#: A dash (a hyphen or any dash, one or more) after a blank, right before the next field's word:
#: the place ("...and Social Order -Oxford: Blackwell.").
_DASH_BEFORE_WORD = r" [-\u2010-\u2015]+ ?(?=[^\W\d_])"
#: An en or em dash joined to the title's last word, then a blank, before the next field.
_DASH_AFTER_WORD = r"[\u2013\u2014] "
#: An edition: "Crystal growth 3rd ed.", "2. Aufl.", "2. vyd.".
_EDITION = rf" \d{{1,2}}(?:st|nd|rd|th|e|er|\.)? ?{EDITION_WORD}\b"
#: What a number that is no year opens with (a volume's or a page's: "...Therapy, 17").
_NOT_A_YEAR = rf"(?!{YEAR_DIGITS}(?!\d))"
#: A year, perhaps in brackets: "...Manual of Style 2013.".
_YEAR_FIELD = rf" \(?{YEAR_DIGITS}(?!\d)"
#: The months' names as styles print them in English, German, French, Spanish, Italian and
#: Portuguese, folded as ``normalize_text`` folds them ("fevrier", "marz"); not "mars", a
#: planet's name too ("...fluidized ejecta blankets on Mars").
_MONTHS = ("january|february|march|april|may|june|july|august|september|october|november"
           "|december|januar|februar|marz|mai|juni|juli|oktober|dezember|janvier|fevrier"
           "|avril|juin|juillet|aout|septembre|octobre|novembre|decembre|enero|febrero|marzo"
           "|abril|mayo|junio|julio|agosto|septiembre|setiembre|octubre|noviembre|diciembre"
           "|gennaio|febbraio|aprile|maggio|giugno|luglio|settembre|ottobre|dicembre"
           "|janeiro|fevereiro|marco|maio|junho|julho|setembro|outubro|novembro|dezembro")
#: The month of a report's or a draft's date, printed after its title with no mark: the month,
#: perhaps its day, then the field's punctuation or the year ("...Conservation Plan September.",
#: "...Working Draft June; 2004", "...Septic System March 10.", "...Draft June 2004."). The
#: month is the word right after the title's last one: a query that lacks that word has it
#: before the month.
MONTH_OF_DATE = rf" (?:{_MONTHS})(?: \d{{1,2}})?(?:[.,;)]|$| \(?{YEAR_DIGITS}(?!\d))"
#: A revision's or an update's date printed after a report's title with no mark: the word,
#: then the month's date ("...Naval Complex Regional Plan Revised May 1999."). No title ends
#: with the word before a month (``longer_titles`` reads a word before a month as the title's
#: own last word, but not this one).
REVISION_WORDS = "revised|updated|amended"
_REVISION_DATE = rf" (?:{REVISION_WORDS}){MONTH_OF_DATE}"
#: A number or code of four characters or more, perhaps after a short prefix: "...mail pieces
#: US6123456B2".
_NUMBER_OR_CODE = r" (?:[^\W\d_]{1,4} ?)?\d[\d,./-]{3,}"
#: A web domain that publishes the work, right after its title ("...Campaigning on the Internet
#: PoliticalInformation.com, 1999", "...Harbour Guide www.portlog.org."): a word joined to a
#: top-level domain by a full stop, no blank between. A title's word is not printed so; a
#: query that lacks the title's last word has that word before the domain.
_WEB_DOMAIN = r" (?:www\.)?[^\W_][\w-]*(?:\.[^\W_][\w-]*)*\.(?:com|org|net|edu|gov|info|int)(?![^\W_])"
#: A patent: "US Patent 6,123,456".
_PATENT = r" (?:us |u\.s\. )?pat(?:ent|\.)"
#: A publisher told by its word (``publishers``): one or two words of three letters or more
#: before a word that closes a name ("...Cambridge University Press", "...Relations Zed
#: Books:", "...Gyldendal Norsk Forlag"; not the word alone, nor after "in" or "of": a query
#: that lacks a title's last word "Books" or "Press" has that word, or "in Books", right
#: after it), a word that opens one before the name's first word ("...environnementale
#: Éditions Yvon Blais", "...Ensaios Editora Atlas"), or one word with a publisher's ending
#: ("...Sinn und Dialog BdWi-Verlag, Marburg", "...im Winter Eigenverlag, Husum").
_NAME_CLOSING_WORD = publishers.alternation(publishers.NAME_CLOSING_WORDS)
_NAME_OPENING_WORD = publishers.alternation(publishers.NAME_OPENING_WORDS)
_NAME_ENDING = publishers.alternation(publishers.NAME_ENDINGS)
_PUBLISHER_WORD = (rf" (?:[^\W\d_]{{3,}} ){{1,2}}(?:{_NAME_CLOSING_WORD})\b"
                   rf"| (?:{_NAME_OPENING_WORD}) (?=[^\W\d_])"
                   rf"| [^\W\d_][^\W_]+-?(?:{_NAME_ENDING})(?![^\W_])")
#: A contribution's container after "In:" (``IN_CONTAINER``): "Ideengeschichte der Integration
#: In: Name (Hrsg.)", "...Entscheidung zur Reformation In:, in: Nürnberg".
_CONTAINER_AFTER_COLON = " " + IN_CONTAINER.pattern
#: The abbreviations of words journals' names open with ("Phys.", "Geophys.", "Atmos."), none
#: a whole word a title ends with ("Earth.", "Mineral." are; "Infect." and "Dent." are words a
#: title seldom ends with): a field's ("Phys.", "Stud.",
#: "Hist."; medicine's fields: "Endod.", "Infect.", "Pediatr.", "Traumatol."), a journal's
#: kind ("Res.", "Mem.", "Adv."), or the nation or region it serves, as ISO 4 abbreviates
#: them ("Scand.", "Nord.", "Eur.", "Int.", "Am.", "Br.", "Jpn.").
_JOURNAL_WORD = (r"(?:proc|phys|nucl|ann|rev|lett|commun|trans|astrophys|astron|theor"
                 r"|fortschr|helv|prog|nuovo|sov|zh|math|chem|biol|acad|natl|sci|soc"
                 r"|geol|geophys|atmos|ecol|cosmet|environ|appl|oceanogr|meteorol|hydrol"
                 r"|quat|agric|zool|entomol|microbiol|biochem|biophys|physiol|pharmacol|psychol"
                 r"|neurosci|immunol|genet|toxicol|clin|exp|sociol|econ|philos|educ|crystallogr"
                 r"|stud|hist|polit|comput|med|mol|eng|res|mem|adv|curr|annu|tidskr|tidsskr"
                 r"|bull|boll|bol|biul|front|arch|cah|cuad|quad|jahrb|mitt|riv|rep|tijdschr|czas"
                 r"|scand|nord|eur|int|am|br|aust|jpn"
                 r"|endod|dent|infect|surg|anesth|cardiol|neurol|pediatr|paediatr|obstet|gynecol"
                 r"|ophthalmol|dermatol|radiol|oncol|urol|nephrol|gastroenterol|hepatol|rheumatol"
                 r"|orthop|orthod|periodontol|psychiatr|nutr|pathol|epidemiol|traumatol"
                 r"|endocrinol|virol|parasitol)")
#: The acronyms of the societies and the publishers that open their journals' names ("IEEE
#: Trans.", "SIAM J.", "ACM Comput.", "AIAA J."): before the abbreviation of a journal's word,
#: or "J.", which after them is no name's initial.
_SOCIETY_ACRONYM = r"(?:ieee|acm|siam|aiaa|asme|asce|aip|spie|ibm|jetp|iet|iee)"
#: The rest of a journal's name whose abbreviations linking words join ("Commun. in Soil Sci.
#: and Plant Anal."), read after its first abbreviation's full stop: up to four words or
#: abbreviations, each perhaps after a linking word (one at least: a run of plain words is
#: ``ABBREVIATED_VENUE``'s shorter shape), the last with its full stop, then the volume
#: (current-science: "...and Chromium Commun. in Soil Sci. and Plant Anal. 8: 751"). A
#: title's own word has no full stop before the volume: a query that lacks the title's last
#: word has that word before the journal's first abbreviation.
_LINK_WORD = r"(?:in|of|and|&|for|on)"
_LINKED_ABBREVIATIONS = (rf"(?=(?: [^\W\d_]{{1,9}}\.?){{0,4}}? {_LINK_WORD} )"
                         rf"(?: (?:{_LINK_WORD} )?[^\W\d_]{{1,9}}\.?){{1,4}}"
                         r"(?<=\.),? \d{1,4}(?![^\W_])")
#: An abbreviated journal name right after a title with no punctuation (physics styles:
#: "...axisymmetric sources Proc. R. Soc. A 269", "...Bose gas Phys. Rev. Lett. 130"): a
#: journal word's abbreviation, then another abbreviation; or then one to three words and the
#: volume's number, where the style strips the last abbreviation's full stop ("...the sea bed
#: Geol. Mag 137, 67-80", "...land cover change Geophys. Res. Lett 30, 1055", "...in copper
#: Phys. Rev 48.", or with a comma before the volume: "...and bird habitat Ecol. Soc, 14,
#: 22"), or up to four with linking words between them (``_LINKED_ABBREVIATIONS``). A
#: title's own word has no full stop before the volume: a query that lacks the title's last
#: word has that word before the journal's (``longer_titles`` reads it so). A
#: journal word's abbreviation right before a number is a name's last ("...Oral
#: Administration Life Sci. 39: 819"), no name's opening. "Proc." opens a conference's
#: name before its year, or before up to three words of any length and a number ("...Nonlinear
#: Filtering Proc. 2004 SPIE Conference", "...Demand Management Proc. WaterSmart Innovations
#: 2010"): no title ends with it. A society's acronym opens a journal's name before a journal
#: word's abbreviation or "J." ("...on GPU IEEE Trans. Nucl. Sci, 58", "...kelp canopies SIAM
#: J. Appl. Math 58"): no title ends with the acronym before them.
ABBREVIATED_VENUE = (rf" (?:{_SOCIETY_ACRONYM} (?:j|{_JOURNAL_WORD})|{_JOURNAL_WORD}) ?\."
                     r"(?: ?[^\W\d_]{1,9} ?\."
                     r"| ?[^\W\d_]{1,9}\.?(?: [^\W\d_]{1,9}\.?){0,2},? \d{1,4}(?![^\W_])"
                     rf"|{_LINKED_ABBREVIATIONS})"
                     rf"| proc\.(?: [^\W\d_]+){{0,3}} \d")
#: A word's comma, then a venue's abbreviations (``ABBREVIATED_VENUE``), read from the end of
#: one capitalised word run on after a title: a container whose name opens with that word
#: ("...Membrane Process Post-Treatment Supplement, Proc. 1993 Membrane Technology Conf",
#: institute-of-physics-numeric) where the list runs titles straight into their containers
#: (``capitals.prints_titles_into_containers``). ``undecided_ends`` reads it so: in a style
#: that prints a comma after a title, a title's own last word prints the same, so the end
#: stays uncertain.
VENUE_AFTER_COMMA = re.compile(rf",(?:{ABBREVIATED_VENUE})")
#: The full stops of a journal's abbreviations printed before their words, after a blank, as
#: some records print them ("...discrete harbour model Electron .J .Diff .Equ 19", "...Towns
#: Quart .J. Roy. Meteor. Soc"), read from the end of the journal's first word: a full stop
#: joined to an abbreviation that opens no journal's name of its own (``ABBREVIATED_VENUE``'s
#: words), then one more full stop. ``undecided_ends`` reads it after one capitalised word run
#: on after a title: a title's own last word prints so too, its full stop after a blank, before
#: a journal's "J." ("...of the Harbour Towns .J .Coast .Res"), so the end stays uncertain.
STOPS_BEFORE_ABBREVIATIONS = re.compile(
    rf" \.(?!(?:{_SOCIETY_ACRONYM}|{_JOURNAL_WORD})(?![^\W_]))[^\W\d_]{{1,9}} ?\.")
#: The words that open a journal's name by naming its kind, written out, in the languages the
#: styles print ("Revue d'histoire ...", "Zeitschrift für ...", "Bulletin of ...", "Annales
#: de ..."); ``_JOURNAL_WORD`` holds their ISO 4 abbreviations ("Bull.", "Front.", "Arch.").
#: Not the kinds a title ends with as its own word too ("...Harbour Studies", "...New
#: Frontiers", "...A Book Review", "...Colonial Archives", "...Field Journal", "...Financial
#: Transactions", "...in Criminal Proceedings", "...Letters", "...Notes").
_SERIAL_KIND_WORDS = (r"revue|revista|rivista|revija|zeitschrift|tidsskrift|tidskrift|tijdschrift"
                      r"|czasopismo|casopis|bulletin|boletin|bollettino|biuletyn|annales|annali"
                      r"|anales|anais|annals|cahiers|cuadernos|quaderni|jahrbuch"
                      r"|acta|mitteilungen|berichte")
#: The kinds of a container's name a title in title case may end with too (``_SERIAL_KIND_WORDS``
#: leaves them out), and the serial kinds: printed with a capital right after a title's last
#: word in lower case, a sentence-case title's, such a word opens the container's name
#: ("...for Indonesian volcano Proceedings -, 2015 4th International Conference on ..."):
#: ``undecided_ends`` reads it so. A title in sentence case prints its own last noun in lower
#: case; a proper noun there ("...in the Canadian Journal") keeps the end uncertain.
CONTAINER_KIND_WORD = re.compile(
    rf"(?:proceedings|journal|transactions|review|letters|studies|reports|papers|advances"
    rf"|{_SERIAL_KIND_WORDS})")
#: A journal's name opened by such a word right after a title with no punctuation, then its
#: volume, its pages or its year: up to 150 characters of words (apostrophes, hyphens, an
#: abbreviation's full stop, a comma between them) before the first digit ("...À l'ombre
#: d'Elohim Revue d'histoire et de philosophie religieuses, 368–391", "...religieuses:368–391.",
#: "...Lernens Zeitschrift für Heilpädagogik 12:38–45"). A query that lacks the title's last
#: word has that word before the journal's: only a title that ends with the kind's word prints
#: the shape so.
_JOURNAL_OPENED_BY_KIND = (rf" (?:{_SERIAL_KIND_WORDS})(?![^\W_])"
                           r"(?=(?:[^\W\d_]|['\u2019.-]|[ ,] ?(?=[^\W\d_])){0,150}[,:;]? ?\(?\d)")
#: A contribution's container opened by "in" with no colon after it ("...as Teaching In Academic
#: Advising: A Handbook for Advisors", "...mixing In Proceedings of the Ocean Workshop", "...dunes
#: in J. Lee (eds.), Coastal Forms", "...walls In Coastal Engineering, ed. by M. Berg"): the word
#: "in", and before the container's first sentence end (a full stop after an initial is none)
#: an editor's role, or a word only a container's name holds as the first word after "in" or
#: after a subtitle's colon, or a book's word as the second word of a subtitle after the
#: container's full stop (``_CONTAINER_SUBTITLE``). A title that goes on with "in" ("Deep
#: learning in medicine. Nature", "Harbour walls in coastal workshop sheds") holds neither.
_CONTAINER_WORDS = (r"proceedings|proc\.|handbook|handbuch|encyclopa?edia|companion|conference"
                    r"|symposium|workshop|congress|colloquium|yearbook|jahrbuch|festschrift"
                    r"|anthology|sammelband|actes|atti|anais|anales")
_EDITED = (rf"\((?:{EDITOR_ROLE})\)|(?<![^\W_])(?:eds?|edd|hrsg|hgg?|dir|coords?)\.(?= |,|$)"
           r"|(?<![^\W_])eds? (?=[^\W\d_]\.? )|edited by|herausgegeben von|a cura di")
_UP_TO_SENTENCE_END = r"(?:[^.?!]|(?<![^\W_]{2})\.)"
_ARTICLE = r"(?:the|a|an|der|die|das|le|la|les|el|il) "
_IN_WORD = r"(?:in|en|dans|im)"  # the word that opens a contribution's container
_CONTAINER_HEAD = rf"(?:{_ARTICLE})?(?:{_CONTAINER_WORDS})(?![^\W_])"
#: The subtitle of a book holding a contribution, after its title's full stop: one word, then
#: a word only a book's name holds ("...in Entwicklung und Lernen. Enzyklopädisches Handbuch
#: der Behindertenpädagogik", "...in Harbour Work. The Oxford Handbook of Ports"). Not an
#: event's word, nor one right after the full stop: a title that goes on with "in" is printed
#: so before a container with no "in" ("Selenium toxicity in rats. Symposium: ...", "...in
#: Bedford. Proceedings of the ...", "...in medicine. International Conference on ..."), nor
#: the word for "in" that opens the container after a title going on with "in" ("Gender in
#: der Pädagogik. In Handbuch Gender ...").
_BOOK_WORDS = r"handbook|handbuch|encyclopa?edia|companion|yearbook|jahrbuch|festschrift"
_CONTAINER_SUBTITLE = rf"\. (?:{_ARTICLE})?(?!{_IN_WORD} )[^\W\d_]+ (?:{_BOOK_WORDS})(?![^\W_])"
_CONTAINER_IN = (rf" {_IN_WORD} (?:{_CONTAINER_HEAD}|(?={_UP_TO_SENTENCE_END}{{0,100}}?"
                 rf"(?:[:,] {_CONTAINER_HEAD}|{_CONTAINER_SUBTITLE}|{_EDITED})))")
#: The pages right after a title with no punctuation, and their full stop: "p." or "pp." and a
#: page or a range, as ``entry_grammar.PAGES`` reads them, or German "S." (Seite) as German
#: styles print them (soziologie: "...L'homéopathie en dermatologie S. 552."). A query that
#: lacks the title's last word has that word before the pages. ``capitals`` reads them before
#: the paragraph's end too (``PAGES_AFTER_TITLE``).
_PAGES_AFTER_TITLE = rf" (?:pp?|s)\. ?\d+(?:{RANGE_DASH}\d+)?\."
PAGES_AFTER_TITLE = re.compile(_PAGES_AFTER_TITLE)
#: A chapter's pages, then "In:" and its book (``IN_CONTAINER``; journal-of-threatened-taxa:
#: "...Harbour Songs pp. 303–321. In: Coastal Hymns", "...Behold the Quay p. 254. In: Lyra").
_CHAPTER_PAGES_BEFORE_BOOK = rf"{_PAGES_AFTER_TITLE} {IN_CONTAINER.pattern}"
#: A book's page or pages after "p" or "pp" with no full stop, then the bracketed year, the
#: entry's last field (indian-journal-of-physics: "...University Press Publishing p 133
#: (1970).", "...northern spotted owls: 1985–2008 pp 1–118 (2011)."). A sentence puts no
#: page and year after its words so.
_UNDOTTED_PAGES_AND_YEAR = rf" pp? \d+(?:{RANGE_DASH}\d+)? \({YEAR_DIGITS}[a-z]?\)\."
#: A book's pages, then the entry's end, perhaps after the place of one or two words and its
#: full stop (transboundary-and-emerging-diseases: "...L'homéopathie en dermatologie p. 552.
#: Moulins-lès-Metz.", a style that prints "Title p. Pages. Place."), perhaps after a volume's
#: bare number (harvard-durham-university-business-school: "...University Press Publishing 1
#: p.133."), or the undotted pages and the year above.
_PAGES_CLOSING_ENTRY = (rf"(?:(?: \d{{1,4}})?{_PAGES_AFTER_TITLE}(?: {NAME}(?: {NAME})?\.)?"
                        rf"|{_UNDOTTED_PAGES_AND_YEAR}){NEXT_ENTRY_OPENING}")
#: A volume number and its date in brackets after a journal's or a series' title run into it
#: ("University Press Publishing 1 (zp 1970) 133", "Harbour Studies 12 (2001), 5-17").
_VOLUME_AND_DATE = rf" \d{{1,4}},? \([^()]{{0,12}}(?<![\d]){YEAR_DIGITS}[a-z]?\)"
#: A volume or issue mark and its number ("...Publishing Vol. 1, p. 133", "...Publishing Bd. 1,
#: S. 133", "...Harbour Studies No. 12", "...Histoire Tome II", "vol" with no full stop as
#: institute-of-physics styles print it: "...Publishing vol 1"), or a volume's bare number and
#: its year after a comma ("...Les Lythrariées italiennes 16, 1884."): the title's last word
#: is right before them; a query that lacks it has that word before the mark. The abbreviated
#: marks (``entry_grammar.VOLUME_ABBREVIATIONS``, each before its full stop) are read in a
#: bracket after a title too (``words``). The bare number may have its publisher (up to three
#: words) between it and the year, each after a comma (vita-latina: "...Démographie et
#: sexualité 2, INED, 2002.").
_VOLUME_MARK = (rf" (?:(?:{VOLUME_ABBREVIATIONS})\. ?"
                r"|(?:volume|vol|band|tome|tomo|heft|issue|number) )(?:\d{1,4}|[ivxlc]{1,6})\b")
_VOLUME_AND_YEAR = rf" \d{{1,3}}, (?:{NAME}(?: {NAME}){{0,2}}, )?\(?{YEAR_DIGITS}(?!\d)"
#: A publisher known by its name (``publishers``): one no title ends with as an ordinary word,
#: whatever follows it ("The Lost Manual Addison-Wesley, 1990", "...der Universität Bremen
#: Lehmanns, Berlin", "...International Relations Zed Books: London", "...Type and Typography
#: Laurence King, 2005"); or one that is an ordinary word too, before its field: a publishing
#: city after its punctuation, a year, or its series after a comma, opened by the word for
#: "collection" ("...Moral Reasoning Fortress. Minneapolis:", "...Sociology Polity, 1991",
#: "...par Roland Barthes Seuil, coll. « Traces écrites »": ``_SERIES_WORDS``).
_SERIES_WORDS = r"coll|collection|collana|coleccion|colecao"
_KNOWN_PUBLISHERS = (
    rf" (?:(?:{publishers.alternation(publishers.DISTINCT_NAMES)})(?![^\W_])"
    rf"|(?:{publishers.alternation(publishers.COMMON_WORD_NAMES)})"
    rf"(?:[.,:;] (?:{places.PUBLISHING_CITIES})(?![^\W_])|[.,;]? \(?{YEAR_DIGITS}(?!\d)"
    rf"|, (?:{_SERIES_WORDS})(?![^\W_])))")
#: A publisher's name told by its words or listed (``_PUBLISHER_WORD``, ``_KNOWN_PUBLISHERS``),
#: from its blank: "...d'un concept Editions Labor, Bruxelles.", "...Other Writings Cambridge
#: University Press, New York.", "...Works of Shakespeare Longman, New York." ``capitals``
#: reads a list's habit of printing "Title Publisher" from those run straight after a word.
PUBLISHER_NAME = re.compile(rf"{_PUBLISHER_WORD}|{_KNOWN_PUBLISHERS}")
#: A word an organisation's name holds before "for" or "of", in the languages of the styles'
#: records, folded as the text is (accents off), perhaps its "national" or "superior" between:
#: "...Teaching Society for the Teaching of Psychology.", "...recognition Swiss Federal
#: Institute of Technology.", "...Raccolta Di Scritti Istituto per l'Oriente: Roma",
#: "...Institut für Meereskunde", "...Instituto Nacional de Estadística".
_ORGANISATION_WORD = (
    r"(?:society|association|institute|council|academy|federation|foundation|university"
    r"|centre|center|agency|ministry|department|commission"
    r"|istituto|instituto|institut|societa|sociedad|societe|gesellschaft|accademia|academia"
    r"|akademie|universita|universidad|universidade|universite|universitat|centro|ministerio"
    r"|ministero|ministere|ministerium|agencia|agenzia|agence|fondazione|fundacion|fundacao"
    r"|fondation|stiftung|consiglio|consejo|conselho|conseil|commissione|comision|comissao)"
    r"(?: (?:nazionale|nacional|nationale|national|superiore|superior|superieur))?"
    r" (?:for|of|per|di|della|dei|delle|de|del|des|du|da|do|dos|das|para|pour|fur|der) ")
#: A word of the kind a public body's name opens with before its word ("Central Agency of",
#: "National Institute for", "Royal Society of"): listed, since after a title in title case the
#: capitals cannot tell it from the title's last word.
_ORGANISATION_OPENING = (r"(?:central|national|federal|state|regional|international|european"
                         r"|royal) ")
#: An organisation's name opening the field after a title, its word first, perhaps after one
#: such opening word and perhaps one word before that ("Swiss Federal Institute of"; the
#: organisation that publishes a website, a series, a report or a thesis): a query that lacks
#: the title's last word has that word before the organisation's. The word before the opening
#: one is read as the name's, not the title's: a query lacking a title's last word right
#: before such a name ("...in Figures Central Agency of" for "...in") is read as the title.
_ORGANISATION = rf" (?:the )?(?:(?:{NAME} )?{_ORGANISATION_OPENING})?{_ORGANISATION_WORD}"
#: ... or up to three words before its word ("Swiss Federal Institute of"): ``capitals`` reads
#: the capital that opens them after a title's last word in lower case.
ORGANISATION_NAME = re.compile(rf"(?:{NAME} ){{0,3}}{_ORGANISATION_WORD}")
#: A journal whose name is one word right after a title in any case, then either its full
#: stop and Vancouver's date (the year, perhaps its month, then a semicolon before the volume
#: or a colon before the pages: "...Albert Schweitzer Hintergrund. 1992;5:28-35", "...Clearwater
#: East Crater Meteoritics. 1997;32", "...Nyimbo Mpya RTD Majira. 1995:9-10"), or its comma,
#: then its volume and a comma before its pages or its year in brackets, or its pages after
#: "p." or "pp." and the year in brackets (interaction-design-and-architectures: "...Century
#: Notes: Gunflints Kewa, 82, (1982)", "...Bila Vyombo Haitatimia Majira, pp. 7 (2002)"), or
#: a colon joined to it and its pages (rhodora: "...of harbour towns Portus:18–22."), not a
#: span of years ("...Modern Europe:1900–1939" closes a title). One word: a query that
#: lacks the title's last word has that word before the journal's, two words before the
#: mark. (Such a word is not read as the title's own last word: the first word of a
#: journal's name of two words stands there too, "...the sea bed Geol Mag. 2000;137".) The
#: volume is no year, and pages after "p." or "pp." need the bracketed year: a style that
#: prints a book's year and pages after its title ("...University Press Publishing, 1970, p.
#: 133.") has the title's last word there.
_VANCOUVER_DATE = rf"\. ?{YEAR_DIGITS}(?: [^\W\d_]{{3}}(?: \d{{1,2}})?)? ?[;:] ?\d"
_ONE_WORD_JOURNAL = (rf" {NAME}(?:{_VANCOUVER_DATE}"
                     rf"|, (?:\d{{1,3}}, (?:pp?\. ?\d|\({YEAR_DIGITS}\))"
                     rf"|pp?\. ?\d+(?:{RANGE_DASH}\d+)? \({YEAR_DIGITS}\))"
                     rf"|:(?!{YEAR_SPAN})\d+{RANGE_DASH}\d+(?!\d))")
#: A journal's name of one word, its comma, its volume and a comma (the comma forms of
#: ``_ONE_WORD_JOURNAL`` and ``ONE_WORD_JOURNAL_AND_PAGES``), or its full stop and Vancouver's
#: date (``_VANCOUVER_DATE``): ``superset`` reads it after the first of the capitalised words
#: run on after a title as readily the second word of a journal of two ("...The Antisocial
#: Network Psychology Today, 49, (2016)", "...The Antisocial Network Psychology Today.
#: 2016;49").
JOURNAL_WORD_AND_VOLUME = re.compile(rf" {NAME}(?:, \d{{1,3}}, |{_VANCOUVER_DATE})")
_OTHER_FIELDS = (
    ABBREVIATED_VENUE, *PLACE_FIELDS,
    _DASH_BEFORE_WORD, _DASH_AFTER_WORD,
    _EDITION, _YEAR_FIELD, MONTH_OF_DATE, _REVISION_DATE, _NUMBER_OR_CODE, _PATENT, _WEB_DOMAIN,
    _PUBLISHER_WORD,
    _CONTAINER_AFTER_COLON, _CONTAINER_IN, _CHAPTER_PAGES_BEFORE_BOOK, _PAGES_CLOSING_ENTRY,
    _VOLUME_AND_DATE, _VOLUME_MARK, _VOLUME_AND_YEAR, _KNOWN_PUBLISHERS, _ORGANISATION,
    _JOURNAL_OPENED_BY_KIND)
#: The field a title runs into, any of the shapes above, read right after the title's last
#: word: ``verify`` reads the words after a hit there as another field's, not the title's.
NEXT_FIELD = re.compile("|".join((*_OTHER_FIELDS, _ONE_WORD_JOURNAL)))
#: ... and the same, split in two: ``lower_case_runs.next_field`` reads the one-word journal's
#: word in the print's capitals (a journal's name has one), the other shapes as they are.
NEXT_FIELD_BUT_ONE_WORD_JOURNAL = re.compile("|".join(_OTHER_FIELDS))
ONE_WORD_JOURNAL = re.compile(_ONE_WORD_JOURNAL)
# The rest of an entry after a title that runs into it, read as the entry's own publication
# data up to the entry's end (``capitals`` reads the capital that starts it and the title's case).
#: A journal's volume right after a title the style prints with no mark and no journal's name
#: (science-china-earth-sciences: "...2016. The Antisocial Network 49.", "...1993. Entropy and
#: area 71, 666–669."): the volume's number, perhaps its issue in brackets, then its pages
#: after a comma or a colon, or the full stop before the next entry's opening, perhaps after
#: the pages printed after a blank (operative-dentistry: "...(1970) Harbour Silt Budgets 12
#: 44. 30. Okafor N"). A query that lacks the title's last word has that word before the
#: number.
VOLUME_CLOSING_ENTRY = re.compile(
    rf" \d{{1,4}}(?: ?\(\d{{1,4}}\))?(?:[,:] ?\d+(?:{RANGE_DASH}\d+)?(?![\d.,:]\d)"
    rf"|(?: \d+(?:{RANGE_DASH}\d+)?)?\.{NEXT_ENTRY_OPENING})")
#: A container right after a title (a journal's, a book's or a conference's name, up to 150
#: characters: no digit, no punctuation but an apostrophe or a hyphen), then its year and pages
#: ("...du semblable L'Homme, 2008, pp. 455–477"), its volume and pages after commas, the pages
#: marked or not ("...of beaver Proceedings of the Annual Conference of the Western Association
#: of State Game and Fish Commissioners, 41, pp. 181–184", "..., 41, 181–184"), its volume,
#: perhaps its issue, and pages ("...nominal tone Africana Linguistica 16 3–30", "...Harbour
#: Studies 12(3): 5-17"), or, perhaps after its full stop, its year, a semicolon and its volume
#: (Vancouver: "...l'objectivité scientifique Communication. 2006;149:97-111", "...nominal tone
#: Africana Linguistica 2010; 16:3–30"). Before that date, whose semicolon no title prints, or
#: before a volume and its pages with no comma between, the name may hold commas between its
#: words ("...at the boundary Palaeogeography, Palaeoclimatology, Palaeoecology 2007;255:4–21",
#: "... 255:4–21", "... 255 4–21": a style that prints no punctuation between volume and
#: pages prints none after a title either); not before a volume, a colon and a blank, or a
#: volume and pages after commas, where a comma may close the title ("...and the church
#: Bell, Nordic Review 4: 5–19"). ``capitals`` reads its first word.
_CONTAINER_NAME = r"[^\W\d_](?:[^\W\d_]|['\u2019-]|(?<=[^\W\d_])%s (?=[^\W\d_])){0,150}"
CONTAINER_WITH_ISSUE = re.compile(
    rf"{_CONTAINER_NAME % ''}"
    rf"(?:, \(?{YEAR_DIGITS}\)?, (?:pp?\. ?)?\d+{RANGE_DASH}\d+"
    rf"|, \d{{1,4}}, (?:pp?\. ?)?\d+{RANGE_DASH}\d+"
    rf"| \d{{1,4}}(?: ?\(\d{{1,4}}\))?:? \d+{RANGE_DASH}\d+)(?!\d)"
    rf"|{_CONTAINER_NAME % ',?'}(?:\.? {YEAR_DIGITS}; ?\d{{1,4}}"
    rf"| \d{{1,4}}(?::|(?: ?\(\d{{1,4}}\))? )\d+{RANGE_DASH}\d+)(?!\d)")
#: ... or a container whose name holds commas, its volume after a blank or a comma, a comma
#: and its pages ("...at the boundary Palaeogeography, Palaeoclimatology, Palaeoecology 255,
#: 4–21", south-african-actuarial-journal; "...Palaeoecology, 255, 4–21"): a comma may close a
#: title there too ("...and the church Bell, Nordic Review 4, 5–19"), so ``capitals`` reads it
#: only in a list that runs other titles straight into their containers.
CONTAINER_WITH_COMMAS_TO_VOLUME_AND_PAGES = re.compile(
    rf"{_CONTAINER_NAME % ',?'},? \d{{1,4}}, (?:pp?\. ?)?\d+{RANGE_DASH}\d+(?!\d)")
#: A container with no comma in its name, then its volume right after its last word, perhaps
#: its issue, and its pages, the colon joined to them or not ("...Lernbehinderung
#: Behindertenpädagogik in Hessen 12:38–45", "...Harbour Studies 12(3): 5-17"):
#: ``undecided_ends`` reads it after one capitalised word run on after a title, whose capital
#: it cannot tell from the title's own last word (a German title's noun). Not the shapes of
#: ``CONTAINER_WITH_ISSUE`` with commas: a title's own last word and a book's title print so
#: before a chapter's volume and pages ("...Seafaring Studies in Coastal Trade, 58, pp. 1–20").
_VOLUME_AND_PAGES = rf" \d{{1,4}}(?: ?\(\d{{1,4}}\))?(?:: ?| )\d+{RANGE_DASH}\d+(?!\d)"
CONTAINER_VOLUME_AND_PAGES = re.compile(rf"{_CONTAINER_NAME % ''}{_VOLUME_AND_PAGES}")
#: A journal's name after the colon that closes its first word, up to its volume after a comma
#: or a blank, or Vancouver's year, a semicolon and the volume, with no pages
#: (tropical-animal-health-and-production, south-african-actuarial-journal,
#: journal-of-prosthodontics: "...part I: The Rx6-Method Voices: A World Forum for Music
#: Therapy, 17", "...Therapy 17", "...Therapy 2017;17"), read from the end of that first word.
#: ``undecided_ends`` reads it after one capitalised word run on after a title where the entry
#: ends after the volume: a title's own last word before a journal a style prints after a
#: colon prints so too ("...Harbours of the Coastal [Towns]: Fjord Review, 12"), so the end
#: stays uncertain. The volume is no year: a subtitle and a book's year print so ("...Markets
#: Revisited: Lagos Traders, 1994.").
COLON_AND_CONTAINER_TO_VOLUME = re.compile(
    rf": {_CONTAINER_NAME % ''}(?:,? {_NOT_A_YEAR}| {YEAR_DIGITS}; ?)\d{{1,4}}"
    r"(?![^\W_])")
#: A book's further words after the colon or the comma that closes its first word, up to the
#: book's full stop and its blank: its subtitle, or the rest of a name that holds commas and
#: perhaps its own subtitle's colon; capitalised words and words in lower case, no digit and
#: no mark but commas and colons among them (hydrobiologia: "...the Wish to Have Children
#: Individualization: Institutionalized Individualism and its Social and Political
#: Consequences. Sage, London: 119–128.", "...judgments of well-being Choices, Values and
#: Frames. Cambridge University Press, New York."; canadian-journal-of-physics: "...the Black
#: Body Knowledge, Power and Practice: The Anthropology of Medicine and Everyday Life.
#: University of California Press, Berkeley. pp 305–29."), read from the end of that first
#: word. ``undecided_ends`` reads it after one capitalised word run on after a title where a
#: publisher, its seat and the chapter's pages close the entry (a book prints no pages there,
#: so the field is a chapter's book), or, after a title's last word in lower case, a publisher
#: and its seat alone (a title without its last word has one word there before its closing
#: mark); a title's own last word before its subtitle prints so too, so the end stays
#: uncertain.
BOOK_REST_TO_FULL_STOP = re.compile(rf"[:,] {NAME}(?:[,:]? {NAME}){{0,20}}\. ")
#: ... and the book's subtitle after that full stop, the same words up to its own: "...Word,
#: Image, Number. Communication in the Middle Ages. Firenze: 43–83." (hydrobiologia).
#: ``undecided_ends`` reads it only where the book's first full stop is not followed at once
#: by what closes the entry.
BOOK_SUBTITLE_TO_FULL_STOP = re.compile(rf"{NAME}(?:,? {NAME}){{0,20}}\. ")
#: A chapter's book after the comma or the colon of its first word, run up to the chapter's
#: pages marked "pp." after a comma or a full stop, with no digit before them (a volume's, a
#: year's): health-and-social-care-in-the-community, interaction-design-and-architectures
#: ("...Harbour Towns Coasts, Tides and Trade. Ports in the North Sea, pp. 43–83",
#: "...Fishing Fleets Seafaring: Boats and Crews in the North, pp. 119–128"). Not "In", which
#: opens a book in any style; not "p." before a range, as palaios prints a journal's pages
#: after a title closed by its colon ("...Economy. Book Review: English Historical Review, p.
#: 743–745"). ``undecided_ends`` reads it after one capitalised word run on after a title, whose
#: capital it cannot tell from the title's own last word.
BOOK_TO_CHAPTER_PAGES = re.compile(
    rf"[,:] (?!in\b)[^\W\d_][^\d]{{0,150}}?[,.] pp\. ?\d+{RANGE_DASH}\d+")
#: ... or a chapter's book whose first word a word in lower case follows, after a blank, run
#: up to the chapter's pages the same way ("...Kinds of Harbour Work Studies in Coastal
#: Trade: Ports, Tides, pp. 1–20", "...Häfen und Küstenstädte Geschichte der Seefahrt. pp.
#: 82–90"), read from that blank. ``undecided_ends`` reads it after one capitalised word run on
#: after a title too: a title without its last word has that word there only where a word
#: in lower case follows the title in its entry ("...Lose Fishing Fleets in Coastal Review,
#: pp. 43–83").
BOOK_GOING_ON_TO_CHAPTER_PAGES = re.compile(
    rf" [^\W\d_][^\d]{{0,150}}?[,.] pp\. ?\d+{RANGE_DASH}\d+")
#: A character of a chapter's book's first field: no field mark, no digit and no closing quote
#: (a title's own "...Quantum entanglement in condensed matter systems »" runs on there; the
#: apostrophe that prints as a closing quote, a letter right after it, is none: "...in
#: L’Année sociologique").
_BOOK_FIELD_CHARACTER = r"(?:[^,;.\d\u00bb\u201d\u2019\"]|\u2019(?=[^\W\d_]))"
#: The word "in" a style prints with no punctuation before a chapter's book, perhaps before the
#: record's own "in:", then the book's first letter: read by the patterns below and by
#: ``title_edges`` (a book alone up to the entry's end).
CHAPTER_BOOK_OPENING = r" in (?:in: ?)?[^\W\d_]"
#: A chapter's range of pages closing its entry, perhaps after a comma: "..., p. 1‑20.".
_CHAPTER_PAGES_CLOSING = rf",? pp?\. ?\d+{RANGE_DASH}\d+\."
#: A book's fields after its first, no digit among them (a journal's volume, a year) and their
#: full stops only after an abbreviation of three letters at most ("St. Louis"), up to the
#: chapter's pages and their full stop.
_BOOK_FIELDS_TO_PAGES = rf"(?:[^.\d]|(?<![^\W\d_]{{4}})\.){{0,200}}?{_CHAPTER_PAGES_CLOSING}"
#: The word "in" a style prints with no punctuation between a chapter's title and its book,
#: perhaps before the record's own "in:", the book's first field holding no "in" of its own (a
#: title's own "...Infants in Montreal Between the Wars in Caring and Curing" runs on there),
#: then its fields up to the chapter's pages (gallia-prehistoire: "...Ideengeschichte der
#: Integration in Handlexikon der Integrationspädagogik, Bochum/Freiburg, projekt verlag, p.
#: 82‑90.", "...Entscheidung zur Reformation in in: Nürnberg - Geschichte einer europäischen
#: Stadt, München, p. 146‑154."). ``title_edges`` reads it after a short title: a sentence runs
#: no book's fields up to a range of pages.
CHAPTER_IN_BOOK_TO_PAGES = re.compile(
    rf"{CHAPTER_BOOK_OPENING}(?:(?! in ){_BOOK_FIELD_CHARACTER}){{0,100}},{_BOOK_FIELDS_TO_PAGES}")
#: A chapter as a list prints it "Title in Book, ..., p. 1‑20.", its book's fields read
#: loosely: a subtitle's or an editor's full stop may stand among them, no digit before the
#: pages ("...im internationalen Vergleich in Begegnung und Differenz: Menschen – Länder –
#: Kulturen. Beiträge zur Heil- und Sonderpädagogik, Bad Heilbrunn, Klinkhardt, p. 99‑112.").
#: ``title_edges`` counts these for the list's habit of printing chapters so; no title's end
#: is read from it.
CHAPTER_IN_BOOK_HABIT = re.compile(rf"{CHAPTER_BOOK_OPENING}\D{{0,300}}?{_CHAPTER_PAGES_CLOSING}")
#: The same chapter's book, its first field holding an "in" of its own ("...Varieties of
#: Childhood in Studies in Modern Childhood: Society, Agency, Culture, Houndsmills, Palgrave
#: Macmillan, p. 1‑20."): the print cannot tell the chapter's "in" from the title's own, so
#: ``title_edges`` reads it only in a list that prints other chapters so, and the title's end
#: stays uncertain.
CHAPTER_IN_BOOK_HOLDING_IN_TO_PAGES = re.compile(
    rf"{CHAPTER_BOOK_OPENING}{_BOOK_FIELD_CHARACTER}{{0,100}},{_BOOK_FIELDS_TO_PAGES}")
#: A journal whose name is one word, its comma, its volume, a comma and its pages with no mark
#: ("...Clearwater East Crater Meteoritics, 32, 761–7", "...and antiphospholipid antibodies
#: Rheumatology, 48, 1003–1007": tropical-animal-health-and-production). ``capitals`` reads it
#: only where the word is printed with a capital: a style that prints no container prints a
#: title's own last word so too ("...a randomized controlled study, 36, 543–549."). A range
#: that opens with a year is a span of years, none.
ONE_WORD_JOURNAL_AND_PAGES = re.compile(
    rf"{NAME}, \d{{1,3}}, (?!{YEAR_DIGITS}{RANGE_DASH})\d{{1,5}}{RANGE_DASH}\d{{1,5}}(?!\d)")
#: A journal whose name is one word, then one number, its volume or its single page, or its
#: pages' range where no volume is printed, after a comma or joined to a colon
#: (tropical-animal-health-and-production: "...Notes: Gunflints Kewa, 82", "...and
#: Objectification Poetry, 269", "...Hopes and Fear Zodiac, 24–35"; rhodora: "...and
#: Objectification Poetry:269."). ``undecided_ends`` reads it where the word is printed with a
#: capital and the entry ends right after the number, as a title end the text cannot decide:
#: a style that prints no container prints a title's own last word and a report's or a
#: volume's number so too ("...Global Climate Change Projections, 3.", "...Projections,
#: 3–17."). Not a year nor a span of years ("...Social Order Polity, 1991" is a publisher's,
#: ``_KNOWN_PUBLISHERS``), nor pages after a closing quote: a style that quotes a title closes
#: it so before the pages of an entry that prints no container ("...for Policy Makers’,
#: 1–5."). Or the journal's year, then
#: its volume after a semicolon or its pages after a colon, where a style prints no full stop
#: after the journal (journal-of-prosthodontics: "...Sincerity and Objectification Poetry
#: 1931:269"). The range may follow the colon after a blank and go on with the year after
#: its comma (asaio-journal: "...Kurekodi Nyimbo Mpya RTD Majira: 9–10, 1995"): where no
#: container is printed, a title's own last word prints so too, as before the pages alone.
#: Not a range that ends with a year before it: a span of years ("...the Millennium of the
#: Benedictine Abbey, 998-1998, 2005").
ONE_WORD_JOURNAL_AND_NUMBER = re.compile(
    rf"{NAME}(?<!['\u2019])(?:, |: ?){_NOT_A_YEAR}\d{{1,4}}{RANGE_DASH}"
    rf"(?:{_NOT_A_YEAR}\d{{1,4}}, {YEAR_DIGITS}|\d{{1,4}})(?![^\W_])"
    rf"|{NAME}(?:, |:){_NOT_A_YEAR}\d{{1,4}}(?![^\W_])"
    rf"|{NAME} {YEAR_DIGITS}[;:] ?\d{{1,4}}(?:{RANGE_DASH}\d{{1,4}})?(?![^\W_])")
#: A chapter's book of one word, its comma and the chapter's pages with their mark and their
#: full stop (health-and-social-care-in-the-community: "...in the Age of Mechanical
#: Reproduction Illuminations, pp. 217–252. Schoken Books, New York.", a style that runs a
#: chapter's title into its book). ``undecided_ends`` reads it after one capitalised word run
#: on after a title, where the entry ends after the pages or its publication data close it: a
#: title's own last word prints before a comma and pages where a style prints no book, then
#: the book ("...Reproduction, p. 217–252. Illuminations.") or "In:" and the book.
ONE_WORD_BOOK_AND_CHAPTER_PAGES = re.compile(rf"{NAME}, pp?\. ?\d+{RANGE_DASH}\d+\.")
#: A chapter's pages after the place and the publisher in brackets that follow its book, "pp"
#: perhaps with no full stop (institute-of-physics-harvard, a chapter with no editor: "...in
#: the Age of Mechanical Reproduction Illuminations (New York: Schoken Books) pp 217–52").
#: ``undecided_ends`` reads it after such a bracket (``place_fields``'
#: ``bracketed_place_and_publisher_end``) where the entry ends after the pages.
CHAPTER_PAGES_AFTER_BRACKET = re.compile(rf" pp?\.? ?\d+{RANGE_DASH}\d+(?!\d)")
#: A journal whose name is one word, its comma and the year in brackets, where a style prints
#: no volume (interaction-design-and-architectures: "...keys of a gamespace Kinephanos,
#: (2016)"). ``undecided_ends`` reads it only after a title's last word printed in lower case,
#: where the entry ends after the year: such styles print a book with no publisher so, a
#: title in title case with its own last word before the comma ("...Spacetimes and Riemannian
#: Manifolds, (1999)").
ONE_WORD_JOURNAL_AND_YEAR = re.compile(rf"{NAME}, \({YEAR_DIGITS}\)")
#: ... or its full stop and the year, where Vancouver's style prints no volume after the year
#: (journal-of-brachial-plexus-and-peripheral-nerve-injury: "...Incarceration & social
#: inequality Dædalus. 2010"). ``undecided_ends`` reads it after a title's last word printed
#: in lower case, where the entry ends after the year, in a list that runs other titles
#: straight into their container: elsewhere a report's title that ends with a place prints so
#: ("...in northern Norway. 1999.").
ONE_WORD_JOURNAL_FULL_STOP_AND_YEAR = re.compile(rf"{NAME}\. {YEAR_DIGITS}(?!\d)")
#: What follows a journal's name up to its volume: the volume between commas ("...approach
#: Conservation Ecology, 6, (2002)", "...agents Journal of Management Studies, 34, pp.
#: 921–945"), or Vancouver's full stop, year and semicolon before it ("...southern Alberta
#: Proceedings of the Biennial Symposium. 1984;4:356"), or the volume after a blank, a comma
#: and the pages ("...mortuary literature Bibliothèque d'étude 139, 175–200",
#: south-african-actuarial-journal). Read by ``capitals`` as the end of a container that a
#: style runs a title into.
JOURNAL_NAME_CLOSE = re.compile(
    rf", \d{{1,3}},|\. {YEAR_DIGITS};\d| \d{{1,4}}, \d+{RANGE_DASH}\d+(?!\d)")
#: ... or a journal's volume and pages right after its name's last word, with no mark, as
#: styles that print no punctuation after a title print them too ("...New investigations
#: Special Paper of the Geological Society of America 465 609–18", institute-of-physics-
#: numeric).
VOLUME_AND_PAGES_CLOSE = re.compile(_VOLUME_AND_PAGES)
#: What follows a chapter's book up to its pages where the style prints the book's place and
#: publisher after its full stop and none is known: the empty field's colon ("...recognition
#: International Conference on Document Analysis and Recognition. : 1092–1097."). Read by
#: ``capitals`` as the end of a container that a style runs a title into.
CONTAINER_CLOSE_BEFORE_EMPTY_FIELD = re.compile(r"\. :\s?\d")
#: A volume's number in Roman numerals, in lower case as the text is searched: up to seven of
#: the letters up to "c" in any order ("xxxiv", "iiii"), or a numeral of any length written as
#: the numerals' rules write it, thousands, hundreds, tens and units ("ccxlviii",
#: "ccclxxxviii"), so that a long word of those letters that is no number is not read as one.
ROMAN_NUMERAL = (r"(?:(?=[ivxlcdm])m{0,3}(?:cm|cd|d?c{0,3})(?:xc|xl|l?x{0,3})(?:ix|iv|v?i{0,3})"
                 r"(?![^\W\d_])|[ivxlc]{1,7})")
#: A volume's number in Roman numerals run on after a title, then the entry's close: its comma,
#: perhaps up to two fields of one word or the mark of a place or a publisher not known in
#: brackets ("[s.l.]", "[s.n.]"), then the year and the entry's full stop
#: (institut-francais-darcheologie-orientale: "...Around the Harbour Crater, Lagos XXXIV, [s.l.],
#: 1999.", "...Special Eurobarometer CCXLVIII, [s.l.], 2006."). ``undecided_ends`` reads it after
#: one word printed in capitals only: a title's own last word is a Roman numeral too ("...The
#: Reign of Henry VIII, London, 1990."), so the end stays uncertain.
VOLUME_NUMERAL_CLOSING_ENTRY = re.compile(
    rf"{ROMAN_NUMERAL}(?:, (?:\[(?:s\. ?l|s\. ?n)\.\]|{NAME})){{0,2}}, \(?{YEAR_DIGITS}\)?\.(?: |$)")
#: What closes an entry right after an acronym a title runs into (an organisation's or a
#: publisher's, ``capitals``): what closes it after a town (``ENTRY_CLOSING``: "...URSS.", the
#: next entry after it; "...Love, Earth INSEAD; 2012"), or a full stop and the year
#: (Vancouver, where no place or publisher is printed: "...aux États-Unis EOLE. 2012").
ACRONYM_CLOSING_ENTRY = re.compile(rf"{ENTRY_CLOSING}|\. \(?{YEAR_DIGITS}(?![\d\]])")
