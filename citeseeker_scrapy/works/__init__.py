"""The citing work: who wrote a citing document, its title, year, venue, DOI and arXiv id.

Readers make *candidates* where a part is read (``html_meta`` in the HTML reader,
``pdf_meta`` and ``first_page`` in the PDF parser worker, ``text_head`` for text without
layout); ``work.merged_work`` merges them by trust for the citation stage. Pure core: no
Scrapy or Twisted; ``fields`` and the PDF readers import only the standard library (and PDFium).

Then, for the citing work as a whole: :mod:`.identity` (the keys of a work, the job's
``work_id`` map), :mod:`.citing` (self-citations and what the report keeps of a citing work),
:mod:`.export` (BibTeX, RIS, CSL-JSON) and :mod:`.alerts` (``new-citations.atom``); their
adapter is ``pipelines/works.py``, and the report extension and ``scrapy citeseeker-report``
write the files.
"""
