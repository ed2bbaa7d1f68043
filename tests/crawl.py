"""Run the real ``scrapy crawl citeseeker`` as a subprocess, as a user would."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

PROJECT_ROOT = Path(__file__).resolve().parent.parent


@dataclass
class CrawlResult:
    returncode: int
    output: str
    items: list[dict]
    log_dir: Path

    def log(self, name: str) -> str:
        return (self.log_dir / f"{name}.log").read_text(encoding="utf-8")

    def hits(self) -> set[tuple[str, str]]:
        return {(item["url"], item["publication"]) for item in self.items}


def run_crawl(workdir: Path, *arguments: str, settings: dict[str, str] | None = None,
              timeout: float = 180) -> CrawlResult:
    """``scrapy crawl citeseeker`` from the project root; logs and feed go under ``workdir``."""
    workdir.mkdir(parents=True, exist_ok=True)
    feed = workdir / "citations.jsonl"
    log_dir = workdir / "logs"
    command = [sys.executable, "-m", "scrapy", "crawl", "citeseeker", "-O", str(feed),
               "-s", f"CITESEEKER_LOG_DIR={log_dir}", "-s", "LOG_LEVEL=INFO"]
    for name, value in (settings or {}).items():
        command += ["-s", f"{name}={value}"]
    command += list(arguments)
    env = dict(os.environ, PYTHONPATH=str(PROJECT_ROOT))
    done = subprocess.run(command, cwd=PROJECT_ROOT, env=env, capture_output=True, text=True,
                          timeout=timeout)
    items = []
    if feed.exists():
        items = [json.loads(line) for line in feed.read_text().splitlines() if line.strip()]
    return CrawlResult(done.returncode, done.stdout + done.stderr, items, log_dir)
