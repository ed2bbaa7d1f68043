"""Project commands (``COMMANDS_MODULE``): ``scrapy crawl`` with CiteSeeker's exit status, and
``scrapy citeseeker-report`` (report.html of a job or log directory, on demand)."""
