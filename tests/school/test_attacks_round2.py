"""Round two of attacks on who is who at a school, as a trainee would make them: the desktop
role's password (on every desktop), full control of one desktop (its SQLite file, its code,
psql). Each test names the attack; a hole not yet closed is marked ``xfail(strict=True)``
with the fix it needs."""

from __future__ import annotations

import threading

import psycopg
import pytest

from tests.progress.test_exams import sit
from tests.school import test_identity
from tests.school.school import PASSWORD, PIN, a_pin_the_check_stops, registrations, server_rows
from trainer.progress.bundles.export import export_bundle
from trainer.progress.bundles.format import BundleError
from trainer.progress.bundles.importing import import_bundle
from trainer.progress.bundles.source import BundleSource
from trainer.progress.exams.sittings import exams, submit_sitting
from trainer.progress.people.accounts import NotAllowed, sign_in, signed_in_by_server
from trainer.progress.people.credentials import PIN_CHECK_DIGITS, hash_secret
from trainer.progress.school.exams import register_sitting
from trainer.progress.school.identity import (
    sign_in_at_school,
    sign_in_states,
    sign_in_trainee,
    sitting_key,
    token_of,
    unlock,
)
from trainer.progress.school.registrations import ServerRegistrations
from trainer.progress.school.server.identity import LOCK_AFTER, REGISTRATIONS_PER_MINUTE
from trainer.progress.school.server.schema import SchoolError
from trainer.progress.storage.database import connection as store_db
from trainer.progress.storage.store import Role

#: Ana and Eve (the attacker) signed in on their desktops, an exam asking for the PIN.
classroom = test_identity.classroom


def _failures(school_setup, person_id: str) -> int:
    desk = school_setup.desk
    return sign_in_states(desk.url, desk.login, PASSWORD)[person_id].failures


def test_a_pin_guessed_inside_a_transaction_rolled_back_tells_nothing(school_setup,
                                                                      classroom):
    """Attack: Eve guessed Ana's PIN with psql inside a transaction and rolled it back each
    time: the wrong PIN's count and wait went with the rollback, so she tried every PIN
    without a wait, and the right one said so. A try now tells its verdict only once it is
    kept (charged as a wrong PIN first, whatever the PIN): inside her transaction, nothing."""
    _made, ana, _ana_desktop, _eve, eve_desktop = classroom
    with psycopg.connect(eve_desktop.url) as connection:
        for guess in ("2460", PIN):
            with pytest.raises(psycopg.Error, match="not kept on the school server"):
                with connection.transaction():
                    ticket = connection.execute("SELECT trainee_sign_in(%s, %s)",
                                                [ana.id, guess]).fetchone()[0]
                    connection.execute("SELECT * FROM trainee_sign_in_outcome(%s)", [ticket])
            connection.rollback()
    assert _failures(school_setup, ana.id) == 0  # her tries went, and told her nothing
    with psycopg.connect(eve_desktop.url, autocommit=True) as connection:
        ticket = connection.execute("SELECT trainee_sign_in(%s, %s)",
                                    [ana.id, "2460"]).fetchone()[0]
        assert connection.execute("SELECT outcome, wait_s FROM trainee_sign_in_outcome(%s)",
                                  [ticket]).fetchone() == ("wrong", 1)
        with pytest.raises(psycopg.Error, match="not kept on the school server"):
            connection.execute("SELECT * FROM trainee_sign_in_outcome(%s)", [ticket])  # once
    assert _failures(school_setup, ana.id) == 1


def test_a_pin_guess_whose_statement_fails_on_a_wrong_pin_tells_nothing(school_setup,
                                                                        classroom):
    """Attack: one statement that fails (and so rolls back) when the PIN is wrong and
    succeeds when it is right: the wrong guesses left no trace. Now the statement is told
    nothing, right PIN or wrong."""
    _made, ana, _ana_desktop, _eve, eve_desktop = classroom
    with psycopg.connect(eve_desktop.url, autocommit=True) as connection:
        for guess in ("2460", PIN):
            with pytest.raises(psycopg.Error, match="not kept on the school server"):
                connection.execute(
                    "SELECT 1 / (o.outcome = 'ok')::integer FROM "
                    "trainee_sign_in_outcome(trainee_sign_in(%s, %s)) o", [ana.id, guess])
    assert _failures(school_setup, ana.id) == 0


