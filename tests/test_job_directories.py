"""Where a crawl's files go: per Scrapyd job, per named crawl, default inputs from the project."""

from __future__ import annotations

from pathlib import Path

import os

import pytest
from scrapy.settings import Settings

from citeseeker_scrapy.config import CrawlConfig
from citeseeker_scrapy.exceptions import ConfigError
from citeseeker_scrapy.job.directories import apply_job_dirs
from citeseeker_scrapy.job.scratch import open_scratch, remove_scratch, scratch_prefix

ROOT = Path(__file__).resolve().parent.parent


def absolute(relative: str) -> str:
    """What a relative directory setting becomes: absolute, from the crawl's working directory."""
    return os.path.join(os.getcwd(), relative)
SCRAPYD_LOG = "logs/citeseeker_scrapy/citeseeker/0a1b.log"


def settings(**values: str) -> Settings:
    result = Settings({"CITESEEKER_LOG_DIR": "", "CITESEEKER_CRAWLS_DIR": ""})
    for name, value in values.items():
        result.set(name, value, priority="cmdline")
    return result


def test_a_scrapyd_job_logs_beside_scrapyds_job_log_in_a_folder_of_its_own() -> None:
    job = settings(LOG_FILE=SCRAPYD_LOG)
    apply_job_dirs(job, "citeseeker", {"_job": "0a1b"}, {"SCRAPY_PROJECT": "citeseeker_scrapy"})
    assert job.get("CITESEEKER_LOG_DIR") == absolute("logs/citeseeker_scrapy/citeseeker-files/0a1b")
    assert job.get("JOBDIR") is None


def test_older_scrapyd_is_recognised_by_scrapy_job_and_no_log_file_means_logs_dir() -> None:
    job = settings()
    apply_job_dirs(job, "citeseeker", {}, {"SCRAPY_JOB": "77", "SCRAPY_PROJECT": "p"})
    assert job.get("CITESEEKER_LOG_DIR") == absolute("logs/p/citeseeker-files/77")


def test_a_log_dir_the_user_chose_is_kept_and_outside_scrapyd_nothing_changes() -> None:
    chosen = settings(LOG_FILE=SCRAPYD_LOG, CITESEEKER_LOG_DIR="/data/mine")
    apply_job_dirs(chosen, "citeseeker", {"_job": "0a1b"}, {})
    assert chosen.get("CITESEEKER_LOG_DIR") == "/data/mine"
    plain = settings()
    apply_job_dirs(plain, "citeseeker", {}, {})
    assert plain.get("CITESEEKER_LOG_DIR") == "" and plain.get("JOBDIR") is None
    assert CrawlConfig.from_settings(plain).log_dir == Path("logs")


def test_a_named_crawl_gets_a_stable_jobdir_that_wins_over_scrapyds_jobs_dir() -> None:
    job = settings(JOBDIR="jobs/citeseeker_scrapy/citeseeker/0a1b", LOG_FILE="logs/p/citeseeker/0a1b.log")
    apply_job_dirs(job, "citeseeker", {"_job": "0a1b", "crawl": "weekly"},
                   {"SCRAPY_PROJECT": "citeseeker_scrapy"})
    assert job.get("JOBDIR") == absolute("crawls/citeseeker_scrapy/citeseeker/weekly")
    assert job.get("CITESEEKER_CRAWL") == "weekly"
    # every job of the crawl appends to the crawl's own log folder, as resumed runs do
    assert job.get("CITESEEKER_LOG_DIR") == absolute("logs/p/citeseeker-files/crawl-weekly")
    outside = settings(CITESEEKER_CRAWLS_DIR="/var/crawls")
    apply_job_dirs(outside, "citeseeker", {"crawl": "weekly"}, {})
    assert outside.get("JOBDIR") == "/var/crawls/weekly"
    by_setting = settings(CITESEEKER_CRAWL="nightly")
    apply_job_dirs(by_setting, "citeseeker", {}, {})
    assert by_setting.get("JOBDIR") == absolute("crawls/nightly")


def test_every_job_directory_is_made_absolute_once_at_start(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Ghostscript and catdoc run inside the scratch directory: a relative JOBDIR would name a
    directory that does not exist from there (every PS and DOC file would be lost)."""
    monkeypatch.chdir(tmp_path)
    job = settings(JOBDIR="crawls/j1", CITESEEKER_TEMP_DIR="scratch", CITESEEKER_LOG_DIR="out")
    apply_job_dirs(job, "citeseeker", {}, {})
    assert job.get("JOBDIR") == str(tmp_path / "crawls" / "j1")
    assert job.get("CITESEEKER_TEMP_DIR") == str(tmp_path / "scratch")
    assert job.get("CITESEEKER_LOG_DIR") == str(tmp_path / "out")
    named = settings(CITESEEKER_CRAWLS_DIR="mine")
    apply_job_dirs(named, "citeseeker", {"crawl": "weekly"}, {})
    assert named.get("JOBDIR") == str(tmp_path / "mine" / "weekly")


@pytest.mark.parametrize("name", ["../up", "a/b", ".hidden", "x" * 101, "white space"])
def test_a_crawl_name_that_is_no_single_safe_directory_name_is_a_config_error(name: str) -> None:
    job = settings()
    apply_job_dirs(job, "citeseeker", {"crawl": name, "_job": "0a1b"}, {})
    assert job.get("JOBDIR") is None
    assert job.get("CITESEEKER_LOG_DIR") == absolute("logs/default/citeseeker-files/0a1b")
    with pytest.raises(ConfigError, match="crawl name"):
        CrawlConfig.from_settings(job)


def test_default_inputs_are_the_projects_wherever_the_crawl_starts(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    assert CrawlConfig.from_settings({}).inputs_dir == ROOT / "inputs"
    assert CrawlConfig.from_settings({"CITESEEKER_INPUTS_DIR": "mine"}).inputs_dir == Path("mine")


def test_the_scratch_directory_of_a_jobdir_is_emptied_and_a_shared_root_never_is(tmp_path) -> None:
    """``JOBDIR/tmp`` is the job's alone (its lock is held): what a killed run left goes. A
    ``CITESEEKER_TEMP_DIR`` may be shared by several running crawls: each gets its own
    directory there, and nothing of the others' is removed."""
    jobdir = tmp_path / "job"
    (jobdir / "tmp" / "doc-left").mkdir(parents=True)
    assert open_scratch("", str(jobdir)) == jobdir / "tmp"
    assert list((jobdir / "tmp").iterdir()) == []
    shared = tmp_path / "scratch"
    first = open_scratch(str(shared), str(jobdir))
    (first / "doc-1").mkdir()
    second = open_scratch(str(shared), None)
    assert first != second and first.parent == second.parent == shared
    assert (first / "doc-1").is_dir()  # the running crawl's file is still there
    assert first.name.startswith(scratch_prefix(os.getpid()))
    remove_scratch(first)
    assert not first.exists() and second.exists()
