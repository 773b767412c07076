"""The progress store: durable, migrated once, and clear about damaged or busy files."""

import json
import re
import sqlite3

import pytest

import i18n
import questions
from trainer.progress import Role, Store, StoreError
from trainer.progress.people.accounts import find_person
from trainer.progress.storage.backups import set_aside
from trainer.progress.storage.database import connection, reading, writing
from trainer.progress.storage.ledger import (
    add_person,
    record_attempt,
    start_session,
    store_setting,
    stored_attempts,
    stored_setting,
)
from trainer.progress.storage.schema import migrations, missing_protection
from trainer.progress.storage.store import _emptied
from trainer.rules.house import READINGS


def answer_one(store, person, answer=2, ms=1500):
    question = questions.generate("thirteen.first_seat", 11, 2)
    verdict = question.grade(answer)
    session = start_session(store, person.id, "practice")
    record_attempt(store, person.id, session, question.to_json(), answer, verdict.correct,
                         verdict.score, ms)
    return question, verdict, session


def test_answers_survive_closing_and_reopening(tmp_path):
    path = tmp_path / "p.sqlite3"
    with Store(path) as store:
        ana = add_person(store, "Ana Lei")
        question, verdict, session = answer_one(store, ana)
    with Store(path) as store:
        [attempt] = stored_attempts(store, ana.id)
        assert store.person(ana.id).name == "Ana Lei"
    assert attempt.skill == "thirteen.first_seat"
    assert attempt.question == question.to_json()
    assert attempt.answer == 2 and attempt.correct == verdict.correct
    assert attempt.response_ms == 1500 and attempt.session_id == session
    assert attempt.answered_at.endswith("Z")


def test_each_answer_is_committed_at_once(store, tmp_path):
    ana = add_person(store, "Ana")
    answer_one(store, ana)
    # Another connection sees it without the store being closed.
    other = sqlite3.connect(store.path)
    assert other.execute("SELECT count(*) FROM attempts").fetchone()[0] == 1
    other.close()


def test_migrations_applied_twice_are_harmless(tmp_path):
    path = tmp_path / "p.sqlite3"
    with Store(path) as store:
        add_person(store, "Ana")
        migrations.apply(connection(store))
        migrations.apply(connection(store))
        applied = [m.name for m in migrations.applied(connection(store))]
    with Store(path) as store:
        assert [m.name for m in migrations.applied(connection(store))] == applied
        assert applied == ["m001_people_sessions_attempts", "m002_roles_mastery_exams",
                           "m003_trust", "m004_extra_time", "m005_readings_of_answers",
                           "m006_school_outbox", "m007_school_settings_outbox",
                           "m008_exam_dates", "m009_merged_namesakes",
                           "m010_classes_id_numbers_exam_terms",
                           "m011_record_store_setting", "m012_desk_speed",
                           "m013_import_lock", "m014_names_by_the_rule",
                           "m015_unconfirmed_sittings", "m016_too_fast_answers",
                           "m017_school_sign_ins", "m018_sitting_seeds",
                           "m019_pin_checks", "m020_round_pars_shared",
                           "m021_record_store_outbox", "m022_abandoned_rounds",
                           "m023_attempt_mistakes", "m024_exam_item_scores",
                           "m025_summaries_read_at_once"]
        assert [p.name for p in store.people()] == ["Ana"]


def test_the_answers_keep_only_the_indexes_an_import_can_afford(store):
    """Each index of the answers is written for every imported answer inside the write lock
    (``bench_import.py``: ≤ 1 s per 200,000 answers): the key, the one answer per exam item,
    time, and a trainee's skill by time — no more (m013 took the log's two filters back);
    and for exam answers only, their scores by sitting and item (m023: item statistics)."""
    names = [row[0] for row in connection(store).execute(
        "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'attempts' "
        "ORDER BY name")]
    assert names == ["attempts_exam_item_scores", "attempts_one_answer_per_exam_item",
                     "idx_attempts_answered_at",
                     "idx_attempts_person_id_skill_answered_at", "sqlite_autoindex_attempts_1"]


