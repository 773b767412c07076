"""13-card game: the usual wrong settlements of a bet, each the rules core's own with one
step changed (Art. 7, 8, 11; HI-13-PAY).

:func:`mistaken_settlements` settles a bet as each usual mistake settles it; the payout
question reads the player's net from each, and :func:`trainer.rules.mistakes.recognise`
names the answer's kinds.
"""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal

from i18n import N_
from trainer.rules.house import HouseRules
from trainer.rules.mistakes import MistakeKind, kind
from trainer.rules.thirteen.arrangement import Arrangement
from trainer.rules.thirteen.payment import ART_11, HI_13_PAY, Settlement, settle
from trainer.rules.thirteen.showdown import ART_7, ART_8, showdown, tier_showdown

GAME = "thirteen"

COMMISSION_FORGOTTEN = kind(
    GAME, "commission_forgotten", N_("Commission forgotten"),
    N_("You paid the whole prize: the House takes its commission from every winner"),
    ART_11)
COMMISSION_ON_GROSS = kind(
    GAME, "commission_on_gross", N_("Commission taken on the gross"),
    N_("You took the commission on the whole value of the units settled: it is taken on the "
       "prize, half of it, only"), ART_11)
PRIZE_NOT_HALVED = kind(
    GAME, "prize_not_halved", N_("The prize not halved"),
    N_("You paid the whole value of the units settled: a winner is paid half of it"),
    ART_11)
TERMS_IGNORED = kind(
    GAME, "terms_ignored", N_("The terms of the bet ignored"),
    N_("You settled every point of the margin: a bet settles no more points than its "
       "terms"), HI_13_PAY)
FOUL_PAID = kind(
    GAME, "foul_paid", N_("A foul hand paid"),
    N_("You played a fouled hand tier by tier: a place whose tiers do not ascend loses its "
       "bets"), ART_7)

WRONG_TIER = kind(
    GAME, "wrong_tier", N_("The wrong tier compared"),
    N_("You compared a tier with another tier of the banker's hand: each tier is played "
       "against the banker's same tier"), ART_8)

KINDS = (COMMISSION_FORGOTTEN, COMMISSION_ON_GROSS, PRIZE_NOT_HALVED, TERMS_IGNORED,
         FOUL_PAID, WRONG_TIER)


def mistaken_settlements(stake: Decimal, terms: int, player: Arrangement,
                         banker: Arrangement, rules: HouseRules | None = None
                         ) -> tuple[tuple[MistakeKind, Settlement], ...]:
    """The bet of ``stake`` in terms of ``terms`` points, ``player`` against ``banker``,
    as each usual mistake settles it."""
    rules = rules or HouseRules()
    played = showdown(player, banker, rules.thirteen)
    right = settle(stake, terms, played, rules)
    # Twice the stake settles the whole value of the units: its "half" is the whole.
    whole = settle(stake * 2, terms, played, rules)
    free = replace(rules, thirteen=replace(rules.thirteen, commission_rate=Decimal(0)))
    found: list[tuple[MistakeKind, Settlement]] = []
    if right.prize > 0:  # a win: the prize, its half and its commission
        found += [(COMMISSION_FORGOTTEN, settle(stake, terms, played, free)),
                  (COMMISSION_ON_GROSS, replace(right, commission=whole.commission,
                                                net=right.prize - whole.commission)),
                  (PRIZE_NOT_HALVED, whole)]
    margin = abs(played.margin)
    if not played.forfeit and margin > terms:
        # Every point of the margin settled: a bet in terms of 1 of that many units.
        found.append((TERMS_IGNORED, settle(stake / terms * margin, 1, played, rules)))
    if played.player_foul and played.player_natural is None:
        found.append((FOUL_PAID, settle(stake, terms, tier_showdown(player, banker), rules)))
    if played.tiers:  # played tier by tier: the middle against the back and the back
        # against the middle (the two tiers of five cards, the ones mixed up)
        crossed = Arrangement(banker.front, banker.back, banker.middle)
        found.append((WRONG_TIER, settle(stake, terms, tier_showdown(player, crossed),
                                         rules)))
    return tuple(found)
