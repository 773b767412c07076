"""Mahjong Baccarat rounds over many seeds and every mode: the solved actions replay right
with money conserved; a single wrong action is caught at its step and the round goes on;
every incident occurs, is caught when called and counted as missed when not."""

import random
from decimal import Decimal

import pytest

from tests.rounds.every_game import (
    incidents_caught_and_missed,
    single_slips_caught,
    wrong_actions_keep_the_reference_state,
)
from trainer.rounds.actions import Action
from trainer.rounds.games import start
from trainer.rounds.mahjong_baccarat import GRAMMAR
from trainer.rounds.mahjong_baccarat.table import CALLS
from trainer.rounds.modes import Mode
from trainer.rounds.play import RoundPlay, play, solve
from trainer.rounds.words import action_words
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
        # The bank's win or loss, before commission, never exceeds its capital (Art. 5 (3)):
        # the banker's, or with co-bankers the pool and every stake (Art. 5 (5)).
        bank = sum(move.amount for step in round_.steps if step.expected.verb in (
            "pay", "collect") for move in step.moves if move.party == "banker")
        cobank = round_.table.cobank
        joined = (cobank.casino + sum(s for _p, s in cobank.players)) if cobank else 0
        assert -round_.table.capital - joined <= bank <= round_.table.capital + joined
        if cobank is None:
            [commission] = [step.expected.values[0] for step in round_.steps
                            if step.expected.verb == "commission"]
            assert balances["banker"] + commission == bank, round_.seed
            continue
        shares = {step.expected.values[0] if step.expected.verb == "share" else 0:
                  step for step in round_.steps if step.expected.verb in ("share", "casino")}
        assert list(shares) == [1, *([0] if cobank.casino else []),
                                *(p for p, _s in cobank.players)], round_.seed
        for place, stake in cobank.players:  # each takes at most his stake, win or loss
            assert -stake <= balances[f"place {place}"] <= stake, round_.seed


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
    words = action_words(played.round.game, played.step.expected)
    assert str(played.hint()) == f"{played.step.name}: {words}"


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
    caught = single_slips_caught(rounds(Mode.TABLE_READY, range(300)), wrong, rng)
    assert caught == set(GRAMMAR.verbs)


def test_a_wrong_action_leaves_the_state_the_reference_state():
    round_ = start(GAME, 11, Mode.PRACTICE)
    wrong_actions_keep_the_reference_state(round_, wrong)


def test_every_incident_occurs_is_caught_when_called_and_missed_when_not():
    seen = incidents_caught_and_missed(rounds(Mode.TABLE_READY, range(200)))
    assert seen == set(CALLS)


@pytest.mark.parametrize(("mode", "low", "high"), [(Mode.GUIDED, 0.05, 0.4),
                                                   (Mode.PRACTICE, 0.4, 1.2),
                                                   (Mode.TABLE_READY, 1.2, 2.8)])
def test_incidents_are_rarer_in_guided_than_in_practice_than_in_table_ready(mode, low, high):
    # Four moments a round, and a fifth when the banker kept the bank (his new capital):
    # about 4.5 times the mode's chance.
    calls = sum(step.incident for round_ in rounds(mode, range(300)) for step in round_.steps)
    assert low <= calls / 300 <= high
