"""13-card rounds over many seeds and every mode: the solved actions replay right with money
conserved; a single wrong action is caught at its step and the round goes on; every
incident occurs, is caught when called and counted as missed when not."""

import random
from decimal import Decimal
from functools import cache

import pytest

from tests.rounds.every_game import (
    incidents_caught_and_missed,
    single_slips_caught,
    wrong_actions_keep_the_reference_state,
)
from trainer.rounds.actions import Action, Cards, UnreadableAction
from trainer.rounds.games import start
from trainer.rounds.modes import Mode
from trainer.rounds.play import RoundPlay, play, solve
from trainer.rounds.thirteen import GRAMMAR
from trainer.rounds.thirteen.table import CALLS
from trainer.rounds.words import action_words
from trainer.rules.regulations import Article, HouseInterpretation

SEEDS = range(500)
GAME = "thirteen"


@cache
def round_of(seed, mode):
    """A round, dealt once for the whole module: the house way makes dealing the cost."""
    return start(GAME, seed, mode)


def rounds(mode, seeds=SEEDS):
    return (round_of(seed, mode) for seed in seeds)


@pytest.mark.parametrize("mode", list(Mode))
def test_the_solved_actions_replay_right_and_money_is_conserved(mode):
    for round_ in rounds(mode):
        verdicts = play(round_, [str(action) for action in solve(round_)])
        assert len(verdicts) == len(round_.steps)
        assert all(v.correct and isinstance(v.article, Article | HouseInterpretation)
                   for v in verdicts), round_.seed
        assert sum(round_.balances().values()) == 0, round_.seed
        # Each player place is settled once, and 13 cards go to each place.
        settled = [s.expected.values[0] for s in round_.steps
                   if s.expected.verb in ("pay", "collect", "push")]
        assert sorted(settled) == [2, 3, 4], round_.seed
        assert all(len(round_.table.hand(place)) == 13 for place in range(1, 5))


def test_a_seed_and_a_mode_give_the_same_round_and_another_mode_another_round():
    assert solve(start(GAME, 7, Mode.PRACTICE)) == solve(round_of(7, Mode.PRACTICE))
    assert solve(round_of(7, Mode.PRACTICE)) != solve(round_of(7, Mode.LEARN))


def test_learn_mode_has_no_incidents_and_names_every_step():
    for round_ in rounds(Mode.LEARN):
        assert not any(step.incident for step in round_.steps)
    played = RoundPlay(round_of(1, Mode.LEARN))
    words = action_words(played.round.game, played.step.expected)
    assert str(played.hint()) == f"{played.step.name}: {words}"


def test_the_first_round_of_the_deal_is_four_decisions_then_the_rest_in_one():
    verbs = [step.expected.verb for step in round_of(1, Mode.LEARN).steps]
    at = verbs.index("deal")
    assert verbs[at:at + 5] == ["deal"] * 4 + ["deal-rest"]


def wrong(action, rng):
    """An action of the same kind as ``action`` that is not it: one of its values changed
    (``deal-rest``, which has none, becomes a ``deal``)."""
    if not action.values:
        return Action("deal", (rng.randint(1, 4),))
    values = list(action.values)
    index = rng.randrange(len(values))
    value = values[index]
    slot = GRAMMAR.verbs[action.verb][index]
    if isinstance(value, Decimal):
        values[index] = value + 10
    elif isinstance(value, int):
        values[index] = value % 4 + 1
    elif isinstance(slot, Cards):  # a card of this tier swapped with one of the next
        other = (index + 1) % 3
        mine, theirs = str(values[index]).split(","), str(values[other]).split(",")
        mine[0], theirs[0] = theirs[0], mine[0]
        values[index] = slot.read("set", ",".join(mine))
        values[other] = GRAMMAR.verbs["set"][other].read("set", ",".join(theirs))
    else:
        values[index] = rng.choice([word for word in slot.words if word != value])
    return Action(action.verb, tuple(values))


def test_each_single_wrong_action_is_caught_at_its_step_and_the_rest_replays_right():
    rng = random.Random(35)
    caught = single_slips_caught(rounds(Mode.TABLE_READY, range(300)), wrong, rng)
    assert caught == set(GRAMMAR.verbs)


def test_a_wrong_action_leaves_the_state_the_reference_state():
    round_ = round_of(11, Mode.PRACTICE)
    wrong_actions_keep_the_reference_state(round_, wrong)


def test_every_incident_occurs_is_caught_when_called_and_missed_when_not():
    seen = incidents_caught_and_missed(rounds(Mode.TABLE_READY, range(300)))
    assert seen == set(CALLS)


def test_a_misdeal_is_rectified_or_the_deal_cancelled_and_dealt_again():
    rulings = set()
    for round_ in rounds(Mode.TABLE_READY, range(300)):
        lines = [str(action) for action in solve(round_)]
        if "call misdeal" not in lines:
            continue
        ruling = lines[lines.index("call misdeal") + 1]
        rulings.add(ruling)
        after = lines[lines.index("call misdeal") + 2]
        if ruling == "decide rectify":
            assert after.startswith("give ")
        else:
            assert ruling == "decide cancel" and after.startswith("deal ")
            assert lines.count("deal-rest") == 2
    assert rulings == {"decide rectify", "decide cancel"}


@pytest.mark.parametrize(("mode", "low", "high"), [(Mode.GUIDED, 0.1, 0.6),
                                                   (Mode.PRACTICE, 0.8, 1.6),
                                                   (Mode.TABLE_READY, 2.2, 3.4)])
def test_incidents_are_rarer_in_guided_than_in_practice_than_in_table_ready(mode, low, high):
    calls = sum(step.incident for round_ in rounds(mode, range(300)) for step in round_.steps)
    assert low <= calls / 300 <= high


@pytest.mark.parametrize(("line", "says"), [
    ("set as,ks,qs,js,10s 2h,3h,4h,5h,6h 7c,8c", "is not 3 different cards"),
    ("set as,ks,qs,js,10s 2h,3h,4h,5h,6h 7c,8c,7c", "is not 3 different cards"),
    ("set as,ks,qs,js,1s 2h,3h,4h,5h,6h 7c,8c,9c", "is not 5 different cards"),
    ("tier 2 side player", "“side” cannot follow “tier”"),
    ("tier 2 back tie", "“tie” cannot follow “tier”"),
    ("deal 5", "the places are numbered 1 to 4"),
    ("deal-rest 2", "it is written deal-rest"),
])
def test_a_line_that_is_not_a_thirteen_card_action_says_what_is_expected(line, says):
    with pytest.raises(UnreadableAction, match=says):
        GRAMMAR.read(line)


def test_the_same_tier_in_another_order_or_case_reads_the_same():
    one = GRAMMAR.read("set AS,KS,QS,JS,10S 2H,3H,4H,5H,6H 7C,8C,9C")
    assert one == GRAMMAR.read("set 10s,js,qs,ks,as 6h,5h,4h,3h,2h 9c,7c,8c")
    assert str(one) == "set AS,KS,QS,JS,10S 6H,5H,4H,3H,2H 9C,8C,7C"


def test_whatever_happens_at_the_table_is_called_once():
    for round_ in rounds(Mode.TABLE_READY):
        called = [step.expected.values[0] for step in round_.steps if step.incident]
        assert sorted(called) == sorted(h.call for h in round_.table.happenings), round_.seed
