"""Whole Mah-Jong hands — conventional (four players) and simplified (two, three or four) —
over many seeds and every mode: the wall broken where the dice say, the deal, the play to a
win, a false win or a drawn game; the solved actions replay right with money conserved; a
single wrong action is caught at its step; every incident occurs, is caught when called and
missed when not.

60 seeds per mode in the test command; ``ROUND_SEEDS=500`` runs the sweeps over 500."""

import os
import random
from collections import Counter
from dataclasses import replace
from decimal import Decimal

import pytest

from tests.rounds.every_game import (
    incidents_caught_and_missed,
    single_slips_caught,
    wrong_actions_keep_the_reference_state,
)
from trainer.rounds.actions import Action, HandClass, Number
from trainer.rounds.games import start
from trainer.rounds.mahjong import GRAMMAR, HAND, SIMPLIFIED, table_round
from trainer.rounds.mahjong.hand import AT_A_TURN, draw_hand
from trainer.rounds.mahjong.table import Opening
from trainer.rounds.mahjong.view import table_view
from trainer.rounds.modes import Mode
from trainer.rounds.play import play, solve
from trainer.rules.house import HouseRules
from trainer.rules.mahjong.hands.fan import Win, score
from trainer.rules.mahjong.hands.hand import is_winning
from trainer.rules.mahjong.hands.tiles import Variant, Wind
from trainer.rules.regulations import Article, HouseInterpretation, Regulation

SEEDS = range(int(os.environ.get("ROUND_SEEDS", "60")))
GAMES = (HAND, SIMPLIFIED)
HI_WALL = HouseInterpretation("HI-WALL")
HI_DEAL = HouseInterpretation("HI-DEAL")
HI_MJ_DRAWN = HouseInterpretation("HI-MJ-DRAWN")


def rounds(game, mode, seeds=SEEDS):
    return (start(game, seed, mode) for seed in seeds)


def _deal_counts(actions):
    """Tiles each seat is dealt, by the solved deal steps (``deal-rest`` repeats the first
    round: twice more conventional, once more simplified)."""
    return [a for a in actions if a.verb in ("deal", "deal-rest")]


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("mode", list(Mode))
def test_the_solved_actions_replay_right_and_money_is_conserved(game, mode):
    for round_ in rounds(game, mode):
        actions = solve(round_)
        verdicts = play(round_, [str(action) for action in actions])
        assert all(v.correct and isinstance(v.article, Article | HouseInterpretation)
                   for v in verdicts), round_.seed
        balances = round_.balances()
        assert sum(balances.values()) == 0 and balances.get("table", 0) == 0, round_.seed
        table = round_.table
        present = {seat.value.lower() for seat in table.seats}
        named = {a.values[0] for a in actions if a.verb in ("deal", "collect", "pay", "bank")}
        assert named <= present, round_.seed  # nobody at an empty seat, ever
        lines = [str(a) for a in actions]
        if table.drawn_game:
            assert lines[-2:] == ["drawn", "bank e"] and not balances
        elif table.false_win:
            assert "fan" not in {a.verb for a in actions} and lines[-1].startswith("pay")
        else:
            hand = table.hand_of(table.winner)
            tiles = (*hand.concealed, table.winning_tile)
            assert is_winning(tiles, hand.melds, table.variant), round_.seed
            assert any(line.startswith("fan ") for line in lines)
            assert lines[-1] == ("bank e" if table.winner is Wind.EAST
                                 else f"bank {table.seats[1].value.lower()}")


@pytest.mark.parametrize("game", GAMES)
def test_the_deal_gives_the_banker_one_tile_more_than_each_other_player(game):
    for round_ in rounds(game, Mode.LEARN, range(40)):
        table = round_.table
        big, small = (14, 13) if table.variant is Variant.CONVENTIONAL else (5, 4)
        assert {seat: len(hand.concealed) for seat, hand in table.start.items()} == {
            seat: big if seat is Wind.EAST else small for seat in table.seats}
        deal = _deal_counts(solve(round_))
        first = [a for a in deal[:len(table.seats)]]
        # The deal goes in the order of play from the banker, each turn two stacks (four
        # tiles) or one stack (two); the rest of the rounds the same way; then the last tiles.
        assert [a.values[0] for a in first] == [s.value.lower() for s in table.seats]
        assert {a.values[1] for a in first} == {4 if big == 14 else 2}
        assert deal[len(table.seats)] == Action("deal-rest", ())
        rounds_of_deal = 3 if big == 14 else 2
        dealt = Counter()
        for action in first:
            dealt[action.values[0]] += action.values[1] * rounds_of_deal
        for action in deal[len(table.seats) + 1:]:
            dealt[action.values[0]] += action.values[1]
        assert dealt == {s.value.lower(): big if s is Wind.EAST else small for s in table.seats}


