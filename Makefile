# The two commands of the README:  `make demo`  and  `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: setup demo test bench clean scrapyd-host

# The project's modules byte-compiled (all but dot-directories: .venv is pip's, .git): Python
# may not do it itself. With PYTHONDONTWRITEBYTECODE set (as on our CI machine) every crawl
# and every parser process compiled the project's ~90 modules from source again, ~0.7 s of CPU
# per crawl (bench/README.md, sixteenth session). Quick when nothing changed; a stale file is
# never used (Python checks the source's mtime and size).
setup: $(VENV)/.installed
	@bash scripts/system-deps.sh
	@$(BIN)/python -m compileall -q -x '/\.' .

$(VENV)/.installed: requirements.txt requirements-test.txt requirements-scrapyd.txt
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -r requirements-test.txt
	touch $@

# Everything a Scrapyd host needs (README "Run under Scrapyd"): Debian packages + .venv with
# the crawl's packages, scrapyd and scrapyd-client. Then: .venv/bin/scrapyd
scrapyd-host: $(VENV)/.scrapyd-host
	@bash scripts/system-deps.sh

$(VENV)/.scrapyd-host: requirements.txt requirements-scrapyd.txt
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -r requirements-scrapyd.txt
	touch $@

demo: setup
	$(BIN)/python demo/run_demo.py

test: setup
	$(BIN)/python -m pytest -q tests

bench: setup
	$(BIN)/python bench/bench_matcher.py

clean:
	rm -rf $(VENV) demo-output .pytest_cache
