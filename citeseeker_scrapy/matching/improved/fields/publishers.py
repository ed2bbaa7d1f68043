"""Publishers' names as bibliographies print them: the owner of "is this a publisher's name".

A style that prints no punctuation between a book's title and its publisher ("...Decentering
International Relations Zed Books: London", "...Type and Typography Laurence King, 2005")
leaves only the name to tell where the title ends. ``run_on_fields`` builds its
``NEXT_FIELD`` shapes from these lists; ``verify`` reads the words after a hit through them
(the word check and the short-title check alike).

Data, and helpers that read the names as ``normalize.normalize_text`` folds the text (accents
and case dropped, "Schöningh" is "schoningh"), so the names are written as publishers print
them: a regex of them for ``run_on_fields``, whether a word is one (:func:`is_publisher`),
whether a query ends with one (:func:`ends_title`). The lists hold the academic and trade publishers books come from, per
language; not the names of any evaluation set.
"""

from __future__ import annotations

import re

from ...normalize import normalize_text
from ..text.printed_words import DROPPED_IN_WORDS, WORD

#: Names no title ends with as an ordinary word: right after a title, such a name is the
#: publisher whatever follows it ("...Bremen Lehmanns, Berlin", "...Relations Zed Books:").
#: With them a few that are words too but whose publishers print so many books that after a
#: title they are the publisher far more often ("...Alpenpässe Tirol, Academia, Bozen":
#: ``verify`` reads "Tirol, Academia" as no inverted name of the next entry).
DISTINCT_NAMES = (
    "Academia", "Sage", "Norton", "Penguin", "Dover", "Pearson", "Chapman",
    # English
    "Addison-Wesley", "Springer", "Springer-Verlag", "Wiley", "Wiley-Blackwell", "Elsevier",
    "Kluwer", "Prentice Hall", "Prentice-Hall", "McGraw-Hill", "Morgan Kaufmann", "Routledge",
    "RoutledgeFalmer", "Blackwell", "Birkhäuser", "O'Reilly", "CRC", "Macmillan", "Palgrave",
    "Palgrave Macmillan", "De Gruyter", "North-Holland", "Pergamon", "Plenum",
    "World Scientific", "Cengage", "Taylor & Francis", "SIAM", "Lippincott",
    "Lippincott Williams & Wilkins", "Williams & Wilkins", "Saunders", "Churchill Livingstone",
    "Thieme", "Karger", "Erlbaum", "Lawrence Erlbaum", "Guilford", "Jossey-Bass", "Earthscan",
    "Edward Elgar", "Ashgate", "Bloomsbury", "Zed Books", "Allen & Unwin", "Allen Lane",
    "HarperCollins", "Harper & Row", "Random House", "Knopf", "Doubleday", "Simon & Schuster",
    "Houghton Mifflin", "Little, Brown", "Faber & Faber", "Faber and Faber", "Heinemann",
    "Longman", "Hodder", "Hodder & Stoughton", "Methuen", "Jonathan Cape", "Chatto & Windus",
    "Weidenfeld & Nicolson", "Eerdmans", "Peter Lang", "John Benjamins",
    "Multilingual Matters", "Brepols", "Artech House", "Butterworth-Heinemann", "Butterworths",
    "Laurence King", "Thames & Hudson", "Thames and Hudson", "Phaidon", "Rizzoli", "Taschen",
    "Marcel Dekker", "Inderscience", "IGI Global", "Apress", "Packt", "Morgan & Claypool",
    "Cambridge Scholars", "Praeger", "Rowman & Littlefield", "Westview", "Lynne Rienner",
    "Zondervan", "InterVarsity", "Paulist", "T&T Clark", "Baker Academic", "Wolters Kluwer",
    "Lippincott-Raven", "Mosby", "Hogrefe", "Scribner", "Bantam", "Picador", "Granta",
    "Cassell", "Sweet & Maxwell", "LexisNexis", "Allworth", "Baywood", "Duckworth", "Batsford",
    "Harrap", "Gollancz", "Croom Helm", "Frank Cass", "Kegan Paul", "Sheed & Ward", "SPCK",
    "Aldine", "Wadsworth", "Harcourt", "Belknap",
    # German
    "C.H. Beck", "Suhrkamp", "Rowohlt", "dtv", "Reclam", "Hanser", "Kohlhammer", "Vieweg",
    "Teubner", "Oldenbourg", "Vandenhoeck & Ruprecht", "Vandenhoeck", "Mohr Siebeck", "Nomos",
    "Beltz", "Juventa", "Leske + Budrich", "Budrich", "Barbara Budrich", "Westdeutscher Verlag",
    "Klett-Cotta", "Klett", "Urban & Fischer", "Urban & Schwarzenberg", "Schattauer",
    "Franz Steiner", "Wallstein", "Kiepenheuer & Witsch", "Waxmann", "Schöningh",
    "Duncker & Humblot", "Schäffer-Poeschel", "Gabler", "Vahlen", "Lehmanns", "Wiley-VCH",
    "Hirzel", "Ernst & Sohn", "Cornelsen", "Westermann", "Hüthig", "Carl Heymanns", "Boorberg",
    "Erich Schmidt", "Klinkhardt", "Ernst Reinhardt", "Psychiatrie-Verlag", "Lambertus",
    "Böhlau", "Facultas", "UTB", "Springer VS", "VS Verlag", "Brockhaus", "Kösel", "Kröner",
    "Metzler", "Niemeyer", "Harrassowitz", "Luchterhand", "Ullstein", "Wagenbach",
    "Königshausen & Neumann", "Velbrück", "Diesterweg", "Schroedel", "Francke",
    # French
    "Gallimard", "Flammarion", "Fayard", "PUF", "Armand Colin", "Dunod", "Masson", "Hachette",
    "La Découverte", "Albin Michel", "Grasset", "Payot", "Odile Jacob", "L'Harmattan",
    "Harmattan", "Karthala", "Vrin", "Belin", "Eyrolles", "Dalloz", "LGDJ", "Economica",
    "Érès", "De Boeck", "Yvon Blais", "Les Belles Lettres", "Presses de Sciences Po",
    "Elsevier Masson", "Actes Sud", "Larcier", "Bruylant", "Mardaga", "Bordas",
    "Droz", "Hatier", "Plon", "Julliard", "Denoël", "Robert Laffont", "Klincksieck", "Ophrys",
    "Desclée", "Tallandier",
    # Spanish and Portuguese
    "Cátedra", "Siglo XXI", "Tecnos", "Paidós", "Anagrama", "Tusquets", "Akal", "Trotta",
    "Gredos", "Marcial Pons", "Tirant lo Blanch", "Reverté", "Fondo de Cultura Económica",
    "Saraiva", "Companhia das Letras", "Zahar", "Edusp", "Almedina", "Artmed",
    "Guanabara Koogan", "Manole", "Gedisa", "Espasa-Calpe", "Eudeba", "Boitempo",
    "Hucitec", "Brasiliense", "Martins Fontes",
    # Italian
    "Einaudi", "Feltrinelli", "Mondadori", "Laterza", "Il Mulino", "Bompiani", "Garzanti",
    "Adelphi", "Zanichelli", "UTET", "Carocci", "FrancoAngeli", "Franco Angeli", "Giuffrè",
    "Cedam", "Hoepli", "Bollati Boringhieri", "Olschki", "Passigli", "Sansoni", "Vallecchi",
    "Donzelli", "Marsilio", "Sellerio", "Rubbettino", "Jaca Book", "Raffaello Cortina",
    # Dutch and Nordic
    "Van Gorcum", "Noordhoff", "Wolters-Noordhoff", "Bohn Stafleu van Loghum", "Gyldendal",
    "Aschehoug", "Cappelen", "Cappelen Damm", "Universitetsforlaget", "Fagbokforlaget",
    "Studentlitteratur", "Norstedts", "Bonniers", "Natur & Kultur", "WSOY", "Munksgaard",
    "Hans Reitzel", "Samfundslitteratur", "Akademisk Forlag",
    # Czech, Slovak, Polish, Hungarian, Russian
    "Grada", "Karolinum", "Portál", "Vyšehrad", "Mladá fronta", "Paseka", "Computer Press",
    "Slovart", "PWN", "Ossolineum", "WNT", "Akadémiai Kiadó", "Юрайт", "Инфра-М", "Дрофа",
    "Эксмо", "Физматлит",
)

