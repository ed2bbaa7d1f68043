"""A package's names loaded on first use from the one list of its ``if TYPE_CHECKING:``
imports (``citeseeker_scrapy/lazy_names.py``): ``extraction`` and ``matching``."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

#: Run in a fresh process: the package alone loads none of its modules, each listed name then
#: resolves to its module's object, ``__all__`` lists them, and another name is refused.
CHECK = """
import importlib, sys
package = importlib.import_module(sys.argv[1])
heavy = sys.argv[2]
assert heavy not in sys.modules, "the package alone loaded " + heavy
names = package.__all__
assert names and names == sorted(names), names
for name in names:
    getattr(package, name)
assert heavy in sys.modules
try:
    package.no_such_name
except AttributeError:
    pass
else:
    raise AssertionError("an unlisted name was served")
print(len(names))
"""


@pytest.mark.parametrize("package, heavy, count", [
    ("citeseeker_scrapy.extraction", "citeseeker_scrapy.extraction.extractor", 9),
    ("citeseeker_scrapy.matching", "citeseeker_scrapy.matching.matcher", 21),
])
def test_a_package_serves_the_names_its_guarded_imports_list(package: str, heavy: str,
                                                             count: int) -> None:
    done = subprocess.run([sys.executable, "-c", CHECK, package, heavy], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr[-2000:]
    assert int(done.stdout) == count


def test_an_alias_is_served_by_its_own_name(tmp_path: Path) -> None:
    """``from .module import Name as Other`` under the guard: the package serves ``Other``, the
    module's ``Name``; an import outside the guard lists nothing."""
    package = tmp_path / "lazy_sample"
    package.mkdir()
    (package / "inner.py").write_text("Name = 'inner name'\nSecond = 2\n")
    (package / "__init__.py").write_text(
        "from typing import TYPE_CHECKING\n"
        "from citeseeker_scrapy.lazy_names import lazy_names\n"
        "if TYPE_CHECKING:\n"
        "    from .inner import Name as Other\n"
        "__getattr__ = lazy_names(__name__)\n")
    script = ("import lazy_sample\n"
              "assert lazy_sample.__all__ == ['Other'], lazy_sample.__all__\n"
              "assert lazy_sample.Other == 'inner name'\n"
              "assert not hasattr(lazy_sample, 'Name') and not hasattr(lazy_sample, 'Second')\n")
    done = subprocess.run([sys.executable, "-c", script], cwd=tmp_path, capture_output=True,
                          text=True, timeout=60, env={"PYTHONPATH": f"{ROOT}:{tmp_path}"})
    assert done.returncode == 0, done.stderr[-2000:]
