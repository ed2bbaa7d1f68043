"""A parser process that the crawler's event loop feeds directly, without a thread.

Why: on a crawl of small pages the crawler's reactor thread is the bottleneck, and reading a
page (lxml) and matching it are a large share of its CPU. Handing a page to a thread costs
the crawler more CPU than the work itself (Scrapy's thread pool: a Deferred, a lock, a
wake-up per page), so the event loop writes the page to this worker's pipe and reads the
answer when the pipe is readable: a few tens of microseconds, and the reading and matching
run on the other core.
Requests are pipelined; the worker answers them in order (``worker_main.serve``).

Who calls it: the text stage for a document that is one small HTML or text page
(``document/stages.read_small_page``). It never makes anyone wait: :meth:`EventWorker.available`
is False while the worker starts, while :data:`MAX_PENDING` pages wait for it, after it failed
too often, and without a running asyncio loop; the caller then reads the page itself, as it
always did. A worker that dies, times out, sends garbage or retires fails the pages it holds
with :class:`ExtractionError` (the callers read them themselves) and is replaced on next use.
Only the standard library: the loop is asyncio's (Scrapy's reactor runs on it).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import struct
import subprocess
import time
from collections import deque
from pathlib import Path
from typing import Any

from citeseeker_scrapy.exceptions import ExtractionError
from citeseeker_scrapy.extraction.processes import worker_main
from citeseeker_scrapy.extraction.processes.limits import exit_status
from citeseeker_scrapy.extraction.processes.pool import (
    MAX_WORKER_START_SECONDS, RETIRE_ABOVE_BYTES, spawn_worker,
)

Header = dict[str, Any]

#: Pages given to the worker and not answered yet, at most. Beyond, the caller reads the page
#: itself: the worker is the slower side then, and both cores work.
MAX_PENDING = 16
#: A worker that failed this many times is not started again in this crawl.
MAX_FAILURES = 5
#: How long the event loop waits for a worker that closed its pipe to exit (failures only).
REAP_SECONDS = 0.2
#: multiprocessing.connection's frame: a 4-byte big-endian signed length, then the bytes.
_LENGTH = struct.Struct("!i")


def frame(message: bytes) -> bytes:
    """One message as the worker's ``Connection.recv_bytes`` reads it."""
    return _LENGTH.pack(len(message)) + message


class FrameReader:
    """Cuts the worker's reply stream into messages; a message longer than ``max_bytes`` is
    an error (a worker taken over by a hostile page must not make the crawler buffer GBs)."""

    def __init__(self, max_bytes: int) -> None:
        self.max_bytes = max_bytes
        self._buffer = bytearray()

    def feed(self, data: bytes) -> list[bytes]:
        """The messages completed by ``data``, in order."""
        self._buffer += data
        messages = []
        while len(self._buffer) >= _LENGTH.size:
            (size,) = _LENGTH.unpack_from(self._buffer)
            if not 0 <= size <= self.max_bytes:
                raise ExtractionError(f"parser process sent a message of {size} bytes")
            end = _LENGTH.size + size
            if len(self._buffer) < end:
                break
            messages.append(bytes(self._buffer[_LENGTH.size:end]))
            del self._buffer[:end]
        return messages