def test_a_right_pin_after_wrong_ones_takes_the_charge_back(school_setup, classroom):
    """The right PIN, once its try is kept, clears the wait it was charged and the wrong
    PINs before it; a tenth wrong one in a row locks, even though it was charged first."""
    _made, ana, ana_desktop, _eve, _eve_desktop = classroom
    with psycopg.connect(school_setup.server.admin, autocommit=True) as admin:
        admin.execute("UPDATE trainee_pins SET failures = %s WHERE person_id = %s",
                      [LOCK_AFTER - 2, ana.id])
        sign_in_at_school(ana_desktop.store, ana_desktop.url, ana.id, PIN)
        assert _failures(school_setup, ana.id) == 0
        admin.execute("UPDATE trainee_pins SET failures = %s WHERE person_id = %s",
                      [LOCK_AFTER - 1, ana.id])
        with pytest.raises(NotAllowed, match="locked after too many wrong PINs"):
            sign_in_at_school(ana_desktop.store, ana_desktop.url, ana.id, "0000")


def test_a_sittings_questions_are_not_told_before_its_registration_is_kept(school_setup,
                                                                           classroom):
    """Attack: Eve registers a sitting inside a transaction, reads the seed of its questions
    and rolls back: she could see her questions before using up a sitting (and draw again
    until she liked them, the limit of registrations a minute counting none of these)."""
    _made, _ana, _ana_desktop, eve, eve_desktop = classroom
    own = test_identity._exam_at_school(school_setup, same=False)
    token = token_of(store_db(eve_desktop.store), eve.id)
    key = sitting_key(eve_desktop.store, eve_desktop.url, eve.id, PIN)
    told = []
    with psycopg.connect(eve_desktop.url) as connection:
        for n in range(REGISTRATIONS_PER_MINUTE + 1):
            with pytest.raises(psycopg.Error, match="rolled back"):
                with connection.transaction():
                    told.append(connection.execute(
                        "SELECT seed FROM register_sitting(%s, %s, %s, %s)",
                        [token, own.id, f"5a1e7c2d-3b4f-4c6d-8e9f-0a1b2c3d4e{n:02d}", key]
                    ).fetchone()[0])
                    raise psycopg.Error("rolled back")
    assert told == [None] * len(told)


def test_a_registration_holds_no_lock_of_the_attackers_choosing(school_setup, classroom):
    """Attack: Eve registers a sitting in a transaction she leaves open, then, on a second
    connection, the same sitting for an "exam" of any text she likes: the second waited for
    the first, holding the advisory lock ``hashtext(exam || person)`` taken by the terms'
    trigger, a key of her choosing (one worked out to be the merge's 7277 stops every desk
    for as long as she likes: she may lift her own time-outs). An exam the server does not
    have is now refused before any lock."""
    made, _ana, _ana_desktop, eve, eve_desktop = classroom
    token = token_of(store_db(eve_desktop.store), eve.id)
    sitting = "5a1e7c2d-3b4f-4c6d-8e9f-0a1b2c3d4e00"
    second: dict[str, object] = {}

    def register_again() -> None:
        with psycopg.connect(eve_desktop.url, autocommit=True) as connection:
            second["pid"] = connection.info.backend_pid
            with pytest.raises(psycopg.Error, match="no such exam") as refused:
                connection.execute("SELECT register_sitting(%s, %s, %s, NULL)",
                                   [token, "any text she likes", sitting])
            second["refused"] = refused.value.sqlstate

    with psycopg.connect(eve_desktop.url) as first, psycopg.connect(
            school_setup.server.admin, autocommit=True) as admin:
        first.execute("SELECT register_sitting(%s, %s, %s, %s)", [token, made.id, sitting, (
            sitting_key(eve_desktop.store, eve_desktop.url, eve.id, PIN))])
        thread = threading.Thread(target=register_again)
        thread.start()
        held: list[tuple] = []
        while thread.is_alive() and not held:  # until it waits for the first, or is refused
            held = admin.execute(
                "SELECT classid, objid FROM pg_locks WHERE pid = %s AND locktype = "
                "'advisory' AND EXISTS (SELECT 1 FROM pg_locks w WHERE w.pid = %s AND "
                "NOT w.granted)", [second.get("pid"), second.get("pid")]).fetchall()
        first.rollback()
        thread.join()
    assert held == []
    assert second["refused"] == "23503"  # the exam the server does not have


def test_another_desktops_pin_and_token_do_not_show_in_the_servers_activity(school_setup,
                                                                            classroom):
    """Attack: psql as a desktop's login reads ``pg_stat_activity``, where the statements of
    every session of the same login show (another desktop's login's show as
    ``<insufficient privilege>``): a PIN or token written into a statement's text would be
    there for anyone at that desktop. They go as parameters, never in the text."""
    _made, ana, ana_desktop, _eve, eve_desktop = classroom
    token = token_of(store_db(ana_desktop.store), ana.id)
    for desktop in (eve_desktop, ana_desktop):  # Ana at Eve's desktop, then at her own
        with psycopg.connect(desktop.url) as victim:  # a transaction left open: its last
            victim.execute("SELECT * FROM trainee_sign_in(%s, %s)", [ana.id, PIN])
            victim.execute("SELECT push_batch(%s, '{}')", [token])  # statement stays on show
            with psycopg.connect(eve_desktop.url, autocommit=True) as attacker:
                seen = [row[0] for row in attacker.execute(
                    "SELECT query FROM pg_stat_activity WHERE pid = %s",
                    [victim.info.backend_pid])]
        assert seen and ("push_batch" if desktop is eve_desktop
                         else "<insufficient privilege>") in seen[0]
        assert not any(PIN in text or token in text for text in seen)


