# The two commands a newcomer needs: `make play` and `make test`.
# Both create .venv and install the pinned host packages on first use.
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-stamp
MP_DIR := host_sim/testing/micropython_runner

.PHONY: play test bench bundle deploy clean

$(STAMP): requirements-dev.txt
	python3 -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -r requirements-dev.txt
	touch $@

play: $(STAMP)
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

bundle: $(STAMP)
	$(PY) -m host_sim bundle $(MPY_FLAG)

deploy: $(STAMP)
	$(PY) -m host_sim bundle $(MPY_FLAG) --deploy "$(CIRCUITPY)"

clean:
	rm -rf build $(MP_DIR)/node_modules
