"""``scrapy citeseeker-push URL...``: start points for workers of a shared frontier.

Why a command: workers on a shared frontier (CITESEEKER_FRONTIER=redis) run on many machines;
a user adds start points to the running job without restarting any of them. The URLs are
appended to ``<CITESEEKER_REDIS_KEY>:start_urls`` (the scrapy-redis convention); an idle
worker takes them within one sync, checks them against its URL scope and crawls their servers.
``-f FILE`` reads one URL a line (``#`` comments, blank lines skipped). Exit status 2 when
Redis is unreachable or no URL was given.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from scrapy.commands import ScrapyCommand

from ..exceptions import ConfigError
from ..frontier.redis_backend import SharedSettings, push_start_urls, unreachable

BAD_INPUT_STATUS = 2


class Command(ScrapyCommand):
    requires_project = True
    default_settings = {"LOG_ENABLED": False}

    def syntax(self) -> str:
        return "[-f FILE] [URL ...]"

    def short_desc(self) -> str:
        return "Push start points to the workers of a shared (Redis) frontier"

    def add_options(self, parser: argparse.ArgumentParser) -> None:
        super().add_options(parser)
        parser.add_argument("-f", "--file", dest="file", help="read start points from FILE")

    def run(self, args: list[str], opts: argparse.Namespace) -> None:
        urls = [url.strip() for url in args if url.strip()]
        if opts.file:
            lines = Path(opts.file).read_text(encoding="utf-8").splitlines()
            urls += [line.strip() for line in lines if line.strip() and not line.startswith("#")]
        if not urls:
            print("citeseeker-push: error: no URL given")
            self.exitcode = BAD_INPUT_STATUS
            return
        try:
            shared = SharedSettings.from_settings(self.settings)
        except ConfigError as error:
            print(f"citeseeker-push: error: {error}")
            self.exitcode = BAD_INPUT_STATUS
            return
        problem = unreachable(shared.redis_url)
        if problem is not None:
            print(f"citeseeker-push: error: {problem}")
            self.exitcode = BAD_INPUT_STATUS
            return
        waiting = push_start_urls(shared.redis_url, shared.prefix, urls)
        print(f"citeseeker-push: {len(urls)} start point(s) pushed, {waiting} waiting")
