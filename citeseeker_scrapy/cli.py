"""The ``citeseeker`` console script: the crawl from any directory once installed.

Why: Scrapy finds a project through the ``scrapy.cfg`` of the working directory (or above it),
so outside the checkout ``scrapy crawl citeseeker`` said "The crawl command is not available
from this location". Installed with ``pip install .``, ``citeseeker`` names the project's
settings module (``SCRAPY_SETTINGS_MODULE``, unless the user set one) and runs Scrapy's own
command line, so every option works as documented and the outputs (feed, ``logs/``,
``crawls/``) go where the user stands:

    citeseeker -a authors=searchstrings.txt -a startpoints=https://example.org/ -O out.jsonl
    citeseeker crawl citeseeker -a ...          # the same, spelled out
    citeseeker citeseeker-report crawls/run1    # any other command: its name first

Arguments that begin with an option (``-a``, ``-O``, ``-s``...) are those of
``scrapy crawl citeseeker``; a first argument that is a word is a Scrapy command. Who calls it:
the ``citeseeker`` entry point of ``pyproject.toml``.
"""

from __future__ import annotations

import os
import sys

SETTINGS_MODULE = "citeseeker_scrapy.settings"
SPIDER = "citeseeker"


def scrapy_arguments(arguments: list[str]) -> list[str]:
    """The Scrapy command line for ``citeseeker ARGUMENTS``."""
    if arguments and not arguments[0].startswith("-"):
        return arguments
    return ["crawl", SPIDER, *arguments]


def main(argv: list[str] | None = None) -> None:
    """Run Scrapy's command line with the project's settings (exits with its status)."""
    from scrapy.cmdline import execute

    os.environ.setdefault("SCRAPY_SETTINGS_MODULE", SETTINGS_MODULE)
    arguments = sys.argv[1:] if argv is None else argv
    execute(["citeseeker", *scrapy_arguments(arguments)])
