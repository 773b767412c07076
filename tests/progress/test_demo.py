"""What a demo classroom looks like: the shape the reports and the benchmarks rely on.

Trainees join in the first two weeks, practise in sessions on office hours, get better and
faster with practice, climb the difficulty ladder, and most sit the one mid-course exam."""

import json
import random
import statistics
from collections import defaultdict
from datetime import UTC, datetime, timedelta
from decimal import Decimal

import pytest

from trainer.progress import Role, Store
from trainer.progress.demo import (
    DEMO_INSTRUCTOR,
    DEMO_PASSWORD,
    DEMO_SKILLS,
    _names,
    build_demo,
)
from trainer.progress.learning.targets import MasteryTargets, rating_for
from trainer.progress.people.accounts import add_instructor
from trainer.progress.storage.database import connection
from trainer.progress.storage.store import StoreError

END = datetime(2025, 6, 2, 18, 0, tzinfo=UTC)
WEEKS = 8
START = END - timedelta(weeks=WEEKS)
TRAINEES, ATTEMPTS = 40, 12_000
#: Three skills, so that trainees reach the top of the difficulty ladder.
SKILLS = DEMO_SKILLS[:3]


def _at(text: str) -> datetime:
    return datetime.fromisoformat(text)


@pytest.fixture(scope="module")
def demo(tmp_path_factory):
    path = tmp_path_factory.mktemp("demo") / "demo.sqlite3"
    with Store(path) as store:
        made = build_demo(store, TRAINEES, ATTEMPTS, seed=5, weeks=WEEKS, end=END,
                          skills=SKILLS)
        yield made, store


def _rows(store, sql, *args):
    cursor = connection(store).execute(sql, list(args))
    names = [c[0] for c in cursor.description]
    return [dict(zip(names, row, strict=True)) for row in cursor.fetchall()]


def test_it_holds_exactly_the_answers_asked_for_and_says_so(demo):
    made, store = demo
    count = connection(store).execute("SELECT count(*) FROM attempts").fetchone()[0]
    assert count == made.attempts == ATTEMPTS
    assert (made.trainees, made.instructor, made.password) == (
        TRAINEES, DEMO_INSTRUCTOR, DEMO_PASSWORD)


def test_trainees_have_distinct_names_languages_and_uneven_shares(demo):
    _made, store = demo
    people = _rows(store, "SELECT id, name, language FROM people WHERE role = ?",
                   Role.TRAINEE.value)
    assert len(people) == TRAINEES == len({p["name"] for p in people})
    assert {p["language"] for p in people} == {"zh_Hant_MO", "pt_MO", "en"}
    shares = [n for (n,) in connection(store).execute(
        "SELECT count(*) FROM attempts GROUP BY person_id").fetchall()]
    assert len(shares) == TRAINEES and max(shares) > 1.5 * min(shares)


def test_names_past_the_pool_are_numbered_never_repeated():
    names = list(_names(random.Random(1), 450))
    assert len(set(names)) == 450
    first = names[:202]
    assert not any(name[-1].isdigit() for name in first)
    assert names[202] == f"{first[0]} 2" and names[404] == f"{first[0]} 3"
    assert names[203] == f"{first[1]} 2"


def test_trainees_join_in_the_first_two_weeks_and_answer_only_after(demo):
    _made, store = demo
    for person in _rows(store, "SELECT id, created_at FROM people WHERE role = ?",
                        Role.TRAINEE.value):
        joined = _at(person["created_at"])
        assert START <= joined <= START + timedelta(days=14)
        first = connection(store).execute(
                "SELECT min(answered_at) FROM attempts WHERE person_id = ?",
                                 [person["id"]]).fetchone()[0]
        assert _at(first) >= joined.replace(hour=0, minute=0, second=0, microsecond=0)
    last = connection(store).execute("SELECT max(answered_at) FROM attempts").fetchone()[0]
    assert _at(last) < END


def test_sessions_start_in_office_hours_and_hold_their_answers(demo):
    _made, store = demo
    sessions = _rows(store, "SELECT id, started_at, ended_at, mode FROM sessions")
    focus: list[int] = []  # how many skills each session practised
    assert {s["mode"] for s in sessions} == {"practice"}
    assert {_at(s["started_at"]).hour for s in sessions} == set(range(1, 10))
    for session in sessions:
        answers = _rows(store, "SELECT answered_at, response_ms, skill FROM attempts "
                        "WHERE session_id = ? ORDER BY rowid", session["id"])
        assert answers[0]["answered_at"] == session["started_at"]
        assert answers[-1]["answered_at"] == session["ended_at"]
        assert 1 <= len({a["skill"] for a in answers}) <= 3
        focus.append(len({a["skill"] for a in answers}))
        for before, after in zip(answers, answers[1:], strict=False):
            gap = (_at(after["answered_at"]) - _at(before["answered_at"])) / timedelta(
                milliseconds=1)
            assert 2000 <= gap - before["response_ms"] <= 9000
    assert min(focus) == 1 and max(focus) == 3  # one to three skills a session


