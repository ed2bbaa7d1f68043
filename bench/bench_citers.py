"""Self-citations and versions of one work, on generated sets, in one command.

    .venv/bin/python bench/bench_citers.py [--seed 1] [--groups 400] [--works 600]

Self-citations: author groups typed as users type them ("D. Fiala", "Fiala, Dalibor",
"Dalibor Fiala", "Smith JA", accents or not) and citing works whose authors are printed
"Given Family" (full given names or initials, other case, accents dropped or added): a work by
one of the group's people (shared), by a namesake with other initials (same surname,
different initials), by someone with a similar surname ("Smith"/"Smithson"/"Smit"), by another
person with the same initial but another given name when the group names the whole given name,
or by nobody related. Precision and recall of ``shares_an_author`` against the peer most tools
use, the surname alone.

Versions: works printed as a preprint (arXiv id, full given names, title as typed) and as the
published version (DOI, initials, the title's case and punctuation changed; every fifth with a
changed title that carries the preprint's arXiv id), with decoys: another work of the same first
author, a work with the same title by another first author. Every document is given an id by
the crawl's map (:class:`WorkIds`, in a shuffled order) and the report joins them
(:func:`group_works`). Prints pairs merged (recall) and different works merged (must be 0),
against the peers: the text fingerprint (one paper, one result) and a DOI match.
"""

from __future__ import annotations

import argparse
import random
import sys
import unicodedata
from itertools import combinations
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from citeseeker_scrapy.matching.persons import person_readings, shares_an_author  # noqa: E402
from citeseeker_scrapy.report.citing_works import group_works  # noqa: E402
from citeseeker_scrapy.report.citing_works import CitingDocument  # noqa: E402
from citeseeker_scrapy.works.identity import WorkIds, normalized_doi, work_keys  # noqa: E402

SURNAMES = ["Smith", "Novák", "Müller", "Fiala", "Ježek", "García", "Nguyen", "Kowalski",
            "Rossi", "Dubois", "Zhang", "Okafor", "Larsen", "Öztürk", "Schmidt", "Brown",
            "Dvořák", "Silva", "Ivanova", "Hansen", "van der Berg", "O'Neil", "Kim", "Lee"]
SIMILAR = {"Smith": ["Smithson", "Smit"], "Fiala": ["Fialová", "Fialka"], "Lee": ["Leeds"],
           "Kim": ["Kimura"], "Hansen": ["Hanssen", "Jansen"], "Brown": ["Browne"],
           "Müller": ["Mueller-Reis", "Miller"], "Rossi": ["Rossini"], "Silva": ["Silvano"]}
GIVEN = ["John", "Jane", "Karel", "Dalibor", "Maria", "Anna", "Peter", "Paul", "Wei",
         "Laura", "Jean-Pierre", "Tomáš", "Jakub", "Kevin", "Ingrid", "Olga", "Ahmed", "Eva"]
WORDS = ("citation indexing retrieval web crawler graph analysis scholarly documents learning "
         "ranking networks semantic search evaluation metadata repository digital library "
         "bibliometric author disambiguation extraction layout fuzzy matching").split()


def fold(text: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))


def typed_form(given: str, surname: str, rng: random.Random) -> str:
    """A group author as a user types it (never the surname alone: see bench/README.md)."""
    initials = ". ".join(part[0] for part in given.split("-")) + "."
    return rng.choice([f"{initials} {surname}", f"{surname}, {given}", f"{given} {surname}",
                       f"{surname} {''.join(p[0] for p in given.split('-'))}",
                       f"{initials} {fold(surname)}"])


def printed_form(given: str, surname: str, rng: random.Random) -> str:
    """An author as a citing work prints it ("Given Family")."""
    initials = ". ".join(part[0] for part in given.split("-")) + "."
    name = rng.choice([f"{given} {surname}", f"{initials} {surname}", f"{fold(given)} "
                       f"{fold(surname)}", f"{given} {surname.upper()}"])
    return name


