"""Practice answers from a trainee's desktop graded again on import and merge.

The attacks of the finding: a trainee's bundle (or a desktop's inbox batch) that brings
200 "right" answers with no answer given, answers to a skill that does not exist, a grade
the rules core does not give, and a manifest that claims to be everyone's or an
instructor's; and the sample, drawn at random beyond 2,000 answers, tested with a random
source the test gives.
"""

import json
import random
import uuid

import pytest

from tests.progress.conftest import answered, dump, question
from tests.progress.test_bundle_trust import MALLORY, add_rows, person_row, set_manifest
from tests.progress.test_bundles import DEMO, edit_rows
from trainer.progress import Role
from trainer.progress.bundles import practice
from trainer.progress.bundles.export import export_bundle
from trainer.progress.bundles.format import COLUMNS, BundleError
from trainer.progress.bundles.importing import import_bundle, merge_checked
from trainer.progress.bundles.practice import SAMPLED, PracticeSample
from trainer.progress.bundles.rows import RowBatch
from trainer.progress.bundles.source import INSTRUCTOR_DESK
from trainer.progress.storage.database import connection
from trainer.progress.storage.ledger import end_session, record_attempt, start_session
from trainer.rules.house import READINGS

NOTHING_IMPORTED = "Nothing was imported."


@pytest.fixture
def ana_bundle(store, ana, tmp_path):
    """Ana's own bundle of 12 real practice answers, half of them right."""
    session = start_session(store, ana.person.id, "practice")
    for seed in range(12):
        record_attempt(store, ana.person.id, session, *answered(seed=seed, right=seed % 2 == 0),
                             2500)
    end_session(store, session)
    return export_bundle(store, ana, tmp_path / "ana.zip", ana.person.id).path


def refused(desk, path, fragment, **options):
    other, teacher = desk
    before = dump(other.path)
    with pytest.raises(BundleError, match=fragment) as caught:
        import_bundle(other, teacher, path, **options, source=INSTRUCTOR_DESK)
    assert NOTHING_IMPORTED in str(caught.value) and "\n" not in str(caught.value)
    assert dump(other.path) == before
    return caught.value


def forged_answers(person_id, count, **changes):
    """``count`` answers in ``person_id``'s name, "right", with nothing given: the finding's."""
    rows = []
    for n in range(count):
        rows.append({"id": str(uuid.UUID(int=n + 1, version=4)), "person_id": person_id,
                     "session_id": None, "answered_at": "2025-03-01T09:00:00.000Z",
                     "game": "thirteen", "skill": "thirteen.first_seat", "difficulty": 1,
                     "seed": n, "question_json": json.dumps(question(seed=n)),
                     "answer_json": "null", "correct": 1, "score": 1.0, "response_ms": 900,
                     "sitting_id": None, "item_index": None, "rating": 3,
                     "readings": READINGS} | changes)
    return rows


def test_a_trainees_own_real_answers_are_believed(other, ana_bundle, ana):
    desk, teacher = other
    assert import_bundle(desk, teacher, ana_bundle,
                         source=INSTRUCTOR_DESK).count("attempts") == 12


def test_two_hundred_right_answers_without_an_answer_given_are_refused(other, ana_bundle,
                                                                      ana, tmp_path):
    forged = add_rows(ana_bundle, tmp_path / "f.zip",
                      attempts=forged_answers(ana.person.id, 200))
    error = refused(other, forged, "claims a grade, but no answer was given")
    assert "Ana Lei" in str(error) and "thirteen.first_seat" in str(error)


def test_an_answer_to_no_skill_the_trainer_teaches_is_refused(other, ana_bundle, ana,
                                                             tmp_path):
    made_up = forged_answers(ana.person.id, 1, skill="zz.nonexistent_skill", game="zz",
                             question_json=json.dumps(question("zz.nonexistent_skill", 0)))
    error = refused(other, add_rows(ana_bundle, tmp_path / "z.zip", attempts=made_up),
                    "the skill zz.nonexistent_skill, which this trainer does not teach")
    assert "Ana Lei" in str(error)


def test_a_wrong_answer_recorded_as_right_is_refused(other, ana_bundle, tmp_path):
    def flip(rows):
        wrong = next(row for row in rows if not row["correct"])
        wrong.update(correct=1, score=1.0)
        return rows
    refused(other, edit_rows(ana_bundle, "attempts", flip, tmp_path / "g.zip"),
            "is not what the rules core grades")


