"""The database schema, as sqlite-utils migrations applied in order, each exactly once.

Attempts follow Anki's review log: who, when, what was asked, what was answered,
whether it was right and how long it took (ms). Rows are identified by UUIDs so that
progress from several desktops can later be merged without clashes.
"""

from __future__ import annotations

import json

from sqlite_utils import Database
from sqlite_utils.migrations import Migrations

from trainer.progress.learning import summaries
from trainer.progress.learning.targets import floor_sql
from trainer.progress.people.names import repaired_name
from trainer.rules.house import HouseRules

migrations = Migrations("croupier-trainer")


def newer_migrations(db: Database) -> list[str]:
    """The migrations applied to ``db`` that this version of the trainer does not have: a
    newer version wrote it (an older package installed over a newer one)."""
    known = {migration.name for migration in migrations._migrations}
    return [applied.name for applied in migrations.applied(db) if applied.name not in known]


@migrations()
def m001_people_sessions_attempts(db: Database) -> None:
    db.table("people").create(
        {"id": str, "name": str, "role": str, "language": str, "created_at": str},
        pk="id", not_null={"name", "role", "created_at"},
    )
    db.table("sessions").create(
        {"id": str, "person_id": str, "mode": str, "started_at": str, "ended_at": str},
        pk="id", foreign_keys=[("person_id", "people", "id")],
        not_null={"person_id", "mode", "started_at"},
    )
    db.table("attempts").create(
        {
            "id": str,
            "person_id": str,
            "session_id": str,
            "answered_at": str,
            "game": str,
            "skill": str,
            "difficulty": int,
            "seed": int,
            "question_json": str,
            "answer_json": str,
            "correct": int,
            "score": float,
            "response_ms": int,
        },
        pk="id",
        foreign_keys=[("person_id", "people", "id"), ("session_id", "sessions", "id")],
        not_null={"person_id", "answered_at", "skill", "question_json", "answer_json",
                  "correct", "score", "response_ms"},
    )
    db.table("attempts").create_index(["person_id", "skill", "answered_at"])
    db.table("settings").create({"key": str, "value": str}, pk="key")


@migrations()
def m002_roles_mastery_exams(db: Database) -> None:
    """Passwords, summaries for mastery and reports, exams, and the rules that freeze them.

    Attempts gain the FSRS rating given when they were recorded (so replaying the history
    gives the same schedule even after the targets change) and the exam sitting they
    answer. Summary tables are derived from attempts and can be rebuilt at any time.
    """
    for column, kind in (("sitting_id", str), ("item_index", int), ("rating", int)):
        db.table("attempts").add_column(column, kind)
    db.execute(
        "UPDATE attempts SET rating = CASE WHEN correct = 0 THEN 1 WHEN response_ms > 10000 "
        "THEN 2 WHEN response_ms <= 4000 THEN 4 ELSE 3 END")
    db.table("attempts").create_index(["sitting_id", "item_index"], unique=True,
                                index_name="attempts_one_answer_per_exam_item")
    db.table("attempts").create_index(["answered_at"])
    db.table("credentials").create(
        {"person_id": str, "salt": str, "hash": str, "n": int, "r": int, "p": int,
         "set_at": str},
        pk="person_id", foreign_keys=[("person_id", "people", "id")],
        not_null={"salt", "hash", "n", "r", "p", "set_at"},
    )
    db.table("skill_stats").create(
        {"person_id": str, "skill": str, "attempts": int, "correct": int, "score_sum": float,
         "total_ms": int, "streak": int, "recent": str, "card": str, "due": str,
         "first_at": str, "last_at": str},
        pk=("person_id", "skill"), not_null={"attempts", "correct", "total_ms", "recent"},
    )
    db.table("weekly_stats").create(
        {"person_id": str, "skill": str, "week": str, "attempts": int, "correct": int,
         "score_sum": float, "total_ms": int},
        pk=("person_id", "skill", "week"),
    )
    db.table("weekly_stats").create_index(["week"])
    db.table("exams").create(
        {"id": str, "title": str, "created_by": str, "created_at": str, "seed": int,
         "time_limit_s": int, "pass_percent": str, "parts": str},
        pk="id", not_null={"title", "created_by", "created_at", "seed", "time_limit_s",
                           "pass_percent", "parts"},
    )
    db.table("exam_sittings").create(
        {"id": str, "exam_id": str, "person_id": str, "started_at": str, "deadline_at": str,
         "submitted_at": str},
        pk="id", foreign_keys=[("exam_id", "exams", "id"), ("person_id", "people", "id")],
        not_null={"exam_id", "person_id", "started_at", "deadline_at"},
    )
    db.table("exam_sittings").create_index(["person_id", "exam_id"])
    db.table("exam_results").create(
        {"sitting_id": str, "exam_id": str, "person_id": str, "submitted_at": str,
         "questions": int, "answered": int, "correct": int, "score_percent": str,
         "passed": int, "duration_ms": int},
        pk="sitting_id", foreign_keys=[("sitting_id", "exam_sittings", "id")],
    )
    db.table("exam_results").create_index(["exam_id"])
    db.table("exam_results").create_index(["person_id"])
    db.table("deletion_grants").create({"person_id": str}, pk="person_id")
    db.table("deleted_people").create({"person_id": str, "deleted_at": str}, pk="person_id")
    for statement in _FREEZING_TRIGGERS:
        db.execute(statement)
    summaries.rebuild(db)  # answers recorded before this migration get their summaries now


