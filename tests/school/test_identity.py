"""Who is who at a school: trainees prove themselves to the server, and nothing a desktop
sends passes for another trainee (real server; attacks scripted as a trainee with the
desktop role's password and full control of their own desktop would)."""

from __future__ import annotations

import threading
from datetime import UTC, datetime
from decimal import Decimal

import psycopg
import pytest

from tests.progress.test_exams import PARTS, sit
from tests.school.school import (
    PASSWORD,
    PIN,
    a_pin_the_check_stops,
    answer,
    push_as,
    put_in_inbox,
    server_rows,
)
from trainer.progress.exams.sittings import create_exam, exams, submit_sitting
from trainer.progress.people.accounts import NotAllowed, sign_in, signed_in_by_server
from trainer.progress.people.credentials import (
    SCRYPT_N,
    SCRYPT_P,
    SCRYPT_R,
    TooManyFailures,
    pin_check,
    pin_check_salt,
)
from trainer.progress.school.identity import (
    PinMustChange,
    give_first_pins,
    revoke_tokens,
    sign_in_at_school,
    sign_in_states,
    sign_in_trainee,
    sitting_key,
    token_of,
    unlock,
)
from trainer.progress.school.outbox import read_outgoing
from trainer.progress.school.server.identity import (
    BATCH_BYTES,
    BATCH_ROWS,
    LOCK_AFTER,
    REGISTRATIONS_PER_MINUTE,
)
from trainer.progress.school.server.schema import ONE_WRITER_LOCK, SchoolError
from trainer.progress.school.status import waiting_answers
from trainer.progress.storage.database import connection as store_db
from trainer.progress.storage.database import reading
from trainer.progress.storage.ledger import stored_attempts
from trainer.progress.storage.store import Role


@pytest.fixture
def classroom(school_setup):
    """An exam asking for the PIN, set on the desk; Ana signed in on her desktop, Eve (the
    attacker) on hers."""
    desk = school_setup.desk
    teacher = sign_in(desk.store, desk.store.people(Role.INSTRUCTOR)[0].id, PASSWORD)
    made = create_exam(desk.store, teacher, "Week 4 check", PARTS, seed=2024, time_limit_s=600,
                       pass_percent=Decimal(60), pin_required=True, same_questions=True)
    ana_desktop, eve_desktop = school_setup.desktop(), school_setup.desktop()
    ana = school_setup.trainee(ana_desktop, "Ana Lei")
    eve = school_setup.trainee(eve_desktop, "Eve Chan")
    return made, ana, ana_desktop, eve, eve_desktop


def _refusals(school_setup) -> list[str]:
    with psycopg.connect(school_setup.server.admin) as admin:
        return [row[0] for row in admin.execute("SELECT reason FROM refused_batches")]


def _refused_as_unregistered(school_setup, desktop, person_id: str) -> None:
    """The desktop sends the sitting, or holds it back when it was never registered (the
    server gave it no secret), and the server then refuses it sent by hand: put in the
    inbox all the same (as if the server's checks had let it through), the desk refuses it
    whole."""
    desktop.sync()
    with reading(desktop.store) as db:
        batch = read_outgoing(db, trusted=False).tables
    if batch.get("sittings"):
        with pytest.raises(psycopg.DatabaseError, match="only with a secret"):
            push_as(school_setup, desktop, batch, person_id)
        put_in_inbox(school_setup, batch, person_id)
    done = school_setup.desk.sync()
    assert done.refused == 1  # (what the desktop sent without the sitting is merged)
    assert _refusals(school_setup) == [
        "This batch holds an exam sitting by Eve Chan that was not registered on the school "
        "server for them when it started. Nothing was merged."]


