"""The improved scheme on generated reference lists in the common citation styles.

Each list holds entries by different authors; every entry's title must be found for its
first and last author (typed with a letter missing in half the titles), and no title may be
credited to the authors of the entry before or after it: the two mistakes a style the rules
of ``attribution.py`` do not know would show.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

import pytest

from citeseeker_scrapy.matching import AuthorGroup, CitationMatcher, MatcherSettings

SURNAMES = ("Fiala Jezek Toman Novak Dvorak Svoboda Kowalski Nowak Schmidt Weber Moreau "
            "Laurent Rossi Russo Silva Santos Jansen Visser Lindqvist Berg Tanaka Sato Kim "
            "Park Okafor Mensah Haddad Farouk Ivanova Petrov").split()
GIVEN = ("Dalibor Karel Michal Jana Petra Ewa Hans Lena Claire Marco Giulia Ana Joao Pieter "
         "Sofia Hiro Min Kwame Amina Olga").split()
WORDS = ("adaptive citation graph ranking authors web crawling retrieval semantic models "
         "evaluation distributed indexing scalable learning networks query expansion topic "
         "discovery bibliometric analysis robust fuzzy matching structured documents mining "
         "temporal dynamics recommendation sparse representations entity linking").split()
VENUES = ("Scientometrics", "Information Processing and Management", "Proc. of DEXA",
          "Journal of the Web", "Proc. of the ACM Conference on Digital Libraries")


@dataclass(frozen=True)
class Entry:
    """One cited work: its authors as (surname, given name) and its title."""

    authors: tuple[tuple[str, str], ...]
    title: str
    venue: str
    year: int
    pages: tuple[int, int]


def initial(given: str) -> str:
    return given[0] + "."


def lncs(n: int, e: Entry) -> str:
    names = ", ".join(f"{s}, {initial(g)}" for s, g in e.authors)
    return (f"{n}. {names}: {e.title}. In: {e.venue}, pp. {e.pages[0]}\u2013{e.pages[1]} "
            f"({e.year})")


def listed(names: list[str], last: str) -> str:
    """Names joined by commas, the last one after ``last`` (", and ", " and ", ", & ")."""
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + last + names[-1]


def first_inverted(e: Entry) -> list[str]:
    """Chicago and MLA: the first author surname first, the others given name first."""
    (surname, given), rest = e.authors[0], e.authors[1:]
    return [f"{surname}, {given}"] + [f"{g} {s}" for s, g in rest]


def lncs_unnumbered(n: int, e: Entry) -> str:
    return lncs(n, e).split(" ", 1)[1]


def acm(n: int, e: Entry) -> str:
    names = [f"{initial(g)} {s}" for s, g in e.authors]
    authors = listed(names, ", and ")
    return (f"[{n}] {authors}. {e.year}. {e.title}. In {e.venue}. ACM, "
            f"{e.pages[0]}\u2013{e.pages[1]}.")


def ieee(n: int, e: Entry) -> str:
    names = [f"{initial(g)} {s}" for s, g in e.authors]
    authors = listed(names, ", and ")
    return (f"[{n}] {authors}, \u201c{e.title},\u201d in {e.venue}, {e.year}, "
            f"pp. {e.pages[0]}\u2013{e.pages[1]}.")


def apa(n: int, e: Entry) -> str:
    names = [f"{s}, {initial(g)}" for s, g in e.authors]
    authors = listed(names, ", & ")
    return f"{authors} ({e.year}). {e.title}. {e.venue}, 12, {e.pages[0]}\u2013{e.pages[1]}."


def chicago(n: int, e: Entry) -> str:
    authors = listed(first_inverted(e), ", and ")
    return (f"{authors}. {e.year}. \u201c{e.title}.\u201d {e.venue} 12: "
            f"{e.pages[0]}\u2013{e.pages[1]}.")


def vancouver(n: int, e: Entry) -> str:
    names = ", ".join(f"{s} {g[0]}" for s, g in e.authors)
    return f"{n}. {names}. {e.title}. {e.venue}. {e.year};12:{e.pages[0]}\u2013{e.pages[1]}."


def mla(n: int, e: Entry) -> str:
    authors = listed(first_inverted(e), ", and ")
    return (f"{authors}. \u201c{e.title}.\u201d {e.venue}, vol. 12, {e.year}, "
            f"pp. {e.pages[0]}-{e.pages[1]}.")


def harvard(n: int, e: Entry) -> str:
    names = [f"{s}, {initial(g)}" for s, g in e.authors]
    authors = listed(names, " and ")
    return (f"{authors} ({e.year}) \u2018{e.title}\u2019, {e.venue}, 12, "
            f"pp. {e.pages[0]}\u2013{e.pages[1]}.")


def reading_list(n: int, e: Entry) -> str:
    """Title first, as course pages and personal publication lists print it."""
    names = ", ".join(f"{g} {s}" for s, g in e.authors)
    return f"{e.title}. {names}. {e.venue}, {e.year}."


def title_first_numbered(n: int, e: Entry) -> str:
    names = " and ".join(f"{initial(g)} {s}" for s, g in e.authors)
    return f"[{n}] \u201c{e.title}\u201d, {names}, {e.venue} {e.year}."


def dated(n: int, e: Entry) -> str:
    """Author-year dates beyond a plain year: two works of one year, no date, not yet out."""
    return (f"{e.year}a", f"{e.year}b", "n.d.", "in press", "forthcoming", f"{e.year}, June")[n % 6]


def acl_lettered(n: int, e: Entry) -> str:
    """ACL: "Tomas Mikolov, Quoc Le, and Ilya Sutskever. 2013b. Exploiting ..."."""
    authors = listed([f"{g} {s}" for s, g in e.authors], ", and ")
    return f"{authors}. {e.year}{'ab'[n % 2]}. {e.title}. In {e.venue}, pages {e.pages[0]}-{e.pages[1]}."


def apa_dated(n: int, e: Entry) -> str:
    names = [f"{s}, {initial(g)}" for s, g in e.authors]
    return f"{listed(names, ', & ')} ({dated(n, e)}). {e.title}. {e.venue}, 12, {e.pages[0]}-{e.pages[1]}."


def harvard_dated(n: int, e: Entry) -> str:
    names = [f"{s}, {initial(g)}" for s, g in e.authors]
    return f"{listed(names, ' and ')}, {dated(n, e)}, {e.title}, {e.venue}, 12, pp. {e.pages[0]}-{e.pages[1]}."


STYLES = {f.__name__: f for f in (lncs, lncs_unnumbered, acm, ieee, apa, chicago, vancouver,
                                   mla, harvard, reading_list, title_first_numbered,
                                   acl_lettered, apa_dated, harvard_dated)}


def make_entries(rng: random.Random, count: int, title_words: tuple[int, int]) -> list[Entry]:
    """Entries with distinct first authors, ``title_words`` (fewest, most) words per title."""
    surnames = rng.sample(SURNAMES, count * 2)
    entries = []
    for i in range(count):
        authors = [(surnames[i], rng.choice(GIVEN))]
        authors += [(surnames[count + j % count], rng.choice(GIVEN))
                    for j in range(i, i + rng.randint(0, 2))]
        words = rng.sample(WORDS, rng.randint(*title_words))
        pages = rng.randint(1, 400)
        entries.append(Entry(tuple(authors), " ".join(words).capitalize(), rng.choice(VENUES),
                             rng.randint(1995, 2024), (pages, pages + rng.randint(5, 20))))
    return entries


def with_typo(rng: random.Random, title: str) -> str:
    """One letter of a longer word dropped: what a hurried user types."""
    words = title.split()
    index = max(range(len(words)), key=lambda i: len(words[i]))
    word = words[index]
    cut = rng.randrange(1, len(word) - 1)
    words[index] = word[:cut] + word[cut + 1:]
    return " ".join(words)


def found(doc: str, author: str, title: str) -> bool:
    matcher = CitationMatcher([AuthorGroup((author,), (title,))], MatcherSettings())
    return bool(matcher.find(doc))


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize("title_words", [(4, 8), (2, 3)], ids=["long", "short"])
@pytest.mark.parametrize("style", sorted(STYLES))
def test_each_title_is_credited_to_its_own_entry_only(style: str, title_words: tuple[int, int],
                                                      seed: int) -> None:
    # Short titles make short pieces between commas, like names: the author list must not
    # seem to run on into the next entry.
    rng = random.Random(f"{style}-{seed}-{title_words}")
    entries = make_entries(rng, 8, title_words)
    doc = "\n".join(STYLES[style](n, e) for n, e in enumerate(entries, 1))
    for i, entry in enumerate(entries):
        typed = with_typo(rng, entry.title) if i % 2 else entry.title
        surnames = {surname for surname, _ in entry.authors}
        for surname, _ in {entry.authors[0], entry.authors[-1]}:
            assert found(doc, surname, typed), (surname, entry.title, doc)
        for neighbour in entries[max(0, i - 1):i] + entries[i + 1:i + 2]:
            for surname, _ in neighbour.authors:
                if surname not in surnames:
                    assert not found(doc, surname, typed), (surname, entry.title, doc)


#: Short content words a title holds and a misquote drops ("large [text] corpora").
SHORT_WORDS = ("text", "data", "deep", "fast", "open")


def with_short_word(rng: random.Random, entry: Entry) -> Entry:
    """The entry with a short content word inside its title (not its first or last word)."""
    words = entry.title.split()
    words.insert(rng.randrange(1, len(words)), rng.choice(SHORT_WORDS))
    return replace(entry, title=" ".join(words))


def misquoted(rng: random.Random, title: str, kind: str) -> str:
    """What citing authors do to a title: two words swapped, one dropped, one added.

    The word dropped is a short inner one ("large [text] corpora"): a title without its
    first or last word is a shorter title, and one without a longer inner word names less,
    another work (``longer_titles.longer_title``, ``words._names_enough``)."""
    words = title.split()
    at = rng.randrange(len(words) - 1)
    if kind == "swapped":
        words[at], words[at + 1] = words[at + 1], words[at]
    elif kind == "dropped":
        del words[next(i for i in range(1, len(words) - 1) if words[i] in SHORT_WORDS)]
    else:
        words.insert(at + 1, "new")
    return " ".join(words)


def found_by(scheme: str, doc: str, author: str, title: str) -> bool:
    matcher = CitationMatcher([AuthorGroup((author,), (title,))], MatcherSettings(scheme=scheme))
    return bool(matcher.find(doc))


@pytest.mark.parametrize("kind", ["swapped", "dropped", "added"])
@pytest.mark.parametrize("style", ["lncs", "acm", "apa", "acl_lettered", "ieee", "mla"])
def test_misquoted_titles_the_original_finds_are_found(style: str, kind: str) -> None:
    """A misquote the original scheme finds after the name, the improved one finds too, and
    it is still not credited to the neighbouring entries' authors.

    A short inner word ("text") is dropped from titles of eight words or more: the misquote
    still names five in six of the printed title's content words (with fewer, a word the
    query lacks is a large part of what the printed title names, and it is another work; so
    is a title that goes on past the query's first or last word, or that lacks a longer word
    inside it)."""
    rng = random.Random(f"misquote-{style}-{kind}")
    entries = make_entries(rng, 8, (7, 8) if kind == "dropped" else (5, 8))
    if kind == "dropped":
        entries = [with_short_word(rng, entry) for entry in entries]
    doc = "\n".join(STYLES[style](n, e) for n, e in enumerate(entries, 1))
    original_found = 0
    for i, entry in enumerate(entries):
        typed = misquoted(rng, entry.title, kind)
        first = entry.authors[0][0]
        if found_by("original", doc, first, typed):
            original_found += 1
            assert found_by("improved", doc, first, typed), (first, typed, doc)
        surnames = {surname for surname, _ in entry.authors}
        for neighbour in entries[max(0, i - 1):i] + entries[i + 1:i + 2]:
            for surname, _ in neighbour.authors:
                if surname not in surnames:
                    assert not found_by("improved", doc, surname, typed), (surname, typed, doc)
    assert original_found >= 4  # the case is really exercised
