"""How a reference entry's parts look in normalized text: dates, sentence ends, the end of an
author list, pages (the grammar the search regions and the attribution read entries with).

Patterns only, no logic: ``attribution`` decides where a title belongs with them (and
``author_lists``, ``ditto_entries``, ``entry_numbers``, ``title_first``), ``running_text``
uses ``SENTENCE_END``. Each pattern's comment names the real strings it was written for.
"""

from __future__ import annotations

import re
from typing import Iterator

from ..names import INITIAL, PARTICLES
from . import places, publishers

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
#: Abbreviations inside an entry that end no sentence: "(Computers and Typesetting, Vol. A)".
ABBREVIATION = (r"(?:vol|vols|no|nos|ed|eds|edn|pp|inc|ltd|ch|chap|sec|ser|rev|repr|trans|dept"
                 r"|dr|prof|mr|mrs)\.")  # ... and a person's title before a name: "dr. "
SENTENCE_END = re.compile(  # "iclr. ", "118. " (not initials: "m. ", nor "vol. ")
    rf"(?<![^\W_])(?!{ABBREVIATION})[^\W_]{{2,}}[.?!] ")
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
#: The word for "and" before an author list's last name, in the languages bibliographies are
#: printed in: English, French "et", German "und", Spanish "y", Portuguese and Italian "e",
#: Czech and Slovak "a", Polish and Croatian "i", Russian "и", Dutch "en", Danish and Norwegian
#: "og", Swedish "och", Finnish "ja", Hungarian "és" (accents are gone in normalized text).
AND_WORD = r"(?:&|and|et|und|y|e|a|i|\u0438|en|og|och|ja|es)"
#: A word of a name: a letter, then letters, digits, apostrophes and hyphens ("o'hara",
#: "ter-avest", "dell’orto"), as the patterns here, ``author_lists``, ``title_first``,
#: ``verify``, ``words`` and ``running_text`` read a name in an entry.
NAME = r"[^\W\d_][\w'\u2019-]*"
#: A given name or initials, perhaps hyphenated ("sarang", "r.s.", "f.-j."), and up to three of
#: them ("jean claude", "j. paul"): how styles print the given names of a name; ``verify``
#: reads those after an inverted surname with them.
GIVEN_OR_INITIALS = rf"(?:(?:[^\W\d_]\.-?)+|{NAME})"
GIVEN_NAMES = rf"{GIVEN_OR_INITIALS}(?: {GIVEN_OR_INITIALS}){{0,2}}"
#: ... unless only given names (no full stop) lie between a surname and that year: "DUPONT,
#: Marcelle, 2012.", "MARTIN, Jean Claude, LEROY, Anne, 2017." (French and medical styles),
#: the last name perhaps after the word for "and": "NOVÁK, Jan a SVOBODA, Petr, 2010.",
#: "NOVÁK, Jan a Petr SVOBODA, 2010." (ISO 690 in Czech), initials among the given names:
#: "SAMPLEY, J. Paul, 1991.", "ROY, TC and BACK, Seay J. Low, 2011.", "Holmberg, A., Name, 2010.";
#: a slash before an inverted name, where a style prints one instead of a comma or "and"
#: ("Catts, Oron/Zurr, Ionat, 2008: 125–142 Title"; not a venue's "Maritime/Harbour History").
_SLASHED_NAME = rf"/ ?{NAME}, (?:{INITIAL}|(?:{INITIAL} )?{NAME})"
GIVEN_NAMES_ONLY = re.compile(
    rf"(?:(?:,| {AND_WORD}) (?:(?:{INITIAL} )?{NAME}(?: (?:{INITIAL} )?{NAME})?|{INITIAL})"
    rf"|{_SLASHED_NAME})+, \(?")
#: ... or the last name of the list comes after "&" ("jang, j.; gulley, n.; & mathworks, 1998.",
#: an organisation after an initial: "horn, a.d. & newfield exploration mid-continent, 2009.")
#: or after "and" with its initials ("a. chabrol, g. fortin et e. fouache, 2013."; ISO 690 in
#: Czech prints one with no full stop: "ABSOLON, K. a M KSENEMAN, 1942.").
LAST_AUTHOR = re.compile(rf"[;,.] & [^,.;&]{{2,40}}, \(?$"
                          rf"| {AND_WORD} (?:[^\W\d_](?:\. ?| ))+{NAME}, \(?$")
#: A piece of an author run that holds two names joined by the word for "and": the first
#: author's given names and the last author's whole name where a style prints no comma before
#: "and" ("Viatte, Germain and Emmanuelle Etchecopart-Etchart. 2007.", "..., D. Potvin and
#: Canadian Biosphere Reserves. 2013."), a piece too long for one name
#: (``author_lists.ends_author_list``). One to three words or initials after the word; up to four
#: before it: a given name and two surnames, or the two names of a style that prints no comma
#: between them ("..., Ángel Cuevas Rubén Cuevas & Carmen Guerrero. 2011."). Initials are
#: ``GIVEN_OR_INITIALS``, joined ones too: "Horn, A.D. and Newfield Exploration Mid-Continent.
#: 2009." holds the first author's "A.D." before the word.
NAMES_JOINED_BY_AND = re.compile(rf"{GIVEN_OR_INITIALS}(?: {GIVEN_OR_INITIALS}){{0,3}} {AND_WORD} "
                                 rf"{GIVEN_OR_INITIALS}(?: {GIVEN_OR_INITIALS}){{0,2}}\.?")

