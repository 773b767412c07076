"""Headless Qt for every test, and a fresh language and store per test."""

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
# A machine where the package is installed may have IT's school settings: not the tests'.
os.environ["CROUPIER_TRAINER_MACHINE_SETTINGS"] = os.devnull

from pathlib import Path

import pytest
from hypothesis import settings

import i18n
from trainer.progress import Store

# Properties are CPU-bound and a loaded CI machine is slow: no property fails for taking its
# time (Hypothesis' default deadline is 200 ms per example). Each test's own @settings
# still sets how many examples it tries.
settings.register_profile("no-deadline", deadline=None)
settings.load_profile("no-deadline")


@pytest.fixture(autouse=True)
def english():
    """Each test starts in English and leaves the language as it found it."""
    i18n.set_language("en")
    yield
    i18n.set_language("en")


@pytest.fixture(autouse=True)
def no_log_left_open():
    """A test that started the app's log (the command line does) leaves none open for the
    next test to write into."""
    yield
    from trainer.progress.logbook import stop_log

    stop_log()


@pytest.fixture
def store(tmp_path: Path):
    with Store(tmp_path / "progress.sqlite3") as opened:
        yield opened


@pytest.fixture(scope="session")
def screenshot_dir() -> Path:
    path = Path(__file__).parent / "screenshots"
    path.mkdir(exist_ok=True)
    return path
