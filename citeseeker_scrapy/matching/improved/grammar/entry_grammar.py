"""How a reference entry's parts look in normalized text: dates, sentence ends, the end of an
author list, pages, entry numbers, ditto marks (the grammar the search regions and the
attribution read entries with); the names and author runs inside an entry are
``name_grammar``'s.

Patterns only, no logic: ``attribution`` decides where a title belongs with them (and
``author_lists``, ``ditto_entries``, ``entry_numbers``, ``title_first``), ``running_text``
uses ``SENTENCE_END``. The fields a title runs into with no punctuation are ``run_on_fields``'s
(the place of publication among them ``place_fields``'s): they read an entry's close here
(``ENTRY_CLOSING``, ``NEXT_ENTRY_OPENING``); the words that close a publisher's name, which an
opening must not end with, are ``publishers``' list (a word list, no grammar of its own). Each
pattern's comment names the real strings it was written for.
"""

from __future__ import annotations

import re

from ..fields.publishers import NAME_CLOSING_WORDS, alternation
from .name_grammar import (
    AND_WORD, GIVEN_FIRST_NAME, INITIALS, NAME, NAME_ABBREVIATIONS, RUN_NAME,
)

#: The digits of a year in an entry's date (``DATE``), after "p." (``PAGES``: "p. 2013" is
#: no page) and before the next entry's number (``NUMBER_AFTER_YEAR``): "19xx" and "20xx"
#: (the classes also let "10xx" and "29xx" through). Narrower than ``YEAR_DIGITS``: "(1850)."
#: is no date there, "p. 1850" is a page.
DATE_YEAR_DIGITS = r"[12][09]\d\d"
#: The date of an author-year entry: a year, lettered when an author has two works in one year
#: ("2013b"), with a month ("2013, june"), or no year at all ("n.d.", "in press", "forthcoming").
DATE = (rf"(?:{DATE_YEAR_DIGITS}[a-z]?(?:, [a-z]{{3,9}}(?: \d{{1,2}})?)?"
        r"|n\.d\.?|in press|forthcoming)")
#: "2015." "(2009)." "1996a." "(2013b)." "(2013, june)." "(n.d.)." "in press." and Harvard's
#: "(2009) " with no full stop.
YEAR = re.compile(rf"(?:{DATE}\)?\.|\({DATE}\))(?= |$)")
#: The digits of a year of a cited work, from 1500 on ("1730" dates an old map): the year the
#: patterns here, ``entry_numbers``, ``ditto_entries``, ``title_first``, ``verify`` and ``words``
#: read in an entry, and ``context`` in the first entry of a reference list.
YEAR_DIGITS = r"(?:1[5-9]|20)\d\d"
#: A year anywhere (the one that closed an entry: "..., 1884, Title, venue (16): p 100-104").
ANY_YEAR = re.compile(rf"(?<![\w.-]){YEAR_DIGITS}(?!\d)")
#: How a style prints the date right after an author run, or after a ditto mark that stands
#: for one: an opening bracket or none (group 1), the year, a closing bracket and punctuation or
#: none (group 2), perhaps a blank before each ("(1905), ", " 1986 : ", "(2011) ", "2012. ",
#: "(2005 ). "). Two dates with the same groups are printed alike, the dates after two author
#: runs of one style (a blank that extraction adds or drops does not count). ``ditto_entries``
#: reads ``DATE_AFTER_RUN`` from a run's end on, ``attribution`` and ``title_first`` read
#: ``DATE_BEFORE_TITLE`` and ``LIST_BEFORE_TITLE`` back from a title; ``verify`` reads
#: ``RUN_DATE_BEFORE_TITLE`` back from a title.
RUN_DATE_OPEN = r"(\(?)"
_RUN_DATE_CLOSING = r" ?(\)?(?: ?[.,:;])?)"
RUN_DATE_CLOSE = _RUN_DATE_CLOSING + " "
#: ... a year, perhaps lettered ("2013b"): read forwards, a month would take the title's first
#: word ("1986, Title").
DATE_AFTER_RUN = re.compile(rf"{RUN_DATE_OPEN}{ANY_YEAR.pattern}[a-z]?{RUN_DATE_CLOSE}")
#: Any date an author run closes with: ``DATE`` (a month after the year, "n.d.", "in press",
#: "forthcoming") or an older year ("Coll. 1867, ").
RUN_DATE = rf"(?:{DATE}|{ANY_YEAR.pattern}[a-z]?)"
#: ... printed so at the end of a run, right before its title, perhaps after a full stop
#: ("..., et al. 2003, ", "..., Berg, A. (2003), ", "Battelle Institute. 1988, ").
RUN_DATE_BEFORE_TITLE = re.compile(rf"\.? ?{RUN_DATE_OPEN}{RUN_DATE}{RUN_DATE_CLOSE}$")
#: ... as ``attribution`` reads it back from a title whose author run is not known (no number's
#: last digits), closed by punctuation ("2013. ", "(2004), ", "(2005 ). "): a bare year there
#: may close the entry before ("...Journal, 9 p. 2013 Title": a title-first entry's title
#: follows) and so may a year in brackets after a venue ("...16, 385-390 (2013) Title"); or
#: in brackets after a sentence end (``DATE_BEFORE_TITLE``: "...Wesley. K. Kline (2001) Title").
_PUNCTUATED_RUN_DATE = rf"(?<!\d){RUN_DATE}(?= ?\)? ?[.,:;]){_RUN_DATE_CLOSING}"
_BRACKETED_RUN_DATE = rf"(?<=\(){RUN_DATE}(?= ?\)){_RUN_DATE_CLOSING}"
#: Abbreviations inside an entry that end no sentence: "(Computers and Typesetting, Vol. A)",
#: "mr.", and those an author run prints beside a name (``name_grammar.NAME_ABBREVIATIONS``:
#: "dr. ", "D.T.Jr. King, T.L. Nethery").
ABBREVIATION = (r"(?:vol|vols|no|nos|ed|eds|edn|pp|inc|ltd|ch|chap|sec|ser|rev|repr|trans|dept"
                rf"|mr|mrs|{NAME_ABBREVIATIONS})\.")
