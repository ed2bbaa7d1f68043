"""A bound on a test's wait that the machine's load cannot break: the seconds in which none of
the test's threads was kept waiting for a CPU.

A test waits for its crawl with a bound, so that a crawl that never ends fails the test instead
of hanging the suite. Counted on the wall clock, that bound is spent by the load rather than by
the crawl: run at ``nice -n 19`` beside two busy loops on a machine already loaded, a crawl of
a dozen small pages that takes 10 s alone had not written its first log line after 150 s.
:class:`AttentionClock` counts the wall clock but leaves out each stretch in which a thread of
the crawl (its process and every process it started) or of the test's own process (whose
servers answer the crawl) was ready to run and waited for a CPU: Linux's per-thread
``schedstat`` gives that time (the run queue's delay) to the nanosecond. What is left is near
enough what the wait would have taken on an idle machine. A crawl that hangs (every thread
asleep, waiting for what never comes) is timed as by the wall clock; one that runs for ever
while the machine stays loaded is stopped by the CPU time its processes used, counted as well.

Who uses it: ``crawl.Crawl.run``.
"""

from __future__ import annotations

import os
import threading
import time
from pathlib import Path

NANOSECONDS = 1e9


def _threads(pid: int) -> list[Path]:
    """The ``/proc`` directories of ``pid``'s threads; none once it has ended."""
    try:
        return list(Path(f"/proc/{pid}/task").iterdir())
    except OSError:
        return []


def _process_tree(root: int) -> list[int]:
    """``root`` and every live process it started, and they started (Linux's ``children``)."""
    found, todo = [], [root]
    while todo:
        pid = todo.pop()
        found.append(pid)
        for thread in _threads(pid):
            try:
                todo += [int(child) for child in (thread / "children").read_text().split()]
            except OSError:  # the thread ended meanwhile
                pass
    return found


def _run_and_wait(thread: Path) -> tuple[int, int] | None:
    """Nanoseconds ``thread`` ran, and waited ready to run for a CPU, since it started."""
    try:
        ran, waited, _ = (thread / "schedstat").read_text().split()
    except (OSError, ValueError):  # ended meanwhile
        return None
    return int(ran), int(waited)


class AttentionClock:
    """``clock = AttentionClock(process.pid)``, then ``clock.seconds()`` every fraction of a
    second: the wall-clock seconds since the clock started in which no watched thread waited
    for a CPU, or the CPU seconds the process and its children used if more. The thread that
    reads the clock is not watched (its own lateness says nothing of the crawl). A thread that
    ends between two readings loses its last delays: the clock runs fast, never slow."""

    def __init__(self, pid: int) -> None:
        self.pid = pid
        self.reader = threading.get_native_id()
        #: thread's /proc directory -> (ns run, ns waited) at the last reading
        self.seen: dict[Path, tuple[int, int]] = {}
        self.attended = 0.0
        self.cpu_seconds = 0.0
        self.read_at = time.monotonic()
        self._read_threads()

    def seconds(self) -> float:
        now = time.monotonic()
        longest_wait, crawl_ran = self._read_threads()
        self.attended += max(0.0, now - self.read_at - longest_wait)
        self.cpu_seconds += crawl_ran
        self.read_at = now
        return max(self.attended, self.cpu_seconds)

    def _read_threads(self) -> tuple[float, float]:
        """Since the last reading: the longest any watched thread waited for a CPU, and the
        CPU time the crawl's threads used, in seconds."""
        crawl = [thread for pid in _process_tree(self.pid) for thread in _threads(pid)]
        own = [thread for thread in _threads(os.getpid()) if int(thread.name) != self.reader]
        longest_wait = crawl_ran = 0
        for thread in crawl + own:
            now = _run_and_wait(thread)
            if now is None:
                continue
            ran, waited = self.seen.get(thread, (0, 0))
            self.seen[thread] = now
            longest_wait = max(longest_wait, now[1] - waited)
            if thread in crawl:
                crawl_ran += now[0] - ran
        return longest_wait / NANOSECONDS, crawl_ran / NANOSECONDS
