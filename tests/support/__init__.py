"""What the tests share: a real ``scrapy crawl`` as a subprocess (``crawl``), waited for by a
clock the machine's load does not move (``attention``), with every ``random.uniform`` at its
lowest when asked (``lowest_draws``), children that die with the test process (``children``),
HTTP servers on 127.0.0.1 (``servers``, ``search_web``), generated documents (``docgen``), a
real Redis (``redis_server``), shared-frontier workers (``shared_frontier``), packaging helpers
(``packaging``) and the extraction tests' running extractor (``extraction_fixtures``)."""