def test_a_right_answer_recorded_as_wrong_or_at_another_score_is_refused(other, ana_bundle,
                                                                        tmp_path):
    def lower(rows):
        right = next(row for row in rows if row["correct"])
        right.update(correct=0, score=0.5)
        return rows
    refused(other, edit_rows(ana_bundle, "attempts", lower, tmp_path / "l.zip"),
            "is not what the rules core grades")


def test_a_wrong_answer_earning_part_of_the_marks_is_believed(store, ana, other, tmp_path):
    """Hands ranked half right: wrong, with a score above 0, as the rules core grades it
    (its right-or-wrong is compared with the grade's, its score with the score)."""
    session = start_session(store, ana.person.id, "practice")
    record_attempt(store, ana.person.id, session, *answered("thirteen.rank_hands", 1, 1,
                                                           right=False), 2500)
    end_session(store, session)
    [(correct, score)] = connection(store).execute("SELECT correct, score FROM attempts").fetchall()
    assert not correct and 0 < score < 1
    desk, teacher = other
    own = export_bundle(store, ana, tmp_path / "ana.zip", ana.person.id).path
    assert import_bundle(desk, teacher, own, source=INSTRUCTOR_DESK).count("attempts") == 1


def test_a_question_not_the_one_its_seed_gives_is_refused(other, ana_bundle, tmp_path):
    def reword(rows):
        stored = json.loads(rows[0]["question_json"])
        stored["situation"] = {"forged": True}
        rows[0]["question_json"] = json.dumps(stored)
        return rows
    refused(other, edit_rows(ana_bundle, "attempts", reword, tmp_path / "q.zip"),
            "is not what the rules core grades")


def test_house_rules_no_desk_could_set_are_refused(other, ana_bundle, tmp_path):
    def lenient(rows):
        stored = json.loads(rows[0]["question_json"])
        stored["rules"]["commission_unit"] = "-1"
        rows[0]["question_json"] = json.dumps(stored)
        return rows
    refused(other, edit_rows(ana_bundle, "attempts", lenient, tmp_path / "r.zip"),
            "is not what the rules core grades")


def test_a_grade_differing_under_an_older_reading_says_so(other, ana_bundle, tmp_path):
    def older_and_flipped(rows):
        wrong = next(row for row in rows if not row["correct"])
        wrong.update(correct=1, score=1.0, readings=READINGS - 1)
        return rows
    refused(other, edit_rows(ana_bundle, "attempts", older_and_flipped, tmp_path / "o.zip"),
            "graded under an older reading of the rules")



def test_an_answer_without_its_reading_is_of_the_first_reading(other, ana_bundle, tmp_path,
                                                               monkeypatch):
    """Bundles from before the readings were noted: their answers were graded under the
    first reading, so a trainer at its second says a grade it gives otherwise is older."""
    monkeypatch.setattr(practice, "READINGS", 2)

    def unnoted_and_flipped(rows):
        wrong = next(row for row in rows if not row["correct"])
        wrong.update(correct=1, score=1.0, readings=None)
        return rows
    refused(other, edit_rows(ana_bundle, "attempts", unnoted_and_flipped, tmp_path / "n.zip"),
            "graded under an older reading of the rules")

def test_a_time_out_without_an_answer_or_a_grade_is_believed(other, ana_bundle, ana,
                                                            tmp_path):
    timed_out = forged_answers(ana.person.id, 3, correct=0, score=0.0)
    desk, teacher = other
    summary = import_bundle(desk, teacher, add_rows(ana_bundle, tmp_path / "t.zip",
                                                    attempts=timed_out), source=INSTRUCTOR_DESK)
    assert summary.count("attempts") == 15


def test_a_time_out_claiming_part_of_the_marks_is_refused(other, ana_bundle, ana, tmp_path):
    """Nothing given earns nothing: no score either, wrong as it says it is."""
    claimed = forged_answers(ana.person.id, 1, correct=0, score=0.5)
    refused(other, add_rows(ana_bundle, tmp_path / "c.zip", attempts=claimed),
            "claims a grade, but no answer was given")


def test_an_answer_the_rules_core_cannot_read_is_refused(other, ana_bundle, ana, tmp_path):
    unreadable = forged_answers(ana.person.id, 1, correct=0, score=0.0,
                                answer_json=json.dumps({"not": "an answer"}))
    refused(other, add_rows(ana_bundle, tmp_path / "u.zip", attempts=unreadable),
            "is not what the rules core grades")


