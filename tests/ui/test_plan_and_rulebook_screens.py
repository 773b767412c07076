"""The home plan and the rulebook at 1280 × 800 and 1920 × 1080 in the three languages:
saved for a person to look at (tests/screenshots), and nothing on them cut off."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRect
from PySide6.QtWidgets import QApplication

import i18n
from tests.ui.modes_support import open_home
from ui.rulebook.places import TEXT_OF, Place

SIZES = ((1280, 800), (1920, 1080))


def _inside(window, widget) -> bool:
    top_left = widget.mapTo(window, widget.rect().topLeft())
    return QRect(top_left, widget.size()).intersected(window.rect()) == QRect(
        top_left, widget.size()) and widget.isVisibleTo(window)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_the_home_plan_and_the_rulebook_fit(qtbot, window, language, size, screenshot_dir):
    window.resize(*size)
    home = open_home(qtbot, window)
    window.switch_language(language)
    QApplication.processEvents()  # the layout follows the new words
    for widget in (home.today.study_button, home.today.goal, home.buttons["rulebook"]):
        assert _inside(window, widget), widget
    assert home.today.study_button.width() >= home.today.study_button.sizeHint().width()
    window.grab().save(str(screenshot_dir / f"home_plan_{language}_{size[0]}.png"))
    window.open_rulebook(Place(TEXT_OF["15/96/M"], 5, "3"))
    page = window.rulebook
    for widget in (page.search_box, page.practise_button, page.reader, page.contents):
        assert _inside(window, widget), widget
    QApplication.processEvents()
    for button in (page.practise_button, page.back_button):
        assert button.width() >= button.sizeHint().width(), button.text()  # never cut
    window.grab().save(str(screenshot_dir / f"rulebook_{language}_{size[0]}.png"))
