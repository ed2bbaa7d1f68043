#!/usr/bin/env bash
# Byte-compiles a checkout's modules: every .py outside its top-level dot-directories (.venv is
# pip's to compile, .git has none). Why: with PYTHONDONTWRITEBYTECODE set (as on our CI machine)
# Python never writes __pycache__ for the project, and every crawl and parser process compiled
# its ~90 modules from source again, ~0.7 s of CPU per crawl (bench/README.md, sixteenth
# session). Quick when nothing changed; a stale file is never used (Python checks the source's
# mtime and size). Called by `make setup`, and by the crawl benchmarks for each checkout they
# time (bench/crawlbench/bytecode.py).
# Usage: compile-bytecode.sh PYTHON [CHECKOUT]   (the checkout defaults to the current directory)
set -euo pipefail
python="${1:?usage: compile-bytecode.sh PYTHON [CHECKOUT]}"
cd "${2:-.}"
# Paths relative to the checkout ("./x/y.py"), so that a checkout under a dot-directory of its
# own (~/.src/citeseeker) is still compiled.
exec "$python" -m compileall -q -x '^\./\.' .
