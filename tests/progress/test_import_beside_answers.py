"""An import holds the write lock only for its short merge: an answer given meanwhile on the
same desktop is saved, never refused or lost (the bundle is staged outside the lock)."""

from __future__ import annotations

import sqlite3
import threading

from trainer.progress import Store
from trainer.progress.bundles.export import export_bundle
from trainer.progress.bundles.importing import import_bundle, import_pass
from trainer.progress.bundles.source import INSTRUCTOR_DESK
from trainer.progress.people.accounts import sign_in
from trainer.progress.storage.database import connection
from trainer.progress.storage.ledger import add_person, record_attempt, stored_attempts

QUESTION = {"version": 1, "skill": "three_card.order", "seed": 1, "difficulty": 1}


def test_while_the_bundle_is_staged_other_programs_write_at_once(store, classroom, tmp_path,
                                                                  other):
    bundle = export_bundle(store, classroom, tmp_path / "all.zip", with_instructors=True).path
    desk, teacher = other
    ana = sign_in(desk, add_person(desk, "Ana Sousa").id)
    written = []

    def meanwhile(done, total):
        if import_pass(done, total)[0] == "merge" and not written:
            other_program = sqlite3.connect(desk.path, timeout=0)  # would fail if locked
            other_program.execute("PRAGMA busy_timeout = 0")
            with Store(desk.path, check=False, backup=False, busy_timeout_ms=0) as beside:
                written.append(record_attempt(beside, ana.person.id, None, QUESTION, 1, True,
                                                     1.0, 800))
            other_program.close()

    summary = import_bundle(desk, teacher, bundle, progress=meanwhile,
                            accept_instructors=("Demo Instructor",), source=INSTRUCTOR_DESK)
    assert written and summary.count("attempts") > 500
    assert written[0] in {a.id for a in stored_attempts(desk, ana.person.id)}


def test_an_answer_given_during_the_merge_waits_for_it_and_is_saved(store, classroom, tmp_path,
                                                                    other):
    bundle = export_bundle(store, classroom, tmp_path / "all.zip", with_instructors=True).path
    desk, teacher = other
    ana = sign_in(desk, add_person(desk, "Ana Sousa").id)
    saved: list[str] = []
    waiting: list[threading.Thread] = []

    def answer():
        with Store(desk.path, check=False, backup=False) as beside:  # the default busy wait
            saved.append(record_attempt(beside, ana.person.id, None, QUESTION, 1, True, 1.0,
                                               800))

    def meanwhile(done, total):
        if import_pass(done, total)[0] == "summaries" and not waiting:
            waiting.append(threading.Thread(target=answer))
            waiting[0].start()  # it waits for the merge's transaction to end

    import_bundle(desk, teacher, bundle, progress=meanwhile,
                  accept_instructors=("Demo Instructor",), source=INSTRUCTOR_DESK)
    waiting[0].join(60)
    assert not waiting[0].is_alive() and len(saved) == 1
    assert saved[0] in {a.id for a in stored_attempts(desk, ana.person.id)}


def test_a_summary_answered_meanwhile_counts_both_the_bundle_and_that_answer(store, classroom,
                                                                             tmp_path, other):
    """The summaries are folded ahead, outside the lock; a trainee and skill that got an
    answer meanwhile is made again inside it, from every answer."""
    desk, teacher = other
    first = export_bundle(store, classroom, tmp_path / "first.zip", with_instructors=True)
    import_bundle(desk, teacher, first.path, accept_instructors=("Demo Instructor",),
                  source=INSTRUCTOR_DESK)
    trainee = next(p for p in store.people() if stored_attempts(store, p.id))
    skill = stored_attempts(store, trainee.id)[0].skill
    asked = {"version": 1, "skill": skill, "seed": 5, "difficulty": 1}
    for _ in range(3):  # more answers on the first desktop, carried by a second bundle
        record_attempt(store, trainee.id, None, asked, 1, True, 1.0, 700)
    second = export_bundle(store, classroom, tmp_path / "second.zip", with_instructors=True)
    meanwhile = []

    def answer_meanwhile(done, total):
        if import_pass(done, total)[0] == "summaries" and not meanwhile:
            meanwhile.append(record_attempt(desk, trainee.id, None, asked, 2, False, 0.0, 900))

    summary = import_bundle(desk, teacher, second.path, progress=answer_meanwhile,
                            accept_instructors=("Demo Instructor",), source=INSTRUCTOR_DESK)
    assert summary.count("attempts") == 3 and meanwhile
    answers = connection(desk).execute(
            "SELECT count(*), sum(correct) FROM attempts WHERE person_id = ? "
                              "AND skill = ?", [trainee.id, skill]).fetchone()
    stats = connection(desk).execute(
            "SELECT attempts, correct FROM skill_stats WHERE person_id = ? AND "
                            "skill = ?", [trainee.id, skill]).fetchone()
    weeks = connection(desk).execute(
            "SELECT sum(attempts) FROM weekly_stats WHERE person_id = ? AND "
                            "skill = ?", [trainee.id, skill]).fetchone()
    assert tuple(stats) == tuple(answers) and weeks[0] == answers[0]
