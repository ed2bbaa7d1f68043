"""Helpers of ``bench/bench_crawl.py``: the generated web, its server, the peer spider, probes.

Nothing here is imported by the project; the crawl benchmark puts ``bench/`` on PYTHONPATH of
the crawler subprocesses so that ``crawlbench.probe`` and ``crawlbench.stock_spider`` load.

``bytecode.py`` byte-compiles a checkout before it is timed; every harness that times
``scrapy crawl citeseeker`` calls it.

``diag.py`` is a diagnostics extension (downloader concurrency, tracemalloc growth) for manual
runs; the timed runs do not load it.
"""
