"""Each answer control under its question and table, in every language, at both sizes.

The pictures (tests/screenshots/answers_*.png) are for a person to look at: no clipped
text, no boxes for Chinese, nothing overlapping. The test checks what a machine can: the
control fits in the window with its situation, and every label fits its width.
"""

import pytest
from answers_support import question_of
from PySide6.QtWidgets import QAbstractButton, QLabel, QVBoxLayout, QWidget

import i18n
from questions import AnswerKind
from ui.answers import answer_input
from ui.answers.option_button import OptionButton
from ui.language import LanguageSwitcher
from ui.situation import situation_view

LANGUAGES = ("en", "pt_MO", "zh_Hant_MO")
SIZES = ((1280, 800), (1920, 1080))
EXAMPLES = {
    AnswerKind.CHOICE: ("sap_i_chi.procedure", None),
    AnswerKind.ORDERING: ("thirteen.rank_hands", lambda q: len(q.form.options) == 4),
    AnswerKind.AMOUNT: ("thirteen.payout", None),
    AnswerKind.CHOICES: ("mahjong.fan", lambda q: len(q.form.options) >= 8),
    AnswerKind.MOVES: ("thirteen.misdeal", lambda q: q.difficulty == 3
                       and len(q.reference_answer()["moves"]) >= 2),
    AnswerKind.ARRANGEMENT: ("thirteen.house_way", lambda q: q.difficulty == 2),
    AnswerKind.RULING: ("mahjong_baccarat.procedure",
                        lambda q: len(q.reference_answer()["reasons"]) >= 2),
}


def _wrong_answer(control, question):
    """A wrong answer given through the control, to show the verdict's marks."""
    kind = question.form.kind
    reference = question.reference_answer()
    if kind is AnswerKind.CHOICE:
        return next(o.value for o in question.form.options if o.value != reference)
    if kind is AnswerKind.ORDERING:
        return tuple(reversed(reference))
    if kind is AnswerKind.AMOUNT:
        control.edit.setText("1")
        return "1"
    if kind is AnswerKind.CHOICES:
        values = [o.value for o in question.form.options]
        given = [v for v in values if v not in reference][:1] + list(reference)[:1]
        for box, value in zip(control.boxes, values, strict=True):
            box.setChecked(value in given)
        return given
    if kind is AnswerKind.RULING:  # the right ruling, one reason missed and one wrong
        wrong = [o.value for o in question.form.reasons if o.value not in reference["reasons"]]
        given = {"ruling": reference["ruling"],
                 "reasons": sorted(reference["reasons"], key=str)[1:] + wrong[:1]}
        control.show_given(given)
        return given
    if kind is AnswerKind.MOVES:
        control.choose_action("rectify")
        card, place = reference["moves"][0]
        control.move(card, place)
        return control.answer()
    cards = [c for tier in ("front", "middle", "back") for c in reference[tier]]
    for card, tier in zip(cards, ["back"] * 5 + ["middle"] * 5 + ["front"] * 3, strict=True):
        control.send(card, tier)
    return control.answer()


def _screen(qtbot, question, size):
    host = QWidget()
    qtbot.addWidget(host)
    prompt = QLabel(str(question.prompt))
    prompt.setWordWrap(True)
    prompt.setStyleSheet("font-size: 13pt; font-weight: 600;")
    table = situation_view(question)
    control = answer_input(question)
    layout = QVBoxLayout(host)
    layout.setContentsMargins(24, 16, 24, 16)
    layout.addWidget(prompt)
    layout.addWidget(table, 1)
    layout.addWidget(control)
    host.resize(*size)
    host.show()
    qtbot.waitExposed(host)
    qtbot.wait(30)  # the cards take their size from the width the control gets
    return host, table, control


def _clipped(control) -> list[str]:
    """Texts on one line (labels, radio and check boxes, buttons) given less room than
    they need; the option buttons wrap their labels and are left out."""
    shown = [w for w in control.findChildren(QWidget) if w.isVisible()]
    one_line = [w for w in shown if (isinstance(w, QLabel) and not w.wordWrap() and w.text())
                or (isinstance(w, QAbstractButton) and not isinstance(w, OptionButton))]
    return [w.text() for w in one_line if w.width() + 1 < w.minimumSizeHint().width()]


@pytest.mark.parametrize("kind", list(EXAMPLES), ids=lambda k: k.value)
@pytest.mark.parametrize("language", LANGUAGES)
def test_screenshots_of_every_control(qtbot, qapp, screenshot_dir, kind, language):
    skill, accept = EXAMPLES[kind]
    question = question_of(skill, kind, accept)
    LanguageSwitcher(qapp).switch(language)
    try:
        for width, height in SIZES:
            host, table, control = _screen(qtbot, question, (width, height))
            host.grab().save(str(screenshot_dir
                                 / f"answers_{kind.value}_{language}_{width}x{height}.png"))
            assert control.height() >= control.minimumSizeHint().height()
            assert table.height() >= 160, "the answer leaves the table no room"
            assert _clipped(control) == []
            if width == 1280 and kind is AnswerKind.AMOUNT:  # the inline message
                control.edit.setText("12,34,5")
                qtbot.wait(10)
                assert control.problem.isVisible()
                host.grab().save(str(screenshot_dir / f"answers_amount_problem_{language}.png"))
            if width == 1280:
                given = _wrong_answer(control, question)
                control.show_verdict(given, question.grade(given))
                qtbot.wait(10)
                host.grab().save(str(screenshot_dir
                                     / f"answers_{kind.value}_answered_{language}.png"))
                assert _clipped(control) == []
            host.close()
    finally:
        i18n.set_language("en")
