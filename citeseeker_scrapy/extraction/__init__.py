"""Text extraction: HTML, text, PDF, PostScript, office files and ZIP/GZ/Z/TAR archives.

The document-type downloader middleware calls :func:`sniff_kind` to decide what a response is;
the unpack pipeline calls :func:`unpack` and the text pipeline :meth:`DocumentExtractor.read`
(in threads) for the texts, links, archives and problems of a document.
Pure core: no Scrapy or Twisted imports (see ``extractor.py`` for where each format is read).
"""

from .extractor import DocumentExtractor, unpack
from .model import (
    ArchiveChecked,
    ExtractedPart,
    ExtractionEvent,
    ExtractionLimits,
    ExtractionProblem,
    UnpackedMember,
)
from .sniff import sniff_kind

__all__ = [
    "ArchiveChecked",
    "DocumentExtractor",
    "ExtractedPart",
    "ExtractionEvent",
    "ExtractionLimits",
    "ExtractionProblem",
    "UnpackedMember",
    "sniff_kind",
    "unpack",
]