def test_sessions_hold_about_25_answers_each(demo):
    _made, store = demo
    sizes = [n for (n,) in connection(store).execute(
        "SELECT count(*) FROM attempts WHERE session_id IS NOT NULL GROUP BY session_id")]
    assert 25 <= statistics.mean(sizes) < 30 and max(sizes) < 50


def test_the_difficulty_climbs_after_40_and_120_answers_of_a_skill(demo):
    _made, store = demo
    seen: dict[tuple[str, str], int] = defaultdict(int)
    levels = set()
    for row in _rows(store, "SELECT person_id, skill, difficulty, sitting_id FROM attempts "
                     "ORDER BY rowid"):
        done = seen[row["person_id"], row["skill"]]
        seen[row["person_id"], row["skill"]] = done + 1
        if row["sitting_id"] is None:
            assert row["difficulty"] == 1 + (done > 40) + (done > 120), done
            levels.add(row["difficulty"])
    assert levels == {1, 2, 3}


def _by_experience(store):
    seen: dict[tuple[str, str], int] = defaultdict(int)
    early, late = [], []
    for row in _rows(store, "SELECT person_id, skill, correct, response_ms FROM attempts "
                     "WHERE sitting_id IS NULL ORDER BY rowid"):
        done = seen[row["person_id"], row["skill"]]
        seen[row["person_id"], row["skill"]] = done + 1
        if done < 10:
            early.append(row)
        elif done >= 120:
            late.append(row)
    return early, late


def test_trainees_get_better_with_practice_yet_still_err(demo):
    _made, store = demo
    early, late = _by_experience(store)
    early_accuracy = statistics.mean(r["correct"] for r in early)
    late_accuracy = statistics.mean(r["correct"] for r in late)
    assert 0.5 < early_accuracy < 0.75
    assert early_accuracy + 0.1 < late_accuracy < 1


def test_trainees_get_faster_with_practice(demo):
    _made, store = demo
    early, late = _by_experience(store)
    early_ms = statistics.median(r["response_ms"] for r in early)
    late_ms = statistics.median(r["response_ms"] for r in late)
    assert 8000 < early_ms < 12_000
    assert 0.4 < late_ms / early_ms < 0.75
    assert max(r["response_ms"] for r in early + late) <= 120_000


def test_every_answer_is_rated_as_the_targets_rate_it(demo):
    _made, store = demo
    targets = MasteryTargets()
    for row in _rows(store, "SELECT correct, response_ms, rating, question_json, seed, skill, "
                     "difficulty, sitting_id FROM attempts"):
        assert row["rating"] == int(rating_for(bool(row["correct"]), row["response_ms"],
                                               targets))
        question = json.loads(row["question_json"])
        stored = {"version": 1, "skill": row["skill"], "seed": row["seed"],
                  "difficulty": row["difficulty"]}
        if row["sitting_id"] is None:
            assert question == stored and 0 <= row["seed"] < 2**31
        else:  # an exam answer keeps the whole question it was graded on
            assert stored.items() <= question.items() and "form" in question


