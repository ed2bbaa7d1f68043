"""The project commands as a user meets them: ``scrapy -h``, ``citeseeker-merge``,
``citeseeker-push`` and ``citeseeker-report`` (real subprocesses, a real redis-server)."""

from __future__ import annotations

import csv
import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.crawl import PROJECT_ROOT, _environment
from tests.support.redis_server import RedisServer

ERROR = "citeseeker: error: "


def scrapy(*arguments: str, cwd: Path = PROJECT_ROOT) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "scrapy", *arguments], cwd=cwd,
                          env=_environment(), capture_output=True, text=True, timeout=60)


def feed(path: Path, *documents: dict) -> Path:
    path.write_text("".join(json.dumps(d) + "\n" for d in documents), encoding="utf-8")
    return path


def document(url: str, *publications: str) -> dict:
    return {"url": url, "server": "http://a", "also_at": [], "citations": [
        {"member": "", "header": "H", "author": "Fiala", "publication": p, "found": p.lower(),
         "similarity": 1.0} for p in publications]}


@pytest.fixture()
def feeds(tmp_path: Path) -> list[Path]:
    return [feed(tmp_path / "w1.jsonl", document("http://a/1", "T1", "T2")),
            feed(tmp_path / "w2.jsonl", document("http://a/1", "T2"), document("http://a/2", "T1"))]


def test_scrapy_help_lists_every_description_in_one_column() -> None:
    listing = scrapy("-h").stdout.split("Available commands:")[1].split("Use \"scrapy")[0]
    lines = [line for line in listing.splitlines() if line.strip()]
    assert any("citeseeker-merge" in line for line in lines)
    for line in lines:
        name, _, description = line.strip().partition(" ")
        if description.strip():  # "  name<padding> description": description at column 16
            assert line[16] != " " and line[15] == " ", line
        else:  # a long name: its description on the next line, at column 16
            following = lines[lines.index(line) + 1]
            assert following[:16].strip() == "" and following[16] != " ", following


#: Each command as Scrapy runs it, in one process; what it leaves loaded of the matcher (its
#: patterns compile at import: time at every start of a command that never matches anything)
#: and of the document readers (PDF, PostScript, office files, archives: the text stage's).
COMMANDS_WITHOUT_MATCHER = """
import sys
from scrapy.cmdline import execute
MATCHER = ("citeseeker_scrapy.matching.matcher", "citeseeker_scrapy.matching.context",
           "citeseeker_scrapy.matching.citations", "citeseeker_scrapy.matching.improved",
           "citeseeker_scrapy.extraction.extractor", "citeseeker_scrapy.extraction.document_walk",
           "citeseeker_scrapy.extraction.pdf",
           "citeseeker_scrapy.extraction.postscript", "citeseeker_scrapy.extraction.archives",
           "citeseeker_scrapy.extraction.office")
for command in (["list"], ["version"], ["citeseeker-push", "-h"], ["citeseeker-merge", "-h"],
                ["citeseeker-report", "-h"], ["citeseeker-merge", sys.argv[1], "-o", sys.argv[2]]):
    try:
        execute(["scrapy", *command])
    except SystemExit:
        pass
    loaded = sorted(name for name in sys.modules if name.startswith(MATCHER))
    print("LOADED", command[0], loaded, file=sys.stderr)
"""


def test_commands_that_match_nothing_load_neither_the_matcher_nor_the_readers(tmp_path: Path, feeds) -> None:
    done = subprocess.run([sys.executable, "-c", COMMANDS_WITHOUT_MATCHER, str(feeds[0]),
                           str(tmp_path / "merged.jsonl")], cwd=PROJECT_ROOT,
                          env=_environment(), capture_output=True, text=True, timeout=60)
    loaded = [line for line in done.stderr.splitlines() if line.startswith("LOADED")]
    assert len(loaded) == 6, done.stderr[-3000:]
    assert all(line.endswith(" []") for line in loaded), loaded
    assert (tmp_path / "merged.jsonl").exists()


