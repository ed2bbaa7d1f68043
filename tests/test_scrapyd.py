"""Scrapyd-deployed jobs with a real Scrapyd: deploy, schedule, results, cancel and resume.

Scrapyd 1.6 (from requirements-scrapyd.txt) runs in a temporary directory on a free 127.0.0.1
port; the project is deployed to it with ``scrapyd-deploy`` from a copy of the working tree, so
the jobs import the project only from the deployed egg (no PYTHONPATH, another directory).
The sites are generated and served on 127.0.0.1 by the test.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.parse
import urllib.request
import zipfile
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from citeseeker_scrapy.document.item import citation_rows
from tests.support import docgen
from tests.support.children import tied
from tests.support.packaging import BIN, clean_environment, copy_project
from tests.support.servers import SiteServer, write_site

PROJECT = "citeseeker_scrapy"
SPIDER = "citeseeker"
TITLE = "Retrieving citations on the web"
#: Scrapy settings every job gets (-d setting=...): quick, and with a small flush interval;
#: the document site serves one paper in three formats, and these tests count each format's
#: result, so every copy is reported (one result per paper: tests/test_report_papers_e2e.py).
JOB_SETTINGS = ("LOG_LEVEL=INFO", "CITESEEKER_FLUSH_INTERVAL=5", "CITESEEKER_PS_TIMEOUT=30",
                "CITESEEKER_DISTINCT_PAPERS=False")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@dataclass
class Scrapyd:
    """A running Scrapyd: its URL, its directory (logs/, items/, crawls/) and daemon log."""

    url: str
    directory: Path
    daemon_log: Path

    def call(self, endpoint: str, data: list[tuple[str, str]] | None = None) -> dict:
        body = urllib.parse.urlencode(data).encode() if data is not None else None
        with urllib.request.urlopen(f"{self.url}/{endpoint}", body, timeout=30) as response:
            answer = json.loads(response.read())
        assert answer.get("status") == "ok", answer
        return answer

    def fetch(self, path: str) -> str:
        with urllib.request.urlopen(self.url + path, timeout=30) as response:
            return response.read().decode("utf-8")

    def schedule(self, *arguments: tuple[str, str]) -> str:
        data = [("project", PROJECT), ("spider", SPIDER), *arguments]
        data += [("setting", setting) for setting in JOB_SETTINGS]
        return self.call("schedule.json", data)["jobid"]

    def job(self, job: str) -> dict | None:
        """The job's entry in listjobs.json with its state, or None when it is unknown."""
        jobs = self.call(f"listjobs.json?project={PROJECT}")
        for state in ("pending", "running", "finished"):
            for entry in jobs[state]:
                if entry["id"] == job:
                    return dict(entry, state=state)
        return None

    def wait_finished(self, *jobs: str, timeout: float = 150) -> dict[str, dict]:
        deadline = time.monotonic() + timeout
        while True:
            entries = {job: self.job(job) for job in jobs}
            if all(entry and entry["state"] == "finished" for entry in entries.values()):
                return entries
            assert time.monotonic() < deadline, f"jobs not finished: {entries}"
            time.sleep(0.3)

    def job_log(self, job: str) -> str:
        return self.fetch(self.job(job)["log_url"])

    def items(self, job: str) -> list[dict]:
        """The job's items file, one row per citation (a document item lists its citations)."""
        text = self.fetch(self.job(job)["items_url"])
        documents = [json.loads(line) for line in text.splitlines() if line.strip()]
        return [row for document in documents for row in citation_rows(document)]

    def files_dir(self, folder: str) -> Path:
        """Where a job's (a job id) or a named crawl's (``crawl-NAME``) CiteSeeker .log files are
        by default (docs/scrapyd.md)."""
        return self.directory / "logs" / PROJECT / f"{SPIDER}-files" / folder

    def daemon_says(self, pattern: str) -> bool:
        return re.search(pattern, self.daemon_log.read_text(encoding="utf-8")) is not None


