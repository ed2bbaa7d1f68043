"""The improved scheme's own modules: the original (2003) scheme and what both schemes share
(normalization, names, similarity, the query model) stay in :mod:`citeseeker_scrapy.matching`.

* ``search`` — the scheme: where a title is looked for around each name, and which hit wins;
* ``windows`` and ``entry_grammar`` — where one reference entry ends and the next begins;
* ``verify``, ``words`` and ``running_text`` — the checks a hit must pass to be a citation;
  ``capitals`` — where the printed capitals say the title ends (a hit turned down read again);
* ``superset`` — every hit of the original scheme is reported unless a named check says why not.

Who calls it: :class:`citeseeker_scrapy.matching.matcher.CitationMatcher` (``search`` and
``superset``); nothing outside ``matching`` needs more than ``words`` for its tests.
"""