def test_the_simplified_hands_are_played_by_two_three_and_four_players_only_those_present():
    players = Counter(len(start(SIMPLIFIED, seed, Mode.LEARN).table.seats)
                      for seed in range(60))
    assert set(players) == {2, 3, 4}
    two = next(start(SIMPLIFIED, seed, Mode.LEARN) for seed in range(60)
               if len(start(SIMPLIFIED, seed, Mode.LEARN).table.seats) == 2)
    assert len(two.table.start) == 2 and Wind.EAST in two.table.start
    assert all(set(d.hands) == set(two.table.seats) for d in two.table.discards)


def _with_dice(dice, game=HAND, seed=1):
    table = draw_hand(seed, Mode.LEARN, Variant.CONVENTIONAL if game == HAND
                      else Variant.SIMPLIFIED)
    return table_round(replace(table, opening=Opening(table.opening.wall, dice)), seed,
                       Mode.LEARN, HouseRules(), game)


def test_art_3_a_the_regulation_s_example_thirteen_points_breaks_the_banker_s_own_wall():
    # «Se a soma dos dados indicar, por exemplo, 13 pontos, o banqueiro separará da
    # fila-dupla colocada à sua frente 13 grupos»: the deal starts at stack 14 of East's.
    step = _with_dice((6, 6, 1)).steps[0]
    assert step.expected == Action("break", ("e", 14))
    assert step.article == Article(Regulation.MAHJONG, 3, "a")
    # 14 counts to South (East 1, South 2, …, 13 East, 14 South): stack 15 of South's wall.
    assert _with_dice((6, 6, 2)).steps[0].expected == Action("break", ("s", 15))


def test_hi_wall_a_total_beyond_the_stacks_runs_on_into_the_next_wall_on_both_sides():
    # 17 picks East's wall (17 = 4 × 4 + 1): all 17 stacks set apart, the deal starts at
    # stack 1 of the next wall to the left (North's); 18 picks South's: one stack more.
    at_17 = _with_dice((6, 6, 5)).steps[0]
    assert at_17.expected == Action("break", ("n", 1)) and at_17.article == HI_WALL
    at_18 = _with_dice((6, 6, 6)).steps[0]
    assert at_18.expected == Action("break", ("e", 2)) and at_18.article == HI_WALL
    at_16 = _with_dice((6, 6, 4)).steps[0]  # the wall has room: no HI-WALL
    assert at_16.expected == Action("break", ("n", 17)) and at_16.article != HI_WALL
    # The simplified form's two dice never run past 14 stacks (Art. 3 (b)).
    simplified = _with_dice((6, 6), SIMPLIFIED).steps[0]
    assert simplified.expected == Action("break", ("n", 13))


def test_hi_deal_the_banker_s_jump_is_graded_by_the_house_reading():
    steps = _with_dice((3, 4, 5)).steps
    last = [s for s in steps if s.expected.verb == "deal"][-4:]
    assert [s.expected for s in last] == [Action("deal", ("e", 2)), Action("deal", ("s", 1)),
                                          Action("deal", ("w", 1)), Action("deal", ("n", 1))]
    assert {s.article for s in last} == {HI_DEAL}


def test_a_drawn_game_is_said_nobody_pays_and_the_banker_keeps_the_bank():
    drawn = next(r for r in rounds(HAND, Mode.LEARN, range(400)) if r.table.drawn_game)
    steps = drawn.steps
    assert [s.expected for s in steps[-2:]] == [Action("drawn", ()), Action("bank", ("e",))]
    assert steps[-2].article == HI_MJ_DRAWN and HI_MJ_DRAWN in {r.source for r in
                                                                 steps[-1].reasons}
    assert drawn.balances() == {}


def test_wins_of_every_kind_come_in_whole_hands():
    seen = set()
    for round_ in rounds(HAND, Mode.LEARN, range(300)):
        table = round_.table
        seen.add(("self-drawn", table.self_drawn))
        seen.add(("kong replacement", table.kong_replacement or any(
            d.from_replacement for d in table.discards)))
        for action in solve(round_):
            if action.verb == "fan":
                seen.add(("fan", action.values[0]))
            if action.verb == "claim" and len(action.values) > 1:
                seen.add(("claim", action.values[1]))
    assert seen >= {("self-drawn", True), ("self-drawn", False), ("fan", 0), ("fan", 1),
                    ("fan", 2), ("claim", "win"), ("claim", "pung"), ("claim", "chow"),
                    ("claim", "kong"), ("kong replacement", True)}


def test_the_winner_s_fan_is_the_core_s_score_of_his_hand():
    for round_ in rounds(HAND, Mode.PRACTICE, range(40)):
        table = round_.table
        if table.winner is None:
            continue
        hand = table.hand_of(table.winner)
        win = Win((*hand.concealed, table.winning_tile), hand.melds, table.winning_tile,
                  table.self_drawn, table.winner, table.round_wind, table.variant,
                  kong_replacement=table.kong_replacement, last_tile=table.last_tile)
        assert Action("fan", (score(win).fan,)) in solve(round_)


