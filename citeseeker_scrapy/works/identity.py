"""Which citing documents are one work: the keys of a work and the job's ``work_id`` map.

A preprint and its published version differ in text (so the text fingerprint of
:mod:`citeseeker_scrapy.report.ledger` keeps them apart), but they share their normalised title
and first author, or a DOI, or an arXiv identifier. :func:`work_keys` gives those keys of a
``work`` (the citing-work metadata of a feed item: ``title``, ``authors`` as "Given Family",
``doi``, ``arxiv``); documents with a key in common are versions of one work.

Who calls it: the citing-work pipeline (``pipelines/works.py``) gives every reported document a
``work_id`` through :class:`WorkIds`; the report (:mod:`citeseeker_scrapy.report.results`) joins
documents by the same keys and ids, so two versions found before a document that links them
(a preprint, then a page naming both its arXiv id and its DOI) are still one work there.

Why a persistent map and not only a hash of one key: a later version may share a key with
an earlier one other than the key the earlier id was made from (a changed title, the same
arXiv id). The map (``JOBDIR/works.tsv``, ``key<TAB>work_id``, appended and flushed before
the document reaches the feed) hands it the earlier id. A new work's id is the hash of its
first key (title key first), so a document refetched after a kill -9 that lost the map's last
line gets the same id again. A re-crawl (``-a recrawl=``) starts from the previous job's map,
copied whole into its own JOBDIR, so the ids of a monthly series stay stable.
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path
from typing import IO, Any, Iterable, Mapping

from citeseeker_scrapy.storage import repair_cut_line
from citeseeker_scrapy.works.fields import arxiv_of, doi_of, folded, surname

WORKS_FILE = "works.tsv"
#: A title shorter than this (in letters and digits) is too generic to identify a work alone.
MIN_TITLE_CHARS = 12


def normalized_title(title: str | None) -> str:
    """A title as compared: folded (:func:`~citeseeker_scrapy.works.fields.folded`), letters
    and digits only ("Citation Indexing on the Web." = "citation indexing on the web")."""
    return folded(title or "").replace(" ", "")


def first_surname(authors: Iterable[str] | None) -> str:
    """The folded family name of the first author ("" when there is none)."""
    first = next(iter(authors or ()), "")
    return folded(surname(str(first))).replace(" ", "") if first else ""


def normalized_doi(doi: str | None) -> str:
    """A DOI as compared (:func:`~citeseeker_scrapy.works.fields.doi_of`; "" for none)."""
    return doi_of(doi) or ""


def normalized_arxiv(arxiv: str | None) -> str:
    """An arXiv identifier as compared, without its version: every version is one work. The
    work has it bare ("2101.00001"); a prefixed or versioned one is read too."""
    return arxiv_of(arxiv) or arxiv_of(f"arXiv:{arxiv}") or "" if arxiv else ""


def work_keys(work: Mapping[str, Any] | None) -> list[str]:
    """The keys that identify ``work``, the strongest for a new id first: normalised title
    with the first author's surname, then DOI, then arXiv id. Empty for a work with none (a
    document without metadata is a work of its own)."""
    work = work or {}
    keys = []
    title, surname = normalized_title(work.get("title")), first_surname(work.get("authors"))
    if len(title) >= MIN_TITLE_CHARS and surname:
        keys.append(f"title:{title}|{surname}")
    if doi := normalized_doi(work.get("doi")):
        keys.append(f"doi:{doi}")
    if arxiv := normalized_arxiv(work.get("arxiv")):
        keys.append(f"arxiv:{arxiv}")
    return keys


def id_of_key(key: str) -> str:
    """A work id made from one key: the same key gives the same id in every job."""
    return "w" + hashlib.sha1(key.encode("utf-8")).hexdigest()[:16]


class WorkIds:
    """The job's ``key -> work_id`` map; see the module docstring.

    Built by the citing-work pipeline from ``JOBDIR`` (None: in memory only) and the previous
    job of a re-crawl; :meth:`assign` is called on the reactor thread, one document at a time.
    A failed write goes to ``on_failure`` (the crawl's storage guard)."""

    def __init__(self, state_dir: Path | None = None, previous_dir: Path | None = None,
                 on_failure: Any = None) -> None:
        self.path = state_dir / WORKS_FILE if state_dir else None
        self.on_failure = on_failure
        self._handle: IO[str] | None = None
        self.ids: dict[str, str] = {}
        if self.path is not None:
            inherit_map(self.path, previous_dir / WORKS_FILE if previous_dir else None)
            repair_cut_line(self.path)
            self.ids = read_map(self.path)
        elif previous_dir is not None:
            self.ids = read_map(previous_dir / WORKS_FILE)

    def assign(self, keys: list[str], fallback: str) -> str:
        """The id of the work with ``keys`` (an earlier version's, else a new one made from the
        first key, else from ``fallback``: the document's own URL); new keys are written to
        the map before the id is given out."""
        known = [self.ids[key] for key in keys if key in self.ids]
        work_id = known[0] if known else id_of_key(keys[0] if keys else f"url:{fallback}")
        new = [key for key in keys if key not in self.ids]
        self.ids.update((key, work_id) for key in new)
        self._append([f"{key}\t{work_id}\n" for key in new])
        return work_id

    def _append(self, lines: list[str]) -> None:
        """Written and flushed at once (a kill -9 keeps what was flushed); the file stays open
        for the crawl, as the logs do."""
        if self.path is None or not lines:
            return
        try:
            if self._handle is None:
                self.path.parent.mkdir(parents=True, exist_ok=True)
                self._handle = open(self.path, "a", encoding="utf-8")
            self._handle.write("".join(lines))
            self._handle.flush()
        except OSError as error:
            if self.on_failure is None:
                raise
            self.on_failure(str(self.path), error)

    def close(self) -> None:
        """Called by the citing-work pipeline when the spider closes."""
        if self._handle is not None:
            self._handle.close()
            self._handle = None


def read_map(path: Path) -> dict[str, str]:
    """``key -> work_id`` of a map file; the first line of a key wins, a malformed line (a
    kill's cut line) is skipped."""
    ids: dict[str, str] = {}
    if not path.exists():
        return ids
    for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
        key, tab, work_id = line.partition("\t")
        if tab and key and work_id.startswith("w"):
            ids.setdefault(key, work_id)
    return ids


def inherit_map(path: Path, previous: Path | None) -> None:
    """A re-crawl's first run starts its map as a whole copy of the previous job's (written
    aside and renamed: a kill leaves no half copy), so its own map alone carries a series'
    ids to the next re-crawl."""
    if previous is None or path.exists() or not previous.exists():
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_name(path.name + ".part")
    partial.write_bytes(previous.read_bytes())
    os.replace(partial, path)
