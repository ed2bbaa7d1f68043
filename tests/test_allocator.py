"""allocator.tune_allocator: freed big blocks leave the process (settings.py calls it)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

#: Eight threads each read 40 "documents" of 6 MB while keeping some 1 KB objects (parsed
#: results) alive, as Scrapy's thread pool does; prints the resident MiB at the end. A barrier
#: keeps the eight bodies alive at once, so that the threads overlap however loaded the machine.
WORKLOAD = """
import sys, threading
sys.path.insert(0, sys.argv[2])
if sys.argv[1] == "tuned":
    from citeseeker_scrapy.allocator import tune_allocator
    assert tune_allocator()
if sys.argv[1] == "settings":
    import citeseeker_scrapy.settings
if sys.argv[1] == "config":  # what settings.py imports, without its tuning
    import citeseeker_scrapy.config
kept, lock, together = [], threading.Lock(), threading.Barrier(8)
def read_documents():
    for n in range(40):
        body = bytes(6 * 2**20)
        results = [bytes(1000 + n) for _ in range(200)]
        with lock:
            kept.append(results)
        together.wait()
        del body
threads = [threading.Thread(target=read_documents) for _ in range(8)]
for thread in threads:
    thread.start()
for thread in threads:
    thread.join()
print(int(open("/proc/self/statm").read().split()[1]) * 4096 // 2**20)
"""


def resident_mib(mode: str) -> int:
    out = subprocess.run([sys.executable, "-c", WORKLOAD, mode, str(ROOT)], check=True,
                         capture_output=True, text=True).stdout
    return int(out)


def test_tuned_allocator_returns_freed_big_blocks() -> None:
    plain, tuned = resident_mib("plain"), resident_mib("tuned")
    assert tuned < plain - 20, (plain, tuned)


def test_project_settings_tune_the_allocator() -> None:
    assert resident_mib("settings") < resident_mib("config") - 20


#: Keeps 2,000 blocks of 100 KB (below glibc's mmap threshold: from the heap), frees all but
#: the last one (which keeps the heap's top where it is, so the free pages below cannot simply
#: be cut off), then prints the resident MiB before and after release_free_memory.
FREED_IN_THE_MIDDLE = """
import sys
sys.path.insert(0, sys.argv[1])
from citeseeker_scrapy.allocator import release_free_memory
blocks = [bytearray(100_000) for _ in range(2_000)]
last = blocks.pop()
del blocks
resident = lambda: int(open("/proc/self/statm").read().split()[1]) * 4096 // 2**20
before = resident()
assert release_free_memory()
print(before, resident())
"""


def test_released_free_memory_leaves_the_process() -> None:
    """What a parser worker does after a big task (worker_main.serve)."""
    out = subprocess.run([sys.executable, "-c", FREED_IN_THE_MIDDLE, str(ROOT)], check=True,
                         capture_output=True, text=True).stdout
    before, after = map(int, out.split())
    assert after < before - 100, (before, after)
