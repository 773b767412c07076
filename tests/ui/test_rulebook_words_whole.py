"""The rulebook's search snippets and its contents are cut between words, never inside one
(issue: real screens)."""

from __future__ import annotations

from ui.rulebook.search import _AROUND, _extract

TEXT = ("O banqueiro distribui as cartas uma a uma, em sentido contrário ao dos ponteiros do "
        "relógio, começando pelo lugar indicado pela soma dos quatro dados lançados")


def test_a_snippet_starts_and_ends_on_whole_words():
    at = TEXT.index("ponteiros")
    snippet = _extract(TEXT, at, len("ponteiros"))
    assert snippet.startswith("…") and snippet.endswith("…")
    inner = snippet.strip("…")
    words = TEXT.split()
    assert all(word in words for word in inner.split()), inner
    assert "ponteiros" in inner


def test_a_snippet_of_a_text_without_spaces_is_cut_between_characters():
    chinese = "庄家把牌逐張派出" * 20
    snippet = _extract(chinese, 60, 2)
    assert snippet.startswith("…") and snippet.endswith("…")
    assert len(snippet.strip("…")) == 2 + 2 * _AROUND


def test_a_hit_near_the_start_keeps_the_start():
    snippet = _extract(TEXT, 2, 9)
    assert snippet.startswith("O banqueiro") and not snippet.startswith("…")


def test_the_contents_wrap_rather_than_cut(qtbot):
    from PySide6.QtCore import Qt

    from ui.rulebook.page import RulebookPage

    page = RulebookPage()
    qtbot.addWidget(page)
    assert page.contents.wordWrap()
    assert page.contents.textElideMode() == Qt.TextElideMode.ElideNone