def test_a_wrong_answer_at_another_score_is_refused(store, ana, other, tmp_path):
    """Right-or-wrong and the score must both be the rules core's: hands ranked half right,
    recorded as wrong (as they are) but earning nothing, are refused."""
    session = start_session(store, ana.person.id, "practice")
    record_attempt(store, ana.person.id, session, *answered("thirteen.rank_hands", 1, 1,
                                                           right=False), 2500)
    end_session(store, session)
    own = export_bundle(store, ana, tmp_path / "ana.zip", ana.person.id).path
    nothing = edit_rows(own, "attempts", lambda rows: [r | {"score": 0.0} for r in rows],
                        tmp_path / "s.zip")
    refused(other, nothing, "is not what the rules core grades")

def test_a_short_question_is_graded_under_the_default_house_rules(other, ana_bundle,
                                                                 tmp_path):
    """As the demo classroom keeps them: the skill, the seed and the difficulty."""
    def shortened(rows):
        for row in rows:
            row["question_json"] = json.dumps(question(seed=row["seed"]))
        return rows
    desk, teacher = other
    short = edit_rows(ana_bundle, "attempts", shortened, tmp_path / "s.zip")
    assert import_bundle(desk, teacher, short, source=INSTRUCTOR_DESK).count("attempts") == 12

    def flipped(rows):
        wrong = next(row for row in shortened(rows) if not row["correct"])
        wrong.update(correct=1, score=1.0)
        return rows
    refused(other, edit_rows(ana_bundle, "attempts", flipped, tmp_path / "sf.zip"),
            "is not what the rules core grades")


def test_a_manifest_claiming_everyone_or_the_instructors_is_not_believed(other, ana_bundle,
                                                                        ana, tmp_path):
    """The finding's attack: Ana's bundle edited to scope "everyone", bringing answers in
    Bruno's name. Nothing in the manifest says who wrote it: the answers are graded again,
    whatever it claims, as long as it carries no instructor accepted by name."""
    bruno = "00000000-0000-4000-8000-00000000b00b"
    theirs = add_rows(ana_bundle, tmp_path / "b.zip",
                      people=[person_row(bruno, "Bruno Chan", "trainee")],
                      attempts=forged_answers(bruno, 20))
    refused(other, theirs, "other people's progress")  # still said to be Ana's alone
    everyone = set_manifest(theirs, tmp_path / "e.zip", scope="everyone")
    error = refused(other, everyone, "claims a grade, but no answer was given")
    assert "Bruno Chan" in str(error)
    instructors = set_manifest(everyone, tmp_path / "i.zip", instructors=True)
    refused(other, instructors, "claims a grade, but no answer was given")


def test_an_instructors_bundle_with_its_instructors_accepted_is_not_graded_again(
        store, classroom, other, tmp_path):
    """Instructors' bundles keep their import speed: an instructor's word, accepted by name."""
    everyone = export_bundle(store, classroom, tmp_path / "all.zip",
                             with_instructors=True).path

    def flip(which):
        def change(rows):
            wrong = [row for row in rows if not row["correct"] and not row["sitting_id"]]
            wrong[which].update(correct=1, score=1.0)
            return rows
        return change
    forged = edit_rows(everyone, "attempts", flip(0), tmp_path / "f.zip")
    desk, teacher = other
    summary = import_bundle(desk, teacher, forged, accept_instructors=DEMO,
                            source=INSTRUCTOR_DESK)
    assert summary.count("attempts") > 0
    # Everyone's trainees without the instructors: graded again (the desk knows the exam now).
    without = export_bundle(store, classroom, tmp_path / "trainees.zip").path
    refused(other, edit_rows(without, "attempts", flip(1), tmp_path / "t.zip"),
            "is not what the rules core grades")


def test_an_instructor_account_alone_does_not_make_a_bundle_an_instructors(other, ana_bundle,
                                                                           tmp_path):
    """Claiming the instructors and carrying one, not accepted: refused as before."""
    forged = add_rows(ana_bundle, tmp_path / "m.zip",
                      people=[person_row(MALLORY, "Mallory", "instructor")])
    forged = set_manifest(forged, tmp_path / "m2.zip", scope="everyone", instructors=True)
    refused(other, forged, "accept each of them by name")


# The sample ------------------------------------------------------------------------------


def test_up_to_the_sample_size_every_answer_is_taken_in_order():
    sample = PracticeSample(size=5, randomness=random.Random(1))
    for n in range(5):
        sample.offer({"n": n})
    assert [row["n"] for row in sample.rows] == [0, 1, 2, 3, 4]
    sample.offer({"n": 5})
    assert len(sample.rows) == 5 and sample.offered == 6



