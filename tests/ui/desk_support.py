"""Fixtures of the instructor desk tests (a plugin: ``pytest_plugins`` in the test modules).

An instructor, three trainees of whom two have answered questions of several kinds, and
the desk itself, shown at 1280×800.
"""

from __future__ import annotations

import pytest

from tests.ui.desk_data import PASSWORD, SKILLS, TRAINEES, record
from trainer.progress import Role
from trainer.progress.people.accounts import add_instructor, sign_in
from trainer.progress.storage.ledger import add_person
from ui.app import STYLE
from ui.palette import styled


@pytest.fixture
def instructor(store):
    person = add_instructor(store, "Maria Lei", PASSWORD)
    return sign_in(store, person.id, PASSWORD)


@pytest.fixture
def classroom(store, instructor):
    """Three trainees; the first two have answered questions of several kinds."""
    people = [add_person(store, name, Role.TRAINEE) for name in TRAINEES]
    for n, skill in enumerate(SKILLS):
        for seed in range(3):
            record(store, people[0].id, skill, 100 + seed, right=(seed + n) % 3 != 0,
                   ms=4000 + 900 * seed)
        record(store, people[1].id, skill, 7, right=n % 2 == 0, ms=8100)
    return people


@pytest.fixture
def desk(qtbot, qapp, store, instructor, classroom):
    from ui.desk.desk import InstructorDesk

    styled(qapp, STYLE)
    widget = InstructorDesk(store, instructor)
    qtbot.addWidget(widget)
    widget.resize(1280, 800)
    widget.show()
    qtbot.waitExposed(widget)
    yield widget
    from ui.desk.jobs import running_jobs

    qtbot.waitUntil(lambda: running_jobs() == 0, timeout=30_000)


@pytest.fixture
def switcher(qapp):
    """Switch languages like the app does; back to English (Qt's dialogs too) afterwards."""
    from ui.language import LanguageSwitcher

    switching = LanguageSwitcher(qapp)
    yield switching
    switching.switch("en")