SENTENCE_END = re.compile(  # "iclr. ", "118. " (not initials: "m. ", nor "vol. ", nor a
    # word joined to an initial's full stop: "m.yu. ", a transliterated initial of two letters)
    rf"(?<![^\W_])(?<![^\W\d_]\.)(?!{ABBREVIATION})[^\W_]{{2,}}[.?!] ")
#: A volume's or a number's field between a title-first entry's title and its names: the
#: field's word abbreviated, as biblatex prints it in the languages of its bibliographies
#: (German "Bd." and "Jg.", Czech "Sv." and "Roč.", Slovak "Zv.", "Nr.", Italian "Voll.",
#: Norwegian "Årg.") or as ``ABBREVIATION`` holds it, or any word with no full stop, then the
#: number, perhaps closed by a full stop: "...ecosystems. Bd. 36 / C. J. Walsh, ...", "...Vestnik.
#: Vol. 10. A. I. Dabizha/ M.S. Krass". Its full stops end no sentence. A number after a full
#: stop is none ("...Journal. 10. A. Name": the next entry's "10."), nor one after a digit, nor
#: a year ("...In ICLR 2019. K. Name": a venue's year closes its entry).
FIELD_NUMBER = re.compile(r"(?<![^\W_])(?:(?:bd|bde|sv|zv|jg|roc|nr|voll|arg)\. ?"
                          rf"|{ABBREVIATION} ?|[^\W\d_]{{2,}} )"
                          rf"(?!{YEAR_DIGITS}\b)\d{{1,4}}\.?(?= )")
#: How an author list ends right before its title: "Smith, J.: Title", "J. Smith. Title",
#: "et al. Title", "A. Zakhor, “Title", "(2004). Title", "2004: Title".
#: (A letter after a digit is no initial: "2013b." is a lettered year, two works of one year.)
INITIAL_OR_ET_AL = r"(?<![^\W_])[^\W\d_]\.[:,]?|\bal\."  # "A.", "A.:", "et al."
#: The marks that may open a title: quotes, a typewriter backquote, a bracket, and a French
#: guillemet with the blank French spacing prints after it ("Dupont, P. \u00ab Titre").
_OPENING_MARK = r"(?:[\"\u201c\u2018'`(]|\u00ab ?)"
OPENING = rf" ?{_OPENING_MARK}*$"  # then perhaps an opening quote, right before the title
LIST_BEFORE_TITLE = re.compile(
    rf"(?:{INITIAL_OR_ET_AL}|[^\W\d_]{{2}},|(?P<year>{_PUNCTUATED_RUN_DATE})){OPENING}")
#: A year after a comma and a word ends a venue ("Journal of the Web, 2024."), not names
#: ("Jones, K., 2014." has an initial there).
AFTER_VENUE = re.compile(r"[^\W\d_]{3}, \(?$")
#: ... nor pages ("cortex. 52: 35-46. 2014.") nor a volume before its year in brackets
#: ("Zoologischer Anzeiger. 24 (1901).": a number ends no author list): the entry before ends
#: there, and a title-first entry may start after it; nor a volume's colon before a page that
#: reads as a year ("Geophys Res Lett. 2003 ; 30 : 1055.", "2003;30:1055.").
AFTER_PAGES = re.compile(r"\d[.,;] \(?$|\d \($|\d ?: ?\(?$")
#: ... nor a field no name ends with: the question or exclamation mark that closes the entry's
#: title ("In Situ Bioremediation, When Does it Work? 1993.") or a report's code, a word that
#: holds a digit ("Special Report SP-2056-ENV. 1999."): the year closes the entry before.
AFTER_TITLE_MARK_OR_CODE = re.compile(
    r"[?!][\"\u201d\u00bb\u2019]? \(?$|(?<![^\W_])[^\W_]*\d[\w-]*[^\W\d_][.,;] \(?$")
#: The characters back from a year in which ``AFTER_TITLE_MARK_OR_CODE`` is read.
CODE_REACH = 24
#: A place's last word (two letters or more, not "et al") right before a year, with nothing
#: between ("Pennsylvania, USA 1999.", "Paris 1860."): publication data that close an entry.
PLACE_BEFORE_YEAR = re.compile(r"(?<!\bet )[^\W\d_]{2} $")



