"""A small pool of long-lived parser processes (see ``worker_main.py``), shared by all threads.

Why processes that live long: starting Python and loading PDFium costs several times more
than reading a typical paper; reusing workers keeps PDF text at PDFium's own speed.
Why spawned (``subprocess``) rather than forked: extraction is called from Scrapy's thread
pool, and forking a threaded process can deadlock the child; a fresh interpreter is clean.
A worker that times out or dies is killed (its whole process group) and a new one is
started on the next request, so one hostile file costs at most one timeout.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import threading
import time
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

from citeseeker_scrapy.exceptions import ExtractionError, LimitError
from citeseeker_scrapy.extraction.processes import worker_main
from citeseeker_scrapy.extraction.processes.limits import exit_status

#: What a new interpreter runs: the worker's ``main`` imported by its module name from the
#: package's root, never a file path (inside an egg, a zipped wheel or a zipapp the file does not
#: exist on disk and ``python path/worker_main.py`` fails). ``-I`` ignores PYTHONPATH, so the root
#: is put on ``sys.path`` explicitly; zipimport reads it when it is an archive.
WORKER_BOOTSTRAP = (
    "import sys; sys.path.insert(0, sys.argv.pop(1)); "
    "from citeseeker_scrapy.extraction.processes.worker_main import main; main(sys.argv)"
)


def package_root() -> str:
    """The ``sys.path`` entry the package was imported from: a directory, an egg or a zip."""
    root = os.path.abspath(worker_main.__file__)
    for _ in worker_main.__name__.split("."):
        root = os.path.dirname(root)
    return root


#: How long a new worker may take to start (import the parsers) before it counts as broken.
MAX_WORKER_START_SECONDS = 30.0
#: Reply size allowed beyond 4 bytes per text character (UTF-8) and the JSON header.
REPLY_SLACK_BYTES = 1024 * 1024
#: A worker whose resident memory is above this after a task is replaced (see
#: ``worker_main.resident_bytes``): it bounds what the parser workers add to a crawl's peak
#: when they read long manuals.
RETIRE_ABOVE_BYTES = 150 * 1024 * 1024

Header = dict[str, Any]


def spawn_worker(memory_bytes: int, workdir: Path,
                 *options: str) -> tuple[subprocess.Popen, int, int]:
    """A new parser process in its own session (so its whole group can be killed), and the
    ends of its two pipes: the one to write requests to, the one to read replies from. Who
    calls it: a worker of this pool, and the event loop's worker (``event_worker.py``);
    ``options`` are ``worker_main``'s further arguments."""
    child_in, to_child = os.pipe()
    from_child, child_out = os.pipe()
    try:
        process = subprocess.Popen(
            [sys.executable, "-I", "-B", "-c", WORKER_BOOTSTRAP, package_root(),
             str(memory_bytes), *options],
            stdin=child_in,
            stdout=child_out,
            stderr=subprocess.DEVNULL,
            cwd=workdir,
            env={"PATH": os.environ.get("PATH", ""), "TMPDIR": str(workdir)},
            start_new_session=True,
        )
    except OSError as e:
        os.close(to_child)
        os.close(from_child)
        raise ExtractionError(f"cannot start a parser process: {e}") from e
    finally:
        os.close(child_in)
        os.close(child_out)
    return process, to_child, from_child


class _Worker:
    """One parser process and its two pipes; used by one thread at a time."""

    def __init__(self, memory_bytes: int, workdir: Path) -> None:
        self._memory_bytes = memory_bytes
        self.process, to_child, from_child = spawn_worker(memory_bytes, workdir)
        self._outbox = Connection(to_child, readable=False)
        self._inbox = Connection(from_child, writable=False)

    def wait_ready(self) -> None:
        """Block until the worker has loaded its parsers."""
        message = self._receive(time.monotonic() + MAX_WORKER_START_SECONDS, 64, "starting")
        if message != worker_main.READY:
            raise ExtractionError("parser worker sent a bad greeting")

    def alive(self) -> bool:
        return self.process.poll() is None

    def call(
        self, request: Header, payload: bytes, timeout: float, max_reply: int
    ) -> tuple[Header, str]:
        """Send one task and wait for its reply at most ``timeout`` seconds."""
        task = str(request.get("task"))
        try:
            self._outbox.send_bytes(json.dumps(request).encode())
            self._outbox.send_bytes(payload)
        except OSError as e:
            raise ExtractionError(
                f"{task} parser process died before the task ({self._status()})"
            ) from e
        deadline = time.monotonic() + timeout
        header = _header(self._receive(deadline, max_reply, task, timeout))
        text = self._receive(deadline, max_reply, task, timeout).decode("utf-8", "replace")
        return header, text

    def _receive(self, deadline: float, max_bytes: int, task: str, timeout: float = 0.0) -> bytes:
        if not self._inbox.poll(max(deadline - time.monotonic(), 0)):
            raise LimitError(f"{task} timed out after {timeout or MAX_WORKER_START_SECONDS:g} s")
        try:
            return self._inbox.recv_bytes(max_bytes)
        except (EOFError, OSError) as e:
            limit = f"memory limit {self._memory_bytes // (1024 * 1024)} MiB"
            raise ExtractionError(f"{task} parser process died ({self._status()}; {limit})") from e

    def _status(self) -> str:
        try:
            return exit_status(self.process.wait(1.0))
        except subprocess.TimeoutExpired:
            return "still running"

    def terminate(self) -> None:
        """Kill the worker's process group; its pipes stay open for the thread using them."""
        if self.process.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.process.pid, signal.SIGKILL)

    def kill(self) -> None:
        """Kill the worker, reap it and release its pipes (idempotent; owner thread only)."""
        self.terminate()
        self.process.wait()
        self._outbox.close()
        self._inbox.close()


