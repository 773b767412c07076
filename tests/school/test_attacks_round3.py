"""Round three of attacks on who is who at a school, as a trainee would make them: the
desktop role's password (on every desktop), full control of one desktop (its SQLite file,
its code, psql), and a seat at a shared desktop after a classmate used it. Aimed at what
schema 10 added (sitting keys, the desk's Unlock ending what holds a sign-in) and at what
the desktop role may still do. Each test names the attack; a hole not yet closed is marked
``xfail(strict=True)`` with the fix it needs."""

from __future__ import annotations

import contextlib
import sqlite3
import threading
from typing import Any

import psycopg
import pytest
from psycopg.types.json import Jsonb

from tests.progress.test_exams import sit
from tests.school import test_identity
from tests.school.school import (
    PASSWORD,
    PIN,
    Desktop,
    registrations,
    server_rows,
    take_every_connection,
)
from trainer.progress.exams.sittings import exam_items, exams, start_sitting, submit_sitting
from trainer.progress.people.accounts import NotAllowed, signed_in_by_server
from trainer.progress.people.credentials import pin_check
from trainer.progress.school.exams import register_sitting
from trainer.progress.school.identity import (
    give_first_pins,
    revoke_tokens,
    sign_in_at_school,
    sitting_key,
    token_of,
    unlock,
)
from trainer.progress.school.outbox import read_outgoing
from trainer.progress.school.server.desktops import DESKTOP_CONNECTIONS
from trainer.progress.school.server.functions import DESKTOPS
from trainer.progress.school.server.schema import SchoolError
from trainer.progress.school.sitting_secrets import sittings_of
from trainer.progress.school.sync import SECRET_NOT_TAKEN
from trainer.progress.storage.database import connection as store_db
from trainer.progress.storage.database import reading
from trainer.progress.storage.store import Store

#: Ana and Eve (the attacker) signed in on their desktops, an exam asking for the PIN.
classroom = test_identity.classroom

SITTINGS = [f"5a1e7c2d-3b4f-4c6d-8e9f-0a1b2c3d4e{n:02d}" for n in range(10)]



def _waiting_for_a_lock(school_setup, pid: int) -> bool:
    with psycopg.connect(school_setup.server.admin, autocommit=True) as admin:
        return admin.execute("SELECT EXISTS (SELECT 1 FROM pg_locks WHERE pid = %s AND NOT "
                             "granted)", [pid]).fetchone()[0]


def _in_a_thread(url: str, statement: str, values: list[Any], options: str = ""
                 ) -> tuple[threading.Thread, dict[str, Any]]:
    """``statement`` run on a connection of its own (with these server ``options``) in a
    thread, once its server process is known (``told["pid"]``); what it returned or raised
    in ``told``."""
    told: dict[str, Any] = {}
    known = threading.Event()

    def run() -> None:
        with psycopg.connect(url, autocommit=True, options=options) as connection:
            told["pid"] = connection.info.backend_pid
            known.set()
            try:
                told["rows"] = connection.execute(statement, values).fetchall()
            except psycopg.Error as error:
                told["error"] = error

    thread = threading.Thread(target=run)
    thread.start()
    known.wait()
    return thread, told


# Sitting keys ------------------------------------------------------------------------------

@pytest.mark.parametrize("first_ends", ["commit", "rollback"])
def test_one_sitting_key_raced_on_two_connections_registers_one_sitting(school_setup,
                                                                        classroom, first_ends):
    """Attack: Eve registers a sitting of one exam with her key in a transaction she leaves
    open and, on a second connection, a sitting of another exam with the same key, hoping
    both read the key unused. The second waits for the first: kept, the key is used up and
    the second refused; rolled back, the key was never used and the second registers."""
    made, _ana, _ana_desktop, eve, eve_desktop = classroom
    other = test_identity._exam_at_school(school_setup, same=False)
    token = token_of(store_db(eve_desktop.store), eve.id)
    key = sitting_key(eve_desktop.store, eve_desktop.url, eve.id, PIN)
    with psycopg.connect(eve_desktop.url) as first:
        first.execute("SELECT register_sitting(%s, %s, %s, %s)", [token, made.id, SITTINGS[0],
                                                                   key])
        thread, second = _in_a_thread(eve_desktop.url,
                                      "SELECT * FROM register_sitting(%s, %s, %s, %s)",
                                      [token, other.id, SITTINGS[1], key])
        while thread.is_alive() and not _waiting_for_a_lock(school_setup, second["pid"]):
            pass
        assert thread.is_alive()  # the second waits for the first's use of the key
        getattr(first, first_ends)()
        thread.join()
    if first_ends == "commit":
        assert second["error"].sqlstate == "CT007"
        assert "only with the PIN of its trainee" in str(second["error"])
        assert registrations(school_setup.server) == [(eve.id, SITTINGS[0])]
    else:
        assert "error" not in second and len(second["rows"]) == 1
        assert registrations(school_setup.server) == [(eve.id, SITTINGS[1])]