class EventWorker:
    """One parser process fed by the running asyncio loop; see the module docstring.

    ``setup`` is the worker's first request (``worker_main.setup``: the limits, the search);
    ``timeout`` bounds how long a page may wait for its answer; ``max_reply`` the size of one
    reply message; a worker whose resident memory is above ``retire_above_bytes`` after a page
    exits and is replaced (as the pool's workers are: a crawl of days keeps it small).
    """

    def __init__(self, memory_bytes: int, workdir: Path, setup: Header, *, timeout: float,
                 max_reply: int, max_pending: int = MAX_PENDING,
                 retire_above_bytes: int = RETIRE_ABOVE_BYTES) -> None:
        self._retire_above_bytes = retire_above_bytes
        self._memory_bytes = memory_bytes
        self._workdir = workdir
        self._setup = setup
        self._timeout = timeout
        self._max_reply = max_reply
        self._max_pending = max_pending
        self._loop: asyncio.AbstractEventLoop | None = None
        self._process: Any = None
        self._to_child = self._from_child = -1
        self._state = "stopped"        # starting -> setting up -> ready (-> draining)
        self._pending: deque[tuple[asyncio.Future, float]] = deque()
        self._outgoing = bytearray()
        self._reader = FrameReader(max_reply)
        self._header: Header | None = None
        self._timer: asyncio.TimerHandle | None = None
        self._started_at = 0.0
        self.failures = 0
        self.last_failure = ""
        self.closed = False

    def available(self) -> bool:
        """True when a page given now goes to a live, ready worker with room for it. Starts
        the worker on first use (not ready yet: False)."""
        if self.closed or self.failures >= MAX_FAILURES:
            return False
        if self._state == "stopped":
            self._start()
            return False
        return self._state == "ready" and len(self._pending) < self._max_pending

    async def call(self, request: Header, payload: bytes) -> tuple[Header, str]:
        """The worker's reply (header, text) to one request; ExtractionError when the worker
        fails before answering it. Only after :meth:`available` said True."""
        if self._state != "ready" or self._loop is None:
            raise ExtractionError("the parser process is not ready")
        future = self._loop.create_future()
        self._pending.append((future, time.monotonic() + self._timeout))
        if len(self._pending) == 1:
            self._arm_timer()
        request = {"retire_above_bytes": self._retire_above_bytes, **request}
        self._send(frame(json.dumps(request).encode()) + frame(payload))
        return await future

    def pid(self) -> int | None:
        """The worker's process id (tests and diagnostics), None when there is none."""
        return self._process.pid if self._process is not None else None

    def close(self) -> None:
        """Kill the worker; pages it holds fail (their callers read them themselves). A worker
        that ended on its own while starting, before the loop read its pipe's end (a crawl that
        closes right after, on a busy machine), counts as failed, so that the crawl's log still
        says how it ended (``ExtractTextPipeline.close_spider`` reports the failures)."""
        self.closed = True
        if self._state in ("starting", "setting up"):
            self._reap_briefly()
            if self._status():
                self._fail("parser process ended")
        self._stop(ExtractionError("extractor is closed"))

    # -- the process ---------------------------------------------------------------------------

    def _start(self) -> None:
        try:
            self._loop = asyncio.get_running_loop()
        except RuntimeError:  # no asyncio loop (another Twisted reactor): never available
            self.closed = True
            return
        try:
            self._process, self._to_child, self._from_child = spawn_worker(
                self._memory_bytes, self._workdir, worker_main.PAGES_ONLY)
        except ExtractionError as e:
            self._count_failure(str(e))
            return
        os.set_blocking(self._to_child, False)
        os.set_blocking(self._from_child, False)
        self._state, self._started_at = "starting", time.monotonic()
        self._loop.add_reader(self._from_child, self._on_readable)
        self._timer = self._loop.call_later(MAX_WORKER_START_SECONDS, self._check_start)

    def _check_start(self) -> None:
        if self._state in ("starting", "setting up"):
            self._fail(f"parser process did not start in {MAX_WORKER_START_SECONDS:g} s")

    def _stop(self, error: ExtractionError) -> None:
        """Kill and reap the process, release its pipes, fail every page it holds."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        if self._process is not None:
            assert self._loop is not None
            self._loop.remove_reader(self._from_child)
            self._loop.remove_writer(self._to_child)
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self._process.pid, signal.SIGKILL)
            self._process.wait()
            os.close(self._to_child)
            os.close(self._from_child)
            self._process = None
        self._state = "stopped"
        self._outgoing.clear()
        self._reader = FrameReader(self._max_reply)
        self._header = None
        pending, self._pending = self._pending, deque()
        for future, _ in pending:
            if not future.done():
                future.set_exception(error)

    def _fail(self, reason: str) -> None:
        """Count the failure, with how the process ended and its memory limit when it is gone
        (a limit too small for the parsers is the usual cause), and stop the worker."""
        status = self._status()
        if status:
            reason += f" ({status}; memory limit {self._memory_bytes // (1024 * 1024)} MiB)"
        self._count_failure(reason)
        self._stop(ExtractionError(f"parser process failed: {self.last_failure}"))

    def _reap_briefly(self) -> None:
        """A worker that closed its end of the pipe is exiting: wait a moment for it, so that
        the failure says how it ended. Never long: ``_stop`` kills it anyway."""
        with contextlib.suppress(subprocess.TimeoutExpired):
            self._process.wait(REAP_SECONDS)

    def _count_failure(self, reason: str) -> None:
        self.failures += 1
        self.last_failure = reason

    def _status(self) -> str:
        if self._process is None or self._process.poll() is None:
            return ""
        return exit_status(self._process.returncode)

    # -- the pipes -----------------------------------------------------------------------------

    def _send(self, data: bytes) -> None:
        if self._outgoing:
            self._outgoing += data
            return
        try:
            written = os.write(self._to_child, data)
        except BlockingIOError:
            written = 0
        except OSError as e:
            self._cannot_write(e)
            return
        if written < len(data):
            self._outgoing += data[written:]
            assert self._loop is not None
            self._loop.add_writer(self._to_child, self._on_writable)

    def _on_writable(self) -> None:
        try:
            written = os.write(self._to_child, self._outgoing)
        except BlockingIOError:
            return
        except OSError as e:
            self._cannot_write(e)
            return
        del self._outgoing[:written]
        if not self._outgoing and self._loop is not None:
            self._loop.remove_writer(self._to_child)

    def _cannot_write(self, error: OSError) -> None:
        """The request pipe failed. A worker that retired closed it on exit, right after its
        last reply, which may still wait unread in the reply pipe: a ready worker is then only
        drained (no more requests; its replies are read), and the reply pipe decides: the
        ``retire`` reply stops it without a failure, an end without one fails what it holds.
        Why: failing at once lost the retiring page's answer and counted a failure for every
        retirement, and :data:`MAX_FAILURES` of them turned the page worker off for the crawl.
        A worker that is not ready yet and closed the pipe is exiting (its memory limit too
        small for the parsers, most often): the failure waits a moment for it and says how it
        ended, as a closed reply pipe does, whichever of the two pipes the loop meets first."""
        if self._state != "ready" or not isinstance(error, BrokenPipeError):
            if isinstance(error, BrokenPipeError):
                self._reap_briefly()
                if self._status():
                    self._fail("parser process ended")
                    return
            self._fail(f"cannot write to the parser process: {error}")
            return
        self._state = "draining"
        self._outgoing.clear()
        assert self._loop is not None
        self._loop.remove_writer(self._to_child)

    def _on_readable(self) -> None:
        try:
            data = os.read(self._from_child, 1 << 16)
        except BlockingIOError:
            return
        except OSError as e:
            self._fail(f"cannot read from the parser process: {e}")
            return
        if not data:
            self._reap_briefly()
            self._fail("parser process ended")
            return
        try:
            messages = self._reader.feed(data)
        except ExtractionError as e:
            self._fail(str(e))
            return
        for message in messages:
            if self._process is None:
                return  # failed on an earlier message of this read
            self._on_message(message)

    # -- the protocol --------------------------------------------------------------------------

    def _on_message(self, message: bytes) -> None:
        if self._state == "starting":
            if message != worker_main.READY:
                self._fail("parser process sent a bad greeting")
                return
            self._state = "setting up"
            self._send(frame(json.dumps(self._setup).encode()) + frame(b""))
            return
        if self._header is None:
            try:
                header = json.loads(message)
            except ValueError:
                header = None
            if not isinstance(header, dict):
                self._fail("parser process sent a malformed reply")
                return
            self._header = header
            return
        header, self._header = self._header, None
        if self._state == "setting up":
            if not header.get("ok"):
                self._fail(f"parser process refused its setup: {header.get('error')}")
                return
            self._state = "ready"
            if self._timer is not None:
                self._timer.cancel()
                self._timer = None
            return
        self._answer(header, message.decode("utf-8", "replace"))

    def _answer(self, header: Header, text: str) -> None:
        if not self._pending:
            self._fail("parser process sent a reply nobody asked for")
            return
        future, _ = self._pending.popleft()
        if not future.done():
            future.set_result((header, text))
        if header.get("retire"):  # it exits after this reply: the pages behind it fail
            self._stop(ExtractionError("parser process retired"))
            return
        if self._timer is None:  # a timer still armed is early for the next page: it re-arms
            self._arm_timer()

    def _arm_timer(self) -> None:
        """One timer, for the oldest page's deadline. An answer leaves an armed timer as it
        is (the deadlines come in order, so it is early for the page now oldest, and
        :meth:`_check_deadline` arms it again): not a cancelled timer and a new one per page."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        if self._pending and self._loop is not None:
            delay = max(0.0, self._pending[0][1] - time.monotonic())
            self._timer = self._loop.call_later(delay, self._check_deadline)

    def _check_deadline(self) -> None:
        self._timer = None
        if self._pending and self._pending[0][1] <= time.monotonic():
            self._fail(f"a page took more than {self._timeout:g} s")
        else:
            self._arm_timer()