#: The rest of an author run after a surname, up to its title, where a style prints each
#: name's initials with no full stop and nothing between the last one and the title: as single
#: letters, " t, swinbank a " ("Josling T, Swinbank A The European Union."), " m " ("Rensky M
#: English Verbonominal Phrases."), or joined, two or three of them (Vancouver: " ca "
#: in "Nallino CA Raccolta Di Scritti.", " n, hill s, turner bs "). Lower case cannot tell such
#: initials from a short word ("a", Czech "a" for "and", "de", "in"):
#: ``capitals.initials_end_run`` reads the capitals too.
_UNPUNCTUATED_INITIALS = r"(?: [^\W\d_]{2,3}|(?: [^\W\d_]){1,3})"
UNPUNCTUATED_INITIALS_RUN = re.compile(
    rf"{_UNPUNCTUATED_INITIALS}(?:, {NAME}(?: {NAME})?{_UNPUNCTUATED_INITIALS}){{0,5}} ")

#: The rest of an author run of one inverted name, after its surname, up to a title with no
#: punctuation between: the comma and one given name written out (perhaps hyphenated), as CSL
#: styles print a name on a line of its own with the date in the margin beside it ("Hughes,
#: Alan" above "Title, en ...": the date leaves the line when a PDF is made).
ONE_GIVEN_NAME_RUN = re.compile(r", [^\W\d_]{2,}(?:-[^\W\d_]{2,})? ")
#: The rest of an author run that opens with an inverted name, up to its last name after the
#: word for "and" and that name's full stop, only given names, initials and names between (",
#: Dimitrios and Dimitrios Lekkas.", ", Germain and Emmanuelle Etchecopart-Etchart.", " and
#: Dukhovskoy.", ", K.P. Gerschlauer, and Wienke Zitzlaff."): that full stop ends the list.
RUN_TO_LAST_NAME = re.compile(rf"(?:,? {GIVEN_OR_INITIALS}){{0,4}},? {AND_WORD}"
                              rf"(?: {GIVEN_OR_INITIALS}){{0,2}} {NAME}\.")
#: ... and the same run where a style prints no comma between the names, only a blank, up to
#: the year after the last name's full stop: ", Thomas Elaine M. Huang Gail C. Murphy und
#: Thomas Zimmermann. 2014.", ", KA JK Nguyen K Kovach und JR Capadona. 2014." (more words
#: than a name, so ``author_lists`` reads them as names only with no title's function word among
#: them: group 1 the words before the word for "and", group 2 those after it).
NAMES_WITHOUT_COMMAS = re.compile(rf", ((?:{GIVEN_OR_INITIALS} ){{4,16}}){AND_WORD}"
                                  rf"((?: {GIVEN_OR_INITIALS}){{0,2}} {NAME})\. ")

#: A company's legal form, part of an organisation's name in an author run: "Environmental
#: Services, Inc. (HIES). 2012.", "Harbour Analytics Pty. Ltd.", "Baltic Shipping Corp.",
#: "Umwelttechnik GmbH." ("Co." and "S.A." are too short to read as a sentence end).
LEGAL_FORM = r"(?:inc|ltd|corp|llc|plc|pty|gmbh)\."
#: A sentence end that is no abbreviation or initial of an author list: a word of three letters
#: or more ("authors. ", "proc. ", "web.” "; not "pp. ", "al. ", "jr. ", "chr. ", "k. ", nor the
#: dates "in press." and "forthcoming.", nor a company's legal form), nor a surname printed
#: with its first initial joined and its other initials after a blank, then the comma that
#: ends the name ("EckausR. S., " reads "eckausr. s., "; ``names.initials_glued_at`` reads
#: the surname): a sentence end is followed by no lone initials and comma.
WORD_SENTENCE_END = re.compile(
    rf"(?<![^\W\d_])(?!(?:chr|jos|geo|jas|press|forthcoming)\.|{LEGAL_FORM})[^\W\d_]{{3,}}[.?!]"
    r"[\"\u201d\u2019']? (?!(?:[^\W\d_]\.-? ?)*[^\W\d_]\.,)")
#: The pages of an entry: "pp. 382-395", ", 12, 5-13", "12:5\u201313", "p. 33" (after its title and
#: venue; "Magniez P. 2010" is a name and a year).
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
                    rf"|\bpp?\. ?(?!{DATE_YEAR_DIGITS}\b)\d+\b|\b\d+ pp?\.(?= )")
#: An author list (not a year) ends right before a title: "Brown, A.: ", "Smith B. ", "et al. ",
#: "Welner J: " (Vancouver).
NAMES_BEFORE_TITLE = re.compile(rf"(?:{INITIAL_OR_ET_AL}|(?<![^\W_])[^\W\d_]:){OPENING}")
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
#: What makes a word with a full stop the end of a name in an author run, not of a sentence:
#: an initial right before it ("j. robertson. 2005.") or an inverted surname and its comma
#: ("glorieux, palemon. 1925.", "name, given. name2, given. title": full-stop separators),
#: the given name perhaps hyphenated ("rioufol, marie-odile. title": the word is "odile"), or a
#: given name printed joined to an initial before it ("seay j.low back. 2011": "J. Low"), or a
#: list of names separated by semicolons that prints each surname with a full stop before its
#: given names ("deo. sarang; jain. aditya; kumar. ravi. title": "jain", "kumar" after such a
#: name and its semicolon, "ravi" right after the surname; not "...of things; vol. 34"). The
#: inverted surname may open with particles ("le calvez, eric. ", "van der berg, anna. ").
_SURNAME_FULL_STOP_GIVEN = rf"(?<![^\W_]){NAME}\. {GIVEN_NAMES}; "
_SURNAME_PARTICLES = rf"(?:(?:{'|'.join(sorted(PARTICLES))}) ){{0,2}}"
NAME_BEFORE_FULL_STOP = re.compile(
    rf"(?:(?<![^\W_])(?:[^\W\d_]|dr|prof)\. |(?<![^\W_])[^\W\d_]\.{NAME} "
    rf"|{_SURNAME_FULL_STOP_GIVEN}(?:{NAME}\. )?"
    rf"|(?:^|[.,;:)\]] ){_SURNAME_PARTICLES}{NAME}, "
    rf"(?:{NAME} |[^\W\d_][\w'\u2019]*-)?)$")