def _header(message: bytes) -> Header:
    """The reply header; a worker that sends anything else is treated as broken."""
    try:
        header = json.loads(message)
    except ValueError as e:
        raise ExtractionError("parser process sent a malformed reply") from e
    if not isinstance(header, dict):
        raise ExtractionError("parser process sent a malformed reply")
    return header


class WorkerPool:
    """Up to ``size`` parser processes, started on demand, shared by the calling threads.

    Called by :class:`~.extractor.DocumentExtractor` for PDF, RTF, HTML, text and office XML
    text; thread-safe. ``setup`` is a request every new worker gets before its first task
    (what its tasks need: the extraction limits).
    """

    def __init__(self, size: int, memory_bytes: int, workdir: Path,
                 retire_above_bytes: int = RETIRE_ABOVE_BYTES, *,
                 setup: Header | None = None) -> None:
        self._setup = setup
        self._size = max(1, size)
        self._memory_bytes = memory_bytes
        self._retire_above_bytes = retire_above_bytes
        self._workdir = workdir
        self._idle: list[_Worker] = []
        self._busy: set[_Worker] = set()
        self._starting = 0
        self._closed = False
        self._condition = threading.Condition()

    def run(
        self, request: Header, payload: bytes, timeout: float, max_chars: int
    ) -> tuple[Header, str]:
        """Run a task in a worker; LimitError on timeout/memory, ExtractionError on failure."""
        worker = self._acquire()
        request = {"retire_above_bytes": self._retire_above_bytes, **request}
        try:
            header, text = worker.call(request, payload, timeout, 4 * max_chars + REPLY_SLACK_BYTES)
        except ExtractionError as e:
            self._release(worker, broken=True)
            self._check_open(cause=e)
            raise
        except BaseException:
            self._release(worker, broken=True)
            raise
        self._release(worker, broken=bool(header.get("retire")))
        if not header.get("ok"):
            error = LimitError if header.get("limit") else ExtractionError
            raise error(str(header.get("error") or "parser failed"))
        return header, text

    def _acquire(self) -> _Worker:
        with self._condition:
            while True:
                self._check_open()
                while self._idle:
                    worker = self._idle.pop()
                    if worker.alive():
                        self._busy.add(worker)
                        return worker
                    worker.kill()
                if len(self._busy) + self._starting < self._size:
                    self._starting += 1
                    break
                self._condition.wait()
        return self._start()

    def _start(self) -> _Worker:
        worker: _Worker | None = None
        try:
            worker = _Worker(self._memory_bytes, self._workdir)
            worker.wait_ready()
            if self._setup is not None:
                self._set_up(worker)
        except BaseException:
            if worker is not None:
                worker.kill()
            with self._condition:
                self._starting -= 1
                self._condition.notify()
            raise
        with self._condition:
            self._starting -= 1
            self._busy.add(worker)
            if self._closed:
                self._busy.discard(worker)
                worker.kill()
                self._check_open()
        return worker

    def _set_up(self, worker: _Worker) -> None:
        header, _ = worker.call(self._setup, b"", MAX_WORKER_START_SECONDS, REPLY_SLACK_BYTES)
        if not header.get("ok"):
            raise ExtractionError(f"parser worker refused its setup: {header.get('error')}")

    def _release(self, worker: _Worker, broken: bool) -> None:
        with self._condition:
            self._busy.discard(worker)
            if broken or self._closed:
                worker.kill()
            else:
                self._idle.append(worker)
            self._condition.notify()

    def _check_open(self, cause: BaseException | None = None) -> None:
        """ExtractionError once closed (a task cut short by close() says so, not "died")."""
        if self._closed:
            raise ExtractionError("extractor is closed") from cause

    def close(self) -> None:
        """Kill every worker, busy ones included (their callers get an ExtractionError)."""
        with self._condition:
            self._closed = True
            idle, busy = list(self._idle), list(self._busy)
            self._idle.clear()
            self._condition.notify_all()
        for worker in idle:
            worker.kill()
        for worker in busy:
            worker.terminate()  # the thread using it sees EOF, then releases and reaps it

    def pids(self) -> list[int]:
        """Process ids of the current workers (for tests and diagnostics)."""
        with self._condition:
            return [worker.process.pid for worker in (*self._idle, *self._busy)]
