"""A closed output never hangs the crawl: ``citeseeker ... 2>&1 | head -3``.

Real ``scrapy crawl`` processes whose stdout and stderr are one pipe that the test closes after
three lines, as ``head -3`` does, against a real HTTP server on 127.0.0.1 serving PDFs (read
in the reactor's threads). The crawl finishes and exits by itself with the status of how it
went, its feed and logs whole; a crawl stopped with SIGTERM after its pipe closed still ends.
"""

from __future__ import annotations

import signal
import subprocess
from pathlib import Path

from tests.support import docgen
from tests.support.children import tied
from tests.support.crawl import Crawl, _environment, wait_for
from tests.support.servers import SiteServer, write_site

TITLE = "Retrieving citations on the web"
PAPERS = 4


def papers_site(root: Path) -> Path:
    files: dict[str, str | bytes] = {
        f"paper{i}.pdf": docgen.pdf(docgen.paper_pages(f"closed pipes, part {i}"))
        for i in range(PAPERS)}
    files["index.html"] = docgen.page("Papers", "All of them.", list(files))
    return write_site(root, files)


def start_behind_head(crawl: Crawl) -> subprocess.Popen:
    """The crawl with stdout and stderr on one pipe; three lines read, then the pipe closed."""
    crawl.workdir.mkdir(parents=True, exist_ok=True)
    process = subprocess.Popen(crawl.command(), cwd=crawl.cwd, env=_environment(crawl.cwd),
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, **tied())
    for _ in range(3):
        process.stdout.readline()
    process.stdout.close()
    return process


def crawl_of(tmp_path: Path, base: str) -> Crawl:
    return Crawl(tmp_path / "run", ("-a", "authors=Fiala", "-a", f"publications={TITLE}",
                                    "-a", f"startpoints={base}/index.html"), {})


def test_a_crawl_whose_output_pipe_closed_finishes_and_exits_with_its_status(tmp_path) -> None:
    with SiteServer(papers_site(tmp_path / "site")) as server:
        crawl = crawl_of(tmp_path, server.base)
        process = start_behind_head(crawl)
        try:
            returncode = process.wait(timeout=120)
        finally:
            process.kill()
    assert returncode == 0
    result = crawl.result(returncode, "")
    assert len(result.hits()) == PAPERS
    assert "The search has been finished" in result.log("summary")


def test_sigterm_ends_a_crawl_whose_output_pipe_closed(tmp_path) -> None:
    with SiteServer(papers_site(tmp_path / "site"), delay=1.0) as server:
        crawl = crawl_of(tmp_path, server.base)
        process = start_behind_head(crawl)
        try:
            wait_for(lambda: len(server.requests) >= 2, timeout=60)  # crawling, handlers set
            assert process.poll() is None  # still crawling the slow server
            process.send_signal(signal.SIGTERM)
            returncode = process.wait(timeout=90)
        finally:
            process.kill()
    assert returncode == 0  # a crawl stopped by hand: its state says so, not its status
    assert "The search has been suspended (shutdown)" in crawl.result(returncode, "").log("summary")