#: A company's legal form, part of an organisation's name in an author run: "Environmental
#: Services, Inc. (HIES). 2012.", "Harbour Analytics Pty. Ltd.", "Baltic Shipping Corp.",
#: "Umwelttechnik GmbH." ("Co." and "S.A." are too short to read as a sentence end).
#: ``LEGAL_FORM_WORD`` is the word alone, as a style prints it after the name's comma with no
#: full stop ("Tech, E., Inc Work Plan ...": ``bare_surnames`` reads it as the name's).
LEGAL_FORM_WORD = r"(?:inc|ltd|corp|llc|plc|pty|gmbh)"
LEGAL_FORM = rf"{LEGAL_FORM_WORD}\."
#: A sentence end that is no abbreviation or initial of an author list: a word of three letters
#: or more ("authors. ", "proc. ", "web.” "; not "pp. ", "al. ", "jr. ", "chr. ", "k. ", nor the
#: dates "in press." and "forthcoming.", nor a company's legal form), nor a surname printed
#: with its first initial joined and its other initials after a blank, then the comma that
#: ends the name ("EckausR. S., " reads "eckausr. s., "; ``word_edges.initials_glued_at`` reads
#: the surname): a sentence end is followed by no lone initials and comma. Nor a name's full
#: stop before the run's next separator: a semicolon, or the word for "and" before the run's
#: last name and its initials ("22.Draper. ; Kramer. y Builders, T.C. Title", a style that
#: closes a surname printed with no given names by its full stop): no sentence goes on with a
#: semicolon, nor opens with "and" and a name's initials.
WORD_SENTENCE_END = re.compile(
    rf"(?<![^\W\d_])(?!(?:chr|jos|geo|jas|press|forthcoming)\.|{LEGAL_FORM})[^\W\d_]{{3,}}[.?!]"
    r"[\"\u201d\u2019']? (?!(?:[^\W\d_]\.-? ?)*[^\W\d_]\.,|; "
    rf"|{AND_WORD} {NAME}, [^\W\d_]\.)")
#: A "P." right after another initial is the name's ("Paris, A.P. 1841", "Paris, A. P. 1841"),
#: no page's mark before a year not read as a date: a single letter and its full stop before it.
_NO_INITIAL_BEFORE = r"(?<!\b[^\W\d_]\.)(?<!\b[^\W\d_]\. )"
#: Nor is a "P." whose number is followed by initials that close a name ("Stone, P. 2 H.;
#: Jacoby"): a page break's bare page number between one author's initials.
_NO_INITIALS_AFTER = r"(?! (?:[^\W\d_]\. ?)*[^\W\d_]\.[;,])"
#: The pages of an entry: "pp. 382-395", ", 12, 5-13", "12:5\u201313", "p. 33" (after its title and
#: venue; "Magniez P. 2010" is a name and a year, "Paris, A.P. 1841" a name's initials and a year).
#: The year that closes an author run right before the pages some styles print beside it, a
#: bracket perhaps between ("Doleman, PM, 2012: 93–124 Title", "Name, Jutta, (2008): 155–164").
YEAR_BEFORE_PAGES = re.compile(rf"(?<![\w.-]){YEAR_DIGITS}[a-z]?\)?$")
#: The dashes a range of pages or years prints with: the hyphen, the en dash, and the hyphen
#: U+2010 that folding makes of a non-breaking one (French locales print "p. 163\u201182").
RANGE_DASH = "[-\u2010\u2013]"
#: A span of years ("1925-1935", "2008-2012") dates an entry (a series, a project): no pages.
#: (Years from 1500, as ``ANY_YEAR``: "1730-1739" dates an old map, it is no pages.)
YEAR_SPAN = rf"{YEAR_DIGITS}{RANGE_DASH}{YEAR_DIGITS}\b"
#: A single page may follow "p." with no blank ("p.149"); "40 p." is a work's page count. The
#: word may be written out ("Pages 246-259"), OCR may read the dash as "_" ("pp. 290_301").
PAGES = re.compile(rf"(?:\bpp?\. ?|\bpages |[,:;] ?)(?!{YEAR_SPAN})\d+(?:{RANGE_DASH}|_)\d+\b"
                    rf"|{_NO_INITIAL_BEFORE}\bpp?\. ?(?!{DATE_YEAR_DIGITS}\b)\d+\b"
                    rf"{_NO_INITIALS_AFTER}"
                    r"|\b\d+ pp?\.(?= )")
#: An author list (not a year) ends right before a title: "Brown, A.: ", "Smith B. ", "et al. ",
#: "et al., ", "et al.: ", "Welner J: " (Vancouver).
NAMES_BEFORE_TITLE = re.compile(
    rf"(?:{INITIAL_OR_ET_AL}|\bal\.[:,]|(?<![^\W_])[^\W\d_]:){OPENING}")
#: An editor's role in brackets after the names, part of the author run: "LEQUIN Yves. (dir).",
#: "(ed.)", "(eds)", "(Hrsg.)", "(Hg.)", "(coord.)", "(org.)", "(red.)", "(comp.)", "(a cura di)".
EDITOR_ROLE = r"(?:dir|eds?|edd|hrsg|hgg?|coords?|orgs?|red|comps?|a cura di)\.?"
#: Sentence ends between entries: a word's (see above), or a number's that is no year: pages,
#: an ISBN ("...Addison-Wesley. ", "...pp. 1-10. ", "ISBN 978-0521872652. "), or a bracket's
#: but a date's or an editor's role.
SENTENCE_ENDS_IN_GAP = re.compile(
    WORD_SENTENCE_END.pattern
    + rf"|(?<![12][09]\d)\d{RANGE_DASH}\d+\.(?= )|\d{{5,}}\.(?= )"  # not "1925-1935."
    + rf"|\((?!{DATE}\)|{EDITOR_ROLE}\))[^\W\d_][^()]*\)\.(?= )")  # "(abstract). ", not "(2013b). "
