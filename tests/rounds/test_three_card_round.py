"""Three-card baccarat rounds over many seeds and every mode: the solved actions replay right
with money conserved; a single wrong action is caught at its step and the round goes on;
every incident occurs, is caught when called and counted as missed when not.

60 seeds per mode by default; ``ROUND_SEEDS=500`` runs the 500 seeds × every mode of the
issue (a run by hand: it takes longer than the test command should)."""

import os
import random
from decimal import Decimal

import pytest

from tests.rounds.every_game import (
    incidents_caught_and_missed,
    single_slips_caught,
    wrong_actions_keep_the_reference_state,
)
from trainer.rounds.actions import Action, HandClass
from trainer.rounds.games import start
from trainer.rounds.modes import Mode
from trainer.rounds.play import RoundPlay, play, solve
from trainer.rounds.three_card import GRAMMAR
from trainer.rounds.three_card.table import CALLS, PLAYERS
from trainer.rounds.words import action_words
from trainer.rules.regulations import HouseInterpretation, RankingItem, RankingOrder

SEEDS = range(int(os.environ.get("ROUND_SEEDS", "60")))
GAME = "three_card"


def rounds(mode, seeds=SEEDS):
    return (start(GAME, seed, mode) for seed in seeds)


@pytest.mark.parametrize("mode", list(Mode))
def test_the_solved_actions_replay_right_and_money_is_conserved(mode):
    for round_ in rounds(mode):
        verdicts = play(round_, [str(action) for action in solve(round_)])
        assert len(verdicts) == len(round_.steps)
        assert all(v.correct and isinstance(v.article, HouseInterpretation | RankingItem
                                             | RankingOrder) for v in verdicts), round_.seed
        balances = round_.balances()
        assert sum(balances.values()) == 0, round_.seed
        # Each place settled every bet it made, once, in the dealing order.
        settled = [(s.expected.values[0], s.expected.values[1]) for s in round_.steps
                   if s.expected.verb in ("pay", "collect", "push")]
        assert settled == [(place, bet.kind.value) for place in PLAYERS
                           for bet in round_.table.bets[place]], round_.seed


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


def test_the_shoe_is_shuffled_when_its_white_card_came_out_and_a_deck_before_every_coup():
    shoes = {(r.table.decks, r.table.shuffled, r.table.white_card_at > 0)
             for r in rounds(Mode.PRACTICE, range(200))}
    # A deck, always shuffled; a shoe dealt on, its white card out this coup or not; a
    # shoe shuffled (its white card out last coup) — every table turns up.
    assert shoes == {(1, True, False), (8, False, False), (8, False, True), (8, True, False)}
    for round_ in rounds(Mode.PRACTICE, range(200)):
        verbs = [step.expected.verb for step in round_.steps]
        assert verbs.count("white") == (round_.table.white_card_at > 0)


def wrong(action, rng):
    """An action of the same kind as ``action`` that is not it: one of its values changed
    (``deal-rest`` and ``white``, which have none, become the other)."""
    if not action.values:
        return Action("white" if action.verb == "deal-rest" else "deal-rest")
    values = list(action.values)
    index = rng.randrange(len(values))
    value = values[index]
    slot = GRAMMAR.verbs[action.verb][index]
    if isinstance(value, Decimal):
        values[index] = value + 10
    elif isinstance(slot, HandClass):
        values[index] = value % slot.high + 1
    elif isinstance(value, int):
        values[index] = value % 6 + 1
    else:
        values[index] = rng.choice([word for word in slot.words if word != value])
    return Action(action.verb, tuple(values))


def test_each_single_wrong_action_is_caught_at_its_step_and_the_rest_replays_right():
    rng = random.Random(37)
    caught = single_slips_caught(rounds(Mode.TABLE_READY, range(300)), wrong, rng)
    assert caught == set(GRAMMAR.verbs)


def test_a_wrong_action_leaves_the_state_the_reference_state():
    round_ = start(GAME, 11, Mode.TABLE_READY)
    wrong_actions_keep_the_reference_state(round_, wrong)


def test_every_incident_occurs_is_caught_when_called_and_missed_when_not():
    seen = incidents_caught_and_missed(rounds(Mode.TABLE_READY, range(200)))
    assert seen == set(CALLS)


@pytest.mark.parametrize(("mode", "low", "high"), [(Mode.GUIDED, 0.02, 0.25),
                                                   (Mode.PRACTICE, 0.15, 0.6),
                                                   (Mode.TABLE_READY, 0.5, 1.3)])
def test_incidents_are_rarer_in_guided_than_in_practice_than_in_table_ready(mode, low, high):
    # Two moments a round, each incident where the table allows it (a ten, a tie, an
    # even-money winner): somewhat under twice the mode's chance.
    calls = sum(step.incident for round_ in rounds(mode, range(300)) for step in round_.steps)
    assert low <= calls / 300 <= high