@pytest.fixture(scope="module")
def scrapyd(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Scrapyd]:
    root = tmp_path_factory.mktemp("scrapyd")
    directory = root / "scrapyd"
    directory.mkdir()
    port = free_port()
    (directory / "scrapyd.conf").write_text(
        "[scrapyd]\nbind_address = 127.0.0.1\n"
        f"http_port = {port}\npoll_interval = 0.2\nmax_proc = 4\nitems_dir = items\n",
        encoding="utf-8")
    daemon_log = root / "daemon.log"
    environment = dict(clean_environment(), HOME=str(root))  # no ~/.scrapyd.conf of the user's
    with open(daemon_log, "w", encoding="utf-8") as output:
        process = subprocess.Popen([sys.executable, "-m", "scrapyd"], cwd=directory,
                                   env=environment, stdout=output, stderr=subprocess.STDOUT,
                                   start_new_session=True, **tied())
    server = Scrapyd(f"http://127.0.0.1:{port}", directory, daemon_log)
    try:
        _wait_until_up(server, process)
        _deploy(server, copy_project(root / "project"), port, environment)
        yield server
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGTERM)  # scrapyd and any job it still runs
        process.wait(timeout=30)


def _wait_until_up(server: Scrapyd, process: subprocess.Popen) -> None:
    deadline = time.monotonic() + 60
    while True:
        assert process.poll() is None, server.daemon_log.read_text()
        try:
            server.call("daemonstatus.json")
            return
        except OSError:
            assert time.monotonic() < deadline, server.daemon_log.read_text()
            time.sleep(0.2)


def _deploy(server: Scrapyd, project: Path, port: int, environment: dict[str, str]) -> None:
    """``scrapyd-deploy`` with the project's own scrapy.cfg target, pointed at this port."""
    config = project / "scrapy.cfg"
    config.write_text(config.read_text().replace("127.0.0.1:6800", f"127.0.0.1:{port}"))
    done = subprocess.run([str(BIN / "scrapyd-deploy"), "--version", "r1"], cwd=project,
                          env=environment, capture_output=True, text=True, timeout=180)
    assert done.returncode == 0, done.stdout + done.stderr
    answer = json.loads(done.stdout)
    assert (answer["status"], answer["project"], answer["spiders"]) == ("ok", PROJECT, 1)


# -- one batch of jobs run side by side: inline arguments, input files, bad input, defaults ------


def document_site() -> dict[str, bytes]:
    ps = docgen.postscript(docgen.paper_pages("scrapyd"))
    pdf = docgen.ghostscript_pdf(ps)
    files = {
        "a11.pdf": pdf,
        "a47.ps.gz": docgen.gzip_bytes(ps, name="a47.ps"),
        "g31.zip": docgen.zip_bytes({"g31.pdf": pdf}),
        "cites.html": docgen.html_page(f"Fiala, D.: {TITLE}. Found on a page."),
        "memo.doc": docgen.word97_doc(f"Memo\nFiala, D.: {TITLE}. Proc. 2003"),
        "plain.html": docgen.html_page("Nothing cited here."),
    }
    files["index.html"] = docgen.html_page("Papers", list(files))
    return files


#: (file name, archive member) of every document citing TITLE on the document site.
EXPECTED_DOCUMENTS = {("a11.pdf", ""), ("a47.ps.gz", "a47.ps"), ("g31.zip", "g31.pdf"),
                      ("cites.html", ""), ("memo.doc", "")}


@pytest.fixture(scope="module")
def batch(scrapyd: Scrapyd, tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, str]]:
    root = tmp_path_factory.mktemp("batch")
    inputs = write_site(root / "inputs", {"s.txt": f"author=Fiala\n{TITLE}\n"})
    with SiteServer(write_site(root / "site", document_site())) as site:
        start = site.url("/index.html")
        (inputs / "starts.txt").write_text(f"{start}\n", encoding="utf-8")
        jobs = {
            "inline": scrapyd.schedule(("authors", "Fiala"), ("publications", TITLE),
                                       ("startpoints", start)),
            "files": scrapyd.schedule(("authors", str(inputs / "s.txt")),
                                      ("startpoints", str(inputs / "starts.txt"))),
            "bad": scrapyd.schedule(("authors", str(root / "missing" / "searchstrings.txt")),
                                    ("startpoints", start)),
            "defaults": scrapyd.schedule(),
            # a named crawl keeps its JOBDIR under scrapyd's (relative) working directory:
            # Ghostscript and catdoc must still find their scratch files
            "named": scrapyd.schedule(("authors", "Fiala"), ("publications", TITLE),
                                      ("startpoints", start), ("crawl", "docs")),
        }
        scrapyd.wait_finished(*jobs.values())
        yield jobs


