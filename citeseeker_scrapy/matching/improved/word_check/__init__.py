"""The word check: is the print near a hit the title's own words, not only a close string?

* ``checked_title`` — a title prepared for the search and the checks: its words, their letters
  and what the checks ask of its print;
* ``word_coverage`` — the title's words printed near the hit, in the title's order, for most
  of its letters;
* ``words`` — a different word (another work) or a damaged one (a typo, an OCR confusion, a
  split word), word by word;
* ``counterparts`` — which word of the other side a printed word stands for.

Read by ``verify`` and ``search`` (and ``superset``, the matcher: the checked title), and by
the title ends (a word's counterpart); it reads ``grammar``, ``text`` and ``entries`` (where
the name's entry ends).
"""
