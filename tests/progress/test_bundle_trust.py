"""Bundles crafted by an attacker with a text editor: each refused whole, nothing written.

The attacks of the security review: a trainee's bundle that makes its carrier an
instructor, a scope that lies, a password replaced by an import, forged exam results and
an invented second sitting, and their variants.
"""

import json
import re
from datetime import UTC, datetime, timedelta
from decimal import Decimal

import pytest

from questions.regrade import GRADER
from tests.progress.conftest import PASSWORD, dump
from tests.progress.test_bundles import DEMO, edit_rows, members, write
from trainer.progress import Role, Store
from trainer.progress.bundles.export import export_bundle
from trainer.progress.bundles.format import COLUMNS, BundleError
from trainer.progress.bundles.importing import bundle_accounts, import_bundle
from trainer.progress.bundles.source import INSTRUCTOR_DESK
from trainer.progress.bundles.trust import AccountChange
from trainer.progress.exams.sittings import (
    ExamPart,
    answer_exam_item,
    create_exam,
    sitting_items,
    start_sitting,
    submit_sitting,
)
from trainer.progress.exams.terms import set_terms
from trainer.progress.people.accounts import NotAllowed, add_instructor, set_pin, sign_in
from trainer.progress.people.credentials import SCRYPT_N, SCRYPT_P, SCRYPT_R, hash_secret
from trainer.progress.storage.database import connection
from trainer.progress.storage.ledger import add_person, stored_attempts
from trainer.progress.storage.values import stamp
from trainer.rules.house import READINGS

ATTACKER_PASSWORD = "attacker's password"
SALT = bytes(range(16))


@pytest.fixture
def examinee(store):
    """A trainee of the demo classroom who sat the exam and got some answers wrong."""
    person_id = connection(store).execute(
            "SELECT person_id FROM exam_results WHERE correct < answered "
                                 "ORDER BY 1 LIMIT 1").fetchone()[0]
    return store.person(person_id)


@pytest.fixture
def own(store, examinee, tmp_path):
    """The examinee's own bundle, exported by the examinee."""
    return export_bundle(store, sign_in(store, examinee.id), tmp_path / "own.zip",
                         examinee.id).path


@pytest.fixture
def desk(tmp_path, bundle):
    """Another desktop that knows the exam and its instructor, but none of the trainees."""
    def instructors_only(table):
        def keep(rows):
            if table == "people":
                return [r for r in rows if r["role"] == "instructor"]
            return rows if table in ("credentials", "pins", "exams") else []
        return keep
    path = bundle
    for table in ("people", "sessions", "sittings", "attempts", "results"):
        path = edit_rows(path, table, instructors_only(table), tmp_path / f"{table}.zip")
    with Store(tmp_path / "desk" / "progress.sqlite3") as other:
        teacher = sign_in(other, add_instructor(other, "Outra Mestre", PASSWORD).id, PASSWORD)
        import_bundle(other, teacher, path, accept_instructors=DEMO, source=INSTRUCTOR_DESK)
        yield other, teacher


def refused(desk, path, fragment, accept=()):
    """The bundle is refused with one sentence holding ``fragment``; nothing is written."""
    other, teacher = desk
    before = dump(other.path)
    files = [other.path, other.path.with_name(other.path.name + "-wal")]
    raw = [f.read_bytes() if f.exists() else b"" for f in files]
    with pytest.raises(BundleError, match=re.escape(fragment)) as caught:
        import_bundle(other, teacher, path, accept_instructors=accept, source=INSTRUCTOR_DESK)
    assert [f.read_bytes() if f.exists() else b"" for f in files] == raw  # byte for byte
    assert fragment in str(caught.value), str(caught.value)
    assert "\n" not in str(caught.value) and "Nothing was imported" in str(caught.value) \
        or "Update the trainer" in str(caught.value)
    assert dump(other.path) == before  # byte for byte, row for row: untouched
    return caught.value


def secret_row(person_id, password, set_at="2026-01-01T00:00:00.000Z"):
    return {"person_id": person_id, "salt": SALT.hex(),
            "hash": hash_secret(password, SALT).hex(), "n": SCRYPT_N, "r": SCRYPT_R,
            "p": SCRYPT_P, "set_at": set_at}


def person_row(person_id, name, role):
    return {"id": person_id, "name": name, "role": role, "language": None,
            "created_at": "2025-01-01T00:00:00.000Z"}


