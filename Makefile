# The two commands a newcomer needs: `make play` and `make test`.
# Each target creates .venv and installs the pinned host packages it needs on first use:
# `make play` the simulator's (requirements-play.txt), `make bundle` and `make deploy` the
# board's stubs (requirements-bundle.txt), `make test` everything (requirements-dev.txt).
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-stamp
PLAY_STAMP := $(VENV)/.play-stamp
BUNDLE_STAMP := $(VENV)/.bundle-stamp
MP_DIR := host_sim/testing/micropython_runner

.PHONY: play test bench bundle deploy clean

# "True" if $(PYTHON) can run the laptop side (asked only where .venv is made)
NEW_ENOUGH = $(shell $(PYTHON) -c 'import sys; print(sys.version_info >= (3, 11))' 2>/dev/null)

# Make .venv with $(PYTHON) and install the requirements file $(1) into it.
define install
	$(if $(filter True,$(NEW_ENOUGH)),,$(error Lost Cities needs Python 3.11 or newer on the \
	laptop, and $(PYTHON) is $(or $(shell $(PYTHON) --version 2>&1),missing): install a newer \
	one and name it, e.g. make $(or $(MAKECMDGOALS),play) PYTHON=python3.12))
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -r $(1)
	touch $@
endef

$(STAMP): requirements-dev.txt requirements-play.txt requirements-bundle.txt
	$(call install,requirements-dev.txt)
	touch $(PLAY_STAMP) $(BUNDLE_STAMP)

$(PLAY_STAMP): requirements-play.txt
	$(call install,requirements-play.txt)

$(BUNDLE_STAMP): requirements-bundle.txt
	$(call install,requirements-bundle.txt)

play: $(PLAY_STAMP)
	$(PY) -m host_sim --save lostcities.nvm

test: $(STAMP)
	@if command -v npm >/dev/null 2>&1; then \
		npm install --prefix $(MP_DIR) --no-audit --no-fund --loglevel=error; \
	else echo "npm not found: the MicroPython tests will be skipped"; fi
	$(VENV)/bin/pytest

bench: $(STAMP)
	$(PY) -m host_sim bench

# CircuitPython's mpy-cross: MPY_CROSS=path (else on PATH or ../shared/tools/mpy-cross)
MPY_FLAG = $(if $(MPY_CROSS),--mpy-cross "$(MPY_CROSS)")

bundle: $(BUNDLE_STAMP)
	$(PY) -m host_sim bundle $(MPY_FLAG)

deploy: $(BUNDLE_STAMP)
	$(PY) -m host_sim bundle $(MPY_FLAG) --deploy "$(CIRCUITPY)"

clean:
	rm -rf build $(MP_DIR)/node_modules