_NO_GRANT = "NOT EXISTS (SELECT 1 FROM deletion_grants WHERE person_id = OLD.person_id)"

#: The database itself refuses to change what must never change, whatever program writes.
_FREEZING_TRIGGERS = (
    """CREATE TRIGGER attempts_are_never_changed BEFORE UPDATE ON attempts
       BEGIN SELECT RAISE(ABORT, 'attempts are never changed'); END""",
    f"""CREATE TRIGGER attempts_go_only_with_their_person BEFORE DELETE ON attempts
       WHEN {_NO_GRANT}
       BEGIN SELECT RAISE(ABORT, 'attempts are deleted only with their person'); END""",
    """CREATE TRIGGER exam_answers_only_while_the_sitting_is_open BEFORE INSERT ON attempts
       WHEN NEW.sitting_id IS NOT NULL AND NOT EXISTS (
           SELECT 1 FROM exam_sittings WHERE id = NEW.sitting_id
           AND person_id = NEW.person_id AND submitted_at IS NULL)
       BEGIN SELECT RAISE(ABORT, 'the exam sitting is submitted or unknown'); END""",
    """CREATE TRIGGER exams_are_never_changed BEFORE UPDATE ON exams
       BEGIN SELECT RAISE(ABORT, 'exams are never changed'); END""",
    """CREATE TRIGGER exams_with_sittings_are_kept BEFORE DELETE ON exams
       WHEN EXISTS (SELECT 1 FROM exam_sittings WHERE exam_id = OLD.id)
       BEGIN SELECT RAISE(ABORT, 'an exam that was sat is kept'); END""",
    """CREATE TRIGGER submitted_sittings_are_final BEFORE UPDATE ON exam_sittings
       WHEN OLD.submitted_at IS NOT NULL
       BEGIN SELECT RAISE(ABORT, 'a submitted sitting is final'); END""",
    f"""CREATE TRIGGER sittings_go_only_with_their_person BEFORE DELETE ON exam_sittings
       WHEN {_NO_GRANT}
       BEGIN SELECT RAISE(ABORT, 'sittings are deleted only with their person'); END""",
    """CREATE TRIGGER results_need_a_submitted_sitting BEFORE INSERT ON exam_results
       WHEN NOT EXISTS (SELECT 1 FROM exam_sittings WHERE id = NEW.sitting_id
                        AND submitted_at IS NOT NULL AND person_id = NEW.person_id)
       BEGIN SELECT RAISE(ABORT, 'a result needs a submitted sitting'); END""",
    """CREATE TRIGGER results_are_final BEFORE UPDATE ON exam_results
       BEGIN SELECT RAISE(ABORT, 'exam results are final'); END""",
    f"""CREATE TRIGGER results_go_only_with_their_person BEFORE DELETE ON exam_results
       WHEN {_NO_GRANT}
       BEGIN SELECT RAISE(ABORT, 'results are deleted only with their person'); END""",
)