def set_manifest(path, out, **changes):
    contents = members(path)
    manifest = json.loads(contents["manifest.json"])
    manifest.update(changes)
    contents["manifest.json"] = json.dumps(manifest).encode()
    return write(out, contents)


def add_rows(path, out, **tables):
    for table, rows in tables.items():
        path = edit_rows(path, table, lambda found, extra=rows: [*found, *extra], out)
    return path


MALLORY = "00000000-0000-4000-8000-00000000beef"


def test_the_examinees_own_bundle_is_believed(desk, own, examinee):
    other, teacher = desk
    summary = import_bundle(other, teacher, own, source=INSTRUCTOR_DESK)
    assert summary.count("results") == 1 and summary.accounts == ()
    assert other.person(examinee.id).role is Role.TRAINEE


def test_attack_1_a_trainee_bundle_bringing_an_instructor_is_refused(desk, own, tmp_path):
    forged = add_rows(own, tmp_path / "a1.zip",
                      people=[person_row(MALLORY, "Mallory", "instructor")],
                      credentials=[secret_row(MALLORY, ATTACKER_PASSWORD)])
    refused(desk, forged, "an instructor")
    # The same, claiming to be everyone's bundle: it was not exported with the instructors.
    everyone_scope = set_manifest(forged, tmp_path / "a1b.zip", scope="everyone")
    refused(desk, everyone_scope, "the instructor accounts Mallory")
    # Claiming the instructors too: taken only if accepted by name.
    claimed = set_manifest(everyone_scope, tmp_path / "a1c.zip", instructors=True)
    refused(desk, claimed, "accept each of them by name")
    refused(desk, claimed, "accept each of them by name", accept=("Somebody Else",))


@pytest.mark.parametrize("variant", ["instructor without a credential",
                                     "credential for a trainee", "role changed",
                                     "exam inside", "another person", "pin for a trainee"])
def test_attack_2_a_trainee_scope_holds_only_that_trainees_rows(desk, own, store, examinee,
                                                                tmp_path, variant):
    others = [p for p in store.people(Role.TRAINEE) if p.id != examinee.id]
    out = tmp_path / "a2.zip"
    if variant == "instructor without a credential":
        forged = add_rows(own, out, people=[person_row(MALLORY, "Mallory", "instructor")])
        fragment = "an instructor"
    elif variant == "credential for a trainee":
        forged = add_rows(own, out, credentials=[secret_row(examinee.id, ATTACKER_PASSWORD)])
        fragment = "passwords"
        claimed = set_manifest(forged, tmp_path / "a2b.zip", scope="everyone",
                               instructors=True)
        refused(desk, claimed, "who is not an instructor")
    elif variant == "role changed":
        forged = edit_rows(own, "people", lambda rows: [r | {"role": "instructor"}
                                                        for r in rows], out)
        fragment = "an instructor"
    elif variant == "exam inside":
        columns = list(COLUMNS["exams"])
        exam = dict(zip(columns, connection(store).execute(
            f"SELECT {', '.join(columns)} FROM exams").fetchone(), strict=True))
        forged = add_rows(own, out, exams=[exam])
        fragment = "exam definitions"
    elif variant == "another person":
        forged = add_rows(own, out, people=[person_row(others[0].id, others[0].name,
                                                       "trainee")])
        fragment = "other people's progress"
    else:
        forged = add_rows(own, out, pins=[secret_row(examinee.id, "1234")])
        fragment = "PINs"
    refused(desk, forged, fragment)


def test_a_role_change_of_a_known_person_is_refused_even_when_accepted(desk, bundle,
                                                                       tmp_path):
    other, _teacher = desk
    known = other.people(Role.INSTRUCTOR)
    demo = next(p for p in known if p.name == "Demo Instructor")
    demoted = edit_rows(bundle, "people", lambda rows: [
        r | {"role": "trainee"} if r["id"] == demo.id else r for r in rows],
        tmp_path / "role.zip")
    demoted = edit_rows(demoted, "credentials", lambda rows: [
        r for r in rows if r["person_id"] != demo.id], tmp_path / "role2.zip")
    demoted = edit_rows(demoted, "exams", lambda rows: [], tmp_path / "role3.zip")
    refused(desk, demoted, "would change the role of Demo Instructor")


