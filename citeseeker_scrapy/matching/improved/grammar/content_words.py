"""Which words carry a title's meaning (improved scheme): the function words of the
languages bibliographies are printed in, and :func:`is_content`, the test the word checks
apply to each word of a title and of its print. ``words`` (the word-by-word check of a hit),
``counterparts``, ``longer_titles``, ``author_lists``, ``capitals`` and ``undecided_ends``
ask it here, so that a short word is the same short word to each of them.
"""

from __future__ import annotations

_CONTENT_LETTERS = 4  # shorter words are short words
#: Function words of the languages bibliographies are printed in (English, French, German,
#: Spanish, Portuguese, Italian) that have four letters or more.
FUNCTION_WORDS = frozenset(
    "with from into over under upon about between through their these those this that than "
    "when where which while what some such each both also other after before during within "
    "without among against towards toward dans pour avec sans sous vers chez entre leur leurs "
    "cette elle elles sont mais über uber eine einer einem einen eines durch nach oder sowie "
    "zwischen gegen unter ihre dieser diese entre para sobre como desde hasta della delle degli "
    "dello nella nelle negli sulla sulle dalla dalle degli pelo pela pelos pelas".split())
#: The word for "in" before a chapter's container, as a style joins it to the title's last
#: word with no blank ("...et sexualitéin Démographie", "...der modernen Schulein Sinn-"):
#: read by ``capitals`` (the container after it) and ``counterparts`` (the word before it).
JOINED_IN = "in"
#: What a style joins to a title's last word with no blank, opening the field after it: the
#: word for "in" (:data:`JOINED_IN`) or a volume's abbreviation ("...Special Eurobarometervol.
#: 248."): read by ``counterparts`` (the word before it).
JOINED_FIELD_OPENINGS = (JOINED_IN, "vol")
#: Function words of three letters or fewer, of those languages: never a content word's variant.
SHORT_FUNCTION_WORDS = frozenset(
    "a an the of and or in on at to for by as is its de la le les des du et en un une au aux "
    "der die das dem den und im zu zur zum von mit ein el los las y del con por di il lo gli e "
    "per nel".split())
#: Articles that open a container's name printed with a capital right after a title's last
#: word ("...Spelling and Punctuation The Oxford History of Harbours. pp. 13–55"): a title
#: without its last word has that content word there, not an article (``undecided_ends``).
CONTAINER_ARTICLES = frozenset({"the", "der", "die", "das", "le", "la", "les"})


def is_content(word: str) -> bool:
    """True for a word that carries a title's meaning: long enough and no function word."""
    return len(word) >= _CONTENT_LETTERS and word not in FUNCTION_WORDS and not word.isdigit()
