"""13-card game: set the banker's 13 cards by the house way (HI-HOUSE-WAY; Art. 7, 9).

Situation keys: ``places`` 4, ``banker`` 1, ``hands`` ``{"1": "AS KD …"}`` (the banker's
13 cards, high to low).

The answer (canonical value, and the reference answer's shape)::

    {"front": ["AS", "KD", "2C"], "middle": [5 cards], "back": [5 cards], "natural": False}

Tiers may also be given as space-separated strings, or as an ``Arrangement``; ``natural``
(True, or the name of a natural) declares a natural and may come without tiers:
``{"natural": True}``. Typed text: ``"front: AS KD 2C / middle: … / back: …"`` (tiers
also as ``1:``/``2:``/``3:``, or three unlabelled groups front to back, separated by ``/``,
``;`` or new lines), with ``/ natural`` added, or ``"natural"`` alone, to declare one. The
tiers must hold exactly the banker's 13 cards (3, 5, 5), else the answer is unreadable
(:mod:`questions.thirteen.hands.tier_answers` reads the forms).

Scoring (house way «expected points», the default): a foul scores 0; otherwise the setting's
expected points against a random hand divided by the house way's, and it is correct when
they are equal (a tie in expected points is as good). With the «strongest back» house way,
the share of tiers as strong as the house way's (a foul 0). Naturals (HI-NATURAL): when the
cards make one, declaring it is correct whatever the tiers (a natural is judged on the 13
cards, before fouls); not declaring it scores 0.5 when the house counts it as declared
anyway, else 0. Declaring a natural the cards do not make scores 0.

Difficulty: 1 — hands with an obvious set (trips and pairs, four of a kind, a flush);
2 — random hands; 3 — hands whose house way differs in category from the naive strongest
back, or (about a third) hands that make a natural, which must be recognised.
"""

from __future__ import annotations

import dataclasses
import math
import random
from collections.abc import Iterable
from functools import lru_cache
from typing import Any

from i18n import N_, Message
from questions.model import AnswerForm, AnswerKind, Option, Question, UnreadableAnswer, Verdict
from questions.skill import Skill, Solution
from questions.thirteen.hands.tier_answers import HOW_TO_ANSWER, parse_setting, read_cards
from questions.thirteen.situations import BankerHand
from trainer.rules.cards import (
    Card,
    Rank,
    Suit,
    cards_shown,
    cards_text,
    format_cards,
    full_deck,
    parse_cards,
)
from trainer.rules.house import HouseRules, HouseWay, ThirteenRules
from trainer.rules.regulations import Reason
from trainer.rules.thirteen.arrangement import Arrangement, Tier, foul_tiers, tier_points
from trainer.rules.thirteen.house_way import (
    HI_HOUSE_WAY,
    expected_points,
    house_ways,
    natural_setting,
)
from trainer.rules.thirteen.naturals import NATURAL_POINTS, Natural, find_natural
from trainer.rules.thirteen.procedure_points import SETTING_SECONDS
from trainer.rules.thirteen.rulings import HI_SIX_PAIRS, natural_reasons
from trainer.rules.thirteen.shares import tables
from trainer.rules.thirteen.showdown import (
    ART_7,
    ART_9_COMBINATIONS,
    ART_9_NATURAL,
    ART_10,
    HI_NATURAL,
)

BANKER = 1
DECK = full_deck()
RANKS = tuple(Rank)
SUITS = tuple(Suit)


@lru_cache(maxsize=512)
def _ways(cards: tuple[Card, ...], rules: ThirteenRules,
          naive: bool) -> dict[HouseWay, Arrangement]:
    """The rules core's house way, and with ``naive`` the strongest back too, in one search
    (memoised: generating and grading a question ask for the same hand)."""
    ways = {rules.house_way, HouseWay.STRONGEST_BACK} if naive else {rules.house_way}
    return house_ways(cards, rules, sorted(ways))


def house_way(cards: tuple[Card, ...], rules: ThirteenRules, naive: bool = False) -> Arrangement:
    return _ways(cards, rules, naive)[rules.house_way]


def strongest_back(cards: tuple[Card, ...], rules: ThirteenRules) -> Arrangement:
    return _ways(cards, rules, True)[HouseWay.STRONGEST_BACK]


@lru_cache(maxsize=128)
def shown_natural(cards: tuple[Card, ...], rules: ThirteenRules) -> Arrangement | None:
    """The rules core's layout of a natural (memoised like :func:`house_way`)."""
    return natural_setting(cards, rules)


def hand_of(situation: BankerHand) -> tuple[Card, ...]:
    return parse_cards(situation.hands[str(BANKER)])


def _sorted(cards: Iterable[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=lambda c: (-c.rank, c.suit)))