def test_at_most_two_thousand_new_practice_answers_are_graded_again():
    """The decided cost: about a millisecond each, two seconds an import at most."""
    sample = PracticeSample(randomness=random.Random(1))
    sample.offer_all([{"n": n} for n in range(2_001)])
    assert len(sample.rows) == 2_000 and sample.offered == 2_001


class Draws(random.Random):
    """A generator giving ``values`` in turn (as one could, rarely, give 0.0)."""

    def __init__(self, values):
        super().__init__(0)
        self.values = iter(values)

    def random(self):
        return next(self.values)


def test_a_draw_of_exactly_nothing_is_drawn_again():
    """Algorithm L takes the logarithm of its draws: a draw of 0.0, which ``random()`` may
    give, is drawn again rather than failing the import."""
    sample = PracticeSample(size=1, randomness=Draws([0.0, 0.5, 0.0, 0.5]))
    sample.offer({"n": 0})
    assert sample.rows == [{"n": 0}] and sample.offered == 1

@pytest.mark.parametrize("seed", range(3))
def test_beyond_the_sample_size_a_sample_of_that_size_is_drawn(seed):
    sample = PracticeSample(size=SAMPLED, randomness=random.Random(seed))
    for n in range(25_000):
        sample.offer({"n": n})
    taken = [row["n"] for row in sample.rows]
    assert len(set(taken)) == SAMPLED  # each answer at most once
    assert sum(n >= 12_500 for n in taken) in range(900, 1100)  # as many from either half
    assert max(taken) > 24_000 and min(taken) < 1_000


def test_the_sample_is_drawn_afresh_for_each_import_by_default():
    def taken():
        sample = PracticeSample(size=10)
        sample.offer_all([{"n": n} for n in range(10_000)])
        return [row["n"] for row in sample.rows]
    assert taken() != taken()  # the same twice: one chance in about 10^36


@pytest.mark.parametrize("seed", range(5))
def test_offering_a_batch_at_once_draws_as_offering_each(seed):
    one_by_one = PracticeSample(size=50, randomness=random.Random(seed))
    batched = PracticeSample(size=50, randomness=random.Random(seed))
    rows = [{"n": n} for n in range(5_000)]
    for row in rows:
        one_by_one.offer(row)
    for start in range(0, len(rows), 37 + seed):
        batched.offer_all(rows[start:start + 37 + seed])
    assert batched.rows == one_by_one.rows and batched.offered == one_by_one.offered == 5_000



@pytest.mark.parametrize("seed", range(5))
def test_a_batch_that_fills_the_sample_and_goes_on_draws_as_offering_each(seed):
    """Just past the sample's size the draws take nearly every answer: the batch's rows
    after the one that filled it are each the row the draw names (too few answers follow for
    later draws to replace them all)."""
    one_by_one = PracticeSample(size=50, randomness=random.Random(seed))
    batched = PracticeSample(size=50, randomness=random.Random(seed))
    rows = [{"n": n} for n in range(74)]
    for row in rows:
        one_by_one.offer(row)
    batched.offer_all(rows[:37])
    batched.offer_all(rows[37:])
    assert batched.rows == one_by_one.rows and batched.offered == one_by_one.offered == 74

def test_every_answer_is_drawn_about_as_often():
    counts = [0] * 40
    for seed in range(400):
        sample = PracticeSample(size=10, randomness=random.Random(seed))
        for n in range(40):
            sample.offer({"n": n})
        for row in sample.rows:
            counts[row["n"]] += 1
    assert all(60 <= count <= 140 for count in counts), counts  # 100 each, expected


@pytest.fixture
def many(store, ana, tmp_path):
    """Ana's bundle of 2,500 real practice answers (more than are graded again)."""
    rows = []
    for n in range(SAMPLED + 500):
        stored, given, correct, score = answered(seed=n % 50, right=n % 3 != 0)
        rows.append({"id": str(uuid.UUID(int=n + 1, version=4)), "person_id": ana.person.id,
                     "session_id": None, "answered_at": f"2025-03-01T09:{n // 60 % 60:02d}:"
                                                        f"{n % 60:02d}.{n // 3600:03d}Z",
                     "game": "thirteen", "skill": "thirteen.first_seat", "difficulty": 1,
                     "seed": n % 50, "question_json": json.dumps(stored),
                     "answer_json": json.dumps(given), "correct": int(correct),
                     "score": score, "response_ms": 2000, "sitting_id": None,
                     "item_index": None, "rating": 3, "readings": READINGS})
    empty = export_bundle(store, ana, tmp_path / "empty.zip", ana.person.id).path
    return add_rows(empty, tmp_path / "many.zip", attempts=rows), rows


