"""The import direction of STYLE.md: adapters → core → libraries, never back."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CORE = ROOT / "citeseeker_scrapy"
#: The component packages: top-level folders of the checkout, ``citeseeker_scrapy.<name>`` by import.
ADAPTERS = ("spiders", "pipelines", "middlewares", "extensions")
#: Pure core modules: usable without Scrapy or Twisted.
PURE = ("urls.py", "config.py", "settings_table.py", "exceptions.py", "storage.py", "hyphens.py",
        "setting_kinds.py",
        "job/inputs.py", "job/crawl_job.py",
        "job/directories.py", "lazy_names.py", "document", "extraction", "matching", "report/logs.py", "report/ledger.py",
        "rendering", "providers", "works",
        "site_search", "recrawl", "frontier/frontier.py", "frontier/model.py",
        "frontier/store.py", "frontier/sqlite_store.py", "frontier/outages.py", "frontier/traps.py", "frontier/shared.py",
        "frontier/redis_backend.py", "frontier/skip_file.py", "frontier/checkpoints.py",
        "frontier/build.py")


def imported_modules(path: Path) -> set[str]:
    return imported_modules_of(ast.parse(path.read_text(encoding="utf-8")))


def core_files() -> list[Path]:
    return sorted(CORE.rglob("*.py"))


def adapter_of(module: str) -> str | None:
    """The component package a dotted module name belongs to (``citeseeker_scrapy.spiders.x``
    -> ``spiders``), or None for the core and for code the project does not own."""
    parts = module.split(".")
    if parts[0] == "citeseeker_scrapy" and len(parts) > 1 and parts[1] in ADAPTERS:
        return parts[1]
    return None


@pytest.mark.parametrize("path", core_files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_core_never_imports_the_adapters(path: Path) -> None:
    for module in imported_modules(path):
        assert adapter_of(module) is None, f"{path} imports {module}"


def test_components_are_imported_by_the_projects_name_only() -> None:
    """``import spiders.x`` works in a checkout but not once installed, and beside
    ``citeseeker_scrapy.spiders.x`` it would load a second copy of every class."""
    for path in project_files() + sorted((ROOT / "tests").rglob("*.py")):
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
                assert adapter_of(module) not in others, f"{path} imports {module}"


# -- public APIs only: no underscored attribute of an object the project does not define ----------

PROJECT_CODE = ("citeseeker_scrapy", *ADAPTERS)
#: Underscored names the standard library documents as public API (namedtuple's methods,
#: ``os._exit``).
DOCUMENTED_UNDERSCORED = frozenset({"_make", "_replace", "_asdict", "_fields", "_exit"})


def project_files() -> list[Path]:
    return sorted(path for package in PROJECT_CODE for path in (ROOT / package).rglob("*.py"))


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    if parts[0] in ADAPTERS:
        parts = ("citeseeker_scrapy", *parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


#: The one module that reaches private APIs of code the project does not own (Scrapy's aiohttp
#: handler, aiohttp's retry switch); ``tests/test_upstream.py`` fails when upstream changes them.
FENCED = CORE / "upstream.py"
OWN_OBJECTS = ("self", "cls")


def is_own(node: ast.AST) -> bool:
    return isinstance(node, ast.Name) and node.id in OWN_OBJECTS


def attribute_names_defined(tree: ast.AST) -> set[str]:
    """Every ``_name`` a module defines on its own objects: ``self._x = ...`` and ``cls._x``,
    and the methods, nested classes and class attributes of its classes. A write to another
    object's attribute (``session._retry = False``) defines nothing: it is a use."""
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store) and is_own(
                node.value):
            names.add(node.attr)
        elif isinstance(node, ast.ClassDef):
            names |= {defined for item in node.body for defined in statement_names(item)}
    return {name for name in names if private(name)}


def module_names_defined(tree: ast.AST) -> set[str]:
    """Every ``_name`` at a module's top level (functions, classes, assignments, imports under
    an alias): another module of ours may reach it as ``module._name``."""
    names = {defined for item in getattr(tree, "body", []) for defined in statement_names(item)}
    return {name for name in names if private(name)}


def statement_names(node: ast.AST) -> set[str]:
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        return {node.name}
    if isinstance(node, ast.Assign):
        return {target.id for target in node.targets if isinstance(target, ast.Name)}
    if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
        return {node.target.id}
    if isinstance(node, (ast.Import, ast.ImportFrom)):
        return {alias.asname or alias.name.split(".")[-1] for alias in node.names}
    return set()


