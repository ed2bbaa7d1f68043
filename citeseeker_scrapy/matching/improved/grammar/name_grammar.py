"""How names and author runs look in normalized text: a name's words, given names and initials,
the word for "and", the pieces of a run and how its last name ends (the patterns
``author_lists``, ``author_run_ends``, ``attribution`` and ``entries_between`` read a run
with, and ``entry_grammar`` builds an entry's other parts on).

Patterns only, no logic; each pattern's comment names the real strings it was written for.
"""

from __future__ import annotations

import re

from ...name_parts import INITIAL, PARTICLES

#: The word for "and" before an author list's last name, in the languages bibliographies are
#: printed in: English, French "et", German "und", Spanish "y", Portuguese and Italian "e",
#: Czech and Slovak "a", Polish and Croatian "i", Russian "и", Dutch "en", Danish and Norwegian
#: "og", Swedish "och", Finnish "ja", Hungarian "és" (accents are gone in normalized text).
AND_WORD = r"(?:&|and|et|und|y|e|a|i|\u0438|en|og|och|ja|es)"
#: A word of a name: a letter, then letters, digits, apostrophes and hyphens ("o'hara",
#: "ter-avest", "dell’orto"), as the patterns here and ``entry_grammar``'s, ``author_lists``,
#: ``title_first``, ``verify``, ``words`` and ``running_text`` read a name in an entry.
NAME = r"[^\W\d_][\w'\u2019-]*"
#: A given name or initials, perhaps hyphenated ("sarang", "r.s.", "f.-j."), and up to three of
#: them ("jean claude", "j. paul"): how styles print the given names of a name; ``verify``
#: reads those after an inverted surname with them.
GIVEN_OR_INITIALS = rf"(?:(?:[^\W\d_]\.-?)+|{NAME})"
GIVEN_NAMES = rf"{GIVEN_OR_INITIALS}(?: {GIVEN_OR_INITIALS}){{0,2}}"
#: "By" after a title, then the given names or initials of the name after it, up to four words
#: ("...Expressions by Jeffrey E. F. Friedl", "“Title” by Jean-Pierre Postel"): how a sentence
#: or a title-first entry names a work's author after its title. ``title_first`` and
#: ``running_text`` read it between a title and the searched surname.
BY_GIVEN_NAMES = r" by (?:[^\W\d_][\w'\u2019-]*\.? ?){0,4}"
#: Only given names (no full stop) between a surname and the year after it, where the year
#: closes an author list (``author_lists.ends_author_list``), not a venue: "DUPONT,
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
#: A surname of up to three words with its particles ("van den berghe") and its initials after
#: a comma, a full stop or a blank ("berg, j.", "wastiau.p", "berg j"; each initial one letter,
#: a full stop or no letter after it: not the first letters of a word, "de"), then the
#: separator before the next name: a piece of an author run printed in the author-initials
#: order. ``attribution`` reads a run of them right after an entry's date in brackets.
RUN_PIECE = (rf"(?:{NAME} ){{0,2}}{NAME}(?:[.,] ?| )(?:[^\W\d_](?:\.|(?![^\W\d_]))[ -]?){{1,3}}"
             rf"(?:[,;] ?)?(?:{AND_WORD} )?")
#: The rest of an author run after a surname, up to its title, where a style prints each
#: name's initials with no full stop and nothing between the last one and the title: as single
#: letters, " t, swinbank a " ("Josling T, Swinbank A The European Union."), " m " ("Rensky M
#: English Verbonominal Phrases."), or joined, two or three of them (Vancouver: " ca "
#: in "Nallino CA Raccolta Di Scritti.", " n, hill s, turner bs "), or two joined by a hyphen
#: (" j-h " in "Martin J-H Dubuffet & l'art brut."). Lower case cannot tell such
#: initials from a short word ("a", Czech "a" for "and", "de", "in"):
#: ``author_run_ends.initials_end_run`` reads the capitals too; ``bare_surnames`` reads the same
#: initials before a co-author's bare surname.
UNPUNCTUATED_INITIALS = r"(?: [^\W\d_]{2,3}|(?: [^\W\d_]){1,3}| [^\W\d_]-[^\W\d_])"
UNPUNCTUATED_INITIALS_RUN = re.compile(
    rf"{UNPUNCTUATED_INITIALS}(?:, {NAME}(?: {NAME})?{UNPUNCTUATED_INITIALS}){{0,5}} ")