def test_a_new_instructor_named_like_one_here_is_refused(desk, own, tmp_path):
    """Accepting "Outra Mestre" by name must not let in another account of that name."""
    forged = add_rows(own, tmp_path / "twin.zip",
                      people=[person_row(MALLORY, "outra mestre", "instructor")],
                      credentials=[secret_row(MALLORY, ATTACKER_PASSWORD)])
    forged = set_manifest(forged, tmp_path / "twin2.zip", scope="everyone", instructors=True)
    refused(desk, forged, "like someone on this desktop", accept=("Outra Mestre",))


def test_attack_3_a_password_is_never_replaced_without_acceptance(desk, bundle, tmp_path):
    other, _teacher = desk
    demo = next(p for p in other.people(Role.INSTRUCTOR) if p.name == "Demo Instructor")
    later = "2099-01-01T00:00:00.000Z"
    forged = edit_rows(bundle, "credentials", lambda rows: [
        secret_row(demo.id, ATTACKER_PASSWORD, later) if r["person_id"] == demo.id else r
        for r in rows], tmp_path / "a3.zip")
    # A set_at in the far future is not a valid timestamp: refused as a bad value.
    refused(desk, forged, "set_at")
    soon = stamp(datetime.now(UTC) + timedelta(hours=1))
    forged = edit_rows(bundle, "credentials", lambda rows: [
        secret_row(demo.id, ATTACKER_PASSWORD, soon) if r["person_id"] == demo.id else r
        for r in rows], tmp_path / "a3b.zip")
    refused(desk, forged, "accept each of them by name")
    other_db, teacher = desk
    assert [(a.name, a.change) for a in bundle_accounts(other_db, teacher, forged)] == [
        ("Demo Instructor", AccountChange.PASSWORD)]
    summary = import_bundle(other_db, teacher, forged, accept_instructors=DEMO,
                            source=INSTRUCTOR_DESK)
    assert "Demo Instructor (replaces the password on this desktop)" in str(summary.message)
    sign_in(other_db, demo.id, ATTACKER_PASSWORD)  # accepted on purpose: now it is theirs


def test_forged_exam_result_is_refused(desk, own, tmp_path):
    def perfect(rows):
        return [r | {"score_percent": "100.0", "passed": 1, "correct": r["questions"],
                     "answered": r["answered"]} for r in rows]
    refused(desk, edit_rows(own, "results", perfect, tmp_path / "r.zip"),
            "is not what its answers give")


def test_a_forged_answer_grade_is_refused(desk, own, tmp_path):
    flipped = []

    def flip(rows):
        for row in rows:
            if row["sitting_id"] and not row["correct"]:
                row.update(correct=1, score=1.0)
                flipped.append(row["item_index"])
                break
        return rows
    path = edit_rows(own, "attempts", flip, tmp_path / "g.zip")
    refused(desk, path, f"The answer to question {flipped[0] + 1} of the exam")
    refused(desk, path, "is not what the rules core grades")


def test_a_sitting_graded_under_an_older_reading_is_taken_only_where_it_is_already(
        store, classroom, desk, own, monkeypatch):
    from trainer.progress.bundles import trust
    monkeypatch.setattr(trust, "READINGS", READINGS + 1)  # the bundle's reading is older now
    refused(desk, own, "was graded under an older reading of the rules")
    summary = import_bundle(store, classroom, own,
                            source=INSTRUCTOR_DESK)  # where the examinee sat it
    assert summary.count("attempts") == 0 and summary.already_here > 0


def test_a_forged_question_text_is_refused(desk, own, tmp_path):
    def reword(rows):
        for row in rows:
            if row["sitting_id"]:
                question = json.loads(row["question_json"])
                question["situation"] = {"forged": True}
                row["question_json"] = json.dumps(question)
                break
        return rows
    refused(desk, edit_rows(own, "attempts", reword, tmp_path / "q.zip"),
            "is not what the rules core grades")


def test_an_invented_second_sitting_is_refused(desk, own, tmp_path):
    second = "00000000-0000-4000-8000-000000000002"
    rows = {table: [json.loads(line) for line in members(own)[f"{table}.jsonl"].splitlines()]
            for table in ("sittings", "attempts", "results")}
    sittings = [r | {"id": second} for r in rows["sittings"]]
    attempts = [r | {"id": r["id"][:-4] + "9999", "sitting_id": second}
                for r in rows["attempts"] if r["sitting_id"]]
    results = [r | {"sitting_id": second} for r in rows["results"]]
    forged = add_rows(own, tmp_path / "s.zip", sittings=sittings, attempts=attempts,
                      results=results)
    refused(desk, forged, "than the exam allows (1)")


