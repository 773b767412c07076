"""The class grid and who struggles, checked against a direct computation from the answers."""

from collections import Counter
from datetime import timedelta
from decimal import Decimal

import orjson
import pytest

from questions.regrade import MISTAKES
from tests.progress.conftest import DEMO_END
from trainer.progress.demo import DEMO_PASSWORD, build_demo
from trainer.progress.learning.mastery import MasteryLevel, level_of, mastery
from trainer.progress.learning.targets import MasteryTargets, too_fast
from trainer.progress.people.accounts import NotAllowed, sign_in
from trainer.progress.people.classes import create_class
from trainer.progress.people.leave import leave_to_see
from trainer.progress.reports.at_risk import RiskThresholds
from trainer.progress.reports.grid import NOT_STARTED, build_grid, grouped
from trainer.progress.reports.struggles import SHOWN, struggles
from trainer.progress.storage.database import connection
from trainer.progress.storage.store import Role

SKILLS = ("thirteen.payout", "thirteen.foul", "mahjong_baccarat.payout",
          "mahjong_baccarat.settlement", "three_card.payout")
#: A skill no trainee practised: a column of cells not started.
UNPRACTISED = "sap_i_chi.payout"
LIMITS = RiskThresholds(Decimal("0.7"), 10, 7)


@pytest.fixture
def school(store):
    """Nine trainees, 1,500 answers on five skills of three games, and their instructor."""
    build_demo(store, trainees=9, attempts=1500, seed=40, weeks=5, end=DEMO_END, skills=SKILLS)
    [teacher] = [p for p in store.people() if p.role == "instructor"]
    return sign_in(store, teacher.id, DEMO_PASSWORD)


def _answers(store):
    """Every answer, oldest first, straight from the answer log."""
    return connection(store).execute(
        "SELECT person_id, skill, correct, response_ms, question_json, answer_json "
        "FROM attempts ORDER BY answered_at, rowid").fetchall()


def _direct(store):
    """Each (trainee, skill): answers, right ones, and the last 20 counting toward mastery."""
    found = {}
    for person, skill, right, ms, _q, _a in _answers(store):
        n, c, recent = found.get((person, skill), (0, 0, []))
        if not too_fast(skill, ms):
            recent = [*recent, (right, ms)]
        found[person, skill] = (n + 1, c + right, recent)
    return found


def test_every_cell_is_what_the_answers_and_the_mastery_rule_say(store, school):
    grid = build_grid(leave_to_see(store, school), (*SKILLS, UNPRACTISED), at=DEMO_END)
    assert [game for game, _skills in grid.games] == [
        "thirteen", "mahjong_baccarat", "three_card", "sap_i_chi"]
    assert grid.skills == ("thirteen.payout", "thirteen.foul", "mahjong_baccarat.payout",
                           "mahjong_baccarat.settlement", "three_card.payout", UNPRACTISED)
    assert len(grid.trainees) == 9
    direct = _direct(store)
    window = MasteryTargets().window
    levels = Counter()
    for person in grid.trainees:
        assert grid.cell(person.id, UNPRACTISED) is NOT_STARTED
        kept = {m.skill: m for m in mastery(leave_to_see(store, school, person.id))}
        for skill in SKILLS:
            cell = grid.cell(person.id, skill)
            n, right, recent = direct.get((person.id, skill), (0, 0, []))
            last = recent[-window:]
            assert (cell.attempts, cell.correct) == (n, right)
            assert (cell.recent_right, cell.recent_count) == (sum(r for r, _ in last), len(last))
            expected = level_of(last, MasteryTargets())
            if expected is MasteryLevel.NEW and n:
                expected = MasteryLevel.LEARNING
            assert cell.level is expected
            if skill in kept:  # the mastery page's own reading of the same summary
                assert cell.level is kept[skill].level or kept[skill].level is MasteryLevel.NEW
                assert cell.due == (kept[skill].due is not None and kept[skill].due <= DEMO_END)
            levels[cell.level] += 1
    assert len(levels) >= 2  # the demo school is not all one level


def test_a_review_falls_due_as_time_passes(store, school):
    now = build_grid(leave_to_see(store, school), SKILLS, at=DEMO_END)
    later = build_grid(leave_to_see(store, school), SKILLS, at=DEMO_END + timedelta(days=400))
    started = [key for key, cell in later.cells.items() if cell.started]
    assert started and all(later.cells[key].due for key in started)
    assert sum(now.cells[key].due for key in started) < len(started)


def test_a_class_grid_holds_its_trainees_only(store, school):
    people = store.people(Role.TRAINEE)
    chosen = create_class(store, school, "Turma A", tuple(p.id for p in people[:4]))
    grid = build_grid(leave_to_see(store, school), SKILLS, school_class=chosen)
    assert [p.id for p in grid.trainees] == [p.id for p in people[:4]]
    assert {person for person, _skill in grid.cells} <= {p.id for p in people[:4]}
    assert grid.class_name == "Turma A"


def test_only_an_instructor_sees_the_grid(store, school):
    one = store.people(Role.TRAINEE)[0]
    trainee = sign_in(store, one.id)
    with pytest.raises(NotAllowed, match="instructor"):
        build_grid(leave_to_see(store, trainee, one.id), SKILLS)
    with pytest.raises(ValueError, match="not on one trainee"):
        build_grid(leave_to_see(store, school, one.id), SKILLS)


