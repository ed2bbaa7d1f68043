"""The document item: one fetched document on its way through the pipelines.

Any spider can yield it (``DocumentItem.from_response(response)``); the pipelines of
``pipelines/`` fill it stage by stage (unpack → text → citations) and the feed exports its
``url``, ``server`` and ``citations`` (``FEED_EXPORT_FIELDS``; the flat CSV exporter writes one
row per citation). A plain dataclass (itemadapter handles it), so the core needs no Scrapy.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from citeseeker_scrapy.extraction.decode import reader_encoding as decided_encoding
from citeseeker_scrapy.extraction.sniff import document_kind
from citeseeker_scrapy.urls import server_of

#: What the feed shows of a document (the rest is working state of the pipelines).
FEED_FIELDS = ["url", "server", "citations", "also_at", "work", "work_id"]
#: The columns of one citation, as the flat CSV exporter writes them: the original's item,
#: then what explains the citation and the document's other URLs (space-separated).
CITATION_COLUMNS = ["url", "member", "server", "header", "author", "publication", "found",
                    "similarity", "relation", "context", "in_references", "title_end", "also_at",
                    "self_citation", "work_id"]


@dataclass
class DocumentItem:
    """A fetched document and what the pipelines learn from it.

    Set by the spider: ``url`` (as fetched), ``body``, ``content_type``, ``encoding``, ``kind``
    (the type the document-type middleware sniffed; an item made without it is sniffed here,
    once: :func:`~citeseeker_scrapy.extraction.sniff.document_kind`; None: nothing we read),
    ``depth`` (inside its server); ``server`` and ``size`` (bytes downloaded) follow from them.
    Unpack stage: ``members`` (the readable parts, with their bytes), ``archives``,
    ``problems``. Text stage: ``parts`` (``member``, ``kind``, ``text``, ``seconds``, ``size``),
    ``links`` (absolute URLs found in HTML parts, archive members included); it releases
    ``body`` (None) and ``members``. Every field can then be exported; a feed shows the
    ``FEED_EXPORT_FIELDS`` (the add-on sets :data:`FEED_FIELDS`; ``url,parts`` gives the text).
    Citation stage: ``citations`` (``member``, ``header``, ``author``, ``publication``,
    ``found``, ``similarity``, ``relation``: ``cites``, or ``self`` when the document is the
    searched paper itself, ``context``, ``in_references``, ``title_end``: ``certain``, or
    ``uncertain`` when the word after the title could be part of it; a citing part gets a
    ``fingerprint``). Distinct-papers stage: ``also_at`` (other URLs of the same text, known
    when the document is reported), ``duplicates`` (``(where, first where)`` of parts whose
    text was reported before). ``problems`` are ``member``, ``kind``, ``reason``.
    ``found_ahead``: a part's citations and fingerprint, when the worker that read it also
    searched it (``stages.read_small_page``); the citation stage takes and empties it.
    ``shape``: that worker's ``extraction.shape.page_shape`` of an HTML page's text (None: not
    computed), for the scheduler's crawler-trap watch.
    Text stage: a part's ``meta`` is what it says of its work (``works/``). Citation stage,
    for a document that cites: ``work``, the citing work (``works.work.merged_work``: title,
    authors, year, venue, doi, arxiv, source; an archive's: its first citing member's).
    ``landing``: set by the spider for a PDF a repository's record page named (its work, a
    ``works`` candidate; ``works/landing.py``), merged into ``work``.
    Citing-work stage (``pipelines/works.py``): ``work_id``, shared by the versions of one
    work (:mod:`citeseeker_scrapy.works.identity`), and each citation's ``self_citation``.
    """

    url: str
    body: bytes | None = b""
    content_type: str | None = None
    encoding: str | None = None
    kind: str | None = None
    depth: int = 0
    server: str = ""
    size: int = 0
    members: list[Any] = field(default_factory=list)
    archives: int = 0
    parts: list[dict[str, Any]] = field(default_factory=list)
    links: list[str] = field(default_factory=list)
    problems: list[dict[str, str]] = field(default_factory=list)
    citations: list[dict[str, Any]] = field(default_factory=list)
    also_at: list[str] = field(default_factory=list)
    duplicates: list[tuple[str, str]] = field(default_factory=list)
    found_ahead: dict[str, tuple[list[dict[str, Any]], str]] = field(default_factory=dict)
    shape: int | None = None
    work: dict[str, Any] | None = None
    landing: dict[str, Any] | None = None
    work_id: str = ""

    def __post_init__(self) -> None:
        self.server = self.server or server_of(self.url)
        self.size = self.size or len(self.body or b"")
        if self.kind is None and self.body:
            self.kind = document_kind(self.url, self.content_type, self.body)

    @classmethod
    def from_response(cls, response: Any, **fields: Any) -> DocumentItem:
        """The item for a Scrapy response (duck-typed: the core imports no Scrapy)."""
        return cls(url=response.url, body=response.body, content_type=_content_type(response),
                   encoding=reader_encoding(response), **fields)

    def where(self, member: str) -> str:
        """The original's name of a part: ``archive-url/member`` (Appendix E)."""
        return f"{self.url}/{member}" if member else self.url


def reader_encoding(response: Any) -> str | None:
    """The encoding a response's text readers are told, or None (decided by
    ``extraction.decode.reader_encoding``). Who calls it: :meth:`DocumentItem.from_response`,
    and the render middleware when it reads a page ahead."""
    if getattr(type(response), "encoding", None) is None:
        return None  # not a text response (a PDF, an archive): no encoding to tell
    return decided_encoding(_content_type(response), response.body, lambda: response.encoding)


def _content_type(response: Any) -> str | None:
    raw = response.headers.get(b"Content-Type")
    return raw.decode("latin-1") if raw else None


def citation_rows(item: Any) -> list[dict[str, Any]]:
    """One flat row per citation of an exported document (for CSV and for readers of JSON)."""
    document = {"url": item["url"], "server": item.get("server", ""),
                "also_at": " ".join(item.get("also_at") or ()),
                "work_id": item.get("work_id", "")}
    return [{**document, **citation} for citation in item.get("citations") or ()]