#: An author run that prints each name's initials first with no full stop, as some styles print
#: every author ("D Z Saltini", "J-P Postel", "K-K R Choo"): up to three initials, each a letter
#: or two joined by a hyphen, then the surname; the names joined by a comma or the word for
#: "and", perhaps after a comma ("a robertson and a plummer", "b walker, s carpenter, and r
#: pritchard"). ``author_run_ends.initials_open_run`` reads it around the searched surname: from the
#: run's first initial up to the surname (its own initials last), ...
_FIRST_INITIALS = r"(?:[^\W\d_](?:-[^\W\d_])? ){1,3}"
_NAMES_JOINED = rf"(?:,? {AND_WORD} |, )"
INITIALS_FIRST_RUN_TO_NAME = re.compile(rf"(?:{_FIRST_INITIALS}{NAME}{_NAMES_JOINED}){{0,11}}"
                                        rf"{_FIRST_INITIALS}")
#: ... and from the surname up to the title: the run's further names, then the blank before
#: the title. Lower case cannot tell such initials from a word of one letter ("a", "y"), nor a
#: surname from a title's word: ``author_run_ends`` reads the capitals too.
INITIALS_FIRST_RUN_FROM_NAME = re.compile(rf"(?:{_NAMES_JOINED}{_FIRST_INITIALS}{NAME}){{0,11}} ")
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
#: The rest of an author run that opens with a bare surname and goes on with bare surnames,
#: each after a semicolon, up to the last one's full stop ("; kramer; builders." after
#: "draper": ABNT prints names it has no given names for so, "DRAPER; KRAMER; BUILDERS. The
#: Community."): that full stop ends the list.
BARE_SURNAMES_RUN = re.compile(rf"(?:; {NAME}){{1,6}}\.")
#: An organisation's name as it closes a list of persons: "the members of the Citation
#: Metrics Work Group", "the XYZ Consortium" (:data:`CORPORATE_AUTHOR`).
_CORPORATE_NAME = (r"(?:the )?(?:members of (?:the )?|on behalf of (?:the )?)?"
                   rf"(?:{NAME} ){{0,8}}(?:group|committee|consortium|collaboration|team"
                   r"|network|investigators|council|association|society|task force|panel"
                   r"|initiative|working party)")
#: ... and the same run where a style prints no comma between the names, only a blank, up to
#: the year after the last name's full stop: ", Thomas Elaine M. Huang Gail C. Murphy und
#: Thomas Zimmermann. 2014.", ", KA JK Nguyen K Kovach und JR Capadona. 2014."; after a name
#: inside such a run, with no comma after it: "...H. Holmes D. Brandt| C. Koeberl C. Dladla
#: P.J. Hancox und Kgagodi Basin. 2000." (more words than a name, so ``author_lists`` reads
#: them as names only with no title's function word among them: group 1 the words before the
#: word for "and", group 2 those after it); or an organisation after the word for "and"
#: (``_CORPORATE_NAME``, group 3, whose function words are its own: "...P.J. Hancox and the
#: members of the Kgagodi Basin Group. 2000.").
NAMES_WITHOUT_COMMAS = re.compile(rf",? ((?:{GIVEN_OR_INITIALS} ){{4,16}}){AND_WORD}"
                                  rf"(?:((?: {GIVEN_OR_INITIALS}){{0,2}} {NAME})"
                                  rf"|( {_CORPORATE_NAME}))\. ")
#: ... and a run that prints its first name inverted with no comma and a full stop after its
#: one given name written out, the other names given names first with no comma, up to the
#: date's bracket: " roberto. angel cuevas ruben cuevas y carmen guerrero (" after "gonzalez",
#: before "2011)" (the groups as above; the full stop is the first name's, not a sentence's).
NAMES_WITHOUT_COMMAS_AFTER_GIVEN_NAME = re.compile(
    rf" [^\W\d_]{{2,}}\. ((?:{GIVEN_OR_INITIALS} ){{1,16}}){AND_WORD}"
    rf"((?: {GIVEN_OR_INITIALS}){{0,2}} {NAME}) \(")