def test_durability_settings(store):
    assert connection(store).execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert connection(store).execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL
    assert connection(store).execute("PRAGMA busy_timeout").fetchone()[0] == 5000
    assert connection(store).execute("PRAGMA foreign_keys").fetchone()[0] == 1


def test_people_are_sorted_and_filtered_by_role(store):
    add_person(store, "zoe")
    add_person(store, "  Bruno   Lopes ")
    add_person(store, "Mestre", Role.INSTRUCTOR)
    assert [p.name for p in store.people(Role.TRAINEE)] == ["Bruno Lopes", "zoe"]
    assert [p.name for p in store.people()] == ["Bruno Lopes", "Mestre", "zoe"]


@pytest.mark.parametrize(("name", "fragment"), [("", "Type a name"), ("   ", "Type a name"),
                                                ("x" * 81, "at most 80")])
def test_bad_names_are_refused_with_a_message(store, name, fragment):
    with pytest.raises(StoreError, match=re.escape(fragment)) as caught:
        add_person(store, name)
    assert fragment in str(caught.value)
    assert not caught.value.damaged  # a bad name is no damage
    assert store.people() == []


def test_a_damaged_file_is_reported_and_kept(tmp_path):
    path = tmp_path / "p.sqlite3"
    garbage = b"this is not a database" * 200
    path.write_bytes(garbage)
    with pytest.raises(StoreError,
                       match=r"is damaged \(file is not a database\)") as caught:
        Store(path)
    assert caught.value.damaged
    assert "damaged" in str(caught.value)
    i18n.set_language("pt_MO")
    assert "danificada" in str(caught.value)
    kept = set_aside(path)
    assert kept.read_bytes() == garbage and not path.exists()
    with Store(path) as fresh:
        assert fresh.people() == []


def test_a_truncated_database_is_reported(tmp_path):
    path = tmp_path / "p.sqlite3"
    with Store(path) as store:
        for i in range(200):
            add_person(store, f"Trainee {i}")
        connection(store).execute("PRAGMA wal_checkpoint(TRUNCATE)")
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 3])
    (tmp_path / "p.sqlite3-wal").unlink(missing_ok=True)
    with pytest.raises(StoreError, match="The progress database at .* is damaged"):
        with Store(path) as store:
            store.people()


def test_a_locked_database_is_reported_as_busy(tmp_path):
    path = tmp_path / "p.sqlite3"
    with Store(path) as store:
        ana = add_person(store, "Ana")
    blocker = sqlite3.connect(path, isolation_level=None)
    blocker.execute("BEGIN EXCLUSIVE")
    try:
        with Store(path, busy_timeout_ms=50) as store:
            with pytest.raises(StoreError,
                               match="The progress database is busy in another program") as caught:
                answer_one(store, ana)
            assert "busy" in str(caught.value)
    finally:
        blocker.execute("ROLLBACK")
        blocker.close()
    with Store(path) as store:
        answer_one(store, ana)  # works again once the other program lets go
        assert len(stored_attempts(store, ana.id)) == 1


def test_an_unwritable_location_is_reported(tmp_path):
    blocked = tmp_path / "file"
    blocked.write_text("not a folder")
    with pytest.raises(StoreError, match="cannot be opened or written") as caught:
        Store(blocked / "p.sqlite3")
    assert "cannot be opened" in str(caught.value)


def test_settings(store):
    assert stored_setting(store, "language") is None
    assert stored_setting(store, "language", "en") == "en"
    store_setting(store, "language", "pt_MO")
    store_setting(store, "language", "zh_Hant_MO")
    assert stored_setting(store, "language") == "zh_Hant_MO"


def test_bad_attempt_values_are_a_programming_error(store):
    ana = add_person(store, "Ana")
    question = questions.generate("thirteen.first_seat", 1)
    with pytest.raises(ValueError, match=r"bad attempt: score=1\.5, response_ms=10"):
        record_attempt(store, ana.id, None, question.to_json(), 1, True, 1.5, 10)
    with pytest.raises(ValueError, match=r"bad attempt: score=1\.0, response_ms=-1"):
        record_attempt(store, ana.id, None, question.to_json(), 1, True, 1.0, -1)


