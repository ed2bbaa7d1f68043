"""Vocabulary and generators of reference-list-like text, shared by the benchmarks.

bench_matcher.py builds its 5 MB workloads from these and crawlbench/web.py its pages, so both
benchmarks search for the same workload A (same vocabulary, generator and seed).
"""

from __future__ import annotations

import random

WORDS = (
    "a an the of for in on with and to from by using via towards based over under efficient fast "
    "scalable robust adaptive approximate exact optimal parallel distributed incremental dynamic "
    "algorithm algorithms method methods approach framework model models system systems analysis "
    "evaluation graph graphs tree trees shortest paths path network networks neural learning deep "
    "reinforcement data mining clustering classification retrieval information text document web "
    "search query queries index indexing compression storage database databases transaction "
    "concurrency control string matching pattern patterns edit distance similarity join semantic "
    "ontology knowledge image images video facial expression recognition object construction "
    "three-dimensional line clipping computer vision graphics rendering surface mesh geometry "
    "point cloud segmentation detection tracking language natural processing translation speech "
    "parsing grammar compiler program verification testing software engineering requirements "
    "architecture design evolution maintenance security privacy cryptography protocol wireless "
    "sensor mobile computing scheduling memory cache performance energy hardware circuits logic "
    "synthesis quantum theory complexity bounds lower upper randomized probabilistic statistical "
    "bayesian inference estimation optimization linear nonlinear convex programming integer "
    "constraint heuristic genetic evolutionary agents game mechanism auction social media "
    "recommendation collaborative filtering user interface interaction visualization virtual "
    "reality hypertext citation bibliometric indicators ranking crawler crawling focused topic "
    "modeling summarization"
).split()
SURNAMES = (
    "bosch agarwal ježek toman fiala novák garcia miller smith jones brown wilson taylor anderson "
    "thomas moore martin jackson white harris clark lewis robinson walker young allen wright "
    "scott green baker adams nelson hill campbell mitchell roberts carter phillips evans turner "
    "torres parker collins edwards stewart morris murphy cook rogers morgan peterson cooper reed "
    "bailey bell gomez kelly howard ward diaz richardson wood watson brooks bennett gray james "
    "reyes cruz hughes price myers long foster sanders ross morales powell sullivan russell ortiz "
    "jenkins gutierrez perry butler barnes fisher henderson coleman simmons patterson jordan "
    "reynolds hamilton graham gonzales alexander ramos wallace griffin cole hayes chavez gibson "
    "bryant ellis stevens murray ford marshall owens mcdonald harrison ruiz kennedy wells alvarez "
    "woods mendoza castillo olson webb washington tucker freeman burns henry vasquez snyder "
    "simpson crawford jimenez porter mason shaw gordon wagner hunter romero hicks dixon hunt "
    "palmer robertson holmes stone meyer boyd mills warren rose rice moreno schmidt patel "
    "ferguson dvořák müller šťastný žák čapek jiménez"
).split()


def random_title(rng: random.Random) -> str:
    """A title-like string of 3 to 10 vocabulary words."""
    words = " ".join(rng.choice(WORDS) for _ in range(rng.randint(3, 10)))
    return words[0].upper() + words[1:]


def with_typos(rng: random.Random, title: str) -> str:
    """The title with 1-3 random substitutions, deletions or insertions."""
    chars = list(title)
    for _ in range(rng.randint(1, 3)):
        at = rng.randrange(len(chars))
        kind = rng.random()
        if kind < 0.4:
            chars[at] = rng.choice("abcdefghijklmnopqrstuvwxyz")
        elif kind < 0.7 and len(chars) > 1:
            del chars[at]
        else:
            chars.insert(at, rng.choice("abcdefghijklmnopqrstuvwxyz "))
    return "".join(chars)
