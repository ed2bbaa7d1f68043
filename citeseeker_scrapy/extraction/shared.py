"""The crawl's one :class:`~.extractor.DocumentExtractor`, found by the components that use it.

Why: the text pipeline owns the extractor (its parser processes, its scratch directory), and
the render middleware must read scripted pages with the same extractor so that the text stage
does not read them again (``read_ahead.py``). Adapters do not import each other, so the
pipeline shares its extractor here under its crawler, and the middleware looks it up.

Who calls it: ``pipelines/text.py`` (:func:`share_extractor` when the spider opens,
:func:`unshare_extractor` when it closes) and ``middlewares/render.py``
(:func:`shared_extractor`). Keyed weakly: a finished crawler leaves nothing here.
"""

from __future__ import annotations

from typing import Any
from weakref import WeakKeyDictionary

from .extractor import DocumentExtractor

_SHARED: WeakKeyDictionary[Any, DocumentExtractor] = WeakKeyDictionary()


def share_extractor(owner: Any, extractor: DocumentExtractor) -> None:
    """``extractor`` is the crawl ``owner``'s (its crawler) until :func:`unshare_extractor`."""
    _SHARED[owner] = extractor


def unshare_extractor(owner: Any) -> None:
    _SHARED.pop(owner, None)


def shared_extractor(owner: Any) -> DocumentExtractor | None:
    """The extractor the crawl's text stage uses, or None (no text pipeline, or closed)."""
    return _SHARED.get(owner)
