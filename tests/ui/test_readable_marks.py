"""Readable in any light: options left after a verdict keep a text contrast of 4.5:1 or
more, and cards in an answer are at least 48 × 68 at 100 %."""

from collections import Counter

from answers_support import question_of, shown
from PySide6.QtGui import QColor

from questions import AnswerKind
from ui.answers.card_pieces import card_height, card_size


def luminance(color: QColor) -> float:
    def channel(value: float) -> float:
        return value / 12.92 if value <= 0.03928 else ((value + 0.055) / 1.055) ** 2.4
    return (0.2126 * channel(color.redF()) + 0.7152 * channel(color.greenF())
            + 0.0722 * channel(color.blueF()))


def contrast(a: QColor, b: QColor) -> float:
    light, dark = sorted((luminance(a), luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def test_options_left_after_a_verdict_stay_readable(qtbot):
    question = question_of("thirteen.first_seat", AnswerKind.CHOICE)
    control = shown(qtbot, question)
    right = question.reference_answer()
    control.show_verdict(right, question.grade(right))
    faded = next(b for b, o in zip(control.buttons, control.options, strict=True)
                 if o.value != right)
    assert not faded.isEnabled()
    image = faded.label.grab().toImage()
    counts = Counter(image.pixel(x, y) for x in range(image.width())
                     for y in range(image.height()))
    background = QColor.fromRgb(counts.most_common(1)[0][0])
    ink = min((QColor.fromRgb(rgb) for rgb in counts), key=luminance)
    assert contrast(ink, background) >= 4.5, (ink.name(), background.name())


def test_answer_cards_are_at_least_48_by_68(qtbot):
    control = shown(qtbot, question_of("thirteen.misdeal", AnswerKind.MOVES))
    size = card_size(card_height(control))
    assert size.width() >= 48 and size.height() >= 68


def test_right_and_wrong_on_the_table_carry_a_mark_not_only_a_colour(qtbot, window,
                                                                      screenshot_dir):
    from PySide6.QtGui import QColor

    from tests.ui.modes_support import click_on_table, start_practice
    from ui.situation.felt import RIGHT, WRONG

    quiz = start_practice(qtbot, window, ["thirteen.first_seat"])
    question = quiz.question()
    wrong = next(o.value for o in question.form.options if o.value != question.reference_answer())
    click_on_table(qtbot, quiz, wrong)
    image = quiz.panel.situation.grab().toImage()
    window.grab().save(str(screenshot_dir / "verdict_marks_on_the_table.png"))
    for colour in (RIGHT, WRONG):  # each outline wears its mark: white ✔ / ✘ in a pill
        points = [(x, y) for x in range(image.width()) for y in range(image.height())
                  if QColor(image.pixel(x, y)) == colour]
        right_edge, top = max(x for x, _y in points), min(y for _x, y in points)
        corner = [QColor(image.pixel(x, y)) for x in range(right_edge - 30, right_edge + 1)
                  for y in range(max(0, top - 5), top + 25)]
        assert any(c.lightness() > 240 for c in corner), colour.name()


def test_mahjong_marks_wear_a_tick_too(qtbot):
    import questions
    from ui.situation import situation_view
    from ui.situation.mahjong_canvas import RIGHT

    question = next(q for q in (questions.generate("mahjong.wall", seed, 1) for seed in range(40))
                    if q.form.kind is AnswerKind.CHOICE)
    view = situation_view(question)
    qtbot.addWidget(view)
    view.resize(900, 600)
    view.show()
    right = question.reference_answer()
    wrong = next(o.value for o in question.form.options if o.value != right)
    view.show_verdict(wrong, question.grade(wrong))
    image = view.grab().toImage()
    ticks = sum(QColor(image.pixel(x, y)) == RIGHT for x in range(0, image.width(), 1)
                for y in range(0, image.height(), 1))
    assert ticks > 20  # the ✔ pill's green, which no rim on the felt uses


def test_the_bankers_tiers_say_right_or_wrong_in_words_too(qtbot):
    from tests.questions.mutations import mutate

    question = question_of("thirteen.house_way", AnswerKind.ARRANGEMENT)
    control = shown(qtbot, question)
    given = mutate(question, question.reference_answer())
    control.show_given(given)
    control.show_verdict(given, question.grade(given))
    titles = [control.rows[tier].title.text() for tier in ("front", "middle", "back")]
    assert all(t.startswith(("✔ ", "✘ ")) for t in titles) and any("✘" in t for t in titles)


def test_moved_cards_wear_a_tick_or_a_cross(qtbot):
    question = question_of("thirteen.misdeal", AnswerKind.MOVES,
                           lambda q: len(q.reference_answer()["moves"]) >= 2)
    control = shown(qtbot, question)
    (card, place), (other, _right_place) = question.reference_answer()["moves"][:2]
    control.choose_action("rectify")
    control.move(card, place)
    wrong_place = next(p for p in range(1, 5) if p not in (_right_place,
                                                           control.place_of(other)))
    control.move(other, wrong_place)
    given = control.answer()
    control.show_verdict(given, question.grade(given))
    assert control.pieces[card].caption.text().startswith("✔")
    assert control.pieces[other].caption.text().startswith("✘")
