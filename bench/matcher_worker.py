"""One checkout's matcher in a process of its own: the worker of ``bench_matcher.py --against``.

Run as ``python bench/matcher_worker.py ROOT INPUTS``. ROOT is the project root whose
``citeseeker_scrapy`` is timed; this file imports nothing of the project before it puts ROOT
first on the path, so the same worker serves any checkout, older ones too. INPUTS is a pickle
of the workload's documents as plain data, ``[(text, [(authors, titles), ...]), ...]``: both
trees search the same texts for the same queries.

Protocol: once ready, one line ``ready N_IMPROVED N_ORIGINAL DIGEST`` (the citations each
scheme finds and a digest of them, so the driver can tell whether both trees give the same
output); then, for each line read, one search of every document by each scheme, and one line
with their CPU seconds, ``IMPROVED ORIGINAL``. Each timed search is a crawl's search of a new
document: the answers a tree's matcher keeps per document text are forgotten before it
(``per_text_cache.forget_texts``, where the tree has it), those it keeps per query are not.
"""

from __future__ import annotations

import hashlib
import pickle
import sys
import time
from pathlib import Path
from typing import Callable

SCHEMES = ("improved", "original")


def main() -> None:
    """Import ROOT's matcher, build both schemes' matchers, then answer the driver."""
    root, inputs = Path(sys.argv[1]).resolve(), Path(sys.argv[2])
    sys.path.insert(0, str(root))
    from citeseeker_scrapy import matching

    if not Path(matching.__file__).resolve().is_relative_to(root):
        sys.exit(f"{root}: citeseeker_scrapy was imported from {matching.__file__}")
    forget = _forget_texts()
    documents = pickle.loads(inputs.read_bytes())
    searches = {scheme: [(text, matching.CitationMatcher(
        [matching.AuthorGroup(tuple(authors), tuple(titles)) for authors, titles in groups],
        matching.MatcherSettings(scheme=scheme))) for text, groups in documents]
        for scheme in SCHEMES}
    found = {scheme: [matcher.find(text) for text, matcher in pairs]
             for scheme, pairs in searches.items()}
    digest = hashlib.sha1(repr([sorted((c.publication, c.found, c.position) for c in citations)
                                for scheme in SCHEMES for citations in found[scheme]]).encode())
    print("ready", *(sum(map(len, found[scheme])) for scheme in SCHEMES), digest.hexdigest(),
          flush=True)
    for _ in sys.stdin:
        print(*(f"{cpu_seconds(pairs, forget):.6f}" for pairs in searches.values()), flush=True)


def _forget_texts() -> Callable[[], None]:
    """The tree's ``per_text_cache.forget_texts``, or a no-op for a tree whose matcher keeps
    no answers per document text."""
    try:
        from citeseeker_scrapy.matching.improved.text.per_text_cache import forget_texts
    except ImportError:
        return lambda: None
    return forget_texts


def cpu_seconds(pairs: list, forget: Callable[[], None]) -> float:
    """CPU time of one search of every document by its matcher, each document's kept
    answers forgotten first (``forget``, not timed)."""
    spent = 0.0
    for text, matcher in pairs:
        forget()
        start = time.process_time()
        matcher.find(text)
        spent += time.process_time() - start
    return spent


if __name__ == "__main__":
    main()
