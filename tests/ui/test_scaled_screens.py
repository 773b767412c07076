"""Every screen at 150 % and 200 %, in the three languages, measured in the logical pixels Qt
lays out in (at a scale factor the whole window is drawn larger, so the room a screen gives is
its size divided by the factor):

- 1.5 on a 1600 × 1000 screen: 1067 × 667 — every screen usable, nothing cut;
- 2.0 on a 2560 × 1600 screen (what Windows shows at 200 %): 1280 × 800 — the same;
- 2.0 on a 1280 × 800 screen: 640 × 400 — the window scrolls, nothing is cut.

Each control and text must lie inside the window or inside something that scrolls, at least
as large as it asks to be (a button squeezed under its text is cut too). ``make screenshots``
saves the same screens drawn at the real scale factors for a person to look at."""

from __future__ import annotations

import os

import pytest
from PySide6.QtCore import QRect, Qt
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractScrollArea,
    QComboBox,
    QLabel,
    QLineEdit,
    QSpinBox,
    QWidget,
)
from screens_support import DESK_PAGES, SCREENS, an_exam, walk_every_screen

import i18n

ROOMS = {"1.5-on-1600x1000": (1067, 667), "2.0-on-2560x1600": (1280, 800),
         "2.0-on-1280x800": (640, 400)}
#: The rooms where nothing may scroll sideways: the issue's sizes are 1280 logical pixels
#: wide at least (1280×800 and 1366×768 at 100 %, 1280×720 at 150 % and 200 %), and a
#: screen's width, not its height, decides whether it scrolls sideways. (At 1067×667 a
#: desk page in Portuguese may: its rows of long words; nothing is cut there.)
NO_SIDEWAYS = ("2.0-on-2560x1600",)
#: Under ``make screenshots`` (QT_SCALE_FACTOR set), the screens of the rooms at that factor
#: are also saved, drawn as a screen at that scale shows them.
SCALE = os.environ.get("QT_SCALE_FACTOR", "")
CONTROLS = (QAbstractButton, QComboBox, QLabel, QLineEdit, QSpinBox)


@pytest.fixture
def exam(store):
    return an_exam(store)


def cut_controls(window) -> list[str]:
    """The visible controls that are cut: partly outside what holds them where nothing
    scrolls, or smaller than they ask to be."""
    found = []
    for control in window.pages.findChildren(QWidget):
        if not isinstance(control, CONTROLS) or not control.isVisibleTo(window):
            continue
        if isinstance(control, QLabel) and not control.text().strip():
            continue  # a picture or an empty message
        if control.objectName().startswith("qt_"):
            continue  # Qt's own part of a control (a spin box's line edit), measured with it
        name = f"{type(control).__name__} {control.objectName() or control.text()[:30]!r}" \
            if hasattr(control, "text") else type(control).__name__
        hint = control.minimumSizeHint()
        if control.width() < hint.width() - 1 or control.height() < hint.height() - 1:
            if not (isinstance(control, QLabel) and control.wordWrap()):
                found.append(f"{name}: {control.width()}×{control.height()} < "
                             f"{hint.width()}×{hint.height()}")
        child: QWidget = control
        holder = control.parentWidget()
        while holder is not None and holder is not window:
            area = holder.parentWidget()
            if isinstance(area, QAbstractScrollArea):
                # the viewport of something that scrolls: reachable by scrolling, but not
                # sideways where it never scrolls sideways
                if area.horizontalScrollBarPolicy() == Qt.ScrollBarPolicy.ScrollBarAlwaysOff:
                    spot = control.mapTo(holder, control.rect().topRight())
                    if spot.x() > holder.width():
                        found.append(f"{name}: past the side of {type(area).__name__}")
                break
            inside = QRect(0, 0, holder.width(), holder.height())
            if not inside.contains(child.geometry()):
                found.append(f"{name}: outside {type(holder).__name__}")
                break
            child, holder = holder, holder.parentWidget()
    return found


@pytest.mark.parametrize("room", ROOMS)
@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_every_screen_fits_or_scrolls(qtbot, window, store, exam, monkeypatch, screenshot_dir,
                                      language, room):
    width, height = ROOMS[room]
    window.switch_language(language)
    window.resize(width, height)
    problems: dict[str, list[str]] = {}
    seen = []

    def measure(name: str) -> None:
        seen.append(name)
        assert (window.width(), window.height()) == (width, height), name  # never grows
        if cut := cut_controls(window):
            problems[name] = cut
        if room in NO_SIDEWAYS and window.scroller.horizontalScrollBar().maximum() > 0:
            problems.setdefault(name, []).append("the window scrolls sideways")
        if SCALE and float(room.split("-")[0]) == float(SCALE):
            path = screenshot_dir / f"scaled-{room}-{language}-{name}.png"
            assert window.grab().save(str(path))

    walk_every_screen(qtbot, window, store, monkeypatch, measure, desk_pages=True)
    assert seen == [*SCREENS, *(f"desk-{page}" for page in DESK_PAGES)]
    assert problems == {}, "\n".join(f"{k}: {v}" for k, v in problems.items())
