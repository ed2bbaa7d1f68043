"""The terminal a crawl prints to may go away: a closed pipe ends the printing, not the crawl.

Why: ``citeseeker ... 2>&1 | head -3`` closes the crawl's stdout and stderr after three lines.
rich's ``Console`` answers a broken pipe with ``SystemExit(1)``; raised by the final table in a
``spider_closed`` handler, it would leave the reactor's thread pool running, and the process
would never exit (and ignore SIGINT and SIGTERM, whose handlers need the reactor). So a broken
stdout or stderr is pointed at ``/dev/null`` (both, when they are one pipe): whatever else is
printed is dropped, the crawl goes on writing its log files and feed, and its exit status says
how it went.

Who calls it: the live progress display and the final table (through :class:`TerminalConsole`),
and the crawl command's last error lines (:func:`silence_broken_output`).
"""

from __future__ import annotations

import os
import sys
from typing import IO

from rich.console import Console

#: The standard streams' file descriptors (stdout, stderr).
STANDARD_FDS = (1, 2)


def silence_broken_output(stream: IO[str] | None = None) -> None:
    """Point ``stream`` (default: stderr) at ``/dev/null``, and the other standard stream too
    when both are the same pipe (``2>&1``); a stream that is no file descriptor is left alone."""
    try:
        broken = os.fstat((stream or sys.stderr).fileno())
    except (OSError, ValueError, AttributeError):
        return
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        for fd in STANDARD_FDS:
            try:
                same = os.path.samestat(os.fstat(fd), broken)
            except OSError:
                continue
            if same:
                os.dup2(devnull, fd)
    finally:
        os.close(devnull)


class TerminalConsole(Console):
    """rich's ``Console`` that, on a broken pipe, goes quiet instead of exiting the process
    (``on_broken_pipe`` is rich's documented hook for this)."""

    def on_broken_pipe(self) -> None:
        self.quiet = True
        silence_broken_output(self.file)


def flush_standard_streams() -> None:
    """Flush stdout and stderr, silencing a broken one. Why: Python flushes them once more at
    exit, and a failure there turns the crawl's exit status into 120. Called by the crawl
    command when the crawl is over."""
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except OSError:
            silence_broken_output(stream)
        except (ValueError, AttributeError):  # closed, or replaced by something else
            continue