def other_given(given: str, rng: random.Random, *, same_initial: bool) -> str:
    options = [g for g in GIVEN if g != given and (g[0] == given[0]) == same_initial
               and "-" not in g]
    return rng.choice(options) if options else ""


def self_citation_set(rng: random.Random, count: int) -> list[tuple[list[str], list[str], bool]]:
    """(typed group, printed authors, truly a self-citation) triples."""
    cases = []
    for index in range(count):
        people = [(rng.choice(GIVEN), rng.choice(SURNAMES)) for _ in range(rng.randint(1, 3))]
        group = [typed_form(g, s, rng) for g, s in people]
        strangers = [printed_form(rng.choice(GIVEN), s, rng)
                     for s in rng.sample([s for s in SURNAMES if s not in
                                          {p[1] for p in people}], rng.randint(0, 4))]
        given, surname = rng.choice(people)
        kind = index % 5
        if kind == 0:  # shared
            author, truth = printed_form(given, surname, rng), True
        elif kind == 1:  # same surname, different initials
            author, truth = printed_form(other_given(given, rng, same_initial=False), surname,
                                         rng), False
        elif kind == 2 and surname in SIMILAR:  # a similar surname
            author, truth = printed_form(given, rng.choice(SIMILAR[surname]), rng), False
        elif kind == 3:  # same initial, another whole given name, where the group typed it
            typed = group[people.index((given, surname))]
            whole = any(len(g) > 1 for g in person_readings(typed, either_order=True)[0].given)
            other = other_given(given, rng, same_initial=True)
            if not whole or not other:
                continue
            author, truth = f"{other} {surname}", False
        else:  # nobody related
            author, truth = printed_form(rng.choice(GIVEN), rng.choice(
                [s for s in SURNAMES if s not in {p[1] for p in people}]), rng), False
        printed_given, printed_surname = author.split()[0], fold(author.split()[-1]).lower()
        if truth is False and any(fold(s).lower() == printed_surname and g[0] == printed_given[0]
                                  for g, s in people):
            continue  # another person of the group with these initials: not a negative
        authors = strangers + [author]
        rng.shuffle(authors)
        cases.append((group, authors, truth))
    return cases


def surname_only(group: list[str], authors: list[str]) -> bool:
    """The peer: a shared surname is a self-citation."""
    typed = {r.surname for name in group for r in person_readings(name, either_order=True)}
    return any(r.surname in typed for name in authors for r in person_readings(name))


def precision_recall(cases, judge) -> tuple[float, float, int, int]:
    tp = sum(1 for g, a, t in cases if t and judge(g, a))
    fp = sum(1 for g, a, t in cases if not t and judge(g, a))
    fn = sum(1 for g, a, t in cases if t and not judge(g, a))
    return tp / max(tp + fp, 1), tp / max(tp + fn, 1), fp, fn


def title_of(rng: random.Random) -> str:
    return " ".join(rng.sample(WORDS, rng.randint(4, 8))).capitalize()


def versions_set(rng: random.Random, count: int) -> list[tuple[int, dict, str]]:
    """(true work number, work metadata, text) of every document."""
    documents = []
    for number in range(count):
        people = [(rng.choice(GIVEN), rng.choice(SURNAMES)) for _ in range(rng.randint(1, 4))]
        title = title_of(rng)
        arxiv = f"{rng.randint(1501, 2412)}.{rng.randint(10000, 99999)}"
        preprint = {"title": title, "authors": [f"{g} {s}" for g, s in people],
                    "arxiv": f"arXiv:{arxiv}v{rng.randint(1, 3)}", "doi": None}
        published_title = (title.upper() + "." if number % 5 else title_of(rng))
        published = {"title": published_title,
                     "authors": [printed_form(g, s, rng) for g, s in people],
                     "doi": f"10.{rng.randint(1000, 9999)}/j.{number}",
                     "arxiv": preprint["arxiv"] if number % 5 == 0 else None,
                     "year": 2020 + number % 5}
        documents += [(number, preprint, f"preprint {number}"),
                      (number, published, f"published {number}")]
        if number % 3 == 0:  # decoy: same first author, another work
            documents.append((count + number, {"title": title_of(rng),
                                               "authors": preprint["authors"][:1]}, f"d{number}"))
        if number % 4 == 0:  # decoy: same title, another first author
            documents.append((2 * count + number, {
                "title": title, "authors": [f"{rng.choice(GIVEN)} Zzyzx{number}"]}, f"e{number}"))
    return documents


