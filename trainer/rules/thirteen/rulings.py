"""Rulings in words, each with its article: what a tier hand is and why one ranks above
another (Art. 9 II), whether tiers ascend (Art. 7, HI-EQUAL-TIERS), and which natural
13 cards make (Art. 9 I, HI-SIX-PAIRS).

The verdicts themselves come from :mod:`hands`, :mod:`arrangement` and :mod:`naturals`;
this module only says why, so a trainee reads the same reasoning the core applied.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from i18n import N_, Message
from trainer.rules.cards import Card, Rank
from trainer.rules.house import ThirteenRules
from trainer.rules.regulations import HouseInterpretation, Reason
from trainer.rules.thirteen.arrangement import Arrangement, Tier, foul_tiers
from trainer.rules.thirteen.hands import (
    BROADWAY,
    Category,
    TierHand,
    front_depth_key,
    tiebreak_of,
)
from trainer.rules.thirteen.naturals import Natural, admitted_naturals, straights_split
from trainer.rules.thirteen.showdown import (
    ART_7,
    ART_9_COMBINATIONS,
    ART_9_NATURAL,
    art_9_rank,
)

HI_EQUAL_TIERS = HouseInterpretation("HI-EQUAL-TIERS")
HI_SIX_PAIRS = HouseInterpretation("HI-SIX-PAIRS")
#: The straight value of A-2-3-4-5 (the ace's 14), below A-K-Q-J-10 (BROADWAY).
WHEEL_VALUE = 14


def rank_text(rank: int) -> str:
    """A rank as the cards write it; 1 is an ace played low, 15 the ace of A-K-Q-J-10."""
    return Rank(14 if rank in (1, BROADWAY) else rank).label


def _ranks_text(ranks: Iterable[int]) -> str:
    return "-".join(rank_text(rank) for rank in ranks)


def _sequence_text(value: int) -> str:
    """A straight by its Macau value, written as the regulation writes it."""
    if value == BROADWAY:
        return "A-K-Q-J-10"
    if value == WHEEL_VALUE:
        return "A-2-3-4-5"
    return _ranks_text(range(value, value - 5, -1))


def describe(hand: TierHand) -> Message:
    """The hand's combination and the ranks that decide it, e.g. "straight A-2-3-4-5"."""
    category, ranks = hand.category, hand.tiebreak
    if category is Category.ROYAL_FLUSH:
        return Message.of(N_("royal flush {sequence}"), sequence=_sequence_text(BROADWAY))
    if category is Category.STRAIGHT_FLUSH:
        return Message.of(N_("straight flush {sequence}"), sequence=_sequence_text(ranks[0]))
    if category is Category.STRAIGHT:
        return Message.of(N_("straight {sequence}"), sequence=_sequence_text(ranks[0]))
    if category is Category.FOUR_OF_A_KIND:
        return Message.of(N_("four of a kind of {rank}"), rank=rank_text(ranks[0]))
    if category is Category.FULL_HOUSE:
        return Message.of(N_("full house, trio of {rank}"), rank=rank_text(ranks[0]))
    if category is Category.THREE_OF_A_KIND:
        return Message.of(N_("three of a kind of {rank}"), rank=rank_text(ranks[0]))
    if category is Category.TWO_PAIRS:
        return Message.of(N_("two pairs of {high} and {low}, odd card {odd}"),
                          high=rank_text(ranks[0]), low=rank_text(ranks[1]),
                          odd=rank_text(ranks[2]))
    if category is Category.PAIR:
        return Message.of(N_("pair of {rank} with {odd}"), rank=rank_text(ranks[0]),
                          odd=_ranks_text(ranks[1:]))
    if category is Category.FLUSH:
        return Message.of(N_("flush {ranks}"), ranks=_ranks_text(ranks))
    return Message.of(N_("high card {ranks}"), ranks=_ranks_text(ranks))


def front_combinations() -> Reason:
    """The 3-card front knows only three of a kind, a pair and high card (Art. 9 II 7, 9)."""
    return Reason(Message.of(N_("A 3-card front knows only three of a kind, a pair and high "
                                "card: three cards in sequence or of one suit are high "
                                "card there.")), ART_9_COMBINATIONS)


def _compared_keys(a: TierHand, b: TierHand) -> tuple[int, int]:
    """The keys the core compares: in full for equal sizes, else over the front's depth."""
    if len(a.cards) == len(b.cards):
        return a.key, b.key
    return front_depth_key(a.key), front_depth_key(b.key)


