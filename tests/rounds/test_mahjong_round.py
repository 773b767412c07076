"""Mah-Jong scenes over many seeds and every mode: the solved actions replay right with
money conserved; a single wrong action is caught at its step and the scene goes on; every
incident occurs, is caught when called and counted as missed when not.

60 seeds per mode in the test command; ``ROUND_SEEDS=500`` runs the sweeps over 500."""

import os
import random
from decimal import Decimal

import pytest

from tests.rounds.every_game import (
    incidents_caught_and_missed,
    single_slips_caught,
    wrong_actions_keep_the_reference_state,
)
from trainer.rounds.actions import Action, HandClass, UnreadableAction
from trainer.rounds.games import start
from trainer.rounds.mahjong import GRAMMAR
from trainer.rounds.mahjong.table import CALLS
from trainer.rounds.modes import Mode
from trainer.rounds.play import RoundPlay, play, solve
from trainer.rounds.words import action_words
from trainer.rules.mahjong.hands.fan import Win, score
from trainer.rules.mahjong.hands.hand import is_winning
from trainer.rules.regulations import Article, HouseInterpretation

SEEDS = range(int(os.environ.get("ROUND_SEEDS", "60")))
GAME = "mahjong"


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
        assert sum(balances.values()) == 0 and balances.get("table", 0) == 0, round_.seed
        table = round_.table
        lines = [str(a) for a in solve(round_)]
        if table.false_win:  # the game is «nulo»: the declarer pays, nobody wins
            assert lines[-1].startswith("pay") and "fan" not in {a.verb for a in solve(round_)}
            continue
        # The winner's hand wins with the tile, is worth what the core scores, is paid
        # what every other collected, and the next bank follows the winner.
        hand = (table.start if table.self_drawn or not table.discards
                else table.discards[-1].hands)[table.winner]
        tiles = (*hand.concealed, table.winning_tile)
        assert is_winning(tiles, hand.melds)
        fan = score(Win(tiles, hand.melds, table.winning_tile, table.self_drawn,
                        table.winner, table.round_wind)).fan
        assert f"fan {fan}" in lines
        seat = table.winner.value.lower()
        collected = sum(a.values[1] for a in solve(round_) if a.verb == "collect")
        assert f"pay {seat} {collected:f}" in lines
        assert balances[f"seat {table.winner.value}"] > 0
        assert balances[f"seat {table.winner.value}"] <= table.capital
        # East banks: he keeps the bank when he wins, else it passes to South (Art. 3 (a)).
        assert lines[-1] == ("bank e" if seat == "e" else "bank s")
        assert ("liable" in {a.verb for a in solve(round_)}) is not table.self_drawn


def test_wins_by_discard_and_self_drawn_fan_from_kai_vu_to_double_and_liability_all_come():
    seen = set()
    for round_ in rounds(Mode.LEARN, range(200)):
        for action in solve(round_):
            if action.verb in ("fan", "liable"):
                seen.add((action.verb, action.values[0] if action.verb == "fan"
                          else action.values[0] != "none"))
        seen.add(("self-drawn", round_.table.self_drawn))
        seen.add(("capped", any(s.article == HouseInterpretation("HI-MJ-CAP")
                                for s in round_.steps)))
    assert seen >= {("fan", 0), ("fan", 1), ("fan", 2), ("liable", True), ("liable", False),
                    ("self-drawn", True), ("self-drawn", False), ("capped", True),
                    ("capped", False)}


def test_a_seed_and_a_mode_give_the_same_scene_and_another_mode_another_scene():
    assert solve(start(GAME, 7, Mode.PRACTICE)) == solve(start(GAME, 7, Mode.PRACTICE))
    assert any(solve(start(GAME, seed, Mode.PRACTICE)) != solve(start(GAME, seed, Mode.LEARN))
               for seed in range(5))


def test_learn_mode_has_no_incidents_and_names_every_step():
    for round_ in rounds(Mode.LEARN):
        assert not any(step.incident for step in round_.steps)
    played = RoundPlay(start(GAME, 1, Mode.LEARN))
    words = action_words(played.round.game, played.step.expected)
    assert str(played.hint()) == f"{played.step.name}: {words}"


@pytest.mark.parametrize("mode", [Mode.PRACTICE, Mode.TABLE_READY])
def test_no_hints_in_practice_or_table_ready(mode):
    assert RoundPlay(start(GAME, 1, mode)).hint() is None


def test_the_actions_read_strictly():
    assert GRAMMAR.read("claim s pung") == Action("claim", ("s", "pung"))
    assert GRAMMAR.read("claim none") == Action("claim", ("none",))
    assert GRAMMAR.read("fan 2") == Action("fan", (2,))
    with pytest.raises(UnreadableAction, match="from 0 to 2"):
        GRAMMAR.read("fan 3")
    with pytest.raises(UnreadableAction, match="cannot follow"):
        GRAMMAR.read("collect x 40")
    assert GRAMMAR.usage("claim") == "claim e|s|w|n|none [win|kong|pung|chow]"


def wrong(action, rng):
    """An action of the same kind as ``action`` that is not it: one of its values changed."""
    values = list(action.values)
    index = rng.randrange(len(values))
    value, slot = values[index], GRAMMAR.verbs[action.verb][index]
    if isinstance(value, Decimal):
        values[index] = value + 10
    elif isinstance(slot, HandClass):
        values[index] = (value + 1) % 3
    else:
        values[index] = rng.choice([word for word in slot.words if word != value])
    return Action(action.verb, tuple(values))


def test_each_single_wrong_action_is_caught_at_its_step_and_the_rest_replays_right():
    rng = random.Random(37)
    caught = single_slips_caught(rounds(Mode.TABLE_READY, range(max(len(SEEDS), 200))),
                                 wrong, rng)
    assert caught == set(GRAMMAR.verbs) - {"break", "deal", "deal-rest", "drawn"}  # a hand's


def test_a_wrong_action_leaves_the_state_the_reference_state():
    round_ = start(GAME, 11, Mode.TABLE_READY)
    wrong_actions_keep_the_reference_state(round_, wrong)


@pytest.mark.parametrize("mode", [Mode.GUIDED, Mode.PRACTICE, Mode.TABLE_READY])
def test_every_incident_occurs_is_caught_when_called_and_missed_when_not(mode):
    seen = incidents_caught_and_missed(rounds(mode, range(max(len(SEEDS), 200))))
    assert seen == set(CALLS) if mode is not Mode.GUIDED else seen <= set(CALLS)


@pytest.mark.parametrize(("mode", "low", "high"), [(Mode.GUIDED, 0.02, 0.3),
                                                   (Mode.PRACTICE, 0.2, 1.0),
                                                   (Mode.TABLE_READY, 0.5, 2.0)])
def test_incidents_are_rarer_in_guided_than_in_practice_than_in_table_ready(mode, low, high):
    calls = sum(step.incident for round_ in rounds(mode, range(300)) for step in round_.steps)
    assert low <= calls / 300 <= high
