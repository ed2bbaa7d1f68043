"""The three document stages of the card, as plain functions on a :class:`DocumentItem`.

Who calls them: the item pipelines of ``pipelines/`` (each in a worker thread, so a big PDF or
a page with 100,000 links never stalls downloads), in this order: :func:`unpack_archives`,
:func:`read_text`, :func:`find_citations`. Each works on any document item, whatever spider
fetched it; what each stage fills in is listed on :class:`DocumentItem`. A document that is one
small page is read *and matched* by the event loop's parser worker when it can take it
(:func:`read_small_page`, from the text pipeline; the citation stage then uses what it found).
"""

from __future__ import annotations


from citeseeker_scrapy.exceptions import ExtractionError
from citeseeker_scrapy.matching.citations import CitationSearch
from citeseeker_scrapy.extraction import (
    ArchiveChecked, DocumentExtractor, ExtractedPart, ExtractionLimits, UnpackedMember, unpack,
)
from citeseeker_scrapy.extraction.extractor import leaf_reply_events, leaf_request
from citeseeker_scrapy.extraction.placement import event_worker_page
from citeseeker_scrapy.extraction.processes.event_worker import EventWorker
from citeseeker_scrapy.extraction.sniff import ARCHIVE_KINDS
from citeseeker_scrapy.document.item import DocumentItem
from citeseeker_scrapy.urls import path_of
from citeseeker_scrapy.works.pdf_meta import pdf_candidates
from citeseeker_scrapy.works.text_head import text_head_candidate
from citeseeker_scrapy.works.work import empty_work, merged_work

#: Kinds whose reader gives the work's candidates from the document's layout or markup: a
#: page's meta tags and <title>, a PDF's (or distilled PostScript's) metadata and first page.
LAYOUT_KINDS = frozenset({"html", "pdf", "ps"})


def unpack_archives(item: DocumentItem, limits: ExtractionLimits) -> None:
    """Members of (nested) archives become the item's parts to read; a plain document is its
    own single part (its type is the item's: decided once, when the item was made)."""
    if item.kind is None:
        return
    for event in unpack(path_of(item.url), item.body, item.kind, limits):
        if isinstance(event, UnpackedMember):
            item.members.append(event)
        elif isinstance(event, ArchiveChecked):
            item.archives += 1
        else:
            item.problems.append(_problem(event))


def read_text(item: DocumentItem, extractor: DocumentExtractor) -> None:
    """Text of every part (PDF in parser processes, PostScript through Ghostscript, office
    files, HTML, text) and the absolute URLs of HTML parts' links (resolved by the extractor,
    in the parser worker that read the part; archive members' links against the archive's URL,
    as if unpacked there); releases the bytes (so the item stays small and every field can be
    exported). Each member's bytes go as soon as it is read (an archive's members are not all
    held until its last one is), and an archive's own body before its first member is."""
    members, item.members = item.members, []
    if item.kind in ARCHIVE_KINDS:
        item.body = None
    while members:
        member = members.pop(0)
        encoding = item.encoding if not member.member else None
        _add_events(item, extractor.read(member, encoding, page_url=item.url))
    item.body = None


async def read_small_page(item: DocumentItem, extractor: DocumentExtractor,
                          worker: EventWorker) -> bool:
    """:func:`read_text` of a document that is one small HTML or text page, done by ``worker``
    (``extraction/processes/event_worker.py``), which also runs the crawl's search on the text
    it read: the citation stage takes those citations (``item.found_ahead``) instead of
    searching again. False, with nothing done, when the document is not such a page or the
    worker cannot take it now or fails: the caller then runs :func:`read_text` as always.
    The worker also gives an HTML page's shape (``item.shape``), which the crawler-trap watch
    would otherwise compute on the crawler's event loop."""
    member = _small_page(item, extractor)
    if member is None or not worker.available():
        return False
    request = leaf_request(member, item.encoding, item.url, extractor.limits.max_text_chars)
    try:
        header, text = await worker.call({**request, "match": True}, member.data)
    except ExtractionError:
        return False
    if not header.get("ok"):  # read here again: the reader's own failure becomes a problem
        return False
    _add_events(item, leaf_reply_events(header, text))
    item.found_ahead[member.member] = (header.get("citations") or [],
                                       header.get("fingerprint") or "")
    shape = header.get("shape")
    item.shape = shape if isinstance(shape, int) else None
    item.members = []
    item.body = None
    return True


def _small_page(item: DocumentItem, extractor: DocumentExtractor) -> UnpackedMember | None:
    """The item's only part when it is a small page for the event loop's parser process
    (:func:`.placement.event_worker_page`), not read ahead already (by the render policy)."""
    if len(item.members) != 1:
        return None
    member = item.members[0]
    if (not event_worker_page(member.kind, len(member.data), member.member)
            or extractor.was_read_ahead(member.data)):
        return None
    return member


def _add_events(item: DocumentItem, events) -> None:
    """A part's text (and links) and its problems, as the extractor or a worker told them."""
    for event in events:
        if isinstance(event, ExtractedPart):
            _add_part(item, event)
        else:
            item.problems.append(_problem(event))


def _add_part(item: DocumentItem, part: ExtractedPart) -> None:
    item.parts.append({"member": part.member, "kind": part.kind, "text": part.text,
                       "seconds": part.seconds, "size": part.size, "meta": part.meta})
    item.links.extend(part.links)


def find_citations(item: DocumentItem, search: CitationSearch) -> None:
    """The citations of every part (one per publication and part: the best occurrence);
    a citing part's text fingerprint tells the same paper under another URL."""
    for part in item.parts:
        found = item.found_ahead.get(part["member"])
        citations, part_fingerprint = (found if found is not None
                                       else search.search_part(part["member"], part["text"]))
        if citations:
            part["fingerprint"] = part_fingerprint
            item.citations += citations
    item.found_ahead = {}


def identify_work(item: DocumentItem) -> None:
    """The citing work of a document that cites (``item.work``): what its citing part says
    of itself (its reader's candidates, else the head of its text) and, for a document a
    repository's record page named, that page's (``item.landing``). An archive's work is its
    first citing member's. Bad metadata never stops a document: a failure here is a problem
    of the part, and the work stays empty."""
    members = {citation["member"] for citation in item.citations}
    part = next((p for p in item.parts if p["member"] in members), None)
    if part is None:
        return
    try:
        meta = part.get("meta")
        if (meta or {}).get("error"):
            item.problems.append({"member": part["member"], "kind": part["kind"],
                                  "reason": f"work metadata unreadable: {meta['error']}"})
        candidates = (list(meta.get("candidates") or ()) if meta and "candidates" in meta
                      else pdf_candidates(meta, part["text"]) if meta else [])
        if not any(c.get("title") for c in candidates) and (
                meta is None or part["kind"] not in LAYOUT_KINDS):
            candidates.append(text_head_candidate(part["text"], part["kind"]))
        item.work = merged_work([c for c in [*candidates, item.landing] if c])
    except Exception as e:  # noqa: BLE001 - metadata of any shape must not stop the document
        item.work = empty_work()
        item.problems.append({"member": part["member"], "kind": part["kind"],
                              "reason": f"work metadata unreadable: {type(e).__name__}: {e}"})


def _problem(event) -> dict[str, str]:
    return {"member": event.member, "kind": event.kind, "reason": event.reason}