def test_a_forged_exam_pass_in_a_classmates_name_is_refused(school_setup, classroom):
    """Attack 1: Eve sits the exam as Ana on her own desktop (every answer right, from the
    rules core), and puts the batch in the inbox with psql. It goes only under her own token,
    and only with a secret of the sitting, which the server never gave (schema 13): refused.
    Put in the inbox all the same, the desk refuses it whole, lists it, and Ana has no
    result anywhere."""
    made, ana, _ana_desktop, eve, eve_desktop = classroom
    store = eve_desktop.store
    faked = signed_in_by_server(store, ana.id)  # her desktop: she can make it say anything
    sitting, at = sit(store, faked, exams(store)[0], lambda index: True,
                      at=datetime.now(UTC))
    submit_sitting(store, faked, sitting.id, at)
    with reading(store) as db:
        batch = read_outgoing(db, trusted=False).tables
    assert eve_desktop.sync().pushed == 0  # her desktop itself sends nothing of Ana's
    with pytest.raises(psycopg.DatabaseError, match="only with a secret"):
        push_as(school_setup, eve_desktop, batch, eve.id)
    put_in_inbox(school_setup, batch, eve.id)
    done = school_setup.desk.sync()
    assert (done.merged, done.refused) == (0, 1)
    assert [(r.person_id, r.reason) for r in done.refusals] == [  # the desk lists it
        (eve.id, "This batch, sent for Eve Chan, holds rows of someone else. Nothing was "
                 "merged.")]
    assert server_rows(school_setup.server, "results") == set()
    assert server_rows(school_setup.server, "sittings") == set()
    assert [reason for reason in _refusals(school_setup)] == [
        "This batch, sent for Eve Chan, holds rows of someone else. Nothing was merged."]
    assert store_db(school_setup.desk.store).execute("SELECT count(*) FROM exam_results"
                                              ).fetchone()[0] == 0


def test_a_sitting_never_registered_on_the_server_is_refused(school_setup, classroom):
    """The same attack in her own name: a sitting made offline, never registered, every
    answer right. Refused: a sitting counts only if the server registered it first."""
    made, _ana, _ana_desktop, eve, eve_desktop = classroom
    store = eve_desktop.store
    actor = signed_in_by_server(store, eve.id)
    sitting, at = sit(store, actor, exams(store)[0], lambda index: True, at=datetime.now(UTC))
    submit_sitting(store, actor, sitting.id, at)
    _refused_as_unregistered(school_setup, eve_desktop, eve.id)
    assert server_rows(school_setup.server, "results") == set()


def test_a_registered_sitting_sat_for_real_counts(school_setup, classroom):
    made, ana, ana_desktop, _eve, _eve_desktop = classroom
    store = ana_desktop.store
    actor = sign_in_at_school(store, ana_desktop.url, ana.id, PIN)  # proven by the server
    sitting, at = sit(store, actor, exams(store)[0], lambda index: True,
                      register=ana_desktop.registrar())
    submit_sitting(store, actor, sitting.id, at)
    ana_desktop.sync()
    done = school_setup.desk.sync()
    assert (done.merged, done.refused) == (1, 0)
    assert len(server_rows(school_setup.server, "results", {ana.id})) == 1


def test_a_batch_without_a_token_or_with_a_made_up_one_never_reaches_the_inbox(school_setup,
                                                                              classroom):
    with psycopg.connect(school_setup.server.desktop_url, autocommit=True) as connection:
        with pytest.raises(psycopg.errors.InsufficientPrivilege, match="permission denied"):
            connection.execute("INSERT INTO inbox (batch, person_id) VALUES ('{}', 'x')")
        for token in ("", None, "ab" * 32):
            with pytest.raises(psycopg.Error, match="not signed in to the school server"):
                connection.execute("SELECT push_batch(%s, '{}')", [token])
    with psycopg.connect(school_setup.server.admin) as admin:
        assert admin.execute("SELECT count(*) FROM inbox").fetchone()[0] == 0


