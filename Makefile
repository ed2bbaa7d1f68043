# The two commands of the README:  `make demo`  and  `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: setup demo test bench clean

setup: $(VENV)/.installed
	@bash scripts/system-deps.sh

$(VENV)/.installed: requirements.txt requirements-test.txt
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -r requirements-test.txt
	touch $@

demo: setup
	$(BIN)/python demo/run_demo.py

test: setup
	$(BIN)/python -m pytest -q tests

bench: setup
	$(BIN)/python bench/bench_matcher.py

clean:
	rm -rf $(VENV) demo-output .pytest_cache
