"""Scrapy extensions and feed plumbing of CiteSeeker: the report files, durable feeds."""