def test_the_mid_course_exam(demo):
    _made, store = demo
    [exam] = _rows(store, "SELECT * FROM exams")
    assert exam["title"] == "Mid-course check"
    assert _at(exam["created_at"]) == START + timedelta(weeks=WEEKS // 2)
    assert exam["time_limit_s"] == 1800 and Decimal(exam["pass_percent"]) == 70
    assert [tuple(part) for part in json.loads(exam["parts"])] == [
        ("thirteen.first_seat", 4, 2), ("thirteen.rank_hands", 4, 2),
        ("thirteen.tier_winner", 4, 2)]


def test_most_trainees_sit_it_two_days_later_and_submit_in_time(demo):
    _made, store = demo
    [exam] = _rows(store, "SELECT id, created_at FROM exams")
    sittings = _rows(store, "SELECT * FROM exam_sittings")
    assert 0.6 * TRAINEES <= len(sittings) <= 0.95 * TRAINEES
    day = (_at(exam["created_at"]) + timedelta(days=2)).date()
    for sitting in sittings:
        started = _at(sitting["started_at"])
        assert started.date() == day and 1 <= started.hour <= 8
        assert _at(sitting["deadline_at"]) == started + timedelta(seconds=1800)
        answers = _rows(store, "SELECT answered_at, response_ms, item_index FROM attempts "
                        "WHERE sitting_id = ? ORDER BY rowid", sitting["id"])
        assert [a["item_index"] for a in answers] == list(range(12))
        assert answers[0]["answered_at"] == sitting["started_at"]
        for before, after in zip(answers, answers[1:], strict=False):
            gap = _at(after["answered_at"]) - _at(before["answered_at"])
            assert gap == timedelta(milliseconds=before["response_ms"] + 1000)
        last = _at(answers[-1]["answered_at"]) + timedelta(
            milliseconds=answers[-1]["response_ms"] + 1000)
        assert _at(sitting["submitted_at"]) == min(last, _at(sitting["deadline_at"]))
    results = connection(store).execute("SELECT count(*) FROM exam_results").fetchone()[0]
    assert results == len(sittings)


def test_the_summaries_are_folded_from_the_answers(demo):
    _made, store = demo
    folded = dict(connection(store).execute(
        "SELECT person_id || '/' || skill, attempts FROM skill_stats").fetchall())
    counted = dict(connection(store).execute(
        "SELECT person_id || '/' || skill, count(*) FROM attempts GROUP BY 1").fetchall())
    assert folded == counted


def test_an_instructor_already_here_is_the_demo_s(tmp_path):
    with Store(tmp_path / "d.sqlite3") as store:
        teacher = add_instructor(store, "Mestre Lei", "a long password")
        build_demo(store, 1, 1, seed=2, weeks=1, end=END)
        assert [p.id for p in store.people(Role.INSTRUCTOR)] == [teacher.id]
        [exam] = _rows(store, "SELECT created_by FROM exams")
        assert exam["created_by"] == teacher.id


def test_the_smallest_demo_one_trainee_one_answer_one_week(tmp_path):
    with Store(tmp_path / "d.sqlite3") as store:
        made = build_demo(store, 1, 1, seed=2, weeks=1, end=END)
        assert made.trainees == 1 and made.attempts >= 1


@pytest.mark.parametrize(("trainees", "attempts", "weeks"), [(0, 5, 1), (2, 1, 1), (1, 1, 0)])
def test_a_demo_smaller_than_that_is_refused(tmp_path, trainees, attempts, weeks):
    with Store(tmp_path / "d.sqlite3") as store, pytest.raises(
            ValueError, match="trainees >= 1, attempts >= trainees and weeks >= 1"):
        build_demo(store, trainees, attempts, seed=2, weeks=weeks, end=END)


def test_a_demo_is_never_built_over_answers(tmp_path):
    with Store(tmp_path / "d.sqlite3") as store:
        build_demo(store, 1, 3, seed=2, weeks=1, end=END)
        with pytest.raises(StoreError, match="already holds answers"):
            build_demo(store, 1, 3, seed=2, weeks=1, end=END)


def test_a_trainee_with_fewer_answers_than_the_exam_still_practises_once_and_sits_it(tmp_path):
    with Store(tmp_path / "d.sqlite3") as store:
        made = build_demo(store, 1, 5, seed=3, weeks=2, end=END)
        practice = connection(store).execute(
            "SELECT count(*) FROM attempts WHERE sitting_id IS NULL").fetchone()[0]
        exam = connection(store).execute(
            "SELECT count(*) FROM attempts WHERE sitting_id IS NOT NULL").fetchone()[0]
        assert (practice, exam, made.attempts) == (1, 12, 13)


def test_a_one_week_course_has_its_trainees_join_and_answer_within_it(tmp_path):
    start = END - timedelta(weeks=1)
    with Store(tmp_path / "d.sqlite3") as store:
        build_demo(store, 30, 900, seed=4, weeks=1, end=END)
        for person in _rows(store, "SELECT id, created_at FROM people WHERE role = ?",
                            Role.TRAINEE.value):
            joined = _at(person["created_at"])
            assert start <= joined <= start + timedelta(days=3.5)
            first = connection(store).execute("SELECT min(answered_at) FROM attempts WHERE "
                                     "person_id = ?", [person["id"]]).fetchone()[0]
            assert _at(first) >= joined.replace(hour=0, minute=0, second=0, microsecond=0)
