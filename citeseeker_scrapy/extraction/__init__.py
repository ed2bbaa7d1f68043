"""Text extraction: HTML, text, PDF, PostScript, office files and ZIP/GZ/Z/TAR archives.

The document-type downloader middleware calls :func:`sniff_kind` to decide what a response is;
the unpack pipeline calls :func:`unpack` and the text pipeline :meth:`DocumentExtractor.read`
(in threads) for the texts, links, archives and problems of a document.
Pure core: no Scrapy or Twisted imports (see ``extractor.py`` for where each format is read).
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
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

#: Where each name of the package is defined: imported when first asked for.
_HOMES = {
    "ArchiveChecked": "model",
    "DocumentExtractor": "extractor",
    "ExtractedPart": "model",
    "ExtractionEvent": "model",
    "ExtractionLimits": "model",
    "ExtractionProblem": "model",
    "UnpackedMember": "model",
    "sniff_kind": "sniff",
    "unpack": "extractor",
}

__all__ = sorted(_HOMES)


def __getattr__(name: str) -> Any:
    """A name of the package, from its module on first use. Why lazily: every ``scrapy``
    command imports the document item, which reads ``decode`` and ``sniff``; the readers of
    PDF, PostScript, office files and archives that ``extractor`` and ``model`` load are for
    the crawl's text stage only."""
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(f"{__name__}.{home}"), name)
    globals()[name] = value
    return value
