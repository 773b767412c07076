"""Whole Mah-Jong hands on screen, conventional (``mahjong_hand``) and simplified
(``mahjong_simplified``, two to four players): each played whole by keys only (the stack
of the break and the tiles of a deal typed in the amount box) and by the mouse only (each
seat clicked on the table, the stack and the tiles on their tray), incidents called and
ruled; the table shows only the seats present, the wall counted down as the deal goes, the
dice and the break."""

from __future__ import annotations

import pytest
from modes_support import click, open_home
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractScrollArea
from rounds_support import do_by_keys, play_by_mouse, round_screen
from screens_support import settle
from test_scaled_screens import ROOMS, cut_controls

from trainer.rounds import mahjong
from trainer.rounds.games import start
from trainer.rounds.mahjong.table import HAND_CALLS
from trainer.rounds.modes import Mode
from trainer.rounds.play import solve
from trainer.rules.mahjong.hands.tiles import Wind
from ui.rounds.kits import KITS
from ui.rounds.mahjong_kit import MAHJONG_HAND, MAHJONG_SIMPLIFIED, mahjong_kit
from ui.rounds.mahjong_table import MahjongRoundTable
from ui.rounds.screen import RoundScreen

HAND, SIMPLIFIED = mahjong.HAND, mahjong.SIMPLIFIED


@pytest.fixture
def hand_of(qtbot):
    """A round screen of a whole hand of ``game`` for ``(seed, mode)``."""
    return lambda game, seed, mode: round_screen(qtbot, game, seed, mode)


@pytest.mark.parametrize(("game", "kit"), [(HAND, MAHJONG_HAND),
                                           (SIMPLIFIED, MAHJONG_SIMPLIFIED)])
def test_each_hand_has_its_kit_every_verb_call_and_ruling_of_the_grammar(game, kit):
    assert KITS[game] is kit and mahjong_kit(game) == kit
    assert {verb.verb for verb in kit.verbs} | {"call", "decide"} == set(
        mahjong.GRAMMAR.verbs) == {*mahjong.HAND_STEP_SKILLS, "decide"}
    assert set(kit.call_kinds) == set(HAND_CALLS)
    assert set(kit.decisions) == set(mahjong.GRAMMAR.verbs["decide"][0].words)
    keys = [verb.key for verb in kit.verbs]
    assert len(keys) == len(set(keys)) and "H" not in keys
    assert {kit.key_verb(key).verb for key in "BDRZ"} == {"break", "deal", "deal-rest",
                                                         "drawn"}
    assert set(kit.typed_numbers) == {"break", "deal"}
    with pytest.raises(ValueError, match="not a Mah-Jong game: thirteen"):
        mahjong_kit("thirteen")


def _played(qtbot, screen: RoundScreen, do) -> list[str]:
    actions = solve(screen.played.round)
    for action in actions:
        do(qtbot, screen, action)
        assert screen.last is not None and screen.last.correct, (action, screen.last,
                                                                 screen.action.text())
    assert screen.played.finished
    assert f"{len(actions)} of {len(actions)} steps right" in screen.verdict.text()
    return [str(action) for action in actions]


#: Whole hands: a plain one; table-ready ones with incidents (tiles from the wrong end put
#: back, a chow out of turn, a barred kong, a kong declared late, a false win «nulo», wrong
#: tiles laid open); a
#: drawn game; simplified tables of two and three players.
HANDS = [
    (HAND, 0, Mode.LEARN), (HAND, 1, Mode.TABLE_READY), (HAND, 2, Mode.TABLE_READY),
    (HAND, 23, Mode.TABLE_READY), (HAND, 9, Mode.TABLE_READY), (HAND, 83, Mode.TABLE_READY),
    (HAND, 4, Mode.TABLE_READY),
    (SIMPLIFIED, 4, Mode.TABLE_READY), (SIMPLIFIED, 5, Mode.TABLE_READY),
    (SIMPLIFIED, 12, Mode.TABLE_READY), (SIMPLIFIED, 24, Mode.PRACTICE),
]


@pytest.mark.parametrize(("game", "seed", "mode"), HANDS)
def test_a_whole_hand_by_keys_only_every_step_right(qtbot, hand_of, game, seed, mode):
    _played(qtbot, hand_of(game, seed, mode), do_by_keys)


@pytest.mark.parametrize(("game", "seed", "mode"), HANDS)
def test_a_whole_hand_by_mouse_only_every_step_right(qtbot, hand_of, game, seed, mode):
    play_by_mouse(qtbot, hand_of(game, seed, mode))


def test_the_hands_played_have_their_incidents_and_tables():
    """What the seeds above deal (so the tests play what they say)."""
    lines = {(game, seed): [str(a) for a in solve(start(game, seed, mode))]
             for game, seed, mode in HANDS}
    calls = {line.split()[1] for each in lines.values() for line in each
             if line.startswith("call")}
    assert calls == set(HAND_CALLS)
    assert "drawn" in lines[(HAND, 83)]
    present = {len(start(game, seed, mode).table.seats) for game, seed, mode in HANDS
               if game == SIMPLIFIED}
    assert present == {2, 3, 4}


