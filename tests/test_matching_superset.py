"""The improved scheme reports every hit of the original (2003) scheme but those a named check
of ``model.VETOES`` drops, and ``CitationMatcher.explain`` names that check."""

from __future__ import annotations

import random

import pytest

from citeseeker_scrapy.matching import (
    VETOES, AuthorGroup, CitationMatcher, MatcherSettings, normalize_text,
)
from citeseeker_scrapy.matching.improved import superset, verify
from citeseeker_scrapy.matching.improved.text import per_text_cache
from citeseeker_scrapy.matching.improved.title_ends import longer_titles
from citeseeker_scrapy.matching.improved.word_check.checked_title import CheckedTitle
from citeseeker_scrapy.matching.model import (
    BETTER_TITLE, CHANGED_WORD, CLOSER_NEARBY, NAME_IN_WORD, NEXT_ENTRY, ORDINARY_WORDS,
    OTHER_ENTRY, OUT_OF_REACH, WORDS_MISSING,
)
from citeseeker_scrapy.matching.names import find_name_positions
from citeseeker_scrapy.matching.similarity import Title, ratio_of_limit
from tests.support.matching import found, kept_by_both, turned_down

OPENING = ("This study builds on earlier work on the analysis of citations and cites the "
           "studies listed below.\nReferences\n")


def explained(doc: str, author: str, *titles: str) -> list[tuple[str, str | None]]:
    """(title, veto) of every hit the original scheme makes for the titles by ``author``."""
    matcher = CitationMatcher([AuthorGroup((author,), titles)], MatcherSettings())
    return [(e.citation.publication, e.veto) for e in matcher.explain(OPENING + doc)]


@pytest.mark.parametrize("entry, author, title, veto", [
    ("Fischer R, Byerlee D. 1990. Wheat trends in warmer areas of Asia. Field Crops Res. 2: 1-9.",
     "Lee", "Wheat trends in warmer areas of Asia", NAME_IN_WORD),
    ("[1] J. Smith. Methods for the web. [2] Graph crawling of the deep web. Journal, 2001.",
     "Smith", "Methods for the web graph crawling", NEXT_ENTRY),
    ("Smith, J. 2001. Graph ranking methods. Journal A, 3, pp. 1-9. Brown, K. 2003. Scalable "
     "crawling of the web. Journal B.", "Smith", "Scalable crawling of the web", OTHER_ENTRY),
    # the typed title is a typo of the entry before's; the searched author's title is similar
    ("Visser, P. and Rossi, M. (1999) \u2018Crawling analysis\u2019, Scientometrics, 12, pp. "
     "233\u2013240.\nPetrov, M. (2012) \u2018Ranking analysis\u2019, Information Processing, "
     "12, pp. 26\u201341.", "Petrov", "Craling analysis", CLOSER_NEARBY),
    ("[3] J. Smith. 2001. Pulmonary embolism in patients with severe trauma. Journal.",
     "Smith", "Pulmonary embolism in major trauma patients", WORDS_MISSING),
    ("[3] J. Smith. 2001. Scalable crawling of the deep web. Journal of the Web, 3.",
     "Smith", "Scalable crawling of the open web", CHANGED_WORD),
    ("J. Smith has shown in many studies that deep learning helps the indexing of the web.",
     "Smith", "Deep learning", ORDINARY_WORDS),
])
def test_each_check_names_the_hits_it_drops(entry: str, author: str, title: str,
                                            veto: str) -> None:
    assert explained(entry, author, title) == [(title, veto)]
    matcher = CitationMatcher([AuthorGroup((author,), (title,))], MatcherSettings())
    assert matcher.find(OPENING + entry) == []


def test_one_span_one_title_is_a_named_check_too() -> None:
    # The same work typed twice, once with a typo: the printed title is the better one's.
    doc = "[4] M. Goossens and S. Rahtz. Scalable crawling of the deep web. Springer, 1994.\n"
    typo = "Scalable crawlng of the deep web"
    vetoes = dict(explained(doc, "Goossens", "Scalable crawling of the deep web", typo))
    assert vetoes == {"Scalable crawling of the deep web": None, typo: BETTER_TITLE}


def test_the_checks_are_distinct_names() -> None:
    assert len(set(VETOES)) == len(VETOES) == 9


