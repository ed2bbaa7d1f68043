"""The import direction of STYLE.md: adapters → core → libraries, never back."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CORE = ROOT / "citeseeker_scrapy"
ADAPTERS = ("spiders", "pipelines", "middlewares", "extensions")
#: Pure core modules: usable without Scrapy or Twisted.
PURE = ("urls.py", "config.py", "exceptions.py", "job/inputs.py", "job/directories.py",
        "document", "extraction", "matching", "report/logs.py", "rendering", "providers",
        "site_search", "recrawl", "frontier/frontier.py", "frontier/model.py",
        "frontier/store.py", "frontier/sqlite_store.py", "frontier/shared.py",
        "frontier/redis_backend.py")


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


def core_files() -> list[Path]:
    return sorted(CORE.rglob("*.py"))


@pytest.mark.parametrize("path", core_files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_core_never_imports_the_adapters(path: Path) -> None:
    for module in imported_modules(path):
        assert module.split(".")[0] not in ADAPTERS, f"{path} imports {module}"


def pure_files() -> list[Path]:
    files = []
    for name in PURE:
        target = CORE / name
        files += sorted(target.rglob("*.py")) if target.is_dir() else [target]
    return files


@pytest.mark.parametrize("path", pure_files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_pure_core_needs_no_scrapy_or_twisted(path: Path) -> None:
    for module in imported_modules(path):
        assert module.split(".")[0] not in ("scrapy", "twisted"), f"{path} imports {module}"


def test_adapters_do_not_import_each_other() -> None:
    for package in ADAPTERS:
        for path in (ROOT / package).rglob("*.py"):
            others = set(ADAPTERS) - {package}
            for module in imported_modules(path):
                assert module.split(".")[0] not in others, f"{path} imports {module}"
