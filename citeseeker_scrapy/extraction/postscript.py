"""PostScript to text: Ghostscript re-distills the file to PDF, a PDF engine reads the PDF.

Why not Ghostscript's own ``txtwrite`` device: it prints text line by line across the page, so
two-column papers come out with the columns interleaved and every reference that wraps a line
is split by the other column's text; pdfwrite + PDFium keeps each column whole and is no
slower (``bench/bench_extraction.py`` compares the two routes). ``-dFILTERIMAGE
-dFILTERVECTOR`` leave images and line art out of the intermediate PDF: the same text, less
work. Each page is drawn larger than the paper and cropped back to it
(``processes/ghostscript.py``), so a word set past the paper's edge is read as printed.

Ghostscript runs as a long-lived server (``processes/ghostscript.py``: its start-up costs more
than most files), with ``-dSAFER`` and only its own directory readable and writable, under
``prlimit`` (address space, file size, CPU seconds per file); at the deadline it is killed with
its process group and replaced.

Why a CPU budget per declared page (:func:`cpu_budget`): some programs are very slow to
interpret for the text they hold: a one-page EPS plot of a dense data set (as Debian's
texlive-pictures-doc ships) can cost Ghostscript as much CPU as a 260-page manual, on any
output device, for no text at all, while real papers distill at dozens of pages a second. The file's
DSC header says how many pages it has (an EPS file is one page by definition); Ghostscript gets
a CPU budget in proportion, counted in CPU seconds so that a loaded machine does not cut a file
short.
"""

from __future__ import annotations

import math
import re
import signal

from citeseeker_scrapy.extraction.processes.ghostscript import GhostscriptServer
from citeseeker_scrapy.extraction.processes.limits import Finished

GHOSTSCRIPT = "gs"
#: Every Ghostscript: no file access outside what it is given, no pause between pages.
SAFE_ARGS = ("-dSAFER", "-dNOPAUSE", "-q")
#: The device of our route; images and line art left out of the intermediate PDF.
PDFWRITE_ARGS = ("-sDEVICE=pdfwrite", "-dFILTERIMAGE", "-dFILTERVECTOR")
#: Ghostscript's own text device (bench_extraction.py compares it with our route).
TXTWRITE_ARGS = ("-sDEVICE=txtwrite", "-sOutputFile=-")
#: A file's CPU budget is for at least this many pages: an EPS that declares ``%%Pages: 0`` (many
#: do) is a one-page figure, not a file without a limit. One page, not two: one page's budget
#: is already many times what a real one-page file needs, and a second page would only feed
#: plots that give no text (docs/how-it-works.md, "Ghostscript gets a CPU budget per declared
#: page").
MIN_BUDGET_PAGES = 1
#: Bytes at the start (header comments) and at the end (trailer) searched for ``%%Pages:``.
DSC_BYTES = 16 * 1024
_PAGES = re.compile(rb"^%%Pages:[ \t]*(\d+|\(atend\))", re.MULTILINE)
_EPSF = re.compile(rb"%!PS-Adobe-\d\.\d+ EPSF-")


def server_argv() -> list[str]:
    """Command line of a distilling server: it runs the files its driver is given, each under
    the outermost save (``-dNOOUTERSAVE``, see ``processes/ghostscript.py``)."""
    return [GHOSTSCRIPT, *SAFE_ARGS, "-dNOOUTERSAVE", *PDFWRITE_ARGS]


def declared_pages(ps_data: bytes) -> int | None:
    """Pages the file's DSC comments declare: ``%%Pages: N`` in its header, or in its trailer
    after ``%%Pages: (atend)``; 1 for an EPS file that says nothing; None when unknown.

    Only the header comments count (up to ``%%EndComments`` or the first line that is no
    comment): an EPS figure embedded further on declares its own single page."""
    header = _PAGES.search(_header_comments(ps_data))
    if header and header.group(1) != b"(atend)":
        return int(header.group(1))
    if header:
        trailer = [m for m in _PAGES.finditer(ps_data[-DSC_BYTES:]) if m.group(1) != b"(atend)"]
        if trailer:
            return int(trailer[-1].group(1))
    return 1 if _EPSF.match(ps_data) else None


def _header_comments(ps_data: bytes) -> bytes:
    """The DSC header: the first lines while they are comments, ``%%EndComments`` excluded."""
    head = ps_data[:DSC_BYTES]
    end = 0
    for line in head.splitlines(keepends=True):
        if not line.startswith(b"%") or line.startswith(b"%%EndComments"):
            break
        end += len(line)
    return head[:end]


def cpu_budget(ps_data: bytes, seconds_per_page: float, timeout: float) -> int | None:
    """Whole CPU seconds Ghostscript may use on ``ps_data`` (RLIMIT_CPU counts whole seconds);
    None when the file declares no page count or the wall-clock ``timeout`` is the tighter
    limit anyway (a single-threaded program uses at most one CPU second per second)."""
    pages = declared_pages(ps_data)
    if pages is None:
        return None
    budget = math.ceil(seconds_per_page * max(pages, MIN_BUDGET_PAGES))
    return budget if budget < timeout else None


def distill_to_pdf(
    ps_data: bytes,
    server: GhostscriptServer,
    *,
    timeout: float,
    cpu_seconds_per_page: float | None = None,
) -> Finished:
    """The PDF ``server`` makes of ``ps_data``, complete up to the page where a PostScript
    error stopped it (then ``failure`` says which error). With ``cpu_seconds_per_page``, a file
    that declares its pages is stopped at its :func:`cpu_budget` (then ``failure`` says so).

    Raises LimitError when it runs out of time or output, ExtractionError when it cannot run.
    """
    budget = cpu_budget(ps_data, cpu_seconds_per_page, timeout) if cpu_seconds_per_page else None
    finished = server.distill(ps_data, timeout=timeout, cpu_budget=budget)
    if budget and finished.returncode in (-signal.SIGXCPU, -signal.SIGKILL):
        pages = declared_pages(ps_data)
        return Finished(finished.output, f"ghostscript stopped at its CPU budget of {budget} s "
                        f"({pages} page{'s' * (pages != 1)} declared)", finished.returncode)
    return finished
