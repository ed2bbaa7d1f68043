"""The attention clock that bounds a test's wait for its crawl (``tests/support/attention.py``):
a child that sleeps (a crawl that hangs) is timed as by the wall clock; a child kept from a CPU
(a crawl on a loaded machine) is not charged for the time it waited for one."""

from __future__ import annotations

import os
import subprocess
import sys
import time

from tests.support.attention import AttentionClock
from tests.support.children import tied

SLEEP_SECONDS = 1.5
BUSY_CPU_SECONDS = 0.5


def watch(process: subprocess.Popen, clock: AttentionClock) -> float:
    """Read ``clock`` until ``process`` ends, as ``Crawl.run`` does; the wall-clock seconds."""
    started = time.monotonic()
    while process.poll() is None:
        time.sleep(0.1)
        clock.seconds()
    return time.monotonic() - started


def busy_on(cpu: int, cpu_seconds: float) -> subprocess.Popen:
    """A process that says ``go`` and then spins on ``cpu`` alone until it has used
    ``cpu_seconds`` of it (0: until it is killed): a loaded machine makes it last longer."""
    code = (f"import os, time; os.sched_setaffinity(0, {{{cpu}}}); print('go', flush=True)\n"
            f"end = time.process_time() + ({cpu_seconds} or float('inf'))\n"
            "while time.process_time() < end: pass")
    return subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True,
                            **tied())


def test_a_sleeping_child_is_timed_as_by_the_wall_clock() -> None:
    with subprocess.Popen(["sleep", str(SLEEP_SECONDS)], **tied()) as child:
        clock = AttentionClock(child.pid)
        wall = watch(child, clock)
    assert clock.seconds() >= 0.6 * wall, (clock.seconds(), wall)


def test_a_child_that_shares_its_cpu_with_a_busy_loop_is_not_charged_its_wait() -> None:
    """Two busy processes on one CPU: each waits about half the time (more if the machine is
    loaded), so the clock gives at most about half the wall clock, and counts the CPU used."""
    cpu = min(os.sched_getaffinity(0))
    with busy_on(cpu, 0) as hog, busy_on(cpu, BUSY_CPU_SECONDS) as child:
        assert hog.stdout.readline() == "go\n"
        clock = AttentionClock(child.pid)
        wall = watch(child, clock)
        hog.kill()
    assert clock.seconds() <= 0.75 * wall, (clock.seconds(), clock.attended, wall)
    assert clock.cpu_seconds >= 0.8 * BUSY_CPU_SECONDS, clock.cpu_seconds