def pair_scores(documents, labels: list[str]) -> tuple[float, int]:
    """(share of preprint/published pairs with one label, pairs of different works with one)."""
    by_work: dict[int, list[int]] = {}
    for index, (number, _, _) in enumerate(documents):
        by_work.setdefault(number, []).append(index)
    pairs = [ids for ids in by_work.values() if len(ids) == 2]
    merged = sum(1 for a, b in pairs if labels[a] == labels[b])
    by_label: dict[str, list[int]] = {}
    for index, label in enumerate(labels):
        by_label.setdefault(label, []).append(index)
    wrong = sum(1 for ids in by_label.values() for a, b in combinations(ids, 2)
                if documents[a][0] != documents[b][0])
    return merged / max(len(pairs), 1), wrong


def crawl_ids(documents, rng: random.Random) -> list[str]:
    """The feed's ``work_id`` of each document, the documents met in a shuffled order."""
    order = list(range(len(documents)))
    rng.shuffle(order)
    ids, labels = WorkIds(), [""] * len(documents)
    for index in order:
        labels[index] = ids.assign(work_keys(documents[index][1]), f"http://x/{index}")
    return labels


def report_ids(documents, labels: list[str]) -> list[str]:
    """The report's works, joining the crawl's ids and the works' keys."""
    citing = [CitingDocument(f"http://x/{i}", "", [], work_id=label, work=work)
              for i, ((_, work, _), label) in enumerate(zip(documents, labels))]
    joined = {document.where: work.work_id for work in group_works(citing)
              for document in work.documents}
    return [joined[document.where] for document in citing]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--groups", type=int, default=2000)
    parser.add_argument("--works", type=int, default=1000)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    cases = self_citation_set(rng, args.groups)
    positives = sum(1 for *_, t in cases if t)
    print(f"Self-citations: {len(cases)} cases ({positives} self-citations)")
    print(f"{'judge':<28}{'precision':>10}{'recall':>8}{'false +':>9}{'false -':>9}")
    ours = precision_recall(cases, shares_an_author)
    peer = precision_recall(cases, surname_only)
    for name, (p, r, fp, fn) in (("ours (surname + initials)", ours), ("peer: surname only", peer)):
        print(f"{name:<28}{p:>10.4f}{r:>8.4f}{fp:>9}{fn:>9}")
    print(f"precision ratio ours/peer: {ours[0] / max(peer[0], 1e-9):.2f}x")
    documents = versions_set(rng, args.works)
    labels = crawl_ids(documents, rng)
    print(f"\nVersions: {args.works} works as preprint + published, {len(documents)} documents")
    print(f"{'grouping':<34}{'pairs merged':>13}{'different works merged':>24}")
    rows = [("ours: the feed's work_id", labels), ("ours: the report's works", report_ids(
                documents, labels)),
            ("peer: text fingerprint", [text for _, _, text in documents]),
            ("peer: same DOI", [normalized_doi(w.get("doi")) or f"n{i}"
                                for i, (_, w, _) in enumerate(documents)])]
    failed = ours[0] < 0.98 or ours[1] < 0.98
    for name, found in rows:
        merged, wrong = pair_scores(documents, found)
        print(f"{name:<34}{merged:>13.4f}{wrong:>24}")
        if name.startswith("ours"):
            failed |= merged < 1.0 or wrong > 0
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
