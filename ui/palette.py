"""Every colour the app paints, in two palettes: the normal one and high contrast.

A painter never writes a colour of its own: it asks :func:`colour` for a role ("felt",
"mark_right", "card_red") and gets a QColor that this module keeps. :func:`use` switches
the palette by changing those kept colours in place, so a module that took one at import
(``FELT = swatch("felt")``, imported elsewhere by name) paints in the new palette at its
next repaint; :func:`generation` changes with it, so that pictures kept of a drawing
(``ui.drawing.kept``, ``ui.rounds.pictures``) are drawn again. Style sheets are templates
with ``$role`` for a colour (:func:`style`); a widget styled with :func:`styled` is styled
again on a switch.

High contrast is black, white and yellow: dark surfaces turn black, light ones white, text
the opposite, the keyboard's focus yellow; a verdict is a thick outline and a ✔ or ✘ and
not only a colour. :data:`TEXT_PAIRS` and :data:`MARK_PAIRS` list which colour is drawn
on which (tests/ui/test_contrast.py checks them against WCAG 2 in both palettes: text
4.5:1, marks 3:1).
"""

from __future__ import annotations

from collections.abc import Mapping
from string import Template

from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QApplication, QWidget

#: role: (normal, high contrast). "#aarrggbb" is a colour seen through (alpha first).
ROLES: Mapping[str, tuple[str, str]] = {
    # The felt and the things on it (ui/situation, ui/rounds).
    "felt": ("#1f6b45", "#000000"),
    "felt_dark": ("#185a3a", "#000000"),
    "felt_line": ("#96ffffff", "#ffffff"),
    "rail": ("#6b3f1f", "#ffffff"),
    "felt_ink": ("#f7f3e8", "#ffffff"),  # words on the felt
    "felt_ink_soft": ("#e6ffffff", "#ffffff"),  # a caption, a count on the felt
    "felt_hover": ("#c8ffffff", "#00ffff"),
    "felt_place": ("#16ffffff", "#000000"),  # a place's zone on the felt
    "felt_shade": ("#2d000000", "#000000"),  # a shadow, a darker zone
    "felt_glow": ("#14ffffff", "#000000"),  # a lighter zone
    "felt_tray": ("#14ffffff", "#000000"),  # the chip tray's well
    "felt_panel": ("#37000000", "#000000"),  # a seat's panel
    "felt_drawn": ("#28f1c40f", "#000000"),  # a cell drawn in Sap I Chi
    "felt_void": ("#9a8878", "#000000"),
    "felt_bottom": ("#0e3a2a", "#000000"),  # a stack's bottom tile
    "felt_connector": ("#aaffffff", "#ffffff"),
    "tray_edge": ("#d8d2c0", "#ffffff"),
    "gold": ("#ffd84d", "#ffff00"),  # also words on the felt
    "gold_edge": ("#5b4a00", "#ffffff"),
    "banker": ("#e8b923", "#ffff00"),
    "focus": ("#f1c40f", "#ffff00"),  # the keyboard's place on a table
    "asked": ("#9cc3ff", "#ffff00"),  # what the question asks about
    "face_up": ("#ff9f1c", "#ffff00"),
    "chosen": ("#8cc6ff", "#00ffff"),
    "unknown": ("#ffd27f", "#ffff00"),  # a card not yet identified
    "spot": ("#f4efe1", "#ffffff"),  # a place's card on the table (dark words on it)
    "spot_edge": ("#333333", "#ffffff"),
    "spot_hover": ("#fff4c2", "#00ffff"),
    "note": ("#fffdf5", "#ffffff"),
    "note_edge": ("#b9ae92", "#000000"),
    "ink": ("#1d1d1d", "#000000"),  # words on a light thing
    "muted": ("#5a5a5a", "#000000"),
    "badge_ink": ("#ffffff", "#000000"),  # words on a mark or an alert
    "alert": ("#c0392b", "#ffff00"),
    "mark_right": ("#237a4a", "#00ff00"),  # a verdict's fill on the table
    "mark_wrong": ("#b03a2e", "#ff9999"),
    "rim_right": ("#8ff0b4", "#00ff00"),  # the right answer as a rim on the felt
    "rim_wrong": ("#ffa39b", "#ff9999"),  # a wrong pick as a rim on the felt
    "felt_right": ("#3ddc84", "#00ff00"),
    "felt_wrong": ("#ffa39b", "#ff9999"),
    "tag": ("#fbe7a8", "#ffffff"),  # a tag on a seat (dark words)
    "tag_call": ("#cfe0fb", "#ffffff"),
    "tag_bet": ("#cfe0f3", "#ffffff"),
    "tag_declines": ("#e6e0d0", "#ffffff"),
    "won": ("#cfe8d6", "#ffffff"),
    "lost": ("#f3d2cc", "#ffffff"),
    "even": ("#e6e6e6", "#ffffff"),
    "seat_hover": ("#78fff4c2", "#00ffff"),
    "wood": ("#7a4a23", "#000000"),
    "wood_edge": ("#5b4a3a", "#ffffff"),
    "bell": ("#b9b2a0", "#000000"),
    "piece": ("#f6e7c1", "#ffffff"),
    "piece_cell": ("#18ffffff", "#000000"),
    "piece_red_back": ("#ffd9d9", "#ffffff"),
    "piece_red": ("#c0262d", "#b00000"),
    "piece_black": ("#141414", "#000000"),
    "board": ("#fbf8ef", "#ffffff"),
    "lid": ("#fbf7ee", "#ffffff"),
    "lid_off": ("#32000000", "#000000"),
    # Cards, tiles, dice, chips (ui/drawing).
    "card_paper": ("#ffffff", "#ffffff"),
    "card_edge": ("#7a7a7a", "#000000"),
    "card_red": ("#c0262d", "#b00000"),
    "card_black": ("#111111", "#000000"),
    "card_diamonds": ("#1d4fb8", "#0000c0"),
    "card_clubs": ("#16743a", "#006000"),
    "card_back": ("#1f3f7a", "#000000"),
    "card_back_line": ("#8fb0e8", "#ffffff"),
    "card_empty": ("#9a9381", "#ffffff"),
    "tile_face": ("#fbf7ea", "#ffffff"),
    "tile_edge": ("#b9ae92", "#000000"),
    "tile_back": ("#1d6b53", "#000000"),
    "tile_back_dark": ("#124634", "#000000"),
    "tile_back_line": ("#7fc4a6", "#ffffff"),
    "tile_red": ("#c0262d", "#b00000"),
    "tile_green": ("#17764a", "#006000"),
    "tile_blue": ("#1f4fa3", "#0000c0"),
    "tile_ink": ("#14161c", "#000000"),
    "tile_flower": ("#e0a020", "#806000"),
    "die": ("#fbf7ee", "#ffffff"),
    "die_edge": ("#5b4a3a", "#000000"),
    "die_red": ("#c0392b", "#b00000"),
    "die_black": ("#1d1d1d", "#000000"),
    "chip_edge": ("#333333", "#ffffff"),
    "chip_inlay": ("#fbf8ef", "#ffffff"),
    "chip_text": ("#111111", "#000000"),
    "chip_label": ("#e1ffffff", "#ffffff"),
    "chip_10000": ("#e58fb4", "#e58fb4"),
    "chip_10000_ring": ("#ffffff", "#ffffff"),
    "chip_5000": ("#7a4a23", "#7a4a23"),
    "chip_5000_ring": ("#f2d7a0", "#f2d7a0"),
    "chip_1000": ("#e8c21d", "#e8c21d"),
    "chip_1000_ring": ("#1d1d1d", "#1d1d1d"),
    "chip_500": ("#6a2d91", "#6a2d91"),
    "chip_500_ring": ("#ffffff", "#ffffff"),
    "chip_100": ("#1d1d1d", "#1d1d1d"),
    "chip_100_ring": ("#ffffff", "#ffffff"),
    "chip_50": ("#e07a1f", "#e07a1f"),
    "chip_50_ring": ("#ffffff", "#ffffff"),
    "chip_25": ("#1f8a4c", "#1f8a4c"),
    "chip_25_ring": ("#ffffff", "#ffffff"),
    "chip_10": ("#1f56b3", "#1f56b3"),
    "chip_10_ring": ("#ffffff", "#ffffff"),
    "chip_5": ("#c0262d", "#c0262d"),
    "chip_5_ring": ("#ffffff", "#ffffff"),
    "chip_1": ("#f4f4f4", "#f4f4f4"),
    "chip_1_ring": ("#1f56b3", "#1f56b3"),
    # The windows: style sheets and the widgets' palette.
    "window": ("#ffffff", "#000000"),
    "window_ink": ("#1d1d1d", "#ffffff"),
    "quiet": ("#555555", "#ffffff"),  # a hint, a caption
    "disabled": ("#595959", "#c0c0c0"),
    "link": ("#2a5db0", "#ffff00"),
    "accent": ("#1d5fa8", "#ffff00"),  # the focus ring, a selection's border
    "accent_back": ("#e8f0fb", "#000000"),
    "accent_edge": ("#b7cbe6", "#ffffff"),
    "checked_back": ("#dbe7f7", "#000000"),
    "moved": ("#c46f1a", "#00ffff"),
    "paper": ("#f6f3ea", "#000000"),
    "paper_light": ("#faf8f2", "#000000"),
    "paper_tray": ("#f3efe3", "#000000"),
    "paper_edge": ("#d8d0bb", "#ffffff"),
    "frame_edge": ("#c9c2ad", "#ffffff"),
    "mode_back": ("#fbfaf6", "#000000"),
    "mode_hover": ("#f3efe2", "#1a1a1a"),
    "key_back": ("#ece7d8", "#000000"),
    "key_ink": ("#333333", "#ffffff"),
    "about_ink": ("#444444", "#ffffff"),
    "key_edge": ("#b9b09a", "#ffffff"),
    "right_text": ("#1e7b45", "#00ff00"),
    "wrong_text": ("#b03a2e", "#ff9999"),
    "right_back": ("#dcefe2", "#000000"),
    "right_ink": ("#14532d", "#00ff00"),
    "wrong_back": ("#f7dedb", "#000000"),
    "wrong_ink": ("#7f1d1d", "#ff9999"),
    "missed_back": ("#eef6f0", "#000000"),
    "clock": ("#4a88c7", "#00ffff"),
    "clock_late": ("#c46f1a", "#ffff00"),
    "nav_back": ("#f6f3ea", "#000000"),
    "nav_selected": ("#2e6f9e", "#ffff00"),
    "nav_selected_ink": ("#ffffff", "#000000"),
    "invalid": ("#b00020", "#ff9999"),
    "button_edge": ("#aaa69c", "#ffffff"),
    "button_back": ("#f7f6f2", "#000000"),
    "button_hover": ("#ebe8df", "#1a1a1a"),
    "button_pressed": ("#dcd8cc", "#333333"),
    "button_checked": ("#1d5fa8", "#ffff00"),
    "button_checked_ink": ("#ffffff", "#000000"),
    "button_checked_edge": ("#174b85", "#ffff00"),
    "export_bar": ("#8fbce6", "#00ffff"),
    "said": ("#1d4f73", "#ffff00"),
    "highlight": ("#fff1a8", "#000080"),  # the rulebook's place asked for
    "match": ("#ffd54f", "#800080"),  # a word searched for
    "aside": ("#8a4b00", "#ffff00"),
    "aside_quiet": ("#555555", "#ffffff"),
    "action_quiet": ("#666666", "#ffffff"),
    # Charts (ui/charts: a white plot in both palettes, pyqtgraph's own) and the PDF
    # report (printed: the normal colours in both).
    "chart_ink": ("#222222", "#222222"),
    "chart_back": ("#ffffff", "#ffffff"),
    "chart_grid": ("#d0d0d0", "#d0d0d0"),
    "chart_line": ("#2e6f9e", "#2e6f9e"),
    "chart_mark": ("#b03a2e", "#b03a2e"),
    "chart_edge": ("#d8d0bb", "#ffffff"),
    "chart_track": ("#eeeae0", "#eeeae0"),
    "skill_new": ("#c8c8c8", "#c8c8c8"),
    "skill_learning": ("#bb8418", "#bb8418"),
    "skill_practised": ("#3f74ad", "#3f74ad"),
    "skill_mastered": ("#1e6b3a", "#1e6b3a"),
    # The class grid's shapes, one per mastery level, on the window (ui/desk/reports).
    "grid_new": ("#7a7a7a", "#c8c8c8"),
    "grid_learning": ("#a86a00", "#ffff00"),
    "grid_practised": ("#2f64a0", "#00ffff"),
    "grid_mastered": ("#1e6b3a", "#ffffff"),
    "day_0": ("#ebedf0", "#ebedf0"),
    "day_1": ("#c6e48b", "#c6e48b"),
    "day_2": ("#7bc96f", "#7bc96f"),
    "day_3": ("#239a3b", "#239a3b"),
    "day_4": ("#196127", "#196127"),
    "trainee_flag": ("#aa1111", "#ff9999"),
    "print_ink": ("#222222", "#222222"),
    "print_grid": ("#d0d0d0", "#d0d0d0"),
    "print_shade": ("#f2efe6", "#f2efe6"),
    "print_bar": ("#2e6f9e", "#2e6f9e"),
    "print_line": ("#b03a2e", "#b03a2e"),
    # The class grid's cells in the report's PDF, one shade per mastery level, lighter to
    # darker (told apart in grey too: relative luminance 1.0, 0.75, 0.54, 0.35).
    "print_new": ("#ffffff", "#ffffff"),
    "print_learning": ("#f6dfa4", "#f6dfa4"),
    "print_practised": ("#a9c6e4", "#a9c6e4"),
    "print_mastered": ("#6fae82", "#6fae82"),
}