@pytest.mark.parametrize("instructor", ["signs Ana out everywhere", "gives Ana a first PIN"])
def test_a_sitting_key_dies_with_the_sign_ins_an_instructor_ends(school_setup, classroom,
                                                                  instructor):
    """Attack: Eve saw Ana type her PIN and signs in as Ana on her own desktop, keeping the
    sitting key it gives unused. The instructor, told, signs Ana out everywhere (or gives
    her a new first PIN); Ana signs in again at a shared desktop, where Eve reads her new
    token from the file and, within the key's 5 minutes, registers Ana's exam with the old
    key and the new token: she then sits it in Ana's name. A key made before an
    instructor ended the trainee's sign-ins (or set her PIN again) is now dead with them."""
    made, ana, ana_desktop, _eve, eve_desktop = classroom
    stolen_key = sitting_key(eve_desktop.store, eve_desktop.url, ana.id, PIN)
    desk = school_setup.desk
    if instructor == "signs Ana out everywhere":
        assert revoke_tokens(desk.url, desk.login, PASSWORD, ana.id) == 2
        sign_in_at_school(ana_desktop.store, ana_desktop.url, ana.id, PIN)
    else:
        first = give_first_pins(desk.url, desk.login, PASSWORD, [ana.id])[ana.id]
        sign_in_at_school(ana_desktop.store, ana_desktop.url, ana.id, first, "1357")
    new_token = token_of(store_db(ana_desktop.store), ana.id)  # read at the shared desktop
    with pytest.raises(SchoolError, match="An exam starts only with your PIN"):
        register_sitting(eve_desktop.url, new_token, made.id, SITTINGS[0], stolen_key)
    assert registrations(school_setup.server) == []
    fresh = sitting_key(ana_desktop.store, ana_desktop.url, ana.id,  # Ana's own, afterwards
                        PIN if instructor == "signs Ana out everywhere" else "1357")
    register_sitting(ana_desktop.url, new_token, made.id, SITTINGS[1], fresh)
    assert registrations(school_setup.server) == [(ana.id, SITTINGS[1])]


# Keeping a classmate out -------------------------------------------------------------------

def test_a_sign_in_try_held_open_keeps_no_classmate_from_signing_in(school_setup, classroom):
    """Attack: Eve tries a PIN for Ana and never asks its verdict; an hour later (the try
    is then old enough for Ana's next sign-in to clear it) she asks, in a transaction she
    leaves open with her idle time-out lifted: she holds the try's row, not Ana's
    ``trainee_pins`` row, so the desk's Unlock does not find her, and every sign-in of Ana
    waited for that row until its lock time-out ("the school server stopped answering"):
    no sign-in, no exam. A sign-in now clears only the old tries nobody holds."""
    _made, ana, ana_desktop, _eve, eve_desktop = classroom
    with psycopg.connect(eve_desktop.url, autocommit=True) as connection:
        ticket = connection.execute("SELECT trainee_sign_in(%s, '0000')",
                                    [ana.id]).fetchone()[0]
    with psycopg.connect(school_setup.server.admin, autocommit=True) as admin:  # an hour on
        admin.execute("UPDATE sign_in_tries SET made_at = made_at - interval '61 minutes'")
        admin.execute("UPDATE trainee_pins SET wait_until = NULL")
    with psycopg.connect(eve_desktop.url) as holding:
        holding.execute("SET idle_in_transaction_session_timeout = 0")
        assert holding.execute("SELECT outcome FROM trainee_sign_in_outcome(%s)",
                               [ticket]).fetchone() == ("wrong",)
        assert sign_in_at_school(ana_desktop.store, ana_desktop.url, ana.id, PIN).proven
        assert sitting_key(ana_desktop.store, ana_desktop.url, ana.id, PIN)


