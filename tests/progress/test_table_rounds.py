"""Table rounds in progress: each step recorded as the trainee's answer to its skill, the
round read back whole for its replay, kept to its owner and their instructors, and carried
by a trainee's bundle to another desktop, where each step is graded again."""

import json
import re

import pytest

from tests.progress.conftest import damage, dump
from tests.progress.test_bundles import edit_rows
from trainer.progress.bundles.export import export_bundle
from trainer.progress.bundles.format import BundleError
from trainer.progress.bundles.importing import import_bundle
from trainer.progress.bundles.source import BundleSource
from trainer.progress.people.accounts import NotAllowed
from trainer.progress.practice import answers_of, start_practice
from trainer.progress.storage.database import connection
from trainer.progress.table_rounds.history import rounds_played
from trainer.progress.table_rounds.recording import (
    ROUND_SESSION,
    RoundRecording,
    new_round_id,
    record_step,
)
from trainer.rounds.games import start
from trainer.rounds.modes import Mode
from trainer.rounds.play import RoundPlay

STEP_MS = 1500


def play(store, actor, game="mahjong_baccarat", seed=4, mode=Mode.PRACTICE, wrong=(3,),
         stop=None, session=None):
    """Play a round as ``actor`` and record each step as it is given: the right action,
    but another one at each step number in ``wrong``; only the first ``stop`` steps."""
    round_ = start(game, seed, mode)
    session = session or start_practice(store, actor, ROUND_SESSION)
    round_id, played = new_round_id(), RoundPlay(round_)
    for number, step in enumerate(round_.steps[:stop], 1):
        action = step.expected if number not in wrong else next(
            s.expected for s in round_.steps if s.expected != step.expected)
        verdict = played.give(action, number * STEP_MS)
        record_step(store, actor, session, round_, round_id, verdict, STEP_MS)
    return round_id, played


def _same(verdicts, played):
    return [(v.step, v.given, v.expected, v.mistake, v.article, v.at_ms) for v in verdicts] == [
        (v.step, v.given, v.expected, v.mistake, v.article, v.at_ms) for v in played.verdicts]


@pytest.mark.parametrize("game", ["mahjong_baccarat", "thirteen"])
def test_a_round_is_recorded_step_by_step_and_read_back_whole(store, ana, game):
    round_id, played = play(store, ana, game, wrong=(2, 5))
    [back] = rounds_played(store, ana, ana.person.id)
    assert back.id == round_id and back.finished and back.person_id == ana.person.id
    assert back.round == played.round
    assert _same([step.verdict for step in back.steps], played)
    assert back.right == len(played.round.steps) - 2
    assert [step.correct_then for step in back.steps] == [v.correct for v in played.verdicts]
    assert back.taken_ms == len(played.round.steps) * STEP_MS


def test_each_step_is_an_answer_to_its_skill(store, ana):
    _, played = play(store, ana, wrong=(1,))
    answers = answers_of(store, ana, ana.person.id)
    assert [a.skill for a in answers] == [s.skill for s in played.round.steps]
    assert [a.correct for a in answers] == [v.correct for v in played.verdicts]
    assert {a.difficulty for a in answers} == {2} and answers[0].score == 0.0
    assert answers[0].answer == {"action": str(played.verdicts[0].given), "at_ms": STEP_MS}


def test_a_round_left_before_its_end_is_read_back_as_far_as_it_went(store, ana):
    play(store, ana, stop=6)
    [back] = rounds_played(store, ana, ana.person.id)
    assert len(back.steps) == 6 and not back.finished


def test_two_rounds_are_kept_apart_oldest_first(store, ana):
    first, _ = play(store, ana, seed=1)
    second, _ = play(store, ana, "thirteen", seed=2)
    assert [r.id for r in rounds_played(store, ana, ana.person.id)] == [first, second]


def test_a_trainee_reads_only_their_own_rounds_and_an_instructor_everyones(
        store, ana, bruno, instructor):
    round_id, _ = play(store, ana)
    with pytest.raises(NotAllowed, match="only their own progress"):
        rounds_played(store, bruno, ana.person.id)
    assert [r.id for r in rounds_played(store, instructor, ana.person.id)] == [round_id]


def test_nobody_records_a_step_in_someone_elses_session(store, ana, bruno):
    theirs = start_practice(store, ana, ROUND_SESSION)
    before = dump(store.path)
    with pytest.raises(NotAllowed, match="someone else's"):
        play(store, bruno, session=theirs, stop=1)
    assert dump(store.path) == before