#: A surname and its full stop right before a title ("W. H. Zurek. Title"), if a name ends there.
SURNAME_BEFORE_TITLE = re.compile(rf"{NAME}\." + OPENING)
#: An entry's number as a numbered list prints it: in brackets, "[12]" (up to four digits,
#: ``BRACKETED_DIGITS``), or listed with a full stop, "12." (up to three, ``LISTED_DIGITS``:
#: "2003." is a year). The one owner of those shapes: every pattern here that reads an entry's
#: number (``ENTRY_NUMBER`` and ``LISTED_NUMBER`` with its digits in group 1, the openings and
#: closings below), ``undecided_ends`` and ``author_run_ends`` build on them. ``title_edges``
#: reads either right before a title, the listed one also right after a title, where the next
#: entry opens.
BRACKETED_DIGITS = r"\d{1,4}"
LISTED_DIGITS = r"\d{1,3}"
ENTRY_NUMBER = re.compile(rf"\[({BRACKETED_DIGITS})\]")
LISTED_NUMBER = rf"({LISTED_DIGITS})\."
#: The same number in round brackets, "(12)" (up to three digits: "(2012)" is a year), as some
#: numeric styles print it ("(5) CAPMAS Egypt in Figures."); in a sentence it is also an
#: equation's or an item's label, so it is read only where an entry's first word follows
#: (``title_edges``).
PARENTHESISED_NUMBER = rf"\({LISTED_DIGITS}\)"
#: Not joined to a word, a number or punctuation before it: a listed number that opens an entry,
#: not the end of "1983. " nor of "p.12. ".
UNJOINED = r"(?<![\w.,:;/-])"
#: An entry's number in either shape, no group: "[12]", "12." (``ENTRY_NUMBER``,
#: ``LISTED_NUMBER``).
NUMBER_MARK = rf"\[{BRACKETED_DIGITS}\]|{UNJOINED}{LISTED_DIGITS}\."
#: The number that opens a numbered entry, as ``entry_numbers.own_entry_number`` reads it: "[12]"
#: but no year in brackets, which dates an entry ("Bainbridge, D. [1997] Title", "(1961)
#: [1943]. Title": a bibliography numbered past 1500 is rare); or "12. " (up to three digits,
#: not joined to a word, a number or punctuation before them: not the end of "1983. " nor of
#: "p.12. ").
BRACKETED_ENTRY_NUMBER = re.compile(rf"\[(?!{YEAR_DIGITS}\])({BRACKETED_DIGITS})\]")
LISTED_ENTRY_NUMBER = re.compile(rf"{UNJOINED}{LISTED_NUMBER} ")
#: A date that ends an author list right before its title, printed as after an author run, in
#: brackets or punctuated: "(2001) ", "(2005), \u201c", "2013b. ".
DATE_BEFORE_TITLE = re.compile(
    rf"{RUN_DATE_OPEN}(?:{_BRACKETED_RUN_DATE}|{_PUNCTUATED_RUN_DATE}){OPENING}")
#: The next entry's number after the year that closes an entry: "Paris, 2001 17. S. Name",
#: "Frankfurt 2003 [5] Title" (after a year, not after a word: "as shown in [12]").
#: A year in brackets after the year is the first edition's, no entry number ("Hjelmslev, L.
#: (1961) [1943]. Title").
NUMBER_AFTER_YEAR = re.compile(rf"(?<!\d){DATE_YEAR_DIGITS}[a-z]?\)?[.,]? "
                               rf"(?:{LISTED_DIGITS}\.|\[(?!{YEAR_DIGITS}\])"
                               rf"{BRACKETED_DIGITS}\]) ")
#: The year or the pages that close an entry printed with no punctuation after them (a comma
#: after a year may be the run's own date's: "Schmidt, H., 2019, June, Title"), then the
#: next entry's author run right before its title: names of a run (``name_grammar.RUN_NAME``)
#: perhaps joined by the word for "and", perhaps the run's date after them ("..., Phaidon
#: Press, 1993 Hengo, Ally, \"Title", "..., Paris, 2001 L. F. J. C. Saulcy, Title", "...,
#: August 2012 Eco, U. (1988). Title", "...du Perigord 264-265 Peplinski, D.K. & Ducoste, J.J.,
#: 2002. Title", "..., Milano, 2008 Nora Ferri and Ugo Bassi, Title").
_CLOSING_FIELD = rf"(?<![\w.-])(?:{YEAR_DIGITS}[a-z]?|\d+{RANGE_DASH}\d+) "
#: The next entry's run printed given names first (``name_grammar.GIVEN_FIRST_NAME``), right
#: before its title, after a field that closed the entry before it with no full stop or with
#: one (a year, pages, a closing quote): "..., 2008 Nora Ferri and Ugo Bassi, Title", "...,
#: 12-19. Nora Ferri, \"Title"; not an initial's full stop, inside a run that prints its names
#: inverted with no commas ("Beisheim Marianne Börzel Tanja A. Genschel Philipp et Zangl
#: Bernhard, Title").
GIVEN_FIRST_RUN_BEFORE_TITLE = re.compile(
    rf"(?<=[\d.\"\u201d\u00bb)] )(?<![\s.][^\W\d_]\. )"
    rf"(?:{GIVEN_FIRST_NAME}(?:{AND_WORD} )?){{1,3}}{OPENING}")
