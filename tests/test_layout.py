"""The import direction of STYLE.md: adapters → core → libraries, never back."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CORE = ROOT / "citeseeker_scrapy"
ADAPTERS = ("spiders", "pipelines", "middlewares", "extensions")
#: Pure core modules: usable without Scrapy or Twisted.
PURE = ("urls.py", "config.py", "exceptions.py", "storage.py", "job/inputs.py",
        "job/directories.py", "document", "extraction", "matching", "report/logs.py", "report/ledger.py",
        "rendering", "providers",
        "site_search", "recrawl", "frontier/frontier.py", "frontier/model.py",
        "frontier/store.py", "frontier/sqlite_store.py", "frontier/outages.py", "frontier/traps.py", "frontier/shared.py",
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


# -- public APIs only: no underscored attribute of an object the project does not define ----------

PROJECT_CODE = ("citeseeker_scrapy", *ADAPTERS)
#: Underscored names the standard library documents as public API (namedtuple's methods,
#: ``os._exit``).
DOCUMENTED_UNDERSCORED = frozenset({"_make", "_replace", "_asdict", "_fields", "_exit"})


def project_files() -> list[Path]:
    return sorted(path for package in PROJECT_CODE for path in (ROOT / package).rglob("*.py"))


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def underscored_names_defined(tree: ast.AST) -> set[str]:
    """Every ``_name`` a module defines: functions, classes, assignments (``self._x = ...``,
    class and module level), imports under an alias."""
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
            names.add(node.attr)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.add(node.id)
        elif isinstance(node, ast.alias):
            names.add(node.asname or node.name.split(".")[-1])
    return {name for name in names if private(name)}


def project_defined_names() -> set[str]:
    defined: set[str] = set()
    for path in project_files():
        defined |= underscored_names_defined(ast.parse(path.read_text(encoding="utf-8")))
        defined.add(path.stem)
    return defined


def foreign_bases_defining(cls: type, name: str) -> list[str]:
    """Classes outside the project in ``cls``'s MRO that define ``name``."""
    return [base.__qualname__ for base in cls.__mro__[1:]
            if base.__module__.split(".")[0] not in PROJECT_CODE and name in vars(base)]


def class_offenders(path: Path, tree: ast.AST) -> list[str]:
    """Overrides of, and ``self.``/``super().`` uses of, a private name a base class outside the
    project defines (a subclass is no licence to use its base's private API)."""
    module = importlib.import_module(module_name(path))
    offenders = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.ClassDef) or not isinstance(getattr(module, node.name, None),
                                                                type):
            continue
        cls = getattr(module, node.name)
        used = {n.name for n in node.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))}
        used |= {n.attr for n in ast.walk(node) if isinstance(n, ast.Attribute)}
        for name in sorted(filter(private, used)):
            if foreign_bases_defining(cls, name):
                offenders.append(f"{path.relative_to(ROOT)}: {node.name}.{name} is "
                                 f"{foreign_bases_defining(cls, name)[0]}'s private API")
    return offenders


def attribute_offenders(path: Path, tree: ast.AST, defined: set[str]) -> list[str]:
    """``obj._name`` and ``getattr(obj, "_name")`` where no project code defines ``_name``."""
    offenders = []
    for node in ast.walk(tree):
        name = None
        if isinstance(node, ast.Attribute):
            name = node.attr
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
              and node.func.id in ("getattr", "setattr", "hasattr", "delattr")
              and len(node.args) > 1 and isinstance(node.args[1], ast.Constant)):
            name = str(node.args[1].value)
        if name and private(name) and name not in defined:
            offenders.append(f"{path.relative_to(ROOT)}:{node.lineno} ._{name[1:]}")
    return offenders


def test_no_component_touches_a_private_attribute_of_code_it_does_not_own() -> None:
    """``engine._slot``, a feed exporter's ``_headers_not_written``, a plugin's ``_launch``:
    private APIs break on the next release of their library and pin its version."""
    defined = project_defined_names() | DOCUMENTED_UNDERSCORED
    offenders = []
    for path in project_files():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        offenders += attribute_offenders(path, tree, defined) + class_offenders(path, tree)
    assert offenders == []


def test_the_private_api_check_can_fail(tmp_path: Path) -> None:
    """The check above, on code that does what it forbids."""
    code = ("class A:\n    def f(self, engine):\n        return engine._slot, "
            "getattr(engine, '_slot2')\n")
    tree = ast.parse(code)
    found = attribute_offenders(ROOT / "extensions" / "x.py", tree, {"_mine"})
    assert found == ["extensions/x.py:3 ._slot", "extensions/x.py:3 ._slot2"]
    from scrapy.commands.crawl import Command
    assert foreign_bases_defining(type("Mine", (Command,), {}), "_create_crawler")


def test_no_component_forges_a_scrapy_signal_or_reaches_into_the_scheduler() -> None:
    """Issue 23: Scrapy's signals are sent by Scrapy (a re-crawl's gone citations reach the feed
    as real items), and no component reads the scheduler's insides (``engine.scheduler``): the
    progress display asks for a frontier snapshot by a CiteSeeker signal."""
    for path in project_files():
        text = path.read_text(encoding="utf-8")
        assert "engine.scheduler" not in text, path
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.Call) and getattr(node.func, "attr", "").startswith("send_"):
                sent = [ast.unparse(a) for a in [*node.args, *(k.value for k in node.keywords)]]
                assert not any(s.startswith("signals.") for s in sent), f"{path}: {sent}"


STATS_MODULE = CORE / "stats.py"


def stats_name_offenders(path: Path, root: Path = ROOT) -> list[str]:
    """String literals (f-string parts too, docstrings not) that spell a stat name."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = {id(node.value) for node in ast.walk(tree) if isinstance(node, ast.Expr)}
    return [f"{path.relative_to(root)}:{node.lineno}: {node.value!r}"
            for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str)
            and id(node) not in docstrings and node.value.startswith("citeseeker/")]


def test_stats_names_are_spelled_only_in_the_stats_module() -> None:
    offenders = [line for path in project_files() if path != STATS_MODULE
                 for line in stats_name_offenders(path)]
    assert offenders == []


def test_the_stats_name_check_can_fail(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text('"""Counts citeseeker/x."""\nkey = f"citeseeker/{part}/seen"\n')
    assert stats_name_offenders(sample, tmp_path) == ["sample.py:2: 'citeseeker/'"]