def test_a_sitting_of_an_unknown_exam_or_other_rules_is_refused(desk, own, tmp_path):
    unknown = edit_rows(own, "sittings", lambda rows: [
        r | {"exam_id": "00000000-0000-4000-8000-00000000e0e0"} for r in rows],
        tmp_path / "u.zip")
    unknown = edit_rows(unknown, "results", lambda rows: [
        r | {"exam_id": "00000000-0000-4000-8000-00000000e0e0"} for r in rows],
        tmp_path / "u2.zip")
    refused(desk, unknown, "does not know")

    def lenient(rows):
        for row in rows:
            rules = json.loads(row["house_rules"])
            rules["commission_unit"] = "1"
            row["house_rules"] = json.dumps(rules)
        return rows
    refused(desk, edit_rows(own, "sittings", lenient, tmp_path / "h.zip"),
            "not under the exam's house rules")
    longer = edit_rows(own, "sittings", lambda rows: [
        r | {"deadline_at": r["deadline_at"].replace("T", "T").replace(":00.", ":59.")}
        for r in rows], tmp_path / "t.zip")
    refused(desk, longer, "does not last the exam's time")


def test_a_pin_protects_the_trainees_own_bundle(store, classroom, examinee, tmp_path):
    set_pin(store, classroom, examinee.id, "4711")
    chosen = sign_in(store, examinee.id)
    with pytest.raises(NotAllowed, match="PIN"):
        export_bundle(store, chosen, tmp_path / "own.zip", examinee.id)
    proven = sign_in(store, examinee.id, "4711")
    export_bundle(store, proven, tmp_path / "own.zip", examinee.id)
    other = next(p for p in store.people(Role.TRAINEE) if p.id != examinee.id)
    with pytest.raises(NotAllowed, match="A trainee can see only their own progress"):
        export_bundle(store, proven, tmp_path / "theirs.zip", other.id)
    with pytest.raises(NotAllowed, match="Only an instructor may do this"):
        export_bundle(store, proven, tmp_path / "all.zip", with_instructors=True)


def test_an_answer_claiming_a_newer_reading_of_the_rules_is_refused(desk, own, tmp_path):
    def newer(rows):
        rows[0]["readings"] = READINGS + 1
        return rows
    refused(desk, edit_rows(own, "attempts", newer, tmp_path / "r.zip"), "readings")


def test_every_answer_travels_with_the_reading_it_was_graded_under(desk, own, examinee):
    other, teacher = desk
    import_bundle(other, teacher, own, source=INSTRUCTOR_DESK)
    assert {attempt.readings for attempt in stored_attempts(other, examinee.id)} == {READINGS}


def test_the_accounts_a_bundle_would_bring_are_read_checked(bundle, other, tmp_path):
    desk, teacher = other
    bad = edit_rows(bundle, "credentials", lambda rows: [rows[0] | {"n": 3}, *rows[1:]],
                    tmp_path / "bad.zip")
    with pytest.raises(BundleError, match="bad value in credentials.jsonl, line 1, field “n”"):
        bundle_accounts(desk, teacher, bad)


def test_the_people_of_the_accounts_a_bundle_would_bring_are_read_checked(bundle, other,
                                                                           tmp_path):
    desk, teacher = other
    bad = edit_rows(bundle, "people", lambda rows: [rows[0] | {"role": "owner"}, *rows[1:]],
                    tmp_path / "bad.zip")
    with pytest.raises(BundleError, match="bad value in people.jsonl, line 1, field “role”"):
        bundle_accounts(desk, teacher, bad)


def test_an_answer_past_the_exams_last_question_is_refused_not_a_crash(store, desk, own,
                                                                       tmp_path):
    from trainer.progress.exams.sittings import exam, sitting

    def past_the_end(rows):
        answers = [r for r in rows if r["sitting_id"]]
        questions = exam(store, sitting(store, answers[0]["sitting_id"]).exam_id).questions
        last = max(r["item_index"] for r in answers)
        for row in answers:
            if row["item_index"] == last:
                row["item_index"] = questions  # just past the exam's last question
        return rows
    refused(desk, edit_rows(own, "attempts", past_the_end, tmp_path / "p.zip"),
            "are not to the exam's questions")