RUN_AFTER_CLOSING_FIELD = re.compile(
    _CLOSING_FIELD + rf"(?:{RUN_NAME}(?:{AND_WORD} )?){{1,3}}"
    rf"(?:\(?{YEAR_DIGITS}[a-z]?\)?[.,:]? )?{_OPENING_MARK}? ?$")
#: The rest of an author run and an article's venue and numbers, as styles that print the
#: title last print them before it, up to the title: the journal, its volume and pages, then
#: the year in brackets and a full stop (", Past and Present, 1, 142--150 (1992). ", " and P.
#: M. Sutcliffe, Phys .Rev .Lett, 81, 4798--4801 (1998). "), the issue in brackets right after
#: the volume where the entry has one (", Acta Seismol. Sin., 14(2), 66--71 (2001). "). No
#: other bracket, no other year: one entry's fields (``attribution._title_ends_numbered_entry``).
VENUE_NUMBERS_BEFORE_TITLE = re.compile(
    rf"[^\[\]()]*\d(?: ?\(\d{{1,4}}\))?[^\[\]()]*\({YEAR_DIGITS}[a-z]?\)\. ")
#: What follows a title that ends its entry: its full stop, then the next entry's "[n]".
TITLE_ENDS_ENTRY = re.compile(rf"[.?!]? ?\[({BRACKETED_DIGITS})\]")
#: The type mark GB/T 7714 styles print right after a title, with no blank or one: "[m]" a book,
#: "[j]" an article, "[g]" a contribution to a collection, "[r]" a report, "[d]" a thesis, "[c]"
#: a conference, "[s]" a standard, "[p]" a patent, "[n]" a newspaper, "[z]" any other, an
#: electronic one with its carrier ("[eb/ol]", "[j/ol]"): "...Advising as Teaching[G]//In
#: Academic Advising", "...Weapons of the Weak[M]., 1985.". The title ends there.
TYPE_MARK = re.compile(r" ?\[(?:[mjgrdcspnza]|eb|db|cp|cm|ds)(?:/(?:ol|cd|mt|dk))?\]")
#: A double quote: no name holds one (a quoted title does).
QUOTE = re.compile("[\"\u201c\u201d\u00ab\u00bb]")
#: The end of an author run of initials and surnames right before a title, with its comma:
#: "R. A. Battye and P. M. Sutcliffe, ", "Mark N. Salvo, ", "Chr. Moreau, \"", "Abbe J. B. D.
#: Cochet, " (the name runs of the I. Surname and physics styles).
INITIALS_SURNAME_BEFORE_TITLE = re.compile(
    r"(?<![^\W_])(?:[^\W\d_]|chr|jos|geo|jas|wm)\. ?[^\W\d_][\w'\u2019-]+"
    r"(?: [^\W\d_][\w'\u2019-]+)?," + OPENING[:-1] + " ?$")  # 'Moreau, " Title'
LETTER = re.compile(r"[^\W\d_]")
#: What may stand between the year that closes an author run and its title: punctuation, and
#: perhaps one number or code the title opens with ("URS Corporation, 2012. 2011/2012 Well
#: Condition Survey", "Smith, J., 2001. 04-17: A model", "ASTM. 2012. F2927. Standard").
CODE_BEFORE_TITLE = re.compile(r"[\W_]*(?:[^\W\d_]*\d\S*\s)?[\W_]*")
#: An author list of surnames ends with a colon right before its title: "Samarin: Title"
#: ("In: " opens a contribution's container, no author list: "Vorwort. In: J. Bauer: Title").
#: A colon followed by a slash ends no list: it separates two names of one, where a style
#: closes each inverted name with a colon and opens the next with a slash ("Halle, Morris:
#: /Marantz, Alec: Title", "Schönwiese, Volker: /Flieger: Title").
COLON_BEFORE_TITLE = re.compile(r"(?!(?<![^\W_])in: )[^\W\d_]{2}: (?!/)")
#: A contribution's container after its own title: the names after "In:" are the book's
#: authors or editors, the same entry ("Wolfgang Jantzen: Vorwort. In: J. Bauer: Title"), or
#: the comma of the editors' field a style left empty ("...Varieties of Childhood In:,
#: Studies in Modern Childhood": tropical-animal-health-and-production).
IN_CONTAINER = re.compile(r"in:,? ")
#: A legal citation: volume, abbreviated reporter, first page, year ("19 Law. & Banker & S.
#: Bench & B. Rev. 311 (1926)"); its full stops are abbreviations, its year no author list's.
LEGAL_CITATION = re.compile(r"(?<![\w.])\d{1,4} (?:[^\s\d()]+ ){1,12}\d{1,5} "
                            rf"\({YEAR_DIGITS}\)")
#: A title-first entry's authors separated by full stops, between its title and a name:
#: ". X Di, BB. Name", " Ch (Charalampos) Bakirtzes. Alexandra Name" (pieces of one to three
#: words with no digit, each closed by a full stop, then perhaps the name's given names). No
#: piece ends with an abbreviation: in "...non diabetic adults. Dr. Name" the words before
#: "Dr." are the title's last ones, past a hit that left them out.
_NAME_WORD = rf"(?!{ABBREVIATION})\(?[^\W\d_](?:[^\W\d_]|['\u2019-])*\)?,?"
FULL_STOP_NAMES = re.compile(rf"[.,:;]? (?:{_NAME_WORD}(?: {_NAME_WORD}){{0,2}}\. ){{1,2}}"
                             rf"(?:{_NAME_WORD}(?: {_NAME_WORD})? )?")
