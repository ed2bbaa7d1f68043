"""Long-lived Ghostscripts that distill PostScript files to PDF one after another.

Why long-lived: a Ghostscript spends tens of milliseconds of CPU initialising its PostScript
interpreter before it reads a byte of the file, and most PostScript on the web is small
(figures, one-page EPS files, MetaPost output), so a Ghostscript started per file spends most
of its CPU starting. A server started once distills each small file for a fraction of that.

How one file is isolated from the next (the driver, :data:`DRIVER`): Ghostscript runs with
``-dNOOUTERSAVE``, so the ``save`` the driver makes before each file is the outermost one and
its ``restore`` undoes everything the file did to local and global VM (definitions, fonts,
redefined operators); the file runs inside ``stopped``, so a PostScript error ends the file,
not the server (the pages before the error are kept, as when Ghostscript exits on it); the
output file is switched back and closed (the PDF finished) before the driver reports the file
done. What a ``restore`` does not undo is the pdfwrite device's own state: a file after which
Ghostscript reported an error on stderr (seen: a ``pdfmark`` pointing past the last page, which
every later PDF of that server repeated) retires the server, and so does a file whose
``restore`` failed, one above :data:`RETIRE_ABOVE_BYTES` of memory, and every server after
:data:`MAX_FILES` files. A warning does not: after a PostScript error in the middle of a page,
Ghostscript warns that the page it had begun was never drawn, and the next file's PDF is the
same as from a new server (compared object for object).

The page a file draws on (``csk_setpagedevice``, which the driver puts in place of
``setpagedevice`` and calls once for the default paper before each file): Ghostscript's PDF keeps
only the text some part of a page holds, so a word a typesetter set past the paper's right edge
(an overfull line: a title or an address TeX could not break) would be lost. Each page size a file
asks for is drawn :data:`PAGE_GROWTH` times as wide and as tall, with the origin where it was, and
an ``EndPage`` procedure crops every page back to the paper asked for (a ``/PAGE`` pdfmark, at
the page's end so that a file that draws nothing still makes no PDF): PDFium reads the text of
the whole page and reports the cropped size, so page 1's layout (``works/page_layout.py``) is
measured on the paper as printed. A file that sets its own ``EndPage`` keeps it, uncropped. What a
file sees of the page device (``currentpagedevice``) is the larger page: a file that centres its
drawing on the page puts it elsewhere on the page, its text the same.

Limits, as for a Ghostscript per file: ``-dSAFER`` with reading and writing allowed in the
server's own directory only (the file being distilled and its PDF, nothing else of the
crawl's), address space and file size through ``prlimit`` at the start, a CPU budget per file
(the soft ``RLIMIT_CPU`` moved to the CPU used so far plus the budget before each file:
SIGXCPU kills the server at the budget), and the wall-clock timeout (the server's process group
is killed). A server that died or was killed is replaced on the next file.

Who calls it: :func:`.postscript.distill_to_pdf`, with a server leased from
:class:`GhostscriptServers` (one per converter slot of the extractor, so never more
Ghostscripts than before).
"""

from __future__ import annotations

import contextlib
import math
import os
import resource
import secrets
import selectors
import shutil
import signal
import subprocess
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path

from citeseeker_scrapy.exceptions import ExtractionError, LimitError
from citeseeker_scrapy.extraction.processes.limits import (
    MAX_STDERR_BYTES,
    READ_BYTES,
    Finished,
    cause,
    child_environment,
    exit_status,
    kill_group,
    resource_limited,
)
from citeseeker_scrapy.extraction.processes.worker_main import resident_bytes

#: A server whose resident memory is above this after a file is replaced: a long PostScript
#: manual leaves a server about twice its size at start.
RETIRE_ABOVE_BYTES = 40 * 1024 * 1024
#: Files one server distills before it is replaced (bounds anything a restore leaves behind).
MAX_FILES = 200
#: Seconds a server may take to start and report itself ready.
START_TIMEOUT = 30.0
#: Seconds a server that closed its output is given to exit before it is killed.
EXIT_SECONDS = 2.0
#: Seconds the idle server may wait for the next file before it is stopped (its memory back).
IDLE_SECONDS = 2.0
#: Bytes of one line of the server's stdout kept while looking for the driver's markers (a
#: file may print without newlines; only the markers matter).
MAX_LINE_BYTES = 4096

