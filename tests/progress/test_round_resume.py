"""A table round left before its end and resumed by its trainee (issue 37): dealt again as
recorded, its recorded steps given again and checked, recorded on into the same round —
the whole round then the one an uninterrupted play records, no step twice."""

from dataclasses import replace
from decimal import Decimal

import pytest

from tests.progress.conftest import damage, dump
from trainer.progress.learning.mastery import mastery
from trainer.progress.people.leave import leave_to_see
from trainer.progress.practice import answers_of
from trainer.progress.table_rounds.history import rounds_played
from trainer.progress.table_rounds.recording import RoundRecording
from trainer.progress.table_rounds.resume import (
    NotResumable,
    abandon,
    resume,
    unfinished_rounds,
)
from trainer.rounds.games import GAMES, start
from trainer.rounds.modes import Mode
from trainer.rounds.pars import Pars
from trainer.rounds.play import RoundPlay
from trainer.rules.house import HouseRules, MahjongBaccaratRules

STEP_MS = 1700
WRONG = (2, 5)  # the steps given a wrong action
LEFT_AT = 4  # the steps given before leaving


def _action(round_, number):
    """The right action at step ``number``, or a wrong one at a step in WRONG."""
    step = round_.steps[number - 1]
    if number not in WRONG:
        return step.expected
    return next(s.expected for s in round_.steps if s.expected != step.expected)


def _give(play, recording, numbers):
    for number in numbers:
        verdict = play.give(_action(play.round, number), number * STEP_MS)
        assert recording.step(verdict) is None


def _play_and_leave(store, actor, game, seed=3, mode=Mode.PRACTICE, rules=None,
                    left_at=LEFT_AT):
    """Play the first ``left_at`` steps as the screen records them, then leave."""
    round_ = start(game, seed, mode, rules)
    play, recording = RoundPlay(round_), RoundRecording(store, actor, round_)
    _give(play, recording, range(1, left_at + 1))
    assert recording.close() is None
    return round_, play, recording.round_id


def _mastery(store, actor):
    return [replace(m, due=None, last_answered_at=None)
            for m in mastery(leave_to_see(store, actor, actor.person.id))]


def _answers(store, actor):
    return [(a.skill, a.difficulty, a.seed, a.correct, a.score, a.response_ms, a.answer,
             {**a.question, "round": {**a.question["round"], "id": None}})
            for a in answers_of(store, actor, actor.person.id)]


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_round_left_and_resumed_is_the_round_played_without_a_break(store, ana, bruno,
                                                                      game):
    round_, before, round_id = _play_and_leave(store, ana, game)
    assert len(round_.steps) > LEFT_AT + 1
    [left] = unfinished_rounds(store, ana)
    assert (left.id, left.game, left.mode, left.done, left.steps, left.taken_ms) == (
        round_id, game, Mode.PRACTICE, LEFT_AT, len(round_.steps), LEFT_AT * STEP_MS)

    resumed = resume(store, ana, round_id)
    assert resumed.play.round == round_ and resumed.taken_ms == LEFT_AT * STEP_MS
    assert resumed.play.verdicts == before.verdicts
    assert resumed.recording.round_id == round_id
    _give(resumed.play, resumed.recording, range(LEFT_AT + 1, len(round_.steps) + 1))
    assert resumed.recording.close() is None

    whole = RoundPlay(round_)  # Bruno plays the same round without a break
    _give(whole, RoundRecording(store, bruno, round_), range(1, len(round_.steps) + 1))
    assert resumed.play.verdicts == whole.verdicts
    assert [v.correct for v in whole.verdicts][:6] == [True, False, True, True, False, True]
    assert _answers(store, ana) == _answers(store, bruno)
    assert _mastery(store, ana) == _mastery(store, bruno)
    [played] = rounds_played(store, ana, ana.person.id)
    assert played.id == round_id and played.finished and not played.abandoned
    assert [s.verdict.step for s in played.steps] == list(range(1, len(round_.steps) + 1))
    assert unfinished_rounds(store, ana) == []


def test_a_round_is_dealt_again_under_its_recorded_house_rules_at_todays_par(store, ana):
    recorded = HouseRules(mahjong_baccarat=MahjongBaccaratRules(commission_rate=Decimal("0.04")))
    round_, _, round_id = _play_and_leave(store, ana, "mahjong_baccarat", rules=recorded)
    resumed = resume(store, ana, round_id, Pars(mahjong_baccarat=200))
    assert resumed.play.round.rules == recorded != HouseRules()
    assert resumed.play.round.table == round_.table
    assert resumed.play.round.par_seconds == 200


def test_the_clock_goes_on_from_the_last_step_recorded(store, ana):
    round_, _, round_id = _play_and_leave(store, ana, "thirteen")
    resumed = resume(store, ana, round_id)
    verdict = resumed.play.give(round_.steps[LEFT_AT].expected, LEFT_AT * STEP_MS + 900)
    assert resumed.recording.step(verdict) is None
    last = answers_of(store, ana, ana.person.id)[-1]
    assert last.response_ms == 900 and last.question["round"]["step"] == LEFT_AT + 1


def test_rounds_are_listed_the_one_left_last_first_and_only_unfinished(store, ana):
    first = _play_and_leave(store, ana, "sap_i_chi", seed=1)[2]
    second = _play_and_leave(store, ana, "three_card", seed=2, mode=Mode.TABLE_READY)[2]
    whole = start("thirteen", 5)
    _give(RoundPlay(whole), RoundRecording(store, ana, whole), range(1, len(whole.steps) + 1))
    damage(store.path, "UPDATE attempts SET answered_at = '2025-01-0' || json_extract("
           "question_json, '$.round.step') || 'T10:00:00.000Z' WHERE json_extract("
           "question_json, '$.round.id') = ?", [first])
    assert [r.id for r in unfinished_rounds(store, ana)] == [second, first]
    assert unfinished_rounds(store, ana)[1].left_at == "2025-01-04T10:00:00.000Z"
    assert unfinished_rounds(store, ana)[1].started_at == "2025-01-01T10:00:00.000Z"


