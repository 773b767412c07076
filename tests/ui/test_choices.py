"""A drop-down list refilled in another language asks for the width of its new words: Qt's
own combo box keeps the minimum width it measured first."""

from __future__ import annotations

from ui.widgets.choices import Choices

ENGLISH = ["1 · Basic", "2 · Table", "3 · Expert"]
CHINESE = ["1 · 基本", "2 · 枱面", "3 · 熟手"]


def fresh(texts: list[str]) -> Choices:
    combo = Choices()
    combo.addItems(texts)
    return combo


def refilled(first: list[str], then: list[str]) -> Choices:
    combo = fresh(first)
    combo.minimumSizeHint()  # measured (and, by Qt, kept) in the first words
    combo.clear()
    combo.addItems(then)
    return combo


def test_shorter_words_ask_for_less(qapp):
    wide, narrow = fresh(ENGLISH).minimumSizeHint(), fresh(CHINESE).minimumSizeHint()
    assert narrow.width() < wide.width()  # else this test could not tell
    assert refilled(ENGLISH, CHINESE).minimumSizeHint() == narrow


def test_longer_words_ask_for_more(qapp):
    assert refilled(CHINESE, ENGLISH).minimumSizeHint() == fresh(ENGLISH).minimumSizeHint()


def test_the_practice_level_follows_the_language(qtbot, window):
    level = window.practice_setup.picker.level
    level.minimumSizeHint()
    window.switch_language("zh_Hant_MO")
    words = [level.itemText(i) for i in range(level.count())]
    assert words[0] != "1 · Basic"
    assert level.minimumSizeHint() == fresh(words).minimumSizeHint()