@pytest.mark.parametrize("seed", range(6))
def test_every_original_hit_is_reported_or_vetoed(seed: int) -> None:
    # Reference lists of random titles, searched with their own titles, typos, other entries'
    # titles and neighbours' names: every hit of the original scheme is either reported by
    # the improved one or dropped by a named check (``explain`` raises otherwise).
    rng = random.Random(seed)
    words = ("graph crawling ranking citation analysis web index robust model semantic "
             "retrieval learning networks query topic scalable sparse mining").split()
    names = "Fiala Jezek Toman Novak Smith Brown Weber Rossi Silva Tanaka".split()
    entries = []
    for n in range(1, 9):
        title = " ".join(rng.sample(words, rng.randint(2, 6))).capitalize()
        authors = rng.sample(names, rng.randint(1, 3))
        entries.append((authors, title))
    doc = OPENING + "\n".join(
        f"[{n}] " + ", ".join(f"{a[0]}. {a}" for a in authors) + f". {title}. Journal, {2000 + n}."
        for n, (authors, title) in enumerate(entries, 1))
    text = normalize_text(doc)
    for author in names:
        titles = tuple(title for _, title in entries)
        matcher = CitationMatcher([AuthorGroup((author,), titles)], MatcherSettings())
        reported = {c.publication for c in matcher.find(text, normalized=True)}
        for e in matcher.explain(doc):
            assert e.veto in VETOES or (e.veto is None and e.citation.publication in reported)


def original_veto(doc: str, author: str, title: str) -> str | None:
    """The check that vetoes the original scheme's hit for ``title`` by ``author`` (None: the
    improved scheme reports it), asked of ``superset`` directly: the improved search finds
    these titles on its own, so ``explain`` would not show the check's answer."""
    settings = MatcherSettings()
    text = normalize_text(OPENING + doc)
    names = (normalize_text(author),)
    checked = CheckedTitle.prepare(
        Title.prepare(normalize_text(title), ratio_of_limit(settings.fuzzy_limit)), title)
    found = dict(zip(names, find_name_positions(text, names)))
    hit = superset.original_hit(text, AuthorGroup((author,), (title,)), names, checked.title,
                                found, settings)
    assert hit is not None
    return superset.verdict_of(text, hit, checked, settings.part_length).veto


STORAGE = "Safe storage of chemical reagents in teaching laboratories"
SAME_AUTHOR_BEFORE = [
    # the author's entry before holds the name within ``part_length`` of the title: the 2003
    # rule fires from both names; the title is the later one's
    ("Sharma, R.K., Acids and bases, Delhi, 1980.\nSharma, R.K., {t}, Orient Longman, New "
     "Delhi, 1985.", "Sharma"),
    ("Bakker, J., Zuren en basen, Utrecht, 1978.\nBakker, J., {t}, Utrecht: Het Spectrum, 1987.",
     "Bakker"),
    ("Reagent Safety Project. Acids in schools. Leeds, 2014.\nReagent Safety Project. {t}. "
     "Leeds, 2015.", "Project"),
    ("US ENVIRONMENTAL PROTECTION AGENCY. EPA 600-R-01-002. Acids in schools. 2001.\n"
     "US ENVIRONMENTAL PROTECTION AGENCY. EPA 600-R-02-012. {t}. Washington, 2002.", "AGENCY"),
    ("MINISTERIO DE EDUCACION. Informe 12. Acidos y bases. Madrid, 1999.\nMINISTERIO DE "
     "EDUCACION. Informe 13. {t}. Madrid, 2000.", "EDUCACION"),
]


@pytest.mark.parametrize("doc, author", SAME_AUTHOR_BEFORE)
def test_the_title_of_a_later_entry_by_the_same_author_is_its_own(doc: str, author: str) -> None:
    assert original_veto(doc.format(t=STORAGE), author, STORAGE) is None


@pytest.mark.parametrize("doc, author", [
    # the name's entries both end before the title: a third author's entry holds it
    ("Sharma, A., Acids in the school, Delhi, 1980. Sharma, B., Bases in the household and "
     "the kitchen, Delhi, 1981. Gupta, S.P., {t}, Orient Longman, New Delhi, 1985.", "Sharma"),
    ("AGENCY FOR SAFETY. Acids. 2001. AGENCY FOR SAFETY. Bases. 2002. Brown, K. 2003. {t}. "
     "Leeds.", "AGENCY"),
    ("Reagent Project. Acids in schools. Leeds, 2014. Reagent Project. Bases in schools. "
     "Leeds, 2015. K. Brown. {t}. York, 2016.", "Project"),
])
def test_a_title_after_every_entry_of_the_name_is_still_another_entrys(doc: str,
                                                                     author: str) -> None:
    assert original_veto(doc.format(t=STORAGE), author, STORAGE) == OTHER_ENTRY