#: The word some styles print for the authors of the entry before: "Idem: Title" (Latin, for
#: one or more persons), "Ders.", "Dies." (German).
DITTO_WORDS = r"(?:i?idem|eae?dem|ders|dies)"
DITTO_WORD = rf"(?<![^\W_]){DITTO_WORDS}(?=[.:,]{{0,2}} )"
#: A dash printed for the authors of the entry before: "—", "———", "--", "___" (one en dash is
#: no mark: it joins pages and years).
DITTO_DASH = r"(?:\u2014+|\u2013{2,}|-{2,}|_{2,})"
#: A ditto mark extraction lost: a dash drawn as a rule, not a glyph (biblatex's "\\bibnamedash"
#: in some styles), leaves only the punctuation after it, right after the entry before ends:
#: "...Berlin, 1988. . “Title”", "...(1989): 27-32. . Title": that punctuation is the mark.
LOST_DITTO = r"(?<=[.)] )[.,:;](?= )"
#: Where a ditto entry goes on with the authors before: "——", "--", "___", "[2] ,", a ditto
#: word, a lost mark.
DITTO_IN_GAP = re.compile(rf"{DITTO_DASH}|\] ?,|{DITTO_WORD}|{LOST_DITTO}")
#: The number at a page's foot, where a page break falls between two entries: after the entry
#: before's sentence end, before the next page's first entry ("...Berlin, 1988. 2 — . Title").
_PAGE_FOOT = r"(?:(?<=[.)] \d )|(?<=[.)] \d\d )|(?<=[.)] \d{3} ))"
#: An unnumbered entry that opens with a ditto mark for the authors of the entry before, after
#: that entry's last sentence end: "...Affairs Committee. — (2012). Title", "Basel. ——— Title",
#: "...112–124. Idem: Title", "...Berlin, 1988. . Title" (a lost mark); a dash also after the
#: page's number a page break prints between the two entries (``_PAGE_FOOT``).
DITTO_ENTRY = re.compile(rf"(?<=[.)] )(?:(?:{DITTO_DASH}|{DITTO_WORD})(?= |[.,:])|{LOST_DITTO})"
                         rf"|{_PAGE_FOOT}{DITTO_DASH}(?= |[.,:])")
#: The medium of publication MLA styles close every entry with ("...1988. 112–124. Print.").
_MEDIUM = r"(?:print|web|online|cd-rom|dvd)"
#: The last fields an entry may print after the year that closes it, each a sentence of its
#: own that is no title and no venue: its pages, then its medium (``_MEDIUM``): "...Berlin:
#: s.n., 1988. 112–124. print. –––. Title" (biblatex mla). Read from the end of a gap (search
#: it with ``endpos`` there): what it matches is the entry's tail, up to the next entry, each
#: field with the blank after it (the sentence before it keeps its own).
ENTRY_TAIL = re.compile(rf"(?<= )(?:(?:pp?\. ?)?\d+(?:{RANGE_DASH}\d+)?\. )?(?:{_MEDIUM}\. )?$")
#: The word an edition is printed with, in the languages styles print: "ed.", "Aufl.", "изд.".
EDITION_WORD = r"(?:ed|edn|edition|aufl|auflage|vyd|wyd|izd|\u0438\u0437\u0434|uitg)"
# What closes an entry and what opens the next one, as the fields after a title
# (``place_fields``, ``run_on_fields``) read an entry's end.
#: The next entry's opening right after an entry's last full stop: the text's end, an entry's
#: "[n]" or "n." (up to three digits: "2003." is a year that closes a name:
#: ``END_OR_NUMBER_OPENING``), a surname and its initials ("Forsman, E.D.", "Walters E.T.", or
#: joined to the comma as some styles print every name: "Maclean,S.A.":
#: ``SURNAME_BEFORE_INITIALS`` and ``INITIALS``), an inverted name and its given name
#: ("DUMONT, Béatrice;"), a ditto mark ("— (2012)"), an author-year label before the author
#: run that prints its first surname again after its initials (``_DATED_LABEL``), or an
#: organisation's name up to its bracketed year and colon (``_AUTHOR_RUN_BEFORE_DATED_COLON``)
#: or up to its bracketed acronym and year (``_ORGANISATION_ACRONYM_AND_YEAR``), or an inverted
#: name with two given names before the year (``_TWO_GIVEN_NAMES_AND_YEAR``), or names with
#: their initials joined up to a bracketed year (``_JOINED_INITIALS_RUN_AND_YEAR``), or a surname
#: and its joined initials after a margin's number (``_NUMBERED_NAME_AND_JOINED_INITIALS``).
#: ``undecided_ends`` reads a word closing its entry with the first two.
END_OR_NUMBER_OPENING = rf"$| ?\[{BRACKETED_DIGITS}\]| {LISTED_DIGITS}\. "
SURNAME_BEFORE_INITIALS = rf"{NAME}(?:, ?| )"
#: The next entry's opening right after the bracket that closes an entry's last field, in a
#: style that prints no full stop after it ("...Shorelines (Stanford: Stanford University
#: Press) Timmer J M 2012"): a number or the text's end, or a surname and its initials, with
#: or without full stops, then its year, a comma or the word for "and" ("Timmer J M 2012",
#: "Viatte G and Etchecopart-Etchart E"). The group ``initials`` is for the caller to read in
#: the document's capitals. Read by ``undecided_ends`` (the entry ends at that bracket) and by
#: ``headers`` (a page's number between that bracket and the next entry).
NEXT_ENTRY_AFTER_BRACKET = (rf"(?={END_OR_NUMBER_OPENING}| {SURNAME_BEFORE_INITIALS}"
                            rf"(?P<initials>(?:[^\W\d_](?:\.|(?![^\W\d_]))[ -]?){{1,3}})"
                            rf"(?:\(?{YEAR_DIGITS}(?!\d)|,|{AND_WORD} ))")