#: Text and the background it is written on (a background of several layers is a tuple,
#: bottom first: a colour seen through is blended over what is under it). WCAG: 4.5:1.
TEXT_PAIRS: tuple[tuple[str, str | tuple[str, ...]], ...] = (
    ("felt_ink", "felt"), ("felt_ink", "felt_dark"), ("felt_ink", ("felt", "felt_place")),
    ("felt_ink", ("felt", "felt_panel")), ("felt_ink", ("felt", "felt_shade")),
    ("felt_ink", ("felt", "felt_glow")), ("felt_ink", ("felt", "felt_tray")),
    ("felt_ink", ("felt", "felt_drawn")),
    ("felt_ink_soft", "felt"), ("felt_ink_soft", ("felt", "felt_place")),
    ("ink", "spot"), ("ink", "spot_hover"), ("ink", "note"), ("ink", "tag"),
    ("ink", "tag_call"), ("ink", "tag_bet"), ("ink", "tag_declines"), ("ink", "won"),
    ("ink", "lost"), ("ink", "even"), ("ink", "gold"), ("ink", "banker"),
    ("ink", "face_up"), ("ink", "lid"), ("ink", "piece"), ("ink", "board"),
    ("ink", "unknown"), ("muted", "spot"), ("muted", "note"),
    ("badge_ink", "mark_right"), ("badge_ink", "mark_wrong"), ("badge_ink", "alert"),
    ("unknown", "felt"), ("gold", "felt"),
    ("card_red", "card_paper"), ("card_black", "card_paper"),
    ("card_diamonds", "card_paper"), ("card_clubs", "card_paper"),
    ("tile_red", "tile_face"), ("tile_green", "tile_face"), ("tile_blue", "tile_face"),
    ("tile_ink", "tile_face"),
    ("piece_red", "piece"), ("piece_black", "piece"), ("piece_red", "piece_red_back"),
    ("chip_text", "chip_inlay"), ("chip_text", "chip_label"),
    ("window_ink", "window"), ("quiet", "window"), ("disabled", "window"),
    ("link", "window"), ("window_ink", "accent_back"), ("window_ink", "checked_back"),
    ("window_ink", "paper"), ("window_ink", "paper_light"), ("window_ink", "paper_tray"),
    ("window_ink", "mode_back"), ("window_ink", "mode_hover"), ("quiet", "mode_back"),
    ("key_ink", "key_back"), ("right_text", "window"), ("wrong_text", "window"),
    ("right_ink", "right_back"), ("wrong_ink", "wrong_back"), ("right_ink", "missed_back"),
    ("window_ink", "nav_back"), ("nav_selected_ink", "nav_selected"),
    ("window_ink", "button_back"), ("window_ink", "button_hover"),
    ("window_ink", "button_pressed"), ("button_checked_ink", "button_checked"),
    ("said", "window"), ("window_ink", "highlight"), ("window_ink", "match"),
    ("aside", "window"), ("aside_quiet", "window"), ("action_quiet", "window"),
    ("trainee_flag", "window"), ("wrong_text", "paper"), ("quiet", "paper"),
    ("chart_ink", "chart_back"),
    ("print_ink", "card_paper"), ("print_ink", "print_shade"),
    ("print_ink", "print_new"), ("print_ink", "print_learning"),
    ("print_ink", "print_practised"), ("print_ink", "print_mastered"),
)

