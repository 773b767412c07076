"""House rules: every choice the regulations leave to the house, as one settings value.

Each field names the house interpretation (HI-…) in ``RULES.md`` that it settles. Games
keep their own group of settings (``HouseRules.thirteen`` …) so a casino can change one
game without touching another; everything round-trips through JSON for the store.
"""

from __future__ import annotations

import dataclasses
import functools
from dataclasses import dataclass, field, fields
from decimal import ROUND_HALF_UP, Decimal
from enum import StrEnum
from typing import TYPE_CHECKING, Any, TypeVar, get_type_hints

from trainer.rules.chips import read_denominations

if TYPE_CHECKING:
    from _typeshed import DataclassInstance


class BankerCommission(StrEnum):
    """How a Mahjong Baccarat banker pays the casino's commission (HI-MB-COMMISSION)."""

    #: 5% of his net gain of the round, only when he wins it.
    NET_GAIN = "net-gain"
    #: 5% of every amount he collects, even in a round he loses (the reading before 3).
    PER_WON_BET = "per-won-bet"


class HouseWay(StrEnum):
    """How the banker-dealer sets his 13 cards (the house way)."""

    #: Maximise the points the hand is expected to score against a random hand.
    EXPECTED_POINTS = "expected-points"
    #: The strongest back, then the strongest middle, then the strongest front.
    STRONGEST_BACK = "strongest-back"


@dataclass(frozen=True)
class ThirteenRules:
    """Settings of the 13-card game (Portaria 51/89/M)."""

    #: Art. 11: the House's commission on a player's prize.
    commission_rate: Decimal = Decimal("0.02")
    #: HI-EQUAL-TIERS: equal tiers are not a foul (set True to require strict ascent).
    equal_tiers_are_foul: bool = False
    #: HI-NATURAL: 13 cards that admit a natural count as declared.
    natural_declared_automatically: bool = True
    #: HI-SIX-PAIRS: three of a kind does not make "six pairs and a half" (the odd card
    #: must be unequal, Art. 9 I); four of a kind counts as two pairs (the text says so).
    six_pairs_allow_three_of_a_kind: bool = False
    #: HI-FOUL: a fouled place loses even when the banker fouled too (True: a push).
    both_foul_is_push: bool = False
    #: HI-HOUSE-WAY: the banker-dealer's way of setting his hand (expected points count a
    #: tier that ties as the banker's, Art. 10).
    house_way: HouseWay = HouseWay.EXPECTED_POINTS
    #: HI-13-SIGNAL: a place that finishes setting at the signal itself (5 min 0 s after
    #: the banker shows) has not finished «antes da emissão do sinal» and loses (Art. 2 d);
    #: True lets it play, as finishing «dentro de cinco minutos».
    finished_at_the_signal_plays: bool = False


@dataclass(frozen=True)
class MahjongBaccaratRules:
    """Settings of Mahjong Baccarat (Portaria 15/96/M)."""

    #: Art. 9: the casino's commission on every amount won (players' and the banker's).
    commission_rate: Decimal = Decimal("0.05")
    #: HI-MB-COMMISSION: the banker pays commission on his net gain of a round he wins
    #: (so neither his gain nor his loss exceeds his capital, Art. 5 (3)), or on every
    #: amount he collects ("per won bet").
    banker_commission: BankerCommission = BankerCommission.NET_GAIN
    #: Art. 5.1: rounds a place may keep the bank in a row (unless all others agree).
    max_rounds_in_a_row: int = 2
    #: HI-MB-COMMISSION: a winning banker's new capital counts his winnings net of
    #: commission (Art. 5 (4)).
    capital_net_of_commission: bool = True


@dataclass(frozen=True)
class ThreeCardRules:
    """HI-3C-PAY: the house payout table of three-card baccarat (winnings per 1 staked)."""

    #: Player and banker bets win even money less this commission on the amount won.
    commission_rate: Decimal = Decimal("0.05")
    tie_pays: Decimal = Decimal("20")
    three_figures_pays: Decimal = Decimal("16")
    banker_points_pays: Decimal = Decimal("8")


@dataclass(frozen=True)
class SapIChiRules:
    """Settings of Sap I Chi (Portaria 9/76)."""

    #: HI-SAP-LAYOUT: any set of 2, 3, 4 or 6 numbers is a group bet (False: the house
    #: accepts only the groups of neighbouring numbers on its board).
    any_group_of_numbers: bool = True


@dataclass(frozen=True)
class MahjongRules:
    """HI-MJ-PAY: what each player pays a winner, by the hand's grade (Portaria 135/91/M).

    The banker pays and receives double (Art. 7). The official commission table (Art. 8)
    is not in our files: the default is no commission.
    """

    kai_vu_amount: Decimal = Decimal("10")
    one_fan_amount: Decimal = Decimal("20")
    double_fan_amount: Decimal = Decimal("40")
    commission_rate: Decimal = Decimal("0")
    #: Art. 6 (a): one suit with honours (wân iat sêk) scores only when none of its honour
    #: sets is itself worth fán — Art. 6 (a) «sem valerem fán ou fán dobrado» (False, the
    #: text); True scores it whatever its honours are (the reading before 2026-11).
    wan_iat_sek_with_scoring_honours: bool = False

    def amount(self, fan: int) -> Decimal:
        return (self.kai_vu_amount, self.one_fan_amount, self.double_fan_amount)[min(fan, 2)]


