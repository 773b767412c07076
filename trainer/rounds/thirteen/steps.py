"""The 13-card game's round, step by step: every action, amount, order and reason from the
rules core (Portaria 51/89/M), never worked out here a second time.

In order: who shakes the dice (Art. 2 b); the first place (Art. 2 b–c); the deal, the first
card to each place one by one, then the other 48 the same way (Art. 2 b); the banker-dealer's
hand set by the house way and shown (Art. 2 d, HI-HOUSE-WAY); then place by place,
counterclockwise from the first place (HI-SETTLE-ORDER), each tier against the banker's
(Art. 8–10), who wins the place (naturals and fouls first, Art. 7, 9 I) and the money in
terms of points less the 2 % commission (Art. 11, HI-13-PAY). Incidents are called where
they happen.
"""

from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal

from i18n import N_, Message, Money
from trainer.rounds.actions import Action
from trainer.rounds.play import Move, Step
from trainer.rounds.thirteen.calls import called, shaker_bettors
from trainer.rounds.thirteen.table import AFTER_THE_DICE, IN_THE_DEAL, ThirteenTable
from trainer.rules.cards import format_cards
from trainer.rules.house import HouseRules, HouseWay
from trainer.rules.regulations import Reason
from trainer.rules.table import BANKER_PLACE, Outcome, counting_explanation, dealing_order
from trainer.rules.thirteen import Arrangement, Tier, deal_order, resolve_misdeal, showdown
from trainer.rules.thirteen.dealing import ART_2B, PLACES, Resolution
from trainer.rules.thirteen.dealing import Action as MisdealAction
from trainer.rules.thirteen.house_way import HI_HOUSE_WAY
from trainer.rules.thirteen.payment import points_message, settle
from trainer.rules.thirteen.procedure import Ruling, dice_shaker, setting_time
from trainer.rules.thirteen.showdown import tier_reason

BANKER, CASINO = "banker", "casino"
#: The cards dealt one by one as decisions: the first round, one to each place.
FIRST_ROUND = PLACES


def round_steps(table: ThirteenTable, rules: HouseRules) -> tuple[Step, ...]:
    return (*called(table, rules, "bad-cut"), _shaker(table), _first(table),
            *called(table, rules, *AFTER_THE_DICE), *_deal(table, rules),
            *called(table, rules, "looking-before-banker"), _set(table, rules),
            *called(table, rules, "banker-resets", "late-setting"), *_showdown(table, rules))


def _shaker(table: ThirteenTable) -> Step:
    ruling = dice_shaker(shaker_bettors(table))
    return Step(Action("shaker", (int(ruling.ruling),)),
                Message.of(N_("Say who shakes the dice")), ruling.reasons,
                ruling.reasons[-1].source, _bets_scene(table))


def _bets_scene(table: ThirteenTable) -> Message:
    said = [Message.of(N_("Place {place} bets {stake} in terms of {terms}.") if bet.seated else
                       N_("Place {place} bets {stake} in terms of {terms}; the bettor stands."),
                       place=place, stake=Money(bet.stake), terms=points_message(bet.terms))
            for place, bet in table.bets.items()]
    scene = said[0]
    for sentence in said[1:]:
        scene = Message.of(N_("{said} {sentence}"), said=scene, sentence=sentence)
    return scene


def _first(table: ThirteenTable) -> Step:
    place = dealing_order(table.total, PLACES)[0]
    return Step(Action("first", (place,)), Message.of(N_("Read the first place from the dice")),
                (Reason(counting_explanation(table.total, PLACES), ART_2B),), ART_2B,
                Message.of(N_("The dice show {dice}."),
                           dice=", ".join(str(face) for face in table.dice)))


def _deal(table: ThirteenTable, rules: HouseRules) -> Iterator[Step]:
    """The first round card by card, the rest in one go; a misdeal is called as the deal
    ends, and a cancelled deal is dealt again."""
    scenario = table.misdeal()
    happening = table.happening(*IN_THE_DEAL)
    yield from _one_deal(table, happening.at if happening is not None
                         and happening.at <= FIRST_ROUND else 0, rules)
    if scenario is None or happening is None or happening.at <= FIRST_ROUND:
        return
    yield from _ruled_misdeal(table, resolve_misdeal(scenario), rules)


def _one_deal(table: ThirteenTable, exposed_at: int, rules: HouseRules) -> Iterator[Step]:
    order = deal_order(table.total)
    for card in range(1, FIRST_ROUND + 1):
        yield Step(Action("deal", (order[card - 1],)),
                   Message.of(N_("Deal card {card} of 52"), card=card),
                   (Reason(Message.of(N_("One card at a time, counterclockwise from place "
                                         "{first}: card {card} goes to place {place}."),
                                      first=order[0], card=card, place=order[card - 1]),
                           ART_2B),), ART_2B)
        if card == exposed_at:
            scenario = table.misdeal()
            assert scenario is not None  # an exposed card in the first round
            yield from _ruled_misdeal(table, resolve_misdeal(scenario), rules)
    yield Step(Action("deal-rest"), Message.of(N_("Deal the other cards")),
               (Reason(Message.of(N_("The other 48 cards go the same way, one at a time, "
                                     "until each place has 13.")), ART_2B),), ART_2B)