@migrations()
def m003_trust(db: Database) -> None:
    """What an exam is sat under, PINs, the sign-in log, and triggers that cannot be dodged.

    An exam records the house rules it is sat under (an instructor's choice, like its
    seed) and whether the trainee's PIN is needed; every sitting records those rules and
    the version of the rules core's readings it was graded under. The grants that let a
    person's results be deleted are gone: results now go only when their person does.
    """
    rules = _current_house_rules(db)
    # The old triggers go first: they would refuse the exams and sittings updated here.
    for name in [row[0] for row in db.execute(
            "SELECT name FROM sqlite_master WHERE type = 'trigger'")]:
        db.execute(f"DROP TRIGGER {name}")
    db.table("exams").add_column("house_rules", str)
    db.table("exams").add_column("pin_required", int, not_null_default=0)
    db.table("exam_sittings").add_column("house_rules", str)
    db.table("exam_sittings").add_column("readings", int)
    db.execute("UPDATE exams SET house_rules = ?", [rules])
    db.execute("UPDATE exam_sittings SET house_rules = ?, readings = 1", [rules])
    db.table("pins").create(
        {"person_id": str, "salt": str, "hash": str, "n": int, "r": int, "p": int,
         "set_at": str},
        pk="person_id", foreign_keys=[("person_id", "people", "id")],
        not_null={"salt", "hash", "n", "r", "p", "set_at"},
    )
    db.table("sign_in_log").create(
        {"id": int, "person_id": str, "at": str, "secret": str, "ok": int},
        pk="id", not_null={"person_id", "at", "secret", "ok"},
    )
    db.table("sign_in_log").create_index(["person_id", "at"])
    db.table("deletion_grants").drop()
    for name, statement in PROTECTIVE_TRIGGERS.items():
        if name not in LATER_TRIGGERS:
            db.execute(statement)


@migrations()
def m004_extra_time(db: Database) -> None:
    """Extra time an instructor grants a trainee for drills and exams, as exam boards do:
    one row per grant (the latest is in force), never changed, gone only with the person."""
    db.table("extra_time").create(
        {"id": str, "person_id": str, "percent": int, "set_by": str, "set_at": str},
        pk="id", foreign_keys=[("person_id", "people", "id")],
        not_null={"person_id", "percent", "set_by", "set_at"},
    )
    db.table("extra_time").create_index(["person_id", "set_at"])
    db.execute("DROP TRIGGER a_person_goes_with_everything_recorded")
    for name in ("a_person_goes_with_everything_recorded", "extra_time_is_never_changed",
                 "extra_time_are_never_replaced"):
        db.execute(PROTECTIVE_TRIGGERS[name])


@migrations()
def m005_readings_of_answers(db: Database) -> None:
    """Every answer records the version of the rules core's readings it was graded under, as
    sittings do, so a review can say when today's reading grades it otherwise. Answers from
    before keep it empty: graded under an earlier reading than the one they are shown with."""
    db.table("attempts").add_column("readings", int)


@migrations()
def m006_school_outbox(db: Database) -> None:
    """What a school server has yet to hear from this desktop: every row written here to a
    table a bundle carries (but answers, which go by their order) is noted in an outbox,
    and the marks say how far the answers were sent and the server's changes were read."""
    db.execute("CREATE TABLE school_outbox (id INTEGER PRIMARY KEY AUTOINCREMENT, "
               "tbl TEXT NOT NULL, key TEXT NOT NULL)")
    db.table("school_marks").create({"name": str, "value": int}, pk="name")
    for sql in SCHOOL_OUTBOX_TRIGGERS.values():
        db.execute(sql)


@migrations()
def m007_school_settings_outbox(db: Database) -> None:
    """The school's settings (house rules, mastery targets) travel to the school server too;
    a desktop's own settings (its language, its server's address) never leave it."""
    for sql in SCHOOL_SETTINGS_TRIGGERS.values():
        db.execute(sql)


@migrations()
def m008_exam_dates(db: Database) -> None:
    """An exam may have an opening and a closing moment; exams made before have neither."""
    db.table("exams").add_column("opens_at", str)
    db.table("exams").add_column("closes_at", str)


@migrations()
def m009_merged_namesakes(db: Database) -> None:
    """A trainee merged into a namesake is deleted naming the person kept, so that practice
    given to the merged record elsewhere, before that desktop heard of the merge, follows
    it there instead of being dropped with it."""
    db.table("deleted_people").add_column("merged_into", str)


