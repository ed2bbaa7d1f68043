"""Helpers of ``bench/bench_crawl.py``: the generated web, its server, the peer spider, probes.

Nothing here is imported by the project; the crawl benchmark puts ``bench/`` on PYTHONPATH of
the crawler subprocesses so that ``crawlbench.probe`` and ``crawlbench.stock_spider`` load.

``diag.py`` is a diagnostics extension (downloader concurrency, tracemalloc growth) for manual
runs; the timed runs do not load it.
"""