def test_answers_from_before_the_mastery_migration_are_summarised(tmp_path):
    path = tmp_path / "old.sqlite3"
    from sqlite_utils import Database

    old = Database(path)
    migrations.apply(old, stop_before="m002_roles_mastery_exams")
    old["people"].insert({"id": "p1", "name": "Ana", "role": "trainee", "language": None,
                          "created_at": "2024-05-01T09:00:00.000Z"})
    for n, (correct, ms) in enumerate([(1, 2000), (0, 5000), (1, 12_000)]):
        old["attempts"].insert({
            "id": f"a{n}", "person_id": "p1", "session_id": None,
            "answered_at": f"2024-05-0{n + 1}T09:00:00.000Z", "game": "thirteen",
            "skill": "thirteen.first_seat", "difficulty": 1, "seed": n,
            "question_json": "{}", "answer_json": "1", "correct": correct,
            "score": float(correct), "response_ms": ms})
    old.close()
    with Store(path) as store:
        ratings = [r for (r,) in connection(store).execute(
                "SELECT rating FROM attempts ORDER BY id")]
        stats = connection(store).execute(
                "SELECT attempts, correct, streak FROM skill_stats").fetchone()
    assert ratings == [4, 1, 2]  # Easy, Again, Hard with the default targets
    assert stats == (3, 2, 1)


def test_exams_from_before_the_trust_migration_keep_the_house_rules_of_then(tmp_path):
    from dataclasses import replace as changed
    from decimal import Decimal

    from sqlite_utils import Database

    from trainer.rules.house import HouseRules

    path = tmp_path / "old.sqlite3"
    then = changed(HouseRules(), money_unit=Decimal("1"))
    old = Database(path)
    migrations.apply(old, stop_before="m003_trust")
    old["settings"].insert({"key": "house_rules", "value": json.dumps(then.to_json())})
    old["people"].insert({"id": "p1", "name": "Ana", "role": "trainee", "language": None,
                          "created_at": "2024-05-01T09:00:00.000Z"})
    old["exams"].insert({"id": "e1", "title": "Old exam", "created_by": "p1",
                         "created_at": "2024-05-01T09:00:00.000Z", "seed": 1,
                         "time_limit_s": 600, "pass_percent": "50",
                         "parts": '[["thirteen.payout", 2, 1]]'})
    old["exam_sittings"].insert({"id": "s1", "exam_id": "e1", "person_id": "p1",
                                 "started_at": "2024-05-02T09:00:00.000Z",
                                 "deadline_at": "2024-05-02T09:10:00.000Z",
                                 "submitted_at": None})
    old.close()
    with Store(path) as store:
        exam = connection(store).execute("SELECT house_rules, pin_required FROM exams").fetchone()
        sitting = connection(store).execute(
                "SELECT house_rules, readings FROM exam_sittings").fetchone()
        assert missing_protection(connection(store)) == []
    assert HouseRules.from_json(json.loads(exam[0])) == then and exam[1] == 0
    assert sitting == (exam[0], 1)


def test_an_exam_item_is_answered_once_even_past_the_triggers(store, instructor, ana):
    """The unique index a bundle's merge relies on while the answers' triggers step aside."""
    from tests.progress.test_exam_limits import START, make
    from trainer.progress.exams.sittings import answer_exam_item, exam_items, start_sitting

    made = make(store, instructor)
    sitting = start_sitting(store, ana, made.id, START)
    item = exam_items(made)[0]
    answer_exam_item(store, ana, sitting.id, 0, {"version": 1, "skill": item.skill,
                                                 "seed": item.seed,
                                                 "difficulty": item.difficulty},
                     1, True, 1.0, 900, START)
    raw = sqlite3.connect(store.path, isolation_level=None)
    try:
        raw.execute("BEGIN")
        for trigger in ("attempts_are_never_replaced", "exam_answers_are_never_replaced",
                        "exam_answers_only_while_the_sitting_is_open"):
            raw.execute(f"DROP TRIGGER {trigger}")
        with pytest.raises(sqlite3.IntegrityError,
                           match=r"UNIQUE constraint failed: attempts\.sitting_id, "
                                 r"attempts\.item_index"):
            raw.execute("INSERT INTO attempts (id, person_id, answered_at, game, skill, "
                        "difficulty, seed, question_json, answer_json, correct, score, "
                        "response_ms, sitting_id, item_index, rating) SELECT 'again', "
                        "person_id, answered_at, game, skill, difficulty, seed, "
                        "question_json, answer_json, correct, score, response_ms, "
                        "sitting_id, item_index, rating FROM attempts")
    finally:
        raw.execute("ROLLBACK")
        raw.close()


