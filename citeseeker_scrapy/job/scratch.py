"""The crawl's scratch directory: where extraction writes (Ghostscript, catdoc, big PDFs).

Why one owner, inside the job's start-up: the scratch directory is emptied when it is opened,
so a crawl that opened it without holding the job's lock (a second crawl, refused on a running
JOBDIR) would remove the running crawl's scratch files, and its parser processes would fail
("cannot start a parser process"), losing citations for good. So :func:`open_scratch` runs only
in :meth:`citeseeker_scrapy.job.crawl_job.CrawlJob.from_settings`, after the lock is held, and
a refused crawl has no scratch directory at all.

Where it is:

* with JOBDIR (and no ``CITESEEKER_TEMP_DIR``): ``JOBDIR/tmp``, emptied at start (what a killed
  run left) — the JOBDIR lock makes it this crawl's alone;
* otherwise a new ``citeseeker-<pid>@<host>@*`` directory inside ``CITESEEKER_TEMP_DIR`` or the
  system's temporary directory: several crawls may share that root (one setting for all of a
  user's crawls), so none empties it; each removes only the directories of this host's crawls
  whose process is gone (a ``kill -9`` leaves its own behind). The host name keeps a crawl from
  judging the process ids of another machine or container sharing the root.

Who calls it: the job's start-up (:func:`open_scratch`) and its end (:func:`remove_scratch`,
at ``engine_stopped``, before the lock is released).
"""

from __future__ import annotations

import logging
import os
import shutil
import socket
import tempfile
from pathlib import Path

logger = logging.getLogger(__name__)

#: Prefix of a crawl's own directory in a shared root (``@`` is in no host name: "x" is no
#: prefix of "x-y"'s directories).
SCRATCH_PREFIX = "citeseeker-"
#: The scratch directory's name inside JOBDIR.
JOBDIR_SCRATCH = "tmp"


def open_scratch(temp_dir: str, jobdir: str | None) -> Path:
    """The crawl's scratch directory, made empty; see the module docstring. Raises OSError."""
    if jobdir and not temp_dir:
        path = Path(jobdir) / JOBDIR_SCRATCH
        shutil.rmtree(path, ignore_errors=True)
        path.mkdir(parents=True)
        return path
    root = Path(temp_dir) if temp_dir else Path(tempfile.gettempdir())
    root.mkdir(parents=True, exist_ok=True)
    removed = remove_orphaned_scratch(root)
    if removed:
        logger.info("citeseeker: removed %d scratch director%s left by killed crawls (%s)",
                    len(removed), "y" if len(removed) == 1 else "ies",
                    ", ".join(str(path) for path in removed))
    return Path(tempfile.mkdtemp(prefix=scratch_prefix(os.getpid()), dir=root))


def remove_scratch(path: Path) -> None:
    """The crawl is over: its scratch files go (a ``JOBDIR/tmp`` too; the next run makes it)."""
    shutil.rmtree(path, ignore_errors=True)


def scratch_prefix(pid: int) -> str:
    """The name a crawl's scratch directory starts with (its random part follows)."""
    return f"{SCRATCH_PREFIX}{pid}@{socket.gethostname()}@"


def remove_orphaned_scratch(root: Path) -> list[Path]:
    """Remove the scratch directories in ``root`` of crawls whose process is gone (ours only:
    named ``citeseeker-<pid>@<this host>@*`` and owned by this user); the ones removed."""
    removed = []
    for path in root.glob(f"{SCRATCH_PREFIX}*@*@*"):
        number = path.name[len(SCRATCH_PREFIX):].split("@", 1)[0]
        pid = int(number) if number.isdigit() else None
        try:
            if (pid is None or not path.name.startswith(scratch_prefix(pid))
                    or path.is_symlink() or path.stat().st_uid != os.getuid()):
                continue
        except OSError:
            continue
        if not _running(pid):
            shutil.rmtree(path, ignore_errors=True)
            removed.append(path)
    return removed


def _running(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # another user's process: not ours to judge
    return True