def test_a_damaged_summary_is_said_and_shown_not_started(store, school):
    person = store.people(Role.TRAINEE)[0]
    connection(store).execute("UPDATE skill_stats SET recent = 'not json' WHERE person_id = ? "
                              "AND skill = ?", [person.id, SKILLS[0]])
    grid = build_grid(leave_to_see(store, school), SKILLS)
    assert grid.cell(person.id, SKILLS[0]) is NOT_STARTED
    assert any(SKILLS[0] in str(said) for said in store.damaged_rows)


def test_games_keep_the_reports_order_and_unknown_games_come_last():
    assert grouped(["zeta.a", "mahjong.fan", "thirteen.foul", "mahjong.fan", "thirteen.payout"]
                   ) == (("thirteen", ("thirteen.foul", "thirteen.payout")),
                         ("mahjong", ("mahjong.fan",)), ("zeta", ("zeta.a",)))


def test_who_struggles_is_what_the_answers_say(store, school):
    grid = build_grid(leave_to_see(store, school), SKILLS)
    found = struggles(leave_to_see(store, school), grid, LIMITS, MISTAKES)
    direct = _direct(store)
    names = {p.id: p.name for p in grid.trainees}
    expected = {}
    for skill in SKILLS:
        below = sorted(((right / n, names[person], person) for (person, s), (n, right, _r)
                        in direct.items() if s == skill and n >= 10 and right / n < 0.7))
        if below:
            expected[skill] = [person for _share, _name, person in below]
    assert {s.skill: [p.id for p, _f in s.trainees] for s in found.by_skill} == expected
    assert expected  # the demo school has some trainees below the rule

    pooled = Counter(), Counter()
    for (_person, skill), (n, right, _r) in direct.items():
        pooled[0][skill] += n
        pooled[1][skill] += right
    weakest = sorted(SKILLS, key=lambda s: (pooled[1][s] / pooled[0][s], SKILLS.index(s)))
    assert [w.skill for w in found.weakest] == weakest[:SHOWN]
    assert [w.figures.attempts for w in found.weakest] == [pooled[0][s] for s in weakest[:SHOWN]]


def test_the_frequent_mistakes_are_the_rules_cores_kinds_of_the_wrong_answers(store, school):
    """Counted against the rules core naming every wrong answer again, here."""
    grid = build_grid(leave_to_see(store, school), SKILLS)
    found = struggles(leave_to_see(store, school), grid, LIMITS, MISTAKES).mistakes
    kinds = Counter()
    for _person, skill, right, _ms, question, answer in _answers(store):
        if not right and MISTAKES.classifies(skill):
            kinds.update(MISTAKES.kinds(orjson.loads(question), orjson.loads(answer)))
    expected = sorted(kinds.items(), key=lambda item: (-item[1], item[0]))[:SHOWN]
    assert [(m.kind, m.count) for m in found] == expected
    assert len(expected) >= 2
    for mistake in found:
        assert mistake.example is not None
        row = connection(store).execute(
            "SELECT correct, answer_json, skill FROM attempts WHERE id = ?",
            [mistake.example.attempt_id]).fetchone()
        assert row[0] == 0 and orjson.loads(row[1]) == mistake.example.answer
        assert row[2] == mistake.example.skill


def test_a_class_counts_its_own_mistakes(store, school):
    people = store.people(Role.TRAINEE)
    chosen = create_class(store, school, "Turma B", (people[0].id,))
    grid = build_grid(leave_to_see(store, school), SKILLS, school_class=chosen)
    found = struggles(leave_to_see(store, school), grid, LIMITS, MISTAKES)
    wrong = connection(store).execute(
        "SELECT count(*) FROM attempts WHERE person_id = ? AND correct = 0 AND skill LIKE "
        "'thirteen.%' OR person_id = ? AND correct = 0 AND skill LIKE 'mahjong_baccarat.%'",
        [people[0].id, people[0].id]).fetchone()[0]
    assert 0 < sum(m.count for m in found.mistakes) <= wrong * 3
    assert all(m.example is None or m.example.person_id == people[0].id for m in found.mistakes)


def test_the_latest_example_is_the_same_found_either_way(monkeypatch, store, instructor):
    """A frequent kind's latest answer is looked for among the latest answers, a rare
    one's among its mistakes: the same answer either way."""
    from tests.progress.conftest import answered
    from trainer.progress.reports import struggles as module
    from trainer.progress.reports.struggles import frequent_mistakes
    from trainer.progress.storage.ledger import add_person, record_attempt

    people = [add_person(store, name, Role.TRAINEE) for name in ("Ana Lei", "Bruno Chan")]
    for n in range(12):
        for person in people:
            record_attempt(store, person.id, None, *answered(
                "thirteen.payout", seed=n, right=False), 3000 + n)
    leave = leave_to_see(store, instructor)
    grid = build_grid(leave)
    found = {}
    for frequent in (1, 10**9):  # every kind walked by time; every kind from its mistakes
        monkeypatch.setattr(module, "FREQUENT", frequent)
        found[frequent] = frequent_mistakes(leave, grid, MISTAKES)
    assert found[1] == found[10**9]
    assert found[1] and all(count.example is not None for count in found[1])