def test_a_new_database_is_made_with_every_folder_above_it(tmp_path):
    path = tmp_path / "a" / "b" / "progress.sqlite3"
    with Store(path) as store:
        add_person(store, "Ana")
    with Store(path) as store:
        assert [p.name for p in store.people()] == ["Ana"]


def test_the_store_is_read_from_another_thread(store):
    """Reports and bundles are written by a worker thread, on the window's store."""
    import threading

    ana = add_person(store, "Ana")
    seen = []
    worker = threading.Thread(target=lambda: seen.append(store.person(ana.id).name))
    worker.start()
    worker.join()
    assert seen == ["Ana"]


def test_an_instant_answer_and_the_ends_of_the_score_are_recorded(store):
    ana = add_person(store, "Ana")
    question = {"version": 1, "skill": "three_card.order", "seed": 1, "difficulty": 1}
    for score, correct in ((0.0, False), (1.0, True)):
        record_attempt(store, ana.id, None, question, 1, correct, score, 0)
    assert [(a.score, a.response_ms)
            for a in stored_attempts(store, ana.id)] == [(0.0, 0), (1.0, 0)]
    for score, ms in ((1.01, 0), (-0.01, 0), (1.0, -1)):
        with pytest.raises(ValueError, match="bad attempt"):
            record_attempt(store, ana.id, None, question, 1, True, score, ms)


def test_questions_and_answers_are_stored_in_their_own_characters(store):
    """Sap I Chi's pieces and an amount typed in Portuguese (its spaces no-break) are kept as
    themselves, not as ``\\u`` escapes: the database reads as asked and answered in any
    SQLite tool, and each text is as long as a bundle counts it."""
    ana = add_person(store, "Ana")
    question = questions.generate("sap_i_chi.draw", 1, 2).to_json()
    typed = "1\u00a0234,50\u00a0MOP$"
    record_attempt(store, ana.id, None, question, typed, False, 0.0, 900)
    stored_question, stored_answer = connection(store).execute(
        "SELECT question_json, answer_json FROM attempts").fetchone()
    assert "\\u" not in stored_question and not stored_question.isascii()  # its pieces
    assert stored_answer == f'"{typed}"'
    [attempt] = stored_attempts(store, ana.id)
    assert (attempt.question, attempt.answer) == (question, typed)


def test_an_empty_file_is_damage_unless_its_write_ahead_log_holds_the_pages(tmp_path):
    path = tmp_path / "p.sqlite3"
    path.write_bytes(b"")
    wal = tmp_path / "p.sqlite3-wal"
    wal.write_bytes(b"")
    with pytest.raises(StoreError, match="is empty") as caught:
        Store(path, backup=False)
    assert caught.value.damaged
    with Store(tmp_path / "new.sqlite3", backup=False) as store:
        add_person(store, "Ana")
        wal.write_bytes((tmp_path / "new.sqlite3-wal").read_bytes())
    assert _emptied(path) is False  # its pages are in the log: not a truncated file
    assert _emptied(tmp_path / "new.sqlite3") is False and _emptied(tmp_path / "none") is False


def test_opening_runs_the_quick_check_unless_told_not_to(tmp_path, monkeypatch):
    from trainer.progress.storage import store as module

    statements: list[str] = []
    real_connect = sqlite3.connect

    def traced(*args, **kwargs):
        connection = real_connect(*args, **kwargs)
        connection.set_trace_callback(statements.append)
        return connection

    monkeypatch.setattr(module.sqlite3, "connect", traced)
    Store(tmp_path / "p.sqlite3", backup=False).close()
    assert "PRAGMA quick_check" in statements
    statements.clear()
    Store(tmp_path / "p.sqlite3", check=False, backup=False).close()
    assert "PRAGMA quick_check" not in statements


