"""Why the wall breaks where it does and how the deal goes (Portaria 135/91/M, Art. 3;
HI-WALL, HI-DEAL): the reasons a question on the wall and a table round give alike.

- :func:`break_reasons` — the dice total picks the wall, so many stacks are set apart, and
  where the banker's first stack lies (HI-WALL when the count runs on into the next wall);
- :func:`deal_reasons` — who takes how many, in which order, and the banker's jump.
"""

from __future__ import annotations

from collections.abc import Sequence

from i18n import N_, Message, listing
from trainer.rules.mahjong.hands.tiles import Variant, Wind
from trainer.rules.mahjong.play.claim_reasons import seat_label
from trainer.rules.mahjong.play.payments import small_table, table
from trainer.rules.mahjong.play.wall import STACKS, WALL_ORDER, break_wall, deal_positions
from trainer.rules.regulations import Article, HouseInterpretation, Reason, Regulation

HI_WALL = HouseInterpretation("HI-WALL")
HI_DEAL = HouseInterpretation("HI-DEAL")
_WALLS = {Wind.EAST: N_("East's wall"), Wind.SOUTH: N_("South's wall"),
          Wind.WEST: N_("West's wall"), Wind.NORTH: N_("North's wall")}


def art_3(variant: Variant) -> Article:
    return Article(Regulation.MAHJONG, 3, "a" if variant is Variant.CONVENTIONAL else "b")


def wall_label(wall: Wind | str) -> Message:
    return Message.of(_WALLS[Wind(wall)])


def place_in_wall(index: int, variant: Variant) -> tuple[Wind, int, str]:
    """(wall, stack from its right end, layer "top"/"bottom") of a place in the core's
    drawing order (:mod:`trainer.rules.mahjong.play.wall`)."""
    per_wall = 2 * STACKS[variant]
    return (WALL_ORDER[index // per_wall], index % per_wall // 2 + 1,
            "top" if index % 2 == 0 else "bottom")


def first_stack(total: int, variant: Variant) -> tuple[Wind, int]:
    """The wall and the stack (from its right end) the banker takes first."""
    wall, stack, _layer = place_in_wall(deal_positions(total, variant).hands[Wind.EAST][0],
                                        variant)
    return wall, stack


def break_reasons(total: int, variant: Variant) -> tuple[Reason, ...]:
    """The dice total picks the wall, the stacks set apart, and where the deal starts."""
    wall, apart = break_wall(total, variant)
    reasons = [Reason(Message.of(
        N_("The dice total {total}: counting {total} seats counterclockwise from the "
           "banker as 1 picks {wall}."), total=total, wall=wall_label(wall)), art_3(variant)),
        Reason(Message.of(
            N_("From the right end of that wall the banker sets {total} stacks apart; the "
               "deal starts with the next stack."), total=total), art_3(variant))]
    if apart >= STACKS[variant]:
        start, stack = first_stack(total, variant)
        reasons.append(Reason(Message.of(
            N_("The wall has only {stacks} stacks: the count runs on into {next}, whose "
               "stack {stack} the banker takes first."),
            stacks=STACKS[variant], next=wall_label(start), stack=stack), HI_WALL))
    return tuple(reasons)


def deal_reasons(variant: Variant, players: Sequence[Wind] | None = None) -> tuple[Reason, ...]:
    """Who takes how many tiles, in which order; the banker's jump (conventional)."""
    seats = table(variant, players)
    if variant is Variant.SIMPLIFIED:
        if len(seats) < 4:
            return (*small_table(seats, variant), Reason(Message.of(N_(
                "Each player present takes one stack in turn from the banker ({order}), "
                "twice; then the banker takes one more tile."),
                order=listing([seat_label(seat) for seat in seats])), art_3(variant)))
        return (Reason(Message.of(N_(
            "Each takes one stack in turn, East, South, West, North, twice; then the banker "
            "takes one more tile.")), art_3(variant)),)
    return (Reason(Message.of(N_(
        "Each takes two stacks in turn, East, South, West, North, three times; then the "
        "banker takes two more tiles and each of the others one.")), art_3(variant)),
        Reason(Message.of(N_(
            "The banker's jump: he takes the top tiles of the first and third stacks ahead, "
            "South the bottom of the first, West the top and North the bottom of the "
            "second.")), HI_DEAL))
