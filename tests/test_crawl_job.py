"""The crawl's job on its crawler: started once by the crawl-job extension, first of the
components, with the JOBDIR lock; found by every other component without building anything."""

from __future__ import annotations

import ast
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from scrapy import Spider
from scrapy.utils.test import get_crawler

from citeseeker_scrapy.addon import CiteSeeker
from citeseeker_scrapy.job.crawl_job import crawl_job
from citeseeker_scrapy.job.start import (refuse_to_start, start_crawl_job,
                                         start_crawl_job_unless_started)
from citeseeker_scrapy.pipelines.archives import UnpackArchivesPipeline
from citeseeker_scrapy.pipelines.citations import MatchCitationsPipeline
from citeseeker_scrapy.pipelines.text import ExtractTextPipeline
from citeseeker_scrapy.job.lock import LOCK_FILE
from citeseeker_scrapy.signals import crawl_refused
from citeseeker_scrapy.extensions.crawl_job import CrawlJobExtension
from tests.support.components import JOB_SETTINGS
from tests.support.crawl import PROJECT_ROOT, _environment


def test_the_add_on_starts_the_job_first_of_the_extensions_with_the_lock(tmp_path: Path) -> None:
    jobdir = tmp_path / "job"
    crawler = get_crawler(Spider, settings_dict={
        "ADDONS": {CiteSeeker: 0}, "JOBDIR": str(jobdir), "CITESEEKER_LOG_DIR": str(tmp_path),
        **JOB_SETTINGS})
    job = crawl_job(crawler)
    try:
        first = crawler.extensions.middlewares[0]
        assert isinstance(first, CrawlJobExtension) and first.job is job
        assert job.error is None and job.lock is not None and (jobdir / LOCK_FILE).is_file()
    finally:
        job.close()


def test_finding_the_job_builds_nothing() -> None:
    crawler = get_crawler(Spider, settings_dict=JOB_SETTINGS)
    with pytest.raises(RuntimeError, match="has no CiteSeeker job: enable the add-on"):
        crawl_job(crawler)
    with pytest.raises(RuntimeError):  # still none: the failed look-up made no job
        crawl_job(crawler)


def test_a_job_starts_once_per_crawler() -> None:
    crawler = get_crawler(Spider, settings_dict=JOB_SETTINGS)
    job = start_crawl_job(crawler)
    try:
        assert crawl_job(crawler) is job
        with pytest.raises(RuntimeError, match="already started"):
            start_crawl_job(crawler)
        assert crawl_job(crawler) is job
    finally:
        job.close()


def test_without_the_add_on_the_first_document_pipeline_starts_the_job_once(
        tmp_path: Path) -> None:
    jobdir = tmp_path / "job"
    crawler = get_crawler(Spider, settings_dict={"JOBDIR": str(jobdir), **JOB_SETTINGS})
    UnpackArchivesPipeline.from_crawler(crawler)
    job = crawl_job(crawler)  # found: the first pipeline started it, with the lock
    try:
        assert job.error is None and (jobdir / LOCK_FILE).is_file()
        text = ExtractTextPipeline.from_crawler(crawler)
        MatchCitationsPipeline.from_crawler(crawler)
        assert text.job is job and crawl_job(crawler) is job
    finally:
        job.close()


def test_with_the_add_on_the_document_pipelines_get_the_extensions_job(tmp_path: Path) -> None:
    crawler = get_crawler(Spider, settings_dict={
        "ADDONS": {CiteSeeker: 0}, "CITESEEKER_LOG_DIR": str(tmp_path), **JOB_SETTINGS})
    job = crawl_job(crawler)
    try:
        assert start_crawl_job_unless_started(crawler) is job
        assert ExtractTextPipeline.from_crawler(crawler).job is job
    finally:
        job.close()


def test_a_refusal_is_announced_at_once_for_the_crawl_command() -> None:
    crawler = get_crawler(Spider)
    heard: list[str] = []

    def hear(message: str) -> None:
        heard.append(message)

    crawler.signals.connect(hear, signal=crawl_refused)
    refuse_to_start(crawler, "no start point")
    assert heard == ["no start point"]


def test_http_and_https_share_one_browser_handler_per_crawl() -> None:
    """Scrapy builds a download handler per scheme; the browser's is built once per crawl and
    kept in its job, so one crawl launches one browser. In a fresh interpreter: the handler
    needs Scrapy's asyncio reactor installed."""
    script = textwrap.dedent("""
        from scrapy.utils.reactor import install_reactor
        install_reactor("twisted.internet.asyncioreactor.AsyncioSelectorReactor")
        from citeseeker_scrapy.middlewares.browser_handler import SharedPlaywrightHandler
        from tests.support.components import job_crawler
        with job_crawler() as one, job_crawler() as two:
            http, https = (SharedPlaywrightHandler.from_crawler(one) for _ in "sd")
            other = SharedPlaywrightHandler.from_crawler(two)
            print(http is https, other is not http, http.citeseeker_crawler is one)
        """)
    result = subprocess.run([sys.executable, "-c", script], cwd=PROJECT_ROOT,
                            env=_environment(), capture_output=True, text=True, timeout=120)
    assert result.stdout.split() == ["True", "True", "True"], result.stderr


#: What a registry of per-crawl state keyed by the crawler is built from.
REGISTRY_TYPES = ("WeakKeyDictionary", "WeakValueDictionary")


def module_registries(source: str) -> list[str]:
    """The module-level names ``source`` binds to a weakly keyed dictionary."""
    found = []
    for node in ast.parse(source).body:
        if isinstance(node, (ast.Assign, ast.AnnAssign)) and isinstance(node.value, ast.Call):
            called = node.value.func
            name = called.attr if isinstance(called, ast.Attribute) else getattr(called, "id", "")
            if name in REGISTRY_TYPES:
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                found += [ast.unparse(target) for target in targets]
    return found


def test_no_module_keeps_per_crawl_state_in_a_registry() -> None:
    """What a crawl owns is a field of its job on the crawler, not a module-level dictionary
    keyed by the crawler."""
    root = Path(__file__).resolve().parent.parent
    sources = [path for folder in ("citeseeker_scrapy", "spiders", "pipelines", "middlewares",
                                   "extensions") for path in sorted((root / folder).rglob("*.py"))]
    assert {str(path.relative_to(root)): names for path in sources
            if (names := module_registries(path.read_text(encoding="utf-8")))} == {}


def test_the_registry_check_can_fail() -> None:
    planted = ("from weakref import WeakKeyDictionary\n"
               "import weakref\n"
               "_JOBS: WeakKeyDictionary[object, object] = WeakKeyDictionary()\n"
               "SHARED = weakref.WeakKeyDictionary()\n"
               "PLAIN = {}\n")
    assert module_registries(planted) == ["_JOBS", "SHARED"]
