"""The improved scheme's own modules: the original (2003) scheme and what both schemes share
(normalization, names, similarity, the query model) stay in :mod:`citeseeker_scrapy.matching`.

* ``search`` — the scheme: where a title is looked for around each name, and which hit wins;
* ``windows`` — the search regions around each name; ``attribution`` — which name's entry a
  hit lies in, read with ``entry_numbers`` ("[n]"), ``entries_between`` (another entry
  between a name and a hit), ``author_lists`` (how far a list of names reaches),
  ``ditto_entries`` (entries of the same authors), ``title_first`` (a title before its names)
  and the patterns of ``entry_grammar`` and ``name_grammar``; ``per_text_cache`` keeps their
  answers per document (and those of ``headers`` and ``capitals`` about the whole text);
* ``verify``, ``word_coverage``, ``words`` and ``running_text`` — the checks a hit must pass to
  be a citation, on the title ``checked_title`` prepares (``word_coverage``: the title's words
  printed in its order; ``words``: a different word or a damaged one, reading each word's
  ``counterparts`` and the ``content_words``; ``longer_titles``: a printed title going on past
  the query's ends), with ``run_on_fields`` (the fields a title runs into with no punctuation;
  the place of publication among them and the towns that close an entry: ``place_fields``),
  ``lower_case_runs`` (a title's words printed in lower case past a hit, read with the
  document's capitals) and ``bare_surnames`` (a co-author's bare surname right before a
  title); ``capitals`` — where the printed capitals say the title ends (a hit turned down
  read again), ``undecided_ends`` where they cannot tell, ``author_run_ends`` where they say
  an author run ends before a short title;
* ``superset`` — every hit of the original scheme is reported unless a named check says why not.

The modules are grouped by concern into subpackages, each ``__init__`` saying what it decides:
``grammar`` (patterns of names and entries, function words), ``text`` (printed words,
running headers, answers kept per text), ``author_runs`` (an author list's reach and end).

Who calls it: :class:`citeseeker_scrapy.matching.matcher.CitationMatcher` (``search`` and
``superset``); nothing outside ``matching`` needs more than ``words`` for its tests.
"""
