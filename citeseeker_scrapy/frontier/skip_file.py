"""The skip file: servers the user names while the crawl runs are skipped (the original's
"Skip Current Server").

Who calls it: the scheduler, before it hands out each document; the file is looked at once
every :data:`SKIP_CHECK_SECONDS` at most, and read again only when it changed. One server
(or any URL of it) a line, spelled as a user would (``HTTP://WWW.Example.org:80/page``
names ``http://www.example.org``, the frontier's spelling); a bare host name
(``www.example.org``) names that host over http and https; ``#`` starts a comment. A line
that names no web server is said in the log (warning) and ignored: the crawl goes on.
Pure: no Scrapy.
"""

from __future__ import annotations

import logging
import time
from pathlib import Path

from citeseeker_scrapy.urls import canonical_url, server_of

logger = logging.getLogger(__name__)

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
        named: list[str] = []
        for number, line in enumerate(map(str.strip, lines), start=1):
            if line and not line.startswith("#"):
                servers = servers_of_line(line)
                if not servers:
                    logger.warning("citeseeker: %s line %d, %r, names no web server (write "
                                   "http://host or a host name): ignored", self.path, number, line)
                named += servers
        return named


def servers_of_line(line: str) -> list[str]:
    """The servers one line of the skip file names, in the frontier's spelling; none when it
    names no http(s) server."""
    if "://" not in line:
        line = line.split("/", 1)[0]
        return [] if not line or " " in line else [
            server_of(canonical_url(f"{scheme}://{line}/")) for scheme in ("http", "https")]
    try:
        server = server_of(canonical_url(line))
    except ValueError:
        return []
    return [server] if server.startswith(("http://", "https://")) and len(server) > 8 else []
