"""Painted situations describe themselves: Qt's accessibility tree of each skill's drawing
holds its places, hands, tiles, cards, chips and dice, named in the trainee's language;
a part that answers is picked through the tree as a click picks it, and is marked after
the verdict (ui.widgets.accessible_parts)."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAccessible, QAccessibleInterface

import i18n
import questions
from questions import Verdict
from questions.mahjong.situation import TileHand
from ui.drawing.cards import card_name
from ui.drawing.tiles import describe_tile
from ui.situation import drawn, views
from ui.widgets.accessible_parts import PartInterface

LANGUAGES = ("en", "pt_MO", "zh_Hant_MO")
SKILLS = sorted(views())


@pytest.fixture
def language():
    before = i18n.current_language()
    yield i18n.set_language
    i18n.set_language(before)


def tree(interface: QAccessibleInterface) -> list[PartInterface]:
    """Every part below ``interface``, depth first."""
    found: list[PartInterface] = []
    for index in range(interface.childCount()):
        child = interface.child(index)
        if isinstance(child, PartInterface):
            found.append(child)
            found.extend(tree(child))
    return found


def name(part: QAccessibleInterface) -> str:
    return part.text(QAccessible.Text.Name)


def shown(qtbot, skill: str, seed: int = 1, difficulty: int = 2):
    question = questions.generate(skill, seed, difficulty)
    view = views()[skill](drawn(question))
    qtbot.addWidget(view)
    view.resize(1232, 560)
    view.show()
    qtbot.waitExposed(view)
    assert not view.grab().isNull()  # painted: the targets a click finds are registered
    return question, view


def parts_of(view) -> list[PartInterface]:
    interface = QAccessible.queryAccessibleInterface(view)
    assert interface is not None
    return tree(interface)


def pickable(view) -> dict[Any, PartInterface]:
    found = {}
    for part in parts_of(view):
        if part.state().focusable:
            found[part.part().value] = part
    return found


@pytest.mark.parametrize("skill", SKILLS)
def test_every_drawn_thing_is_a_named_part_in_three_languages(qtbot, language, skill):
    question, view = shown(qtbot, skill)
    for code in LANGUAGES:
        language(code)
        view.retranslate()
        parts = parts_of(view)
        assert parts, f"{skill}: nothing on the table for a screen reader"
        unnamed = [part.role() for part in parts if not name(part).strip()]
        assert unnamed == [], f"{skill} in {code}: parts without a name"
        for part in parts:  # every part is inside the table, and its parent knows it
            assert view.rect().adjusted(-40, -40, 40, 40).contains(
                view.mapFromGlobal(part.rect().center())), (skill, name(part))
            assert part.parent().indexOfChild(part) >= 0


@pytest.mark.parametrize("skill", SKILLS)
def test_the_parts_that_answer_are_the_options_on_the_table(qtbot, skill):
    question, view = shown(qtbot, skill)
    options = {option.value for option in question.form.options}
    on_table = set(view.target_values()) if hasattr(view, "target_values") \
        else {spot.value for spot in view.clickable_spots()}
    assert set(pickable(view)) == on_table
    assert on_table <= options


def test_a_mahjong_hand_is_read_tile_by_tile(qtbot, language):
    question, view = shown(qtbot, "mahjong.waits")
    hand = question.situation.hand if isinstance(getattr(question.situation, "hand", None),
                                                  TileHand) else None
    for code in LANGUAGES:
        language(code)
        view.retranslate()
        names = [name(part) for part in parts_of(view)]
        concealed = hand.concealed.split() if hand else []
        for tile in concealed:
            assert describe_tile(tile) in names, (code, tile)
        assert any(name.startswith(describe_tile(concealed[0])) for name in names)


def test_a_mahjong_baccarat_place_names_its_tiles_and_bet(qtbot, language):
    question, view = shown(qtbot, "mahjong_baccarat.payout")
    situation = question.situation
    language("pt_MO")
    view.retranslate()
    places = [part for part in parts_of(view) if part.role() == QAccessible.Role.Grouping]
    assert len(places) == view.places()
    betting = [part for part in places if "MOP" in name(part)]
    assert betting, [name(part) for part in places]
    for place, amount in view.bets().items():
        words = name(places[place - 1])
        assert words.startswith(f"Lugar {place}"), words
        assert i18n.format_money(amount) in words
        children = [name(places[place - 1].child(i))
                    for i in range(places[place - 1].childCount())]
        assert any(i18n.format_money(amount) in child for child in children)
    del situation


def test_cards_of_a_hand_are_children_of_its_place(qtbot, language):
    question, view = shown(qtbot, "three_card.order")
    language("zh_Hant_MO")
    view.retranslate()
    hands = [part for part in parts_of(view) if part.state().focusable]
    assert len(hands) == len(question.form.options)
    for hand in hands:
        cards = [name(hand.child(i)) for i in range(hand.childCount())]
        assert len(cards) == 3
        assert all(card in {card_name(c) for c in all_cards()} for card in cards)


def all_cards() -> list[str]:
    return [f"{rank}{suit}" for rank in ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J",
                                          "Q", "K", "A") for suit in "SHDC"]


@pytest.mark.parametrize("skill", ["mahjong.claim", "mahjong.waits", "mahjong_baccarat.first_seat",
                                   "thirteen.first_seat", "three_card.order",
                                   "thirteen.rank_hands"])
def test_picking_a_part_answers_as_a_click_and_the_verdict_marks_it(qtbot, skill):
    question, view = shown(qtbot, skill)
    parts = pickable(view)
    assert len(parts) >= 2, skill
    values = list(parts)
    given, expected = values[-1], values[0]
    with qtbot.waitSignal(view.optionPicked) as picked:
        assert parts[given].pick()
    assert picked.args == [given]
    view.show_verdict(given, Verdict(False, 0.0, expected, i18n.Message.of("x"), ()))
    after = {part.part().value: part for part in parts_of(view)
             if part.part().value in (given, expected)}
    assert after[expected].state().checked and not after[expected].state().invalidEntry
    assert after[given].state().invalidEntry and after[given].state().selected
    assert not after[given].state().focusable  # answered: nothing more to pick
    assert "right" in after[expected].text(QAccessible.Text.Description)
    assert not after[given].pick()


@pytest.mark.parametrize("skill", ["mahjong.claim", "three_card.order"])
def test_the_keyboard_moves_a_focus_among_the_parts_and_enter_picks(qtbot, skill):
    question, view = shown(qtbot, skill)
    view.setFocus()
    qtbot.waitUntil(view.hasFocus)
    interface = QAccessible.queryAccessibleInterface(view)
    qtbot.keyClick(view, Qt.Key.Key_Right)
    focused = interface.focusChild()
    assert isinstance(focused, PartInterface) and focused.state().focused
    first = focused.part().value
    qtbot.keyClick(view, Qt.Key.Key_Right)
    second = interface.focusChild().part().value
    assert second != first
    with qtbot.waitSignal(view.optionPicked) as picked:
        qtbot.keyClick(view, Qt.Key.Key_Return)
    assert picked.args == [second]