#: The abbreviations an author run prints beside a name, each with its full stop: a person's
#: title before it ("dr.", "prof.") and a generational suffix after its initials ("D.T.Jr.
#: King"). Their full stop ends no sentence (``entry_grammar.ABBREVIATION``), and a word's
#: full stop right after one ends a name (``NAME_BEFORE_FULL_STOP``).
GENERATIONAL_SUFFIXES = "jr|sr"
NAME_ABBREVIATIONS = f"dr|prof|{GENERATIONAL_SUFFIXES}"
#: What makes a word with a full stop the end of a name in an author run, not of a sentence:
#: an initial right before it ("j. robertson. 2005."), or a generational suffix a style prints
#: after the initials ("j.f.jr. mchone. 1988."), or an inverted surname and its comma
#: ("glorieux, palemon. 1925.", "name, given. name2, given. title": full-stop separators),
#: the given name perhaps hyphenated ("rioufol, marie-odile. title": the word is "odile"), or a
#: given name printed joined to an initial before it ("seay j.low back. 2011": "J. Low"), or a
#: list of names separated by semicolons that prints each surname with a full stop before its
#: given names ("deo. sarang; jain. aditya; kumar. ravi. title": "jain", "kumar" after such a
#: name and its semicolon, "ravi" right after the surname; not "...of things; vol. 34"), its
#: generational suffix perhaps after them ("adler. j.r. jr.; bower. r.; gupta. g. title"). The
#: inverted surname may open with particles ("le calvez, eric. ", "van der berg, anna. ").
_SURNAME_FULL_STOP_GIVEN = (rf"(?<![^\W_]){NAME}\. {GIVEN_NAMES}"
                            rf"(?: (?:{GENERATIONAL_SUFFIXES})\.)?; ")
_SURNAME_PARTICLES = rf"(?:(?:{'|'.join(sorted(PARTICLES))}) ){{0,2}}"
NAME_BEFORE_FULL_STOP = re.compile(
    rf"(?:(?<![^\W_])(?:[^\W\d_]|{NAME_ABBREVIATIONS})\. |(?<![^\W_])[^\W\d_]\.{NAME} "
    rf"|{_SURNAME_FULL_STOP_GIVEN}(?:{NAME}\. )?"
    rf"|(?:^|[.,;:)\]] ){_SURNAME_PARTICLES}{NAME}, "
    rf"(?:{NAME} |[^\W\d_][\w'\u2019]*-)?)$")
#: A person's initials as author runs print them, up to three: "d.", "j.-p.", "e.d.", "s. a.".
INITIALS = r"(?:[^\W\d_]\.[ -]?){1,3}"
#: An author run printed initials first with their full stops, from its first initial up to
#: the initials of the surname after it: "r. sandridge und k. ", "k. kohn, t. tagami, a. tamura
#: und s. " (before "ainsworth", "arai"). ``windows`` reads it back from a name: a title-first
#: entry prints its whole title before the run.
DOTTED_INITIALS_RUN_TO_NAME = re.compile(
    rf"(?<![^\W_])(?:{INITIALS} ?{NAME}(?:,? {AND_WORD} |, )){{0,11}}{INITIALS} ?$")
#: A name printed given name first, in full, as a run prints it before the next name: "nora
#: ferri, ", "ugo bassi " before "and".
GIVEN_FIRST_NAME = rf"{NAME} {NAME}(?:, | (?={AND_WORD} ))"
_INITIALS_OF_RUN_NAME = r"(?:[^\W\d_]\.[ -]?){1,4}"  # "d.k.", "c. r.", "m.-b."
#: A name of an author run, with what separates it from the next: an inverted name with its
#: given names or initials ("hengo, ally, ", "peplinski, d.k. "), initials and a surname ("l. f.
#: j. c. saulcy, "), or a given name and a surname (``GIVEN_FIRST_NAME``). ``entry_grammar``
#: reads a run of them after the field that closed the entry before
#: (``entry_grammar.RUN_AFTER_CLOSING_FIELD``).
RUN_NAME = (rf"(?:{NAME}, (?:{GIVEN_NAMES}[.,]? )?|{NAME},? {_INITIALS_OF_RUN_NAME},? ?"
            rf"|{_INITIALS_OF_RUN_NAME} ?{NAME}[.,]? |{GIVEN_FIRST_NAME})")
#: A name with initials as it opens an author run: "d. fiala", "j.-p. martin", "fiala, d.",
#: "fiala d.", "fiala dj," (Vancouver). After a year in brackets it tells a list labelled by
#: year ("...Journal. [2003] D. Fiala: Title") from an entry's date before its title.
NAME_WITH_INITIALS = (rf"{INITIALS}[^\W\d_]"
                      rf"|{NAME},? (?:[^\W\d_]\.|[^\W\d_]{{1,2}}[,;:])")
#: A parenthesis inside an author run: an organisation's expansion or acronym ("CIDEHUM
#: (International Centre for the Human Rights of Migrants), 2012.", "..., United States
#: (NAVFAC Pacific and EPA). 2001.").
PARENTHESES = re.compile(r"\([^()]*\)")
#: An organisation at the end of a list of persons: "..., and the members of the Citation
#: Metrics Work Group. 2013.", "..., and the XYZ Consortium, 2010." (a piece too long for a
#: person's name, ``author_lists.ends_author_list``).
CORPORATE_AUTHOR = re.compile(rf"(?:(?:and|&) )?{_CORPORATE_NAME}\.?")
