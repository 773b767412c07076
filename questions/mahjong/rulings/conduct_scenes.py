"""Scenes at a Mah-Jong table for the conduct questions: who did what, and when.

Each scene is dealt into its fields of a :class:`~questions.mahjong.situation.SceneAtTable`
(``deal_<scene>``) and told in words (``tell_<scene>``); the ruling is always the rules
core's (:mod:`questions.mahjong.rulings.conduct`). Seats are winds ("E" is the banker, Art. 3);
``players`` lists the seats of a simplified table of 2 or 3 (Art. 3 (b)), absent for four.
"""

from __future__ import annotations

import random
from dataclasses import replace
from decimal import Decimal

from i18n import N_, Message, Money, listing
from questions.mahjong.payments import BANKER, form_label, grade_label, seat_label
from questions.mahjong.rulings.liability_cases import nulo_hand
from questions.mahjong.situation import SceneAtTable, When, tiles_text
from questions.situation import present
from trainer.rules.house import HouseRules
from trainer.rules.mahjong.hands.tiles import Variant, Wind, format_tiles
from trainer.rules.mahjong.play.conduct import KongKind, Moment
from trainer.rules.mahjong.play.games import Start
from trainer.rules.mahjong.play.payments import others, settle

CHIP = Decimal("10")
#: When a pung call was withdrawn (this game twice as often) or another's tiles seen.
_WITHDREW: tuple[When, ...] = ("this", "this", "earlier")
_SAW: tuple[When, ...] = ("this", "earlier")


def _tile(rng: random.Random, variant: Variant, avoid: tuple[int, ...] = ()) -> int:
    return rng.choice([k for k in variant.kinds if k not in avoid])


def _suited(rng: random.Random) -> int:
    """A suit tile that can be the middle of a chow (2–8)."""
    return rng.choice([t for t in range(27) if 1 <= t % 9 <= 7])


def deal_take_back(rng: random.Random, s: SceneAtTable) -> SceneAtTable:
    tile = _tile(rng, s.variant)
    return replace(s, seat=rng.choice(s.seats()), tile=format_tiles([tile]),
                   instead=format_tiles([_tile(rng, s.variant, (tile,))]))


def tell_take_back(s: SceneAtTable) -> Message:
    return Message.of(N_("{form}: {seat} discards {tile}, then at once asks to take it back "
                         "and discard {other} instead. What is the ruling?"),
                      form=form_of(s), seat=seat_label(present(s.seat)),
                      tile=tiles_text(present(s.tile)), other=tiles_text(present(s.instead)))


def deal_win(rng: random.Random, s: SceneAtTable) -> SceneAtTable:
    seat = rng.choice(s.seats())
    called = _tile(rng, s.variant)
    return replace(s, seat=seat, withdrew=rng.choice(_WITHDREW),
                   called=format_tiles([called]), winning=format_tiles([_tile(rng, s.variant)]),
                   self_drawn=rng.random() < 0.5, discarder=rng.choice(others(seat, s.seats())))


def tell_win(s: SceneAtTable) -> Message:
    before = (N_("{form}: Earlier in this game, {seat} called pung on {tile} and then withdrew "
                 "the call.") if s.withdrew == "this" else
              N_("{form}: In the previous game, {seat} called pung on {tile} and then withdrew "
                 "the call."))
    text = Message.of(before, form=form_of(s), seat=seat_label(present(s.seat)),
                      tile=tiles_text(present(s.called)))
    if s.self_drawn:
        now = Message.of(N_("Now he draws {tile}, which completes his hand, and he declares a "
                            "win. May he win?"), tile=tiles_text(present(s.winning)))
    else:
        now = Message.of(N_("Now {discarder} discards {tile}; it completes the hand of "
                            "{seat}, who declares a win on it. May he win?"),
                         discarder=seat_label(present(s.discarder)),
                         seat=seat_label(present(s.seat)), tile=tiles_text(present(s.winning)))
    return Message.of(N_("{text} {more}"), text=text, more=now)


def deal_kong(rng: random.Random, s: SceneAtTable) -> SceneAtTable:
    variant, seats = s.variant, s.seats()
    seat = rng.choice(seats)
    kinds = [KongKind.OPEN, KongKind.CONCEALED]
    if variant is Variant.CONVENTIONAL:
        kinds.append(KongKind.ADDED)
    return replace(s, seat=seat, kind=rng.choice(kinds), saw=rng.choice(_SAW),
                   other=rng.choice(others(seat, seats)),
                   discarder=rng.choice(others(seat, seats)),
                   tile=format_tiles([_tile(rng, variant)]))


