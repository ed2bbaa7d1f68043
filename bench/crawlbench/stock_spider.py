"""The stock peer: a plain ``scrapy.Spider`` following every ``a[href]``.

    scrapy runspider bench/crawlbench/stock_spider.py -a start=http://127.0.0.1:PORT/
    scrapy runspider bench/crawlbench/stock_spider.py -a startfile=starts.txt   # one URL a line

Run from a directory without ``scrapy.cfg`` so that Scrapy's defaults apply: the default
scheduler (``DownloaderAwarePriorityQueue`` over LIFO memory queues) and ``RFPDupeFilter``; the
benchmark passes the same concurrency, robots and logging settings as for ours.
"""

import scrapy


class StockSpider(scrapy.Spider):
    name = "stock"

    def __init__(self, start: str = "", startfile: str = "", **kwargs) -> None:
        super().__init__(**kwargs)
        if startfile:
            with open(startfile, encoding="utf-8") as lines:
                self.start_urls = [line.strip() for line in lines if line.strip()]
        else:
            self.start_urls = [start]

    def parse(self, response):
        for href in response.css("a::attr(href)").getall():
            yield response.follow(href, callback=self.parse)
