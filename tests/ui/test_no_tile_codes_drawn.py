"""No Mah-Jong table draws the core's tile notation ("4p", "7s") as text: under the tiles a
trainee reads words of their language or an option's key, in every language and after a
live switch (issue: real screens)."""

from __future__ import annotations

import re

import pytest

import i18n
import questions
from ui.drawing import text as drawing_text
from ui.situation import situation_view

#: A suited tile in the core's notation, standing alone.
CODE = re.compile(r"(?<![\w$])[1-9][mps](?!\w)")
MAHJONG = [s for s in questions.skills() if s.startswith("mahjong.")]


@pytest.fixture
def drawn(monkeypatch):
    seen: list[str] = []
    paint = drawing_text.paint_fit

    def recording(painter, laid, colour):
        seen.append(laid.shown)
        paint(painter, laid, colour)
    monkeypatch.setattr(drawing_text, "paint_fit", recording)
    return seen


@pytest.mark.parametrize("language", ["pt_MO", "zh_Hant_MO", "en"])
@pytest.mark.parametrize("skill", MAHJONG)
def test_no_tile_code_is_drawn(qtbot, drawn, skill, language):
    i18n.set_language(language)
    for seed in range(6):
        for level in (1, 2, 3):
            view = situation_view(questions.generate(skill, seed, level))
            qtbot.addWidget(view)
            view.resize(800, 560)
            view.grab()
            codes = [text for text in drawn if CODE.search(text)]
            assert not codes, (skill, seed, level, codes)
            assert not CODE.search(view.accessibleName()), view.accessibleName()
            drawn.clear()