def test_a_damaged_step_ends_the_round_where_it_is(store, ana):
    play(store, ana, stop=8)
    damage(store.path, "UPDATE attempts SET answer_json = ? WHERE json_extract("
           "question_json, '$.round.step') = 5", ['{"action": "fly away", "at_ms": 1}'])
    [back] = rounds_played(store, ana, ana.person.id)
    assert len(back.steps) == 4


def test_a_round_left_after_its_first_step_is_read_back_with_that_step(store, ana):
    play(store, ana, stop=1, wrong=())
    [answer] = answers_of(store, ana, ana.person.id)
    [back] = rounds_played(store, ana, ana.person.id)
    assert len(back.steps) == 1 and back.right == 1
    assert back.started_at == answer.answered_at and back.taken_ms == STEP_MS


def test_a_round_started_when_its_first_step_was_given(store, ana):
    play(store, ana, stop=3)
    damage(store.path, "UPDATE attempts SET answered_at = printf('2025-03-14T10:00:%02d.000Z', "
           "json_extract(question_json, '$.round.step'))")
    [back] = rounds_played(store, ana, ana.person.id)
    assert [s.answered_at for s in back.steps] == [
        "2025-03-14T10:00:01.000Z", "2025-03-14T10:00:02.000Z", "2025-03-14T10:00:03.000Z"]
    assert back.started_at == "2025-03-14T10:00:01.000Z"


def test_a_round_played_without_a_clock_takes_the_sum_of_its_response_times(store, ana):
    round_ = start("thirteen", 6, Mode.LEARN)
    session, round_id = start_practice(store, ana, ROUND_SESSION), new_round_id()
    played = RoundPlay(round_)
    for step, response_ms in zip(round_.steps, (700, 1200, 400), strict=False):
        record_step(store, ana, session, round_, round_id, played.give(step.expected),
                    response_ms)
    [back] = rounds_played(store, ana, ana.person.id)
    assert [s.verdict.at_ms for s in back.steps] == [None, None, None]
    assert back.taken_ms == 700 + 1200 + 400


def test_a_round_with_a_step_missing_is_read_back_as_far_as_the_gap(store, ana):
    play(store, ana, stop=6)
    damage(store.path, "DELETE FROM attempts WHERE json_extract(question_json, '$.round.step') = 4")
    [back] = rounds_played(store, ana, ana.person.id)
    assert [s.verdict.step for s in back.steps] == [1, 2, 3]


def _renumber(store, step: int, number: object) -> None:
    """The stored step ``step`` of the round given the step number ``number`` instead."""
    damage(store.path, "UPDATE attempts SET question_json = json_set(question_json, "
           "'$.round.step', json(?)) WHERE json_extract(question_json, '$.round.step') = ?",
           [json.dumps(number), step])


@pytest.mark.parametrize("number", ["1", 1.0, True, None], ids=["text", "fraction", "true",
                                                                  "none"])
def test_a_first_step_whose_number_is_not_a_whole_number_is_not_taken_for_step_one(
        store, ana, number):
    play(store, ana, stop=4)
    _renumber(store, 1, number)
    assert rounds_played(store, ana, ana.person.id) == []  # no first step: nothing played


@pytest.mark.parametrize("number", ["3", 3.0, None], ids=["text", "fraction", "none"])
def test_a_later_step_whose_number_is_not_a_whole_number_ends_the_round_read_back_there(
        store, ana, number):
    play(store, ana, stop=5)
    _renumber(store, 3, number)
    [back] = rounds_played(store, ana, ana.person.id)
    assert [s.verdict.step for s in back.steps] == [1, 2]  # as far as it went


@pytest.mark.parametrize("change", [1, -1])
def test_a_round_whose_steps_name_another_length_than_its_seed_deals_is_left_out(
        store, ana, change):
    """Another version's engine dealt it: its steps would be graded against another round."""
    play(store, ana, stop=3)
    damage(store.path, "UPDATE attempts SET question_json = json_set(question_json, "
           "'$.round.steps', json_extract(question_json, '$.round.steps') + ?)", [change])
    assert rounds_played(store, ana, ana.person.id) == []


def _sessions(store, person):
    return connection(store).execute(
        "SELECT id, mode, ended_at IS NOT NULL FROM sessions WHERE person_id = ?",
        [person.person.id]).fetchall()


