"""The skip file: servers the user names while the crawl runs are skipped (the original's
"Skip Current Server").

Who calls it: the scheduler, before it hands out each document; the file is looked at once
every :data:`SKIP_CHECK_SECONDS` at most, and read again only when it changed. One server
(or any URL of it) a line; ``#`` starts a comment. Pure: no Scrapy.
"""

from __future__ import annotations

import time
from pathlib import Path

from citeseeker_scrapy.urls import server_of

#: How often (seconds) the skip file's modification time is looked at, at most.
SKIP_CHECK_SECONDS = 1.0


class SkipFile:
    """``skip_servers.txt`` (in JOBDIR, else in CITESEEKER_LOG_DIR, or CITESEEKER_SKIP_FILE)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._checked_at = 0.0
        self._mtime = 0.0

    def servers_named(self) -> list[str]:
        """The servers the file names, when it changed since the last look; else none."""
        now = time.monotonic()
        if now - self._checked_at < SKIP_CHECK_SECONDS:
            return []
        self._checked_at = now
        try:
            mtime = self.path.stat().st_mtime
        except OSError:
            return []
        if mtime == self._mtime:
            return []
        self._mtime = mtime
        lines = self.path.read_text(encoding="utf-8", errors="replace").splitlines()
        return [server_of(name) for name in map(str.strip, lines)
                if name and not name.startswith("#")]
