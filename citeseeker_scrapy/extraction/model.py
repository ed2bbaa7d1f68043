"""The values extraction hands back to the spider, and the limits it works within.

Everything here is a frozen dataclass so that events can cross threads (Scrapy's thread pool
hands them back to the reactor) without anyone mutating them on the way.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..exceptions import ConfigError
from ..settings_table import default_of

MIB = 1024 * 1024
GIB = 1024 * MIB

#: Anything that would break a tab-separated log line (errors.log) or a one-line reason.
_UNPRINTABLE = re.compile(r"[\x00-\x1f\x7f]+")


@dataclass(frozen=True)
class ExtractionLimits:
    """Safety limits for one downloaded document, read from ``CITESEEKER_*`` settings by ``config.py``.

    They bound what a hostile or broken file can cost: bytes unpacked (zip/gzip bombs), members
    and nesting (archive quines), time and memory of parsers (PDF/PS files that hang or explode),
    and the size of the text handed to the matcher.
    """

    max_unpacked_bytes: int = default_of("CITESEEKER_MAX_UNPACKED_BYTES")
    max_compression_ratio: float = default_of("CITESEEKER_MAX_COMPRESSION_RATIO")
    max_archive_members: int = default_of("CITESEEKER_MAX_ARCHIVE_MEMBERS")
    max_archive_depth: int = default_of("CITESEEKER_MAX_ARCHIVE_DEPTH")
    pdf_timeout: float = default_of("CITESEEKER_PDF_TIMEOUT")
    ps_timeout: float = default_of("CITESEEKER_PS_TIMEOUT")
    #: CPU seconds Ghostscript may use per page a PostScript file declares (postscript.py).
    ps_cpu_per_page: float = default_of("CITESEEKER_PS_CPU_PER_PAGE")
    worker_memory_bytes: int = default_of("CITESEEKER_WORKER_MEMORY")
    max_text_chars: int = default_of("CITESEEKER_MAX_TEXT_CHARS")

    def __post_init__(self) -> None:
        """A zero or negative limit would silently refuse everything: reject it here."""
        for name, value in vars(self).items():
            if not isinstance(value, int | float) or isinstance(value, bool) or value <= 0:
                raise ConfigError(
                    f"extraction limit {name} must be a positive number, not {value!r}"
                )


#: A text over ``max_text_chars`` keeps this share of the limit from its END, the rest from its
#: start. Why: a paper's reference list, where the citations are, closes it; a long document
#: cut from its start alone would lose exactly that (a 40 MB PDF citing on its last page).
END_SHARE = 0.2


def end_chars(limit: int) -> int:
    """How many of a cut text's ``limit`` characters come from its end."""
    return max(1, int(limit * END_SHARE))


def ends_kept(text: str, limit: int) -> str:
    """``text`` if it fits in ``limit`` characters; else its start and its last
    :func:`end_chars`, joined by a line break, ``limit`` characters in all. Who calls it: the
    parser worker (a PDF's pages) and ``leaf.leaf_events`` (every part's text)."""
    if len(text) <= limit:
        return text
    end = end_chars(limit)
    return text[:max(0, limit - end - 1)] + "\n" + text[len(text) - end:]


@dataclass(frozen=True)
class ExtractedPart:
    """Text (and links, for HTML-like members) of one readable part of a document.

    ``member`` is "" for the document itself, else the slash-joined path inside the archive(s),
    so the spider can report ``<archive url>/<member>`` as in the thesis (Appendix E).
    ``base`` is the page's ``<base href>`` (HTML only), needed to resolve ``links`` correctly;
    None when the reader was given the page's URL, and ``links`` are then absolute already.
    ``usable_links`` (the raw links that lead to a page: not a script, an address or a
    fragment) and ``visible_chars`` (the text's characters, white space runs counted as one;
    HTML with ``<script`` only: the render policy judges no other page, and counting cost
    ~1 % of a crawl of small pages) are counted where the part was read (a parser worker for
    a big page): the render policy decides from them without parsing the page again, or going
    over its text. ``meta`` is what the part says of its work (``works/``: HTML meta tags,
    a PDF's XMP, information dictionary and first page): a page's ``candidates`` and
    ``pdf_url`` (a record page's ``citation_pdf_url``); a PDF's reading
    (``works.pdf_meta.pdf_meta``), judged only for the documents that cite; None when the
    part says nothing.
    """

    member: str
    kind: str
    text: str
    links: tuple[str, ...]
    seconds: float
    size: int
    base: str | None = None
    usable_links: int = 0
    visible_chars: int = 0
    meta: dict | None = None


@dataclass(frozen=True)
class ArchiveChecked:
    """One archive opened (top level or nested), for the "Archives checked" statistic (§7.3.8)."""

    member: str
    kind: str
    members: int


@dataclass(frozen=True)
class ExtractionProblem:
    """One failure; extraction carries on with the other members (Algorithm 7.2)."""

    member: str
    kind: str
    reason: str


@dataclass(frozen=True)
class UnpackedMember:
    """A readable part of a document once its archives are opened: the document itself
    (``member`` "") or one archive member, with its bytes and sniffed type; not yet read."""

    member: str
    kind: str
    data: bytes


ExtractionEvent = ExtractedPart | ArchiveChecked | ExtractionProblem
UnpackEvent = UnpackedMember | ArchiveChecked | ExtractionProblem


def one_line(text: str, max_chars: int = 300) -> str:
    """Squeeze ``text`` onto one short printable line (reasons go to tab-separated logs)."""
    flat = _UNPRINTABLE.sub(" ", text).strip()
    return flat if len(flat) <= max_chars else flat[: max_chars - 3] + "..."


def error_text(error: BaseException) -> str:
    """An unexpected error as one line: its type, then its message with runs of white space
    made one. Who calls it: the parser worker for a task that failed, and PDF reading
    (``pdf.py``) for each engine that could not read a document."""
    text = " ".join(str(error).split())
    return f"{type(error).__name__}: {text}" if text else type(error).__name__


def problem(member: str, kind: str, reason: str) -> ExtractionProblem:
    """Build a problem whose reason is guaranteed to fit on one log line."""
    return ExtractionProblem(member=member, kind=kind, reason=one_line(reason))
