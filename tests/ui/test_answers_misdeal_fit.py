"""The answered misdeal question in the real window: at 1280×800 the situation, the answer
control, the verdict and its explanation all show without scrolling the page, in every
language and for every ruling (continue, cards moved, cancel); the actions' texts wrap
inside their buttons rather than being cut.

Pictures for a person to look at: tests/screenshots/misdeal-<size>-<language>-<outcome>-
level<n>.png, at 1280×800 and 1920×1080.
"""

import pytest
from modes_support import answer_with_mouse, click, open_home, seed_for, use_seeds
from PySide6.QtCore import QEvent, QPoint, QRect, Qt
from PySide6.QtWidgets import QApplication, QRadioButton, QStyle, QWidget

import i18n
from questions import AnswerKind
from ui.answers.common import STYLE
from ui.answers.option_button import OptionRadio
from ui.palette import styled

SKILL = "thirteen.misdeal"
SIZES = {"1280x800": (1280, 800), "1920x1080": (1920, 1080)}
OUTCOMES = {
    "continue": lambda q: q.reference_answer()["action"] == "continue",
    "moves": lambda q: q.reference_answer()["action"] == "rectify"
    and len(q.reference_answer()["moves"]) >= 2,
    "cancel": lambda q: q.reference_answer()["action"] == "cancel",
}
#: Room left between a label and its button's edge.
MARGIN = 4


def _settle() -> None:
    """As the event loop would: lay out, delete what went."""
    QApplication.processEvents()
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    QApplication.processEvents()


def _on_screen(window: QWidget, widget: QWidget) -> bool:
    """``widget`` is shown whole inside the window."""
    where = QRect(widget.mapTo(window, QPoint(0, 0)), widget.size())
    return widget.isVisible() and window.rect().contains(where)


def _label_fits(radio: QRadioButton) -> bool:
    """The radio's text fits its button: on one line beside the indicator, or wrapped over
    lines that all fit the room the button draws them in, with margins to its edges."""
    style, metrics = radio.style(), radio.fontMetrics()
    indicator = (style.pixelMetric(QStyle.PixelMetric.PM_ExclusiveIndicatorWidth, None, radio)
                 + style.pixelMetric(QStyle.PixelMetric.PM_RadioButtonLabelSpacing, None, radio))
    if indicator + metrics.horizontalAdvance(radio.text()) + 2 * MARGIN <= radio.width():
        return True
    if not isinstance(radio, OptionRadio):
        return False  # a plain radio button never wraps: the text is cut
    room = radio.label_rect()
    inside = radio.rect().adjusted(indicator, 0, -MARGIN, 0)
    lines = metrics.boundingRect(room, Qt.TextFlag.TextWordWrap, radio.text())
    return inside.contains(room) and room.contains(lines)


@pytest.mark.parametrize("level", [2, 3])
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_the_answered_misdeal_fits_the_window(qtbot, window, monkeypatch, screenshot_dir,
                                              language, size, level):
    window.resize(*SIZES[size])
    window.switch_language(language)
    home = open_home(qtbot, window)
    for outcome, wanted in OUTCOMES.items():
        use_seeds(monkeypatch, seed_for(SKILL, AnswerKind.MOVES, wanted, level))
        click(qtbot, home.buttons["practice"])
        window.practice_setup.picker.choose_skills([SKILL])
        window.practice_setup.picker.level.setCurrentIndex(level - 1)
        click(qtbot, window.practice_setup.start_button)
        answer_with_mouse(qtbot, window.quiz)
        _settle()
        picture = screenshot_dir / f"misdeal-{size}-{language}-{outcome}-level{level}.png"
        assert window.grab().save(str(picture))

        panel = window.quiz.panel
        control = panel.answer_input
        assert panel.result.text().startswith("✔"), panel.result.text()
        page = panel.body
        assert page.verticalScrollBar().maximum() == 0, f"{outcome}: the page scrolls"
        assert not page.horizontalScrollBar().isVisible(), f"{outcome}: the page scrolls"
        assert panel.holder.height() <= page.viewport().height()
        for part in (panel.situation, control, panel.result, panel.explanation_area):
            assert _on_screen(window, part), f"{outcome}: {type(part).__name__} is cut"
        [rectify] = [radio for radio, option in zip(control.radios, control.options,
                                                    strict=True) if option.value == "rectify"]
        assert _label_fits(rectify), f"{outcome}: {rectify.text()!r} does not fit"
        assert all(_label_fits(radio) for radio in control.radios)
        click(qtbot, window.quiz.back_button)


def test_a_squeezed_action_is_caught(qtbot):
    """The check above fails for a radio button too narrow for its text (styled as the
    answer controls style them)."""
    radio = QRadioButton("Rectify: give each misdealt card to its place")
    styled(radio, STYLE)
    qtbot.addWidget(radio)
    radio.resize(120, radio.sizeHint().height())
    assert not _label_fits(radio)
    wrapping = OptionRadio()
    styled(wrapping, STYLE)
    wrapping.setText(radio.text())
    qtbot.addWidget(wrapping)
    wrapping.resize(120, wrapping.heightForWidth(120))
    assert _label_fits(wrapping)
    wrapping.resize(120, wrapping.fontMetrics().height())  # one line's height: cut
    assert not _label_fits(wrapping)