def test_a_sign_in_try_in_a_statement_that_never_ends_is_ended_by_unlock(school_setup,
                                                                          classroom):
    """Attack: not a transaction left idle but one statement that tries a PIN for Ana and
    then sleeps, Eve's statement time-out lifted: Ana is "busy" while it runs. The desk's
    Unlock ends it as it ends an idle one (it finds the session by the row it holds)."""
    _made, ana, ana_desktop, _eve, eve_desktop = classroom
    desk = school_setup.desk
    thread, held = _in_a_thread(eve_desktop.url,
                                "SELECT trainee_sign_in(%s, '0000'), pg_sleep(600)", [ana.id],
                                options="-c statement_timeout=0")
    with psycopg.connect(school_setup.server.admin, autocommit=True) as admin:
        while not admin.execute("SELECT EXISTS (SELECT 1 FROM pg_stat_activity WHERE pid = "
                                "%s AND wait_event = 'PgSleep')", [held["pid"]]).fetchone()[0]:
            pass
    with pytest.raises(NotAllowed, match="Another sign-in for Ana Lei is being checked"):
        sign_in_at_school(ana_desktop.store, ana_desktop.url, ana.id, PIN)
    assert unlock(desk.url, desk.login, PASSWORD, ana.id)
    thread.join()
    assert isinstance(held["error"], psycopg.OperationalError)
    assert sign_in_at_school(ana_desktop.store, ana_desktop.url, ana.id, PIN).proven


def test_the_table_locks_the_desktop_role_may_take_keep_nobody_out(school_setup, classroom):
    """Attack: Eve locks, in a transaction she leaves open, every table the desktop role
    may read (``LOCK TABLE``, in the one mode reading allows), and tries the stronger modes
    and the tables of PINs, tokens, tries, keys and registrations. The stronger ones are
    refused; the one she holds stops no sign-in and no registration."""
    made, ana, ana_desktop, _eve, eve_desktop = classroom
    with psycopg.connect(eve_desktop.url) as holding:
        holding.execute("SET idle_in_transaction_session_timeout = 0")
        holding.execute("LOCK TABLE shared_people, shared_exams, shared_deleted_people, "
                        "shared_settings, shared_classes, shared_exam_terms, school_schema "
                        "IN ACCESS SHARE MODE")
        with psycopg.connect(eve_desktop.url, autocommit=True) as trying:
            for table, mode in (("shared_people", "ROW EXCLUSIVE"),
                                ("shared_exams", "ACCESS EXCLUSIVE"),
                                ("trainee_pins", "ACCESS SHARE"),
                                ("trainee_tokens", "ACCESS SHARE"),
                                ("sign_in_tries", "ACCESS SHARE"),
                                ("sitting_keys", "ACCESS SHARE"),
                                ("exam_registrations", "ACCESS SHARE"),
                                ("exam_question_seeds", "ACCESS SHARE")):
                with pytest.raises(psycopg.errors.InsufficientPrivilege,
                                   match=f"permission denied for table {table}"):
                    with trying.transaction():
                        trying.execute(f"LOCK TABLE {table} IN {mode} MODE")
        assert sign_in_at_school(ana_desktop.store, ana_desktop.url, ana.id, PIN).proven
        ana_desktop.register(ana.id, made.id, SITTINGS[0])
    assert registrations(school_setup.server) == [(ana.id, SITTINGS[0])]


