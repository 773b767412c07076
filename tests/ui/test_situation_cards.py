"""The card games' and Sap I Chi's situations drawn: every skill, level and language."""

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QImage

import i18n
import questions
from questions.model import AnswerForm, AnswerKind, Question
from trainer.rules.house import HouseRules
from ui.language import LanguageSwitcher
from ui.situation import SituationTable, situation_view, views
from ui.situation.felt import FeltView

GAMES = ("thirteen", "three_card", "sap_i_chi")
SKILLS = [skill for skill in questions.skills() if skill.split(".")[0] in GAMES]
LANGUAGES = ("en", "pt_MO", "zh_Hant_MO")
SIZES = ((1280, 800), (1920, 1080))


def _shown(qtbot, question: Question, size: tuple[int, int] = (960, 520)):
    view = situation_view(question)
    qtbot.addWidget(view)
    view.resize(*size)
    view.show()
    qtbot.waitExposed(view)
    return view


def _distinct_colours(image: QImage) -> int:
    step = max(1, image.width() // 60)
    return len({image.pixel(x, y) for x in range(0, image.width(), step)
                for y in range(0, image.height(), step)})


def test_every_card_skill_has_its_own_drawing():
    drawn = views()
    for skill in SKILLS:
        assert issubclass(drawn[skill], FeltView), skill


@pytest.mark.parametrize("skill", SKILLS)
def test_every_level_and_many_seeds_paint(qtbot, skill):
    for difficulty in (1, 2, 3):
        for seed in range(6):
            question = questions.generate(skill, seed, difficulty)
            view = _shown(qtbot, question, (900 + 40 * seed, 440 + 30 * difficulty))
            image = view.grab().toImage()
            assert not image.isNull()
            assert _distinct_colours(image) > 12, (skill, seed, difficulty)
            view.close()


def test_a_skill_without_a_drawing_is_a_translated_table(qtbot):
    question = Question("thirteen.no_such_skill", 1, 1, {"dice": [1, 2, 3, 4], "card": 3,
                                                         "identifiable": True},
                        questions.generate("thirteen.first_seat", 1, 1).prompt,
                        AnswerForm(AnswerKind.CHOICE), HouseRules())
    view = _shown(qtbot, question)
    assert isinstance(view, SituationTable)
    assert view.table.item(0, 0).text() == "Dice"
    assert view.table.item(0, 1).text() == "1, 2, 3, 4"
    assert view.table.item(2, 1).text() == "yes"


def _spot(view, value):
    return next(spot for spot in view.spots() if spot.value == value)


def test_places_sit_counterclockwise_from_the_banker_and_click_to_answer(qtbot):
    question = questions.generate("thirteen.first_seat", 3, 3)
    view = _shown(qtbot, question)
    centres = {place: _spot(view, place).rect.center() for place in (1, 2, 3, 4)}
    middle = view.rect().center()
    assert centres[1].y() > middle.y()  # the banker at the bottom, the trainee's seat
    assert centres[2].x() > middle.x()  # his right
    assert centres[3].y() < middle.y()  # opposite
    assert centres[4].x() < middle.x()  # his left
    for place in (1, 2, 3, 4):
        with qtbot.waitSignal(view.optionPicked) as picked:
            qtbot.mouseClick(view, Qt.MouseButton.LeftButton, pos=centres[place].toPoint())
        assert picked.args == [place]


def test_places_are_picked_from_the_keyboard(qtbot):
    view = _shown(qtbot, questions.generate("thirteen.first_seat", 4, 1))
    view.activateWindow()
    view.setFocus()
    qtbot.waitUntil(view.hasFocus)
    qtbot.keyClick(view, Qt.Key.Key_Right)  # from place 1 onwards, counterclockwise
    with qtbot.waitSignal(view.optionPicked) as picked:
        qtbot.keyClick(view, Qt.Key.Key_Return)
    assert picked.args == [2]


def test_tier_winner_sides_are_clickable(qtbot):
    question = questions.generate("thirteen.tier_winner", 2, 2)
    view = _shown(qtbot, question)
    player = question.situation.place
    assert {spot.value for spot in view.spots()} == {"player", "banker"}
    with qtbot.waitSignal(view.optionPicked) as picked:
        qtbot.mouseClick(view, Qt.MouseButton.LeftButton,
                         pos=_spot(view, "player").rect.center().toPoint())
    assert picked.args == ["player"]
    assert view.layout().frames[player].contains(_spot(view, "player").rect.center())
    with qtbot.waitSignal(view.optionPicked) as picked:
        qtbot.mouseClick(view, Qt.MouseButton.LeftButton,
                         pos=_spot(view, "banker").rect.center().toPoint())
    assert picked.args == ["banker"]


def test_after_the_verdict_the_table_no_longer_answers(qtbot):
    question = questions.generate("thirteen.first_seat", 5, 2)
    view = _shown(qtbot, question)
    expected = question.reference_answer()
    wrong = expected % 4 + 1
    view.show_verdict(wrong, question.grade(wrong))
    with qtbot.assertNotEmitted(view.optionPicked):
        qtbot.mouseClick(view, Qt.MouseButton.LeftButton,
                         pos=_spot(view, expected).rect.center().toPoint())
    assert not view.grab().isNull()


@pytest.mark.parametrize(("skill", "difficulty", "values"), [
    ("thirteen.rank_hands", 2, {"A", "B", "C", "D"}),
    ("three_card.order", 1, {"player", "banker"}),
    ("three_card.order", 3, {1, 2, 3, 4}),
])
def test_hands_that_are_options_are_clickable(qtbot, skill, difficulty, values):
    question = questions.generate(skill, 7, difficulty)
    view = _shown(qtbot, question)
    spots = {spot.value for spot in view.spots()}
    option_values = {option.value for option in question.form.options}
    assert spots & option_values >= values & option_values
    for value in sorted(spots & option_values, key=str):
        with qtbot.waitSignal(view.optionPicked) as picked:
            qtbot.mouseClick(view, Qt.MouseButton.LeftButton,
                             pos=_spot(view, value).rect.center().toPoint())
        assert picked.args == [value]


def test_views_without_options_on_the_table_take_no_clicks(qtbot):
    for skill in ("thirteen.showdown", "thirteen.payout", "sap_i_chi.payout",
                  "three_card.classify"):
        view = _shown(qtbot, questions.generate(skill, 1, 2))
        with qtbot.assertNotEmitted(view.optionPicked):
            qtbot.mouseClick(view, Qt.MouseButton.LeftButton, pos=view.rect().center())
        assert view.focusPolicy() == Qt.FocusPolicy.NoFocus


@pytest.mark.parametrize("skill", ["sap_i_chi.payout", "thirteen.misdeal", "thirteen.payout",
                                   "three_card.payout", "sap_i_chi.procedure"])
def test_switching_language_repaints_the_words(qtbot, qapp, skill):
    view = _shown(qtbot, questions.generate(skill, 2, 3))
    switcher = LanguageSwitcher(qapp)
    grabs = {}
    for language in LANGUAGES:
        switcher.switch(language)
        assert i18n.current_language() == language
        grabs[language] = view.grab().toImage()
    switcher.switch("en")
    assert grabs["en"] != grabs["zh_Hant_MO"]
    assert grabs["en"] != grabs["pt_MO"]
    assert view.accessibleName() == str(questions.skill(skill).title)


def test_fallback_table_retranslates(qtbot, qapp):
    question = Question("sap_i_chi.unknown", 1, 1, {"drawn": 3}, questions.generate(
        "sap_i_chi.payout", 1, 1).prompt, AnswerForm(AnswerKind.CHOICE), HouseRules())
    view = _shown(qtbot, question)
    english = view.table.item(0, 0).text()
    LanguageSwitcher(qapp).switch("zh_Hant_MO")
    assert view.heading.text()
    LanguageSwitcher(qapp).switch("en")
    assert view.table.item(0, 0).text() == english == "Number drawn"


@pytest.mark.parametrize("language", LANGUAGES)
def test_screenshots_of_every_skill(qtbot, qapp, screenshot_dir, language):
    switcher = LanguageSwitcher(qapp)
    switcher.switch(language)
    for skill in SKILLS:
        question = questions.generate(skill, 3, 3 if skill != "three_card.order" else 1)
        for width, height in SIZES:
            view = _shown(qtbot, question, (width, height))
            name = f"situation_{skill.replace('.', '_')}_{language}_{width}x{height}.png"
            assert view.grab().save(str(screenshot_dir / name))
            view.close()
    switcher.switch("en")


def test_the_place_of_the_sap_i_chi_bet_asked_about_is_the_one_outlined(qtbot):
    """``asked`` is the bet's index on the board, not a place: the slips outlined are
    those of the place of that bet."""
    outlined = 0
    for seed in range(20):
        question = questions.generate("sap_i_chi.payout", seed, 2)
        board = question.situation
        place = board.bets[board.asked].place
        view = _shown(qtbot, question)
        assert view.asked_place() == place
        outlined += place != board.asked
    assert outlined  # seeds where the index and the place differ
    whole = questions.generate("sap_i_chi.payout", 1, 3)
    assert _shown(qtbot, whole).asked_place() is None
