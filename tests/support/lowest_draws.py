"""``python -m tests.support.lowest_draws crawl citeseeker ...``: Scrapy's command line in a
process whose every ``random.uniform(a, b)`` is ``min(a, b)``, the lowest it could draw.

A random wait drawn by ``random.uniform`` (Scrapy's download-delay jitter, the outage
backoff's) is then at its shortest every time. A test of a lower bound on waits (robots.txt's
delay kept between requests) sees a jitter that could shorten a wait break the bound on every
gap, instead of on a gap now and then: Scrapy draws the jitter again each time it looks at the
slot while waiting, which lengthens most gaps, and two crawls of four gaps each kept 0.95 s of
a 1 s delay with a jitter of 0.5. Nothing else in the crawl draws from ``random.uniform``.

Who uses it: the politeness tests, through ``crawl.Crawl(module=...)``.
"""

from __future__ import annotations

import random


def lowest(low: float, high: float) -> float:
    """``random.uniform``'s lowest draw (it allows ``low > high``)."""
    return min(low, high)


if __name__ == "__main__":
    random.uniform = lowest  # before Scrapy or the project is imported
    from scrapy.cmdline import execute
    execute()