@migrations()
def m010_classes_id_numbers_exam_terms(db: Database) -> None:
    """What an instructor keeps and changes as a course runs, the latest written winning
    (see :mod:`trainer.progress.records`): classes of trainees, the school's ID number of
    each trainee, and each exam's terms (who is to sit it, how many sittings, closed early,
    replaced by an edited version). Each travels to the school server as settings do."""
    db.table("classes").create(
        {"id": str, "name": str, "members": str, "removed": int, "set_by": str,
         "set_at": str}, pk="id", not_null={"name", "members", "removed", "set_by", "set_at"})
    db.table("id_numbers").create(
        {"person_id": str, "id_number": str, "set_by": str, "set_at": str},
        pk="person_id", not_null={"set_by", "set_at"})
    db.table("exam_terms").create(
        {"exam_id": str, "assignees": str, "sittings_allowed": int, "closed_at": str,
         "replaced_by": str, "set_by": str, "set_at": str},
        pk="exam_id", not_null={"assignees", "sittings_allowed", "set_by", "set_at"})
    for sql in SCHOOL_RECORD_TRIGGERS.values():
        db.execute(sql)


@migrations()
def m011_record_store_setting(db: Database) -> None:
    """The address a school's learning record store knows its trainees' accounts by (the
    home page of the xAPI statements' actors) is a school setting too, shared as the others."""
    for name, sql in SCHOOL_SETTINGS_TRIGGERS.items():
        db.execute(f"DROP TRIGGER IF EXISTS {name}")
        db.execute(sql)


@migrations()
def m012_desk_speed(db: Database) -> None:
    """The desk's answer log at a school's size: everyone's answers to one skill, or wrong,
    newest first, read from an index rather than by going through a million answers."""
    db.table("attempts").create_index(["skill", "correct", "answered_at"], if_not_exists=True)
    db.table("attempts").create_index(["correct", "answered_at"], if_not_exists=True)


@migrations()
def m013_import_lock(db: Database) -> None:
    """The two indexes of ``m012_desk_speed`` go again: every bundle or inbox merge wrote
    each imported answer into them inside the write lock (0.3 s more per 200,000 answers,
    past the 1 s target), while the answer log's filters read a million answers in ≤ 0.35 s
    without them (by time, and the trainee's index)."""
    db.execute("DROP INDEX IF EXISTS idx_attempts_skill_correct_answered_at")
    db.execute("DROP INDEX IF EXISTS idx_attempts_correct_answered_at")


@migrations()
def m014_names_by_the_rule(db: Database) -> None:
    """Names stored before the one rule for names (:mod:`trainer.progress.people.names`)
    take their allowed form, which every desktop gives them alike, and bundles and the school
    server's rows give them as they are read: the person stays one row everywhere. Two names
    that become the same are namesakes, listed on the desk to be merged, as two desktops'
    "Ana Lei" are. The outbox notes each change, as it notes every write to a person."""
    for person_id, name in db.execute("SELECT id, name FROM people").fetchall():
        allowed = repaired_name(name, person_id)
        if allowed != name:
            db.execute("UPDATE people SET name = ? WHERE id = ?", [allowed, person_id])


@migrations()
def m015_unconfirmed_sittings(db: Database) -> None:
    """Exam sittings imported from a trainee's bundle: sat on a desktop whose owner controls
    its file, so nothing in them proves who sat. Each is noted here when it arrives (who
    imported it, when) and counts only once an instructor confirms it (who, when): a record
    beside the sitting, since a sitting and its result never change. The note goes with its
    sitting."""
    db.table("unconfirmed_sittings").create(
        {"sitting_id": str, "imported_by": str, "imported_at": str, "confirmed_by": str,
         "confirmed_at": str},
        pk="sitting_id", not_null={"imported_by", "imported_at"})
    db.execute(UNCONFIRMED_GO_WITH_THEIR_SITTING)


UNCONFIRMED_GO_WITH_THEIR_SITTING = """CREATE TRIGGER unconfirmed_sittings_go_with_their_sitting
       AFTER DELETE ON exam_sittings
       BEGIN DELETE FROM unconfirmed_sittings WHERE sitting_id = OLD.id; END"""


