"""The opening of a whole Mah-Jong hand, step by step (Portaria 135/91/M, Art. 3; HI-WALL,
HI-DEAL): the wall broken where the banker's dice say, then the deal — each player present
takes his first tiles in turn (one step each: who, and how many), the rest of the rounds go
the same way (``deal-rest``), and the last tiles (the banker's jump in the conventional form).

Everything from the rules core's wall (:mod:`trainer.rules.mahjong.play.wall`,
:mod:`trainer.rules.mahjong.play.wall_reasons`), never worked out here a second time.
"""

from __future__ import annotations

from collections.abc import Iterator

from i18n import N_, Message
from trainer.rounds.actions import Action
from trainer.rounds.mahjong.table import MahjongTable, Opening
from trainer.rounds.mahjong.words import seat_word
from trainer.rounds.play import Step
from trainer.rules.mahjong.hands.tiles import Variant, Wind
from trainer.rules.mahjong.play.claim_reasons import seat_label
from trainer.rules.mahjong.play.wall import STACKS
from trainer.rules.mahjong.play.wall_reasons import (
    art_3,
    break_reasons,
    deal_reasons,
    first_stack,
    wall_label,
)

#: Tiles taken at each turn of the deal's rounds (two stacks, or one), by form.
PER_TURN = {Variant.CONVENTIONAL: 4, Variant.SIMPLIFIED: 2}


def last_tiles(variant: Variant, seat: Wind) -> int:
    """How many tiles a seat takes after the rounds of the deal: the banker's jump takes two
    (conventional) or one (simplified); each other player one (conventional) or none."""
    if variant is Variant.CONVENTIONAL:
        return 2 if seat is Wind.EAST else 1
    return 1 if seat is Wind.EAST else 0


def _said(table: MahjongTable) -> Message:
    variant = table.variant
    form = (N_("Conventional Mah-Jong, four players.") if variant is Variant.CONVENTIONAL
            else N_("Simplified Mah-Jong, {count} players."))
    return Message.of(N_(
        "{form} Game {game} of the {wind} round; East is the banker. The wall is built: four "
        "double rows of {stacks} stacks. The banker throws the dice: {dice}."),
        form=Message.of(form, count=len(table.seats)), game=table.game,
        wind=seat_label(table.round_wind), stacks=STACKS[variant],
        dice=" + ".join(str(d) for d in _opening(table).dice))


def _opening(table: MahjongTable) -> Opening:
    assert table.opening is not None, "a scene has no opening"
    return table.opening


def opening_steps(table: MahjongTable) -> Iterator[Step]:
    """Break the wall, then the deal."""
    variant, total = table.variant, _opening(table).total
    wall, stack = first_stack(total, variant)
    reasons = break_reasons(total, variant)
    yield Step(Action("break", (seat_word(wall), stack)),
               Message.of(N_("Break the wall: the wall and the stack the deal starts with")),
               reasons, reasons[-1].source, _said(table))
    dealt = deal_reasons(variant, table.seats)
    for seat in table.seats:
        yield Step(Action("deal", (seat_word(seat), PER_TURN[variant])),
                   Message.of(N_("Deal: who takes tiles next, and how many")), dealt,
                   art_3(variant), None if seat is not Wind.EAST else Message.of(
                       N_("The deal starts at {wall}, stack {stack}."), wall=wall_label(wall),
                       stack=stack))
    yield Step(Action("deal-rest", ()), Message.of(N_("Deal the other rounds the same way")),
               dealt, art_3(variant))
    for seat in table.seats:
        count = last_tiles(variant, seat)
        if count:
            yield Step(Action("deal", (seat_word(seat), count)),
                       Message.of(N_("Deal the last tiles: who takes, and how many")), dealt,
                       dealt[-1].source)