def test_a_batch_is_held_to_its_size_and_row_limits_by_the_server(school_setup, classroom):
    _made, _ana, _ana_desktop, eve, eve_desktop = classroom
    rows = [{}] * BATCH_ROWS
    push_as(school_setup, eve_desktop, {"attempts": rows})  # at the limit: taken
    with pytest.raises(psycopg.Error, match="a batch is at most"):
        push_as(school_setup, eve_desktop, {"attempts": [*rows, {}]})
    with pytest.raises(psycopg.Error, match="a batch is at most"):
        push_as(school_setup, eve_desktop, {"attempts": rows, "people": {"x": 1}})
    empty = len('{"x": [{"y": ""}]}')  # jsonb's text: a space after each colon
    push_as(school_setup, eve_desktop, {"x": [{"y": "a" * (BATCH_BYTES - empty)}]})  # 5 MiB
    with pytest.raises(psycopg.Error, match="a batch is at most"):
        push_as(school_setup, eve_desktop, {"x": [{"y": "a" * (BATCH_BYTES - empty + 1)}]})
    with pytest.raises(psycopg.Error, match="a batch is at most"):
        push_as(school_setup, eve_desktop, ["not", "an", "object"])
    with psycopg.connect(school_setup.server.admin) as admin:
        assert admin.execute("SELECT count(*), min(person_id), max(person_id) FROM inbox"
                             ).fetchone() == (2, eve.id, eve.id)


def test_the_server_checks_the_pin_and_slows_down_wrong_ones(school_setup, classroom):
    _made, ana, ana_desktop, _eve, eve_desktop = classroom
    with pytest.raises(NotAllowed, match=r"not right. Try again in 1 second\."):
        sign_in_at_school(eve_desktop.store, eve_desktop.url, ana.id, "0000")
    with pytest.raises(NotAllowed, match=r"Too many wrong attempts for Ana Lei. Try again"):
        sign_in_at_school(eve_desktop.store, eve_desktop.url, ana.id, PIN)  # even the right one
    assert token_of(store_db(eve_desktop.store), ana.id) is None
    desk = school_setup.desk
    assert sign_in_states(desk.url, desk.login, PASSWORD)[ana.id].failures == 1
    assert unlock(desk.url, desk.login, PASSWORD, ana.id)
    sign_in_at_school(ana_desktop.store, ana_desktop.url, ana.id, PIN)


def test_wrong_pins_in_a_row_lock_the_trainee_until_an_instructor_unlocks(school_setup,
                                                                         classroom):
    _made, ana, ana_desktop, _eve, _eve_desktop = classroom
    desk = school_setup.desk
    with psycopg.connect(school_setup.server.admin, autocommit=True) as admin:
        admin.execute("UPDATE trainee_pins SET failures = %s WHERE person_id = %s",
                      [LOCK_AFTER - 2, ana.id])
        with pytest.raises(NotAllowed, match="not right"):
            sign_in_at_school(ana_desktop.store, ana_desktop.url, ana.id, "0000")
        admin.execute("UPDATE trainee_pins SET wait_until = NULL")  # the wait is over
        with pytest.raises(NotAllowed, match="locked after too many wrong PINs"):
            sign_in_at_school(ana_desktop.store, ana_desktop.url, ana.id, "0000")
    assert sign_in_states(desk.url, desk.login, PASSWORD)[ana.id].locked
    with pytest.raises(NotAllowed, match="locked"):
        sign_in_at_school(ana_desktop.store, ana_desktop.url, ana.id, PIN)  # right: still no
    assert unlock(desk.url, desk.login, PASSWORD, ana.id)
    sign_in_at_school(ana_desktop.store, ana_desktop.url, ana.id, PIN)


