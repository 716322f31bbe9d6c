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
	@$(PIP) -e . >>$(INSTALL_LOG) 2>&1 || { cat $(INSTALL_LOG); exit 1; }
	@touch $@

$(VENV)/.dev-installed: pyproject.toml | $(BIN)/python
	@$(PIP) -e ".[dev,ray,report]" >>$(INSTALL_LOG) 2>&1 || { cat $(INSTALL_LOG); exit 1; }
	@touch $@ $(VENV)/.installed

play: $(VENV)/.installed
	@$(BIN)/woodlands play $(GAME)

test: $(VENV)/.dev-installed
	$(BIN)/python -m pytest -n 2

bench: $(VENV)/.installed
	for game in tanglewoods storyfold cursed-forest; do $(BIN)/woodlands bench $$game || exit 1; done

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .hypothesis
