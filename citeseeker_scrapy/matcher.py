"""Find citations of given publications in document text (CiteSeeker, Fiala 2003, Algorithm 7.3).

The implementation lives in the package ``citeseeker_scrapy.matching``; this module keeps the
public names importable from where the rest of the project has always imported them.
"""

from citeseeker_scrapy.matching import (
    SCHEMES, AuthorGroup, Citation, CitationMatcher, MatcherSettings, best_substring,
    find_name_positions, indel_distance, normalize_text, reference_best_substring,
    reference_original_scheme,
)

__all__ = [
    "SCHEMES", "AuthorGroup", "Citation", "CitationMatcher", "MatcherSettings",
    "best_substring", "find_name_positions", "indel_distance", "normalize_text",
    "reference_best_substring", "reference_original_scheme",
]
