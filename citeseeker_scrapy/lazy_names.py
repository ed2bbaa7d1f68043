"""A package's names, each loaded from its module on first use (PEP 562), listed once.

A package that hands on names of its modules (``extraction``, ``matching``) imports them
under ``if TYPE_CHECKING:``: type checkers and readers see where each name lives, and at run
time nothing is imported there, so a command that needs one light module of the package (the
document item's ``extraction.sniff``, a settings module's ``matching.model``) does not load
the heavy others. :func:`lazy_names` reads those imports from the package's own source, once,
on the first name asked for: the one list cannot drift from what is loaded. Who calls it: the
packages' ``__init__`` modules, for their module ``__getattr__``.
"""

from __future__ import annotations

import ast
import sys
from importlib import import_module
from typing import Any, Callable

#: The guard whose imports list a package's names: ``if TYPE_CHECKING:``.
_GUARD = "TYPE_CHECKING"


def lazy_names(package: str) -> Callable[[str], Any]:
    """The module ``__getattr__`` of ``package`` (its ``__name__``): a name its guarded imports
    list, from its module (then kept in the package, so asked once); ``__all__``, those names
    sorted; anything else an ``AttributeError``. A dunder name other than ``__all__`` (pytest
    and the import system probe some) is refused before the source is read."""
    homes: dict[str, tuple[str, str]] = {}

    def __getattr__(name: str) -> Any:
        if name.startswith("__") and name != "__all__":
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        if not homes:
            homes.update(_guarded_imports(package))
        if name == "__all__":
            value: Any = sorted(homes)
        elif name in homes:
            module, original = homes[name]
            value = getattr(import_module(f"{package}.{module}"), original)
        else:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        setattr(sys.modules[package], name, value)
        return value

    return __getattr__


def _guarded_imports(package: str) -> dict[str, tuple[str, str]]:
    """Each name the package imports from its own modules under ``if TYPE_CHECKING:``: the
    name it is known by, then its module (relative to the package) and its name there. Read
    from the package's source through its loader (a zip or an egg serves it too). Called by
    :func:`lazy_names`, once per package."""
    spec = sys.modules[package].__spec__
    source = spec.loader.get_source(package) if spec and spec.loader else None
    if source is None:
        raise ImportError(f"{package}: its source, which lists its names, cannot be read")
    homes = {}
    for node in ast.parse(source).body:
        if not (isinstance(node, ast.If) and isinstance(node.test, ast.Name)
                and node.test.id == _GUARD):
            continue
        for statement in node.body:
            if isinstance(statement, ast.ImportFrom) and statement.level == 1 and statement.module:
                for alias in statement.names:
                    homes[alias.asname or alias.name] = (statement.module, alias.name)
    return homes
