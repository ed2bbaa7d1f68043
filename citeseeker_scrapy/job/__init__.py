"""One crawl's set-up: its input files (``inputs``), where it keeps its files
(``directories``) and the job object built once from both and the config (``crawl_job``)."""
