"""The stock peer: a plain ``scrapy.Spider`` following every ``a[href]``.

    scrapy runspider bench/crawlbench/stock_spider.py -a start=http://127.0.0.1:PORT/

Run from a directory without ``scrapy.cfg`` so that Scrapy's defaults apply: the default
scheduler (``DownloaderAwarePriorityQueue`` over LIFO memory queues) and ``RFPDupeFilter``; the
benchmark passes the same concurrency, robots and logging settings as for ours.
"""

import scrapy


class StockSpider(scrapy.Spider):
    name = "stock"

    def __init__(self, start: str = "", **kwargs) -> None:
        super().__init__(**kwargs)
        self.start_urls = [start]

    def parse(self, response):
        for href in response.css("a::attr(href)").getall():
            yield response.follow(href, callback=self.parse)
