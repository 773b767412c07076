"""Paying a 13-card bet (Portaria 51/89/M, Art. 11; RULES.md HI-13-PAY).

"The player may bet in terms of 1, 2 or 3 points. A winner is paid half the value of his
bet, less a 2% commission for the House." HI-13-PAY reads it per point unit: a stake S
in terms of k points is k units of S/k; the margin m (player points − banker points)
settles u = min(|m|, k) units. A win pays u·(S/k)/2 less 2%; a loss costs u·(S/k) and the
rest of the stake is returned. A foul settles the full terms; a natural counts m = ±3.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from i18n import N_, Message, Money
from trainer.rules.house import HouseRules
from trainer.rules.regulations import Article, HouseInterpretation, Reason, Regulation
from trainer.rules.table import Outcome
from trainer.rules.thirteen.showdown import HI_FOUL, Showdown

ART_11 = Article(Regulation.THIRTEEN_CARDS, 11)
HI_13_PAY = HouseInterpretation("HI-13-PAY")
TERMS = (1, 2, 3)
ZERO = Decimal("0")


def points_message(points: int) -> Message:
    """A number of 13-card points ("1 point", "3 points") to put inside a sentence."""
    # Translators: points of the 13-card game (分), as in "in terms of 2 points".
    return Message.counted("{count} point", "{count} points", points)


@dataclass(frozen=True)
class Settlement:
    outcome: Outcome
    units: int
    prize: Decimal
    commission: Decimal
    net: Decimal  # signed, from the player's side, after commission
    reasons: tuple[Reason, ...]

    @property
    def banker_net(self) -> Decimal:
        """The banker's side: what the player lost, or minus the prize he paid."""
        return -(self.net + self.commission)


def settle(stake: Decimal, terms: int, showdown: Showdown,
           rules: HouseRules | None = None) -> Settlement:
    rules = rules or HouseRules()
    if not isinstance(stake, Decimal) or stake <= 0:
        raise ValueError(f"a stake is a positive Decimal, not {stake!r}")
    if terms not in TERMS:
        raise ValueError(f"a bet is in terms of 1, 2 or 3 points, not {terms}")
    unit = stake / terms
    source = HI_13_PAY
    if showdown.forfeit:
        units = terms
        why = Message.counted("A foul settles the bet in full: {count} unit of {unit}.",
                              "A foul settles the bet in full: {count} units of {unit}.",
                              units, unit=Money(unit))
        if showdown.banker_foul and not showdown.player_foul:
            source = HI_FOUL  # the banker's foul pays the full terms: the house's reading
    else:
        units = min(abs(showdown.margin), terms)
        why = Message.counted("The margin is {count} point; a bet in terms of {terms} "
                              "settles {units} of {unit}.",
                              "The margin is {count} points; a bet in terms of {terms} "
                              "settles {units} of {unit}.",
                              abs(showdown.margin), terms=points_message(terms),
                              units=Message.counted("{count} unit", "{count} units", units),
                              unit=Money(unit))
    reasons = [Reason(why, source)]
    if showdown.outcome is Outcome.TIE or units == 0:
        reasons.append(Reason(Message.of(N_("A tie: the stake is returned.")), ART_11))
        return Settlement(Outcome.TIE, 0, ZERO, ZERO, ZERO, tuple(reasons))
    amount = rules.round_money(units * unit)
    if showdown.outcome is Outcome.BANKER:
        reasons.append(Reason(Message.of(N_("The player loses {amount}; the rest of the "
                                            "stake is returned."), amount=Money(amount)),
                              HI_13_PAY))
        return Settlement(Outcome.BANKER, units, ZERO, ZERO, -amount, tuple(reasons))
    prize = rules.round_money(units * unit / 2)
    commission = rules.round_commission(prize * rules.thirteen.commission_rate)
    reasons.append(Reason(Message.of(N_("The winner is paid half: {prize}, less the House's "
                                        "commission of {commission}, nets {net}."),
                                     prize=Money(prize), commission=Money(commission),
                                     net=Money(prize - commission)), ART_11))
    return Settlement(Outcome.PLAYER, units, prize, commission, prize - commission,
                      tuple(reasons))
