"""Optional feature: a server's own search form, used before (or instead of) crawling the server
(docs/site-search.md). Its settings: ``config``. Pure rules: ``forms`` (which form, which
queries), ``results`` (which links of a result page are results, the next page), ``landing``
(the document a landing page offers); ``spiders/site_search.py`` sends the requests."""