def test_a_name_of_eighty_characters_is_kept(store):
    assert add_person(store, "x" * 80).name == "x" * 80


def test_database_failures_are_said_as_busy_or_as_what_failed(store):
    for text in ("database is locked", "database table is busy"):
        with pytest.raises(StoreError, match="busy in another program") as caught, \
                writing(store):
            raise sqlite3.OperationalError(text)
        assert not caught.value.damaged
    with pytest.raises(StoreError, match=r"cannot be opened or written \(disk I/O error\)\.$"), \
            writing(store):
        raise sqlite3.OperationalError("disk I/O error")


def test_a_folder_that_cannot_be_made_is_said_in_the_systems_words_only(tmp_path):
    blocked = tmp_path / "file"
    blocked.write_text("not a folder")
    with pytest.raises(StoreError, match=r"cannot be opened or written \(Not a directory\)\.$"):
        Store(blocked / "deeper" / "p.sqlite3")


def test_a_file_error_inside_a_read_is_the_callers_not_the_databases(store):
    """Writing a report or a bundle inside a read snapshot fails on the caller's file (a
    full disk, a folder that is gone): it must not be reported as the database's fault."""
    with pytest.raises(OSError, match="No space left on device") as raised, reading(store):
        raise OSError(28, "No space left on device", "/media/usb/report.csv")
    assert not isinstance(raised.value, StoreError)
    with pytest.raises(OSError, match=r"\[Errno 2\] No such file"), writing(store):
        raise FileNotFoundError(2, "No such file or directory", "/gone/bundle.zip")


def test_a_database_folder_that_cannot_be_made_is_the_databases(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    with pytest.raises(StoreError, match="cannot be opened or written"):
        Store(blocker / "progress.sqlite3")


def test_every_answer_records_the_reading_it_was_graded_under(tmp_path):
    """Answers from before the record keep it empty (unknown); new ones carry READINGS."""
    path = tmp_path / "p.sqlite3"
    with Store(path) as store:
        ana = add_person(store, "Ana", Role.TRAINEE)
        record_attempt(store, ana.id, None, {"version": 1, "skill": "three_card.order",
                                            "seed": 1, "difficulty": 1}, 1, True, 1.0, 900)
        connection(store).execute("INSERT INTO attempts (id, person_id, answered_at, game, skill, "
                         "difficulty, seed, question_json, answer_json, correct, score, "
                         "response_ms) VALUES ('old', ?, '2020-01-01T00:00:00.000Z', "
                         "'three_card', 'three_card.order', 1, 1, '{}', '1', 1, 1.0, 900)",
                         [ana.id])
        readings = {a.id: a.readings for a in stored_attempts(store, ana.id)}
    assert readings.pop("old") is None
    assert list(readings.values()) == [READINGS]


def test_a_database_a_newer_trainer_wrote_is_refused_and_left_as_it_was(tmp_path):
    """An older package installed over a newer one: the newer version's progress is not
    opened (an older trainer would write rows the newer one no longer reads right)."""
    path = tmp_path / "progress.sqlite3"
    with Store(path) as store:
        add_person(store, "Ana Lei")
    raw = sqlite3.connect(path)
    with raw:
        raw.execute("INSERT INTO _sqlite_migrations (migration_set, name, applied_at) "
                    "VALUES ('croupier-trainer', 'm099_from_a_newer_trainer', '2027-01-01')")
    raw.close()
    before = path.read_bytes()
    with pytest.raises(StoreError, match=r"written by a newer version of the trainer \(it has "
                                         r"m099_from_a_newer_trainer"):
        Store(path)
    assert path.read_bytes() == before
    raw = sqlite3.connect(path)
    with raw:
        raw.execute("DELETE FROM _sqlite_migrations WHERE name = 'm099_from_a_newer_trainer'")
    raw.close()
    with Store(path) as store:  # the same version's own migrations only: opened as before
        assert find_person(store, "Ana Lei").name == "Ana Lei"