def test_a_sign_in_try_left_in_a_prepared_transaction_is_refused(school_setup, classroom):
    """Attack: Eve tries a PIN for Ana and prepares the transaction for a two-phase commit
    (``PREPARE TRANSACTION``): a prepared transaction keeps its row locks with no session
    at all, so the desk's Unlock, which ends sessions, would leave Ana "busy", even after
    the server restarts. The server takes no prepared transaction (PostgreSQL's default
    ``max_prepared_transactions = 0``, which a school's server keeps)."""
    _made, ana, ana_desktop, _eve, eve_desktop = classroom
    with psycopg.connect(eve_desktop.url) as connection:
        connection.execute("SELECT trainee_sign_in(%s, '0000')", [ana.id])
        with pytest.raises(psycopg.Error, match="prepared transactions are disabled"):
            connection.execute("PREPARE TRANSACTION 'held'")
    with psycopg.connect(school_setup.server.admin) as admin:
        assert admin.execute("SELECT count(*) FROM pg_prepared_xacts").fetchone() == (0,)
        assert admin.execute("SELECT failures FROM trainee_pins WHERE person_id = %s",
                             [ana.id]).fetchone() == (0,)
    assert sign_in_at_school(ana_desktop.store, ana_desktop.url, ana.id, PIN).proven


def test_a_registration_left_open_keeps_no_classmate_from_starting_the_same_exam(
        school_setup, classroom):
    """Attack: at the exam's opening, Eve registers her own sitting first (her PIN, her
    key) in a transaction she leaves open, her idle time-out lifted. The exam gives
    everyone the same questions, so her registration drew the exam's one seed and holds
    its row, not committed: every classmate's registration waits for it until its lock
    time-out ("the school server cannot be reached"), for as long as Eve likes; the desk's
    Unlock does not find her, and her own sitting is never used up. The exam's seed is now
    drawn when the exam reaches the server (schema 11): a registration only reads it."""
    made, ana, ana_desktop, eve, eve_desktop = classroom
    assert made.same_questions
    with psycopg.connect(eve_desktop.url) as holding:
        holding.execute("SET idle_in_transaction_session_timeout = 0")
        holding.execute("SELECT register_sitting(%s, %s, %s, %s)", [
            token_of(store_db(eve_desktop.store), eve.id), made.id, SITTINGS[0],
            sitting_key(eve_desktop.store, eve_desktop.url, eve.id, PIN)])
        started, seed = ana_desktop.register(ana.id, made.id, SITTINGS[1])
        assert seed is not None
        holding.rollback()  # Eve lets hers go
    assert registrations(school_setup.server) == [(ana.id, SITTINGS[1])]


@pytest.mark.parametrize("statement", [
    "ALTER ROLE CURRENT_USER PASSWORD 'ours now'",
    "ALTER ROLE CURRENT_USER SET default_transaction_read_only = on",
    "ALTER ROLE CURRENT_USER IN DATABASE {school} SET statement_timeout = '1ms'",
    "SET ROLE {desktop}; ALTER ROLE CURRENT_USER IN DATABASE {school} "
    "SET default_transaction_read_only = on",
    "SET ROLE {desktop}; ALTER ROLE CURRENT_USER SET statement_timeout = '1ms'",
    "SET ROLE {desktop}; ALTER ROLE CURRENT_USER PASSWORD 'ours now'",
])
def test_the_desktop_role_changes_nothing_for_the_other_desktops(school_setup, classroom,
                                                                   statement):
    """Attack: with psql, Eve changes the login she has — its password (every desktop's
    ``~/.pgpass`` would no longer fit, when all shared one login) or a default of its
    sessions, even one IT set for the school's database (every desktop's next statement
    read-only, or cut after a millisecond) — or, as the desktops' group (``SET ROLE``), the
    group's. Each desktop has a login of its own (schema 12): whatever Eve's login changes
    stops her desktop only, and the group logs in nowhere, its defaults applied to no
    session: the other desktops go on as before."""
    _made, ana, ana_desktop, _eve, eve_desktop = classroom
    school = school_setup.server.school
    with psycopg.connect(eve_desktop.url, autocommit=True) as connection:
        connection.execute(statement.format(school=school, desktop=f"{school}_desktop"))
    assert sign_in_at_school(ana_desktop.store, ana_desktop.url, ana.id, PIN).proven
    assert sitting_key(ana_desktop.store, ana_desktop.url, ana.id, PIN)
    ana_desktop.sync()


