"""The docs and the code's comments name only modules and files that exist: a reader who
follows ``extraction/sniff.py`` or ``citeseeker_scrapy.addon.CiteSeeker`` finds it."""

from __future__ import annotations

import ast
import functools
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SKIPPED_DIRS = {".venv", ".git", "__pycache__", "node_modules", "build", "dist"}
#: Documents a reader follows: the user's guide, docs/ and the benchmarks' reference.
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md")), ROOT / "bench" / "README.md"]
#: Source whose comments and docstrings name modules too.
SOURCE_FOLDERS = ("citeseeker_scrapy", "spiders", "pipelines", "middlewares", "extensions",
                  "bench")
#: Names that stand for any file, not for one of ours.
EXAMPLES = frozenset({
    "module.py",              # docs/scrapyd.md: zipimport's rule for any module
    "path/worker_main.py",    # extraction/processes/pool.py: a script started by its path
    "_worker.py",             # bench_realdocs.py: a process's script, as ps shows it
})
FILE_NAME = re.compile(r"(?<![\w/.-])((?:[\w.-]+/)*[\w-]+\.(?:py|lua|sh))\b")
DOTTED_NAME = re.compile(
    r"(?<![\w.])((?:citeseeker_scrapy|spiders|pipelines|middlewares|extensions)(?:\.\w+)+)")


@functools.cache
def project_files() -> frozenset[str]:
    """Every file's path and each of its tails (``extraction/sniff.py``, ``sniff.py``)."""
    paths = [path.relative_to(ROOT).parts for path in ROOT.rglob("*")
             if path.is_file() and not SKIPPED_DIRS & set(path.relative_to(ROOT).parts)]
    return frozenset("/".join(parts[start:]) for parts in paths for start in range(len(parts)))


def file_exists(name: str, files: frozenset[str]) -> bool:
    """``docs/settings.md``, ``extraction/sniff.py`` (inside the core) and ``worker_main.py``
    (a file's own name, wherever it is) all name a file."""
    return name in files or (ROOT / name).exists()


def dotted_exists(name: str) -> bool:
    """The longest prefix that is a module of ours, then names defined in it (read, not
    imported: a module, a class of it, a function, a constant or a class attribute)."""
    parts = name.split(".")
    if parts[0] == "citeseeker_scrapy" and len(parts) > 1 and (ROOT / parts[1]).is_dir():
        parts = parts[1:]  # a component (citeseeker_scrapy.spiders) is in a top-level folder
    for length in range(len(parts), 0, -1):
        base = ROOT.joinpath(*parts[:length])
        module = base / "__init__.py" if base.is_dir() else base.with_suffix(".py")
        if module.is_file():
            return names_defined(parsed(module), parts[length:])
    return False


@functools.cache
def parsed(module: Path) -> ast.Module:
    return ast.parse(module.read_text(encoding="utf-8"))


def names_defined(scope: ast.AST, names: list[str]) -> bool:
    if not names:
        return True
    for node in getattr(scope, "body", []):
        if defined_name(node) == names[0] or names[0] in imported_names(node):
            return isinstance(node, ast.ClassDef) and names_defined(node, names[1:]) or (
                len(names) == 1)
    return False


def defined_name(node: ast.AST) -> str | None:
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        return node.name
    if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
        return node.target.id
    if isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name):
        return node.targets[0].id
    return None


def imported_names(node: ast.AST) -> set[str]:
    if isinstance(node, (ast.Import, ast.ImportFrom)):
        return {alias.asname or alias.name.split(".")[0] for alias in node.names}
    return set()


def missing_names(text: str, files: frozenset[str]) -> list[str]:
    missing = [name for name in FILE_NAME.findall(text)
               if name not in EXAMPLES and not file_exists(name, files)]
    missing += [name for name in DOTTED_NAME.findall(text) if not dotted_exists(name)]
    return missing


def source_files() -> list[Path]:
    return sorted(path for folder in SOURCE_FOLDERS for path in (ROOT / folder).rglob("*")
                  if path.suffix in (".py", ".md") and "__pycache__" not in path.parts)


@pytest.mark.parametrize("path", DOCS + source_files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_every_module_and_file_named_exists(path: Path) -> None:
    assert missing_names(path.read_text(encoding="utf-8"), project_files()) == []


def test_a_module_that_is_gone_is_caught() -> None:
    files = project_files()
    text = ("see job_dirs.py and `extraction/sniff.py`; ADDONS = "
            "{'citeseeker_scrapy.addon.CiteSeeker': 0}, citeseeker_scrapy.addon.Gone, "
            "citeseeker_scrapy.job_dirs.apply")
    assert missing_names(text, files) == ["job_dirs.py", "citeseeker_scrapy.addon.Gone",
                                          "citeseeker_scrapy.job_dirs.apply"]
