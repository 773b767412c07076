"""House rules on the desk: changed in the form, checked, saved as JSON and read back."""

import json
from dataclasses import replace
from decimal import Decimal

import pytest
from modes_support import open_home
from PySide6.QtCore import Qt

from trainer.progress.house_rules import (
    SETTING,
    load_house_rules,
    read_house_rules,
    read_round_pars,
    save_round_pars,
)
from trainer.progress.storage.ledger import store_setting, stored_setting
from trainer.rounds.pars import Pars
from trainer.rules.house import (
    ChipCurrency,
    ChipRules,
    CommissionInChips,
    FewestChips,
    HouseRules,
)

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
    assert json.loads(stored_setting(store, SETTING))["three_card"]["tie_pays"] == "25"
    page.reload()  # what the form shows comes back from the store
    assert editor(page, "three_card", "tie_pays").value() == 25
    assert editor(page, "sap_i_chi", "any_group_of_numbers").currentData() is False


def _said_at(page, field):
    """The problem shown under ``field`` (and that it is the only one shown, marked)."""
    group = next(g for g in page.groups if field in g.editors)
    shown = [(g, p) for g in page.groups for p in g.problems if p.isVisibleTo(page)]
    assert shown == [(group, group.problems[group.editors.index(field)])]
    assert field.property("invalid") is True and field.hasFocus()
    return shown[0][1].text()


def test_a_bad_amount_is_said_at_its_field_and_nothing_is_saved(qtbot, desk, store):
    page = rules_page(qtbot, desk)
    kai_vu = editor(page, "mahjong", "kai_vu_amount")
    type_into(qtbot, kai_vu, "ten")
    qtbot.mouseClick(page.save_button, LEFT)
    assert page.message.objectName() == "error"
    assert page.message.text() == "One setting cannot be saved: see it marked above."
    assert _said_at(page, kai_vu) == (
        "Each player pays for kai vu (HI-MJ-PAY): “ten” is not an amount: use only digits, "
        "separators and the currency.")
    type_into(qtbot, kai_vu, "50")
    qtbot.mouseClick(page.save_button, LEFT)
    one_fan = editor(page, "mahjong", "one_fan_amount")
    assert _said_at(page, one_fan).startswith("Mah-Jong: a hand of more fán must pay")
    assert kai_vu.property("invalid") is False
    assert stored_setting(store, SETTING) is None
    type_into(qtbot, kai_vu, "10")
    qtbot.mouseClick(page.save_button, LEFT)
    assert not any(p.isVisibleTo(page) for g in page.groups for p in g.problems)
    assert stored_setting(store, SETTING) is not None


@pytest.mark.parametrize(("answer", "stays", "kept"), [
    ("Cancel", True, None), ("Discard", False, Decimal(20)), ("Save", False, Decimal(25))])
def test_leaving_with_unsaved_changes_asks_first(qtbot, desk, store, monkeypatch, answer,
                                                  stays, kept):
    from PySide6.QtWidgets import QMessageBox

    page = rules_page(qtbot, desk)
    asked = []

    def reply(box):
        asked.append(box.text())
        return getattr(QMessageBox.StandardButton, answer)
    monkeypatch.setattr(QMessageBox, "exec", reply)
    type_into(qtbot, editor(page, "three_card", "tie_pays"), "25")
    desk.open_page(desk.trainees)
    assert asked == ["The house rules have changes that are not saved. Save them?"]
    assert (desk.stack.currentWidget() is page) == stays
    assert desk.nav.currentRow() == desk.pages.index(page if stays else desk.trainees)
    assert load_house_rules(store).three_card.tie_pays == Decimal(20 if answer != "Save" else 25)
    if kept is not None:
        assert editor(page, "three_card", "tie_pays").value() == kept


def test_leaving_without_changes_asks_nothing(qtbot, desk, monkeypatch):
    from PySide6.QtWidgets import QMessageBox

    page = rules_page(qtbot, desk)
    monkeypatch.setattr(QMessageBox, "exec", lambda box: pytest.fail(box.text()))
    desk.open_page(desk.trainees)
    assert desk.stack.currentWidget() is desk.trainees
    assert page.changed() is False


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
    store_setting(store, SETTING, stored)
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


def test_the_chips_group_sets_the_tray_its_currency_and_the_fewest_chips(qtbot, desk, store):
    page = rules_page(qtbot, desk)
    tray = editor(page, "chips", "denominations")
    assert tray.text() == "5 10 25 50 100 500 1000 5000 10000"
    type_into(qtbot, tray, "5000 25 100 1000 500")
    currency = editor(page, "chips", "currency")
    currency.setCurrentIndex(currency.findData("HKD"))
    fewest = editor(page, "chips", "fewest")
    assert fewest.currentData() == "hint"
    assert [fewest.itemText(i) for i in range(fewest.count())] == [
        "Is not looked at: the amount alone is graded",
        "Is right, and the fewest chips are shown", "Earns half"]
    fewest.setCurrentIndex(fewest.findData("graded"))
    commission = editor(page, "chips", "commission")
    assert commission.currentData() == "net"
    assert [commission.itemText(i) for i in range(commission.count())] == [
        "Pay the net amount", "Pay the whole win, then take the commission back in chips"]
    commission.setCurrentIndex(commission.findData("gross"))
    with qtbot.waitSignal(page.rulesChanged) as saved:
        qtbot.mouseClick(page.save_button, LEFT)
    chips = ChipRules("25 100 500 1000 5000", ChipCurrency.HKD, FewestChips.GRADED,
                      CommissionInChips.GROSS)
    assert saved.args[0] == replace(HouseRules(), chips=chips)
    assert load_house_rules(store).chips == chips
    assert load_house_rules(store).chips.tray[0] == Decimal(25)
    page.reload()
    assert tray.text() == "25 100 500 1000 5000"
    assert (currency.currentData(), fewest.currentData(), commission.currentData()) == (
        "HKD", "graded", "gross")
    assert page.changed() is False


