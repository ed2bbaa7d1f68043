"""Byte-compile a checkout before its crawls are timed.

Why: ``make setup`` byte-compiles the project, but a checkout named with ``--other`` (a git
worktree of an older commit) has never been set up, and with PYTHONDONTWRITEBYTECODE set (as on
this machine) Python compiles every module of the project from source in every crawl and every
parser process: ~0.7 s of CPU per crawl that no installed copy pays. Who calls it: the
harnesses that time ``scrapy crawl citeseeker`` (realdocs, htmldocs, dropweb, crawl, redis),
once per checkout before the first round.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

#: This checkout's script, the one ``make setup`` runs; it compiles any checkout it is given.
SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "compile-bytecode.sh"


def compile_checkout(root: Path) -> None:
    """Write the bytecode of ``root``'s modules as ``make setup`` does (up-to-date files are
    left alone), with the interpreter that runs the benchmark and its crawls."""
    subprocess.run(["bash", str(SCRIPT), sys.executable, str(root)], check=True)