@pytest.mark.parametrize("statement", [
    "ALTER ROLE CURRENT_USER CONNECTION LIMIT -1", "ALTER ROLE CURRENT_USER LOGIN",
    "ALTER ROLE CURRENT_USER CREATEROLE", "GRANT {instructor} TO CURRENT_USER",
    "SET ROLE {desktop}; ALTER ROLE CURRENT_USER LOGIN"])
def test_a_desktop_login_keeps_its_limit_and_the_group_logs_in_nowhere(school_setup, classroom,
                                                                       statement):
    """Attack: before taking connections, Eve lifts her login's limit, or makes the
    desktops' group a login she could use from many places, or joins the instructors:
    refused."""
    _made, _ana, _ana_desktop, _eve, eve_desktop = classroom
    school = school_setup.server.school
    with psycopg.connect(eve_desktop.url, autocommit=True) as connection, \
            pytest.raises(psycopg.errors.InsufficientPrivilege,
                          match="permission denied|must have admin option"):
        connection.execute(statement.format(desktop=f"{school}_desktop",
                                            instructor=f"{school}_instructor"))
    with psycopg.connect(school_setup.server.admin) as admin:
        assert admin.execute(
            "SELECT rolconnlimit, rolcanlogin, rolcreaterole FROM pg_roles WHERE rolname = %s",
            [eve_desktop.url.split("//")[1].split(":")[0]]).fetchone() \
            == (DESKTOP_CONNECTIONS, True, False)
        assert admin.execute("SELECT rolcanlogin FROM pg_roles WHERE rolname = %s",
                             [f"{school}_desktop"]).fetchone() == (False,)


def test_one_desktop_taking_every_connection_keeps_nobody_out(school_setup, classroom):
    """Attack: with her desktop's password, Eve opens connections until the server takes
    no more, and leaves them idle. Her login holds :data:`DESKTOP_CONNECTIONS` at most:
    every other desktop signs in and syncs, and an instructor's desk connects."""
    _made, ana, ana_desktop, _eve, eve_desktop = classroom
    with contextlib.ExitStack() as held:
        assert take_every_connection(eve_desktop.url, held) == DESKTOP_CONNECTIONS
        assert sign_in_at_school(ana_desktop.store, ana_desktop.url, ana.id, PIN).proven
        ana_desktop.sync()
        school_setup.desk.sync()


# What the desktop role may still call ------------------------------------------------------

def test_the_desktop_role_calls_no_definers_function_but_its_own(school_setup, classroom):
    """Attack: Eve lists what the desktop role may execute (``\\df`` and
    ``has_function_privilege``) looking for a function that runs as its owner and that
    nobody revoked from ``PUBLIC``. Every ``SECURITY DEFINER`` function it may call is one
    of the desktops' own; ``pgrowlocks`` reads only tables the role may read (not who holds
    a trainee's sign-in), and the functions of triggers run only as triggers."""
    _made, _ana, _ana_desktop, _eve, eve_desktop = classroom
    with psycopg.connect(eve_desktop.url, autocommit=True) as connection:
        definers = {row[0] for row in connection.execute(
            "SELECT p.oid::regprocedure::text FROM pg_proc p JOIN pg_namespace n ON "
            "n.oid = p.pronamespace WHERE p.prosecdef AND n.nspname NOT IN "
            "('pg_catalog', 'information_schema') AND has_function_privilege(p.oid, 'EXECUTE')")}
        assert definers == {function.replace(" ", "") for function in DESKTOPS}
        with pytest.raises(psycopg.errors.InsufficientPrivilege,
                           match="permission denied for table trainee_pins"):
            connection.execute("SELECT * FROM pgrowlocks('trainee_pins')")
        with pytest.raises(psycopg.errors.FeatureNotSupported,
                           match="trigger functions can only be called as triggers"):
            connection.execute("SELECT registered_as_the_terms_allow()")
        for internal in ("random_seed()", "token_trainee('x')", "end_sign_in_holders('x')",
                         "end_sitting_keys('x')"):
            with pytest.raises(psycopg.errors.InsufficientPrivilege, match="permission denied"):
                connection.execute(f"SELECT {internal}")