#: The label some styles open each entry with, the first author's surname (the others after
#: slashes, or "et al.") and the year, then a colon and the author run, its first surname the
#: label's after its initials: "Coffey 1989: W. J. Coffey, Title" (offa). A sentence does not
#: print a word and a year, then initials and that word again. The back-reference needs the
#: named group ``label``: a pattern holds :data:`NEXT_ENTRY_OPENING` once only (Python names a
#: group once in a pattern), after its numbered groups, whose numbers then stay as they were.
_DATED_LABEL = (rf"(?P<label>{NAME})(?:/{NAME})*(?: et al\.)? {YEAR_DIGITS}[a-z]?: "
                rf"(?:[^\W\d_]\.[ -]?){{1,3}}(?P=label)\b")
#: An organisation's acronym or short name in brackets after its name, before the year:
#: "Battelle Memorial Institute (Battelle) (2010): Guidance ...", "Department of the Navy
#: (DON). 2012."
_BRACKETED_ACRONYM = r"\([^\W\d_]{2,12}\)"
#: ... or, before a bracketed year and its colon, its name written out in brackets after its
#: acronym, whatever its words, no digit and no full stop among them: "CIDEHUM (International
#: Centre for the Human Rights of Migrants) (2012): Forced ...".
_BRACKETED_NAME = r"\([^\W\d_][^\d():;.]{0,80}\)"
#: The author run of a style that prints "Author (Year): Title", up to the bracketed year and
#: its colon, the title's letter after it: an organisation's name, whatever its words, one full
#: stop at most among them, perhaps its acronym or its name in brackets (``_BRACKETED_NAME``)
#: ("Australia. Department of External Affairs (1913): Northern Territory", "Battelle
#: Memorial Institute (Battelle) (2010): Guidance", natur-und-landschaft; persons' initials
#: open the entry as ``SURNAME_BEFORE_INITIALS`` reads them). Not the rest of an entry up to
#: the next one's year: "...Lagos: Harbour Books. Moreau A. (2004):" holds two full stops. No
#: digit before the year: a journal's volume and year print so before the pages ("...Review 34
#: (1997): 921"), and the pages' digits after the colon.
_ORGANISATION_WORDS = r"[^\W\d_][^\d():;.]{0,80}?"  # up to a bracket, no digit, no full stop
_AUTHOR_RUN_BEFORE_DATED_COLON = (rf"{_ORGANISATION_WORDS}(?:\. [^\d():;.]{{1,80}}?)?"
                                  rf"(?: {_BRACKETED_NAME})? "
                                  rf"\({YEAR_DIGITS}[a-z]?\): (?=[^\W\d_])")
#: An inverted name with two given names, then its year after the full stop: "Cortéz, Rosa
#: María. 1986." (american-journal-of-political-science). Not a place and a publisher's name
#: that a word of ``publishers.NAME_CLOSING_WORDS`` closes: "Oxford, Clarendon Press. 1990."
_TWO_GIVEN_NAMES_AND_YEAR = (rf"{NAME}, {NAME} (?!{alternation(NAME_CLOSING_WORDS)}\.){NAME}\. "
                             rf"\(?{YEAR_DIGITS}(?!\d)")
#: An organisation's name, no full stop inside, its acronym in brackets, then its year
#: after the full stop: "Department of the Navy (DON). 2012." (american-journal-of-political-
#: science, "Author. Year. Title.").
_ORGANISATION_ACRONYM_AND_YEAR = (rf"{_ORGANISATION_WORDS} {_BRACKETED_ACRONYM}\. "
                                  rf"\(?{YEAR_DIGITS}(?!\d)")
#: A surname after the number a list prints in its margin with no full stop, its initials
#: joined with no full stop, then the year or the next author: "...Colomars. 4 Widiawati D
#: (2014)", "...Quebec. 7 Ciesielski A & Plante L (1990)", "...Stanford. 10 Badjukov DD,
#: Nazarov MA" (the-febs-journal as HTML, a PDF of a list numbered in the margin). The number
#: and what follows the initials tell the entry's opening, as lower case cannot tell joined
#: initials from a word.
_NAME_AND_JOINED_INITIALS = rf"{NAME} [^\W\d_]{{1,3}}"  # "widiawati d", "badjukov dd"
_NUMBERED_NAME_AND_JOINED_INITIALS = (
    rf"{LISTED_DIGITS} {_NAME_AND_JOINED_INITIALS}"
    rf"(?: \(?{YEAR_DIGITS}(?!\d)|,? {AND_WORD} {NAME} |, {_NAME_AND_JOINED_INITIALS}[,.( ])")
#: ... or, after such a number, words with no digit nor full stop inside (an organisation, or
#: one surname and its initials, the last one's full stop before the bracket) up to the
#: bracketed year: "...Levallois-Perret. 7 Dames & Moore (1999)", "...Amsterdam. 6 Rens C.
#: (2016)" (clinical-otolaryngology as HTML). The number and the bracketed year tell the
#: entry's opening.
_NUMBERED_RUN_AND_YEAR = (rf"{LISTED_DIGITS} {_ORGANISATION_WORDS}\.? "
                          rf"\({YEAR_DIGITS}[a-z]?\)")
