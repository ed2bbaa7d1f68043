"""glibc's allocator tuned for a crawler that reads big documents in many threads.

Why: Scrapy's thread pool (10 threads) reads PDFs, archives and PostScript of several MB; by
default glibc gives each thread its own heap arena (up to 8 per core) and, after the first big
block is freed, raises its mmap threshold up to 32 MiB, so the next big bodies and texts come
from those arenas and their freed pages stay resident. With two arenas and a fixed 1 MiB mmap
threshold, big blocks go back to the system when freed, which lowers the crawler's peak RSS
for the same CPU time (``bench/bench_realdocs.py`` measures it).

Called once from the project's ``settings.py``, before Scrapy starts its threads (arenas are
made per thread as threads first allocate). Does nothing where there is no glibc ``mallopt``.

:func:`release_free_memory` is for the parser workers (one thread, one document at a time):
after a big PDF, PDFium's and Python's freed blocks stay in the heap; handing the free pages back
after such a task keeps a worker small between big manuals, for the same CPU.
"""

from __future__ import annotations

import ctypes

#: ``mallopt`` parameters, from glibc's <malloc.h>.
M_MMAP_THRESHOLD = -3
M_ARENA_MAX = -8
ARENAS = 2
MMAP_THRESHOLD_BYTES = 1024 * 1024


def tune_allocator(arenas: int = ARENAS, mmap_threshold: int = MMAP_THRESHOLD_BYTES) -> bool:
    """Apply both settings; True when the C library took them."""
    try:
        mallopt = ctypes.CDLL(None).mallopt
    except (OSError, AttributeError):
        return False
    mallopt.argtypes = (ctypes.c_int, ctypes.c_int)
    mallopt.restype = ctypes.c_int
    return bool(mallopt(M_ARENA_MAX, arenas)) and bool(mallopt(M_MMAP_THRESHOLD, mmap_threshold))


def release_free_memory() -> bool:
    """Give every whole free page of the heap back to the system (glibc ``malloc_trim``); True
    when some was. Who calls it: ``worker_main.serve``, after a task that grew the worker."""
    try:
        malloc_trim = ctypes.CDLL(None).malloc_trim
    except (OSError, AttributeError):
        return False
    malloc_trim.argtypes = (ctypes.c_size_t,)
    malloc_trim.restype = ctypes.c_int
    return bool(malloc_trim(0))