@pytest.mark.parametrize("name", ["inline", "files", "named"])
def test_job_finds_citations_in_pdf_gzipped_ps_zipped_pdf_and_doc(
        scrapyd: Scrapyd, batch: dict[str, str], name: str) -> None:
    job = batch[name]
    log = scrapyd.job_log(job)
    assert scrapyd.daemon_says(rf"Process finished: .*job='{job}'"), log[-3000:]
    items = scrapyd.items(job)
    found = {(item["url"].rsplit("/", 1)[1], item["member"]) for item in items}
    assert found == EXPECTED_DOCUMENTS, log[-3000:]
    assert {item["publication"] for item in items} == {TITLE}
    # the CiteSeeker log files are the job's own, and the job log says where they are
    files = scrapyd.files_dir("crawl-docs" if name == "named" else job)
    success = (files / "success.log").read_text(encoding="utf-8")
    assert "/a47.ps.gz/a47.ps\t" in success and "/g31.zip/g31.pdf\t" in success
    assert sum(line[:1].isdigit() for line in success.splitlines()) == len(EXPECTED_DOCUMENTS)
    assert "The search has been finished." in (files / "summary.log").read_text(encoding="utf-8")
    assert f"CiteSeeker log files (success, errors, summary...): {files.resolve()}" in log
    assert "The search has been finished. " in log and "Citations found: 5" in log
    # ... and scrapyd's web UI serves them beside the job's log
    served = scrapyd.fetch(f"/logs/{PROJECT}/{SPIDER}-files/{files.name}/success.log")
    assert served == success


def test_jobs_never_share_log_files(scrapyd: Scrapyd, batch: dict[str, str]) -> None:
    directories = {scrapyd.files_dir(job) for job in (batch["inline"], batch["files"])}
    assert len(directories) == 2 and all((d / "success.log").is_file() for d in directories)
    assert not (scrapyd.directory / "logs" / "success.log").exists()


def test_bad_input_is_in_the_jobs_log_and_the_job_failed(
        scrapyd: Scrapyd, batch: dict[str, str]) -> None:
    job = batch["bad"]
    log = scrapyd.job_log(job)
    assert re.search(r"ERROR: citeseeker: error: .*missing/searchstrings\.txt: cannot read", log), \
        log[-3000:]
    # Scrapyd 1.6 lists every ended job as "finished"; the exit status is in its daemon log.
    assert scrapyd.daemon_says(rf"Process died: exitstatus=2 project='{PROJECT}' "
                               rf"spider='{SPIDER}' job='{job}'")
    assert "Spider closed (citeseeker_bad_input)" in log


def test_job_without_arguments_reads_the_inputs_packaged_in_the_egg(
        scrapyd: Scrapyd, batch: dict[str, str]) -> None:
    """The packaged inputs are read (no input error); their startpoints.txt has no URL, so the
    job ends with exit status 2 and says so in its log, not "finished" with 0 documents."""
    job = batch["defaults"]
    log = scrapyd.job_log(job)
    assert scrapyd.daemon_says(rf"Process died: exitstatus=2 .*job='{job}'"), log[-3000:]
    errors = [line for line in log.splitlines() if "ERROR" in line]
    assert len(errors) == 1 and "citeseeker: error: no start point" in errors[0], errors
    egg_files = zipfile.ZipFile(next((scrapyd.directory / "eggs" / PROJECT).glob("*.egg")))
    assert "citeseeker_scrapy/inputs/searchstrings.txt" in egg_files.namelist()
    assert not any(name.startswith("tests/") for name in egg_files.namelist())


# -- cancel a named crawl, schedule it again: it resumes -----------------------------------------

PAGES = 60


def chain_site() -> dict[str, str]:
    """Pages 0..59, each linking the next two; every 5th cites TITLE (page 2, 7, 12...)."""
    files = {}
    for page in range(PAGES):
        links = "".join(f'<a href="{n}.html">next</a>' for n in (page + 1, page + 2) if n < PAGES)
        cite = f"<p>[{page}] Fiala, D.: {TITLE}. Proc. 2003.</p>" if page % 5 == 2 else ""
        files[f"{page}.html"] = f"<html><body><h1>Page {page}</h1>{cite}{links}</body></html>"
    return files


def named_crawl(name: str) -> tuple[tuple[str, str], ...]:
    """Arguments of a named crawl of TITLE, one request at a time."""
    return (("authors", "Fiala"), ("publications", TITLE), ("crawl", name),
            ("setting", "CONCURRENT_REQUESTS_PER_DOMAIN=1"))