@migrations()
def m016_too_fast_answers(db: Database) -> None:
    """An answer given faster than its skill's floor no longer counts toward mastery (see
    :mod:`trainer.progress.learning.summaries`): the summaries of the trainees and skills
    that have one are folded again, as a rebuild from their answers would fold them."""
    pairs = db.execute(f"SELECT DISTINCT person_id, skill FROM attempts "
                       f"WHERE response_ms < {floor_sql('skill')}").fetchall()
    summaries.rebuild(db, [(person, skill) for person, skill in pairs])


@migrations()
def m017_school_sign_ins(db: Database) -> None:
    """The trainees signed in to the school server on this desktop, each with the token the
    server gave (it names them in everything this desktop sends for them). A token is the
    trainee's proof to the server, not to this desktop: it never travels in a bundle. The PIN
    the server took is kept hashed beside it, to check the trainee's PIN here while the
    server cannot be reached."""
    db.execute("CREATE TABLE school_sign_ins (person_id TEXT PRIMARY KEY REFERENCES "
               "people (id) ON DELETE CASCADE, token TEXT NOT NULL, signed_in_at TEXT NOT NULL, "
               "salt TEXT NOT NULL, hash TEXT NOT NULL, n INTEGER NOT NULL, r INTEGER NOT NULL, "
               "p INTEGER NOT NULL)")


@migrations()
def m018_sitting_seeds(db: Database) -> None:
    """Each sitting may have questions of its own: its seed, drawn by the school server at
    registration (or by the desktop without one), unknown to anyone before it starts; an
    exam may still give everyone the same questions, as every exam made before did. A
    sitting's seed never changes, as nothing of a sitting but its submission does."""
    db.table("exam_sittings").add_column("seed", int)
    db.table("exams").add_column("same_questions", int, not_null_default=1)
    db.execute("DROP TRIGGER IF EXISTS only_the_submission_of_a_sitting_changes")
    db.execute(PROTECTIVE_TRIGGERS["only_the_submission_of_a_sitting_changes"])



@migrations()
def m019_pin_checks(db: Database) -> None:
    """A PIN the school server took is kept here only as a PIN check that cannot tell it
    (:func:`~trainer.progress.people.credentials.pin_check`): anyone at a shared desktop
    could read a whole hash, and try every short PIN against it past the server's waits and
    lock. The check is the hash's first hex digit (a migration keeps the length it was
    written for), so the hashes kept so far become checks."""
    db.execute("UPDATE school_sign_ins SET hash = substr(hash, 1, 1)")


@migrations()
def m020_round_pars_shared(db: Database) -> None:
    """The table rounds' par times are a school setting too, shared as the house rules are:
    a round on every desktop runs at the par the desk set."""
    for name, sql in SCHOOL_SETTINGS_TRIGGERS.items():
        db.execute(f"DROP TRIGGER IF EXISTS {name}")
        db.execute(sql)


@migrations()
def m021_record_store_outbox(db: Database) -> None:
    """The desk's outbox of xAPI statements for the school's learning record store: each
    statement's id as it is queued (what it is of: an answer, or a sitting's completion or
    verdict), when the store acknowledged it, or when and why it refused it; and the marks
    of how far the answers and results were queued. Never carried by a bundle nor synced."""
    db.execute("CREATE TABLE xapi_outbox (statement_id TEXT PRIMARY KEY, kind TEXT NOT NULL, "
               "source TEXT NOT NULL, queued_at TEXT NOT NULL, sent_at TEXT, "
               "refused_at TEXT, refusal TEXT)")
    db.execute("CREATE INDEX xapi_outbox_waiting ON xapi_outbox (sent_at, refused_at)")
    db.table("xapi_marks").create({"name": str, "value": int}, pk="name")


@migrations()
def m022_abandoned_rounds(db: Database) -> None:
    """The table rounds a trainee left unfinished and then discarded (the Table round page's
    "Discard"): no longer offered to resume. The round's steps stay as they were, answers
    like any other, for the desk and its replay; the mark is only this desktop's (it travels
    in no bundle and to no server) and goes with its person."""
    db.execute("CREATE TABLE abandoned_rounds (round_id TEXT PRIMARY KEY, person_id TEXT NOT "
               "NULL REFERENCES people (id) ON DELETE CASCADE, abandoned_at TEXT NOT NULL)")