def test_a_round_left_before_its_first_step_is_not_offered(store, ana):
    round_ = start("mahjong", 2)
    recording = RoundRecording(store, ana, round_)
    assert recording.close() is None
    assert unfinished_rounds(store, ana) == []
    with pytest.raises(NotResumable, match="not one of your unfinished table rounds"):
        resume(store, ana, recording.round_id)


def test_a_finished_round_is_not_offered_nor_resumed(store, ana):
    round_ = start("mahjong_baccarat", 8)
    recording = RoundRecording(store, ana, round_)
    _give(RoundPlay(round_), recording, range(1, len(round_.steps) + 1))
    assert unfinished_rounds(store, ana) == []
    before = dump(store.path)
    with pytest.raises(NotResumable, match="it was finished, discarded"):
        resume(store, ana, recording.round_id)
    assert dump(store.path) == before


def test_another_trainee_can_neither_list_nor_resume_nor_discard_the_round(store, ana,
                                                                           bruno, instructor):
    _, _, round_id = _play_and_leave(store, ana, "thirteen")
    assert unfinished_rounds(store, bruno) == []
    assert unfinished_rounds(store, instructor) == []  # an instructor resumes only their own
    before = dump(store.path)
    for actor in (bruno, instructor):
        with pytest.raises(NotResumable, match="played by someone else"):
            resume(store, actor, round_id)
        with pytest.raises(NotResumable, match="played by someone else"):
            abandon(store, actor, round_id)
    assert dump(store.path) == before
    assert [r.id for r in unfinished_rounds(store, ana)] == [round_id]


def test_a_round_whose_verdicts_no_longer_match_is_refused_and_nothing_changes(store, ana):
    _, _, round_id = _play_and_leave(store, ana, "mahjong_baccarat")
    damage(store.path, "UPDATE attempts SET correct = 1 - correct WHERE json_extract("
           "question_json, '$.round.step') = 3")
    before = dump(store.path)
    with pytest.raises(NotResumable, match=r"Step 3 of this round no longer grades as it "
                                           r"was recorded \(the readings"):
        resume(store, ana, round_id)
    assert dump(store.path) == before


def test_a_round_recorded_under_other_readings_is_refused(store, ana):
    _, _, round_id = _play_and_leave(store, ana, "sap_i_chi")
    damage(store.path, "UPDATE attempts SET readings = readings - 1 WHERE json_extract("
           "question_json, '$.round.step') = 1")
    before = dump(store.path)
    with pytest.raises(NotResumable, match="recorded under readings of the rules that have "
                                           "changed since: it cannot be resumed"):
        resume(store, ana, round_id)
    assert dump(store.path) == before


def test_a_round_whose_engine_deals_another_number_of_steps_is_refused(store, ana):
    _, _, round_id = _play_and_leave(store, ana, "three_card")
    damage(store.path, "UPDATE attempts SET question_json = json_set(question_json, "
           "'$.round.steps', json_extract(question_json, '$.round.steps') + 1)")
    with pytest.raises(NotResumable, match="readings of the rules that have changed"):
        resume(store, ana, round_id)


def test_a_round_with_a_step_missing_is_not_offered(store, ana):
    _, _, round_id = _play_and_leave(store, ana, "thirteen")
    damage(store.path, "DELETE FROM attempts WHERE json_extract(question_json, "
           "'$.round.step') = 2")
    assert unfinished_rounds(store, ana) == []
    with pytest.raises(NotResumable, match="not one of your unfinished"):
        resume(store, ana, round_id)


def test_a_discarded_round_is_no_longer_offered_and_stays_for_the_desk(store, ana,
                                                                      instructor):
    _, _, kept = _play_and_leave(store, ana, "sap_i_chi", seed=1)
    _, _, discarded = _play_and_leave(store, ana, "mahjong", seed=2)
    answers = len(answers_of(store, ana, ana.person.id))
    abandon(store, ana, discarded)
    assert [r.id for r in unfinished_rounds(store, ana)] == [kept]
    with pytest.raises(NotResumable, match="finished, discarded"):
        resume(store, ana, discarded)
    with pytest.raises(NotResumable, match="finished, discarded"):
        abandon(store, ana, discarded)
    assert len(answers_of(store, ana, ana.person.id)) == answers
    desk = {r.id: r for r in rounds_played(store, instructor, ana.person.id)}
    assert desk[discarded].abandoned and not desk[kept].abandoned
    assert len(desk[discarded].steps) == LEFT_AT


def test_a_round_resumed_twice_records_each_step_once(store, ana):
    round_, _, round_id = _play_and_leave(store, ana, "mahjong_baccarat")
    first = resume(store, ana, round_id)
    _give(first.play, first.recording, [LEFT_AT + 1, LEFT_AT + 2])
    assert first.recording.close() is None
    [left] = unfinished_rounds(store, ana)
    assert left.done == LEFT_AT + 2 and left.taken_ms == (LEFT_AT + 2) * STEP_MS
    second = resume(store, ana, round_id)
    assert len(second.play.verdicts) == LEFT_AT + 2
    _give(second.play, second.recording, range(LEFT_AT + 3, len(round_.steps) + 1))
    numbers = [a.question["round"]["step"] for a in answers_of(store, ana, ana.person.id)]
    assert numbers == list(range(1, len(round_.steps) + 1))
