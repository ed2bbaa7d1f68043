"""One crawl per JOBDIR, and a resume with other inputs refused unless asked.

Real ``scrapy crawl`` processes against a real HTTP server on 127.0.0.1: a second crawl of a
running job directory exits with status 2 naming the directory and the running process; a
resume with other titles says what changed and exits 2; with
CITESEEKER_RESUME_CHANGED_INPUTS=True it runs and the job file records both.
"""

from __future__ import annotations

import json
import signal
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from tests.support import docgen
from tests.support.crawl import Crawl
from tests.support.servers import SiteServer, write_site
from tests.support.crawl import wait_for

TITLE = "Retrieving citations on the web"
OTHER = "A system for citations retrieval"


def site(root: Path, count: int = 200) -> None:
    """``count`` citing pages in a chain: 200 keep a crawl running while a second one starts."""
    pages = {f"{i}.html": f'<p>Fiala, D.: {TITLE}.</p><a href="{i + 1}.html">n</a>'
             for i in range(count)}
    pages["index.html"] = '<a href="0.html">start</a>'
    write_site(root, pages)


def crawl(tmp_path: Path, name: str, base: str, jobdir: Path, publications: str = TITLE,
          **settings: str) -> Crawl:
    return Crawl(tmp_path / name, ("-a", "authors=Fiala", "-a", f"publications={publications}",
                                   "-a", f"startpoints={base}/index.html"),
                 {"JOBDIR": str(jobdir), **settings})


def test_a_second_crawl_of_a_running_jobdir_is_refused_naming_the_process(tmp_path) -> None:
    site(tmp_path / "site")
    jobdir = tmp_path / "job"
    with SiteServer(tmp_path / "site", delay=0.3) as server:
        first = crawl(tmp_path, "first", server.base, jobdir).start()
        try:
            wait_for(lambda: len(server.requests) >= 2, timeout=60)
            second = crawl(tmp_path, "second", server.base, jobdir).run()
            assert first.poll() is None  # still running: the refusal was for the lock
        finally:
            first.send_signal(signal.SIGINT)
            first.wait(timeout=60)
    assert second.returncode == 2, second.output[-2000:]
    refusal = [line for line in second.output.splitlines() if "in use by another" in line]
    assert refusal and str(jobdir) in refusal[0] and f"process {first.pid} " in refusal[0]
    assert second.documents == []
    assert (jobdir / "frontier.sqlite").exists()  # the first crawl's state, untouched


def test_a_resume_with_other_titles_is_refused_unless_asked(tmp_path) -> None:
    site(tmp_path / "site", count=5)  # each crawl runs to its end
    jobdir = tmp_path / "job"
    with SiteServer(tmp_path / "site") as server:
        first = crawl(tmp_path, "first", server.base, jobdir).run()
        assert first.returncode == 0, first.output[-2000:]
        changed = crawl(tmp_path, "changed", server.base, jobdir, publications=OTHER).run()
        assert changed.returncode == 2, changed.output[-2000:]
        assert f"titles added: Fiala: {OTHER}" in changed.output
        assert f"titles dropped: Fiala: {TITLE}" in changed.output
        fuzzy = crawl(tmp_path, "fuzzy", server.base, jobdir,
                      CITESEEKER_FUZZY_LIMIT="0.9").run()
        assert fuzzy.returncode == 2 and "CITESEEKER_FUZZY_LIMIT: 0.75 -> 0.9" in fuzzy.output
        same = crawl(tmp_path, "same", server.base, jobdir).run()
        assert same.returncode == 0, same.output[-2000:]
        accepted = crawl(tmp_path, "accepted", server.base, jobdir, publications=OTHER,
                         CITESEEKER_RESUME_CHANGED_INPUTS="True").run()
    assert accepted.returncode == 0, accepted.output[-2000:]
    job = json.loads((jobdir / "citeseeker-job.json").read_text())
    assert job["publications"] == [TITLE, OTHER]
    [change] = job["input_changes"]
    assert change["publications_since"] == [OTHER]
    assert any("titles dropped" in line for line in change["changes"])
    assert "Inputs changed when resumed" in accepted.log("summary")
    # the change is now the job's inputs: the same command resumes without the setting
    again = crawl(tmp_path, "again", server.base, jobdir, publications=OTHER).run()
    assert again.returncode == 0, again.output[-2000:]


def citing_documents(count: int) -> dict[str, bytes | str]:
    """``count`` distinct papers citing TITLE, half PostScript (read by Ghostscript in the
    scratch directory), half PDF (read by the parser processes); the second half under
    ``late/``. The index links to all of them."""
    files: dict[str, bytes | str] = {}
    for i in range(count):
        folder = "late/" if i >= count // 2 else ""
        pages = docgen.paper_pages(f"topic number {i} of the refused-crawl test")
        name = f"{folder}paper{i}.{'ps' if i % 2 else 'pdf'}"
        files[name] = docgen.postscript(pages) if i % 2 else docgen.pdf(pages)
    files["index.html"] = docgen.page("Papers", "All of them.", list(files))
    return files


def test_ten_refused_crawls_during_a_running_one_lose_it_nothing(tmp_path) -> None:
    """The same command started ten times on a running job: each is refused with the lock's
    message, and the running crawl, whose parser processes are reading documents before and
    after the refusals, reports every one of its 40 citations (feed and success.log)."""
    count = 40
    root = write_site(tmp_path / "site", citing_documents(count))
    released = threading.Event()  # the late half is answered after the ten refusals
    hold = 180  # the refusals' start-ups may take minutes on a loaded machine

    def hold_late(path: str) -> None:
        if "/late/" in path:
            released.wait(hold)
        return None  # then served from the directory

    jobdir = tmp_path / "job"
    with SiteServer(root, pages=hold_late) as server:
        # the crawl waits for a held answer longer than the server holds it: a timeout would
        # drop documents for the machine's load, not for the lock
        running = crawl(tmp_path, "crawl", server.base, jobdir, DOWNLOAD_TIMEOUT=str(hold + 60))
        first = running.start()
        try:
            wait_for(lambda: sum("/late/" in p for p in server.requests) >= 1, timeout=120)
            # same feed, logs and JOBDIR; five at a time (each one's start-up is CPU-bound)
            with ThreadPoolExecutor(max_workers=5) as pool:
                refusals = list(pool.map(lambda _: running.run(), range(10)))
            assert first.poll() is None  # the refusals were for the lock
        finally:
            released.set()
        assert first.wait(timeout=300) == 0
    for refused in refusals:
        assert refused.returncode == 2, refused.output[-2000:]
        assert f"is in use by another crawl (process {first.pid} " in refused.output
    result = running.result(0)
    assert len(result.hits()) == count, running.workdir.joinpath("output.txt").read_text()[-3000:]
    lines = [line for line in result.log("success").splitlines() if line[:1].isdigit()]
    assert len(lines) == count
    assert "parser process" not in result.log("errors")