#: A mark (an outline, a focus ring, a verdict's rim, a line that means something) and what
#: it is drawn on. WCAG: 3:1. A filled badge or target with words or a ✔/✘ on it is read
#: by its words (a text pair), its rim by the mark pair: a verdict on the table is a rim
#: (rim_right solid, rim_wrong dashed) and a ✔ or ✘, whatever its fill.
MARK_PAIRS: tuple[tuple[str, str | tuple[str, ...]], ...] = (
    ("felt_right", "felt"), ("felt_wrong", "felt"), ("rim_right", "felt"),
    ("rim_wrong", "felt"), ("focus", "felt"), ("gold", "felt"), ("asked", "felt"),
    ("felt_hover", "felt"), ("chosen", "felt"), ("face_up", "felt"),
    ("banker", "felt"), ("felt_line", "felt"), ("felt_connector", "felt"),
    ("accent", "window"), ("accent", "paper_light"), ("accent", "paper_tray"),
    ("accent", "accent_back"), ("accent", "mode_back"), ("moved", "window"),
    ("right_text", "right_back"), ("wrong_text", "wrong_back"),
    ("right_text", "missed_back"), ("invalid", "window"), ("clock", "window"),
    ("clock_late", "window"), ("chart_line", "chart_back"), ("chart_mark", "chart_back"),
    ("skill_learning", "chart_back"), ("skill_practised", "chart_back"),
    ("skill_mastered", "chart_back"), ("card_back_line", "card_back"),
    ("grid_new", "window"), ("grid_learning", "window"), ("grid_practised", "window"),
    ("grid_mastered", "window"),
    ("tile_back_line", "tile_back"), ("die_red", "die"), ("die_black", "die"),
)