def why_higher(higher: TierHand, lower: TierHand) -> Reason:
    """Why ``higher`` ranks above ``lower`` in the Macau order (Art. 9 II)."""
    if not higher > lower:
        raise ValueError(f"{higher} does not rank above {lower}")
    high_key, low_key = _compared_keys(higher, lower)
    if higher.category is not lower.category:
        why = Message.of(N_("{better} ranks above {worse}."), better=higher.category.label,
                         worse=lower.category.label)
    else:
        high_ranks, low_ranks = tiebreak_of(high_key), tiebreak_of(low_key)
        position = next(i for i, (x, y) in enumerate(zip(high_ranks, low_ranks, strict=True))
                        if x != y)
        why = _same_category_why(higher.category, position, high_ranks[position],
                                 low_ranks[position])
    # two ranks: the list's order decides; one: how that rank's line compares two of it
    return Reason(Message.of(N_("{higher} ranks above {lower}: {why}"),
                             higher=describe(higher), lower=describe(lower), why=why),
                  ART_9_COMBINATIONS if higher.category is not lower.category
                  else art_9_rank(higher.category))


def _same_category_why(category: Category, position: int, high: int, low: int) -> Message:
    """What decides between two hands of one combination, at the first rank that differs."""
    ranks = {"high": rank_text(high), "low": rank_text(low)}
    if category is Category.STRAIGHT:
        if high == BROADWAY and low == WHEEL_VALUE:
            return Message.of(N_("A-K-Q-J-10 is the highest straight and A-2-3-4-5 the "
                                 "second."))
        if high == WHEEL_VALUE:
            return Message.of(N_("A-2-3-4-5 is the second-highest straight, after "
                                 "A-K-Q-J-10."))
        return Message.of(N_("the straight with the higher top card wins."))
    if category is Category.STRAIGHT_FLUSH:
        if high == WHEEL_VALUE:
            return Message.of(N_("A-2-3-4-5 is the highest straight flush; only the royal "
                                 "flush is above it."))
        return Message.of(N_("the straight flush with the higher top card wins."))
    if category is Category.FOUR_OF_A_KIND:
        return Message.of(N_("the higher four of a kind wins; the odd card does not count."))
    if category in (Category.FULL_HOUSE, Category.THREE_OF_A_KIND):
        return Message.of(N_("the higher trio wins, whatever the other cards."))
    if category is Category.TWO_PAIRS:
        return Message.of((N_("the higher pair decides: {high} against {low}."),
                           N_("the higher pairs are equal; the second pair decides: {high} "
                              "against {low}."),
                           N_("both pairs are equal; the odd card decides: {high} against "
                              "{low}."))[position], **ranks)
    if category is Category.PAIR and position == 0:
        return Message.of(N_("the higher pair wins: {high} against {low}."), **ranks)
    if category is Category.PAIR:
        return Message.of(N_("the pairs are equal; the odd cards decide, high to low: {high} "
                             "against {low}."), **ranks)
    if position == 0:
        return Message.of(N_("the highest card decides: {high} against {low}."), **ranks)
    return Message.of(N_("the higher cards are equal; the next one down decides: {high} "
                         "against {low}."), **ranks)


def foul_reasons(arrangement: Arrangement,
                 rules: ThirteenRules | None = None) -> tuple[Reason, ...]:
    """Each tier against the next (Art. 7), as :func:`foul_tiers` judged them."""
    rules = rules or ThirteenRules()
    broken = foul_tiers(arrangement, rules)
    hands = arrangement.hands()
    reasons = []
    for lower, upper in ((Tier.FRONT, Tier.MIDDLE), (Tier.MIDDLE, Tier.BACK)):
        low, high = hands[lower], hands[upper]
        words = {"lower": lower.label, "upper": upper.label, "low": describe(low),
                 "high": describe(high)}
        if len(low.cards) != len(high.cards) and low.category is high.category:
            reasons.append(Reason(Message.of(N_(
                "A 3-card front is compared with the middle by combination, then the ranks "
                "that make it, then the odd cards over the front's three cards.")),
                HI_EQUAL_TIERS))
        if low == high:
            text = (N_("{lower} ({low}) equals {upper} ({high}); this house counts equal "
                       "tiers as a foul.") if (lower, upper) in broken else
                    N_("{lower} ({low}) equals {upper} ({high}); equal tiers are not a foul."))
            reasons.append(Reason(Message.of(text, **words), HI_EQUAL_TIERS))
        elif low > high:
            reasons.append(Reason(Message.of(N_("{lower} ({low}) ranks above {upper} "
                                                "({high}): the tiers must ascend."), **words),
                                  ART_7))
            reasons.append(why_higher(low, high))
        else:
            reasons.append(Reason(Message.of(N_("{lower} ({low}) is below {upper} ({high}): "
                                                "in order."), **words), ART_7))
    verdict = (N_("A foul: the place loses its bets.") if broken
               else N_("The tiers ascend: no foul."))
    reasons.append(Reason(Message.of(verdict), ART_7))
    return tuple(reasons)


