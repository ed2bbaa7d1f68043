"""Processes the tests start that die with the test process, even when it is killed.

A crawl, a Redis server or a Scrapyd daemon a test starts is a child of the pytest process (an
xdist worker under ``make test``). When that process is killed (``kill -9``, a killed xdist
session, a timeout of the CI runner), its fixtures never run, and a child left behind is
reparented to init: a Redis worker whose Redis is gone waits for it for ~30 minutes.
:func:`tied` asks Linux (``PR_SET_PDEATHSIG``) to kill the child when the thread that started
it ends: the test's own thread, or a pool thread that waits for its child (``Crawl.run``) and
so outlives it.

Who uses it: ``crawl.Crawl`` (``start`` and ``run``), ``redis_server.RedisServer``, the Scrapyd
fixture and the tests that start a crawl with ``subprocess.Popen`` of their own. Pass
``**tied()`` to ``subprocess.Popen`` or ``subprocess.run``. The signal reaches the child only:
what the child starts itself (Scrapyd's jobs, a crawl's parser processes) is the child's to end.

Under xdist the test process is a worker, which learns that its controller is gone only at
its next message: untied, a worker whose controller is killed runs its test to the end, its
children with it. ``conftest.py`` ties each worker to the controller (:func:`tie_to_parent`),
so the worker dies with it and its tied children with the worker.
"""

from __future__ import annotations

import ctypes
import os
import signal
import sys
from typing import Callable, Optional

_PR_SET_PDEATHSIG = 1  # <linux/prctl.h>
_KILL = int(signal.SIGKILL)


def _prctl() -> Optional[Callable[..., int]]:
    """libc's ``prctl``, looked up once in the parent (the child between fork and exec must
    not import or load anything), or None off Linux."""
    if not sys.platform.startswith("linux"):
        return None
    libc = ctypes.CDLL(None, use_errno=True)
    return libc.prctl


_PRCTL = _prctl()


def _dies_with(parent: int) -> Callable[[], None]:
    """The ``preexec_fn`` of a child of ``parent``: the death signal set, then a check that
    ``parent`` is still its parent (if it died between the fork and the ``prctl``, the signal
    would never come, so the child ends itself)."""
    def tie() -> None:
        _PRCTL(_PR_SET_PDEATHSIG, _KILL, 0, 0, 0)
        if os.getppid() != parent:
            os.kill(os.getpid(), _KILL)
    return tie


def tied() -> dict[str, Callable[[], None]]:
    """``subprocess`` keywords that tie the child to the calling process
    (``subprocess.Popen(command, **tied())``); none off Linux. A function, not a constant: the
    parent is whichever process starts the child (an xdist worker, not the session that
    imported this module)."""
    return {} if _PRCTL is None else {"preexec_fn": _dies_with(os.getpid())}


def tie_to_parent() -> None:
    """Ties the calling process to the one that started it, as :func:`tied` ties a child: the
    kill signal when that process (its starting thread) ends. Who calls it: ``conftest.py``'s
    ``pytest_configure``, in an xdist worker, which the controller's main thread starts. A
    parent gone already (this process reparented) leaves it untied; nothing off Linux."""
    if _PRCTL is not None:
        _dies_with(os.getppid())()