def _value(arrangement: Arrangement | None, natural: bool) -> dict[str, Any]:
    tiers = {tier.value: ([str(c) for c in _sorted(arrangement.tier(tier))] if arrangement
                          else []) for tier in Tier}
    return {**tiers, "natural": natural}


def _arrangement(value: dict[str, Any]) -> Arrangement | None:
    if not value["front"]:
        return None
    return Arrangement(*(tuple(Card.parse(c) for c in value[tier.value]) for tier in Tier))


class HouseWaySkill(Skill[BankerHand]):
    id = "thirteen.house_way"
    title = Message.of(N_("13-card game: setting the banker's hand by the house way"))
    time_limit_s = SETTING_SECONDS  # the five-minute rule
    situation_type = BankerHand

    def deal(self, rng: random.Random, difficulty: int, rules: HouseRules) -> BankerHand:
        if difficulty == 1:
            cards = _obvious_hand(rng)
        elif difficulty == 2:
            cards = tuple(rng.sample(DECK, 13))
        elif rng.random() < 0.35:
            cards = _natural_hand(rng)
        else:
            cards = _misleading_hand(rng, rules.thirteen)
        return BankerHand(4, BANKER, {str(BANKER): format_cards(_sorted(cards))})

    def prompt(self, situation: BankerHand, difficulty: int) -> Message:
        return Message.of(N_("Set the banker's 13 cards by the house way: 3 in the front "
                             "tier, 5 in the middle, 5 in the back — or declare a natural if "
                             "the cards make one. The banker holds {cards}."),
                          cards=cards_shown(situation.hands[str(BANKER)]))

    def terms(self, situation: BankerHand, rules: HouseRules) -> Message:
        """The house way in force (HI-HOUSE-WAY): the right setting depends on it."""
        return _HOUSE_WAY_TERMS[rules.thirteen.house_way]

    def form(self, situation: BankerHand) -> AnswerForm:
        return AnswerForm(AnswerKind.ARRANGEMENT,
                          (Option("natural", Message.of(N_("Declare a natural"))),))

    # ------------------------------------------------------------------- reading
    def read(self, question: Question, answer: Any) -> dict[str, Any]:
        tiers, natural = parse_setting(answer)
        if not tiers:
            if not natural:
                raise UnreadableAnswer(Message.of(HOW_TO_ANSWER))
            return _value(None, True)
        if set(tiers) != set(Tier):
            raise UnreadableAnswer(Message.of(HOW_TO_ANSWER))
        cards = {tier: read_cards(tiers[tier]) for tier in Tier}
        if any(len(cards[tier]) != tier.size for tier in Tier):
            raise UnreadableAnswer(Message.of(N_("The front tier holds 3 cards, the middle "
                                                 "and the back 5 each.")))
        hand = hand_of(self.dealt(question))
        given = [card for tier in Tier for card in cards[tier]]
        if len(set(given)) != 13 or set(given) != set(hand):
            raise UnreadableAnswer(Message.of(N_("Use each of the banker's 13 cards exactly "
                                                 "once: {cards}."), cards=cards_text(hand)))
        return _value(Arrangement(cards[Tier.FRONT], cards[Tier.MIDDLE], cards[Tier.BACK]),
                      natural)

    # ------------------------------------------------------------------- solving
    def solve(self, question: Question) -> Solution:
        rules = question.rules.thirteen
        cards = _sorted(hand_of(self.dealt(question)))
        natural = find_natural(cards, rules)
        if natural is not None:
            shown = shown_natural(cards, rules)
            assert shown is not None  # the rules core lays out every natural it finds
            return Solution(_value(shown, True), _setting_text(shown, natural),
                            _natural_reasons(natural, rules))
        best = house_way(cards, rules, naive=question.difficulty == 3)
        # Six pairs whose odd card makes three of a kind: no natural, by the house's reading.
        reasons = [reason for reason in natural_reasons(cards, rules)
                   if reason.source == HI_SIX_PAIRS]
        reasons.append(_house_way_reason(rules))
        if rules.house_way is HouseWay.EXPECTED_POINTS:
            reasons.append(Reason(Message.of(N_(
                "In a tier of exactly equal cards the banker wins, so the banker counts the "
                "hands his tier ties as well as those it beats.")), ART_10))
        five, three = tables()
        for tier in Tier:
            hand = best.hand(tier)
            share = (three if tier is Tier.FRONT else five).share(hand.key)
            reasons.append(Reason(Message.counted(
                "{tier}: {cards}, {category}: it scores {count} point when it wins the tier "
                "and beats or ties {percent} per cent of all hands of its size (a tie is the "
                "banker's).",
                "{tier}: {cards}, {category}: it scores {count} points when it wins the "
                "tier and beats or ties {percent} per cent of all hands of its size (a tie is "
                "the banker's).",
                tier_points(hand, tier), tier=tier.label, cards=cards_text(best.tier(tier)),
                category=hand.category.label, percent=math.floor(100 * share)),
                ART_9_COMBINATIONS))
        reasons.append(Reason(Message.of(N_("The tiers ascend from front to back, so the "
                                            "setting is not a foul.")), ART_7))
        if rules.house_way is HouseWay.EXPECTED_POINTS:
            reasons.append(Reason(Message.of(
                N_("Together the tiers are expected to score {points} points per 100 hands "
                   "against a random hand; no other setting of these cards that is not a "
                   "foul expects more."),
                points=_per_hundred(best, rules)), HI_HOUSE_WAY))
            if question.difficulty == 3:  # dealt for it; the generator asked already
                reasons.extend(_strongest_back_reason(cards, best, rules))
        return Solution(_value(best, False), _setting_text(best, None), tuple(reasons))

    def score(self, question: Question, given: Any, solution: Solution) -> float:
        rules = question.rules.thirteen
        if solution.answer["natural"]:
            if given["natural"]:
                return 1.0
            return 0.5 if rules.natural_declared_automatically else 0.0
        if given["natural"]:
            return 0.0
        mine, best = _arrangement(given), _arrangement(solution.answer)
        assert mine is not None and best is not None  # read() sets the tiers of a non-natural
        if foul_tiers(mine, rules):
            return 0.0
        if rules.house_way is HouseWay.STRONGEST_BACK:
            same = [mine.hand(tier).key == best.hand(tier).key for tier in Tier]
            return 1.0 if all(same) else sum(same) / len(same)
        value, top = expected_points(mine, rules), expected_points(best, rules)
        return 1.0 if value >= top else float(value / top)

    def grade(self, question: Question, answer: Any) -> Verdict:
        verdict = super().grade(question, answer)
        extra = _given_reasons(question, self.read(question, answer), verdict)
        return dataclasses.replace(verdict, reasons=verdict.reasons + extra)