# The PIN check a desktop keeps -------------------------------------------------------------

#: The PINs Eve tries against the checks she reads (Ana's among them): a few, since each
#: costs a real scrypt; every 4-digit PIN would do the same, slower.
GUESSES = [PIN, *(f"{k:04d}" for k in range(7000, 7063))]


def test_a_classmates_pin_checks_read_again_and_again_tell_no_more_than_one(school_setup,
                                                                            classroom):
    """Attack: Eve reads Ana's PIN check at a shared desktop after each of Ana's sign-ins
    there, and at another desktop Ana signed in on. Each sign-in kept a check of the same
    PIN under a new random salt: one more hex digit each time, so that three reads left
    one PIN in 4,096 (some two or three of the 10,000 4-digit PINs, within the server's 10
    tries). A trainee's check is now the same wherever and however often it is made."""
    _made, ana, ana_desktop, _eve, eve_desktop = classroom
    eve_desktop.sync()
    reads = []
    for desktop in (ana_desktop, ana_desktop, eve_desktop):
        sign_in_at_school(desktop.store, desktop.url, ana.id, PIN)
        reads.append(store_db(desktop.store).execute(
            "SELECT salt, hash, n, r, p FROM school_sign_ins WHERE person_id = ?",
            [ana.id]).fetchone())

    def fitting(checks: list[tuple]) -> set[str]:
        return {guess for guess in GUESSES if all(
            pin_check(guess, bytes.fromhex(salt), n, r, p) == kept
            for salt, kept, n, r, p in set(checks))}

    assert len(set(reads)) == 1
    assert fitting(reads) == fitting(reads[:1]) >= {PIN}


# A sitting left open ----------------------------------------------------------------------

def test_a_sitting_left_open_at_a_shared_desktop_is_finished_by_nobody_else(
        school_setup, classroom, tmp_path):
    """Attack: Ana starts the exam at a shared desktop (her PIN typed for it, registered)
    and the desktop is switched off before she answers. Eve, at it afterwards, copies its
    file to the desktop she controls, answers every question of Ana's sitting right (the
    times inside its deadline are her desktop's to write), submits, and sends it under
    Ana's token from the file: the sitting is the one registered, its answers graded
    again are right. But its rows reach the server only with a secret of the sitting,
    which Ana's desktop kept in memory, never in the file (schema 13): Eve's desktop holds
    them back, and the server refuses them sent by hand with Ana's token."""
    made, ana, ana_desktop, _eve, eve_desktop = classroom
    actor = sign_in_at_school(ana_desktop.store, ana_desktop.url, ana.id, PIN)
    started = start_sitting(ana_desktop.store, actor, made.id,
                            register=ana_desktop.registrar())
    copied = tmp_path / "copied" / "progress.sqlite3"
    copied.parent.mkdir()
    with sqlite3.connect(copied) as target:
        store_db(ana_desktop.store).conn.backup(target)
    store = school_setup.stack.enter_context(Store(copied, backup=False))
    faked = signed_in_by_server(store, ana.id)
    sitting, at = sit(store, faked, exams(store)[0], lambda index: True)
    assert sitting.id == started.id
    submit_sitting(store, faked, sitting.id, at)
    Desktop(store, eve_desktop.url).sync()  # the sitting's rows held back, waiting
    with reading(store) as db:
        rows = read_outgoing(db, trusted=False).tables
    assert sittings_of(rows) == {sitting.id}
    assert len(rows["attempts"]) == len(exam_items(exams(store)[0], sitting.seed))
    with psycopg.connect(eve_desktop.url, autocommit=True) as connection:
        for secrets in ([], ["0" * 64]):
            with pytest.raises(psycopg.DatabaseError, match="only with a secret") as refused:
                connection.execute("SELECT push_batch(%s, %s, %s)", [
                    token_of(store_db(store), ana.id), Jsonb(rows), secrets])
            assert refused.value.sqlstate == SECRET_NOT_TAKEN
    school_setup.desk.sync()
    assert server_rows(school_setup.server, "results", {ana.id}) == set()
