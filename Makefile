# The two commands of the README:  `make demo`  and  `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: setup demo test bench clean scrapyd-host

# A venv's stamp is named by the content of the requirements it was built from, not dated by
# them: a checkout (a git worktree whose .venv links to the main tree's, a branch switch) gives
# the files a newer time without changing a line, which must not rebuild the venv. A changed
# requirement names another stamp; a fresh clone has none.
contents_of = $(firstword $(shell cat $(1) | cksum))
INSTALLED := $(VENV)/.installed-$(call contents_of,requirements.txt requirements-test.txt requirements-scrapyd.txt)
SCRAPYD_HOST := $(VENV)/.scrapyd-host-$(call contents_of,requirements.txt requirements-scrapyd.txt)
# The bytecode is the checkout's own (worktrees share a venv, not their files): its stamp lies
# in the checkout's top __pycache__, dated as the bytecode is by the sources it is compiled
# from (the files scripts/compile-bytecode.sh compiles: none under a top-level dot-directory).
# A rebuilt venv (perhaps another Python) compiles them again.
BYTECODE := __pycache__/.compiled
PROJECT_SOURCES := $(shell find . -path './.*' -prune -o -name '*.py' -print)

# The Debian packages the crawl and the tests need, then the project byte-compiled
# (scripts/compile-bytecode.sh says why). system-deps.sh has no stamp: what it depends on is
# the machine's commands, which it looks up itself (a few milliseconds) before it installs
# anything, so a package removed since is installed again by the next `make setup`.
setup: $(INSTALLED) $(BYTECODE)
	@bash scripts/system-deps.sh

$(BYTECODE): $(PROJECT_SOURCES) scripts/compile-bytecode.sh $(INSTALLED)
	@bash scripts/compile-bytecode.sh $(BIN)/python
	@mkdir -p $(@D)
	@touch $@

$(INSTALLED):
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -r requirements-test.txt
	rm -f $(VENV)/.installed*
	touch $@

# Everything a Scrapyd host needs (README "Run under Scrapyd"): Debian packages + .venv with
# the crawl's packages, scrapyd and scrapyd-client. Then: .venv/bin/scrapyd
scrapyd-host: $(SCRAPYD_HOST)
	@bash scripts/system-deps.sh

$(SCRAPYD_HOST):
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -r requirements-scrapyd.txt
	rm -f $(VENV)/.scrapyd-host*
	touch $@

demo: setup
	$(BIN)/python demo/run_demo.py

# Two phases, both always run: the tests that do not mind a neighbour three at a time, then
# those marked `alone` (pyproject.toml) one at a time, so that a neighbour's load can move no
# deadline they measure. One process for the whole suite took 13 minutes on 2 cores. Three
# processes on 2 cores: most of these tests wait on their servers and subprocesses, and a third
# process runs while the other two wait. Work stealing: a process that runs out takes tests
# from the others, so no slow test left at the end of one queue runs while the others idle.
# PYTHONDONTWRITEBYTECODE emptied for the suite: pytest rewrites the test modules' asserts when
# it collects them and keeps the result beside them only where bytecode may be written; else
# every test process (each of the first phase's, then the second phase's) rewrites all of them.
TEST_PROCESSES ?= 3
test: setup
	@status=0; \
	PYTHONDONTWRITEBYTECODE= $(BIN)/python -m pytest -q tests -n $(TEST_PROCESSES) --dist worksteal -m "not alone" || status=$$?; \
	PYTHONDONTWRITEBYTECODE= $(BIN)/python -m pytest -q tests -m alone || status=$$?; \
	exit $$status

bench: setup
	$(BIN)/python bench/bench_matcher.py

clean:
	rm -rf $(VENV) demo-output .pytest_cache $(BYTECODE)