#: Names that are ordinary words or surnames too ("...the Wall of the Fortress", "...the
#: Indian Polity", "...by Ulrich Beck"): read as the publisher only before its field, a
#: publishing city after its punctuation or a year ("...Moral Reasoning Fortress.
#: Minneapolis:", "...Sociology Polity, 1991"). Even so a query that lacks such a title's
#: last word passes where the style prints "Title, City", so words titles often end with
#: ("Campus", "Winter", "Record", "Atlas", "Sphere", "Continuum", "Наука") are left out,
#: however large their publishers.
COMMON_WORD_NAMES = (
    "Fortress", "Polity", "Verso", "Beck", "Harper", "Brill", "Steiner", "Fischer", "Piper",
    "Haupt", "Huber", "Narr", "Lang", "Colin", "Hermann", "Ellipses", "Seuil", "Cortez",
    "Vozes", "Greenwood", "Pluto", "Fontana", "Bayard", "Cerf", "Privat", "Reinhardt", "Bell",
    "Autrement", "Scala", "Abril", "Herder", "Alianza", "Planeta", "Pantheon", "Putnam",
    "Prometheus", "Larousse", "Anthropos", "Septentrion",
)

#: Words that close a publisher's name, after one or two words of it (the word alone may be
#: a title's own last word: "...in Children's Books"): "Zed Books", "Sage Publications",
#: "Gyldendal Norsk Forlag", "Akadémiai Kiadó", "Otava Kustannus".
NAME_CLOSING_WORDS = ("press", "verlag", "publishers", "publishing", "books", "publications",
                      "forlag", "forlaget", "förlag", "kiadó", "kustannus", "editores",
                      "éditeurs", "editori", "editore", "uitgevers", "verlagsgesellschaft")