class ChipCurrency(StrEnum):
    """The currency the tray's chips are in (a house setting)."""

    MOP = "MOP"
    HKD = "HKD"


class FewestChips(StrEnum):
    """What paying the right amount with more chips than needed earns (a house setting)."""

    OFF = "off"  #: nothing is said: the amount alone is graded
    HINT = "hint"  #: the amount is graded; the fewest chips are shown beside it
    GRADED = "graded"  #: the right amount in more chips than needed is half right


class CommissionInChips(StrEnum):
    """How a croupier pays a win that owes commission, in chips (a house setting)."""

    NET = "net"  #: pay the net amount, the commission already deducted
    GROSS = "gross"  #: pay the whole win, then take the commission back in chips


@dataclass(frozen=True)
class ChipRules:
    """Paying with chips: the house's tray and how its croupiers break a payment down.
    HI-CHIP-CHANGE: the part of a payment below the smallest chip is paid as change."""

    #: The denominations in the tray, each a whole number of the smallest
    #: (:func:`trainer.rules.chips.read_denominations` reads and checks them).
    denominations: str = "5 10 25 50 100 500 1000 5000 10000"
    currency: ChipCurrency = ChipCurrency.MOP
    fewest: FewestChips = FewestChips.HINT
    #: A win that owes commission: the net paid, or the gross paid and the commission taken
    #: back (the chip forms of the commission payouts, :mod:`questions.chips`).
    commission: CommissionInChips = CommissionInChips.NET

    @property
    def tray(self) -> tuple[Decimal, ...]:
        """The denominations, smallest first."""
        return read_denominations(self.denominations)


@dataclass(frozen=True)
class HouseRules:
    #: HI-MONEY: commissions are exact, then rounded half-up to this unit.
    commission_unit: Decimal = Decimal("0.01")
    #: The smallest amount paid or collected (cents of a pataca); shares of a stake that do
    #: not fall on it are rounded half-up to it.
    money_unit: Decimal = Decimal("0.01")
    thirteen: ThirteenRules = field(default_factory=ThirteenRules)
    mahjong_baccarat: MahjongBaccaratRules = field(default_factory=MahjongBaccaratRules)
    three_card: ThreeCardRules = field(default_factory=ThreeCardRules)
    sap_i_chi: SapIChiRules = field(default_factory=SapIChiRules)
    mahjong: MahjongRules = field(default_factory=MahjongRules)
    chips: ChipRules = field(default_factory=ChipRules)

    def round_commission(self, amount: Decimal) -> Decimal:
        return amount.quantize(self.commission_unit, rounding=ROUND_HALF_UP)

    def round_money(self, amount: Decimal) -> Decimal:
        return amount.quantize(self.money_unit, rounding=ROUND_HALF_UP)

    def to_json(self) -> dict[str, Any]:
        return _to_json(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> HouseRules:
        return _from_json(cls, data)


def _to_json(settings: Any) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for item in fields(settings):
        value = getattr(settings, item.name)
        if dataclasses.is_dataclass(value):
            out[item.name] = _to_json(value)
        elif isinstance(value, Decimal | StrEnum):
            out[item.name] = str(value)
        else:
            out[item.name] = value
    return out


#: A settings class: HouseRules or one of the dataclasses it holds.
_Settings = TypeVar("_Settings", bound="DataclassInstance")


@functools.cache
def _names(cls: type) -> tuple[dict[str, Any], frozenset[str]]:
    """A settings class's field types and names (worked out once: reading house rules is
    done for every exam answer an import checks)."""
    return get_type_hints(cls), frozenset(item.name for item in fields(cls))


def _from_json(cls: type[_Settings], data: dict[str, Any]) -> _Settings:
    """Rebuild settings, refusing unknown names and values of the wrong type."""
    if not isinstance(data, dict):
        raise ValueError(f"{cls.__name__} settings must be an object, not {data!r}")
    hints, known = _names(cls)
    values: dict[str, Any] = {}
    for name, value in data.items():
        if name not in known:
            raise ValueError(f"unknown house rule {name!r}")
        kind = hints[name]
        if isinstance(kind, type) and dataclasses.is_dataclass(kind):
            values[name] = _from_json(kind, value)
        elif kind is Decimal:
            values[name] = Decimal(str(value))
        elif isinstance(kind, type) and issubclass(kind, StrEnum):
            values[name] = kind(value)
        elif kind is bool and not isinstance(value, bool):
            raise ValueError(f"house rule {name!r} must be true or false")
        else:
            values[name] = value
    return cls(**values)


#: The version of the rules core's readings of the official texts. It goes up whenever a
#: ruling changes what is right, so an exam sitting keeps the reading it was graded under
#: and an old sitting is never regraded under a newer one.
#: 2: wân iat sêk only without honours worth fán (Art. 6 (a)); a big three dragons or big
#: four winds replaces only its small form (HI-MJ-INCLUDES).
#: 3: the Mahjong Baccarat banker's commission on his net gain (HI-MB-COMMISSION); a void
#: Sap I Chi round; 13-card house-way ties counted as the banker's; Mah-Jong claims chosen
#: by the player (HI-MJ-CLAIM).
#: 4: a 13-card place finishing at the signal itself loses (HI-13-SIGNAL); three-card
#: player and banker bets returned on a tie, cited HI-3C-TIE; Mah-Jong readings valued
#: after the cap (HI-MJ-INCLUDES). What each changed is listed in trainer.rules.readings.
READINGS = 4
