"""``scrapy citeseeker-push URL...``: start points for workers of a shared frontier.

Why a command: workers on a shared frontier (CITESEEKER_FRONTIER=redis) run on many machines;
a user adds start points to the running job without restarting any of them. The URLs are
appended to ``<CITESEEKER_REDIS_KEY>:start_urls`` (the scrapy-redis convention); an idle
worker takes them within one sync, checks them against its URL scope and crawls their servers.
``-f FILE`` reads one URL a line (``#`` comments, blank lines skipped). Every URL must have a
scheme and a host (``http://host/``, ``https://host/``) or be a ``file:///`` path: one that has
not is refused before anything is pushed (a worker would refuse it later, silently). Exit
status 2 when a URL is refused, a setting is refused, Redis is unreachable or no URL was given.

Settings: a command runs without a crawler, so no crawl job parses the settings for it; it
reads them itself (:func:`push_settings`), through the same checks the workers' crawl jobs
use, so a setting a worker would refuse is refused here before anything is pushed.
"""

from __future__ import annotations

import argparse
from typing import Any
from urllib.parse import urlsplit

from scrapy.commands import ScrapyCommand

from citeseeker_scrapy.commands import listed

from ..config import check_setting_names, check_setting_typos
from ..exceptions import ConfigError, InputError
from ..frontier.redis_backend import SharedSettings, push_start_urls, unreachable
from ..job.start import SCRAPY_SETTING_NAMES
from ..settings_table import SETTINGS
from ..job.inputs import read_lines
from .errors import BAD_INPUT_STATUS, print_error


def url_problem(url: str) -> str | None:
    """Why ``url`` cannot be a start point, or None."""
    parts = urlsplit(url)
    scheme = parts.scheme.lower()
    if scheme in ("http", "https") and parts.hostname:
        return None
    if scheme == "file" and parts.path:
        return None
    guess = f"; did you mean http://{url}?" if "://" not in url else ""
    return f"{url!r} is not a start point: it needs http://host/, https://host/ or file:///path{guess}"


def push_settings(settings: Any) -> SharedSettings:
    """The shared frontier's settings, checked as a worker's crawl job checks them: a
    ``CITESEEKER_*`` name that is not a setting (``CITESEEKER_REDIS_KYE`` would push under the
    default key, where no worker of the job looks) or a value the group's parser refuses is a
    :class:`ConfigError`. Who calls: :meth:`Command.run`; with the render add-on's, the one
    read of settings outside a crawl job (``middlewares/render.py``)."""
    check_setting_names(settings, SETTINGS)
    check_setting_typos(settings, SETTINGS.keys() | SCRAPY_SETTING_NAMES)
    return SharedSettings.from_settings(settings)


class Command(ScrapyCommand):
    requires_project = True
    default_settings = {"LOG_ENABLED": False}

    def syntax(self) -> str:
        return "[-f FILE] [URL ...]"

    def short_desc(self) -> str:
        return listed(self.long_desc())

    def long_desc(self) -> str:
        return "Push start points to the workers of a shared (Redis) frontier"

    def add_options(self, parser: argparse.ArgumentParser) -> None:
        super().add_options(parser)
        parser.add_argument("-f", "--file", dest="file", help="read start points from FILE")

    def run(self, args: list[str], opts: argparse.Namespace) -> None:
        try:
            urls = self._urls(args, opts.file)
            shared = push_settings(self.settings)
        except (ConfigError, InputError) as error:
            self._fail(str(error))
            return
        problem = unreachable(shared.redis_url)
        if problem is not None:
            self._fail(problem)
            return
        waiting = push_start_urls(shared.redis_url, shared.prefix, urls)
        print(f"citeseeker-push: {len(urls)} start point(s) pushed, {waiting} waiting")

    @staticmethod
    def _urls(args: list[str], file: str | None) -> list[str]:
        """The URLs of the command line and of ``-f FILE``; any bad one refuses them all."""
        urls = [url.strip() for url in args if url.strip()]
        if file:
            urls += [line.text for line in read_lines(file)]
        if not urls:
            raise InputError("no URL given")
        problems = [problem for problem in map(url_problem, urls) if problem]
        if problems:
            raise InputError("; ".join(problems) + " (nothing was pushed)")
        return urls

    def _fail(self, message: str) -> None:
        print_error(message)
        self.exitcode = BAD_INPUT_STATUS