#: The page a file is drawn on is this many times as wide and as tall as the paper it asks for
#: (see the module docstring): text set past the paper's right or top edge is kept.
PAGE_GROWTH = 2

#: The PostScript program a server runs first: ``csk_distill`` distills one file (see the module
#: docstring). ``NONCE`` is replaced by a random token per server, so that a file printing to
#: stdout cannot pass for the driver; the procedure is execute-only, so a file cannot read the
#: token out of it.
DRIVER = """
/csk_crop {
  3 -1 roll dup 2 ne {
    3 1 roll 0 0 4 2 roll 4 array astore [ /CropBox 3 -1 roll /PAGE pdfmark
  } { 3 1 roll pop pop } ifelse
} bind executeonly def
/csk_setpagedevice {
  dup /PageSize known {
    dup length 1 add dict copy dup /PageSize get dup 0 get exch 1 get
    1 index GROW mul 1 index GROW mul 2 array astore 4 -1 roll dup /PageSize 4 -1 roll put
    dup /EndPage known { 3 1 roll pop pop } {
      dup /EndPage [ 6 -2 roll /csk_crop cvx /exch load /pop load 2 /ne load ] cvx put
    } ifelse
  } if
  systemdict /setpagedevice get exec
} bind executeonly def
/setpagedevice { csk_setpagedevice } bind executeonly def
/csk_distill {
  /csk_in exch def /csk_out exch def
  save /csk_save exch def
  << /OutputFile csk_out >> setpagedevice
  << /PageSize currentpagedevice /PageSize get aload pop 2 array astore >> setpagedevice
  csk_in { run } stopped {
    $error /newerror get {
      (\\nNONCE-error Error: /) print $error /errorname get =only ( in ) print
      $error /command get ==only (\\n) print $error /newerror false put
    } { (\\nNONCE-error stop\\n) print } ifelse
  } if
  clear cleardictstack
  { csk_save restore } stopped { (\\nNONCE-dirty\\n) print } if
  vmstatus pop pop 0 ne { (\\nNONCE-dirty\\n) print } if
  { << /OutputFile csk_idle >> systemdict /setpagedevice get exec } stopped
    { (\\nNONCE-dirty\\n) print } if
  (\\nNONCE-done\\n) print flush
} bind executeonly def
(\\nNONCE-ready\\n) print flush
""".replace("GROW", str(PAGE_GROWTH))


def ps_string(text: str) -> str:
    """``text`` as a PostScript string literal."""
    return "(" + text.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)") + ")"


