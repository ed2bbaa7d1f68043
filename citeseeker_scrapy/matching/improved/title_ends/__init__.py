"""Where a printed title ends, when the style prints no mark there or the query is shorter.

* ``capitals`` — where the printed capitals end a title run into the next field (a hit turned
  down read again);
* ``undecided_ends`` — where the capitals cannot tell the title's last word from the next
  field's first (the citation kept, its end marked uncertain);
* ``longer_titles`` — a printed title going on past the query's first or last word;
* ``lower_case_runs`` — a title's words printed in lower case past a hit, read with the
  document's capitals;
* ``title_edges`` — what stands right beside a hit: a short title standing alone, the next
  entry starting with no mark of its own.

Read by ``verify`` and ``superset``; it reads ``fields`` (the shapes of what follows a title),
``word_check`` (a word's counterpart), ``entries`` (the name's entry), ``grammar`` and ``text``.
"""