#: A surname and its full stop right before a title ("W. H. Zurek. Title"), if a name ends there.
SURNAME_BEFORE_TITLE = re.compile(rf"{NAME}\." + OPENING)
ENTRY_NUMBER = re.compile(r"\[(\d{1,4})\]")
#: The number that opens a numbered entry, as ``entry_numbers.own_entry_number`` reads it: "[12]"
#: but no year in brackets, which dates an entry ("Bainbridge, D. [1997] Title", "(1961)
#: [1943]. Title": a bibliography numbered past 1500 is rare); or "12. " (up to three digits,
#: not joined to a word, a number or punctuation before them: not the end of "1983. " nor of
#: "p.12. ").
BRACKETED_ENTRY_NUMBER = re.compile(rf"\[(?!{YEAR_DIGITS}\])(\d{{1,4}})\]")
LISTED_ENTRY_NUMBER = re.compile(r"(?<![\w.,:;/-])(\d{1,3})\. ")
#: A name with initials as it opens an author run: "d. fiala", "j.-p. martin", "fiala, d.",
#: "fiala d.", "fiala dj," (Vancouver). After a year in brackets it tells a list labelled by
#: year ("...Journal. [2003] D. Fiala: Title") from an entry's date before its title.
NAME_WITH_INITIALS = (r"(?:[^\W\d_]\.[ -]?){1,3}[^\W\d_]"
                      rf"|{NAME},? (?:[^\W\d_]\.|[^\W\d_]{{1,2}}[,;:])")
#: A date that ends an author list right before its title, printed as after an author run, in
#: brackets or punctuated: "(2001) ", "(2005), \u201c", "2013b. ".
DATE_BEFORE_TITLE = re.compile(
    rf"{RUN_DATE_OPEN}(?:{_BRACKETED_RUN_DATE}|{_PUNCTUATED_RUN_DATE}){OPENING}")
#: The next entry's number after the year that closes an entry: "Paris, 2001 17. S. Name",
#: "Frankfurt 2003 [5] Title" (after a year, not after a word: "as shown in [12]").
#: A year in brackets after the year is the first edition's, no entry number ("Hjelmslev, L.
#: (1961) [1943]. Title").
NUMBER_AFTER_YEAR = re.compile(rf"(?<!\d){DATE_YEAR_DIGITS}[a-z]?\)?[.,]? "
                               rf"(?:\d{{1,3}}\.|\[(?!{YEAR_DIGITS}\])\d{{1,4}}\]) ")
#: The year or the pages that close an entry printed with no punctuation after them (a comma
#: after a year may be the run's own date's: "Schmidt, H., 2019, June, Title"), then the
#: next entry's author run right before its title: inverted names with their given names or
#: initials, or initials and a surname, perhaps joined by the word for "and", perhaps the
#: run's date after them ("..., Phaidon Press, 1993 Hengo, Ally, \"Title", "..., Paris, 2001
#: L. F. J. C. Saulcy, Title", "..., August 2012 Eco, U. (1988). Title", "...du Perigord
#: 264-265 Peplinski, D.K. & Ducoste, J.J., 2002. Title").
_CLOSING_FIELD = rf"(?<![\w.-])(?:{YEAR_DIGITS}[a-z]?|\d+{RANGE_DASH}\d+) "
_INITIALS_RUN = r"(?:[^\W\d_]\.[ -]?){1,4}"  # "d.k.", "c. r.", "m.-b."
_RUN_NAME = (rf"(?:{NAME}, (?:{GIVEN_NAMES}[.,]? )?|{NAME},? {_INITIALS_RUN},? ?"
             rf"|{_INITIALS_RUN} ?{NAME}[.,]? )")
RUN_AFTER_CLOSING_FIELD = re.compile(
    _CLOSING_FIELD + rf"(?:{_RUN_NAME}(?:{AND_WORD} )?){{1,3}}"
    rf"(?:\(?{YEAR_DIGITS}[a-z]?\)?[.,:]? )?{_OPENING_MARK}? ?$")
#: The rest of an author run and an article's venue and numbers, as styles that print the
#: title last print them before it, up to the title: the journal, its volume and pages, then
#: the year in brackets and a full stop (", Past and Present, 1, 142--150 (1992). ", " and P.
#: M. Sutcliffe, Phys .Rev .Lett, 81, 4798--4801 (1998). "). No bracket but the year's, no
#: other year: one entry's fields (``attribution._title_ends_numbered_entry``).
VENUE_NUMBERS_BEFORE_TITLE = re.compile(
    rf"[^\[\]()]*\d[^\[\]()]*\({YEAR_DIGITS}[a-z]?\)\. ")