def test_report_help_renders_its_default_as_text() -> None:
    help_text = scrapy("citeseeker-report", "-h").stdout
    options = help_text.split("Global Options")[0]
    assert options.count("=====") == 2  # the underlines of "Usage" and "Options", no other
    assert "(by default LOG_DIR/report.html)" in " ".join(options.split())


def test_merge_writes_the_format_its_output_name_says(tmp_path: Path, feeds) -> None:
    as_csv, as_json = tmp_path / "m.csv", tmp_path / "m.json"
    assert scrapy("citeseeker-merge", "-o", str(as_csv), *map(str, feeds)).returncode == 0
    assert scrapy("citeseeker-merge", "-o", str(as_json), *map(str, feeds)).returncode == 0
    rows = list(csv.DictReader(as_csv.open(encoding="utf-8")))
    assert [(r["url"], r["publication"]) for r in rows] == [
        ("http://a/1", "T1"), ("http://a/1", "T2"), ("http://a/2", "T1")]
    merged = json.loads(as_json.read_text(encoding="utf-8"))
    assert [len(d["citations"]) for d in merged] == [2, 1]


def test_merge_refuses_an_output_of_unknown_format(tmp_path: Path, feeds) -> None:
    output = tmp_path / "merged.txt"
    done = scrapy("citeseeker-merge", "-o", str(output), *map(str, feeds))
    assert done.returncode == 2 and not output.exists()
    assert done.stderr.strip() == (f"{ERROR}cannot tell the format of -o {output}: "
                                   "name it .jsonl, .jl, .json or .csv")


def test_push_refuses_a_url_without_scheme_and_pushes_nothing(tmp_path: Path) -> None:
    with RedisServer(tmp_path / "redis") as redis:
        done = scrapy("citeseeker-push", "-s", f"REDIS_URL={redis.url}",
                      "http://127.0.0.1:8304/ok.html", "127.0.0.1:8304/")
        waiting = redis.client().llen("citeseeker:start_urls")
        good = scrapy("citeseeker-push", "-s", f"REDIS_URL={redis.url}",
                      "http://127.0.0.1:8304/", "file:///srv/docs/")
        after = redis.client().llen("citeseeker:start_urls")
    assert done.returncode == 2 and waiting == 0
    assert done.stderr.strip() == (
        f"{ERROR}'127.0.0.1:8304/' is not a start point: it needs http://host/, https://host/ "
        "or file:///path; did you mean http://127.0.0.1:8304/? (nothing was pushed)")
    assert good.returncode == 0 and after == 2, good.stdout + good.stderr


@pytest.mark.parametrize("setting, refusal", [
    ("CITESEEKER_REDIS_REUSE=Ture", "CITESEEKER_REDIS_REUSE must be True or False"),
    ("CITESEEKER_LEASE_SECONDS=soon", "CITESEEKER_LEASE_SECONDS must be a number"),
    ("CITESEEKER_REDIS_KYE=june", "unknown setting CITESEEKER_REDIS_KYE"),
    ("REDIS_ULR=redis://127.0.0.1:1/0", "unknown setting REDIS_ULR; did you mean REDIS_URL?"),
])
def test_push_refuses_a_mistyped_setting_and_pushes_nothing(
        tmp_path: Path, setting: str, refusal: str) -> None:
    with RedisServer(tmp_path / "redis") as redis:
        done = scrapy("citeseeker-push", "-s", f"REDIS_URL={redis.url}", "-s", setting,
                      "http://127.0.0.1:8304/")
        pushed = redis.client().keys("*start_urls")
    assert done.returncode == 2 and pushed == []
    assert done.stderr.startswith(f"{ERROR}{refusal}"), done.stderr


def test_every_command_reports_errors_with_one_prefix_on_stderr(tmp_path: Path) -> None:
    report = scrapy("citeseeker-report", str(tmp_path / "nothing"))
    merge = scrapy("citeseeker-merge", "-o", str(tmp_path / "m.jsonl"), str(tmp_path / "none"))
    push = scrapy("citeseeker-push")
    for done in (report, merge, push):
        assert done.returncode == 2
        assert done.stderr.strip().startswith(ERROR) and ERROR not in done.stdout
