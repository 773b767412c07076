"""Screenshots of the round screen of each game, mid-round and at the review, in the three
languages at 1280×800 (not part of the tests: run this file by name, with QT_SCALE_FACTOR=2
for 200 %): ``QT_QPA_PLATFORM=offscreen pytest tests/ui/screenshots_rounds.py``, or ``make
screenshots``; saved to ``$SHOTS`` (default ``tests/screenshots/rounds``)."""

from __future__ import annotations

import os
from decimal import Decimal
from pathlib import Path

import pytest
from modes_support import click, open_home
from PySide6.QtCore import Qt
from rounds_support import click_amount, click_class, click_place, do_by_keys
from screens_support import settle

import i18n
from trainer.rounds.play import solve
from ui.rounds.kits import KITS

SCALE = os.environ.get("QT_SCALE_FACTOR", "1")
SHOTS = Path(os.environ.get("SHOTS", Path(__file__).parents[1] / "screenshots" / "rounds"))


def start(qtbot, window, game: str, mode: int, language: str):
    """The round screen of ``game`` played the ``mode``-th way, started from the home."""
    window.switch_language(language)
    scale = float(SCALE)
    window.resize(int(1280 / scale), int(800 / scale))
    home = open_home(qtbot, window)
    click(qtbot, home.buttons["table_round"])
    window.round_setup.games.setCurrentIndex(list(KITS).index(game))
    window.round_setup.modes.setCurrentIndex(mode)
    click(qtbot, window.round_setup.start_button)
    return window.round_screen, f"{game}-{language}-{int(scale * 100)}"


def shooter(qtbot, window, name: str):
    def shot(stage: str) -> None:
        settle()
        window.grab().save(str(SHOTS / f"{name}-{stage}.png"))
        window.activateWindow()  # as the grab left it
        qtbot.waitUntil(window.isActiveWindow)
    return shot


@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_mahjong_baccarat_shots(qtbot, window, monkeypatch, language):
    monkeypatch.setattr("ui.main_window.fresh_seed", lambda: 1286)  # co-bankers
    SHOTS.mkdir(parents=True, exist_ok=True)
    screen, name = start(qtbot, window, "mahjong_baccarat", 1, language)  # guided
    shot = shooter(qtbot, window, name)
    actions = solve(screen.played.round)
    verbs = [a.verb for a in actions]
    for action in actions[:verbs.index("open") + 3]:
        do_by_keys(qtbot, screen, action)
    qtbot.keyClick(screen, Qt.Key.Key_H)
    shot("1-settlement")
    upto = verbs.index("share") + 1 if "share" in verbs else verbs.index("commission")
    for action in actions[verbs.index("open") + 3:upto]:
        do_by_keys(qtbot, screen, action)
    shot("2-shares")
    for action in actions[upto:]:
        do_by_keys(qtbot, screen, action)
    shot("3-review")


@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_thirteen_shots(qtbot, window, monkeypatch, language):
    monkeypatch.setattr("ui.main_window.fresh_seed", lambda: 5)  # three incidents
    SHOTS.mkdir(parents=True, exist_ok=True)
    screen, name = start(qtbot, window, "thirteen", 1, language)  # guided
    shot = shooter(qtbot, window, name)
    actions = solve(screen.played.round)
    verbs = [a.verb for a in actions]

    for action in actions[:verbs.index("set")]:
        do_by_keys(qtbot, screen, action)
    qtbot.keyClick(screen, Qt.Key.Key_S)
    shot("1-setting")
    qtbot.keyClick(screen.focusWidget(), Qt.Key.Key_Escape)
    upto = verbs.index("collect") + 2
    for action in actions[verbs.index("set"):upto]:
        do_by_keys(qtbot, screen, action)
    qtbot.keyClick(screen, Qt.Key.Key_H)
    shot("2-showdown")
    for action in actions[upto:]:
        do_by_keys(qtbot, screen, action)
    shot("3-review")


@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_sap_i_chi_shots(qtbot, window, monkeypatch, language):
    monkeypatch.setattr("ui.main_window.fresh_seed", lambda: 12)  # five numbers, a void round
    SHOTS.mkdir(parents=True, exist_ok=True)
    screen, name = start(qtbot, window, "sap_i_chi", 2, language)  # practice
    shot = shooter(qtbot, window, name)
    actions = solve(screen.played.round)
    lines = [str(a) for a in actions]
    upto = lines.index("decide void") + 1
    for action in actions[:upto]:
        do_by_keys(qtbot, screen, action)
    shot("1-void")
    paid = [a.verb for a in actions].index("pay") + 3
    for action in actions[upto:paid]:
        do_by_keys(qtbot, screen, action)
    shot("2-settlement")
    for action in actions[paid:]:
        do_by_keys(qtbot, screen, action)
    shot("3-review")


