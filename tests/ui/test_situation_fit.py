"""The 13-card table's and the Mah-Jong tables' words fit at every size, in every language.

Each text a situation paints goes through ``ui.drawing.text.paint_fit``; a spy records
how each was laid out, so a test sees whether any was shortened with "…" (or left out
for want of room) and where it went.
"""

import pytest

import i18n
import questions
import ui.drawing.text as text_module
from ui.situation import mahjong_hands, situation_view, table
from ui.situation.mahjong_hands import variant_name

LANGUAGES = ("en", "pt_MO", "zh_Hant_MO")
WIDTHS = (420, 640, 900, 1400)
HEIGHTS = (300, 500, 700, 900)
#: The 13-card skills drawn as the table with its four places (all but ranking hands).
TABLE_SKILLS = [skill for skill in questions.skills()
                if skill.startswith("thirteen.") and skill != "thirteen.rank_hands"]
MAHJONG_SKILLS = [skill for skill in questions.skills() if skill.startswith("mahjong.")]
SHOTS = ((420, 360), (640, 480), (1280, 800))


@pytest.fixture
def painted(monkeypatch):
    """Every text painted from now on, as laid out (a ``TextFit``)."""
    seen: list[text_module.TextFit] = []
    paint = text_module.paint_fit

    def spy(painter, laid, colour):
        seen.append(laid)
        paint(painter, laid, colour)

    monkeypatch.setattr(text_module, "paint_fit", spy)
    return seen


def assert_all_whole(painted, where) -> None:
    """No text was shortened or left out, and each stayed in its box."""
    cut = [f"{laid.wanted!r} drawn as {laid.shown!r} in a "
           f"{laid.box.width():.0f}×{laid.box.height():.0f} box"
           for laid in painted if laid.shortened]
    assert not cut, (where, cut)
    for laid in painted:
        box = laid.box.adjusted(-0.5, -0.5, 0.5, 0.5)
        assert box.contains(laid.bounds), (where, laid.wanted)


def shown(qtbot, skill: str, difficulty: int):
    question = questions.generate(skill, difficulty, difficulty)
    view = situation_view(question)
    qtbot.addWidget(view)
    return question, view


def render(view, width: int, height: int, painted) -> None:
    view.resize(width, height)
    assert (view.width(), view.height()) == (width, height)  # it may be that small
    painted.clear()
    assert not view.grab().isNull()
    assert painted


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("skill", TABLE_SKILLS + MAHJONG_SKILLS)
def test_no_word_is_cut_at_any_size(qtbot, painted, skill, language):
    i18n.set_language(language)
    for difficulty in (1, 2, 3):
        question, view = shown(qtbot, skill, difficulty)
        for width in WIDTHS:
            for height in HEIGHTS:
                render(view, width, height, painted)
                assert_all_whole(painted, (skill, difficulty, width, height))
                if skill in MAHJONG_SKILLS:  # the form of the game is always written
                    name = variant_name(question.situation.get("variant", ""))
                    assert any(name in laid.wanted for laid in painted), (width, height)


@pytest.mark.parametrize("skill", TABLE_SKILLS)
def test_the_direction_is_written_where_there_is_room(qtbot, painted, skill):
    """The arrow's words are painted whole (inside it, or under it) wherever they fit."""
    i18n.set_language("pt_MO")
    words = i18n._("counter-clockwise")
    sizes = 0
    for difficulty in (1, 2, 3):
        _question, view = shown(qtbot, skill, difficulty)
        for width, height in ((420, 360), (900, 500), (1400, 900)):
            render(view, width, height, painted)
            sizes += any(laid.wanted == words for laid in painted)
            assert_all_whole(painted, (skill, difficulty, width, height))
    assert sizes


@pytest.mark.parametrize(("module", "skill"), [(mahjong_hands, "mahjong.waits"),
                                               (table, "thirteen.natural")])
def test_the_check_fails_on_a_box_as_low_as_the_design_says(qtbot, painted, monkeypatch,
                                                            module, skill):
    """The check can fail: boxes as high as the design's units (not as their words need,
    as they used to be) cut the Chinese form of the game and the place names at the
    narrowest size."""
    monkeypatch.setattr(module, "text_height", lambda *args, **kwargs: 0.0)
    i18n.set_language("zh_Hant_MO")
    _question, view = shown(qtbot, skill, 1)
    render(view, 420, 300, painted)
    with pytest.raises(AssertionError):
        assert_all_whole(painted, "too low")


@pytest.mark.parametrize("language", LANGUAGES)
def test_screenshots(qtbot, painted, screenshot_dir, language):
    i18n.set_language(language)
    for skill in TABLE_SKILLS + MAHJONG_SKILLS:
        _question, view = shown(qtbot, skill, 2)
        for width, height in SHOTS:
            render(view, width, height, painted)
            assert_all_whole(painted, (skill, width, height))
            name = f"situation-fit-{skill}-{language}-{width}x{height}.png"
            assert view.grab().save(str(screenshot_dir / name))