def tell_kong(s: SceneAtTable) -> Message:
    form, seat = form_of(s), seat_label(present(s.seat))
    tile = tiles_text(present(s.tile))
    text = Message.of(N_("{form}: Earlier in this game, {seat} saw the tiles of {other} "
                         "by accident.") if s.saw == "this" else
                      N_("{form}: In the previous game, {seat} saw the tiles of {other} "
                         "by accident."), form=form, seat=seat,
                      other=seat_label(present(s.other)))
    now = {KongKind.OPEN: N_("Now he holds three {tile} and {seat} discards the fourth; he "
                             "calls kong."),
           KongKind.CONCEALED: N_("Now he draws the fourth {tile} to the three in his hand and "
                                  "wants to declare a kong."),
           KongKind.ADDED: N_("Now he draws the fourth {tile} to his pung of them on view and "
                              "wants to make it a kong.")}[present(s.kind)]
    more = Message.of(now, tile=tile, seat=seat_label(present(s.discarder)))
    return Message.of(N_("{text} {more} What is the ruling?"), text=text, more=more)


def deal_chow(rng: random.Random, s: SceneAtTable) -> SceneAtTable:
    discarder = rng.choice(s.seats())
    tile = _suited(rng)
    low = rng.choice((tile - 2, tile - 1, tile)) if 2 <= tile % 9 <= 6 else tile - 1
    held = [t for t in (low, low + 1, low + 2) if t != tile]
    return replace(s, discarder=discarder, seat=others(discarder, s.seats())[0],
                   tile=format_tiles([tile]), held=format_tiles(held))


def tell_chow(s: SceneAtTable) -> Message:
    text = (N_("{form}: {discarder} discards {tile}; {seat}, the next to play, takes it for a "
               "chow with his {held}. What must he do now?")
            if s.variant is Variant.CONVENTIONAL else
            N_("{form}: {discarder} discards {tile}; {seat}, the next to play, holds {held} "
               "and wants to take it for a chow. What is the ruling?"))
    return Message.of(text, form=form_of(s), discarder=seat_label(present(s.discarder)),
                      seat=seat_label(present(s.seat)), tile=tiles_text(present(s.tile)),
                      held=tiles_text(present(s.held)))


def deal_exposure(rng: random.Random, s: SceneAtTable) -> SceneAtTable:
    seat = rng.choice(s.seats())
    tile = _tile(rng, s.variant)
    wrong = _tile(rng, s.variant, (tile,))
    return replace(s, seat=seat, discarder=rng.choice(others(seat, s.seats())),
                   tile=format_tiles([tile]), wrong=format_tiles([wrong, wrong]),
                   moment=rng.choice(list(Moment)))


def tell_exposure(s: SceneAtTable) -> Message:
    text = Message.of(N_("{form}: {seat} calls pung on {tile}, discarded by {discarder}, but "
                         "lays it open with {wrong} from his hand."),
                      form=form_of(s), seat=seat_label(present(s.seat)),
                      discarder=seat_label(present(s.discarder)),
                      tile=tiles_text(present(s.tile)), wrong=tiles_text(present(s.wrong)))
    more = Message.of({Moment.BEFORE_DRAW: N_("He notices before his next turn to draw and asks "
                                              "to put it right."),
                       Moment.AFTER_DRAW: N_("He notices only after his next draw and asks to "
                                             "put it right."),
                       Moment.DECLARED_WIN: N_("He does not put it right, and later in the game "
                                               "he declares a win.")}[present(s.moment)])
    return Message.of(N_("{text} {more} What is the ruling?"), text=text, more=more)


def deal_false_win(rng: random.Random, s: SceneAtTable) -> SceneAtTable:
    declarer = BANKER if rng.random() < 0.35 else rng.choice(s.seats())
    return replace(s, seat=declarer, tiles=format_tiles(sorted(nulo_hand(rng, s.variant))))


def tell_false_win(s: SceneAtTable) -> Message:
    return Message.of(N_("{form}: {seat} declares a win and lays down {tiles}. What is the "
                         "ruling?"), form=form_of(s), seat=seat_label(present(s.seat)),
                      tiles=tiles_text(present(s.tiles)))


