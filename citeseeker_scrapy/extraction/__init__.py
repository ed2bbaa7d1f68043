"""Text extraction: HTML, text, PDF, PostScript, office files and ZIP/GZ/Z/TAR archives.

The document-type downloader middleware calls :func:`sniff_kind` to decide what a response is;
the unpack pipeline calls :func:`unpack` and the text pipeline :meth:`DocumentExtractor.read`
(in threads) for the texts, links, archives and problems of a document.
Pure core: no Scrapy or Twisted imports (see ``extractor.py`` for where each format is read).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..lazy_names import lazy_names

if TYPE_CHECKING:  # the package's names, each loaded from its module on first use
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

#: Why lazily: every ``scrapy`` command imports the document item, which reads ``decode`` and
#: ``sniff``; the readers of PDF, PostScript, office files and archives that ``extractor`` and
#: ``model`` load are for the crawl's text stage only.
__getattr__ = lazy_names(__name__)
