"""A full disk stops the crawl cleanly and the resume loses nothing.

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
import time
from collections import Counter
from pathlib import Path

import pytest

from tests.support import docgen
from tests.support.crawl import Crawl, CrawlResult
from tests.support.servers import SiteServer, write_site
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


def fill_now(disk: Path) -> Path:
    """Fill ``disk`` to the last byte while a crawl is writing to it."""
    filler = disk / "filler"
    with open(filler, "wb") as handle:
        try:
            while True:
                handle.write(b"\0" * 65536)
                handle.flush()
        except OSError:
            pass
    return filler


def storage_errors(result: CrawlResult) -> list[str]:
    return [line for line in result.output.splitlines() if " ERROR" in line]


def test_the_disk_filling_up_after_some_feed_items_stops_cleanly(tmp_path) -> None:
    """The feed (and the job's other files) cut in the middle of the crawl, after items were
    written: one ERROR line, exit 3; the resume on room cuts nothing off and doubles nothing."""
    with web(tmp_path, delay=0.05) as servers:
        bases = [s.base for s in servers]
        reference = crawl_on(tmp_path / "reference", bases).run()
        with small_disk(tmp_path / "disk") as disk:
            crawl = crawl_on(disk / "work", bases)
            (disk / "work").mkdir()
            process = crawl.start(feed_option="-o")
            deadline = time.monotonic() + 60
            while not (crawl.feed.exists() and crawl.feed.read_bytes().count(b"\n") >= 2):
                assert time.monotonic() < deadline and process.poll() is None
                time.sleep(0.02)
            filler = fill_now(disk)
            returncode = process.wait(timeout=120)
            output = (crawl.workdir / "output.txt").read_text(encoding="utf-8")
            assert returncode == 3, output[-3000:]
            errors = [line for line in output.splitlines() if " ERROR" in line]
            assert len(errors) == 1 and "storage failed writing" in errors[0], "\n".join(errors)
            written = crawl.feed.read_bytes().count(b"\n")  # the last line may be cut
            filler.unlink()
            resumed = crawl.run(feed_option="-o")
            assert resumed.returncode == 0, resumed.output[-3000:]
            hits, lines = feed_hits(resumed), success_lines(resumed)
    assert written >= 2
    assert hits == feed_hits(reference)
    assert sorted(line[0] for line in lines) == sorted(line[0] for line in
                                                       success_lines(reference))


def test_a_full_disk_under_the_recrawl_state_is_one_storage_error(tmp_path) -> None:
    """recrawl-state.jsonl (written for every document of a crawl with JOBDIR) on a full
    disk: the storage guard's one ERROR line and exit 3, not a traceback per document."""
    with web(tmp_path, delay=0.0) as servers:
        bases = [s.base for s in servers]
        with small_disk(tmp_path / "disk") as disk:
            crawl = crawl_on(tmp_path / "work", bases)
            jobdir = tmp_path / "work" / "job"
            jobdir.mkdir(parents=True)
            (jobdir / "recrawl-state.jsonl").symlink_to(disk / "state.jsonl")
            filler = fill(disk, 0)
            full = crawl.run(feed_option="-o")
            errors = storage_errors(full)
            filler.unlink()
            resumed = crawl.run(feed_option="-o")
        reference = crawl_on(tmp_path / "reference", bases).run()
    assert full.returncode == 3, full.output[-3000:]
    assert len(errors) == 1 and "re-crawl state" in errors[0], "\n".join(errors)
    assert "Traceback" not in full.output
    assert resumed.returncode == 0, resumed.output[-3000:]
    assert feed_hits(resumed) == feed_hits(reference)


def test_ghostscript_without_scratch_room_is_a_storage_error(tmp_path) -> None:
    """Ghostscript fails because the scratch directory (CITESEEKER_TEMP_DIR) is full: the
    disk's failure (exit 3, one ERROR line), not an extraction error of the document."""
    paper = docgen.postscript(docgen.paper_pages("scratch"))
    site_dir = write_site(tmp_path / "site", {"a47.ps": paper,
                                              "index.html": docgen.html_page("P", ["a47.ps"])})
    with SiteServer(site_dir) as site, small_disk(tmp_path / "scratch") as scratch:
        filler = fill(scratch, len(paper) + 4096)  # the document fits, Ghostscript's files do not
        crawl = Crawl(tmp_path / "work", (*SEARCH, "-a", f"startpoints={site.url('/index.html')}"),
                      {"CITESEEKER_TEMP_DIR": str(scratch / "tmp")})
        full = crawl.run()
        filler.unlink()
        again = crawl.run()
    errors = storage_errors(full)
    assert full.returncode == 3, full.output[-3000:] + full.log("errors")
    assert len(errors) == 1 and "scratch directory" in errors[0], "\n".join(errors)
    assert "ghostscript" not in full.log("errors")
    assert again.returncode == 0 and {item["url"] for item in again.items} == {site.url("/a47.ps")}
