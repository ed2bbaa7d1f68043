"""The processes tests start die with the test process (``tests/support/children.py``)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.support import crawl, redis_server
from tests.support.children import tied

ROOT = Path(__file__).resolve().parents[1]
#: A stand-in for the pytest process: starts one child tied to it and one not, prints both
#: pids, then waits to be killed.
PARENT = """
import subprocess, sys, time
sys.path.insert(0, sys.argv[1])
from tests.support.children import tied
sleeper = [sys.executable, "-c", "import time; time.sleep(300)"]
kept = subprocess.Popen(sleeper, **tied())
loose = subprocess.Popen(sleeper)
print(kept.pid, loose.pid, flush=True)
time.sleep(300)
"""

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"),
                                reason="PR_SET_PDEATHSIG is Linux's")


def _alive(pid: int) -> bool:
    """True while ``pid`` runs (a zombie that init has not reaped yet counts as gone)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, ProcessLookupError):
        return False
    return state != "Z"


def _gone_within(pid: int, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while _alive(pid):
        if time.monotonic() > deadline:
            return False
        time.sleep(0.02)
    return True


def test_a_child_tied_to_a_killed_parent_dies_and_an_untied_one_is_left() -> None:
    parent = subprocess.Popen([sys.executable, "-c", PARENT, str(ROOT)],
                               stdout=subprocess.PIPE, text=True)
    kept, loose = map(int, parent.stdout.readline().split())
    try:
        assert _alive(kept) and _alive(loose)
        parent.kill()  # SIGKILL: the parent runs no teardown of its own
        parent.wait()
        assert _gone_within(kept, 10)
        time.sleep(0.2)
        assert _alive(loose)  # what the tie changes: without it the child outlives its parent
    finally:
        for pid in (kept, loose):
            if _alive(pid):
                os.kill(pid, signal.SIGKILL)
        parent.stdout.close()


def test_a_tied_child_runs_as_usual_while_its_parent_lives() -> None:
    done = subprocess.run([sys.executable, "-c", "print('ran')"], capture_output=True,
                          text=True, timeout=60, **tied())
    assert (done.returncode, done.stdout) == (0, "ran\n")


@pytest.mark.parametrize("start", [
    lambda tmp: crawl.Crawl(tmp, ("-a", "authors=X"), {}).start(),
    lambda tmp: crawl.Crawl(tmp, ("-a", "authors=X"), {}).run(),
    lambda tmp: redis_server.RedisServer(tmp).start(),
], ids=["Crawl.start", "Crawl.run", "RedisServer.start"])
def test_the_helpers_that_start_crawls_and_servers_tie_their_children(
        start, tmp_path, monkeypatch) -> None:
    seen: list[dict] = []

    class Recorded(Exception):
        pass

    def popen(*args, **keywords):
        seen.append(keywords)
        raise Recorded

    monkeypatch.setattr(subprocess, "Popen", popen)
    with pytest.raises(Recorded):
        start(tmp_path)
    assert callable(seen[0].get("preexec_fn"))