def test_a_near_miss_after_the_same_authors_entry_is_vetoed_by_its_word() -> None:
    # The check that rejects it names the changed word, not the entry before.
    doc = SAME_AUTHOR_BEFORE[0][0].format(t=STORAGE)
    near_miss = "Safe storage of chemical reagents in school laboratories"
    assert original_veto(doc, "Sharma", near_miss) == CHANGED_WORD


TIDES = "The theory of tidal friction in shallow seas and estuaries"
DAMAGED = "The theory of tidal fricton in shalow seas and estuaries"
PROCEEDINGS = ("Proceedings of the Royal Society of London, Series A, Mathematical and Physical "
               "Sciences, 14")
ENTRY_BEFORE = "Lenz, A. (1929). Wave records. Nature, 3. "


@pytest.mark.parametrize("doc", [
    # the entry prints its title again, closer to the typed one, where the 2003 rule's part
    # ends inside it: the print the rule reads is the first, damaged one
    f"Hartwig, M. (1931). Thc theory of tidal fricti0n in shallow scas and estuarics. "
    f"{PROCEEDINGS}. Bd. 2. {TIDES} (1931), 7.",
    f"Hartwig, M. (1931). {DAMAGED}. {PROCEEDINGS}. URL: example.org/{TIDES.lower()}.",
    f"Hartwig, M. (1931). Die Theorie [{DAMAGED}]. {PROCEEDINGS}. Engl. "
    f"transl.: {TIDES}. Dover, 1960.",
    f"Hartwig, M. (1931). {DAMAGED}. {PROCEEDINGS}. Monograph series {TIDES}, vol. 2.",
])
def test_a_closer_print_of_the_title_in_the_same_entry_does_not_veto(doc: str) -> None:
    assert original_veto(ENTRY_BEFORE + doc, "Hartwig", TIDES) is None


WELL_MIXED = "The theory of tidal friction in well-mixed seas"


@pytest.mark.parametrize("doc, author", [
    # a style prints the title alone above its entry; the entry's print lost the hyphen a
    # line's end split ("well-\nmixed" read "wellmixed"), so the print above is closer
    (f"{WELL_MIXED}\nM. Hartwig und K. Brown, \u201eThe theory of tidal friction in wellmixed "
     f"seas\u201c, in: {PROCEEDINGS}, 1931.", "Hartwig"),
    (f"{WELL_MIXED}\nM. Hartwig und K. Brown, \u201eThe theory of tidal friction in wellmixed "
     f"seas\u201c, in: {PROCEEDINGS}, 1931.", "Brown"),
    # ... or a blank more: the same words
    (f"{WELL_MIXED}\nHartwig, M.: The theory of tidal friction in well- mixed seas. "
     f"{PROCEEDINGS}, 1931.", "Hartwig"),
])
def test_a_closer_print_of_the_same_letters_does_not_veto(doc: str, author: str) -> None:
    assert original_veto(ENTRY_BEFORE + doc, author, WELL_MIXED) is None


@pytest.mark.parametrize("doc", [
    # the closer print is another entry's: its author list, "[n]", a ditto entry, a year
    # closing the entry before a title-first entry
    f"Hartwig, M. (1931). {DAMAGED}. {PROCEEDINGS}. Brown, K. (1960). {TIDES}. Dover.",
    f"Hartwig, M. (1931). {DAMAGED}. {PROCEEDINGS}. K. Brown. {TIDES}. Dover.",
    f"Hartwig, M. (1931). {DAMAGED}. {PROCEEDINGS}. Brown K, Lee J: {TIDES}. Dover.",
    f"Hartwig, M. (1931). {DAMAGED}. {PROCEEDINGS}. Brown, K. and Lee, J. (1960) {TIDES}. "
    "Dover.",
    f"[3] M. Hartwig. {DAMAGED}. {PROCEEDINGS}. [4] {TIDES}. Dover.",
    f"Hartwig, M. (1931). {DAMAGED}. {PROCEEDINGS}. \u2014\u2014 (1960). {TIDES}. Dover.",
    f"Hartwig, M. {DAMAGED}. {PROCEEDINGS}, 1931. {TIDES}. Brown, K. Dover, 1960.",
])
def test_a_closer_print_in_another_entry_still_vetoes(doc: str) -> None:
    assert original_veto(doc, "Hartwig", TIDES) == CLOSER_NEARBY


