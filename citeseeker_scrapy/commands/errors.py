"""How every project command reports an error: ``citeseeker: error: MESSAGE`` on stderr.

Why one place: the commands printed ``citeseeker-merge: error:`` on stdout, ``citeseeker-report:
error:`` on stderr and ``citeseeker: error:`` in the log; a script (or a user reading a
terminal) should find one prefix on one stream. Called by each command in this package; this
module defines no command.
"""

from __future__ import annotations

import sys

from citeseeker_scrapy.report.terminal import silence_broken_output

#: Exit status of a command given bad input (an argument, setting or input file).
BAD_INPUT_STATUS = 2
ERROR_PREFIX = "citeseeker: error: "
#: The last line of a crawl that ended well but not whole (exit status 0).
WARNING_PREFIX = "citeseeker: warning: "


def print_error(message: str, *, prefix: str = ERROR_PREFIX) -> None:
    """One line on stderr, flushed, so it follows whatever the log wrote before it. When
    stderr itself cannot be written (a file on the disk that just filled up, a pipe closed by
    its reader), the line is lost but the command's exit status still says what happened."""
    try:
        sys.stderr.flush()
        print(prefix + message, file=sys.stderr, flush=True)
    except OSError:
        silence_broken_output(sys.stderr)  # or Python's own last flush fails at exit
