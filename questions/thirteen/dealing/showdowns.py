"""A place and the banker showing their set hands, dealt on purpose for the showdown and
payout questions (Art. 7–10, 9 I).

Level 1: both hands ascend with the 1- and 2-point combinations. Level 2: the big
combinations (fours of a kind, straight flushes, a trio in front) and, three times in
ten, one tier exactly equal on both sides (the banker's, Art. 10). Level 3: naturals on
either side or both, fouls on either side or both, and level 2 hands otherwise.
"""

from __future__ import annotations

import random
from collections import Counter

from questions.thirteen.dealing.deck import Deck, Shape, Shortage, with_retries
from questions.thirteen.dealing.natural_hands import NATURALS
from questions.thirteen.dealing.setting import (
    ABOVE,
    arrangement_from,
    ascending,
    deal_arrangement,
    front_against,
    set_hand,
)
from questions.thirteen.situations import SetHands
from trainer.rules.house import ThirteenRules
from trainer.rules.table import BANKER_PLACE
from trainer.rules.thirteen.arrangement import Arrangement, is_foul
from trainer.rules.thirteen.naturals import Natural, find_natural

PLACES = 4
PLAIN, NATURAL, FOUL = "plain", "natural", "foul"
#: Level 3: (what the player's hand is, what the banker's is), and how often.
LEVEL_3 = {(PLAIN, PLAIN): 34, (NATURAL, PLAIN): 11, (PLAIN, NATURAL): 11,
           (NATURAL, NATURAL): 6, (FOUL, PLAIN): 14, (PLAIN, FOUL): 14, (FOUL, FOUL): 10}
TIED_TIER_SHARE = 0.3


def deal_showdown(rng: random.Random, difficulty: int, rules: ThirteenRules) -> SetHands:
    """``places``, ``banker``, ``place`` and both ``arrangements``, keyed by place."""
    place = rng.randint(2, PLACES)
    kinds = (PLAIN, PLAIN)
    if difficulty == 3:
        kinds = rng.choices(list(LEVEL_3), list(LEVEL_3.values()))[0]
    level = min(difficulty, 2)
    tied = level == 2 and kinds == (PLAIN, PLAIN) and rng.random() < TIED_TIER_SHARE

    def build(rng: random.Random) -> tuple[Arrangement, Arrangement]:
        deck = Deck(rng)
        hands: dict[int, Arrangement] = {}
        dealt: dict[int, tuple[Shape, ...]] = {}
        for side in (0, 1):  # naturals first: they need particular cards
            if kinds[side] == NATURAL:
                natural = rng.choice(tuple(Natural))
                hands[side] = NATURALS[natural](rng, deck, difficulty, rules)
        for side in (0, 1):
            if kinds[side] == NATURAL:
                continue

            def one(rng: random.Random, side: int = side) -> tuple[Arrangement, tuple[Shape, ...]]:
                if tied and side == 1:
                    shapes = _tie_with(rng, level, deck, dealt[0])
                else:
                    shapes = _shapes(rng, level, kinds[side], deck)
                return _plain_or_foul(deck, shapes, kinds[side], rules), shapes

            hands[side], dealt[side] = with_retries(rng, one, 30, inner=True)
        return hands[0], hands[1]

    player, banker = with_retries(rng, build)
    return SetHands(PLACES, BANKER_PLACE, place, {str(BANKER_PLACE): set_hand(banker),
                                                  str(place): set_hand(player)})


def sides(situation: SetHands) -> tuple[Arrangement, Arrangement]:
    """The player's and the banker's arrangements of a showdown situation."""
    arrangements = situation.arrangements
    return (arrangement_from(arrangements[str(situation.place)]),
            arrangement_from(arrangements[str(situation.banker)]))


def _shapes(rng: random.Random, level: int, kind: str, deck: Deck) -> tuple[Shape, ...]:
    if kind == NATURAL:
        return ()  # a natural brings its own cards
    front, middle, back = ascending(rng, level, deck)
    if kind == FOUL:
        if rng.random() < 0.5 and middle.key != back.key:
            return front, back, middle
        planned = Counter(middle.all_ranks + back.all_ranks)
        return front_against(rng, 2, middle, ABOVE, deck, planned), middle, back
    return front, middle, back


def _tie_with(rng: random.Random, level: int, deck: Deck,
              other: tuple[Shape, ...]) -> tuple[Shape, ...]:
    """Ascending shapes with one tier exactly as in ``other`` (dealt again in other suits)."""
    tiers = [i for i, shape in enumerate(other) if shape.repeatable]
    if not tiers:
        raise Shortage
    tier = rng.choice(tiers)
    return ascending(rng, level, deck, {tier: other[tier]})


def _plain_or_foul(deck: Deck, shapes: tuple[Shape, ...], kind: str,
                   rules: ThirteenRules) -> Arrangement:
    arrangement = deal_arrangement(deck, shapes)
    if find_natural(arrangement.cards, rules) is not None:
        raise Shortage  # a natural by accident
    if is_foul(arrangement, rules) != (kind == FOUL):
        raise Shortage
    return arrangement
