"""How a reference entry's parts, a name and a short word look in normalized text: patterns and
word lists, no logic (the ground floor of the improved scheme's groups: it reads nothing of
theirs).

* ``name_grammar`` — a name's words, given names and initials, the word for "and", the pieces
  of an author run and how its last name ends;
* ``entry_grammar`` — dates, sentence ends, the end of an author list, pages, entry numbers,
  ditto marks (built on ``name_grammar``'s names);
* ``content_words`` — the function words of the languages bibliographies are printed in, and
  whether a word carries a title's meaning.

The two grammars live together because each reads the other's patterns; ``content_words``
here because the author runs, the word check and the title ends all ask it.
"""