def test_saving_other_settings_keeps_the_chips(qtbot, desk, store):
    chips = ChipRules("10 50 100 1000", ChipCurrency.HKD, FewestChips.OFF)
    store_setting(store, SETTING, json.dumps(replace(HouseRules(), chips=chips).to_json()))
    page = rules_page(qtbot, desk)
    page.reload()
    type_into(qtbot, editor(page, "three_card", "tie_pays"), "25")
    assert page.save()
    saved = load_house_rules(store)
    assert saved.chips == chips and saved.three_card.tie_pays == Decimal(25)


@pytest.mark.parametrize("typed", ["10 25", "5 5 10", "5 7.5", "", "lots",
                                   " ".join(str(5 * n) for n in range(1, 14))])
def test_a_bad_tray_is_said_at_its_field_in_words(qtbot, desk, store, typed):
    page = rules_page(qtbot, desk)
    tray = editor(page, "chips", "denominations")
    if typed:
        type_into(qtbot, tray, typed)
    else:
        tray.clear()
    qtbot.mouseClick(page.save_button, LEFT)
    assert _said_at(page, tray) == (
        "Chips in the tray (HI-CHIP-CHANGE): Chip denominations are whole amounts, each "
        "once, each a whole number of the smallest, at most 12.")
    assert stored_setting(store, SETTING) is None


def test_the_tray_stays_as_it_is_in_another_language(qtbot, desk, switcher):
    page = rules_page(qtbot, desk)
    tray = editor(page, "chips", "denominations")
    type_into(qtbot, tray, "5 100")  # could be read as an amount: 5 100 is 5,100
    switcher.switch("pt_MO")
    assert tray.text() == "5 100"
    switcher.switch("en")
    assert tray.text() == "5 100"


def test_a_place_setting_at_the_signal_itself_is_a_13_card_setting_named_by_its_code(
        qtbot, desk, store):
    # HI-13-SIGNAL: shown with the other 13-card settings, with its code, the text's
    # reading (the place loses) first; choosing the other reading is saved and read back.
    page = rules_page(qtbot, desk)
    signal = editor(page, "thirteen", "finished_at_the_signal_plays")
    group = next(g for g in page.groups if signal in g.editors)
    assert group.title() == "13-card game"
    assert group.labels[group.editors.index(signal)].text() == (
        "A place that finishes setting at the signal itself (HI-13-SIGNAL)")
    assert signal.currentData() is False
    assert signal.currentText() == "Loses: it did not finish before the signal"
    signal.setFocus()
    qtbot.keyClick(signal, Qt.Key.Key_Down)
    assert signal.currentText() == "Plays: it finished within the five minutes"
    with qtbot.waitSignal(page.rulesChanged) as saved:
        qtbot.mouseClick(page.save_button, LEFT)
    assert saved.args[0].thirteen.finished_at_the_signal_plays is True
    assert load_house_rules(store).thirteen.finished_at_the_signal_plays is True
    page.reload()
    assert editor(page, "thirteen", "finished_at_the_signal_plays").currentData() is True


def test_the_par_times_are_set_beside_the_house_rules_and_a_round_takes_them(qtbot, desk,
                                                                           store):
    page = rules_page(qtbot, desk)
    par = editor(page, "round_pars", "mahjong_baccarat")
    assert (par.value(), par.minimum(), par.maximum()) == (150, 30, 900)
    assert editor(page, "round_pars", "thirteen").value() == 180
    type_into(qtbot, par, "200")
    assert page.changed()
    with qtbot.waitSignal(page.rulesChanged):
        qtbot.mouseClick(page.save_button, LEFT)
    assert read_round_pars(store) == (Pars(mahjong_baccarat=200), None)
    assert stored_setting(store, SETTING) is None or json.loads(
        stored_setting(store, SETTING)) == HouseRules().to_json()  # no par among the rules
    assert not page.changed()
    par.setValue(150)
    page.reload()  # what the form shows comes back from the store
    assert par.value() == 200
    page.restore_defaults()
    assert par.value() == 150 and editor(page, "round_pars", "thirteen").value() == 180


def test_the_mahjong_scene_and_whole_hands_each_have_their_par_shown_and_saved(
        qtbot, desk, store):
    """The instructor's choice of a table-ready scene with its par, or a whole hand with
    its own: each Mah-Jong game's par is on the page and saved."""
    page = rules_page(qtbot, desk)
    pars = {game: editor(page, "round_pars", game)
            for game in ("mahjong", "mahjong_hand", "mahjong_simplified")}
    assert {game: box.value() for game, box in pars.items()} == {
        "mahjong": 180, "mahjong_hand": 720, "mahjong_simplified": 300}
    type_into(qtbot, pars["mahjong"], "240")
    type_into(qtbot, pars["mahjong_hand"], "900")
    type_into(qtbot, pars["mahjong_simplified"], "360")
    with qtbot.waitSignal(page.rulesChanged):
        qtbot.mouseClick(page.save_button, LEFT)
    assert read_round_pars(store) == (Pars(mahjong=240, mahjong_hand=900,
                                           mahjong_simplified=360), None)


def test_a_round_started_from_the_main_window_runs_at_the_houses_par(qtbot, window, store,
                                                                      instructor):
    save_round_pars(store, instructor, Pars(mahjong_baccarat=200))
    open_home(qtbot, window)
    window.start_round("mahjong_baccarat", "practice")
    assert window.round_screen.played.round.par_seconds == 200
    assert window.round_screen.time.text().startswith("Par 3:20")
