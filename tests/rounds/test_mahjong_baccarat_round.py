"""Mahjong Baccarat rounds over many seeds and every mode: the solved actions replay right
with money conserved; a single wrong action is caught at its step and the round goes on;
every incident occurs, is caught when called and counted as missed when not."""

import random
from decimal import Decimal

import pytest

from trainer.rounds.actions import Action
from trainer.rounds.games import start
from trainer.rounds.mahjong_baccarat import GRAMMAR
from trainer.rounds.mahjong_baccarat.table import CALLS
from trainer.rounds.modes import Mode
from trainer.rounds.play import Mistake, RoundPlay, play, solve
from trainer.rules.house import BankerCommission, HouseRules, MahjongBaccaratRules
from trainer.rules.regulations import Article, HouseInterpretation

SEEDS = range(500)
GAME = "mahjong_baccarat"


def rounds(mode, seeds=SEEDS, rules=None):
    return (start(GAME, seed, mode, rules) for seed in seeds)


@pytest.mark.parametrize("mode", list(Mode))
def test_the_solved_actions_replay_right_and_money_is_conserved(mode):
    for round_ in rounds(mode):
        verdicts = play(round_, [str(action) for action in solve(round_)])
        assert len(verdicts) == len(round_.steps)
        assert all(v.correct and isinstance(v.article, Article | HouseInterpretation)
                   for v in verdicts), round_.seed
        balances = round_.balances()
        assert sum(balances.values()) == 0, round_.seed
        # The banker's win or loss, before commission, never exceeds his capital (Art. 5 (3)).
        [commission] = [step.expected.values[0] for step in round_.steps
                        if step.expected.verb == "commission"]
        banker = balances["banker"] + commission
        assert -round_.table.capital <= banker <= round_.table.capital, round_.seed


def test_money_is_conserved_when_the_banker_pays_commission_on_every_amount_he_collects():
    rules = HouseRules(mahjong_baccarat=MahjongBaccaratRules(
        banker_commission=BankerCommission.PER_WON_BET, capital_net_of_commission=False))
    for round_ in rounds(Mode.PRACTICE, range(200), rules):
        assert all(v.correct for v in play(round_, solve(round_)))
        assert sum(round_.balances().values()) == 0


def test_a_seed_and_a_mode_give_the_same_round_and_another_mode_another_round():
    assert solve(start(GAME, 7, Mode.PRACTICE)) == solve(start(GAME, 7, Mode.PRACTICE))
    assert solve(start(GAME, 7, Mode.PRACTICE)) != solve(start(GAME, 7, Mode.LEARN))


def test_learn_mode_has_no_incidents_and_names_every_step():
    for round_ in rounds(Mode.LEARN):
        assert not any(step.incident for step in round_.steps)
    played = RoundPlay(start(GAME, 1, Mode.LEARN))
    assert str(played.hint()) == f"{played.step.name}: {played.step.expected}"


@pytest.mark.parametrize("mode", [Mode.PRACTICE, Mode.TABLE_READY])
def test_no_hints_in_practice_or_table_ready(mode):
    assert RoundPlay(start(GAME, 1, mode)).hint() is None


def wrong(action, rng):
    """An action of the same kind as ``action`` that is not it: one of its values changed."""
    values = list(action.values)
    index = rng.randrange(len(values))
    value = values[index]
    if isinstance(value, Decimal):
        values[index] = value + 10
    elif isinstance(value, int):
        values[index] = value % 10 + 1
    elif value == "none":
        values[index] = 1
    else:
        values[index] = rng.choice([word for word in GRAMMAR.verbs[action.verb][index].words
                                    if word != value])
    return Action(action.verb, tuple(values))


def test_each_single_wrong_action_is_caught_at_its_step_and_the_rest_replays_right():
    rng = random.Random(35)
    caught = set()
    for round_ in rounds(Mode.TABLE_READY, range(300)):
        actions = solve(round_)
        for _ in range(3):
            at = rng.randrange(len(actions))
            slip = wrong(actions[at], rng)
            verdicts = play(round_, [*actions[:at], slip, *actions[at + 1:]])
            assert [v.step for v in verdicts if not v.correct] == [at + 1]
            verdict = verdicts[at]
            assert verdict.given == slip and verdict.expected == actions[at]
            assert verdict.article == round_.steps[at].article and verdict.reasons
            expected = Mistake.MISSED if actions[at].verb == "call" else Mistake.WRONG
            assert verdict.mistake is expected
            caught.add(actions[at].verb)
    assert caught == set(GRAMMAR.verbs)


def test_a_wrong_action_leaves_the_state_the_reference_state():
    round_ = start(GAME, 11, Mode.PRACTICE)
    played, reference = RoundPlay(round_), RoundPlay(round_)
    for step in round_.steps:
        played.give(wrong(step.expected, random.Random(0)))
        reference.give(step.expected)
        assert played.done() == reference.done()
    assert not any(v.correct for v in played.verdicts)


def test_every_incident_occurs_is_caught_when_called_and_missed_when_not():
    seen = set()
    for round_ in rounds(Mode.TABLE_READY, range(200)):
        actions = solve(round_)
        for at, step in enumerate(round_.steps):
            if not step.incident:
                continue
            kind = step.expected.values[0]
            seen.add(kind)
            assert actions[at + 1].verb == "decide"
            # Carrying on as if nothing happened (the step after the ruling) misses it.
            verdicts = play(round_, [*actions[:at], actions[at + 2], *actions[at + 1:]])
            assert [(v.step, v.mistake) for v in verdicts if not v.correct] \
                == [(at + 1, Mistake.MISSED)]
            assert verdicts[at].reasons[0].text.msgid.startswith("Something happened here")
            assert verdicts[at].article == step.article
    assert seen == set(CALLS)


@pytest.mark.parametrize(("mode", "low", "high"), [(Mode.GUIDED, 0.05, 0.4),
                                                   (Mode.PRACTICE, 0.4, 0.8),
                                                   (Mode.TABLE_READY, 0.8, 2.5)])
def test_incidents_are_rarer_in_guided_than_in_practice_than_in_table_ready(mode, low, high):
    calls = sum(step.incident for round_ in rounds(mode, range(300)) for step in round_.steps)
    assert low <= calls / 300 <= high
