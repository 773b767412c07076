"""Who may read whose progress is decided once, where a request enters the store: the
readers of progress take a leave that only the check gives."""

from __future__ import annotations

from datetime import date

import pytest

from tests.progress.conftest import question
from trainer.progress.learning.calendar import answers_per_day, median_ms_per_week
from trainer.progress.learning.mastery import mastery
from trainer.progress.people.accounts import NotAllowed, set_pin, sign_in
from trainer.progress.people.leave import Leave, leave_to_see, own_leave
from trainer.progress.reports.figures import build_report
from trainer.progress.storage.ledger import record_attempt

DAY = date(2026, 3, 2)


def test_a_leave_is_only_given_by_the_check(store, ana):
    with pytest.raises(TypeError, match="given by leave_to_see"):
        Leave(store, ana, ana.person.id)
    with pytest.raises(TypeError, match="given by leave_to_see"):
        Leave(store, ana, ana.person.id, object())


def test_a_trainee_sees_only_their_own_and_an_instructor_everyone(store, instructor, ana,
                                                                  bruno):
    with pytest.raises(NotAllowed, match="only their own progress"):
        leave_to_see(store, ana, bruno.person.id)
    with pytest.raises(NotAllowed, match="Only an instructor"):
        leave_to_see(store, ana)
    assert leave_to_see(store, ana, ana.person.id).person == ana.person.id
    assert leave_to_see(store, instructor, bruno.person.id).person == bruno.person.id
    assert leave_to_see(store, instructor).person_id is None


def test_a_leave_for_everyone_is_not_a_leave_for_one(store, instructor):
    everyone = leave_to_see(store, instructor)
    assert build_report(everyone).scope is None
    with pytest.raises(ValueError, match="every trainee, not for one person"):
        mastery(everyone)
    with pytest.raises(ValueError, match="every trainee, not for one person"):
        median_ms_per_week(everyone)


def test_every_figure_of_the_progress_page_waits_for_the_pin(store, instructor, ana):
    set_pin(store, instructor, ana.person.id, "4821")
    record_attempt(store, ana.person.id, None, question(), 1, True, 1.0, 900)
    unproven = sign_in(store, ana.person.id)  # chose her name, did not type the PIN
    with pytest.raises(NotAllowed, match="Type your PIN first"):
        leave_to_see(store, unproven, ana.person.id)
    proven = sign_in(store, ana.person.id, "4821")
    leave = leave_to_see(store, proven, ana.person.id)
    assert build_report(leave).totals.attempts == 1
    assert [level.skill for level in mastery(leave)] == ["thirteen.first_seat"]
    assert sum(answers_per_day(leave, DAY, DAY).values()) == 0
    # practising reads her own mastery without the PIN (the self-study choice)
    assert [level.skill for level in mastery(own_leave(store, unproven))] == [
        "thirteen.first_seat"]


def test_a_signed_out_actor_gets_no_leave(store, ana):
    store.signed_in.pop(ana.token)
    with pytest.raises(NotAllowed, match="Sign in first"):
        own_leave(store, ana)
    with pytest.raises(NotAllowed, match="Sign in first"):
        leave_to_see(store, ana, ana.person.id)


def test_the_check_is_made_once_for_the_whole_page(store, instructor, ana, monkeypatch):
    import trainer.progress.people.accounts as accounts

    checks = []
    real = accounts._check_signed_in
    monkeypatch.setattr(accounts, "_check_signed_in",
                        lambda *args: checks.append(args) or real(*args))
    leave = leave_to_see(store, instructor, ana.person.id)
    build_report(leave)
    mastery(leave)
    median_ms_per_week(leave)
    answers_per_day(leave, DAY, DAY)
    assert len(checks) == 1
