"""Mah-Jong: breaking the wall with the dice, and where each tile of the deal comes from.

Art. 3 of Portaria 135/91/M: the banker (East) throws the dice — three in the conventional
form (4 walls of 17 stacks), two in the simplified form (4 walls of 14). The total, counted
from the banker counterclockwise, picks the wall; from its right end the banker sets that
many stacks apart and the deal starts with the next stack, moving left along the wall and
on into the next wall. HI-WALL: a total larger than the stacks left runs on into the next
wall. HI-DEAL: the conventional deal ends with the banker's jump.

Situation (:class:`.situation.WallBroken`): ``variant``, ``banker`` ("E"), ``dice`` (ints),
``ask`` and what it needs: ``"wall"`` (level 1: which wall is broken), ``"first_stack"`` /
``"left"`` (level 2: the banker's first stack counted from the right end of the broken wall
/ the stacks of that wall left after the break), ``"owner"`` with ``wall``, ``stack``,
``layer`` ("top"/"bottom"; level 3: which seat is dealt that tile) or ``"source"`` with
``seat`` and ``tile`` (level 3: from whose wall that seat's tile number ``tile`` comes).
Answers are seat winds "E" "S" "W" "N" (walls are named by the seat they lie before) or
stack numbers.
"""

from __future__ import annotations

import random
from typing import Any, cast

from i18n import N_, Message
from questions.answers import read_choice
from questions.mahjong.payments import BANKER, form_label, pick_variant, seat_label
from questions.mahjong.situation import Layer, WallAsk, WallBroken
from questions.model import AnswerForm, AnswerKind, Option, Question
from questions.situation import present
from questions.skill import Skill, Solution
from trainer.rules.house import HouseRules
from trainer.rules.mahjong.hands.tiles import Variant, Wind
from trainer.rules.mahjong.play.wall import DICE, STACKS, WALL_ORDER, break_wall, deal_positions
from trainer.rules.mahjong.play.wall_reasons import (
    art_3,
    break_reasons,
    deal_reasons,
    place_in_wall,
    wall_label,
)
from trainer.rules.regulations import Reason

#: What a level-2 question asks of the stacks.
_STACK_ASKS: tuple[WallAsk, ...] = ("first_stack", "left")


def index_of(wall: Wind, stack: int, layer: str, variant: Variant) -> int:
    return (WALL_ORDER.index(wall) * STACKS[variant] + stack - 1) * 2 + (layer == "bottom")


def _dice_for(rng: random.Random, variant: Variant, seat: int | None,
              most: int | None = None) -> list[int]:
    """Dice of ``variant``; when ``seat`` (0–3) is given, a total that picks that seat's wall.

    ``most`` caps the total (the largest die is lowered until it fits).
    """
    dice = [rng.randint(1, 6) for _ in range(DICE[variant])]
    if seat is not None:
        rest = sum(dice[:-1])
        dice[-1] = rng.choice([d for d in range(1, 7) if (rest + d - 1) % 4 == seat])
    while most is not None and sum(dice) > most:
        dice[dice.index(max(dice))] -= 4  # keeps the wall picked
    return dice


