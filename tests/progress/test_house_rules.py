"""The house rules kept in the settings: saved by an instructor, read back, and a damaged or
unusable saved value giving the default rules with a warning, never a crash."""

from __future__ import annotations

import json
from dataclasses import replace
from decimal import Decimal

import pytest

from trainer.progress.house_rules import (
    PARS_SETTING,
    SETTING,
    check_values,
    load_house_rules,
    read_house_rules,
    read_round_pars,
    save_house_rules,
    save_round_pars,
)
from trainer.progress.people.accounts import NotAllowed
from trainer.progress.storage.ledger import store_setting, stored_setting
from trainer.rounds.pars import Pars
from trainer.rules.house import BankerCommission, HouseRules


def test_without_saved_house_rules_the_defaults_are_used_without_a_warning(store):
    warnings: list[str] = []
    assert read_house_rules(store) == (HouseRules(), None)
    assert load_house_rules(store, warnings.append) == HouseRules()
    assert warnings == []


def test_saved_house_rules_are_read_back(store, instructor):
    rules = HouseRules(money_unit=Decimal("1"), mahjong_baccarat=replace(
        HouseRules().mahjong_baccarat, max_rounds_in_a_row=0,
        banker_commission=BankerCommission.NET_GAIN))
    save_house_rules(store, instructor, rules)
    warnings: list[str] = []
    assert read_house_rules(store) == (rules, None)
    assert load_house_rules(store, warnings.append) == rules
    assert warnings == []


def test_only_an_instructor_saves_the_house_rules(store, ana):
    with pytest.raises(NotAllowed, match="Only an instructor may do this"):
        save_house_rules(store, ana, HouseRules())
    assert read_house_rules(store) == (HouseRules(), None)


def test_a_damaged_saved_value_gives_the_defaults_and_one_warning(store):
    store_setting(store, SETTING, '{"money_unit": ')
    rules, problem = read_house_rules(store)
    assert rules == HouseRules() and "could not be read" in str(problem)
    warnings: list[str] = []
    assert load_house_rules(store, warnings.append) == HouseRules()
    assert len(warnings) == 1 and "until an instructor saves" in warnings[0]
    assert load_house_rules(store) == HouseRules()  # no one to tell: still no crash


@pytest.mark.parametrize("rules, named", [
    (HouseRules(money_unit=Decimal("-0.01")), "money_unit = Decimal('-0.01')"),
    (HouseRules(money_unit=Decimal("Infinity")), "money_unit = Decimal('Infinity')"),
    (HouseRules(money_unit=0.01), "money_unit = 0.01"),
    (HouseRules(mahjong_baccarat=replace(HouseRules().mahjong_baccarat,
                                         max_rounds_in_a_row=-1)), "max_rounds_in_a_row = -1"),
    (HouseRules(mahjong_baccarat=replace(HouseRules().mahjong_baccarat,
                                         max_rounds_in_a_row=True)),
     "max_rounds_in_a_row = True"),
    (HouseRules(mahjong_baccarat=replace(HouseRules().mahjong_baccarat,
                                         capital_net_of_commission=1)),
     "capital_net_of_commission = 1"),
    (HouseRules(mahjong_baccarat=replace(HouseRules().mahjong_baccarat,
                                         banker_commission="net_gain")),
     "banker_commission = 'net_gain'"),
])
def test_unusable_values_are_named_and_refused(rules, named):
    with pytest.raises(ValueError, match=f"^{named.replace('(', '[(]').replace(')', '[)]')}$"):
        check_values(rules, HouseRules())


def test_zero_is_a_usable_amount_and_count():
    check_values(HouseRules(money_unit=Decimal("0"), mahjong_baccarat=replace(
        HouseRules().mahjong_baccarat, max_rounds_in_a_row=0)), HouseRules())


def test_the_rounds_par_times_are_saved_beside_the_house_rules_not_in_them(store, instructor,
                                                                          ana):
    assert read_round_pars(store) == (Pars(), None)
    with pytest.raises(NotAllowed, match="Only an instructor may do this"):
        save_round_pars(store, ana, Pars(thirteen=240))
    save_round_pars(store, instructor, Pars(thirteen=240))
    assert read_round_pars(store) == (Pars(thirteen=240), None)
    assert read_house_rules(store) == (HouseRules(), None)  # the house rules untouched
    assert json.loads(stored_setting(store, PARS_SETTING)) == {**Pars().to_json(),
                                                               "thirteen": 240}


@pytest.mark.parametrize("stored", ['{"thirteen": ', '{"thirteen": 5}', '{"rounds": 1}', "[]"])
def test_damaged_par_times_give_the_defaults_and_say_why(store, stored):
    store_setting(store, PARS_SETTING, stored)
    pars, problem = read_round_pars(store)
    assert pars == Pars() and "until an instructor saves them again" in str(problem)
