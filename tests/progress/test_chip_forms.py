"""A money skill's chip form is a skill of its own: its targets come from its typed skill's
with the time chips take, and its answers are counted apart from the typed ones in the
summaries, the reports, the gradebooks and the bundles that carry them between desktops."""

import csv
from dataclasses import replace
from datetime import UTC, datetime, timedelta

import pytest
from fsrs import Rating

import questions
from i18n import Message
from trainer.progress.bundles.export import export_bundle
from trainer.progress.bundles.format import is_skill
from trainer.progress.bundles.importing import import_bundle
from trainer.progress.bundles.source import INSTRUCTOR_DESK
from trainer.progress.learning.mastery import mastery, set_targets
from trainer.progress.learning.targets import (
    CHIP_EXTRA_MS,
    CHIP_FAST_EXTRA_MS,
    WALK_EXTRA_MS,
    WALK_FAST_EXTRA_MS,
    WALKED,
    MasteryTargets,
    TargetTable,
    load_targets,
    typed_form,
)
from trainer.progress.people.extra_time import set_extra_time
from trainer.progress.people.leave import leave_to_see
from trainer.progress.reports.figures import build_report
from trainer.progress.reports.gradebooks import moodle_grades
from trainer.progress.storage.database import connection
from trainer.progress.storage.ledger import record_attempt
from trainer.progress.storage.values import stamp

TYPED, CHIPS = "thirteen.payout", "thirteen.payout_in_chips"
START = datetime(2025, 3, 3, 9, 0, tzinfo=UTC)


def test_every_chip_form_is_a_typed_skill_paid_in_chips_with_an_id_bundles_carry():
    chip_forms = [s for s in questions.skills() if typed_form(s) is not None]
    assert len(chip_forms) == 8
    for skill in questions.skills():
        assert is_skill(skill), skill
    for skill in chip_forms:
        assert typed_form(skill) in questions.skills()
        assert questions.skills().index(skill) == questions.skills().index(typed_form(skill)) + 1
    assert typed_form(TYPED) is None


def test_a_chip_form_takes_its_typed_skills_targets_and_the_time_chips_take():
    table = TargetTable()
    assert CHIP_EXTRA_MS > 0 and CHIP_FAST_EXTRA_MS > 0
    assert table.of(CHIPS) == replace(table.default,
                                      target_ms=table.default.target_ms + CHIP_EXTRA_MS,
                                      fast_ms=table.default.fast_ms + CHIP_FAST_EXTRA_MS)
    slow = MasteryTargets(target_ms=20_000, fast_ms=8_000)
    table = table.with_skill(TYPED, slow)
    assert (table.of(CHIPS).target_ms, table.of(CHIPS).fast_ms) == (25_000, 10_000)
    assert table.of(CHIPS).window == slow.window
    own = MasteryTargets(target_ms=12_000)
    assert table.with_skill(CHIPS, own).of(CHIPS) == own  # its own targets, when set
    assert table.of("thirteen.foul") == table.default


def test_a_table_walked_in_chips_has_the_time_a_walk_takes_besides():
    walked = "mahjong_baccarat.settlement_in_chips"
    assert WALKED == {walked} and walked in questions.skills()
    table = TargetTable()
    assert table.of(walked).target_ms == table.default.target_ms + CHIP_EXTRA_MS \
        + WALK_EXTRA_MS == 55_000
    assert table.of(walked).fast_ms == table.default.fast_ms + CHIP_FAST_EXTRA_MS \
        + WALK_FAST_EXTRA_MS == 21_000
    assert table.of("mahjong_baccarat.payout_in_chips").target_ms == 15_000
    longer = table.extended(50)
    assert longer.of(walked).target_ms == 15_000 + (CHIP_EXTRA_MS + WALK_EXTRA_MS) * 3 // 2


def test_extra_time_lengthens_the_time_chips_take_too(store, instructor, ana):
    set_targets(store, instructor, MasteryTargets(target_ms=10_000, fast_ms=4_000), TYPED)
    set_extra_time(store, instructor, ana.person.id, 50)
    table = load_targets(connection(store), ana.person.id)
    assert table.of(TYPED).target_ms == 15_000
    assert table.of(CHIPS).target_ms == 15_000 + CHIP_EXTRA_MS * 3 // 2
    assert table.of(CHIPS).fast_ms == 6_000 + CHIP_FAST_EXTRA_MS * 3 // 2


@pytest.fixture
def both_forms(store, ana):
    """Ana answers the typed skill 6 times (5 right) and its chip form 4 times (1 right)."""
    moment = START
    for skill, answers, right in ((TYPED, 6, 5), (CHIPS, 4, 1)):
        for n in range(answers):
            moment += timedelta(minutes=1)
            record_attempt(store, ana.person.id, None, {"version": 1, "skill": skill,
                                                       "seed": n, "difficulty": 1},
                                 1, n < right, float(n < right), 12_000,
                                 answered_at=stamp(moment))


def test_summaries_and_reports_count_the_two_forms_apart(store, instructor, ana, both_forms):
    figures = {m.skill: m for m in mastery(leave_to_see(store, ana, ana.person.id))}
    assert (figures[TYPED].attempts, figures[TYPED].correct) == (6, 5)
    assert (figures[CHIPS].attempts, figures[CHIPS].correct) == (4, 1)
    report = build_report(leave_to_see(store, instructor, ana.person.id))
    rows = {row.skill: row.figures for row in report.skills}
    assert (rows[TYPED].attempts, rows[TYPED].correct) == (6, 5)
    assert (rows[CHIPS].attempts, rows[CHIPS].correct) == (4, 1)
    # A right answer in 12 s is late for the typed form (10 s), on time in chips (15 s).
    first = {s: connection(store).execute(
            "SELECT rating FROM attempts WHERE skill = ? ORDER BY rowid",
                                 [s]).fetchone()[0] for s in (TYPED, CHIPS)}
    assert first == {TYPED: Rating.Hard, CHIPS: Rating.Good}


def test_the_grade_file_has_a_mastery_column_for_each_form(store, instructor, ana, both_forms,
                                                           tmp_path):
    titles = {skill: questions.skill(skill).title for skill in (TYPED, CHIPS)}
    moodle_grades(store, instructor, tmp_path / "grades.csv", {ana.person.id: "S1001"}, "en",
                  titles)
    header, row = list(csv.reader((tmp_path / "grades.csv").open()))
    typed_title = str(titles[TYPED])
    assert header[1:] == [f"Mastery: {typed_title}",
                          f"Mastery: {typed_title} — paid in chips"]
    assert row[1:] == ["0", "5"]  # of the last 20: no typed answer on time, one chip answer
    assert isinstance(titles[CHIPS], Message)


def test_a_bundle_carries_the_two_forms_apart(store, instructor, ana, both_forms, other,
                                              tmp_path):
    desk, teacher = other
    bundle = export_bundle(store, instructor, tmp_path / "all.zip", with_instructors=True).path
    import_bundle(desk, teacher, bundle, accept_instructors=("Mestre Lei",), source=INSTRUCTOR_DESK)
    counted = dict(connection(desk).execute("SELECT skill, count(*) FROM attempts GROUP BY skill"))
    assert counted == {TYPED: 6, CHIPS: 4}
