"""PostScript to text: Ghostscript re-distills the file to PDF, a PDF engine reads the PDF.

Why not Ghostscript's own ``txtwrite`` device: it prints text line by line across the page, so
two-column papers come out with the columns interleaved and every reference that wraps a line
is split by the other column's text. Measured with ``bench/bench_extraction.py`` on the 7 real
PostScript papers of the shared corpus (53 pages), 40-character windows of the original PDFs'
text were found in 96% of cases through pdfwrite + PDFium against 58% through txtwrite, and
pdfwrite was faster (37 against 25 pages/s on one thread); on generated two-column papers
txtwrite lost all 120 planted citations, this route none. ``-dFILTERIMAGE -dFILTERVECTOR``
leave images and line art out of the intermediate PDF: the same text, 1.5x faster.

Ghostscript runs with ``-dSAFER`` in its own process group under ``prlimit`` (address space,
file size), reads the file from the job's scratch directory, writes the PDF to stdout, and is
killed with its group at the deadline.
"""

from __future__ import annotations

from pathlib import Path

from .procs import Finished, child_environment, resource_limited, run_bounded

GHOSTSCRIPT = "gs"
BASE_ARGS = ("-dSAFER", "-dBATCH", "-dNOPAUSE", "-q", "-sstdout=%stderr")
PDFWRITE_ARGS = ("-sDEVICE=pdfwrite", "-dFILTERIMAGE", "-dFILTERVECTOR", "-sOutputFile=-")
TXTWRITE_ARGS = ("-sDEVICE=txtwrite", "-sOutputFile=-")


def ghostscript_argv(source: Path, device_args: tuple[str, ...] = PDFWRITE_ARGS) -> list[str]:
    """Command line that converts ``source`` with the given output device (stdout)."""
    return [GHOSTSCRIPT, *BASE_ARGS, *device_args, str(source)]


def distill_to_pdf(
    ps_data: bytes,
    scratch: Path,
    *,
    timeout: float,
    max_output: int,
    memory_bytes: int,
    device_args: tuple[str, ...] = PDFWRITE_ARGS,
) -> Finished:
    """Run Ghostscript on ``ps_data``; its output is a PDF by default, complete up to the
    page where a PostScript error stopped it (then ``failure`` says which error).

    Raises LimitError when it runs out of time or output, ExtractionError when it cannot run.
    """
    source = scratch / "document.ps"
    source.write_bytes(ps_data)
    try:
        argv = resource_limited(
            ghostscript_argv(source, device_args), memory_bytes=memory_bytes, file_bytes=max_output
        )
        return run_bounded(
            argv,
            timeout=timeout,
            max_output=max_output,
            cwd=scratch,
            env=child_environment(scratch),
            what="ghostscript",
        )
    finally:
        source.unlink(missing_ok=True)