def test_an_answer_given_after_the_sitting_names_its_question(desk, own, tmp_path):
    def late(rows):
        answers = sorted((r for r in rows if r["sitting_id"]), key=lambda r: r["item_index"])
        first = answers[0]
        first["answered_at"] = stamp(datetime.fromisoformat(first["answered_at"])
                                     + timedelta(days=1))  # after the deadline
        return rows
    refused(desk, edit_rows(own, "attempts", late, tmp_path / "l.zip"),
            "answer to question 1 of the exam")


def test_a_password_set_at_the_same_moment_is_not_a_replacement(desk, bundle, tmp_path):
    other, teacher = desk
    demo = next(p for p in other.people(Role.INSTRUCTOR) if p.name == "Demo Instructor")
    here = connection(other).execute("SELECT set_at FROM credentials WHERE person_id = ?",
                            [demo.id]).fetchone()[0]
    same_moment = edit_rows(bundle, "credentials", lambda rows: [
        secret_row(demo.id, ATTACKER_PASSWORD, here) if r["person_id"] == demo.id else r
        for r in rows], tmp_path / "same.zip")
    assert [(a.name, a.change) for a in bundle_accounts(other, teacher, same_moment)] == [
        ("Demo Instructor", AccountChange.UNCHANGED)]


def test_answers_to_each_others_questions_are_not_to_the_exams_questions(desk, own,
                                                                         tmp_path):
    def swapped(rows):
        first, second = [r for r in rows if r["sitting_id"]][:2]
        first["item_index"], second["item_index"] = second["item_index"], first["item_index"]
        return rows
    refused(desk, edit_rows(own, "attempts", swapped, tmp_path / "s.zip"),
            "are not to the exam's questions")


def test_a_trainees_pin_travels_with_the_instructors_and_is_listed_until_it_is_here(
        store, classroom, examinee, other, tmp_path):
    """An instructor's export with the instructors carries the trainees' PINs: each one new
    here is listed for the importing instructor, taken with the instructors accepted, and
    not listed again once this desk has it."""
    set_pin(store, classroom, examinee.id, "4711")
    path = export_bundle(store, classroom, tmp_path / "pins.zip", with_instructors=True).path
    desk, teacher = other
    assert [(a.name, a.change) for a in bundle_accounts(desk, teacher, path)] == [
        ("Demo Instructor", AccountChange.NEW), (examinee.name, AccountChange.PIN)]
    import_bundle(desk, teacher, path, accept_instructors=DEMO, source=INSTRUCTOR_DESK)
    sign_in(desk, examinee.id, "4711")  # her PIN, on this desk too
    assert [(a.name, a.change) for a in bundle_accounts(desk, teacher, path)] == [
        ("Demo Instructor", AccountChange.UNCHANGED)]


def test_the_same_password_set_again_later_is_not_a_replacement(desk, bundle, tmp_path):
    """A newer ``set_at`` with the hash this desk has already is the same password: nothing
    for the instructor to accept as replaced."""
    other, teacher = desk
    demo = next(p for p in other.people(Role.INSTRUCTOR) if p.name == "Demo Instructor")
    soon = stamp(datetime.now(UTC) + timedelta(hours=1))
    again = edit_rows(bundle, "credentials", lambda rows: [
        r | {"set_at": soon} if r["person_id"] == demo.id else r for r in rows],
        tmp_path / "again.zip")
    assert [(a.name, a.change) for a in bundle_accounts(other, teacher, again)] == [
        ("Demo Instructor", AccountChange.UNCHANGED)]


def another_sitting(path, out, person_id, sitting_id):
    """The bundle with a copy of ``person_id``'s sitting (its answers and result) as
    ``sitting_id``: one sitting more of the same exam."""
    rows = {table: [json.loads(line) for line in members(path)[f"{table}.jsonl"].splitlines()]
            for table in ("sittings", "attempts", "results")}
    sitting = next(r for r in rows["sittings"] if r["person_id"] == person_id)
    attempts = [r | {"id": r["id"][:-4] + sitting_id[-4:], "sitting_id": sitting_id}
                for r in rows["attempts"] if r["sitting_id"] == sitting["id"]]
    results = [r | {"sitting_id": sitting_id} for r in rows["results"]
               if r["sitting_id"] == sitting["id"]]
    return add_rows(path, out, sittings=[sitting | {"id": sitting_id}], attempts=attempts,
                    results=results)


def test_an_exam_the_bundle_brings_allows_one_sitting_unless_its_terms_say_more(
        bundle, other, examinee, tmp_path):
    """The manifest names the sittings an exam allows only when more than one: an exam this
    desk does not know, brought without that, allows one, and a second sitting is refused."""
    forged = another_sitting(bundle, tmp_path / "twice.zip", examinee.id,
                             "00000000-0000-4000-8000-000000000002")
    assert json.loads(members(forged)["manifest.json"])["sittings_allowed"] == {}
    refused(other, forged, "than the exam allows (1)", accept=DEMO)


