# Two commands do all the set-up on a fresh Debian machine with Python 3.11:
#   make run    create the environment if needed and start the app
#   make test   create the environment if needed and run the whole test suite
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: run test lint catalogs bench screenshots clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e ".[test]"
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

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .ruff_cache
