"""Every skill summary read once and kept while unchanged (m025_summaries_read_at_once): what
is kept is what a direct computation from the stored summaries gives, and it follows every
change — an answer recorded, a bundle merged, a trainee deleted, the mastery targets set."""

from decimal import Decimal

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.progress.conftest import answered
from trainer.progress.bundles.export import export_bundle
from trainer.progress.bundles.importing import import_bundle
from trainer.progress.bundles.source import INSTRUCTOR_DESK
from trainer.progress.learning.mastery import MasteryLevel, level_of, mastery, set_targets
from trainer.progress.learning.summaries import skill_states
from trainer.progress.learning.targets import MasteryTargets, load_targets
from trainer.progress.people.accounts import delete_person
from trainer.progress.people.leave import leave_to_see
from trainer.progress.reports import summaries_read
from trainer.progress.reports.figures import build_report, trainee_rows
from trainer.progress.reports.summaries_read import all_summaries
from trainer.progress.storage.database import connection
from trainer.progress.storage.ledger import add_person, record_attempt

DEMO = ("Demo Instructor",)


@pytest.fixture(autouse=True)
def nothing_kept():
    summaries_read.forget()
    yield
    summaries_read.forget()


def direct(store) -> dict[tuple[str, str], tuple]:
    """Each summary's figures and level, computed here from the stored summaries (the
    summaries' own reader and the mastery rule), nothing kept."""
    db = connection(store)
    table = load_targets(db)
    found = {}
    for (person,) in db.execute("SELECT DISTINCT person_id FROM skill_stats"):
        for skill, state in skill_states(db, person).items():
            target = table.of(skill)
            window = [(a.correct, a.response_ms) for a in state.recent[-target.window:]]
            found[person, skill] = (
                state.attempts, state.correct, state.total_ms, state.last_at,
                [a.response_ms for a in state.recent], level_of(window, target),
                sum(1 for right, _ms in window if right), len(window))
    return found


def kept(store) -> dict[tuple[str, str], tuple]:
    return {key: (s.attempts, s.correct, s.total_ms, s.last_at, list(map(int, s.times)),
                  s.level, s.recent_right, s.recent_count)
            for key, s in all_summaries(store).summaries.items()}


def version(store) -> int:
    row = connection(store).execute("SELECT version FROM summaries_version").fetchone()
    return int(row[0])


def test_what_is_kept_is_what_a_direct_computation_gives(store, classroom):
    assert kept(store) == direct(store) != {}
    trainee = next(p for p in store.people() if p.role == "trainee")
    levels = {m.skill: m.level for m in mastery(leave_to_see(store, classroom, trainee.id))}
    mine = {skill: s.level for (person, skill), s in all_summaries(store).summaries.items()
            if person == trainee.id}
    assert mine == levels  # the trainee's own mastery page says the same


def test_a_second_read_is_the_one_kept_until_a_summary_changes(store, classroom, ana):
    first = all_summaries(store)
    assert all_summaries(store) is first
    before = version(store)
    record_attempt(store, ana.person.id, None, *answered(seed=3), 2500)
    assert version(store) == before + 1
    again = all_summaries(store)
    assert again is not first
    assert kept(store) == direct(store)
    assert again.summaries[ana.person.id, "thirteen.first_seat"].attempts == 1


def test_kept_follows_each_answer_recorded(store, classroom, ana):
    all_summaries(store)
    for seed, right in ((1, True), (2, False), (3, True)):
        record_attempt(store, ana.person.id, None, *answered(seed=seed, right=right), 3000)
        assert kept(store) == direct(store)
    ana_figures = all_summaries(store).summaries[ana.person.id, "thirteen.first_seat"]
    assert (ana_figures.attempts, ana_figures.correct) == (3, 2)


def test_kept_follows_a_merged_bundle(store, classroom, other, tmp_path):
    desk, teacher = other
    all_summaries(desk)  # the other desk kept its (empty) summaries
    assert kept(desk) == {}
    bundle = export_bundle(store, classroom, tmp_path / "everyone.zip",
                           with_instructors=True).path
    import_bundle(desk, teacher, bundle, accept_instructors=DEMO, source=INSTRUCTOR_DESK)
    assert kept(desk) == direct(desk) == direct(store)


def test_kept_follows_a_trainee_deleted(store, classroom):
    trainee = next(p for p in store.people() if p.role == "trainee")
    assert any(person == trainee.id for person, _skill in all_summaries(store).summaries)
    delete_person(store, classroom, trainee.id)
    assert not any(person == trainee.id for person, _skill in all_summaries(store).summaries)
    assert kept(store) == direct(store)


