"""The item the crawl yields: one per (citing document, publication found in it).

A plain dataclass (itemadapter handles it), so the core needs no Scrapy to build one.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class CitationItem:
    url: str              # the document (for archive members: the archive's URL)
    member: str           # path of the member inside the archive, "" for the document itself
    server: str           # scheme://host[:port] of the document
    header: str           # first characters of the document text (title and authors, usually)
    author: str           # the author whose name led to the hit, as given in the input
    publication: str      # the title searched for, as given in the input
    found: str            # the text that matched, from the normalized document text
    similarity: float     # 1 - D/(M+N), rounded to 4 decimals
    relation: str = "cites"  # "self": the document's own title (the paper itself), not a citation
