"""The table round's pages fit the app's rooms in the three languages: nothing cut at 150 %
and 200 % (the window scrolls on the smallest), and no sideways scrolling at 1280 × 800 —
measured as :mod:`test_scaled_screens` measures every other screen."""

from __future__ import annotations

import pytest
from modes_support import click, open_home
from rounds_support import do_by_keys
from screens_support import settle
from test_scaled_screens import NO_SIDEWAYS, ROOMS, cut_controls

import i18n
from trainer.rounds.play import solve


def measured(window, room: str) -> list[str]:
    settle()
    problems = cut_controls(window)
    if room in NO_SIDEWAYS and window.scroller.horizontalScrollBar().maximum() > 0:
        problems.append("the window scrolls sideways")
    return problems


@pytest.mark.parametrize("room", ROOMS)
@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_the_round_pages_fit(qtbot, window, monkeypatch, language, room):
    monkeypatch.setattr("ui.main_window.fresh_seed", lambda: 20)  # incidents, every step
    window.switch_language(language)
    window.resize(*ROOMS[room])
    home = open_home(qtbot, window)
    click(qtbot, home.buttons["table_round"])
    problems = {"setup": measured(window, room)}
    window.round_setup.modes.setCurrentIndex(2)  # practice
    click(qtbot, window.round_setup.start_button)
    screen = window.round_screen
    assert screen is not None and window.pages.currentWidget() is screen
    actions = solve(screen.played.round)
    settled = next(i for i, a in enumerate(actions) if a.verb in ("pay", "collect"))
    for action in actions[:settled + 1]:
        do_by_keys(qtbot, screen, action)
    problems["settling"] = measured(window, room)
    for action in actions[settled + 1:]:
        do_by_keys(qtbot, screen, action)
    problems["review"] = measured(window, room)
    assert not any(problems.values()), problems
