"""The citing work: who wrote a citing document, its title, year, venue, DOI and arXiv id.

Readers make *candidates* where a part is read (``html_meta`` in the HTML reader,
``pdf_meta`` and ``first_page`` in the PDF parser worker, ``text_head`` for text without
layout); ``work.merged_work`` merges them by trust for the citation stage. Pure core: no
Scrapy or Twisted; ``fields`` and the PDF readers import only the standard library (and PDFium).
"""