#: What follows a title that ends its entry: its full stop, then the next entry's "[n]".
TITLE_ENDS_ENTRY = re.compile(r"[.?!]? ?\[(\d{1,4})\]")
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
#: authors or editors, the same entry ("Wolfgang Jantzen: Vorwort. In: J. Bauer: Title").
IN_CONTAINER = re.compile(r"in: ")
#: A parenthesis inside an author run: an organisation's expansion or acronym ("CIDEHUM
#: (International Centre for the Human Rights of Migrants), 2012.", "..., United States
#: (NAVFAC Pacific and EPA). 2001.").
PARENTHESES = re.compile(r"\([^()]*\)")
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
# The fields a title runs into with no punctuation between them, each read from the end of the
# title's last word (the blank before the field, or a dash joined to the word): one shape each
# below, ``NEXT_FIELD`` any of them. A field's first word is no title word.
#: The year after a place, perhaps after its state's code: ", 2000", ", GA, 1997".
_YEAR_AFTER_PLACE = rf",(?: [^\W\d_]{{2}},)? \(?{YEAR_DIGITS}(?!\d)"
#: The place and year of publication: one or two words and a state's code ("...Atlanta, GA,
#: 1997."; a publishing city and its year, "...nationale de France Paris, 2000.", is
#: ``_CITY_AND_PUNCTUATION``'s). Not any word before ", 2000.": a title's own last word is one
#: ("...der neunziger Jahre, 1986."), where a query that lacks it names another work.
_PLACE_AND_YEAR = rf" {NAME}(?: {NAME})?(?=, [^\W\d_]{{2}},){_YEAR_AFTER_PLACE}"
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
#: Dunod" (French spacing), "...concepts et méthodes Paris: Dunod."). The city is the word
#: right after the query's last one: a query that lacks the title's last word has that word
#: before the city. One pattern for every field after a city: the list is long, and read once.
#: A publisher's seats may follow the city after slashes, one word or a listed city each
#: ("...Collections / collectionneurs Strasbourg/Mulhouse.", "...l'art brut Milano/Lausanne:",
#: "...in Sprache und Literatur Amsterdam/ Philadelphie, John Benjamins", "Berlin/New York:");
#: not after a hyphen: a title may end with two places joined so ("...Moscow-Toropets").
#: The state's or country's code after the city may have its comma after a blank or joined to
#: both ("Durham,NC:"), or no comma, a listed code then ("...The European Union Cambridge UK:
#: Cambridge University Press": ``places.REGION_CODES``). A closing bracket may stand before the
#: punctuation, where a style left out its opening ("...of a True Believer London), pp. 226-235.").
_SEATS_AFTER_SLASHES = rf"(?: ?/ ?(?:{places.PUBLISHING_CITIES}|[^\W\d_][\w'\u2019-]*)){{0,2}}"
_CITY_AND_PUNCTUATION = (rf" (?:{places.PUBLISHING_CITIES}){_SEATS_AFTER_SLASHES}"
                         rf"(?: ?, ?[^\W\d_]{{2,3}}| {places.REGION_CODES})?"
                         r"\)?(?:,?\.(?: |$)|[,;] |(?: [-\u2013\u2014]?)?: )")
#: A publication field told by its shape, whatever the words: a publisher's one-word name, its
#: colon and the city it publishes in ("...Moral Reasoning Fortress: Minneapolis, 1991",
#: "...II \u00e9d., I t Brockhaus: Leipzig, 1852": styles that print "Publisher: Place").
#: One word, never two, before the city's colon: the field starts right after the title's last
#: word, so a query that lacks that word ("...Moral [Reasoning] Fortress: Minneapolis") still
#: has a word of the title after it.
_PUBLISHER_THEN_CITY = (rf" [^\W\d_][\w'\u2019&-]*: (?:{places.PUBLISHING_CITIES})"
                        rf"(?:, [^\W\d_]{{2,3}})?(?=[.,;]|$| \(?{YEAR_DIGITS})")
