"""The query, the settings and the answer of the matcher (plain data, validated early)."""

from __future__ import annotations

from dataclasses import dataclass

from citeseeker_scrapy.exceptions import ConfigError

#: "original": Algorithm 7.3 as in the thesis (the baseline); "improved": see
#: ``improved/search.py``.
SCHEMES = ("original", "improved")

#: The named checks that may drop a hit the original scheme makes (``improved/superset.py``): the
#: improved scheme reports every such hit but those one of them names. Each is countable, so a
#: benchmark can weigh the true citations it drops against the decoys it rejects.
NAME_IN_WORD = "name inside a longer word"  # "lee" in "byerlee"
NEXT_ENTRY = "runs into the next entry"  # the hit holds the next entry's "[n]"
OTHER_ENTRY = "title of another entry"  # the hit lies past the end of the name's entry
CLOSER_NEARBY = "title printed closer nearby"  # a more similar print around the name
WORDS_MISSING = "title words missing"  # under 80 % of the title's words, in order, near it
CHANGED_WORD = "changed content word"  # a printed content word the title lacks (a near miss)
ORDINARY_WORDS = "short title as ordinary words"  # a title of <= 3 words inside a sentence
BETTER_TITLE = "another searched title fits better"  # ``matcher._one_title_per_span``
#: No search region reaches the title (``windows.regions_of``: a region ends at the next
#: entry's "[n]" after a whole-word name), so the improved search never weighed the hit, and
#: no check above names why it is none: the regions and the checks read an entry differently.
OUT_OF_REACH = "outside every search region"
VETOES = (NAME_IN_WORD, NEXT_ENTRY, OTHER_ENTRY, CLOSER_NEARBY, WORDS_MISSING, CHANGED_WORD,
          ORDINARY_WORDS, BETTER_TITLE, OUT_OF_REACH)

#: A citation's ``title_end``: "certain" where the text tells where the printed title ends;
#: "uncertain" where the original scheme's hit is reported although the word after it could
#: be the title's own last word (``superset``: ``undecided_ends.undecided_end``). The hit may then
#: name a shorter title than the one printed; a reader decides by reading the entry.
CERTAIN_END = "certain"
UNCERTAIN_END = "uncertain"
TITLE_ENDS = (CERTAIN_END, UNCERTAIN_END)


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
    ``title_end`` is ``"uncertain"`` when the word after the hit could be the printed
    title's own last word (the text cannot tell: :data:`UNCERTAIN_END`), else ``"certain"``.
    """

    author: str
    publication: str
    found: str
    similarity: float
    position: int
    relation: str = "cites"
    title_end: str = CERTAIN_END