def test_the_sittings_an_exam_allows_are_the_bringing_bundles_until_this_desk_has_it(
        store, classroom, examinee, other, tmp_path):
    """An exam new here allows the sittings its instructor's bundle says; once this desk has
    it, its own terms say, whatever a later bundle does."""
    [exam_id] = [row[0] for row in connection(store).execute("SELECT id FROM exams")]
    set_terms(store, classroom, exam_id, (), 2)
    everyone = export_bundle(store, classroom, tmp_path / "all.zip", with_instructors=True).path
    twice = another_sitting(everyone, tmp_path / "twice.zip", examinee.id,
                            "00000000-0000-4000-8000-000000000002")
    desk, teacher = other
    import_bundle(desk, teacher, twice, accept_instructors=DEMO, source=INSTRUCTOR_DESK)
    assert connection(desk).execute("SELECT count(*) FROM exam_sittings WHERE person_id = ?",
                           [examinee.id]).fetchone()[0] == 2
    set_terms(desk, teacher, exam_id, (), 1)
    thrice = another_sitting(twice, tmp_path / "thrice.zip", examinee.id,
                             "00000000-0000-4000-8000-000000000003")
    thrice = set_manifest(thrice, tmp_path / "thrice3.zip", sittings_allowed={exam_id: 3})
    refused((desk, teacher), thrice, "than the exam allows (1)", accept=DEMO)


def _options_changed(path, out, change):
    """The bundle with ``change(option)`` made to every option of its first exam answer."""
    def edit(rows):
        row = next(r for r in rows if r["sitting_id"])
        question = json.loads(row["question_json"])
        for option in question["form"]["options"]:
            change(option)
        row["question_json"] = json.dumps(question)
        return rows
    return edit_rows(path, "attempts", edit, out)


def test_an_answer_to_other_options_is_refused_but_other_words_are_not(desk, own, tmp_path):
    """What an exam question could be answered with is the question; the words its options
    were said in are not (a later version may put them better)."""
    revalued = _options_changed(own, tmp_path / "values.zip",
                                lambda option: option.update(value=7))
    refused(desk, revalued, "is not what the rules core grades")
    reworded = _options_changed(own, tmp_path / "words.zip", lambda option: option.update(
        label={"msgid": "Said better", "params": {}}))
    other, teacher = desk
    assert import_bundle(other, teacher, reworded, source=INSTRUCTOR_DESK
                         ).count("results") == 1


def test_a_wrong_exam_answer_earning_part_of_the_marks_is_believed(store, classroom, other,
                                                                   tmp_path):
    """A ranking half right is wrong with a score above 0: the rules core's grade, so
    believed (its right-or-wrong is compared with the grade's, not with its score)."""
    exam = create_exam(store, classroom, "Rankings", [ExamPart("thirteen.rank_hands", 4, 1)],
                       seed=5, time_limit_s=600, pass_percent=Decimal(50), same_questions=True)
    trainee = add_person(store, "Carla Ho")
    actor = sign_in(store, trainee.id)
    sitting = start_sitting(store, actor, exam.id)
    at = datetime.fromisoformat(sitting.started_at)
    for item in sitting_items(exam, sitting):
        given = GRADER.answer(item.skill, item.seed, item.difficulty, exam.rules, False)
        stored, correct, score = GRADER.regrade(item.skill, item.seed, item.difficulty,
                                                exam.rules, given, False)
        at += timedelta(seconds=20)
        answer_exam_item(store, actor, sitting.id, item.index, stored, given, correct, score,
                         20_000, at)
    submit_sitting(store, actor, sitting.id, at)
    assert any(not correct and 0 < score < 1 for correct, score in connection(store).execute(
        "SELECT correct, score FROM attempts WHERE sitting_id = ?", [sitting.id]))
    everyone = export_bundle(store, classroom, tmp_path / "all.zip", with_instructors=True).path
    desk, teacher = other
    import_bundle(desk, teacher, everyone, accept_instructors=DEMO, source=INSTRUCTOR_DESK)
    assert connection(desk).execute("SELECT count(*) FROM exam_results WHERE person_id = ?",
                           [trainee.id]).fetchone()[0] == 1