def project_defined_names() -> tuple[set[str], set[str]]:
    """(attributes the project defines on its objects, names at its modules' top level)."""
    attributes: set[str] = set(DOCUMENTED_UNDERSCORED)
    modules: set[str] = set()
    for path in project_files():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        attributes |= attribute_names_defined(tree)
        modules |= module_names_defined(tree) | {path.stem}
    return attributes, modules


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


def attribute_offenders(path: Path, tree: ast.AST, attributes: set[str],
                        modules: set[str]) -> list[str]:
    """``obj._name`` (read or written) and ``getattr(obj, "_name")`` where ``_name`` is no
    attribute the project defines on its objects, nor a top-level name of one of its modules
    reached through that module (``worker_main._session``; never through ``self``)."""
    offenders = []
    for node in ast.walk(tree):
        target, name = None, None
        if isinstance(node, ast.Attribute):
            target, name = node.value, node.attr
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
              and node.func.id in ("getattr", "setattr", "hasattr", "delattr")
              and len(node.args) > 1 and isinstance(node.args[1], ast.Constant)):
            target, name = node.args[0], str(node.args[1].value)
        if name is None or not private(name) or name in attributes:
            continue
        if isinstance(target, ast.Name) and not is_own(target) and name in modules:
            continue
        offenders.append(f"{path.relative_to(ROOT)}:{node.lineno} ._{name[1:]}")
    return offenders


def private_module_offenders(path: Path, tree: ast.AST) -> list[str]:
    """Imports of another package's private module (``scrapy.core.downloader.handlers._aiohttp``)."""
    offenders = []
    for module in imported_modules_of(tree):
        if module.split(".")[0] not in PROJECT_CODE and any(map(private, module.split("."))):
            offenders.append(f"{path.relative_to(ROOT)} imports {module}")
    return offenders


def imported_modules_of(tree: ast.AST) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


def test_no_component_touches_a_private_attribute_of_code_it_does_not_own() -> None:
    """``engine._slot``, a feed exporter's ``_headers_not_written``, a plugin's ``_launch``:
    private APIs break on the next release of their library and pin its version. The one
    exception is fenced in :data:`FENCED`, whose upstream is checked by its own tests."""
    attributes, modules = project_defined_names()
    offenders = []
    for path in project_files():
        if path == FENCED:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        offenders += (attribute_offenders(path, tree, attributes, modules)
                      + class_offenders(path, tree) + private_module_offenders(path, tree))
    assert offenders == []


def test_the_private_api_check_can_fail(tmp_path: Path) -> None:
    """The check above, on code that does what it forbids: a read, a getattr, a private write
    to an attribute of an attribute (defining nothing), a private module imported."""
    code = ("from scrapy.core.downloader.handlers._aiohttp import AiohttpDownloadHandler\n"
            "class A:\n    def f(self, engine):\n        self._mine = engine._slot\n"
            "        self._session._retry_connection = False\n"
            "        return getattr(engine, '_slot2'), self._mine, worker_main._session\n")
    tree = ast.parse(code)
    path = ROOT / "extensions" / "x.py"
    attributes, modules = attribute_names_defined(tree), {"_session"}
    assert sorted(attribute_offenders(path, tree, attributes, modules)) == [
        "extensions/x.py:4 ._slot", "extensions/x.py:5 ._retry_connection",
        "extensions/x.py:5 ._session", "extensions/x.py:6 ._slot2"]
    assert private_module_offenders(path, tree) == [
        "extensions/x.py imports scrapy.core.downloader.handlers._aiohttp"]
    from scrapy.commands.crawl import Command
    assert foreign_bases_defining(type("Mine", (Command,), {}), "_create_crawler")


