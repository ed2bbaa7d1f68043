"""summary.log's execution time: the original's d.h:m:s:ms, unambiguous ("0.0:0:54:70" was
54.070 s)."""

from __future__ import annotations

import pytest

from citeseeker_scrapy.report.logs import format_duration


@pytest.mark.parametrize("seconds, shown", [
    (54.07, "0.0:00:54:070"), (226.535, "0.0:03:46:535"), (0.004, "0.0:00:00:004"),
    (90061.5, "1.1:01:01:500"),
])
def test_execution_time_is_padded(seconds: float, shown: str) -> None:
    assert format_duration(seconds) == shown
