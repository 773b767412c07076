"""Mahjong Baccarat: settling a table whose bank the casino and players joined (Art. 5.5).

HI-MB-COBANK: the casino's capital joins the banker's in one pool, shared in proportion to
the two capitals; players who join the bank take the rest of the bank's result, win or
loss, one by one in the order they placed their stakes, each up to his stake, once the
pool's capital is used up; each pays commission on his own net gain (HI-MB-COMMISSION).
The rules core (``settle_cobanked_table``) settles.

Situation (:class:`.situations.Table`; besides the settlement's ``places``,
``banker``, ``dice``, ``hands``, ``bets``): ``capital`` (the banker's), ``casino`` (the
casino's capital), ``cobankers`` ([{"place", "stake"}] in the order the stakes were placed;
those places bet nowhere) and ``asked``: 1 for the banker's result, a co-banker's place for
his result, or a betting place. The whole bank always covers the table (the capital running
out is asked without co-bankers), and most tables whose net allows it use the pool's
capital up.
"""

from __future__ import annotations

import random
from decimal import ROUND_CEILING, Decimal

from i18n import N_, Message, Money, listing
from questions.labels import money_label
from questions.mahjong_baccarat.situations import (
    Stake,
    Table,
    bets_of,
    deal_around,
    dice_for_place,
    edge_pair,
    hands_json,
    hands_of,
    stake,
)
from questions.situation import present
from questions.skill import Solution
from questions.stakes import unit as stake_unit
from trainer.rules.house import HouseRules
from trainer.rules.mahjong_baccarat import (
    PLACES,
    CoBankSettlement,
    first_seat,
    served,
    settle_cobanked_table,
    settle_table,
    settlement_account,
)
from trainer.rules.table import BANKER_PLACE, Outcome

#: The casino's capital as a multiple of the banker's: shares fall on whole cents.
_RATIOS = (1, 3, 4, 9)


def settle_cobanked(situation: Table,
                    rules: HouseRules | None = None) -> CoBankSettlement:
    joined = situation.joined_bank()
    if joined is None:
        raise ValueError("a bank the casino and players joined has their capital and stakes")
    casino, cobankers = joined
    hands = hands_of(situation)
    others = {place: hand for place, hand in hands.items() if place != BANKER_PLACE}
    return settle_cobanked_table(situation.capital, casino,
                                 [(c.place, c.stake) for c in cobankers],
                                 first_seat(sum(situation.dice)), hands[BANKER_PLACE], others,
                                 bets_of(situation), rules)


def deal_cobanked(rng: random.Random, rules: HouseRules) -> Table:
    """Five to seven bets, one or two players joining the bank, the casino's capital."""
    player, banker = edge_pair(rng)
    count = rng.randint(1, 2)
    places = rng.sample(range(2, PLACES + 1), count + rng.randint(5, 7))
    joined, betting = places[:count], places[count:]
    hands = deal_around(rng, {BANKER_PLACE: banker, betting[0]: player})
    bets = {place: stake(rng, 100, 2000) for place in betting}
    dice = dice_for_place(rng, rng.randint(1, PLACES))
    unlimited = settle_table(sum(bets.values(), Decimal("0")), first_seat(sum(dice)), banker,
                             {p: h for p, h in hands.items() if p != BANKER_PLACE}, bets,
                             rules)
    running, highest = Decimal("0"), Decimal("0")
    for place in unlimited.order:
        settled = unlimited.places[place]
        running += settled.amount if settled.outcome is Outcome.BANKER else -settled.amount
        highest = max(highest, abs(running))
    ratio = rng.choice(_RATIOS)
    hundred = stake_unit(100)
    capital = _capital(rng, abs(unlimited.banker_net), hundred * (1 + ratio), hundred)
    pool = capital * (1 + ratio)
    stakes = [stake(rng, 100, 1000, 100) for _place in joined]
    short = highest - pool - sum(stakes)
    if short > 0:  # the whole bank covers the table
        stakes[-1] += (short / hundred).to_integral_value(rounding=ROUND_CEILING) * hundred
    asked = rng.choices([BANKER_PLACE, joined[0], joined[-1], rng.choice(betting)],
                        weights=[4, 3, 2, 1])[0]
    return Table(PLACES, BANKER_PLACE, dice, capital, hands_json(hands),
                      tuple(Stake(p, bets[p]) for p in sorted(bets)), asked=asked,
                      casino=capital * ratio,
                      cobankers=tuple(Stake(p, s) for p, s in zip(joined, stakes, strict=True)))


def _capital(rng: random.Random, net: Decimal, unit: int, hundred: int = 100) -> Decimal:
    """The banker's capital (in hundreds, or what :func:`questions.stakes.unit` makes of
    them): half the time a pool smaller than the bank's net, so the players who joined
    share it; otherwise a pool that takes it all. ``unit`` is the pool a hundred makes."""
    below = int((net - 1) // unit)
    if below >= 1 and rng.random() < 0.7:
        return Decimal(hundred * rng.randint(1, below))
    covering = int((net / unit).to_integral_value(rounding=ROUND_CEILING))
    return Decimal(hundred * rng.randint(max(covering, 1), max(covering, 1) + 4))


def cobanked_opening(situation: Table, casino: Decimal,
                     cobankers: tuple[Stake, ...]) -> Message:
    """The banker's capital and the ``casino``'s, the ``cobankers`` and the dice."""
    joined = listing([Message.of(N_("place {place} with {stake}"), place=c.place,
                                 stake=Money(c.stake)) for c in cobankers])
    return Message.of(N_(
        "The banker's capital is {capital} and the casino joins the bank with {casino}; "
        "players who joined the bank, in the order they placed their stakes: {joined}. "
        "They bet on no place this round, and each of them, like the banker, pays commission "
        "on his own net gain. The dice show {dice}."),
        capital=Money(situation.capital),
        casino=Money(casino), joined=joined,
        dice=", ".join(str(face) for face in situation.dice))


def cobanked_question(situation: Table) -> Message | None:
    """What is asked of a co-banker (None when a betting place is asked, or when no player
    joined the bank)."""
    asked, joined = situation.asked, situation.joined_bank()
    if joined is None:
        return None
    if asked == BANKER_PLACE:
        return Message.of(N_("What is the banker's own result for the round after his "
                             "commission? Give his gain, or with a minus sign his loss."))
    if any(c.place == asked for c in joined[1]):
        return Message.of(N_("What is the result of the player at place {place}, who joined "
                             "the bank, after his commission? Give his gain, or with a minus "
                             "sign his loss."), place=asked)
    return None


def solve_cobanked(situation: Table, rules: HouseRules) -> Solution:
    result = settle_cobanked(situation, rules)
    table = result.table
    account = settlement_account(result.capital, table, rules)[:-1]
    opening = (*served(situation.dice).reasons, table.reasons[0], *result.reasons)
    asked = present(situation.asked)
    if asked in result.shares:
        share = result.shares[asked]
        return Solution(share.net, money_label(share.net), opening + account + share.reasons)
    upto = table.order.index(asked) + 1
    settled = table.places[asked]
    return Solution(settled.net, money_label(settled.net),
                    opening + (settled.reasons[0],) + account[:upto])
