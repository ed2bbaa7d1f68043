"""scrapyd-deploy builds the egg with ``python setup.py bdist_egg`` and writes a setup.py of its
own (shipping tests/, missing the settings) when there is none; all metadata is in pyproject.toml.

The egg carries each module's bytecode beside its source (:class:`EggWithBytecode`).
"""

import os
import re
import sys

from setuptools import setup
from setuptools.command.bdist_egg import bdist_egg

#: setuptools' name for a module's bytecode in ``__pycache__``: ``name.cpython-311.pyc``.
CACHED_BYTECODE = re.compile(r"(?P<module>[^.]+)\.[^.]+\.pyc")


class EggWithBytecode(bdist_egg):
    """``bdist_egg`` whose egg Scrapy's jobs import without compiling anything.

    Why: Scrapyd imports the project from the egg (a zip), and Python looks for a module's
    bytecode in a zip only beside its source, never in ``__pycache__`` where setuptools
    compiles it; and where ``PYTHONDONTWRITEBYTECODE`` is set in the deploying shell (Debian's
    CI images, this project's test machine) setuptools compiles nothing. Every Scrapyd job and
    every parser process it starts then compiled the project's ~125 modules from source
    (~0.3 s a process; nothing can write bytecode into a zip). Here the egg is always compiled
    and each ``__pycache__`` file moves beside its module; the sources stay, so tracebacks
    show their lines, and a Python of another version compiles from them.
    """

    def finalize_options(self) -> None:
        super().finalize_options()
        sys.dont_write_bytecode = False  # setuptools compiles only when Python may write bytecode
        self.exclude_source_files = True  # the hook below runs: bdist_egg's zap_pyfiles

    def zap_pyfiles(self) -> None:
        """Bytecode beside its module, sources kept (bdist_egg's own would delete them)."""
        for base, _, files in os.walk(self.bdist_dir):
            if os.path.basename(base) != "__pycache__":
                continue
            for name in files:
                cached = CACHED_BYTECODE.fullmatch(name)
                if cached:
                    os.replace(os.path.join(base, name),
                               os.path.join(os.path.dirname(base), cached["module"] + ".pyc"))


setup(cmdclass={"bdist_egg": EggWithBytecode})