@migrations()
def m023_attempt_mistakes(db: Database) -> None:
    """The kinds of mistake each wrong answer made, named by the rules core (see
    :mod:`trainer.progress.learning.mistakes`): beside the answers, which never change.
    Derived from the answers, so carried by no bundle and no sync: answers recorded before
    are classified the first time their kinds are read. The kinds go with their answer."""
    db.execute("CREATE TABLE attempt_mistakes (attempt_id TEXT NOT NULL, kind TEXT NOT NULL, "
               "PRIMARY KEY (attempt_id, kind)) WITHOUT ROWID")
    db.execute("CREATE INDEX attempt_mistakes_by_kind ON attempt_mistakes (kind)")
    db.execute(MISTAKES_GO_WITH_THEIR_ANSWER)


MISTAKES_GO_WITH_THEIR_ANSWER = """CREATE TRIGGER attempt_mistakes_go_with_their_answer
       AFTER DELETE ON attempts
       BEGIN DELETE FROM attempt_mistakes WHERE attempt_id = OLD.id; END"""


@migrations()
def m024_exam_item_scores(db: Database) -> None:
    """An exam's item statistics read each sitting's answers' scores and times from an index
    alone (:mod:`trainer.progress.exams.item_statistics`): the answers' rows keep the scores
    after the question's and answer's texts, which a read by the one-answer-per-item index
    had to step over (half the time of 500 sittings among a million answers). Exam answers
    only: a practice answer, most of any import, writes nothing more (see m013)."""
    db.execute("CREATE INDEX IF NOT EXISTS attempts_exam_item_scores ON attempts "
               "(sitting_id, item_index, score, response_ms, id) WHERE sitting_id IS NOT NULL")



@migrations()
def m025_summaries_read_at_once(db: Database) -> None:
    """The skill summaries read once and kept by the readers of them all (the desk's trainee
    list, cohort charts and class grid, the reports; see
    :mod:`trainer.progress.reports.summaries_read`) while they stay as they were: the
    database counts every change of ``skill_stats`` (an answer recorded, a merge from a
    bundle or from the school server, a trainee deleted, a rebuild) in ``summaries_version``,
    beside a random id of this database, so a reader tells at once whether what it read is
    still what is stored. Derived and this desktop's own: carried by no bundle, no sync."""
    db.execute("CREATE TABLE summaries_version (database_id TEXT NOT NULL, "
               "version INTEGER NOT NULL)")
    db.execute("INSERT INTO summaries_version VALUES (lower(hex(randomblob(16))), 0)")
    for statement in SUMMARIES_COUNTED.values():
        db.execute(statement)


#: Every change of a skill summary counted (see m025_summaries_read_at_once).
SUMMARIES_COUNTED = {
    f"summaries_counted_{event.lower()}": (
        f"CREATE TRIGGER summaries_counted_{event.lower()} AFTER {event} ON skill_stats "
        f"BEGIN UPDATE summaries_version SET version = version + 1; END")
    for event in ("INSERT", "UPDATE", "DELETE")}

#: The settings a school shares (the others are the desktop's own).
SCHOOL_SETTINGS = ("house_rules", "mastery_targets", "record_store_home_page", "round_pars")
SCHOOL_SETTINGS_TRIGGERS = {
    f"school_outbox_settings_{event.lower()}": (
        f"CREATE TRIGGER school_outbox_settings_{event.lower()} AFTER {event} ON settings "
        f"WHEN NEW.key IN ({', '.join(repr(k) for k in SCHOOL_SETTINGS)}) "
        f"BEGIN INSERT INTO school_outbox (tbl, key) VALUES ('settings', NEW.key); END")
    for event in ("INSERT", "UPDATE")}


def _outboxed(table: str, stored: str, key: str) -> dict[str, str]:
    return {f"school_outbox_{stored}_{event.lower()}": (
        f"CREATE TRIGGER school_outbox_{stored}_{event.lower()} AFTER {event} ON {stored} "
        f"BEGIN INSERT INTO school_outbox (tbl, key) VALUES ('{table}', NEW.{key}); END")
        for event in ("INSERT", "UPDATE")}


