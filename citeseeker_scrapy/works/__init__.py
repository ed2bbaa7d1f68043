"""The citing work: self-citations, versions of one work, exports and alerts (pure core).

:mod:`.identity` (the keys of a work, the job's ``work_id`` map), :mod:`.citing` (self-citations
and what the report keeps of a citing work), :mod:`.export` (BibTeX, RIS, CSL-JSON) and
:mod:`.alerts` (``new-citations.atom``). The adapter is ``pipelines/works.py``; the report
extension and ``scrapy citeseeker-report`` write the files.
"""
