"""Documents matched from several threads at once (Scrapy's thread pool matches big documents
in parallel) get the citations each gets alone: the readings kept per document
(``per_text_cache.kept_per_text``, ``headers``) are never another document's."""

from __future__ import annotations

import random
import sys
from concurrent.futures import ThreadPoolExecutor

from citeseeker_scrapy.matching import AuthorGroup, CitationMatcher, MatcherSettings

TITLES = ("Tidal harbour silt mills roads", "Salt bridges of the coastal")
SURNAMES = ("Okafor", "Lindqvist", "Moreau", "Berg", "Varga")
DOCUMENTS = 12


def _document(seed: int) -> str:
    """A numbered reference list of 60 entries, some with a ditto mark for the authors, whose
    titles are the queries, longer or shorter ones (near misses) and others."""
    rng = random.Random(seed)
    entries = []
    for n in range(60):
        authors = "———" if rng.random() < 0.3 else f"{rng.choice(SURNAMES)}, A."
        title = rng.choice(TITLES + ("Salt bridges of the coastal towns", "Tidal harbour silt",
                                     "Roads of the north"))
        entries.append(f"[{n}] {authors} ({1950 + rng.randrange(70)}). {title}. Journal {n}, "
                       f"{rng.randrange(99)}-{rng.randrange(99, 199)}.")
    return "\n".join(entries)


def test_documents_matched_in_parallel_get_what_each_gets_alone() -> None:
    matcher = CitationMatcher([AuthorGroup((name,), TITLES) for name in SURNAMES],
                              MatcherSettings())
    documents = [_document(seed) for seed in range(DOCUMENTS)]
    alone = [matcher.find(document) for document in documents]
    assert all(alone)

    def in_turn(first: int) -> list[list]:
        return [matcher.find(documents[(first + k) % DOCUMENTS]) for k in range(DOCUMENTS)]

    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # threads change often, inside the readings too
    try:
        with ThreadPoolExecutor(6) as pool:
            rounds = list(pool.map(in_turn, range(3 * DOCUMENTS)))
    finally:
        sys.setswitchinterval(interval)
    for first, found in enumerate(rounds):
        assert found == [alone[(first + k) % DOCUMENTS] for k in range(DOCUMENTS)]
