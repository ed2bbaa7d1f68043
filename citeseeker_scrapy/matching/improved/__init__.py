"""The improved scheme's own modules: the original (2003) scheme and what both schemes share
(normalization, names, similarity, the query model) stay in :mod:`citeseeker_scrapy.matching`.

Here, the scheme itself:

* ``search`` — where a title is looked for around each name, and which hit wins;
* ``verify`` — the checks a hit must pass to be a citation (its words, its work, its ends);
* ``superset`` — every hit of the original scheme is reported unless a named check says why not.

Below it, one subpackage per concern, each ``__init__`` saying what it decides; each imports
only those listed after it (no loop):

* ``title_ends`` — where a printed title ends: the capitals, ends they cannot tell, a title
  longer than the query, words in lower case run on, what stands beside a hit;
* ``word_check`` — the title's words near a hit: in its order, damaged or different, on the
  title prepared for the checks;
* ``entries`` — the search regions around a name, its entry and the neighbours ("[n]", ditto
  entries, another entry between, title-first entries), which name a hit cites;
* ``author_runs`` — how far an author list reaches and where a run ends before a title;
* ``fields`` — the fields a title runs into with no punctuation: their shapes, the place of
  publication, the names of places and publishers;
* ``text`` — printed words, the running headers a page break puts inside an entry, answers
  kept per document text;
* ``grammar`` — the patterns of names and entries, and the function words.

Who calls it: :class:`citeseeker_scrapy.matching.matcher.CitationMatcher` (``search`` and
``superset``, with ``word_check.checked_title``); nothing outside ``matching`` needs more than
``word_check.words`` for its tests.
"""