@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_three_card_shots(qtbot, window, monkeypatch, language):
    monkeypatch.setattr("ui.main_window.fresh_seed", lambda: 3)  # a shoe dealt on
    SHOTS.mkdir(parents=True, exist_ok=True)
    screen, name = start(qtbot, window, "three_card", 1, language)  # guided
    shot = shooter(qtbot, window, name)
    actions = solve(screen.played.round)
    upto = [n for n, a in enumerate(actions) if a.verb == "class"][3]
    for action in actions[:upto]:
        do_by_keys(qtbot, screen, action)
    qtbot.keyClick(screen, Qt.Key.Key_H)
    shot("1-showdown")
    place, number = actions[upto].values
    click(qtbot, screen.controls.verbs[screen.kit.verb_of(actions[upto])])
    click_place(qtbot, screen, place)
    click_class(qtbot, screen, number)
    shot("2-class-picked")
    click(qtbot, screen.controls.confirm)
    upto += 1
    for action in actions[upto:]:
        do_by_keys(qtbot, screen, action)
    shot("3-review")


@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_mahjong_shots(qtbot, window, monkeypatch, language):
    monkeypatch.setattr("ui.main_window.fresh_seed", lambda: 1)  # a chow, calls, a win
    SHOTS.mkdir(parents=True, exist_ok=True)
    screen, name = start(qtbot, window, "mahjong", 1, language)  # guided
    shot = shooter(qtbot, window, name)
    actions = solve(screen.played.round)
    verbs = [a.verb for a in actions]
    for action in actions[:2]:
        do_by_keys(qtbot, screen, action)
    qtbot.keyClick(screen, Qt.Key.Key_H)
    shot("1-claim")
    for action in actions[2:verbs.index("fan") + 1]:
        do_by_keys(qtbot, screen, action)
    qtbot.keyClick(screen, Qt.Key.Key_L)
    click_place(qtbot, screen, 2)
    shot("2-win")
    for action in actions[len(screen.played.verdicts):verbs.index("commission")]:
        do_by_keys(qtbot, screen, action)
    shot("3-payments")
    for action in actions[len(screen.played.verdicts):]:
        do_by_keys(qtbot, screen, action)
    shot("4-review")


@pytest.mark.parametrize(("game", "seed"), [("mahjong_hand", 1), ("mahjong_simplified", 5)])
@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_mahjong_hand_shots(qtbot, window, monkeypatch, language, game, seed):
    """A whole hand at the break (the stack being typed), mid-deal, at a claim and at the
    win: a conventional one with incidents, a simplified one of three players."""
    monkeypatch.setattr("ui.main_window.fresh_seed", lambda: seed)
    SHOTS.mkdir(parents=True, exist_ok=True)
    screen, name = start(qtbot, window, game, 3, language)  # table-ready
    shot = shooter(qtbot, window, name)
    actions = solve(screen.played.round)
    verbs = [a.verb for a in actions]
    qtbot.keyClick(screen, Qt.Key.Key_B)
    click_place(qtbot, screen, list("eswn").index(str(actions[0].values[0])) + 1)
    shot("1-break")
    screen.controls.amount.clear()
    for action in actions[:verbs.index("deal") + 2]:
        do_by_keys(qtbot, screen, action)
    shot("2-deal")
    claim = next(index for index, action in enumerate(actions)
                 if action.verb == "claim" and action.values[0] != "none")
    for action in actions[len(screen.played.verdicts):claim]:
        do_by_keys(qtbot, screen, action)
    shot("3-claim")
    for action in actions[len(screen.played.verdicts):verbs.index("fan") + 1]:
        do_by_keys(qtbot, screen, action)
    shot("4-win")


@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_resume_list_shots(qtbot, window, monkeypatch, language):
    """The home after leaving a round (saved), and the Table round page with three rounds
    left unfinished, to resume."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    for game, mode, seed, steps in (("mahjong_baccarat", 3, 12, 3), ("thirteen", 2, 5, 6),
                                    ("mahjong", 1, 1, 2)):
        monkeypatch.setattr("ui.main_window.fresh_seed", lambda seed=seed: seed)
        screen, _name = start(qtbot, window, game, mode, language)
        for action in solve(screen.played.round)[:steps]:
            do_by_keys(qtbot, screen, action)
        click(qtbot, screen.back_button)
    shot = shooter(qtbot, window, f"resume-{language}-{int(float(SCALE) * 100)}")
    shot("1-home-saved")
    click(qtbot, window.home.buttons["table_round"])
    window.round_setup.unfinished.list.setFocus()
    shot("2-list")


@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_chips_and_change_shots(qtbot, window, monkeypatch, language):
    """A payment in pennies put together by clicks: the chips, the change's coins."""
    monkeypatch.setattr("ui.main_window.fresh_seed", lambda: 178)  # payments in pennies
    SHOTS.mkdir(parents=True, exist_ok=True)
    screen, name = start(qtbot, window, "thirteen", 2, language)  # practice
    shot = shooter(qtbot, window, name)
    actions = solve(screen.played.round)
    upto = next(n for n, a in enumerate(actions) if a.verb in ("pay", "collect")
                and any(isinstance(v, Decimal) and v % 1 for v in a.values))
    for action in actions[:upto]:
        do_by_keys(qtbot, screen, action)
    place, amount = actions[upto].values
    click(qtbot, screen.controls.verbs[screen.kit.verb_of(actions[upto])])
    click_place(qtbot, screen, place)
    click_amount(qtbot, screen, amount)
    shot("4-change-clicked")
    click(qtbot, screen.controls.confirm)
    assert screen.last is not None and screen.last.correct
