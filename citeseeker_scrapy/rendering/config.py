"""The CITESEEKER_RENDER* settings, read and validated, and the browser they name.

Who reads it: the crawl's job (``job/crawl_job.py``, which parses every settings group once
and checks that ``always`` has a browser) and :mod:`middlewares.render`. Apart from
:mod:`citeseeker_scrapy.rendering.policy` because the job needs the settings only: the
policy's page signals parse HTML (``extraction.html``, lxml), which a job that never renders
a page need not load.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from citeseeker_scrapy.settings_table import SettingsLike, default_of, read
from citeseeker_scrapy.urls import server_of

#: Executables tried, in order, when CITESEEKER_BROWSER_PATH is empty (Debian's package first).
BROWSER_NAMES = ("chromium", "chromium-browser", "google-chrome-stable", "google-chrome", "chrome")


@dataclass(frozen=True)
class RenderConfig:
    """The CITESEEKER_RENDER* settings, validated (see docs/javascript.md)."""

    mode: str = default_of("CITESEEKER_RENDER")
    servers: frozenset[str] = frozenset()
    concurrency: int = default_of("CITESEEKER_RENDER_CONCURRENCY")
    timeout: float = default_of("CITESEEKER_RENDER_TIMEOUT")
    idle_timeout: float = default_of("CITESEEKER_RENDER_IDLE_TIMEOUT")
    scrolls: int = default_of("CITESEEKER_RENDER_SCROLLS")
    restart_after: int = default_of("CITESEEKER_RENDER_RESTART_AFTER")
    keep_alive: float = default_of("CITESEEKER_RENDER_KEEP_ALIVE")
    min_text: int = default_of("CITESEEKER_RENDER_MIN_TEXT")
    browser_path: str = default_of("CITESEEKER_BROWSER_PATH")

    @classmethod
    def from_settings(cls, settings: SettingsLike) -> "RenderConfig":
        def value(name: str) -> Any:
            return read(settings, f"CITESEEKER_{name}")

        return cls(mode=value("RENDER"), servers=server_patterns(value("RENDER_SERVERS")),
                   concurrency=value("RENDER_CONCURRENCY"), timeout=value("RENDER_TIMEOUT"),
                   idle_timeout=value("RENDER_IDLE_TIMEOUT"), scrolls=value("RENDER_SCROLLS"),
                   restart_after=value("RENDER_RESTART_AFTER"),
                   keep_alive=value("RENDER_KEEP_ALIVE"), min_text=value("RENDER_MIN_TEXT"),
                   browser_path=value("BROWSER_PATH"))


def server_patterns(words: Iterable[str]) -> frozenset[str]:
    """The servers named by ``CITESEEKER_RENDER_SERVERS``'s words (split by the settings
    table's parser): ``http://host:port`` entries name one server; a bare ``host`` (or
    ``host:port``) names it under any scheme."""
    patterns = set()
    for word in words:
        word = word.strip().lower().rstrip("/")
        if word:
            patterns.add(server_of(word) if "://" in word else word)
    return frozenset(patterns)


def find_browser(configured: str = "") -> str | None:
    """The browser executable: the configured path if it is one, else the first known name on
    PATH. None when there is none (the caller decides what that means for its mode)."""
    if configured:
        found = shutil.which(configured)
        return found if found and os.access(found, os.X_OK) else None
    for name in BROWSER_NAMES:
        found = shutil.which(name)
        if found:
            return found
    return None
