"""High contrast: every colour pair the app paints is readable in both palettes (WCAG 2:
text 4.5:1, marks 3:1), no painter writes a colour of its own, the setting follows the
system and the trainee's choice, and a switch repaints the drawn tables and the style
sheets. Screenshots of a Mah-Jong question, a 13-card round and the home in high contrast."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QApplication

from trainer.progress.desktop import Preference, preference
from ui import palette
from ui.contrast import (
    Contrast,
    ContrastSetting,
    accessibility_hints,
    palette_for,
    setting_of,
)

UI = Path(__file__).parents[2] / "ui"


@pytest.fixture(autouse=True)
def normal_after():
    """Every test leaves the normal palette behind it (later tests paint in it)."""
    yield
    palette.use(palette.NORMAL)


def luminance(hex_colour: str) -> float:
    """WCAG 2's relative luminance of an opaque colour."""
    colour = QColor(hex_colour)

    def channel(value: float) -> float:
        return value / 12.92 if value <= 0.04045 else ((value + 0.055) / 1.055) ** 2.4

    return (0.2126 * channel(colour.redF()) + 0.7152 * channel(colour.greenF())
            + 0.0722 * channel(colour.blueF()))


def ratio(first: str, second: str) -> float:
    """WCAG 2's contrast ratio (L1 + 0.05) / (L2 + 0.05), the lighter over the darker."""
    light, dark = sorted((luminance(first), luminance(second)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def seen(layers: list[str]) -> str:
    """The colour seen where ``layers`` (bottom first, "#aarrggbb" seen through) lie on
    one another."""
    under = QColor(layers[0])
    for layer in layers[1:]:
        top = QColor(layer)
        alpha = top.alphaF()
        under = QColor.fromRgbF(*(alpha * t + (1 - alpha) * u for t, u in (
            (top.redF(), under.redF()), (top.greenF(), under.greenF()),
            (top.blueF(), under.blueF()))))
    return under.name()


def pair_ratio(fore: str, back: str | tuple[str, ...], which: str) -> float:
    backs = [back] if isinstance(back, str) else list(back)
    ground = seen([palette.hex_of(role, which) for role in backs])
    return ratio(seen([ground, palette.hex_of(fore, which)]), ground)


def test_the_wcag_formula():
    assert ratio("#000000", "#ffffff") == pytest.approx(21.0)
    assert ratio("#ffffff", "#ffffff") == pytest.approx(1.0)
    assert ratio("#767676", "#ffffff") == pytest.approx(4.54, abs=0.01)  # WCAG's grey
    assert ratio("#ffffff", "#767676") == ratio("#767676", "#ffffff")
    assert seen(["#000000", "#80ffffff"]) == "#808080"


@pytest.mark.parametrize("which", palette.PALETTES)
def test_text_has_4_5_to_1_on_every_background(which):
    poor = {f"{fore} on {back}": round(pair_ratio(fore, back, which), 2)
            for fore, back in palette.TEXT_PAIRS if pair_ratio(fore, back, which) < 4.5}
    assert not poor, poor


@pytest.mark.parametrize("which", palette.PALETTES)
def test_marks_have_3_to_1_on_their_background(which):
    poor = {f"{mark} on {back}": round(pair_ratio(mark, back, which), 2)
            for mark, back in palette.MARK_PAIRS if pair_ratio(mark, back, which) < 3.0}
    assert not poor, poor


def test_every_pair_names_colours_of_the_palette():
    for fore, back in palette.TEXT_PAIRS + palette.MARK_PAIRS:
        for role in (fore, *([back] if isinstance(back, str) else back)):
            assert role in palette.ROLES, role


def test_high_contrast_is_black_white_and_bright():
    """The felt and the windows turn black, their words white, the focus yellow."""
    high = palette.HIGH_CONTRAST
    assert [palette.hex_of(role, high) for role in ("felt", "window", "felt_ink",
                                                     "window_ink", "focus", "accent")] == [
        "#000000", "#000000", "#ffffff", "#ffffff", "#ffff00", "#ffff00"]


# No colour outside the palette --------------------------------------------------------------

#: A colour written in the source: a hex literal in a string, a QColor made from literals,
#: one of Qt's named colours, a named colour in a style sheet.
_OWN_COLOUR = re.compile(
    r"""["'][^"'\n]*#[0-9a-fA-F]{3,8}\b"""
    r"""|QColor\(\s*(?:["']|\d)"""
    r"""|Qt\.GlobalColor\.(?!transparent\b)\w+"""
    r"""|\b(?:color|background|border(?:-color)?)\s*:[^;"'\n]*\b(?:white|black|red|green|blue|"""
    r"""yellow|grey|gray)\b""")


def own_colours(source: str) -> list[str]:
    return [match.group(0) for match in _OWN_COLOUR.finditer(source)]


def test_the_search_finds_a_colour_of_its_own():
    assert own_colours('INK = QColor("#1d1d1d")')
    assert own_colours("painter.setBrush(QColor(0, 0, 0, 45))")
    assert own_colours("pen = Qt.GlobalColor.white")
    assert own_colours('"QLabel { color: #555; }"')
    assert own_colours('"QListWidget::item:selected { background: navy; color: white; }"')
    assert not own_colours('INK = swatch("ink")')
    assert not own_colours("QColor(colour.red(), colour.green(), colour.blue(), 26)")
    assert not own_colours('drawn.fill(Qt.GlobalColor.transparent)')
    assert not own_colours("f\"<a name='{anchor}'></a>\"  # a comment")


def test_no_painter_has_a_colour_of_its_own():
    """ui/palette.py is the only place a colour is written."""
    found = {str(path.relative_to(UI)): own_colours(path.read_text(encoding="utf-8"))
             for path in sorted(UI.rglob("*.py")) if path.name != "palette.py"}
    assert not {path: colours for path, colours in found.items() if colours}


def test_every_colour_asked_for_is_in_the_palette():
    asked = set()
    for path in UI.rglob("*.py"):
        if path.name == "palette.py":
            continue
        source = path.read_text(encoding="utf-8")
        asked |= set(re.findall(r"""(?:swatch|hex_colour|hex_of)\(["'](\w+)["']""", source))
        if "styled(" in source:  # the style sheets' $roles
            asked |= set(re.findall(r"\$(\w+)", source))
    assert len(asked) > 100
    assert asked <= set(palette.ROLES), asked - set(palette.ROLES)


def test_every_style_sheet_fills_in(qapp):
    """A $role that is not a colour would raise here rather than in front of a trainee."""
    from ui.answers.chips import _STYLE as CHIPS
    from ui.answers.walk import _STYLE as WALK
    from ui.app import STYLE
    from ui.desk.desk import STYLE as DESK
    from ui.progress_view import STYLE as PROGRESS
    from ui.rounds.class_picker import _LOOK

    for which in palette.PALETTES:
        palette.use(which)
        for template in (STYLE, CHIPS, WALK, DESK, PROGRESS, _LOOK):
            filled = palette.style(template)
            assert "$" not in filled and "#ff" + palette.hex_of("window", which)[1:] not in (
                template)
        assert palette.hex_of("accent", which)[1:] in palette.style(STYLE)


# The setting ---------------------------------------------------------------------------------


def test_the_setting_chooses_the_palette():
    assert palette_for(ContrastSetting.SYSTEM, system_high=True) == palette.HIGH_CONTRAST
    assert palette_for(ContrastSetting.SYSTEM, system_high=False) == palette.NORMAL
    assert palette_for(ContrastSetting.ON, system_high=False) == palette.HIGH_CONTRAST
    assert palette_for(ContrastSetting.OFF, system_high=True) == palette.NORMAL
    assert setting_of(None) is ContrastSetting.SYSTEM
    assert setting_of("on") is ContrastSetting.ON
    assert setting_of("sepia") is ContrastSetting.SYSTEM


def test_the_system_preference_is_followed_while_it_changes(qapp):
    hints = accessibility_hints()
    contrast = Contrast(ContrastSetting.SYSTEM)
    switched: list[str] = []
    contrast.changed.connect(switched.append)
    hints.contrastPreferenceChanged.emit(Qt.ContrastPreference.HighContrast)
    assert palette.current() == palette.HIGH_CONTRAST
    hints.contrastPreferenceChanged.emit(Qt.ContrastPreference.NoPreference)
    assert palette.current() == palette.NORMAL
    contrast.choose(ContrastSetting.ON)  # the trainee's own choice comes first
    hints.contrastPreferenceChanged.emit(Qt.ContrastPreference.NoPreference)
    assert palette.current() == palette.HIGH_CONTRAST
    assert switched == [palette.HIGH_CONTRAST, palette.NORMAL, palette.HIGH_CONTRAST]
    contrast.deleteLater()


def test_the_menu_switches_keeps_and_restores_high_contrast(qtbot, qapp, window, store):
    from ui.app import build_window
    from ui.situation.felt import FELT
    from ui.situation.mahjong_canvas import INK

    assert palette.current() == palette.NORMAL and FELT.name() == "#1f6b45"
    window.contrast_actions[ContrastSetting.ON].trigger()
    assert palette.current() == palette.HIGH_CONTRAST
    assert (FELT.name(), INK.name()) == ("#000000", "#000000")  # changed in place
    assert preference(store, Preference.CONTRAST) == "on"
    assert "#ff000000" in qapp.styleSheet() and "#ff1d5fa8" not in qapp.styleSheet()
    assert qapp.palette().color(qapp.palette().ColorRole.Window).name() == "#000000"
    window.contrast_actions[ContrastSetting.OFF].trigger()
    assert palette.current() == palette.NORMAL and FELT.name() == "#1f6b45"
    assert preference(store, Preference.CONTRAST) == "off"
    window.contrast_actions[ContrastSetting.ON].trigger()
    again = build_window(store, qapp, "en")  # the next start on this desktop
    qtbot.addWidget(again)
    assert again.contrast.setting is ContrastSetting.ON
    assert again.contrast_actions[ContrastSetting.ON].isChecked()
    assert palette.current() == palette.HIGH_CONTRAST


def test_a_switch_repaints_the_table_and_restyles_the_answer(qtbot, window):
    from modes_support import start_practice

    quiz = start_practice(qtbot, window, ["mahjong.wall"])
    table = quiz.panel.situation
    corner = table.width() // 2, 3 * table.height() // 4

    def felt_seen() -> str:
        return table.grab().toImage().pixelColor(*corner).name()

    before = felt_seen()
    window.contrast_actions[ContrastSetting.ON].trigger()
    assert felt_seen() != before
    styled = [widget for widget in QApplication.allWidgets()
              if isinstance(widget.property("paletteStyle"), str)]
    assert styled  # the answer control, its key badges
    assert all(widget.styleSheet() == palette.style(widget.property("paletteStyle"))
               for widget in styled)
    assert any(palette.hex_of("accent", palette.HIGH_CONTRAST)[1:] in widget.styleSheet()
               for widget in styled)
    window.contrast_actions[ContrastSetting.OFF].trigger()
    assert felt_seen() == before
