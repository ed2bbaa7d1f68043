"""Build the project's distributions in a test, from a copy of the working tree, as a user would.

The copy keeps the build's by-products (``build/``, ``*.egg-info``, scrapyd-deploy's setup.py if
ours were missing) out of the checkout, and proves the tree builds with nothing but its own files.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

PROJECT_ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent
#: The checkout's folders holding the Scrapy components, shipped as ``citeseeker_scrapy.<name>``.
COMPONENT_TREES = ("spiders", "pipelines", "middlewares", "extensions")
IGNORED = shutil.ignore_patterns(".venv", ".git", "__pycache__", "*.pyc", "build", "*.egg-info",
                                 "logs", "crawls", "demo-output", ".pytest_cache", ".hypothesis")


def copy_project(destination: Path) -> Path:
    shutil.copytree(PROJECT_ROOT, destination, ignore=IGNORED)
    return destination


def project_packages() -> set[str]:
    """Dotted names of the project's packages once installed (directories with ``__init__.py``):
    the core's, and the component folders' under the core's name, plus the inputs."""
    names = {"citeseeker_scrapy.inputs"}
    for tree in ("citeseeker_scrapy", *COMPONENT_TREES):
        prefix = () if tree == "citeseeker_scrapy" else ("citeseeker_scrapy",)
        for init in (PROJECT_ROOT / tree).rglob("__init__.py"):
            names.add(".".join(prefix + init.parent.relative_to(PROJECT_ROOT).parts))
    return names


def shipped_packages(archive: Path) -> set[str]:
    """Dotted names of the directories holding files in a wheel or an egg (metadata aside)."""
    with zipfile.ZipFile(archive) as opened:
        directories = {str(Path(name).parent) for name in opened.namelist()}
    return {d.replace("/", ".") for d in directories
            if d != "." and not d.endswith((".dist-info", "EGG-INFO"))}


def run(argv: list[str], cwd: Path, timeout: float = 120,
        env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    """``argv`` in ``cwd`` with :func:`clean_environment` plus ``env``; it must succeed."""
    done = subprocess.run(argv, cwd=cwd, capture_output=True, text=True, timeout=timeout,
                          env={**clean_environment(), **(env or {})})
    assert done.returncode == 0, f"{argv}:\n{done.stdout[-2000:]}\n{done.stderr[-3000:]}"
    return done


def clean_environment() -> dict[str, str]:
    """The test's environment without PYTHONPATH: the project must come from what was built."""
    return {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "SCRAPY_SETTINGS_MODULE")}


def build_egg(project: Path, egg: Path) -> Path:
    """The egg exactly as ``scrapyd-deploy`` builds it (``python setup.py bdist_egg``), from a
    shell that asks Python to write no bytecode (the egg must carry it all the same)."""
    run([str(BIN / "scrapyd-deploy"), f"--build-egg={egg}"], cwd=project,
        env={"PYTHONDONTWRITEBYTECODE": "1"})
    return egg


def build_wheel(project: Path, out: Path) -> Path:
    """The wheel ``pip install .`` would install (no build isolation: no download needed)."""
    run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation",
         "-w", str(out), str(project)], cwd=project, timeout=180)
    return next(out.glob("*.whl"))