def cpu_seconds(pid: int) -> float:
    """CPU seconds (user + system) process ``pid`` has used."""
    with open(f"/proc/{pid}/stat", "rb") as stat:
        fields = stat.read().rsplit(b")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class GhostscriptServer:
    """One Ghostscript in its own directory inside ``workdir``; used by one thread at a time.

    ``argv`` is Ghostscript's command (``postscript.server_argv``) without the file
    permissions and the idle output, which the server adds for its own directory."""

    def __init__(self, argv: list[str], workdir: Path, *, memory_bytes: int,
                 max_output: int) -> None:
        self.directory = Path(tempfile.mkdtemp(prefix="gs-", dir=workdir))
        self.max_output = max_output
        self.files = 0
        self.retire = False
        self.last_used = time.monotonic()
        self._nonce = secrets.token_hex(8).encode()
        self._stdout = bytearray()
        self._stderr = bytearray()
        command = [*argv, f"-sOutputFile={self.directory / 'idle.pdf'}",
                   f"--permit-file-read={self.directory}/", f"--permit-file-write={self.directory}/"]
        try:
            self.process = subprocess.Popen(
                resource_limited(command, memory_bytes=memory_bytes, file_bytes=max_output),
                stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                cwd=self.directory, env=child_environment(self.directory),
                start_new_session=True)
        except OSError as e:
            shutil.rmtree(self.directory, ignore_errors=True)
            raise ExtractionError(f"cannot start ghostscript ({argv[0]}): {e}") from e
        try:
            self._send(DRIVER.replace("NONCE", self._nonce.decode())
                       + f"/csk_idle {ps_string(str(self.directory / 'idle.pdf'))} def\n")
            tags = self._until(b"ready", time.monotonic() + START_TIMEOUT)
        except LimitError:
            tags = None
        if tags is None:
            how, why = self._ended()
            self.close()
            raise ExtractionError(f"cannot start ghostscript ({how}): {why}")

    @property
    def alive(self) -> bool:
        return self.process.poll() is None and not self.retire

    def distill(self, ps_data: bytes, *, timeout: float, cpu_budget: int | None) -> Finished:
        """The PDF Ghostscript makes of ``ps_data`` (see :class:`.limits.Finished`); LimitError
        past ``timeout`` or the output limit. With ``cpu_budget``, the server is killed by
        SIGXCPU once the file used that many CPU seconds (``returncode`` says so)."""
        source, target = self.directory / "job.ps", self.directory / "job.pdf"
        source.write_bytes(ps_data)
        self.files += 1
        self._limit_cpu(cpu_budget)
        del self._stderr[:]
        try:
            self._send(f"{ps_string(str(target))} {ps_string(str(source))} csk_distill\n")
            tags = self._until(b"done", time.monotonic() + timeout)
        except LimitError:
            self.close()
            raise LimitError(f"ghostscript timed out after {timeout:g} s") from None
        finally:
            source.unlink(missing_ok=True)
        output = target.read_bytes() if target.exists() else b""
        target.unlink(missing_ok=True)
        self.last_used = time.monotonic()
        if tags is None:  # the server ended: quit, a limit, a crash
            return self._died(output)
        self._check_health(tags)
        errors = [tag[len(b"error "):].decode("utf-8", "replace") for tag in tags
                  if tag.startswith(b"error ")]
        if errors:
            return Finished(output, f"ghostscript failed: {errors[0]}", 1)
        return Finished(output, "")

    def _died(self, output: bytes) -> Finished:
        try:
            returncode = self.process.wait(EXIT_SECONDS)
        except subprocess.TimeoutExpired:  # it closed its stdout and went on: not a server
            kill_group(self.process)
            returncode = self.process.wait()
        self._drain_stderr()
        how, why = self._ended()
        self.close()
        if returncode == -signal.SIGXFSZ:  # the PDF reached the output limit
            raise LimitError(f"ghostscript output over {self.max_output} bytes")
        if returncode == 0:  # the file called quit: Ghostscript finished its PDF and left
            return Finished(output, "")
        return Finished(output, f"ghostscript failed ({how}): {why}", returncode)

    def _ended(self) -> tuple[str, str]:
        """How the server ended (an exit status, or "no answer") and what it said why."""
        returncode = self.process.poll()
        how = exit_status(returncode) if returncode is not None else "no answer"
        return how, cause(bytes(self._stderr))

    def _check_health(self, tags: list[bytes]) -> None:
        """Retire the server after a file that may have left state behind (module docstring)."""
        if (b"dirty" in tags or b"error" in self._stderr.lower() or self.files >= MAX_FILES
                or resident_bytes(self.process.pid) > RETIRE_ABOVE_BYTES):
            self.retire = True

    def _limit_cpu(self, budget: int | None) -> None:
        """Move the soft CPU limit to the CPU used so far plus ``budget`` (none: no limit)."""
        with contextlib.suppress(ProcessLookupError):  # ended: _until says why
            _, hard = resource.prlimit(self.process.pid, resource.RLIMIT_CPU)
            soft = hard
            if budget:
                soft = math.ceil(cpu_seconds(self.process.pid)) + budget
                soft = soft if hard == resource.RLIM_INFINITY else min(soft, hard)
            resource.prlimit(self.process.pid, resource.RLIMIT_CPU, (soft, hard))

    def _send(self, command: str) -> None:
        assert self.process.stdin is not None
        try:
            self.process.stdin.write(command.encode("utf-8"))
            self.process.stdin.flush()
        except (BrokenPipeError, OSError):
            pass  # it ended; _until sees the end of its output and says why

    def _until(self, marker: bytes, deadline: float) -> list[bytes] | None:
        """The driver's tags up to ``marker`` (None when the server ended first); stderr is
        drained meanwhile (its start kept). LimitError at ``deadline``."""
        tags: list[bytes] = []
        prefix = b"\n" + self._nonce + b"-"
        streams = {self.process.stdout.fileno(): self._stdout,  # type: ignore[union-attr]
                   self.process.stderr.fileno(): self._stderr}  # type: ignore[union-attr]
        with selectors.DefaultSelector() as selector:
            for fd in streams:
                selector.register(fd, selectors.EVENT_READ)
            while True:
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    raise LimitError("deadline")
                for key, _ in selector.select(remaining):
                    chunk = os.read(key.fd, READ_BYTES)
                    if not chunk:
                        return None
                    buffer = streams[key.fd]
                    buffer += chunk
                    if buffer is self._stderr:
                        del self._stderr[MAX_STDERR_BYTES:]
                        continue
                    while (start := buffer.find(prefix)) >= 0 and (
                            end := buffer.find(b"\n", start + len(prefix))) >= 0:
                        tag = bytes(buffer[start + len(prefix):end])
                        del buffer[:end]
                        if tag == marker:
                            self._drain_stderr()
                            return tags
                        tags.append(tag)
                    del buffer[:-MAX_LINE_BYTES]

    def _drain_stderr(self) -> None:
        """What Ghostscript wrote to stderr before its last marker (already in the pipe)."""
        fd = self.process.stderr.fileno()  # type: ignore[union-attr]
        with selectors.DefaultSelector() as selector:
            selector.register(fd, selectors.EVENT_READ)
            while selector.select(0) and (chunk := os.read(fd, READ_BYTES)):
                self._stderr += chunk
                del self._stderr[MAX_STDERR_BYTES:]

    def close(self) -> None:
        """Kill the server's process group and remove its directory."""
        kill_group(self.process)
        if self.process.stdin is not None:
            with contextlib.suppress(OSError):
                self.process.stdin.close()
        shutil.rmtree(self.directory, ignore_errors=True)


class GhostscriptServers:
    """The servers of one extractor: a file leases the idle server or starts one, and gives it
    back after. At most one server waits idle (a second one exists only while two files are
    distilled at once), and it is stopped after :data:`IDLE_SECONDS` unused: a Ghostscript
    waiting for PostScript that may never come would hold its memory through the PDF-heavy
    rest of a crawl."""

    def __init__(self, argv: list[str], workdir: Path, *, memory_bytes: int,
                 max_output: int) -> None:
        self._argv = argv
        self._workdir = workdir
        self._memory_bytes = memory_bytes
        self._max_output = max_output
        self._lock = threading.Lock()
        self._idle: GhostscriptServer | None = None
        self._leased: set[GhostscriptServer] = set()
        self._reaper: threading.Timer | None = None
        self.started = 0

    @contextlib.contextmanager
    def lease(self) -> Iterator[GhostscriptServer]:
        server = self._take()
        try:
            yield server
        finally:
            self._give_back(server)

    def _take(self) -> GhostscriptServer:
        with self._lock:
            server, self._idle = self._idle, None
            if server is not None and server.alive:
                self._leased.add(server)
                return server
        if server is not None:
            server.close()
        server = GhostscriptServer(self._argv, self._workdir, memory_bytes=self._memory_bytes,
                                   max_output=self._max_output)
        with self._lock:
            self.started += 1
            self._leased.add(server)
        return server

    def _give_back(self, server: GhostscriptServer) -> None:
        with self._lock:
            self._leased.discard(server)
            keep = server.alive and self._idle is None
            if keep:
                self._idle = server
                self._reap_later()
        if not keep:
            server.close()

    def _reap_later(self) -> None:
        """(Re)start the timer that stops the idle server; called with the lock held."""
        if self._reaper is not None:
            self._reaper.cancel()
        self._reaper = threading.Timer(IDLE_SECONDS, self._stop_idle)
        self._reaper.daemon = True
        self._reaper.start()

    def _stop_idle(self) -> None:
        with self._lock:
            server = self._idle
            if server is None or time.monotonic() - server.last_used < IDLE_SECONDS:
                return
            self._idle = None
        server.close()

    def pids(self) -> list[int]:
        """Process ids of the live servers (tests)."""
        with self._lock:
            servers = [*self._leased, *([self._idle] if self._idle else [])]
        return [s.process.pid for s in servers if s.process.poll() is None]

    def close(self) -> None:
        """Stop every server (a leased one is killed under its user, which then fails)."""
        with self._lock:
            if self._reaper is not None:
                self._reaper.cancel()
            servers = [*self._leased, *([self._idle] if self._idle else [])]
            self._idle = None
        for server in servers:
            server.close()