def schedule_and_wait(scrapyd: Scrapyd, site: SiteServer, arguments: tuple[tuple[str, str], ...],
                      *, fetched: int) -> str:
    """Schedule a job; return its id once the site has served ``fetched`` requests."""
    job = scrapyd.schedule(*arguments)
    deadline = time.monotonic() + 90
    while len(site.requests) < fetched:
        assert time.monotonic() < deadline, scrapyd.job_log(job)[-3000:]
        time.sleep(0.05)
    return job


def test_cancelled_named_crawl_resumes_when_scheduled_again(
        scrapyd: Scrapyd, tmp_path: Path) -> None:
    arguments = named_crawl("weekly")
    with SiteServer(write_site(tmp_path / "site", chain_site()), delay=0.1) as site:
        start = ("startpoints", site.url("/0.html"))
        first = schedule_and_wait(scrapyd, site, (*arguments, start), fetched=15)
        assert scrapyd.call("cancel.json", [("project", PROJECT), ("job", first)])["prevstate"] \
            == "running"
        scrapyd.wait_finished(first)
        fetched_before = len(site.requests)
        assert fetched_before < PAGES, "the first job was not interrupted"
        second = scrapyd.schedule(*arguments, start)
        scrapyd.wait_finished(second)
        requests = Counter(path for path in site.requests if path != "/robots.txt")
    first_items, second_items = scrapyd.items(first), scrapyd.items(second)
    assert first_items and second_items, "both jobs should report part of the crawl"
    hits = [(item["url"].rsplit("/", 1)[1], item["publication"])
            for item in first_items + second_items]
    assert Counter(hits).most_common(1)[0][1] == 1, "a citation was reported twice"
    assert set(hits) == {(f"{page}.html", TITLE) for page in range(2, PAGES, 5)}
    assert set(requests) == {"/"} | {f"/{page}.html" for page in range(PAGES)}  # "/": the root
    assert max(requests.values()) == 1, "the resumed job fetched pages again"
    jobdir = scrapyd.directory / "crawls" / PROJECT / SPIDER / "weekly"
    assert (jobdir / "frontier.sqlite").is_file()
    second_log = scrapyd.job_log(second)
    assert f"JOBDIR={jobdir.resolve()}" in second_log
    assert "'citeseeker/resumed': 1" in second_log
    # both jobs logged to the crawl's own folder: numbers go on, nothing reported twice
    folder = scrapyd.files_dir("crawl-weekly")
    assert f"Log files: {folder.resolve()}" in second_log
    summary = (folder / "summary.log").read_text(encoding="utf-8")
    assert summary.index("The search has been suspended (shutdown).") \
        < summary.index("The search has been finished, after being resumed.")
    success = [line.split("\t") for line in (folder / "success.log").read_text().splitlines()
               if line[:1].isdigit()]
    assert [int(line[0]) for line in success] == list(range(1, len(hits) + 1))
    assert len({line[1] for line in success}) == len(hits)


def test_a_running_named_crawl_scheduled_again_is_refused(
        scrapyd: Scrapyd, tmp_path: Path) -> None:
    """One crawl per JOBDIR holds for named crawls too: the second job exits with
    status 2 at once, its log naming the directory and the running job's process."""
    arguments = named_crawl("busy")
    with SiteServer(write_site(tmp_path / "site", chain_site()), delay=1.0) as site:
        start = ("startpoints", site.url("/0.html"))
        first = schedule_and_wait(scrapyd, site, (*arguments, start), fetched=3)
        second = scrapyd.schedule(*arguments, start)
        scrapyd.wait_finished(second, timeout=90)
        running = scrapyd.job(first)
        scrapyd.call("cancel.json", [("project", PROJECT), ("job", first)])
        scrapyd.wait_finished(first)
    jobdir = (scrapyd.directory / "crawls" / PROJECT / SPIDER / "busy").resolve()
    log = scrapyd.job_log(second)
    assert running["state"] == "running", log[-3000:]
    assert re.search(rf"citeseeker: error: JOBDIR {re.escape(str(jobdir))} is in use by another "
                     rf"crawl \(process {running['pid']} on ", log), log[-3000:]
    assert scrapyd.daemon_says(rf"Process died: exitstatus=2 project='{PROJECT}' "
                               rf"spider='{SPIDER}' job='{second}'")