def test_a_recorded_round_is_one_session_of_its_own_ended_when_the_round_is_left(store, ana):
    round_ = start("mahjong_baccarat", 3, Mode.GUIDED)
    recording, played = RoundRecording(store, ana, round_), RoundPlay(round_)
    for number, step in enumerate(round_.steps[:3], 1):
        assert recording.step(played.give(step.expected, number * STEP_MS)) is None
    [(session, mode, ended)] = _sessions(store, ana)
    assert mode == ROUND_SESSION and not ended
    assert {a.session_id for a in answers_of(store, ana, ana.person.id)} == {session}
    assert recording.close() is None
    assert _sessions(store, ana) == [(session, ROUND_SESSION, 1)]


def test_a_round_left_before_its_first_step_records_nothing(store, ana):
    before = dump(store.path)
    recording = RoundRecording(store, ana, start("thirteen", 2, Mode.PRACTICE))
    assert recording.close() is None
    assert dump(store.path) == before


def test_a_step_given_without_a_time_or_before_the_one_before_took_no_time(store, ana):
    """No clock, or a clock set back: never a negative time, which no answer may have."""
    round_ = start("mahjong_baccarat", 3, Mode.GUIDED)
    recording, played = RoundRecording(store, ana, round_), RoundPlay(round_)
    assert recording.step(played.give(round_.steps[0].expected)) is None
    record_step(store, ana, recording.session, round_, recording.round_id,
                played.give(round_.steps[1].expected), -250)
    assert [a.response_ms for a in answers_of(store, ana, ana.person.id)] == [0, 0]


def _own_bundle(store, ana, tmp_path):
    return export_bundle(store, ana, tmp_path / "ana.zip", ana.person.id).path


def test_a_round_travels_in_a_trainees_bundle_and_replays_equal(store, ana, other, tmp_path):
    round_id, played = play(store, ana, "thirteen", seed=9, mode=Mode.TABLE_READY, wrong=(4,))
    desk, teacher = other
    summary = import_bundle(desk, teacher, _own_bundle(store, ana, tmp_path),
                            source=BundleSource.of_trainee(ana.person.id))
    assert summary.count("attempts") == len(played.round.steps)
    [back] = rounds_played(desk, teacher, ana.person.id)
    assert back.id == round_id and back.finished and _same([s.verdict for s in back.steps],
                                                           played)


@pytest.mark.parametrize("forgery", ["grade", "skill", "steps"])
def test_a_forged_step_in_a_bundle_is_refused_whole(store, ana, other, tmp_path, forgery):
    play(store, ana, wrong=(3,))

    def forge(rows):
        for row in rows:
            question = json.loads(row["question_json"])
            if question["round"]["step"] == 3:
                if forgery == "grade":  # the wrong step claimed right
                    row.update(correct=1, score=1.0)
                elif forgery == "skill":  # counted for a skill the step is not
                    question["skill"] = row["skill"] = "mahjong_baccarat.payout"
                else:  # a round of another length, whose step 3 might be another
                    question["round"]["steps"] += 1
                row["question_json"] = json.dumps(question)
        return rows
    path = edit_rows(_own_bundle(store, ana, tmp_path), "attempts", forge, tmp_path / "f.zip")
    desk, teacher = other
    before = dump(desk.path)
    with pytest.raises(BundleError, match=re.escape("is not what the rules core grades")):
        import_bundle(desk, teacher, path, source=BundleSource.of_trainee(ana.person.id))
    assert dump(desk.path) == before


def test_a_step_the_store_refuses_is_kept_and_stored_with_the_next(tmp_path):
    import sqlite3

    from trainer.progress import Store
    from trainer.progress.people.accounts import sign_in
    from trainer.progress.storage.ledger import add_person
    from trainer.progress.table_rounds.recording import RoundRecording

    path = tmp_path / "p.sqlite3"
    with Store(path, busy_timeout_ms=50) as store:
        ana = sign_in(store, add_person(store, "Ana").id)
        round_ = start("mahjong_baccarat", 3, Mode.GUIDED)
        recording, played = RoundRecording(store, ana, round_), RoundPlay(round_)
        assert recording.step(played.give(round_.steps[0].expected, 900)) is None
        blocker = sqlite3.connect(path, isolation_level=None)
        blocker.execute("BEGIN EXCLUSIVE")
        try:
            problem = recording.step(played.give(round_.steps[1].expected, 2000))
            assert problem is not None and "busy" in str(problem)
        finally:
            blocker.execute("ROLLBACK")
            blocker.close()
        assert recording.step(played.give(round_.steps[2].expected, 2600)) is None
        assert recording.close() is None
        [back] = rounds_played(store, ana, ana.person.id)
        assert [s.verdict.at_ms for s in back.steps] == [900, 2000, 2600]
        assert [s.response_ms for s in back.steps] == [900, 1100, 600]
