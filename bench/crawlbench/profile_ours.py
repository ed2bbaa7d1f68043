"""Run a Scrapy command under cProfile in *every* thread (cProfile alone sees only the main one).

    python bench/crawlbench/profile_ours.py OUT crawl citeseeker -a ... -s ...

The citeseeker spider reads each document in a Twisted pool thread (``deferToThread``), so the
HTML parsing, citation search and link admission would be invisible to ``python -m cProfile``.
Writes ``OUT.main`` and ``OUT.thread<i>`` (pstats files, one per finished thread, named in
``OUT.threads``). The timer is ``time.thread_time``: each thread's CPU time, so a thread waiting
for the GIL or for work is not charged for the wait.
"""

import cProfile
import sys
import threading
import time

profiles: list[tuple[str, cProfile.Profile]] = []
lock = threading.Lock()
original_run = threading.Thread.run


def profiled_run(self) -> None:
    profile = cProfile.Profile(time.thread_time)
    profile.enable()
    try:
        original_run(self)
    finally:
        profile.disable()
        with lock:
            profiles.append((self.name, profile))


def main() -> None:
    out = sys.argv[1]
    sys.argv = ["scrapy", *sys.argv[2:]]
    threading.Thread.run = profiled_run
    from scrapy.cmdline import execute

    profile = cProfile.Profile(time.thread_time)
    profile.enable()
    try:
        execute()
    except SystemExit:
        pass
    finally:
        profile.disable()
        profile.dump_stats(out + ".main")
        with lock, open(out + ".threads", "w", encoding="utf-8") as names:
            for i, (name, thread_profile) in enumerate(profiles):
                thread_profile.dump_stats(f"{out}.thread{i}")
                names.write(f"{i}\t{name}\n")


if __name__ == "__main__":
    main()
