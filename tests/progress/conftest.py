"""A signed-in instructor and trainees, a small demo classroom, and a database dump."""

import sqlite3
from datetime import UTC, datetime

import pytest

from questions.regrade import GRADER
from trainer.progress import Store
from trainer.progress.bundles.export import export_bundle
from trainer.progress.demo import DEMO_PASSWORD, DEMO_SKILLS, build_demo
from trainer.progress.people.accounts import add_instructor, sign_in
from trainer.progress.storage.ledger import add_person
from trainer.rules.house import HouseRules

PASSWORD = "correct horse"
#: A fixed "now" for the demo classroom, so every run builds the same one.
DEMO_END = datetime(2025, 3, 14, 18, 0, tzinfo=UTC)


@pytest.fixture
def instructor(store):
    person = add_instructor(store, "Mestre Lei", PASSWORD)
    return sign_in(store, person.id, PASSWORD)


@pytest.fixture
def ana(store):
    return sign_in(store, add_person(store, "Ana Lei").id)


@pytest.fixture
def bruno(store):
    return sign_in(store, add_person(store, "Bruno Chan").id)


@pytest.fixture
def classroom(store):
    """Four trainees, about 600 answers over six weeks on one 13-card skill,
    one exam, and its instructor."""
    build_demo(store, trainees=4, attempts=600, seed=7, weeks=6, end=DEMO_END,
               skills=DEMO_SKILLS[:1])
    [teacher] = [p for p in store.people() if p.role == "instructor"]
    return sign_in(store, teacher.id, DEMO_PASSWORD)


@pytest.fixture
def bundle(store, classroom, tmp_path):
    """Everyone's bundle with the instructors, as an instructor exports it on purpose."""
    return export_bundle(store, classroom, tmp_path / "everyone.zip",
                         with_instructors=True).path


def dump(path) -> list[str]:
    """Everything in the database, as SQL text: equal dumps mean an untouched database."""
    connection = sqlite3.connect(path)
    try:
        return list(connection.iterdump())
    finally:
        connection.close()


def question(skill="thirteen.first_seat", seed=1, difficulty=1):
    return {"version": 1, "skill": skill, "seed": seed, "difficulty": difficulty}


def answered(skill="thirteen.first_seat", seed=1, difficulty=1, right=True):
    """The question as the app stores it, a real answer to it (right or wrong) and the rules
    core's grade: ``(question, answer, correct, score)``, as ``record_attempt`` takes them
    (answers that travel in a trainee's bundle are graded again)."""
    rules = HouseRules()
    answer = GRADER.answer(skill, seed, difficulty, rules, right)
    stored, correct, score = GRADER.regrade(skill, seed, difficulty, rules, answer, right)
    return stored, answer, correct, score


@pytest.fixture
def other(tmp_path):
    """A second desktop with its own instructor, signed in."""
    with Store(tmp_path / "other" / "progress.sqlite3") as desk:
        person = add_instructor(desk, "Outra Mestre", PASSWORD)
        yield desk, sign_in(desk, person.id, PASSWORD)


def damage(path, statement, args=()):
    """Write into the file as a flipped bit would: past the triggers that guard it."""
    raw = sqlite3.connect(path)
    triggers = raw.execute("SELECT name, sql FROM sqlite_master WHERE type = 'trigger'").fetchall()
    for name, _sql in triggers:
        raw.execute(f"DROP TRIGGER {name}")
    raw.execute(statement, args)
    for _name, sql in triggers:
        raw.execute(sql)
    raw.commit()
    raw.close()