#: The outbox's triggers: each write to a table a school server shares, noted.
SCHOOL_OUTBOX_TRIGGERS = {
    name: sql
    for table, stored, key in (
        ("people", "people", "id"), ("credentials", "credentials", "person_id"),
        ("pins", "pins", "person_id"), ("extra_time", "extra_time", "id"),
        ("sessions", "sessions", "id"), ("exams", "exams", "id"),
        ("sittings", "exam_sittings", "id"), ("results", "exam_results", "sitting_id"),
        ("deleted_people", "deleted_people", "person_id"))
    for name, sql in _outboxed(table, stored, key).items()}


#: The outbox notes each record written, and a person's ID number goes with the person.
SCHOOL_RECORD_TRIGGERS = {
    **{name: sql for table, key in (("classes", "id"), ("id_numbers", "person_id"),
                                    ("exam_terms", "exam_id"))
       for name, sql in _outboxed(table, table, key).items()},
    "id_numbers_go_with_their_person": """CREATE TRIGGER id_numbers_go_with_their_person
       AFTER DELETE ON people BEGIN DELETE FROM id_numbers WHERE person_id = OLD.id; END""",
    "exam_terms_go_with_their_exam": """CREATE TRIGGER exam_terms_go_with_their_exam
       AFTER DELETE ON exams BEGIN DELETE FROM exam_terms WHERE exam_id = OLD.id; END""",
}


def _current_house_rules(db: Database) -> str:
    """The desktop's house rules when exams did not record theirs: the best guess of
    what they were sat under."""
    row = db.execute("SELECT value FROM settings WHERE key = 'house_rules'").fetchone()
    try:
        return json.dumps(HouseRules.from_json(json.loads(row[0])).to_json())
    except (TypeError, ValueError, ArithmeticError):
        return json.dumps(HouseRules().to_json())


def _keep_while_the_person_exists(table: str, what: str) -> str:
    return f"""CREATE TRIGGER {table}_go_only_with_their_person BEFORE DELETE ON {table}
       WHEN EXISTS (SELECT 1 FROM people WHERE id = OLD.person_id)
       BEGIN SELECT RAISE(ABORT, '{what} are deleted only with their person'); END"""


def _never_replaced(table: str, key: str, what: str) -> str:
    """``INSERT OR REPLACE`` deletes the old row without firing delete triggers: refuse
    any insert of a row that is already there, whatever conflict clause it carries."""
    return f"""CREATE TRIGGER {table}_are_never_replaced BEFORE INSERT ON {table}
       WHEN EXISTS (SELECT 1 FROM {table} WHERE {key} = NEW.{key})
       BEGIN SELECT RAISE(ABORT, '{what} are never replaced'); END"""


