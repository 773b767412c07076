"""The table drawn part-way through a Mahjong Baccarat round: what the reference actions done
so far have put on it, and nothing a wrong action typed instead."""

from decimal import Decimal

from tests.rounds.test_mahjong_baccarat_by_hand import BOTH_ZERO
from trainer.rounds.games import start
from trainer.rounds.mahjong_baccarat import table_round
from trainer.rounds.mahjong_baccarat.view import table_view
from trainer.rounds.modes import Mode
from trainer.rounds.play import RoundPlay, solve
from trainer.rules.house import HouseRules
from trainer.rules.table import BANKER_PLACE


def played_until(verb, seed=3, mode=Mode.LEARN):
    """A round played right up to and including its first ``verb`` step."""
    played = RoundPlay(start("mahjong_baccarat", seed, mode))
    while True:
        step = played.step
        played.give(step.expected)
        if step.expected.verb == verb:
            return played


def test_before_anything_is_done_only_the_capital_and_the_bets_are_on_the_table():
    round_ = start("mahjong_baccarat", 3, Mode.LEARN)
    view = table_view(round_.table, ())
    assert (view.capital, dict(view.bets)) == (round_.table.capital, dict(round_.table.bets))
    assert view.dice is None and view.dealt == () and not view.opened
    assert view.commission is None and view.next_bank is None


def test_the_dice_show_from_the_step_that_reads_them_and_stacks_as_they_are_dealt():
    played = played_until("first", seed=6)  # a round with requests to re-order first
    table, before = played.round.table, played.done()[:-1]
    assert before[-1].verb == "reorder"
    assert table_view(table, before[:-1], before[-1]).dice is None
    assert table_view(table, before, played.done()[-1]).dice == table.dice
    view = table_view(played.round.table, played.done())
    assert view.dice == played.round.table.dice and view.dealt == ()
    played.give(played.step.expected)  # the first stack
    assert table_view(played.round.table, played.done()).dealt == (
        played.done()[-1].values[0],)


def test_opening_a_place_shows_its_tiles_and_the_bankers_and_no_other():
    played = played_until("open")
    place = played.done()[-1].values[0]
    view = table_view(played.round.table, played.done())
    assert set(view.opened) == {BANKER_PLACE, place}
    assert view.opened[place] == played.round.table.hands[place]
    assert len(view.dealt) == 10


def test_a_wrong_action_leaves_the_table_as_the_right_one_would():
    played = played_until("open")
    right = played.step.expected
    played.give("rule 2 banker" if str(right) != "rule 2 banker" else "rule 2 player")
    view = table_view(played.round.table, played.done())
    assert dict(view.rulings) == {right.values[0]: right.values[1]}


def test_money_settled_is_paid_positive_collected_negative_then_commission_and_bank():
    played = RoundPlay(start("mahjong_baccarat", 4, Mode.LEARN))  # nobody joins the bank
    while not played.finished:
        played.give(played.step.expected)
    view = table_view(played.round.table, played.done())
    for step in played.round.steps:
        if step.expected.verb in ("pay", "collect"):
            place, amount = step.expected.values
            sign = 1 if step.expected.verb == "pay" else -1
            assert view.settled[place] == sign * Decimal(amount)
    assert view.commission is not None and view.next_bank == played.round.steps[-1].expected
    assert not view.joined and not view.shares


def test_with_co_bankers_who_joined_and_each_share_said():
    seed = next(s for s in range(100) if (t := start("mahjong_baccarat", s, Mode.LEARN).table)
                .cobank is not None and t.cobank.casino and t.cobank.players)
    played = RoundPlay(start("mahjong_baccarat", seed, Mode.LEARN))
    cobank = played.round.table.cobank
    assert table_view(played.round.table, ()).joined == {0: cobank.casino,
                                                         **dict(cobank.players)}
    while not played.finished:
        played.give(played.step.expected)
    view = table_view(played.round.table, played.done())
    said = {s.expected.values[0] if s.expected.verb == "share" else 0: s.expected.values[-1]
            for s in played.round.steps if s.expected.verb in ("share", "casino")}
    assert dict(view.shares) == said and set(said) == {1, 0, *dict(cobank.players)}
    assert view.commission is None  # each co-banker's share is said net of his commission


def test_the_place_asking_is_the_request_ruled_on_or_the_incident_called_and_none_else():
    played = RoundPlay(start("mahjong_baccarat", 20, Mode.PRACTICE))  # incidents at places
    table, seen = played.round.table, []
    while not played.finished:
        upcoming = played.step.expected
        seen.append((str(upcoming), table_view(table, played.done(), upcoming).asking))
        played.give(upcoming)
    reorders = iter(request.place for request in table.reorders)
    for line, asking in seen:
        verb, *values = line.split()
        if verb == "reorder":
            assert asking == next(reorders), line
        elif verb == "call" and len(values) == 2:
            assert asking == int(values[1]), line
        else:
            assert asking is None, line
    assert any(line.startswith("call tile-exposed") for line, _ in seen)


def test_a_tile_turned_up_in_the_deal_lies_face_up_from_its_stack_until_its_place_opens():
    round_ = table_round(BOTH_ZERO, 0, Mode.PRACTICE, HouseRules())
    actions = solve(round_)
    texts = [str(action) for action in actions]
    turned = BOTH_ZERO.hands[5][0]  # the first tile of place 5's stack, the second dealt

    def exposed_before(line: str) -> dict[int, object]:
        at = texts.index(line)
        return dict(table_view(BOTH_ZERO, actions[:at], actions[at]).exposed)

    assert exposed_before("deal 5") == {}  # its stack is not dealt yet
    assert exposed_before("call tile-exposed 5") == {5: turned}
    assert exposed_before("open 5") == {5: turned}
    assert exposed_before("rule 5 banker") == {}  # opened: both tiles face up
    assert table_view(BOTH_ZERO, actions[:texts.index("rule 5 banker")]).opened[5] == \
        BOTH_ZERO.hands[5]
