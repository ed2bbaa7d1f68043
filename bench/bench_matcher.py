"""Benchmark of the citation matcher: ``.venv/bin/python bench/bench_matcher.py``.

Generates (seeded) ~5 MB of reference-list text per workload, with a queried surname every
~2 KB followed by the author's title (verbatim or with typos) or by an unrelated title, then
times CitationMatcher in both schemes (improved, the default, and original, the baseline)
against two peers and checks the original scheme's hits against the slow reference.
Like real PDF text it is mostly ASCII, with en dashes in page ranges and some accented names.
In those lists a hit's entry is always the plain one the generator writes, so the improved
scheme's checks of a hit (``improved.verify``, ``improved.superset``) run on few, simple
entries; workload R times them on real reference lists: papers of ``../shared/refcorpus``'s
reference strings (``bench_refstrings.py``'s corpus mix, text and HTML), each searched for
every entry it cites and the near-miss decoys of that bench (skipped without the corpus);
workload L joins those papers into one long document, searched for 50 of their queries, and
workload V the papers of four such samples (~1 MB, a volume's reference lists).

The machine may be shared: every time is the median and the best of ``REPEATS`` runs, in wall
time and in CPU time of this process (which other processes disturb much less); the load
average is printed first. Every timed search is a crawl's one search of a new document: the
answers the matcher keeps per document text are forgotten before it (:func:`searched_anew`),
those it keeps per query are not (a crawl searches every document for the same queries).

``--against ROOT`` also times another checkout of the project (its root, e.g. a worktree of
the code before a change) on each workload: this checkout's matcher and ROOT's each run in a
process of their own (``matcher_worker.py``, both started again every ``ROUNDS_PER_PAIR``
rounds), one search each in turn, ``--rounds`` times, and the median CPU times and their ratio
are printed under the workload's usual figures, with whether both give the same citations.
Why: separate runs of identical code differ by several per cent here; runs taken in turn see
the same load. ``--workloads`` picks workloads by label.
"""

from __future__ import annotations

import argparse
import os
import pickle
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
from functools import partial
from pathlib import Path
from typing import Callable

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from rapidfuzz import fuzz  # noqa: E402

from bench.textgen import SURNAMES, WORDS, random_title, with_typos  # noqa: E402,F401
from citeseeker_scrapy.matching import (  # noqa: E402
    AuthorGroup, CitationMatcher, MatcherSettings, best_substring, find_name_positions,
    normalize_text, reference_best_substring, reference_original_scheme,
)
from citeseeker_scrapy.matching.improved.text.per_text_cache import forget_texts  # noqa: E402

TEXT_BYTES = 5_000_000
SLOW_SLICE = 12_000  # characters of text the pure-Python peers get (then scaled)
REFCORPUS = Path(__file__).resolve().parents[2] / "shared" / "refcorpus"
REFERENCE_SAMPLE = 1100  # reference strings of workload R (about 40 papers)
REFERENCE_SEED = 25  # the sample of workloads R and L
REPEATS = 7  # runs of each of the two schemes, taken in turn (the peers: 3)
SAMPLED_PARTS = 8  # parts of the text whose pairs the exhaustive reference checks
ROOT = Path(__file__).resolve().parents[1]
WORKER = Path(__file__).resolve().parent / "matcher_worker.py"
#: The generated workloads: authors, titles, seed, share of verbatim citations.
WORKLOADS = {"A": (10, 20, 1, 0.45), "B": (100, 129, 2, 0.45),
             # No verbatim citation: every part is searched to the end, nothing stops at 1.0.
             "A'": (10, 20, 3, 0.0), "B'": (100, 129, 4, 0.0)}
REAL_LISTS = "R"  # the workload of real reference lists
LONG_LIST = "L"  # the same lists joined into one long document
VOLUME = "V"  # the lists of four samples joined: a volume's reference lists, ~1 MB
VOLUME_SEEDS = (REFERENCE_SEED, 26, 27, 28)  # the samples of workload V: R's and three more
LONG_QUERIES = 50  # queries of workloads L and V, drawn from their papers' queries
ALL_WORKLOADS = [*WORKLOADS, REAL_LISTS, LONG_LIST, VOLUME]  # in the order they run
DEFAULT_ROUNDS = 15  # searches of each tree with --against
ROUNDS_PER_PAIR = 5  # rounds of --against before both trees' processes are started again
Documents = list[tuple[str, list[AuthorGroup]]]  # texts and the queries each is searched for