#: A publisher named by a person's initials and surname, its comma and the city it publishes
#: in ("...Non siamo d'accordo F. de Silva, Torino.", "...Hair R. Hale, London, 1958", "...J.B.
#: Lippincott, Philadelphia": styles that print "Title Publisher, Place"). Up to three initials,
#: then up to three words of the surname ("de Silva"). The field opens with an initial: a
#: query that lacks the title's last word has that word before it, and a title's last word is
#: no single letter with a full stop.
_INITIALLED_PUBLISHER_THEN_CITY = (rf" (?:{INITIAL} ?){{1,3}}(?:{NAME} ){{0,2}}{NAME}, "
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
#: 3-and 4-dimensional manifolds Durham,NC: Amer. Math. Soc.").
_PLACE_AND_REGION = (rf" [^\W\d_][\w'\u2019-]* ?, ?{places.REGIONS}"
                     r"(?:\.?[,:;]|\.)(?: |$)")
#: A dash (a hyphen or any dash, one or more) after a blank, right before the next field's word:
#: the place ("...and Social Order -Oxford: Blackwell.").
_DASH_BEFORE_WORD = r" [-\u2010-\u2015]+ ?(?=[^\W\d_])"
#: An en or em dash joined to the title's last word, then a blank, before the next field.
_DASH_AFTER_WORD = r"[\u2013\u2014] "
#: The word an edition is printed with, in the languages styles print: "ed.", "Aufl.", "изд.".
EDITION_WORD = r"(?:ed|edn|edition|aufl|auflage|vyd|wyd|izd|\u0438\u0437\u0434|uitg)"
#: An edition: "Crystal growth 3rd ed.", "2. Aufl.", "2. vyd.".
_EDITION = rf" \d{{1,2}}(?:st|nd|rd|th|e|er|\.)? ?{EDITION_WORD}\b"
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
#: A number or code of four characters or more, perhaps after a short prefix: "...mail pieces
#: US6123456B2".
_NUMBER_OR_CODE = r" (?:[^\W\d_]{1,4} ?)?\d[\d,./-]{3,}"
#: A patent: "US Patent 6,123,456".
_PATENT = r" (?:us |u\.s\. )?pat(?:ent|\.)"
#: A publisher told by its word (``publishers``): one or two words of three letters or more
#: before a word that closes a name ("...Cambridge University Press", "...Relations Zed
#: Books:", "...Gyldendal Norsk Forlag"; not the word alone, nor after "in" or "of": a query
#: that lacks a title's last word "Books" or "Press" has that word, or "in Books", right
#: after it), or a word that opens one before the name's first word ("...environnementale
#: Éditions Yvon Blais", "...Ensaios Editora Atlas").
_NAME_CLOSING_WORD = publishers.alternation(publishers.NAME_CLOSING_WORDS)
_NAME_OPENING_WORD = publishers.alternation(publishers.NAME_OPENING_WORDS)
_PUBLISHER_WORD = (rf" (?:[^\W\d_]{{3,}} ){{1,2}}(?:{_NAME_CLOSING_WORD})\b"
                   rf"| (?:{_NAME_OPENING_WORD}) (?=[^\W\d_])")
#: A contribution's container after "In:" (``IN_CONTAINER``): "Ideengeschichte der Integration
#: In: Name (Hrsg.)"; or after "In:" and the comma of an editors' field the style left empty
#: ("...Verbonominal Phrases In:, Travaux Linguistiques").
_CONTAINER_AFTER_COLON = r" in:(?: ?,)? "
#: The abbreviations of words journals' names open with ("Phys.", "Geophys.", "Atmos."), none
#: a whole word a title ends with ("Earth.", "Mineral." are): a field's ("Phys.", "Stud.",
#: "Hist."), a journal's kind ("Res.", "Mem.", "Adv."), or the nation or region it serves, as
#: ISO 4 abbreviates them ("Scand.", "Nord.", "Eur.", "Int.", "Am.", "Br.", "Jpn.").
_JOURNAL_WORD = (r"(?:proc|phys|nucl|ann|rev|lett|commun|trans|astrophys|astron|theor"
                 r"|fortschr|helv|prog|nuovo|sov|zh|math|chem|biol|acad|natl|sci|soc"
                 r"|geol|geophys|atmos|ecol|cosmet|environ|appl|oceanogr|meteorol|hydrol"
                 r"|quat|agric|zool|entomol|microbiol|biochem|biophys|physiol|pharmacol|psychol"
                 r"|neurosci|immunol|genet|toxicol|clin|exp|sociol|econ|philos|educ|crystallogr"
                 r"|stud|hist|polit|comput|med|mol|eng|res|mem|adv|curr|annu|tidskr|tidsskr"
                 r"|scand|nord|eur|int|am|br|aust|jpn)")
#: An abbreviated journal name right after a title with no punctuation (physics styles:
#: "...axisymmetric sources Proc. R. Soc. A 269", "...Bose gas Phys. Rev. Lett. 130"): a
#: journal word's abbreviation, then another abbreviation; or then one to three words and the
#: volume's number, where the style strips the last abbreviation's full stop ("...the sea bed
#: Geol. Mag 137, 67-80", "...land cover change Geophys. Res. Lett 30, 1055", "...in copper
#: Phys. Rev 48.", or with a comma before the volume: "...and bird habitat Ecol. Soc, 14,
#: 22"). A title's own word has no full stop before the volume: a query that lacks
#: the title's last word has that word before the journal's (``words`` reads it so). A
#: journal word's abbreviation right before a number is a name's last ("...Oral
#: Administration Life Sci. 39: 819"), no name's opening. "Proc." opens a conference's
#: name before its year, or before up to three words of any length and a number ("...Nonlinear
#: Filtering Proc. 2004 SPIE Conference", "...Demand Management Proc. WaterSmart Innovations
#: 2010"): no title ends with it.
ABBREVIATED_VENUE = (rf" {_JOURNAL_WORD} ?\.(?: ?[^\W\d_]{{1,9}} ?\."
                     r"|(?: [^\W\d_]{1,9}\.?){1,3},? \d{1,4}(?![^\W_]))"
                     rf"| proc\.(?: [^\W\d_]+){{0,3}} \d")
#: A contribution's container opened by "in" with no colon after it ("...as Teaching In Academic
#: Advising: A Handbook for Advisors", "...mixing In Proceedings of the Ocean Workshop", "...dunes
#: in J. Lee (eds.), Coastal Forms", "...walls In Coastal Engineering, ed. by M. Berg"): the word
#: "in", and before the container's first sentence end (a full stop after an initial is none)
#: an editor's role, or a word only a container's name holds as the first word after "in" or
#: after a subtitle's colon. A title that goes on with "in" ("Deep learning in medicine.
#: Nature", "Harbour walls in coastal workshop sheds") holds neither.
_CONTAINER_WORDS = (r"proceedings|proc\.|handbook|handbuch|encyclopa?edia|companion|conference"
                    r"|symposium|workshop|congress|colloquium|yearbook|jahrbuch|festschrift"
                    r"|anthology|sammelband|actes|atti|anais|anales")
_EDITED = (rf"\((?:{EDITOR_ROLE})\)|(?<![^\W_])(?:eds?|edd|hrsg|hgg?|dir|coords?)\.(?= |,|$)"
           r"|(?<![^\W_])eds? (?=[^\W\d_]\.? )|edited by|herausgegeben von|a cura di")
_UP_TO_SENTENCE_END = r"(?:[^.?!]|(?<![^\W_]{2})\.)"
_CONTAINER_HEAD = rf"(?:(?:the|a|an|der|die|das|le|la|les|el|il) )?(?:{_CONTAINER_WORDS})(?![^\W_])"
_CONTAINER_IN = (rf" (?:in|en|dans|im) (?:{_CONTAINER_HEAD}|(?={_UP_TO_SENTENCE_END}{{0,100}}?"
                 rf"(?:[:,] {_CONTAINER_HEAD}|{_EDITED})))")
#: A volume number and its date in brackets after a journal's or a series' title run into it
#: ("University Press Publishing 1 (zp 1970) 133", "Harbour Studies 12 (2001), 5-17").
_VOLUME_AND_DATE = rf" \d{{1,4}},? \([^()]{{0,12}}(?<![\d]){YEAR_DIGITS}[a-z]?\)"
#: A volume or issue mark and its number ("...Publishing Vol. 1, p. 133", "...Publishing Bd. 1,
#: S. 133", "...Harbour Studies No. 12", "...Histoire Tome II"), or a volume's bare number and
#: its year after a comma ("...Les Lythrariées italiennes 16, 1884."): the title's last word
#: is right before them; a query that lacks it has that word before the mark.
_VOLUME_MARK = (r" (?:(?:vol|vols|bd|bde|no|nos|nr|t|jg|jahrg|fasc|iss)\. ?"
                r"|(?:volume|band|tome|tomo|heft|issue|number) )(?:\d{1,4}|[ivxlc]{1,6})\b")
_VOLUME_AND_YEAR = rf" \d{{1,3}}, \(?{YEAR_DIGITS}(?!\d)"
#: A publisher known by its name (``publishers``): one no title ends with as an ordinary word,
#: whatever follows it ("The Lost Manual Addison-Wesley, 1990", "...der Universität Bremen
#: Lehmanns, Berlin", "...International Relations Zed Books: London", "...Type and Typography
#: Laurence King, 2005"); or one that is an ordinary word too, before its field: a publishing
#: city after its punctuation, or a year ("...Moral Reasoning Fortress. Minneapolis:",
#: "...Sociology Polity, 1991").
_KNOWN_PUBLISHERS = (
    rf" (?:(?:{publishers.alternation(publishers.DISTINCT_NAMES)})(?![^\W_])"
    rf"|(?:{publishers.alternation(publishers.COMMON_WORD_NAMES)})"
    rf"(?:[.,:;] (?:{places.PUBLISHING_CITIES})(?![^\W_])|[.,;]? \(?{YEAR_DIGITS}(?!\d)))")
#: A word an organisation's name holds before "for" or "of": "...Teaching Society for the
#: Teaching of Psychology.", "...recognition Swiss Federal Institute of Technology.".
_ORGANISATION_WORD = (r"(?:society|association|institute|council|academy|federation|foundation"
                      r"|university|centre|center|agency|ministry|department|commission)"
                      r" (?:for|of) ")
#: An organisation's name opening the field after a title, its word first (the organisation
#: that publishes a website, a series, a report or a thesis): a query that lacks the title's
#: last word has that word before the organisation's.
_ORGANISATION = rf" (?:the )?{_ORGANISATION_WORD}"
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
_ONE_WORD_JOURNAL = (rf" {NAME}(?:\. ?{YEAR_DIGITS}(?: [^\W\d_]{{3}}(?: \d{{1,2}})?)? ?[;:] ?\d"
                     rf"|, (?:\d{{1,3}}, (?:pp?\. ?\d|\({YEAR_DIGITS}\))"
                     rf"|pp?\. ?\d+(?:{RANGE_DASH}\d+)? \({YEAR_DIGITS}\))"
                     rf"|:(?!{YEAR_SPAN})\d+{RANGE_DASH}\d+(?!\d))")
#: The field a title runs into, any of the shapes above, read right after the title's last
#: word: ``verify`` reads the words after a hit there as another field's, not the title's.
NEXT_FIELD = re.compile("|".join((
    ABBREVIATED_VENUE, _PLACE_AND_YEAR, _CITY_AND_PUNCTUATION,
    _PUBLISHER_THEN_CITY, _INITIALLED_PUBLISHER_THEN_CITY, _PLACE_AND_EMPTY_PUBLISHER,
    _PLACE_AND_CODE_THEN_PUBLISHER,
    _PLACE_AND_REGION,
    _DASH_BEFORE_WORD, _DASH_AFTER_WORD,
    _EDITION, _YEAR_FIELD, MONTH_OF_DATE, _NUMBER_OR_CODE, _PATENT, _PUBLISHER_WORD,
    _CONTAINER_AFTER_COLON, _CONTAINER_IN, _VOLUME_AND_DATE, _VOLUME_MARK, _VOLUME_AND_YEAR,
    _KNOWN_PUBLISHERS, _ORGANISATION, _ONE_WORD_JOURNAL)))
# The rest of an entry after a title that runs into it, read as the entry's own publication
# data up to the entry's end (``capitals`` reads the capital that starts it and the title's case).
#: The next entry's opening right after an entry's last full stop: the text's end, an entry's
#: "[n]" or "n." (up to three digits: "2003." is a year that closes a name), a surname and its
#: initials ("Forsman, E.D.", "Walters E.T.", or joined to the comma as some styles print
#: every name: "Maclean,S.A."), an inverted name and its given name ("DUMONT, Béatrice;"), or
#: a ditto mark ("— (2012)").
_NEXT_ENTRY_OPENING = (r"(?=$| ?\[\d{1,4}\]| \d{1,3}\. "
                       rf"| {NAME}(?:, ?| )(?:[^\W\d_]\.[ -]?){{1,3}}"
                       rf"| {NAME}, {NAME}[.,;] "
                       rf"| {DITTO_DASH})")
#: What closes an entry right after its place or its publisher: the full stop and the next
#: entry's opening, the year after a semicolon or a comma (not a bracket's year: "[Title,
#: Western Australia; 2001]" repeats a title), the pages after a comma, or a colon before the
#: publisher.
_ENTRY_CLOSING = (rf"(?:\.{_NEXT_ENTRY_OPENING}|[;,] \(?{YEAR_DIGITS}(?![\d\]])"
                  rf"|, (?:pp?\. ?)?\d+{RANGE_DASH}\d+| ?: (?=[^\W\d_]))")
#: A journal's volume right after a title the style prints with no mark and no journal's name
#: (science-china-earth-sciences: "...2016. The Antisocial Network 49.", "...1993. Entropy and
#: area 71, 666–669."): the volume's number, perhaps its issue in brackets, then its pages
#: after a comma or a colon, or the full stop before the next entry's opening. A query that
#: lacks the title's last word has that word before the number.
VOLUME_CLOSING_ENTRY = re.compile(
    rf" \d{{1,4}}(?: ?\(\d{{1,4}}\))?(?:[,:] ?\d+(?:{RANGE_DASH}\d+)?(?![\d.,:]\d)"
    rf"|\.{_NEXT_ENTRY_OPENING})")
#: A word that opens a place's name of two words: "New York", "North Carolina", "Central
#: America", "San Diego", "St. Paul" (perhaps with an abbreviation's full stop).
_PLACE_NAME_OPENER = (
    r"new|north|south|east|west|northern|southern|eastern|western|central|upper|lower|great"
    r"|little|latin|san|santa|saint|st|sainte|ste|port|mount|lake|fort|bad|nueva|nuevo|nova"
    r"|novo|neu")
#: A town's name, one word or two after a word that opens a place's name ("...Law Dictionary
#: St. Paul: West Publishing Co."), then what closes the entry (:func:`town_closes_entry`).
_TOWN_CLOSING_ENTRY = re.compile(
    rf" ((?:(?:{_PLACE_NAME_OPENER})\.? )?{NAME}){_ENTRY_CLOSING}")
#: The word before a town that makes the town a word of the title: a preposition, an article
#: or a conjunction ("...Death in Venice.", "...la bataille de Cahors.", "...Thames and
#: Hudson."), a number ("...Vols. I and II"), or a word that opens a place's name of two
#: words ("...New York.", "...North Carolina.", "...Central America.", "...San Diego.").
_WORD_BEFORE_TITLES_TOWN = re.compile(
    r"(?<![^\W_])(?:in|at|of|from|near|to|into|around|across|for|on|by|the|a|an|and|or"
    r"|de|du|des|di|da|do|del|della|von|van|aus|zu|zur|bei|im|nach|en|au|aux|et|und|y|e|la|le"
    r"|les|el|los|las|der|die|das|dem|den|il|lo"
    rf"|{_PLACE_NAME_OPENER}|\d+|[ivxlc]+)$")
#: A town's name as a title prints it: three letters or more, no Roman numeral.
_TOWN_WORD = re.compile(r"(?![ivxlc]+(?: |$))[^\W\d_]{3}")


def town_closes_entry(text: str, at: int) -> bool:
    """True if the word right after ``at`` (the end of a title's last word), or two words after
    a word that opens a place's name ("St. Paul", "Fort Worth"), are a town GeoNames knows
    (``places.is_town``) or a listed publisher's name, and close the entry
    (``_ENTRY_CLOSING``): "...les infirmières Talence.", "...lower delta Cahors; 1978",
    "...leurs familles Talence, 118-121.", "...art techniques Bell." (a style that prints the
    title with no closing punctuation and then one place or publisher). Not after a
    word that makes the town the title's own (``_WORD_BEFORE_TITLES_TOWN``: "...Death in
    Venice.", "...New York."). Called by ``capitals.field_start``, which asks it only after a
    title's last word printed in lower case and of a capitalised town: on normalized text
    alone a title's own last word is a town as often ("...Abtei Prüm.", "...Universität
    Bremen.", "...Understanding and Managing Change.").
    """
    town = _TOWN_CLOSING_ENTRY.match(text, at)
    return town is not None and _closes_as_town(text, town)


def _closes_as_town(text: str, town: re.Match[str]) -> bool:
    """True if ``town`` (a ``_TOWN_CLOSING_ENTRY`` match: a word or two, then what closes the
    entry) is a town's or a listed publisher's name, and no word before it makes it the
    title's own (``_WORD_BEFORE_TITLES_TOWN``). A name of two words is printed as a town's
    (``_TOWN_WORD``) by its last word: the first may be an abbreviation, "St.". Called by
    :func:`town_closes_entry` and :func:`towns_closing_entries`."""
    at = town.start()
    if _WORD_BEFORE_TITLES_TOWN.search(text, max(0, at - 12), at):
        return False
    last_word = town[1].rpartition(" ")[2]
    return _TOWN_WORD.match(last_word) is not None and (
        places.is_town(town[1]) or publishers.is_publisher(town[1]))


#: A town's colon before its publisher or semicolon before its year ("...Rheinstetten:
#: Schindele Verlag; 1979", "...Bilthoven; 1973"): what follows a place, not a title's end.
_PUBLISHER_OR_YEAR_AFTER = re.compile(rf" ?: (?=[^\W\d_])|; \(?{YEAR_DIGITS}(?![\d\]])")


def towns_closing_entries(text: str) -> Iterator[tuple[int, bool]]:
    """Each town in ``text`` that closes its entry as :func:`town_closes_entry` reads it right
    after a word with no punctuation between: the end of that word ("...their families|
    Bilthoven; 2004"), and whether the town's publisher (its colon) or its year (a
    semicolon) follows it (``_PUBLISHER_OR_YEAR_AFTER``, not the entry's full stop). Called by
    ``capitals.prints_titles_into_towns`` to tell a list that runs titles straight into their
    place."""
    for town in _TOWN_CLOSING_ENTRY.finditer(text):
        if town.start() > 0 and _closes_as_town(text, town):
            after = _PUBLISHER_OR_YEAR_AFTER.match(text, town.end(1)) is not None
            yield town.start(), after


_PLACE_WORD = r"[^\W\d_][\w'\u2019/-]*"  # "Athens", "Nouméa", "Frankfurt/Main"
_PUBLISHER = r" ?: [^.:;?!]+"  # its colon, the publisher, perhaps a series or a year after it
#: A place of one word, its publisher, and the entry ends: "...en Nouvelle-Calédonie Nouméa: Île
#: de lumière, collection 101 mots.". One word: a query that lacks the title's last word has
#: that word before the place. (A place alone, "...security strategies Athens.", is not read
#: so: an entry that ends with its title prints its last word so too, "...in coastal Malta.")
PLACE_AND_PUBLISHER_TO_ENTRY_END = re.compile(
    rf"{_PLACE_WORD}{_PUBLISHER}\.{_NEXT_ENTRY_OPENING}")
#: A container closed by a full stop and the comma of an empty field after it, then its place,
#: perhaps its publisher, and the entry ends: "...of well-being Choices, Values and Frames., New
#: York: Cambridge University Press.", "...Schüler Länger gemeinsam lernen., Frankfurt und
#: Aurich." (styles that print a chapter's book after its title with no punctuation). The
#: container holds no full stop but an abbreviation's ("Vol. 1"); ``capitals`` reads its first
#: word.
CONTAINER_AND_PLACE_TO_ENTRY_END = re.compile(
    rf"(?:{ABBREVIATION}|[^.?!]){{1,200}}?\., {_PLACE_WORD}[^.:;?!]*(?:{_PUBLISHER})?\."
    + _NEXT_ENTRY_OPENING)
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
    rf"{_PLACE_WORD}(?: {_PLACE_WORD})?(?:, [^\W\d_]{{2,3}})?{_PUBLISHER}\.{_NEXT_ENTRY_OPENING}")