HEADER = "Annals of Invented Bibliometrics {} (2031) Reference Lists"
CRAWL = "Location sharing with close friends: who, when and what people disclose"


def _paged(entries: str) -> str:
    """A reference list whose first page opens with the running header and whose entries
    (``{page}`` marks the page break: the page number, then the next page's header) cross
    pages."""
    return (f"{HEADER.format(4)}\n" + entries.format(page=f"\n1\n{HEADER.format(5)}\n"))


@pytest.mark.parametrize("entries, author, cites", [
    # the page break between an author list and its date: the header's "(2031)" is no
    # second author list's date, the title is still the list's
    ("[13] Brennan, K. Other things. Journal, 2001.\n[14] Okafor, N., Lindqvist, T., Marsh, "
     f"A., Dube, R., Tanaka, J., & Powell, P.{{page}}(2005). {CRAWL.replace('o', '0')}. Paper "
     "presented at the meeting on human factors. [15] Rossi, M. Later things.", "Lindqvist",
     True),
    ("Brennan, K. (2001). Other things. Journal.\nOkafor, N. and Lindqvist, T.{page}(2005). "
     f"{CRAWL.replace('o', '0')}. Proceedings of the meeting. Rossi, M. (2007). Later.",
     "Okafor", True),
    # ... but a page break between two entries joins them no more than a line break does
    (f"Okafor, N. and Lindqvist, T. (2001). Other things. Journal.{{page}}Rossi, M. (2005). "
     f"{CRAWL.replace('o', '0')}. Proceedings of the meeting. Brennan, K. (2007). Later.",
     "Okafor", False),
    # ... nor does a venue printed twice with its volume, read as a header and left out
    ("Okafor, N. (2001). Other things. Proceedings of Human Factors Meeting 12 Rossi, M. "
     f"(2005). {CRAWL.replace('o', '0')}. Proceedings of Human Factors Meeting 14 Brennan, K.",
     "Okafor", False),
])
def test_a_page_break_inside_an_entry_is_no_entry_boundary(entries: str, author: str,
                                                           cites: bool) -> None:
    # the title printed with OCR damage: the improved search rejects it, the original's hit
    # is judged by the checks of ``superset``
    matcher = CitationMatcher([AuthorGroup((author,), (CRAWL,))], MatcherSettings())
    assert bool(matcher.find(_paged(entries))) is cites


MARKETS = "Tidal markets of the northern harbour towns"
COASTS = "Coastal rhythms"


