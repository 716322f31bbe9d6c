# The two commands of the README.  Both build .venv from scratch when needed.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: play test bench clean

# `make play` prints nothing but the game: what pip says goes to $(VENV)/install.log, and
# only a failed install shows it.
INSTALL_LOG := $(VENV)/install.log
PIP = $(BIN)/python -m pip install --quiet --disable-pip-version-check

$(BIN)/python:
	@echo "Setting up $(VENV) (first run only; details in $(INSTALL_LOG))..."
	@$(PYTHON) -m venv $(VENV)
	@$(PIP) --upgrade pip >$(INSTALL_LOG) 2>&1 || { cat $(INSTALL_LOG); exit 1; }

$(VENV)/.installed: pyproject.toml | $(BIN)/python
	@$(PIP) -e ".[web]" >>$(INSTALL_LOG) 2>&1 || { cat $(INSTALL_LOG); exit 1; }
	@touch $@

# torch==2.13.0 first: the CPU build this machine keeps on disk; the train extra's range alone
# would make pip fetch a CUDA build of several GB
$(VENV)/.dev-installed: pyproject.toml | $(BIN)/python
	@$(PIP) torch==2.13.0 >>$(INSTALL_LOG) 2>&1 || { cat $(INSTALL_LOG); exit 1; }
	@$(PIP) -e ".[dev,research,web,ray,report,train]" >>$(INSTALL_LOG) 2>&1 || { cat $(INSTALL_LOG); exit 1; }
	@touch $@ $(VENV)/.installed

# the web app on SQLite in the data folder; it prints its address (the terminal game: woodlands play)
play: $(VENV)/.installed
	@$(BIN)/woodlands serve $(if $(PORT),--port $(PORT))

# scripts/setup-chromium.sh installs Debian's chromium for the browser tests and
# scripts/ci-services.sh starts what the tests need (PostgreSQL) and exports its URL; a missing
# piece fails the run.  --maxschedchunk 1: xdist hands tests out one at a time as workers free
# up (not a quarter of the run up front), so the longest tests, which tests/conftest.py puts
# first, are shared between the two workers and neither is left alone with them at the end
test: $(VENV)/.dev-installed
	scripts/setup-chromium.sh
	scripts/ci-services.sh $(BIN)/python -m pytest -n 2 --maxschedchunk 1

bench: $(VENV)/.installed
	for game in tanglewoods storyfold cursed-forest; do $(BIN)/woodlands bench $$game || exit 1; done

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .hypothesis