#: A container right after a title (a journal's, a book's or a conference's name, up to 150
#: characters: no digit, no punctuation but an apostrophe or a hyphen), then its year and pages
#: ("...du semblable L'Homme, 2008, pp. 455–477"), its volume and pages after commas ("...of
#: beaver Proceedings of the Annual Conference of the Western Association of State Game and
#: Fish Commissioners, 41, pp. 181–184"), its volume, perhaps its issue, and pages ("...nominal
#: tone Africana Linguistica 16 3–30", "...Harbour Studies 12(3): 5-17"), or, perhaps after its
#: full stop, its year, a semicolon and its volume (Vancouver: "...l'objectivité scientifique
#: Communication. 2006;149:97-111", "...nominal tone Africana Linguistica 2010; 16:3–30"):
#: ``capitals`` reads its first word.
CONTAINER_WITH_ISSUE = re.compile(
    rf"[^\W\d_](?:[^\W\d_]|['\u2019-]|(?<=[^\W\d_]) (?=[^\W\d_])){{0,150}}"
    rf"(?:, \(?{YEAR_DIGITS}\)?, (?:pp?\. ?)?\d+{RANGE_DASH}\d+"
    rf"|\.? {YEAR_DIGITS}; ?\d{{1,4}}"
    rf"|, \d{{1,4}}, pp?\. ?\d+{RANGE_DASH}\d+"
    rf"| \d{{1,4}}(?: ?\(\d{{1,4}}\))?:? \d+{RANGE_DASH}\d+)(?!\d)")
