"""The house's settings as the desk edits them and the rulebook shows them: where each is in
``HouseRules.to_json()``, its label (naming the house interpretation it sets), its kind and,
for a choice, the readings offered. No Qt: the desk's form (``ui.desk.house.house_form``) and the
rulebook's house interpretations (``ui.rulebook.house``) both read it, neither the other.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from enum import StrEnum
from typing import Any

from i18n import N_


class SettingKind(StrEnum):
    """How a setting is given and shown."""

    PERCENT = "percent"  #: a rate, shown in per cent
    TIMES = "times"  #: a payout "to 1"
    ROUNDS = "rounds"  #: a number of rounds
    MONEY = "money"  #: an amount of money
    UNIT = "unit"  #: a unit of money (:data:`UNITS`)
    CHIPS = "chips"  #: the chips of a tray
    CHOICE = "choice"  #: one of the readings offered
    SECONDS = "seconds"  #: a time in seconds (a round's par)


#: Units of money a commission or a payment may be rounded to.
UNITS = ("0.01", "0.1", "0.5", "1", "5", "10")



#: Where the rounds' par times are in the form's values: beside ``HouseRules.to_json()``'s
#: keys, kept apart from the house rules (:mod:`trainer.rounds.pars` says why).
PARS = "round_pars"


@dataclass(frozen=True)
class RuleField:
    #: Where the setting is in ``HouseRules.to_json()`` (or under :data:`PARS`).
    path: tuple[str, ...]
    label: str
    kind: SettingKind
    #: For ``choice``: (stored value, its words).
    choices: tuple[tuple[Any, str], ...] = ()


@dataclass(frozen=True)
class GroupSpec:
    title: str
    column: int
    fields: tuple[RuleField, ...]


GROUPS = (
    GroupSpec(N_("Money"), 0, (
        RuleField(("commission_unit",), N_("Commissions are rounded half-up to (HI-MONEY)"),
                  SettingKind.UNIT),
        RuleField(("money_unit",), N_("The smallest amount paid or collected"), SettingKind.UNIT),
    )),
    GroupSpec(N_("Chips"), 0, (
        RuleField(("chips", "denominations"), N_("Chips in the tray (HI-CHIP-CHANGE)"),
                  SettingKind.CHIPS),
        RuleField(("chips", "currency"), N_("The chips' currency"), SettingKind.CHOICE,
                  (("MOP", N_("Patacas (MOP)")), ("HKD", N_("Hong Kong dollars (HKD)")))),
        RuleField(("chips", "fewest"), N_("Paying with more chips than needed"),
                  SettingKind.CHOICE,
                  (("off", N_("Is not looked at: the amount alone is graded")),
                   ("hint", N_("Is right, and the fewest chips are shown")),
                   ("graded", N_("Earns half")))),
        RuleField(("chips", "commission"), N_("A win that owes commission"),
                  SettingKind.CHOICE,
                  (("net", N_("Pay the net amount")),
                   ("gross", N_("Pay the whole win, then take the commission back in "
                                "chips")))),
    )),
    GroupSpec(N_("13-card game"), 0, (
        RuleField(("thirteen", "commission_rate"), N_("Commission on a prize (Art. 11)"),
                  SettingKind.PERCENT),
        RuleField(("thirteen", "equal_tiers_are_foul"), N_("Equal tiers (HI-EQUAL-TIERS)"),
                  SettingKind.CHOICE, ((False, N_("Are not a foul")), (True, N_("Are a foul")))),
        RuleField(("thirteen", "natural_declared_automatically"), N_("Naturals (HI-NATURAL)"),
                  SettingKind.CHOICE, ((True, N_("Count as declared")),
                             (False, N_("Count only when declared")))),
        RuleField(("thirteen", "six_pairs_allow_three_of_a_kind"),
                  N_("Six pairs and a half (HI-SIX-PAIRS)"), SettingKind.CHOICE,
                  ((False, N_("The odd card matches no pair")),
                   (True, N_("The odd card may match a pair")))),
        RuleField(("thirteen", "both_foul_is_push"),
                  N_("Banker and place both fouled (HI-FOUL)"), SettingKind.CHOICE,
                  ((False, N_("The place loses its bets")),
                   (True, N_("A push: the bets are returned")))),
        RuleField(("thirteen", "house_way"), N_("The banker sets his hand (HI-HOUSE-WAY)"),
                  SettingKind.CHOICE, (("expected-points", N_("For the most points expected")),
                             ("strongest-back", N_("Strongest back tier first")))),
        RuleField(("thirteen", "finished_at_the_signal_plays"),
                  N_("A place that finishes setting at the signal itself (HI-13-SIGNAL)"),
                  SettingKind.CHOICE, ((False, N_("Loses: it did not finish before the signal")),
                             (True, N_("Plays: it finished within the five minutes")))),
    )),
    GroupSpec(N_("Sap I Chi"), 0, (
        RuleField(("sap_i_chi", "any_group_of_numbers"), N_("Group bets (HI-SAP-LAYOUT)"),
                  SettingKind.CHOICE, ((True, N_("Any 2, 3, 4 or 6 numbers")),
                             (False, N_("Only neighbouring numbers on the board")))),
    )),
    GroupSpec(N_("Mahjong Baccarat"), 1, (
        RuleField(("mahjong_baccarat", "commission_rate"),
                  N_("Commission on every amount won (Art. 9)"), SettingKind.PERCENT),
        RuleField(("mahjong_baccarat", "banker_commission"),
                  N_("The banker's commission (HI-MB-COMMISSION)"), SettingKind.CHOICE,
                  (("net-gain", N_("On his net gain, only when he wins the round")),
                   ("per-won-bet", N_("On every amount he collects")))),
        RuleField(("mahjong_baccarat", "max_rounds_in_a_row"),
                  N_("Rounds a place may keep the bank in a row (Art. 5.1)"), SettingKind.ROUNDS),
        RuleField(("mahjong_baccarat", "capital_net_of_commission"),
                  N_("The winning banker's new capital (HI-MB-COMMISSION)"), SettingKind.CHOICE,
                  ((True, N_("Counts his winnings net of commission")),
                   (False, N_("Counts his winnings before commission")))),
    )),
    GroupSpec(N_("Table rounds: the par time"), 1, (
        RuleField((PARS, "mahjong_baccarat"), N_("A Mahjong Baccarat round"),
                  SettingKind.SECONDS),
        RuleField((PARS, "thirteen"), N_("A 13-card round (the players' setting time not "
                                         "counted)"), SettingKind.SECONDS),
        RuleField((PARS, "mahjong"), N_("A Mah-Jong scene (the last discards to the payment)"),
                  SettingKind.SECONDS),
        RuleField((PARS, "mahjong_hand"), N_("A whole Mah-Jong hand"), SettingKind.SECONDS),
        RuleField((PARS, "mahjong_simplified"), N_("A whole simplified Mah-Jong hand"),
                  SettingKind.SECONDS),
    )),
    GroupSpec(N_("Three-card baccarat"), 1, (
        RuleField(("three_card", "commission_rate"),
                  N_("Commission on player and banker bets (HI-3C-PAY)"), SettingKind.PERCENT),
        RuleField(("three_card", "tie_pays"), N_("A tie pays (to 1)"), SettingKind.TIMES),
        RuleField(("three_card", "three_figures_pays"), N_("Three figures pays (to 1)"),
                  SettingKind.TIMES),
        RuleField(("three_card", "banker_points_pays"), N_("The banker's points pay (to 1)"),
                  SettingKind.TIMES),
    )),
    GroupSpec(N_("Mah-Jong"), 1, (
        RuleField(("mahjong", "kai_vu_amount"), N_("Each player pays for kai vu (HI-MJ-PAY)"),
                  SettingKind.MONEY),
        RuleField(("mahjong", "one_fan_amount"), N_("Each player pays for 1 fán"),
                  SettingKind.MONEY),
        RuleField(("mahjong", "double_fan_amount"), N_("Each player pays for double fán"),
                  SettingKind.MONEY),
        RuleField(("mahjong", "commission_rate"), N_("Commission on a win"), SettingKind.PERCENT),
        RuleField(("mahjong", "wan_iat_sek_with_scoring_honours"),
                  N_("One suit with honours, wân iat sêk (Art. 6 (a))"), SettingKind.CHOICE,
                  ((False, N_("Only when no honour set is itself worth fán (Art. 6 (a))")),
                   (True, N_("Whatever its honours are worth")))),
    )),
)


def value_at(values: dict[str, Any], path: tuple[str, ...]) -> Any:
    for key in path:
        values = values[key]
    return values


def put_at(values: dict[str, Any], path: tuple[str, ...], value: Any) -> None:
    for key in path[:-1]:
        values = values[key]
    values[path[-1]] = value


def plain(value: Decimal) -> str:
    """A decimal as the shortest plain text ("0.02", "10"), as the JSON keeps it."""
    return format(value.normalize(), "f")