def test_concurrent_tries_get_one_check_each_wait(school_setup, classroom):
    """Attack 7: many tries at once used to slip through the wait. Tries for one trainee are
    serialised on the server: of 12 concurrent wrong tries (from a login of more
    connections than one desktop's), exactly one is checked."""
    _made, ana, _ana_desktop, _eve, _eve_desktop = classroom
    barrier = threading.Barrier(12)
    told: list[str] = []

    def guess(pin: str) -> None:
        with psycopg.connect(school_setup.server.desktop_url, autocommit=True) as connection:
            barrier.wait()
            ticket = connection.execute("SELECT trainee_sign_in(%s, %s)",
                                        [ana.id, pin]).fetchone()[0]
            told.append(connection.execute("SELECT outcome FROM trainee_sign_in_outcome(%s)",
                                           [ticket]).fetchone()[0])

    threads = [threading.Thread(target=guess, args=(f"{n:04d}",)) for n in range(12)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert told.count("wrong") == 1 and set(told) <= {"wrong", "busy", "wait"}, told
    desk = school_setup.desk
    assert sign_in_states(desk.url, desk.login, PASSWORD)[ana.id].failures == 1


def test_a_first_pin_is_changed_at_the_first_sign_in_and_pins_stay_on_the_server(
        school_setup, classroom):
    _made, ana, ana_desktop, _eve, _eve_desktop = classroom
    desk = school_setup.desk
    first = give_first_pins(desk.url, desk.login, PASSWORD, [ana.id])[ana.id]
    assert first.isdigit() and len(first) == 6
    with pytest.raises(PinMustChange, match="first PIN: choose a PIN of your own"):
        sign_in_at_school(ana_desktop.store, ana_desktop.url, ana.id, first)
    with pytest.raises(NotAllowed, match="is not the first PIN"):
        sign_in_at_school(ana_desktop.store, ana_desktop.url, ana.id, first, first)
    sign_in_at_school(ana_desktop.store, ana_desktop.url, ana.id, first, "13579")
    with pytest.raises(NotAllowed, match="not right"):
        sign_in_at_school(ana_desktop.store, ana_desktop.url, ana.id, first)
    with psycopg.connect(ana_desktop.url) as connection:
        with pytest.raises(psycopg.errors.InsufficientPrivilege, match="permission denied"):
            connection.execute("SELECT hash FROM trainee_pins")


def test_a_revoked_token_stops_sending_until_the_trainee_signs_in_again(school_setup,
                                                                        classroom):
    _made, ana, ana_desktop, _eve, _eve_desktop = classroom
    desk = school_setup.desk
    assert revoke_tokens(desk.url, desk.login, PASSWORD, ana.id) == 1
    answer(ana_desktop.store, ana.id, 3)
    assert ana_desktop.sync().pushed == 0
    assert token_of(store_db(ana_desktop.store), ana.id) is None
    assert waiting_answers(ana_desktop.store) == 3  # kept here, said in the status bar
    sign_in_at_school(ana_desktop.store, ana_desktop.url, ana.id, PIN)
    assert ana_desktop.sync().pushed >= 3
    assert waiting_answers(ana_desktop.store) == 0
    desk.sync()
    assert len(stored_attempts(desk.store, ana.id)) == 3


def test_registrations_are_limited_per_trainee_and_minute(school_setup, classroom):
    made, _ana, _ana_desktop, eve, eve_desktop = classroom
    token = token_of(store_db(eve_desktop.store), eve.id)
    with psycopg.connect(school_setup.server.admin, autocommit=True) as admin:
        admin.execute("INSERT INTO shared_exam_terms (exam_id, assignees, sittings_allowed, "
                      "set_by, set_at, change) VALUES (%s, '[]', 10, %s, %s, 0) ON CONFLICT "
                      "(exam_id) DO UPDATE SET sittings_allowed = 10",
                      [made.id, made.created_by, "2030-01-01T00:00:00.000Z"])
    with psycopg.connect(eve_desktop.url, autocommit=True) as connection:
        for n in range(REGISTRATIONS_PER_MINUTE):
            connection.execute("SELECT register_sitting(%s, %s, %s, %s)",
                               [token, made.id, f"5a1e7c2d-3b4f-4c6d-8e9f-0a1b2c3d4e5{n}",
                                sitting_key(eve_desktop.store, eve_desktop.url, eve.id, PIN)])
        with pytest.raises(psycopg.Error, match="too many registrations in a minute"):
            connection.execute("SELECT register_sitting(%s, %s, %s, %s)",
                               [token, made.id, "5a1e7c2d-3b4f-4c6d-8e9f-0a1b2c3d4e59",
                                sitting_key(eve_desktop.store, eve_desktop.url, eve.id, PIN)])


def test_the_desktop_role_takes_no_lock_the_merge_waits_for_nor_ends_sessions(school_setup,
                                                                              classroom):
    """Attack 3: psql as the desktop role held the merge's advisory lock (and a trainee's
    registration lock) for as long as it liked, and could end other desktops' sessions."""
    with psycopg.connect(school_setup.server.desktop_url) as connection:
        lock = ONE_WRITER_LOCK  # the merge's
        for statement in (f"SELECT pg_advisory_lock({lock})",
                          f"SELECT pg_try_advisory_lock({lock})",
                          f"SELECT pg_advisory_lock_shared({lock})",
                          "SELECT pg_advisory_xact_lock(1, 2)",
                          "SELECT pg_terminate_backend(pg_backend_pid())",
                          "SELECT pg_cancel_backend(pg_backend_pid())",
                          "LOCK TABLE inbox", "LOCK TABLE shared_attempts IN SHARE MODE",
                          "SELECT * FROM exam_registrations FOR UPDATE"):
            with pytest.raises(psycopg.errors.InsufficientPrivilege, match="permission denied"):
                connection.execute(statement)
            connection.rollback()
        assert connection.execute("SHOW statement_timeout").fetchone()[0] == "30s"
        assert connection.execute("SHOW lock_timeout").fetchone()[0] == "5s"
    desk = school_setup.desk
    assert desk.sync().refused == 0  # the merge takes its own lock as ever


def test_offline_a_desktop_checks_the_pin_the_server_took_at_the_last_sign_in_here(
        school_setup, classroom, cluster):
    _made, ana, ana_desktop, eve, _eve_desktop = classroom
    ana_desktop.sync()  # Eve is on this desktop's list of people too
    cluster.stop_only()
    try:
        store, url = ana_desktop.store, ana_desktop.url
        assert sign_in_trainee(store, url, ana.id, PIN).proven
        with pytest.raises(NotAllowed, match="The PIN for Ana Lei is not right"):
            sign_in_trainee(store, url, ana.id, a_pin_the_check_stops(store, ana.id))
        with pytest.raises(TooManyFailures, match="Too many wrong attempts for Ana Lei"):
            sign_in_trainee(store, url, ana.id, PIN)  # the wait holds offline too
        with pytest.raises(SchoolError, match="cannot be reached"):
            sign_in_trainee(store, url, eve.id, PIN)  # she never signed in on this desktop
    finally:
        cluster.start_again()


def test_the_pin_check_kept_here_is_of_the_pin_chosen_with_the_trainees_own_salt(
        school_setup, classroom):
    """Kept at the usual cost, of the PIN the trainee chose at the first sign-in (not the
    first PIN they changed), with the trainee's own salt: the same at every sign-in, so
    that the checks read after each one add nothing (attack round 3)."""
    _made, ana, ana_desktop, _eve, _eve_desktop = classroom
    store = ana_desktop.store

    def kept() -> tuple:
        return store_db(store).execute("SELECT salt, hash, n, r, p FROM school_sign_ins "
                                "WHERE person_id = ?", [ana.id]).fetchone()

    chosen = kept()
    sign_in_at_school(store, ana_desktop.url, ana.id, PIN)
    again = kept()
    for salt, check, n, r, p in (chosen, again):
        assert (n, r, p) == (SCRYPT_N, SCRYPT_R, SCRYPT_P)
        assert bytes.fromhex(salt) == pin_check_salt(ana.id) and len(pin_check_salt(ana.id)) == 16
        assert check == pin_check(PIN, bytes.fromhex(salt))
    assert again == chosen


def test_a_server_failing_under_an_instructors_sign_in_action_is_told_as_offline(
        school_setup, classroom):
    """Once connected, any failure of the server (here the PINs' table is gone, as halfway
    through a botched upgrade) is told as the server not answering, to try again later."""
    _made, ana, _ana_desktop, _eve, _eve_desktop = classroom
    desk = school_setup.desk
    actions = (lambda: give_first_pins(desk.url, desk.login, PASSWORD, [ana.id]),
               lambda: unlock(desk.url, desk.login, PASSWORD, ana.id),
               lambda: sign_in_states(desk.url, desk.login, PASSWORD))
    with psycopg.connect(school_setup.server.admin, autocommit=True) as admin:
        admin.execute("ALTER TABLE trainee_pins RENAME TO trainee_pins_away")
        try:
            for action in actions:
                with pytest.raises(SchoolError, match="stopped answering; nothing was changed "
                                   "there") as stopped:
                    action()
                assert stopped.value.offline
        finally:
            admin.execute("ALTER TABLE trainee_pins_away RENAME TO trainee_pins")


def _exam_at_school(school_setup, *, same: bool):
    desk = school_setup.desk
    teacher = sign_in(desk.store, desk.store.people(Role.INSTRUCTOR)[0].id, PASSWORD)
    made = create_exam(desk.store, teacher, f"Check {same}", PARTS, seed=77, time_limit_s=600,
                       pass_percent=Decimal(60), same_questions=same)
    desk.sync()
    return made


def test_the_server_draws_the_questions_of_each_sitting_when_it_is_registered(
        school_setup, classroom):
    """Attack 1 read the exam's seed from the shared tables to work out every answer. A
    sitting's questions come from a seed the server draws at registration, for the trainee
    whose token registers it; with the same questions for everyone, from the exam's one
    seed on the server, never the seed its row shows, which the desktop role cannot read."""
    _made, ana, ana_desktop, eve, eve_desktop = classroom
    own, same = (_exam_at_school(school_setup, same=flag) for flag in (False, True))
    seeds = {}
    for name, desktop, person in (("ana", ana_desktop, ana), ("eve", eve_desktop, eve)):
        for exam in (own, same):
            sitting = f"5a1e7c2d-3b4f-4c6d-8e9f-0a1b2c3d4e{len(seeds):02d}"
            seeds[name, exam.id] = desktop.register(person.id, exam.id, sitting)[1]
            again = desktop.register(person.id, exam.id, sitting)[1]
            assert again == seeds[name, exam.id]  # registered again: the same questions
    assert seeds["ana", own.id] != seeds["eve", own.id]
    assert seeds["ana", same.id] == seeds["eve", same.id] != same.seed
    assert own.seed not in (seeds["ana", own.id], seeds["eve", own.id])
    with psycopg.connect(eve_desktop.url) as connection:
        with pytest.raises(psycopg.errors.InsufficientPrivilege, match="permission denied"):
            connection.execute("SELECT seed FROM exam_question_seeds")


def test_a_sitting_whose_seed_is_not_the_one_the_server_drew_is_refused(school_setup,
                                                                       classroom):
    """Eve registers her sitting, then sits it with questions of a seed she chose (worked
    out beforehand): the desk refuses the batch."""
    _made, _ana, _ana_desktop, eve, eve_desktop = classroom
    own = _exam_at_school(school_setup, same=False)
    eve_desktop.sync()
    store = eve_desktop.store
    actor = sign_in_at_school(store, eve_desktop.url, eve.id, PIN)

    def chosen_seed(exam_id, person_id, sitting_id):
        started, _drawn = eve_desktop.registrar()(exam_id, person_id, sitting_id)
        return started, 12345

    exam = next(found for found in exams(store) if found.id == own.id)
    sitting, at = sit(store, actor, exam, lambda index: True, register=chosen_seed)
    submit_sitting(store, actor, sitting.id, at)
    _refused_as_unregistered(school_setup, eve_desktop, eve.id)