def make_groups(rng: random.Random, n_authors: int, n_titles: int) -> list[AuthorGroup]:
    """Groups of two authors; the titles are dealt round-robin over the groups."""
    names = [name.capitalize() for name in SURNAMES[:n_authors]]
    pairs = [tuple(names[i:i + 2]) for i in range(0, n_authors, 2)]
    titles: list[list[str]] = [[] for _ in pairs]
    for i in range(n_titles):
        titles[i % len(pairs)].append(random_title(rng))
    return [AuthorGroup(pair, tuple(t)) for pair, t in zip(pairs, titles)]


def reference(rng: random.Random, first_author: str, title: str) -> str:
    """One reference-list entry with a co-author, venue and pages."""
    coauthor = rng.choice(SURNAMES[100:]).capitalize()
    venue = " ".join(rng.choice(WORDS) for _ in range(rng.randint(3, 7)))
    pages = rng.randint(1, 400)
    return (f"[{rng.randint(1, 60)}] {first_author}, {rng.choice('ABCDEFGHJK')}., {coauthor}, "
            f"{rng.choice('ABCDEFGHJK')}.: {title}. In: Proc. of the {venue.title()}, "
            f"pp. {pages}\u2013{pages + rng.randint(5, 20)} ({rng.randint(1970, 2003)})\n")


def make_text(rng: random.Random, groups: list[AuthorGroup], size: int,
              verbatim_share: float) -> str:
    """Chunks of ~2 KB: filler references and one entry by a queried author.

    The entry cites one of the group's titles verbatim (``verbatim_share``), with typos
    (30 %), or an unrelated title (the rest).
    """
    chunks: list[str] = []
    total = 0
    while total < size:
        group = rng.choice(groups)
        author = rng.choice(group.authors)
        roll = rng.random()
        if roll < verbatim_share:
            title = rng.choice(group.publications)
        elif roll < verbatim_share + 0.3:
            title = with_typos(rng, rng.choice(group.publications))
        else:
            title = random_title(rng)
        entries = [reference(rng, rng.choice(SURNAMES[100:]).capitalize(), random_title(rng))
                   for _ in range(9)]
        entries.insert(rng.randrange(10), reference(rng, author, title))
        chunk = "".join(entries)
        chunks.append(chunk)
        total += len(chunk)
    return "".join(chunks)


Timing = tuple[float, float, float, float]  # wall median, wall best, CPU median, CPU best


def seconds_of(run: Callable[[], object], repeats: int = 3) -> Timing:
    """Median and best wall and CPU time of ``repeats`` runs.

    The best shows the cost on a quiet CPU; CPU time leaves out the time other processes
    had the CPU, so on a shared machine it is the steadier of the two.
    """
    walls, cpus = [], []
    for _ in range(repeats):
        wall, cpu = time.perf_counter(), time.process_time()
        run()
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
    return statistics.median(walls), min(walls), statistics.median(cpus), min(cpus)


def interleaved_seconds(runs: dict[str, Callable[[], object]], repeats: int
                        ) -> dict[str, Timing]:
    """Like :func:`seconds_of` for several runs taken in turn (a, b, a, b, ...).

    Why in turn: on a shared machine the load changes from second to second; runs that
    alternate see the same load, so their ratio holds where back-to-back blocks do not.
    """
    walls: dict[str, list[float]] = {name: [] for name in runs}
    cpus: dict[str, list[float]] = {name: [] for name in runs}
    for _ in range(repeats):
        for name, run in runs.items():
            wall, cpu = time.perf_counter(), time.process_time()
            run()
            walls[name].append(time.perf_counter() - wall)
            cpus[name].append(time.process_time() - cpu)
    return {name: (statistics.median(walls[name]), min(walls[name]),
                   statistics.median(cpus[name]), min(cpus[name])) for name in runs}


def searched_anew(matcher: CitationMatcher, text: str) -> list:
    """``matcher.find(text)`` as a crawl's one search of a new document: the answers the
    matcher keeps per document text are forgotten first (``per_text_cache.forget_texts``),
    so a timed run repeated on the same text is not served by the run before it."""
    forget_texts()
    return matcher.find(text)


def median_seconds(run: Callable[[], object], repeats: int = 3) -> float:
    """Median wall time of ``repeats`` runs."""
    return seconds_of(run, repeats)[0]


