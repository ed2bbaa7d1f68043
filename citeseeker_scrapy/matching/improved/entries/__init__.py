"""The reference entry a name is in and its neighbours: where a title is looked for around a
name, and which name's entry a hit lies in.

* ``windows`` — the search regions around each name (before it, and after the end of its
  author list, on through its ditto entries, within its numbered entry);
* ``entry_numbers`` — where a numbered entry ("[n]") starts and the number of a name's entry;
* ``ditto_entries`` — entries of the same authors after a name's entry (a ditto mark, a date
  alone): where they open and how far they reach;
* ``entries_between`` — whether another entry lies between a name and a title after it;
* ``title_first`` — a title printed before the author list that holds the name;
* ``attribution`` — which name a hit cites, read with all of the above;
* ``running_text`` — a short title in running text that the name right beside it owns.

Read by ``search`` (regions and attribution), ``superset``, ``verify``, the word check and the
title ends (where the name's entry ends); it reads ``author_runs``, ``grammar`` and ``text``.
"""
