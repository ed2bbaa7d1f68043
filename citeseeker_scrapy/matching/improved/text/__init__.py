"""The printed text every reading of the improved scheme shares.

* ``printed_words`` — where a printed word starts and ends and what it reads (the marks
  extraction leaves inside words, ligatures, line-end hyphens, OCR digits);
* ``headers`` — what a page break prints inside an entry (a page number and the next page's
  running header), so that a title or an author run read across it stays one;
* ``per_text_cache`` — answers kept per document text, for the readings asked again and again.

Read by every other group (the author runs, the entries, the word check, the title ends) and
by ``search``, ``superset`` and ``verify``; it reads only ``grammar`` (an entry's number and
opening, which a running header is told from).
"""
