"""The table drawn part-way through a 13-card round: what the reference actions done so far
have put on it, and nothing a wrong action typed instead."""

from decimal import Decimal

from trainer.rounds.games import start
from trainer.rounds.modes import Mode
from trainer.rounds.play import RoundPlay
from trainer.rounds.thirteen.view import HAND, table_view
from trainer.rules.table import BANKER_PLACE
from trainer.rules.thirteen.dealing import PLACES

GAME = "thirteen"


def played_until(test, seed=3, mode=Mode.LEARN):
    """A round played right up to and including the first step whose action ``test``
    accepts."""
    played = RoundPlay(start(GAME, seed, mode))
    while True:
        step = played.step
        played.give(step.expected)
        if test(step.expected):
            return played


def view_of(played):
    upcoming = None if played.finished else played.step.expected
    return table_view(played.round.table, played.done(), upcoming)


def test_before_anything_is_done_only_the_bets_are_on_the_table():
    round_ = start(GAME, 3, Mode.LEARN)
    view = table_view(round_.table, ())
    assert dict(view.bets) == dict(round_.table.bets)
    assert view.shaker is None and view.dice is None and view.first is None
    assert not view.dealt and not view.shown and not view.settled and view.asking is None


def test_the_dice_show_once_the_shaker_is_named_and_the_first_place_once_read():
    played = played_until(lambda action: action.verb == "shaker")
    view = view_of(played)
    assert view.shaker == played.done()[-1].values[0]
    assert view.dice == played.round.table.dice and view.first is None
    played.give(played.step.expected)
    assert view_of(played).first == played.done()[-1].values[0]


def test_cards_are_counted_face_down_one_by_one_then_thirteen_each():
    played = played_until(lambda action: action.verb == "deal")
    assert dict(view_of(played).dealt) == {played.done()[-1].values[0]: 1}
    played = played_until(lambda action: action.verb == "deal-rest")
    view = view_of(played)
    assert dict(view.dealt) == dict.fromkeys(range(1, PLACES + 1), HAND)
    assert not view.shown and not view.exposed


def test_the_bankers_hand_shows_once_set_and_each_place_as_the_showdown_reaches_it():
    played = played_until(lambda action: action.verb == "set")
    view = view_of(played)
    assert dict(view.shown) == {BANKER_PLACE: played.round.table.settings[BANKER_PLACE]}
    played.give(played.step.expected)  # the first tier of the first place
    tier = played.done()[-1]
    assert tier.verb == "tier"
    view = view_of(played)
    assert set(view.shown) == {BANKER_PLACE, tier.values[0]}
    assert dict(view.tiers) == {tier.values[0]: {tier.values[1]: tier.values[2]}}


def test_a_wrong_action_leaves_the_table_as_the_right_one_would():
    played = played_until(lambda action: action.verb == "set")
    right = played.step.expected
    played.give(f"tier {right.values[0]} front "
                f"{'player' if right.values[2] == 'banker' else 'banker'}")
    assert dict(view_of(played).tiers) == {right.values[0]: {right.values[1]: right.values[2]}}


def test_money_paid_positive_collected_negative_pushed_apart_and_every_place_ruled():
    played = RoundPlay(start(GAME, 43, Mode.PRACTICE))  # a player wins at place 4
    while not played.finished:
        played.give(played.step.expected)
    view = view_of(played)
    settled = {}
    for action in played.done():
        if action.verb in ("pay", "collect"):
            place, amount = action.values
            settled[place] = Decimal(amount) * (1 if action.verb == "pay" else -1)
    assert dict(view.settled) == settled and any(amount > 0 for amount in settled.values())
    assert set(view.rulings) | view.pushed >= set(settled) and set(view.shown) == {1, 2, 3, 4}


def test_a_misdealt_card_lies_at_the_wrong_place_until_it_is_given_to_its_own():
    played = played_until(lambda action: action.verb == "deal-rest", seed=38,
                          mode=Mode.PRACTICE)  # a card found at place 3, meant for place 4
    happening = played.round.table.happening("misdeal")
    assert happening is not None and happening.place == 3
    assert dict(view_of(played).dealt) == {1: HAND, 2: HAND, 3: HAND + 1, 4: HAND - 1}
    played = played_until(lambda action: action.verb == "give", seed=38, mode=Mode.PRACTICE)
    assert dict(view_of(played).dealt) == dict.fromkeys(range(1, PLACES + 1), HAND)


def test_a_cancelled_deal_takes_every_card_back_before_dealing_again():
    played = played_until(lambda action: str(action) == "decide cancel", seed=43,
                          mode=Mode.PRACTICE)
    assert not view_of(played).dealt
    played.give(played.step.expected)
    assert sum(view_of(played).dealt.values()) == 1


def test_a_card_turned_up_in_the_deal_shows_face_up_at_its_place():
    played = played_until(lambda action: action.verb == "call", seed=24, mode=Mode.PRACTICE)
    call = played.done()[-1]
    assert call.values[0] == "card-exposed"
    happening = played.round.table.happening("card-exposed")
    view = view_of(played)
    assert dict(view.exposed) == {call.values[1]:
                                  played.round.table.deck[happening.at - 1]}


def test_the_place_asking_is_the_incident_called_there_and_none_else():
    played = RoundPlay(start(GAME, 5, Mode.PRACTICE))  # three incidents at places
    seen = []
    while not played.finished:
        upcoming = played.step.expected
        seen.append((upcoming, view_of(played).asking))
        played.give(upcoming)
    calls = [(action, asking) for action, asking in seen if action.verb == "call"]
    assert len(calls) == 3
    for action, asking in seen:
        if action.verb == "call" and len(action.values) == 2:
            assert asking == action.values[1], action
        else:
            assert asking is None, action
