"""``bench_matcher.py --against``: another checkout's matcher timed in turn with this one's, each
in a process of its own. Small generated texts; a copy of this checkout's package is the other
tree."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from bench import bench_matcher

PACKAGE = Path(bench_matcher.__file__).resolve().parents[1] / "citeseeker_scrapy"


@pytest.fixture
def small_workloads(monkeypatch) -> None:
    """Texts of ~30 KB, few repeats and two parts for the exhaustive reference check: the
    figures mean nothing, the run is quick."""
    monkeypatch.setattr(bench_matcher, "TEXT_BYTES", 30_000)
    monkeypatch.setattr(bench_matcher, "SLOW_SLICE", 2_000)
    monkeypatch.setattr(bench_matcher, "REPEATS", 1)
    monkeypatch.setattr(bench_matcher, "SAMPLED_PARTS", 2)


def _other_tree(tmp_path: Path) -> Path:
    root = tmp_path / "other"
    shutil.copytree(PACKAGE, root / "citeseeker_scrapy",
                    ignore=shutil.ignore_patterns("__pycache__"))
    return root


def test_against_prints_both_trees_times_their_ratio_and_the_same_citations(
        tmp_path, small_workloads, capsys) -> None:
    other = _other_tree(tmp_path)
    bench_matcher.main(["--against", str(other), "--workloads", "A", "--rounds", "2"])
    out = capsys.readouterr().out
    assert f"against {other} (not a git checkout; here " in out
    for scheme in ("improved", "original"):
        assert re.search(rf"^    {scheme} +here +[\d.]+ \([\d.]+\)  there +[\d.]+ \([\d.]+\)  "
                         r"there / here \d+\.\d\dx \(\d+\.\d\dx\)$", out, re.M), out
    assert re.search(r"citations the same \(improved, original: here (\d+), (\d+); "
                     r"there \1, \2\)", out), out


def test_a_path_without_the_matcher_is_refused_before_any_workload(tmp_path, capsys) -> None:
    with pytest.raises(SystemExit) as stop:
        bench_matcher.main(["--against", str(tmp_path), "--workloads", "A"])
    assert stop.value.code == 2
    captured = capsys.readouterr()
    assert "holds no citeseeker_scrapy/matching package" in captured.err
    assert "Workload" not in captured.out


def test_a_tree_whose_matcher_fails_to_import_names_its_error(tmp_path, small_workloads) -> None:
    other = _other_tree(tmp_path)
    init = other / "citeseeker_scrapy" / "matching" / "__init__.py"
    init.write_text("from .nowhere import CitationMatcher\n")
    with pytest.raises(SystemExit, match=rf"worker of {re.escape(str(other))} ended without "
                                         r"its ready line: ModuleNotFoundError"):
        bench_matcher.main(["--against", str(other), "--workloads", "A", "--rounds", "1"])


def test_unknown_workloads_are_named(capsys) -> None:
    with pytest.raises(SystemExit):
        bench_matcher.main(["--workloads", "A,C"])
    assert "unknown workloads C" in capsys.readouterr().err


@pytest.mark.parametrize("args, error", [
    (["--rounds", "3"], "--rounds counts the searches of --against"),
    (["--against", str(bench_matcher.ROOT), "--rounds", "0"], "'0' is no count of rounds"),
])
def test_rounds_without_against_or_below_one_are_refused(args, error, capsys) -> None:
    with pytest.raises(SystemExit) as stop:
        bench_matcher.main([*args, "--workloads", "A"])
    assert stop.value.code == 2
    captured = capsys.readouterr()
    assert error in captured.err
    assert "Workload" not in captured.out


def test_the_workloads_of_real_reference_strings_are_skipped_by_name_without_the_corpus(
        tmp_path, monkeypatch, capsys) -> None:
    monkeypatch.setattr(bench_matcher, "REFCORPUS", tmp_path / "no-refcorpus")
    bench_matcher.main(["--workloads", "R,L,V"])
    out = capsys.readouterr().out
    for label in ("R", "L", "V"):
        assert f"Workload {label}: skipped, no reference corpus at {tmp_path / 'no-refcorpus'}" \
            in out
