"""The fields a title runs into with no punctuation between them, as patterns and names.

* ``run_on_fields`` — ``NEXT_FIELD``, any of the fields' shapes read right after a title's last
  word (a volume, a container with its issue, a journal and its pages, an edition, a date);
* ``place_fields`` — the place of publication among them, the towns that close an entry, a
  place with its publisher read up to the entry's end;
* ``places``, ``publishers`` — the owners of "is this a place" and "is this a publisher's
  name": the lists the shapes are built from.

Patterns and data, read by the title ends (where the capitals, a longer title or a word in
lower case say the title ends) and by ``superset``; it reads ``grammar`` only.
"""
