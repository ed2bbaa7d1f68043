"""The query, the settings and the answer of the matcher (plain data, validated early)."""

from __future__ import annotations

from dataclasses import dataclass

from citeseeker_scrapy.exceptions import ConfigError

#: "original": Algorithm 7.3 as in the thesis (the baseline); "improved": see ``improved.py``.
SCHEMES = ("original", "improved")


@dataclass(frozen=True)
class AuthorGroup:
    """Authors who share a list of publications: any of their names may precede a citation."""

    authors: tuple[str, ...]
    publications: tuple[str, ...]


@dataclass(frozen=True)
class MatcherSettings:
    """Tuning of Algorithm 7.3; validated here so that a bad value fails at start-up."""

    method: str = "fuzzy"
    fuzzy_limit: float = 0.75
    part_length: int = 200
    min_author_distance: int = 30
    scheme: str = "improved"

    def __post_init__(self) -> None:
        """Reject values the algorithm cannot work with, naming the setting at fault."""
        if self.method not in ("fuzzy", "exact"):
            raise ConfigError(f"method must be 'fuzzy' or 'exact', not {self.method!r}")
        if self.scheme not in SCHEMES:
            raise ConfigError(f"scheme must be one of {SCHEMES}, not {self.scheme!r}")
        limit = self.fuzzy_limit
        if type(limit) not in (int, float) or not 0 < limit <= 1:
            raise ConfigError(f"fuzzy_limit must be a number in (0, 1], not {limit!r}")
        for name, lowest in (("part_length", 1), ("min_author_distance", 0)):
            value = getattr(self, name)
            if type(value) is not int or value < lowest:
                raise ConfigError(f"{name} must be an integer >= {lowest}, not {value!r}")


@dataclass(frozen=True)
class Citation:
    """The best place in one document where a publication of a group is cited.

    ``relation`` is ``"self"`` when the hit is the document's own title with the author in its
    byline (the paper itself, not a citation of it), else ``"cites"`` (``relation.py``).
    """

    author: str
    publication: str
    found: str
    similarity: float
    position: int
    relation: str = "cites"