#: A journal whose name is one word, its comma, its volume, a comma and its pages with no mark
#: ("...Clearwater East Crater Meteoritics, 32, 761–7", "...and antiphospholipid antibodies
#: Rheumatology, 48, 1003–1007": tropical-animal-health-and-production). ``capitals`` reads it
#: only where the word is printed with a capital: a style that prints no container prints a
#: title's own last word so too ("...a randomized controlled study, 36, 543–549."). A range
#: that opens with a year is a span of years, none.
ONE_WORD_JOURNAL_AND_PAGES = re.compile(
    rf"{NAME}, \d{{1,3}}, (?!{YEAR_DIGITS}{RANGE_DASH})\d{{1,5}}{RANGE_DASH}\d{{1,5}}(?!\d)")
#: What closes an entry right after an acronym a title runs into (an organisation's or a
#: publisher's, ``capitals``): what closes it after a town (``_ENTRY_CLOSING``: "...URSS.", the
#: next entry after it; "...Love, Earth INSEAD; 2012"), or a full stop and the year
#: (Vancouver, where no place or publisher is printed: "...aux États-Unis EOLE. 2012").
ACRONYM_CLOSING_ENTRY = re.compile(rf"{_ENTRY_CLOSING}|\. \(?{YEAR_DIGITS}(?![\d\]])")
#: An organisation at the end of a list of persons: "..., and the members of the Citation
#: Metrics Work Group. 2013.", "..., and the XYZ Consortium, 2010." (a piece too long for a
#: person's name, ``author_lists.ends_author_list``).
CORPORATE_AUTHOR = re.compile(
    r"(?:(?:and|&) )?(?:the )?(?:members of (?:the )?|on behalf of (?:the )?)?"
    rf"(?:{NAME} ){{0,8}}(?:group|committee|consortium|collaboration|team"
    r"|network|investigators|council|association|society|task force|panel|initiative"
    r"|working party)\.?")
