"""The Mahjong Baccarat and Mah-Jong tables: every skill drawn, clicked and re-translated."""

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt

import questions
from ui.language import LanguageSwitcher
from ui.situation import drawn
from ui.situation.base import SituationView
from ui.situation.tiles_games import VIEWS

SKILLS = sorted(skill for skill in questions.skills()
                if skill.split(".")[0] in ("mahjong", "mahjong_baccarat"))
SIZES = {"1280x800": (1232, 440), "1920x1080": (1872, 660)}


def make_view(qtbot, skill, seed, difficulty, size=SIZES["1280x800"]):
    question = questions.generate(skill, seed, difficulty)
    view = VIEWS[skill](drawn(question))  # a chip form's table is its typed skill's
    qtbot.addWidget(view)
    view.resize(*size)
    assert not view.grab().isNull()  # paints, and registers what can be clicked
    return question, view


def click(qtbot, view, point: QPointF):
    qtbot.mouseClick(view, Qt.MouseButton.LeftButton,
                     pos=QPoint(round(point.x()), round(point.y())))


def centre_of(view, value) -> QPointF:
    shape = view.target_shape(value)
    assert shape is not None, value
    return shape.boundingRect().center()


def test_every_tile_skill_has_a_view():
    assert set(VIEWS) == set(SKILLS)
    assert len(SKILLS) == 20  # 15, and 5 money skills' chip forms
    assert all(issubclass(view, SituationView) for view in VIEWS.values())


@pytest.mark.parametrize("skill", SKILLS)
def test_each_view_paints_for_seeds_and_levels(qtbot, skill):
    for difficulty in (1, 2, 3):
        for seed in range(5):
            question, view = make_view(qtbot, skill, seed, difficulty)
            assert view.accessibleName()
            view.resize(560, 320)  # small, and large
            assert not view.grab().isNull()
            view.resize(*SIZES["1920x1080"])
            verdict = question.grade(question.reference_answer())
            view.show_verdict(question.reference_answer(), verdict)
            assert not view.grab().isNull()


@pytest.mark.parametrize("skill", SKILLS)
def test_clicking_what_is_drawn_picks_that_option(qtbot, skill):
    """Every clickable thing on the table emits an option of the question's own form."""
    for difficulty in (1, 2, 3):
        for seed in range(4):
            question, view = make_view(qtbot, skill, seed, difficulty)
            options = [option.value for option in question.form.options]
            for value in view.target_values():
                assert value in options
                with qtbot.waitSignal(view.optionPicked) as picked:
                    click(qtbot, view, centre_of(view, value))
                assert picked.args == [value]


def test_the_dice_place_is_clicked_on_the_table(qtbot):
    question, view = make_view(qtbot, "mahjong_baccarat.first_seat", 3, 1)
    table = view.table_rect(view.rect().toRectF())
    for place in (1, 2, 6, 10):
        with qtbot.waitSignal(view.optionPicked) as picked:
            click(qtbot, view, view.place_rect(table, place).center())
        assert picked.args == [place]
    # places go counterclockwise: place 2 is right of the banker, place 10 left of him
    centre = table.center()
    assert view.place_rect(table, 1).center().y() > centre.y()
    assert view.place_rect(table, 2).center().x() > view.place_rect(table, 1).center().x()
    assert view.place_rect(table, 10).center().x() < view.place_rect(table, 1).center().x()
    assert view.place_rect(table, 6).center().y() < centre.y()


def test_the_banker_and_the_place_answer_who_wins(qtbot):
    question, view = make_view(qtbot, "mahjong_baccarat.compare", 3, 1)
    assert set(view.target_values()) == {"player", "banker"}
    table = view.table_rect(view.rect().toRectF())
    with qtbot.waitSignal(view.optionPicked) as picked:
        click(qtbot, view, view.place_rect(table, 1).center())
    assert picked.args == ["banker"]
    with qtbot.waitSignal(view.optionPicked) as picked:
        click(qtbot, view, view.place_rect(table, question.situation.place).center())
    assert picked.args == ["player"]


def test_all_places_beating_the_banker_are_clicked_one_by_one(qtbot):
    question, view = make_view(qtbot, "mahjong_baccarat.compare", 3, 3)
    assert sorted(view.target_values()) == list(range(2, 11))


def test_a_claim_is_a_button_at_the_seat(qtbot):
    question, view = make_view(qtbot, "mahjong.claim", 1, 1)
    values = view.target_values()
    assert "nobody" in values
    discarder = question.situation.discarder
    assert not any(value.startswith(discarder + "-") for value in values)
    with qtbot.waitSignal(view.optionPicked) as picked:
        click(qtbot, view, centre_of(view, "W-pung"))
    assert picked.args == ["W-pung"]


