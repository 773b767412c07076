# Two commands do all the set-up on a fresh Debian machine with Python 3.11:
#   make run    create the environment if needed and start the app
#   make test   create the environment if needed and run the whole test suite
#   make lock   refresh requirements.lock (written only if the whole test command passes on it)
#   make package  the Debian package (build/package/croupier-trainer_VERSION_amd64.deb)
PYTHON ?= python3
VENV ?= .venv
LOCK ?= requirements.lock
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: run test lint catalogs bench bench-largest screenshots mutants clean lock package smoke-test

# Exactly the versions (and hashes) the test suite passed with, the build backend included;
# then the app itself, editable, without resolving anything again. The environment is made
# anew from the lock alone (a package installed by hand does not survive a rebuild), and
# checked to hold exactly the lock's packages.
$(STAMP): pyproject.toml $(LOCK)
	rm -rf $(VENV)
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --require-hashes -r $(LOCK)
	$(PY) -m pip install --quiet --no-deps --no-build-isolation -e .
	$(PY) -m pip check
	@echo "Installed from $(LOCK):"; $(PY) -m pip list --format=freeze --exclude-editable
	$(PYTHON) .ci/installed-is-lock $(PY) $(LOCK)
	touch $(STAMP)

run: $(STAMP)
	$(PY) -m ui.system_check run
	$(PY) -m ui

test: $(STAMP) lint
	$(PY) -m ui.system_check test
	QT_QPA_PLATFORM=offscreen $(PY) -m pytest -n auto --dist loadfile --durations=20

lint: $(STAMP)
	$(PY) -m i18n.catalogs check
	$(VENV)/bin/ruff check .
	$(VENV)/bin/mypy
	$(VENV)/bin/lint-imports

# Re-extract the messages, merge them into the three catalogs and compile them.
catalogs: $(STAMP)
	$(PY) -m i18n.catalogs update

bench: $(STAMP)
	QT_QPA_PLATFORM=offscreen $(PY) -m pytest tests/benchmarks -s -p no:cacheprovider -o python_files="bench_*.py"

# The largest instructor's bundle allowed (5,000,000 rows), built and imported: about an hour
bench-largest: $(STAMP)
	BENCH_LARGEST=1 QT_QPA_PLATFORM=offscreen $(PY) -m pytest tests/benchmarks/bench_import_memory.py -s -p no:cacheprovider -o python_files="bench_*.py" -k 4780000

# Every screen, and every question (each skill and level), drawn at 150 % and 200 % in the
# three languages, and each game's table round, saved for a person to look at
# (tests/screenshots/scaled-*.png, question-*.png and rounds/); the test command checks the
# same screens fit or scroll.
screenshots: $(STAMP)
	for factor in 1.5 2; do QT_SCALE_FACTOR=$$factor QT_QPA_PLATFORM=offscreen \
		$(PY) -m pytest -q -p no:cacheprovider tests/ui/test_scaled_screens.py \
		tests/ui/test_every_question_fits.py tests/ui/screenshots_rounds.py || exit 1; done

# Mutation testing (slow; not part of make test): a fixed-seed sample of 30 mutants per
# module of trainer/ and i18n/money.py against that module's tests; survivors are listed.
mutants: $(STAMP)
	QT_QPA_PLATFORM=offscreen $(PY) -m tests.mutants $(MODULES)

lock:
	bash .ci/refresh-lock

# The app frozen with its own Python and libraries (PyInstaller, packaging/croupier-trainer.spec),
# then the .deb (packaging/linux/build_deb.py checks what went in and its sizes). No network.
VERSION = $(shell $(PYTHON) -c 'import re; print(re.search(r"__version__ = \"(.+)\"", open("trainer/__init__.py").read())[1])')
DEB := build/package/croupier-trainer_$(VERSION)_amd64.deb
package: $(STAMP)
	rm -rf build/dist build/pyinstaller build/icon
	QT_QPA_PLATFORM=offscreen $(PY) packaging/icons.py build/icon > /dev/null
	$(PY) -m PyInstaller --noconfirm --log-level ERROR --distpath build/dist \
		--workpath build/pyinstaller packaging/croupier-trainer.spec
	$(PY) packaging/linux/build_deb.py build/dist/croupier-trainer build/icon build/package

# Install the package, answer a question in its window under Xvfb, update it, remove it
# (as root: it installs and removes the package; needs xvfb and xdotool).
smoke-test: package
	bash packaging/linux/smoke_test.sh $(DEB)

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .ruff_cache .mypy_cache
