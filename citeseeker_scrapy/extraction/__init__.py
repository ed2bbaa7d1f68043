"""Text extraction: HTML, text, PDF, PostScript, office files and ZIP/GZ/Z/TAR archives.

The spider calls :func:`sniff_kind` to decide whether a response is a document, then
:meth:`DocumentExtractor.extract` (in a thread) for its texts, links, archives and problems.
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