def natural_reasons(cards: Iterable[Card],
                    rules: ThirteenRules | None = None) -> tuple[Reason, ...]:
    """Which natural the 13 cards make and why, or why they make none (Art. 9 I)."""
    rules = rules or ThirteenRules()
    cards = tuple(cards)
    admitted = admitted_naturals(cards, rules)
    ranks = Counter(int(card.rank) for card in cards)
    suits = " + ".join(str(n) for n in sorted(Counter(c.suit for c in cards).values(),
                                               reverse=True))
    if not admitted:
        return (_no_dragon(ranks), _no_six_pairs(ranks), _no_three_flushes(suits),
                Reason(Message.of(N_("The ranks cannot be split into a sequence of three and "
                                     "two sequences of five: not three straights.")),
                       ART_9_NATURAL))
    first = admitted[0]
    reasons = list(_natural_made(first, ranks, suits, rules))
    reasons += [Reason(Message.of(N_("The cards could also count as {other}; the regulation "
                                     "lists {natural} first."), other=other.label,
                                  natural=first.label), ART_9_NATURAL)
                for other in admitted[1:]]
    return tuple(reasons)


def _natural_made(natural: Natural, ranks: Counter[int], suits: str,
                  rules: ThirteenRules) -> list[Reason]:
    if natural is Natural.DRAGON:
        return [Reason(Message.of(N_("Every rank from A to K: a dragon.")), ART_9_NATURAL)]
    if natural is Natural.THREE_FLUSHES:
        return [Reason(Message.of(N_("The suits split {counts}: each tier can be set in one "
                                     "suit, so three flushes."), counts=suits),
                       ART_9_NATURAL)]
    if natural is Natural.THREE_STRAIGHTS:
        split = straights_split(ranks)
        assert split is not None  # admitted as three straights: the ranks split so
        front, middle, back = split
        return [Reason(Message.of(N_("The ranks split into the sequences {front}, {middle} "
                                     "and {back}: three straights."),
                                  front=_ranks_text(front), middle=_ranks_text(middle),
                                  back=_ranks_text(back)), ART_9_NATURAL)]
    pairs = sorted((r for r, n in ranks.items() for _ in range(n // 2)), reverse=True)
    reasons = [Reason(Message.of(N_("Six pairs ({pairs}) and one odd card: six pairs and a "
                                    "half."), pairs=", ".join(map(rank_text, pairs))),
                      ART_9_NATURAL)]
    if 4 in ranks.values():
        reasons.append(Reason(Message.of(N_("Four cards of one rank count as two pairs.")),
                              ART_9_NATURAL))
    if 3 in ranks.values() and rules.six_pairs_allow_three_of_a_kind:
        reasons.append(Reason(Message.of(N_("This house lets the odd card make three of a "
                                            "kind with a pair.")), HI_SIX_PAIRS))
    return reasons


def _no_dragon(ranks: Counter[int]) -> Reason:
    return Reason(Message.of(N_("Only {count} different ranks: a dragon needs all thirteen."),
                             count=len(ranks)), ART_9_NATURAL)


def _no_six_pairs(ranks: Counter[int]) -> Reason:
    pairs = sum(n // 2 for n in ranks.values())
    if pairs == 6:
        return Reason(Message.of(N_("Six pairs, but the odd card makes three of a kind: it "
                                    "must be unequal to the pairs.")), HI_SIX_PAIRS)
    return Reason(Message.counted("{count} pair only: six pairs and a half needs six.",
                                  "{count} pairs only: six pairs and a half needs six.", pairs),
                  ART_9_NATURAL)


def _no_three_flushes(suits: str) -> Reason:
    return Reason(Message.of(N_("The suits split {counts}: the tiers of 3, 5 and 5 cards "
                                "cannot each be of one suit."), counts=suits), ART_9_NATURAL)