#: The database itself refuses to change what must never change, whatever program writes.
#: The store checks on opening that every one of them is there, exactly as written here.
PROTECTIVE_TRIGGERS = {
    "attempts_are_never_changed": """CREATE TRIGGER attempts_are_never_changed
       BEFORE UPDATE ON attempts
       BEGIN SELECT RAISE(ABORT, 'attempts are never changed'); END""",
    "attempts_are_never_replaced": _never_replaced("attempts", "id", "attempts"),
    "exam_answers_are_never_replaced": """CREATE TRIGGER exam_answers_are_never_replaced
       BEFORE INSERT ON attempts WHEN NEW.sitting_id IS NOT NULL AND EXISTS (
           SELECT 1 FROM attempts WHERE sitting_id = NEW.sitting_id
           AND item_index = NEW.item_index)
       BEGIN SELECT RAISE(ABORT, 'exam answers are never replaced'); END""",
    "attempts_go_only_with_their_person": _keep_while_the_person_exists(
        "attempts", "attempts"),
    "exam_answers_only_while_the_sitting_is_open": """CREATE TRIGGER
       exam_answers_only_while_the_sitting_is_open BEFORE INSERT ON attempts
       WHEN NEW.sitting_id IS NOT NULL AND NOT EXISTS (
           SELECT 1 FROM exam_sittings WHERE id = NEW.sitting_id
           AND person_id = NEW.person_id AND submitted_at IS NULL)
       BEGIN SELECT RAISE(ABORT, 'the exam sitting is submitted or unknown'); END""",
    "exams_are_never_changed": """CREATE TRIGGER exams_are_never_changed
       BEFORE UPDATE ON exams
       BEGIN SELECT RAISE(ABORT, 'exams are never changed'); END""",
    "exams_are_never_replaced": _never_replaced("exams", "id", "exams"),
    "exams_with_sittings_are_kept": """CREATE TRIGGER exams_with_sittings_are_kept
       BEFORE DELETE ON exams WHEN EXISTS (SELECT 1 FROM exam_sittings WHERE exam_id = OLD.id)
       BEGIN SELECT RAISE(ABORT, 'an exam that was sat is kept'); END""",
    "exam_sittings_are_never_replaced": _never_replaced("exam_sittings", "id", "sittings"),
    "only_the_submission_of_a_sitting_changes": """CREATE TRIGGER
       only_the_submission_of_a_sitting_changes BEFORE UPDATE ON exam_sittings
       WHEN OLD.submitted_at IS NOT NULL OR NEW.id IS NOT OLD.id
           OR NEW.exam_id IS NOT OLD.exam_id OR NEW.person_id IS NOT OLD.person_id
           OR NEW.started_at IS NOT OLD.started_at OR NEW.deadline_at IS NOT OLD.deadline_at
           OR NEW.house_rules IS NOT OLD.house_rules OR NEW.readings IS NOT OLD.readings
           OR NEW.seed IS NOT OLD.seed
       BEGIN SELECT RAISE(ABORT, 'a sitting changes only by its submission, once'); END""",
    "exam_sittings_go_only_with_their_person": _keep_while_the_person_exists(
        "exam_sittings", "sittings"),
    "results_need_a_submitted_sitting": """CREATE TRIGGER results_need_a_submitted_sitting
       BEFORE INSERT ON exam_results
       WHEN NOT EXISTS (SELECT 1 FROM exam_sittings WHERE id = NEW.sitting_id
                        AND submitted_at IS NOT NULL AND person_id = NEW.person_id)
       BEGIN SELECT RAISE(ABORT, 'a result needs a submitted sitting'); END""",
    "exam_results_are_never_replaced": _never_replaced("exam_results", "sitting_id",
                                                       "exam results"),
    "extra_time_is_never_changed": """CREATE TRIGGER extra_time_is_never_changed
       BEFORE UPDATE ON extra_time
       BEGIN SELECT RAISE(ABORT, 'extra time grants are never changed'); END""",
    "extra_time_are_never_replaced": _never_replaced("extra_time", "id", "extra time grants"),
    "results_are_final": """CREATE TRIGGER results_are_final BEFORE UPDATE ON exam_results
       BEGIN SELECT RAISE(ABORT, 'exam results are final'); END""",
    "exam_results_go_only_with_their_person": _keep_while_the_person_exists(
        "exam_results", "results"),
    "a_person_goes_with_everything_recorded": """CREATE TRIGGER
       a_person_goes_with_everything_recorded AFTER DELETE ON people
       BEGIN
           DELETE FROM attempts WHERE person_id = OLD.id;
           DELETE FROM skill_stats WHERE person_id = OLD.id;
           DELETE FROM weekly_stats WHERE person_id = OLD.id;
           DELETE FROM exam_results WHERE person_id = OLD.id;
           DELETE FROM exam_sittings WHERE person_id = OLD.id;
           DELETE FROM sessions WHERE person_id = OLD.id;
           DELETE FROM credentials WHERE person_id = OLD.id;
           DELETE FROM pins WHERE person_id = OLD.id;
           DELETE FROM extra_time WHERE person_id = OLD.id;
           INSERT OR REPLACE INTO deleted_people (person_id, deleted_at)
               VALUES (OLD.id, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));
       END""",
}


#: Triggers on tables that later migrations create: they make them.
LATER_TRIGGERS = {"extra_time_is_never_changed", "extra_time_are_never_replaced",
                  "only_the_submission_of_a_sitting_changes"}


def missing_protection(db: Database) -> list[str]:
    """The protective triggers that are not in the database exactly as written here."""
    present = {name: " ".join((sql or "").split()) for name, sql in db.execute(
        "SELECT name, sql FROM sqlite_master WHERE type = 'trigger'")}
    return [name for name, sql in PROTECTIVE_TRIGGERS.items()
            if present.get(name) != " ".join(sql.split())]
