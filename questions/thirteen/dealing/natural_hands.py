"""13 cards built to be each natural, and near misses that are none (Art. 9 I).

Every builder takes its cards from a :class:`Deck` and checks its work with the core's
``find_natural`` (raising :class:`Shortage` to be tried again when the cards came out as
something else), so the intended natural is the one the core finds.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from questions.thirteen.dealing.deck import ACE, RANKS, SUITS, Deck, Shortage, distinct, sequence
from trainer.rules.cards import Card
from trainer.rules.house import ThirteenRules
from trainer.rules.thirteen.arrangement import Arrangement
from trainer.rules.thirteen.hands import key_of
from trainer.rules.thirteen.naturals import Natural, find_natural


def _check(arrangement: Arrangement, natural: Natural | None,
           rules: ThirteenRules) -> Arrangement:
    if find_natural(arrangement.cards, rules) is not natural:
        raise Shortage
    return arrangement


def _set(front: tuple[Card, ...], first: tuple[Card, ...],
         second: tuple[Card, ...]) -> Arrangement:
    """The stronger 5-card tier behind, as a player would set it."""
    middle, back = sorted((first, second), key=key_of)
    return Arrangement(front, middle, back)


def dragon(rng: random.Random, deck: Deck, difficulty: int, rules: ThirteenRules) -> Arrangement:
    """A to K once each; at level 3 in three suits that would also make three flushes."""
    ranks = list(RANKS)
    rng.shuffle(ranks)
    groups = (ranks[:3], ranks[3:8], ranks[8:])
    if difficulty == 3:
        suits = rng.sample(SUITS, 3)
        tiers = [tuple(deck.take_rank(r, 1, (s,))[0] for r in sorted(g, reverse=True))
                 for g, s in zip(groups, suits, strict=True)]
    else:
        tiers = [tuple(deck.take_rank(r)[0] for r in sorted(g, reverse=True)) for g in groups]
    return _check(_set(*tiers), Natural.DRAGON, rules)


def six_pairs(rng: random.Random, deck: Deck, difficulty: int,
              rules: ThirteenRules) -> Arrangement:
    """Six pairs and an odd card; at level 3 often with four of a kind as two pairs."""
    if difficulty == 3 and rng.random() < 0.5:
        *others, four = distinct(rng, 5)
        pairs = sorted([*others, four, four], reverse=True)
    else:
        pairs = list(distinct(rng, 6))
    odd = rng.choice([r for r in RANKS if r not in pairs])
    cards = [deck.take_rank(r, pairs.count(r) * 2) for r in sorted(set(pairs), reverse=True)]
    flat = tuple(c for group in cards for c in group)
    spare = deck.take_rank(odd)
    # Two pairs behind, two pairs in the middle, the last pair and the odd card in front.
    return _check(_set(spare + flat[10:12], flat[:4] + flat[8:9], flat[4:8] + flat[9:10]),
                  Natural.SIX_PAIRS_AND_A_HALF, rules)


def three_flushes(rng: random.Random, deck: Deck, difficulty: int,
                  rules: ThirteenRules) -> Arrangement:
    """3 + 5 + 5 in three suits; at level 3 also one suit across two tiers (8 + 5, 10 + 3)."""
    split = rng.choice(((3, 5, 5), (8, 5), (10, 3))) if difficulty == 3 else (3, 5, 5)
    suits = rng.sample(SUITS, len(split))
    cards = [tuple(deck.take_rank(r, 1, (s,))[0] for r in distinct(rng, n))
             for n, s in zip(split, suits, strict=True)]
    if split == (8, 5):
        tiers = (cards[0][5:], cards[0][:5], cards[1])
    elif split == (10, 3):
        tiers = (cards[1], cards[0][:5], cards[0][5:])
    else:
        tiers = (cards[0], cards[1], cards[2])
    return _check(_set(*tiers), Natural.THREE_FLUSHES, rules)


def three_straights(rng: random.Random, deck: Deck, difficulty: int,
                    rules: ThirteenRules) -> Arrangement:
    """A sequence of three and two of five; at level 3 with A-2-3, Q-K-A or A-2-3-4-5."""
    low = rng.choice((1, 12)) if difficulty == 3 else rng.randint(2, 11)
    front_ranks = (ACE, 2, 3) if low == 1 else tuple(range(low, low + 3))
    lows = [rng.randint(1, 10), rng.randint(1, 10)]
    if difficulty == 3 and rng.random() < 0.5:
        lows[0] = rng.choice((1, 10))
    front = tuple(deck.take_rank(r)[0] for r in front_ranks)
    first, second = (tuple(deck.take_rank(r)[0] for r in sequence(x)) for x in lows)
    return _check(_set(front, first, second), Natural.THREE_STRAIGHTS, rules)


NATURALS: dict[Natural, Callable[..., Arrangement]] = {
    Natural.DRAGON: dragon,
    Natural.SIX_PAIRS_AND_A_HALF: six_pairs,
    Natural.THREE_FLUSHES: three_flushes,
    Natural.THREE_STRAIGHTS: three_straights,
}


def near_miss(rng: random.Random, deck: Deck, difficulty: int,
              rules: ThirteenRules) -> tuple[Card, ...]:
    """13 cards that are no natural: at random at level 1, one step away from one above."""
    kind = "random" if difficulty == 1 else rng.choice(
        ("dragon", "pairs", "trio", "flushes", "straights") if difficulty == 3 else
        ("dragon", "pairs", "flushes", "straights"))
    if kind == "random":
        cards = _random_cards(rng, deck)
    elif kind == "dragon":  # twelve ranks, one of them twice
        missing, doubled = rng.sample(RANKS, 2)
        cards = tuple(c for r in RANKS if r != missing
                      for c in deck.take_rank(r, 2 if r == doubled else 1))
    elif kind in ("pairs", "trio"):  # five pairs and three odd cards, or a trio (HI-SIX-PAIRS)
        ranks = distinct(rng, 6 if kind == "trio" else 8)
        counts = [3, 2, 2, 2, 2, 2] if kind == "trio" else [2, 2, 2, 2, 2, 1, 1, 1]
        rng.shuffle(counts)
        cards = tuple(c for r, n in zip(ranks, counts, strict=True)
                      for c in deck.take_rank(r, n))
    elif kind == "flushes":  # suits that cannot fill 3, 5 and 5
        split = rng.choice(((4, 4, 5), (3, 4, 6), (2, 5, 6), (4, 9), (1, 2, 5, 5)))
        suits = rng.sample(SUITS, len(split))
        cards = tuple(deck.take_rank(r, 1, (s,))[0] for n, s in zip(split, suits, strict=True)
                      for r in distinct(rng, n))
    else:  # three straights with one card off
        ranks = (*sequence(rng.randint(1, 10)), *sequence(rng.randint(1, 10)))
        low = rng.randint(2, 11)
        ranks += (low, low + 1, rng.choice([r for r in RANKS if abs(r - low) > 3]))
        cards = tuple(deck.take_rank(r)[0] for r in ranks)
    if len(cards) != 13 or find_natural(cards, rules) is not None:
        raise Shortage
    return cards


def _random_cards(rng: random.Random, deck: Deck) -> tuple[Card, ...]:
    picks = rng.sample([(r, s) for r in RANKS for s in SUITS], 13)
    return tuple(deck.take_rank(r, 1, (s,))[0] for r, s in picks)
