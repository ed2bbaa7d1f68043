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
from tests.support.killed_session import PIDS_FILE

ROOT = Path(__file__).resolve().parents[1]
#: The one test of the pytest run the killed-controller test starts (not collected otherwise).
WORKER_TEST = ROOT / "tests" / "support" / "killed_session.py"
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


_AT_ONCE = 3  # seconds a killed process takes to be gone, on a loaded machine


@pytest.mark.alone  # it times the kill against execnet's 5 s grace
def test_killing_the_xdist_controller_ends_its_worker_and_the_workers_children(tmp_path) -> None:
    pids = tmp_path / "pids"
    session = subprocess.Popen(
        [sys.executable, "-m", "pytest", "-q", "-n", "1", "-p", "no:cacheprovider",
         f"{WORKER_TEST.relative_to(ROOT)}::test_a_worker_of_a_session_that_will_be_killed"],
        cwd=ROOT, env={**os.environ, PIDS_FILE: str(pids)},
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, **tied())
    worker = child = None
    try:
        deadline = time.monotonic() + 120
        while not pids.exists() or len(pids.read_text().split()) < 2:
            assert time.monotonic() < deadline and session.poll() is None
            time.sleep(0.1)
        worker, child = map(int, pids.read_text().split())
        session.kill()  # the controller only, as a CI runner's timeout may
        session.wait()
        # at once: untied, execnet lets the worker's test run 5 s, then interrupts it, and
        # ends the worker 10 s later if the test still runs
        assert _gone_within(worker, _AT_ONCE) and _gone_within(child, _AT_ONCE)
    finally:
        for pid in (worker, child):
            if pid is not None and _alive(pid):
                os.kill(pid, signal.SIGKILL)
        if session.poll() is None:
            session.kill()