# -------------------------------------------------------------------- explanations
_HOUSE_WAY_TERMS = {
    HouseWay.EXPECTED_POINTS: Message.of(N_(
        "The house way here is “expected points”: without a foul, the setting expected to "
        "score the most points against a random hand, a tier that ties counting as the "
        "banker's.")),
    HouseWay.STRONGEST_BACK: Message.of(N_(
        "The house way here is “strongest back”: without a foul, the strongest back, then "
        "the strongest middle, then the strongest front.")),
}


def _per_hundred(arrangement: Arrangement, rules: ThirteenRules) -> int:
    return round(100 * expected_points(arrangement, rules))


def _setting_text(arrangement: Arrangement, natural: Natural | None) -> Message:
    tiers = {tier.value: cards_text(_sorted(arrangement.tier(tier))) for tier in Tier}
    if natural is None:
        return Message.of(N_("front {front} / middle {middle} / back {back}"), **tiers)
    return Message.of(N_("a natural, {natural}, declared and shown: front {front} / middle "
                         "{middle} / back {back}"), natural=natural.label, **tiers)


def _house_way_reason(rules: ThirteenRules) -> Reason:
    if rules.house_way is HouseWay.STRONGEST_BACK:
        text = N_("By the house way the banker sets the strongest back he can without a "
                  "foul, then the strongest middle, then the strongest front.")
    else:
        text = N_("By the house way the banker sets his cards, without a foul, for the most "
                  "points expected against a random hand: each tier counts the points its "
                  "combination scores there times the share of hands it beats or ties, a "
                  "tie in a tier being the banker's.")
    return Reason(Message.of(text), HI_HOUSE_WAY)


def _natural_reasons(natural: Natural, rules: ThirteenRules) -> tuple[Reason, ...]:
    declared = (N_("Cards that make a natural count as declared however they are set; the "
                   "banker announces it and lays the cards out to show it.")
                if rules.natural_declared_automatically else
                N_("A natural counts only when it is declared: the banker declares it."))
    return (Reason(Message.of(N_("The banker has a natural: {natural}."),
                              natural=natural.label), ART_9_NATURAL),
            Reason(Message.of(N_("A natural always beats a hand without one and scores "
                                 "{points} points."), points=NATURAL_POINTS), ART_9_NATURAL),
            Reason(Message.of(declared), HI_NATURAL))


