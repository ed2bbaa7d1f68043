"""Find citations of given publications in document text (CiteSeeker, Fiala 2003, Algorithm 7.3).

Two schemes (``MatcherSettings.scheme``): ``"original"``, the thesis's algorithm kept as the
baseline (``original.py``), and ``"improved"``, the default, whose own modules are the
subpackage ``improved/`` (``search.py``, with ``entries/windows.py`` and
``entries/attribution.py`` for where a title may be relative to a name, ``verify.py`` for the
word-level checks; ``superset.py`` makes it report every hit of the original unless a named
check, ``model.VETOES``, says why not; its other modules stand in one subpackage per
concern). Both share the normalization (``normalize.py``), whole-word tolerant names
(``names.py``, reading ``name_parts.py`` and ``word_edges.py``), the query model
(``model.py``) and the exact fast best-substring search (``similarity.py``); ``matcher.py``
dispatches.

The names below are loaded when first asked for (``lazy_names``, PEP 562): a module that
needs only the query model or the normalization (the input files, the crawl's settings, the
report, every ``scrapy`` command that Scrapy loads to list them) does not compile the
matcher's patterns (``improved/``, ``context.py``), a noticeable part of a command's start.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..lazy_names import lazy_names

if TYPE_CHECKING:  # what type checkers and readers see; at run time __getattr__ loads them
    from .matcher import CitationMatcher, DocumentText, Explained
    from .model import (
        CERTAIN_END, SCHEMES, TITLE_ENDS, UNCERTAIN_END, VETOES, AuthorGroup, Citation,
        MatcherSettings,
    )
    from .names import find_name_positions
    from .normalize import normalize_text
    from .relation import CITES, RELATIONS, SELF, citation_relation
    from .similarity import (
        best_substring, indel_distance, reference_best_substring, reference_original_scheme,
    )


__getattr__ = lazy_names(__name__)