def drawn(rows, seed):
    """The answers an import drawing with ``random.Random(seed)`` grades again."""
    sample = PracticeSample(randomness=random.Random(seed))
    for row in rows:
        sample.offer(row)
    return {row["id"] for row in sample.rows}


def test_a_forged_answer_the_sample_passes_over_may_pass_one_it_takes_is_refused(
        other, many, tmp_path):
    path, rows = many
    taken = drawn(rows, seed=11)
    assert len(taken) == SAMPLED
    passed_over = next(row["id"] for row in rows if row["id"] not in taken and not row["correct"])
    caught = next(row["id"] for row in rows if row["id"] in taken and not row["correct"])

    def forge(chosen):
        return lambda found: [r | {"correct": 1, "score": 1.0} if r["id"] == chosen else r
                              for r in found]
    unseen = edit_rows(path, "attempts", forge(passed_over), tmp_path / "unseen.zip")
    seen = edit_rows(path, "attempts", forge(caught), tmp_path / "seen.zip")
    refused(other, seen, "is not what the rules core grades", randomness=random.Random(11))
    desk, teacher = other
    summary = import_bundle(desk, teacher, unseen, randomness=random.Random(11),
                            source=INSTRUCTOR_DESK)
    assert summary.count("attempts") == len(rows)


def test_answers_already_here_are_not_drawn_so_new_ones_are_all_graded(other, many,
                                                                        tmp_path):
    """A bundle padded with answers the desk has cannot hide a few forged ones among them."""
    path, rows = many
    desk, teacher = other
    import_bundle(desk, teacher, path, randomness=random.Random(3), source=INSTRUCTOR_DESK)
    forged = forged_answers(rows[0]["person_id"], 1, id="00000000-0000-4000-8000-0000000f0e0d")
    # a draw that would pass over the forged answer, were the answers here drawn too
    seed = next(seed for seed in range(100) if forged[0]["id"] not in drawn(rows + forged, seed))
    refused(other, add_rows(path, tmp_path / "padded.zip", attempts=forged),
            "claims a grade, but no answer was given", randomness=random.Random(seed))


# A desktop's batch in the school server's inbox -------------------------------------------


def batch_of(store, person_id):
    people = [dict(zip(("id", "name", "role", "language", "created_at"), row, strict=True))
              for row in connection(store).execute(
                      "SELECT id, name, role, language, created_at FROM "
                                          "people WHERE id = ?", [person_id])]
    tables = {"people": people}
    for table, stored in (("sessions", "sessions"), ("attempts", "attempts")):
        columns = list(COLUMNS[table])
        tables[table] = [dict(zip(columns, row, strict=True)) for row in connection(store).execute(
            f"SELECT {', '.join(columns)} FROM {stored} WHERE person_id = ?", [person_id])]
    return tables


def test_a_desktops_batch_is_graded_again(store, ana, ana_bundle, other):
    desk, _teacher = other
    batch = batch_of(store, ana.person.id)
    wrong = next(row for row in batch["attempts"] if not row["correct"])
    forged = {**batch, "attempts": [r | {"correct": 1, "score": 1.0} if r is wrong else r
                                    for r in batch["attempts"]]}
    before = dump(desk.path)
    with pytest.raises(BundleError, match="is not what the rules core grades"):
        merge_checked(desk, RowBatch(forged, with_instructors=False))
    assert dump(desk.path) == before
    made_up = {**batch, "attempts": forged_answers(ana.person.id, 200)}
    with pytest.raises(BundleError, match="claims a grade, but no answer was given"):
        merge_checked(desk, RowBatch(made_up, with_instructors=False))
    summary = merge_checked(desk, RowBatch(batch, with_instructors=False))
    assert summary.count("attempts") == 12
    assert {p.id for p in desk.people(Role.TRAINEE)} == {ana.person.id}


def test_the_servers_shared_tables_are_not_graded_again(store, ana, ana_bundle, other):
    desk, _teacher = other
    batch = batch_of(store, ana.person.id)
    batch["attempts"][0] |= {"answer_json": "null"}  # an instructor's row, by the server
    summary = merge_checked(desk, RowBatch(batch, with_instructors=True), regrade=False)
    assert summary.count("attempts") == 12