NORMAL = "normal"
HIGH_CONTRAST = "high contrast"
PALETTES = (NORMAL, HIGH_CONTRAST)

_kept: dict[str, QColor] = {}


class _InUse:
    palette = NORMAL
    generation = 0


_state = _InUse()


def hex_of(role: str, palette: str = NORMAL) -> str:
    """The colour of ``role`` in ``palette`` as written in the table."""
    normal, high = ROLES[role]
    return high if palette == HIGH_CONTRAST else normal


def swatch(role: str) -> QColor:
    """The colour of ``role`` in the palette in use — the same QColor each time, changed
    in place when the palette is switched."""
    if role not in _kept:
        _kept[role] = QColor(hex_of(role, _state.palette))  # KeyError: no such role
    return _kept[role]


def hex_colour(role: str) -> str:
    """The colour of ``role`` now, as "#rrggbb" (for HTML, drawn when it is written)."""
    return swatch(role).name()


def current() -> str:
    return _state.palette


def high_contrast() -> bool:
    return current() == HIGH_CONTRAST


def generation() -> int:
    """Changes with every switch: kept pictures drawn before it are stale."""
    return _state.generation


def style(template: str) -> str:
    """A style sheet with its ``$role`` s replaced by the palette's colours."""
    return Template(template).substitute({role: QColor(hex_of(role, current())).name(
        QColor.NameFormat.HexArgb) for role in ROLES})


