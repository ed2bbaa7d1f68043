"""One paper, one result: the same text reached under several URLs is one citing document.

Who calls it: the distinct-papers pipeline (``pipelines/papers.py``) for every citing
document, on the reactor thread (so two copies in flight at once cannot both pass), and the
report extension, which records a reported paper's fingerprint in the job's state.

A part's identity is the fingerprint of its normalized text
(:func:`citeseeker_scrapy.matching.citations.fingerprint`): a mirror, a redirect, the PDF inside and
outside a ZIP, ``.ps`` and ``.ps.gz`` all give the same text. The first copy reported is the
result; a later copy's citations are removed from its document (a document left with none is
not reported) and the pair ``(copy, first)`` is kept in ``duplicates.log``.

The feed is written item by item (a kill loses nothing), so a document already in the feed
cannot be amended: its ``also_at`` lists the copies known when it is reported (other parts of
the same document with the same text). ``duplicates.log`` and the report (``report.html``,
the table at the end of a crawl) list every copy.

Across a resume (``JOBDIR``): the fingerprints of reported papers are appended to
``JOBDIR/papers.txt`` (``fingerprint<TAB>where``) once they are in the feed and success.log;
a resumed job reads them back, so a copy fetched after the resume is still recognised. A kill
between the feed and that line can at worst let one later copy of that one paper be reported
again: we prefer a duplicate to a lost result.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

PAPERS_FILE = "papers.txt"


class PaperRegistry:
    """Fingerprint -> where the paper was first reported (``url[/member]``)."""

    def __init__(self, first: dict[str, str] | None = None) -> None:
        self.first: dict[str, str] = dict(first or {})

    def admit(self, item: Any) -> None:
        """Keep the citations of parts seen for the first time; move the others to
        ``item.duplicates`` (and to ``item.also_at`` when the first copy is in this item)."""
        kept_here: dict[str, str] = {}
        dropped: set[str] = set()
        for part in item.parts:
            key = part.get("fingerprint")
            if not key:
                continue
            where = item.where(part["member"])
            first = kept_here.get(key) or self.first.get(key)
            if first is None or first == where:  # new, or this very copy refetched after a kill
                kept_here[key] = self.first[key] = where
                continue
            dropped.add(part["member"])
            item.duplicates.append((where, first))
            if key in kept_here:
                item.also_at.append(where)
        if dropped:
            item.citations = [c for c in item.citations if c["member"] not in dropped]


def reported_papers(item: Any) -> list[tuple[str, str]]:
    """``(fingerprint, where)`` of the parts a reported document reports (for the job's
    state, written by the report extension once the document is in the feed)."""
    citing = {c["member"] for c in item.citations}
    return [(part["fingerprint"], item.where(part["member"])) for part in item.parts
            if part.get("fingerprint") and part["member"] in citing]


def read_papers(path: Path) -> dict[str, str]:
    """``JOBDIR/papers.txt``: the first line of a fingerprint wins; a line cut by a kill is
    skipped."""
    first: dict[str, str] = {}
    if not path.exists():
        return first
    for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
        key, _, where = line.partition("\t")
        if len(key) == 40 and where:
            first.setdefault(key, where)
    return first
