"""Project commands (``COMMANDS_MODULE``): ``scrapy crawl`` with CiteSeeker's exit status and
last error line, ``citeseeker-report`` (report.html of a job or log directory, on demand),
``citeseeker-push`` (start points for Redis workers) and ``citeseeker-merge`` (workers' feeds)."""

# Loaded first of the project's modules when Scrapy reads its commands, long before the engine
# loads the download handlers that need it: each of Scrapy's deprecated-class shims in it calls
# inspect.stack(), whose cost grows with the depth of the stack and the number of modules loaded.
import scrapy.core.downloader.contextfactory  # noqa: F401

#: Where ``scrapy -h`` starts each description: two spaces, the name padded to 13, a space.
LIST_COLUMN = 16


def listed(description: str) -> str:
    """A ``short_desc`` for a command name longer than Scrapy's column (``citeseeker-merge``):
    the description goes on the next line, in the column, so ``scrapy -h`` stays aligned, as
    argparse does for long option names. The command's own ``-h`` uses ``long_desc``."""
    return "\n" + " " * LIST_COLUMN + description