def kept_parts(text: str, groups: list[AuthorGroup],
               settings: MatcherSettings) -> list[tuple[str, list[str]]]:
    """(part, titles) pairs of Algorithm 7.3, written plainly, for the peers."""
    return [(part, [normalize_text(t) for t in group.publications])
            for group in groups for _, part in _parts_with_offsets(text, group, settings)]


def _all(text: str, name: str) -> list[int]:
    """Every occurrence of ``name`` in ``text``."""
    found, at = [], text.find(name)
    while at >= 0:
        found.append(at)
        at = text.find(name, at + 1)
    return found


def naive_peer(raw: str, groups: list[AuthorGroup], settings: MatcherSettings) -> int:
    """rapidfuzz's partial_ratio on every (occurrence, title): fast, but a different measure."""
    text = normalize_text(raw)
    limit = 100 * settings.fuzzy_limit
    return sum(fuzz.partial_ratio(title, part, score_cutoff=limit) > 0
               for part, titles in kept_parts(text, groups, settings) for title in titles)


def original_peer(raw: str, groups: list[AuthorGroup], settings: MatcherSettings) -> int:
    """The thesis's scheme (title-long windows, plain DP) on every (occurrence, title)."""
    text = normalize_text(raw)
    return sum(reference_original_scheme(title, part)[0] >= settings.fuzzy_limit
               for part, titles in kept_parts(text, groups, settings) for title in titles)


def reference_citations(raw: str, groups: list[AuthorGroup],
                        settings: MatcherSettings) -> list[tuple[str, str, int]]:
    """Best hit per (group, title) by the slow exhaustive reference, as (title, found, pos)."""
    text = normalize_text(raw)
    results = []
    for group in groups:
        for title, original in zip([normalize_text(t) for t in group.publications],
                                   group.publications):
            best = None
            for part_start, part in _parts_with_offsets(text, group, settings):
                sim, found, offset = reference_best_substring(title, part)
                if sim >= settings.fuzzy_limit and found and (
                        best is None or (round(sim, 12), -(part_start + offset)) > best[0]):
                    best = ((round(sim, 12), -(part_start + offset)), found, part_start + offset)
            if best:
                results.append((original, best[1], best[2]))
    return results


def _parts_with_offsets(text: str, group: AuthorGroup,
                        settings: MatcherSettings) -> list[tuple[int, str]]:
    """Kept parts of one group with their offsets in the text."""
    names = [normalize_text(a) for a in group.authors]
    positions = sorted((p, n) for n in names for p in _all(text, n))
    kept, last = [], None
    for pos, name in positions:
        if last is None or pos - last >= settings.min_author_distance:
            last = pos
            start = pos + len(name)
            kept.append((start, text[start:start + settings.part_length]))
    return kept