@pytest.fixture
def shared_desktop(school_setup, classroom):
    """One desktop of the classroom where Ana and then Eve signed in to the server."""
    _made, ana, ana_desktop, eve, _eve_desktop = classroom
    ana_desktop.sync()  # Eve is on its list of trainees
    sign_in_at_school(ana_desktop.store, ana_desktop.url, eve.id, PIN)
    return ana_desktop


def test_a_classmates_token_read_from_a_shared_desktop_does_not_start_her_exam(
        school_setup, classroom, shared_desktop):
    """Attack: at a desktop Ana signed in on, Eve reads Ana's token from the SQLite file,
    and with it registers Ana's sitting, sits it (every answer right) and sends it: Ana
    passed without sitting. An exam now starts only with a sitting key, which the server
    gives for the PIN typed to start it and the desktop never writes down; Eve's own key
    is hers. (Practice under a stolen token is the smaller harm the README names.)"""
    _made, ana, _ana_desktop, eve, _eve_desktop = classroom
    store = shared_desktop.store
    stolen = signed_in_by_server(store, ana.id)  # the app says anything on her desktop
    hers = sitting_key(store, shared_desktop.url, eve.id, PIN)  # Eve's own PIN, her key
    for key in (None, "", hers):
        with pytest.raises(SchoolError, match="An exam starts only with your PIN"):
            sit(store, stolen, exams(store)[0], lambda index: True,
                register=lambda e, p, s, key=key: register_sitting(
                    shared_desktop.url, token_of(store_db(store), p), e, s, key))
    shared_desktop.sync()
    school_setup.desk.sync()
    assert server_rows(school_setup.server, "results", {ana.id}) == set()
    assert registrations(school_setup.server) == []
    with psycopg.connect(shared_desktop.url, autocommit=True) as connection:
        with pytest.raises(psycopg.Error, match="only with the PIN of its trainee"):
            connection.execute("SELECT register_sitting(%s, %s, %s, %s)", [
                token_of(store_db(store), ana.id), exams(store)[0].id,
                "5a1e7c2d-3b4f-4c6d-8e9f-0a1b2c3d4e00", hers])



def _made_ago(school_setup, seconds: int) -> None:
    """Every sitting key made ``seconds`` ago."""
    with psycopg.connect(school_setup.server.admin, autocommit=True) as admin:
        admin.execute("UPDATE sitting_keys SET made_at = now() - make_interval(secs => %s)",
                      [seconds])


def test_a_sitting_key_registers_one_sitting_within_its_lifetime(school_setup, classroom):
    """A key is good for one registration, by its trainee, for 5 minutes from the sign-in
    that gave it (the boundary on both sides); asking again for a sitting registered
    already needs no key (the desktop asks twice, and asks again after a stop)."""
    _made, ana, ana_desktop, _eve, _eve_desktop = classroom
    exams_ = [test_identity._exam_at_school(school_setup, same=flag) for flag in (False, True)]
    url, token = ana_desktop.url, token_of(store_db(ana_desktop.store), ana.id)
    first, second = "5a1e7c2d-3b4f-4c6d-8e9f-0a1b2c3d4e01", "5a1e7c2d-3b4f-4c6d-8e9f-0a1b2c3d4e02"
    key = sitting_key(ana_desktop.store, url, ana.id, PIN)
    _made_ago(school_setup, 5 * 60 + 1)
    with pytest.raises(SchoolError, match="An exam starts only with your PIN"):
        register_sitting(url, token, exams_[0].id, first, key)
    _made_ago(school_setup, 5 * 60 - 2)
    started = register_sitting(url, token, exams_[0].id, first, key)
    assert register_sitting(url, token, exams_[0].id, first, None) == started  # told again
    with pytest.raises(SchoolError, match="An exam starts only with your PIN"):
        register_sitting(url, token, exams_[1].id, second, key)  # used up
    assert registrations(school_setup.server) == [(ana.id, first)]


def test_a_sitting_key_never_reaches_the_desktops_file(school_setup, classroom):
    """Whatever is in a shared desktop's file, anyone at it may read: the key is kept in
    memory only (the token, for practice, is in the file)."""
    _made, ana, ana_desktop, _eve, _eve_desktop = classroom
    store = ana_desktop.store
    key = sitting_key(store, ana_desktop.url, ana.id, PIN)
    store_db(store).execute("PRAGMA wal_checkpoint(TRUNCATE)")
    folder = store.path.parent
    assert token_of(store_db(store), ana.id).encode() in b"".join(
        path.read_bytes() for path in folder.iterdir() if path.is_file())
    assert not any(key.encode() in path.read_bytes() for path in folder.iterdir()
                   if path.is_file())