@pytest.mark.parametrize("doc, author, title", [
    # the last author's whole name after the first one's given names with no comma between:
    # the piece holds two names, and its year dates the author list
    ("Berger, Paul. 2009. Other things. Paris: Seuil.\nMarchand, Marie-Hélène and "
     f"Jean-Baptiste Dupont-Lacroix. 2011. {MARKETS}. Lyon: Éditions du Rhône.", "Marchand",
     MARKETS),
    ("Berger, Paul. 2009. Other things. Paris: Seuil.\nMarchand, Hélène Marie and "
     f"Christiane Ter-Borghstede. 2011. {MARKETS}. Lyon: Éditions du Rhône.", "Marchand",
     MARKETS),
    ("Berger, Paul. 2009. Other things. Paris: Seuil.\nLindgren, Karin, A.B. Holm, "
     f"T. Vargas-Llosa and Nordic Harbour Archives. 2014. {MARKETS}. Oslo.", "Lindgren",
     MARKETS),
    # a given name printed joined to the initial before it ends a name with its full stop
    ("Berger, P 2009, “Other things”, Journal.\nKeller, AB and Mora J.Paul Stein. vol. 12. "
     f"2010, “{MARKETS}”, Journal of Coastal Studies.", "Keller", MARKETS),
    # the full stop of the last name after "and", in a run going on from the name: the list's
    # end, so the volume a style prints after the list is the only sentence end before the date
    ("Berger, Paul. vol. 3. 2009, “Other things”, Journal.\nHalvorsen, Ingrid and Tomas "
     f"Lindqvist. vol. 12. 2013, “{MARKETS}”, Nordic Harbour Review.", "Halvorsen", MARKETS),
    ("Berger, Paul. vol. 3. 2009, “Other things”, Journal.\nMoreau and Castellane. vol. 8. "
     f"2010, “{MARKETS}”, Revue des ports.", "Moreau", MARKETS),
    # a run printed with no commas, its last name's generational suffix joined to the initials
    # before the surname: the surname's full stop ends a name
    ("Berger, Paul. 2009. Other things. Paris: Seuil.\nLindgren, K. A. B. C.A. Holm J.B. Vargas "
     f"T. Moe und J.F.Jr. Halvorsen. 2014. \u201e{MARKETS}\u201c. Oslo.", "Lindgren", MARKETS),
    ("Berger, Paul. 2009. Other things. Paris: Seuil.\nLindgren, K. A. B. C.A. Holm J.B. Vargas "
     f"T. Moe und J. F. Sr. Halvorsen. 2014. \u201e{MARKETS}\u201c. Oslo.", "Lindgren", MARKETS),
    # names separated by semicolons, each surname printed with a full stop before its given
    # names: those full stops end names, not sentences
    ("CRUZ. Ana. Other things. Lisboa: [s.n.], 2001.\nSOUSA. Marta; PEREIRA. Joana; LIMA. "
     f"Carla. {MARKETS}. Porto: [s.n.], 2015.", "Sousa", MARKETS),
    ("CRUZ. Ana. Other things. Lisboa: [s.n.], 2001.\nSOUSA. M.; PEREIRA. J. R. "
     f"{MARKETS}. Porto: [s.n.], 2015.", "Sousa", MARKETS),
    # ... a name's generational suffix after its initials, before the semicolon
    ("CRUZ. Ana. Other things. Lisboa: [s.n.], 2001.\nSOUSA. M.R. Jr.; PEREIRA. J.; LIMA. C. "
     f"{MARKETS}. Porto: [s.n.], 2015.", "Sousa", MARKETS),
    ("CRUZ. Ana. Other things. Lisboa: [s.n.], 2001.\nSOUSA. Marta Sr.; PEREIRA. Joana. "
     f"{MARKETS}. Porto: [s.n.], 2015.", "Sousa", MARKETS),
    # an entry that ends with its title, then the next entry's inverted name and initials,
    # closed as this one's ("Surname, I.: Title" with no label and no full stop)
    (f"Marek, T.: Weapons of the weak\nNovak, J.: {COASTS}\nDvorak, P.: Tidal markets",
     "Novak", COASTS),
    (f"Marek, T. Weapons of the weak\nNovak, J. {COASTS}\nDVORAK, P.J. Tidal markets",
     "Novak", COASTS),
])
def test_an_author_run_read_as_such_keeps_the_original_hit(doc: str, author: str,
                                                          title: str) -> None:
    assert original_veto(doc, author, title) is None


@pytest.mark.parametrize("doc, author, title, veto", [
    # the title is the next entry's, after the same shapes
    ("Marchand, Marie-Hélène and Jean-Baptiste Dupont-Lacroix. 2011. Other things. Lyon.\n"
     f"Berger, Paul. 2013. {MARKETS}. Paris: Seuil.", "Marchand", MARKETS, OTHER_ENTRY),
    ("Keller, AB and Mora J.Paul Stein. vol. 12. 2010, “Other things”, Journal.\nBerger, P "
     f"2013, “{MARKETS}”, Journal of Coastal Studies.", "Keller", MARKETS, OTHER_ENTRY),
    ("SOUSA. Marta; PEREIRA. Joana. Other things. Porto: [s.n.], 2015.\nLIMA. Carla. "
     f"{MARKETS}. Lisboa: [s.n.], 2016.", "Sousa", MARKETS, OTHER_ENTRY),
    ("SOUSA. M.; PEREIRA. J. Other things. Porto, 2015; LIMA. C. "
     f"{MARKETS}. Lisboa, 2016.", "Sousa", MARKETS, OTHER_ENTRY),
    ("SOUSA. M. Jr.; PEREIRA. J. Other things. Porto, 2015; LIMA. C. "
     f"{MARKETS}. Lisboa, 2016.", "Sousa", MARKETS, OTHER_ENTRY),
    ("Lindgren, K. A. B. C.A. Holm und J.F.Jr. Halvorsen. 2011. Other things. Oslo.\nBerger, "
     f"Paul. 2014. \u201e{MARKETS}\u201c. Paris: Seuil.", "Lindgren", MARKETS, OTHER_ENTRY),
    ("Halvorsen, Ingrid. Harbours of the north and Lindqvist Press. Bergen: Nordvik. vol. 12. "
     f"2013, “{MARKETS}”, Nordic Harbour Review.", "Halvorsen", MARKETS, OTHER_ENTRY),
    ("Halvorsen, Ingrid. 2011. Other things. Harbour Science and Engineering. vol. 12. 2013, "
     f"“{MARKETS}”, Nordic Harbour Review.", "Halvorsen", MARKETS, OTHER_ENTRY),
    # a list of given names and surnames: the name is inside it, so a word and its full stop
    # after the list may be the title's own first sentence ("Harbours. Tidal ...")
    ("Ostrom, E. Other things, 1997. K. Brandt, L Novak, Petra Weiss, T. Lind, and Sara "
     "Holmgren. Harbours. Tidal markets of the northern towns, guide to the exhibition, by T. "
     "Lind, 2003.", "Weiss", "Tidal markets of the northern towns, guide to the exhibition, by "
     "T. Lind", OTHER_ENTRY),
    # a longer title, or the words in a sentence
    (f"Marek, T.: Weapons of the weak\nNovak, J.: {COASTS} of the north\nDvorak, P.: Tidal "
     "markets", "Novak", COASTS, ORDINARY_WORDS),
    (f"Novak, J.: Tidal markets. Journal, 2001. As Novak, J. writes, {COASTS.lower()} in the "
     "bay turn, Dvorak, P.: Tidal markets", "Novak", COASTS, ORDINARY_WORDS),
])
def test_near_the_same_shapes_the_checks_still_veto(doc: str, author: str, title: str,
                                                     veto: str) -> None:
    assert original_veto(doc, author, title) == veto