def _strongest_back_reason(cards: tuple[Card, ...], best: Arrangement,
                           rules: ThirteenRules) -> tuple[Reason, ...]:
    """When the naive strongest back is another combination, say what it would cost."""
    naive = strongest_back(cards, rules)
    if [naive.hand(t).category for t in Tier] == [best.hand(t).category for t in Tier]:
        return ()
    return (Reason(Message.of(
        N_("Putting the strongest hand behind ({cards}, {category}) would leave {front} in "
           "front and {middle} in the middle: only {points} points per 100 hands."),
        cards=cards_text(naive.back), category=naive.hand(Tier.BACK).category.label,
        front=naive.hand(Tier.FRONT).category.label,
        middle=naive.hand(Tier.MIDDLE).category.label,
        points=_per_hundred(naive, rules)), HI_HOUSE_WAY),)


def _given_reasons(question: Question, given: dict[str, Any],
                   verdict: Verdict) -> tuple[Reason, ...]:
    """What was wrong with this answer, in the rules core's terms."""
    rules = question.rules.thirteen
    if verdict.correct:
        return ()
    if given["natural"] and not verdict.expected["natural"]:
        return (Reason(Message.of(N_("These 13 cards make no natural, so none can be "
                                     "declared.")), ART_9_NATURAL),)
    mine = _arrangement(given)
    if mine is None or verdict.expected["natural"]:
        return ()
    broken = foul_tiers(mine, rules)
    if broken:
        return tuple(Reason(Message.of(
            N_("Your setting is a foul: {lower} ({low}) is stronger than {upper} ({high})."),
            lower=lower.label, low=mine.hand(lower).category.label, upper=upper.label,
            high=mine.hand(upper).category.label), ART_7) for lower, upper in broken)
    if rules.house_way is HouseWay.EXPECTED_POINTS:
        return (Reason(Message.of(N_("Your setting is expected to score {points} points per "
                                     "100 hands against a random hand."),
                                  points=_per_hundred(mine, rules)), HI_HOUSE_WAY),)
    return ()


# ------------------------------------------------------------------------ dealing
def _obvious_hand(rng: random.Random) -> tuple[Card, ...]:
    """A hand built round an obvious set: trips and pairs, four of a kind, or a flush."""
    for _ in range(20):
        shape = rng.choice(((3, 2, 2), (4, 2), (3, 3, 2), (3, 2), "flush"))
        if isinstance(shape, str):  # "flush"
            suit = rng.choice(SUITS)
            cards = [Card(r, suit) for r in rng.sample(RANKS, 5)]
            cards += rng.sample([c for c in DECK if c.suit != suit], 8)
        else:
            ranks = rng.sample(RANKS, len(shape) + 13 - sum(shape))
            counts = list(shape) + [1] * (13 - sum(shape))
            cards = [Card(rank, suit) for rank, n in zip(ranks, counts, strict=True)
                     for suit in rng.sample(SUITS, n)]
        if find_natural(cards) is None:
            break
    return tuple(cards)


def _natural_hand(rng: random.Random) -> tuple[Card, ...]:
    """A hand that makes a natural, of a kind picked first (Art. 9 I)."""
    kind = rng.choice(tuple(Natural))
    if kind is Natural.DRAGON:
        return tuple(Card(rank, rng.choice(SUITS)) for rank in RANKS)
    if kind is Natural.SIX_PAIRS_AND_A_HALF:
        ranks = rng.sample(RANKS, 7)
        counts = [4, 2, 2, 2, 2] if rng.random() < 0.25 else [2] * 6
        cards = [Card(r, s) for r, n in zip(ranks, counts, strict=False)
                 for s in rng.sample(SUITS, n)]
        return tuple(cards + [Card(ranks[len(counts)], rng.choice(SUITS))])
    if kind is Natural.THREE_FLUSHES:
        sizes = rng.choice(((3, 5, 5), (3, 5, 5), (5, 8), (3, 10)))
        return tuple(Card(rank, suit) for suit, size in zip(rng.sample(SUITS, len(sizes)),
                                                            sizes, strict=False)
                     for rank in rng.sample(RANKS, size))
    cards = []
    for size in (3, 5, 5):  # three straights; an ace plays low (value 1) or high
        low = rng.randint(1, 15 - size)
        for value in range(low, low + size):
            rank = Rank(14 if value == 1 else value)
            cards.append(Card(rank, rng.choice([s for s in SUITS
                                                if Card(rank, s) not in cards])))
    return tuple(cards)


def _misleading_hand(rng: random.Random, rules: ThirteenRules) -> tuple[Card, ...]:
    """A hand whose house way differs in category from the naive strongest back."""
    for _ in range(6):
        cards = _sorted(rng.sample(DECK, 13))
        if rules.house_way is HouseWay.STRONGEST_BACK:
            break
        best, back_first = house_way(cards, rules, naive=True), strongest_back(cards, rules)
        if [best.hand(t).category for t in Tier] != [back_first.hand(t).category
                                                     for t in Tier]:
            break
    return cards