def test_a_classmates_pin_is_not_found_from_a_shared_desktops_file(school_setup, classroom,
                                                                   shared_desktop):
    """Attack: Eve reads what a desktop Ana signed in on keeps of Ana's PIN, tries every PIN
    against it at home, then signs in as Ana on her own desktop with the one that fits: the
    server's waits and lock never see a wrong PIN. What is kept now is a PIN check of one
    hex digit, which about one PIN in 16 fits (see tests/progress/test_pin_checks.py): of
    Ana's 10,000 possible PINs some 600 fit, and the server locks her after 10 wrong."""
    _made, ana, _ana_desktop, _eve, eve_desktop = classroom
    salt, kept, n, r, p = store_db(shared_desktop.store).execute(
        "SELECT salt, hash, n, r, p FROM school_sign_ins WHERE person_id = ?",
        [ana.id]).fetchone()
    assert len(kept) == PIN_CHECK_DIGITS == 1
    assert kept == hash_secret(PIN, bytes.fromhex(salt), n, r, p).hex()[0]
    wrong = a_pin_the_check_stops(shared_desktop.store, ana.id)
    with pytest.raises(NotAllowed, match="The PIN for Ana Lei is not right"):
        sign_in_trainee(shared_desktop.store, "postgresql://nobody@127.0.0.1:1/none",
                        ana.id, wrong)  # offline: the check still stops a wrong PIN


def test_a_transaction_left_open_does_not_keep_a_classmate_from_signing_in(school_setup,
                                                                           classroom):
    """Attack: Eve tries a PIN for Ana in a transaction she leaves open, her idle time-out
    lifted: Ana was told "busy" for as long as Eve liked (she could not start an exam).
    The desk's Unlock now ends the desktop sessions holding Ana's sign-in, and only those."""
    _made, ana, ana_desktop, eve, eve_desktop = classroom
    desk = school_setup.desk
    with psycopg.connect(eve_desktop.url) as holding, psycopg.connect(
            eve_desktop.url) as elsewhere:
        holding.execute("SET idle_in_transaction_session_timeout = 0")
        holding.execute("SELECT trainee_sign_in(%s, '0000')", [ana.id])
        elsewhere.execute("SELECT trainee_sign_in(%s, '0000')", [eve.id])  # her own: kept
        with pytest.raises(NotAllowed, match="Another sign-in for Ana Lei is being checked"):
            sign_in_at_school(ana_desktop.store, ana_desktop.url, ana.id, PIN)
        with pytest.raises(psycopg.errors.InsufficientPrivilege, match="permission denied"):
            with psycopg.connect(eve_desktop.url, autocommit=True) as desktop_role:
                desktop_role.execute("SELECT end_sign_in_holders(%s)", [eve.id])
        assert unlock(desk.url, desk.login, PASSWORD, ana.id)
        assert sign_in_at_school(ana_desktop.store, ana_desktop.url, ana.id, PIN).proven
        assert elsewhere.execute("SELECT 1").fetchone() == (1,)  # not Ana's: left alone
        with pytest.raises(psycopg.OperationalError, match="terminat"):
            holding.execute("SELECT 1")
        elsewhere.rollback()
        assert not unlock(desk.url, desk.login, PASSWORD, ana.id)  # nothing holds her now


def test_a_forged_sitting_in_a_bundle_is_refused_at_a_school_with_a_server(
        school_setup, classroom, tmp_path):
    """Attack: Eve sits the exam as Ana on her own desktop (never registered: no server
    needed), exports "Ana's" bundle and hands it to the instructor ("my desktop was
    offline"). Imported as Ana's, the desk says only that nothing proves who sat; once
    confirmed, Ana's pass goes to the server."""
    _made, ana, _ana_desktop, _eve, eve_desktop = classroom
    store = eve_desktop.store
    faked = signed_in_by_server(store, ana.id)
    sitting, at = sit(store, faked, exams(store)[0], lambda index: True)
    submit_sitting(store, faked, sitting.id, at)
    export_bundle(store, faked, tmp_path / "ana.zip", ana.id)
    desk = school_setup.desk
    teacher = sign_in(desk.store, desk.store.people(Role.INSTRUCTOR)[0].id, PASSWORD)
    with pytest.raises(BundleError, match="not registered on the school server"):
        import_bundle(desk.store, teacher, tmp_path / "ana.zip", source=BundleSource.of_trainee(
            ana.id, ServerRegistrations(desk.url, desk.login, PASSWORD)))
