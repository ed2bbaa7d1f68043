"""Run the real ``scrapy crawl citeseeker`` as a subprocess, as a user would."""

from __future__ import annotations

import ast
import json
import os
import re
import resource
import subprocess
import time
import sys
from dataclasses import dataclass
from pathlib import Path

from citeseeker_scrapy.document.item import citation_rows
from tests.support.attention import AttentionClock
from tests.support.children import tied

PROJECT_ROOT = Path(__file__).resolve().parents[2]
#: how often a crawl waited for reads its attention clock (a few /proc files per thread)
CLOCK_READINGS_APART = 0.25


@dataclass
class CrawlResult:
    """``documents``: the feed as written (one citing document a line); ``items``: one flat
    row per citation (url, member, server, header, author, publication, found, similarity)."""

    returncode: int
    output: str
    documents: list[dict]
    log_dir: Path

    @property
    def items(self) -> list[dict]:
        return [row for document in self.documents for row in citation_rows(document)]

    def log(self, name: str) -> str:
        return (self.log_dir / f"{name}.log").read_text(encoding="utf-8")

    def hits(self) -> set[tuple[str, str]]:
        return {(item["url"], item["publication"]) for item in self.items}

    def stats(self) -> dict:
        """The stats Scrapy dumps at the end of the crawl (the last dump, for resumed runs)."""
        dumps = re.findall(r"Dumping Scrapy stats:\n(\{.*?\})\n", self.output, re.S)
        assert dumps, self.output[-3000:]
        return ast.literal_eval(re.sub(r"datetime\.datetime\([^)]*\)", "None", dumps[-1]))


@dataclass
class Crawl:
    """A crawl command with its output places; ``run`` waits, ``start`` returns the process."""

    workdir: Path
    arguments: tuple[str, ...]
    settings: dict[str, str]
    #: where the command runs (relative paths in ``settings`` and ``arguments`` are from here)
    cwd: Path = PROJECT_ROOT
    #: the module run as Scrapy's command line (``python -m``): ``lowest_draws``'s, say
    module: str = "scrapy"

    @property
    def feed(self) -> Path:
        return self.workdir / "citations.jsonl"

    @property
    def log_dir(self) -> Path:
        return self.workdir / "logs"

    def command(self, feed_option: str = "-O") -> list[str]:
        command = [sys.executable, "-m", self.module, "crawl", "citeseeker", feed_option,
                   str(self.feed), "-s", f"CITESEEKER_LOG_DIR={self.log_dir}",
                   "-s", "LOG_LEVEL=INFO"]
        for name, value in self.settings.items():
            command += ["-s", f"{name}={value}"]
        return command + list(self.arguments)

    def start(self, feed_option: str = "-o") -> subprocess.Popen:
        self.workdir.mkdir(parents=True, exist_ok=True)
        output = open(self.workdir / "output.txt", "a", encoding="utf-8")
        return subprocess.Popen(self.command(feed_option), cwd=self.cwd,
                                env=_environment(self.cwd),
                                stdout=output, stderr=subprocess.STDOUT, text=True, **tied())

    def run(self, feed_option: str = "-O", timeout: float = 180) -> CrawlResult:
        """The crawl, waited for; ``subprocess.TimeoutExpired`` (the crawl killed) once it
        has taken ``timeout`` seconds in which no thread of it or of this test waited for a
        CPU (:class:`~tests.support.attention.AttentionClock`): a loaded machine slows a crawl
        down without ending it."""
        self.workdir.mkdir(parents=True, exist_ok=True)
        command = self.command(feed_option)
        with subprocess.Popen(command, cwd=self.cwd, env=_environment(self.cwd),
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                              **tied()) as process:
            clock = AttentionClock(process.pid)
            while True:
                try:
                    stdout, stderr = process.communicate(timeout=CLOCK_READINGS_APART)
                    break
                except subprocess.TimeoutExpired:
                    if clock.seconds() > timeout:
                        process.kill()
                        stdout, stderr = process.communicate()
                        raise subprocess.TimeoutExpired(command, timeout, stdout, stderr)
        return self.result(process.returncode, stdout + stderr)

    def result(self, returncode: int, output: str | None = None) -> CrawlResult:
        if output is None:
            output = (self.workdir / "output.txt").read_text(encoding="utf-8")
        documents = []
        if self.feed.exists():
            documents = [json.loads(line) for line in self.feed.read_text().splitlines()
                         if line.strip()]
        return CrawlResult(returncode, output, documents, self.log_dir)


def _environment(cwd: Path = PROJECT_ROOT) -> dict[str, str]:
    """The project on the path; outside the checkout (no scrapy.cfg above ``cwd``) its
    settings module named, as the README tells a user of a checkout to do."""
    environment = dict(os.environ, PYTHONPATH=str(PROJECT_ROOT))
    if cwd != PROJECT_ROOT:
        environment["SCRAPY_SETTINGS_MODULE"] = "citeseeker_scrapy.settings"
    return environment


def run_crawl(workdir: Path, *arguments: str, settings: dict[str, str] | None = None,
              timeout: float = 180) -> CrawlResult:
    """``scrapy crawl citeseeker`` from the project root; logs and feed go under ``workdir``."""
    return Crawl(workdir, arguments, dict(settings or {})).run(timeout=timeout)


def peak_child_rss_mb() -> float:
    """Largest resident set of any child process waited for so far (Linux: ru_maxrss in KiB)."""
    return resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024


def wait_for(condition, timeout: float = 60.0, step: float = 0.02) -> None:
    """Poll ``condition`` until it holds; a test fails after ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "timed out waiting"
        time.sleep(step)