def test_the_stack_and_tiles_are_typed_in_their_box_and_named(qtbot, hand_of):
    screen = hand_of(HAND, 3, Mode.TABLE_READY)
    qtbot.keyClick(screen, Qt.Key.Key_B)
    qtbot.keyClick(screen, Qt.Key.Key_4)  # North
    assert screen.action.text().endswith("Break the wall · North")
    assert screen.controls.amount_caption.text() == "Stack:"
    picker = screen.controls.shown_classes()
    assert picker is not None and len(picker.buttons) == 17
    assert picker.buttons[13].accessibleName() == "Stack 13"
    qtbot.keyClick(screen, Qt.Key.Key_Return)
    assert screen.controls.amount.hasFocus()
    qtbot.keyClicks(screen.controls.amount, "13")
    assert "(break n 13)" in screen.action.text()
    qtbot.keyClick(screen.controls.amount, Qt.Key.Key_Return)
    assert screen.last is not None and screen.last.correct
    qtbot.keyClick(screen, Qt.Key.Key_D)
    qtbot.keyClick(screen, Qt.Key.Key_1)
    assert screen.controls.amount_caption.text() == "Tiles:"
    click(qtbot, screen.controls.shown_classes().buttons[4])
    assert "East takes 4 tiles (deal e 4)" in screen.action.text()
    assert not screen.controls.amount.placeholderText()  # no money in a count of tiles
    screen.controls.amount.clear()
    screen.confirm()
    assert "Type the number in the box, or click it." in screen.action.text()


def test_a_simplified_wall_has_fourteen_stacks_to_pick(qtbot, hand_of):
    screen = hand_of(SIMPLIFIED, 5, Mode.TABLE_READY)
    qtbot.keyClick(screen, Qt.Key.Key_B)
    assert list(screen.controls.shown_classes().buttons) == list(range(1, 15))


def _seats_drawn(screen: RoundScreen) -> set[str]:
    table = screen.table
    assert isinstance(table, MahjongRoundTable)
    return set(table.present_seats())


@pytest.mark.parametrize(("seed", "mode", "seats"), [(4, Mode.TABLE_READY, "ES"),
                                                     (5, Mode.TABLE_READY, "ESN"),
                                                     (24, Mode.PRACTICE, "ESWN")])
def test_the_table_shows_only_the_seats_present(qtbot, hand_of, seed, mode, seats):
    screen = hand_of(SIMPLIFIED, seed, mode)
    assert {wind.value for wind in screen.played.round.table.seats} == set(seats)
    assert _seats_drawn(screen) == set(seats)
    for action in solve(screen.played.round):
        do_by_keys(qtbot, screen, action)
        assert _seats_drawn(screen) == set(seats)
        assert set(screen.table.view.seats) == {Wind(seat) for seat in seats}


@pytest.mark.parametrize("game", [HAND, SIMPLIFIED])
def test_the_wall_is_counted_down_as_the_deal_goes(qtbot, hand_of, game):
    """While the hand opens the wall is drawn whole in the middle, its tiles left counted
    down by each deal; once play begins, the count stays in the middle's notes."""
    screen = hand_of(game, 3, Mode.TABLE_READY)
    table = screen.table
    start_left = table.view.wall_left
    assert start_left is not None and table.view.broken is None and table.view.dice
    assert table.opening() and table.break_words() is None
    assert table.wall_words() == f"{start_left} tiles left in the wall"
    left = [start_left]
    for action in solve(screen.played.round):
        do_by_keys(qtbot, screen, action)
        view = table.view
        if action.verb == "break":
            assert view.broken is not None and view.wall_left == start_left
            assert table.break_words() == "Broken: {}, stack {}".format(
                {"e": "East's wall", "s": "South's wall", "w": "West's wall",
                 "n": "North's wall"}[str(action.values[0])], action.values[1])
        if action.verb in ("deal", "deal-rest") and table.opening():
            dealt = sum(seat.concealed for seat in view.seats.values())
            assert view.wall_left == start_left - dealt < left[-1]
            assert table.wall_words() == f"{view.wall_left} tiles left in the wall"
        elif not table.opening():
            assert table.wall_words() in table.middle_lines()
        left.append(view.wall_left)
    assert not table.opening() and left[-1] < min(left[:3])


@pytest.mark.parametrize("room", ["1.0-on-1280x800", "2.0-on-2560x1600", "2.0-on-1280x800"])
@pytest.mark.parametrize(("game", "seed"), [(mahjong.HAND, 3), (mahjong.HAND, 1),
                                           (mahjong.SIMPLIFIED, 4), (mahjong.SIMPLIFIED, 5)])
@pytest.mark.parametrize("language", ["en", "pt_MO", "zh_Hant_MO"])
def test_the_whole_hand_screen_fits(qtbot, window, monkeypatch, language, game, seed, room):
    """At the break, mid-deal, at a claim and at the end: no control cut, in the three
    languages; nothing to scroll sideways where the screen is 1280 logical pixels wide (at
    200 % on a 1280×800 screen the window scrolls, as every page does there)."""
    monkeypatch.setattr("ui.main_window.fresh_seed", lambda: seed)
    window.switch_language(language)
    window.resize(*({"1.0-on-1280x800": (1280, 800)} | ROOMS)[room])
    home = open_home(qtbot, window)
    click(qtbot, home.buttons["table_round"])
    window.round_setup.games.setCurrentIndex(list(KITS).index(game))
    window.round_setup.modes.setCurrentIndex(3)  # table-ready
    click(qtbot, window.round_setup.start_button)
    screen = window.round_screen
    actions = solve(screen.played.round)
    verbs = [a.verb for a in actions]
    problems = {}
    for name, upto in (("break", 0), ("deal", verbs.index("deal") + 2),
                       ("claim", verbs.index("deal-rest") + 2), ("end", len(actions))):
        for action in actions[len(screen.played.verdicts):upto]:
            do_by_keys(qtbot, screen, action)
        settle()
        sideways = [f"{type(area).__name__} {area.objectName()!r} scrolls sideways"
                    for area in window.findChildren(QAbstractScrollArea)
                    if area.isVisibleTo(window) and area.horizontalScrollBar().maximum() > 0
                    and room != "2.0-on-1280x800"]
        problems[name] = cut_controls(window) + sideways
    assert not any(problems.values()), problems