def test_no_component_forges_a_scrapy_signal_or_reaches_into_the_scheduler() -> None:
    """Scrapy's signals are sent by Scrapy (a re-crawl's gone citations reach the feed
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


def stats_relative_heads() -> frozenset[str]:
    """The first segment of every statistic's name below ``citeseeker/`` (``documents/``,
    ``frontier/``, ...): a string that starts with one spells a statistic relative to the root."""
    from citeseeker_scrapy import stats

    names = [value for name, value in vars(stats).items()
             if name.isupper() and isinstance(value, str) and value.startswith(stats.ROOT + "/")]
    names += [family("x") for name, family in vars(stats).items()
              if callable(family) and not name.startswith("_") and name.islower()
              and family.__annotations__.get("return") == "str"]  # a family, not a reader
    return frozenset(name.split("/")[1] + "/" for name in names)


def stats_imports(tree: ast.AST) -> set[str]:
    """The names a module imports from the stats module (with their aliases), and the names
    its top level binds to one of those (``STATS = CITEDBY``)."""
    names = {alias.asname or alias.name for node in ast.walk(tree)
             if isinstance(node, ast.ImportFrom) and (node.module or "").endswith("stats")
             and "collector" not in (node.module or "") for alias in node.names}
    names |= {target.id for node in getattr(tree, "body", []) if isinstance(node, ast.Assign)
              and isinstance(node.value, ast.Name) and node.value.id in names
              for target in node.targets if isinstance(target, ast.Name)}
    return names


def stats_name_offenders(path: Path, root: Path = ROOT) -> list[str]:
    """A statistic's name spelled outside the stats module: a ``"citeseeker/..."`` string
    (f-string parts too, docstrings not), a stats prefix joined with a literal event
    (``f"{RENDER}/checked"``, ``RENDER + "/checked"``), or a name relative to the root
    (``"documents/searched"``, ``f"extraction/{kind}/files"``). A prefix joined with a
    variable part only (``f"{SCOPE_REFUSED}/{reason}"``) is an open family: allowed."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = {id(node.value) for node in ast.walk(tree) if isinstance(node, ast.Expr)}
    prefixes, heads = stats_imports(tree), tuple(stats_relative_heads())
    offenders = []
    for node in ast.walk(tree):
        if id(node) in docstrings:
            continue
        spelled = None
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            if node.value.startswith("citeseeker/") or node.value.startswith(heads):
                spelled = node.value
        elif isinstance(node, ast.JoinedStr) and node.values:
            first, parts = node.values[0], [v.value for v in node.values
                                            if isinstance(v, ast.Constant)]
            if (isinstance(first, ast.FormattedValue) and isinstance(first.value, ast.Name)
                    and first.value.id in prefixes and any(p.strip("/") for p in parts)):
                spelled = ast.unparse(node)
        elif (isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add)
              and isinstance(node.left, ast.Name) and node.left.id in prefixes
              and isinstance(node.right, ast.Constant) and str(node.right.value).strip("/")):
            spelled = ast.unparse(node)
        if spelled is not None:
            offenders.append((node.lineno, f"{path.relative_to(root)}:{node.lineno}: {spelled!r}"))
    return [line for _, line in sorted(offenders)]


def test_stats_names_are_spelled_only_in_the_stats_module() -> None:
    offenders = [line for path in project_files() if path != STATS_MODULE
                 for line in stats_name_offenders(path)]
    assert offenders == []


