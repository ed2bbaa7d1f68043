"""The extraction benchmark still runs (a small generated set) and prints both tables."""

from __future__ import annotations

import pytest

from bench import bench_extraction


def test_benchmark_runs_on_generated_documents(capsys: pytest.CaptureFixture[str]) -> None:
    bench_extraction.main(["--docs", "2", "--pages", "2", "--workers", "1", "--repeat", "1"])
    out = capsys.readouterr().out
    assert "PDF engines: 2 documents, 4 pages" in out
    assert "PostScript routes: 2 documents, 4 pages" in out
    assert out.count("12/12 citations") == 5  # 3 PDF routes, our PS route with and without filters
    assert out.count("0/12 citations") == 1  # txtwrite interleaves the two columns