#: Endings that make one word a publisher's name, joined to the name by a hyphen or with no
#: blank: "Springer-Verlag", "BdWi-Verlag", "Eigenverlag" (published by the author),
#: "Universitetsforlaget". A title's own word does not end so (the genitive "...des
#: Insel-Verlags" does not), unlike the closing words above ("...and E-Books",
#: "...Self-Publishing").
NAME_ENDINGS = ("verlag", "forlag", "forlaget", "förlag", "förlaget")

#: Words that open a publisher's name: "Éditions Yvon Blais", "Editora Atlas", "Edizioni
#: Mondadori", "Nakladatelství Lidové noviny", "Wydawnictwo Naukowe PWN", "Verlag C.H. Beck".
NAME_OPENING_WORDS = ("éditions", "editions", "editora", "editorial", "edizioni", "ediciones",
                      "edições", "casa editrice", "forlaget", "nakladatelství", "wydawnictwo",
                      "wydawnictwa", "uitgeverij", "verlag", "presses", "издательство")


def is_publisher(name: str) -> bool:
    """True if ``name`` (normalized: "bell", "publicaffairs") is a listed publisher's name,
    one that is an ordinary word too included. ``place_fields.town_closes_entry`` asks it of
    the word that closes an entry after a title ("...William Blake's art techniques Bell.")."""
    return name in _FOLDED_NAMES


def ends_title(title: str) -> bool:
    """True if a query's ``title`` (normalized) ends with a publisher's name after the
    title's own punctuation, the whole of what follows its last full stop, comma, colon or
    semicolon (up to four words): a listed name of two words or more (``DISTINCT_NAMES``:
    "...environnementale. Yvon Blais"), such a name of any length after a word that opens
    one (``NAME_OPENING_WORDS``: "...Éditions Yvon Blais", "...Éditions Gallimard"), or two
    words or more that a word closing a name ends (``NAME_CLOSING_WORDS``: "...Fjord Press").
    A title annotated with its publisher so is closed by that name: the words printed after
    it are the publisher's place and date ("...Yvon Blais Cowansville, Québec, 2013"), not the
    title's own. Not one word alone ("...Lessons. Penguin" may lack the title's "Colonies"),
    nor an opening word before a name not listed ("...Éditions Yvon" lacks "Blais"). Called
    by ``verify._same_work_as_queried``."""
    marks = _MARK.findall(title)
    words = WORD.findall(title.rpartition(marks[-1])[2].translate(DROPPED_IN_WORDS)) if (
        marks) else []
    if len(words) < 2 or len(words) > _NAME_WORDS:
        return False
    return (" ".join(words) in _FOLDED_DISTINCT
            or words[0] in _FOLDED_OPENING and " ".join(words[1:]) in _FOLDED_DISTINCT
            or words[-1] in _FOLDED_CLOSING)


def alternation(names: tuple[str, ...]) -> str:
    """A regex that matches any of ``names`` as normalized text prints them (folded by
    ``normalize_text``, an apostrophe either straight or curly), a longer name before its
    first words. Written as a tree of the names' letters ("l(?:ippincott|ehmanns)"): the
    regex engine then tries one branch per letter, not every name, at each place ``NEXT_FIELD``
    is asked about. Called by ``run_on_fields`` when it builds its shapes."""
    return _letter_tree({normalize_text(name) for name in names})


def _letter_tree(names: set[str]) -> str:
    """The regex of :func:`alternation` for ``names`` (each the rest of a name after the
    letters its caller read; "" where a name ends)."""
    by_first: dict[str, set[str]] = {}
    for name in names:
        if name:
            by_first.setdefault(name[0], set()).add(name[1:])
    branches = [_LETTER.get(first, re.escape(first)) + _letter_tree(rest)
                for first, rest in sorted(by_first.items())]
    if not branches:
        return ""
    tree = branches[0] if len(branches) == 1 else "(?:" + "|".join(branches) + ")"
    if "" not in names:
        return tree
    return (tree if len(branches) == 1 and len(tree) == 1 else f"(?:{tree})") + "?"


_FOLDED_NAMES = frozenset(normalize_text(name) for name in DISTINCT_NAMES + COMMON_WORD_NAMES)
#: The names and the words that open or close one, as a query's words print them (its marks
#: inside words dropped: "o reilly" is "oreilly"), for :func:`ends_title`.
_FOLDED_DISTINCT = frozenset(" ".join(WORD.findall(normalize_text(name).translate(
    DROPPED_IN_WORDS))) for name in DISTINCT_NAMES)
_FOLDED_OPENING = frozenset(normalize_text(word) for word in NAME_OPENING_WORDS)
_FOLDED_CLOSING = frozenset(normalize_text(word) for word in NAME_CLOSING_WORDS)
#: The most words :func:`ends_title` reads at a query's end: an opening word and three.
_NAME_WORDS = 4
#: The punctuation before such a name in a query (:func:`ends_title`).
_MARK = re.compile(r"[.,:;]")

#: Letters a name's print varies: an apostrophe straight or curly.
_LETTER = {"'": "['\u2019]"}