def wrong(action, rng):
    """An action of the same kind as ``action`` that is not it: one of its values changed."""
    values = list(action.values)
    if not values:  # ``deal-rest``, ``drawn``: another verb given instead
        return Action("claim", ("none",))
    index = rng.randrange(len(values))
    value, slot = values[index], GRAMMAR.verbs[action.verb][index]
    if isinstance(value, Decimal):
        values[index] = value + 10
    elif isinstance(slot, HandClass):
        values[index] = (value + 1) % 3
    elif isinstance(slot, Number):
        values[index] = value % slot.highest + 1
    else:
        values[index] = rng.choice([word for word in slot.words if word != value])
    return Action(action.verb, tuple(values))


@pytest.mark.parametrize("game", GAMES)
def test_each_single_wrong_action_is_caught_at_its_step_and_the_rest_replays_right(game):
    rng = random.Random(41)
    caught = single_slips_caught(rounds(game, Mode.TABLE_READY, range(max(len(SEEDS), 120))),
                                 wrong, rng)
    assert caught >= {"break", "deal", "deal-rest", "claim", "collect", "pay", "bank"}


def test_a_wrong_action_leaves_the_state_the_reference_state():
    wrong_actions_keep_the_reference_state(start(HAND, 11, Mode.TABLE_READY), wrong)


@pytest.mark.parametrize(("game", "kinds"), [
    (HAND, {*AT_A_TURN[Variant.CONVENTIONAL], "false-win"}),
    (SIMPLIFIED, {"wrong-end", "false-win"})])
def test_every_incident_occurs_is_caught_when_called_and_missed_when_not(game, kinds):
    seen = incidents_caught_and_missed(rounds(game, Mode.TABLE_READY,
                                              range(max(len(SEEDS), 150))))
    assert seen >= kinds and seen <= {*AT_A_TURN[Variant.CONVENTIONAL], "false-win"}


def test_learn_mode_has_no_incidents_and_the_others_have_them_more_often_in_turn():
    per_mode = {mode: sum(step.incident for r in rounds(HAND, mode, range(100))
                          for step in r.steps) for mode in Mode}
    assert per_mode[Mode.LEARN] == 0
    assert per_mode[Mode.GUIDED] < per_mode[Mode.PRACTICE] < per_mode[Mode.TABLE_READY]


def test_a_tile_from_the_wrong_end_goes_back_and_a_late_kong_is_refused_by_house_readings():
    found = {}
    for round_ in rounds(HAND, Mode.TABLE_READY, range(300)):
        for at, step in enumerate(round_.steps):
            if step.incident and step.expected.values[0] in ("wrong-end", "late-kong"):
                found[step.expected.values[0]] = round_.steps[at + 1]
    assert found["wrong-end"].expected == Action("decide", ("put-back",))
    assert found["wrong-end"].article == HouseInterpretation("HI-MJ-WALL-END")
    assert found["late-kong"].expected == Action("decide", ("refuse",))
    assert found["late-kong"].article == HouseInterpretation("HI-MJ-KONG-TURN")
    assert found["late-kong"].reasons[0].source == Article(Regulation.MAHJONG, 5, "a(5)")


def test_a_seed_and_a_mode_give_the_same_hand():
    assert solve(start(HAND, 7, Mode.PRACTICE)) == solve(start(HAND, 7, Mode.PRACTICE))
    assert solve(start(SIMPLIFIED, 7, Mode.PRACTICE)) != solve(start(HAND, 7, Mode.PRACTICE))


@pytest.mark.parametrize("game", GAMES)
def test_the_view_follows_the_hand_step_by_step(game):
    """The wall and the deal as they go, then at each step the discard the step is about:
    a claim's seat among the calls on it, an incident's seat where it happened."""
    for seed in range(40):
        for mode in (Mode.LEARN, Mode.TABLE_READY):
            round_ = start(game, seed, mode)
            actions, size = solve(round_), len(round_.table.opening.wall)
            first = table_view(round_.table, (), actions[0])
            assert first.wall_left == size and first.broken is None and first.dice
            assert all(seat.concealed == 0 for seat in first.seats.values())
            for k, upcoming in enumerate(actions):
                view = table_view(round_.table, actions[:k], upcoming)
                assert set(view.seats) == set(round_.table.seats)
                if upcoming.verb == "claim" and upcoming.values[0] != "none":
                    assert Wind(upcoming.values[0].upper()) in {c[0] for c in view.calls}
                if upcoming.verb == "call" and upcoming.values[0] in (
                        "chow-out-of-turn", "barred-kong", "false-win"):
                    assert Wind(upcoming.values[1].upper()) in {c[0] for c in view.calls}
                if upcoming.verb == "call" and upcoming.values[0] == "late-kong":
                    assert view.discard[0] == Wind(upcoming.values[1].upper())
            dealt = table_view(round_.table, [a for a in actions
                                              if a.verb in ("break", "deal", "deal-rest")][:-1])
            assert dealt.broken is not None and dealt.wall_left < size
            end = table_view(round_.table, actions)
            assert end.drawn_game is round_.table.drawn_game
