"""``new-citations.atom``: the citing works a crawl found first, for a feed reader or a mail
gateway following a monthly re-crawl.

Who calls it: the report extension when a crawl closes and ``scrapy citeseeker-report`` (so a
crawl that was killed and never resumed has one too), each writing the file into the log
directory beside report.html, from the same results.

Which works: those with a citation this crawl (a JOBDIR: every run of the job) reported first.
A re-crawl (``-a recrawl=``) reports only its ``new`` citations, and a work the previous crawl
already had citing the same publication (another version of it, say) is no news: it is left
out by the work's keys and ids (:mod:`citeseeker_scrapy.works.identity`). One entry per work:
its title, authors, URLs, and the publications it newly cites; its id is the work's id with
those publications, so a reader shows a work again only when it cites something new.

Why whole and at once: the file is written aside, synced and renamed over the old one, so a
reader or a kill -9 never sees half a file; it is made from the job's files, so a resumed
crawl lists each work once.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import os
from pathlib import Path
from typing import Iterable
from xml.etree import ElementTree

from citeseeker_scrapy.report.citing_works import CitingWork
from citeseeker_scrapy.report.logs import JOB_FILE
from citeseeker_scrapy.report.results import Results, results_of

ATOM_FILE = "new-citations.atom"
ATOM = "http://www.w3.org/2005/Atom"


def known_citations(works: Iterable[CitingWork]) -> set[tuple[str, str]]:
    """(key, publication) of every citation of ``works`` (the previous crawl's), each work under
    every id and key of its versions."""
    return {(key, publication) for work in works for key in work.keys
            for publication in work.publications()}


def new_citations(work: CitingWork, known: set[tuple[str, str]]) -> dict[str, bool]:
    """The publications ``work`` cites that no known work with one of its keys cited (each
    with whether it is a self-citation)."""
    return {publication: is_self for publication, is_self in work.publications().items()
            if not any((key, publication) in known for key in work.keys)}


def write_alerts(log_dir: Path, results: Results) -> Path:
    """``new-citations.atom`` of ``results`` in ``log_dir``; a re-crawl's previous job (named
    in its ``citeseeker-job.json``) tells what is not new."""
    previous = results.previous_job
    known = known_citations(results_of(previous).works()) \
        if previous is not None and (previous / JOB_FILE).exists() else set()
    return write_atom(log_dir, atom_feed(results.works(), known, feed_id=feed_id_of(log_dir)))


def atom_feed(works: list[CitingWork], known: set[tuple[str, str]], *, feed_id: str,
              now: dt.datetime | None = None) -> str:
    """The Atom 1.0 document of the works with new citations."""
    stamp = (now or dt.datetime.now(dt.timezone.utc)).isoformat(timespec="seconds")
    ElementTree.register_namespace("", ATOM)
    feed = ElementTree.Element(f"{{{ATOM}}}feed")
    _text(feed, "id", feed_id)
    _text(feed, "title", "CiteSeeker: new citing works")
    _text(feed, "updated", stamp)
    _text(ElementTree.SubElement(feed, f"{{{ATOM}}}author"), "name", "CiteSeeker")
    ElementTree.SubElement(feed, f"{{{ATOM}}}generator").text = "CiteSeeker-Scrapy"
    for work in works:
        cited = new_citations(work, known)
        if cited:
            _entry(feed, work, cited, stamp)
    ElementTree.indent(feed)
    return ('<?xml version="1.0" encoding="utf-8"?>\n'
            + ElementTree.tostring(feed, encoding="unicode") + "\n")


def _entry(feed: ElementTree.Element, work: CitingWork, cited: dict[str, bool],
           stamp: str) -> None:
    meta = work.work
    entry = ElementTree.SubElement(feed, f"{{{ATOM}}}entry")
    digest = hashlib.sha1("\n".join(sorted(cited)).encode("utf-8")).hexdigest()[:12]
    _text(entry, "id", f"urn:citeseeker:work:{work.work_id}:{digest}")
    _text(entry, "title", str(meta.get("title") or work.urls[0]))
    _text(entry, "updated", stamp)
    for author in meta.get("authors") or ():
        _text(ElementTree.SubElement(entry, f"{{{ATOM}}}author"), "name", str(author))
    for index, url in enumerate(work.urls):
        ElementTree.SubElement(entry, f"{{{ATOM}}}link",
                               {"rel": "alternate" if index == 0 else "related", "href": url})
    for publication in cited:
        ElementTree.SubElement(entry, f"{{{ATOM}}}category", {"term": publication})
    lines = [f"Cites: {publication}" + (" (self-citation)" if is_self else "")
             for publication, is_self in cited.items()]
    details = [str(meta[name]) for name in ("year", "venue", "doi", "arxiv") if meta.get(name)]
    _text(entry, "summary", "\n".join(lines + ([", ".join(details)] if details else [])
                                      + [f"URL: {url}" for url in work.urls]))


def _text(parent: ElementTree.Element, name: str, text: str) -> None:
    ElementTree.SubElement(parent, f"{{{ATOM}}}{name}").text = text


def write_atom(log_dir: Path, document: str) -> Path:
    """Replace ``log_dir/new-citations.atom`` whole (written aside, synced, renamed)."""
    path = Path(log_dir) / ATOM_FILE
    partial = path.with_name(path.name + ".part")
    with open(partial, "w", encoding="utf-8") as handle:
        handle.write(document)
        handle.flush()
        os.fsync(handle.fileno())
    os.replace(partial, path)
    return path


def feed_id_of(place: Path) -> str:
    """A feed's id: the same log directory (a monthly series writes to one) has the same one."""
    return "urn:citeseeker:job:" + hashlib.sha1(
        str(Path(place).resolve()).encode("utf-8")).hexdigest()[:16]