def test_the_wall_and_the_seat_are_clicked(qtbot):
    question, view = make_view(qtbot, "mahjong.wall", 1, 1)
    assert question.situation.ask == "wall"
    assert sorted(view.target_values()) == ["E", "N", "S", "W"]
    ring_south = view.target_shape("S").boundingRect()
    assert ring_south.center().x() > view.target_shape("N").boundingRect().center().x()
    assert view.target_shape("E").boundingRect().center().y() > \
        view.target_shape("W").boundingRect().center().y()
    _question, view = make_view(qtbot, "mahjong.wall", 1, 3)
    assert sorted(view.target_values()) == ["E", "N", "S", "W"]


def test_the_first_stack_is_clicked_in_the_wall(qtbot):
    for seed in range(12):
        question = questions.generate("mahjong.wall", seed, 2)
        if question.situation.ask == "first_stack":
            break
    _question, view = make_view(qtbot, "mahjong.wall", seed, 2)
    stacks = 17 if question.situation.variant == "conventional" else 14
    assert sorted(set(view.target_values())) == list(range(1, stacks + 1))


def test_candidate_tiles_are_clicked(qtbot):
    question, view = make_view(qtbot, "mahjong.waits", 1, 3)
    assert view.target_values() == list(question.situation.candidates)
    with qtbot.waitSignal(view.optionPicked) as picked:
        click(qtbot, view, centre_of(view, "9p"))
    assert picked.args == ["9p"]


def test_keyboard_moves_round_the_options_and_enter_picks(qtbot):
    question, view = make_view(qtbot, "mahjong_baccarat.first_seat", 2, 1)
    view.show()
    qtbot.waitExposed(view)
    view.setFocus()
    qtbot.keyClick(view, Qt.Key.Key_Right)
    qtbot.keyClick(view, Qt.Key.Key_Right)
    with qtbot.waitSignal(view.optionPicked) as picked:
        qtbot.keyClick(view, Qt.Key.Key_Return)
    assert picked.args == [view.target_values()[1]]
    qtbot.keyClick(view, Qt.Key.Key_Left)
    with qtbot.waitSignal(view.optionPicked) as picked:
        qtbot.keyClick(view, Qt.Key.Key_Space)
    assert picked.args == [view.target_values()[0]]


def test_after_the_verdict_nothing_is_picked_and_the_answer_is_marked(qtbot):
    question, view = make_view(qtbot, "mahjong_baccarat.first_seat", 3, 1)
    expected = question.reference_answer()
    wrong = next(o.value for o in question.form.options if o.value != expected)
    view.show_verdict(wrong, question.grade(wrong))
    assert view.mark(expected) is not None and view.mark(wrong) is not None
    assert view.mark(expected) != view.mark(wrong)
    view.grab()
    assert view.target_values() == []
    with qtbot.assertNotEmitted(view.optionPicked):
        table = view.table_rect(view.rect().toRectF())
        click(qtbot, view, view.place_rect(table, expected).center())


def test_views_retranslate_live(qtbot, qapp):
    switcher = LanguageSwitcher(qapp)
    try:
        views = []
        for skill in SKILLS:
            _question, view = make_view(qtbot, skill, 1, 2)
            view.show()
            views.append(view)
        for language in ("pt_MO", "zh_Hant_MO", "en"):
            switcher.switch(language)
            for view in views:
                assert view.accessibleName()
                assert not view.grab().isNull()
    finally:
        switcher.switch("en")


#: One question per skill that shows most of what its view draws.
SHOWN = {
    "mahjong_baccarat.first_seat": (1, 3), "mahjong_baccarat.compare": (1, 3),
    "mahjong_baccarat.payout": (1, 3), "mahjong_baccarat.settlement": (1, 3),
    "mahjong_baccarat.bank": (1, 3), "mahjong_baccarat.procedure": (1, 3),
    "mahjong.waits": (1, 3), "mahjong.claim": (2, 3), "mahjong.claim_calls": (2, 3),
    "mahjong.claim_options": (2, 3), "mahjong.fan": (2, 3),
    "mahjong.wall": (1, 3), "mahjong.payments": (1, 3), "mahjong.liability": (1, 3),
    "mahjong.conduct": (11, 3),
}


@pytest.mark.parametrize("language", ["en", "pt_MO", "zh_Hant_MO"])
def test_screenshots_saved(qtbot, qapp, screenshot_dir, language):
    switcher = LanguageSwitcher(qapp)
    try:
        switcher.switch(language)
        for skill, (seed, difficulty) in SHOWN.items():
            for size_name, size in SIZES.items():
                _question, view = make_view(qtbot, skill, seed, difficulty, size)
                name = f"situation-{skill.replace('.', '-')}-{size_name}-{language}.png"
                assert view.grab().save(str(screenshot_dir / name))
    finally:
        switcher.switch("en")