#: An author run of surnames with their initials joined and no full stop, up to its bracketed
#: year: "Bozon M (2002) Démographie ...", "Tversky A, Griffin D (2000) Endowments ..." (a
#: style that prints "Author AB (Year) Title", asia-and-the-pacific-policy-studies), or of two
#: names or more up to the last initials' full stop and the year's ("Checchi F, Filipe JA,
#: Barrett MP. 2008. The natural ...", florida-entomologist). The year tells the run, as
#: lower case cannot tell joined initials from a word.
_NEXT_JOINED_INITIALS_NAME = rf"(?:, {_NAME_AND_JOINED_INITIALS})"  # ", filipe ja"
_JOINED_INITIALS_RUN_AND_YEAR = (
    rf"(?:{_NAME_AND_JOINED_INITIALS}{_NEXT_JOINED_INITIALS_NAME}{{0,5}} \({YEAR_DIGITS}[a-z]?\)"
    rf"|{_NAME_AND_JOINED_INITIALS}{_NEXT_JOINED_INITIALS_NAME}{{1,5}}\. {YEAR_DIGITS}[a-z]?\.)")
#: The initials the next entry's first name prints after its surname (``name_grammar.INITIALS``),
#: one of them perhaps a Russian letter transliterated with two ("Golfand Yu.A., Likhtman E.P.
#: (1971):" for Ю; Я, Ж and Х print "Ya.", "Zh." and "Kh."). Not "Ch." nor "Sh.": a
#: chapter's abbreviation prints so after a word ("...Handbook Ch. 5").
_TRANSLITERATED_INITIAL = r"(?:yu|ya|zh|kh)\."
_OPENING_INITIALS = rf"(?:{_TRANSLITERATED_INITIAL}[ -]?)?{INITIALS}|{_TRANSLITERATED_INITIAL}"
NEXT_ENTRY_OPENING = (rf"(?={END_OR_NUMBER_OPENING}"
                      rf"| {SURNAME_BEFORE_INITIALS}(?:{_OPENING_INITIALS})"
                      rf"| {_NUMBERED_NAME_AND_JOINED_INITIALS}"
                      rf"| {_NUMBERED_RUN_AND_YEAR}"
                      rf"| {_JOINED_INITIALS_RUN_AND_YEAR}"
                      rf"| {NAME}, {NAME}[.,;] "
                      rf"| {_TWO_GIVEN_NAMES_AND_YEAR}"
                      rf"| {_DATED_LABEL}"
                      rf"| {_AUTHOR_RUN_BEFORE_DATED_COLON}"
                      rf"| {_ORGANISATION_ACRONYM_AND_YEAR}"
                      rf"| {DITTO_DASH})")
#: The abbreviated marks of a volume or an issue, each printed before its full stop and its
#: number ("Vol. 1", "Bd. 1", "No. 12", "t. 2"): read after a title (``run_on_fields``,
#: ``longer_titles``) and after a place (:data:`NUMBERED_FIELD_AFTER_PLACE`).
VOLUME_ABBREVIATIONS = r"vol|vols|bd|bde|no|nos|nr|t|jg|jahrg|fasc|iss"
#: The year after a semicolon or a comma (not a bracket's year: "[Title, Western Australia;
#: 2001]" repeats a title), or the pages after a comma: a range, or one page after its "p."
#: ("...dermatologie Moulins-lès-Metz, p. 552."), or a volume's mark and its number after a
#: comma, where a book's publisher is left out ("...Horst Schneider Turnhout, Vol. 6."): the
#: numbered fields that follow a place.
NUMBERED_FIELD_AFTER_PLACE = (rf"[;,] \(?{YEAR_DIGITS}(?![\d\]])"
                              rf"|, (?:pp?\. ?\d+(?:{RANGE_DASH}\d+)?|\d+{RANGE_DASH}\d+)"
                              rf"|, (?:{VOLUME_ABBREVIATIONS})\. ?\d")
#: The full stop that closes a field or an entry, perhaps after the comma of a field the style
#: left empty before it ("...Milano/Lausanne,.", "...Onnaing, França,."): a CSL style prints a
#: field's delimiter although the field is empty.
FULL_STOP_AFTER_EMPTY_FIELD = r",?\."
#: What closes an entry right after its place or its publisher: the full stop and the next
#: entry's opening (perhaps after a closing bracket and a comma, where a style closes an
#: empty bracket's field so: "...art techniques Bell),.", "...Love, Earth INSEAD),."), the
#: year, the pages or the volume (``NUMBERED_FIELD_AFTER_PLACE``), or a colon before the
#: publisher.
ENTRY_CLOSING = (rf"(?:\)?{FULL_STOP_AFTER_EMPTY_FIELD}{NEXT_ENTRY_OPENING}"
                 rf"|{NUMBERED_FIELD_AFTER_PLACE}| ?: (?=[^\W\d_]))")
#: The comma of an empty field right before the entry's full stop, whatever opens the next
#: entry, where a style closes every book's entry so after its place ("...en dermatologie
#: Moulins-lès-Metz,."): read after a town (``place_fields``) only. After a word that may be
#: the title's own (an acronym: "...Hadron Collider HL-LHC,.") the next entry's opening still
#: has to tell (``ENTRY_CLOSING``).
EMPTY_FIELD_CLOSING = r"\)?,\.(?=[ \[]|$)"