def styled(widget: QWidget | QApplication, template: str) -> None:
    """Style ``widget`` (or the whole app) with ``template``, and again on every switch."""
    widget.setProperty("paletteStyle", template)
    widget.setStyleSheet(style(template))


def widget_palette(palette: str) -> QPalette:
    """The widgets' own colours (window, text, buttons, selection) in ``palette``."""
    app = QApplication.instance()
    base = app.style().standardPalette() if isinstance(app, QApplication) else QPalette()
    if palette != HIGH_CONTRAST:
        return base
    black, white, yellow = QColor("#000000"), QColor("#ffffff"), QColor("#ffff00")
    roles = QPalette.ColorRole
    for group in (QPalette.ColorGroup.Active, QPalette.ColorGroup.Inactive):
        for role, shade in ((roles.Window, black), (roles.WindowText, white),
                            (roles.Base, black), (roles.AlternateBase, QColor("#1a1a1a")),
                            (roles.Text, white), (roles.Button, black),
                            (roles.ButtonText, white), (roles.BrightText, yellow),
                            (roles.Highlight, yellow), (roles.HighlightedText, black),
                            (roles.ToolTipBase, black), (roles.ToolTipText, white),
                            (roles.PlaceholderText, QColor("#c0c0c0")),
                            (roles.Link, yellow), (roles.LinkVisited, yellow),
                            (roles.Light, white), (roles.Midlight, white),
                            (roles.Mid, white), (roles.Dark, white), (roles.Shadow, white)):
            base.setColor(group, role, shade)
    for role, shade in ((roles.WindowText, QColor("#c0c0c0")),
                        (roles.Text, QColor("#c0c0c0")), (roles.ButtonText, QColor("#c0c0c0")),
                        (roles.Window, black), (roles.Base, black), (roles.Button, black)):
        base.setColor(QPalette.ColorGroup.Disabled, role, shade)
    return base


def use(palette: str) -> bool:
    """Switch to ``palette``: every kept colour changes in place, the widgets' colours and
    the style sheets of :func:`styled` widgets follow, every widget is painted again.
    Whether anything changed."""
    if palette not in PALETTES:
        raise ValueError(f"no palette {palette!r}")
    if palette == current():
        return False
    _state.palette = palette
    _state.generation += 1
    for role, kept in _kept.items():
        kept.setRgba(QColor(hex_of(role, palette)).rgba())
    app = QApplication.instance()
    if isinstance(app, QApplication):
        app.setPalette(widget_palette(palette))
        template = app.property("paletteStyle")
        if isinstance(template, str):
            app.setStyleSheet(style(template))
        for widget in app.allWidgets():
            template = widget.property("paletteStyle")
            if isinstance(template, str):
                widget.setStyleSheet(style(template))
            widget.update()
    return True