def sampled_pair_check(text: str, groups: list[AuthorGroup], settings: MatcherSettings,
                       rng: random.Random, parts: int = SAMPLED_PARTS) -> str:
    """Fast path vs reference on (part, title) pairs sampled over the whole text.

    Half the parts follow a name in a reference entry (", X.: title"), where hits are likely.
    """
    every = kept_parts(text, groups, settings)
    in_entries = [pair for pair in every if pair[0].startswith(",")]
    pairs = rng.sample(in_entries, parts // 2) + rng.sample(every, parts - parts // 2)
    checked = hits = 0
    for part, titles in pairs:
        for title in titles:
            sim, found, offset = reference_best_substring(title, part)
            expected = (sim, found, offset) if found and sim >= settings.fuzzy_limit else None
            got = best_substring(title, part, settings.fuzzy_limit)
            same = (got is None) == (expected is None) and (got is None or (
                got[1:] == expected[1:] and abs(got[0] - expected[0]) < 1e-12))
            if not same:
                return f"MISMATCH on {title!r} in {part!r}: ours {got}, reference {expected}"
            checked, hits = checked + 1, hits + (got is not None)
    return f"OK ({checked} pairs from {parts} random parts, {hits} hits)"


def author_search_times(text: str, groups: list[AuthorGroup]) -> str:
    """Our name search against one regex alternation and a plain str.find per name."""
    names = list(dict.fromkeys(normalize_text(a) for g in groups for a in g.authors))
    pattern = re.compile("|".join(map(re.escape, sorted(names, key=len, reverse=True))))
    ours = median_seconds(lambda: find_name_positions(text, names))
    regex = median_seconds(lambda: [m.start() for m in pattern.finditer(text)])
    finds = median_seconds(lambda: [_all(text, name) for name in names])
    return (f"ours {ours * 1e3:.0f} ms, regex alternation {regex * 1e3:.0f} ms, "
            f"str.find per name {finds * 1e3:.0f} ms")


def run_workload(label: str, n_authors: int, n_titles: int, seed: int,
                 verbatim_share: float = 0.45) -> Documents:
    """Time both schemes and the peers on one workload and verify the hits on a slice; returns
    the workload's text and queries (for :func:`compare_trees`)."""
    rng = random.Random(seed)
    groups = make_groups(rng, n_authors, n_titles)
    raw = make_text(rng, groups, TEXT_BYTES, verbatim_share)
    settings = MatcherSettings(scheme="original")
    improved = CitationMatcher(groups, MatcherSettings())
    original = CitationMatcher(groups, settings)
    megabytes = len(raw.encode()) / 1e6
    schemes = interleaved_seconds({"improved": lambda: searched_anew(improved, raw),
                                   "original": lambda: searched_anew(original, raw)}, REPEATS)
    timings = [("CitationMatcher.find, scheme improved (default)", schemes["improved"]),
               ("CitationMatcher.find, scheme original", schemes["original"]),
               ("  of which normalize_text (both schemes)",
                seconds_of(lambda: normalize_text(raw))),
               ("naive fuzz.partial_ratio per (occ, title)",
                seconds_of(lambda: naive_peer(raw, groups, settings)))]
    head = raw[:SLOW_SLICE]
    once = median_seconds(lambda: original_peer(head, groups, settings), 1) * len(raw) / len(head)
    timings.append((f"thesis windows (first {SLOW_SLICE} chars, scaled)", (once,) * 4))
    found_improved, found_original = improved.find(raw), original.find(raw)
    expected = reference_citations(head, groups, settings)
    got = [(c.publication, c.found, c.position) for c in original.find(head)]
    verdict = "OK" if got == expected else f"MISMATCH\n  ours {got}\n  ref  {expected}"
    text = normalize_text(raw)
    sampled = sampled_pair_check(text, groups, settings, rng, SAMPLED_PARTS)
    names = author_search_times(text, groups)
    print(f"\nWorkload {label}: {n_authors} authors x {n_titles} titles, {len(groups)} groups, "
          f"{megabytes:.1f} MB, {verbatim_share:.0%} verbatim, citations found: improved "
          f"{len(found_improved)}, original {len(found_original)}")
    print(f"  {'MB/s':<48}{'median':>8}{'best':>8}{'CPU med':>9}{'CPU best':>9}"
          f"{'time vs improved':>18}")
    base = timings[0][1][0]
    for name, (median, best, cpu_median, cpu_best) in timings:
        print(f"  {name:<48}{megabytes / median:>8.1f}{megabytes / best:>8.1f}"
              f"{megabytes / cpu_median:>9.1f}{megabytes / cpu_best:>9.1f}{median / base:>17.2f}x")
    print(f"  original's time / improved's, best CPU time of {REPEATS} runs taken in turn: "
          f"{schemes['original'][3] / schemes['improved'][3]:.2f}x")
    print(f"  author search on normalized text (original scheme): {names}")
    print(f"  original scheme vs reference on first {SLOW_SLICE} chars "
          f"({len(expected)} citations): {verdict}")
    print(f"  reference check of best_substring: {sampled}")
    print(f"  improved vs original: {agreement(found_improved, found_original)}")
    return [(raw, groups)]


def _corpus_missing(label: str) -> bool:
    """True, with a line saying the workload ``label`` is skipped, where ``REFCORPUS`` is not
    there (workloads R, L and V read it; a clone without ``../shared`` runs the others)."""
    if REFCORPUS.is_dir():
        return False
    print(f"\nWorkload {label}: skipped, no reference corpus at {REFCORPUS}")
    return True


def run_reference_lists(label: str, sample: int, seed: int) -> Documents:
    """Time both schemes on papers of real reference strings, each searched at once for the
    queries of its own entries (true citations and near-miss decoys), as a crawl searches a
    document for every query: most names lie in an entry that prints the title or one close
    to it, so the checks of each hit run for most queries (:func:`reference_list_papers`)."""
    if _corpus_missing(label):
        return []
    papers = reference_list_papers(sample, seed)
    found, schemes = both_schemes_timed(papers)
    megabytes = sum(len(text.encode()) for text, _ in papers) / 1e6
    queries = sum(len(groups) for _, groups in papers)
    print(f"\nWorkload {label}: {len(papers)} papers of real reference strings (corpus mix, "
          f"{sample} sampled, seed {seed}, text and HTML), {queries} queries, "
          f"{megabytes:.2f} MB, citations found: improved {found['improved']}, "
          f"original {found['original']}")
    print(f"  {'queries/s':<48}{'median':>8}{'best':>8}{'CPU med':>9}{'CPU best':>9}")
    for name in ("improved", "original"):
        median, best, cpu_median, cpu_best = schemes[name]
        print(f"  {'CitationMatcher.find, scheme ' + name:<48}{queries / median:>8.0f}"
              f"{queries / best:>8.0f}{queries / cpu_median:>9.0f}{queries / cpu_best:>9.0f}")
    print(f"  original's time / improved's, best CPU time of {REPEATS} runs taken in turn: "
          f"{schemes['original'][3] / schemes['improved'][3]:.2f}x")
    return papers


def run_long_list(label: str, sample: int, seeds: tuple[int, ...]) -> Documents:
    """Time both schemes on the papers of the samples ``seeds`` joined into one document (a
    book's or a proceedings volume's reference lists: workload R's alone ~0.2 MB, four
    samples ~1 MB, some references in more than one), searched once for ``LONG_QUERIES`` of
    their queries: the checks that read the whole document (a run of words printed twice, a
    word printed again) cost more the longer it is, as a crawl's long documents do."""
    if _corpus_missing(label):
        return []
    papers = [paper for seed in seeds for paper in reference_list_papers(sample, seed)]
    text = "\n\n".join(paper for paper, _ in papers)
    groups = [group for _, paper_groups in papers for group in paper_groups]
    random.Random(seeds[0]).shuffle(groups)
    groups = groups[:LONG_QUERIES]
    found, schemes = both_schemes_timed([(text, groups)])
    print(f"\nWorkload {label}: {len(papers)} papers of real reference strings (samples of "
          f"{sample}, seeds {', '.join(map(str, seeds))}) as one document, "
          f"{len(text.encode()) / 1e6:.2f} MB, {len(groups)} of their queries, citations found: "
          f"improved {found['improved']}, original {found['original']}")
    print(f"  {'CPU ms':<48}{'median':>8}{'best':>8}")
    for name in ("improved", "original"):
        *_, cpu_median, cpu_best = schemes[name]
        print(f"  {'CitationMatcher.find, scheme ' + name:<48}{cpu_median * 1e3:>8.1f}"
              f"{cpu_best * 1e3:>8.1f}")
    return [(text, groups)]


def both_schemes_timed(documents: Documents) -> tuple[dict[str, int], dict[str, Timing]]:
    """The citations each scheme finds in ``documents`` (each searched for its own queries),
    and the time of each scheme's search of them all, every document searched anew
    (:func:`searched_anew`), the two schemes taken in turn. Called by
    :func:`run_reference_lists` and :func:`run_long_list`."""
    matchers = {scheme: [(text, CitationMatcher(groups, MatcherSettings(scheme=scheme)))
                         for text, groups in documents] for scheme in ("improved", "original")}
    schemes = interleaved_seconds(
        {scheme: partial(_search_all_anew, pairs) for scheme, pairs in matchers.items()}, REPEATS)
    found = {scheme: sum(len(matcher.find(text)) for text, matcher in pairs)
             for scheme, pairs in matchers.items()}
    return found, schemes


def _search_all_anew(pairs: list[tuple[str, CitationMatcher]]) -> None:
    """Each text searched anew by its matcher (:func:`searched_anew`): one timed run of
    :func:`both_schemes_timed`."""
    for text, matcher in pairs:
        searched_anew(matcher, text)


def reference_list_papers(sample: int, seed: int) -> list[tuple[str, list[AuthorGroup]]]:
    """Each paper of ``bench_refstrings.py``'s corpus mix (``sample`` strings, ``seed``) as
    extracted, in text (paged: running headers between pages) and HTML only, with one group
    per query of its entries (author, title): the entries' real shapes put the checks of
    ``improved.verify`` and ``improved.superset`` to work. Called by
    :func:`run_reference_lists`."""
    import bench_refstrings as refbench  # reads the corpus; only this workload needs it

    references = refbench.refstrings.read_corpus(REFCORPUS)
    held = refbench.refstrings.held_out_all(references)
    pool = [reference for reference in references if reference.printed not in held]
    sampled = refbench.refstrings.sample_mix(pool, sample, seed)
    papers, queries = refbench.build(sampled, refbench.refstrings.vocabulary_of(references),
                                     seed, ("txt", "html"), refbench.MIX_PER_PAPER)
    groups: list[list[AuthorGroup]] = [[] for _ in papers]
    for query in queries:
        groups[query.paper].append(AuthorGroup((query.author,), (query.title,)))
    return list(zip(refbench.extracted_texts(papers), groups))


def agreement(improved: list, original: list) -> str:
    """How many citations the two schemes report identically (publication, found, position)."""
    ours = {(c.publication, c.found, c.position) for c in improved}
    theirs = {(c.publication, c.found, c.position) for c in original}
    return (f"{len(ours & theirs)} identical, {len(ours - theirs)} only or different in "
            f"improved, {len(theirs - ours)} only or different in original")


class TreeWorker:
    """One checkout's matcher in a process of its own (``matcher_worker.py``), searching the
    documents pickled at ``inputs`` when told to; its error output goes to ``errors``. Used
    by :func:`compare_trees`."""

    def __init__(self, root: Path, inputs: Path, errors: Path, hash_seed: int) -> None:
        self.root, self.errors = root, errors
        with errors.open("w") as error_output:
            self.process = subprocess.Popen(
                [sys.executable, str(WORKER), str(root), str(inputs)], stdin=subprocess.PIPE,
                stdout=subprocess.PIPE, stderr=error_output, text=True,
                env={**os.environ, "PYTHONHASHSEED": str(hash_seed)})
        _, *counts, self.digest = self._answer("ready").split()
        self.citations = tuple(map(int, counts))  # improved, original

    def search(self) -> tuple[float, float]:
        """CPU seconds of one search of every document, improved and original scheme."""
        self.process.stdin.write("go\n")
        self.process.stdin.flush()
        improved, original = map(float, self._answer("times").split())
        return improved, original

    def close(self) -> None:
        """Let the worker end (its input closes) and wait for it."""
        self.process.stdin.close()
        self.process.wait()

    def _answer(self, what: str) -> str:
        """The worker's next line; a worker that ended instead fails the bench with its error."""
        line = self.process.stdout.readline()
        if not line:
            self.process.wait()
            error = self.errors.read_text().strip().splitlines()
            raise SystemExit(f"--against: the worker of {self.root} ended without its {what} "
                             f"line: {error[-1] if error else 'no error printed'}")
        return line


def compare_trees(documents: Documents, other: Path, rounds: int) -> None:
    """Time this checkout's matcher and ``other``'s on the same documents, a search each in
    turn (in shuffled order) for ``rounds`` rounds; print both trees' median and best CPU time
    per scheme, their ratio, and whether both find the same citations. The two processes are
    started again every ``ROUNDS_PER_PAIR`` rounds, with a hash seed of the pair's own: a
    process's memory layout and hash seed can slow it by a few per cent for its whole life,
    which more rounds of the same pair do not average out. Called by :func:`main` after a
    workload's usual figures, with ``--against``."""
    trees = {"here": ROOT, "there": other}
    times: dict[str, list[tuple[float, float]]] = {name: [] for name in trees}
    outputs: dict[str, set[tuple[tuple[int, int], str]]] = {name: set() for name in trees}
    order, shuffle = list(trees), random.Random(rounds).shuffle
    with tempfile.TemporaryDirectory(prefix="bench-matcher-") as scratch:
        inputs = Path(scratch) / "inputs.pickle"
        inputs.write_bytes(pickle.dumps([(text, [(g.authors, g.publications) for g in groups])
                                         for text, groups in documents]))
        for pair, first in enumerate(range(0, rounds, ROUNDS_PER_PAIR)):
            shuffle(order)
            workers: dict[str, TreeWorker] = {}
            try:
                for name in order:
                    workers[name] = TreeWorker(trees[name], inputs, Path(scratch) / f"{name}.err",
                                               pair)
                    outputs[name].add((workers[name].citations, workers[name].digest))
                for _ in range(first, min(rounds, first + ROUNDS_PER_PAIR)):
                    shuffle(order)
                    for name in order:
                        times[name].append(workers[name].search())
            finally:
                for worker in workers.values():
                    worker.close()
    print(f"  against {other} ({commit_of(other)}; here {commit_of(ROOT)}): {rounds} rounds "
          f"in turn, a process per tree, CPU ms median (best):")
    for column, scheme in enumerate(("improved", "original")):
        here, there = ([cpu[column] for cpu in times[name]] for name in trees)
        print(f"    {scheme:<9} here {statistics.median(here) * 1e3:8.1f} ({min(here) * 1e3:.1f})"
              f"  there {statistics.median(there) * 1e3:8.1f} ({min(there) * 1e3:.1f})"
              f"  there / here {statistics.median(there) / statistics.median(here):.2f}x"
              f" ({min(there) / min(here):.2f}x)")
    (counts, _), *_ = outputs["here"]
    (there_counts, _), *_ = outputs["there"]
    same = "the same" if outputs["here"] == outputs["there"] and len(outputs["here"]) == 1 \
        else "DIFFERENT"
    print(f"    citations {same} (improved, original: here {counts[0]}, {counts[1]}; "
          f"there {there_counts[0]}, {there_counts[1]})")


def commit_of(root: Path) -> str:
    """The short commit id of a checkout (with "+" when its files differ from it)."""
    def git(*args: str) -> subprocess.CompletedProcess:
        return subprocess.run(["git", "-C", str(root), *args], capture_output=True, text=True)
    head = git("rev-parse", "--short", "HEAD")
    if head.returncode:
        return "not a git checkout"
    changed = git("status", "--porcelain", "--untracked-files=no").stdout.strip()
    return head.stdout.strip() + ("+" if changed else "")


def checkout_root(value: str) -> Path:
    """``--against``'s value: the root of a checkout that holds the matcher package."""
    root = Path(value).resolve()
    if not (root / "citeseeker_scrapy" / "matching" / "__init__.py").is_file():
        raise argparse.ArgumentTypeError(
            f"{value} holds no citeseeker_scrapy/matching package: give the root of another "
            f"checkout of the project")
    return root


def positive_count(value: str) -> int:
    """``--rounds``'s value: a whole number of one or more."""
    if not value.isdigit() or int(value) < 1:
        raise argparse.ArgumentTypeError(f"{value!r} is no count of rounds (1 or more)")
    return int(value)


def main(argv: list[str] | None = None) -> None:
    """The workloads named (by default A and B of the brief, the same without verbatim
    citations, then real reference lists, R, the same lists as one long document, L, and
    the lists of four samples as one, V),
    each against ``--against``'s checkout too."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--against", type=checkout_root, metavar="ROOT",
                        help="another checkout's root: its matcher timed in turn with this one")
    parser.add_argument("--rounds", type=positive_count, metavar="N",
                        help=f"searches of each tree with --against (default {DEFAULT_ROUNDS})")
    parser.add_argument("--workloads", default=",".join(ALL_WORKLOADS),
                        help="labels of the workloads to run, comma-separated")
    args = parser.parse_args(argv)
    labels = args.workloads.split(",")
    unknown = set(labels) - set(ALL_WORKLOADS)
    if unknown:
        parser.error(f"unknown workloads {', '.join(sorted(unknown))}")
    if args.rounds is not None and args.against is None:
        parser.error("--rounds counts the searches of --against: give --against ROOT too")
    rounds = args.rounds or DEFAULT_ROUNDS
    print(f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())} on "
          f"{os.cpu_count()} CPUs")
    for label in labels:
        if label == REAL_LISTS:
            documents = run_reference_lists(label, REFERENCE_SAMPLE, REFERENCE_SEED)
        elif label == LONG_LIST:
            documents = run_long_list(label, REFERENCE_SAMPLE, (REFERENCE_SEED,))
        elif label == VOLUME:
            documents = run_long_list(label, REFERENCE_SAMPLE, VOLUME_SEEDS)
        else:
            n_authors, n_titles, seed, verbatim_share = WORKLOADS[label]
            documents = run_workload(label, n_authors, n_titles, seed, verbatim_share)
        if args.against and documents:
            compare_trees(documents, args.against, rounds)


if __name__ == "__main__":
    main()