def test_the_stats_name_check_can_fail(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text(
        'from citeseeker_scrapy.stats import RENDER as STATS, SCOPE_REFUSED\n'
        '"""Counts citeseeker/x."""\n'
        'key = f"citeseeker/{part}/seen"\n'
        'checked = f"{STATS}/checked"\n'
        'restarts = STATS + "/browser_restarts"\n'
        'searched = value("frontier/servers_completed")\n'
        'files = f"extraction/{kind}/files"\n'
        'refused = f"{SCOPE_REFUSED}/{reason}"\n')
    assert stats_name_offenders(sample, tmp_path) == [
        "sample.py:3: 'citeseeker/'", "sample.py:4: \"f'{STATS}/checked'\"",
        "sample.py:5: \"STATS + '/browser_restarts'\"",
        "sample.py:6: 'frontier/servers_completed'", "sample.py:7: 'extraction/'"]


# -- one owner of the text encoding -------------------------------------------------------------

ENCODING_MODULE = CORE / "extraction" / "decode.py"


def byte_order_mark_offenders(path: Path) -> list[str]:
    """A byte-order mark named outside the encoding's owner: ``codecs.BOM_*`` or its bytes."""
    import codecs

    marks = {value for name, value in vars(codecs).items() if name.startswith("BOM_")}
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [f"{path.relative_to(ROOT)}:{node.lineno}" for node in ast.walk(tree)
            if (isinstance(node, ast.Attribute) and node.attr.startswith("BOM_"))
            or (isinstance(node, ast.Constant) and node.value in marks)]


def test_byte_order_marks_are_read_in_one_module() -> None:
    """``extraction/decode.py`` owns the text encoding: its one table of byte-order marks
    serves the readers, the type sniffer and the input files."""
    offenders = [line for path in project_files() if path != ENCODING_MODULE
                 for line in byte_order_mark_offenders(path)]
    assert offenders == []
    assert byte_order_mark_offenders(ENCODING_MODULE)  # the check sees the owner's table


# -- one owner of a document's type -------------------------------------------------------------

#: The callers of ``extraction.sniff.document_kind``: the response's type for the crawl, and
#: the item's for a spider without that middleware. Everything after takes ``item.kind``.
DOCUMENT_TYPE_DECIDERS = frozenset({ROOT / "middlewares" / "document_type.py",
                                    CORE / "document" / "item.py"})


def type_sniff_calls(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [f"{path.relative_to(ROOT)}:{node.lineno} {name}" for node in ast.walk(tree)
            if isinstance(node, ast.Call)
            and (name := getattr(node.func, "id", getattr(node.func, "attr", "")))
            in ("sniff_kind", "document_kind")]


def test_a_documents_type_is_decided_once() -> None:
    """The document-type middleware sniffs a response, the item one made without it; no
    stage, pipeline or spider sniffs again (members of archives are sniffed in extraction/,
    where they are unpacked)."""
    extraction = CORE / "extraction"
    offenders = [call for path in project_files()
                 if extraction not in path.parents and path not in DOCUMENT_TYPE_DECIDERS
                 for call in type_sniff_calls(path)]
    assert offenders == []
    assert all(type_sniff_calls(path) for path in DOCUMENT_TYPE_DECIDERS)


def core_unit(module: str) -> str | None:
    """The core's room a dotted module belongs to: its sub-package (``citeseeker_scrapy.frontier.traps``
    -> ``frontier``) or its top-level module (``citeseeker_scrapy.urls`` -> ``urls``); None
    outside the core and for the components."""
    parts = module.split(".")
    if parts[0] != "citeseeker_scrapy" or len(parts) < 2 or parts[1] in ADAPTERS:
        return None
    return parts[1]


def core_imports_of(path: Path) -> set[str]:
    """Every module of the project ``path`` imports, relative imports resolved, imports
    inside functions included (a lazy import ties two rooms as much as one at the top)."""
    package = ["citeseeker_scrapy", *path.relative_to(CORE).parent.parts]
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package[:len(package) - node.level + 1] if node.level else []
            module = ".".join([*base, *([node.module] if node.module else [])])
            names.add(module)
            names.update(f"{module}.{alias.name}" for alias in node.names)
    return names


def room_graph(files: list[Path]) -> dict[str, set[str]]:
    """Room -> the other rooms of the core it imports."""
    graph: dict[str, set[str]] = {}
    for path in files:
        room = core_unit(".".join(["citeseeker_scrapy", *path.relative_to(CORE).with_suffix("").parts]))
        if room is None or room == "__init__":
            continue
        targets = {core_unit(module) for module in core_imports_of(path)}
        graph.setdefault(room, set()).update(t for t in targets if t and t not in (room, "__init__"))
    return graph


def a_cycle(graph: dict[str, set[str]]) -> list[str]:
    """One loop of rooms importing each other (empty when there is none): depth-first, a
    room met again while still on the path closes a loop."""
    on_path: list[str] = []
    done: set[str] = set()

    def visit(room: str) -> list[str]:
        if room in on_path:
            return on_path[on_path.index(room):] + [room]
        if room in done:
            return []
        on_path.append(room)
        for target in sorted(graph.get(room, ())):
            if loop := visit(target):
                return loop
        on_path.pop()
        done.add(room)
        return []

    for room in sorted(graph):
        if loop := visit(room):
            return loop
    return []


def test_the_cores_rooms_import_each_other_without_a_loop() -> None:
    """The core's sub-packages and modules stand on floors (urls and matching low, extraction,
    document and report above them, the frontier and the job higher): a room imports only
    rooms below it. An import from a low room up to a high one (the parser process reaching
    into the frontier for a helper) closes a loop of rooms, which this finds."""
    assert a_cycle(room_graph(core_files())) == []


def test_the_room_loop_check_can_fail() -> None:
    """The check above on the core as it is plus one planted upward import: extraction
    reaching up into the frontier."""
    graph = room_graph(core_files())
    graph["extraction"].add("frontier")
    loop = a_cycle(graph)
    assert "extraction" in loop and "frontier" in loop and loop[0] == loop[-1]