def _ruled_misdeal(table: ThirteenTable, resolution: Resolution,
                   rules: HouseRules) -> Iterator[Step]:
    """The call, the ruling, then what it takes: each card to its place, or the deal again."""
    yield from called(table, rules, *IN_THE_DEAL, resolution=resolution)
    for move in resolution.moves:
        yield Step(Action("give", (move.to_place,)),
                   Message.of(N_("Give the misdealt card to its place")),
                   resolution.reasons, resolution.reasons[-1].source)
    if resolution.action is MisdealAction.CANCEL:
        yield from _one_deal(table, 0, rules)


def _set(table: ThirteenTable, rules: HouseRules) -> Step:
    """The banker-dealer sets his hand (Art. 2 d); the house way says how."""
    setting = table.settings[BANKER_PLACE]
    return Step(Action("set", _tiers(setting)), Message.of(N_("Set the banker's hand")),
                (Reason(Message.of(_HOUSE_WAYS[rules.thirteen.house_way]), HI_HOUSE_WAY),),
                HI_HOUSE_WAY,
                Message.of(N_("The banker's 13 cards: {cards}."),
                           cards=format_cards(table.hand(BANKER_PLACE))))


_HOUSE_WAYS = {
    HouseWay.EXPECTED_POINTS: N_("The banker-dealer sets his hand by the house way in force: "
                                 "of the settings that are not a foul, the one with the most "
                                 "points expected against a random hand; then he shows it."),
    HouseWay.STRONGEST_BACK: N_("The banker-dealer sets his hand by the house way in force: "
                                "the strongest back, then middle, then front that is not a "
                                "foul; then he shows it."),
}


def _tiers(setting: Arrangement) -> tuple[str, str, str]:
    """The setting as ``set`` writes it: back, middle, front, each high to low."""
    return (",".join(str(c) for c in sorted(setting.back, key=lambda c: (-c.rank, c.suit))),
            ",".join(str(c) for c in sorted(setting.middle, key=lambda c: (-c.rank, c.suit))),
            ",".join(str(c) for c in sorted(setting.front, key=lambda c: (-c.rank, c.suit))))


def _showdown(table: ThirteenTable, rules: HouseRules) -> Iterator[Step]:
    """Place by place counterclockwise from the first place, the banker skipped."""
    late = table.happening("late-setting")
    for place in (p for p in dealing_order(table.total, PLACES) if p != BANKER_PLACE):
        if late is not None and late.place == place:
            ruling = setting_time(table.shown_at, table.shown_at + late.at, rules.thirteen)
            if ruling.ruling == Ruling.LOSES:
                yield from called(table, rules, "misplaced-bet", at_place=place)
                yield _collect(place, table.bets[place].stake, ruling.reasons)
                continue
        yield from _place(table, place, rules)


def _place(table: ThirteenTable, place: int, rules: HouseRules) -> Iterator[Step]:
    banker, mine = table.settings[BANKER_PLACE], table.settings[place]
    scene = Message.of(N_("Place {place} shows back {back}, middle {middle}, front {front}."),
                       place=place, **{tier.value: format_cards(mine.tier(tier))
                                       for tier in Tier})
    yield from called(table, rules, "change-after-signal", at_place=place)
    yield from called(table, rules, "foul-declared-good", at_place=place, scene=scene)
    result = showdown(mine, banker, rules.thirteen)
    for index, tier in enumerate(result.tiers):
        reason = tier_reason(tier)
        yield Step(Action("tier", (place, tier.tier.value, tier.winner.value)),
                   Message.of(N_("Say who wins this tier at place {place}"), place=place),
                   (reason,), reason.source, scene if index == 0 else None)
    yield Step(Action("rule", (place, result.outcome.value)),
               Message.of(N_("Say who wins at place {place}"), place=place), result.reasons,
               result.reasons[-1].source, None if result.tiers else scene)
    yield from called(table, rules, "misplaced-bet", at_place=place)
    bet = table.bets[place]
    money = settle(bet.stake, bet.terms, result, rules)
    name = Message.of(N_("Pay or collect at place {place}"), place=place)
    party = f"place {place}"
    if money.outcome is Outcome.PLAYER:
        yield Step(Action("pay", (place, money.net)), name, money.reasons,
                   money.reasons[-1].source,
                   moves=(Move(party, money.net), Move(CASINO, money.commission),
                          Move(BANKER, -money.prize)))
    elif money.outcome is Outcome.BANKER:
        yield _collect(place, -money.net, money.reasons)
    else:
        yield Step(Action("push", (place,)), name, money.reasons, money.reasons[-1].source)


def _collect(place: int, amount: Decimal, reasons: tuple[Reason, ...]) -> Step:
    return Step(Action("collect", (place, amount)),
                Message.of(N_("Pay or collect at place {place}"), place=place), reasons,
                reasons[-1].source, moves=(Move(f"place {place}", -amount), Move(BANKER, amount)))
