"""The fold a merge and a rebuild use gives exactly the summary that recording the same
answers one by one gives (:meth:`SkillState.after`): the same sums, streak, last answers
and FSRS card, for any history."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from hypothesis import given, settings
from hypothesis import strategies as st

from trainer.progress.learning.summaries import SkillState, fold
from trainer.progress.learning.targets import RECENT_KEPT
from trainer.progress.storage.values import stamp

START = datetime(2026, 3, 2, 9, tzinfo=UTC)
answers = st.lists(st.tuples(
    st.integers(0, 10 * 24 * 3600 * 1000),  # milliseconds after the one before
    st.booleans(), st.sampled_from([0.0, 0.25, 0.5, 1.0]), st.integers(0, 600_000),
    st.integers(1, 3), st.integers(1, 4)), min_size=1, max_size=RECENT_KEPT + 15)


def history(steps):
    moment, rows = START, []
    for gap, correct, score, ms, difficulty, rating in steps:
        moment += timedelta(milliseconds=gap)
        score = 1.0 if correct else min(score, 0.75)
        rows.append((stamp(moment), int(correct), score, ms, difficulty, rating))
    return rows


def one_by_one(rows) -> dict:
    state = SkillState()
    for answered_at, correct, score, ms, difficulty, rating in rows:
        state = state.after(answered_at, bool(correct), score, ms, difficulty, rating, skill="s")
    return state.to_row("p", "s")


@settings(deadline=None, max_examples=60)
@given(first=answers, second=answers)
def test_the_fold_equals_the_answers_recorded_one_by_one(first, second):
    ana, bruno = history(first), history(second)
    folded = fold([("ana", "s", *row) for row in ana] + [("bruno", "s", *row) for row in bruno])
    assert folded == [{**one_by_one(ana), "person_id": "ana"},
                      {**one_by_one(bruno), "person_id": "bruno"}]
    assert len(folded[0]["recent"]) and folded[0]["attempts"] == len(ana)


def test_the_fold_keeps_only_the_last_answers():
    rows = history([(60_000, i % 3 != 0, 0.0, 1000 + i, 1, 3) for i in range(RECENT_KEPT + 7)])
    [row] = fold([("ana", "s", *r) for r in rows])
    assert row == one_by_one(rows) | {"person_id": "ana"}
    assert row["recent"].count("],[") == RECENT_KEPT - 1
    assert row["recent"].startswith("[[1,1007,1],[1,1008,1],[0,1009,1]")
    assert row["first_at"] == rows[0][0]