def deal_capital(rng: random.Random, s: SceneAtTable, rules: HouseRules) -> SceneAtTable:
    variant, seats = s.variant, s.seats()
    winner = rng.choice(seats)
    fan = rng.randint(0, 2 if variant is Variant.CONVENTIONAL else 1)
    paid = settle(winner, fan, BANKER, rules=rules, variant=variant, players=seats)
    total = sum((t.amount for t in paid.transfers), Decimal("0"))
    if rng.random() < 0.6:  # the capital bites: below the total, in chips
        capital = CHIP * rng.randint(1, max(1, int(total / CHIP) - 1))
    else:
        capital = total + CHIP * rng.randint(0, 10)
    return replace(s, seat=winner, fan=fan, capital=capital)


def tell_capital(s: SceneAtTable) -> Message:
    return Message.of(N_("{form}: {seat} wins with a hand of {grade}; his capital in play is "
                         "{capital}. What does he receive?"), form=form_of(s),
                      seat=seat_label(present(s.seat)), grade=grade_label(present(s.fan)),
                      capital=Money(present(s.capital)))


def deal_first_win(rng: random.Random, s: SceneAtTable) -> SceneAtTable:
    seats = s.seats()
    start = rng.choice((*Start, Start.DEALT, Start.BANKER_FIRST_DISCARD))
    winner = BANKER if start is Start.DEALT else rng.choice(seats[1:])
    discarder = rng.choice([s for s in seats[1:] if s is not winner] or [BANKER])
    if start is Start.OTHER_FIRST_DISCARD and discarder is BANKER:
        start = Start.BANKER_LATER_DISCARD
    return replace(s, start=start, seat=winner, discarder=discarder,
                   tile=format_tiles([_tile(rng, s.variant)]))


def tell_first_win(s: SceneAtTable) -> Message:
    text = {Start.DEALT: N_("{form}: The tiles dealt to {banker} make a complete hand before "
                            "he discards any."),
            Start.BANKER_FIRST_DISCARD: N_("{form}: {banker} makes the game's first discard, "
                                           "{tile}; {seat} completes his hand with it and "
                                           "declares a win."),
            Start.BANKER_LATER_DISCARD: N_("{form}: On his third turn {banker} discards {tile}; "
                                           "{seat} completes his hand with it and declares a "
                                           "win."),
            Start.OTHER_FIRST_DISCARD: N_("{form}: After the banker's first discard, {other} "
                                          "makes his own first discard, {tile}; {seat} "
                                          "completes his hand with it and declares a win."),
            Start.FIRST_DRAW: N_("{form}: The first tile {seat} draws, {tile}, completes his "
                                 "hand, and he declares a win.")}[present(s.start)]
    told = Message.of(text, form=form_of(s), banker=seat_label(BANKER),
                      seat=seat_label(present(s.seat)), other=seat_label(present(s.discarder)),
                      tile=tiles_text(present(s.tile)))
    return Message.of(N_("{text} Which win is it?"), text=told)


ROUNDS = (Wind.EAST, Wind.SOUTH, Wind.WEST, Wind.NORTH)


def deal_bank(rng: random.Random, s: SceneAtTable) -> SceneAtTable:
    round_wind = rng.choice(ROUNDS)
    game = rng.randint(1, 3 if round_wind is Wind.NORTH else 4)
    roll = rng.random()
    winner = None if roll < 0.25 else BANKER if roll < 0.5 else rng.choice(s.seats()[1:])
    return replace(s, round=round_wind, game=ROUNDS.index(round_wind) * 4 + game, winner=winner)


#: A round by its wind, as the text names it ("roda Este"): not the seat of that wind.
ROUND_NAMES = {Wind.EAST: N_("the East round"), Wind.SOUTH: N_("the South round"),
               Wind.WEST: N_("the West round"), Wind.NORTH: N_("the North round")}


def tell_bank(s: SceneAtTable) -> Message:
    text = Message.of(N_("{form}: {round}, its game {game} of four; {banker} holds the bank."),
                      form=form_of(s), round=Message.of(ROUND_NAMES[present(s.round)]),
                      game=(present(s.game) - 1) % 4 + 1, banker=seat_label(BANKER))
    if s.winner is None:
        more = Message.of(N_("The wall runs out and nobody wins."))
    else:
        more = Message.of(N_("{seat} wins."), seat=seat_label(s.winner))
    return Message.of(N_("{text} {more} Who holds the bank in the next game?"), text=text,
                      more=more)


def form_of(s: SceneAtTable) -> Message:
    """The form played, and who is at a simplified table of 2 or 3 (Art. 3 (b))."""
    if not s.players:
        return form_label(s.variant)
    return Message.of(N_("{form}, only {seats} at the table"), form=form_label(s.variant),
                      seats=listing([seat_label(p) for p in s.players]))
