"""House rules on the desk: changed in the form, checked, saved as JSON and read back."""

import json
from dataclasses import replace
from decimal import Decimal

import pytest
from PySide6.QtCore import Qt

from trainer.progress.house_rules import SETTING, load_house_rules, read_house_rules
from trainer.rules.house import HouseRules

pytest_plugins = ["tests.ui.desk_support"]
LEFT = Qt.MouseButton.LeftButton


def rules_page(qtbot, desk):
    qtbot.keyClick(desk, Qt.Key.Key_6, Qt.KeyboardModifier.ControlModifier)
    assert desk.stack.currentWidget() is desk.house_rules
    return desk.house_rules


def editor(page, *path):
    return next(group.editor(path) for group in page.groups
                if any(rule.path == path for rule in group.spec.fields))


def type_into(qtbot, widget, text):
    """Select what the control holds and type over it, as a user does."""
    line = widget.lineEdit() if hasattr(widget, "lineEdit") else widget
    widget.setFocus()
    line.selectAll()
    qtbot.keyClicks(line, text)


def test_change_house_rules_and_read_them_back(qtbot, desk, store):
    page = rules_page(qtbot, desk)
    assert load_house_rules(store) == HouseRules()
    type_into(qtbot, editor(page, "three_card", "tie_pays"), "25")
    type_into(qtbot, editor(page, "thirteen", "commission_rate"), "2.5")
    type_into(qtbot, editor(page, "mahjong", "one_fan_amount"), "30")
    type_into(qtbot, editor(page, "mahjong_baccarat", "max_rounds_in_a_row"), "3")
    layout = editor(page, "sap_i_chi", "any_group_of_numbers")
    layout.setFocus()
    qtbot.keyClick(layout, Qt.Key.Key_Down)
    unit = editor(page, "commission_unit")
    unit.setCurrentIndex(unit.findData("0.1"))
    with qtbot.waitSignal(page.rulesChanged) as saved:
        qtbot.mouseClick(page.save_button, LEFT)
    assert page.message.text() == "The house rules are saved. New questions follow them."
    defaults = HouseRules()
    expected = replace(
        defaults, commission_unit=Decimal("0.1"),
        thirteen=replace(defaults.thirteen, commission_rate=Decimal("0.025")),
        three_card=replace(defaults.three_card, tie_pays=Decimal(25)),
        mahjong=replace(defaults.mahjong, one_fan_amount=Decimal(30)),
        mahjong_baccarat=replace(defaults.mahjong_baccarat, max_rounds_in_a_row=3),
        sap_i_chi=replace(defaults.sap_i_chi, any_group_of_numbers=False))
    assert saved.args[0] == expected
    assert load_house_rules(store) == expected
    assert json.loads(store.setting(SETTING))["three_card"]["tie_pays"] == "25"
    page.reload()  # what the form shows comes back from the store
    assert editor(page, "three_card", "tie_pays").value() == 25
    assert editor(page, "sap_i_chi", "any_group_of_numbers").currentData() is False


def test_a_bad_amount_is_said_inline_and_nothing_is_saved(qtbot, desk, store):
    page = rules_page(qtbot, desk)
    type_into(qtbot, editor(page, "mahjong", "kai_vu_amount"), "ten")
    qtbot.mouseClick(page.save_button, LEFT)
    assert page.message.objectName() == "error"
    assert page.message.text() == ("Each player pays for kai vu (HI-MJ-PAY): “ten” is not an "
                                   "amount: use only digits, separators and the currency.")
    type_into(qtbot, editor(page, "mahjong", "kai_vu_amount"), "50")
    qtbot.mouseClick(page.save_button, LEFT)
    assert page.message.text().startswith("Mah-Jong: a hand of more fán must pay")
    assert store.setting(SETTING) is None


def test_amounts_are_typed_in_the_language_of_the_desk(qtbot, desk, store, switcher):
    page = rules_page(qtbot, desk)
    switcher.switch("pt_MO")
    amount = editor(page, "mahjong", "double_fan_amount")
    assert "40,00" in amount.text()
    type_into(qtbot, amount, "1.234,50")
    page.save()
    assert load_house_rules(store).mahjong.double_fan_amount == Decimal("1234.5")
    switcher.switch("en")
    assert "1,234.50" in amount.text()


def test_restore_the_defaults(qtbot, desk, store):
    page = rules_page(qtbot, desk)
    type_into(qtbot, editor(page, "three_card", "tie_pays"), "30")
    page.save()
    qtbot.mouseClick(page.defaults_button, LEFT)
    assert editor(page, "three_card", "tie_pays").value() == 20
    assert load_house_rules(store).three_card.tie_pays == 30  # not saved yet
    page.save()
    assert load_house_rules(store) == HouseRules()


@pytest.mark.parametrize("stored", [
    "{not json",
    json.dumps({"three_card": {"tie_pays": "lots"}}),
    json.dumps({"mahjong_baccarat": {"max_rounds_in_a_row": "two"}}),
    json.dumps({"sap_i_chi": {"any_group_of_numbers": 1}}),
    json.dumps({"thirteen": {"house_way": "by guesswork"}}),
    json.dumps({"roulette": {}}),
    json.dumps(["a list"]),
])
def test_damaged_saved_rules_give_the_defaults_and_a_warning(qtbot, desk, store, stored):
    store.set_setting(SETTING, stored)
    warnings = []
    assert load_house_rules(store, warnings.append) == HouseRules()
    assert warnings[0].startswith("The saved house rules could not be read")
    rules, problem = read_house_rules(store)
    assert problem is not None
    page = rules_page(qtbot, desk)
    page.reload()
    assert page.message.objectName() == "error"
    assert page.message.text() == warnings[0]
    assert editor(page, "three_card", "tie_pays").value() == 20
