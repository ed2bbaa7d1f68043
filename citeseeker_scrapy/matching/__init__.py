"""Find citations of given publications in document text (CiteSeeker, Fiala 2003, Algorithm 7.3).

Two schemes (``MatcherSettings.scheme``): ``"original"``, the thesis's algorithm kept as the
baseline (``original.py``), and ``"improved"``, the default, whose own modules are the
subpackage ``improved/`` (``search.py``, ``windows.py`` and ``attribution.py`` for where a
title may be relative to a name, ``verify.py`` for the word-level checks; ``superset.py``
makes it report every hit of the original unless a named check, ``model.VETOES``, says why
not). Both share the normalization
(``normalize.py``), whole-word tolerant names (``names.py``), the query model (``model.py``) and
the exact fast best-substring search (``similarity.py``); ``matcher.py`` dispatches.
"""

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

__all__ = [
    "CERTAIN_END", "CITES", "RELATIONS", "SCHEMES", "SELF", "TITLE_ENDS", "UNCERTAIN_END",
    "VETOES", "AuthorGroup", "Citation",
    "CitationMatcher", "DocumentText", "Explained",
    "MatcherSettings", "citation_relation",
    "best_substring", "find_name_positions", "indel_distance", "normalize_text",
    "reference_best_substring", "reference_original_scheme",
]
