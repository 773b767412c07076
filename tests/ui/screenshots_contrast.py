"""Screenshots in high contrast at 1280×800, in English and Chinese: the home, a Mah-Jong
question answered (its verdict on the table) and a 13-card round (not part of the tests:
run this file by name, ``QT_QPA_PLATFORM=offscreen pytest tests/ui/screenshots_contrast.py``;
saved to ``$SHOTS``, default ``tests/screenshots/contrast``)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from modes_support import answer_with_mouse, open_home, start_practice
from rounds_support import do_by_keys
from screens_support import settle
from screenshots_rounds import start

from trainer.rounds.play import solve
from ui import palette
from ui.contrast import ContrastSetting

SHOTS = Path(os.environ.get("SHOTS", Path(__file__).parents[1] / "screenshots" / "contrast"))


@pytest.fixture(autouse=True)
def high_contrast(window):
    SHOTS.mkdir(parents=True, exist_ok=True)
    window.contrast_actions[ContrastSetting.ON].trigger()
    yield
    palette.use(palette.NORMAL)


def save(window, name: str) -> None:
    settle()
    assert window.grab().save(str(SHOTS / f"{name}.png"))


@pytest.mark.parametrize("language", ["en", "zh_Hant_MO"])
def test_home_and_mahjong_question(qtbot, window, language):
    window.switch_language(language)
    window.resize(1280, 800)
    open_home(qtbot, window)
    save(window, f"home-{language}")
    quiz = start_practice(qtbot, window, ["mahjong.claim"])
    save(window, f"mahjong-question-{language}")
    question = quiz.question()
    wrong = next(o.value for o in question.form.options
                 if o.value != question.reference_answer())
    answer_with_mouse(qtbot, quiz, wrong)
    save(window, f"mahjong-verdict-{language}")


@pytest.mark.parametrize("language", ["en", "zh_Hant_MO"])
def test_thirteen_round(qtbot, window, monkeypatch, language):
    monkeypatch.setattr("ui.main_window.fresh_seed", lambda: 5)
    screen, _name = start(qtbot, window, "thirteen", 1, language)
    actions = solve(screen.played.round)
    for action in actions[:len(actions) // 2]:
        do_by_keys(qtbot, screen, action)
    save(window, f"thirteen-round-{language}")