def test_levels_are_judged_again_by_new_targets(store, classroom):
    before = {key: s.level for key, s in all_summaries(store).summaries.items()}
    set_targets(store, classroom, MasteryTargets(  # one answer right in a day: mastered
        window=1, mastered_share=Decimal("0.01"), practised_share=Decimal("0.01"),
        target_ms=86_400_000, fast_ms=1))
    after = {key: s.level for key, s in all_summaries(store).summaries.items()}
    assert kept(store) == direct(store)
    assert MasteryLevel.MASTERED not in before.values()
    assert MasteryLevel.MASTERED in after.values()


def test_reports_on_kept_summaries_equal_reports_read_anew(store, classroom, ana):
    record_attempt(store, ana.person.id, None, *answered(seed=4), 4000)
    everyone = leave_to_see(store, classroom)
    anew = build_report(everyone, exams=False)
    assert build_report(everyone, exams=False, kept=True).trainees == anew.trainees
    assert build_report(everyone, exams=False, kept=True).skills == anew.skills
    assert trainee_rows(everyone, kept=True) == trainee_rows(everyone) == anew.trainees


def test_another_database_at_the_same_place_is_not_taken_for_the_one_kept(tmp_path):
    """A database made again at the same path has an id of its own: nothing kept of the
    first one is given for it, even at the same count of changes."""
    from trainer.progress import Store

    path = tmp_path / "progress.sqlite3"
    with Store(path, backup=False) as store:
        person = add_person(store, "Ana Lei")
        record_attempt(store, person.id, None, *answered(seed=1), 3000)
        first = kept(store)
    for name in ("", "-wal", "-shm"):
        path.with_name(path.name + name).unlink(missing_ok=True)
    with Store(path, backup=False) as store:
        person = add_person(store, "Bruno Chan")
        record_attempt(store, person.id, None, *answered(seed=1, right=False), 3000)
        assert kept(store) == direct(store) != first


@settings(max_examples=15, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.tuples(st.integers(1, 40), st.booleans(),
                          st.integers(200, 30_000)), min_size=1, max_size=25))
def test_kept_equals_direct_whatever_the_answers(store, ana, answers):
    for seed, right, ms in answers:
        record_attempt(store, ana.person.id, None, *answered(seed=seed, right=right), ms)
        assert kept(store) == direct(store)


@pytest.mark.parametrize(("recent", "damaged"), [
    ("[[1,02,1]]", True),  # a flipped bit made "12" "02": not JSON
    ("[[1,1200,1],[0]]", True),  # an answer of one number
    ('{"a":[1,2,3]}', True),
    ("[[1, 1200, 1], [0, 900, 2]]", False),  # JSON, though not as written: read alone
    ("[]", False),
])
def test_last_answers_read_at_once_are_read_as_alone(store, classroom, recent, damaged):
    """The last answers of every summary are read in one go when each is plainly
    ``[[n,n,n],…]``; any other text sends them all to the JSON reader, one by one, which
    names the damaged as before."""
    from tests.progress.conftest import damage

    person, skill = connection(store).execute(
        "SELECT person_id, skill FROM skill_stats ORDER BY rowid LIMIT 1").fetchone()
    damage(store.path, "UPDATE skill_stats SET recent = ? WHERE person_id = ? AND skill = ?",
           [recent, person, skill])
    store.damaged_rows.clear()
    read = all_summaries(store, kept=False).summaries
    assert ((person, skill) not in read) is damaged
    assert len(store.damaged_rows) == int(damaged)
    if not damaged:
        assert list(map(int, read[person, skill].times)) == [
            ms for _right, ms, _d in __import__("json").loads(recent)]
    assert kept(store) == {key: value for key, value in direct(store).items()
                           if key != (person, skill) or not damaged}


@pytest.mark.parametrize(("texts", "together"), [
    (["[[1,2,3]]", "[]", "[[0,1200,1],[1,10,2]]"], True),
    (["[]"], True),
    ([], True),
    (["[[1,02,3]]", "[[1,2,3]]"], False),  # a leading zero: not JSON
    (["[[1,99999999999999999999,3]]"], False),  # past what is read together
    (["[[1,2,3] ]"], False),  # JSON, not as written
    (["[[1,2]]"], False),
    (["[[1,2,3]", "[1,2,3]]"], False),  # two damaged texts that make one whole
])
def test_last_answers_are_read_together_only_when_each_is_plainly_written(texts, together):
    from trainer.progress.reports.summaries_read import _answers_at_once

    read = _answers_at_once(texts)
    assert (read is not None) is together
    if read is not None:
        import json
        assert [rows.tolist() for rows in read] == [json.loads(text) for text in texts]
