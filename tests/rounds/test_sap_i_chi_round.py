"""Sap I Chi rounds over many seeds and every mode: the solved actions replay right with
money conserved; a single wrong action is caught at its step and the round goes on; every
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
from trainer.rounds.actions import Action, Number, UnreadableAction
from trainer.rounds.games import start
from trainer.rounds.modes import Mode
from trainer.rounds.play import RoundPlay, play, solve
from trainer.rounds.sap_i_chi import GRAMMAR
from trainer.rounds.sap_i_chi.table import CALLS, PLACES, standing_bets
from trainer.rounds.words import action_words
from trainer.rules.house import HouseRules, SapIChiRules
from trainer.rules.regulations import Article, HouseInterpretation
from trainer.rules.sap_i_chi.bets import is_neighbouring

SEEDS = range(int(os.environ.get("ROUND_SEEDS", "60")))
GAME = "sap_i_chi"


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
        # Every bet left on the board is settled once, in place order; a winner is paid
        # his prize and keeps his stake, a loser's stake is collected (Art. 3 (1)).
        bets = standing_bets(round_.table)
        settled = [s.expected for s in round_.steps if s.expected.verb in ("pay", "collect")]
        assert [a.values[0] for a in settled] == sorted(bets), round_.seed
        for action in settled:
            bet = bets[action.values[0]]
            wins = round_.table.drawn in bet.chances
            assert action.verb == ("pay" if wins else "collect")
            assert action.values[1] == (bet.stake * bet.kind.multiple if wins else bet.stake)
        # The number confirmed is the cloth's, and only after it is unrolled.
        verbs = [s.expected.verb for s in round_.steps]
        assert verbs.index("unroll") < verbs.index("confirm") < verbs.index("hatches")
        assert Action("confirm", (round_.table.drawn,)) in solve(round_)


def test_a_void_round_lets_the_players_change_then_draws_again():
    voided = [r for r in rounds(Mode.TABLE_READY) if r.table.void]
    assert voided
    asked = 0
    for round_ in voided:
        lines = [str(a) for a in solve(round_)]
        at = lines.index("decide void")
        after = lines[at + 1:]
        changes = after[:after.index("cloth")]
        assert all(line.startswith("change") and line.endswith(" allow") for line in changes)
        assert after[len(changes):len(changes) + 3] == ["cloth", "bell", "unroll"]
        assert lines.count("cloth") == lines.count("bell") == 2
        asked += bool(changes)
    assert asked > len(voided) / 2  # most void rounds have players who withdraw or move


def test_requests_are_allowed_before_the_bell_and_refused_after_it():
    for round_ in rounds(Mode.LEARN):
        lines = [str(a) for a in solve(round_)]
        bell = lines.index("bell")
        assert all(line.endswith(" allow") for line in lines[:bell] if line.startswith("change"))
        assert all(line.endswith(" refuse") for line in lines[bell:] if line.startswith("change"))


def test_a_house_that_takes_only_neighbouring_numbers_gets_only_those():
    rules = HouseRules(sap_i_chi=SapIChiRules(any_group_of_numbers=False))
    for round_ in rounds(Mode.PRACTICE, rules=rules):
        assert all(is_neighbouring(bet.numbers) for bet in round_.table.bets.values()
                   if bet.numbers)
        assert all(v.correct for v in play(round_, solve(round_)))


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


def test_the_number_confirmed_is_one_of_the_board():
    assert GRAMMAR.read("confirm 12") == Action("confirm", (12,))
    for line in ("confirm 13", "confirm 0", "confirm red"):
        with pytest.raises(UnreadableAction, match="not a number of the board"):
            GRAMMAR.read(line)
    assert GRAMMAR.usage("confirm") == "confirm NUMBER"


def wrong(action, rng):
    """An action of the same kind as ``action`` that is not it: one of its values changed
    (an action with none becomes another operation of the draw)."""
    if not action.values:
        return Action(rng.choice([verb for verb in ("cloth", "bell", "unroll", "hatches")
                                  if verb != action.verb]))
    values = list(action.values)
    index = rng.randrange(len(values))
    value = values[index]
    slot = GRAMMAR.verbs[action.verb][index]
    if isinstance(value, Decimal):
        values[index] = value + 10
    elif isinstance(slot, Number):
        values[index] = value % 12 + 1
    elif isinstance(value, int):
        values[index] = value % PLACES + 1
    else:
        values[index] = rng.choice([word for word in slot.words if word != value])
    return Action(action.verb, tuple(values))


def test_each_single_wrong_action_is_caught_at_its_step_and_the_rest_replays_right():
    rng = random.Random(37)
    caught = single_slips_caught(rounds(Mode.TABLE_READY, range(max(len(SEEDS), 200))),
                                 wrong, rng)
    assert caught == set(GRAMMAR.verbs)


def test_a_wrong_action_leaves_the_state_the_reference_state():
    round_ = start(GAME, 11, Mode.TABLE_READY)
    wrong_actions_keep_the_reference_state(round_, wrong)


@pytest.mark.parametrize("mode", [Mode.GUIDED, Mode.PRACTICE, Mode.TABLE_READY])
def test_every_incident_occurs_is_caught_when_called_and_missed_when_not(mode):
    seen = incidents_caught_and_missed(rounds(mode, range(max(len(SEEDS), 200))))
    assert seen == set(CALLS) if mode is not Mode.GUIDED else seen <= set(CALLS)


@pytest.mark.parametrize(("mode", "low", "high"), [(Mode.GUIDED, 0.05, 0.4),
                                                   (Mode.PRACTICE, 0.4, 1.2),
                                                   (Mode.TABLE_READY, 1.2, 2.8)])
def test_incidents_are_rarer_in_guided_than_in_practice_than_in_table_ready(mode, low, high):
    # Four moments a round: about 4 times the mode's chance.
    calls = sum(step.incident for round_ in rounds(mode, range(300)) for step in round_.steps)
    assert low <= calls / 300 <= high
