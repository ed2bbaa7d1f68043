"""The author run and its names: where a list of names reaches and what ends it.

* ``author_lists`` — how far the author list a name is in reaches (separators close together,
  the year after its last names in author-year styles), where a name of a run starts;
* ``author_run_ends`` — where an author run ends right before a short title, told by the
  printed capitals (initials with no full stop, one given name with no punctuation);
* ``bare_surnames`` — a co-author printed as a bare surname at the end of a run, right before
  the title.

Read by ``entries`` (how far a search region and a name's entry reach), by ``verify`` (a bare
surname before a title) and ``superset`` (an author run's end, a bare surname's too); it reads
``grammar`` and ``text`` only.
"""
