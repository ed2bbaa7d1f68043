"""A full disk stops the crawl cleanly and the resume loses nothing (issue 24).

JOBDIR, the log files and the feed live on a real size-limited tmpfs (the tests run as root);
a filler file leaves only a little room, so the disk fills at a different moment of the crawl
each time (the job's first files, the frontier's checkpoints, success.log, the feed). Each
time: exit status 3, close reason ``citeseeker_storage_error``, one ERROR line; then the filler
is removed ("make room") and the same command resumes: every citation of an undisturbed crawl
is in the feed and in success.log exactly once.
"""

from __future__ import annotations

import contextlib
import subprocess
from collections import Counter
from pathlib import Path

import pytest

from tests.support.crawl import Crawl, CrawlResult
from tests.test_jobdir_e2e import SEARCH, success_lines, web

MOUNT_SIZE = "2m"


@contextlib.contextmanager
def small_disk(path: Path):
    """A 2 MiB tmpfs at ``path``, unmounted whatever happens."""
    path.mkdir(parents=True)
    subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={MOUNT_SIZE}", "tmpfs", str(path)],
                   check=True)
    try:
        yield path
    finally:
        subprocess.run(["umount", "-l", str(path)], check=True)


def fill(disk: Path, leave_bytes: int) -> Path:
    """A file that leaves about ``leave_bytes`` free on ``disk``."""
    filler = disk / "filler"
    stat = __import__("os").statvfs(disk)
    free = stat.f_bavail * stat.f_frsize
    with open(filler, "wb") as handle:
        handle.write(b"\0" * max(0, free - leave_bytes))
    return filler


def crawl_on(workdir: Path, bases: list[str]) -> Crawl:
    return Crawl(workdir, (*SEARCH, "-a", f"startpoints={bases[0]}/index.html"),
                 {"JOBDIR": str(workdir / "job"), "CITESEEKER_FLUSH_INTERVAL": "10",
                  "CONCURRENT_REQUESTS": "4"})


def feed_hits(result: CrawlResult) -> Counter:
    return Counter((item["url"], item["member"], item["publication"]) for item in result.items)


@pytest.mark.parametrize("leave_kib", [8, 40, 96])
def test_a_full_disk_stops_the_crawl_and_the_resume_loses_nothing(tmp_path, leave_kib) -> None:
    with web(tmp_path, delay=0.0) as servers:
        bases = [s.base for s in servers]
        reference = crawl_on(tmp_path / "reference", bases).run()
        assert reference.returncode == 0, reference.output[-2000:]
        with small_disk(tmp_path / "disk") as disk:
            crawl = crawl_on(disk / "work", bases)
            (disk / "work").mkdir()
            filler = fill(disk, leave_kib * 1024)
            full = crawl.run(feed_option="-o")
            (tmp_path / "full-disk-output.txt").write_text(full.output)  # kept for a reader
            assert full.returncode == 3, full.output[-3000:]
            errors = [line for line in full.output.splitlines() if " ERROR" in line]
            assert len(errors) == 1 and "storage failed writing" in errors[0], "\n".join(errors)
            assert "citeseeker_storage_error" in full.output
            filler.unlink()  # make room, run the same command again
            resumed = crawl.run(feed_option="-o")
            assert resumed.returncode == 0, resumed.output[-3000:]
            hits = feed_hits(resumed)
            lines = success_lines(resumed)
    expected = feed_hits(reference)
    assert expected and hits == expected  # every citation once, none lost or doubled
    wheres = Counter(line[0] for line in lines)
    assert sorted(wheres) == sorted(line[0] for line in success_lines(reference))
    assert set(wheres.values()) == {1}
