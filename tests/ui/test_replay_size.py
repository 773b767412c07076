"""The replay keeps the table at a readable size: never smaller than the practice page
draws it (the situation's own minimum); a small desk scrolls it instead."""

import pytest
from PySide6.QtCore import Qt

from tests.ui.test_desk import open_answers_of

pytest_plugins = ["tests.ui.desk_support"]
LEFT = Qt.MouseButton.LeftButton


def replay_of(qtbot, desk, skill):
    attempts = open_answers_of(qtbot, desk, "Chan Tai Man")
    row = next(r for r, a in enumerate(attempts.model.attempts) if a.skill == skill)
    attempts.table.selectRow(row)
    qtbot.mouseClick(attempts.open_button, LEFT)
    assert attempts.stack.currentWidget() is attempts.replay_page
    return attempts.replay


@pytest.mark.parametrize("skill", ["thirteen.misdeal", "mahjong_baccarat.payout"])
@pytest.mark.parametrize("language", ["en", "zh_Hant_MO"])
def test_a_small_desk_scrolls_the_table_rather_than_shrink_it(qtbot, desk, switcher, skill,
                                                              language):
    switcher.switch(language)
    replay = replay_of(qtbot, desk, skill)
    readable = replay.situation.minimumSizeHint()
    for width, height in ((1280, 800), (1024, 600), (800, 480)):
        desk.resize(width, height)
        qtbot.waitUntil(lambda: replay.situation.height() >= readable.height())
        size = replay.situation.size()
        assert size.width() >= readable.width() and size.height() >= readable.height()
    area = replay.table_area
    if area.viewport().height() < replay.situation.height():
        assert area.verticalScrollBar().maximum() > 0  # what does not fit can be scrolled to
    desk.grab().save(f"/tmp/replay-{language}-{skill}.png")


def test_the_table_is_not_squeezed_under_its_minimum_at_the_usual_size(qtbot, desk):
    """At 1280 × 800 the table used to get a share of the height below its own minimum."""
    replay = replay_of(qtbot, desk, "thirteen.misdeal")
    qtbot.waitUntil(lambda: replay.splitter.sizes()[0] > 0)
    assert replay.table_area.verticalScrollBar().maximum() == 0  # all of it in view
    assert replay.situation.height() >= replay.situation.minimumSizeHint().height()