JARDINS = "Histoire des jardins ouvriers en Lorraine"
QUANTUM = "Quantum teleportation of photons"
#: A title too long for the search region before the name to reach: only the region after it can.
BRIEY = ("Histoire des jardins ouvriers en Lorraine, octobre 1998 a juillet 1999, ancienne cite "
         "miniere de Briey")


@pytest.mark.parametrize("doc, author, title", [
    # a year in brackets after a name printed as one word, an organisation or its legal form:
    # the entry's date before its title, no entry number
    ("Voltaire. [1995] {t}. Paris: Vrin.", "Voltaire", JARDINS),
    ("Moreau, P., and Lacour. [2010] {t}. Vrin, Metz.", "Lacour", JARDINS),
    ("Garden, A., and Inc. [2010] {t}, Nancy: Vrin. October.", "Garden", BRIEY),
    ("Office of Allotment Gardens (OAG). [2004] {t}, Metz: OAG. June.",
     "Office of Allotment Gardens", BRIEY),
    ("Lindqvist, M., and Ostgarden. [2008] \u201c{t},\u201d Journal of Gardens, Vol. 2.",
     "Ostgarden", JARDINS),
])
def test_a_year_in_brackets_after_a_word_s_full_stop_dates_its_entry(doc: str, author: str,
                                                                      title: str) -> None:
    text = OPENING + doc.format(t=title) + "\nBrown, A. [1997] " + QUANTUM + ". Nature.\n"
    kept_by_both(text, author, title, found)
    assert explained(doc.format(t=title), author, title) == [(title, None)]


@pytest.mark.parametrize("doc", [
    # a list labelled by year: a name with initials after the label opens the next entry
    "Moreau, P.: {j}. Journal of Gardens. [2003] A. Brown: {q}. Nature.",
    "Moreau, P.: {j}. Journal of Gardens. [2003] Brown, A.: {q}. Nature.",
    "Moreau, P.: {j}. Journal of Gardens. [2003] Brown A, Klein J. {q}. Nature.",
    "Moreau, P.: {j}. Journal of Gardens. [2003] J.-P. Brown and A. Klein. {q}. Nature.",
    "Moreau, P.: {j}. Vrin (2002). [2003] A. Brown: {q}. Nature.",
    # an entry's "[n]" after the name is no code the next entry's title opens with
    "[11] {j}, edited by Moreau, P. [12] {q}. Nature, 1997.",
])
def test_the_entry_after_a_year_label_or_a_number_is_not_the_name_s(doc: str) -> None:
    text = OPENING + doc.format(j=JARDINS, q=QUANTUM)
    turned_down(text, "Moreau", QUANTUM, found)
    assert explained(doc.format(j=JARDINS, q=QUANTUM), "Moreau", QUANTUM) == [
        (QUANTUM, OTHER_ENTRY)]