class BreakingTheWall(Skill[WallBroken]):
    id = "mahjong.wall"
    title = Message.of(N_("Mah-Jong: breaking the wall and the deal"))
    situation_type = WallBroken

    def deal(self, rng: random.Random, difficulty: int, rules: HouseRules) -> WallBroken:
        variant = pick_variant(rng)
        if difficulty == 1:
            dice = _dice_for(rng, variant, rng.randrange(4))
            return WallBroken(variant, BANKER, tuple(dice), "wall")
        if difficulty == 2:
            dice = _dice_for(rng, variant, rng.randrange(4), most=STACKS[variant] - 1)
            return WallBroken(variant, BANKER, tuple(dice), rng.choice(_STACK_ASKS))
        return _deal_level_3(rng, variant)

    def prompt(self, situation: WallBroken, difficulty: int) -> Message:
        variant = situation.variant
        dice = " + ".join(str(d) for d in situation.dice)
        ask = situation.ask
        if ask == "wall":
            question = Message.of(N_("Which wall is broken?"))
        elif ask == "first_stack":
            question = Message.of(N_("Counting the stacks of the broken wall from its right "
                                     "end, which stack does the banker take first?"))
        elif ask == "left":
            question = Message.of(N_("How many stacks of the broken wall are left for the "
                                     "deal after the banker sets his stacks apart?"))
        elif ask == "owner":
            question = Message.of(
                N_("Who is dealt the {layer} tile of stack {stack} of {wall}, counting the "
                   "stacks from the wall's right end?"),
                layer=_layer_label(present(situation.layer)), stack=situation.stack,
                wall=wall_label(present(situation.wall)))
        else:
            question = Message.of(N_("From whose wall does {seat} take tile number {tile} "
                                     "of his deal?"),
                                  seat=seat_label(present(situation.seat)), tile=situation.tile)
        return Message.of(N_("{form}: the banker throws the dice and they show {dice}. "
                             "{question}"),
                          form=form_label(variant), dice=dice, question=question)

    def form(self, situation: WallBroken) -> AnswerForm:
        ask = situation.ask
        if ask in ("first_stack", "left"):
            stacks = STACKS[situation.variant]
            numbers = range(1, stacks + 1) if ask == "first_stack" else range(stacks)
            return AnswerForm(AnswerKind.CHOICE, tuple(
                Option(n, Message.of(N_("{count}"), count=n)) for n in numbers))
        label = seat_label if ask == "owner" else wall_label
        return AnswerForm(AnswerKind.CHOICE, tuple(Option(w.value, label(w)) for w in Wind))

    def read(self, question: Question, answer: Any) -> int | str:
        if isinstance(answer, Wind):
            answer = answer.value
        return read_choice(question, answer)

    def solve(self, question: Question) -> Solution:
        s = self.dealt(question)
        variant = s.variant
        total = sum(s.dice)
        wall, apart = break_wall(total, variant)
        stacks = STACKS[variant]
        reasons = list(break_reasons(total, variant))
        ask = s.ask
        if ask == "wall":
            return Solution(wall.value, wall_label(wall), tuple(reasons[:1]))
        places = deal_positions(total, variant)
        first_stack = place_in_wall(places.hands[Wind.EAST][0], variant)[1]
        if ask == "first_stack":
            return Solution(first_stack, Message.of(N_("Stack {stack}"), stack=first_stack),
                            tuple(reasons))
        if ask == "left":
            left = stacks - apart
            reasons.append(Reason(Message.of(N_("{stacks} stacks less {total} leave {left}."),
                                             stacks=stacks, total=total, left=left),
                                  art_3(variant)))
            return Solution(left, Message.of(N_("{count}"), count=left), tuple(reasons))
        reasons += deal_reasons(variant)
        if ask == "owner":
            spot = index_of(present(s.wall), present(s.stack), present(s.layer), variant)
            seat = next(seat for seat, spots in places.hands.items() if spot in spots)
            reasons.append(_tile_reason(places.hands[seat], spot, seat, variant))
            return Solution(seat.value, seat_label(seat), tuple(reasons))
        seat, tile = present(s.seat), present(s.tile)
        spot = places.hands[seat][tile - 1]
        reasons.append(_tile_reason(places.hands[seat], spot, seat, variant))
        source = place_in_wall(spot, variant)[0]
        return Solution(source.value, wall_label(source), tuple(reasons))


def _layer_label(layer: str) -> Message:
    return Message.of(N_("top") if layer == "top" else N_("bottom"))


def _tile_reason(spots: tuple[int, ...], spot: int, seat: Wind, variant: Variant) -> Reason:
    wall, stack, layer = place_in_wall(spot, variant)
    return Reason(Message.of(
        N_("{seat} is dealt the {layer} tile of stack {stack} of {wall} as tile number {tile} "
           "of his deal."), seat=seat_label(seat), layer=_layer_label(layer), stack=stack,
        wall=wall_label(wall), tile=spots.index(spot) + 1), art_3(variant))


def _deal_level_3(rng: random.Random, variant: Variant) -> WallBroken:
    """A tile of the deal: which seat gets it, or from whose wall a seat's tile comes.

    Three in ten conventional questions throw 17 or 18, when the count runs on into the
    next wall (HI-WALL), and then often ask where the banker's first tiles come from; four
    in ten of the others point at the last tiles of a hand (the banker's jump, HI-DEAL).
    """
    over = variant is Variant.CONVENTIONAL and rng.random() < 0.3
    dice = [6, 6, rng.choice((5, 6))] if over else _dice_for(rng, variant, None)
    rng.shuffle(dice)
    hands = deal_positions(sum(dice), variant).hands
    seat = rng.choice(list(Wind))
    jump = 2 if seat is Wind.EAST else 1  # how many of the seat's last tiles the jump gives
    late = rng.random() < 0.4
    if over and rng.random() < 0.4:
        return WallBroken(variant, BANKER, tuple(dice), "source", seat=Wind.EAST,
                          tile=rng.randint(1, 4))
    if rng.random() < 0.5:
        tile = len(hands[seat]) - rng.randrange(jump) if late else (
            rng.randint(1, len(hands[seat])))
        return WallBroken(variant, BANKER, tuple(dice), "source", seat=seat, tile=tile)
    spot = hands[seat][-1 - rng.randrange(jump)] if late else rng.choice(hands[seat])
    wall, stack, layer = place_in_wall(spot, variant)
    return WallBroken(variant, BANKER, tuple(dice), "owner", wall=wall, stack=stack,
                      layer=cast(Layer, layer))
