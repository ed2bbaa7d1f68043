"""Run an external converter (Ghostscript, catdoc) so that it cannot hang or flood the crawler.

Why a process group: Ghostscript may be started through ``prlimit`` and could start helpers;
killing the whole group at the deadline leaves nothing running. Why read with a selector:
stdout is capped while it is produced (a looping PostScript program can print forever) and
stderr is drained at the same time, so neither pipe can fill up and block the child.
"""

from __future__ import annotations

import contextlib
import io
import os
import selectors
import shutil
import signal
import subprocess
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from citeseeker_scrapy.exceptions import ExtractionError, LimitError

#: How much of a failing program's stderr is kept (its start: the first error is the cause).
MAX_STDERR_BYTES = 16 * 1024
READ_BYTES = 64 * 1024


@dataclass(frozen=True)
class Finished:
    """Output of a converter that ended by itself; ``failure`` is "" when it exited with 0.

    Why not raise on a failure: Ghostscript stops at the first PostScript error but has then
    already written the pages before it, and catdoc prints what it read before giving up;
    that text can hold the citation, so callers keep it and report the failure too.
    """

    output: bytes
    failure: str
    #: The exit status (negative: killed by that signal), for callers that name their limits.
    returncode: int = 0


def run_bounded(
    argv: Sequence[str],
    *,
    timeout: float,
    max_output: int,
    cwd: Path,
    env: Mapping[str, str],
    what: str,
) -> Finished:
    """Run ``argv`` to its end; LimitError past the deadline or the output size,
    ExtractionError when it cannot be started."""
    try:
        process = subprocess.Popen(
            list(argv),
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            cwd=cwd,
            env=dict(env),
            start_new_session=True,
        )
    except OSError as e:
        raise ExtractionError(f"cannot run {argv[0]}: {e}") from e
    try:
        output, errors = _collect(process, timeout, max_output, what)
    finally:
        kill_group(process)
    if process.returncode == 0:
        return Finished(output, "")
    return Finished(output, f"{what} failed ({exit_status(process.returncode)}): {cause(errors)}",
                    process.returncode)


def _collect(
    process: subprocess.Popen[bytes], timeout: float, max_output: int, what: str
) -> tuple[bytes, bytes]:
    """Read stdout (capped) and stderr (start kept) until both close or the deadline passes.

    stdout goes into a ``BytesIO``, whose ``getvalue`` hands its buffer over without a copy
    (copied out of a bytearray, a distilled PDF of tens of MB would be held twice at the end).
    """
    deadline = time.monotonic() + timeout
    output, errors = io.BytesIO(), bytearray()
    with selectors.DefaultSelector() as selector:
        for stream, keep in ((process.stdout, output.write), (process.stderr, errors.extend)):
            selector.register(stream, selectors.EVENT_READ, keep)  # type: ignore[arg-type]
        while selector.get_map():
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise LimitError(f"{what} timed out after {timeout:g} s")
            for key, _ in selector.select(remaining):
                chunk = os.read(key.fd, READ_BYTES)
                if not chunk:
                    selector.unregister(key.fileobj)
                    continue
                key.data(chunk)
            if output.tell() > max_output:
                raise LimitError(f"{what} output over {max_output} bytes")
            del errors[MAX_STDERR_BYTES:]
    try:
        process.wait(max(deadline - time.monotonic(), 0.1))
    except subprocess.TimeoutExpired as e:
        raise LimitError(f"{what} timed out after {timeout:g} s") from e
    return output.getvalue(), bytes(errors)


def kill_group(process: subprocess.Popen[bytes]) -> None:
    """Kill the process's whole group unless it has exited, reap it, close its pipes."""
    if process.poll() is None:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
        process.wait()
    for stream in (process.stdout, process.stderr):
        if stream is not None:
            stream.close()


def exit_status(returncode: int) -> str:
    """The way a process ended, for messages: "exit 1" or "signal SIGSEGV"."""
    if returncode >= 0:
        return f"exit {returncode}"
    try:
        return f"signal {signal.Signals(-returncode).name}"
    except ValueError:
        return f"signal {-returncode}"


def cause(errors: bytes) -> str:
    """The line of stderr that names the error (Ghostscript: "Error: /undefined in foo")."""
    lines = [line.strip() for line in errors.decode("utf-8", "replace").splitlines()]
    lines = [line for line in lines if line]
    named = [line for line in lines if "error" in line.lower()]
    return (named or lines or ["no message"])[0]


def resource_limited(argv: Sequence[str], *, memory_bytes: int, file_bytes: int) -> list[str]:
    """``argv`` run under ``prlimit`` (address space, file size, no core dumps) when available.
    A Ghostscript server's CPU budget is set per file on the running process instead
    (``ghostscript.GhostscriptServer``).

    Why prlimit rather than ``preexec_fn``: ``preexec_fn`` is unsafe in a threaded parent
    (extraction runs in Scrapy's thread pool); prlimit sets the limits in the child itself.
    """
    prlimit = shutil.which("prlimit")
    if prlimit is None:
        return list(argv)
    return [prlimit, f"--as={memory_bytes}", f"--fsize={file_bytes}", "--core=0", "--", *argv]


def child_environment(scratch: Path) -> dict[str, str]:
    """Environment for converters: temporary files go to ``scratch`` and nowhere else."""
    keep = ("PATH", "LANG", "LC_ALL", "LC_CTYPE")
    env = {key: os.environ[key] for key in keep if key in os.environ}
    env.update(
        {"TMPDIR": str(scratch), "TMP": str(scratch), "TEMP": str(scratch), "HOME": str(scratch)}
    )
    return env
