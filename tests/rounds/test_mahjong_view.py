"""The Mah-Jong table drawn part-way through a scene: what the reference actions done so far
have put on it — the discard on the table, the set a claim laid open, the win laid open, its
fán, 包 and each payment — and nothing a wrong action typed instead."""

from decimal import Decimal

from trainer.rounds.games import start
from trainer.rounds.mahjong.view import table_view
from trainer.rounds.modes import Mode
from trainer.rounds.play import RoundPlay
from trainer.rules.mahjong.hands.tiles import Wind

GAME = "mahjong"
SEEDS = range(60)


def view_of(played):
    upcoming = None if played.finished else played.step.expected
    return table_view(played.round.table, played.done(), upcoming)


def played_until(test, mode=Mode.LEARN):
    """The first scene (by seed) with a step whose action ``test`` accepts, played up to
    and including it."""
    for seed in SEEDS:
        played = RoundPlay(start(GAME, seed, mode))
        while not played.finished:
            action = played.step.expected
            played.give(action)
            if test(action):
                return played
    raise AssertionError("no scene has such a step")


def test_the_scene_opens_on_its_first_discard_with_every_hand_face_down():
    for seed in range(10):
        round_ = start(GAME, seed, Mode.LEARN)
        view = table_view(round_.table, (), round_.steps[0].expected)
        if not round_.table.discards:
            assert view.discard is None and round_.table.self_drawn
            continue
        first = round_.table.discards[0]
        assert view.discard == (first.discarder, first.tile)
        assert not view.ruled and view.winner is None and not view.settled
        assert all(seat.laid_open is None for seat in view.seats.values())
        assert {seat: view.seats[seat].concealed for seat in Wind} == {
            seat: len(hand.concealed) for seat, hand in first.hands.items()}


def test_a_set_claimed_is_laid_open_with_the_discard():
    played = played_until(lambda action: action.verb == "claim" and len(action.values) > 1
                          and action.values[1] in ("pung", "chow"))
    claim = played.done()[-1]
    seat = Wind(claim.values[0].upper())
    discard = played.round.table.discards[sum(a.verb == "claim" for a in played.done()) - 1]
    view = table_view(played.round.table, played.done())
    assert view.ruled and view.claimed == (seat, claim.values[1])
    assert len(view.seats[seat].melds) == len(discard.hands[seat].melds) + 1
    assert discard.tile in view.seats[seat].melds[-1]
    assert view.seats[seat].concealed == len(discard.hands[seat].concealed) - 2


def test_the_next_discard_lies_on_the_table_once_its_step_comes():
    played = played_until(lambda action: action.verb == "claim" and action.values[0] == "none")
    if played.step.expected.verb in ("claim", "call") and \
            played.step.expected.values[0] != "wrong-exposure":
        at = sum(action.verb == "claim" for action in played.done())
        nxt = played.round.table.discards[at]
        assert view_of(played).discard == (nxt.discarder, nxt.tile)
        assert not view_of(played).ruled


def test_the_win_is_laid_open_then_its_fan_liability_and_payments_show():
    played = played_until(lambda action: action.verb == "liable" and action.values[0] != "none")
    table = played.round.table
    view = view_of(played)
    assert view.winner == table.winner and view.liable == Wind(played.done()[-1].values[0].upper())
    assert view.fan == next(a.values[0] for a in played.done() if a.verb == "fan")
    assert view.seats[table.winner].laid_open[-1] == table.winning_tile
    while not played.finished:
        played.give(played.step.expected)
    view = view_of(played)
    settled = dict(view.settled)
    assert sum(settled.values()) == 0 and settled[table.winner] > 0
    assert view.commission is not None and view.next_bank is not None


def test_a_false_win_lays_the_declarers_tiles_open_and_no_win_shows():
    played = played_until(lambda action: action.verb == "call" and action.values[0] == "false-win",
                          Mode.PRACTICE)
    seat = Wind(played.done()[-1].values[1].upper())
    view = view_of(played)
    last = played.round.table.discards[-1]
    assert view.false_win == seat and view.winner is None
    assert view.seats[seat].laid_open == (*last.hands[seat].concealed, last.tile)


def test_a_wrong_action_typed_changes_nothing_on_the_table():
    wrong, right = (RoundPlay(start(GAME, 5, Mode.TABLE_READY)) for _ in range(2))
    wrong.give("bank n")
    right.give(right.step.expected)
    assert not wrong.verdicts[-1].correct
    assert view_of(wrong) == view_of(right)


def test_every_scene_has_a_view_at_every_step_and_money_adds_to_nothing():
    for mode in Mode:
        for seed in SEEDS:
            played = RoundPlay(start(GAME, seed, mode))
            while not played.finished:
                view_of(played)
                played.give(played.step.expected)
            settled = view_of(played).settled
            assert sum(settled.values(), Decimal(0)) == 0