def test_a_hit_no_search_region_reaches_is_named_not_dropped_silently(monkeypatch) -> None:
    # With every check silenced, the original's hit past the next entry's "[12]" (where the
    # name's search region ends) is still explained: the improved search never weighed it.
    monkeypatch.setattr(superset, "verdict_of", lambda *args, **kwargs: superset.Verdict(None))
    doc = "Moreau, P. [12] " + QUANTUM + ". Nature, 1997."
    matcher = CitationMatcher([AuthorGroup(("Moreau",), (QUANTUM,))], MatcherSettings())
    assert [e.veto for e in matcher.explain(doc)] == [OUT_OF_REACH]
    assert matcher.find(doc) == []


@pytest.mark.parametrize("doc, author", [
    # a chapter's pages printed right after the year that closes the author run, before the
    # title: the entry's own, no end of an entry before it
    ("Moreau, Pierre, 2008: 155\u2013164 {t}, Metz: Vrin.", "Moreau"),
    ("Lacour, AB, 2012: 93\u2013124 {t}, Nancy: Presses universitaires.", "Lacour"),
    ("Moreau, Pierre und Lacour, Anne, (2010): 12\u201331 {t}, Metz: Vrin.", "Lacour"),
])
def test_pages_beside_the_run_s_year_are_the_entry_s_own(doc: str, author: str) -> None:
    kept_by_both(doc.format(t=JARDINS) + NEXT_ENTRY_AFTER, author, JARDINS)
    assert explained(doc.format(t=JARDINS), author, JARDINS) == [(JARDINS, None)]


#: An entry after the table rows': the title searched must not be lent to it.
NEXT_ENTRY_AFTER = "\nBrown, Anne, 1997: 1\u20139 Quantum teleportation of photons, Nature."


@pytest.mark.parametrize("doc", [
    # pages after a title and its venue, or after a year that follows a venue, close an entry
    "Moreau, Pierre, 2008: {j}, Metz: Vrin, 155\u2013164 {q}, Nature.",
    "Moreau, P.: {j}. Gardens 2008: 93\u2013124 {q}. Nature.",
    "Moreau, P.: {j}. Journal of Gardens, 2008: 93\u2013124 {q}. Nature.",
    "Moreau, P.: {j}. Gardens 2008: 93\u2011124 {q}. Nature.",  # a non-breaking hyphen
])
def test_pages_after_a_title_still_close_the_entry(doc: str) -> None:
    text = doc.format(j=JARDINS, q=QUANTUM)
    turned_down(text, "Moreau", QUANTUM)


def test_pages_after_a_year_in_a_note_still_close_the_entry() -> None:
    # A work named inside an entry with its year and pages, then the entry's end: the next
    # entry's title is not the name's (the pages do not run into it).
    doc = ("Lacour, Anne, Histoire des jardins, Metz, 1983, 5\u201363 (reprinted, Moreau (2004), "
           "145\u2013217). Brown, A. {q}. Nature.").format(q=QUANTUM)
    turned_down(doc, "Moreau", QUANTUM)


def test_a_hit_with_the_words_of_one_already_checked_is_not_read_again_for_a_longer_title(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The search splits a part at a turned-down hit and finds its substrings again, and the
    original scheme's hit is checked again by ``superset``: a hit that takes the same words
    (one letter less at an edge) asks whether the title goes on past them once per text
    (``verify._goes_on_past_hit``, kept per text)."""
    settings = MatcherSettings()
    title = "Scalable crawling of the web"
    text = normalize_text(OPENING + f"[3] Brown, K. 2003. {title} graphs. Journal B.")
    checked = CheckedTitle.prepare(
        Title.prepare(normalize_text(title), ratio_of_limit(settings.fuzzy_limit)), title)
    asked: list[str] = []
    monkeypatch.setattr(verify, "longer_title",
                        lambda *args: asked.append(args[1]) or longer_titles.longer_title(*args))
    per_text_cache.forget_texts()
    start = text.index(normalize_text(title))
    end = start + len(normalize_text(title))
    verdicts = {verify.veto(text, checked, start, end),
                verify.veto(text, checked, start + 1, end),
                verify.veto(text, checked, start, end - 1)}
    assert verdicts == {CHANGED_WORD}  # "graphs": the printed title goes on past the query
    assert asked == [normalize_text(title)]
