# Two commands do all the set-up on a fresh Debian machine with Python 3.11:
#   make run    create the environment if needed and start the app
#   make test   create the environment if needed and run the whole test suite
#   make lock   refresh requirements.lock (written only if the whole test command passes on it)
PYTHON ?= python3
VENV ?= .venv
LOCK ?= requirements.lock
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: run test lint catalogs bench screenshots clean lock

# Exactly the versions (and hashes) the test suite passed with, the build backend included;
# then the app itself, editable, without resolving anything again.
$(STAMP): pyproject.toml $(LOCK)
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --require-hashes -r $(LOCK)
	$(PY) -m pip install --quiet --no-deps --no-build-isolation -e .
	$(PY) -m pip check
	@echo "Installed from $(LOCK):"; $(PY) -m pip list --format=freeze --exclude-editable
	touch $(STAMP)

run: $(STAMP)
	$(PY) -m ui.system_check run
	$(PY) -m ui

test: $(STAMP) lint
	$(PY) -m ui.system_check test
	QT_QPA_PLATFORM=offscreen $(PY) -m pytest

lint: $(STAMP)
	$(PY) -m i18n.catalogs check
	$(VENV)/bin/ruff check .
	$(VENV)/bin/lint-imports

# Re-extract the messages, merge them into the three catalogs and compile them.
catalogs: $(STAMP)
	$(PY) -m i18n.catalogs update

bench: $(STAMP)
	QT_QPA_PLATFORM=offscreen $(PY) -m pytest tests/benchmarks -s -p no:cacheprovider -o python_files="bench_*.py"

lock:
	bash .ci/refresh-lock

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .ruff_cache
