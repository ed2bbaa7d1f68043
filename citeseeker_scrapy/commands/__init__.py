"""Project commands (``COMMANDS_MODULE``): ``scrapy crawl`` with CiteSeeker's exit status."""
