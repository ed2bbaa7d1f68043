"""Byte-compile a checkout before its crawls are timed.

Why: ``make setup`` byte-compiles the project, but a checkout named with ``--other`` (a git
worktree of an older commit) has never been set up, and with PYTHONDONTWRITEBYTECODE set (as on
this machine) Python compiles every module of the project from source in every crawl and every
parser process: ~0.7 s of CPU per crawl that no installed copy pays. Who calls it: the
harnesses that time ``scrapy crawl citeseeker`` (realdocs, htmldocs, dropweb, crawl, redis),
once per checkout before the first round.
"""

from __future__ import annotations

import compileall
import re
from pathlib import Path


def compile_checkout(root: Path) -> None:
    """Write the bytecode of every module of ``root`` outside its dot-directories (as
    ``make setup`` does); up-to-date files are left alone."""
    compileall.compile_dir(str(root), quiet=1, rx=re.compile(r"/\."))
